"""HTTR CP and AmP deliveries (SR 14.1.1, 15.1, ScR 5.2.1-5.2.3): a ``logistics`` declaration names a division's
delivery level in the CP/Logistic Phase (``rules/httr/declaration.py``); the Logistics rolls that follow give its
CP (the first) and AmP (the second) from the game's Logistic Tables, and its record-track markers must rise by
what the table gives; a Club Route delivery with an MA rate takes a third, the Club Route MA (ScR 5.2.4.1-5.2.4.2,
on tables/club_route_movement.toml; judged by rules/httr/route_travel.py).

Readings: the declaration's form names the table: a level word the German Divisional Logistic Table (5.2.1.1),
``cp N amp M`` the Allied Airborne one (5.2.2.1), ``cp N amp M ma K`` the Club Route one (5.2.3.1, a dropped
column written ``-``); an Allied table's columns are named ``CP N%`` and ``AmP N%``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import Move
from hexforge.games.game import Game
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells
from hexforge.rules.httr import command_points as cpl
from hexforge.rules.httr.airstrikes import Airstrikes, hex_weather
from hexforge.rules.httr.attachment import Attachments, controlling
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.los import turn_weather
from hexforge.rules.httr.units import division
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

GERMAN, AIRBORNE, CLUB_ROUTE = "german_logistics", "airborne_logistics", "club_route_logistics"
ROUTE_MA = "club_route_movement"  # tables/: the Club Route MA by 2d6 and MA rate (ScR 5.2.4.1-5.2.4.2)
LEVELS = ("low", "normal", "intense")  # ScR 5.2.1.1 (L1136)
TIMETABLE = "german_delivery_timetable"  # game.toml [special]: ScR 5.2.1.1's timetable, ``allowed`` by date
P_EXTRA = "p_weather_extra"  # an ``allowed`` row's divisions more at normal levels while the weather is P (L1141)


@dataclass(slots=True)
class Delivery:
    """One division's declared delivery: the table, its CP and AmP columns, and what the rolls gave."""

    table: str
    columns: tuple[str, ...]  # CP, AmP (and a Club Route delivery's MA) columns, one per roll
    got: list[float | Unknown] = field(default_factory=list)  # CP, then AmP
    drm: int = 0


@dataclass(slots=True)
class LogisticsLog:
    """The CP/Logistic Phase's declared deliveries, in order; the one the next roll belongs to."""

    deliveries: dict[str, Delivery] = field(default_factory=dict)
    rolling: str | None = None
    levels: dict[str, str] = field(default_factory=dict)  # German division -> its declared level
    shared: dict[tuple[str, str], int] = field(default_factory=dict)  # (corps, track) -> Club Route CP allocated


class Position(Board, Protocol):
    cp: cpl.CpLedger
    logistics: LogisticsLog
    attach: Attachments
    airstrikes: Airstrikes  # its Weather roll's ratings by zone (ScR 6.4.1, 13.1)

    def calendar(self) -> dict[int, dict]: ...


def judge_logistics(p: Position, d: Declaration) -> list[Verdict]:
    div, words = d.target, [w.lower() for w in d.firers]
    if div not in p.game.units or p.game.units[div].size.strip().lower() not in ("division", "corps"):
        return [NotCheckable(f"a division HQ named {div!r} (units.csv)")]
    if p.phase()[0] != "cp_logistic":
        return [Illegal("HTTR SR 14.1.1", f"{div}'s CP and AmP are received in the CP/Logistic Phase")]
    german = p.game.units[div].side == "german"
    if german != (len(words) == 1):
        return [Illegal("HTTR ScR 5.2.1.1" if german else "HTTR ScR 5.2.2.1", f"{div} declares {' '.join(words)}: "
                        "German divisions choose a level (low, normal, intense), Allied ones percentages")]
    out = [check_level(p, div, words[0])] if german else [check_rates(p, words)]
    if isinstance(out[0], Illegal):
        return out
    p.logistics.deliveries[div] = delivery(words)
    p.logistics.rolling = div
    return out


def delivery(words: list[str]) -> Delivery:
    if len(words) == 1:
        return Delivery(GERMAN, (words[0], words[0]))
    rates = dict(zip(words[::2], words[1::2]))
    table = CLUB_ROUTE if "ma" in rates else AIRBORNE
    dropped = any(v == "-" for v in rates.values())
    ma = (f"MA {rates['ma']}%",) if rates.get("ma", "-") != "-" else ()
    return Delivery(table, (f"CP {rates.get('cp')}%", f"AmP {rates.get('amp')}%") + ma, drm=2 if dropped else 0)


