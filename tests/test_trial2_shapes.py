"""The memory shapes a new user's agent returns, read without glue (trial 2, F3 F4 F5 F8).

Each shape runs through a real pytest session against the installed framework (LangGraph's
``RemoveMessage``, LangChain's ``trim_messages``, LangMem's memory manager with a fake
tool-calling model): a faithful memory passes, a drifted one fails with its violation's name.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import textwrap
from typing import Any

import pytest

# Imported once, before any in-process pytest session snapshots sys.modules: some of these
# frameworks cannot be imported a second time in one process.
for _name in ("langchain_core.messages", "langgraph.graph.message", "langmem", "llama_index.core"):
    with contextlib.suppress(ImportError):
        importlib.import_module(_name)

EVENTS: list[dict[str, Any]] = [
    {"id": "sys", "role": "system", "trust": "system", "text": "You plan meals for Ana."},
    {
        "id": "e1",
        "text": "I am allergic to peanuts, and it is severe.",
        "facts": [
            {
                "id": "fact-allergy",
                "predicate": "food.peanuts_allowed",
                "value": False,
                "prose": {"names": ["peanuts", "peanut"], "value": ["allergic", "allergy"]},
            }
        ],
    },
    {
        "id": "e2",
        "text": "My food budget is 40 euros a week.",
        "facts": [
            {
                "id": "fact-budget",
                "predicate": "food.budget_eur_week",
                "value": 40,
                "prose": {"names": ["budget"], "value": ["40 euros"]},
            }
        ],
    },
    {"id": "e3", "text": "Lovely weather today."},
]
ONE_PASS: dict[str, Any] = {
    "tenant": "t-diner",
    "subject": "ana",
    "events": EVENTS,
    "steps": [{"add": ["sys", "e1", "e2", "e3"]}, "compress"],
}


def session(pytester: pytest.Pytester, spec: dict[str, Any], module: str, reference: str) -> pytest.RunResult:
    import yaml

    pytester.makefile(".compaction.yaml", diner=yaml.safe_dump(spec))
    pytester.makepyfile(agent_memory=textwrap.dedent(module))
    pytester.syspathinsert()
    return pytester.runpytest(
        "--compaction-contract", f"--compaction-compressor={reference}", "-p", "no:cacheprovider"
    )


# -- F3: a LangGraph state update that removes some messages ------------------------------

REMOVALS = """
from langchain_core.messages import HumanMessage, RemoveMessage

def removing(request, word):
    return {"messages": [RemoveMessage(id=m.id) for m in request.langchain_messages() if word in m.content]}

def drop_smalltalk(request):
    return removing(request, "weather")

def drop_allergy(request):
    return removing(request, "peanuts")

def rewrite_budget(request):  # a message with an id the state holds replaces that message
    new = HumanMessage(content="My food budget is 50 euros a week.", id="e2")
    return {"messages": [RemoveMessage(id="e3"), new]}

def remove_unknown(request):
    return {"messages": [RemoveMessage(id="e9")]}
