"""HTTR sequence of play (SR 4.1) and organisation modes (SR 5) on the synthetic game: each predicate with a
legal and an illegal case."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken, unsure

FRONT = {"A-INF1": "B0303", "G-INF1": "B0406"}


def test_phases_follow_the_sequence_and_turns():  # SOP-2, SR 4.1 (L120-L129)
    ok = Log(FRONT).phase(2, "allied_fire").phase(2, "allied_movement").phase(3, "german_reaction").check()
    assert all(all_legal(j.verdicts) for j in ok.judged)
    back = Log(FRONT).phase(2, "allied_movement").phase(2, "allied_fire").check()
    assert rules_broken(last(back)) == ["HTTR SR 4.1"]
    skip = Log(FRONT).phase(2, "allied_movement").phase(4, "allied_fire").check()
    assert rules_broken(last(skip)) == ["HTTR SR 4.1"]


def test_weather_and_logistics_only_in_the_0601_and_1501_turns():  # SOP-3, SR 4.1 (L122-L123)
    assert all_legal(last(Log(FRONT).phase(1, "weather").check()))  # GT1 0601-0901
    assert all_legal(last(Log(FRONT).phase(4, "cp_logistic").check()))  # GT4 1501-1801
    # GT2 0901-1201: the module's tracker lists every phase each GT, so passing it is legal; using it is not
    r = Log(FRONT).phase(2, "weather").check()
    assert all_legal(last(r)) and "0901" in last(r)[0].detail and "tracker passes it" in last(r)[0].detail
    r = Log(FRONT).phase(2, "weather").roll("Weather", 4).phase(2, "cp_logistic").say("cp A-INF1 1").check()
    assert [rules_broken(j.verdicts) for j in r.judged] == [[], ["HTTR SR 4.1"], [], ["HTTR SR 4.1"]]
    assert "GT 2 (0901" in r.judged[1].verdicts[0].reason and "nothing is done in it" in r.judged[1].verdicts[0].reason
    passed = Log(FRONT).phase(2, "weather").phase(2, "cp_logistic").phase(2, "allied_fire").roll("Weather", 4).check()
    assert rules_broken(last(passed)) == []  # once past it, the phase's rule no longer applies


def test_one_voluntary_mode_change_in_the_organization_phase():  # MOD-2, SR 5.2.1 (L142)
    log = Log(FRONT).phase(1, "allied_organization").mode("A-INF1", "Defilade", "Concentrated")
    assert all_legal(last(log.check()))
    again = log.mode("A-INF1", "Concentrated", "Defilade").check()
    assert rules_broken(last(again)) == ["HTTR SR 5.2.1"]
    wrong_phase = Log(FRONT).phase(1, "allied_movement").mode("A-INF1", "Defilade", "Concentrated").check()
    assert rules_broken(last(wrong_phase)) == ["HTTR SR 5.2.1"]
    enemy_phase = Log(FRONT).phase(1, "german_organization").mode("A-INF1", "Defilade", "Concentrated").check()
    assert rules_broken(last(enemy_phase)) == ["HTTR SR 5.2.1"]
    next_turn = log.phase(2, "allied_organization").mode("A-INF1", "Concentrated", "Defilade").check()
    assert all_legal(last(next_turn))


def test_defilade_at_once_after_being_fired_at():  # MOD-3, SR 5.2.1 exc. 1 (L143)
    log = Log({"G-INF1": "B0303", "A-INF1": "B0304"}).phase(1, "german_fire").say("df B0304 from B0303")
    assert all_legal(last(log.mode("A-INF1", "Defilade", "Concentrated").check()))
    other = Log({"G-INF1": "B0303", "A-INF1": "B0304", "A-INF2": "B0308"}).phase(1, "german_fire") \
        .say("df B0304 from B0303").mode("A-INF2", "Defilade", "Concentrated").check()
    assert rules_broken(last(other)) == ["HTTR SR 5.2.1"]


def test_travel_to_concentrated_at_the_end_of_a_move_costs_two_mp():  # MOD-4, SR 5.2.1 exc. 2 (L144)
    setup = {"A-TANK": ("B0101", {"Mode": "Travel"})}
    ok = Log(setup).phase(1, "allied_movement").move("A-TANK", "B0102").mode("A-TANK", "Concentrated", "Travel")
    assert all_legal(last(ok.check()))
    # 11 hexes of clear in Travel (1 MP each) then 2 MP for the change: 13 > 12
    far = Log(setup).phase(1, "allied_movement").move("A-TANK", "B0110", "B0210", "B0209") \
        .mode("A-TANK", "Concentrated", "Travel").check()
    assert rules_broken(last(far)) == ["HTTR SR 9.5.1.4"]


def test_legal_transitions():  # MOD-5, SR 5.2.2-5.2.3 (L145-L146)
    inf = Log({"A-TANK": ("B0101", {"Mode": "Defilade"})}).phase(1, "allied_organization") \
        .mode("A-TANK", "Travel", "Defilade").check()
    assert rules_broken(last(inf)) == ["HTTR SR 5.2.3"]
    hq = Log({"A-REG1": ("B0101", {"Mode": "Defilade"})}).phase(1, "allied_organization") \
        .mode("A-REG1", "Travel", "Defilade").check()
    assert all_legal(last(hq))


def test_only_vehicular_capable_units_enter_travel():  # MOD-7, SR 9.5.1.1 (L503)
    leg = Log(FRONT).phase(1, "allied_organization").mode("A-INF1", "Travel", "Concentrated").check()
    assert rules_broken(last(leg)) == ["HTTR SR 9.5.1.1"]
    tank = Log({"A-TANK": "B0101"}).phase(1, "allied_organization").mode("A-TANK", "Travel", "Concentrated").check()
    assert all_legal(last(tank))


def test_disruption_is_never_voluntary():  # MOD-1, SR 5.1 (L136)
    bare = Log(FRONT).phase(1, "allied_movement").layer("A-INF1", "Disrupted", "Normal", "Disrupted").check()
    assert rules_broken(last(bare)) == ["HTTR SR 5.1"]
    # G-INF1's DF (fire value 2) rolls 11: DEF, which disrupts only an HQ or artillery unit in Defilade failing its
    # morale check (SR 6.7.2, 6.7.6): not the infantry A-INF1, but A-ART, whose 12 exceeds its morale of 6
    fired = Log({"G-INF1": "B0303", "A-INF1": "B0304"}).phase(1, "german_fire").say("df B0304 from B0303") \
        .roll("Direct Fire", 5, 6).layer("A-INF1", "Disrupted", "Normal", "Disrupted").check()
    assert rules_broken(last(fired)) == ["HTTR SR 5.1"]
    gun = Log({"G-INF1": "B0303", "A-ART": ("B0304", {"Mode": "Defilade"})}).phase(1, "german_fire") \
        .say("df B0304 from B0303").roll("Direct Fire", 5, 6).roll("Morale Check", 6, 6) \
        .layer("A-ART", "Disrupted", "Normal", "Disrupted").check()
    assert all_legal(last(gun))


def test_mode_unknown_without_layer_data_is_not_checkable():
    """A game whose data has no Mode layer: a unit never shown in a mode has an unknown mode."""
    from dataclasses import replace
    from tests.rules.httr.helpers import game
    g = game()
    bare = replace(g, info=g.info.model_copy(update={"layers": []}))
    r = Log(FRONT, bare).phase(1, "allied_movement").move("A-INF1", "B0304").check()
    assert unsure(last(r)) and "mode of unit A-INF1" in unsure(last(r))[0].needs


def test_after_fire_the_target_may_go_to_defilade_and_after_if_the_whole_hex():  # EFF-1, EFF-7: SR 6.7.1, 6.7.10
    setup = {"G-INF1": "B0303", "A-INF1": "B0304", "A-INF2": "B0304", "G-ART": ("B0101", {"Mode": "Defilade"})}
    df = Log(setup).phase(1, "german_fire").say("df B0304 from G-INF1 target A-INF2")
    assert all_legal(last(df.mode("A-INF2", "Defilade", "Concentrated").check()))
    assert rules_broken(last(df.mode("A-INF1", "Defilade", "Concentrated").check())) == ["HTTR SR 5.2.1"]
    barrage = Log(setup).phase(1, "german_fire").say("if B0304 from G-ART target A-INF2")
    assert all_legal(last(barrage.mode("A-INF1", "Defilade", "Concentrated").check()))


def test_a_unit_under_the_target_may_be_disrupted_by_losses_passed_on():  # MOD-1, SR 6.3.2.2 (L203), 6.7.8
    """A loss falls on the attacker's choice of the top two (SR 6.3.2.2): G-INF1 in Travel under the target G-INF2 may
    take A-INF1's 1 (fire value 5, 2d6 7) and be disrupted (6.7.8); after a DEF (2d6 5) it may not."""
    setup = {"A-INF1": "B0303", "G-INF1": ("B0304", {"Mode": "Travel"}), "G-INF2": "B0304"}

    def disrupted(*dice: int) -> list:
        return last(Log(setup).phase(1, "allied_fire").say("df B0304 from A-INF1 target G-INF2")
                    .roll("Direct Fire", *dice).layer("G-INF1", "Disrupted", "Normal", "Disrupted").check())

    assert all_legal(disrupted(3, 4))
    assert rules_broken(disrupted(2, 3)) == ["HTTR SR 5.1"]


