"""`hexforge data status`: every units.csv column the rules read is counted, and missing data is
ranked by how many checks of the checker's catalogue it would unlock."""
from __future__ import annotations

import csv
import re

from hexforge.counters.unit import Unit
from hexforge.games import load_game
from hexforge.games.status import RULE_COLUMNS, report, status
from hexforge.rules.fm.catalogue import FM_CATALOGUE
from tests.conftest import ROOT, SYNTHETIC


def csv_rows(game: str) -> list[dict[str, str]]:
    with open(ROOT / "games" / game / "units.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_arnhem_units_count_the_unknown_mobility_the_rules_ask_for() -> None:
    s = status(load_game("arnhem"))
    rows = csv_rows("arnhem")
    unknown = sum(1 for r in rows if r["mobility"] == "unknown")
    assert unknown == len(rows) == 49  # ARN 10.0: no counter's mobility class is in the transcription
    assert s.unit_columns["mobility"].unknown == unknown and s.unit_columns["mobility"].known == 0
    assert s.categories["units"].unknown >= unknown
    assert "mobility                    0 known   49 unknown" in report(s)


def test_every_unit_field_the_rules_read_is_counted() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "rules").rglob("*.py"))
    fields = set(Unit.__dataclass_fields__) - {"id", "name", "side", "source", "note", "values"}
    read = {f for f in fields if re.search(rf"units\[[^]]+\]\.{f}\b|\bu\.{f}\b|unit\.{f}\b", source)}
    assert read and read <= set(RULE_COLUMNS), read - set(RULE_COLUMNS)


def test_missing_data_is_ranked_by_the_checks_it_unlocks() -> None:
    s = status(load_game("arnhem"), FM_CATALOGUE)
    assert s.unlocks is not None
    counts = [len(u.checks) for u in s.unlocks]
    assert counts == sorted(counts, reverse=True)
    by_data = {u.data: u for u in s.unlocks}
    mobility = by_data["units.csv mobility"]
    expected = {p for p, _, _, needs in FM_CATALOGUE if "units.csv mobility" in needs}
    assert {p for p, _ in mobility.checks} == expected and mobility.missing == "unknown for 49 of 49 units"
    assert {"F&M 5.5", "F&M 6.1"} <= {sec for _, sec in mobility.checks}
    assert max(counts) == len(mobility.checks)  # nothing unlocks more than the mobility column
    text = report(s)
    assert "units.csv mobility: unknown for 49 of 49 units; unlocks 10 checks: F&M 5.5" in text


def test_a_games_ranking_holds_only_its_own_and_its_systems_rules() -> None:
    aachen = status(load_game("aachen"), FM_CATALOGUE).unlocks
    arnhem = status(load_game("arnhem"), FM_CATALOGUE).unlocks
    assert aachen and arnhem
    assert not any(p.startswith("ARN-") for u in aachen for p, _ in u.checks)
    assert not any(p.startswith("AAC-") for u in arnhem for p, _ in u.checks)


def test_data_the_game_has_unlocks_nothing() -> None:
    """The synthetic game gives every unit's mobility: it is not listed as missing."""
    g = load_game(str(SYNTHETIC))
    s = status(g, FM_CATALOGUE)
    assert s.unit_columns["mobility"].unknown == 0
    assert all(not u.data.startswith("units.csv mobility") for u in s.unlocks or [])


def test_without_a_catalogue_the_report_says_so() -> None:
    assert "no catalogue of checks was given" in report(status(load_game("piercing-the-reich")))
