"""Replay a scenario into a ledger and through a guarded compressor, checking every pass."""

from __future__ import annotations

import dataclasses
import operator
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from pytest_compaction.compressors.attribution import blame, located, stage_named, with_stage
from pytest_compaction.compressors.base import CompressionRequest, rebuilds_after_deletion
from pytest_compaction.compressors.guard import CompressionRecord, GuardedCompressor
from pytest_compaction.core.checker import Mode
from pytest_compaction.core.compare import qualifier_token, value_token
from pytest_compaction.core.errors import CompactionError, PayloadError
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Fact, SourceEvent, Status
from pytest_compaction.core.scenario import Scenario, Step
from pytest_compaction.core.violations import (
    REVIEWABLE,
    Verdict,
    Violation,
    ViolationCode,
    sort_violations,
)
from pytest_compaction.engine.passes import DEFAULT_CHECKS, PassCheck, PassContext, request_config

if TYPE_CHECKING:
    from pytest_compaction.engine.steps import RetrievalResult, UseStepResult
    from pytest_compaction.store.sqlite import MemoryStore

__all__ = [
    "SCHEDULES",
    "PassCheck",
    "PassContext",
    "PassResult",
    "ScenarioRun",
    "Schedule",
    "Stored",
    "build_ledger_step",
    "disagreements",
    "run_pass",
    "run_scenario",
]


Schedule = Literal["sequential", "concurrent"]
"""How a run orders its passes: one after another, or a round of subjects' passes at once."""

SCHEDULES: tuple[Schedule, ...] = ("sequential", "concurrent")


@dataclass(frozen=True, slots=True, kw_only=True)
class PassResult:
    """One compression pass: its request, every attempt, and the verdict."""

    index: int
    """1-based pass number."""
    step_path: str
    tenant_id: str
    subject_id: str
    attempts: tuple[CompressionRecord, ...]
    verdict: Verdict
    stored: Stored | None = None
    """The storage boundary, when the run used a store."""
    depth: int = 1
    """How many compressions deep this pass is, counted by the runner (not read from the artifact)."""
    memory: Artifact | None = None
    """What the next pass of this scope builds on: the read-back, else the artifact with deletions applied."""

    @property
    def record(self) -> CompressionRecord:
        return self.attempts[0]

    @property
    def artifact(self) -> Artifact | None:
        return self.record.artifact


@dataclass
class ScenarioRun:
    """Everything that happened in one run of a scenario."""

    scenario: Scenario
    ledger: Ledger
    passes: list[PassResult] = field(default_factory=list)
    retrievals: list[RetrievalResult] = field(default_factory=list)
    """Each ``retrieve`` step: query, filter, selected facts and verdict."""
    uses: list[UseStepResult] = field(default_factory=list)
    """Each ``use`` step: the consumer's action and the rules' verdict."""

    @property
    def violations(self) -> tuple[Violation, ...]:
        """Every distinct violation, each attributed to the first pass (or step) that showed it."""
        first: dict[str, Violation] = {}
        for result in self.passes:
            for violation in result.verdict.violations:
                first.setdefault(violation.name, _attributed(violation, result))
        stages = [("retrieval", r.step_path, r.verdict) for r in self.retrievals]
        stages += [("use", u.step_path, u.verdict) for u in self.uses]
        for kind, step_path, verdict in stages:
            for violation in verdict.violations:
                where = f"{kind} at {step_path}"
                detail = f"{where}; {violation.detail}" if violation.detail else where
                first.setdefault(violation.name, dataclasses.replace(violation, detail=detail))
        return sort_violations(first.values())

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(sorted({v.name for v in self.violations}))

    @property
    def ok(self) -> bool:
        return not self.violations


def _attributed(violation: Violation, result: PassResult) -> Violation:
    """``violation`` with its pass and stage named (run_pass names them; a check run outside it may not)."""
    depth = result.artifact.depth if result.artifact is not None else None
    stage = stage_named(violation) or "compression"
    return located(violation, stage=stage, index=result.index, depth=depth)


