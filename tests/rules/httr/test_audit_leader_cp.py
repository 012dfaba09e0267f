"""HTTR audit (issue #15) item 2: SR 19.6.1 (L984) and the note at L738, "the effects of reduced CP are negated for
any affected units whilst they are stacked with a leader counter", on the synthetic game (GT 8, the first under its
supply rules). A-LDR (of A-DIV) controls A-INF1 (A-REG1 under A-DIV), not A-INF4 (of the 2nd division)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken
from tests.rules.httr.test_ammunition import FRONT, deplete
from tests.rules.httr.test_cp_ma import HQS

D2 = "Movement Allowance 2d6"


def short(setup: dict, cp: int | None = 1) -> Log:
    """A-REG1 on ``cp`` CP (None: none allocated) in GT 8's Allied Movement Phase."""
    log = Log({**HQS, **setup}).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_command")
    if cp:
        log.say(f"cp A-REG1 {cp}").track("A-DIV CP", 4 - cp)
    return log.phase(8, "allied_movement")


def test_a_unit_with_its_leader_moves_on_its_full_ma():  # MOV-24: SR 19.6.1 (L984), 13.2.7.5 (L734)
    led = {"A-LDR": "B0303", "A-INF1": "B0303"}
    assert all_legal(last(short(led).move("A-INF1", "B0302").check()))  # no MA roll: the leader negates 1 CP
    assert all_legal(last(short(led, None).move("A-INF1", "B0302").check()))  # nor 0 CP (13.2.7.6)
    assert rules_broken(last(short({"A-INF1": "B0303"}).move("A-INF1", "B0302").check())) == ["HTTR SR 13.2.7.5"]
    apart = {"A-LDR": "B0302", "A-INF1": "B0303"}  # the leader next to it, not stacked
    assert rules_broken(last(short(apart).move("A-INF1", "B0304").check())) == ["HTTR SR 13.2.7.5"]


def test_the_full_ma_then_bounds_the_move():  # MOV-24: SR 19.6.1 (L984): the unit's own MA, not a roll
    led = {"A-LDR": "B0303", "A-INF1": "B0303"}
    moved = short(led).move("A-INF1", "B0302", "B0301").phase(8, "allied_organization").check()
    assert not [v for j in moved.judged for v in illegal(j.verdicts)]


def test_a_leader_of_another_formation_negates_nothing():  # MOV-24: SR 19.6.1 "a controlling leader"
    """A-LDR is of A-DIV; A-INF4 answers to A-REG3 of A-DIV2, so he is not its controlling leader."""
    setup = {"A-LDR": "B0303", "A-INF4": "B0303", "A-DIV2": "B0205", "A-REG3": "B0305"}
    log = Log({**HQS, **setup}).on_track("A-DIV2 CP", 4).phase(8, "cp_logistic").phase(8, "allied_command") \
        .say("cp A-REG3 1").track("A-DIV2 CP", 3).phase(8, "allied_movement").move("A-INF4", "B0302")
    v = last(log.check())
    assert "HTTR SR 13.2.7.5" in rules_broken(v)  # it still needs its HQ's 2d6 roll


def fired(setup: dict, cp: int = 1) -> Log:
    """A-INF1 fires at G-INF1 in GT 8's Allied Fire Phase, A-REG1 holding ``cp`` CP (test_ammunition.fired)."""
    log = Log({**FRONT, **setup}).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_command")
    log.say(f"cp A-REG1 {cp}").track("A-DIV CP", 4 - cp)
    return log.phase(8, "allied_fire").say("df B0303 from A-INF1").roll("Direct Fire", 3, 3)


def test_no_depletion_check_with_the_leader():  # SUP-5: SR 19.6.1 (L984), note L738; 13.2.7.5 (L734)
    led = {"A-LDR": "B0304", "A-INF1": "B0304"}
    assert rules_broken(deplete(fired(led), roll=3)) == ["HTTR SR 19.6.1"]  # the check was never required
    assert all_legal(deplete(fired({}), roll=3))  # alone, 1 CP: the check follows and a 3 depletes (ER 5)


def test_amp_artillery_with_its_leader_under_unsupplied_only():  # CP-15: SR 19.6.1 (L984), reading amp_check
    """Under ``unsupplied_only`` (13.2.7.4) A-ART2 (ER 9, an asset of A-DIV) on 1 CP must check after firing, unless
    its controlling leader A-LDR (of A-DIV) is stacked with it."""
    off_source = {"A-ART2": ("B0306", {"Mode": "Defilade"})}  # B0204 is next to the source B0105 (SR 13.2.6.5)

    def fires(setup: dict) -> list:
        log = Log({**FRONT, **off_source, **setup}).on_track("A-DIV CP", 4).on_track("A-DIV AmP", 5).phase(8, "cp_logistic")
        log.phase(8, "allied_command").say("cp A-DIV 1").track("A-DIV CP", 3).phase(8, "allied_fire")
        log.say("if B0303 from A-ART2 spotter A-INF1 hq A-DIV").roll("Indirect Fire", 3, 3)
        return last(log.phase(8, "allied_movement").check(amp_check="unsupplied_only"))
    assert "HTTR SR 15.2.1" in rules_broken(fires({}))  # no Depletion Check after its fire
    assert not illegal(fires({"A-LDR": "B0306"}))
