"""``compaction inventory``: the predicates a suite covers, by category and owner."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

__all__ = ["add_parser", "run"]

EXIT_OK = 0
EXIT_GAPS = 1


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "inventory",
        help="list the predicates your specs cover, by category and owner, and the critical ones none covers",
        description=(
            "Read the inventory (predicates with category, owner and criticality) and every "
            "*.compaction.yaml under PATHS, and print, per category, each declared predicate with the "
            "specs that exercise it; then the critical predicates no spec exercises and the predicates "
            "specs use that the inventory does not declare. Exit 0; with --strict, exit 1 when there "
            "is any such gap; 2 on bad input."
        ),
    )
    parser.add_argument(
        "paths", metavar="PATH", nargs="*", default=["."], help="spec files or folders (default: .)"
    )
    parser.add_argument(
        "--inventory",
        metavar="FILE",
        help="the inventory file (default: compaction-inventory.yaml in the current directory, if present)",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    parser.add_argument(
        "--strict", action="store_true", help="exit 1 when a critical predicate is untested or undeclared"
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    from pytest_compaction.core.errors import ConfigError
    from pytest_compaction.specs.inventory import (
        DEFAULT_INVENTORY,
        Inventory,
        build_report,
        load_inventory,
        render_json,
        render_text,
        scan_specs,
    )

    if args.inventory is not None:
        path = Path(args.inventory)
        if not path.is_file():
            raise ConfigError(f"--inventory {args.inventory}: no such file (create it, or drop the option)")
        inventory = load_inventory(path)
    elif Path(DEFAULT_INVENTORY).is_file():
        inventory = load_inventory(Path(DEFAULT_INVENTORY))
    else:
        inventory = Inventory()
    for name in args.paths:
        if not Path(name).exists():
            raise ConfigError(f"{name}: no such file or folder")
    uses, errors = scan_specs(Path(name) for name in args.paths)
    report = build_report(inventory, uses, errors)
    out.write((render_json(report) if args.format == "json" else render_text(report)) + "\n")
    return EXIT_GAPS if args.strict and not report.ok else EXIT_OK
