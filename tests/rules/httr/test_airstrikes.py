"""HTTR airstrikes (ScR 7) on the synthetic game: an Airstrike marker on the target's hex designates a strike, the
Airstrike Check (1d6) and Airstrike (2d6) buttons resolve it. Its calendar: GT 7 a clear night, GT 8 a clear
0601 day, GT 9 a 0901 day of P weather, GT 10 (weather unknown) and GT 11 (P) PM days, all on 18 Sep; GT 5 on
17 Sep. The data's [special.airstrikes]: AM GTs begin 0131, 0601, 0901; German strikes from GT 6 and in a PM GT
after a 1d6 of 1-4."""
from __future__ import annotations

import shutil
from pathlib import Path

from hexforge.games import load_game
from hexforge.rules.verdict import Legal
from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure

START = {"G-INF1": "B0305", "G-LDR": "B0308", "A-INF1": "B0304", "A-INF2": "B0101"}
STRIKE = "Airstrike"


def fire(turn: int = 8, side: str = "allied") -> Log:
    return Log(START).phase(turn, f"{side}_fire")


def strike(log: Log, h: str = "B0305", n: int = 1) -> Log:
    for i in range(n):
        log.place(f"as{len(log.events)}-{i}", STRIKE, h)
    return log


def verdicts(log: Log) -> list:
    return [v for j in log.check().judged for v in j.verdicts]


def resolved(log: Log, check: int = 3) -> Log:
    return log.roll("Airstrike Check", check).roll("Airstrike", 2, 2)  # 4: '-' on the synthetic ABT grid


def test_a_strike_designated_first_and_resolved_at_the_end_is_legal():  # AS-3, ScR 7.1.5 (L1266-L1267)
    log = resolved(strike(fire()).say("df B0305 from A-INF1").roll("Direct Fire", 1, 1)).phase(8, "allied_movement")
    assert not illegal(verdicts(log))


def test_a_strike_is_the_first_action_of_the_owners_fire_phase():  # AS-3, ScR 7.1.5, 7.2.9 (L1266, L1277)
    after_fire = strike(fire().say("df B0305 from A-INF1"))
    assert rules_broken(last(after_fire.check())) == ["HTTR ScR 7.1.5"]
    moving = strike(Log(START).phase(8, "allied_movement"))
    assert rules_broken(last(moving.check())) == ["HTTR ScR 7.2.9"]


def test_strikes_wait_for_df_and_if_and_are_all_resolved_in_the_phase():  # AS-3, ScR 7.1.5, 7.2.10 (L1267, L1278)
    early = resolved(strike(fire())).say("df B0305 from A-INF1")
    assert "HTTR ScR 7.1.5" in rules_broken(last(early.check()))
    unresolved = strike(fire()).phase(8, "allied_movement")
    assert rules_broken(last(unresolved.check())) == ["HTTR ScR 7.2.10"]
    later = strike(fire()).phase(8, "allied_movement").roll("Airstrike Check", 2)
    assert rules_broken(last(later.check())) == ["HTTR ScR 7.2.10"]


def test_the_abt_roll_follows_a_check_of_one_to_five():  # AS-3, ScR 7.1.5 note (L1267)
    assert rules_broken(last(strike(fire()).roll("Airstrike", 4, 3).check())) == ["HTTR ScR 7.1.5"]
    voided = strike(fire()).roll("Airstrike Check", 6)
    assert not illegal(last(voided.check()))
    assert rules_broken(last(voided.roll("Airstrike", 4, 3).check())) == ["HTTR ScR 7.1.5"]


def test_no_strike_at_a_leader_alone_or_at_no_enemy():  # AS-4, ScR 7.2.1b, 7.2.5 (L1269, L1273)
    assert rules_broken(last(strike(fire(), "B0308").check())) == ["HTTR ScR 7.2.1"]
    assert rules_broken(last(strike(fire(), "B0101").check())) == ["HTTR ScR 7.2.5"]
    assert not illegal(last(strike(fire(), "B0305").check()))


def test_at_most_three_strikes_on_a_hex_in_a_turn():  # AS-6, ScR 7.2.2 (L1270)
    assert not illegal(last(strike(fire(), n=3).check()))
    assert rules_broken(last(strike(fire(), n=4).check())) == ["HTTR ScR 7.2.2"]


