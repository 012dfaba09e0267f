"""Retreat path legality, displacement and advance along the path of retreat (F&M 8.3-8.5); ``book``
is the citation tag of the game's rules (its system's ``book``)."""
from __future__ import annotations


from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.zoc import in_ezoc
from hexforge.rules.registry import rule
from hexforge.rules.fm.system import Blocked, FireAndMovement
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


def blocked(rules: FireAndMovement, state: GameState, uid: str, a: Hex, b: Hex) -> Blocked | Unknown | None:
    """Why a retreat step ``a -> b`` is forbidden, or ``None`` when it is allowed.
    F&M 8.3: never off the map, into an enemy-occupied hex or an EZOC hex (friendly units and
    friendly ZOC do not negate it), nor into prohibited terrain; the game's own terrain rules
    (``rules.retreat_blocked``) cite themselves."""
    side = state.side(uid)
    name = rules.map.labels.get
    rule = f"{rules.book} 8.3"
    if a.distance(b) != 1:
        return Blocked(rule, f"to {name(b, '?')}, which is not adjacent to {name(a, '?')}")
    if not rules.on_map(b):
        return Blocked(rule, "off the map")
    if any(state.side(u) != side for u in state.at(b)):
        return Blocked(rule, f"into enemy-occupied {name(b)}")
    if in_ezoc(rules, state, b, side, ignore=uid):
        return Blocked(rule, f"into {name(b)}, in an enemy ZOC")
    return rules.retreat_blocked(state, uid, a, b)


def legal_retreats(rules: FireAndMovement, state: GameState, uid: str, origin: Hex, n: int,
                   vacant_only: bool) -> list[tuple[Hex, ...]]:
    """Every retreat path of up to ``n`` hexes, each step further from ``origin`` (F&M 8.3 'away')."""
    out: list[tuple[Hex, ...]] = []
    frontier: list[tuple[Hex, ...]] = [(origin,)]
    side = state.side(uid)
    for _ in range(n):
        nxt = []
        for path in frontier:
            for b in path[-1].neighbours():
                if b.distance(origin) != len(path) or isinstance(blocked(rules, state, uid, path[-1], b), (Blocked, Unknown)):
                    continue
                if vacant_only and any(u != uid and state.side(u) == side for u in state.at(b)):
                    continue
                nxt.append(path + (b,))
        out += nxt
        frontier = nxt
    return out


def judge_retreat(rules: FireAndMovement, state: GameState, uid: str, origin: Hex, path: list[Hex], n: int,
                  book: str = "F&M", displacing: bool = False) -> tuple[Verdict, bool]:
    """Judge a retreat of ``n`` hexes along ``path`` (hexes after ``origin``); returns the verdict and
    whether the unit owes a step for falling short (F&M 8.3). ``displacing``: the unit ending the retreat
    in the last hex displaces its occupant (judged by :func:`judge_displacement`)."""
    prev = origin
    side = state.side(uid)
    unknown = None
    for i, b in enumerate(path):
        why = blocked(rules, state, uid, prev, b)
        if isinstance(why, Unknown):
            unknown = unknown or why
        elif why:
            return Illegal(why.rule, f"{uid} retreated {why.why}"), False
        if b.distance(origin) != i + 1:
            return Illegal(f"{book} 8.3", f"{uid} retreated to {rules.map.labels.get(b)}, not away from "
                           f"{rules.map.labels.get(origin)}"), False
        prev = b
    if len(path) > n:
        return Illegal(f"{book} 8.3", f"{uid} retreated {len(path)} hexes; the result is {n}"), False
    friendly = [b for b in (path[:-1] if displacing else path)
                if any(u != uid and state.side(u) == side for u in state.at(b))]
    if friendly and legal_retreats(rules, state, uid, origin, n, vacant_only=True):
        longest = max(len(p) - 1 for p in legal_retreats(rules, state, uid, origin, n, vacant_only=True))
        if longest >= len(path):
            return Illegal(f"{book} 8.3", f"{uid} retreated through friendly-occupied "
                           f"{rules.map.labels.get(friendly[0])} while a path of vacant hexes was open"), False
    short = len(path) < n
    if short:
        longest = max((len(p) - 1 for p in legal_retreats(rules, state, uid, origin, n, vacant_only=False)), default=0)
        if longest > len(path):
            return Illegal(f"{book} 8.3", f"{uid} retreated {len(path)} of {n} hexes although it could "
                           f"retreat {longest}"), False
    if unknown:
        return NotCheckable(unknown.needs), short
    return Legal(), short


