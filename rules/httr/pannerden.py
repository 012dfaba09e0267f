"""HTTR's permanent ferry (ScR 9.2, the Pannerden ferry): its construction begins with the Ferry Under Construction
marker placed in the build hex in its side's Command Phase, where a concentrated combat engineer of at least two SP
stands (9.2.1, 9.2.2, 9.2.4); from the next GT on, one 1d6 a GT in that side's Command Phase, the engineer still
there, builds it Light-capable on ``build_roll`` or more (9.2.4), then Medium (vehicular) on ``upgrade_roll`` or more
(9.2.5), when the Vehicular-Capable Ferry marker replaces the other. Units cross only a built ferry of their class
(9.2.3, 9.2.9); at most two leg companies or two non-leg SP a GT (9.2.8); a leg unit with an engineer of the side at
the ferry (9.2.10), a non-leg unit with an engineer of two SP (9.2.9); a unit of the other side with a leader and a
2d6 under ``use_roll_below`` (9.2.16).

Data: ``[special.permanent_ferry]``: ``side``, ``hexes`` (the two hexes the ferry joins), ``build_hex``,
``engineer_sp``, ``max_leg_companies``, ``max_non_leg_sp``, ``marker`` (the construction marker's id),
``upgraded_marker`` (the Vehicular-Capable Ferry marker's id), ``build_roll``, ``upgrade_roll``, ``use_roll_below``;
the dice buttons of purpose ``ferry-construction`` (1d6) and ``ferry-use`` (2d6); units.csv ``afv_class`` (1 very
light ... 5 very heavy, SR 6.4.2.1) for the ferry's class.

Readings: a leg unit crossing is one of the 'leg company size units' whatever its size; 'two leg company size units
or two non-leg strength points' are two limits, each kept; the leader that accompanies a unit of the other side
stands in the hex it crosses from; each 2d6 of 9.2.16 lets one unit cross, in the phase it is rolled, and the leader
and the roll stand for the builders' engineers (9.2.9-9.2.10 name the side's own engineers); the
construction roll is judged as rolled (the Allied airstrike that lowers it by one, 9.2.7, is spent off the map and
leaves no trace in the log); a ferry marker already on the map at the log's start is of an unknown state (its face
is not read), so what depends on it is not checkable.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from hexforge.builder.timeline import DiceRoll, Entered, Event, Move, Placement, TurnChange
from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.engineer_functions import functions_lost, undisrupted
from hexforge.rules.httr.fatigue import engineer_tired, fatigued
from hexforge.rules.httr.units import is_kind, mobility, number
from hexforge.rules.registry import rule
from hexforge.rules.state import phase_of
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "permanent_ferry"  # game.toml [special.permanent_ferry]
NONE, LIGHT, MEDIUM = 0, 1, 2  # the ferry's state: not built, Light-capable, Medium Vehicular Class capable
CLASS_LIMIT = {LIGHT: 1, MEDIUM: 3}  # ScR 9.2.3: the heaviest afv_class each ferry carries (very light; medium)


Position = Board


@dataclass
class Crossings:
    """This GT's crossings (leg units, non-leg SP, who crossed) and the ferry's construction."""

    turn: int | None = None
    leg: int = 0
    sp: float = 0.0
    units: list[str] = field(default_factory=list)
    begun: int | None = None  # the GT its construction began
    level: int | None = NONE  # NONE, LIGHT, MEDIUM; None: a ferry marker at the log's start, its face unread
    rolled: int | None = None  # the GT of the last construction roll
    use_rolls: list[int] = field(default_factory=list)  # the other side's 2d6 this phase, not yet used

    @classmethod
    def set_up(cls, setup: tuple[Placement, ...], game: Game) -> Crossings:
        """A ferry marker on the map at the start: a Vehicular-Capable one is a Medium ferry, the other unknown."""
        cfg, log = config(game), cls()
        names = {m.id: str(plain(m.name)) for m in game.info.markers}
        for p in setup:
            if p.piece.unit is None and p.hex is not None and p.hex in {str(h) for h in cfg.get("hexes") or ()}:
                if p.piece.name == names.get(str(cfg.get("upgraded_marker"))):
                    log.level = MEDIUM
                elif p.piece.name == names.get(str(cfg.get("marker"))) and log.level != MEDIUM:
                    log.level = None
        return log


def config(game: Game) -> dict:
    cfg = game.special(DATA)
    return cfg if isinstance(cfg, dict) else {}


def marker_name(game: Game, marker_id: object) -> str | None:
    m = next((m for m in game.info.markers if m.id == marker_id), None)
    return None if m is None else str(plain(m.name))


def on_event(p: Position, log: Crossings, e: Event) -> list[Verdict]:
    """ScR 9.2's verdicts on one event (before the referee's other checks)."""
    cfg = config(p.game)
    if not cfg:
        return []
    if isinstance(e, TurnChange):
        turn = phase_of(p.game, e)[0]
        if turn != log.turn:
            log.turn, log.leg, log.sp, log.units = turn, 0, 0.0, []
        log.use_rolls = []
        return []
    if isinstance(e, DiceRoll):
        return on_roll(p, log, cfg, e)
    if isinstance(e, Entered) and e.piece.unit is None:
        if e.piece.name == marker_name(p.game, cfg.get("marker")):
            if p.hex(e.hex) == p.hex(str(cfg.get("build_hex"))) and log.begun is None:
                log.begun = p.state.turn
            return [judge_start(p, cfg, p.hex(e.hex))]
        if e.piece.name == marker_name(p.game, cfg.get("upgraded_marker")):
            return [judge_upgrade(p, log, cfg, p.hex(e.hex))]
        return []
    uid = p.unit(e)
    start = p.state.where(uid) if uid is not None else None
    if not isinstance(e, Move) or start is None or e.to_hex is None:
        return []
    steps = [start] + [p.hex(x) for x in (e.path or (e.to_hex,))]
    ends = {p.hex(str(h)) for h in cfg.get("hexes") or ()}
    crossed = [a for a, b in zip(steps, steps[1:]) if {a, b} == ends and None not in ends]
    return [judge_crossing(p, log, cfg, uid, crossed[0])] if crossed else []


def on_roll(p: Position, log: Crossings, cfg: dict, e: DiceRoll) -> list[Verdict]:
    """A construction 1d6 is judged and read at once; a 2d6 to use the ferry waits for the crossing it allows."""
    button = p.channel.dice(e.name)
    value = e.total if e.total is not None else sum(e.values)
    if button is not None and button.purpose == "ferry-construction":
        return [judge_roll(p, log, cfg, value)]
    if button is not None and button.purpose == "ferry-use":
        log.use_rolls.append(value)
    return []


def engineer_there(p: Position, cfg: dict, hexes: set[Hex], concentrated: bool, need: float | None = None,
                   rested: bool = False) -> bool | None:
    """A combat engineer of the ferry's side with ``need`` (default ``engineer_sp``) SP or more in ``hexes`` (None:
    its SP unknown); ``rested``: not fatigued (optional SR 21.5.4)."""
    need, found = float(cfg.get("engineer_sp", 2)) if need is None else need, False
    for u in undisrupted(p.state, crew(p, cfg, hexes)):  # SR 10.6.2: a disrupted engineer has no functions
        if rested and fatigued(p, u):
            continue
        sp = number(p.game, u, "strength") if need > 0 else need
        if isinstance(sp, Unknown):
            return None
        if sp >= need and (not concentrated or mem.mode(p.state, u) == "concentrated"):
            found = True
    return found


def crew(p: Position, cfg: dict, hexes: set[Hex]) -> list[str]:
    """The combat engineers of the ferry's side in ``hexes``."""
    return sorted(u for h in hexes for u in p.state.at(h) if p.state.side(u) == cfg.get("side")
                  and is_kind(p.game, u, "engineer"))


