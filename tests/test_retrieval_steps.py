"""The ``retrieve`` and ``use`` steps: a scenario carried on to stages 3 and 4."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
import yaml
from _schema import schema_problems

from pytest_compaction.compressors.base import ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.model import Artifact, Fact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import ViolationCode
from pytest_compaction.engine.evidence import bundle_from_run, first_boundary
from pytest_compaction.engine.meal_planner import no_forbidden_ingredient, plan_meal
from pytest_compaction.engine.runner import ScenarioRun, run_scenario
from pytest_compaction.specs.spec import load_spec
from pytest_compaction.store.retrieval import ActionRule, RetrievalQuery
from pytest_compaction.store.sqlite import SQLiteStore

HERE = __name__
PLANNER = "pytest_compaction.engine.meal_planner:plan_meal"
RULE = "pytest_compaction.engine.meal_planner:no_forbidden_ingredient"
CANARY = "CANARY-51c2"


@pytest.fixture(autouse=True)
def _registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """This module's consumers and rules, registered as a project's conftest.py would."""
    from pytest_compaction.config import references

    for name in ("careless_planner", "says_maybe", "NOT_A_RULE", "NO_PEANUTS"):
        monkeypatch.setitem(references._registered, name, f"{HERE}:{name}")


def spec(steps: list[Any] | None = None, **extra: Any) -> dict[str, Any]:
    """Two diners in one tenant; Ana is allergic to peanuts and asked to forget a sesame allergy."""
    return {
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
                "text": "I avoid sesame too.",
                "facts": [{"id": "fact-sesame-1", "predicate": "food.sesame_allowed", "value": False}],
            },
            {
                "id": "e3",
                "subject": "diner-bo",
                "text": "Bo cannot eat shellfish.",
                "facts": [
                    {"id": "fact-bo-shellfish-1", "predicate": "food.shellfish_allowed", "value": False}
                ],
            },
            {"id": "e4", "text": "Forget the sesame thing."},
        ],
        "steps": steps
        if steps is not None
        else [
            {"add": ["e1", "e2", "e3"]},
            {"compress": None},
            {"compress": {"subject": "diner-bo"}},
            {"add": ["e4"]},
            {"delete": "fact-sesame-1", "event": "e4"},
            {
                "retrieve": {
                    "query": "meal_recommendation",
                    "predicates": ["food."],
                    "relevant": ["fact-allergy-1"],
                }
            },
            {"use": {"consumer": PLANNER, "rules": [RULE]}},
        ],
        **extra,
    }


def run(data: dict[str, Any], store: object = None) -> ScenarioRun:
    scenario = Scenario.from_dict(data, name="meal")
    return run_scenario(scenario, GuardedCompressor(ReferenceCompressor()), store=store)  # type: ignore[arg-type]


# -- defective stores and consumers --------------------------------------------------


class Remembering(SQLiteStore):
    """Keeps every artifact written, so a defective retrieve can answer from it."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[Artifact] = []

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        version = super().write(artifact, expected_version=expected_version)
        self.written.append(artifact)  # only writes the store accepted (a stale one is refused)
        return version


class DropsAllergies(SQLiteStore):
    """A retriever that ranks allergies low and cuts them."""

    def retrieve(self, query: RetrievalQuery) -> tuple[Fact, ...]:
        return tuple(f for f in super().retrieve(query) if f.predicate != "food.peanuts_allowed")


class IgnoresDeletion(Remembering):
    """Serves the last artifact as written: deletions are not enforced at retrieval."""

    def retrieve(self, query: RetrievalQuery) -> tuple[Fact, ...]:
        last = [a for a in self.written if (a.tenant_id, a.subject_id) == (query.tenant_id, query.subject_id)]
        return tuple(f for f in last[-1].facts if query.matches(f)) if last else ()


class FiltersByTenantOnly(Remembering):
    """Retrieves every subject's facts of the tenant."""

    def retrieve(self, query: RetrievalQuery) -> tuple[Fact, ...]:
        own = super().retrieve(query)
        others = [f for a in self.written if a.subject_id != query.subject_id for f in a.facts]
        return (*own, *others)


def careless_planner(memory: Iterable[Fact]) -> dict[str, Any]:
    """Ignores memory: always the satay salad."""
    return {"dish": f"satay noodle salad {CANARY}", "ingredients": ["rice noodles", "peanut dressing"]}


NO_PEANUTS = ActionRule(
    fact_id="fact-allergy-1",
    description="no peanut ingredient",
    holds=lambda action: not any("peanut" in i for i in action["ingredients"]),
)


