"""The session report: which contract tests ran, with which compressor, and what they found.

Built on the controller from each test's report properties, so results from
pytest-xdist workers merge without extra plumbing.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_compaction.reporting.escape import one_line

__all__ = [
    "PROPERTY_ACCEPTED",
    "PROPERTY_COMPRESSOR",
    "PROPERTY_DETAILS",
    "PROPERTY_EVIDENCE",
    "PROPERTY_FAILURE",
    "PROPERTY_ITEM",
    "PROPERTY_MUTANTS",
    "PROPERTY_UNVERIFIED",
    "PROPERTY_UPDATED",
    "PROPERTY_VIOLATIONS",
    "ContractRecord",
    "SessionReport",
    "compressor_header",
    "failure_line",
    "override_line",
]

PROPERTY_VIOLATIONS = "compaction_violations"
PROPERTY_COMPRESSOR = "compaction_compressor"
PROPERTY_EVIDENCE = "compaction_evidence"
PROPERTY_MUTANTS = "compaction_mutants"
PROPERTY_ITEM = "compaction_item"
"""JSON: the item's kind (spec, fuzz, python), its file and line, and its reproduce command."""
PROPERTY_DETAILS = "compaction_details"
"""JSON: one mapping per violation (name, code, text, stage, pass, line) for the reports."""

PROPERTY_ACCEPTED = "compaction_accepted"
"""Space-separated violation names the baseline accepted for this test."""
PROPERTY_UPDATED = "compaction_updated"
"""JSON: the spec file and the names ``--compaction-update`` added and removed."""

PROPERTY_FAILURE = "compaction_failure"
"""The first line of a failed contract test's report (for annotations and the HTML page)."""

PROPERTY_UNVERIFIED = "compaction_unverified"
"""Why a passing contract test verified nothing (an empty domain): "best-effort, unverified"."""

SHOWN_IDS = 3
"""Node ids listed per violation code in the terminal summary before "+N more"."""


@dataclass
class ContractRecord:
    """One contract test as seen by the report."""

    nodeid: str
    outcome: str = "passed"
    compressor: str = ""
    violations: list[str] = field(default_factory=list)
    evidence: list[str] = field(default_factory=list)
    kind: str = "python"
    """``spec``, ``fuzz`` or ``python`` (a test using the plugin's fixtures)."""
    path: str = ""
    line: int | None = None
    reproduce: str = ""
    details: list[dict[str, Any]] = field(default_factory=list)
    accepted: list[str] = field(default_factory=list)
    """Violations the baseline accepts (they did not fail the test)."""
    updated: list[dict[str, Any]] = field(default_factory=list)
    """What ``--compaction-update`` changed in the spec (path, added, removed)."""
    message: str = ""
    """The first line of the failure report, when the test failed."""
    unverified: bool = False
    """Best-effort, unverified: the contract enumerated no guarantee, so its pass proves nothing."""

    @property
    def failed(self) -> bool:
        return self.outcome == "failed"

    @property
    def failing(self) -> list[str]:
        """The violations that count against the test (those the baseline accepts do not)."""
        return [name for name in self.violations if name not in self.accepted]

    @property
    def codes(self) -> set[str]:
        return {name.rsplit(":", 1)[-1] for name in self.failing}

    def to_dict(self) -> dict[str, Any]:
        return {
            "nodeid": self.nodeid,
            "outcome": self.outcome,
            "kind": self.kind,
            "compressor": self.compressor,
            "violations": self.violations,
            "details": self.details,
            "accepted_by_baseline": self.accepted,
            "evidence": self.evidence,
            "path": self.path,
            "line": self.line,
            "reproduce": self.reproduce,
            "message": self.message,
            "unverified": self.unverified,
        }


