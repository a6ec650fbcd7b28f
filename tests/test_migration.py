"""Migration rehearsal: a v1 record format (values as JSON text) moves to v2 (typed values)."""

from __future__ import annotations

import copy
import json
from typing import Any

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Fact
from pytest_compaction.store.migration import rehearse_migration

V1_RECORDS: list[dict[str, Any]] = [
    {
        "tenant": "tenant-1",
        "subject": "subject-1",
        "version": 3,
        "facts": [
            {
                "id": "allergy-1",
                "predicate": "food.peanuts_allowed",
                "value_json": "false",
                "qualifiers_json": '{"severity": "critical", "basis": "allergy"}',
            },
            {"id": "budget-1", "predicate": "meal.budget_usd", "value_json": "25", "qualifiers_json": "{}"},
        ],
    },
    {
        "tenant": "tenant-2",
        "subject": "subject-1",
        "version": 1,
        "facts": [{"id": "ratio-1", "predicate": "ratio", "value_json": "0.5", "qualifiers_json": "{}"}],
    },
]


def read_v1(record: dict[str, Any]) -> Artifact:
    return Artifact(
        memory_version=record["version"],
        tenant_id=record["tenant"],
        subject_id=record["subject"],
        facts=tuple(
            Fact(
                fact_id=f["id"],
                tenant_id=record["tenant"],
                subject_id=record["subject"],
                predicate=f["predicate"],
                value=json.loads(f["value_json"]),
                qualifiers=json.loads(f["qualifiers_json"]),
            )
            for f in record["facts"]
        ),
    )


def read_v2(record: dict[str, Any]) -> Artifact:
    assert record["schema"] == 2
    return Artifact.from_dict({k: v for k, v in record.items() if k != "schema"})


def to_v2(record: dict[str, Any], value: Any = json.loads) -> dict[str, Any]:
    if record.get("schema") == 2:
        return record
    return {
        "schema": 2,
        "memory_version": record["version"],
        "tenant_id": record["tenant"],
        "subject_id": record["subject"],
        "facts": [
            {
                "fact_id": f["id"],
                "predicate": f["predicate"],
                "value": value(f["value_json"]),
                "qualifiers": json.loads(f["qualifiers_json"]),
            }
            for f in record["facts"]
        ],
    }


def values_as_text(record: dict[str, Any]) -> dict[str, Any]:
    return to_v2(record, value=lambda text: text)


def drops_qualifiers(record: dict[str, Any]) -> dict[str, Any]:
    migrated = to_v2(record)
    for fact in migrated["facts"]:
        fact["qualifiers"] = {}
    return migrated


def namespaces_ids(record: dict[str, Any]) -> dict[str, Any]:
    """Prefixes fact ids with the tenant, and does it again on every run."""
    migrated = copy.deepcopy(to_v2(record))
    for fact in migrated["facts"]:
        fact["fact_id"] = f"{migrated['tenant_id']}:{fact['fact_id']}"
    return migrated


def read_namespaced(record: dict[str, Any]) -> Artifact:
    plain = copy.deepcopy(record)
    for fact in plain["facts"]:
        fact["fact_id"] = fact["fact_id"].split(":", 1)[1]
    return read_v2(plain)


def test_a_faithful_idempotent_migration_passes() -> None:
    verdict = rehearse_migration(V1_RECORDS, old_reader=read_v1, migrate=to_v2, new_reader=read_v2)
    assert verdict.ok


def test_a_migration_that_changes_types_is_caught() -> None:
    verdict = rehearse_migration(V1_RECORDS, old_reader=read_v1, migrate=values_as_text, new_reader=read_v2)
    assert [v.describe() for v in verdict] == [
        "allergy-1:representation_changed  expected False (bool) got 'false' (str)  (record 0 "
        "(tenant-1/subject-1 v3): artifact.facts['allergy-1'].value: bool became str at migration)",
        "budget-1:representation_changed  expected 25 (int) got '25' (str)  (record 0 "
        "(tenant-1/subject-1 v3): artifact.facts['budget-1'].value: int became str at migration)",
        "ratio-1:representation_changed  expected 0.5 (float) got '0.5' (str)  (record 1 "
        "(tenant-2/subject-1 v1): artifact.facts['ratio-1'].value: float became str at migration)",
    ]


def test_a_migration_that_is_not_idempotent_is_caught() -> None:
    verdict = rehearse_migration(
        V1_RECORDS[:1], old_reader=read_v1, migrate=namespaces_ids, new_reader=read_namespaced
    )
    assert [v.describe() for v in verdict] == [
        "migration_not_idempotent  expected 'tenant-1:allergy-1' got 'tenant-1:tenant-1:allergy-1'  "
        "(record 0 (tenant-1/subject-1 v3): migrating a second time changed "
        "root['facts'][0]['fact_id'] from 'tenant-1:allergy-1' (str) to "
        "'tenant-1:tenant-1:allergy-1' (str))"
    ]


def test_with_a_ledger_only_new_contract_violations_are_reported() -> None:
    ledger = Ledger(tenant_id="tenant-1", subject_id="subject-1")
    ledger.fact(
        "allergy-1", "food.peanuts_allowed", False, qualifiers={"basis": "allergy", "severity": "critical"}
    )
    ledger.fact("budget-1", "meal.budget_usd", 25)
    ledger.fact("diet-1", "food.diet", "vegetarian")  # missing before the migration already
    verdict = rehearse_migration(
        V1_RECORDS[:1], old_reader=read_v1, migrate=drops_qualifiers, new_reader=read_v2, ledger=ledger
    )
    assert verdict.names == ("allergy-1:qualifiers_changed", "allergy-1:representation_changed")
    assert verdict.violations[0].detail == "record 0 (tenant-1/subject-1 v3)"
    assert verdict.violations[1].detail == (
        "record 0 (tenant-1/subject-1 v3): artifact.facts['allergy-1'].qualifiers.basis: the field was "
        "dropped at migration; 1 more field differs"
    )


def test_an_in_place_migration_cannot_touch_the_callers_records() -> None:
    original = copy.deepcopy(V1_RECORDS)

    def in_place(record: dict[str, Any]) -> dict[str, Any]:
        migrated = copy.deepcopy(to_v2(record))
        record.clear()
        record.update(migrated)
        return record

    assert rehearse_migration(V1_RECORDS, old_reader=read_v1, migrate=in_place, new_reader=read_v2).ok
    assert original == V1_RECORDS


def test_a_rerun_that_drops_a_field_names_it() -> None:
    def strips_on_rerun(record: dict[str, Any]) -> dict[str, Any]:
        if record.get("schema") == 2:
            return {**record, "facts": [{**f, "qualifiers": {}} for f in record["facts"]]}
        return to_v2(record)

    verdict = rehearse_migration(
        V1_RECORDS[:1], old_reader=read_v1, migrate=strips_on_rerun, new_reader=read_v2
    )
    assert [v.detail for v in verdict] == [
        "record 0 (tenant-1/subject-1 v3): migrating a second time changed "
        "root['facts'][0]['qualifiers']['severity']: 'critical' (str) was dropped"
    ]
