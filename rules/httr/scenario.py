"""HTTR scenario limits (ScR 16.1, 17.1-22.1, 18.5, 19.5): play ends with the scenario's last GT; a scenario played on
one map keeps its units on that map (and S17 within its rows); regimental HQs stand on their assigned hexes when the
stated GT begins, and those bound to stay never leave them after; a formation that must exit does so through its
hex by the end of its GT and never comes back.

Data: the scenario's ``last_turn``, and in its ``[special_rules]``: ``map`` (the sheet letter), ``play_area_rows``
([first, last] hex rows), ``hq_posts`` (rows of ``unit``, ``hex``, ``turn`` — the GT at whose beginning it stands
there —, ``stay``, ``rule``) and ``exits`` (rows of ``formations``, ``hex``, ``by_turn``, ``rule``).

Reading: a hex row is the two digits after the sheet letter of the label (ScR 17.1's '2100 and 4300 hex rows',
ScR 18.4's 'any hex ending in 01 south of hex 4001'); a hex where sheets overlap is on each of them (its labels
are compared as hexes, never as text); both rows bounding S17's area are inside it. An HQ that has
not landed has no post (ScR 18.5.1: 'if the headquarters in question do not land ...'). "At the beginning of GT 3"
(18.5.1) and "at the conclusion of GT 2" (19.5.1) are the same moment: the tracker's change into GT 3. A side
barred from exiting (``<side>_may_not_exit``, ScR 19.1) moves no unit off the map.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import DiceRoll, Entered, Event, Move, StepChange, TurnChange
from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.landings import marker_formation
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.state import phase_of
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class Position(Board, Protocol):
    rules: RulesSystem

    def hex(self, label: str | None): ...


@dataclass
class ScenarioLog:
    """The units that exited as their scenario demands, and the GTs whose beginning was judged."""

    exited: set[str] = field(default_factory=set)
    begun: set[int] = field(default_factory=set)
    names: dict = field(default_factory=dict)  # each hex's labels (sheets overlap), built on first use
    flak_rolls: list[int] = field(default_factory=list)  # the Flak Suppression rolls before play (ScR 23.1.4)
    pathfinders: set = field(default_factory=set)  # the scenario's pathfinder hexes already marked
    suppressed: set[str] = field(default_factory=set)  # flak units disrupted by the suppression rolls (ScR 23.1.4)

    def labels(self, game: Game, label: str) -> list[str]:
        """Every label of the hex ``label`` names (itself alone when the map does not know it)."""
        if not self.names:
            for name, h in game.map.index.items():
                self.names.setdefault(h, []).append(name)
        h = game.map.index.get(label)
        return sorted(self.names.get(h, [label])) if h is not None else [label]


def special(p: Position) -> dict:
    sc = p.game.scenarios.get(p.rules.scenario or "")
    return {k: plain(v) for k, v in (sc.special_rules or {}).items()} if sc is not None else {}


def on_event(p: Position, log: ScenarioLog, e: Event) -> list[Verdict]:
    """The scenario's verdicts on one event (before the referee's other checks); none without a scenario."""
    sc = p.game.scenarios.get(p.rules.scenario or "")
    if sc is None:
        return []
    if isinstance(e, DiceRoll):
        button = p.channel.dice(e.name)
        if button is not None and button.purpose == "flak-suppression":
            return flak_roll(p, log, e.total if e.total is not None else sum(e.values))
        return []
    if isinstance(e, TurnChange):
        turn = phase_of(p.game, e)[0]
        if turn is None or turn in log.begun:
            return []
        first = [] if log.begun else flak_suppressed(p, log)
        log.begun.add(turn)
        return first + [v for v in (after_end(sc.id, plain(sc.last_turn), turn),) if v] + posts(p, turn) + \
            exits_due(p, turn)
    uid = p.unit(e)
    if uid is None and isinstance(e, Entered) and marker_formation(p.game, e.piece.name)[0]:
        return [pathfinder_hex(p, log, e.hex)]
    if uid is not None and isinstance(e, StepChange):
        return [v for v in (early_recovery(p, log, uid, e),) if v is not None]
    if uid is None or not isinstance(e, (Move, Entered)):
        return []
    to = e.to_hex if isinstance(e, Move) else e.hex
    out = [v for v in (in_area(p, log, uid, to), left_post(p, uid, to), no_exit(p, uid, e)) if v is not None]
    return out + exit_move(p, log, uid, e, to)


@rule("HTTR ScR 16.1 / 17.1-22.1", "SCN-1", "a scenario ends with its last GT; a one-map scenario stays on its map "
      "(S17: between the 2100 and 4300 hex rows)")
def after_end(scenario: str, last: object, turn: int) -> Verdict | None:
    if isinstance(last, int) and turn > last:
        return Illegal("HTTR ScR 16.1", f"GT {turn}: the scenario {scenario} ends with the completion of GT {last}")
    return None


def in_area(p: Position, log: ScenarioLog, uid: str, label: str | None) -> Verdict | None:
    """SCN-1 (``after_end``'s rule): a unit placed or moved outside the scenario's map or rows."""
    cfg = special(p)
    sheet, rows = str(cfg.get("map") or ""), cfg.get("play_area_rows")
    if label is None or not sheet:
        return None
    mine = [name for name in log.labels(p.game, label) if name.startswith(sheet)]
    if not mine:
        return Illegal("HTTR ScR 16.1", f"{uid} is in {label}: this scenario is played on Map {sheet} only")
    row = mine[0][len(sheet):len(sheet) + 2]
    if rows and row.isdigit() and not rows[0] <= int(row) <= rows[1]:
        return Illegal("HTTR ScR 17.1", f"{uid} is in {label}: play is confined between the {rows[0]}00 and "
                       f"{rows[1]}00 hex rows")
    return None


@rule("HTTR ScR 19.1", "SCN-1", "in a scenario whose units of a side may not exit the map (S19: the Allies'), none "
      "moves off it")
def no_exit(p: Position, uid: str, e: Move | Entered) -> Verdict | None:
    """The scenario's ``[special_rules]`` ``<side>_may_not_exit``: a unit of that side moved from the map to off it
    (an elimination is no Move, and is not judged here)."""
    side = p.state.side(uid)
    if not isinstance(e, Move) or e.to_hex is not None or p.state.where(uid) is None or side is None \
            or special(p).get(f"{side}_may_not_exit") is not True:
        return None
    return Illegal("HTTR ScR 19.1", f"{uid} moves off the map from {p.game.map.labels.get(p.state.where(uid))}: "
                   f"{side} units may not exit the map in this scenario")


@rule("HTTR ScR 18.5.1 / 19.5.1", "SCN-3", "regimental HQs stand on their assigned hexes when the stated GT begins; "
      "those bound to stay never move from them after")
def posts(p: Position, turn: int) -> list[Verdict]:
    out: list[Verdict] = []
    for post in special(p).get("hq_posts", ()):
        uid, label = post.get("unit"), post.get("hex")
        at = p.state.where(uid) if uid in p.game.units else None
        if post.get("turn") != turn or at is None:
            continue
        if at != p.hex(label):
            out.append(Illegal(post.get("rule", "HTTR ScR 18.5.1"), f"{uid} is in {p.game.map.labels.get(at)} as GT "
                               f"{turn} begins: it must stand in {label}"))
        else:
            out.append(Legal(detail=f"{uid} stands in its assigned hex {label} ({post.get('rule')})"))
    return out


def left_post(p: Position, uid: str, label: str | None) -> Verdict | None:
    """SCN-3 (``posts``'s rule): an HQ bound to its hex moves off it from its GT on."""
    for post in special(p).get("hq_posts", ()):
        at = p.state.where(uid)
        if post.get("unit") != uid or not post.get("stay") or p.state.turn is None or p.state.turn < post["turn"]:
            continue
        if at is not None and at == p.hex(post.get("hex")) and p.hex(label) != at:
            return Illegal(post.get("rule", "HTTR ScR 18.5.1"), f"{uid} moves from {post.get('hex')}: it may not "
                           "move from its assigned hex")
    return None


@rule("HTTR ScR 18.5.2", "SCN-4", "a formation bound to exit leaves through its hex by the end of its GT and never "
      "returns")
def exit_move(p: Position, log: ScenarioLog, uid: str, e: Move | Entered, label: str | None) -> list[Verdict]:
    for row in special(p).get("exits", ()):
        if not belongs(p.game, uid, list(row.get("formations", ()))):
            continue
        if isinstance(e, Entered) and uid in log.exited:
            return [Illegal(row.get("rule", "HTTR ScR 18.5.2"), f"{uid} exited as the scenario demands and may not "
                            "return to play")]
        start = p.state.where(uid)
        if isinstance(e, Move) and label is None and start is not None:
            here = p.game.map.labels.get(start)
            log.exited.add(uid)
            if start != p.hex(row.get("hex")):
                return [Illegal(row.get("rule", "HTTR ScR 18.5.2"), f"{uid} leaves the map from {here}: its "
                                f"formation exits via {row.get('hex')}")]
            return [Legal(detail=f"{uid} exits via {here} ({row.get('rule')})")]
    return []


def exits_due(p: Position, turn: int) -> list[Verdict]:
    """SCN-4 (``exit_move``'s rule): as the GT after ``by_turn`` begins, none of the formation is on the map."""
    out: list[Verdict] = []
    for row in special(p).get("exits", ()):
        if turn != int(row.get("by_turn", -1)) + 1:
            continue
        left = sorted(u for u in p.state.positions if belongs(p.game, u, list(row.get("formations", ()))))
        if left:
            out.append(Illegal(row.get("rule", "HTTR ScR 18.5.2"), f"{', '.join(left)} still on the map after GT "
                               f"{row.get('by_turn')}: the formation must have exited via {row.get('hex')}"))
    return out


SUPPRESSED = range(1, 6)  # ScR 23.1.4 (L1727): 'a roll of one through five indicating the flak unit is disrupted'


def flak_roll(p: Position, log: ScenarioLog, total: int) -> list[Verdict]:
    """SCN-7 (``flak_suppressed``'s rule): a Flak Suppression roll is made before play begins."""
    if not special(p).get("flak_suppression"):
        return [Illegal("HTTR ScR 23.1.4", "a Flak Suppression roll in a scenario without the special flak "
                        "suppression")]
    if p.state.turn is not None:
        return [Illegal("HTTR ScR 23.1.4", "a Flak Suppression roll once play has begun: they are made before it")]
    log.flak_rolls.append(total)
    return [Legal(detail=f"{'disrupts' if total in SUPPRESSED else 'spares'} a German flak unit (ScR 23.1.4)")]


@rule("HTTR ScR 23.1.4", "SCN-7", "before play, one 1d6 per German flak unit on the map; as many are disrupted as "
      "rolls of 1-5")
def flak_suppressed(p: Position, log: ScenarioLog) -> list[Verdict]:
    """At the first turn tracker change: the rolls against the flak units on the map and their disruptions.
    Reading: the log does not say which roll was over which unit, so the counts are compared."""
    if not special(p).get("flak_suppression"):
        return []
    side = special(p).get("flak_side")
    if side is None:
        return [NotCheckable("whose flak units are rolled for (the scenario's [special_rules] flak_side)")]
    if not any(is_kind(p.game, u, "flak") for u, unit in p.game.units.items() if unit.side == side):
        return [NotCheckable(f"which {side} units are flak (units.csv types no unit of that side flak), ScR 23.1.4")]
    german = sorted(u for u in p.state.positions if p.state.side(u) == side)
    kinds = [is_kind(p.game, u, "flak") for u in german]
    if None in kinds:
        unknown = german[kinds.index(None)]
        return [NotCheckable(f"which German units on the map are flak (units.csv type of {unknown}), ScR 23.1.4")]
    flak = [u for u, k in zip(german, kinds) if k]
    hits = sum(1 for r in log.flak_rolls if r in SUPPRESSED)
    disrupted = [u for u in flak if mem.has(p.state, u, "disrupted")]
    log.suppressed = set(disrupted) if log.flak_rolls else set()
    if len(log.flak_rolls) != len(flak):
        return [Illegal("HTTR ScR 23.1.4", f"{len(log.flak_rolls)} Flak Suppression roll(s) for {len(flak)} German "
                        "flak unit(s) on the map: one each")]
    if len(disrupted) != hits:
        return [Illegal("HTTR ScR 23.1.4", f"{hits} Flak Suppression roll(s) of 1-5 and {len(disrupted)} flak "
                        "unit(s) disrupted: each such roll disrupts one")]
    return [Legal(detail=f"{len(flak)} German flak unit(s) rolled for, {hits} disrupted (ScR 23.1.4)")]


RECOVERY_TURN = 2  # ScR 23.1.4 (L1727): 'may not roll to remove disruption from those units until Game Turn 2'


@rule("HTTR ScR 23.1.4", "SCN-7", "flak units the suppression rolls disrupted do not recover before GT 2")
def early_recovery(p: Position, log: ScenarioLog, uid: str, e: StepChange) -> Verdict | None:
    """A suppressed flak unit's Disrupted layer turned off before GT 2. Reading: the suppressed units are the flak
    units disrupted when play begins, after the rolls (the log does not say which roll was over which unit)."""
    said = mem.layer_change(e.trait, e.new, p.channel)
    if uid not in log.suppressed or said != ("disrupted", False) or p.state.turn is None \
            or p.state.turn >= RECOVERY_TURN:
        return None
    return Illegal("HTTR ScR 23.1.4", f"{uid}, disrupted by the flak suppression, recovers in GT {p.state.turn}: "
                   f"no roll to remove that disruption until GT {RECOVERY_TURN}")


@rule("HTTR ScR 6.2.1 / 18.2-20.2", "SCN-2", "in a scenario that names its pathfinder hexes, each Pathfinder marker "
      "is placed on one of them, one marker a hex")
def pathfinder_hex(p: Position, log: ScenarioLog, label: str | None) -> Verdict:
    """Reading: which regiment's marker goes on which hex is not judged (the markers name no regiment in the
    bundled data); the scenario's ``pathfinders`` (regiment -> hex) give the hexes."""
    named = special(p).get("pathfinders")
    h = p.hex(label)
    if not named or h is None:
        return Legal(detail="the scenario names no pathfinder hexes (ScR 6.3.2: any hex)") if not named else \
            NotCheckable(f"the hex the Pathfinder marker is placed in ({label or 'off the map'})")
    hexes = {p.hex(v): k for k, v in named.items()}
    if h not in hexes:
        return Illegal("HTTR ScR 6.2.1", f"a Pathfinder marker placed in {label}: this scenario places them in "
                       f"{', '.join(sorted(named.values()))}")
    if h in log.pathfinders:
        return Illegal("HTTR ScR 6.2.1", f"a second Pathfinder marker in {label}: one per regiment")
    log.pathfinders.add(h)
    return Legal(detail=f"the {hexes[h]} Pathfinder marker's hex {label} (ScR 6.2.1)")
