"""The grid a build puts on a user's map image: the fitted one from ``survey.toml`` (only for the
very file it was fitted on), or a hand-typed one checked against the hexes printed on the image.

VASSAL's hex grid cannot rotate, so a fitted grid with a rotation is applied by straightening
the image (resampled once, into the module; the user's file is never changed).
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

from hexforge.games import Game
from hexforge.maps.convention import Convention, ImageGrid, board_grid, sheet_hexes
from hexforge.survey.gridfile import SURVEY_FILE, FittedGrid, read_grid
from hexforge.survey.image import MapImage, load, sha256_of
from hexforge.survey.lattice import NoGrid

OFFSET_TOLERANCE = 0.25    # a typed grid may put a hex centre this far (in hex heights) from the printed one


class GridMismatch(ValueError):
    """A grid that does not fit the image; the message says what was checked."""


class MapImageError(ValueError):
    """A ``--map-image`` value that names no sheet, no file, or a sheet twice (a message for people)."""


@dataclass(frozen=True)
class BuildImage:
    """The image bytes a module gets and the VASSAL grid on it, with what was done to get there."""

    data: bytes
    grid: ImageGrid
    notes: tuple[str, ...]


def fitted_for_build(game_dir: Path, image_path: Path, sheet: str = "") -> BuildImage:
    """The fitted grid of ``game_dir`` for this image (of sheet ``sheet`` of several), or
    :class:`GridMismatch` saying why not."""
    fitted = read_grid(game_dir, sheet)
    where = Path(game_dir) / SURVEY_FILE
    of, on = (f" of sheet {sheet}", f" --sheet {sheet}") if sheet else ("", "")
    if fitted is None:
        typed = "" if sheet else ", or give --grid DX,DY,X,Y"
        raise GridMismatch(f"no fitted grid{of} for {image_path}: {where} has none. Run `hexforge survey grid "
                           f"{game_dir}{on} --image {image_path}` first{typed}")
    digest = sha256_of(image_path)
    if digest != fitted.sha256:
        raise GridMismatch(f"the grid{of} in {where} was fitted on {fitted.image} (sha256 {fitted.sha256[:12]}..., "
                           f"{fitted.width}x{fitted.height}), not on {image_path} (sha256 {digest[:12]}...): "
                           f"checked the file's checksum. Run `hexforge survey grid {game_dir}{on} --image "
                           f"{image_path}` to fit this image")
    image = load(image_path)
    return straightened(image, fitted)


def image_specs(game: Game, specs: tuple[str, ...]) -> dict[str, Path]:
    """``--map-image`` values -> image file by sheet letter (``""`` for a one-sheet game's bare PATH).

    A game on several sheets takes ``SHEET=PATH`` (repeatable, one image per sheet); a one-sheet
    game takes one PATH. Raises :class:`MapImageError` naming what is wrong."""
    letters = [s.prefix for s in game.map.sheets]
    several = len(letters) > 1
    names = ", ".join(letters)
    out: dict[str, Path] = {}
    for text in specs:
        left, eq, right = text.partition("=")
        if several and eq and left in letters:
            sheet, path = left, Path(right)
        elif several:
            hint = (f"{left!r} is not a sheet of {game.id}" if eq and not Path(text).exists()
                    else f"{game.id} is printed on {len(letters)} sheets: say which one the image shows")
            raise MapImageError(f"--map-image {text}: {hint} (its sheets: {names}; write SHEET=PATH, "
                                f"e.g. --map-image {letters[0]}=scan-{letters[0].lower()}.png)")
        elif eq and not Path(text).exists() and Path(right).is_file():
            raise MapImageError(f"--map-image {text}: {game.id} is printed on one sheet; give the image's path "
                                f"alone (--map-image {right})")
        else:
            sheet, path = "", Path(text)
        if sheet in out:
            what = f"sheet {sheet}" if several else game.id
            raise MapImageError(f"--map-image {text}: two images for {what} ({out[sheet]} and {path}); give one")
        if not path.is_file():
            raise MapImageError(f"--map-image {text}: {path} is {'a folder' if path.is_dir() else 'no such file'}")
        out[sheet] = path
    return out


def straightened(image: MapImage, fitted: FittedGrid) -> BuildImage:
    """The image turned by the fitted rotation (and moved by under a pixel) so that the VASSAL grid
    with the fitted spacing and first hex at a whole pixel lies on the printed hexes."""
    ox, oy = fitted.origin
    ix, iy = round(ox), round(oy)
    grid = ImageGrid(fitted.dx, fitted.dy, ix, iy, image.width, image.height)
    theta = math.radians(fitted.rotation)
    drift = abs(theta) * math.hypot(image.width, image.height)
    if drift < 0.5 and math.hypot(ox - ix, oy - iy) < 0.5:
        return BuildImage(image.path.read_bytes(), grid, ("the fitted grid is used as it is (no rotation to undo)",))
    cos, sin = math.cos(theta), math.sin(theta)
    # output pixel p -> input pixel origin + R (p - (ix, iy)), in PIL's pixel-centre coordinates
    a, b, d, e = cos, sin, -sin, cos
    c = ox + 0.5 - (a * (ix + 0.5) + b * (iy + 0.5))
    f = oy + 0.5 - (d * (ix + 0.5) + e * (iy + 0.5))
    src = Image.fromarray(image.pixels, "RGB")
    out = src.transform(src.size, Image.Transform.AFFINE, (a, b, c, d, e, f),
                        resample=Image.Resampling.BICUBIC, fillcolor=(255, 255, 255))
    buf = io.BytesIO()
    out.save(buf, "PNG")
    return BuildImage(buf.getvalue(), grid, (f"the image is straightened by {fitted.rotation:.2f} degrees for the "
                                             "module (VASSAL grids do not rotate); your file is unchanged",))


def typed_for_build(image_path: Path, conv: Convention, typed: ImageGrid, game: str = "GAME") -> BuildImage:
    """A hand-typed grid, checked against the hexes printed on the image when it shows any."""
    from hexforge.survey.grid import find_lattice

    image = load(image_path)
    frame = image.pixels.transpose(1, 0, 2) if conv.orientation == "rows" else image.pixels
    data = image_path.read_bytes()
    try:
        found = find_lattice(frame)
    except NoGrid as e:
        return BuildImage(data, typed, (f"the grid could not be checked: {image_path} shows no printed hex grid "
                                        f"({e})",))
    problems = _compare(found, conv, typed)
    if problems:
        raise GridMismatch(f"--grid {typed.dx:g},{typed.dy:g},{typed.x},{typed.y} does not fit {image_path}: "
                           + "; ".join(problems) + f" (checked against the {int(found.present.sum())} printed "
                           f"hexes found on the image). Run `hexforge survey grid {game} --image {image_path}` "
                           "and build without --grid")
    return BuildImage(data, typed, ("the --grid fits the hexes printed on the image",))


def _compare(found, conv: Convention, typed: ImageGrid) -> list[str]:
    """What in a typed grid disagrees with the lattice found (frame coordinates)."""
    lat = found.lattice
    out = []
    extent = math.hypot(typed.width, typed.height)
    for name, want, got in (("dx", typed.dx, lat.dx), ("dy", typed.dy, lat.dy)):
        # the error adds up hex after hex: across the image it must stay under a quarter hex
        if abs(want - got) * extent / got > OFFSET_TOLERANCE * lat.dy:
            out.append(f"its {name} is {want:g} px, the printed hexes' is {got:.2f} (off by "
                       f"{abs(want - got) * extent / got:.0f} px across the image)")
    if abs(lat.rotation) * math.pi / 180 * math.hypot(typed.width, typed.height) > OFFSET_TOLERANCE * lat.dy:
        out.append(f"the printed grid is rotated by {lat.rotation:.2f} degrees, which a typed grid cannot follow")
    if out:
        return out
    board = board_grid(conv, image=typed)
    sideways = conv.orientation == "rows"
    centres = [board.centre(h.hex) for h in sheet_hexes(conv, board)]
    pts = np.array([(y, x) if sideways else (x, y) for x, y in centres])
    h, w = (typed.width, typed.height) if sideways else (typed.height, typed.width)
    on = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
    if not on.any():
        return [f"it puts none of the map's {len(pts)} hexes on the {typed.width}x{typed.height} image"]
    fa, fb = lat.index(pts[on, 0], pts[on, 1])
    px, py = lat.point(np.round(fa), np.round(fb))
    off = float(np.median(np.hypot(px - pts[on, 0], py - pts[on, 1])))
    if off > OFFSET_TOLERANCE * lat.dy:
        out.append(f"its hex centres lie {off:.1f} px (median) from the printed ones")
    return out
