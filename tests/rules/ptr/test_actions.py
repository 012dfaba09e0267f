"""Activations, APs, Movement Actions, ZOC, reactions and stacking (PtR 10-14) on the synthetic game, each rule
with a legal and an illegal case. The position mirrors the 10.4 example (L910-934): 116-PG in 1513 (as 116-60
in 2013) moves through the forest/pillbox 1414 (2014), next to the tank destroyer 1-TD in 1415 (1-634 in 2015),
into the town 1314 (Oberforstbach 2114), next to the armored infantry 3-AI in 1214 (3A-B/36 in 2215); the
disrupted 1-B in 1512 stands next to the start (1-745 in 2113)."""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.ptr.memory import memory
from hexforge.rules.ptr.referee import PtrReferee
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from tests.rules.ptr.helpers import PtrLog, illegal, unsure, verdicts

SETUP = {"US1-HQ": "1311", "1-A": "1311", "1-B": "1512", "1-TD": "1415", "US3-HQ": "1010", "3-AI": "1214",
         "3-TK": "1214", "3-TK2": "1211", "G116-HQ": "1614", "116-PG": "1513", "116-TK": "1612", "116-IN": "1612",
         "G9-HQ": "1710", "9-IN": "1611", "9-TK": "1611"}  # the synthetic scenario s1's set-up


def german(syn, setup: dict[str, str] | None = None) -> PtrLog:
    """1-B disrupted; the US passes segment 1; the Germans win segment 2, activate 116pz (level 5) and roll 8:
    (5 + 8 + 3) // 3 = 5 APs on the synthetic AP Table. Events 0-6."""
    return (PtrLog(syn, setup).disrupt("1-B", "1512").phase(1, "operations").say("us", "pass").initiative(2, 8)
            .say("german", "act 116pz").roll("german", 8))


def test_ap_roll_reads_the_bold_cell(syn):
    """PTR10-3 / 10.1.2B: 116pz at Activation Level 5 rolls 8: the bold AP Table cell gives 5 APs."""
    r = german(syn).check()
    assert verdicts(r, 6)[0].detail.startswith("116pz: 5 APs")


def test_movement_through_forest_pillbox_stops_in_the_town_ezoc(syn):
    """PTR13-2 / PTR13-3 / 10.4B-D: 1-B is disrupted (no ZOC); 1-TD's ZOC does not reach the forest/pillbox; 3-AI's does
    reach the town: the move ends there (13.3A)."""
    r = german(syn).move("116-PG", "1513", "1414", "1314").check()
    assert isinstance(verdicts(r, 7)[0], Legal) and illegal(r) == []
    r = german(syn).move("116-PG", "1513", "1414", "1314", "1315").check()
    assert illegal(r) == [(7, "PTR 13.3A")]


def test_disrupted_unit_exerts_no_zoc(syn):
    """PTR13-1 / 13.1: with 1-B undisrupted, 116-PG starts in its ZOC (1513) and 1413 is in it too: the step between
    them is an infiltration (13.4.1) and nothing may follow; with 1-B disrupted the move is free."""
    log = PtrLog(syn).phase(1, "operations").say("us", "pass").initiative(2, 8).say("german", "act 116pz") \
        .roll("german", 8).move("116-PG", "1513", "1413", "1412")
    assert illegal(log.check()) == [(6, "PTR 13.4.1")]
    log = german(syn).move("116-PG", "1513", "1413", "1412")
    assert illegal(log.check()) == []


def test_no_step_into_an_enemy_combat_unit(syn):
    """PTR12-5 / 12.2E: 116-PG may not step into 1512, which holds the US 1-B."""
    r = german(syn).move("116-PG", "1513", "1512").check()
    assert illegal(r) == [(7, "PTR 12.2E")]


def test_ma_bounds_the_route(syn):
    """PTR12-2 / 12.0B: 116-PG (MA 6, motorized) may go six clear hexes; the seventh is too far. 116-IN (leg, MA 4)."""
    r = german(syn).move("116-IN", "1612", "1613", "1614", "1615", "1616").check()
    assert illegal(r) == []
    r = german(syn).move("116-IN", "1612", "1613", "1614", "1615", "1616", "1617").check()
    assert illegal(r) == [(7, "PTR 12.0B")]


