"""F&M combat: strengths with SFMs and fortifications, the terrain line, the CRT result, and
whether what the log shows afterwards applies that result (F&M 8.1-8.5)."""
from __future__ import annotations


from dataclasses import dataclass, field

from hexforge.builder.locations import OFF_MAP
from hexforge.builder.timeline import Eliminated, Event, Move, StepChange
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.core import crt as crtlib
from hexforge.rules.core.movement import BRIDGES, WATER
from hexforge.rules.fm.retreat import (judge_advance, judge_direction, judge_displacement, judge_retreat,
                                         legal_retreats)
from hexforge.rules.fm.sfm import Mark
from hexforge.rules.registry import note, rule
from hexforge.rules.state import FRONT, STEP_TRAIT, GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict
from hexforge.rules.fm.judge import Judge
from hexforge.rules.fm.system import FireAndMovement


@dataclass(slots=True)
class Attack:
    """An attack being resolved: declared (or inferred), its roll and what followed."""

    kind: str  # combat | bombardment
    target: Hex | None
    attackers: list[str]
    sfm: list[int]
    dsfm: list[int]
    declared_at: int | None
    marks: list[Mark] = field(default_factory=list)  # the attacker's markers as declared (values and tags)
    dmarks: list[Mark] = field(default_factory=list)
    guess: str | None = None
    roll: int | None = None
    roll_index: int | None = None
    defender: str | None = None
    events: list[int] = field(default_factory=list)
    before: GameState | None = None


note("F&M CRT", "CMB-5", "below a line's lowest differential use the lowest; above +10 use +10", "core.crt.column_for")

NO_EFFECT_IN_BOMBARDMENT = ("Ae", "A1", "A2", "A3", "Ex")


@rule("F&M 8.2.1", "GC-4/BOM-3", "differential = attack total + SFMs (halved into a fortification) - defense "
      "(doubled in a fortification) - defender SFMs")