def build_ledger_step(ledger: Ledger, scenario: Scenario, step: Step) -> None:
    """Apply one ``add`` or ``delete`` step to the ledger; errors name the step's path."""
    try:
        if step.kind == "add":
            for event_id in step.event_ids:
                _record_event(ledger, scenario.event(event_id))
        elif step.kind == "delete":
            assert step.fact_id is not None
            ledger.delete(step.fact_id, event_id=step.event_id)
    except CompactionError as exc:
        raise PayloadError(step.path, str(exc)) from None


def _record_event(ledger: Ledger, event: SourceEvent) -> None:
    # Always a copy: the ledger attaches its own claims, and a compressor that changes an event
    # in place (input_mutated) must not reach the scenario, which later runs replay.
    ledger.add_event(_bare(event, ledger.event_count))
    for claim in event.claims:
        if claim.fact_id in ledger:
            ledger.restate(claim.fact_id, event.event_id)
            continue
        ledger.add_fact(claim.as_fact(event), prose=claim.prose)
        for older in claim.supersedes:
            ledger.supersede(older, claim.fact_id)
    for fact_id in event.retires:
        reason = event.reason or f"retired by event {event.event_id}"
        ledger.retire(fact_id, event_id=event.event_id, reason=reason)


_KEPT_EVENT_FIELDS = tuple(
    f.name for f in dataclasses.fields(SourceEvent) if f.init and f.name not in ("claims", "retires", "order")
)
_kept_event_values = operator.attrgetter(*_KEPT_EVENT_FIELDS)


def _bare(event: SourceEvent, order: int) -> SourceEvent:
    """``dataclasses.replace(event, claims=(), retires=(), order=order)``, in half its time."""
    return SourceEvent(**dict(zip(_KEPT_EVENT_FIELDS, _kept_event_values(event), strict=True)), order=order)


