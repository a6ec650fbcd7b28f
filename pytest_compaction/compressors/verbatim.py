"""The verbatim compressor: a faithful *prose* compressor that loses nothing.

It writes the text of the authorized events it is given (deleted content is already
removed from them) after the prior summary and before the pinned block, and no
structured facts: the artifact is prose only, so the run checks its ``summary`` against
the facts' prose forms (:mod:`pytest_compaction.prose.facts`), and retrieval and the
relations read it as the facts its summary states (``read_memory``). Select it with
``--compaction-compressor=verbatim``.

Each line cites its source with a label (:func:`pytest_compaction.prose.summary.event_label`):
``[e2 untrusted: fact-quote-1] Ticket 5521 ...``. Faithful is not copying blindly, so
like a careful summarizer it:

- tells an event whose every fact is over (superseded or retired) as history
  (``previously`` in its label), and drops a prior line once its facts are over;
- drops a prior line copied from an event a deletion redacted (``request.deleted_event_ids``);
- attributes an untrusted event (``untrusted`` in its label);
- leaves out a reply's quoted lines ("> ...") that copy a message it already wrote;
- under a character budget, drops the events that carry no critical fact first.
"""

from __future__ import annotations

import re

from pytest_compaction.core.model import Artifact, Criticality, SourceEvent
from pytest_compaction.core.quotes import without_quoted_copies
from pytest_compaction.prose.summary import event_label

__all__ = ["VerbatimCompressor"]

_PINNED_START = "=== PINNED INVARIANTS"
_LABEL = re.compile(r"^\[(?P<event>[^\]:\s]*)[^\]:]*(?::\s*(?P<ids>[^\]]*))?\]\s")


def _line(event: SourceEvent, written: list[str]) -> str:
    """The event's line; a quoted line of it ("> ...") that copies text already written (an
    earlier message the reply quotes) is left out, so a deletion of that message leaves no
    copy of it behind."""
    text = without_quoted_copies(event.text, written)
    written.append(" ".join(event.text.split()))
    return event_label(event) + " ".join(text.split())


def _prior_lines(prior: Artifact | None, over: set[str], deleted: set[str]) -> list[str]:
    """The prior summary's lines, without the pinned block, lines whose facts are over, and
    lines copied from a deleted event."""
    if prior is None or not prior.summary:
        return []
    out: list[str] = []
    for line in prior.summary.splitlines():
        if line.startswith(_PINNED_START):
            break  # the pinned block is appended fresh on every pass
        if not line.strip():
            continue
        label = _LABEL.match(line)
        if label and label.group("event") in deleted:
            continue
        if label and label.group("ids") and set(label.group("ids").split()) <= over:
            continue
        out.append(line)
    return out


def _critical(event: SourceEvent) -> bool:
    return any(claim.current and claim.criticality is Criticality.CRITICAL for claim in event.claims)


class VerbatimCompressor:
    """Copies the authorized events' text: the faithful baseline for prose checking."""

    name = "verbatim"
    replays_claims = True
    prose_output = True
    """Its memory is the summary alone: the run reads it in prose, never fact by fact."""
    """It reads the ledger's claims, but only to label its lines (which facts a line states,
    which of them are over, which event is untrusted), as a careful summarizer would know;
    every word it writes is the events' own text."""

    def compress(self, request: object) -> Artifact:
        events: tuple[SourceEvent, ...] = getattr(request, "events", ())
        prior: Artifact | None = getattr(request, "prior", None)
        budget: int | None = getattr(request, "budget", None)
        config = getattr(request, "config", {}) or {}
        # Facts a newer event supersedes or retires: the prior lines that stated them go.
        over = {older for event in events for claim in event.claims for older in claim.supersedes}
        over |= {fact_id for event in events for fact_id in event.retires}
        over |= {claim.fact_id for event in events for claim in event.claims if not claim.current}
        deleted = set(getattr(request, "deleted_event_ids", ()))
        lines = _prior_lines(prior, over, deleted)
        written = [" ".join(line.split()) for line in lines]
        new = [(_line(event, written), _critical(event)) for event in events]
        if budget is not None:
            total = sum(len(line) + 1 for line in lines) + sum(len(line) + 1 for line, _ in new)
            for index in range(len(new) - 1, -1, -1):
                if total <= budget:
                    break
                line, critical = new[index]
                if not critical:
                    new.pop(index)
                    total -= len(line) + 1
        summary = "\n".join([*lines, *(line for line, _ in new)])
        pinned = config.get("pinned")
        if isinstance(pinned, str) and pinned:
            summary = f"{summary}\n\n{pinned}" if summary else pinned
        return Artifact(
            memory_version=getattr(request, "memory_version", 1),
            tenant_id=getattr(request, "tenant_id", ""),
            subject_id=getattr(request, "subject_id", ""),
            facts=(),
            summary=summary,
            depth=getattr(request, "depth", 1),
            input_event_ids=tuple(event.event_id for event in events),
        )

    def __repr__(self) -> str:
        return "<VerbatimCompressor>"
