from __future__ import annotations

import multiprocessing
import os
import sqlite3
import sys
import threading
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_compaction.core.errors import CompactionError, PayloadError
from pytest_compaction.core.model import Artifact, Fact, Status
from pytest_compaction.store.contract import probe_artifact
from pytest_compaction.store.representation import compare_artifacts
from pytest_compaction.store.retrieval import RetrievalQuery
from pytest_compaction.store.sqlite import (
    DEFAULT_STORE,
    MemoryStore,
    SQLiteStore,
    StoreConfigError,
    VersionConflict,
    as_store,
    close_store,
    resolve_store_factory,
)

T, S = "tenant-1", "subject-1"


def fact(fact_id: str, value: Any = True, *, predicate: str = "food.peanuts_allowed", **kw: Any) -> Fact:
    return Fact(
        fact_id=fact_id,
        tenant_id=kw.pop("tenant_id", T),
        subject_id=kw.pop("subject_id", S),
        predicate=predicate,
        value=value,
        **kw,
    )


def artifact(version: int, *facts: Fact, tenant_id: str = T, subject_id: str = S) -> Artifact:
    return Artifact(memory_version=version, tenant_id=tenant_id, subject_id=subject_id, facts=facts)


@pytest.fixture(params=["memory", "file"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SQLiteStore]:
    made = SQLiteStore() if request.param == "memory" else SQLiteStore(tmp_path / "memory.db")
    yield made
    made.close()


# -- the protocol ---------------------------------------------------------------------


def test_sqlite_store_implements_the_protocol(store: SQLiteStore) -> None:
    assert isinstance(store, MemoryStore)
    assert as_store(store) is store


def test_typed_values_round_trip_exactly(store: SQLiteStore) -> None:
    probe = probe_artifact(T, S, 1)
    assert store.write(probe, expected_version=0) == 1
    back = store.read(T, S)
    assert compare_artifacts(probe, back).ok
    assert back is not None
    values = {f.fact_id: f.value for f in back.facts}
    assert type(values["probe-bool-false"]) is bool
    assert type(values["probe-int"]) is int
    assert type(values["probe-float-integral"]) is float
    assert values["probe-big-int"] == 2**53 + 1
    assert list(back.facts) == list(probe.facts)  # typed Fact equality, field by field


def test_qualifier_order_does_not_matter(store: SQLiteStore) -> None:
    written = artifact(1, fact("f", qualifiers={"severity": "critical", "basis": "allergy"}))
    store.write(written, expected_version=0)
    back = store.read(T, S)
    assert back is not None
    assert back.facts[0].qualifiers == (("basis", "allergy"), ("severity", "critical"))


def test_versions_count_per_tenant_and_subject(store: SQLiteStore) -> None:
    assert store.read(T, S) is None
    assert store.version(T, S) == 0
    store.write(artifact(1, fact("a")), expected_version=0)
    store.write(artifact(2, fact("a", False)), expected_version=1)
    store.write(artifact(1, fact("b", subject_id="subject-2"), subject_id="subject-2"), expected_version=0)
    store.write(artifact(1, fact("c", tenant_id="tenant-2"), tenant_id="tenant-2"), expected_version=0)
    assert store.versions(T, S) == (1, 2)
    assert store.version(T, "subject-2") == 1
    latest = store.read(T, S)
    assert latest is not None
    assert (latest.memory_version, latest.facts[0].value) == (2, False)
    first = store.read_version(T, S, 1)
    assert first is not None
    assert first.facts[0].value is True
    assert store.read_version(T, S, 3) is None


def test_a_stale_write_gets_a_conflict_and_changes_nothing(store: SQLiteStore) -> None:
    store.write(artifact(1, fact("a")), expected_version=0)
    store.write(artifact(2, fact("a", False)), expected_version=1)
    with pytest.raises(VersionConflict) as info:
        store.write(artifact(2, fact("a", "stale")), expected_version=1)
    assert str(info.value) == (
        "stale write to tenant-1/subject-1: it is based on version 1 but the store holds version 2; "
        "read the latest memory, compact again and retry with expected_version=2"
    )
    assert (info.value.tenant_id, info.value.subject_id) == (T, S)
    assert (info.value.expected_version, info.value.current_version) == (1, 2)
    assert isinstance(info.value, CompactionError)
    assert isinstance(info.value, RuntimeError)
    latest = store.read(T, S)
    assert latest is not None
    assert latest.facts[0].value is False
    assert store.versions(T, S) == (1, 2)


def test_a_write_from_the_future_is_a_conflict_too(store: SQLiteStore) -> None:
    with pytest.raises(VersionConflict, match="based on version 4 but the store holds version 0"):
        store.write(artifact(5, fact("a")), expected_version=4)


def test_the_artifact_must_carry_the_version_it_creates(store: SQLiteStore) -> None:
    with pytest.raises(PayloadError) as info:
        store.write(artifact(7, fact("a")), expected_version=0)
    assert str(info.value) == (
        "artifact.memory_version: is 7 but a write based on version 0 creates version 1; "
        "stamp the artifact with memory_version=1"
    )


@pytest.mark.parametrize(
    ("version", "shown"),
    [(True, "True (bool)"), (-1, "-1 (int)"), (None, "None (null)"), ("1", "'1' (str)")],
)
def test_expected_version_must_be_a_count(store: SQLiteStore, version: object, shown: str) -> None:
    with pytest.raises(PayloadError) as info:
        store.write(artifact(1, fact("a")), expected_version=version)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"expected_version: expected the version the write is based on (0 for the first write), got {shown}"
    )


