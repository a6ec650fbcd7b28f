"""The guard: misbehaving compressors are named and the run goes on; Ctrl-C still stops it."""

from __future__ import annotations

import dataclasses
import textwrap
import time
from typing import Any

import pytest

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import (
    DEFAULT_TIMEOUT,
    MODEL_TIMEOUT,
    GuardedCompressor,
    default_timeout,
)
from pytest_compaction.core.model import Artifact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.engine.runner import ScenarioRun, run_scenario
from pytest_compaction.mutants.compressors import DropCriticalFact

SPEC: dict[str, Any] = {
    "tenant": "acme",
    "subject": "ana",
    "events": [
        {
            "id": "e1",
            "text": "I am allergic to peanuts.",
            "facts": [
                {
                    "id": "fact-allergy",
                    "predicate": "food.peanuts_allowed",
                    "value": False,
                    "qualifiers": {"basis": "allergy"},
                }
            ],
        },
        {"id": "e2", "text": "My budget is 50."},
    ],
    "steps": [{"add": ["e1"]}, "compress", {"add": ["e2"]}, "compress"],
}


def run(compressor: object, timeout: float | None = 5) -> ScenarioRun:
    return run_scenario(Scenario.from_dict(SPEC, name="g"), GuardedCompressor(compressor, timeout=timeout))  # type: ignore[arg-type]


def names(result: ScenarioRun) -> list[str]:
    return [v.name for v in result.violations]


# -- claims are opt-in ------------------------------------------------------------------------


def test_a_compressor_sees_the_text_but_not_the_ledgers_claims() -> None:
    seen: list[CompressionRequest] = []

    def spy(request: CompressionRequest) -> Artifact:
        seen.append(request)
        return ReferenceCompressor().compress(request)

    result = run(spy)
    assert [e.text for e in seen[0].events] == ["I am allergic to peanuts."]
    assert all(not e.claims and not e.retires for r in seen for e in r.events)
    # Built on the reference without declaring it, it replays nothing: the fact is missing.
    assert "fact-allergy:missing" in names(result)
    # The record keeps the harness's request, claims included.
    assert result.passes[0].record.request.events[0].claims


def test_a_declared_structured_replayer_gets_the_claims() -> None:
    seen: list[CompressionRequest] = []

    class Replayer:
        replays_claims = True

        def compress(self, request: CompressionRequest) -> Artifact:
            seen.append(request)
            return ReferenceCompressor().compress(request)

    assert names(run(Replayer())) == []
    assert [c.fact_id for c in seen[0].events[0].claims] == ["fact-allergy"]


def test_the_reference_and_the_mutants_built_on_it_replay_claims() -> None:
    assert run(ReferenceCompressor()).ok
    assert names(run(DropCriticalFact())) == ["fact-allergy:missing"]
    assert DropCriticalFact().replays_claims is True

    class Plain:
        def compress(self, request: CompressionRequest) -> Artifact:
            return ReferenceCompressor().compress(request)

    assert DropCriticalFact(Plain()).replays_claims is False


# -- exits, interrupts, malformed nested facts ----------------------------------------------------


@pytest.mark.parametrize("timeout", [5, None])
def test_system_exit_inside_a_compressor_is_a_named_compressor_error(timeout: float | None) -> None:
    def exits(request: CompressionRequest) -> Artifact:
        raise SystemExit(2)

    result = run(exits, timeout)
    assert names(result) == ["compressor_error"]
    assert "SystemExit(2)" in result.violations[0].detail
    assert len(result.passes) == 2  # the run went on


@pytest.mark.parametrize("timeout", [5, None])
def test_keyboard_interrupt_inside_a_compressor_stops_the_run(timeout: float | None) -> None:
    def interrupted(request: CompressionRequest) -> Artifact:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(interrupted, timeout)


class _NotJson:
    pass


