"""HTTR movement (SR 8, 9, 11) on the synthetic game: each predicate with a legal and an illegal case. The
synthetic TEC: clear costs 2 MP for a concentrated leg unit, 3 in Defilade; the primary road 1 MP; +3 MP to
leave an EZOC (SR 8.1)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken


def move(setup: dict, unit: str, *path: str, phase: str = "allied_movement", turn: int = 1, stack=()):
    return last(Log(setup).phase(turn, phase).move(unit, *path, stack=stack).check())


def test_mp_by_mode_and_class():  # MOV-2, SR 9.1.3 / 9.3.2 (L453, L466)
    v = move({"A-INF1": "B0101"}, "A-INF1", "B0104")
    assert all_legal(v) and "6 of 12 MP" in v[0].detail  # 3 clear hexes at 2 MP
    v = move({"A-INF1": ("B0101", {"Mode": "Defilade"})}, "A-INF1", "B0104")
    assert all_legal(v) and "9 of 12 MP" in v[0].detail  # Defilade leg: 3 MP
    v = move({"A-INF1": ("B0101", {"Mode": "Defilade"})}, "A-INF1", "B0105")  # 12 MP: exactly the MA
    assert all_legal(v)
    assert rules_broken(move({"A-INF1": ("B0101", {"Mode": "Defilade"})}, "A-INF1", "B0106")) == ["HTTR SR 9.2.3"]


def test_road_rate_only_in_concentrated_or_travel():  # MOV-12, SR 9.4.1.2 (L480)
    v = move({"A-INF1": "B0105"}, "A-INF1", "B0505")  # 4 road hexes at 1 MP
    assert all_legal(v) and "4 of 12 MP" in v[0].detail
    v = move({"A-INF1": ("B0105", {"Mode": "Defilade"})}, "A-INF1", "B0505")  # no road rate in Defilade
    assert all_legal(v) and "4 of 12 MP" not in v[0].detail


def test_leaving_an_ezoc_costs_three_mp():  # ZOC-1, ZOC-2, SR 8.0 / 8.1 (L431, L433)
    v = move({"A-INF1": "B0303", "G-INF1": "B0403"}, "A-INF1", "B0202")  # B0303 is next to G-INF1
    assert all_legal(v) and "5 of 12 MP" in v[0].detail


def test_no_zoc_from_a_disrupted_or_travel_unit():  # ZOC-4, SR 8.6 (L447-L448)
    for state in ({"Disrupted": "Disrupted"}, {"Mode": "Travel"}):
        v = move({"A-INF1": "B0303", "G-INF1": ("B0403", state)}, "A-INF1", "B0202")
        assert all_legal(v) and "2 of 12 MP" in v[0].detail


def test_no_zoc_into_forest_or_city():  # ZOC-1, SR 8.4.1 (L439): B0208 is forest
    v = move({"A-INF1": "B0208", "G-INF1": "B0309"}, "A-INF1", "B0207")
    assert all_legal(v) and "2 of 12 MP" in v[0].detail


def test_never_into_an_enemy_hex():  # MOV-4, SR 9.2.2 (L458)
    assert rules_broken(move({"A-INF1": "B0303", "G-INF1": "B0304"}, "A-INF1", "B0304")) == ["HTTR SR 9.2.2"]
    assert all_legal(move({"A-INF1": "B0303", "G-LDR": "B0304"}, "A-INF1", "B0304"))  # a lone leader is no unit


def test_a_single_hex_move_is_always_allowed():  # MOV-5, SR 9.2.4 (L460)
    assert all_legal(move({"A-SLOW": "B0304"}, "A-SLOW", "B0305"))  # 2 MP of an MA of 2
    assert all_legal(move({"A-SLOW": "B0305"}, "A-SLOW", "B0405"))  # woods, 3 MP, one hex
    assert rules_broken(move({"A-SLOW": "B0304"}, "A-SLOW", "B0306")) == ["HTTR SR 9.2.3"]


def test_disrupted_units_move_one_hex():  # MOV-11, SR 9.5.3 (L511)
    dis = {"A-INF1": ("B0101", {"Disrupted": "Disrupted"})}
    assert all_legal(move(dis, "A-INF1", "B0102"))
    assert rules_broken(move(dis, "A-INF1", "B0103")) == ["HTTR SR 9.5.3"]


def test_reaction_phase_hex_limits():  # SOP-4, SR 9.1.4 (L454)
    assert all_legal(move({"A-INF1": "B0101"}, "A-INF1", "B0103", phase="allied_reaction"))
    assert rules_broken(move({"A-INF1": "B0101"}, "A-INF1", "B0104", phase="allied_reaction")) == ["HTTR SR 9.1.4"]
    assert all_legal(move({"A-TANK": "B0101"}, "A-TANK", "B0105", phase="allied_reaction"))
    assert rules_broken(move({"A-TANK": "B0101"}, "A-TANK", "B0106", phase="allied_reaction")) == ["HTTR SR 9.1.4"]


def test_a_leader_with_the_hq_adds_one_mp():  # MOV-26, SR 19.2.3 (L974)
    # 5 clear hexes (10 MP) plus 3 MP to leave G-INF1's ZOC: 13 MP, over the MA of 12, within 12 + 1
    # SR 19.2.3: "stacked with his HQ": A-LDR's HQ is A-DIV (units.csv formation), above A-INF1's A-REG1; the test
    # once counted A-LDR stacked with A-REG1, which is not his HQ (tests/rules/httr/test_audit_movement.py)
    setup = {"A-INF1": "B0102", "G-INF1": "B0201", "A-REG1": "B0701", "A-DIV": "B0701"}
    assert rules_broken(move(setup, "A-INF1", "B0107")) == ["HTTR SR 9.2.3"]
    v = move({**setup, "A-LDR": "B0701"}, "A-INF1", "B0107")
    assert all_legal(v) and "13 of 13 MP" in v[0].detail
    assert rules_broken(move({**setup, "A-LDR": "B0702"}, "A-INF1", "B0107")) == ["HTTR SR 9.2.3"]  # not with the HQ


def test_one_unit_or_stack_at_a_time():  # MOV-1, SR 9.1.2 (L452)
    setup = {"A-INF1": "B0101", "A-INF2": "B0101", "A-INF3": "B0108"}
    stack = Log(setup).phase(1, "allied_movement").move("A-INF1", "B0102").move("A-INF2", "B0102") \
        .move("A-INF1", "B0103").check()  # a stack moving together, hex by hex
    assert all(all_legal(j.verdicts) for j in stack.judged)
    again = Log(setup).phase(1, "allied_movement").move("A-INF1", "B0102").move("A-INF3", "B0109") \
        .move("A-INF1", "B0103").check()
    assert rules_broken(last(again)) == ["HTTR SR 9.1.2"]


def test_units_move_only_in_their_movement_or_reaction_phase():  # MOV-1, SR 4.1 (L126-L127)
    assert rules_broken(move({"A-INF1": "B0101"}, "A-INF1", "B0102", phase="allied_fire")) == ["HTTR SR 4.1"]
    assert rules_broken(move({"A-INF1": "B0101"}, "A-INF1", "B0102", phase="german_movement")) == ["HTTR SR 4.1"]


def test_a_unit_that_fired_does_not_move():  # FIR-5, SR 6.1.9 (L170)
    setup = {"A-INF1": "B0303", "G-INF1": "B0304", "A-INF2": "B0101"}
    log = Log(setup).phase(1, "allied_fire").say("df B0304 from A-INF1").phase(1, "allied_movement")
    assert rules_broken(last(log.move("A-INF1", "B0203").check())) == ["HTTR SR 6.1.9"]
    assert all_legal(last(log.move("A-INF2", "B0102").check()))


def test_stacking_limit_at_every_moment():  # STK-1, SR 11.2.1 (L652): forest B0208 holds 16 SP
    setup = {"A-INF1": "B0207", "A-INF3": "B0208", "A-ENG": "B0208", "A-INF2": "B0208"}  # 5 + (5 + 4 + 4)
    assert rules_broken(move(setup, "A-INF1", "B0208")) == ["HTTR SR 11.2.1"]
    assert all_legal(move({**setup, "A-INF2": "B0101"}, "A-INF1", "B0208"))


def test_leaders_never_count_for_stacking():  # STK-2, SR 11.2.6 (L657)
    setup = {"A-LDR": "B0207", "A-INF1": "B0208", "A-INF3": "B0208", "A-ENG": "B0208"}  # 14 SP + a leader
    assert all_legal(move(setup, "A-LDR", "B0208"))


def test_joining_a_stack_in_an_ezoc_goes_to_the_bottom():  # MOV-21, SR 9.6.3 (L516)
    setup = {"A-INF1": "B0302", "A-INF2": "B0303", "G-INF1": "B0403"}
    top = move(setup, "A-INF1", "B0303", stack=("A-INF2", "A-INF1"))  # VASSAL order, bottom first
    assert "HTTR SR 9.6.3" in rules_broken(top)
    bottom = move(setup, "A-INF1", "B0303", stack=("A-INF1", "A-INF2"))
    assert all_legal(bottom)


def test_opposing_leaders_never_share_a_hex():  # MOR-4, SR 19.3.2 (L977)
    assert rules_broken(move({"A-LDR": "B0303", "G-LDR": "B0304"}, "A-LDR", "B0304")) == ["HTTR SR 19.3.2"]
    assert all_legal(move({"A-LDR": "B0303", "A-INF1": "B0304"}, "A-LDR", "B0304"))


def test_a_lone_leader_entered_by_an_enemy_is_eliminated():  # MOR-3, SR 19.3.1 (L976)
    setup = {"A-INF1": "B0303", "G-LDR": "B0304"}
    taken = Log(setup).phase(1, "allied_movement").move("A-INF1", "B0304").kill("G-LDR", "B0304").check()
    assert all_legal(taken.judged[-1].verdicts) and "eliminated" in taken.judged[-1].verdicts[0].detail
    kept = Log(setup).phase(1, "allied_movement").move("A-INF1", "B0304").phase(1, "allied_organization").check()
    assert rules_broken(kept.judged[1].verdicts) == ["HTTR SR 19.3.1"]
