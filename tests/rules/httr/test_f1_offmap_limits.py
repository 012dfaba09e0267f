"""OFF-1's ScR 10.2.6 (L1426: at most 30 SP moved from one Off-Map Movement Area to another in a Movement Phase) and
10.2.11 (L1431: German units in area 6E wait two full turns before entering from it). The synthetic game's
``[special.offmap_areas]`` gives ``move_limit_sp`` and ``waits`` (area 3W, German, two turns); each test builds a copy
of it in ``tmp_path`` adding area 2E (sheet A column 10, adjacent to 1E and to 3W) and 3W (sheet A column 01), and
for ScR 10.2.6 a limit of 8 SP (three 3-SP companies exceed it, two do not). Its calendar's GTs 6-7 are night, so
the moves between areas of GTs 6-7 need no HQ (10.2.9)."""
from __future__ import annotations

from pathlib import Path

import pytest

from hexforge.games import load_game
from hexforge.games.game import Game
from hexforge.rules.verdict import Illegal, Legal
from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure
from tests.rules.httr.test_defects_offmap import with_areas  # two more off-map areas' edges (ScR 10.1.3)

COMPANIES = ("G-INF1", "G-INF2", "G-INF3")  # 3 SP each (units.csv)


def copy_with(tmp_path: Path, limit: int | None = None, turns: int | None = None) -> Game:
    changes = {'adjacent = [["1W", "1E"]]': 'adjacent = [["1W", "1E"], ["1E", "2E"], ["2E", "3W"]]',
               "move_limit_sp = 30": f"move_limit_sp = {30 if limit is None else limit}"}
    if turns is not None:
        changes['area = "3W", side = "german", turns = 2'] = f'area = "3W", side = "german", turns = {turns}'
    return with_areas(tmp_path, changes)


@pytest.fixture
def small(tmp_path: Path) -> Game:
    return copy_with(tmp_path, limit=8)


@pytest.fixture
def areas(tmp_path: Path) -> Game:
    return copy_with(tmp_path)


def crossing(g: Game, units: tuple[str, ...], backs: list[tuple[int, str]]) -> list[list]:
    """``units`` (Travel, on B0310 in area 1E) leave in GT 5's German Movement Phase; each comes back by A0310 (2E)
    at its (GT, phase) of ``backs``: the verdicts of each return."""
    log = Log({u: ("B0310", {"Mode": "Travel"}) for u in units} | {"A-INF1": "B0105"}, g).phase(5, "german_movement")
    for u in units:
        log.leave(u)
    out, at = [], None
    for u, when in zip(units, backs):
        if when != at:
            log.phase(*when)
            at = when
        log.enter(u, "A0310")
        out.append(last(log.check()))
    return out


def test_more_than_the_limit_moved_in_one_phase_is_illegal(small):  # OFF-1 illegal, ScR 10.2.6
    """Back in GT 8's German Reaction Phase (its first), as early as they could: all three moved 1E -> 2E in GT 6's
    Movement Phase and spent GT 7's in 2E (10.2.3)."""
    first, second, third = crossing(small, COMPANIES, [(8, "german_reaction")] * 3)
    assert not illegal(first) and not illegal(second)
    assert rules_broken(third) == ["HTTR ScR 10.2.6"]
    assert "9 strength points moved from off-map area 1E to area 2E in GT 6" in illegal(third)[0].reason


def test_the_limit_kept_is_legal(small):  # OFF-1 legal, ScR 10.2.6
    two = crossing(small, COMPANIES[:2], [(8, "german_reaction")] * 2)
    assert not [v for vs in two for v in illegal(vs)]
    assert any(isinstance(v, Legal) and "moved by night from area 1E to area 2E" in (v.detail or "") for v in two[1])


def test_an_excess_a_unit_with_time_to_spare_may_make_is_not_checkable(small):  # OFF-1, ScR 10.2.6
    """The third company is back a GT later: it may have moved in GT 7's (night) Movement Phase, under the limit."""
    third = crossing(small, COMPANIES, [(8, "german_reaction")] * 2 + [(9, "german_reaction")])[2]
    assert not illegal(third)
    assert any("ScR 10.2.6" in n.needs for n in unsure(third)), third


