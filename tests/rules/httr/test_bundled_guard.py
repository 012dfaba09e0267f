"""Issue #15's "Done means" on the bundled data: every HTTR predicate the coverage matrix calls *needs data* has a
test on the bundled game (``load_game("highway-to-the-reich")``, ``BUNDLED``, or the ``httr`` fixture of a file
that loads it) naming the id and asserting a NotCheckable (``NotCheckable``, ``.needs``, ``needs(``, ``unsure(``).
A strict-xfail test (a defect reported, not yet fixed) is none. ``UNCOVERED`` lists, openly, the ids still without
one and why; it may only shrink: an id it lists that has such a test, or that no longer needs data, fails too."""
from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from hexforge.rules import coverage
from tests.rules.pairs import names

HERE = Path(__file__).resolve().parent
BUNDLED_GAME = ('load_game("highway-to-the-reich")', "BUNDLED")
ASSERTS_UNSURE = ("NotCheckable", ".needs", "needs(", "unsure(")

NO_BRIDGER = ("ferries.FerryLog.why_not is reached (thoroughfares.cross_water) only with a unit typed 'bridging "
              "engineer' in the hex; units.csv types none (Brandt's pioneers are 'engineer'): no log reaches it")
UNCOVERED: dict[str, str] = {
    "DF-11": "no bundled unit is typed AFV (HCav's 'armored car' is no type the rules read), so no bundled log puts "
             "AFVs in a leg target's hex; a fire whose result is unknown says so at the phase's end (EFF-3)",
    "MOR-4": "no bundled log lacks its datum: every German unit in units.csv is typed and none is a leader, and the "
             "one leader, Frost, is Allied, so only typed German units ever enter an enemy leader's hex "
             "(movement.Movement.barred answers not checkable for an untyped mover there)",
    "OBS-6": "no log reaches it: every TEC observation_range is unknown, so los.Observation.observe answers on the "
             "observer's terrain under clear and P weather alike and the weather (none in the calendar from 19 Sep) "
             "never decides",
    "CP-5": "no log reaches it: logistics.check_airdrop needs a known Airborne Logistic Table delivery (every row of "
            "tables/airborne_logistics.toml is unknown) on a track marker naming an airborne division HQ unit (the "
            "101st/82nd/1st Airborne markers' formations name none), so the GT's weather is never asked",
    "SUP-15": "no German corps HQ is in units.csv, so none is in play: the German division HQs (85xx, 7FJ Div HQ, "
              "KG Walther) trace to the map edge by ScR 5.1.5.2 (not checkable: the TEC's primary road Travel-Mode "
              "rate) and von Tettau by its west-edge roads (5.1.5.1: the edge's hexes); no German chain reaches a "
              "corps HQ, so no German edge-road source of 5.1.1.1-5.1.1.2 is ever asked",
    "FRY-1": NO_BRIDGER, "FRY-2": NO_BRIDGER,
}


def needs_data_ids() -> list[str]:
    """The ids whose coverage-matrix state is 'needs data'."""
    ids = []
    for line in coverage("httr").splitlines():
        cells = [c.strip() for c in line.split("|")]
        if line.startswith("| ") and len(cells) > 4 and cells[4].startswith("needs data"):
            ids.append(cells[1])
    return ids


def xfail(node: ast.FunctionDef) -> bool:
    return any("xfail" in ast.unparse(d) for d in node.decorator_list)


@cache
def bundled_tests() -> tuple[str, ...]:
    """The sources of the tests that run on the bundled game, assert a NotCheckable and are not xfail."""
    out = []
    for path in sorted(HERE.glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        loads = any(b in text for b in BUNDLED_GAME)
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test") or xfail(node):
                continue
            src = ast.get_source_segment(text, node) or ""
            on_bundled = any(b in src for b in BUNDLED_GAME) or (loads and "httr" in [a.arg for a in node.args.args])
            if on_bundled and any(a in src for a in ASSERTS_UNSURE):
                out.append(src)
    return tuple(out)


def uncovered(ids: list[str], tests: tuple[str, ...]) -> list[str]:
    return [i for i in ids if not any(names(t, i) for t in tests)]


def test_every_needs_data_predicate_has_a_bundled_test_or_a_stated_reason():
    ids = needs_data_ids()
    left = uncovered(ids, bundled_tests())
    assert len(ids) > 150
    assert [i for i in left if i not in UNCOVERED] == []  # a new needs-data id: write its bundled test
    assert sorted(set(UNCOVERED) - set(left)) == []  # covered now, or no longer needing data: drop it from UNCOVERED


def test_the_guard_can_fail():
    """A test off the bundled game, one asserting no NotCheckable, or a strict xfail covers nothing; an id named
    with a longer number (DF-1 in DF-14) is not named."""
    ok = 'def test_x(httr):  # OF-11\n    assert "x" in needs(log)'
    assert uncovered(["OF-11"], (ok,)) == [] and uncovered(["OF-1"], (ok,)) == ["OF-1"]
    assert uncovered(["DF-1"], ("def test_x():  # DF-14\n    assert needs(log)",)) == ["DF-1"]
    sources = bundled_tests()
    marked = ast.parse('@pytest.mark.xfail(strict=True, reason="x")\ndef test_x(httr):  # CA-4\n    pass').body[0]
    assert xfail(marked)  # a strict xfail's test is left out of bundled_tests: it covers nothing
    assert not any("def test_h10_spill_over_alternates_unit_types" in s for s in sources)  # the synthetic game
    assert any("def test_opportunity_fire_needs_the_firers_zoc" in s for s in sources)
