"""The log channel's game data (docs/log-channel.md): dice buttons, tracks, track markers and layers load,
are found by the names a log carries, and mistakes in them are reported clearly."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from hexforge.games import GameDataError, load_game
from hexforge.games.channel import Channel, layer_applies
from tests.conftest import SYNTHETIC

DOC = Path(__file__).resolve().parents[1] / "docs" / "log-channel.md"


@pytest.fixture(scope="module")
def ptr() -> Channel:
    return load_game("piercing-the-reich").channel


@pytest.fixture(scope="module")
def httr() -> Channel:
    return load_game("highway-to-the-reich").channel


def test_ptr_has_one_fam_per_formation_on_the_fat() -> None:
    # 10.1.1A (L806): 'Each formation has its own FAM on the FAT.'
    g = load_game("piercing-the-reich")
    formations = set(g.info.special["formations"]) - {"source", "note"}
    fams = {m.formation for m in g.channel.track_markers if m.track == "fat"}
    assert fams == formations


def test_ptr_lookups_by_log_name(ptr: Channel) -> None:
    assert ptr.dice("Initiative US").purpose == "initiative" and ptr.dice("Initiative US").side == "us"
    assert [b.name for b in ptr.dice_for("initiative", "german")] == ["Initiative German"]
    assert ptr.dice("Roll 1d10") is None
    track, box = ptr.box("Initiative Track", "10")
    assert track.id == "initiative" and box == "10"
    assert ptr.box("Initiative Track", "11") is None and ptr.box("Sheet A", "10") is None and ptr.box(None, "3") is None
    assert ptr.box_index("fat", "0") == 0 and ptr.box_index("fat", "7") == 7
    assert ptr.marker("Initiative +DRM").track == "initiative"
    assert ptr.marker("US AP").track == "ap-us" and ptr.marker("German AP").side == "german"
    assert ptr.level("Disrupted", "Normal") == 0 and ptr.level("Disrupted", "Disrupted") == 1
    assert ptr.level("Disrupted", "Reduced") is None and ptr.layer("Step") is None
    # as the timeline carries them: the set-up level by its number, the others as VASSAL's name suffix
    assert ptr.level_name("Disrupted", "1") == "Normal" and ptr.level_name("Disrupted", " Disrupted") == "Disrupted"
    assert ptr.level("Disrupted", "3") is None and ptr.level("Disrupted", "0") is None


def test_ptr_layers_split_hqs_from_combat_units() -> None:
    g = load_game("piercing-the-reich")
    hq, combat = g.units["VII-1 Inf"], g.units["1-I/16"]
    disrupted, emergency = g.channel.layer("Disrupted"), g.channel.layer("Emergency Supply")
    assert layer_applies(disrupted, combat) and not layer_applies(disrupted, hq)
    assert layer_applies(emergency, hq) and not layer_applies(emergency, combat)


def test_httr_every_unit_has_the_six_state_layers(httr: Channel) -> None:
    g = load_game("highway-to-the-reich")
    names = ["Mode", "Disrupted", "Depleted", "Dismounted", "Fired", "Used"]
    assert [lay.name for lay in g.info.layers] == names
    assert httr.layer("Mode").levels == ["Concentrated", "Defilade", "Travel"]
    assert all(layer_applies(g.channel.layer(n), u) for n in names for u in g.units.values())


def test_httr_division_record_tracks(httr: Channel) -> None:
    assert httr.marker("30th Corps CP").track == "cp" and httr.marker("30th Corps AmP").track == "amp"
    assert {m.track for m in httr.markers_of("101st Airborne")} == {"cp", "amp"}
    assert httr.track("cp").boxes[-1] == "8"  # SR 14.5.3 (L792): never more than eight CP


@pytest.mark.parametrize("game", ["piercing-the-reich", "highway-to-the-reich"])
def test_the_contract_names_every_button_track_marker_and_layer(game: str) -> None:
    """docs/log-channel.md is what the referees implement against: it must name what the data defines."""
    doc = DOC.read_text()
    section = doc.split(f"## {'Piercing the Reich' if game == 'piercing-the-reich' else 'Highway to the Reich'}")[1]
    section = section.split("\n## ")[0]
    info = load_game(game).info
    cells = set(re.findall(r"\|\s*([^|\n]+?)\s*(?=\|)", section))
    for b in info.dice_buttons:
        assert b.name in cells and b.id in cells and b.purpose in cells, b.name
    for t in info.tracks:
        assert t.name in cells and t.id in cells, t.name
        assert f"{t.boxes[0]}-{t.boxes[-1]}" in cells, t.name
    for lay in info.layers:
        assert lay.name in cells and ", ".join(lay.levels) in section, lay.name


def copy_game(tmp_path: Path) -> Path:
    target = tmp_path / "synthetic"
    shutil.copytree(SYNTHETIC, target)
    return target


CHANNEL = '''
[[dice_buttons]]
id = "fire"
name = "Fire"
dice = "2d6"
purpose = "fire"
side = "blue"
source = "test"

[[tracks]]
id = "ap"
name = "AP Track"
boxes = ["0", "1", "2"]
source = "test"

[[markers]]
id = "ap-blue"
name = "Blue AP"
track = "ap"
side = "blue"
source = "test"

[[layers]]
id = "disrupted"
name = "Disrupted"
levels = ["Normal", "Disrupted"]
units = "all"
source = "test"
'''


def with_channel(tmp_path: Path, old: str = "", new: str = "") -> Path:
    game = copy_game(tmp_path)
    toml = game / "game.toml"
    text = toml.read_text()
    head, sep, tail = text.partition("\n[units]")
    block = CHANNEL.replace(old, new, 1) if old else CHANNEL
    toml.write_text(head + "\n" + block + sep + tail)
    return game


def test_a_channel_loads_on_the_synthetic_game(tmp_path: Path) -> None:
    ch = load_game(with_channel(tmp_path)).channel
    assert ch.dice("Fire").dice == "2d6" and ch.box("AP Track", "2")[0].id == "ap"
    assert ch.marker("Blue AP").side == "blue"


MISTAKES = [
    ('track = "ap"', 'track = "apx"', "markers[", "'apx' is not a track (valid: ap)"),
    ('side = "blue"\nsource', 'side = "green"\nsource', "dice_buttons[0].side", "'green' is not a side"),
    ('[[layers]]', '[[markers]]\nid = "ap-2"\nname = "Blue AP"\ntrack = "ap"\n\n[[layers]]', "markers[", "used twice"),
    ('boxes = ["0", "1", "2"]', 'boxes = ["0", "1", "1"]', "tracks[0].boxes", "appears twice"),
    ('boxes = ["0", "1", "2"]', 'boxes = ["zero"]', "tracks[0].boxes", ""),
    ('levels = ["Normal", "Disrupted"]', 'levels = ["Normal"]', "layers[0].levels", ""),
    ('units = "all"', 'markers = ["nope"]', "layers[0].markers", "'nope' is not a marker id"),
    ('dice = "2d6"', 'dice = "2d7"', "dice_buttons[0].dice", ""),
]


@pytest.mark.parametrize(("old", "new", "place", "words"), MISTAKES)
def test_channel_mistakes_are_named(tmp_path: Path, old: str, new: str, place: str, words: str) -> None:
    with pytest.raises(GameDataError) as e:
        load_game(with_channel(tmp_path, old, new))
    msgs = [str(p) for p in e.value.problems]
    assert any(place in m and words in m and "game.toml" in m for m in msgs), msgs


@pytest.mark.parametrize("game", ["highway-to-the-reich", "piercing-the-reich"])
def test_a_setup_that_places_no_unit_on_the_map_says_so(game: str) -> None:
    """Issue #15: a scenario whose transcription has no set-up hex is never a silent empty set-up."""
    from hexforge.builder.setups import setup_warnings
    g = load_game(game)
    for sc in g.scenarios.values():
        with_hex = [e for e in sc.setup if e.units != "unknown" and e.hex is not None
                    and isinstance(e.hex.resolved, str) and e.hex.resolved != "unknown"]
        said = [w for w in setup_warnings(g, sc) if "the transcription places no unit in a hex" in w]
        assert bool(said) == (bool(sc.setup) and not with_hex), sc.id
        assert all(w.startswith(f"scenarios/{sc.id}.toml ({sc.name.resolved})") for w in said)


