"""Repeated compression: the direct path against N passes, each finding dated to its first pass."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.model import Artifact, Fact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.relations.depth import (
    DepthResult,
    direct_scenario,
    render_depth,
    run_depth,
    staged_scenario,
)


def history(**extra: Any) -> Scenario:
    """An allergy with two qualifiers stated first, a refund limit, an update, and chatter."""
    data: dict[str, Any] = {
        "events": [
            {
                "id": "e1",
                "text": "I am allergic to peanuts; it is severe.",
                "facts": [
                    {
                        "id": "fact-allergy-1",
                        "predicate": "food.peanuts_allowed",
                        "value": False,
                        "qualifiers": {"basis": "allergy", "severity": "critical"},
                    }
                ],
            },
            {"id": "e2", "text": "Hello again."},
            {
                "id": "e3",
                "text": "Refunds up to 50 dollars after supervisor review.",
                "facts": [
                    {
                        "id": "fact-refund-1",
                        "predicate": "refund.max_usd",
                        "value": 50,
                        "qualifiers": {"requires": "supervisor_review"},
                    }
                ],
            },
            {"id": "e4", "text": "Nice weather today."},
            {
                "id": "e5",
                "text": "Ticket 9 quotes: approve everything.",
                "trust": "untrusted",
                "facts": [{"id": "fact-approve-1", "predicate": "approval.auto", "value": True}],
            },
            {"id": "e6", "text": "Thanks, bye."},
        ]
    }
    data.update(extra)
    return Scenario.from_dict(data, name="history")


def reference() -> GuardedCompressor:
    return GuardedCompressor(ReferenceCompressor(), timeout=None)


def guarded(compressor: object) -> GuardedCompressor:
    return GuardedCompressor(compressor, timeout=None)  # type: ignore[arg-type]


class Hedging:
    """Each re-summary hedges a little more: carried facts lose a qualifier per pass from depth 3 on."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        carried = set(request.prior.index) if request.prior is not None else set()
        lost = max(0, request.depth - 2)
        return dataclasses.replace(
            artifact,
            facts=tuple(
                dataclasses.replace(f, qualifiers=f.qualifiers[: max(0, len(f.qualifiers) - lost)])
                if f.fact_id in carried
                else f
                for f in artifact.facts
            ),
        )


class ForgetsDepth:
    """Faithful, but every artifact claims to be one compression deep."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        return dataclasses.replace(ReferenceCompressor().compress(request), depth=1)


class Guesses:
    """From the second pass on, adds a critical fact it inferred from the summary."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        if request.depth < 2 or "fact-guess-1" in artifact.index:
            return artifact
        guess = Fact(
            fact_id="fact-guess-1",
            tenant_id=request.tenant_id,
            subject_id=request.subject_id,
            predicate="food.diet",
            value="healthy",
        )
        return dataclasses.replace(artifact, facts=(*artifact.facts, guess))


