"""The layers of ``rules/`` (docs/architecture.md): no import cycle, counting every import (those under
``TYPE_CHECKING`` and inside functions too); a wing imports the core and never another wing; the core,
the base system and the driver import no wing; nothing in ``rules/`` imports the command line."""
from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

RULES = Path(__file__).resolve().parents[2] / "rules"
WINGS = ("fm", "ptr", "httr")


def module_name(path: Path) -> str:
    parts = path.relative_to(RULES).with_suffix("").parts
    return ".".join(("hexforge", "rules") + (parts[:-1] if parts[-1] == "__init__" else parts))


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(RULES.rglob("*.py"))}


def imported(path: Path, known: set[str]) -> set[str]:
    """Every hexforge module ``path`` imports, wherever the import statement stands."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("hexforge")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("hexforge"):
            for a in node.names:
                sub = f"{node.module}.{a.name}"
                out.add(sub if sub in known else node.module)
    return out


def graph() -> nx.DiGraph:
    mods = modules()
    g = nx.DiGraph()
    g.add_nodes_from(mods)
    for name, path in mods.items():
        for target in imported(path, set(mods)):
            g.add_edge(name, target)
    return g


def wing(name: str) -> str | None:
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[2] in WINGS else None


def test_the_layer_check_sees_the_imports() -> None:
    g = graph()
    assert g.has_edge("hexforge.rules.fm.referee", "hexforge.rules.fm.system")
    assert len(g.edges) > 100


def test_no_import_cycle_inside_rules() -> None:
    g = graph().subgraph(modules())
    assert list(nx.simple_cycles(g)) == []


def test_a_wing_imports_no_other_wing() -> None:
    bad = [(a, b) for a, b in graph().edges if wing(a) and wing(b) and wing(a) != wing(b)]
    assert bad == []


def test_core_base_and_driver_import_no_wing() -> None:
    face = "hexforge.rules"  # rules/__init__.py: the registry of systems, which lists the wings
    bad = [(a, b) for a, b in graph().edges if a.startswith("hexforge.rules") and a != face and not wing(a)
           and wing(b)]
    assert bad == []


def test_rules_never_import_the_command_line() -> None:
    bad = [(a, b) for a, b in graph().edges if b == "hexforge" or b.startswith("hexforge.cli")]
    assert bad == []
