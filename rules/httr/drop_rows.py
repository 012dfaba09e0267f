"""Which units are airborne and which reinforcement rows are drop groups (ScR 6.2, 12.5-12.6): shared by the air
landing rules (rules/httr/landings.py) and the reinforcement schedule (rules/httr/schedule.py), which both import it
and which it imports neither of.

A unit is airborne when a Pathfinder marker (game.toml ``[[markers]]`` id ``pathfinder``/``pathfinder-...``) belongs
to its regiment or division, or when it is of a formation the data's ``[special.airborne]`` names. A scenario's
``[[reinforcements]]`` row is a *ground* row when its entry is a map hex, edge or arrival code (ScR 12.1-12.4): its
units enter the map as ground reinforcements (12.4.3), in any of their modes (12.01), even when airborne (ScR 17.3's
327/101 at C2411). A row with no map entry is a *drop group* (landing by the air landing routine, 12.5) when its
known units are all Allied airborne, or, its units unknown, when the scenario's ``[special_rules] drop_groups`` lists
its ``what``.
"""
from __future__ import annotations

from typing import Any, Protocol

from hexforge.games.arrival_codes import arrival_code
from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.indirect import AIRBORNE, formations_of
from hexforge.rules.httr.units import division, formation_chain, formation_hq

PATHFINDER_DATA = "the regiment each Pathfinder marker belongs to (game.toml [[markers]] formation, ScR 6.2.1)"
DROPS = "drop_groups"  # a scenario's [special_rules]: the 'what' of its [[reinforcements]] rows that are drop groups


class Position(Board, Protocol):
    rules: Any  # rules.system.RulesSystem: its ``scenario``


def pathfinders(game: Game) -> list:
    """The game's Pathfinder markers (game.toml ``[[markers]]`` id ``pathfinder`` or ``pathfinder-...``)."""
    return [m for m in game.info.markers or () if m.id == "pathfinder" or m.id.startswith("pathfinder-")]


def marker_owner(game: Game, formation: str | None) -> str | None:
    """The HQ unit a Pathfinder marker's ``formation`` names (ScR 6.2.1): an HQ id, or a formation name as units.csv's
    formation column writes it, resolved by ``units.formation_hq`` (game.toml ``[special.formation_hqs]``); None
    when it names none, or a name no HQ is known for."""
    return formation_hq(game, formation) if formation else None


def pathfinder_needs(game: Game) -> str:
    """What the data lacks to tell whose each Pathfinder marker is (ScR 6.2.1)."""
    names = sorted({m.formation for m in pathfinders(game) if m.formation and marker_owner(game, m.formation) is None})
    if not names:
        return PATHFINDER_DATA
    return (f"the HQ unit of the formation{'s' if len(names) > 1 else ''} {', '.join(map(repr, names))} a Pathfinder "
            "marker names (game.toml [special.formation_hqs], ScR 6.2.1)")


def drop_formations(game: Game, uid: str) -> set[str] | None:
    """The HQs whose Pathfinder markers the unit may drop by (its regiment's; a division asset's: its division's
    and its regiments'), each marker's by :func:`marker_owner`; an empty set for a unit that is not airborne; None
    when a marker whose HQ is not known may be the unit's (:func:`pathfinder_needs`)."""
    marks = pathfinders(game)
    if not marks:
        return set()
    owners = {marker_owner(game, m.formation) for m in marks}
    chain = [uid] + formation_chain(game, uid)
    regiment = next((h for h in chain if game.units[h].size.strip().lower() == "regiment"), None)
    if regiment is not None and regiment in owners:
        return {regiment}  # one marker per regiment (ScR 6.2.1): any other is another regiment's
    if None in owners:
        return None
    if regiment is not None:
        return set()
    div = division(game, uid)
    return {o for o in owners if o == div or (o in game.units and division(game, o) == div)} if div else set()


