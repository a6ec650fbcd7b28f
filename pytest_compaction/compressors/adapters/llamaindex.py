"""LlamaIndex chat memory: ``ChatSummaryMemoryBuffer`` (and ``ChatMemoryBuffer``), and ``Memory``.

Point the suite at a configured memory object::

    memory = ChatSummaryMemoryBuffer.from_defaults(llm=llm, token_limit=200)
    # compaction_compressor = myapp.memory:memory

Each pass sets the memory's history to the events (as LlamaIndex ``ChatMessage``s, the
prior summary first) and returns what ``get()`` gives back: the messages that fit, and
a system message with the summary of the rest. System events are the chat engine's
system prompt (its prefix messages): kept out of the memory and put back in front.

``Memory`` (``llama_index.core.memory.Memory``, with memory blocks such as
``StaticMemoryBlock`` and ``FactExtractionMemoryBlock``) keeps its own state, as an agent
does: each pass puts the new events (``put_messages``) and returns what ``get()`` hands
the agent, the memory blocks' ``<memory>`` system message and the recent turns, behind the
system events. A pass without a prior starts it afresh: its chat history is reset and a
block's extracted ``facts`` cleared (a ``VectorMemoryBlock``'s store is not: give it a fresh
one per run). It cannot forget a turn: after a deletion, what it kept of the deleted event
stays (and fails as ``forbidden_deleted_fact``).
"""

from __future__ import annotations

from typing import Any

from pytest_compaction.compressors.base import CompressionRequest
from pytest_compaction.compressors.messages import PRIOR_SUMMARY_ID

__all__ = ["BlockMemory", "ChatMemory"]


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


class BlockMemory:
    """A LlamaIndex ``Memory`` (``put_messages`` then ``get``) as a compressor."""

    def __init__(self, memory: Any) -> None:
        self.memory = memory
        self.name = f"LlamaIndex {type(memory).__name__}"
        self._prompt: dict[tuple[str, str], list[Any]] = {}
        """(tenant, subject) -> the system events given so far: the agent's prompt."""

    def compress(self, request: CompressionRequest) -> Any:
        from llama_index.core.llms import ChatMessage

        scope = (request.tenant_id, request.subject_id)
        if request.prior is None:
            self.memory.reset()
            for block in getattr(self.memory, "memory_blocks", None) or ():
                if isinstance(getattr(block, "facts", None), list):
                    block.facts = []  # FactExtractionMemoryBlock: what it extracted before
            self._prompt[scope] = []
        new = {event.event_id for event in request.events}
        messages = [
            ChatMessage(role=m["role"], content=m["content"], additional_kwargs={"id": m["id"]})
            for m in request.openai_messages()
            if m["id"] in new  # the memory holds the earlier turns itself
        ]
        prompt = self._prompt.setdefault(scope, [])
        prompt.extend(m for m in messages if m.role == "system")
        turns = [m for m in messages if m.role != "system"]
        if turns:  # LlamaIndex's SQL store refuses an empty put (a pass with nothing new)
            self.memory.put_messages(turns)
        return [*prompt, *self.memory.get()]