def test_night_and_p_weather_strikes_come_in_pairs_and_triples():  # AS-6, ScR 7.2.4 (L1272)
    def end(turn: int, n: int) -> list:
        log = strike(fire(turn), n=n)
        for _ in range(n):
            resolved(log)
        return last(log.phase(turn, "allied_movement").check())
    assert rules_broken(end(9, 1)) == ["HTTR ScR 7.2.4"]  # P weather
    assert not illegal(end(9, 2))
    assert rules_broken(end(7, 3)) == ["HTTR ScR 7.2.4"]  # a clear night: pairs
    assert not illegal(end(7, 2))
    assert not illegal(end(8, 1))
    assert unsure(end(10, 1))  # GT 10's weather is not in the data: not checkable, never legal
    assert not illegal(end(10, 1))


def test_no_german_strike_before_the_sixth_turn():  # AS-9, ScR 7.2.12 (L1280)
    assert rules_broken(last(strike(fire(5, "german"), "B0101").check())) == ["HTTR ScR 7.2.12"]
    assert not illegal(last(strike(fire(8, "german"), "B0101").check()))


def test_one_am_and_one_pm_turn_a_day():  # AS-2, ScR 7.1.2, 7.2.3 (L1263, L1271)
    twice_am = strike(resolved(strike(fire(8))).phase(9, "allied_fire"), n=2)
    assert rules_broken(last(twice_am.check())) == ["HTTR ScR 7.1.2"]
    am_pm = strike(resolved(strike(fire(8))).phase(10, "allied_fire"))
    assert not illegal(last(am_pm.check()))


def test_german_pm_strikes_need_a_roll_of_one_to_four():  # AS-2, ScR 7.1.3 (L1264)
    def pm(*roll: int) -> list:
        log = Log(START).phase(10, "german_command")
        for r in roll:
            log.roll("German PM Airstrikes", r)
        return last(strike(log.phase(10, "german_fire"), "B0101").check())
    assert rules_broken(pm()) == ["HTTR ScR 7.1.3"]
    assert rules_broken(pm(5)) == ["HTTR ScR 7.1.3"]
    assert not illegal(pm(4))



def test_a_half_days_strikes_are_at_most_the_daily_allotment():  # AS-1, ScR 7.1.1-7.1.2 (L1262-L1263)
    two = {**START, "G-INF2": "B0310", "A-REC": "B0309"}
    three = strike(strike(Log(two).phase(8, "allied_fire"), "B0305", 2), "B0310")  # 18 Sep allots 3 (synthetic)
    assert not illegal(verdicts(three))
    assert rules_broken(last(strike(three, "B0310").check())) == ["HTTR ScR 7.1.1"]
    german = strike(Log(two).phase(8, "german_fire"), "B0101", 3)  # and 2 German ones
    assert rules_broken(last(german.check())) == ["HTTR ScR 7.1.1"]
    day_one = [v.needs for v in unsure(last(strike(fire(5)).check()))]
    assert any("allied airstrike allotment of 17 Sep" in n for n in day_one)


def test_the_bundled_chart_has_no_allotments_after_the_first_day():  # AS-1 on the bundled data: not checkable
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    units = {"107PzB": "C1010", "501/101": "C2020", "GA HQ": "C1011"}  # GA HQ adjacent: observes (SR 7.1.6)
    log = Log(units, BUNDLED).phase(13, "allied_fire").place("a", STRIKE, "C1010")
    verdict = last(log.check())
    assert not illegal(verdict)
    assert any("allied airstrike allotment of 19 Sep" in v.needs for v in unsure(verdict))
    german = Log({"107PzB": "C1010", "501/101": "C2020"}, BUNDLED).phase(1, "german_fire").place("a", STRIKE, "C2020")
    assert set(rules_broken(last(german.check()))) == {"HTTR ScR 7.2.12"}  # 17 Sep: none before GT 6


def test_no_strike_at_defiladed_units_in_city_or_forest_out_of_reach():  # AS-5, ScR 7.2.1a (L1269)
    def on_forest(mode: str, friend: str | None = None) -> list:
        setup = {**START, "G-INF2": ("B0208", {"Mode": mode}), "A-REC": "B0205"}
        return last(strike(Log(setup | ({"A-TANK": friend} if friend else {})).phase(8, "allied_fire"), "B0208")
                    .check())
    assert "HTTR ScR 7.2.1" in rules_broken(on_forest("Defilade"))  # (and unobserved beyond adjacent: SR 7.3.3)
    assert "HTTR ScR 7.2.1" not in rules_broken(on_forest("Concentrated"))
    assert not illegal(on_forest("Defilade", friend="B0209"))  # an Allied unit adjacent: a target, and observed


