"""Close action leftovers (issue #15): the CA value's leader bonus by the reading ``ca_leader_bonus`` (SR 10.4.2.5 /
19.1.1 against 16.3; CA-19), the armor bonus of attackers lost to preliminary fire (SR 10.4.2.8; CA-19, CA-20), units
disrupted while a CA awaits its die (SR 10.3 on DIS and its 3:1 override; CA-19, MOD-1) and a CA's cost after a move
of unknown MP (SR 10.1.11; CA-6).

The expected values are the CA Value Table's cells by the rulebook's arithmetic (``values.ca_value``: the synthetic
table's open or cover line, one column right for an adjacent start, two left at night, SR 20.4) and the results the CA
Results Table's (tests/games/httr-synthetic/tables); a result that disrupts the defender (D or a number) makes its
Disrupted layer due, "-" or "A" makes it illegal (SR 5.1, 10.5.1). Printed values (units.csv): A-INF1 ER 5 morale 8
(5 SP), A-TANK 5/7 (2 SP, AFV, medium AT), A-SLOW 4/7 (MA 2), G-INF1 2/4 (3 SP, of G-KG1), G-IND1 and G-IND2 4/6
(2 SP, independent), G-KG2 an HQ; A-GREEN 1/3 (9 SP) against G-INF2 4/7 (3 SP) is the DIS case of test_ca_dis.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from hexforge.games import load_game
from hexforge.games.game import Game
from hexforge.rules.httr.catalogue import READINGS
from hexforge.rules.httr.values import ca_result, ca_value
from hexforge.rules.verdict import NotCheckable

from tests.rules.httr.helpers import SYNTHETIC, Log, game, illegal, last, rules_broken, unsure

C, DF = {"Mode": "Concentrated"}, {"Mode": "Defilade"}
NIGHT = 6  # a night GT of the synthetic calendar (test_ca_value)
SUB, ANY = {"ca_leader_bonus": "subordinate"}, {"ca_leader_bonus": "any_leader_hq"}
GREEN = {"A-GREEN": ("B0303", C), "G-INF2": ("B0304", C)}  # 9 SP to 3 (3:1): CA value DIS at night (test_ca_dis)


def fight(setup: dict, target: str = "B0304", src: str = "B0303", roll: int = 3, turn: int = 1) -> Log:
    return Log(setup).phase(turn, "allied_movement").say(f"ca {target} from {src}").roll("Close Action", roll)


def told(log: Log, readings: dict | None = None) -> str:
    """The resolution's detail (value, odds, result and factors), asserting it is not illegal."""
    got = last(log.check(**(readings or {})))
    assert not illegal(got), got
    return got[0].detail or ""


def disrupt(log: Log, defender: str, readings: dict | None = None) -> list:
    """The verdicts on the defender's Disrupted layer put on after the CA."""
    return last(log.layer(defender, "Disrupted", "", "Disrupted").check(**(readings or {})))


def value(line: str, er: int, morale: int, shift: int = 0) -> int:
    return ca_value(game(), line, er, morale, adjacent_start=True) + shift


# -- CA-19: the leader bonus of the CA value, by the reading (SR 10.4.2.5 / 19.1.1 vs 16.3) --------------------------

def test_the_leader_bonus_reading_is_a_setting_defaulting_to_the_subordinate_leader():  # CA-19: catalogue.READINGS
    r = next(r for r in READINGS if r.name == "ca_leader_bonus")
    assert r.default == "subordinate" and {o for o, _ in r.options} == {"subordinate", "any_leader_hq"}
    assert "16.3" in r.rules and "19.1.1" in r.rules and "10.4.2.5" in r.rules


