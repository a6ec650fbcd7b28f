"""Specs are data: marks, use steps and file paths never run code or read outside the suite.

Every case runs a real pytest session (``pytester``) next to a good spec: the hostile
spec is one failed item with a named error, the rest of the session runs, and nothing
the spec wrote as Python is executed (a canary file would prove it).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.specs.marks import Mark, read_marks

GOOD = """\
events:
  - id: e1
    text: I am allergic to peanuts.
    facts:
      - {id: fact-allergy-1, predicate: food.peanuts_allowed, value: false}
"""

CONTRACT = ("--compaction-contract", "-p", "no:hypothesispytest", "-p", "no:cacheprovider")


def _write(pytester: pytest.Pytester, name: str, text: str) -> Path:
    path = pytester.path / f"{name}.compaction.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _clean(result: pytest.RunResult) -> None:
    text = result.stdout.str() + result.stderr.str()
    for word in ("Traceback", "INTERNALERROR", "Interrupted", "error during collection"):
        assert word not in text, text


def _canary_expression(canary: Path) -> str:
    return f"__import__('pathlib').Path({str(canary)!r}).write_text('ran')"


@pytest.mark.parametrize(
    ("template", "message"),
    [
        (
            'marks:\n  - skipif: "{code}"\n',
            "marks[0].skipif: skipif takes conditions, not a Python expression ({code!r}); a spec is data, "
            "so conditions are never Python: use platform, python, env, installed or missing, e.g. "
            "`skipif: {{platform: win32, reason: no fork on Windows}}`",
        ),
        (
            'marks:\n  - skipif: {{condition: "{code}", reason: r}}\n',
            "marks[0].skipif.condition: `condition` is refused: a spec is data, so conditions are never "
            "Python: use platform, python, env, installed or missing, e.g. `skipif: {{platform: win32, "
            "reason: no fork on Windows}}`",
        ),
        (
            'marks:\n  - xfail: {{condition: "{code}"}}\n',
            "marks[0].xfail.condition: `condition` is refused: a spec is data, so conditions are never "
            "Python: use platform, python, env, installed or missing, e.g. `skipif: {{platform: win32, "
            "reason: no fork on Windows}}`",
        ),
        (
            'marks:\n  - slow: {{condition: "{code}"}}\n',
            "marks[0].slow.condition: `condition` is refused: a spec is data, so conditions are never "
            "Python: use platform, python, env, installed or missing, e.g. `skipif: {{platform: win32, "
            "reason: no fork on Windows}}`",
        ),
        (
            'marks:\n  - usefixtures: {{names: "{code}"}}\n',
            "marks[0]: the usefixtures mark names project code, which a spec may not do; apply it in "
            "conftest.py (pytest_collection_modifyitems) instead",
        ),
        (
            'marks:\n  - filterwarnings: "{code}"\n',
            "marks[0]: the filterwarnings mark names project code, which a spec may not do; apply it in "
            "conftest.py (pytest_collection_modifyitems) instead",
        ),
    ],
    ids=[
        "skipif-string",
        "skipif-condition",
        "xfail-condition",
        "custom-condition",
        "usefixtures",
        "filterwarnings",
    ],
)
def test_a_hostile_mark_is_one_failed_item_and_nothing_runs(
    pytester: pytest.Pytester, template: str, message: str
) -> None:
    pytester.makeini("[pytest]\nmarkers =\n    slow: slow specs\n")
    canary = pytester.path / "canary.txt"
    code = _canary_expression(canary)
    path = _write(pytester, "hostile", template.format(code=code.replace('"', '\\"')) + GOOD)
    _write(pytester, "good", GOOD)
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(passed=1, failed=1)
    line = next(line for line in result.stdout.lines if line.startswith("invalid fixture spec:"))
    assert line == f"invalid fixture spec: {path}:2: " + message.format(code=code)
    assert not canary.exists()
    _clean(result)


def test_declarative_conditions_skip_and_xfail(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPACTION_SAFETY_FLAG", "on")
    pytester.makeini("[pytest]\ncompaction_env_values =\n    COMPACTION_SAFETY_FLAG\n")
    running = f"{sys.version_info[0]}.{sys.version_info[1]}"
    cases = {
        "on-this-platform": f"marks:\n  - skipif: {{platform: {sys.platform}, reason: not here}}\n",
        "other-platform": "marks:\n  - skipif: {platform: [plan9, amigaos]}\n",
        "this-python": f"marks:\n  - skipif: {{python: '=={running}'}}\n",
        "env-set": "marks:\n  - skipif: {env: COMPACTION_SAFETY_FLAG}\n",
        "env-value": "marks:\n  - skipif: {env: {COMPACTION_SAFETY_FLAG: 'off'}}\n",
        "installed": "marks:\n  - skipif: {installed: pytest, reason: pytest is here}\n",
        "missing": "marks:\n  - skipif: {missing: no-such-distribution-xyz}\n",
        "no-condition": "marks:\n  - skipif: {reason: always}\n",
        "xfail-here": "marks:\n  - xfail: {python: '>=3.0', reason: known, strict: true}\n",
        "xfail-elsewhere": "marks:\n  - xfail: {platform: plan9, strict: true}\n",
    }
    for name, marks in cases.items():
        failing = "expect:\n  violations: [fact-allergy-1:missing]\n" if name.startswith("xfail") else ""
        _write(pytester, name, marks + GOOD + failing)
    result = pytester.runpytest(*CONTRACT, "-rfsxX")
    # Skipped: this platform, this python, the variable set, pytest installed, the missing
    # distribution, no condition. Run: another platform, a variable with another value.
    result.assert_outcomes(passed=2, skipped=6, xfailed=1, failed=1)
    result.stdout.fnmatch_lines(["SKIPPED [[]1] on-this-platform.compaction.yaml:1: not here"])
    result.stdout.fnmatch_lines(["SKIPPED [[]1] env-set.compaction.yaml:1: env COMPACTION_SAFETY_FLAG"])
    result.stdout.fnmatch_lines(["*XFAIL xfail-here.compaction.yaml::xfail-here[[]as-written] - known"])
    result.stdout.fnmatch_lines(["FAILED xfail-elsewhere.compaction.yaml::xfail-elsewhere[[]as-written]*"])
    _clean(result)


def test_comparing_an_unlisted_variables_value_is_a_spec_error(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DEPLOY_TOKEN", "s3cr3t-value")
    path = _write(pytester, "probe", "marks:\n  - skipif: {env: {DEPLOY_TOKEN: s3cr3t-value}}\n" + GOOD)
    _write(pytester, "set", "marks:\n  - skipif: {env: DEPLOY_TOKEN}\n" + GOOD)
    _write(pytester, "good", GOOD)
    result = pytester.runpytest(*CONTRACT, "-rs")
    result.assert_outcomes(passed=1, failed=1, skipped=1)
    result.stdout.fnmatch_lines(
        [
            f"invalid fixture spec: {path}:2: marks[[]0].skipif.env.DEPLOY_TOKEN: a spec may test that "
            "DEPLOY_TOKEN is set (`env: DEPLOY_TOKEN`), not compare its value*compaction_env_values*"
        ]
    )
    _clean(result)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (
            {"skipif": {"platform": 3}},
            "marks[0].skipif.platform: expected a string or a list of strings, got 3 (int)",
        ),
        (
            {"skipif": {"python": "3.12"}},
            "marks[0].skipif.python: expected a comparison such as '>=3.12' or '<3.11', got '3.12'",
        ),
        (
            {"skipif": {"platfrom": "linux"}},
            "marks[0].skipif.platfrom: unknown key for skipif; did you mean 'platform'?",
        ),
        (
            {"xfail": {"raises": "ValueError"}},
            "marks[0].xfail.raises: unknown key for xfail; allowed: reason, "
            "strict, run, platform, python, env, installed, missing",
        ),
        ({"xfail": {"strict": "yes"}}, "marks[0].xfail.strict: expected true or false, got 'yes' (str)"),
        (
            {"skip": {"reason": ["a"]}},
            "marks[0].skip.reason: expected a string, number or boolean, got ['a'] (list)",
        ),
        (
            {"slow": "why"},
            "marks[0].slow: only skip and xfail take a reason string; write `slow: {key: value}`",
        ),
        (
            {"skipif": {"env": {"A": 1}}},
            "marks[0].skipif.env.A: expected `VARIABLE: value` strings, got 1 (int)",
        ),
        ("not a name", "marks[0]: mark names are identifiers, got 'not a name' (str)"),
    ],
)
def test_mark_errors(raw: object, message: str) -> None:
    with pytest.raises(PayloadError) as caught:
        read_marks([raw])
    assert str(caught.value) == message


def test_marks_keep_plain_kwargs_and_conditions() -> None:
    (mark,) = read_marks([{"xfail": {"reason": "r", "strict": True, "env": "CI"}}])
    assert mark == Mark("xfail", (("reason", "r"), ("strict", True)), (("env", ("CI",)),))
    assert mark.describe() == "env CI"


# -- use: names the project registered -----------------------------------------------------

USE_SPEC = """\
events:
  - id: e1
    text: I am allergic to peanuts.
    facts:
      - {{id: fact-allergy-1, predicate: food.peanuts_allowed, value: false}}
