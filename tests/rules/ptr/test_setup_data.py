"""What the PtR referee takes from the data and the set-up rather than guessing: the US side is a datum
(``[special] us_side``, PtR 9.2.1C), a unit the set-up shows on its back side starts disrupted (16.3A), and a log
that shows no turn tracker phase (Scenario 1 has no sequence of play, 21.1.1A) is not flagged for it."""
from __future__ import annotations

import shutil

from hexforge.builder.timeline import Placement
from hexforge.games import load_game
from hexforge.maps.terrain import Unknown
from hexforge.rules import rules_for
from hexforge.rules.ptr.data import PtrData
from hexforge.rules.ptr.referee import PtrReferee
from hexforge.rules.verdict import NotCheckable
from tests.rules.ptr.helpers import SYNTHETIC, PtrLog, illegal, unsure, verdicts


def without_us_side(tmp_path):
    """The synthetic game with its ``us_side`` line removed (every other datum as given)."""
    root = tmp_path / "ptr-synthetic"
    shutil.copytree(SYNTHETIC, root)
    toml = root / "game.toml"
    lines = [ln for ln in toml.read_text().splitlines(keepends=True) if not ln.startswith("us_side")]
    toml.write_text("".join(lines))
    return load_game(root)


def test_the_us_side_is_a_datum(syn, ptr, tmp_path):
    assert PtrData(syn, "s1").us_side == "us" and PtrData(ptr, "s1").us_side == "us"
    v = PtrData(without_us_side(tmp_path), "s1").us_side
    assert isinstance(v, Unknown) and "us_side" in v.needs


def test_an_initiative_tie_without_the_us_side_is_not_checkable(syn, tmp_path):
    """PtR 9.2.1C: ties go to the US: with the datum a 5-5 tie is the US's; without it nothing says who won."""
    log = PtrLog(syn).phase(1, "operations").say("us", "pass").initiative(5, 5)
    assert "us wins the Initiative of segment 2" in verdicts(log.check(), 3)[0].detail
    game = without_us_side(tmp_path)
    r = PtrLog(game).phase(1, "operations").say("us", "pass").initiative(5, 5).check()
    v = verdicts(r, 3)[0]
    assert isinstance(v, NotCheckable) and "us_side" in v.needs
    r = PtrLog(game).phase(1, "operations").say("us", "pass").initiative(3, 7).check()
    assert "german wins the Initiative of segment 2" in verdicts(r, 3)[0].detail  # no tie: the US is not needed


def with_layers(log: PtrLog, levels: dict[str, dict[str, str]]) -> PtrLog:
    log.setup = tuple(Placement(p.piece, p.location, p.hex, p.markers, p.deck, levels.get(p.piece.unit, {}))
                      for p in log.setup)
    return log


def test_a_unit_set_up_disrupted_is_disrupted(syn):
    """PTR16-5 / 16.3B1 (L1633): a unit the set-up shows Disrupted makes no Movement Action; at the layer's first level
    it moves."""
    def log(level: str) -> PtrLog:
        return with_layers(PtrLog(syn), {"1-A": {"Disrupted": level}}).phase(1, "operations") \
            .say("us", "act 1inf").roll("us", 8).move("1-A", "1311", "1312")
    assert illegal(log(" Disrupted").check()) == [(3, "PTR 16.3B1")]
    assert illegal(log("1").check()) == []


def test_an_hq_set_up_on_emergency_supply_is_flipped(syn):
    """PTR17-5 / 17.6B: the set-up's Emergency Supply level puts the HQ on its back side."""
    log = with_layers(PtrLog(syn), {"US1-HQ": {"Emergency Supply": " Emergency Supply"}, "1-A": {"Other": "2"}})
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    assert ref.state.reduced == frozenset({"US1-HQ"})
    assert PtrReferee(rules_for(syn, "s1"), PtrLog(syn).timeline()).state.reduced == frozenset()


def test_no_phase_yet_is_not_checkable(syn, ptr):
    """PtR 21.1.1A (L1903): Scenario 1 has no sequence of play, so its log may show no Operations Cycle phase:
    a declaration or a roll then is *not checkable* (naming the phase), never illegal; in a phase other than the
    OC the declaration is still illegal (5.1F)."""
    for game in (syn, ptr):
        act = "act 1inf"
        r = PtrLog(game, {}).say("us", act).roll("us", 5).check("s1")
        assert illegal(r) == []
        assert "Operations Cycle phase" in dict(unsure(r))[0] and len(unsure(r)) == 2
    r = PtrLog(syn).phase(1, "organization").say("us", "act 1inf").check()
    assert illegal(r) == [(1, "PTR 5.1F")]


def test_no_unit_starts_in_improved_defense(syn):
    """PTR11-20 / 21.0H (L1884): an Improved Defense marker on the map at a scenario's start is flagged; none is legal;
    a log that does not begin with the scenario's first turn may be a later save, so it is not judged."""
    setup = {u: e.hex.resolved for e in syn.scenarios["s1"].setup for u in e.units}
    r = PtrLog(syn, setup).phase(1, "operations").check()
    assert [type(v).__name__ for v in r.setup] == ["Legal"]
    r = PtrLog(syn, dict(setup, **{"Improved Defense": "1311"})).phase(1, "operations").check()
    assert [(v.rule, "1311" in v.reason) for v in r.setup] == [("PTR 21.0H", True)]
    r = PtrLog(syn, dict(setup, **{"Improved Defense": "1311"})).phase(2, "operations").check()
    assert isinstance(r.setup[0], NotCheckable) and "scenario's start" in r.setup[0].needs


def test_an_unknown_fam_names_its_needs_once_however_long_the_log(syn, tmp_path):
    """An FAM unknown after one Recovery Phase (PtR 10.3) stays unknown in the next ones: the reason is said once,
    not once more per turn (a long log's notes would grow without end)."""
    folder = tmp_path / "ptr-synthetic"
    shutil.copytree(SYNTHETIC, folder)
    sc = folder / "scenarios" / "s1.toml"
    sc.write_text(sc.read_text().replace("last_turn = 2", "last_turn = 9"))
    game = load_game(folder)
    log = PtrLog(game)
    for turn in range(1, 10):
        log.phase(turn, "recovery").phase(turn, "operations")
        if turn > 1:
            log.initiative(10, 1)
        log.say("us", "act 1inf").roll("us", 10, "Action Points")
    needs = [v.needs for j in log.check(None).judged for v in j.verdicts  # no scenario named: FAM placement unknown
             if isinstance(v, NotCheckable) and "after recovery" in v.needs]
    assert len(needs) >= 4 and len({len(n) for n in needs[-4:]}) == 1, needs[-4:]
    assert all(n.count("after recovery") == 1 for n in needs)
