"""The prose contract as a per-pass check of a scenario (its ``invariants:`` and ``bindings:``).

The scenario's pinned invariants go to the compressor as ``config["pinned"]`` (the
register's verbatim block, :func:`pytest_compaction.prose.summary.pin_block`): a faithful
compressor carries them into its summary unsummarized, which is also how a pass
declares that it re-grounded from the register.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from pytest_compaction.core.prose_form import DEFAULT_MAX_DEPTH, ProsePolicy
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import Violation
from pytest_compaction.engine.passes import PassCheck, PassContext
from pytest_compaction.engine.runner import PassResult
from pytest_compaction.prose.bindings import BindingSet
from pytest_compaction.prose.gate import check_summary
from pytest_compaction.prose.invariants import InvariantRegister
from pytest_compaction.prose.summary import PassState, event_label, next_state, pin_block

__all__ = ["PINNED_CONFIG_KEY", "ProseChecks", "prose_checks"]

PINNED_CONFIG_KEY = "pinned"
"""The request ``config`` key that carries the pinned-invariant block."""


@dataclasses.dataclass(frozen=True, slots=True)
class ProseChecks:
    """What a scenario's prose contract adds to a run: pass checks and request config."""

    checks: tuple[PassCheck, ...] = ()
    config: dict[str, Any] = dataclasses.field(default_factory=dict)


def prose_checks(scenario: Scenario) -> ProseChecks:
    """Build the prose checks of ``scenario``; a malformed register or binding table is a PayloadError."""
    if scenario.invariants is None and scenario.bindings is None:
        return ProseChecks()
    register = (
        InvariantRegister.from_dict(scenario.invariants, "invariants")
        if scenario.invariants is not None
        else InvariantRegister()
    )
    bindings = (
        BindingSet.from_dict(scenario.bindings, "bindings") if scenario.bindings is not None else BindingSet()
    )
    depth = scenario.prose_policy.max_depth if scenario.prose_policy is not None else DEFAULT_MAX_DEPTH
    policy = ProsePolicy(max_depth=depth, budget_chars=scenario.budget)

    def check(context: PassContext) -> list[Violation]:
        # The register, not the fact ledger, is the prose oracle.
        artifact = context.artifact
        if artifact is None:
            return []
        request = context.request
        state = _state(register, context.scope_passes())
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
            register, artifact.summary or "", bindings=bindings, previous=state, depth=depth, policy=policy
        )
        return list(verdict.violations)

    config = {PINNED_CONFIG_KEY: pin_block(register)} if register.active() else {}
    # The depth policy's tightened checks and the act steps' bindings at the moment of use.
    from pytest_compaction.engine.steps import act_check
    from pytest_compaction.prose.depth_policy import depth_policy_check

    tightened = depth_policy_check(scenario.effective_depth_policy, register, bindings)
    acting = act_check(scenario, bindings)
    more = tuple(c for c in (tightened, acting) if c is not None)
    return ProseChecks(checks=(check, *more), config=config)


def _state(register: InvariantRegister, passes: Sequence[PassResult]) -> PassState | None:
    state: PassState | None = None
    for result in passes:
        artifact = result.artifact
        if artifact is None:
            continue
        first = result.record.request.prior is None
        state = next_state(
            register, artifact.summary or "", previous=None if first else state, depth=1 if first else None
        )
    return state
