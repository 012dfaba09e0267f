"""HTTR conditional releases of off-map Allied units (ScR 23.1.8): the 43rd Division and 30th Corps engineers the
turn after a 30th Corps ground unit in supply is adjacent to the Maas; the 50th Division one turn after one has
crossed the Neder Rijn by road and is in supply; the 8th Armoured Brigade the turn after one has moved within four
hexes of B2935; the 52nd's seaborne element the turn after another 52nd element enters play; the 52nd two turns
after an Allied unit has entered Deelen Airfield in supply and a 30th Corps unit has crossed the Neder Rijn. A unit
of a group that enters the map before its release turn is flagged.

Data (game.toml ``[special.releases]``): ``rows`` of ``formations`` (units.csv formations or unit ids; ``except``
those), ``delay`` (GTs after the condition is met), ``rule`` and ``when``: a condition, or ``{ all = [...] }``.
A condition has ``units`` (the formations watched; ``side`` instead: any unit of it), ``supply`` (true: the unit is
in supply then) and one of: ``adjacent`` (a hexside feature's name: the unit stands in a hex on it), ``crossed``
(a feature's name: the unit stepped across it along a road or railroad), ``near`` = [hex, reach], ``on`` (a place
name: the unit stands in one of its hexes), ``entered`` (true: a unit of ``units`` is on the map). A name the map
lacks makes the row not checkable, naming it (``needs``).

Where they enter (ScR 23.1.8: "All units enter from the south edge of map D using roads"; 12.4.1: "anywhere along
the southern edge of Map D"): the data's ``entry`` (a terrain.toml ``[[edges]]`` id) and ``roads`` (true: the entry
hex holds a road). Reading: "using roads" is a road through the entry hex (primary, secondary or raised road; not a
trail or railroad), which the roads' running off the map continue (12.3.1); an unsurveyed hex is not checkable.

Readings: a condition is judged on the position before each event of the log (so after every earlier one), and
once met stays met; "in supply" is a supply path (SR 13.2). "The turn after" GT *T* is GT *T* + ``delay``. A log
that begins after the data's ``first_turn`` (default 1) may have met a condition before it began: an entry whose
condition the log has not shown met is then not checkable, not illegal.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from hexforge.builder.timeline import ChatLine, DiceRoll, Entered, Event, Move
from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.hexes import Hex
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.map_limits import region
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.httr.supply_rules import supplied
from hexforge.rules.httr.thoroughfares import THOROUGHFARES, links
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "releases"  # game.toml [special.releases]
ROAD_KINDS = frozenset({"primary_road", "secondary_road", "raised_road"})  # ScR 23.1.8 'using roads' (the reading)


Position = Board


@dataclass
class Released:
    """Per row: the GT its condition was met and whether supply was certain; who crossed each named feature."""

    met: dict[int, tuple[int, bool]] = field(default_factory=dict)
    crossed: dict[str, set[str]] = field(default_factory=dict)
    names: set[str] | None = None  # the names of the map's hexside features (built on first use)
    began: int | None = None  # the GT the log begins in


def config(game: Game) -> dict:
    return game.special(DATA) or {}


def rows(game: Game) -> list[dict]:
    return list(config(game).get("rows", ()))


def on_event(p: Position, log: Released, e: Event) -> list[Verdict]:
    """ScR 23.1.8's verdicts on one event (before the referee's other checks)."""
    table = rows(p.game)
    if not table or p.state.turn is None:
        return []
    log.began = p.state.turn if log.began is None else log.began
    for i, row in enumerate(table):
        if i not in log.met and not isinstance(e, (ChatLine, DiceRoll)):  # those move no unit
            got = holds(p, log, row.get("when") or {})
            if got is not None and got is not False:
                log.met[i] = (p.state.turn, got is True)
    if isinstance(e, Move):
        note_crossings(p, log, e)
    uid = p.unit(e)
    if not isinstance(e, Entered) or uid not in p.game.units or p.state.where(uid) is not None:
        return []
    mine = [i for i, row in enumerate(table) if belongs(p.game, uid, list(row.get("formations", ())))
            and not belongs(p.game, uid, list(row.get("except", ())))]
    place = [v for v in (entry_place(p, uid, p.hex(e.hex)),) if v is not None] if mine else []
    return [judge_entry(p, log, i, table[i], uid) for i in mine] + place


def conditions(when: dict) -> list[dict]:
    return list(when.get("all", ())) if "all" in when else [when]


def missing(p: Position, log: Released, when: dict) -> str | None:
    """The first name a row's condition uses that the map lacks."""
    if log.names is None:
        log.names = {f.name for fs in p.game.map.terrain.hexsides.values() for f in fs}
    for c in conditions(when):
        name = c.get("adjacent") or c.get("crossed")
        if name and name not in log.names:
            return f"the hexsides of the {name} (terrain.toml hexsides named {name!r})"
        if c.get("on") and region(p.game, c["on"]) is None:
            return f"the hexes of {c['on']} (terrain.toml places)"
    return None