def run_scenario(
    scenario: Scenario,
    guard: GuardedCompressor,
    *,
    attempts: int = 1,
    checks: Sequence[PassCheck] = DEFAULT_CHECKS,
    extra_checks: Sequence[PassCheck] = (),
    config: dict[str, object] | None = None,
    store: MemoryStore | None = None,
    schedule: Schedule = "sequential",
) -> ScenarioRun:
    """Run every step; each ``compress`` is one pass (:func:`run_pass`), checked as the ledger stands.

    ``checks`` are the pass checks every pass runs (:data:`~pytest_compaction.engine.passes.DEFAULT_CHECKS`:
    deleted content in the input, then the contract); ``extra_checks`` run after them
    (a scenario's prose checks, a caller's own).

    With a ``store``, every artifact is written (compare-and-set on the scope's
    version) and read back; the read-back is compared with what was written
    (``representation_changed``) and becomes the memory the next pass builds on.
    Deletions then reach the store too, which must enforce them at read time.

    A ``retrieve`` step asks the store (without one: the scope's latest stored
    artifact, deletions applied) and a ``use`` step gives what it returned to a
    consumer; see :mod:`pytest_compaction.engine.steps`.

    ``schedule="concurrent"`` runs consecutive ``compress`` steps of different tenants or
    subjects at the same time, one thread each, against the one compressor and the one
    store (see :func:`_rounds`); every pass is still :func:`run_pass`, numbered in step
    order. The default runs one step after another.
    """
    if schedule not in SCHEDULES:
        raise ValueError(f"schedule must be one of {', '.join(SCHEDULES)}, got {schedule!r}")
    ledger = Ledger(tenant_id=scenario.tenant_id, subject_id=scenario.subject_id)
    run = ScenarioRun(scenario=scenario, ledger=ledger)
    every = (*checks, *extra_checks)
    rebuilds = rebuilds_after_deletion(guard.compressor)
    memory: dict[tuple[str, str], Artifact] = {}
    latest: dict[tuple[str, str], Artifact] = {}
    compressed: dict[tuple[str, str], set[str]] = {}
    versions: dict[tuple[str, str], int] = {}
    depths: dict[tuple[str, str], int] = {}

    def prepare(step: Step, index: int) -> tuple[tuple[str, str], CompressionRequest, dict[str, object]]:
        scope = (step.tenant_id or scenario.tenant_id, step.subject_id or scenario.subject_id)
        seen = compressed.setdefault(scope, set())
        events = tuple(e for e in ledger.authorized_events(*scope) if e.event_id not in seen)
        prior = memory.get(scope)
        if prior is not None:
            prior = _authorized(prior, ledger)  # a store deletes by id; the summary stays as written
        deleted = _deleted(ledger, scope)
        redacted = ledger.redacted_event_ids
        request = CompressionRequest(
            tenant_id=scope[0],
            subject_id=scope[1],
            events=events,
            prior=prior,
            memory_version=versions.get(scope, 0) + 1,
            budget=step.budget if step.budget is not None else scenario.budget,
            config=_with_budgets(config, scenario, step),
            budget_tokens=_budget(scenario, step, "budget_tokens"),
            budget_chars=_budget(scenario, step, "budget_chars"),
            deleted_fact_ids=tuple(fact.fact_id for fact in deleted),
            deleted_event_ids=tuple(
                dict.fromkeys(e for fact in deleted for e in fact.source_event_ids if e in redacted)
            ),
        )
        request = _configured(request, every, [p for p in run.passes if (p.tenant_id, p.subject_id) == scope])
        depth = 1 if prior is None else depths.get(scope, 0) + 1
        options: dict[str, object] = {
            "index": index,
            # The depth policy may make a deep pass strict (no unsupported facts even when permissive).
            "mode": scenario.effective_depth_policy.mode_at(scenario.mode, depth),
            "depth": depth,
            "previous": tuple(run.passes),
            "version": versions.get(scope, 0),
            "step_path": step.path,
        }
        return scope, request, options

    def settle(scope: tuple[str, str], request: CompressionRequest, result: PassResult) -> None:
        run.passes.append(result)
        depths[scope] = result.depth
        if result.memory is not None:
            memory[scope] = latest[scope] = result.memory
            stored = result.stored
            if stored is None:
                versions[scope] = versions.get(scope, 0) + 1
            elif stored.version is not None:
                versions[scope] = stored.version
        compressed[scope].update(e.event_id for e in request.events)

    lanes: dict[tuple[str, str], GuardedCompressor] = {}

    def compress(steps: Sequence[Step]) -> None:
        first = len(run.passes) + 1
        planned = [prepare(step, first + n) for n, step in enumerate(steps)]
        passes = [
            (guard if len(planned) == 1 else _lane(guard, lanes, scope), request, options)
            for scope, request, options in planned
        ]
        results = _run_round(passes, ledger, checks=every, attempts=attempts, store=store)
        for (scope, request, _), result in zip(planned, results, strict=True):
            settle(scope, request, result)
        if len(planned) > 1:  # each lane's calls, in pass order, on the run's own guard
            guard.records.extend(record for result in results for record in result.attempts)

    try:
        for group in _rounds(scenario, schedule):
            if len(group) > 1:
                compress(group)
                continue
            step = group[0]
            if step.kind in ("retrieve", "use"):
                _run_stage(step, run, store, latest)
                continue
            if step.kind != "compress":
                build_ledger_step(ledger, scenario, step)
                if step.kind == "delete":
                    assert step.fact_id is not None
                    deleted = ledger.get(step.fact_id)
                    if store is not None:
                        store.delete_fact(deleted.tenant_id, deleted.subject_id, deleted.fact_id)
                    if rebuilds:
                        # This system rebuilds its memory after a deletion: the next pass
                        # starts again from the authorized events, with no prior.
                        memory.clear()
                        compressed.clear()
                    # Otherwise the next pass is handed the prior memory as the system keeps it,
                    # with the deletion named in the request: the compressor must purge it.
                continue
            compress(group)
    finally:
        for lane in lanes.values():  # each concurrent lane's timeout thread ends with the run
            lane.close()
    return run


