"""HTTR movement after the second audit (issue #15) on the synthetic game: enemy ZOC from units of unknown mode
(SR 8.6.2) and from static units (18.10), the permanent ferry's 6 MP (ScR 9.2.11), leaders moving as any variety
of unit (SR 19.5), fatigue's half MA (21.5.1), the vehicular stacking sub-limit (11.2.8) and Defilade rates under a
Defilade top unit (11.3.8)."""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType, SimpleNamespace

from hexforge.maps.terrain import Unknown
from hexforge.rules.httr.movement import Movement
from hexforge.rules.state import GameState
from hexforge.rules.verdict import NotCheckable

from tests.rules.httr.helpers import Log, all_legal, game, illegal, last, rules_broken, unsure
from tests.rules.httr.test_audit_movement import _positions, copy_game

CONC = {"Mode": "Concentrated"}
DEF = {"Mode": "Defilade"}
DIS = {"Disrupted": "Disrupted"}
TRAVEL = {"Mode": "Travel"}


def move(setup: dict, uid: str, *path: str, phase: str = "allied_movement", **readings: str) -> list:
    return last(Log(setup).phase(1, phase).move(uid, *path).check(**readings))


# -- SR 8.6.2 (L448): a unit of unknown mode may be in Travel -----------------------------------------------------

def test_an_enemy_of_unknown_mode_makes_its_zoc_not_checkable():  # ZOC-4, ZOC-2: SR 8.6.2 (L448), 8.1 (L433)
    """A-INF1 leaves B0501, next to G-INF1 in B0401, and walks 5 clear hexes: 10 MP, or 13 or more if G-INF1's ZOC
    holds it (it does unless G-INF1 is in Travel Mode). On a game without a Mode layer (no set-up level tells the
    mode) G-INF1's mode is never shown: not checkable, naming its Mode layer; shown, it is judged."""
    g = game()
    bare = replace(g, info=g.info.model_copy(update={"layers": []}))

    def walk(enemy: object) -> list:
        log = Log({"G-INF1": enemy, "A-INF1": ("B0501", CONC)}, bare).phase(1, "allied_movement")
        return last(log.move("A-INF1", "B0501", "B0506").check())

    got = walk("B0401")
    assert not illegal(got) and unsure(got)
    assert "the mode of unit G-INF1 (its Mode layer" in unsure(got)[0].needs and "SR 8.6.2" in unsure(got)[0].needs
    assert rules_broken(walk(("B0401", CONC))) == ["HTTR SR 9.2.3"]
    assert all_legal(walk(("B0401", TRAVEL)))


def test_an_enemy_of_known_mode_exerts_its_zoc_or_not():  # ZOC-4 legal and illegal, ZOC-2
    path = ("B0501", "B0506")  # 5 clear hexes of 2 MP: 13 MP or more with the EZOC exit, over the MA of 12
    held = move({"G-INF1": ("B0401", CONC), "A-INF1": ("B0501", CONC)}, "A-INF1", *path)
    assert rules_broken(held) == ["HTTR SR 9.2.3"]
    free = move({"G-INF1": ("B0401", TRAVEL), "A-INF1": ("B0501", CONC)}, "A-INF1", *path)
    assert all_legal(free)


def test_a_static_unit_exerts_a_zoc():  # ZOC-4 with STK-2: SR 18.10 (L958), 8.6 (L447-448)
    """G-STATIC (static flak, mode never shown: static units have no Travel side) holds A-INF1 as any unit would;
    disrupted (its "D" side), it exerts none."""
    path = ("B0501", "B0506")
    assert rules_broken(move({"G-STATIC": "B0401", "A-INF1": ("B0501", CONC)}, "A-INF1", *path)) == ["HTTR SR 9.2.3"]
    assert all_legal(move({"G-STATIC": ("B0401", DIS), "A-INF1": ("B0501", CONC)}, "A-INF1", *path))


# -- ScR 9.2.11 (L1372): the permanent ferry's 6 MP ----------------------------------------------------------------

def ferried(to: str) -> list:
    """The synthetic Allied permanent ferry joins A0409 and A0410 (game.toml [special.permanent_ferry]), built in GT
    3 (A-ENG's roll of 3: Light-capable). A0410's other neighbours A0310 and A0510 hold disrupted German units (no
    ZOC, SR 8.6.2; no entry, 9.2.2), so A-INF1 leaves A0410 only across the ferry; then clear hexes of 2 MP."""
    setup = {"A-ENG": ("A0410", CONC), "A-INF1": ("A0410", CONC), "G-INF1": ("A0310", DIS), "G-INF2": ("A0510", DIS)}
    log = Log(setup).phase(2, "allied_command").place("f1", "Ferry Under Construction", "A0410")
    log.phase(3, "allied_command").roll("Ferry Construction", 3).phase(3, "allied_movement")
    return last(log.move("A-INF1", "A0410", "A0409", to).check())


