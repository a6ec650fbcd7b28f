"""Run a scenario original and transformed by a relation, and compare the two runs.

Both runs go through the same guarded compressor and are checked pass by pass
against their own ledger (:func:`pytest_compaction.engine.runner.run_scenario`). On top
of that, the final artifacts are compared with each other: for an invariant
relation the critical facts must be the same (tenant, subject, predicate, typed
value, qualifiers, and no more authority); for an oracle-changing relation they
must be the original's with the declared change applied. A compressor can pass
both runs' ledgers and still fail here only in permissive mode or by changing
authority, so most differences also show up as violations of the transformed run.
"""

from __future__ import annotations

import dataclasses
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.factset import compare_fact_sets, critical_facts
from pytest_compaction.core.model import Artifact, Criticality, Fact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import Violation, sort_violations, summarize
from pytest_compaction.engine.runner import PassCheck, ScenarioRun, run_scenario
from pytest_compaction.prose.facts import read_memory
from pytest_compaction.relations.registry import (
    NotApplicable,
    Relation,
    RelationKind,
    Transformation,
    get_relation,
)
from pytest_compaction.relations.timeline import compress_scopes

__all__ = [
    "MetamorphicResult",
    "Outcome",
    "default_seed",
    "render_result",
    "render_results",
    "run_relation",
    "run_relations",
]


class Outcome(str, Enum):
    """How one relation fared on one scenario."""

    PASSED = "passed"
    FAILED = "failed"
    NOT_APPLICABLE = "not_applicable"
    """The scenario gave the relation nothing to work on; nothing was checked."""


def default_seed(scenario: Scenario) -> int:
    """The scenario's own ``seed``, else one fixed per scenario name (stable across runs and machines)."""
    if scenario.seed is not None:
        return scenario.seed
    return zlib.crc32(scenario.name.encode("utf-8"))


@dataclass(frozen=True, slots=True, kw_only=True)
class MetamorphicResult:
    """One relation on one scenario: both runs, their comparison, and the seed."""

    relation: Relation
    seed: int
    scenario: Scenario
    original: ScenarioRun
    transformation: Transformation | None = None
    """None when the relation does not apply."""
    transformed: ScenarioRun | None = None
    reason: str = ""
    """Why the relation does not apply."""
    differences: tuple[Violation, ...] = ()
    """Where the final critical facts of the two runs disagree (beyond the declared change)."""

    @property
    def outcome(self) -> Outcome:
        if self.transformed is None:
            return Outcome.NOT_APPLICABLE
        if self.original.violations or self.transformed.violations or self.differences:
            return Outcome.FAILED
        return Outcome.PASSED

    @property
    def applicable(self) -> bool:
        return self.transformed is not None

    @property
    def passed(self) -> bool:
        return self.outcome is Outcome.PASSED

    @property
    def failed(self) -> bool:
        return self.outcome is Outcome.FAILED

    @property
    def new_violations(self) -> tuple[Violation, ...]:
        """Violations of the transformed run whose names the original run does not show."""
        if self.transformed is None:
            return ()
        before = set(self.original.names)
        return tuple(v for v in self.transformed.violations if v.name not in before)

    @property
    def broken(self) -> bool:
        """The relation found something the original run alone does not show."""
        return bool(self.new_violations or self.differences)

    @property
    def violations(self) -> tuple[Violation, ...]:
        """What this relation fails with: the transformed run's violations and the differences.

        Each detail starts with the relation and seed, so a report grouped by name says
        which relation broke it.
        """
        if self.transformed is None:
            return ()
        return sort_violations((*map(self._located, self.transformed.violations), *self.differences))

    @property
    def findings(self) -> tuple[Violation, ...]:
        """What the relation adds to the original run: its new violations and the differences."""
        return sort_violations((*map(self._located, self.new_violations), *self.differences))

    def _located(self, violation: Violation) -> Violation:
        where = f"{self.relation.name}, seed {self.seed}"
        return dataclasses.replace(
            violation, detail=f"{where}: {violation.detail}" if violation.detail else where
        )


