"""One-line hints for the mistakes a first run makes, each naming the fix."""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pytest_compaction.plugin.settings import OPTIONS

if TYPE_CHECKING:
    from pytest_compaction.plugin.report import ContractRecord
    from pytest_compaction.plugin.settings import Settings

__all__ = [
    "COLLECTED_KEY",
    "COMPACTION_MARKER",
    "NEXT_STEP",
    "Collected",
    "session_hints",
    "spec_without_contract",
]

COMPACTION_MARKER = (
    "compaction: added automatically to fixture-spec and fuzz items "
    '(run only them with -m compaction, skip them with -m "not compaction")'
)
NEXT_STEP = (
    "next: every contract test passed against the embedded reference compressor; test yours with "
    "--compaction-compressor=package.module:attribute (or compaction_compressor in your ini)"
)
CONTRACT_ONLY = ("compaction_fixtures", "compaction_spec_pattern", "compaction_mutants", "compaction_update")
"""Options that act on fixture specs only, which are collected under --compaction-contract."""


@dataclass(frozen=True, slots=True)
class Collected:
    """What collection found, before -k / -m deselection."""

    specs: int
    contract_tests: int


COLLECTED_KEY: pytest.StashKey[Collected] = pytest.StashKey()


def spec_without_contract(args: Sequence[str], pattern: str) -> str | None:
    """The hint for ``pytest some.compaction.yaml`` without ``--compaction-contract``."""
    for arg in args:
        path = arg.partition("::")[0]
        if fnmatch.fnmatch(Path(path).name, pattern) and Path(path).is_file():
            return (
                f"pytest-compaction: {path} is a fixture spec; add --compaction-contract to run it "
                "(or set compaction_contract = true in your ini)"
            )
    return None


def session_hints(config: pytest.Config, settings: Settings, records: list[ContractRecord]) -> list[str]:
    """Hints for the end of the session: options given without the suite, no specs found."""
    collected = config.stash.get(COLLECTED_KEY, None)
    lines = []
    if not settings.contract:
        given = [
            option
            for option in OPTIONS
            if option.name != "compaction_contract" and config.getoption(option.dest) not in (None, False)
        ]
        tests = collected.contract_tests if collected is not None else len(records)
        idle = [o.flag for o in given if o.name in CONTRACT_ONLY or not tests]
        if idle:
            what = "only acts on" if tests else "did nothing: no contract tests ran, and it acts on"
            lines.append(
                f"pytest-compaction: {', '.join(idle)} {what} fixture specs, which are collected with "
                "--compaction-contract; add --compaction-contract"
            )
    else:
        specs = collected.specs if collected is not None else sum(r.kind == "spec" for r in records)
        tests = collected.contract_tests if collected is not None else len(records)
        if not specs and not tests:
            where = " ".join(config.args) or str(config.rootpath)
            lines.append(
                f"pytest-compaction: no fixture specs ({settings.pattern}) under {where}; write one "
                "(see the specs docs), give the directory that holds them, or set "
                "compaction_fixtures = library to run the bundled library"
            )
    return lines
