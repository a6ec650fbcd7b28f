"""Shadow mode: run the contract beside an existing memory path, report, never fail the build.

A team rolls the ledger out before it is authoritative: every contract test runs and
every disagreement is reported (per predicate, at the end of the run, in junitxml and in
the JSON report), but a test that found violations is reported as ``xfailed`` with the
reason ``compaction shadow: ...`` instead of failed, so the exit status stays green. A
mistake that is not a disagreement (a spec that does not load, a compressor reference that
does not resolve) still fails: shadow mode hides findings, not a broken setup.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Generator, Iterable
from typing import Any

import pytest

from pytest_compaction.reporting.escape import visible as _safe

__all__ = ["PROPERTY_SHADOW", "ShadowMode", "predicates_of"]

PROPERTY_SHADOW = "compaction_shadow"
"""Report property: JSON list of ``[violation name, predicate or null]`` for a shadowed test."""

_PROPERTY_VIOLATIONS = "compaction_violations"
_REASON = "compaction shadow"


def predicates_of(item: pytest.Item) -> dict[str, str]:
    """Fact id -> predicate for the facts this test knows: a spec's scenario or recorded facts,
    or the ledger a Python test built with the ``fact_ledger`` fixture."""
    found: dict[str, str] = {}
    spec = getattr(item, "spec", None)
    scenario = getattr(spec, "scenario", None)
    if scenario is not None:
        for event in scenario.events:
            for claim in event.claims:
                found[claim.fact_id] = claim.predicate
    recorded = getattr(spec, "recorded", None)
    if recorded is not None:
        for fact in recorded.payload.expected:
            found[fact.fact_id] = fact.predicate
    funcargs = getattr(item, "funcargs", None) or {}
    ledger = funcargs.get("fact_ledger")
    facts = getattr(ledger, "_facts", None)
    if isinstance(facts, dict):
        for fact_id, fact in facts.items():
            found.setdefault(fact_id, fact.predicate)
    return found


def _violation_names(properties: Iterable[tuple[str, object]]) -> list[str]:
    names: list[str] = []
    for key, value in properties:
        if key == _PROPERTY_VIOLATIONS and isinstance(value, str):
            names.extend(value.split())
    return names


class ShadowMode:
    """The plugin object registered for ``--compaction-shadow``."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.shadowed: list[tuple[str, list[tuple[str, str | None]]]] = []

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        report = yield
        if report.when != "call" or not report.failed:
            return report
        names = _violation_names(item.user_properties)
        if not names:
            return report  # a failure that is not a contract disagreement stays a failure
        predicates = predicates_of(item)
        found = [(name, predicates.get(name.partition(":")[0]) if ":" in name else None) for name in names]
        entry = (PROPERTY_SHADOW, json.dumps(found))
        report.user_properties.append(entry)
        item.user_properties.append(entry)  # junitxml reads the teardown report's copy
        shown = ", ".join(names[:3]) + (f" (+{len(names) - 3} more)" if len(names) > 3 else "")
        report.outcome = "skipped"
        report.wasxfail = f"{_REASON}: {shown}"
        return report

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call":
            return
        for key, value in report.user_properties:
            if key == PROPERTY_SHADOW and isinstance(value, str):
                self.shadowed.append((report.nodeid, [(str(n), p) for n, p in json.loads(value)]))

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if hasattr(self.config, "workerinput"):
            return
        terminalreporter.write_sep("=", "compaction shadow mode")
        for line in self.summary_lines():
            terminalreporter.write_line(line)

    def summary_lines(self, *, limit: int = 3) -> list[str]:
        if not self.shadowed:
            return ["no disagreement: every contract test agreed with the ledger (shadow mode, not enforced)"]
        tests = len(self.shadowed)
        lines = [
            f"{tests} test{'s' * (tests != 1)} disagreed with the ledger; shadow mode reports them "
            f"as xfailed and does not fail the build (drop --compaction-shadow to enforce)"
        ]
        by_predicate: dict[str, Counter[str]] = {}
        where: dict[str, list[str]] = {}
        for nodeid, found in self.shadowed:
            for name, predicate in found:
                key = predicate or "(artifact-level)"
                by_predicate.setdefault(key, Counter())[name.rpartition(":")[2]] += 1
                if nodeid not in where.setdefault(key, []):
                    where[key].append(nodeid)
        for predicate in sorted(by_predicate):
            codes = ", ".join(f"{code} x{count}" for code, count in sorted(by_predicate[predicate].items()))
            nodes = where[predicate]
            more = f" (+{len(nodes) - limit} more)" if len(nodes) > limit else ""
            lines.append(
                f"  {_safe(predicate)}: {_safe(codes)} in {', '.join(map(_safe, nodes[:limit]))}{more}"
            )
        return lines
