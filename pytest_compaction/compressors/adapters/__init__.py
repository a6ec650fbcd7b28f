"""Adapters for the memory APIs people run: point ``--compaction-compressor`` at them as they are.

Each framework has its own module, imported only when its object is seen, and its own
optional extra (``pip install 'pytest-compaction[langchain]'`` ...):

- :mod:`.langchain`: ``trim_messages`` (a selection), ``SummarizationMiddleware``, and any
  other Runnable whose input has a ``messages`` key (a prompt-and-model chain, a LangGraph graph);
- :mod:`.langmem`: ``summarize_messages`` and its running summary; a memory manager
  (``create_memory_manager(...)``);
- :mod:`.llamaindex`: ``ChatSummaryMemoryBuffer`` (and any LlamaIndex chat memory with
  ``set``/``get``), and ``Memory`` with memory blocks;
- :mod:`.mem0`: a mem0 ``Memory`` (its record shape);
- :mod:`.text`: a plain ``f(text, previous_summary) -> str`` summarizer.

:func:`adapt` recognizes these objects by their module and class names, without importing
any framework, and wraps them; anything else is left to the generic rules of
:func:`~pytest_compaction.compressors.base.as_compressor`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

__all__ = ["adapt"]

# (defining module prefix, qualified name, kind) -> (adapter module, factory name)
_FUNCTIONS = {
    ("langchain_core.messages", "trim_messages"): (".langchain", "TrimMessages"),
    ("langmem.short_term", "summarize_messages"): (".langmem", "LangMemSummarizer"),
}
_INSTANCES = {
    ("langchain.agents.middleware", "SummarizationMiddleware"): (".langchain", "Summarization"),
    ("llama_index.core.memory", "ChatSummaryMemoryBuffer"): (".llamaindex", "ChatMemory"),
    ("llama_index.core.memory", "ChatMemoryBuffer"): (".llamaindex", "ChatMemory"),
    ("llama_index.core.memory", "Memory"): (".llamaindex", "BlockMemory"),
    ("mem0", "Memory"): (".mem0", "Mem0Memory"),
    ("langmem.knowledge.extraction", "MemoryManager"): (".langmem", "LangMemManager"),
}
_RUNNABLE = ("langchain_core.runnables.base", "Runnable")
_MODEL = ("langchain_core.language_models.base", "BaseLanguageModel")


def _factory(entry: tuple[str, str]) -> Any:
    module = importlib.import_module(entry[0], __name__)
    return getattr(module, entry[1])


def _key(obj: object) -> tuple[str, str]:
    return (getattr(obj, "__module__", "") or "", getattr(obj, "__qualname__", "") or "")


def adapt(obj: object, options: Mapping[str, Any] | None = None) -> object | None:
    """A compressor for a known framework object (with ``options`` for a function), else None."""
    import functools

    if isinstance(obj, functools.partial):
        inner = adapt(obj.func, {**obj.keywords, **(options or {})})
        if inner is not None:
            return inner
    module, name = _key(obj)
    for (prefix, qualname), entry in _FUNCTIONS.items():
        if name == qualname and module.startswith(prefix):
            made: object = _factory(entry)(**dict(options or {}))
            return made
    if options:
        return None
    for cls in type(obj).__mro__:
        module, name = _key(cls)
        for (prefix, qualname), entry in _INSTANCES.items():
            if name == qualname and module.startswith(prefix):
                wrapped: object = _factory(entry)(obj)
                return wrapped
    classes = {_key(cls) for cls in type(obj).__mro__}
    if _RUNNABLE in classes and _MODEL not in classes:
        # Any other LangChain Runnable (a chain, a LangGraph graph): called with the messages,
        # or refused with how to wrap it. A chat model is not a memory: it answers the turn.
        runnable: object = _factory((".langchain", "RunnableMessages"))(obj)
        return runnable
    return None
