"""The check payload: building a ledger and an artifact from plain data and from files."""

from __future__ import annotations

import contextlib
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_compaction import Payload, PayloadError, Status, Trust, check, load_payload, payload_from_file
from pytest_compaction.specs import payload as payload_module
from pytest_compaction.specs.payload import read_data_file

EXAMPLE = Path(__file__).parent.parent / "docs" / "examples" / "incident-allergy.json"


def payload_data() -> dict[str, Any]:
    """The issue's payload shape: four expected facts and an artifact that keeps them all."""
    expected = [
        {
            "fact_id": f"fact-{i}",
            "tenant_id": "tenant-a",
            "subject_id": "subject-1",
            "predicate": f"p.{i}",
            "value": i,
            "qualifiers": {"basis": "statement"},
            "source_event_id": f"e{i}",
            "status": "active",
        }
        for i in range(4)
    ]
    facts = [
        {
            "fact_id": f"fact-{i}",
            "tenant_id": "tenant-a",
            "subject_id": "subject-1",
            "predicate": f"p.{i}",
            "value": i,
            "qualifiers": {"basis": "statement"},
            "source_event_ids": [f"e{i}"],
        }
        for i in range(4)
    ]
    return {
        "expected": expected,
        "artifact": {
            "memory_version": 3,
            "tenant_id": "tenant-a",
            "subject_id": "subject-1",
            "facts": facts,
            "summary": "Four facts.",
        },
    }


def refused(data: object) -> str:
    with pytest.raises(PayloadError) as info:
        load_payload(data)
    return str(info.value)


def test_the_issue_payload_loads_and_passes() -> None:
    payload = load_payload(payload_data())
    assert isinstance(payload, Payload)
    assert len(payload.expected) == 4
    assert payload.artifact.memory_version == 3
    assert payload.artifact.summary == "Four facts."
    assert payload.expected.get("fact-2").source_event_ids == ("e2",)
    assert check(payload.expected, payload.artifact).ok


def test_expected_facts_may_list_their_sources() -> None:
    data = payload_data()
    for fact in data["expected"]:
        fact["source_event_ids"] = [fact.pop("source_event_id"), "e9"]
    payload = load_payload(data)
    assert payload.expected.get("fact-0").source_event_ids == ("e0", "e9")
    assert [v.name for v in check(payload.expected, payload.artifact)] == [
        f"fact-{i}:provenance_missing" for i in range(4)
    ]


def test_statuses_and_events_are_read() -> None:
    data = payload_data()
    data["expected"][0].update(status="deleted", status_event_id="e3")
    data["expected"][1].update(status="superseded", superseded_by="fact-2")
    data["events"] = [
        {"event_id": f"e{i}", "tenant_id": "tenant-a", "subject_id": "subject-1", "text": f"event {i}"}
        for i in range(4)
    ]
    payload = load_payload(data)
    assert payload.expected.get("fact-0").status is Status.DELETED
    assert payload.expected.get("fact-1").superseded_by == "fact-2"
    assert [e.event_id for e in payload.expected.events] == ["e0", "e1", "e2", "e3"]
    assert [v.name for v in check(payload.expected, payload.artifact)] == [
        "fact-0:forbidden_deleted_fact",
        "fact-1:forbidden_superseded_fact",
    ]


