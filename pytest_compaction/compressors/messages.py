"""Source events as chat messages, and chat transcripts as source events.

A compressor built on a chat framework wants its input as messages: LangChain
``BaseMessage`` objects or OpenAI-style dicts (``role``, ``content``, ``tool_calls``,
``tool_call_id``). Each message carries its event's id (LangChain ``id``; for dicts the
``id`` key, which OpenAI-compatible clients ignore) so that what a compressor keeps can be
traced back to the events. The prior memory, when there is one, comes first as a system
message with the id :data:`PRIOR_SUMMARY_ID`; after a deletion, a prior that was a message
selection comes instead as the messages it kept, with their ids, minus the deleted events'.

The other direction, :func:`events_from_messages`, reads a transcript exported with
LangChain's ``messages_to_dict`` or as OpenAI message JSON into the plain event mappings
a spec's ``events:`` holds. LangChain is imported only when its messages are asked for.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.model import SourceEvent

if TYPE_CHECKING:
    from pytest_compaction.compressors.request import CompressionRequest

__all__ = [
    "PRIOR_SUMMARY_ID",
    "PRIOR_SUMMARY_PREFIX",
    "events_from_messages",
    "langchain_messages",
    "openai_messages",
    "source_event",
]

PRIOR_SUMMARY_ID = "compaction:prior-summary"
"""The message id the prior summary carries when a request is offered as messages."""

PRIOR_SUMMARY_PREFIX = "Summary of the conversation so far:\n"
"""How the prior summary is introduced when it is offered as a message."""


def _tool_calls(event: SourceEvent) -> list[tuple[str, str, dict[str, Any]]]:
    out: list[tuple[str, str, dict[str, Any]]] = []
    for call in getattr(event, "tool_calls", ()) or ():
        call_id = getattr(call, "call_id", None) or getattr(call, "id", None)
        name = getattr(call, "name", "")
        arguments = getattr(call, "arguments", None) or {}
        out.append((str(call_id), str(name), dict(arguments)))
    return out


def _role(event: SourceEvent) -> str:
    role = getattr(event, "role", None)
    return role if isinstance(role, str) and role else "user"


def _prior_summary(request: CompressionRequest) -> str | None:
    """The prior memory as one summary message's text; None when it is handed back as the
    messages it kept (see ``request.prior_selection``)."""
    prior = request.prior
    if prior is not None and prior.selection and request.deleted_event_ids:
        return None
    return request.prior_summary


def openai_messages(request: CompressionRequest) -> list[dict[str, Any]]:
    """The request as OpenAI-style chat messages (a new list of new dicts on every call)."""
    out: list[dict[str, Any]] = []
    prior = _prior_summary(request)
    if prior:
        out.append({"role": "system", "content": prior, "id": PRIOR_SUMMARY_ID})
    for event in (*request.prior_selection, *request.events):
        message: dict[str, Any] = {"role": _role(event), "content": event.text, "id": event.event_id}
        calls = _tool_calls(event)
        if calls and message["role"] == "assistant":
            message["tool_calls"] = [
                {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
                for call_id, name, args in calls
            ]
        call_id = getattr(event, "tool_call_id", None)
        if message["role"] == "tool" and call_id:
            message["tool_call_id"] = call_id
        name = getattr(event, "name", None)
        if isinstance(name, str) and name:
            message["name"] = name
        out.append(message)
    return out


def langchain_messages(request: CompressionRequest) -> list[Any]:
    """The request as LangChain messages (needs ``langchain-core``; new objects on every call)."""
    try:
        from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError(
            "request.langchain_messages() needs langchain-core: pip install 'pytest-compaction[langchain]'"
        ) from None
    out: list[Any] = []
    prior = _prior_summary(request)
    if prior:
        out.append(SystemMessage(content=prior, id=PRIOR_SUMMARY_ID))
    for event in (*request.prior_selection, *request.events):
        role = _role(event)
        name = getattr(event, "name", None) or None
        if role == "system":
            out.append(SystemMessage(content=event.text, id=event.event_id, name=name))
        elif role == "assistant":
            calls = [{"id": c, "name": n, "args": a, "type": "tool_call"} for c, n, a in _tool_calls(event)]
            out.append(AIMessage(content=event.text, id=event.event_id, name=name, tool_calls=calls))
        elif role == "tool":
            call_id = getattr(event, "tool_call_id", None) or ""
            out.append(ToolMessage(content=event.text, id=event.event_id, tool_call_id=call_id, name=name))
        else:
            out.append(HumanMessage(content=event.text, id=event.event_id, name=name))
    return out


# -- transcripts in ---------------------------------------------------------------------

_LANGCHAIN_TYPES = {"human": "user", "ai": "assistant", "system": "system", "tool": "tool", "chat": "user"}
_OPENAI_ROLES = {
    "user": "user",
    "assistant": "assistant",
    "system": "system",
    "developer": "system",
    "tool": "tool",
}


def events_from_messages(items: Sequence[object], *, where: str = "messages") -> list[dict[str, Any]]:
    """Plain event mappings from a LangChain ``messages_to_dict`` list or OpenAI message dicts.

    Each event gets ``id`` (the message id, else ``t-1``, ``t-2``...), ``text``, ``role``
    and, where present, ``tool_calls`` (``id``, ``name``, ``arguments`` as a mapping) and
    ``tool_call_id``. Anything else is an error naming the item and what arrived.
    """
    events: list[dict[str, Any]] = []
    for index, item in enumerate(items):
        path = f"{where}[{index}]"
        if not isinstance(item, Mapping):
            raise PayloadError(path, f"expected a message mapping, got {type(item).__name__}")
        if "type" in item and isinstance(item.get("data"), Mapping):
            events.append(_from_langchain(item, path, index))
        elif "role" in item:
            events.append(_from_openai(item, path, index))
        else:
            raise PayloadError(
                path,
                "expected a LangChain messages_to_dict entry ({type, data}) or an OpenAI message "
                f"({{role, content}}); got keys {sorted(map(str, item))}",
            )
    return events


def _text(content: object, path: str) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [
            b if isinstance(b, str) else b.get("text", "") for b in content if isinstance(b, (str, Mapping))
        ]
        return "".join(p for p in parts if isinstance(p, str))
    raise PayloadError(
        f"{path}.content", f"expected text or a list of content blocks, got {type(content).__name__}"
    )


def _event(index: int, message_id: object, role: str, text: str) -> dict[str, Any]:
    # The event's own id when the export kept one; LangChain's run ids are kept as they are.
    event: dict[str, Any] = {
        "id": message_id if isinstance(message_id, str) and message_id else f"t-{index + 1}"
    }
    event["text"] = text
    if role != "user":
        event["role"] = role
    return event


def _from_langchain(item: Mapping[str, Any], path: str, index: int) -> dict[str, Any]:
    kind = item["type"]
    data = item["data"]
    if kind not in _LANGCHAIN_TYPES:
        raise PayloadError(f"{path}.type", f"expected one of {', '.join(_LANGCHAIN_TYPES)}; got {kind!r}")
    event = _event(index, data.get("id"), _LANGCHAIN_TYPES[kind], _text(data.get("content"), f"{path}.data"))
    calls = data.get("tool_calls") or []
    if calls:
        event["tool_calls"] = [
            {"id": str(c.get("id")), "name": str(c.get("name")), "arguments": dict(c.get("args") or {})}
            for c in calls
            if isinstance(c, Mapping)
        ]
    if kind == "tool" and data.get("tool_call_id"):
        event["tool_call_id"] = str(data["tool_call_id"])
    return event


def _from_openai(item: Mapping[str, Any], path: str, index: int) -> dict[str, Any]:
    role = item["role"]
    if role not in _OPENAI_ROLES:
        raise PayloadError(f"{path}.role", f"expected one of {', '.join(_OPENAI_ROLES)}; got {role!r}")
    event = _event(index, item.get("id"), _OPENAI_ROLES[role], _text(item.get("content"), path))
    calls = item.get("tool_calls") or []
    if calls:
        parsed = []
        for number, call in enumerate(calls):
            function = call.get("function") if isinstance(call, Mapping) else None
            if not isinstance(function, Mapping):
                raise PayloadError(
                    f"{path}.tool_calls[{number}]", "expected {id, function: {name, arguments}}"
                )
            raw = function.get("arguments") or "{}"
            try:
                arguments = json.loads(raw) if isinstance(raw, str) else dict(raw)
            except (ValueError, TypeError):
                raise PayloadError(
                    f"{path}.tool_calls[{number}].function.arguments",
                    f"expected JSON object text, got {raw!r}",
                ) from None
            parsed.append(
                {"id": str(call.get("id")), "name": str(function.get("name")), "arguments": arguments}
            )
        event["tool_calls"] = parsed
    if role == "tool" and item.get("tool_call_id"):
        event["tool_call_id"] = str(item["tool_call_id"])
    return event


def source_event(item: Mapping[str, Any], *, tenant_id: str, subject_id: str, order: int) -> SourceEvent:
    """One LangChain ``messages_to_dict`` entry or OpenAI message as a :class:`SourceEvent`."""
    from pytest_compaction.core.model import ToolCall

    (event,) = events_from_messages([item], where="")
    event_id = event["id"] if event["id"] != "t-1" else f"t-{order + 1}"
    return SourceEvent(
        event_id=event_id,
        tenant_id=tenant_id,
        subject_id=subject_id,
        text=event["text"],
        order=order,
        role=event.get("role", "user"),
        tool_calls=tuple(
            ToolCall(call_id=c["id"], name=c["name"], arguments=c["arguments"])
            for c in event.get("tool_calls", ())
        ),
        tool_call_id=event.get("tool_call_id"),
    )
