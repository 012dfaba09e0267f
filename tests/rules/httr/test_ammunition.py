"""HTTR ammunition depletion (SR 13.2.7, 13.3, 15.2-15.3, ScR 5.2) on the synthetic game: a Depleted marker
judged against the Depletion Check that must cause it, its removal in the Command Phase, and the AmP tracks.
GT8 is the synthetic game's first turn under the supply rules; A-INF1 (ER 5) is a company of A-REG1; A-ART2
(ER 9) is an artillery asset of the division A-DIV."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken

HQS = {"A-CORPS": "B0105", "A-DIV": ("B0205", {"Mode": "Defilade"}), "A-REG1": "B0305"}
FRONT = {**HQS, "A-INF1": "B0304", "G-INF1": "B0303", "A-ART2": ("B0204", {"Mode": "Defilade"})}


def everything(report) -> list:
    return [v for j in report.judged for v in j.verdicts]


def fired(cp: int | None, setup: dict | None = None, turn: int = 8) -> Log:
    """A-INF1 fires at G-INF1 in GT ``turn``'s Allied Fire Phase, A-REG1 holding ``cp`` CP (None: no allocation)."""
    log = Log(setup or FRONT).on_track("A-DIV CP", 4).phase(turn, "cp_logistic").phase(turn, "allied_command")
    if cp:
        log.say(f"cp A-REG1 {cp}").track("A-DIV CP", 4 - cp)
    return log.phase(turn, "allied_fire").say("df B0303 from A-INF1").roll("Direct Fire", 3, 3)


def deplete(log: Log, unit: str = "A-INF1", roll: int | None = None) -> list:
    if roll is not None:
        log.roll("Depletion Check", roll)
    return last(log.layer(unit, "Depleted", "1", " Depleted").check())


def test_depletion_follows_a_failed_check_by_er():  # SUP-5, SR 13.3.1 (L741): ER 5-6 depletes on 1-3
    assert all_legal(deplete(fired(1), roll=3))  # 1 CP: not fully supplied (SR 13.2.7.5)
    assert rules_broken(deplete(fired(1), roll=4)) == ["HTTR SR 13.3.1"]
    assert rules_broken(deplete(fired(1))) == ["HTTR SR 13.3.1"]  # no roll at all


def test_no_cp_widens_the_failing_rolls_by_two():  # SUP-5, SR 13.2.7.6 (L735), reading depletion_modifier
    assert all_legal(deplete(fired(None), roll=5))  # no CP: 1-3 + 2
    assert rules_broken(deplete(fired(None), roll=6)) == ["HTTR SR 13.3.1"]
    literal = fired(None).roll("Depletion Check", 1).layer("A-INF1", "Depleted", "1", " Depleted")
    assert all_legal(last(literal.check(depletion_modifier="literal")))
    literal = fired(None).roll("Depletion Check", 2).layer("A-INF1", "Depleted", "1", " Depleted")
    assert rules_broken(last(literal.check(depletion_modifier="literal"))) == ["HTTR SR 13.3.1"]  # 2 + 2 > 3


def test_a_fully_supplied_unit_checks_no_depletion():  # SUP-5, SR 13.2.7.3-13.2.7.4 (L731-732)
    assert rules_broken(deplete(fired(2), roll=1)) == ["HTTR SR 13.2.7.4"]


def test_no_depletion_without_fire_or_attack():  # SUP-4, SR 13.2.7.5 (L734)
    log = Log(FRONT).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_fire")
    assert rules_broken(deplete(log, roll=1)) == ["HTTR SR 13.2.7.5"]


def test_no_depletion_check_after_defending_in_a_close_action():  # SUP-4, SR 13.2.7.7 note (L737)
    log = Log(FRONT).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_command").say("cp A-REG1 1") \
        .phase(8, "allied_fire").phase(8, "allied_movement").say("ca B0303 from B0304").roll("Close Action", 4)
    assert rules_broken(deplete(log, "G-INF1", roll=1)) == ["HTTR SR 13.2.7.7"]
    attacker = Log(FRONT).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_command") \
        .say("cp A-REG1 1").phase(8, "allied_fire").phase(8, "allied_movement").say("ca B0303 from B0304") \
        .roll("Close Action", 4)
    assert all_legal(deplete(attacker, "A-INF1", roll=1))  # the attacker checks (SR 13.2.7.5)


