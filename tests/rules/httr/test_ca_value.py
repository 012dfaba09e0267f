"""CA-19: every factor of the CA value (SR 10.4.1-10.4.3) on the synthetic game, each with a close action whose result,
and so what the log may show after it, changes with the factor: after a result that disrupts the defender (D or a
number) a Disrupted layer put on it (or its retreat) is due, after "-" or "A" it is not (SR 5.1, 10.5.1).

The expected values are the CA Value Table's cells (``values.ca_value``: open or cover line by ER differential, the
morale differential's column, one right for an adjacent start) by the rulebook's arithmetic; the results are the CA
Results Table's (tests/games/httr-synthetic/tables). Its rows repeat by threes (values 3-5, 6-8, 9-11 share one), so
each case is set where the factor crosses a row: at night (SR 20.4, two left), in cover, or against a chosen unit.
Printed values: A-INF1 ER 5 morale 8 (5 SP), A-INF3 4/7 (5 SP), A-PZG 5/8 (4 SP, tracked), A-TANK and A-REC 5/7 (2 SP);
G-INF1 2/4, G-INF2 4/7 (3 SP), G-IND1 4/6 (2 SP), G-FLAK 4/6 (2 SP), G-ART 6/6 and G-TWIN 2/6 (3 SP), G-PIO6FJ 5/7.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from hexforge.games import load_game
from hexforge.games.game import Game
from hexforge.rules.httr.values import ca_result, ca_value

from tests.rules.httr.helpers import SYNTHETIC, Log, game, illegal, last, rules_broken

C, DF = {"Mode": "Concentrated"}, {"Mode": "Defilade"}
NIGHT = 6  # a night GT of the synthetic calendar (test_close_action: two columns left)


def fight(setup: dict, target: str = "B0304", src: str = "B0303", roll: int = 3, turn: int = 1,
          g: Game | None = None, side: str = "allied", first=lambda log: log) -> Log:
    return first(Log(setup, g).phase(turn, f"{side}_movement")).say(f"ca {target} from {src}") \
        .roll("Close Action", roll)


def told(log: Log) -> str:
    """The resolution's detail (value, odds, result and the factors)."""
    got = last(log.check())
    assert not illegal(got), got
    return got[0].detail or ""


def disrupt(log: Log, defender: str) -> list:
    """The Disrupted layer put on the defender after the CA: due after D or a number, else Illegal (SR 5.1)."""
    return last(log.layer(defender, "Disrupted", "", "Disrupted").check())


def value(line: str, er: float, morale: float, shift: int = 0) -> int:
    return ca_value(game(), line, int(er), int(morale), adjacent_start=True) + shift


def check_pair(with_: Log, without: Log, defender: str, v_with: int, v_without: int, ratio: str, roll: int,
               factor: str) -> None:
    """The factor's case: both values as the table gives them, the factor named, and the Disrupted layer due in the
    case whose result disrupts and Illegal (SR 5.1) in the other."""
    a, b = told(with_), told(without)
    assert f"CA value {v_with}," in a and f"CA value {v_without}," in b, (a, b)
    assert factor in a and factor not in b
    r_with, r_without = ca_result(game(), v_with, ratio, roll), ca_result(game(), v_without, ratio, roll)
    assert f"result {r_with} " in a and f"result {r_without} " in b
    disrupting = {r: r not in ("-", "A") for r in (r_with, r_without)}
    assert disrupting[r_with] != disrupting[r_without]
    for log, r in ((with_, r_with), (without, r_without)):
        got = disrupt(log, defender)
        assert (not illegal(got)) if disrupting[r] else rules_broken(got) == ["HTTR SR 5.1"]


