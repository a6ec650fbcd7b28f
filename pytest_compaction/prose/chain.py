"""Content addresses for register entries, so a reload that rewrites or reorders is caught.

A register is append-only across passes and reloads: an entry leaves only through a
retirement event. Counting active entries catches a removal, not an entry rewritten in
place (same id, other words) nor two entries swapped. Each pass therefore records, in
register order, every entry's id with a digest of its content; the next pass compares the
register it is given (as reloaded from storage) with that record.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

from pytest_compaction.core.violations import Violation, ViolationCode

__all__ = ["EntryDigest", "compare_lineage", "digests", "entry_digest"]

EntryDigest = tuple[str, str]
"""``(entry id, content digest)``."""


def entry_digest(entry: Any) -> str:
    """A digest of an entry's full content (text, markers, modality, outcome...), stable across runs."""
    canonical = json.dumps(entry.to_dict(), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def digests(entries: Iterable[Any]) -> tuple[EntryDigest, ...]:
    """Every entry's id and digest, in register order."""
    return tuple((entry.id, entry_digest(entry)) for entry in entries)


def compare_lineage(before: Sequence[EntryDigest], after: Sequence[EntryDigest]) -> list[Violation]:
    """Entries rewritten in place, and entries whose order changed, between two passes.

    Removal is reported by the caller (it needs the retirement events); appended entries
    are fine: the register grows at its end.
    """
    found: list[Violation] = []
    now = dict(after)
    for ident, digest in before:
        if ident in now and now[ident] != digest:
            found.append(
                Violation(
                    code=ViolationCode.REGISTER_ENTRY_REWRITTEN,
                    fact_id=ident,
                    expected=f"content {digest}",
                    observed=f"content {now[ident]}",
                    detail="the entry's words changed between passes; retire it and pin a new one instead",
                )
            )
    kept_before = [ident for ident, _ in before if ident in now]
    kept_after = [ident for ident, _ in after if ident in set(kept_before)]
    for position, (was, is_now) in enumerate(zip(kept_before, kept_after, strict=True)):
        if was != is_now:
            found.append(
                Violation(
                    code=ViolationCode.REGISTER_REORDERED,
                    fact_id=is_now,
                    expected=f"{was} at position {position + 1}",
                    observed=f"{is_now} at position {position + 1}",
                    detail="the register's entries were reordered on reload; it is append-only",
                )
            )
            break
    return found
