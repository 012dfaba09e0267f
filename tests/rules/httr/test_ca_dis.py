"""CA-19 (SR 10.3 L576, 10.4.3.3 L602): a CA Value Table "DIS" disrupts the attacker and the CA ceases, unless at
3:1 or more the lead unit passes a morale check (then one SP lost, CA value 1 one column right); CA-20 (SR 10.4.4.7
L610): an attacker in Defilade attacks at half strength; CA-17 (SR 10.2.7, 10.2.9 L562-L565): defending engineers'
special AT fire in open terrain.

A-GREEN (ER 1, morale 3, 9 SP; synthetic) at G-INF2 (ER 4, morale 7, 3 SP) in the clear B0304: ER differential -3,
morale -4, the synthetic table's open line cell DIS (tests/games/httr-synthetic/tables/close_action_value.toml:
synthetic DIS cells). At night (SR 20.4: two columns left) the adjacent start's one right leaves it DIS (the reading:
below 1 is DIS); by day the adjacent start lifts it to 1.
"""
from __future__ import annotations

import shutil
from dataclasses import replace
from types import MappingProxyType

from hexforge.games import load_game
from hexforge.maps.terrain import Unknown
from hexforge.rules import rules_for
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.close_action import strengths
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.httr.values import DIS, ca_result, ca_special_at_points, ca_value

from tests.rules.httr.helpers import SYNTHETIC, Log, game, illegal, last, rules_broken

C, DF = {"Mode": "Concentrated"}, {"Mode": "Defilade"}
NIGHT = 6  # a night GT of the synthetic calendar (test_ca_value)
GREEN = {"A-GREEN": ("B0303", C), "G-INF2": ("B0304", C)}  # 9 SP to 3: 3:1
EVEN = {**GREEN, "G-INF3": ("B0304", C)}  # 9 SP to 6: 1:1


def declared(setup: dict, turn: int = NIGHT, g=None) -> Log:
    return Log(setup, g).phase(turn, "allied_movement").say("ca B0304 from B0303")


def verdicts(log: Log) -> list:
    return [v for j in log.check().judged for v in j.verdicts]


def test_the_synthetic_table_has_dis_where_the_attacker_is_worst():  # CA-19: the DIS cells are a value the code reads
    g = game()
    assert ca_value(g, "open", 1 - 4, 3 - 7, adjacent_start=False) == DIS
    assert ca_value(g, "open", 1 - 4, 3 - 7, adjacent_start=True) == DIS + 1  # one column right: 1
    assert ca_value(g, "open", -2, -4, adjacent_start=False) == 2  # the next row has none


def test_a_dis_disrupts_the_attackers_and_the_ca_ceases_without_its_die():  # CA-19, SR 10.3 (L576)
    """Legal: the attacker is disrupted and the next unit moves; illegal: the CA's die rolled after a DIS, or the
    attacker not disrupted when the CA ceased."""
    ceased = declared(GREEN).layer("A-GREEN", "Disrupted", "", "Disrupted").move("A-INF1", "B0102", "B0103")
    said = verdicts(ceased)
    assert not illegal(said), illegal(said)
    assert any("the CA value is DIS" in (getattr(v, "detail", "") or "") for v in said)
    rolled = last(declared(GREEN).layer("A-GREEN", "Disrupted", "", "Disrupted").roll("Close Action", 3).check())
    assert rules_broken(rolled) == ["HTTR SR 10.3"] and "no morale check" in illegal(rolled)[0].reason
    calm = verdicts(declared(GREEN).move("A-INF1", "B0102", "B0103"))
    assert rules_broken(calm) == ["HTTR SR 10.3"] and "A-GREEN is not" in illegal(calm)[0].reason


def test_by_day_the_adjacent_start_lifts_the_dis_to_one():  # CA-19, SR 10.4.3.2 (L601): the reading
    got = last(declared(GREEN, turn=1).roll("Close Action", 3).check())
    assert not illegal(got) and f"CA value 1, odds 9:3 = 3:1, 1d6 3: result {ca_result(game(), 1, '3:1', 3)} " in \
        (got[0].detail or "")


