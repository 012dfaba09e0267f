"""The 13 worked examples of the PtR rulebook (note predicates-ptr-httr.md 2A): the 10 marked Y with the
rulebook's own numbers (on the bundled data where it holds them), the 3 marked P (P5, P6, P9) on a synthetic
position built from the example, each saying what was assumed. Lnnn = line of piercing-the-reich.txt."""
from __future__ import annotations

from fractions import Fraction

from hexforge.games.values import plain
from hexforge.rules import rules_for
from hexforge.rules.core.tables import Cells
from hexforge.rules.ptr.combat import (ArmorSide, armor_superiority, attacker_support, attrition_loss,
                                       battle_strength, battle_victory, bonus_allows, chit_column, defender_support,
                                       effective, final_tp, ratio)
from hexforge.rules.ptr.data import PtrData
from hexforge.rules.ptr.memory import frozen_map, memory, remember
from hexforge.rules.ptr.oc import DrmMarker, next_marker
from hexforge.rules.ptr.recovery import recovered
from hexforge.rules.ptr.referee import PtrReferee
from hexforge.rules.ptr.supply import PtrPaths
from hexforge.rules.state import GameState
from hexforge.rules.verdict import NotCheckable
from tests.rules.ptr.helpers import PtrLog, illegal, verdicts


def test_p1_initiative_marker(syn):
    """P1, 9.2.2 (L725-732): winners G, G, G, US, G -> Star 2, Star 4, Star 6, Cross 2, Star 2."""
    m, got = DrmMarker(), []
    for win in ("german", "german", "german", "us", "german"):
        m = next_marker(m, "us" if win == "german" else "german")
        got.append((m.side, m.box))
    assert got == [("us", 2), ("us", 4), ("us", 6), ("german", 2), ("us", 2)]


def referee_with_fam(game, log: PtrLog, scenario: str, fam: dict[str, int]) -> PtrReferee:
    ref = PtrReferee(rules_for(game, scenario), log.timeline())
    ref.state = remember(ref.state, fam=frozen_map(dict(memory(ref.state).fam, **fam)))
    return ref


def test_p2_activation_fam_and_bold_aps_on_the_bundled_table(ptr):
    """PTR10-3: P2, 10.1.2B (L816): FAM in the 4-space -> Activation Level 4, FAM to 3; a roll of 8 -> 5 APs (bold). The
    AP Table cell is the example's own, transcribed in the bundled tables/ap.toml."""
    log = PtrLog(ptr, {"VII-1 Inf": "1107"}).phase(1, "operations").say("us", "act 1inf").roll("us", 8)
    ref = referee_with_fam(ptr, log, "s2", {"1inf": 4})
    r = ref.run()
    assert verdicts(r, 2)[0].detail.startswith("1inf: 5 APs (AP Table level 4, die 8, bold)")
    m = memory(ref.state)
    assert m.fam["1inf"] == 3 and m.active.ap == 5


def test_p3_and_p6gh_reaction_on_the_bundled_data(ptr):
    """PTR10-15 / PTR10-17: P3, 10.2.3 (L872) and 10.4G-H (L928-930): a reaction at Activation Level 6 -> FAM 5; the 3rd
    Armored Division's Reaction Rating is 5 (L928): a check of 2 passes; AP rolls of 5 (L872) or 9 (L930) -> 3 APs
    (non-bold). The German mover stands next to 3A-B/36 as in 10.4D; its route is not checkable (no MA, TEC)."""
    setup = {"VII-3 Arm": "1111", "3A-B/36": "2215", "LXXXI-116 Pz": "2514", "116-II/16": "2013"}
    for die in (5, 9):
        log = PtrLog(ptr, setup).phase(1, "operations").say("us", "pass").initiative(1, 9) \
            .say("german", "act 116pz").roll("german", 4).move("116-II/16", "2013", "2014", "2114") \
            .say("us", "react 3arm").roll("us", 2).roll("us", die)
        ref = referee_with_fam(ptr, log, "s2", {"3arm": 6, "116pz": 3})
        r = ref.run()
        assert any("3arm reacts" in (getattr(v, "detail", None) or "") for v in verdicts(r, 8))
        assert "anti-tank ditch" in verdicts(r, 8)[0].needs  # 10.2.3D: VII-3 Arm's supply crosses unsurveyed hexsides
        assert verdicts(r, 9)[0].detail.startswith(f"3arm: 3 APs (AP Table level 6, die {die}, non-bold)")
        assert memory(ref.state).fam["3arm"] == 5
        assert isinstance(verdicts(r, 5)[0], NotCheckable)  # the German AP cell (level 3, die 4) is unknown
        assert not illegal(r)


