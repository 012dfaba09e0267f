"""Retreats and advances after close action, from the second audit (A2 items 10, 11, 13; issue #15), on the synthetic
game: the ground a retreat may cross (SR 10.5.1, 10.5.6), a Defilade unit of unknown type (SR 10.5.5-10.5.6), and the
retreat and advance a result calls for, made before anything else (SR 10.1.2, 10.5.1, 10.5.4).

Synthetic facts used: B0509/B0510 is a river hexside (prohibited to every movement column of the TEC), B0203/B0303 a
stream; against G-INF1 alone in B0304, A-INF1's CA from B0303 gives D on a 1d6 4 and "-" on a 5 (CA value 8 at 1:1,
asserted in test_ca_retreat_due); G-INF3 in B0509 against A-INF1 and A-INF2 from B0408 loses 1 SP on a 5 (3:1)."""
from __future__ import annotations

from hexforge.games import load_game

from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure

ALONE = {"G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": "B0101"}
RIVER = {"G-INF3": "B0509", "A-INF1": "B0408", "A-INF2": "B0408"}
GUN = {"A-AT": ("B0303", {"Mode": "Defilade"}), "G-INF2": "B0403"}  # 1d6 3: D; A-AT morale 6
ROLL = 2  # the judged index of the CA's 1d6 in the logs below (phase, declaration, roll)


def _ca(setup: dict, target: str, src: str, roll: int, side: str = "allied") -> Log:
    return Log(setup).phase(1, f"{side}_movement").say(f"ca {target} from {src}").roll("Close Action", roll)


def test_a_retreat_may_not_cross_a_river():  # CA-22, SR 10.5.1 (L616): a retreat only where the unit may enter
    assert rules_broken(last(_ca(RIVER, "B0509", "B0408", 5).move("G-INF3", "B0510").check())) == ["HTTR SR 10.5.1"]
    assert not illegal(last(_ca(RIVER, "B0509", "B0408", 5).move("G-INF3", "B0609").check()))


def test_the_bundled_game_cannot_say_where_a_unit_may_retreat():  # CA-22 on the bundled data: no mobility, no map
    company, german = "2/506 5-3 no.1", "Brandt 1/10SS Pio"
    log = Log({german: "C2808", company: ("C2908", {"Mode": "Concentrated"})}, load_game("highway-to-the-reich")) \
        .phase(1, "german_movement").say("ca C2908 from C2808").roll("Close Action", 4).move(company, "C3008")
    got = last(log.check())
    assert not illegal(got)
    assert any("units.csv mobility" in v.needs and "may retreat over" in v.needs for v in unsure(got))


def _gun(to: str) -> list:
    return last(_ca(GUN, "B0303", "B0403", 3, "german").roll("Morale Check", 2, 2).move("A-AT", to).check())


def test_an_in_battery_at_gun_does_not_retreat_across_a_stream():  # CA-27, SR 10.5.6 (L621)
    assert rules_broken(_gun("B0203")) == ["HTTR SR 10.5.6"]  # the check passed (4 against 6); the stream bars it
    assert not illegal(_gun("B0202"))


def test_a_defilade_unit_of_unknown_type_is_not_checkable():  # CA-26, CA-27, SR 10.5.5-10.5.6 (L620-621), A2 item 11
    company, german = "2/506 5-3 no.1", "Brandt 1/10SS Pio"
    log = Log({german: "C2808", company: ("C2908", {"Mode": "Defilade"})}, load_game("highway-to-the-reich")) \
        .phase(1, "german_movement").say("ca C2908 from C2808").roll("Close Action", 4).move(company, "C3008")
    got = last(log.check())
    assert not illegal(got)
    assert any(f"the type of unit {company} (units.csv type" in v.needs and "SR 10.5.5" in v.needs
               for v in unsure(got))


def test_in_battery_artillery_and_a_typed_defilade_unit():  # CA-26, SR 10.5.5 (L620): typed, the check judges
    guns = {"G-ART": ("B0304", {"Mode": "Defilade"}), "A-INF1": "B0303"}
    assert rules_broken(last(_ca(guns, "B0304", "B0303", 1).move("G-ART", "B0305").check())) == ["HTTR SR 10.5.5"]
    dug_in = {"G-INF1": ("B0304", {"Mode": "Defilade"}), "A-INF1": "B0303"}  # infantry: no battery
    got = last(_ca(dug_in, "B0304", "B0303", 1).move("G-INF1", "B0305").check())
    assert not illegal(got) and not any("units.csv type" in v.needs for v in unsure(got))


