"""HTTR optional Allied Ferocity (ScR 15.5) on the synthetic game, whose [special.ferocity] marks A-REG2's units IG
(A-INF3, morale 7) and A-DIV2 as the 82nd. G-IBN1's DF with 2d6 12 takes 1 SP from a Concentrated target; the
target then stays Concentrated only after a passed morale check (SR 6.7.7), here 2d6 9: a failure at morale 7, a
pass at 10."""
from __future__ import annotations

from hexforge.rules.verdict import NotCheckable
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


def assault(turn: int = 1, crosses: bool = True) -> Log:
    """A-INF4 (A-DIV2, as the 82nd; morale 8) is ferried by A-BENG across the Synthetic Waal (A0706-A0707) in GT
    ``turn``'s Allied Movement Phase (or stays); in the German Fire Phase G-IBN1 takes a SP from it, 2d6 9 to stay."""
    log = Log({"A-BENG": "A0706", "A-INF4": ("A0706", {"Mode": "Concentrated"}), "G-IBN1": "A0708"})
    log.phase(turn, "allied_movement")
    if crosses:
        log.move("A-INF4", "A0707")
    at = "A0707" if crosses else "A0706"
    log.phase(turn, "german_fire").say(f"df {at} from G-IBN1 target A-INF4").roll("Direct Fire", 6, 6)
    return log.roll("Morale Check", 4, 5).phase(turn, "german_movement")


def stays(log: Log, rule: str = "on") -> list[str]:
    return [r for r in rules_broken(verdicts(log, rule)) if r == STAY]


def test_the_first_waal_assault_raises_its_units_morale():  # OPT-6, ScR 15.5.2 (L1500)
    assert not stays(assault())
    assert stays(assault(), rule="off") == [STAY]  # the rule off: morale 8 fails a 9
    assert stays(assault(crosses=False)) == [STAY]  # not in the assault


def test_waal_ferocity_lasts_the_game_turn_of_the_first_assault():  # OPT-6, ScR 15.5.2 (L1500)
    later = assault()
    later.phase(2, "german_fire").say("df A0707 from G-IBN1 target A-INF4").roll("Direct Fire", 6, 6)
    later.roll("Morale Check", 4, 5).phase(2, "german_movement")
    assert stays(later) == [STAY]  # GT 2: its own morale again


def test_the_bundled_waal_is_not_known():  # OPT-6 on the bundled data: the Waal's hexsides are not transcribed
    from hexforge.rules import rules_for
    from hexforge.rules.httr import ferocity
    from hexforge.rules.httr.referee import HttrReferee
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    assert ferocity.formations(BUNDLED, "waal") == ["82"] and ferocity.waal_river(BUNDLED) is None
    r = HttrReferee(rules_for(BUNDLED), Log({"504/82": "D1010"}, BUNDLED).timeline(), {"optional_ferocity": "on"})
    v = ferocity.raised(r, r.ferocity, "504/82")  # a fire result on the bundled game needs strengths it lacks
    assert isinstance(v, NotCheckable) and "the Waal's hexsides" in v.needs, v
