"""The adapters against the real installed frameworks, each with its own fake model.

No network and no keys: LangChain's ``FakeListChatModel``, LlamaIndex's ``MockLLM``. Each
framework is tested through a real pytest session configured with one line (the
compressor reference), faithful and drifting.
"""

from __future__ import annotations

import contextlib
import importlib
import textwrap
from typing import Any

import pytest

from pytest_compaction.compressors.base import as_compressor, resolve_compressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.engine.runner import ScenarioRun, run_scenario

# Imported once, before any in-process pytest session snapshots sys.modules: some of these
# frameworks cannot be imported a second time in one process.
for _name in (
    "langchain_core.messages",
    "langchain.agents.middleware",
    "langmem.short_term",
    "llama_index.core",
):
    with contextlib.suppress(ImportError):
        importlib.import_module(_name)

SPEC: dict[str, Any] = {
    "tenant": "acme",
    "subject": "ana",
    "events": [
        {
            "id": "e1",
            "text": "I am allergic to peanuts, so never put peanuts in my meals.",
            "facts": [{"id": "fact-allergy", "predicate": "food.peanuts_allowed", "value": False}],
        },
        {"id": "e2", "role": "assistant", "text": "Noted. What else should I know about your meals?"},
        {"id": "e3", "text": "What a lovely day it is today, the sun is out and the birds are singing."},
        {"id": "e4", "role": "assistant", "text": "It does sound lovely. Shall I plan the week now?"},
        {
            "id": "e5",
            "text": "Yes please. My weekly grocery budget is 50.",
            "facts": [{"id": "fact-budget", "predicate": "groceries.weekly_budget", "value": 50}],
        },
    ],
    "steps": [{"add": ["e1", "e2", "e3", "e4", "e5"]}, "compress"],
}


def run(compressor: object) -> ScenarioRun:
    return run_scenario(
        Scenario.from_dict(SPEC, name="meals"), GuardedCompressor(as_compressor(compressor), timeout=60)
    )


def names(result: ScenarioRun) -> list[str]:
    return [v.name for v in result.violations]


def session(pytester: pytest.Pytester, module: str, reference: str) -> pytest.RunResult:
    import yaml

    pytester.makefile(".compaction.yaml", meals=yaml.safe_dump(SPEC))
    pytester.makepyfile(agent_memory=textwrap.dedent(module))
    pytester.makeini(f"[pytest]\ncompaction_compressor = {reference}\n")
    pytester.syspathinsert()
    return pytester.runpytest("--compaction-contract", "-p", "no:cacheprovider")


# -- LangChain trim_messages: a selection --------------------------------------------------


def test_trim_messages_with_room_for_everything_passes(pytester: pytest.Pytester) -> None:
    pytest.importorskip("langchain_core")
    result = session(pytester, "", 'langchain_core.messages:trim_messages(max_tokens=500, strategy="last")')
    result.assert_outcomes(passed=1)


def test_trim_messages_that_cuts_the_allergy_is_blamed_on_selection(pytester: pytest.Pytester) -> None:
    pytest.importorskip("langchain_core")
    result = session(pytester, "", 'langchain_core.messages:trim_messages(max_tokens=40, strategy="last")')
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-allergy:missing*dropped by selection: the compressor was given e1*"])
    result.stdout.no_fnmatch_line("*fact-budget:missing*")


def test_trim_messages_reads_the_token_budget_from_the_spec() -> None:
    pytest.importorskip("langchain_core")
    compressor = resolve_compressor('langchain_core.messages:trim_messages(strategy="last")')
    spec = {**SPEC, "budget_tokens": 40}
    result = run_scenario(Scenario.from_dict(spec, name="meals"), GuardedCompressor(compressor, timeout=60))
    assert names(result) == ["fact-allergy:missing"]


def test_trim_messages_start_on_human_keeps_whole_turns() -> None:
    pytest.importorskip("langchain_core")
    compressor = resolve_compressor(
        'langchain_core.messages:trim_messages(max_tokens=60, strategy="last", start_on="human")'
    )
    record = run_scenario(
        Scenario.from_dict(SPEC, name="meals"), GuardedCompressor(compressor, timeout=60)
    ).passes[0]
    first = record.record.kept[0]
    assert Scenario.from_dict(SPEC, name="meals").event(first).role == "user"


# -- LangChain SummarizationMiddleware: a compression ---------------------------------------

MIDDLEWARE = """
from langchain.agents.middleware import SummarizationMiddleware
from langchain_core.language_models.fake_chat_models import FakeListChatModel

summarization = SummarizationMiddleware(
    model=FakeListChatModel(responses=[{summary!r}]), trigger=("messages", {trigger}), keep=("messages", 2)
)
"""