def run_relation(
    scenario: Scenario,
    relation: str | Relation,
    guard: GuardedCompressor,
    *,
    seed: int | None = None,
    attempts: int = 1,
    extra_checks: tuple[PassCheck, ...] = (),
    config: dict[str, object] | None = None,
    original: ScenarioRun | None = None,
) -> MetamorphicResult:
    """Run ``scenario`` and its transformation by ``relation`` through ``guard`` and compare them.

    ``seed`` defaults to :func:`default_seed`. Pass ``original`` to reuse a run of the
    untransformed scenario (as :func:`run_relations` does).
    """
    chosen = relation if isinstance(relation, Relation) else get_relation(relation)
    used = default_seed(scenario) if seed is None else seed
    if original is None:
        original = run_scenario(scenario, guard, attempts=attempts, extra_checks=extra_checks, config=config)
    applied = chosen.apply(scenario, used)
    if isinstance(applied, NotApplicable):
        return MetamorphicResult(
            relation=chosen, seed=used, scenario=scenario, original=original, reason=applied.reason
        )
    transformed = run_scenario(
        applied.scenario,
        guard,
        attempts=attempts,
        extra_checks=extra_checks,
        config=config,
        schedule=applied.schedule,
    )
    return MetamorphicResult(
        relation=chosen,
        seed=used,
        scenario=scenario,
        original=original,
        transformation=applied,
        transformed=transformed,
        differences=_differences(applied, original, transformed),
    )


def run_relations(
    scenario: Scenario,
    relations: Iterable[str | Relation],
    guard: GuardedCompressor,
    *,
    seed: int | None = None,
    attempts: int = 1,
    extra_checks: tuple[PassCheck, ...] = (),
    config: dict[str, object] | None = None,
) -> tuple[MetamorphicResult, ...]:
    """:func:`run_relation` for each relation, running the original scenario once.

    Every name is resolved before anything runs, so a misspelt relation fails fast.
    """
    chosen = [r if isinstance(r, Relation) else get_relation(r) for r in relations]
    original = run_scenario(scenario, guard, attempts=attempts, extra_checks=extra_checks, config=config)
    return tuple(
        run_relation(
            scenario,
            relation,
            guard,
            seed=seed,
            attempts=attempts,
            extra_checks=extra_checks,
            config=config,
            original=original,
        )
        for relation in chosen
    )


def _final(run: ScenarioRun, scope: tuple[str, str]) -> Artifact | None:
    for result in reversed(run.passes):
        if (result.tenant_id, result.subject_id) == scope:
            return result.artifact
    return None


def _differences(
    transformation: Transformation, original: ScenarioRun, transformed: ScenarioRun
) -> tuple[Violation, ...]:
    change = transformation.change
    gone = set(change.no_longer_active)
    invariant = transformation.kind is RelationKind.INVARIANT
    scopes = dict.fromkeys(
        (*compress_scopes(transformation.original), *compress_scopes(transformation.scenario))
    )
    found: list[Violation] = []
    for scope in scopes:
        before, after = _final(original, scope), _final(transformed, scope)
        if before is None or after is None:
            continue  # a compressor that returned nothing is already a violation of its run
        # A prose memory's facts are those its summary states.
        before, after = read_memory(original.ledger, before), read_memory(transformed.ledger, after)
        expected: list[Fact] = [f for f in critical_facts(before, original.ledger) if f.fact_id not in gone]
        for fact_id in change.now_active:
            fact = transformed.ledger.find(fact_id)
            if (
                fact is not None
                and (fact.tenant_id, fact.subject_id) == scope
                and fact.criticality is Criticality.CRITICAL
            ):
                expected.append(fact)
        differences = compare_fact_sets(
            expected,
            critical_facts(after, transformed.ledger),
            context=f"{transformation.relation}, seed {transformation.seed}",
            expected_side="original run" if invariant else "original run with the declared change",
            observed_side="transformed run",
        )
        found.extend(d.violation for d in differences)
    return sort_violations(found)


