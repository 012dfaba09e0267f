"""Abbreviations for names too long for a counter, and the legend that explains them.

Only whole words are shortened, and only when the full name does not fit; every abbreviation
used in a module is listed in its "Abbreviations on counters" chart.
"""
from __future__ import annotations

import re

#: word (case-insensitive) -> abbreviation; the first letter keeps the word's case.
ABBREVIATIONS = {
    "armored": "armd", "armoured": "armd", "artillery": "arty", "battalion": "bn", "battery": "bty",
    "brigade": "bde", "cavalry": "cav", "commando": "cdo", "company": "co", "destroyer": "dest",
    "division": "div", "divisions": "divs", "engineer": "eng", "grenadier": "gren", "guards": "gds",
    "household": "hh", "infantry": "inf", "mechanized": "mech", "parachute": "para", "pioneer": "pion",
    "reconnaissance": "recon", "regiment": "rgt", "scenario": "scen", "sharpshooters": "sharpsh",
    "with": "w/",
}
_WORD = re.compile(r"[A-Za-z]+")


def _short(match: re.Match[str]) -> str:
    word = match.group(0)
    short = ABBREVIATIONS.get(word.lower())
    if short is None:
        return word
    return short[0].upper() + short[1:] if word[0].isupper() else short


def abbreviate(text: str) -> str:
    """``text`` with every word of :data:`ABBREVIATIONS` shortened."""
    return _WORD.sub(_short, text)


def used(texts: list[str]) -> list[tuple[str, str]]:
    """(abbreviation, word) for every abbreviation that shortening ``texts`` uses, sorted."""
    out = {ABBREVIATIONS[w.lower()]: w.lower() for t in texts for w in _WORD.findall(t)
           if w.lower() in ABBREVIATIONS}
    return sorted(out.items())