def run_pass(
    ledger: Ledger | None,
    request: CompressionRequest,
    guard: GuardedCompressor,
    *,
    checks: Sequence[PassCheck] = DEFAULT_CHECKS,
    attempts: int = 1,
    mode: Mode = "strict",
    index: int = 1,
    depth: int | None = None,
    previous: Sequence[PassResult] = (),
    store: MemoryStore | None = None,
    version: int = 0,
    step_path: str = "",
) -> PassResult:
    """One compression pass: the engine every front end runs its passes through.

    Calls the guarded compressor ``attempts`` times; with a ``store``, writes the first
    attempt's artifact (deleted facts removed) based on ``version`` and reads it back;
    then hands each attempt to every pass check as a
    :class:`~pytest_compaction.engine.passes.PassContext`. Attempts that disagree on a
    critical fact add ``nondeterministic_critical_fact``. ``depth`` defaults to the
    request's. Without a ``ledger`` (a bare request) no check runs; the guard's
    findings and the attempts' disagreement still do.
    """
    records = tuple(guard.run(request, attempt=n) for n in range(1, max(1, attempts) + 1))
    level = request.depth if depth is None else depth
    artifact = records[0].artifact
    stored: Stored | None = None
    kept: Artifact | None = None
    if artifact is not None:
        kept = _authorized(artifact, ledger) if ledger is not None else artifact
        if store is not None:
            stored = _store_round_trip(store, kept, version, request.prior)
            if stored.read_back is not None:
                kept = stored.read_back
    found: list[Violation] = []
    review: list[Violation] = []
    for record in records:
        prefix = f"attempt {record.attempt}: " if len(records) > 1 else ""
        place = _placer(ledger, record, index, prefix, previous)
        found.extend(place(v) for v in record.violations)
        if ledger is None:
            continue
        context = PassContext(
            ledger=ledger,
            record=record,
            index=index,
            depth=level,
            previous=previous,
            stored=stored,
            step_path=step_path,
        )
        for pass_check in checks:
            for violation in pass_check(context):
                if mode == "permissive" and violation.code in REVIEWABLE:
                    # Exploration: an extra fact is for a person to review, not a failure.
                    review.append(place(violation))
                else:
                    found.append(place(violation))
    first = _placer(ledger, records[0], index, "", previous)
    if len(records) > 1:
        found.extend(first(v) for v in disagreements(ledger, records))
    if stored is not None:
        found.extend(first(v) for v in stored.violations)
    unique = {(v.name, v.detail): v for v in found}
    return PassResult(
        index=index,
        step_path=step_path,
        tenant_id=request.tenant_id,
        subject_id=request.subject_id,
        attempts=records,
        verdict=Verdict(violations=sort_violations(unique.values()), review=sort_violations(review)),
        stored=stored,
        depth=level,
        memory=kept,
    )


def _with_budgets(config: dict[str, object] | None, scenario: Scenario, step: Step) -> dict[str, object]:
    """The run's config plus the pass's token and character budgets (the step's, else the scenario's)."""
    out = dict(config or {})
    for key in ("budget_tokens", "budget_chars"):
        value = getattr(step, key)
        value = value if value is not None else getattr(scenario, key)
        if value is not None:
            out[key] = value
    return out


def _configured(
    request: CompressionRequest, checks: Sequence[PassCheck], previous: Sequence[PassResult]
) -> CompressionRequest:
    """``request`` with what each check hands this pass added to its config (see ``RequestConfig``)."""
    added: dict[str, object] = {}
    for pass_check in checks:
        configure = request_config(pass_check)
        if configure is not None:
            added.update(configure(request, previous))
    return replace(request, config={**request.config, **added}) if added else request


def _budget(scenario: Scenario, step: Step, key: str) -> int | None:
    value = getattr(step, key)
    value = value if value is not None else getattr(scenario, key)
    return value if isinstance(value, int) else None


def _run_stage(
    step: Step, run: ScenarioRun, store: MemoryStore | None, latest: dict[tuple[str, str], Artifact]
) -> None:
    from pytest_compaction.engine.steps import run_retrieve_step, run_use_step

    if step.kind == "retrieve":
        scope = (step.tenant_id or run.scenario.tenant_id, step.subject_id or run.scenario.subject_id)
        step = replace(step, tenant_id=scope[0], subject_id=scope[1])
        run.retrievals.append(
            run_retrieve_step(
                step, run.ledger, store=store, latest=latest.get(scope), after_pass=len(run.passes)
            )
        )
        return
    if not run.retrievals:
        raise PayloadError(step.path, "a use step needs a retrieve step before it")
    run.uses.append(run_use_step(step, run.ledger, run.retrievals[-1]))


