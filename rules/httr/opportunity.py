"""HTTR opportunity fire (SR 6.6, 8.4.4): an ``of`` declaration in the enemy's Movement (or Reaction) Phase,
made before the activity that triggers it (6.6.1.2). Checked: single firers (6.6.1.3, reading
``of_combined``), each firer exerting a ZOC into the trigger hex (6.6.4.1; a CA's defenders excepted), no OF at
units leaving forest or city unless they close-assault from there (8.4.4), and that the targeted unit then
does what triggered the fire (6.6.1.1-6.6.1.2): a trigger ``leave`` or ``move`` is a move out of the hex,
``order`` a move within it, ``mode`` a mode change, ``mount`` a (dis)mount, ``ca`` a close action declared from
the hex; without a trigger word any of them, and the verdict says it guessed. Each controlling unit fires once
at one trigger (6.6.2.1); involuntary changes trigger nothing (6.6.2.3, 6.7.1, 6.7.2.3, 10.1.16): a retreat or
advance after close action, a move to Defilade by a unit whose DEF result is not yet applied (reading: other
Defilade changes are voluntary; the log cannot tell a 6.7.1 choice after No Effect from a later one).

Ambush fire (6.6.8) is the trigger ``ambush``, declared just after the move that entered the target hex (the
log shows the drop first); it waits for nothing. Nor does IF as OF at a moving unit (6.6.5: an artillery or HW
firer beyond the adjacent hex, a ``spotter`` named, which may be the firer, and no trigger word), declared after
the moves its spotter watched.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.builder.timeline import ChatLine, Event, Move, StepChange
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.close_action import CaLog
from hexforge.rules.httr.declaration import Declaration, parse
from hexforge.rules.httr.entrench import Works, benefits
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.indirect import communication
from hexforge.rules.httr.los import Observation
from hexforge.rules.httr.units import is_kind
from hexforge.rules.httr.los import ADJACENT_ONLY, WITHIN_TWO
from hexforge.rules.httr.movement import Movement, Step
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

COVER = frozenset({"forest", "city"})  # SR 8.4.4 (L442)
COVERING = ADJACENT_ONLY | WITHIN_TWO  # SR 7.3.3 (L415): covering terrain, for ambush fire (6.6.8)
DOES = {"leave": "leaves its hex", "order": "changes its place in the stack", "mode": "changes mode",
        "mount": "mounts or dismounts", "ca": "close-assaults"}  # the triggers of SR 6.6.2-6.6.3


@dataclass(frozen=True, slots=True)
class Waiting:
    """An OF declared, waiting for its trigger: the declaration's event index, the hex and its targets."""

    index: int
    at: Hex
    targets: frozenset[str]
    trigger: str | None
    firers: tuple[str, ...] = ()
    exposed: frozenset[str] = frozenset()  # targets with a DEF result due: their Defilade is involuntary
    defends: frozenset[str] = frozenset()  # firers at a close action that must be in the assaulted hex (6.6.3.1)


class Position(Board, Protocol):
    readings: dict[str, str]
    fire: FireLog
    ca: CaLog
    of_wait: list[Waiting]
    moves: dict[str, Step]
    obs: Observation
    night: bool
    works: Works


def judge_of(p: Position, d: Declaration, units: list[str]) -> list[Verdict]:
    target = p.hex(d.target)
    if target is None:
        return []
    if units and watched_if(p, d, units[0], target):
        return [check_single(p, units), check_watched(p, d, units[0], target), *communication(p, d, units)]
    out = [check_single(p, units), *[check_zoc(p, d, u, target) for u in units], check_cover(p, d, target)]
    if d.trigger == "ambush":
        return out + [check_ambush(p, d, u, target) for u in units]
    return out + [check_each_once(p, d, u, target) for u in units]


def waiting(p: Position, index: int, d: Declaration, units: list[str]) -> Waiting | None:
    """The OF's wait for its trigger (none for ambush fire, which follows the entering move)."""
    target = p.hex(d.target)
    if target is None or d.trigger == "ambush" or units and watched_if(p, d, units[0], target):
        return None
    targets = frozenset({d.target_unit}) if d.target_unit else frozenset(p.state.at(target))
    due = {u for _, u in p.fire.defilade_due}  # a DEF result not yet applied: its Defilade is involuntary (6.7.2.3)
    defends = frozenset(u for u in units if d.trigger == "ca" and next_to(p, u, target)
                        and defender_only(p, u, target) is not False)  # one from afar: check_ca_firer judged it
    return Waiting(index, target, targets, d.trigger, tuple(units), frozenset(targets & due), defends)


