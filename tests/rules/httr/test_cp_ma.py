"""HTTR movement allowances rolled for want of CP (SR 13.2.7.5-13.2.7.7, 14.6.2) on the synthetic game, GT 8 (its
supply rules begin then, ScR 5.2): A-INF1 answers to A-REG1, which the CP/Logistic Phase leaves on the CP the
Command Phase's ``cp`` line gives it; ``ma A-REG1`` names the next Movement Allowance roll as its units' MA."""
from __future__ import annotations

from hexforge.games import load_game
from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken, unsure

HQS = {"A-CORPS": "B0105", "A-DIV": ("B0205", {"Mode": "Defilade"}), "A-REG1": "B0305"}
D2, D1 = "Movement Allowance 2d6", "Movement Allowance 1d6"


def turn(cp: int | None, phase: str = "allied_movement") -> Log:
    log = Log({**HQS, "A-INF1": "B0303"}).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_command")
    if cp:
        log.say(f"cp A-REG1 {cp}").track("A-DIV CP", 4 - cp)
    return log.phase(8, phase)


def test_one_cp_moves_on_the_hqs_2d6():  # MOV-24 legal, SR 13.2.7.5 (L734)
    log = turn(1).say("ma A-REG1").roll(D2, 3, 4).move("A-INF1", "B0302")
    assert all_legal(last(log.check()))
    assert all_legal(last(log.phase(8, "allied_organization").check()))  # 2 MP of 7


def test_one_cp_without_its_roll_or_on_the_wrong_dice():  # MOV-24 illegal
    assert rules_broken(last(turn(1).move("A-INF1", "B0302").check())) == ["HTTR SR 13.2.7.5"]
    assert rules_broken(last(turn(1).say("ma A-REG1").roll(D1, 4).check())) == ["HTTR SR 13.2.7.5"]
    twice = turn(1).say("ma A-REG1").roll(D2, 3, 4).say("ma A-REG1").roll(D2, 6, 6)
    assert rules_broken(last(twice.check())) == ["HTTR SR 13.2.7.5"]  # once for all its units


def test_no_cp_moves_on_1d6():  # MOV-24, SR 13.2.7.6 (L735)
    assert all_legal(last(turn(None).say("ma A-REG1").roll(D1, 4).move("A-INF1", "B0302").check()))
    assert rules_broken(last(turn(None).say("ma A-REG1").roll(D2, 3, 4).check())) == ["HTTR SR 13.2.7.6"]


def test_two_cp_move_on_the_full_ma():  # MOV-24, SR 13.2.7.3 (L732)
    assert all_legal(last(turn(2).move("A-INF1", "B0302").check()))
    assert rules_broken(last(turn(2).say("ma A-REG1").roll(D2, 3, 4).check())) == ["HTTR SR 13.2.7.3"]


def test_the_rolled_ma_bounds_the_move():  # MOV-24: 2 MP per clear hex (Defilade leg)
    log = turn(None).say("ma A-REG1").roll(D1, 2).move("A-INF1", "B0302", "B0301").phase(8, "allied_organization")
    v = log.check().judged
    assert "HTTR SR 13.2.7.5" in [i.rule for j in v for i in illegal(j.verdicts)]


def test_a_low_roll_in_a_reaction_phase_moves_one_hex():  # MOV-25, SR 14.6.2 (L795): 2 < 12 / 2
    one = turn(1, "allied_reaction").say("ma A-REG1").roll(D2, 1, 1).move("A-INF1", "B0302")
    assert not [i for j in one.phase(9, "weather").check().judged for i in illegal(j.verdicts)]
    two = turn(1, "allied_reaction").say("ma A-REG1").roll(D2, 1, 1).move("A-INF1", "B0302", "B0301")
    broken = [i.rule for j in two.phase(9, "weather").check().judged for i in illegal(j.verdicts)]
    assert "HTTR SR 14.6.2" in broken


