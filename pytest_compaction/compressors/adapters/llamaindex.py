"""LlamaIndex chat memory: ``ChatSummaryMemoryBuffer`` (and ``ChatMemoryBuffer``).

Point the suite at a configured memory object::

    memory = ChatSummaryMemoryBuffer.from_defaults(llm=llm, token_limit=200)
    # compaction_compressor = myapp.memory:memory

Each pass sets the memory's history to the events (as LlamaIndex ``ChatMessage``s, the
prior summary first) and returns what ``get()`` gives back: the messages that fit, and
a system message with the summary of the rest.
"""

from __future__ import annotations

from typing import Any

from pytest_compaction.compressors.base import CompressionRequest

__all__ = ["ChatMemory"]


class ChatMemory:
    """A LlamaIndex chat memory (``set`` then ``get``) as a compressor."""

    def __init__(self, memory: Any) -> None:
        self.memory = memory
        self.name = f"{type(memory).__name__}"

    def compress(self, request: CompressionRequest) -> Any:
        from llama_index.core.llms import ChatMessage

        history = [
            ChatMessage(role=m["role"], content=m["content"], additional_kwargs={"id": m["id"]})
            for m in request.openai_messages()
        ]
        self.memory.reset()
        self.memory.set(history)
        return list(self.memory.get())
