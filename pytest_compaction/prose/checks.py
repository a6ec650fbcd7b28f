"""The prose contract as a per-pass check of a scenario (its ``invariants:`` and ``bindings:``).

The scenario's pinned invariants go to the compressor as ``config["pinned"]`` (the
register's verbatim block, :func:`pytest_compaction.prose.summary.pin_block`): a faithful
compressor carries them into its summary unsummarized, which is also how a pass
declares that it re-grounded from the register.

A pass owes only the entries and bindings its input has stated (see
:mod:`pytest_compaction.prose.stated`); a spec's ``prose_policy: {max_depth: N}`` sets how
deep a summary may go without re-grounding.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Protocol

from pytest_compaction.core.prose_form import ProsePolicy
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import Verdict, Violation
from pytest_compaction.engine.passes import PassCheck, PassContext
from pytest_compaction.engine.runner import PassResult
from pytest_compaction.prose.bindings import BindingSet
from pytest_compaction.prose.gate import check_summary
from pytest_compaction.prose.invariants import InvariantRegister
from pytest_compaction.prose.stated import Statements, given_by
from pytest_compaction.prose.summary import PassState, event_label, next_state, pin_block

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
    """What a scenario's prose contract adds to a run: pass checks and request config."""

    checks: tuple[PassCheck, ...] = ()
    config: dict[str, Any] = dataclasses.field(default_factory=dict)


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
    """
    if scenario.invariants is None and scenario.bindings is None:
        return ProseChecks()
    register, bindings, policy = _contract(scenario)
    statements = Statements(scenario, register, bindings)
    # The depth policy's tightened checks, built once per contract in force.
    from pytest_compaction.engine.steps import act_check
    from pytest_compaction.prose.depth_policy import depth_policy_check

    depth_policy = scenario.effective_depth_policy
    tightened: dict[object, PassCheck | None] = {}

    def check(context: PassContext) -> list[Violation]:
        # The register, not the fact ledger, is the prose oracle.
        artifact = context.artifact
        if artifact is None:
            return []
        request = context.request
        passes = context.scope_passes()
        earlier = given_by(passes)
        now = statements.at(earlier | set(context.record.input_event_ids))
        state = _state(statements, passes)
        if request.prior is None:
            # Summarized from raw events: a fresh start, nothing to compare growth with.
            state, depth = None, 1
        else:
            depth = state.depth + 1 if state is not None else artifact.depth
            if state is not None and request.events:
                # New input may add its text and a source label; only growth beyond it
                # means nothing was reclaimed.
                added = sum(len(event.text) + 1 + len(event_label(event)) for event in request.events)
                state = dataclasses.replace(state, summary_chars=state.summary_chars + added)
        verdict = check_summary(
            now.register,
            artifact.summary or "",
            bindings=now.bindings,
            previous=state,
            depth=depth,
            policy=policy,
        )
        found = list(verdict.violations)
        if now.key not in tightened:
            tightened[now.key] = depth_policy_check(depth_policy, now.register, now.bindings)
        deep = tightened[now.key]
        if deep is not None:
            found.extend(deep(context))
        return [statements.staged(v, context.record, earlier) for v in found]

    config = {PINNED_CONFIG_KEY: pin_block(register)} if register.active() else {}
    acting = act_check(scenario, bindings)
    return ProseChecks(checks=(check,) if acting is None else (check, acting), config=config)


def _state(statements: Statements, passes: Sequence[PassResult]) -> PassState | None:
    """The state this scope's earlier passes left, each read against what it owed."""
    state: PassState | None = None
    given: set[str] = set()
    for result in passes:
        given.update(result.record.input_event_ids)
        artifact = result.artifact
        if artifact is None:
            continue
        first = result.record.request.prior is None
        state = next_state(
            statements.at(given).register,
            artifact.summary or "",
            previous=None if first else state,
            depth=1 if first else None,
        )
    return state
