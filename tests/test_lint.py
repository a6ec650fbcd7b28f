"""``compaction lint``: spec errors without running anything, and personal-data warnings."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from pytest_compaction.cli import main
from pytest_compaction.core.errors import ConfigError
from pytest_compaction.specs.lint import ALLOW_COMMENT, find_specs, lint_file, lint_paths, personal_data

HERE = Path(__file__).parent
E1 = "events:\n  - {id: e1, text: hi}\n"

ALLOW = f"or end the line with {ALLOW_COMMENT!r}"
EMAIL_FIX = "use a reserved example domain, e.g. user@example.com, " + ALLOW
PHONE_FIX = "use a fictional number in the 555-0100 to 555-0199 range, e.g. +1 415 555 0123, " + ALLOW
CARD_FIX = "use a published test card number such as 4111 1111 1111 1111, " + ALLOW


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.compaction.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# -- personal data -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("write to jane.doe@gmail.com today", [("e-mail address", "j***@gmail.com")]),
        ("ops@corp.co.uk", [("e-mail address", "o***@corp.co.uk")]),
        ("call +1 415 555 2671", [("phone number", "*********71")]),
        ("call (415) 555-2671", [("phone number", "********71")]),
        ("415-555-2671 or 415.555.2671", [("phone number", "********71")] * 2),
        ("local 555-2671", [("phone number", "*****71")]),
        ("UK 020 7946 0958", [("phone number", "*********58")]),
        ("+44 20 7946 0958", [("phone number", "**********58")]),
        ("card 4539 1488 0343 6467", [("card number", "************6467")]),
        ("card 4539-1488-0343-6467", [("card number", "************6467")]),
        ("card 4539148803436467", [("card number", "************6467")]),
    ],
)
def test_personal_data_found_and_masked(text: str, found: list[tuple[str, str]]) -> None:
    assert [(match.kind, match.masked) for match in personal_data(text)] == found


@pytest.mark.parametrize(
    "text",
    [
        "jane@example.com",
        "a@mail.example.org",
        "b@example.net",
        "c@shop.example",
        "d@staging.test",
        "e@nowhere.invalid",
        "+1 415 555 0123",
        "(415) 555-0199",
        "555-0100",
        "4111 1111 1111 1111",  # a published test card number
        "4242424242424242",
        "0000 0000 0000 0000",
        "1234 5678 9012 3456",  # fails the Luhn check
        "on 2024-01-15 at 10:30",
        "ts 2026-11-30T04:41:59Z",
        "version 1.2.3 on 10.20.30.40",
        "refund up to $50 after review",
        "tickets T-14 and T-41",
        "order 12345678",
        "memory_version 11",
    ],
)
def test_not_personal_data(text: str) -> None:
    assert personal_data(text) == []


def test_message() -> None:
    (match,) = personal_data("jane.doe@gmail.com")
    assert match.message() == f"looks like a real e-mail address (j***@gmail.com); {EMAIL_FIX}"


# -- linting files -------------------------------------------------------------------


def test_warnings_name_the_line_and_field(tmp_path: Path) -> None:
    text = (
        "events:\n"
        "  - id: e1\n"
        "    text: Reach me at jane.doe@gmail.com or 415-555-2671.\n"
        "    facts:\n"
        "      - {id: f1, predicate: payment.card, value: '4539 1488 0343 6467'}\n"
    )
    path = write(tmp_path, "leaky", text)
    assert [finding.describe() for finding in lint_file(path)] == [
        f"{path}:3: warning: events[0].text: looks like a real e-mail address (j***@gmail.com); {EMAIL_FIX}",
        f"{path}:3: warning: events[0].text: looks like a real phone number (********71); {PHONE_FIX}",
        f"{path}:5: warning: events[0].facts[0].value: looks like a real card number "
        f"(************6467); {CARD_FIX}",
    ]


def test_allow_comment(tmp_path: Path) -> None:
    text = f"events:\n  - id: e1\n    text: Order 4539 1488 0343 6467 shipped.  {ALLOW_COMMENT}\n"
    assert lint_file(write(tmp_path, "allowed", text)) == []


def test_spec_error_and_warning_together(tmp_path: Path) -> None:
    path = write(tmp_path, "both", "events:\n  - id: e1\n    txt: mail bob@gmail.com\n")
    assert [finding.describe() for finding in lint_file(path)] == [
        f"{path}:3: error: events[0].txt: unknown key; did you mean 'text'?",
        f"{path}:3: warning: events[0].txt: looks like a real e-mail address (b***@gmail.com); {EMAIL_FIX}",
    ]


def test_artifact_file_is_scanned(tmp_path: Path) -> None:
    artifact = {
        "memory_version": 1,
        "tenant_id": "t",
        "subject_id": "s",
        "facts": [],
        "summary": "Call 415-555-2671.",
    }
    (tmp_path / "saved.json").write_text(json.dumps(artifact), encoding="utf-8")
    path = write(tmp_path, "incident", "kind: recorded\nexpected: []\nartifact_file: saved.json\n")
    assert [finding.describe() for finding in lint_file(path)] == [
        f"{tmp_path / 'saved.json'}: warning: summary: looks like a real phone number (********71); "
        + PHONE_FIX
    ]


def test_find_specs(tmp_path: Path) -> None:
    a = write(tmp_path / "x", "a", E1)
    b = write(tmp_path / "x" / "deeper", "b", E1)
    (tmp_path / "x" / "notes.yaml").write_text("not a spec\n", encoding="utf-8")
    other = tmp_path / "other.yaml"
    other.write_text(E1, encoding="utf-8")
    assert find_specs([tmp_path / "x", other]) == [a, b, other]
    assert find_specs([tmp_path / "x"], "notes.*") == [tmp_path / "x" / "notes.yaml"]
    with pytest.raises(ConfigError, match="no such file or directory"):
        find_specs([tmp_path / "missing"])


def test_example_specs_and_library_are_clean() -> None:
    report = lint_paths([HERE / "specs", HERE.parent / "fixture_library"])
    assert [finding.describe() for finding in report.findings] == []
    assert report.ok


# -- the command ---------------------------------------------------------------------


def test_clean_exit_0(tmp_path: Path) -> None:
    write(tmp_path, "good", E1)
    write(tmp_path, "also-good", E1)
    assert run("lint", str(tmp_path)) == (0, "2 spec files checked: no problems\n", "")


def test_problems_exit_1(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad", "events:\n  - id: e1\n    txt: hi\n")
    leaky = write(tmp_path, "leaky", "events:\n  - {id: e1, text: call 415-555-2671}\n")
    write(tmp_path, "good", E1)
    status, out, err = run("lint", str(tmp_path))
    assert status == 1
    assert err == ""
    assert out.splitlines() == [
        f"{bad}:3: error: events[0].txt: unknown key; did you mean 'text'?",
        f"{leaky}:2: warning: events[0].text: looks like a real phone number (********71); {PHONE_FIX}",
        "3 spec files checked: 1 error, 1 warning",
    ]


def test_every_bad_spec_kind_is_reported(tmp_path: Path) -> None:
    write(tmp_path, "yaml", 'events: "unterminated\n')
    write(tmp_path, "lifecycle", "events:\n  - {id: e1, text: hi}\nsteps: [{delete: f1}, compress]\n")
    write(tmp_path, "tag", "events: !!python/name:os.system\n")
    status, out, _ = run("lint", str(tmp_path))
    assert status == 1
    assert out.splitlines()[-1] == "3 spec files checked: 3 errors, 0 warnings"


def test_json_format(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad", "events: 3\n")
    status, out, _ = run("lint", "--format", "json", str(bad))
    assert status == 1
    assert json.loads(out) == {
        "ok": False,
        "files": [str(bad)],
        "findings": [
            {
                "source": str(bad),
                "line": 1,
                "path": "events",
                "severity": "error",
                "code": "spec-error",
                "message": "expected a list, got 3 (int)",
            }
        ],
    }


def test_pattern_option(tmp_path: Path) -> None:
    (tmp_path / "a.spec.yaml").write_text(E1, encoding="utf-8")
    assert run("lint", "--pattern", "*.spec.yaml", str(tmp_path)) == (
        0,
        "1 spec file checked: no problems\n",
        "",
    )


def test_usage_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("lint", str(tmp_path / "missing")) == (
        2,
        "",
        f"compaction: error: {tmp_path / 'missing'}: no such file or directory\n",
    )
    assert run("lint", str(tmp_path)) == (
        2,
        "",
        f"compaction: error: no fixture specs matching '*.compaction.yaml' under {tmp_path}; pass spec files "
        "or the folders that hold them (--pattern changes the file pattern)\n",
    )
    status, _, _ = run("lint")
    assert status == 2
    assert "the following arguments are required: PATH" in capsys.readouterr().err


USE_SPEC = """\
events:
  - id: e1
    text: Peanuts are off the menu.
    facts: [{id: f1, predicate: food.peanuts_allowed, value: false}]