def test_an_hq_adjacent_to_the_defender_adds_two_only_by_16_3():  # CA-19, SR 16.3 (L830) vs 10.4.2.5 (L591)
    """At night A-INF1 at G-INF1 (ER 5-2 = 3): G-KG2, an HQ G-INF1 is not subordinate to, in the adjacent B0305.
    Subordinate reading (default): no leader stacked, morale 8-4 = 4, value 6, the 1d6 3 gives D and G-INF1's
    Disrupted layer is due. 16.3 reading: the HQ adjacent adds 2 whether subordinated or not, morale 8-6 = 2, value 5,
    '-': the same layer is illegal (SR 5.1)."""
    def log() -> Log:
        return fight({"G-KG2": "B0305", "G-INF1": ("B0304", C), "A-INF1": "B0303"}, turn=NIGHT)
    v_sub, v_any = value("open", 3, 8 - 4, -2), value("open", 3, 8 - 6, -2)
    assert (ca_result(game(), v_sub, "1:1", 3), ca_result(game(), v_any, "1:1", 3)) == ("D", "-")
    assert f"CA value {v_sub}," in told(log()) and f"CA value {v_sub}," in told(log(), SUB)
    by_16_3 = told(log(), ANY)
    assert f"CA value {v_any}," in by_16_3 and "G-INF1 with the leader or HQ G-KG2 stacked or adjacent: morale +2" \
        in by_16_3 and "SR 16.3" in by_16_3
    assert not illegal(disrupt(log(), "G-INF1")) and not illegal(disrupt(log(), "G-INF1", SUB))
    assert rules_broken(disrupt(log(), "G-INF1", ANY)) == ["HTTR SR 5.1"]


def test_16_3_raises_morale_to_nine_at_most():  # CA-19, SR 16.3 (L830): 'maximum value 9'; 10.4.2.5 (L591) has none
    """By day A-INF1 (morale 8) with its leader A-LDR at G-INF1 (ER 5-2 = 3): subordinate reading +2, morale 10-4 = 6,
    value 9, the 1d6 5 gives D (the layer due); 16.3 reading +1 to 9, morale 9-4 = 5, value 8, '-' (the layer
    illegal)."""
    def log() -> Log:
        return fight({"G-INF1": ("B0304", C), "A-LDR": "B0303", "A-INF1": "B0303"}, roll=5)
    v_sub, v_any = value("open", 3, 10 - 4), value("open", 3, 9 - 4)
    assert (ca_result(game(), v_sub, "1:1", 5), ca_result(game(), v_any, "1:1", 5)) == ("D", "-")
    sub, by_16_3 = told(log(), SUB), told(log(), ANY)
    assert f"CA value {v_sub}," in sub and "SR 10.4.2.5" in sub and "SR 16.3" not in sub
    assert f"CA value {v_any}," in by_16_3 and "morale +1 (at most 9, SR 16.3" in by_16_3 and "10.4.2.5" not in by_16_3
    assert not illegal(disrupt(log(), "G-INF1", SUB))
    assert rules_broken(disrupt(log(), "G-INF1", ANY)) == ["HTTR SR 5.1"]


# -- CA-19/CA-20: an AFV lost to preliminary fire gives no armor bonus and no strength (SR 10.4.2.8, 10.3) -----------

def test_an_afv_eliminated_before_the_ca_gives_no_armor_bonus():  # CA-19, SR 10.4.2.8 (L594), 10.2.13 (L569)
    """A-TANK (medium AT: +1) with A-INF1 at G-IND1 over G-IND2 in the woods B0405 (cover line, ER 5-4 = 1): present,
    morale 8+1-6 = 3 and the 1d6 3's result disrupts (G-IND1's layer due); eliminated by preliminary fire (A-INF1 then
    passes its 10.2.13 morale check, 4 against 8), morale 8-6 = 2 and the result does not (the layer illegal). The
    odds stay 1:1 (7:4 or 5:4)."""
    setup = {"G-IND2": "B0405", "G-IND1": ("B0405", C), "A-TANK": "B0404", "A-INF1": "B0404"}
    kept = fight(setup, "B0405", "B0404")
    lost = Log(setup).phase(1, "allied_movement").say("ca B0405 from B0404").kill("A-TANK", "B0404") \
        .roll("Morale Check", 2, 2).roll("Close Action", 3)
    v_kept, v_lost = value("cover", 1, 8 + 1 - 6), value("cover", 1, 8 - 6)
    r_kept, r_lost = ca_result(game(), v_kept, "1:1", 3), ca_result(game(), v_lost, "1:1", 3)
    assert r_kept not in ("-", "A") and r_lost in ("-", "A")
    a, b = told(kept), told(lost)
    assert f"CA value {v_kept}," in a and "armor A-TANK with infantry: morale +1 (SR 10.4.2.8)" in a
    assert f"CA value {v_lost}," in b and "SR 10.4.2.8" not in b and "odds 5:4 = 1:1" in b
    assert not illegal(disrupt(kept, "G-IND1"))
    assert rules_broken(disrupt(lost, "G-IND1")) == ["HTTR SR 5.1"]


