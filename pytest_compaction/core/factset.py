"""Active critical fact sets: how two compression outcomes are compared with each other.

A metamorphic pair (original vs transformed) and the two depth paths (direct vs
multi-stage) must end with the same critical memory. Two facts agree when their
:func:`~pytest_compaction.core.compare.signature` is the same (tenant, subject,
predicate, typed value and qualifiers, and authority); a paired difference is
named by :func:`~pytest_compaction.core.compare.changed_fields`, as the checker
names it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from pytest_compaction.core.compare import changed_fields, signature, statement
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Criticality, Fact
from pytest_compaction.core.violations import Violation, ViolationCode

__all__ = ["FactDifference", "compare_fact_sets", "critical_facts", "signature", "statement"]


def critical_facts(artifact: Artifact, ledger: Ledger) -> tuple[Fact, ...]:
    """The artifact's facts that are critical: as the ledger records them, else as emitted."""
    out = []
    for fact in artifact.facts:
        known = ledger.find(fact.fact_id)
        criticality = known.criticality if known is not None else fact.criticality
        if criticality is Criticality.CRITICAL:
            out.append(fact)
    return tuple(out)


@dataclass(frozen=True, slots=True, kw_only=True)
class FactDifference:
    """One disagreement between two fact sets, and the facts on each side."""

    violation: Violation
    expected: Fact | None
    observed: Fact | None


# Unmatched facts are paired up by the first key they share, most specific first,
# so a changed value reads as value_changed rather than one missing plus one extra.
_PAIRINGS: tuple[Callable[[Fact], Hashable], ...] = (
    lambda f: f.fact_id,
    lambda f: (f.tenant_id, f.subject_id, f.predicate),
    lambda f: (f.tenant_id, f.predicate),
    lambda f: f.predicate,
)


def compare_fact_sets(
    expected: Sequence[Fact],
    observed: Sequence[Fact],
    *,
    context: str,
    expected_side: str,
    observed_side: str,
) -> tuple[FactDifference, ...]:
    """Every difference between two multisets of facts, named with the checker's codes.

    ``context`` starts every detail (``"append_small_talk"``, ``"paths differ"``);
    the side names say which run kept or lost a fact.
    """
    taken = [False] * len(observed)
    by_signature: dict[tuple[object, ...], list[int]] = {}
    for index, fact in enumerate(observed):
        by_signature.setdefault(signature(fact), []).append(index)
    lonely: list[Fact] = []
    for fact in expected:
        bucket = by_signature.get(signature(fact))
        if bucket:
            taken[bucket.pop(0)] = True
        else:
            lonely.append(fact)
    spare = [index for index, used in enumerate(taken) if not used]

    pairs: list[tuple[Fact, Fact]] = []
    for key in _PAIRINGS:
        still: list[Fact] = []
        for fact in lonely:
            match = next((i for i in spare if key(observed[i]) == key(fact)), None)
            if match is None:
                still.append(fact)
            else:
                spare.remove(match)
                pairs.append((fact, observed[match]))
        lonely = still

    found: list[FactDifference] = []
    for want, got in pairs:
        for violation in _field_differences(want, got, context, expected_side, observed_side):
            found.append(FactDifference(violation=violation, expected=want, observed=got))
    for want in lonely:
        violation = Violation(
            code=ViolationCode.MISSING,
            fact_id=want.fact_id,
            detail=f"{context}: the {expected_side} kept {statement(want)}, the {observed_side} lost it",
        )
        found.append(FactDifference(violation=violation, expected=want, observed=None))
    for index in spare:
        got = observed[index]
        violation = Violation(
            code=ViolationCode.UNSUPPORTED_FACT,
            fact_id=got.fact_id,
            detail=f"{context}: only the {observed_side} holds {statement(got)}",
        )
        found.append(FactDifference(violation=violation, expected=None, observed=got))
    return tuple(sorted(found, key=lambda d: (d.violation.fact_id or "", d.violation.code.value)))


def _field_differences(
    want: Fact, got: Fact, context: str, expected_side: str, observed_side: str
) -> list[Violation]:
    detail = f"{context}: {expected_side} vs {observed_side}"
    return [
        Violation(
            code=change.code,
            fact_id=want.fact_id,
            expected=change.expected,
            observed=change.observed,
            detail=detail,
        )
        for change in changed_fields(want, got)
    ]
