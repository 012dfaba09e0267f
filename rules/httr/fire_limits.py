"""More HTTR fire restrictions (SR 6.3.1.11-12, 6.4.1.9, 6.5.1.4-6, 9.3.10, 18.2): unobserved barrages, fire from
Travel Mode, engineers' AT fire, towed and AT units firing only in battery. Called by ``fire.judge_fire``."""
from __future__ import annotations

from typing import Protocol

from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.los import touched
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.at_fire import fire_class, target_class, towed_gun
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.entrench import Works
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.los import DIKE_LIKE, Observation
from hexforge.rules.httr.route_barrages import counts_observed, route_needs
from hexforge.rules.httr.units import is_kind, kind_of, mobility, printed_range
from hexforge.rules.registry import rule
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class Position(Board, Protocol):
    rules: RulesSystem
    obs: Observation
    readings: dict[str, str]
    fire: FireLog
    works: Works


def limits(p: Position, d: Declaration, units: list[str], target: Hex | None) -> list[Verdict]:
    out: list[Verdict] = []
    if d.kind == "if" and d.spotter is None and target is not None:
        out.append(check_barrage(p, d, units, target))
    for u in units:
        out += [check_travel(p, d, u, target), check_in_battery(p, d, u)]
        if d.kind == "at":
            out.append(check_engineer_at(p, u))
        indirect = d.kind == "of" and is_kind(p.game, u, "artillery", "spa", "hw")  # IF as OF: not DF
        if d.kind in ("at", "return", "of") and target is not None and not indirect:
            out.append(check_dike(p, u, target))
    if d.kind == "at" and target is not None:
        out.append(check_at_target(p, d, units, target))
    if d.kind == "df" and target is not None:
        out.append(check_conventional_target(p, d, target))
    return out


@rule("HTTR SR 6.2 / 18.8.2", "DF-6", "conventional DF is never aimed at an AFV target class unit (that is AT fire), "
      "but for a very light one in Travel Mode")
def check_conventional_target(p: Position, d: Declaration, target: Hex) -> Verdict:
    """SR 6.2 (L175-L176): 'DF against those units with a Target Class of AFV ... is conducted using Anti-tank (AT)
    Fire'; units in Travel Mode of the very light AFV target class may take either (towed and leg units are
    conventional targets otherwise, 18.8.2, ``at_fire.target_class``). Reading: a DF naming only the hex aims at
    one of its top two (6.3.1.5), so it is illegal only when neither may take conventional fire."""
    aimed = (d.target_unit,) if d.target_unit is not None else mem.top_two(p.state, target)
    answers = [afv_target(p, u) for u in aimed if u in p.game.units]
    if not answers or any(a is None for a in answers):
        return Legal()
    unknown = next((a for a in answers if isinstance(a, Unknown)), None)
    if unknown is not None:
        return NotCheckable(unknown.needs)
    return Illegal("HTTR SR 6.2", f"conventional DF at {' and '.join(map(str, answers))}: fire at the AFV target "
                   "class is AT fire (only a very light AFV target in Travel Mode may take conventional DF)")


def afv_target(p: Position, u: str) -> str | None | Unknown:
    """Why ``u`` may not take conventional DF (an AFV target, SR 6.2), ``None`` when it may."""
    afv = is_kind(p.game, u, "afv")
    if afv is None:
        return Unknown(f"the type of unit {u} (units.csv type: conventional DF is never aimed at an AFV, SR 6.2)")
    if not afv:
        return None
    cls, m = target_class(p, u), mem.mode(p.state, u)
    light = cls == "very light" if isinstance(cls, str) else None
    travel = None if m is None else m == "travel"
    if light and travel:
        return None
    if light is False or travel is False:
        return f"{u}, an AFV" + (f" ({cls} target)" if isinstance(cls, str) else "") + (
            f" in {m.title()} Mode" if m and m != "travel" else "")
    needs = "its mode (its Mode layer)" if m is None else cls.needs if isinstance(cls, Unknown) else ""
    return Unknown(f"{needs}: unit {u} is an AFV, and only a very light AFV target in Travel Mode may take "
                   "conventional DF (SR 6.2)")


