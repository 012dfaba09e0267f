"""Rebuild the example logs: the real VASSAL engine plays each script on a bundled module and writes
the ``.vlog`` itself (``python -m tools.vassal play``, the repository's engine harness).

Run from the repository root, with the project installed and the harness installed
(``bash tools/vassal/install.sh``):

    python examples/make_examples.py [OUT_DIR]        # default: examples/

For each example it builds the module (``hexforge build GAME``), lets the engine play the script
from the module's pre-defined set-up, and writes ``NAME.vlog`` and ``NAME.json`` (the script as
played, its game and scenario, and the violations planted in it with the rule each breaks, taken
from the rulebook: ``aachen-first-to-fall.txt`` sections 1-9 are the Fire & Movement rules).
The engine's piece ids and timestamps differ on every run, so a rebuilt log is a different,
equally valid log; ``tests/vassal/test_examples.py`` checks what each one must show.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hexforge.output import write_atomic

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "examples"


def drag(piece: str, *hexes: str, map_: str | None = None) -> list[dict[str, Any]]:
    """One drag per hex: the piece moves along adjacent hexes, one log step each, as a player drags it."""
    out: list[dict[str, Any]] = []
    for h in hexes:
        out.append({"do": "drag", "piece": piece, "to": h, **({"map": map_} if map_ else {})})
        map_ = None
    return out


def phases(n: int) -> list[dict[str, Any]]:
    """Press the turn tracker's "next" ``n`` times (one phase each)."""
    return [{"do": "next_turn"}] * n


# Aachen's 3rd Armored Division starts in the holding box "to be set up by hand" in map edge hexes
# of two ranges (AAC 14.0, L671-672); the scripts place it before the first Movement Phase.
AACHEN_3AD = ([a for u, h in zip(["a1", "a2", "a3", "a4"], ["2630", "2829", "2929", "3028"])
               for a in drag(f"us-3ad-{u}", h, map_="Main Map")]
              + [a for u, h in zip(["b1", "b2", "b3", "b4", "b5"], ["1934", "2034", "2133", "2233", "2431"])
                 for a in drag(f"us-3ad-{u}", h, map_="Main Map")])

AACHEN_SETUP = "Aachen, October 1944 (historic scenario)"

EXAMPLES: list[dict[str, Any]] = [
    {"name": "arnhem-clean", "game": "arnhem", "scenario": "s1", "setup": "Scenario 1",
     "about": "German units move one hex at a time in their own Movement Phase (the second player's, "
              "ARN 10.4); nothing illegal",
     "exit": 0, "planted": [],
     "actions": [*phases(6), *drag("Grsn", "0703"), *drag("2/406", "2024", "2023"), *drag("BrDf", "2620"),
                 *drag("Krft", "3723"), *phases(1)]},
    {"name": "aachen-clean", "game": "aachen", "scenario": "historical", "setup": AACHEN_SETUP,
     "about": "the 3rd Armored Division set up by hand, then US units move one hex at a time in the US "
              "Movement Phase (the first player's, AAC 10.2); nothing illegal",
     "exit": 0, "planted": [],
     "actions": [*AACHEN_3AD, *phases(1), *drag("us-0203", "0304"), *drag("us-0205", "0306"),
                 *drag("us-0107", "0108"), {"do": "chat", "text": "US movement done"}, *phases(1)]},
    {"name": "aachen-illegal", "game": "aachen", "scenario": "historical", "setup": AACHEN_SETUP,
     "about": "in the US Movement Phase a US unit enters a German-occupied hex, and a German unit moves "
              "in the US player's Movement Phase",
     "exit": 1,
     "actions": [*AACHEN_3AD, *phases(1), *drag("us-0203", "0304"), *drag("us-0215", "0216", "0317"),
                 *drag("ger-0409", "0408"), *phases(1)]},
]
# The planted violations, by log step (one step per action): F&M 5.2 d) "A unit cannot enter a hex
# containing an enemy unit", and the same drop breaks F&M 5.3 "A unit cannot end its movement stacked
# with any other unit"; F&M 5.2 "Neither player can conduct movement during the opposing player's
# Movement or Mobile Movement Phase"; F&M 5.3 "Only one unit can occupy a hex at the end of any
# phase" (the US unit is still in the German's hex when the phase ends).
_ILLEGAL = EXAMPLES[2]["actions"]
_ENTER = len(AACHEN_3AD) + 1 + 1 + 2  # set-up drags, one phase, us-0203, us-0215 twice
EXAMPLES[2]["planted"] = [{"step": _ENTER, "rule": "F&M 5.2", "what": "us-0215 enters 0317, held by ger-0317"},
                          {"step": _ENTER, "rule": "F&M 5.3", "what": "us-0215 ends its move stacked with ger-0317"},
                          {"step": _ENTER + 1, "rule": "F&M 5.2", "what": "ger-0409 moves in the US Movement Phase"},
                          {"step": _ENTER + 2, "rule": "F&M 5.3", "what": "us-0215 and ger-0317 stacked at the "
                                                                          "end of the phase"}]
assert _ILLEGAL[_ENTER - 1] == {"do": "drag", "piece": "us-0215", "to": "0317"}


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *cmd], cwd=ROOT, capture_output=True, text=True)


def make(ex: dict[str, Any], out: Path, work: Path) -> Path:
    """Build the module, let the engine play the script, write ``NAME.vlog`` and ``NAME.json`` in ``out``."""
    vmod = work / f"{ex['game']}.vmod"
    if not vmod.exists():
        p = _run("-m", "hexforge", "build", ex["game"], "-o", str(vmod))
        if p.returncode:
            sys.exit(f"hexforge build {ex['game']} failed: {p.stderr[-2000:]}")
    script = work / f"{ex['name']}.script.json"
    script.write_text(json.dumps({"actions": ex["actions"]}))
    log = work / f"{ex['name']}.vlog"
    p = _run("-m", "tools.vassal", "--compact", "play", str(vmod), str(script), str(log), "--save", f"setup:{ex['setup']}")
    answer = json.loads(p.stdout or "{}")
    if p.returncode or not answer.get("success"):
        sys.exit(f"{ex['name']}: the engine did not play the script: "
                 f"{answer.get('error') or answer.get('errors') or p.stderr[-2000:]}")
    meta = {k: ex[k] for k in ("name", "game", "scenario", "setup", "about", "exit", "planted", "actions")}
    write_atomic(out / f"{ex['name']}.json", json.dumps(meta, indent=1) + "\n", force=True)
    return write_atomic(out / f"{ex['name']}.vlog", log.read_bytes(), force=True)


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else HERE
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for ex in EXAMPLES:
            print(f"wrote {make(ex, out, Path(tmp))}")


if __name__ == "__main__":
    main(sys.argv[1:])
