"""The check payload: an expected ledger and one artifact, as plain data (JSON or YAML).

::

    {"expected": [{"fact_id": ..., "tenant_id": ..., "subject_id": ..., "predicate": ...,
                   "value": ..., "qualifiers": {...}, "source_event_id": ..., "status": ...}],
     "events": [...],                       # optional
     "artifact": {"memory_version": ..., "tenant_id": ..., "subject_id": ...,
                  "facts": [...], "summary": ...}}
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_compaction.core._fields import check_keys, join, read_sequence, shown
from pytest_compaction.core.errors import CompactionError, PayloadError, UnknownIdError
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Fact, SourceEvent, Trust
from pytest_compaction.specs.safeyaml import MAX_DEPTH, SourceMap, load_yaml_mapped

__all__ = ["Payload", "load_payload", "payload_from_file", "read_data_file"]

MAX_FILE_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Payload:
    """An expected ledger and the artifact to check against it."""

    expected: Ledger
    artifact: Artifact


def load_payload(data: object) -> Payload:
    """Build the expected ledger and the artifact from a plain dict, naming any bad field."""
    if not isinstance(data, Mapping):
        raise PayloadError(
            "", f"a payload is a mapping with the keys 'expected' and 'artifact', got {shown(data)}"
        )
    check_keys(data, "", required=("expected", "artifact"), optional=("events",))
    events = tuple(
        SourceEvent.from_dict(item, join("events", index))
        for index, item in enumerate(read_sequence(data.get("events", ()), "events"))
    )
    trust = {event.event_id: event.trust for event in events}
    facts = [
        _with_inferred_authority(Fact.from_dict(item, join("expected", index)), item, trust)
        for index, item in enumerate(read_sequence(data["expected"], "expected"))
    ]
    try:
        ledger = Ledger.from_facts(facts, events)
    except CompactionError as exc:
        raise PayloadError(_locate(facts, events, exc), str(exc)) from None
    return Payload(expected=ledger, artifact=Artifact.from_dict(data["artifact"], "artifact"))


def _with_inferred_authority(fact: Fact, raw: Mapping[str, Any], trust: Mapping[str, Trust]) -> Fact:
    """A fact that states no authority takes the highest trust of its events, as ``Ledger.fact`` does.

    Without this, every fact drawn from an untrusted event would need ``authority:
    untrusted`` spelled out, or the ledger would refuse it as above its sources.
    """
    if "authority" in raw or not trust or not fact.source_event_ids:
        return fact
    known = [trust[source] for source in fact.source_event_ids if source in trust]
    if not known:
        return fact
    return dataclasses.replace(fact, authority=max(known, key=lambda t: t.rank))


def _locate(facts: Sequence[Fact], events: Sequence[SourceEvent], exc: CompactionError) -> str:
    """The path of the item that made the ledger refuse the payload, found by replaying it."""
    replay = Ledger()
    for index, event in enumerate(events):
        try:
            replay.add_event(event)
        except CompactionError:
            return join(join("events", index), "event_id")
    for index, fact in enumerate(facts):
        try:
            replay.add_fact(fact)
        except CompactionError:
            return join("expected", index)
    if isinstance(exc, UnknownIdError):
        for index, fact in enumerate(facts):
            if fact.superseded_by == exc.ident:
                return join(join("expected", index), "superseded_by")
    return "expected"


def read_data_file(path: str | Path) -> Any:
    """Read a JSON or YAML file into plain data; a bad file is a :class:`PayloadError`."""
    return _read(Path(path))[0]


def _read(path: Path) -> tuple[Any, SourceMap | None]:
    """The file's data and, for YAML, the line of every path in it."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise PayloadError("", "no such file", source=str(path)) from None
    except OSError as exc:
        raise PayloadError("", f"cannot read: {exc.strerror}", source=str(path)) from None
    if path.is_dir():
        raise PayloadError("", "is a directory, expected a JSON or YAML file", source=str(path))
    if not path.is_file():  # a device or a FIFO: reading it could block or never end
        raise PayloadError("", "is not a regular file, expected a JSON or YAML file", source=str(path))
    if size > MAX_FILE_BYTES:
        raise PayloadError("", f"is {size} bytes; the limit is {MAX_FILE_BYTES} bytes", source=str(path))
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise PayloadError("", f"cannot read: {exc.strerror}", source=str(path)) from None
    if path.suffix.lower() in (".yaml", ".yml"):
        return load_yaml_mapped(text, source=str(path))
    try:
        data = json.loads(text, object_pairs_hook=_refuse_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise PayloadError(
            "", f"invalid JSON: {exc.msg} (column {exc.colno})", source=str(path), line=exc.lineno
        ) from None
    except PayloadError as exc:
        raise exc.located(str(path)) from None
    except RecursionError:
        raise PayloadError(
            "", f"invalid JSON: values nest deeper than {MAX_DEPTH} levels", source=str(path)
        ) from None
    except ValueError as exc:  # e.g. an integer with more digits than Python will convert
        raise PayloadError("", f"invalid JSON: {exc}", source=str(path)) from None
    _check_depth(data, str(path))
    return data, None


def _refuse_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # json keeps the last of two equal keys without a word; a payload that says a fact's
    # value twice is ambiguous, so refuse it as the YAML loader does.
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise PayloadError("", f"invalid JSON: key {key!r} is given twice in one object")
        out[key] = value
    return out


def _check_depth(data: object, source: str) -> None:
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise PayloadError("", f"values nest deeper than {MAX_DEPTH} levels", source=source)
        if isinstance(value, dict):
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)


def payload_from_file(path: str | Path) -> Payload:
    """Read and load a payload file; errors name the file, the field and (for YAML) the line."""
    data, where = _read(Path(path))
    try:
        return load_payload(data)
    except PayloadError as exc:
        if where is not None:
            raise where.error(exc) from None
        raise exc.located(str(path)) from None