def test_an_attacker_eliminated_before_the_ca_adds_no_strength():  # CA-20, SR 10.3 (L577): 'all the attacking units'
    """A-TANK (2 SP, doubled with A-INF1 in the open: SR 10.4.4.10) and A-INF1 (5 SP) at G-INF1 (3 SP): 9:3 = 3:1 with
    both; A-TANK eliminated first, 5:3 = 1:1."""
    setup = {"G-INF1": ("B0304", C), "A-TANK": "B0303", "A-INF1": "B0303"}
    both = told(fight(setup))
    lost = told(Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").kill("A-TANK", "B0303")
                .roll("Morale Check", 2, 2).roll("Close Action", 3))
    assert "odds 9:3 = 3:1" in both and "odds 5:3 = 1:1" in lost


# -- CA-19/MOD-1: disrupted while a CA awaits its die (SR 10.3 bullets 4-5) -------------------------------------------

def declared(setup: dict, turn: int = NIGHT) -> Log:
    return Log(setup).phase(turn, "allied_movement").say("ca B0304 from B0303")


def test_a_dis_disrupts_the_attacker_but_never_the_defender():  # CA-19, MOD-1: SR 10.3 bullet 4 (L576)
    """At night A-GREEN's CA value is DIS (no override tried): A-GREEN's Disrupted layer is legal, G-INF2's (put on
    before the next unit moves, the CA still pending) is not; a defender disrupted after the CA ceased is illegal
    too."""
    dis = declared(GREEN).layer("A-GREEN", "Disrupted", "", "Disrupted")
    got = last(dis.check())
    assert not illegal(got) and "the CA value is DIS" in (got[0].detail or "")
    during = last(dis.layer("G-INF2", "Disrupted", "", "Disrupted").check())
    assert rules_broken(during) == ["HTTR SR 10.3"] and "awaits its die" in illegal(during)[0].reason
    after = last(declared(GREEN).layer("A-GREEN", "Disrupted", "", "Disrupted").move("A-INF1", "B0102", "B0103")
                 .layer("G-INF2", "Disrupted", "", "Disrupted").check())
    assert rules_broken(after) == ["HTTR SR 5.1"]


def test_a_defender_is_disrupted_after_the_die_not_before():  # CA-19, MOD-1: SR 10.3 bullet 5 (L577)
    """By day (value 1 at 3:1) the 1d6 3 gives D: G-INF2's layer after the die is legal, before it illegal."""
    assert ca_result(game(), 1, "3:1", 3) == "D"
    after = declared(GREEN, turn=1).roll("Close Action", 3)
    assert not illegal(disrupt(after, "G-INF2"))
    before = last(declared(GREEN, turn=1).layer("G-INF2", "Disrupted", "", "Disrupted").check())
    assert rules_broken(before) == ["HTTR SR 10.3"]