def _rounds(scenario: Scenario, schedule: Schedule) -> list[tuple[Step, ...]]:
    """The steps in groups; a group of several is one concurrent round of ``compress`` steps.

    Under ``concurrent``, a run of consecutive ``compress`` steps whose tenants and
    subjects all differ is one round (a second pass of a subject already in the round
    starts the next one). Every other step, and every step of a sequential run, is a
    group of its own.
    """
    groups: list[tuple[Step, ...]] = []
    current: list[Step] = []
    scopes: set[tuple[str, str]] = set()
    for step in scenario.effective_steps:
        scope = (step.tenant_id or scenario.tenant_id, step.subject_id or scenario.subject_id)
        if schedule == "concurrent" and step.kind == "compress" and scope not in scopes:
            current.append(step)
            scopes.add(scope)
            continue
        if current:
            groups.append(tuple(current))
            current, scopes = [], set()
        if schedule == "concurrent" and step.kind == "compress":
            current, scopes = [step], {scope}
            continue
        groups.append((step,))
    if current:
        groups.append(tuple(current))
    return groups


def _lane(
    guard: GuardedCompressor, lanes: dict[tuple[str, str], GuardedCompressor], scope: tuple[str, str]
) -> GuardedCompressor:
    """The guard one subject's concurrent passes call through: the run's compressor, its own timer.

    One guard's timeout thread serves one caller at a time, so each concurrent lane gets a
    guard of its own around the *same* compressor object: state the compressor keeps on
    itself is shared between the subjects, as it is in production.
    """
    lane = lanes.get(scope)
    if lane is None:
        lane = lanes[scope] = GuardedCompressor(guard.compressor, timeout=guard.seconds)
    return lane


