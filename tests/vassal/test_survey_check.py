"""Issue #17's done means, end to end on a synthetic scan: a map with no terrain (every check *not checkable*)
is fitted (`survey grid`), digitized from a few samples (`survey terrain`), built on the scan (`build
--map-image`), played in the real engine, and `hexforge check` then judges the log's moves legal or illegal on
the surveyed terrain, saying they rest on unreviewed survey values until a person confirms them.

The scan's game is made an F&M game here (system "fm", the synthetic F&M game's sequence of play and tables)
with a TEC for the scan's terrain types that is test data, made up so a case can be read off the truth of the
scan by hand: clear and town cost 1, woods 4 to a leg unit and 8 to a mobile one, rivers and streams are
prohibited, roads, trails and railways cost 1 (F&M 5.2, 5.4)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hexforge.builder.build import setup_name
from hexforge.games import load_game
from hexforge.survey.store import Change, confirm
from tests.survey.conftest import small
from tools.scans import truth_samples
from tools.scans import Scan

pytestmark = pytest.mark.vassal
ROOT = Path(__file__).resolve().parents[2]
SYN = ROOT / "tests" / "data" / "synthetic-fm"
NOTE = "rests on unreviewed surveyed terrain in"
CELLS = {"clear": '[1, 1, "clear"]', "town": '[1, 1, "city-rough-river"]', "woods": '[4, 8, "woods"]',
         "rough": '[4, 8, "city-rough-river"]', "marsh": '[4, "prohibited", "woods"]',
         "river": '["prohibited", "prohibited", "city-rough-river"]',
         "stream": '["prohibited", "prohibited", "city-rough-river"]',
         "road": '[1, 1, "clear"]', "trail": '[1, 1, "clear"]', "railway": '[1, 1, "clear"]'}


def fm_game(scan_dir: Path, dest: Path) -> Path:
    """A copy of the scan's game folder made an F&M game (see the module docstring)."""
    out = dest / scan_dir.name
    shutil.copytree(scan_dir, out)
    toml = out / "game.toml"
    text = toml.read_text(encoding="utf-8")
    syn = (SYN / "game.toml").read_text(encoding="utf-8")
    sequence = syn[syn.index("[[sequence]]"):syn.index("[[markers]]")]
    ours = text[text.index("[[sequence]]"):text.index("[units]")]
    assert 'system = "test"' in text
    toml.write_text(text.replace('system = "test"', 'system = "fm"').replace(ours, sequence), encoding="utf-8")
    shutil.copytree(SYN / "tables", out / "tables")
    rows = "".join(f'\n[[rows]]\nkey = "{k}"\ncells = {v}\n' for k, v in CELLS.items())
    (out / "tables" / "tec.toml").write_text(
        'id = "tec"\nname = "Terrain Effects Chart"\nkind = "tec"\nsource = "synthetic test data (made up for '
        'this test)"\ncolumns = ["movement_leg", "movement_mobile", "combat"]\nrow_key = "terrain type"\n' + rows,
        encoding="utf-8")
    return out


def case(s: Scan) -> tuple[str, str, str] | None:
    """From the scan's truth: a clear or town hex next to B1 (legal: 1 of 4 MP), woods next to B2 (all of its
    8 MP) and a hex beyond them (illegal: no MP left, F&M 5.2); none next to R1 (its ZOC) or held."""
    game = load_game(s.game_dir)
    m = game.map
    at = {e.units[0]: e.hex.resolved for sc in game.scenarios.values() for e in sc.setup}
    near_r1 = {x for x in s.centres if m.hex(x).distance(m.hex(at["R1"])) <= 1} | set(at.values())
    free = lambda a, b: (frozenset((a, b)) not in s.hexsides and frozenset((a, b)) not in s.lines)  # noqa: E731

    def around(x: str) -> list[str]:
        return sorted(y for y in s.centres if m.hex(y).distance(m.hex(x)) == 1 and y not in near_r1)

    legal = [c for c in around(at["B1"]) if s.terrain[c] in ("clear", "town") and free(at["B1"], c)]
    woods = [w for w in around(at["B2"]) if s.terrain[w] == "woods" and free(at["B2"], w) and around(w)]
    if not legal or not woods:
        return None
    return legal[0], woods[0], around(woods[0])[0]


