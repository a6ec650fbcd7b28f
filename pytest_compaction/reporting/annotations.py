"""Violations and lint findings as CI annotations: GitHub workflow commands and SARIF 2.1.0.

Each annotation points at a spec file and the line of the fact, event or pin it is
about. Every field is escaped for its format: a value in a spec cannot end the
annotation early or start a new workflow command.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pytest_compaction.reporting.escape import github_data, github_property, one_line
from pytest_compaction.reporting.locate import line_of_id

__all__ = [
    "Annotation",
    "from_lint",
    "from_verdict",
    "github_command",
    "relative_path",
    "render_github",
    "render_sarif",
    "sarif_log",
]

Level = Literal["error", "warning", "notice"]
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/pytest-compaction/pytest-compaction"
_SARIF_LEVEL = {"error": "error", "warning": "warning", "notice": "note"}


@dataclass(frozen=True, slots=True, kw_only=True)
class Annotation:
    """One finding at one place: a file, a line (None: the whole file), a rule and words."""

    file: str
    line: int | None
    rule: str
    """The violation code or lint code (``missing``, ``spec-error``)."""
    message: str
    level: Level = "error"
    title: str = ""


def relative_path(path: str | Path, base: str | Path | None = None) -> str:
    """``path`` relative to ``base`` (default: ``$GITHUB_WORKSPACE``, else the current
    directory) when it lies inside it, with ``/`` separators; else as it is."""
    root = Path(base or os.environ.get("GITHUB_WORKSPACE") or Path.cwd()).resolve()
    target = Path(path)
    try:
        return target.resolve().relative_to(root).as_posix()
    except (ValueError, OSError):
        return target.as_posix()


def github_command(annotation: Annotation) -> str:
    """``::error file=...,line=...,title=...::message``, escaped per GitHub's rules."""
    properties = [f"file={github_property(annotation.file)}"]
    if annotation.line is not None:
        properties.append(f"line={int(annotation.line)}")
    title = annotation.title or f"compaction: {annotation.rule}"
    properties.append(f"title={github_property(title)}")
    return f"::{annotation.level} {','.join(properties)}::{github_data(annotation.message)}"


def render_github(annotations: Iterable[Annotation]) -> str:
    lines = [github_command(a) for a in annotations]
    return "".join(line + "\n" for line in lines)


def sarif_log(
    annotations: Iterable[Annotation], *, rules: dict[str, str] | None = None, version: str | None = None
) -> dict[str, Any]:
    """A SARIF 2.1.0 log (what GitHub code scanning and most CI viewers read)."""
    found = list(annotations)
    descriptions = dict(rules or {})
    rule_ids = sorted({a.rule for a in found} | set(descriptions))
    driver: dict[str, Any] = {
        "name": "pytest-compaction",
        "informationUri": INFORMATION_URI,
        "rules": [
            {"id": rule, "shortDescription": {"text": one_line(descriptions.get(rule, rule))}}
            for rule in rule_ids
        ],
    }
    if version:
        driver["version"] = version
    results = []
    for annotation in found:
        location: dict[str, Any] = {"artifactLocation": {"uri": annotation.file}}
        if annotation.line is not None and annotation.line >= 1:
            location["region"] = {"startLine": int(annotation.line)}
        results.append(
            {
                "ruleId": annotation.rule,
                "ruleIndex": rule_ids.index(annotation.rule),
                "level": _SARIF_LEVEL[annotation.level],
                "message": {"text": one_line(annotation.message)},
                "locations": [{"physicalLocation": location}],
            }
        )
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{"tool": {"driver": driver}, "results": results}],
    }


def render_sarif(annotations: Iterable[Annotation], **kwargs: Any) -> str:
    return json.dumps(sarif_log(annotations, **kwargs), indent=2, allow_nan=False) + "\n"


def from_lint(report: Any) -> list[Annotation]:
    """The findings of ``compaction lint`` (a :class:`~pytest_compaction.specs.lint.LintReport`)."""
    return [
        Annotation(
            file=relative_path(finding.source),
            line=finding.line,
            rule=finding.code,
            message=f"{finding.path}: {finding.message}" if finding.path else finding.message,
            level="error" if finding.severity == "error" else "warning",
        )
        for finding in report.findings
    ]


def from_verdict(source: str | Path, verdict: Any) -> list[Annotation]:
    """The violations of ``compaction check`` at the line of each fact in the payload file."""
    out = []
    for violation in verdict.violations:
        out.append(
            Annotation(
                file=relative_path(source),
                line=line_of_id(source, violation.fact_id),
                rule=violation.code.value,
                message=violation.describe(),
            )
        )
    return out


def from_records(records: Iterable[Any]) -> list[Annotation]:
    """One annotation per failing violation of each failed contract test (the plugin's
    :class:`~pytest_compaction.plugin.report.ContractRecord`), at the line it is about."""
    out = []
    for record in records:
        if record.outcome != "failed" or not record.path:
            continue
        file = relative_path(record.path)
        details = [d for d in record.details if d.get("name") not in record.accepted]
        if not details:
            out.append(
                Annotation(
                    file=file,
                    line=record.line,
                    rule="failed",
                    message=f"{record.nodeid}: {getattr(record, 'message', '') or 'failed; see the log'}",
                )
            )
        for detail in details:
            out.append(
                Annotation(
                    file=file,
                    line=detail.get("line") or record.line,
                    rule=str(detail.get("code", "violation")),
                    message=f"{record.nodeid}: {detail.get('text', '')}",
                )
            )
    return out
