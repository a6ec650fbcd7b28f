"""Metamorphic relations and repeated compression.

The public surface: register a relation with :func:`register_relation`, look one up
with :func:`get_relation`, list them in :data:`RELATIONS`. Importing any module of
this package registers the built-in relations first (this file imports them), so
a lookup never sees an empty registry.
"""

from __future__ import annotations

from pytest_compaction.relations import builtin as _builtin  # noqa: F401  (registers the built-ins)
from pytest_compaction.relations.registry import (
    RELATIONS,
    NotApplicable,
    OracleChange,
    Relation,
    RelationError,
    RelationKind,
    Transform,
    Transformation,
    Transformed,
    UnknownRelationError,
    get_relation,
    register_relation,
    relation_rng,
)
from pytest_compaction.relations.timeline import rebuild, replay_ledger, timeline

__all__ = [
    "RELATIONS",
    "NotApplicable",
    "OracleChange",
    "Relation",
    "RelationError",
    "RelationKind",
    "Transform",
    "Transformation",
    "Transformed",
    "UnknownRelationError",
    "get_relation",
    "rebuild",
    "register_relation",
    "relation_rng",
    "replay_ledger",
    "timeline",
]
