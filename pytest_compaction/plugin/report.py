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

__all__ = [
    "PROPERTY_COMPRESSOR",
    "PROPERTY_EVIDENCE",
    "PROPERTY_MUTANTS",
    "PROPERTY_VIOLATIONS",
    "ContractRecord",
    "SessionReport",
]

PROPERTY_VIOLATIONS = "compaction_violations"
PROPERTY_COMPRESSOR = "compaction_compressor"
PROPERTY_EVIDENCE = "compaction_evidence"
PROPERTY_MUTANTS = "compaction_mutants"


@dataclass
class ContractRecord:
    """One contract test as seen by the report."""

    nodeid: str
    outcome: str = "passed"
    compressor: str = ""
    violations: list[str] = field(default_factory=list)
    evidence: list[str] = field(default_factory=list)


@dataclass
class SessionReport:
    """Contract tests of one session, keyed by node id, in the order they finished."""

    records: dict[str, ContractRecord] = field(default_factory=dict)
    mutant_findings: list[dict[str, Any]] = field(default_factory=list)
    """Plain findings of ``--compaction-mutants`` runs, merged from every worker."""
    mutation: dict[str, Any] | None = None
    """The mutation table (``MutationTable.to_dict()``), once built at the end of the session."""

    def add(self, nodeid: str, when: str, outcome: str, properties: Iterable[tuple[str, object]]) -> None:
        props = [(k, v) for k, v in properties if k.startswith("compaction_")]
        if not props and nodeid not in self.records:
            return
        record = self.records.setdefault(nodeid, ContractRecord(nodeid=nodeid))
        # A failure in any phase sticks; otherwise the call phase decides (passed or skipped).
        if outcome == "failed" or (when == "call" and record.outcome != "failed"):
            record.outcome = outcome
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
            elif key == PROPERTY_MUTANTS and when == "teardown":
                # Properties repeat on every phase's report; teardown always comes, once.
                self.mutant_findings.extend(json.loads(text))

    @property
    def by_code(self) -> Counter[str]:
        return Counter(name.rsplit(":", 1)[-1] for r in self.records.values() for name in r.violations)

    def summary_lines(self) -> list[str]:
        records = list(self.records.values())
        failed = [r for r in records if r.violations or r.outcome == "failed"]
        compressors = sorted({r.compressor for r in records if r.compressor})
        lines = [
            f"{len(records)} contract test{'' if len(records) == 1 else 's'} checked against "
            f"{', '.join(compressors) or 'no compressor'}; "
            f"{len(failed)} with violations"
        ]
        for code, count in sorted(self.by_code.items(), key=lambda kv: (-kv[1], kv[0])):
            where = sorted(
                r.nodeid for r in records if any(n.rsplit(":", 1)[-1] == code for n in r.violations)
            )
            lines.append(f"  {code}: {count} in {', '.join(where)}")
        return lines

    def to_json(self) -> dict[str, Any]:
        return {
            "tests": [
                {
                    "nodeid": r.nodeid,
                    "outcome": r.outcome,
                    "compressor": r.compressor,
                    "violations": r.violations,
                    "evidence": r.evidence,
                }
                for r in self.records.values()
            ],
            "violations_by_code": dict(sorted(self.by_code.items())),
            **({"mutation": self.mutation} if self.mutation is not None else {}),
        }

    def write(self, path: str | Path) -> Path:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")
        return target
