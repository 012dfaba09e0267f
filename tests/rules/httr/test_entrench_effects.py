"""What an entrenchment changes (ENT-1, ENT-2: SR 12.1.1-12.1.2, 12.1.5), judged through the checks that read it, on
the synthetic game: an AT unit entrenched in a city takes the city's line on the Fire Results Table (SR 6.3.5.4's
exception, L227), an entrenched HW unit in Defilade fires IF unhalved (SR 6.5.4.2, L325), an entrenched defender in
Defilade gains two morale in a CA (SR 10.4.2.1, L587) unless an attacking engineer negates it (10.4.2.3)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal
from tests.rules.httr.test_fire_values import detail, rolled

BATTERY = {"Mode": "Defilade"}


def at_fire(mode: str, dug_in: bool = True) -> tuple[str, list[str]]:
    """G-AFV's DF (4 SP at ER 6: fire value 5, 3 on the matrix's entrenched line) at A-AT in the city A0508, 2d6 11:
    a loss of 1 on the 'forest, town, or broken' line at 5; at 3 DEF there, nothing on the rough or city line; the
    roll's detail and the rules the log then breaks."""
    log = Log({"G-AFV": "A0507", "A-AT": ("A0508", {"Mode": mode})})
    if dug_in:
        log.marker("e1", "Entrenchment", "A0508")
    log.phase(1, "german_fire").say("df A0508 from G-AFV target A-AT").roll("Direct Fire", 5, 6)
    report = log.phase(1, "german_movement").check()
    return detail(report.judged[2].verdicts).strip(), [v.rule for j in report.judged for v in illegal(j.verdicts)]


def test_an_entrenched_at_unit_takes_the_citys_line():  # ENT-1 legal, DF-15: SR 12.1.2, 6.3.5.4 exception (L227)
    line, broken = at_fire("Defilade")  # entrenched: the entrenched line too (SR 6.3.5.2 example, L224)
    # changed (audit item 9): a target in Defilade reads its terrain's Defilade line (SR 6.1.11)
    assert line.endswith("fire value 3 (entrenched line), 2d6 11 on the rough or city (defilade): -") and not broken


def test_no_benefit_outside_defilade_or_an_entrenchment():  # ENT-1 illegal: the towed unit's line and its loss
    # changed (audit item 9, SR 6.1.11): in Defilade the towed line's Defilade line takes the loss down to DEF
    assert at_fire("Defilade", dug_in=False)[0].endswith("on the forest, town, or broken (defilade): DEF")
    line, broken = at_fire("Travel")  # SR 12.1.2: never in Travel Mode, so the loss of 1 stands ...
    assert line.endswith("on the forest, town, or broken: 1")
    assert broken == ["HTTR SR 6.7.8"]  # ... and a Travel unit losing strength is disrupted


def test_an_entrenched_hw_fires_if_unhalved():  # ENT-1, IF-12, SR 6.5.4.2 (L325): GB-HW 6 SP in Defilade
    spot = {"GB-6GH-D": "B0202", "G-3SS": "B0303", "GB-HW": ("B0201", BATTERY)}
    line = "if B0303 from GB-HW spotter GB-6GH-D"
    assert "of 6 SP" in detail(rolled(spot, line, (1, 1), lambda log: log.marker("e1", "Entrenchment", "B0201")))
    assert "of 3 SP" in detail(rolled(spot, line, (1, 1)))


def ca_value(setup: dict, dug_in: bool) -> str:
    log = Log(setup)
    if dug_in:
        log.marker("e1", "Entrenchment", "B0304")
    log.phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", 4)
    said = [getattr(v, "detail", "") or "" for j in log.check().judged for v in j.verdicts]
    return next(d for d in said if d.startswith("CA value")).split(",")[0]


def test_an_entrenched_defender_gains_two_morale():  # ENT-1/ENT-2, SR 10.4.2.1, 10.4.2.3, 12.1.5
    fight = {"A-INF1": "B0303", "G-INF1": ("B0304", BATTERY)}
    assert ca_value(fight, True) != ca_value(fight, False)
    concentrated = {"A-INF1": "B0303", "G-INF1": ("B0304", {"Mode": "Concentrated"})}
    assert ca_value(concentrated, True) == ca_value(concentrated, False)  # SR 12.1.2: only in Defilade
    sappers = {"A-INF1": "B0303", "A-ENG": "B0303", "G-INF1": ("B0304", BATTERY)}
    assert ca_value(sappers, True) == ca_value(sappers, False)  # SR 10.4.2.3: an attacking engineer negates it
