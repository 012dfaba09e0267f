"""HTTR communication for observed IF (SR 6.5.2, 7.4, 17.5) on the synthetic game: the chain A-CORPS > A-DIV >
A-REG1 > A-INF1 (A-ART under A-DIV; A-REG2 under A-DIV; A-DIV2 > A-REG3 > A-INF4 a second division)."""
from __future__ import annotations

import copy

from tests.rules.httr.helpers import Log, all_legal, game, last, rules_broken

# G-INF1 in B0304 is seen by A-INF1 next to it; A-ART and every HQ used stand within two hexes of each other
BASE = {"G-INF1": "B0304", "A-INF1": "B0303", "A-ART": ("B0101", {"Mode": "Defilade"})}


def if_fire(line: str, hq: str, setup: dict | None = None, g=None, hq_at: str = "B0102") -> list:
    units = {**(setup or BASE), hq: (hq_at, {"Mode": "Defilade"})}
    return last(Log(units, g).phase(1, "allied_fire").say(line).check())


def test_controlling_hq_above_the_artillery_or_below_its_hq():  # IF-8, SR 6.5.2.2 (L303)
    assert all_legal(if_fire("if B0304 from A-ART spotter A-INF1 hq A-DIV", "A-DIV"))
    assert rules_broken(if_fire("if B0304 from A-ART spotter A-INF1 hq A-DIV2", "A-DIV2")) == ["HTTR SR 6.5.2.2"]


def test_the_spotter_is_subordinate_to_the_controlling_hq():  # IF-8, SR 6.5.2.3 (L305)
    assert all_legal(if_fire("if B0304 from A-ART spotter A-INF1 hq A-REG1", "A-REG1"))
    assert rules_broken(if_fire("if B0304 from A-ART spotter A-INF1 hq A-REG2", "A-REG2")) == ["HTTR SR 6.5.2.3"]


def test_the_spotter_is_of_the_artillerys_division():  # IF-8, SR 17.5.2 (L858)
    other = {**BASE, "A-INF1": "B0101", "A-INF4": "B0303"}  # A-INF4: of A-DIV2, under the corps too
    assert rules_broken(if_fire("if B0304 from A-ART spotter A-INF4 hq A-CORPS", "A-CORPS", other)) == \
        ["HTTR SR 17.5.2"]


def test_an_hw_spotter_is_of_its_battalion():  # IF-8, SR 6.5.2.1 (L302), 6.6.6.1 (L366)
    setup = {"G-INF1": "B0304", "A-HW": "B0102", "A-INF1": "B0303", "A-INF3": "B0403"}
    assert all_legal(last(Log(setup).phase(1, "allied_fire").say("if B0304 from A-HW spotter A-INF1").check()))
    wrong = last(Log(setup).phase(1, "allied_fire").say("if B0304 from A-HW spotter A-INF3").check())
    assert rules_broken(wrong) == ["HTTR SR 6.5.2.1"]


def test_loc_at_most_36_hexes():  # IF-10, SR 7.4.2 (L427): on the bundled four-sheet map (the synthetic one is small)
    from hexforge.games import load_game
    g = load_game("highway-to-the-reich")
    art, hq, spotter = "offmap battery no.1", "501/101", "2/506 5-3 no.1"
    near = {art: "C2808", hq: ("C2807", {"Mode": "Defilade"}), spotter: "C2908"}
    line = f'if C3008 from "{art}" spotter "{spotter}" hq "{hq}"'
    ok = last(Log(near, g).phase(1, "allied_fire").say(line).check())
    assert "HTTR SR 7.4.2" not in rules_broken(ok)
    far = last(Log({**near, spotter: "C6130"}, g).phase(1, "allied_fire").say(line.replace("C3008", "C6131")).check())
    assert "HTTR SR 7.4.2" in rules_broken(far)


def test_the_chain_needs_the_formation_displays_on_the_bundled_game():  # IF-8: bundled artillery has no HQ
    from hexforge.games import load_game
    from hexforge.rules.verdict import NotCheckable
    g = load_game("highway-to-the-reich")
    art, hq, spotter = "offmap battery no.1", "501/101", "2/506 5-3 no.1"
    setup = {art: "C2808", hq: ("C2807", {"Mode": "Defilade"}), spotter: "C2908"}
    v = last(Log(setup, g).phase(1, "allied_fire").say(f'if C3008 from "{art}" spotter "{spotter}" hq "{hq}"').check())
    assert any(isinstance(x, NotCheckable) and "Formation Displays" in x.needs for x in v)
    assert not [x for x in v if x.__class__.__name__ == "Legal" and "chain" in (x.detail or "")]


