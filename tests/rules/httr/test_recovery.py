"""HTTR recovery from disruption (SR 10.6.4) on the synthetic game: A-INF1 (printed morale 8) disrupted in B0303."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken, unsure

DIS = {"Disrupted": "Disrupted"}
SUPPLY_RULES = 8  # the synthetic game's first GT of the supply rules (game.toml [special.supply_rules] from_turn)
CHAIN = {"A-CORPS": "B0105", "A-DIV": "B0205", "A-REG1": "B0301"}  # in supply, no HQ next to B0303


def recover(setup: dict, *dice: int, phase: str = "allied_command", turn: int = 1, **readings: str) -> list:
    log = Log(setup).phase(turn, phase)
    if dice:
        log.roll("Morale Check", *dice)
    return last(log.layer("A-INF1", "Disrupted", "Disrupted", "Normal").check(**readings))


def test_recovery_on_a_passed_morale_check():  # DIS-2, SR 10.6.4 (L638-L642)
    base = {"A-INF1": ("B0303", DIS), **CHAIN}
    v = recover(base, 4, 4)
    assert all_legal(v) and v[0].guess  # 8 <= 8, on the printed morale
    assert rules_broken(recover(base, 4, 5)) == ["HTTR SR 10.6.4"]  # 9 > 8
    alone = recover({"A-INF1": ("B0303", DIS)}, 4, 4, turn=SUPPLY_RULES)  # no HQ on the map: out of supply, 8 + 1 > 8
    assert rules_broken(alone) == ["HTTR SR 10.6.4"] and "out of supply" in alone[0].reason
    assert all_legal(recover({"A-INF1": ("B0303", DIS)}, 4, 4, turn=SUPPLY_RULES - 1))  # ScR 5.2: all in supply



def test_the_modifiers():  # -2 with a leader or HQ adjacent, +1 next to an undisrupted enemy
    helped = {"A-INF1": ("B0303", DIS), "A-LDR": "B0304", **CHAIN}
    assert all_legal(recover(helped, 5, 5))  # 10 - 2 = 8
    threatened = {"A-INF1": ("B0303", DIS), "G-INF1": "B0304", **CHAIN}
    assert rules_broken(recover(threatened, 4, 4)) == ["HTTR SR 10.6.4"]  # 8 + 1 = 9
    quiet = {"A-INF1": ("B0303", DIS), "G-INF1": ("B0304", DIS), **CHAIN}  # a disrupted enemy does not count
    assert all_legal(recover(quiet, 4, 4))


def test_only_in_the_command_phase():
    assert rules_broken(recover({"A-INF1": ("B0303", DIS)}, 2, 2, phase="allied_movement")) == ["HTTR SR 10.6.4"]


def test_without_a_roll_only_after_two_quiet_nights():  # DIS-3, SR 10.6.4-10.6.5 (L638, L643): GT1 is a day GT
    assert rules_broken(recover({"A-INF1": ("B0303", DIS)})) == ["HTTR SR 10.6.4"]


def nights(*steps, start: int = 6) -> Log:
    """Night GTs 6 and 7 (from ``start``), then the Allied Command Phase of day GT8; ``steps`` run in GT6."""
    log = Log({"A-INF1": ("B0303", DIS), "A-INF2": "B0101", "G-INF1": "B0306", **CHAIN})
    log.phase(start, "german_movement")
    for s in steps:
        s(log)
    if start == 6:
        log.phase(7, "german_movement")
    return log.phase(8, "allied_command")


def test_two_quiet_night_gts_recover_without_a_roll():  # DIS-3, SR 10.6.5 (L643), 20.2 (L990)
    ok = nights().layer("A-INF1", "Disrupted", "Disrupted", "Normal").check()
    assert all_legal(last(ok))
    moved = nights(lambda l: l.move("G-INF1", "B0305"), lambda l: l.move("G-INF1", "B0304"))  # next to A-INF1
    assert rules_broken(last(moved.layer("A-INF1", "Disrupted", "Disrupted", "Normal").check())) == ["HTTR SR 10.6.5"]
    rolled = nights().roll("Morale Check", 6, 6).layer("A-INF1", "Disrupted", "Disrupted", "Normal").check()
    assert all_legal(last(rolled))  # a failed roll (another unit's) does not undo the automatic recovery
    unseen = nights(start=7).layer("A-INF1", "Disrupted", "Disrupted", "Normal").check()  # GT6 not in the log
    assert unsure(last(unseen)) and "night GTs 6 and 7" in unsure(last(unseen))[0].needs


def test_a_quiet_unit_recovers_in_that_command_phase():  # DIS-3, SR 10.6.5 (L643): 'automatically recovers'
    kept = nights().phase(8, "allied_fire").check()
    assert rules_broken(last(kept)) == ["HTTR SR 10.6.5"]
    moved = nights(lambda l: l.move("A-INF1", "B0302")).phase(8, "allied_fire").check()
    assert "HTTR SR 10.6.5" not in rules_broken(last(moved))