@rule("HTTR ScR 9.2.1-9.2.2 / 9.2.4", "FRY-3", "the permanent ferry is begun in its build hex in its side's Command "
      "Phase by a concentrated combat engineer of two SP or more; at most two leg companies or two non-leg SP cross "
      "it a GT, non-leg units only with such an engineer there, the other side's units only with a leader")
def judge_start(p: Position, cfg: dict, h: Hex | None) -> Verdict:
    build = p.hex(str(cfg.get("build_hex")))
    kind, side = p.phase()
    if h is None or build is None:
        return NotCheckable(f"the hex of the ferry marker and the build hex (game.toml [special.{DATA}])")
    if kind != "command" or side != cfg.get("side"):
        return Illegal("HTTR ScR 9.2.1", "the ferry's construction begins in its side's Command Phase")
    if h != build:
        return Illegal("HTTR ScR 9.2.1", f"the ferry is built from {cfg.get('build_hex')}, not "
                       f"{p.game.map.labels[h]}")
    there = engineer_there(p, cfg, {h}, concentrated=True)
    if there is None:
        return NotCheckable(f"the strength of the engineers in {p.game.map.labels[h]} (units.csv strength)")
    if not there:
        return functions_lost(p.state, crew(p, cfg, {h}), "build the ferry") or Illegal(
            "HTTR ScR 9.2.2", f"no concentrated combat engineer of {cfg.get('engineer_sp', 2)} SP or "
            f"more in {p.game.map.labels[h]} to build the ferry")
    return Legal(detail="the ferry's construction begins (ScR 9.2.1, 9.2.4)")