def says_maybe(truth: Iterable[Fact]) -> list[object]:
    return ["maybe"]


NOT_A_RULE = 42


@pytest.mark.parametrize("store", [None, SQLiteStore], ids=["no-store", "sqlite"])
def test_reference_path_passes_and_records_each_stage(store: type[SQLiteStore] | None) -> None:
    result = run(spec(), store() if store is not None else None)
    assert result.names == ()
    (retrieval,) = result.retrievals
    assert retrieval.step_path == "steps[5]"
    assert retrieval.after_pass == 2
    assert (retrieval.query.tenant_id, retrieval.query.subject_id) == ("tenant-meals", "diner-ana")
    assert retrieval.query.query_class == "meal_recommendation"
    assert retrieval.query.predicates == ("food.",)
    assert retrieval.fact_ids == ("fact-allergy-1",)
    (use,) = result.uses
    assert use.given_fact_ids == ("fact-allergy-1",)
    assert use.action == {
        "dish": "shrimp fried rice",
        "ingredients": ["rice", "shrimp", "egg", "spring onion"],
    }


def test_a_retriever_that_drops_the_allergy_is_caught_at_retrieval_and_use() -> None:
    result = run(spec(), DropsAllergies())
    assert result.names == ("fact-allergy-1:action_violates_fact", "fact-allergy-1:retrieval_omitted")
    by_code = {v.code: v for v in result.violations}
    assert by_code[ViolationCode.RETRIEVAL_OMITTED].detail == (
        "retrieval at steps[5]; food.peanuts_allowed = False (bool) is relevant to "
        "'meal_recommendation' for tenant-meals/diner-ana but was not retrieved; lost in retrieval "
        "ranking: the store's memory of tenant-meals/diner-ana (version 1) holds it among 1 candidate, "
        "but the retriever selected none"
    )
    assert by_code[ViolationCode.ACTION_VIOLATES_FACT].detail == (
        "use at steps[6]; the action breaks 'no ingredient contains peanuts'; it was given fact ids: none; "
        "fact-allergy-1 was not among them, so retrieval dropped it before use"
    )
    assert first_boundary(result.violations) == "retrieval"


def test_a_store_that_ignores_deletion_at_retrieval_is_caught() -> None:
    result = run(spec(), IgnoresDeletion())
    assert result.names == ("fact-sesame-1:retrieval_forbidden",)
    (violation,) = result.violations
    assert violation.detail == (
        "retrieval at steps[5]; deleted by event e4, yet it was retrieved for tenant-meals/diner-ana "
        "(meal_recommendation)"
    )


def test_a_retriever_that_crosses_subjects_is_an_isolation_breach() -> None:
    result = run(spec(), FiltersByTenantOnly())
    assert result.names == ("fact-bo-shellfish-1:isolation_breach",)


def test_a_consumer_that_ignores_memory_breaks_the_rule_with_the_facts_it_had() -> None:
    steps = spec()["steps"]
    steps[-1] = {"use": {"consumer": f"{HERE}:careless_planner", "rules": [RULE, f"{HERE}:NO_PEANUTS"]}}
    result = run(spec(steps), SQLiteStore())
    assert result.names == ("fact-allergy-1:action_violates_fact",)
    (violation,) = result.violations
    assert violation.detail == (
        "use at steps[6]; the action breaks 'no ingredient contains peanuts'; it was given fact ids: "
        "fact-allergy-1"
    )
    assert first_boundary(result.violations) == "use"


def test_without_a_store_retrieval_answers_from_the_latest_artifact_with_deletions_applied() -> None:
    steps = [
        {"add": ["e1", "e2"]},
        "compress",
        {"retrieve": {"query": "q", "relevant": ["fact-allergy-1", "fact-sesame-1"]}},
        {"add": ["e4"]},
        {"delete": "fact-sesame-1", "event": "e4"},
        {"retrieve": {"query": "q", "limit": 5}},
    ]
    result = run(spec(steps))
    assert result.names == ()
    assert [r.fact_ids for r in result.retrievals] == [
        ("fact-allergy-1", "fact-sesame-1"),
        ("fact-allergy-1",),
    ]