def test_travel_mode_halves_the_defenders_er():  # CA-19, SR 10.4.1.2 (L583)
    # A-INF3 comes from B0302 (no adjacent start): G-INF2 in Travel ER 2, else 4; morale 7 - 7
    first = lambda log: log.move("A-INF3", "B0303")
    setup = {"A-INF3": "B0302"}
    travel = fight({**setup, "G-INF2": ("B0304", {"Mode": "Travel"})}, first=first)
    normal = fight({**setup, "G-INF2": ("B0304", C)}, first=first)
    v_t, v_n = value("open", 4 - 2, 0, -1), value("open", 4 - 4, 0, -1)  # -1: no adjacent start
    # changed (s3 F2): a defender in Travel Mode also halves its strength (SR 10.4.4.9, L612): 5:2 = 2:1, not 1:1
    a, b = told(travel), told(normal)
    assert f"CA value {v_t}, odds 5:2 = 2:1" in a and "SR 10.4.1.2" in a and f"CA value {v_n}, odds 5:3 = 1:1" in b
    r_t, r_n = ca_result(game(), v_t, "2:1", 3), ca_result(game(), v_n, "1:1", 3)
    assert r_t not in ("-", "A") and r_n in ("-", "A") and f"result {r_t} " in a and f"result {r_n} " in b
    assert not illegal(disrupt(travel, "G-INF2")) and rules_broken(disrupt(normal, "G-INF2")) == ["HTTR SR 5.1"]


def test_a_disrupted_defender_halves_its_er_and_loses_four_morale():  # CA-19, SR 10.4.1.2 (L583), 10.4.2.6 (L592)
    # at night: G-INF2 disrupted at ER 2 and morale 3, else 4 and 7; its retreat is due only after D or a number
    dis = fight({"G-INF2": ("B0304", {"Disrupted": "Disrupted"}), "A-INF1": "B0303"}, turn=NIGHT)
    fit = fight({"G-INF2": "B0304", "A-INF1": "B0303"}, turn=NIGHT)
    v_d, v_f = value("open", 5 - 2, 8 - 3, -2), value("open", 5 - 4, 8 - 7, -2)
    a = told(dis)
    assert f"CA value {v_d}," in a and "SR 10.4.1.2" in a and "SR 10.4.2.6" in a
    assert f"CA value {v_f}," in told(fit) and ca_result(game(), v_d, "1:1", 3) == "D" \
        and ca_result(game(), v_f, "1:1", 3) == "-"
    assert not illegal(last(dis.move("G-INF2", "B0305").check()))
    assert rules_broken(last(fit.move("G-INF2", "B0305").check())) == ["HTTR SR 10.5.1"]


def test_flak_defends_at_er_two():  # CA-19, SR 10.4.1.3 (L584): G-FLAK (ER 4) as G-IND1 (ER 4, morale 6) but ER 2
    first = lambda log: log.move("A-INF1", "B0303")
    flak = fight({"A-INF1": "B0302", "G-FLAK": ("B0304", DF)}, roll=5, first=first)
    twin = fight({"A-INF1": "B0302", "G-IND1": ("B0304", DF)}, roll=5, first=first)
    a, b = told(flak), told(twin)
    v_f, v_t = value("open", 5 - 2, 8 - 6, -1), value("open", 5 - 4, 8 - 6, -1)
    assert f"CA value {v_f}," in a and "SR 10.4.1.3" in a and f"CA value {v_t}," in b
    assert ca_result(game(), v_f, "2:1", 5) == "D" and ca_result(game(), v_t, "2:1", 5) == "-"
    assert not illegal(disrupt(flak, "G-FLAK"))
    assert rules_broken(disrupt(twin, "G-IND1")) == ["HTTR SR 5.1"]


def test_a_dismounted_armored_unit_loses_one_er():  # CA-19, SR 10.4.1.4 (L585), 9.3.4 (L468)
    # A-PZG (ER 5, tracked) against the lone engineer G-PIO6FJ (ER 5, morale 7: no engineer bonus alone)
    off = fight({"G-PIO6FJ": "B0304", "A-PZG": ("B0303", {"Dismounted": "Dismounted"})})
    on = fight({"G-PIO6FJ": "B0304", "A-PZG": "B0303"})
    check_pair(off, on, "G-PIO6FJ", value("open", 4 - 5, 8 - 7), value("open", 5 - 5, 8 - 7), "1:1", 3,
               "SR 10.4.1.4")