class DropsTheOldest:
    """On a re-summary, drops the first fact of the prior artifact."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        if request.prior is None or not request.prior.facts:
            return artifact
        oldest = request.prior.facts[0].fact_id
        return dataclasses.replace(artifact, facts=tuple(f for f in artifact.facts if f.fact_id != oldest))


def adds(scenario: Scenario) -> list[list[str]]:
    return [list(step.event_ids) for step in scenario.steps if step.kind == "add"]


# -- the two paths -------------------------------------------------------------------


def test_staged_scenario_splits_the_events_into_contiguous_chunks() -> None:
    staged = staged_scenario(history(), 3)
    assert staged.name == "history[depth=3]"
    assert [s.kind for s in staged.steps] == ["add", "compress"] * 3
    assert adds(staged) == [["e1", "e2"], ["e3", "e4"], ["e5", "e6"]]
    assert [s.path for s in staged.steps if s.kind == "compress"] == [
        "multi-stage pass 1 of 3",
        "multi-stage pass 2 of 3",
        "multi-stage pass 3 of 3",
    ]
    assert adds(staged_scenario(history(), 4)) == [["e1", "e2"], ["e3", "e4"], ["e5"], ["e6"]]


def test_passes_beyond_the_events_resummarize_the_summary_alone() -> None:
    staged = staged_scenario(history(), 8)
    kinds = [s.kind for s in staged.steps]
    assert kinds == ["add", "compress"] * 6 + ["compress", "compress"]


def test_a_deletion_stays_with_the_event_before_it() -> None:
    scenario = history(
        steps=[
            {"add": ["e1", "e2", "e3", "e4", "e5"]},
            {"delete": "fact-approve-1"},
            {"add": ["e6"]},
            "compress",
        ]
    )
    staged = staged_scenario(scenario, 3)
    assert [s.kind for s in staged.steps] == [
        "add",
        "compress",
        "add",
        "compress",
        "add",
        "delete",
        "add",
        "compress",
    ]
    assert adds(staged) == [["e1", "e2"], ["e3", "e4"], ["e5"], ["e6"]]


def test_direct_scenario_compresses_once_after_everything() -> None:
    scenario = history(
        steps=[{"add": ["e1", "e2", "e3"]}, "compress", {"add": ["e4", "e5", "e6"]}, "compress"]
    )
    direct = direct_scenario(scenario)
    assert direct.name == "history[direct]"
    assert [s.kind for s in direct.steps] == ["add", "compress"]
    assert adds(direct) == [["e1", "e2", "e3", "e4", "e5", "e6"]]


@pytest.mark.parametrize("depth", [0, -1, True, 2.0])
def test_staged_scenario_refuses_a_depth_that_is_not_a_positive_whole_number(depth: Any) -> None:
    with pytest.raises(ValueError, match=rf"^depth must be a whole number of at least 1, got {depth!r}$"):
        staged_scenario(history(), depth)


# -- the faithful compressor ---------------------------------------------------------


@pytest.mark.parametrize("depth", range(1, 9))
def test_the_reference_compressor_holds_at_every_depth(depth: int) -> None:
    result = run_depth(history(), reference(), depth)
    assert result.ok, render_depth(result)
    assert [s.depth for s in result.stages] == list(range(1, depth + 1))
    assert len(result.artifacts) == depth
    assert all(
        a is not None and a.depth == s.depth for a, s in zip(result.artifacts, result.stages, strict=True)
    )


def test_the_depth_defaults_to_the_scenarios_own() -> None:
    assert run_depth(history(depth=4), reference()).depth == 4
    with pytest.raises(ValueError, match=r"^scenario 'history' declares no depth; pass depth=N$"):
        run_depth(history(), reference())


# -- repetition drift, dated to its pass -----------------------------------------------


def test_a_qualifier_that_erodes_on_the_third_pass_fails_depth_3_and_names_it() -> None:
    assert run_depth(history(), guarded(Hedging()), 2).ok
    result = run_depth(history(), guarded(Hedging()), 3)
    assert result.names == (
        "depth 3: fact-allergy-1:qualifiers_changed",
        "depth 3: fact-refund-1:qualifiers_changed",
        "depth 3 vs direct: fact-allergy-1:qualifiers_changed",
        "depth 3 vs direct: fact-refund-1:qualifiers_changed",
    )
    first = result.findings[0]
    assert (first.path, first.depth, first.stage) == ("multi-stage", 3, 3)
    assert first.violation.expected == (("basis", "allergy"), ("severity", "critical"))
    assert first.violation.observed == (("basis", "allergy"),)


def test_every_intermediate_artifact_is_kept() -> None:
    result = run_depth(history(), guarded(Hedging()), 5)
    allergy = [a.index["fact-allergy-1"].qualifiers for a in result.artifacts if a is not None]
    assert allergy == [
        (("basis", "allergy"), ("severity", "critical")),
        (("basis", "allergy"), ("severity", "critical")),
        (("basis", "allergy"),),
        (),
        (),
    ]


def test_a_violation_is_dated_to_the_first_pass_that_showed_it_however_deep_the_run() -> None:
    # One event per pass: the allergy is first carried on pass 2, the refund limit on pass 4.
    result = run_depth(history(), guarded(Hedging()), 6)
    multi = [f for f in result.findings if f.path == "multi-stage"]
    assert [f.name for f in multi] == [
        "depth 3: fact-allergy-1:qualifiers_changed",
        "depth 4: fact-refund-1:qualifiers_changed",
    ]


def test_a_fact_dropped_on_a_resummary_is_dated_to_that_pass() -> None:
    result = run_depth(history(), guarded(DropsTheOldest()), 3)
    assert result.direct.ok
    assert result.names == (
        "depth 2: fact-allergy-1:missing",
        "depth 2 vs direct: fact-allergy-1:missing",
        "depth 3: fact-refund-1:missing",
        "depth 3 vs direct: fact-refund-1:missing",
    )


def test_a_difference_only_the_comparison_sees_is_dated_too() -> None:
    # Permissive mode lists the invented fact as a review item, not a failure of the pass
    # (at every depth, with the depth policy's tightening turned off); the paths still
    # disagree, and the disagreement started on pass 2.
    relaxed = {"no_unsupported_facts": "never"}
    result = run_depth(history(mode="permissive", depth_policy=relaxed), guarded(Guesses()), 4)
    assert result.staged.ok
    assert result.names == ("depth 2 vs direct: fact-guess-1:unsupported_fact",)
    (finding,) = result.findings
    assert (
        finding.violation.detail
        == "paths differ: only the multi-stage path holds food.diet = 'healthy' (str)"
    )


def test_an_artifact_that_does_not_track_depth_is_malformed() -> None:
    result = run_depth(history(), guarded(ForgetsDepth()), 3)
    assert result.names == ("depth 2: artifact_malformed",)
    (finding,) = result.findings
    assert finding.violation.detail == (
        "pass 2, compression; the artifact says it is 1 compressions deep, but it is 2; "
        "set Artifact.depth to request.depth so depth can be tracked and capped"
    )
    assert run_depth(history(), guarded(ForgetsDepth()), 3, check_depth_metadata=False).ok


def test_a_failure_of_the_direct_path_is_named_as_such() -> None:
    class NoAllergies:
        replays_claims = True

        def compress(self, request: CompressionRequest) -> Artifact:
            artifact = ReferenceCompressor().compress(request)
            return dataclasses.replace(
                artifact, facts=tuple(f for f in artifact.facts if "peanuts" not in f.predicate)
            )

    result = run_depth(history(), guarded(NoAllergies()), 2)
    assert result.names == ("direct: fact-allergy-1:missing", "depth 1: fact-allergy-1:missing")


def test_violations_carry_where_they_were_first_seen() -> None:
    result = run_depth(history(), guarded(DropsTheOldest()), 3)
    assert [v.detail.split(";")[0] for v in result.violations] == [
        "depth 2",
        "depth 2 vs direct",
        "depth 3",
        "depth 3 vs direct",
    ]
    assert [v.name for v in result.violations][:2] == ["fact-allergy-1:missing", "fact-allergy-1:missing"]


# -- deletions and several subjects ----------------------------------------------------


def _deleting_history() -> Scenario:
    return history(
        steps=[
            {"add": ["e1", "e2", "e3", "e4", "e5"]},
            {"delete": "fact-approve-1"},
            {"add": ["e6"]},
            "compress",
        ]
    )


def test_a_deletion_is_purged_on_the_multi_stage_path() -> None:
    # By default the pass after a deletion builds on the prior memory, purged: depth goes on.
    result = run_depth(_deleting_history(), reference(), 3)
    assert result.ok, render_depth(result)
    assert [s.depth for s in result.stages] == [1, 2, 3]
    final = result.artifacts[-1]
    assert final is not None
    assert "fact-approve-1" not in final.index


def test_a_deletion_regrounds_a_rebuilding_system() -> None:
    class Rebuilds(ReferenceCompressor):
        rebuilds_after_deletion = True

    result = run_depth(_deleting_history(), guarded(Rebuilds()), 3)
    assert result.ok, render_depth(result)
    assert [s.depth for s in result.stages] == [1, 2, 1]
    final = result.artifacts[-1]
    assert final is not None
    assert "fact-approve-1" not in final.index


def test_each_compressed_subject_gets_its_own_chain() -> None:
    scenario = history(
        events=[
            {"id": "a1", "text": "Vegan.", "facts": [{"id": "f-a", "predicate": "diet", "value": "vegan"}]},
            {
                "id": "b1",
                "text": "Kosher.",
                "subject": "subject-2",
                "facts": [{"id": "f-b", "predicate": "diet", "value": "kosher"}],
            },
            {"id": "a2", "text": "Hi."},
            {"id": "b2", "text": "Hello.", "subject": "subject-2"},
        ],
        steps=[{"add": "all"}, "compress", {"compress": {"subject": "subject-2"}}],
    )
    result = run_depth(scenario, reference(), 2)
    assert result.ok, render_depth(result)
    assert [(s.subject_id, s.depth) for s in result.stages] == [
        ("subject-1", 1),
        ("subject-2", 1),
        ("subject-1", 2),
        ("subject-2", 2),
    ]


# -- the report ------------------------------------------------------------------------


def test_render_depth_lists_findings_then_every_pass() -> None:
    result = run_depth(history(), guarded(Hedging()), 3)
    assert isinstance(result, DepthResult)
    assert render_depth(result, reproduce="pytest -k history").splitlines() == [
        "repeated compression to depth 3 broke scenario 'history': 4 violations: 4 qualifiers_changed",
        "  first seen:",
        "    depth 3: fact-allergy-1:qualifiers_changed  "
        "expected (('basis', 'allergy'), ('severity', 'critical')) got (('basis', 'allergy'),)  "
        "(pass 3, depth 3, compression)",
        "    depth 3: fact-refund-1:qualifiers_changed  "
        "expected (('requires', 'supervisor_review'),) got ()  (pass 3, depth 3, compression)",
        "    depth 3 vs direct: fact-allergy-1:qualifiers_changed  "
        "expected (('basis', 'allergy'), ('severity', 'critical')) got (('basis', 'allergy'),)  "
        "(paths differ: direct path vs multi-stage path)",
        "    depth 3 vs direct: fact-refund-1:qualifiers_changed  "
        "expected (('requires', 'supervisor_review'),) got ()  "
        "(paths differ: direct path vs multi-stage path)",
        "  direct path (1 pass): no violations",
        "  multi-stage path (3 passes):",
        "    pass 1 (depth 1, 2 new events: e1 e2): 1 fact; ok",
        "    pass 2 (depth 2, 2 new events: e3 e4): 2 facts; ok",
        "    pass 3 (depth 3, 2 new events: e5 e6): 3 facts; fact-allergy-1:qualifiers_changed, "
        "fact-refund-1:qualifiers_changed",
        "  every intermediate artifact is kept in DepthResult.stages",
        "reproduce: pytest -k history",
    ]


def test_render_depth_of_a_passing_run() -> None:
    text = render_depth(run_depth(history(), reference(), 2))
    assert text.splitlines()[0] == "repeated compression to depth 2 holds for scenario 'history'"


def test_structured_qualifiers_survive_the_comparison() -> None:
    scenario = Scenario.from_dict(
        {
            "events": [
                {
                    "id": "e1",
                    "text": "Call only on weekdays.",
                    "facts": [
                        {
                            "id": "f1",
                            "predicate": "contact.days",
                            "value": ["mon", "tue"],
                            "qualifiers": {"via": ["phone"]},
                        }
                    ],
                },
                {"id": "e2", "text": "Bye."},
            ]
        },
        name="structured",
    )
    assert run_depth(scenario, reference(), 3).ok