def test_each_unlisted_reinforcement_is_named_with_its_gt() -> None:
    """Scenario 20's German reinforcements read alike ("... display box A time-coded for this turn"): the build
    warning names each with the GT the scenario gives it."""
    from hexforge.builder.setups import setup_warnings
    g = load_game("highway-to-the-reich")
    sc = g.scenarios["s20"]
    late = [e for e in sc.reinforcements if e.units == "unknown"]
    said = next(w for w in setup_warnings(g, sc) if "reinforcements not listed in the data" in w)
    assert len({e.what for e in late}) < len(late)  # some entries read alike
    for e in late:
        assert f"GT {e.turn.resolved}: {e.what}" in said


# -- PtR data (issue #14, "Data") ---------------------------------------------------------------------

def _line(n: int) -> str:
    """Line ``n`` of the PtR rulebook (skipped without the rulebooks, a failure in CI)."""
    from tests.games.rawdata import rulebook_line
    return rulebook_line("piercing-the-reich.txt", n)


def test_the_parent_field_example_is_not_a_counter() -> None:
    assert 'the Parent (the unit\'s parent brigade or division formation, e.g., "116-1/156")' in _line(301)
    assert "116-1/156" not in load_game("piercing-the-reich").units


def test_183_219_values_are_marked_inferred() -> None:
    assert "Volkspionierbataillon 219 (full strength, 2 SPs) with an ER of 3" in _line(1800)
    assert "183-219 Eng" in _line(2161)
    u = load_game("piercing-the-reich").units["183-219"]
    assert u.value("cs") == 2 and u.value("reduced_er") == 3
    assert set(u.inferred) == {"cs", "reduced_er"} and "L1800" in u.inferred["cs"]