def test_an_attacker_that_passed_the_override_is_not_disrupted():  # CA-19, MOD-1: SR 10.3 bullet 4 (L576)
    """At 3:1 A-GREEN's lead unit passes the morale check (2d6 3 against 3): 'proceed with a CA value of one without
    disruption', so its Disrupted layer before the die is illegal; after a failed check (4 against 3) it is due."""
    passed = last(declared(GREEN).roll("Morale Check", 1, 2).layer("A-GREEN", "Disrupted", "", "Disrupted").check())
    assert rules_broken(passed) == ["HTTR SR 10.3"] and "ignored" in illegal(passed)[0].reason
    failed = last(declared(GREEN).roll("Morale Check", 2, 2).layer("A-GREEN", "Disrupted", "", "Disrupted").check())
    assert not illegal(failed) and "failed the morale check" in (failed[0].detail or "")


def test_an_attacker_whose_die_is_due_is_not_disrupted_before_it():  # CA-19, MOD-1: SR 10.3 (L574-L577)
    """By day A-GREEN's value is 1 (no DIS): its Disrupted layer before the die is illegal; after the die's A
    (odds 1:1 in Defilade, test_ca_dis) it is legal."""
    early = last(declared(GREEN, turn=1).layer("A-GREEN", "Disrupted", "", "Disrupted").check())
    assert rules_broken(early) == ["HTTR SR 10.3"] and "the CA value is 1" in illegal(early)[0].reason
    assert ca_result(game(), 1, "1:1", 3) == "A"
    hid = Log({**GREEN, "A-GREEN": ("B0303", DF)}).phase(1, "allied_movement").say("ca B0304 from B0303") \
        .roll("Close Action", 3).layer("A-GREEN", "Disrupted", "", "Disrupted")
    assert not illegal(last(hid.check()))


def test_preliminary_fire_may_still_disrupt_an_attacker_before_the_die():  # CA-19, MOD-1, CA-17: SR 10.2, 10.3
    """A-TANK and A-INF1 at G-INF2, G-INF3 and the engineer G-PIO6FJ (test_ca_dis): the defenders' special AT fire
    (2d6 6 against ATFV 8: 1 SP lost) may disrupt A-TANK before the CA's die (its loss, SR 6.7.8); without it the CA
    value is a number and A-TANK's Disrupted layer before the die is illegal (SR 10.3)."""
    setup = {**{u: ("B0304", C) for u in ("G-INF2", "G-INF3", "G-PIO6FJ")}, "A-TANK": ("B0303", C),
             "A-INF1": ("B0303", C)}
    shot = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").say("at B0303 from B0304") \
        .roll("AT Fire", 3, 3)
    assert "1 SP lost" in (last(shot.check())[0].detail or "")
    fired = last(shot.layer("A-TANK", "Disrupted", "", "Disrupted").check())
    assert not illegal(fired) and "disrupted by fire" in (fired[0].detail or "")
    calm = last(Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303")
                .layer("A-TANK", "Disrupted", "", "Disrupted").check())
    assert rules_broken(calm) == ["HTTR SR 10.3"]


def test_the_bundled_game_never_calls_a_disruption_during_a_ca_legal():  # CA-19, MOD-1 on the bundled data
    """No CA Value Table, no map terrain: an attacker or defender disrupted before the die is not checkable (it was
    legal for the attacker whatever the value), naming the terrain its CA value and the hex's stacking need."""
    g = load_game("highway-to-the-reich")
    company, german = "2/506 5-3 no.1", "Brandt 1/10SS Pio"
    for unit in (company, german):
        log = Log({company: "C2808", german: "C2908"}, g).phase(1, "allied_movement").say("ca C2908 from C2808") \
            .layer(unit, "Disrupted", "", "Disrupted")
        got = last(log.check())
        assert got and all(isinstance(v, NotCheckable) for v in got), got
        assert "unsurveyed" in got[0].needs


# -- CA-6: the CA's cost after a move of unknown MP (SR 10.1.11) ------------------------------------------------------

def unsurveyed(tmp_path: Path) -> Game:
    """A copy of the synthetic game whose B0302 is unsurveyed (its terrain, and so its MP, not known)."""
    folder = tmp_path / SYNTHETIC.name
    shutil.copytree(SYNTHETIC, folder)
    path = folder / "terrain.toml"
    text = path.read_text(encoding="utf-8")
    assert '"B0301..B0306"' in text and 'default = "unsurveyed"' in text
    path.write_text(text.replace('"B0301..B0306"', '"B0301", "B0303..B0306"'), encoding="utf-8")
    return load_game(folder)