def test_only_artifacts_and_json_values_are_stored(store: SQLiteStore) -> None:
    with pytest.raises(PayloadError, match=r"^artifact: expected an Artifact, got dict$"):
        store.write({"memory_version": 1}, expected_version=0)  # type: ignore[arg-type]
    with pytest.raises(PayloadError, match=r"^artifact: cannot be stored as JSON: Object of type set"):
        store.write(artifact(1, fact("a", {1, 2})), expected_version=0)  # type: ignore[arg-type]
    assert store.read(T, S) is None


def test_memory_that_could_not_be_read_back_is_refused(store: SQLiteStore) -> None:
    superseded = fact("old", superseded_by="new", status=Status.SUPERSEDED)
    with pytest.raises(PayloadError) as info:
        store.write(artifact(1, superseded), expected_version=0)
    assert str(info.value) == (
        "artifact.facts[0].status: not allowed in an artifact: its facts are the memory it presents "
        "and are always active; lifecycle keys belong to the expected facts"
    )
    assert store.read(T, S) is None


# -- deletion ----------------------------------------------------------------------------


def test_deleted_facts_are_gone_from_every_version_read_and_retrieval(store: SQLiteStore) -> None:
    store.write(artifact(1, fact("keep", "tea"), fact("gone", "Lyon")), expected_version=0)
    store.delete_fact(T, S, "gone")
    store.delete_fact(T, S, "gone")  # deleting again is harmless
    latest = store.read(T, S)
    assert latest is not None
    assert [f.fact_id for f in latest.facts] == ["keep"]
    old = store.read_version(T, S, 1)
    assert old is not None
    assert [f.fact_id for f in old.facts] == ["keep"]
    assert [f.fact_id for f in store.retrieve(RetrievalQuery(tenant_id=T, subject_id=S))] == ["keep"]


def test_a_stale_write_cannot_resurrect_a_deleted_fact(store: SQLiteStore) -> None:
    store.write(artifact(1, fact("keep"), fact("gone")), expected_version=0)
    store.delete_fact(T, S, "gone")
    store.write(artifact(2, fact("keep"), fact("gone")), expected_version=1)
    latest = store.read(T, S)
    assert latest is not None
    assert (latest.memory_version, [f.fact_id for f in latest.facts]) == (2, ["keep"])


def _on_disk(folder: Path) -> bytes:
    """Every byte of the store's files: the database, its write-ahead log and shared memory."""
    return b"".join(path.read_bytes() for path in sorted(folder.glob("memory.db*")))


def test_a_deleted_value_is_not_left_on_disk(tmp_path: Path) -> None:
    canary = "Canary Close 4471, Testville"
    store = SQLiteStore(tmp_path / "memory.db")
    store.write(
        artifact(1, fact("keep", "tea"), fact("home", canary, predicate="user.address")), expected_version=0
    )
    store.write(
        artifact(2, fact("keep", "tea"), fact("home", canary, predicate="user.address")), expected_version=1
    )
    assert canary.encode() in _on_disk(tmp_path)
    store.delete_fact(T, S, "home")
    # a stale writer that still holds the fact: reads hide it, and it is not stored either
    store.write(
        artifact(3, fact("keep", "tea"), fact("home", canary, predicate="user.address")), expected_version=2
    )
    store.close()
    assert canary.encode() not in _on_disk(tmp_path)
    reopened = SQLiteStore(tmp_path / "memory.db")
    for version in (1, 2, 3):
        kept = reopened.read_version(T, S, version)
        assert kept is not None
        assert [f.fact_id for f in kept.facts] == ["keep"]
    reopened.close()