@dataclass
class SessionReport:
    """Contract tests of one session, keyed by node id, in the order they finished."""

    records: dict[str, ContractRecord] = field(default_factory=dict)
    mutant_findings: list[dict[str, Any]] = field(default_factory=list)
    """Plain findings of ``--compaction-mutants`` runs, merged from every worker."""
    mutation: dict[str, Any] | None = None
    """The mutation table (``MutationTable.to_dict()``), once built at the end of the session."""
    notes: list[str] = field(default_factory=list)
    """Lines the end of the session adds (baseline and update results)."""
    uncollected: list[str] = field(default_factory=list)
    """Files other than specs that failed to collect: contract tests in them never ran."""

    def add(self, nodeid: str, when: str, outcome: str, properties: Iterable[tuple[str, object]]) -> None:
        props = [(k, v) for k, v in properties if k.startswith("compaction_")]
        if not props and nodeid not in self.records:
            return
        record = self.records.setdefault(nodeid, ContractRecord(nodeid=nodeid))
        # A failure in any phase sticks; otherwise the call phase decides (passed or skipped).
        if outcome == "failed" or (when == "call" and record.outcome != "failed"):
            record.outcome = outcome
        elif when == "setup" and outcome == "skipped":
            record.outcome = "skipped"
        for key, value in props:
            text = str(value)
            if key == PROPERTY_COMPRESSOR:
                record.compressor = text
            elif key == PROPERTY_VIOLATIONS:
                seen = set(record.violations)  # a set: list membership made this quadratic
                for name in text.split():
                    if name not in seen:
                        seen.add(name)
                        record.violations.append(name)
            elif key == PROPERTY_EVIDENCE and text not in record.evidence:
                record.evidence.append(text)
            elif key == PROPERTY_ITEM:
                item = json.loads(text)
                record.kind = item.get("kind", record.kind)
                record.path = item.get("path", record.path)
                record.line = item.get("line", record.line)
                record.reproduce = item.get("reproduce", record.reproduce)
            elif key == PROPERTY_UNVERIFIED:
                record.unverified = True
            elif key == PROPERTY_FAILURE and not record.message:
                record.message = text
            elif key == PROPERTY_ACCEPTED:
                record.accepted = sorted(set(record.accepted) | set(text.split()))
            elif key == PROPERTY_UPDATED and when == "teardown":
                record.updated.append(json.loads(text))
            elif key == PROPERTY_DETAILS and when == "teardown":
                record.details = json.loads(text)
            elif key == PROPERTY_MUTANTS and when == "teardown":
                # Properties repeat on every phase's report; teardown always comes, once.
                self.mutant_findings.extend(json.loads(text))

    def add_collect_error(self, nodeid: str, message: str, *, spec: bool) -> None:
        """A file that failed to collect: a spec file is a failed contract test; another is noted."""
        if not spec:
            if nodeid not in self.uncollected:
                self.uncollected.append(nodeid)
            return
        record = self.records.setdefault(nodeid, ContractRecord(nodeid=nodeid, kind="spec", path=nodeid))
        record.outcome = "failed"
        record.message = record.message or message

    @property
    def by_code(self) -> Counter[str]:
        """Tests per violation code (a test with two ``missing`` facts counts once)."""
        return Counter(code for r in self.records.values() for code in r.codes)

    @property
    def violation_counts(self) -> Counter[str]:
        """Violations per code, over every test."""
        return Counter(name.rsplit(":", 1)[-1] for r in self.records.values() for name in r.violations)

    @property
    def compressors(self) -> list[str]:
        return sorted({r.compressor for r in self.records.values() if r.compressor})

    @property
    def unverified(self) -> list[str]:
        """Node ids of the tests whose result is best-effort, unverified."""
        return [r.nodeid for r in self.records.values() if r.unverified]

    def summary_lines(self, *, shown: int = SHOWN_IDS) -> list[str]:
        records = list(self.records.values())
        failed = [r for r in records if r.failing or r.failed]
        tests = f"{len(records)} contract test{'' if len(records) == 1 else 's'}"
        against = ", ".join(one_line(c) for c in self.compressors) or "no compressor"
        lines = [f"{tests} checked against {against}; {len(failed)} with violations"]
        for code, count in sorted(self.by_code.items(), key=lambda kv: (-kv[1], kv[0])):
            where = sorted(r.nodeid for r in records if code in r.codes)
            lines.append(f"  {one_line(code)}: {_tests(count)}: {_listing(where, shown)}")
        silent = sorted(r.nodeid for r in records if r.failed and not r.violations)
        if silent:
            lines.append(
                f"  failed without a named violation: {_tests(len(silent))}: {_listing(silent, shown)}"
            )
        if self.uncollected:
            count = len(self.uncollected)
            lines.append(
                f"  not collected: {count} file{'' if count == 1 else 's'} (any contract tests in "
                f"{'it' if count == 1 else 'them'} did not run): {_listing(sorted(self.uncollected), shown)}"
            )
        skipped = sum(1 for r in records if r.outcome == "skipped")
        if skipped:
            lines.append(f"  skipped: {_tests(skipped)}")
        accepted = [r for r in records if r.accepted]
        if accepted:
            count = sum(len(r.accepted) for r in accepted)
            lines.append(
                f"  accepted by the baseline: {count} known violation{'' if count == 1 else 's'} "
                f"in {_tests(len(accepted))}"
            )
        lines.extend(self.notes)
        return lines

    @property
    def all_green(self) -> bool:
        return bool(self.records) and not any(r.failing or r.failed for r in self.records.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "tests": [r.to_dict() for r in self.records.values()],
            "violations_by_code": dict(sorted(self.violation_counts.items())),
            "tests_by_code": dict(sorted(self.by_code.items())),
            "unverified": self.unverified,
            **({"mutation": self.mutation} if self.mutation is not None else {}),
        }

    def write(self, path: str | Path) -> Path:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")
        return target


def failure_line(text: str, limit: int = 300) -> str:
    """The first informative line of a failure report, escaped and cut to ``limit`` characters."""
    for line in text.splitlines():
        line = line.strip()
        if line and not set(line) <= set("_=- ") and not line.startswith(("def ", "@", ">")):
            line = one_line(line)
            return line if len(line) <= limit else line[: limit - 1] + "…"
    return ""


def compressor_header(configured: str, mode: str, overrides: Iterable[str]) -> str:
    """The header line: the compressor the contract tests run (a conftest override named first)."""
    where = ", ".join(one_line(w) for w in overrides)
    if not where:
        return f"compaction: compressor {one_line(configured)}, mode {mode}"
    return (
        f"compaction: compressor from the compressor_under_test fixture at {where} (where it applies; "
        f"elsewhere {one_line(configured)}), mode {mode}"
    )


def override_line(overrides: dict[str, int], total: int, configured: str) -> str | None:
    """After collection: overrides of ``compressor_under_test`` the header could not see yet."""
    if not overrides:
        return None
    count = sum(overrides.values())
    parts = ", ".join(f"{n} at {one_line(where)}" for where, n in sorted(overrides.items()))
    return (
        f"compaction: the compressor_under_test fixture replaces {one_line(configured)} for "
        f"{count} of {_tests(total).replace('test', 'contract test')} ({parts})"
    )


def _tests(count: int) -> str:
    return f"{count} test{'' if count == 1 else 's'}"


def _listing(nodeids: list[str], shown: int) -> str:
    head = ", ".join(one_line(n) for n in nodeids[:shown])
    more = len(nodeids) - shown
    return f"{head} +{more} more" if more > 0 else head