def differential(rules: FireAndMovement, st: GameState, a: Attack) -> int | Unknown:
    fort = rules.is_fortification(a.target)
    if isinstance(fort, Unknown):
        return fort
    att = sum((s // 2 if fort else s) for s in a.sfm)  # F&M 8.2.3: each attacker SFM halved (per marker)
    if a.kind == "combat":
        for u in a.attackers:
            v = rules.value(u, "attack", st)
            if isinstance(v, Unknown):
                return v
            att += v
    v = rules.value(a.defender, "defense", st)
    if isinstance(v, Unknown):
        return v
    return int(att - (v * 2 if fort else v) - sum(a.dsfm))


@rule("F&M 8.2.2", "GC-5", "CRT line: the defender's terrain most beneficial to it; river only if every attacker "
      "crosses an unbridged river; bridge line if one attacks across a bridge; no hexsides in bombardment")
def lines(rules: FireAndMovement, st: GameState, a: Attack) -> list[str] | Unknown:
    types = rules.hex_types(a.target)
    if types is None:
        return Unknown(f"terrain of hex {rules.map.labels.get(a.target)} (unsurveyed)")
    out = []
    for t in sorted(types):
        v = rules.tec_cell(t, "combat")
        if isinstance(v, Unknown):
            return Unknown(f"the CRT line for {t!r} (TEC {t!r} combat)")
        if rules.has_crt_line(str(v)):
            out.append(str(v))
    if a.kind == "combat" and a.attackers:
        sides = [rules.crossing(st, u, st.where(u), a.target) for u in a.attackers
                 if st.where(u) is not None and st.where(u).distance(a.target) == 1]
        crossing = [k for k in sides if k & set(WATER) or k & set(BRIDGES)]
        if sides and len(crossing) == len(sides):
            if any(k & set(BRIDGES) for k in sides):
                out.append(_line(rules, "bridge"))
            else:
                out.append(_line(rules, "river"))
    if not out:
        return Unknown(f"a CRT line for the terrain of {rules.map.labels.get(a.target)} ({', '.join(sorted(types))})")
    return out


def _line(rules: FireAndMovement, terrain: str) -> str:
    v = rules.tec_cell(terrain, "combat")
    return str(v) if not isinstance(v, Unknown) else f"{terrain} (unknown)"


def expected(rules: FireAndMovement, a: Attack) -> tuple[str, int, str] | Unknown:
    """(result code, differential, line) for the attack's roll."""
    st = a.before
    if a.roll is None:
        return Unknown("the die roll")
    d = differential(rules, st, a)
    if isinstance(d, Unknown):
        return d
    ls = lines(rules, st, a)
    if isinstance(ls, Unknown):
        return ls
    cols = []
    for line in ls:
        c = crtlib.column_for(rules.crt, line, d)
        if isinstance(c, Unknown):
            return c
        cols.append((c, line))
    col, line = min(cols)  # most beneficial to the defender: the lowest column (F&M 8.2.2)
    r = crtlib.result(rules.crt, col, a.roll)
    if isinstance(r, Unknown):
        return Unknown(f"{r.needs} (differential {d:+d} on the {line} line)")
    return crtlib.normal(r), d, line


@rule("F&M 8.1.3", "BOM-4", "in a bombardment Ae, A1-A3 and Ex are no effect; (A) only with a bombarding-side "
      "unit adjacent to the target")
def resolve(rules: FireAndMovement, ch: Judge, a: Attack) -> None:
    """Judge the roll and every event that followed it against the CRT result (F&M 8.2.4, 8.3-8.5)."""
    st = a.before
    got = expected(rules, a)
    if isinstance(got, Unknown):
        ch.say(a.roll_index, NotCheckable(got.needs, a.guess))
        for i in a.events:
            ch.say(i, NotCheckable(f"the combat result ({got.needs})", a.guess))
        return
    code, diff, line = got
    note = f"roll {a.roll}, differential {diff:+d}, {line} line: {code}"
    if a.kind == "bombardment" and code in NO_EFFECT_IN_BOMBARDMENT:
        code = "•"  # F&M 8.1.3
    if a.kind == "bombardment" and code == "(A)" and not _bombarder_adjacent(rules, st, a):
        code = "•"  # F&M 8.1.3 friendly fire needs an adjacent friendly unit
    out = apply_result(rules, ch, a, code, st)
    ch.say(a.roll_index, out or Legal(a.guess, note))  # a guess only when no declaration named the attack


def _stiff_resistance_by_elimination(rules: FireAndMovement, st: GameState, d: str, res: str, b: str) -> Verdict:
    """F&M 8.4: a unit that could retreat may instead be eliminated only if it is depleted or one-step."""
    if d in st.reduced:
        return Legal()
    unit = rules.game.units.get(d)
    if unit is not None and unit.has_reduced_side:
        return Illegal(f"{b} 8.4", f"{res}: {d} could retreat; a full-strength two-step unit taking stiff "
                       "resistance is depleted, not eliminated")
    return NotCheckable(f"whether {d} is a one-step unit (8.4: only a depleted or one-step unit may take stiff "
                        "resistance by elimination; counter backs are not in units.csv)")


def _bombarder_adjacent(rules: FireAndMovement, st: GameState, a: Attack) -> bool:
    side = st.side(a.defender)
    return any(st.side(u) != side for n in a.target.neighbours() for u in st.at(n))


@rule("F&M 8.2.4", "RES-1..6/RET-1..6/SR-1..4/ADV-1..5", "each result applied exactly: De, Ex, D2/D3 "
      "(retreat or stiff resistance), (A), A1-A3, Ae, no effect; retreat and advance paths")
@dataclass(slots=True)
class AfterRoll:
    """The log's events after a combat roll, sorted by whom they touch (F&M 8.2.4)."""

    d_moves: list[tuple[int, Event]]
    d_loss: list[tuple[int, Event]]
    att_loss: list[tuple[int, Event]]
    att_moves: list[tuple[int, Event]]  # what is left of them once retreats are judged: the advances

    @property
    def eliminated(self) -> bool:
        return any(isinstance(e, Eliminated) for _, e in self.d_loss)


def apply_result(rules: FireAndMovement, ch: Judge, a: Attack, code: str, st: GameState) -> Verdict | None:
    """Compare the events after the roll with the result; verdicts go on the events; returns the
    roll's own verdict when the log is missing something the result requires."""
    ev = _after_roll(rules, ch, a, code, st)
    if code == "Ex":
        return _exchange(rules, ch, a, ev)
    v = _defender_result(rules, ch, a, code, st, ev)
    if v is not None:
        return v
    v = _attacker_result(rules, ch, a, code, st, ev)
    if v is None and ev.att_moves:
        _advances(rules, ch, a, ev.att_moves, None, st)
    return v


def _after_roll(rules: FireAndMovement, ch: Judge, a: Attack, code: str, st: GameState) -> AfterRoll:
    """The events after the roll by whom they touch; displacements taken out (F&M 8.3.1), units that took part
    in no combat flagged (F&M 8.2.4)."""
    d = a.defender
    events = [(i, taken_off(ch, ch.judged[i].event, st)) for i in a.events]
    def uid(e): return ch.unit(e)
    d_moves = [(i, e) for i, e in events if uid(e) == d and isinstance(e, Move)]
    d_loss = [(i, e) for i, e in events if uid(e) == d and isinstance(e, (StepChange, Eliminated))]
    att_loss = [(i, e) for i, e in events if uid(e) in a.attackers and isinstance(e, (StepChange, Eliminated))]
    att_moves = [(i, e) for i, e in events if uid(e) in a.attackers and isinstance(e, Move)]
    other = [(i, e) for i, e in events if uid(e) not in a.attackers and uid(e) != d]
    n = {"D2": 2, "D3": 3}.get(code, 0)
    if n and d_moves:
        other = _displacements(rules, ch, st, d, n, d_moves, other)
    if code in ("A1", "A2", "A3"):  # F&M 8.3.1 applies to a retreating attacker too
        for u in a.attackers:
            u_moves = [(i, e) for i, e in att_moves if uid(e) == u]
            if u_moves:
                other = _displacements(rules, ch, st, u, int(code[1]), u_moves, other)
    if a.kind == "bombardment":  # a bombarding-side unit moving after the roll is advancing (F&M 8.5)
        advancing = [(i, e) for i, e in other if isinstance(e, Move) and st.side(uid(e)) != st.side(d)]
        other = [x for x in other if x not in advancing]
        att_moves += advancing
    for i, e in other:
        ch.say(i, Illegal(f"{rules.book} 8.2.4", f"{uid(e)} took part in no combat yet was affected after the roll"))
    return AfterRoll(d_moves, d_loss, att_loss, att_moves)


def taken_off(ch: Judge, e: Event, before: GameState) -> Event:
    """After a combat roll, the eliminations players make without the Eliminate command: a unit dragged off
    the map (into a holding box; no unit leaves the map otherwise, F&M 5.2), and a unit reduced before the
    attack whose step-loss layer goes on past its last level, round to the front (the module's layer loops):
    the loss of its last step. The result decides whether it had to go (F&M 8.2.4)."""
    uid = ch.unit(e)
    if isinstance(e, Move) and uid is not None and ch.hex(e.from_hex) is not None and ch.hex(e.to_hex) is None:
        return Eliminated(e.step, e.piece, e.to, e.from_hex)
    if isinstance(e, StepChange) and e.trait == STEP_TRAIT and uid in before.reduced and e.new in FRONT:
        return Eliminated(e.step, e.piece, OFF_MAP, e.hex)
    return e


def _exchange(rules: FireAndMovement, ch: Judge, a: Attack, ev: AfterRoll) -> Verdict | None:
    """Ex: the defender and exactly one attacker lose a step; nobody retreats or advances (F&M 8.2.4, 8.5)."""
    b, res = rules.book, "the result is Ex"
    if not ev.d_loss:
        return Illegal(f"{b} 8.2.4", f"{res}: defender {a.defender} must lose a step")
    losers = {ch.unit(e) for _, e in ev.att_loss}
    if len(losers) != 1:
        return Illegal(f"{b} 8.2.4", f"{res}: exactly one attacking unit must lose a step ({len(losers)} did)")
    for i, _ in ev.d_moves + ev.att_moves:
        ch.say(i, Illegal(f"{b} 8.5", f"{res}: no retreat or advance after an exchange"))
    return None


def _defender_result(rules: FireAndMovement, ch: Judge, a: Attack, code: str, st: GameState,
                     ev: AfterRoll) -> Verdict | None:
    """What the result does to the defender, against the log (F&M 8.2.4, 8.3, 8.4); a judged retreat also
    judges the attackers' advances along it (8.5)."""
    b, d, res = rules.book, a.defender, f"the result is {code}"
    n = {"D2": 2, "D3": 3}.get(code, 0)
    if code == "De":
        if not ev.eliminated:
            return Illegal(f"{b} 8.2.4", f"{res}: defender {d} must be eliminated")
        for i, _ in ev.d_moves:
            ch.say(i, Illegal(f"{b} 8.2.4", f"{res}: defender {d} is eliminated, not retreated"))
    elif n:
        origin = st.where(d)
        if rules.retreat_exempt(st, d) and not ev.d_moves:
            pass  # e.g. AAC 13.0: a fortified-hex unit may ignore the retreat
        elif ev.d_moves:
            _defender_retreat(rules, ch, a, n, st, ev)
        elif not ev.d_loss:
            if legal_retreats(rules, st, d, origin, 1, vacant_only=False):
                return Illegal(f"{b} 8.3", f"{res}: defender {d} neither retreated nor took stiff resistance (8.4)")
            return Illegal(f"{b} 8.3", f"{res}: defender {d} cannot retreat and must be eliminated")
        elif not ev.eliminated and not legal_retreats(rules, st, d, origin, 1, vacant_only=False):
            return Illegal(f"{b} 8.3", f"{res}: defender {d} cannot retreat at all and must be eliminated")
        elif ev.eliminated and legal_retreats(rules, st, d, origin, 1, vacant_only=False):
            # F&M 8.4: stiff resistance by elimination is open only to a depleted or one-step unit
            for i, e in ev.d_loss:
                if isinstance(e, Eliminated):
                    ch.say(i, _stiff_resistance_by_elimination(rules, st, d, res, b))
    elif code in ("•",) or code.startswith("A") or code == "(A)":
        for i, e in ev.d_moves + ev.d_loss:
            ch.say(i, Illegal(f"{b} 8.2.4", f"{res}: nothing happens to defender {d}"))
    return None


def _defender_retreat(rules: FireAndMovement, ch: Judge, a: Attack, n: int, st: GameState, ev: AfterRoll) -> None:
    """The defender's logged retreat of ``n`` hexes (F&M 8.3), then the advances along its path (8.5)."""
    b, d = rules.book, a.defender
    origin = st.where(d)
    path = [ch.hex(x) for _, e in ev.d_moves for x in (e.path[1:] if e.path else (e.to_hex,))]
    if any(h is None for h in path):
        ch.say(ev.d_moves[-1][0], Illegal(f"{b} 8.3", f"{d} retreated off the map"))
        return
    displacing = any(st.side(u) == st.side(d) and u != d for u in st.at(path[-1]))
    v, short = judge_retreat(rules, st, d, origin, path, n, b, displacing)
    if isinstance(v, Legal):
        v = judge_direction(rules, st, d, origin, path, a.kind == "bombardment", b)
    ch.say(ev.d_moves[-1][0], v)
    if isinstance(v, Legal) and short and not ev.d_loss:
        ch.say(ev.d_moves[-1][0], Illegal(f"{b} 8.3", f"{d} retreated only {len(path)} of {n} hexes and must lose "
                                          "a step in its last hex"))
    _advances(rules, ch, a, ev.att_moves, [origin] + path if not ev.eliminated else None, st)
    ev.att_moves = []


def _attacker_result(rules: FireAndMovement, ch: Judge, a: Attack, code: str, st: GameState,
                     ev: AfterRoll) -> Verdict | None:
    """What the result does to the attackers, against the log (F&M 8.2.4, 8.3)."""
    b, res = rules.book, f"the result is {code}"
    def uid(e): return ch.unit(e)
    if code == "Ae":
        gone = {uid(e) for _, e in ev.att_loss if isinstance(e, Eliminated)}
        if gone != set(a.attackers):
            return Illegal(f"{b} 8.2.4", f"{res}: every attacking unit must be eliminated")
    elif code == "(A)":
        if len({uid(e) for _, e in ev.att_loss}) != 1:
            return Illegal(f"{b} 8.2.4", f"{res}: exactly one attacking unit must lose a step")
    elif code in ("A1", "A2", "A3"):
        k = int(code[1])
        for u in a.attackers:
            moves = [e for _, e in ev.att_moves if uid(e) == u]
            if moves:
                path = [ch.hex(x) for e in moves for x in (e.path[1:] if e.path else (e.to_hex,))]
                idx = [i for i, e in ev.att_moves if uid(e) == u][-1]
                if any(h is None for h in path):
                    ch.say(idx, Illegal(f"{b} 8.3", f"{u} retreated off the map"))
                else:
                    displacing = any(st.side(x) == st.side(u) and x != u for x in st.at(path[-1]))
                    ch.say(idx, judge_retreat(rules, st, u, st.where(u), path, k, b, displacing)[0])
            elif not any(uid(e) == u for _, e in ev.att_loss):
                return Illegal(f"{b} 8.2.4", f"{res}: attacker {u} must retreat {k} or take stiff resistance (8.4)")
        ev.att_moves = []
    elif ev.att_loss and code in ("•", "De", "D2", "D3"):
        for i, e in ev.att_loss:
            ch.say(i, Illegal(f"{b} 8.2.4", f"{res}: attacker {uid(e)} loses nothing"))
    return None


@rule("F&M 8.3.1", "DSP-1/DSP-2/DSP-3/DSP-4", "displacement (by a retreating defender or attacker): only when "
      "every final hex of the retreat is friendly-occupied; the displaced unit moves one hex as if retreating, not "
      "into an EZOC or occupied hex; it attacks no more that player turn")
def _displacements(rules: FireAndMovement, ch: Judge, st: GameState, d: str, n: int, d_moves: list,
                   other: list) -> list:
    """Judge moves of the retreating unit ``d``'s friends out of its final hex (``d_moves``: its retreat
    events); record them as displaced (F&M 8.3.1, AAC:496); return the other events left."""
    last = d_moves[-1][1]
    final = ch.hex(last.to_hex)
    rest = []
    for i, e in other:
        u = ch.unit(e)
        if isinstance(e, Move) and u is not None and st.side(u) == st.side(d) and st.where(u) == final:
            path = [ch.hex(x) for x in (e.path[1:] if e.path else (e.to_hex,))]
            ch.displaced.add(u)
            if None in path:
                ch.say(i, Illegal(f"{rules.book} 8.3.1", f"{u} was displaced off the map"))
            else:
                ch.say(i, judge_displacement(rules, st, d, st.where(d), n, u, path, rules.book))
        else:
            rest.append((i, e))
    return rest


@rule("F&M 8.5", "BOM-5", "no advance after a bombardment (nor after a combat whose defender did not retreat)")
def _advances(rules: FireAndMovement, ch: Judge, a: Attack, moves: list, retreat_path: list[Hex] | None,
              st: GameState) -> None:
    """F&M 8.5: advance only along the path of retreat after a D2/D3 retreat, never after a
    bombardment; one unit per hex."""
    b = rules.book
    ends: dict[Hex, str] = {}
    for i, e in moves:
        u = ch.unit(e)
        if a.kind == "bombardment" or retreat_path is None:
            ch.say(i, Illegal(f"{b} 8.5", f"{u} advanced although no defender retreated from a ground combat"))
            continue
        path = [ch.hex(x) for x in (e.path[1:] if e.path else (e.to_hex,))]
        v = judge_advance(rules, retreat_path, [h for h in path if h is not None] if None not in path else [None], u, b)
        if isinstance(v, Legal):
            for x, y in zip([st.where(u)] + path, path):
                why = rules.advance_blocked(st, u, x, y)
                if why:
                    v = Illegal(why[0], why[1])
                    break
        if isinstance(v, Legal) and path and path[-1] in ends:
            v = Illegal(f"{b} 8.5", f"{u} ended its advance in {rules.map.labels.get(path[-1])} with {ends[path[-1]]}")
        if path:
            ends[path[-1]] = u
        ch.advanced.add(u)
        ch.say(i, v)