def test_the_permanent_ferry_costs_six_mp_over_the_terrain():  # FRY-3, MOV-2: ScR 9.2.11 (L1372)
    """A0410-A0409: 2 MP of clear terrain + 6; A0409-A0407 two clear hexes: 12 of 12 MP. Without the ferry's 6 MP
    A0406 (14 MP) would be 8 MP."""
    legal = ferried("A0407")
    assert all_legal(legal) and any("12 of 12 MP" in v.detail for v in legal)
    assert rules_broken(ferried("A0406")) == ["HTTR SR 9.2.3"]


def test_a_ferry_hexside_costs_six_mp():  # FRY-3: ScR 9.2.11, 9.2.17 (L1372, L1378); B0608/B0609 a ferry hexside
    g = game()
    state = GameState(MappingProxyType({"G-INF1": g.map.hex("B0608")}), MappingProxyType({"G-INF1": "german"}), turn=1)
    mv = Movement(g, state, "G-INF1")
    assert mv.ferry_mp(g.map.hex("B0608"), g.map.hex("B0609")) == 6.0
    assert mv.ferry_mp(g.map.hex("B0608"), g.map.hex("B0607")) == 0.0


# -- SR 19.5 (L982): a leader moves as any variety of unit in any mode ---------------------------------------------

LINE = ("B0101", "B0102", "B0103", "B0104", "B0105", "B0106", "B0107", "B0108", "B0109", "B0110", "B0210", "B0310",
        "B0309", "B0308")  # clear hexes: 3/3/2/2/1 MP by TEC column (Defilade leg ... Travel)


def test_a_leader_pays_the_cheapest_column():  # MOV-2: SR 19.5 (L982)
    """A-LDR (leg, Concentrated) pays 1 MP a clear hex, the Travel column's (as Concentrated leg it would pay 2):
    12 hexes are 12 of its 12 MP."""
    got = move({"A-LDR": ("B0101", CONC)}, "A-LDR", *LINE[:13])
    assert all_legal(got) and "12 of 12 MP" in got[0].detail


def test_a_leader_still_keeps_to_its_ma():  # MOV-2 illegal: SR 19.5 (L982), 9.2.3
    assert rules_broken(move({"A-LDR": ("B0101", CONC)}, "A-LDR", *LINE)) == ["HTTR SR 9.2.3"]


# -- SR 21.5.1 (L1028): fatigue's half MA is the MA the move was judged on -----------------------------------------

D1 = "Movement Allowance 1d6"
HQS = {"A-CORPS": "B0105", "A-DIV": ("B0205", DEF), "A-REG1": "B0305"}


def night_on_a_roll(roll: int, marked: bool) -> list:
    """GT 13 (the synthetic game's second night): A-REG1 has no CP from GT 11's CP/Logistic Phase, so A-INF1 moves on its 1d6 (SR 13.2.7.6) one
    clear hex, 3 MP at night (2 + 1, SR 20.3): more than half a roll of 5, not of 6 (nor of the printed 12)."""
    log = Log({**HQS, "A-INF1": "B0303"}).on_track("A-DIV CP", 4).phase(11, "cp_logistic").phase(11, "allied_command")
    log.phase(12, "allied_command").phase(13, "allied_command").phase(13, "allied_movement").say("ma A-REG1").roll(D1, roll).move("A-INF1", "B0302")
    if marked:
        log.layer("A-INF1", "Fatigue", "1", " Fatigued")
    log.phase(14, "allied_command")
    return [v for j in log.check(optional_fatigue="on").judged for v in j.verdicts]


def test_fatigue_reads_a_rolled_ma():  # OPT-3: SR 21.5.1 (L1028), 13.2.7.6 (L735)
    assert "HTTR SR 21.5.4" in rules_broken(night_on_a_roll(5, marked=False))  # 3 > 5 / 2: the marker is due
    assert not illegal(night_on_a_roll(5, marked=True))
    assert "HTTR SR 21.5.1" in rules_broken(night_on_a_roll(6, marked=True))  # 3 of 6: nothing fatigued it
    assert not illegal(night_on_a_roll(6, marked=False))