def holds(p: Position, log: Released, when: dict) -> bool | str | None:
    """True when every condition holds now; a string (why) when it holds but supply is unknown; None unknown."""
    if missing(p, log, when):
        return None
    unsure: str | bool = True
    for c in conditions(when):
        got = one(p, log, c)
        if got is False or got is None:
            return got
        if got is not True:
            unsure = got
    return unsure


def one(p: Position, log: Released, c: dict) -> bool | str | None:
    watched = [u for u in sorted(p.state.positions) if u in p.game.units and (
        belongs(p.game, u, list(c["units"])) if "units" in c else p.state.side(u) == c.get("side"))]
    if c.get("crossed"):
        watched = [u for u in watched if u in log.crossed.get(str(c["crossed"]), set())]
    elif c.get("adjacent"):
        watched = [u for u in watched if any(f.name == c["adjacent"] for n in p.state.where(u).neighbours()
                                             for f in p.game.map.terrain.features(p.state.where(u), n))]
    elif c.get("near"):
        at, reach = p.hex(str(c["near"][0])), int(c["near"][1])
        watched = [u for u in watched if at is not None and p.state.where(u).distance(at) <= reach]
    elif c.get("on"):
        watched = [u for u in watched if p.state.where(u) in (region(p.game, c["on"]) or ())]
    if not watched or not c.get("supply"):
        return bool(watched)
    states = [supplied(p, u) for u in watched]  # type: ignore[arg-type]
    if any(s.path is True for s in states):
        return True
    return False if all(s.path is False for s in states) else next(s.why for s in states if s.path is None)


def note_crossings(p: Position, log: Released, e: Move) -> None:
    uid, start = p.unit(e), p.state.where(p.unit(e) or "")
    if uid is None or start is None or e.to_hex is None:
        return
    steps = [start] + [h for h in (p.hex(x) for x in (e.path or (e.to_hex,))) if h is not None]
    for a, b in zip(steps, steps[1:]):
        if a.distance(b) == 1 and p.game.map.terrain.connections(a, b) & THOROUGHFARES:
            for f in p.game.map.terrain.features(a, b):
                log.crossed.setdefault(f.name, set()).add(uid)


@rule("HTTR ScR 23.1.8", "SCN-8", "off-map Allied groups enter only from the GT after their condition is met (the "
      "Maas, the Neder Rijn by road, near B2935, the 52nd's first element, Deelen)")
def judge_entry(p: Position, log: Released, i: int, row: dict, uid: str) -> Verdict:
    why, need = str(row.get("rule", "HTTR ScR 23.1.8")), missing(p, log, row.get("when") or {})
    if i not in log.met and need:
        return NotCheckable(str(row.get("needs") or need))
    if i not in log.met and (log.began or 0) > int(config(p.game).get("first_turn", 1)):
        return NotCheckable(f"whether {uid}'s release condition was met before the log begins (GT {log.began})")
    if i not in log.met:
        return Illegal(why, f"{uid} enters in GT {p.state.turn}: its group is not yet released")
    turn, sure = log.met[i]
    if p.state.turn < turn + int(row.get("delay", 1)):
        return Illegal(why, f"{uid} enters in GT {p.state.turn}: its group's condition was met in GT {turn}, so it "
                       f"is available from GT {turn + int(row.get('delay', 1))}")
    if not sure:
        return NotCheckable(f"whether the unit that met {uid}'s release condition in GT {turn} was in supply")
    return Legal(detail=f"{uid}'s group is released since GT {turn + int(row.get('delay', 1))} ({why})")


@rule("HTTR ScR 23.1.8 / 12.4.1", "SCN-8", "released off-map Allied groups enter from the south edge of Map D, using "
      "roads")
def entry_place(p: Position, uid: str, h: Hex | None) -> Verdict | None:
    """``uid``, of a released group, enters on ``h``: on the data's ``entry`` edge, by a road where ``roads``."""
    cfg = config(p.game)
    edge = plain(cfg.get("entry"))
    if not edge or h is None:
        return None
    hexes = p.game.map.terrain.edges.get(str(edge))
    label = p.game.map.labels.get(h, "?")
    if hexes is None:
        return NotCheckable(f"the hexes of map edge {edge} (terrain.toml [[edges]], ScR 12.4.1, 23.1.8)")
    if h not in hexes:
        return Illegal("HTTR ScR 23.1.8", f"{uid} enters at {label}: released groups enter from map edge {edge} "
                       "(ScR 12.4.1: anywhere along the southern edge of Map D)")
    if plain(cfg.get("roads")) is not True:
        return Legal(detail=f"{uid} enters along map edge {edge} (ScR 12.4.1)")
    if not p.game.map.terrain.of(h):
        return NotCheckable(f"the roads of {label} (unsurveyed; ScR 23.1.8: released groups enter using roads)")
    if not any(links(p.game, h, n) & ROAD_KINDS for n in h.neighbours()):
        return Illegal("HTTR ScR 23.1.8", f"{uid} enters at {label}, where no road runs: released groups enter "
                       f"from map edge {edge} using roads")
    return Legal(detail=f"{uid} enters by the road at {label} on map edge {edge} (ScR 23.1.8)")