def test_a_disrupted_defender_retreats_before_another_unit_moves():  # CA-22, SR 10.5.1 (L616), 10.1.2 (L527)
    left = _ca(ALONE, "B0304", "B0303", 4).move("A-INF2", "B0102").check()  # D, yet G-INF1 stays in B0304
    assert rules_broken(left.judged[ROLL].verdicts) == ["HTTR SR 10.5.1"]
    assert "A-INF2 moved" in illegal(left.judged[ROLL].verdicts)[0].reason
    done = _ca(ALONE, "B0304", "B0303", 4).move("G-INF1", "B0305").move("A-INF1", "B0304") \
        .move("A-INF2", "B0102").phase(1, "allied_organization").check()
    assert all(not illegal(j.verdicts) for j in done.judged)


def test_the_retreat_is_due_by_the_next_close_action_or_the_phases_end():  # CA-22, SR 10.5.1, 10.1.2
    ended = _ca(ALONE, "B0304", "B0303", 4).phase(1, "allied_organization").check()
    assert rules_broken(ended.judged[ROLL].verdicts) == ["HTTR SR 10.5.1"]
    other = {**ALONE, "G-INF2": "B0707", "A-INF3": "B0706"}
    next_ca = _ca(other, "B0304", "B0303", 4).say("ca B0707 from B0706").check()
    assert rules_broken(next_ca.judged[ROLL].verdicts) == ["HTTR SR 10.5.1"]
    calm = _ca(ALONE, "B0304", "B0303", 5).move("A-INF2", "B0102").phase(1, "allied_organization").check()
    assert all(not illegal(j.verdicts) for j in calm.judged)  # "-": nothing to carry out


def test_an_eliminated_defender_vacates_the_hex():  # CA-22, CA-25: Fig 17 (L623) advances into an eliminated hex
    done = _ca(ALONE, "B0304", "B0303", 4).kill("G-INF1", "B0304").move("A-INF1", "B0304") \
        .phase(1, "allied_organization").check()
    assert all(not illegal(j.verdicts) for j in done.judged)


def test_undisrupted_attackers_advance_into_the_vacated_hex():  # CA-25, SR 10.5.4 (L619)
    stayed = _ca(ALONE, "B0304", "B0303", 4).move("G-INF1", "B0305").phase(1, "allied_organization").check()
    assert rules_broken(stayed.judged[ROLL].verdicts) == ["HTTR SR 10.5.4"]
    pair = {**ALONE, "A-INF2": "B0303"}  # 9:3, 1d6 4: result 2; then a Disrupted layer on A-INF2
    shaken = _ca(pair, "B0304", "B0303", 4).layer("A-INF2", "Disrupted", "Normal", "Disrupted") \
        .move("G-INF1", "B0305").move("A-INF1", "B0304").phase(1, "allied_organization").check()
    assert all(not illegal(j.verdicts) for j in shaken.judged)  # a disrupted attacker stays (SR 10.5.3)


def test_an_unknown_result_is_not_checkable_at_the_phases_end():  # CA-22, CA-25 on the bundled data
    company, german = "2/506 5-3 no.1", "Brandt 1/10SS Pio"
    log = Log({company: "C2808", german: "C2908"}, load_game("highway-to-the-reich")).phase(1, "allied_movement") \
        .say("ca C2908 from C2808").roll("Close Action", 4)
    ended = log.phase(1, "allied_organization").check()
    got = ended.judged[ROLL].verdicts
    assert not illegal(got)
    assert any("CA Results Table" in v.needs and f"whether {german} had to retreat (SR 10.5.1)" in v.needs
               for v in unsure(got))
    fled = Log({company: "C2808", german: "C2908"}, load_game("highway-to-the-reich")).phase(1, "allied_movement") \
        .say("ca C2908 from C2808").roll("Close Action", 4).move(german, "C3008").phase(1, "allied_organization")
    got = fled.check().judged[ROLL].verdicts
    assert not illegal(got)
    assert any("CA Results Table" in v.needs and "had to advance" in v.needs and "SR 10.5.4" in v.needs
               for v in unsure(got))


def test_a_forbidden_close_action_carries_no_obligation():  # CA-22 reading (ca_obligations.forbidden)
    """A-INF1 (A-REG1) and A-INF3 (A-REG2) may not combine (SR 10.1.6): the declaration is illegal; its result (1d6 4
    at 10:3, 2 SP) is not then also flagged for the retreat left undone; the same CA by one regiment is."""
    mixed = {**ALONE, "A-INF3": "B0303"}
    got = _ca(mixed, "B0304", "B0303", 4).phase(1, "allied_organization").check()
    assert rules_broken(got.judged[1].verdicts) == ["HTTR SR 10.1.6"]
    assert "result 2 (SR 10.3)" in got.judged[ROLL].verdicts[0].detail and not illegal(got.judged[ROLL].verdicts)
    same = _ca({**ALONE, "A-INF2": "B0303"}, "B0304", "B0303", 4).phase(1, "allied_organization").check()
    assert rules_broken(same.judged[ROLL].verdicts) == ["HTTR SR 10.5.1"]