# -- rule references -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (
            f"{HERE}:says_maybe",
            f"steps[6].use.rules[0]: '{HERE}:says_maybe' returned str among its rules; expected an "
            "ActionRule, or a callable taking the ledger's active facts and returning ActionRules "
            "(see pytest_compaction.engine.meal_planner:no_forbidden_ingredient)",
        ),
        (
            f"{HERE}:NOT_A_RULE",
            f"steps[6].use.rules[0]: '{HERE}:NOT_A_RULE' is int; expected an ActionRule, or a callable "
            "taking the ledger's active facts and returning ActionRules "
            "(see pytest_compaction.engine.meal_planner:no_forbidden_ingredient)",
        ),
        (
            "no_such_module_xyz:rule",
            "steps[6].use.rules[0]: rule 'no_such_module_xyz:rule' is not registered; a spec names only "
            "the consumers and rules the project registers: add the ini line `compaction_use = my_name = "
            "package.module:attribute` or call register_use('my_name', ...) in conftest.py (built in: "
            "plan_meal, no_forbidden_ingredient)",
        ),
        (
            "not_a_name_anyone_registered",
            "steps[6].use.rules[0]: rule 'not_a_name_anyone_registered' is not registered; a spec names "
            "only the consumers and rules the project registers: add the ini line `compaction_use = "
            "not_a_name_anyone_registered = package.module:attribute` or call "
            "register_use('not_a_name_anyone_registered', ...) in conftest.py (built in: plan_meal, "
            "no_forbidden_ingredient)",
        ),
    ],
    ids=["returns-non-rule", "not-callable", "no-module", "unregistered-name"],
)
def test_bad_rule_references_name_the_step(rule: str, message: str) -> None:
    steps = spec()["steps"]
    steps[-1] = {"use": {"consumer": PLANNER, "rules": [rule]}}
    with pytest.raises(PayloadError) as info:
        run(spec(steps))
    assert str(info.value) == message


def test_an_unregistered_consumer_is_refused_with_the_closest_name(monkeypatch: pytest.MonkeyPatch) -> None:
    steps = spec()["steps"]
    steps[-1] = {"use": {"consumer": "plan_mael", "rules": [RULE]}}
    with pytest.raises(PayloadError) as info:
        run(spec(steps))
    assert str(info.value).startswith(
        "steps[6].use.consumer: consumer 'plan_mael' is not registered; did you mean 'plan_meal'? "
    )


def test_a_registered_reference_with_a_missing_attribute_names_the_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pytest_compaction.config import references

    monkeypatch.setitem(references._registered, "dinner", "pytest_compaction.engine.meal_planner:plan_dinner")
    steps = spec()["steps"]
    steps[-1] = {"use": {"consumer": "dinner", "rules": [RULE]}}
    with pytest.raises(PayloadError) as info:
        run(spec(steps))
    assert str(info.value).startswith(
        "steps[6].use.consumer: consumer 'pytest_compaction.engine.meal_planner:plan_dinner': module "
        "'pytest_compaction.engine.meal_planner' has no attribute 'plan_dinner'"
    )


def test_builtin_names_resolve_without_any_registration() -> None:
    steps = spec()["steps"]
    steps[-1] = {"use": {"consumer": "plan_meal", "rules": ["no_forbidden_ingredient"]}}
    assert run(spec(steps)).ok


def test_builtin_rule_protects_each_forbidden_food_of_the_truth() -> None:
    facts = [
        Fact(fact_id="a", tenant_id="t", subject_id="s", predicate="food.peanuts_allowed", value=False),
        Fact(fact_id="b", tenant_id="t", subject_id="s", predicate="food.shellfish_allowed", value=False),
        Fact(fact_id="c", tenant_id="t", subject_id="s", predicate="food.eggs_allowed", value=True),
    ]
    rules = no_forbidden_ingredient(facts)
    assert [(r.fact_id, r.description) for r in rules] == [
        ("a", "no ingredient contains peanuts"),
        ("b", "no ingredient contains shellfish"),
    ]
    meal = plan_meal(facts)
    assert meal["dish"] == "sesame tofu bowl"
    assert all(rule.holds(meal) for rule in rules)
    assert not rules[1].holds({"dish": "x", "ingredients": ["prawn curry"]})
    assert not rules[0].holds("satay")


# -- load-time validation ------------------------------------------------------------