def test_a_ca_after_a_move_of_unknown_mp_is_not_checkable_unless_its_lower_bound_exceeds(tmp_path):  # CA-6
    """SR 10.1.11 (L540): A-INF1 (MA 12) moves B0301-B0302-B0303 (B0302 unsurveyed: at least 2 MP, B0303's clear) and
    close-assaults G-INF1 in the clear B0304: 2 + 2 terrain + 3 EZOC exit + 3 = 10 of 12 on the lower bound, so not
    checkable naming the hex, never legal; A-SLOW (MA 2) the same way: 10 of 2 on the lower bound alone, illegal."""
    g = unsurveyed(tmp_path)

    def ca(unit: str) -> list:
        log = Log({"G-INF1": ("B0304", C), unit: ("B0301", C)}, g).phase(1, "allied_movement") \
            .move(unit, "B0302", "B0303").say("ca B0304 from B0303")
        return last(log.check())
    fast = ca("A-INF1")
    assert not illegal(fast), fast
    costs = [v for v in unsure(fast) if "SR 10.1.11" in v.needs]
    assert costs and "B0302" in costs[0].needs and "at least 2" in costs[0].needs
    slow = ca("A-SLOW")
    assert rules_broken(slow) == ["HTTR SR 10.1.11"] and "at least 2 MP" in illegal(slow)[0].reason
    known = last(Log({"G-INF1": ("B0304", C), "A-INF1": ("B0301", C)}).phase(1, "allied_movement")
                 .move("A-INF1", "B0302", "B0303").say("ca B0304 from B0303").check())
    assert not illegal(known) and not any(isinstance(v, NotCheckable) and "SR 10.1.11" in v.needs for v in known)


# -- from the second audit (A2 items 3, 8, 9): the adjacent start, the top non-AFV unit's check, depleted firers ------

def test_a_unit_that_entered_the_map_this_phase_began_it_away():  # CA-7, CA-14, CA-19: SR 10.1.12, 20.4, 10.4.3.2
    """A-INF1 entering the map at B0303 this phase began it off the map, not adjacent to G-INF1's B0304: at night its
    CA is illegal (SR 20.4, L992) and by day it earns no column for an adjacent start (10.4.3.2, L601); on the map in
    B0303 at the phase's start it began adjacent."""
    def declared_by(entered: bool, turn: int) -> Log:
        log = Log({"G-INF1": ("B0304", C)} if entered else {"G-INF1": ("B0304", C), "A-INF1": ("B0303", C)})
        log.phase(turn, "allied_movement")
        if entered:
            log.enter("A-INF1", "B0303")
        return log.say("ca B0304 from B0303")
    assert rules_broken(last(declared_by(True, NIGHT).check())) == ["HTTR SR 20.4"]
    assert not illegal(last(declared_by(False, NIGHT).check()))
    assert "began adjacent" not in told(declared_by(True, 1).roll("Close Action", 3))
    assert "every attacker began adjacent: one column right (SR 10.4.3.2)" in told(declared_by(False, 1)
                                                                                     .roll("Close Action", 3))


def test_the_top_non_afv_attacker_takes_the_check_after_the_afv_is_lost():  # CA-16: SR 16.4 bullet 2 (L832), 10.2.13
    """G-INF1 (morale 4) over G-INF2 (7) and G-AFV close-assault A-INF1; G-AFV is eliminated first: 'If the top
    non-AFV unit fails, the CA is stopped' — a 2d6 6 passes G-INF2's 7 but fails G-INF1's 4 (illegal to go on), 4
    passes."""
    def attack(*dice: int) -> list:
        setup = {"A-INF1": ("B0303", C), "G-AFV": ("B0304", C), "G-INF2": ("B0304", C), "G-INF1": ("B0304", C)}
        return last(Log(setup).phase(1, "german_movement").say("ca B0303 from B0304").kill("G-AFV", "B0304")
                    .roll("Morale Check", *dice).roll("Close Action", 4).check())
    failed = attack(3, 3)
    assert rules_broken(failed) == ["HTTR SR 10.2.13"] and "the top one, G-INF1" in illegal(failed)[0].reason
    assert not illegal(attack(2, 2))


