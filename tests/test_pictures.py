"""What the module's pictures show: every character has a glyph, every text fits its box, labels
stay inside the image, and the holding board holds every counter a setup puts on it."""
from __future__ import annotations

import re
import warnings
from pathlib import Path
from types import SimpleNamespace

import pytest
from fontTools.ttLib import TTFont

from hexforge.builder.build import SetupWarning, build_entries
from hexforge.builder.charts import CELL_PAD, CELL_SIZE, column_title, layout
from hexforge.builder.holding import LEFT, holding_layout, off_map
from hexforge.builder.legend import abbreviations
from hexforge.builder.module import _turn_tracker, main_layout
from hexforge.builder.setups import placements
from hexforge.counters.art import NAME_BOX, faces, marker_title_box, name_lines, text_layout, value_lines
from hexforge.counters.fonts import ELLIPSIS, font, font_path, line_height, missing_glyphs, text_width
from hexforge.counters.labels import abbreviate
from hexforge.games import bundled_games, load_game
from hexforge.games.status import data
from hexforge.maps.draw import PLACE_LINES, place_labels
from tests.conftest import SYNTHETIC

GAMES = [*bundled_games(), str(SYNTHETIC)]
COUNTER = 64


@pytest.fixture(scope="module", params=GAMES)
def game(request):
    return load_game(request.param)


def every_string(g) -> list[str]:
    """Every text of a game that an image or the module shows: names, labels, places, tables, phases."""
    out = [g.title, *(s.name.resolved for s in g.info.sides), *(ph.name.resolved for ph in g.info.sequence)]
    for u in g.units.values():
        out += [u.id, u.name, u.type, u.size, u.formation, u.nationality]
        out += [line for face in faces(u, g.info.system) if face for line in face.lines]
    out += [m.name.resolved for m in g.info.markers]
    out += [p.name for p in g.map.terrain.places] + [t.name for t in g.map.terrain.types.values()]
    out += [g.map.label(h) for h in g.map]
    for table in g.tables.values():
        lay = layout(table)
        out += [*lay.title, *lay.key_note, *lay.note] + [line for col in lay.head for line in col]
        out += [line for row in lay.rows for cell in row for line in cell]
    for sc in g.scenarios.values():
        out += [sc.name.resolved] + [str(d.resolved) for _, d in data(sc) if isinstance(d.resolved, str)]
    return [s for s in out if s]


def test_the_glyph_check_reads_the_fonts_own_character_map() -> None:
    cmap = TTFont(str(font_path())).getBestCmap()
    for c in "ü−•×½Ø→Łä–":  # the characters Pillow's default font draws as boxes
        assert ord(c) in cmap and not missing_glyphs(c)
    assert missing_glyphs("W\u6f22rselen") == {"\u6f22"}  # a CJK character DejaVu Sans does not have


def test_images_are_drawn_in_the_font_whose_glyphs_are_checked() -> None:
    from hexforge.builder import charts, holding, legend
    from hexforge.counters import art
    from hexforge.maps import draw
    for mod in (art, charts, draw, holding, legend):
        assert Path(mod.font(11).path) == font_path(), mod.__name__


def test_every_string_of_every_game_has_its_glyphs(game) -> None:
    notdef = glyph("\u6f22")  # what the font draws for a character it lacks
    chars = {c for s in every_string(game) for c in s if not c.isspace()}
    assert [c for c in sorted(chars) if glyph(c) == notdef] == []
    missing = {s: missing_glyphs(s) for s in every_string(game) if missing_glyphs(s)}
    bold = {s: missing_glyphs(s, bold=True) for s in layout_titles(game) if missing_glyphs(s, bold=True)}
    assert missing == {} and bold == {}


def glyph(c: str) -> bytes:
    from PIL import Image
    mask = font(12).getmask(c)
    return Image.frombytes("L", mask.size, bytes(mask)).tobytes() if mask.size[0] else b""


def layout_titles(g) -> list[str]:
    return [line for t in g.tables.values() for line in layout(t).title]


def _fits(lines: list[str], size: int, box: tuple[float, float, float, float], leading: int = 0) -> bool:
    f = font(size)
    width, height = box[2] - box[0], box[3] - box[1]
    return all(text_width(line, f) <= width for line in lines) and len(lines) * (line_height(f) + leading) <= height + 1


def test_counter_names_fit_whole_or_abbreviated_with_a_legend(game) -> None:
    legend = dict(abbreviations(game))
    for u in game.units.values():
        label = u.name or u.id
        lines, size = name_lines(label)
        assert _fits(lines, size, NAME_BOX, leading=-1), (label, lines, size)
        assert not any(ELLIPSIS in line for line in lines), (label, lines)
        shown = " ".join(lines).split()
        if shown != label.split() and "".join(shown) != "".join(label.split()):  # wrap after '-' joins words
            assert "".join(shown) == "".join(abbreviate(label).split()), (label, lines)
            words = lambda t: {w.lower() for w in re.findall(r"[A-Za-z]+/?", t)}  # noqa: E731
            short = words(" ".join(lines)) - words(label)
            assert short <= set(legend), (label, short, legend)


def test_every_text_on_every_counter_stays_inside_its_box(game) -> None:
    """Measured as drawn: each text's ink box (same font, size and anchor as the counter art)."""
    from PIL import Image, ImageDraw
    d = ImageDraw.Draw(Image.new("RGB", (COUNTER, COUNTER)))
    for u in game.units.values():
        for face in faces(u, game.info.system):
            if face:
                for text, size, xy, anchor, box in text_layout(face):
                    x0, y0, x1, y1 = d.textbbox(xy, text, font=font(size), anchor=anchor)
                    assert box[0] <= x0 and x1 <= box[2] and box[1] <= y0 and y1 <= box[3], (u.id, text, box)
                texts = [t for t, *_ in text_layout(face)]
                assert [line for line in face.lines if line] == texts[len(texts) - len(value_lines(face.lines)[0]):]


