"""HTTR ScR 8.2.2.3-8.2.2.6 (L1320-1323) on the synthetic game's [special.spearhead]: A-BDE2's units stand for 30th
Corps; the route is row 05's road in order B0105 ... B0705, A0205 ... A0605 (index 0-11); bands scaled to the small
map: within 1 hex of the route over the lead's first 3 route hexes, 2 over the next 2, 3 beyond; free from A0605;
A-GCO4 stands for an HHC armoured car, ending within 2. B0306/B0307/B0308/B0309 are 1/2/3/4 hexes from the route
(nearest B0205, index 1); A0206/A0207/A0208 1/2/3 (nearest A0205, index 7)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, last, rules_broken, unsure
from tests.rules.httr.test_worked_examples_scenario import BUNDLED

RULE = "HTTR ScR 8.2.2.3"


def moved(setup: dict, u: str, *path: str) -> list[str]:
    return rules_broken(last(Log(setup).phase(1, "allied_movement").move(u, *path).check()))


def test_the_lead_band_keeps_close():  # RES-9: the lead's own band
    assert RULE not in moved({"A-GCO3": "B0305"}, "A-GCO3", "B0306")
    assert RULE in moved({"A-GCO3": "B0305"}, "A-GCO3", "B0306", "B0307")


def test_the_bands_widen_behind_the_lead():  # RES-9: the second band and beyond
    lead = {"A-GRP3": "A0505"}  # index 10
    assert RULE not in moved({**lead, "A-GCO3": "A0205"}, "A-GCO3", "A0206", "A0207")  # 3 behind: within 2
    assert RULE in moved({**lead, "A-GCO3": "A0205"}, "A-GCO3", "A0206", "A0207", "A0208")
    assert RULE not in moved({**lead, "A-GCO3": "B0305"}, "A-GCO3", "B0306", "B0307", "B0308")  # 9 behind: 3
    assert RULE in moved({**lead, "A-GCO3": "B0305"}, "A-GCO3", "B0306", "B0307", "B0308", "B0309")


def test_free_north_of_the_bridge_and_for_other_formations():  # RES-9: ScR 8.2.2.4
    assert RULE not in moved({"A-GCO3": "A0605"}, "A-GCO3", "A0607", "A0608", "A0609")
    assert RULE not in moved({"A-INF1": "B0305"}, "A-INF1", "B0306", "B0307", "B0308", "B0309")


def test_armoured_cars_end_within_their_reach():  # RES-9: ScR 8.2.2.6
    assert not {RULE, "HTTR ScR 8.2.2.6"} & set(moved({"A-GCO4": "B0305"}, "A-GCO4", "B0306", "B0307"))
    assert "HTTR ScR 8.2.2.6" in moved({"A-GCO4": "B0305"}, "A-GCO4", "B0306", "B0307", "B0308")


def test_the_bundled_route_is_not_transcribed():  # RES-9 on the bundled data: not checkable, once
    u = "GA HQ"
    log = Log({u: "D0618"}, BUNDLED).phase(3, "allied_movement").move(u, "D0619").move(u, "D0618")
    verdicts = [v for j in log.check().judged for v in j.verdicts]
    assert sum("Club Route's hexes in order" in x.needs for x in unsure(verdicts)) == 1
    assert RULE not in rules_broken(verdicts)
