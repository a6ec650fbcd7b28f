"""Escaping, GitHub annotations and SARIF: units, the CLI formats, hostile specs in a real session."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pytest_compaction.cli import main
from pytest_compaction.reporting.annotations import Annotation, github_command, sarif_log
from pytest_compaction.reporting.escape import github_data, github_property, neutralize_lines, one_line

CONTRACT = ("--compaction-contract", "-p", "no:hypothesispytest", "-p", "no:cacheprovider")
FORGED = "::error file=app.py,line=1::forged"

# A spec whose ids and values carry a newline + workflow command, and ESC sequences.
HOSTILE = """\
events:
  - id: e1
    text: "I am allergic\\n::error file=x.py,line=1::forged\\x1b[2J"
    facts:
      - id: "fact-a\\n::error file=app.py,line=1::forged\\x1b[31m"
        predicate: food.peanuts_allowed
        value: "no\\n::warning::x"
expect:
  violations: ["fact-a\\n::error file=app.py,line=1::forged\\x1b[31m:missing"]
"""

PEANUT = """\
events:
  - id: e1
    text: I am allergic to peanuts.
    facts:
      - id: fact-allergy-1
        predicate: food.peanuts_allowed
        value: false
        qualifiers: {basis: allergy}
expect:
  violations: [fact-allergy-1:missing]
"""


# -- escaping ---------------------------------------------------------------------


def test_one_line_escapes_every_control_character() -> None:
    assert (
        one_line("a\nb\r\tc\x1b[2J\x00\x7f\x9b\u2028\u202e")
        == "a\\nb\\r\\tc\\x1b[2J\\x00\\x7f\\x9b\\u2028\\u202e"
    )
    assert one_line("C:\\path ok") == "C:\\path ok"


def test_no_line_of_a_neutralized_report_is_a_workflow_command() -> None:
    text = neutralize_lines(f"title\n  detail {FORGED}\n{FORGED}\n   {FORGED}\x1b[0m")
    assert text.split("\n") == [
        "title",
        f"  detail {FORGED}",
        f"\\{FORGED}",
        f"\\{FORGED}\\x1b[0m",
    ]


def test_github_escaping_follows_githubs_rules() -> None:
    assert github_data("50% off\r\nnext::x") == "50%25 off%0D%0Anext::x"
    assert github_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"


def test_a_github_annotation_is_one_line_that_no_value_can_end_early() -> None:
    line = github_command(
        Annotation(file="specs/a,b.yaml", line=7, rule="missing", message=f"x\n{FORGED}\x1b[2J")
    )
    assert line == (
        "::error file=specs/a%2Cb.yaml,line=7,title=compaction%3A missing::x%0A::error file=app.py,"
        "line=1::forged\\x1b[2J"
    )
    assert "\n" not in line


def test_sarif_log_has_rules_results_and_regions() -> None:
    log = sarif_log(
        [
            Annotation(file="a.yaml", line=3, rule="missing", message="m\n"),
            Annotation(file="b.yaml", line=None, rule="spec-error", message="e", level="warning"),
        ]
    )
    (run,) = log["runs"]
    assert log["version"] == "2.1.0"
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == ["missing", "spec-error"]
    first, second = run["results"]
    assert first["message"] == {"text": "m\\n"}
    assert first["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "a.yaml"},
        "region": {"startLine": 3},
    }
    assert second["level"] == "warning"
    assert "region" not in second["locations"][0]["physicalLocation"]


# -- the command line ----------------------------------------------------------------

PAYLOAD = """\
expected:
  - fact_id: fact-allergy-1
    tenant_id: tenant-1
    subject_id: subject-1
    predicate: food.peanuts_allowed
    value: false
artifact:
  memory_version: 1
  tenant_id: tenant-1
  subject_id: subject-1
  facts: []
