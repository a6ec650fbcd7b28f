"""``--compaction-fuzz``: the built-in properties as pytest items, through real sessions.

Sessions run in a subprocess: Hypothesis' strategy classes must not be re-imported
by pytester's in-process module snapshots between runs.
"""

from __future__ import annotations

import pytest

QUICK = (
    "--compaction-fuzz",
    "--compaction-fuzz-examples=15",
    "--compaction-fuzz-database=none",
    "-p",
    "no:cacheprovider",
)


def test_the_reference_compressor_passes_every_property(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_subprocess(*QUICK, "-v")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(
        [
            "compaction-fuzz::contract PASSED*",
            "compaction-fuzz::relations PASSED*",
            "compaction-fuzz::repeated-compression PASSED*",
        ]
    )


def test_a_drifting_compressor_fails_and_its_counterexample_reproduces(pytester: pytest.Pytester) -> None:
    drifting = "--compaction-compressor=pytest_compaction.mutants.compressors:DropQualifiers"
    result = pytester.runpytest_subprocess(
        *QUICK, "-k", "contract", "--compaction-record-failures=saved", drifting
    )
    result.assert_outcomes(failed=1, deselected=2)
    result.stdout.fnmatch_lines(
        [
            "fuzzing: property contract fails for drop_qualifiers(reference)*",
            "*:qualifiers_changed*",
            "saved spec: saved/fuzz-contract-*.compaction.yaml",
        ]
    )
    (spec,) = (pytester.path / "saved").glob("*.compaction.yaml")
    again = pytester.runpytest_subprocess(
        "--compaction-contract", str(spec), drifting, "-p", "no:cacheprovider"
    )
    again.assert_outcomes(failed=1)
    again.stdout.fnmatch_lines(["*:qualifiers_changed*"])
    fixed = pytester.runpytest_subprocess("--compaction-contract", str(spec), "-p", "no:cacheprovider")
    fixed.assert_outcomes(passed=1)


def test_without_the_option_there_are_no_fuzz_items(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_plain():\n    pass\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-v")
    result.assert_outcomes(passed=1)
    result.stdout.no_fnmatch_line("*compaction-fuzz*")


def test_a_bad_fuzz_setting_is_a_usage_error(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_subprocess("--compaction-fuzz", "--compaction-fuzz-examples=0")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*pytest-compaction: --compaction-fuzz-examples must be at least 1, got '0'*"]
    )


def test_fuzz_items_run_under_xdist(pytester: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    result = pytester.runpytest_subprocess(*QUICK, "-n", "2")
    result.assert_outcomes(passed=3)