steps:
  - add: all
  - compress
  - retrieve: {{query: meal_recommendation, relevant: [fact-allergy-1]}}
  - use: {{consumer: {consumer}, rules: [no_forbidden_ingredient]}}
"""


def test_a_use_step_cannot_import_an_unregistered_module(pytester: pytest.Pytester) -> None:
    canary = pytester.path / "imported.txt"
    pytester.makepyfile(
        sneaky=f"import pathlib\npathlib.Path({str(canary)!r}).write_text('imported')\n"
        "def plan(memory):\n    return {'dish': 'x', 'ingredients': []}\n"
    )
    pytester.syspathinsert()
    hostile = _write(pytester, "hostile", USE_SPEC.format(consumer="sneaky:plan"))
    _write(pytester, "builtin", USE_SPEC.format(consumer="plan_meal"))
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            f"invalid fixture spec: {hostile}:10: steps[[]3].use.consumer: consumer 'sneaky:plan' is not "
            "registered; *"
        ]
    )
    assert not canary.exists()
    _clean(result)


def test_a_conftest_registration_lets_a_spec_use_a_name(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(
        "from pytest_compaction.config.references import register_use\n"
        "def careless(memory):\n"
        "    return {'dish': 'satay', 'ingredients': ['peanut sauce']}\n"
        "register_use('careless_planner', careless)\n"
    )
    _write(pytester, "careless", USE_SPEC.format(consumer="careless_planner"))
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-allergy-1:action_violates_fact*"])
    _clean(result)


def test_a_bad_ini_registration_is_named(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\ncompaction_use =\n    planner\n")
    _write(pytester, "good", GOOD)
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*compaction_use: 'planner' is not `name = package.module:attribute`; e.g. "
            "`my_planner = myproject.planning:plan`"
        ]
    )
    _clean(result)


# -- artifact_file stays inside the suite ---------------------------------------------------

RECORDED = """\
kind: recorded
expected:
  - {{fact_id: f1, tenant_id: t, subject_id: s, predicate: p, value: 1}}
