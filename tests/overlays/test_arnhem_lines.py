"""ARN 10.7.2(c) (arnhem-farthest-bridge.txt L441-L445): "Three or more British non-airborne units
cannot trace a line of hexes to the south map edge road hex" -> remove three +6 British markers.

On the real Arnhem grid (the reading used, "enemy-units", needs no terrain). Unit types are
set per test (the game data does not give them), a cluster of three British units in 2010,
2011 and their common neighbour is ringed by German units."""
from __future__ import annotations

from dataclasses import replace

import pytest

from hexforge.games.loader import load_game
from hexforge.rules import rules_for
from hexforge.rules.fm.arnhem.supply import line_overlay, lines_to_south_edge
from tests.overlays.conftest import position

BRITISH = ["2IG/Gds", "231/50", "1GG/Gds"]
GERMAN = ["2/406", "1/406", "BrDf", "Krft", "2/9SS", "9/9SS", "Grsn", "1/Vt", "2/Vt", "1/59", "2/59", "1/9SS"]


@pytest.fixture(scope="module")
def arnhem():
    g = load_game("arnhem")
    units = {uid: replace(u, type="infantry") if u.nationality == "British" else u for uid, u in g.units.items()}
    return replace(g, units=units)


@pytest.fixture(scope="module")
def cluster(arnhem):
    m = arnhem.map
    a, b = m.hex("2010"), m.hex("2011")
    c = next(n for n in sorted(a.neighbours()) if n in b.neighbours())
    hexes = [a, b, c]
    ring = sorted({n for h in hexes for n in h.neighbours()} - set(hexes))
    return [m.label(h) for h in hexes], [m.label(h) for h in ring]


def placed(cluster, gap: int | None = None) -> dict[str, str]:
    inside, ring = cluster
    out = dict(zip(BRITISH, inside))
    out.update({GERMAN[i]: lab for i, lab in enumerate(ring) if i != gap})
    return out


SOUTH_ROAD = "0113"  # a stand-in for the road hex: the game's data does not say which it is


def answer(game, where, **kw):
    kw.setdefault("targets", frozenset({game.map.hex(SOUTH_ROAD)}))
    return lines_to_south_edge(rules_for(game), position(game, where), **kw)


def test_three_ringed_british_units_cut_off_remove_the_markers(arnhem, cluster):
    got = answer(arnhem, placed(cluster))
    assert got.units == {u: False for u in BRITISH}
    assert got.reduction is True and not got.needs


def test_a_gap_in_the_ring_lets_them_trace(arnhem, cluster):
    got = answer(arnhem, placed(cluster, gap=0))
    assert got.units == {u: True for u in BRITISH} and got.reduction is False


def test_two_cut_off_are_not_three(arnhem, cluster):
    where = placed(cluster)
    del where[BRITISH[2]]  # its hex now empty inside the ring: two units cut off
    got = answer(arnhem, where)
    assert sum(v is False for v in got.units.values()) == 2 and got.reduction is False


def test_airborne_units_do_not_count(arnhem, cluster):
    units = dict(arnhem.units)
    units[BRITISH[0]] = replace(units[BRITISH[0]], type="airborne infantry")
    got = answer(replace(arnhem, units=units), placed(cluster))
    assert BRITISH[0] not in got.units and got.reduction is False


def test_ezoc_reading_closes_a_gap_a_friendly_unit_reopens(arnhem, cluster):
    inside, ring = cluster
    where = placed(cluster, gap=0)  # ring[0] open, but its German neighbours put it in their ZOC
    assert answer(arnhem, where).reduction is False
    assert answer(arnhem, where, blocked_by="enemy-zoc").reduction is True
    where["Various/XXX"] = ring[0]  # another British unit in the gap negates the ZOC there
    got = answer(arnhem, where, blocked_by="enemy-zoc")
    assert got.units[BRITISH[0]] is True and got.reduction is False


def test_unknown_road_hex_still_decides_clear_cases(arnhem, cluster):
    # The game data leaves the road hex unknown: ringed units reach no south-edge hex (surely cut),
    # units in open country reach every south-edge hex (surely trace).
    got = lines_to_south_edge(rules_for(arnhem), position(arnhem, placed(cluster)))
    assert got.reduction is True and any("road" in n for n in got.needs)
    got = lines_to_south_edge(rules_for(arnhem), position(arnhem, placed(cluster, gap=0)))
    assert got.units == {u: True for u in BRITISH} and got.reduction is False


def test_real_data_names_what_is_missing():
    game = load_game("arnhem")  # British unit types are unknown in the data
    inside = ["2010", "2011", "2110"]
    got = lines_to_south_edge(rules_for(game), position(game, dict(zip(BRITISH, inside))))
    assert got.units == {u: True for u in BRITISH} and got.reduction is False  # open country: they trace
    assert any("airborne" in n and BRITISH[0] in n for n in got.needs)


def test_overlay_marks_each_unit(arnhem, cluster):
    ov = line_overlay(rules_for(arnhem), position(arnhem, placed(cluster)), targets=frozenset({arnhem.map.hex(SOUTH_ROAD)}))
    assert {ov.marks[arnhem.map.hex(lab)] for lab in cluster[0]} == set(BRITISH)
    assert set(ov.values.values()) == {"cut"} and "three +6 British markers are removed" in ov.notes[0]


def test_cli_lines(tmp_path):
    import json
    from click.testing import CliRunner
    from hexforge.cli_overlay import overlay
    out = tmp_path / "lines.json"
    r = CliRunner().invoke(overlay, ["lines", "arnhem", "--road", SOUTH_ROAD, "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert "10.7.2(c)" in json.loads(out.read_text())["title"]
    r = CliRunner().invoke(overlay, ["lines", "arnhem", "--road", "9999", "-o", str(tmp_path / "other.json")])
    assert r.exit_code == 1 and r.output.count("\n") == 1 and "9999" in r.output
