"""What the fuzz speed-ups rest on: the shortcuts give what the long way gives.

Speed itself is measured in ``benchmarks/bench_fuzz.py``, not asserted here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pytest_compaction.compressors.base import ReferenceCompressor
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Claim, SourceEvent, ToolCall, Trust
from pytest_compaction.engine import runner
from pytest_compaction.fuzzing import properties as fuzz
from pytest_compaction.fuzzing import strategies as cst


def _full_event(**changes: Any) -> SourceEvent:
    """An event with every field set away from its default."""
    values: dict[str, Any] = {
        "event_id": "e7",
        "tenant_id": "tenant-2",
        "subject_id": "subject-3",
        "text": "Assistant (message 7): calling the tool",
        "trust": Trust.SYSTEM,
        "order": 6,
        "claims": (Claim(fact_id="fact-1", predicate="contact.phone", value="555-0100"),),
        "retires": ("fact-0",),
        "role": "assistant",
        "tool_calls": (ToolCall(call_id="call-1", name="lookup", arguments={"q": [1, "x"]}),),
        "tool_call_id": "call-0",
        "name": "Avela",
        "reason": "resolved",
    }
    values.update(changes)
    return SourceEvent(**values)


def test_every_event_field_is_either_kept_or_stripped_by_the_runner() -> None:
    # A field added to SourceEvent must be set above, and then is carried by _bare.
    defaults = {f.name: f.default for f in dataclasses.fields(SourceEvent) if f.init}
    event = _full_event()
    assert all(getattr(event, name) != default for name, default in defaults.items())


@pytest.mark.parametrize("order", [0, 6, 11])
def test_bare_event_is_the_event_without_its_claims_at_its_place(order: int) -> None:
    event = _full_event()
    assert runner._bare(event, order) == dataclasses.replace(event, claims=(), retires=(), order=order)


def test_the_ledger_records_a_copy_of_each_event_at_its_place() -> None:
    # A copy even when nothing changes: a compressor that changes the event it is handed in
    # place must not reach the scenario, which later runs of the same session replay.
    ledger = Ledger()
    event = SourceEvent(event_id="e1", tenant_id="tenant-1", subject_id="subject-1", text="hello")
    runner._record_event(ledger, event)
    assert ledger.event_by_id("e1") == event
    assert ledger.event_by_id("e1") is not event
    runner._record_event(ledger, dataclasses.replace(event, event_id="e2"))  # order 0, placed at 1
    assert ledger.event_by_id("e2").order == 1


def test_the_ledger_orders_its_events_again_after_one_is_added() -> None:
    ledger = Ledger()
    ledger.event("e1", "first")
    first = ledger.events
    assert ledger.events is first  # kept while nothing is added
    earlier = SourceEvent(event_id="e0", tenant_id="tenant-1", subject_id="subject-1", text="x", order=-1)
    ledger.add_event(earlier)
    assert [e.event_id for e in ledger.events] == ["e0", "e1"]
    assert ledger.event_count == len(ledger.events) == 2
    assert [e.event_id for e in ledger.copy().events] == ["e0", "e1"]


def test_authorized_events_of_a_scope_carry_the_claims_of_facts_stated_elsewhere_too() -> None:
    # A fact whose sources span two scopes is shown with the events of each scope.
    ledger = Ledger()
    ledger.event("e1", "here")
    ledger.event("e2", "there", subject_id="subject-2")
    ledger.fact("fact-1", "contact.phone", "555-0100", sources=("e1", "e2"))
    ledger.fact("fact-2", "contact.email", "a@example.com", sources=("e2",), subject_id="subject-2")
    here = ledger.authorized_events("tenant-1", "subject-1")
    there = ledger.authorized_events("tenant-1", "subject-2")
    assert [[c.fact_id for c in e.claims] for e in here] == [["fact-1"]]
    assert [[c.fact_id for c in e.claims] for e in there] == [["fact-1", "fact-2"]]
    everything = ledger.authorized_events()
    assert [[c.fact_id for c in e.claims] for e in everything] == [["fact-1"], ["fact-1", "fact-2"]]


def test_the_relations_property_runs_each_session_once_untransformed(monkeypatch: pytest.MonkeyPatch) -> None:
    originals = []

    def counted(*args: Any, **kwargs: Any) -> runner.ScenarioRun:
        originals.append(args[0])
        return runner.run_scenario(*args, **kwargs)

    monkeypatch.setattr(fuzz, "run_scenario", counted)
    settings = fuzz.FuzzSettings(max_examples=5, derandomize=True, database="none")
    result = fuzz.relations_hold(ReferenceCompressor, settings)
    assert len(originals) == result.examples  # one original run per example, whatever the relations


def test_shown_values_are_json_with_sorted_keys() -> None:
    assert cst._show({"b": [1, 1.0, True], "a": None}) == '{"a": null, "b": [1, 1.0, true]}'
