"""Every ``compaction`` subcommand over the whole fault corpus: a verdict, never a traceback.

Each input (the CLI payloads and every spec of the corpus) goes to ``check`` (text and
JSON), ``prose`` (text and JSON), ``lint`` and ``new-fixture --payload``, in process,
each under a timer. Every run must return an exit code (no exception escapes), finish
in time, print a refusal as exactly one ``compaction: error:`` line, print nothing that
drives a terminal or starts a CI annotation line, and keep ``--format json`` strict JSON.
A few special files also go through the real entry point in a subprocess.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from faults_corpus import PAYLOADS, Payload, SpecCase, spec_params

from pytest_compaction.cli import main

SECONDS = 20
UNSAFE = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
    "\u200b-\u200f\u2060-\u2064\ufeff\U000e0000-\U000e007f]"
)


class Hang(BaseException):
    """Raised by the timer: passes through ``except Exception`` so a hang cannot be hidden."""


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: object) -> None:
        raise Hang(f"no verdict within {seconds}s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def commands(path: Path, out_dir: Path) -> list[list[str]]:
    given = str(path)
    return [
        ["check", given],
        ["check", given, "--format", "json"],
        ["prose", given],
        ["prose", given, "--format", "json"],
        ["lint", given],
        ["new-fixture", "faults", "--payload", given, "--out", str(out_dir), "--force"],
    ]


@contextmanager
def memory_cap(extra: int = 2 * 1024**3) -> Iterator[None]:
    """Bound this process's address space while a hostile input runs: on a shared machine
    an input that makes a loader read without end must be a MemoryError, not the OOM killer."""
    try:
        import resource

        status = Path("/proc/self/status").read_text()
        size = int(re.search(r"VmSize:\s+(\d+) kB", status).group(1)) * 1024  # type: ignore[union-attr]
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, AttributeError):
        yield
        return
    cap = size + extra if hard == resource.RLIM_INFINITY else min(hard, size + extra)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with deadline(SECONDS), memory_cap():
        code = main(argv, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def strict_json(text: str) -> object:
    def refuse(constant: str) -> object:
        raise AssertionError(f"--format json printed {constant}, which is not JSON")

    return json.loads(text, parse_constant=refuse)


def assert_verdict(argv: list[str], code: int, out: str, err: str) -> None:
    shown = f"compaction {' '.join(argv)}"
    assert code in (0, 1, 2), f"{shown}: exit {code}\n{err}"
    for stream in (out, err):
        assert "Traceback" not in stream, f"{shown}: a traceback\n{stream}"
        for line in stream.splitlines():
            assert not UNSAFE.search(line), f"{shown}: an unescaped control character in {line!r}"
            assert not line.lstrip().startswith("::"), f"{shown}: a line that starts a CI command: {line!r}"
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1, f"{shown}: a refusal is one line, got {lines}"
        assert lines[0].startswith("compaction: error: "), f"{shown}: {lines[0]!r}"
    if "--format" in argv and code in (0, 1):
        strict_json(out)


def make_input(case: Payload, tmp_path: Path) -> Path:
    inputs = tmp_path / "in"
    inputs.mkdir()
    return case.make(inputs)


@pytest.mark.parametrize("case", PAYLOADS, ids=lambda c: c.name)
def test_every_subcommand_gives_a_verdict_on_a_hostile_payload(case: Payload, tmp_path: Path) -> None:
    path = make_input(case, tmp_path)
    for argv in commands(path, tmp_path / "out"):
        code, out, err = run(argv)
        assert_verdict(argv, code, out, err)
        if argv[0] == "check":
            assert code in case.check, (
                f"{case.name}: check exit {code}, expected {case.check}\n{err}{out[:500]}"
            )
            if code == 2:
                assert path.name.split("\x1b")[0] in err, f"{case.name}: the error names the file: {err!r}"
                assert case.says in err, f"{case.name}: {case.says!r} not in {err!r}"


LINT_EXIT = {"ok": (0,), "error": (1, 2), "any": (0, 1)}


@pytest.mark.parametrize("case", spec_params())
def test_every_subcommand_gives_a_verdict_on_a_hostile_spec(case: SpecCase, tmp_path: Path) -> None:
    path = tmp_path / f"{case.name}.compaction.yaml"
    path.write_bytes(case.content)
    for argv in commands(path, tmp_path / "out"):
        code, out, err = run(argv)
        assert_verdict(argv, code, out, err)
        if argv[0] == "lint":
            assert code in LINT_EXIT[case.verdict], f"{case.name}: lint exit {code}\n{out}{err}"
            assert "could not be loaded (" not in out, (
                f"{case.name}: lint's fallback, not a named error\n{out}"
            )


def test_forged_output_is_escaped_not_dropped(tmp_path: Path) -> None:
    case = next(c for c in PAYLOADS if c.name == "forged-fact-id")
    code, out, _ = run(["check", str(make_input(case, tmp_path))])
    assert code == 1
    assert "\\x1b[2J" in out
    # The newline is shown escaped (by the violation's one-line description, or the CLI's
    # own escaping): the annotation never starts a line.
    assert "\\n::error file=x.py" in out or "\\x0a::error file=x.py" in out
    assert not any(line.lstrip().startswith("::") for line in out.splitlines())
    assert "\\u202e" in out


# -- the real entry point ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["fifo", "dev-zero", "latin-1", "infinity-value", "forged-fact-id", "valid"])
def test_the_installed_command_never_hangs_or_leaks_a_traceback(name: str, tmp_path: Path) -> None:
    case = next(c for c in PAYLOADS if c.name == name)
    path = make_input(case, tmp_path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "LC_ALL": "C", "PYTHONIOENCODING": "ascii"}
    for argv in (["check", str(path)], ["check", str(path), "--format", "json"]):
        result = subprocess.run(
            [sys.executable, "-m", "pytest_compaction.cli", *argv],
            capture_output=True,
            timeout=60,
            env=env,
        )
        assert result.returncode in case.check, result.stderr
        assert b"Traceback" not in result.stdout + result.stderr
        assert b"\x1b" not in result.stdout + result.stderr
        if "--format" in argv and result.returncode in (0, 1):
            strict_json(result.stdout.decode("ascii"))
