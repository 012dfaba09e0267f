"""HTTR ScR 23.1.3 (L1724-1725) on the synthetic game's [special.route_barrages]: A-DIV's artillery stands for the
British; on GT 2-3 its unobserved barrages (``if`` with no spotter) fall within 3 hexes of the route (row 05's
road: B0106 is 1 hex from it, B0110 5) only."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, last, rules_broken, unsure
from tests.rules.httr.test_worked_examples_scenario import BUNDLED

RULE = "HTTR ScR 23.1.3"


def barrage(target: str, turn: int = 2, gun: str = "A-ART", side: str = "allied") -> list:
    setup = {gun: ("B0103", {"Mode": "Defilade"}), "G-INF1": target}
    return last(Log(setup).phase(turn, f"{side}_fire").say(f"if {target} from {gun}").check())


def test_the_opening_barrages_fall_near_the_route():  # SCN-6
    near = barrage("B0106")
    assert RULE not in rules_broken(near) and any("counts as observed" in (v.detail or "") for v in near
                                                  if hasattr(v, "detail"))
    assert RULE in rules_broken(barrage("B0110"))


def test_only_on_the_opening_turns_and_only_the_british():  # SCN-6
    assert RULE not in rules_broken(barrage("B0110", turn=4))
    assert RULE not in rules_broken(barrage("B0110", gun="G-ART", side="german"))


def test_the_bundled_route_is_not_transcribed():  # SCN-6 on the bundled data: not checkable, naming Club Route
    gun = "52/GA no.1"
    german = next(u for u in BUNDLED.units if BUNDLED.units[u].side == "german")
    v = last(Log({gun: ("D0119", {"Mode": "Defilade"}), german: "D0125"}, BUNDLED).phase(2, "allied_fire")
             .say(f'if D0125 from "{gun}"').check())
    assert any("Club Route's hexes" in x.needs for x in unsure(v)) and RULE not in rules_broken(v)


def limited(target: dict, turn: int, line: str) -> list[str]:
    """The rules broken by an unobserved barrage of A-DIV's three guns from B0101 (none sees the woods B0405, on the
    route, from 4 hexes: woods are seen from 3, SR 7.2)."""
    guns = {g: ("B0101", {"Mode": "Defilade"}) for g in ("A-ART", "A-ART4", "A-ART5")}
    return rules_broken(last(Log({**guns, **target}).phase(turn, "allied_fire").say(line).check()))


def test_a_barrage_that_counts_as_observed_is_not_limited():  # SCN-6, IF-3, IF-4: ScR 23.1.3, SR 6.5.1.4-6.5.1.5
    # on GT 2 the three guns may barrage B0405 together, and at an HQ (SR 6.5.1.4's and 6.5.1.5's 'scenario rules may
    # modify'); on GT 4 the barrage is unobserved again, and limited
    three = "if B0405 from A-ART A-ART4 A-ART5"
    assert limited({"G-INF1": "B0405"}, 2, three) == []
    assert limited({"G-INF1": "B0405"}, 4, three) == ["HTTR SR 6.5.1.4"]
    at_hq = "if B0405 from A-ART target G-KG1"
    assert limited({"G-KG1": "B0405"}, 3, at_hq) == []
    assert limited({"G-KG1": "B0405"}, 4, at_hq) == ["HTTR SR 6.5.1.5"]
