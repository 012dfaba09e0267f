"""`hexforge survey grid`: the grid fitted to degraded synthetic scans puts every hex centre where
the scan's truth has it (mean error <= 1.5 px, issue #17) and labels every hex right; clear errors
for images that are not maps; survey.toml round trip; the build uses or refuses a grid."""
from __future__ import annotations

import hashlib
import math
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from hexforge.games import load_game
from hexforge.maps.convention import ImageGrid, board_grid, sheet_hexes
from hexforge.survey.buildgrid import GridMismatch, fitted_for_build, straightened, typed_for_build
from hexforge.survey.grid import AtPoint, FitError, fit, read_grid
from hexforge.survey.gridfile import write_grid
from hexforge.survey.image import ImageError, MapImage, load
from tests.survey.conftest import ACCURACY_SCANS, small
from tools.scans import Scan

ROOT = Path(__file__).resolve().parents[2]


def _image(s: Scan, tmp_path: Path | None = None) -> MapImage:
    if tmp_path is None:
        return MapImage(Path(f"{s.style}-{s.seed}.png"), np.asarray(s.image), "0" * 64)
    path = tmp_path / f"{s.style}-{s.seed}.png"
    s.image.save(path)
    return load(path)


def _conv(s: Scan):
    return load_game(str(s.game_dir)).map.sheets[0].convention


def _errors(s: Scan, fitted) -> tuple[np.ndarray, int]:
    """Per true hex: the distance from its fitted centre; and how many hexes carry a wrong label
    (the fitted centre of label L is nearer another hex's true centre than L's)."""
    centres = fitted.grid.centres(_conv(s))
    truth = np.array(list(s.centres.values()))
    errors, wrong = [], 0
    for label, (x, y) in s.centres.items():
        fx, fy = centres[label]
        errors.append(math.hypot(fx - x, fy - y))
        nearest = np.argmin(np.hypot(truth[:, 0] - fx, truth[:, 1] - fy))
        wrong += list(s.centres)[nearest] != label
    return np.array(errors), wrong


@pytest.mark.parametrize("style, seed", ACCURACY_SCANS)
def test_fit_without_at_points_labels_every_hex_and_is_accurate(style: str, seed: int) -> None:
    s = small(style, seed)
    result = fit(_image(s), _conv(s))
    errors, wrong = _errors(s, result)
    assert wrong == 0, result.grid.labelling
    assert errors.mean() <= 1.5 and errors.max() <= 0.25 * s.hex_height
    assert abs(result.grid.rotation - s.rotation) < 0.1
    assert result.grid.dy == pytest.approx(s.hex_height, rel=0.005)
    assert "not read" in result.grid.labelling  # it says how the labels were decided


