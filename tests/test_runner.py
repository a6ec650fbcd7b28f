"""The scenario runner: passes, stages, attribution, attempts."""

from __future__ import annotations

from dataclasses import replace

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.model import Artifact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.engine.runner import run_scenario
from pytest_compaction.store.sqlite import SQLiteStore

TWO_PASSES = {
    "tenant": "acme",
    "subject": "user-ana",
    "events": [
        {
            "id": "e1",
            "text": "I am allergic to peanuts.",
            "facts": [{"id": "fact-allergy-1", "predicate": "food.peanuts_allowed", "value": False}],
        },
        {
            "id": "e2",
            "text": "My budget for groceries is 50 a week.",
            "facts": [{"id": "fact-budget-1", "predicate": "groceries.weekly_budget", "value": 50}],
        },
    ],
    "steps": [{"add": ["e1"]}, "compress", {"add": ["e2"]}, "compress"],
}


def scenario(spec: dict[str, object] = TWO_PASSES) -> Scenario:
    return Scenario.from_dict(spec, name="two-passes")


class DropsPrior:
    """Forgets the prior memory: keeps only what this pass's events say."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        return ReferenceCompressor().compress(replace(request, prior=None))


class DropsAllergyEvent:
    """A selector bug inside the compressor adapter: the allergy event never gets summarized."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        events = tuple(e for e in request.events if e.event_id != "e1")
        return replace(ReferenceCompressor().compress(replace(request, events=events)), input_event_ids=())


def test_reference_passes_every_pass_and_versions_count_per_scope() -> None:
    run = run_scenario(scenario(), GuardedCompressor(ReferenceCompressor()))
    assert run.ok
    assert [p.artifact.memory_version for p in run.passes if p.artifact] == [1, 2]
    assert [p.record.input_event_ids for p in run.passes] == [("e1",), ("e2",)]


def test_a_fact_lost_from_the_prior_is_dropped_by_compression() -> None:
    run = run_scenario(scenario(), GuardedCompressor(DropsPrior()))
    (violation,) = run.violations
    assert violation.name == "fact-allergy-1:missing"
    assert "pass 2" in violation.detail
    assert "dropped by compression: it was in the prior memory the compressor was given" in violation.detail


def test_a_fact_whose_event_was_given_is_dropped_by_compression() -> None:
    class Forgets:
        replays_claims = True

        def compress(self, request: CompressionRequest) -> Artifact:
            art = ReferenceCompressor().compress(request)
            return replace(art, facts=tuple(f for f in art.facts if f.fact_id != "fact-allergy-1"))

    run = run_scenario(scenario(), GuardedCompressor(Forgets()))
    assert run.names == ("fact-allergy-1:missing",)
    assert "dropped by compression: the compressor was given e1" in run.violations[0].detail


def test_store_round_trip_is_the_memory_of_the_next_pass() -> None:
    store = SQLiteStore()
    run = run_scenario(scenario(), GuardedCompressor(ReferenceCompressor()), store=store)
    assert run.ok
    assert [p.stored.version for p in run.passes if p.stored] == [1, 2]
    latest = store.read("acme", "user-ana")
    assert latest is not None
    assert {f.fact_id for f in latest.facts} == {"fact-allergy-1", "fact-budget-1"}


def test_a_store_that_stringifies_values_is_representation_changed() -> None:
    class Stringifies(SQLiteStore):
        def write(self, artifact: Artifact, *, expected_version: int) -> int:
            facts = tuple(replace(f, value=str(f.value)) for f in artifact.facts)
            return super().write(replace(artifact, facts=facts), expected_version=expected_version)

    run = run_scenario(scenario(), GuardedCompressor(ReferenceCompressor()), store=Stringifies())
    assert "fact-allergy-1:representation_changed" in run.names
    changed = next(v for v in run.violations if v.name == "fact-allergy-1:representation_changed")
    assert "pass 1" in changed.detail


def test_deletion_reaches_the_store() -> None:
    spec = {
        **TWO_PASSES,
        "steps": [{"add": ["e1", "e2"]}, "compress", {"delete": "fact-budget-1"}, "compress"],
    }
    store = SQLiteStore()
    run = run_scenario(scenario(spec), GuardedCompressor(ReferenceCompressor()), store=store)
    assert run.ok
    latest = store.read("acme", "user-ana")
    assert latest is not None
    assert [f.fact_id for f in latest.facts] == ["fact-allergy-1"]


