"""Retrieval evidence: what retrieval chose from, what it chose, and which stage lost a fact.

A relevant fact that a ``retrieve`` step does not return was lost either by retrieval
ranking (the stored memory holds it; the retriever did not select it) or by storage (the
stored memory does not hold it). The failure text and the evidence bundle say which,
with the query class, the tenant and subject filter, the candidate and selected ids,
the memory version read and the references passed downstream.
"""

from __future__ import annotations

import dataclasses
import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml

from pytest_compaction.compressors.base import ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.model import Artifact, Fact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.engine.evidence import boundary_of, bundle_from_run, first_boundary, lost_stage
from pytest_compaction.engine.runner import run_scenario
from pytest_compaction.store.retrieval import RetrievalQuery, StoredMemory, check_retrieval
from pytest_compaction.store.sqlite import SQLiteStore

SPEC: dict[str, Any] = {
    "tenant": "tenant-meals",
    "subject": "diner-ana",
    "events": [
        {
            "id": "e1",
            "text": "I am allergic to peanuts.",
            "facts": [
                {
                    "id": "fact-allergy-1",
                    "predicate": "food.peanuts_allowed",
                    "value": False,
                    "qualifiers": {"basis": "allergy"},
                }
            ],
        },
        {
            "id": "e2",
            "text": "I like spicy food.",
            "facts": [{"id": "fact-spicy-1", "predicate": "food.spicy_liked", "value": True}],
        },
    ],
    "steps": [
        {"add": ["e1", "e2"]},
        "compress",
        {
            "retrieve": {
                "query": "meal_recommendation",
                "predicates": ["food."],
                "relevant": ["fact-allergy-1"],
            }
        },
        {
            "use": {
                "consumer": "pytest_compaction.engine.meal_planner:plan_meal",
                "rules": ["pytest_compaction.engine.meal_planner:no_forbidden_ingredient"],
            }
        },
    ],
}

STORES = textwrap.dedent(
    """
    import dataclasses
    from pytest_compaction.store.sqlite import SQLiteStore

    class RanksAllergiesLow(SQLiteStore):
        '''Stores everything; its retriever cuts allergies from the ranking.'''

        def retrieve(self, query):
            return tuple(f for f in super().retrieve(query) if f.predicate != "food.peanuts_allowed")

    class ForgetsAllergies(SQLiteStore):
        '''Writes every artifact without its allergy facts (a column the schema lacks).'''

        def write(self, artifact, *, expected_version):
            kept = tuple(f for f in artifact.facts if f.predicate != "food.peanuts_allowed")
            return super().write(dataclasses.replace(artifact, facts=kept), expected_version=expected_version)
    """
)


def scenario() -> Scenario:
    return Scenario.from_dict(SPEC, name="allergy-retrieval")


class RanksAllergiesLow(SQLiteStore):
    def retrieve(self, query: RetrievalQuery) -> tuple[Fact, ...]:
        return tuple(f for f in super().retrieve(query) if f.predicate != "food.peanuts_allowed")


class ForgetsAllergies(SQLiteStore):
    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        kept = tuple(f for f in artifact.facts if f.predicate != "food.peanuts_allowed")
        return super().write(dataclasses.replace(artifact, facts=kept), expected_version=expected_version)


def omitted(violations: tuple[Violation, ...]) -> Violation:
    (found,) = [v for v in violations if v.code is ViolationCode.RETRIEVAL_OMITTED]
    return found


# -- the retrieve step records what it chose from ---------------------------------------


