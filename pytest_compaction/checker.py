"""The contract checker: an expected ledger against one compression artifact.

It returns every violation it finds, as data, in a deterministic order. The cost
is one dictionary lookup and one tuple comparison per emitted fact on the
passing path; the detailed comparison runs only for facts that differ.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pytest_compaction.ledger import Ledger
from pytest_compaction.model import Artifact, Criticality, Fact, Status, typed_token
from pytest_compaction.violations import (
    REVIEWABLE,
    Verdict,
    Violation,
    ViolationCode,
    sort_violations,
    describe_value,
)

__all__ = ["Mode", "check"]

Mode = Literal["strict", "permissive"]

_FORBIDDEN = {
    Status.SUPERSEDED: ViolationCode.FORBIDDEN_SUPERSEDED_FACT,
    Status.DELETED: ViolationCode.FORBIDDEN_DELETED_FACT,
    Status.RETIRED: ViolationCode.FORBIDDEN_RETIRED_FACT,
}


def check(expected: Ledger | Iterable[Fact], artifact: Artifact, *, mode: Mode = "strict") -> Verdict:
    """Compare ``artifact`` with the ``expected`` ledger and return every violation.

    ``strict`` (a release gate) fails on facts the ledger does not contain;
    ``permissive`` (exploration) lists them as review items instead.
    """
    if mode not in ("strict", "permissive"):
        raise ValueError(f"mode must be 'strict' or 'permissive', got {mode!r}")
    ledger = expected if isinstance(expected, Ledger) else Ledger.from_facts(expected)
    facts = ledger.facts
    required = ledger.required(artifact.tenant_id, artifact.subject_id)
    found: list[Violation] = []
    kept = 0
    active = Status.ACTIVE
    critical = Criticality.CRITICAL
    scope = (artifact.tenant_id, artifact.subject_id)

    for fact_id in artifact.duplicate_ids:
        count = sum(1 for f in artifact.facts if f.fact_id == fact_id)
        found.append(Violation(code=ViolationCode.DUPLICATE_FACT_ID, fact_id=fact_id, expected=1, observed=count))

    for fact in artifact.index.values():
        want = facts.get(fact.fact_id)
        if want is None:
            found.append(
                Violation(
                    code=ViolationCode.UNSUPPORTED_FACT,
                    fact_id=fact.fact_id,
                    detail=f"{_statement(fact)} is not in the ledger",
                )
            )
            continue
        if want.status is not active:
            found.append(_forbidden(want, fact))
            continue
        if fact._key != want._key:
            _compare(want, fact, found)
        if want.criticality is critical and (want.tenant_id, want.subject_id) == scope:
            kept += 1

    if kept < len(required):
        index = artifact.index
        for want in required:
            if want.fact_id not in index:
                found.append(
                    Violation(
                        code=ViolationCode.MISSING,
                        fact_id=want.fact_id,
                        detail=f"{_statement(want)} is not in the artifact",
                    )
                )

    if mode == "permissive":
        review = [v for v in found if v.code in REVIEWABLE]
        failing = [v for v in found if v.code not in REVIEWABLE]
        return Verdict(violations=sort_violations(failing), review=sort_violations(review))
    return Verdict(violations=sort_violations(found))


def _statement(fact: Fact) -> str:
    return f"{fact.predicate} = {describe_value(fact.value)}"


def _forbidden(want: Fact, fact: Fact) -> Violation:
    if want.status is Status.SUPERSEDED:
        why = f"superseded by {want.superseded_by}"
    elif want.status_event_id:
        why = f"{want.status.value} by event {want.status_event_id}"
    else:
        why = want.status.value
    return Violation(
        code=_FORBIDDEN[want.status],
        fact_id=want.fact_id,
        detail=f"{why}, yet the artifact still holds {_statement(fact)}",
    )


def _compare(want: Fact, got: Fact, found: list[Violation]) -> None:
    """The slow path: name every field that differs."""
    fid = want.fact_id

    def add(code: ViolationCode, expected: object, observed: object, detail: str = "") -> None:
        found.append(Violation(code=code, fact_id=fid, expected=expected, observed=observed, detail=detail))

    if got.tenant_id != want.tenant_id:
        add(ViolationCode.TENANT_CHANGED, want.tenant_id, got.tenant_id)
    if got.subject_id != want.subject_id:
        add(ViolationCode.SUBJECT_CHANGED, want.subject_id, got.subject_id)
    if got.predicate != want.predicate:
        add(ViolationCode.PREDICATE_CHANGED, want.predicate, got.predicate)
    if typed_token(got.value) != typed_token(want.value):
        add(ViolationCode.VALUE_CHANGED, want.value, got.value)
    if got._key[4] != want._key[4]:
        add(ViolationCode.QUALIFIERS_CHANGED, want.qualifiers, got.qualifiers)
    lost = [s for s in want.source_event_ids if s not in got.source_event_ids]
    if lost:
        add(
            ViolationCode.PROVENANCE_MISSING,
            want.source_event_ids,
            got.source_event_ids,
            f"lost source {', '.join(lost)}",
        )
    if got.authority.rank > want.authority.rank:
        add(
            ViolationCode.TRUST_ELEVATED,
            want.authority.value,
            got.authority.value,
            "trust must never rise through compression",
        )
