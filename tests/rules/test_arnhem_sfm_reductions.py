"""ARN 10.7.2 (arnhem-farthest-bridge.txt L441-L445) applied to the SFM pool: "If at the beginning of the
Support Fire Marker Phase: a) The hex containing the British drop zone marker is occupied by a German unit,
the Allied player must remove three +3 non-airpower SFM markers from the British pool. b) ... US drop zone
markers ... three +3 SFM markers from the US pool. c) Three or more British non-airborne units cannot trace
a line of hexes to the south map edge road hex, ... remove three +6 ... markers from the British pool."

Pool checks run on the synthetic game (blue = Allied, red = German; British drop zone marker 0707; blue is
allotted 3 markers in GT 1) with a test counter mix: British +1 +3 +3 +3 +6, US +2. Clause c runs on the
real Arnhem grid with the cluster of tests/overlays/test_arnhem_lines.py (three British units ringed by
German ones), traced by rules/fm/arnhem/supply.py in its default reading ("enemy-units")."""
from __future__ import annotations

import shutil

import pytest

from hexforge.games import load_game
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules.fm.arnhem.sfm import Reduction, sfm_reductions
from hexforge.rules.verdict import Legal, NotCheckable
from tests.overlays.conftest import position
from tests.overlays.test_arnhem_lines import BRITISH, placed
from tests.overlays.test_arnhem_lines import arnhem, cluster  # noqa: F401  (shared fixtures)
from tests.rules.helpers import Log, illegal_rules, verdicts
from tests.rules.test_sfm_pools import SYN

POOLS = '''id = "sfm_pools"
name = "Support fire marker pools"
kind = "other"
source = "synthetic test data"
columns = ["values"]
row_key = "pool"

[[rows]]
key = "british"
cells = [[1, 3, 3, 3, 6]]

[[rows]]
key = "us"
cells = [[2]]

[[rows]]
key = "red"
cells = [[1, 2]]
'''


@pytest.fixture(scope="module")
def pooled(tmp_path_factory):
    d = tmp_path_factory.mktemp("arn-pools") / "synthetic-fm"
    shutil.copytree(SYN, d)
    (d / "tables" / "sfm_pools.toml").write_text(POOLS, encoding="utf-8")
    return load_game(d)


def bombard(game, red_at: str, sfm: str, sfm_phase: bool = True):
    # B1 in 0604 is adjacent to R2 in 0705 (ARN 10.7.1: markers below +6 only next to a friendly unit)
    log = Log(game, {"B1": "0604", "R2": "0705", "R1": red_at})
    if sfm_phase:
        log = log.phase(1, "sfm")
    return log.phase(1, "first-bombardment").say(f"bombard 0705 sfm {sfm}").roll(4).check(Arnhem(game))


def test_arn_10_7_2_a_applies_the_three_plus_3_are_out_of_the_pool(pooled) -> None:
    # L443 a): R1 on the British marker (0707) at the start of the SFM phase: British +1 +6 and US +2 remain;
    # the three lowest are +1 +2 +6, so a +3 is no longer drawn
    rep = bombard(pooled, "0707", "3")
    assert illegal_rules(rep) == [(2, "ARN 10.7.2")]
    assert illegal_rules(bombard(pooled, "0707", "1 2")) == []


def test_arn_10_7_2_a_does_not_apply_the_plus_3_is_drawn(pooled) -> None:
    # L443 a): no German unit on 0707 -> no reduction; +1 +2 +3 are the three lowest (F&M 7.1)
    rep = bombard(pooled, "1201", "3")
    assert illegal_rules(rep) == [] and Legal() in verdicts(rep, 2)


def test_arn_10_7_2_without_the_sfm_phase_the_reduction_is_not_checkable(pooled) -> None:
    # L442 "at the beginning of the Support Fire Marker Phase": a log without that phase does not say
    rep = bombard(pooled, "0707", "3", sfm_phase=False)
    assert illegal_rules(rep) == []
    assert any(isinstance(v, NotCheckable) and "Support Fire Marker Phase" in v.needs for v in verdicts(rep, 1))


def test_arn_10_7_2_a_plus_3_is_f_m_7_1_illegal_either_way(pooled) -> None:
    # F&M 7.1 lowest first: a +6 is not among +1 +2 +3 of the whole pool -> cited as F&M 7.1, not ARN 10.7.2
    # (+6 with a +1: R1 away, so no reduction)
    rep = bombard(pooled, "1201", "1 6")
    assert (2, "F&M 7.1") in illegal_rules(rep)


def test_arn_10_7_2_c_applies_three_british_units_cut_off(arnhem, cluster) -> None:
    # L443 c): the three British non-airborne units reach no south edge hex -> three +6 from the British pool
    applies, undecided = sfm_reductions(Arnhem(arnhem), position(arnhem, placed(cluster)))
    assert applies == [Reduction("c", "british", 3, 6)]
    assert [r.clause for r, _ in undecided] == ["a", "b"]  # the drop zone markers depend on the scenario
    removals = Arnhem(arnhem).sfm_removals(position(arnhem, placed(cluster)))
    assert all(removed.get("british", []).count(6) == 3 for removed, _ in removals)


def test_arn_10_7_2_c_does_not_apply_with_a_gap_in_the_ring(arnhem, cluster) -> None:
    # L443 c): a gap lets all three trace a line -> no +6 removed
    applies, undecided = sfm_reductions(Arnhem(arnhem), position(arnhem, placed(cluster, gap=0)))
    assert applies == [] and "c" not in [r.clause for r, _ in undecided]


def test_arn_10_7_2_c_not_checkable_when_unit_types_are_unknown(cluster) -> None:
    # L443 c) counts "non-airborne" units: the real units.csv gives no types
    real = load_game("arnhem")
    applies, undecided = sfm_reductions(Arnhem(real), position(real, placed(cluster)))
    assert applies == [] and any(r.clause == "c" and "airborne" in u.needs for r, u in undecided)
    assert set(BRITISH) <= set(real.units)
