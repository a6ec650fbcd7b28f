"""docs/library.md and docs/mutants.md state the library as it is: its counts, every spec, the
mutation table the bundled library produces.

Regenerate the mutation table of docs/mutants.md with ``python tests/test_library_page.py
--write`` (without ``--write`` it prints the table).
"""

from __future__ import annotations

import dataclasses
import re
import sys
from pathlib import Path

from pytest_compaction.mutants.catalog import MUTANTS, library_scenarios, run_mutants, tabulate
from pytest_compaction.specs.library import library_path
from pytest_compaction.specs.spec import Spec, load_spec

DOCS = Path(__file__).resolve().parent.parent / "docs"
TABLE_HEADING = "### The bundled library's table"
COUNTS = re.compile(
    r"(?P<specs>\d+) specs \((?P<scenarios>\d+) scenarios and\s+(?P<recorded>\d+) recorded incidents\), "
    r"(?P<items>\d+) items"
)


def library_specs() -> list[Spec]:
    return [load_spec(path) for path in sorted(library_path().rglob("*.compaction.yaml"))]


def library_table() -> str:
    """The table ``pytest --compaction-contract --compaction-mutants fixture_library`` ends with.

    The session labels each finding by its item (``name[as-written]``) and, merged from its
    items, states no duration; the same run from Python, labelled so, is the same table.
    """
    table = run_mutants(library_scenarios(), MUTANTS, timeout=None)
    findings = [
        dataclasses.replace(finding, scenario=f"{finding.scenario}[as-written]")
        for row in table.rows
        for finding in row.findings
    ]
    return tabulate(findings, MUTANTS, scenarios=table.scenarios).render()


def published_table(text: str) -> str:
    return text.split(TABLE_HEADING, 1)[1].split("```")[1].strip("\n")


def with_table(text: str, table: str) -> str:
    head, rest = text.split(TABLE_HEADING, 1)
    before, _, after = rest.split("```", 2)
    return f"{head}{TABLE_HEADING}{before}```\n{table}\n```{after}"


def test_the_library_page_states_the_current_counts() -> None:
    specs = library_specs()
    scenarios = sum(1 for spec in specs if spec.scenario is not None)
    stated = COUNTS.search((DOCS / "library.md").read_text(encoding="utf-8"))
    assert stated is not None, "docs/library.md lost its sentence of counts"
    assert {key: int(value) for key, value in stated.groupdict().items()} == {
        "specs": len(specs),
        "scenarios": scenarios,
        "recorded": len(specs) - scenarios,
        "items": sum(len(spec.variants) for spec in specs),
    }


def test_the_library_page_lists_every_spec_once() -> None:
    text = (DOCS / "library.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| \d\d [^|]+ \| `([^`]+)` \|", text, re.MULTILINE)
    assert sorted(listed) == sorted(spec.name for spec in library_specs())


def test_the_counts_pattern_catches_a_stale_page() -> None:
    stale = "Every spec passes: 67 specs (57 scenarios and\n10 recorded incidents), 81 items with"
    found = COUNTS.search(stale)
    assert found is not None
    assert found.group("items") == "81"


def test_docs_publish_the_current_mutation_table() -> None:
    text = (DOCS / "mutants.md").read_text(encoding="utf-8")
    assert published_table(text) == library_table(), (
        "regenerate the table with: python tests/test_library_page.py --write"
    )


def test_with_table_replaces_only_the_table() -> None:
    page = f"intro\n{TABLE_HEADING}\n\n```\nold\n```\n\nafter\n"
    assert with_table(page, "new") == f"intro\n{TABLE_HEADING}\n\n```\nnew\n```\n\nafter\n"
    assert published_table(with_table(page, "new")) == "new"


if __name__ == "__main__":
    current = library_table()
    if "--write" in sys.argv[1:]:
        page = DOCS / "mutants.md"
        page.write_text(with_table(page.read_text(encoding="utf-8"), current), encoding="utf-8")
    else:
        print(current)