artifact_file: {target}
"""

SECRET = "SECRET-CANARY-7f3e"


@pytest.mark.parametrize("how", ["parent", "absolute", "symlink"])
def test_artifact_file_outside_the_spec_directory_is_refused_without_its_content(
    pytester: pytest.Pytester, how: str
) -> None:
    outside = pytester.path.parent / f"outside-{how}.json"
    outside.write_text(
        f'{{"memory_version": 1, "tenant_id": "{SECRET}", "subject_id": "s"}}', encoding="utf-8"
    )
    suite = pytester.path / "suite"
    suite.mkdir()
    target = {"parent": f"../../{outside.name}", "absolute": str(outside), "symlink": "link.json"}[how]
    if how == "symlink":
        (suite / "link.json").symlink_to(outside)
    spec = suite / "incident.compaction.yaml"
    spec.write_text(RECORDED.format(target=target), encoding="utf-8")
    (suite / "good.compaction.yaml").write_text(GOOD, encoding="utf-8")
    result = pytester.runpytest(*CONTRACT, "suite")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            f"invalid fixture spec: {spec}:4: artifact_file: {target!r} resolves outside the spec's "
            f"directory ({suite.resolve()}); keep the artifact next to the spec, or allow its directory "
            "with the ini option `compaction_spec_roots`"
        ]
    )
    assert SECRET not in result.stdout.str() + result.stderr.str()
    _clean(result)


def test_an_allowed_root_admits_a_shared_artifact(pytester: pytest.Pytester) -> None:
    shared = pytester.path / "shared"
    shared.mkdir()
    (shared / "artifact.json").write_text(
        '{"memory_version": 1, "tenant_id": "t", "subject_id": "s", '
        '"facts": [{"fact_id": "f1", "predicate": "p", "value": 1}]}',
        encoding="utf-8",
    )
    suite = pytester.path / "suite"
    suite.mkdir()
    (suite / "incident.compaction.yaml").write_text(
        RECORDED.format(target="../shared/artifact.json"), encoding="utf-8"
    )
    pytester.makeini("[pytest]\ncompaction_spec_roots = shared\n")
    pytester.runpytest(*CONTRACT, "suite").assert_outcomes(passed=1)
