"""HTTR air landing results and scatter (ScR 6.5.2-6.5.10) on the synthetic game: A-REG1's Pathfinder marker is on
B0305; a serial enters its drop hex, then its Air Landing roll (2d6) is read on the synthetic
tables/air_landing_grid.toml (columns by flight conditions 0, 3, 6, 9), and each scattering unit rolls its direction
(Figure 2 of the data: 1 NE B0405, 2 E, 3 SE, 4 SW, 5 W, 6 NW of B0305) and its distance, then moves. GT 8 (18 Sep)
is a clear day (rating 0), GT 7 a clear night (+5); GT 15 (19 Sep, 0601) takes its weather from a Weather roll on the
synthetic table (2: north 0, south 4; 3: north 4, south 0; 4: north 2, south P). The flight paths run west along the
row to sheet A or B's edge (northern) and south along the column to sheet B's edge (southern): B0305's is B0205,
B0105.
"""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure
from tests.rules.httr.test_worked_examples_scenario import BUNDLED

PF = "Pathfinder A-REG1"
OFF = {"G-INF1": "B0310", "A-INF1": (None, {"Mode": "Concentrated"}), "A-INF2": (None, {"Mode": "Concentrated"}),
       "A-INF3": "B0101"}


def serial(h: str = "B0305", *units: str, turn: int = 8, route: str = "south", flak: str = "", setup=None) -> Log:
    """A serial of ``units`` (A-INF1 alone by default) dropped on ``h`` in the Allied Movement Phase of ``turn``."""
    log = Log({**OFF, **(setup or {})})
    log.phase(turn, "allied_movement").place("pf1", PF, "B0305").say(f"drop {h} {route}{flak}")
    for u in units or ("A-INF1",):
        log.enter(u, h)
    return log


def everything(log: Log) -> list:
    return [v for j in log.check().judged for v in j.verdicts]


def details(verdicts: list) -> str:
    return " | ".join(getattr(v, "detail", None) or "" for v in verdicts)


# -- AIR-4: the flight path and its flak ----------------------------------------------------------------------------

def test_the_flak_on_or_next_to_the_flight_path_counts():  # AIR-4, ScR 6.5.2-6.5.3 (L1200-L1201)
    """G-FLAK in B0106 is next to B0205 and B0105, on B0305's southern path: one flak; in B0107 it is two hexes off."""
    near = serial(flak=" flak 1", setup={"G-FLAK": ("B0106", {"Mode": "Defilade"})})
    assert not illegal(last(near.check())) and "1 flak unit(s)" in details(last(near.check()))
    wrong = serial(flak=" flak 0", setup={"G-FLAK": ("B0106", {"Mode": "Defilade"})})
    assert rules_broken(last(wrong.check())) == ["HTTR ScR 6.5.3"]
    far = serial(flak=" flak 1", setup={"G-FLAK": ("B0107", {"Mode": "Defilade"})})
    assert rules_broken(last(far.check())) == ["HTTR ScR 6.5.3"]


def test_silenced_flak_does_not_count():  # AIR-4, ScR 6.5.4 (L1204): depleted, disrupted or in Travel Mode
    for layers in ({"Mode": "Travel"}, {"Mode": "Defilade", "Disrupted": "Disrupted"},
                   {"Mode": "Defilade", "Depleted": "Depleted"}):
        silenced = serial(flak=" flak 1", setup={"G-FLAK": ("B0106", layers)})
        assert rules_broken(last(silenced.check())) == ["HTTR ScR 6.5.3"], layers
        assert not illegal(last(serial(flak=" flak 0", setup={"G-FLAK": ("B0106", layers)}).check()))


def test_the_northern_path_runs_west_along_the_row():  # AIR-4, ScR 6.5.2 (L1200): a straight line from the west
    def marked(n: int, at: str) -> list:
        return last(serial("B0305", route="north", flak=f" flak {n}", setup={"G-FLAK": (at, {"Mode": "Defilade"})})
                    .check())
    assert "HTTR ScR 6.5.3" not in rules_broken(marked(1, "B0301"))  # B0304..B0301 to the west edge
    assert "HTTR ScR 6.5.3" in rules_broken(marked(0, "B0301"))
    assert "HTTR ScR 6.5.3" in rules_broken(marked(1, "B0105"))  # two rows south of the row: off the path


