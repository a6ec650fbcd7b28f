"""After a deletion the next pass builds on the prior memory, which the compressor must purge.

A rolling summary that keeps the deleted text must fail (it is what a LangChain or
LlamaIndex memory does when nobody purges it); one that drops what it took from the
deleted events must pass; a system that declares it rebuilds from the transcript gets
no prior again.
"""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from pytest_compaction.compressors.base import (
    CompressionRequest,
    ReferenceCompressor,
    rebuilds_after_deletion,
)
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.compressors.isolation import ProcessCompressor
from pytest_compaction.compressors.verbatim import VerbatimCompressor
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.engine.runner import run_scenario
from pytest_compaction.mutants.compressors import MutantCompressor

SPEC = """\
description: A user shares a delivery code and a porch preference, then asks to forget the code.
tenant: tenant-a
subject: user-lark
events:
  - id: e1
    text: "The gate code for deliveries is 4417."
    facts:
      - id: fact-code-1
        predicate: delivery.gate_code
        value: "4417"
        prose: {names: [gate code], value: ["4417"]}
  - id: e2
    text: "Leave parcels on the back porch."
    facts:
      - id: fact-porch-1
        predicate: delivery.place
        value: back porch
        prose: {names: [parcels], value: [back porch]}
  - {id: e3, text: "Please delete the gate code I gave you."}
  - {id: e4, text: "Unrelated: any tips for repotting a fern?"}
steps:
  - add: [e1, e2]
  - compress
  - add: [e3]
  - delete: fact-code-1
    event: e3
  - add: [e4]
  - compress
"""

COMPRESSORS = """\
def _lines(request):
    return request.prior_summary.splitlines() if request.prior_summary else []


def _new(request):
    return [f"[{e.event_id}] {e.text}" for e in request.events]


def rolling(request):
    return "\\n".join([*_lines(request), *_new(request)])


def purging(request):
    kept = [line for line in _lines(request) if line[1:].split("]")[0] not in request.deleted_event_ids]
    return "\\n".join([*kept, *_new(request)])


def rebuilding(request):
    return "\\n".join([*_lines(request), *_new(request)])


rebuilding.rebuilds_after_deletion = True
"""


def scenario() -> Scenario:
    from pytest_compaction.specs.safeyaml import load_yaml

    return Scenario.from_dict(load_yaml(SPEC), name="forget-gate-code")


class Recording:
    """A reference compressor that keeps every request it was given."""

    replays_claims = True

    def __init__(self, **flags: Any) -> None:
        self.requests: list[CompressionRequest] = []
        for key, value in flags.items():
            setattr(self, key, value)

    def compress(self, request: CompressionRequest) -> Any:
        self.requests.append(request)
        return ReferenceCompressor().compress(request)


def test_the_pass_after_a_deletion_gets_the_prior_purged_of_facts_but_not_of_text() -> None:
    recording = Recording()
    run = run_scenario(scenario(), GuardedCompressor(recording, timeout=None))
    assert run.ok, run.names
    first, second = recording.requests
    assert first.deleted_fact_ids == ()
    assert first.deleted_event_ids == ()
    assert second.prior is not None
    assert [e.event_id for e in second.events] == ["e3", "e4"]  # only what came since; e1 never again
    assert [f.fact_id for f in second.prior.facts] == ["fact-porch-1"]  # the store deleted it by id
    assert "4417" in second.prior.summary  # the text is the compressor's to purge
    assert second.deleted_fact_ids == ("fact-code-1",)
    assert second.deleted_event_ids == ("e1",)
    assert second.depth == 2


def test_a_rebuilding_system_gets_no_prior_and_every_authorized_event() -> None:
    recording = Recording(rebuilds_after_deletion=True)
    run = run_scenario(scenario(), GuardedCompressor(recording, timeout=None))
    assert run.ok, run.names
    second = recording.requests[1]
    assert second.prior is None
    assert [e.event_id for e in second.events] == ["e2", "e3", "e4"]
    assert second.deleted_event_ids == ("e1",)


def test_the_flag_is_seen_through_wrappers() -> None:
    def function(request: CompressionRequest) -> str:
        return ""

    function.rebuilds_after_deletion = True  # type: ignore[attr-defined]
    assert rebuilds_after_deletion(GuardedCompressor(function).compressor)
    assert rebuilds_after_deletion(MutantCompressor(Recording(rebuilds_after_deletion=True)))
    assert not rebuilds_after_deletion(MutantCompressor(Recording()))
    assert not rebuilds_after_deletion(VerbatimCompressor())
    isolated = ProcessCompressor("pytest_compaction.compressors.verbatim:VerbatimCompressor")
    assert isolated.rebuilds_after_deletion is False