def airborne_listed(game: Game, uid: str) -> bool | Unknown | None:
    """Is the unit of a formation the data's ``[special.airborne]`` names (None: the data names none)? Unknown when
    its formation chain stops at a name no HQ is known for (game.toml ``[special.formation_hqs]``) and it is of a
    side the airborne formations' units are of: that HQ may be an airborne division's (the British '2/1P')."""
    formations = set((game.special(AIRBORNE) or {}).get("formations") or ())
    if not formations:
        return None
    names = formations_of(game, uid)
    if formations & {uid, *names}:
        return True
    top = names[-1] if names else None
    if top is None or top in game.units or formation_hq(game, top) is not None:
        return False
    sides = {u.side for k, u in game.units.items() if formations & {k, *formations_of(game, k)}}
    if game.units[uid].side not in sides:
        return False
    return Unknown(f"the HQ of formation {top!r} above unit {uid} (game.toml [special.formation_hqs]): whether it "
                   "is of an airborne division ([special.airborne] formations, ScR 6.2)")


def airborne(game: Game, uid: str) -> bool:
    """Is the unit airborne, by a Pathfinder marker or the data's airborne formations (not when either is unknown)?"""
    return bool(drop_formations(game, uid)) or airborne_listed(game, uid) is True


def rows(p: Position) -> list:
    """The scenario's ``[[reinforcements]]`` rows (none without a scenario)."""
    sc = p.game.scenarios.get(p.rules.scenario or "")
    return list(sc.reinforcements or []) if sc is not None else []


def ground(r) -> bool:
    """Does the row enter by a map hex, edge or arrival code (ScR 12.1-12.4), not by the air landing routine (12.5)?"""
    entry = r.entry.resolved if r.entry is not None else None
    return isinstance(entry, list) or (isinstance(entry, str) and entry != "unknown")


def drop_group(p: Position, r) -> bool | None:
    """Is the row one of the scenario's drop groups, which ScR 12.6 binds (None: the data does not say)?"""
    if ground(r):
        return False
    if isinstance(r.units, list):
        units = [u for u in r.units if u in p.game.units]
        return bool(units) and p.state.side(units[0]) != "german" and all(airborne(p.game, u) for u in units)
    sc = p.game.scenarios.get(p.rules.scenario or "")
    listed = plain((sc.special_rules or {}).get(DROPS)) if sc is not None else None
    return r.what in listed if isinstance(listed, list) else None


def ground_row(p: Position, uid: str) -> Any | None:
    """The scenario's ground row listing ``uid`` (its entry by the map, ScR 12.4.3), if any."""
    return next((r for r in rows(p) if isinstance(r.units, list) and uid in r.units and ground(r)), None)


def entry_hexes(p: Position, r) -> frozenset[Hex] | None:
    """The hexes of a ground row's entry: its hexes, its arrival code's hex or edge, or its map edge (terrain.toml
    ``[[edges]]``); None when the data does not give them."""
    entry = r.entry.resolved if r.entry is not None else None
    edges = p.game.map.terrain.edges
    code = arrival_code(entry) if isinstance(entry, str) and entry not in edges else None
    if code is not None:
        entry = code.edge or [code.hex]
    if isinstance(entry, list):
        return frozenset(h for h in (p.hex(str(x)) for x in entry) if h is not None)
    return edges.get(entry) if isinstance(entry, str) else None


def unlisted_ground_rows(p: Position, uid: str, h: Hex) -> list:
    """The ground rows of units the data does not give whose entry holds ``h``, or may (an edge of unknown hexes and
    ``h`` on the map's border), when no row lists ``uid``: ``uid`` may be one of their units, entering on the ground
    (ScR 12.4.3)."""
    if any(isinstance(r.units, list) and uid in r.units for r in rows(p)):
        return []
    out = []
    for r in rows(p):
        hexes = entry_hexes(p, r) if not isinstance(r.units, list) and ground(r) else frozenset()
        if h in (hexes or ()) or (hexes is None and on_border(p, h)):
            out.append(r)
    return out


def on_border(p: Position, h: Hex) -> bool:
    """Is ``h`` a map edge hex (one of its neighbours off the map), where an edge of unknown hexes may run?"""
    return any(n not in p.game.map.labels for n in h.neighbours())
