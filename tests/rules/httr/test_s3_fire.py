"""HTTR fire legality after the second audit (issue #15, items 1, 3, 5, 7, 11, 14, 16, 19): on the synthetic game,
and on a copy of it with three more units (an SPA, a very light AFV, an AFV of printed range 2), each a legal and an
illegal case naming its predicate."""
from __future__ import annotations

import shutil

import pytest

from hexforge.games import load_game
from hexforge.games.game import Game
from hexforge.rules.verdict import Legal, NotCheckable
from tests.rules.httr.helpers import SYNTHETIC, Log, all_legal, illegal, last, rules_broken, unsure

#: units.csv rows the copy adds (id, name, side, formation, type, size, mobility, strength, effectiveness, morale,
#: range, at_dots, movement, source, note, at_class, afv_class)
EXTRA = (
    'A-SP2,Allied SP artillery battalion,allied,A-DIV,spa,battalion,tracked,3,6,6,12,,12,synthetic test data,'
    '"self-propelled artillery (SR 18.9.1 L950)",,',
    'A-CARRIER,Allied carrier troop,allied,A-REG1,AFV,company,vehicular,1,4,6,,1,12,synthetic test data,'
    '"a very light AFV target (SR 6.2 exception, L176)",1,1',
    'G-TD,German tank destroyer company,german,G-KG1,AFV,company,vehicular,2,6,7,2,2,12,synthetic test data,'
    '"an AFV of printed range 2 (SR 6.4.1.5 L235)",3,3',
)
DEF, TRAVEL, CONC = {"Mode": "Defilade"}, {"Mode": "Travel"}, {"Mode": "Concentrated"}


@pytest.fixture(scope="module")
def more(tmp_path_factory) -> Game:
    folder = tmp_path_factory.mktemp("s3fire") / SYNTHETIC.name
    shutil.copytree(SYNTHETIC, folder)
    units = folder / "units.csv"
    units.write_text(units.read_text(encoding="utf-8").rstrip("\n") + "\n" + "\n".join(EXTRA) + "\n",
                     encoding="utf-8")
    return load_game(folder)


def rules_of(report) -> list[str]:
    """Every Illegal rule of a whole log."""
    return [r for j in report.judged for r in rules_broken(j.verdicts)]


# -- item 1: opportunity fire is not bound by SR 6.1.4 -------------------------------------------------------------

def test_opportunity_fire_may_return_to_a_hex():  # FIR-2: SR 6.1.4 (L164) v 6.6.2.1 (L343)
    """OF answers the enemy's moves: G-INF1 fires at B0303, B0305, then B0303 again as Allied units leave them."""
    setup = {"G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": "B0303", "A-INF3": "B0305"}
    log = Log(setup).phase(1, "allied_movement")
    log.say("of B0303 from G-INF1 target A-INF1 trigger leave").move("A-INF1", "B0203")
    log.say("of B0305 from G-INF1 target A-INF3 trigger leave").move("A-INF3", "B0306")
    log.say("of B0303 from G-INF1 target A-INF2 trigger leave").move("A-INF2", "B0203")
    assert "HTTR SR 6.1.4" not in rules_of(log.check())
    df = {"A-INF1": "B0303", "A-INF3": "B0303", "G-INF1": "B0304", "A-INF2": "B0306", "G-INF2": "B0305"}
    own = Log(df).phase(1, "allied_fire").say("df B0304 from A-INF1").say("df B0305 from A-INF2") \
        .say("df B0304 from A-INF3")
    assert rules_broken(last(own.check())) == ["HTTR SR 6.1.4"]  # the phasing player's own fire is bound


def test_opportunity_fire_is_no_new_target_hex_for_the_phasing_player():  # FIR-2: SR 6.1.4 (L164)
    """In the German Reaction Phase the Allied OF at B0305 does not end the German fire at B0303."""
    setup = {"A-INF1": "B0303", "G-INF3": "B0304", "G-INF1": "B0304", "G-INF2": "B0305", "A-INF3": "B0306"}
    log = Log(setup).phase(1, "german_reaction").say("df B0303 from G-INF1")
    log.say("of B0305 from A-INF3 target G-INF2 trigger leave").move("G-INF2", "B0405")
    assert all_legal(last(log.say("df B0303 from G-INF3").check()))


# -- item 3: the side that fires ------------------------------------------------------------------------------------

