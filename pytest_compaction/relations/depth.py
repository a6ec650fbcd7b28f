"""Repeated compression: a summary of a summary against compressing the source once.

Each pass of a re-summarization may hedge a little: "never call X until Y" survives
pass 1 and has lost its condition by pass 3. Given a scenario and a depth N, two
paths run through the same guarded compressor:

* **direct** — every event delivered (deletions in place), then one compression of
  the authorized source view;
* **multi-stage** — the events split into N contiguous chunks; pass 1 compresses the
  first chunk, every later pass compresses the prior artifact plus the next chunk.
  With fewer events than passes, the last passes get no new events: they
  re-summarize the summary alone.

Every pass is checked against the ledger as it stands at that point, and the final
active critical facts of the two paths must be the same. A finding names the first
pass that showed it (``depth 3: fact-refund-1:qualifiers_changed``), and every
intermediate artifact is kept in the result.

A deletion discards every summary built from deleted content (the runner
re-grounds the next pass from the authorized events), so depth counts again from 1
after a deletion.

Both paths are rebuilt from the events and deletions alone: a scenario's ``retrieve`` and
``use`` steps belong to the scenario as written, where they follow the passes they were
written after. Its ``act`` steps run once on each rebuilt path, at the first pass that has
compressed the events written before them. The scenario's depth policy
(:mod:`pytest_compaction.core.depth_policy`) applies on both paths, by each pass's depth.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.compare import signature
from pytest_compaction.core.factset import compare_fact_sets, critical_facts
from pytest_compaction.core.model import Artifact, SourceEvent
from pytest_compaction.core.scenario import Scenario, Step
from pytest_compaction.core.violations import Violation, summarize
from pytest_compaction.engine.passes import DEFAULT_CHECKS, PassCheck, depth_tracked
from pytest_compaction.engine.runner import PassResult, ScenarioRun, run_scenario
from pytest_compaction.relations.timeline import Entry, compress_scopes, rebuild, timeline

__all__ = [
    "DepthFinding",
    "DepthResult",
    "Stage",
    "direct_scenario",
    "render_depth",
    "run_depth",
    "staged_scenario",
]

Path = Literal["direct", "multi-stage", "across paths"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Stage:
    """One pass of the multi-stage path, with its artifact kept for the evidence."""

    index: int
    """1-based pass number in the multi-stage run."""
    depth: int
    """How many compressions deep the artifact is, counted here rather than read from it."""
    tenant_id: str
    subject_id: str
    new_event_ids: tuple[str, ...]
    """The events given to this pass besides the prior artifact."""
    artifact: Artifact | None
    violations: tuple[Violation, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DepthFinding:
    """A violation and the first pass that showed it."""

    path: Path
    depth: int
    """The depth of that pass (1 for the direct path)."""
    stage: int
    """Its pass number in its path."""
    violation: Violation

    @property
    def name(self) -> str:
        """``depth 3: f1:qualifiers_changed``; ``direct: ...``; ``depth 3 vs direct: ...``."""
        if self.path == "direct":
            return f"direct: {self.violation.name}"
        if self.path == "across paths":
            return f"depth {self.depth} vs direct: {self.violation.name}"
        return f"depth {self.depth}: {self.violation.name}"

    def describe(self) -> str:
        return f"{self.name[: -len(self.violation.name)]}{self.violation.describe()}"


@dataclass(frozen=True, slots=True, kw_only=True)
class DepthResult:
    """Both paths of a repeated compression, every pass, and what went wrong where."""

    scenario: Scenario
    depth: int
    direct: ScenarioRun
    staged: ScenarioRun
    stages: tuple[Stage, ...]
    findings: tuple[DepthFinding, ...]

    @property
    def ok(self) -> bool:
        return not self.findings

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.findings)

    @property
    def artifacts(self) -> tuple[Artifact | None, ...]:
        """Every intermediate artifact of the multi-stage path, in pass order."""
        return tuple(stage.artifact for stage in self.stages)

    @property
    def violations(self) -> tuple[Violation, ...]:
        """The findings as violations whose detail starts with where they first appeared."""
        out = []
        for finding in self.findings:
            where = finding.name[: -len(finding.violation.name) - 2]
            detail = f"{where}; {finding.violation.detail}" if finding.violation.detail else where
            out.append(dataclasses.replace(finding.violation, detail=detail))
        return tuple(out)


def _scopes_steps(scenario: Scenario, label: str) -> list[Entry]:
    return [
        Step(kind="compress", tenant_id=tenant, subject_id=subject, path=label)
        for tenant, subject in compress_scopes(scenario)
    ]


def direct_scenario(scenario: Scenario) -> Scenario:
    """Every event delivered, deletions in place, then one compression per compressed scope."""
    entries = [e for e in timeline(scenario) if isinstance(e, SourceEvent) or e.kind == "delete"]
    entries += _scopes_steps(scenario, "direct")
    return dataclasses.replace(
        rebuild(scenario, entries), name=f"{scenario.name}[direct]", relations=(), depth=None
    )


def staged_scenario(scenario: Scenario, depth: int) -> Scenario:
    """The events in ``depth`` contiguous chunks, each followed by one compression per scope."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be a whole number of at least 1, got {depth!r}")
    entries = [e for e in timeline(scenario) if isinstance(e, SourceEvent) or e.kind == "delete"]
    total = sum(1 for e in entries if isinstance(e, SourceEvent))
    base, extra = divmod(total, depth)
    sizes = [base + (1 if i < extra else 0) for i in range(depth)]
    chunks: list[list[Entry]] = [[] for _ in range(depth)]
    chunk, filled = 0, 0
    for entry in entries:
        if isinstance(entry, SourceEvent):
            while filled >= sizes[chunk]:
                chunk, filled = chunk + 1, 0
            filled += 1
        # A deletion stays with the chunk of the event before it.
        chunks[chunk].append(entry)
    out: list[Entry] = []
    for index, part in enumerate(chunks, start=1):
        out.extend(part)
        out.extend(_scopes_steps(scenario, f"multi-stage pass {index} of {depth}"))
    return dataclasses.replace(
        rebuild(scenario, out), name=f"{scenario.name}[depth={depth}]", relations=(), depth=None
    )


