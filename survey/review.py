"""``hexforge survey review``: a local page to review the surveyed terrain over the scan.

The page (``review.html``, no outside resources) shows the map image with every hex outlined and
filled with its surveyed terrain, the surveyed hexes listed by confidence (lowest first), and
the hexsides as thin lines one can click. A person sets or confirms a hex's terrain (or a
hexside's feature, or the road or trail crossing it) with a click and a key; Save sends the changes here, and they are written into
the game's ``terrain.toml`` through :func:`hexforge.survey.store.confirm` (atomically,
``reviewed = true``); nothing else in the file changes.

A game printed on several sheets is reviewed one sheet per page (``session(..., sheet="B")``): the
sheet's scan, placed by its own fitted grid, with the hexes printed on it (an overlap hex under the
game's canonical label, the one the survey stores it under).

The server is :mod:`http.server` on 127.0.0.1 only and answers only requests naming it so (not
another site's name pointed at 127.0.0.1). A save must carry the page's random token (another
web page in the same browser cannot read or post one) and is at most :data:`MAX_BODY` bytes.
"""
from __future__ import annotations

import io
import json
import secrets
import threading
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any, Callable

import numpy as np
from PIL import Image

from hexforge.games import Game, GameDataError, load_game
from hexforge.maps.draw import THOROUGHFARE_STYLE, draw_board, hexside_style
from hexforge.maps.png import png_bytes
from hexforge.maps.hexes import DIRECTIONS, Hex
from hexforge.survey import store
from hexforge.survey.gridfile import GridFileError, read_grid
from hexforge.survey.image import MAX_PIXELS, ImageError, image_size, sha256_of
from hexforge.survey.sheets import SheetError, canonical, key, sheet_of

