"""The survey store: surveyed values go into terrain.toml beside the person's data, which is kept byte
for byte; nothing a person entered or reviewed is written over; the loader counts surveyed hexes as known
terrain and says who gave each (Terrain.provenance)."""
from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from hexforge.games import GameDataError, load_game
from hexforge.maps.hexes import Hexside
from hexforge.output import OutputError
from hexforge.survey import store
from hexforge.survey.store import Call, Change, StoreError, Survey
from hexforge.survey.tomltext import table_spans
from tools.scans.gamedir import GAME_TOML, SCENARIO_TOML, UNITS_CSV

# A person's terrain file with what trips up TOML writers: comments everywhere, arrays of tables split by
# other tables, multi-line arrays whose lines start with '[', strings holding '[[surveyed]]' and '#'.
PERSON = '''# My map, typed in by hand.   (trailing spaces kept)
source = "my printed map"
default = "unsurveyed"

[[types]]
id = "clear"
name = "Clear"
kind = "hex"

[[types]]   # woods
id = "woods"
name = "Woods"
kind = "hex"

[[places]]
name = "Hill 112"
kind = "objective"
hexes = ["0303"]

[[types]]
id = "river"
name = "River"
kind = "hexside"

[[types]]
id = "road"
name = "Road"
kind = "thoroughfare"

[hexes]
woods = { value = ["0101", "0102"], source = "typed from the map" }

# rivers I checked myself
[[hexsides]]
feature = "river"
pairs = [
  ["0201", "0202"],
]
note = """a note with [[surveyed]]
# not a comment"""

[[thoroughfares]]
kind = "road"
hexes = ["0401", "0402"]
source = 'the [map] key'
'''


def _game(tmp_path: Path, terrain: str = PERSON) -> Path:
    folder = tmp_path / "mine"
    (folder / "scenarios").mkdir(parents=True)
    (folder / "game.toml").write_text(GAME_TOML.format(gid="mine", columns=6, rows=5, shifted="even"))
    (folder / "units.csv").write_text(UNITS_CSV)
    (folder / "scenarios" / "meeting.toml").write_text(SCENARIO_TOML.format(setups='\n[[setup]]\nunits = ["B1"]\n'
                                                                                   'hex = "0303"\n'))
    (folder / "terrain.toml").write_bytes(terrain.encode())
    return folder


def _survey(value: str = "clear", conf: float = 0.8, source: str = "survey of scan.png") -> Survey:
    hexes = {f"{c:02d}{r:02d}": Call(value, conf, False, source) for c in range(1, 7) for r in range(1, 6)}
    sides = {("0201", "0202"): Call("river", 0.9, False, source),      # the person's river
             ("0301", "0302"): Call("river", 0.7, False, source),
             ("0101", "0102"): Call("river", 0.7, False, source)}      # between two person hexes
    lines = {("0401", "0402"): Call("road", 0.9, False, source), ("0501", "0502"): Call("road", 0.6, False, source)}
    return Survey(hexes, sides, lines)


def test_a_survey_adds_hexes_as_known_terrain_and_keeps_what_a_person_entered(tmp_path: Path) -> None:
    folder = _game(tmp_path)
    written = store.write(folder, _survey())
    assert "0101" not in written.hexes and "0102" not in written.hexes
    game = load_game(folder)
    t, hx = game.map.terrain, game.map.hex
    assert t.of(hx("0101")) == {"woods"} and t.provenance(hx("0101")) == "person"
    assert t.of(hx("0505")) == {"clear"} and t.provenance(hx("0505")) == "survey-unreviewed"
    assert len(t.hexes) == 30
    river = Hexside.between(hx("0301"), hx("0302"))
    assert {f.kind for f in t.hexsides[river]} == {"river"} and t.provenance(river) == "survey-unreviewed"
    assert ("0101", "0102") not in written.hexsides  # both hexes the person's: their hexsides are too
    assert t.provenance(Hexside.between(hx("0201"), hx("0202"))) == "person"
    assert t.connections(hx("0501"), hx("0502")) == {"road"}
    assert t.provenance(Hexside.between(hx("0101"), hx("0102"))) == "person"
    # a hexside with nothing on it is known clear where both hexes are; as weak as the weaker hex
    assert t.provenance(Hexside.between(hx("0101"), hx("0201"))) == "survey-unreviewed"


