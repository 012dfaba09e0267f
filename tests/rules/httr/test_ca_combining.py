"""HTTR close action: which units combine against one hex (CA-4: SR 10.1.6, 17.6-17.7, 19.1.3) and the heavy
weapon's move before its CA (CA-12: SR 18.1.2.3), each with a legal and an illegal case on the synthetic game, and
the bundled game's answer where units.csv lacks the subordination. G-INF1 holds B0304; B0303, B0305 and B0403 are
next to it, B0302 two hexes away and B0301 three."""
from __future__ import annotations

import pytest
from hexforge.games import load_game
from hexforge.rules.verdict import Illegal, NotCheckable

from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken


def ca(setup: dict, *steps, phase: str = "allied_movement") -> list:
    log = Log(setup).phase(1, phase)
    for s in steps:
        log.move(*s) if isinstance(s, tuple) else log.say(s)
    return last(log.check())


def reasons(verdicts: list) -> str:
    return " ".join(v.reason for v in illegal(verdicts))


def test_infantry_of_different_regiments_never_combine():  # CA-4, SR 10.1.6 second bullet (L533)
    """A-INF1 and A-INF2 are of A-REG1, A-INF3 of A-REG2 (one division, A-DIV): two regiments' infantry may not
    close-assault one hex in a phase, in one CA or from two hexes."""
    assert all_legal(ca({"G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": "B0303"}, "ca B0304 from B0303"))
    one = ca({"G-INF1": "B0304", "A-INF1": "B0303", "A-INF3": "B0303"}, "ca B0304 from B0303")
    assert rules_broken(one) == ["HTTR SR 10.1.6"] and "infantry/HW of A-REG1 and A-REG2" in reasons(one)
    two = ca({"G-INF1": "B0304", "A-INF1": "B0303", "A-INF3": "B0305"}, "ca B0304 from B0303", "ca B0304 from B0305")
    assert rules_broken(two) == ["HTTR SR 10.1.6"]


def test_other_units_of_different_regiments_may_combine():  # CA-4, SR 10.1.6 (L533): infantry and HW only
    """A-INF1 (A-REG1, infantry) with A-REC (A-REG2, recon) is legal: the second bullet names infantry and HW; a
    HW of A-REG1 with A-REG2's infantry is not (and breaks 18.1.2.1 too, CA-12)."""
    assert all_legal(ca({"G-INF1": "B0304", "A-REC": "B0303", "A-INF1": "B0303"}, "ca B0304 from B0303"))
    hw = ca({"G-INF1": "B0304", "A-HW": "B0303", "A-INF1": "B0303", "A-INF3": "B0303"}, "ca B0304 from B0303")
    assert rules_broken(hw) == ["HTTR SR 10.1.6"] and "infantry/HW of A-REG1 and A-REG2" in reasons(hw)


def test_an_independent_regiment_is_a_formation_of_its_own():  # CA-4, SR 10.1.6 first bullet (L532), 17.3 (L846)
    """G-KGX is an independent KG (no formation); its company may not close-assault the hex G-INF1 of G-DIV attacks
    in the same phase, though each alone may."""
    setup = {"A-INF1": "B0304", "G-INF1": "B0303", "G-KGX-INF": "B0305"}
    assert all_legal(ca(setup, "ca B0304 from B0305", phase="german_movement"))
    both = ca(setup, "ca B0304 from B0303", "ca B0304 from B0305", phase="german_movement")
    assert rules_broken(both) == ["HTTR SR 10.1.6"] and "units of G-DIV and G-KGX" in reasons(both)


def test_a_division_asset_combines_with_its_divisions_units():  # CA-4, SR 10.1.6 third bullet (L534), 17.7.2 (L870)
    """A-DREC (recon directly under A-DIV) is a division asset: with A-INF1 (A-REG1 of A-DIV) legal; with the corps
    asset A-CREC, no unit of an HQ affiliated with A-DIV, illegal."""
    assert all_legal(ca({"G-INF1": "B0304", "A-DREC": "B0303", "A-INF1": "B0303"}, "ca B0304 from B0303"))
    mixed = ca({"G-INF1": "B0304", "A-DREC": "B0303", "A-CREC": "B0303"}, "ca B0304 from B0303")
    assert rules_broken(mixed) == ["HTTR SR 10.1.6"] and "A-DREC, an asset of A-DIV" in reasons(mixed)