@rule("HTTR ScR 9.2.1 / 9.2.4-9.2.5", "FRY-3", "from the GT after construction began, one 1d6 a GT in the ferry "
      "side's Command Phase with the engineer still in the build hex: 3 or more builds it Light-capable, then 4 or "
      "more Medium; the Vehicular-Capable marker only after that roll")
def judge_roll(p: Position, log: Crossings, cfg: dict, value: int) -> Verdict:
    kind, side = p.phase()
    if kind != "command" or side != cfg.get("side"):
        return Illegal("HTTR ScR 9.2.4", "the ferry's construction roll is made in its side's Command Phase")
    if log.level is None:
        return NotCheckable("the ferry's state at the log's start (the face of its marker is not read)")
    if log.begun is None:
        return Illegal("HTTR ScR 9.2.4", "a ferry construction roll with no ferry under construction (no Ferry Under "
                       "Construction marker placed)")
    if log.level == MEDIUM:
        return Illegal("HTTR ScR 9.2.5", "a ferry construction roll for a ferry already Vehicular-capable")
    if p.state.turn == log.begun:
        return Illegal("HTTR ScR 9.2.4", "the ferry's first construction roll comes in the Command Phase of the GT "
                       "after construction began")
    if p.state.turn == log.rolled:
        return Illegal("HTTR ScR 9.2.4", "a second ferry construction roll this GT: one attempt a turn")
    build = p.hex(str(cfg.get("build_hex")))
    hexes = {build} if build is not None else set()
    there = engineer_there(p, cfg, hexes, concentrated=True)
    if there is None:
        return NotCheckable(f"the strength of the engineers in {cfg.get('build_hex')} (units.csv strength)")
    if not there:
        return functions_lost(p.state, crew(p, cfg, hexes), "build the ferry") or Illegal(
            "HTTR ScR 9.2.1", f"the ferry's engineer has left {cfg.get('build_hex')} (or left "
            "Concentrated Mode): it stays in the hex until the ferry is completed")
    log.rolled = p.state.turn
    need = int(cfg.get("build_roll", 3) if log.level == NONE else cfg.get("upgrade_roll", 4))
    if value >= need:
        log.level += 1
    what = "Light-capable" if log.level == LIGHT else "Vehicular-capable" if log.level == MEDIUM else "not yet built"
    return Legal(detail=f"ferry construction roll {value} (needs {need}): the ferry is {what} (ScR 9.2.4-9.2.5)")


def judge_upgrade(p: Position, log: Crossings, cfg: dict, h: Hex | None) -> Verdict:
    """FRY-3 (``judge_roll``'s rule): the Vehicular-Capable Ferry marker put on a ferry hex."""
    if h not in {p.hex(str(x)) for x in cfg.get("hexes") or ()}:
        return Legal()
    if log.level is None:
        return NotCheckable("the ferry's state at the log's start (the face of its marker is not read)")
    if log.level != MEDIUM:
        return Illegal("HTTR ScR 9.2.5", "the Vehicular-Capable Ferry marker is placed without a construction roll "
                       f"of {cfg.get('upgrade_roll', 4)} or more on a Light-capable ferry")
    return Legal(detail="the Vehicular-Capable Ferry marker follows its roll (ScR 9.2.5)")


def ferry_carries(p: Position, log: Crossings, cfg: dict, uid: str, mob: str) -> Verdict | None:
    """ScR 9.2.3, 9.2.9: the ferry is built, and of the unit's class (None: it is)."""
    if log.level is None:
        return NotCheckable("the ferry's state at the log's start (the face of its marker is not read)")
    if log.level == NONE:
        return Illegal("HTTR ScR 9.2.4", f"{uid} crosses a ferry not yet built: no construction roll of "
                       f"{cfg.get('build_roll', 3)} or more")
    if mob in ("leg", "towed"):
        return None
    afv = p.game.units[uid].values.get("afv_class")
    if not isinstance(afv, (int, float)) or isinstance(afv, bool):
        return NotCheckable(f"afv_class of unit {uid} (units.csv: the vehicle class a ferry must carry, ScR 9.2.3)")
    if afv > CLASS_LIMIT[log.level]:
        return Illegal("HTTR ScR 9.2.3", f"{uid} (AFV class {afv:g}) crosses a "
                       f"{'Light' if log.level == LIGHT else 'Medium'}-capable ferry: it carries "
                       f"{'very light' if log.level == LIGHT else 'very light to medium'} AFVs only")
    return None


