"""PtR 13, 17 and 18 on the synthetic PtR-system game (tests/data/overlay-ptr) and the real
game's 13.4.2 example."""
from __future__ import annotations

import pytest

from hexforge.games.loader import load_game
from hexforge.rules.ptr.supply import PtrPaths, _prohibited_test, command_range, isolated, sources, supply
from tests.overlays.conftest import position

RING = ["GE-INF", "GE-INF2", "GE-TD", "GE-HQ"]


def ring_around(game, centre: str, leave_open: int | None = None) -> dict[str, str]:
    """Units of the German side on the neighbours of ``centre`` (extra German ids as needed)."""
    h = game.map.hex(centre)
    labels = [game.map.label(n) for n in h.neighbours() if n in game.map]
    return {f"ring{i}": lab for i, lab in enumerate(labels) if i != leave_open}


@pytest.fixture
def ring_game(ptr_game, monkeypatch):
    """The synthetic game with six extra German infantry units (ring0..ring5)."""
    from dataclasses import replace
    units = dict(ptr_game.units)
    for i in range(6):
        units[f"ring{i}"] = replace(units["GE-INF"], id=f"ring{i}")
    return replace(ptr_game, units=units)


def test_enemy_units_break_supply_path_ptr_17_3a1(ring_game):
    g = ring_game
    placed = {"US-HQ": "0405", **ring_around(g, "0405")}
    everyone = set(placed) - {"US-HQ"}
    paths = PtrPaths(g, position(g, placed), disrupted=everyone)  # disrupted: no ZOC, units still block
    assert supply(paths, "us").hqs["US-HQ"] is False
    placed = {"US-HQ": "0405", **ring_around(g, "0405", leave_open=0)}
    paths = PtrPaths(g, position(g, placed), disrupted=set(placed) - {"US-HQ"})
    assert supply(paths, "us").hqs["US-HQ"] is True


def test_ezoc_breaks_path_unless_a_friendly_unit_is_there_ptr_17_3a2(ring_game):
    g = ring_game
    ring = ring_around(g, "0405", leave_open=0)  # the gap is 0506
    ring_units = set(ring)
    # A German infantry two hexes from the HQ, next to the gap, puts the gap in its ZOC.
    base = {"US-HQ": "0405", **ring, "GE-INF": "0605"}
    paths = PtrPaths(g, position(g, base), disrupted=ring_units)
    assert paths.ezoc(g.map.hex("0506"), "us") is True
    assert supply(paths, "us").hqs["US-HQ"] is False
    paths = PtrPaths(g, position(g, {**base, "US-INF": "0506"}), disrupted=ring_units)
    assert supply(paths, "us").hqs["US-HQ"] is True


def test_which_friendly_units_negate_is_a_reading(ring_game):
    g = ring_game
    ring = ring_around(g, "0405", leave_open=0)
    placed = {"US-HQ": "0405", **ring, "GE-INF": "0605", "US-HQ2": "0506"}
    state = position(g, placed)
    # 17.3A2 / 18.3B: any friendly unit, an HQ included, negates.
    assert supply(PtrPaths(g, state, disrupted=set(ring)), "us").hqs["US-HQ"] is True
    # 13.5: only a friendly combat unit negates.
    assert supply(PtrPaths(g, state, disrupted=set(ring), reading="13.5"), "us").hqs["US-HQ"] is False


def test_into_but_never_through_an_ezoc_ptr_13_5(ptr_game):
    g = ptr_game
    state = position(g, {"GE-INF": "0404"})
    h = g.map.hex("0405")
    p17, p13 = PtrPaths(g, state), PtrPaths(g, state, reading="13.5")
    assert p17.enterable(h, "us") is False and p13.enterable(h, "us") is True
    assert p17.through(h, "us") is False and p13.through(h, "us") is False
    far = g.map.hex("0408")
    assert p17.enterable(far, "us") is True and p13.through(far, "us") is True


def test_anti_tank_ditch_breaks_supply_ptr_17_3b(ptr_game):
    p = PtrPaths(ptr_game, position(ptr_game, {}))
    L = ptr_game.map.hex
    assert p.crossable_for_supply(L("0802"), L("0902")) is False
    assert p.crossable_for_supply(L("0802"), L("0803")) is True


