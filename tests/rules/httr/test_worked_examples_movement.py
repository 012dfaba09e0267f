"""The rulebook's HTTR worked examples on movement (predicates-ptr-httr.md section 2B): H17 (P, SR 9.6.7 Figure 15)
on a synthetic position, H32 (Y, ScR 10.1.3) on the bundled data."""
from __future__ import annotations

from hexforge.games import load_game
from tests.rules.httr.helpers import Log, all_legal, rules_broken

TRAVEL = {"Mode": "Travel"}


def verdicts_of(report, unit: str) -> list:
    return next(j.verdicts for j in reversed(report.judged) if getattr(getattr(j.event, "piece", None), "unit",
                                                                        None) == unit)


def test_h17_three_companies_to_keldonck():  # SR 9.6.7 Figure 15 (L520-L521): MOV-17, MOV-19, MOV-20
    """P: Figure 15's map is not transcribed. Assumed: the synthetic primary road from B0105 to A0605 stands for
    the secondary road via Erp (11 hexes at 1 MP, within the MA of 12, as the example's 12 MP road route), and the
    direct route is the same hexes off the road (22 MP: 'will require two turns'). The companies are the synthetic
    leg infantry A-INF1..A-INF3; for the Travel case, whose 6 MP the synthetic road's 0.5 MP a hex stands for, the
    vehicular A-TANK, A-REC and A-BENG, at night (GT 6) so that leaving the road costs more than the MA too."""
    legs = {u: "B0105" for u in ("A-INF1", "A-INF2", "A-INF3")}
    three = Log(legs).phase(1, "allied_movement").drag(("A-INF1", "A-INF2", "A-INF3"), "A0605").check()
    assert all_legal(verdicts_of(three, "A-INF1")) and "11 of 12 MP" in verdicts_of(three, "A-INF1")[0].detail
    assert all_legal(verdicts_of(three, "A-INF2"))
    assert rules_broken(verdicts_of(three, "A-INF3")) == ["HTTR SR 9.6.7"]  # 'cannot move as a stack of three'
    off_road = Log(legs).phase(1, "allied_movement").move("A-INF1", "B0505", "B0404", "A0605").check()
    assert rules_broken(verdicts_of(off_road, "A-INF1")) == ["HTTR SR 9.2.3"]  # the direct route: too slow
    cars = {u: ("B0105", TRAVEL) for u in ("A-TANK", "A-REC", "A-BENG")}
    travel = Log(cars).phase(6, "allied_movement").drag(("A-TANK", "A-REC", "A-BENG"), "A0605").check()
    assert all_legal(verdicts_of(travel, "A-REC"))
    assert rules_broken(verdicts_of(travel, "A-BENG")) == ["HTTR SR 9.6.5"]  # 'the two-unit limitation also applies'
    blocked = Log({"A-TANK": ("B0105", TRAVEL), "A-ART": ("B0405", TRAVEL)}).phase(6, "allied_movement") \
        .move("A-TANK", "A0605").check()
    assert rules_broken(verdicts_of(blocked, "A-TANK")) == ["HTTR SR 9.6.6"]  # 'would block their path'


def test_h32_off_map_area_5w():  # ScR 10.1.3 (L1417): OFF-1
    """Y: 'area 5W corresponds to the western map edge hexes of Map C bordered by the 4000 and 2100 hex rows'."""
    g = load_game("highway-to-the-reich")
    labels = sorted(g.map.labels[h] for h in g.map.terrain.edges["offmap-5W"])
    assert labels == [f"C{row:02d}01" for row in range(21, 41)]
    west = {g.map.labels[h] for h in g.map.labels if g.map.labels[h].startswith("C") and g.map.labels[h].endswith("01")}
    assert set(labels) <= west
