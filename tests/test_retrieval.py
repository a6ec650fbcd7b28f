from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

import pytest

from pytest_compaction.core.errors import CompactionError, PayloadError, UnknownIdError
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Fact, Status
from pytest_compaction.store.retrieval import (
    ActionRule,
    RetrievalQuery,
    RuleError,
    check_action,
    check_retrieval,
    run_use,
)
from pytest_compaction.store.sqlite import SQLiteStore

T, S = "tenant-1", "subject-1"
MEAL = RetrievalQuery(tenant_id=T, subject_id=S, query_class="meal_recommendation", text="what's for dinner?")


@pytest.fixture
def ledger() -> Ledger:
    ledger = Ledger(tenant_id=T, subject_id=S)
    ledger.fact("allergy-1", "food.peanuts_allowed", False, qualifiers={"basis": "allergy"})
    ledger.fact("diet-1", "food.diet", "vegetarian")
    ledger.fact("city-1", "home.city", "Lyon")
    ledger.fact("budget-1", "meal.budget_usd", 20)
    ledger.fact("budget-2", "meal.budget_usd", 25)
    ledger.supersede("budget-1", "budget-2")
    ledger.delete("city-1")
    ledger.fact("tried-1", "meal.tried", "satay: reaction")
    ledger.retire("tried-1", event_id="evt-9", reason="superseded by a doctor's note")
    ledger.fact("allergy-9", "food.shellfish_allowed", False, subject_id="subject-2")
    ledger.fact("allergy-t2", "food.peanuts_allowed", True, tenant_id="tenant-2")
    return ledger


def described(items: Iterable[Any]) -> list[str]:
    return [v.describe() for v in items]


def test_a_faithful_retrieval_passes(ledger: Ledger) -> None:
    verdict = check_retrieval(ledger, MEAL, ["allergy-1", "diet-1", "budget-2"], relevant=["allergy-1"])
    assert verdict.ok
    assert verdict.review == ()


def test_retrieval_need_not_return_every_fact(ledger: Ledger) -> None:
    assert check_retrieval(ledger, MEAL, ["allergy-1"], relevant=["allergy-1"]).ok


def test_an_omitted_relevant_fact(ledger: Ledger) -> None:
    verdict = check_retrieval(ledger, MEAL, ["diet-1"], relevant=["allergy-1", "diet-1"])
    assert described(verdict) == [
        "allergy-1:retrieval_omitted  food.peanuts_allowed = False (bool) is relevant to "
        "'meal_recommendation' for tenant-1/subject-1 but was not retrieved"
    ]


def test_a_superseded_relevant_fact_stands_for_its_current_version(ledger: Ledger) -> None:
    verdict = check_retrieval(ledger, MEAL, ["budget-1"], relevant=["budget-1"])
    assert described(verdict) == [
        "budget-1:retrieval_forbidden  superseded by budget-2, yet it was retrieved for "
        "tenant-1/subject-1 (meal_recommendation)",
        "budget-2:retrieval_omitted  meal.budget_usd = 25 (int) (the current version of budget-1) is "
        "relevant to 'meal_recommendation' for tenant-1/subject-1 but was not retrieved",
    ]


def test_deleted_and_retired_facts_are_forbidden(ledger: Ledger) -> None:
    verdict = check_retrieval(ledger, MEAL, ["allergy-1", "city-1", "tried-1"])
    assert described(verdict) == [
        "city-1:retrieval_forbidden  deleted, yet it was retrieved for tenant-1/subject-1 "
        "(meal_recommendation)",
        "tried-1:retrieval_forbidden  retired by event evt-9, yet it was retrieved for "
        "tenant-1/subject-1 (meal_recommendation)",
    ]


def test_another_subjects_or_tenants_fact_is_an_isolation_breach(ledger: Ledger) -> None:
    verdict = check_retrieval(ledger, MEAL, ["allergy-1", "allergy-9", "allergy-t2"])
    assert described(verdict) == [
        "allergy-9:isolation_breach  expected 'tenant-1/subject-1' got 'tenant-1/subject-2'  "
        "(retrieved for tenant-1/subject-1 (meal_recommendation) but it belongs to tenant-1/subject-2)",
        "allergy-t2:isolation_breach  expected 'tenant-1/subject-1' got 'tenant-2/subject-1'  "
        "(retrieved for tenant-1/subject-1 (meal_recommendation) but it belongs to tenant-2/subject-1)",
    ]


