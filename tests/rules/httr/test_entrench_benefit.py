"""Who benefits from an entrenchment (SR 12.1.1-12.1.2, 12.1.5: ENT-1, ENT-2) on the synthetic game: an Entrenchment
marker on B0304 at set-up; what the benefit changes is judged by the fire and close-action checks that read it."""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.httr.entrench import benefits
from hexforge.rules.httr.referee import HttrReferee
from tests.rules.httr.helpers import Log


def after(setup: dict, **readings: str) -> HttrReferee:
    log = Log(setup).marker("e1", "Entrenchment", "B0304").phase(1, "allied_movement")
    ref = HttrReferee(rules_for(log.game), log.timeline(), readings or None)
    ref.run()
    return ref


def test_units_in_defilade_benefit():  # ENT-1, SR 12.1.2 (L686)
    ref = after({"A-INF1": ("B0304", {"Mode": "Defilade"}), "A-INF2": ("B0305", {"Mode": "Defilade"})})
    assert benefits(ref, ref.works, "A-INF1") is True
    assert benefits(ref, ref.works, "A-INF2") is False  # no entrenchment in its hex


def test_afvs_armored_and_travel_units_never_benefit():  # ENT-1, SR 12.1.2
    ref = after({"A-TANK": ("B0304", {"Mode": "Defilade"}), "A-REC": ("B0304", {"Mode": "Defilade"}),
                 "A-INF1": ("B0304", {"Mode": "Concentrated"}), "A-INF2": ("B0304", {"Mode": "Travel"})})
    assert [benefits(ref, ref.works, u) for u in ("A-TANK", "A-REC", "A-INF1", "A-INF2")] == [False] * 4
    only = after({"A-REC": ("B0304", {"Mode": "Defilade"})}, travel_fire="afv_only")
    assert benefits(only, only.works, "A-REC") is True  # armored recon is not 'armored' under that reading


def test_no_benefit_while_moving_or_attacking_in_a_close_action():  # ENT-2, SR 12.1.1, 12.1.5 (L685, L688)
    ref = after({"A-INF1": ("B0304", {"Mode": "Defilade"})})
    assert benefits(ref, ref.works, "A-INF1", moving=True) is False
    assert benefits(ref, ref.works, "A-INF1", attacking=True) is False
