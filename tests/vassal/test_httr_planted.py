"""End to end on HTTR (issue #15): the real engine plays a scripted Game Turn 1 of the synthetic HTTR game
(``tests/vassal/httr_script.py``: CP, fire and close actions declared in chat, rolls on the named dice buttons,
mode and disruption by layer keys, drags and drops onto stacks) on its built module and writes the log; the
referee judges that log. Every planted violation is flagged citing the rule it breaks, no other event is
illegal, every event gets a verdict and none is *not checkable*, and after every move the stack the referee keeps
in the destination hex is the engine's own stack there, bottom to top (the order SR 11's top-two rule reads).

The synthetic game is used, not the bundled one, because its tables (TEC, fire and CA tables, unit values,
the map's terrain) are all known: on the bundled data most of these checks are *not checkable*, which would
hide a missed violation. Its scenario has no set-up, so a copy of the game gets ``SETUP`` as one.
"""
from __future__ import annotations

import json
import shutil

import pytest

from hexforge.builder.build import build, setup_name
from hexforge.builder.layers import LayerKeys
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import DiceRoll, Move, build_timeline
from hexforge.games import load_game
from hexforge.rules import rules_for
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.rules.httr.helpers import SYNTHETIC
from tests.vassal.httr_script import DISRUPTED, MODE, SCRIPT, SETUP, actions, planted
from tests.vassal.scripting import java_dice

pytestmark = pytest.mark.vassal


def _game_with_setup(root):
    """A copy of the synthetic game whose scenario places ``SETUP``, one unit per entry, in order."""
    game = root / "httr-synthetic"
    shutil.copytree(SYNTHETIC, game)
    scenario = game / "scenarios" / "basic.toml"
    extra = "".join(f'\n[[setup]]\nunits = ["{u}"]\nhex = "{h}"\nsource = "test"\n' for u, h in SETUP.items())
    scenario.write_text(scenario.read_text() + extra)
    return load_game(game)


def _engine_stacks(pieces: list[dict]) -> dict[str, tuple[str, ...]]:
    """Piece id -> the ids of its stack bottom first, as the engine keeps it (``Stack.asList``)."""
    stacks: dict[str, list[tuple[int, str]]] = {}
    for p in pieces:
        if p.get("stack_id") and not p.get("deck"):
            stacks.setdefault(p["stack_id"], []).append((p["stack_index"], p["id"]))
    out = {p["id"]: (p["id"],) for p in pieces}
    for members in stacks.values():
        order = tuple(pid for _, pid in sorted(members))
        out.update({pid: order for pid in order})
    return out


@pytest.fixture(scope="module")
def judged(vassal_check, tmp_path_factory):
    """One engine session: build, play the script, judge the engine's log.

    Returns (report, timeline, the engine's pieces after each action, the referee's stack of each move's
    destination hex after that move, bottom first, and its set-up stack of each hex ``SETUP`` stacks units in)."""
    d = tmp_path_factory.mktemp("httr-planted")
    g = _game_with_setup(d)
    vmod = build(g, d / "httr.vmod", scenarios=["basic"])
    (d / "script.json").write_text(json.dumps({"actions": actions()}))
    rc, res = vassal_check("play", vmod, d / "script.json", d / "game.vlog", "--steps",
                           "--save", f"setup:{setup_name(g.scenarios['basic'].name.resolved)}")
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    assert [a["problems"] for a in res["actions"]] == [[]] * len(SCRIPT)
    assert [a["log_steps"] for a in res["actions"]] == [1] * len(SCRIPT)  # one log step per action
    t = build_timeline(read_save(d / "game.vlog"), read_module(vmod), g)
    referee = HttrReferee(rules_for(g, "basic"), t)
    start = {h: tuple(reversed(mem.stack(referee.state, referee.hex(h)))) for h in set(SETUP.values())
             if list(SETUP.values()).count(h) > 1}
    kept: dict[int, tuple[str, ...]] = {}
    advance = referee.advance

    def remember(j) -> None:
        advance(j)
        e = j.event
        if isinstance(e, Move) and e.to_hex is not None:
            kept[e.step] = tuple(reversed(mem.stack(referee.state, referee.hex(e.to_hex))))

    referee.advance = remember
    return referee.run(), t, [a["pieces"] for a in res["actions"]], kept, start