def mutated(path: str, value: object = ..., *, delete: bool = False) -> dict[str, Any]:
    """The payload with one field, addressed like ``artifact.facts[3].value``, changed or removed."""
    data = payload_data()
    parts: list[str | int] = []
    for token in path.replace("]", "").replace("[", ".").split("."):
        parts.append(int(token) if token.isdigit() else token)
    target: Any = data
    for part in parts[:-1]:
        target = target[part]
    if delete:
        del target[parts[-1]]
    else:
        target[parts[-1]] = value
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            mutated("artifact.facts[3].value", delete=True),
            "artifact.facts[3].value: required key is missing (use null for no value)",
        ),
        (
            mutated("artifact.facts[1].fact_id", delete=True),
            "artifact.facts[1].fact_id: required key is missing",
        ),
        (mutated("artifact.memory_version", delete=True), "artifact.memory_version: required key is missing"),
        (mutated("expected[2].predicate", delete=True), "expected[2].predicate: required key is missing"),
        (mutated("expected[0].tenant_id", delete=True), "expected[0].tenant_id: required key is missing"),
        (mutated("artifact", delete=True), "artifact: required key is missing"),
        (mutated("expected", delete=True), "expected: required key is missing"),
        (
            mutated("artifact.memory_version", "12"),
            "artifact.memory_version: expected an integer, got '12' (str)",
        ),
        (
            mutated("artifact.facts[2].source_event_ids", "e2"),
            "artifact.facts[2].source_event_ids: expected a list, got 'e2' (str)",
        ),
        (
            mutated("artifact.facts[0].qualifiers", ["basis", "statement"]),
            "artifact.facts[0].qualifiers: expected a mapping, got ['basis', 'statement'] (list)",
        ),
        (
            mutated("expected[1].status", "archived"),
            "expected[1].status: expected one of active, superseded, deleted, retired; got 'archived' (str)",
        ),
        (
            mutated("expected[1].status", None),
            "expected[1].status: expected one of active, superseded, deleted, retired; got None (null)",
        ),
        (mutated("expected", {"fact-0": {}}), "expected: expected a list, got {'fact-0': {}} (dict)"),
        (mutated("artifact", []), "artifact: expected a mapping, got [] (list)"),
        (mutated("artefact", {}), "artefact: unknown key; did you mean 'artifact'?"),
        (mutated("expected[0].valeu", 1), "expected[0].valeu: unknown key; did you mean 'value'?"),
        (
            mutated("expected[3].superseded_by", "fact-9"),
            "expected[3].superseded_by: unknown fact id 'fact-9'; did you mean 'fact-3'?",
        ),
        (
            mutated("expected[2].fact_id", "fact-1"),
            "expected[2]: fact id 'fact-1' is recorded twice; a newer value is a new fact that supersedes "
            "the old one",
        ),
        ([1, 2], "a payload is a mapping with the keys 'expected' and 'artifact', got [1, 2] (list)"),
        (None, "a payload is a mapping with the keys 'expected' and 'artifact', got None (null)"),
    ],
)
def test_a_bad_field_is_named_by_its_path(data: object, message: str) -> None:
    assert refused(data) == message


def test_sources_are_checked_against_events_when_events_are_given() -> None:
    data = payload_data()
    data["events"] = [
        {"event_id": f"event-{i}", "tenant_id": "tenant-a", "subject_id": "subject-1", "text": "x"}
        for i in range(4)
    ]
    for i, fact in enumerate(data["expected"]):
        fact["source_event_id"] = f"event-{i}"
    data["expected"][3]["source_event_id"] = "evnt-3"
    assert refused(data) == "expected[3]: unknown event id 'evnt-3'; did you mean 'event-3'?"


def test_a_repeated_event_id_names_the_event() -> None:
    data = payload_data()
    event = {"event_id": "e0", "tenant_id": "tenant-a", "subject_id": "subject-1", "text": "x"}
    data["events"] = [event, dict(event)]
    assert refused(data) == "events[1].event_id: event id 'e0' is recorded twice; event ids must be unique"


def untrusted_events() -> list[dict[str, Any]]:
    return [
        {
            "event_id": f"e{i}",
            "tenant_id": "tenant-a",
            "subject_id": "subject-1",
            "text": "x",
            "trust": "untrusted",
        }
        for i in range(4)
    ]


def test_authority_defaults_to_the_trust_of_the_sources() -> None:
    data = payload_data()
    data["events"] = untrusted_events()
    payload = load_payload(data)
    assert {f.authority for f in payload.expected} == {Trust.UNTRUSTED}
    # The artifact's facts state no authority, so they claim user trust: an elevation.
    assert check(payload.expected, payload.artifact).names == tuple(
        f"fact-{i}:trust_elevated" for i in range(4)
    )


def test_authority_above_the_sources_names_the_fact() -> None:
    data = payload_data()
    data["events"] = untrusted_events()
    data["expected"][1]["authority"] = "system"
    assert refused(data) == (
        "expected[1]: fact 'fact-1' has authority 'system' but its sources are at most 'untrusted'; "
        "record it with authority='untrusted'"
    )


# -- files -----------------------------------------------------------------------------


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def file_error(path: Path) -> str:
    with pytest.raises(PayloadError) as info:
        payload_from_file(path)
    return str(info.value)


def test_a_json_file_loads(tmp_path: Path) -> None:
    path = write(tmp_path, "p.json", json.dumps(payload_data()))
    assert read_data_file(path) == payload_data()
    assert check(*_parts(payload_from_file(path))).ok


def _parts(payload: Payload) -> tuple[Any, Any]:
    return payload.expected, payload.artifact


