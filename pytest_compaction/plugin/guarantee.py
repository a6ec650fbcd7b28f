"""Best-effort, unverified: a contract over an empty domain is never reported as a plain pass.

A spec that enumerates no critical fact, no pinned invariant and no binding "passes"
whatever the compressor does: the guarantee is decorative. Such a test is reported
with its own outcome, ``unverified`` (``u`` in the progress line, ``UNVERIFIED`` with
``-v``, counted in the closing line), carries the ``compaction_unverified`` property into
junitxml and the JSON report, and with ``--compaction-require-guarantees`` it fails.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from pytest_compaction.core.guarantee import UNVERIFIED, UNVERIFIED_WHY
from pytest_compaction.plugin.report import PROPERTY_UNVERIFIED

__all__ = ["PROPERTY_UNVERIFIED", "UNVERIFIED", "Guarantees", "domain_size"]


_WHY = UNVERIFIED_WHY
_FIX = "state at least one critical fact (or an `invariants:`/`bindings:` entry)"


def domain_size(item: pytest.Item) -> int | None:
    """How many guarantees this test checks, or None when it cannot be told (not a contract test)."""
    from pytest_compaction.core.guarantee import enumerated_facts, enumerated_in_scenario

    spec = getattr(item, "spec", None)
    if spec is not None:
        scenario = getattr(spec, "scenario", None)
        if scenario is not None:
            return enumerated_in_scenario(scenario)
        recorded = getattr(spec, "recorded", None)
        if recorded is not None:
            return enumerated_facts(recorded.payload.expected)
        return None
    funcargs = getattr(item, "funcargs", None) or {}
    if "compaction_contract" not in funcargs or "fact_ledger" not in funcargs:
        return None
    return enumerated_facts(funcargs["fact_ledger"])


class Guarantees:
    """Registered in every contract session: marks and (optionally) fails empty guarantees."""

    def __init__(self, *, required: bool) -> None:
        self.required = required

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        report = yield
        if report.when != "call" or not report.passed:
            return report
        if domain_size(item) != 0:
            return report
        entry = (PROPERTY_UNVERIFIED, _WHY)
        report.user_properties.append(entry)
        item.user_properties.append(entry)
        if self.required:
            report.outcome = "failed"
            report.longrepr = (
                f"{UNVERIFIED}: {_WHY}; with --compaction-require-guarantees this fails. Fix: {_FIX}."
            )
        return report

    def pytest_report_teststatus(self, report: pytest.TestReport, config: pytest.Config) -> Any:
        if report.when == "call" and report.passed and _unverified(report):
            return "unverified", "u", ("UNVERIFIED", {"yellow": True})
        return None

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        reports = terminalreporter.stats.get("unverified", [])
        if not reports:
            return
        terminalreporter.write_sep("=", f"compaction: {UNVERIFIED}")
        count = len(reports)
        terminalreporter.write_line(
            f"{count} contract test{'s' * (count != 1)} passed over an empty domain ({_WHY}); "
            f"nothing was verified. {_FIX[0].upper()}{_FIX[1:]}, or run with "
            f"--compaction-require-guarantees to fail them:"
        )
        for report in reports[:10]:
            terminalreporter.write_line(f"  {report.nodeid}")
        if count > 10:
            terminalreporter.write_line(f"  (+{count - 10} more)")


def _unverified(report: pytest.TestReport) -> bool:
    return any(key == PROPERTY_UNVERIFIED for key, _ in report.user_properties)
