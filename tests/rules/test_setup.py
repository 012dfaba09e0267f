"""Set-up checks on the real games: AAC 14.0 (SET-1), ARN 11.0 (SET-2) and ARN 12.0 (SET-3), the scenario
recognised from the set-up, and the Setup section of the reports. Positions are the rulebooks' own tables
(aachen-first-to-fall.txt L650-L707, arnhem-farthest-bridge.txt L459-L471); where the bundled data lacks a
place (city hexes, regions, the 3rd AD edge ranges) a copy of the game folder gets test values."""
from __future__ import annotations

import json
import shutil

import pytest

from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import build_timeline
from hexforge.games import load_game
from hexforge.rules import report
from hexforge.rules.fm.aachen.system import Aachen
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules import check, rules_for
from hexforge.rules.fm.referee import FmReferee
from hexforge.rules.fm.setup import identify_scenario, judge_setup
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from tests.conftest import ROOT
from tests.rules.helpers import Log
from tests.rules.vlog import Writer

# AAC 14.0 (L650-L707), errata rows applied (1522 deleted; tank destroyers at 0107 and 1333). The units.csv
# ids of the fixed rows are named after their hexes.
AAC_FIXED = ["0409", "1420", "0317", "0518", "0415", "2124", "1823", "1330", "1226", "1527"]
AAC_US = ["0205", "0203", "0302", "0209", "0207", "0211", "0213", "0215", "0117", "0107", "0932", "1232", "1532",
          "1629", "1729", "1827", "1925", "1926", "2025", "1333", "0301", "0332", "0630"]
# 3rd Armored Division: "map edge hexes in the range" 2630-3028 and 1934 to 2431 (L671-L672); the hexes of the
# straight lines between those ends stand in for the printed edge
AAC_3AD = {"us-3ad-a1": "2630", "us-3ad-a2": "2730", "us-3ad-a3": "2929", "us-3ad-a4": "3028",
           "us-3ad-b1": "1934", "us-3ad-b2": "2033", "us-3ad-b3": "2133", "us-3ad-b4": "2332", "us-3ad-b5": "2431"}
AAC_SETUP = {f"ger-{h}": h for h in AAC_FIXED} | {f"us-{h}": h for h in AAC_US} | AAC_3AD

# ARN 11.0 (L461-L471)
ARN_S1 = {"2/406": "2025", "1/406": "2325", "BrDf": "2621", "Krft": "3722", "2/9SS": "3724", "9/9SS": "3322",
          "Grsn": "0702"}
ARN_DZ = {"dz_1st_british_ab": "3717", "dz_101st_us_ab": "1007", "dz_82nd_us_ab": "2323"}


def judged(game, setup, markers=None, scenario=None, cls=None):
    rules = (cls or (Aachen if game.id == "aachen" else Arnhem))(game, scenario)
    return judge_setup(rules, Log(game, setup, markers).timeline())


def illegal(vs) -> list[Illegal]:
    return [v for v in vs if isinstance(v, Illegal)]


def needs(vs) -> str:
    return " | ".join(v.needs for v in vs if isinstance(v, NotCheckable))


# -- SET-1: Aachen (AAC 14.0) -------------------------------------------------------------------------

def test_aac_14_0_the_printed_set_up_is_not_illegal_and_names_what_the_data_lacks(aachen) -> None:
    vs = judged(aachen, AAC_SETUP)
    assert illegal(vs) == []
    said = needs(vs)
    assert "3rd Armored Division set-up edge 2630-3028" in said
    assert "3rd Armored Division set-up edge 1934 to 2431" in said
    assert "0411" in said  # L664: a row with the hex 0411 and no unit
    # L663 '(deleted by Errata 11-13-23)': the chosen reading is relied on, and said
    assert any(isinstance(v, Legal) and "L663" in (v.guess or "") for v in vs)


