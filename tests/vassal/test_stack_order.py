"""A move names the order of the stack it ends in, bottom first, as the engine keeps it (the order HTTR's
top-two rule reads, SR 11): the engine plays drops onto stacks, and after each log step every moved
piece's ``Move.stack`` equals the engine's ``Stack`` order (``stack_index``) of that piece's stack."""
from __future__ import annotations

import json

import pytest

from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import Move, build_timeline
from tests.vassal.test_timeline_vs_engine import write_module

pytestmark = pytest.mark.vassal

SCRIPT = {"actions": [
    {"do": "drop_on", "piece": "Blue Inf", "onto": "Red Arm"},   # a stack of two
    {"do": "drop_on", "piece": "Red Inf", "onto": "Blue Inf"},   # three: the new piece on top
    {"do": "drag", "piece": "Blue Inf", "to": "0303"},           # out of the middle: alone again
    {"do": "drop_on", "piece": "Blue Inf", "onto": "Red Inf"},   # back on top
]}


def _engine_stacks(pieces: list[dict]) -> dict[str, tuple[str, ...]]:
    """Piece id -> the ids of its stack bottom first (``Stack.asList``); () for a piece alone."""
    stacks: dict[str, list[tuple[int, str]]] = {}
    for p in pieces:
        if p.get("stack_id") and not p.get("deck"):
            stacks.setdefault(p["stack_id"], []).append((p["stack_index"], p["id"]))
    out: dict[str, tuple[str, ...]] = {p["id"]: () for p in pieces}
    for members in stacks.values():
        order = tuple(pid for _, pid in sorted(members))
        for pid in order:
            out[pid] = order if len(order) > 1 else ()
    return out


def test_a_move_names_its_stack_in_the_engine_order(vassal_check, tmp_path) -> None:
    vmod = write_module(tmp_path / "t.vmod")
    (tmp_path / "script.json").write_text(json.dumps(SCRIPT))
    rc, live = vassal_check("play", vmod, tmp_path / "script.json", tmp_path / "game.vlog", "--steps")
    assert rc == 0 and live["success"], live.get("errors") or live.get("error")
    t = build_timeline(read_save(tmp_path / "game.vlog"), read_module(vmod))
    assert t.steps == len(SCRIPT["actions"]) == len(live["actions"])
    seen = set()
    for step, action in enumerate(live["actions"], 1):
        engine = _engine_stacks(action["pieces"])
        moves = [e for e in t.events if e.step == step and isinstance(e, Move)]
        assert moves, f"step {step}: no move read"
        for m in moves:
            assert m.stack == engine[m.piece.id], f"step {step}: {m.piece.name}"
            seen.add(len(m.stack))
    assert seen >= {0, 2, 3}  # alone, a stack of two, of three