@pytest.mark.parametrize(
    ("fact", "words"),
    [
        ("not a fact", "facts[0] is a str, not a Fact"),
        ("value", "holds a value of type _NotJson, not a JSON value"),
        ("nan", "holds a NaN value"),
        ("fact_id", "facts[0].fact_id is int, not str"),
    ],
)
def test_a_malformed_fact_inside_a_valid_artifact_is_artifact_malformed(fact: str, words: str) -> None:
    def emits(request: CompressionRequest) -> Artifact:
        art = ReferenceCompressor().compress(request)
        good = art.facts[0]
        bad: object
        if fact == "not a fact":
            bad = "fact-allergy"
        elif fact == "value":
            bad = dataclasses.replace(good, value=_NotJson())  # type: ignore[arg-type]
        elif fact == "nan":
            bad = dataclasses.replace(good, value=float("nan"))
        else:
            bad = dataclasses.replace(good)
            object.__setattr__(bad, "fact_id", 7)
        broken = dataclasses.replace(art)
        object.__setattr__(broken, "facts", (bad,))
        return broken

    emits.replays_claims = True  # type: ignore[attr-defined]
    result = run(emits)
    assert set(names(result)) >= {"artifact_malformed"}
    assert any(words in v.detail for v in result.violations), [v.detail for v in result.violations]
    assert len(result.passes) == 2


# -- input mutation: any part ---------------------------------------------------------------------


def _mutator(change: str) -> Any:
    def mutates(request: CompressionRequest) -> Artifact:
        if change == "prior.index" and request.prior is not None:
            request.prior.index.clear()  # type: ignore[attr-defined]
        elif change == "config":
            request.config["seen"] = True  # type: ignore[index]
        elif change == "value" and request.prior is not None:
            object.__setattr__(request.prior.facts[0], "qualifiers", ())
        elif change == "event":
            object.__setattr__(request.events[0], "text", "changed")
        return ReferenceCompressor().compress(request)

    mutates.replays_claims = True  # type: ignore[attr-defined]
    return mutates


@pytest.mark.parametrize("change", ["prior.index", "config", "value", "event"])
def test_in_place_mutation_of_any_part_of_the_request_is_named(change: str) -> None:
    assert "input_mutated" in names(run(_mutator(change)))


def test_reading_the_request_is_not_a_mutation() -> None:
    def reads(request: CompressionRequest) -> Artifact:
        request.openai_messages()
        _ = request.prior_summary, request.text, request.depth
        return ReferenceCompressor().compress(request)

    reads.replays_claims = True  # type: ignore[attr-defined]
    assert names(run(reads)) == []


# -- huge outputs, hangs, timeouts ----------------------------------------------------------------


def test_a_huge_output_is_bounded_and_named() -> None:
    result = run(lambda request: "x" * 6_000_000)
    assert names(result) == ["artifact_malformed"]
    assert "at most 5000000 are read" in result.violations[0].detail
    assert [p.record.shape for p in result.passes] == ["text", "text"]


def test_an_output_that_hangs_when_read_is_a_timeout() -> None:
    class Endless(list):  # type: ignore[type-arg]
        def __len__(self) -> int:
            time.sleep(30)
            return 0

    started = time.perf_counter()
    result = run(lambda request: Endless(), timeout=0.3)
    assert names(result) == ["compressor_timeout"]
    assert time.perf_counter() - started < 10


def test_the_default_timeout_suits_a_model_call_except_for_the_reference() -> None:
    assert default_timeout(ReferenceCompressor()) == DEFAULT_TIMEOUT
    assert default_timeout(DropCriticalFact()) == DEFAULT_TIMEOUT
    assert default_timeout(lambda request: "") == MODEL_TIMEOUT
    assert GuardedCompressor(lambda request: "", timeout="auto").seconds == MODEL_TIMEOUT


# -- through a pytest session ---------------------------------------------------------------------

MISBEHAVING = """
import sys, time
from pytest_compaction.compressors.base import ReferenceCompressor

def exits(request):
    sys.exit("model quota exhausted")

def faithful(request):
    return ReferenceCompressor().compress(request)
faithful.replays_claims = True

def hangs(request):
    while True:
        time.sleep(0.05)

def huge(request):
    return ["memory"] * 200_000
"""


