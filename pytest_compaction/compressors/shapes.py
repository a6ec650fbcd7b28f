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
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence, Sized
from dataclasses import dataclass
from typing import Any

from pytest_compaction.compressors.messages import PRIOR_SUMMARY_ID
from pytest_compaction.compressors.request import CompressionRequest
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.model import MAX_ARTIFACT_ITEMS, Artifact, Fact, SourceEvent, Trust

__all__ = [
    "MAX_ITEMS",
    "MAX_TEXT",
    "PRIOR_SUMMARY_ID",
    "Message",
    "Normalized",
    "normalize",
]

"""The message id under which the prior memory's summary is offered to a message compressor."""

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


def normalize(outcome: object, request: CompressionRequest) -> Normalized:
    """Read ``outcome`` as an artifact for ``request`` (the harness's request, claims included)."""
    try:
        return _normalize(outcome, request)
    except _Unbounded as exc:
        return Normalized(shape=exc.shape, problem=exc.problem)


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


def _with_tuples(artifact: Artifact) -> Artifact:
    """``artifact`` with ``facts`` and ``input_event_ids`` as tuples, as its constructor makes them.

    Set behind the constructor (``object.__setattr__``), either may be any iterable, an
    endless one included: each is read bounded.
    """
    changed = False
    for name in ("facts", "input_event_ids"):
        value: object = getattr(artifact, name)
        if not isinstance(value, tuple):
            object.__setattr__(artifact, name, _read_bounded(value, f"an artifact whose {name}", "artifact"))
            changed = True
    if changed and all(type(fact) is Fact for fact in artifact.facts):
        return dataclasses.replace(artifact)  # its index of facts, rebuilt from what was read
    return artifact  # unchanged, or a fact _bad_fact refuses


def _declared_artifact(artifact: Artifact) -> dict[str, Any]:
    return {"kept": (), "summarized": artifact.input_event_ids}


def _bounded(result: Normalized) -> Normalized:
    artifact = result.artifact
    if artifact is None:
        return result
    if len(artifact.facts) > MAX_ITEMS:
        return dataclasses.replace(
            result,
            artifact=None,
            problem=f"returned {len(artifact.facts)} facts; at most {MAX_ITEMS} are read",
        )
    if artifact.summary is not None and len(artifact.summary) > MAX_TEXT:
        return dataclasses.replace(
            result,
            artifact=None,
            problem=f"returned a summary of {len(artifact.summary)} characters; at most {MAX_TEXT} are read",
        )
    problem = _bad_fact(artifact)
    if problem is not None:
        return dataclasses.replace(result, artifact=None, problem=problem)
    return result


_IDS = operator.attrgetter("fact_id", "tenant_id", "subject_id", "predicate")
_ID_FIELDS = tuple(map(operator.attrgetter, ("fact_id", "tenant_id", "subject_id", "predicate")))
_VALUE = operator.attrgetter("value")
_QUALIFIERS = operator.attrgetter("qualifiers")
_SECOND = operator.itemgetter(1)
_PLAIN = frozenset({str, bool, int, type(None)})


def _bad_fact(artifact: Artifact) -> str | None:
    """A fact the checker could not read: built by hand around the constructor's checks.

    The common case (every fact a ``Fact`` with string ids and plain scalar values) is
    decided from the set of types seen, at C speed; only a doubt walks the facts.
    """
    items: tuple[object, ...] = artifact.facts
    if set(map(type, items)) <= {Fact}:
        facts: tuple[Fact, ...] = artifact.facts
        ids: set[type] = set()
        ids.update(*(map(type, map(field, facts)) for field in _ID_FIELDS))
        values = set(map(type, map(_VALUE, facts)))
        qualifiers = set(map(type, map(_SECOND, itertools.chain.from_iterable(map(_QUALIFIERS, facts)))))
        if ids <= {str} and values <= _PLAIN and qualifiers <= _PLAIN:
            return _bad_summary(artifact)
    for index, fact in enumerate(items):
        where = f"returned an artifact whose facts[{index}]"
        if not isinstance(fact, Fact):
            return f"{where} is a {type(fact).__name__}, not a Fact"
        for name, field_value in zip(
            ("fact_id", "tenant_id", "subject_id", "predicate"), _IDS(fact), strict=True
        ):
            if type(field_value) is not str:
                return f"{where}.{name} is {type(field_value).__name__}, not str"
        try:
            _json_value(fact.value)
            for _, qualifier in fact.qualifiers:
                _json_value(qualifier)
        except (TypeError, ValueError) as exc:
            return f"{where} ({fact.fact_id}) holds {exc}"
    return _bad_summary(artifact)