def test_deletion_is_scoped_to_its_tenant_and_subject(store: SQLiteStore) -> None:
    store.delete_fact(T, S, "shared-id")  # before it was ever written: still enforced
    store.write(artifact(1, fact("shared-id")), expected_version=0)
    store.write(
        artifact(1, fact("shared-id", subject_id="subject-2"), subject_id="subject-2"), expected_version=0
    )
    mine, theirs = store.read(T, S), store.read(T, "subject-2")
    assert mine is not None
    assert theirs is not None
    assert (mine.facts, [f.fact_id for f in theirs.facts]) == ((), ["shared-id"])


def test_delete_fact_checks_its_arguments(store: SQLiteStore) -> None:
    with pytest.raises(PayloadError, match=r"^fact_id: expected a non-empty string, got '' \(str\)$"):
        store.delete_fact(T, S, "")


# -- retrieval ---------------------------------------------------------------------------


def test_retrieve_honours_scope_predicates_and_limit(store: SQLiteStore) -> None:
    store.write(
        artifact(
            1,
            fact("allergy", False, predicate="food.peanuts_allowed"),
            fact("diet", "vegetarian", predicate="food.diet"),
            fact("city", "Lyon", predicate="home.city"),
            fact("stray", "x", predicate="food.other", subject_id="subject-9"),
        ),
        expected_version=0,
    )
    everything = store.retrieve(RetrievalQuery(tenant_id=T, subject_id=S))
    assert [f.fact_id for f in everything] == ["allergy", "diet", "city"]  # never another subject's
    food = store.retrieve(RetrievalQuery(tenant_id=T, subject_id=S, predicates=("food.",)))
    assert [f.fact_id for f in food] == ["allergy", "diet"]
    one = store.retrieve(RetrievalQuery(tenant_id=T, subject_id=S, predicates=("food.",), limit=1))
    assert [f.fact_id for f in one] == ["allergy"]
    assert store.retrieve(RetrievalQuery(tenant_id="tenant-2", subject_id=S)) == ()


def test_retrieve_wants_a_query(store: SQLiteStore) -> None:
    with pytest.raises(PayloadError, match=r"^query: expected a RetrievalQuery, got tuple$"):
        store.retrieve((T, S))  # type: ignore[arg-type]


# -- concurrency --------------------------------------------------------------------------


def counter_artifact(version: int, writer: int, based_on: int) -> Artifact:
    return artifact(
        version,
        fact("writer", writer, predicate="bench.writer"),
        fact("based-on", based_on, predicate="bench.based_on"),
    )


def hammer(store: SQLiteStore, writer: int, attempts: int) -> tuple[int, int]:
    """Read-compact-write in a loop, like a compressor would; count wins and conflicts."""
    won = conflicts = 0
    for _ in range(attempts):
        seen = store.version(T, S)
        try:
            store.write(counter_artifact(seen + 1, writer, seen), expected_version=seen)
        except VersionConflict:
            conflicts += 1
        else:
            won += 1
    return won, conflicts


def assert_no_lost_update(store: SQLiteStore, won: int) -> None:
    versions = store.versions(T, S)
    assert versions == tuple(range(1, won + 1))
    for version in versions:
        stored = store.read_version(T, S, version)
        assert stored is not None
        assert stored.index["based-on"].value == version - 1


def test_concurrent_threads_never_lose_an_update(store: SQLiteStore) -> None:
    results: list[tuple[int, int]] = []
    lock = threading.Lock()

    def run(writer: int) -> None:
        outcome = hammer(store, writer, 40)
        with lock:
            results.append(outcome)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    won = sum(w for w, _ in results)
    assert won + sum(c for _, c in results) == 8 * 40
    assert_no_lost_update(store, won)


def process_hammer(path: str, writer: int, attempts: int, results: Any) -> None:
    with SQLiteStore(path) as store:
        results.put(hammer(store, writer, attempts))


