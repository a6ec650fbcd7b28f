"""How a finding in a summary is told: the sentence it is in, numbered and quoted
(:func:`_where`), and a finding ranked before it becomes a violation (:class:`_Finding`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pytest_compaction.core.violations import ViolationCode
from pytest_compaction.prose.statements import Statement

__all__ = ["_Finding", "_where"]


def _quote(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def _where(statement: Statement) -> str:
    return f"sentence {statement.index + 1} {_quote(statement.text)}"


@dataclass(slots=True)
class _Finding:
    rank: int
    code: ViolationCode
    detail: str
    expected: object = None
    observed: object = None