RETRIEVE = {"retrieve": {"query": "meal_recommendation", "relevant": ["fact-allergy-1"]}}
USE = {"use": {"consumer": PLANNER, "rules": [RULE]}}


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        (
            [{"add": ["e1"]}, RETRIEVE, "compress"],
            "steps[1].retrieve: a retrieve step reads the memory a compression stored, but no compress "
            "step comes before it; add `- compress` before it",
        ),
        (
            [{"add": ["e1"]}, "compress", USE],
            "steps[2].use: a use step consumes the memory of the last retrieve step, but no retrieve "
            "step comes before it; add `- retrieve: {query: <query class>}` before it",
        ),
        (
            [{"add": ["e1"]}, "compress", {"retrieve": {"query": "q", "relevant": ["fact-alergy-1"]}}],
            "steps[2].retrieve.relevant[0]: no event states a fact 'fact-alergy-1' (did you mean "
            "'fact-allergy-1'?); declare as relevant the facts the scenario's events state",
        ),
        (
            [{"add": ["e1"]}, "compress", {"retrieve": {"relevant": ["fact-allergy-1"]}}],
            "steps[2].retrieve.query: required key is missing",
        ),
        (
            [{"add": ["e1"]}, "compress", {"retrieve": {"query": "q", "top_k": 3}}],
            "steps[2].retrieve.top_k: unknown key; allowed keys: query, predicates, relevant, tenant, "
            "subject, limit",
        ),
        (
            [{"add": ["e1"]}, "compress", {"retrieve": {"query": "q", "limit": -1}}],
            "steps[2].retrieve.limit: expected a count of at least 0, got -1",
        ),
        (
            [
                {"add": ["e1"]},
                "compress",
                RETRIEVE,
                {"use": {"consumer": "examples.plan_meal", "rules": [RULE]}},
            ],
            "steps[3].use.consumer: expected a registered name such as plan_meal (or the "
            "'package.module:attribute' a registered name stands for), got 'examples.plan_meal' (str)",
        ),
        (
            [{"add": ["e1"]}, "compress", RETRIEVE, {"use": {"consumer": PLANNER, "rules": []}}],
            "steps[3].use.rules: expected at least one rule; a use step judges the consumer's output "
            "with domain rules (e.g. no_forbidden_ingredient)",
        ),
        (
            [{"add": ["e1"]}, "compress", RETRIEVE, {"use": {"consumer": PLANNER}}],
            "steps[3].use.rules: required key is missing",
        ),
    ],
    ids=[
        "retrieve-before-compress",
        "use-before-retrieve",
        "unknown-relevant",
        "no-query",
        "unknown-key",
        "negative-limit",
        "bad-reference",
        "no-rules",
        "rules-missing",
    ],
)
def test_scenario_refuses_bad_stage_steps(steps: list[Any], message: str) -> None:
    with pytest.raises(PayloadError) as info:
        Scenario.from_dict(spec(steps), name="meal")
    assert str(info.value) == message


