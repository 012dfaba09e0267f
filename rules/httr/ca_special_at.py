"""HTTR special AT fire in close action (SR 10.2.2-10.2.9): an ``at`` declaration while a close action is declared
and not yet rolled is the CA's special AT fire, by infantry and engineers against the other side's AFVs.

Readings: the firers are the units named, or a hex's infantry and engineers of the CA; a German infantry unit's AT
class is medium at printed morale 6 or more, light below (10.2.5), every Allied one light, engineers medium; the
defenders' entrenchment is not in the log, so outside town, forest and city defending infantry's fire is not
checkable (10.2.9).
"""
from __future__ import annotations

from typing import Protocol

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.close_action import CaLog
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.units import is_kind, number
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

COVER = frozenset({"town", "forest", "city"})  # SR 10.2.9 (L565): 'entrenched or in town, forest or city hexes'
MEDIUM_MORALE = 6  # SR 10.2.5 (L556)


class Position(Protocol):
    game: Game
    state: GameState
    ca: CaLog

    def hex(self, label: str | None) -> Hex | None: ...


def firing(p: Position, d: Declaration, pool: list[str]) -> list[str] | None:
    """The declared firers among the CA's units: unit ids, or a hex's infantry and engineers."""
    out: list[str] = []
    for f in d.firers:
        h = p.hex(f)
        if h is not None:
            out += [u for u in p.state.at(h) if u in pool and is_kind(p.game, u, "infantry", "engineer")]
        elif f in pool:
            out.append(f)
        else:
            return None
    return out


def at_class(game: Game, uid: str) -> str | Unknown:
    """SR 10.2.5: engineers medium; German infantry medium at printed morale 6+, else light; Allied light."""
    if is_kind(game, uid, "engineer"):
        return "medium"
    if game.units[uid].side != "german":
        return "light"
    m = number(game, uid, "morale")
    return m if isinstance(m, Unknown) else "medium" if m >= MEDIUM_MORALE else "light"


@rule("HTTR SR 10.2.2-10.2.9", "CA-17", "special AT fire in CA: by infantry and engineers at the other side's AFVs; "
      "infantry only defending (entrenched or in town, forest, city), defending engineers only with excess infantry; "
      "one AT class per fire")
def judge_special_at(p: Position, d: Declaration) -> list[Verdict]:
    src, target, attackers = p.ca.pending
    defenders = list(mem.stack(p.state, target))
    units = firing(p, d, [*attackers, *defenders])
    if not units:
        return [Illegal("HTTR SR 10.2.2", f"{', '.join(d.firers)}: special AT fire in CA is by the CA's infantry and "
                        "engineers")]
    defending = units[0] in defenders
    if any((u in defenders) != defending for u in units):
        return [Illegal("HTTR SR 10.2.4", "each side's special AT fire is its own event")]
    enemy = attackers if defending else defenders
    if not any(is_kind(p.game, u, "afv") for u in enemy):
        return [Illegal("HTTR SR 10.2.2", "special AT fire in CA is only against enemy AFVs")]
    classes = [at_class(p.game, u) for u in units]
    unknown = next((c for c in classes if isinstance(c, Unknown)), None)
    if unknown is not None:
        return [NotCheckable(unknown.needs + " (the AT class of infantry, SR 10.2.5)")]
    if len(set(classes)) > 1:
        return [Illegal("HTTR SR 10.2.3", "medium and light AT capability units fire as separate events")]
    return [check_side(p, units, defending, target, enemy, defenders)]


def check_side(p: Position, units: list[str], defending: bool, target: Hex, enemy, defenders: list[str]) -> Verdict:
    """SR 10.2.2, 10.2.7, 10.2.9: who of each side may fire."""
    infantry = [u for u in units if is_kind(p.game, u, "infantry")]
    if infantry and not defending:
        return Illegal("HTTR SR 10.2.2", f"{', '.join(infantry)} attack: infantry's special AT fire is defensive only")
    if defending and infantry:
        kinds = p.game.map.terrain.of(target)
        if kinds is None:
            return NotCheckable(f"terrain of hex {p.game.map.labels[target]} (unsurveyed; SR 10.2.9)")
        if not kinds & COVER:
            return NotCheckable(f"whether the defenders in {p.game.map.labels[target]} are entrenched (SR 10.2.9: "
                                "else no infantry AT fire outside town, forest or city)")
    if defending and any(is_kind(p.game, u, "engineer") for u in units):
        own, theirs = infantry_sp(p.game, defenders), infantry_sp(p.game, enemy)
        for v in (own, theirs):
            if isinstance(v, Unknown):
                return NotCheckable(v.needs)
        if own <= theirs:
            return Illegal("HTTR SR 10.2.7", f"defending engineers fire AT only with an excess of infantry SP "
                           f"({own:g} against {theirs:g})")
    return Legal(detail="special AT fire in close action (SR 10.2)")


def infantry_sp(game: Game, units) -> float | Unknown:
    total = 0.0
    for u in units:
        if is_kind(game, u, "infantry"):
            s = number(game, u, "strength")
            if isinstance(s, Unknown):
                return s
            total += s
    return total
