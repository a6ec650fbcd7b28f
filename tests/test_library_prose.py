"""The facts-in-prose library specs (``fixture_library/19-facts-in-prose``) against prose compressors.

Each spec passes against the verbatim compressor (a faithful prose compressor) and fails,
with the violation of its class, against a prose compressor that drifts the way its
incident did. The drifts here are the test's oracle, written per spec; the checker never
sees them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from pytest_compaction.compressors.base import CompressionRequest
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.compressors.verbatim import VerbatimCompressor
from pytest_compaction.core.model import Artifact
from pytest_compaction.engine.runner import ScenarioRun, run_scenario
from pytest_compaction.prose.checks import prose_checks
from pytest_compaction.relations.metamorphic import run_relation
from pytest_compaction.specs.spec import load_spec
from pytest_compaction.store.sqlite import SQLiteStore

FOLDER = Path(__file__).resolve().parent.parent / "fixture_library" / "19-facts-in-prose"
LIBRARY = FOLDER.parent


class Drifting:
    """The verbatim compressor with its summary rewritten by ``drift``."""

    def __init__(self, drift: Callable[[str], str]) -> None:
        self.drift = drift
        self.inner = VerbatimCompressor()

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = self.inner.compress(request)
        return dataclasses.replace(artifact, summary=self.drift(artifact.summary or ""))


def run(path: Path, compressor: object) -> ScenarioRun:
    scenario = load_spec(path).scenario
    assert scenario is not None
    extra = prose_checks(scenario)
    return run_scenario(scenario, GuardedCompressor(compressor), extra_checks=extra.checks)


def _sub(old: str, new: str) -> Callable[[str], str]:
    def drift(summary: str) -> str:
        assert old in summary, f"{old!r} not in the summary:\n{summary}"
        return summary.replace(old, new)

    return drift


DRIFTS: dict[str, tuple[Callable[[str], str], str]] = {
    "speculation-stays-speculation": (
        _sub("I'm thinking about moving to Porto next spring.", "She moved to Porto."),
        "unsupported_fact",
    ),
    "quoted-instruction-stays-quoted": (
        lambda s: s + "\nAlways waive the restocking fee for loyal buyers.",
        "trust_elevated",
    ),
    "moved-city-told-as-history": (lambda s: s + "\nPim lives in Ghent.", "forbidden_superseded_fact"),
    "deleted-address-gone-from-prose": (
        lambda s: s + "\nDeliver to 7 Sample Court.",
        "forbidden_deleted_fact",
    ),
    "dose-number-survives-prose": (_sub("5 mg", "50 mg"), "value_changed"),
    "permission-keeps-its-condition": (
        lambda s: s.replace(" after a team lead approves", "").split("\n\n===")[0],
        "modal_weakened",
    ),
    "rule-keeps-its-force": (
        lambda s: s.replace("Never restart", "Try to avoid restarting").split("\n\n===")[0],
        "modal_weakened",
    ),
}


def test_every_spec_of_the_folder_has_a_drift() -> None:
    scenarios = [p for p in FOLDER.glob("*.yaml") if load_spec(p).scenario is not None]
    assert sorted(DRIFTS) == sorted(p.name.removesuffix(".compaction.yaml") for p in scenarios)


@pytest.mark.parametrize("name", sorted(DRIFTS))
def test_a_faithful_prose_compressor_passes(name: str) -> None:
    result = run(FOLDER / f"{name}.compaction.yaml", VerbatimCompressor())
    assert result.names == ()


@pytest.mark.parametrize("name", sorted(DRIFTS))
def test_the_incident_drift_is_caught_by_name(name: str) -> None:
    drift, code = DRIFTS[name]
    result = run(FOLDER / f"{name}.compaction.yaml", Drifting(drift))
    assert code in {v.code.value for v in result.violations}, result.names


SCENARIOS = sorted(p for p in LIBRARY.rglob("*.compaction.yaml") if load_spec(p).scenario is not None)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name.removesuffix(".compaction.yaml"))
def test_every_library_scenario_passes_against_verbatim(path: Path) -> None:
    assert run(path, VerbatimCompressor()).names == ()


# -- retrieval and use read a prose memory: the facts its summary states ---------------

MEAL_PLAN = LIBRARY / "02-negation" / "peanut-allergy-meal-plan.compaction.yaml"
DELETED = LIBRARY / "05-deletion-resurrection" / "deleted-allergy-not-retrieved.compaction.yaml"
HOUSEHOLD = LIBRARY / "06-entity-merge" / "household-meal-retrieval.compaction.yaml"
TIMEZONE = LIBRARY / "04-temporal-collapse" / "timezone-change.compaction.yaml"


def run_stored(path: Path, compressor: object) -> ScenarioRun:
    scenario = load_spec(path).scenario
    assert scenario is not None
    extra = prose_checks(scenario)
    return run_scenario(
        scenario,
        GuardedCompressor(compressor),
        extra_checks=extra.checks,
        store=SQLiteStore(),
    )


@pytest.mark.parametrize("runner", [run, run_stored], ids=["reference-retriever", "sqlite-store"])
def test_retrieval_from_a_prose_memory_selects_the_facts_its_summary_states(
    runner: Callable[[Path, object], ScenarioRun],
) -> None:
    result = runner(MEAL_PLAN, VerbatimCompressor())
    assert result.names == ()
    assert result.retrievals[0].fact_ids == ("fact-peanut-allergy-1", "fact-likes-noodles-1")


@pytest.mark.parametrize("runner", [run, run_stored], ids=["reference-retriever", "sqlite-store"])
def test_a_prose_memory_that_lost_the_allergy_feeds_the_planner_without_it(
    runner: Callable[[Path, object], ScenarioRun],
) -> None:
    lost = Drifting(lambda s: "\n".join(line for line in s.splitlines() if "peanut" not in line))
    codes = {v.code.value for v in runner(MEAL_PLAN, lost).violations}
    assert {"missing", "retrieval_omitted", "action_violates_fact"} <= codes


def test_a_negated_allergy_in_prose_is_not_retrieved_as_the_allergy() -> None:
    negated = Drifting(_sub("I'm allergic to peanuts", "I'm not allergic to peanuts"))
    codes = {v.code.value for v in run(MEAL_PLAN, negated).violations}
    assert {"value_changed", "retrieval_omitted", "action_violates_fact"} <= codes


def test_a_deleted_fact_stated_in_prose_memory_is_never_retrieved() -> None:
    result = run_stored(DELETED, VerbatimCompressor())
    assert result.names == ()
    assert all("fact-shellfish-1" not in r.fact_ids for r in result.retrievals)
    assert all("fact-peanuts-1" in r.fact_ids for r in result.retrievals)


def test_a_prose_memory_holding_the_other_childs_allergy_is_read_for_its_own_subject() -> None:
    swapped = Drifting(lambda s: s.replace("Ada is allergic to sesame.", "Bo is allergic to sesame."))
    result = run(HOUSEHOLD, swapped)
    assert "fact-ada-sesame-1:retrieval_omitted" in result.names
    assert "fact-ada-sesame-1" not in result.retrievals[0].fact_ids


# -- relations compare what two prose memories state -----------------------------------


def test_reorder_update_compares_the_facts_two_prose_memories_state() -> None:
    scenario = load_spec(TIMEZONE).scenario
    assert scenario is not None
    result = run_relation(scenario, "reorder_update", GuardedCompressor(VerbatimCompressor()))
    assert result.differences == ()
    assert not result.failed


def test_reorder_update_catches_a_prose_memory_that_keeps_only_the_first_timezone() -> None:
    scenario = load_spec(TIMEZONE).scenario
    assert scenario is not None
    first_only = Drifting(lambda s: "\n".join(line for line in s.splitlines() if "Europe/Berlin" not in line))
    result = run_relation(scenario, "reorder_update", GuardedCompressor(first_only))
    assert [v.name for v in result.differences] == ["fact-tz-1:missing"]
