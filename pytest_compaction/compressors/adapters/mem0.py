"""mem0: a ``Memory`` object, read through its record shape.

Each pass adds the events (as OpenAI-style messages) for the subject, one ``add`` per
event, then reads every memory back with ``get_all``; the records
(``{"results": [{"id", "memory", ...}]}``) are the memory's text. mem0 keeps its own
store, so the prior summary is not sent again.

Deletions: ``add`` returns the records it made, so the adapter remembers which mem0
records each event produced. When a pass is handed ``request.deleted_event_ids``, it
calls ``delete(memory_id)`` on every record an ``add`` of a deleted event returned, before
adding the new events. Nothing else is deleted: a record made from another event that
still states the deleted fact stays (and fails as ``forbidden_deleted_fact``).

mem0 itself is not a dependency: any object with mem0's ``add`` and ``get_all`` (and
``delete`` for deletions) works. ``get_all`` is called with ``filters={"user_id": ...}``
(mem0 2.x) or ``user_id=...`` (older mem0, or a stand-in taking ``user_id``).
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Mapping
from typing import Any

from pytest_compaction.compressors.base import CompressionRequest

__all__ = ["Mem0Memory"]

_READ_LIMIT = 1000
"""How many records ``get_all`` may return (mem0 2.x defaults to 20, 1.x to 100)."""


class Mem0Memory:
    """A mem0 ``Memory`` (``add(messages, user_id=...)``, ``get_all``, ``delete``) as a compressor."""

    def __init__(self, memory: Any) -> None:
        self.memory = memory
        self.name = f"mem0 {type(memory).__name__}"
        self._records: dict[tuple[str, str], list[str]] = {}
        """(user id, event id) -> the ids of the mem0 records an ``add`` of that event returned."""

    def compress(self, request: CompressionRequest) -> Any:
        user = f"{request.tenant_id}/{request.subject_id}"
        for event_id in request.deleted_event_ids:
            for memory_id in self._records.pop((user, event_id), []):
                self._delete(memory_id)
        new = {event.event_id for event in request.events}
        for message in request.openai_messages():
            if message.get("id") not in new:
                continue  # mem0 keeps its own memory: the prior (summary or messages) is not added again
            result = self.memory.add([{"role": message["role"], "content": message["content"]}], user_id=user)
            made = self._records.setdefault((user, str(message["id"])), [])
            made.extend(_record_ids(result))
        return self._read(user)

    def _delete(self, memory_id: str) -> None:
        delete = getattr(self.memory, "delete", None)
        if delete is None:
            raise TypeError(
                f"{self.name} has no delete(memory_id): the records of a deleted event cannot be purged"
            )
        # mem0 raises ValueError("Memory with id ... not found") for a record it removed itself.
        with contextlib.suppress(ValueError):
            delete(memory_id)

    def _read(self, user: str) -> Any:
        get_all = self.memory.get_all
        parameters: Mapping[str, object]
        try:
            parameters = inspect.signature(get_all).parameters
        except (TypeError, ValueError):  # pragma: no cover - a builtin or C callable
            parameters = {}
        options: dict[str, Any] = {}
        if "top_k" in parameters:
            options["top_k"] = _READ_LIMIT
        elif "limit" in parameters:
            options["limit"] = _READ_LIMIT
        if "user_id" in parameters or "filters" not in parameters:
            return get_all(user_id=user, **options)
        return get_all(filters={"user_id": user}, **options)


def _record_ids(result: Any) -> list[str]:
    """The ids of the records an ``add`` made or changed (``ADD``/``UPDATE``), from its result."""
    records = result.get("results", []) if isinstance(result, dict) else result
    if not isinstance(records, list):
        return []
    ids = []
    for record in records:
        made = isinstance(record, dict) and record.get("event", "ADD") != "DELETE"
        if made and record.get("id") is not None:
            ids.append(str(record["id"]))
    return ids
