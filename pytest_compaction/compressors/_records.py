"""Text and memory records as a memory: a prose summary, mem0 and LangMem records, store
items, and profile mappings read as ``key: value`` lines.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pytest_compaction.compressors._normalized import MAX_ITEMS, MAX_TEXT, Normalized, _artifact, _event_ids
from pytest_compaction.compressors.request import CompressionRequest

__all__ = ["_from_records", "_from_text", "_is_extracted", "_is_store_item", "_profile_lines"]


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
