"""Verdicts cite the rule that applies and name what the log shows (issue 11, section 4)."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules.verdict import Illegal
from tests.conftest import ROOT
from tests.rules.helpers import Log, verdicts

SYN = ROOT / "tests" / "data" / "synthetic-fm"


def test_a_mobile_unit_entering_marsh_off_the_road_breaks_arn_10_5() -> None:
    # ARN 10.5 (L359): "Mobile units may not enter and/or exit a marsh hex unless ... via a road or trail"; 1005 is marsh
    game = load_game(SYN)
    rep = Log(game, {"B2": "0905"}).phase(1, "first-movement").move("B2", "0905", "1005").check(Arnhem(game))
    (v,) = verdicts(rep, 1)
    assert isinstance(v, Illegal) and v.rule == "ARN 10.5" and "marsh: mobile units only along a road" in v.reason


def test_a_move_in_the_bombardment_phase_is_named_by_that_phase() -> None:
    game = load_game(SYN)
    name = next(p.name.resolved for p in game.info.sequence if p.id == "first-bombardment")
    rep = Log(game, {"B1": "0205"}).phase(1, "first-bombardment").move("B1", "0205", "0305").check()
    (v,) = verdicts(rep, 1)
    assert isinstance(v, Illegal) and f"moved in the {name} without a combat result" in v.reason
    assert "combat phase" not in v.reason.lower().replace(name.lower(), "")
