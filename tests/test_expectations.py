"""``--compaction-update`` and the baseline, through real pytest sessions, plus the in-place YAML edit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_compaction.specs.update import rewrite_expected, rewrite_expected_text

CONTRACT = ("--compaction-contract", "-p", "no:hypothesispytest", "-p", "no:cacheprovider")

RECORDED = """\
kind: recorded
# The incident of 2024-03: the allergy became a preference.
description: The allergy became a preference
expect:
  violations: [fact-allergy-1:missing]  # what the incident showed
expected:
  - fact_id: fact-allergy-1
    tenant_id: tenant-1
    subject_id: subject-1
    predicate: food.peanuts_allowed
    value: false
    qualifiers: {basis: allergy}
artifact:
  memory_version: 4
  tenant_id: tenant-1
  subject_id: subject-1
  facts:
    - {fact_id: fact-allergy-1, predicate: food.peanuts_allowed, value: false}
"""

PEANUT = """\
events:
  - id: e1
    text: I am allergic to peanuts.
    facts:
      - {id: fact-allergy-1, predicate: food.peanuts_allowed, value: false, qualifiers: {basis: allergy}}
  - id: e2
    text: I live in Lisbon.
    facts:
      - {id: fact-city-1, predicate: home.city, value: Lisbon}
"""

FORGETFUL = """
from pytest_compaction import Artifact
from pytest_compaction.compressors.base import ReferenceCompressor

def forgets_city(request):
    art = ReferenceCompressor().compress(request)
    return Artifact(memory_version=art.memory_version, tenant_id=art.tenant_id,
                    subject_id=art.subject_id, facts=[f for f in art.facts if f.fact_id != "fact-city-1"])

def forgets_all(request):
    art = ReferenceCompressor().compress(request)
    return Artifact(memory_version=art.memory_version, tenant_id=art.tenant_id, subject_id=art.subject_id)

