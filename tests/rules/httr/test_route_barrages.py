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