def test_status_lists_formation_fields_and_inferred_values() -> None:
    from hexforge.games.status import report, status
    g = load_game("piercing-the-reich")
    s = status(g)
    formations = [k for k in g.info.special["formations"] if k not in ("source", "note")]
    assert s.records["formations"]["reserve_drm"].unknown == len(formations)  # 22.8 (L2473): not transcribed
    assert s.records["formations"]["fam_max"].known == sum(
        1 for f in formations if g.info.special["formations"][f]["fam_max"] != "unknown")
    text = report(s)
    assert "[special.formations] fields" in text and "183-219 cs, reduced_er:" in text


@pytest.mark.parametrize(("cell", "words"), [("atk: why", "atk: not a value column"),
                                              ("attack", "write the inferred value columns, a colon and why")])
def test_a_wrong_inferred_cell_is_named(tmp_path: Path, cell: str, words: str) -> None:
    game = copy_game(tmp_path)
    csv = game / "units.csv"
    lines = csv.read_text().splitlines()
    lines[0] += ",inferred"
    lines[1] += f",{cell}"
    lines[2:] = [ln + "," for ln in lines[2:]]
    csv.write_text("\n".join(lines) + "\n")
    with pytest.raises(GameDataError) as e:
        load_game(game)
    assert any("line 2, column inferred" in str(p) and words in str(p) for p in e.value.problems), e.value.problems


def test_status_measures_the_tables_and_columns_a_catalogue_names() -> None:
    from hexforge.games.status import status
    g = load_game("piercing-the-reich")
    ap = g.tables["ap"]
    unknown = sum(1 for r in ap.rows for c in r.cells if not c.known)
    catalogue = [("T-1", "PTR 10.1.2B (L814)", "APs from the AP Table", "AP Table"),
                 ("T-2", "PTR 16.1 (L1611)", "an Effectiveness Check", "units.csv cs & er"),
                 ("T-3", "PTR 16.1 (L1611)", "a column no unit has", "units.csv stacking_class")]
    st = status(g, catalogue)
    got = {u.data: u.missing for u in st.unlocks}
    assert got["AP Table"] == f"{unknown} of {sum(len(r.cells) for r in ap.rows)} cells unknown"
    assert got["units.csv cs & er"].startswith("cs unknown for ") and "; er unknown for " in got["units.csv cs & er"]
    assert got["units.csv stacking_class"] == "no such column"
    from hexforge.games.status import report
    row = [ln.split() for ln in report(st).splitlines() if ln.strip().startswith("stacking_class ")]
    assert row and row[0][:5] == ["stacking_class", "0", "known", str(len(g.units)), "unknown"]
