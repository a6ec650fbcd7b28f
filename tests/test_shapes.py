"""Every output shape a compressor may return, read by the guard, checked through the runner.

The oracle is the scenario: which events state which facts, which are tool calls and
results. Each shape is shown once faithful (nothing lost, no violation) and once drifting
(a named violation on the right stage).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.compressors.shapes import PRIOR_SUMMARY_ID, normalize
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.engine.runner import ScenarioRun, run_scenario
from pytest_compaction.mutants.compressors import KeepRecentUnderBudget

CHAT = {
    "tenant": "acme",
    "subject": "ana",
    "events": [
        {"id": "sys", "role": "system", "text": "You are a meal planner. Never suggest peanuts."},
        {
            "id": "e1",
            "text": "I am allergic to peanuts.",
            "facts": [{"id": "fact-allergy", "predicate": "food.peanuts_allowed", "value": False}],
        },
        {"id": "e2", "text": "What a lovely day it is today."},
        {
            "id": "a1",
            "role": "assistant",
            "text": "Let me look up your plan.",
            "tool_calls": [{"id": "call-1", "name": "lookup_plan", "arguments": {"user": "ana"}}],
        },
        {"id": "r1", "role": "tool", "tool_call_id": "call-1", "text": "plan: vegetarian"},
        {
            "id": "e3",
            "text": "My weekly budget is 50.",
            "facts": [{"id": "fact-budget", "predicate": "groceries.weekly_budget", "value": 50}],
        },
    ],
    "steps": [{"add": ["sys", "e1", "e2", "a1", "r1", "e3"]}, "compress"],
}


def run(compressor: object, spec: dict[str, Any] = CHAT) -> ScenarioRun:
    return run_scenario(Scenario.from_dict(spec, name="chat"), GuardedCompressor(compressor, timeout=30))  # type: ignore[arg-type]


def codes(result: ScenarioRun) -> list[str]:
    return [v.name for v in result.violations]


# -- messages: the selection -----------------------------------------------------------


def test_openai_messages_kept_whole_are_a_faithful_selection() -> None:
    result = run(lambda request: request.openai_messages())
    assert codes(result) == []
    record = result.passes[0].record
    assert record.shape == "messages"
    assert record.kept == ("sys", "e1", "e2", "a1", "r1", "e3")
    assert {f.fact_id for f in record.artifact.facts} == {"fact-allergy", "fact-budget"}  # type: ignore[union-attr]


def test_a_trimmer_that_drops_the_fact_turn_is_blamed_on_selection() -> None:
    def keep_recent(request: CompressionRequest) -> list[dict[str, Any]]:
        messages = request.openai_messages()
        return [messages[0], *messages[3:]]  # system kept, e1 and e2 dropped

    result = run(keep_recent)
    assert codes(result) == ["fact-allergy:missing"]
    detail = result.violations[0].detail
    assert "dropped by selection: the compressor was given e1 but did not keep it" in detail
    assert "pass 1" in detail


def test_a_summarizer_that_read_the_turn_is_blamed_on_compression() -> None:
    def forgets(request: CompressionRequest) -> str:
        return "The user has a budget of 50 a week."

    result = run(forgets)
    missing = next(v for v in result.violations if v.name == "fact-allergy:missing")
    assert "dropped by compression: the compressor was given e1 and used it" in missing.detail


def test_an_empty_summary_is_blamed_for_returning_nothing() -> None:
    def empty(request: CompressionRequest) -> str:
        return ""

    result = run(empty)
    missing = next(v for v in result.violations if v.name == "fact-allergy:missing")
    assert "dropped by compression: the compressor was given e1 and returned nothing" in missing.detail
    assert "summary_empty" in result.names


def test_a_rewritten_message_is_not_a_verbatim_selection() -> None:
    def rewrites(request: CompressionRequest) -> list[dict[str, Any]]:
        messages = request.openai_messages()
        messages[1] = {**messages[1], "content": "I love peanuts."}
        return messages

    result = run(rewrites)
    record = result.passes[0].record
    assert "e1" not in record.kept
    assert "I love peanuts." in (record.artifact.summary or "")  # type: ignore[union-attr]
    assert "fact-allergy:missing" in codes(result)


def test_the_mutant_keep_recent_under_budget_is_a_selection_loss() -> None:
    spec = {**CHAT, "budget": 60}
    result = run(KeepRecentUnderBudget(), spec)
    assert "fact-allergy:missing" in codes(result)
    missing = next(v for v in result.violations if v.name == "fact-allergy:missing")
    assert "dropped by selection" in missing.detail


# -- messages: the structure contract ---------------------------------------------------


def test_a_tool_result_without_its_call_is_orphaned() -> None:
    def cuts_between(request: CompressionRequest) -> list[dict[str, Any]]:
        messages = request.openai_messages()
        return [m for m in messages if m["id"] != "a1"]

    assert "tool_result_orphaned" in codes(run(cuts_between))


def test_a_tool_call_without_its_result_is_unanswered() -> None:
    def drops_result(request: CompressionRequest) -> list[dict[str, Any]]:
        return [m for m in request.openai_messages() if m["id"] != "r1"]

    assert codes(run(drops_result)) == ["tool_call_unanswered"]


def test_a_dropped_system_message_is_named() -> None:
    def drops_system(request: CompressionRequest) -> list[dict[str, Any]]:
        return [m for m in request.openai_messages() if m["role"] != "system"]

    result = run(drops_system)
    assert codes(result) == ["system_message_dropped"]
    assert result.violations[0].observed == ("sys",)


def test_a_summary_message_in_place_of_old_turns_is_the_compression() -> None:
    def summarizes(request: CompressionRequest) -> list[dict[str, Any]]:
        messages = request.openai_messages()
        summary = {"role": "user", "content": "Summary: the user is allergic to peanuts."}
        return [messages[0], summary, *messages[3:]]

    result = run(summarizes)
    record = result.passes[0].record
    assert record.kept == ("sys", "a1", "r1", "e3")
    assert record.artifact is not None
    assert record.artifact.input_event_ids == ("sys", "e1", "e2", "a1", "r1", "e3")
    assert "Summary: the user is allergic to peanuts." in (record.artifact.summary or "")


@pytest.mark.parametrize(
    "summary",
    [
        "RateLimitError: 429 Too Many Requests",
        "Error: the model is overloaded",
        "I'm sorry, but I can't summarize this conversation.",
        'Traceback (most recent call last):\n  File "x.py", line 1',
    ],
)
def test_an_error_text_in_place_of_the_summary_is_named(summary: str) -> None:
    assert "summary_is_error" in codes(run(lambda request: summary))


@pytest.mark.parametrize(
    "summary",
    [
        "Errors in the billing export were discussed; the user is allergic to peanuts.",
        "The user failed to pay once; the weekly budget is 50.",
        "Error handling must log every refund.",
    ],
)
def test_a_summary_that_mentions_errors_is_not_an_error(summary: str) -> None:
    assert "summary_is_error" not in codes(run(lambda request: summary))


def test_an_empty_summary_is_named() -> None:
    assert "summary_empty" in codes(run(lambda request: "   "))


def test_a_compaction_block_without_content_is_a_failure_never_a_pass() -> None:
    result = run(lambda request: {"type": "compaction", "content": None})
    assert "compaction_failed" in codes(result)
    assert not result.ok


def test_a_compaction_block_with_content_is_a_summary() -> None:
    result = run(lambda request: {"type": "compaction", "content": "[summary] allergic to peanuts"})
    record = result.passes[0].record
    assert record.shape == "compaction"
    assert record.artifact is not None
    assert record.artifact.summary == "[summary] allergic to peanuts"
    assert "compaction_failed" not in codes(result)


# -- other shapes -----------------------------------------------------------------------


def test_mem0_records_are_the_memory_text_deleted_records_left_out() -> None:
    def mem0(request: CompressionRequest) -> dict[str, Any]:
        return {
            "results": [
                {"id": "m1", "memory": "Allergic to peanuts", "event": "ADD"},
                {"id": "m2", "memory": "Likes peanuts", "event": "DELETE"},
            ]
        }

    record = run(mem0).passes[0].record
    assert record.shape == "records"
    assert record.artifact is not None
    assert record.artifact.summary == "Allergic to peanuts"


def test_a_list_of_strings_is_memory_records() -> None:
    record = run(lambda request: ["Allergic to peanuts", "Budget 50"]).passes[0].record
    assert record.shape == "records"
    assert record.artifact is not None
    assert record.artifact.summary == "Allergic to peanuts\nBudget 50"


def test_an_async_compressor_is_awaited_under_the_timeout() -> None:
    class Async:
        async def compress(self, request: CompressionRequest) -> list[dict[str, Any]]:
            await asyncio.sleep(0)
            return request.openai_messages()

    assert codes(run(Async())) == []


def test_a_hanging_async_compressor_times_out() -> None:
    async def hangs(request: CompressionRequest) -> str:
        await asyncio.sleep(30)
        return ""

    result = run_scenario(Scenario.from_dict(CHAT, name="chat"), GuardedCompressor(hangs, timeout=0.2))
    assert codes(result) == ["compressor_timeout"]
    assert "may still be running on a background thread" in result.violations[0].detail


def test_an_unknown_shape_is_malformed_and_names_what_is_accepted() -> None:
    result = run(lambda request: 42)
    assert codes(result) == ["artifact_malformed"]
    assert "returned int" in result.violations[0].detail
    assert "a str summary, a list of messages" in result.violations[0].detail


def test_a_langgraph_state_update_is_read_without_its_remove_instruction() -> None:
    class RemoveMessage:
        id = "__remove_all__"

    def update(request: CompressionRequest) -> dict[str, Any]:
        return {"messages": [RemoveMessage(), *request.openai_messages()]}

    assert codes(run(update)) == []


def test_the_prior_summary_is_offered_first_and_keeping_it_keeps_the_prior_facts() -> None:
    spec = {**CHAT, "steps": [{"add": ["e1"]}, "compress", {"add": ["e3"]}, "compress"]}
    seen: list[list[str]] = []

    def keep_all(request: CompressionRequest) -> list[dict[str, Any]]:
        messages = request.openai_messages()
        seen.append([m["id"] for m in messages])
        return messages

    assert codes(run(keep_all, spec)) == []
    assert seen == [["e1"], [PRIOR_SUMMARY_ID, "e3"]]

    def drop_prior(request: CompressionRequest) -> list[dict[str, Any]]:
        return [m for m in request.openai_messages() if m["id"] != PRIOR_SUMMARY_ID]

    result = run(drop_prior, spec)
    missing = next(v for v in result.violations if v.name == "fact-allergy:missing")
    assert "pass 2" in missing.detail
    assert (
        "dropped by selection: it was in the prior memory, which the compressor did not keep"
        in missing.detail
    )


def test_normalize_keeps_an_artifact_as_it_is() -> None:
    scenario = Scenario.from_dict(CHAT, name="chat")
    result = run_scenario(scenario, GuardedCompressor(ReferenceCompressor()))
    record = result.passes[0].record
    assert record.shape == "artifact"
    assert normalize(record.artifact, record.request).artifact is record.artifact


def test_one_chat_message_returned_is_read_as_a_list_of_one() -> None:
    # ``return model.invoke(prompt)``: the AIMessage's text is the summary, not a malformed artifact.
    messages = pytest.importorskip("langchain_core.messages")

    result = run(lambda request: messages.AIMessage(content="The user is allergic to peanuts."))
    record = result.passes[0].record
    assert record.artifact is not None
    assert record.artifact.summary == "The user is allergic to peanuts."
    assert "artifact_malformed" not in codes(result)
    assert "system_message_dropped" in codes(result)  # one message: the system prompt is gone


def test_an_object_that_is_no_message_is_still_malformed() -> None:
    class Reply:
        content = "The user is allergic to peanuts."  # a content, but no role: not a message

    assert "artifact_malformed" in codes(run(lambda request: Reply()))