def _bad_summary(artifact: Artifact) -> str | None:
    summary: object = artifact.summary
    if summary is not None and not isinstance(summary, str):
        return f"returned an artifact whose summary is {type(summary).__name__}, not str"
    return None


_SCALARS = (str, bool, int, float, type(None))


def _json_value(value: object, depth: int = 0) -> None:
    # Exact types: a subclass (of str, say) carries methods that run when the value is
    # compared or shown, and may raise or lie there.
    if type(value) in _SCALARS:
        if isinstance(value, float) and value != value:
            raise ValueError("a NaN value")
        return
    if depth > 100:
        raise ValueError("a value nested more than 100 levels deep")
    if isinstance(value, (list, tuple)):
        for item in value:
            _json_value(item, depth + 1)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if type(key) is not str:
                raise TypeError(f"a mapping key of type {type(key).__name__}")
            _json_value(item, depth + 1)
        return
    raise TypeError(f"a value of type {type(value).__name__}, not a JSON value")


# -- text and records ---------------------------------------------------------------


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


def _from_text(text: str, request: CompressionRequest, shape: str = "text") -> Normalized:
    if len(text) > MAX_TEXT:
        return Normalized(
            shape=shape, problem=f"returned {len(text)} characters; at most {MAX_TEXT} are read"
        )
    used = _event_ids(request)
    # A prose summary declares nothing finer: it used every event it was handed, and the prior.
    return Normalized(
        shape=shape,
        artifact=_artifact(request, summary=text, facts=(), used=used),
        summarized=used,
        summaries=(text,),
    )


def _from_records(
    records: Sequence[object], request: CompressionRequest, shape: str = "records"
) -> Normalized:
    if len(records) > MAX_ITEMS:
        return Normalized(
            shape=shape, problem=f"returned {len(records)} records; at most {MAX_ITEMS} are read"
        )
    lines: list[str] = []
    for index, record in enumerate(records):
        text = _record_text(record)
        if text is _NOT_A_RECORD:
            return Normalized(
                shape=shape,
                problem=f"returned a memory record at [{index}] that is a {type(record).__name__} "
                f"(expected a string, a mapping with 'memory', 'text' or 'fact', LangMem's "
                f"ExtractedMemory or a store Item)",
            )
        if isinstance(text, str):
            lines.append(text)
    result = _from_text("\n".join(lines), request, shape)
    return result


_NOT_A_RECORD = object()


def _record_text(record: object) -> object:
    if isinstance(record, str):
        return record
    if isinstance(record, Mapping):
        if str(record.get("event", "")).upper() == "DELETE":
            return None  # mem0: the memory was removed; it is no longer part of the memory
        for key in ("memory", "text", "fact", "content"):
            value = record.get(key)
            if isinstance(value, str):
                return value
        return _NOT_A_RECORD
    if _is_extracted(record):
        return _extracted_text(getattr(record, "content", None))
    if _is_store_item(record):
        return _extracted_text(getattr(record, "value", None))
    text = getattr(record, "text", None)  # a LlamaIndex node
    if isinstance(text, str):
        return text
    return _NOT_A_RECORD


def _is_extracted(item: object) -> bool:
    """LangMem's ``ExtractedMemory(id, content)``: a named tuple with those fields."""
    fields = getattr(type(item), "_fields", None)
    return isinstance(item, tuple) and isinstance(fields, tuple) and {"id", "content"} <= set(fields)


def _is_store_item(item: object) -> bool:
    """A key-value store's item (LangGraph's ``Item`` / ``SearchItem`` from ``store.get`` or
    ``store.search``): a namespace tuple, a key and a mapping value, which is the memory."""
    return (
        isinstance(getattr(item, "namespace", None), tuple)
        and isinstance(getattr(item, "key", None), str)
        and isinstance(getattr(item, "value", None), Mapping)
    )