def test_a_depleted_unit_makes_no_special_at_fire():  # FIR-6, CA-17: SR 13.3.2.1 (L744)
    """The engineer G-PIO6FJ named as the firer of the defenders' special AT fire at A-TANK: legal, but illegal when
    depleted ('may never conduct any kind of fire'); the hex B0304 named, a depleted engineer is left out (6 infantry SP
    to 5, no excess in the open: 0 excess SP) and the fire stays legal."""
    def shot(depleted: bool, firers: str) -> list:
        pio = ("B0304", {**C, "Depleted": "Depleted"} if depleted else C)
        setup = {"G-INF2": ("B0304", C), "G-INF3": ("B0304", C), "G-PIO6FJ": pio, "A-TANK": ("B0303", C),
                 "A-INF1": ("B0303", C)}
        return Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303") \
            .say(f"at B0303 from {firers} target A-TANK").roll("AT Fire", 6, 5).check().judged
    assert not any(illegal(j.verdicts) for j in shot(False, "G-PIO6FJ"))
    assert rules_broken(shot(True, "G-PIO6FJ")[-2].verdicts) == ["HTTR SR 13.3.2.1"]
    hex_named = shot(True, "B0304")
    assert not any(illegal(j.verdicts) for j in hex_named)
    assert "(0 excess SP)" in (hex_named[-1].verdicts[0].detail or "")


def test_a_ca_after_a_move_on_a_rolled_ma_costs_within_that_ma():  # CA-6: SR 10.1.11 (L540), 13.2.7.5 (L734); A2 4
    """GT 8 (the synthetic supply rules begin): A-REG1 holds 1 CP, so A-INF1 moves on the 2d6 rolled for it
    (test_cp_ma). It moves B0303-B0302 (2 MP) and close-assaults G-INF1 in the clear B0301: 2 terrain + 3 EZOC exit
    + 3 = 8 more. On a roll of 7, 10 MP exceed it (illegal, though within the printed 12); on 12 they do not."""
    from tests.rules.httr.test_cp_ma import D2, HQS

    def ca(*dice: int) -> list:
        log = Log({**HQS, "A-INF1": "B0303", "G-INF1": ("B0301", C)}).on_track("A-DIV CP", 4) \
            .phase(8, "cp_logistic").phase(8, "allied_command").say("cp A-REG1 1").track("A-DIV CP", 3) \
            .phase(8, "allied_movement").say("ma A-REG1").roll(D2, *dice).move("A-INF1", "B0302")
        return last(log.say("ca B0301 from B0302").check())
    low = ca(3, 4)
    assert rules_broken(low) == ["HTTR SR 10.1.11"] and "10 of an MA of 7 rolled" in illegal(low)[0].reason
    assert not illegal(ca(6, 6))


# -- CA-20: each unit's strength in the CA odds (SR 10.4.4; A2 item 1) -------------------------------------------------

def odds_of(setup: dict, target: str = "B0304", src: str = "B0303") -> str:
    """The 'odds A:D = r' part of the resolution's detail."""
    detail = told(fight(setup, target, src))
    return detail[detail.index("odds "):detail.index(", 1d6")]


def test_a_disrupted_defender_defends_at_half_strength():  # CA-20: SR 10.4.4.1 (L604), 10.6.2 (L628)
    """A-INF1 (5 SP) at G-INF2 (3 SP): 5:3 = 1:1; disrupted, G-INF2 defends at 2 (3 halved, rounded up): 5:2 = 2:1."""
    assert odds_of({"G-INF2": ("B0304", C), "A-INF1": ("B0303", C)}) == "odds 5:3 = 1:1"
    assert odds_of({"G-INF2": ("B0304", {**C, "Disrupted": "Disrupted"}), "A-INF1": ("B0303", C)}) == "odds 5:2 = 2:1"


