"""Every hostile spec of the corpus in one real pytest session: one bad spec is one failed item.

The whole spec corpus is collected and run together (``pytest --compaction-contract``, in
a subprocess with a timeout and a memory cap). The session must end (no hang), with no
internal error and no traceback; each bad spec is one failed or erroring item naming its
file, the valid controls still pass, and no isolation probe ran code, imported a module
or echoed a file from outside the suite.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from faults_corpus import SPECS, SpecCase, spec_params

MEMORY_CAP = 3 * 1024**3
IN_SESSION = [case for case in SPECS if not (case.pending and case.hangs)]


def _cap_memory() -> None:  # runs in the child before it starts
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, int]:
    root = tmp_path_factory.mktemp("spec-session")
    specs = root / "specs"
    specs.mkdir()
    for case in IN_SESSION:
        (specs / f"{case.name}.compaction.yaml").write_bytes(case.content)
        for name, content in case.files.items():
            (root / name).write_bytes(content)
    (root / "pytest.ini").write_text("[pytest]\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    # --continue-on-collection-errors: the verdict of every spec is read even while a loader
    # error still aborts collection on this branch (see test_no_spec_aborts_the_collection).
    command = [sys.executable, "-m", "pytest", "--compaction-contract", "-p", "no:cacheprovider", "-rA"]
    command += ["--continue-on-collection-errors", "specs"]
    result = subprocess.run(
        command,
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        errors="backslashreplace",
        timeout=300,
        preexec_fn=_cap_memory if sys.platform.startswith("linux") else None,
    )
    return root, result.stdout + result.stderr, result.returncode


def outcome_of(output: str, case: SpecCase) -> set[str]:
    pattern = re.compile(
        rf"^(PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)\b.*\b{re.escape(case.name)}\.compaction\.yaml"
    )
    return {match.group(1) for match in map(pattern.match, output.splitlines()) if match}


def test_the_session_ends_without_an_internal_error(session: tuple[Path, str, int]) -> None:
    _, output, code = session
    assert code in (0, 1), f"exit {code}\n{output[-3000:]}"
    assert "INTERNALERROR" not in output


COLLECTION_ERROR = re.compile(r"^ERROR (\S+\.compaction\.yaml)(?: - |$)")
FRAME = re.compile(r"\.py:\d+: in \w+|Traceback \(most recent call last\)")


def test_no_spec_errors_the_collection(session: tuple[Path, str, int]) -> None:
    """A bad spec is one failing item (``::spec-error``), never a collection error that aborts
    the run (the session here runs with --continue-on-collection-errors to see the rest)."""
    _, output, _ = session
    errors = [m.group(1) for m in map(COLLECTION_ERROR.match, output.splitlines()) if m]
    assert not errors, f"collection errors: {', '.join(errors)}"


FALLBACK = "please report this spec to pytest-compaction"


def test_every_bad_spec_gets_a_named_error_not_the_loaders_fallback(session: tuple[Path, str, int]) -> None:
    """The collector's last resort (an exception no check named) never answers a corpus spec."""
    _, output, _ = session
    fallback = [line for line in output.splitlines() if FALLBACK in line]
    assert not fallback, fallback[:3]


def test_the_session_prints_no_traceback(session: tuple[Path, str, int]) -> None:
    _, output, _ = session
    frames = [line for line in output.splitlines() if FRAME.search(line)]
    assert not frames, f"{len(frames)} traceback line(s): {frames[:3]}"


@pytest.mark.parametrize("case", spec_params())
def test_each_spec_gets_its_verdict(case: SpecCase, session: tuple[Path, str, int]) -> None:
    assert case in IN_SESSION, f"{case.name} is kept out of the session"
    root, output, _ = session
    outcomes = outcome_of(output, case)
    if case.verdict == "ok":
        assert outcomes == {"PASSED"}, f"{case.name}: {outcomes or 'not reported'}"
    elif case.verdict == "error":
        assert outcomes & {"FAILED", "ERROR"}, f"{case.name}: {outcomes or 'not reported'}"
        assert "PASSED" not in outcomes, f"{case.name}: a bad spec passed"
    for forbidden in case.forbidden:
        assert not (root / forbidden).exists(), f"{case.name}: the spec ran code ({forbidden} was created)"
        assert forbidden not in output, f"{case.name}: {forbidden} reached the output"


def test_no_spec_forges_terminal_output_or_annotations(session: tuple[Path, str, int]) -> None:
    _, output, _ = session
    forged = [
        line for line in output.splitlines() if line.lstrip().startswith("::error") or "\x1b[2J" in line
    ]
    assert not forged, f"{len(forged)} unescaped line(s): {forged[:3]}"
