"""A community module's board laid over the game's sheet: its labels, its grid and its image
(``hexforge.survey.module``). The module is hand-written (tests/survey/theirs.py), with letter
columns on a grid of its own; where each game hex must be is worked out from its HexGrid
attributes as VASSAL places hexes (odd raw columns half a hex lower), not from our output."""
from __future__ import annotations

import hashlib
import io
import shutil
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from hexforge.builder.binding import load_binding
from hexforge.builder.locations import Location
from hexforge.builder.modulereader import read_module
from hexforge.games import load_game
from hexforge.survey.binding import binding_toml
from hexforge.output import OutputError
from hexforge.survey.gridfile import read_grid
from hexforge.survey.image import sha256_of
from hexforge.survey.module import ModuleGridError, alignments, board_cells, import_grid, module_grid, module_grids
from tests.survey import theirs

ROOT = Path(__file__).resolve().parents[2]
SYN = ROOT / "tests" / "data" / "synthetic-fm"


@pytest.fixture(scope="module")
def game():
    return load_game(SYN)


@pytest.fixture(scope="module")
def vmod(tmp_path_factory) -> Path:
    return theirs.write_theirs(tmp_path_factory.mktemp("theirs") / "theirs.vmod")


def _centre(column: int, row: int) -> tuple[float, float]:
    """Where VASSAL centres the game's hex (column, row) on their board: column 01 is raw column 0."""
    raw = column - 1
    return theirs.X0 + raw * theirs.DX, theirs.Y0 + (row - 1) * theirs.DY + (theirs.DY / 2 if raw % 2 else 0)


def test_letter_columns_become_the_game_columns(vmod, game) -> None:
    (a,) = alignments(read_module(vmod), game.map.sheets, game.map.index)
    assert (a.key(), a.column_offset, a.row_offset) == ("Battle Map/Valley", 1, 0)  # A = column 01
    assert a.matched == a.total == theirs.COLUMNS * theirs.ROWS
    cells = {c.label: c for c in board_cells(a.board)}
    for label, h in game.map.index.items():
        column, row = int(label[:2]), int(label[2:])
        cell = cells[f"{chr(ord('A') + column - 1)}{row}"]
        assert cell.centre == _centre(column, row)
        assert cell.hex - a.shift == h  # the same hex, so neighbours stay neighbours


def test_a_board_wider_than_the_sheet_keeps_its_printed_letters(game, tmp_path) -> None:
    wide = theirs.write_theirs(tmp_path / "wide.vmod", theirs.WIDTH + 3 * int(theirs.DX))  # columns M, N, O too
    (a,) = alignments(read_module(wide), game.map.sheets, game.map.index)
    assert (a.column_offset, a.row_offset, a.matched) == (1, 0, a.total)  # not B = 01, which also fits the board


def test_the_module_grid_is_the_boards_image_and_hexgrid(vmod, game) -> None:
    mg = module_grid(read_module(vmod), game)
    g = mg.grid
    assert (g.orientation, g.dx, g.dy, g.width, g.height, g.rotation) == ("columns", theirs.DX, theirs.DY, theirs.WIDTH,
                                                                         theirs.HEIGHT, 0.0)
    assert g.origin == _centre(1, 1) == (theirs.X0, theirs.Y0) and g.first_hex == "0101"
    assert mg.image == zipfile.ZipFile(vmod).read("images/valley.png") and g.image == "valley.png"
    assert g.sha256 == hashlib.sha256(mg.image).hexdigest()
    assert Image.open(io.BytesIO(mg.image)).size == (g.width, g.height)
    assert "theirs.vmod" in g.source and "Battle Map/Valley" in g.source


