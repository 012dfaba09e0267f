"""A game printed on several sheets, surveyed one scan per sheet (issue #17): `survey grid --sheet`
fits each sheet by its own numbering into its own table and never disturbs another's; `survey
terrain --sheet` labels hexes as the game names them, the first sheet surveyed keeping the overlap;
`build --map-image SHEET=PATH` puts each sheet's grid on its scan. The truth is the scans' own
(tools/scans), carried through their scale and rotation; errors name the sheet."""
from __future__ import annotations

import io
import math
import tomllib
import zipfile
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from hexforge.cli import cli
from hexforge.games import load_game
from hexforge.survey import store
from hexforge.survey.gridfile import read_grid, read_grids
from hexforge.survey.tomltext import table_spans
from tests.survey.sheets import two_sheet_game
from tools.scans import truth_samples


def run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args])


def _fit_both(tmp_path: Path):
    game_dir, images, scans = two_sheet_game(tmp_path)
    for k, image in images.items():
        r = run("survey", "grid", game_dir, "--sheet", k, "--image", image)
        assert r.exit_code == 0, r.output
    return game_dir, images, scans


def _text_of(path: Path, header: str) -> str:
    text = path.read_text(encoding="utf-8")
    (span,) = [s for s in table_spans(text) if s.header == header]
    return text[span.start:span.end]


def test_each_sheet_is_fitted_by_its_own_numbering_into_its_own_table(tmp_path: Path) -> None:
    game_dir, images, scans = _fit_both(tmp_path)
    game = load_game(game_dir)
    grids = read_grids(game_dir)
    assert sorted(grids) == ["A", "B"] and read_grid(game_dir) is None  # no one-sheet [grid] table
    for k, s in scans.items():
        sheet = next(x for x in game.map.sheets if x.prefix == k)
        centres = grids[k].centres(sheet.convention)
        assert grids[k].image == images[k].name and (grids[k].width, grids[k].height) == s.image.size
        errors = [math.hypot(centres[label[1:]][0] - x, centres[label[1:]][1] - y)
                  for label, (x, y) in s.centres.items()]
        assert np.mean(errors) <= 1.5 and max(errors) <= 0.25 * s.hex_height, (k, grids[k].labelling)
        assert (game_dir / f"survey-grid-{k}.png").is_file()
    assert grids["A"].dy == pytest.approx(scans["A"].hex_height, rel=0.01)
    assert grids["B"].dy == pytest.approx(scans["B"].hex_height, rel=0.01)  # scales differ: 0.9 and 1.25
    survey = game_dir / "survey.toml"
    b_before = _text_of(survey, "[grid.sheets.B]")
    r = run("survey", "grid", game_dir, "--sheet", "A", "--image", images["A"], "--at",
            f"A0305={scans['A'].centres['A0305'][0]},{scans['A'].centres['A0305'][1]}")
    assert r.exit_code == 0, r.output
    assert _text_of(survey, "[grid.sheets.B]") == b_before  # refitting A leaves B's grid byte for byte
    assert [p.hex for p in read_grids(game_dir)["A"].at] == ["0305"]  # the sheet's own numbers


def test_a_sheet_must_be_named_when_there_are_several_and_only_then(tmp_path: Path) -> None:
    game_dir, images, _ = two_sheet_game(tmp_path)
    r = run("survey", "grid", game_dir, "--image", images["A"])
    assert r.exit_code == 2 and "printed on 2 sheets (B, A)" in r.output and "--sheet B" in r.output
    r = run("survey", "grid", game_dir, "--sheet", "A", "--image", images["A"], "--at", "B0305=100,100")
    assert r.exit_code == 2 and "B0305 is a hex of sheet B, not of sheet A" in r.output
    r = run("survey", "grid", game_dir, "--sheet", "C", "--image", images["A"])
    assert r.exit_code == 2 and "has no sheet 'C' (its sheets: B, A)" in r.output
    r = run("survey", "terrain", game_dir, "--sheet", "D", "--image", images["A"], "--samples", images["A"])
    assert r.exit_code == 2 and "has no sheet 'D'" in r.output
    r = run("survey", "terrain", game_dir, "--sheet", "A", "--image", images["A"], "--key", images["A"])
    assert r.exit_code == 1 and "no fitted grid for sheet A" in r.output and "--sheet A" in r.output
    assert not (game_dir / "survey.toml").exists()
    from tests.survey.conftest import small
    one = small("modern", 1)
    image = tmp_path / "one.png"
    one.image.save(image)
    r = run("survey", "grid", one.game_dir, "--sheet", "A", "--image", image)
    assert r.exit_code == 2 and "printed on one sheet: give no --sheet" in r.output
    assert "Traceback" not in r.output


