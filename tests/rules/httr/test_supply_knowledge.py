"""The system's supply answer (``HighwayToTheReich.supplied``) reads what the referee learnt from the log, seen
through recovery's out-of-supply modifier (DIS-2, SR 10.6.4: +1 out of supply; the chain SR 13.2):

- an attachment (SUP-8, SR 13.4.1, 17.4.1): the independent company G-IND1 (morale 6, no units.csv formation, so
  no controlling HQ, SR 13.2.6.2) traces to the KG HQ it was attached to;
- a major city activated by 30th Corps ground units (SUP-14, ScR 5.1.2): A-ENG (morale 8, under A-DIV) is
  supplied through the synthetic city A0505 while A-CORPS is cut off from the train.

In each, the Morale Check roll equals the morale: the check passes in supply and fails out of it."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken
from tests.rules.httr.test_recovery import SUPPLY_RULES

DIS = {"Disrupted": "Disrupted"}
PATH = {"recovery_supply": "path"}  # 10.6.4's +1 read on the supply chain alone (catalogue.READINGS recovery_supply;
# its default, SR 13.5's summary, also asks the HQ's CP, which these logs do not show)
GERMANS = {"G-CORPS": "A0605", "G-DIV": ("A0505", {"Mode": "Defilade"}), "G-KG1": "A0405",
           "G-IND1": ("A0402", DIS)}  # G-IND1 three hexes from G-KG1, next to no HQ


def recover_attached(*lines: str) -> list:
    log = Log(GERMANS).phase(SUPPLY_RULES, "german_command")
    for line in lines:
        log.say(line)
    return last(log.roll("Morale Check", 3, 3).layer("G-IND1", "Disrupted", "Disrupted", "Normal").check(**PATH))


def test_an_attached_company_traces_to_its_new_hq():  # DIS-2 / SUP-8: legal once attached (SR 13.4.1, 17.4.1)
    assert all_legal(recover_attached("attach G-IND1 to G-KG1"))


def test_an_unattached_independent_company_is_out_of_supply():  # DIS-2: illegal, 6 + 1 > 6 (SR 13.2.6.2)
    got = recover_attached()
    assert rules_broken(got) == ["HTTR SR 10.6.4"] and "out of supply" in got[0].reason


CUT = {"A-CORPS": "B0101", "A-DIV": ("A0504", {"Mode": "Defilade"}), "A-INF1": "A0405",
       "A-ENG": ("A0502", DIS)}  # A-CORPS off the road back to the train (B0105); A-ENG two hexes from A-DIV


def recover_by_city(setup: dict, *moves: tuple[str, ...]) -> list:
    log = Log(setup).phase(SUPPLY_RULES, "allied_movement")
    for m in moves:
        log.move(*m)
    return last(log.phase(SUPPLY_RULES + 1, "allied_command").roll("Morale Check", 4, 4)
                .layer("A-ENG", "Disrupted", "Disrupted", "Normal").check(**PATH))


def test_an_activated_city_supplies_the_division():  # DIS-2 / SUP-14: legal, A-INF1 moved through A0505
    assert all_legal(recover_by_city(CUT, ("A-INF1", "A0505", "A0506")))


def test_without_the_city_the_cut_off_corps_leaves_the_division_out_of_supply():  # DIS-2 / SUP-14: illegal
    assert rules_broken(recover_by_city(CUT)) == ["HTTR SR 10.6.4"]
    held = {**CUT, "G-INF1": "B0505"}  # the road from the city back to the train is held
    assert rules_broken(recover_by_city(held, ("A-INF1", "A0505", "A0506"))) == ["HTTR SR 10.6.4"]


FLAK = {**GERMANS, "G-KG2": "A0305", "G-FLAK": ("A0403", DIS)}  # G-FLAK (morale 6) of G-KG1, next to no HQ


def recover_flak(*lines: str) -> list:
    log = Log(FLAK).phase(SUPPLY_RULES, "german_command")
    for line in lines:
        log.say(line)
    return last(log.roll("Morale Check", 3, 3).layer("G-FLAK", "Disrupted", "Disrupted", "Normal").check(**PATH))


def test_a_flak_unit_in_supply_under_its_own_hq():  # DIS-2 / SUP-13: legal, 6 <= 6
    assert all_legal(recover_flak())


def test_a_flak_unit_switching_hq_spends_the_turn_out_of_supply():  # DIS-2 / SUP-13: illegal, ScR 4.3.2 (L1079)
    got = recover_flak("attach G-FLAK to G-KG2")
    assert rules_broken(got) == ["HTTR SR 10.6.4"] and "out of supply" in got[0].reason


def test_an_airborne_division_never_traces_to_a_city(tmp_path):  # DIS-2 / SUP-14: illegal, ScR 5.1.2 (L1096)
    """'All Allied non-airborne divisional headquarters' draw supply from an activated city. A copy of the synthetic
    game makes A-DIV2 airborne: its supply head B0108 is a source of the chain (ScR 5.1.3.1), held by G-INF3
    (ScR 5.1.3.5). A-INF4 (morale 8, of A-REG3 under A-DIV2) stays out of supply though A-INF1 activated the city
    next to A-DIV2, while A-ENG of the non-airborne A-DIV is supplied through it."""
    import shutil

    from hexforge.games import load_game
    from tests.rules.httr.helpers import SYNTHETIC
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    terrain = copy / "terrain.toml"
    terrain.write_text(terrain.read_text() + '\n[[places]]\nname = "A-DIV2 supply head (test)"\nkind = "supply-source"'
                       '\nside = "allied"\nfeeds = "corps-of:A-DIV2"\nhexes = ["B0108"]\nsource = "test"\n')
    g = load_game(copy)
    setup = {**CUT, "A-DIV2": ("A0405", {"Mode": "Defilade"}), "A-REG3": "A0404", "A-INF4": ("A0402", DIS),
             "G-INF3": "B0108"}

    def recover(unit: str) -> list:
        log = Log(setup, g).phase(SUPPLY_RULES, "allied_movement").move("A-INF1", "A0505", "A0506")
        return last(log.phase(SUPPLY_RULES + 1, "allied_command").roll("Morale Check", 4, 4)
                    .layer(unit, "Disrupted", "Disrupted", "Normal").check(**PATH))
    assert all_legal(recover("A-ENG"))
    assert rules_broken(recover("A-INF4")) == ["HTTR SR 10.6.4"]


def test_a_city_whose_hexes_are_not_known_leaves_the_division_not_checkable(tmp_path):  # SUP-14: needs data
    """Where the data lacks a major city's hexes (the bundled Eindhoven, Grave and Nijmegen), whether 30th Corps units
    moved through it cannot be known: a division HQ cut off from its corps HQ may be supplied through it, so A-ENG's
    recovery, which its supply decides, is not checkable, naming the city's hexes; never illegal."""
    import shutil

    from hexforge.games import load_game
    from hexforge.rules.verdict import NotCheckable
    from tests.rules.httr.helpers import SYNTHETIC, illegal
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    terrain = copy / "terrain.toml"
    city = 'name = "Synthetic city"\nkind = "city"\nhexes = ["A0505"]'
    assert city in terrain.read_text()
    terrain.write_text(terrain.read_text().replace(city, 'name = "Synthetic city"\nkind = "city"\nhexes = "unknown"'))
    log = Log(CUT, load_game(copy)).phase(SUPPLY_RULES, "allied_movement").move("A-INF1", "A0505", "A0506")
    got = last(log.phase(SUPPLY_RULES + 1, "allied_command").roll("Morale Check", 4, 4)
               .layer("A-ENG", "Disrupted", "Disrupted", "Normal").check(**PATH))
    assert not illegal(got)
    assert any(isinstance(v, NotCheckable) and "hexes of Synthetic city" in v.needs for v in got)
