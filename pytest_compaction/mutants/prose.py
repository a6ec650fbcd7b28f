"""The drift mutants that rewrite the prose summary (and the facts that mirror it).

Modal hedging, a dropped invariant line, "tried and failed" told as "explored", collapsed
identifiers and a summary that never shrinks: the classes a register of pinned invariants
and bindings catches in prose (see :mod:`pytest_compaction.prose.summary`). Public through
:mod:`pytest_compaction.mutants.catalog`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from pytest_compaction.compressors.base import CompressionRequest
from pytest_compaction.core.model import Artifact, Fact, Value
from pytest_compaction.mutants.compressors import MutantCompressor, _map_facts, _with

__all__ = [
    "CollapseIdentifiers",
    "DropPinnedInvariant",
    "FailureAsExplored",
    "GrowSummary",
    "HedgeModalWords",
]


# -- 11 modal weakening (prose) -------------------------------------------------------

_HEDGES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rf"\b{word}\b", re.IGNORECASE), hedge)
    for word, hedge in (
        ("must not", "should ideally not"),
        ("do not", "preferably don't"),
        ("never", "try not to"),
        ("must", "should"),
        ("always", "usually"),
        ("is forbidden", "is discouraged"),
        ("only after", "ideally after"),
    )
)


class HedgeModalWords(MutantCompressor):
    """Hedges the prose: "Never call X" becomes "try not to call X", "must" becomes "should".

    Structured facts are untouched; only a prose check of pinned invariants
    (``modal_weakened``) can see it.
    """

    mutant_name = "hedge_modal"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        if not artifact.summary:
            return artifact
        summary = artifact.summary
        for pattern, hedge in _HEDGES:
            summary = pattern.sub(_hedged(hedge), summary)
        return dataclasses.replace(artifact, summary=summary)


# -- 12 constraint evaporation (prose) ------------------------------------------------

_CONSTRAINT = re.compile(r"\b(never|must|do not|don't|forbidden|only after|until)\b", re.IGNORECASE)


class DropPinnedInvariant(MutantCompressor):
    """Drops the first summary line that states a prohibition or obligation.

    Structured facts are untouched; only a prose check of the pinned-invariant register
    (``invariant_dropped``, ``constraint_density_collapsed``) can see it.
    """

    mutant_name = "drop_pinned_invariant"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        if not artifact.summary:
            return artifact
        lines = artifact.summary.splitlines()
        for index, line in enumerate(lines):
            if _CONSTRAINT.search(line):
                return dataclasses.replace(artifact, summary="\n".join(lines[:index] + lines[index + 1 :]))
        return artifact


# -- 13 failure-history collapse ------------------------------------------------------

_ERROR_KEYS = frozenset({"error", "failure", "failed_with"})
_FAILED_TAIL = re.compile(r"\bfailed\b.*$")
_TRIED = re.compile(r"\b[Tt]ried\b")


class FailureAsExplored(MutantCompressor):
    """Turns "tried A, failed with E" into "explored A".

    A failure record (a fact whose predicate has a ``failed`` segment, the library's
    convention ``approach.failed``) keeps its id but becomes ``approach.explored``
    without its error (``predicate_changed``); the summary says "explored" too.
    """

    mutant_name = "failure_as_explored"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        def collapse(fact: Fact) -> Fact:
            parts = fact.predicate.split(".")
            if "failed" not in parts:
                return fact
            return _with(
                fact,
                predicate=".".join("explored" if part == "failed" else part for part in parts),
                qualifiers=tuple((k, v) for k, v in fact.qualifiers if k not in _ERROR_KEYS),
            )

        collapsed = _map_facts(artifact, collapse)
        if collapsed.summary:
            # "tried A; it failed with E" -> "explored A; it was explored.": the error goes too.
            lines = [_FAILED_TAIL.sub("was explored.", line) for line in collapsed.summary.splitlines()]
            summary = _TRIED.sub("Explored", "\n".join(lines))
            collapsed = dataclasses.replace(collapsed, summary=summary)
        return collapsed


# -- 14 binding drift -----------------------------------------------------------------

_IDENTIFIER = re.compile(r"\b([A-Z][A-Z0-9]*)-(\d+)\b")


class CollapseIdentifiers(MutantCompressor):
    """Renumbers every ``PREFIX-N`` identifier to the first one of that prefix it saw.

    T-14 and T-41 both become T-14, in values, qualifiers and the summary: the fact
    that held T-41 now holds T-14 (``value_changed``; ``identifier_collapsed`` for prose).
    """

    mutant_name = "collapse_identifiers"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        first: dict[str, str] = {}
        for fact in artifact.facts:
            for value in (fact.value, *(v for _, v in fact.qualifiers)):
                if isinstance(value, str) and (match := _IDENTIFIER.fullmatch(value)):
                    first.setdefault(match.group(1), value)
        if not first:
            return artifact

        def collapse(value: Value) -> Value:
            if isinstance(value, str) and (match := _IDENTIFIER.fullmatch(value)):
                return first.get(match.group(1), value)
            return value

        collapsed = _map_facts(
            artifact,
            lambda f: _with(
                f, value=collapse(f.value), qualifiers=tuple((k, collapse(v)) for k, v in f.qualifiers)
            ),
        )
        if collapsed.summary:
            summary = _IDENTIFIER.sub(lambda m: first.get(m.group(1), m.group(0)), collapsed.summary)
            collapsed = dataclasses.replace(collapsed, summary=summary)
        return collapsed


# -- 15 budget failures: the summary half ---------------------------------------------


class GrowSummary(MutantCompressor):
    """Appends each pass's summary to the previous one: no budget is ever reclaimed.

    Structured facts are untouched; only a summary-size check (``summary_not_reclaimed``)
    can see it.
    """

    mutant_name = "grow_summary"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        previous = request.prior.summary if request.prior is not None and request.prior.summary else ""
        parts = [previous, artifact.summary or "", f"(recap of pass {artifact.depth})"]
        return dataclasses.replace(artifact, summary="\n".join(part for part in parts if part))


# -- helpers --------------------------------------------------------------------------


def _hedged(hedge: str) -> Callable[[re.Match[str]], str]:
    """A substitution that writes ``hedge`` in the case of the word it replaces."""

    def replace(match: re.Match[str]) -> str:
        return hedge[:1].upper() + hedge[1:] if match.group(0)[:1].isupper() else hedge

    return replace
