"""Markdown tables in a summary: the rule row under a header, a row's cells, and a data row
read with its columns' headers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["cells", "headed", "is_rule_row", "labelled_row"]


_TABLE_RULE = re.compile(r"^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
"""The rule under a markdown table's header row: "|---|---|"."""


def is_rule_row(line: str) -> bool:
    """Whether ``line`` is the rule under a table's header row ("|---|:---:|"): no sentence."""
    return _TABLE_RULE.match(line) is not None


def cells(row: str) -> list[str]:
    """The cells of a table row, stripped."""
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


_GENERIC = frozenset(
    {"value", "values", "detail", "details", "info", "information", "note", "notes", "answer", "status"}
    | {"field", "description", "data", "entry", "", "-", "what", "notes / status"}
)
"""Column headers that say nothing of their cells ("| Field | Value |"): a two-column table
headed so is read row by row, its first cell the label of the second."""


def headed(columns: Sequence[str]) -> bool:
    """Whether a table's header names what its data cells are: three columns or more, or two
    whose second header is more than a generic "Value" ("| Who | Deploy access |")."""
    if len(columns) >= 3:
        return True
    return len(columns) == 2 and columns[1].strip().lower() not in _GENERIC


def labelled_row(row: str, columns: Sequence[str]) -> str:
    """A data row of a headed table (:func:`headed`), each cell after the first headed by its
    column's name ("| LT-0871 | Assignee: Priya Okonkwo-Hale | Dept: Finance |"): the
    header says what each cell is, as a row's first cell does in a "| Field | Value |"
    table."""
    found = cells(row)
    if len(found) != len(columns):
        return row
    pairs = zip(columns[1:], found[1:], strict=True)
    labelled = [found[0], *(f"{head}: {cell}" if head and cell else cell for head, cell in pairs)]
    return "| " + " | ".join(labelled) + " |"