def test_the_target_is_observed_by_a_non_airborne_unit():  # AS-7, ScR 7.2.7 (L1275)
    blind = {"G-INF1": "B0305", "A-INF4": "B0304"}  # A-INF4 is of A-DIV2, airborne in the synthetic data
    assert rules_broken(last(strike(Log(blind).phase(8, "allied_fire"), "B0305").check())) == ["HTTR ScR 7.2.7"]
    seen = {"G-INF1": "B0305", "A-INF4": "B0304", "A-INF1": "B0306"}
    assert not illegal(last(strike(Log(seen).phase(8, "allied_fire"), "B0305").check()))



def test_no_strike_beyond_thirty_hexes_of_the_spearhead(tmp_path: Path) -> None:  # AS-8, ScR 7.2.8 (L1276)
    # the synthetic map is 14 hexes across, so this runs on a copy of the bundled game naming Guards Armored
    # (a 30 Corps division, ScR 8.2.1.2 L1310) the 30 Corps formations; 5/GA is the only 30 Corps unit placed
    copy = tmp_path / "highway-to-the-reich"
    shutil.copytree(Path(__file__).resolve().parents[3] / "games" / "highway-to-the-reich", copy)
    with open(copy / "game.toml", "a") as f:
        f.write('\n[special.spearhead]\nformations = ["Guards Armored"]\nsource = "test: HTTR ScR 7.2.8"\n')
    corps = load_game(copy)

    def on(target: str, g=corps, corps_at: dict | None = None) -> list:
        log = Log({"107PzB": target, **(corps_at or {"5/GA": "C1010"})}, g).phase(13, "allied_fire")
        return last(log.place("a", STRIKE, target).check())
    assert "HTTR ScR 7.2.8" in rules_broken(on("B1010"))  # 60 hexes from 5/GA
    assert "HTTR ScR 7.2.8" not in rules_broken(on("C1020"))  # 10 hexes from it
    assert any("(ScR 7.2.8)" in (v.detail or "") for v in on("C1020") if isinstance(v, Legal))
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    assert any("30 Corps formations" in v.needs for v in unsure(on("B1010", BUNDLED)))


def _bundled_strike_on(h: str, *rolls: tuple[int, int], phase: str = "weather", **readings: str) -> list:
    """A strike on ``h`` in GT 13 of the bundled game after Weather rolls made in ``phase`` (its table's only known
    row is 9: north P, south 6, ScR 6.4.1 example L1189)."""
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    log = Log({"107PzB": h, "501/101": "C2020"}, BUNDLED).phase(13, phase)
    for dice in rolls:
        log.roll("Weather", *dice)
    log.phase(13, "allied_fire").place("as1", STRIKE, h).roll("Airstrike Check", 2).roll("Airstrike", 3, 3)
    return last(log.phase(13, "allied_movement").check(**readings))


def test_under_two_rolls_the_first_rates_the_north_only():  # AS-6 / OFF-8, ScR 6.4.1 (L1188), reading weather_rolls
    """Reading "two": the first roll (a nine) rates the north P; the south waits for its own roll, so a strike on
    Map C is not judged with the nine's southern cell (six) but says its weather is unknown."""
    assert "HTTR ScR 7.2.4" in rules_broken(_bundled_strike_on("A1010", (4, 5), weather_rolls="two"))
    south = _bundled_strike_on("C1010", (4, 5), weather_rolls="two")
    assert not illegal(south) and any("weather over C1010" in v.needs for v in unsure(south))
    later = _bundled_strike_on("C1010", (6, 6), (4, 5), weather_rolls="two")  # the second roll rates the south: 6
    assert not illegal(later) and not [v for v in unsure(later) if "weather" in v.needs]
    north = _bundled_strike_on("A1010", (6, 6), (4, 5), weather_rolls="two")  # its northern cell (P) is not read
    assert not illegal(north) and any("weather over A1010" in v.needs for v in unsure(north))


def test_under_one_roll_only_the_routines_roll_rates():  # AS-6 / OFF-8, ScR 6.4.1 (L1188-L1189), 13.1 (L1477)
    """Reading "one": the Weather Phase's first roll rates both routes; an extra roll in it (OFF-8 flags it) and a
    Weather roll outside a Weather Phase rate nothing."""
    assert "HTTR ScR 7.2.4" in rules_broken(_bundled_strike_on("A1010", (4, 5)))
    assert "HTTR ScR 7.2.4" in rules_broken(_bundled_strike_on("A1010", (4, 5), (6, 6)))  # the nine still holds
    outside = _bundled_strike_on("A1010", (4, 5), phase="allied_command")
    assert "HTTR ScR 7.2.4" not in rules_broken(outside) and any("weather over A1010" in v.needs
                                                                  for v in unsure(outside))