def _session(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    import yaml

    pytester.makefile(
        ".compaction.yaml", one=yaml.safe_dump(SPEC), two=yaml.safe_dump({**SPEC, "subject": "bo"})
    )
    pytester.makepyfile(misbehaving=textwrap.dedent(MISBEHAVING))
    pytester.syspathinsert()
    return pytester.runpytest("--compaction-contract", "-p", "no:cacheprovider", *args)


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("exits", "*compressor_error*raised SystemExit('model quota exhausted')*"),
        ("huge", "*artifact_malformed*returned 200000 items; at most 100000 are read*"),
    ],
)
def test_a_misbehaving_compressor_fails_each_item_and_the_run_goes_on(
    pytester: pytest.Pytester, name: str, line: str
) -> None:
    result = _session(pytester, f"--compaction-compressor=misbehaving:{name}")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines([line])
    result.stdout.no_fnmatch_line("*INTERNALERROR*")


def test_a_hung_compressor_is_killed_in_a_child_process(pytester: pytest.Pytester) -> None:
    started = time.perf_counter()
    result = _session(
        pytester,
        "--compaction-compressor=misbehaving:hangs",
        "--compaction-timeout=1",
        "--compaction-isolate=process",
    )
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(["*compressor_timeout*its child process was killed*"])
    assert time.perf_counter() - started < 60


def test_the_child_process_runs_a_faithful_compressor_as_in_process(pytester: pytest.Pytester) -> None:
    result = _session(
        pytester, "--compaction-compressor=misbehaving:faithful", "--compaction-isolate=process"
    )
    result.assert_outcomes(passed=2)


def test_a_hung_compressor_on_a_thread_is_abandoned_and_said_so(pytester: pytest.Pytester) -> None:
    result = _session(pytester, "--compaction-compressor=misbehaving:hangs", "--compaction-timeout=0.5")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(["*compressor_timeout*may still be running on a background thread*"])


def _request_with(value: object) -> CompressionRequest:
    from pytest_compaction.core.ledger import Ledger

    ledger = Ledger(tenant_id="acme", subject_id="ana")
    ledger.event("e1", "I take 5 mg.")
    ledger.fact("f1", "med.dose", value, sources=["e1"], qualifiers={"unit": "mg"})
    return CompressionRequest(
        tenant_id="acme", subject_id="ana", events=ledger.authorized_events("acme", "ana")
    )


def _claim_changer(change: Any) -> Any:
    def changes(request: CompressionRequest) -> Artifact:
        change(request.events[0].claims[0])
        return ReferenceCompressor().compress(request)

    changes.replays_claims = True  # type: ignore[attr-defined]
    return changes


@pytest.mark.parametrize(
    ("value", "change"),
    [
        # a list value changed in place: the frozen claim still holds the same list object
        ([5, 10], lambda claim: claim.value.append(20)),
        # an equal value of another type: False == 0, but a typed value changed
        (False, lambda claim: object.__setattr__(claim, "value", 0)),
        # an equal qualifier value of another type
        (5, lambda claim: object.__setattr__(claim, "qualifiers", (("unit", 1.0),))),
    ],
)
def test_a_claim_changed_in_place_or_retyped_is_input_mutated(value: object, change: Any) -> None:
    request = _request_with(value)
    if value == 5:
        object.__setattr__(request.events[0].claims[0], "qualifiers", (("unit", 1),))
    record = GuardedCompressor(_claim_changer(change), timeout=None).run(request)
    assert [v.name for v in record.violations] == ["input_mutated"]


def test_an_untouched_claim_with_a_list_value_is_not_input_mutated() -> None:
    record = GuardedCompressor(_claim_changer(lambda claim: None), timeout=None).run(_request_with([5, 10]))
    assert record.violations == ()