# -- rendering ----------------------------------------------------------------------


def render_result(result: MetamorphicResult, *, reproduce: str | None = None) -> str:
    """A readable report: the relation, the transformation, both runs' violations side by side."""
    relation = result.relation
    name = f"{result.scenario.name!r}"
    if result.transformation is None or result.transformed is None:
        return f"relation {relation.name} does not apply to scenario {name}: {result.reason}"
    if result.passed:
        headline = f"relation {relation.name} holds for scenario {name} (seed {result.seed})"
    elif result.broken:
        distinct = {v.name: v for v in (*result.new_violations, *result.differences)}
        found = summarize(distinct.values())
        headline = f"relation {relation.name} broke scenario {name} (seed {result.seed}): {found}"
    else:
        headline = (
            f"scenario {name} fails before any transformation; relation {relation.name} "
            f"(seed {result.seed}) shows nothing new"
        )
    lines = [
        headline,
        f"  relation: {relation.name} ({relation.kind.value}): {relation.summary}",
        f"  why: {relation.rationale}",
        f"  transformation: {result.transformation.description}",
    ]
    if not result.transformation.change.empty:
        lines.append(f"  declared change: {result.transformation.change.describe()}")
    lines.append("")
    lines.extend(_side_by_side(result.original, result.transformed))
    for title, violations in (
        ("final critical facts differ", result.differences),
        ("new in the transformed run", result.new_violations),
    ):
        if violations:
            lines += ["", f"  {title}:", *(f"    {v.describe()}" for v in violations)]
    lines += ["", f"seed: {result.seed}" + (f"; reproduce: {reproduce}" if reproduce else "")]
    return "\n".join(lines)


def render_results(results: Sequence[MetamorphicResult], *, reproduce: str | None = None) -> str:
    """Every result's report, failures first, separated by blank lines."""
    order = {Outcome.FAILED: 0, Outcome.NOT_APPLICABLE: 1, Outcome.PASSED: 2}
    ranked = sorted(results, key=lambda r: order[r.outcome])
    return "\n\n".join(render_result(r, reproduce=reproduce) for r in ranked)


def _side_by_side(original: ScenarioRun, transformed: ScenarioRun) -> list[str]:
    """Violation names in two columns, one row per name: ``-`` only original, ``+`` only transformed."""
    left = {v.name: v for v in original.violations}
    right = {v.name: v for v in transformed.violations}
    heads = (
        f"original ({_size(original)}): {summarize(original.violations)}",
        f"transformed ({_size(transformed)}): {summarize(transformed.violations)}",
    )
    rows: list[tuple[str, str, str]] = []
    for name in sorted(set(left) | set(right)):
        mark = " " if name in left and name in right else ("-" if name in left else "+")
        rows.append((mark, _cell(left.get(name)), _cell(right.get(name))))
    width = max([len(heads[0]), *(len(r[1]) for r in rows)])
    lines = [f"    {heads[0]:<{width}}  {heads[1]}", f"    {'-' * width}  {'-' * len(heads[1])}"]
    lines.extend(f"  {mark} {a:<{width}}  {b}".rstrip() for mark, a, b in rows)
    return lines


def _cell(violation: Violation | None) -> str:
    if violation is None:
        return ""
    where = violation.detail.split(";", 1)[0] if violation.detail.startswith("pass ") else ""
    return f"{violation.name} ({where})" if where else violation.name


def _size(run: ScenarioRun) -> str:
    events = sum(1 for step in run.scenario.effective_steps if step.kind == "add" for _ in step.event_ids)
    passes = len(run.passes)
    return f"{events} events, {passes} pass{'es' if passes != 1 else ''}"