def test_a_corps_asset_combines_with_units_of_its_corps():  # CA-4, SR 17.6 (L866), 17.7.2 (L870)
    """A-CREC (under A-CORPS) with A-INF1 (A-REG1, A-DIV, A-CORPS) and with A-INF4 (A-REG3, A-DIV2, A-CORPS): a unit
    of an HQ affiliated with its corps, legal either way; its two partners of two divisions are not."""
    assert all_legal(ca({"G-INF1": "B0304", "A-CREC": "B0303", "A-INF1": "B0303"}, "ca B0304 from B0303"))
    assert all_legal(ca({"G-INF1": "B0304", "A-CREC": "B0303", "A-INF4": "B0303"}, "ca B0304 from B0303"))
    three = ca({"G-INF1": "B0304", "A-CREC": "B0303", "A-INF4": "B0303", "A-INF1": "B0303"}, "ca B0304 from B0303")
    assert rules_broken(three) == ["HTTR SR 10.1.6"] and "units of A-DIV and A-DIV2" in reasons(three)


def test_a_leader_negates_the_multi_formation_restrictions():  # CA-4, SR 19.1.3 (L969)
    """A-LDR (of A-DIV) stacked with A-INF1 (subordinated to him) lets A-INF4 of A-DIV2 join the CA; without him the
    two divisions may not combine."""
    setup = {"G-INF1": "B0304", "A-INF4": "B0303", "A-INF1": "B0303"}
    assert rules_broken(ca(setup, "ca B0304 from B0303")) == ["HTTR SR 10.1.6"]
    led = ca({**setup, "A-LDR": "B0303"}, "ca B0304 from B0303")
    assert not illegal(led) and any("SR 19.1.3" in (v.detail or "") for v in led)


def test_an_hq_attacks_with_units_under_its_command():  # CA-4, SR 10.1.6 fourth bullet (L535), 17.7.3 (L871)
    """A-REG1 (HQ) with its own A-INF1 is legal; with A-INF3, of A-REG2 in the same division, it coordinates with no
    unit under its command."""
    assert all_legal(ca({"G-INF1": "B0304", "A-REG1": "B0303", "A-INF1": "B0303"}, "ca B0304 from B0303"))
    other = ca({"G-INF1": "B0304", "A-REG1": "B0303", "A-INF3": "B0303"}, "ca B0304 from B0303")
    assert rules_broken(other) == ["HTTR SR 10.1.6"] and "A-REG1 close-assaults with no unit of its organisation" \
        in reasons(other)


def test_a_hw_moves_at_most_one_hex_to_close_assault():  # CA-12, SR 18.1.2.3 (L893)
    """A-HW with A-INF1 (its regiment's line infantry, on top): moving one hex, B0302-B0303, it attacks; moving two,
    B0301-B0302-B0303, it may not (the infantry moving two hexes may)."""
    setup = {"G-INF1": "B0304", "A-HW": "B0302", "A-INF1": "B0301"}
    near = ca(setup, ("A-HW", "B0303"), ("A-INF1", "B0302", "B0303"), "ca B0304 from B0303")
    assert all_legal(near)
    far = ca({**setup, "A-HW": "B0301"}, ("A-HW", "B0302", "B0303"), ("A-INF1", "B0302", "B0303"),
             "ca B0304 from B0303")
    assert rules_broken(far) == ["HTTR SR 18.1.2.3"]


def test_a_hw_that_did_not_move_close_assaults():  # CA-12, SR 18.1.2.3 (L893): not moved is 'not more than one'
    setup = {"G-INF1": "B0304", "A-HW": "B0303", "A-INF1": "B0301"}
    assert all_legal(ca(setup, ("A-INF1", "B0302", "B0303"), "ca B0304 from B0303"))


# -- the bundled game: units.csv names no division or corps HQ above any unit and types no company --

INF, INF2, CAR, CAR2, GER = "2/506 5-3 no.1", "2/506 5-3 no.2", "HCav Troop A", "HCav Troop B", "II/159/59"
CONC, DEF = {"Mode": "Concentrated"}, {"Mode": "Defilade"}


@pytest.fixture(scope="module")
def httr():
    return load_game("highway-to-the-reich")


