"""The pass pipeline: run_pass, the PassContext every check sees, and the built-in pass checks."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Trust
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.engine.contract import run_contract
from pytest_compaction.engine.passes import (
    DEFAULT_CHECKS,
    PassContext,
    contract_kept,
    deleted_content_in_input,
    depth_tracked,
)
from pytest_compaction.engine.runner import run_pass, run_scenario
from pytest_compaction.store.sqlite import SQLiteStore

SPEC = {
    "tenant": "acme",
    "subject": "ana",
    "events": [
        {
            "id": "e1",
            "text": "I am allergic to peanuts.",
            "facts": [{"id": "fact-allergy-1", "predicate": "food.peanuts_allowed", "value": False}],
        },
        {"id": "e2", "text": "The weather is lovely."},
    ],
    "steps": [{"add": ["e1"]}, "compress", {"add": ["e2"]}, "compress", "compress"],
}


def scenario() -> Scenario:
    return Scenario.from_dict(SPEC, name="passes")


class Recorder:
    """A pass check that records every context it is given and finds nothing."""

    def __init__(self) -> None:
        self.seen: list[PassContext] = []
        self.events_known: list[int] = []

    def __call__(self, context: PassContext) -> Iterable[Violation]:
        self.seen.append(context)
        self.events_known.append(len(context.ledger.events))
        return ()


def test_every_check_sees_each_pass_as_it_happened() -> None:
    recorder = Recorder()
    run = run_scenario(scenario(), GuardedCompressor(ReferenceCompressor()), extra_checks=(recorder,))
    assert run.ok
    assert [c.index for c in recorder.seen] == [1, 2, 3]
    assert [c.depth for c in recorder.seen] == [1, 2, 3]
    assert [len(c.previous) for c in recorder.seen] == [0, 1, 2]
    assert [tuple(e.event_id for e in c.request.events) for c in recorder.seen] == [("e1",), ("e2",), ()]
    # The ledger as of the pass: e2 is not known yet at pass 1.
    assert recorder.events_known == [1, 2, 2]
    assert all(c.scope == ("acme", "ana") for c in recorder.seen)
    assert recorder.seen[2].scope_passes() == run.passes[:2]
    assert all(c.stored is None and c.read_back is None for c in recorder.seen)


def test_the_read_back_reaches_the_checks_when_a_store_is_used() -> None:
    recorder = Recorder()
    run = run_scenario(
        scenario(), GuardedCompressor(ReferenceCompressor()), extra_checks=(recorder,), store=SQLiteStore()
    )
    assert run.ok
    assert [c.read_back.memory_version if c.read_back else None for c in recorder.seen] == [1, 2, 3]


def test_checks_run_once_per_attempt_and_their_findings_name_the_attempt() -> None:
    def second_attempt_complains(context: PassContext) -> list[Violation]:
        if context.record.attempt == 2:
            return [Violation(code=ViolationCode.SUMMARY_NOT_RECLAIMED, detail="grew")]
        return []

    run = run_scenario(
        scenario(),
        GuardedCompressor(ReferenceCompressor()),
        attempts=2,
        extra_checks=(second_attempt_complains,),
    )
    details = {v.detail for p in run.passes for v in p.verdict.violations}
    assert details == {
        "pass 1, compression; attempt 2: grew",
        "pass 2, depth 2, compression; attempt 2: grew",
        "pass 3, depth 3, compression; attempt 2: grew",
    }


def test_a_run_without_checks_reports_only_what_the_guard_saw() -> None:
    class LosesEverything:
        def compress(self, request: CompressionRequest) -> Artifact:
            return replace(ReferenceCompressor().compress(request), facts=())

    guard = GuardedCompressor(LosesEverything())
    assert run_scenario(scenario(), guard).names == ("fact-allergy-1:missing",)
    assert run_scenario(scenario(), guard, checks=()).ok


def ledger_with_deletion(deleted_text: str) -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", deleted_text)
    ledger.fact("f1", "contact.phone", "555-0100", sources=["e1"])
    ledger.event("e2", "Please delete my phone number.")
    ledger.delete("f1", event_id="e2")
    ledger.event("e3", "Lovely weather. You can reach me at 555-0100.")
    return ledger


class KeepsTheLedger:
    """Emits exactly the ledger's active facts: a faithful artifact for any request."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger

    def compress(self, request: CompressionRequest) -> Artifact:
        facts = tuple(self.ledger.required(request.tenant_id, request.subject_id))
        return Artifact(
            memory_version=1,
            tenant_id=request.tenant_id,
            subject_id=request.subject_id,
            facts=facts,
            input_event_ids=tuple(e.event_id for e in request.events),
        )


def context_for(ledger: Ledger, event_ids: tuple[str, ...], *, depth: int = 1) -> PassContext:
    request = CompressionRequest(
        tenant_id="t", subject_id="s", events=tuple(ledger.event_by_id(e) for e in event_ids)
    )
    record = GuardedCompressor(KeepsTheLedger(ledger)).run(request)
    return PassContext(ledger=ledger, record=record, index=1, depth=depth)


def test_deleted_content_in_input_catches_the_event_and_its_text() -> None:
    ledger = ledger_with_deletion("555-0100")
    [violation] = deleted_content_in_input(context_for(ledger, ("e1", "e3")))
    assert violation.code is ViolationCode.DELETED_CONTENT_IN_INPUT
    assert violation.observed == ("e1", "e3 (repeats deleted text)")
    assert deleted_content_in_input(context_for(ledger, ("e2",))) == []


