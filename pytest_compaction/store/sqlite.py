"""Stage 2: the memory store protocol and the embedded SQLite reference store.

A memory store keeps compression artifacts per tenant and subject, one numbered
version after another. Four promises make up the protocol, and
:mod:`pytest_compaction.store.contract` checks each of them against any store:

* **Conditional writes.** ``write(artifact, expected_version=v)`` stores version
  ``v + 1`` only if ``v`` is still the latest; a writer that compacted an older view
  gets :class:`VersionConflict` and never overwrites newer memory.
* **Typed round-trip.** ``read`` returns what was written: ``False`` stays a bool,
  ``50`` an int, ``50.0`` a float; qualifiers keep their order-independent form.
* **Isolation.** Versions, reads and retrieval are per tenant *and* subject.
* **Deletion in the store.** After ``delete_fact``, neither ``read`` nor
  ``retrieve`` returns the fact again, whatever a later (stale) write contains.

:class:`SQLiteStore` is the reference implementation, on the standard library's
``sqlite3``: a file database is safe for writers in many threads and processes
(``BEGIN IMMEDIATE`` transactions, WAL journal); ``SQLiteStore()`` is in memory.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence, Set
from typing import Protocol, runtime_checkable

from pytest_compaction.config.references import import_reference
from pytest_compaction.core._fields import type_name
from pytest_compaction.core.errors import CompactionError, PayloadError
from pytest_compaction.core.model import Artifact, Fact
from pytest_compaction.store.errors import (
    StoreConfigError,
    StoreDatabaseError,
    check_database_file,
    database_error,
)
from pytest_compaction.store.retrieval import RetrievalQuery

__all__ = [
    "DEFAULT_STORE",
    "MemoryStore",
    "SQLiteStore",
    "StoreConfigError",
    "StoreDatabaseError",
    "StoreFactory",
    "VersionConflict",
    "as_store",
    "close_store",
    "opened",
    "resolve_store_factory",
]

DEFAULT_STORE = "sqlite"
"""The ``--compaction-store`` value for the embedded store (a fresh in-memory SQLiteStore)."""


class VersionConflict(CompactionError, RuntimeError):
    """A conditional write based on a version that is no longer the latest.

    Raised instead of overwriting newer memory. The writer should read the latest
    artifact, compact again from it, and retry with ``expected_version=current_version``.
    """

    def __init__(
        self, tenant_id: str, subject_id: str, *, expected_version: int, current_version: int
    ) -> None:
        self.tenant_id = tenant_id
        self.subject_id = subject_id
        self.expected_version = expected_version
        self.current_version = current_version
        super().__init__(
            f"stale write to {tenant_id}/{subject_id}: it is based on version {expected_version} "
            f"but the store holds version {current_version}; read the latest memory, compact "
            f"again and retry with expected_version={current_version}"
        )


@runtime_checkable
class MemoryStore(Protocol):
    """What pytest-compaction needs from a memory store. Implement it to run the contract.

    Versions count from 1 per tenant and subject; ``0`` means "no memory yet".
    """

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        """Store ``artifact`` as version ``expected_version + 1`` and return that version.

        Raise :class:`VersionConflict` when ``expected_version`` is not the latest version
        of ``(artifact.tenant_id, artifact.subject_id)``; never overwrite newer memory.
        """
        ...

    def read(self, tenant_id: str, subject_id: str) -> Artifact | None:
        """The latest artifact of one tenant and subject, deleted facts removed; ``None`` if none."""
        ...

    def delete_fact(self, tenant_id: str, subject_id: str, fact_id: str) -> None:
        """Delete a fact for good: from now on no read or retrieval of this scope returns it."""
        ...

    def retrieve(self, query: RetrievalQuery) -> Sequence[Fact]:
        """The facts a later turn gets for ``query``: its scope only, never a deleted fact."""
        ...


StoreFactory = Callable[[], MemoryStore]
"""A callable that returns a fresh store: what ``--compaction-store=module:factory`` names."""

_SCHEMA_VERSION = 1
_SURROGATE = re.compile("[\ud800-\udfff]")
"""Half of a UTF-16 pair: Python holds it in a str, UTF-8 (and so SQLite) cannot."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS memory (
    tenant_id  TEXT    NOT NULL,
    subject_id TEXT    NOT NULL,
    version    INTEGER NOT NULL CHECK (version >= 1),
    artifact   TEXT    NOT NULL,
    PRIMARY KEY (tenant_id, subject_id, version)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS deleted_fact (
    tenant_id  TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    fact_id    TEXT NOT NULL,
    PRIMARY KEY (tenant_id, subject_id, fact_id)
) WITHOUT ROWID;
"""


class SQLiteStore:
    """The embedded reference store on ``sqlite3``.

    ``SQLiteStore()`` (or ``":memory:"``) lives in this process and serves all its
    threads; ``SQLiteStore(path)`` is a file that writers in other threads and
    processes share safely. Each artifact is kept as JSON, which tells ``true`` from
    ``1`` from ``1.0``; deletions are tombstones applied at every read, so a stale
    writer cannot bring a deleted fact back.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, timeout: float = 30.0) -> None:
        raw = None if path is None else os.fspath(path)
        self.path: str | None = None if raw in (None, "", ":memory:") else raw
        self.timeout = timeout
        self._lock = threading.RLock()
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._inherited: list[sqlite3.Connection] = []
        self._pid = os.getpid()
        self._closed = False
        if self.path is not None:
            check_database_file(self.path)
        with self._translated():
            self._shared = self._open() if self.path is None else None
            self._create_schema()

    def __repr__(self) -> str:
        return f"SQLiteStore({self.path or ':memory:'!r})"

    def __enter__(self) -> SQLiteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the protocol ------------------------------------------------------------

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        if not isinstance(artifact, Artifact):
            raise PayloadError("artifact", f"expected an Artifact, got {type_name(artifact)}")
        _check_version(expected_version)
        created = expected_version + 1
        if artifact.memory_version != created:
            raise PayloadError(
                "artifact.memory_version",
                f"is {artifact.memory_version} but a write based on version {expected_version} "
                f"creates version {created}; stamp the artifact with memory_version={created}",
            )
        try:
            document = json.dumps(artifact.to_dict(), ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError) as exc:
            raise PayloadError("artifact", f"cannot be stored as JSON: {exc}") from None
        if _SURROGATE.search(document):
            raise PayloadError(
                "artifact",
                "cannot be stored: a text holds a lone surrogate (half of a UTF-16 pair), which "
                "UTF-8 cannot encode; the compressor must return valid Unicode",
            )
        # Refuse now what could not be read back later (a fact with a lifecycle status,
        # an empty predicate): a store must never hold memory it cannot return.
        Artifact.from_dict(json.loads(document))
        tenant_id, subject_id = artifact.tenant_id, artifact.subject_id
        with self._transaction(write=True) as conn:
            current = _latest(conn, tenant_id, subject_id)
            if current != expected_version:
                raise VersionConflict(
                    tenant_id, subject_id, expected_version=expected_version, current_version=current
                )
            deleted = _deleted(conn, tenant_id, subject_id)
            # A stale writer's copy of a deleted fact is not stored: reads would hide it, but
            # its value would be on disk again.
            stored = _without_facts(document, deleted) if deleted else None
            conn.execute(
                "INSERT INTO memory (tenant_id, subject_id, version, artifact) VALUES (?, ?, ?, ?)",
                (tenant_id, subject_id, created, stored or document),
            )
        return created

    def read(self, tenant_id: str, subject_id: str) -> Artifact | None:
        return self.read_version(tenant_id, subject_id, None)

    def delete_fact(self, tenant_id: str, subject_id: str, fact_id: str) -> None:
        for name, value in (("tenant_id", tenant_id), ("subject_id", subject_id), ("fact_id", fact_id)):
            _check_id(name, value)
        with self._transaction(write=True) as conn:
            conn.execute(
                "INSERT OR IGNORE INTO deleted_fact (tenant_id, subject_id, fact_id) VALUES (?, ?, ?)",
                (tenant_id, subject_id, fact_id),
            )
            # The tombstone hides the fact at every read; the stored versions lose it too, so
            # its value is not left on disk (a backup, a copied file, a raw SQL query).
            rows = conn.execute(
                "SELECT version, artifact FROM memory WHERE tenant_id = ? AND subject_id = ?",
                (tenant_id, subject_id),
            ).fetchall()
            for version, text in rows:
                scrubbed = _without_facts(text, {fact_id})
                if scrubbed is not None:
                    conn.execute(
                        "UPDATE memory SET artifact = ? "
                        "WHERE tenant_id = ? AND subject_id = ? AND version = ?",
                        (scrubbed, tenant_id, subject_id, version),
                    )
        if self.path is not None:
            with self._translated():
                # Old pages also sit in the write-ahead log until a checkpoint: truncate it.
                self._connection().execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def retrieve(self, query: RetrievalQuery) -> tuple[Fact, ...]:
        """Active facts of the latest version in the query's scope and predicate filter.

        The reference retriever is not semantic: ``query_class`` and ``text`` are ignored,
        ``predicates`` and ``limit`` are honoured, facts come in the artifact's order.
        """
        if not isinstance(query, RetrievalQuery):
            raise PayloadError("query", f"expected a RetrievalQuery, got {type_name(query)}")
        artifact = self.read(query.tenant_id, query.subject_id)
        if artifact is None:
            return ()
        facts = tuple(fact for fact in artifact.facts if query.matches(fact))
        return facts if query.limit is None else facts[: query.limit]

    # -- beyond the protocol -----------------------------------------------------

    def read_version(self, tenant_id: str, subject_id: str, version: int | None) -> Artifact | None:
        """One stored version (the latest for ``None``), deleted facts removed."""
        _check_id("tenant_id", tenant_id)
        _check_id("subject_id", subject_id)
        with self._transaction(write=False) as conn:
            row = conn.execute(
                "SELECT version, artifact FROM memory WHERE tenant_id = ? AND subject_id = ? "
                "AND (? IS NULL OR version = ?) ORDER BY version DESC LIMIT 1",
                (tenant_id, subject_id, version, version),
            ).fetchone()
            if row is None:
                return None
            deleted = _deleted(conn, tenant_id, subject_id)
        try:
            document = json.loads(row[1])
        except (TypeError, ValueError):
            raise StoreDatabaseError(
                self.path or ":memory:",
                "corrupt",
                f"store database {self.path or ':memory:'}: the stored memory of {tenant_id}/{subject_id} "
                f"v{row[0]} is not valid JSON (the file was changed outside pytest-compaction); restore "
                f"the file from a backup, or start a new one",
            ) from None
        stored = Artifact.from_dict(document, f"stored {tenant_id}/{subject_id} v{row[0]}")
        if not deleted or not any(f.fact_id in deleted for f in stored.facts):
            return stored
        return dataclasses.replace(stored, facts=tuple(f for f in stored.facts if f.fact_id not in deleted))

    def versions(self, tenant_id: str, subject_id: str) -> tuple[int, ...]:
        """Every stored version of one tenant and subject, oldest first."""
        with self._transaction(write=False) as conn:
            rows = conn.execute(
                "SELECT version FROM memory WHERE tenant_id = ? AND subject_id = ? ORDER BY version",
                (tenant_id, subject_id),
            ).fetchall()
        return tuple(row[0] for row in rows)

    def version(self, tenant_id: str, subject_id: str) -> int:
        """The latest version of one tenant and subject; 0 when there is none."""
        with self._transaction(write=False) as conn:
            return _latest(conn, tenant_id, subject_id)

    def close(self) -> None:
        """Close every connection this process opened. Closing twice is harmless."""
        with self._lock:
            self._closed = True
            for conn in self._connections:
                conn.close()
            self._connections.clear()
            self._shared = None

    # -- internals ---------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        # isolation_level=None: no implicit transactions; every one is explicit below.
        # check_same_thread=False: a file connection serves one thread, but close()
        # may run on another; the in-memory one is shared under the lock.
        conn = sqlite3.connect(
            self.path or ":memory:", timeout=self.timeout, isolation_level=None, check_same_thread=False
        )
        if self.path is not None:
            conn.execute("PRAGMA synchronous = NORMAL")
        # Freed pages are overwritten with zeros: a deleted fact's old value does not linger
        # in the file's free space after delete_fact() rewrote the versions that held it.
        conn.execute("PRAGMA secure_delete = ON")
        self._connections.append(conn)
        return conn

    def _connection(self) -> sqlite3.Connection:
        if self._closed:
            raise sqlite3.ProgrammingError(f"{self!r} is closed")
        if self._shared is not None:
            return self._shared
        if os.getpid() != self._pid:
            # A connection must not cross fork(); keep the inherited ones referenced
            # (never closed here, so the parent's database is left alone) and start afresh.
            with self._lock:
                self._inherited.extend(self._connections)
                self._connections = []
                self._local = threading.local()
                self._pid = os.getpid()
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            with self._lock:
                conn = self._open()
            self._local.conn = conn
        return conn

    @contextlib.contextmanager
    def _transaction(self, *, write: bool) -> Iterator[sqlite3.Connection]:
        # One in-memory connection serves every thread, so it is used under the lock;
        # file writers in this process queue on the lock instead of on SQLite's
        # busy-wait, and BEGIN IMMEDIATE orders them against other processes.
        locked = write or self._shared is not None
        with self._lock if locked else contextlib.nullcontext(), self._translated():
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("ROLLBACK")
                raise

    @contextlib.contextmanager
    def _translated(self) -> Iterator[None]:
        """Turn an SQLite error into a :class:`StoreDatabaseError` that names the file and the fix."""
        try:
            yield
        except sqlite3.ProgrammingError:
            raise  # a misuse of this object (a closed store), not a database problem
        except sqlite3.Error as exc:
            raise database_error(self.path or ":memory:", exc, self.timeout) from None

    def _create_schema(self) -> None:
        conn = self._connection()
        if self.path is not None:
            with self._lock:
                mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
                if mode != "wal":
                    conn.execute("PRAGMA journal_mode = WAL")
        with self._transaction(write=True) as conn:
            found = conn.execute("PRAGMA user_version").fetchone()[0]
            if found not in (0, _SCHEMA_VERSION):
                raise StoreDatabaseError(
                    self.path or ":memory:",
                    "schema",
                    f"{self!r}: the database has schema version {found}, but this version of "
                    f"pytest-compaction reads version {_SCHEMA_VERSION}; use a new file or upgrade "
                    f"pytest-compaction",
                )
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {_SCHEMA_VERSION}")