def test_p4_us_recovery_on_the_bundled_data(ptr):
    """PTR10-23 / PTR10-24: P4, 10.3.1 (L900): the 1st Infantry Division's FAM in the 5-box, rating +5, maximum 7: to
    the 7-box; no advance when its HQ is OOS. Rating and maximum from the bundled game.toml."""
    f = PtrData(ptr, "s2").formations["1inf"]
    assert (f.recovery, f.fam_max) == (5, 7)
    assert recovered(5, f.recovery, f.fam_max, supplied=True) == 7
    assert recovered(5, f.recovery, f.fam_max, supplied=False) == 5


def test_p5_german_recovery_synthetic(syn):
    """P5, 10.3.2 (L908), P: the 9th Pz FAM in the 3-space, rating 4, maximum 7, Interdiction Level 1 -> 'may
    not be raised above the 6-box'. Assumed: the HQ Recovery Chart cell (rating 4, level 1) is an advance of 3
    boxes (the synthetic chart's rating - level); the other reading, a cap at the 6-box, gives the same box."""
    chart = Cells.of(syn, "hq-recovery")
    advance = chart.get("4", "interdiction level 1")
    assert advance == 3
    assert recovered(3, advance, 7, supplied=True) == 6 == min(6, 3 + 4)


def test_p6_reaction_example_synthetic(syn):
    """P6, 10.4 (L910-934), P: tested in test_actions.py on a synthetic position built from the example (the
    diagram is omitted, L914; assumed hexes and values are named there). Here the same ZOC facts on the bundled
    data: 1-634 (a tank destroyer, support-type) exerts no ZOC into the forest/pillbox 2014; 3A-B/36 (armored
    infantry, infantry-type) exerts one into the town 2114 (L922)."""
    from hexforge.games import load_game
    ptr = load_game("piercing-the-reich")
    pos = {"1-634": "2015", "3A-B/36": "2215", "1-745": "2113"}
    state = GameState({u: ptr.map.index[h] for u, h in pos.items()}, {u: ptr.units[u].side for u in pos})
    paths = PtrPaths(ptr, state, disrupted={"1-745"})
    assert paths.exerts_zoc_into("1-634", ptr.map.index["2014"]) is False
    assert paths.exerts_zoc_into("3A-B/36", ptr.map.index["2114"]) is True
    assert paths.exerts_zoc_into("1-745", ptr.map.index["2013"]) is False  # disrupted: no ZOC (13.1, L918)
    assert paths.ezoc(ptr.map.index["2114"], "german") is True


def test_p7_infiltration_one_die_for_the_stack(ptr):
    """P7, 13.4.2 (L1168-1178): one roll of 7 against ER 7 (LXXXI-506 Tk passes) and ER 6 (116-228 fails); 8+
    fails both, 6- passes both. ERs from the bundled units.csv; one die for the stack (13.4.2C, a reading)."""
    er_tk, er_td = ptr.units["LXXXI-506 Tk"].values["er"], ptr.units["116-228"].values["er"]
    assert (er_tk, er_td) == (7, 6)
    assert effective(7, er_tk) and not effective(7, er_td)
    assert not effective(8, er_tk) and not effective(8, er_td)
    assert effective(6, er_tk) and effective(6, er_td)
    state = GameState({"3A-703": ptr.map.index["3023"]}, {"3A-703": "us"})
    assert PtrPaths(ptr, state).exerts_zoc_into("3A-703", ptr.map.index["2922"]) is False  # forest/pillbox


