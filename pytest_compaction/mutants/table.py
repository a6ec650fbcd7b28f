"""The mutation table: findings per mutant, who killed what, who survived, and its text.

Plain data, so findings cross xdist workers as JSON; :mod:`pytest_compaction.mutants.catalog`
runs the mutants and re-exports these names.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pytest_compaction.mutants.catalog import Mutant

__all__ = ["Finding", "MutantRow", "MutationTable", "render_table"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """One scenario run against one mutant. Plain data, so it crosses xdist workers."""

    mutant: str
    scenario: str
    """The scenario's name, or the label the caller gave (e.g. a test node id)."""
    killed_by: tuple[str, ...] = ()
    """Violation names with one of the mutant's codes that the faithful run did not show."""
    other: tuple[str, ...] = ()
    """Other new violation names: the mutant changed something, but these do not kill it."""
    error: str | None = None
    """Why the scenario could not run against the mutant (a bad scenario, not a violation)."""

    @property
    def killed(self) -> bool:
        return bool(self.killed_by)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Finding:
        """The inverse of :meth:`to_dict` (findings travel from xdist workers as JSON)."""
        return cls(
            mutant=str(data["mutant"]),
            scenario=str(data["scenario"]),
            killed_by=tuple(data.get("killed_by") or ()),
            other=tuple(data.get("other") or ()),
            error=data.get("error"),
        )

    def to_dict(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "killed_by": list(self.killed_by), "other": list(self.other)}


@dataclass(frozen=True, slots=True, kw_only=True)
class MutantRow:
    """One mutant and every finding about it."""

    mutant: Mutant
    findings: tuple[Finding, ...] = ()
    accepted: str | None = None
    """Why a survivor is accepted (e.g. from an ini option), if it is."""

    @property
    def kills(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.killed)

    @property
    def survived(self) -> bool:
        return not self.kills

    @property
    def noticed(self) -> tuple[Finding, ...]:
        """Findings that saw a change only through unrelated codes (not kills)."""
        return tuple(f for f in self.findings if f.other and not f.killed)

    @property
    def killing_names(self) -> tuple[str, ...]:
        return tuple(sorted({name for f in self.kills for name in f.killed_by}))


@dataclass(frozen=True, slots=True, kw_only=True)
class MutationTable:
    """Every mutant against every scenario: who killed what, and who survived."""

    rows: tuple[MutantRow, ...]
    scenarios: tuple[str, ...] = ()
    skipped: tuple[tuple[str, str], ...] = ()
    """Scenarios that could not run at all, with the reason."""
    baseline: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Scenarios the faithful compressor already fails, with its violation names (not counted)."""
    seconds: float = 0.0

    @property
    def killed(self) -> tuple[MutantRow, ...]:
        return tuple(row for row in self.rows if not row.survived)

    @property
    def survivors(self) -> tuple[MutantRow, ...]:
        return tuple(row for row in self.rows if row.survived)

    @property
    def failing(self) -> tuple[MutantRow, ...]:
        """Survivors that are not accepted: a mutation run with any of these fails."""
        return tuple(row for row in self.survivors if row.accepted is None)

    @property
    def ok(self) -> bool:
        return not self.failing

    @property
    def score(self) -> float:
        """Killed mutants over all mutants (1.0 for an empty table)."""
        return len(self.killed) / len(self.rows) if self.rows else 1.0

    def row(self, name: str) -> MutantRow:
        for row in self.rows:
            if row.mutant.name == name:
                return row
        raise KeyError(name)

    def render(self, *, limit: int = 3) -> str:
        return render_table(self, limit=limit)

    def to_dict(self) -> dict[str, Any]:
        return {
            "score": self.score,
            "seconds": self.seconds,
            "scenarios": list(self.scenarios),
            "skipped": [list(item) for item in self.skipped],
            "baseline": {name: list(names) for name, names in self.baseline},
            "mutants": [
                {
                    "name": row.mutant.name,
                    "class": row.mutant.class_label,
                    "codes": sorted(code.value for code in row.mutant.codes),
                    "survived": row.survived,
                    "accepted": row.accepted,
                    "findings": [f.to_dict() for f in row.findings if f.killed or f.other or f.error],
                }
                for row in self.rows
            ],
        }


# -- rendering ----------------------------------------------------------------------


def render_table(table: MutationTable, *, limit: int = 3) -> str:
    """The table as text: a score line, one line per mutant, then what did not count.

    ``limit`` caps the scenarios listed per mutant (0: all of them).
    """
    total = len(table.rows)
    killed = len(table.killed)
    percent = f" ({100 * killed // total}%)" if total else ""
    lines = [
        f"mutation score {killed}/{total}{percent}: {total} mutant{'s' if total != 1 else ''} "
        f"against {len(table.scenarios)} scenario{'s' if len(table.scenarios) != 1 else ''}"
        # A table merged from a pytest session has no single duration of its own.
        + (f" in {table.seconds:.2f}s" if table.seconds else "")
    ]
    name_width = max([len("mutant"), *(len(row.mutant.name) for row in table.rows)])
    class_width = max([len("class"), *(len(row.mutant.class_label) for row in table.rows)])
    lines.append(f"{'mutant':<{name_width}}  {'class':<{class_width}}  killed by")
    for row in table.rows:
        name, label = row.mutant.name, row.mutant.class_label
        lines.append(f"{name:<{name_width}}  {label:<{class_width}}  {_outcome(row, limit)}")
    for row in table.rows:
        if row.survived and row.noticed:
            seen = ", ".join(f"{f.scenario} ({', '.join(f.other)})" for f in _first(row.noticed, limit))
            more = _more(row.noticed, limit)
            lines.append(
                f"note: {row.mutant.name} changed results only under names that do not count: {seen}{more}"
            )
    for name, reason in table.skipped:
        lines.append(f"skipped: {name}: {reason}")
    for name, names in table.baseline:
        lines.append(
            f"baseline: {name} already fails with the faithful compressor ({', '.join(names)}); not counted"
        )
    if table.failing:
        lines.append(f"survived: {', '.join(row.mutant.name for row in table.failing)}")
    return "\n".join(lines)


def _outcome(row: MutantRow, limit: int) -> str:
    if row.survived:
        codes = ", ".join(sorted(code.value for code in row.mutant.codes))
        if row.accepted is not None:
            return f"survived (accepted: {row.accepted})"
        return f"SURVIVED: no scenario reported {codes}"
    kills = row.kills
    listed = ", ".join(f"{f.scenario} ({', '.join(f.killed_by)})" for f in _first(kills, limit))
    return f"{len(kills)} scenario{'s' if len(kills) != 1 else ''}: {listed}{_more(kills, limit)}"


def _first(findings: tuple[Finding, ...], limit: int) -> tuple[Finding, ...]:
    return findings if limit <= 0 else findings[:limit]


def _more(findings: tuple[Finding, ...], limit: int) -> str:
    extra = len(findings) - limit
    return f", +{extra} more" if limit > 0 and extra > 0 else ""