@rule("HTTR SR 6.6.2.1 / 8.2", "OF-4", "leaving an EZOC triggers one OF from each controlling unit; units moved "
      "one by one trigger it each")
def check_each_once(p: Position, d: Declaration, u: str, target: Hex) -> Verdict:
    """A unit declaring a second OF before the activity its first OF waits for fires twice at one trigger
    (a close action's defenders excepted: they may split their fire, SR 6.6.3.6)."""
    if d.trigger == "ca":
        return Legal()
    if any(u in w.firers and w.at == target for w in p.of_wait):
        return Illegal("HTTR SR 6.6.2.1", f"{u} fires OF at {d.target} twice before one activity: a trigger draws one "
                       "OF from each controlling unit (each unit moved separately triggers again)")
    return Legal()


@rule("HTTR SR 6.6.8.1-6.6.8.4", "OF-14", "ambush fire only at a unit not in Defilade that entered a hex without "
      "covering terrain in the ambusher's ZOC; the ambusher in covering terrain (or, at AFVs, infantry or engineers "
      "in an entrenchment), with no enemy already adjacent")
def check_ambush(p: Position, d: Declaration, u: str, target: Hex) -> Verdict:
    """Reading: the targets are the declared unit, else the units in the hex that moved this phase; 'already
    adjacent' enemies are those next to the ambusher other than the targets; an ambusher 'in an entrenchment'
    (6.6.8.4) is one that benefits from it (``entrench.benefits``: in Defilade on an Entrenchment marker)."""
    targets = [d.target_unit] if d.target_unit else [x for x in p.state.at(target) if x in p.moves]
    at = p.state.where(u)
    if not targets or any(x not in p.moves for x in targets):
        return Illegal("HTTR SR 6.6.8.1", f"ambush fire at {d.target}, but no unit there entered it this phase")
    if at is None:
        return NotCheckable(f"where {u} stands")
    kinds, own = p.game.map.terrain.of(target), p.game.map.terrain.of(at)
    if kinds is None or own is None:
        return NotCheckable(f"terrain of hexes {d.target} and {p.game.map.labels[at]} (unsurveyed: ambush fire "
                            "needs covering terrain, SR 6.6.8)")
    side = p.state.side(u)
    near = [x for h in at.neighbours() for x in p.state.at(h) if p.state.side(x) != side and x not in targets]
    dug_in = None if own & COVERING else entrenched_at_afvs(p, u, targets)
    if dug_in is None and not own & COVERING:
        return NotCheckable(f"whether {u} is infantry or engineers in an entrenchment and {', '.join(targets)} AFVs "
                            "(units.csv type; the unit's mode: SR 6.6.8.4)")
    why = (f"{targets[0]} is in Defilade Mode" if any(mem.mode(p.state, x) == "defilade" for x in targets) else
           f"{d.target} has covering terrain ({'/'.join(sorted(kinds & COVERING))})" if kinds & COVERING else
           f"{u} is not in covering terrain (nor infantry or engineers in an entrenchment at AFVs, SR 6.6.8.4)"
           if not own & COVERING and not dug_in else
           f"enemy unit {near[0]} is already adjacent to {u}" if near else None)
    if why:
        return Illegal("HTTR SR 6.6.8.1" if "Defilade" in why or "has covering" in why else "HTTR SR 6.6.8.2"
                       if "not in covering" in why else "HTTR SR 6.6.8.3", f"no ambush fire: {why}")
    return Legal(detail=f"ambush fire from {'an entrenchment' if dug_in else 'cover'} at {', '.join(targets)} "
                 f"entering {d.target} (SR 6.6.8)")


def entrenched_at_afvs(p: Position, u: str, targets: list[str]) -> bool | None:
    """SR 6.6.8.4 (L380): is ``u`` an infantry or engineer unit in an entrenchment ambushing only AFVs? None when a
    type or mode it depends on is not known."""
    kinds = [is_kind(p.game, u, "infantry", "engineer"), *(is_kind(p.game, x, "afv") for x in targets)]
    if False in kinds:
        return False
    dug = benefits(p, p.works, u)
    return None if dug is None or None in kinds else dug


@rule("HTTR SR 6.6.1.3", "OF-3", "OF by single units only (reading of_combined)")
def check_single(p: Position, units: list[str]) -> Verdict:
    if len(units) > 1 and p.readings.get("of_combined") != "combined":
        return Illegal("HTTR SR 6.6.1.3", f"{', '.join(units)} combine in one opportunity fire: OF is by single "
                       "units (reading of_combined: single)")
    return Legal()


