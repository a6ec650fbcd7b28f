"""The ``compaction`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from pytest_compaction.checker import check
from pytest_compaction.errors import CompactionError
from pytest_compaction.payload import payload_from_file
from pytest_compaction.violations import Verdict

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
    checker.add_argument("--format", choices=("text", "json"), default="text", help="output format")
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
    except CompactionError as exc:
        print(f"compaction: error: {exc}", file=err)
        return EXIT_USAGE
    raise AssertionError(f"unhandled command {args.command!r}")  # pragma: no cover


def _check(args: argparse.Namespace, out: TextIO) -> int:
    payload = payload_from_file(args.payload)
    verdict = check(payload.expected, payload.artifact, mode=args.mode)
    if args.format == "json":
        json.dump(_as_json(args.payload, args.mode, verdict), out, indent=2)
        out.write("\n")
    else:
        for violation in verdict.violations:
            print(violation.describe(), file=out)
        for item in verdict.review:
            print(f"review: {item.describe()}", file=out)
        if verdict.ok:
            facts = len(payload.artifact.facts)
            print(
                f"{args.payload}: the artifact satisfies the fact contract ({facts} facts checked)", file=out
            )
    return EXIT_OK if verdict.ok else EXIT_VIOLATIONS


def _prose(args: argparse.Namespace, out: TextIO) -> int:
    from pathlib import Path

    from pytest_compaction.errors import PayloadError
    from pytest_compaction.gate import ProseCase
    from pytest_compaction.payload import read_data_file
    from pytest_compaction.safeyaml import load_yaml_mapped

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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
