"""A unit dropped in the holding board's Eliminated box beside its pile is eliminated (issue 11, 3).

The module draws the box (the holding board's last row, titled Eliminated) round the pile. The
engine puts only a drop on the pile into the Eliminated deck; a drop beside it leaves a plain piece
on a gridless board, which VASSAL names "offboard". The engine plays, on the Aachen module's
historical set-up: a unit dropped in the box beside the pile, one dropped in the row above it, and the
first one moved on onto the pile; its own replay says where each piece is.
"""
from __future__ import annotations

import io
import json
import zipfile

import pytest
from PIL import Image

from hexforge.builder.build import build, setup_name
from hexforge.builder.eliminated import eliminated_box
from hexforge.builder.holding import ELIMINATED, holding_layout
from hexforge.builder.locations import Location
from hexforge.builder.module import HOLDING_MAP, assemble
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.setups import placements
from hexforge.builder.timeline import ChatLine, Eliminated, build_timeline
from hexforge.games import load_game

pytestmark = pytest.mark.vassal

GAME, SCENARIO = "aachen", "historical"


@pytest.fixture(scope="module")
def played(vassal_check, tmp_path_factory) -> tuple:
    """The engine's replay, the timeline, the reader's box, the units moved, their set-up hexes, the
    module's holding-board image and the module as read."""
    d = tmp_path_factory.mktemp("elimbox")
    g = load_game(GAME)
    sc = g.scenarios[SCENARIO]
    vmod = build(g, d / "aachen.vmod")
    module = read_module(vmod)
    box = eliminated_box(module, g)
    assert box is not None
    in_hexes = [p for p in placements(g, sc, assemble(g)) if not p.marker and p.hex_label]
    units, hexes = [p.unit for p in in_hexes[:2]], {p.unit: p.hex_label for p in in_hexes[:2]}
    pile = holding_layout(g).eliminated
    script = {"actions": [
        {"do": "drag", "piece": units[0], "map": HOLDING_MAP, "to": [box.right - 3, box.bottom - 3]},
        {"do": "drag", "piece": units[1], "map": HOLDING_MAP, "to": [box.right - 3, box.top - 6]},  # the row above
        {"do": "drag", "piece": units[0], "map": HOLDING_MAP, "to": list(pile)},
    ]}
    (d / "script.json").write_text(json.dumps(script))
    rc, res = vassal_check("play", vmod, d / "script.json", d / "game.vlog",
                           "--save", f"setup:{setup_name(sc.name.resolved)}")
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    assert [a["problems"] for a in res["actions"]] == [[]] * 3
    rc, rep = vassal_check("replay", vmod, d / "game.vlog", "--steps")
    assert rc == 0 and rep["success"], rep.get("errors")
    with zipfile.ZipFile(vmod) as z:
        image = Image.open(io.BytesIO(z.read("images/holding-boxes.png"))).convert("RGB")
    t = build_timeline(read_save(d / "game.vlog"), module, g)
    return rep, t, box, units, hexes, image, module


def _engine_place(rep: dict, step: int, unit: str) -> tuple[dict, Location]:
    p = next(p for p in rep["steps"][step - 1]["pieces"] if p["name"] == unit)
    return p, Location(p["map"], p["board"], p["location"], p["x"], p["y"])


def test_the_box_is_the_rectangle_the_module_draws_round_the_pile(played) -> None:
    _, _, box, _, _, image, _ = played
    outline = (0x8a, 0x8a, 0x7a)
    for x, y in ((box.left, box.top), (box.right, box.bottom), ((box.left + box.right) // 2, box.top),
                 (box.left, (box.top + box.bottom) // 2)):
        assert image.getpixel((x, y)) == outline, (x, y)
    assert image.getpixel((box.left + 1, box.top + 1)) != outline  # inside, not the outline


def test_the_engine_keeps_a_unit_beside_the_pile_out_of_the_deck_and_the_box_holds_it(played) -> None:
    rep, _, box, units, _, _, _ = played
    p, loc = _engine_place(rep, 1, units[0])
    assert (p["map"], p.get("deck"), p["location"]) == (HOLDING_MAP, None, "offboard")
    assert box.holds(loc)
    p, loc = _engine_place(rep, 2, units[1])
    assert p["map"] == HOLDING_MAP and p.get("deck") is None and not box.holds(loc)
    p, loc = _engine_place(rep, 3, units[0])
    assert p.get("deck") == ELIMINATED and box.holds(loc)
    assert not box.entered(_engine_place(rep, 2, units[0])[1], loc)  # already in the box: no new elimination


def test_without_the_game_the_reader_knows_no_box(played) -> None:
    """The box comes from the game's holding layout: without the game it is not guessed."""
    assert eliminated_box(played[6], None) is None


def test_the_timeline_reads_a_drop_in_the_box_as_eliminated_once(played) -> None:
    rep, t, _, units, hexes, _, _ = played
    (e,) = [e for e in t.events if e.step == 1 and not isinstance(e, ChatLine)]
    _, loc = _engine_place(rep, 1, units[0])
    assert isinstance(e, Eliminated) and e.piece.name == units[0] and e.hex == hexes[units[0]]
    assert (e.location.map, e.location.x, e.location.y) == (loc.map, loc.x, loc.y)
    assert not [e for e in t.events if e.step in (2, 3) and isinstance(e, Eliminated)]
