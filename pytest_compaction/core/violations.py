"""Named violations: the project's public vocabulary.

A violation is data, not an exception. Its code's string value is the name users
grep for in CI logs (``fact-allergy-1:qualifiers_changed``); codes are added over
time and never renamed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum

__all__ = ["Verdict", "Violation", "ViolationCode", "describe_value", "sort_violations", "summarize"]


class ViolationCode(str, Enum):
    """Every violation the checkers can report. The value is the public name."""

    # -- fact contract (the checker) --
    MISSING = "missing"
    """A required active fact is not in the artifact."""
    VALUE_CHANGED = "value_changed"
    """The fact's typed value differs (``False`` is not ``"false"``, ``1`` is not ``1.0``)."""
    QUALIFIERS_CHANGED = "qualifiers_changed"
    """The conditions that bound the fact differ (lost, added or changed)."""
    PREDICATE_CHANGED = "predicate_changed"
    """The fact id is kept but it now states something else."""
    TENANT_CHANGED = "tenant_changed"
    """The fact is attached to another tenant: an isolation breach."""
    SUBJECT_CHANGED = "subject_changed"
    """The fact is attached to another subject: an entity merge."""
    PROVENANCE_MISSING = "provenance_missing"
    """The fact survives but a source event id that supports it does not."""
    FORBIDDEN_SUPERSEDED_FACT = "forbidden_superseded_fact"
    """A superseded value is still presented as memory."""
    FORBIDDEN_DELETED_FACT = "forbidden_deleted_fact"
    """A deleted fact came back."""
    FORBIDDEN_RETIRED_FACT = "forbidden_retired_fact"
    """A retired fact is still presented as memory."""
    UNSUPPORTED_FACT = "unsupported_fact"
    """A fact the ledger does not contain: inferred, fabricated or leaked."""
    DUPLICATE_FACT_ID = "duplicate_fact_id"
    """The artifact emits the same fact id more than once."""
    TRUST_ELEVATED = "trust_elevated"
    """The fact claims more authority than the sources behind it."""

    # -- the compressor itself (the pytest layer) --
    COMPRESSOR_ERROR = "compressor_error"
    """The compressor raised an exception."""
    ARTIFACT_MALFORMED = "artifact_malformed"
    """The compressor returned None, the wrong type, or an artifact that cannot be read."""
    COMPRESSOR_TIMEOUT = "compressor_timeout"
    """The compressor did not return within the configured timeout."""
    INPUT_MUTATED = "input_mutated"
    """The compressor changed the events or prior artifact it was given."""
    DELETED_CONTENT_IN_INPUT = "deleted_content_in_input"
    """A deleted event, or its text, reached the compressor's input."""
    UNEXPECTED_VIOLATIONS = "unexpected_violations"
    """A recorded incident did not produce exactly the violations it expects."""
    NONDETERMINISTIC_CRITICAL_FACT = "nondeterministic_critical_fact"
    """Attempts at the same compression disagree on a critical fact."""
    DEPTH_EXCEEDED = "depth_exceeded"
    """Re-summarization went deeper than the cap without re-grounding from the register."""

    # -- message structure (compressors that return messages or a summary) --
    TOOL_RESULT_ORPHANED = "tool_result_orphaned"
    """A tool result is kept but the tool call it answers was dropped."""
    TOOL_CALL_UNANSWERED = "tool_call_unanswered"
    """A tool call is kept but its result, present in the input, was dropped."""
    SYSTEM_MESSAGE_DROPPED = "system_message_dropped"
    """A system message of the input is not among the messages kept."""
    SUMMARY_EMPTY = "summary_empty"
    """The summary that replaces the history is empty."""
    SUMMARY_IS_ERROR = "summary_is_error"
    """An error text stands where the summary of the history should be."""
    COMPACTION_FAILED = "compaction_failed"
    """A compaction block came back without content: nothing replaces the history."""

    # -- prose summaries (pinned invariants and bindings) --
    INVARIANT_DROPPED = "invariant_dropped"
    """A pinned invariant has no trace in the summary."""
    MODAL_WEAKENED = "modal_weakened"
    """The invariant's markers survive but its modal force was hedged or lost."""
    MARKER_MISSING = "marker_missing"
    """A required identifier, number or scope word changed or vanished."""
    PIN_NOT_VERBATIM = "pin_not_verbatim"
    """A register entry that must come back verbatim is only paraphrased (or absent)."""
    CONSTRAINT_DENSITY_COLLAPSED = "constraint_density_collapsed"
    """Active invariants exist but the summary holds no prohibition or obligation at all."""
    INVARIANT_RETIRED_WITHOUT_EVENT = "invariant_retired_without_event"
    """The count of active invariants dropped with no retirement event."""
    REGISTER_ENTRY_REWRITTEN = "register_entry_rewritten"
    """A register entry came back from storage with other content under the same id."""
    REGISTER_REORDERED = "register_reordered"
    """The register's entries came back from storage in another order."""
    FAILURE_HISTORY_COLLAPSED = "failure_history_collapsed"
    """A "tried X, failed with E" record became indistinguishable from "considered X"."""
    SUMMARY_NOT_RECLAIMED = "summary_not_reclaimed"
    """The summary grew pass over pass, or exceeded its declared budget."""
    BINDING_REASSIGNED = "binding_reassigned"
    """A phrase now resolves to a different canonical resource."""
    BINDING_UNRESOLVABLE = "binding_unresolvable"
    """An ambiguous phrase stands where a precise binding is required."""
    IDENTIFIER_COLLAPSED = "identifier_collapsed"
    """Two distinct identifiers were merged, swapped or renumbered."""

    # -- storage, retrieval and use --
    REPRESENTATION_CHANGED = "representation_changed"
    """The artifact read back from storage differs from the one written."""
    LOST_UPDATE = "lost_update"
    """A stale writer overwrote newer memory instead of getting a conflict."""
    ISOLATION_BREACH = "isolation_breach"
    """Another tenant's or subject's memory was returned."""
    RETRIEVAL_OMITTED = "retrieval_omitted"
    """An active fact declared relevant was not retrieved."""
    RETRIEVAL_FORBIDDEN = "retrieval_forbidden"
    """A deleted or superseded fact was retrieved."""
    ACTION_VIOLATES_FACT = "action_violates_fact"
    """The action that consumed the memory breaks a fact it was given."""
    MIGRATION_NOT_IDEMPOTENT = "migration_not_idempotent"
    """Migrating already-migrated memory changed it again."""


