"""The builder without the engine: determinism, safety of the output file, the CLI."""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from hexforge.builder.build import build_entries
from hexforge.builder.traits import BasicPiece, Layer, Marker, UsePrototype, piece_state, piece_type
from hexforge.games import load_game
from tests.conftest import ROOT, SYNTHETIC


def run(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hexforge", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, **(env or {})})


def test_two_builds_are_byte_identical_even_across_processes(tmp_path: Path) -> None:
    for seed, name in (("1", "a.vmod"), ("2", "b.vmod")):
        p = run("build", "piercing-the-reich", "-o", str(tmp_path / name), cwd=tmp_path,
                env={"PYTHONHASHSEED": seed})
        assert p.returncode == 0, p.stderr
    a, b = (tmp_path / "a.vmod").read_bytes(), (tmp_path / "b.vmod").read_bytes()
    assert hashlib.sha256(a).digest() == hashlib.sha256(b).digest()


def test_existing_output_is_kept_without_force(tmp_path: Path) -> None:
    out = tmp_path / "mine.vmod"
    out.write_bytes(b"precious")
    p = run("build", str(SYNTHETIC), "-o", str(out), cwd=tmp_path)
    assert p.returncode == 1 and "use --force" in p.stderr and "Traceback" not in p.stderr
    assert out.read_bytes() == b"precious"
    assert run("build", str(SYNTHETIC), "-o", str(out), "--force", cwd=tmp_path).returncode == 0
    assert zipfile.ZipFile(out).testzip() is None
    assert [f for f in os.listdir(tmp_path) if f.endswith(".tmp")] == []


def test_module_holds_the_vassal_entries_and_every_counter_image() -> None:
    entries = build_entries(load_game(SYNTHETIC))
    assert {"buildFile.xml", "moduledata", "setup-meeting.vsav"} <= set(entries)
    text = entries["buildFile.xml"].decode()
    for image in {n.removeprefix("images/") for n in entries if n.startswith("images/")}:
        assert image in text, f"{image} is in the archive but nothing uses it"
    # The turn tracker carries the game's own sequence of play, in order.
    phases = ["Movement Phase (first player)", "Combat Phase (first player)",
              "Movement Phase (second player)", "Combat Phase (second player)"]
    assert ",".join(phases) in text


def test_nested_trait_encoding_matches_vassals_escaping() -> None:
    # vassal-check README: prototype;Unit \t mark;Side \\\t piece;;;img.png;Name
    traits = [UsePrototype("Unit"), Marker((("Side", "Blue"),)), BasicPiece("img.png", "Name")]
    assert piece_type(traits) == "prototype;Unit\tmark;Side\\\tpiece;;;img.png;Name"
    assert piece_state(traits) == "\tBlue\\\tnull;0;0;;0"
    layer = Layer("Step", ("", "back.png"), "F", "Flip")
    assert layer.type().startswith("emb2;;130;;Flip;130;;;130;;;;1;false;0;0;,back.png;,;true;Step;")


def test_preview_writes_map_and_counter_sheet(tmp_path: Path) -> None:
    p = run("preview", str(SYNTHETIC), "-o", str(tmp_path), cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert sorted(f.name for f in tmp_path.iterdir()) == ["synthetic-counters.png", "synthetic-map.png"]


def test_a_scenario_places_the_markers_its_rules_fix() -> None:
    # ARN 11.0 (L468-L471): Scenario 1's drop zone markers stand at 3717, 1007 and 2323; in Scenario 2 the Allied
    # player places them (ARN 12.0 L563), so its set-up places none
    from hexforge.builder.module import assemble
    from hexforge.builder.setups import placements
    g = load_game("arnhem")
    assert g.marker_setup(g.scenarios["s1"]) == {"dz_1st_british_ab": "3717", "dz_101st_us_ab": "1007",
                                                 "dz_82nd_us_ab": "2323"}
    assert g.marker_setup(g.scenarios["s2"]) == {}
    module = assemble(g)
    marks = {p.unit: p.hex_label for p in placements(g, g.scenarios["s1"], module) if p.marker}
    assert marks == {"dz_1st_british_ab": "3717", "dz_101st_us_ab": "1007", "dz_82nd_us_ab": "2323"}