def test_aac_14_0_counters_of_one_type_and_strengths_are_interchangeable(aachen) -> None:
    # L645-646: "Place units by type and combat strengths in the hexes listed": two 2-3-7 infantry may swap
    swapped = AAC_SETUP | {"us-0205": "0203", "us-0203": "0205"}
    assert illegal(judged(aachen, swapped)) == []
    # a 2-3-7 (L677) and a 3-3-7 (L691) may not
    wrong = AAC_SETUP | {"us-0205": "0932", "us-0932": "0205"}
    reasons = sorted(v.reason for v in illegal(judged(aachen, wrong)))
    assert reasons == ["us-0205 (2-3-7 infantry) is set up in 0932; AAC 14.0 places it in 0205",
                       "us-0932 (3-3-7 infantry) is set up in 0205; AAC 14.0 places it in 0932"]


def test_aac_14_0_a_unit_out_of_its_hex_or_missing(aachen) -> None:
    vs = illegal(judged(aachen, AAC_SETUP | {"ger-0409": "0410"}))
    assert [(v.rule, v.reason) for v in vs] == [("AAC 14.0", "ger-0409 (0-1-6 infantry) is set up in 0410; "
                                                             "AAC 14.0 places it in 0409")]
    gone = {u: h for u, h in AAC_SETUP.items() if u != "us-0630"}
    assert [v.reason for v in illegal(judged(aachen, gone))] == [
        "us-0630 (5-4-8 engineer) is not on the map at the start; AAC 14.0 places it in 0630"]


def test_aac_14_0_no_other_unit_starts_on_the_map(aachen) -> None:
    # L731: the 2-3-7 infantry arrives at 2204 on GT 4; the 1522 row is deleted by the errata (L663)
    vs = illegal(judged(aachen, AAC_SETUP | {"ger-gt04-1": "2204", "ger-1522": "1522"}))
    by_unit = {v.reason.split()[0]: v for v in vs}
    assert set(by_unit) == {"ger-gt04-1", "ger-1522"} and {v.rule for v in vs} == {"AAC 14.0"}
    assert "in 2204 at the start" in by_unit["ger-gt04-1"].reason and "reinforcement" in by_unit["ger-gt04-1"].reason
    assert "L663" in by_unit["ger-1522"].guess


def test_aac_14_0_stacking_applies_at_set_up(aachen) -> None:
    # L644: "Units must comply with stacking restrictions" (F&M 5.3: one unit per hex)
    vs = illegal(judged(aachen, AAC_SETUP | {"us-3ad-a2": "2630"}))
    assert [(v.rule, v.reason) for v in vs] == [("F&M 5.3", "us-3ad-a1 and us-3ad-a2 are stacked in 2630 at the "
                                                            "start")]


def test_aac_14_0_the_3rd_ad_edge_ranges_once_the_map_gives_them(tmp_path) -> None:
    d = tmp_path / "aachen"
    shutil.copytree(ROOT / "games" / "aachen", d)
    t = d / "terrain.toml"
    text = t.read_text(encoding="utf-8")
    for ends, hexes in (('"2630", "3028"', '["2630", "2730", "2829", "2929", "3028"]'),
                        ('"1934", "2431"', '["1934", "2033", "2133", "2232", "2332", "2431"]')):
        old = f'endpoints = [{ends}]\nhexes = "unknown"'
        assert old in text
        text = text.replace(old, f"endpoints = [{ends}]\nhexes = {hexes}")
    t.write_text(text, encoding="utf-8")
    game = load_game(d)
    vs = judged(game, AAC_SETUP)
    assert illegal(vs) == [] and "3rd Armored" not in needs(vs)
    vs = illegal(judged(game, AAC_SETUP | {"us-3ad-a3": "2628"}))
    assert [v.reason for v in vs] == ["us-3ad-a3 (2-2-12 mechanized infantry) is set up in 2628; AAC 14.0 sets it "
                                      "up in map edge hexes in the range 2630–3028"]


# -- SET-2: Arnhem Scenario 1 (ARN 11.0) --------------------------------------------------------------

def test_arn_11_0_the_printed_set_up_is_legal(arnhem) -> None:
    assert judged(arnhem, ARN_S1, ARN_DZ, "s1") == [Legal()]
    assert identify_scenario(rules_for(arnhem), Log(arnhem, ARN_S1, ARN_DZ).timeline()) == "s1"


def test_arn_11_0_a_german_unit_in_another_hex(arnhem) -> None:
    vs = illegal(judged(arnhem, ARN_S1 | {"2/406": "2024"}, ARN_DZ, "s1"))
    assert [(v.rule, v.reason) for v in vs] == [("ARN 11.0", "2/406 is set up in 2024; ARN 11.0 places it in 2025")]


