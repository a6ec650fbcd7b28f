"""``compaction check``: exit codes, exact lines, JSON output, and bad input without tracebacks."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from pytest_compaction.cli import EXIT_OK, EXIT_USAGE, EXIT_VIOLATIONS, main

EXAMPLE = Path(__file__).parent.parent / "docs" / "examples" / "incident-allergy.json"
ALLERGY_LINE = (
    "fact-allergy-1:qualifiers_changed  expected (('basis', 'allergy'), ('severity', 'critical')) got ()"
)


def allergy_payload(**artifact_changes: Any) -> dict[str, Any]:
    fact = {
        "fact_id": "fact-allergy-1",
        "tenant_id": "tenant-a",
        "subject_id": "subject-1",
        "predicate": "food.peanuts_allowed",
        "value": False,
        "qualifiers": {"basis": "allergy", "severity": "critical"},
        "source_event_id": "e1",
        "status": "active",
    }
    emitted = {
        "fact_id": "fact-allergy-1",
        "predicate": "food.peanuts_allowed",
        "value": False,
        "qualifiers": {"severity": "critical", "basis": "allergy"},
        "source_event_ids": ["e1"],
    }
    artifact: dict[str, Any] = {
        "memory_version": 12,
        "tenant_id": "tenant-a",
        "subject_id": "subject-1",
        "facts": [emitted],
        "summary": "User is allergic to peanuts.",
    }
    artifact.update(artifact_changes)
    return {"expected": [fact], "artifact": artifact}


def write(tmp_path: Path, name: str, content: str | dict[str, Any]) -> Path:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([str(a) for a in argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


# -- exit codes and the lines a person reads ---------------------------------------------


def test_a_faithful_artifact_exits_0_with_one_line(tmp_path: Path) -> None:
    path = write(tmp_path, "ok.json", allergy_payload())
    assert run("check", path) == (
        EXIT_OK,
        f"{path}: the artifact satisfies the fact contract (1 fact checked)\n",
        "",
    )


def test_the_bundled_example_exits_1_with_the_issue_line() -> None:
    assert run("check", EXAMPLE) == (EXIT_VIOLATIONS, ALLERGY_LINE + "\n", "")


def test_one_violation_per_line_in_order(tmp_path: Path) -> None:
    facts = [
        {
            "fact_id": "fact-allergy-1",
            "predicate": "food.peanuts_allowed",
            "value": "false",
            "qualifiers": {},
        },
        {"fact_id": "home-1", "predicate": "home.city", "value": "Paris"},
    ]
    path = write(tmp_path, "bad.json", allergy_payload(facts=facts))
    code, out, err = run("check", path)
    assert code == EXIT_VIOLATIONS
    assert out.splitlines() == [
        "fact-allergy-1:provenance_missing  expected ('e1',) got ()  (lost source e1)",
        ALLERGY_LINE,
        "fact-allergy-1:value_changed  expected False (bool) got 'false' (str)",
        "home-1:unsupported_fact  home.city = 'Paris' (str) is not in the ledger",
    ]
    assert err == ""


MISSING_PROSE_ONLY = (
    "fact-allergy-1:missing  food.peanuts_allowed = False (bool) is not in the artifact; the artifact is "
    "prose only (a summary, no facts): give the facts prose forms (prose: names: [...]) to check the "
    "summary in prose\n"
)


def test_a_missing_fact(tmp_path: Path) -> None:
    path = write(tmp_path, "lost.json", allergy_payload(facts=[]))
    assert run("check", path) == (
        EXIT_VIOLATIONS,
        MISSING_PROSE_ONLY,
        "",
    )


def test_exit_codes_are_0_1_2() -> None:
    assert (EXIT_OK, EXIT_VIOLATIONS, EXIT_USAGE) == (0, 1, 2)


# -- modes ---------------------------------------------------------------------------


def invented(tmp_path: Path) -> Path:
    payload = allergy_payload()
    payload["artifact"]["facts"].append({"fact_id": "home-1", "predicate": "home.city", "value": "Paris"})
    return write(tmp_path, "invented.json", payload)


def test_strict_is_the_default_and_fails_on_an_invented_fact(tmp_path: Path) -> None:
    path = invented(tmp_path)
    expected = (
        EXIT_VIOLATIONS,
        "home-1:unsupported_fact  home.city = 'Paris' (str) is not in the ledger\n",
        "",
    )
    assert run("check", path) == expected
    assert run("check", path, "--mode", "strict") == expected


def test_permissive_lists_it_for_review_and_passes(tmp_path: Path) -> None:
    path = invented(tmp_path)
    assert run("check", path, "--mode", "permissive") == (
        EXIT_OK,
        "review: home-1:unsupported_fact  home.city = 'Paris' (str) is not in the ledger\n"
        f"{path}: the artifact satisfies the fact contract (2 facts checked)\n",
        "",
    )


def test_permissive_still_fails_on_a_changed_fact() -> None:
    code, out, _ = run("check", EXAMPLE, "--mode", "permissive")
    assert (code, out) == (EXIT_VIOLATIONS, ALLERGY_LINE + "\n")


# -- --format json -----------------------------------------------------------------------


def test_json_output_for_violations() -> None:
    code, out, err = run("check", EXAMPLE, "--format", "json")
    assert (code, err) == (EXIT_VIOLATIONS, "")
    assert json.loads(out) == {
        "payload": str(EXAMPLE),
        "mode": "strict",
        "ok": False,
        "violations": [
            {
                "name": "fact-allergy-1:qualifiers_changed",
                "code": "qualifiers_changed",
                "fact_id": "fact-allergy-1",
                "expected": [["basis", "allergy"], ["severity", "critical"]],
                "observed": [],
                "detail": "",
            }
        ],
        "review": [],
    }


def test_json_output_when_the_contract_holds(tmp_path: Path) -> None:
    path = invented(tmp_path)
    code, out, _ = run("check", path, "--format", "json", "--mode", "permissive")
    assert code == EXIT_OK
    data = json.loads(out)
    assert (data["ok"], data["mode"], data["violations"]) == (True, "permissive", [])
    assert [item["name"] for item in data["review"]] == ["home-1:unsupported_fact"]


def test_json_output_keeps_value_types(tmp_path: Path) -> None:
    payload = allergy_payload()
    payload["artifact"]["facts"][0]["value"] = "false"
    code, out, _ = run("check", write(tmp_path, "p.json", payload), "--format", "json")
    assert code == EXIT_VIOLATIONS
    (violation,) = json.loads(out)["violations"]
    assert (violation["name"], violation["expected"], violation["observed"]) == (
        "fact-allergy-1:value_changed",
        False,
        "false",
    )


# -- bad input: exit 2, one message, never a traceback ---------------------------------------


def errors_for(tmp_path: Path, name: str, content: str | dict[str, Any]) -> str:
    path = write(tmp_path, name, content)
    code, out, err = run("check", path)
    assert (code, out) == (EXIT_USAGE, "")
    return err


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "absent.json"
    assert run("check", path) == (EXIT_USAGE, "", f"compaction: error: {path}: no such file\n")


def test_invalid_json_names_the_line(tmp_path: Path) -> None:
    text = '{\n  "expected": [],\n  "artifact": {"memory_version": 1,}\n}\n'
    # The parser's own words differ between Python versions; the line and the shape do not.
    with pytest.raises(json.JSONDecodeError) as parsed:
        json.loads(text)
    assert errors_for(tmp_path, "broken.json", text) == (
        f"compaction: error: {tmp_path / 'broken.json'}:3: invalid JSON: "
        f"{parsed.value.msg} (column {parsed.value.colno})\n"
    )


def test_a_missing_field_names_its_path(tmp_path: Path) -> None:
    payload = allergy_payload()
    payload["artifact"]["facts"] = [dict(payload["artifact"]["facts"][0], fact_id=f"f{i}") for i in range(4)]
    del payload["artifact"]["facts"][3]["value"]
    assert errors_for(tmp_path, "p.json", payload) == (
        f"compaction: error: {tmp_path / 'p.json'}: artifact.facts[3].value: "
        "required key is missing (use null for no value)\n"
    )


def test_a_mistyped_field_says_what_was_expected(tmp_path: Path) -> None:
    assert errors_for(tmp_path, "p.json", allergy_payload(memory_version="12")) == (
        f"compaction: error: {tmp_path / 'p.json'}: "
        "artifact.memory_version: expected an integer, got '12' (str)\n"
    )


def test_an_unknown_status_lists_the_allowed_ones(tmp_path: Path) -> None:
    payload = allergy_payload()
    payload["expected"][0]["status"] = "archived"
    assert errors_for(tmp_path, "p.json", payload) == (
        f"compaction: error: {tmp_path / 'p.json'}: expected[0].status: "
        "expected one of active, superseded, deleted, retired; got 'archived' (str)\n"
    )


def test_a_yaml_payload_is_accepted(tmp_path: Path) -> None:
    yaml = pytest.importorskip("yaml")
    path = write(tmp_path, "p.yaml", yaml.safe_dump(allergy_payload(facts=[])))
    assert run("check", path) == (
        EXIT_VIOLATIONS,
        MISSING_PROSE_ONLY,
        "",
    )


def test_a_yaml_error_names_the_line(tmp_path: Path) -> None:
    text = "expected: []\nartifact:\n  memory_version: 1\n  tenant_id: t\n  subject_id: s\n  facts: {}\n"
    assert errors_for(tmp_path, "p.yaml", text) == (
        f"compaction: error: {tmp_path / 'p.yaml'}:6: artifact.facts: expected a list, got {{}} (dict)\n"
    )


def test_python_object_tags_are_rejected(tmp_path: Path) -> None:
    text = "expected: !!python/object/apply:os.system ['echo pwned']\nartifact: {}\n"
    assert errors_for(tmp_path, "evil.yaml", text) == (
        f"compaction: error: {tmp_path / 'evil.yaml'}:1: expected: the tag !!python/object/apply:os.system "
        "is not allowed; use plain values only (strings, numbers, booleans, null, lists and mappings)\n"
    )


def billion_laughs() -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    previous = "a"
    for name in "bcdefghi":
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
        previous = name
    return "\n".join(lines) + "\n"


def test_billion_laughs_is_refused_fast(tmp_path: Path) -> None:
    start = time.perf_counter()
    err = errors_for(tmp_path, "laughs.yaml", billion_laughs())
    elapsed = time.perf_counter() - start
    assert err.startswith(f"compaction: error: {tmp_path / 'laughs.yaml'}:")
    assert "expands to more than 200000 values" in err
    assert err.count("\n") == 1
    assert elapsed < 2.0


def test_a_directory_is_refused(tmp_path: Path) -> None:
    assert run("check", tmp_path) == (
        EXIT_USAGE,
        "",
        f"compaction: error: {tmp_path}: is a directory, expected a JSON or YAML file\n",
    )


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == EXIT_USAGE
    assert "the following arguments are required: COMMAND" in capsys.readouterr().err
    assert main(["check"]) == EXIT_USAGE
    assert "the following arguments are required: PAYLOAD" in capsys.readouterr().err
    assert main(["check", str(EXAMPLE), "--mode", "lenient"]) == EXIT_USAGE
    assert "invalid choice: 'lenient'" in capsys.readouterr().err
    assert main(["check", str(EXAMPLE), "--format", "xml"]) == EXIT_USAGE


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--help"]) == EXIT_OK
    words = " ".join(capsys.readouterr().out.split())
    assert "Exit 0 when the contract holds, 1 on violations, 2 on bad input." in words


# -- the installed command, end to end ---------------------------------------------------------

BAD_INPUTS: dict[str, str] = {
    "missing.json": "",  # not written
    "broken.json": "{",
    "deep.json": "[" * 50_000 + "]" * 50_000,
    "bigint.json": '{"expected": ' + "1" * 5000 + "}",
    "list.json": "[1, 2, 3]",
    "empty.json": "",
    "empty.yaml": "",
    "tabs.yaml": "expected:\n\t- 1\n",
    "recursive.yaml": "a: &x [*x]\n",
    "evil.yaml": "!!python/object/new:os.system ['true']\n",
    "laughs.yaml": billion_laughs(),
    "binary.json": "\x00\xff\xfe garbage",
}


def command(*argv: str, module: str = "pytest_compaction.cli") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", module, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_input_never_shows_a_traceback(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    if name != "missing.json":
        path.write_text(BAD_INPUTS[name], encoding="utf-8")
    result = command("check", str(path))
    assert result.returncode == EXIT_USAGE, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith(f"compaction: error: {path}")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("module", ["pytest_compaction.cli", "pytest_compaction"])
def test_the_module_entry_points_match_main(module: str) -> None:
    result = command("check", str(EXAMPLE), module=module)
    assert (result.returncode, result.stdout, result.stderr) == (EXIT_VIOLATIONS, ALLERGY_LINE + "\n", "")


def test_a_scenario_is_not_a_payload(tmp_path: Path) -> None:
    payload = allergy_payload()
    payload["kind"] = "scenario"
    assert errors_for(tmp_path, "p.json", payload) == (
        f"compaction: error: {tmp_path / 'p.json'}: kind: compaction check takes a saved artifact "
        "(kind: recorded, or no kind)\n"
    )


def test_a_payload_may_carry_the_prose_contract_of_a_recorded_spec(tmp_path: Path) -> None:
    payload = allergy_payload(facts=[], summary="The user likes healthy food.")
    payload["expected"][0]["prose"] = {"names": ["peanuts"], "value": ["allergic to peanuts"]}
    code, out, err = run("check", write(tmp_path, "p.json", payload))
    assert (code, err) == (EXIT_VIOLATIONS, "")
    assert out.startswith("fact-allergy-1:missing")
    payload["artifact"]["summary"] = "The user is allergic to peanuts."
    assert run("check", write(tmp_path, "p.json", payload))[0] == EXIT_OK
