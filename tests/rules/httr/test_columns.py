"""HTTR stacks moving on roads (SR 9.6.4-9.6.7, 11.3.4-11.3.7) and the stack order rules around moves and mode
changes (SR 5.2.4, 9.2.1) on the synthetic game: its primary road runs up column 05 from B0105 through B0705 to
A0605 (1 MP a hex concentrated, 0.5 in Travel; the clear hexes off it 2 MP, 1 in Travel). A drag of a stack is
one log step moving each of its units (``Log.drag``)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken

TRAVEL = {"Mode": "Travel"}


def verdicts_of(report, unit: str) -> list:
    """The verdicts on the last move of ``unit``."""
    return next(j.verdicts for j in reversed(report.judged) if getattr(getattr(j.event, "piece", None), "unit",
                                                                        None) == unit)


def test_at_most_two_leg_units_of_a_stack_at_the_road_rate():  # MOV-20, SR 9.6.7 (L520)
    setup = {"A-INF1": "B0105", "A-INF2": "B0105", "A-INF3": "B0105"}
    two = Log(setup).phase(1, "allied_movement").drag(("A-INF1", "A-INF2"), "A0605").check()
    assert all_legal(verdicts_of(two, "A-INF1")) and all_legal(verdicts_of(two, "A-INF2"))
    three = Log(setup).phase(1, "allied_movement").drag(("A-INF1", "A-INF2", "A-INF3"), "A0605").check()
    assert all_legal(verdicts_of(three, "A-INF2"))
    assert rules_broken(verdicts_of(three, "A-INF3")) == ["HTTR SR 9.6.7"]  # 11 road hexes, 22 MP off it
    short = Log(setup).phase(1, "allied_movement").drag(("A-INF1", "A-INF2", "A-INF3"), "B0305").check()
    assert all_legal(verdicts_of(short, "A-INF3"))  # 2 hexes, 4 MP off the road: the third needs no road rate


def test_concentrated_leg_road_movers_never_stop_where_more_than_two_leg_units_are():  # MOV-20, SR 11.3.7 (L667)
    # A-SLOW (MA 2) reaches the woods of B0405 only at the road rate: 2 road hexes, 1 MP each (woods: 3 MP)
    setup = {"A-INF1": "B0405", "A-INF2": "B0405", "A-SLOW": "B0205"}
    v = last(Log(setup).phase(1, "allied_movement").move("A-SLOW", "B0405").check())
    assert rules_broken(v) == ["HTTR SR 11.3.7"]
    v = last(Log({**setup, "A-INF2": "B0101"}).phase(1, "allied_movement").move("A-SLOW", "B0405").check())
    assert all_legal(v) and "2 of 2 MP" in v[0].detail


def test_at_most_two_travel_units_of_a_stack_on_a_road():  # MOV-17, SR 9.6.5 / 11.3.5 (L518, L665)
    # at night (GT 6) the road costs 1 MP a hex in Travel, the clear hexes off it 2: 11 and 22 MP to A0605
    setup = {u: ("B0105", TRAVEL) for u in ("A-TANK", "A-REC", "A-BENG")}
    three = Log(setup).phase(6, "allied_movement").drag(("A-TANK", "A-REC", "A-BENG"), "A0605").check()
    assert all_legal(verdicts_of(three, "A-REC"))
    assert rules_broken(verdicts_of(three, "A-BENG")) == ["HTTR SR 9.6.5"]
    two = Log(setup).phase(6, "allied_movement").drag(("A-TANK", "A-REC"), "A0605").check()
    assert all_legal(verdicts_of(two, "A-REC"))


def test_never_more_than_eight_travel_sp_in_a_hex():  # MOV-18, SR 9.6.5 / 11.3.6 (L518, L666)
    setup = {"A-REC": ("B0303", TRAVEL), "A-BENG": ("B0303", TRAVEL), "A-TANK": ("B0302", TRAVEL)}
    assert all_legal(last(Log(setup).phase(1, "allied_movement").move("A-TANK", "B0303").check()))  # 6 SP
    full = {**setup, "A-ART": ("B0303", TRAVEL)}  # 3 SP more: 9
    assert rules_broken(last(Log(full).phase(1, "allied_movement").move("A-TANK", "B0303").check())) == \
        ["HTTR SR 9.6.5"]
    mixed = {**setup, "A-ART": ("B0303", {"Mode": "Defilade"})}  # in battery: not counted
    assert all_legal(last(Log(mixed).phase(1, "allied_movement").move("A-TANK", "B0303").check()))


def test_travel_units_stop_on_meeting_travel_units_on_a_road():  # MOV-19, SR 9.6.6 (L519)
    # at night the way round A-REC's hex off the road costs too much: only the road gets there
    v = last(Log({"A-TANK": ("B0105", TRAVEL), "A-REC": ("B0405", TRAVEL)}).phase(6, "allied_movement")
             .move("A-TANK", "A0605").check())
    assert rules_broken(v) == ["HTTR SR 9.6.6"]
    v = last(Log({"A-TANK": ("B0105", TRAVEL), "A-REC": "B0405"}).phase(6, "allied_movement")
             .move("A-TANK", "A0605").check())  # A-REC concentrated: passing through it is free
    assert all_legal(v) and "11 of 12 MP" in v[0].detail
    v = last(Log({"A-TANK": ("B0105", TRAVEL), "A-REC": ("B0405", TRAVEL)}).phase(6, "allied_movement")
             .move("A-TANK", "B0405").check())  # stopping there is allowed
    assert all_legal(v)


def test_a_moving_stack_drops_off_and_picks_up_units():  # MOV-3, SR 9.2.1 / 9.6.4 (L457, L517)
    setup = {"A-INF1": "B0101", "A-INF2": "B0101", "A-INF3": "B0103"}
    log = Log(setup).phase(1, "allied_movement").drag(("A-INF1", "A-INF2"), "B0103")
    log.drag(("A-INF1", "A-INF3"), "B0105")  # A-INF2 dropped off in B0103, A-INF3 picked up there
    rep = log.check()
    assert all(all_legal(j.verdicts) for j in rep.judged[1:])
    assert "8 of 12 MP" in verdicts_of(rep, "A-INF1")[0].detail  # its MP run on: 4 + 4
    rep = log.move("A-INF2", "B0104").check()  # the dropped unit's move is over
    assert rules_broken(last(rep)) == ["HTTR SR 9.1.2"]


def test_no_change_of_stacking_order_with_a_mode_change():  # MOD-6, SR 5.2.4 (L147)
    setup = {"A-INF1": "B0101", "A-INF2": "B0101"}
    log = Log(setup).phase(1, "allied_organization").mode("A-INF1", "Defilade", "Concentrated")
    v = last(log.move("A-INF1", "B0101", stack=("A-INF2", "A-INF1")).check())
    assert rules_broken(v) == ["HTTR SR 5.2.4"]
    v = last(Log(setup).phase(1, "allied_movement").move("A-INF1", "B0101", stack=("A-INF2", "A-INF1")).check())
    assert all_legal(v)  # a reorder in the Movement Phase, no mode change
