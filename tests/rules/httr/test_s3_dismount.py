"""HTTR dismounting and remounting (MOV-7): 'A unit must expend two MP to dismount' (SR 9.3.5 L469), to remount
likewise (9.3.6 L470), once per friendly Movement Phase (9.3.7, 18.9.6 L955), or free 'after any fire combat
against them has been resolved' (18.9.6). A-PZG is the synthetic armored infantry (tracked, MA 12); B0101-B0107
are clear hexes, 2 MP each for a leg unit, and for A-PZG mounted."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, rules_broken

PZG = {"A-PZG": ("B0101", {"Mode": "Concentrated"})}


def dismounted(phase: str = "allied_movement") -> Log:
    return Log(PZG).phase(1, phase).layer("A-PZG", "Dismounted", "Mounted", "Dismounted")


def verdicts(log: Log) -> list:
    return [v for j in log.check().judged for v in j.verdicts]


def test_the_dismount_costs_two_mp_of_the_ma():  # MOV-7: SR 9.3.5 (L469), 9.3.3 (L467)
    # dismounted, it moves as leg: five clear hexes are 10 MP, with the dismount 12 of 12; six are 14
    assert all_legal(verdicts(dismounted().move("A-PZG", "B0102", "B0103", "B0104", "B0105", "B0106")))
    too_far = verdicts(dismounted().move("A-PZG", "B0102", "B0103", "B0104", "B0105", "B0106", "B0107"))
    assert rules_broken(too_far) == ["HTTR SR 9.2.3"]  # 'needs more than its MA of 12 MP (14 MP after 6 hexes)'


def test_a_dismount_at_the_end_of_a_full_move_is_over_the_ma():  # MOV-7: SR 9.5.1.5 (L507) 'at a cost of two MP'
    log = Log(PZG).phase(1, "allied_movement").move("A-PZG", "B0102", "B0103", "B0104", "B0105", "B0106", "B0107")
    assert all_legal(verdicts(log))  # mounted: 12 of 12 MP
    assert rules_broken(verdicts(log.layer("A-PZG", "Dismounted", "Mounted", "Dismounted"))) == ["HTTR SR 9.3.5"]


def test_dismounting_outside_the_movement_phase_needs_fire_at_the_unit():  # MOV-7: SR 9.5.1.5, 18.9.6 (L955)
    assert rules_broken(verdicts(dismounted("allied_organization"))) == ["HTTR SR 9.5.1.5"]
    fired_at = Log({**PZG, "G-INF1": "B0201"}).phase(1, "german_fire").say("df B0101 from G-INF1 target A-PZG")
    fired_at.roll("Direct Fire", 1, 1).layer("A-PZG", "Dismounted", "Mounted", "Dismounted")
    assert "HTTR SR 9.5.1.5" not in rules_broken(verdicts(fired_at))
