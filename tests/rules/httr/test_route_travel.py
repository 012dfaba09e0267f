"""HTTR 30th Corps's Travel lock (ScR 5.2.4.4, 5.2.4.6, 8.2.2.3 note; RES-9) on the synthetic game, whose Club Route
runs up column 05 (B0105 to A0605) and whose 30th Corps is A-BDE2: A-GCO4 (of A-GRP4) is outside the spearhead,
A-GCO3 (of A-GRP3, the spearhead formation) leads; German units set up on B0201-B0210 (the front line) do not
count; the supply rules begin with GT 8."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure
from tests.rules.httr.test_worked_examples_scenario import BUNDLED

TRAVEL = {"Mode": "Travel"}
CORPS = {"A-GCO4": ("B0305", TRAVEL), "A-GCO3": ("B0405", TRAVEL)}
LOCK = "HTTR ScR 5.2.4.6"


def leaves(setup: dict, unit: str = "A-GCO4", before: Log | None = None, turn: int = 2) -> list:
    log = before or Log(setup)
    return last(log.phase(turn, "allied_organization").mode(unit, "Concentrated", " Travel").check())


def lock(verdicts: list) -> list[str]:
    return [r for r in rules_broken(verdicts) if r in (LOCK, "HTTR ScR 5.2.4.4")]


def test_travel_is_kept_until_a_german_is_near_the_route():  # RES-9, ScR 5.2.4.6 (L1162)
    assert lock(leaves(CORPS)) == [LOCK]
    near = leaves({**CORPS, "G-INF1": "B0308"})  # three hexes from B0305
    assert not lock(near) and any("taken as spotted" in (v.guess or "") for v in near)
    assert lock(leaves({**CORPS, "G-INF1": "B0310"})) == [LOCK]  # five hexes
    assert lock(leaves({**CORPS, "G-INF1": "B0203"})) == [LOCK]  # set up on the front line: not counted


def test_the_spearhead_and_units_fired_on_are_free():  # RES-9, ScR 5.2.4.6 exception, 8.2.2.1 (L1163, L1318)
    assert not lock(leaves(CORPS, "A-GCO3"))
    fired = Log({**CORPS, "G-IBN1": "B0306"}).phase(1, "german_fire").say("df B0305 from G-IBN1") \
        .roll("Direct Fire", 6, 5).phase(1, "german_movement").move("G-IBN1", "B0307", "B0308", "B0309", "B0310")
    assert not lock(leaves({}, before=fired))  # its formation was fired on in GT 1


def test_on_club_route_leaving_travel_needs_a_cp():  # RES-9, ScR 5.2.4.4 (L1160)
    def gt8(cp: bool) -> list:
        log = Log({**CORPS, "G-INF1": "B0308"}).on_track("A-GD CP", 4).phase(8, "cp_logistic") \
            .phase(8, "allied_command")
        if cp:
            log.say("cp A-GRP4 1").track("A-GD CP", 3)
        return leaves({}, before=log, turn=8)
    assert lock(gt8(cp=False)) == ["HTTR ScR 5.2.4.4"]
    assert not lock(gt8(cp=True))


def test_the_bundled_route_is_not_known():  # RES-9 on the bundled data: Club Route's hexes are not transcribed
    log = Log({"30 Corps HQ": ("D1010", TRAVEL)}, BUNDLED).phase(2, "allied_organization") \
        .mode("30 Corps HQ", "Defilade", " Travel")
    got = last(log.check())
    assert not lock(got) and any("Club Route's hexes" in v.needs for v in unsure(got)), got


def test_moving_south_on_club_route_in_travel_needs_cp():  # RES-9, ScR 5.2.4.5 (L1161)
    def south(cp: bool, turn: int = 8) -> list:
        log = Log(CORPS).on_track("A-GD CP", 4).phase(turn, "cp_logistic").phase(turn, "allied_command")
        if cp:
            log.say("cp A-GRP4 1").track("A-GD CP", 3)
        return last(log.phase(turn, "allied_movement").move("A-GCO4", "B0205").check())
    assert rules_broken(south(cp=False)).count("HTTR ScR 5.2.4.5") == 1
    assert "HTTR ScR 5.2.4.5" not in rules_broken(south(cp=True))
    north = Log(CORPS).on_track("A-GD CP", 4).phase(8, "cp_logistic").phase(8, "allied_movement")
    assert "HTTR ScR 5.2.4.5" not in rules_broken(last(north.move("A-GCO4", "B0405").check()))
