"""The log channel (docs/log-channel.md) through the real engine: the built PtR and HTTR modules load
clean, and a marker dragged onto a track box, a unit layer change, a marker layer change and a named
dice roll come back from the engine-written log as the events the contract promises.

Where a piece is, the engine says (``replay --steps``: ``Map.locationName``), so the box labels the
timeline reads are checked against VASSAL's own naming, and the set-up boxes against the scenario data.
"""
from __future__ import annotations

import json

import pytest

from hexforge.builder.build import build, setup_name
from hexforge.builder.layers import LayerKeys
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import DiceRoll, Move, StepChange, build_timeline
from hexforge.builder.tracks import track_layout
from hexforge.games import load_game
from hexforge.games.channel import TRACKS_MAP

pytestmark = pytest.mark.vassal

# game: (scenario, the layer changed on the set-up's first unit, a track marker, its new box, a dice button)
CASES = {
    "piercing-the-reich": ("s2", "Disrupted", "1st Infantry Division FAM", "6", "Initiative US"),
    "highway-to-the-reich": ("s17", "Mode", "30th Corps CP", "4", "Direct Fire"),
}


def _key(game, layer_name: str) -> str:
    lay = game.channel.layer(layer_name)
    return "ctrl " + LayerKeys.of(list(game.info.layers)).keys[lay.id]


@pytest.fixture(scope="module", params=sorted(CASES))
def played(request, vassal_check, tmp_path_factory):
    gid = request.param
    sid, layer, marker, box, button = CASES[gid]
    d = tmp_path_factory.mktemp(gid)
    g = load_game(gid)
    sc = g.scenarios[sid]
    vmod = build(g, d / f"{gid}.vmod", scenarios=[sid])
    rc, setup = vassal_check("replay", vmod, f"setup:{setup_name(sc.name.resolved)}")
    assert rc == 0 and setup["success"], setup.get("errors") or setup.get("error")
    # a unit at its layers' first level (VASSAL names a piece set up at another level with its suffix:
    # an HTTR HQ starts "501/101 Defilade", SR 5.2.2 L145)
    unit = next(p["name"] for p in setup["final"]["pieces"] if "UnitId" in p["markers"] and p["name"] in g.units)
    m = g.channel.marker(marker)
    track = g.channel.track(m.track)
    x, y = track_layout(g).position(track, box)
    actions = [
        {"do": "drag", "piece": marker, "map": TRACKS_MAP, "to": [x + 9, y - 7]},  # off-centre: VASSAL snaps it
        {"do": "key", "piece": unit, "key": _key(g, layer)},
        {"do": "dice", "button": button},
    ]
    symbol = [lay for lay in g.info.layers if lay.markers]
    if symbol:
        target = next(mid for mid in symbol[0].markers)
        name = next(mk.name.resolved for mk in g.info.markers if mk.id == target)
        actions.append({"do": "key", "piece": name, "key": _key(g, symbol[0].name)})
    (d / "script.json").write_text(json.dumps({"actions": actions}))
    rc, res = vassal_check("play", vmod, d / "script.json", d / "game.vlog",
                           "--save", f"setup:{setup_name(sc.name.resolved)}")
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    assert [a["problems"] for a in res["actions"]] == [[]] * len(actions)
    rc, rep = vassal_check("replay", vmod, d / "game.vlog", "--steps")
    assert rc == 0 and rep["success"], rep.get("errors")
    t = build_timeline(read_save(d / "game.vlog"), read_module(vmod), g)
    return g, sc, vmod, setup, rep, t, unit, actions


def test_module_loads_clean(played, vassal_check) -> None:
    g, _, vmod, *_ = played
    rc, res = vassal_check("load", vmod)
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    assert [w for w in res["warnings"] if not w["message"].startswith("Version Mismatch")] == []
    assert res["module"]["images"]["missing"] == []
    tracks = next(m for m in res["module"]["maps"] if m["name"] == TRACKS_MAP)
    assert [b["name"] for b in tracks["boards"]] == [t.name for t in g.info.tracks]
    assert all(b["grid"]["type"] == "HexGrid" for b in tracks["boards"])


def test_setup_puts_every_track_marker_on_its_box(played) -> None:
    """The engine's location of each track marker is the box the scenario data gives its formation
    (read straight from the data), else the track's first box."""
    g, sc, _, setup, *_ = played
    on_tracks = {p["name"]: (p["board"] if "board" in p else None, p["location"])
                 for p in setup["final"]["pieces"] if p["map"] == TRACKS_MAP}
    for m in g.channel.track_markers:
        track = g.channel.track(m.track)
        given = (sc.special_rules or {}).get(track.setup) if track.setup else None
        box = str(given[m.formation]) if isinstance(given, dict) and m.formation in given else track.boxes[0]
        assert on_tracks[m.name.resolved][1] == box, m.name.resolved