def test_the_bundled_routes_are_not_drawn():  # AIR-4 on the bundled data: not checkable, never legal
    log = Log({"501/101": (None, {"Mode": "Concentrated"})}, BUNDLED).phase(6, "allied_movement") \
        .say("drop C1010 south flak 0").enter("501/101", "C1010")
    verdicts = last(log.check())
    assert any("flight paths' geometry" in v.needs for v in unsure(verdicts))
    assert not [v for v in illegal(verdicts) if v.rule == "HTTR ScR 6.5.3"]


# -- AIR-5: the landing result ---------------------------------------------------------------------------------------

def test_an_a_result_lands_the_serial_in_its_hex():  # AIR-5, ScR 6.5.3-6.5.5 (L1203-L1210)
    """GT 8 is clear (0) and no flak: a 7 in column 0 is A: no unit scatters."""
    landed = serial().roll("Air Landing", 3, 4).phase(8, "allied_organization")
    assert not illegal(everything(landed)) and "is A" in details(everything(landed))
    scattered = serial().roll("Air Landing", 3, 4).roll("Scatter", 5)
    assert rules_broken(last(scattered.check())) == ["HTTR ScR 6.5.4"]  # the result was A


def test_an_s1_serial_scatters_every_unit():  # AIR-5, ScR 6.5.4 (L1207): an 8 in column 0 is S1
    stayed = serial().roll("Air Landing", 4, 4).phase(8, "allied_organization")
    assert rules_broken(last(stayed.check())) == ["HTTR ScR 6.5.4"]
    gone = serial().roll("Air Landing", 4, 4).roll("Scatter", 5).roll("Scatter", 3).move("A-INF1", "B0304", "B0303")
    assert not illegal(everything(gone.phase(8, "allied_organization")))


def test_night_adds_five_to_the_flight_conditions():  # AIR-5, ScR 6.5.3 (L1201)
    """GT 7 is a clear night: conditions 5 (column 3), where a 7 is S1, not column 0's A."""
    night = serial(turn=7).roll("Air Landing", 3, 4)
    assert "flight conditions 5 is S1" in details(last(night.check()))
    assert rules_broken(last(night.phase(7, "allied_organization").check())) == ["HTTR ScR 6.5.4"]


def weather(roll: int) -> Log:
    """GT 15's Weather roll (the synthetic table) and a serial dropped by the southern route."""
    log = Log(OFF).phase(15, "weather").roll("Weather", roll - 1, 1)
    log.phase(15, "allied_movement").place("pf1", PF, "B0305").say("drop B0305 south").enter("A-INF1", "B0305")
    return log


def test_the_weather_zones_shift_the_southern_result():  # AIR-5, ScR 6.5.6-6.5.8 (L1211-L1213)
    """South 4 and north 0: conditions 4 (column 3) and one level worse: a 7 is S1, raised to S2 (3 hexes on a 3);
    south 0 and north 4: one level better: a 10 in column 0 is S1, lowered to A."""
    worse = weather(2).roll("Air Landing", 3, 4)
    assert "shifted +1 to S2" in details(last(worse.check()))
    far = weather(2).roll("Air Landing", 3, 4).roll("Scatter", 5).roll("Scatter", 3).move("A-INF1", "B0304", "B0303",
                                                                                             "B0302")
    assert not illegal(last(far.check()))
    short = weather(2).roll("Air Landing", 3, 4).roll("Scatter", 5).roll("Scatter", 3).move("A-INF1", "B0304",
                                                                                              "B0303")
    assert rules_broken(last(short.check())) == ["HTTR ScR 6.5.4"]  # two hexes is S1's distance
    better = weather(3).roll("Air Landing", 5, 5)
    assert "shifted -1 to A" in details(last(better.check()))
    assert rules_broken(last(weather(3).roll("Air Landing", 5, 5).roll("Scatter", 2).check())) == ["HTTR ScR 6.5.4"]


def test_a_raised_a_result_destroys_a_company():  # AIR-5, ScR 6.5.7, 6.5.9 (L1212, L1214)
    """South 4, north 0: one level worse; a 2 in column 3 is A, so a company of the serial is destroyed."""
    kept = weather(2).roll("Air Landing", 1, 1).phase(15, "allied_organization")
    assert rules_broken(everything(kept)) == ["HTTR ScR 6.5.9"]
    lost = weather(2).roll("Air Landing", 1, 1).kill("A-INF1", "B0305").phase(15, "allied_organization")
    assert not illegal(everything(lost))