def test_summarization_middleware_below_its_trigger_keeps_everything(pytester: pytest.Pytester) -> None:
    pytest.importorskip("langchain")
    module = MIDDLEWARE.format(summary="unused", trigger=50)
    session(pytester, module, "agent_memory:summarization").assert_outcomes(passed=1)


def test_summarization_middleware_whose_summary_forgets_is_blamed_on_compression(
    pytester: pytest.Pytester,
) -> None:
    pytest.importorskip("langchain")
    module = MIDDLEWARE.format(summary="The user talked about the weather.", trigger=3)
    result = session(pytester, module, "agent_memory:summarization")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ["*fact-allergy:missing*dropped by compression: the compressor was given e1*"]
    )


def test_summarization_middleware_returning_an_error_as_the_summary_is_named() -> None:
    pytest.importorskip("langchain")
    from langchain.agents.middleware import SummarizationMiddleware
    from langchain_core.language_models.fake_chat_models import FakeListChatModel

    failing = FakeListChatModel(responses=["Error: context_length_exceeded"])
    middleware = SummarizationMiddleware(model=failing, trigger=("messages", 3), keep=("messages", 2))
    result = run(middleware)
    assert "summary_is_error" in names(result)
    record = result.passes[0].record
    assert record.kept == ("e4", "e5")


# An agent's system prompt and facts with prose forms: what a user of a summarizing memory
# writes. The middleware keeps the last two turns (e4, e5: the budget) and summarizes the rest.
PROSE = {
    "e1": {"names": ["peanuts", "peanut"], "value": ["allergic", "allergy"]},
    "e5": {"names": ["grocery budget", "budget"], "value": ["50"]},
}
PROMPTED: dict[str, Any] = {
    **SPEC,
    "events": [
        {"id": "sys", "role": "system", "text": "You plan meals for one household."},
        *(
            {**event, "facts": [{**event["facts"][0], "prose": PROSE[event["id"]]}]}
            if "facts" in event
            else event
            for event in SPEC["events"]
        ),
    ],
    "steps": [{"add": ["sys", "e1", "e2", "e3", "e4", "e5"]}, "compress"],
}


def run_prompted(compressor: object) -> ScenarioRun:
    spec = Scenario.from_dict(PROMPTED, name="meals")
    return run_scenario(spec, GuardedCompressor(as_compressor(compressor), timeout=60))


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("The user is allergic to peanuts and wants none in any meal.", []),
        ("Ana has a peanut allergy, so her meals are planned without them.", []),
        ("The user talked about the weather.", ["fact-allergy:missing"]),
        ("The user is no longer allergic to peanuts.", ["fact-allergy:value_changed"]),
    ],
)
def test_summarization_middleware_keeps_the_system_prompt_and_is_judged_on_both_parts(
    summary: str, expected: list[str]
) -> None:
    # The system prompt is the agent's, not the middleware's (create_agent(system_prompt=...)),
    # and the budget is stated only by the kept turn e5 while the allergy is only in the summary.
    pytest.importorskip("langchain")
    from langchain.agents.middleware import SummarizationMiddleware
    from langchain_core.language_models.fake_chat_models import FakeListChatModel

    middleware = SummarizationMiddleware(
        model=FakeListChatModel(responses=[summary]), trigger=("messages", 3), keep=("messages", 2)
    )
    result = run_prompted(middleware)
    assert names(result) == expected
    record = result.passes[0].record
    assert record.kept == ("sys", "e4", "e5")


def test_llamaindex_chat_summary_keeps_the_system_prompt_and_is_judged_on_both_parts() -> None:
    pytest.importorskip("llama_index.core")
    from llama_index.core.base.llms.types import ChatMessage, ChatResponse, CompletionResponse, LLMMetadata
    from llama_index.core.llms import CustomLLM
    from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback
    from llama_index.core.memory import ChatSummaryMemoryBuffer

    class Fixed(CustomLLM):
        reply: str = ""

        @property
        def metadata(self) -> LLMMetadata:
            return LLMMetadata()

        @llm_completion_callback()
        def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
            return CompletionResponse(text=self.reply)

        @llm_completion_callback()
        def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> Any:
            yield CompletionResponse(text=self.reply, delta=self.reply)

        @llm_chat_callback()
        def chat(self, messages: Any, **kwargs: Any) -> ChatResponse:
            return ChatResponse(message=ChatMessage(role="assistant", content=self.reply))

    def memory(reply: str) -> Any:
        return ChatSummaryMemoryBuffer.from_defaults(llm=Fixed(reply=reply), token_limit=40)

    faithful = run_prompted(memory("The user is allergic to peanuts and wants none in any meal."))
    assert names(faithful) == []
    assert "sys" in faithful.passes[0].record.kept
    forgetful = run_prompted(memory("The user talked about the weather."))
    assert names(forgetful) == ["fact-allergy:missing"]


