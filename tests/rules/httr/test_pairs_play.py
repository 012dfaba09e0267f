"""The missing side of HTTR predicate pairs for what players do every turn (issue #15): movement and ZOC costs,
fire, close action and supply, on the synthetic game. A cost rule's violation shows as a move past the MA (SR 9.2.3);
a supply rule's as a recovery check that fails out of supply (SR 10.6.4); a CA table's as a retreat the result
does not allow (SR 10.5.1). Each test names the predicate ids it holds a side for."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken
from tests.rules.httr.test_ca_special_at import CA as SPECIAL_CA
from tests.rules.httr.test_ca_special_at import everything, shot
from tests.rules.httr.test_close_action import ca
from tests.rules.httr.test_fire import TARGET, fire
from tests.rules.httr.test_movement import move
from tests.rules.httr.test_recovery import DIS, SUPPLY_RULES, recover

AWAY = ("B0202", "B0201", "B0101", "B0102", "B0103")  # five clear hexes from B0303: 10 MP for a leg unit
CHAIN = {"A-CORPS": "B0105", "A-DIV": "B0205", "A-REG1": "B0305"}  # A-INF1's HQs; the Allied source is B0105


def test_leaving_an_ezoc_costs_three_more_mp():  # ZOC-1, ZOC-2, SR 8.0 / 8.1 (L431, L433)
    """ZOC-1/ZOC-2: A-INF1 (MA 12) walks five clear hexes from B0303 for 10 MP; next to G-INF1 (B0403) B0303 is
    in its ZOC (a clear hex), and leaving it costs 3 MP more: 13 MP, past the MA (SR 9.2.3)."""
    assert all_legal(move({"A-INF1": "B0303"}, "A-INF1", *AWAY))
    assert rules_broken(move({"A-INF1": "B0303", "G-INF1": "B0403"}, "A-INF1", *AWAY)) == ["HTTR SR 9.2.3"]


def test_no_zoc_from_a_travel_or_disrupted_unit_but_from_a_concentrated_one():  # ZOC-4, SR 8.6 (L447-448)
    """ZOC-4: the five-hex walk out of B0303 stays within the MA next to G-INF1 in Travel or disrupted; next to
    G-INF1 concentrated it pays the EZOC's 3 MP and overruns the MA (SR 9.2.3)."""
    for state in ({"Mode": "Travel"}, {"Disrupted": "Disrupted"}):
        assert all_legal(move({"A-INF1": "B0303", "G-INF1": ("B0403", state)}, "A-INF1", *AWAY))
    concentrated = {"A-INF1": "B0303", "G-INF1": ("B0403", {"Mode": "Concentrated"})}
    assert rules_broken(move(concentrated, "A-INF1", *AWAY)) == ["HTTR SR 9.2.3"]


def test_no_road_rate_in_defilade():  # MOV-12, SR 9.4.1.1-9.4.1.2 (L479-480)
    """MOV-12: concentrated, A-INF1 goes six road hexes B0105-B0705 for 6 MP; in Defilade the road rate does not
    apply, and five hexes to B0605 cost 15 MP, past its MA of 12 (SR 9.2.3)."""
    assert all_legal(move({"A-INF1": "B0105"}, "A-INF1", "B0705"))
    assert rules_broken(move({"A-INF1": ("B0105", {"Mode": "Defilade"})}, "A-INF1", "B0605")) == ["HTTR SR 9.2.3"]


def test_an_undepleted_unit_fires():  # FIR-6, SR 6.1.10 (L171)
    """FIR-6: A-INF1 fires DF at B0304 when not depleted; depleted it may not (test_fire's illegal case)."""
    assert all_legal(fire(TARGET, "df B0304 from A-INF1"))
    depleted = {**TARGET, "A-INF1": ("B0303", {"Depleted": "Depleted"})}
    assert rules_broken(fire(depleted, "df B0304 from A-INF1")) == ["HTTR SR 6.1.10"]


def test_close_action_legal_sides():  # CA-2, CA-3, CA-8, DIS-1: SR 10.1.3-10.1.4, 10.1.13, 10.6.2
    """CA-2 (one CA a phase), CA-3 (an adjacent enemy hex), CA-8 (a hex the unit may enter), DIS-1 (undisrupted):
    A-INF1, undisrupted in B0303, close-assaults G-INF1 next door in B0304 once, across no river: legal; a second
    CA from B0303 breaks SR 10.1.3, and disrupted it may not attack (SR 10.1, DIS-1's 'no CA attack')."""
    setup = {"G-INF1": "B0304", "A-INF1": "B0303"}
    assert all_legal(ca(setup, "ca B0304 from B0303"))
    assert rules_broken(ca({**setup, "G-INF2": "B0403"}, "ca B0304 from B0303", "ca B0403 from B0303")) \
        == ["HTTR SR 10.1.3"]
    assert rules_broken(ca({**setup, "A-INF1": ("B0303", DIS)}, "ca B0304 from B0303")) == ["HTTR SR 10.1"]