def test_a_retrieved_copy_labelled_with_another_subject_is_a_breach(ledger: Ledger) -> None:
    stray = Fact(fact_id="note-7", tenant_id=T, subject_id="subject-3", predicate="food.note", value="x")
    relabelled = Fact(
        fact_id="allergy-1",
        tenant_id=T,
        subject_id="subject-3",
        predicate="food.peanuts_allowed",
        value=False,
    )
    verdict = check_retrieval(ledger, MEAL, [stray, relabelled])
    assert [(v.name, v.observed) for v in verdict] == [
        ("allergy-1:isolation_breach", "tenant-1/subject-3"),
        ("note-7:isolation_breach", "tenant-1/subject-3"),
    ]


def test_an_unknown_fact_in_scope_is_a_review_item_not_a_failure(ledger: Ledger) -> None:
    verdict = check_retrieval(ledger, MEAL, ["allergy-1", "chit-chat-3"])
    assert verdict.ok
    assert described(verdict.review) == [
        "chit-chat-3:unsupported_fact  retrieved for tenant-1/subject-1 (meal_recommendation) but not "
        "in the ledger"
    ]


def test_relevance_is_declared_within_the_querys_scope(ledger: Ledger) -> None:
    with pytest.raises(PayloadError) as info:
        check_retrieval(ledger, MEAL, [], relevant=["allergy-1", "allergy-9"])
    assert str(info.value) == (
        "relevant[1]: fact 'allergy-9' belongs to tenant-1/subject-2, not to the query's "
        "tenant-1/subject-1; declare only facts of the scope being queried"
    )
    with pytest.raises(UnknownIdError, match="unknown fact id 'alergy-1'; did you mean 'allergy-1'"):
        check_retrieval(ledger, MEAL, [], relevant=["alergy-1"])


def test_retrieved_items_are_facts_or_ids(ledger: Ledger) -> None:
    with pytest.raises(PayloadError, match=r"^retrieved: expected facts or fact ids, got 7 \(int\)$"):
        check_retrieval(ledger, MEAL, [7])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"tenant_id": ""}, "query.tenant_id: expected a non-empty string, got '' (str)"),
        ({"query_class": None}, "query.query_class: expected a non-empty string, got None (null)"),
        ({"limit": -1}, "query.limit: expected a count of 0 or more, got -1 (int)"),
        ({"limit": True}, "query.limit: expected a count of 0 or more, got True (bool)"),
        (
            {"predicates": ("food.", "")},
            "query.predicates[1]: expected a non-empty predicate prefix, got '' (str)",
        ),
    ],
)
def test_query_fields_are_checked(kwargs: dict[str, Any], message: str) -> None:
    fields: dict[str, Any] = {"tenant_id": T, "subject_id": S, **kwargs}
    with pytest.raises(PayloadError) as info:
        RetrievalQuery(**fields)
    assert str(info.value) == message


# -- the store as the retriever -----------------------------------------------------------


def stored(ledger: Ledger) -> SQLiteStore:
    """Everything the ledger ever held for subject-1, including what is no longer active."""
    store = SQLiteStore()
    facts = tuple(
        dataclasses.replace(
            f, status=Status.ACTIVE, superseded_by=None, status_event_id=None, status_reason=None
        )
        for f in ledger
        if (f.tenant_id, f.subject_id) == (T, S)
    )
    store.write(Artifact(memory_version=1, tenant_id=T, subject_id=S, facts=facts), expected_version=0)
    return store


def test_the_reference_store_retrieves_within_the_contract(ledger: Ledger) -> None:
    store = stored(ledger)
    for fact in ledger:
        if fact.status.value != "active" and (fact.tenant_id, fact.subject_id) == (T, S):
            store.delete_fact(T, S, fact.fact_id)
    retrieved = store.retrieve(MEAL)
    assert [f.fact_id for f in retrieved] == ["allergy-1", "diet-1", "budget-2"]
    assert check_retrieval(ledger, MEAL, retrieved, relevant=["allergy-1", "budget-1"]).ok


def test_a_store_that_keeps_stale_memory_is_caught_at_retrieval(ledger: Ledger) -> None:
    retrieved = stored(ledger).retrieve(MEAL)  # nothing deleted in the store
    assert [v.name for v in check_retrieval(ledger, MEAL, retrieved)] == [
        "budget-1:retrieval_forbidden",
        "city-1:retrieval_forbidden",
        "tried-1:retrieval_forbidden",
    ]


