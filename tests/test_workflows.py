"""The GitHub workflows are valid and do what they claim, as far as can be told without GitHub.

Both files are loaded as YAML and checked against the structure GitHub Actions accepts
(top-level, job and step keys; one of ``uses``/``run`` per step; pinned actions; matrix
references; ``needs``), then against what each workflow is for: the project's CI runs
lint, types, tests on Python 3.10-3.13 with xdist, the strict docs build and a wheel
smoke test; the user example runs the contract on pull requests that touch memory code,
writes junitxml, uploads evidence bundles only on failure, and keys its pip cache on the
file it installs from. The example's contract command is run for real, passing and
failing, to show the upload steps find what they upload.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
CI = WORKFLOWS / "ci.yml"
EXAMPLE = WORKFLOWS / "compaction-example.yml"

TOP_KEYS = {"name", "run-name", "on", "permissions", "env", "defaults", "concurrency", "jobs"}
JOB_KEYS = {
    "name",
    "needs",
    "permissions",
    "if",
    "runs-on",
    "environment",
    "concurrency",
    "outputs",
    "env",
    "defaults",
    "steps",
    "timeout-minutes",
    "strategy",
    "continue-on-error",
    "container",
    "services",
}
STEP_KEYS = {
    "id",
    "if",
    "name",
    "uses",
    "run",
    "working-directory",
    "shell",
    "with",
    "env",
    "continue-on-error",
    "timeout-minutes",
}
EVENTS = {"push", "pull_request", "pull_request_target", "workflow_dispatch", "schedule", "release"}
PYTHONS = ["3.10", "3.11", "3.12", "3.13"]


def load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path.name}: a workflow is a mapping"
    # YAML 1.1 reads the bare key `on` as the boolean true; GitHub reads it as "on".
    if True in data:
        data["on"] = data.pop(True)
    return data


def steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    return list(job["steps"])


def runs(job: dict[str, Any]) -> str:
    return "\n".join(step.get("run", "") for step in steps(job))


def uses(job: dict[str, Any], action: str) -> list[dict[str, Any]]:
    return [step for step in steps(job) if step.get("uses", "").split("@")[0] == action]


@pytest.fixture(params=[CI, EXAMPLE], ids=lambda p: p.name)
def workflow(request: pytest.FixtureRequest) -> tuple[Path, dict[str, Any]]:
    path: Path = request.param
    return path, load(path)


def test_structure(workflow: tuple[Path, dict[str, Any]]) -> None:
    path, data = workflow
    assert set(data) <= TOP_KEYS, f"{path.name}: unknown top-level keys {set(data) - TOP_KEYS}"
    assert data["name"], f"{path.name}: name the workflow"
    assert data["jobs"], f"{path.name}: no jobs"
    triggers = data["on"]
    assert isinstance(triggers, dict), f"{path.name}: on: is a mapping of events"
    assert set(triggers) <= EVENTS, f"{path.name}: unexpected events {set(triggers) - EVENTS}"
    assert data["permissions"] == {"contents": "read"}, "workflows read the repository and nothing more"
    for name, job in data["jobs"].items():
        where = f"{path.name}: jobs.{name}"
        assert set(job) <= JOB_KEYS, f"{where}: unknown keys {set(job) - JOB_KEYS}"
        assert job["runs-on"], f"{where}: needs runs-on"
        assert job["steps"], f"{where}: needs steps"
        assert isinstance(job.get("timeout-minutes"), int), f"{where}: set timeout-minutes"
        for need in [job["needs"]] if isinstance(job.get("needs"), str) else job.get("needs", []):
            assert need in data["jobs"], f"{where}: needs an unknown job {need!r}"
        matrix = job.get("strategy", {}).get("matrix", {})
        text = yaml.safe_dump(job)
        for key in re.findall(r"matrix\.([\w-]+)", text):
            assert key in matrix, f"{where}: uses matrix.{key}, which the matrix does not define"
        for index, step in enumerate(steps(job)):
            at = f"{where}.steps[{index}]"
            assert set(step) <= STEP_KEYS, f"{at}: unknown keys {set(step) - STEP_KEYS}"
            assert ("uses" in step) != ("run" in step), f"{at}: a step has exactly one of uses and run"
            if "uses" in step:
                assert re.fullmatch(r"[\w.-]+/[\w.-]+@(v\d+(\.\d+)*|[0-9a-f]{40})", step["uses"]), (
                    f"{at}: pin the action to a version: {step['uses']}"
                )
    text = path.read_text(encoding="utf-8")
    assert text.count("${{") == text.count("}}"), f"{path.name}: an unbalanced ${{{{ }}}} expression"


def test_pip_caches_are_keyed_on_a_file_the_job_installs_from(workflow: tuple[Path, dict[str, Any]]) -> None:
    path, data = workflow
    for name, job in data["jobs"].items():
        for setup in uses(job, "actions/setup-python"):
            options = setup.get("with", {})
            if options.get("cache") != "pip":
                continue
            key = options.get("cache-dependency-path")
            assert key, f"{path.name}: jobs.{name}: a pip cache needs cache-dependency-path"
            assert (ROOT / key).is_file(), (
                f"{path.name}: jobs.{name}: the cache key file {key} does not exist"
            )
            installs = [line for line in runs(job).splitlines() if "pip install" in line]
            assert installs, f"{path.name}: jobs.{name}: caches pip but installs nothing"
            for line in installs:
                argv = shlex.split(line)
                read = argv[argv.index("-r") + 1] if "-r" in argv else "pyproject.toml"
                assert read == key, (
                    f"{path.name}: jobs.{name}: installs from {read} but keys the cache on {key}"
                )


# -- the project's CI --------------------------------------------------------------------------


def test_ci_triggers() -> None:
    triggers = load(CI)["on"]
    assert triggers["push"] == {"branches": ["main"]}
    assert "pull_request" in triggers


def test_ci_lints_and_type_checks() -> None:
    job = load(CI)["jobs"]["lint"]
    commands = runs(job)
    assert "ruff check pytest_compaction tests benchmarks" in commands
    assert "ruff format --check pytest_compaction tests benchmarks" in commands
    assert re.search(r"^mypy$", commands, re.MULTILINE), "mypy runs with the strict config in pyproject.toml"
    assert "--builtin-schema vendor.github-workflows .github/workflows/*.yml" in commands


def test_ci_tests_every_supported_python_with_xdist() -> None:
    job = load(CI)["jobs"]["tests"]
    matrix = job["strategy"]["matrix"]["python-version"]
    assert matrix == PYTHONS, "versions are strings: a bare 3.10 is the float 3.1"
    assert job["strategy"]["fail-fast"] is False
    (setup,) = uses(job, "actions/setup-python")
    assert setup["with"]["python-version"] == "${{ matrix.python-version }}"
    assert re.search(r"python -m pytest -n (auto|\d+)$", runs(job), re.MULTILINE)
    assert "--compaction-contract fixture_library" in runs(job)


def test_ci_builds_the_docs_strictly() -> None:
    job = load(CI)["jobs"]["docs"]
    assert 'pip install -e ".[docs]"' in runs(job)
    assert "mkdocs build --strict" in runs(job)


def test_ci_smoke_tests_the_wheel_outside_the_checkout() -> None:
    job = load(CI)["jobs"]["package"]
    commands = runs(job)
    assert "python -m build" in commands
    assert "pip install dist/*.whl" in commands
    (smoke,) = [step for step in steps(job) if "--compaction-contract" in step.get("run", "")]
    assert smoke["working-directory"] == "${{ runner.temp }}", "run from outside the checkout"
    assert "--compaction-fixtures=library" in smoke["run"], "the bundled library inside the installed package"
    assert '"$env_bin/python" -m pytest' in smoke["run"], "the wheel's environment, not the checkout's"


def test_ci_installs_extras_that_exist() -> None:
    tomllib = pytest.importorskip("tomllib")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    for name, job in load(CI)["jobs"].items():
        for extra in re.findall(r'pip install -e "\.\[(\w+)\]"', runs(job)):
            assert extra in extras, (
                f"ci.yml: jobs.{name} installs .[{extra}], which pyproject.toml does not define"
            )


def test_ci_paths_exist() -> None:
    for name in ("pytest_compaction", "tests", "benchmarks", "fixture_library", "mkdocs.yml"):
        assert (ROOT / name).exists(), name


# -- the example for users ---------------------------------------------------------------------


def contract_step(job: dict[str, Any]) -> dict[str, Any]:
    (step,) = [step for step in steps(job) if "--compaction-contract" in step.get("run", "")]
    return step


def test_example_runs_on_pull_requests_touching_memory_code() -> None:
    triggers = load(EXAMPLE)["on"]
    assert set(triggers) == {"pull_request"}
    paths = triggers["pull_request"]["paths"]
    assert ".github/workflows/compaction-example.yml" in paths, "a change to the workflow itself runs it"
    for pattern in paths:
        assert list(ROOT.glob(pattern)), f"the paths filter {pattern!r} matches nothing in the repository"


def test_example_writes_junitxml_and_sanitized_evidence() -> None:
    (job,) = load(EXAMPLE)["jobs"].values()
    command = contract_step(job)["run"]
    assert "--junitxml=reports/junit.xml" in command
    assert "--compaction-evidence=reports/evidence" in command
    assert "--compaction-evidence-raw" not in command, "raw event text never goes into CI artifacts"


def test_example_uploads_evidence_only_on_failure() -> None:
    (job,) = load(EXAMPLE)["jobs"].values()
    uploads = uses(job, "actions/upload-artifact")
    (evidence,) = [step for step in uploads if "evidence" in str(step["with"]["path"])]
    assert evidence["if"] == "${{ failure() }}"
    assert evidence["with"]["path"].rstrip("/") == "reports/evidence"
    order = [id(step) for step in steps(job)]
    assert order.index(id(evidence)) > order.index(id(contract_step(job))), "upload after the run"
    others = [step for step in uploads if step is not evidence]
    assert all("evidence" not in str(step["with"]["path"]) for step in others)


def example_argv() -> list[str]:
    (job,) = load(EXAMPLE)["jobs"].values()
    argv = shlex.split(contract_step(job)["run"])
    assert argv[:3] == ["python", "-m", "pytest"]
    return argv[3:]


def test_example_command_really_writes_what_the_uploads_expect(pytester: pytest.Pytester) -> None:
    (pytester.path / "fixture_library").symlink_to(ROOT / "fixture_library")
    passing = pytester.runpytest_subprocess("-p", "no:cacheprovider", *example_argv())
    assert passing.ret == 0, passing.outlines[-20:]
    assert (pytester.path / "reports" / "junit.xml").is_file()
    assert (pytester.path / "reports" / "compaction.json").is_file()
    assert not (pytester.path / "reports" / "evidence").exists(), "a passing run leaves nothing to upload"

    failing = pytester.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        *example_argv(),
        "--compaction-compressor=pytest_compaction.mutants.catalog:NegateBoolean",
        "-k",
        "peanut-allergy",
    )
    assert failing.ret == 1, failing.outlines[-20:]
    bundles = list((pytester.path / "reports" / "evidence").glob("*.json"))
    assert bundles, "a failing run writes evidence bundles where the upload step looks"