def test_a_southern_serial_under_p_has_no_result():  # AIR-5 / AIR-3, ScR 6.4.1 (L1188) vs 6.5.7 (L1212)
    """Reading: 6.5.7's 'SWZ P and NWZ three or less' cannot apply to a flight the southern route's P forbids
    (6.4.1, AIR-3 flags it): the result is not judged."""
    p = last(weather(4).roll("Air Landing", 1, 1).check())
    assert not illegal(p) and any("P weather" in v.needs for v in unsure(p))
    calendar = last(serial(turn=9).roll("Air Landing", 1, 1).check())  # GT 9's weather is P in the calendar
    assert not illegal(calendar) and any("P weather" in v.needs for v in unsure(calendar))


def test_the_landing_roll_names_its_serial():  # AIR-5, ScR 6.5.3 (L1203): 'in any order chosen by the Allied player'
    two = serial().say("drop B0306 south").enter("A-INF2", "B0306").say("land B0306").roll("Air Landing", 4, 4)
    assert "the serial on B0306" in details(last(two.check()))
    guessed = serial().say("drop B0306 south").enter("A-INF2", "B0306").roll("Air Landing", 4, 4)
    assert "the serial on B0305" in details(last(guessed.check())) and last(guessed.check())[0].guess
    assert rules_broken(last(serial().roll("Air Landing", 4, 4).roll("Air Landing", 4, 4).check())) \
        == ["HTTR ScR 6.5.3"]  # one serial, one roll


def test_the_bundled_grid_is_not_transcribed():  # AIR-5 on the bundled data: not checkable, never legal
    log = Log({"501/101": (None, {"Mode": "Concentrated"})}, BUNDLED).phase(6, "allied_movement") \
        .say("drop C1010 south").enter("501/101", "C1010").roll("Air Landing", 3, 4)
    verdicts = last(log.check())
    assert not illegal(verdicts) and any("Air Landing Table grid" in v.needs for v in unsure(verdicts))


# -- AIR-6 and AIR-7: distance and direction -------------------------------------------------------------------------

def test_s1_and_s2_distances():  # AIR-6, ScR 6.5.4 (L1207-L1208)
    s1 = serial().roll("Air Landing", 4, 4).roll("Scatter", 5).roll("Scatter", 5).move("A-INF1", "B0304", "B0303",
                                                                                       "B0302")
    assert not illegal(last(s1.check()))  # 5-6: three hexes
    short = serial().roll("Air Landing", 4, 4).roll("Scatter", 5).roll("Scatter", 5).move("A-INF1", "B0304")
    assert rules_broken(last(short.check())) == ["HTTR ScR 6.5.4"]
    s2 = serial().roll("Air Landing", 5, 6).roll("Scatter", 5).roll("Scatter", 1).move("A-INF1", "B0304", "B0303")
    assert not illegal(last(s2.check()))  # an 11 in column 0 is S2: 1-2 is two hexes


def test_l1_scatters_one_hex_on_three_to_six():  # AIR-6, ScR 6.5.4 (L1209)
    """GT 7 (night, conditions 5, column 3): a 12 is L1."""
    one = serial(turn=7).roll("Air Landing", 6, 6).roll("Scatter", 5).roll("Scatter", 4).move("A-INF1", "B0304")
    assert not illegal(last(one.check()))
    two = serial(turn=7).roll("Air Landing", 6, 6).roll("Scatter", 5).roll("Scatter", 6).move("A-INF1", "B0304",
                                                                                              "B0303")
    assert rules_broken(last(two.check())) == ["HTTR ScR 6.5.4"]
    lost = serial(turn=7).roll("Air Landing", 6, 6).roll("Scatter", 5).roll("Scatter", 1).move("A-INF1", "B0304")
    assert rules_broken(last(lost.check())) == ["HTTR ScR 6.5.4"]  # 1-2: a step lost, no scatter


def test_a_scatter_off_the_map_stops_at_its_edge():  # AIR-6, ScR 6.5.10 / 6.7.6 (L1215, L1251)
    edge = serial("B0302").roll("Air Landing", 4, 4).roll("Scatter", 5).roll("Scatter", 6).move("A-INF1", "B0301")
    assert not illegal(last(edge.check()))