def test_prohibited_terrain(syn):
    """PTR12-3 / 12.2A: 116-TK may not enter the prohibited 1717, even by a one-hex step."""
    r = german(syn).move("116-TK", "1612", "1613", "1614", "1615", "1616", "1717").check()
    assert illegal(r) == [(7, "PTR 12.2A")]


def test_ezoc_to_ezoc_only_as_infiltration(syn):
    """PTR13-4 / PTR13-5 / PTR16-1 / 13.3B / 13.4.1: a one-hex move from an EZOC into another is infiltration (it spends
    the whole MA); a step from an EZOC into another later in the move is not allowed."""
    log = german(syn).move("116-PG", "1513", "1414", "1314")  # stops in 1314 (EZOC of 3-AI and 1-TD)
    log.roll("german", 7, "Effectiveness Check")  # 13.4.1B: 7 <= ER 7 passes
    log.move("116-PG", "1314", "1315")  # a new Movement Action: 1315 is in 1-TD's ZOC: infiltration
    r = log.check()
    assert illegal(r) == [] and memory_after(syn, log).active.ap == 3
    r = german(syn).move("116-PG", "1513", "1414", "1314").roll("german", 8, "Effectiveness Check") \
        .move("116-PG", "1314", "1315").check()
    assert illegal(r) == [(9, "PTR 13.4.1B")]  # 8 > ER 7: disrupted, it does not move
    r = german(syn).move("116-PG", "1513", "1414", "1314").move("116-PG", "1314", "1315").check()
    assert illegal(r) == [(8, "PTR 13.4.1B")]  # no Effectiveness Check rolled
    log = german(syn).move("116-PG", "1513", "1414", "1314").move("116-PG", "1314", "1315", "1316")
    assert illegal(log.check()) == [(8, "PTR 13.4.1")]


def memory_after(syn, log: PtrLog):
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    ref.run()
    return memory(ref.state)


def test_each_movement_action_costs_an_ap_and_aps_run_out(syn):
    """PTR11-1 / PTR11-8 / PTR12-4 / 11.4 / 11.1B / 12.2D: five Movement Actions on 5 APs; the sixth is not allowed."""
    log = german(syn)
    for u, a, b in [("116-IN", "1612", "1613"), ("116-TK", "1612", "1712"), ("116-PG", "1513", "1514"),
                    ("116-IN", "1613", "1614"), ("116-TK", "1712", "1713"), ("116-PG", "1514", "1515")]:
        log.move(u, a, b)
    assert illegal(log.check()) == [(12, "PTR 11.1B")]
    assert memory_after(syn, PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8)
                        .move("1-A", "1311", "1312")).active.ap == 4


def test_a_drag_in_several_moves_is_one_action(syn):
    """A unit dragged on from where it stopped carries on the same Movement Action (no second AP)."""
    log = german(syn).move("116-IN", "1612", "1613").move("116-IN", "1613", "1614")
    assert memory_after(syn, log).active.ap == 4


def test_only_the_activated_formation_moves(syn):
    """PTR11-3 / 11.2.1: units of another formation (9-IN) or side (1-TD) may not move in 116pz's activation."""
    r = german(syn).move("9-IN", "1611", "1610").check()
    assert illegal(r) == [(7, "PTR 11.2.1")]
    r = german(syn).move("1-TD", "1415", "1416").check()
    assert illegal(r) == [(7, "PTR 11.2.1")]


def test_hq_never_in_a_movement_action(syn):
    """PTR11-11 / PTR19-2 / 11.4.1B / 20.0C3: G116-HQ may not move as a Movement Action."""
    r = german(syn).move("G116-HQ", "1614", "1615").check()
    assert illegal(r) == [(7, "PTR 11.4.1B")]


def test_disrupted_unit_does_not_move(syn):
    """PTR11-4 / PTR16-5 / 16.3B1 / 11.2.2B: the disrupted 1-A may not make a Movement Action."""
    log = PtrLog(syn).disrupt("1-A", "1311").phase(1, "operations").say("us", "act 1inf").roll("us", 8) \
        .move("1-A", "1311", "1312")
    assert illegal(log.check()) == [(4, "PTR 16.3B1")]


