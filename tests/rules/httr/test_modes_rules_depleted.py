"""A Depleted layer change read by the modes topic (``modes_rules.judge_layer``) gets the ammunition topic's checks,
as the referee's own routing does (SUP-4, SR 13.2.7.5 L734: depletion only from the check after firing or attacking
in CA; SUP-5, SR 13.3.1 L741: a failed Depletion Check), never a *not checkable* for rules code that exists."""
from __future__ import annotations

from hexforge.builder.timeline import StepChange
from hexforge.rules import rules_for
from hexforge.rules.httr.modes_rules import judge_layer
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.verdict import Illegal, Legal
from tests.rules.httr.helpers import Log, ref
from tests.rules.httr.test_ammunition import FRONT, fired

DEPLETED = StepChange(99, ref("A-INF1"), "B0304", "Depleted", "1", " Depleted")


def _referee(log: Log) -> HttrReferee:
    referee = HttrReferee(rules_for(log.game), log.timeline())
    referee.run()
    return referee


def test_a_depletion_without_fire_is_flagged():  # SUP-4: illegal
    log = Log(FRONT).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_fire").roll("Depletion Check", 1)
    got = judge_layer(_referee(log), DEPLETED, "A-INF1")
    assert [v.rule for v in got if isinstance(v, Illegal)] == ["HTTR SR 13.2.7.5"]


def test_a_depletion_after_a_failed_check_is_legal():  # SUP-5: legal, A-INF1 (ER 5) fired on 1 CP and rolled 3
    got = judge_layer(_referee(fired(1).roll("Depletion Check", 3)), DEPLETED, "A-INF1")
    assert got and all(isinstance(v, Legal) for v in got)
