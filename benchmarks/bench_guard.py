"""The guard's overhead per call on the reference compressor, as a share of a whole pass.

A pass is what the scenario runner does for one ``compress`` step: call the compressor
and check the artifact against the ledger. The guard adds the claims hand-over, the
input snapshot (taken twice), the worker thread with its timeout, and reading the output
shape. Both sides run on the same requests in one process, interleaved, best of N::

    python benchmarks/bench_guard.py                 # 200 facts, 300 rounds
    python benchmarks/bench_guard.py --facts 2000 --rounds 50

Goal: the guard under 5% of a pass.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.checker import check
from pytest_compaction.core.ledger import Ledger


def _ledger(facts: int) -> Ledger:
    ledger = Ledger(tenant_id="acme", subject_id="ana")
    for n in range(facts):
        ledger.event(f"e{n}", f"Fact number {n}: the value of item {n} is {n * 7}.")
        ledger.fact(f"f{n}", f"item.{n}", n * 7, sources=[f"e{n}"], qualifiers={"unit": "eur"})
    return ledger


def _interleaved(fns: list[Callable[[], None]], rounds: int) -> list[float]:
    """The best time of each function, the functions run in turn every round (fair under load)."""
    best = [float("inf")] * len(fns)
    for _ in range(rounds):
        for n, fn in enumerate(fns):
            started = time.perf_counter()
            fn()
            best[n] = min(best[n], time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args()
    ledger = _ledger(args.facts)
    request = CompressionRequest(
        tenant_id="acme", subject_id="ana", events=ledger.authorized_events("acme", "ana")
    )
    reference = ReferenceCompressor()
    threaded = GuardedCompressor(reference, timeout=5)
    direct = GuardedCompressor(reference, timeout=None)

    def bare_pass() -> None:
        check(ledger, reference.compress(request))

    def guarded_pass() -> None:
        record = threaded.run(request)
        assert record.artifact is not None
        check(ledger, record.artifact)
        threaded.records.clear()

    def unthreaded_pass() -> None:
        record = direct.run(request)
        assert record.artifact is not None
        check(ledger, record.artifact)
        direct.records.clear()

    for fn in (bare_pass, guarded_pass, unthreaded_pass):  # warm up
        fn()
    bare, guarded, unthreaded = _interleaved([bare_pass, guarded_pass, unthreaded_pass], args.rounds)
    print(f"guard overhead per call, {args.facts} facts (best of {args.rounds})")
    print(f"  pass without the guard      {bare * 1e3:8.3f} ms")
    print(
        f"  pass with the guard         {guarded * 1e3:8.3f} ms  (+{(guarded - bare) / bare:.1%} of a pass)"
    )
    print(f"  pass with the guard, no thread {unthreaded * 1e3:5.3f} ms  (+{(unthreaded - bare) / bare:.1%})")
    print(f"guard vs bare pass: {guarded / bare:.3f}x")


if __name__ == "__main__":
    main()