def test_move_before_the_ap_roll(syn):
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").move("1-A", "1311", "1312").check()
    assert illegal(r) == [(2, "PTR 11.2.1")]


def test_stacking_at_the_end_of_a_movement_action(syn):
    """PTR14-1 / PTR14-4 / 14.1D: one infantry-type unit, two support-type units: 3-TK2 may join 3-AI and 3-TK in
    1214; a second infantry-type unit (1-A) may not end there."""
    log = PtrLog(syn).phase(1, "operations").say("us", "act 3arm").roll("us", 5).move("3-TK2", "1211", "1212",
                                                                                       "1213", "1214")
    log.say("us", "done")
    assert illegal(log.check()) == []
    log = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5).move("1-A", "1311", "1312",
                                                                                      "1313", "1214")
    log.say("us", "done")
    assert illegal(log.check()) == [(3, "PTR 14.1D")]


def reacting(syn) -> PtrLog:
    """The German move ends in 1314 next to 3-AI (event 7); the US declares a 3arm reaction (8)."""
    return german(syn).move("116-PG", "1513", "1414", "1314").say("us", "react 3arm")


def test_reaction_example_10_4(syn):
    """PTR10-21 / PTR9-9 / PTR10-8 / PTR10-9 / PTR10-11 / PTR10-15 / PTR10-16 / 10.4E-H: 3arm reacts at level 6:
    check 2 <= 5 passes; AP roll 9 -> 3 APs (non-bold); FAM 6 -> 5."""
    log = reacting(syn).roll("us", 2).roll("us", 9)
    r = log.check()
    assert illegal(r) == []
    assert "3arm reacts" in verdicts(r, 9)[0].detail and "3 APs" in verdicts(r, 10)[0].detail
    m = memory_after(syn, log)
    assert m.fam["3arm"] == 5 and m.active.formation == "3arm" and m.active.ap == 3


def test_failed_reaction_leaves_the_fam_and_the_mover_goes_on(syn):
    """PTR10-11 / PTR10-16 / 10.2.3E: a failed check changes no FAM; no other formation may try against that Movement
    Action."""
    log = reacting(syn).roll("us", 9)
    m = memory_after(syn, log)
    assert m.fam["3arm"] == 6 and m.active.formation == "116pz"
    r = log.say("us", "react 1inf").check()
    assert illegal(r) == [(10, "PTR 10.2.1C")]


def test_reaction_needs_an_adjacent_undisrupted_unit(syn):
    """PTR10-8 / PTR10-9 / PTR10-10 / 10.2.1A-B: after the first step (1414, leaving 1513) no 3arm unit is near; 1inf's
    1-TD is."""
    log = german(syn).move("116-PG", "1513", "1414").say("us", "react 3arm")
    assert illegal(log.check()) == [(8, "PTR 10.2.1B")]
    log = german(syn).move("116-PG", "1513", "1414").say("us", "react 1inf")
    assert illegal(log.check()) == [(8, "PTR 10.2.1B3")]  # 116-PG's ZOC cuts 1-TD's CR path to 1311 (18.3B)


def test_reaction_unit_in_command(syn):
    """PTR10-10 / PTR10-12 / 10.2.1B3: with US1-HQ next to 1-TD (1416), 1inf may react; 10.2.2A: an HQ alone next to a
    hex the mover entered is displaced and its formation does not react."""
    setup = dict(SETUP, **{"US1-HQ": "1416"})
    log = german(syn, setup).move("116-PG", "1513", "1414").say("us", "react 1inf")
    assert illegal(log.check()) == []
    setup = dict(SETUP, **{"US1-HQ": "1313"})
    log = german(syn, setup).move("116-PG", "1513", "1414").say("us", "react 1inf")
    assert illegal(log.check()) == [(8, "PTR 10.2.2A")]


