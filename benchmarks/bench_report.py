"""Session report build time against the number of facts: it must grow linearly.

One contract test whose artifact changes the type of every one of N facts, so it
fails with N ``value_changed`` violations. Timed: the failure text a person reads
(``render_failure``) and the session report built from the test's report properties
as pytest hands them over (setup, call and teardown each repeat them), its terminal
summary lines and the JSON report written to disk. The ledger and the check are
built first and not timed (their cost is ``bench_checker.py``'s). Prints one row per
size and the ratio of each to the first (the 10k run): linear means ratio ~ size
ratio (10x for 100k), quadratic ~ its square (100x). Target: 100k facts under 5 s.

Before the fix, ``SessionReport.add`` deduplicated violation names with list
membership: 10k facts 12 s, 20k facts 38 s (quadratic).

    python benchmarks/bench_report.py [--sizes 10000,20000,100000]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from pytest_compaction.core.checker import check
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact
from pytest_compaction.core.violations import Violation
from pytest_compaction.engine.contract import render_failure
from pytest_compaction.plugin.report import PROPERTY_COMPRESSOR, PROPERTY_VIOLATIONS, SessionReport


def failing_check(size: int) -> tuple[Violation, ...]:
    ledger = Ledger(tenant_id="tenant-bench", subject_id="subject-bench")
    for index in range(size):
        ledger.event(f"e{index}", f"event {index}")
        ledger.fact(f"fact-{index}", f"bench.value_{index}", index, sources=[f"e{index}"])
    drifted = tuple(replace(fact, value=str(fact.value)) for fact in ledger)
    artifact = Artifact(memory_version=1, tenant_id="tenant-bench", subject_id="subject-bench", facts=drifted)
    violations = check(ledger, artifact).violations
    assert len(violations) == size
    return violations


def build_report(violations: tuple[Violation, ...], target: Path) -> float:
    started = time.perf_counter()
    render_failure(violations, title="bench", reproduce='pytest "t::bench"')
    names = " ".join(v.name for v in violations)
    report = SessionReport()
    for when, outcome in (("setup", "passed"), ("call", "failed"), ("teardown", "passed")):
        report.add(
            "tests/test_bench.py::test_bench",
            when,
            outcome,
            [(PROPERTY_COMPRESSOR, "reference"), (PROPERTY_VIOLATIONS, names)],
        )
    report.summary_lines()
    report.write(target)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", default="10000,20000,100000", help="comma-separated fact counts")
    args = parser.parse_args(argv)
    sizes = [int(part) for part in args.sizes.split(",") if part.strip()]
    print(f"{'facts':>8}{'seconds':>10}{'ratio':>8}{'size ratio':>12}")
    first: float | None = None
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            seconds = build_report(failing_check(size), Path(tmp) / f"report-{size}.json")
            first = first if first is not None else seconds
            print(f"{size:>8}{seconds:>10.3f}{seconds / first:>7.1f}x{size / sizes[0]:>11.1f}x")
    print("target: 100k facts under 5 s; linear growth (ratio close to the size ratio)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
