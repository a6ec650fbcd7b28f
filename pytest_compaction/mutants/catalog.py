"""Drift mutants: a mutation score for a memory-contract suite.

A drift mutant wraps a faithful compressor and injects exactly one failure class of
the brief (§3). Running a suite of scenarios against every mutant shows which
known ways of losing meaning the suite would notice: a mutant is *killed* when a
scenario reports, beyond what the faithful compressor already reports there, a
violation whose code belongs to the mutant's failure class (:attr:`Mutant.codes`).
A mutant noticed only through an unrelated code is not killed; the table still
shows what changed.

Pure logic on :func:`~pytest_compaction.engine.runner.run_scenario` and
:class:`~pytest_compaction.compressors.guard.GuardedCompressor`; nothing here imports pytest
or YAML (:func:`load_scenarios` imports the spec loader when called)::

    from pytest_compaction.mutants.catalog import MUTANTS, library_scenarios, run_mutants

    table = run_mutants(library_scenarios(), MUTANTS, inner=MyCompressor)
    print(table.render())
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_compaction.compressors.base import Compressor, ReferenceCompressor
from pytest_compaction.compressors.guard import DEFAULT_TIMEOUT, GuardedCompressor
from pytest_compaction.core.errors import CompactionError, ConfigError
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.engine.contract import run_contract
from pytest_compaction.engine.runner import PassCheck, ScenarioRun
from pytest_compaction.mutants import prose_drift
from pytest_compaction.mutants.compressors import (
    DecayOnResummarize,
    DropCriticalFact,
    DropProvenance,
    DropQualifiers,
    ElevateUntrustedClaim,
    FlakyCriticalFact,
    InferSpeculation,
    KeepRecentUnderBudget,
    KeepSupersededValue,
    LeakOtherTenant,
    LoseConcurrentUpdate,
    MoveToOtherSubject,
    MutantCompressor,
    NegateBoolean,
    ReplayDeletedInput,
    ResurrectFromCheckpoint,
    ShareRunningMemory,
    StringifyValues,
)
from pytest_compaction.mutants.prose import (
    CollapseIdentifiers,
    DropPinnedInvariant,
    FailureAsExplored,
    GrowSummary,
    HedgeModalWords,
)
from pytest_compaction.mutants.stores import LastWriterWinsStore, PassThrough, StringifyingStore
from pytest_compaction.mutants.table import Finding, MutantRow, MutationTable, render_table

if TYPE_CHECKING:
    from pytest_compaction.store.sqlite import StoreFactory

__all__ = [
    "FAILURE_CLASSES",
    "MUTANTS",
    "PROSE_DRIFT_MUTANTS",
    "CollapseIdentifiers",
    "DecayOnResummarize",
    "DropCriticalFact",
    "DropPinnedInvariant",
    "DropProvenance",
    "DropQualifiers",
    "ElevateUntrustedClaim",
    "FailureAsExplored",
    "Finding",
    "FlakyCriticalFact",
    "GrowSummary",
    "HedgeModalWords",
    "InferSpeculation",
    "ChecksFor",
    "InnerFactory",
    "KeepRecentUnderBudget",
    "KeepSupersededValue",
    "LeakOtherTenant",
    "LoseConcurrentUpdate",
    "MoveToOtherSubject",
    "Mutant",
    "MutantCompressor",
    "MutantRow",
    "MutationTable",
    "NegateBoolean",
    "ReplayDeletedInput",
    "ResurrectFromCheckpoint",
    "ShareRunningMemory",
    "StringifyValues",
    "get_mutant",
    "library_scenarios",
    "load_scenarios",
    "render_table",
    "mutation_table",
    "run_mutant",
    "run_mutants",
    "tabulate",
]

FAILURE_CLASSES: Mapping[int, str] = {
    1: "omission",
    2: "negation loss",
    3: "qualifier loss",
    4: "temporal collapse",
    5: "deletion resurrection",
    6: "entity merge / isolation breach",
    7: "instruction elevation",
    8: "unsupported inference",
    9: "provenance loss",
    10: "repetition drift",
    11: "modal weakening",
    12: "constraint evaporation",
    13: "failure-history collapse",
    14: "binding drift",
    15: "budget failures",
    16: "representation loss",
    17: "lost update",
    18: "nondeterminism",
}
"""The failure classes of the brief (§3), by number."""

InnerFactory = Callable[[], Compressor]
"""Makes a fresh faithful compressor (a class or a function): each run gets its own."""

ChecksFor = Callable[[Scenario], "tuple[PassCheck, ...]"]
"""The pass checks a scenario needs (e.g. prose checks built from its ``invariants``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Mutant:
    """One registered drift mutant: its name, failure class and the codes that kill it."""

    name: str
    failure_class: int
    """The number of its failure class in the brief (§3); see :data:`FAILURE_CLASSES`."""
    codes: frozenset[ViolationCode]
    """The violation codes that count as killing it: the names its failure class is reported under."""
    compressor: type[MutantCompressor]
    store: StoreFactory | None = None
    """For a storage-side mutant: the defective store a run writes through (the compressor
    is then the faithful one, unchanged)."""

    @property
    def class_label(self) -> str:
        """``"01 omission"``."""
        return f"{self.failure_class:02d} {FAILURE_CLASSES[self.failure_class]}"

    @property
    def description(self) -> str:
        """The first paragraph of the mutant compressor's docstring."""
        doc = (self.store if self.store is not None else self.compressor).__doc__ or ""
        return " ".join(doc.strip().split("\n\n")[0].split())

    def build(self, inner: Compressor | None = None, *, seed: int = 0) -> MutantCompressor:
        """A fresh mutant compressor wrapping ``inner`` (default: the reference compressor)."""
        if self.store is not None:
            return PassThrough(inner, seed=seed, label=self.name)
        return self.compressor(inner, seed=seed)

    def kills(self, violation: Violation) -> bool:
        return violation.code in self.codes


def _mutant(
    defect: type[MutantCompressor | StringifyingStore | LastWriterWinsStore],
    failure_class: int,
    *codes: ViolationCode,
) -> Mutant:
    """The mutant named after ``defect``: a mutant compressor, or a defective store behind a faithful one."""
    if issubclass(defect, MutantCompressor):
        return Mutant(
            name=defect.mutant_name, failure_class=failure_class, codes=frozenset(codes), compressor=defect
        )
    return Mutant(
        name=defect.mutant_name,
        failure_class=failure_class,
        codes=frozenset(codes),
        compressor=PassThrough,
        store=defect,
    )


_C = ViolationCode

PROSE_DRIFT_MUTANTS: tuple[Mutant, ...] = (
    _mutant(prose_drift.NegateClause, 2, _C.VALUE_CHANGED, _C.MODAL_WEAKENED),
    _mutant(prose_drift.DropConditionWords, 3, _C.QUALIFIERS_CHANGED, _C.MODAL_WEAKENED, _C.MARKER_MISSING),
    _mutant(prose_drift.KeepSupersededSentence, 4, _C.FORBIDDEN_SUPERSEDED_FACT),
    _mutant(prose_drift.RestoreDeletedText, 5, _C.FORBIDDEN_DELETED_FACT),
    _mutant(prose_drift.SwapNames, 6, _C.SUBJECT_CHANGED, _C.VALUE_CHANGED, _C.MISSING),
    _mutant(prose_drift.StripAttribution, 7, _C.TRUST_ELEVATED),
    _mutant(prose_drift.SpeculationAsSettled, 8, _C.UNSUPPORTED_FACT),
    _mutant(prose_drift.ConsideredNotFailed, 13, _C.FAILURE_HISTORY_COLLAPSED, _C.MISSING),
    _mutant(prose_drift.RenumberNumbers, 14, _C.VALUE_CHANGED, _C.IDENTIFIER_COLLAPSED, _C.MARKER_MISSING),
)
"""The prose drift mutants (:mod:`pytest_compaction.mutants.prose_drift`); the control
:class:`~pytest_compaction.mutants.prose_drift.FaithfulParaphrase` is not among them."""

MUTANTS: tuple[Mutant, ...] = (
    _mutant(DropCriticalFact, 1, _C.MISSING),
    _mutant(NegateBoolean, 2, _C.VALUE_CHANGED),
    _mutant(DropQualifiers, 3, _C.QUALIFIERS_CHANGED),
    _mutant(KeepSupersededValue, 4, _C.FORBIDDEN_SUPERSEDED_FACT, _C.VALUE_CHANGED),
    _mutant(ResurrectFromCheckpoint, 5, _C.FORBIDDEN_DELETED_FACT),
    _mutant(ReplayDeletedInput, 5, _C.DELETED_CONTENT_IN_INPUT),
    _mutant(MoveToOtherSubject, 6, _C.SUBJECT_CHANGED, _C.ISOLATION_BREACH),
    _mutant(LeakOtherTenant, 6, _C.TENANT_CHANGED, _C.ISOLATION_BREACH),
    _mutant(ShareRunningMemory, 6, _C.SUBJECT_CHANGED, _C.TENANT_CHANGED, _C.ISOLATION_BREACH),
    _mutant(ElevateUntrustedClaim, 7, _C.TRUST_ELEVATED),
    _mutant(InferSpeculation, 8, _C.UNSUPPORTED_FACT),
    _mutant(DropProvenance, 9, _C.PROVENANCE_MISSING),
    _mutant(DecayOnResummarize, 10, _C.QUALIFIERS_CHANGED, _C.MODAL_WEAKENED, _C.DEPTH_EXCEEDED),
    _mutant(HedgeModalWords, 11, _C.MODAL_WEAKENED, _C.MARKER_MISSING),
    _mutant(
        DropPinnedInvariant,
        12,
        _C.INVARIANT_DROPPED,
        _C.CONSTRAINT_DENSITY_COLLAPSED,
        _C.INVARIANT_RETIRED_WITHOUT_EVENT,
    ),
    _mutant(FailureAsExplored, 13, _C.FAILURE_HISTORY_COLLAPSED, _C.PREDICATE_CHANGED),
    _mutant(
        CollapseIdentifiers,
        14,
        _C.IDENTIFIER_COLLAPSED,
        _C.BINDING_REASSIGNED,
        _C.BINDING_UNRESOLVABLE,
        _C.VALUE_CHANGED,
    ),
    _mutant(GrowSummary, 15, _C.SUMMARY_NOT_RECLAIMED),
    _mutant(KeepRecentUnderBudget, 15, _C.MISSING, _C.SUMMARY_NOT_RECLAIMED),
    _mutant(StringifyValues, 16, _C.REPRESENTATION_CHANGED, _C.VALUE_CHANGED),
    _mutant(StringifyingStore, 16, _C.REPRESENTATION_CHANGED),
    _mutant(LoseConcurrentUpdate, 17, _C.LOST_UPDATE, _C.MISSING, _C.FORBIDDEN_SUPERSEDED_FACT),
    _mutant(LastWriterWinsStore, 17, _C.LOST_UPDATE),
    _mutant(FlakyCriticalFact, 18, _C.NONDETERMINISTIC_CRITICAL_FACT),
    # Prose drift: the summary rewritten, the structured facts untouched.
    *PROSE_DRIFT_MUTANTS,
)
"""Every drift mutant shipped, in failure-class order."""


def get_mutant(name: str) -> Mutant:
    """The registered mutant called ``name``; an unknown name says which ones exist."""
    for mutant in MUTANTS:
        if mutant.name == name:
            return mutant
    import difflib

    known = [m.name for m in MUTANTS]
    close = difflib.get_close_matches(name, known, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    raise ConfigError(f"unknown drift mutant {name!r}; {hint}known mutants: {', '.join(known)}")


# -- running ------------------------------------------------------------------------


def _run(
    scenario: Scenario,
    compressor: Compressor,
    *,
    attempts: int,
    timeout: float | None,
    extra_checks: tuple[PassCheck, ...],
    checks_for: ChecksFor | None,
    config: dict[str, object] | None,
    store_factory: StoreFactory | None,
) -> ScenarioRun:
    # The same per-scenario checks, request config and storage boundary as the contract
    # run, so a kill is one the suite itself would report.
    return run_contract(
        scenario,
        GuardedCompressor(compressor, timeout=timeout),
        attempts=attempts,
        extra_checks=(*extra_checks, *(checks_for(scenario) if checks_for is not None else ())),
        config=config,
        store_factory=store_factory,
    )


def run_mutant(
    mutant: Mutant,
    scenario: Scenario,
    *,
    inner: InnerFactory = ReferenceCompressor,
    baseline: Iterable[str] = (),
    attempts: int = 1,
    timeout: float | None = DEFAULT_TIMEOUT,
    extra_checks: tuple[PassCheck, ...] = (),
    checks_for: ChecksFor | None = None,
    config: dict[str, object] | None = None,
    store_factory: StoreFactory | None = None,
    label: str | None = None,
) -> Finding:
    """Run ``scenario`` against a fresh ``mutant`` wrapping ``inner()``.

    ``baseline`` is the violation names the faithful compressor shows on the same
    scenario; they never count. The scenario's own ``attempts`` and ``seed`` are
    honoured (the seed is the mutant's).
    """
    compressor = mutant.build(inner(), seed=scenario.seed or 0)
    name = label or scenario.name
    try:
        run = _run(
            scenario,
            compressor,
            attempts=attempts,
            timeout=timeout,
            extra_checks=extra_checks,
            checks_for=checks_for,
            config=config,
            store_factory=mutant.store if mutant.store is not None else store_factory,
        )
    except CompactionError as exc:
        return Finding(mutant=mutant.name, scenario=name, error=str(exc))
    known = set(baseline)
    new = [v for v in run.violations if v.name not in known]
    return Finding(
        mutant=mutant.name,
        scenario=name,
        killed_by=tuple(sorted({v.name for v in new if mutant.kills(v)})),
        other=tuple(sorted({v.name for v in new if not mutant.kills(v)})),
    )


def run_mutants(
    scenarios: Iterable[Scenario],
    mutants: Iterable[Mutant] = MUTANTS,
    *,
    inner: InnerFactory = ReferenceCompressor,
    attempts: int = 1,
    timeout: float | None = DEFAULT_TIMEOUT,
    extra_checks: tuple[PassCheck, ...] = (),
    checks_for: ChecksFor | None = None,
    config: dict[str, object] | None = None,
    store_factory: StoreFactory | None = None,
    accepted: Mapping[str, str] | None = None,
) -> MutationTable:
    """Run every scenario against every mutant and return the table.

    Each scenario first runs against the faithful compressor (``inner()``) for its
    baseline; a scenario that cannot run at all is listed in ``skipped``. The cost is
    one run per scenario plus one per scenario and mutant. Every run makes the same
    checks as the contract run (the fact contract, and the scenario's own prose contract
    through :func:`~pytest_compaction.engine.contract.scenario_extras`); ``extra_checks`` (every
    scenario) and ``checks_for(scenario)`` (per scenario) add pass checks: add only
    checks the contract run also makes, or the score credits checks the suite does not make.
    ``store_factory`` makes the store each run writes through and reads back from
    (the contract run's ``CompressorUnderTest.store_factory``); None skips storage.
    ``accepted`` maps mutant names to the reason their survival is accepted.
    """
    started = time.perf_counter()
    chosen = tuple(mutants)
    options: dict[str, Any] = {
        "attempts": attempts,
        "timeout": timeout,
        "extra_checks": extra_checks,
        "checks_for": checks_for,
        "config": config,
        "store_factory": store_factory,
    }
    usable: list[tuple[Scenario, tuple[str, ...]]] = []
    skipped: list[tuple[str, str]] = []
    failing: list[tuple[str, tuple[str, ...]]] = []
    for scenario in scenarios:
        try:
            names = _run(scenario, inner(), **options).names
        except CompactionError as exc:
            skipped.append((scenario.name, str(exc)))
            continue
        usable.append((scenario, names))
        if names:
            failing.append((scenario.name, names))
    findings = [
        run_mutant(mutant, scenario, inner=inner, baseline=names, **options)
        for mutant in chosen
        for scenario, names in usable
    ]
    return tabulate(
        findings,
        chosen,
        scenarios=tuple(scenario.name for scenario, _ in usable),
        skipped=tuple(skipped),
        baseline=tuple(failing),
        seconds=time.perf_counter() - started,
        accepted=accepted,
    )


def tabulate(
    findings: Iterable[Finding],
    mutants: Iterable[Mutant] = MUTANTS,
    *,
    scenarios: tuple[str, ...] = (),
    skipped: tuple[tuple[str, str], ...] = (),
    baseline: tuple[tuple[str, tuple[str, ...]], ...] = (),
    seconds: float = 0.0,
    accepted: Mapping[str, str] | None = None,
) -> MutationTable:
    """Group findings (e.g. merged from xdist workers) into a table, one row per mutant."""
    chosen = list(mutants)
    by_mutant: dict[str, list[Finding]] = {m.name: [] for m in chosen}
    for finding in findings:
        if finding.mutant not in by_mutant:
            chosen.append(get_mutant(finding.mutant))
            by_mutant[finding.mutant] = []
        by_mutant[finding.mutant].append(finding)
    accepted = accepted or {}
    rows = tuple(
        MutantRow(mutant=m, findings=tuple(by_mutant[m.name]), accepted=accepted.get(m.name)) for m in chosen
    )
    return MutationTable(rows=rows, scenarios=scenarios, skipped=skipped, baseline=baseline, seconds=seconds)


def mutation_table(
    findings: Iterable[Mapping[str, Any]], accepted: Mapping[str, str] | None = None
) -> MutationTable:
    """The table for plain findings merged from a pytest session (``--compaction-mutants``)."""
    parsed = [Finding.from_dict(item) for item in findings]
    scenarios = tuple(sorted({f.scenario for f in parsed}))
    return tabulate(parsed, MUTANTS, scenarios=scenarios, accepted=accepted)


# -- scenarios from spec files ------------------------------------------------------


def load_scenarios(
    paths: Iterable[str | Path], *, pattern: str = "*.compaction.yaml"
) -> tuple[Scenario, ...]:
    """The scenarios of every spec file under ``paths`` (recorded incidents run no compressor: left out).

    A bad spec raises :class:`~pytest_compaction.core.errors.PayloadError` naming its file and line.
    """
    from pytest_compaction.specs.spec import load_spec  # YAML only when spec files are read

    found: list[Scenario] = []
    for entry in paths:
        path = Path(entry)
        files = sorted(path.rglob(pattern)) if path.is_dir() else [path]
        for file in files:
            spec = load_spec(file)
            if spec.scenario is not None:
                found.append(spec.scenario)
    return tuple(found)


def library_scenarios() -> tuple[Scenario, ...]:
    """The scenarios of the bundled fixture library."""
    from pytest_compaction.specs.library import library_path

    return load_scenarios([library_path()])
