"""Output paths a session cannot write are usage errors (exit 4) with one line, never a traceback."""

from __future__ import annotations

import pytest

CASES = [
    ("--compaction-report=adir", "cannot write 'adir' (*adir is a directory; give a file name)"),
    ("--compaction-report=afile/report.json", "cannot write 'afile/report.json' (*afile is not a directory)"),
    ("--compaction-evidence=afile/bundles", "--compaction-evidence: cannot create directory 'afile/bundles'"),
    ("--compaction-record-failures=afile", "--compaction-record-failures: cannot create directory 'afile'"),
]


@pytest.mark.parametrize(
    ("option", "message"), CASES, ids=[c[0].split("=")[0] + ":" + c[1][:12] for c in CASES]
)
def test_an_unwritable_output_path_is_a_usage_error(
    pytester: pytest.Pytester, option: str, message: str
) -> None:
    pytester.makepyfile(test_plain="def test_a():\n    pass\n")
    (pytester.path / "adir").mkdir()
    (pytester.path / "afile").write_text("a file, not a directory")
    result = pytester.runpytest(option)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*pytest-compaction: *{message}*"])
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


def test_a_report_in_a_directory_still_to_be_made_is_written(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain="def test_a():\n    pass\n")
    result = pytester.runpytest("--compaction-report=new/dir/report.json")
    result.assert_outcomes(passed=1)
    assert (pytester.path / "new" / "dir" / "report.json").is_file()