def test_only_the_phasing_side_fires_df_at_and_if():  # FIR-1: SR 6.0 (L156, L159), 4.1 (L124-L126)
    setup = {"G-INF1": "B0304", "A-INF1": "B0303", "G-AFV": "B0305", "A-TANK": "B0306",
             "G-ART": ("B0308", DEF)}
    assert all_legal(last(Log(setup).phase(1, "allied_fire").say("df B0304 from A-INF1").check()))
    assert all_legal(last(Log(setup).phase(1, "german_reaction").say("df B0303 from G-INF1").check()))
    for phase, line in (("allied_fire", "df B0303 from G-INF1"), ("german_reaction", "df B0304 from A-INF1"),
                        ("allied_fire", "at B0306 from G-AFV target A-TANK"),
                        ("allied_fire", "if B0303 from G-ART")):
        v = last(Log(setup).phase(1, phase).say(line).check())
        assert rules_broken(v) == ["HTTR SR 6.0"], (phase, line, v)


def test_only_the_non_phasing_side_fires_opportunity_fire():  # FIR-1: SR 6.0 (L159), 6.6 (L336)
    setup = {"G-INF1": "B0304", "A-INF1": "B0303"}
    ok = Log(setup).phase(1, "allied_movement").say("of B0303 from G-INF1 trigger leave").move("A-INF1", "B0203")
    assert "HTTR SR 6.0" not in rules_of(ok.check())
    own = Log(setup).phase(1, "allied_movement").say("of B0304 from A-INF1 trigger leave").move("G-INF1", "B0305")
    assert "HTTR SR 6.0" in rules_broken(own.check().judged[1].verdicts)


# -- item 5: conventional DF at an AFV ------------------------------------------------------------------------------

def test_conventional_df_at_an_afv_is_illegal(more):  # DF-6: SR 6.2 (L175)
    tank = {"G-INF1": "B0304", "G-AFV": "B0304", "A-INF1": "B0303"}  # G-AFV on top, G-INF1 second
    assert rules_broken(last(Log(tank, more).phase(1, "allied_fire").say("df B0304 from A-INF1 target G-AFV")
                             .check())) == ["HTTR SR 6.2"]
    assert all_legal(last(Log(tank, more).phase(1, "allied_fire").say("df B0304 from A-INF1 target G-INF1").check()))
    assert all_legal(last(Log(tank, more).phase(1, "allied_fire").say("df B0304 from A-INF1").check()))  # G-INF1
    two = {"G-TD": "B0304", "G-AFV": "B0304", "A-INF1": "B0303"}  # both top units AFVs: no conventional target
    assert rules_broken(last(Log(two, more).phase(1, "allied_fire").say("df B0304 from A-INF1").check())) == [
        "HTTR SR 6.2"]


def test_a_very_light_afv_in_travel_takes_conventional_df(more):  # DF-6: SR 6.2 exception (L176)
    def df(mode: dict) -> list:
        setup = {"A-CARRIER": ("B0303", mode), "G-INF1": "B0304"}
        return last(Log(setup, more).phase(1, "german_fire").say("df B0303 from G-INF1 target A-CARRIER").check())
    assert all_legal(df(TRAVEL))
    assert rules_broken(df(CONC)) == ["HTTR SR 6.2"]
    tank2 = last(Log({"A-TANK2": ("B0303", TRAVEL), "G-INF1": "B0304"}, more).phase(1, "german_fire")
                 .say("df B0303 from G-INF1 target A-TANK2").check())  # no afv_class: very light or not?
    assert not illegal(tank2) and any("afv_class of unit A-TANK2" in u.needs for u in unsure(tank2))


def test_the_bundled_targets_type_and_class_are_not_known():  # DF-6: SR 6.2 (L175-L176) on the bundled data
    httr = load_game("highway-to-the-reich")
    gun, company, car = "II/159/59", "2/506 5-3 no.1", "HCav Troop A"

    def df(target: str, mode: dict) -> list:
        setup = {gun: ("C2908", DEF), target: ("C2808", mode)}
        return last(Log(setup, httr).phase(1, "german_fire").say(f'df C2808 from "{gun}" target "{target}"').check())
    untyped = df(company, CONC)
    assert not illegal(untyped) and any("conventional DF is never aimed at an AFV" in u.needs for u in unsure(untyped))
    travel = df(car, TRAVEL)  # an armored car is an AFV (SR 18.9.7): very light in Travel? afv_class not given
    assert not illegal(travel) and any(f"afv_class of unit {car}" in u.needs for u in unsure(travel))
    assert rules_broken(df(car, CONC)) == ["HTTR SR 6.2"]  # not in Travel: whatever its class, AT fire only


# -- item 7: return fire's range ------------------------------------------------------------------------------------

def return_fire(g: Game, setup: dict, at: str, back: str) -> list:
    log = Log(setup, g).phase(1, "german_fire").say(at).roll("AT Fire", 6, 6).say(back)
    return last(log.check())


