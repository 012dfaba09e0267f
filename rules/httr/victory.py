"""HTTR scenario victory (ScR 17.6-23.4): each condition earns its side victory points at the end of the scenario;
German points less Allied points give the level (the scenario's table). ScR 19.5.2: in the scenarios that say so,
the Allied units out of supply at the end count as destroyed. Judged at the end of a log that completes the
scenario's last GT (the report's victory), and wherever a player claims it in chat (``victory LEVEL``).

Data: the scenario's ``[special_rules] victory``: ``rule``, ``conditions`` (rows of ``side`` — who scores —,
``points``, ``kind`` and its fields), ``levels`` (rows of ``score`` — German less Allied points —, ``level`` and
``winner``, a side or draw; above the highest score the highest level, below the lowest the lowest) and
``unsupplied_destroyed`` (the side whose unsupplied units count as destroyed, ScR 19.5.2). Kinds:

- ``destroyed_sp`` (``of``, ``at_least``): strength points of side ``of`` destroyed;
- ``clear`` (``hex``, ``of``, ``within``): no unit of side ``of`` within ``within`` hexes (1: on or adjacent);
- ``occupy`` (``hexes``, ``all``): a unit of the scoring side in every (``all``) or any of the hexes;
- ``unsupplied_all`` (``of``): every unit of side ``of`` on the map is out of supply;
- ``near_marker`` (``marker``, ``count``, ``within``): that many undisrupted units of the scoring side within
  ``within`` hexes of one such marker;
- ``unknown`` (``needs``): a condition on map features the data lacks (Club Route, bridges, rivers): not checkable,
  naming them.

Readings: strength points destroyed are the printed SP of the units eliminated (and of those counting as destroyed);
the SP that surviving units lost are not read from the log, so a count short of the mark leaves the condition
unknown. A claim before the end of the last GT is judged on the position then. A claim names a level of the
table, compared without case or spaces; a level the table does not have is a wrong claim.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Protocol

from hexforge.builder.timeline import ChatLine, Eliminated, Entered, Event, Move
from hexforge.games.values import plain
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import parse
from hexforge.rules.registry import rule
from hexforge.rules.replay import Outcome
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Tri, Verdict

KEY = "victory"  # the scenario's [special_rules] key
UNREAD = "the SP lost by units still in play (SP losses are not read from the log)"


class Position(Board, Protocol):
    rules: RulesSystem


@dataclass
class VictoryLog:
    """The units eliminated in play, and where each marker piece stands (piece id -> (marker name, hex))."""

    eliminated: list[str] = field(default_factory=list)
    markers: dict[str, tuple[str, Hex | None]] = field(default_factory=dict)


def spec(p: Position) -> dict:
    sc = p.game.scenarios.get(p.rules.scenario or "")
    got = plain((sc.special_rules or {}).get(KEY)) if sc is not None else None
    return got if isinstance(got, dict) else {}


def on_event(p: Position, log: VictoryLog, e: Event) -> list[Verdict]:
    """Remembers eliminations and markers; judges a victory claim."""
    if not spec(p):
        return []
    uid = p.unit(e)
    if isinstance(e, Eliminated) and uid is not None:
        log.eliminated.append(uid)
    elif uid is None and isinstance(e, (Entered, Move, Eliminated)):
        where = None if isinstance(e, Eliminated) else p.hex(e.to_hex if isinstance(e, Move) else e.hex)
        log.markers[e.piece.id] = (e.piece.name, where)
    elif isinstance(e, ChatLine):
        d = parse(e.text)
        if d is not None and d.kind == "victory":
            return [judge_claim(p, log, d.target)]
    return []


def set_up(p: Position, setup) -> VictoryLog:
    """The markers the set-up places (a Pathfinder marker may be there from the start)."""
    log = VictoryLog()
    for pl in setup:
        if pl.piece.unit is None and pl.hex is not None:
            log.markers[pl.piece.id] = (pl.piece.name, p.hex(pl.hex))
    return log


def in_supply(p: Position, uid: str) -> tuple[Tri, str]:
    """The supply chain's answer for ``uid``; unknown when it traced to an HQ units.csv does not hold (a formation
    named but not transcribed is no HQ off the map)."""
    got = p.rules.supplied(p.state, uid)
    if got.via is not None and got.via not in p.game.units:
        return None, f"the HQ {got.via!r} {uid} traces to (units.csv formation names no unit)"
    return got.supplied, got.reason


@rule("HTTR ScR 19.5.2", "SCN-5", "at the end of the scenario, Allied units not in supply count as destroyed")
def unsupplied(p: Position, side: str) -> tuple[list[str], str | None]:
    """The units of ``side`` out of supply now, and what an unknown answer needed."""
    out, needs = [], None
    for u in sorted(p.state.positions):
        if p.state.side(u) != side or p.state.where(u) is None:
            continue
        got, why = in_supply(p, u)
        if got is False:
            out.append(u)
        elif got is None:
            needs = needs or f"whether {u} is in supply ({why}; ScR 19.5.2)"
    return out, needs


def destroyed_sp(p: Position, log: VictoryLog, row: dict, lost: list[str]) -> tuple[Tri, str | None]:
    gone = dict.fromkeys(u for u in log.eliminated if p.state.where(u) is None)  # a returned HQ is not lost
    units = [u for u in gone if p.game.units[u].side == row.get("of")] + lost
    sp = [p.game.units[u].values.get("strength") for u in units]
    if any(not isinstance(v, (int, float)) or isinstance(v, bool) for v in sp):
        return None, f"the strength of the destroyed units (units.csv strength of {', '.join(units)})"
    return (True, None) if sum(sp) >= row.get("at_least", 0) else (None, UNREAD)


def clear(p: Position, row: dict) -> tuple[Tri, str | None]:
    h = p.hex(row.get("hex"))
    if h is None:
        return None, f"the hex {row.get('hex')} (not on the map)"
    near = [u for u, at in p.state.positions.items() if at is not None and at.distance(h) <= row.get("within", 0)
            and p.state.side(u) == row.get("of")]
    return not near, None


def occupy(p: Position, row: dict) -> tuple[Tri, str | None]:
    hexes = [p.hex(str(x)) for x in row.get("hexes", ())]
    if None in hexes or not hexes:
        return None, f"the hexes {row.get('hexes')} (on the map)"
    held = [any(p.state.side(u) == row["side"] for u in p.state.at(h)) for h in hexes]
    return (all(held) if row.get("all") else any(held)), None


def all_unsupplied(p: Position, row: dict) -> tuple[Tri, str | None]:
    """ScR 21.4: every unit of side ``of`` on the map out of supply."""
    needs = None
    for u in sorted(u for u, at in p.state.positions.items() if at is not None and p.state.side(u) == row.get("of")):
        got, why = in_supply(p, u)
        if got is True:
            return False, None
        if got is None:
            needs = needs or f"whether {u} is in supply ({why}; ScR 21.4)"
    return (None, needs) if needs else (True, None)


def near_marker(p: Position, log: VictoryLog, row: dict) -> tuple[Tri, str | None]:
    names = {m.name.resolved for m in p.game.info.markers or () if m.id == row.get("marker")}
    spots = [h for name, h in log.markers.values() if name in names and h is not None]
    mine = [at for u, at in p.state.positions.items() if at is not None and p.state.side(u) == row["side"]
            and not mem.has(p.state, u, "disrupted")]
    return any(sum(1 for at in mine if at.distance(s) <= row.get("within", 0)) >= row.get("count", 1)
               for s in spots), None


def condition(p: Position, log: VictoryLog, row: dict, lost: list[str]) -> tuple[Tri, str | None]:
    """One condition's answer now (True / False / None) and what an unknown answer needs."""
    kind = row.get("kind")
    if kind == "destroyed_sp":
        return destroyed_sp(p, log, row, lost)
    if kind == "clear":
        return clear(p, row)
    if kind == "occupy":
        return occupy(p, row)
    if kind == "near_marker":
        return near_marker(p, log, row)
    if kind == "unsupplied_all":
        return all_unsupplied(p, row)
    return None, str(row.get("needs") or f"a rule for the victory condition kind {kind!r}")