def test_the_direction_is_figure_2s():  # AIR-7, ScR 6.5.4 (L1207)
    west = serial().roll("Air Landing", 4, 4).roll("Scatter", 5).roll("Scatter", 3).move("A-INF1", "B0304", "B0303")
    assert not illegal(last(west.check())) and "direction 5" in details(last(west.check()))
    east = serial().roll("Air Landing", 4, 4).roll("Scatter", 5).roll("Scatter", 3).move("A-INF1", "B0306", "B0307")
    assert rules_broken(last(east.check())) == ["HTTR ScR 6.5.4"]  # two hexes, but east: face 5 is west


def test_the_bundled_scatter():  # AIR-6 / AIR-7 on the bundled data: Figure 2 and the grid are not transcribed
    def scattered(*path: str) -> list:
        log = Log({"501/101": (None, {"Mode": "Concentrated"})}, BUNDLED).phase(6, "allied_movement") \
            .say("drop C1010 south").enter("501/101", "C1010").roll("Air Landing", 4, 4) \
            .roll("Scatter", 2).roll("Scatter", 3).move("501/101", *path)
        return last(log.check())
    two = scattered("C1011", "C1012")  # S1's two hexes on a 3, or S2's three, or L1's one: the result is unknown
    assert not illegal(two) and any("Figure 2" in v.needs for v in unsure(two))
    assert any("Air Landing Table grid" in v.needs for v in unsure(two))
    six = scattered("C1011", "C1012", "C1013", "C1014", "C1015", "C1016")  # no result scatters six hexes on a 3
    assert "HTTR ScR 6.5.4" in rules_broken(six)


def test_a_scatter_is_no_landing_turn_movement():  # AIR-17 with AIR-6, ScR 6.6.5.1 (L1243)
    """The three hexes of an S1 scatter are not the two hexes a leg unit may move in its landing GT."""
    moved = serial().roll("Air Landing", 4, 4).roll("Scatter", 5).roll("Scatter", 5) \
        .move("A-INF1", "B0304", "B0303", "B0302").roll("Movement Allowance 3d6", 6, 6, 6) \
        .move("A-INF1", "B0402", "B0502")
    assert not illegal(last(moved.check()))
    assert rules_broken(last(moved.move("A-INF1", "B0602").check())) == ["HTTR ScR 6.6.5.1"]


# -- AIR-8: where a scatter ends -------------------------------------------------------------------------------------

def test_a_scatter_into_a_town_disrupts():  # AIR-8, ScR 6.7.4 (L1249): 'If Allied units drop in one of those hexes
    """S1, direction 2 (east), two hexes: B0307, a town."""  # due to scatter, they are immediately disrupted'
    def town(*after: tuple) -> list:
        log = serial().roll("Air Landing", 4, 4).roll("Scatter", 2).roll("Scatter", 3).move("A-INF1", "B0306", "B0307")
        for step in after:
            getattr(log, step[0])(*step[1:])
        return everything(log.phase(8, "allied_organization"))
    assert rules_broken(town()) == ["HTTR ScR 6.7.4"]
    disrupted = town(("layer", "A-INF1", "Disrupted", "Normal", "Disrupted"))
    assert not rules_broken(disrupted)  # nor MOD-1 (SR 5.1): the landing disrupts it
    assert "disrupted (ScR 6.7.4)" in details(disrupted)


def test_a_scatter_into_water_kills(tmp_path) -> None:  # AIR-8, ScR 6.7.5 (L1250): 'an all-water hex is eliminated'
    """On a copy of the synthetic game whose B0303 is an all-water hex (type water)."""
    import shutil
    from hexforge.games import load_game
    from tests.rules.httr.helpers import SYNTHETIC
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    text = (copy / "terrain.toml").read_text().replace('"B0301..B0306"', '"B0301..B0302", "B0304..B0306"')
    text = text.replace('[hexes]\n', '[hexes]\nwater = ["B0303"]\n')
    (copy / "terrain.toml").write_text(text + '\n[[types]]\nid = "water"\nname = "All-water hex"\nkind = "hex"\n')
    wet = load_game(copy)

    def drowned(*after: tuple) -> list:
        log = Log(OFF, wet).phase(8, "allied_movement").place("pf1", PF, "B0305").say("drop B0305 south") \
            .enter("A-INF1", "B0305").roll("Air Landing", 4, 4).roll("Scatter", 5).roll("Scatter", 3) \
            .move("A-INF1", "B0304", "B0303")
        for step in after:
            getattr(log, step[0])(*step[1:])
        return everything(log.phase(8, "allied_organization"))
    assert "HTTR ScR 6.7.5" in rules_broken(drowned())
    assert "HTTR ScR 6.7.5" not in rules_broken(drowned(("kill", "A-INF1", "B0303")))


