"""The embedded reference compressor keeps the text of a replaced fact as history.

An update is often told by reference to the turn before ("Actually, make that 150 a
week"): its own words do not name what it updates. The reference summary keeps the
replaced turn tagged ``previously``, so the current fact is still named in prose and the
old value is told as history, not as current.
"""

from __future__ import annotations

import pytest

from pytest_compaction.compressors.base import ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.engine.runner import run_scenario

SPEC = """\
tenant: t-home
subject: jonas
events:
  - id: e1
    text: Our weekly grocery budget is 120 euros.
    facts:
      - id: fact-budget-1
        predicate: home.grocery_budget_eur
        value: 120
        prose: {names: [grocery budget, budget], value: [120 euros]}
  - id: e2
    text: Actually, make that 150 euros a week from now on.
    facts:
      - id: fact-budget-2
        predicate: home.grocery_budget_eur
        value: 150
        supersedes: fact-budget-1
        prose: {names: [grocery budget, budget], value: [150 euros]}
  - id: e3
    text: Lovely weather today.
steps:
  - add: [e1, e2, e3]
  - compress
"""


@pytest.mark.parametrize("passes", [1, 2])
def test_an_update_told_by_reference_passes_against_the_reference(
    pytester: pytest.Pytester, passes: int
) -> None:
    spec = (
        SPEC
        if passes == 1
        else SPEC.replace("  - add: [e1, e2, e3]\n", "  - add: [e1]\n  - compress\n  - add: [e2, e3]\n")
    )
    pytester.makefile(".compaction.yaml", budget=spec)
    result = pytester.runpytest("--compaction-contract", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)


def test_the_replaced_turn_is_tagged_as_history_and_dropped_first_under_a_budget() -> None:
    import yaml

    spec = yaml.safe_load(SPEC)
    run = run_scenario(Scenario.from_dict(spec, name="budget"), GuardedCompressor(ReferenceCompressor()))
    assert run.ok
    summary = run.passes[-1].artifact.summary if run.passes[-1].artifact else ""
    assert summary.splitlines() == [
        "[e1 previously] Our weekly grocery budget is 120 euros.",
        "[e2] Actually, make that 150 euros a week from now on.",
    ]
    tight = run_scenario(
        Scenario.from_dict({**spec, "budget": 60}, name="budget"), GuardedCompressor(ReferenceCompressor())
    )
    last = tight.passes[-1].artifact
    assert last is not None
    assert last.summary == "[e2] Actually, make that 150 euros a week from now on."
