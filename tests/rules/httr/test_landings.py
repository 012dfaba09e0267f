"""HTTR air landings (ScR 6) on the synthetic game: A-REG1's Pathfinder marker ("Pathfinder A-REG1") makes its
units and A-DIV's assets airborne; a unit put on the map from off it is dropped, the units entered in one log
step being one serial. The synthetic Turn Record Chart gives 18 Sep (GT 8-13) two lift points, 17 Sep none known.
"""
from __future__ import annotations

from hexforge.builder.locations import OFF_MAP
from hexforge.builder.timeline import Entered, Move, PieceRef
from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure

PF = "Pathfinder A-REG1"
OFF = {"G-INF1": "B0310", "A-INF1": (None, {"Mode": "Concentrated"}), "A-INF2": (None, {"Mode": "Defilade"}),
       "A-AT": (None, {"Mode": "Concentrated"}), "A-TANK": (None, {"Mode": "Travel"}),
       "A-ENG": (None, {"Mode": "Concentrated"}), "A-INF3": "B0101"}


def drop(unit: str = "A-INF1", h: str = "B0306", phase: str = "allied_movement", turn: int = 8) -> Log:
    return Log(OFF).phase(turn, phase).place("pf1", PF, "B0305").enter(unit, h)


def test_a_serial_near_its_pathfinder_in_the_movement_phase_is_legal():  # AIR-1, AIR-11, AIR-14, AIR-9
    assert not illegal(last(drop().check()))
    assert not illegal(last(drop("A-ENG", "B0308").check()))  # a division asset by its division's marker


def test_pathfinders_never_move():  # AIR-2, ScR 6.3.1 (L1183)
    log = Log(OFF).phase(8, "allied_movement").place("pf1", PF, "B0305")
    assert not illegal(last(log.check()))
    log.events.append(Move(len(log.events) + 1, PieceRef("pf1", PF, None), OFF_MAP, OFF_MAP, "B0305", "B0306"))
    assert rules_broken(last(log.check())) == ["HTTR ScR 6.3.1"]


def test_drops_only_in_a_friendly_movement_phase():  # AIR-11, ScR 6.7.3 (L1248)
    assert rules_broken(last(drop(phase="allied_reaction").check())) == ["HTTR ScR 6.7.3"]  # 12.2.1 allows it
    assert "HTTR ScR 6.7.3" in rules_broken(last(drop(phase="allied_fire").check()))


def test_the_drop_hex_is_within_three_hexes_of_the_pathfinder():  # AIR-1, ScR 6.2.3-6.2.4 (L1179-L1180)
    assert not illegal(last(drop(h="B0308").check()))
    assert rules_broken(last(drop(h="B0309").check())) == ["HTTR ScR 6.2.3"]
    no_marker = Log(OFF).phase(8, "allied_movement").enter("A-INF1", "B0306")
    assert rules_broken(last(no_marker.check())) == ["HTTR ScR 6.2.3"]


def test_landing_modes():  # AIR-14, ScR 6.8 (L1257)
    assert not illegal(last(drop("A-INF2").check()))  # infantry: Concentrated or Defilade
    assert rules_broken(last(drop("A-TANK").check())) == ["HTTR ScR 6.8"]  # never in Travel
    assert rules_broken(last(drop("A-AT").check())) == ["HTTR ScR 6.8"]  # AT lands in Defilade


def test_landing_turn_moves_at_most_two_hexes_on_foot():  # AIR-17, ScR 6.6.5.1 (L1243)
    two = drop().roll("Movement Allowance 3d6", 5, 6, 1).move("A-INF1", "B0307", "B0308")  # Frost's battalion
    assert not illegal(last(two.check()))
    three = drop().roll("Movement Allowance 3d6", 5, 6, 1).move("A-INF1", "B0307", "B0308").move("A-INF1", "B0309")
    assert rules_broken(last(three.check())) == ["HTTR ScR 6.6.5.1"]


