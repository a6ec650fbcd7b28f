"""Scenario variants beyond the scenario as written: repeated compression and metamorphic relations.

Pytest-free: a YAML spec item runs one variant each (``peanut-allergy[depth=3]``,
``peanut-allergy[split_event]``); ``compaction_contract.run`` runs those its markers name.
"""

from __future__ import annotations

from pytest_compaction.core.scenario import Scenario
from pytest_compaction.engine.contract import (
    CompactionOutcome,
    CompressorUnderTest,
    ContractFailure,
    run_evidence,
    scenario_extras,
)

__all__ = ["run_depth_variant", "run_relation_variant", "run_variant"]


def run_variant(
    scenario: Scenario,
    cut: CompressorUnderTest,
    variant: str,
    *,
    seed: int | None = None,
    reproduce: str | None = None,
) -> str | None:
    """Run ``depth=N`` or a relation by name; fail with its violations, or return why it does not apply."""
    __tracebackhide__ = True
    if variant.startswith("depth="):
        run_depth_variant(scenario, cut, int(variant.split("=", 1)[1]), reproduce=reproduce)
        return None
    return run_relation_variant(scenario, cut, variant, seed=seed, reproduce=reproduce)


def run_depth_variant(
    scenario: Scenario, cut: CompressorUnderTest, depth: int, *, reproduce: str | None = None
) -> None:
    """Direct vs ``depth``-pass compression; fail naming the pass that introduced each violation."""
    __tracebackhide__ = True
    from pytest_compaction.relations.depth import render_depth, run_depth

    checks, config = scenario_extras(scenario, cut.config)
    result = run_depth(scenario, cut.guard, depth, attempts=cut.attempts, extra_checks=checks, config=config)
    evidence = cut.sink(
        CompactionOutcome(cut.name, tuple(result.violations), run_evidence(result.staged, cut.name))
    )
    if not result.ok:
        raise ContractFailure(
            result.violations, title=render_depth(result), reproduce=reproduce, evidence=evidence
        )


def run_relation_variant(
    scenario: Scenario,
    cut: CompressorUnderTest,
    name: str,
    *,
    seed: int | None = None,
    reproduce: str | None = None,
) -> str | None:
    """Original vs transformed by relation ``name``; fail on a break, or return why it does not apply."""
    __tracebackhide__ = True
    from pytest_compaction.relations.metamorphic import render_result, run_relation
    from pytest_compaction.relations.registry import get_relation

    checks, config = scenario_extras(scenario, cut.config)
    outcome = run_relation(
        scenario,
        get_relation(name),
        cut.guard,
        seed=seed,
        attempts=cut.attempts,
        extra_checks=checks,
        config=config,
    )
    if not outcome.applicable:
        return render_result(outcome)
    shown = outcome.transformed if outcome.transformed is not None else outcome.original
    evidence = cut.sink(CompactionOutcome(cut.name, tuple(outcome.violations), run_evidence(shown, cut.name)))
    if outcome.failed:
        raise ContractFailure(
            outcome.violations, title=render_result(outcome), reproduce=reproduce, evidence=evidence
        )
    return None
