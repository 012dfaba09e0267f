"""The HTTR rulebook's worked examples of command points, supply and close-action cost
(``predicates-ptr-httr.md`` 2B: H18, H23, H27, H28, H29) on the synthetic game. GT8 is its 0601 turn and its
first under the supply rules; A-GD stands for the Guards Armoured Division: brigades A-BDE1 (over groups A-GRP1,
A-GRP2) and A-BDE2 (over A-GRP3, A-GRP4), and A-HCAV for the Household Cavalry (ScR 5.1.6.3-5.1.6.4)."""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.httr.supply_rules import supplied
from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken

GUARDS = {"A-CORPS": "A0605", "A-GD": ("A0505", {"Mode": "Defilade"}), "A-BDE1": "A0405", "A-BDE2": "A0305",
          "A-GRP1": "A0404", "A-GRP2": "A0406", "A-GRP3": "A0304", "A-GRP4": "A0306", "A-GCO1": "A0403",
          "A-GCO2": "A0407", "A-GCO3": "A0303", "A-GCO4": "A0307"}


def everything(report) -> list:
    return [v for j in report.judged for v in j.verdicts]


def command(setup: dict, track: str, box: int, *lines: str) -> Log:
    log = Log(setup).on_track(track, box).phase(8, "cp_logistic").phase(8, "allied_command")
    for line in lines:
        log.say(line)
    return log


def referee_after(log: Log) -> HttrReferee:
    ref = HttrReferee(rules_for(log.game), log.timeline())
    ref.run()
    return ref


def test_h23_a_top_up_to_two_in_a_later_command_phase():  # H23 (Y), SR 14.6.3 (L797); CP-8, CP-10
    """An HQ given one CP in the 0601 Command Phase tops up to two in the next one if the division has CP to
    spare, subject to attenuation as normal (A-REG1 5 MP from A-DIV: the top-up takes its 2d6)."""
    far = {"A-CORPS": "B0105", "A-DIV": ("B0205", {"Mode": "Defilade"}), "A-REG1": "B0310"}
    first = command(far, "A-DIV CP", 5, "cp A-REG1 1").roll("CP Attenuation", 2, 2).track("A-DIV CP", 4)
    top_up = first.phase(8, "allied_fire").phase(9, "allied_command").say("cp A-REG1 1")
    assert all_legal(last(top_up.check()))
    top_up.roll("CP Attenuation", 6, 5).track("A-DIV CP", 3).phase(9, "allied_fire")
    assert not illegal(everything(top_up.check()))
    again = command(far, "A-DIV CP", 5, "cp A-REG1 1").roll("CP Attenuation", 2, 2).track("A-DIV CP", 4) \
        .phase(8, "allied_fire").phase(9, "allied_command").say("cp A-REG1 2")
    assert rules_broken(last(again.check())) == ["HTTR SR 14.6.3"]  # two more would make three
    spare = command(far, "A-DIV CP", 1, "cp A-REG1 1").roll("CP Attenuation", 2, 2).track("A-DIV CP", 0) \
        .phase(8, "allied_fire").phase(9, "allied_command").say("cp A-REG1 1")
    assert rules_broken(last(spare.check())) == ["HTTR SR 14.3.1"]  # the division has no CP to spare


def test_h27_the_guards_need_ten_cp():  # H27 (Y), ScR 5.1.6.3 (L1122-1123); CP-11, SUP-7
    """Two CP for the division (its assets) and two for each of the four group HQs; the brigades are conduits:
    ten CP run the division optimally, every group's units fully in command and supply."""
    lines = ("cp A-GD 2", "cp A-GRP1 2", "cp A-GRP2 2", "cp A-GRP3 2", "cp A-GRP4 2")
    log = command(GUARDS, "A-GD CP", 10, *lines).track("A-GD CP", 0)
    assert not illegal(everything(log.check()))
    ref = referee_after(log)
    assert all(supplied(ref, f"A-GCO{i}").full is True for i in range(1, 5))
    assert rules_broken(last(command(GUARDS, "A-GD CP", 9, *lines).check())) == ["HTTR SR 14.3.1"]  # nine: short
    ref = referee_after(command(GUARDS, "A-GD CP", 10, *lines[:4]))
    assert supplied(ref, "A-GCO4").full is False  # its group got nothing


