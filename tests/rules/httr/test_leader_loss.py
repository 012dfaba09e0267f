"""MOR-5 (HTTR SR 19.3.3 L978): 'if a unit with which a leader is stacked takes a loss, then the owning player rolls
2d6 and if a two is rolled, the leader dies', one roll per SP lost. On the synthetic game A-INF1 (5 SP, ER 5) in B0303
fires DF at G-INF1 (morale 4) in B0304, stacked with the leader G-LDR; 2d6 11 takes 2 SP, so two Leader Loss rolls are
due (the button of tests/games/httr-synthetic/game.toml); G-INF1 then adopts Defilade (SR 6.7.3)."""
from __future__ import annotations

from hexforge.games import load_game
from tests.rules.httr.helpers import Log, all_legal, illegal, rules_broken, unsure

STACK = {"G-LDR": "B0304", "G-INF1": "B0304", "A-INF1": "B0303"}


def hit(setup: dict = STACK, target: str = "G-INF1", defilade: bool = True) -> Log:
    """A-INF1's DF at ``target`` taking 2 SP (the Direct Fire roll is event 3), the target then in Defilade."""
    log = Log(setup).phase(1, "allied_fire").say(f"df B0304 from A-INF1 target {target}").roll("Direct Fire", 5, 6)
    return log.mode(target, "Defilade", "Concentrated") if defilade else log


def verdicts(log: Log) -> list:
    """Every verdict once the phase is over."""
    return [v for j in log.phase(1, "allied_movement").check().judged for v in j.verdicts]


def test_one_roll_per_sp_lost():  # MOR-5: legal, two rolls after a loss of 2 (worked example H25 in a log)
    assert not illegal(verdicts(hit().roll("Leader Loss", 3, 4).roll("Leader Loss", 5, 6)))


def test_a_missing_roll_is_illegal_at_the_phases_end():  # MOR-5: illegal, one roll for 2 SP
    got = verdicts(hit().roll("Leader Loss", 3, 4))
    assert rules_broken(got) == ["HTTR SR 19.3.3"] and "called for 2 Leader Loss rolls" in illegal(got)[0].reason


def test_a_two_kills_the_leader():  # MOR-5: a 2 and G-LDR eliminated is legal; a 2 without it is illegal
    assert not illegal(verdicts(hit().roll("Leader Loss", 1, 1).kill("G-LDR", "B0304").roll("Leader Loss", 3, 4)))
    got = verdicts(hit().roll("Leader Loss", 1, 1).roll("Leader Loss", 3, 4))
    assert rules_broken(got) == ["HTTR SR 19.3.3"] and "the leader dies" in illegal(got)[0].reason


def test_a_leader_eliminated_without_a_two_is_illegal():  # MOR-5: illegal, leaders are never fired at
    got = verdicts(hit().roll("Leader Loss", 3, 4).kill("G-LDR", "B0304").roll("Leader Loss", 5, 6))
    assert rules_broken(got) == ["HTTR SR 19.3.3"] and "without a 2" in illegal(got)[0].reason


def test_a_roll_without_a_loss_is_illegal():  # MOR-5: illegal, no stack with a leader lost a point
    got = verdicts(Log(STACK).phase(1, "allied_fire").roll("Leader Loss", 3, 4))
    assert rules_broken(got) == ["HTTR SR 19.3.3"]
    far = {"G-LDR": "B0305", "G-INF1": "B0304", "A-INF1": "B0303"}  # the leader is not stacked with the target
    assert rules_broken(verdicts(hit(far).roll("Leader Loss", 3, 4))) == ["HTTR SR 19.3.3"]


def test_the_extra_loss_of_a_concentrated_target_is_rolled_for():  # MOR-5 with SR 6.7.7: 2 SP + 1 after a passed
    # morale check (2d6 3 <= 4 + 1 with the leader, SR 16.5) that keeps G-INF1 Concentrated
    def stays(n: int) -> list:
        log = hit(defilade=False).roll("Morale Check", 1, 2)
        for _ in range(n):
            log.roll("Leader Loss", 3, 4)
        return verdicts(log)
    assert not illegal(stays(3))
    assert rules_broken(stays(2)) == ["HTTR SR 19.3.3"]