def test_concurrent_processes_never_lose_an_update(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.db")
    # spawn, not fork: a forked child inherits whatever threads and locks the test run holds.
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    processes = [context.Process(target=process_hammer, args=(path, i, 30, results)) for i in range(4)]
    for process in processes:
        process.start()
    outcomes = [results.get(timeout=60) for _ in processes]
    for process in processes:
        process.join(60)
        assert process.exitcode == 0
    won = sum(w for w, _ in outcomes)
    assert won + sum(c for _, c in outcomes) == 4 * 30
    with SQLiteStore(path) as store:
        assert_no_lost_update(store, won)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork()")
def test_a_store_opened_before_fork_is_safe_in_the_child(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "forked.db")
    store.write(artifact(1, fact("a")), expected_version=0)
    context = multiprocessing.get_context("fork")
    process = context.Process(target=hammer, args=(store, 1, 5))
    process.start()
    process.join(30)
    assert process.exitcode == 0
    assert store.version(T, S) == 6
    store.close()


# -- lifecycle and configuration --------------------------------------------------------


def test_a_closed_store_refuses_work(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "closed.db")
    store.close()
    store.close()
    with pytest.raises(sqlite3.ProgrammingError, match="is closed"):
        store.read(T, S)


def test_a_file_store_keeps_memory_across_instances(tmp_path: Path) -> None:
    with SQLiteStore(tmp_path / "kept.db") as first:
        first.write(artifact(1, fact("a", 50)), expected_version=0)
    with SQLiteStore(str(tmp_path / "kept.db")) as second:
        back = second.read(T, S)
        assert back is not None
        assert back.facts[0].value == 50
        assert repr(second) == f"SQLiteStore({str(tmp_path / 'kept.db')!r})"
    assert repr(SQLiteStore()) == "SQLiteStore(':memory:')"


def test_a_database_from_another_schema_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 7")
    with pytest.raises(StoreConfigError) as info:
        SQLiteStore(path)
    assert str(info.value) == (
        f"SQLiteStore({str(path)!r}): the database has schema version 7, but this version of "
        f"pytest-compaction reads version 1; use a new file or upgrade pytest-compaction"
    )


class NotAStore:
    def read(self, tenant_id: str, subject_id: str) -> None:
        return None


@pytest.fixture
def stores_module(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    module = types.ModuleType("my_stores")
    module.SQLiteStore = SQLiteStore  # type: ignore[attr-defined]
    module.shared = SQLiteStore()  # type: ignore[attr-defined]
    module.not_a_store = NotAStore  # type: ignore[attr-defined]
    module.needs_args = lambda path: SQLiteStore(path)  # type: ignore[attr-defined]
    module.number = 3  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "my_stores", module)
    return module


def test_resolve_the_default_store() -> None:
    for reference in (DEFAULT_STORE, ""):
        factory = resolve_store_factory(reference)
        first, second = factory(), factory()
        assert isinstance(first, SQLiteStore)
        assert first is not second  # a fresh store each time


def test_resolve_a_factory_and_a_shared_instance(stores_module: types.ModuleType) -> None:
    factory = resolve_store_factory("my_stores:SQLiteStore")
    assert isinstance(factory(), SQLiteStore)
    shared = resolve_store_factory("my_stores:shared")
    assert shared() is shared() is stores_module.shared


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        (
            "my_stores",
            "store 'my_stores': a reference must look like 'package.module:factory' "
            "(or 'sqlite' for the embedded SQLite store)",
        ),
        (
            "no_such_module_xyz:make",
            "store 'no_such_module_xyz:make': cannot import module 'no_such_module_xyz' "
            "(No module named 'no_such_module_xyz'); check the name and that it is importable "
            "from the test session (rootdir, pythonpath)",
        ),
        (
            "my_stores:missing",
            "store 'my_stores:missing': module 'my_stores' has no attribute 'missing'; "
            "it has: SQLiteStore, needs_args, not_a_store, number, shared",
        ),
        (
            "my_stores:number",
            "store 'my_stores:number' is int: expected a factory (a class or a function taking "
            "no arguments) that returns a memory store",
        ),
    ],
)
def test_bad_store_references(stores_module: types.ModuleType, reference: str, message: str) -> None:
    with pytest.raises(StoreConfigError) as info:
        resolve_store_factory(reference)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)


def test_a_factory_must_make_a_store(stores_module: types.ModuleType) -> None:
    with pytest.raises(StoreConfigError) as info:
        resolve_store_factory("my_stores:not_a_store")()
    assert str(info.value) == (
        "the store made by 'my_stores:not_a_store' is not a memory store: NotAStore has no write(), "
        "delete_fact(), retrieve(); a store implements write(artifact, *, expected_version), "
        "read(tenant_id, subject_id), delete_fact(tenant_id, subject_id, fact_id) and retrieve(query)"
    )
    with pytest.raises(StoreConfigError, match=r"cannot call the factory without arguments \("):
        resolve_store_factory("my_stores:needs_args")()


def test_close_store_closes_when_it_can() -> None:
    store = SQLiteStore()
    close_store(store)
    close_store(NotAStore())  # nothing to close: nothing happens
    with pytest.raises(sqlite3.ProgrammingError):
        store.read(T, S)