def test_artillery_defends_at_er_two_and_two_less_morale():  # CA-19, SR 10.4.1.3 (L584), 10.4.2.11 (L598)
    # at night; G-TWIN has artillery's CA ER 2 and G-ART's morale 6 but is infantry
    guns = fight({"G-ART": ("B0304", DF), "A-INF1": "B0303"}, turn=NIGHT)
    twin = fight({"G-TWIN": ("B0304", DF), "A-INF1": "B0303"}, turn=NIGHT)
    a, b = told(guns), told(twin)
    v_g, v_t = value("open", 5 - 2, 8 - (6 - 2), -2), value("open", 5 - 2, 8 - 6, -2)
    assert f"CA value {v_g}," in a and "SR 10.4.2.11" in a and "SR 10.4.1.3" in a and f"CA value {v_t}," in b
    assert ca_result(game(), v_g, "1:1", 3) == "D" and ca_result(game(), v_t, "1:1", 3) == "-"
    assert not illegal(disrupt(guns, "G-ART"))
    assert rules_broken(disrupt(twin, "G-TWIN")) == ["HTTR SR 5.1"]


def test_defilade_in_woods_adds_one_morale():  # CA-19, SR 10.4.2.1 (L589): at night, A-INF3 at G-INF2 in B0405
    hid = fight({"G-INF2": ("B0405", DF), "A-INF3": "B0404"}, "B0405", "B0404", roll=1, turn=NIGHT)
    seen = fight({"G-INF2": ("B0405", C), "A-INF3": "B0404"}, "B0405", "B0404", roll=1, turn=NIGHT)
    check_pair(hid, seen, "G-INF2", value("cover", 0, 7 - 8, -2), value("cover", 0, 0, -2), "1:1", 1,
               "SR 10.4.2.1")


def test_defilade_in_forest_adds_two_morale():  # CA-19, SR 10.4.2.1 (L589): at night, A-INF1 at G-INF2 in B0208
    hid = fight({"G-INF2": ("B0208", DF), "A-INF1": "B0207"}, "B0208", "B0207", roll=1, turn=NIGHT)
    seen = fight({"G-INF2": ("B0208", C), "A-INF1": "B0207"}, "B0208", "B0207", roll=1, turn=NIGHT)
    check_pair(hid, seen, "G-INF2", value("cover", 1, 8 - 9, -2), value("cover", 1, 8 - 7, -2), "1:1", 1,
               "SR 10.4.2.1")


def test_an_engineer_among_the_top_two_adds_two_morale():  # CA-19, SR 10.4.2.2 (L590), 10.4.2.4 (L592)
    # A-INF1 on top, A-ENG second or third; G-INF1 (ER 2, morale 4) on top of G-INF2 and G-INF3: 13 SP to 9
    defenders = {"G-INF3": "B0304", "G-INF2": "B0304", "G-INF1": "B0304"}
    second = fight({**defenders, "A-INF2": "B0303", "A-ENG": "B0303", "A-INF1": "B0303"}, roll=5)
    third = fight({**defenders, "A-ENG": "B0303", "A-INF2": "B0303", "A-INF1": "B0303"}, roll=5)
    check_pair(second, third, "G-INF1", value("open", 3, 8 + 2 - 4), value("open", 3, 8 - 4), "1:1", 5,
               "SR 10.4.2.2")


def test_an_engineer_in_defilade_adds_no_morale():  # CA-19, SR 10.4.2.4 (L592): Concentrated Mode only
    defenders = {"G-INF3": "B0304", "G-INF2": "B0304", "G-INF1": "B0304"}
    conc = fight({**defenders, "A-INF2": "B0303", "A-ENG": ("B0303", C), "A-INF1": "B0303"}, roll=5)
    hid = fight({**defenders, "A-INF2": "B0303", "A-ENG": ("B0303", DF), "A-INF1": "B0303"}, roll=5)
    assert "SR 10.4.2.2" in told(conc) and "SR 10.4.2.2" not in told(hid)
    assert f"CA value {value('open', 3, 8 - 4)}," in told(hid)


