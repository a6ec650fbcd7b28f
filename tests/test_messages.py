"""Events as chat messages, and chat exports (LangChain, OpenAI) as events for new-fixture."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pytest_compaction.cli import main
from pytest_compaction.compressors.base import CompressionRequest
from pytest_compaction.compressors.messages import events_from_messages
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.model import SourceEvent, ToolCall
from pytest_compaction.specs.spec import load_spec


def _request() -> CompressionRequest:
    def event(event_id: str, text: str, **keys: object) -> SourceEvent:
        return SourceEvent(event_id=event_id, tenant_id="t", subject_id="s", text=text, **keys)  # type: ignore[arg-type]

    return CompressionRequest(
        tenant_id="t",
        subject_id="s",
        events=(
            event("s1", "Plan meals.", role="system"),
            event("u1", "Any peanuts?"),
            event(
                "a1",
                "",
                role="assistant",
                tool_calls=(ToolCall(call_id="c1", name="lookup", arguments={"q": 1}),),
            ),
            event("r1", "none", role="tool", tool_call_id="c1"),
        ),
        budget_tokens=100,
    )


def test_openai_messages_carry_roles_tool_calls_and_event_ids() -> None:
    messages = _request().openai_messages()
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "tool"]
    assert [m["id"] for m in messages] == ["s1", "u1", "a1", "r1"]
    call = messages[2]["tool_calls"][0]
    assert call["id"] == "c1"
    assert call["function"] == {"name": "lookup", "arguments": '{"q": 1}'}
    assert messages[3]["tool_call_id"] == "c1"
    assert _request().budget_tokens == 100


def test_langchain_messages_carry_roles_tool_calls_and_event_ids() -> None:
    pytest.importorskip("langchain_core")
    messages = _request().langchain_messages()
    assert [m.type for m in messages] == ["system", "human", "ai", "tool"]
    assert [m.id for m in messages] == ["s1", "u1", "a1", "r1"]
    assert messages[2].tool_calls[0]["id"] == "c1"
    assert messages[2].tool_calls[0]["args"] == {"q": 1}
    assert messages[3].tool_call_id == "c1"


def test_a_langchain_export_round_trips_to_events() -> None:
    pytest.importorskip("langchain_core")
    from langchain_core.messages import messages_to_dict

    exported = messages_to_dict(_request().langchain_messages())
    events = events_from_messages(exported)
    assert [e["id"] for e in events] == ["s1", "u1", "a1", "r1"]
    assert events[0]["role"] == "system"
    assert "role" not in events[1]
    assert events[2]["tool_calls"] == [{"id": "c1", "name": "lookup", "arguments": {"q": 1}}]
    assert events[3]["tool_call_id"] == "c1"


def test_openai_messages_round_trip_to_events() -> None:
    events = events_from_messages(_request().openai_messages())
    assert events[2]["tool_calls"] == [{"id": "c1", "name": "lookup", "arguments": {"q": 1}}]


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ("hello", "messages[0]: expected a message mapping, got str"),
        ({"text": "hi"}, "messages[0]: expected a LangChain messages_to_dict entry"),
        ({"role": "narrator", "content": "x"}, "messages[0].role: expected one of user, assistant"),
        (
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": "{"}}],
            },
            "messages[0].tool_calls[0].function.arguments: expected JSON object text",
        ),
    ],
)
def test_a_bad_message_is_named_with_its_path(item: object, message: str) -> None:
    with pytest.raises(PayloadError, match=re.escape(message)):
        events_from_messages([item])


def test_new_fixture_imports_an_openai_transcript(tmp_path: Path) -> None:
    artifact = tmp_path / "artifact.json"
    artifact.write_text(json.dumps({"memory_version": 1, "tenant_id": "t", "subject_id": "s", "facts": []}))
    transcript = tmp_path / "chat.json"
    transcript.write_text(json.dumps(_request().openai_messages(), indent=2))
    out = tmp_path / "out"
    assert (
        main(
            [
                "new-fixture",
                "chat",
                "--artifact",
                str(artifact),
                "--events",
                str(transcript),
                "--out",
                str(out),
            ]
        )
        == 0
    )
    spec = load_spec(out / "chat.compaction.yaml")
    assert spec.scenario is not None
    events = spec.scenario.events
    assert [e.role for e in events] == ["system", "user", "assistant", "tool"]
    assert events[2].tool_calls[0].call_id == "c1"
    assert events[3].tool_call_id == "c1"
