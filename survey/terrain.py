"""``hexforge survey terrain``: every hex's terrain, every hexside's feature and every road, trail or
railway between hex centres, read from a map image on its fitted grid, from a few samples per type
(or the map key's swatches), each with a confidence that puts the likely-wrong first.
"""
from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image

from hexforge.games import Game
from hexforge.games.files import BadFile, read_text
from hexforge.games.survey_data import NONE
from hexforge.survey import lines, routes
from hexforge.survey.classify import classify
from hexforge.survey.features import (band, box_points, hex_features, hexside_segments, interior, lab,
                                      region_features, sample, smooth, spoke_angle)
from hexforge.survey.store import Call, Pair, Survey, pair

MAX_SAMPLES = 20  # per type; three are enough on the synthetic scans
DOUBT = 0.9  # a pair judged to have no line below this confidence is stored as "none", for review
LIGHT_FREE = [3, 4, 5, 6, 7, 8, 9]  # of HEX_FEATURES: chroma and texture (no lightness, no spread)
KEY_HEXES = 8  # map hexes a key swatch names as samples of its type
ALONE = 3.0  # margin a road, trail or railway that meets no other of its kind needs
Box = tuple[int, int, int, int]


class SamplesError(ValueError):
    """A samples file that cannot be used; the message names the file, the place and what is valid."""


@dataclass
class Samples:
    """Hexes known per hex terrain type, hex pairs known per hexside feature and per line kind (an
    empty list: none on this map), and map-key swatch boxes per hex terrain type."""

    hexes: dict[str, list[str]] = field(default_factory=dict)
    hexsides: dict[str, list[Pair]] = field(default_factory=dict)
    lines: dict[str, list[Pair]] = field(default_factory=dict)
    key: dict[str, Box] = field(default_factory=dict)


def read_samples(path: Path, game: Game) -> Samples:
    """A samples file: ``woods = ["0507", "1203"]`` per hex type, ``river = [["0507", "0508"]]`` per
    hexside feature or line kind (``[]``: none on this map)."""
    try:
        raw = tomllib.loads(read_text(path))
    except (BadFile, OSError, tomllib.TOMLDecodeError) as e:
        raise SamplesError(f"{path}: cannot read it as TOML ({e})") from None
    kinds = {t.id: t.kind for t in game.map.terrain.types.values()}
    out = Samples()
    for type_id, value in raw.items():
        kind = kinds.get(type_id)
        if kind is None:
            raise SamplesError(f"{path}: {type_id!r} is not a terrain type of the game "
                               f"(valid: {', '.join(sorted(kinds))})")
        if not isinstance(value, list) or len(value) > MAX_SAMPLES:
            raise SamplesError(f"{path}: {type_id} must be a list of at most {MAX_SAMPLES} samples")
        if kind == "hex":
            out.hexes[type_id] = [_label(path, type_id, h, game) for h in value]
        else:
            target = out.hexsides if kind == "hexside" else out.lines
            target[type_id] = [_pair(path, type_id, p, game) for p in value]
    return out


def read_key(path: Path, game: Game, samples: Samples) -> Samples:
    """A map key file: ``woods = [x0, y0, x1, y1]``, the pixel box of each hex type's swatch on the image."""
    try:
        raw = tomllib.loads(read_text(path))
    except (BadFile, OSError, tomllib.TOMLDecodeError) as e:
        raise SamplesError(f"{path}: cannot read it as TOML ({e})") from None
    kinds = {t.id: t.kind for t in game.map.terrain.types.values()}
    for type_id, box in raw.items():
        if kinds.get(type_id) != "hex":
            valid = ", ".join(sorted(k for k, v in kinds.items() if v == "hex"))
            raise SamplesError(f"{path}: {type_id!r} is not a hex terrain type of the game (valid: {valid})")
        if not (isinstance(box, list) and len(box) == 4 and all(isinstance(v, int) for v in box)
                and box[2] - box[0] >= 4 and box[3] - box[1] >= 4):
            raise SamplesError(f"{path}: {type_id} must be a pixel box [x0, y0, x1, y1] inside its swatch, "
                               "at least 4 px each way")
        samples.key[type_id] = (box[0], box[1], box[2], box[3])
    return samples