# -- LangMem summarize_messages --------------------------------------------------------------

LANGMEM = """
import functools
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langmem.short_term import summarize_messages

model = FakeListChatModel(responses=[{summary!r}])
summarize = functools.partial(summarize_messages, model=model, max_tokens={max_tokens}, max_summary_tokens=64)
"""


def test_langmem_under_its_limit_keeps_everything(pytester: pytest.Pytester) -> None:
    pytest.importorskip("langmem")
    module = LANGMEM.format(summary="unused", max_tokens=1000)
    session(pytester, module, "agent_memory:summarize").assert_outcomes(passed=1)


def test_langmem_running_summary_declares_what_it_summarized() -> None:
    pytest.importorskip("langmem")
    import functools

    from langchain_core.language_models.fake_chat_models import FakeListChatModel
    from langmem.short_term import summarize_messages

    model = FakeListChatModel(responses=["The user chatted about the weather."])
    summarize = functools.partial(summarize_messages, model=model, max_tokens=60, max_summary_tokens=32)
    result = run(summarize)
    record = result.passes[0].record
    assert record.shape == "summarization_result"
    assert record.artifact is not None
    assert "The user chatted about the weather." in (record.artifact.summary or "")
    assert "e1" in record.artifact.input_event_ids
    assert "fact-allergy:missing" in names(result)
    missing = next(v for v in result.violations if v.name == "fact-allergy:missing")
    assert "dropped by compression" in missing.detail


# -- LlamaIndex chat-summary memory ------------------------------------------------------------

LLAMA = """
from llama_index.core.llms import MockLLM
from llama_index.core.memory import ChatSummaryMemoryBuffer

memory = ChatSummaryMemoryBuffer.from_defaults(llm=MockLLM(max_tokens=8), token_limit={limit})
"""


def test_llamaindex_chat_summary_with_room_keeps_everything(pytester: pytest.Pytester) -> None:
    pytest.importorskip("llama_index.core")
    session(pytester, LLAMA.format(limit=5000), "agent_memory:memory").assert_outcomes(passed=1)


def test_llamaindex_chat_summary_over_its_limit_summarizes_the_oldest(pytester: pytest.Pytester) -> None:
    pytest.importorskip("llama_index.core")
    result = session(pytester, LLAMA.format(limit=30), "agent_memory:memory")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-allergy:missing*dropped by compression*"])


# -- mem0 (its record shape) and a plain text summarizer ---------------------------------------

MEM0 = """
class Memory:  # mem0's Memory API (add / get_all), without its vector store
    __module__ = "mem0.memory.main"

    def __init__(self):
        self.rows = {}

    def add(self, messages, user_id):
        results = []
        for number, message in enumerate(messages):
            if {keep}(message):
                self.rows.setdefault(user_id, []).append(message["content"])
                results.append({"id": str(number), "memory": message["content"], "event": "ADD"})
        return {"results": results}

    def get_all(self, user_id):
        return {"results": [{"id": str(i), "memory": m} for i, m in enumerate(self.rows.get(user_id, []))]}

memory = Memory()
"""


def test_mem0_records_are_checked_as_its_memory_text(pytester: pytest.Pytester) -> None:
    module = MEM0.replace("{keep}", "lambda message: message['role'] == 'user'")
    result = session(pytester, module, "agent_memory:memory")
    result.assert_outcomes(failed=1)  # text only: the structured facts are for the prose checks
    result.stdout.fnmatch_lines(["*fact-allergy:missing*dropped by compression*"])


def test_a_plain_text_summarizer_needs_no_glue(pytester: pytest.Pytester) -> None:
    module = """
    def summarize(text, previous_summary):
        return "Error: the summarizer model is unavailable"
    """
    result = session(pytester, module, "agent_memory:summarize")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*summary_is_error*"])


def test_a_text_summarizer_receives_the_transcript_and_the_previous_summary() -> None:
    seen: list[tuple[str, str | None]] = []

    def summarize(text: str, previous_summary: str | None) -> str:
        seen.append((text, previous_summary))
        return f"{previous_summary or ''} | {text}"

    spec = {**SPEC, "steps": [{"add": ["e1"]}, "compress", {"add": ["e5"]}, "compress"]}
    run_scenario(Scenario.from_dict(spec, name="meals"), GuardedCompressor(as_compressor(summarize)))
    assert seen[0] == (SPEC["events"][0]["text"], None)
    assert seen[1][0] == SPEC["events"][4]["text"]
    assert seen[1][1] is not None
    assert SPEC["events"][0]["text"] in seen[1][1]
