"""The ``compaction`` command line."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, TextIO

from pytest_compaction.cli import inventory
from pytest_compaction.cli._io import check_regular_file, dump_json, printable, read_input, refuse_non_finite
from pytest_compaction.core.errors import CompactionError
from pytest_compaction.core.violations import Verdict
from pytest_compaction.specs.payload import Payload

if TYPE_CHECKING:
    from pytest_compaction.core.checker import Mode
    from pytest_compaction.specs.lint import Finding
    from pytest_compaction.specs.spec import RecordedSpec

__all__ = ["main"]

EXIT_OK = 0
EXIT_VIOLATIONS = 1
EXIT_USAGE = 2
"""Bad usage or bad input: the one line on standard error says which file and what to do."""
EXIT_INTERNAL = 3
"""A bug in pytest-compaction (never a user's mistake); the line says how to report it."""
EXIT_INTERRUPTED = 130


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="compaction",
        description="Contract-test AI-agent memory compression.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    checker = commands.add_parser(
        "check",
        help="check a saved compression artifact against the facts it had to preserve",
        description=(
            "Check PAYLOAD (JSON or YAML with 'expected' facts and an 'artifact') and print "
            "one violation per line. Exit 0 when the contract holds, 1 on violations, "
            "2 on bad input."
        ),
    )
    checker.add_argument("payload", metavar="PAYLOAD", help="a .json, .yaml or .yml file")
    checker.add_argument(
        "--format", choices=("text", "json", "github", "sarif"), default="text", help="output format"
    )
    checker.add_argument(
        "--mode",
        choices=("strict", "permissive"),
        default=None,
        help="strict: unsupported facts fail (default, or the payload's mode:); permissive: they are "
        "review items",
    )
    prose = commands.add_parser(
        "prose",
        help="check a prose summary against its pinned invariants and bindings",
        description=(
            "Check the summary in CASE (JSON or YAML with 'register', 'summary' and optionally "
            "'bindings', 'previous', 'depth', 'policy'; see docs/prose.md) and print one violation "
            "per line. Exit 0 when the contract holds, 1 on violations, 2 on bad input."
        ),
    )
    prose.add_argument("case", metavar="CASE", help="a .json, .yaml or .yml file")
    prose.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    scaffolder = commands.add_parser(
        "new-fixture",
        help="scaffold regression specs from a recorded memory incident",
        description=(
            "Write NAME-incident.compaction.yaml (a recorded spec expecting exactly the violations the "
            "checker finds in the incident's artifact) and NAME.compaction.yaml (a scenario skeleton "
            "with the same events and facts, to run through your compressor). Give the incident as a "
            "'compaction check' payload, or as the artifact plus the source events as JSON lines. "
            "Exit 0 when both specs load, 1 when one needs editing, 2 on bad input."
        ),
    )
    scaffolder.add_argument(
        "name", metavar="NAME", help="fixture name, e.g. peanut-allergy (names files and ids)"
    )
    scaffolder.add_argument("--payload", metavar="FILE", help="a 'compaction check' payload (JSON or YAML)")
    scaffolder.add_argument("--artifact", metavar="FILE", help="the incident's artifact (JSON or YAML)")
    scaffolder.add_argument("--events", metavar="FILE", help="the source events, one JSON object per line")
    scaffolder.add_argument("--out", metavar="DIR", default=".", help="where to write the specs (default: .)")
    scaffolder.add_argument("--mode", choices=("strict", "permissive"), default="strict", help="checker mode")
    scaffolder.add_argument("--description", metavar="TEXT", help="one line shown with every failure")
    scaffolder.add_argument(
        "--artifact-file", action="store_true", help="keep the artifact in NAME-incident.artifact.json"
    )
    scaffolder.add_argument("--schema", metavar="REF", help="write a yaml-language-server $schema comment")
    scaffolder.add_argument("--force", action="store_true", help="overwrite existing files")
    linter = commands.add_parser(
        "lint",
        help="validate fixture specs without running them; flag personal data",
        description=(
            "Load every spec under PATHS as pytest would and report each error with file:line and the "
            "field, and warn about text that looks like real personal data (e-mail addresses outside "
            "reserved example domains, phone numbers outside 555-01xx, card numbers). "
            "Exit 0 when clean, 1 on any error or warning, 2 on bad usage."
        ),
    )
    linter.add_argument("paths", metavar="PATH", nargs="+", help="spec files or folders holding them")
    linter.add_argument(
        "--pattern", metavar="GLOB", default="*.compaction.yaml", help="spec file pattern in folders"
    )
    linter.add_argument(
        "--format", choices=("text", "json", "github", "sarif"), default="text", help="output format"
    )
    inventory.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    if out is None:
        out = _safe_stream(sys.stdout)
    if err is None:
        err = _safe_stream(sys.stderr)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has already printed the usage message
        return int(exc.code or 0) and EXIT_USAGE
    try:
        return _run(args, out, err)
    except CompactionError as exc:
        return _fail(err, str(exc), EXIT_USAGE)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        return _fail(err, f"{where}{exc.strerror or exc}; check the path and its permissions", EXIT_USAGE)
    except (RecursionError, MemoryError) as exc:
        what = "nests too deeply" if isinstance(exc, RecursionError) else "is too large to hold in memory"
        return _fail(err, f"the input {what}; simplify it", EXIT_USAGE)
    except KeyboardInterrupt:
        return _fail(err, "interrupted", EXIT_INTERRUPTED)
    except Exception as exc:  # a bug: still one line, with what to do
        if os.environ.get("COMPACTION_TRACEBACK"):
            raise
        return _fail(
            err,
            f"internal error: {type(exc).__name__}: {exc}; this is a bug in pytest-compaction: please "
            f"report it with the input (COMPACTION_TRACEBACK=1 shows the traceback)",
            EXIT_INTERNAL,
        )


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.command == "new-fixture":
        return _new_fixture(args, out, err)
    commands = {"check": _check, "prose": _prose, "lint": _lint, "inventory": inventory.run}
    return commands[args.command](args, out)