def test_p8_battle_strength_and_ratio_from_the_bundled_chits(ptr):
    """P8, 15.2.2 (L1285-1317): 8 x 3 + 4 x 2 + 2 x 2 = 36 against 7 x 2 + 4 x 1 = 18: the 2:1 column. The
    multipliers are the example's chit cells in the bundled tables/combat-chits.toml."""
    chits = Cells.of(ptr, "combat-chits")
    g = lambda er: chits.get(f"German chit of the 15.2.2 example, ER {er}", chit_column("regular"))
    u = lambda er, role: chits.get(f"US chit of the 15.2.2 example, ER {er}", chit_column(role))
    attack = battle_strength([(8, g(7)), (4, g(6)), (2, g(5))])
    defence = battle_strength([(7, u(5, "undisrupted")), (4, u(3, "disrupted"))])
    assert (attack, defence) == (36, 18) and ratio(attack, defence) == (2, 1)
    assert ratio(18, 36) == (1, 2) and ratio(10, 36) == (1, 4) and ratio(37, 18) == (2, 1)


def test_p9_combat_support_synthetic():
    """PTR15-13 / PTR15-14 / PTR15-15: P9, 15.4.2.3 (L1402-1423), P: the hexes of 116-228 and 353-547 are not given;
    assumed each stands in its own hex exerting a ZOC into 2022, all in CR (as the example says). Attacker: Hasty 0,
    Regular +1, Prepared +2 +1; defender 9-III/47 -1 (Improved Defense: -2): final -1, 0, +2."""
    att = [[(True, True, True)], [(False, True, True)]]  # 116-228 (same formation), 353-547 (another)
    not_zoc = [(True, False, True)]  # 116-675 in 2121: no ZOC into 2022
    dfn = [[(True, True, True)]]  # 9-III/47
    finals = [attacker_support(k, att + [not_zoc]) + defender_support("regular", False, dfn)
              for k in ("hasty", "regular", "prepared")]
    assert finals == [-1, 0, 2]
    assert defender_support("improved", False, dfn) == -2
    assert defender_support("regular", True, dfn) == 0  # 15.4.2.2A: a disrupted defender: no support


def test_p10_tp_rounding():
    """P10, 15.4.4.3B (L1474): '0,9 becomes 0'."""
    assert final_tp(9, Fraction(1, 10)) == 0 and final_tp(3, Fraction(3, 10)) == 0 and final_tp(12, Fraction(1, 4)) == 3


def test_p11_armor_superiority_with_the_bundled_modifiers(ptr):
    """PTR15-19: P11, 15.4.5 (L1486-1493): LXXXI-506's 12 TPs across a stream (x 1/4) = 3 against 3-23's 1 ATP + 1
    (town) = 2: +1 for the attacker. The stream modifier and town bonus from the bundled tables/tec.toml; the 12 TPs
    from units.csv."""
    tec = Cells.of(ptr, "tec")
    modifier = Fraction(str(plain(tec.get("stream", "attacker_tp_modifier"))))
    bonus = int(str(tec.get("town", "defender_atp_bonus")))
    tp = ptr.units["LXXXI-506 Tk"].values["tp"]
    assert (tp, modifier, bonus) == (12, Fraction(1, 4), 1)
    assert armor_superiority(ArmorSide(tp=tp), ArmorSide(atp=1), modifier, bonus) == 1
    assert armor_superiority(ArmorSide(tp=0), ArmorSide(tp=4)) == -4  # 15.4.4.4A
    assert armor_superiority(ArmorSide(tp=2), ArmorSide(atp=5), 1, 0) == 0  # 15.4.4.2E: ATPs never win


def test_p12_battle_victory_bonus_ap():
    """P12, 15.6 Examples 1-2 (L1591-1593): fewer CHs wins the bonus AP; the defender spends it on a Refit (1 AP);
    the attacker adds it to its 2 remaining APs for any attack, even a Prepared one (3 APs)."""
    assert battle_victory(attacker_hits=2, defender_hits=1, attacker_wiped=False, defender_wiped=False) == "defender"
    assert battle_victory(1, 1, False, False) is None
    assert battle_victory(0, 2, False, False) == "attacker" and battle_victory(0, 2, True, False) is None
    assert bonus_allows(1, 1, 0)  # Example 1: Refit
    assert all(bonus_allows(c, 1, 2) for c in (1, 2, 3)) and not bonus_allows(3, 1, 1)  # Example 2


def test_p13_attrition(ptr):
    """P13, 18.6 (L1800): ER 3, 2 SPs: a roll of 4 loses 1 SP; 1-3 nothing; 5 or more eliminates."""
    assert attrition_loss(4, 3) == 1
    assert [attrition_loss(d, 3) for d in (1, 2, 3)] == [0, 0, 0]
    assert all(attrition_loss(d, 3) >= 2 for d in range(5, 11))
