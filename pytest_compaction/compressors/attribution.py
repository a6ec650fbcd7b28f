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
from collections.abc import Collection, Iterable, Mapping
from typing import NamedTuple

from pytest_compaction.compressors.guard import CompressionRecord
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.violations import Violation, ViolationCode

__all__ = [
    "STAGES",
    "Blame",
    "blame",
    "density_blame",
    "depth_blame",
    "event_blame",
    "growth_blame",
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


def owner(
    ledger: Ledger,
    record: CompressionRecord,
    fact_id: str,
    *,
    earlier: Collection[str] = (),
    lost: int | None = None,
) -> str:
    """Words naming the stage that lost ``fact_id`` in this call, and why.

    ``earlier`` are the events this scope's earlier passes were given: what they stated is
    in the prior memory (a prose summary has no fact index to say so), unless ``lost``
    names the earlier pass that already lost the fact.
    """
    fact = ledger.get(fact_id)
    prior = record.request.prior
    given = [s for s in fact.source_event_ids if s in record.input_event_ids]
    used = set(record.used_event_ids)
    if prior is not None and fact_id in prior.index:
        selected = {event.event_id for event in record.request.prior_selection}
        held = [s for s in prior.index[fact_id].source_event_ids if s in selected]
        if held and not set(held) & set(record.kept):
            return (
                f"dropped by selection: it was in the prior memory as message(s) {', '.join(held)}, "
                f"which the compressor did not keep"
            )
        if record.kept_prior:
            return "dropped by compression: it was in the prior memory the compressor was given"
        return "dropped by selection: it was in the prior memory, which the compressor did not keep"
    declared = [s for s in given if s in used]
    if declared:
        artifact = record.artifact
        if artifact is not None and not (
            (artifact.summary or "").strip() or artifact.facts or artifact.selection
        ):
            return (
                f"dropped by compression: the compressor was given {', '.join(declared)} and returned nothing"
            )
        return f"dropped by compression: the compressor was given {', '.join(declared)} and used it"
    if given:
        return (
            f"dropped by selection: the compressor was given {', '.join(given)} but did not keep it "
            f"(its output declares it kept or used only: {', '.join(record.used_event_ids) or 'nothing'})"
        )
    sources = ", ".join(fact.source_event_ids) or "its source"
    before = set(earlier) | set(prior.input_event_ids if prior is not None else ())
    if prior is not None and not given and before.intersection(fact.source_event_ids):
        if lost is not None:
            return (
                f"dropped by selection: pass {lost} already lost it, so the prior memory the compressor "
                f"was given did not hold it"
            )
        if record.kept_prior:
            return (
                f"dropped by compression: it was in the prior memory the compressor was given "
                f"(from {sources}), which its output left out"
            )
        return "dropped by selection: it was in the prior memory, which the compressor did not keep"
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


def density_blame(
    record: CompressionRecord, entries: Iterable[tuple[str, str | None]], *, earlier: Collection[str] = ()
) -> Blame:
    """The stage that owns ``constraint_density_collapsed``: who lost the whole class of rules.

    ``entries`` are the prohibitions and obligations in force, each with its stating event.
    When the compressor had at least one of them (given and used, in the prior memory it
    kept, or handed over in the register only) and wrote no prohibition, compression lost
    the class; when every one was dropped before it (not kept, never reached it), selection.
    """
    blamed = [(ident, event_blame(record, event_id, earlier=earlier)) for ident, event_id in entries]
    for ident, found in blamed:
        if found.stage == "compression":
            return Blame("compression", f"the compressor had {ident} ({found.words or 'in the register'})")
    if not blamed:
        return Blame("compression")
    lost = "; ".join(f"{ident} {found.words}" for ident, found in blamed)
    return Blame(
        "selection", f"every prohibition or obligation in force was dropped before compression: {lost}"
    )


def depth_blame(record: CompressionRecord, depth: int) -> Blame:
    """The stage that owns ``depth_exceeded``: the compressor that summarized its prior memory again.

    The prose check counts a pass deeper only when the compressor kept the prior memory
    (a pass that declared it dropped it starts afresh, depth 1), so the re-summarization
    is the compressor's: it built on a summary ``depth - 1`` deep instead of re-grounding.
    """
    return Blame(
        "compression",
        f"the compressor summarized its prior memory (a summary {depth - 1} deep) again instead of "
        f"re-grounding from the register",
    )


def growth_blame(
    record: CompressionRecord, *, written: int | None, handed: int | None, budget: int | None
) -> Blame:
    """The stage that owns ``summary_not_reclaimed``: who kept what should have been reclaimed.

    ``written`` is the reclaimable length of the summary this scope's previous pass wrote,
    ``handed`` that of the prior memory this pass was given (the store's read-back): a
    longer read-back means the store kept the old summary (storage). Over a ``budget``, the
    messages the output kept verbatim taking more than the budget on their own are the
    selection's; anything else the compressor wrote (compression).
    """
    if written is not None and handed is not None and handed > written:
        return Blame(
            "storage",
            f"the store handed back a summary of {handed} characters for the {written} the previous pass "
            f"wrote: it kept the old summary",
        )
    if budget is not None and record.kept:
        request = record.request
        texts = {event.event_id: event.text for event in (*request.prior_selection, *request.events)}
        kept_chars = sum(len(texts.get(event_id, "")) + 1 for event_id in record.kept)
        if kept_chars > budget:
            return Blame(
                "selection",
                f"the messages kept verbatim ({', '.join(record.kept)}) take {kept_chars} characters "
                f"on their own",
            )
    return Blame("compression")


def blame(
    ledger: Ledger | None,
    record: CompressionRecord,
    violation: Violation,
    *,
    earlier: Collection[str] = (),
    lost: Mapping[str, int] | None = None,
) -> Blame:
    """The stage that owns ``violation`` in this call, from what the compressor declared.

    ``earlier`` and ``lost`` (fact id -> the earlier pass of this scope that already
    reported it missing) place a fact of the prior memory (see :func:`owner`).
    """
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
        words = owner(ledger, record, fact_id, earlier=earlier, lost=(lost or {}).get(fact_id))
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
