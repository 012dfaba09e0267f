"""HTTR supply's passability as arrays (SR 8.0, 8.4.1, 8.6, 13.2.3.1): every (enemy unit, hex one or two
away) pair answered from the unit's ratings and the hex's terrain code, observation asked only where the
two-hex ZOC needs it; what :meth:`HttrSupply.passable` would record is recorded for the hexes a search asked."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import networkx as nx
import numpy as np

from hexforge.maps.graph import Adjacency, terrain_codes, thoroughfare_mask
from hexforge.maps.hexes import Hex
from hexforge.maps.trace import CLOSED, OPEN, UNSURE
from hexforge.rules.httr.sources import number

CORPS_ROADS = frozenset({"primary_road", "secondary_road"})  # 13.2.3.1
NO_ZOC_INTO = frozenset({"forest", "city"})  # 8.4.1
ADJACENT_ZOC_ONLY = frozenset({"woods", "town"})  # 8.4.1
HttrSupply = Any  # rules.httr.supply.HttrSupply, which imports this module

# -- passable() as arrays: the unit/hex pairs of the EZOC (8.0, 8.4.1, 8.6) -------------------

EFFECTIVENESS, UNSURVEYED, TRAVEL, RANGE, OBSERVED = 1, 2, 3, 4, 5  # what a pair's answer records
PENDING = 2  # a pair whose answer is observation (7.0), not asked yet


@dataclass(eq=False)
class _Pairs:
    """Every (enemy unit, hex 1 or 2 away on the map) pair: ``value`` (int8, or ``PENDING``) is
    :meth:`HttrSupply.exerts_zoc` and ``record`` what it records."""

    uids: list[str]
    at: list[Hex]
    unit: np.ndarray
    node: np.ndarray
    far: np.ndarray
    value: np.ndarray
    record: np.ndarray

    @classmethod
    def of(cls, s: HttrSupply, zoc: list[tuple[str, Hex]], adj: Adjacency, at: np.ndarray) -> _Pairs:
        """The pairs of the units ``zoc`` (id, hex; ``at`` their hexes' axial coordinates), each unit's
        18 hexes 1-2 away as a row; pairs that close nothing and record nothing are left out."""
        rings = adj.rings(at, 2)
        tc = terrain_codes(s.game.map.graph())
        kind = np.where(rings >= 0, tc.code[rings], -1)
        no_zoc = np.array([bool(t & NO_ZOC_INTO) for t in tc.kinds] + [False], dtype=bool)[kind]
        adjacent = np.array([bool(t & ADJACENT_ZOC_ONLY) for t in tc.kinds] + [False], dtype=bool)[kind]
        t = _traits(s, zoc)
        live, rng, unsure = t[:, :1] == 1, t[:, 1:2], t[:, 2:3].astype(bool)
        far = (np.arange(rings.shape[1]) >= 6)[None, :]
        ok = live & (kind >= 0) & ~no_zoc
        cases = [  # SR 8.6.1, 8.0, 8.4.1, 8.6.2 in _exerts' order: (pairs, value, record)
            (np.broadcast_to(t[:, :1] == 2, rings.shape), UNSURE, EFFECTIVENESS),
            (live & (kind < 0), UNSURE, UNSURVEYED),
            (ok & ~far & ~unsure, OPEN, 0),
            (ok & ~far & unsure, UNSURE, TRAVEL),
            (ok & far & (rng == 0), UNSURE, RANGE),
            (ok & far & (rng == 2) & ~adjacent, PENDING, 0)]
        which = np.select([c for c, _, _ in cases], range(1, len(cases) + 1), 0)
        value = np.array([CLOSED] + [v for _, v, _ in cases], dtype=np.int8)[which]
        record = np.array([0] + [r for _, _, r in cases], dtype=np.int8)[which]
        keep = (rings >= 0) & (value != CLOSED)
        unit = np.nonzero(keep)[0]
        return cls([u for u, _ in zoc], [h for _, h in zoc], unit, rings[keep], np.broadcast_to(far, rings.shape)[keep],
                   value[keep], record[keep])

    def hexes_with(self, v: int, n: int) -> np.ndarray:
        out = np.zeros(n, dtype=bool)
        out[self.node[self.value == v]] = True
        return out

    def observe(self, s: HttrSupply, where: np.ndarray) -> None:
        """Answer the pending pairs on the hexes of ``where`` by observation (7.0)."""
        hexes = s.game.map.adjacency().hexes
        for p in np.flatnonzero((self.value == PENDING) & where[self.node]).tolist():
            uid = self.uids[self.unit[p]]
            seen = s._observation.observe(self.at[self.unit[p]], hexes[self.node[p]]).visible
            v, rec = (UNSURE, OBSERVED) if seen is None else (OPEN, 0) if seen else (CLOSED, 0)
            if v == OPEN and uid in s.unsure:
                v, rec = UNSURE, TRAVEL
            self.value[p], self.record[p] = v, rec

    def note(self, s: HttrSupply, asked: np.ndarray) -> None:
        """Record what :meth:`HttrSupply.exerts_zoc` records for every pair on a hex of ``asked``."""
        self.observe(s, asked)
        hexes, label = s.game.map.adjacency().hexes, s.game.map.label
        for p in np.flatnonzero((self.record > 0) & asked[self.node]).tolist():
            uid, h, rec = self.uids[self.unit[p]], hexes[self.node[p]], int(self.record[p])
            if rec == UNSURVEYED:
                s.unsurveyed.add(h)
            else:
                s.needs.add({EFFECTIVENESS: f"effectiveness of unit {uid} (units.csv; 8.6.1)",
                             TRAVEL: f"whether {uid} is in Travel Mode or disrupted (8.6.2)",
                             RANGE: f"range of unit {uid} (units.csv; 8.0)",
                             OBSERVED: f"whether {uid} observes {label(h)} (7.0)"}[rec])


def _road_codes(g: nx.Graph) -> np.ndarray:
    """SR 13.2.3.1: ``OPEN`` on the hexsides a primary or secondary road crosses, per CSR position."""
    return np.where(thoroughfare_mask(g, CORPS_ROADS), OPEN, CLOSED).astype(np.int8)


def _traits(s: HttrSupply, zoc: list[tuple[str, Hex]]) -> np.ndarray:
    """The units' ZOC as :meth:`HttrSupply._exerts` reads it, ``(k, 3)``: 0 none / 1 exerts / 2
    effectiveness unknown; 0 range unknown / 1 under two / 2 two or more; 1 when ``unsure``."""
    facts = unit_facts(s.game.units)
    uids = [u for u, _ in zoc]
    out = np.zeros((len(zoc), 3), dtype=np.int8)
    out[:, :2] = facts.ratings[np.fromiter(map(facts.row.__getitem__, uids), dtype=np.int64, count=len(uids))]
    off, unsure = {*s.travel, *s.disrupted, *s.depleted}, set(s.unsure)
    if off or unsure:
        out[np.fromiter((u in off for u in uids), dtype=bool, count=len(uids))] = 0
        out[:, 2] = np.fromiter((u in unsure and u not in off for u in uids), dtype=bool, count=len(uids))
    return out


@dataclass(frozen=True)
class UnitFacts:
    """What the EZOC arrays read of a game's units, worked out once per units table: each unit's
    :func:`_ratings` (``ratings[row[uid]]``), and which units are leaders (who exert no ZOC and block
    nothing, SR 19)."""

    row: dict[str, int]
    ratings: np.ndarray
    leaders: frozenset[str]


_LAST: list[tuple[dict, UnitFacts]] = []  # the last units table asked about, and its facts


def unit_facts(units: dict) -> UnitFacts:
    """:class:`UnitFacts` of ``units`` (the referee asks once per position and the units never change
    during a check, so the last table's facts are kept)."""
    if not _LAST or _LAST[0][0] is not units:
        ratings = [_ratings(u.values.get("effectiveness"), u.values.get("range")) for u in units.values()]
        _LAST[:] = [(units, UnitFacts({uid: i for i, uid in enumerate(units)},
                                      np.array(ratings, dtype=np.int8).reshape(-1, 2),
                                      frozenset(uid for uid, u in units.items() if u.type.lower() == "leader")))]
    return _LAST[0][1]


def _ratings(er: object, rng: object) -> tuple[int, int]:
    """SR 8.6.1 / 8.0 read from a unit's effectiveness and range (cached for plain values)."""
    try:
        return _cached_ratings(er, rng)
    except TypeError:  # an unhashable datum
        return _cached_ratings.__wrapped__(er, rng)


@lru_cache(maxsize=1024)
def _cached_ratings(er: object, rng: object) -> tuple[int, int]:
    if er in (None, "", "-", "none"):
        return 0, 0
    r = 1.0 if rng in (None, "") else number(rng)  # a unit without a printed range has range 1 (SR 6.1.8)
    return (1 if number(er) is not None else 2), (0 if r is None else 1 if r < 2 else 2)


@dataclass(frozen=True, eq=False)
class Passability:
    """:meth:`HttrSupply.passable_codes`: the answer per hex, and what to record for the hexes asked."""

    supply: HttrSupply
    adj: Adjacency
    code: np.ndarray
    asks: np.ndarray
    pairs: _Pairs
    heads: dict[int, tuple[set[str], set[Hex]]]

    def note(self, asked: np.ndarray) -> None:
        """Record in the supply's ``needs`` and ``unsurveyed`` what :meth:`HttrSupply.passable`
        records when asked about the hexes of the bool array ``asked``."""
        self.pairs.note(self.supply, asked & self.asks)
        for i, (needs, unsurveyed) in self.heads.items():
            if asked[i]:
                self.supply.needs.update(needs)
                self.supply.unsurveyed.update(unsurveyed)