def test_a_retriever_that_ignores_the_subject_filter_is_caught(ledger: Ledger) -> None:
    def tenant_wide(query: RetrievalQuery) -> list[Fact]:
        return [f for f in ledger.active() if f.tenant_id == query.tenant_id]

    verdict = check_retrieval(ledger, MEAL, tenant_wide(MEAL), relevant=["allergy-1"])
    assert verdict.names == ("allergy-9:isolation_breach",)


# -- use --------------------------------------------------------------------------------------


NO_PEANUTS = ActionRule(
    fact_id="allergy-1",
    description="no ingredient contains peanuts",
    holds=lambda meal: not any("peanut" in item for item in meal["ingredients"]),
)


def careful_planner(memory: tuple[Fact, ...]) -> dict[str, Any]:
    banned = any(f.predicate == "food.peanuts_allowed" and f.value is False for f in memory)
    dressing = "sesame dressing" if banned else "peanut dressing"
    return {"dish": "noodle salad", "ingredients": ["rice noodles", "cucumber", dressing]}


def careless_planner(memory: tuple[Fact, ...]) -> dict[str, Any]:
    return {"dish": "noodle salad", "ingredients": ["rice noodles", "peanut dressing"]}


def test_a_planner_that_respects_the_fact_passes(ledger: Ledger) -> None:
    memory = [ledger.get("allergy-1"), ledger.get("diet-1")]
    result = run_use(careful_planner, memory, [NO_PEANUTS])
    assert result.verdict.ok
    assert result.given_fact_ids == ("allergy-1", "diet-1")
    assert result.action["ingredients"][-1] == "sesame dressing"


def test_a_planner_that_ignores_the_fact_it_was_given(ledger: Ledger) -> None:
    result = run_use(careless_planner, [ledger.get("allergy-1"), ledger.get("diet-1")], [NO_PEANUTS])
    assert described(result.verdict) == [
        "allergy-1:action_violates_fact  the action breaks 'no ingredient contains peanuts'; it was "
        "given fact ids: allergy-1, diet-1"
    ]


def test_a_fact_that_never_reached_the_planner_points_at_retrieval(ledger: Ledger) -> None:
    result = run_use(careful_planner, [ledger.get("diet-1")], [NO_PEANUTS])
    assert described(result.verdict) == [
        "allergy-1:action_violates_fact  the action breaks 'no ingredient contains peanuts'; it was "
        "given fact ids: diet-1; allergy-1 was not among them, so retrieval dropped it before use"
    ]


def test_check_action_takes_ids_and_reports_an_empty_memory() -> None:
    action = {"ingredients": ["peanut butter"]}
    assert check_action({"ingredients": ["tofu"]}, [NO_PEANUTS], given=["allergy-1"]).ok
    verdict = check_action(action, [NO_PEANUTS], given=[])
    assert verdict.violations[0].detail == (
        "the action breaks 'no ingredient contains peanuts'; it was given fact ids: none; allergy-1 was "
        "not among them, so retrieval dropped it before use"
    )


def test_a_rule_must_answer_true_or_false() -> None:
    sloppy = ActionRule(fact_id="allergy-1", description="no peanuts", holds=lambda meal: None)  # type: ignore[arg-type,return-value]
    with pytest.raises(RuleError) as info:
        check_action({}, [sloppy], given=[])
    assert str(info.value) == (
        "the rule for fact 'allergy-1' ('no peanuts') returned None (null); a rule must return True "
        "when the action respects the fact and False when it breaks it"
    )
    assert isinstance(info.value, CompactionError)
    assert isinstance(info.value, TypeError)


def test_the_four_stages_end_to_end(ledger: Ledger) -> None:
    """Ledger -> store -> retrieval -> use: each boundary has its own oracle."""
    store = SQLiteStore()
    memory = Artifact(memory_version=1, tenant_id=T, subject_id=S, facts=ledger.active(T, S))
    store.write(memory, expected_version=0)
    retrieved = store.retrieve(RetrievalQuery(tenant_id=T, subject_id=S, predicates=("food.",)))
    assert check_retrieval(ledger, MEAL, retrieved, relevant=["allergy-1"]).ok
    assert run_use(careful_planner, retrieved, [NO_PEANUTS]).verdict.ok
    assert run_use(careless_planner, retrieved, [NO_PEANUTS]).verdict.names == (
        "allergy-1:action_violates_fact",
    )
