"""HTTR reinforcement schedules (ScR 12.0-12.1, 12.3.4, 12.6): a scenario's ``[[reinforcements]]`` rows are the
arrival codes of the Game Turn Record Track (GT, map, hex or map edge). A listed unit that enters the map during
play enters no earlier than its GT, on its entry hex or edge (an adjacent hex when an entry hex holds an enemy
unit, 12.3.4); German reinforcements may be deferred (12.2.2, 12.3.3); in a scenario the airborne reinforcements
may not be delayed (12.6): they land in their GT.

An entry may be written as the track's own code (ScR 12.1 L1458; grammar in ``games/arrival_codes.py``, which the
loader checks): ``"7A3930"`` is GT 7, Map A, hex A3930; ``"10B East"`` GT 10 anywhere along Map B's east edge
(terrain.toml ``[[edges]]`` id ``B-east``).

A unit no scenario row lists may belong to a Formation Display group the Game Turn Record Track calls (ScR 12.0: "on
Game Turn 6 the letters B, C and E appear"): game.toml ``[special.turn_record_track]`` gives ``letters`` (GT -> the
display letters the track shows) and ``groups`` (display, the GT the group is time-coded for, units). Reading: 11.1
codes the German displays S, C and N and 12.0's example names B, C and E for the 10th SS, 9th SS and Independent
displays; the data's letters are whatever the track prints, matched to the groups' ``display`` as given.

Reading (12.3.3-12.3.4): a German unit held off the map enters from "an appropriate Off-Map Movement Area": one whose
map edge holds its entry hex, or for an edge code the edge's hexes ("the off-map area that abuts their entry hex").

Reading: a unit is airborne as the air landing rules read it (its Pathfinder marker's regiment, or the data's
``[special.airborne]`` formations); its drop hex is theirs (an air landing's entry is the drop). 12.6 binds the
scenario's lettered *drop groups* only: the rows that land by the air landing routine (12.5, ScR 16.2 L1531), not
an airborne formation's units entering the map by road (a row whose entry is a hex, edge or arrival code, e.g.
ScR 17.3's 327/101 at C2411: they enter as ground reinforcements, 12.4.3). A row of known units is a drop group
when it has no map entry and its units are all Allied airborne; a row whose units are unknown is one when the
scenario's ``[special_rules] drop_groups`` lists its ``what`` (the drop groups the scenario's text calls, e.g.
ScR 18.2's group D1); without that list, or with its units or GT unknown, the row is not checkable, naming it.
The campaign's airborne units fly by the day's lift points (ScR 23.1.2, 12.7), in no drop group.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from hexforge.builder.timeline import Entered, Event, TurnChange
from hexforge.games.arrival_codes import arrival_code
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr.arrivals import Arrivals, held_open, held_wait
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.drop_rows import DROPS, drop_group, rows
from hexforge.rules.httr.early_releases import Releases, released_since
from hexforge.rules.httr.offmap_areas import AREA, AREAS
from hexforge.rules.registry import rule
from hexforge.rules.state import phase_of
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

TRACK = ("the Game Turn Record Track's arrival codes (not transcribed: game.toml [special.turn_record_track], "
         "scenario [[reinforcements]] {what})")
TRACK_DATA = "turn_record_track"  # game.toml [special.turn_record_track]: letters (GT -> displays), groups (ScR 12.0)


class Position(Board, Protocol):
    rules: RulesSystem
    arrivals: Arrivals
    readings: dict[str, str]
    early: Releases  # rules/httr/early_releases.py's memory (ScR 23.2)


@dataclass
class Schedule:
    """The units that have arrived, the rows already found late, the GT last begun."""

    arrived: set[str] = field(default_factory=set)
    late: set[int] = field(default_factory=set)
    turn: int | None = None


def on_event(p: Position, log: Schedule, e: Event) -> list[Verdict]:
    """ScR 12's verdicts on one event (before the referee's other checks)."""
    table = rows(p)
    if isinstance(e, TurnChange):
        if not table:
            return []
        turn = phase_of(p.game, e)[0]
        if turn is None or turn == log.turn:
            return []
        log.turn = turn
        return [v for i, r in enumerate(table) for v in [not_delayed(p, log, i, r, turn)] if v is not None]
    uid = p.unit(e)
    if not isinstance(e, Entered) or uid is None or not p.arrivals.playing or uid in log.arrived:
        return []
    log.arrived.add(uid)
    mine = [r for r in table if isinstance(r.units, list) and uid in r.units]
    if mine:
        return judge_arrival(p, uid, p.hex(e.hex), mine[0])
    group = track_group(p.game, uid)
    if group is not None:
        return [judge_track(p, uid, group)]
    unknown = [r for r in table if r.units == "unknown"]
    return [NotCheckable(TRACK.format(what=f"units of {unknown[0].what or 'a group'}"))] if unknown else []


class Group(NamedTuple):
    """A Formation Display's reinforcement group (ScR 11.1, 12.0): its display letter, its time code (GT), units."""

    display: str
    turn: int
    units: tuple[str, ...]


