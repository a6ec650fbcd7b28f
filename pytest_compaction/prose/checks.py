"""The prose contract as a per-pass check of a scenario (its ``invariants:`` and ``bindings:``).

The scenario's pinned invariants go to the compressor as ``config["pinned"]`` (the
register's verbatim block, :func:`pytest_compaction.prose.summary.pin_block`): a faithful
compressor carries them into its summary unsummarized, which is also how a pass
declares that it re-grounded from the register.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Protocol

from pytest_compaction.core.prose_form import ProsePolicy as SpecProsePolicy
from pytest_compaction.core.violations import Verdict, Violation
from pytest_compaction.engine.passes import PassCheck, PassContext
from pytest_compaction.engine.runner import PassResult
from pytest_compaction.prose.bindings import BindingSet
from pytest_compaction.prose.gate import check_summary
from pytest_compaction.prose.invariants import InvariantRegister
from pytest_compaction.prose.summary import PassState, ProsePolicy, event_label, next_state, pin_block

__all__ = ["PINNED_CONFIG_KEY", "ProseChecks", "ProseContract", "check_saved_summary", "prose_checks"]

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
    def prose_policy(self) -> SpecProsePolicy | None: ...


def _contract(spec: ProseContract) -> tuple[InvariantRegister, BindingSet, ProsePolicy]:
    register = (
        InvariantRegister.from_dict(spec.invariants, "invariants")
        if spec.invariants is not None
        else InvariantRegister()
    )
    bindings = BindingSet.from_dict(spec.bindings, "bindings") if spec.bindings is not None else BindingSet()
    depth = {"max_depth": spec.prose_policy.max_depth} if spec.prose_policy is not None else {}
    return register, bindings, ProsePolicy(budget_chars=spec.budget, **depth)


def check_saved_summary(spec: ProseContract, summary: str, *, depth: int = 1) -> Verdict:
    """One saved summary (a recorded incident's) against the spec's prose contract.

    There is no earlier pass to compare with, so growth and lineage are not checked;
    ``depth`` is the summary's own (the artifact's ``depth``).
    """
    if spec.invariants is None and spec.bindings is None:
        return Verdict()
    register, bindings, policy = _contract(spec)
    return check_summary(register, summary, bindings=bindings, depth=depth, policy=policy)


def prose_checks(scenario: ProseContract) -> ProseChecks:
    """Build the prose checks of ``scenario``; a malformed register or binding table is a PayloadError."""
    if scenario.invariants is None and scenario.bindings is None:
        return ProseChecks()
    register, bindings, policy = _contract(scenario)

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
    return ProseChecks(checks=(check,), config=config)


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
