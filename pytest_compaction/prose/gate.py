"""The compaction gate: the same contract in CI and in production.

In CI, ``check_summary`` (or the ``compaction prose`` command) checks a summary and
returns the violations as data. In production the agent calls a
:class:`CompactionGate` after every compaction with the new summary; the gate runs
the very same checks and either

- raises :class:`FidelityViolation`, carrying the named violations, so the agent
  keeps its previous summary instead of the lossy one (``on_violation="raise"``); or
- re-grounds: it re-injects the register's pinned invariants verbatim
  (:func:`~pytest_compaction.prose.summary.reground`), checks the repaired summary, and
  returns it (``on_violation="reground"``). What re-grounding cannot repair (a
  reassigned binding, a summary over budget, an invariant gone from the register)
  still raises.

Every pass is recorded in :attr:`CompactionGate.reports`, the violations found
before any repair included: a repaired pass does not erase what went wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pytest_compaction.core._fields import check_keys, join, read_int, read_mapping, type_name
from pytest_compaction.core.errors import CompactionError, PayloadError
from pytest_compaction.core.violations import Verdict, ViolationCode, summarize
from pytest_compaction.prose.bindings import Binding, BindingSet, check_bindings
from pytest_compaction.prose.invariants import InvariantRegister
from pytest_compaction.prose.summary import PassState, ProsePolicy, check_prose, next_state, reground

__all__ = [
    "REGROUNDABLE",
    "CompactionGate",
    "FidelityViolation",
    "GateReport",
    "OnViolation",
    "ProseCase",
    "check_summary",
]

OnViolation = Literal["raise", "reground"]

REGROUNDABLE = frozenset(
    {
        ViolationCode.INVARIANT_DROPPED,
        ViolationCode.MODAL_WEAKENED,
        ViolationCode.MARKER_MISSING,
        ViolationCode.PIN_NOT_VERBATIM,
        ViolationCode.CONSTRAINT_DENSITY_COLLAPSED,
        ViolationCode.FAILURE_HISTORY_COLLAPSED,
        ViolationCode.DEPTH_EXCEEDED,
    }
)
"""The violations that re-injecting the pinned invariants repairs."""


class FidelityViolation(CompactionError, AssertionError):
    """A compacted summary broke the prose contract.

    It is an ``AssertionError`` because it *is* a failed check, not bad input: inside
    a test it reads as a failure (``unittest`` counts it as one, not as an error), and
    in production an agent's ``except ValueError`` around malformed data does not
    swallow it. It is a :class:`~pytest_compaction.core.errors.CompactionError` so one
    ``except CompactionError`` catches everything this package raises.

    ``violations`` are what is still broken; ``found`` is what the compressor's own
    summary broke, before any re-grounding.
    """

    def __init__(
        self,
        verdict: Verdict,
        *,
        found: Verdict | None = None,
        regrounded: bool = False,
        pass_number: int = 1,
    ) -> None:
        self.verdict = verdict
        self.violations = verdict.violations
        self.found = found if found is not None else verdict
        self.regrounded = regrounded
        self.pass_number = pass_number
        super().__init__(self.render())

    @property
    def names(self) -> tuple[str, ...]:
        return self.verdict.names

    def render(self) -> str:
        head = f"compaction pass {self.pass_number} broke the prose contract: {summarize(self.violations)}"
        if self.regrounded:
            head += " (still broken after re-grounding from the register)"
        return "\n".join([head, *(f"  {v.describe()}" for v in self.violations)])


def check_summary(
    register: InvariantRegister | Mapping[str, Any],
    summary: str,
    *,
    bindings: BindingSet | Iterable[Binding] = (),
    previous: PassState | None = None,
    depth: int | None = None,
    policy: ProsePolicy | None = None,
) -> Verdict:
    """The whole prose contract: pinned invariants, failure history, depth, budget and bindings."""
    verdict = check_prose(register, summary, previous=previous, depth=depth, policy=policy)
    table = BindingSet.coerce(bindings)
    if len(table):
        verdict = verdict.merged(check_bindings(table, summary))
    return verdict


@dataclass(frozen=True, slots=True, kw_only=True)
class GateReport:
    """What the gate saw at one pass."""

    pass_number: int
    depth: int
    """The depth the summary was checked at."""
    found: Verdict
    """The violations of the summary as the compressor wrote it."""
    remaining: Verdict
    """The violations left after re-grounding (``found`` when the gate did not re-ground)."""
    regrounded: bool
    accepted: bool
    """Whether the gate returned a summary (the original or the repaired one)."""


class CompactionGate:
    """Checks every compaction an agent makes, at run time, with the CI contract.

    ::

        gate = CompactionGate(register, bindings=bindings, on_violation="reground")
        memory = gate.admit(compress(memory, new_turns))   # raises FidelityViolation

    The gate keeps the state of the last accepted pass (its length, its depth and the
    register's active ids) to check growth, depth and lineage on the next one.
    """

    def __init__(
        self,
        register: InvariantRegister | Mapping[str, Any],
        *,
        bindings: BindingSet | Iterable[Binding] = (),
        policy: ProsePolicy | None = None,
        on_violation: OnViolation = "raise",
        state: PassState | None = None,
    ) -> None:
        if on_violation not in ("raise", "reground"):
            raise ValueError(f"on_violation must be 'raise' or 'reground', got {on_violation!r}")
        self._register = InvariantRegister.coerce(register)
        self._bindings = BindingSet.coerce(bindings)
        self._policy = policy or ProsePolicy()
        self._on_violation: OnViolation = on_violation
        self._state = state
        self._reports: list[GateReport] = []

    @property
    def register(self) -> InvariantRegister:
        return self._register

    @property
    def state(self) -> PassState | None:
        """The state the last accepted pass left, or ``None`` before the first."""
        return self._state

    @property
    def reports(self) -> tuple[GateReport, ...]:
        return tuple(self._reports)

    def check(
        self, summary: str, *, register: InvariantRegister | None = None, depth: int | None = None
    ) -> Verdict:
        """The verdict on ``summary`` as the next pass, without raising or recording it."""
        return check_summary(
            self._register if register is None else register,  # an empty reload is a reload
            summary,
            bindings=self._bindings,
            previous=self._state,
            depth=depth,
            policy=self._policy,
        )

    def admit(
        self, summary: str, *, register: InvariantRegister | None = None, depth: int | None = None
    ) -> str:
        """Check the summary of a new compaction pass and return the summary to keep.

        ``register`` is the agent's current register when it reloads it from storage
        (an entry that vanished from it without a retirement event is a violation);
        ``depth`` is how many summaries deep the new summary is, one more than the
        last accepted pass unless given (say ``depth=1`` for a summary of raw events).
        Raises :class:`FidelityViolation` when the summary breaks the contract and
        re-grounding is off or cannot repair it; the gate's state is then unchanged.
        """
        if not isinstance(summary, str):
            raise TypeError(f"summary must be a string, got {summary!r} ({type_name(summary)})")
        current = self._register if register is None else register
        number = len(self._reports) + 1
        level = depth if depth is not None else (self._state.depth + 1 if self._state else 1)
        found = self.check(summary, register=current, depth=level)
        kept, remaining, regrounded = summary, found, False
        if not found.ok and self._on_violation == "reground" and any(v.code in REGROUNDABLE for v in found):
            kept = reground(current, summary)
            remaining = self.check(kept, register=current, depth=level)
            regrounded = True
        accepted = remaining.ok
        self._reports.append(
            GateReport(
                pass_number=number,
                depth=level,
                found=found,
                remaining=remaining,
                regrounded=regrounded,
                accepted=accepted,
            )
        )
        if not accepted:
            raise FidelityViolation(remaining, found=found, regrounded=regrounded, pass_number=number)
        self._state = next_state(current, kept, previous=self._state, depth=level)
        self._register = current
        return kept


@dataclass(frozen=True, slots=True, kw_only=True)
class ProseCase:
    """One prose check as plain data: what ``compaction prose`` and YAML specs read.

    ::

        register: {invariants: [...], failures: [...], retirements: [...]}
        bindings: [...]                       # optional
        summary: "..."
        previous: {summary_chars: 812, depth: 1, active_ids: [...]}   # optional
        depth: 2                              # optional
        policy: {max_depth: 2, budget_chars: 4000}                    # optional, ProsePolicy.from_case
    """

    register: InvariantRegister
    summary: str
    bindings: BindingSet = field(default_factory=BindingSet)
    previous: PassState | None = None
    depth: int | None = None
    policy: ProsePolicy = field(default_factory=ProsePolicy)

    @classmethod
    def from_dict(cls, data: object, path: str = "") -> ProseCase:
        data = read_mapping(data, path)
        check_keys(
            data, path, required=("register", "summary"), optional=("bindings", "previous", "depth", "policy")
        )
        summary = data["summary"]
        if not isinstance(summary, str):
            raise PayloadError(
                join(path, "summary"), f"expected a string, got {summary!r} ({type_name(summary)})"
            )
        depth = None
        if data.get("depth") is not None:
            depth = read_int(data, "depth", path)
            if depth < 1:
                raise PayloadError(join(path, "depth"), f"expected an integer >= 1, got {depth}")
        previous = data.get("previous")
        policy = data.get("policy")
        return cls(
            register=InvariantRegister.from_dict(data["register"], join(path, "register")),
            summary=summary,
            bindings=BindingSet.from_dict(data.get("bindings") or [], join(path, "bindings")),
            previous=None if previous is None else PassState.from_dict(previous, join(path, "previous")),
            depth=depth,
            policy=ProsePolicy() if policy is None else ProsePolicy.from_case(policy, join(path, "policy")),
        )

    def check(self) -> Verdict:
        return check_summary(
            self.register,
            self.summary,
            bindings=self.bindings,
            previous=self.previous,
            depth=self.depth,
            policy=self.policy,
        )
