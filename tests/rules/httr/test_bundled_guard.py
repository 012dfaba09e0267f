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

RESULT = "needs a fire or CA result first, which the bundled data never gives (no Fire/CA tables, unsurveyed map)"
STEP = "the move's step stops at an earlier missing datum (the entered hex's terrain or the unit's mobility)"
TODO = "no bundled test written yet"
UNCOVERED: dict[str, str] = {
    "DF-11": RESULT, "DF-14": RESULT, "DF-15": RESULT, "EFF-3": RESULT, "EFF-4": RESULT, "EFF-5": RESULT,
    "EFF-6": RESULT, "MOR-2": RESULT, "CA-16": RESULT, "CA-24": RESULT,
    "MOV-17": STEP, "MOV-18": STEP, "MOV-19": STEP, "MOV-21": STEP, "MOV-26": STEP, "MOV-27": STEP,
    "STK-1": STEP, "STK-2": STEP, "MOR-4": STEP,
    "MOD-4": "the mode change's raised-road check (MOD-8) answers first on the unsurveyed map",
    "MOD-5": "the mode change's raised-road check (MOD-8) answers first on the unsurveyed map",
    "STK-3": "overstack.Overstacks.end_phase is silent (no verdict) when a hex's overstack is unknown: reported",
    "OBS-6": "the bundled weather of the GTs after 18 Sep and its phases' turns were not worked out in time",
    "OFF-8": "the bundled weather of the GTs after 18 Sep and its phases' turns were not worked out in time",
    "CP-5": "the bundled weather of the GTs after 18 Sep and its phases' turns were not worked out in time",
    "SCN-8": "units.csv has none of the released groups' units, so no log reaches the check; test_releases.py's "
             "test_the_bundled_rivers_are_not_transcribed asks its rows for the missing map data directly",
    **{i: TODO for i in ("SUP-1", "SUP-14", "SUP-15", "MOR-3", "SPC-3",
                         "AIR-10", "FRY-1", "FRY-2", "FRY-4", "FRY-5", "FRY-6", "OFF-1", "OFF-6")},
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