def test_landing_turn_ma_is_one_2d6_roll():  # AIR-17, ScR 6.6.5.1 (L1243): 'a single 2d6 die roll'
    """A-ENG (a division asset, landing by A-REG1's marker): clear hexes cost a Concentrated leg unit 2 MP, so
    B0307 (a town, 2) and B0308 are 4 MP."""
    def moved(*dice: int) -> list:
        log = drop("A-ENG")
        if dice:
            log.roll("Movement Allowance 2d6" if len(dice) == 2 else "Movement Allowance 1d6", *dice)
        return [v for j in log.move("A-ENG", "B0307", "B0308").phase(8, "allied_organization").check().judged
                for v in j.verdicts]
    assert not illegal(moved(2, 2)) and "landing MA is 4" in " ".join(v.detail or "" for v in moved(2, 2)
                                                                       if not illegal([v]) and hasattr(v, "detail"))
    assert rules_broken(moved(1, 2)) == ["HTTR ScR 6.6.5.1"]  # 4 MP on an MA of 3
    assert rules_broken(moved()) == ["HTTR ScR 6.6.5.1"]  # no roll
    assert rules_broken(moved(4)) == ["HTTR ScR 6.6.5.1"]  # 1d6


def test_frosts_battalion_lands_on_three_dice_plus_one():  # MOR-6 / AIR-17, ScR 6.6.5.2 (L1244)
    """The synthetic Frost's battalion is A-REG1's (A-INF1 and A-INF2): one 3d6 roll + 1 for both."""
    def moved(*dice: int, to: tuple[str, ...] = ("B0307", "B0308")) -> list:
        log = Log(OFF).phase(8, "allied_movement").place("pf1", PF, "B0305").enter("A-INF1", "B0306") \
            .enter("A-INF2", "B0306")
        if dice:
            log.roll("Movement Allowance 3d6" if len(dice) == 3 else "Movement Allowance 2d6", *dice)
        log.move("A-INF1", *to).move("A-INF2", "B0307")
        return [v for j in log.phase(8, "allied_organization").check().judged for v in j.verdicts]
    ok = moved(1, 1, 1)  # 3 + 1: A-INF1's 4 MP, and A-INF2 moves on the same roll
    assert not [v for v in illegal(ok) if v.rule.startswith("HTTR ScR 6.6.5")]
    assert any("battalion's landing MA of 4" in (getattr(v, "detail", "") or "") for v in ok)
    assert "HTTR ScR 6.6.5.2" in rules_broken(moved(1, 1))  # 2d6
    assert "HTTR ScR 6.6.5.1" in rules_broken(moved(1, 1, 1, to=("B0307", "B0308", "B0309")))  # 6 MP on 4, 3 hexes


def test_a_days_serials_are_at_most_its_lift_points():  # AIR-9, AIR-10, AIR-12, ScR 6.7.1, 6.7.8 (L1247, L1254)
    log = drop().enter("A-INF2", "B0305")
    assert not illegal(last(log.check()))
    log.enter("A-ENG", "B0304")  # a third serial on a day of two points: maybe carried over (ScR 6.7.7)
    assert unsure(last(log.check())) and not illegal(last(log.check()))
    for u, h in (("A-AT", "B0304"), ("A-TANK", "B0306"), ("A-HW", "B0307")):
        log.enter(u, h)
    assert "HTTR ScR 6.7.1" in rules_broken(last(log.check()))
    day_one = drop(turn=5)
    assert any("lift points of 17 Sep" in v.needs for v in unsure(last(day_one.check())))


def test_the_bundled_pathfinders_name_no_regiment():  # AIR-1 on the bundled data: not checkable, never legal
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    log = Log({"501/101": (None, {"Mode": "Travel"})}, BUNDLED).phase(6, "allied_movement").enter("501/101", "C1010")
    verdict = last(log.check())
    assert any("regiment each Pathfinder marker belongs to" in v.needs for v in unsure(verdict))
    assert rules_broken(verdict) == ["HTTR ScR 6.8"]  # 501/101 is of the 101st, airborne by the data: judged
    concentrated = Log({"501/101": (None, {"Mode": "Concentrated"})}, BUNDLED).phase(6, "allied_movement") \
        .enter("501/101", "C1010")
    told = last(concentrated.check())  # AIR-14: its mobility is not in units.csv
    assert not illegal(told) and any("motorized (units.csv type and mobility)" in v.needs for v in unsure(told))