def test_hq_boxed_in_by_a_ditch_and_enemies(ring_game):
    """0902's neighbours: 1002, 1001, 0901, 0801, 0802 (across the ditch), 0903."""
    g = ring_game
    placed = {"GE-HQ": "0902", "ring0": "1002", "ring1": "0903", "ring2": "0801", "ring3": "1001", "ring4": "0901"}
    state = position(g, placed)
    dis = {f"ring{i}" for i in range(5)}
    # German sources are row 01; 0902 touches 1001/0901 (occupied by its own side's units: fine).
    assert supply(PtrPaths(g, state, disrupted=dis), "german").hqs["GE-HQ"] is True


def test_sources_switch_off_under_enemy_units_ptr_17_4e(ptr_game):
    g = ptr_game
    src = sources(PtrPaths(g, position(g, {"GE-INF": "0408"})), "us", turn=1)
    assert src[g.map.hex("0408")] is False
    src = sources(PtrPaths(g, position(g, {"GE-INF": "0407"})), "us", turn=1)
    assert src[g.map.hex("0408")] is True  # 17.4F: works again once the enemy has left


def test_southwestern_edge_from_turn_4_ptr_17_4c(ptr_game):
    g = ptr_game
    p = PtrPaths(g, position(g, {}))
    assert g.map.hex("0104") not in sources(p, "us", turn=3)
    assert sources(p, "us", turn=4)[g.map.hex("0104")] is True


def test_unsurveyed_hex_gives_unknown_not_a_guess(ptr_game):
    g = ptr_game
    p = PtrPaths(g, position(g, {"GE-INF": "1007"}))
    assert p.ezoc(g.map.hex("1008"), "us") is None
    assert any("1008" in n for n in p.needs)
    assert p.ezoc(g.map.hex("0907"), "us") is True


def test_zoc_chart_and_disruption_ptr_13_2(ptr_game):
    g = ptr_game
    L = g.map.hex
    state = position(g, {"GE-INF": "0404", "GE-TD": "0604", "GE-HQ": "0406"})
    p = PtrPaths(g, state)
    assert p.exerts_zoc_into("GE-INF", L("0505")) is True   # infantry-type into forest/pillbox
    assert p.exerts_zoc_into("GE-TD", L("0505")) is False   # support-type blocked by forest/pillbox
    assert p.exerts_zoc_into("GE-TD", L("0605")) is True
    assert p.exerts_zoc_into("GE-HQ", L("0405")) is False   # HQs exert no ZOC (13.1)
    assert PtrPaths(g, state, disrupted={"GE-INF"}).exerts_zoc_into("GE-INF", L("0505")) is False


def test_worked_example_13_4_2_zoc_blocked_by_forest_pillbox():
    """PtR 13.4.2A: 2922 is in the EZOC of 3-B/36 (2921) but not of 3-703 (3023), whose ZOC the
    forest/pillbox hex blocks. 3022's terrain is not transcribed: not checkable."""
    g = load_game("piercing-the-reich")
    state = position(g, {"3A-B/36": "2921", "3A-703": "3023", "116-228": "2922"})
    p = PtrPaths(g, state)
    assert p.exerts_zoc_into("3A-B/36", g.map.hex("2922")) is True
    assert p.exerts_zoc_into("3A-703", g.map.hex("2922")) is False
    assert p.ezoc(g.map.hex("2922"), "german") is True
    assert p.ezoc(g.map.hex("3022"), "german") is None


def test_command_range_counts_the_hq_hex_not_the_units_ptr_18_2(ptr_game):
    g = ptr_game
    L = g.map.hex
    p = PtrPaths(g, position(g, {"US-HQ": "0204"}))
    cr = command_range(p, "US-HQ")
    assert cr[L("0504")] == (True, 3)     # three hexsides away: in CR 3
    assert L("0604") not in cr            # four: out
    assert cr[L("0204")][0] is True


def test_command_path_broken_by_enemy_and_ezoc_ptr_18_3(ptr_game):
    g = ptr_game
    L = g.map.hex
    clear = command_range(PtrPaths(g, position(g, {"US-HQ": "0204"})), "US-HQ")
    assert clear[L("0404")][0] is True
    # A German unit in 0304 puts 0204's neighbours in its ZOC: the direct paths are broken.
    blocked = command_range(PtrPaths(g, position(g, {"US-HQ": "0204", "GE-INF": "0304"})), "US-HQ")
    assert L("0404") not in blocked
    assert L("0304") not in blocked