def test_no_reaction_without_an_enemy_movement_action(syn):
    """PTR10-8 / 10.2.1A: a reaction declared when no enemy Movement Action has entered a hex next to the formation is
    not allowed."""
    r = german(syn).say("us", "react 3arm").check()
    assert illegal(r) == [(7, "PTR 10.2.1A")]


def test_no_counter_reaction(syn):
    """PTR10-21 / 10.2.5: the reacting 3arm's moves trigger nothing."""
    log = reacting(syn).roll("us", 2).roll("us", 9).move("3-TK2", "1211", "1212").say("german", "react 9pz")
    assert illegal(log.check()) == [(12, "PTR 10.2.5")]


def test_after_a_reaction_the_mover_needs_a_new_action(syn):
    """PTR10-18 / PTR10-20 / 10.2.4A-C: the interrupted Action has ended; the next move of 116-PG is a new Movement
    Action (one more AP: 5 - 1 - 1 = 3 left), and it may be reacted to again. From 3-AI's ZOC in 1314 into 1-TD's in
    1315 it is an infiltration (13.4.1B): the Effectiveness Check comes first (7 <= ER 7 passes); without it the move
    is against 13.4.1B."""
    log = reacting(syn).roll("us", 2).roll("us", 9).say("us", "done").roll("german", 7, "Effectiveness Check") \
        .move("116-PG", "1314", "1315")
    assert illegal(log.check()) == []
    m = memory_after(syn, log)
    assert m.active.formation == "116pz" and m.active.ap == 3 and not m.active.movement.reacted
    log = reacting(syn).roll("us", 2).roll("us", 9).say("us", "done").move("116-PG", "1314", "1315")
    assert illegal(log.check()) == [(12, "PTR 13.4.1B")]


def test_refit_and_improved_defense(syn):
    """PTR11-4 / PTR11-15 / PTR11-18 / PTR16-6 / 11.4.3A: Refit for a disrupted unit of the formation; 16.3B4: no
    Improved Defense on a disrupted unit."""
    log = PtrLog(syn).disrupt("1-A", "1311").phase(1, "operations").say("us", "act 1inf").roll("us", 8)
    r = log.say("us", "refit 1-a").check()
    assert illegal(r) == []
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).say("us", "refit 1-a").check()
    assert illegal(r) == [(3, "PTR 11.4.3A")]
    r = log.say("us", "improved defense 1311").check()
    assert illegal(r)[-1] == (len(log.events) - 1, "PTR 16.3B4")
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).say("us", "id 1415").check()
    assert illegal(r) == []
    log = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).say("us", "id 1416")
    assert "canceled" in verdicts(log.check(), 3)[0].detail and memory_after(syn, log).active.ap == 4


def test_attack_declarations(syn):
    """PTR11-1 / PTR11-8 / PTR11-21 / PTR15-1 / PTR15-12 / 15.1.1 / 11.4.5A / 15.4.2.1A: one hex against one adjacent
    enemy hex; Hasty has no support; APs by kind."""
    base = german(syn).move("116-PG", "1513", "1414", "1314")  # 4 APs left
    r = base.say("german", "attack 1214 from 1314 regular").check()
    assert illegal(r) == []
    r = base.say("german", "attack 1311 from 1314 regular").check()
    assert illegal(r)[-1][1] == "PTR 15.1.1"
    r = base.say("german", "attack 1214 from 1314 1415 hasty").check()
    assert illegal(r)[-1][1] == "PTR 15.4.2.1A"
    r = base.say("german", "attack 1215 from 1314 hasty").check()
    assert illegal(r)[-1][1] == "PTR 11.4.5A"
    r = base.say("german", "attack 1214 from 1314 prepared").say("german", "attack 1214 from 1314 regular").check()
    assert illegal(r)[-1][1] == "PTR 11.1B"  # 4 - 3 = 1 AP left: a Regular attack costs 2


