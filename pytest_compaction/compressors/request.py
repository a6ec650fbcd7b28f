"""What a compressor is given for one pass, and the interface it implements."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from pytest_compaction.core.model import Artifact, SourceEvent

__all__ = ["CompressionRequest", "Compressor"]


@dataclass(frozen=True, slots=True, kw_only=True)
class CompressionRequest:
    """Everything a compressor is given for one compression pass."""

    tenant_id: str
    subject_id: str
    events: tuple[SourceEvent, ...]
    """The authorized source events for this pass, deleted content already removed, in order."""
    prior: Artifact | None = None
    """The current memory (for repeated compression): its structured facts with deleted facts
    removed, its summary as the previous pass wrote it (see ``deleted_fact_ids``)."""
    memory_version: int = 1
    """The version the returned artifact should carry."""
    budget: int | None = None
    """The most characters the prose summary may take, if the scenario declares a budget."""
    config: Mapping[str, Any] = field(default_factory=dict)
    budget_tokens: int | None = None
    """The most tokens the kept memory may take (``budget_tokens`` in a spec), if declared."""
    budget_chars: int | None = None
    """The most characters the kept memory may take (``budget_chars`` in a spec), if declared."""
    deleted_fact_ids: tuple[str, ...] = ()
    """The facts deleted in this memory's scope so far (ids only): the prior summary may still
    state them, and what this pass returns must not."""
    deleted_event_ids: tuple[str, ...] = ()
    """The events those deletions redacted (ids only): purge what the prior memory took from them."""

    @property
    def prior_summary(self) -> str | None:
        """The prior memory's text (its summary), or None for a first pass."""
        if self.prior is None:
            return None
        return self.prior.summary or None

    @property
    def prior_selection(self) -> tuple[SourceEvent, ...]:
        """The prior memory as the messages it kept, after a deletion in this memory's scope.

        When the prior memory was a message selection (every message a source event
        unchanged) and something was deleted, a message compressor is handed those events
        back as messages with their ids, minus the deleted events' (a store deletes by id),
        instead of one prior-summary message. Empty otherwise: a prose prior, or no deletion
        yet (the prior is then the one summary message, ``prior_summary``).
        """
        if self.prior is None or not self.prior.selection or not self.deleted_event_ids:
            return ()
        deleted = set(self.deleted_event_ids)
        return tuple(event for event in self.prior.selection if event.event_id not in deleted)

    @property
    def text(self) -> str:
        """The events' text, one per line, for a compressor that reads a transcript."""
        return "\n".join(event.text for event in self.events)

    def openai_messages(self) -> list[dict[str, Any]]:
        """The events as OpenAI-style dicts (role, content, tool_calls, tool_call_id, id)."""
        from pytest_compaction.compressors.messages import openai_messages

        return openai_messages(self)

    def langchain_messages(self) -> list[Any]:
        """The events as LangChain messages (each ``id`` is the event id); needs ``langchain-core``."""
        from pytest_compaction.compressors.messages import langchain_messages

        return langchain_messages(self)

    @property
    def depth(self) -> int:
        """How deep the artifact of this pass is: 1 + the prior's depth."""
        return 1 if self.prior is None else self.prior.depth + 1

    def without_claims(self) -> CompressionRequest:
        """The request as a text compressor sees it: events without the ledger's claims or retirements."""
        if not any(event.claims or event.retires for event in self.events):
            return self
        events = tuple(
            dataclasses.replace(event, claims=(), retires=()) if event.claims or event.retires else event
            for event in self.events
        )
        return dataclasses.replace(self, events=events)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tenant_id": self.tenant_id,
            "subject_id": self.subject_id,
            "events": [event.to_dict() for event in self.events],
            "prior": None if self.prior is None else self.prior.to_dict(),
            "memory_version": self.memory_version,
            "budget": self.budget,
            "budget_tokens": self.budget_tokens,
            "budget_chars": self.budget_chars,
            "config": dict(self.config),
            "deleted_fact_ids": list(self.deleted_fact_ids),
            "deleted_event_ids": list(self.deleted_event_ids),
        }


@runtime_checkable
class Compressor(Protocol):
    """What pytest-compaction calls: ``compress(request) -> Artifact`` (or a dict)."""

    def compress(self, request: CompressionRequest) -> Artifact | Mapping[str, Any]: ...