def check_samples(samples: Samples, game: Game, centres: dict[str, tuple[float, float]],
                  size: tuple[int, int]) -> list[str]:
    """Refuse samples the survey cannot use; the hex types it will not look for (no samples)."""
    kinds = {t.id: t.kind for t in game.map.terrain.types.values()}
    unnamed = sorted(k for k, v in kinds.items() if v != "hex" and k not in samples.hexsides | samples.lines)
    if unnamed:
        raise SamplesError(f"no samples name {', '.join(unnamed)}: the survey would record their absence "
                           "as surveyed; give sample hex pairs, or an empty list (e.g. canal = []) to say the "
                           "map has none")
    for type_id, hexes in samples.hexes.items():
        for h in hexes:
            if h not in centres:
                raise SamplesError(f"sample {h} of {type_id} is not on the image (its centre lies outside it)")
    for type_id, box in samples.key.items():
        if box[0] < 0 or box[1] < 0 or box[2] > size[0] or box[3] > size[1]:
            raise SamplesError(f"the key box of {type_id}, {list(box)}, is not inside the {size[0]}x{size[1]} image")
    hex_types = sorted(k for k, v in kinds.items() if v == "hex")
    return [t for t in hex_types if not samples.hexes.get(t) and t not in samples.key]


def _label(path: Path, type_id: str, h: object, game: Game) -> str:
    if not isinstance(h, str) or h not in game.map.index:
        raise SamplesError(f"{path}: {type_id}: {h!r} is not a hex of the map ({game.map.describe_labels()})")
    return game.map.label(game.map.index[h])  # a hex on a sheet overlap by the label the survey stores it under


def _pair(path: Path, type_id: str, p: object, game: Game) -> Pair:
    if not (isinstance(p, list) and len(p) == 2):
        raise SamplesError(f"{path}: {type_id}: {p!r} must be a pair of adjacent hexes, like [\"0507\", \"0508\"]")
    a, b = (_label(path, type_id, h, game) for h in p)
    if game.map.hex(a).distance(game.map.hex(b)) != 1:
        raise SamplesError(f"{path}: {type_id}: {a} and {b} are not adjacent")
    return pair(a, b)


def adjacent_pairs(game: Game, labels: Iterable[str]) -> list[Pair]:
    """Every pair of adjacent hexes among ``labels``, sorted."""
    have = set(labels)
    out = set()
    for label in have:
        h = game.map.hex(label)
        for nb in h.neighbours():
            if nb in game.map and game.map.label(nb) in have:
                out.add(pair(label, game.map.label(nb)))
    return sorted(out)


def survey_terrain(image: Image.Image, centres: dict[str, tuple[float, float]], pairs: list[Pair],
                   samples: Samples, source: str) -> Survey:
    """Classify every hex of ``centres`` (pixel centres on ``image``) and every pair of ``pairs``."""
    labels = sorted(centres)
    index = {k: i for i, k in enumerate(labels)}
    xy = np.array([centres[k] for k in labels], dtype=np.float64)
    ia = np.array([index[a] for a, _ in pairs], dtype=np.int64)
    ib = np.array([index[b] for _, b in pairs], dtype=np.int64)
    spacing = float(np.median(np.linalg.norm(xy[ia] - xy[ib], axis=1)))
    spoke = spoke_angle(xy[ia], xy[ib])
    image_lab = lab(image)
    out = Survey()
    out.hexes = _hexes(image_lab, labels, xy, spacing, spoke, samples, source)
    inner = sample(smooth(image_lab, 0.7), xy[:, None, :] + interior(spacing, spoke)[None])
    ends = np.stack([ia, ib], axis=1)
    rng = np.random.default_rng(0)
    soft = smooth(image_lab, 0.7)
    if samples.hexsides and pairs:
        b = lines.Bands(_side_bands(soft, xy[ia], xy[ib], spacing), inner, ends)
        out.hexsides = _sides(b, samples.hexsides, pairs, rng, source)
    if samples.lines and pairs:
        groups = _groups(out.hexes, pairs, xy[ib] - xy[ia], spoke)
        out.lines = _routes(_line_bands(soft, xy[ia], xy[ib], spacing), samples.lines, pairs, ends, groups,
                            source)
    return out