def test_a_change_back_to_the_set_up_mode_arrives_as_its_number():  # MOD-5: the set-up level is unnamed
    from hexforge.games.channel import Channel
    from hexforge.rules.httr.memory import layer_change
    from tests.rules.httr.helpers import game
    channel = Channel(game())
    assert layer_change("Mode", "1", channel) == ("mode", "concentrated")
    assert layer_change("Mode", " Defilade", channel) == ("mode", "defilade")
    assert layer_change("Mode", "3", channel) == ("mode", "travel")
    assert layer_change("Mode", "9", channel) is None


def test_units_without_a_concentrated_mode_start_in_defilade():  # SR 5.2.2 (L145), 9.3.10 (L474)
    from tests.rules.httr.helpers import game
    from hexforge.rules import rules_for
    from hexforge.rules.httr.memory import mode
    from hexforge.rules.httr.referee import HttrReferee
    g = game()
    hq = next(u for u, x in g.units.items() if x.type == "HQ")
    inf = next(u for u, x in g.units.items() if x.type == "infantry")
    log = Log({hq: "A0303", inf: "A0304"})
    state = HttrReferee(rules_for(log.game), log.timeline()).state
    assert mode(state, hq) == "defilade" and mode(state, inf) == "concentrated"


def test_a_built_piece_starts_at_its_layer_start_level():  # the module's Layer state (SR 5.2.2 L145)
    from hexforge.builder.layers import start_level
    from tests.rules.httr.helpers import game
    g = game()
    lay = g.channel.layer("Mode")
    by_type = {x.type: start_level(lay, x) for x in g.units.values()}
    assert by_type["HQ"] == by_type["artillery"] == by_type["AT"] == 1 and by_type["infantry"] == 0


def test_a_start_level_must_be_one_of_the_layers_levels():
    import pytest
    from pydantic import ValidationError
    from hexforge.games.schema import LayerSpec
    with pytest.raises(ValidationError, match="'Dug In' is not a level of layer 'mode'"):
        LayerSpec(id="mode", name="Mode", levels=["Concentrated", "Defilade"], units="all", source="HTTR SR 5.1",
                  start=[{"units": ["HQ"], "level": "Dug In"}])


def test_a_victory_claim_is_no_act_of_a_passed_phase():  # SOP-3: SR 4.1 (L122-L123); ScR 17.6-23.4
    claimed = Log(FRONT).phase(2, "weather").say("victory German decisive").say("cp A-INF1 1").check()
    assert [("HTTR SR 4.1" in rules_broken(j.verdicts)) for j in claimed.judged[1:]] == [False, True]