"""


def test_a_removal_update_keeps_every_other_message(pytester: pytest.Pytester) -> None:
    pytest.importorskip("langchain_core")
    session(pytester, ONE_PASS, REMOVALS, "agent_memory:drop_smalltalk").assert_outcomes(passed=1)


def test_a_removal_update_that_removes_the_allergy_turn_loses_it_at_selection(
    pytester: pytest.Pytester,
) -> None:
    pytest.importorskip("langchain_core")
    result = session(pytester, ONE_PASS, REMOVALS, "agent_memory:drop_allergy")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-allergy:missing*dropped by selection: the compressor was given e1*"])
    result.stdout.no_fnmatch_line("*fact-budget:missing*")
    result.stdout.no_fnmatch_line("*system_message_dropped*")


def test_an_update_with_an_existing_id_replaces_that_message(pytester: pytest.Pytester) -> None:
    pytest.importorskip("langchain_core")
    result = session(pytester, ONE_PASS, REMOVALS, "agent_memory:rewrite_budget")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-budget:value_changed*"])
    result.stdout.no_fnmatch_line("*fact-allergy*")


def test_removing_an_id_that_was_not_given_is_malformed(pytester: pytest.Pytester) -> None:
    pytest.importorskip("langchain_core")
    result = session(pytester, ONE_PASS, REMOVALS, "agent_memory:remove_unknown")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*artifact_malformed*agent_memory:remove_unknown returned a LangGraph state update that "
            "removes message id 'e9', which is not among the messages it was given "
            "(sys, e1, e2, e3); remove only ids of the input messages"
        ]
    )


def test_the_state_is_what_langgraphs_reducer_leaves() -> None:
    pytest.importorskip("langgraph")
    from langchain_core.messages import AIMessage, HumanMessage, RemoveMessage
    from langgraph.graph.message import REMOVE_ALL_MESSAGES, add_messages

    from pytest_compaction.compressors.request import CompressionRequest
    from pytest_compaction.compressors.shapes import normalize
    from pytest_compaction.core.scenario import Scenario

    scenario = Scenario.from_dict(ONE_PASS, name="diner")
    request = CompressionRequest(tenant_id="t-diner", subject_id="ana", events=scenario.events)
    updates = [
        [RemoveMessage(id="e3")],
        [RemoveMessage(id="e1"), HumanMessage(content="I am allergic to peanuts.", id="e1")],
        [AIMessage(content="Noted: no peanuts.", id="a1"), RemoveMessage(id="e3"), RemoveMessage(id="a1")],
        [AIMessage(content="Summary.", id="s1"), RemoveMessage(id=REMOVE_ALL_MESSAGES), HumanMessage("Hi.")],
    ]
    for update in updates:
        expected = add_messages(request.langchain_messages(), update)
        read = normalize({"messages": update}, request).messages
        assert read is not None
        assert [(m.message_id, m.content) for m in read] == [(m.id, m.content) for m in expected]


# -- F5: a profile dict -----------------------------------------------------------------

PROFILES = """
def faithful(request):
    return {"name": "Ana", "food": {"allergy": "peanuts (severe)", "budget": "40 euros a week"}}

def flags(request):
    return {"allergic_to_peanuts": True, "severe": True, "budget": "40 euros a week", "pets": None}

def changed_budget(request):
    return {"allergy": "peanuts, severe", "budget": "45 euros a week"}

def dropped_allergy(request):
    return {"budget": "40 euros a week", "likes": ["soup", "rice"]}

def too_deep(request):
    return {"ana": {"food": {"allergy": "peanuts"}}}
"""


@pytest.mark.parametrize("compressor", ["faithful", "flags"])
def test_a_faithful_profile_dict_passes(pytester: pytest.Pytester, compressor: str) -> None:
    result = session(pytester, ONE_PASS, PROFILES, f"agent_memory:{compressor}")
    result.assert_outcomes(passed=1)


@pytest.mark.parametrize(
    ("compressor", "violation"),
    [("changed_budget", "fact-budget:value_changed"), ("dropped_allergy", "fact-allergy:missing")],
)
def test_a_drifted_profile_dict_fails_by_name(
    pytester: pytest.Pytester, compressor: str, violation: str
) -> None:
    result = session(pytester, ONE_PASS, PROFILES, f"agent_memory:{compressor}")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([f"*{violation}*"])
    assert "artifact_malformed" not in result.stdout.str()


def test_a_dict_nested_deeper_than_one_level_is_refused_with_the_shapes_it_may_take(
    pytester: pytest.Pytester,
) -> None:
    result = session(pytester, ONE_PASS, PROFILES, "agent_memory:too_deep")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*artifact_malformed*nested at most one level*"])


# -- F4: a deletion in message terms ------------------------------------------------------

FORGET: dict[str, Any] = {
    "tenant": "t-diner",
    "subject": "ana",
    "events": [
        EVENTS[0],
        EVENTS[1],
        {
            "id": "e2",
            "text": "My home address is 7 Sample Court.",
            "facts": [
                {
                    "id": "fact-address",
                    "predicate": "contact.address",
                    "value": "7 Sample Court",
                    "prose": {"names": ["address"], "value": ["7 Sample Court"]},
                }
            ],
        },
        {**EVENTS[2], "id": "e3"},
        {"id": "e4", "text": "Please forget my address."},
        {"id": "e5", "text": "What should I cook tonight?"},
        {"id": "e6", "text": "Something quick, please."},
    ],
    "steps": [
        {"add": ["sys", "e1", "e2", "e3"]},
        "compress",
        {"add": ["e4"]},
        {"delete": "fact-address", "event": "e4"},
        {"add": ["e5"]},
        "compress",
        {"add": ["e6"]},
        "compress",
    ],
}

SELECTIONS = """
import json
from pytest_compaction.compressors.messages import PRIOR_SUMMARY_ID