def _hexes(image_lab: np.ndarray, labels: list[str], xy: np.ndarray, spacing: float, spoke: float,
           samples: Samples, source: str) -> dict[str, Call]:
    types = sorted(set(samples.hexes) | set(samples.key))
    if not types:
        return {}
    soft = smooth(image_lab, 0.6)
    feats = hex_features(soft, xy, spacing, spoke)
    index = {k: i for i, k in enumerate(labels)}
    given: dict[int, list[int]] = {t: [index[h] for h in samples.hexes.get(name, []) if h in index]
                                   for t, name in enumerate(types)}
    scale = np.median(np.abs(feats - np.median(feats, axis=0)), axis=0) + 1e-3
    for t, name in enumerate(types):
        if name in samples.key and not given[t]:
            # a swatch lies off the map, in other light: it names the map hexes most like it in chroma
            # and texture (uneven lighting moves lightness; a hex's number and lines widen its spread)
            swatch = region_features(soft, box_points(samples.key[name]))[0]
            far = np.abs((feats - swatch) / scale)[:, LIGHT_FREE].sum(axis=1)
            given[t] = [int(i) for i in np.argsort(far)[:KEY_HEXES]]
    given = {t: v for t, v in given.items() if v}
    if samples.key:  # samples near the key share its light: leave lightness out altogether
        feats = feats[:, LIGHT_FREE]
    label, conf = classify(feats, xy, given)
    return {k: Call(types[label[i]], round(float(conf[i]), 3), False, source) for i, k in enumerate(labels)}


def _side_bands(image_lab: np.ndarray, a: np.ndarray, b: np.ndarray, spacing: float) -> np.ndarray:
    """Along the hexside, its middle 70% (the corners are shared with other hexsides), and across it
    0.22 of its length each way (a river bulges off the straight side)."""
    p0, p1 = hexside_segments(a, b)
    side = spacing / np.sqrt(3.0)
    half = max(round(0.22 * side), 2)
    bins = max(int(0.7 * side), 6)
    return sample(image_lab, band(p0, p1, np.linspace(0.15, 0.85, bins), np.arange(-half, half + 1.0)).points)


def _line_bands(image_lab: np.ndarray, a: np.ndarray, b: np.ndarray, spacing: float) -> np.ndarray:
    """From 0.2 to 0.8 of the way between the centres (clear of the hexes' middles, where lines meet),
    and a few pixels across (a line is straight; the fitted grid is within about 1.5 px)."""
    half = max(round(0.16 * spacing), 6)
    bins = max(int(0.6 * spacing), 6)
    return sample(image_lab, band(a, b, np.linspace(0.2, 0.8, bins), np.arange(-half, half + 1.0)).points)


def _sides(b: lines.Bands, kinds: dict[str, list[Pair]], pairs: list[Pair], rng: np.random.Generator,
           source: str) -> dict[Pair, Call]:
    where = {p: i for i, p in enumerate(pairs)}
    learned = []
    for name in sorted(kinds):
        idx = [where[p] for p in kinds[name] if p in where]
        if idx:
            learned.append(lines.learn(b, name, idx, rng))
    found, conf = lines.decide(b, learned)
    out = {}
    for i, p in enumerate(pairs):
        if found[i] >= 0 or conf[i] < DOUBT:
            name = learned[found[i]].name if found[i] >= 0 else NONE
            out[p] = Call(name, round(float(conf[i]), 3), False, source)
    return out



def _groups(hexes: dict[str, Call], pairs: list[Pair], d: np.ndarray, spoke: float) -> np.ndarray:
    """(n, PARTS) group numbers of each pair's parts: the part's hex terrain (as surveyed), the
    direction from that hex (one of six) and how far along from its centre."""
    out = np.rint((np.arctan2(d[:, 1], d[:, 0]) - spoke) / (np.pi / 3)).astype(np.int64) % 6
    per = routes.PARTS // 2
    keys = []
    for (a, b), k in zip(pairs, out):
        ta, tb = (hexes[h].value if h in hexes else "" for h in (a, b))
        keys += [(ta, int(k), j) for j in range(per)] + [(tb, int((k + 3) % 6), per - 1 - j) for j in range(per)]
    index = {k: i for i, k in enumerate(sorted(set(keys)))}
    return np.array([index[k] for k in keys], dtype=np.int64).reshape(len(pairs), routes.PARTS)


def _routes(values: np.ndarray, kinds: dict[str, list[Pair]], pairs: list[Pair], ends: np.ndarray,
            groups: np.ndarray, source: str) -> dict[Pair, Call]:
    where = {p: i for i, p in enumerate(pairs)}
    names = [k for k in sorted(kinds) if any(p in where for p in kinds[k])]
    given = {i: [where[p] for p in kinds[k] if p in where] for i, k in enumerate(names)}
    if not given:
        return {}
    contrast, ground = routes.descriptors(routes.profiles(values))
    found, gap = routes.classify(contrast, ground, given, groups)
    found, conf = routes.connected(found, gap, ends, ALONE)
    out = {}
    for i, p in enumerate(pairs):
        if found[i] >= 0 or conf[i] < DOUBT:
            out[p] = Call(names[found[i]] if found[i] >= 0 else NONE, round(float(conf[i]), 3), False, source)
    return out