def test_a_ca_goes_on_after_preliminary_fire_changes_a_defenders_mode():  # CA-15, SR 10.2.12 (L568)
    """CA-15: in A-ENG's and A-INF1's CA on B0304, A-ENG's special AT fire (2d6 2) hits G-AFV, which goes to
    Defilade; the CA is then resolved as declared (1d6 3: result 1), its defenders retreat and its attackers advance
    (SR 10.5.1, 10.5.4) and the phase ends: no Illegal. The illegal side, a CA left unresolved after a mode change
    (SR 10.2.12), is test_close_action's."""
    log = shot(SPECIAL_CA, "at B0304 from A-ENG", (1, 1)).mode("G-AFV", "Defilade").roll("Close Action", 3) \
        .move("G-AFV", "B0305").move("G-INF1", "B0305").move("A-ENG", "B0304").move("A-INF1", "B0304")
    assert rules_broken(everything(log.phase(1, "allied_organization"))) == []


def test_every_unit_in_the_hex_defends_so_the_result_allows_no_retreat():  # CA-9, CA-20, CA-21, SR 10.1.14
    """CA-9/CA-20/CA-21: A-INF1 (5 SP) close-assaults B0304 and rolls 4. Against G-INF1 alone the odds are 5:3 =
    1:1 and the result D: G-INF1, disrupted, retreats a hex (legal). With G-INF2 there too both defend, 5:6 = 1:2,
    result '-': G-INF1 retreating is flagged (SR 10.5.1: only a disrupted defender retreats)."""
    def retreat(defenders: dict) -> list:
        log = Log({**defenders, "A-INF1": "B0303"}).phase(1, "allied_movement").say("ca B0304 from B0303") \
            .roll("Close Action", 4).move("G-INF1", "B0305")
        return [r for j in log.check().judged for r in rules_broken(j.verdicts)]
    assert retreat({"G-INF1": "B0304"}) == []
    assert retreat({"G-INF1": "B0304", "G-INF2": "B0304"}) == ["HTTR SR 10.5.1"]


PATH = {"recovery_supply": "path"}  # the chain alone decides 10.6.4's +1 (catalogue.READINGS recovery_supply; its
# default, SR 13.5's summary, also asks the HQ's CP, which these logs do not show)


def test_a_travel_hq_halves_the_chain_a_recovery_needs():  # SUP-1, SR 13.2.6.1 (L722), 10.6.4
    """SUP-1: disrupted A-INF1 in A0710, ten hexes from A-REG1 (B0305), is in supply to a concentrated HQ and
    recovers on 8 against morale 8; with A-REG1 in Travel Mode its 12 hexes halve to 6, A-INF1 is out of supply
    and the same check fails (8 + 1 > 8, SR 10.6.4)."""
    assert all_legal(recover({**CHAIN, "A-INF1": ("A0710", DIS)}, 4, 4, turn=SUPPLY_RULES, **PATH))
    travel = {**CHAIN, "A-REG1": ("B0305", {"Mode": "Travel"}), "A-INF1": ("A0710", DIS)}
    assert rules_broken(recover(travel, 4, 4, turn=SUPPLY_RULES, **PATH)) == ["HTTR SR 10.6.4"]


def test_a_unit_next_to_its_source_recovers_in_supply():  # SUP-2, SR 13.2.6.5 (L727), ScR 5.1.8.1 (L1129)
    """SUP-2: with no HQ on the map, disrupted A-INF1 next to the Allied source B0105 (in B0104) is in supply and
    recovers on 8; two hexes from it (B0304) it is out of supply and the check fails (SR 10.6.4)."""
    assert all_legal(recover({"A-INF1": ("B0104", DIS)}, 4, 4, turn=SUPPLY_RULES, **PATH))
    assert rules_broken(recover({"A-INF1": ("B0304", DIS)}, 4, 4, turn=SUPPLY_RULES, **PATH)) == ["HTTR SR 10.6.4"]


def test_static_units_never_count_for_stacking():  # STK-2, SR 11.2.6 (L657), 18.10 (L958)
    """STK-2: clear B0304 holds 28 SP (synthetic TEC). 26 German SP and G-STATIC (2 SP, static) are there; G-IND1
    (2 SP) joins: 28 counted, legal. With G-IND2 (2 SP, not static) in G-STATIC's place the hex would hold 30 SP,
    over the limit (SR 11.2.1)."""
    crowd = {**{f"G-IBN{i}": "B0304" for i in range(1, 6)}, "G-INF1": "B0304", "G-INF2": "B0304", "G-IND1": "B0305"}
    assert all_legal(move({"G-STATIC": "B0304", **crowd}, "G-IND1", "B0304", phase="german_movement"))
    assert rules_broken(move({"G-IND2": "B0304", **crowd}, "G-IND1", "B0304", phase="german_movement")) \
        == ["HTTR SR 11.2.1"]


def test_a_depleted_unit_still_moves_but_never_attacks():  # SUP-6, SR 13.3.2 (L744-748)
    """SUP-6: depleted A-INF1 moves three clear hexes (legal); depleted on top of B0303 it may not close-assault
    (SR 13.3.2.2)."""
    depleted = {"Depleted": "Depleted"}
    assert all_legal(move({"A-INF1": ("B0101", depleted)}, "A-INF1", "B0104"))
    assert "HTTR SR 13.3.2.2" in rules_broken(ca({"G-INF1": "B0304", "A-INF1": ("B0303", depleted)},
                                                 "ca B0304 from B0303"))