def keep_everything(request):
    return request.openai_messages()

def recording(request):  # keeps everything, and writes down the ids it was given
    messages = request.openai_messages()
    with open("seen.jsonl", "a") as seen:
        seen.write(json.dumps([m["id"] for m in messages]) + "\\n")
    return messages

KEPT = {}

def re_sending(request):  # drift: re-sends what it kept before, the deleted turn included
    for message in request.openai_messages():
        KEPT[message["id"]] = message
    return list(KEPT.values())

def dropping_the_allergy(request):  # drift: after the deletion, drops the prior allergy turn
    return [m for m in request.openai_messages() if not (request.prior and m["id"] == "e1")]

def rewriting_the_budget(request):  # drift: the prior budget turn comes back with another value
    out = request.openai_messages()
    for message in out:
        if request.prior and message["id"] == "e3":
            message["content"] = "My food budget is 50 euros a week."
    return out

def prose(request):  # a prose memory: its prior stays one summary message
    messages = request.openai_messages()
    with open("seen.jsonl", "a") as seen:
        seen.write(json.dumps([m["id"] for m in messages]) + "\\n")
    memory = "Ana is allergic to peanuts (severe). Her food budget is 40 euros a week."
    return memory if request.deleted_fact_ids else memory + " Her home address is 7 Sample Court."
"""

LANGGRAPH_STATE = """
from langchain_core.messages import RemoveMessage
from langgraph.graph.message import add_messages

STATE = {}

def _state(request, purge):
    key = (request.tenant_id, request.subject_id)
    if request.prior is None:
        STATE[key] = []
    update = list(request.langchain_messages())
    if purge:  # a store deletes by id
        held = {m.id for m in STATE[key]}
        update += [RemoveMessage(id=e) for e in request.deleted_event_ids if e in held]
    STATE[key] = add_messages(STATE[key], update)
    return list(STATE[key])

def purging(request):
    return _state(request, purge=True)

def not_purging(request):  # drift: the deleted turn stays in the agent's state
    return _state(request, purge=False)
