"""Which stage owns a violation: selection, compression, storage, retrieval or use.

Selection and compression are decided from what the compressor *declared*: the events its
artifact says it kept or used (``input_event_ids``, the kept messages of a message list)
and whether it kept the prior memory. What the harness handed it is only the fallback, for
an artifact that declares nothing. A trimmer that drops the turn stating a fact (or a
pinned rule, or a binding) lost it at selection; a summarizer that read the turn and left
it out lost it at compression.

The stage travels in the violation's detail, where the runner writes it next to the pass
(``pass 2, selection; ...``); a check that knows the stage better than the code does
starts its detail with it (``selection: ...``). :func:`stage_named` reads either back.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection
from typing import NamedTuple

from pytest_compaction.compressors.guard import CompressionRecord
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.violations import Violation, ViolationCode

__all__ = [
    "STAGES",
    "Blame",
    "blame",
    "event_blame",
    "located",
    "owner",
    "stage_named",
    "with_stage",
]

STAGES = ("selection", "compression", "storage", "retrieval", "use")
"""The boundaries a fact crosses, in pipeline order (selection and compression are the two
halves of the first)."""

_FIXED = {
    ViolationCode.DELETED_CONTENT_IN_INPUT: "selection",
    ViolationCode.TOOL_RESULT_ORPHANED: "selection",
    ViolationCode.TOOL_CALL_UNANSWERED: "selection",
    ViolationCode.SYSTEM_MESSAGE_DROPPED: "selection",
    ViolationCode.REPRESENTATION_CHANGED: "storage",
    ViolationCode.LOST_UPDATE: "storage",
    ViolationCode.MIGRATION_NOT_IDEMPOTENT: "storage",
    ViolationCode.REGISTER_ENTRY_REWRITTEN: "storage",
    ViolationCode.REGISTER_REORDERED: "storage",
    ViolationCode.INVARIANT_RETIRED_WITHOUT_EVENT: "storage",
    ViolationCode.RETRIEVAL_OMITTED: "retrieval",
    ViolationCode.RETRIEVAL_FORBIDDEN: "retrieval",
    ViolationCode.ISOLATION_BREACH: "retrieval",
    ViolationCode.ACTION_VIOLATES_FACT: "use",
}
"""Codes whose stage does not depend on what the compressor declared."""

_WORD = "|".join(STAGES)
_LEADING = re.compile(rf"^(?P<stage>{_WORD}): ")
_LOCATED = re.compile(rf"^pass \d+(?:, depth \d+)?, (?P<stage>{_WORD})(?:;|$)")
_DROPPED = re.compile(rf"\bdropped by (?P<stage>{_WORD})\b")


class Blame(NamedTuple):
    """A stage and the words that say why (empty when the code alone decides it)."""

    stage: str
    words: str = ""


def owner(ledger: Ledger, record: CompressionRecord, fact_id: str) -> str:
    """Words naming the stage that lost ``fact_id`` in this call, and why."""
    fact = ledger.get(fact_id)
    prior = record.request.prior
    given = [s for s in fact.source_event_ids if s in record.input_event_ids]
    used = set(record.used_event_ids)
    if prior is not None and fact_id in prior.index:
        if record.kept_prior:
            return "dropped by compression: it was in the prior memory the compressor was given"
        return "dropped by selection: it was in the prior memory, which the compressor did not keep"
    declared = [s for s in given if s in used]
    if declared:
        return f"dropped by compression: the compressor was given {', '.join(declared)} and used it"
    if given:
        return (
            f"dropped by selection: the compressor was given {', '.join(given)} but did not keep it "
            f"(its output declares it kept or used only: {', '.join(record.used_event_ids) or 'nothing'})"
        )
    sources = ", ".join(fact.source_event_ids) or "its source"
    return f"dropped by selection: {sources} never reached the compressor"


def event_blame(record: CompressionRecord, event_id: str | None, *, earlier: Collection[str] = ()) -> Blame:
    """The stage that owns losing what ``event_id`` stated (a pinned rule, a binding).

    ``earlier`` are the events of this scope's earlier passes: what they stated lives in
    the prior memory, which the compressor kept or declared it dropped. Without a stating
    event (a rule handed over in the register only) the compressor had it: compression.
    """
    if event_id is None:
        return Blame("compression")
    if event_id in record.input_event_ids:
        used = record.used_event_ids
        if event_id in used:
            return Blame("compression", f"stated by {event_id}, which the compressor was given and used")
        return Blame(
            "selection",
            f"stated by {event_id}, which the compressor was given but did not keep "
            f"(its output declares it kept or used only: {', '.join(used) or 'nothing'})",
        )
    if event_id in earlier:
        if record.kept_prior:
            return Blame("compression", f"stated by {event_id}, in the prior memory the compressor was given")
        return Blame(
            "selection", f"stated by {event_id}, in the prior memory, which the compressor did not keep"
        )
    return Blame("selection", f"stated by {event_id}, which never reached the compressor")


def blame(ledger: Ledger | None, record: CompressionRecord, violation: Violation) -> Blame:
    """The stage that owns ``violation`` in this call, from what the compressor declared."""
    named = stage_named(violation)
    if named is not None:
        return Blame(named)
    fixed = _FIXED.get(violation.code)
    if fixed is not None:
        return Blame(fixed)
    fact_id = violation.fact_id
    if ledger is None or fact_id is None or ledger.find(fact_id) is None:
        return Blame("compression")
    if violation.code is ViolationCode.MISSING:
        words = owner(ledger, record, fact_id)
        return Blame(stage_named(dataclasses.replace(violation, detail=words)) or "compression", words)
    # A fact that is there but wrong: a message kept word for word carried it as its event
    # stated it, so the selection chose that (stale) turn; anything else the compressor wrote.
    artifact = record.artifact
    emitted = artifact.index.get(fact_id) if artifact is not None else None
    kept = set(record.kept)
    if emitted is not None and emitted.source_event_ids and set(emitted.source_event_ids) <= kept:
        sources = ", ".join(emitted.source_event_ids)
        return Blame("selection", f"carried verbatim by the kept message(s) {sources}")
    return Blame("compression")


def stage_named(violation: Violation) -> str | None:
    """The stage a violation's detail names (``pass 2, selection; ...``, ``selection: ...``,
    ``...; dropped by selection: ...``), or None."""
    detail = violation.detail or ""
    for pattern in (_LOCATED, _LEADING):
        found = pattern.match(detail)
        if found:
            return found.group("stage")
    if violation.code is ViolationCode.MISSING:
        dropped = _DROPPED.search(detail)
        if dropped:
            return dropped.group("stage")
    return None


def with_stage(violation: Violation, found: Blame) -> Violation:
    """``violation`` with its detail starting with its stage (and the words, when given)."""
    detail = violation.detail or ""
    if _LOCATED.match(detail) or _LEADING.match(detail):
        return violation
    if found.words and found.words not in detail:
        detail = f"{detail}; {found.words}" if detail else found.words
    return dataclasses.replace(violation, detail=f"{found.stage}: {detail}" if detail else found.stage)


def located(
    violation: Violation, *, stage: str, index: int, depth: int | None = None, attempt: str = ""
) -> Violation:
    """``violation`` with its detail starting ``pass N[, depth D], <stage>`` (its own leading
    ``<stage>: `` folded in, then ``attempt``, e.g. ``"attempt 2: "``), so a person and the
    reports read both. A detail that already starts so is left as it is."""
    detail = violation.detail or ""
    if _LOCATED.match(detail):
        return violation
    where = f"pass {index}" + (f", depth {depth}" if depth is not None and depth > 1 else "")
    where += f", {stage}"
    rest = detail.removeprefix(f"{stage}: ") if detail != stage else ""
    rest = f"{attempt}{rest}".rstrip(": ")
    return dataclasses.replace(violation, detail=f"{where}; {rest}" if rest else where)