"""


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, err=io.StringIO())
    return code, out.getvalue()


def test_check_prints_github_annotations_at_the_facts_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("payload.yaml").write_text(PAYLOAD)
    code, out = run_cli("check", "payload.yaml", "--format", "github")
    assert code == 1
    assert out == (
        "::error file=payload.yaml,line=2,title=compaction%3A missing::fact-allergy-1:missing  "
        "food.peanuts_allowed = False (bool) is not in the artifact\n"
    )
    code, out = run_cli("check", "payload.yaml", "--format", "sarif")
    assert code == 1
    (result,) = json.loads(out)["runs"][0]["results"]
    assert result["ruleId"] == "missing"
    assert result["locations"][0]["physicalLocation"]["region"] == {"startLine": 2}


def test_lint_prints_github_and_sarif(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("bad.compaction.yaml").write_text("events:\n  - id: e1\n    txt: hello\n")
    code, out = run_cli("lint", ".", "--format", "github")
    assert code == 1
    assert out.startswith("::error file=bad.compaction.yaml,line=3,title=compaction%3A spec-error::")
    assert out.count("\n") == 1
    code, out = run_cli("lint", ".", "--format", "sarif")
    assert json.loads(out)["runs"][0]["results"][0]["ruleId"] == "spec-error"
    code, out = run_cli("lint", ".", "--format", "github")


# -- the plugin on GitHub Actions ------------------------------------------------------


def test_on_github_actions_each_violation_is_an_annotation_on_its_line(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(pytester.path))
    (pytester.path / "specs").mkdir()
    (pytester.path / "specs" / "peanut.compaction.yaml").write_text(PEANUT)
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "::error file=specs/peanut.compaction.yaml,line=10,title=compaction%3A unexpected_violations::"
            "specs/peanut.compaction.yaml::peanut[[]as-written]: unexpected_violations  expected "
            "fact-allergy-1:missing, not found"
        ]
    )


def test_hostile_ids_and_values_forge_no_line_in_any_output(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(pytester.path))
    (pytester.path / "evil\x1b[2J.compaction.yaml").write_text(HOSTILE)
    result = pytester.runpytest(
        *CONTRACT, "-v", "--junitxml=junit.xml", "--compaction-report=report.json", "-rA"
    )
    result.assert_outcomes(failed=1)
    text = result.stdout.str() + result.stderr.str()
    assert "\x1b" not in text
    commands = [line for line in text.splitlines() if line.lstrip().startswith("::")]
    assert len(commands) == 1
    assert commands[0].startswith("::error file=evil\\x1b[2J.compaction.yaml,line=1,title=")
    assert "expected fact-a\\n::error file=app.py" in commands[0]
    # The reports carry no raw control character either.
    for name in ("junit.xml", "report.json"):
        raw = (pytester.path / name).read_text()
        assert "\x1b" not in raw
    for element in ET.parse(pytester.path / "junit.xml").iter("property"):
        assert "\n" not in element.get("value", "")
        assert "\x1b" not in element.get("value", "")
    report = json.loads((pytester.path / "report.json").read_text())
    for value in json.dumps(report["tests"]).split('"'):
        assert "\n" not in value
    (test,) = report["tests"]
    assert all("\n" not in name and "\x1b" not in name for name in test["violations"])


# -- what the reports say about each violation ------------------------------------------


def test_each_violation_gets_its_stage_pass_and_spec_line(tmp_path: Path) -> None:
    from pytest_compaction.core.violations import Violation, ViolationCode
    from pytest_compaction.reporting.details import stage_and_pass, violation_details

    assert stage_and_pass(Violation(code=ViolationCode.MISSING, fact_id="f", detail="pass 2; x")) == (
        "selection+compression",
        2,
    )
    assert stage_and_pass(Violation(code=ViolationCode.REPRESENTATION_CHANGED, fact_id="f"))[0] == "storage"
    assert stage_and_pass(
        Violation(code=ViolationCode.RETRIEVAL_OMITTED, detail="retrieval at steps[3]")
    ) == (
        "retrieval",
        None,
    )
    assert stage_and_pass(Violation(code=ViolationCode.ACTION_VIOLATES_FACT))[0] == "use"
    spec = tmp_path / "s.compaction.yaml"
    spec.write_text(PEANUT.replace("expect:", "  - id: e2\n    text: call me\nexpect:"))
    leaked = Violation(code=ViolationCode.DELETED_CONTENT_IN_INPUT, observed=("e2",))
    missing = Violation(code=ViolationCode.MISSING, fact_id="fact-allergy-1", detail="pass 1")
    lines = [d["line"] for d in violation_details([missing, leaked], spec)]
    assert lines == [5, 9]


def test_an_invalid_spec_is_an_annotation_at_the_line_of_its_error(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(pytester.path))
    (pytester.path / "bad.compaction.yaml").write_text("events:\n  - id: e1\n    txt: hello\n")
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "::error file=bad.compaction.yaml,line=3,title=compaction%3A failed::bad.compaction.yaml::"
            "spec-error: invalid fixture spec: *bad.compaction.yaml:3*txt*"
        ]
    )
