"""The layering, enforced: read every module's imports from its syntax tree and check the rules.

The rules (ARCHITECTURE.md draws them):

* ``core/`` imports the standard library and ``core/`` only: no pytest, PyYAML,
  Hypothesis or deepdiff, and no engine;
* no module outside ``plugin/`` imports ``plugin/`` (the pytest layer is a leaf);
* engines (everything but ``plugin/`` and ``cli/``) import no pytest at all;
* no two modules import each other, directly or through others.

Every import counts, a deferred one inside a function too, except those under
``if TYPE_CHECKING:`` (never executed). Each rule is also fed a graph that breaks it,
so a checker that silently passes everything fails here.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Mapping, Set
from pathlib import Path

import pytest

PACKAGE = "pytest_compaction"
ROOT = Path(__file__).resolve().parent.parent / PACKAGE

Graph = Mapping[str, Set[str]]
"""Module name -> every module name it imports (inside the package, or a top-level external name)."""

_THIRD_PARTY_FORBIDDEN_IN_CORE = {"pytest", "_pytest", "yaml", "hypothesis", "deepdiff", "pluggy"}
_PYTEST = {"pytest", "_pytest", "pluggy"}


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(sub) for stmt in node.body for sub in ast.walk(stmt))
    return skipped


def _imports(module: str, is_package: bool, tree: ast.AST, known: Set[str]) -> set[str]:
    skipped = _type_checking_nodes(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            names = [f"{target}.{alias.name}" for alias in node.names]
            names = [name if name in known else target for name in names]
        for name in names:
            if name.split(".")[0] != PACKAGE:
                found.add(name.split(".")[0])
                continue
            while name not in known and "." in name:
                name = name.rsplit(".", 1)[0]
            if name != module:
                found.add(name)
    return found


def package_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Every module of the package and what it imports."""
    paths = {_module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    return {
        module: _imports(module, path.name == "__init__.py", ast.parse(path.read_text("utf-8")), set(paths))
        for module, path in paths.items()
    }


def _folder(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _cycles(graph: Graph) -> list[list[str]]:
    """Strongly connected groups of two or more modules (a package ``__init__`` re-export excluded)."""
    inside = {
        m: {t for t in targets if t in graph and not _is_package_init(t, graph)}
        for m, targets in graph.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(inside[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for node in sorted(inside):
            if node not in index:
                visit(node)
    finally:
        sys.setrecursionlimit(limit)
    return groups


def _is_package_init(module: str, graph: Graph) -> bool:
    """A module another one lives under: a package whose ``__init__`` may re-export its children."""
    return any(other.startswith(module + ".") for other in graph)


def layer_violations(graph: Graph) -> list[str]:
    """Every broken layering rule, one readable line each (empty when the layers hold)."""
    out: list[str] = []
    for module, targets in sorted(graph.items()):
        folder = _folder(module)
        for target in sorted(targets):
            inside = target.split(".")[0] == PACKAGE
            if folder == "core":
                foreign = _folder(target) != "core" if inside else target in _THIRD_PARTY_FORBIDDEN_IN_CORE
                if foreign:
                    out.append(f"{module} (core) imports {target}: core imports only core and the stdlib")
            if inside and _folder(target) == "plugin" and folder != "plugin":
                out.append(f"{module} imports {target}: only the pytest layer imports plugin/")
            if folder not in ("plugin", "cli") and not inside and target in _PYTEST:
                out.append(f"{module} imports {target}: engines must work without pytest")
    for group in _cycles(graph):
        out.append(f"import cycle: {' <-> '.join(group)}")
    return out


# -- the package as it is -------------------------------------------------------------


def test_the_package_keeps_its_layers() -> None:
    assert layer_violations(package_graph()) == []


def test_the_graph_sees_deferred_imports() -> None:
    graph = package_graph()
    # A deferred import inside a function counts ...
    assert "yaml" in graph[f"{PACKAGE}.specs.safeyaml"]
    assert f"{PACKAGE}.relations.metamorphic" in graph[f"{PACKAGE}.engine.contract"]
    # ... one under ``if TYPE_CHECKING:`` does not (test_the_graph_is_read_from_source).


def test_every_folder_is_a_layer_package() -> None:
    graph = package_graph()
    entry_point = f"{PACKAGE}.__main__"  # `python -m pytest_compaction`: the command, no code of its own
    flat = [m for m in graph if m.count(".") == 1 and not _is_package_init(m, graph) and m != entry_point]
    assert flat == [], "modules flat at the package top; place them in a layer folder"
    assert graph.get(entry_point, set()) <= {"sys", f"{PACKAGE}.cli"}, (
        "__main__ only hands over to the command"
    )


# -- the rules can fail ----------------------------------------------------------------

_P = PACKAGE


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        (
            {f"{_P}.core.model": {"yaml"}},
            [f"{_P}.core.model (core) imports yaml: core imports only core and the stdlib"],
        ),
        (
            {f"{_P}.core.checker": {"deepdiff", "json"}},
            [f"{_P}.core.checker (core) imports deepdiff: core imports only core and the stdlib"],
        ),
        (
            {f"{_P}.core.ledger": {f"{_P}.engine.runner"}, f"{_P}.engine.runner": set()},
            [f"{_P}.core.ledger (core) imports {_P}.engine.runner: core imports only core and the stdlib"],
        ),
        (
            {f"{_P}.engine.runner": {f"{_P}.plugin.session"}, f"{_P}.plugin.session": set()},
            [f"{_P}.engine.runner imports {_P}.plugin.session: only the pytest layer imports plugin/"],
        ),
        (
            {f"{_P}.relations.depth": {"pytest"}},
            [f"{_P}.relations.depth imports pytest: engines must work without pytest"],
        ),
        (
            {
                f"{_P}.engine.a": {f"{_P}.engine.b"},
                f"{_P}.engine.b": {f"{_P}.engine.c"},
                f"{_P}.engine.c": {f"{_P}.engine.a"},
            },
            [f"import cycle: {_P}.engine.a <-> {_P}.engine.b <-> {_P}.engine.c"],
        ),
    ],
    ids=["core-yaml", "core-deepdiff", "core-engine", "engine-plugin", "engine-pytest", "cycle"],
)
def test_each_rule_names_what_breaks_it(graph: Graph, expected: list[str]) -> None:
    assert layer_violations(graph) == expected


def test_what_the_rules_allow() -> None:
    allowed = {
        f"{_P}.core.model": {"json", f"{_P}.core.errors"},
        f"{_P}.core.errors": set(),
        f"{_P}.plugin.session": {"pytest", f"{_P}.plugin.report"},
        f"{_P}.plugin.report": {f"{_P}.engine.contract"},
        f"{_P}.cli": {f"{_P}.engine.contract"},
        f"{_P}.engine.contract": {"deepdiff", "yaml", f"{_P}.core.model"},
        # A package __init__ re-exporting its children is not a cycle.
        f"{_P}.relations": {f"{_P}.relations.registry"},
        f"{_P}.relations.registry": {f"{_P}.relations"},
    }
    assert layer_violations(allowed) == []


def test_the_graph_is_read_from_source(tmp_path: Path) -> None:
    package = tmp_path / PACKAGE
    (package / "core").mkdir(parents=True)
    (package / "engine").mkdir()
    for init in (package, package / "core", package / "engine"):
        (init / "__init__.py").write_text("")
    (package / "core" / "model.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pytest_compaction.engine import runner\n"
        "def f():\n    import hypothesis\n"
    )
    (package / "engine" / "runner.py").write_text("from ..core import model\nfrom . import helper\n")
    (package / "engine" / "helper.py").write_text("from pytest_compaction.engine.runner import x\n")
    graph = package_graph(package)
    assert graph[f"{_P}.core.model"] == {"typing", "hypothesis"}
    assert graph[f"{_P}.engine.runner"] == {f"{_P}.core.model", f"{_P}.engine.helper"}
    assert layer_violations(graph) == [
        f"{_P}.core.model (core) imports hypothesis: core imports only core and the stdlib",
        f"import cycle: {_P}.engine.helper <-> {_P}.engine.runner",
    ]