def test_verbatim_drops_the_deleted_events_lines_and_keeps_the_rest() -> None:
    compressor = VerbatimCompressor()
    run = run_scenario(scenario(), GuardedCompressor(compressor, timeout=None))
    assert run.ok, run.names
    final = run.passes[-1].artifact
    assert final is not None
    assert "4417" not in final.summary
    assert "back porch" in final.summary


def contract(project: pytest.Pytester, compressor: str) -> pytest.RunResult:
    return project.runpytest("--compaction-contract", compressor, "-p", "no:cacheprovider")


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makefile(".compaction.yaml", forget_gate_code=SPEC)
    pytester.makepyfile(memories=COMPRESSORS)
    pytester.syspathinsert()
    return pytester


def test_a_rolling_summary_that_keeps_deleted_text_fails_the_spec(project: pytest.Pytester) -> None:
    result = contract(project, "--compaction-compressor=memories:rolling")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ["*fact-code-1:forbidden_deleted_fact*holds a word of a deleted fact (1 word, 4 characters*"]
    )
    assert "4417" not in result.stdout.str().split("fact-code-1:forbidden_deleted_fact", 1)[1].splitlines()[0]
    assert "deleted_content_in_input" not in result.stdout.str()  # the prior is not input leakage


def test_a_summary_that_purges_the_deleted_events_passes(project: pytest.Pytester) -> None:
    result = contract(project, "--compaction-compressor=memories:purging")
    result.assert_outcomes(passed=1)


def test_a_system_that_rebuilds_after_a_deletion_passes_without_purging(project: pytest.Pytester) -> None:
    result = contract(project, "--compaction-compressor=memories:rebuilding")
    result.assert_outcomes(passed=1)


def test_the_built_in_compressors_pass_the_spec(project: pytest.Pytester) -> None:
    for name in ("reference", "verbatim"):
        result = contract(project, f"--compaction-compressor={name}")
        result.assert_outcomes(passed=1)


def test_a_deleted_fact_brought_back_from_a_checkpoint_is_named(project: pytest.Pytester) -> None:
    project.makepyfile(
        resurrect=textwrap.dedent(
            """
            from pytest_compaction.mutants.compressors import ResurrectFromCheckpoint

            compressor = ResurrectFromCheckpoint()
            """
        )
    )
    result = contract(project, "--compaction-compressor=resurrect:compressor")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-code-1:forbidden_deleted_fact*"])


QUOTED_SPEC = """\
description: A recruiter's email is quoted in a reply; the candidate then asks to delete the salary.
tenant: tenant-a
subject: cand-ovid
events:
  - id: e1
    text: "Your current base salary is 81,500 and your notice period is four weeks."
    facts:
      - id: fact-salary
        predicate: job.current_salary
        value: 81500
        prose: {names: [base salary], value: ["81,500"]}
  - id: e2
    text: "Yes, four weeks' notice is right.\\n> Your current base salary is 81,500 and your notice
      period is four weeks."
    facts:
      - id: fact-notice
        predicate: job.notice_weeks
        value: 4
        prose: {names: [notice], value: [four weeks]}
  - {id: e3, text: "Please delete my current salary from your notes."}
steps:
  - add: [e1, e2]
  - compress
  - add: [e3]
  - delete: fact-salary
    event: e3
  - compress
"""


@pytest.fixture
def quoted(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makefile(".compaction.yaml", quoted_salary=QUOTED_SPEC)
    pytester.makepyfile(memories=COMPRESSORS)
    pytester.syspathinsert()
    return pytester


def test_a_quote_of_the_deleted_message_left_in_a_reply_fails(quoted: pytest.Pytester) -> None:
    # Dropping the deleted event's own line is not enough: the reply quotes it.
    result = contract(quoted, "--compaction-compressor=memories:purging")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-salary:forbidden_deleted_fact*"])
    assert "81,500" not in result.stdout.str()


def test_the_built_in_compressors_leave_no_quoted_copy(quoted: pytest.Pytester) -> None:
    for name in ("reference", "verbatim"):
        result = contract(quoted, f"--compaction-compressor={name}")
        result.assert_outcomes(passed=1)
