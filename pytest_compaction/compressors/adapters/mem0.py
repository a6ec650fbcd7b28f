"""mem0: a ``Memory`` object, read through its record shape.

Each pass adds the events (as OpenAI-style messages) for the subject, then reads every
memory back with ``get_all``; the records (``{"results": [{"id", "memory", ...}]}``) are
the memory's text. mem0 itself is not a dependency: any object with mem0's ``add`` and
``get_all`` works.
"""

from __future__ import annotations

from typing import Any

from pytest_compaction.compressors.base import CompressionRequest

__all__ = ["Mem0Memory"]


class Mem0Memory:
    """A mem0 ``Memory`` (``add(messages, user_id=...)``, ``get_all(user_id=...)``) as a compressor."""

    def __init__(self, memory: Any) -> None:
        self.memory = memory
        self.name = f"mem0 {type(memory).__name__}"

    def compress(self, request: CompressionRequest) -> Any:
        messages = [{"role": m["role"], "content": m["content"]} for m in request.openai_messages()]
        user = f"{request.tenant_id}/{request.subject_id}"
        self.memory.add(messages, user_id=user)
        return self.memory.get_all(user_id=user)
