"""Read whatever a compressor returned as an artifact, and say which stage produced what.

Compressors in the wild return many shapes: an :class:`Artifact` or its dict, a prose
``str``, a list of chat messages (LangChain ``BaseMessage`` objects, LlamaIndex
``ChatMessage`` objects or OpenAI-style dicts), memory records (strings, mem0's
``{"results": [...]}``), LangMem's ``SummarizationResult``, a LangGraph state update
(``{"messages": [...]}``) or a compaction block (``{"type": "compaction", "content": ...}``).

:func:`normalize` maps each to an :class:`Artifact` whose ``input_event_ids`` are what the
compressor *declared* it kept or used, and whose ``summary`` is the text it carries:

- messages that are source events unchanged are the **selection** (kept verbatim: the
  facts their events state are carried exactly, so the harness replays those events'
  claims into the artifact's facts);
- a summary message, a prose string or memory records are the **compression** (its
  text is the summary; the facts in it are for the prose checks).

This module tells the shapes apart (:func:`normalize`, mappings, lists, LangMem's result);
each shape is read in a private module of its own: what normalizing yields and its bounds
(``_normalized``), an artifact returned as is (``_checked_artifact``), text and memory
records (``_records``), chat messages (``_chat``) and a list of them as a memory
(``_transcript``), compaction blocks (``_compaction``). Everything the rest of the package
uses is imported from here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from pytest_compaction.compressors._chat import _is_removal, _message, _reduced
from pytest_compaction.compressors._checked_artifact import _bounded, _declared_artifact, _with_tuples
from pytest_compaction.compressors._compaction import _from_compaction, _is_compaction
from pytest_compaction.compressors._normalized import MAX_ITEMS as MAX_ITEMS
from pytest_compaction.compressors._normalized import MAX_TEXT as MAX_TEXT
from pytest_compaction.compressors._normalized import Message as Message
from pytest_compaction.compressors._normalized import Normalized as Normalized
from pytest_compaction.compressors._normalized import (
    _artifact,
    _event_ids,
    _in_order,
    _read_bounded,
    _Unbounded,
)
from pytest_compaction.compressors._normalized import dumps as dumps
from pytest_compaction.compressors._normalized import event_role as event_role
from pytest_compaction.compressors._records import (
    _from_records,
    _from_text,
    _is_extracted,
    _is_store_item,
    _profile_lines,
)
from pytest_compaction.compressors._transcript import _from_messages
from pytest_compaction.compressors.messages import PRIOR_SUMMARY_ID as PRIOR_SUMMARY_ID
from pytest_compaction.compressors.request import CompressionRequest
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.model import Artifact

__all__ = [
    "MAX_ITEMS",
    "MAX_TEXT",
    "PRIOR_SUMMARY_ID",
    "Message",
    "Normalized",
    "event_role",
    "normalize",
]

"""The message id under which the prior memory's summary is offered to a message compressor."""


def normalize(outcome: object, request: CompressionRequest) -> Normalized:
    """Read ``outcome`` as an artifact for ``request`` (the harness's request, claims included)."""
    try:
        return _normalize(outcome, request)
    except _Unbounded as exc:
        return Normalized(shape=exc.shape, problem=exc.problem)


def _normalize(outcome: object, request: CompressionRequest) -> Normalized:
    if isinstance(outcome, Artifact):
        outcome = _with_tuples(outcome)
        return _bounded(Normalized(shape="artifact", artifact=outcome, **_declared_artifact(outcome)))
    if outcome is None:
        return Normalized(shape="none", problem="returned None; " + _ACCEPTED)
    if isinstance(outcome, str):
        return _from_text(outcome, request)
    if isinstance(outcome, Mapping):
        return _from_mapping(outcome, request)
    if _is_summarization_result(outcome):
        return _from_summarization_result(outcome, request)
    if _is_compaction(outcome):
        return _from_compaction(getattr(outcome, "content", None), request)
    if _is_extracted(outcome):  # one LangMem record (a named tuple): a list of one
        return _from_records((outcome,), request)
    if isinstance(outcome, (list, tuple)):
        return _from_sequence(outcome, request)
    single = _message(outcome)  # one chat message (model.invoke(...)'s AIMessage): a list of one
    if single is not None:
        return _from_messages((single,), request)
    dump = getattr(outcome, "model_dump", None)
    if callable(dump):  # a Pydantic model (a typed profile): read as its dict is
        data = dump()
        if isinstance(data, Mapping):
            return _from_mapping(data, request)
    return Normalized(shape="unknown", problem=f"returned {type(outcome).__name__}; {_ACCEPTED}")


