"""HTTR first-turns MA of German units starting on the map (ScR 8.1.5) on the synthetic game, whose
[special.start_ma] puts the rule on GT 15 (1d6) and GT 16 (2d6). B0101-B0104 are clear hexes in a row."""
from __future__ import annotations

from hexforge.rules.verdict import Legal
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


def ma_broken(log: Log) -> list[str]:
    """RES-2's breaks (ScR 8.1.5) on the last event: the CP rules' own verdicts on the same moves are not these."""
    return [r for r in rules_broken(last(log.check())) if r == "HTTR ScR 8.1.5"]


def test_a_roll_declared_for_an_hq_is_not_a_start_units():  # RES-2 with MOV-24's ma line (SR 13.2.7.5-7)
    """One roll is one MA: after ``ma G-KG1`` the next roll is the HQ's units' MA for want of CP (cp_ma.py), so a
    start unit moving on it has made no roll of its own (before, start_ma took it as well)."""
    hq = Log(START).phase(15, "german_movement").say("ma G-KG1").roll("Movement Allowance 1d6", 4)
    assert ma_broken(hq.move("G-INF1", "B0102")) == ["HTTR ScR 8.1.5"]
    own = Log(START).phase(15, "german_movement").say("ma G-KG1").roll("Movement Allowance 1d6", 4) \
        .roll("Movement Allowance 1d6", 5).move("G-INF1", "B0102")
    assert not ma_broken(own)  # the undeclared second roll is the start unit's
    assert any("G-INF1's MA this phase is 5" in (v.detail or "") for v in last(own.check()) if isinstance(v, Legal))


def test_a_roll_declared_for_a_start_unit_is_its_own():  # RES-2, ScR 8.1.5 (L1298): unit by unit
    named = Log({**START, "G-INF2": "B0201"}).phase(15, "german_movement").say("ma G-INF2") \
        .roll("Movement Allowance 1d6", 4)
    assert ma_broken(named.move("G-INF1", "B0102")) == ["HTTR ScR 8.1.5"]  # G-INF2's roll, not G-INF1's
    assert not ma_broken(named.move("G-INF2", "B0202"))  # it waited for G-INF2
    assert any("G-INF2's MA this phase is 4" in (v.detail or "") for v in last(named.check()) if isinstance(v, Legal))