def test_bundled_game_unknowns_are_named(ptr):
    """PTR10-4: On the bundled data the AP Table is not transcribed: the AP roll is not checkable, naming the cell. The
    HQ's supply at activation (17.3B) is not checkable either: its path crosses unsurveyed hexsides, which may hold an
    anti-tank ditch (never 'in supply' on unknown terrain)."""
    log = PtrLog(ptr, {"VII-1 Inf": "1107", "1-III/18": "1107"}).phase(1, "operations").say("us", "act 1inf") \
        .roll("us", 4)
    r = log.check("s2")
    v = verdicts(r, 1)[0]
    assert isinstance(v, NotCheckable) and "anti-tank ditch" in v.needs
    assert any("AP Table cell" in n for _, n in unsure(r))
    assert not any(isinstance(v, Illegal) for j in r.judged for v in j.verdicts)


def test_out_of_command_units_pay_double_and_only_move_or_hasty(syn):
    """PTR11-6 / 11.3 / 18.5.1A: with US1-HQ in 1017, 1-A (1311) is out of its CR (5): a Movement Action costs 2 APs; a
    Refit is not allowed (11.4.3A says so for Refit itself); in CR (the set-up) it costs 1."""
    setup = dict(SETUP, **{"US1-HQ": "1017"})
    log = PtrLog(syn, setup).phase(1, "operations").say("us", "act 1inf").roll("us", 8).move("1-A", "1311", "1312")
    assert illegal(log.check()) == [] and memory_after(syn, log).active.ap == 3
    log = PtrLog(syn, setup).disrupt("1-A", "1311").phase(1, "operations").say("us", "act 1inf").roll("us", 8) \
        .say("us", "refit 1-a")
    assert illegal(log.check()) == [(4, "PTR 11.4.3A")]


def test_displaced_hq_and_retreats_are_not_called_illegal(syn):
    """PTR10-12 / PTR11-3 / 10.2.2A: US1-HQ alone in 1313 next to 1414, which the mover entered, is displaced: its move
    is not the activated formation's Action, but not illegal either when it goes where 20.2A lets it (the town 1311; the
    clear 1312 is not such a hex; test_displacement.py has the rest). After an attack, the defenders' move is their
    retreat (not followed yet); any other unit of the other side moving is illegal."""
    setup = dict(SETUP, **{"US1-HQ": "1313"})
    r = german(syn, setup).move("116-PG", "1513", "1414").move("US1-HQ", "1313", "1312", "1311").check()
    assert illegal(r) == [] and "displaced (PTR 10.2.2A)" in verdicts(r, 8)[0].detail
    r = german(syn).move("116-PG", "1513", "1414").move("1-A", "1311", "1312").check()
    assert illegal(r) == [(8, "PTR 11.2.1")]
    base = german(syn).move("116-PG", "1513", "1414", "1314").say("german", "attack 1214 from 1314 regular")
    r = base.move("3-AI", "1214", "1114").check()
    assert illegal(r) == [] and "before its combat roll" in verdicts(r, 9)[0].needs


def test_hq_relocation_costs_its_relocation_points(syn):
    """PTR11-9 / PTR11-11 / PTR11-12 / PTR11-13 / 11.4.2A / 11.4.1B: 'relocate' costs the HQ's Relocation Points (2 in
    the synthetic units.csv); then the HQ's move is the Relocation: to a town hex (20.0C5) within its CR by a path free
    of EZOCs (11.4.2B-C)."""
    log = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).say("us", "relocate 1infhq") \
        .move("US1-HQ", "1311", "1312", "1313")
    r = log.check()
    assert illegal(r) == [] and memory_after(syn, log).active.ap == 3
    assert "relocates to 1313" in verdicts(r, 4)[0].detail
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).say("us", "relocate 1infhq") \
        .move("US1-HQ", "1311", "1312").check()
    assert illegal(r) == [(4, "PTR 20.0C5")]  # 1312 is clear
    setup = dict(SETUP, **{"9-IN": "1213"})  # its ZOC covers the town 1314 (17.3/18.3B: no path enters it)
    r = PtrLog(syn, setup).phase(1, "operations").say("us", "act 1inf").roll("us", 8).say("us", "relocate 1infhq") \
        .move("US1-HQ", "1311", "1314").check()
    assert illegal(r) == [(4, "PTR 11.4.2B-C")]
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).say("us", "relocate 3armhq").check()
    assert illegal(r) == [(3, "PTR 11.4.2A")]