@rule("HTTR ScR 5.2.2.1 / 5.2.3.1", "CP-4", "airborne CP and AmP percentages total 100; Club Route CP, AmP and MA "
      "rates at most 100 (or one column dropped for a +2 DRM)")
def check_rates(p: Position, words: list[str]) -> Verdict:
    rates = dict(zip(words[::2], words[1::2]))
    if len(words) % 2 or set(rates) - {"cp", "amp", "ma"} or not {"cp", "amp"} <= set(rates) \
            or not all(v.isdigit() or v == "-" for v in rates.values()):
        return Illegal("HTTR ScR 5.2.2.1", f"{' '.join(words)}: the rates are cp N amp M (and ma K on Club Route)")
    total = sum(int(v) for v in rates.values() if v.isdigit())
    if "ma" not in rates and (total != 100 or "-" in rates.values()):
        return Illegal("HTTR ScR 5.2.2.1", f"the airborne CP and AmP levels total {total} percent: they must total "
                       "100")
    if "ma" in rates and total > 100:
        return Illegal("HTTR ScR 5.2.3.1", f"the Club Route CP, AmP and MA rates total {total} percent: at most 100")
    if list(rates.values()).count("-") > 1:
        return Illegal("HTTR ScR 5.2.3.1", "only one column may be dropped for the +2 DRM")
    return Legal()


@rule("HTTR ScR 5.2.1.1", "CP-2", "German delivery levels by date: how many divisions may use normal (or intense) "
      "levels")
def check_level(p: Position, div: str, level: str) -> Verdict:
    if level not in LEVELS:
        return Illegal("HTTR ScR 5.2.1.1", f"{level!r} is no delivery level (low, normal, intense)")
    p.logistics.levels[div] = level
    if level == "low":
        return Legal()
    date = str(p.calendar().get(p.state.turn or 0, {}).get("date", ""))
    table = p.game.special(TIMETABLE) or {}
    rows = table.get("allowed") if isinstance(table, dict) else None
    row = next((r for r in rows if date in r.get("dates", ())), None) if isinstance(rows, list) else None
    if row is None:
        return NotCheckable(f"the German delivery timetable for {date or 'this turn'} (game.toml [special.{TIMETABLE}]"
                            " allowed; ScR 5.2.1.1)")
    named = [u for u in row.get("named", ()) if u in p.game.units]
    if len(named) < len(row.get("named", ())):
        return NotCheckable(f"the HQ units of {', '.join(row['named'])} (ScR 5.2.1.1 names them)")
    boost = boosted(p, div, table)
    if boost is not None and boost:
        return check_boosted(p, div, level, row, named)
    if level == "intense" and row.get("swoboda"):
        return NotCheckable("the division the Swoboda Flak Brigade is attached to (ScR 5.2.1.1-5.2.1.2)")
    if level == "intense":
        return Illegal("HTTR ScR 5.2.1.1", f"{div} uses the intense level on {date}: only the division Swoboda's "
                       "Flak Brigade is attached to, on 19 Sep (ScR 5.2.1.2)")
    sheets = row.get("sheets")
    if sheets and div not in named and not on_sheets(p, div, sheets):
        return Illegal("HTTR ScR 5.2.1.1", f"on {date} the one division at normal levels operates on map "
                       f"{' or '.join(sheets)}: {div} does not")
    others = [d for d, lv in p.logistics.levels.items() if lv != "low" and d not in named]
    if div not in named and len(others) > int(row.get("normal", 0)):
        return check_p_extra(p, div, date, row, len(others), named)
    return Legal()


@rule("HTTR ScR 5.2.1.1", "CP-2", "while the weather is P one more German division may use normal levels, one on "
      "the map where the weather is P")