def test_a_def_result_costs_a_point_only_to_stay_concentrated():  # MOR-5 with SR 6.7.7: DEF (2d6 4) on G-INF1
    def def_() -> Log:
        return Log(STACK).phase(1, "allied_fire").say("df B0304 from A-INF1 target G-INF1").roll("Direct Fire", 2, 2)
    stays = def_().roll("Morale Check", 1, 2)  # passed: it stays Concentrated with one more loss
    assert not illegal(verdicts(stays.roll("Leader Loss", 3, 4)))
    assert rules_broken(verdicts(def_().roll("Morale Check", 1, 2))) == ["HTTR SR 19.3.3"]
    hides = def_().mode("G-INF1", "Defilade", "Concentrated")  # in Defilade: no loss, no roll
    assert not illegal(verdicts(hides))
    assert rules_broken(verdicts(def_().mode("G-INF1", "Defilade", "Concentrated").roll("Leader Loss", 3, 4))) == \
        ["HTTR SR 19.3.3"]


def test_an_eliminated_target_may_have_lost_less():  # MOR-5: G-WEAK (1 SP) eliminated by a loss of 2 (SR 6.3.1.7)
    setup = {"G-LDR": "B0304", "G-WEAK": "B0304", "A-INF1": "B0303"}
    log = hit(setup, "G-WEAK", defilade=False).kill("G-WEAK", "B0304")
    assert not illegal(verdicts(log.roll("Leader Loss", 3, 4)))
    none = hit(setup, "G-WEAK", defilade=False).kill("G-WEAK", "B0304")
    assert rules_broken(verdicts(none)) == ["HTTR SR 19.3.3"]


def test_bundled_leader_loss_needs_the_fire_result():  # MOR-5 on the bundled data: the DF's result
    """Frost stands with the 506th company in C2808 (unsurveyed); the German battalion's DF at the company has no
    result on the bundled data (the target hex's terrain), so the Leader Loss roll after it is not checkable."""
    httr = load_game("highway-to-the-reich")
    inf, ger, frost = "2/506 5-3 no.1", "II/159/59", "Frost"
    conc = {"Mode": "Concentrated"}
    log = Log({frost: ("C2808", {}), inf: ("C2808", conc), ger: ("C2909", conc)}, httr).phase(5, "german_fire") \
        .say(f'df C2808 from "{ger}" target "{inf}"').roll("Direct Fire", 5, 6).roll("Leader Loss", 3, 4)
    got = log.check().judged[-1].verdicts
    assert not illegal(got) and any("the result of the fire at C2808" in v.needs for v in unsure(got)), got


def test_a_roll_after_an_airstrike_is_not_checkable():  # MOR-5: an airstrike's loss (ScR 7.4) is not followed
    log = Log(STACK).phase(8, "allied_fire").place("as1", "Airstrike", "B0304").roll("Leader Loss", 3, 4)
    got = log.check().judged[-1].verdicts
    assert not illegal(got) and any("airstrike" in v.needs for v in unsure(got)), got


def test_a_leader_drowned_on_landing_is_no_leader_loss(tmp_path):  # MOR-5 beside AIR-8: ScR 6.7.5 (L1250)
    """A leader scattering into an all-water hex is eliminated by ScR 6.7.5, not by a Leader Loss roll: on a copy of
    the synthetic game whose B0303 is all water (as test_scatter.py's), A-LDR, dropped alone on B0305, scatters
    (Air Landing 8, direction 5 W, distance 3: two hexes) into B0303; its elimination is no SR 19.3.3 case, and the
    same elimination on dry land is."""
    import shutil
    from tests.rules.httr.helpers import SYNTHETIC
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    text = (copy / "terrain.toml").read_text().replace('"B0301..B0306"', '"B0301..B0302", "B0304..B0306"')
    text = text.replace('[hexes]\n', '[hexes]\nwater = ["B0303"]\n')
    (copy / "terrain.toml").write_text(text + '\n[[types]]\nid = "water"\nname = "All-water hex"\nkind = "hex"\n')

    def dropped(g, to: tuple[str, ...]) -> list:
        log = Log({"G-INF1": "B0310", "A-LDR": (None, {})}, g).phase(8, "allied_movement") \
            .place("pf1", "Pathfinder A-REG1", "B0305").say("drop B0305 south").enter("A-LDR", "B0305") \
            .roll("Air Landing", 4, 4).roll("Scatter", 5).roll("Scatter", 3).move("A-LDR", *to).kill("A-LDR", to[-1])
        return verdicts(log)
    assert "HTTR SR 19.3.3" not in rules_broken(dropped(load_game(copy), ("B0304", "B0303")))
    assert "HTTR SR 19.3.3" in rules_broken(dropped(None, ("B0304", "B0303")))
