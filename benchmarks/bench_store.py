"""Concurrent conditional writes on the SQLite reference store: no lost update, every conflict reported.

16 writers (threads, then processes) each make 1,000 attempts at the compressor's
loop on one tenant/subject: read the latest version, write a new artifact based on
it with ``expected_version``. An attempt either commits or raises VersionConflict;
anything else is an error. Afterwards every stored version is checked: version
``n`` must have been written by a writer that had read version ``n - 1`` (the
artifact records the version it was based on). A version based on anything older
is a lost update: its writer overwrote memory it never saw.

The same threads then run the same loop against a store that writes without the
version check (last writer wins), to show what the check costs and what it
prevents: the ratio of the two throughputs, and the lost updates of the second.

    python benchmarks/bench_store.py                    # 16 x 1,000, threads and processes
    python benchmarks/bench_store.py --writes 100       # a quick run for CI
    python benchmarks/bench_store.py --no-processes
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sqlite3
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_compaction.core.model import Artifact, Fact
from pytest_compaction.store.sqlite import SQLiteStore, VersionConflict

TENANT = "tenant-bench"
SUBJECT = "subject-bench"


class LastWriterWinsStore(SQLiteStore):
    """The reference store with the compare-and-set removed: the baseline, not a store to use."""

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        document = json.dumps(artifact.to_dict(), ensure_ascii=False, separators=(",", ":"))
        Artifact.from_dict(json.loads(document))  # the same validation the real store does
        with self._transaction(write=True) as conn:
            row = conn.execute(
                "SELECT MAX(version) FROM memory WHERE tenant_id = ? AND subject_id = ?", (TENANT, SUBJECT)
            ).fetchone()
            conn.execute(
                "INSERT INTO memory (tenant_id, subject_id, version, artifact) VALUES (?, ?, ?, ?)",
                (TENANT, SUBJECT, int(row[0] or 0) + 1, document),
            )
        return int(row[0] or 0) + 1


def artifact(based_on: int, writer: int, attempt: int) -> Artifact:
    def fact(fact_id: str, predicate: str, value: Any) -> Fact:
        return Fact(fact_id=fact_id, tenant_id=TENANT, subject_id=SUBJECT, predicate=predicate, value=value)

    return Artifact(
        memory_version=based_on + 1,
        tenant_id=TENANT,
        subject_id=SUBJECT,
        facts=(
            fact("based-on", "bench.based_on", based_on),
            fact("writer", "bench.writer", writer),
            fact("attempt", "bench.attempt", attempt),
            fact("allergy", "food.peanuts_allowed", False),
        ),
    )


@dataclass
class Tally:
    won: int = 0
    conflicts: int = 0
    errors: int = 0
    first_error: str = ""

    def add(self, other: Tally) -> None:
        self.won += other.won
        self.conflicts += other.conflicts
        self.errors += other.errors
        self.first_error = self.first_error or other.first_error


def compress_loop(store: SQLiteStore, writer: int, writes: int) -> Tally:
    """What a compressor does: read the latest memory, write on top of it, take a conflict."""
    tally = Tally()
    for attempt in range(writes):
        try:
            seen = store.version(TENANT, SUBJECT)
            store.write(artifact(seen, writer, attempt), expected_version=seen)
        except VersionConflict:
            tally.conflicts += 1
        except Exception as exc:
            tally.errors += 1
            tally.first_error = tally.first_error or f"{type(exc).__name__}: {exc}"
        else:
            tally.won += 1
    return tally


def run_threads(store: SQLiteStore, writers: int, writes: int) -> tuple[Tally, float]:
    total = Tally()
    lock = threading.Lock()
    start = threading.Barrier(writers + 1)

    def run(writer: int) -> None:
        start.wait()
        tally = compress_loop(store, writer, writes)
        with lock:
            total.add(tally)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(writers)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    return total, time.perf_counter() - began


def process_writer(path: str, writer: int, writes: int, barrier: Any, results: Any) -> None:
    with SQLiteStore(path) as store:
        barrier.wait()
        results.put(compress_loop(store, writer, writes))


def run_processes(path: str, writers: int, writes: int) -> tuple[Tally, float]:
    context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
    barrier = context.Barrier(writers + 1)
    results = context.Queue()
    processes = [
        context.Process(target=process_writer, args=(path, i, writes, barrier, results))
        for i in range(writers)
    ]
    for process in processes:
        process.start()
    barrier.wait()  # every process has opened its store: time the writes only
    began = time.perf_counter()
    total = Tally()
    for _ in processes:
        total.add(results.get(timeout=600))
    elapsed = time.perf_counter() - began
    for process in processes:
        process.join()
    return total, elapsed


def lost_updates(path: str) -> tuple[int, int]:
    """(stored versions, versions whose writer had not seen the previous one)."""
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT version, artifact FROM memory WHERE tenant_id = ? AND subject_id = ? ORDER BY version",
            (TENANT, SUBJECT),
        ).fetchall()
    lost = 0
    for version, document in rows:
        facts = {f["fact_id"]: f["value"] for f in json.loads(document)["facts"]}
        if facts["based-on"] != version - 1:
            lost += 1
    return len(rows), lost


def report(label: str, tally: Tally, elapsed: float, path: str, attempts: int) -> tuple[float, bool]:
    """Print one run; return its attempt rate and whether it kept every promise."""
    stored, lost = lost_updates(path)
    rate = attempts / elapsed
    print(
        f"{label:<34} {attempts:>6} attempts in {elapsed:6.2f} s  {rate:>8,.0f} attempts/s  "
        f"{tally.won / elapsed:>7,.0f} commits/s  committed {tally.won:>6}  conflicts {tally.conflicts:>6}  "
        f"errors {tally.errors}  lost updates {lost}"
    )
    if tally.first_error:
        print(f"{'':<34} first error: {tally.first_error}")
    if stored != tally.won:
        print(f"{'':<34} {stored} versions stored but {tally.won} writes committed")
    kept = not lost and not tally.errors and stored == tally.won and tally.won + tally.conflicts == attempts
    return rate, kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=16, help="concurrent writers (default 16)")
    parser.add_argument("--writes", type=int, default=1000, help="attempts per writer (default 1000)")
    parser.add_argument("--no-processes", action="store_true", help="skip the multi-process run")
    args = parser.parse_args(argv)
    attempts = args.writers * args.writes
    failures: list[str] = []
    print(
        f"SQLite {sqlite3.sqlite_version}, {args.writers} writers x {args.writes} attempts "
        "on one tenant/subject"
    )
    with tempfile.TemporaryDirectory() as tmp:
        runs: dict[str, float] = {}

        path = str(Path(tmp) / "conditional-threads.db")
        with SQLiteStore(path) as store:
            tally, elapsed = run_threads(store, args.writers, args.writes)
        runs["conditional"], kept = report("conditional write, threads", tally, elapsed, path, attempts)
        if not kept:
            failures.append("conditional writes (threads) lost an update or hid a conflict")

        path = str(Path(tmp) / "unconditional-threads.db")
        with LastWriterWinsStore(path) as store:
            tally, elapsed = run_threads(store, args.writers, args.writes)
        runs["unconditional"], _ = report("unconditional write, threads", tally, elapsed, path, attempts)
        _, lost_plain = lost_updates(path)

        if not args.no_processes:
            path = str(Path(tmp) / "conditional-processes.db")
            SQLiteStore(path).close()  # create the schema before the race
            tally, elapsed = run_processes(path, args.writers, args.writes)
            _, kept = report("conditional write, processes", tally, elapsed, path, attempts)
            if not kept:
                failures.append("conditional writes (processes) lost an update or hid a conflict")

    ratio = runs["conditional"] / runs["unconditional"]
    print(
        f"conditional / unconditional throughput (threads): {ratio:.2f}x; the unconditional store "
        f"lost {lost_plain} updates, the conditional one none"
    )
    for failure in failures:
        print(f"FAILED: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