_TEXT_FIELDS = ("content", "memory", "text", "fact")


def _extracted_text(content: object) -> object:
    """A LangMem memory's text: a string; a model's (or mapping's) text field (``content``,
    ``memory``, ``text``, ``fact``); else, for a profile-like model, its ``key: value`` lines
    (as a profile dict is read: JSON would quote every value); else its JSON. None for a
    ``RemoveDoc`` (the memory was deleted)."""
    if isinstance(content, str):
        return content
    if type(content).__name__ == "RemoveDoc":
        return None
    dump = getattr(content, "model_dump", None)
    data = dump() if callable(dump) else content
    if not isinstance(data, Mapping):
        return _NOT_A_RECORD
    for key in _TEXT_FIELDS:
        if isinstance(data.get(key), str):
            return data[key]
    lines = _profile_lines(data)
    if lines is not None:
        return "\n".join(lines)
    try:
        return json.dumps(data, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return _NOT_A_RECORD


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


def _profile_lines(data: Mapping[Any, Any], parent: str = "") -> list[str] | None:
    """A profile memory (``{"allergy": "peanuts", "budget_eur": 40}``) as ``key: value`` lines.

    Keys are text; a value is text, a number, true/false, None or a list of those, or a list
    of flat records (one line each: ``preferences: topic: tea, strength: prefers``); a dict
    value is read one level deep as ``parent.key`` lines. Anything else is not a profile (None).
    """
    if len(data) > MAX_ITEMS:
        return None
    lines: list[str] = []
    for key, value in data.items():
        if not isinstance(key, str):
            return None
        name = f"{parent}.{key}" if parent else key
        if isinstance(value, Mapping) and not parent:
            nested = _profile_lines(value, name)
            if nested is None:
                return None
            lines.extend(nested)
            continue
        items = value if isinstance(value, (list, tuple)) else (value,)
        if len(items) > MAX_ITEMS:
            return None
        if isinstance(value, (list, tuple)) and items and all(_flat_record(item) for item in items):
            # A list of records (``preferences: [{"topic": ..., "strength": ...}]``): one line
            # each, its fields together, so a field that qualifies another stays beside it.
            lines.extend(
                f"{name}: " + ", ".join(f"{k}: {_scalar_text(v)}" for k, v in item.items()) for item in items
            )
            continue
        if not all(_is_scalar(item) for item in items):
            return None
        lines.append(f"{name}: {', '.join(map(_scalar_text, items))}")
    return lines


def _flat_record(item: object) -> bool:
    """A mapping of text keys to scalars, at most :data:`MAX_ITEMS` of them."""
    return (
        isinstance(item, Mapping)
        and 0 < len(item) <= MAX_ITEMS
        and all(isinstance(k, str) and _is_scalar(v) for k, v in item.items())
    )


def _is_scalar(value: object) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _scalar_text(value: object) -> str:
    """A profile value as a person writes it: yes/no for a flag, none for a missing value."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


# -- compaction blocks ----------------------------------------------------------------


def _is_compaction(data: object) -> bool:
    kind = data.get("type") if isinstance(data, Mapping) else getattr(data, "type", None)
    return isinstance(kind, str) and kind.startswith("compaction")


def _from_compaction(content: object, request: CompressionRequest) -> Normalized:
    if content is None:
        # A failed compaction: no summary was produced. The guard names it.
        return Normalized(
            shape="compaction",
            artifact=_artifact(request, summary=None, facts=(), used=_event_ids(request)),
            summarized=_event_ids(request),
            summaries=(None,),
        )
    if isinstance(content, list):
        content = _content_text(content)
    if not isinstance(content, str):
        return Normalized(
            shape="compaction",
            problem=f"returned a compaction block whose content is {type(content).__name__}",
        )
    return _from_text(content, request, "compaction")


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


def _is_removal(item: object) -> bool:
    return type(item).__name__ == "RemoveMessage"


_REMOVE_ALL = "__remove_all__"
"""LangGraph's ``REMOVE_ALL_MESSAGES``: the state is what follows it in the update."""


def _item_id(item: object) -> object:
    return item.get("id") if isinstance(item, Mapping) else getattr(item, "id", None)


def _reduced(update: Sequence[object], request: CompressionRequest) -> list[object] | str:
    """The state a LangGraph ``add_messages`` reducer leaves after ``update``, from the input.

    As the reducer does: after a ``RemoveMessage(id=REMOVE_ALL_MESSAGES)`` the state is what
    follows the last one; otherwise it is the messages the compressor was given, minus the
    removed ids, with a message whose id is already there replacing it and new ones appended.
    A removal of an id the input does not hold is refused (the reducer raises on it).
    """
    last = None
    for index, item in enumerate(update):
        if _is_removal(item) and _item_id(item) == _REMOVE_ALL:
            last = index
    if last is not None:
        return list(update[last + 1 :])
    from pytest_compaction.compressors.messages import openai_messages

    given = openai_messages(request)
    merged: list[object] = list(given)
    position: dict[str, int] = {message["id"]: at for at, message in enumerate(given)}
    removed: set[object] = set()
    for item in update:
        item_id = _item_id(item)
        found = position.get(item_id) if isinstance(item_id, str) else None
        if found is not None:
            if _is_removal(item):
                removed.add(item_id)
            else:
                removed.discard(item_id)
                merged[found] = item
        elif _is_removal(item):
            ids = ", ".join(str(message["id"]) for message in given[:8]) or "none"
            return (
                f"returned a LangGraph state update that removes message id {item_id!r}, which is not "
                f"among the messages it was given ({ids}); remove only ids of the input messages"
            )
        else:
            if isinstance(item_id, str):
                position[item_id] = len(merged)
            merged.append(item)
    return [item for item in merged if _item_id(item) not in removed]


_ROLES = {
    "human": "user",
    "user": "user",
    "ai": "assistant",
    "assistant": "assistant",
    "model": "assistant",
    "chatbot": "assistant",
    "system": "system",
    "developer": "system",
    "tool": "tool",
    "function": "tool",
}


def _message(item: object) -> Message | None:
    if isinstance(item, Mapping):
        role = item.get("role", item.get("type"))
        content = item.get("content")
        message_id = item.get("id")
        calls = item.get("tool_calls") or ()
        call_id = item.get("tool_call_id")
        extra = item.get("additional_kwargs") or {}
    else:
        role = getattr(item, "type", None) if hasattr(item, "tool_calls") or _is_langchain(item) else None
        role = role or getattr(item, "role", None)
        role = getattr(role, "value", role)  # LlamaIndex MessageRole
        content = getattr(item, "content", None)
        message_id = getattr(item, "id", None)
        extra = getattr(item, "additional_kwargs", None) or {}
        calls = getattr(item, "tool_calls", None) or extra.get("tool_calls") or ()
        call_id = getattr(item, "tool_call_id", None) or extra.get("tool_call_id")
        if content is None and role is not None and hasattr(item, "blocks"):
            content = _content_text(list(_read_bounded(item.blocks, "a message whose blocks", "messages")))
    if not isinstance(role, str) or role.lower() not in _ROLES:
        return None
    if isinstance(content, list):
        content = _content_text(content)
    if content is not None and not isinstance(content, str):
        return None
    ids: list[str] = []
    for call in calls if isinstance(calls, (list, tuple)) else ():
        raw = call.get("id") if isinstance(call, Mapping) else getattr(call, "id", None)
        if isinstance(raw, str):
            ids.append(raw)
    is_summary = isinstance(extra, Mapping) and extra.get("lc_source") == "summarization"
    return Message(
        role=_ROLES[role.lower()],
        content=content,
        message_id=message_id if isinstance(message_id, str) else None,
        tool_call_ids=tuple(ids),
        tool_call_id=call_id if isinstance(call_id, str) else None,
        summary=is_summary,
    )


def _is_langchain(item: object) -> bool:
    return any(cls.__module__.startswith("langchain_core.") for cls in type(item).__mro__)


def _content_text(blocks: list[object]) -> str:
    parts: list[str] = []
    for block in blocks:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, Mapping) and isinstance(block.get("text"), str):
            parts.append(block["text"])
        elif isinstance(getattr(block, "text", None), str):
            parts.append(block.text)  # type: ignore[attr-defined]
    return "".join(parts)


