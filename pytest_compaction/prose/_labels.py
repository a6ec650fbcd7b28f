"""The label a line of prose memory starts with to cite its source event and facts
(:func:`event_label`).
"""

from __future__ import annotations

from pytest_compaction.core.model import SourceEvent, Trust

__all__ = ["event_label"]


def event_label(event: SourceEvent) -> str:
    """The label a line of prose memory starts with to cite its source event and facts:
    ``[e2 untrusted previously: fact-city-1] `` (the words only where they apply).

    "untrusted" attributes the line to an untrusted source; "previously" tells it as
    history (every fact the event states is over). Summary growth is allowed one label
    per new event on top of its text (:mod:`pytest_compaction.prose.checks`).
    """
    words = [event.event_id]
    if event.trust is Trust.UNTRUSTED:
        words.append("untrusted")
    if event.claims and not any(claim.current for claim in event.claims):
        words.append("previously")
    ids = " ".join(claim.fact_id for claim in event.claims)
    return f"[{' '.join(words)}{': ' + ids if ids else ''}] "