def write_spec(tmp_path: Path, steps: list[Any]) -> Path:
    path = tmp_path / "meal.compaction.yaml"
    path.write_text(yaml.safe_dump(spec(steps), sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("steps", "field", "message"),
    [
        (
            [{"add": ["e4"]}, "compress", RETRIEVE, {"add": ["e1"]}],
            "steps[2].retrieve.relevant[0]",
            "fact 'fact-allergy-1' is not stated by any event added before this step; add the event "
            "that states it before the retrieve step",
        ),
        (
            [
                {"add": ["e1", "e3"]},
                "compress",
                {"retrieve": {"query": "q", "subject": "diner-bo", "relevant": ["fact-allergy-1"]}},
            ],
            "steps[2].retrieve.relevant[0]",
            "fact 'fact-allergy-1' belongs to tenant-meals/diner-ana, not to the queried "
            "tenant-meals/diner-bo; declare only facts of the scope being queried",
        ),
    ],
    ids=["not-added-yet", "other-subject"],
)
def test_spec_refuses_relevant_facts_out_of_place(
    tmp_path: Path, steps: list[Any], field: str, message: str
) -> None:
    path = write_spec(tmp_path, steps)
    with pytest.raises(PayloadError) as info:
        load_spec(path)
    assert info.value.path == field
    assert info.value.message == message
    assert str(info.value).startswith(f"{path}:")


def test_schema_accepts_the_stage_steps_and_refuses_a_use_without_rules() -> None:
    assert schema_problems(spec()) == []
    steps = spec()["steps"]
    steps[-1] = {"use": {"consumer": PLANNER}}
    assert [str(p) for p in schema_problems(spec(steps))] != []


def test_steps_round_trip_through_to_dict() -> None:
    scenario = Scenario.from_dict(spec(), name="meal")
    again = Scenario.from_dict(spec([s.to_dict() for s in scenario.steps]), name="meal")
    assert [s.to_dict() for s in again.steps] == [s.to_dict() for s in scenario.steps]
    assert scenario.steps[5].to_dict() == {
        "retrieve": {
            "query": "meal_recommendation",
            "predicates": ["food."],
            "relevant": ["fact-allergy-1"],
            "tenant": "tenant-meals",
            "subject": "diner-ana",
        }
    }


# -- evidence ------------------------------------------------------------------------


def test_evidence_records_the_retrieval_and_the_action_without_raw_text() -> None:
    steps = spec()["steps"]
    steps[-1] = {"use": {"consumer": f"{HERE}:careless_planner", "rules": [RULE]}}
    result = run(spec(steps), SQLiteStore())
    bundle = bundle_from_run(result, test_id="t::meal", compressor="reference")
    assert bundle["first_divergence"] == {
        "boundary": "use",
        "violations": ["fact-allergy-1:action_violates_fact"],
    }
    (retrieval,) = bundle["retrievals"]
    assert retrieval["query_class"] == "meal_recommendation"
    assert retrieval["filter"] == {
        "tenant_id": "tenant-meals",
        "subject_id": "diner-ana",
        "predicates": ["food."],
        "limit": None,
    }
    assert retrieval["relevant_fact_ids"] == ["fact-allergy-1"]
    assert retrieval["selected_fact_ids"] == ["fact-allergy-1"]
    assert retrieval["validation"] == []
    (use,) = bundle["uses"]
    assert use["consumer"] == f"{HERE}:careless_planner"
    assert use["given_fact_ids"] == ["fact-allergy-1"]
    assert use["validation"] == ["fact-allergy-1:action_violates_fact"]
    dish = use["action"]["dish"]
    assert set(dish) == {"hmac", "type", "chars"}
    assert len(use["action"]["ingredients"]) == 2
    text = json.dumps(bundle)
    assert CANARY not in text
    assert "peanut dressing" not in text
    raw = bundle_from_run(result, test_id="t::meal", compressor="reference", raw=True)
    assert raw["uses"][0]["action"] == careless_planner(())


# -- through pytest ------------------------------------------------------------------

CONSUMER_MODULE = """
def ignore_memory(memory):
    return {"dish": "satay noodle salad", "ingredients": ["rice noodles", "peanut dressing"]}
"""


def test_yaml_specs_with_a_user_consumer_through_the_plugin(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(meal_consumers=CONSUMER_MODULE)
    pytester.syspathinsert()
    pytester.makeini(
        "[pytest]\ncompaction_use =\n    ignore_memory = meal_consumers:ignore_memory\n"
        "    plan = meal_consumers:plan\n"
    )
    good = spec()
    bad_steps = spec()["steps"]
    bad_steps[-1] = {"use": {"consumer": "ignore_memory", "rules": [RULE]}}
    broken_steps = spec()["steps"]
    broken_steps[-1] = {"use": {"consumer": "plan", "rules": [RULE]}}
    unregistered = spec()["steps"]
    unregistered[-1] = {"use": {"consumer": "os:system", "rules": [RULE]}}
    specs = (("good", good), ("careless", spec(bad_steps)), ("broken", spec(broken_steps)))
    for name, data in (*specs, ("unregistered", spec(unregistered))):
        (pytester.path / f"{name}.compaction.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    result = pytester.runpytest("--compaction-contract", "-p", "no:cacheprovider", "--compaction-evidence=ev")
    result.assert_outcomes(passed=1, failed=3)
    result.stdout.fnmatch_lines(
        [
            "invalid fixture spec: *unregistered.compaction.yaml:*: steps[[]6].use.consumer: consumer "
            "'os:system' is not registered; *"
        ]
    )
    result.stdout.fnmatch_lines(
        [
            # [[] is fnmatch for a literal "[".
            "*fact-allergy-1:action_violates_fact  use at steps[[]6]; the action breaks "
            "'no ingredient contains peanuts'; it was given fact ids: fact-allergy-1",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            "invalid fixture spec: *broken.compaction.yaml:*: steps[[]6].use.consumer: consumer "
            "'meal_consumers:plan': module 'meal_consumers' has no attribute 'plan'*"
        ]
    )
    bundles = [json.loads(p.read_text()) for p in (pytester.path / "ev").glob("*.json")]
    careless = [b for b in bundles if b["fixture"] == "careless"]
    assert len(careless) == 1
    assert careless[0]["uses"][0]["validation"] == ["fact-allergy-1:action_violates_fact"]
    assert "peanut dressing" not in json.dumps(careless[0])
