"""Second-audit fixes (issue #15) to airstrikes, air landings, airborne limits and optional gliders on the synthetic
game. Its airstrike grid (tables/airstrike_grid.toml), Concentrated column: 2d6 3 '-', 7 D, 10 '1'."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from hexforge.builder.locations import OFF_MAP
from hexforge.builder.timeline import Entered
from hexforge.games import load_game
from tests.rules.httr.helpers import SYNTHETIC, Log, illegal, ref, rules_broken
from tests.rules.httr.test_airstrikes import STRIKE
from tests.rules.httr.test_landings import OFF
from tests.rules.httr.test_scatter import PF, everything

TARGET = {"A-INF1": "B0304", "G-INF1": ("B0305", {"Mode": "Concentrated"})}


def two_strikes(first: tuple[int, int], second: tuple[int, int], *steps) -> list:
    """All verdicts of an Allied Fire Phase (GT 8, clear day) with two strikes on G-INF1 in B0305, then ``steps``."""
    log = (Log(TARGET).phase(8, "allied_fire").place("as1", STRIKE, "B0305").place("as2", STRIKE, "B0305")
           .roll("Airstrike Check", 3).roll("Airstrike", *first).roll("Airstrike Check", 3).roll("Airstrike", *second))
    for s in steps:
        s(log)
    return [v for j in log.phase(8, "allied_movement").check().judged for v in j.verdicts]


def disrupt(log: Log) -> None:
    log.layer("G-INF1", "Disrupted", "Normal", "Disrupted")


def retreat(log: Log) -> None:
    log.move("G-INF1", "B0306")


def test_two_strikes_on_a_unit_are_judged_together():  # AS-11, ScR 7.2.2 (L1270), 7.3.2 (L1284), 7.4 (L1288)
    # '-' then D: the D disrupts and retreats the unit; the '-' is no claim that it stayed
    assert not illegal(two_strikes((1, 2), (4, 3), disrupt, retreat))
    assert rules_broken(two_strikes((1, 2), (4, 3), disrupt)) == ["HTTR ScR 7.4"]


def test_a_d_after_a_one_has_no_effect():  # AS-11, ScR 7.3.2 (L1284: applied at once), 7.4 (L1288), 7.2.13 (L1281)
    # '1' disrupts in place; the D that follows finds the unit disrupted: no retreat
    assert not illegal(two_strikes((5, 5), (4, 3), disrupt))
    assert rules_broken(two_strikes((5, 5), (4, 3), disrupt, retreat)) == ["HTTR ScR 7.4"]
    # D first: the unit retreats, the '1' after it adds a loss and no second retreat
    assert not illegal(two_strikes((4, 3), (5, 5), disrupt, retreat))


def landed_on(old: dict[str, str], units: tuple[str, ...], *displaced: str) -> list:
    """A serial ``units`` lands (2d6 7: an A result) on B0405 (woods, stacking limit 20) where ``old`` stand;
    ``displaced`` of it leave for B0404."""
    setup = {u: (None, {"Mode": "Defilade" if u == "A-ART3" else "Concentrated"}) for u in units}
    log = Log({"G-INF1": "B0310", **old, **setup}).phase(8, "allied_movement").place("pf1", PF, "B0305") \
        .say("drop B0405 south")
    step = len(log.events) + 1
    log.events += [Entered(step, ref(u), OFF_MAP, "B0405") for u in units]
    log.roll("Air Landing", 3, 4)
    for u in displaced:
        log.move(u, "B0404")
    return everything(log.phase(8, "allied_organization"))


def test_the_fewest_are_counted_among_the_serials_units():  # AIR-13, ScR 6.6.3.1 (L1230)
    old = {"A-INF3": "B0405", "A-INF1": "B0405", "A-INF2": "B0405", "A-ENG": "B0405"}  # 18 SP there before
    # 25 SP on a limit of 20: the serial's 2+2 SP both go (one of the 5 SP units there before is no candidate)
    both = landed_on(old, ("A-INF5", "A-INF6", "A-ART3"), "A-INF5", "A-INF6")
    assert not [v for v in illegal(both) if v.rule == "HTTR ScR 6.6.3.1"]
    # 14 SP there and a serial of 4+2+2: 22 SP, one of the serial's units fixes it, so two are too many
    few = {"A-INF3": "B0405", "A-INF1": "B0405", "A-INF2": "B0405"}
    assert "HTTR ScR 6.6.3.1" in rules_broken(landed_on(few, ("A-INF4", "A-INF5", "A-INF6"), "A-INF5", "A-INF6"))
    assert not [v for v in illegal(landed_on(few, ("A-INF4", "A-INF5", "A-INF6"), "A-INF5"))
                if v.rule == "HTTR ScR 6.6.3.1"]


def test_an_airborne_unit_outside_its_limits_may_move_back():  # RES-11, ScR 8.3.2 (L1342: 'voluntarily')
    """A-INF4 (A-DIV2: within 3 of its drop zone B0308 or 1 of the row 05 road) starts in B0102, 7 hexes out."""
    def broken(*path: str) -> list[str]:
        log = Log({"A-INF4": "B0102"}).phase(1, "allied_movement").move("A-INF4", *path)
        return rules_broken([v for j in log.check().judged for v in j.verdicts])
    assert "HTTR ScR 8.3.2" not in broken("B0202", "B0203")  # back towards the drop zone, still outside
    assert "HTTR ScR 8.3.2" in broken("B0101")  # farther out: 8 hexes from the drop zone


def test_a_division_hq_outside_its_reach_may_move_back():  # RES-11, ScR 8.3.2 (L1343)
    """A-DIV2 stays within 2 of its supply DZ B0108; it starts in B0408, 3 away."""
    def broken(*path: str) -> list[str]:
        log = Log({"A-DIV2": "B0408"}).phase(1, "allied_movement").move("A-DIV2", *path)
        return rules_broken([v for j in log.check().judged for v in j.verdicts])
    assert "HTTR ScR 8.3.2" not in broken("B0308")
    assert "HTTR ScR 8.3.2" in broken("B0508")


def glider_drop(h: str) -> list:
    """The glider unit A-ART3 designated to and landing in ``h`` with optional gliders on (ScR 15.2)."""
    log = Log({"A-ART3": (None, {"Mode": "Defilade"})}).phase(8, "allied_movement") \
        .place("pf", "Pathfinder A-REG1", "B0607").say(f"drop {h} south").enter("A-ART3", h)
    return [v for j in log.phase(8, "allied_organization").check(optional_gliders="on").judged for v in j.verdicts]


def test_a_clear_hex_with_a_ferry_hexside_is_clear_for_gliders():  # OPT-5, ScR 15.2.1 (L1491)
    assert not [v for v in illegal(glider_drop("B0608")) if v.rule == "HTTR ScR 15.2.1"]  # clear, a ferry side
    assert "HTTR ScR 15.2.1" in rules_broken(glider_drop("B0405"))  # woods


def observer(state: dict) -> list[str]:
    """The rules an Allied strike on G-INF1 (B0305) breaks when its only observer A-INF1 (B0304) shows ``state``."""
    log = Log({"A-INF1": ("B0304", state), "G-INF1": "B0305"}).phase(8, "allied_fire").place("as1", STRIKE, "B0305")
    return rules_broken([v for j in log.check().judged for v in j.verdicts])


def test_disrupted_and_travel_units_do_not_observe_for_airstrikes():  # AS-7, ScR 7.2.7 (L1275), SR 7.1.5, 6.5.1.12
    assert "HTTR ScR 7.2.7" not in observer({"Mode": "Concentrated"})
    assert "HTTR ScR 7.2.7" in observer({"Mode": "Concentrated", "Disrupted": "Disrupted"})
    assert "HTTR ScR 7.2.7" in observer({"Mode": "Travel"})


def serial_moves(**readings: str) -> list:
    """A-ENG and A-DREC land as one serial on B0306 (one log step), one Movement Allowance roll of 4, both move."""
    log = Log({**OFF, "A-DREC": (None, {"Mode": "Defilade"})}).phase(8, "allied_movement").place("pf1", PF, "B0305")
    step = log._n()
    log.events += [Entered(step, ref(u), OFF_MAP, "B0306") for u in ("A-ENG", "A-DREC")]
    log.roll("Movement Allowance 2d6", 2, 2).move("A-ENG", "B0307").move("A-DREC", "B0307")
    return [v for j in log.phase(8, "allied_organization").check(**readings).judged for v in j.verdicts]


def test_a_serial_moves_on_one_landing_ma_roll():  # AIR-17, ScR 6.6.5.1 (L1243); READINGS landing_ma_roll
    assert not [v for v in illegal(serial_moves()) if v.rule == "HTTR ScR 6.6.5.1"]
    assert "HTTR ScR 6.6.5.1" in rules_broken(serial_moves(landing_ma_roll="unit"))  # A-DREC has no roll of its own


BIG = ("A-INF5", "A-INF6", "A-HW", "A-ENG", "A-ART", "A-ART2", "A-ART3", "A-TANK", "GB-ENG", "A-REC", "A-AT",
       "A-DREC")  # 32 SP


def big_serial(tmp_path: Path, display: bool, **readings: str) -> list[str]:
    """BIG lands as one serial on B0306, on a copy of the synthetic game whose Formation Display has it as a serial
    (``display``) or not."""
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    toml = copy / "game.toml"
    row = '["A-INF1", "A-INF2"], ["A-INF4"]'
    extra = f", {json.dumps(list(BIG))}" if display else ""
    toml.write_text(toml.read_text().replace(f"rows = [{row}]", f"rows = [{row}{extra}]"))
    log = Log({u: (None, {"Mode": "Defilade"}) for u in BIG}, load_game(copy)).phase(8, "allied_movement") \
        .place("pf1", PF, "B0305")
    step = log._n()
    log.events += [Entered(step, ref(u), OFF_MAP, "B0306") for u in BIG]
    return rules_broken([v for j in log.check(**readings).judged for v in j.verdicts])


def test_a_display_serial_may_hold_more_than_28_sp(tmp_path: Path):  # AIR-13, ScR 6.1 (L1174) vs 6.7.10 (L1256)
    assert "HTTR ScR 6.7.10" not in big_serial(tmp_path / "a", display=True)
    assert "HTTR ScR 6.7.10" in big_serial(tmp_path / "b", display=False)  # a serial made by rearranging
    assert "HTTR ScR 6.7.10" in big_serial(tmp_path / "c", display=True, display_serial_sp="all")


def test_the_thirty_hex_range_binds_allied_strikes(tmp_path: Path):  # AS-8, ScR 7.2.8 (L1276) vs 15.8.3-15.8.4
    """On a copy of the bundled game naming Guards Armored the 30 Corps formations (as test_airstrikes does): a
    German strike on 501/101 in B1010, 60 hexes from 5/GA in C1010 (READINGS airstrike_range)."""
    copy = tmp_path / "highway-to-the-reich"
    shutil.copytree(Path(__file__).resolve().parents[3] / "games" / "highway-to-the-reich", copy)
    with open(copy / "game.toml", "a") as f:
        f.write('\n[special.spearhead]\nformations = ["Guards Armored"]\nsource = "test: HTTR ScR 7.2.8"\n')
    corps = load_game(copy)

    def german(**readings: str) -> list[str]:
        log = Log({"501/101": "B1010", "5/GA": "C1010"}, corps).phase(13, "german_fire").place("a", STRIKE, "B1010")
        return rules_broken(log.check(**readings).judged[-1].verdicts)
    assert "HTTR ScR 7.2.8" not in german()
    assert "HTTR ScR 7.2.8" in german(airstrike_range="all")
