"""The storage contract against the reference store and against stores with one defect each."""

from __future__ import annotations

import copy
import functools
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_compaction.core.model import Artifact, Fact
from pytest_compaction.core.violations import Verdict
from pytest_compaction.store.contract import (
    STORE_CHECKS,
    check_deletion,
    check_isolation,
    check_lost_update,
    check_lost_update_across_processes,
    check_round_trip,
    check_store_contract,
    probe_artifact,
)
from pytest_compaction.store.retrieval import RetrievalQuery
from pytest_compaction.store.sqlite import SQLiteStore, VersionConflict

# -- a small correct store, and one defect per subclass -----------------------------------


class DictStore:
    """A correct store in plain dicts: the base every defective store below bends."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.history: dict[tuple[str, str], list[Any]] = {}
        self.deleted: set[tuple[str, str, str]] = set()

    def key(self, tenant_id: str, subject_id: str) -> tuple[str, str]:
        return (tenant_id, subject_id)

    def encode(self, artifact: Artifact) -> Any:
        return json.loads(json.dumps(artifact.to_dict()))

    def decode(self, stored: Any) -> Artifact:
        return Artifact.from_dict(copy.deepcopy(stored))

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        with self.lock:
            history = self.history.setdefault(self.key(artifact.tenant_id, artifact.subject_id), [])
            if len(history) != expected_version:
                raise VersionConflict(
                    artifact.tenant_id,
                    artifact.subject_id,
                    expected_version=expected_version,
                    current_version=len(history),
                )
            history.append(self.encode(artifact))
            return len(history)

    def raw_read(self, tenant_id: str, subject_id: str) -> Artifact | None:
        history = self.history.get(self.key(tenant_id, subject_id))
        return self.decode(history[-1]) if history else None

    def read(self, tenant_id: str, subject_id: str) -> Artifact | None:
        artifact = self.raw_read(tenant_id, subject_id)
        if artifact is None:
            return None
        facts = tuple(f for f in artifact.facts if not self.is_deleted(tenant_id, subject_id, f.fact_id))
        return Artifact(
            memory_version=artifact.memory_version,
            tenant_id=artifact.tenant_id,
            subject_id=artifact.subject_id,
            facts=facts,
            summary=artifact.summary,
            depth=artifact.depth,
            input_event_ids=artifact.input_event_ids,
        )

    def is_deleted(self, tenant_id: str, subject_id: str, fact_id: str) -> bool:
        return (tenant_id, subject_id, fact_id) in self.deleted

    def delete_fact(self, tenant_id: str, subject_id: str, fact_id: str) -> None:
        self.deleted.add((tenant_id, subject_id, fact_id))

    def retrieve(self, query: RetrievalQuery) -> tuple[Fact, ...]:
        artifact = self.read(query.tenant_id, query.subject_id)
        return () if artifact is None else tuple(f for f in artifact.facts if query.matches(f))


def _map_values(data: Any, change: Callable[[Any], Any]) -> Any:
    if isinstance(data, dict):
        return {k: _map_values(v, change) for k, v in data.items()}
    if isinstance(data, list):
        return [_map_values(v, change) for v in data]
    return change(data)


class StringifiesBools(DictStore):
    """A naive ORM column: booleans come back as 'true' / 'false'."""

    def encode(self, artifact: Artifact) -> Any:
        data = super().encode(artifact)
        for fact in data["facts"]:
            for key in ("value", "qualifiers"):
                if key in fact:
                    fact[key] = _map_values(fact[key], lambda v: str(v).lower() if type(v) is bool else v)
        return data


class NumbersAsDoubles(DictStore):
    """A JavaScript hop: every number becomes a double."""

    def encode(self, artifact: Artifact) -> Any:
        data = super().encode(artifact)
        for fact in data["facts"]:
            fact["value"] = _map_values(fact["value"], lambda v: float(v) if type(v) is int else v)
        return data


class DropsQualifiers(DictStore):
    """A schema without a qualifiers column."""

    def encode(self, artifact: Artifact) -> Any:
        data = super().encode(artifact)
        for fact in data["facts"]:
            fact.pop("qualifiers", None)
        return data


class LastWriterWins(DictStore):
    """No compare-and-set: every write becomes the newest version."""

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        with self.lock:
            history = self.history.setdefault(self.key(artifact.tenant_id, artifact.subject_id), [])
            history.append(self.encode(artifact))
            return len(history)

    def decode(self, stored: Any) -> Artifact:
        return super().decode({**stored, "memory_version": stored["memory_version"]})


class CheckThenAct(DictStore):
    """Checks the version, then writes, without holding a lock across both."""

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        history = self.history.setdefault(self.key(artifact.tenant_id, artifact.subject_id), [])
        if len(history) != expected_version:
            raise VersionConflict(
                artifact.tenant_id,
                artifact.subject_id,
                expected_version=expected_version,
                current_version=len(history),
            )
        time.sleep(0.02)  # the window a real network round-trip opens
        history.append(self.encode(artifact))
        return len(history)


class LockedInsteadOfConflict(DictStore):
    """Reports a stale write as a generic error a caller cannot tell from an outage."""

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        try:
            return super().write(artifact, expected_version=expected_version)
        except VersionConflict:
            raise RuntimeError("database is locked") from None


class SubjectBlind(DictStore):
    """Keys memory by tenant only: every subject of a tenant shares one history."""

    def key(self, tenant_id: str, subject_id: str) -> tuple[str, str]:
        return (tenant_id, "*")

    def retrieve(self, query: RetrievalQuery) -> tuple[Fact, ...]:
        artifact = self.read(query.tenant_id, query.subject_id)
        return () if artifact is None else artifact.facts


class RetrievalIgnoresSubject(DictStore):
    """Reads are right, but retrieval searches the whole tenant."""

    def retrieve(self, query: RetrievalQuery) -> tuple[Fact, ...]:
        out: list[Fact] = []
        for tenant_id, subject_id in list(self.history):
            if tenant_id == query.tenant_id:
                artifact = self.read(tenant_id, subject_id)
                out += artifact.facts if artifact is not None else ()
        return tuple(out)


class IgnoresDeletion(DictStore):
    def delete_fact(self, tenant_id: str, subject_id: str, fact_id: str) -> None:
        pass


class DeletesOnlyAtRead(DictStore):
    """Filters deleted facts in read() but retrieval reads the raw history."""

    def retrieve(self, query: RetrievalQuery) -> tuple[Fact, ...]:
        artifact = self.raw_read(query.tenant_id, query.subject_id)
        return () if artifact is None else tuple(f for f in artifact.facts if query.matches(f))


class PrunesLatestVersion(DictStore):
    """Deletes by rewriting the latest version; a stale writer puts the fact back."""

    def delete_fact(self, tenant_id: str, subject_id: str, fact_id: str) -> None:
        history = self.history[self.key(tenant_id, subject_id)]
        history[-1]["facts"] = [f for f in history[-1]["facts"] if f["fact_id"] != fact_id]


class DeletesEverywhere(DictStore):
    """Deletes a fact id in every tenant and subject."""

    def is_deleted(self, tenant_id: str, subject_id: str, fact_id: str) -> bool:
        return any(deleted[2] == fact_id for deleted in self.deleted)


class RefusesDeletedFacts(DictStore):
    """Refuses to store a deleted fact (also acceptable enforcement)."""

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        for fact in artifact.facts:
            if self.is_deleted(artifact.tenant_id, artifact.subject_id, fact.fact_id):
                raise ValueError(f"{fact.fact_id} is deleted")
        return super().write(artifact, expected_version=expected_version)


def names(verdict: Verdict) -> list[str]:
    return [v.name for v in verdict]


def described(verdict: Verdict) -> list[str]:
    return [v.describe() for v in verdict]


@pytest.fixture(params=["sqlite-memory", "sqlite-file", "dict"])
def good_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    if request.param == "dict":
        yield DictStore()
        return
    store = SQLiteStore() if request.param == "sqlite-memory" else SQLiteStore(tmp_path / "m.db")
    yield store
    store.close()


# -- the reference stores pass --------------------------------------------------------------


def test_correct_stores_pass_every_check(good_store: Any) -> None:
    verdict = check_store_contract(good_store)
    assert described(verdict) == []
    assert verdict.ok


def test_checks_run_again_on_a_store_that_already_holds_their_data(good_store: Any) -> None:
    for _ in range(2):
        for check in STORE_CHECKS.values():
            assert check(good_store).ok
    assert set(STORE_CHECKS) == {"typed_round_trip", "lost_update", "isolation", "deletion"}


def test_namespaces_keep_checks_apart() -> None:
    store = SQLiteStore()
    assert check_round_trip(store, namespace="run-1").ok
    assert check_round_trip(store, namespace="run-2").ok
    assert store.version("run-1-tenant-a", "run-1-subject-round-trip") == 1
    assert store.version("run-2-tenant-a", "run-2-subject-round-trip") == 1


# -- typed round-trip -------------------------------------------------------------------------


def test_a_store_that_stringifies_bools_is_caught() -> None:
    verdict = check_round_trip(StringifiesBools())
    assert names(verdict) == [
        "probe-bool-false:representation_changed",
        "probe-bool-true:representation_changed",
        "probe-int:representation_changed",
        "probe-nested:representation_changed",
    ]
    assert described(verdict)[0] == (
        "probe-bool-false:representation_changed  expected False (bool) got 'false' (str)  "
        "(artifact.facts['probe-bool-false'].value: bool became str at read-back)"
    )
    assert described(verdict)[2] == (
        "probe-int:representation_changed  expected False (bool) got 'false' (str)  "
        "(artifact.facts['probe-int'].qualifiers.dry_run: bool became str at read-back)"
    )
    assert described(verdict)[3] == (
        "probe-nested:representation_changed  expected True (bool) got 'true' (str)  "
        "(artifact.facts['probe-nested'].value.items[2]: bool became str at read-back; "
        "1 more field differs)"
    )


def test_a_store_that_turns_ints_into_doubles_is_caught() -> None:
    verdict = check_round_trip(NumbersAsDoubles())
    assert names(verdict) == [
        "probe-big-int:representation_changed",
        "probe-int:representation_changed",
        "probe-nested:representation_changed",
        "probe-zero:representation_changed",
    ]
    assert described(verdict)[2] == (
        "probe-nested:representation_changed  expected 1 (int) got 1.0 (float)  "
        "(artifact.facts['probe-nested'].value.items[0]: int became float at read-back)"
    )
    assert described(verdict)[0] == (
        "probe-big-int:representation_changed  expected 9007199254740993 (int) got "
        "9007199254740992.0 (float)  (artifact.facts['probe-big-int'].value: int became float at read-back)"
    )


def test_a_store_that_drops_qualifiers_is_caught() -> None:
    verdict = check_round_trip(DropsQualifiers())
    assert described(verdict) == [
        "probe-bool-false:representation_changed  expected 'allergy' got None  "
        "(artifact.facts['probe-bool-false'].qualifiers.basis: the field was dropped at read-back; "
        "1 more field differs)",
        "probe-int:representation_changed  expected False got None  "
        "(artifact.facts['probe-int'].qualifiers.dry_run: the field was dropped at read-back; "
        "1 more field differs)",
    ]


def test_round_trip_of_a_given_artifact_restamps_its_version() -> None:
    store = SQLiteStore()
    mine = probe_artifact("t", "s", 99)
    assert check_round_trip(store, mine).ok
    assert check_round_trip(store, mine).ok
    assert store.versions("t", "s") == (1, 2)
    assert check_round_trip(StringifiesBools(), mine).names[0] == "probe-bool-false:representation_changed"


# -- lost update ------------------------------------------------------------------------------


def test_a_store_without_compare_and_set_loses_updates() -> None:
    verdict = check_lost_update(LastWriterWins(), writers=4)
    assert described(verdict) == [
        "lost_update  expected 1 got 4  (4 threads wrote on top of version 0 of "
        "contract-tenant-a/contract-subject-race and 4 were accepted (writers 0, 1, 2, 3); "
        "exactly one may win, the others must get VersionConflict)"
    ]


def test_check_then_act_without_a_lock_loses_updates() -> None:
    verdict = check_lost_update(CheckThenAct(), writers=6)
    assert names(verdict) == ["lost_update"]
    assert verdict.violations[0].expected == 1
    assert verdict.violations[0].observed == 6


def test_a_conflict_must_be_reported_as_version_conflict() -> None:
    verdict = check_lost_update(LockedInsteadOfConflict(), writers=3)
    assert len(verdict) == 2
    assert {v.detail.split(" ", 2)[2] for v in verdict} == {
        "raised RuntimeError: database is locked; a writer on a stale version must get VersionConflict"
    }


class MutexInsteadOfVersion(DictStore):
    """Mistakes mutual exclusion for versioning: overlapping writes conflict, stale ones do not."""

    def __init__(self) -> None:
        super().__init__()
        self.busy = threading.Lock()

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        history = self.history.setdefault(self.key(artifact.tenant_id, artifact.subject_id), [])
        if not self.busy.acquire(blocking=False):
            raise VersionConflict(
                artifact.tenant_id,
                artifact.subject_id,
                expected_version=expected_version,
                current_version=len(history),
            )
        try:
            time.sleep(0.2)  # long enough that every racing writer overlaps
            history.append(self.encode({**artifact.to_dict(), "memory_version": len(history) + 1}))
            return len(history)
        finally:
            self.busy.release()

    def encode(self, artifact: Any) -> Any:
        return json.loads(json.dumps(artifact))


def test_a_stale_write_after_the_race_must_conflict_too() -> None:
    verdict = check_lost_update(MutexInsteadOfVersion(), writers=3)
    assert described(verdict) == [
        "lost_update  a write based on version 0 of contract-tenant-a/contract-subject-race was "
        "accepted after version 1 existed; it must get VersionConflict"
    ]


def test_writers_must_race() -> None:
    with pytest.raises(
        ValueError, match=r"^writers must be an integer of at least 2 \(a race needs two\), got 1$"
    ):
        check_lost_update(SQLiteStore(), writers=1)


class NoCompareAndSetSQLite(SQLiteStore):
    """The SQLite store with its version check removed (module level: processes import it)."""

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        with self._transaction(write=True) as conn:
            conn.execute(
                "INSERT OR REPLACE INTO memory (tenant_id, subject_id, version, artifact) "
                "VALUES (?, ?, ?, ?)",
                (
                    artifact.tenant_id,
                    artifact.subject_id,
                    artifact.memory_version,
                    json.dumps(artifact.to_dict()),
                ),
            )
        return artifact.memory_version


def test_the_sqlite_store_keeps_its_promise_across_processes(tmp_path: Path) -> None:
    factory = functools.partial(SQLiteStore, tmp_path / "shared.db")
    assert described(check_lost_update_across_processes(factory, writers=4)) == []
    assert check_store_contract(factory(), factory=factory).ok


def test_a_store_without_compare_and_set_loses_updates_across_processes(tmp_path: Path) -> None:
    factory = functools.partial(NoCompareAndSetSQLite, tmp_path / "shared.db")
    verdict = check_lost_update_across_processes(factory, writers=3)
    assert described(verdict) == [
        "lost_update  expected 1 got 3  (3 processes wrote on top of version 0 of "
        "contract-tenant-a/contract-subject-race-processes and 3 were accepted (writers 0, 1, 2); "
        "exactly one may win, the others must get VersionConflict)"
    ]


def _opens_only_in_the_parent(path: Path, parent: int) -> SQLiteStore:
    if os.getpid() != parent:
        raise OSError("no route to the database")
    return SQLiteStore(path)


def test_a_writer_that_cannot_open_the_store_is_reported(tmp_path: Path) -> None:
    factory = functools.partial(_opens_only_in_the_parent, tmp_path / "shared.db", os.getpid())
    verdict = check_lost_update_across_processes(factory, writers=2, timeout=20)
    assert described(verdict) == [
        "lost_update  writer 0 could not open a store: the factory raised OSError: no route to the "
        "database; a writer on a stale version must get VersionConflict",
        "lost_update  writer 1 could not open a store: the factory raised OSError: no route to the "
        "database; a writer on a stale version must get VersionConflict",
    ]


# -- isolation --------------------------------------------------------------------------------


def test_a_store_that_ignores_the_subject_is_caught() -> None:
    verdict = check_isolation(SubjectBlind())
    assert described(verdict) == [
        "isolation_breach  expected 0 got 1  (a write to contract-tenant-a/contract-subject-2 based "
        "on its version 0 conflicted with version 1; versions must be counted per tenant and subject)",
        "isolation_breach  expected 'contract-tenant-a/contract-subject-2' got "
        "'contract-tenant-a/contract-subject-1'  (read('contract-tenant-a', 'contract-subject-2') "
        "returned the artifact of contract-tenant-a/contract-subject-1)",
        "isolation-a-1:isolation_breach  expected 'contract-tenant-a/contract-subject-2' got "
        "'contract-tenant-a/contract-subject-1'  (read('contract-tenant-a', 'contract-subject-2') "
        "returned a fact of contract-tenant-a/contract-subject-1)",
        "isolation-a-1:isolation_breach  expected 'contract-tenant-a/contract-subject-2' got "
        "'contract-tenant-a/contract-subject-1'  (retrieve(contract-tenant-a/contract-subject-2) "
        "returned a fact of contract-tenant-a/contract-subject-1)",
    ]


def test_retrieval_that_ignores_the_subject_filter_is_caught() -> None:
    verdict = check_isolation(RetrievalIgnoresSubject())
    assert described(verdict) == [
        "isolation-a-1:isolation_breach  expected 'contract-tenant-a/contract-subject-2' got "
        "'contract-tenant-a/contract-subject-1'  (retrieve(contract-tenant-a/contract-subject-2) "
        "returned a fact of contract-tenant-a/contract-subject-1)",
        "isolation-a-2:isolation_breach  expected 'contract-tenant-a/contract-subject-1' got "
        "'contract-tenant-a/contract-subject-2'  (retrieve(contract-tenant-a/contract-subject-1) "
        "returned a fact of contract-tenant-a/contract-subject-2)",
    ]


# -- deletion ---------------------------------------------------------------------------------


def test_a_store_that_ignores_deletion_is_caught() -> None:
    verdict = check_deletion(IgnoresDeletion())
    assert described(verdict) == [
        "deletion-gone:forbidden_deleted_fact  read('contract-tenant-a', 'contract-subject-deletion') "
        "still returns it after a stale write brought it back",
        "deletion-gone:forbidden_deleted_fact  read('contract-tenant-a', 'contract-subject-deletion') "
        "still returns it after delete_fact",
        "deletion-gone:forbidden_deleted_fact  retrieve(contract-tenant-a/contract-subject-deletion) "
        "still returns it after a stale write brought it back",
        "deletion-gone:forbidden_deleted_fact  retrieve(contract-tenant-a/contract-subject-deletion) "
        "still returns it after delete_fact",
    ]


def test_deletion_enforced_only_at_read_is_caught_at_retrieval() -> None:
    verdict = check_deletion(DeletesOnlyAtRead())
    assert [v.detail for v in verdict] == [
        "retrieve(contract-tenant-a/contract-subject-deletion) still returns it after a stale write "
        "brought it back",
        "retrieve(contract-tenant-a/contract-subject-deletion) still returns it after delete_fact",
    ]


def test_deletion_that_a_stale_write_undoes_is_caught() -> None:
    verdict = check_deletion(PrunesLatestVersion())
    assert [v.detail for v in verdict] == [
        "read('contract-tenant-a', 'contract-subject-deletion') still returns it after a stale write "
        "brought it back",
        "retrieve(contract-tenant-a/contract-subject-deletion) still returns it after a stale write "
        "brought it back",
    ]


def test_deletion_across_scopes_is_an_isolation_breach() -> None:
    verdict = check_deletion(DeletesEverywhere())
    assert described(verdict) == [
        "deletion-gone:isolation_breach  expected 'contract-tenant-b/contract-subject-deletion' got "
        "'contract-tenant-a/contract-subject-deletion'  (delete_fact in "
        "contract-tenant-a/contract-subject-deletion also removed the fact from "
        "contract-tenant-b/contract-subject-deletion)"
    ]


def test_refusing_to_store_a_deleted_fact_is_enforcement_too() -> None:
    assert check_deletion(RefusesDeletedFacts()).ok
