"""Eliminated units (issue 11, section 2): a bundled game's module lets every unit leave the map,
and the timeline reads each way the engine does it as an ``Eliminated`` event.

The engine plays a script on the Aachen module's historical set-up: one unit eliminated with its
Eliminate key command (Ctrl+E), one deleted (its Delete trait), one dragged off the main map onto
the holding board's Eliminated pile, one dragged to another holding box. The engine's own
``replay --steps`` of the log it wrote says where each piece ended; the timeline must agree.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexforge.builder.build import build, setup_name
from hexforge.builder.holding import ELIMINATED, holding_layout
from hexforge.builder.module import HOLDING_MAP, MAIN_MAP, assemble
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.setups import placements
from hexforge.builder.timeline import ChatLine, Eliminated, Move, build_timeline
from hexforge.games import load_game

pytestmark = pytest.mark.vassal

GAME, SCENARIO = "aachen", "historical"


@pytest.fixture(scope="module")
def played(vassal_check, tmp_path_factory) -> tuple[dict, object, list[str], dict[str, str]]:
    d = tmp_path_factory.mktemp("eliminate")
    g = load_game(GAME)
    sc = g.scenarios[SCENARIO]
    vmod = build(g, d / "aachen.vmod")
    in_hexes = [p for p in placements(g, sc, assemble(g)) if not p.marker and p.hex_label]
    units = [p.unit for p in in_hexes[:4]]
    hexes = {p.unit: p.hex_label for p in in_hexes[:4]}
    hold = holding_layout(g)
    x, y = hold.eliminated
    other_box = list(hold.slot(1, hold.per_line - 1))  # the Turn 1 row's last slot
    script = {"actions": [
        {"do": "key", "piece": units[0], "key": "ctrl E"},
        {"do": "delete", "piece": units[1]},
        {"do": "drag", "piece": units[2], "map": HOLDING_MAP, "to": [x + 12, y - 9]},  # inside the pile's area
        {"do": "drag", "piece": units[3], "map": HOLDING_MAP, "to": other_box},
    ]}
    (d / "script.json").write_text(json.dumps(script))
    rc, res = vassal_check("play", vmod, d / "script.json", d / "game.vlog",
                           "--save", f"setup:{setup_name(sc.name.resolved)}")
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    assert [a["problems"] for a in res["actions"]] == [[]] * 4
    rc, rep = vassal_check("replay", vmod, d / "game.vlog", "--steps")
    assert rc == 0 and rep["success"], rep.get("errors")
    t = build_timeline(read_save(d / "game.vlog"), read_module(vmod), g)
    return rep, t, units, hexes


def _after(rep: dict, step: int) -> dict[str, dict]:
    return {p["name"]: p for p in rep["steps"][step - 1]["pieces"]}


def test_the_engine_puts_eliminated_units_in_the_pile_and_deletes_deleted_ones(played) -> None:
    rep, _, units, _ = played
    assert rep["log_steps_replayed"] == 4
    for step, unit in ((1, units[0]), (3, units[2])):
        p = _after(rep, step)[unit]
        assert (p["map"], p["deck"], p["location"]) == (HOLDING_MAP, ELIMINATED, ELIMINATED), (step, p)
    assert _after(rep, 1)[units[1]]["map"] == MAIN_MAP
    assert units[1] not in _after(rep, 2)
    moved = _after(rep, 4)[units[3]]
    assert moved["map"] == HOLDING_MAP and "deck" not in moved


def test_the_timeline_reads_the_three_as_eliminated_where_the_engine_put_them(played) -> None:
    rep, t, units, hexes = played
    gone = {e.piece.name: e for e in t.events if isinstance(e, Eliminated)}
    assert sorted(gone) == sorted(units[:3])
    for step, unit in ((1, units[0]), (2, units[1]), (3, units[2])):
        assert [e for e in t.events if e.step == step and not isinstance(e, ChatLine)] == [gone[unit]]
        e = gone[unit]
        assert e.step == step and e.hex == hexes[unit] and e.piece.unit == unit
    for step, unit in ((1, units[0]), (3, units[2])):
        engine = _after(rep, step)[unit]
        assert (gone[unit].location.map, gone[unit].location.label) == (engine["map"], engine["location"])
    final = {p.piece.name: p for p in t.final}
    assert final[units[0]].deck == final[units[2]].deck == ELIMINATED and units[1] not in final


def test_a_drag_to_another_holding_box_stays_a_move(played) -> None:
    """Judged by the checker, not the reader; the engine names a gridless board's points "offboard"
    (``Map.locationName``), so the place is compared by map and pixel."""
    rep, t, units, hexes = played
    events = [e for e in t.events if e.step == 4 and not isinstance(e, ChatLine)]
    assert len(events) == 1, events
    (e,) = events
    engine = _after(rep, 4)[units[3]]
    assert isinstance(e, Move) and e.piece.name == units[3] and e.from_hex == hexes[units[3]]
    assert (e.to.map, e.to.x, e.to.y, e.to_hex) == (engine["map"], engine["x"], engine["y"], None)
