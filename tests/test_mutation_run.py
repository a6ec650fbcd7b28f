"""``--compaction-mutants``: the mutation table of a team's spec suite, through real sessions."""

from __future__ import annotations

import pytest

from pytest_compaction.mutants.catalog import MUTANTS

WEAK_SPEC = """
description: One plain fact, stated once; no qualifier, no boolean, nothing to delete.
events:
  - id: e1
    text: My favourite colour is green.
    facts:
      - {id: fact-colour-1, predicate: profile.favourite_colour, value: green}
"""


@pytest.fixture
def weak(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makefile(".compaction.yaml", colour=WEAK_SPEC)
    return pytester


def test_survivors_fail_the_run_and_are_listed(weak: pytest.Pytester) -> None:
    result = weak.runpytest("--compaction-contract", "--compaction-mutants")
    result.assert_outcomes(passed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "*compaction mutation table*",
            f"mutation score */{len(MUTANTS)} *",
            "drop_critical_fact * 01 omission * 1 scenario: colour[[]as-written[]] (fact-colour-1:missing)*",
            "negate_boolean * SURVIVED*",
        ]
    )


def test_accepted_survivors_with_reasons_let_the_run_pass(weak: pytest.Pytester) -> None:
    first = weak.runpytest("--compaction-contract", "--compaction-mutants")
    survivors = [
        line.split()[0]
        for line in first.outlines
        if "SURVIVED" in line and line.split()[0] in {m.name for m in MUTANTS}
    ]
    assert survivors, "the weak suite must leave survivors"
    weak.makeini(
        "[pytest]\ncompaction_accepted_survivors =\n"
        + "".join(f"    {name}: this suite only checks colours\n" for name in survivors)
    )
    result = weak.runpytest("--compaction-contract", "--compaction-mutants")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["*accepted*this suite only checks colours*"])


def test_a_malformed_accepted_survivor_is_a_usage_error(weak: pytest.Pytester) -> None:
    weak.makeini("[pytest]\ncompaction_accepted_survivors = negate_boolean\n")
    result = weak.runpytest("--compaction-contract", "--compaction-mutants")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*compaction_accepted_survivors: 'negate_boolean' must look like 'mutant_name: why it may survive'*"]
    )


def test_without_the_option_no_mutant_runs(weak: pytest.Pytester) -> None:
    result = weak.runpytest("--compaction-contract")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.no_fnmatch_line("*mutation table*")


def test_the_json_report_carries_the_mutation_table(weak: pytest.Pytester) -> None:
    import json

    weak.runpytest("--compaction-contract", "--compaction-mutants", "--compaction-report=report.json")
    report = json.loads((weak.path / "report.json").read_text())
    rows = {row["name"]: row for row in report["mutation"]["mutants"]}
    assert set(rows) == {m.name for m in MUTANTS}
    assert rows["drop_critical_fact"]["survived"] is False
    assert rows["negate_boolean"]["survived"] is True
