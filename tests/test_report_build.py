"""The session report: built in linear time, counting every failed item (collection errors
too), under a header that names the compressor that actually runs."""

from __future__ import annotations

import time

import pytest

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


# -- the header names the compressor that runs ---------------------------------------------

PEANUT = """\
events:
  - id: e1
    text: I am allergic to peanuts, not merely avoiding them.
    facts:
      - id: fact-allergy-1
        predicate: food.peanuts_allowed
        value: false
        qualifiers: {basis: allergy, severity: critical}
"""

DROPS = """
import dataclasses
from pytest_compaction.compressors.base import ReferenceCompressor

def drops_qualifiers(request):
    art = ReferenceCompressor().compress(request)
    return dataclasses.replace(art, facts=tuple(dataclasses.replace(f, qualifiers=()) for f in art.facts))

drops_qualifiers.replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims
"""

OVERRIDE = """
import pytest
from mine import drops_qualifiers

@pytest.fixture
def compressor_under_test():
    return drops_qualifiers
"""

CONTRACT = ("--compaction-contract", "-p", "no:cacheprovider", "-p", "no:hypothesispytest")


@pytest.fixture
def overridden(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(mine=DROPS)
    pytester.syspathinsert()
    (pytester.path / "peanut.compaction.yaml").write_text(PEANUT)
    return pytester


def test_the_header_names_the_configured_compressor(overridden: pytest.Pytester) -> None:
    result = overridden.runpytest(*CONTRACT)
    result.stdout.fnmatch_lines(["compaction: compressor reference, mode strict"])
    result.stdout.no_fnmatch_line("*compressor_under_test*")


def test_the_header_names_a_conftest_override(overridden: pytest.Pytester) -> None:
    overridden.makeconftest(OVERRIDE)
    result = overridden.runpytest(*CONTRACT)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "compaction: compressor from the compressor_under_test fixture at conftest.py:4 (where it "
            "applies; elsewhere reference), mode strict",
        ]
    )
    result.stdout.no_fnmatch_line("compaction: compressor reference*")
    result.stdout.fnmatch_lines(["1 contract test checked against mine:drops_qualifiers; 1 with violations"])


def test_an_override_below_the_rootdir_is_named_after_collection(overridden: pytest.Pytester) -> None:
    sub = overridden.mkpydir("sub")
    (sub / "conftest.py").write_text(OVERRIDE)
    (sub / "p2.compaction.yaml").write_text(PEANUT)
    result = overridden.runpytest(*CONTRACT)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "compaction: compressor reference, mode strict",
            "collected 2 items",
            "compaction: the compressor_under_test fixture replaces reference for 1 of 2 contract tests "
            "(1 at sub/conftest.py:5)",
        ]
    )


# -- the summary counts every failed item --------------------------------------------------

BROKEN_COLLECTOR = """
from pytest_compaction.plugin.collect import SpecFile

_collect = SpecFile.collect

def _broken(self):
    if self.path.name == "broken.compaction.yaml":
        raise RuntimeError("a plugin broke this spec's collection")
    return _collect(self)

SpecFile.collect = _broken
"""


@pytest.mark.parametrize("xdist", [False, True], ids=["serial", "xdist"])
def test_the_summary_counts_spec_files_that_failed_to_collect(pytester: pytest.Pytester, xdist: bool) -> None:
    args: tuple[str, ...] = ()
    if xdist:
        pytest.importorskip("xdist")
        args = ("-n", "2")
    pytester.makeconftest(BROKEN_COLLECTOR)
    (pytester.path / "peanut.compaction.yaml").write_text(PEANUT)
    (pytester.path / "broken.compaction.yaml").write_text(PEANUT)
    (pytester.path / "bad_syntax.compaction.yaml").write_text("events: [\n")
    pytester.makepyfile(test_imports="import nowhere\n")
    result = pytester.runpytest(*CONTRACT, "--continue-on-collection-errors", *args)
    outcomes = result.parseoutcomes()
    assert (outcomes["passed"], outcomes["failed"]) == (1, 1)
    assert outcomes["errors"] >= 2  # under xdist, every worker reports the broken file
    result.stdout.fnmatch_lines(
        [
            "*= compaction contract summary =*",
            "3 contract tests checked against reference; 2 with violations",
            "  failed without a named violation: 2 tests: bad_syntax.compaction.yaml::spec-error, "
            "broken.compaction.yaml",
            "  not collected: 1 file (any contract tests in it did not run): test_imports.py",
        ]
    )