@rule("HTTR SR 6.5.1.4-6.5.1.6", "IF-3/IF-4", "at most two artillery units in an unobserved barrage, never at HQs "
      "or Travel units (IF by firers that see the target is observed, as is a scenario's barrage that counts as "
      "observed: ScR 23.1.3)")
def check_barrage(p: Position, d: Declaration, units: list[str], target: Hex) -> Verdict:
    seen = [p.obs.observe(p.state.where(u), target).visible if p.state.where(u) else None for u in units]
    if all(s is True for s in seen):
        return Legal(detail="the firers observe the target themselves (SR 6.5.1.6)")
    if any(s is None for s in seen):
        return NotCheckable(f"whether the firers observe {d.target} (an unobserved barrage is limited, SR 6.5.1.4)")
    as_observed = counts_observed(p, units, target)  # SR 6.5.1.4-6.5.1.5 exceptions: 'scenario rules may modify'
    if as_observed:
        return Legal(detail="the barrage counts as observed (ScR 23.1.3): SR 6.5.1.4-6.5.1.5 do not bind it")
    limited = barrage_limits(p, d, units, target)
    if as_observed is None and isinstance(limited, Illegal):
        return NotCheckable(f"{route_needs(p)}: whether this barrage counts as observed ({limited.rule} otherwise)")
    return limited


def barrage_limits(p: Position, d: Declaration, units: list[str], target: Hex) -> Verdict:
    """SR 6.5.1.4-6.5.1.5 on a barrage that is unobserved."""
    guns = [u for u in units if is_kind(p.game, u, "artillery", "spa")]
    if len(guns) > 2:
        return Illegal("HTTR SR 6.5.1.4", f"{len(guns)} artillery units combine in an unobserved barrage: at most two")
    victims = [d.target_unit] if d.target_unit else list(mem.stack(p.state, target))[:1]
    for v in victims:
        if v is None or v not in p.game.units:
            continue
        if kind_of(p.game, v) is None:
            return NotCheckable(f"the type of unit {v} (units.csv type: HQs are never barraged unobserved)")
        if is_kind(p.game, v, "hq") or mem.mode(p.state, v) == "travel":
            return Illegal("HTTR SR 6.5.1.5", f"{v} is an HQ or in Travel Mode: never the target of an unobserved "
                           "barrage")
    return Legal(detail="an unobserved barrage")


@rule("HTTR SR 6.3.1.11-6.3.1.12", "DF-9/DF-10", "in Travel Mode only AFVs and armored recon fire (reading "
      "travel_fire), and of several Travel units in a hex only one fires into a given target hex")
def check_travel(p: Position, d: Declaration, u: str, target: Hex | None) -> Verdict:
    if mem.mode(p.state, u) != "travel" or d.kind == "if" or is_kind(p.game, u, "at", "artillery", "flak"):
        return Legal()
    kinds = ("afv",) if p.readings.get("travel_fire") == "afv_only" else ("afv", "recon")
    k = is_kind(p.game, u, *kinds)
    if k is None:
        return NotCheckable(f"the type of unit {u} (units.csv type: who fires in Travel Mode)")
    if not k:
        return Illegal("HTTR SR 6.3.1.11", f"{u} is in Travel Mode and is neither an AFV nor armored recon: it may not "
                       "fire")
    at = p.state.where(u)
    twice = [x for x in p.fire.travel_fired.get((at, target), ()) if x != u]
    if twice:
        return Illegal("HTTR SR 6.3.1.12", f"{twice[0]}, also in Travel Mode in its hex, already fired into "
                       f"{d.target}: only one of them may")
    p.fire.travel_fired.setdefault((at, target), []).append(u)
    return Legal()


@rule("HTTR SR 9.3.10 / 18.2.2 / 18.6.1", "MOV-9/SPC-2", "towed and AT units fire only in battery (Defilade) "
      "(SPC-2's OF from the top two: fire.check_top)")
