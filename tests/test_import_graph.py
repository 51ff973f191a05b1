"""No package of the project imports itself back: its modules' import graph has no cycle.

A cycle makes the import order matter (a name is missing when the other module is half
read) and ties two layers into one; an import moved into a function only hides it. The
graph is read from the source (``ast``), so the check runs in a blink and needs no
import-graph library: an edge is any import that can run, at the top of a module or in
a function, but not one under ``TYPE_CHECKING`` (read by the type checker only).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rating_rules", "udfs", "workbook_builder", "desk")


def modules() -> dict[str, tuple[Path, bool]]:
    """Dotted module name → (its file, whether it is a package's ``__init__``)."""
    found: dict[str, tuple[Path, bool]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            is_package = parts[-1] == "__init__"
            found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def runnable(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of ``body``, nested ones too, but those of an ``if TYPE_CHECKING:``
    block."""
    for node in body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from runnable(node.orelse)
            continue
        yield node
        for block in ("body", "orelse", "finalbody"):
            yield from runnable([s for s in getattr(node, block, []) if isinstance(s, ast.stmt)])
        for handler in getattr(node, "handlers", []):
            yield from runnable(handler.body)


def imported(module: str, is_package: bool, node: ast.stmt) -> list[str]:
    """The dotted names an import statement of ``module`` names (else none)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = module.split(".") if is_package else module.split(".")[:-1]
    if node.level:
        base = base[:len(base) - node.level + 1]
        source = ".".join([*base, *([node.module] if node.module else [])])
    else:
        source = node.module or ""
    return [source, *(f"{source}.{alias.name}" for alias in node.names)]


def import_graph() -> dict[str, set[str]]:
    """Module → the project's modules it imports."""
    found = modules()
    graph: dict[str, set[str]] = {name: set() for name in found}
    for name, (path, is_package) in found.items():
        for node in runnable(ast.parse(path.read_text(encoding="utf-8")).body):
            for target in imported(name, is_package, node):
                while target and target not in found:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another (Tarjan's strongly connected
    components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_the_graph_is_read() -> None:
    """The check sees real edges (a graph with none would pass for the wrong reason)."""
    graph = import_graph()
    assert len(graph) > 50
    assert "workbook_builder.messages" in graph["workbook_builder.kit.base"]
    assert "rating_rules.common" in graph["rating_rules.elo"]
    assert "workbook_builder.rating_list" in graph["workbook_builder.cli"]  # in a function
    assert "workbook_builder.gamelog" not in graph["workbook_builder.kit.base"]  # typing only
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle() -> None:
    assert cycles(import_graph()) == []