def scores(p: Position, log: VictoryLog, lost: list[str]) -> tuple[set[float], list[str]]:
    """Every score (German less Allied points) the conditions allow, and what the unknown ones need."""
    ranges, needs = [], []
    for row in spec(p).get("conditions", ()):
        got, why = condition(p, log, row, lost)
        pts = float(row.get("points", 1)) * (1 if row.get("side") == "german" else -1)
        ranges.append((pts,) if got else (0.0,) if got is False else (0.0, pts))
        if got is None and why:
            needs.append(why)
    return {sum(c) for c in product(*ranges)}, needs


def level_row(p: Position, score: float) -> dict:
    table = sorted(spec(p).get("levels", ()), key=lambda r: r["score"])
    return next((r for r in table if r["score"] >= score), table[-1]) if score >= table[0]["score"] else table[0]


def level_of(p: Position, score: float) -> str:
    return str(level_row(p, score)["level"])


def norm(text: str) -> str:
    return "".join(text.lower().split())


@rule("HTTR ScR 17.6-23.4", "SCN-10", "a scenario's victory level is the one its conditions' points give at the "
      "end (a claim naming another is wrong)")
def judge_claim(p: Position, log: VictoryLog, claimed: str) -> Verdict:
    cfg = spec(p)
    names = {norm(str(r["level"])) for r in cfg.get("levels", ())}
    rule_no = str(cfg.get("rule", "HTTR ScR 16.0"))
    if norm(claimed) not in names:
        return Illegal(rule_no, f"the scenario has no victory level {claimed!r} (its levels: "
                       f"{', '.join(str(r['level']) for r in cfg.get('levels', ()))})")
    side = cfg.get("unsupplied_destroyed")
    lost, unsure = unsupplied(p, side) if side else ([], None)
    possible, needs = scores(p, log, lost)
    levels = {norm(level_of(p, s)) for s in possible}
    if unsure:
        return NotCheckable("; ".join([unsure] + needs))
    if norm(claimed) not in levels:
        plain_levels = {norm(level_of(p, s)) for s in scores(p, log, [])[0]}
        cut = side and lost and norm(claimed) in plain_levels
        return Illegal("HTTR ScR 19.5.2" if cut else rule_no, f"the claimed {claimed!r} is not the victory: "
                       f"{', '.join(sorted({level_of(p, s) for s in possible}))}"
                       + (f", counting {', '.join(lost)} (out of supply) as destroyed" if cut else ""))
    if len(levels) > 1:
        return NotCheckable("; ".join(needs))
    return Legal(detail=f"{level_of(p, next(iter(possible)))}: {next(iter(possible)):g} points (German less "
                 f"Allied, {rule_no})")


def over(p: Position) -> bool:
    """Has the log completed the scenario's last GT (reached its last phase, or gone past it)?"""
    last = plain(p.game.scenarios[p.rules.scenario].last_turn)
    t, ph = p.state.turn, p.state.phase
    return isinstance(last, int) and t is not None and ph is not None and (
        t > last or t == last and ph == len(p.game.info.sequence) - 1)


def outcome(p: Position, log: VictoryLog) -> Outcome | None:
    """SCN-10 (``judge_claim``'s rule) at the end of a log; None without victory data."""
    cfg = spec(p)
    if not cfg:
        return None
    if not over(p):
        return Outcome(None, f"the log ends in GT {p.state.turn}, before the end of the scenario's last GT")
    side = cfg.get("unsupplied_destroyed")
    lost, unsure = unsupplied(p, side) if side else ([], None)
    possible, needs = scores(p, log, lost)
    rows = {level_of(p, s): level_row(p, s) for s in possible}
    if len(rows) > 1 or unsure:
        return Outcome(None, "", "; ".join(([unsure] if unsure else []) + needs))
    level, row = next(iter(rows.items()))
    return Outcome(row.get("winner"), f"{level} ({cfg.get('rule')}: {next(iter(possible)):g} points, German less "
                   "Allied)")