def run(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hexforge", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)


def moves(out: str) -> list[str]:
    """The verdicts on moves in a check's report (each line: ``<where>: move <unit> <from> -> <to>: <verdict>``)."""
    return [x.split(": ", 1)[-1] for x in out.splitlines() if x.split(": ", 1)[-1].startswith("move ")]


def test_a_log_on_a_surveyed_scan_is_judged_on_its_terrain(tmp_path: Path, vassal_check) -> None:
    s, picked = next((s, c) for s in (small("atlas", n) for n in range(12)) if (c := case(s)) is not None)
    c, w, y = picked
    game_dir = fm_game(s.game_dir, tmp_path / "surveyed")
    image = tmp_path / "scan.png"
    s.image.save(image)
    samples = truth_samples(s)
    entries = {**samples.hexes, **samples.hexsides, **samples.lines}
    (tmp_path / "samples.toml").write_text("".join(f"{k} = {json.dumps(v)}\n" for k, v in entries.items()))
    p = run("survey", "grid", game_dir, "--image", image)
    assert p.returncode == 0, p.stderr
    bare = tmp_path / "bare" / game_dir.name  # fitted, but no terrain: as the game was before the survey
    shutil.copytree(game_dir, bare)
    p = run("survey", "terrain", game_dir, "--image", image, "--samples", tmp_path / "samples.toml")
    assert p.returncode == 0, p.stderr
    surveyed = load_game(game_dir).map
    for x in (c, w, y):  # the survey read these hexes as the scan shows them
        assert sorted(surveyed.terrain.of(surveyed.hex(x))) == [s.terrain[x]], x
    vmod = tmp_path / "scan.vmod"
    p = run("build", game_dir, "--map-image", image, "-o", vmod)
    assert p.returncode == 0, p.stderr

    script = {"actions": [{"do": "drag", "piece": "B1", "to": c}, {"do": "drag", "piece": "B2", "to": w},
                          {"do": "drag", "piece": "B2", "to": y}]}
    (tmp_path / "script.json").write_text(json.dumps(script))
    log = tmp_path / "play.vlog"
    scenario = next(iter(load_game(game_dir).scenarios.values()))
    rc, res = vassal_check("play", vmod, tmp_path / "script.json", log, "--save",
                           f"setup:{setup_name(scenario.name.resolved)}")
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")

    before = moves(run("check", log, "--module", vmod, "--game", bare, "--allow-mismatch").stdout)
    assert len(before) == 3 and all(": not checkable: needs " in x for x in before), before
    after = moves(run("check", log, "--module", vmod, "--game", game_dir).stdout)
    assert len(after) == 3, after
    b1, b2, b2_on = after
    assert b1.startswith("move B1 ") and f" -> {c}: legal: " in b1 and f"{NOTE} {c}" in b1, b1
    assert f" -> {w}: legal: " in b2 and f"{NOTE} {w}" in b2, b2
    assert f" -> {y}: ILLEGAL: B2 needs 1 MP to enter {y} but has 0 of 8 left ({NOTE} {y}" in b2_on, b2_on
    assert "): F&M 5.2" in b2_on, b2_on

    start = {u: v.split(" ")[2] for u, v in (("B1", b1), ("B2", b2))}
    steps = [(start["B1"], c), (start["B2"], w), (w, y)]  # the scan shows no river, stream or line on them
    confirm(game_dir, [Change("hex", (x,), s.terrain[x]) for x in sorted({x for st in steps for x in st})]
            + [Change(kind, st, None) for st in steps for kind in ("hexside", "line")])
    reviewed = moves(run("check", log, "--module", vmod, "--game", game_dir, "--allow-mismatch").stdout)
    assert [x.split(": ", 1)[1].split()[0].rstrip(":") for x in reviewed] == ["legal", "legal", "ILLEGAL"], reviewed
    assert not any(NOTE in x for x in reviewed), reviewed