def _fail(err: TextIO, message: str, status: int) -> int:
    with contextlib.suppress(OSError, ValueError):  # standard error is gone: the exit code still tells
        _say(err, f"compaction: error: {message}")
    return status


def _say(stream: TextIO, text: str) -> None:
    """Print one line, escaped: no input can start another line or drive the terminal."""
    print(printable(text), file=stream)


def _finding(source: str, message: str, line: int | None = None) -> Finding:
    from pytest_compaction.specs.lint import Finding

    return Finding(source=source, line=line, path="", message=message, severity="error", code="spec-error")


def _unwritable(directory: str) -> str | None:
    """Why files could not be written into ``directory`` (created if missing), or None."""
    path = os.path.abspath(directory)
    while not os.path.exists(path):
        parent = os.path.dirname(path)
        if parent == path:
            break
        path = parent
    if not os.path.isdir(path):
        return f"{path} is not a directory"
    if not os.access(path, os.W_OK | os.X_OK):
        return f"{path} is not writable"
    return None


def _safe_stream(stream: TextIO) -> TextIO:
    """The real stdout/stderr, made never to fail on a character its encoding lacks."""
    reconfigure = getattr(stream, "reconfigure", None)
    if callable(reconfigure):
        with contextlib.suppress(OSError, ValueError):
            reconfigure(errors="backslashreplace")
    return stream


@contextlib.contextmanager
def _loading(source: str) -> Iterator[None]:
    """A loader that fails on hostile input with a builtin error still names the file."""
    try:
        yield
    except CompactionError:
        raise
    except (ValueError, RecursionError, MemoryError) as exc:
        from pytest_compaction.core.errors import PayloadError

        raise PayloadError("", f"cannot be loaded: {type(exc).__name__}: {exc}", source=source) from None