def test_everyone_is_in_supply_before_the_supply_rules():  # SUP-17, ScR 5.2 (L1133)
    assert rules_broken(deplete(fired(None, turn=7), roll=1)) == ["HTTR ScR 5.2"]


def test_depletion_is_removed_in_the_command_phase_when_fully_supplied():  # SUP-7, SR 13.3.3.1 (L750)
    setup = {**FRONT, "A-INF1": ("B0304", {"Depleted": "Depleted"})}

    def clear(*lines: str, phase: str = "allied_command") -> list:
        log = Log(setup).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_command")
        for line in lines:
            log.say(line)
        if phase != "allied_command":
            log.phase(8, phase)
        return last(log.layer("A-INF1", "Depleted", " Depleted", "1").check())
    assert all_legal(clear("cp A-REG1 2"))
    assert rules_broken(clear("cp A-REG1 1")) == ["HTTR SR 13.3.3.1"]  # one CP: not fully supplied
    assert rules_broken(clear("cp A-REG1 2", phase="allied_fire")) == ["HTTR SR 13.3.3.1"]


def test_artillery_of_er_nine_fails_on_one_or_two():  # CP-15, SR 15.2.1-15.2.2 (L808-809)
    def guns(roll: int, spend: bool) -> list:
        log = Log(FRONT).on_track("A-DIV CP", 4).on_track("A-DIV AmP", 5).phase(8, "cp_logistic") \
            .phase(8, "allied_command").phase(8, "allied_fire").say("if B0303 from A-ART2 spotter A-INF1 hq A-DIV") \
            .roll("Indirect Fire", 3, 3).roll("Depletion Check", roll)
        log.track("A-DIV AmP", 4) if spend else log.layer("A-ART2", "Depleted", "1", " Depleted")
        return last(log.check())
    assert all_legal(guns(2, spend=True))
    assert rules_broken(guns(3, spend=True)) == ["HTTR SR 15.2.2"]
    assert all_legal(guns(2, spend=False))  # the owner's choice: depleted instead (SR 15.2.1)
    assert rules_broken(guns(3, spend=False)) == ["HTTR SR 15.2.2"]


def test_amp_spent_in_the_command_phase():  # CP-16, SR 15.2.3-15.2.5 (L810-812), 15.3 (L815)
    setup = {**FRONT, "A-ART2": ("B0204", {"Mode": "Defilade", "Depleted": "Depleted"})}

    def command(start: int, end: int, clear: bool = True) -> list:
        log = Log(setup).on_track("A-DIV CP", 4).on_track("A-DIV AmP", start).phase(8, "cp_logistic") \
            .phase(8, "allied_command").say("cp A-DIV 2").track("A-DIV CP", 2)  # for its assets (SR 14.4)
        if clear:
            log.layer("A-ART2", "Depleted", " Depleted", "1")
        return everything(log.track("A-DIV AmP", end).phase(8, "allied_fire").check())
    assert not illegal(command(5, 3))  # one AmP clears the gun, one is lost every Command Phase
    assert rules_broken(command(5, 4)) == ["HTTR SR 15.2.5"]
    assert not illegal(command(5, 4, clear=False))
    assert rules_broken(command(14, 13, clear=False)) == ["HTTR SR 15.3"]  # at most twelve


def test_the_bundled_game_says_not_checkable():  # SUP-5, SUP-7, CP-15 on the bundled data (no counter values)
    from hexforge.games import load_game
    from hexforge.rules.verdict import NotCheckable
    g = load_game("highway-to-the-reich")
    company, hq, german = "2/506 5-3 no.1", "506/101", "II/159/59"
    setup = {hq: "C2808", company: "C2808", german: "C2908"}
    log = Log(setup, g).phase(6, "cp_logistic").phase(6, "allied_fire").say(f"df C2908 from \"{company}\"") \
        .roll("Direct Fire", 3, 3).roll("Depletion Check", 1).layer(company, "Depleted", "1", " Depleted")
    got = last(log.check())
    assert got and all(isinstance(v, NotCheckable) for v in got), got
    cleared = Log({**setup, company: ("C2808", {"Depleted": "Depleted"})}, g).phase(6, "cp_logistic") \
        .phase(6, "allied_command").say(f"cp {hq} 2").layer(company, "Depleted", " Depleted", "1")
    got = last(cleared.check())
    assert got and all(isinstance(v, NotCheckable) for v in got), got