def _from_messages(messages: tuple[Message, ...], request: CompressionRequest) -> Normalized:
    # A selection prior was handed back as its kept events: they are source events like the
    # new ones, and a message that repeats one word for word is kept from the prior.
    selection = request.prior_selection
    view = dataclasses.replace(request, events=(*selection, *request.events)) if selection else request
    by_id = {event.event_id: event for event in view.events}
    by_text: dict[tuple[str, str], SourceEvent] = {}
    any_role: dict[str, SourceEvent] = {}
    for event in view.events:
        by_text.setdefault((event_role(event), event.text), event)
        any_role.setdefault(event.text, event)
    prior_text = request.prior_summary
    kept: list[str] = []
    kept_prior = False
    summaries: list[str | None] = []
    lines: list[str | SourceEvent | _PriorText] = []
    for message in messages:
        content = message.content or ""
        is_prior = message.message_id == PRIOR_SUMMARY_ID or (prior_text and content == prior_text)
        if is_prior and content == (prior_text or ""):
            kept_prior = True
            lines.append(_PriorText(content))
            continue
        source = by_id.get(message.message_id) if message.message_id else None
        if source is None and not message.summary:
            # An event repeated word for word is kept, whatever role the message gives it (a
            # recorded event's role defaults to user; a trimmer may re-send it as a system
            # prompt): it is the selection's, not a summary the compressor wrote.
            source = by_text.get((message.role, content)) or any_role.get(content)
        if source is not None and content == source.text and not message.summary:
            kept.append(source.event_id)
            lines.append(source)  # labelled below, once every kept turn is known
            continue
        # Not a source event as given: a summary the compressor wrote (or an event it rewrote).
        summaries.append(content)
        lines.append(content)
    kept_ids = _in_order(view, tuple(dict.fromkeys(kept)))
    summarized = tuple(e for e in _event_ids(view) if e not in kept_ids) if summaries else ()
    from_prior = {event.event_id for event in selection}
    prior = request.prior if kept_prior else _selected_prior(request, from_prior.intersection(kept_ids))
    facts = _kept_facts(request, kept_ids, prior)
    replaced = _replaced_by(request, set(kept_ids))
    history = _prior_history(replaced, request, _prior_labels(request) if from_prior else {})
    artifact = _artifact(
        request,
        summary="\n".join(_memory_line(line, replaced, history, from_prior) for line in lines),
        facts=facts,
        used=_in_order(view, (*kept_ids, *summarized)),
    )
    carried = _carried_selection(request) if kept_prior else ()
    if not summaries and (carried or not kept_prior) and (carried or kept_ids):
        # Every message a source event unchanged (the prior kept whole being one of a selection
        # too): after a deletion the next pass gets these events back as messages.
        chosen = tuple(by_id[e] for e in kept_ids)
        bare = tuple(
            dataclasses.replace(e, claims=(), retires=()) if e.claims or e.retires else e for e in chosen
        )
        artifact = dataclasses.replace(artifact, selection=(*carried, *bare))
    return _bounded(
        Normalized(
            shape="messages",
            artifact=artifact,
            kept=kept_ids,
            summarized=summarized,
            kept_prior=kept_prior or bool(summaries) or not from_prior.isdisjoint(kept_ids),
            messages=messages,
            summaries=tuple(summaries),
        )
    )