MAX_BODY = 4 * 2 ** 20   # bytes of one save request
MAX_CHANGES = 100_000    # changes in one save
KEYS = "123456789qwertyuiopadfghjklzvbm"  # shortcut keys, in type order (c, n, s, x are commands)
PALETTE = ("#e6c229", "#2e8b57", "#a0522d", "#4fb0c6", "#d62728", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf")  # hex types, one clearly different colour each (then cycled)
WEB_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg", "GIF": "image/gif", "WEBP": "image/webp"}
Point = tuple[float, float]


class ReviewError(ValueError):
    """The review cannot start (no image, no fitted grid, ...); the message says what to do."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Where each game hex is on the image: an affine map of the game's own grid pixels,
    ``x' = a*x + b*y + c``, ``y' = d*x + e*y + f``."""

    game: Game
    affine: tuple[float, float, float, float, float, float]

    def point(self, p: Point) -> Point:
        a, b, c, d, e, f = self.affine
        return a * p[0] + b * p[1] + c, d * p[0] + e * p[1] + f

    def centre(self, h: Hex) -> Point:
        return self.point(self.game.map.grid.centre(h))

    def corners(self, h: Hex) -> list[Point]:
        return [self.point(p) for p in self.game.map.grid.corners(h)]


def affine_through(game: Game, centres: dict[str, Point]) -> Placement:
    """The affine map of the game grid that puts each labelled hex at its centre in ``centres``
    (least squares; exact for a fitted lattice, which is affine)."""
    labels = sorted(k for k in centres if k in game.map.index)
    if len(labels) < 3:
        raise ReviewError(f"only {len(labels)} of the fitted hexes are hexes of {game.id}; fit the grid again")
    src = np.array([game.map.grid.centre(game.map.index[k]) for k in labels])
    dst = np.array([centres[k] for k in labels], dtype=float)
    a = np.c_[src, np.ones(len(src))]
    (ax, bx, cx), *_ = np.linalg.lstsq(a, dst[:, 0], rcond=None)
    (dx, ex, fx), *_ = np.linalg.lstsq(a, dst[:, 1], rcond=None)
    return Placement(game, tuple(float(v) for v in (ax, bx, cx, dx, ex, fx)))  # type: ignore[arg-type]


def drawn_placement(game: Game, sheet: str = "") -> Placement:
    """Where the game's own drawn map of a sheet (:func:`drawn`) puts each hex."""
    sb = _sheet_board(game, sheet)
    return affine_through(game, {game.map.label(m): sb.grid.centre(b) for b, m in sb.to_map.items()})


def drawn(game: Game, sheet: str = "") -> tuple[bytes, str, int, int]:
    """The game's own drawn map of a sheet as a PNG (the review without a scan), its type and size."""
    im = draw_board(game.map, _sheet_board(game, sheet))
    return png_bytes(im), "image/png", im.width, im.height


def _sheet_board(game: Game, sheet: str):
    return next(sb for sb in game.map.sheet_boards() if sb.sheet.prefix == sheet or not sheet)


def web_image(path: Path) -> tuple[bytes, str, int, int]:
    """The scan as bytes a browser shows (PNG/JPEG/GIF/WebP as they are, others as PNG), type, size."""
    width, height = image_size(path)
    if width * height > MAX_PIXELS:
        raise ImageError(f"{path}: {width}x{height} is above the {MAX_PIXELS / 1e6:.0f} Mpx the survey accepts")
    with Image.open(path) as im:
        kind = WEB_TYPES.get(im.format or "")
        if kind:
            return path.read_bytes(), kind, width, height
        out = io.BytesIO()
        im.convert("RGB").save(out, "PNG")
        return out.getvalue(), "image/png", width, height


def _rounded(points: list[Point]) -> list[list[float]]:
    return [[round(x, 1), round(y, 1)] for x, y in points]


def _side_segment(placement: Placement, a: Hex, b: Hex) -> list[list[float]]:
    """The hexside between neighbours ``a`` and ``b``: the two corners of ``a`` nearest ``b``'s centre."""
    cb = placement.centre(b)
    near = sorted(placement.corners(a), key=lambda p: (p[0] - cb[0]) ** 2 + (p[1] - cb[1]) ** 2)[:2]
    return _rounded(near)


def _types(game: Game) -> list[dict[str, Any]]:
    """Terrain types with their shortcut keys and colours: hex types, then hexside features and the
    lines through hexsides (roads, trails) on one run of keys, since both are set on a selected hexside."""
    hex_types = [t for t in game.map.terrain.types.values() if t.kind == "hex"]
    side_types = [t for t in game.map.terrain.types.values() if t.kind in ("hexside", "thoroughfare")]
    side_types.sort(key=lambda t: t.kind == "thoroughfare")
    out = []
    for group in (hex_types, side_types):
        for i, t in enumerate(group):
            colour = PALETTE[i % len(PALETTE)] if t.kind == "hex" else (
                hexside_style(t.id)[1] if t.kind == "hexside" else THOROUGHFARE_STYLE.get(t.id, ("#b3412b",))[0])
            out.append({"id": t.id, "name": t.name, "kind": t.kind, "key": KEYS[i] if i < len(KEYS) else "",
                        "colour": colour})
    return out


def _call(call: store.Call | None) -> dict[str, Any]:
    value = None if call is None or call.value == "none" else call.value
    return {"value": value, "confidence": call.confidence if call else None, "reviewed": bool(call and call.reviewed)}


def page_data(game: Game, survey: store.Survey, placement: Placement, width: int, height: int,
              sheet: str = "") -> dict[str, Any]:
    """What the page draws: terrain types with keys and colours, every hex, every hexside of the map
    (its feature, and the line crossing it from centre to centre); with ``sheet``, of that sheet only
    (its overlap hexes under the game's canonical labels, as the survey stores them)."""
    terrain, label = game.map.terrain, game.map.label
    shown = sheet_hexes(game, sheet)
    hexes = []
    for h in sorted(shown, key=label):
        call = survey.hexes.get(label(h))
        person = terrain.provenance(h) == "person"
        known = sorted(terrain.of(h) or ()) if person else []
        hexes.append({"label": label(h), "centre": _rounded([placement.centre(h)])[0],
                      "corners": _rounded(placement.corners(h)),
                      "terrain": call.value if call else (known[0] if known else None),
                      "confidence": call.confidence if call else None,
                      "reviewed": bool(call and call.reviewed), "person": person})
    sides = []
    for h in sorted(shown, key=label):
        for d in DIRECTIONS[:3]:  # each pair once
            n = h + d
            if n in shown:
                key = store.pair(label(h), label(n))
                sides.append({"hexes": list(key), "segment": _side_segment(placement, h, n),
                              "centres": _rounded([placement.centre(game.map.index[k]) for k in key]),
                              "feature": _call(survey.hexsides.get(key)), "line": _call(survey.lines.get(key))})
    title = f"{game.title}, sheet {sheet}" if sheet else game.title
    return {"game": game.id, "title": title, "sheet": sheet, "width": width, "height": height,
            "types": _types(game), "hexes": hexes, "hexsides": sides}


def sheet_hexes(game: Game, sheet: str = "") -> set[Hex]:
    """The hexes printed on a sheet (every hex of the map for ``""``)."""
    if not sheet:
        return set(game.map)
    s = next(s for s in game.map.sheets if s.prefix == sheet)
    conv, index = s.convention, game.map.index
    return {index[sheet + conv.label(c, r)] for c in range(conv.columns.first, conv.columns.last + 1)
            for r in range(conv.rows.first, conv.rows.last + 1)}


def parse_changes(body: Any) -> list[store.Change]:
    """The changes a save posts: ``[{"kind": "hex"|"hexside"|"line", "hexes": [...], "value": id|null}, ...]``."""
    if not isinstance(body, dict) or not isinstance(body.get("changes"), list):
        raise ValueError('a save is {"token": ..., "changes": [...]}')
    changes = body["changes"]
    if len(changes) > MAX_CHANGES:
        raise ValueError(f"{len(changes):,} changes in one save; at most {MAX_CHANGES:,}")
    out = []
    for i, c in enumerate(changes):
        ok = (isinstance(c, dict) and c.get("kind") in ("hex", "hexside", "line") and isinstance(c.get("hexes"), list)
              and all(isinstance(h, str) for h in c["hexes"]) and (c.get("value") is None or isinstance(c["value"], str)))
        if not ok:
            raise ValueError(f"change {i + 1} is not {{kind: hex|hexside|line, hexes: [labels], value: type id or null}}")
        out.append(store.Change(c["kind"], tuple(c["hexes"]), c.get("value")))
    return out


def session(game_dir: Path, image: Path | None = None, sheet: str | None = None) -> Review:
    """A review of a game folder over ``image`` (default: the fitted grid's image if it is in the
    folder, else the game's own drawn map), placed by the grid ``survey grid`` fitted on it. A game
    printed on several sheets is reviewed one sheet at a time (``sheet``: its letter)."""
    game_dir = Path(game_dir)
    try:
        game = load_game(game_dir)
        chosen = sheet_of(game, sheet, "survey review")
        letter = key(game, chosen)
        grid = read_grid(game_dir, letter)
    except GameDataError as e:
        raise ReviewError(f"the game data in {game_dir} has problems; fix them first: {e.problems[0]}") from None
    except (GridFileError, SheetError) as e:
        raise ReviewError(str(e)) from None
    of, on = (f" of sheet {letter}", f" --sheet {letter}") if letter else ("", "")
    if image is None and grid is not None and (game_dir / grid.image).is_file():
        image = game_dir / grid.image
    if image is None:
        return Review(game_dir, drawn(game, letter), lambda g: drawn_placement(g, letter), letter)
    if grid is None:
        raise ReviewError(f"{game_dir} has no fitted grid{of} for {image}: run `hexforge survey grid {game_dir}{on} "
                          f"--image {image}` first")
    if sha256_of(image) != grid.sha256:
        raise ReviewError(f"{image} is not the image the grid{of} in {game_dir / 'survey.toml'} was fitted on "
                          f"({grid.image}, sha256 {grid.sha256[:12]}...); fit the grid on it with `survey grid{on}`")
    try:
        shown = web_image(image)
    except ImageError as e:
        raise ReviewError(str(e)) from None
    centres = canonical(game, chosen, grid.centres(chosen.convention))
    return Review(game_dir, shown, lambda g: affine_through(g, centres), letter)


class Review:
    """One review session: the game folder, the image, the placement, and the page's token."""

    def __init__(self, game_dir: Path, image: tuple[bytes, str, int, int], place: Callable[[Game], Placement],
                 sheet: str = "") -> None:
        self.game_dir, self.image, self.place, self.sheet = Path(game_dir), image, place, sheet
        self.token = secrets.token_urlsafe(24)
        self.lock = threading.Lock()

    def data(self) -> dict[str, Any]:
        """The page's data as the game folder holds it now (re-read after every save)."""
        game = load_game(self.game_dir)
        out = page_data(game, store.read(self.game_dir), self.place(game), self.image[2], self.image[3], self.sheet)
        out["token"] = self.token
        return out

    def save(self, body: Any) -> dict[str, Any]:
        if not isinstance(body, dict) or not secrets.compare_digest(str(body.get("token", "")), self.token):
            raise PermissionError("this page's token is missing or wrong; reload the review page")
        changes = parse_changes(body)
        with self.lock:
            store.confirm(self.game_dir, changes)
            data = self.data()
        data["saved"] = len(changes)
        return data


def page_html() -> bytes:
    return resources.files("hexforge.survey").joinpath("review.html").read_bytes()


class Handler(BaseHTTPRequestHandler):
    """GET /, /data.json, /image; POST /save. Nothing else."""

    server: ReviewServer

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the terminal shows the URL only
        pass

    def send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)

    def json(self, status: int, value: Any) -> None:
        self.send(status, json.dumps(value, ensure_ascii=False).encode(), "application/json; charset=utf-8")

    def local(self) -> bool:
        """Whether the request names this server by its loopback address (a page of another site that
        re-points its own name at 127.0.0.1, DNS rebinding, sends its own name and is refused)."""
        port = self.server.server_address[1]
        if self.headers.get("Host") in (f"127.0.0.1:{port}", f"localhost:{port}"):
            return True
        self.send(403, b"this page answers only to 127.0.0.1", "text/plain")
        return False

    def do_GET(self) -> None:
        if not self.local():
            return
        review = self.server.review
        path = self.path.split("?", 1)[0]
        if path == "/":
            self.send(200, page_html(), "text/html; charset=utf-8")
        elif path == "/image":
            self.send(200, review.image[0], review.image[1])
        elif path == "/data.json":
            try:
                self.json(200, review.data())
            except (store.StoreError, ValueError, GameDataError) as e:
                self.json(500, {"error": str(e)})
        else:
            self.send(404, b"not found", "text/plain")

    def do_POST(self) -> None:
        if not self.local():
            return
        if self.path != "/save":
            return self.send(404, b"not found", "text/plain")
        size = int(self.headers.get("Content-Length") or 0)
        if size > MAX_BODY:
            return self.json(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, {"error": f"a save of at most {MAX_BODY:,} bytes"})
        try:
            result = self.server.review.save(json.loads(self.rfile.read(size) or b"null"))
        except PermissionError as e:
            return self.json(403, {"error": str(e)})
        except (store.StoreError, ValueError, GameDataError) as e:  # JSONDecodeError is a ValueError
            return self.json(400, {"error": str(e)})
        self.json(200, result)


class ReviewServer(ThreadingHTTPServer):
    """The review page's server on 127.0.0.1 (``port`` 0: any free port)."""

    daemon_threads = True

    def __init__(self, review: Review, port: int = 0) -> None:
        self.review = review
        super().__init__(("127.0.0.1", port), Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"