def test_return_fire_beyond_the_adjacent_hex_is_at_fire(more):  # AT-3, AT-9: SR 6.6.7.1 (L370), 6.4.1.5 (L235)
    setup = {"G-TD": "B0305", "A-TANK": ("B0303", CONC), "A-AT": ("B0303", DEF)}  # A-AT on top, A-TANK second
    at = "at B0303 from G-TD target A-TANK"
    assert all_legal(return_fire(more, setup, at, "return B0305 from A-AT target G-TD"))  # printed range 2
    # A-TANK prints no range of 2: its AT fire reaches adjacent hexes only
    assert rules_broken(return_fire(more, setup, at, "return B0305 from A-TANK target G-TD")) == ["HTTR SR 6.4.1.5"]
    near = {"G-TD": "B0304", "A-TANK": ("B0303", CONC), "A-INF1": "B0303"}
    assert all_legal(return_fire(more, near, "at B0303 from G-TD target A-TANK", "return B0304 from A-INF1"))
    far = {"G-TD": "B0305", "A-TANK": ("B0303", CONC), "A-INF1": "B0303"}
    assert rules_broken(return_fire(more, far, at, "return B0305 from A-INF1")) == ["HTTR SR 6.4.1.5"]


def test_return_fire_at_a_towed_gun_two_hexes_away_is_illegal(more):  # AT-9: SR 6.4.1.11 (L244), 6.2 (L175)
    """The 6.4.1.11 example: return fire at a towed AT unit is conventional, so 'the AFV unit would necessarily have
    to be adjacent'; A-AT's AT fire reaches two hexes, but G-AT is no AFV target."""
    setup = {"G-AT": ("B0305", DEF), "A-TANK": ("B0303", CONC), "A-AT": ("B0303", DEF)}
    v = return_fire(more, setup, "at B0303 from G-AT target A-TANK", "return B0305 from A-AT")
    assert rules_broken(v) == ["HTTR SR 6.4.1.11"]


# -- item 11: SPA is artillery ----------------------------------------------------------------------------------------

def test_spa_fires_within_two_hexes_of_its_controlling_hq(more):  # IF-7: SR 6.5.2.1 (L302, Figure 6 L307)
    setup = {"G-INF1": "B0506", "A-INF1": "B0406", "A-SP2": ("B0101", DEF), "A-DIV": "B0103"}
    line = "if B0506 from A-SP2 spotter A-INF1 hq A-DIV"
    assert all_legal(last(Log(setup, more).phase(1, "allied_fire").say(line).check()))
    far = last(Log({**setup, "A-DIV": "B0105"}, more).phase(1, "allied_fire").say(line).check())
    assert rules_broken(far) == ["HTTR SR 6.5.2.1"]


def test_spa_defends_a_close_action_only_from_the_top_two(more):  # OF-9: SR 6.6.3.3 (L352), 18.9.1 (L950)
    def of(setup: dict) -> list:
        log = Log(setup, more).phase(1, "german_movement").say("of B0304 from A-SP2 trigger ca") \
            .say("ca B0303 from B0304")
        return log.check().judged[1].verdicts
    top = {"A-INF1": "B0303", "A-SP2": ("B0303", CONC), "G-INF1": "B0304"}
    assert "HTTR SR 6.6.3.3" not in rules_broken(of(top))
    third = {"A-SP2": ("B0303", CONC), "A-INF1": "B0303", "A-INF2": "B0303", "G-INF1": "B0304"}
    assert rules_broken(of(third)) == ["HTTR SR 6.6.3.3"]


def df_detail(g: Game, firer: str, mode: dict) -> str:
    setup = {firer: ("B0303", mode), "G-INF1": ("B0304", DEF)}  # a DEF result asks nothing more of it (SR 6.7.2)
    log = Log(setup, g).phase(1, "allied_fire").say(f"df B0304 from {firer} target G-INF1").roll("Direct Fire", 3, 4)
    declared, rolled = log.check().judged[1:3]  # (the end of the log judges the result's effects)
    assert not illegal(declared.verdicts) and not illegal(rolled.verdicts), (declared, rolled)
    return " ".join(x.detail or "" for x in rolled.verdicts if isinstance(x, Legal))


def test_spa_fires_df_at_er_2_unhalved_in_battery(more):  # DF-12: SR 6.3.4.3 (L219), 6.3.3.3 note (L211), 18.9.1
    assert "3 SP at ER 2" in df_detail(more, "A-SP2", DEF)  # in battery: printed 3 SP, artillery ER 2
    assert "3 SP at ER 2" in df_detail(more, "A-SP2", CONC)
    assert "3 SP at ER 5" in df_detail(more, "A-INF1", DEF)  # a rifle company in Defilade: 5 halved, round up


# -- item 14: who was fired at ---------------------------------------------------------------------------------------