def _samples(path: Path, scan) -> Path:
    s = truth_samples(scan)
    lines = [f"{t} = {list(v)!r}".replace("'", '"').replace("(", "[").replace(")", "]")
             for part in (s.hexes, s.hexsides, s.lines) for t, v in part.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_each_sheet_is_surveyed_under_the_games_labels_and_the_first_keeps_the_overlap(tmp_path: Path) -> None:
    game_dir, images, scans = _fit_both(tmp_path)
    game = load_game(game_dir)
    canonical = {k: {label: game.map.label(game.map.index[label]) for label in s.centres} for k, s in scans.items()}
    r = run("survey", "terrain", game_dir, "--sheet", "B", "--image", images["B"],
            "--samples", _samples(tmp_path / "b.toml", scans["B"]))
    assert r.exit_code == 0, r.output
    first = store.read(game_dir)
    assert set(first.hexes) == set(canonical["B"].values())
    assert all(c.source.startswith("survey of sheet B: scan-b.png") for c in first.hexes.values())
    r = run("survey", "terrain", game_dir, "--sheet", "A", "--image", images["A"],
            "--samples", _samples(tmp_path / "a.toml", scans["A"]))
    assert r.exit_code == 0, r.output
    both = store.read(game_dir)
    assert set(both.hexes) == set(canonical["A"].values()) | set(canonical["B"].values())
    overlap = set(canonical["A"].values()) & set(canonical["B"].values())
    assert len(overlap) >= 8 and all(h.startswith("B07") for h in overlap)  # A's row 01 is B's row 07 (some cropped)
    for h in overlap:  # the first sheet surveyed (B) keeps them
        assert both.hexes[h] == first.hexes[h]
    for k, s in scans.items():
        right = [both.hexes[canonical[k][label]].value == t for label, t in s.terrain.items()
                 if canonical[k][label] not in overlap or k == "B"]
        assert np.mean(right) >= 0.95, k
    t = load_game(game_dir).map.terrain
    assert {game.map.label(h) for h in t.surveyed_hexes} == set(both.hexes)  # the loader takes every one
    # a second survey of A replaces only A's values, and only with --force
    again = ("survey", "terrain", game_dir, "--sheet", "A", "--image", images["A"], "--samples", tmp_path / "a.toml")
    r = run(*again)
    assert r.exit_code == 1 and "of sheet A; use --force" in r.output
    store.confirm(game_dir, [store.Change("hex", ("A0305",), "town")])  # a person's review wins over both
    r = run(*again, "--force")
    assert r.exit_code == 0, r.output
    after = store.read(game_dir)
    assert {h: c for h, c in after.hexes.items() if h in canonical["B"].values()} == \
           {h: c for h, c in both.hexes.items() if h in canonical["B"].values()}
    assert after.hexes["A0305"] == store.Call("town", 1.0, True, both.hexes["A0305"].source)


def _board_images(vmod: Path) -> dict[str, bytes]:
    from hexforge.builder.modulereader import read_module
    m = next(m for m in read_module(vmod).maps if any(b.name.startswith("Sheet") for b in m.boards))
    with zipfile.ZipFile(vmod) as z:
        return {b.name: z.read(f"images/{b.image}") for b in m.boards}


def test_build_puts_each_sheets_fitted_grid_on_its_own_scan(tmp_path: Path) -> None:
    from hexforge.builder.modulereader import read_module
    game_dir, images, scans = _fit_both(tmp_path)
    out = tmp_path / "two.vmod"
    r = run("build", game_dir, "--map-image", f"A={images['A']}", "--map-image", f"B={images['B']}", "-o", out)
    assert r.exit_code == 0, r.output
    assert "map image of sheet A: the image is straightened" in r.output
    assert "map image of sheet B: the image is straightened" in r.output
    boards = {b.name: b for m in read_module(out).maps for b in m.boards if b.name.startswith("Sheet")}
    assert sorted(boards) == ["Sheet A", "Sheet B"]
    grids = read_grids(game_dir)
    for k, s in scans.items():
        b = boards[f"Sheet {k}"]
        assert (b.width, b.height) == s.image.size
        g = grids[k]
        theta, (ox, oy) = math.radians(g.rotation), g.origin
        for label, (tx, ty) in s.centres.items():
            # the straightened image shows the printed centre turned about the fitted origin
            px = math.cos(theta) * (tx - ox) - math.sin(theta) * (ty - oy) + round(ox)
            py = math.sin(theta) * (tx - ox) + math.cos(theta) * (ty - oy) + round(oy)
            x, y = b.grid.point_of_label(label)  # VASSAL's own label on that board: A0305, B0701
            assert math.hypot(x - px, y - py) <= 2.0, (label, (x, y), (px, py))
    only_a = tmp_path / "a.vmod"
    r = run("build", game_dir, "--map-image", f"A={images['A']}", "-o", only_a)
    assert r.exit_code == 0, r.output
    assert run("build", game_dir, "-o", tmp_path / "drawn.vmod").exit_code == 0
    drawn, built = _board_images(tmp_path / "drawn.vmod"), _board_images(only_a)
    assert built["Sheet B"] == drawn["Sheet B"] and built["Sheet A"] != drawn["Sheet A"]  # B keeps the drawn art
    assert Image.open(io.BytesIO(built["Sheet A"])).size == scans["A"].image.size


@pytest.mark.parametrize("args, code, message", [
    (["{a}"], 2, "printed on 2 sheets: say which one the image shows (its sheets: B, A; write SHEET=PATH"),
    (["C={a}"], 2, "'C' is not a sheet of two-sheets (its sheets: B, A"),
    (["A={missing}"], 2, "no such file"),
    (["A={a}", "A={b}"], 2, "two images for sheet A"),
    (["B={a}"], 1, "sheet B: the grid of sheet B in"),
    (["A={a}", "B={b}", "--grid", "40,46,30,30"], 2, "--grid goes with one --map-image"),
    (["A={a}", "--grid", "40,46,30,30"], 1, "sheet A: --grid 40,46,30,30 does not fit"),  # checked on A's scan
])
def test_map_images_that_name_no_sheet_no_file_or_the_wrong_scan_are_refused(tmp_path: Path, args, code,
                                                                            message) -> None:
    game_dir, images, _ = _fit_both(tmp_path)
    values = [a.format(a=images["A"], b=images["B"], missing=tmp_path / "nope.png") for a in args]
    argv = [x for v in values for x in (["--map-image", v] if not v.startswith("--") and "," not in v else [v])]
    out = tmp_path / "m.vmod"
    r = run("build", game_dir, *argv, "-o", out)
    assert r.exit_code == code and message in " ".join(r.output.split()), r.output
    assert "Traceback" not in r.output and not out.exists()


def test_the_review_shows_one_sheet_over_its_own_scan(tmp_path: Path) -> None:
    from hexforge.survey.review import ReviewError, session
    game_dir, images, scans = _fit_both(tmp_path)
    with pytest.raises(ReviewError, match=r"printed on 2 sheets \(B, A\)"):
        session(game_dir)
    review = session(game_dir, sheet="B")  # the grid's image is not in the folder: given below
    assert review.data()["sheet"] == "B" and review.image[0] != images["B"].read_bytes()  # the drawn sheet
    review = session(game_dir, images["B"], "B")
    data = review.data()
    assert review.image[0] == images["B"].read_bytes() and data["title"].endswith("sheet B")
    centres = {h["label"]: h["centre"] for h in data["hexes"]}
    assert set(centres) == {f"B{r:02d}{c:02d}" for r in range(1, 8) for c in range(1, 11)}  # B's 70, none of A
    for label, (x, y) in scans["B"].centres.items():
        assert math.hypot(centres[label][0] - x, centres[label][1] - y) <= 1.5
    a = session(game_dir, images["A"], "A").data()
    assert {h["label"] for h in a["hexes"]} >= {"B0701", "A0201"} and "A0101" not in {h["label"] for h in a["hexes"]}
    with pytest.raises(ReviewError, match="not the image the grid of sheet A"):
        session(game_dir, images["B"], "A")


def test_survey_toml_of_several_sheets_is_plain_toml_people_can_read(tmp_path: Path) -> None:
    game_dir, _, _ = _fit_both(tmp_path)
    doc = tomllib.loads((game_dir / "survey.toml").read_text(encoding="utf-8"))
    assert set(doc) == {"grid"} and set(doc["grid"]) == {"sheets"} and set(doc["grid"]["sheets"]) == {"A", "B"}