@pytest.mark.parametrize("style, seed", ACCURACY_SCANS[::3])
def test_fit_with_an_at_point_labels_every_hex(style: str, seed: int) -> None:
    s = small(style, seed)
    label = sorted(s.centres)[len(s.centres) // 3]
    x, y = s.centres[label]
    result = fit(_image(s), _conv(s), (AtPoint(label, x + 3, y - 2),))  # a click near the centre is enough
    errors, wrong = _errors(s, result)
    assert wrong == 0 and errors.mean() <= 1.5
    assert result.grid.labelling == f"labelled by the --at point {label}"


def test_at_points_that_disagree_are_refused() -> None:
    s = small("vintage", 2)
    labels = sorted(s.centres)
    a, b = labels[10], labels[40]
    (xa, ya), (xb, yb) = s.centres[a], s.centres[labels[41]]  # b is said to be where its neighbour is
    with pytest.raises(FitError, match="the --at points disagree"):
        fit(_image(s), _conv(s), (AtPoint(a, xa, ya), AtPoint(b, xb, yb)))
    with pytest.raises(FitError, match="no such hex"):
        fit(_image(s), _conv(s), (AtPoint("9999", xa, ya),))


@pytest.mark.parametrize("kind", ["noise", "plain", "stripes", "photo"])
def test_an_image_that_is_not_a_map_is_a_clear_error(kind: str, tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    h, w = 600, 800
    yy, xx = np.mgrid[0:h, 0:w]
    if kind == "noise":
        px = rng.integers(0, 256, (h, w, 3))
    elif kind == "plain":
        px = np.full((h, w, 3), 200)
    elif kind == "stripes":
        px = np.stack([128 + 100 * np.sin(xx / 9.0)] * 3, axis=2)
    else:  # smooth blobs with fine grain, like a photo of something that is not a printed grid
        from scipy import ndimage
        px = np.stack([ndimage.gaussian_filter(rng.random((h, w)), 25) for _ in range(3)], axis=2)
        px = (px - px.min()) / (px.max() - px.min()) * 220 + rng.normal(0, 4, (h, w, 3))
    path = tmp_path / f"{kind}.png"
    Image.fromarray(np.clip(px, 0, 255).astype(np.uint8)).save(path)
    with pytest.raises(FitError, match=f"{path}: no hex grid found"):
        fit(load(path), _conv(small("atlas", 0)))


def test_a_file_that_is_not_an_image_and_a_too_large_image_are_clear_errors(tmp_path: Path) -> None:
    text = tmp_path / "notes.png"
    text.write_text("not a picture")
    with pytest.raises(ImageError, match="notes.png: not an image"):
        load(text)
    big = tmp_path / "huge.png"
    Image.new("1", (12000, 9000)).save(big)  # 108 Mpx, a small file: refused before decoding
    with pytest.raises(ImageError, match=r"12000x9000 is 108 Mpx, above the 80 Mpx"):
        load(big)


def _cli(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hexforge", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_survey_grid_command_writes_the_grid_and_a_picture_and_leaves_the_image_alone(tmp_path: Path) -> None:
    s = small("modern", 4)
    image = tmp_path / "scan.jpg"
    s.image.save(image, quality=90)
    before = hashlib.sha256(image.read_bytes()).hexdigest()
    p = _cli("survey", "grid", s.game_dir, "--image", image)
    assert p.returncode == 0, p.stderr
    assert hashlib.sha256(image.read_bytes()).hexdigest() == before
    g = read_grid(s.game_dir)
    assert g is not None and g.sha256 == before and (g.width, g.height) == s.image.size
    assert g.image == "scan.jpg" and g.orientation == "columns" and g.at == ()
    assert "not read" in p.stdout and "not read" in g.labelling
    picture = Image.open(s.game_dir / "survey-grid.png")
    assert picture.size == s.image.size
    # the picture shows the fitted outlines (magenta) where the scan has none
    assert (np.asarray(picture.convert("RGB")) == (230, 0, 160)).all(axis=2).sum() > 1000
    bad = _cli("survey", "grid", s.game_dir, "--image", image, "--at", "0101=12")
    assert bad.returncode != 0 and "is not HEX=X,Y" in bad.stderr and "Traceback" not in bad.stderr


def test_survey_grid_command_says_what_is_wrong_with_a_non_map(tmp_path: Path) -> None:
    s = small("atlas", 0)
    blank = tmp_path / "blank.png"
    Image.new("RGB", (640, 480), (240, 240, 230)).save(blank)
    p = _cli("survey", "grid", s.game_dir, "--image", blank)
    assert p.returncode == 1 and "no hex grid found" in p.stderr and "Traceback" not in p.stderr
    assert not (s.game_dir / "survey.toml").exists() or read_grid(s.game_dir).image != "blank.png"


def test_survey_toml_round_trip_keeps_other_tables(tmp_path: Path) -> None:
    s = small("vintage", 5)
    result = fit(_image(s), _conv(s), (AtPoint(sorted(s.centres)[7], *s.centres[sorted(s.centres)[7]]),))
    (tmp_path / "survey.toml").write_text('# mine\n[notes]\ntext = "kept"  # as written\n', encoding="utf-8")
    write_grid(tmp_path, result.grid)
    text = (tmp_path / "survey.toml").read_text(encoding="utf-8")
    assert text.startswith('# mine\n[notes]\ntext = "kept"  # as written\n')
    back = read_grid(tmp_path)
    assert [p.hex for p in back.at] == [p.hex for p in result.grid.at] and back.first_hex == result.grid.first_hex
    assert back.at[0].x == pytest.approx(result.grid.at[0].x, abs=1e-3)
    for label, (x, y) in result.grid.centres(_conv(s)).items():
        bx, by = back.centres(_conv(s))[label]
        assert math.hypot(bx - x, by - y) < 0.05  # stored to a thousandth of a pixel
    write_grid(tmp_path, back)  # refitting replaces the table, keeps the rest
    assert (tmp_path / "survey.toml").read_text(encoding="utf-8").count("[grid]") == 1


def test_build_grid_is_the_fitted_one_straightened(tmp_path: Path) -> None:
    """The VASSAL grid a build uses, on the straightened image, has every hex centre where the
    printed hex's centre moved to (the straightening turns the truth with the image)."""
    s = small("atlas", 3)
    conv = _conv(s)
    image = _image(s, tmp_path)
    result = fit(image, conv)
    built = straightened(image, result.grid)
    board = board_grid(conv, image=built.grid)
    vassal = {conv.label(h.column, h.row): board.centre(h.hex) for h in sheet_hexes(conv, board)}
    ox, oy = result.grid.origin
    theta = math.radians(result.grid.rotation)
    errors = []
    for label, (x, y) in s.centres.items():
        # the straightened image shows input pixel o + R (p - o_int) at p: invert for the truth
        dx, dy = x - ox, y - oy
        px = math.cos(theta) * dx - math.sin(theta) * dy + built.grid.x
        py = math.sin(theta) * dx + math.cos(theta) * dy + built.grid.y
        vx, vy = vassal[label]
        errors.append(math.hypot(vx - px, vy - py))
    assert np.mean(errors) <= 1.5 and max(errors) <= 0.25 * s.hex_height
    assert Image.open(__import__("io").BytesIO(built.data)).size == s.image.size


def test_build_uses_the_fitted_grid_only_for_its_own_image(tmp_path: Path) -> None:
    s = small("modern", 6)
    image = tmp_path / "scan.png"
    s.image.save(image)
    write_grid(s.game_dir, fit(load(image), _conv(s)).grid)
    assert fitted_for_build(s.game_dir, image).grid.dy == pytest.approx(s.hex_height, rel=0.005)
    other = tmp_path / "other.png"
    s.image.rotate(1).save(other)
    with pytest.raises(GridMismatch, match=r"fitted on scan.png .* not on .*other.png .* checksum"):
        fitted_for_build(s.game_dir, other)
    out = tmp_path / "m.vmod"
    p = _cli("build", s.game_dir, "--map-image", other, "-o", out)
    assert p.returncode == 1 and "checked the file's checksum" in p.stderr and not out.exists()
    p = _cli("build", s.game_dir, "--map-image", image, "-o", out)
    assert p.returncode == 0, p.stderr
    with zipfile.ZipFile(out) as z:
        assert "images/board-map.png" in z.namelist() or any(n.startswith("images/board") for n in z.namelist())


def test_build_refuses_a_typed_grid_the_printed_hexes_contradict(tmp_path: Path) -> None:
    s = small("vintage", 6)
    conv = _conv(s)
    image = tmp_path / "scan.png"
    s.image.save(image)
    g = fit(load(image), conv).grid
    x, y = round(g.origin[0]), round(g.origin[1])
    w, h = s.image.size
    if abs(g.rotation) * math.pi / 180 * math.hypot(w, h) < 0.2 * g.dy:  # a typed grid can follow this scan
        assert typed_for_build(image, conv, ImageGrid(g.dx, g.dy, x, y, w, h)).grid.dx == g.dx
    for wrong, what in (((g.dx, g.dy * 1.05, x, y), "its dy is"), ((g.dx, g.dy, x + g.dy / 2, y), "from the printed")):
        if what == "from the printed" and abs(g.rotation) > 0.5:
            continue
        with pytest.raises(GridMismatch, match=what):
            typed_for_build(image, conv, ImageGrid(wrong[0], wrong[1], int(wrong[2]), int(wrong[3]), w, h))
    p = _cli("build", s.game_dir, "--map-image", image, "--grid", f"{g.dx},{g.dy * 1.05},{x},{y}", "-o",
             tmp_path / "m.vmod")
    assert p.returncode == 1 and "does not fit" in p.stderr and "printed hexes found" in p.stderr


def test_a_typed_grid_on_an_image_without_printed_hexes_builds_with_a_note(tmp_path: Path) -> None:
    image = tmp_path / "art.png"
    Image.new("RGB", (720, 640), "#ddeedd").save(image)
    conv = load_game(str(ROOT / "tests" / "data" / "synthetic")).map.sheets[0].convention
    built = typed_for_build(image, conv, ImageGrid(55.4, 64, 50, 45, 720, 640))
    assert built.data == image.read_bytes() and "could not be checked" in built.notes[0]


def test_a_scan_larger_than_the_working_size_is_fitted_in_its_own_pixels() -> None:
    """A 3x enlarged scan (~9 Mpx) is fitted on a reduced copy; centres come back in full-size pixels."""
    s = small("vintage", 3)
    w, h = s.image.size
    big = s.image.resize((3 * w, 3 * h), Image.Resampling.BICUBIC)
    conv = _conv(s)
    result = fit(MapImage(Path("big.png"), np.asarray(big), "0" * 64), conv)
    centres = result.grid.centres(conv)
    # pixel centres scale about the pixel's middle: (x + 0.5) * 3 - 0.5
    errors = [math.hypot(centres[k][0] - (3 * x + 1), centres[k][1] - (3 * y + 1)) for k, (x, y) in s.centres.items()]
    assert np.mean(errors) <= 1.5 * 3 and max(errors) <= 0.25 * 3 * s.hex_height


def test_a_grid_of_rows_is_fitted_through_the_same_frame(tmp_path: Path) -> None:
    """A scan turned on its diagonal is a map of pointy-topped hexes in rows (orientation = "rows"):
    its former columns are the rows. The fit labels it by game.toml's rows convention."""
    import re
    import shutil

    s = small("modern", 2)
    folder = tmp_path / s.game_dir.name
    shutil.copytree(s.game_dir, folder)
    text = (folder / "game.toml").read_text(encoding="utf-8")
    columns = re.search(r"columns = \{ first = 1, last = (\d+)", text).group(1)
    rows = re.search(r"rows = \{ first = 1, last = (\d+)", text).group(1)
    text = text.replace('orientation = "columns"', 'orientation = "rows"').replace('label = "CCRR"', 'label = "RRCC"')
    text = re.sub(r"columns = \{ first = 1, last = \d+", f"columns = {{ first = 1, last = {rows}", text)
    text = re.sub(r"rows = \{ first = 1, last = \d+, increase = \"down\"",
                  f'rows = {{ first = 1, last = {columns}, increase = "down"', text)
    (folder / "game.toml").write_text(text, encoding="utf-8")
    conv = load_game(str(folder)).map.sheets[0].convention
    turned = np.ascontiguousarray(np.asarray(s.image).transpose(1, 0, 2))
    result = fit(MapImage(Path("turned.png"), turned, "0" * 64), conv)
    centres = result.grid.centres(conv)
    errors = [math.hypot(centres[k][0] - y, centres[k][1] - x) for k, (x, y) in s.centres.items()]
    assert np.mean(errors) <= 1.5 and max(errors) <= 0.25 * s.hex_height, result.grid.labelling
    assert result.grid.rotation == pytest.approx(-s.rotation, abs=0.1)  # a mirror turns the other way
