"""HTTR special AT fire in close action (SR 10.2, CA-17) on the synthetic game: A-ENG (engineer, 4 SP) and A-INF1
(infantry, 5 SP) close-assault B0304 from B0303, where G-AFV (an AFV of class heavy, 2 SP) and G-INF1 (infantry,
3 SP) stand; G-PIO6FJ is a German engineer of 3 SP, A-TANK an Allied AFV."""
from __future__ import annotations

from hexforge.rules.httr.values import at_fire_value
from tests.rules.httr.helpers import Log, game, illegal, last, rules_broken, unsure

CA = {"G-AFV": "B0304", "G-INF1": "B0304", "A-ENG": "B0303", "A-INF1": "B0303"}


def shot(setup: dict, at: str, *rolls: tuple[int, ...], ca_first: bool = False) -> Log:
    log = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303")
    if ca_first:
        log.roll("Close Action", 3)
    log.say(at)
    for r in rolls:
        log.roll("AT Fire", *r)
    return log


def everything(log: Log) -> list:
    return [v for j in log.check().judged for v in j.verdicts]


def test_the_atfv_adds_the_excess_sp():  # CA-17, SR 10.2.6 (L561): engineers capped by the excess infantry
    got = last(shot(CA, "at B0304 from A-ENG", (6, 5)).check())
    value = at_fire_value(game(), "medium", "heavy", 2)  # 5 - 3 = 2 excess infantry SP: 2 of A-ENG's 4
    assert not illegal(got) and any(f"ATFV {value} (2 excess SP), 2d6 11: a miss" in (v.detail or "") for v in got)
    more = {**CA, "A-INF2": "B0303"}  # 9 - 3 = 6 excess: all 4 engineer SP
    got = last(shot(more, "at B0304 from A-ENG", (6, 5)).check())
    assert any(f"ATFV {at_fire_value(game(), 'medium', 'heavy', 4)} (4 excess SP)" in (v.detail or "") for v in got)


def test_a_special_at_loss_has_the_effects_of_fire():  # CA-17, SR 10.2.12 (L568), 6.7.7 (L392)
    def then(log: Log) -> list:  # the close action goes on (CA value 9 at 1:1, 1d6 3: result 1), its defenders
        # retreat and its attackers advance (SR 10.5.1, 10.5.4: before the phase ends), the phase ends
        log.roll("Close Action", 3).move("G-AFV", "B0305").move("G-INF1", "B0305")
        return everything(log.move("A-ENG", "B0304").move("A-INF1", "B0304").phase(1, "allied_organization"))
    assert rules_broken(then(shot(CA, "at B0304 from A-ENG", (1, 1)))) == ["HTTR SR 6.7.7"]
    assert not illegal(then(shot(CA, "at B0304 from A-ENG", (1, 1)).mode("G-AFV", "Defilade")))
    assert not illegal(then(shot(CA, "at B0304 from A-ENG", (6, 5))))


def test_the_special_at_fire_comes_before_the_close_action():  # CA-17, SR 10.2.2 (L552)
    late = Log(CA).phase(1, "allied_movement").say("ca B0304 from B0303").say("at B0304 from A-ENG") \
        .roll("Close Action", 3).roll("AT Fire", 6, 5)
    assert rules_broken(last(late.check())) == ["HTTR SR 10.2.2"]


def test_the_side_with_fewer_engineers_is_negated():  # CA-17, SR 10.2.8 (L563)
    both = {"G-AFV": "B0304", "G-PIO6FJ": "B0304", "G-INF1": "B0304", "G-INF2": "B0304", "A-ENG": "B0303",
            "A-TANK": "B0303", "A-INF1": "B0303"}
    assert not illegal(last(shot(both, "at B0304 from A-ENG").check()))  # 4 engineer SP against 3
    assert rules_broken(last(shot(both, "at B0303 from G-PIO6FJ").check())) == ["HTTR SR 10.2.8"]


def test_the_bundled_strengths_are_not_known():  # CA-17 on the bundled data: no infantry or engineer SP
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    company, german = "2/506 5-3 no.1", "Brandt 1/10SS Pio"
    log = Log({company: "C2808", german: "C2908", "HCav Troop A": "C2808"}, BUNDLED).phase(6, "german_movement") \
        .say("ca C2808 from C2908").say(f"at C2808 from \"{german}\"")
    got = last(log.check())
    assert not illegal(got) and unsure(got), got


def test_a_defending_afv_in_cover_loses_its_defilade_benefit():  # CA-17, SR 10.2.11 (L567), 6.4.4.4 (L266)
    town = {"G-AFV": ("B0307", {"Mode": "Defilade"}), "G-INF1": "B0307", "A-ENG": "B0306", "A-INF1": "B0306"}
    log = Log(town).phase(1, "allied_movement").say("ca B0307 from B0306").say("at B0307 from A-ENG") \
        .roll("AT Fire", 6, 5)
    value = at_fire_value(game(), "medium", "heavy", 2)  # no -2 for the defiladed AFV in the town
    assert any(f"ATFV {value} (2 excess SP)" in (v.detail or "") for v in last(log.check()))