def test_at_least_25_rules_are_planted() -> None:
    rules = {r for _, rule in SCRIPT for r in planted(rule)}
    assert len(rules) >= 25, sorted(rules)


def test_the_layer_keys_are_the_modules() -> None:
    keys = LayerKeys.of(list(load_game(SYNTHETIC).info.layers)).keys
    assert (keys["mode"], keys["disrupted"]) == (MODE, DISRUPTED)


def test_the_engine_rolled_the_dice_the_script_planned(judged) -> None:
    _, t, *_ = judged
    rolls = [(e.name, e.values) for e in t.events if isinstance(e, DiceRoll)]
    planned = [(a["button"], tuple(a["dice"])) for a, _ in SCRIPT if a["do"] == "dice"]
    assert rolls == planned
    assert all(java_dice(a["seed"], len(a["dice"])) == tuple(a["dice"]) for a, _ in SCRIPT if a["do"] == "dice")


def test_every_event_gets_a_verdict(judged) -> None:
    rep, t, *_ = judged
    assert t.steps == len(SCRIPT) and len(rep.judged) == len(t.events) and all(j.verdicts for j in rep.judged)


def test_nothing_is_left_not_checkable(judged) -> None:
    """Every table of the synthetic game is known, so no check may answer *not checkable* here: one that did could
    hide a missed violation (a check that needs a datum the synthetic game lacks wants that datum added to it)."""
    rep, *_ = judged
    assert [(j.event.step, v.needs) for j in rep.judged for v in j.verdicts if isinstance(v, NotCheckable)] == []


def test_each_planted_violation_is_flagged_with_its_rule_and_nothing_else(judged) -> None:
    rep, *_ = judged
    got = sorted({(j.event.step, v.rule) for j in rep.judged for v in j.verdicts if isinstance(v, Illegal)})
    want = sorted((i, r) for i, (_, rule) in enumerate(SCRIPT, 1) for r in planted(rule))  # action i is log step i
    assert got == want


def test_the_stack_order_kept_is_the_engines(judged) -> None:
    """After each move, ``Move.stack`` and the referee's stack of the destination hex are the engine's stack
    of the moved unit, bottom first (a unit alone: ``Move.stack`` is empty)."""
    _, t, pieces, kept, _ = judged
    moves = [e for e in t.events if isinstance(e, Move) and e.to_hex is not None]  # not the record-track markers
    sizes = set()
    for m in moves:
        engine = _engine_stacks(pieces[m.step - 1])[m.piece.id]
        units = {p["id"]: p["basic_name"] for p in pieces[m.step - 1]}
        assert m.stack == (engine if len(engine) > 1 else ()), f"step {m.step}: {m.piece.unit}"
        assert kept[m.step] == tuple(units[pid] for pid in engine), f"step {m.step}: {m.piece.unit}"
        sizes.add(len(engine))
    assert {1, 2, 3} <= sizes  # alone, onto one unit, onto a stack of two


def test_the_set_up_stack_order_the_referee_starts_from_is_the_engines(judged) -> None:
    """Before any move, each stack the referee keeps is the engine's, bottom first (the first action, a turn
    change, moves nothing): G-INF1 over G-AFV in B0304, as placed, is what an undeclared target hits (SR 6.3.2.2)."""
    _, _, pieces, _, start = judged
    engine = _engine_stacks(pieces[0])
    units = {p["id"]: p["basic_name"] for p in pieces[0]}
    by_hex = {p["location"]: tuple(units[q] for q in engine[p["id"]]) for p in pieces[0] if p["map"] == "Main Map"}
    assert start == {h: by_hex[h] for h in start}