# Codes that are review items rather than failures in permissive mode.
REVIEWABLE = frozenset({ViolationCode.UNSUPPORTED_FACT})


def describe_value(value: object) -> str:
    """``repr`` plus the type name, so ``False`` and ``'false'`` never look alike."""
    if isinstance(value, tuple):
        return repr(value)
    if value is None:
        return "None"
    return f"{value!r} ({type(value).__name__})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Violation:
    """One broken promise: which fact, how, what was expected and what was observed."""

    code: ViolationCode
    fact_id: str | None = None
    expected: object = None
    observed: object = None
    detail: str = ""
    """Extra words for a person: which field, which pass, which component."""

    @property
    def name(self) -> str:
        """The stable public form: ``<fact_id>:<code>``, or ``<code>`` for artifact-level ones."""
        if self.fact_id is None:
            return self.code.value
        return f"{self.fact_id}:{self.code.value}"

    def __str__(self) -> str:
        return self.name

    def describe(self) -> str:
        """One line for a person: the name, then expected vs observed."""
        parts = [self.name]
        if self.expected is not None or self.observed is not None:
            expected, observed = self.expected, self.observed
            if _same_type_scalars(expected, observed):
                parts.append(f"expected {expected!r} got {observed!r}")
            else:
                parts.append(f"expected {describe_value(expected)} got {describe_value(observed)}")
        if self.detail:
            parts.append(f"({self.detail})" if len(parts) > 1 else self.detail)
        # One line whatever the input: a newline in an id or a value must not start a line of
        # its own in a failure report (it could look like pytest's own summary).
        return "  ".join(parts).replace("\r", "\\r").replace("\n", "\\n")

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "code": self.code.value,
            "fact_id": self.fact_id,
            "expected": _jsonable(self.expected),
            "observed": _jsonable(self.observed),
            "detail": self.detail,
        }


def _same_type_scalars(a: object, b: object) -> bool:
    return type(a) is type(b) or isinstance(a, tuple) or isinstance(b, tuple) or a is None or b is None


def _jsonable(value: object) -> object:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, (str, int, float, bool, list, dict)) or value is None:
        return value
    return repr(value)


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a checker found: failing violations and, in permissive mode, review items.

    Iterating a verdict yields its violations; ``ok`` is true when there are none.
    ``bool(verdict)`` is refused: write ``verdict.ok``.
    """

    violations: tuple[Violation, ...] = ()
    review: tuple[Violation, ...] = ()
    """Findings a person should look at that do not fail the check (permissive mode)."""

    @property
    def ok(self) -> bool:
        return not self.violations

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(v.name for v in self.violations)

    def __iter__(self) -> Iterator[Violation]:
        return iter(self.violations)

    def __len__(self) -> int:
        return len(self.violations)

    def __bool__(self) -> bool:
        # "Truthy" could mean "has violations" or "passed"; guessing wrong would turn
        # a failing check into a pass, so refuse to guess.
        raise TypeError("the truth value of a Verdict is ambiguous; use verdict.ok")

    def merged(self, other: Verdict) -> Verdict:
        return Verdict(
            violations=sort_violations((*self.violations, *other.violations)),
            review=sort_violations((*self.review, *other.review)),
        )


def sort_violations(violations: Iterable[Violation]) -> tuple[Violation, ...]:
    return tuple(sorted(violations, key=lambda v: (v.fact_id or "", v.code.value, v.detail)))


def summarize(violations: Iterable[Violation]) -> str:
    """``3 violations: 2 qualifiers_changed, 1 missing`` (most frequent first, then by name)."""
    counts = Counter(v.code.value for v in violations)
    total = sum(counts.values())
    if not total:
        return "no violations"
    noun = "violation" if total == 1 else "violations"
    parts = ", ".join(f"{n} {code}" for code, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    return f"{total} {noun}: {parts}"