def test_marker_move_reads_as_a_move_onto_the_named_box(played) -> None:
    g, _, _, _, rep, t, *_ = played
    marker, box = CASES[g.id][2], CASES[g.id][3]
    engine = {p["name"]: p for p in rep["steps"][0]["pieces"]}[marker]
    assert (engine["map"], engine["location"]) == (TRACKS_MAP, box)  # VASSAL names the box as the data does
    (e,) = [e for e in t.events if e.step == 1 and isinstance(e, Move)]
    track = g.channel.track(g.channel.marker(marker).track)
    assert e.piece.name == marker and e.piece.unit is None and e.to_hex is None
    assert (e.to.map, e.to.board, e.to.label) == (TRACKS_MAP, track.name, box)
    assert g.channel.box(e.to.board, e.to.label) == (track, box)
    assert g.channel.box(e.origin.board, e.origin.label) is not None  # it came from its set-up box


def test_layer_change_reads_as_a_step_change_naming_both_levels(played) -> None:
    g, _, _, _, rep, t, unit, actions = played
    layer = g.channel.layer(CASES[g.id][1])
    (e,) = [e for e in t.events if e.step == 2 and isinstance(e, StepChange)]
    assert (e.piece.name, e.piece.unit, e.trait) == (unit, unit, layer.name)
    assert [g.channel.level_name(e.trait, v) for v in (e.old, e.new)] == layer.levels[:2]
    engine = {p["name"]: p for p in rep["steps"][1]["pieces"]}
    assert f"{unit} {layer.levels[1]}" in engine  # VASSAL names the piece with its new level
    if len(actions) == 4:
        (s,) = [e for e in t.events if e.step == 4 and isinstance(e, StepChange)]
        lay = g.channel.layer(s.trait)
        assert lay is not None and g.channel.marker(s.piece.name) is not None
        assert [g.channel.level_name(s.trait, v) for v in (s.old, s.new)] == lay.levels[:2]


def test_named_dice_roll_reads_with_its_purpose(played) -> None:
    g, *_, t, _, _ = played
    button = g.channel.dice(CASES[g.id][4])
    (e,) = [e for e in t.events if e.step == 3 and isinstance(e, DiceRoll)]
    n, sides = (int(v) for v in button.dice.split("d"))
    assert e.name == button.name and len(e.values) == n and all(1 <= v <= sides for v in e.values)
    assert g.channel.dice(e.name).purpose == button.purpose
    if n > 1:
        assert e.total == sum(e.values)


def test_httr_units_set_up_in_hexes_stand_on_their_own_sheets(vassal_check, tmp_path) -> None:
    """Issue #15: a unit the scenario places in a hex stands in that hex of its own sheet (four sheets).
    The bundled transcription gives no set-up hex, so a copy of the game gets one unit per sheet."""
    import shutil
    src = load_game("highway-to-the-reich")
    sc = src.scenarios["s17"]
    used = {u for e in [*sc.setup, *sc.reinforcements] if e.units != "unknown" for u in e.units}
    spare = [u for u in src.units if u not in used]
    first = {}
    for label in src.map.index:
        first.setdefault(label[0], label)
    assert sorted(first) == ["A", "B", "C", "D"]
    placed = dict(zip(spare, (first[s] for s in sorted(first))))
    game = tmp_path / "highway-to-the-reich"
    shutil.copytree(src.path, game)
    extra = "".join(f'\n[[setup]]\nunits = ["{u}"]\nhex = "{h}"\nsource = "test"\n' for u, h in placed.items())
    (game / "scenarios" / "s17.toml").write_text((game / "scenarios" / "s17.toml").read_text() + extra)
    g = load_game(game)
    vmod = build(g, tmp_path / "httr.vmod", scenarios=["s17"])
    rc, res = vassal_check("replay", vmod, f"setup:{setup_name(g.scenarios['s17'].name.resolved)}")
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    # by the BasicPiece name: VASSAL's name of a piece set up in a named level carries it ("5/GA Defilade")
    where = {p["basic_name"]: p for p in res["final"]["pieces"] if p["basic_name"] in placed}
    assert ({u: (p["map"], p["board"], p["location"]) for u, p in where.items()}
            == {u: ("Main Map", f"Sheet {h[0]}", h) for u, h in placed.items()})
