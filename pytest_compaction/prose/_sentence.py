"""The fields every reading of a statement works on, declared once for the readings that
:class:`~pytest_compaction.prose.statements.Statement` inherits (``_negation``, ``_speculative``,
``_attributed``, ``_past``).
"""

from __future__ import annotations

from pytest_compaction.prose.normalize import Token

__all__ = ["_Sentence"]


class _Sentence:
    """A statement's fields, for the type checker: :class:`Statement`, a frozen dataclass,
    holds them; the readings only read them. No slots of its own, so a statement has no
    ``__dict__``."""

    __slots__ = ()

    index: int
    text: str
    tokens: tuple[Token, ...]
    norms: tuple[str, ...]
    segment: tuple[int, ...]
    clause: tuple[int, ...]
    vocabulary: frozenset[str]
    _memo: dict[str, tuple[int, ...]]
    heading: int
