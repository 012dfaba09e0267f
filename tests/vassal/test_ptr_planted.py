"""End to end on PtR (issue #14): the real engine plays a scripted Turn 1 Operations Cycle (and Turn 2's Recovery
Phase) of the synthetic PtR game (tests/vassal/ptr_script.py: declarations in chat, named dice buttons, drags of
units, track markers dragged onto their boxes, layers stepped by their keys) on its built module and writes the
log; the referee judges that log. Every planted violation is flagged citing the rule it breaks, no other event is
illegal, and every event gets a verdict, none of them *not checkable*.

The synthetic game is used, not the bundled one, because its tables (AP Table, TEC, ZOC Chart, unit values) are
all known: on the bundled data most of these checks are *not checkable*, which would hide a missed violation.
"""
from __future__ import annotations

import json

import pytest

from hexforge.builder.build import build, setup_name
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import DiceRoll, build_timeline
from hexforge.games import load_game
from hexforge.rules import rules_for
from hexforge.rules.ptr.referee import PtrReferee
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.rules.ptr.helpers import SYNTHETIC
from tests.vassal.ptr_script import SCRIPT, actions

pytestmark = pytest.mark.vassal


@pytest.fixture(scope="module")
def judged(vassal_check, tmp_path_factory):
    """One engine session: build, play the script, judge the engine's log; (report, step -> script index)."""
    d = tmp_path_factory.mktemp("ptr-planted")
    g = load_game(SYNTHETIC)
    vmod = build(g, d / "ptr.vmod", scenarios=["s1"])
    (d / "script.json").write_text(json.dumps({"actions": actions()}))
    rc, res = vassal_check("play", vmod, d / "script.json", d / "game.vlog",
                           "--save", f"setup:{setup_name(g.scenarios['s1'].name.resolved)}")
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    assert [a["problems"] for a in res["actions"]] == [[]] * len(SCRIPT)
    assert [a["log_steps"] for a in res["actions"]] == [1] * len(SCRIPT)  # one log step per action
    t = build_timeline(read_save(d / "game.vlog"), read_module(vmod), g)
    return PtrReferee(rules_for(g, "s1"), t).run(), t


def test_at_least_25_rules_are_planted() -> None:
    rules = {r for _, r in SCRIPT if r}
    assert len(rules) >= 25, sorted(rules)


def test_the_engine_rolled_the_dice_the_script_planned(judged) -> None:
    _, t = judged
    rolls = [(e.name, e.values) for e in t.events if isinstance(e, DiceRoll)]
    assert rolls == [(a["button"], (a["die"],)) for a, _ in SCRIPT if a["do"] == "dice"]


def test_every_event_gets_a_verdict(judged) -> None:
    rep, t = judged
    assert len(rep.judged) == len(t.events) and all(j.verdicts for j in rep.judged)


def test_nothing_is_left_not_checkable(judged) -> None:
    """Every table of the synthetic game is known, so no check may answer *not checkable* here: one that did could
    hide a missed violation (a check that needs a datum the synthetic game lacks wants that datum added to it)."""
    rep, *_ = judged
    assert [(j.event.step, v.needs) for j in rep.judged for v in j.verdicts if isinstance(v, NotCheckable)] == []


def test_each_planted_violation_is_flagged_with_its_rule_and_nothing_else(judged) -> None:
    rep, _ = judged
    got = sorted({(j.event.step, v.rule) for j in rep.judged for v in j.verdicts if isinstance(v, Illegal)})
    planted = sorted((i, rule) for i, (_, rule) in enumerate(SCRIPT, 1) if rule)  # action i is log step i
    assert got == planted
