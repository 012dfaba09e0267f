"""HTTR communication for observed indirect fire (SR 6.5.2, 7.4, 17.5): which HQ may control which artillery,
which unit may spot for it, and the line of communication (LOC) from the spotter to the controlling HQ. Called by
``fire.judge_fire`` for an ``if`` declaration that names a spotter.

Readings:

- the HQs that may control an artillery unit (6.5.2.2) are those above it and those below its own HQ (the
  rule's example, L304: the 43rd Division's artillery by the division, the corps or the division's brigades);
- the spotter is subordinate to the controlling HQ (6.5.2.3) and in the chain of the artillery's own HQ (17.5.2-
  17.5.4: a division's, regiment's or battalion's units observe for its artillery); an HQ may spot for itself;
- 7.4.1 a) and b) by the rule's note ("if three of the hexes in (b) are city and/or forest, the LOC falls under
  (a)"): a LOC crossing three or more city/forest hexes is judged by a) alone (at most 3 of them, town and woods
  not counted), one crossing fewer by b) (at most 4 city/forest/town/woods hexes); so 4 forest hexes fail;
- scenario communication (ScR 4.4) comes from the game data: ``[special.corps_artillery]`` (side, size and
  limit of the HQs that control any artillery of their side and talk to any of its spotters, 4.4.2) and
  ``[special.airborne]`` (the formations whose units are airborne, 4.4.5-4.4.6); a unit is of a formation when
  the formation is on its chain (``units.csv`` formation, followed through the HQs);
- a LOC "traverses" every hex its centre-to-centre line touches beyond a vertex, as a LOS does (7.1.3); the
  spotter's hex does not count, the HQ's does (7.4.3).
"""
from __future__ import annotations

from typing import Protocol

from hexforge.games.game import Game
from hexforge.games.values import UNKNOWN
from hexforge.maps.hexes import Hex
from hexforge.maps.los import touched
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.units import formation_chain, formation_hq, is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

LOC_LIMIT = 36  # SR 7.4.2 (L427)
DENSE = frozenset({"city", "forest"})  # SR 7.4.1 a) (L422)
COVER = DENSE | {"town", "woods"}  # SR 7.4.1 b) (L423)
HILLTOP = "hilltop"  # SR 7.4.1 c), d) (L424-L425)


CORPS = "corps_artillery"  # game.toml [special.corps_artillery]: side, size, limit (ScR 4.4.2)
AIRBORNE = "airborne"  # game.toml [special.airborne]: formations (ScR 4.4.5-4.4.6)


class Position(Board, Protocol):
    fire: FireLog


def communication(p: Position, d: Declaration, units: list[str]) -> list[Verdict]:
    """The chain (6.5.2.1-6.5.2.3, 17.5.2-17.5.4) and the LOC (7.4) of an observed IF declaration."""
    if d.spotter is None or d.spotter not in p.game.units:
        return []
    guns = [u for u in units if is_kind(p.game, u, "artillery", "spa")]
    out = [check_chain(p, d, u) for u in units] + [check_airborne(p, d.spotter, u) for u in guns]
    if guns and corps_hq(p.game, d.hq):
        out.append(check_corps_limit(p, d.hq, guns))
    if d.hq is not None and d.hq in p.game.units and any(is_kind(p.game, u, "artillery", "spa") for u in units):
        out.append(check_loc(p, d.spotter, d.hq))
    return out


def _parent(game: Game, uid: str) -> str | None:
    chain = formation_chain(game, uid)
    return chain[0] if chain else None


@rule("HTTR SR 6.5.2.1-6.5.2.3 / 17.5.2-17.5.4 / 6.6.6.1", "IF-8",
      "the controlling HQ is above the artillery or below its HQ; the spotter is subordinate to the controlling HQ "
      "and to the artillery's HQ; an HW unit's spotter is a company of its battalion")
def check_chain(p: Position, d: Declaration, u: str) -> Verdict:
    s, g = d.spotter, p.game
    missing = [x for x in (u, s) if _parent(g, x) is None and is_kind(g, x, "hq") is not True]
    if missing:
        return NotCheckable(f"the HQ of unit {missing[0]} (units.csv formation: the Formation Displays' "
                            "subordination)")
    if is_kind(g, u, "hw"):
        if _parent(g, s) != _parent(g, u):
            return Illegal("HTTR SR 6.5.2.1", f"{s} spots for the HW unit {u} but is not of its battalion "
                           f"({_parent(g, u)}): an HW unit's spotter is a company of its own battalion")
        return Legal()
    if not is_kind(g, u, "artillery", "spa"):
        return Legal()
    hq, own = d.hq, _parent(g, u)
    if hq is None or hq not in g.units:
        return NotCheckable(f"the controlling HQ of {u}'s IF (declare it: if ... spotter {s} hq UNIT)")
    if corps_hq(g, hq) and g.units[hq].side == g.units[u].side == g.units[s].side:
        return Legal(detail=f"{hq} controls any artillery of its side and talks to any of its spotters (ScR 4.4.2)")
    if hq not in formation_chain(g, u) and own not in formation_chain(g, hq):
        return Illegal("HTTR SR 6.5.2.2", f"{hq} may not control {u}: a controlling HQ is one {u} is subordinate "
                       f"to, or one subordinate to its HQ {own}")
    if s != hq and hq not in formation_chain(g, s):
        return Illegal("HTTR SR 6.5.2.3", f"spotter {s} is not subordinate to the controlling HQ {hq}")
    if s != own and own not in formation_chain(g, s):
        return Illegal("HTTR SR 17.5.2", f"spotter {s} is not in the chain of {u}'s HQ {own}: only its units "
                       "observe for it")
    return Legal()