@pytest.mark.parametrize("store", [None, SQLiteStore], ids=["no-store", "sqlite"])
def test_a_faithful_retrieval_records_candidates_selection_version_and_references(store: Any) -> None:
    run = run_scenario(scenario(), GuardedCompressor(ReferenceCompressor()), store=store() if store else None)
    assert run.ok, run.violations
    (retrieval,) = run.retrievals
    assert retrieval.query.query_class == "meal_recommendation"
    assert (retrieval.query.tenant_id, retrieval.query.subject_id) == ("tenant-meals", "diner-ana")
    assert retrieval.candidates == ("fact-allergy-1", "fact-spicy-1")
    assert retrieval.fact_ids == ("fact-allergy-1", "fact-spicy-1")
    assert retrieval.memory_version == 1
    assert retrieval.references == (
        "fact-allergy-1@tenant-meals/diner-ana#v1",
        "fact-spicy-1@tenant-meals/diner-ana#v1",
    )
    (use,) = run.uses
    assert use.given_fact_ids == retrieval.fact_ids


def test_the_evidence_of_a_faithful_retrieval() -> None:
    run = run_scenario(scenario(), GuardedCompressor(ReferenceCompressor()), store=SQLiteStore())
    bundle = bundle_from_run(run, test_id="t", compressor="reference")
    (entry,) = bundle["retrievals"]
    assert entry["query_class"] == "meal_recommendation"
    assert entry["filter"] == {
        "tenant_id": "tenant-meals",
        "subject_id": "diner-ana",
        "predicates": ["food."],
        "limit": None,
    }
    assert entry["memory_version_read"] == 1
    assert entry["candidate_fact_ids"] == ["fact-allergy-1", "fact-spicy-1"]
    assert entry["selected_fact_ids"] == ["fact-allergy-1", "fact-spicy-1"]
    assert entry["references_passed_downstream"] == [
        "fact-allergy-1@tenant-meals/diner-ana#v1",
        "fact-spicy-1@tenant-meals/diner-ana#v1",
    ]
    assert entry["lost"] == []
    assert bundle["uses"][0]["given_fact_ids"] == ["fact-allergy-1", "fact-spicy-1"]


# -- which stage lost the fact ----------------------------------------------------------


def test_a_fact_the_store_holds_but_retrieval_did_not_select_is_lost_in_ranking() -> None:
    run = run_scenario(scenario(), GuardedCompressor(ReferenceCompressor()), store=RanksAllergiesLow())
    violation = omitted(run.violations)
    assert violation.detail.endswith(
        "lost in retrieval ranking: the store's memory of tenant-meals/diner-ana (version 1) holds it "
        "among 2 candidates, but the retriever selected 1 other fact"
    )
    assert lost_stage(violation) == "retrieval ranking"
    assert boundary_of(violation) == "retrieval"
    assert first_boundary(run.violations) == "retrieval"
    entry = bundle_from_run(run, test_id="t", compressor="reference")["retrievals"][0]
    assert entry["candidate_fact_ids"] == ["fact-allergy-1", "fact-spicy-1"]
    assert entry["selected_fact_ids"] == ["fact-spicy-1"]
    assert entry["lost"] == [{"fact_id": "fact-allergy-1", "stage": "retrieval ranking"}]


def test_a_fact_the_store_does_not_hold_is_lost_in_storage() -> None:
    run = run_scenario(scenario(), GuardedCompressor(ReferenceCompressor()), store=ForgetsAllergies())
    violation = omitted(run.violations)
    assert violation.detail.endswith(
        "lost in storage: the store's memory of tenant-meals/diner-ana (version 1) does not hold it"
    )
    assert lost_stage(violation) == "storage"
    assert boundary_of(violation) == "storage"
    # The pass's own read-back comparison names storage first, too.
    assert first_boundary(run.violations) == "storage"
    bundle = bundle_from_run(run, test_id="t", compressor="reference")
    assert bundle["first_divergence"]["boundary"] == "storage"
    entry = bundle["retrievals"][0]
    assert entry["candidate_fact_ids"] == ["fact-spicy-1"]
    assert entry["lost"] == [{"fact_id": "fact-allergy-1", "stage": "storage"}]


