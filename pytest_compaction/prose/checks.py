"""The prose contract as a per-pass check of a scenario (its ``invariants:`` and ``bindings:``).

The scenario's pinned invariants go to the compressor as ``config["pinned"]`` (the
register's verbatim block, :func:`pytest_compaction.prose.summary.pin_block`): a faithful
compressor carries them into its summary unsummarized, which is also how a pass
declares that it re-grounded from the register. Each pass is handed only the entries
its history has stated so far and not retired (the check's ``configure``, see
:class:`~pytest_compaction.engine.passes.RequestConfig`): a compressor that echoes the
block cannot know a rule before the user says it.

A pass owes only the entries and bindings its input has stated (see
:mod:`pytest_compaction.prose.stated`); a spec's ``prose_policy: {max_depth: N}`` sets how
deep a summary may go without re-grounding.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Protocol

from pytest_compaction.compressors.attribution import (
    Blame,
    density_blame,
    depth_blame,
    growth_blame,
    with_stage,
)
from pytest_compaction.compressors.guard import CompressionRecord
from pytest_compaction.compressors.request import CompressionRequest
from pytest_compaction.core.prose_form import ProsePolicy
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import Verdict, Violation, ViolationCode
from pytest_compaction.engine.passes import PassCheck, PassContext
from pytest_compaction.engine.runner import PassResult
from pytest_compaction.prose.bindings import BindingSet
from pytest_compaction.prose.gate import check_summary
from pytest_compaction.prose.invariants import InvariantRegister
from pytest_compaction.prose.modality import Modality
from pytest_compaction.prose.stated import Statements, given_by
from pytest_compaction.prose.summary import (
    PassState,
    event_label,
    handed_back,
    next_state,
    pin_block,
    reclaimable_chars,
)

__all__ = [
    "PINNED_CONFIG_KEY",
    "ProseChecks",
    "ProseContract",
    "check_saved_summary",
    "prose_checks",
    "validate_contract",
]

PINNED_CONFIG_KEY = "pinned"
"""The request ``config`` key that carries the pinned-invariant block."""


@dataclasses.dataclass(frozen=True, slots=True)
class ProseChecks:
    """What a scenario's prose contract adds to a run: its pass checks (the first also
    hands each pass its pinned block, through its ``configure``)."""

    checks: tuple[PassCheck, ...] = ()


class ProseContract(Protocol):
    """The prose part of a spec: a scenario, or a recorded incident (the same keys)."""

    @property
    def invariants(self) -> object: ...
    @property
    def bindings(self) -> object: ...
    @property
    def budget(self) -> int | None: ...
    @property
    def prose_policy(self) -> ProsePolicy | None: ...


def _contract(spec: ProseContract) -> tuple[InvariantRegister, BindingSet, ProsePolicy]:
    register = (
        InvariantRegister.from_dict(spec.invariants, "invariants")
        if spec.invariants is not None
        else InvariantRegister()
    )
    bindings = BindingSet.from_dict(spec.bindings, "bindings") if spec.bindings is not None else BindingSet()
    depth = {"max_depth": spec.prose_policy.max_depth} if spec.prose_policy is not None else {}
    return register, bindings, ProsePolicy(budget_chars=spec.budget, **depth)


def validate_contract(spec: ProseContract) -> None:
    """Read ``spec``'s register and bindings: a mistake is a PayloadError naming its field."""
    _contract(spec)


def check_saved_summary(spec: ProseContract, summary: str, *, depth: int = 1) -> Verdict:
    """One saved summary (a recorded incident's) against the spec's prose contract.

    There is no earlier pass to compare with, so growth and lineage are not checked;
    ``depth`` is the summary's own (the artifact's ``depth``).
    """
    if spec.invariants is None and spec.bindings is None:
        return Verdict()
    register, bindings, policy = _contract(spec)
    return check_summary(register, summary, bindings=bindings, depth=depth, policy=policy)


def prose_checks(scenario: Scenario) -> ProseChecks:
    """Build the prose checks of ``scenario``; a malformed register or binding table is a PayloadError.

    Each pass is checked against the entries and bindings its input has stated so far
    (:mod:`pytest_compaction.prose.stated`), and each loss names the stage that lost it.
    The pinned block each pass is handed holds the same entries: what the history has
    stated by then and not retired, never a rule the user has not said yet.
    """
    if scenario.invariants is None and scenario.bindings is None:
        return (
            ProseChecks() if scenario.budget is None else ProseChecks(checks=(_BudgetCheck(scenario.budget),))
        )
    register, bindings, policy = _contract(scenario)
    from pytest_compaction.engine.steps import act_check

    check = _ProseCheck(scenario, Statements(scenario, register, bindings), policy)
    acting = act_check(scenario, bindings)
    return ProseChecks(checks=(check,) if acting is None else (check, acting))


