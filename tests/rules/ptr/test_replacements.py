"""Replacements (PtR 5.2.4, 7.0-7.2) on the synthetic game: ``replace UNIT [N]``, ``cannibalize UNIT``, ``reorganize
UNIT [N]`` and the Losses layer going down in the Replacement Phase. Synthetic data: the US gets 2 infantry, 2
armored infantry and 3 tank RPs a turn; the German Reorganization Chart lets infantry RPs rebuild infantry."""
from __future__ import annotations

from dataclasses import replace

from hexforge.builder.timeline import Eliminated
from hexforge.builder.locations import OFF_MAP
from tests.rules.ptr.helpers import PtrLog, illegal, ref, unsure, verdicts

BASE = {"US1-HQ": "1311", "1-A": "1311", "1-B": "1512", "1-TD": "1415", "US3-HQ": "1010", "3-AI": "1214",
        "3-TK": "1214", "G116-HQ": "1614", "116-PG": "1513", "116-TK": "1612", "116-IN": "1612", "G9-HQ": "1710",
        "9-IN": "1611"}
LOSSES = "Losses"  # the synthetic game's Losses layer (docs/log-channel.md)


def log(syn, lost: dict[str, int] | None = None, setup: dict[str, str] | None = None, turn: int = 2) -> PtrLog:
    """A Replacement Phase log whose set-up shows ``lost`` SPs on the Losses layer."""
    out = PtrLog(syn, setup or BASE)
    out.setup = tuple(replace(p, layers={LOSSES: f" {lost[p.piece.unit]} SP lost"}) if p.piece.unit in (lost or {})
                      else p for p in out.setup)
    return out.phase(turn, "replacement")


def test_no_replacements_on_the_first_turn(syn):
    """PTR5-6 (7.0A, 21.0B): turn 1 is the scenario's first; from turn 2 they come, in the Replacement Phase."""
    r = log(syn, {"1-A": 2}).say("us", "replace 1-A").check()
    assert illegal(r) == [] and "1-A gains 1 SP" in verdicts(r, 1)[0].detail
    r = log(syn, {"1-A": 2}, turn=1).say("us", "replace 1-A").check()
    assert illegal(r) == [(1, "PTR 7.0A")]
    r = log(syn, {"1-A": 2}).phase(2, "reinforcement").say("us", "replace 1-A").check()
    assert illegal(r) == [(2, "PTR 7.0C2")]


def test_us_replacement_points_per_kind(syn):
    """PTR6-9 (7.1B, 7.0C2): two infantry RPs a turn: 1-A and 1-B take one each, a third is too many."""
    r = log(syn, {"1-A": 2, "1-B": 2}).say("us", "replace 1-A 2").check()
    assert illegal(r) == []
    r = log(syn, {"1-A": 2, "1-B": 2}).say("us", "replace 1-A").say("us", "replace 1-B 2").check()
    assert illegal(r) == [(2, "PTR 7.1B")]


def test_recipients_undisrupted_and_of_the_three_kinds(syn):
    """PTR6-10 (7.0B1, 7.1C): a disrupted 1-A, a tank destroyer, an HQ are not rebuilt."""
    r = log(syn, {"1-A": 1}).disrupt("1-A", "1311").say("us", "replace 1-A").check()
    assert illegal(r) == [(2, "PTR 7.0B1")]
    r = log(syn, {"1-TD": 1}).say("us", "replace 1-TD").say("us", "replace US1-HQ").check()
    assert illegal(r) == [(1, "PTR 7.1C"), (2, "PTR 7.1C")]
    r = log(syn, {"3-TK": 1}).say("us", "replace 3-TK").check()
    assert illegal(r) == []


def test_recipients_in_command_range(syn):
    """PTR6-11 (7.0B2): 1-B at 1017 is out of US1-HQ's command range; in its set-up hex 1512 it is in it."""
    r = log(syn, {"1-B": 1}, setup=dict(BASE, **{"1-B": "1017"})).say("us", "replace 1-B").check()
    assert illegal(r) == [(1, "PTR 7.0B2")]
    r = log(syn, {"1-B": 1}).say("us", "replace 1-B").check()
    assert illegal(r) == []