def _check(args: argparse.Namespace, out: TextIO) -> int:
    read_input(args.payload)
    with _loading(args.payload):
        recorded = _recorded(args.payload)
    payload = recorded.payload
    _refuse_non_finite_facts(payload, args.payload)
    # --mode when given, else the payload's own mode: (strict unless it says permissive).
    mode: Mode = "permissive" if (args.mode or recorded.mode) == "permissive" else "strict"
    # The pytest item's check of a recorded incident, so the two never disagree: facts,
    # prose forms, pinned invariants, bindings and the prose policy.
    from pytest_compaction.engine.contract import check_recorded

    verdict = check_recorded(payload.expected, payload.artifact, mode=mode, prose=recorded)
    if args.format in ("github", "sarif"):
        from pytest_compaction.reporting.annotations import from_verdict, render_github, render_sarif

        found = from_verdict(args.payload, verdict)
        out.write(render_github(found) if args.format == "github" else render_sarif(found))
    elif args.format == "json":
        dump_json(_as_json(args.payload, mode, verdict), out)
    else:
        for violation in verdict.violations:
            _say(out, violation.describe())
        for item in verdict.review:
            _say(out, f"review: {item.describe()}")
        if verdict.ok:
            count = len(payload.artifact.facts)
            checked = f"{count} fact checked" if count == 1 else f"{count} facts checked"
            if payload.artifact.summary and not count:
                checked += ", its summary read in prose"
            _say(out, f"{args.payload}: the artifact satisfies the fact contract ({checked})")
    return EXIT_OK if verdict.ok else EXIT_VIOLATIONS


def _recorded(source: str) -> RecordedSpec:
    """The payload read as a recorded incident spec is (its keys are a subset of one's).

    The file is read as every payload is (strict JSON, YAML with lines, the payload limits),
    then built by the spec reader's own recorded-spec builder, so the pytest item and this
    command check the same thing.
    """
    from collections.abc import Mapping
    from pathlib import Path

    from pytest_compaction.core.errors import PayloadError
    from pytest_compaction.specs.payload import load_payload, read_with_lines
    from pytest_compaction.specs.spec import recorded_spec

    path = Path(source)
    data, where = read_with_lines(path)
    try:
        if not isinstance(data, Mapping) or ("artifact" not in data and "artifact_file" not in data):
            load_payload(data)  # names what is wrong, as a payload's error always has
        if data.get("kind", "recorded") != "recorded":
            raise PayloadError("kind", "compaction check takes a saved artifact (kind: recorded, or no kind)")
        return recorded_spec(path, data)
    except PayloadError as exc:
        if where is not None:
            raise where.error(exc) from None
        raise exc.located(str(path)) from None


def _refuse_non_finite_facts(payload: Payload, source: str) -> None:
    sides = (("expected", tuple(payload.expected)), ("artifact.facts", payload.artifact.facts))
    for side, facts in sides:
        for fact in facts:
            refuse_non_finite(
                {"value": fact.value, "qualifiers": dict(fact.qualifiers)},
                f"{source}: {side} {fact.fact_id!r}",
            )


def _prose(args: argparse.Namespace, out: TextIO) -> int:
    from pathlib import Path

    from pytest_compaction.core.errors import PayloadError
    from pytest_compaction.prose.gate import ProseCase
    from pytest_compaction.specs.payload import read_data_file
    from pytest_compaction.specs.safeyaml import load_yaml_mapped

    path = Path(args.case)
    text = read_input(args.case)
    with _loading(args.case):
        data = read_data_file(path)
    refuse_non_finite(data, args.case)
    try:
        case = ProseCase.from_dict(data)
    except PayloadError as exc:
        if path.suffix.lower() in (".yaml", ".yml"):
            where = load_yaml_mapped(text, source=str(path))[1]
            raise where.error(exc) from None
        raise exc.located(str(path)) from None
    verdict = case.check()
    if args.format == "json":
        report = {"case": args.case, "ok": verdict.ok, "violations": [v.to_dict() for v in verdict]}
        dump_json(report, out)
    else:
        for violation in verdict.violations:
            _say(out, violation.describe())
        if verdict.ok:
            entries = len(case.register.active())
            line = (
                f"{args.case}: the summary keeps the prose contract "
                f"({entries} pinned entries, {len(case.bindings)} bindings checked)"
            )
            _say(out, line)
    return EXIT_OK if verdict.ok else EXIT_VIOLATIONS


