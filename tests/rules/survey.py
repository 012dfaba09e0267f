"""A copy of a bundled game with a small TEST SURVEY added: terrain for the few hexes a test uses and
counter data (leg/mobile, type) for the few units it moves. The bundled maps are unsurveyed and the
counters' colours are not transcribed, so these values are made up for the test and say so."""
from __future__ import annotations

import csv
import shutil
from pathlib import Path

from tests.conftest import ROOT

SOURCE = "TEST SURVEY: made up for a test, not read from the printed map or counters"


def surveyed_copy(game_id: str, dest: Path, hexes: dict[str, list[str]], units: dict[str, dict[str, str]],
                  hexsides: list[tuple[str, str, str]] = ()) -> Path:
    """Copy ``games/<game_id>`` to ``dest`` adding terrain ``hexes`` (type -> hex labels/ranges), counter
    fields ``units`` (unit id -> column -> value) and river-like ``hexsides`` (feature, hex, hex)."""
    out = dest / game_id
    shutil.copytree(ROOT / "games" / game_id, out)
    terrain = out / "terrain.toml"
    text = terrain.read_text(encoding="utf-8")
    lines = "".join(f'{t} = {{ value = {hs!r}, source = "{SOURCE}" }}\n'.replace("'", '"') for t, hs in hexes.items())
    if "\n[hexes]\n" in text:
        text = text.replace("\n[hexes]\n", "\n[hexes]\n" + lines, 1)
    else:
        text += "\n[hexes]\n" + lines
    for feature, a, b in hexsides:
        text += f'\n[[hexsides]]\nfeature = "{feature}"\npairs = [["{a}", "{b}"]]\nsource = "{SOURCE}"\n'
    terrain.write_text(text, encoding="utf-8")
    path = out / "units.csv"
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    fields = list(rows[0])
    for row in rows:
        for col, value in units.get(row["id"], {}).items():
            row[col] = value
        if row["id"] in units:
            row["note"] = (row.get("note") or "") + f" [{SOURCE}: {', '.join(units[row['id']])}]"
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fields, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    return out