def test_prohibited_terrain_breaks_command_path_ptr_18_3c(ptr_game):
    g = ptr_game
    allowed = _prohibited_test(PtrPaths(g, position(g, {})), "leg")
    assert allowed(g.map.hex("0707")) is False
    assert allowed(g.map.hex("0706")) is True
    assert allowed(g.map.hex("1008")) is None


def test_unknown_command_range_is_not_checkable():
    g = load_game("piercing-the-reich")
    p = PtrPaths(g, position(g, {"VII-1 Inf": "2922"}))
    cr = command_range(p, "VII-1 Inf")
    assert all(v is None for v, _ in cr.values())
    assert any("command_range" in n for n in p.needs)


def test_isolation_is_no_path_of_any_length_ptr_18_4(ring_game):
    g = ring_game
    placed = {"US-HQ": "0108", "US-INF": "0405", **ring_around(g, "0405")}
    p = PtrPaths(g, position(g, placed), disrupted={f"ring{i}" for i in range(6)})
    assert isolated(p, "US-INF", "US-HQ") is True
    placed = {"US-HQ": "0108", "US-INF": "0405", **ring_around(g, "0405", leave_open=3)}
    p = PtrPaths(g, position(g, placed), disrupted={f"ring{i}" for i in range(6)})
    assert isolated(p, "US-INF", "US-HQ") is False


def test_unsurveyed_hexsides_may_hide_a_ditch_ptr_17_3b(ptr_game):
    """PtR 17.3B: with 0405's terrain unknown, every hexside into it is unsurveyed: the HQ's supply path may cross
    a ditch the data does not show, so its supply is not known (not 'in supply'), and says what is missing. Once
    the hex is known again the same HQ is in supply."""
    import copy
    g = copy.deepcopy(ptr_game)
    del g.map.terrain.hexes[g.map.hex("0405")]
    paths = PtrPaths(g, position(g, {"US-HQ": "0405"}))
    got = supply(paths, "us")
    assert got.hqs["US-HQ"] is None and any("anti-tank ditch" in n for n in got.needs)
    assert supply(PtrPaths(ptr_game, position(ptr_game, {"US-HQ": "0405"})), "us").hqs["US-HQ"] is True


def test_a_ditch_whose_hexsides_are_not_given_is_unknown_everywhere_ptr_17_3b(ptr_game):
    """PtR 17.3B: a ditch feature given with pairs = "unknown" (as the loader records it) may be on any hexside
    not read by a survey: a known hexside without a listed ditch is unknown, not free; a survey's reading wins."""
    import copy
    g = copy.deepcopy(ptr_game)
    g.map.terrain.unplaced["anti-tank-ditch"] = "a ditch line"
    L = g.map.hex
    p = PtrPaths(g, position(g, {}))
    assert p.crossable_for_supply(L("0802"), L("0803")) is None and "a ditch line" in " ".join(p.needs)
    assert p.crossable_for_supply(L("0802"), L("0902")) is False
    from hexforge.maps.hexes import Hexside
    g.map.terrain.surveyed_sides[Hexside.between(L("0802"), L("0803"))] = True
    assert PtrPaths(g, position(g, {})).crossable_for_supply(L("0802"), L("0803")) is True


def test_a_remembered_answer_still_follows_the_turns_sources_ptr_17_4c(ring_game):
    """PtR 17.4C: US-HQ on 0104, ringed by German units, is out of supply on Turn 3 and in supply on Turn 4, when
    the south-western edge it stands on becomes a source: a position's answer is kept across turns only while
    the same edges are active."""
    g = ring_game
    state = position(g, {"US-HQ": "0104", **ring_around(g, "0104")})
    assert supply(PtrPaths(g, state), "us", turn=3).hqs["US-HQ"] is False
    assert supply(PtrPaths(g, state), "us", turn=4).hqs["US-HQ"] is True
    assert supply(PtrPaths(g, state), "us", turn=2).hqs["US-HQ"] is False
