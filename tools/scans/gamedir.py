"""A synthetic game folder for a synthetic map: game.toml with its grid, terrain.toml with the types
used, two units and a scenario that sets them up. :func:`write_sheets_game` writes one printed on
two sheets (laid out as the synthetic HTTR game's: hexes in rows, B south of A, A's first row on B's
last), for scans of one sheet each (:func:`tools.scans.make_sheet_scan`)."""
from __future__ import annotations

from pathlib import Path

from tools.scans.mapgen import HEX_TYPES, HEXSIDE_TYPES, LINE_TYPES, MapContent

GAME_TOML = """# A synthetic game for a synthetic scan (tools/scans): its values are made up and claim no rulebook.
id = "{gid}"
title = "Synthetic Scan {gid}"
system = "test"
source = "synthetic test data"

[[sides]]
id = "blue"
name = "Blue"

[[sides]]
id = "red"
name = "Red"

[dice]
kind = "d6"
source = "synthetic test data"

[grid]
orientation = "columns"
label = "CCRR"
columns = {{ first = 1, last = {columns}, increase = "right" }}
rows = {{ first = 1, last = {rows}, increase = "down" }}
shifted = "{shifted}"

[[sequence]]
id = "movement"
name = "Movement Phase"
player = "first"

[units]
values = ["attack", "defense", "movement"]
"""

UNITS_CSV = """id,name,side,formation,type,size,mobility,attack,defense,movement,source
B1,1/Blue,blue,1st,infantry,battalion,leg,3,3,4,synthetic test data
B2,2/Blue,blue,1st,armor,battalion,mobile,5,3,8,synthetic test data
R1,1/Red,red,9th,infantry,battalion,leg,2,3,4,synthetic test data
"""

SCENARIO_TOML = """id = "meeting"
name = "Meeting Engagement"
source = "synthetic test data"
first_turn = 1
last_turn = 2
first_player = "blue"
{setups}"""

KINDS = {**{t: "hex" for t in HEX_TYPES}, **{t: "hexside" for t in HEXSIDE_TYPES},
         **{t: "thoroughfare" for t in LINE_TYPES}}


def write_game(folder: Path, gid: str, content: MapContent, setup: dict[str, str]) -> None:
    """Write the game folder (``setup``: unit id -> hex label)."""
    (folder / "scenarios").mkdir(parents=True, exist_ok=True)
    conv = content.conv
    (folder / "game.toml").write_text(GAME_TOML.format(gid=gid, columns=conv.columns.last, rows=conv.rows.last,
                                                       shifted=conv.shifted), encoding="utf-8")
    _common(folder, setup)


SHEETS_GRID = """[grid]
orientation = "rows"
label = "RRCC"
shifted = "even"

# two sheets, B south of A; A's southernmost row lies on B's northernmost (A0101 = B0701)
[[grid.sheets]]
letter = "B"
columns = {{ first = 1, last = {columns}, increase = "right" }}
rows = {{ first = 1, last = {rows}, increase = "up" }}
overlaps = [ {{ sheet = "A", hexes = ["B{rows:02d}01", "A0101"] }} ]

[[grid.sheets]]
letter = "A"
columns = {{ first = 1, last = {columns}, increase = "right" }}
rows = {{ first = 1, last = {rows}, increase = "up" }}
overlaps = [ {{ sheet = "B", hexes = ["A0101", "B{rows:02d}01"] }} ]
"""


def write_sheets_game(folder: Path, gid: str, setup: dict[str, str], columns: int = 10, rows: int = 7) -> None:
    """A game folder printed on sheets A and B of ``columns`` x ``rows`` hexes each, its terrain
    unsurveyed (``setup``: unit id -> hex label, e.g. ``A0305``)."""
    (folder / "scenarios").mkdir(parents=True, exist_ok=True)
    head, _, tail = GAME_TOML.partition("[grid]")
    game = head.format(gid=gid) + SHEETS_GRID.format(columns=columns, rows=rows) + tail[tail.index("[[sequence]]"):]
    (folder / "game.toml").write_text(game, encoding="utf-8")
    _common(folder, setup)


def _common(folder: Path, setup: dict[str, str]) -> None:
    """terrain.toml (every type of the scans, nothing surveyed), units.csv and the scenario."""
    types = "".join(f'\n[[types]]\nid = "{t}"\nname = "{t.capitalize()}"\nkind = "{k}"\n' for t, k in KINDS.items())
    (folder / "terrain.toml").write_text(f'source = "synthetic test data"\ndefault = "unsurveyed"\n{types}',
                                         encoding="utf-8")
    (folder / "units.csv").write_text(UNITS_CSV, encoding="utf-8")
    setups = "".join(f'\n[[setup]]\nunits = ["{u}"]\nhex = "{h}"\n' for u, h in sorted(setup.items()))
    (folder / "scenarios" / "meeting.toml").write_text(SCENARIO_TOML.format(setups=setups), encoding="utf-8")
