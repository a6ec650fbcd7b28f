"""Migration rehearsal: change how memory is stored without changing what it says.

A storage migration is a representation boundary like any other: it can turn
``False`` into ``"false"`` or drop a qualifier while every row still "migrates
successfully". A rehearsal runs the migration on copies of stored records:

1. read each record with the **old** reader (the contract as it stands);
2. migrate it, and read the result with the **new** reader;
3. compare the two artifacts field by field (``representation_changed``), and, with a
   ledger, require that the migration adds no contract violation;
4. migrate the migrated record again and require no change
   (``migration_not_idempotent``): a migration that is re-run after a partial failure,
   or by two deploys at once, must not change memory twice.

Records are whatever the store keeps (a dict, a JSON string, a row tuple); the
readers and the migration are the user's own functions. Each record is deep-copied
before the migration sees it, so an in-place migration cannot hide a change.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from pytest_compaction.core.checker import check
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact
from pytest_compaction.core.violations import (
    Verdict,
    Violation,
    ViolationCode,
    describe_value,
    sort_violations,
)
from pytest_compaction.store.representation import ABSENT, compare_artifacts, differences

__all__ = ["Reader", "rehearse_migration"]

Reader = Callable[[Any], Artifact]
"""Turns one stored record into the artifact it holds."""


def rehearse_migration(
    records: Iterable[Any],
    *,
    old_reader: Reader,
    migrate: Callable[[Any], Any],
    new_reader: Reader,
    ledger: Ledger | None = None,
) -> Verdict:
    """Rehearse ``migrate`` on every record and return what it would break.

    ``representation_changed`` names the first field the new reader sees differently
    from the old one; ``migration_not_idempotent`` names the first part of the record
    that a second migration changed. With ``ledger``, contract violations that the
    migrated artifact has and the original did not are reported too.
    """
    found: list[Violation] = []
    for index, record in enumerate(records):
        before = old_reader(copy.deepcopy(record))
        label = f"record {index} ({before.tenant_id}/{before.subject_id} v{before.memory_version})"
        once = migrate(copy.deepcopy(record))
        after = new_reader(copy.deepcopy(once))
        for violation in compare_artifacts(before, after, where="migration"):
            found.append(_labelled(violation, label))
        if ledger is not None:
            already = {(v.name, v.detail) for v in check(ledger, before)}
            found += [_labelled(v, label) for v in check(ledger, after) if (v.name, v.detail) not in already]
        twice = migrate(copy.deepcopy(once))
        change = _first_change(once, twice)
        if change is not None:
            found.append(
                Violation(
                    code=ViolationCode.MIGRATION_NOT_IDEMPOTENT,
                    expected=change[1],
                    observed=change[2],
                    detail=f"{label}: migrating a second time changed {change[0]}",
                )
            )
    return Verdict(violations=sort_violations(found))


def _labelled(violation: Violation, label: str) -> Violation:
    return dataclasses.replace(
        violation, detail=f"{label}: {violation.detail}" if violation.detail else label
    )


def _first_change(once: Any, twice: Any) -> tuple[str, Any, Any] | None:
    """The first place where two migrated records differ, with both values; ``None`` if equal."""
    found = differences(once, twice)
    if not found:
        return None
    parts, before, after = found[0]
    path = "root" + "".join(f"[{part!r}]" for part in parts)
    if after is ABSENT:
        return (f"{path}: {describe_value(before)} was dropped", before, None)
    if before is ABSENT:
        return (f"{path}: {describe_value(after)} was added", None, after)
    return (f"{path} from {describe_value(before)} to {describe_value(after)}", before, after)