# -- AIR-13: fixing a landing overstack ------------------------------------------------------------------------------

HEAVY = ("A-INF1", "A-INF2", "A-ENG", "A-HW", "A-INF5", "A-INF6", "A-ART3")  # 5+4+4+3+2+2+2 = 22 SP


def overstacked(*displaced: tuple[str, str]) -> list:
    """HEAVY lands (an A result) on B0405, woods with a stacking limit of 20; ``displaced`` (unit, hex) leave it."""
    setup = {u: (None, {"Mode": "Defilade" if u == "A-ART3" else "Concentrated"}) for u in HEAVY}
    log = Log({"G-INF1": "B0310", **setup}).phase(8, "allied_movement").place("pf1", PF, "B0305") \
        .say("drop B0405 south")
    step = len(log.events) + 1
    from hexforge.builder.locations import OFF_MAP
    from hexforge.builder.timeline import Entered
    from tests.rules.httr.helpers import ref
    log.events += [Entered(step, ref(u), OFF_MAP, "B0405") for u in HEAVY]  # one serial: one log step
    log.roll("Air Landing", 3, 4)
    for u, h in displaced:
        log.move(u, h)
    return everything(log.phase(8, "allied_organization"))


def test_an_overstack_is_fixed_by_the_fewest_units():  # AIR-13, ScR 6.6.3.1 (L1230) and its example (L1233)
    """22 SP on a limit of 20: one unit of two or more SP fixes it, whichever the player chooses."""
    one = overstacked(("A-INF6", "B0404"))
    assert not [v for v in illegal(one) if v.rule.startswith("HTTR ScR 6.6.3")]
    assert "1 unit(s) displaced from B0405, the fewest" in details(one)
    two = overstacked(("A-INF6", "B0404"), ("A-INF5", "B0404"))
    assert "HTTR ScR 6.6.3.1" in rules_broken(two)


def test_artillery_is_never_displaced():  # AIR-13, ScR 6.6.3.2 (L1231)
    assert "HTTR ScR 6.6.3.2" in rules_broken(overstacked(("A-ART3", "B0404")))


def test_a_scatter_onto_enemy_units_lands_there():  # AIR-15 with AIR-6, ScR 6.6.4.2 (L1238)
    """Placed on B0305 and scattered west two hexes onto G-INF1 in B0303: the close action is owed there, not on the
    drop hex."""
    def landed(*after: tuple) -> list:
        log = serial(setup={"G-INF1": "B0303"}).roll("Air Landing", 4, 4).roll("Scatter", 5).roll("Scatter", 3) \
            .move("A-INF1", "B0304", "B0303")
        for step in after:
            getattr(log, step[0])(*step[1:])
        return everything(log.phase(8, "allied_organization"))
    assert "HTTR ScR 6.6.4.2" in rules_broken(landed())
    assert "HTTR ScR 6.6.4.2" not in rules_broken(landed(("say", "ca B0303 from B0303"), ("kill", "G-INF1", "B0303")))
    away = serial(setup={"G-INF1": "B0305"}).roll("Air Landing", 4, 4).roll("Scatter", 5).roll("Scatter", 3) \
        .move("A-INF1", "B0304", "B0303")
    assert "HTTR ScR 6.6.4.2" not in rules_broken(everything(away.phase(8, "allied_organization")))


def test_the_serial_is_placed_on_its_declared_hex():  # AIR-4, ScR 6.5.1 (L1195): 'placed in the intended landing hex'
    log = Log(OFF).phase(8, "allied_movement").place("pf1", PF, "B0305").say("drop B0306 south") \
        .enter("A-INF1", "B0305")
    assert rules_broken(last(log.check())) == ["HTTR ScR 6.5.1"]


def test_each_scattering_unit_rolls_direction_and_distance():  # AIR-6 / AIR-7, ScR 6.5.4 (L1207)
    one = serial().roll("Air Landing", 4, 4).roll("Scatter", 5).move("A-INF1", "B0304")
    assert rules_broken(last(one.check())) == ["HTTR ScR 6.5.4"]
