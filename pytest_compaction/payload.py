"""The check payload: an expected ledger and one artifact, as plain data (JSON or YAML).

::

    {"expected": [{"fact_id": ..., "tenant_id": ..., "subject_id": ..., "predicate": ...,
                   "value": ..., "qualifiers": {...}, "source_event_id": ..., "status": ...}],
     "events": [...],                       # optional
     "artifact": {"memory_version": ..., "tenant_id": ..., "subject_id": ...,
                  "facts": [...], "summary": ...}}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_compaction._fields import check_keys, join, read_mapping, read_sequence
from pytest_compaction.errors import CompactionError, PayloadError
from pytest_compaction.ledger import Ledger
from pytest_compaction.model import Artifact, Fact, SourceEvent

__all__ = ["Payload", "load_payload", "payload_from_file", "read_data_file"]

MAX_FILE_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Payload:
    """An expected ledger and the artifact to check against it."""

    expected: Ledger
    artifact: Artifact


def load_payload(data: object) -> Payload:
    """Build the expected ledger and the artifact from a plain dict, naming any bad field."""
    data = read_mapping(data, "")
    check_keys(data, "", required=("expected", "artifact"), optional=("events",))
    events = tuple(
        SourceEvent.from_dict(item, join("events", index))
        for index, item in enumerate(read_sequence(data.get("events", ()), "events"))
    )
    facts = [
        Fact.from_dict(item, join("expected", index))
        for index, item in enumerate(read_sequence(data["expected"], "expected"))
    ]
    try:
        ledger = Ledger.from_facts(facts, events)
    except CompactionError as exc:
        raise PayloadError("expected", str(exc)) from None
    return Payload(expected=ledger, artifact=Artifact.from_dict(data["artifact"], "artifact"))


def read_data_file(path: str | Path) -> Any:
    """Read a JSON or YAML file into plain data; a bad file is a :class:`PayloadError`."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise PayloadError("", "no such file", source=str(path)) from None
    except OSError as exc:
        raise PayloadError("", f"cannot read: {exc.strerror}", source=str(path)) from None
    if path.is_dir():
        raise PayloadError("", "is a directory, expected a JSON or YAML file", source=str(path))
    if size > MAX_FILE_BYTES:
        raise PayloadError(
            "", f"is {size} bytes; the limit is {MAX_FILE_BYTES} bytes", source=str(path)
        )
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix.lower() in (".yaml", ".yml"):
        from pytest_compaction.safeyaml import load_yaml

        return load_yaml(text, source=str(path))
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PayloadError(
            "", f"invalid JSON: {exc.msg} (column {exc.colno})", source=str(path), line=exc.lineno
        ) from None


def payload_from_file(path: str | Path) -> Payload:
    """Read and load a payload file; errors name the file and the field."""
    data = read_data_file(path)
    try:
        return load_payload(data)
    except PayloadError as exc:
        raise exc.located(str(path)) from None