def track(game: Game) -> dict:
    return game.special(TRACK_DATA) or {}


def track_group(game: Game, uid: str) -> Group | None:
    """The track's group holding ``uid`` (game.toml ``[special.turn_record_track] groups``), if any."""
    for g in track(game).get("groups") or []:
        if uid in (g.get("units") or []):
            return Group(str(g["display"]), int(g["turn"]), tuple(g["units"]))
    return None


@rule("HTTR ScR 12.0", "OFF-4", "a Formation Display group's units arrive on the GT whose Turn Record Track letters "
      "name their display, the GT their group is time-coded for (German arrivals may be deferred, 12.2.2)")
def judge_track(p: Position, uid: str, group: Group) -> Verdict:
    """``uid``, listed by no scenario row, enters; its group is ``group``.

    Reading: a group arrives by the track only on its time-coded GT when the track shows its display's letter on
    that GT; where the track does not, the data leaves the GT unknown. Deferral (12.2.2) is German; an Allied ground
    unit enters "under the same restrictions as [12.2]" (12.4.3), so late is legal for both."""
    letters = (track(p.game).get("letters") or {}).get(str(group.turn)) or []
    if group.display not in letters:
        return NotCheckable(f"the Game Turn Record Track's letters of GT {group.turn} (game.toml "
                            f"[special.{TRACK_DATA}] letters: display {group.display}'s group is coded for that GT, "
                            "the track does not show its letter)")
    turn = p.state.turn
    if turn is None:
        return NotCheckable("the GT (no turn tracker change yet)")
    if turn < group.turn:
        return Illegal("HTTR ScR 12.0", f"{uid} of display {group.display} arrives in GT {turn}: the Game Turn Record "
                       f"Track shows {group.display} on GT {group.turn}, the GT its group is coded for")
    return Legal(detail=f"{uid} of display {group.display} arrives in GT {turn}; the track calls its group on GT "
                 f"{group.turn} (ScR 12.0{', deferred: 12.2.2' if turn > group.turn else ''})")


@rule("HTTR ScR 12.0-12.1 / 12.3.4", "OFF-4", "a reinforcement arrives no earlier than its GT, on the map hex or "
      "edge of its arrival code (an adjacent hex if that hex is blocked)")
def judge_arrival(p: Position, uid: str, h: Hex | None, r) -> list[Verdict]:
    """A verdict for each factor: its GT (12.1, 12.6), its entry hex (12.1, 12.3.3-12.3.4), and a German unit held
    in an off-map area since deactivated (10.3) or in a waiting one (10.2.11; rules/httr/arrivals.py ``held_open``,
    ``held_wait``), in that order. Reading: the deactivation is judged of a unit held in an area its entry hex
    allows (12.3.3); one entering by another area is flagged for that."""
    due = r.turn.resolved
    turn = p.state.turn
    if not isinstance(due, int):
        return [NotCheckable(TRACK.format(what=f"turn of {uid}"))]
    if turn is None:
        return [NotCheckable("the GT (no turn tracker change yet)")]
    freed = released_since(p, p.early, uid) if turn < due else None
    early = [Illegal("HTTR ScR 12.1", f"{uid} arrives in GT {turn}: it is due in GT {due}" + (
        f" (its division was released early in GT {freed}: from GT {freed + 1}, ScR 23.2)" if freed else ""))] \
        if turn < due and (freed is None or turn <= freed) else []
    drop = drop_group(p, r)
    if turn > due and drop:
        return [Illegal("HTTR ScR 12.6", f"{uid} lands in GT {turn}: a scenario's airborne reinforcements may not "
                        f"be delayed past their GT {due}")]
    if drop:
        return early or [Legal(detail=f"{uid} lands in its GT {due} (its drop hex is the air landing rules', ScR 6)")]
    place = entry_hex(p, uid, h, r)
    if turn < due and not early and isinstance(place, Legal):
        place = Legal(detail=f"{uid}, due in GT {due}, enters in GT {turn}: its division was released early in GT "
                      f"{freed} (ScR 23.2)")
    german = p.state.side(uid) == "german"
    closed = held_open(p, uid, h, due) if german and not isinstance(place, Illegal) else None  # of a proper hold
    held = [*filter(None, [closed]), *held_wait(p, p.arrivals, uid, h, due)] if german else []
    return early + [v for v in (place, *held) if not (early and isinstance(v, Legal))]


