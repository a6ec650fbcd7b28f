"""A pinned entry's markers as the checks locate it (with the words they abbreviate), and
words listed in a violation's detail.
"""

from __future__ import annotations

from collections.abc import Sequence

from pytest_compaction.prose.invariants import expansions

__all__ = ["_listed", "_locators"]


def _listed(words: Sequence[str]) -> str:
    return ", ".join(repr(w) for w in words)


def _locators(text: str, markers: tuple[str, ...]) -> tuple[str, ...]:
    """``markers`` and the words any of them abbreviates (:func:`_expansions`)."""
    also = expansions(text, markers)
    return (*markers, *also.values()) if also else markers
