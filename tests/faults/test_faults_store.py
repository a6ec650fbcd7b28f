"""Store faults: every unusable database is one named error with the file and the fix.

A table of broken database files (not a database, corrupt pages, truncated, a directory,
a FIFO, a device, a missing directory, locked, read-only, another schema, damaged rows),
each opened and used through ``SQLiteStore``: the verdict is a ``StoreDatabaseError``
with its ``reason``, the path and a fix, on one line; never a raw ``sqlite3`` error and
never a hang. What held must keep holding: a writer killed with SIGKILL mid-write
leaves the store intact, and nothing written before is lost.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from pytest_compaction.store.contract import probe_artifact
from pytest_compaction.store.errors import check_database_file, database_error
from pytest_compaction.store.sqlite import SQLiteStore, StoreConfigError, StoreDatabaseError

T, S = "tenant-faults", "subject-faults"


def good_db(path: Path, versions: int = 3) -> Path:
    with SQLiteStore(path) as store:
        for version in range(1, versions + 1):
            store.write(probe_artifact(T, S, version), expected_version=version - 1)
    return path


def damaged(path: Path, offset: int, data: bytes) -> Path:
    good_db(path)
    raw = bytearray(path.read_bytes())
    raw[offset : offset + len(data)] = data
    path.write_bytes(bytes(raw))
    for side in ("-wal", "-shm"):
        Path(f"{path}{side}").unlink(missing_ok=True)
    return path


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def bad_row(path: Path, document: str) -> Path:
    good_db(path, versions=1)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE memory SET artifact = ?", (document,))
    return path


def schema(path: Path, version: int) -> Path:
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {version}")
    return path


@dataclass(frozen=True)
class StoreCase:
    name: str
    make: Callable[[Path], Path]
    reasons: tuple[str, ...]
    use: str = "open"
    """open: the constructor fails; read: opening works and the first read fails."""


def _first_page_end(path: Path) -> Path:
    good_db(path)
    raw = path.read_bytes()
    path.write_bytes(raw[:512])
    return path


CASES = [
    StoreCase("text-file", lambda p: (p.write_text("hello, not a database\n"), p)[1], ("not-a-database",)),
    StoreCase("random-bytes", lambda p: (p.write_bytes(os.urandom(8192)), p)[1], ("not-a-database",)),
    StoreCase("json-file", lambda p: (p.write_text('{"memory": []}'), p)[1], ("not-a-database",)),
    StoreCase("one-byte", lambda p: (p.write_bytes(b"\x00"), p)[1], ("not-a-database",)),
    StoreCase(
        "header-then-garbage",
        lambda p: (p.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000), p)[1],
        ("not-a-database", "corrupt"),
    ),
    StoreCase(
        "corrupt-schema-page", lambda p: damaged(p, 100, b"\xff" * 3996), ("corrupt", "not-a-database")
    ),
    StoreCase(
        "corrupt-page-size",
        lambda p: damaged(p, 16, b"\x00\x07"),
        ("corrupt", "not-a-database"),
    ),
    StoreCase("truncated", _first_page_end, ("corrupt", "not-a-database")),
    StoreCase("directory", lambda p: (p.mkdir(), p)[1], ("not-a-file",)),
    StoreCase("fifo", fifo, ("not-a-file",)),
    StoreCase("device", lambda p: Path(os.devnull), ("not-a-file",)),
    StoreCase("missing-directory", lambda p: p / "no" / "such" / "memory.db", ("missing-directory",)),
    StoreCase(
        "file-as-directory",
        lambda p: ((p.parent / "plain").write_text("x"), p.parent / "plain" / "m.db")[1],
        ("missing-directory",),
    ),
    StoreCase("future-schema", lambda p: schema(p, 7), ("schema",)),
    StoreCase("negative-schema", lambda p: schema(p, -1), ("schema",)),
    StoreCase("row-not-json", lambda p: bad_row(p, "{not json"), ("corrupt",), use="read"),
    StoreCase(
        "row-truncated-json", lambda p: bad_row(p, '{"memory_version": 1, "ten'), ("corrupt",), use="read"
    ),
]


def open_and_read(path: Path, use: str) -> None:
    with SQLiteStore(path, timeout=1) as store:
        assert use == "read", "the constructor should have refused this database"
        store.read(T, S)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_an_unusable_database_is_one_named_error(case: StoreCase, tmp_path: Path) -> None:
    path = case.make(tmp_path / "memory.db")
    started = time.monotonic()
    with pytest.raises(StoreDatabaseError) as info:
        open_and_read(path, case.use)
    error = info.value
    assert time.monotonic() - started < 10, "no hang"
    assert error.reason in case.reasons, str(error)
    assert isinstance(error, StoreConfigError)  # the plugin reports it as one line
    assert not isinstance(error.__cause__, sqlite3.Error)
    message = str(error)
    assert str(path) in message
    assert ";" in message
    assert "\n" not in message
    assert "Traceback" not in message


def test_a_stored_row_of_the_wrong_shape_names_the_version() -> None:
    # A row that parses but is not an artifact: the payload error names the stored version.
    from pytest_compaction.core.errors import PayloadError

    store = SQLiteStore()
    store.write(probe_artifact(T, S), expected_version=0)
    assert store._shared is not None
    store._shared.execute('UPDATE memory SET artifact = \'{"memory_version": "one"}\'')
    with pytest.raises(PayloadError, match=f"stored {T}/{S} v1"):
        store.read(T, S)


def test_a_locked_database_is_named_after_the_timeout(tmp_path: Path) -> None:
    path = good_db(tmp_path / "locked.db")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        started = time.monotonic()
        with pytest.raises(StoreDatabaseError) as info, SQLiteStore(path, timeout=0.3) as store:
            store.write(probe_artifact(T, S, 4), expected_version=3)
        assert info.value.reason == "locked"
        assert "0.3s" in str(info.value)
        assert "timeout=" in str(info.value)
        assert time.monotonic() - started < 10
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with SQLiteStore(path) as store:  # nothing was lost, and the lock is gone
        assert store.versions(T, S) == (1, 2, 3)


def test_a_read_only_database_is_named_before_sqlite_touches_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = good_db(tmp_path / "ro.db")
    real = os.access
    monkeypatch.setattr(
        os, "access", lambda p, mode: False if str(p) == str(path) and mode & os.W_OK else real(p, mode)
    )
    with pytest.raises(StoreDatabaseError) as info:
        check_database_file(str(path))
    assert info.value.reason == "read-only"
    assert "make the file and its directory writable" in str(info.value)


@pytest.mark.parametrize(
    ("words", "reason"),
    [
        ("attempt to write a readonly database", "read-only"),
        ("database is locked", "locked"),
        ("file is not a database", "not-a-database"),
        ("database disk image is malformed", "corrupt"),
        ("disk I/O error", "io"),
        ("database or disk is full", "io"),
        ("unable to open database file", "unreadable"),
        ("something new", "failed"),
    ],
)
def test_every_sqlite_error_gets_a_reason_and_a_fix(words: str, reason: str) -> None:
    error = database_error("x.db", sqlite3.OperationalError(words), 30)
    assert error.reason == reason
    assert str(error).startswith("store database x.db: SQLite says ")
    assert str(error).count(";") >= 1


def test_an_empty_file_is_a_fresh_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.write_bytes(b"")
    with SQLiteStore(path) as store:
        assert store.write(probe_artifact(T, S), expected_version=0) == 1


def test_a_junk_wal_beside_a_good_database_loses_nothing(tmp_path: Path) -> None:
    path = good_db(tmp_path / "wal.db")
    Path(f"{path}-wal").write_bytes(os.urandom(4096))
    with SQLiteStore(path) as store:
        assert store.versions(T, S) == (1, 2, 3)


# -- through a pytest session -----------------------------------------------------------


def test_a_bad_database_in_a_session_is_one_usage_error_at_start_up(pytester: pytest.Pytester) -> None:
    (pytester.path / "broken.db").write_text("not a database")
    pytester.makepyfile(
        my_db="""
        from pytest_compaction.store.sqlite import SQLiteStore

        def broken():
            return SQLiteStore("broken.db")

        def good():
            return SQLiteStore("good.db")
        """,
        test_bad_db_session="""
        def test_uses_the_store(memory_store):
            pass

        def test_uses_it_too(memory_store):
            pass
        """,
    )
    pytester.syspathinsert()
    result = pytester.runpytest("--compaction-store=my_db:broken")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "ERROR: pytest-compaction: --compaction-store=my_db:broken: store database broken.db: is not "
            "an SQLite database*; point the store at a new file, or move this one away "
            "(database file: broken.db)"
        ]
    )
    assert "Traceback" not in result.stdout.str() + result.stderr.str()
    assert "sqlite3." not in result.stdout.str() + result.stderr.str()
    assert "test_uses_the_store" not in result.stdout.str()  # nothing ran
    pytester.runpytest("--compaction-store=my_db:good").assert_outcomes(passed=2)


# -- what held must keep holding -----------------------------------------------------------

WRITER = textwrap.dedent(
    """
    import sys
    from pytest_compaction.store.contract import probe_artifact
    from pytest_compaction.store.sqlite import SQLiteStore

    store = SQLiteStore(sys.argv[1])
    version = store.version("tenant-faults", "subject-faults")
    print("ready", flush=True)
    while True:
        store.write(probe_artifact("tenant-faults", "subject-faults", version + 1), expected_version=version)
        version += 1
    """
)


def _killed_writers(path: Path, count: int) -> Iterator[subprocess.Popen[str]]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    for _ in range(count):
        process = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True, env=env
        )
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "ready"
        yield process


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_mid_write_leaves_the_store_intact(tmp_path: Path) -> None:
    path = good_db(tmp_path / "killed.db", versions=1)
    for round_ in range(3):
        (process,) = _killed_writers(path, 1)
        time.sleep(0.15 + 0.05 * round_)  # many writes in flight
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        with SQLiteStore(path) as store:
            versions = store.versions(T, S)
            assert versions == tuple(range(1, len(versions) + 1)), "no gap, no duplicate"
            assert len(versions) > 1
            latest = store.read(T, S)
            assert latest is not None
            assert latest.memory_version == versions[-1]
            assert store.write(probe_artifact(T, S, versions[-1] + 1), expected_version=versions[-1])
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