def entry_hex(p: Position, uid: str, h: Hex | None, r) -> Verdict:
    """OFF-4's hex: the code's hexes or edge; ScR 12.3.4's adjacent hex when an entry hex holds an enemy unit. A
    German unit entering by another map-edge hex may have been held in the area abutting its entry hex (12.3.3):
    where the Off-Map Movement Display is not transcribed (game.toml ``[special.offmap_areas] adjacent``), a hex on
    no known area's edge may be on that area's, not checkable."""
    entry = r.entry.resolved if r.entry is not None else "unknown"
    edges = p.game.map.terrain.edges
    code = arrival_code(entry) if isinstance(entry, str) and entry not in edges else None
    if code is not None:
        entry = code.edge or [code.hex]
    if isinstance(entry, str) and entry in edges:
        hexes = edges[entry]
        if hexes is None:
            return NotCheckable(f"the hexes of map edge {entry} (terrain.toml [[edges]])")
    elif isinstance(entry, list):
        hexes = frozenset(x for x in (p.hex(str(lab)) for lab in entry) if x is not None)
    else:
        return NotCheckable(TRACK.format(what=f"entry of {uid}"))
    if h is None:
        return NotCheckable(f"the hex {uid} enters")
    if h in hexes:
        return Legal(detail=f"{uid} enters on its arrival code's {p.game.map.labels[h]} (ScR 12.1)")
    side = p.state.side(uid)
    areas = [k for k, v in edges.items() if k.startswith(AREA) and v and h in v]
    if side == "german" and areas:
        return held(p, uid, areas, hexes)
    blocked = [b for b in hexes if h.distance(b) == 1 and any(p.state.side(u) not in (side, None)
                                                              for u in p.state.at(b))]
    if blocked:
        return Legal(detail=f"{uid} enters next to its blocked entry hex {p.game.map.labels[blocked[0]]} "
                     "(ScR 12.3.4)")
    if side == "german" and not isinstance((p.game.special(AREAS) or {}).get("adjacent"), list) \
            and not all(n in p.game.map for n in h.neighbours()):
        return NotCheckable(f"which off-map area's edge {p.game.map.labels[h]} is (the Off-Map Movement Display, "
                            f"ScR 10.1.3: terrain.toml [[edges]] {AREA}<area>): a German reinforcement held off the "
                            "map enters anywhere along the area abutting its entry hex (ScR 12.3.3-12.3.4)")
    return Illegal("HTTR ScR 12.1", f"{uid} enters at {p.game.map.labels[h]}, not on its arrival code's "
                   f"{entry if isinstance(entry, str) else ', '.join(map(str, entry))}")


@rule("HTTR ScR 12.6", "OFF-6", "a scenario's airborne reinforcements are never delayed: they land in their GT")
def not_delayed(p: Position, log: Schedule, i: int, r, turn: int) -> Verdict | None:
    """As a GT begins: a drop group of an earlier GT whose units have not all landed (once per row); a row that may
    be one, or whose units or GT are unknown, is not checkable (once, naming what is missing)."""
    due = r.turn.resolved
    if i in log.late or (isinstance(due, int) and turn <= due):
        return None
    drop = drop_group(p, r)
    if drop is False:
        return None
    log.late.add(i)
    what = r.what or "a reinforcement row"
    if drop is None:
        return NotCheckable(f"whether {what} is a drop group (scenario [special_rules] {DROPS}, ScR 12.5-12.6)")
    if not isinstance(due, int):
        return NotCheckable(TRACK.format(what=f"turn of {what}"))
    if not isinstance(r.units, list):
        return NotCheckable(TRACK.format(what=f"units of {what}"))
    units = [u for u in r.units if u in p.game.units]
    missing = sorted(u for u in units if u not in log.arrived)
    if missing:
        return Illegal("HTTR ScR 12.6", f"{', '.join(missing)} did not land in GT {due}: a scenario's airborne "
                       "reinforcements may not be delayed")
    return Legal(detail=f"the airborne reinforcements of GT {due} landed in it (ScR 12.6)")


@rule("HTTR ScR 12.3.3-12.3.4", "OFF-5", "a German reinforcement held off the map enters from the Off-Map Movement "
      "Area that abuts its entry hex")
def held(p: Position, uid: str, areas: list[str], hexes: frozenset[Hex]) -> Verdict:
    """``uid`` enters by an edge hex of ``areas``, not on its code's ``hexes``."""
    edges = p.game.map.terrain.edges
    if any(edges[a] is not None and edges[a] & hexes for a in areas):
        return Legal(detail=f"{uid} was held in off-map area {areas[0].removeprefix(AREA)}, which abuts its entry "
                     "hex (ScR 12.3.3)")
    return Illegal("HTTR ScR 12.3.3", f"{uid} enters from off-map area {areas[0].removeprefix(AREA)}, which does not "
                   "abut its arrival code's entry hex: a held unit enters from an appropriate area")
