"""Verdicts resting on terrain a survey gave and no person reviewed say so (issue #17 section 2): a drag through
surveyed hexes of the synthetic F&M map (woods 2 MP, clear 1 MP for a leg unit, F&M 5.2/5.4) is judged on them,
names the unreviewed hexes, and stops naming them once a person confirms them (``survey.store.confirm``)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hexforge.games import load_game
from hexforge.rules import rules_for
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from hexforge.survey.store import Change, confirm
from tests.conftest import ROOT
from tests.overlays.conftest import position
from tests.rules.helpers import Log, verdicts

SYN = ROOT / "tests" / "data" / "synthetic-fm"
COLUMN = [f"06{r:02d}" for r in range(1, 11)]  # the whole column 06: every route east from column 05 crosses it
WOODS = {"0606", "0607"}  # as the synthetic game's own [hexes] give them
NOTE = "rests on unreviewed surveyed terrain in"
REVIEW = "(survey of scan.png); review it with hexforge survey review"
PTR_SURVEYED = {f"10{r:02d}" for r in range(1, 8)}  # column 10 of tests/data/overlay-ptr, given back as a survey


def surveyed_game(dest: Path, surveyed: bool = True) -> Path:
    """The synthetic F&M game with column 06 taken out of its [hexes]; ``surveyed``: given back as an
    unreviewed survey (the same terrain types the game data had there)."""
    out = dest / ("surveyed" if surveyed else "unsurveyed") / SYN.name
    shutil.copytree(SYN, out)
    path = out / "terrain.toml"
    text = path.read_text(encoding="utf-8")
    assert '"0601..0610", ' in text and 'woods = ["0606", "0607"]\n' in text
    text = text.replace('"0601..0610", ', "").replace('woods = ["0606", "0607"]\n', "")
    if surveyed:
        text += "".join(f'\n[[surveyed]]\nhex = "{h}"\nterrain = "{"woods" if h in WOODS else "clear"}"\n'
                        f'confidence = 0.9\nreviewed = false\nsource = "survey of scan.png"\n' for h in COLUMN)
    path.write_text(text, encoding="utf-8")
    return out


def drag(game_dir: Path, unit: str, start: str, *drops: str):
    (v,) = verdicts(Log(load_game(game_dir), {unit: start}).phase(1, "first-movement")
                    .move(unit, start, *drops).check(), 1)
    return v


@pytest.fixture
def games(tmp_path: Path) -> tuple[Path, Path]:
    return surveyed_game(tmp_path), surveyed_game(tmp_path, surveyed=False)


def test_a_legal_drag_over_unreviewed_survey_names_its_hexes(games) -> None:
    surveyed, unsurveyed = games
    assert isinstance(drag(unsurveyed, "B1", "0505", "0705"), NotCheckable)  # column 06 unsurveyed
    v = drag(surveyed, "B1", "0505", "0705")  # clear 1 + clear 1 (F&M 5.2), round the woods
    assert isinstance(v, Legal) and v.detail.startswith("via 0505-06") and ", 2 of 4 MP (" in v.detail
    crossed = v.detail.split("-")[1]
    assert f"({NOTE} {crossed} {REVIEW})" in v.detail
    assert "0705" not in v.detail.split(NOTE)[1]  # a hex a person entered is not cited


def test_an_illegal_drag_through_unreviewed_woods_says_so(games) -> None:
    surveyed, unsurveyed = games
    # B1 (leg, MA 4): woods 0606 and 0607 cost 2 each (TEC), so 0608 beyond them is out of reach (F&M 5.2)
    assert isinstance(drag(unsurveyed, "B1", "0505", "0606", "0607", "0608"), NotCheckable)
    v = drag(surveyed, "B1", "0505", "0606", "0607", "0608")
    assert isinstance(v, Illegal) and v.rule == "F&M 5.2" and "no legal route" in v.reason
    tried = v.reason.split("closest tried: ")[1].split(";")[0].split("-")  # the route that came closest
    assert tried[0] == "0505" and f"{NOTE} {', '.join(sorted(tried[1:]))} (survey of scan.png);" in v.reason
    # the same, dropped hex by hex (judged step by step): the hexes entered up to the step that failed
    v = drag(surveyed, "B1", "0605", "0606", "0607", "0608")
    assert isinstance(v, Illegal) and v.rule == "F&M 5.2" and "to enter 0608" in v.reason
    # and 0605 where it starts: that no river runs 0605/0606 rests on the survey of both hexes
    assert v.reason.endswith(f"({NOTE} 0605, 0606, 0607, 0608 {REVIEW})")


def test_reviewed_survey_values_are_cited_as_a_persons(games) -> None:
    surveyed, _ = games
    confirm(surveyed, [Change("hex", (h,), "woods" if h in WOODS else "clear") for h in COLUMN])
    v = drag(surveyed, "B1", "0505", "0705")
    assert isinstance(v, Legal) and v.detail.endswith(", 2 of 4 MP")
    for start in ("0505", "0605"):
        v = drag(surveyed, "B1", start, "0606", "0607", "0608")
        assert isinstance(v, Illegal) and v.rule == "F&M 5.2" and NOTE not in v.reason


def test_only_the_hexes_still_unreviewed_are_named(games) -> None:
    surveyed, _ = games
    confirm(surveyed, [Change("hex", ("0606",), "woods")])
    v = drag(surveyed, "B1", "0605", "0606", "0607", "0608")
    # 0605, where B1 starts, is cited too: that no river runs 0605/0606 rests on its survey
    assert isinstance(v, Illegal) and f"{NOTE} 0605, 0607, 0608 (survey of scan.png);" in v.reason


def test_the_reach_overlay_notes_unreviewed_survey_until_reviewed(games) -> None:
    surveyed, unsurveyed = games

    def notes(game_dir: Path, shown: list[str] | None = None) -> list[str]:
        game = load_game(game_dir)
        ov = rules_for(game).reach_overlay(position(game, {"B1": "0505"}), "B1")
        if shown is not None:
            shown += sorted(game.map.label(h) for h in ov.values)
        return ov.notes

    assert notes(unsurveyed) == [] and notes(SYN) == []  # no survey, no note: outputs as before
    shown: list[str] = []
    (note,) = notes(surveyed, shown)
    column = [h for h in shown if h in COLUMN]
    assert len(column) >= 4
    assert note == f"this overlay {NOTE} {', '.join(column)} {REVIEW}"
    confirm(surveyed, [Change("hex", (h,), "woods" if h in WOODS else "clear") for h in COLUMN])
    assert notes(surveyed) == []


def test_a_long_list_names_the_first_hexes_and_counts_the_rest(games, monkeypatch) -> None:
    surveyed, _ = games
    monkeypatch.setattr("hexforge.rules.system.NAMED", 3)
    game = load_game(surveyed)
    note = rules_for(game).unreviewed([game.map.hex(h) for h in ["0505", *COLUMN]])
    assert note == f"{NOTE} 0601, 0602, 0603 and 7 more {REVIEW}"


def test_a_ptr_supply_overlay_notes_the_unreviewed_hexes_it_shows(tmp_path: Path) -> None:
    src = ROOT / "tests" / "data" / "overlay-ptr"
    out = tmp_path / src.name
    shutil.copytree(src, out)
    path = out / "terrain.toml"
    text = path.read_text(encoding="utf-8")
    assert ', "1001..1007"]' in text
    text = text.replace(', "1001..1007"]', "]") + "".join(
        f'\n[[surveyed]]\nhex = "{h}"\nterrain = "clear"\nconfidence = 0.9\nsource = "survey of scan.png"\n'
        for h in sorted(PTR_SURVEYED))
    path.write_text(text, encoding="utf-8")

    def notes(game_dir: Path, shown: list[str]) -> list[str]:
        game = load_game(game_dir)
        ov = rules_for(game).supply_overlay(position(game, {"US-HQ": "0902"}), "us")
        shown += sorted(game.map.label(h) for h in ov.values if game.map.label(h) in PTR_SURVEYED)
        return ov.notes

    plain: list[str] = []
    before = notes(src, plain)
    assert plain and not any(NOTE in n for n in before)  # the supply overlay shows column 10; no survey, no note
    shown: list[str] = []
    after = notes(out, shown)
    assert shown and after[:-1] == before
    assert after[-1] == f"this overlay {NOTE} {', '.join(shown)} {REVIEW}"
