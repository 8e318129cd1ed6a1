"""The arrows of DESIGN.md, checked on the source: interfaces → rulesets → core, never back.

Every ``import`` in ``src/voidwar`` is read (at any depth: a function-level import is as much a
dependency as a top-level one), except those under ``if TYPE_CHECKING:``, which never run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
ROOT = "voidwar"
INTERFACES = ("ai", "sim", "web", "cli", "interop", "policies")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted((SRC / ROOT).rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                yield from _imports(ast.Module(body=[child], type_ignores=[]))
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        yield from _imports(node)


def _resolve(module: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The project modules ``node`` (inside ``module``) makes Python import."""
    is_package = MODULES[module].name == "__init__.py"
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        if node.level:
            base = module.split(".")
            base = base if is_package else base[:-1]
            base = base[: len(base) - (node.level - 1)]
            target = ".".join([*base, *([node.module] if node.module else [])])
        else:
            target = node.module or ""
        subs = [f"{target}.{a.name}" for a in node.names]
        if node.module is None:  # ``from . import x``: the submodule x, else the package's x
            names = [s if s in MODULES else target for s in subs]
        else:
            names = [target, *subs]
    for name in names:
        if name in MODULES:
            yield name


def _every_import(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import, those for type checking too."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def _graph(typing_too: bool = False) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        found = _every_import(tree) if typing_too else _imports(tree)
        graph[module] = {t for node in found for t in _resolve(module, node)} - {module}
    return graph


GRAPH = _graph()


def _area(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "root"
    if parts[1] == "rulesets" and len(parts) > 2:
        return f"rulesets.{parts[2]}"
    return parts[1]


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _edges(where: str) -> list[tuple[str, str]]:
    return [(m, t) for m in GRAPH if _area(m) == where for t in sorted(GRAPH[m])]


def test_the_walk_sees_the_whole_package() -> None:
    assert "voidwar.core.game" in GRAPH and "voidwar.core.notation" in GRAPH["voidwar.core.game"]
    assert any(_area(m).startswith("rulesets.") for m in GRAPH)


def test_no_import_cycle_at_all() -> None:
    assert _cycles(GRAPH) == []


def test_no_import_circle_even_for_type_checking() -> None:
    """A module that needs another's type only to check it still depends on it: a circle
    through ``if TYPE_CHECKING:`` is a circle of the design (name what is used by a Protocol,
    or move the shared piece below both)."""
    assert _cycles(_graph(typing_too=True)) == []


def test_core_imports_only_core() -> None:
    bad = [(m, t) for m, t in _edges("core") if _area(t) != "core"]
    assert bad == []


RULESETS = sorted({_area(m) for m in GRAPH if _area(m).startswith("rulesets.")})


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_ruleset_imports_only_core_and_itself(ruleset: str) -> None:
    bad = [(m, t) for m, t in _edges(ruleset) if _area(t) not in ("core", ruleset)]
    assert bad == []


@pytest.mark.parametrize("interface", ["ai", "sim", "interop", "cli", "web"])
def test_interfaces_reach_rulesets_only_through_the_registry(interface: str) -> None:
    bad = [(m, t) for m, t in _edges(interface) if _area(t).startswith("rulesets")]
    assert bad == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
