"""Violations as plain mappings for the reports: what, where (stage, pass, spec line), in words."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pytest_compaction.reporting.escape import one_line
from pytest_compaction.reporting.locate import line_of_id

__all__ = ["STAGES", "boundary_and_pass", "stage_and_pass", "violation_details"]

STAGES = ("selection+compression", "storage", "retrieval", "use")
"""The four boundaries a fact crosses, in order; the first that differs names the owner."""

_PASS = re.compile(r"\bpass (\d+)\b")
_MISMATCH = re.compile(r"^(?:expected (?P<expected>.+), not found|found (?P<found>.+), not expected)$")


def stage_and_pass(violation: Any) -> tuple[str, int | None]:
    """The stage and 1-based pass of ``violation``: its own fields when it has them, else the
    stage and pass the runner wrote into its detail (``pass 2, selection; ...``), else the
    evidence's boundary for its code."""
    boundary, number = boundary_and_pass(violation)
    stage = getattr(violation, "stage", None)
    if not isinstance(stage, str) or stage not in STAGES:
        # The evidence's boundaries split the first stage in two halves; the report shows four.
        stage = STAGES[0] if boundary in ("selection", "compression") else boundary
    return stage, number


def boundary_and_pass(violation: Any) -> tuple[str, int | None]:
    """Like :func:`stage_and_pass`, with selection and compression told apart."""
    detail = str(getattr(violation, "detail", "") or "")
    number = getattr(violation, "pass_index", None) or getattr(violation, "pass_number", None)
    if hasattr(violation, "code"):
        from pytest_compaction.engine.evidence import boundary_of

        boundary = boundary_of(violation)
    else:
        boundary = "compression"
    if not isinstance(number, int):
        found = _PASS.search(detail)
        number = int(found.group(1)) if found else None
    return boundary, number


def _line(spec_path: str | Path, violation: Any) -> int | None:
    """The fact's line; for an expectation mismatch, the expected name's line (what to edit)
    or the line of the fact that showed an unexpected violation."""
    match = (
        _MISMATCH.match(violation.detail or "") if violation.code.value == "unexpected_violations" else None
    )
    if match is None:
        about = violation.fact_id
        if about is None and isinstance(violation.observed, tuple) and violation.observed:
            about = str(violation.observed[0]).split(" ")[0]  # an event id (deleted content)
        return line_of_id(spec_path, about)
    if match.group("expected"):
        name = match.group("expected")
        return line_of_id(spec_path, name) or line_of_id(spec_path, name.rpartition(":")[0])
    return line_of_id(spec_path, match.group("found").rpartition(":")[0])


def violation_details(violations: Iterable[Any], spec_path: str | Path | None) -> list[dict[str, Any]]:
    """One JSON-ready mapping per violation; every text escaped to one printable line."""
    out = []
    for violation in violations:
        stage, number = stage_and_pass(violation)
        boundary, _ = boundary_and_pass(violation)
        fact_id = violation.fact_id
        out.append(
            {
                "name": one_line(violation.name),
                "code": violation.code.value,
                "fact_id": None if fact_id is None else one_line(fact_id),
                "text": one_line(violation.describe()),
                "detail": one_line(violation.detail),
                "stage": stage,
                "boundary": boundary,
                "pass": number,
                "line": _line(spec_path, violation) if spec_path is not None else None,
            }
        )
    return out