def bundled(setup: dict, g, *steps) -> list:
    log = Log(setup, g).phase(10, "allied_movement")
    for s in steps:
        log.move(*s) if isinstance(s, tuple) else log.say(s)
    vs = [v for j in log.check().judged[1:] for v in j.verdicts]
    assert vs and not [v for v in vs if isinstance(v, Illegal)], vs
    return [v.needs for v in vs if isinstance(v, NotCheckable)]


def test_bundled_troops_of_one_division_need_whether_they_are_assets(httr):  # CA-4
    """CA-4 (SR 10.1.6 third bullet, 17.7.2): the two Household Cavalry troops' formation 'Guards Armored' is GA HQ
    (game.toml [special.formation_hqs]) and their type 'armored car' (recon + AFV, SR 18.9.7) is no HQ or leader:
    both are assets of GA HQ, which combine with each other ("other assets of that HQ included"), so 10.1.6 needs
    nothing. An asset with an untyped 506th company, whose chain stops at the untranscribed '101', is not checkable
    naming that HQ (never legal). Reading: the bundled units.csv has no untyped unit directly under a division or
    corps HQ, so 'whether it is an asset' (its type) is needed only on the synthetic game."""
    troops = bundled({CAR: ("C2808", CONC), CAR2: ("C2808", CONC), GER: ("C2909", DEF)}, httr, "ca C2909 from C2808")
    assert not any("SR 10.1.6" in n for n in troops), troops
    mixed = bundled({CAR: ("C2808", CONC), INF: ("C2808", CONC), GER: ("C2909", DEF)}, httr, "ca C2909 from C2808")
    assert "the HQ '101' above unit 506/101 (units.csv formation names no unit: the Formation Displays are not " \
           "transcribed) (SR 10.1.6: assets combine only with units affiliated with their HQ)" in mixed
    assert any(f"the type of unit {INF} (units.csv type: which units may close-assault" in n for n in mixed), mixed


def test_bundled_companies_of_one_regiment_need_their_division(httr):  # CA-4
    """CA-4 (SR 10.1.6, 17.7.1): two 506th companies' regiment 506/101 is in units.csv, its division '101' is not."""
    got = bundled({INF: ("C2808", CONC), INF2: ("C2808", CONC), GER: ("C2909", DEF)}, httr, "ca C2909 from C2808")
    assert any(n.startswith("the HQ '101' above unit 506/101 (units.csv formation names no unit") for n in got)


def test_bundled_company_moved_two_hexes_may_be_a_hw(httr):  # CA-12
    """CA-12 (SR 18.1.2.3): a 506th company moved two hexes to close-assault; units.csv does not say whether it is
    a HW unit, which could not."""
    setup = {INF: ("C2606", CONC), INF2: ("C2808", CONC), GER: ("C2909", DEF)}
    got = bundled(setup, httr, (INF, "C2707", "C2808"), "ca C2909 from C2808")
    assert (f"the type of unit {INF} (units.csv type: a HW unit that moved more than one hex may not close-assault, "
            "SR 18.1.2.3)") in got


def test_each_of_several_hws_needs_its_own_line_infantry():  # CA-12, SR 18.1.2.5 (L895)
    """A-HW and A-HW2 (both of A-REG1) under A-INF1 and A-INF2 (A-REG1's line infantry) attack; with A-INF1 alone
    one infantry unit would accompany two HW units."""
    setup = {"G-INF1": "B0304", "A-HW": "B0303", "A-HW2": "B0303", "A-INF2": "B0303", "A-INF1": "B0303"}
    assert all_legal(ca(setup, "ca B0304 from B0303"))
    short = {k: v for k, v in setup.items() if k != "A-INF2"}
    assert rules_broken(ca(short, "ca B0304 from B0303")) == ["HTTR SR 18.1.2.5"]


def test_bundled_untyped_companies_may_be_two_hws(httr):  # CA-12
    """CA-12 (SR 18.1.2.5): two 506th companies of one regiment attack; units.csv does not say whether both are HW
    units (each needing its own line infantry)."""
    got = bundled({INF: ("C2808", CONC), INF2: ("C2808", CONC), GER: ("C2909", DEF)}, httr, "ca C2909 from C2808")
    assert any(n.endswith("(units.csv type: several HW units in a CA each need a line infantry unit of their "
                          "subordination, SR 18.1.2.5)") for n in got)
