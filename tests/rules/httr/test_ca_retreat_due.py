"""CA-22, SR 10.5.1 (L616): only a defender the close action disrupted retreats. On the synthetic game (its CA
Results Table: "-" no effect, "A" the attacker's result, "D" or a number the defender disrupted), G-INF1 in B0304
is attacked from B0303; the rolls below give the results the table's cells name (checked in each test)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, last, rules_broken

ALONE = {"G-INF1": "B0304", "A-INF1": "B0303"}  # CA value 8 at 1:1: rolls 3-4 give D, 5-6 give "-"
PAIR = {"G-INF1": "B0304", "G-INF2": "B0304", "A-INF1": "B0303"}  # CA value 6 at 1:2: rolls 5-6 give A


def _retreat(setup: dict, roll: int, result: str) -> list:
    log = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", roll)
    assert f"result {result} (SR 10.3)" in last(log.check())[0].detail
    return last(log.move("G-INF1", "B0305").check())


def test_a_defender_retreats_after_a_disruption():  # CA-22: legal
    assert not illegal(_retreat(ALONE, 4, "D"))


def test_no_retreat_after_no_effect():  # CA-22: illegal
    assert rules_broken(_retreat(ALONE, 5, "-")) == ["HTTR SR 10.5.1"]


def test_no_retreat_after_the_attackers_result():  # CA-22: illegal
    assert rules_broken(_retreat(PAIR, 6, "A")) == ["HTTR SR 10.5.1"]


def test_the_bundled_game_cannot_say_whether_a_retreat_is_due():  # CA-22 on the bundled data: one CA cell known
    from hexforge.games import load_game
    from hexforge.rules.verdict import NotCheckable
    company, german = "2/506 5-3 no.1", "Brandt 1/10SS Pio"
    log = Log({company: "C2808", german: "C2908"}, load_game("highway-to-the-reich")).phase(1, "allied_movement") \
        .say("ca C2908 from C2808").roll("Close Action", 4).move(german, "C3008")
    got = last(log.check())
    assert not illegal(got)
    assert any(isinstance(v, NotCheckable) and "CA Results Table" in v.needs for v in got)


def _advance(roll: int, *retreat: str) -> list:
    log = Log(ALONE).phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", roll)
    if retreat:
        log.move("G-INF1", *retreat)
    return last(log.move("A-INF1", "B0304").check())


def test_an_attacker_advances_into_the_vacated_hex():  # CA-25, SR 10.5.4 (L619): legal after the retreat
    assert not illegal(_advance(4, "B0305"))


def test_no_advance_into_a_hex_the_defender_still_holds():  # CA-25, SR 10.5.4: illegal
    assert rules_broken(_advance(5)) == ["HTTR SR 10.5.4"]  # "-": G-INF1 stays
    assert rules_broken(_advance(4)) == ["HTTR SR 10.5.4"]  # D, but G-INF1 has not retreated yet


def test_a_defender_answers_to_its_own_close_action():  # CA-22: a later CA's result is not this defender's
    # G-INF1 is disrupted (D) by the first CA; a second, at G-INF2, has no effect ("-"): G-INF1 may still retreat,
    # G-INF2 may not
    setup = {**ALONE, "G-INF2": "B0707", "A-INF2": "B0706"}
    log = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", 4) \
        .say("ca B0707 from B0706").roll("Close Action", 5)
    assert "result - (SR 10.3)" in last(log.check())[0].detail
    assert not illegal(last(log.move("G-INF1", "B0305").check()))
    assert rules_broken(last(log.move("G-INF2", "B0708").check())) == ["HTTR SR 10.5.1"]


def test_a_close_action_disrupts_only_whom_its_result_names():  # MOD-1, SR 5.1 (L134) after SR 10.3
    # after "-" neither side is disrupted by the CA: a Disrupted layer put on G-INF1 then is voluntary; after D it is due
    def disrupted(roll: int) -> list:
        log = Log(ALONE).phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", roll)
        return last(log.layer("G-INF1", "Disrupted", "", "Disrupted").check())
    assert rules_broken(disrupted(5)) == ["HTTR SR 5.1"]
    assert not illegal(disrupted(4))
