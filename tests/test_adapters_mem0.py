"""The mem0 adapter against a real ``mem0.Memory``, fully offline.

mem0's own ``langchain`` providers carry LangChain's fakes: ``FakeListChatModel`` scripted
with the JSON mem0's extraction prompt asks for (``{"memory": [{"text": ...}]}``, one reply
per ``add``: the adapter adds one event at a time), ``DeterministicFakeEmbedding`` as the
embedder, a local Qdrant collection and the history database in the session's directory.
Telemetry is off and every socket connection fails the test, so nothing reaches a network.
"""

from __future__ import annotations

import os
import socket
import tempfile
import textwrap
from typing import Any

import pytest

# Read by mem0 when it is imported: no telemetry (nor its notices fetched from GitHub), and
# its config directory somewhere disposable rather than ~/.mem0.
os.environ["MEM0_TELEMETRY"] = "False"
os.environ.setdefault("MEM0_DIR", tempfile.mkdtemp(prefix="mem0-dir-"))

# Imported once, before any in-process pytest session snapshots sys.modules.
mem0 = pytest.importorskip("mem0")
pytest.importorskip("langchain")  # mem0's langchain providers check against langchain's classes
pytest.importorskip("langchain_core.embeddings")
pytest.importorskip("langchain_core.language_models")

SPEC: dict[str, Any] = {
    "tenant": "acme",
    "subject": "ana",
    "events": [
        {
            "id": "e1",
            "text": "I am allergic to peanuts, so never put peanuts in my meals.",
            "facts": [
                {
                    "id": "fact-allergy",
                    "predicate": "food.allergy",
                    "value": "peanuts",
                    "prose": {"names": ["allergic"], "value": ["peanuts"]},
                }
            ],
        },
        {"id": "e2", "role": "assistant", "text": "Noted. What else should I know about your meals?"},
        {
            "id": "e3",
            "text": "My weekly grocery budget is 50 euros.",
            "facts": [
                {
                    "id": "fact-budget",
                    "predicate": "groceries.weekly_budget",
                    "value": "50 euros",
                    "prose": {"names": ["grocery budget"], "value": ["50 euros"]},
                }
            ],
        },
        {
            "id": "e4",
            "text": "My home address is 7 Sample Court.",
            "facts": [
                {
                    "id": "fact-address",
                    "predicate": "contact.home_address",
                    "value": "7 Sample Court",
                    "prose": {"names": ["home address"], "value": ["7 Sample Court"]},
                }
            ],
        },
        {"id": "e5", "text": "Please forget my address."},
    ],
    "steps": [
        {"add": ["e1", "e2", "e3"]},
        "compress",
        {"add": ["e4"]},
        "compress",
        {"add": ["e5"]},
        {"delete": "fact-address", "event": "e5"},
        "compress",
    ],
}

MODULE = """
import json

from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.language_models import FakeListChatModel
from mem0 import Memory

# One reply per add (one event each): what mem0's extraction prompt asks the model for.
replies = [json.dumps({{"memory": [{{"text": text}} for text in texts]}}) for texts in {replies!r}]
memory = Memory.from_config(
    {{
        "llm": {{"provider": "langchain", "config": {{"model": FakeListChatModel(responses=replies)}}}},
        "embedder": {{"provider": "langchain", "config": {{"model": DeterministicFakeEmbedding(size=16)}}}},
        "vector_store": {{
            "provider": "qdrant",
            "config": {{
                "path": "qdrant", "collection_name": "memories", "embedding_model_dims": 16, "on_disk": False
            }},
        }},
        "history_db_path": "history.db",
    }}
)
"""

# What a faithful model extracts from e1 .. e5 (nothing from the assistant nor the request).
FAITHFUL: list[list[str]] = [
    ["Allergic to peanuts"],
    [],
    ["Weekly grocery budget is 50 euros"],
    ["Home address is 7 Sample Court"],
    [],
]


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any connection attempt (telemetry, a model API, a notice fetch) raises."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"network access attempted: {args!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


def session(pytester: pytest.Pytester, replies: list[list[str]]) -> pytest.RunResult:
    import yaml

    pytester.makefile(".compaction.yaml", meals=yaml.safe_dump(SPEC))
    pytester.makepyfile(agent_memory=textwrap.dedent(MODULE.format(replies=replies)))
    pytester.makeini("[pytest]\ncompaction_compressor = agent_memory:memory\n")
    pytester.syspathinsert()
    return pytester.runpytest("--compaction-contract", "-p", "no:cacheprovider")


def test_a_faithful_mem0_memory_passes_and_purges_the_deleted_address(pytester: pytest.Pytester) -> None:
    result = session(pytester, FAITHFUL)
    result.assert_outcomes(passed=1)
    assert isinstance(mem0.Memory, type)


def test_a_changed_value_is_value_changed(pytester: pytest.Pytester) -> None:
    replies = [*FAITHFUL]
    replies[2] = ["Weekly grocery budget is 80 euros"]
    result = session(pytester, replies)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-budget:value_changed*"])
    result.stdout.no_fnmatch_line("*fact-allergy:*")


def test_a_dropped_fact_is_missing_and_blamed_on_compression(pytester: pytest.Pytester) -> None:
    replies = [*FAITHFUL]
    replies[0] = []
    result = session(pytester, replies)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-allergy:missing*dropped by compression*"])
    result.stdout.no_fnmatch_line("*fact-budget:*")


def test_a_deleted_fact_restated_from_another_event_is_kept_and_forbidden(pytester: pytest.Pytester) -> None:
    # The model extracts the address again from the request to forget it: the adapter deletes
    # only the records made from the deleted event (e4), so this one stays.
    replies = [*FAITHFUL]
    replies[4] = ["Home address is 7 Sample Court"]
    result = session(pytester, replies)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-address:forbidden_deleted_fact*"])