def run_depth(
    scenario: Scenario,
    guard: GuardedCompressor,
    depth: int | None = None,
    *,
    attempts: int = 1,
    extra_checks: tuple[PassCheck, ...] = (),
    config: dict[str, object] | None = None,
    check_depth_metadata: bool = True,
) -> DepthResult:
    """Run the direct and the ``depth``-pass path and attribute every finding to its first pass.

    ``depth`` defaults to the scenario's ``depth``. ``check_depth_metadata`` reports
    ``artifact_malformed`` when an artifact's ``depth`` is not the number of
    compressions behind it: depth must be tracked for it to be capped.
    """
    passes = scenario.depth if depth is None else depth
    if passes is None:
        raise ValueError(f"scenario {scenario.name!r} declares no depth; pass depth=N")
    direct = run_scenario(
        direct_scenario(scenario), guard, attempts=attempts, extra_checks=extra_checks, config=config
    )
    staged = run_scenario(
        staged_scenario(scenario, passes),
        guard,
        attempts=attempts,
        checks=(*DEFAULT_CHECKS, depth_tracked) if check_depth_metadata else DEFAULT_CHECKS,
        extra_checks=extra_checks,
        config=config,
    )
    stages = _stages(staged.passes)
    findings = [DepthFinding(path="direct", depth=1, stage=1, violation=v) for v in direct.violations]
    seen: set[str] = set()
    for stage in stages:
        for violation in stage.violations:
            if violation.name not in seen:
                seen.add(violation.name)
                findings.append(
                    DepthFinding(
                        path="multi-stage", depth=stage.depth, stage=stage.index, violation=violation
                    )
                )
    findings.extend(_across(direct, staged, stages))
    return DepthResult(
        scenario=scenario,
        depth=passes,
        direct=direct,
        staged=staged,
        stages=stages,
        findings=tuple(sorted(findings, key=_order)),
    )


def _order(finding: DepthFinding) -> tuple[object, ...]:
    path = {"direct": 0, "multi-stage": 1, "across paths": 2}[finding.path]
    return (finding.stage if finding.path != "direct" else 0, path, finding.violation.name)


