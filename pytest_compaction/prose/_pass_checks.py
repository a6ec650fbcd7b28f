"""The checks of a whole pass rather than one entry: binding rules restated without their pin
(density), the register's lineage, summary depth and the growth budget.
"""

from __future__ import annotations

from collections.abc import Sequence

from pytest_compaction.core.prose_form import ProsePolicy
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.prose import _text
from pytest_compaction.prose._grounding import Grounding, PassState, reclaimable_chars
from pytest_compaction.prose.chain import compare_lineage, digests
from pytest_compaction.prose.invariants import InvariantRegister
from pytest_compaction.prose.modality import (
    CueKind,
    Modality,
    commanded,
    count_constraints,
    rule_verb,
)

__all__ = ["_check_budget", "_check_density", "_check_depth", "_check_lineage"]


_BINDING = (Modality.PROHIBITION, Modality.OBLIGATION)


def _check_density(
    register: InvariantRegister, sentences: Sequence[_text.Sentence], chars: int
) -> list[Violation]:
    binding = [i.id for i in register.invariants() if i.modality in _BINDING]
    if not binding or any(count_constraints(s.text) for s in sentences):
        return []
    split = [c for s in sentences if len(cs := _text.clauses(s.text)) > 1 for c in cs]
    if any(count_constraints(c) for c in split):
        return []  # "Count every pupil ..., although phones may stay in bags": each clause alone
    if _restates_a_command(register, sentences):
        return []
    return [
        Violation(
            code=ViolationCode.CONSTRAINT_DENSITY_COLLAPSED,
            expected="a prohibition or obligation",
            observed="none",
            detail=(
                f"{len(binding)} active prohibition or obligation invariant{'s' if len(binding) > 1 else ''} "
                f"({', '.join(binding)}) but the summary's "
                f"{chars} characters hold no prohibition or obligation word"
            ),
        )
    ]


def _restates_a_command(register: InvariantRegister, sentences: Sequence[_text.Sentence]) -> bool:
    """Whether a sentence opens a clause with the verb a binding rule commands, in a note's
    short form ("kitchen: turn breaker off"): a command, though no word list knows the verb."""
    verbs = {v for i in register.invariants() if i.modality in _BINDING and (v := rule_verb(i.text))}
    return any(commanded(s.text, verb).has(CueKind.OBLIGATION) for verb in verbs for s in sentences)


def _check_lineage(register: InvariantRegister, previous: PassState | None) -> list[Violation]:
    if previous is None:
        return []
    now = len(register.active())
    return [
        Violation(
            code=ViolationCode.INVARIANT_RETIRED_WITHOUT_EVENT,
            fact_id=ident,
            expected="active, or retired by an event",
            observed="gone from the register",
            detail=(
                f"active entries went from {len(previous.active_ids)} to {now} "
                f"with no retirement event for it"
            ),
        )
        for ident in previous.active_ids
        if ident not in register
    ] + compare_lineage(previous.entries, digests(register))


def _check_depth(level: int, ground: Grounding, policy: ProsePolicy) -> list[Violation]:
    if ground.ok or level <= policy.max_depth:
        return []
    stale = ""
    if ground.present:
        stale = f"; its pinned block is stale (lacks {', '.join(ground.missing)} verbatim)"
    return [
        Violation(
            code=ViolationCode.DEPTH_EXCEEDED,
            expected=policy.max_depth,
            observed=level,
            detail=(
                f"a summary {level} summaries deep, past the cap of {policy.max_depth}, must re-ground: "
                f"carry pin_block(register) (CompactionGate(on_violation='reground') does it){stale}"
            ),
        )
    ]


def _check_budget(summary: str, previous: PassState | None, policy: ProsePolicy) -> list[Violation]:
    if policy.budget_chars is not None:
        if len(summary) <= policy.budget_chars:
            return []
        return [
            Violation(
                code=ViolationCode.SUMMARY_NOT_RECLAIMED,
                expected=policy.budget_chars,
                observed=len(summary),
                detail=f"{len(summary)} characters exceed the budget of {policy.budget_chars}",
            )
        ]
    if previous is None:
        return []
    chars = reclaimable_chars(summary)
    allowed = previous.summary_chars + previous.added_chars
    if chars <= allowed:
        return []
    new_input = (
        f", more than the {previous.added_chars} its new input adds ({allowed} at most: a longer "
        f"summary keeps more than the previous summary and the new events' own text)"
        if previous.added_chars
        else ""
    )
    return [
        Violation(
            code=ViolationCode.SUMMARY_NOT_RECLAIMED,
            expected=allowed,
            observed=chars,
            detail=f"the summary grew from {previous.summary_chars} to {chars} characters{new_input}; "
            f"no budget was reclaimed",
        )
    ]