def test_landing_on_enemy_units():  # AIR-15, ScR 6.6.4.2-6.6.4.4 (L1238-L1240)
    def landed(*after: tuple) -> list:
        log = Log({**OFF, "G-INF1": "B0306"}).phase(8, "allied_movement").place("pf1", PF, "B0305") \
            .enter("A-INF1", "B0306").enter("A-AT", "B0306")
        for step in after:
            getattr(log, step[0])(*step[1:])
        return last(log.phase(8, "allied_organization").check())
    assert set(rules_broken(landed())) == {"HTTR ScR 6.6.4.2", "HTTR ScR 6.6.4.4"}
    kept = landed(("say", "ca B0306 from B0306"), ("kill", "A-AT", "B0306"))
    assert rules_broken(kept) == ["HTTR ScR 6.6.4.2"]  # the Germans stay and A-INF1 is not eliminated
    won = landed(("say", "ca B0306 from B0306"), ("kill", "A-AT", "B0306"), ("kill", "G-INF1", "B0306"))
    assert "HTTR ScR 6.6.4.2" not in rules_broken(won) and "HTTR ScR 6.6.4.4" not in rules_broken(won)
    lost = landed(("say", "ca B0306 from B0306"), ("kill", "A-AT", "B0306"), ("kill", "A-INF1", "B0306"))
    assert "HTTR ScR 6.6.4.2" not in rules_broken(lost)


def test_no_drop_hex_in_rough_ground():  # AIR-8, ScR 6.7.4 (L1249): 'may not designate a forest, rough, city or town'
    """The units of a serial enter the map on its designated drop hex (ScR 6.5.1); scattering into such ground is
    tests/rules/httr/test_scatter.py's."""
    assert rules_broken(last(drop(h="B0307").check())) == ["HTTR ScR 6.7.4"]  # a town
    assert not illegal(last(drop(h="B0306").check()))
    assert not illegal(last(drop(h="B0304").check()))  # clear, with no stream, river or canal on its sides


def test_landing_on_enemies_in_forest_eliminates():  # AIR-16, ScR 6.6.4.5 (L1241)
    def landed(*kill: str) -> list:
        log = Log({**OFF, "G-INF1": "B0208"}).phase(8, "allied_movement").place("pf1", PF, "B0305") \
            .enter("A-INF1", "B0208")
        for u in kill:
            log.kill(u, "B0208")
        return last(log.phase(8, "allied_organization").check())
    assert "HTTR ScR 6.6.4.5" in rules_broken(landed())
    assert not illegal(landed("A-INF1"))  # eliminated: no close action is owed either


def test_a_serial_holds_at_most_28_sp():  # AIR-13, ScR 6.7.10 (L1256)
    units = ("A-INF1", "A-INF2", "A-INF5", "A-INF6", "A-HW", "A-ENG", "A-ART", "A-ART2", "A-ART3", "A-TANK")
    log = Log({u: (None, {"Mode": "Defilade"}) for u in units}).phase(8, "allied_movement").place("pf1", PF, "B0305")
    step = len(log.events) + 1
    for u in units[:-1]:  # 5+4+2+2+3+4+3+3+2 = 28 SP
        log.events.append(Entered(step, PieceRef(u, u, u), OFF_MAP, "B0306"))
    assert not illegal(last(log.check()))
    log.events.append(Entered(step, PieceRef("A-TANK", "A-TANK", "A-TANK"), OFF_MAP, "B0306"))  # 30
    assert "HTTR ScR 6.7.10" in rules_broken(last(log.check()))


def test_the_display_serials_are_never_made_fewer():  # AIR-12, ScR 6.7.8-6.7.9 (L1254-L1255)
    """The synthetic display has two serials, A-INF1 + A-INF2 and A-INF4 (game.toml [special.serials])."""
    from hexforge.builder.locations import OFF_MAP
    from tests.rules.httr.helpers import ref

    def dropped(*serials: tuple[str, ...]) -> list:
        log = Log({**OFF, "A-INF4": (None, {"Mode": "Concentrated"})}).phase(8, "allied_movement") \
            .place("pf1", PF, "B0305")
        for units in serials:
            step = len(log.events) + 1
            log.events += [Entered(step, ref(u), OFF_MAP, "B0306") for u in units]
        return last(log.check())
    assert not illegal(dropped(("A-INF1", "A-INF2"), ("A-INF4",)))
    assert not illegal(dropped(("A-INF1", "A-INF4"), ("A-INF2",)))  # rearranged, still two
    assert rules_broken(dropped(("A-INF1", "A-INF2", "A-INF4"))) == ["HTTR ScR 6.7.9"]  # one serial for two
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    bundled = Log({"501/101": (None, {"Mode": "Concentrated"})}, BUNDLED).phase(6, "allied_movement") \
        .enter("501/101", "C1010")
    assert any("Formation Display's serials" in v.needs for v in unsure(last(bundled.check())))
