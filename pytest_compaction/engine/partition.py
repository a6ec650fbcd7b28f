"""The partition every pass must stay in: the tenant and subject it was asked for.

The checker compares an artifact's facts with the ledger of the artifact's *own* tenant
and subject. An artifact that is itself labelled with another scope (a compressor that
mixed two requests it served at once) passes that comparison against the wrong ledger,
and a store keyed by the artifact's tenant and subject would file it under the other
subject's partition. :func:`partition_kept` closes that gap on every pass: the artifact
the compressor returned, and the memory the store read back, must carry the request's
tenant and subject.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pytest_compaction.core.violations import Violation, ViolationCode

if TYPE_CHECKING:
    from pytest_compaction.engine.passes import PassContext

__all__ = ["partition_kept"]


def partition_kept(context: PassContext) -> list[Violation]:
    """``isolation_breach`` when the artifact, or its read-back, belongs to another tenant or subject."""
    wanted = context.scope
    scope = f"{wanted[0]}/{wanted[1]}"
    artifact = context.artifact
    if artifact is not None and (artifact.tenant_id, artifact.subject_id) != wanted:
        owner = f"{artifact.tenant_id}/{artifact.subject_id}"
        return _breach(
            scope,
            owner,
            f"the compressor was asked for the memory of {scope} and returned the memory of {owner}; "
            f"stored under its partition key ({owner}) it would replace that subject's memory",
        )
    back = context.read_back
    if back is not None and (back.tenant_id, back.subject_id) != wanted:
        owner = f"{back.tenant_id}/{back.subject_id}"
        return _breach(
            scope,
            owner,
            f"the store's read of partition {scope} returned the memory of {owner}; "
            f"versions, reads and retrieval must be kept per tenant and subject",
        )
    return []


def _breach(scope: str, owner: str, detail: str) -> list[Violation]:
    return [Violation(code=ViolationCode.ISOLATION_BREACH, expected=scope, observed=owner, detail=detail)]