def test_a_leader_stacked_with_the_lead_unit_adds_two_morale():  # CA-19, SR 10.4.2.5 (L591), 19.1.1 (L967)
    led = fight({"G-INF1": "B0304", "A-LDR": "B0303", "A-INF1": "B0303"}, roll=5)
    alone = fight({"G-INF1": "B0304", "A-INF1": "B0303"}, roll=5)
    check_pair(led, alone, "G-INF1", value("open", 3, 8 + 2 - 4), value("open", 3, 8 - 4), "1:1", 5,
               "SR 10.4.2.5")


def test_armor_with_infantry_gains_its_at_value_unless_met_by_similar_at():  # CA-19, SR 10.4.2.8 (L595)
    # A-TANK (medium AT: +1) with A-INF1 against G-IND1 over G-IND2, or over G-AT (medium AT dots), in the woods
    # B0405 (cover line; G-IND1 Concentrated: no defilade bonus; infantry present: not armor alone)
    attackers = {"A-TANK": "B0404", "A-INF1": "B0404"}
    bonus = fight({"G-IND2": "B0405", "G-IND1": ("B0405", C), **attackers}, "B0405", "B0404")
    met = fight({"G-AT": ("B0405", DF), "G-IND1": ("B0405", C), **attackers}, "B0405", "B0404")
    assert "cancelled" in told(met)
    check_pair(bonus, met, "G-IND1", value("cover", 1, 8 + 1 - 6), value("cover", 1, 8 - 6), "1:1", 3,
               "morale +1 (SR 10.4.2.8)")


def test_armor_alone_into_woods_raises_the_defenders_morale():  # CA-19, SR 10.4.2.9 (L596)
    # at night, A-TANK (AFV) or A-REC (recon, the same values) alone at G-IND1 in the woods B0405
    tank = fight({"G-IND1": ("B0405", C), "A-TANK": "B0404"}, "B0405", "B0404", roll=1, turn=NIGHT)
    cars = fight({"G-IND1": ("B0405", C), "A-REC": "B0404"}, "B0405", "B0404", roll=1, turn=NIGHT)
    check_pair(tank, cars, "G-IND1", value("cover", 1, 7 - 9, -2), value("cover", 1, 7 - 6, -2), "1:1", 1,
               "SR 10.4.2.9")


def hilltop(tmp_path: Path) -> Game:
    """A copy of the synthetic game whose B0304 is a hilltop (B0405 stays woods)."""
    folder = tmp_path / SYNTHETIC.name
    shutil.copytree(SYNTHETIC, folder)
    path = folder / "terrain.toml"
    text = path.read_text(encoding="utf-8")
    assert '"B0301..B0306"' in text
    text = text.replace('"B0301..B0306"', '"B0301..B0303", "B0305..B0306"').replace("[hexes]\n",
                                                                                    '[hexes]\nhilltop = ["B0304"]\n')
    path.write_text(text + '\n[[types]]\nid = "hilltop"\nname = "Hilltop"\nkind = "hex"\n', encoding="utf-8")
    tec = folder / "tables" / "tec.toml"  # the hilltop's TEC row: the clear row's cells (its costs and stacking)
    rows = tec.read_text(encoding="utf-8")
    clear = 'key = "clear"\n'
    assert clear in rows
    row = rows[rows.index(clear):].split("\n\n")[0].replace(clear, 'key = "hilltop"\n')
    tec.write_text(rows + "\n[[rows]]\n" + row + "\n", encoding="utf-8")
    return load_game(folder)


