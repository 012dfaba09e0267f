"""HTTR airborne supply heads (ScR 5.1.3.1-5.1.3.3, 5.1.4) on the synthetic game: A-DIV2's head marker "A-DIV2
Supply" belongs on B0108 (game.toml [special.supply_heads]); with no corps HQ on the map A-DIV2 is out of supply
from GT8, when the supply rules begin; GT7 precedes them (everyone supplied), GT14 is a night turn, GT15 the next
day's 0601 turn."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules.verdict import NotCheckable
from tests.rules.httr.helpers import Log, all_legal, last, rules_broken

CUT = {"A-DIV2": ("B0106", {"Mode": "Defilade"}), "A-DIV2 Supply": "B0108"}


def test_the_head_is_placed_on_its_hex():  # SUP-16, ScR 5.1.3.2 (L1100)
    assert all_legal(last(Log({}).phase(1, "allied_command").enter("A-DIV2 Supply", "B0108").check()))
    assert rules_broken(last(Log({}).phase(1, "allied_command").enter("A-DIV2 Supply", "B0109").check())) \
        == ["HTTR ScR 5.1.3.2"]


def relocate(setup: dict, last_turn: int = 15, roll: tuple[int, int] = (3, 3), to: str = "B0109") -> list:
    log = Log(setup)
    for turn in range(7, last_turn + 1):  # GT7: everyone in supply (ScR 5.2), the run starts known
        log.phase(turn, "allied_command")
    return last(log.roll("Supply Head", *roll).move("A-DIV2 Supply", to).check())


def test_the_head_moves_after_seven_turns_out_of_supply():  # SUP-19, ScR 5.1.4.1-5.1.4.4 (L1109-1112)
    assert all_legal(relocate(CUT))  # GT8-GT14 out of supply; a daylight Command Phase; 2d6 6 <= 8
    assert rules_broken(relocate(CUT, roll=(5, 4))) == ["HTTR ScR 5.1.4.2-5.1.4.3"]
    assert rules_broken(relocate(CUT, last_turn=14)) == ["HTTR ScR 5.1.4.4"]  # a night turn
    assert rules_broken(relocate(CUT, last_turn=13)) == ["HTTR ScR 5.1.4.4"]
    supplied = {**CUT, "A-CORPS": "B0105", "A-DIV2": ("B0205", {"Mode": "Defilade"})}
    assert rules_broken(relocate(supplied)) == ["HTTR ScR 5.1.4.1"]
    midway = Log(CUT).phase(15, "allied_command").roll("Supply Head", 3, 3).move("A-DIV2 Supply", "B0109")
    assert isinstance(last(midway.check())[0], NotCheckable)  # a log begun mid-game does not show the seven turns


def test_the_bundled_heads_name_no_hq():  # SUP-16, SUP-19 on the bundled data: no airborne division HQ counters
    g = load_game("highway-to-the-reich")
    got = last(Log({"LZ N Supply": "B2348"}, g).phase(13, "allied_command").move("LZ N Supply", "B2349").check())
    assert got and all(isinstance(v, NotCheckable) for v in got)