def gun_fires(amp: int = 5, cp: str | None = None) -> Log:
    """A-ART2 (ER 9, an asset of A-DIV) fires IF in GT 8's Allied Fire Phase; A-DIV holds ``amp`` AmP."""
    log = Log(FRONT).on_track("A-DIV CP", 4).on_track("A-DIV AmP", amp).phase(8, "cp_logistic") \
        .phase(8, "allied_command")
    if cp:
        log.say(cp).track("A-DIV CP", 2)
    return log.phase(8, "allied_fire").say("if B0303 from A-ART2 spotter A-INF1 hq A-DIV").roll("Indirect Fire", 3, 3)


def amp_rules(report) -> list[str]:
    """The AmP rules (SR 15.2.1-15.2.2) broken anywhere in the log."""
    return [v.rule for v in illegal(everything(report)) if v.rule in ("HTTR SR 15.2.1", "HTTR SR 15.2.2")]


def test_a_failed_amp_check_is_answered():  # CP-15, SR 15.2.1 (L808): one AmP or the marker, the marker at 0 AmP
    passed = gun_fires().roll("Depletion Check", 3).phase(8, "allied_movement")
    assert not amp_rules(passed.check())
    ignored = gun_fires().roll("Depletion Check", 2).phase(8, "allied_movement")
    assert rules_broken(last(ignored.check())) == ["HTTR SR 15.2.1"]
    empty = gun_fires(amp=0).roll("Depletion Check", 1).phase(8, "allied_movement")
    assert any("no AmP left" in v.reason for v in illegal(last(empty.check())))
    marked = gun_fires(amp=0).roll("Depletion Check", 1).layer("A-ART2", "Depleted", "1", " Depleted")
    assert not amp_rules(marked.phase(8, "allied_movement").check())
    spent = gun_fires().roll("Depletion Check", 2).track("A-DIV AmP", 4).phase(8, "allied_movement")
    assert not amp_rules(spent.check())
    twice = gun_fires().roll("Depletion Check", 2).roll("Depletion Check", 3)  # the next check: the first unanswered
    assert rules_broken(last(twice.check())) == ["HTTR SR 15.2.1"]


def test_amp_artillery_checks_each_time_it_fires():  # CP-15, SR 15.2.1 (L808), reading amp_check
    unchecked = gun_fires().phase(8, "allied_movement")
    assert rules_broken(last(unchecked.check())) == ["HTTR SR 15.2.1"]
    supplied = gun_fires(cp="cp A-DIV 2").roll("Depletion Check", 1).layer("A-ART2", "Depleted", "1", " Depleted")
    assert not illegal(last(supplied.check()))  # every_fire: fully supplied, it still checks (15.2.1)
    assert rules_broken(last(supplied.check(amp_check="unsupplied_only"))) == ["HTTR SR 13.2.7.4"]
    quiet = gun_fires(cp="cp A-DIV 2").phase(8, "allied_movement")
    assert not illegal(last(quiet.check(amp_check="unsupplied_only")))
    assert rules_broken(last(quiet.check())) == ["HTTR SR 15.2.1"]


def test_the_bundled_artillery_er_is_not_known():  # CP-15 on the bundled data: no artillery ER is transcribed
    from hexforge.games import load_game
    from hexforge.rules.verdict import NotCheckable
    g = load_game("highway-to-the-reich")
    gun, german = "52/GA no.1", "II/159/59"
    log = Log({gun: "C2808", german: "C2908"}, g).phase(6, "cp_logistic").phase(6, "allied_fire") \
        .say(f"df C2908 from \"{gun}\"").roll("Direct Fire", 3, 3).phase(6, "allied_movement")
    got = last(log.check())
    assert not illegal(got), got
    assert any(isinstance(v, NotCheckable) and "effectiveness of unit 52/GA no.1" in v.needs for v in got), got
