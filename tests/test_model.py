"""The domain values: typed tokens, qualifiers, facts, source events and artifacts."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from pytest_compaction import Artifact, Criticality, Fact, PayloadError, SourceEvent, Status, Trust
from pytest_compaction.core.model import normalize_qualifiers, typed_token


def fact_data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "fact_id": "fact-allergy-1",
        "tenant_id": "tenant-a",
        "subject_id": "subject-1",
        "predicate": "food.peanuts_allowed",
        "value": False,
        "qualifiers": {"basis": "allergy", "severity": "critical"},
        "source_event_ids": ["e1"],
    }
    data.update(changes)
    return data


def artifact_data(*facts: dict[str, Any], **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "memory_version": 12,
        "tenant_id": "tenant-a",
        "subject_id": "subject-1",
        "facts": list(facts),
    }
    data.update(changes)
    return data


def refused(call: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(PayloadError) as info:
        call(*args, **kwargs)
    return str(info.value)


# -- typed tokens ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (False, "false"),
        (1, True),
        (0, False),
        (1, 1.0),
        (None, False),
        ([1], [True]),
        ([1], [1.0]),
        ([[1, 2]], [[1, 2.0]]),
        ({"a": 1}, {"a": 1.0}),
        ([], {}),
        ("1", 1),
    ],
    ids=repr,
)
def test_typed_tokens_keep_types_apart(a: object, b: object) -> None:
    assert typed_token(a) != typed_token(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (False, False),
        ([1, [2.5, None]], [1, [2.5, None]]),
        ((1, 2), [1, 2]),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}),
    ],
    ids=repr,
)
def test_typed_tokens_of_equal_values_are_equal_and_hashable(a: object, b: object) -> None:
    assert typed_token(a) == typed_token(b)
    assert hash(typed_token(a)) == hash(typed_token(b))


# -- qualifiers ----------------------------------------------------------------------


def test_qualifiers_are_sorted_by_name() -> None:
    expected = (("basis", "allergy"), ("scope", "all"), ("severity", "critical"))
    assert normalize_qualifiers({"severity": "critical", "basis": "allergy", "scope": "all"}) == expected
    assert (
        normalize_qualifiers([("scope", "all"), ("severity", "critical"), ("basis", "allergy")]) == expected
    )
    assert normalize_qualifiers(None) == ()
    assert normalize_qualifiers({}) == ()


def test_a_qualifier_given_twice_is_refused() -> None:
    message = refused(normalize_qualifiers, [("basis", "allergy"), ("basis", "preference")])
    assert message == "qualifiers.basis: qualifier is given twice"


def test_qualifier_names_must_be_strings() -> None:
    assert (
        refused(normalize_qualifiers, {1: "x"})
        == "qualifiers: qualifier names must be non-empty strings, got 1"
    )
    assert (
        refused(normalize_qualifiers, {"": "x"})
        == "qualifiers: qualifier names must be non-empty strings, got ''"
    )


def test_qualifiers_must_be_pairs() -> None:
    assert (
        refused(normalize_qualifiers, ["basis"])
        == "qualifiers: expected a mapping of qualifiers, got 'basis'"
    )


def test_qualifier_values_must_be_json_values() -> None:
    message = refused(normalize_qualifiers, {"since": {2021}})
    assert message == (
        "qualifiers.since: expected a JSON value (string, number, boolean, null, list or mapping), "
        "got {2021} (set)"
    )


# -- facts ---------------------------------------------------------------------------


def make(**changes: Any) -> Fact:
    fields: dict[str, Any] = {
        "fact_id": "fact-1",
        "tenant_id": "tenant-a",
        "subject_id": "subject-1",
        "predicate": "food.peanuts_allowed",
        "value": False,
    }
    fields.update(changes)
    return Fact(**fields)


def test_fact_defaults() -> None:
    fact = make()
    assert fact.qualifiers == ()
    assert fact.source_event_ids == ()
    assert fact.status is Status.ACTIVE
    assert fact.authority is Trust.USER
    assert fact.criticality is Criticality.CRITICAL
    assert (fact.superseded_by, fact.status_event_id, fact.status_reason) == (None, None, None)


def test_facts_are_frozen() -> None:
    fact = make()
    with pytest.raises(AttributeError):
        fact.value = True  # type: ignore[misc]


def test_fact_equality_is_type_strict() -> None:
    assert make(value=1) != make(value=True)
    assert make(value=1) != make(value=1.0)
    assert make(value=False) != make(value="false")
    assert make(value=[1, [2]]) == make(value=[1, [2]])
    assert make(value=[1, [2]]) != make(value=[1, [2.0]])


def test_fact_equality_ignores_qualifier_order_in_any_form() -> None:
    a = make(qualifiers={"basis": "allergy", "severity": "critical"})
    b = make(qualifiers={"severity": "critical", "basis": "allergy"})
    c = make(qualifiers=(("severity", "critical"), ("basis", "allergy")))
    assert a == b == c
    assert hash(a) == hash(b) == hash(c)
    assert c.qualifiers == (("basis", "allergy"), ("severity", "critical"))
    assert c.qualifier_dict == {"basis": "allergy", "severity": "critical"}


def test_fact_equality_covers_lifecycle_fields() -> None:
    assert make() != make(status=Status.DELETED)
    assert make() != make(criticality=Criticality.CONTINUITY)
    assert make() != make(authority=Trust.UNTRUSTED)
    assert make() != make(source_event_ids=("e1",))
    assert make() != make(fact_id="fact-2")
    assert make() != "fact-1"


def test_enum_fields_accept_their_string_values() -> None:
    fact = make(status="superseded", authority="system", criticality="continuity")
    assert fact.status is Status.SUPERSEDED
    assert fact.authority is Trust.SYSTEM
    assert fact.criticality is Criticality.CONTINUITY
    assert fact == make(status=Status.SUPERSEDED, authority=Trust.SYSTEM, criticality=Criticality.CONTINUITY)


def test_an_unknown_enum_string_is_refused() -> None:
    assert (
        refused(make, criticality="vital")
        == "criticality: expected one of critical, continuity; got 'vital' (str)"
    )


def test_source_ids_become_a_tuple() -> None:
    assert make(source_event_ids=["e1", "e2"]).source_event_ids == ("e1", "e2")


def test_trust_ranks_from_untrusted_to_system() -> None:
    assert [t.rank for t in (Trust.UNTRUSTED, Trust.USER, Trust.SYSTEM)] == [0, 1, 2]


def test_status_values_are_the_public_names() -> None:
    assert [s.value for s in Status] == ["active", "superseded", "deleted", "retired"]
    assert [c.value for c in Criticality] == ["critical", "continuity"]
    assert [t.value for t in Trust] == ["untrusted", "user", "system"]


# -- Fact.from_dict ------------------------------------------------------------------


def test_from_dict_reads_a_full_fact() -> None:
    fact = Fact.from_dict(
        fact_data(status="superseded", superseded_by="fact-2", authority="system", criticality="continuity")
    )
    assert fact.fact_id == "fact-allergy-1"
    assert fact.value is False
    assert fact.qualifiers == (("basis", "allergy"), ("severity", "critical"))
    assert fact.source_event_ids == ("e1",)
    assert fact.status is Status.SUPERSEDED
    assert fact.superseded_by == "fact-2"
    assert fact.authority is Trust.SYSTEM
    assert fact.criticality is Criticality.CONTINUITY


def test_from_dict_accepts_a_single_source_event_id() -> None:
    data = fact_data()
    del data["source_event_ids"]
    data["source_event_id"] = "e7"
    assert Fact.from_dict(data).source_event_ids == ("e7",)


def test_from_dict_refuses_both_source_forms() -> None:
    message = refused(Fact.from_dict, fact_data(source_event_id="e1"))
    assert message == "fact.source_event_id: give source_event_id or source_event_ids, not both"


def test_null_is_a_value_but_a_missing_value_is_an_error() -> None:
    assert Fact.from_dict(fact_data(value=None)).value is None
    data = fact_data()
    del data["value"]
    assert refused(Fact.from_dict, data) == "fact.value: required key is missing (use null for no value)"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"fact_id": 7}, "fact.fact_id: expected a non-empty string, got 7 (int)"),
        ({"fact_id": ""}, "fact.fact_id: expected a non-empty string, got '' (str)"),
        ({"predicate": None}, "fact.predicate: expected a non-empty string, got None (null)"),
        ({"qualifiers": ["basis"]}, "fact.qualifiers: expected a mapping, got ['basis'] (list)"),
        ({"qualifiers": []}, "fact.qualifiers: expected a mapping, got [] (list)"),
        ({"source_event_ids": "e1"}, "fact.source_event_ids: expected a list, got 'e1' (str)"),
        (
            {"source_event_ids": ["e1", 2]},
            "fact.source_event_ids[1]: expected a non-empty string, got 2 (int)",
        ),
        (
            {"status": "archived"},
            "fact.status: expected one of active, superseded, deleted, retired; got 'archived' (str)",
        ),
        (
            {"authority": "admin"},
            "fact.authority: expected one of untrusted, user, system; got 'admin' (str)",
        ),
        ({"predicat": "x"}, "fact.predicat: unknown key; did you mean 'predicate'?"),
        (
            {"colour": "x"},
            "fact.colour: unknown key; allowed keys: fact_id, predicate, value, qualifiers, "
            "source_event_ids, source_event_id, authority, criticality, tenant_id, subject_id, status, "
            "superseded_by, status_event_id, status_reason",
        ),
        (
            {"value": {1, 2}},
            "fact.value: expected a JSON value (string, number, boolean, null, list or mapping), "
            "got {1, 2} (set)",
        ),
        (
            {"value": [1, {"a": object}]},
            "fact.value[1].a: expected a JSON value (string, number, boolean, null, "
            "list or mapping), got <class 'object'> (type)",
        ),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_from_dict_names_the_bad_field(changes: dict[str, Any], message: str) -> None:
    assert refused(Fact.from_dict, fact_data(**changes)) == message


def test_a_long_bad_value_is_cut_short_in_the_message() -> None:
    message = refused(Fact.from_dict, fact_data(fact_id=list(range(100))))
    shown = "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16..."
    assert message == f"fact.fact_id: expected a non-empty string, got {shown} (list)"


def test_from_dict_needs_a_tenant_unless_one_is_inherited() -> None:
    data = fact_data()
    del data["tenant_id"]
    assert refused(Fact.from_dict, data) == "fact.tenant_id: required key is missing"
    assert Fact.from_dict(data, tenant_id="tenant-z").tenant_id == "tenant-z"


def test_to_dict_round_trips() -> None:
    for data in (
        fact_data(),
        fact_data(status="retired", status_event_id="e9", status_reason="fixed", criticality="continuity"),
        fact_data(value=[1, {"a": None}], qualifiers={}, source_event_ids=[], authority="untrusted"),
    ):
        fact = Fact.from_dict(data)
        assert Fact.from_dict(json.loads(json.dumps(fact.to_dict()))) == fact


def test_to_dict_leaves_defaults_out() -> None:
    assert Fact.from_dict(fact_data(qualifiers={}, source_event_ids=[])).to_dict() == {
        "fact_id": "fact-allergy-1",
        "tenant_id": "tenant-a",
        "subject_id": "subject-1",
        "predicate": "food.peanuts_allowed",
        "value": False,
    }


# -- source events ---------------------------------------------------------------------


def test_source_event_from_dict() -> None:
    event = SourceEvent.from_dict(
        {"event_id": "e1", "tenant_id": "t", "subject_id": "s", "text": "", "trust": "untrusted", "order": 3}
    )
    assert (event.event_id, event.text, event.trust, event.order) == ("e1", "", Trust.UNTRUSTED, 3)
    assert SourceEvent.from_dict(event.to_dict()) == event


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"text": None}, "event.text: expected a string, got None (null)"),
        ({"order": "1"}, "event.order: expected an integer, got '1' (str)"),
        ({"order": True}, "event.order: expected an integer, got True (bool)"),
        ({"trust": "admin"}, "event.trust: expected one of untrusted, user, system; got 'admin' (str)"),
    ],
)
def test_source_event_from_dict_names_the_bad_field(changes: dict[str, Any], message: str) -> None:
    data = {"event_id": "e1", "tenant_id": "t", "subject_id": "s", "text": "hi"}
    data.update(changes)
    assert refused(SourceEvent.from_dict, data) == message


# -- artifacts ---------------------------------------------------------------------------


def test_artifact_facts_inherit_the_artifacts_tenant_and_subject() -> None:
    artifact = Artifact.from_dict(artifact_data({"fact_id": "f1", "predicate": "p", "value": 1}))
    (fact,) = artifact.facts
    assert (fact.tenant_id, fact.subject_id) == ("tenant-a", "subject-1")
    assert artifact.depth == 1
    assert artifact.summary is None


def test_an_artifact_fact_may_name_another_owner() -> None:
    artifact = Artifact.from_dict(
        artifact_data({"fact_id": "f1", "predicate": "p", "value": 1, "tenant_id": "b"})
    )
    assert artifact.facts[0].tenant_id == "b"


def test_artifact_indexes_facts_and_notes_duplicates() -> None:
    f1 = {"fact_id": "f1", "predicate": "p", "value": 1}
    f2 = {"fact_id": "f2", "predicate": "p", "value": 2}
    artifact = Artifact.from_dict(artifact_data(f1, f2, {**f1, "value": 9}, f2, f1))
    assert list(artifact.index) == ["f1", "f2"]
    assert artifact.index["f1"].value == 1  # the first copy
    assert artifact.duplicate_ids == ("f1", "f2")
    assert len(artifact.facts) == 5


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            artifact_data(
                {"fact_id": "f1", "predicate": "p", "value": 1}, {"fact_id": "f2", "predicate": "p"}
            ),
            "artifact.facts[1].value: required key is missing (use null for no value)",
        ),
        (artifact_data(memory_version="12"), "artifact.memory_version: expected an integer, got '12' (str)"),
        (artifact_data(memory_version=True), "artifact.memory_version: expected an integer, got True (bool)"),
        (artifact_data(memory_version=1.5), "artifact.memory_version: expected an integer, got 1.5 (float)"),
        (artifact_data(facts={"f1": {}}), "artifact.facts: expected a list, got {'f1': {}} (dict)"),
        (artifact_data(summary=3), "artifact.summary: expected a string, got 3 (int)"),
        (artifact_data(depth="2"), "artifact.depth: expected an integer, got '2' (str)"),
        (artifact_data(tenant=1), "artifact.tenant: unknown key; did you mean 'tenant_id'?"),
        (
            artifact_data({"fact_id": "f1", "predicate": "p", "value": 1, "status": "active"}),
            "artifact.facts[0].status: not allowed in an artifact: its facts are the memory it presents "
            "and are always active; lifecycle keys belong to the expected facts",
        ),
        (["not", "a", "mapping"], "artifact: expected a mapping, got ['not', 'a', 'mapping'] (list)"),
    ],
)
def test_artifact_from_dict_names_the_bad_field(data: object, message: str) -> None:
    assert refused(Artifact.from_dict, data) == message


def test_artifact_missing_key() -> None:
    data = artifact_data()
    del data["memory_version"]
    assert refused(Artifact.from_dict, data) == "artifact.memory_version: required key is missing"


def test_artifact_round_trips() -> None:
    data = artifact_data(
        {"fact_id": "f1", "predicate": "p", "value": [1, 2], "qualifiers": {"b": 1, "a": 2}},
        summary="User is allergic to peanuts.",
        depth=3,
        input_event_ids=["e1", "e2"],
    )
    artifact = Artifact.from_dict(data)
    again = Artifact.from_dict(json.loads(json.dumps(artifact.to_dict())))
    assert again.facts == artifact.facts
    assert (again.summary, again.depth, again.input_event_ids) == (
        "User is allergic to peanuts.",
        3,
        ("e1", "e2"),
    )


def test_artifact_accepts_lists_from_python() -> None:
    artifact = Artifact(
        memory_version=1, tenant_id="t", subject_id="s", facts=[make()], input_event_ids=["e1"]
    )  # type: ignore[arg-type]
    assert isinstance(artifact.facts, tuple)
    assert artifact.input_event_ids == ("e1",)


def test_importing_the_core_pulls_in_no_heavy_dependency() -> None:
    code = (
        "import sys, pytest_compaction\n"
        "names = ('yaml', 'hypothesis', 'deepdiff', 'pytest', '_pytest')\n"
        "heavy = sorted(m for m in names if m in sys.modules)\n"
        "print(heavy)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_a_whole_float_is_an_integer_as_json_schema_says() -> None:
    # A 2020-12 validator accepts 1.0 as an integer; the loader agrees and stores the int.
    artifact = Artifact.from_dict(artifact_data(memory_version=1.0))
    assert artifact.memory_version == 1
    assert type(artifact.memory_version) is int
