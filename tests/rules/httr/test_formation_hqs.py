"""A units.csv formation names a formation, not always its HQ unit's id (issue #15): the bundled brigades are in
"Guards Armored", the Guards Armored Division's HQ unit is "GA HQ" (ScR 5.1.6.3 L1122-L1123), whose formation
"30 Corps" is the corps of the "30 Corps HQ" unit (ScR 4.4.4 L1084). game.toml ``[special.formation_hqs]`` maps a
name to its HQ unit, read by ``units.formation_hq`` for every chain (supply SR 13.2, attachments SR 13.4, CA
combining SR 10.1.6, the city sources ScR 5.1.2); a name no unit id is and no entry maps stays unknown. The synthetic
game names formations by their HQ ids and keeps working unmapped."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hexforge.games import load_game
from hexforge.games.game import Game
from hexforge.rules import rules_for
from hexforge.rules.httr.command_points import check_receiver
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.httr.units import controlling_hq, division, formation_chain, formation_hq, formation_names
from hexforge.rules.verdict import NotCheckable
from tests.rules.httr.helpers import SYNTHETIC, Log
from tests.rules.httr.test_defects_supply import chain as supply  # the supply answer at GT 10, what it needs

DEF = {"Mode": "Defilade"}
WHOLE = {"A-CORPS": "B0105", "A-DIV": "B0205", "A-ENG": "B0305"}  # the synthetic chain on the map, by the source


@pytest.fixture(scope="module")
def httr() -> Game:
    return load_game("highway-to-the-reich")



def renamed(tmp_path: Path, formation: str, mapping: str) -> Game:
    """The synthetic game with A-ENG's formation written as ``formation`` and ``mapping`` as its
    [special.formation_hqs] entries."""
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    units = copy / "units.csv"
    row = "A-ENG,Allied engineer company,allied,A-DIV,"
    assert units.read_text().count(row) == 1
    units.write_text(units.read_text().replace(row, f"A-ENG,Allied engineer company,allied,{formation},"))
    toml = copy / "game.toml"
    toml.write_text(toml.read_text() + f'\n[special.formation_hqs]\nsource = "test"\nhqs = [{mapping}]\n')
    return load_game(copy)


def test_the_bundled_formation_names_resolve_to_their_hq_units(httr):
    """'Guards Armored' -> GA HQ -> '30 Corps' -> 30 Corps HQ, the corps HQ's own formation ending the chain; a
    formation that is an HQ id resolves to itself (506/101); '101' (the 101st Airborne's HQ is not transcribed) and
    '7FJ' (two HQ rows carry it) stay unknown."""
    assert formation_hq(httr, "Guards Armored") == "GA HQ" and formation_hq(httr, "30 Corps") == "30 Corps HQ"
    assert formation_hq(httr, "506/101") == "506/101"
    marks = {m.formation for m in httr.info.markers if m.track in ("cp", "amp")}  # the record tracks' own spelling
    assert {"Guards Armoured", "30th Corps"} <= marks
    assert formation_hq(httr, "Guards Armoured") == "GA HQ" and formation_hq(httr, "30th Corps") == "30 Corps HQ"
    assert formation_hq(httr, "101st Airborne") is None  # its HQ is not transcribed
    assert formation_hq(httr, "101") is None and formation_hq(httr, "7FJ") is None
    assert formation_chain(httr, "32/GdA") == ["GA HQ", "30 Corps HQ"] and division(httr, "32/GdA") == "GA HQ"
    assert controlling_hq(httr, "30 Corps HQ") is None and formation_chain(httr, "30 Corps HQ") == []
    assert formation_names(httr, "32/GdA") == ["Guards Armored", "30 Corps"]
    assert formation_chain(httr, "2/506 5-3 no.1") == ["506/101"]  # and no further: '101' names no HQ unit


def test_a_mapped_name_is_its_hq_in_the_supply_chain_and_an_unmapped_one_stays_unknown(tmp_path):  # SUP-1
    """SR 13.2.6: A-ENG traces to its controlling HQ. Its formation written as the name 'Alpha Division', mapped to
    A-DIV, supplies it as A-DIV's id does; an unmapped name ('Beta Division'), or one mapped to no units.csv id, is
    an HQ whose place is unknown: not checkable naming it, never out of supply."""
    same, _ = supply(load_game(SYNTHETIC), WHOLE, "allied", "A-ENG")
    assert same.supplied is True and same.via == "A-DIV", same
    mapped = renamed(tmp_path / "a", "Alpha Division", '{ formation = "Alpha Division", hq = "A-DIV" }')
    assert formation_hq(mapped, "Alpha Division") == "A-DIV"
    got, _ = supply(mapped, WHOLE, "allied", "A-ENG")
    assert got == same
    off, _ = supply(mapped, {k: v for k, v in WHOLE.items() if k != "A-DIV"}, "allied", "A-ENG")
    assert off.supplied is False and "HQ A-DIV is not on the map" in off.reason, off
    for name, mapping in (("Beta Division", '{ formation = "Alpha Division", hq = "A-DIV" }'),
                          ("Ghost Division", '{ formation = "Ghost Division", hq = "NO-SUCH-HQ" }')):
        g = renamed(tmp_path / name.split()[0], name, mapping)
        assert formation_hq(g, name) is None
        got, needs = supply(g, WHOLE, "allied", "A-ENG")
        assert got.supplied is None and f"the HQ unit {name!r}" in got.reason, got
        assert any("[special.formation_hqs] maps it to none" in n for n in needs), needs


def test_a_guards_brigade_traces_to_the_division_hq_and_the_corps_hq(httr):  # SUP-1
    """SR 13.2.5.1, 13.2.4.1: the 32nd Guards Brigade HQ traces to GA HQ, GA HQ to the 30 Corps HQ. Off the map,
    the 30 Corps HQ breaks GA HQ's link (was: 'the HQ unit 30 Corps' not known); the 101st's regiments still name
    their untranscribed division HQ."""
    brigade, _ = supply(httr, {"32/GdA": "C2808", "GA HQ": "C2808"}, "allied", "32/GdA")
    assert brigade.supplied is False and brigade.via == "GA HQ", brigade
    division_hq, _ = supply(httr, {"32/GdA": "C2808", "GA HQ": "C2808"}, "allied", "GA HQ")
    assert division_hq.supplied is False and "HQ 30 Corps HQ is not on the map" in division_hq.reason, division_hq
    air, needs = supply(httr, {"501/101": "C2808"}, "allied", "501/101")
    assert air.supplied is None and "the HQ unit '101'" in air.reason, air


def test_guards_armored_units_are_30_corps_ground_units_for_the_cities(httr):  # SUP-14, ScR 5.1.2 (L1096)
    """ScR 5.1.2: a major city is activated once 30th Corps ground units have moved through it. The 32nd Guards
    Brigade HQ (formation 'Guards Armored', of GA HQ, of '30 Corps') moving through A2332, the one Arnhem hex
    terrain.toml gives, activates Arnhem; a 101st regiment HQ doing the same does not."""
    def activated(uid: str) -> set[str]:
        ref = HttrReferee(rules_for(httr), Log({uid: "A2331"}, httr).phase(10, "allied_movement")
                          .move(uid, "A2332", "A2333").timeline())
        ref.run()
        return ref.cities.activated
    assert activated("32/GdA") == {"Arnhem"}
    assert activated("501/101") == set()


def test_the_bundled_guards_division_asks_for_the_cities_hexes(httr):  # SUP-14, ScR 5.1.2 (L1096), 5.1.5.1
    """CP-6 (SR 14.1.4): GA HQ in Defilade receives CP only in supply. With the 30 Corps HQ off the map GA HQ has
    no link to the train (SR 13.2.4.1), but a non-airborne division HQ may also trace to a major city 30th Corps
    units moved through (ScR 5.1.2): Eindhoven's, Grave's and Nijmegen's hexes are not transcribed, so whether it
    did is not checkable, naming them (never out of supply). Before the formation names resolved, GA HQ's corps
    was the unknown HQ '30 Corps' and the city was never asked."""
    ref = HttrReferee(rules_for(httr), Log({"GA HQ": ("C2808", DEF)}, httr).phase(10, "allied_command").timeline())
    ref.run()
    got = check_receiver(ref, "GA HQ", "cp")
    assert isinstance(got, NotCheckable), got
    assert "traces to a major city 30th Corps units moved through" in got.needs, got
    assert "the hexes of Eindhoven, Grave, Nijmegen: terrain.toml places, ScR 5.1.2" in got.needs, got


def test_data_status_lists_the_formation_names_no_hq_unit_resolves(httr):
    """`hexforge data status` names the formations still missing an HQ unit: the mapped ones and those that are HQ
    ids are resolved; the synthetic game, whose formations are all HQ ids, and a game whose formations name no HQ at
    all (Piercing the Reich) list none."""
    from hexforge.games.status import report, status, unresolved_formations
    gaps = unresolved_formations(httr)
    assert gaps["101"] == 6 and "7FJ" in gaps
    assert not {"Guards Armored", "30 Corps", "506/101", "unknown"} & set(gaps)
    assert "101 (6 units)" in report(status(httr)).split("formations naming no HQ unit")[1].splitlines()[0]
    assert not unresolved_formations(load_game(SYNTHETIC)) and not unresolved_formations(load_game("piercing-the-reich"))
