"""The HTTR chat grammar: what moves and layers cannot show, declared in a chat line that begins with
its keyword (an HTTR keyword such as ``if`` or ``at`` is also an English word, so only the line's first
word opens a declaration). Read by one tokenizer pass, linear in the line's length:

    df TARGET from FIRER {FIRER} [target UNIT]              conventional direct fire (SR 6.3)
    at TARGET from FIRER {FIRER} [target UNIT]              AT fire (SR 6.4)
    if TARGET from FIRER {FIRER} [target UNIT] [spotter UNIT] [hq UNIT]
                                                            indirect fire at any unit (SR 6.5.1.7), observed
                                                            through a spotter and a
                                                            controlling HQ (SR 6.5.2); without a spotter it
                                                            is an unobserved barrage (SR 6.5.1.4)
    of TARGET from FIRER [target UNIT] [trigger WORD]       opportunity fire (SR 6.6); WORD: leave, mode,
                                                            ambush (SR 6.6.8: after the entering move),
                                                            order, mount, move, ca, ferry (a unit
                                                            using a ferry: ER +1, SR 6.3.4.2, 6.5.5.1)
    of TARGET from FIRER [target UNIT] [spotter UNIT] [hq UNIT]
                                                            IF as OF at a unit that has moved under a
                                                            spotter's eyes, after those moves (SR 6.6.5; no
                                                            trigger word; the spotter may be the firer)
    return TARGET from FIRER {FIRER} [target UNIT]          return fire after AT fire (SR 6.6.7)
    spill HEX UNIT {UNIT}                                   after IF, the other units of HEX that took its
                                                            excess losses, one per hit, in order (SR 6.5.3.2);
                                                            after a conventional DF loss that eliminated its
                                                            target, the new top two that took the overflow
                                                            (SR 6.3.1.6, rules/httr/overflow.py)
    ca TARGET from HEX [lead UNIT {UNIT}]                   close action, with its lead units (SR 10.3)
    cp HQ N [from HQ]                                       N command points allocated to HQ (SR 14.3) from its
                                                            division's record track, or from the HQ named
                                                            (a corps HQ's transfer to a division HQ, ScR
                                                            5.2.3.3); to a division HQ from its own track:
                                                            CP expended for its assets (SR 14.4)
    attach UNIT to HQ                                       UNIT put under HQ in the Command Phase (SR 13.4,
                                                            17.4, 18.5.3, ScR 4.0-4.3)
    logistics DIVISION LEVEL                                a German division's delivery level: low, normal,
                                                            intense (ScR 5.2.1.1)
    logistics DIVISION cp N amp M [ma K]                    an Allied division's delivery rates in percent
                                                            (airborne ScR 5.2.2.1; with ma: Club Route 5.2.3.1,
                                                            a dropped column written -)
    drop HEX north|south [flak N]                           the next serial's designated drop hex and route
                                                            (ScR 6.5.1), with the flak count marked on it
                                                            (6.5.3); its units then enter the map on HEX
    land HEX                                                the next Air Landing roll is the serial's dropped on
                                                            HEX (ScR 6.5.3: the serials in any order)
    ma HQ                                                   the next Movement Allowance roll is the MA of
                                                            HQ's subordinate units this phase (SR 13.2.7.5-6);
                                                            ma UNIT: that unit's own (no supply path, 13.2.7.7)
    victory LEVEL                                           the scenario's victory level claimed, as its table
                                                            names it (``victory German marginal``; ScR 17.6-23.4)
    offmap AREA                                             the German player's warning that units in off-map
                                                            area AREA enter the map next turn (ScR 10.2.11:
                                                            6E; due in the GT before they enter)

TARGET and HEX are hex labels (``B0405``); FIRER is a hex label (the top two units there, SR 6.3.1.4) or a
unit id; an id with spaces is written in double quotes (``"2/506 5-3 no.1"``). Words are separated by spaces
or commas; case does not matter for keywords.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

KINDS = ("df", "at", "if", "of", "return", "ca", "cp", "attach", "logistics", "spill", "drop", "ma", "land",
         "victory", "offmap")
SECTIONS = {"df": ("from", "target"), "at": ("from", "target"), "if": ("from", "target", "spotter", "hq"),
            "of": ("from", "target", "trigger", "spotter", "hq"), "return": ("from", "target"), "ca": ("from", "lead")}
TRIGGERS = ("leave", "mode", "order", "mount", "move", "ca", "ambush", "ferry")
ROUTES = ("north", "south")  # ScR 6.5.1 (L1195): the serial's route
TOKEN = re.compile(r'"[^"\n]*"|[^\s,"]+')
MAX_WORDS = 64  # no declaration has more: a longer line declares nothing (bounds the work per line)


@dataclass(frozen=True, slots=True)
class Declaration:
    """One declared fire, close action or CP allocation, with its words as typed."""

    kind: str
    target: str
    firers: tuple[str, ...] = ()
    target_unit: str | None = None
    spotter: str | None = None
    hq: str | None = None
    trigger: str | None = None
    lead: tuple[str, ...] = ()
    points: int | None = None


def parse(text: str) -> Declaration | None:
    """The declaration a chat line makes, else ``None``."""
    words: list[str] = []
    for m in TOKEN.finditer(text):
        if len(words) == MAX_WORDS:
            return None
        words.append(m.group().strip('"'))
    if len(words) < 2 or words[0].lower() not in KINDS:
        return None
    kind = words[0].lower()
    if kind == "drop":
        flak = len(words) == 5 and words[3].lower() == "flak" and words[4].isdigit()
        ok = (len(words) == 3 or flak) and words[2].lower() in ROUTES
        return Declaration("drop", words[1], (words[2].lower(),), points=int(words[4]) if flak else None) if ok else None
    if kind == "victory":
        return Declaration("victory", " ".join(words[1:]))
    if kind in ("ma", "land", "offmap"):
        return Declaration(kind, words[1]) if len(words) == 2 else None
    if kind == "spill":
        return Declaration("spill", words[1], tuple(words[2:])) if len(words) >= 3 else None
    if kind == "logistics":
        return Declaration("logistics", words[1], tuple(words[2:])) if 3 <= len(words) <= 8 else None
    if kind == "attach":
        ok = len(words) == 4 and words[2].lower() == "to"
        return Declaration("attach", words[1], (words[3],)) if ok else None
    if kind == "cp":
        giver = tuple(words[4:]) if len(words) == 5 and words[3].lower() == "from" else ()
        ok = len(words) in (3, 5) and words[2].isdigit() and (len(words) == 3 or giver)
        return Declaration("cp", words[1], giver, points=int(words[2])) if ok else None
    parts: dict[str, list[str]] = {"head": []}
    current = "head"
    for w in words[1:]:
        low = w.lower()
        section = "target_unit" if low == "target" else low
        if low in SECTIONS[kind] and section not in parts:
            current = section
            parts[current] = []
        else:
            parts[current].append(w)
    return _build(kind, parts)


def _build(kind: str, parts: dict[str, list[str]]) -> Declaration | None:
    head = parts.get("head", [])
    firers = tuple(parts.get("from", []))
    if len(head) != 1 or not firers:
        return None
    one = {k: parts.get(k) for k in ("target_unit", "spotter", "hq", "trigger")}
    if any(v is not None and len(v) != 1 for v in one.values()):
        return None
    trigger = one["trigger"][0].lower() if one["trigger"] else None
    if trigger is not None and trigger not in TRIGGERS:
        return None
    if kind == "ca" and len(firers) != 1:
        return None
    lead = tuple(parts.get("lead", []))
    if "lead" in parts and not lead:
        return None
    return Declaration(kind, head[0], firers, one["target_unit"][0] if one["target_unit"] else None,
                       one["spotter"][0] if one["spotter"] else None, one["hq"][0] if one["hq"] else None,
                       trigger, lead)
