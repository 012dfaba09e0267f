"""HTTR optional Allied Ferocity (ScR 15.5) on the synthetic game, whose [special.ferocity] marks A-REG2's units IG
(A-INF3, morale 7) and A-DIV2 as the 82nd. G-IBN1's DF with 2d6 12 takes 1 SP from a Concentrated target; the
target then stays Concentrated only after a passed morale check (SR 6.7.7), here 2d6 9: a failure at morale 7, a
pass at 10."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, rules_broken, unsure

STAY = "HTTR SR 6.7.7"


def hit(log: Log, turn: int, target: str = "A-INF3", morale: tuple[int, int] = (4, 5)) -> Log:
    """A German Fire Phase of GT ``turn``: one loss on ``target``, its morale check; it stays Concentrated."""
    log.phase(turn, "german_fire").say(f"df B0303 from G-IBN1 target {target}").roll("Direct Fire", 6, 6)
    return log.roll("Morale Check", *morale).phase(turn, "german_movement")


def verdicts(log: Log, rule: str = "on") -> list:
    return [v for j in log.check(optional_ferocity=rule).judged for v in j.verdicts]


def start(target: str = "A-INF3") -> Log:
    return Log({"G-IBN1": "B0304", target: ("B0303", {"Mode": "Concentrated"})})


def test_the_first_ig_loss_raises_ig_morale_to_ten():  # OPT-6, ScR 15.5.1 (L1499)
    assert not illegal(verdicts(hit(start(), 1)))
    assert rules_broken(verdicts(hit(start(), 1), rule="off")) == [STAY]  # the rule off: morale 7 fails
    assert rules_broken(verdicts(hit(start("A-INF1"), 1, "A-INF1", (5, 5)))) == [STAY]  # not IG: 10 > morale 8


def test_ferocity_lasts_to_the_end_of_the_next_game_turn():  # OPT-6, ScR 15.5.1 (L1499)
    assert not illegal(verdicts(hit(hit(start(), 1), 2)))
    quiet = hit(start(), 1).phase(2, "german_fire").phase(2, "german_movement")  # GT 2 without a loss
    assert rules_broken(verdicts(hit(quiet, 3))) == [STAY]


def test_a_waal_unit_is_not_checkable():  # OPT-6, ScR 15.5.2 (L1500): the Waal crossings are not read
    assert any("assault crossing of the Waal" in v.needs for v in unsure(verdicts(hit(start("A-INF4"), 1, "A-INF4",
                                                                                       (5, 5)))))
