"""LangChain: ``trim_messages`` (a selection) and ``SummarizationMiddleware`` (a compression).

Point the suite at them as they are::

    compaction_compressor = langchain_core.messages:trim_messages(max_tokens=150, strategy="last")
    compaction_compressor = myapp.agent:summarization   # a SummarizationMiddleware instance

The events reach them as LangChain messages (each message's ``id`` is the event id);
what they return is read by the guard: the messages kept word for word are the
selection, the middleware's summary message is the compression.
"""

from __future__ import annotations

from typing import Any

from pytest_compaction.compressors.base import CompressionRequest

__all__ = ["Summarization", "TrimMessages"]


class TrimMessages:
    """``langchain_core.messages.trim_messages(messages, **options)`` as a compressor.

    ``token_counter`` defaults to ``"approximate"`` (no model needed); without
    ``max_tokens`` the request's ``budget_tokens`` is used.
    """

    def __init__(self, **options: Any) -> None:
        options.setdefault("token_counter", "approximate")
        self.options = options
        shown = ", ".join(f"{k}={v!r}" for k, v in options.items() if k != "token_counter")
        self.name = f"trim_messages({shown})"

    def compress(self, request: CompressionRequest) -> list[Any]:
        from langchain_core.messages import trim_messages

        options = dict(self.options)
        if "max_tokens" not in options:
            if request.budget_tokens is None:
                raise ValueError(
                    "trim_messages needs max_tokens: pass it in the reference "
                    "(trim_messages(max_tokens=150)) or set budget_tokens in the spec"
                )
            options["max_tokens"] = request.budget_tokens
        return list(trim_messages(request.langchain_messages(), **options))


class Summarization:
    """A ``langchain.agents.middleware.SummarizationMiddleware`` as a compressor.

    The middleware's ``before_model`` hook is run on the events as the agent state; when it
    does not summarize, the messages are returned unchanged (everything kept).
    """

    def __init__(self, middleware: Any) -> None:
        self.middleware = middleware
        self.name = f"SummarizationMiddleware({type(getattr(middleware, 'model', None)).__name__})"

    def compress(self, request: CompressionRequest) -> Any:
        messages = request.langchain_messages()
        update = self.middleware.before_model({"messages": messages}, None)
        return messages if update is None else update