def _woods_line(kinds: dict[str, str]):
    """The synthetic game with the hexes of row B03 named in ``kinds`` changed to that terrain."""
    g = copy.deepcopy(game())
    labels = {v: k for k, v in g.map.labels.items()}
    for lab, kind in kinds.items():
        g.map.terrain.hexes[labels[lab]] = frozenset({kind})
    return g


def test_loc_terrain():  # IF-11, SR 7.4.1 (L421-L426), 7.4.3 (L428): spotter in B0301, HQ in B0306 along row 03
    setup = {"G-INF1": "B0201", "A-INF1": "B0301", "A-ART": ("B0406", {"Mode": "Defilade"})}
    three = _woods_line({"B0302": "forest", "B0303": "forest", "B0304": "forest", "B0305": "town", "B0306": "town"})
    assert all_legal(if_fire("if B0201 from A-ART spotter A-INF1 hq A-DIV", "A-DIV", setup, three, "B0306"))
    four = _woods_line({"B0302": "forest", "B0303": "forest", "B0304": "forest", "B0305": "forest", "B0306": "town"})
    assert rules_broken(if_fire("if B0201 from A-ART spotter A-INF1 hq A-DIV", "A-DIV", setup, four, "B0306")) == \
        ["HTTR SR 7.4.1"]


def test_a_german_corps_hq_controls_at_most_nine_guns():  # IF-14, ScR 4.4.2 (L1082): the data's corps_artillery
    from dataclasses import replace
    g = game()
    guns = [f"G-ART{i}" for i in range(1, 11)]
    g10 = replace(g, units={**g.units, **{u: replace(g.units["G-ART"], id=u) for u in guns}})
    setup = {"A-INF1": "B0303", "G-INF1": "B0304", "G-CORPS": ("B0306", {"Mode": "Defilade"}),
             **{u: ("B0306", {"Mode": "Defilade"}) for u in guns}}

    def fire(n: int) -> list:
        line = f"if B0303 from {' '.join(guns[:n])} spotter G-INF1 hq G-CORPS"
        return last(Log(setup, g10).phase(1, "german_fire").say(line).check())
    assert all_legal(fire(9))
    assert rules_broken(fire(10)) == ["HTTR ScR 4.4.2"]


def test_only_airborne_units_spot_for_airborne_artillery():  # IF-14, ScR 4.4.6 (L1086): A-DIV2 is airborne here
    from dataclasses import replace
    g = game()
    g2 = replace(g, units={**g.units, "A-ART2B": replace(g.units["A-ART"], id="A-ART2B", formation="A-DIV2")})
    setup = {"G-INF1": "B0304", "A-ART2B": ("B0101", {"Mode": "Defilade"}), "A-DIV2": ("B0102", {"Mode": "Defilade"})}
    ok = Log({**setup, "A-INF4": "B0303"}, g2).phase(1, "allied_fire").say("if B0304 from A-ART2B spotter A-INF4 hq A-DIV2")
    assert all_legal(last(ok.check()))
    other = Log({**setup, "A-INF1": "B0303", "A-CORPS": ("B0102", {"Mode": "Defilade"})}, g2).phase(1, "allied_fire") \
        .say("if B0304 from A-ART2B spotter A-INF1 hq A-CORPS")
    assert "HTTR ScR 4.4.6" in rules_broken(last(other.check()))


def test_airborne_status_needs_the_formation_on_the_bundled_game():  # IF-14: the off-map batteries' is unknown
    from hexforge.games import load_game
    from hexforge.rules.verdict import NotCheckable
    g = load_game("highway-to-the-reich")
    art, hq, spotter = "offmap battery no.1", "501/101", "2/506 5-3 no.1"
    setup = {art: "C2808", hq: ("C2807", {"Mode": "Defilade"}), spotter: "C2908"}
    v = last(Log(setup, g).phase(1, "allied_fire").say(f'if C3008 from "{art}" spotter "{spotter}" hq "{hq}"').check())
    assert any(isinstance(x, NotCheckable) and "whether it is airborne" in x.needs for x in v)