def test_a_passed_morale_check_at_three_to_one_ignores_the_dis():  # CA-19, SR 10.3 (L576), 10.4.3.3 (L602)
    """A-GREEN passes (2d6 3 against morale 3): one SP lost (8:3, 2:1) and CA value 1 one column right, 2; the 1d6 1
    gives 2|2:1's D (3:1 would give 1 SP), so the defender's Disrupted layer is due."""
    log = declared(GREEN).roll("Morale Check", 1, 2).roll("Close Action", 1)
    got = last(log.check())
    detail = got[0].detail or ""
    assert not illegal(got) and "CA value DIS ignored" in detail, got
    assert f"value 2, odds 8:3 = 2:1, 1d6 1: result {ca_result(game(), 2, '2:1', 1)} " in detail
    assert ca_result(game(), 2, "2:1", 1) != ca_result(game(), 2, "3:1", 1)
    assert not illegal(last(log.layer("G-INF2", "Disrupted", "", "Disrupted").check()))


def test_a_failed_morale_check_or_odds_below_three_to_one_keep_the_dis():  # CA-19, SR 10.3 (L576)
    failed = last(declared(GREEN).roll("Morale Check", 2, 2).roll("Close Action", 1).check())
    assert rules_broken(failed) == ["HTTR SR 10.3"] and "failed the morale check" in illegal(failed)[0].reason
    even = last(declared(EVEN).roll("Morale Check", 1, 2).roll("Close Action", 1).check())
    assert rules_broken(even) == ["HTTR SR 10.3"] and "below 3:1" in illegal(even)[0].reason
    stopped = declared(GREEN).roll("Morale Check", 2, 2).layer("A-GREEN", "Disrupted", "", "Disrupted") \
        .move("A-INF1", "B0102", "B0103")
    assert not illegal(verdicts(stopped))


def test_the_bundled_game_without_a_ca_value_table_is_not_checkable():  # CA-19: bundled data lacks the table
    got = ca_value(load_game("highway-to-the-reich"), "open", 1 - 4, 3 - 7, adjacent_start=False)
    assert isinstance(got, Unknown) and "close_action_value" in got.needs


def test_an_attacker_in_defilade_attacks_at_half_strength():  # CA-20, SR 10.4.4.7 (L610)
    """A-GREEN (9 SP) at G-INF2 (3 SP) by day, CA value 1: Concentrated 9:3 = 3:1, the 1d6 3 gives D and the
    defender's Disrupted layer is due; in Defilade 5:3 = 1:1 (9 halved, rounded up), the 1d6 3 gives A and the same
    layer is illegal (SR 5.1)."""
    def fight(mode: dict) -> Log:
        return Log({**GREEN, "A-GREEN": ("B0303", mode)}).phase(1, "allied_movement").say("ca B0304 from B0303") \
            .roll("Close Action", 3)
    hid, seen = fight(DF), fight(C)
    assert f"odds 5:3 = 1:1, 1d6 3: result {ca_result(game(), 1, '1:1', 3)} " in (last(hid.check())[0].detail or "")
    assert f"odds 9:3 = 3:1, 1d6 3: result {ca_result(game(), 1, '3:1', 3)} " in (last(seen.check())[0].detail or "")
    assert rules_broken(last(hid.layer("G-INF2", "Disrupted", "", "Disrupted").check())) == ["HTTR SR 5.1"]
    assert not illegal(last(seen.layer("G-INF2", "Disrupted", "", "Disrupted").check()))


def test_defending_engineers_add_their_sp_in_open_terrain():  # CA-17, SR 10.2.7 (L562), 10.2.9 (L564-L565)
    """10.2.9's example: 6 German infantry SP to 5 and a 2 SP engineer give 1 + 2; in the open the infantry's 1 is
    lost ('no infantry contribution'), not the engineer's 2; with no infantry excess the engineers add nothing."""
    assert ca_special_at_points(6, 5, 2, defending=True) == 3
    assert ca_special_at_points(6, 5, 2, defending=True, open_terrain=True) == 2
    assert ca_special_at_points(5, 5, 2, defending=True, open_terrain=True) == 0


