"""HTTR opportunity fire (SR 6.6, 8.4.4): an ``of`` declaration in the enemy's Movement (or Reaction) Phase,
made before the activity that triggers it (6.6.1.2). Checked: single firers (6.6.1.3, reading
``of_combined``), each firer exerting a ZOC into the trigger hex (6.6.4.1; a CA's defenders excepted), no OF at
units leaving forest or city unless they close-assault from there (8.4.4), and that the targeted unit then
does what triggered the fire (6.6.1.1-6.6.1.2): a trigger ``leave`` or ``move`` is a move out of the hex,
``order`` a move within it, ``mode`` a mode change, ``mount`` a (dis)mount, ``ca`` a close action declared from
the hex; without a trigger word any of them, and the verdict says it guessed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.builder.timeline import ChatLine, Event, Move, StepChange
from hexforge.games.channel import Channel
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.declaration import Declaration, parse
from hexforge.rules.httr.movement import Movement
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

COVER = frozenset({"forest", "city"})  # SR 8.4.4 (L442)


@dataclass(frozen=True, slots=True)
class Waiting:
    """An OF declared, waiting for its trigger: the declaration's event index, the hex and its targets."""

    index: int
    at: Hex
    targets: frozenset[str]
    trigger: str | None


class Position(Protocol):
    game: Game
    state: GameState
    readings: dict[str, str]
    channel: Channel

    def hex(self, label: str | None) -> Hex | None: ...


def judge_of(p: Position, d: Declaration, units: list[str]) -> list[Verdict]:
    target = p.hex(d.target)
    if target is None:
        return []
    return [check_single(p, units), *[check_zoc(p, d, u, target) for u in units], check_cover(p, d, target)]


def waiting(p: Position, index: int, d: Declaration) -> Waiting | None:
    target = p.hex(d.target)
    if target is None:
        return None
    targets = frozenset({d.target_unit}) if d.target_unit else frozenset(p.state.at(target))
    return Waiting(index, target, targets, d.trigger)


@rule("HTTR SR 6.6.1.3", "OF-3", "OF by single units only (reading of_combined)")
def check_single(p: Position, units: list[str]) -> Verdict:
    if len(units) > 1 and p.readings.get("of_combined") != "combined":
        return Illegal("HTTR SR 6.6.1.3", f"{', '.join(units)} combine in one opportunity fire: OF is by single "
                       "units (reading of_combined: single)")
    return Legal()


@rule("HTTR SR 6.6.4.1", "OF-11", "DF OF by a unit exerting a ZOC into the trigger hex")
def check_zoc(p: Position, d: Declaration, u: str, target: Hex) -> Verdict:
    if d.trigger == "ca":
        return Legal(detail="OF at close-assaulting units (SR 6.6.3)")
    if mem.has(p.state, u, "disrupted"):
        return Legal(detail="a disrupted firer: SR 6.6.3.1 judges it")
    here = [x for x in p.state.at(target) if p.state.side(x) != p.state.side(u)]
    if not here or p.state.where(u) is None:
        return NotCheckable(f"who stands in {d.target} and where {u} is")
    got = Movement(p.game, p.state, here[0]).exerts(u, target)
    if got is None:
        return NotCheckable(f"whether {u} exerts a ZOC into {d.target} (SR 8.0: terrain, range, observation)")
    if not got:
        return Illegal("HTTR SR 6.6.4.1", f"{u} exerts no ZOC into {d.target} and may not fire OF there")
    return Legal()


@rule("HTTR SR 8.4.4", "OF-15", "no OF at units leaving forest or city, except a CA from there")
def check_cover(p: Position, d: Declaration, target: Hex) -> Verdict:
    if d.trigger not in ("leave", "move"):
        return Legal()
    kinds = p.game.map.terrain.of(target)
    if kinds is None:
        return NotCheckable(f"terrain of hex {d.target} (unsurveyed)")
    if kinds & COVER:
        return Illegal("HTTR SR 8.4.4", f"OF at units leaving {'/'.join(sorted(kinds & COVER))} hex {d.target}: "
                       "only a close action from there draws OF")
    return Legal()


def trigger_of(p: Position, e: Event, uid: str | None) -> tuple[str, str | None] | None:
    """What a phasing unit's activity is as an OF trigger: (kind, unit); ``None`` when it is none."""
    if isinstance(e, Move) and uid is not None:
        return ("order" if p.hex(e.to_hex) == p.state.where(uid) else "leave"), uid
    if isinstance(e, StepChange) and uid is not None:
        said = mem.layer_change(e.trait, e.new, p.channel)
        if said is not None and said[0] == "mode":
            return "mode", uid
        if said is not None and said[0] == "dismounted":
            return "mount", uid
    if isinstance(e, ChatLine):
        d = parse(e.text)
        if d is not None and d.kind == "ca":
            return "ca", d.firers[0]
    return None


@rule("HTTR SR 6.6.1.1-6.6.1.2", "OF-1/OF-2", "OF only at the units that trigger it, before their activity")
def judge_trigger(p: Position, w: Waiting, act: tuple[str, str | None]) -> Verdict:
    kind, who = act
    ok_unit = who in w.targets if kind != "ca" else p.hex(who) == w.at
    wanted = {"leave": ("leave",), "move": ("leave",), "order": ("order",), "mode": ("mode",), "mount": ("mount",),
              "ca": ("ca",)}.get(w.trigger or "", ("leave", "order", "mode", "mount", "ca"))
    label = p.game.map.labels[w.at]
    if ok_unit and kind in wanted:
        return Legal(detail=f"the OF's target then {kind}s (SR 6.6.1.2)",
                     guess=None if w.trigger else f"the OF was triggered by the {kind} that followed")
    return Illegal("HTTR SR 6.6.1.1", f"opportunity fire at {label} ({', '.join(sorted(w.targets))}) is not followed "
                   f"by its trigger ({w.trigger or 'any'}): the next activity is a {kind} by {who}")