def test_never_above_printed_cs_nor_eliminated(syn):
    """PTR6-12 (7.0C3): 1-A lost 1 SP: one RP, not two; an eliminated unit is never rebuilt."""
    r = log(syn, {"1-A": 1}).say("us", "replace 1-A 2").check()
    assert illegal(r) == [(1, "PTR 7.0C3")]
    gone = log(syn, {"1-B": 1})
    gone.events.append(Eliminated(gone._n(), ref("1-B"), OFF_MAP, "1512"))
    r = gone.say("us", "replace 1-B").check()
    assert (2, "PTR 7.0C3") in illegal(r)


def test_cannibalization_feeds_the_same_formation(syn):
    """PTR6-13 (7.2A-D): 116-IN (CS 5) cannibalized gives 5 infantry RPs to 116pz's infantry; 116-PG (armored
    infantry) takes none of them by the chart; 9-IN is of another formation."""
    r = log(syn, {"116-PG": 2, "9-IN": 2}).say("german", "cannibalize 116-IN").check()
    assert illegal(r) == [] and "5 RPs" in verdicts(r, 1)[0].detail
    r = log(syn, {"116-PG": 2, "9-IN": 2}).say("german", "cannibalize 116-IN").say("german", "reorganize 116-PG") \
        .say("german", "reorganize 9-IN").check()
    assert illegal(r) == [(2, "PTR 7.2C"), (3, "PTR 7.2C")]
    r = log(syn, {"116-PG": 1}).say("german", "cannibalize 116-TK").check()
    assert illegal(r) == [(1, "PTR 7.2B")]  # a tank is support-type


def test_the_losses_layer_shows_the_rebuild(syn):
    """PTR6-9 / PTR6-12: the Losses layer going down by the SPs declared is legal; undeclared, the flip itself is
    the replacement and is judged as one (three infantry SPs are more than the two RPs)."""
    r = log(syn, {"1-A": 2}).say("us", "replace 1-A 2").layer("1-A", "1311", LOSSES, " 2 SP lost", "1").check()
    assert illegal(r) == [] and "shows the 2 SP" in verdicts(r, 2)[0].detail
    r = log(syn, {"1-A": 3}).layer("1-A", "1311", LOSSES, " 3 SP lost", "1").check()
    assert illegal(r) == [(1, "PTR 7.1B")]


def test_replacements_on_the_bundled_game_need_printed_cs(ptr):
    """PTR6-12 on the bundled data: no counter's CS is transcribed: not checkable, naming the CS."""
    sc = ptr.scenarios["s2"]
    setup = {u: e.hex.resolved for e in sc.setup if e.units != "unknown" for u in e.units}
    r = PtrLog(ptr, setup).phase(2, "replacement").say("us", "replace 1-II/16").check("s2")
    assert illegal(r) == [] and any("cs of unit 1-II/16" in n for _, n in unsure(r))


def test_an_attached_independent_reorganizes_with_its_formation(syn):
    """PTR6-13 with 6.2: s2 attaches G-IND to 116pz at the start, so 116-IN's RPs rebuild it; in s1 nothing
    attaches it and it belongs to no formation that cannibalized."""
    setup = dict(BASE, **{"G-IND": "1615"})
    r = log(syn, {"G-IND": 1}, setup=setup).say("german", "cannibalize 116-IN").say("german", "reorganize G-IND") \
        .check("s2")
    assert illegal(r) == [] and "G-IND reorganizes 1 SP" in verdicts(r, 2)[0].detail
    r = log(syn, {"G-IND": 1}, setup=setup).say("german", "cannibalize 116-IN").say("german", "reorganize G-IND") \
        .check("s1")
    assert illegal(r) == [(2, "PTR 7.2C")]