def judge_advance(rules: FireAndMovement, retreat_path: list[Hex], path: list[Hex], uid: str,
                  book: str = "F&M") -> Verdict:
    """An advance after combat follows the path of retreat, starting with the vacated combat hex,
    and never strays from it; EZOC is ignored (F&M 8.5)."""
    for i, h in enumerate(path):
        if i >= len(retreat_path) or h != retreat_path[i]:
            return Illegal(f"{book} 8.5", f"{uid} advanced to {rules.map.labels.get(h, '?')}, off the path of "
                           f"retreat ({' '.join(rules.map.labels.get(x, '?') for x in retreat_path)})")
    return Legal()


def end_hexes(rules: FireAndMovement, state: GameState, uid: str, origin: Hex, n: int) -> set[Hex]:
    """The hexes a legal retreat of exactly ``n`` hexes can end in (friendly-occupied ones included)."""
    return {p[-1] for p in legal_retreats(rules, state, uid, origin, n, vacant_only=False) if len(p) == n + 1}


def judge_displacement(rules: FireAndMovement, state: GameState, retreater: str, origin: Hex, n: int, unit: str,
                       path: list[Hex], book: str) -> Verdict:
    """F&M 8.3.1: a friendly unit may be displaced one hex, as if retreating, only when the retreating
    unit's only available final hexes are friendly-occupied; never into an EZOC, enemy, prohibited or
    occupied hex."""
    name = rules.map.labels.get
    side = state.side(retreater)
    vacant = [h for h in end_hexes(rules, state, retreater, origin, n)
              if not any(u != retreater and state.side(u) == side for u in state.at(h))]
    if vacant:
        return Illegal(f"{book} 8.3.1", f"{unit} was displaced although {retreater} could end its retreat in "
                       f"vacant {name(sorted(vacant)[0])}")
    start = state.where(unit)
    if len(path) != 1:
        return Illegal(f"{book} 8.3.1", f"{unit} was displaced {len(path)} hexes; displacement is one hex")
    why = blocked(rules, state, unit, start, path[0])
    if isinstance(why, Unknown):
        return NotCheckable(why.needs)
    if why:
        return Illegal(why.rule if why.rule != f"{book} 8.3" else f"{book} 8.3.1", f"{unit} was displaced {why.why}")
    if any(u not in (unit, retreater) for u in state.at(path[0])):
        return Illegal(f"{book} 8.3.1", f"{unit} was displaced into occupied {name(path[0])}")
    return Legal()


def _nearest(h: Hex, targets: list[Hex]) -> int:
    return min(h.distance(t) for t in targets)


@rule("F&M 8.1.5 / 8.3", "BOM-6/RET-7", "a retreat ends farther from the closest enemy after a bombardment "
      "(towards the closest friendly unit when no enemy is on the map) and closer to a friendly map edge, "
      "where a legal retreat allows it")
def judge_direction(rules: FireAndMovement, state: GameState, uid: str, origin: Hex, path: list[Hex],
                    bombardment: bool, book: str) -> Verdict:
    """Where a retreat should end, when a choice exists among the legal retreats of the same length:
    after a bombardment farther from the closest enemy unit, or with no enemy on the map towards the
    closest friendly unit (F&M 8.1.5); and closer to a friendly map edge (F&M 8.3)."""
    ends = end_hexes(rules, state, uid, origin, len(path)) | {path[-1]}
    end = path[-1]
    name = rules.map.labels.get
    side = state.side(uid)
    if bombardment:
        enemy = [h for u, h in state.positions.items() if state.side(u) != side]
        friends = [h for u, h in state.positions.items() if state.side(u) == side and u != uid]
        if enemy:
            better = [h for h in ends if _nearest(h, enemy) > _nearest(origin, enemy)]
            if better and _nearest(end, enemy) <= _nearest(origin, enemy):
                return Illegal(f"{book} 8.1.5", f"{uid} retreated to {name(end)}, no farther from the closest enemy "
                               f"unit, although {name(sorted(better)[0])} was farther")
        elif friends:
            better = [h for h in ends if _nearest(h, friends) < _nearest(origin, friends)]
            if better and _nearest(end, friends) >= _nearest(origin, friends):
                return Illegal(f"{book} 8.1.5", f"with no enemy on the map {uid} retreated to {name(end)}, not "
                               f"towards the closest friendly unit ({name(sorted(better)[0])} was closer)")
    if len(ends) < 2:
        return Legal()
    edge = rules.friendly_edge(side)
    if isinstance(edge, Unknown):
        return NotCheckable(edge.needs)
    closer = [h for h in ends if _nearest(h, edge) < _nearest(origin, edge)]
    if closer and _nearest(end, edge) >= _nearest(origin, edge):
        return Illegal(f"{book} 8.3", f"{uid} retreated to {name(end)}, not closer to its friendly map edge, "
                       f"although it could ({name(sorted(closer)[0])})")
    return Legal()