def zoc_into(p: Position, u: str, target: Hex) -> bool | None:
    """Does ``u`` exert a ZOC into ``target`` now (SR 8.0-8.6), seen with the turn's night and weather (7.2.2-7.2.3:
    a two-hex ZOC reaches only a hex the unit observes, 8.4.1)? None when unknown or nobody of the other side is
    there."""
    here = [x for x in p.state.at(target) if p.state.side(x) != p.state.side(u)]
    if not here or p.state.where(u) is None:
        return None
    return Movement(p.game, p.state, here[0], obs=p.obs, night=p.night).exerts(u, target)


def next_to(p: Position, u: str, target: Hex) -> bool:
    at = p.state.where(u)
    return at is not None and at.distance(target) == 1


def defender_only(p: Position, u: str, target: Hex) -> bool | None:
    """May ``u`` fire OF at a close action from ``target`` only as a unit of the assaulted stack (SR 6.6.3.1): it
    exerts no ZOC into the attacker's hex (disrupted, 6.6.3.2; a forest or city hex, 8.4.1, 8.4.4), or it is below
    its stack's top two (6.3.1.4; 6.6.3.1 lets every defender fire)? None when its ZOC is not known."""
    at = p.state.where(u)
    if at is not None and u not in mem.stack(p.state, at)[:2]:
        return True
    got = zoc_into(p, u, target)
    return None if got is None else not got


@rule("HTTR SR 6.6.3.1 / 8.2 / 8.4.4", "OF-8", "OF at a close action's attackers only by the units of the assaulted "
      "stack, or by units exerting a ZOC into the attacker's hex (none into forest or city)")
def check_ca_firer(p: Position, d: Declaration, u: str, target: Hex) -> Verdict:
    """An OF with trigger ``ca`` at the attackers in ``target``: a unit not next to it fires only through its ZOC;
    one next to it without a ZOC there must be in the hex the close action assaults (judged at the CA,
    :func:`check_defender`)."""
    at = p.state.where(u)
    if at is None:
        return NotCheckable(f"where {u} stands")
    only = defender_only(p, u, target)
    if only is False:
        return Legal()
    if at.distance(target) == 1:
        return Legal(detail=f"{u} may fire at the close action only if it assaults {p.game.map.labels[at]} (SR "
                     "6.6.3.1)")
    if only is None:
        return NotCheckable(f"whether {u} exerts a ZOC into {d.target} (SR 8.0: terrain, range, observation)")
    return Illegal("HTTR SR 6.6.3.1", f"{u} is not next to {d.target} and exerts no ZOC into it: OF at a close "
                   "action is by the assaulted stack's units or by units whose ZOC covers the attacker (SR 8.2)")


@rule("HTTR SR 6.6.3.1", "OF-8", "a unit firing OF at a close action without a ZOC into the attacker's hex is in the "
      "assaulted hex")
def check_defender(p: Position, w: Waiting, assaulted: Hex | None) -> Verdict:
    """At the close action an OF with trigger ``ca`` waited for: each of its firers that could fire only as a
    defender (:func:`defender_only`) stands in the assaulted hex."""
    for u in sorted(w.defends):
        if assaulted is None or p.state.where(u) == assaulted:
            continue
        if defender_only(p, u, w.at) is None:
            return NotCheckable(f"whether {u} exerts a ZOC into {p.game.map.labels[w.at]} (SR 8.0: terrain, range, "
                                "observation)")
        return Illegal("HTTR SR 6.6.3.1", f"{u} fired OF at the close action from {p.game.map.labels[w.at]}, which "
                       f"assaults {p.game.map.labels[assaulted]}: without a ZOC into the attacker's hex (or below its "
                       "stack's top two) only a unit of the assaulted stack fires")
    return Legal()


@rule("HTTR SR 6.6.4.1", "OF-11", "DF OF by a unit exerting a ZOC into the trigger hex")
def check_zoc(p: Position, d: Declaration, u: str, target: Hex) -> Verdict:
    """Reading: the ZOC is the one of the turn (its night and weather, SR 7.2.2-7.2.3 through 8.4.1)."""
    if d.trigger == "ca":
        return check_ca_firer(p, d, u, target)
    if mem.has(p.state, u, "disrupted"):
        return Legal(detail="a disrupted firer: SR 6.6.3.1 judges it")
    if p.state.where(u) is None or not [x for x in p.state.at(target) if p.state.side(x) != p.state.side(u)]:
        return NotCheckable(f"who stands in {d.target} and where {u} is")
    got = zoc_into(p, u, target)
    if got is None:
        return NotCheckable(f"whether {u} exerts a ZOC into {d.target} (SR 8.0: terrain, range, observation)")
    if not got:
        return Illegal("HTTR SR 6.6.4.1", f"{u} exerts no ZOC into {d.target} and may not fire OF there")
    return Legal()