"""


def seen_ids(pytester: pytest.Pytester) -> list[list[str]]:
    import json

    lines = (pytester.path / "seen.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_after_a_deletion_a_selection_prior_comes_back_as_its_messages_minus_the_deleted(
    pytester: pytest.Pytester,
) -> None:
    session(pytester, FORGET, SELECTIONS, "agent_memory:recording").assert_outcomes(passed=1)
    assert seen_ids(pytester) == [
        ["sys", "e1", "e2", "e3"],
        ["sys", "e1", "e3", "e4", "e5"],
        ["sys", "e1", "e3", "e4", "e5", "e6"],
    ]


def test_a_prose_prior_stays_one_prior_summary_message(pytester: pytest.Pytester) -> None:
    from pytest_compaction.compressors.messages import PRIOR_SUMMARY_ID

    session(pytester, FORGET, SELECTIONS, "agent_memory:prose").assert_outcomes(passed=1)
    assert seen_ids(pytester) == [
        ["sys", "e1", "e2", "e3"],
        [PRIOR_SUMMARY_ID, "e4", "e5"],
        [PRIOR_SUMMARY_ID, "e6"],
    ]


@pytest.mark.parametrize(
    "reference",
    [
        "agent_memory:keep_everything",
        'langchain_core.messages:trim_messages(max_tokens=100000, strategy="last", include_system=True)',
    ],
)
def test_a_selection_that_keeps_everything_honours_a_deletion(
    pytester: pytest.Pytester, reference: str
) -> None:
    if "trim_messages" in reference:
        pytest.importorskip("langchain_core")
    session(pytester, FORGET, SELECTIONS, reference).assert_outcomes(passed=1)


def test_a_langgraph_state_that_removes_the_deleted_ids_passes(pytester: pytest.Pytester) -> None:
    pytest.importorskip("langgraph")
    session(pytester, FORGET, LANGGRAPH_STATE, "agent_memory:purging").assert_outcomes(passed=1)


@pytest.mark.parametrize("compressor", ["re_sending", "not_purging"])
def test_a_selection_that_keeps_the_deleted_turn_fails_by_name(
    pytester: pytest.Pytester, compressor: str
) -> None:
    module = LANGGRAPH_STATE if compressor == "not_purging" else SELECTIONS
    if compressor == "not_purging":
        pytest.importorskip("langgraph")
    result = session(pytester, FORGET, module, f"agent_memory:{compressor}")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ["*fact-address:forbidden_deleted_fact*pass 2*holds a word of a deleted fact*"]
    )


def test_dropping_a_prior_message_loses_its_fact_at_selection(pytester: pytest.Pytester) -> None:
    result = session(pytester, FORGET, SELECTIONS, "agent_memory:dropping_the_allergy")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*fact-allergy:missing*pass 2*dropped by selection: it was in the prior memory as "
            "message(s) e1, which the compressor did not keep*"
        ]
    )
    result.stdout.no_fnmatch_line("*fact-budget*")


def test_a_prior_message_with_a_changed_value_fails_by_name(pytester: pytest.Pytester) -> None:
    result = session(pytester, FORGET, SELECTIONS, "agent_memory:rewriting_the_budget")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-budget:value_changed*50 euros*"])


@pytest.mark.parametrize(
    "reference",
    [
        "agent_memory:keep_everything",
        'langchain_core.messages:trim_messages(max_tokens=100000, strategy="last", include_system=True)',
    ],
)
def test_the_library_deletion_specs_pass_against_a_keep_everything_selection(
    pytester: pytest.Pytester, reference: str
) -> None:
    from pytest_compaction.specs.library import library_path

    if "trim_messages" in reference:
        pytest.importorskip("langchain_core")
    pytester.makepyfile(agent_memory=textwrap.dedent(SELECTIONS))
    pytester.syspathinsert()
    folder = library_path() / "05-deletion-resurrection"
    result = pytester.runpytest(
        "--compaction-contract", str(folder), f"--compaction-compressor={reference}", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=len(list(folder.glob("*.compaction.yaml"))))


def test_a_selection_survives_the_stored_form_and_stays_outside_the_contract() -> None:
    from pytest_compaction.core.model import Artifact, SourceEvent

    kept = SourceEvent(event_id="e1", tenant_id="t", subject_id="s", text="Hi.", role="system", order=3)
    plain = Artifact(memory_version=1, tenant_id="t", subject_id="s", summary="[e1] Hi.")
    artifact = dataclasses.replace(plain, selection=(kept,))
    assert Artifact.from_dict(artifact.to_dict()).selection == (kept,)
    assert artifact == plain
    assert "selection" not in Artifact(memory_version=1, tenant_id="t", subject_id="s").to_dict()


# -- F8: a LangMem memory manager, its ExtractedMemory records, other Runnables -------------

MANAGERS = """
from langchain_core.language_models.fake_chat_models import FakeListChatModel, GenericFakeChatModel
from langchain_core.messages import AIMessage
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langchain_core.runnables import RunnableLambda
from langmem import create_memory_manager
from pydantic import BaseModel

ALLERGY = "Ana is allergic to peanuts; the allergy is severe."
BUDGET = "Ana's food budget is 40 euros a week."


class ToolCalling(GenericFakeChatModel):  # answers with the memories to store, offline
    def bind_tools(self, tools, **kwargs):
        return self


def _manager(*memories, tool="Memory", schemas=None):
    calls = [
        {"name": tool, "args": a if type(a) is dict else {"content": a}, "id": str(n), "type": "tool_call"}
        for n, a in enumerate(memories)
    ]
    model = ToolCalling(messages=iter([AIMessage(content="", tool_calls=calls)] * 10))
    return create_memory_manager(model, **({"schemas": schemas} if schemas else {}))


faithful = _manager(ALLERGY, BUDGET)
changed_budget = _manager(ALLERGY, "Ana's food budget is 45 euros a week.")
dropped_allergy = _manager(BUDGET)


class Diet(BaseModel):
    allergy: str
    budget: str


profile = _manager({"allergy": "peanuts (severe)", "budget": "40 euros a week"}, tool="Diet", schemas=[Diet])
profile_changed = _manager(
    {"allergy": "peanuts (severe)", "budget": "50 euros a week"}, tool="Diet", schemas=[Diet]
)