def _run_round(
    passes: Sequence[tuple[GuardedCompressor, CompressionRequest, dict[str, Any]]],
    ledger: Ledger,
    **shared: Any,
) -> list[PassResult]:
    """:func:`run_pass` for each planned pass; several start together, one thread each."""
    if len(passes) == 1:
        lane, request, options = passes[0]
        return [run_pass(ledger, request, lane, **shared, **options)]
    start = threading.Barrier(len(passes))
    results: list[PassResult | None] = [None] * len(passes)
    errors: list[BaseException] = []

    def work(slot: int) -> None:
        lane, request, options = passes[slot]
        try:
            start.wait()
            results[slot] = run_pass(ledger, request, lane, **shared, **options)
        except BaseException as exc:  # re-raised in the caller's thread, below
            start.abort()
            errors.append(exc)

    threads = [
        threading.Thread(target=work, args=(slot,), name=f"compaction-round-{slot}", daemon=True)
        for slot in range(len(passes))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    failures = [e for e in errors if not isinstance(e, threading.BrokenBarrierError)]
    if failures or errors:
        raise (failures or errors)[0]
    return [result for result in results if result is not None]


@dataclass(frozen=True, slots=True, kw_only=True)
class Stored:
    """The storage boundary of one pass: the version written and what came back."""

    version: int | None
    read_back: Artifact | None
    violations: tuple[Violation, ...] = ()


def _store_round_trip(store: MemoryStore, artifact: Artifact, current: int, stale: Artifact | None) -> Stored:
    """Write, probe with a stale writer, read back, compare.

    The probe is a second writer that read the same version ``current`` as this pass
    (a concurrent compressor): after this pass's write it must get a conflict. A store
    that accepts it has overwritten newer memory (``lost_update``); the runner then
    writes this pass's artifact again so later passes build on the right memory.
    """
    from pytest_compaction.store.representation import compare_artifacts
    from pytest_compaction.store.sqlite import VersionConflict

    written = (
        artifact if artifact.memory_version == current + 1 else replace(artifact, memory_version=current + 1)
    )
    try:
        version = store.write(written, expected_version=current)
    except VersionConflict as exc:
        lost = Violation(
            code=ViolationCode.LOST_UPDATE,
            detail=f"the store refused a write based on version {current}: {exc}",
        )
        return Stored(version=None, read_back=None, violations=(lost,))
    except CompactionError as exc:
        broken = Violation(
            code=ViolationCode.REPRESENTATION_CHANGED, detail=f"the store refused the artifact: {exc}"
        )
        return Stored(version=None, read_back=None, violations=(broken,))
    found: list[Violation] = []
    probe = replace(
        stale if stale is not None else replace(written, facts=(), summary=None),
        memory_version=current + 1,
    )
    try:
        overwritten = store.write(probe, expected_version=current)
    except VersionConflict:
        pass  # the stale writer was refused: nothing newer was lost
    else:
        found.append(
            Violation(
                code=ViolationCode.LOST_UPDATE,
                expected=f"a conflict for a write based on version {current}",
                observed=f"accepted as version {overwritten}",
                detail=f"the store let a stale writer (which read version {current}) overwrite version "
                f"{version}; a write must name the version it was based on and be refused when it is stale",
            )
        )
        written = replace(written, memory_version=overwritten + 1)
        version = store.write(written, expected_version=overwritten)
    read_back = store.read(written.tenant_id, written.subject_id)
    found.extend(compare_artifacts(written, read_back).violations)
    return Stored(
        version=version,
        read_back=read_back if isinstance(read_back, Artifact) else None,
        violations=tuple(found),
    )


def _placer(
    ledger: Ledger | None,
    record: CompressionRecord,
    index: int,
    attempt: str,
    previous: Sequence[PassResult] = (),
) -> Callable[[Violation], Violation]:
    """Name each violation's stage (from what ``record`` declared) and pass, in its detail.

    ``previous`` are the run's earlier passes: those of this scope say what the prior
    memory was built from, and which facts it had already lost.
    """
    depth = record.artifact.depth if record.artifact is not None else None
    request = record.request
    scope = [p for p in previous if (p.tenant_id, p.subject_id) == (request.tenant_id, request.subject_id)]
    earlier = {event.event_id for p in scope for event in p.record.request.events}
    lost: dict[str, int] = {}
    if scope:
        last = scope[-1]
        missing = [v.fact_id for v in last.verdict.violations if v.code is ViolationCode.MISSING]
        lost = {fact_id: last.index for fact_id in missing if fact_id}

    def place(violation: Violation) -> Violation:
        found = blame(ledger, record, violation, earlier=earlier, lost=lost)
        staged = with_stage(violation, found)
        return located(staged, stage=found.stage, index=index, depth=depth, attempt=attempt)

    return place


def disagreements(ledger: Ledger | None, records: tuple[CompressionRecord, ...]) -> list[Violation]:
    """``nondeterministic_critical_fact`` for each critical fact the attempts disagree on.

    With a ledger, the facts compared are its required (active, critical) ones; without
    one, every fact any attempt emitted.
    """
    first = records[0].request
    if ledger is not None:
        compared = [(f.fact_id, f.predicate) for f in ledger.required(first.tenant_id, first.subject_id)]
    else:
        emitted = {
            f.fact_id: f.predicate for r in records if r.artifact is not None for f in r.artifact.facts
        }
        compared = sorted(emitted.items())
    out: list[Violation] = []
    for fact_id, predicate in compared:
        seen = []
        for record in records:
            got = record.artifact.index.get(fact_id) if record.artifact is not None else None
            seen.append(None if got is None else (got.predicate, value_token(got), qualifier_token(got)))
        if len(set(seen)) > 1:
            kept = [r.attempt for r, s in zip(records, seen, strict=True) if s is not None]
            lost = [r.attempt for r, s in zip(records, seen, strict=True) if s is None]
            detail = f"attempts disagree on {predicate}"
            if lost:
                detail += f"; kept by attempt(s) {kept or 'none'}, lost by {lost}"
            out.append(
                Violation(code=ViolationCode.NONDETERMINISTIC_CRITICAL_FACT, fact_id=fact_id, detail=detail)
            )
    return out


def _deleted(ledger: Ledger, scope: tuple[str, str]) -> tuple[Fact, ...]:
    """The facts deleted so far in ``scope``, in the order they were recorded."""
    return tuple(
        fact
        for fact in ledger.facts.values()
        if fact.status is Status.DELETED and (fact.tenant_id, fact.subject_id) == scope
    )


def _authorized(artifact: Artifact, ledger: Ledger) -> Artifact:
    """The artifact as the store would return it: deleted facts removed."""
    kept = tuple(
        f
        for f in artifact.facts
        if not ((known := ledger.find(f.fact_id)) and known.status is Status.DELETED)
    )
    if len(kept) == len(artifact.facts):
        return artifact
    return dataclasses.replace(artifact, facts=kept)