def test_marker_names_fit(game) -> None:
    for m in game.info.markers:
        for value in ("", "12"):
            lines, size = name_lines(m.name.resolved, *_wh(marker_title_box(value)))
            assert _fits(lines, size, marker_title_box(value), leading=-1) and not any(ELLIPSIS in x for x in lines), lines


def _wh(box: tuple[int, int, int, int]) -> tuple[int, int]:
    return box[2] - box[0], box[3] - box[1]


def test_chart_cells_and_heads_fit_and_keep_every_word(game) -> None:
    f = font(CELL_SIZE)
    for tid, table in game.tables.items():
        lay = layout(table)
        for row in [lay.head, *lay.rows]:
            for lines, width in zip(row, lay.widths):
                assert all(text_width(line, f) <= width - 2 * CELL_PAD for line in lines), (tid, lines, width)
        heads = [" ".join(col).split() for col in lay.head[1:]]
        assert heads == [column_title(c).split() for c in table.columns]  # whole, and no data ids
        assert all("_" not in c for col in lay.head for c in col), tid
        for row, data_row in zip(lay.rows, table.rows):
            assert " ".join(row[0]).split() == column_title(str(data_row.key)).split()


def test_map_labels_fit_and_stay_inside_the_image(game) -> None:
    for sb in game.map.sheet_boards():
        width, height = sb.grid.width, sb.grid.height
        names = [p.name for p in game.map.terrain.places if p.hexes and any(h in sb.to_map.values() for h in p.hexes)]
        labels = place_labels(game.map, sb)
        assert len(labels) == len(names)
        for name, (lines, size, box) in zip(names, labels):
            assert 0 <= box[0] and box[2] <= width and 0 <= box[1] and box[3] <= height, (name, box)
            assert _fits(lines, size, (0, 0, 3 * sb.grid.grid.dx, PLACE_LINES * line_height(font(size))))
            assert " ".join(lines).split() == name.split() or "".join(lines) == "".join(name.split()), lines


def test_the_turn_trackers_phases_are_the_ones_the_checker_reads(game) -> None:
    from hexforge.rules.state import phase_names
    assert _turn_tracker(game).children[0].children[0].attrs["list"].split(",") == phase_names(game)


@pytest.mark.parametrize("gid", ["aachen", "arnhem", "highway-to-the-reich"])  # names that say their player
def test_phase_names_name_the_player_once(gid: str) -> None:
    game = load_game(gid)
    names = _turn_tracker(game).children[0].children[0].attrs["list"].split(",")
    players = [s.name.resolved.lower() for s in game.info.sides] + ["first player", "second player"]
    for name in names:
        for who in players:
            assert name.lower().count(who) <= 1, name


def test_holding_board_holds_every_counter_of_every_setup(game) -> None:
    hold = holding_layout(game)
    for sc in game.scenarios.values():
        counts: dict[int, int] = {}
        for _, row, _ in off_map(game, sc):
            x, y = hold.slot(row, counts.setdefault(row, 0))
            counts[row] += 1
            half = COUNTER // 2
            assert half <= x - 0 and x + half <= hold.width and hold.top(row) < y - half + 10, (sc.id, row, x, y)
            assert y + half <= hold.top(row + 1), (sc.id, row, counts[row])
    assert hold.image().size == (hold.width, hold.height)
    assert all(font(12).getlength(t) < LEFT - 10 - COUNTER // 2 for t in hold.titles)


def test_a_row_longer_than_the_board_wraps_onto_more_lines() -> None:
    """PtR S5 sets up 52 units in set-up areas: more than one line holds (the old board was 1800 px)."""
    g = load_game("piercing-the-reich")
    n = sum(1 for _, row, _ in off_map(g, g.scenarios["s5"]) if row == 0)
    hold = holding_layout(g)
    assert n > hold.per_line and hold.lines[0] == -(-n // hold.per_line)
    assert hold.slot(0, n - 1)[0] < hold.width


def test_build_warns_naming_scenario_and_units_it_cannot_place() -> None:
    g = load_game("highway-to-the-reich")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        build_entries(g)
    said = [str(w.message) for w in caught if issubclass(w.category, SetupWarning)]
    for sid in ("s18", "s19", "s20", "s21"):  # set-ups the data cannot fill (ScR 18.2-21.2: display contents)
        assert any(m.startswith(f"scenarios/{sid}.toml") and "not listed" in m for m in said), sid
    s17 = [m for m in said if m.startswith("scenarios/s17.toml") and "no set-up hex" in m]
    assert len(s17) == 1 and "501/101" in s17[0] and "506/101" in s17[0]  # 'within two hexes of 3213' (L1553)


def test_every_unit_with_a_known_hex_is_placed_there(game) -> None:
    module = SimpleNamespace(layout=main_layout(game)[0])  # placements read only the board layout
    for sc in game.scenarios.values():
        expected = {uid: e.hex.resolved for e in sc.setup or [] if e.units != "unknown" and e.hex is not None
                    and isinstance(e.hex.resolved, str) and e.hex.resolved != "unknown" for uid in e.units}
        placed = {p.unit: p.hex_label for p in placements(game, sc, module) if p.hex_label and not p.marker}
        assert placed == expected, sc.id