def test_the_bundled_cp_are_not_known():  # MOV-24 on the bundled data: no CP Phase in the log
    httr = load_game("highway-to-the-reich")
    log = Log({"2/506 5-3 no.1": "C2808", "506/101": "C2812"}, httr).phase(13, "allied_movement")
    v = last(log.move("2/506 5-3 no.1", "C2809").check())
    assert not illegal(v) and any("CP held by 506/101" in n.needs for n in unsure(v)), v


def test_the_ma_declaration():  # the chat grammar's 'ma HQ' (README, docs/log-channel.md)
    from hexforge.rules.httr.declaration import parse
    assert parse('ma "2/506 5-3 no.1"').target == "2/506 5-3 no.1"
    assert parse("ma A-REG1 A-REG2") is None and parse("ma") is None


def test_a_unit_without_a_supply_path_rolls_its_own_1d6():  # MOV-24, SR 13.2.7.7 (L736): whatever the HQ holds
    def far(*lines: str, dice: tuple[int, ...] = ()) -> list:  # A-REG1 in Travel Mode: 6 hexes (SR 13.2.2.6)
        setup = {**HQS, "A-REG1": ("B0305", {"Mode": "Travel"}), "A-INF1": "A0709"}  # 10 hexes of 12 halved
        log = Log(setup).on_track("A-DIV CP", 4).phase(8, "cp_logistic") \
            .phase(8, "allied_command").say("cp A-REG1 2").track("A-DIV CP", 2).phase(8, "allied_movement")
        for line in lines:
            log.say(line)
        if dice:
            log.roll(D1, *dice)
        return last(log.move("A-INF1", "A0708").check())
    assert rules_broken(far()) == ["HTTR SR 13.2.7.5"]  # A-REG1's two CP do not help it
    assert not illegal(far("ma A-INF1", dice=(3,)))


def test_a_reaction_roll_against_an_unknown_ma_is_not_checkable(tmp_path):  # MOV-25, SR 14.6.2 (L795)
    """Whether a rolled MA is under half the unit's MA needs that MA: with A-INF1's type and MA unknown, its reaction
    move on a roll of 2 is not checkable under SR 14.6.2, never legal."""
    import shutil

    from tests.rules.httr.helpers import SYNTHETIC
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    units = copy / "units.csv"
    units.write_text(units.read_text(encoding="utf-8").replace(
        "A-INF1,Allied rifle company A,allied,A-REG1,infantry,company,leg,5,5,8,,,12,",
        "A-INF1,Allied rifle company A,allied,A-REG1,unknown,company,leg,5,5,8,,,unknown,"), encoding="utf-8")
    log = Log({**HQS, "A-INF1": "B0303"}, load_game(copy)).on_track("A-DIV CP", 4).phase(8, "cp_logistic")
    log.phase(8, "allied_command").say("cp A-REG1 1").track("A-DIV CP", 3).phase(8, "allied_reaction")
    judged = log.say("ma A-REG1").roll(D2, 1, 1).move("A-INF1", "B0302", "B0301").phase(9, "weather").check().judged
    assert "HTTR SR 14.6.2" not in [i.rule for j in judged for i in illegal(j.verdicts)]
    assert any("SR 14.6.2" in n.needs for j in judged for n in unsure(j.verdicts))


def test_a_dismounted_unit_reacts_as_leg():  # MOV-25, SR 14.6.2 (L795) with SR 9.3.3 (L467)
    """A-PZG (tracked armored infantry) dismounted moves as a leg unit: on a Reaction Phase roll under half its MA
    it may enter one hex, not a vehicle's two."""
    setup = {**HQS, "A-PZG": ("B0303", {"Dismounted": "Dismounted"})}
    log = Log(setup).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_command")
    log.say("cp A-REG1 1").track("A-DIV CP", 3).phase(8, "allied_reaction").say("ma A-REG1").roll(D2, 1, 1)
    judged = log.move("A-PZG", "B0302", "B0301").phase(9, "weather").check().judged
    assert "HTTR SR 14.6.2" in [i.rule for j in judged for i in illegal(j.verdicts)]