def test_fatigue_reads_the_leaders_mp(tmp_path):  # OPT-3 with MOV-26: SR 21.5.1, 19.2.3 (L974)
    """A-LDR stacked with his HQ A-DIV adds 1 MP to A-INF1 (A-REG1's, under A-DIV): half its MA is 6.5; a leader of
    no known HQ stacked with A-REG1 might add one: not known."""
    from hexforge.rules.httr.fatigue import ma_used
    g = game()
    at = {"A-INF1": "B0101", "A-DIV": "B0701", "A-LDR": "B0701", "A-REG1": "B0601"}
    assert ma_used(SimpleNamespace(game=g, state=_positions(g, at)), "A-INF1") == 13
    assert ma_used(SimpleNamespace(game=g, state=_positions(g, {"A-INF1": "B0101"})), "A-INF1") == 12
    g2 = copy_game(tmp_path, units="A-LDRX,Allied leader of no known HQ,allied,X-HQ,leader,,leg,,,,,,12,synthetic,,,\n")
    unknown = ma_used(SimpleNamespace(game=g2, state=_positions(g2, {"A-INF1": "B0101", "A-REG1": "B0701",
                                                                        "A-LDRX": "B0701"})), "A-INF1")
    assert isinstance(unknown, Unknown) and "A-LDRX" in unknown.needs


# -- SR 11.2.8 (L659): the AFV/vehicular stacking sub-limit -------------------------------------------------------

WOODS = {"A-TANK": ("B0405", CONC), "A-REC": ("B0405", CONC), "A-PZG": ("B0405", CONC)}  # 8 vehicular SP in woods


def test_the_vehicular_sub_limit_bars_a_ninth_vehicular_sp():  # STK-1: SR 11.2.8 (L659); synthetic woods 20 / 8
    """Woods B0405 (TEC stacking limit 20, vehicular 8) holds 8 SP of vehicular units: A-CREC's 2 more make 10 of 20
    SP, legal by 11.2.1, but 10 vehicular SP over 8."""
    assert rules_broken(move({**WOODS, "A-CREC": ("B0404", CONC)}, "A-CREC", "B0405")) == ["HTTR SR 11.2.8"]


def test_leg_units_and_a_vehicle_within_the_sub_limit_may_join():  # STK-1 legal: SR 11.2.8, 11.2.1
    assert all_legal(move({**WOODS, "A-INF1": ("B0404", CONC)}, "A-INF1", "B0405"))  # 13 SP, 8 vehicular
    fewer = {"A-TANK": ("B0405", CONC), "A-REC": ("B0405", CONC), "A-CREC": ("B0404", CONC)}
    assert all_legal(move(fewer, "A-CREC", "B0405"))  # 6 vehicular SP


def test_the_end_of_phase_overstack_reads_the_sub_limit():  # STK-1, STK-3: SR 11.2.8, 11.2.3 (L654)
    from hexforge.rules.httr.overstack import overstacked
    g = game()
    at = {"A-TANK": "B0405", "A-REC": "B0405", "A-PZG": "B0405", "A-CREC": "B0405"}
    assert overstacked(g, _positions(g, at), g.map.hex("B0405")) is True
    del at["A-CREC"]
    assert overstacked(g, _positions(g, at), g.map.hex("B0405")) is False


def test_bundled_vehicular_limits_are_not_given():  # STK-1 needs data: the TEC's vehicle_stacking_limit
    """The bundled TEC gives clear terrain's stacking limit (28) but no vehicular sub-limit: a vehicular unit's
    stacking in clear terrain is not checkable, naming the cell (units.csv strength, unknown too, comes after)."""
    from hexforge.games import load_game
    from hexforge.rules.httr.vehicle_stacking import over_vehicle_limit
    httr = load_game("highway-to-the-reich")
    uid = next(u for u, x in httr.units.items() if x.mobility.strip().lower() == "vehicular")
    mv = Movement(httr, _positions(httr, {uid: "C0715"}), uid)
    v = over_vehicle_limit(mv, httr.map.hex("C0715"), frozenset({"clear"}))
    assert isinstance(v, NotCheckable) and "vehicle_stacking_limit" in v.needs


def test_a_leaders_tec_cell_is_the_least_of_the_columns():  # MOV-2: SR 19.5 (L982), for checks reading one cell
    g = game()
    mv = Movement(g, _positions(g, {"A-LDR": "B0101"}), "A-LDR")
    assert mv.cell("clear", mv.column()) == 1  # Travel's 1 of 3/3/2/2/1
    assert mv.cell("forest", mv.column()) == 4  # Concentrated leg's 4; vehicles and Travel prohibited
    assert mv.cell("river", mv.column()) == "prohibited"  # every column prohibited
    assert mv.cell("primary_road", mv.column()) == 0.5  # no road rate in Defilade ("none"): Travel's 0.5
