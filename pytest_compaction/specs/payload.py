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
from typing import TYPE_CHECKING, Any

from pytest_compaction.core._fields import check_keys, join, read_sequence, shown
from pytest_compaction.core.errors import CompactionError, PayloadError, UnknownIdError
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Fact, SourceEvent, Trust
from pytest_compaction.specs.safeyaml import MAX_DEPTH

if TYPE_CHECKING:
    from pytest_compaction.specs.safeyaml import SourceMap

__all__ = [
    "MAX_FILE_BYTES",
    "Payload",
    "load_payload",
    "payload_from_file",
    "read_data_file",
    "read_text",
    "read_with_lines",
]

MAX_FILE_BYTES = 16 * 1024 * 1024


def read_text(
    path: Path,
    limit: int,
    *,
    what: str = "file",
    too_big: str = "is {size} bytes; the limit is {limit} bytes",
) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes; anything else is a PayloadError.

    A FIFO, a device (``/dev/zero``) or a directory is refused before it is opened for
    reading, a file is read no further than ``limit + 1`` bytes, and bytes that are not
    UTF-8 are refused with their offset instead of being silently replaced.
    """
    import stat

    source = str(path)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise PayloadError("", "no such file", source=source) from None
    except OSError as exc:
        raise PayloadError("", f"cannot read: {exc.strerror}", source=source) from None
    if stat.S_ISDIR(mode):
        raise PayloadError("", f"is a directory, expected a {what}", source=source)
    if not stat.S_ISREG(mode):
        raise PayloadError(
            "", f"is not a regular file (a pipe, socket or device); expected a {what}", source=source
        )
    size = path.stat().st_size
    if size > limit:
        raise PayloadError("", too_big.format(size=size, limit=limit), source=source)
    try:
        with path.open("rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as exc:
        raise PayloadError("", f"cannot read: {exc.strerror}", source=source) from None
    if len(raw) > limit:  # it grew while being read
        raise PayloadError("", too_big.format(size=f"more than {limit}", limit=limit), source=source)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise PayloadError(
            "",
            f"is not UTF-8: byte 0x{raw[exc.start]:02x} at offset {exc.start} cannot be decoded; "
            f"save the file as UTF-8",
            source=source,
            line=line,
        ) from None


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
    return read_with_lines(Path(path))[0]


def read_with_lines(path: Path) -> tuple[Any, SourceMap | None]:
    """The file's data and, for YAML, the line of every path in it."""
    text = read_text(path, MAX_FILE_BYTES, what="JSON or YAML file")
    if path.suffix.lower() in (".yaml", ".yml"):
        from pytest_compaction.specs.safeyaml import load_yaml_mapped

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
    data, where = read_with_lines(Path(path))
    try:
        return load_payload(data)
    except PayloadError as exc:
        if where is not None:
            raise where.error(exc) from None
        raise exc.located(str(path)) from None
