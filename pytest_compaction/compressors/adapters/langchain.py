"""LangChain: ``trim_messages`` (a selection), ``SummarizationMiddleware`` (a compression), a Runnable.

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
from pytest_compaction.compressors.messages import PRIOR_SUMMARY_ID

__all__ = ["RunnableMessages", "Summarization", "TrimMessages"]


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
    does not summarize, the messages are returned unchanged (everything kept). System
    events are the agent's system prompt: kept out of the state, as ``create_agent`` keeps
    them, and put back in front of what the middleware returns.
    """

    def __init__(self, middleware: Any) -> None:
        self.middleware = middleware
        self.name = f"SummarizationMiddleware({type(getattr(middleware, 'model', None)).__name__})"

    def compress(self, request: CompressionRequest) -> Any:
        messages = request.langchain_messages()
        # An agent holds its system prompt apart from the state the middleware trims
        # (create_agent(system_prompt=...)); so does this adapter, and puts it back in front.
        held = [m.type == "system" and m.id != PRIOR_SUMMARY_ID for m in messages]
        prompt = [m for m, apart in zip(messages, held, strict=True) if apart]
        state = [m for m, apart in zip(messages, held, strict=True) if not apart]
        update = self.middleware.before_model({"messages": state}, None)
        if update is None:
            return messages
        if not prompt or not isinstance(update, dict) or not isinstance(update.get("messages"), list):
            return update
        new = update["messages"]
        lead = next((i for i, m in enumerate(new) if type(m).__name__ != "RemoveMessage"), len(new))
        return {**update, "messages": [*new[:lead], *prompt, *new[lead:]]}


class RunnableMessages:
    """A LangChain Runnable whose input has a ``messages`` key, as a compressor.

    A prompt-and-model chain (``ChatPromptTemplate`` with ``MessagesPlaceholder("messages")``)
    or a LangGraph graph over ``MessagesState`` is called as ``invoke({"messages":
    request.langchain_messages()})``; what it returns (a summary message, a state update)
    is read like any other output. A chain that returns one message is a summarizer: the
    system events are the agent's prompt, put back in front of its summary (as for the
    middleware). Any other Runnable is refused: its input is unknown.
    """

    def __init__(self, runnable: Any) -> None:
        kind = type(runnable).__name__
        if "messages" not in _input_keys(runnable):
            raise TypeError(
                f"a LangChain Runnable ({kind}) whose input has no 'messages' key: wrap it, e.g. "
                f"def compress(request): return runnable.invoke(request.langchain_messages())"
            )
        self.runnable = runnable
        self.name = f"{kind}.invoke({{'messages': ...}})"

    def compress(self, request: CompressionRequest) -> Any:
        messages = request.langchain_messages()
        result = self.runnable.invoke({"messages": messages})
        if isinstance(getattr(result, "type", None), str) and hasattr(result, "content"):
            prompt = [m for m in messages if m.type == "system" and m.id != PRIOR_SUMMARY_ID]
            return [*prompt, result]
        return result


def _input_keys(runnable: Any) -> set[str]:
    try:
        schema = runnable.get_input_jsonschema()
    except Exception:  # a Runnable whose schema cannot be built: its input is unknown
        return set()
    properties = schema.get("properties") if isinstance(schema, dict) else None
    return set(properties) if isinstance(properties, dict) else set()
