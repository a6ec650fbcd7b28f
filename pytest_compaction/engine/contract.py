"""Assertions over the contract, and the failure text a person reads.

Pytest-free: the plugin's fixtures hand these objects to tests; any other test
runner (or an agent at run time) can use them directly.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import groupby
from typing import TYPE_CHECKING, Any

from pytest_compaction.compressors.base import CompressionRequest, Compressor, as_compressor
from pytest_compaction.compressors.guard import AUTO_TIMEOUT, CompressionRecord, GuardedCompressor
from pytest_compaction.core.checker import Mode, check
from pytest_compaction.core.errors import CompactionError, CompactionWarning
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import Verdict, Violation, ViolationCode, summarize
from pytest_compaction.engine.runner import PassCheck, ScenarioRun, run_pass, run_scenario

if TYPE_CHECKING:
    from pytest_compaction.prose.checks import ProseContract
    from pytest_compaction.store.sqlite import MemoryStore, StoreFactory

__all__ = [
    "CompactionOutcome",
    "EvidenceBuilder",
    "Sink",
    "CompressorUnderTest",
    "ContractChecker",
    "ContractFailure",
    "check_recorded",
    "expected_mismatch",
    "render_failure",
    "records_evidence",
    "run_and_assert",
    "run_contract",
    "run_depth_variant",
    "run_relation_variant",
    "run_variant",
    "run_evidence",
    "scenario_extras",
]


def render_failure(
    violations: Sequence[Violation],
    *,
    title: str | None = None,
    reproduce: str | None = None,
    review: Sequence[Violation] = (),
    evidence: str | None = None,
) -> str:
    """The failure report: a summary line, violations grouped by name, how to reproduce."""
    lines = []
    if title:
        lines.append(title)
    lines.append(summarize(violations))
    ordered = sorted(violations, key=lambda v: (v.code.value, v.fact_id or ""))
    for code, group in groupby(ordered, key=lambda v: v.code.value):
        lines.append(f"  {code}")
        for violation in group:
            lines.append(f"    {violation.describe()}")
            lines.extend(f"      {change}" for change in _structural_changes(violation))
    if review:
        lines.append(f"  review ({len(review)}, not failing in permissive mode)")
        lines.extend(f"    {v.describe()}" for v in review)
    if reproduce:
        lines.append(f"reproduce: {reproduce}")
    if evidence:
        lines.append(f"evidence: {evidence}")
    return "\n".join(lines)


def _structural_changes(violation: Violation) -> list[str]:
    """Where inside a changed mapping or list value (or the qualifiers) the difference is."""
    if violation.code is ViolationCode.VALUE_CHANGED:
        root, expected, observed = "value", violation.expected, violation.observed
    elif violation.code is ViolationCode.QUALIFIERS_CHANGED:
        root, expected, observed = "qualifiers", _pairs(violation.expected), _pairs(violation.observed)
    else:
        return []
    containers = (dict, list, tuple)
    if not (isinstance(expected, containers) and isinstance(observed, containers)):
        return []
    from pytest_compaction.store.representation import describe_changes  # deepdiff, only when needed

    return describe_changes(expected, observed, root=root)


def _pairs(qualifiers: object) -> object:
    """A qualifier tuple of ``(key, value)`` pairs as a mapping, so a change names its key."""
    if isinstance(qualifiers, tuple) and all(isinstance(p, tuple) and len(p) == 2 for p in qualifiers):
        return dict(qualifiers)
    return qualifiers


class ContractFailure(CompactionError, AssertionError):
    """Raised by the assertion helpers; carries the violations as data."""

    def __init__(
        self,
        violations: Sequence[Violation],
        *,
        title: str | None = None,
        reproduce: str | None = None,
        evidence: str | None = None,
    ):
        self.violations = tuple(violations)
        self.title = title
        self.reproduce = reproduce
        self.evidence = evidence
        """The path of the evidence bundle written for this failure, if any."""
        super().__init__(render_failure(self.violations, title=title, reproduce=reproduce, evidence=evidence))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(v.name for v in self.violations)


@dataclass(frozen=True, slots=True)
class CompactionOutcome:
    """What one contract check found, handed to the reporting sink."""

    compressor: str
    violations: tuple[Violation, ...]
    evidence: EvidenceBuilder | None = None
    """Builds the evidence bundle (given the test id and whether raw text is wanted), on demand."""


EvidenceBuilder = Callable[[str, bool], Mapping[str, Any]]
Sink = Callable[[CompactionOutcome], "str | None"]
"""Receives every outcome; returns the path of the evidence it wrote, if any."""


def _no_sink(_: CompactionOutcome) -> str | None:
    return None


def records_evidence(
    ledger: Ledger | None,
    records: Sequence[CompressionRecord],
    violations: Sequence[Violation],
    compressor: str,
) -> EvidenceBuilder:
    """An evidence builder for a Python contract test: its compressor calls and its ledger."""
    frozen = tuple(records)

    def build(test_id: str, raw: bool) -> Mapping[str, Any]:
        from pytest_compaction.engine.evidence import bundle_from_records

        return bundle_from_records(
            ledger, frozen, violations, test_id=test_id, compressor=compressor, raw=raw
        )

    return build


def run_evidence(run: ScenarioRun, compressor: str) -> EvidenceBuilder:
    """An evidence builder for a scenario run."""

    def build(test_id: str, raw: bool) -> Mapping[str, Any]:
        from pytest_compaction.engine.evidence import bundle_from_run

        return bundle_from_run(run, test_id=test_id, compressor=compressor, raw=raw)

    return build


@dataclass
class CompressorUnderTest:
    """The configured compressor, guarded, with helpers for tests.

    ``compress`` raises :class:`ContractFailure` with a named violation when the
    compressor raises, hangs, returns garbage or mutates its input. With
    ``depth`` above 1 each call runs that many passes, feeding every artifact
    into the next, and :class:`ContractChecker` checks every pass.
    """

    compressor: Compressor
    timeout: float | str | None = AUTO_TIMEOUT
    """Seconds, None, or "auto" (5 for the reference compressor, 120 for others)."""
    depth: int = 1
    attempts: int = 1
    """Run every compression this many times; disagreement on a critical fact fails."""
    config: dict[str, object] = field(default_factory=dict)
    sink: Sink = _no_sink
    store_factory: Callable[[], MemoryStore] | None = None
    """Makes the store each scenario run writes through (storage boundary); None skips it."""
    guard: GuardedCompressor = field(init=False)
    chains: dict[int, tuple[Artifact, ...]] = field(default_factory=dict, init=False)
    _version: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        self.compressor = as_compressor(self.compressor)  # a plain function works too
        self.guard = GuardedCompressor(self.compressor, timeout=self.timeout)

    @property
    def name(self) -> str:
        return self.guard.name

    def __repr__(self) -> str:
        return f"<CompressorUnderTest {self.name} depth={self.depth}>"

    @property
    def records(self) -> list[CompressionRecord]:
        """Every call made so far, with the exact inputs (event ids) given."""
        return self.guard.records

    def request(
        self,
        source: Ledger,
        *,
        prior: Artifact | None = None,
        budget: int | None = None,
        tenant_id: str | None = None,
        subject_id: str | None = None,
    ) -> CompressionRequest:
        """The request for ``source``'s authorized events of one tenant and subject."""
        tenant = tenant_id or source.tenant_id
        subject = subject_id or source.subject_id
        self._version = max(self._version, prior.memory_version if prior else 0) + 1
        return CompressionRequest(
            tenant_id=tenant,
            subject_id=subject,
            events=source.authorized_events(tenant, subject),
            prior=prior,
            memory_version=self._version,
            budget=budget,
            config=dict(self.config),
        )

    def compress(
        self,
        source: Ledger | CompressionRequest,
        *,
        prior: Artifact | None = None,
        budget: int | None = None,
        tenant_id: str | None = None,
        subject_id: str | None = None,
    ) -> Artifact:
        """Compress a ledger's authorized events (or an explicit request) and return the artifact."""
        __tracebackhide__ = True
        if isinstance(source, CompressionRequest):
            request = source
        else:
            request = self.request(
                source, prior=prior, budget=budget, tenant_id=tenant_id, subject_id=subject_id
            )
        chain: list[Artifact] = []
        ledger = source if isinstance(source, Ledger) else None
        for _ in range(max(1, self.depth)):
            # The guard's findings and the attempts' disagreement; the test asserts the contract.
            result = run_pass(ledger, request, self.guard, checks=(), attempts=self.attempts)
            for record in result.attempts:
                if record.artifact is None or record.violations:
                    evidence = self.sink(
                        CompactionOutcome(
                            self.name,
                            record.violations,
                            records_evidence(ledger, self.records, record.violations, self.name),
                        )
                    )
                    raise ContractFailure(
                        record.violations, title=f"compressor {self.name} misbehaved", evidence=evidence
                    )
            split = list(result.verdict.violations)
            if split:
                evidence = self.sink(
                    CompactionOutcome(
                        self.name, tuple(split), records_evidence(ledger, result.attempts, split, self.name)
                    )
                )
                raise ContractFailure(
                    split, title=f"{len(result.attempts)} attempts of {self.name} disagree", evidence=evidence
                )
            record = result.record
            assert record.artifact is not None
            chain.append(record.artifact)
            self._version += 1
            request = CompressionRequest(
                tenant_id=request.tenant_id,
                subject_id=request.subject_id,
                events=(),
                prior=record.artifact,
                memory_version=self._version,
                budget=request.budget,
                config=request.config,
            )
        artifact = chain[-1]
        self.chains[id(artifact)] = tuple(chain)
        return artifact