def test_a_hilltop_defender_shifts_one_column_left(tmp_path):  # CA-19, SR 10.4.3.1 (L600)
    # at night, A-INF1 at G-INF2 (Concentrated) on the hilltop B0304 or in the woods B0405: both the cover line
    g = hilltop(tmp_path)
    hill = fight({"G-INF2": ("B0304", C), "A-INF1": "B0303"}, roll=1, turn=NIGHT, g=g)
    wood = fight({"G-INF2": ("B0405", C), "A-INF1": "B0404"}, "B0405", "B0404", roll=1, turn=NIGHT, g=g)
    check_pair(hill, wood, "G-INF2", value("cover", 1, 1, -3), value("cover", 1, 1, -2), "1:1", 1, "SR 10.4.3.1")


def test_an_unknown_at_class_that_changes_no_result_is_said():  # CA-19: A-TANK2's at_class is not in units.csv
    got = told(fight({"G-IND2": "B0405", "G-IND1": ("B0405", C), "A-TANK2": "B0404", "A-INF1": "B0404"},
                     "B0405", "B0404"))
    assert "not known, changing no result: at_class of unit A-TANK2" in got  # +1 or +2: the same column and value


def test_a_disrupted_defending_engineer_makes_no_special_at_fire():  # DIS-1, CA-17: SR 10.6.2 (L626), 10.2.7 (L562)
    """A-TANK and A-INF1 (5 SP) close-assault the town B0307: G-INF2 and G-INF3 (6 infantry SP: an excess of 1) with
    the engineer G-PIO6FJ (3 SP) fire AT at A-TANK. Disrupted, the engineer has no engineer functions: named alone it
    may not fire, and the hex's fire leaves its 3 SP out (1 excess SP, not 4)."""
    base = {"G-INF3": "B0307", "G-INF2": "B0307", "A-TANK": "B0306", "A-INF1": "B0306"}

    def shot(disrupted: bool, firers: str) -> Log:
        eng = ("B0307", {"Disrupted": "Disrupted"}) if disrupted else "B0307"
        return Log({**base, "G-PIO6FJ": eng}).phase(1, "allied_movement").say("ca B0307 from B0306") \
            .say(f"at B0306 from {firers}").roll("AT Fire", 6, 5)
    assert not illegal(last(shot(False, "G-PIO6FJ").check()))
    said = shot(True, "G-PIO6FJ").check().judged[2].verdicts
    assert rules_broken(said) == ["HTTR SR 10.6.2"]
    assert "(4 excess SP)" in (last(shot(False, "B0307").check())[0].detail or "")
    assert "(1 excess SP)" in (last(shot(True, "B0307").check())[0].detail or "")


def small_stacks(tmp_path: Path) -> Game:
    """A copy of the synthetic game whose clear hexes hold 7 SP (the TEC's stacking limit; 28 in the game)."""
    folder = tmp_path / SYNTHETIC.name
    shutil.copytree(SYNTHETIC, folder)
    tec = folder / "tables" / "tec.toml"
    text = tec.read_text(encoding="utf-8")
    old = 'cells = [3, 3, 2, 2, 1, 12, { value = 28, source = "HTTR ScR 6.6.3 example (L1233)" }, 28,'
    assert old in text
    tec.write_text(text.replace(old, "cells = [3, 3, 2, 2, 1, 12, 7, 28,"), encoding="utf-8")
    return load_game(folder)