def test_survey_toml_puts_every_hex_on_the_board_hex_vassal_numbers_so(vmod, game, tmp_path) -> None:
    game_dir = tmp_path / "synthetic-fm"
    shutil.copytree(SYN, game_dir)
    module = read_module(vmod)
    image, toml = import_grid(game_dir, module, game)
    assert image.read_bytes() == zipfile.ZipFile(vmod).read("images/valley.png") and toml.name == "survey.toml"
    grid = read_grid(game_dir)  # as `survey grid` and `build --map-image` read it
    centres = grid.centres(game.map.sheets[0].convention)
    assert set(centres) == set(game.map.index)
    for label, (x, y) in centres.items():
        assert (x, y) == pytest.approx(_centre(int(label[:2]), int(label[2:]))), label
    assert grid.sha256 == sha256_of(image)
    import_grid(game_dir, module, game)  # the same image again: kept
    image.write_bytes(b"someone else's picture")
    with pytest.raises(OutputError, match="exists; use --force"):
        import_grid(game_dir, module, game)
    assert image.read_bytes() == b"someone else's picture"
    import_grid(game_dir, module, game, force=True)
    assert image.read_bytes() == zipfile.ZipFile(vmod).read("images/valley.png")


def _variant(tmp: Path, **numbering: str) -> Path:
    """Their module with other HexGridNumbering attributes."""
    text = theirs.build_file()
    for key, value in numbering.items():
        start = text.index(f' {key}="', text.index("HexGridNumbering"))
        end = text.index('"', start + len(key) + 3)
        text = text[:start] + f' {key}="{value}"' + text[end + 1:]
    out = tmp / "variant.vmod"
    with zipfile.ZipFile(theirs.write_theirs(tmp / "base.vmod")) as src, zipfile.ZipFile(out, "w") as z:
        for name in src.namelist():
            z.writestr(name, text if name == "buildFile.xml" else src.read(name))
    return out


def _bound_hexes(vmod: Path, game, tmp: Path) -> dict[str, str | None]:
    """Every board label -> the game hex the proposed binding gives it, read by the checker's binding reader."""
    module = read_module(vmod)
    path = tmp / "b.toml"
    path.write_text(binding_toml(module, game, "test"), encoding="utf-8")
    b = load_binding(path, game)
    board = module.maps[0].boards[0]
    return {c.label: b.hex(Location("Battle Map", board.name, c.label), module, game) for c in board_cells(board)}


@pytest.mark.parametrize("numbering, label", [
    ({"hType": "N", "hLeading": "1", "hOff": "1", "vLeading": "1"}, lambda c, r: f"{c:02d}{r:02d}"),  # as printed
    ({"hType": "N", "hOff": "1", "sep": "."}, lambda c, r: f"{c}.{r}"),                               # 3.7
    ({}, lambda c, r: f"{chr(ord('A') + c - 1)}{r}"),                                                 # C4
])
def test_every_board_hex_is_bound_to_the_game_hex_under_it(numbering, label, game, tmp_path) -> None:
    vmod = _variant(tmp_path, **numbering)
    bound = _bound_hexes(vmod, game, tmp_path)
    module = read_module(vmod)
    board = module.maps[0].boards[0]
    found = {}
    for c in board_cells(board):
        x, y = c.centre
        column = round((x - theirs.X0) / theirs.DX) + 1
        row = round((y - theirs.Y0 - (theirs.DY / 2 if (column - 1) % 2 else 0)) / theirs.DY) + 1
        want = f"{column:02d}{row:02d}" if 1 <= column <= theirs.COLUMNS and 1 <= row <= theirs.ROWS else None
        assert bound[c.label] == want, (c.label, c.centre)
        if want is not None:
            assert c.label == label(column, row)
        found[want] = c.label
    assert set(game.map.index) <= set(found)


def test_a_module_holding_no_sheet_or_a_board_without_a_grid_is_refused_clearly(vmod, tmp_path) -> None:
    httr = load_game("highway-to-the-reich")
    with pytest.raises(ModuleGridError, match="printed on 4 sheets; take each sheet's board"):
        module_grid(read_module(vmod), httr)
    with pytest.raises(ModuleGridError, match="holds at least 50% of the hexes of any sheet of highway-to-the-reich"):
        module_grids(read_module(vmod), httr)
    text = theirs.build_file()
    start, end = text.index("<VASSAL.build.module.map.boardPicker.board.HexGrid"), text.index("</VASSAL.build.module.map.boardPicker.board.HexGrid>")
    bare = tmp_path / "bare.vmod"
    with zipfile.ZipFile(vmod) as src, zipfile.ZipFile(bare, "w") as z:
        for name in src.namelist():
            z.writestr(name, text[:start] + text[end + 53:] if name == "buildFile.xml" else src.read(name))
    with pytest.raises(ModuleGridError, match=r"no board with an image and a hex grid holds .*boards: 'Valley'"):
        module_grid(read_module(bare), load_game(SYN))