def test_the_bundled_example_fails_on_qualifiers(tmp_path: Path) -> None:
    payload = payload_from_file(EXAMPLE)
    verdict = check(payload.expected, payload.artifact)
    assert verdict.names == ("fact-allergy-1:qualifiers_changed",)


def test_a_yaml_file_loads_the_same_payload(tmp_path: Path) -> None:
    yaml = pytest.importorskip("yaml")
    path = write(tmp_path, "p.yaml", yaml.safe_dump(payload_data()))
    assert read_data_file(path) == payload_data()
    yml = write(tmp_path, "p.YML", yaml.safe_dump(payload_data()))
    assert check(*_parts(payload_from_file(yml))).ok


def test_a_yaml_error_names_file_line_and_path(tmp_path: Path) -> None:
    text = (
        "expected: []\n"
        "artifact:\n"
        "  memory_version: 1\n"
        "  tenant_id: tenant-a\n"
        "  subject_id: subject-1\n"
        "  facts:\n"
        "    - fact_id: fact-1\n"
        "      predicate: p\n"
        "      value: 1\n"
        "    - fact_id: fact-2\n"
        "      predicate: p\n"
    )
    path = write(tmp_path, "p.yaml", text)
    assert file_error(path) == (
        f"{path}:10: artifact.facts[1].value: required key is missing (use null for no value)"
    )


def test_a_yaml_type_error_points_at_the_value_line(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "p.yaml",
        "expected: []\nartifact:\n  memory_version: 'one'\n  tenant_id: t\n  subject_id: s\n",
    )
    assert file_error(path) == f"{path}:3: artifact.memory_version: expected an integer, got 'one' (str)"


def test_a_json_field_error_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "p.json", json.dumps(mutated("artifact.facts[3].value", delete=True)))
    assert (
        file_error(path)
        == f"{path}: artifact.facts[3].value: required key is missing (use null for no value)"
    )


def test_a_missing_file(tmp_path: Path) -> None:
    assert file_error(tmp_path / "nope.json") == f"{tmp_path / 'nope.json'}: no such file"


def test_a_directory(tmp_path: Path) -> None:
    assert file_error(tmp_path) == f"{tmp_path}: is a directory, expected a JSON or YAML file"


def test_invalid_json_names_the_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "p.json", '{\n  "expected": [],\n  "artifact": {,}\n}\n')
    assert (
        file_error(path)
        == f"{path}:3: invalid JSON: Expecting property name enclosed in double quotes (column 16)"
    )


def test_a_json_key_given_twice_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "p.json", '{"expected": [], "expected": [], "artifact": {}}')
    assert file_error(path) == f"{path}: invalid JSON: key 'expected' is given twice in one object"


def test_json_nested_too_deep_is_refused(tmp_path: Path) -> None:
    for depth in (100, 100_000):
        path = write(tmp_path, f"deep{depth}.json", "[" * depth + "]" * depth)
        assert file_error(path).startswith(f"{path}: ")
        assert "values nest deeper than 64 levels" in file_error(path)


def test_an_integer_too_long_to_convert_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "p.json", '{"expected": ' + "9" * 5000 + "}")
    assert file_error(path).startswith(f"{path}: invalid JSON: Exceeds the limit")


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(payload_module, "MAX_FILE_BYTES", 10)
    path = write(tmp_path, "p.json", json.dumps(payload_data()))
    size = path.stat().st_size
    assert file_error(path) == f"{path}: is {size} bytes; the limit is 10 bytes"


# -- robustness: bad input is a PayloadError, never another exception -------------------

json_leaf = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=False), st.text(max_size=4)
)
json_any = st.recursive(
    json_leaf,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["fact_id", "value", "facts", "expected", "artifact", "status", "x"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=10,
)


def paths_of(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths_of(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths_of(value, (*prefix, index))
    return found


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), replacement=json_any)
def test_any_single_field_replaced_gives_a_payload_or_a_payload_error(
    data: st.DataObject, replacement: Any
) -> None:
    payload = payload_data()
    path = data.draw(st.sampled_from(paths_of(payload)))
    target: Any = payload
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = copy.deepcopy(replacement)
    try:
        loaded = load_payload(payload)
    except PayloadError:
        return
    check(loaded.expected, loaded.artifact)


@settings(max_examples=200, deadline=None)
@given(document=json_any)
def test_any_json_document_gives_a_payload_or_a_payload_error(document: Any) -> None:
    with contextlib.suppress(PayloadError):
        load_payload(document)
