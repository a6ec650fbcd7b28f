"""What normalizing a compressor's output yields (:class:`Normalized`, its :class:`Message`
values), the bounds it reads within, and the small request helpers every shape uses.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Iterable, Mapping, Sequence, Sized
from dataclasses import dataclass
from typing import Any

from pytest_compaction.compressors.request import CompressionRequest
from pytest_compaction.core.model import MAX_ARTIFACT_ITEMS, Artifact, Fact, SourceEvent

__all__ = [
    "MAX_ITEMS",
    "MAX_TEXT",
    "Message",
    "Normalized",
    "_Unbounded",
    "_artifact",
    "_event_ids",
    "_in_order",
    "_read_bounded",
    "dumps",
    "event_role",
]


MAX_TEXT = 5_000_000
"""The most characters of text an output may carry before it is refused as unbounded."""


MAX_ITEMS = MAX_ARTIFACT_ITEMS
"""The most facts, messages or records an output may carry."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Message:
    """One message of a compressor's output, in a framework-neutral form."""

    role: str
    """``system``, ``user``, ``assistant`` or ``tool``."""
    content: str | None
    message_id: str | None = None
    tool_call_ids: tuple[str, ...] = ()
    """The ids of the tool calls an assistant message makes."""
    tool_call_id: str | None = None
    """For a tool message: the call it answers."""
    summary: bool = False
    """Marked by its framework as a summary (LangChain's ``lc_source: summarization``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Normalized:
    """A compressor's output read as an artifact, with what it declared it kept and used."""

    shape: str
    """``artifact``, ``text``, ``messages``, ``records``, ``summarization_result`` or ``compaction``."""
    artifact: Artifact | None = None
    problem: str | None = None
    """Why the output cannot be read (``artifact_malformed``), when it cannot."""
    kept: tuple[str, ...] = ()
    """Source event ids kept verbatim (the selection)."""
    summarized: tuple[str, ...] = ()
    """Source event ids whose content went into a summary (the compression)."""
    kept_prior: bool = True
    """False when the output declares it dropped the prior memory."""
    messages: tuple[Message, ...] | None = None
    """The output messages, for the message structure contract."""
    summaries: tuple[str | None, ...] = ()
    """The summary texts the output carries (``None`` for a compaction that failed)."""


class _Unbounded(Exception):
    """An iterable in the output that cannot be read within :data:`MAX_ITEMS` (endless, say)."""

    def __init__(self, shape: str, problem: str) -> None:
        super().__init__(problem)
        self.shape = shape
        self.problem = problem


def _read_bounded(items: object, what: str, shape: str) -> tuple[Any, ...]:
    """``items`` read into a tuple, never more than ``MAX_ITEMS + 1`` of them.

    A list or tuple is read as it is; any other iterable (a generator, ``itertools.repeat``)
    may never end, and reading it whole would hang the run outside any timeout (a C-level
    iterator never yields the interpreter), so it is read at most one past the limit.
    """
    if isinstance(items, tuple):
        return items
    kind = type(items).__name__
    if isinstance(items, (str, bytes, Mapping)) or not isinstance(items, Iterable):
        raise _Unbounded(shape, f"returned {what} is a {kind}, not a list or tuple")
    read = tuple(itertools.islice(items, MAX_ITEMS + 1))
    if len(read) <= MAX_ITEMS:
        return read
    size = "over-long" if isinstance(items, Sized) else "endless or over-long"
    raise _Unbounded(
        shape,
        f"returned {what} is an {size} {kind} (more than {MAX_ITEMS} items; at most {MAX_ITEMS} "
        f"are read): return a finite list or tuple",
    )


def _artifact(
    request: CompressionRequest, *, summary: str | None, facts: tuple[Fact, ...], used: tuple[str, ...]
) -> Artifact:
    return Artifact(
        memory_version=request.memory_version,
        tenant_id=request.tenant_id,
        subject_id=request.subject_id,
        facts=facts,
        summary=summary,
        depth=request.depth,
        input_event_ids=used,
    )


def event_role(event: SourceEvent) -> str:
    """An event's chat role (``user`` unless the event says otherwise)."""
    role = getattr(event, "role", None)
    return role if isinstance(role, str) and role else "user"


def _event_ids(request: CompressionRequest) -> tuple[str, ...]:
    return tuple(event.event_id for event in request.events)


def _in_order(request: CompressionRequest, ids: Sequence[str]) -> tuple[str, ...]:
    wanted = set(ids)
    return tuple(e.event_id for e in request.events if e.event_id in wanted)


def dumps(message: Message) -> str:
    """A message as one JSON line (for evidence and failure text)."""
    return json.dumps(dataclasses.asdict(message), sort_keys=True)
