"""LangMem: ``summarize_messages`` with its running summary, and a memory manager.

In your module, bind the model (LangMem needs one) and point the suite at it::

    summarize = functools.partial(summarize_messages, model=model, max_tokens=256)
    # compaction_compressor = myapp.memory:summarize

The prior memory's summary is handed back as LangMem's ``RunningSummary``; the result's
``running_summary.summarized_message_ids`` declares which events were summarized.

A memory manager (``create_memory_manager(model, ...)``, a Runnable) is pointed at as it is::

    manager = create_memory_manager(model, enable_deletes=True)
    # compaction_compressor = myapp.memory:manager

Each pass calls ``manager.invoke({"messages": ..., "existing": ...})`` with the events as
LangChain messages and, on a later pass, the memories the previous pass returned, as an
application that keeps them does; the ``ExtractedMemory`` records it returns are the memory
(one line each, a ``RemoveDoc`` left out).
"""

from __future__ import annotations

from typing import Any

from pytest_compaction.compressors.base import CompressionRequest
from pytest_compaction.compressors.shapes import PRIOR_SUMMARY_ID

__all__ = ["LangMemManager", "LangMemSummarizer"]


class LangMemSummarizer:
    """``langmem.short_term.summarize_messages(messages, running_summary=..., **options)``."""

    def __init__(self, **options: Any) -> None:
        if "model" not in options:
            raise TypeError("summarize_messages needs model=: bind it with functools.partial in your module")
        self.options = options
        self.name = f"langmem summarize_messages({type(options['model']).__name__})"

    def compress(self, request: CompressionRequest) -> Any:
        from langmem.short_term import RunningSummary, summarize_messages

        options = dict(self.options)
        if "max_tokens" not in options and request.budget_tokens is not None:
            options["max_tokens"] = request.budget_tokens
        given = request.langchain_messages()
        messages = [m for m in given if m.id != PRIOR_SUMMARY_ID]
        running = None
        if len(messages) < len(given) and request.prior_summary:  # a selection prior is its messages
            running = RunningSummary(
                summary=request.prior_summary, summarized_message_ids=set(), last_summarized_message_id=None
            )
        return summarize_messages(messages, running_summary=running, **options)


class LangMemManager:
    """A LangMem memory manager (``create_memory_manager(...)``) as a compressor."""

    def __init__(self, manager: Any) -> None:
        self.manager = manager
        self.name = f"langmem {type(manager).__name__}"
        self._memories: dict[tuple[str, str], list[Any]] = {}
        """(tenant, subject) -> the memories the previous pass returned (removals left out)."""

    def compress(self, request: CompressionRequest) -> Any:
        scope = (request.tenant_id, request.subject_id)
        payload: dict[str, Any] = {
            "messages": [m for m in request.langchain_messages() if m.id != PRIOR_SUMMARY_ID]
        }
        existing = self._memories.get(scope) if request.prior is not None else None
        if existing:
            payload["existing"] = existing
        result = self.manager.invoke(payload)
        if isinstance(result, list):
            self._memories[scope] = [
                r for r in result if type(getattr(r, "content", None)).__name__ != "RemoveDoc"
            ]
        return result
