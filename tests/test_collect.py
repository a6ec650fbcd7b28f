"""Spec collection through real pytest sessions (``pytester``): ids, selection, marks, bad specs, xdist."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pytest_compaction.cli import main
from pytest_compaction.specs.spec import MAX_SPEC_BYTES

PEANUT = """\
description: The peanut allergy survives compaction
events:
  - id: e1
    text: I am allergic to peanuts, not merely avoiding them.
    facts:
      - id: fact-allergy-1
        predicate: food.peanuts_allowed
        value: false
        qualifiers: {basis: allergy, severity: critical}
  - id: e2
    text: Lovely weather today.
"""

REFUND = """\
events:
  - id: e1
    text: Refunds up to $50 after supervisor review.
    facts:
      - {id: fact-refund-1, predicate: refund.limit_usd, value: 50, qualifiers: {requires: review}}
"""

# Expects a violation the faithful reference compressor never produces: a failing spec.
FAILING = REFUND + "expect:\n  violations: [fact-refund-1:missing]\n"

RECORDED = """\
kind: recorded
description: The allergy became a preference
expect:
  violations: [fact-allergy-1:qualifiers_changed]
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
  summary: User prefers healthy food.
"""

# Hypothesis's plugin is left out only to keep each inner session fast; nothing here uses it.
CONTRACT = ("--compaction-contract", "-p", "no:hypothesispytest")


def write(pytester: pytest.Pytester, name: str, text: str, folder: str = "") -> Path:
    path = pytester.path / folder / f"{name}.compaction.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def clean(result: pytest.RunResult) -> None:
    """No traceback, internal error or aborted session: only readable reports."""
    text = result.stdout.str() + result.stderr.str()
    for word in ("Traceback", "INTERNALERROR", "Interrupted", "error during collection"):
        assert word not in text, text


# -- ids and collection ----------------------------------------------------------


def test_item_ids(pytester: pytest.Pytester) -> None:
    write(pytester, "peanut-allergy", "relations: [append_small_talk]\ndepth: 3\n" + PEANUT)
    write(pytester, "incident", RECORDED)
    result = pytester.runpytest(*CONTRACT, "--collect-only", "-q")
    result.stdout.fnmatch_lines(
        [
            "incident.compaction.yaml::incident?recorded?",
            "peanut-allergy.compaction.yaml::peanut-allergy?as-written?",
            "peanut-allergy.compaction.yaml::peanut-allergy?append_small_talk?",
            "peanut-allergy.compaction.yaml::peanut-allergy?depth=3?",
            "4 tests collected in *",
        ]
    )
    assert result.ret == 0


def test_collect_only_tree(pytester: pytest.Pytester) -> None:
    write(pytester, "peanut-allergy", PEANUT)
    result = pytester.runpytest(*CONTRACT, "--collect-only")
    result.stdout.fnmatch_lines(
        [
            "<Dir *>",
            "  <SpecFile peanut-allergy.compaction.yaml>",
            "    <SpecItem peanut-allergy[[]as-written]>",
        ]
    )


def test_specs_are_not_collected_without_the_flag(pytester: pytest.Pytester) -> None:
    write(pytester, "peanut-allergy", PEANUT)
    assert pytester.runpytest("--collect-only", "-q").ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_reportinfo_points_at_the_spec_line(pytester: pytest.Pytester) -> None:
    write(pytester, "peanut-allergy", "# A comment first.\n\n" + PEANUT)
    items, _ = pytester.inline_genitems(*CONTRACT)
    assert [item.location for item in items] == [
        ("peanut-allergy.compaction.yaml", 2, "peanut-allergy[as-written]")
    ]


def test_specs_pass_against_the_reference(pytester: pytest.Pytester) -> None:
    write(pytester, "peanut-allergy", PEANUT)
    write(pytester, "refund", REFUND)
    write(pytester, "incident", RECORDED)
    result = pytester.runpytest(*CONTRACT, "-v")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["*peanut-allergy.compaction.yaml::peanut-allergy?as-written? PASSED*"])


def test_failure_names_the_violations_and_the_line(pytester: pytest.Pytester) -> None:
    path = write(pytester, "refund", "# refund limit\n" + FAILING)
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            f"{path}:2: refund[[]as-written]",
            "the scenario does not show exactly the violations it expects",
            "1 violation: 1 unexpected_violations",
            "  unexpected_violations",
            "    unexpected_violations  expected fact-refund-1:missing, not found",
            'reproduce: pytest "refund.compaction.yaml::refund[[]as-written]" --compaction-contract',
        ]
    )
    clean(result)


# -- where specs live ------------------------------------------------------------


def test_paths_on_the_command_line(pytester: pytest.Pytester) -> None:
    write(pytester, "peanut-allergy", PEANUT, "fixtures/a")
    write(pytester, "refund", REFUND, "fixtures/b")
    result = pytester.runpytest(*CONTRACT, "fixtures/b", "-q")
    result.assert_outcomes(passed=1)
    result.stdout.no_fnmatch_line("*peanut*")


def test_ini_compaction_fixtures(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\ntestpaths = tests\ncompaction_fixtures = specs\n")
    pytester.makepyfile(**{"tests/test_plain": "def test_plain():\n    pass\n"})
    write(pytester, "peanut-allergy", PEANUT, "specs")
    # No paths on the command line: the ini's fixture paths join the collection.
    result = pytester.runpytest(*CONTRACT, "--collect-only", "-q")
    result.stdout.fnmatch_lines(
        [
            "tests/test_plain.py::test_plain",
            "specs/peanut-allergy.compaction.yaml::peanut-allergy?as-written?",
        ]
    )
    # Paths on the command line are collected as given.
    result = pytester.runpytest(*CONTRACT, "tests", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["tests/test_plain.py::test_plain", "1 test collected*"])
    # Without --compaction-contract specs are not collected at all.
    result = pytester.runpytest("--collect-only", "-q", "specs")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_option_compaction_fixtures(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\ntestpaths = tests\n")
    pytester.makepyfile(**{"tests/test_plain": "def test_plain():\n    pass\n"})
    write(pytester, "peanut-allergy", PEANUT, "fixtures")
    write(pytester, "refund", REFUND, "more")
    write(pytester, "other", REFUND, "elsewhere")
    result = pytester.runpytest(*CONTRACT, "--compaction-fixtures=fixtures,more", "--collect-only", "-q")
    result.stdout.fnmatch_lines(
        ["tests/test_plain.py::test_plain", "fixtures/peanut-allergy*", "more/refund*", "3 tests collected*"]
    )


def test_missing_fixtures_path_is_a_usage_error(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest(*CONTRACT, "--compaction-fixtures=nowhere")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*compaction_fixtures path 'nowhere' does not exist*"])


def test_library_keyword(pytester: pytest.Pytester) -> None:
    from pytest_compaction.specs.library import library_path

    result = pytester.runpytest(*CONTRACT, "--compaction-fixtures=library", "--collect-only", "-q")
    specs = sorted(library_path().rglob("*.compaction.yaml"))
    assert specs, "the bundled library has specs"
    assert result.ret == 0
    result.stdout.fnmatch_lines(["*::*[[]*]", "* tests collected in *"])


def test_file_pattern(pytester: pytest.Pytester) -> None:
    (pytester.path / "peanut.spec.yaml").write_text(PEANUT, encoding="utf-8")
    write(pytester, "refund", REFUND)
    result = pytester.runpytest(*CONTRACT, "--compaction-pattern=*.spec.yaml", "--collect-only", "-q")
    # The item is named after the file, without its .yaml suffix.
    result.stdout.fnmatch_lines(["peanut.spec.yaml::peanut.spec?as-written?", "1 test collected*"])
    pytester.makeini("[pytest]\ncompaction_spec_pattern = *.spec.yaml\n")
    result = pytester.runpytest(*CONTRACT, "--collect-only", "-q")
    result.stdout.fnmatch_lines(["peanut.spec.yaml::peanut.spec?as-written?", "1 test collected*"])


# -- selection and marks -----------------------------------------------------------


def test_k_selection(pytester: pytest.Pytester) -> None:
    write(pytester, "peanut-allergy", PEANUT)
    write(pytester, "refund", REFUND)
    write(pytester, "incident", RECORDED)
    pytester.runpytest(*CONTRACT, "-k", "peanut").assert_outcomes(passed=1, deselected=2)
    pytester.runpytest(*CONTRACT, "-k", "as-written and not refund").assert_outcomes(passed=1, deselected=2)
    pytester.runpytest(*CONTRACT, "-k", "recorded").assert_outcomes(passed=1, deselected=2)


def test_m_selection(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nmarkers =\n    allergy: allergy incidents\n    slow: slow specs\n")
    write(pytester, "peanut-allergy", "marks: [allergy, slow]\n" + PEANUT)
    write(pytester, "refund", REFUND)
    pytester.runpytest(*CONTRACT, "--strict-markers", "-m", "allergy").assert_outcomes(passed=1, deselected=1)
    pytester.runpytest(*CONTRACT, "-m", "not slow").assert_outcomes(passed=1, deselected=1)


def test_skip_mark(pytester: pytest.Pytester) -> None:
    write(pytester, "refund", "marks: [{skip: waiting for the new ledger}]\n" + FAILING)
    result = pytester.runpytest(*CONTRACT, "-rs")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["SKIPPED [[]1] refund.compaction.yaml: waiting for the new ledger"])


def test_xfail_mark(pytester: pytest.Pytester) -> None:
    write(pytester, "refund", "marks: [{xfail: known incident INC-7}]\n" + FAILING)
    write(pytester, "fixed", "marks: [{xfail: {reason: was broken, strict: true}}]\n" + REFUND)
    result = pytester.runpytest(*CONTRACT, "-rfxX")
    result.assert_outcomes(xfailed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "FAILED fixed.compaction.yaml::fixed[[]as-written] - [[]XPASS(strict)] was broken",
            "XFAIL refund.compaction.yaml::refund[[]as-written] - known incident INC-7",
        ]
    )


@pytest.mark.parametrize("strict", [True, False], ids=["strict-markers", "lenient"])
def test_unregistered_mark_is_a_spec_error(pytester: pytest.Pytester, strict: bool) -> None:
    # A spec names only markers the project registered, with or without --strict-markers.
    pytester.makeini("[pytest]\nmarkers =\n    slow: slow specs\n")
    path = write(pytester, "typo", "marks: [slwo]\n" + PEANUT)
    write(pytester, "refund", REFUND)
    result = pytester.runpytest(*CONTRACT, *(["--strict-markers"] if strict else []))
    result.assert_outcomes(passed=1, failed=1)
    assert (
        f"invalid fixture spec: {path}:1: marks[0]: 'slwo' is not a registered marker; did you mean "
        "'slow'? Or register it (ini `markers = slwo: what it means`)"
    ) in result.stdout.lines
    clean(result)


# -- bad specs ------------------------------------------------------------------------

BAD = {
    "invalid-yaml": (
        'events:\n  - id: e1\n    text: "unterminated\n  - id: e2\n',
        5,
        "invalid YAML: found unexpected end of stream (while scanning a quoted scalar that starts on line 3)",
    ),
    "wrong-type": (
        "events:\n  - id: e1\n    text: 42\n",
        3,
        "events[0].text: expected a string, got 42 (int)",
    ),
    "unknown-key": (
        "events:\n  - id: e1\n    txt: hi\n",
        3,
        "events[0].txt: unknown key; did you mean 'text'?",
    ),
    "missing-key": ("events:\n  - text: hi\n", 2, "events[0].id: required key is missing"),
    "undefined-event": (
        REFUND + "steps:\n  - add: [e1, e2]\n  - compress\n",
        7,
        "steps[0].add[1]: no event has id 'e2'; known events: e1",
    ),
    "delete-twice": (
        REFUND + "steps:\n  - add: all\n  - compress\n  - delete: fact-refund-1\n  - compress\n"
        "  - delete: fact-refund-1\n  - compress\n",
        11,
        "steps[4].delete: fact 'fact-refund-1' is already deleted by steps[2]; a fact is deleted once: "
        "remove this step",
    ),
    "supersede-unknown": (
        REFUND + "  - id: e2\n    text: Now $75.\n    facts:\n"
        "      - {id: fact-refund-2, predicate: refund.limit_usd, value: 75, supersedes: fact-refnd-1}\n",
        9,
        "events[1].facts[0].supersedes: no event states a fact 'fact-refnd-1' "
        "(did you mean 'fact-refund-1'?); a fact supersedes an older fact that an earlier event states",
    ),
    "python-tag": (
        "events: !!python/object/apply:os.system [echo hi]\n",
        1,
        "events: the tag !!python/object/apply:os.system is not allowed; use plain values only "
        "(strings, numbers, booleans, null, lists and mappings)",
    ),
}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_bad_spec_is_one_failing_item(pytester: pytest.Pytester, kind: str) -> None:
    text, line, message = BAD[kind]
    path = write(pytester, kind, text)
    write(pytester, "peanut-allergy", PEANUT)
    result = pytester.runpytest(*CONTRACT, "-rf")
    result.assert_outcomes(passed=1, failed=1)
    assert f"invalid fixture spec: {path}:{line}: {message}" in result.stdout.lines
    result.stdout.fnmatch_lines([f"FAILED {kind}.compaction.yaml::spec-error - invalid fixture spec: *"])
    clean(result)


def test_billion_laughs_is_refused_quickly(pytester: pytest.Pytester) -> None:
    from test_spec import BILLION_LAUGHS

    path = write(pytester, "laughs", BILLION_LAUGHS)
    write(pytester, "peanut-allergy", PEANUT)
    result = pytester.runpytest(*CONTRACT)  # the refusal itself is timed in test_spec
    result.assert_outcomes(passed=1, failed=1)
    assert (
        f"invalid fixture spec: {path}:1: the document expands to more than 200000 values through its "
        'aliases (a "billion laughs" file?); write the values out or remove the aliases'
    ) in result.stdout.lines
    clean(result)


def test_oversized_spec_is_refused(pytester: pytest.Pytester) -> None:
    path = pytester.path / "huge.compaction.yaml"
    path.write_bytes(b"events: []\n# " + b"x" * MAX_SPEC_BYTES + b"\n")
    write(pytester, "peanut-allergy", PEANUT)
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(passed=1, failed=1)
    assert (
        f"invalid fixture spec: {path}: is {path.stat().st_size} bytes; a spec may be at most "
        f"{MAX_SPEC_BYTES} bytes (split it, or keep the artifact in a separate file referenced by "
        "artifact_file)"
    ) in result.stdout.lines
    clean(result)


def test_every_bad_spec_in_one_session(pytester: pytest.Pytester) -> None:
    for kind, (text, _, _) in BAD.items():
        write(pytester, kind, text)
    write(pytester, "peanut-allergy", PEANUT)
    write(pytester, "incident", RECORDED)
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(passed=2, failed=len(BAD))
    clean(result)


# -- pytest features ------------------------------------------------------------------


def test_exitfirst(pytester: pytest.Pytester) -> None:
    write(pytester, "a-refund", FAILING)
    write(pytester, "b-broken", "events: 3\n")
    write(pytester, "c-peanut", PEANUT)
    pytester.runpytest(*CONTRACT, "-x").assert_outcomes(failed=1)
    pytester.runpytest(*CONTRACT).assert_outcomes(failed=2, passed=1)


def test_last_failed(pytester: pytest.Pytester) -> None:
    write(pytester, "refund", FAILING)
    write(pytester, "broken", "events: 3\n")
    write(pytester, "peanut-allergy", PEANUT)
    pytester.runpytest(*CONTRACT).assert_outcomes(failed=2, passed=1)
    result = pytester.runpytest(*CONTRACT, "--lf")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(["run-last-failure: rerun previous 2 failures (skipped 1 file)"])
    write(pytester, "refund", REFUND)
    pytester.runpytest(*CONTRACT, "--lf").assert_outcomes(passed=1, failed=1)
    # A spec fixed from an error has new ids (broken[as-written], not spec-error); with no known
    # failure left to select, --lf runs everything.
    write(pytester, "broken", PEANUT)
    result = pytester.runpytest(*CONTRACT, "--lf")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["run-last-failure: 1 known failures not in selected tests"])


def test_junitxml(pytester: pytest.Pytester) -> None:
    write(pytester, "peanut-allergy", PEANUT)
    write(pytester, "refund", FAILING)
    write(pytester, "broken", "events: 3\n")
    result = pytester.runpytest(*CONTRACT, "--junitxml=report.xml")
    result.assert_outcomes(passed=1, failed=2)
    root = ET.parse(pytester.path / "report.xml").getroot()
    cases = {case.get("name"): case for case in root.iter("testcase")}
    assert set(cases) == {"peanut-allergy[as-written]", "refund[as-written]", "spec-error"}
    assert cases["peanut-allergy[as-written]"].find("failure") is None
    refund = cases["refund[as-written]"].find("failure")
    assert refund is not None
    assert "expected fact-refund-1:missing, not found" in (refund.text or "")
    broken = cases["spec-error"].find("failure")
    assert broken is not None
    assert (broken.get("message") or "").startswith("invalid fixture spec: ")
    assert "events: expected a list, got 3 (int)" in (broken.get("message") or "")
    properties = {p.get("name"): p.get("value") for p in cases["refund[as-written]"].iter("property")}
    assert properties.get("compaction_violations", "unexpected_violations") == "unexpected_violations"


def _outcomes(result: pytest.RunResult) -> dict[str, int]:
    return {
        k: v for k, v in result.parseoutcomes().items() if k in ("passed", "failed", "skipped", "xfailed")
    }


def test_xdist_gives_the_same_results(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nmarkers =\n    slow: slow specs\n")
    write(pytester, "peanut-allergy", "marks: [slow]\n" + PEANUT)
    write(pytester, "refund", FAILING)
    write(pytester, "xfailing", "marks: [{xfail: known}]\n" + FAILING)
    write(pytester, "skipped", "marks: [{skip: later}]\n" + PEANUT)
    write(pytester, "incident", RECORDED)
    for kind in ("unknown-key", "delete-twice"):
        write(pytester, kind, BAD[kind][0])
    serial = pytester.runpytest_subprocess(*CONTRACT, "-p", "no:cacheprovider")
    parallel = pytester.runpytest_subprocess(*CONTRACT, "-p", "no:cacheprovider", "-n", "2")
    assert _outcomes(serial) == {"passed": 2, "failed": 3, "skipped": 1, "xfailed": 1}
    assert _outcomes(parallel) == _outcomes(serial)
    parallel.stdout.fnmatch_lines(["*2 workers*"])
    for line in (
        "FAILED delete-twice.compaction.yaml::spec-error - invalid fixture spec: *",
        "FAILED refund.compaction.yaml::refund[[]as-written]*",
    ):
        serial.stdout.fnmatch_lines([line])
        parallel.stdout.fnmatch_lines([line])
    parallel.stdout.no_fnmatch_line("*Traceback*")


# -- recorded specs -------------------------------------------------------------------


def test_recorded_spec_fails_when_the_artifact_no_longer_shows_the_incident(
    pytester: pytest.Pytester,
) -> None:
    fixed = RECORDED.replace(
        "    - {fact_id: fact-allergy-1, predicate: food.peanuts_allowed, value: false}\n",
        "    - {fact_id: fact-allergy-1, predicate: food.peanuts_allowed, value: false, "
        "qualifiers: {basis: allergy}}\n",
    )
    path = write(pytester, "incident", fixed)
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            f"{path}:1: incident[[]recorded]",
            "  The allergy became a preference",
            "recorded incident incident no longer shows exactly the violations it records (found: none)",
            "1 violation: 1 unexpected_violations",
            "  unexpected_violations",
            "    unexpected_violations  expected fact-allergy-1:qualifiers_changed, not found",
        ]
    )


def test_recorded_spec_with_artifact_file(pytester: pytest.Pytester) -> None:
    artifact = {
        "memory_version": 4,
        "tenant_id": "tenant-1",
        "subject_id": "subject-1",
        "facts": [{"fact_id": "fact-allergy-1", "predicate": "food.peanuts_allowed", "value": False}],
    }
    (pytester.path / "saved").mkdir()
    (pytester.path / "saved" / "artifact.json").write_text(json.dumps(artifact), encoding="utf-8")
    head, _, _ = RECORDED.partition("artifact:\n")
    write(pytester, "incident", head + "artifact_file: saved/artifact.json\n")
    pytester.runpytest(*CONTRACT).assert_outcomes(passed=1)
    artifact["facts"] = []
    (pytester.path / "saved" / "artifact.json").write_text(json.dumps(artifact), encoding="utf-8")
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "recorded incident incident no longer shows exactly the violations it records "
            "(found: fact-allergy-1:missing)",
            "    unexpected_violations  expected fact-allergy-1:qualifiers_changed, not found",
            "    unexpected_violations  found fact-allergy-1:missing, not expected",
        ]
    )


# -- new-fixture round trip -------------------------------------------------------------

INCIDENT_EVENTS = [
    {
        "event_id": "e1",
        "text": "I am allergic to peanuts, not merely avoiding them.",
        "claims": [
            {
                "fact_id": "fact-allergy-1",
                "predicate": "food.peanuts_allowed",
                "value": False,
                "qualifiers": {"basis": "allergy", "severity": "critical"},
            }
        ],
    },
    {"event_id": "e2", "text": "Lovely weather today."},
]
INCIDENT_ARTIFACT = {
    "memory_version": 7,
    "tenant_id": "tenant-1",
    "subject_id": "subject-1",
    "facts": [
        {
            "fact_id": "fact-allergy-1",
            "predicate": "food.peanuts_allowed",
            "value": False,
            "source_event_ids": ["e1"],
        }
    ],
    "summary": "User prefers healthy food.",
}
FORGETFUL = '''
import dataclasses

from pytest_compaction.compressors.base import ReferenceCompressor


class Forgetful:
    """Drops every qualifier: the compressor behind the incident."""
    replays_claims = True

    name = "forgetful"

    def compress(self, request):
        artifact = ReferenceCompressor().compress(request)
        facts = tuple(dataclasses.replace(f, qualifiers=()) for f in artifact.facts)
        return dataclasses.replace(artifact, facts=facts)


forgetful = Forgetful()
'''


def test_new_fixture_round_trip(pytester: pytest.Pytester, capsys: pytest.CaptureFixture[str]) -> None:
    (pytester.path / "artifact.json").write_text(json.dumps(INCIDENT_ARTIFACT), encoding="utf-8")
    (pytester.path / "events.jsonl").write_text(
        "".join(json.dumps(event) + "\n" for event in INCIDENT_EVENTS), encoding="utf-8"
    )
    out = pytester.path / "fixtures"
    status = main(
        [
            "new-fixture",
            "peanut-allergy",
            "--artifact",
            str(pytester.path / "artifact.json"),
            "--events",
            str(pytester.path / "events.jsonl"),
            "--out",
            str(out),
            "--artifact-file",
        ]
    )
    assert status == 0, capsys.readouterr()
    printed = capsys.readouterr().out
    assert f"wrote {out}/peanut-allergy-incident.compaction.yaml (recorded: 1 violation: " in printed
    assert "fact-allergy-1:qualifiers_changed" in printed

    # The recorded spec passes on the incident's artifact; the skeleton passes on a faithful compressor.
    result = pytester.runpytest(*CONTRACT, "fixtures", "-v")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(
        [
            "*peanut-allergy-incident.compaction.yaml::peanut-allergy-incident?recorded? PASSED*",
            "*peanut-allergy.compaction.yaml::peanut-allergy?as-written? PASSED*",
        ]
    )

    # The skeleton fails with the incident's violation on the compressor that caused it.
    pytester.makepyfile(forgetful=FORGETFUL)
    pytester.syspathinsert()
    result = pytester.runpytest(
        *CONTRACT, "fixtures", "--compaction-compressor=forgetful:forgetful", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        ["    fact-allergy-1:qualifiers_changed  expected *got ()  (pass 1, compression)"]
    )

    # A fixed artifact no longer shows the recorded violations: the recorded spec fails.
    fixed = dict(INCIDENT_ARTIFACT)
    fixed["facts"] = [
        dict(INCIDENT_ARTIFACT["facts"][0], qualifiers={"basis": "allergy", "severity": "critical"})
    ]  # type: ignore[index]
    (out / "peanut-allergy-incident.artifact.json").write_text(json.dumps(fixed), encoding="utf-8")
    result = pytester.runpytest(*CONTRACT, "fixtures")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "recorded incident peanut-allergy-incident no longer shows exactly the violations it records "
            "(found: none)",
            "    unexpected_violations  expected fact-allergy-1:qualifiers_changed, not found",
        ]
    )