def records(request):  # what the manager returns, returned as it is
    return _manager(ALLERGY, BUDGET).invoke({"messages": request.langchain_messages()})


def one_record(request):
    return _manager(BUDGET).invoke({"messages": request.langchain_messages()})[0]


def _chain(reply):
    prompt = ChatPromptTemplate.from_messages([("system", "Summarize."), MessagesPlaceholder("messages")])
    return prompt | FakeListChatModel(responses=[reply] * 10)


chain = _chain("You plan meals for Ana. " + ALLERGY + " " + BUDGET)
chain_changed = _chain("You plan meals for Ana. " + ALLERGY + " Ana's food budget is 400 euros a week.")
lambda_runnable = RunnableLambda(lambda messages: "Ana is allergic to peanuts.")
"""


@pytest.mark.parametrize("compressor", ["faithful", "records", "profile", "chain"])
def test_a_langmem_manager_and_its_records_pass_without_glue(
    pytester: pytest.Pytester, compressor: str
) -> None:
    pytest.importorskip("langmem")
    result = session(pytester, ONE_PASS, MANAGERS, f"agent_memory:{compressor}")
    result.assert_outcomes(passed=1)


@pytest.mark.parametrize(
    ("compressor", "violation"),
    [
        ("changed_budget", "fact-budget:value_changed*45 euros*"),
        ("dropped_allergy", "fact-allergy:missing*"),
        ("one_record", "fact-allergy:missing*"),
        ("profile_changed", "fact-budget:value_changed*50 euros*"),
        ("chain_changed", "fact-budget:value_changed*400 euros*"),
    ],
)
def test_a_drifted_langmem_memory_fails_by_name(
    pytester: pytest.Pytester, compressor: str, violation: str
) -> None:
    pytest.importorskip("langmem")
    result = session(pytester, ONE_PASS, MANAGERS, f"agent_memory:{compressor}")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([f"*{violation}"])
    text = result.stdout.str()
    assert "compressor_error" not in text
    assert "artifact_malformed" not in text


def test_a_runnable_without_a_messages_input_is_refused_with_how_to_wrap_it(
    pytester: pytest.Pytester,
) -> None:
    pytest.importorskip("langmem")
    result = session(pytester, ONE_PASS, MANAGERS, "agent_memory:lambda_runnable")
    result.stdout.fnmatch_lines(
        [
            "*compressor 'agent_memory:lambda_runnable': a LangChain Runnable (RunnableLambda) whose input "
            "has no 'messages' key: wrap it, e.g. def compress(request): return "
            "runnable.invoke(request.langchain_messages())*"
        ]
    )
    assert result.ret != 0


def test_the_manager_is_handed_the_memories_it_returned_before() -> None:
    pytest.importorskip("langmem")
    from langmem.knowledge.extraction import ExtractedMemory

    from pytest_compaction.compressors.adapters.langmem import LangMemManager
    from pytest_compaction.compressors.request import CompressionRequest
    from pytest_compaction.core.scenario import Scenario

    payloads: list[dict[str, Any]] = []

    class Manager:
        def invoke(self, payload: dict[str, Any]) -> list[Any]:
            payloads.append(payload)
            return [*payload.get("existing", []), ExtractedMemory(id=f"m{len(payloads)}", content="noted")]

    events = Scenario.from_dict(ONE_PASS, name="diner").events
    first = CompressionRequest(tenant_id="t-diner", subject_id="ana", events=events[:2])
    adapter = LangMemManager(Manager())
    returned = adapter.compress(first)
    assert "existing" not in payloads[0]
    assert [m.id for m in payloads[0]["messages"]] == ["sys", "e1"]
    from pytest_compaction.core.model import Artifact

    prior = Artifact(memory_version=1, tenant_id="t-diner", subject_id="ana", summary="noted")
    adapter.compress(
        CompressionRequest(tenant_id="t-diner", subject_id="ana", events=events[2:], prior=prior)
    )
    assert payloads[1]["existing"] == returned
    assert [m.id for m in payloads[1]["messages"]] == ["e2", "e3"]


# -- F7: LlamaIndex Memory with memory blocks ----------------------------------------------

BLOCK_MEMORIES = """
from typing import Any

