"""Chat messages read framework-neutrally: LangChain, LlamaIndex and OpenAI-style messages
as :class:`Message` values, their content blocks as text, and a LangGraph state update
reduced as its ``add_messages`` reducer would.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pytest_compaction.compressors._normalized import Message, _read_bounded
from pytest_compaction.compressors.request import CompressionRequest

__all__ = ["_content_text", "_is_removal", "_message", "_reduced"]


def _is_removal(item: object) -> bool:
    return type(item).__name__ == "RemoveMessage"


_REMOVE_ALL = "__remove_all__"
"""LangGraph's ``REMOVE_ALL_MESSAGES``: the state is what follows it in the update."""


def _item_id(item: object) -> object:
    return item.get("id") if isinstance(item, Mapping) else getattr(item, "id", None)


def _reduced(update: Sequence[object], request: CompressionRequest) -> list[object] | str:
    """The state a LangGraph ``add_messages`` reducer leaves after ``update``, from the input.

    As the reducer does: after a ``RemoveMessage(id=REMOVE_ALL_MESSAGES)`` the state is what
    follows the last one; otherwise it is the messages the compressor was given, minus the
    removed ids, with a message whose id is already there replacing it and new ones appended.
    A removal of an id the input does not hold is refused (the reducer raises on it).
    """
    last = None
    for index, item in enumerate(update):
        if _is_removal(item) and _item_id(item) == _REMOVE_ALL:
            last = index
    if last is not None:
        return list(update[last + 1 :])
    from pytest_compaction.compressors.messages import openai_messages

    given = openai_messages(request)
    merged: list[object] = list(given)
    position: dict[str, int] = {message["id"]: at for at, message in enumerate(given)}
    removed: set[object] = set()
    for item in update:
        item_id = _item_id(item)
        found = position.get(item_id) if isinstance(item_id, str) else None
        if found is not None:
            if _is_removal(item):
                removed.add(item_id)
            else:
                removed.discard(item_id)
                merged[found] = item
        elif _is_removal(item):
            ids = ", ".join(str(message["id"]) for message in given[:8]) or "none"
            return (
                f"returned a LangGraph state update that removes message id {item_id!r}, which is not "
                f"among the messages it was given ({ids}); remove only ids of the input messages"
            )
        else:
            if isinstance(item_id, str):
                position[item_id] = len(merged)
            merged.append(item)
    return [item for item in merged if _item_id(item) not in removed]


_ROLES = {
    "human": "user",
    "user": "user",
    "ai": "assistant",
    "assistant": "assistant",
    "model": "assistant",
    "chatbot": "assistant",
    "system": "system",
    "developer": "system",
    "tool": "tool",
    "function": "tool",
}


def _message(item: object) -> Message | None:
    if isinstance(item, Mapping):
        role = item.get("role", item.get("type"))
        content = item.get("content")
        message_id = item.get("id")
        calls = item.get("tool_calls") or ()
        call_id = item.get("tool_call_id")
        extra = item.get("additional_kwargs") or {}
    else:
        role = getattr(item, "type", None) if hasattr(item, "tool_calls") or _is_langchain(item) else None
        role = role or getattr(item, "role", None)
        role = getattr(role, "value", role)  # LlamaIndex MessageRole
        content = getattr(item, "content", None)
        message_id = getattr(item, "id", None)
        extra = getattr(item, "additional_kwargs", None) or {}
        calls = getattr(item, "tool_calls", None) or extra.get("tool_calls") or ()
        call_id = getattr(item, "tool_call_id", None) or extra.get("tool_call_id")
        if content is None and role is not None and hasattr(item, "blocks"):
            content = _content_text(list(_read_bounded(item.blocks, "a message whose blocks", "messages")))
    if not isinstance(role, str) or role.lower() not in _ROLES:
        return None
    if isinstance(content, list):
        content = _content_text(content)
    if content is not None and not isinstance(content, str):
        return None
    ids: list[str] = []
    for call in calls if isinstance(calls, (list, tuple)) else ():
        raw = call.get("id") if isinstance(call, Mapping) else getattr(call, "id", None)
        if isinstance(raw, str):
            ids.append(raw)
    is_summary = isinstance(extra, Mapping) and extra.get("lc_source") == "summarization"
    return Message(
        role=_ROLES[role.lower()],
        content=content,
        message_id=message_id if isinstance(message_id, str) else None,
        tool_call_ids=tuple(ids),
        tool_call_id=call_id if isinstance(call_id, str) else None,
        summary=is_summary,
    )


def _is_langchain(item: object) -> bool:
    return any(cls.__module__.startswith("langchain_core.") for cls in type(item).__mro__)


def _content_text(blocks: list[object]) -> str:
    parts: list[str] = []
    for block in blocks:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, Mapping) and isinstance(block.get("text"), str):
            parts.append(block["text"])
        elif isinstance(getattr(block, "text", None), str):
            parts.append(block.text)  # type: ignore[attr-defined]
    return "".join(parts)