@dataclass
class ContractChecker:
    """``assert_preserved`` and friends: check artifacts and fail with named violations."""

    mode: Mode = "strict"
    sink: Sink = _no_sink
    compressor: CompressorUnderTest | None = None
    reproduce: str | None = None
    relations: tuple[str, ...] = ()
    """Metamorphic relations ``run`` also checks (from ``@pytest.mark.metamorphic``)."""
    seed: int | None = None
    depth: int = 1
    """With more than 1, ``run`` also compares direct and ``depth``-pass compression."""

    def __repr__(self) -> str:
        return f"<ContractChecker mode={self.mode}>"

    def check(self, ledger: Ledger, artifact: Artifact) -> tuple[Violation, ...]:
        """Every violation of ``artifact`` (and, for a multi-pass artifact, of each pass)."""
        chain: Iterable[Artifact] = (artifact,)
        if self.compressor is not None:
            chain = self.compressor.chains.get(id(artifact), chain)
        found: dict[str, Violation] = {}
        for depth_index, step in enumerate(chain, start=1):
            for violation in self._verdict(ledger, step).violations:
                if violation.name not in found:
                    if depth_index > 1 or step is not artifact:
                        violation = _at_depth(violation, step.depth)
                    found[violation.name] = violation
        return tuple(found.values())

    def _verdict(self, ledger: Ledger, artifact: Artifact) -> Verdict:
        """The checker's verdict; a summary is read in prose too, as a spec's pass reads it."""
        verdict = check(ledger, artifact, mode=self.mode)
        if not artifact.summary:
            return verdict
        from pytest_compaction.prose.facts import check_artifact_summary

        records = self.compressor.records if self.compressor is not None else ()
        structured = any(r.structured for r in records if r.artifact is artifact)
        return check_artifact_summary(ledger, artifact, verdict, facts_expected=structured)

    def assert_preserved(self, ledger: Ledger, artifact: Artifact) -> None:
        """Fail unless ``artifact`` keeps every required fact of ``ledger`` faithfully."""
        __tracebackhide__ = True
        violations = self.check(ledger, artifact)
        evidence = self._record(ledger, violations)
        if violations:
            raise ContractFailure(violations, reproduce=self.reproduce, evidence=evidence)

    def _record(self, ledger: Ledger, violations: Sequence[Violation]) -> str | None:
        name = self.compressor.name if self.compressor is not None else "artifact"
        records = self.compressor.records if self.compressor is not None else []
        return self.sink(
            CompactionOutcome(name, tuple(violations), records_evidence(ledger, records, violations, name))
        )

    def run(self, scenario: Scenario, *, attempts: int | None = None) -> ScenarioRun:
        """Run a scenario through the compressor under test and fail on any violation.

        Under ``@pytest.mark.repeated_compression(depth=N)`` the direct and N-pass paths
        are compared too, and under ``@pytest.mark.metamorphic(...)`` each relation runs
        the scenario transformed; every break is reported together, by relation.
        """
        __tracebackhide__ = True
        cut = self.compressor
        if cut is None:
            raise CompactionError(
                "run() needs a compressor under test; request the compressor_under_test fixture"
            )
        base = run_and_assert(scenario, cut, mode=self.mode, attempts=attempts, reproduce=self.reproduce)
        broken: list[ContractFailure] = []
        if self.depth > 1:
            try:
                run_depth_variant(scenario, cut, self.depth, reproduce=self.reproduce)
            except ContractFailure as failure:
                broken.append(failure)
        for name in self.relations:
            try:
                reason = run_relation_variant(scenario, cut, name, seed=self.seed, reproduce=self.reproduce)
            except ContractFailure as failure:
                broken.append(failure)
                continue
            if reason:
                warnings.warn(CompactionWarning(reason), stacklevel=2)
        if broken:
            raise ContractFailure(
                [v for failure in broken for v in failure.violations],
                title="\n\n".join(f.title for f in broken if f.title),
                reproduce=self.reproduce,
                evidence=next((f.evidence for f in broken if f.evidence), None),
            )
        return base

    def assert_violations(self, ledger: Ledger, artifact: Artifact, expected: Iterable[str]) -> None:
        """Fail unless ``artifact`` shows exactly the ``expected`` violation names (a recorded incident)."""
        __tracebackhide__ = True
        violations = self.check(ledger, artifact)
        mismatch = expected_mismatch(violations, expected)
        evidence = self._record(ledger, mismatch)
        if mismatch:
            raise ContractFailure(
                mismatch,
                title="the incident no longer shows the violations it records",
                reproduce=self.reproduce,
                evidence=evidence,
            )


