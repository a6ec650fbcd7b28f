"""The contract checker: an expected ledger against one compression artifact.

It returns every violation it finds, as data, in a deterministic order. On the
passing path the cost is one comparison, in C, of the artifact's contract keys by fact
id (``Artifact._keys``, made with the artifact) with the ledger's keys of the active
facts of that tenant and subject (:meth:`Ledger.contract_keys`, kept as the ledger
changes): a lookup and a tuple comparison per emitted fact, no Python loop. An artifact
that differs anywhere takes the per-fact loop, which names every field that differs.
``benchmarks/bench_checker.py`` keeps this honest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Literal

from pytest_compaction.core.compare import changed_fields, statement
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Criticality, Fact, Status
from pytest_compaction.core.violations import (
    REVIEWABLE,
    Verdict,
    Violation,
    ViolationCode,
    sort_violations,
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
    tenant, subject = artifact.tenant_id, artifact.subject_id
    keys = ledger.contract_keys(tenant, subject)
    emitted = artifact._keys
    found: list[Violation]
    # The passing path, in C: every emitted fact is an active fact of this tenant and
    # subject with an equal contract key (one comparison of two dictionaries' items).
    if emitted.items() <= keys.items():
        found = []
        if artifact.duplicate_ids:
            _duplicates(ledger.facts, artifact, found, ledger)
        # Every active fact emitted, so every required one; else name the required ones left out.
        if len(emitted) < len(keys):
            _missing(ledger.required(tenant, subject), artifact.index, found)
    else:
        found = _violations(ledger.facts, ledger.required(tenant, subject), artifact, ledger)

    if mode == "permissive":
        review = [v for v in found if v.code in REVIEWABLE]
        failing = [v for v in found if v.code not in REVIEWABLE]
        return Verdict(violations=sort_violations(failing), review=sort_violations(review))
    return Verdict(violations=sort_violations(found))


def _violations(
    facts: Mapping[str, Fact], required: tuple[Fact, ...], artifact: Artifact, ledger: Ledger | None = None
) -> list[Violation]:
    """Every violation, fact by fact: the path of an artifact that differs from the ledger."""
    tenant, subject = artifact.tenant_id, artifact.subject_id
    found: list[Violation] = []
    kept = 0
    active = Status.ACTIVE
    critical = Criticality.CRITICAL
    for fact in artifact.index.values():
        want = facts.get(fact.fact_id)
        if want is None:
            found.append(_unsupported(fact))
            continue
        if want.status is not active:
            found.append(_forbidden(want, fact))
            continue
        if fact._key != want._key:
            _compare(want, fact, found, ledger)
        if want.tenant_id == tenant and want.subject_id == subject:
            if want.criticality is critical:
                kept += 1
        else:
            _foreign(want, fact, artifact, found)

    if artifact.duplicate_ids:
        _duplicates(facts, artifact, found, ledger)

    if kept < len(required):
        _missing(required, artifact.index, found)
    return found


def _missing(required: tuple[Fact, ...], index: Mapping[str, Fact], found: list[Violation]) -> None:
    for want in required:
        if want.fact_id not in index:
            found.append(
                Violation(
                    code=ViolationCode.MISSING,
                    fact_id=want.fact_id,
                    detail=f"{statement(want)} is not in the artifact",
                )
            )


def _unsupported(fact: Fact) -> Violation:
    return Violation(
        code=ViolationCode.UNSUPPORTED_FACT,
        fact_id=fact.fact_id,
        detail=f"{statement(fact)} is not in the ledger",
    )


def _duplicates(
    facts: Mapping[str, Fact], artifact: Artifact, found: list[Violation], ledger: Ledger | None
) -> None:
    """Report each id emitted twice, and what its extra copies break.

    The first copy is checked by the main loop; a later copy that differs from it is
    checked here too, so a flipped value hidden behind a faithful twin is still named.
    """
    counts = Counter(f.fact_id for f in artifact.facts)
    for fact_id in artifact.duplicate_ids:
        found.append(
            Violation(
                code=ViolationCode.DUPLICATE_FACT_ID,
                fact_id=fact_id,
                expected=1,
                observed=counts[fact_id],
            )
        )
    first = artifact.index
    for fact in artifact.facts:
        head = first[fact.fact_id]
        if fact is head or counts[fact.fact_id] < 2 or fact == head:
            continue
        want = facts.get(fact.fact_id)
        extra: list[Violation] = []
        if want is None:
            extra.append(_unsupported(fact))
        elif want.status is not Status.ACTIVE:
            extra.append(_forbidden(want, fact))
        else:
            if fact._key != want._key:
                _compare(want, fact, extra, ledger)
            if (want.tenant_id, want.subject_id) != (artifact.tenant_id, artifact.subject_id):
                _foreign(want, fact, artifact, extra)
        seen = {(v.code, v.detail, repr(v.observed)) for v in found if v.fact_id == fact.fact_id}
        found.extend(v for v in extra if (v.code, v.detail, repr(v.observed)) not in seen)


def _foreign(want: Fact, got: Fact, artifact: Artifact, found: list[Violation]) -> None:
    """A ledger fact of another tenant or subject inside this artifact: an isolation breach.

    When the emitted fact also names an owner other than the ledger's, ``_compare``
    has already reported that field; it is not reported twice.
    """
    if want.tenant_id != artifact.tenant_id and got.tenant_id == want.tenant_id:
        found.append(
            Violation(
                code=ViolationCode.TENANT_CHANGED,
                fact_id=want.fact_id,
                expected=artifact.tenant_id,
                observed=want.tenant_id,
                detail=f"a fact of tenant {want.tenant_id} in the memory of tenant {artifact.tenant_id}",
            )
        )
    if want.subject_id != artifact.subject_id and got.subject_id == want.subject_id:
        found.append(
            Violation(
                code=ViolationCode.SUBJECT_CHANGED,
                fact_id=want.fact_id,
                expected=artifact.subject_id,
                observed=want.subject_id,
                detail=f"a fact of subject {want.subject_id} in the memory of subject {artifact.subject_id}",
            )
        )


def _forbidden(want: Fact, fact: Fact) -> Violation:
    if want.status is Status.SUPERSEDED and want.superseded_by is not None:
        why = f"superseded by {want.superseded_by}"
    elif want.status_event_id:
        why = f"{want.status.value} by event {want.status_event_id}"
    else:
        why = want.status.value
    # A deleted fact's value is not repeated: the report would carry it into logs and CI
    # artifacts that the deletion was meant to keep it out of.
    held = (
        f"{fact.predicate} (its value not shown: deleted)"
        if want.status is Status.DELETED
        else statement(fact)
    )
    return Violation(
        code=_FORBIDDEN[want.status],
        fact_id=want.fact_id,
        detail=f"{why}, yet the artifact still holds {held}",
    )


def _text(ledger: Ledger | None, event_id: str) -> str | None:
    event = None if ledger is None else ledger.find_event(event_id)
    return None if event is None else event.text


def _compare(want: Fact, got: Fact, found: list[Violation], ledger: Ledger | None) -> None:
    """The slow path: name every field that differs, and every source the fact lost (a
    source is not lost while a kept source is a word-for-word copy of it: the same claim
    repeated, one copy kept)."""
    fid = want.fact_id
    for change in changed_fields(want, got):
        why = "trust must never rise through compression" if change.field == "authority" else ""
        found.append(
            Violation(
                code=change.code, fact_id=fid, expected=change.expected, observed=change.observed, detail=why
            )
        )
    lost = [s for s in want.source_event_ids if s not in got.source_event_ids]
    if lost:
        kept = {text for s in got.source_event_ids if (text := _text(ledger, s)) is not None}
        lost = [s for s in lost if _text(ledger, s) not in kept]
    if lost:
        found.append(
            Violation(
                code=ViolationCode.PROVENANCE_MISSING,
                fact_id=fid,
                expected=want.source_event_ids,
                observed=got.source_event_ids,
                detail=f"lost source {', '.join(lost)}",
            )
        )