@rule("HTTR SR 8.4.4", "OF-15", "no OF at units leaving forest or city, except a CA from there")
def check_cover(p: Position, d: Declaration, target: Hex) -> Verdict:
    if d.trigger not in ("leave", "move", "ferry"):  # a ferry crossing leaves the hex too (SR 6.3.4.2)
        return Legal()
    kinds = p.game.map.terrain.of(target)
    if kinds is None:
        return NotCheckable(f"terrain of hex {d.target} (unsurveyed)")
    if kinds & COVER:
        return Illegal("HTTR SR 8.4.4", f"OF at units leaving {'/'.join(sorted(kinds & COVER))} hex {d.target}: "
                       "only a close action from there draws OF")
    return Legal()


Activity = tuple[str, str | None, Hex | None]  # (kind, unit or a CA's attacking hex, the hex a CA assaults)


def trigger_of(p: Position, e: Event, uid: str | None) -> Activity | None:
    """What a phasing unit's activity is as an OF trigger: (kind, unit, None), or for a close action ("ca", its
    attacking hex, the hex it assaults); ``None`` when it is none. A retreat or advance after close action is
    ``involuntary``; a change to Defilade is ``defilade`` (involuntary for a unit already fired at, SR 6.7.1)."""
    if isinstance(e, Move) and uid is not None:
        if uid in p.ca.involved:
            return "involuntary", uid, None  # SR 10.1.16 (L547): retreat and advance after CA draw no OF
        return ("order" if p.hex(e.to_hex) == p.state.where(uid) else "leave"), uid, None
    if isinstance(e, StepChange) and uid is not None:
        said = mem.layer_change(e.trait, e.new, p.channel)
        if said is not None and said[0] == "mode":
            return ("defilade" if said[1] == "defilade" else "mode"), uid, None
        if said is not None and said[0] == "dismounted":
            return "mount", uid, None
    if isinstance(e, ChatLine):
        d = parse(e.text)
        if d is not None and d.kind == "ca":
            return "ca", d.firers[0], p.hex(d.target)
    return None


@rule("HTTR SR 6.6.1.1-6.6.1.2 / 6.6.2.2-6.6.2.4", "OF-1/OF-2/OF-5",
      "OF only at the units that trigger it, before their activity: leaving, a voluntary mode change, a stack "
      "reorder or a (dis)mount in the EZOC, each a trigger of its own")
def judge_trigger(p: Position, w: Waiting, act: Activity) -> Verdict:
    kind, who, assaulted = act
    if kind == "involuntary" or kind == "defilade" and who in w.exposed:
        return check_voluntary(p, w, who)
    kind = "mode" if kind == "defilade" else kind
    ok_unit = who in w.targets if kind != "ca" else p.hex(who) == w.at
    wanted = {"leave": ("leave",), "move": ("leave",), "ferry": ("leave",), "order": ("order",), "mode": ("mode",),
              "mount": ("mount",), "ca": ("ca",)}.get(w.trigger or "", ("leave", "order", "mode", "mount", "ca"))
    label = p.game.map.labels[w.at]
    if ok_unit and kind in wanted and kind in ("mode", "order") and who not in mem.stack(p.state, w.at)[:2]:
        p.fire.of_low.append((w.index, w.at, who, mem.stack(p.state, w.at)))  # SR 6.6.2.5: judged at the end
    if ok_unit and kind in wanted and kind == "ca" and w.defends:
        defended = check_defender(p, w, assaulted)
        if not isinstance(defended, Legal):
            return defended
    if ok_unit and kind in wanted:
        return Legal(detail=f"the OF's target then {DOES[kind]} (SR 6.6.1.2)",
                     guess=None if w.trigger else f"the OF was triggered by the {kind} that followed")
    return Illegal("HTTR SR 6.6.1.1", f"opportunity fire at {label} ({', '.join(sorted(w.targets))}) is not followed "
                   f"by its trigger ({w.trigger or 'any'}): the next activity is a {kind} by {who}")


@rule("HTTR SR 6.6.2.3 / 6.7.1 / 6.7.2.3 / 10.1.16", "OF-6", "involuntary changes trigger no OF: Defilade under "
      "fire, retreat and advance after close action")