def other_side(p: Position, log: Crossings, uid: str, frm: Hex) -> Verdict | None:
    """ScR 9.2.16: a unit of the side that did not build the ferry crosses with a leader and a 2d6 under six."""
    leader = any(is_kind(p.game, u, "leader") and p.state.side(u) == p.state.side(uid)
                 for u in p.state.at(frm) if u != uid)
    if not leader:
        return Illegal("HTTR ScR 9.2.16", f"{uid} crosses the ferry without a leader: the other side's units "
                       "use it only with one")
    cfg = config(p.game)
    if not log.use_rolls:
        return Illegal("HTTR ScR 9.2.16", f"{uid} crosses the other side's ferry without its 2d6 (a roll of under "
                       f"{cfg.get('use_roll_below', 6)} is needed)")
    roll = log.use_rolls.pop(0)
    if roll >= int(cfg.get("use_roll_below", 6)):
        return Illegal("HTTR ScR 9.2.16", f"{uid} crosses the other side's ferry on a 2d6 of {roll}: under "
                       f"{cfg.get('use_roll_below', 6)} is needed")
    return None


def judge_crossing(p: Position, log: Crossings, cfg: dict, uid: str, frm: Hex) -> Verdict:
    """FRY-3 (``judge_start``'s rule) on a unit crossing the ferry from ``frm``."""
    mob = mobility(p.game, uid)
    if isinstance(mob, Unknown):
        return NotCheckable(mob.needs)
    sp = number(p.game, uid, "strength") if mob != "leg" else 0.0
    if isinstance(sp, Unknown):
        return NotCheckable(sp.needs)
    builders = p.state.side(uid) == cfg.get("side")
    barred = ferry_carries(p, log, cfg, uid, mob)
    if barred is None:
        barred = engineers(p, cfg, uid, mob) if builders else other_side(p, log, uid, frm)
    if barred is not None:
        return barred
    if mob == "leg":
        log.leg += 1
    log.sp += sp
    log.units.append(uid)
    if log.leg > int(cfg.get("max_leg_companies", 2)) or log.sp > float(cfg.get("max_non_leg_sp", 2)):
        return Illegal("HTTR ScR 9.2.8", f"{uid} is one crossing too many this GT ({', '.join(log.units)}): at most "
                       "two leg companies or two non-leg SP cross the ferry a turn")
    return Legal(detail=f"{uid} crosses the ferry (ScR 9.2.8: {log.leg} leg units, {log.sp:g} non-leg SP this GT)")


def engineers(p: Position, cfg: dict, uid: str, mob: str) -> Verdict | None:
    """ScR 9.2.9-9.2.10: an engineer of the builders at one end of the ferry, one step for leg units, ``engineer_sp``
    SP for the others (None: there is one); a fatigued engineer carries no one (optional SR 21.5.4)."""
    ends = {p.hex(str(h)) for h in cfg.get("hexes") or ()} - {None}
    need = 0.0 if mob == "leg" else None
    there = engineer_there(p, cfg, ends, concentrated=False, need=need, rested=True)
    if there is None:
        return NotCheckable("the strength of the engineers at the ferry (units.csv strength)")
    if there:
        return None
    tired = sorted(u for h in ends for u in p.state.at(h) if p.state.side(u) == cfg.get("side")
                   and is_kind(p.game, u, "engineer") and fatigued(p, u))
    if tired and engineer_there(p, cfg, ends, concentrated=False, need=need):
        return engineer_tired(tired, "carry troops across the ferry")
    lost = functions_lost(p.state, crew(p, cfg, ends), "carry troops across the ferry")
    if lost is not None:
        return lost
    if mob == "leg":
        return Illegal("HTTR ScR 9.2.10", f"{uid} crosses the ferry with no engineer of its builders at it: "
                       "leg units need one step of engineers")
    return Illegal("HTTR ScR 9.2.9", f"{uid} is not a leg unit and crosses the ferry without an engineer "
                   f"of {cfg.get('engineer_sp', 2)} SP at it")
