"""Displacement (F&M 8.3.1), retreat direction (F&M 8.3, 8.1.5) and the SFM pool (F&M 7.1-7.2) on the
synthetic F&M game (red's friendly edge is the east edge, column 12; blue is allotted 3 SFMs in GT 1,
red 2; the GT 2 allotment is unknown)."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from tests.conftest import ROOT
from tests.rules.helpers import Log, illegal_rules, verdicts

SYN = ROOT / "tests" / "data" / "synthetic-fm"


@pytest.fixture(scope="module")
def game():
    return load_game(SYN)


def corner(game, *after, r4="1103"):
    # R2 in the corner hex 1201 attacked from 1101: 3 + 1 (SFM) - 2 = +2, die 1 -> D2. Its only hexes two
    # away outside the blue ZOC are 1103 and 1203; R1 holds 1203 and (unless r4 is moved) R4 holds 1103.
    log = Log(game, {"B1": "1101", "R2": "1201", "R1": "1203", "R4": r4}).phase(1, "first-combat") \
        .say("attack 1201 from 1101 sfm 1").roll(1)
    for f in after:
        f(log)
    return log.check()


def test_displacement_only_when_every_final_hex_is_friendly_occupied(game) -> None:
    ok = corner(game, lambda l: l.move("R2", "1201", "1202", "1203"), lambda l: l.move("R1", "1203", "1204"))
    assert illegal_rules(ok) == [] and verdicts(ok, 4) == [Legal()]
    # with 1103 vacant, R2 could have ended its retreat there: no displacement (F&M 8.3.1)
    bad = corner(game, lambda l: l.move("R2", "1201", "1202", "1203"), lambda l: l.move("R1", "1203", "1204"),
                 r4="0101")
    assert illegal_rules(bad) == [(4, "F&M 8.3.1")]
    # the displaced unit moves one hex only, and not into an enemy ZOC
    far = corner(game, lambda l: l.move("R2", "1201", "1202", "1203"), lambda l: l.move("R1", "1203", "1204", "1205"))
    assert illegal_rules(far) == [(4, "F&M 8.3.1")]
    ezoc = Log(game, {"B1": "1101", "B3": "1104", "R2": "1201", "R1": "1203", "R4": "1103"}) \
        .phase(1, "first-combat").say("attack 1201 from 1101 sfm 1").roll(1) \
        .move("R2", "1201", "1202", "1203").move("R1", "1203", "1204").check()
    assert (4, "F&M 8.3.1") in illegal_rules(ezoc)


def test_retreat_ends_closer_to_the_friendly_map_edge(game) -> None:
    # R2 in 0705 (5 hexes from the east edge) after a D2 from 0604 + 0605 (3 + 2 - 2 = +3, die 1)
    base = Log(game, {"B1": "0604", "B3": "0605", "R2": "0705"}).phase(1, "first-combat") \
        .say("attack 0705 from 0604 0605").roll(1)
    assert illegal_rules(base.move("R2", "0705", "0805", "0905").check()) == []


def bombard(game, *path):
    # blue's only unit is B1 in 0603, two hexes from R2; +4 SFM - 2 = +2, die 1 -> D2
    return Log(game, {"B1": "0603", "R2": "0705"}).phase(1, "first-bombardment").say("bombard 0705 sfm 4") \
        .roll(1).move("R2", *path).check()


def test_bombardment_retreat_goes_farther_from_the_closest_enemy(game) -> None:
    assert illegal_rules(bombard(game, "0705", "0706", "0806")) == []          # 4 from B1, 4 from the edge
    assert illegal_rules(bombard(game, "0705", "0605", "0505")) == [(3, "F&M 8.1.5")]  # still 2 from B1
    # farther from B1 (3) but away from red's east edge (6 > 5) although 0806 was open: F&M 8.3
    assert illegal_rules(bombard(game, "0705", "0605", "0606")) == [(3, "F&M 8.3")]


def test_bombardment_retreat_with_no_enemy_on_the_map_goes_towards_a_friend(game) -> None:
    # the friendly-edge choice is not in question here: R2 retreats along the east edge
    def log(*path):
        return Log(game, {"R2": "1205", "R1": "1209"}).phase(1, "first-bombardment").say("bombard 1205 sfm 4") \
            .roll(1).move("R2", *path).check()
    assert illegal_rules(log("1205", "1206", "1207")) == []
    assert illegal_rules(log("1205", "1204", "1203")) == [(3, "F&M 8.1.5")]


def test_sfm_allotment_is_used_once_per_game_turn(game) -> None:
    setup = {"B1": "0604", "R2": "0705", "R4": "1201", "R1": "0910"}
    ok = (Log(game, setup).phase(1, "first-bombardment").say("bombard 0705 sfm 1").roll(4)   # -1: A1, no effect
          .say("bombard 1201 sfm 1 1").roll(6).check())                                     # +1: A1, no effect
    assert illegal_rules(ok) == []
    bad = (Log(game, setup).phase(1, "first-bombardment").say("bombard 0705 sfm 1").roll(4)
           .say("bombard 1201 sfm 1 1").roll(6).say("bombard 0910 sfm 1").roll(4).check())
    assert illegal_rules(bad) == [(5, "F&M 7.2")]
    # the defender's markers count against its own side's allotment (red: 2)
    dfn = (Log(game, setup).phase(1, "first-combat").say("attack 0705 from 0604 vs 1 1").roll(1)
           .phase(1, "first-mobile-combat").check())
    assert illegal_rules(dfn) == []
    dfn = (Log(game, setup).phase(1, "first-combat").say("attack 0705 from 0604 vs 1 1").roll(1)
           .phase(1, "second-bombardment").say("bombard 0604 sfm 1").roll(4).check())
    assert illegal_rules(dfn) == [(4, "F&M 7.2")]


def test_sfm_allotment_unknown_is_not_checkable(game) -> None:
    rep = Log(game, {"B1": "0604", "R2": "0705"}).phase(2, "first-bombardment").say("bombard 0705 sfm 1") \
        .roll(4).check()
    (v,) = verdicts(rep, 1)
    assert isinstance(v, NotCheckable) and "SFM allotment of blue for GT 2" in v.needs


def test_two_markers_at_most_on_one_hex(game) -> None:
    rep = Log(game, {"B1": "0604", "R2": "0705"}).phase(1, "first-bombardment").say("bombard 0705 sfm 1 1 1").check()
    assert ("F&M 8.1" in {v.rule for v in verdicts(rep, 1) if isinstance(v, Illegal)})