def test_the_bundled_limit_is_thirty(areas):  # OFF-1, ScR 10.2.6 (L1426): the data's limit
    assert not [v for vs in crossing(areas, COMPANIES, [(8, "german_reaction")] * 3) for v in illegal(vs)]
    httr = load_game("highway-to-the-reich")
    assert httr.special("offmap_areas")["move_limit_sp"]["value"] == 30


def waiting(g: Game, from_hex: str, left: tuple[int, str], at: tuple[int, str]) -> list:
    """G-INF1 leaves ``from_hex`` in ``left`` and enters A0301 (3W) in ``at``, warned of in the GT before (10.2.11's
    warning: tests/rules/httr/test_s3_offmap.py)."""
    log = Log({"G-INF1": (from_hex, {"Mode": "Travel"}), "A-INF1": "B0105"}, g).phase(*left).leave("G-INF1")
    if left[0] != at[0] - 1:
        log.phase(at[0] - 1, "german_reaction")
    return last(log.say("offmap 3W").phase(*at).enter("G-INF1", "A0301").check())


def test_a_unit_left_into_the_waiting_area_waits_two_full_turns(areas):  # OFF-1 illegal and legal, ScR 10.2.11
    """Left into 3W in GT 5's German Reaction Phase (the GT's first): GT 5's Movement Phase off the map satisfies
    10.2.3, but GT 5 is its first turn there and GT 6 its second: it enters from GT 7."""
    early = waiting(areas, "A0301", (5, "german_reaction"), (6, "german_reaction"))
    assert rules_broken(early) == ["HTTR ScR 10.2.11"]
    on_time = waiting(areas, "A0301", (5, "german_reaction"), (7, "german_reaction"))
    assert not illegal(on_time)
    assert any(isinstance(v, Legal) and "waited 2 full turns in off-map area 3W" in (v.detail or "") for v in on_time)


def test_a_unit_moved_into_the_waiting_area_waits_from_its_arrival(tmp_path):  # OFF-1 illegal and legal, 10.2.11
    """Three turns' wait (a copy's datum): left from A0310 (2E) in GT 5's Movement Phase, it reaches 3W in GT 6's
    (night) at the earliest; GT 7's Movement Phase there satisfies 10.2.3-10.2.4, but it waits until GT 9."""
    g = copy_with(tmp_path, turns=3)
    early = waiting(g, "A0310", (5, "german_movement"), (8, "german_reaction"))
    assert rules_broken(early) == ["HTTR ScR 10.2.11"]
    assert not illegal(waiting(g, "A0310", (5, "german_movement"), (9, "german_reaction")))


def test_an_allied_unit_is_not_bound_by_the_german_wait(areas):  # OFF-1 legal, ScR 10.2.11 ('German units')
    """A-GCO1 leaves into 3W in GT 5's Allied Movement Phase and is back after GT 6's: a German unit would wait."""
    log = Log({"A-GCO1": ("A0301", {"Mode": "Travel"}), "G-INF1": "B0705"}, areas).phase(5, "allied_movement") \
        .leave("A-GCO1").phase(6, "allied_reaction").enter("A-GCO1", "A0301")
    assert not illegal(last(log.check()))


def test_bundled_6e_edge_unknown_is_not_checkable():  # OFF-1, ScR 10.2.11: area 6E's edge is not transcribed
    """1036/59 leaves from C2101 (area 5W's edge) and comes back by D6117, a hex of no transcribed area: it may be
    6E's, whose units wait two turns; not checkable naming 6E's edge, never legal."""
    httr = load_game("highway-to-the-reich")
    log = Log({"1036/59": ("C2101", {"Mode": "Travel"})}, httr).phase(3, "german_movement").leave("1036/59") \
        .phase(5, "german_reaction").enter("1036/59", "D6117")
    v = last(log.check())
    assert not [x for x in v if isinstance(x, (Illegal, Legal))], v
    assert any("off-map area 6E" in n.needs and "offmap-6E" in n.needs for n in unsure(v)), v
