"""The ``compaction`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from pytest_compaction.cli import inventory
from pytest_compaction.core.checker import check
from pytest_compaction.core.errors import CompactionError
from pytest_compaction.core.violations import Verdict
from pytest_compaction.specs.payload import payload_from_file

__all__ = ["main"]

EXIT_OK = 0
EXIT_VIOLATIONS = 1
EXIT_USAGE = 2


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
        default="strict",
        help="strict: unsupported facts fail (default); permissive: they are review items",
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
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has already printed the usage message
        return int(exc.code or 0) and EXIT_USAGE
    try:
        if args.command == "check":
            return _check(args, out)
        if args.command == "prose":
            return _prose(args, out)
        if args.command == "new-fixture":
            return _new_fixture(args, out, err)
        if args.command == "lint":
            return _lint(args, out)
        if args.command == "inventory":
            return inventory.run(args, out)
    except CompactionError as exc:
        print(f"compaction: error: {exc}", file=err)
        return EXIT_USAGE
    raise AssertionError(f"unhandled command {args.command!r}")  # pragma: no cover


def _check(args: argparse.Namespace, out: TextIO) -> int:
    payload = payload_from_file(args.payload)
    verdict = check(payload.expected, payload.artifact, mode=args.mode)
    if args.format in ("github", "sarif"):
        from pytest_compaction.reporting.annotations import from_verdict, render_github, render_sarif

        found = from_verdict(args.payload, verdict)
        out.write(render_github(found) if args.format == "github" else render_sarif(found))
    elif args.format == "json":
        json.dump(_as_json(args.payload, args.mode, verdict), out, indent=2)
        out.write("\n")
    else:
        for violation in verdict.violations:
            print(violation.describe(), file=out)
        for item in verdict.review:
            print(f"review: {item.describe()}", file=out)
        if verdict.ok:
            count = len(payload.artifact.facts)
            checked = f"{count} fact checked" if count == 1 else f"{count} facts checked"
            print(f"{args.payload}: the artifact satisfies the fact contract ({checked})", file=out)
    return EXIT_OK if verdict.ok else EXIT_VIOLATIONS


def _prose(args: argparse.Namespace, out: TextIO) -> int:
    from pathlib import Path

    from pytest_compaction.core.errors import PayloadError
    from pytest_compaction.prose.gate import ProseCase
    from pytest_compaction.specs.payload import read_data_file
    from pytest_compaction.specs.safeyaml import load_yaml_mapped

    path = Path(args.case)
    data = read_data_file(path)
    try:
        case = ProseCase.from_dict(data)
    except PayloadError as exc:
        if path.suffix.lower() in (".yaml", ".yml"):
            where = load_yaml_mapped(path.read_text(encoding="utf-8", errors="replace"), source=str(path))[1]
            raise where.error(exc) from None
        raise exc.located(str(path)) from None
    verdict = case.check()
    if args.format == "json":
        report = {"case": args.case, "ok": verdict.ok, "violations": [v.to_dict() for v in verdict]}
        json.dump(report, out, indent=2)
        out.write("\n")
    else:
        for violation in verdict.violations:
            print(violation.describe(), file=out)
        if verdict.ok:
            entries = len(case.register.active())
            print(
                f"{args.case}: the summary keeps the prose contract "
                f"({entries} pinned entries, {len(case.bindings)} bindings checked)",
                file=out,
            )
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
    if args.payload:
        incident = incident_from_payload(args.payload)
    elif args.artifact and args.events:
        incident = incident_from_events(args.artifact, args.events)
    else:
        raise ConfigError("say where the incident is: --payload FILE, or --artifact FILE --events FILE.jsonl")
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
    print(f"wrote {written[0]} (recorded: {count} violation{'s' * (count != 1)}: {found})", file=out)
    facts = f"{len(incident.events)} events, {len(incident.expected)} facts"
    print(f"wrote {written[1]} (scenario skeleton: {facts})", file=out)
    for path in written[2:]:
        print(f"wrote {path} (the incident's artifact)", file=out)
    if not made.violations:
        print("warning: the checker finds no violation in this artifact; is it the incident's?", file=err)
    for note in made.notes:
        print(f"note: {note}", file=out)
    status = EXIT_OK
    for path in written[:2]:
        for finding in lint_file(path):
            print(finding.describe(), file=out)
            if finding.severity == "error":
                status = EXIT_VIOLATIONS
    print(
        f"next: compaction lint {args.out} && pytest --compaction-contract {args.out} -k {args.name}",
        file=out,
    )
    return status


def _lint(args: argparse.Namespace, out: TextIO) -> int:
    from pytest_compaction.specs.lint import lint_paths, render

    report = lint_paths(args.paths, pattern=args.pattern)
    if args.format in ("github", "sarif"):
        from pytest_compaction.reporting.annotations import from_lint, render_github, render_sarif

        found = from_lint(report)
        out.write(render_github(found) if args.format == "github" else render_sarif(found))
    else:
        out.write(render(report, fmt=args.format))
    return EXIT_OK if report.ok else EXIT_VIOLATIONS


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
