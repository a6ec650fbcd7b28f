"""A plain text summarizer, ``f(text, previous_summary) -> str``, as a compressor.

Most home-grown summarizers are a prompt around an LLM client: they take the
transcript's text and the summary so far and return the new summary. Decorate it, or
point the suite at it directly (a function whose first parameter is named ``text`` is
recognized)::

    @text_summarizer
    def summarize(text: str, previous_summary: str | None) -> str: ...
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from pytest_compaction.compressors.request import CompressionRequest

__all__ = ["TextSummarizer", "is_text_summarizer", "text_summarizer"]


class TextSummarizer:
    """``f(text, previous_summary)`` as a compressor: the events' text in, a prose summary out."""

    def __init__(self, function: Callable[..., Any], name: str | None = None) -> None:
        self.function = function
        self.name = name or f"{getattr(function, '__module__', '?')}:{getattr(function, '__qualname__', '?')}"
        self._takes_prior = _positional(function) >= 2

    def compress(self, request: CompressionRequest) -> Any:
        if self._takes_prior:
            return self.function(request.text, request.prior_summary)
        return self.function(request.text)


def text_summarizer(function: Callable[..., Any]) -> TextSummarizer:
    """Decorator: mark ``f(text, previous_summary) -> str`` as a compressor."""
    return TextSummarizer(function)


def is_text_summarizer(obj: object) -> bool:
    """A plain function whose first parameter is named ``text``."""
    if not inspect.isfunction(obj):
        return False
    parameters = list(inspect.signature(obj).parameters)
    return bool(parameters) and parameters[0] == "text"


def _positional(function: Callable[..., Any]) -> int:
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return 1
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return sum(1 for p in parameters if p.kind in kinds)