def _replaced_by(request: CompressionRequest, kept: set[str]) -> set[str]:
    """The facts that a kept turn supersedes or retires: the memory holds their change."""
    return {
        fact_id
        for event in request.events
        if event.event_id in kept
        for fact_id in (*event.retires, *(older for claim in event.claims for older in claim.supersedes))
    }


class _PriorText(str):
    """The prior memory's text, kept as it was handed back."""


_PRIOR_LABEL = re.compile(r"^\[(?P<event>[^\]\s:]+)(?P<rest>[^\]:]*)\] ", re.MULTILINE)


def _memory_line(
    line: str | SourceEvent | _PriorText,
    replaced: set[str],
    history: Callable[[str], str],
    from_prior: set[str],
) -> str:
    if isinstance(line, _PriorText):
        return history(str(line))
    if isinstance(line, str):
        return line
    if line.event_id in from_prior:
        # A turn kept from the prior selection: labelled as the prior memory told it, and as
        # history once a turn this memory keeps replaced every fact it stated.
        return history(_kept_line(line, set()))
    return _kept_line(line, replaced)


def _prior_history(
    replaced: set[str], request: CompressionRequest, told: Mapping[str, str]
) -> Callable[[str], str]:
    """What tells the prior memory's turns (``[e1] ...`` lines) as history: once every fact
    their event stated was replaced by a turn this memory keeps (the prior's facts say
    which), or when the prior memory told it so (``told``: its label of each turn)."""
    prior = request.prior
    if prior is None or not (replaced or told):
        return str
    by_event: dict[str, set[str]] = {}
    for fact in prior.facts:
        for event_id in fact.source_event_ids:
            by_event.setdefault(event_id, set()).add(fact.fact_id)

    def relabel(match: re.Match[str]) -> str:
        event, rest = match.group("event"), match.group("rest")
        facts = by_event.get(event)
        if "previously" in rest or not ("previously" in told.get(event, "") or (facts and facts <= replaced)):
            return match.group()
        return f"[{event}{rest} previously] "

    return functools.partial(_PRIOR_LABEL.sub, relabel)