# Both are built on the reference replayer, so they are handed the ledger's claims.
forgets_city.replays_claims = True
forgets_all.replays_claims = True
"""


# -- the in-place edit -------------------------------------------------------------


def test_the_edit_keeps_comments_order_and_the_rest_of_the_file() -> None:
    new = rewrite_expected_text(RECORDED, ("fact-allergy-1:qualifiers_changed",))
    assert new == RECORDED.replace(
        "[fact-allergy-1:missing]  # what", "[fact-allergy-1:qualifiers_changed]  # what"
    )


def test_a_block_list_stays_a_block_list_with_its_comments() -> None:
    head = "kind: recorded\nexpect:\n  violations:  # list\n    # first seen in March\n"
    tail = "\n# tail\nexpected: []\n"
    text = head + "    - a:missing\n    - b:missing\n" + tail
    assert rewrite_expected_text(text, ("c:missing",)) == head + "    - c:missing\n" + tail


def test_a_spec_without_expect_gets_one_and_odd_names_are_quoted() -> None:
    new = rewrite_expected_text("events: []\n", ("x y:missing", "a:missing"))
    assert new == 'events: []\nexpect:\n  violations: ["x y:missing", a:missing]\n'


def test_an_empty_expectation_is_an_empty_list(tmp_path: Path) -> None:
    path = tmp_path / "r.compaction.yaml"
    path.write_text(RECORDED)
    change = rewrite_expected(path, ())
    assert change.removed == ("fact-allergy-1:missing",)
    assert change.added == ()
    assert "  violations: []  # what the incident showed\n" in path.read_text()
    assert not rewrite_expected(path, ()).changed


# -- --compaction-update -------------------------------------------------------------


def test_update_rewrites_a_recorded_spec_and_lists_the_change(pytester: pytest.Pytester) -> None:
    path = pytester.path / "incident.compaction.yaml"
    path.write_text(RECORDED)
    before = pytester.runpytest(*CONTRACT)
    before.assert_outcomes(failed=1)
    result = pytester.runpytest(*CONTRACT, "--compaction-update")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(
        [
            "updated the expected violations of 1 spec:",
            "  incident.compaction.yaml: +fact-allergy-1:qualifiers_changed -fact-allergy-1:missing",
        ]
    )
    assert path.read_text() == RECORDED.replace(
        "fact-allergy-1:missing]", "fact-allergy-1:qualifiers_changed]"
    )
    pytester.runpytest(*CONTRACT).assert_outcomes(passed=1)


def test_update_leaves_a_real_failure_failing(pytester: pytest.Pytester) -> None:
    # A scenario without `expect:` records no expectation: its violations are findings.
    pytester.makepyfile(mine=FORGETFUL)
    path = pytester.path / "peanut.compaction.yaml"
    path.write_text(PEANUT)
    result = pytester.runpytest(*CONTRACT, "--compaction-update", "--compaction-compressor=mine:forgets_city")
    result.assert_outcomes(failed=1)
    assert path.read_text() == PEANUT
    assert "updated the expected" not in result.stdout.str()


# -- the baseline ----------------------------------------------------------------------


def test_a_baseline_accepts_known_violations_fails_new_ones_and_ratchets(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(mine=FORGETFUL)
    (pytester.path / "peanut.compaction.yaml").write_text(PEANUT)
    node = "peanut.compaction.yaml::peanut[as-written]"

    # 1. Write today's violations.
    written = pytester.runpytest(
        *CONTRACT,
        "--compaction-compressor=mine:forgets_city",
        "--compaction-baseline=baseline.json",
        "--compaction-write-baseline",
    )
    written.assert_outcomes(passed=1)
    written.stdout.fnmatch_lines(["baseline written to baseline.json: 1 accepted violation in 1 test"])
    data = json.loads((pytester.path / "baseline.json").read_text())
    assert data == {"accepted": {node: ["fact-city-1:missing"]}, "version": 1}

    # 2. The known violation passes, and the summary says it was accepted.
    known = pytester.runpytest(
        *CONTRACT, "--compaction-compressor=mine:forgets_city", "--compaction-baseline=baseline.json"
    )
    known.assert_outcomes(passed=1)
    known.stdout.fnmatch_lines(
        [
            "1 contract test checked against mine:forgets_city; 0 with violations",
            "  accepted by the baseline: 1 known violation in 1 test",
        ]
    )

    # 3. A new violation fails, and only the new one is reported.
    new = pytester.runpytest(
        *CONTRACT, "--compaction-compressor=mine:forgets_all", "--compaction-baseline=baseline.json"
    )
    new.assert_outcomes(failed=1)
    new.stdout.fnmatch_lines(["1 new violation (1 accepted by baseline.json)", "*fact-allergy-1:missing*"])
    assert "fact-city-1:missing  " not in new.stdout.str()

    # 4. Fixed: the stale entry fails the run until it is removed.
    fixed = pytester.runpytest(*CONTRACT, "--compaction-baseline=baseline.json")
    fixed.assert_outcomes(passed=1)
    assert fixed.ret == pytest.ExitCode.TESTS_FAILED
    fixed.stdout.fnmatch_lines(
        [
            "baseline: 1 accepted violation no longer occurs; remove it from baseline.json (rerun with "
            "--compaction-write-baseline) so they cannot come back unnoticed:",
            f"  {node}: fact-city-1:missing",
        ]
    )
    shrunk = pytester.runpytest(
        *CONTRACT, "--compaction-baseline=baseline.json", "--compaction-write-baseline"
    )
    assert shrunk.ret == pytest.ExitCode.OK
    assert json.loads((pytester.path / "baseline.json").read_text())["accepted"] == {}


def test_a_missing_or_bad_baseline_is_a_usage_error(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest(*CONTRACT, "--compaction-baseline=nope.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "ERROR: pytest-compaction: --compaction-baseline: no file 'nope.json'; create it with "
            "--compaction-write-baseline"
        ]
    )
    (pytester.path / "bad.json").write_text("[1, 2]")
    result = pytester.runpytest(*CONTRACT, "--compaction-baseline=bad.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["ERROR: pytest-compaction: --compaction-baseline: 'bad.json' is not a version 1*"]
    )
    result = pytester.runpytest(*CONTRACT, "--compaction-write-baseline")
    result.stderr.fnmatch_lines(
        ["ERROR: pytest-compaction: --compaction-write-baseline needs --compaction-baseline=PATH*"]
    )