steps:
  - add: [e1]
  - compress
  - retrieve: {query: meal_recommendation}
  - use: {consumer: my_planner, rules: [no_forbidden_ingredient, os:system]}
"""


@pytest.mark.parametrize(
    ("config_name", "config_text"),
    [
        ("pytest.ini", "[pytest]\ncompaction_use =\n    my_planner = meals:plan\n"),
        ("pyproject.toml", '[tool.pytest.ini_options]\ncompaction_use = ["my_planner = meals:plan"]\n'),
        ("tox.ini", "[pytest]\ncompaction_use = my_planner = meals:plan\n"),
        ("setup.cfg", "[tool:pytest]\ncompaction_use =\n  my_planner = meals:plan\n"),
    ],
)
def test_use_names_are_checked_against_the_projects_registrations(
    tmp_path: Path, config_name: str, config_text: str
) -> None:
    (tmp_path / config_name).write_text(config_text)
    spec = write(tmp_path / "specs", "meal", USE_SPEC)
    code, out, _ = run("lint", str(tmp_path / "specs"))
    assert code == 1
    assert f"{spec}:9: error: steps[3].use.rules[1]: rule 'os:system' is not registered;" in out
    assert "my_planner" not in out.replace("`compaction_use = my_name", "")  # registered in the ini
    assert "no_forbidden_ingredient' is not" not in out  # built in
    assert out.count("is not registered") == 1


def test_without_the_registration_the_consumer_is_flagged(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    write(tmp_path, "meal", USE_SPEC.replace(", os:system", ""))
    code, out, _ = run("lint", str(tmp_path))
    assert code == 1
    assert "steps[3].use.consumer: consumer 'my_planner' is not registered;" in out


def test_a_conftest_registration_is_read_not_run(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "conftest.py").write_text(
        "raise SystemExit('lint must never import a conftest')\n"
        "from pytest_compaction.config.references import register_use\n"
        "register_use('my_planner', print)\n"
    )
    write(tmp_path, "meal", USE_SPEC.replace(", os:system", ""))
    assert run("lint", str(tmp_path))[:2] == (0, "1 spec file checked: no problems\n")
    (tmp_path / "conftest.py").write_text("from x import register_use, NAME\nregister_use(NAME, print)\n")
    code, out, _ = run("lint", str(tmp_path))
    assert code == 1
    assert "warning: steps[3].use.consumer: consumer 'my_planner' is not registered;" in out
    assert f"lint cannot read the name registered at {tmp_path / 'conftest.py'}:2" in out


def test_lint_reads_the_spec_roots_of_the_project(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "a.artifact.json").write_text(
        json.dumps({"memory_version": 1, "tenant_id": "t", "subject_id": "s", "facts": []})
    )
    spec = (
        "kind: recorded\nexpected: []\nartifact_file: ../shared/a.artifact.json\nexpect: {violations: []}\n"
    )
    write(tmp_path / "specs", "r", spec)
    code, out, _ = run("lint", str(tmp_path / "specs"))
    assert code == 1
    assert "compaction_spec_roots" in out
    (tmp_path / "pytest.ini").write_text("[pytest]\ncompaction_spec_roots = shared\n")
    assert run("lint", str(tmp_path / "specs"))[:2] == (0, "1 spec file checked: no problems\n")


def prose_spec(text: str, prose: str, qualifiers: str = "") -> str:
    return (
        "events:\n"
        "  - id: e1\n"
        f"    text: '{text}'\n"
        "    facts:\n"
        "      - id: f1\n"
        "        predicate: food.peanuts_allowed\n"
        "        value: false\n"
        f"{qualifiers}"
        f"        prose: {prose}\n"
    )


@pytest.mark.parametrize(
    ("text", "prose", "qualifiers"),
    [
        # the value's words are nowhere in the source: no faithful summary can state them
        ("Peanuts make my throat close up.", "{names: [peanuts], value: [allergic, allergy]}", ""),
        # the name is nowhere in the source
        ("I am allergic to tree nuts.", "{names: [sesame], value: [allergic]}", ""),
        # the qualifier's words are nowhere in the source
        (
            "I am allergic to peanuts.",
            "{names: [peanuts], value: [allergic], qualifiers: {severity: [anaphylactic]}}",
            "        qualifiers: {severity: severe}\n",
        ),
    ],
)
def test_a_prose_form_the_source_does_not_state_is_flagged_at_its_line(
    tmp_path: Path, text: str, prose: str, qualifiers: str
) -> None:
    path = write(tmp_path, "unread", prose_spec(text, prose, qualifiers))
    [finding] = lint_file(path)
    assert (finding.code, finding.severity, finding.path) == (
        "prose-form-unread",
        "warning",
        "events[0].facts[0].prose",
    )
    assert finding.line == (9 if qualifiers else 8)
    assert "f1:" in finding.message
    assert "copied word for word" in finding.message


@pytest.mark.parametrize(
    ("text", "prose"),
    [
        ("I am allergic to peanuts.", "{names: [peanuts], value: [allergic]}"),
        ("My son has a severe peanut allergy.", "{names: [peanuts], value: [allergy]}"),  # inflected
        ("Peanuts: I am allergic, never serve them.", "{names: [peanut], value: [allergic, allergy]}"),
    ],
)
def test_a_prose_form_the_source_states_is_not_flagged(tmp_path: Path, text: str, prose: str) -> None:
    assert lint_file(write(tmp_path, "read", prose_spec(text, prose))) == []