def _as_json(source: str, mode: str, verdict: Verdict) -> dict[str, object]:
    return {
        "payload": source,
        "mode": mode,
        "ok": verdict.ok,
        "violations": [v.to_dict() for v in verdict.violations],
        "review": [v.to_dict() for v in verdict.review],
    }


def _new_fixture(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pathlib import Path

    from pytest_compaction.core.errors import ConfigError
    from pytest_compaction.specs.lint import lint_file
    from pytest_compaction.specs.scaffold import (
        incident_from_events,
        incident_from_payload,
        scaffold,
        write_scaffold,
    )

    if args.payload and (args.artifact or args.events):
        raise ConfigError("give --payload, or --artifact with --events, not both")
    if not (args.payload or (args.artifact and args.events)):
        raise ConfigError("say where the incident is: --payload FILE, or --artifact FILE --events FILE.jsonl")
    for given in (args.payload, args.artifact, args.events):
        if given:
            read_input(given)
    problem = _unwritable(args.out)
    if problem:
        raise ConfigError(f"--out {args.out}: {problem}; choose a directory you can write to")
    with _loading(args.payload or args.artifact):
        if args.payload:
            incident = incident_from_payload(args.payload)
        else:
            incident = incident_from_events(args.artifact, args.events)
    made = scaffold(
        incident,
        args.name,
        mode=args.mode,
        description=args.description,
        artifact_file=args.artifact_file,
        schema=args.schema,
    )
    written = write_scaffold(made, Path(args.out), force=args.force)
    count = len(made.violations)
    found = ", ".join(made.violations) or "none"
    _say(out, f"wrote {written[0]} (recorded: {count} violation{'s' * (count != 1)}: {found})")
    facts = f"{len(incident.events)} events, {len(incident.expected)} facts"
    _say(out, f"wrote {written[1]} (scenario skeleton: {facts})")
    for path in written[2:]:
        _say(out, f"wrote {path} (the incident's artifact)")
    if not made.violations:
        _say(err, "warning: the checker finds no violation in this artifact; is it the incident's?")
    for note in made.notes:
        _say(out, f"note: {note}")
    status = EXIT_OK
    for path in written[:2]:
        for finding in lint_file(path):
            _say(out, finding.describe())
            if finding.severity == "error":
                status = EXIT_VIOLATIONS
    _say(out, f"next: compaction lint {args.out} && pytest --compaction-contract {args.out} -k {args.name}")
    return status


def _lint(args: argparse.Namespace, out: TextIO) -> int:
    from pathlib import Path

    from pytest_compaction.config.project import ProjectConfig, project_config
    from pytest_compaction.core.errors import ConfigError, PayloadError
    from pytest_compaction.specs.lint import LintReport, find_specs, lint_file, render

    for entry in args.paths:
        if os.path.exists(entry) and not os.path.isdir(entry):
            check_regular_file(entry)  # a special file is refused by its type, before anything opens it
    files = find_specs([Path(p) for p in args.paths], args.pattern)
    try:
        project = project_config(files)
    except ConfigError as exc:  # a malformed compaction_use line: the run would refuse it too
        project = ProjectConfig()
        findings: list[Finding] = [_finding(str(files[0]), f"pytest configuration: {exc}")]
    else:
        findings = []
    for path in files:
        try:
            read_input(str(path))
        except PayloadError as exc:
            findings.append(_finding(str(path), exc.message, exc.line))
            continue
        try:
            findings.extend(lint_file(path, project=project))
        except (ValueError, RecursionError, MemoryError, OSError) as exc:
            # One bad file is one finding; the rest are still linted.
            problem = f"the spec could not be loaded ({type(exc).__name__}: {exc})"
            findings.append(_finding(str(path), problem))
    report = LintReport(files=tuple(map(str, files)), findings=tuple(findings))
    if args.format in ("github", "sarif"):
        from pytest_compaction.reporting.annotations import from_lint, render_github, render_sarif

        found = from_lint(report)
        out.write(render_github(found) if args.format == "github" else render_sarif(found))
    elif args.format == "json":
        out.write(render(report, fmt="json"))
    else:
        for finding in report.findings:
            _say(out, finding.describe())
        _say(out, report.summary())
    return EXIT_OK if report.ok else EXIT_VIOLATIONS


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