def test_an_effectiveness_check_serves_one_infiltration(syn):
    """PTR13-5 / 13.4.1B: the roll is the infiltrating stack's; a later infiltration in the activation needs its own."""
    log = german(syn).move("116-PG", "1513", "1414", "1314").roll("german", 7, "Effectiveness Check") \
        .move("116-PG", "1314", "1315").move("116-TK", "1612", "1613").move("116-PG", "1315", "1416")
    assert illegal(log.check()) == [(11, "PTR 13.4.1B")]  # 1315 and 1416 are both in 1-TD's ZOC


def test_refit_roll_decides_the_flip_back(syn):
    """PTR11-17 / 11.4.3C: 1-A (disrupted ER 3) refits: a check of 3 passes and it flips back; 4 fails and it may
    not."""
    base = PtrLog(syn).disrupt("1-A", "1311").phase(1, "operations").say("us", "act 1inf").roll("us", 8) \
        .say("us", "refit 1-a")
    r = base.roll("us", 3, "Effectiveness Check").front("1-A", "1311").check()
    assert illegal(r) == [] and "3 <= ER 3: it recovers" in verdicts(r, 5)[0].detail
    r = PtrLog(syn).disrupt("1-A", "1311").phase(1, "operations").say("us", "act 1inf").roll("us", 8) \
        .say("us", "refit 1-a").roll("us", 4, "Effectiveness Check").front("1-A", "1311").check()
    assert illegal(r) == [(6, "PTR 11.4.3C")]


def test_recovery_from_disruption_needs_cr_or_a_refit(syn):
    """PTR16-7 / 16.4A: in the Recovery Phase a disrupted unit in CR recovers; out of CR (US1-HQ in 1017) it does not;
    and outside the Recovery Phase only a passed Refit flips it back."""
    r = PtrLog(syn).disrupt("1-A", "1311").phase(1, "recovery").front("1-A", "1311").check()
    assert illegal(r) == []
    r = PtrLog(syn, dict(SETUP, **{"US1-HQ": "1017"})).disrupt("1-A", "1311").phase(1, "recovery") \
        .front("1-A", "1311").check()
    assert illegal(r) == [(2, "PTR 16.4A")]
    r = PtrLog(syn).disrupt("1-A", "1311").phase(1, "operations").front("1-A", "1311").check()
    assert illegal(r) == [(2, "PTR 16.4")]


def test_another_formation_reacts_only_after_the_displacement(syn):
    """PTR10-13 / 10.2.2B: US3-HQ alone in 1413, next to 1414 the mover entered: 1inf may react only once US3-HQ has
    been displaced (moved away)."""
    setup = dict(SETUP, **{"US1-HQ": "1416", "US3-HQ": "1413"})
    log = german(syn, setup).move("116-PG", "1513", "1414").say("us", "react 1inf")
    assert illegal(log.check()) == [(8, "PTR 10.2.2B")]
    log = german(syn, setup).move("116-PG", "1513", "1414").move("US3-HQ", "1413", "1311").say("us", "react 1inf")
    assert illegal(log.check()) == []


def overstacked(syn) -> PtrLog:
    """1-A ends its Movement Action in 1214 with 3-AI and 3-TK: two infantry-type US units (14.1D); events 0-4."""
    return PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5) \
        .move("1-A", "1311", "1312", "1313", "1214").say("us", "done")


def test_an_overstack_disrupts_every_combat_unit_in_the_hex(syn):
    """14.2A (L1209): every combat unit in the overstacked hex is disrupted before play goes on."""
    log = overstacked(syn).disrupt("1-A", "1214").disrupt("3-AI", "1214").disrupt("3-TK", "1214").initiative(9, 1)
    r = log.check()
    assert illegal(r) == [(3, "PTR 14.1D")]
    assert "disrupted by the overstack" in verdicts(r, 7)[0].detail
    log = overstacked(syn).disrupt("1-A", "1214").initiative(9, 1)
    r = log.check()
    assert illegal(r) == [(3, "PTR 14.1D"), (6, "PTR 14.2A")]
    assert any("3-AI, 3-TK not disrupted" in getattr(v, "reason", "") for v in verdicts(r, 6))
