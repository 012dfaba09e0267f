"""HTTR Frost's special movement (ScR 8.3.5) on the synthetic game, whose [special.frost] makes A-LDR Frost, A-REG1's
units his battalion and GT 1-2 its turns; the Frost Bonus button is its 1d6. Concentrated leg units pay 2 MP a clear
hex: seven hexes from B0310 to B0303 are 14 MP, past an MA of 12 and within 12 + 3."""
from __future__ import annotations

from hexforge.rules.verdict import Legal
from tests.rules.httr.helpers import Log, illegal, rules_broken, unsure

ROW = ("B0309", "B0308", "B0307", "B0306", "B0305", "B0304", "B0303")


def with_frost(*units: str, turn: int = 1, bonus: int | None = 3, hexes: int = 7, g=None, frost: str = "A-LDR") -> list:
    """Frost and ``units`` dragged together along row 03 in the Allied Movement Phase of ``turn``; the phase's end."""
    log = Log({u: "B0310" for u in (frost, *units)}, g) if g is not None else Log({u: "B0310" for u in (frost, *units)})
    log.phase(turn, "allied_movement")
    if bonus is not None:
        log.roll("Frost Bonus", bonus)
    log.drag((frost, *units), *(ROW + ("B0302",))[:hexes])
    return [v for j in log.phase(turn, "allied_organization").check().judged for v in j.verdicts]


def test_his_battalion_moves_on_ma_plus_the_roll():  # MOR-6, ScR 8.3.5 (L1347)
    legal = with_frost("A-INF1")
    assert not illegal(legal)
    assert any("add 3 to their MA" in (v.detail or "") for v in legal if isinstance(v, Legal))
    assert "HTTR ScR 8.3.5" in rules_broken(with_frost("A-INF1", hexes=8))  # 16 MP > 12 + 3
    assert "HTTR SR 9.2.3" in rules_broken(with_frost("A-INF1", bonus=None))  # no roll: no bonus


def test_only_his_division():  # MOR-6, ScR 8.3.5 (L1347): 'other divisional units'
    assert not illegal(with_frost("A-ENG"))  # a divisional unit
    assert "HTTR ScR 8.3.5" in rules_broken(with_frost("A-INF4"))  # of the 2nd division: no bonus


def test_at_most_four_other_units():  # MOR-6, ScR 8.3.5 (L1347): 'plus any four other divisional units'
    five = with_frost("A-ENG", "A-INF3", "GB-6GH-A", "GB-6GH-B", "GB-6GH-D")  # all of A-DIV, none of A-REG1
    assert "HTTR ScR 8.3.5" in rules_broken(five)  # GB-6GH-D, the fifth, has no bonus
    assert not illegal(with_frost("A-ENG", "A-INF3", "GB-6GH-A", "GB-6GH-B", "A-INF1"))  # four, and his battalion


def test_the_bonus_is_for_the_first_two_turns():  # MOR-6, ScR 8.3.5 (L1347)
    assert "HTTR ScR 8.3.5" in rules_broken(with_frost("A-INF1", turn=3))


def test_the_bundled_game_judges_the_roll_but_not_the_moves():  # MOR-6 on the bundled data
    """The bundled module has the Frost Bonus button (game.toml, ScR 8.3.5 L1347): its roll is judged (GT 1-2 only);
    a move on it is not checkable (the map and Frost's mobility are not transcribed, nor 2/1P's companies), never
    legal."""
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED

    def rolled(turn: int) -> list:
        log = Log({"Frost": "A1010"}, BUNDLED).phase(turn, "allied_movement").roll("Frost Bonus", 4) \
            .move("Frost", "A1011")
        return [j.verdicts for j in log.check().judged[1:]]
    roll, move = rolled(1)
    assert not illegal(roll) and "add 4 to their MA (ScR 8.3.5)" in (roll[0].detail or "")
    assert move and len(unsure(move)) == len(move)
    assert rules_broken(rolled(3)[0]) == ["HTTR ScR 8.3.5"]