def expected_mismatch(violations: Iterable[Violation], expected: Iterable[str]) -> list[Violation]:
    """An ``unexpected_violations`` entry for each name missing from, or added to, ``expected``."""
    got = {v.name for v in violations}
    want = set(expected)
    out = []
    for name in sorted(want - got):
        out.append(Violation(code=ViolationCode.UNEXPECTED_VIOLATIONS, detail=f"expected {name}, not found"))
    for name in sorted(got - want):
        out.append(Violation(code=ViolationCode.UNEXPECTED_VIOLATIONS, detail=f"found {name}, not expected"))
    return out


def check_recorded(
    expected: Ledger, artifact: Artifact, *, mode: Mode = "strict", prose: ProseContract | None = None
) -> Verdict:
    """A recorded incident's verdict: the saved artifact checked as a spec's pass is.

    Its facts go through the checker; its summary (kept messages included) is read in prose
    against the facts' prose forms (a prose-only artifact is judged by its prose), and
    against ``prose`` (the spec's pinned invariants, bindings and prose policy), with the
    same checks and violation names a scenario's passes get.
    """
    from pytest_compaction.prose.facts import check_artifact_summary

    verdict = check_artifact_summary(expected, artifact, check(expected, artifact, mode=mode))
    if prose is not None and (prose.invariants is not None or prose.bindings is not None):
        from pytest_compaction.prose.checks import check_saved_summary

        saved = check_saved_summary(prose, artifact.summary or "", depth=artifact.depth)
        verdict = verdict.merged(saved)
    return verdict


