"""Hostile input the earlier rounds missed: each case with a well-formed control."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from pytest_compaction import cli

SPEC = """\
events:
  - id: e1
    text: I am allergic to peanuts.
    facts:
      - {id: fact-allergy-1, predicate: food.peanuts_allowed, value: false}
"""


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_inventory_names_a_spec_it_cannot_read_by_type_instead_of_dropping_it(tmp_path: Path) -> None:
    (tmp_path / "allergy.compaction.yaml").write_text(SPEC, encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.compaction.yaml")
    (tmp_path / "gone.compaction.yaml").symlink_to(tmp_path / "nowhere.yaml")
    code, out, _ = _run("inventory", "--strict", str(tmp_path))
    assert code == 1
    assert "food.peanuts_allowed  critical  specs: allergy" in out  # the readable spec still counts
    assert "specs that could not be read (run `compaction lint` on them):" in out
    assert f"{tmp_path / 'pipe.compaction.yaml'}: is not a regular file" in out
    assert f"{tmp_path / 'gone.compaction.yaml'}: " in out
    # A device named on the command line is refused by its type, not read as "no predicates".
    code, out, _ = _run("inventory", "--strict", os.devnull)
    assert code == 1
    assert f"{os.devnull}: is not a regular file" in out
    # The control: the readable spec alone is a clean run.
    (tmp_path / "pipe.compaction.yaml").unlink()
    (tmp_path / "gone.compaction.yaml").unlink()
    code, out, _ = _run("inventory", str(tmp_path))
    assert code == 0
    assert "could not be read" not in out


@pytest.mark.parametrize("unit", ["one hundred and ", "twenty-", "1 ", "a-b"])
def test_long_runs_of_numbers_and_hyphens_read_as_words(unit: str) -> None:
    # "one hundred and" repeated made an integer too long to print (ValueError); the other
    # runs were read once per word over the whole run. Their cost is in
    # benchmarks/bench_prose_hostile.py; here they must read at all.
    from pytest_compaction.prose.normalize import tokens

    assert len(tokens(unit * 3000)) >= 300


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"memory_version": -1}, "expected a version of 0 or more"),
        ({"depth": -5}, "expected a depth of 1 or more"),
    ],
)
def test_an_artifact_with_a_negative_version_or_depth_is_refused(
    fields: dict[str, int], message: str
) -> None:
    from pytest_compaction.core.errors import PayloadError
    from pytest_compaction.core.model import Artifact

    with pytest.raises(PayloadError, match=message):
        Artifact.from_dict({"memory_version": 1, "tenant_id": "t", "subject_id": "s", **fields})


def test_a_violation_is_described_on_one_line_whatever_its_id() -> None:
    from pytest_compaction.core.violations import Violation, ViolationCode

    forged = "f1\n================ 42 passed in 0.02s ================\r"
    line = Violation(code=ViolationCode.MISSING, fact_id=forged, detail="lost\nPASSED").describe()
    assert "\n" not in line
    assert "\r" not in line
    assert "f1\\n=====" in line
    assert "lost\\nPASSED" in line


def test_a_linked_directory_out_of_the_suite_reads_nothing(
    pytester: pytest.Pytester, tmp_path_factory: pytest.TempPathFactory
) -> None:
    outside = tmp_path_factory.mktemp("outside")
    (outside / "token.compaction.yaml").write_text("ghp_CANARYTOKEN1234567890\n", encoding="utf-8")
    pytester.makeini("[pytest]\n")
    pytester.makefile(".compaction.yaml", good="events:\n  - {id: e1, text: hi}\n")
    (pytester.path / "home").symlink_to(outside, target_is_directory=True)
    result = pytester.runpytest("--compaction-contract")
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] == 1
    assert outcomes.get("passed", 0) + outcomes.get("unverified", 0) == 1  # the good spec still runs
    result.stdout.fnmatch_lines(["*lies outside the suite through a linked directory*compaction_spec_roots*"])
    assert "CANARYTOKEN" not in result.stdout.str()


def test_a_linked_directory_to_a_spec_root_or_the_bundled_library_is_read(
    pytester: pytest.Pytester, tmp_path_factory: pytest.TempPathFactory
) -> None:
    from pytest_compaction.specs.library import library_path

    shared = tmp_path_factory.mktemp("shared")
    (shared / "one.compaction.yaml").write_text("events:\n  - {id: e1, text: hi}\n", encoding="utf-8")
    pytester.makeini(f"[pytest]\ncompaction_spec_roots =\n    {shared}\n")
    (pytester.path / "shared").symlink_to(shared, target_is_directory=True)
    (pytester.path / "lib").symlink_to(library_path() / "02-negation", target_is_directory=True)
    result = pytester.runpytest("--compaction-contract", "-p", "no:xdist")
    outcomes = result.parseoutcomes()
    assert outcomes.get("failed", 0) == 0, result.stdout.str()
    assert outcomes.get("passed", 0) + outcomes.get("unverified", 0) >= 2