def test_survey_grid_module_then_build_on_their_map_art(vmod, tmp_path) -> None:
    """`survey grid --module` takes their board; `build --map-image` then puts every hex where their grid has it."""
    from click.testing import CliRunner

    from hexforge.cli import cli
    game_dir = tmp_path / "synthetic-fm"
    shutil.copytree(SYN, game_dir)
    run = lambda *a: CliRunner().invoke(cli, [str(x) for x in a])  # noqa: E731
    r = run("survey", "grid", game_dir, "--module", vmod)
    assert r.exit_code == 0, r.output
    assert (game_dir / "valley.png").is_file() and (game_dir / "survey-grid.png").is_file()
    assert "Battle Map/Valley" in r.output
    r = run("survey", "grid", game_dir, "--module", vmod, "--image", game_dir / "valley.png")
    assert r.exit_code == 2 and "either --image" in r.output
    built = tmp_path / "ours.vmod"
    r = run("build", game_dir, "--map-image", game_dir / "valley.png", "-o", built)
    assert r.exit_code == 0, r.output
    board = next(b for m in read_module(built).maps for b in m.boards if b.grid is not None and b.image)
    for label in ("0101", "0201", "0510", "1210"):
        x, y = board.grid.point_of_label(label)
        cx, cy = _centre(int(label[:2]), int(label[2:]))
        assert abs(x - cx) <= 1 and abs(y - cy) <= 1, (label, (x, y), (cx, cy))


def test_survey_grid_module_takes_every_sheets_board_of_a_two_board_module(tmp_path) -> None:
    """Their module has a board per sheet (as VASSAL shows a multi-sheet map: labels A0101 and B0101 on
    boards "Sheet A" and "Sheet B", hexes in rows). Every sheet's grid is taken from its own board, so
    a build on their two images puts every hex of either sheet at the pixel their module puts it."""
    from click.testing import CliRunner

    from hexforge.cli import cli
    from hexforge.survey.gridfile import read_grids
    from tests.survey.sheets import two_sheet_game
    game_dir, _, _ = two_sheet_game(tmp_path)
    run = lambda *a: CliRunner().invoke(cli, [str(x) for x in a])  # noqa: E731
    theirs_vmod = tmp_path / "their-two.vmod"
    assert run("build", game_dir, "-o", theirs_vmod).exit_code == 0  # stands in for their module
    theirs_boards = {b.name: b for m in read_module(theirs_vmod).maps for b in m.boards if b.grid is not None}
    r = run("survey", "grid", game_dir, "--module", theirs_vmod)
    assert r.exit_code == 0, r.output
    grids = read_grids(game_dir)
    assert sorted(grids) == ["A", "B"]
    for k, g in grids.items():
        assert f"board 'Main Map/Sheet {k}'" in g.source and (game_dir / g.image).is_file()
        assert (game_dir / f"survey-grid-{k}.png").is_file()
    ours = tmp_path / "ours.vmod"
    r = run("build", game_dir, "--map-image", f"A={game_dir / grids['A'].image}",
            "--map-image", f"B={game_dir / grids['B'].image}", "-o", ours)
    assert r.exit_code == 0, r.output
    rebuilt = {b.name: b for m in read_module(ours).maps for b in m.boards if b.grid is not None}
    game = load_game(game_dir)
    for sheet in game.map.sheets:
        name = f"Sheet {sheet.prefix}"
        conv = sheet.convention
        for c in range(conv.columns.first, conv.columns.last + 1):
            for r_ in range(conv.rows.first, conv.rows.last + 1):
                label = sheet.prefix + conv.label(c, r_)
                assert rebuilt[name].grid.point_of_label(label) == theirs_boards[name].grid.point_of_label(label), label
    with pytest.raises(ModuleGridError, match="printed on 2 sheets; use import_grids"):
        import_grid(game_dir, read_module(theirs_vmod), game)
