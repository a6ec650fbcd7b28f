"""Which stage lost a fact: selection (it was not kept) or compression (it was kept, then lost).

The stage is decided from what the compressor *declared*: the events its artifact says it
kept or used (``input_event_ids``, the kept messages of a message list) and whether it kept
the prior memory. What the harness handed it is only the fallback, for an artifact that
declares nothing. A trimmer that drops the turn stating a fact lost it at selection; a
summarizer that read the turn and left the fact out lost it at compression.
"""

from __future__ import annotations

import dataclasses

from pytest_compaction.compressors.guard import CompressionRecord
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.violations import Violation, ViolationCode

__all__ = ["owner", "with_owner"]


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


def with_owner(ledger: Ledger, record: CompressionRecord, violation: Violation) -> Violation:
    """``violation`` with its stage named, when it is a missing fact."""
    if violation.code is not ViolationCode.MISSING or violation.fact_id is None:
        return violation
    words = owner(ledger, record, violation.fact_id)
    return dataclasses.replace(
        violation, detail=f"{violation.detail}; {words}" if violation.detail else words
    )