def check_voluntary(p: Position, w: Waiting, who: str | None) -> Verdict:
    """The activity that followed an OF declaration is involuntary: the OF had no trigger."""
    what = "retreats or advances after close action" if who in p.ca.involved else "adopts Defilade under fire"
    return Illegal("HTTR SR 6.6.2.3", f"opportunity fire at {p.game.map.labels[w.at]}, but {who} then {what}: an "
                   "involuntary change triggers no OF")


def watched_if(p: Position, d: Declaration, u: str, target: Hex) -> bool:
    """IF as OF of SR 6.6.5: a spotter named, no trigger word, an artillery or HW firer beyond the adjacent hex (an
    OF with a trigger is one its trigger draws, 6.6.2, which a range-2 ZOC lets such units fire as IF too)."""
    at = p.state.where(u)
    return d.spotter is not None and d.trigger is None and at is not None and at.distance(target) > 1 and \
        bool(is_kind(p.game, u, "artillery", "spa", "hw"))


def track(fire: FireLog, uid: str, start, to) -> None:
    """A unit's drops this phase, in order (``start``: where it was before this move)."""
    if start is not None and to is not None and start != to:
        fire.paths.setdefault(uid, [start]).append(to)


@rule("HTTR SR 6.6.5.1", "OF-12", "IF as OF only at a unit that moved more than 2 contiguous hexes (leg) or 4 "
      "(AFV or in Travel) under one spotter's continuous observation")
def check_watched(p: Position, d: Declaration, u: str, target: Hex) -> Verdict:
    """Reading: the hexes that must be watched are the last 3 (or 5) the unit entered, and the hex it left first."""
    moved = d.target_unit or next((x for x in p.state.at(target) if x in p.fire.paths), None)
    path = p.fire.paths.get(moved or "", [])
    if moved is None or p.state.where(moved) != target or not path:
        return Illegal("HTTR SR 6.6.5.1", f"IF as OF at {d.target}, but no unit there has moved this phase")
    afv = is_kind(p.game, moved, "afv")  # an armored car too (SR 18.9.7: 'considered AFV units')
    vehicle = afv or mem.mode(p.state, moved) == "travel"
    if afv is None and not vehicle:
        return NotCheckable(f"the type of unit {moved} (units.csv type: IF as OF needs more than 2 hexes of leg "
                            "movement, more than 4 of an AFV, SR 6.6.5.1)")
    need = 5 if vehicle else 3
    if any(a.distance(b) > 1 for a, b in zip(path, path[1:])):
        return NotCheckable(f"the hexes {moved} passed through between its drops (SR 6.6.5.1: each must be watched)")
    if len(path) - 1 < need:
        return Illegal("HTTR SR 6.6.5.1", f"{moved} moved {len(path) - 1} hexes: IF as OF needs more than "
                       f"{need - 1} ({'vehicular' if vehicle else 'infantry'} movement)")
    spotter = d.spotter if d.spotter in p.game.units else u  # an unknown id: the communication checks say so
    eye = p.state.where(spotter)
    if eye is None:
        return NotCheckable(f"where spotter {spotter} stands")
    for h in path[-need - 1:]:
        seen = p.obs.observe(eye, h)
        if seen.visible is None:
            return NotCheckable(seen.reason.removeprefix("not checkable: "))
        if not seen.visible:
            return Illegal("HTTR SR 6.6.5.1", f"{spotter} did not observe {moved} in {p.game.map.labels[h]}: "
                           f"{seen.reason}")
    return Legal(detail=f"{spotter} watched {moved} over {need} hexes (SR 6.6.5.1)")


@rule("HTTR SR 6.6.2.5", "OF-7", "when a whole stack changes both mode and stacking order, only its top two at the "
      "moment of firing may be OF targets")
def judge_whole_stack(p: Position, start: GameState) -> list[tuple[int, Verdict]]:
    """At the phase's end: each OF at a unit below the top two that triggered it by a mode or order change, when
    every unit of its stack then changed mode (from ``start``, the phase's first position) and their order changed."""
    out: list[tuple[int, Verdict]] = []
    for index, at, who, stack in p.fire.of_low:
        now = [u for u in mem.stack(p.state, at) if u in stack]
        if len(now) != len(stack) or now == list(stack):
            continue
        if all(mem.mode(start, u) != mem.mode(p.state, u) for u in stack):
            out.append((index, Illegal("HTTR SR 6.6.2.5", f"the whole stack in {p.game.map.labels[at]} changed mode "
                                       f"and order: only its top two ({', '.join(stack[:2])}) could be fired at, not "
                                       f"{who}")))
    p.fire.of_low.clear()
    return out