def test_a_deleted_event_with_blank_text_matches_nothing() -> None:
    # The state machine's old copy of this check matched every event against "".
    ledger = ledger_with_deletion(" ")
    assert deleted_content_in_input(context_for(ledger, ("e2", "e3"))) == []


def test_contract_kept_and_depth_tracked_find_drift_and_pass_the_faithful() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "I am allergic to peanuts.")
    ledger.fact("f1", "food.peanuts_allowed", False, sources=["e1"])
    faithful = context_for(ledger, ("e1",))
    assert contract_kept(faithful) == []
    assert depth_tracked(faithful) == []
    assert [v.code for v in depth_tracked(replace(faithful, depth=2))] == [ViolationCode.ARTIFACT_MALFORMED]
    assert faithful.artifact is not None
    flipped = replace(faithful.artifact, facts=(replace(faithful.artifact.facts[0], value=True),))
    drifted = replace(faithful, record=replace(faithful.record, artifact=flipped))
    assert [v.name for v in contract_kept(drifted)] == ["f1:value_changed"]
    assert contract_kept(replace(faithful, record=replace(faithful.record, artifact=None))) == []


def test_permissive_mode_files_reviewable_findings_as_review_items() -> None:
    class Invents:
        replays_claims = True  # it replays the ledger's claims through the reference compressor

        def compress(self, request: CompressionRequest) -> Artifact:
            artifact = ReferenceCompressor().compress(request)
            extra = replace(artifact.facts[0], fact_id="invented", predicate="home.city", value="Paris")
            return replace(artifact, facts=(*artifact.facts, extra))

    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "I may move to Paris.", trust=Trust.USER)
    ledger.fact("f1", "food.peanuts_allowed", False, sources=["e1"])
    request = CompressionRequest(tenant_id="t", subject_id="s", events=ledger.authorized_events())
    strict = run_pass(ledger, request, GuardedCompressor(Invents()))
    permissive = run_pass(ledger, request, GuardedCompressor(Invents()), mode="permissive")
    assert strict.verdict.names == ("invented:unsupported_fact",)
    assert permissive.verdict.ok
    assert permissive.verdict.review[0].name == "invented:unsupported_fact"


def test_run_pass_without_a_ledger_still_compares_attempts() -> None:
    class Flaky:
        replays_claims = True  # it replays the ledger's claims through the reference compressor

        def __init__(self) -> None:
            self.calls = 0

        def compress(self, request: CompressionRequest) -> Artifact:
            self.calls += 1
            artifact = ReferenceCompressor().compress(request)
            return artifact if self.calls % 2 else replace(artifact, facts=())

    ledger = ledger_with_deletion("x")
    request = CompressionRequest(tenant_id="t", subject_id="s", events=(ledger.event_by_id("e3"),))
    steady = run_pass(None, request, GuardedCompressor(ReferenceCompressor()), attempts=2)
    assert steady.verdict.ok
    claimed = replace(
        request,
        events=(
            replace(
                ledger.event_by_id("e3"),
                claims=(
                    *ledger.event_by_id("e3").claims,
                    *Scenario.from_dict(SPEC, name="x").event("e1").claims,
                ),
            ),
        ),
    )
    flaky = run_pass(None, claimed, GuardedCompressor(Flaky()), attempts=2)
    assert [v.code for v in flaky.verdict.violations] == [ViolationCode.NONDETERMINISTIC_CRITICAL_FACT]


def test_depth_is_counted_by_the_runner_not_read_from_the_artifact() -> None:
    class AlwaysDepthOne:
        replays_claims = True  # it replays the ledger's claims through the reference compressor

        def compress(self, request: CompressionRequest) -> Artifact:
            return replace(ReferenceCompressor().compress(request), depth=1)

    run = run_scenario(
        scenario(), GuardedCompressor(AlwaysDepthOne()), checks=(*DEFAULT_CHECKS, depth_tracked)
    )
    assert [p.depth for p in run.passes] == [1, 2, 3]
    assert run.names == ("artifact_malformed",)


@pytest.mark.parametrize("attempts", [1, 2])
def test_run_contract_adds_the_scenario_s_own_checks(attempts: int) -> None:
    recorder = Recorder()
    run = run_contract(
        replace(scenario(), attempts=attempts),
        GuardedCompressor(ReferenceCompressor()),
        extra_checks=(recorder,),
    )
    assert run.ok
    assert len(recorder.seen) == 3 * attempts


def test_a_structured_compressor_that_drops_every_fact_is_not_read_as_prose() -> None:
    # The reference compressor writes facts and a summary; a drift that drops the only fact
    # leaves the summary sentence behind. That is an omission, not a prose-only artifact.
    from pytest_compaction.compressors.base import ReferenceCompressor
    from pytest_compaction.mutants.catalog import get_mutant, library_scenarios, run_mutant

    scenario = next(s for s in library_scenarios() if s.name == "staging-only-write-access")
    assert any(claim.prose is not None for event in scenario.events for claim in event.claims)
    finding = run_mutant(get_mutant("drop_critical_fact"), scenario, inner=ReferenceCompressor)
    assert finding.killed_by == ("fact-write-1:missing",)
