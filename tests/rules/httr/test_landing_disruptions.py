"""MOD-1 (SR 5.1: disruption is never voluntary) against the disruptions the air landing rules impose (ScR 6.7.4
scatter into rough ground, 6.6.3.2 / 6.6.6.4 a landing overstack, 15.2.1 optional gliders off clear terrain), on the
synthetic game: A-REG1's Pathfinder marker is on B0305; B0405 is woods (stacking limit 20), B0307 a town, B0306 and
B0404 clear (tests/games/httr-synthetic terrain.toml and tables/tec.toml)."""
from __future__ import annotations

from hexforge.builder.locations import OFF_MAP
from hexforge.builder.timeline import Entered

from tests.rules.httr.helpers import Log, illegal, ref, rules_broken

PF = "Pathfinder A-REG1"
GUNS = ("A-ART3", "A-AT")  # ScR 6.8: artillery and AT land in Defilade
FIRST = ("A-INF1", "A-INF2", "A-ENG", "A-HW", "A-INF5", "A-INF6")  # 5+4+4+3+2+2 = 20 SP: B0405's limit


def disruptions(report) -> list:
    """The verdicts on the log's Disrupted layer changes."""
    return [v for j in report.judged if getattr(j.event, "trait", None) == "Disrupted" for v in j.verdicts]


def serials(*groups: tuple[str, ...], at: str = "B0405") -> Log:
    """Each group of units one serial (one log step) dropped on ``at`` in GT 8's Allied Movement Phase, each with
    an A result (3+4 in column 0: lands where placed)."""
    units = [u for g in groups for u in g]
    log = Log({"G-INF1": "B0310", **{u: (None, {"Mode": "Defilade" if u in GUNS else "Concentrated"})
                                     for u in units}}).phase(8, "allied_movement").place("pf1", PF, "B0305")
    for g in groups:
        log.say(f"drop {at} south")
        step = len(log.events) + 1
        log.events += [Entered(step, ref(u), OFF_MAP, at) for u in g]
        log.say(f"land {at}").roll("Air Landing", 3, 4)
    return log


def test_a_scatter_into_rough_ground_disrupts_involuntarily():  # MOD-1 with AIR-8, ScR 6.7.4 (L1249)
    """S1 (4+4), direction 2 (east), distance 3 (two hexes): A-INF1 lands in B0307, a town, and is disrupted at once;
    scattered one hex (distance 1) into B0306, clear, its disruption is voluntary."""
    def scatter(die: int, to: tuple[str, ...]) -> list:
        log = Log({"G-INF1": "B0310", "A-INF1": (None, {"Mode": "Concentrated"})}).phase(8, "allied_movement") \
            .place("pf1", PF, "B0305").say("drop B0305 south").enter("A-INF1", "B0305").roll("Air Landing", 4, 4) \
            .roll("Scatter", 2).roll("Scatter", die).move("A-INF1", *to).layer("A-INF1", "Disrupted", "Normal",
                                                                              "Disrupted")
        return disruptions(log.phase(8, "allied_organization").check())
    town = scatter(3, ("B0306", "B0307"))
    assert town and not illegal(town)
    assert "ScR 6.7.4" in (town[0].detail or "")
    assert rules_broken(scatter(1, ("B0306",))) == ["HTTR SR 5.1"]


def test_a_later_serial_overstacking_the_hex_disrupts_involuntarily():  # MOD-1, ScR 6.6.6.4 (L1234), 6.6.3.2
    """A first serial of 20 SP fills B0405; a second (A-ART3, A-AT: 2 SP each) lands on it, and all are disrupted
    (6.6.6.4): A-AT, the second serial's last unit, displaced to B0404 and disrupted there, is disrupted by the
    landing, as is every unit that stays. A unit of a serial that landed without an overstack is not."""
    log = serials(FIRST, GUNS).move("A-INF6", "B0404").move("A-AT", "B0404")
    for u in (*FIRST, *GUNS):
        log.layer(u, "Disrupted", "Normal", "Disrupted")
    said = disruptions(log.phase(8, "allied_organization").check())
    assert len(said) == len(FIRST) + len(GUNS) and not illegal(said)
    alone = serials(FIRST[:2]).layer("A-INF1", "Disrupted", "Normal", "Disrupted")
    assert rules_broken(disruptions(alone.phase(8, "allied_organization").check())) == ["HTTR SR 5.1"]


def test_an_optional_glider_landing_off_clear_terrain_disrupts():  # MOD-1 with OPT-5, ScR 15.2.1 (L1491)
    """A-ART3 (a glider unit of the synthetic [special.gliders]) lands in B0405, woods: with optional_gliders on
    its disruption is the landing's; off, nothing but fire, CA or an overstack disrupts it."""
    def glide(**readings: str) -> list:
        log = Log({"A-ART3": (None, {"Mode": "Defilade"})}).phase(8, "allied_movement").place("pf", PF, "B0305") \
            .enter("A-ART3", "B0405").layer("A-ART3", "Disrupted", "Normal", "Disrupted").roll("Glider Loss", 4)
        return disruptions(log.phase(8, "allied_organization").check(**readings))
    on = glide(optional_gliders="on")
    assert on and not illegal(on)
    assert rules_broken(glide()) == ["HTTR SR 5.1"]
