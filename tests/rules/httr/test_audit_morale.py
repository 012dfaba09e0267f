"""HTTR audit (issue #15) items 6 and 8 and factor (b): the morale a check reads (``morale.for_check``) on the
synthetic game. A disrupted unit's morale is four less (SR 10.6.2 L632) but not for recovery (10.6.4) nor the
in-battery AT/flak retreat (10.5.6); a leader stacked with the unit adds one on a check (16.5 L837, no cap); in a CA
check a leader or HQ stacked or adjacent adds two, to at most 9 (16.3 L830), once (19.1.1-19.1.2)."""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.httr import morale
from hexforge.rules.httr.referee import HttrReferee

from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken
from tests.rules.httr.test_close_action import retreat
from tests.rules.httr.test_effects import LOSS, after, defilade
from tests.rules.httr.test_effects import morale as roll

DIS = {"Disrupted": "Disrupted"}


def test_a_disrupted_target_checks_at_four_less():  # MOR-1, DIS-1: SR 10.6.2 (L632), 6.7.7 (L393), 16.2 (L828)
    calm = {"G-INF2": "B0303"}  # morale 7
    shaken = {"G-INF2": ("B0303", DIS)}  # 7 - 4 = 3
    assert all_legal(after(calm, LOSS, roll(2, 2), unit="G-INF2"))  # 4 <= 7: stays Concentrated
    assert rules_broken(after(shaken, LOSS, roll(2, 2), unit="G-INF2")) == ["HTTR SR 6.7.7"]  # 4 > 3
    assert not illegal(after(shaken, LOSS, roll(2, 1), unit="G-INF2"))  # 3 <= 3
    assert not illegal(after(shaken, LOSS, roll(2, 2), defilade("G-INF2"), unit="G-INF2"))  # failed: Defilade


def test_the_audit_run_g3ss_disrupted_fails_on_four():  # MOR-1, DIS-1: audit item 6's run, SR 10.6.2 (L632)
    """G-3SS (morale 4) disrupted has morale 0: a 4 fails, so it may not stay Concentrated (6.7.7)."""
    assert rules_broken(after({"G-3SS": ("B0303", DIS)}, LOSS, roll(2, 2))) == ["HTTR SR 6.7.7"]
    assert not illegal(after({"G-3SS": ("B0303", DIS)}, LOSS, roll(2, 2), defilade()))


def test_a_leader_adds_one_without_a_cap_of_nine():  # MOR-1: SR 16.5 (L837); factor (b): 16.3's cap is CA's only
    elite = {"G-ELITE": "B0303"}  # morale 9
    led = {"G-LDR": "B0303", "G-ELITE": "B0303"}  # G-ELITE on top, the leader under it
    lucky = lambda log: log.roll("Leader Loss", 3, 4).roll("Leader Loss", 5, 6)  # SR 19.3.3: one roll per SP lost
    assert all_legal(after(led, LOSS, roll(5, 5), lucky, unit="G-ELITE"))  # 10 <= 9 + 1
    assert rules_broken(after(elite, LOSS, roll(5, 5), unit="G-ELITE")) == ["HTTR SR 6.7.7"]  # 10 > 9
    assert rules_broken(after(led, LOSS, roll(5, 6), lucky, unit="G-ELITE")) == ["HTTR SR 6.7.7"]  # 11 > 10


def test_an_enemy_leader_adds_nothing():  # MOR-1: SR 16.5 "stacked with a leader" read as a friendly one
    ref = _position({"A-LDR": "B0303", "G-ELITE": "B0303"})
    assert morale.for_check(ref, "G-ELITE", morale.CHECK) == 9
    ref = _position({"G-LDR": "B0303", "G-ELITE": "B0303"})
    assert morale.for_check(ref, "G-ELITE", morale.CHECK) == 10


def test_recovery_takes_neither_the_minus_four_nor_the_leader():  # DIS-2: SR 10.6.4 (L638), 16.5
    ref = _position({"G-LDR": "B0303", "G-INF2": ("B0303", DIS)})
    assert morale.for_check(ref, "G-INF2", morale.RECOVERY) == 7
    assert morale.for_check(ref, "G-INF2", morale.CHECK) == 4  # 7 - 4 + 1


def test_ca_kinds_add_two_for_a_leader_or_hq_once():  # CA-16, CA-27: SR 16.3 (L830), 19.1.1-19.1.2 (L967-968)
    ref = _position({"A-LDR": "B0303", "A-INF3": ("B0303", DIS)})  # morale 7, disrupted
    assert morale.for_check(ref, "A-INF3", morale.CA) == 5  # 7 - 4 + 2 (not + 1 more for 16.5)
    assert morale.for_check(ref, "A-INF3", morale.RETREAT) == 9  # 7 + 2: no -4 (10.5.6)
    adjacent = _position({"A-REG2": "B0302", "A-INF1": "B0303"})  # an HQ next to it, subordinated or not
    assert morale.for_check(adjacent, "A-INF1", morale.CA) == 9  # 8 + 2, at most 9
    assert morale.for_check(adjacent, "A-INF1", morale.CHECK) == 8  # an HQ adds nothing outside CA