def _kept_line(event: SourceEvent, replaced: set[str]) -> str:
    """A turn kept word for word, labelled with its source: still its source's when untrusted,
    and history ("previously") when every fact it states was replaced by a later turn the
    memory also keeps: a transcript that keeps "I'm on the Pro plan" and, after it, "move
    us to Basic" tells the change. A turn whose replacement was dropped stays current."""
    words = [event.event_id]
    if event.trust is Trust.UNTRUSTED:
        words.append("untrusted")
    if event.claims and all(not c.current and c.fact_id in replaced for c in event.claims):
        words.append("previously")
    return f"[{' '.join(words)}] {event.text}"


def _prior_labels(request: CompressionRequest) -> dict[str, str]:
    """How the prior memory labelled each turn it kept (``[e1 previously] ...``: `` previously``)."""
    summary = request.prior.summary if request.prior is not None else None
    return {m.group("event"): m.group("rest") for m in _PRIOR_LABEL.finditer(summary or "")}


def _carried_selection(request: CompressionRequest) -> tuple[SourceEvent, ...]:
    """The prior selection's events (minus deleted ones), when its summary message was kept whole."""
    prior = request.prior
    if prior is None or not prior.selection:
        return ()
    deleted = set(request.deleted_event_ids)
    return tuple(event for event in prior.selection if event.event_id not in deleted)


def _selected_prior(request: CompressionRequest, kept: set[str]) -> Artifact | None:
    """The prior selection's facts that the turns kept from it state (None when none was kept)."""
    prior = request.prior
    if prior is None or not kept:
        return None
    facts = tuple(fact for fact in prior.facts if not kept.isdisjoint(fact.source_event_ids))
    return dataclasses.replace(prior, facts=facts, selection=())


def _kept_facts(
    request: CompressionRequest, kept: tuple[str, ...], prior: Artifact | None
) -> tuple[Fact, ...]:
    """The facts a verbatim selection carries: the claims of the kept events, replayed.

    A message kept word for word states exactly what its event stated, so the harness
    (not the compressor, which never sees the claims) replays those events' claims, on
    top of ``prior``: the prior memory's facts when its summary was kept, or those of the
    turns kept from a prior selection.
    """
    from pytest_compaction.compressors.base import ReferenceCompressor

    chosen = set(kept)
    replay = dataclasses.replace(
        request,
        events=tuple(e for e in request.events if e.event_id in chosen),
        prior=prior,
        config={},
        budget=None,
    )
    if not replay.events and replay.prior is None:
        return ()
    return ReferenceCompressor().compress(replay).facts


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
