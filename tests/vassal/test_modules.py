"""Every bundled game becomes a module the real VASSAL engine loads cleanly, and every
scenario's pre-defined setup puts each unit in the hex its scenario data names."""
from __future__ import annotations

from pathlib import Path

import pytest

from hexforge.builder.build import build, setup_name
from hexforge.builder.setups import placements
from hexforge.builder.module import assemble
from hexforge.games import bundled_games, load_game
from tests.conftest import SYNTHETIC

pytestmark = pytest.mark.vassal

GAMES = [*bundled_games(), str(SYNTHETIC)]


@pytest.fixture(scope="module")
def modules(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("modules")
    return {g: build(load_game(g), out / f"{Path(g).name}.vmod") for g in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_module_loads_cleanly(game: str, modules, vassal_check) -> None:
    rc, res = vassal_check("load", modules[game])
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    # The only warning allowed: VASSAL 3.6.0-SNAPSHOT is older than the 3.6.0 we declare.
    others = [w for w in res["warnings"] if not w["message"].startswith("Version Mismatch")]
    assert others == []
    m = res["module"]
    g = load_game(game)
    slots = m["piece_slots"]
    cards = sum(mk.count.resolved for mk in g.info.markers if mk.pool and isinstance(mk.count.resolved, int))
    assert slots["count"] == len(g.units) + len(g.info.markers) + cards
    assert slots["all_decoded_ok"] and slots["failed"] == 0 and slots["type_roundtrip_mismatches"] == 0
    assert all(p.get("type_roundtrip_equal", True) for p in m["prototypes"])
    assert m["images"]["missing"] == []
    setups = {s["name"]: s for s in m["predefined_setups"]}
    assert set(setups) == {setup_name(s.name.resolved) for s in g.scenarios.values()}
    assert all(s["decoded"] and s["in_archive"] for s in setups.values())
    assert m["sides"] == [s.name.resolved for s in g.info.sides]


SCENARIOS = [(g, sid) for g in GAMES for sid in sorted(load_game(g).scenarios)]


@pytest.mark.parametrize("game, scenario", SCENARIOS)
def test_setup_puts_every_unit_in_its_hex(game: str, scenario: str, modules, vassal_check) -> None:
    g = load_game(game)
    sc = g.scenarios[scenario]
    rc, res = vassal_check("replay", modules[game], f"setup:{setup_name(sc.name.resolved)}")
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    main = [p for p in res["final"]["pieces"] if p["map"] == "Main Map"]
    # a unit by its BasicPiece name: VASSAL's piece name carries a named layer level ("327/101 Defilade")
    where = {p["basic_name"]: p["location"] for p in main if "UnitId" in p["markers"]}
    assert {p["markers"]["Marker"]: p["location"] for p in main if "Marker" in p["markers"]} == g.marker_setup(sc)
    # What the scenario data says, read straight from the data (not from our placement code).
    expected = {}
    for entry in sc.setup or []:
        label = entry.hex.resolved if entry.hex is not None else None
        if entry.units != "unknown" and isinstance(label, str) and label != "unknown":
            for uid in entry.units:
                expected[uid] = label
    assert where == expected
    placed = {p.unit for p in placements(g, sc, assemble(g)) if not p.marker}
    on_board = {p["basic_name"] for p in res["final"]["pieces"] if "UnitId" in p["markers"]}
    assert on_board == placed  # nothing lost: every unit with a place in the data is in the save


@pytest.mark.parametrize("game, scenario", SCENARIOS)
def test_every_placed_piece_lies_on_a_board_of_its_map(game: str, scenario: str, modules, vassal_check) -> None:
    """VASSAL finds a board under every piece a setup places (a piece beside every board is lost
    to the player's view and has no location)."""
    sc = load_game(game).scenarios[scenario]
    rc, res = vassal_check("replay", modules[game], f"setup:{setup_name(sc.name.resolved)}")
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    boards = res["boards"]
    off = []
    for p in res["final"]["pieces"]:
        rects = [b for b in boards[p["map"]] if b["board"] == p["board"]]
        inside = [b for b in rects if b["x"] <= p["x"] < b["x"] + b["w"] and b["y"] <= p["y"] < b["y"] + b["h"]]
        if p["board"] is None or not inside:
            off.append((p["name"], p["map"], p["x"], p["y"], p["board"]))
    assert off == [], f"{len(off)} pieces on no board, e.g. {off[:5]}; boards: {boards}"
    assert not res["final"].get("offmap_pieces"), "pieces on no map"


def test_draw_pools_hold_the_chits_the_rules_count(modules, vassal_check) -> None:
    """PTR 4.0B (L456): 29 combat chits and 7 plan chits, each in its own container."""
    g = load_game("piercing-the-reich")
    sc = g.scenarios[sorted(g.scenarios)[0]]
    rc, res = vassal_check("replay", modules["piercing-the-reich"], f"setup:{setup_name(sc.name.resolved)}")
    assert rc == 0 and res["success"]
    in_pools = [p["markers"].get("Marker") for p in res["final"]["pieces"] if p["map"] == "Pools"]
    assert in_pools.count("combat-chit") == 29 and in_pools.count("plan-chit") == 7
    decks = {p["location"] for p in res["final"]["pieces"] if p["map"] == "Pools"}
    assert decks == {"Combat Chit", "Plan Chit"}


def test_users_own_map_image_with_its_grid(tmp_path: Path, vassal_check) -> None:
    """--map-image/--grid: VASSAL finds hex 0101 at the centre pixel the user gave, and the rest by the grid."""
    import subprocess
    import sys

    from PIL import Image

    image = tmp_path / "scan.png"
    Image.new("RGB", (720, 640), "#ddeedd").save(image)
    out = tmp_path / "mine.vmod"
    p = subprocess.run([sys.executable, "-m", "hexforge", "build", str(SYNTHETIC), "-o", str(out),
                        "--map-image", str(image), "--grid", "55.4,64,50,45"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    rc, res = vassal_check("position", out, "Main Map", "0101", "0201", "0102", "1008")
    assert rc == 0 and res["success"]
    xy = {e["label"]: tuple(e["matches"][0]["map_xy"]) for e in res["labels"]}
    # synthetic: even columns sit half a hex lower (shifted = "even"), rows grow downwards
    assert xy["0101"] == (50, 45)
    assert xy["0201"] == (50 + 55, 45 + 32)
    assert xy["0102"] == (50, 45 + 64)
    assert xy["1008"] == (50 + int(9 * 55.4), 45 + 7 * 64 + 32)
