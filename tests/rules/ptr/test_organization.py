"""Formations and independents (PtR 6.1-6.2) on the synthetic game: ``assign UNIT to FORMATION`` and ``detach UNIT``
in the Organization Phase. The synthetic data: at most 4 combat units a formation; 1-A and 1-B (one regiment) may
go from 1inf to 3arm, two at most; one tank from 3arm to 1inf; the independent I-ENG only to a VII Corps formation
(1inf); HQ command ranges 5."""
from __future__ import annotations

from tests.rules.ptr.helpers import PtrLog, illegal, unsure, verdicts

BASE = {"US1-HQ": "1311", "1-A": "1311", "1-B": "1512", "1-TD": "1415", "US3-HQ": "1010", "3-AI": "1214",
        "3-TK": "1214", "3-TK2": "1211", "G116-HQ": "1614", "116-PG": "1513", "116-TK": "1612", "116-IN": "1612",
        "G9-HQ": "1710", "9-IN": "1611", "9-TK": "1611"}


def org(syn, *lines: tuple[str, str], setup: dict[str, str] | None = None, phase: str = "organization"):
    log = PtrLog(syn, setup or BASE).phase(2, phase)
    for side, text in lines:
        log.say(side, text)
    return log.check()


def test_formation_holds_at_most_its_limit(syn):
    """PTR6-1 (6.1B): 3arm has three combat units; 1-A makes four (the synthetic limit), 1-B a fifth."""
    r = org(syn, ("us", "assign 1-A to 3arm"))
    assert illegal(r) == [] and "1-A is assigned to 3arm" in verdicts(r, 1)[0].detail
    r = org(syn, ("us", "assign 1-A to 3arm"), ("us", "assign 1-B to 3arm"))
    assert illegal(r) == [(2, "PTR 6.1B")]


def test_us_detachments_as_listed(syn):
    """PTR6-2 (6.1C): one tank of 3arm may go to 1inf, not two; no armored infantry at all."""
    r = org(syn, ("us", "assign 3-TK to 1inf"))
    assert illegal(r) == []
    r = org(syn, ("us", "assign 3-TK to 1inf"), ("us", "assign 3-TK2 to 1inf"))
    assert illegal(r) == [(2, "PTR 6.1C")]
    r = org(syn, ("us", "assign 3-AI to 1inf"))
    assert illegal(r) == [(1, "PTR 6.1C")]


def test_detached_battalions_are_of_one_regiment(syn):
    """PTR6-2 (6.1C): the detachment's groups are its regiments: 1-A and 1-B together; 1-TD is in no group."""
    r = org(syn, ("us", "assign 1-TD to 3arm"))
    assert illegal(r) == [(1, "PTR 6.1C")]


def test_german_division_units_stay_unless_isolated(syn):
    """PTR6-3 (6.1D): 116-IN may join 9pz only when isolated from its HQ; G116-HQ shut in a corner by US units
    makes it so."""
    r = org(syn, ("german", "assign 116-IN to 9pz"))
    assert illegal(r) == [(1, "PTR 6.1D")]
    shut = dict(BASE, **{"G116-HQ": "1017", "1-A": "1016", "1-B": "1116", "1-TD": "1117"})
    r = org(syn, ("german", "assign 116-IN to 9pz"), setup=shut)
    assert illegal(r) == [] and unsure(r) == [] and "assigned to 9pz" in verdicts(r, 1)[0].detail


def test_only_in_the_organization_phase_and_undisrupted(syn):
    """PTR6-4 (6.2.1A, 6.2.2)."""
    r = org(syn, ("us", "assign 1-A to 3arm"), phase="replacement")
    assert illegal(r) == [(1, "PTR 6.2.1A")]
    r = PtrLog(syn, BASE).phase(2, "organization").disrupt("1-A", "1311").say("us", "assign 1-A to 3arm").check()
    assert illegal(r) == [(2, "PTR 6.2.1A")]


def test_in_command_range_of_the_gaining_hq(syn):
    """PTR6-5 (6.2.1A): 1-B at 1017 is out of the command range of US3-HQ (1010)."""
    r = org(syn, ("us", "assign 1-B to 3arm"), setup=dict(BASE, **{"1-B": "1017"}))
    assert illegal(r) == [(1, "PTR 6.2.1A")]


