"""HTTR opportunity fire, indirect fire and SPA rules fixed after the second audit (issue #15), on the synthetic game:
OF at a close action (SR 6.6.3.1, 8.2, 8.4.4), ambush from an entrenchment (6.6.8.4), the OF ZOC by the turn's
weather (7.2.3, 8.4.1), armored cars as AFVs (18.9.7), the Reaction Phase's fire or movement (4.1), the LOC note
(7.4.1), the IF ER under a controlling HQ (6.5.5.2) and SPA after firing (18.9.2)."""
from __future__ import annotations

import copy

from tests.rules.httr.helpers import Log, all_legal, game, rules_broken, unsure

SETUP = {"G-INF1": "B0304", "A-INF1": "B0303"}  # next to each other (B0303's neighbours: B0304, B0403, ...)


def ca_of(setup: dict, *lines: str) -> list[list]:
    """The verdicts of each line said in the Allied Movement Phase (the OF's include its trigger's)."""
    log = Log(setup).phase(1, "allied_movement")
    for line in lines:
        log.say(line)
    return [j.verdicts for j in log.check().judged[1:]]


def test_of_at_a_close_action_from_afar_is_illegal():  # OF-8, SR 6.6.3.1 (L349), 8.2 (L435)
    far = ca_of({**SETUP, "G-INF2": "B0308"}, "of B0303 from G-INF2 trigger ca", "ca B0304 from B0303")
    assert rules_broken(far[0]) == ["HTTR SR 6.6.3.1"]  # five hexes away: neither defender nor a ZOC into B0303
    defender = ca_of(SETUP, "of B0303 from G-INF1 trigger ca", "ca B0304 from B0303")
    assert all_legal(defender[0])
    zoc = ca_of({**SETUP, "G-INF2": "B0403"}, "of B0303 from G-INF2 trigger ca", "ca B0304 from B0303")
    assert all_legal(zoc[0])  # G-INF2 is not assaulted, but its ZOC covers the attacker's hex (SR 8.2)


def test_of_at_a_close_action_from_forest_only_by_the_assaulted_stack():  # OF-8, SR 8.4.4 (L442): B0208 is forest
    setup = {"A-INF1": "B0208", "G-INF1": "B0309", "G-INF2": "B0209"}  # both next to B0208; no ZOC into forest
    other = ca_of(setup, "of B0208 from G-INF2 trigger ca", "ca B0309 from B0208")
    assert rules_broken(other[0]) == ["HTTR SR 6.6.3.1"]
    assaulted = ca_of(setup, "of B0208 from G-INF1 trigger ca", "ca B0309 from B0208")
    assert all_legal(assaulted[0])


def test_a_disrupted_unit_fires_at_a_close_action_only_when_assaulted():  # OF-8, SR 6.6.3.2 (L351)
    setup = {"A-INF1": "B0303", "G-INF1": ("B0304", {"Disrupted": "Disrupted"}), "G-INF2": "B0403"}
    other = ca_of(setup, "of B0303 from G-INF1 trigger ca", "ca B0403 from B0303")
    assert rules_broken(other[0]) == ["HTTR SR 6.6.3.1"]  # disrupted, no ZOC: B0304 is not assaulted
    assaulted = ca_of(setup, "of B0303 from G-INF1 trigger ca", "ca B0304 from B0303")
    assert not rules_broken(assaulted[0])


def ambush(setup: dict, mover: str) -> list:
    log = Log(setup).marker("e1", "Entrenchment", "B0403").phase(1, "german_movement").move(mover, "B0404") \
        .say("of B0404 from A-INF1 trigger ambush")
    return log.check().judged[2].verdicts


def test_ambush_at_an_afv_from_an_entrenchment():  # OF-14, SR 6.6.8.4 (L380): B0403 and B0404 are clear
    dug_in = {"A-INF1": ("B0403", {"Mode": "Defilade"})}
    assert all_legal(ambush({**dug_in, "G-AFV": "B0503"}, "G-AFV"))
    assert rules_broken(ambush({**dug_in, "G-INF1": "B0503"}, "G-INF1")) == ["HTTR SR 6.6.8.2"]  # not an AFV
    in_open = {"A-INF1": ("B0403", {"Mode": "Concentrated"})}  # on the marker but not in Defilade: no benefit
    assert rules_broken(ambush({**in_open, "G-AFV": "B0503"}, "G-AFV")) == ["HTTR SR 6.6.8.2"]


def weather_of(turn: int) -> list:
    """G-FLAK (range 2) in the woods of B0405 (observation range 3) fires OF at A-INF1 two hexes away in B0403."""
    setup = {"G-FLAK": ("B0405", {"Mode": "Defilade"}), "A-INF1": "B0403"}
    log = Log(setup).phase(turn, "allied_movement").say("of B0403 from G-FLAK trigger leave").move("A-INF1", "B0402")
    return log.check().judged[1].verdicts


def test_the_of_zoc_is_the_one_of_the_turns_weather():  # OF-11, SR 7.2.3 (L410), 8.4.1 (L439)
    assert all_legal(weather_of(1))  # clear: it observes B0403, its ZOC reaches two hexes
    assert rules_broken(weather_of(9)) == ["HTTR SR 6.6.4.1"]  # weather P: observation 1 hex from woods, no ZOC


