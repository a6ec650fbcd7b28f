"""The memory shapes a new user's agent returns, read without glue (trial 2, F3 F4 F5 F8).

Each shape runs through a real pytest session against the installed framework (LangGraph's
``RemoveMessage``, LangChain's ``trim_messages``, LangMem's memory manager with a fake
tool-calling model): a faithful memory passes, a drifted one fails with its violation's name.
"""

from __future__ import annotations

import contextlib
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
