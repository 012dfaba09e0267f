"""MOV-24 (SR 13.2.7.7, L701): a unit without a valid supply path moves on a 1d6 of its own; where the data leaves
the path unknown, the not-checkable answer carries the supply chain's reason, naming the missing datum (on the bundled
game: the 506th company's division HQ '101', a units.csv formation no unit id carries, SUP-1)."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.rules.httr.helpers import Log

INF = "2/506 5-3 no.1"


def test_an_unknown_supply_path_names_why_on_the_bundled_game():  # MOV-24 not checkable
    """506/101 arrives this GT (2 CP, ScR 12.02); its company moves without an MA roll: the path through '101' is
    unknown, and the verdict says so, never legal nor illegal."""
    httr = load_game("highway-to-the-reich")
    log = Log({INF: ("C2808", {"Mode": "Concentrated"}), "506/101": (None, {"Mode": "Defilade"})}, httr) \
        .phase(10, "allied_movement").enter("506/101", "C2808").move(INF, "C2807")
    vs = [v for j in HttrReferee(rules_for(httr, None), log.timeline(), None).run().judged[1:] for v in j.verdicts]
    assert not [v for v in vs if isinstance(v, Illegal)], vs
    path = [v.needs for v in vs if isinstance(v, NotCheckable) and "traces a valid supply path" in v.needs]
    assert path and path[0].startswith(f"whether {INF} traces a valid supply path (SR 13.2.7.7): ") and \
        "the HQ unit '101'" in path[0], path