def test_an_overstacked_landing_fights_at_two_less_er(tmp_path):  # CA-19, SR 10.4.1.5 (L586), ScR 6.6.4.3 (L1239)
    """A-INF1 (5 SP) lands on G-INF2 (3 SP) in the clear B0306 and makes its mandatory CA (ScR 6.6.4.2, as from an
    adjacent hex): where clear holds 7 SP the landing overstacks the hex and A-INF1 fights at ER 3. The overstack
    disrupts every unit in the hex (SR 11.2.3), so what the result decides is G-INF2's retreat (to G-INF3 in B0307:
    a friend in the enemy ZOC, SR 10.5.1)."""
    def landing(g: Game | None) -> Log:
        return fight({"G-INF3": "B0307", "G-INF2": "B0306", "A-INF1": (None, C)}, "B0306", "B0306", turn=8, g=g,
                     first=lambda log: log.place("pf1", "Pathfinder A-REG1", "B0305").enter("A-INF1", "B0306"))
    over, fit = landing(small_stacks(tmp_path)), landing(None)
    v_o, v_f = value("open", 5 - 2 - 4, 8 - 7), value("open", 5 - 4, 8 - 7)
    a, b = told(over), told(fit)
    assert f"CA value {v_o}," in a and "SR 10.4.1.5" in a and f"CA value {v_f}," in b and "SR 10.4.1.5" not in b
    assert ca_result(game(), v_o, "1:1", 3) == "-" and ca_result(game(), v_f, "1:1", 3) == "D"
    assert rules_broken(last(over.move("G-INF2", "B0307").check())) == ["HTTR SR 10.5.1"]
    assert not illegal(last(fit.move("G-INF2", "B0307").check()))


def test_an_engineer_negates_an_entrenchment_without_its_morale_conditions():  # CA-19, SR 10.4.2.3-10.4.2.4 (L590)
    """A-ENG in Defilade gives no morale (10.4.2.4: Concentrated Mode only) but still negates G-INF1's entrenchment
    (it 'can still negate the benefit of entrenchment'); without an engineer the entrenchment's +2 stands."""
    def entrenched(setup: dict) -> str:
        return told(fight({**setup, "G-INF1": ("B0304", DF)}, first=lambda log: log.marker("e1", "Entrenchment",
                                                                                           "B0304")))
    sappers = entrenched({"A-INF2": "B0303", "A-ENG": ("B0303", DF), "A-INF1": "B0303"})
    assert "negates the entrenchment (SR 10.4.2.3)" in sappers and "SR 10.4.2.2" not in sappers
    assert f"CA value {value('open', 5 - 2, 8 - 4)}," in sappers
    plain = entrenched({"A-INF2": "B0303", "A-INF3": "B0303", "A-INF1": "B0303"})
    assert "entrenched in Defilade: morale +2 (SR 10.4.2.1)" in plain
    assert f"CA value {value('open', 5 - 2, 8 - 4 - 2)}," in plain


def untyped(tmp_path: Path) -> Game:
    """A copy of the synthetic game where G-INF2's units.csv type is one the rules do not know ("grenadiers")."""
    folder = tmp_path / SYNTHETIC.name
    shutil.copytree(SYNTHETIC, folder)
    csv = folder / "units.csv"
    text = csv.read_text(encoding="utf-8")
    row = "G-INF2,German infantry company 2,german,G-KG1,infantry,"
    assert row in text
    csv.write_text(text.replace(row, "G-INF2,German infantry company 2,german,G-KG1,grenadiers,"), encoding="utf-8")
    return load_game(folder)


def test_a_defender_of_unknown_type_is_not_checkable_only_where_it_decides(tmp_path):  # CA-19, SR 10.4.1.3, 10.4.2.11
    """G-INF2 untyped may be AT or flak (ER 2) or artillery (ER 2, morale -2): against A-INF1 the value is 6, 7 or 8,
    one result row by day (1d6 3: D whatever it is); at night 4, 5 or 6, and 6 alone gives D."""
    g = untyped(tmp_path)
    day = told(fight({"G-INF2": ("B0304", C), "A-INF1": "B0303"}, g=g))
    assert f"not known, changing no result (CA value {value('open', 1, 1)}-{value('open', 3, 3)}): " in day
    assert "the type of unit G-INF2" in day
    night = last(fight({"G-INF2": ("B0304", C), "A-INF1": "B0303"}, g=g, turn=NIGHT).check())
    assert not illegal(night) and any("the type of unit G-INF2" in getattr(v, "needs", "") for v in night)
