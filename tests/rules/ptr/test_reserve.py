"""Formation Reserve Mode (optional PtR 22.8; the synthetic game plays it, ``optional_rules.reserve_mode``): who may
enter it (22.8.2), when it ends (22.8.1B) and its AP Table column (22.8.3B-C). The reaction is test_actions'
10.4 example: 116-PG ends its move in 1314 next to 3-AI; 3arm (level 6) reacts, check 2, AP roll 9."""
from __future__ import annotations

import copy

from hexforge.builder.locations import Location
from hexforge.builder.timeline import PieceRef, Placement
from hexforge.rules.verdict import Legal, NotCheckable
from tests.rules.ptr.helpers import PtrLog, illegal
from tests.rules.ptr.test_actions import SETUP, memory_after

FAT, AP_US = "Formation Activation Track", "US AP-Track"
IN, OUT = " In Reserve", "1"  # the Reserve layer's levels as the timeline names them


def in_reserve(log: PtrLog, *fams: str) -> PtrLog:
    """``log`` with these FAMs set up on their In Reserve side."""
    log.setup = log.setup + tuple(Placement(PieceRef(n, n, None), Location("Tracks", FAT, "5"), None,
                                            layers={"Reserve": IN}) for n in fams)
    return log


def test_entering_reserve_needs_undisrupted_units(syn):
    """PTR22-14 (22.8.2B): 1inf may not enter Reserve Mode with 1-B disrupted."""
    r = PtrLog(syn).phase(1, "organization").layer("1st Infantry FAM", None, "Reserve", OUT, IN).check()
    assert illegal(r) == []
    r = PtrLog(syn).disrupt("1-B", "1512").phase(1, "organization") \
        .layer("1st Infantry FAM", None, "Reserve", OUT, IN).check()
    assert illegal(r) == [(2, "PTR 22.8.2B")]


def test_entering_reserve_needs_every_unit_in_command(syn):
    """PTR22-15 (22.8.2A-B): with US1-HQ in 1017, 1-A (1311) is out of its CR: 1inf may not enter Reserve Mode."""
    r = PtrLog(syn, dict(SETUP, **{"US1-HQ": "1017"})).phase(1, "organization") \
        .layer("1st Infantry FAM", None, "Reserve", OUT, IN).check()
    assert illegal(r) == [(1, "PTR 22.8.2B")]


def reacting(syn) -> PtrLog:
    """3arm set up In Reserve; the US transfers the first Initiative; the Germans activate 116pz; 116-PG ends next
    to 3-AI; 3arm reacts (check 2) and rolls 9 for its APs (event 8)."""
    log = in_reserve(PtrLog(syn), "3rd Armored FAM").disrupt("1-B", "1512").phase(1, "operations")
    return log.say("us", "transfer").say("german", "act 116pz").roll("german", 8) \
        .move("116-PG", "1513", "1414", "1314").say("us", "react 3arm").roll("us", 2).roll("us", 9)


def test_reserve_reaction_reads_the_bold_number(syn):
    """PTR10-7 / PTR22-16 (22.8.3B): in Reserve, 3arm's reaction takes the bold number, (6 + 9 + 3) // 3 = 6, not the
    non-bold 3: the AP marker shows 6."""
    log = reacting(syn)
    assert memory_after(syn, log).active.ap == 6
    assert illegal(log.marker("US AP", AP_US, 6).check()) == []
    assert illegal(reacting(syn).marker("US AP", AP_US, 3).check()) == [(9, "PTR 10.1.4A")]


def test_a_successful_reaction_ends_reserve(syn):
    """PTR22-13 (22.8.1B): after its reaction 3arm leaves Reserve Mode in the Operations Cycle; leaving it there
    without a reaction is illegal (22.8.1A)."""
    r = reacting(syn).say("us", "done").layer("3rd Armored FAM", None, "Reserve", IN, OUT).check()
    assert illegal(r) == []
    r = in_reserve(PtrLog(syn), "3rd Armored FAM").phase(1, "operations") \
        .layer("3rd Armored FAM", None, "Reserve", IN, OUT).check()
    assert illegal(r) == [(1, "PTR 22.8.1A")]


def test_a_formation_whose_reserve_ended_acts_out_of_it(syn):
    """PTR22-13 (22.8.1B): 3arm, its Reserve ended by the reaction but its FAM still In Reserve, activates: its AP
    roll is flagged."""
    log = reacting(syn).say("us", "done").say("german", "done").initiative(9, 1).say("us", "act 3arm").roll("us", 5)
    assert (len(log.events) - 1, "PTR 22.8.1B") in illegal(log.check())


def checked(game, check: int, reserve: bool = True) -> PtrLog:
    """As ``reacting``, with the Reaction Check die ``check`` and 3arm In Reserve or not; the US AP marker then
    shows the bold 6 APs of the AP roll 9 (event 9)."""
    log = in_reserve(PtrLog(game), "3rd Armored FAM") if reserve else PtrLog(game)
    log = log.disrupt("1-B", "1512").phase(1, "operations").say("us", "transfer").say("german", "act 116pz")
    return log.roll("german", 8).move("116-PG", "1513", "1414", "1314").say("us", "react 3arm") \
        .roll("us", check).roll("us", 9).marker("US AP", AP_US, 6)


def test_reserve_drm_helps_the_reaction_check(syn):
    """PTR10-14 (10.2.3A / 22.8.3A): 3arm's FAM shows Reserve DRM -1 (synthetic), US3-HQ's rating is 5: in
    Reserve a 6 passes (6 - 1 <= 5) and 3arm takes its APs; a 7 fails, so the AP roll and marker that follow are
    no reaction's (10.1.2B). Out of Reserve the 6 itself fails."""
    r = checked(syn, 6).check()
    assert illegal(r) == [] and "Reaction Check 6-1 (Reserve) <= rating 5" in r.judged[7].verdicts[0].detail
    assert r.judged[8].verdicts[0].detail == "3arm: 6 APs (AP Table level 6, die 9, bold)"  # 22.8.3B
    assert illegal(checked(syn, 7).check()) == [(9, "PTR 10.1.2B")]
    assert illegal(checked(syn, 6, reserve=False).check()) == [(9, "PTR 10.1.2B")]


def test_unknown_reserve_drm_matters_only_near_the_rating(syn):
    """PTR10-14 (22.8, L2473: the DRM is 0, -1 or -2): with it unknown, as in the bundled data, a 6 or 7 against
    rating 5 is not checkable naming the DRM; a 5 passes and an 8 fails whatever it is."""
    game = copy.deepcopy(syn)
    game.info.special["formations"]["3arm"]["reserve_drm"] = "unknown"
    for die, passes in ((5, True), (6, None), (7, None), (8, False)):
        v = checked(game, die).check().judged[7].verdicts[0]
        if passes is None:
            assert isinstance(v, NotCheckable) and "reserve_drm" in v.needs
        else:
            assert isinstance(v, Legal) and ("reacts" if passes else "fails") in v.detail


def test_bundled_reserve_drms_are_unknown(ptr):
    """PTR10-14: the bundled formations' Reserve DRMs are not in the rulebook text: every one is 'unknown'."""
    assert {str(f.get("reserve_drm")) for f in ptr.info.special["formations"].values()} == {"unknown"}
