"""The session report is built in linear time: a test with many violations stays fast."""

from __future__ import annotations

import time

from pytest_compaction.plugin.report import PROPERTY_COMPRESSOR, PROPERTY_VIOLATIONS, SessionReport


def test_many_violation_names_are_merged_in_order_without_duplicates() -> None:
    names = [f"fact-{i}:value_changed" for i in range(50_000)]
    report = SessionReport()
    started = time.perf_counter()
    for when in ("setup", "call", "teardown"):  # pytest repeats the properties on every phase
        report.add(
            "t::big", when, "failed", [(PROPERTY_COMPRESSOR, "ref"), (PROPERTY_VIOLATIONS, " ".join(names))]
        )
    report.add("t::big", "call", "failed", [(PROPERTY_VIOLATIONS, "extra:missing fact-0:value_changed")])
    seconds = time.perf_counter() - started
    assert report.records["t::big"].violations == [*names, "extra:missing"]
    # Quadratic merging took minutes here (10k names: 12 s); linear takes well under a second.
    assert seconds < 5, f"{seconds:.1f}s to merge 50k violation names"


def test_the_benchmark_runs() -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_report.py"
    spec = importlib.util.spec_from_file_location("bench_report", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--sizes", "200,400"]) == 0