def watched(mover: str, path: list[str]) -> list:
    """G-ART (B0110, controlled by G-DIV next to it) fires IF as OF, through G-INF1 in B0205, after ``path``."""
    setup = {mover: path[0], "G-ART": ("B0110", {"Mode": "Defilade"}), "G-DIV": ("B0109", {"Mode": "Defilade"}),
             "G-INF1": "B0205"}
    log = Log(setup).phase(1, "allied_movement")
    for h in path[1:]:
        log.move(mover, h)
    return log.say(f"of {path[-1]} from G-ART spotter G-INF1 hq G-DIV").check().judged[-1].verdicts


def test_an_armored_car_is_watched_as_an_afv():  # OF-12, SR 6.6.5.1 (L363), 18.9.7 (L956)
    three = ["B0301", "B0302", "B0303", "B0304"]
    assert rules_broken(watched("A-ACAR", three)) == ["HTTR SR 6.6.5.1"]  # an AFV: more than four hexes
    assert all_legal(watched("A-INF1", three))  # infantry: more than two
    assert all_legal(watched("A-ACAR", [*three, "B0305", "B0306"]))


def test_a_mover_of_unknown_type_is_not_checkable():  # OF-12: A-NOTYPE's units.csv type is not known
    v = watched("A-NOTYPE", ["B0301", "B0302", "B0303", "B0304"])
    assert not rules_broken(v) and any("type of unit A-NOTYPE" in x.needs for x in unsure(v))


def marsh(unit: str, start: str, mode: str = "Concentrated") -> list:
    log = Log({unit: (start, {"Mode": mode})}).phase(1, "allied_movement").move(unit, "A0702")
    return log.check().judged[-1].verdicts


def test_an_armored_car_enters_marsh_only_by_road_in_travel():  # MOV-16, SR 9.4.6 (L499), 18.9.7 (L956)
    assert rules_broken(marsh("A-ACAR", "A0602")) == ["HTTR SR 9.4.6"]  # off the raised road
    assert rules_broken(marsh("A-ACAR", "A0701")) == ["HTTR SR 9.4.6"]  # by road, not in Travel
    assert all_legal(marsh("A-ACAR", "A0701", "Travel"))


def loc(kinds: dict[str, str]) -> list:
    """A-INF1 in B0301 spots for A-ART; A-DIV in B0306 controls it: the LOC runs along row 03 (B0302-B0306)."""
    g = copy.deepcopy(game())
    labels = {v: k for k, v in g.map.labels.items()}
    for lab, kind in kinds.items():
        g.map.terrain.hexes[labels[lab]] = frozenset({kind})
    setup = {"G-INF1": "B0201", "A-INF1": "B0301", "A-ART": ("B0406", {"Mode": "Defilade"}),
             "A-DIV": ("B0306", {"Mode": "Defilade"})}
    return Log(setup, g).phase(1, "allied_fire").say("if B0201 from A-ART spotter A-INF1 hq A-DIV").check() \
        .judged[-1].verdicts


def test_four_forest_hexes_break_the_loc():  # IF-11, SR 7.4.1 (L422-L426): the note puts them under a)
    assert rules_broken(loc({h: "forest" for h in ("B0302", "B0303", "B0304", "B0305")})) == ["HTTR SR 7.4.1"]
    three = loc({"B0302": "forest", "B0303": "forest", "B0304": "forest", "B0305": "town", "B0306": "town"})
    assert all_legal(three)  # three city/forest hexes: judged by a) alone
    assert rules_broken(loc({"B0302": "forest", "B0303": "forest", "B0304": "town", "B0305": "town",
                             "B0306": "woods"})) == ["HTTR SR 7.4.1"]  # two: b) counts all five
    assert all_legal(loc({"B0302": "forest", "B0303": "forest", "B0304": "town", "B0305": "town"}))


def if_er(hq: str, **readings: str) -> str:
    """The detail of A-ART's IF roll at G-INF1 (spotter A-INF1) under ``hq``, stacked with it in B0102."""
    setup = {"A-ART": ("B0101", {"Mode": "Defilade"}), hq: ("B0102", {"Mode": "Defilade"}), "A-INF1": "B0303",
             "G-INF1": "B0304"}
    log = Log(setup).phase(1, "allied_fire").say(f"if B0304 from A-ART spotter A-INF1 hq {hq}").roll(
        "Indirect Fire", 1, 1).phase(1, "allied_movement").check(**readings)
    return " ".join(getattr(v, "detail", None) or "" for v in log.judged[2].verdicts)


def test_er_two_less_only_outside_the_original_command():  # IF-12, SR 6.5.5.2 (L331), reading if_control_er
    assert "at ER 6" in if_er("A-DIV")  # A-ART's own HQ
    assert "at ER 6" in if_er("A-REG1")  # a regiment of its division: a controller of SR 6.5.2.2 / 17.5.1
    assert "at ER 4" in if_er("A-DIV2")  # another division (illegal too, 6.5.2.2): not its original command
    assert "at ER 4" in if_er("A-REG1", if_control_er="above_only")  # 6.5.5.2's letter