def test_only_the_top_two_may_adopt_defilade_after_df_at_the_hex():  # DF-6: SR 6.7.1 (L385), 6.3.1.5 (L188)
    setup = {"G-INF3": "B0304", "G-INF2": "B0304", "G-INF1": "B0304", "A-INF1": "B0303"}  # top: G-INF1, G-INF2

    def after(unit: str) -> list:
        log = Log(setup).phase(1, "allied_fire").say("df B0304 from A-INF1").roll("Direct Fire", 6, 6)
        return last(log.mode(unit, "Defilade", "Concentrated").check())
    assert not illegal(after("G-INF1")) and not illegal(after("G-INF2"))
    assert rules_broken(after("G-INF3")) == ["HTTR SR 5.2.1"]  # third: never the target of conventional DF


# -- item 16: a reveal lasts until the unit moves -------------------------------------------------------------------

def test_a_unit_revealed_by_its_fire_stays_revealed_until_it_moves():  # OBS-8: SR 7.3.4 (L416), 6.4.1.6 (L236)
    # G-AFV in the forest of B0208 returns A-REC's AT fire; next turn A-AT fires at it from two hexes away
    setup = {"G-AFV": "B0208", "A-REC": "B0207", "A-AT": ("B0206", DEF)}
    log = Log(setup).phase(1, "allied_fire").say("at B0208 from A-REC target G-AFV").roll("AT Fire", 6, 6) \
        .say("return B0207 from G-AFV").phase(1, "allied_movement").phase(2, "allied_fire")
    stays = log.say("at B0208 from A-AT target G-AFV")
    assert all_legal(last(stays.check()))
    log = Log(setup).phase(1, "allied_fire").say("at B0208 from A-REC target G-AFV").roll("AT Fire", 6, 6) \
        .say("return B0207 from G-AFV").phase(1, "german_movement").move("G-AFV", "B0209", "B0208") \
        .phase(2, "allied_fire").say("at B0208 from A-AT target G-AFV")
    assert rules_broken(last(log.check())) == ["HTTR SR 6.4.1.6"]  # it left and re-entered cover: hidden again


def test_a_spotter_sees_a_revealed_unit_in_cover():  # OBS-8, IF-5: SR 7.3.4 (L416: 'negated for LOS purposes')
    setup = {"G-AFV": "B0208", "A-REC": "B0207", "A-INF1": "B0206", "A-ART": ("B0204", DEF), "A-DIV": "B0205"}
    spot = "if B0208 from A-ART spotter A-INF1 hq A-DIV target G-AFV"
    hidden = last(Log(setup).phase(1, "allied_fire").say(spot).check())
    assert rules_broken(hidden) and "forest" in illegal(hidden)[0].reason  # two hexes from a forest: not observed
    log = Log(setup).phase(1, "allied_fire").say("at B0208 from A-REC target G-AFV").roll("AT Fire", 6, 6) \
        .say("return B0207 from G-AFV").say(spot)
    assert all_legal(last(log.check()))


# -- item 19: towed units in Travel; the Travel spotter's rule -------------------------------------------------------

def test_at_fire_at_a_towed_gun_in_travel():  # AT-12: SR 6.2 exception (L176)
    def at(mode: dict) -> list:
        setup = {"G-AFV": "B0304", "A-AT": ("B0303", mode)}
        return last(Log(setup).phase(1, "german_fire").say("at B0303 from G-AFV target A-AT").check())
    travel = at(TRAVEL)
    assert all_legal(travel) and any("very light" in (v.detail or "") for v in travel if isinstance(v, Legal))
    battery = at(DEF)  # in battery: a conventional target, whose AT class the AT Fire Table gives
    assert any("AT target class of unit A-AT" in v.needs for v in battery if isinstance(v, NotCheckable))
    leg = {"G-AFV": "B0304", "A-INF1": ("B0303", CONC)}  # a leg unit in clear terrain, not in Travel
    v = last(Log(leg).phase(1, "german_fire").say("at B0303 from G-AFV target A-INF1").check())
    assert rules_broken(v) == ["HTTR SR 18.3.1"]


def test_a_travel_spotter_breaks_6_5_1_12():  # IF-5: SR 6.5.1.12 (L298)
    setup = {"G-INF1": "B0506", "A-INF1": "B0406", "A-ART": ("B0101", DEF), "A-DIV": "B0103"}
    line = "if B0506 from A-ART spotter A-INF1 hq A-DIV"
    assert all_legal(last(Log(setup).phase(1, "allied_fire").say(line).check()))
    v = last(Log({**setup, "A-INF1": ("B0406", TRAVEL)}).phase(1, "allied_fire").say(line).check())
    assert rules_broken(v) == ["HTTR SR 6.5.1.12"]