def test_a_query_filter_that_excludes_a_stored_fact_is_retrieval_not_storage() -> None:
    data = json.loads(json.dumps(SPEC))
    data["steps"][2]["retrieve"]["predicates"] = ["food.spicy"]
    run = run_scenario(Scenario.from_dict(data, name="x"), GuardedCompressor(ReferenceCompressor()))
    violation = omitted(run.violations)
    assert (
        "lost in retrieval ranking: the store's memory of tenant-meals/diner-ana (version 1) holds it, "
        in (violation.detail)
    )
    assert "the query's filter excludes it" in violation.detail


def test_nothing_stored_yet_is_storage() -> None:
    query = RetrievalQuery(tenant_id="tenant-meals", subject_id="diner-ana", query_class="q")
    assert StoredMemory(version=None).lost("fact-allergy-1", query, 0) == (
        "lost in storage: nothing is stored for tenant-meals/diner-ana"
    )


def test_check_retrieval_names_no_stage_without_the_stored_memory() -> None:
    from pytest_compaction.core.ledger import Ledger

    ledger = Ledger(tenant_id="t", subject_id="s")
    fact = Fact(fact_id="f1", tenant_id="t", subject_id="s", predicate="food.x", value=False)
    ledger.add_fact(fact)
    query = RetrievalQuery(tenant_id="t", subject_id="s", query_class="q")
    plain = check_retrieval(ledger, query, [], relevant=["f1"])
    assert lost_stage(plain.violations[0]) is None
    assert boundary_of(plain.violations[0]) == "retrieval"
    held = check_retrieval(ledger, query, [], relevant=["f1"], memory=StoredMemory.of(query, 4, [fact]))
    assert (
        "(version 4) holds it among 1 candidate, but the retriever selected none" in held.violations[0].detail
    )


# -- through pytest ----------------------------------------------------------------------


def write_project(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(lossy_stores=STORES)
    pytester.syspathinsert()
    (pytester.path / "allergy.compaction.yaml").write_text(yaml.safe_dump(SPEC, sort_keys=False))


def run_with(pytester: pytest.Pytester, store: str) -> tuple[pytest.RunResult, dict[str, Any]]:
    result = pytester.runpytest(
        "--compaction-contract",
        f"--compaction-store={store}",
        "--compaction-evidence=ev",
        "-p",
        "no:cacheprovider",
    )
    (path,) = sorted(Path(pytester.path / "ev").glob("*.json"))
    return result, json.loads(path.read_text(encoding="ascii"))


def test_through_pytest_a_ranking_loss_is_named_in_the_failure_and_the_evidence(
    pytester: pytest.Pytester,
) -> None:
    write_project(pytester)
    result, bundle = run_with(pytester, "lossy_stores:RanksAllergiesLow")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*fact-allergy-1:retrieval_omitted*lost in retrieval ranking: "
            "the store's memory of*(version 1) holds it*"
        ]
    )
    assert bundle["first_divergence"]["boundary"] == "retrieval"
    (entry,) = bundle["retrievals"]
    assert entry["lost"] == [{"fact_id": "fact-allergy-1", "stage": "retrieval ranking"}]
    assert entry["candidate_fact_ids"] == ["fact-allergy-1", "fact-spicy-1"]
    assert entry["memory_version_read"] == 1


def test_through_pytest_a_storage_loss_is_named_in_the_failure_and_the_evidence(
    pytester: pytest.Pytester,
) -> None:
    write_project(pytester)
    result, bundle = run_with(pytester, "lossy_stores:ForgetsAllergies")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-allergy-1:retrieval_omitted*lost in storage: the store's memory of*"])
    assert bundle["first_divergence"]["boundary"] == "storage"
    (entry,) = bundle["retrievals"]
    assert entry["lost"] == [{"fact_id": "fact-allergy-1", "stage": "storage"}]
    assert entry["candidate_fact_ids"] == ["fact-spicy-1"]


def test_through_pytest_the_faithful_store_passes(pytester: pytest.Pytester) -> None:
    write_project(pytester)
    result = pytester.runpytest(
        "--compaction-contract", "--compaction-store=sqlite", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=1)
