"""The memory state machine: the reference holds, planted defects are found, users can run it."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.core.model import Artifact
from pytest_compaction.engine.contract import ContractFailure
from pytest_compaction.fuzzing.statemachine import MemoryMachine, memory_machine
from pytest_compaction.store.sqlite import SQLiteStore

QUICK = settings(
    max_examples=25,
    stateful_step_count=30,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
UNSHRUNK = settings(QUICK, phases=[Phase.explicit, Phase.reuse, Phase.generate])
"""For tests that only need to know a defect is found: shrinking a long program is the slow part."""


class DropsNewerAfterSupersession:
    """Loses the newer fact whenever a pass carries an update: the planted defect."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        art = ReferenceCompressor().compress(request)
        newer = {c.fact_id for e in request.events for c in e.claims if c.supersedes}
        return dataclasses.replace(art, facts=tuple(f for f in art.facts if f.fact_id not in newer))


class ResumesFromItsCheckpoint:
    """Keeps its last artifact per memory and builds on it when given no prior (after a deletion)."""

    replays_claims = True

    def __init__(self) -> None:
        self.checkpoints: dict[tuple[str, str], Artifact] = {}

    def compress(self, request: CompressionRequest) -> Artifact:
        scope = (request.tenant_id, request.subject_id)
        stale = self.checkpoints.get(scope)
        used = (
            request
            if request.prior is not None or stale is None
            else dataclasses.replace(request, prior=stale)
        )
        art = dataclasses.replace(ReferenceCompressor().compress(used), depth=request.depth)
        self.checkpoints[scope] = art
        return art


class ForgetsDepth:
    """Always says depth 1: a summary of a summary that does not know it is one."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        return dataclasses.replace(ReferenceCompressor().compress(request), depth=1)


def failure_of(machine: type[MemoryMachine]) -> ContractFailure:
    with pytest.raises(ContractFailure) as excinfo:
        run_state_machine_as_test(machine, settings=UNSHRUNK)
    return excinfo.value


def test_the_reference_compressor_passes() -> None:
    run_state_machine_as_test(memory_machine(ReferenceCompressor, tenants=2, subjects=2), settings=QUICK)


def test_the_reference_compressor_passes_through_a_real_store() -> None:
    run_state_machine_as_test(memory_machine(ReferenceCompressor(), store=SQLiteStore), settings=QUICK)


def test_it_finds_a_fact_dropped_after_a_supersession() -> None:
    failure = failure_of(memory_machine(DropsNewerAfterSupersession))
    assert {v.code.value for v in failure.violations} == {"missing"}
    assert str(failure).startswith("memory machine: pass ")


def test_it_finds_a_deleted_fact_resurrected_from_a_checkpoint() -> None:
    failure = failure_of(memory_machine(ResumesFromItsCheckpoint))
    assert "forbidden_deleted_fact" in {v.code.value for v in failure.violations}


def test_it_finds_untracked_depth() -> None:
    failure = failure_of(memory_machine(ForgetsDepth))
    assert [v.code.value for v in failure.violations] == ["artifact_malformed"]
    assert failure.violations[0].expected == 2
    assert failure.violations[0].observed == 1


def test_depth_checking_can_be_turned_off() -> None:
    run_state_machine_as_test(memory_machine(ForgetsDepth, check_depth=False), settings=QUICK)


def test_it_finds_a_store_that_loses_types() -> None:
    class StringifyingStore(SQLiteStore):
        def read(self, tenant_id: str, subject_id: str) -> Artifact | None:
            art = super().read(tenant_id, subject_id)
            if art is None:
                return None
            changed = [dataclasses.replace(f, value=json.dumps(f.value)) for f in art.facts]
            return dataclasses.replace(art, facts=tuple(changed))

    failure = failure_of(memory_machine(ReferenceCompressor, store=StringifyingStore))
    assert str(failure).startswith("memory machine: read-back of ")
    assert "representation_changed" in {v.code.value for v in failure.violations}


def test_a_class_is_built_afresh_for_every_run() -> None:
    built: list[Any] = []

    class Counting(ReferenceCompressor):
        def __init__(self) -> None:
            built.append(self)

    run_state_machine_as_test(memory_machine(Counting), settings=QUICK)
    assert len(built) > 25


def test_the_machine_is_named_after_its_compressor() -> None:
    assert memory_machine(ReferenceCompressor).__name__ == "MemoryMachine[reference]"


def test_no_memory_is_refused() -> None:
    with pytest.raises(
        ValueError, match=r"^memory_machine needs at least one tenant and subject, got tenants=0"
    ):
        memory_machine(ReferenceCompressor, tenants=0)


def test_users_run_it_as_a_test_case(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_memory="""
        import dataclasses
        from hypothesis import Phase, settings
        from pytest_compaction.compressors.base import ReferenceCompressor
        from pytest_compaction.fuzzing.statemachine import memory_machine

        class MyCompressor:
            replays_claims = True
            def compress(self, request):
                art = ReferenceCompressor().compress(request)
                newer = {c.fact_id for e in request.events for c in e.claims if c.supersedes}
                return dataclasses.replace(art, facts=tuple(f for f in art.facts if f.fact_id not in newer))

        quick = settings(max_examples=25, stateful_step_count=30, deadline=None, derandomize=True,
                         database=None, phases=[Phase.generate])
        TestReference = memory_machine(ReferenceCompressor, settings=quick).TestCase
        TestMyMemory = memory_machine(MyCompressor, settings=quick).TestCase
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*ContractFailure: memory machine: pass * broke the contract (test_memory:MyCompressor)",
            "*violation*: * missing",
            "*state = MemoryMachine[[]test_memory:MyCompressor[]]()",
            "*= state.supersede(*",
        ]
    )
