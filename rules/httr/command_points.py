"""HTTR command point and ammunition records (SR 14-15, ScR 5.2): the divisions' CP and AmP Record Tracks read
from their markers' moves on the Tracks map (``docs/log-channel.md``: a marker's ``formation`` names the HQ unit
whose track it is), and the CP each HQ holds from ``cp`` declarations (``rules/httr/command.py``).

Readings: CP held by an HQ are known from the log's first CP/Logistic Phase of an 0601/1501 GT on (SR 14.3.8:
allocations last until then; before it the log cannot show them), or for an HQ that arrives (ScR 5.1.3.9: 2 CP);
an allocation's distance (SR 14.3.3-14.3.4) is the least Travel Mode MP path from the division HQ, as the supply
path it rides on (SR 13.2.2.6).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import DiceRoll, Move, Placement
from hexforge.games.channel import Channel
from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.maps.trace import least_cost
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.city_sources import CityLog, division_supplied
from hexforge.rules.httr.supply import HttrSupply
from hexforge.rules.httr.units import controlling_hq, division, formation_chain, formation_hq, formation_names
from hexforge.rules.registry import rule
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

CP, AMP = "cp", "amp"  # the record tracks' ids (docs/log-channel.md)
FULL_MP = 4.0  # SR 14.3.3 (L779): four MP or less, all allocated CP are received
ATTENUATION_OVER = 8  # SR 14.3.4 (L780): a 2d6 result greater than eight halves the CP
FREE_MP = 8.0  # SR 14.3.4: +1 to the roll for every two MP over the first eight
CARRIED = 4  # SR 14.3.9 (L785), 14.5.2 (L791): up to four CP saved
TRACK_MAX = {CP: 8, AMP: 12}  # SR 14.5.3 (L792); SR 15.3 (L815)
CORPS_SAVES = 8  # ScR 5.2.3.2 (L1152): up to eight CPs and eight AmPs saved by the corps HQ
LOGISTIC_TURNS = ("0601", "1501")  # SR 14.3.8 (L784), 14.5.1 (L790)
CUT = "cut_hq_cp"  # catalogue.READINGS: SR 15.4.2 (L819) vs SR 14.3.8 (L784)
ROUTE_HEXES = 12  # ScR 5.2.5.4 (L1169): operations farther than 12 hexes from Club Route cost one more CP


@dataclass(slots=True)
class Due:
    """An allocation awaiting its attenuation roll (SR 14.3.4)."""

    index: int
    hq: str
    points: int
    mp: float


@dataclass(slots=True)
class CpLedger:
    """The record tracks and the CP each HQ holds."""

    boxes: dict[tuple[str, str], int] = field(default_factory=dict)  # (track id, HQ) -> its marker's box
    start: dict[tuple[str, str], int] = field(default_factory=dict)  # the boxes when the phase began
    last: dict[tuple[str, str], int] = field(default_factory=dict)  # the event of the marker's last move this phase
    held: dict[str, int] = field(default_factory=dict)  # CP each HQ received since the CP/Logistic Phase (14.3.8)
    known: bool = False  # an 0601/1501 CP/Logistic Phase was seen: ``held`` is complete
    arrived: set[str] = field(default_factory=set)  # HQs holding their arrival's 2 CP (ScR 5.1.3.9)
    debit: dict[str, int] = field(default_factory=dict)  # CP allocated from each HQ's track this phase (14.3.6)
    due: list[Due] = field(default_factory=list)
    rolled_logistics: bool = False  # the CP/Logistic Phase's first Logistics roll was seen
    cleared: dict[str, int] = field(default_factory=dict)  # division -> its artillery's depletion removed (15.2.3)
    subordinate_given: set[str] = field(default_factory=set)  # sides that allocated below division this phase
    unsure: set[str] = field(default_factory=set)  # HQs whose holding rests on data the game lacks
    arrival: dict[str, int] = field(default_factory=dict)  # unit -> the game turn it arrived (ScR 5.1.3.9)
    dropped: dict[str, int] = field(default_factory=dict)  # airborne unit -> the game turn it dropped (ScR 5.1.3.6)
    route_ma: float | Unknown | None = None  # the last Club Route delivery's MA roll (ScR 5.2.4.1), None: not seen


class Position(Board, Protocol):
    rules: RulesSystem
    cp: CpLedger
    cities: CityLog
    readings: dict[str, str]


def marker_hq(game: Game, channel: Channel, name: str) -> tuple[str, str | None] | None:
    """(track id, the HQ unit the marker's ``formation`` names (``units.formation_hq``), or ``None``) for a
    record-track marker."""
    m = channel.marker(name)
    if m is None or m.track not in (CP, AMP):
        return None
    return m.track, formation_hq(game, m.formation) if m.formation else None


def read_setup(p: Position, setup: tuple[Placement, ...]) -> None:
    """The set-up boxes of the record tracks' markers."""
    for pl in setup:
        got = marker_hq(p.game, p.channel, pl.piece.name)
        box = p.channel.box(pl.location.board, pl.location.label)
        if got is not None and got[1] is not None and box is not None:
            p.cp.boxes[(got[0], got[1])] = int(box[1])
    p.cp.start = dict(p.cp.boxes)


def box(p: Position, track: str, hq: str) -> int | None:
    return p.cp.boxes.get((track, hq))


def on_marker(p: Position, index: int, e: Move) -> list[Verdict]:
    """A record-track marker moved: its new box; CP and AmP are received only by a supplied, undisrupted HQ in
    Defilade (SR 14.1.2, 14.1.4-14.1.5, 15.1.2)."""
    got = marker_hq(p.game, p.channel, e.piece.name)
    where = p.channel.box(e.to.board, e.to.label)
    if got is None or where is None:
        return [Legal(detail="a marker move no rule reads")]
    track, hq = got
    if hq is None:
        return [NotCheckable(f"the HQ whose record track marker {e.piece.name!r} is (game.toml [[markers]] "
                             "formation names no unit of units.csv)")]
    old, new = p.cp.boxes.get((track, hq)), int(where[1])
    p.cp.boxes[(track, hq)] = new
    p.cp.last[(track, hq)] = index
    if old is None or new <= old or p.phase()[0] != "cp_logistic":
        return [Legal(detail=f"{hq}'s {track.upper()} track at {new}")]
    return [check_receiver(p, hq, track)]


@rule("HTTR SR 14.1.2 / 14.1.4-14.1.5 / 15.1.2 / 13.2.7.1", "CP-6/CP-7/SUP-3", "a division or corps HQ receives CP "
      "and AmP only in Defilade, undisrupted and in supply")
def check_receiver(p: Position, hq: str, track: str) -> Verdict:
    what = "CP" if track == CP else "AmP"
    if mem.has(p.state, hq, "disrupted"):
        return Illegal("HTTR SR 14.1.5", f"{hq} is disrupted and receives no {what}")
    m = mem.mode(p.state, hq)
    if m is None:
        return NotCheckable(f"the mode of HQ {hq} (its Mode layer)")
    if m != "defilade":
        return Illegal("HTTR SR 14.1.2", f"{hq} is in {m.title()} Mode: it receives {what} only in Defilade")
    got = division_supplied(p, hq)
    if got.supplied is None:
        return NotCheckable(got.reason.removeprefix("not checkable").strip(" :()") or "the supply chain's data")
    if not got.supplied:
        return Illegal("HTTR SR 14.1.4" if track == CP else "HTTR SR 15.1.2",
                       f"{hq} traces no supply path and receives no new {what} (SR 13.2.7.1): {got.reason}")
    return Legal()


def phase_began(p: Position, kind: str, turn_time: str | None) -> None:
    """A phase of ``kind`` begins: the tracks' boxes are its start; a real CP/Logistic Phase ends the HQs'
    allocations (SR 14.3.8), but for those :func:`retained` keeps (SR 15.4.2, reading ``cut_hq_cp``)."""
    p.cp.start = dict(p.cp.boxes)
    p.cp.last.clear()
    p.cp.debit.clear()
    p.cp.cleared.clear()
    p.cp.subordinate_given.clear()
    p.cp.rolled_logistics = False
    if kind == "cp_logistic" and turn_time is not None and turn_time.startswith(LOGISTIC_TURNS):
        kept = retained(p) if p.readings.get(CUT, "retained") == "retained" else {}
        p.cp.unsure.clear()
        p.cp.held.clear()
        p.cp.arrived.clear()
        p.cp.known = True
        for hq, n in kept.items():
            if n is None:
                p.cp.unsure.add(hq)
            else:
                p.cp.held[hq] = n


@rule("HTTR SR 15.4.2 / 14.3.8", "CP-11", "an HQ below division level whose supply path to its division HQ is cut "
      "keeps its allocation past the CP/Logistic Phase, less one CP (reading cut_hq_cp)")
def retained(p: Position) -> dict[str, int | None]:
    """At the start of an 0601/1501 CP/Logistic Phase: the sub-divisional HQs holding CP that trace no supply path
    to their division HQ, each with what it keeps (one CP less; None when its path or holding is not known)."""
    out: dict[str, int | None] = {}
    modes = mem.memory(p.state).modes
    travel = frozenset(u for u, m in modes.items() if m == "travel")
    disrupted = frozenset(u for u in p.state.positions if mem.has(p.state, u, "disrupted"))
    for hq, n in sorted(p.cp.held.items()):
        div = division(p.game, hq)
        if n <= 0 or div is None or div == hq or p.game.units[hq].size.strip().lower() in ("division", "corps"):
            continue
        link = p.rules.division_link(p.state, hq, div, travel=travel, disrupted=disrupted).supplied \
            if p.state.where(hq) is not None else None
        if link is False:
            out[hq] = None if hq in p.cp.unsure else n - 1
        elif link is None:
            out[hq] = None
    return out


@rule("HTTR ScR 5.1.3.9 / 12.02", "SUP-18", "arriving HQs hold 2 CP until their next allocation; arriving units are "
      "supplied on their arrival turn")
def arrived(p: Position, uid: str, dropped: bool = False) -> None:
    """ScR 5.1.3.9 (L1107): a unit arriving as a reinforcement; an HQ then holds 2 CP until its next
    allocation. ``dropped``: it arrived by an air landing (ScR 5.1.3.6: in supply four GTs after it)."""
    if p.state.turn is not None:
        p.cp.arrival[uid] = p.state.turn
        if dropped:
            p.cp.dropped[uid] = p.state.turn
    if p.game.units[uid].type.strip().lower() in ("hq", "headquarters"):
        p.cp.held[uid] = 2
        p.cp.arrived.add(uid)


def held(p: Position, hq: str) -> int | None:
    """The CP the HQ holds, ``None`` when the log has not shown it (SR 14.3.8)."""
    if hq in p.cp.unsure:
        return None
    if hq in p.cp.held:
        return p.cp.held[hq]
    giver = hq if p.game.units[hq].size.strip().lower() == "division" else division(p.game, hq)
    tracked = giver is not None and (CP, giver) in p.cp.boxes  # else undeclared allocations would not show
    return 0 if p.cp.known and tracked else None


def receive(p: Position, hq: str, n: int) -> None:
    """``hq`` receives ``n`` CP: added to what it holds when that is known."""
    if hq in p.cp.held or p.cp.known:
        p.cp.held[hq] = p.cp.held.get(hq, 0) + n


def conduit(p: Position, hq: str, giver: str) -> str:
    """Where an allocation's distance is measured from: an intermediate HQ between the HQ and its division (the
    Guards' brigades, ScR 5.1.6.3-5.1.6.4 L1122-1125: 'attenuation ... between the Brigade/Forward HQ and the
    Regimental HQ but not between the division HQ and brigade HQ'), else the giving HQ."""
    above = controlling_hq(p.game, hq)
    if above is not None and above != giver and p.state.where(above) is not None \
            and p.game.units[above].size.strip().lower() not in ("division", "corps"):
        return above
    return giver


def mp_distance(p: Position, frm: str, to: str) -> float | Unknown:
    """The least Travel Mode MP from HQ ``frm`` to HQ ``to`` (SR 14.3.3), ``inf`` when no path."""
    a, b = p.state.where(frm), p.state.where(to)
    if a is None or b is None:
        return Unknown(f"where {frm} and {to} stand")
    if a == b:
        return 0.0
    side = p.state.side(to) or ""
    sup = HttrSupply(p.game, p.state, [])
    got = least_cost(p.game.map.graph(), a, 60.0, sup.travel_step(side))
    if b in got.cost:
        return got.cost[b]
    if b in got.unknown:
        return Unknown(f"the Travel Mode MP from {frm} to {to} (TEC; SR 14.3.3 attenuation)")
    return math.inf


def allocate(p: Position, index: int, hq: str, giver: str, n: int) -> list[Verdict]:
    """``n`` CP from ``giver``'s track to ``hq`` (SR 14.3): debited as allocated (14.3.6), received after
    attenuation (14.3.3-14.3.4) or, from a corps HQ to a division HQ, in full (ScR 5.2.3.3)."""
    out = [check_available(p, giver, n)]
    p.cp.debit[giver] = p.cp.debit.get(giver, 0) + n
    if hq in p.cp.arrived:  # its arrival's 2 CP last until this allocation (ScR 5.1.3.9)
        p.cp.arrived.discard(hq)
        p.cp.held[hq] = 0
    if p.game.units[giver].size.strip().lower() == "corps":
        out.append(check_transfer(p, hq, giver))
        return out
    p.cp.subordinate_given.add(p.state.side(hq) or "")
    d = mp_distance(p, conduit(p, hq, giver), hq)
    if isinstance(d, Unknown):
        p.cp.unsure.add(hq)  # what it received is not known: later checks say so
        return out + [NotCheckable(d.needs)]
    if d <= FULL_MP:
        receive(p, hq, n)
        return out + [Legal(detail=f"{hq} is {d:g} MP from {giver}: all {n} CP received (SR 14.3.3)")]
    p.cp.due.append(Due(index, hq, n, d))
    return out


@rule("HTTR SR 14.3.1 / 14.3.6", "CP-11", "CP are allocated only from what the division's record track holds, "
      "and it is debited the allocation")
def check_available(p: Position, giver: str, n: int) -> Verdict:
    start = p.cp.start.get((CP, giver))
    if start is None:
        return NotCheckable(f"the CP Record Track of {giver} (its marker's box: a track marker whose formation is "
                            f"{giver})")
    left = start - p.cp.debit.get(giver, 0)
    if n > left:
        return Illegal("HTTR SR 14.3.1", f"{giver}'s CP Record Track holds {left} CP and {n} are allocated")
    return Legal()


@rule("HTTR ScR 5.2.3.3", "CP-13", "the corps HQ transfers CP only to division HQs, at the beginning of a Command "
      "Phase, without attenuation")
def check_transfer(p: Position, hq: str, corps: str) -> Verdict:
    if p.game.units[hq].size.strip().lower() != "division":
        return Illegal("HTTR ScR 5.2.3.3", f"{corps} transfers CP to {hq}: corps CP go only to division HQs, never "
                       "directly to a brigade HQ")
    if (p.state.side(hq) or "") in p.cp.subordinate_given:
        return Illegal("HTTR ScR 5.2.3.3", f"{corps} transfers CP to {hq} after CP were allocated below division "
                       "level: the corps transfers at the beginning of the Command Phase")
    return Legal(detail=f"{corps} transfers CP to {hq} without attenuation (ScR 5.2.3.3)")


@rule("HTTR SR 14.3.4-14.3.5 / 14.6.3", "CP-10", "over four MP an allocation is attenuated: 2d6 (+1 per two MP "
      "beyond eight) above 8 halves it, rounded up; a top-up is attenuated as normal")
def attenuation_roll(p: Position, total: int) -> Verdict:
    """The first allocation awaiting its roll takes this 2d6."""
    due = p.cp.due.pop(0)
    mod = int((due.mp - FREE_MP) // 2) if due.mp > FREE_MP else 0
    got = math.ceil(due.points / 2) if total + mod > ATTENUATION_OVER else due.points
    receive(p, due.hq, got)
    return Legal(detail=f"{due.hq} receives {got} of {due.points} CP (2d6 {total} + {mod}, SR 14.3.4)")


def unrolled(p: Position) -> list[tuple[int, Verdict]]:
    """Allocations over four MP whose attenuation roll never came (SR 14.3.4)."""
    out = [(d.index, Illegal("HTTR SR 14.3.4", f"{d.hq} is {d.mp:g} MP from its division HQ: the allocation needs "
                             "an attenuation roll (2d6) before the next one or the phase's end")) for d in p.cp.due]
    p.cp.unsure.update(d.hq for d in p.cp.due)
    p.cp.due.clear()
    return out


def command_over(p: Position, index: int, side: str | None) -> list[tuple[int, Verdict]]:
    """The end of ``side``'s Command Phase: attenuation rolls made, tracks debited and within their limits,
    the AmP tracks spent (SR 14.3.4, 14.3.6, 14.5.3, 15.2.3-15.2.5, 15.3, ScR 5.2.3.2)."""
    out = unrolled(p)
    for (track, hq), now in sorted(p.cp.boxes.items()):
        if p.state.side(hq) != side and p.game.units[hq].side != side:
            continue
        at = p.cp.last.get((track, hq), index)
        if track == CP:
            out += [(at, v) for v in (check_debit(p, hq, now), check_track_max(p, hq, track, now))]
        else:
            out += [(at, v) for v in (check_amp_spent(p, hq, now), check_track_max(p, hq, track, now))]
    return [(i, v) for i, v in out if not (isinstance(v, Legal) and v.detail is None)]


def check_debit(p: Position, hq: str, now: int) -> Verdict:
    """SR 14.3.6 (L782): the track is reduced by the CP allocated (not by what attenuation left). A track that
    falls further went to HQs no ``cp`` declaration names: what its HQs hold is then not known."""
    start, spent = p.cp.start.get((CP, hq)), p.cp.debit.get(hq, 0)
    if start is None:
        return Legal()
    if now < start - spent:
        below = {h for h, u in p.game.units.items() if u.type.strip().lower() == "hq" and division(p.game, h) == hq}
        p.cp.unsure |= below | {hq}
        return NotCheckable(f"which HQs {hq}'s other {start - spent - now} CP went to (cp declarations, SR 14.3)")
    if now > start - spent:
        return Illegal("HTTR SR 14.3.6", f"{hq} allocated {spent} CP this Command Phase: its CP Record Track goes "
                       f"from {start} to {start - spent}, not {now}")
    return Legal()


@rule("HTTR SR 14.5.3 / 15.3 / ScR 5.2.3.2", "CP-12/CP-13/CP-16", "after allocations a division's CP track holds "
      "at most 8, its AmP track at most 12; a corps HQ saves at most 8 CP and 8 AmP")
def check_track_max(p: Position, hq: str, track: str, now: int) -> Verdict:
    corps = p.game.units[hq].size.strip().lower() == "corps"
    most = CORPS_SAVES if corps else TRACK_MAX[track]
    if now > most:
        where = "HTTR ScR 5.2.3.2" if corps else "HTTR SR 14.5.3" if track == CP else "HTTR SR 15.3"
        return Illegal(where, f"{hq}'s {track.upper()} Record Track holds {now} at the end of the Command Phase: "
                       f"at most {most}")
    return Legal()


@rule("HTTR SR 15.2.3-15.2.5", "CP-16", "each AmP spent clears two supplied artillery units' depletion in the "
      "Command Phase; the AmP track loses one every friendly Command Phase")
def check_amp_spent(p: Position, hq: str, now: int) -> Verdict:
    start = p.cp.start.get((AMP, hq))
    if start is None:
        return Legal()
    spent = math.ceil(p.cp.cleared.get(hq, 0) / 2)
    if spent > start:
        return Illegal("HTTR SR 15.2.3", f"{p.cp.cleared[hq]} of {hq}'s artillery units were cleared of depletion: "
                       f"that costs {spent} AmP and its track held {start}")
    due = max(0, start - spent - 1)
    if now != due:
        return Illegal("HTTR SR 15.2.5", f"{hq}'s AmP Record Track goes from {start} to {due} this Command Phase "
                       f"({spent} AmP spent clearing depletion, one lost every friendly Command Phase), not {now}")
    return Legal()


@rule("HTTR SR 14.5.1-14.5.2 / ScR 5.2.3.2", "CP-12", "at most four CP are carried over to a CP/Logistic Phase "
      "(a corps HQ: eight), adjusted before any new CP are received")
def check_carried(p: Position) -> list[Verdict]:
    """At the phase's first Logistics roll every CP track is already adjusted (SR 14.5.1: 'before any new CP
    are received'). Reading: one adjustment for all divisions at the phase's start."""
    out: list[Verdict] = []
    for (track, hq), now in sorted(p.cp.boxes.items()):
        corps = p.game.units[hq].size.strip().lower() == "corps"
        most = CORPS_SAVES if corps else CARRIED
        if track == CP and now > most:
            out.append(Illegal("HTTR ScR 5.2.3.2" if corps else "HTTR SR 14.5.2", f"{hq}'s CP Record Track holds "
                               f"{now} when the CP are received: at most {most} are carried over"))
    if not any(track == CP for track, _ in p.cp.boxes):
        return [NotCheckable("the CP Record Tracks' boxes (no track marker naming its HQ unit is placed)")]
    return out or [Legal(detail="every CP track carries over at most four CP (SR 14.5.2)")]


def on_roll(p: Position, e: DiceRoll, purpose: str | None) -> list[Verdict] | None:
    """A Logistics or CP Attenuation roll's verdicts; ``None`` for other rolls."""
    total = e.total if e.total is not None else sum(e.values)
    unnamed = purpose is None and len(e.values) == 2 and not p.channel.dice_for("cp-attenuation")
    if p.cp.due and (purpose == "cp-attenuation" or unnamed):  # a game without the button: any 2d6
        return [attenuation_roll(p, total)]
    if purpose == "logistics" and p.phase()[0] == "cp_logistic" and not p.cp.rolled_logistics:
        p.cp.rolled_logistics = True
        return check_carried(p)
    return None


ZONES = "cp_attenuation"  # game.toml [special.cp_attenuation]: ScR 5.2.5's bands and route for one corps's HQs


def _of_formation(game: Game, hq: str, formation: str) -> bool:
    """Is ``hq`` (or an HQ above it) the formation, by unit id, by its units.csv formation or by the HQ
    ``[special.formation_hqs]`` maps the name to?"""
    ids = [hq, *formation_chain(game, hq)]
    return formation in ids or formation in formation_names(game, hq) or formation_hq(game, formation) in ids


def _hexes(game: Game, specs: object) -> frozenset[Hex] | None:
    if not isinstance(specs, list):
        return None
    out: set[Hex] = set()
    for spec in specs:
        out.update(game.map.hexes(str(spec)))
    return frozenset(out)


@rule("HTTR ScR 5.2.5.1-5.2.5.4", "CP-14", "the corps's HQs need one extra CP on map C or south of the Maas, 1.5 "
      "between the Maas and Waal, 2 north of the Waal; one more for operations over 12 hexes from its route")
def extra_cp(p: Position, hq: str, at: Hex | None = None) -> float | Unknown:
    """The CP an HQ's location (and a unit's operation at ``at``) takes from what it holds; 0 when the game has
    no such rule for it."""
    cfg = p.game.special(ZONES)
    if not isinstance(cfg, dict) or not _of_formation(p.game, hq, str(cfg.get("formation"))):
        return 0.0
    need = (f"the CP attenuation zones and route of {cfg.get('formation')} (game.toml [special.{ZONES}]: "
            "the Maas/Waal bands and Club Route hexes, ScR 5.2.5)")
    where = p.state.where(hq)
    zones = cfg.get("zones")
    if where is None or not isinstance(zones, list):
        return Unknown(need)
    extra = max([float(plain(z.get("extra", 0))) for z in zones if where in (_hexes(p.game, plain(z.get("hexes")))
                                                                               or ())], default=0.0)
    if at is None:
        return extra
    route = _hexes(p.game, cfg.get("route"))
    if route is None:
        return Unknown(need)
    far = min((at.distance(h) for h in route), default=math.inf) > ROUTE_HEXES
    return extra + (1.0 if far else 0.0)


def effective(p: Position, hq: str, at: Hex | None = None) -> float | Unknown:
    """The CP the HQ's units act on: what it holds less its location's extra (ScR 5.2.5, the example L1170:
    '2CP ... as if they only had access to 1 CP'). Reading: 1.5 extra leaves half a CP, which is access to CP
    (SR 14.6.1) but not two (SR 13.2.7.3)."""
    has = held(p, hq)
    if has is None:
        return Unknown(f"the CP held by {hq} (SR 14.3.8: known from the log's first 0601/1501 CP/Logistic Phase "
                       "or its cp declarations)")
    extra = extra_cp(p, hq, at)
    return extra if isinstance(extra, Unknown) else max(0.0, has - extra)
