"""Support fire marker pools: lowest-valued markers first (F&M 7.1) and the Arnhem SFM restrictions
(ARN 10.7.1), on the synthetic F&M game. Blue (first player) is allotted 3 SFMs in GT 1, red 2."""
from __future__ import annotations

import shutil

import pytest

from hexforge.games import load_game
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.conftest import ROOT
from tests.rules.helpers import Log, illegal_rules, verdicts

SYN = ROOT / "tests" / "data" / "synthetic-fm"
POOLS = '''id = "sfm_pools"
name = "Support fire marker pools"
kind = "other"
source = "synthetic test data"
columns = ["values"]
row_key = "side"

[[rows]]
key = "blue"
cells = [[4, 1, 3, 1, 2]]

[[rows]]
key = "red"
cells = [[1, 2, 2, 3]]
'''


@pytest.fixture(scope="module")
def game():
    return load_game(SYN)


@pytest.fixture(scope="module")
def pooled(tmp_path_factory):
    """The synthetic game with a counter mix: blue +1 +1 +2 +3 +4, red +1 +2 +2 +3."""
    d = tmp_path_factory.mktemp("pooled") / "synthetic-fm"
    shutil.copytree(SYN, d)
    (d / "tables" / "sfm_pools.toml").write_text(POOLS, encoding="utf-8")
    return load_game(d)


SETUP = {"B1": "0604", "R2": "0705", "R4": "1201"}


def test_f_m_7_1_lowest_valued_markers_first(pooled) -> None:
    # F&M 7.1 (AAC L307, ARN L148): "If the allotment ... is less than the total quantity of markers in
    # the pool ... that player must select from the lowest-valued markers before selecting higher-valued
    # markers." Blue's 3 of 5 markers are +1 +1 +2.
    ok = Log(pooled, SETUP).phase(1, "first-bombardment").say("bombard 0705 sfm 1 2").roll(4).check()
    assert illegal_rules(ok) == []
    bad = Log(pooled, SETUP).phase(1, "first-bombardment").say("bombard 0705 sfm 3").roll(4).check()
    assert illegal_rules(bad) == [(1, "F&M 7.1")]
    (v,) = [v for v in verdicts(bad, 1) if isinstance(v, Illegal)]
    assert "+1, +1, +2" in v.reason
    # counted over the GT: +2 then a second +2 is more +2s than the lowest three hold
    twice = Log(pooled, SETUP).phase(1, "first-bombardment").say("bombard 0705 sfm 2").roll(4) \
        .say("bombard 1201 sfm 2").check()
    assert (3, "F&M 7.1") in illegal_rules(twice)


def test_f_m_7_1_without_the_counter_mix_is_not_checkable(game) -> None:
    rep = Log(game, SETUP).phase(1, "first-bombardment").say("bombard 0705 sfm 3").roll(4).check()
    assert any(isinstance(v, NotCheckable) and "SFM counter mix of blue" in v.needs for v in verdicts(rep, 1))
    g = load_game("arnhem")
    assert "row 'british' of tables/sfm_pools.toml" in Arnhem(g).sfm_pool("allied").needs


def test_arn_10_7_1_markers_below_6_only_next_to_a_friendly_unit(game) -> None:
    # ARN 10.7.1 (L435): "Markers with a factor of less than six and all German markers may only be
    # used in hexes adjacent to friendly units."
    r = Arnhem(game)
    near = Log(game, SETUP).phase(1, "first-bombardment").say("bombard 0705 sfm 4").roll(4).check(r)
    assert "ARN 10.7.1" not in {rl for _, rl in illegal_rules(near)}
    far = Log(game, {"B1": "0603", "R2": "0705", "R4": "1201"}).phase(1, "first-bombardment") \
        .say("bombard 0705 sfm 4").roll(4).check(r)
    assert (1, "ARN 10.7.1") in illegal_rules(far)


def test_arn_10_7_1_german_markers_of_any_value_and_the_unnamed_plus_6(game) -> None:
    r = Arnhem(game)
    german = Log(game, {"B1": "0603", "R2": "0705", "R4": "1201"}).phase(1, "second-bombardment") \
        .say("bombard 0603 sfm 6").roll(4).check(r)
    assert (1, "ARN 10.7.1") in illegal_rules(german)
    allied = Log(game, {"B1": "0603", "R2": "0705", "R4": "1201"}).phase(1, "first-bombardment") \
        .say("bombard 0705 sfm 6").roll(4).check(r)
    assert "ARN 10.7.1" not in {rl for _, rl in illegal_rules(allied)}
    assert any(isinstance(v, NotCheckable) and "priest" in v.needs for v in verdicts(allied, 1))
