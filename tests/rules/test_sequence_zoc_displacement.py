"""SEQ-2, SEQ-4, MOV-6, ZOC-7, ZOC-8, REI-3, CMB-3, BOM-5 and the attacker's displacement (F&M 8.3.1) on the
synthetic F&M game: each predicate with a legal and an illegal case. Rulebook lines are cited as AAC:<line>
(/work/shared/rulebooks/aachen-first-to-fall.txt, whose sections 1-9 are the F&M system rules) and ARN:<line>."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.fm.aachen.system import Aachen
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules.fm.retreat import blocked
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal
from tests.conftest import ROOT
from tests.rules.helpers import Log, illegal_rules, verdicts

SYN = ROOT / "tests" / "data" / "synthetic-fm"


@pytest.fixture(scope="module")
def game():
    return load_game(SYN)


def illegal_at(report, index: int) -> list[str]:
    return [v.rule for v in verdicts(report, index) if isinstance(v, Illegal)]


def test_seq2_the_first_player_acts_first_in_every_game_turn(game) -> None:
    # AAC:568 "The Allied player is the first player"; the synthetic scenario names blue first. With no turn
    # tracker the checker infers the phase: blue moving first is legal, blue moving after red is not.
    ok = Log(game, {"B1": "0205", "R2": "0707"}).move("B1", "0205", "0305").move("R2", "0707", "0708")
    rep = ok.check(Aachen(game))
    assert illegal_at(rep, 0) == []
    late = Log(game, {"B1": "0205", "R2": "0707"}).move("R2", "0707", "0708").move("B1", "0205", "0305")
    rep = late.check(Aachen(game))
    assert illegal_rules(rep) == [(1, "AAC 10.2")] and "first player" in verdicts(rep, 1)[0].reason


def test_seq4_only_the_active_player_attacks_or_bombards(game) -> None:
    # AAC:334 "The active player is the attacker and the inactive player is the defender".
    # +4 SFM - 2 (R2) = +2, die 2 -> Ex, no effect in a bombardment (F&M 8.1.3)
    ok = Log(game, {"B1": "0603", "R2": "0705"}).phase(1, "first-bombardment").say("bombard 0705 sfm 4").roll(2)
    assert illegal_rules(ok.check()) == []
    own = Log(game, {"B1": "0603", "R2": "0705"}).phase(1, "first-bombardment").say("bombard 0603 sfm 4").roll(2)
    rep = own.check()
    assert illegal_at(rep, 1) == ["F&M 8.0"] and "active player" in verdicts(rep, 1)[0].reason
    red = Log(game, {"B1": "0604", "R2": "0705"}).phase(1, "first-combat").say("attack 0604 from 0705").roll(4)
    rep = red.check()
    assert "F&M 8.0" in illegal_at(rep, 1) and "other player's turn" in verdicts(rep, 1)[0].reason


def test_mov6_unused_mp_are_not_carried_over_or_transferred(game) -> None:
    # AAC:205 "Cannot accumulate unused MPs from phase to phase or from turn to turn, nor can players transfer
    # MP from one unit to another unit." B1 has MA 4, B3 MA 6; every hex on these rows is clear (1 MP).
    full = Log(game, {"B1": "0205", "R1": "1201"}).phase(1, "first-movement").move("B1", "0205", "0305", "0405") \
        .phase(2, "first-movement").move("B1", "0405", "0505", "0605", "0705", "0805")
    assert illegal_rules(full.check()) == []
    carried = Log(game, {"B1": "0205", "R1": "1201"}).phase(1, "first-movement").move("B1", "0205", "0305", "0405") \
        .phase(2, "first-movement").move("B1", "0405", "0505", "0605", "0705", "0805", "0905")
    rep = carried.check()
    assert illegal_rules(rep) == [(3, "F&M 5.2")] and "has 0 of 4 left" in verdicts(rep, 3)[0].reason
    moved = Log(game, {"B1": "0205", "B3": "0109", "R1": "1201"}).phase(1, "first-movement") \
        .move("B1", "0205", "0305").move("B3", "0109", "0209", "0309", "0409", "0509", "0609", "0709")
    assert illegal_rules(moved.check()) == []
    transferred = Log(game, {"B1": "0205", "B3": "0109", "R1": "1201"}).phase(1, "first-movement") \
        .move("B1", "0205", "0305").move("B3", "0109", "0209", "0309", "0409", "0509", "0609", "0709", "0809")
    assert illegal_rules(transferred.check()) == [(2, "F&M 5.2")]


def test_zoc8_a_friendly_zoc_never_cancels_an_ezoc(game) -> None:
    # AAC:276 enemy and friendly ZOC "co-exist"; AAC:478 friendly units and ZOC do not negate an EZOC for retreat.
    # R1 in 0505 projects into 0405; blue B3 in 0404 is adjacent to 0405 too. Leg unit B1 stops in 0405.
    setup = {"B1": "0205", "B3": "0404", "R1": "0505"}
    stop = Log(game, setup).phase(1, "first-movement").move("B1", "0205", "0305", "0405")
    assert illegal_rules(stop.check()) == []
    on = Log(game, setup).phase(1, "first-movement").move("B1", "0205", "0305", "0405", "0406")
    rep = on.check()
    assert illegal_rules(rep) == [(1, "F&M 6.1")] and "moved on from 0405" in verdicts(rep, 1)[0].reason
    H = game.map.hex
    st = GameState({u: H(h) for u, h in {"B1": "0305", "B3": "0404", "R2": "0306", "R1": "0505"}.items()},
                   {u: game.units[u].side for u in game.units})
    r = Aachen(game)
    # red R2 may not retreat into 0405 (in blue B3's ZOC) although red R1 next to it projects a ZOC there too
    assert blocked(r, st, "R2", H("0306"), H("0405")) == ("F&M 8.3", "into 0405, in an enemy ZOC")
    assert blocked(r, st, "R1", H("0505"), H("0506")) is None  # 0506: in no blue ZOC


def test_zoc7_a_unit_crossing_a_ferry_counts_as_leg_for_ezoc(game) -> None:
    # ARN:375 "Units using printed ferries are treated as Leg units for movement into and out of EZOC (6.1)".
    # The synthetic ferry hexside is 0410/0510; R3 in 0610 projects a ZOC into 0510 but not into 0410 or 0509.
    setup = {"B2": "0410", "R3": "0610"}
    stop = Log(game, setup).phase(1, "first-movement").move("B2", "0410", "0510").check(Arnhem(game))
    assert illegal_rules(stop) == []
    on = Log(game, setup).phase(1, "first-movement").move("B2", "0410", "0510", "0509").check(Arnhem(game))
    assert illegal_rules(on) == [(1, "F&M 6.1")] and "moved on from 0510" in verdicts(on, 1)[0].reason
    # without the ferry the mobile unit pays 1 + 8 // 2 to enter the EZOC and goes on (F&M 6.1)
    land = Log(game, {"B2": "0409", "R3": "0610"}).phase(1, "first-movement").move("B2", "0409", "0510", "0509")
    assert illegal_rules(land.check(Arnhem(game))) == []


def test_rei3_no_reinforcement_onto_an_enemy_occupied_hex(game) -> None:
    # AAC:723 "If a unit's arrival hex is occupied by an enemy unit, the reinforcement may not arrive until a GT
    # wherein that hex is no longer occupied". R5 is due on GT 2 at the east edge.
    ok = Log(game, {"B1": "1204", "R1": "0101"}).phase(2, "second-movement").enter("R5", "1205")
    assert illegal_rules(ok.check(Aachen(game))) == []
    held = Log(game, {"B1": "1205", "R1": "0101"}).phase(2, "second-movement").enter("R5", "1205")
    rep = held.check(Aachen(game))
    assert illegal_rules(rep) == [(1, "AAC 15.0")] and "held by enemy B1" in verdicts(rep, 1)[0].reason


def test_cmb3_attacks_are_resolved_one_at_a_time(game) -> None:
    # AAC:339 "Players must resolve each attack prior to conducting any other attacks."
    # B1 (3) on R2 (2) with red's +2 SFM and B3 (2) on R1 (3): both -1 on the clear line, die 1: no effect
    setup = {"B1": "0604", "R2": "0705", "B3": "0503", "R1": "0603"}
    ok = Log(game, setup).phase(1, "first-combat").say("attack 0705 from 0604 vs 2").roll(1) \
        .say("attack 0603 from 0503").roll(1)
    assert illegal_rules(ok.check()) == []
    early = Log(game, setup).phase(1, "first-combat").say("attack 0705 from 0604 vs 2") \
        .say("attack 0603 from 0503").roll(1)
    rep = early.check()
    assert illegal_rules(rep) == [(2, "F&M 8.0")] and "one at a time" in verdicts(rep, 2)[0].reason


def bombard_d2(game, *after):
    # +4 SFM - 2 (R2) = +2 on the clear line, die 1: D2; R2 retreats farther from B1 (F&M 8.1.5)
    log = Log(game, {"B1": "0603", "R2": "0705"}).phase(1, "first-bombardment").say("bombard 0705 sfm 4").roll(1) \
        .move("R2", "0705", "0805", "0905")
    for f in after:
        f(log)
    return log.check()


def test_bom5_no_advance_after_a_bombardment(game) -> None:
    # AAC:512 "There is no advance after combat when conducting a bombardment."
    assert illegal_rules(bombard_d2(game)) == []
    rep = bombard_d2(game, lambda l: l.move("B1", "0603", "0604"))
    assert illegal_rules(rep) == [(4, "F&M 8.5")]


def attacker_displaces(game, *after, b6="0505"):
    # B1 (3) attacks R1 (3) in 0705 with red's +2 SFM: -2 on the clear line, die 2 -> A1. B1's only retreat
    # hexes (0504, 0505, 0603) hold B5, B6 and B2, so B1 retreats into 0603 and displaces B2 to 0602.
    setup = {"B1": "0604", "R1": "0705", "B2": "0603", "B5": "0504", "B6": b6, "R4": "0401", "B4": "0501"}
    log = Log(game, setup).phase(1, "first-combat").say("attack 0705 from 0604 vs 2").roll(2) \
        .move("B1", "0604", "0603").move("B2", "0603", "0602")
    for f in after:
        f(log)
    return log.check()


def test_a_retreating_attacker_displaces_only_when_every_final_hex_is_friendly(game) -> None:
    # AAC:487-490 displacement, "may not displace a friendly unit if any eligible vacant hex is available"
    ok = attacker_displaces(game)
    assert illegal_rules(ok) == []
    vacant = attacker_displaces(game, b6="1210")  # 0505 is empty: B1 had to retreat there
    assert illegal_rules(vacant) == [(4, "F&M 8.3.1")] and "vacant 0505" in verdicts(vacant, 4)[0].reason


def test_a_displaced_attacker_does_not_attack_again_that_player_turn(game) -> None:
    # AAC:496 "An attacker's displaced unit is ineligible to conduct an attack during the remainder of the
    # attacker's turn." B2 (displaced) moves next to R4 and attacks in the Mobile Combat Phase; B4 may.
    bad = attacker_displaces(game, lambda l: l.phase(1, "first-mobile-movement").move("B2", "0602", "0502"),
                             lambda l: l.phase(1, "first-mobile-combat").say("attack 0401 from 0502").roll(6))
    assert illegal_at(bad, 8) == ["F&M 8.3.1"] and "displaced" in verdicts(bad, 8)[0].reason
    ok = attacker_displaces(game, lambda l: l.phase(1, "first-mobile-combat").say("attack 0401 from 0501").roll(6))
    assert illegal_at(ok, 6) == []