class _BudgetCheck:
    """A scenario's ``budget:`` with no rules pinned: every pass's summary within it
    (``summary_not_reclaimed`` otherwise, blamed as the pinned-rules check blames it)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget

    def __call__(self, context: PassContext) -> list[Violation]:
        artifact = context.artifact
        summary = artifact.summary or "" if artifact is not None else ""
        if len(summary) <= self.budget:
            return []
        found = _growth(context.record, context.scope_passes(), self.budget)
        violation = Violation(
            code=ViolationCode.SUMMARY_NOT_RECLAIMED,
            expected=self.budget,
            observed=len(summary),
            detail=f"{len(summary)} characters exceed the budget of {self.budget}",
        )
        return [with_stage(violation, found)]


class _ProseCheck:
    """The prose pass check of one scenario; its ``configure`` hands each pass its pinned block."""

    def __init__(self, scenario: Scenario, statements: Statements, policy: ProsePolicy) -> None:
        self.statements = statements
        self.policy = policy
        self.depth_policy = scenario.effective_depth_policy
        self._tightened: dict[object, PassCheck | None] = {}
        """The depth policy's tightened checks, built once per contract in force."""

    def configure(self, request: CompressionRequest, previous: Sequence[PassResult]) -> dict[str, object]:
        """``{"pinned": block}`` with the entries in force at this pass (none: nothing)."""
        now = self.statements.at(given_by(previous) | {e.event_id for e in request.events})
        return {PINNED_CONFIG_KEY: pin_block(now.register)} if now.register.active() else {}

    def __call__(self, context: PassContext) -> list[Violation]:
        # The register, not the fact ledger, is the prose oracle.
        artifact = context.artifact
        if artifact is None:
            return []
        statements = self.statements
        request = context.request
        passes = context.scope_passes()
        earlier = given_by(passes)
        now = statements.at(earlier | set(context.record.input_event_ids))
        state = _state(statements, passes)
        if _fresh(context.record):
            # Summarized from raw events (no prior memory, or one the output declared it
            # dropped): a fresh start, nothing to compare growth or depth with.
            state, depth = None, 1
        else:
            # Source messages kept unchanged are no summary of a summary: the memory is the
            # raw events again, however many passes kept them (growth is still compared).
            # So is a prior summary handed back as it was (a middleware below its trigger):
            # nothing was summarized again, the depth stays. A summary that grows on its
            # prior, even by appending, is one deeper.
            carried = state is not None and handed_back(request.prior_summary, artifact.summary)
            depth = (
                1
                if artifact.selection
                else state.depth
                if state is not None and carried
                else state.depth + 1
                if state is not None
                else artifact.depth
            )
            if state is not None and request.events:
                # New input may add its text and a source label; only growth beyond it
                # means nothing was reclaimed.
                added = sum(len(event.text) + 1 + len(event_label(event)) for event in request.events)
                state = dataclasses.replace(state, added_chars=added)
        verdict = check_summary(
            now.register,
            artifact.summary or "",
            bindings=now.bindings,
            previous=state,
            depth=depth,
            policy=self.policy,
        )
        # The cap asks a deep summary to re-ground from the register: with nothing pinned in
        # force there is nothing to re-ground from (no block is handed over), so no cap.
        found = [
            v
            for v in verdict.violations
            if v.code is not ViolationCode.DEPTH_EXCEEDED or now.register.active()
        ]
        if now.key not in self._tightened:
            from pytest_compaction.prose.depth_policy import depth_policy_check

            self._tightened[now.key] = depth_policy_check(self.depth_policy, now.register, now.bindings)
        deep = self._tightened[now.key]
        if deep is not None:
            found.extend(deep(context))
        return [self._staged(v, context, now.register, passes, earlier, depth) for v in found]

    def _staged(
        self,
        violation: Violation,
        context: PassContext,
        register: InvariantRegister,
        passes: Sequence[PassResult],
        earlier: set[str],
        depth: int,
    ) -> Violation:
        """``violation`` with the stage that owns it named: a lost entry or binding by its stating
        event; the whole-summary codes by :mod:`~pytest_compaction.compressors.attribution`."""
        record = context.record
        if violation.code is ViolationCode.CONSTRAINT_DENSITY_COLLAPSED:
            entries = [
                (e.id, self.statements.entry_sources.get(e.id))
                for e in register.invariants()
                if e.modality in (Modality.PROHIBITION, Modality.OBLIGATION)
            ]
            return with_stage(violation, density_blame(record, entries, earlier=earlier))
        if violation.code is ViolationCode.DEPTH_EXCEEDED:
            return with_stage(violation, depth_blame(record, depth))
        if violation.code is ViolationCode.SUMMARY_NOT_RECLAIMED:
            return with_stage(violation, _growth(record, passes, self.policy.budget_chars))
        return self.statements.staged(violation, record, earlier)


def _growth(record: CompressionRecord, passes: Sequence[PassResult], budget: int | None) -> Blame:
    """Who owns a summary that was not reclaimed: :func:`growth_blame` given what this
    scope's previous pass wrote and what the store handed back."""
    last = passes[-1].artifact if passes else None
    prior = record.request.prior
    return growth_blame(
        record,
        written=reclaimable_chars(last.summary or "") if last is not None else None,
        handed=reclaimable_chars(prior.summary or "") if prior is not None else None,
        budget=budget,
    )


def _fresh(record: CompressionRecord) -> bool:
    """The pass starts afresh: it had no prior memory, or its output declared it dropped it."""
    return record.request.prior is None or not record.kept_prior


def _state(statements: Statements, passes: Sequence[PassResult]) -> PassState | None:
    """The state this scope's earlier passes left, each read against what it owed."""
    state: PassState | None = None
    given: set[str] = set()
    for result in passes:
        given.update(result.record.input_event_ids)
        artifact = result.artifact
        if artifact is None:
            continue
        first = _fresh(result.record)
        state = next_state(
            statements.at(given).register,
            artifact.summary or "",
            previous=None if first else state,
            depth=1 if first or artifact.selection else None,
        )
    return state
