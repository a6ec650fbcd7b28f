"""Spec variants beyond the scenario as written: metamorphic relations and repeated compression."""

from __future__ import annotations

import pytest

from pytest_compaction.contract import (
    CompactionOutcome,
    CompressorUnderTest,
    ContractFailure,
    run_evidence,
    scenario_extras,
)
from pytest_compaction.scenario import Scenario
from pytest_compaction.settings import Settings

__all__ = ["run_variant"]


def run_variant(
    scenario: Scenario,
    cut: CompressorUnderTest,
    variant: str,
    *,
    settings: Settings,
    reproduce: str | None = None,
    seed: int | None = None,
) -> None:
    """Run one variant (``depth=N`` or a relation name); fail with its named violations."""
    __tracebackhide__ = True
    checks, config = scenario_extras(scenario, cut.config)
    if variant.startswith("depth="):
        from pytest_compaction.depth import render_depth, run_depth

        depth = int(variant.split("=", 1)[1])
        result = run_depth(
            scenario, cut.guard, depth, attempts=settings.attempts, extra_checks=checks, config=config
        )
        evidence = cut.sink(
            CompactionOutcome(cut.name, tuple(result.violations), run_evidence(result.staged, cut.name))
        )
        if not result.ok:
            raise ContractFailure(
                result.violations, title=render_depth(result), reproduce=reproduce, evidence=evidence
            )
        return
    from pytest_compaction.metamorphic import render_result, run_relation
    from pytest_compaction.relations import get_relation

    chosen = settings.seed if settings.seed is not None else seed
    relation = get_relation(variant)
    outcome = run_relation(
        scenario,
        relation,
        cut.guard,
        seed=chosen,
        attempts=settings.attempts,
        extra_checks=checks,
        config=config,
    )
    if not outcome.applicable:
        pytest.skip(render_result(outcome))
    shown = outcome.transformed if outcome.transformed is not None else outcome.original
    evidence = cut.sink(CompactionOutcome(cut.name, tuple(outcome.violations), run_evidence(shown, cut.name)))
    if outcome.failed:
        raise ContractFailure(
            outcome.violations, title=render_result(outcome), reproduce=reproduce, evidence=evidence
        )