def check_in_battery(p: Position, d: Declaration, u: str) -> Verdict:
    m = mem.mode(p.state, u)
    mob, at = mobility(p.game, u), is_kind(p.game, u, "at")
    if mob != "towed" and not at:
        if m != "defilade" and (isinstance(mob, Unknown) or at is None):
            return NotCheckable(f"whether unit {u} is towed or AT (units.csv mobility and type: those fire only in "
                                "battery, SR 9.3.10, 18.2.2)")
        return Legal()
    if m is None:
        return NotCheckable(f"the mode of unit {u} (its Mode layer)")
    if m != "defilade":
        return Illegal("HTTR SR 18.2.2" if is_kind(p.game, u, "at") else "HTTR SR 9.3.10",
                       f"{u} is not in battery ({m} Mode): towed and AT units fire only displaying the defilade side")
    return Legal()


@rule("HTTR SR 6.4.1.9", "AT-6", "engineers fire AT only in close action")
def check_engineer_at(p: Position, u: str) -> Verdict:
    engineer = is_kind(p.game, u, "engineer")
    if engineer is None:
        return NotCheckable(f"the type of unit {u} (units.csv type: engineers fire AT only in close action, "
                            "SR 6.4.1.9)")
    if engineer:
        return Illegal("HTTR SR 6.4.1.9", f"{u} is an engineer: engineers fire AT only in close action")
    return Legal()


def return_range(p: Position, d: Declaration, u: str, target: Hex, dist: int) -> Verdict:
    """Return fire beyond the adjacent hex (SR 6.6.7.1 L370: 'the normal DF procedure is used') is AT fire:
    conventional fire reaches one hex (6.2.3 L179); AT fire two at most, one for a unit without a printed range of
    two (6.4.1.5 L235), and only at an AFV target, so never at a towed gun in battery (6.4.1.11 L244: 'the AFV unit
    would necessarily have to be adjacent'). Its target: the unit named, else the AT firers in the hex."""
    rng = printed_range(p.game, u)
    if isinstance(rng, Unknown):
        return NotCheckable(rng.needs)
    limit = min(rng, 2)
    if dist > limit:
        return Illegal("HTTR SR 6.4.1.5", f"{u} returns fire {dist} hexes away, beyond its AT range of {limit:g} "
                       "(return fire is DF: conventional fire reaches 1 hex, AT fire at most 2, SR 6.6.7.1, 6.2.3)")
    shooters = p.fire.last_at[1] if p.fire.last_at is not None else ()
    aimed = (d.target_unit,) if d.target_unit else tuple(x for x in shooters if p.state.where(x) == target)
    if aimed and all(x in p.game.units and towed_gun(p.game, x) and mem.mode(p.state, x) != "travel" for x in aimed):
        return Illegal("HTTR SR 6.4.1.11", f"{u} returns fire {dist} hexes away at {', '.join(map(str, aimed))}, "
                       "towed and in battery: a conventional target, whose fire reaches adjacent hexes only (SR 6.2, "
                       "6.2.3, the 6.4.1.11 example)")
    cls = fire_class(p.game, u)
    if isinstance(cls, Unknown):
        return NotCheckable(f"{cls.needs}: return fire from {dist} hexes is AT fire (SR 6.6.7.1, 6.2.3)")
    return Legal(detail=f"return fire from {dist} hexes as {cls} AT fire (SR 6.6.7.1, 6.4.1.5)")


def crossed_sides(a: Hex, b: Hex) -> list[Hexside]:
    """The hexsides the centre-to-centre line from ``a`` to ``b`` passes through or runs along (SR 7.1.3)."""
    line = sorted(touched(a, b), key=lambda t: t.t)
    chain = [a] + [t.hex for t in line if t.kind == "cross"] + [b]
    sides = [Hexside.between(x, y) for x, y in zip(chain, chain[1:]) if x.distance(y) == 1]
    along = [t.hex for t in line if t.kind == "side"]
    return sides + [Hexside.between(x, y) for i, x in enumerate(along) for y in along[i + 1:] if x.distance(y) == 1]