def test_an_afv_with_infantry_is_doubled_only_outside_cover():  # CA-20: SR 10.4.4.10 (L613)
    """A-TANK (2 SP) with A-INF1 (5 SP): doubled at G-INF1 in the clear B0304 (9:3), not at G-IND1 in the woods B0405
    (7:2); alone (no infantry) not doubled in the clear (2:3)."""
    assert odds_of({"G-INF1": ("B0304", C), "A-TANK": ("B0303", C), "A-INF1": ("B0303", C)}) == "odds 9:3 = 3:1"
    assert odds_of({"G-IND1": ("B0405", C), "A-TANK": ("B0404", C), "A-INF1": ("B0404", C)}, "B0405", "B0404") \
        == "odds 7:2 = 3:1"
    assert odds_of({"G-INF1": ("B0304", C), "A-TANK": ("B0303", C)}).startswith("odds 2:3")


def test_an_attack_across_a_bridge_or_a_dike_is_halved():  # CA-20: SR 10.4.4.3 (L606), 10.4.4.5 (L608)
    """A-INF1 (5 SP) at G-INF2 (3 SP): across the bridged stream A0703/A0704 and across the dike B0209/B0309 it
    attacks at 3 (5 halved, rounded up); from B0308 into B0309, no dike, at 5."""
    assert odds_of({"G-INF2": ("A0704", C), "A-INF1": ("A0703", C)}, "A0704", "A0703") == "odds 3:3 = 1:1"
    assert odds_of({"G-INF2": ("B0309", C), "A-INF1": ("B0209", C)}, "B0309", "B0209") == "odds 3:3 = 1:1"
    assert odds_of({"G-INF2": ("B0309", C), "A-INF1": ("B0308", C)}, "B0309", "B0308") == "odds 5:3 = 1:1"


def test_a_ca_from_a_hex_not_adjacent_is_resolved_without_a_hexside():  # CA-3, CA-20: SR 10.1.4 (L529)
    """The declaration is illegal (SR 10.1.4); its die is still judged, with no hexside between the two hexes."""
    log = Log({"G-INF1": ("B0305", C), "A-INF1": ("B0303", C)}).phase(1, "allied_movement") \
        .say("ca B0305 from B0303").roll("Close Action", 3)
    judged = log.check().judged
    assert "HTTR SR 10.1.4" in rules_broken(judged[-2].verdicts) and "odds 5:3" in (judged[-1].verdicts[0].detail or "")


def test_the_ca_cost_reads_the_zoc_of_the_turns_weather():  # CA-6: SR 10.1.11 (L540), 8.4.1 (L439), 7.2.3 (L410)
    """A-INF1 moves 6 MP to B0403 and close-assaults the disrupted G-INF1 (no ZOC, SR 8.6.2) in B0404. G-FLAK (range
    2) in the woods of B0405 exerts a ZOC two hexes out into B0403 only where it observes it: in clear GT 1 leaving
    costs 3 MP more, 6 + 8 of 12; in GT 9's P weather (observation one hex from woods) none, 6 + 5."""
    def cost(turn: int) -> list:
        setup = {"G-FLAK": ("B0405", {"Mode": "Defilade"}), "A-INF1": "B0401",
                 "G-INF1": ("B0404", {"Disrupted": "Disrupted"})}
        log = Log(setup).phase(turn, "allied_movement").move("A-INF1", "B0302", "B0402", "B0403")
        return last(log.say("ca B0404 from B0403").check())
    assert "HTTR SR 10.1.11" in rules_broken(cost(1))
    weather = cost(9)
    assert "HTTR SR 10.1.11" not in rules_broken(weather)
    assert any("6 + 5 MP of 12" in (getattr(v, "detail", None) or "") for v in weather)