def _stages(passes: Sequence[PassResult]) -> tuple[Stage, ...]:
    return tuple(
        Stage(
            index=result.index,
            depth=result.depth,
            tenant_id=result.tenant_id,
            subject_id=result.subject_id,
            new_event_ids=result.record.input_event_ids,
            artifact=result.artifact,
            violations=result.verdict.violations,
        )
        for result in passes
    )


def _across(direct: ScenarioRun, staged: ScenarioRun, stages: tuple[Stage, ...]) -> list[DepthFinding]:
    """The final critical facts of both paths must agree; each difference is dated to its stage."""
    found = []
    for scope in dict.fromkeys((p.tenant_id, p.subject_id) for p in direct.passes):
        ours = [s for s in stages if (s.tenant_id, s.subject_id) == scope]
        reference = next(
            (p.artifact for p in reversed(direct.passes) if (p.tenant_id, p.subject_id) == scope), None
        )
        last = ours[-1] if ours else None
        if last is None or reference is None or last.artifact is None:
            continue  # a missing artifact is already a violation of its run
        differences = compare_fact_sets(
            critical_facts(reference, direct.ledger),
            critical_facts(last.artifact, staged.ledger),
            context="paths differ",
            expected_side="direct path",
            observed_side="multi-stage path",
        )
        for difference in differences:
            fact = difference.observed or difference.expected
            assert fact is not None
            stage = _introduced(ours, fact.fact_id, staged.passes)
            found.append(
                DepthFinding(
                    path="across paths", depth=stage.depth, stage=stage.index, violation=difference.violation
                )
            )
    return found


def _introduced(stages: list[Stage], fact_id: str, passes: Sequence[PassResult]) -> Stage:
    """The earliest stage from which the fact stayed as it finally is (never before it was given)."""

    def state(stage: Stage) -> object:
        fact = stage.artifact.index.get(fact_id) if stage.artifact is not None else None
        return None if fact is None else signature(fact)

    given = {p.index: {c.fact_id for e in p.record.request.events for c in e.claims} for p in passes}
    first = next((k for k, s in enumerate(stages) if fact_id in given.get(s.index, set())), 0)
    final = state(stages[-1])
    k = len(stages) - 1
    while k > first and state(stages[k - 1]) == final:
        k -= 1
    return stages[k]


# -- rendering ----------------------------------------------------------------------


def render_depth(result: DepthResult, *, reproduce: str | None = None) -> str:
    """A readable report: findings by first pass, then every pass of the multi-stage path."""
    name = f"{result.scenario.name!r}"
    if result.ok:
        lines = [f"repeated compression to depth {result.depth} holds for scenario {name}"]
    else:
        distinct = {f.name: f.violation for f in result.findings}
        found = summarize(distinct.values())
        lines = [
            f"repeated compression to depth {result.depth} broke scenario {name}: {found}",
            "  first seen:",
        ]
        lines.extend(f"    {finding.describe()}" for finding in result.findings)
    lines.append(
        f"  direct path ({_count(len(result.direct.passes), 'pass')}): {summarize(result.direct.violations)}"
    )
    lines.append(f"  multi-stage path ({_count(len(result.stages), 'pass')}):")
    many_scopes = len({(s.tenant_id, s.subject_id) for s in result.stages}) > 1
    for stage in result.stages:
        scope = f" {stage.tenant_id}/{stage.subject_id}" if many_scopes else ""
        facts = "no artifact" if stage.artifact is None else _count(len(stage.artifact.facts), "fact")
        names = ", ".join(sorted({v.name for v in stage.violations})) or "ok"
        given = _events(stage.new_event_ids)
        lines.append(f"    pass {stage.index}{scope} (depth {stage.depth}, {given}): {facts}; {names}")
    lines.append("  every intermediate artifact is kept in DepthResult.stages")
    if reproduce:
        lines.append(f"reproduce: {reproduce}")
    return "\n".join(lines)


def _events(ids: tuple[str, ...]) -> str:
    if not ids:
        return "no new events"
    shown = " ".join(ids[:4]) + (f" +{len(ids) - 4} more" if len(ids) > 4 else "")
    return f"{_count(len(ids), 'new event')}: {shown}"


def _count(n: int, noun: str) -> str:
    plural = noun + ("es" if noun.endswith("s") else "s")
    return f"{n} {noun if n == 1 else plural}"