def check_p_extra(p: Position, div: str, date: str, row: dict, count: int, named: list[str]) -> Verdict:
    """``div`` is one division over the timetable's normal count: legal only as the P-weather extra (the row's
    ``p_weather_extra``, L1141 'may choose to raise one additional division ... only while the weather is P'), its
    HQ's hex under P weather (the calendar's weather of the GT, else the Weather roll's rating of its zone)."""
    most, extra = int(row.get("normal", 0)), int(row.get(P_EXTRA, 0) or 0)
    over = Illegal("HTTR ScR 5.2.1.1", f"on {date} {count} divisions besides {', '.join(named) or 'none'} use normal "
                   f"levels: at most {most}" + (f", {most + extra} while the weather is P" if extra else ""))
    if count > most + extra:
        return over
    at = p.state.where(div)
    if at is None:
        return NotCheckable(f"where {div} stands (ScR 5.2.1.1: the extra division in P weather is on the map where "
                            "the weather is P)")
    label = p.game.map.labels[at]
    weather = hex_weather(p, p.airstrikes, label)
    if weather == "unknown":
        return NotCheckable(f"the weather over {label} in GT {p.state.turn} (game.toml [special.turn_calendar] "
                            "weather, or the Weather roll's rating; ScR 5.2.1.1: one more division while it is P)")
    if weather != "P":
        return Illegal("HTTR ScR 5.2.1.1", f"{over.reason}; the weather over {div}'s hex {label} is not P")
    return Legal(detail=f"{div} is the extra division at normal levels while the weather over {label} is P "
                 "(ScR 5.2.1.1)")


def booster(game: Game) -> dict:
    """The timetable's ``booster``: the unit whose division gets one level more, and until which turn."""
    table = game.special(TIMETABLE) or {}
    got = table.get("booster") if isinstance(table, dict) else None
    return got if isinstance(got, dict) and got.get("unit") in game.units else {}


def boosted(p: Position, div: str, table: dict) -> bool | None:
    """ScR 5.2.1.2 (L1142): is ``div`` the booster's division, from the turn after it arrived until its last
    turn?"""
    b = booster(p.game)
    if not b:
        return None
    unit, turn = b["unit"], p.state.turn or 0
    arrived = p.cp.arrival.get(unit)
    return controlling(p, unit) == div and (arrived is None or arrived < turn) and turn <= int(b.get("until_turn", 0))


@rule("HTTR ScR 5.2.1.2", "CP-3", "the division the Swoboda Flak Brigade is attached to uses one delivery level "
      "more, from the turn after its HQ arrives until GT33")
def check_boosted(p: Position, div: str, level: str, row: dict, named: list[str]) -> Verdict:
    """One level above what the timetable gives the division: normal from low, intense from normal."""
    normal_ok = div in named or len([d for d, lv in p.logistics.levels.items() if lv != "low" and d not in named
                                     and d != div]) < int(row.get("normal", 0))
    if level == "intense" and not normal_ok:
        return Illegal("HTTR ScR 5.2.1.2", f"{div} may use normal levels by the timetable only with its booster's "
                       "level: intense is two levels up")
    return Legal(detail=f"{div} is one level up for {booster(p.game)['unit']} (ScR 5.2.1.2)")


def on_sheets(p: Position, div: str, sheets: list[str]) -> bool:
    """Reading: a division "operating on" a map sheet is one whose HQ stands on it."""
    at = p.state.where(div)
    got = p.game.map.numbers(p.game.map.labels[at]) if at is not None else None
    return got is not None and got[0].prefix in sheets


def on_roll(p: Position, total: int) -> Verdict | None:
    """A Logistics roll for the division declared last: its CP, then its AmP, then for a Club Route delivery with
    an MA rate the Club Route MA (reading: 5.2.4.2's 'Club Route Movement Table roll' is this third roll, on
    tables/club_route_movement.toml's column of the chosen MA rate; it holds until the next one)."""
    div = p.logistics.rolling
    if div is None or p.phase()[0] != "cp_logistic":
        return None
    got = p.logistics.deliveries[div]
    column = got.columns[len(got.got)]
    table = ROUTE_MA if len(got.got) == 2 else got.table
    cell = Cells.of(p.game, table).get(str(total), column) if table in p.game.tables else "unknown"
    value = Unknown(f"{table} row {total} column {column!r} (tables/{table}.toml; ScR 5.2)") \
        if cell == "unknown" or got.drm else float(cell)
    got.got.append(value)
    if len(got.got) == len(got.columns):
        p.logistics.rolling = None
    what = ("CP", "AmP", "Club Route MA")[len(got.got) - 1]
    if what == "Club Route MA":
        p.cp.route_ma = value
    return NotCheckable(value.needs) if isinstance(value, Unknown) else \
        Legal(detail=f"{div} receives {value:g} {what} ({table}, 2d6 {total})")


