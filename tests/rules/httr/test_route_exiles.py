"""HTTR ScR 8.1.10 (L1303) on the synthetic game's [special.route_exiles]: Germans starting in A0608-A0610, far from
the route (row 05's road, "Synthetic route"), never fire on it and leave the map by the end of 18 Sep (GT 13 is its
last GT in the synthetic calendar); G-KG2's units play the exempt 6th FJ."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, last, rules_broken, unsure
from tests.rules.httr.test_worked_examples_scenario import BUNDLED

RULE = "HTTR ScR 8.1.10"


def test_they_never_fire_on_the_route():  # RES-6
    start = {"G-INF1": "A0608", "A-INF1": "A0505"}
    on_route = Log(start).phase(8, "german_fire").say("df A0505 from G-INF1")
    assert RULE in rules_broken(last(on_route.check()))
    off_route = Log({**start, "A-INF1": "A0607"}).phase(8, "german_fire").say("df A0607 from G-INF1")
    assert RULE not in rules_broken(last(off_route.check()))


def test_others_and_the_exempt_fire_on_the_route():  # RES-6: units that started elsewhere, and the 6th FJ's
    elsewhere = Log({"G-INF1": "A0606", "A-INF1": "A0505"}).phase(8, "german_fire").say("df A0505 from G-INF1")
    assert RULE not in rules_broken(last(elsewhere.check()))
    exempt = Log({"G-INF3": "A0608", "A-INF1": "A0505"}).phase(8, "german_fire").say("df A0505 from G-INF3")
    assert RULE not in rules_broken(last(exempt.check()))


def test_they_leave_the_map_by_the_end_of_the_eighteenth():  # RES-6
    stays = Log({"G-INF1": "A0609"}).phase(13, "german_movement").phase(14, "weather")
    assert RULE in rules_broken(last(stays.check()))
    gone = Log({"G-INF1": "A0609"}).phase(13, "german_movement").leave("G-INF1").phase(14, "weather")
    assert RULE not in rules_broken(last(gone.check()))
    back = Log({"G-INF1": "A0609"}).phase(12, "german_movement").leave("G-INF1").enter("G-INF1", "A0610") \
        .phase(14, "weather")
    assert RULE not in rules_broken(last(back.check()))  # free once it used off-map movement
    earlier = Log({"G-INF1": "A0609"}).phase(12, "german_movement").phase(13, "weather")
    assert RULE not in rules_broken(last(earlier.check()))  # GT 13 is still 18 Sep


def test_the_bundled_zone_is_not_transcribed():  # RES-6 on the bundled data: not checkable, once
    log = Log({}, BUNDLED).phase(3, "german_movement").phase(3, "german_organization").phase(4, "allied_command")
    verdicts = [v for j in log.check().judged for v in j.verdicts]
    assert sum("east of Club Route" in x.needs for x in unsure(verdicts)) == 1
    assert RULE not in rules_broken(verdicts)
