"""LlamaIndex chat memory: ``ChatSummaryMemoryBuffer`` (and ``ChatMemoryBuffer``).

Point the suite at a configured memory object::

    memory = ChatSummaryMemoryBuffer.from_defaults(llm=llm, token_limit=200)
    # compaction_compressor = myapp.memory:memory

Each pass sets the memory's history to the events (as LlamaIndex ``ChatMessage``s, the
prior summary first) and returns what ``get()`` gives back: the messages that fit, and
a system message with the summary of the rest. System events are the chat engine's
system prompt (its prefix messages): kept out of the memory and put back in front.
"""

from __future__ import annotations

from typing import Any

from pytest_compaction.compressors.base import CompressionRequest
from pytest_compaction.compressors.messages import PRIOR_SUMMARY_ID

__all__ = ["ChatMemory"]


class ChatMemory:
    """A LlamaIndex chat memory (``set`` then ``get``) as a compressor."""

    def __init__(self, memory: Any) -> None:
        self.memory = memory
        self.name = f"{type(memory).__name__}"

    def compress(self, request: CompressionRequest) -> Any:
        from llama_index.core.llms import ChatMessage

        messages = [
            ChatMessage(role=m["role"], content=m["content"], additional_kwargs={"id": m["id"]})
            for m in request.openai_messages()
        ]
        # A chat engine holds its system prompt apart from its memory (its prefix messages);
        # so does this adapter, and puts it back in front of what the memory returns.
        held = [m.role == "system" and m.additional_kwargs["id"] != PRIOR_SUMMARY_ID for m in messages]
        self.memory.reset()
        self.memory.set([m for m, apart in zip(messages, held, strict=True) if not apart])
        return [*(m for m, apart in zip(messages, held, strict=True) if apart), *self.memory.get()]