from llama_index.core.llms import CompletionResponse, CustomLLM, LLMMetadata
from llama_index.core.llms.callbacks import llm_completion_callback
from llama_index.core.memory import FactExtractionMemoryBlock, Memory, StaticMemoryBlock

ALLERGY = "The user is allergic to peanuts, and the allergy is severe."
BUDGET = "The user's food budget is 40 euros a week."
ADDRESS = "The user's home address is 7 Sample Court."


class FixedFacts(CustomLLM):  # extracts the same facts from any conversation, offline
    facts: list = []

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="fixed-facts")

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        facts = "".join(f"<fact>{f}</fact>" for f in self.facts)
        return CompletionResponse(text=f"<facts>{facts}</facts>")

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any):
        yield self.complete(prompt)


def memory_extracting(*facts):
    return Memory.from_defaults(
        session_id="diner",
        token_limit=200,
        chat_history_token_ratio=0.05,
        token_flush_size=10,
        memory_blocks=[
            StaticMemoryBlock(name="core_info", static_content="Ana uses the meal planner.", priority=0),
            FactExtractionMemoryBlock(name="extracted_info", llm=FixedFacts(facts=list(facts)), priority=1),
        ],
    )


faithful = memory_extracting(ALLERGY, BUDGET)
changed_budget = memory_extracting(ALLERGY, "The user's food budget is 45 euros a week.")
dropped_allergy = memory_extracting(BUDGET)
keeps_the_address = memory_extracting(ALLERGY, BUDGET, ADDRESS)
"""


def test_a_llamaindex_memory_with_blocks_passes_without_glue(pytester: pytest.Pytester) -> None:
    pytest.importorskip("llama_index.core")
    session(pytester, ONE_PASS, BLOCK_MEMORIES, "agent_memory:faithful").assert_outcomes(passed=1)


@pytest.mark.parametrize(
    ("spec", "compressor", "violation"),
    [
        (ONE_PASS, "changed_budget", "fact-budget:value_changed*45 euros*"),
        (ONE_PASS, "dropped_allergy", "fact-allergy:missing*"),
        (FORGET, "keeps_the_address", "fact-address:forbidden_deleted_fact*pass 2*"),
    ],
)
def test_a_drifted_llamaindex_memory_fails_by_name(
    pytester: pytest.Pytester, spec: dict[str, Any], compressor: str, violation: str
) -> None:
    pytest.importorskip("llama_index.core")
    result = session(pytester, spec, BLOCK_MEMORIES, f"agent_memory:{compressor}")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([f"*{violation}"])
    assert "not a compressor" not in result.stdout.str()


def test_a_llamaindex_memory_starts_afresh_without_a_prior_and_keeps_the_prompt() -> None:
    pytest.importorskip("llama_index.core")
    from llama_index.core.memory import FactExtractionMemoryBlock, Memory

    from pytest_compaction.compressors.base import as_compressor
    from pytest_compaction.compressors.request import CompressionRequest
    from pytest_compaction.core.model import Artifact
    from pytest_compaction.core.scenario import Scenario

    namespace: dict[str, Any] = {}
    exec(textwrap.dedent(BLOCK_MEMORIES), namespace)
    memory = namespace["faithful"]
    assert isinstance(memory, Memory)
    compressor = as_compressor(memory)
    sys, e1, e2, e3 = Scenario.from_dict(ONE_PASS, name="diner").events
    first = compressor.compress(CompressionRequest(tenant_id="t", subject_id="s", events=(sys, e1, e2)))
    assert first[0].content == "You plan meals for Ana."
    assert "peanuts" in str(first)
    prior = Artifact(memory_version=1, tenant_id="t", subject_id="s", summary="...")
    later = compressor.compress(CompressionRequest(tenant_id="t", subject_id="s", events=(e3,), prior=prior))
    assert later[0].content == "You plan meals for Ana."  # the prompt stays in front
    assert "peanuts" in str(later)
    afresh = compressor.compress(CompressionRequest(tenant_id="t", subject_id="s", events=(e3,)))
    assert "peanuts" not in str(afresh)
    block = next(b for b in memory.memory_blocks if isinstance(b, FactExtractionMemoryBlock))
    assert block.facts == []
