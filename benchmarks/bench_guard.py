"""The guard's overhead per call on the reference compressor, as a share of a whole pass.

The guard adds the claims hand-over, the input snapshot (taken twice: before and after
the call), the hand-over to the worker thread that enforces the timeout, and reading
the output shape. Its overhead is ``guard.run(request)`` minus
``compressor.compress(request)``, shown as a share of two kinds of pass:

- *compress + check*: the compressor's call and ``check()`` of its artifact, nothing else
  (the narrowest pass; the figure this script has always printed);
- *engine pass*: what ``run_scenario`` does for one ``compress`` step: build the
  request from the ledger (authorized events, deleted content removed) and run it
  through :func:`~pytest_compaction.engine.runner.run_pass` (the guarded call, the
  deleted-content check on the input and the contract check).

Every function runs on the same ledger in one process, interleaved, best of N::

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
from pytest_compaction.engine.runner import run_pass


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

    def bare_call() -> None:
        reference.compress(request)

    def guarded_call() -> None:
        threaded.run(request)
        threaded.records.clear()

    def unthreaded_call() -> None:
        direct.run(request)
        direct.records.clear()

    def bare_pass() -> None:
        check(ledger, reference.compress(request))

    def engine_pass() -> None:
        events = ledger.authorized_events("acme", "ana")
        run_pass(ledger, CompressionRequest(tenant_id="acme", subject_id="ana", events=events), threaded)
        threaded.records.clear()

    fns = [bare_call, guarded_call, unthreaded_call, bare_pass, engine_pass]
    for fn in fns:  # warm up
        fn()
    call, guarded, unthreaded, narrow, engine = _interleaved(fns, args.rounds)
    overhead, no_thread = guarded - call, unthreaded - call
    print(f"guard overhead per call, {args.facts} facts (best of {args.rounds})")
    print(f"  compressor call              {call * 1e3:8.3f} ms")
    print(f"  guarded call                 {guarded * 1e3:8.3f} ms  (overhead {overhead * 1e3:.3f} ms)")
    print(f"  guarded call, no thread      {unthreaded * 1e3:8.3f} ms  (overhead {no_thread * 1e3:.3f} ms)")
    print(f"  pass: compress + check       {narrow * 1e3:8.3f} ms")
    print(f"  pass: engine (run_pass)      {engine * 1e3:8.3f} ms")
    print(
        f"guard share of a compress + check pass: {overhead / narrow:.1%} "
        f"(no thread {no_thread / narrow:.1%})"
    )
    print(f"guard share of an engine pass: {overhead / engine:.1%} (no thread {no_thread / engine:.1%})")


if __name__ == "__main__":
    main()