def test_leg_attackers_check_after_their_afv_with_the_leader():  # CA-16: SR 10.2.13 (L569), 16.3 (L830)
    """A-INF1 (morale 8) with A-LDR stacked: 8 + 2, at most 9 (16.3). The leader is no leg attacker that checks."""
    def attack(*dice: int, leader: bool = True) -> list:
        setup = {"G-INF1": "B0304", **({"A-LDR": "B0303"} if leader else {}), "A-INF1": "B0303", "A-TANK": "B0303"}
        log = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").kill("A-TANK", "B0303")
        return last(log.roll("Morale Check", *dice).roll("Close Action", 4).check())
    assert not illegal(attack(4, 5))  # 9 <= 9
    assert rules_broken(attack(4, 5, leader=False)) == ["HTTR SR 10.2.13"]  # 9 > 8
    assert rules_broken(attack(5, 5)) == ["HTTR SR 10.2.13"]  # 10 > 9: the cap of 16.3


def test_a_disrupted_attacker_checks_at_four_less():  # CA-16: SR 10.2.13 (L569), 10.6.2 (L632)
    """An attacker disrupted by the preliminary fire (after the declaration) checks at its morale less four."""
    setup = {"G-INF1": "B0304", "A-INF1": "B0303", "A-TANK": "B0303"}

    def attack(*dice: int) -> list:
        log = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").kill("A-TANK", "B0303")
        log.layer("A-INF1", "Disrupted", "Normal", "Disrupted")
        return [v for v in last(log.roll("Morale Check", *dice).roll("Close Action", 4).check())
                if getattr(v, "rule", "") == "HTTR SR 10.2.13"]
    assert rules_broken(attack(3, 2)) == ["HTTR SR 10.2.13"]  # 5 > 8 - 4
    assert not attack(2, 2)  # 4 <= 4


def test_in_battery_at_retreats_with_its_leader():  # CA-27: SR 10.5.6 (L621), 16.3 (L830); 1d6 1: D
    with_leader = {"A-LDR": "B0304", "A-AT": ("B0304", {"Mode": "Defilade"}), "G-INF1": "B0303"}
    assert not illegal(retreat(with_leader, "A-AT", "B0303", "B0304", "B0305", side="german", morale=8, roll=1))
    assert rules_broken(retreat(with_leader, "A-AT", "B0303", "B0304", "B0305", side="german", morale=9, roll=1)) \
        == ["HTTR SR 10.5.6"]  # 9 > 6 + 2


def test_a_disrupted_at_retreats_without_the_minus_four():  # CA-27: SR 10.5.6 (L621) "does not involve the minus four"
    shaken = {"A-AT": ("B0304", {"Mode": "Defilade", **DIS}), "G-INF1": "B0303"}
    v = retreat(shaken, "A-AT", "B0303", "B0304", "B0305", side="german", morale=6, roll=1)
    assert "HTTR SR 10.5.6" not in rules_broken(v)  # 6 <= 6
    v = retreat(shaken, "A-AT", "B0303", "B0304", "B0305", side="german", morale=7, roll=1)
    assert "HTTR SR 10.5.6" in rules_broken(v)


def _position(setup: dict) -> HttrReferee:
    """The referee's position after the set-up alone (its game, state and readings)."""
    log = Log(setup)
    return HttrReferee(rules_for(log.game), log.timeline(), None)


def into_ezoc(setup: dict, *dice: int) -> list:
    """A-AT (towed, in battery, morale 6) moves from B0302 into B0303, next to G-INF1, after a Morale Check."""
    log = Log({**setup, "G-INF1": "B0403"}).phase(1, "allied_movement").roll("Morale Check", *dice)
    return last(log.move("A-AT", "B0303").check())


def test_a_towed_unit_into_an_ezoc_with_its_leader():  # MOV-10: SR 9.5.2.2 (L510), 16.5 (L837); audit item 8's run
    led = {"A-LDR": "B0302", "A-AT": "B0302"}
    assert all_legal(into_ezoc(led, 4, 3))  # 7 <= 6 + 1
    assert rules_broken(into_ezoc({"A-AT": "B0302"}, 4, 3)) == ["HTTR SR 9.5.2.2"]  # 7 > 6
    assert rules_broken(into_ezoc(led, 4, 4)) == ["HTTR SR 9.5.2.2"]  # 8 > 7


def test_a_disrupted_towed_unit_into_an_ezoc():  # MOV-10: SR 9.5.2.2 (L510), 10.6.2 (L632): 6 - 4 = 2
    shaken = {"A-AT": ("B0302", DIS)}
    assert not illegal(into_ezoc(shaken, 1, 1))
    assert rules_broken(into_ezoc(shaken, 2, 1)) == ["HTTR SR 9.5.2.2"]  # 3 > 2


def test_the_ca_value_takes_the_disruption_once():  # CA-19: SR 10.4.2.6 (L592) in ca_value, not again for a check
    """The CA value's morale differential is not a morale check: its -4 is 10.4.2.6's alone (ca_value.py)."""
    log = Log({"G-INF2": ("B0304", DIS), "A-INF1": "B0303"}).phase(1, "allied_movement").say("ca B0304 from B0303")
    detail = " ".join(v.detail or "" for v in last(log.roll("Close Action", 4).check()))
    assert detail.count("-4") == 1 and "disrupted: morale -4 (SR 10.4.2.6)" in detail, detail


def test_a_dismounted_companion_is_the_leg_unit_of_9_5_2_2():  # MOV-10: SR 9.5.2.2 (L510) with 9.3.3 (L467)
    """A-PZG (tracked armored infantry, morale 8) dismounted moves as a leg unit, so A-AT may use its morale; mounted
    it is no leg unit, and A-AT's own 6 fails a 7."""
    assert all_legal(into_ezoc({"A-PZG": ("B0302", {"Dismounted": "Dismounted"}), "A-AT": "B0302"}, 4, 3))
    assert rules_broken(into_ezoc({"A-PZG": "B0302", "A-AT": "B0302"}, 4, 3)) == ["HTTR SR 9.5.2.2"]