_ACCEPTED = (
    "a compressor must return an Artifact (or its dict), a str summary, a list of messages, "
    "memory records or a summarization result"
)


def _from_mapping(data: Mapping[str, Any], request: CompressionRequest) -> Normalized:
    if "memory_version" in data or "facts" in data:
        try:
            artifact = Artifact.from_dict(data)
        except PayloadError as exc:
            return Normalized(shape="artifact", problem=f"returned a dict that is not an artifact: {exc}")
        return _bounded(Normalized(shape="artifact", artifact=artifact, **_declared_artifact(artifact)))
    if _is_compaction(data):
        return _from_compaction(data.get("content"), request)
    if "results" in data and isinstance(data["results"], (list, tuple)):
        return _from_records(data["results"], request)
    if "messages" in data and isinstance(data["messages"], (list, tuple)):
        return _from_sequence(data["messages"], request)  # a LangGraph state update
    if "role" in data:
        return _from_sequence([data], request)
    lines = _profile_lines(data)
    if lines is not None:
        return _from_text("\n".join(lines), request, "profile")
    keys = ", ".join(sorted(map(str, data))[:8])
    return Normalized(
        shape="unknown",
        problem=f"returned a dict with keys {keys} that is neither an artifact (memory_version, facts), "
        f"memory records (results), messages, a compaction block nor a profile (text keys whose values "
        f"are text, numbers, true/false, lists of them or lists of flat records, nested at most one level)",
    )


# -- LangMem ---------------------------------------------------------------------------


def _is_summarization_result(outcome: object) -> bool:
    return hasattr(outcome, "running_summary") and hasattr(outcome, "messages")


def _from_summarization_result(outcome: Any, request: CompressionRequest) -> Normalized:
    shape = "summarization_result"
    messages = _read_bounded(outcome.messages, "a summarization result whose messages", shape)
    running = outcome.running_summary
    held = getattr(running, "summary", None) if running is not None else None
    if not messages and isinstance(held, str) and held.strip():
        # Nothing new to summarize (LangMem returns no messages then): the memory is the
        # running summary as it stands.
        return dataclasses.replace(_from_text(held, request, shape), shape=shape)
    result = _from_sequence(messages, request)
    if result.artifact is None or running is None:
        return dataclasses.replace(result, shape=shape)
    ids = getattr(running, "summarized_message_ids", None) or ()
    declared = {str(i) for i in _read_bounded(ids, "a running summary whose summarized_message_ids", shape)}
    summarized = tuple(e for e in _event_ids(request) if e in declared)
    summary_text = getattr(running, "summary", None)
    # The running summary is the compression; the messages it returns next to it are kept.
    summaries = result.summaries or ((summary_text,) if isinstance(summary_text, str) else ())
    used = tuple(dict.fromkeys((*result.kept, *summarized, *result.summarized)))
    artifact = dataclasses.replace(result.artifact, input_event_ids=_in_order(request, used))
    return dataclasses.replace(
        result,
        shape="summarization_result",
        artifact=artifact,
        summarized=tuple(dict.fromkeys((*summarized, *result.summarized))),
        summaries=summaries,
    )


# -- messages --------------------------------------------------------------------------


def _from_sequence(items: Sequence[object], request: CompressionRequest) -> Normalized:
    if len(items) > MAX_ITEMS:
        return Normalized(
            shape="messages", problem=f"returned {len(items)} items; at most {MAX_ITEMS} are read"
        )
    if not items:
        return Normalized(
            shape="messages",
            artifact=_artifact(request, summary="", facts=(), used=()),
            kept_prior=False,
            messages=(),
        )
    if all(isinstance(item, str) for item in items) or all(_looks_like_record(item) for item in items):
        return _from_records(items, request)
    if any(map(_is_removal, items)):
        state = _reduced(items, request)
        if isinstance(state, str):
            return Normalized(shape="messages", problem=state)
        items = state
    messages: list[Message] = []
    for index, item in enumerate(items):
        if _is_removal(item):
            continue  # LangGraph's RemoveMessage: an instruction to the reducer, not a message
        message = _message(item)
        if message is None:
            return Normalized(
                shape="messages",
                problem=f"returned a list whose item [{index}] is a {type(item).__name__}; expected chat "
                f"messages (LangChain, LlamaIndex or dicts with role and content) or memory records",
            )
        messages.append(message)
    return _from_messages(tuple(messages), request)


def _looks_like_record(item: object) -> bool:
    if _is_extracted(item) or _is_store_item(item):
        return True
    return (
        isinstance(item, Mapping)
        and "role" not in item
        and any(k in item for k in ("memory", "fact", "text"))
    )
