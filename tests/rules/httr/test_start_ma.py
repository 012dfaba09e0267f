"""HTTR first-turns MA of German units starting on the map (ScR 8.1.5) on the synthetic game, whose
[special.start_ma] puts the rule on GT 15 (1d6) and GT 16 (2d6). B0101-B0104 are clear hexes in a row."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, last, rules_broken

START = {"G-INF1": "B0101", "A-INF1": "B0110"}


def moves(turn: int, *dice: int, to: tuple[str, ...] = ("B0102",)) -> Log:
    log = Log(START).phase(turn, "german_movement")
    if dice:
        log.roll("Movement Allowance 1d6" if len(dice) == 1 else "Movement Allowance 2d6", *dice)
    return log.move("G-INF1", *to)


def test_start_units_roll_their_ma_unit_by_unit():  # RES-2, ScR 8.1.5 (L1298)
    assert not illegal(last(moves(15, 4).check()))
    assert rules_broken(last(moves(15).check())) == ["HTTR ScR 8.1.5"]  # no roll
    assert rules_broken(last(moves(15, 2, 3).check())) == ["HTTR ScR 8.1.5"]  # 2d6 on a 1d6 turn
    assert not illegal(last(moves(16, 2, 3).check()))
    assert not illegal(last(Log(START).phase(14, "german_movement").move("G-INF1", "B0102").check()))  # no rule


def test_the_rolled_ma_caps_the_move():  # RES-2, ScR 8.1.5 (L1298)
    far = moves(15, 1, to=("B0102", "B0103", "B0104")).phase(15, "german_organization")
    assert "HTTR ScR 8.1.5" in rules_broken([v for j in far.check().judged for v in j.verdicts])
    near = moves(15, 6, to=("B0102", "B0103", "B0104")).phase(15, "german_organization")
    assert "HTTR ScR 8.1.5" not in rules_broken([v for j in near.check().judged for v in j.verdicts])


def test_reinforcements_move_normally():  # RES-2: 'German units entering as reinforcements ... no restrictions'
    log = Log({"A-INF1": "B0110"}).phase(15, "german_movement").enter("G-INF2", "B0101").move("G-INF2", "B0102")
    assert not illegal(last(log.check()))
