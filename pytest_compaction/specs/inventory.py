"""The fact inventory: which predicates a suite covers, by category and owner.

A team rolls the contract out from an inventory of the facts that matter (safety,
authorization, money, identity, privacy, external communication, durable
personalization), each predicate with an owner. The inventory file declares them::

    # compaction-inventory.yaml
    predicates:
      food.peanuts_allowed: {category: safety, owner: nutrition}
      "refund.*": {category: money, owner: payments}
      user.preferred_name: {category: personalization, owner: profile, critical: false}

:func:`build_report` reads every spec under the given paths, finds the predicates their
facts use, and reports for each declared predicate the specs that exercise it, the
critical predicates no spec exercises, and the predicates specs use that the inventory
does not declare. Nothing in a spec or in the inventory is executed.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_compaction.core._fields import join, shown, type_name
from pytest_compaction.core.errors import PayloadError, _closest
from pytest_compaction.reporting.escape import visible as _safe  # predicates and names are user data

__all__ = [
    "CATEGORIES",
    "DEFAULT_INVENTORY",
    "Declaration",
    "Inventory",
    "InventoryReport",
    "PredicateUse",
    "Row",
    "build_report",
    "load_inventory",
    "render_json",
    "render_text",
    "scan_specs",
]

CATEGORIES = (
    "safety",
    "authorization",
    "money",
    "identity",
    "privacy",
    "external_communication",
    "personalization",
    "other",
)
"""The fact categories an inventory may declare."""

DEFAULT_INVENTORY = "compaction-inventory.yaml"
"""The inventory file read when none is named."""

SPEC_SUFFIXES = (".compaction.yaml", ".compaction.yml")
_DECLARATION_KEYS = ("category", "owner", "critical")


@dataclass(frozen=True, slots=True, kw_only=True)
class Declaration:
    """One inventory entry: a predicate (or a ``prefix.*`` pattern), its category and owner."""

    pattern: str
    category: str
    owner: str
    critical: bool = True
    line: int = 0

    def matches(self, predicate: str) -> bool:
        if self.pattern.endswith(".*"):
            return predicate.startswith(self.pattern[:-1])
        return predicate == self.pattern


@dataclass(frozen=True, slots=True, kw_only=True)
class Inventory:
    """The declared predicates, most specific pattern first."""

    declarations: tuple[Declaration, ...] = ()
    source: str = ""

    @classmethod
    def from_dict(cls, data: object, *, source: str = "") -> Inventory:
        if data is None:
            return cls(source=source)
        if not isinstance(data, Mapping):
            raise PayloadError("", f"an inventory is a mapping with `predicates:`, got {shown(data)}")
        unknown = [key for key in data if key != "predicates"]
        if unknown:
            raise PayloadError(join("", str(unknown[0])), "unknown key; an inventory has only `predicates:`")
        entries = data.get("predicates") or {}
        if not isinstance(entries, Mapping):
            raise PayloadError(
                "predicates", f"expected a mapping of predicate -> {{category, owner}}, got {shown(entries)}"
            )
        declarations = [_declaration(str(pattern), entry) for pattern, entry in entries.items()]
        # The longest pattern decides: `refund.limit` beats `refund.*`.
        declarations.sort(key=lambda d: (-len(d.pattern.rstrip("*")), d.pattern))
        return cls(declarations=tuple(declarations), source=source)

    def declaration_for(self, predicate: str) -> Declaration | None:
        for declaration in self.declarations:
            if declaration.matches(predicate):
                return declaration
        return None


def _declaration(pattern: str, entry: object) -> Declaration:
    path = join("predicates", pattern)
    if not pattern or "*" in pattern.rstrip("*") or (pattern.endswith("*") and not pattern.endswith(".*")):
        raise PayloadError(path, "a predicate is a dotted name, or a prefix ending in `.*` (e.g. `refund.*`)")
    if not isinstance(entry, Mapping):
        raise PayloadError(path, f"expected a mapping with category and owner, got {shown(entry)}")
    for key in entry:
        if key not in _DECLARATION_KEYS:
            hint = _closest(str(key), _DECLARATION_KEYS)
            suggestion = f"; did you mean {hint!r}?" if hint else ""
            raise PayloadError(
                join(path, str(key)), f"unknown key{suggestion} (known: category, owner, critical)"
            )
    category = entry.get("category")
    if category not in CATEGORIES:
        hint = _closest(str(category), CATEGORIES) if isinstance(category, str) else None
        suggestion = f"did you mean {hint!r}? " if hint else ""
        raise PayloadError(
            join(path, "category"),
            f"expected one of {', '.join(CATEGORIES)}; {suggestion}got {shown(category)}",
        )
    owner = entry.get("owner")
    if not isinstance(owner, str) or not owner.strip():
        raise PayloadError(join(path, "owner"), f"expected the owning team as a string, got {shown(owner)}")
    critical = entry.get("critical", True)
    if not isinstance(critical, bool):
        raise PayloadError(join(path, "critical"), f"expected true or false, got {type_name(critical)}")
    return Declaration(pattern=pattern, category=category, owner=owner, critical=critical)


def load_inventory(path: Path) -> Inventory:
    """Read an inventory file; a mistake raises :class:`PayloadError` naming file and line."""
    from pytest_compaction.specs.safeyaml import load_yaml_mapped

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise PayloadError("", f"cannot read the inventory: {reason}", source=str(path)) from None
    data, source_map = load_yaml_mapped(text, source=str(path))
    try:
        inventory = Inventory.from_dict(data, source=str(path))
    except PayloadError as exc:
        raise source_map.error(exc) from None
    lines = tuple(
        dataclasses.replace(d, line=source_map.line_of(join("predicates", d.pattern)) or 0)
        for d in inventory.declarations
    )
    return Inventory(declarations=lines, source=str(path))


@dataclass(frozen=True, slots=True, kw_only=True)
class PredicateUse:
    """A spec that states a fact with this predicate."""

    predicate: str
    spec: str
    file: str
    critical: bool


def _spec_files(paths: Iterable[Path]) -> list[Path]:
    # Every entry that is not a folder is kept (a FIFO, a device, a dangling link named like a
    # spec), so that the reader refuses it by name instead of it going unseen, as in lint.
    found: set[Path] = set()
    for path in paths:
        if path.is_dir():
            for suffix in SPEC_SUFFIXES:
                found.update(p for p in path.rglob(f"*{suffix}") if not p.is_dir())
        else:
            found.add(path)
    return sorted(found)


def scan_specs(paths: Iterable[Path]) -> tuple[list[PredicateUse], list[str]]:
    """Every predicate the specs under ``paths`` use, and one line per spec that could not be read."""
    from pytest_compaction.specs.spec import load_spec

    uses: list[PredicateUse] = []
    errors: list[str] = []
    for file in _spec_files(paths):
        try:
            spec = load_spec(file)
        except PayloadError as exc:
            errors.append(str(exc))
            continue
        for predicate, critical in _predicates(spec):
            uses.append(PredicateUse(predicate=predicate, spec=spec.name, file=str(file), critical=critical))
    return uses, errors


def _predicates(spec: Any) -> Iterable[tuple[str, bool]]:
    if spec.scenario is not None:
        for event in spec.scenario.events:
            for claim in event.claims:
                yield claim.predicate, claim.criticality.value == "critical"
    if spec.recorded is not None:
        for fact in spec.recorded.payload.expected:
            yield fact.predicate, fact.criticality.value == "critical"


@dataclass(frozen=True, slots=True, kw_only=True)
class Row:
    """One declared predicate (or pattern) and the specs that exercise it."""

    pattern: str
    category: str
    owner: str
    critical: bool
    predicates: tuple[str, ...]
    specs: tuple[str, ...]
    line: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class InventoryReport:
    """What the suite covers, by category; what it declares but does not test; what it tests undeclared."""

    rows: tuple[Row, ...]
    undeclared: tuple[tuple[str, tuple[str, ...], bool], ...]
    """Predicates specs use that no declaration matches: (predicate, specs, critical in any spec)."""
    errors: tuple[str, ...]
    source: str = ""

    @property
    def uncovered_critical(self) -> tuple[Row, ...]:
        return tuple(row for row in self.rows if row.critical and not row.specs)

    @property
    def ok(self) -> bool:
        """True when every critical declaration is exercised and every critical predicate is declared."""
        return not self.uncovered_critical and not any(c for _, _, c in self.undeclared) and not self.errors

    def to_dict(self) -> dict[str, Any]:
        return {
            "inventory": self.source or None,
            "categories": {
                category: [
                    {
                        "predicate": row.pattern,
                        "owner": row.owner,
                        "critical": row.critical,
                        "predicates_seen": list(row.predicates),
                        "specs": list(row.specs),
                    }
                    for row in self.rows
                    if row.category == category
                ]
                for category in CATEGORIES
                if any(row.category == category for row in self.rows)
            },
            "uncovered_critical": [row.pattern for row in self.uncovered_critical],
            "undeclared": [
                {"predicate": predicate, "specs": list(specs), "critical": critical}
                for predicate, specs, critical in self.undeclared
            ],
            "unreadable_specs": list(self.errors),
            "ok": self.ok,
        }


def build_report(
    inventory: Inventory, uses: Iterable[PredicateUse], errors: Iterable[str] = ()
) -> InventoryReport:
    """Match each predicate a spec uses to the most specific declaration."""
    by_pattern: dict[str, tuple[set[str], set[str]]] = {
        d.pattern: (set(), set()) for d in inventory.declarations
    }
    undeclared: dict[str, set[str]] = {}
    critical_undeclared: set[str] = set()
    for use in uses:
        declaration = inventory.declaration_for(use.predicate)
        if declaration is None:
            undeclared.setdefault(use.predicate, set()).add(use.spec)
            if use.critical:
                critical_undeclared.add(use.predicate)
            continue
        predicates, specs = by_pattern[declaration.pattern]
        predicates.add(use.predicate)
        specs.add(use.spec)
    rows = tuple(
        Row(
            pattern=d.pattern,
            category=d.category,
            owner=d.owner,
            critical=d.critical,
            predicates=tuple(sorted(by_pattern[d.pattern][0])),
            specs=tuple(sorted(by_pattern[d.pattern][1])),
            line=d.line,
        )
        for d in sorted(inventory.declarations, key=lambda d: (CATEGORIES.index(d.category), d.pattern))
    )
    return InventoryReport(
        rows=rows,
        undeclared=tuple(
            (p, tuple(sorted(s)), p in critical_undeclared) for p, s in sorted(undeclared.items())
        ),
        errors=tuple(errors),
        source=inventory.source,
    )


def render_text(report: InventoryReport) -> str:
    lines: list[str] = []
    category = None
    for row in report.rows:
        if row.category != category:
            category = row.category
            lines.append(f"{category}:")
        mark = "critical" if row.critical else "continuity"
        covered = ", ".join(_safe(s) for s in row.specs) if row.specs else "NO SPEC"
        lines.append(f"  {_safe(row.pattern)}  owner {_safe(row.owner)}  {mark}  specs: {covered}")
    if report.uncovered_critical:
        lines.append("critical predicates no spec exercises:")
        lines.extend(
            f"  {_safe(row.pattern)}  (owner {_safe(row.owner)})" for row in report.uncovered_critical
        )
    if report.undeclared:
        where = report.source or DEFAULT_INVENTORY
        lines.append(f"predicates used by specs but not declared in {_safe(where)}:")
        lines.extend(
            f"  {_safe(predicate)}  {'critical' if critical else 'continuity'}  "
            f"specs: {', '.join(_safe(s) for s in specs)}"
            for predicate, specs, critical in report.undeclared
        )
    if report.errors:
        lines.append("specs that could not be read (run `compaction lint` on them):")
        lines.extend(f"  {_safe(error)}" for error in report.errors)
    if not report.rows and not report.undeclared:
        lines.append("no predicates found: no spec states a fact, and the inventory declares none")
    return "\n".join(lines)


def render_json(report: InventoryReport) -> str:
    return json.dumps(report.to_dict(), indent=2, sort_keys=False, ensure_ascii=True)
