"""docs/guarantees.md: every row of its tables is proved, by a registered code, a library spec
that exists and a test that is defined. Read with ``ast``, nothing is collected or run."""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from pytest_compaction.core.violations import ViolationCode

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "guarantees.md"
CODES = {code.value for code in ViolationCode}
TICKED = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class Row:
    table: str
    line: int
    cells: dict[str, str]

    def ticked(self, column: str) -> list[str]:
        return TICKED.findall(self.cells.get(column, ""))

    def __str__(self) -> str:
        return f"guarantees.md:{self.line} ({self.cells.get('guarantee', '?')[:60]})"


def tables(text: str) -> dict[str, list[Row]]:
    """Every Markdown table of the page under the heading above it, as rows of named cells."""
    found: dict[str, list[Row]] = {}
    heading = ""
    header: list[str] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("#"):
            heading, header = line.lstrip("# ").strip(), None
            continue
        if not line.startswith("|"):
            header = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not set("".join(cells)) <= set("-: "):
            found.setdefault(heading, []).append(Row(heading, number, dict(zip(header, cells, strict=True))))
    return found


@functools.cache
def defined(path: Path) -> frozenset[str]:
    """``name`` and ``Class::name`` of every test function the module defines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.update(
                f"{node.name}::{item.name}"
                for item in node.body
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
            )
    return frozenset(names)


def node_problem(node_id: str) -> str | None:
    """Why ``node_id`` names no test of this repository, or None."""
    file, sep, name = node_id.partition("::")
    name = name.split("[", 1)[0]
    if not sep or not name:
        return f"{node_id!r} is not a pytest node id (path::test_name)"
    path = ROOT / file
    if not (file.startswith("tests/") and path.is_file()):
        return f"{file!r} is not a test module of the repository"
    if not name.rsplit("::", 1)[-1].startswith("test"):
        return f"{name!r} is not a test (its name does not start with test)"
    if name not in defined(path):
        return f"{file} defines no {name!r}"
    return None


def row_problems(row: Row, *, coded: bool) -> list[str]:
    problems = []
    if coded:
        codes = row.ticked("violation code")
        if not codes:
            problems.append("no violation code")
        problems += [f"{code!r} is not a registered violation code" for code in codes if code not in CODES]
        specs = row.ticked("library spec")
        if not specs:
            problems.append("no library spec")
        for spec in specs:
            if not spec.startswith("fixture_library/") or not (ROOT / spec).is_file():
                problems.append(f"library spec {spec!r} does not exist")
    tests = row.ticked("proved by")
    if not tests:
        problems.append("no test")
    problems += [problem for test in tests if (problem := node_problem(test)) is not None]
    return [f"{row}: {problem}" for problem in problems]


PAGE_TABLES = tables(PAGE.read_text(encoding="utf-8"))
MAIN = "Every guarantee and its proof"
UNCODED = "Guarantees without a violation code"


def test_the_page_has_both_tables() -> None:
    assert len(PAGE_TABLES.get(MAIN, [])) >= 40
    assert len(PAGE_TABLES.get(UNCODED, [])) >= 10
    assert set(PAGE_TABLES[MAIN][0].cells) == {"guarantee", "violation code", "library spec", "proved by"}


@pytest.mark.parametrize(("heading", "coded"), [(MAIN, True), (UNCODED, False)], ids=["coded", "uncoded"])
def test_every_row_is_proved(heading: str, coded: bool) -> None:
    problems = [p for row in PAGE_TABLES[heading] for p in row_problems(row, coded=coded)]
    assert problems == []


def test_every_guarantee_is_stated_once() -> None:
    names = [
        row.cells["guarantee"] for rows in PAGE_TABLES.values() for row in rows if "guarantee" in row.cells
    ]
    assert len(names) == len(set(names))


# -- the check fails on a row without a proof ---------------------------------------------------

GOOD = (
    "| Omission | `missing` | `fixture_library/01-omission/two-facts-one-turn.compaction.yaml` | "
    "`tests/test_guarantees_page.py::test_every_row_is_proved[coded]` |"
)


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        (GOOD, None),
        (GOOD.replace("`missing`", ""), "no violation code"),
        (GOOD.replace("`missing`", "`gone`"), "'gone' is not a registered violation code"),
        (GOOD.replace("two-facts-one-turn", "no-such-spec"), "does not exist"),
        (GOOD.replace("test_every_row_is_proved", "test_nowhere"), "defines no 'test_nowhere'"),
        (GOOD.replace("tests/test_guarantees_page.py", "tests/test_gone.py"), "is not a test module"),
        (GOOD.replace("`tests/test_guarantees_page.py::test_every_row_is_proved[coded]`", "soon"), "no test"),
        (GOOD.replace("::test_every_row_is_proved[coded]", "::row_problems"), "is not a test"),
    ],
    ids=[
        "good",
        "no-code",
        "unknown-code",
        "no-spec",
        "undefined-test",
        "no-module",
        "no-test",
        "not-a-test",
    ],
)
def test_a_row_without_a_proof_is_reported(row: str, problem: str | None) -> None:
    header = "| guarantee | violation code | library spec | proved by |\n| --- | --- | --- | --- |"
    text = f"## {MAIN}\n\n{header}\n{row}\n"
    (parsed,) = tables(text)[MAIN]
    problems = row_problems(parsed, coded=True)
    if problem is None:
        assert problems == []
    else:
        assert len(problems) == 1
        assert problem in problems[0]
