"""The checker's passing path: indexes kept as the ledger changes, and no check lost at scale.

``check()`` confirms an artifact whose facts all match with one comparison of contract
keys against the ledger's index; these tests hold that path to the per-fact loop it
skips (an independent oracle: the loop reads ``Ledger.facts``, not the index), on a
large ledger where the one drifting fact is the last of 100,000, and through every
lifecycle change the index must follow.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from pytest_compaction import Artifact, Criticality, Fact, Ledger, Trust, ViolationCode, check
from pytest_compaction.core.checker import _violations
from pytest_compaction.core.model import Status, as_built, contract_key
from pytest_compaction.core.violations import sort_violations

TENANT = "tenant-big"
SUBJECT = "subject-big"
SIZE = 100_000
LAST = f"fact-{SIZE - 1}"


def _value(index: int) -> Any:
    kind = index % 5
    if kind == 0:
        return index % 2 == 0
    if kind == 1:
        return index * 7
    if kind == 2:
        return f"value {index}"
    if kind == 3:
        return index / 4 + 0.5
    return [f"item-{index}", index]


def _fact(index: int) -> Fact:
    """Built afresh on each call, so the ledger's and the artifact's facts share no objects."""
    return Fact(
        fact_id=f"fact-{index}",
        tenant_id=TENANT,
        subject_id=SUBJECT,
        predicate=f"predicate.{index % 97}",
        value=_value(index),
        qualifiers={"basis": "statement", "scope": f"scope-{index % 13}"} if index % 3 == 0 else {},  # type: ignore[arg-type]
        source_event_ids=(f"event-{index}",),
        criticality=Criticality.CONTINUITY if index % 10 == 7 else Criticality.CRITICAL,
    )


@pytest.fixture(scope="module")
def big() -> tuple[Ledger, tuple[Fact, ...]]:
    ledger = Ledger.from_facts(_fact(i) for i in range(SIZE))
    return ledger, tuple(_fact(i) for i in range(SIZE))


def _artifact(facts: tuple[Fact, ...]) -> Artifact:
    return Artifact(memory_version=1, tenant_id=TENANT, subject_id=SUBJECT, facts=facts)


def _oracle(ledger: Ledger, artifact: Artifact) -> tuple[tuple[str, str, str, str], ...]:
    """The per-fact loop over ``Ledger.facts`` (the path an artifact that differs takes)."""
    found = _violations(ledger.facts, ledger.required(TENANT, SUBJECT), artifact)
    return tuple((v.code.value, v.fact_id or "", repr(v.expected), v.detail) for v in sort_violations(found))


def _seen(ledger: Ledger, artifact: Artifact) -> tuple[tuple[str, str, str, str], ...]:
    return tuple(
        (v.code.value, v.fact_id or "", repr(v.expected), v.detail)
        for v in check(ledger, artifact).violations
    )


def test_a_faithful_artifact_of_100k_facts_passes(big: tuple[Ledger, tuple[Fact, ...]]) -> None:
    ledger, facts = big
    assert check(ledger, _artifact(facts)).ok


def _with(last: Fact | None, facts: tuple[Fact, ...]) -> tuple[Fact, ...]:
    return facts[:-1] if last is None else (*facts[:-1], last)


DRIFTS: dict[str, tuple[Callable[[Fact], Fact | None], set[ViolationCode]]] = {
    # The last fact (index 99,999) holds a list value and no qualifiers.
    "value retyped inside a list": (
        lambda f: dataclasses.replace(f, value=["item-99999", 99999.0]),
        {ViolationCode.VALUE_CHANGED},
    ),
    "value flipped to a string": (
        lambda f: dataclasses.replace(f, value="item-99999"),
        {ViolationCode.VALUE_CHANGED},
    ),
    "qualifier added": (
        lambda f: dataclasses.replace(f, qualifiers={"scope": "staging-only"}),  # type: ignore[arg-type]
        {ViolationCode.QUALIFIERS_CHANGED},
    ),
    "predicate renamed": (
        lambda f: dataclasses.replace(f, predicate="predicate.x"),
        {ViolationCode.PREDICATE_CHANGED},
    ),
    "provenance lost": (
        lambda f: dataclasses.replace(f, source_event_ids=("event-0",)),
        {ViolationCode.PROVENANCE_MISSING},
    ),
    "trust raised": (
        lambda f: dataclasses.replace(f, authority=Trust.SYSTEM),
        {ViolationCode.TRUST_ELEVATED},
    ),
    "owner changed": (
        lambda f: dataclasses.replace(f, subject_id="someone-else"),
        {ViolationCode.SUBJECT_CHANGED},
    ),
    "dropped": (lambda f: None, {ViolationCode.MISSING}),
    "fabricated": (
        lambda f: dataclasses.replace(f, fact_id="fact-new"),
        {ViolationCode.UNSUPPORTED_FACT, ViolationCode.MISSING},
    ),
}


@pytest.mark.parametrize("name", sorted(DRIFTS))
def test_one_drifting_fact_at_99999_is_caught(big: tuple[Ledger, tuple[Fact, ...]], name: str) -> None:
    ledger, facts = big
    drift, codes = DRIFTS[name]
    artifact = _artifact(_with(drift(facts[-1]), facts))
    verdict = check(ledger, artifact)
    assert {v.code for v in verdict.violations} == codes
    assert {v.fact_id for v in verdict.violations} <= {LAST, "fact-new"}
    assert _seen(ledger, artifact) == _oracle(ledger, artifact)


def test_a_continuity_fact_left_out_passes_and_a_critical_one_is_missing(
    big: tuple[Ledger, tuple[Fact, ...]],
) -> None:
    ledger, facts = big
    without_continuity = tuple(f for i, f in enumerate(facts) if i != SIZE - 3)  # 99,997: continuity
    assert ledger.get("fact-99997").criticality is Criticality.CONTINUITY
    assert check(ledger, _artifact(without_continuity)).ok
    without_critical = facts[:-2] + facts[-1:]  # 99,998: critical
    verdict = check(ledger, _artifact(without_critical))
    assert [(v.code, v.fact_id) for v in verdict.violations] == [(ViolationCode.MISSING, "fact-99998")]


def test_a_retyped_qualifier_at_99999_is_caught(big: tuple[Ledger, tuple[Fact, ...]]) -> None:
    ledger, facts = big
    # 99,999 is not a multiple of 3, so its qualifiers come from 99,996's.
    base = facts[SIZE - 4]
    assert base.qualifiers
    index = SIZE - 4
    retyped = dataclasses.replace(base, qualifiers={"basis": "statement", "scope": 12})  # type: ignore[arg-type]
    artifact = _artifact((*facts[:index], retyped, *facts[index + 1 :]))
    verdict = check(ledger, artifact)
    assert [(v.code, v.fact_id) for v in verdict.violations] == [
        (ViolationCode.QUALIFIERS_CHANGED, base.fact_id)
    ]
    assert _seen(ledger, artifact) == _oracle(ledger, artifact)


def test_a_forbidden_fact_at_99999_is_caught_after_the_ledger_changes(
    big: tuple[Ledger, tuple[Fact, ...]],
) -> None:
    ledger, facts = big
    changed = ledger.copy()
    changed.delete(LAST)
    verdict = check(changed, _artifact(facts))
    assert [(v.code, v.fact_id) for v in verdict.violations] == [(ViolationCode.FORBIDDEN_DELETED_FACT, LAST)]
    assert check(ledger, _artifact(facts)).ok  # the copy's change does not reach the original


def test_a_duplicate_id_with_a_drifted_twin_is_caught(big: tuple[Ledger, tuple[Fact, ...]]) -> None:
    ledger, facts = big
    twin = dataclasses.replace(facts[-1], value=True)
    verdict = check(ledger, _artifact((*facts, twin)))
    assert {v.code for v in verdict.violations} == {
        ViolationCode.DUPLICATE_FACT_ID,
        ViolationCode.VALUE_CHANGED,
    }


# -- the index follows every change ------------------------------------------------


def _expected_index(ledger: Ledger, tenant: str, subject: str) -> tuple[dict[str, object], tuple[str, ...]]:
    active = [
        f for f in ledger if f.status is Status.ACTIVE and (f.tenant_id, f.subject_id) == (tenant, subject)
    ]
    keys = {f.fact_id: contract_key(f) for f in active}
    return keys, tuple(f.fact_id for f in active if f.criticality is Criticality.CRITICAL)


def _assert_index(ledger: Ledger) -> None:
    for tenant, subject in {(f.tenant_id, f.subject_id) for f in ledger} | {("t", "nobody")}:
        keys, required = _expected_index(ledger, tenant, subject)
        assert dict(ledger.contract_keys(tenant, subject)) == keys
        assert tuple(f.fact_id for f in ledger.required(tenant, subject)) == required


def test_the_index_follows_every_lifecycle_change() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    for n in range(1, 8):
        ledger.event(f"e{n}", f"event {n}")
    for n in range(1, 6):
        ledger.fact(
            f"f{n}", f"p.{n}", n, sources=[f"e{n}"], criticality="continuity" if n == 5 else "critical"
        )
    ledger.fact("g1", "p.g", True, sources=["e6"], subject_id="other")
    _assert_index(ledger)
    copy = ledger.copy()
    ledger.supersede("f1", Fact(fact_id="f1b", tenant_id="t", subject_id="s", predicate="p.1", value=10))
    _assert_index(ledger)
    ledger.restate("f2", "e7")
    _assert_index(ledger)
    assert [f.fact_id for f in ledger.required("t", "s")] == ["f2", "f3", "f4", "f1b"]  # ledger order kept
    ledger.retire("f3", event_id="e7", reason="done")
    ledger.delete("f4", event_id="e7")
    ledger.delete("g1")
    _assert_index(ledger)
    _assert_index(copy)  # the copy kept its own index
    assert set(copy.contract_keys("t", "s")) == {"f1", "f2", "f3", "f4", "f5"}
    # The restated fact's new source is in the ledger's key: an artifact citing only the old one lost it.
    art = Artifact(memory_version=1, tenant_id="t", subject_id="s", facts=(copy.get("f2"), ledger.get("f1b")))
    assert {v.code for v in check(ledger, art).violations} == {ViolationCode.PROVENANCE_MISSING}
    assert {(v.code, v.fact_id) for v in check(copy, art).violations} == {
        (ViolationCode.UNSUPPORTED_FACT, "f1b"),
        (ViolationCode.MISSING, "f1"),
        (ViolationCode.MISSING, "f3"),
        (ViolationCode.MISSING, "f4"),
    }


# -- as_built: the guard's test for a fact changed after it was made ---------------------


def _rebuilt_equal(fact: Fact) -> bool:
    """The definition ``as_built`` shortens: the constructor, run again, gives an equal fact."""
    try:
        return dataclasses.replace(fact) == fact
    except (ValueError, TypeError):
        return False


def _changed(fact: Fact, name: str, value: object) -> Fact:
    copy = dataclasses.replace(fact)
    object.__setattr__(copy, name, value)
    return copy


BASE = Fact(
    fact_id="f",
    tenant_id="t",
    subject_id="s",
    predicate="p",
    value=[1, {"a": True}],
    qualifiers={"basis": "allergy", "severity": "critical"},  # type: ignore[arg-type]
    source_event_ids=("e1", "e2"),
)

CHANGES: list[tuple[str, object]] = [
    ("value", [1, {"a": 1}]),
    ("value", "x"),
    ("value", float("nan")),
    ("value", {1, 2}),
    ("qualifiers", (("severity", "critical"), ("basis", "allergy"))),
    ("qualifiers", (("basis", "allergy"),)),
    ("qualifiers", (("basis", "allergy"), ("severity", 1))),
    ("qualifiers", {"basis": "allergy"}),
    ("qualifiers", ((1,), (2,))),
    ("qualifiers", "ab"),
    ("source_event_ids", ["e1", "e2"]),
    ("source_event_ids", ("e1",)),
    ("status", "active"),
    ("status", Status.DELETED),
    ("authority", "system"),
    ("authority", Trust.SYSTEM),
    ("criticality", "continuity"),
    ("tenant_id", "other"),
    ("predicate", 7),
    ("fact_id", 7),
    ("fact_id", "g"),
    ("superseded_by", float("nan")),
    ("status_reason", "why"),
    ("_key", ()),
]


@pytest.mark.parametrize(("name", "value"), CHANGES, ids=[f"{n}={v!r}" for n, v in CHANGES])
def test_as_built_agrees_with_a_rebuild(name: str, value: object) -> None:
    changed = _changed(BASE, name, value)
    assert as_built(changed) is _rebuilt_equal(changed)


def test_as_built_confirms_what_a_constructor_made() -> None:
    assert as_built(BASE)
    assert all(as_built(_fact(i)) for i in range(50))
    inner: list[object] = [1]
    shared = Fact(fact_id="f", tenant_id="t", subject_id="s", predicate="p", value=inner)  # type: ignore[arg-type]
    assert as_built(shared)
    inner.append(2)  # changed in place after the fact was made: its key is stale
    assert not as_built(shared)
    assert not _rebuilt_equal(shared)