def test_in_command_range_of_the_current_hq_to_leave_it(syn):
    """PTR6-5 (6.2.2): 1-A leaves 1inf for 3arm only in range of both HQs; with US1-HQ far off (1317) it may not;
    detached, it returns to 1inf while in range of both."""
    r = org(syn, ("us", "assign 1-A to 3arm"), ("us", "detach 1-A"), setup=dict(BASE, **{"1-A": "1111"}))
    assert illegal(r) == [] and "returns to 1inf" in verdicts(r, 2)[0].detail
    r = org(syn, ("us", "assign 1-A to 3arm"), setup=dict(BASE, **{"1-A": "1111", "US1-HQ": "1317"}))
    assert illegal(r) == [(1, "PTR 6.2.2")]


def test_independents_by_corps(syn):
    """PTR6-7 (6.2.3B): I-ENG is VII Corps: 1inf (VII) may take it, 3arm (XIX) may not; G-IND any German one."""
    r = org(syn, ("us", "assign I-ENG to 1inf"), ("german", "assign G-IND to 9pz"))
    assert illegal(r) == []
    r = org(syn, ("us", "assign I-ENG to 3arm"))
    assert illegal(r) == [(1, "PTR 6.2.3")]


def test_independents_are_always_assigned(syn):
    """PTR6-8 (6.2B, 6.2.1C, 8.1C): an independent is reassigned, never detached; it enters only assigned."""
    r = org(syn, ("us", "assign I-ENG to 1inf"), ("us", "detach I-ENG"))
    assert illegal(r) == [(2, "PTR 6.2B")]
    r = PtrLog(syn, BASE).phase(2, "organization").say("us", "assign I-ENG to 1inf").phase(2, "reinforcement") \
        .enter("I-ENG", "1312").check()
    assert illegal(r) == []
    r = PtrLog(syn, BASE).phase(2, "reinforcement").enter("I-ENG", "1312").check()
    assert illegal(r) == [(1, "PTR 8.1C")]


def test_assignments_on_the_bundled_game_need_its_command_ranges(ptr):
    """PTR6-5 on the bundled data: the HQs' command ranges are not transcribed, so the check says not checkable."""
    sc = ptr.scenarios["s2"]
    setup = {u: e.hex.resolved for e in sc.setup if e.units != "unknown" for u in e.units}
    r = PtrLog(ptr, setup).phase(2, "organization").say("us", "assign 1-I/16 to 3arm").check("s2")
    assert illegal(r) == [] and any("command_range" in n for _, n in unsure(r))


def test_no_phase_shown_yet_is_not_checkable(syn):
    """PTR6-4: before the log shows a phase (Scenario 1 has none) the phase of an assignment is not known."""
    r = PtrLog(syn, BASE).say("us", "assign 1-A to 3arm").check()
    assert illegal(r) == [] and "Operations Cycle phase" in unsure(r)[0][1]


def test_the_organization_chat_forms():
    """The chat forms of 6.1-7.2 and 21.4.4.3A (rules/ptr/declaration.py): a unit id may keep its spaces."""
    from hexforge.rules.ptr.declaration import parse
    assert parse("assign LXXXI-526 Inf to 116pz").args == ("lxxxi-526 inf", "116pz")
    assert parse("detach 1-II/16").args == ("1-ii/16",) and parse("refuse plan").verb == "refuse-plan"
    assert parse("replace 116-KG 60").args == ("116-kg 60",)  # the referee tells a number from an id's end
    assert parse("assign to 3arm") is None and parse("assign 1-A to") is None and parse("detach") is None


def test_a_unit_id_ending_in_a_number_is_the_unit(ptr):
    """PTR6-9: 'replace 116-KG 60' names the unit 116-KG 60 (one RP), not 60 RPs for a unit '116-KG'."""
    r = PtrLog(ptr, {"116-KG 60": "2216"}).phase(2, "replacement").say("german", "reorganize 116-KG 60").check("s2")
    assert all("which unit" not in n for _, n in unsure(r))
