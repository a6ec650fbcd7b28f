"""Compressor shapes and blame a new user tripped on (trial 3, F13 F10 F14 F8 F15 F16).

Each behaviour runs through a real pytest session against the installed frameworks
(LangChain messages, LangGraph's ``add_messages`` and ``InMemoryStore``): a faithful memory
passes, a drifted one fails with its violation's name.
"""

from __future__ import annotations

import contextlib
import importlib
import textwrap
from typing import Any

import pytest
from _contract_session import contract_session

# Imported once, before any in-process pytest session snapshots sys.modules: some of these
# frameworks cannot be imported a second time in one process.
for _name in ("langchain_core.messages", "langgraph.graph.message", "langgraph.store.memory"):
    with contextlib.suppress(ImportError):
        importlib.import_module(_name)

ORDER = {
    "id": "u1",
    "role": "user",
    "text": "Hi, I'm Mira. My order 4471 arrived broken. I am on the Pro plan.",
    "facts": [
        {
            "id": "fact-order",
            "predicate": "order.id",
            "value": "4471",
            "prose": {"names": ["order"], "value": ["4471"]},
        },
        {
            "id": "fact-plan",
            "predicate": "account.plan",
            "value": "Pro",
            "prose": {"names": ["plan"], "value": ["Pro"]},
        },
    ],
}
CONTACT = {
    "id": "u2",
    "role": "user",
    "text": "Please only contact me by email, never by phone.",
    "facts": [
        {
            "id": "fact-phone",
            "predicate": "contact.phone_allowed",
            "value": False,
            "prose": {"names": ["phone"], "polarity": "negative"},
        }
    ],
}
TWO_PASSES: dict[str, Any] = {
    "tenant": "acme",
    "subject": "mira",
    "events": [
        {"id": "sys", "role": "system", "trust": "system", "text": "You are a support agent for Acme."},
        ORDER,
        {"id": "a1", "role": "assistant", "text": "Sorry to hear that, I will look into it."},
        CONTACT,
        {"id": "a2", "role": "assistant", "text": "Understood, email only."},
    ],
    "steps": [{"add": ["sys", "u1", "a1"]}, "compress", {"add": ["u2", "a2"]}, "compress"],
}


def session(pytester: pytest.Pytester, spec: dict[str, Any], module: str, reference: str) -> pytest.RunResult:
    import yaml

    pytester.makefile(".compaction.yaml", trial=yaml.safe_dump(spec, sort_keys=False))
    pytester.makepyfile(agent_memory=textwrap.dedent(module))
    pytester.syspathinsert()
    return pytester.runpytest(
        "--compaction-contract", f"--compaction-compressor={reference}", "-p", "no:cacheprovider"
    )


# -- F13: a pass that drops the prior summary lost it at compression ----------------------

TEXT_SUMMARIZERS = """
def keeps_prior(text, previous_summary):
    return f"{previous_summary}\\n{text}" if previous_summary else text

def drops_prior(text, previous_summary):
    return text

def request_text(request):
    return request.text
"""


def test_a_text_summarizer_that_keeps_the_prior_summary_passes(pytester: pytest.Pytester) -> None:
    session(pytester, TWO_PASSES, TEXT_SUMMARIZERS, "agent_memory:keeps_prior").assert_outcomes(passed=1)


@pytest.mark.parametrize("reference", ["agent_memory:drops_prior", "agent_memory:request_text"])
def test_dropping_the_prior_summary_is_blamed_on_compression(
    pytester: pytest.Pytester, reference: str
) -> None:
    result = session(pytester, TWO_PASSES, TEXT_SUMMARIZERS, reference)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*fact-order:missing*pass 2, depth 2, compression;*dropped by compression: it was in the prior "
            "memory the compressor was given (from u1)*"
        ]
    )
    result.stdout.no_fnmatch_line("*never reached the compressor*")


STORE_SPEC = """
tenant: t-cook
subject: noor
events:
  - id: e1
    text: "Noor lives in Ghent."
    facts:
      - {id: fact-city, predicate: profile.city, value: Ghent, prose: {names: [lives, city], value: [Ghent]}}
  - id: e2
    text: "Noor is allergic to peanuts."
    facts:
      - id: fact-peanut
        predicate: profile.allergy
        value: peanuts
        prose: {names: [allergic, allergy], value: [peanuts]}
steps:
  - add: [e1, e2]
  - compress
"""

STORE_MEMORY = """
from langgraph.store.memory import InMemoryStore


def _store(texts):
    store = InMemoryStore()
    for index, value in enumerate(texts):
        store.put(("memories", "noor"), f"m{index}", value)
    return store


def searched(request):
    return _store([{"text": e.text} for e in request.events]).search(("memories", "noor"))


def profile_items(request):
    store = _store([{"city": "Ghent"}, {"allergy": "peanuts"}])
    return [store.get(("memories", "noor"), "m0"), store.get(("memories", "noor"), "m1")]


def wrong_city(request):
    return _store([{"text": "Noor lives in Leuven."}, {"text": "Noor is allergic to peanuts."}]).search(
        ("memories", "noor")
    )
"""


@pytest.mark.parametrize("compressor", ["searched", "profile_items"])
def test_langgraph_store_items_are_memory_records(pytester: pytest.Pytester, compressor: str) -> None:
    pytest.importorskip("langgraph.store.memory")
    result = contract_session(pytester, STORE_SPEC, "noor_store", STORE_MEMORY, f"noor_store:{compressor}")
    result.assert_outcomes(passed=1)


def test_a_store_item_with_another_value_is_caught(pytester: pytest.Pytester) -> None:
    pytest.importorskip("langgraph.store.memory")
    result = contract_session(pytester, STORE_SPEC, "noor_store", STORE_MEMORY, "noor_store:wrong_city")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-city:value_changed*"])
    assert "artifact_malformed" not in result.stdout.str()


MISREAD = """
def last_three(messages):
    return messages[-3:]


def broken(request):
    return len(request.text) + "characters"
"""


def test_a_function_that_takes_the_request_for_messages_is_told_how_to_read_it(
    pytester: pytest.Pytester,
) -> None:
    result = contract_session(pytester, STORE_SPEC, "misread", MISREAD, "misread:last_three")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*compressor_error*not subscriptable*request.openai_messages()*"])


def test_another_type_error_gets_no_such_hint(pytester: pytest.Pytester) -> None:
    result = contract_session(pytester, STORE_SPEC, "misread", MISREAD, "misread:broken")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*compressor_error*TypeError*"])
    assert "request.openai_messages()" not in result.stdout.str()