def loc_hexes(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a LOC from ``a`` (the spotter) to ``b`` (the HQ) traverses, the HQ's hex included (7.4.3)."""
    return [t.hex for t in touched(a, b) if t.kind != "vertex" and t.hex not in (a, b)] + [b]


@rule("HTTR SR 7.4.1-7.4.3", "IF-10/IF-11", "the spotter's LOC to the controlling HQ is at most 36 hexes and "
      "traverses at most 3 city/forest or 4 city/forest/town/woods hexes (4 city/forest from a hilltop; any "
      "between two hilltops with no hilltop between)")
def check_loc(p: Position, spotter: str, hq: str) -> Verdict:
    a, b = p.state.where(spotter), p.state.where(hq)
    if a is None or b is None:
        return NotCheckable(f"where spotter {spotter} and HQ {hq} stand")
    if a.distance(b) > LOC_LIMIT:
        return Illegal("HTTR SR 7.4.2", f"the LOC from spotter {spotter} to HQ {hq} is {a.distance(b)} hexes: at most "
                       f"{LOC_LIMIT}")
    terrain = p.game.map.terrain
    kinds = {h: terrain.of(h) for h in loc_hexes(a, b)}
    here = terrain.of(a)
    unknown = [h for h, k in kinds.items() if k is None] + ([a] if here is None else [])
    if unknown:
        return NotCheckable(f"terrain of hex {p.game.map.labels.get(unknown[0], unknown[0])} (unsurveyed: the LOC "
                            "counts city, forest, town and woods hexes, SR 7.4.1)")
    on_hill = HILLTOP in here
    if on_hill and HILLTOP in kinds[b] and not any(HILLTOP in k for h, k in kinds.items() if h != b):
        return Legal(detail="spotter and HQ on hilltops, no hilltop between (SR 7.4.1 d)")
    dense = sum(1 for k in kinds.values() if k & DENSE)
    cover = sum(1 for k in kinds.values() if k & COVER)
    if on_hill and dense <= 4:
        return Legal(detail=f"from a hilltop across {dense} city/forest hexes (SR 7.4.1 c)")
    if dense > 3 or dense < 3 and cover > 4:
        return Illegal("HTTR SR 7.4.1", f"the LOC from spotter {spotter} to HQ {hq} traverses {dense} city/forest and "
                       f"{cover} city/forest/town/woods hexes: at most 3 city/forest (a, which governs from three on) or 4 "
                       "city/forest/town/woods (b)")
    return Legal()


def _special(game: Game, key: str) -> dict:
    got = game.special(key)
    return got if isinstance(got, dict) else {}


def corps_hq(game: Game, hq: str | None) -> bool:
    """ScR 4.4.2: an HQ of the side and size the data's [special.corps_artillery] names."""
    cfg = _special(game, CORPS)
    return hq in game.units and bool(cfg) and game.units[hq].side == cfg.get("side") and \
        game.units[hq].size.strip().lower() == str(cfg.get("size", "")).lower()


def formations_of(game: Game, uid: str) -> list[str]:
    """Every formation above the unit: the formation names its chain writes, each HQ they resolve to
    (``units.formation_hq``), and the last formation named that is no known HQ."""
    out: list[str] = []
    f = game.units[uid].formation
    while f and f not in out:
        out.append(f)
        hq = formation_hq(game, f)
        out += [hq] if hq is not None and hq not in out else []
        f = game.units[hq].formation if hq is not None else ""
    return out


@rule("HTTR ScR 4.4.2 / 4.4.5-4.4.6", "IF-14", "a German corps HQ controls at most nine artillery units; airborne "
      "units may spot for other artillery, other units never for airborne artillery")
def check_airborne(p: Position, spotter: str, gun: str) -> Verdict:
    cfg = _special(p.game, AIRBORNE)
    if not cfg:
        return NotCheckable("which units are airborne (game.toml [special.airborne] formations, ScR 4.4.5-4.4.6)")
    airborne = set(cfg.get("formations", ()))
    vague = next((u for u in (gun, spotter) if not formations_of(p.game, u) or UNKNOWN in formations_of(p.game, u)),
                 None)
    if vague is not None:
        return NotCheckable(f"the formation of unit {vague} (units.csv formation: whether it is airborne, ScR "
                            "4.4.5-4.4.6)")
    gun_air, eye_air = (bool(airborne & {u, *formations_of(p.game, u)}) for u in (gun, spotter))
    if gun_air and not eye_air:
        return Illegal("HTTR ScR 4.4.6", f"{spotter} is not airborne and may not observe for the airborne artillery "
                       f"unit {gun}")
    return Legal()


def check_corps_limit(p: Position, hq: str, guns: list[str]) -> Verdict:
    """ScR 4.4.2: the distinct artillery units the corps HQ controls this phase (see ``check_airborne``'s rule)."""
    limit = int(_special(p.game, CORPS).get("limit", 0))
    done = p.fire.controlled.setdefault(hq, set())
    done.update(guns)
    if len(done) > limit:
        return Illegal("HTTR ScR 4.4.2", f"{hq} controls {len(done)} artillery units this phase: at most {limit}")
    return Legal()