def _without_facts(text: str, fact_ids: Set[str]) -> str | None:
    """The stored JSON ``text`` without the facts ``fact_ids``, or None when it holds none
    of them (or is not an artifact document: the read path reports that)."""
    try:
        document = json.loads(text)
    except (TypeError, ValueError):
        return None
    facts = document.get("facts") if isinstance(document, dict) else None
    if not isinstance(facts, list):
        return None
    kept = [f for f in facts if not (isinstance(f, dict) and f.get("fact_id") in fact_ids)]
    if len(kept) == len(facts):
        return None
    document["facts"] = kept
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def _latest(conn: sqlite3.Connection, tenant_id: str, subject_id: str) -> int:
    row = conn.execute(
        "SELECT MAX(version) FROM memory WHERE tenant_id = ? AND subject_id = ?", (tenant_id, subject_id)
    ).fetchone()
    return int(row[0] or 0)


def _deleted(conn: sqlite3.Connection, tenant_id: str, subject_id: str) -> frozenset[str]:
    rows = conn.execute(
        "SELECT fact_id FROM deleted_fact WHERE tenant_id = ? AND subject_id = ?", (tenant_id, subject_id)
    ).fetchall()
    return frozenset(row[0] for row in rows)


def _check_version(version: object) -> None:
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise PayloadError(
            "expected_version",
            f"expected the version the write is based on (0 for the first write), got "
            f"{version!r} ({type_name(version)})",
        )