def test_a_defending_engineer_fires_special_at_in_the_clear():  # CA-17, SR 10.2.7 (L562), 10.2.9 (L565)
    """A-TANK and A-INF1 (5 SP) close-assault the clear B0304: G-INF2 and G-INF3 (6 SP, an excess of 1) with the
    engineer G-PIO6FJ (3 SP) fire AT at A-TANK: the engineer's 3 SP count in the open, the infantry's 1 does not;
    without G-INF3 (3 SP to 5) the engineer may not fire (SR 10.2.7)."""
    def shot(*germans: str) -> list:
        setup = {**{u: ("B0304", C) for u in germans}, "A-TANK": ("B0303", C), "A-INF1": ("B0303", C)}
        return Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").say("at B0303 from B0304") \
            .roll("AT Fire", 6, 5).check().judged
    fired = shot("G-INF2", "G-INF3", "G-PIO6FJ")
    assert not any(illegal(j.verdicts) for j in fired)
    assert "(3 excess SP)" in (fired[-1].verdicts[0].detail or "")
    assert rules_broken(shot("G-INF2", "G-PIO6FJ")[-2].verdicts) == ["HTTR SR 10.2.7"]


def test_an_attacker_of_unknown_mode_is_not_known_where_halving_changes_the_odds():  # CA-20, SR 10.4.4.7
    """A built module starts each piece at its Mode layer's level; a unit the log never gave a mode (its mode removed
    here) may be in Defilade: A-GREEN 9:3 (3:1) or 5:3 (1:1) is not known, A-INF1 5:3 or 3:3 (1:1 both) is."""
    def strength(attacker: str, defender: str) -> tuple:
        log = Log({attacker: "B0303", defender: ("B0304", C)}).phase(1, "allied_movement")
        r = HttrReferee(rules_for(log.game), log.timeline(), None)
        r.run()
        m = mem.memory(r.state)
        r.state = r.state.remember(replace(m, modes=MappingProxyType({k: v for k, v in m.modes.items()
                                                                        if k != attacker})))
        return strengths(r, (attacker,), (defender,))
    att, dfn, weak = strength("A-GREEN", "G-INF2")
    assert (att, dfn) == (9, 3) and isinstance(weak, Unknown) and "the mode of A-GREEN" in weak.needs
    assert strength("A-INF1", "G-INF1") == (5, 3, None)


def test_a_ca_value_not_known_leaves_a_ceased_ca_not_checkable(tmp_path):  # CA-19, SR 10.3 (L576), 10.1.8
    """The DIS rows open|-4, open|-3, cover|-2 and cover|-1 unknown: a CA left without its die, its attacker
    disrupted, may have been a DIS (not checkable); its attacker not disrupted, it is illegal whatever the value (the
    die was due, or the DIS disrupts)."""
    folder = tmp_path / SYNTHETIC.name
    shutil.copytree(SYNTHETIC, folder)
    path = folder / "tables" / "close_action_value.toml"
    row = 'cells = ["DIS", "DIS", "DIS", 2, 2, 2, 3, 3, 3, 4, 4, 4, 5]'
    text = path.read_text(encoding="utf-8")
    assert text.count(row) == 4  # open|-4, open|-3, cover|-2, cover|-1
    path.write_text(text.replace(row, "cells = [" + ", ".join(['"unknown"'] * 13) + "]"), encoding="utf-8")
    g = load_game(folder)
    left = verdicts(declared(GREEN, g=g).layer("A-GREEN", "Disrupted", "", "Disrupted")
                    .move("A-INF1", "B0102", "B0103"))
    assert not illegal(left) and any("whether the CA value is DIS" in getattr(v, "needs", "") for v in left)
    calm = verdicts(declared(GREEN, g=g).move("A-INF1", "B0102", "B0103"))
    assert rules_broken(calm) == ["HTTR SR 10.1.8"]
