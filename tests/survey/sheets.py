"""A game printed on two sheets (A and B, laid out as the synthetic HTTR game's: hexes in rows, B south
of A, A's first row on B's last) and one synthetic scan per sheet, each at its own scale, rotation
and style, for the multi-sheet survey tests. The truth of each scan is keyed by the sheet's printed
labels (``A0101``); the game names an overlap hex by its first sheet's label (``B0701``)."""
from __future__ import annotations

import shutil
from functools import lru_cache
from pathlib import Path

from hexforge.games import load_game
from tools.scans import Scan, make_sheet_scan
from tools.scans.gamedir import write_sheets_game

ROOT = Path(__file__).resolve().parents[2]
HTTR = ROOT / "tests" / "games" / "httr-synthetic"
# sheet -> (style, seed, scale, rotation in degrees): different scales and turns per sheet
LOOKS = {"A": ("vintage", 1, 0.9, 0.8), "B": ("modern", 2, 1.25, -1.1)}
# unit -> hex: on each sheet, on the overlap row (A0101 is B0701) and near the sheets' far edges
SETUP = {"B1": "A0305", "B2": "B0701", "R1": "B0208"}


@lru_cache(maxsize=None)
def _template() -> Path:
    folder = Path(__import__("tempfile").mkdtemp(prefix="hexforge-sheets-")) / "two-sheets"
    write_sheets_game(folder, "two-sheets", SETUP)
    return folder


@lru_cache(maxsize=None)
def sheet_scan(letter: str, game_dir: Path | None = None) -> Scan:
    """The synthetic scan of one sheet (``game_dir``: the game it is of; default the two-sheet game)."""
    folder = game_dir or _template()
    sheet = next(s for s in load_game(folder).map.sheets if s.prefix == letter)
    style, seed, scale, rotation = LOOKS[letter]
    return make_sheet_scan(style, seed, sheet.convention, letter, folder, scale=scale, rotation=rotation)


def two_sheet_game(tmp_path: Path, game: Path | None = None) -> tuple[Path, dict[str, Path], dict[str, Scan]]:
    """A copy of the two-sheet game (or of ``game``) in ``tmp_path``, each sheet's scan saved beside
    it as ``scan-a.png``/``scan-b.png``: (game folder, images by sheet, scans by sheet)."""
    source = game or _template()
    folder = tmp_path / source.name
    shutil.copytree(source, folder)
    scans = {k: sheet_scan(k, game) for k in LOOKS}
    images = {}
    for k, s in scans.items():
        images[k] = tmp_path / f"scan-{k.lower()}.png"
        s.image.save(images[k])
    return folder, images, scans