def test_arn_11_0_the_drop_zone_markers_stand_in_their_hexes(arnhem) -> None:
    vs = illegal(judged(arnhem, ARN_S1, {"dz_1st_british_ab": "3717", "dz_82nd_us_ab": "2322"}, "s1"))
    assert sorted(v.reason for v in vs) == [
        "the marker 'Drop zone marker: 101st US AB' is not on the map at the start; ARN 11.0 places it in 1007",
        "the marker 'Drop zone marker: 82nd US AB' is in 2322; ARN 11.0 places it in 2323"]
    assert {v.rule for v in vs} == {"ARN 11.0"}


def test_arn_11_0_no_allied_unit_begins_on_the_map(arnhem) -> None:
    # L468: "No Allied units begin the game on the map"; the 101st lands on GT 1 (11.3, L503)
    vs = illegal(judged(arnhem, ARN_S1 | {"101st_para_1": "1007"}, ARN_DZ, "s1"))
    assert len(vs) == 1 and vs[0].rule == "ARN 11.0"
    assert vs[0].reason.startswith("101st_para_1 (101st Div Parachute Infantry) is on the map in 1007 at the start")


def test_arn_11_0_markers_named_as_in_a_community_module_or_not_found(arnhem) -> None:
    from hexforge.builder.locations import OFF_MAP
    from hexforge.builder.timeline import PieceRef, Placement, Timeline
    names = {m.id: m.name.resolved for m in arnhem.info.markers}
    base = Log(arnhem, ARN_S1).timeline()
    by_name = base.setup + tuple(Placement(PieceRef(f"p{i}", names[m], None), OFF_MAP, h)
                                 for i, (m, h) in enumerate(ARN_DZ.items()))
    assert judge_setup(Arnhem(arnhem, "s1"), Timeline(by_name, (), ())) == [Legal()]
    vs = judge_setup(Arnhem(arnhem, "s1"), base)
    assert len(vs) == 1 and isinstance(vs[0], NotCheckable) and "Drop zone marker: 82nd US AB" in vs[0].needs


def test_the_builders_s1_setup_passes(arnhem, tmp_path) -> None:
    # the builder's own Scenario 1 save, drop zone markers included (BasicPiece name, Marker trait), through a log
    w = Writer(arnhem, tmp_path, "s1")
    w.phase(1, "sfm")
    t = build_timeline(read_save(w.write()), w.module, arnhem)
    assert FmReferee(Arnhem(arnhem, "s1"), t).run().setup == [Legal()]


# -- SET-3: Arnhem Scenario 2 (ARN 12.0) --------------------------------------------------------------

def test_arn_12_0_regions_and_city_hexes_unknown_in_the_bundled_data(arnhem) -> None:
    vs = judged(arnhem, ARN_S1 | {"Krft": "3822"}, ARN_DZ, "s2")
    assert illegal(vs) == []
    said = needs(vs)
    for region in ("'Germany'", "'Nijmegen'", "'north of Neder Rijn River'", "'north of the Waal River'",
                   "'south of the Maas River'", "the city hexes"):
        assert region in said, region


@pytest.mark.parametrize("hex_, verdict", [("0302", Illegal), ("0602", NotCheckable), ("0702", None)])
def test_arn_12_0_b_five_hexes_of_the_south_map_edge(arnhem, hex_, verdict) -> None:
    # L556 "within five hexes (inclusive) of the south map edge" (column 01): 0302 is two hexes from the edge
    # hexes; 0602 five (in or out depending on whether the edge hex counts as the first); 0702 six
    vs = judged(arnhem, ARN_S1 | {"Grsn": hex_}, ARN_DZ, "s2")
    about = [v for v in vs if "south map edge" in (getattr(v, "reason", "") + getattr(v, "needs", ""))]
    assert [type(v) for v in about] == ([verdict] if verdict else [])
    assert all(f"{hex_}" in (getattr(v, "reason", "") + getattr(v, "needs", "")) and "Grsn" in
               (getattr(v, "reason", "") + getattr(v, "needs", "")) for v in about)
    assert all(v.rule == "ARN 12.0" for v in illegal(about))