@rule("HTTR SR 6.2.3", "DF-3", "direct fire through a dike hexside has a range of one hex")
def check_dike(p: Position, u: str, target: Hex) -> Verdict:
    """Reading: a dike hexside is a hexside feature of a dike kind (``los.DIKE_LIKE``); the line passes through it
    when it crosses or runs along it (as SR 7.1.3 traces a LOS). A crossed hexside whose features the data does not
    give (unsurveyed) leaves the fire not checkable, naming it."""
    at = p.state.where(u)
    if at is None or at.distance(target) <= 1:
        return Legal()
    terrain, labels = p.game.map.terrain, p.game.map.labels
    sides = crossed_sides(at, target)
    dikes = [s for s in sides if any(f.kind in DIKE_LIKE for f in terrain.hexsides.get(s, ()))]
    if dikes:
        return Illegal("HTTR SR 6.2.3", f"{u} fires through the dike hexside {labels[dikes[0].a]}/{labels[dikes[0].b]}"
                       f" at {labels[target]}, {at.distance(target)} hexes away: through a dike DF reaches one hex")
    unsure = next(((s, why) for s in sides if (why := terrain.unknown_features(s, DIKE_LIKE))), None)
    if unsure is not None:
        (a, b), why = unsure
        return NotCheckable(f"whether hexside {labels.get(a, a)}/{labels.get(b, b)} is a dike hexside ({why}; DF "
                            "through a dike reaches one hex, SR 6.2.3)")
    return Legal()


@rule("HTTR SR 6.2 / 18.3.1", "AT-12", "AT fire at AFVs; at leg and towed units in Travel Mode; at leg units "
      "otherwise only in Defilade in a town or city hex by AFVs and AT/flak units")
def check_at_target(p: Position, d: Declaration, units: list[str], target: Hex) -> Verdict:
    """The AT fire's target unit (the declared one, else the top unit of the hex)."""
    aimed = d.target_unit or next(iter(mem.stack(p.state, target)), None)
    if aimed is None or aimed not in p.game.units:
        return NotCheckable(f"which unit in {d.target} the AT fire aims at")
    afv, leg = is_kind(p.game, aimed, "afv"), mobility(p.game, aimed) == "leg"
    if afv is None:
        return NotCheckable(f"the type of unit {aimed} (units.csv type: AT fire aims at AFV target class units)")
    if afv:
        return Legal()
    if not leg and towed_gun(p.game, aimed) and mem.mode(p.state, aimed) == "travel":
        return Legal(detail=f"{aimed} is a towed unit in Travel Mode: a very light AFV target (SR 6.2 exception, L176)")
    if not leg:
        return NotCheckable(f"the AT target class of unit {aimed} (the AT Fire Table's target types)")
    if mem.mode(p.state, aimed) == "travel":
        return Legal(detail=f"{aimed} is in Travel Mode: a very light AFV target (SR 6.2 exception)")
    kinds = p.game.map.terrain.of(target)
    if kinds is None:
        return NotCheckable(f"terrain of hex {d.target} (unsurveyed; AT fire at leg units only in town or city)")
    why = ("it is not in a town or city hex" if not kinds & {"town", "city"} else
           "it is not in Defilade Mode" if mem.mode(p.state, aimed) != "defilade" else None)
    if why is None:
        firers = [u for u in units if not is_kind(p.game, u, "afv", "at", "flak")]
        why = f"{firers[0]} is neither an AFV nor an AT or flak unit" if firers else None
    if why:
        return Illegal("HTTR SR 18.3.1", f"AT fire at the leg unit {aimed}, but {why}: AT fire reaches leg units "
                       "only in Defilade in a town or city hex, by AFVs and AT/flak units")
    return Legal(detail=f"AT fire at the leg unit {aimed} in Defilade in a town/city (SR 18.3.1)")