def test_the_file_outside_the_surveyed_tables_round_trips_byte_for_byte(tmp_path: Path) -> None:
    folder = _game(tmp_path)
    store.write(folder, _survey())
    first = (folder / "terrain.toml").read_bytes()
    assert first.startswith(PERSON.encode())
    store.write(folder, _survey("woods", 0.5), force=True)
    second = (folder / "terrain.toml").read_bytes()
    assert second.startswith(PERSON.encode()) and second != first
    doc = tomllib.loads(second.decode())
    assert {e["terrain"] for e in doc["surveyed"]} == {"woods"} and len(doc["surveyed"]) == 28
    assert store.read(folder).hexes["0605"] == Call("woods", 0.5, False, "survey of scan.png")
    # cutting the surveyed tables out again gives the person's file back
    spans = [s for s in table_spans(second.decode()) if s.header.startswith("[[surveyed")]
    rest = second.decode()[:spans[0].start] + second.decode()[spans[-1].end:]
    assert rest.rstrip("\n") == PERSON.rstrip("\n")


def test_a_reviewed_hex_survives_a_resurvey(tmp_path: Path) -> None:
    folder = _game(tmp_path)
    store.write(folder, _survey())
    store.confirm(folder, [Change("hex", ("0303",), "woods"), Change("hexside", ("0301", "0302"), None),
                           Change("line", ("0502", "0501"), "road")])
    store.write(folder, _survey("clear", 0.4, "survey of other.png"), force=True)
    s = store.read(folder)
    assert s.hexes["0303"] == Call("woods", 1.0, True, "survey of scan.png")
    assert s.hexes["0304"] == Call("clear", 0.4, False, "survey of other.png")
    assert s.hexsides[("0301", "0302")] == Call("none", 1.0, True, "survey of scan.png")
    assert s.lines[("0501", "0502")].reviewed
    game = load_game(folder)
    t, hx = game.map.terrain, game.map.hex
    assert t.of(hx("0303")) == {"woods"} and t.provenance(hx("0303")) == "survey-reviewed"
    side = Hexside.between(hx("0301"), hx("0302"))
    assert side not in t.hexsides and t.provenance(side) == "survey-reviewed"


def test_a_person_entered_hex_survives_a_survey_and_cannot_be_confirmed_over(tmp_path: Path) -> None:
    folder = _game(tmp_path)
    store.write(folder, _survey("clear"))
    assert load_game(folder).map.terrain.of(load_game(folder).map.hex("0102")) == {"woods"}
    with pytest.raises(StoreError, match="entered by a person"):
        store.confirm(folder, [Change("hex", ("0102",), "clear")])
    with pytest.raises(StoreError, match="not a terrain type of kind hex"):
        store.confirm(folder, [Change("hex", ("0303",), "river")])


def test_an_earlier_unreviewed_survey_is_replaced_only_with_force(tmp_path: Path) -> None:
    folder = _game(tmp_path)
    store.write(folder, _survey())
    before = (folder / "terrain.toml").read_bytes()
    with pytest.raises(StoreError, match="--force"):
        store.write(folder, _survey("woods"))
    assert (folder / "terrain.toml").read_bytes() == before


def test_a_crash_mid_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _game(tmp_path)
    store.write(folder, _survey())
    before = (folder / "terrain.toml").read_bytes()

    def crash(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OutputError, match="terrain.toml"):
        store.write(folder, _survey("woods"), force=True)
    assert (folder / "terrain.toml").read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["game.toml", "scenarios", "terrain.toml", "units.csv"]


def test_the_loader_reports_bad_surveyed_entries_with_their_place(tmp_path: Path) -> None:
    bad = PERSON + ('\n[[surveyed]]\nhex = "0909"\nterrain = "clear"\nconfidence = 0.5\nsource = "s"\n'
                    '\n[[surveyed]]\nhex = "0303"\nterrain = "swamp"\nconfidence = 0.5\nsource = "s"\n'
                    '\n[[surveyed_hexsides]]\nhexes = ["0303", "0505"]\nfeature = "river"\nconfidence = 2\n'
                    'source = "s"\n')
    with pytest.raises(GameDataError) as e:
        load_game(_game(tmp_path, bad))
    places = {(p.place, p.message.split(" (")[0]) for p in e.value.problems}
    assert ("surveyed[1].terrain", "'swamp' is not a terrain type of kind hex") in places
    assert any(pl == "surveyed[0].hex" for pl, _ in places)
    assert any(pl == "surveyed_hexsides[0].confidence" for pl, _ in places)


def test_table_spans_skip_brackets_in_strings_and_multiline_arrays() -> None:
    headers = [s.header for s in table_spans(PERSON)]
    assert headers == ["[[types]]", "[[types]]", "[[places]]", "[[types]]", "[[types]]", "[hexes]", "[[hexsides]]",
                       "[[thoroughfares]]"]
    spans = table_spans(PERSON)
    # the comment above [[hexsides]] belongs to it, not to [hexes]
    assert PERSON[spans[5].start:spans[5].end].rstrip().endswith('source = "typed from the map" }')