def reaction(*steps) -> list[list]:
    """G-INF1 (B0304) next to A-INF1 (B0303) in the German Reaction Phase: each step's verdicts."""
    log = Log(SETUP).phase(1, "german_reaction")
    for s in steps:
        s(log)
    return [j.verdicts for j in log.check().judged[1:]]


def test_a_reaction_phase_unit_fires_or_moves_not_both():  # SOP-4, SR 4.1 (L124)
    fire_then_move = reaction(lambda l: l.say("df B0303 from G-INF1"), lambda l: l.move("G-INF1", "B0305"))
    assert rules_broken(fire_then_move[1]) == ["HTTR SR 4.1"]
    move_then_fire = reaction(lambda l: l.move("G-INF1", "B0403"), lambda l: l.say("df B0303 from G-INF1"))
    assert "HTTR SR 4.1" in rules_broken(move_then_fire[1])
    fire = reaction(lambda l: l.say("df B0303 from G-INF1"))
    assert "HTTR SR 4.1" not in rules_broken(fire[0])
    move = reaction(lambda l: l.move("G-INF1", "B0305"))
    assert all_legal(move[0])


def spa(mode: str, *path: str) -> list[list]:
    """A-SPA (MA 12) fires IF at G-INF1 by A-INF1's sight under A-DIV next to it, then moves along ``path``."""
    setup = {"A-SPA": ("B0101", {"Mode": mode}), "A-DIV": ("B0102", {"Mode": "Defilade"}), "A-INF1": "B0303",
             "G-INF1": "B0304"}
    log = Log(setup).phase(1, "allied_fire").say("if B0304 from A-SPA spotter A-INF1 hq A-DIV").roll(
        "Indirect Fire", 6, 6).phase(1, "allied_movement")
    for h in path:
        log.move("A-SPA", h)
    return [j.verdicts for j in log.check().judged]


def test_an_spa_that_fired_moves_half_its_ma():  # FIR-5, SR 18.9.2 (L951), 4.1 (L127)
    far = spa("Concentrated", "B0105")  # four clear hexes at 2 MP: 8 of its 12 MP
    assert rules_broken(far[-1]) == ["HTTR SR 18.9.2"]
    near = spa("Concentrated", "B0104")  # three hexes: 6 MP, half its MA
    assert not rules_broken(near[-1])
    battery = spa("Defilade", "B0102")  # fired in battery: no move at all
    assert rules_broken(battery[-1]) == ["HTTR SR 6.1.9"]


def test_an_spa_firing_in_concentrated_mode_does_not_double():  # IF-12, SR 18.9.2 (L951), 6.5.4.1 (L320)
    def strength(mode: str) -> str:
        return " ".join(getattr(v, "detail", None) or "" for v in spa(mode)[2])
    assert "IF of 3 SP" in strength("Concentrated")
    assert "IF of 6 SP" in strength("Defilade")  # in battery: doubled at a conventional target


def bridge(unit: str, side: str) -> list:
    """``unit`` walks the raised road A0701-A0705 (4 road hexes at 1 MP), over its bridged stream A0703/A0704."""
    return Log({unit: "A0701"}).phase(3, f"{side}_movement").move(unit, "A0705").check().judged[-1].verdicts  # GT 3:
    # G-KG2 is active (ScR 8.1.7)


def test_only_leg_units_without_trucks_pay_the_raised_bridge():  # MOV-14, SR 9.4.2.4 (L485), 5.1 (L139)
    walker = bridge("A-INF1", "allied")  # no scenario rule lets A-REG1's infantry adopt Travel Mode: +1 MP
    assert all_legal(walker) and "5 of 12 MP" in walker[-1].detail
    trucked = bridge("G-INF3", "german")  # G-KG2's infantry may (synthetic [special.travel_capable], ScR 8.1.12)
    assert all_legal(trucked) and "4 of 12 MP" in trucked[-1].detail


def test_an_ambush_at_an_afv_is_infantry_at_fire_not_conventional_df():  # OF-14, SR 6.6.8.4 (L380), 6.2 (L175)
    at_afv = Log({"A-INF1": ("B0403", {"Mode": "Defilade"}), "G-AFV": "B0503"}).marker("e1", "Entrenchment", "B0403") \
        .phase(1, "german_movement").move("G-AFV", "B0404").say("of B0404 from A-INF1 trigger ambush") \
        .roll("AT Fire", 3, 4).check().judged[3].verdicts
    assert not any("conventional DF" in (getattr(v, "detail", None) or "") for v in at_afv)
    assert any("at_class of unit A-INF1" in v.needs for v in unsure(at_afv))  # its AT capability: no AT dots given
    at_inf = Log({"A-INF1": "B0405", "G-INF1": "B0504"}).phase(1, "german_movement").move("G-INF1", "B0404") \
        .say("of B0404 from A-INF1 trigger ambush").roll("Direct Fire", 3, 4).check().judged[3].verdicts
    assert any("conventional DF" in (getattr(v, "detail", None) or "") for v in at_inf)