def scenario_extras(
    scenario: Scenario, config: Mapping[str, object]
) -> tuple[tuple[PassCheck, ...], dict[str, object]]:
    """The per-pass checks and request config a scenario adds (its prose contract, or its
    budget alone, if any).

    The prose check hands each pass its own pinned block (what the history has stated by
    then) through its ``configure``, so the run-wide config is ``config`` as given.
    """
    merged = dict(config)
    if scenario.invariants is None and scenario.bindings is None and scenario.budget is None:
        return (), merged
    from pytest_compaction.prose.checks import prose_checks

    return prose_checks(scenario).checks, merged


def run_contract(
    scenario: Scenario,
    guard: GuardedCompressor,
    *,
    attempts: int = 1,
    extra_checks: Sequence[PassCheck] = (),
    config: Mapping[str, object] | None = None,
    store_factory: StoreFactory | None = None,
) -> ScenarioRun:
    """A scenario's contract run: what a spec item, ``compaction_contract.run`` and mutants all run.

    The scenario's own checks and request config (its prose contract) are added, its
    ``attempts`` raise ``attempts``, and every pass writes through a store from
    ``store_factory`` (closed afterwards) when one is given.
    """
    from pytest_compaction.store.sqlite import opened

    own, merged = scenario_extras(scenario, config or {})
    with opened(store_factory) as store:
        return run_scenario(
            scenario,
            guard,
            attempts=max(attempts, scenario.attempts or 1),
            extra_checks=(*extra_checks, *own),
            config=merged,
            store=store,
        )


def _at_depth(violation: Violation, depth: int) -> Violation:
    detail = f"depth {depth}" + (f"; {violation.detail}" if violation.detail else "")
    return replace(violation, detail=detail)


def run_and_assert(
    scenario: Scenario,
    cut: CompressorUnderTest,
    *,
    mode: Mode | None = None,
    attempts: int | None = None,
    reproduce: str | None = None,
) -> ScenarioRun:
    """Run ``scenario`` through ``cut`` and fail with its named violations (or its expectation mismatch)."""
    __tracebackhide__ = True
    if mode is not None and mode != scenario.mode:
        scenario = replace(scenario, mode=mode)
    run = run_contract(
        scenario,
        cut.guard,
        attempts=attempts or cut.attempts,
        config=cut.config,
        store_factory=cut.store_factory,
    )
    violations: Sequence[Violation] = run.violations
    title = None
    if scenario.expect_violations is not None:
        violations = expected_mismatch(run.violations, scenario.expect_violations)
        title = "the scenario does not show exactly the violations it expects"
    evidence = cut.sink(CompactionOutcome(cut.name, tuple(violations), run_evidence(run, cut.name)))
    if violations:
        raise ContractFailure(violations, title=title, reproduce=reproduce, evidence=evidence)
    return run


# -- variants: repeated compression and metamorphic relations ---------------------


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