def test_h28_household_cavalry_and_the_brigade_conduit():  # H28 (P), ScR 5.1.6.4 (L1124-1125); CP-10
    """P: no hexes are given. Assumed: troop A-HCAV stands next to group A-GRP1 (IG); it traces to it and acts
    on its CP, not on the division's own. Attenuation runs from the brigade (A-BDE1, 1 MP) to the group, not from
    the division (5.5 MP): no roll; with the brigade off the map, from the division, and the roll is due."""
    troop = {**GUARDS, "A-HCAV": "A0403"}
    full = referee_after(command(troop, "A-GD CP", 4, "cp A-GRP1 2"))
    assert supplied(full, "A-HCAV").full is True  # the division expended nothing for its assets
    part = referee_after(command(troop, "A-GD CP", 4, "cp A-GRP1 1"))
    assert supplied(part, "A-HCAV").full is False
    far = {"A-CORPS": "A0605", "A-GD": ("A0505", {"Mode": "Defilade"}), "A-BDE1": "A0210", "A-GRP1": "A0209"}
    near = command(far, "A-GD CP", 4, "cp A-GRP1 2").track("A-GD CP", 2).phase(8, "allied_fire")
    assert not illegal(everything(near.check()))
    gone = {k: v for k, v in far.items() if k != "A-BDE1"}
    direct = command(gone, "A-GD CP", 4, "cp A-GRP1 2").track("A-GD CP", 2).phase(8, "allied_fire")
    assert rules_broken(everything(direct.check())) == ["HTTR SR 14.3.4"]


def test_h29_two_cp_act_as_one_south_of_the_maas():  # H29 (Y), ScR 5.2.5.2 (L1167, L1170); CP-14, CA-13
    """The group HQ in the band standing for 'south of the Maas on map B' (+1 CP): given two CP, its units act on
    one (not fully supplied: a failed depletion check depletes them); given one, on none (no CA, SR 14.6.1).
    The band is the synthetic data's (game.toml [special.cp_attenuation])."""
    south = {"A-CORPS": "B0105", "A-GD": ("B0305", {"Mode": "Defilade"}), "A-BDE1": "B0205", "A-GRP1": "B0204",
             "A-GCO1": "B0203", "G-INF1": "B0303"}
    fire = command(south, "A-GD CP", 4, "cp A-GRP1 2").track("A-GD CP", 2).phase(8, "allied_fire") \
        .say("df B0303 from A-GCO1").roll("Direct Fire", 3, 3).roll("Depletion Check", 1) \
        .layer("A-GCO1", "Depleted", "1", " Depleted")
    assert all_legal(last(fire.check()))
    assert supplied(referee_after(command(south, "A-GD CP", 4, "cp A-GRP1 2")), "A-GCO1").cp == 1
    north = {**south, "A-GD": ("A0605", {"Mode": "Defilade"}), "A-BDE1": "A0505", "A-GRP1": "A0504",
             "A-GCO1": "A0503"}  # outside every band: two CP are two
    assert supplied(referee_after(command(north, "A-GD CP", 4, "cp A-GRP1 2")), "A-GCO1").full is True
    one = command(south, "A-GD CP", 4, "cp A-GRP1 1").track("A-GD CP", 3).phase(8, "allied_fire") \
        .phase(8, "allied_movement").say("ca B0303 from B0203")
    assert rules_broken(last(one.check())) == ["HTTR ScR 5.2.5.2"]


def test_h18_the_mp_cost_of_a_close_action_from_a_distance():  # H18 (P), SR 10.1.11 Fig 16 (L541); CA-6
    """P: Figure 16 is not transcribed. Assumed: the German company in a mixed hex (A0302, TEC mixed
    Concentrated leg 3, the one cell the example fixes), the attacker (MA 12) reaching the adjacent mixed hex
    A0303 for 3 MP: 3 + 3 (CA) + 3 (the attacked hex, road ignored) + 3 (leaving the EZOC) = 12. One clear hex
    further back costs 2 more: 14 > 12."""
    setup = {"G-INF1": "A0302", "A-INF1": "A0304"}
    ok = Log(setup).phase(1, "allied_movement").move("A-INF1", "A0303").say("ca A0302 from A0303")
    assert all_legal(last(ok.check()))
    far = Log({**setup, "A-INF1": "A0305"}).phase(1, "allied_movement").move("A-INF1", "A0304", "A0303") \
        .say("ca A0302 from A0303")
    assert rules_broken(last(far.check())) == ["HTTR SR 10.1.11"]