def test_attempts_that_disagree_on_a_critical_fact_fail_even_if_one_passes() -> None:
    class EveryOtherCall:
        replays_claims = True

        def __init__(self) -> None:
            self.calls = 0

        def compress(self, request: CompressionRequest) -> Artifact:
            self.calls += 1
            art = ReferenceCompressor().compress(request)
            if self.calls % 2 == 0:
                art = replace(art, facts=tuple(f for f in art.facts if f.fact_id != "fact-allergy-1"))
            return art

    one_pass = scenario({**TWO_PASSES, "steps": None})
    run = run_scenario(one_pass, GuardedCompressor(EveryOtherCall()), attempts=2)
    assert run.names == ("fact-allergy-1:missing", "fact-allergy-1:nondeterministic_critical_fact")
    assert "attempt 2" in next(v.detail for v in run.violations if v.code.value == "missing")
    one = run_scenario(one_pass, GuardedCompressor(EveryOtherCall()), attempts=1)
    assert one.ok, "a single attempt happens to pass: only attempts expose the flakiness"


def test_deleting_the_newer_value_does_not_bring_back_the_older() -> None:
    spec = {
        "events": [
            {
                "id": "e1",
                "text": "tz Oslo",
                "facts": [{"id": "tz-1", "predicate": "tz", "value": "Europe/Oslo"}],
            },
            {
                "id": "e2",
                "text": "tz Chicago",
                "facts": [
                    {"id": "tz-2", "predicate": "tz", "value": "America/Chicago", "supersedes": "tz-1"}
                ],
            },
        ],
        "steps": [{"add": ["e1", "e2"]}, "compress", {"delete": "tz-2"}, "compress"],
    }
    run = run_scenario(Scenario.from_dict(spec, name="tz"), GuardedCompressor(ReferenceCompressor()))
    assert run.ok, run.names
    final = run.passes[-1].artifact
    assert final is not None
    assert final.facts == ()


RESTATED = {
    "events": [
        {
            "id": "e1",
            "text": "My limit is 500.",
            "facts": [{"id": "lim-1", "predicate": "credit.limit", "value": 500}],
        },
        {"id": "e2", "text": "As I said, 500.", "restates": ["lim-1"]},
    ],
    "steps": [{"add": ["e1"]}, "compress", {"add": ["e2"]}, "compress"],
}


def test_a_restated_fact_keeps_both_turns_as_provenance() -> None:
    run = run_scenario(
        Scenario.from_dict(RESTATED, name="restated"), GuardedCompressor(ReferenceCompressor())
    )
    assert run.ok
    assert run.ledger.get("lim-1").source_event_ids == ("e1", "e2")

    class KeepsLatestSourceOnly:
        replays_claims = True

        def compress(self, request: CompressionRequest) -> Artifact:
            art = ReferenceCompressor().compress(request)
            return replace(
                art, facts=tuple(replace(f, source_event_ids=f.source_event_ids[-1:]) for f in art.facts)
            )

    lossy = run_scenario(
        Scenario.from_dict(RESTATED, name="restated"), GuardedCompressor(KeepsLatestSourceOnly())
    )
    assert lossy.names == ("lim-1:provenance_missing",)
    assert "lost source e1" in lossy.violations[0].detail


def test_a_store_without_compare_and_set_loses_an_update() -> None:
    class LastWriterWins(SQLiteStore):
        """Ignores the version a write was based on: the stale writer overwrites newer memory."""

        def write(self, artifact: Artifact, *, expected_version: int) -> int:
            current = self.version(artifact.tenant_id, artifact.subject_id)
            return super().write(replace(artifact, memory_version=current + 1), expected_version=current)

    run = run_scenario(scenario(), GuardedCompressor(ReferenceCompressor()), store=LastWriterWins())
    assert run.names == ("lost_update",)
    lost = run.violations[0]
    assert "pass 1" in lost.detail
    assert "let a stale writer (which read version 0) overwrite version 1" in lost.detail
    # The runner rewrote the pass's artifact: later passes are judged on the right memory.
    assert [p.verdict.names for p in run.passes] == [("lost_update",), ("lost_update",)]


def test_a_faithful_store_refuses_the_stale_writer() -> None:
    store = SQLiteStore()
    run = run_scenario(scenario(), GuardedCompressor(ReferenceCompressor()), store=store)
    assert run.ok
    assert store.version("acme", "user-ana") == 2


def _retiring(**reason: str) -> Scenario:
    return Scenario.from_dict(
        {
            "events": [
                {
                    "id": "e1",
                    "text": "Approach A failed with a timeout.",
                    "facts": [{"id": "fail-a", "predicate": "approach.a_failed", "value": True}],
                },
                {"id": "e2", "text": "Approach B worked.", "retires": ["fail-a"], **reason},
            ],
            "steps": [{"add": ["e1"]}, "compress", {"add": ["e2"]}, "compress"],
        },
        name="retire",
    )


def test_a_retirement_keeps_the_events_reason() -> None:
    run = run_scenario(_retiring(reason="B worked"), GuardedCompressor(ReferenceCompressor()))
    assert run.ok, run.violations
    assert run.ledger.get("fail-a").status_reason == "B worked"
    plain = run_scenario(_retiring(), GuardedCompressor(ReferenceCompressor()))
    assert plain.ledger.get("fail-a").status_reason == "retired by event e2"
