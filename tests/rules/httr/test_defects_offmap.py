"""OFF-1 (ScR 10.2.1, 10.2.3-10.2.5, 10.2.7-10.2.9, L1421-L1429): a unit that leaves the map by one Off-Map Movement
Area's edge and comes back by another's moved between areas. The synthetic game has areas 1W (sheet B column 01,
deactivated on GT 4) and 1E (column 10), adjacent; each test builds a copy of it in ``tmp_path`` adding area 2E
(sheet A column 10), adjacent to 1E, and 3W (sheet A column 01), adjacent to none (a copy: new edges in the shared
game would make other tests' entries on those hexes held arrivals, ScR 12.3.3). Its calendar's GTs 6-7 and 13-14 are
night. G-INF1 leaves from B0310 (1E) in the German phases and comes back by A0310 (2E) or A0301 (3W)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hexforge.games import load_game
from hexforge.games.game import Game
from tests.rules.httr.helpers import SYNTHETIC, Log, illegal, last, rules_broken, unsure

AREAS = '''
# OFF-1 (test_defects_offmap.py, test_f1_offmap_limits.py): two more Off-Map Movement Areas (HTTR ScR 10.1.3 L1417)
[[edges]]
id = "offmap-2E"
hexes = ["A0110", "A0210", "A0310", "A0410", "A0510", "A0610", "A0710"]
source = "synthetic test data (the pattern of HTTR ScR 10.1.3 L1417)"

[[edges]]
id = "offmap-3W"
hexes = ["A0101", "A0201", "A0301", "A0401", "A0501", "A0601", "A0701"]
source = "synthetic test data (the pattern of HTTR ScR 10.1.3 L1417)"
'''


def with_areas(tmp_path: Path, changes: dict[str, str]) -> Game:
    """A copy of the synthetic game with ``AREAS``' edges and each of game.toml's ``changes`` (old text -> new)."""
    folder = tmp_path / SYNTHETIC.name  # a game's folder is named by its id
    shutil.copytree(SYNTHETIC, folder)
    with (folder / "terrain.toml").open("a", encoding="utf-8") as f:
        f.write(AREAS)
    toml = folder / "game.toml"
    text = toml.read_text(encoding="utf-8")
    for old, new in changes.items():
        assert old in text, old
        text = text.replace(old, new)
    toml.write_text(text, encoding="utf-8")
    return load_game(folder)


@pytest.fixture
def areas(tmp_path: Path) -> Game:
    return with_areas(tmp_path, {'adjacent = [["1W", "1E"]]': 'adjacent = [["1W", "1E"], ["1E", "2E"]]'})


def back(g: Game, mode: str, left: tuple[int, str], at: tuple[int, str], h: str = "A0310") -> list:
    """G-INF1, in ``mode``, leaves from B0310 (area 1E) in ``left`` (GT, phase) and enters ``h`` in ``at``."""
    log = Log({"G-INF1": ("B0310", {"Mode": mode}), "A-INF1": "B0105"}, g).phase(*left).leave("G-INF1")
    return last(log.phase(*at).enter("G-INF1", h).check())


def test_a_night_move_between_adjacent_areas_in_travel_mode(areas):  # OFF-1 legal and illegal, ScR 10.2.4
    """Left in GT 5's Movement Phase: GT 6's (night) moves it 1E -> 2E, GT 7's it spends in 2E (10.2.3)."""
    v = back(areas, "Travel", (5, "german_movement"), (8, "german_reaction"))
    assert not illegal(v) and any("moved by night from area 1E to area 2E" in (getattr(x, "detail", "") or "")
                                  for x in v), v
    assert rules_broken(back(areas, "Travel", (5, "german_movement"), (7, "german_movement"))) == ["HTTR ScR 10.2.4"]


def test_concentrated_mode_takes_a_complete_gt_a_step(areas):  # OFF-1 legal and illegal, ScR 10.2.5
    """Left in GT 12's Reaction Phase: GT 13 (night) moves it, GT 14's Movement Phase it spends in 2E; in Travel the
    move would be GT 12's own Movement Phase (by day), which the log cannot judge."""
    assert rules_broken(back(areas, "Concentrated", (12, "german_reaction"), (14, "german_movement"))) == \
        ["HTTR ScR 10.2.5"]
    assert not illegal(back(areas, "Concentrated", (12, "german_reaction"), (15, "german_reaction")))
    day = back(areas, "Travel", (12, "german_reaction"), (15, "german_reaction"))
    assert not illegal(day) and any("ScR 10.2.7-10.2.8" in n.needs for n in unsure(day))


def test_only_travel_or_concentrated_units_move_between_areas(areas):  # OFF-1 illegal, ScR 10.2.1
    assert rules_broken(back(areas, "Defilade", (5, "german_movement"), (8, "german_reaction"))) == \
        ["HTTR ScR 10.2.1"]
    assert not illegal(back(areas, "Defilade", (5, "german_movement"), (8, "german_reaction"), h="B0210"))  # 1E


def test_areas_no_chain_joins_are_no_route(areas):  # OFF-1 illegal, ScR 10.2.5 ('from area to adjacent area')
    assert rules_broken(back(areas, "Travel", (5, "german_movement"), (8, "german_reaction"), h="A0301")) == \
        ["HTTR ScR 10.2.5"]


def test_a_day_move_between_areas_on_a_clear_date_is_illegal():  # OFF-1, ScR 10.2.7 (weather '0', ScR 13.2)
    """On the shared synthetic game: 1W -> 1E in GT 2's (day) Movement Phase, on 17 Sep (its clear date: weather
    '0'), is barred; a day move whose weather is not known is not checkable (test_concentrated_mode_takes_...)."""
    g = load_game(SYNTHETIC)
    assert g.special("offmap_areas")["adjacent"] == [["1W", "1E"]]  # 1W -> 1E is one step
    log = Log({"G-INF1": ("B0301", {"Mode": "Travel"})}, g).phase(1, "german_movement").leave("G-INF1") \
        .phase(4, "german_reaction").enter("G-INF1", "B0310")
    v = last(log.check())
    assert rules_broken(v) == ["HTTR ScR 10.2.7"], v  # by day (GT 2), weather '0'