def test_arn_12_0_drop_zone_markers(arnhem) -> None:
    # L563-L573: not within five hexes of the south map edge; a marker on a German unit moves off it
    vs = illegal(judged(arnhem, ARN_S1, {"dz_1st_british_ab": "3722", "dz_101st_us_ab": "0407"}, "s2"))
    assert sorted(v.reason for v in vs) == [
        "the marker 'Drop zone marker: 101st US AB' is set up in 0407, 3 hexes from the south map edge hexes; "
        "ARN 12.0 sets up no drop zone marker within five hexes of the south map edge",
        "the marker 'Drop zone marker: 1st British AB' shares 3722 with the German unit Krft; ARN 12.0 moves it "
        "into an adjacent eligible hex",
        "the marker 'Drop zone marker: 82nd US AB' is not on the map at the start; ARN 12.0 has the Allied player "
        "set it up"]


@pytest.fixture(scope="module")
def surveyed(tmp_path_factory):
    """Arnhem with test city hexes (2622) and set-up regions (ARN 12.0 L557-L561) filled in."""
    d = tmp_path_factory.mktemp("arn") / "arnhem"
    shutil.copytree(ROOT / "games" / "arnhem", d)
    t = d / "terrain.toml"
    text = t.read_text(encoding="utf-8")
    for name, kind, hexes in (("Nijmegen", "other", '["2621", "2622"]'), ("City hexes", "city", '["2622"]'),
                              ("Germany", "other", '["2025", "2325", "2423"]')):
        old = f'name = "{name}"\nkind = "{kind}"\nhexes = "unknown"'
        assert old in text
        text = text.replace(old, f'name = "{name}"\nkind = "{kind}"\nhexes = {hexes}')
    for name, hexes in (("north of Neder Rijn River", '["3722", "3724", "3822"]'),
                        ("north of the Waal River", '["3322"]'), ("south of the Maas River", '["0702", "0802"]')):
        text += f'\n[[places]]\nname = "{name}"\nkind = "other"\nhexes = {hexes}\nsource = "test"\n'
    t.write_text(text, encoding="utf-8")
    return load_game(d)


def test_arn_12_0_a_surveyed_free_deployment(surveyed) -> None:
    assert judged(surveyed, ARN_S1, ARN_DZ, "s2") == [Legal()]  # BrDf at 2621 may stand next to the city (L555)
    moved = ARN_S1 | {"1/406": "2423", "Grsn": "0902"}
    vs = illegal(judged(surveyed, moved, ARN_DZ | {"dz_82nd_us_ab": "2522"}, "s2"))
    assert sorted(v.reason for v in vs) == [
        "1/406 is set up in 2423, 2 hexes from the city hex 2622; ARN 12.0 sets up no German unit but the BrDf "
        "within two hexes of a city hex",
        "Grsn is set up in 0902; ARN 12.0 sets it up in any hex south of the Maas River",
        "the marker 'Drop zone marker: 82nd US AB' is set up in 2522, 1 hex from the city hex 2622; ARN 12.0 "
        "sets up no drop zone marker within two hexes of a city hex"]


# -- which scenario ------------------------------------------------------------------------------------

def test_the_scenario_is_recognised_from_the_set_up(arnhem) -> None:
    free = ARN_S1 | {"Krft": "3822"}
    t = Log(arnhem, free, ARN_DZ).timeline()
    assert identify_scenario(rules_for(arnhem), t) == "s2"  # fits no fixed set-up, nothing illegal in the free one
    vs = judge_setup(Arnhem(arnhem), t)
    assert vs and all("scenario s2" in (v.guess or "") for v in vs)
    # illegal in either scenario: one finding naming both
    both = judge_setup(Arnhem(arnhem), Log(arnhem, ARN_S1 | {"Grsn": "0302"}, ARN_DZ).timeline())
    assert len(both) == 1 and both[0].rule == "ARN 11.0 / ARN 12.0" and "s1: Grsn" in both[0].reason \
        and "s2: Grsn" in both[0].reason
    assert identify_scenario(rules_for(load_game("aachen")), Log(arnhem, {}).timeline()) == "historical"  # its only one