@rule("HTTR SR 14.1.1 / 15.1.3 / ScR 5.2", "CP-1", "a division's record tracks rise by the CP and AmP its Logistic "
      "Table gives")
@rule("HTTR ScR 5.2.2.3-5.2.2.5", "CP-5", "an airborne division receives half its delivery in P weather, and one CP "
      "less per step loss inflicted on its supply DZ")
def check_airdrop(p: Position, div: str, track: str, table: float, rise: int) -> Verdict:
    """Reading: half rounds up (SR 2.4.1); the step losses flak inflicts on the DZ (5.2.2.2-5.2.2.3) are not read
    from the log, so a smaller rise is not checkable, a larger one is illegal."""
    weather = turn_weather(p.game, p.calendar().get(p.state.turn or 0))
    if weather == "unknown":
        return NotCheckable(f"the weather of GT {p.state.turn} (game.toml [special.weather]; ScR 5.2.2.5)")
    want = math.ceil(table / 2) if weather == "P" else table
    if rise > want:
        return Illegal("HTTR ScR 5.2.2.5" if weather == "P" else "HTTR SR 14.1.1", f"{div} received {want:g} "
                       f"{track.upper()} ({table:g} by its table{', halved in P weather' if weather == 'P' else ''}) "
                       f"and its track rises by {rise}")
    if rise < want:
        return NotCheckable(f"the step losses inflicted on {div}'s supply DZ (ScR 5.2.2.3: one CP less each; flak "
                            "fire at the DZ is not read)")
    return Legal(detail=f"{div} receives {want:g} {track.upper()}")


def check_shared(p: Position, corps: str, track: str, table: float, rise: int) -> Verdict:
    """ScR 5.2.3.1-5.2.3.2 (L1151-1152): a Club Route delivery is allocated to the active divisions (and saved on
    the corps track): the tracks' rises together never exceed it."""
    key = (corps, track)
    p.logistics.shared[key] = p.logistics.shared.get(key, 0) + rise
    if p.logistics.shared[key] > table:
        return Illegal("HTTR ScR 5.2.3.1", f"{corps}'s Club Route delivery was {table:g} {track.upper()}: its tracks "
                       f"have risen by {p.logistics.shared[key]}")
    return Legal(detail=f"{rise} of {corps}'s {table:g} {track.upper()} (ScR 5.2.3.1)")


def check_received(p: Position, e: Move) -> Verdict | None:
    """A record-track marker rising in the CP/Logistic Phase (``None``: another move)."""
    got = cpl.marker_hq(p.game, p.channel, e.piece.name)
    where = p.channel.box(e.to.board, e.to.label)
    if got is None or got[1] is None or where is None or p.phase()[0] != "cp_logistic":
        return None
    track, div = got
    old, new = p.cp.boxes.get((track, div)), int(where[1])
    if old is None or new <= old:
        return None
    index = 0 if track == cpl.CP else 1
    source = div if div in p.logistics.deliveries else division(p.game, div)
    d = p.logistics.deliveries.get(source) if source is not None else None
    if (d is None or len(d.got) <= index) and p.cp.rolled_logistics:
        return NotCheckable(f"the delivery {div}'s {track.upper()} comes from (a logistics declaration before its "
                            "Logistics rolls, README's HTTR chat grammar)")
    if d is None or len(d.got) <= index:
        return Illegal("HTTR SR 14.1.1", f"{div}'s {track.upper()} track rises with no Logistics roll: CP and AmP "
                       "come from the Logistic Tables (ScR 5.2)")
    want = d.got[index]
    if isinstance(want, Unknown):
        return NotCheckable(want.needs)
    if d.table == CLUB_ROUTE:
        return check_shared(p, source, track, want, new - old)
    if source != div:
        return Illegal("HTTR SR 14.1.1", f"{div}'s {track.upper()} track rises by what {source} received: only "
                       "Club Route deliveries are shared among divisions (ScR 5.2.3.1)")
    if d.table == AIRBORNE:
        return check_airdrop(p, div, track, want, new - old)
    if new - old != want:
        return Illegal("HTTR SR 14.1.1", f"{div} received {want:g} {track.upper()} (its Logistic Table) and its "
                       f"track rises by {new - old}")
    return Legal(detail=f"{div} receives {want:g} {track.upper()}")
