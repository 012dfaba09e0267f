"""Issue #15's "Done means": every HTTR predicate the coverage matrix calls implemented (or needing data) has, on the
synthetic game, a legal case (a test asserting no Illegal) and an illegal case (a test asserting an Illegal that
cites the predicate's own rule, or another rule with the reason the breach shows there), each naming the id.
``test_pairs_table.py``'s PAIRS maps each id to those two tests and the rule; its GAPS lists, openly, the ids still
without a pair and why. The guard reads each named test's source, as the PtR one does
(``tests/rules/ptr/test_pairs.py``, whose section matching it reuses); HTTR rules carry their book (SR or ScR), so
SR 6.4 is no part of ScR 6.4."""
from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from hexforge.rules.httr.catalogue import HTTR_CATALOGUE
from tests.rules.httr.test_pairs_table import GAPS, PAIRS
from tests.rules.pairs import Guard, Section, same_section, unpaired
from tests.rules.test_predicates_tested import implemented_ids

HERE = Path(__file__).resolve().parent
#: A legal case's assertion: the verdicts are all Legal (`all_legal(...)`), hold no Illegal (`not illegal(...)`,
#: `not rules_broken(...)`, `rules_broken(...) == []`, `assert not [...]`), or none of the rule (`"..." not in
#: rules_broken(...)`, `RULE not in broken(...)`).
NO_ILLEGAL = re.compile(r'all_legal\(|not illegal\(|not rules_broken\(|\) == \[\]|assert not \[|isinstance\(\w, Legal\)'
                        r'|(?:"|\b[A-Z_]+) not in (?:rules_)?broken\(')
#: A book (SR, ScR) or a rule number with an optional range: "SR 13.2.2-13.2.6", "ScR 5.1.1.1-5.1.1.2".
NUMBER = re.compile(r"\b(ScR|SR)\b|(\d+(?:\.\d+)+)(?:\s*-\s*(\d+(?:\.\d+)+))?")


@cache
def constants(name: str) -> dict[str, str]:
    """The module-level string constants of test file ``name`` (a test may assert ``RULE``, not its text)."""
    tree = ast.parse((HERE / name).read_text(encoding="utf-8"))
    return {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)
            and isinstance(n.value.value, str) for t in n.targets if isinstance(t, ast.Name)}


def asserts_rule(test: str, rule: str) -> bool:
    """Whether the test's source asserts the rule broken: its text, or a constant of its file holding it, outside a
    ``... not in`` (which asserts the opposite)."""
    text = source(test) or ""
    names_ = [re.escape(f'"{rule}"')] + [rf"\b{k}\b" for k, v in constants(test.partition("::")[0]).items()
                                         if v == rule]
    return any(re.search(n + r"(?!\s*not\s+in\b)", text) for n in names_)


def sections(text: str) -> list[Section]:
    """The rule sections a rule text names, each as its book and numbers (a trailing .0 dropped: SR 7.0 is SR 7; a
    range a.b.c-a.b.e gives each of c..e): "HTTR SR 6.2.2 / 7.0 / ScR 5.1.1.1-5.1.1.2" gives (SR, 6, 2, 2), (SR, 7),
    (ScR, 5, 1, 1, 1) and (ScR, 5, 1, 1, 2)."""
    book, out = "SR", []
    for m in NUMBER.finditer(text):
        if m.group(1):
            book = m.group(1)
            continue
        first, last = m.group(2).split("."), (m.group(3) or m.group(2)).split(".")
        runs = [first] if not m.group(3) else [first, last]
        if m.group(3) and len(first) == len(last) and first[:-1] == last[:-1]:
            runs = [first[:-1] + [str(k)] for k in range(int(first[-1]), int(last[-1]) + 1)]
        for parts in runs:
            while len(parts) > 1 and parts[-1] == "0":
                parts = parts[:-1]
            out.append(((book, *parts), frozenset()))
    return out


def rule_numbers(pid: str) -> str:
    """The rule text the catalogue gives the predicate."""
    return next(rule for p, rule, *_ in HTTR_CATALOGUE if p == pid)


def own_rule(pid: str, rule: str) -> bool:
    """Whether ``rule`` (e.g. "HTTR SR 6.1.10") is one of the predicate's catalogue sections or within one, in the
    same book. Stricter than the PtR guard: a rule holding a catalogue section (SR 10.1 for SR 10.1.4) is another
    predicate's breach (SR 10.1's units that never attack), so it needs its reason."""
    return any(same_section(a, c) and a[0][:len(c[0])] == c[0] for a in sections(rule)
               for c in sections(rule_numbers(pid)))


GUARD = Guard(HERE, NO_ILLEGAL, asserts_rule, own_rule, rule_numbers,
              refused=lambda test: test.startswith(("test_pairs_guard.py", "test_pairs_table.py")))  # holds none
source, pair_problems = GUARD.source, GUARD.problems


def test_every_implemented_predicate_has_a_pair_or_a_stated_gap():
    ids = implemented_ids("httr")
    assert len(ids) > 100 and unpaired(ids, PAIRS, GAPS) == ""


@pytest.mark.parametrize("pid", sorted(PAIRS))
def test_the_pair_exists_and_asserts_its_side(pid):
    assert pair_problems(pid, *PAIRS[pid]) == []


def test_the_guard_can_fail():
    """A pair naming a missing test, a test that does not name the id, a legal test asserting no clean verdicts, an
    illegal test not asserting the rule, or another section's rule without a reason is refused; SR and ScR sections
    of one number are told apart."""
    legal, bad, rule = PAIRS["FIR-6"]
    assert pair_problems("FIR-6", legal, bad, rule) == []
    assert pair_problems("FIR-6", legal + "_gone", bad, rule)
    assert pair_problems("FIR-6", "test_pairs_guard.py::test_the_guard_can_fail", bad, rule)  # names FIR-6 itself
    assert pair_problems("FIR-6", "test_pairs_play.py::test_no_road_rate_in_defilade", bad, rule)  # MOV-12's
    assert pair_problems("FIR-6", "test_fire.py::test_depleted_units_never_fire", bad, rule)  # asserts no clean log
    assert pair_problems("FIR-6", legal, bad, "HTTR SR 6.1.9")  # a rule its illegal test does not assert
    assert asserts_rule("test_indirect.py::test_loc_at_most_36_hexes", "HTTR SR 7.4.2")  # once in, once not in
    assert not asserts_rule("test_route_exiles.py::test_others_and_the_exempt_fire_on_the_route", "HTTR ScR 8.1.10")
    assert pair_problems("MOV-12", *PAIRS["MOV-12"][:3])  # 9.2.3 is not 9.4.1: it needs its reason
    assert own_rule("SUP-15", "HTTR ScR 5.1.1.2") and not own_rule("SUP-15", "HTTR SR 5.1.1.2")
    assert own_rule("DF-1", "HTTR SR 7.1.3") and not own_rule("DF-1", "HTTR SR 6.2.3")  # SR 7.0 holds all of SR 7
    assert not own_rule("CA-3", "HTTR SR 10.1") and own_rule("CA-3", "HTTR SR 10.1.4")  # 10.1 holds 10.1.4: not its
    assert own_rule("DF-13", "HTTR SR 6.3.5.2") and not own_rule("DF-13", "HTTR SR 6.3.5.3")  # the range 1-2