def test_a_log_that_begins_after_the_set_up_is_not_checkable(arnhem) -> None:
    log = Log(arnhem, ARN_S1 | {"2/406": "2024"}, ARN_DZ).phase(3, "p1_movement")
    vs = judge_setup(Arnhem(arnhem, "s1"), log.timeline())
    assert len(vs) == 1 and isinstance(vs[0], NotCheckable) and "GT 3" in vs[0].needs


def test_the_reports_show_the_setup_before_the_events(arnhem) -> None:
    rep = Log(arnhem, ARN_S1 | {"2/406": "2024"}, ARN_DZ).phase(1, "sfm").check(Arnhem(arnhem, "s1"))
    lines = report.text(rep).splitlines()
    at = next(i for i, s in enumerate(lines) if s.startswith("setup: ILLEGAL: 2/406 is set up in 2024"))
    assert at < next(i for i, s in enumerate(lines) if s.startswith("[1]"))
    data = json.loads(report.as_json(rep))
    assert data["setup"] == [{"verdict": "illegal", "rule": "ARN 11.0",
                              "reason": "2/406 is set up in 2024; ARN 11.0 places it in 2025"}]
    page = report.as_html(arnhem, rep)
    assert page.index("<h2>Setup</h2>") < page.index("<h2>Events</h2>") and "2/406 is set up in 2024" in page


# -- the set-up made in the log, before play --------------------------------------------------------

def test_units_placed_before_the_first_movement_phase_are_being_set_up(aachen) -> None:
    # AAC 14.0: the 3rd Armored Division goes on map edge hexes of its ranges; a save that leaves it in the
    # holding box and a log that places it before GT 1's first Movement Phase is a set-up, not reinforcements
    off = {u: h for u, h in AAC_SETUP.items() if u not in AAC_3AD}
    log = Log(aachen, off)
    for u, h in AAC_3AD.items():
        log.enter(u, h)
    rep = log.phase(1, "first-movement").check(Aachen(aachen))
    assert not illegal(rep.setup)
    assert all(rep.judged[i].verdicts == [Legal(detail="a set-up placement, judged with the set-up")]
               for i in range(len(AAC_3AD)))
    # the same placements after play has begun are entries of units no scenario schedules
    late = Log(aachen, off).phase(1, "first-movement").enter("us-3ad-a1", "2630").check(Aachen(aachen))
    assert [type(v).__name__ for v in late.judged[1].verdicts] == ["Illegal"]
    assert [v.reason for v in illegal(late.setup)][0].startswith("us-3ad-a1")


def test_set_up_placements_are_judged_with_the_set_up(aachen) -> None:
    off = {u: h for u, h in AAC_SETUP.items() if u != "ger-0409"}
    rep = Log(aachen, off).enter("ger-0409", "0410").phase(1, "first-movement").check(Aachen(aachen))
    assert [v.reason for v in illegal(rep.setup)] == ["ger-0409 (0-1-6 infantry) is set up in 0410; AAC 14.0 "
                                                      "places it in 0409"]


def test_the_scenario_recognised_is_the_one_the_rules_read(arnhem) -> None:
    # in S1 the 1st British AB drop zone is 3717 (ARN 11.0 L469): a landing 4 hexes away is illegal only once the
    # checker knows the scenario, which the printed set-up tells it
    log = Log(arnhem, ARN_S1, ARN_DZ).phase(1, "sfm").phase(5, "p1_movement").enter("1/Pol", "3721") \
        .say("land 1/Pol").roll(3)
    rep = log.check(Arnhem(arnhem))
    assert "scenario s1, recognised from the set-up" in " ".join(rep.warnings)
    assert any(isinstance(v, Illegal) and "drop zone marker at 3717" in v.reason for v in rep.judged[3].verdicts)
    unknown = Log(arnhem, ARN_S1 | {"Krft": "3822"}, ARN_DZ).phase(1, "sfm").phase(5, "p1_movement") \
        .enter("1/Pol", "3721").say("land 1/Pol").roll(3).check(Arnhem(arnhem, "s2"))  # S2: the marker is placed freely
    assert not any(isinstance(v, Illegal) for v in unknown.judged[3].verdicts)
