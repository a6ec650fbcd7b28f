"""One fact comparison: field by field, by name, shared by the checker, fact sets and the runner."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pytest_compaction import Artifact, Fact, Ledger, Trust, ViolationCode, check
from pytest_compaction.core.compare import FIELDS, changed_fields, signature, statement
from pytest_compaction.core.factset import compare_fact_sets
from pytest_compaction.engine.contract import ContractChecker, ContractFailure, render_failure
from pytest_compaction.store.representation import describe_changes

BASE = Fact(
    fact_id="f1",
    tenant_id="t",
    subject_id="s",
    predicate="refund.limit",
    value={"amount": 50, "currency": "EUR"},
    qualifiers={"after": "supervisor review"},
    source_event_ids=("e1",),
)


def changed(**changes: Any) -> Fact:
    return dataclasses.replace(BASE, **changes)


@pytest.mark.parametrize(
    ("changes", "field", "code"),
    [
        ({"tenant_id": "t2"}, "tenant_id", ViolationCode.TENANT_CHANGED),
        ({"subject_id": "s2"}, "subject_id", ViolationCode.SUBJECT_CHANGED),
        ({"predicate": "refund.max"}, "predicate", ViolationCode.PREDICATE_CHANGED),
        ({"value": {"amount": 50.0, "currency": "EUR"}}, "value", ViolationCode.VALUE_CHANGED),
        ({"qualifiers": {}}, "qualifiers", ViolationCode.QUALIFIERS_CHANGED),
        ({"qualifiers": {"after": True}}, "qualifiers", ViolationCode.QUALIFIERS_CHANGED),
        ({"authority": Trust.SYSTEM}, "authority", ViolationCode.TRUST_ELEVATED),
    ],
)
def test_each_field_is_named_with_its_code(changes: dict[str, Any], field: str, code: ViolationCode) -> None:
    [change] = changed_fields(BASE, changed(**changes))
    assert (change.field, change.code) == (field, code)
    assert change.expected == getattr(BASE, field) or field == "authority"


def test_a_faithful_copy_and_what_is_not_a_contract_field() -> None:
    assert changed_fields(BASE, changed()) == []
    # Less authority is conservative; ids, provenance and lifecycle are compared elsewhere.
    quieter = changed(authority=Trust.UNTRUSTED, fact_id="other", source_event_ids=("e9",))
    assert changed_fields(BASE, quieter) == []
    assert signature(quieter) != signature(BASE)  # the signature keeps the authority itself
    assert signature(changed(fact_id="other", source_event_ids=())) == signature(BASE)


def test_fields_are_named_not_indexed() -> None:
    assert [f.name for f in FIELDS] == ["tenant_id", "subject_id", "predicate", "value", "qualifiers"]
    assert statement(BASE) == "refund.limit = {'amount': 50, 'currency': 'EUR'} (dict)"


def test_the_checker_and_the_fact_sets_name_the_same_differences() -> None:
    drifted = changed(value={"amount": "50", "currency": "EUR"}, qualifiers={}, authority=Trust.SYSTEM)
    ledger = Ledger.from_facts([BASE])
    by_checker = {
        v.code
        for v in check(
            ledger, Artifact(memory_version=1, tenant_id="t", subject_id="s", facts=(drifted,))
        ).violations
    }
    by_sets = {
        d.violation.code
        for d in compare_fact_sets([BASE], [drifted], context="c", expected_side="a", observed_side="b")
    }
    expected = {ViolationCode.VALUE_CHANGED, ViolationCode.QUALIFIERS_CHANGED, ViolationCode.TRUST_ELEVATED}
    assert by_checker == by_sets == expected


def test_describe_changes_names_each_leaf() -> None:
    assert describe_changes({"amount": 50, "currency": "EUR"}, {"amount": "50", "currency": "EUR"}) == [
        "value['amount']: 50 (int) became '50' (str)"
    ]
    assert describe_changes([1, 2], [1], root="value") == ["value[1]: the field was dropped"]
    assert describe_changes({"a": 1}, {"a": 1}) == []


def test_a_failure_shows_where_inside_a_changed_value() -> None:
    ledger = Ledger.from_facts([BASE])
    drifted = changed(value={"amount": "50", "currency": "EUR"}, qualifiers={"after": "review"})
    artifact = Artifact(memory_version=1, tenant_id="t", subject_id="s", facts=(drifted,))
    with pytest.raises(ContractFailure) as failure:
        ContractChecker().assert_preserved(ledger, artifact)
    text = str(failure.value)
    assert "      value['amount']: 50 (int) became '50' (str)" in text.splitlines()
    assert "      qualifiers['after']: 'supervisor review' (str) became 'review' (str)" in text.splitlines()


def test_a_scalar_change_adds_no_diff_lines() -> None:
    ledger = Ledger.from_facts([changed(value=False)])
    artifact = Artifact(memory_version=1, tenant_id="t", subject_id="s", facts=(changed(value=True),))
    lines = render_failure(check(ledger, artifact).violations).splitlines()
    assert lines == [
        "1 violation: 1 value_changed",
        "  value_changed",
        "    f1:value_changed  expected False got True",
    ]