def _check_id(name: str, value: object) -> None:
    if not isinstance(value, str) or not value:
        raise PayloadError(name, f"expected a non-empty string, got {value!r} ({type_name(value)})")


# -- resolving --compaction-store ----------------------------------------------------

_PROTOCOL_METHODS = ("write", "read", "delete_fact", "retrieve")


def as_store(obj: object, *, origin: str | None = None) -> MemoryStore:
    """Return ``obj`` if it implements :class:`MemoryStore`; otherwise say what it lacks."""
    missing = [name for name in _PROTOCOL_METHODS if not callable(getattr(obj, name, None))]
    if missing:
        where = origin or repr(obj)
        raise StoreConfigError(
            f"{where} is not a memory store: {type_name(obj)} has no "
            f"{', '.join(f'{name}()' for name in missing)}; a store implements write(artifact, *, "
            f"expected_version), read(tenant_id, subject_id), delete_fact(tenant_id, subject_id, "
            f"fact_id) and retrieve(query)"
        )
    return obj  # type: ignore[return-value]


def resolve_store_factory(reference: str) -> StoreFactory:
    """Resolve ``"module:factory"`` (or ``"sqlite"``) to a callable returning a fresh store.

    The target is called without arguments each time a store is needed; a class or a
    function both work. A target that is already a store is returned as it is, shared.
    """
    if reference in ("", DEFAULT_STORE):
        return SQLiteStore
    target = import_reference(
        reference,
        what="store",
        shape="package.module:factory",
        fallback=f"{DEFAULT_STORE!r} for the embedded SQLite store",
        error=StoreConfigError,
    )
    if not isinstance(target, type) and all(callable(getattr(target, n, None)) for n in _PROTOCOL_METHODS):
        shared = as_store(target, origin=reference)
        return lambda: shared
    if not callable(target):
        raise StoreConfigError(
            f"store {reference!r} is {type_name(target)}: expected a factory (a class or a "
            f"function taking no arguments) that returns a memory store"
        )
    factory = target

    def build() -> MemoryStore:
        try:
            made = factory()
        except TypeError as exc:
            raise StoreConfigError(
                f"store {reference!r}: cannot call the factory without arguments ({exc}); "
                f"point at a function that takes none"
            ) from None
        return as_store(made, origin=f"the store made by {reference!r}")

    return build


@contextlib.contextmanager
def opened(factory: StoreFactory | None) -> Iterator[MemoryStore | None]:
    """A fresh store from ``factory`` (None: no store), closed on exit."""
    store = factory() if factory is not None else None
    try:
        yield store
    finally:
        if store is not None:
            close_store(store)


def close_store(store: object) -> None:
    """Call ``store.close()`` when the store has one (the fixture's teardown)."""
    close = getattr(store, "close", None)
    if callable(close):
        close()
