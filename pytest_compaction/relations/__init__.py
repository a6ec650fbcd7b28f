"""Metamorphic relations and repeated compression.

The public surface: register a relation with :func:`register_relation`, look one up
with :func:`get_relation`, list them in :data:`RELATIONS`; a transform returns
:class:`Transformed` or :class:`NotApplicable` and edits the scenario's
:func:`timeline`, put back together with :func:`rebuild`. Everything else lives in
:mod:`~pytest_compaction.relations.registry`. Importing any module of this package
registers the built-in relations first (this file imports them).
"""

from __future__ import annotations

from pytest_compaction.relations import builtin as _builtin  # noqa: F401  (registers the built-ins)
from pytest_compaction.relations import subjects as _subjects  # noqa: F401  (the subject schedules)
from pytest_compaction.relations.registry import (
    RELATIONS,
    NotApplicable,
    OracleChange,
    Relation,
    RelationKind,
    Transformed,
    get_relation,
    register_relation,
    relation_name_errors,
)
from pytest_compaction.relations.timeline import rebuild, timeline

BUILTIN_RELATIONS: frozenset[str] = frozenset(RELATIONS)
"""The names of the relations the package ships (registered above, before any user's)."""

__all__ = [
    "BUILTIN_RELATIONS",
    "RELATIONS",
    "NotApplicable",
    "OracleChange",
    "Relation",
    "RelationKind",
    "Transformed",
    "get_relation",
    "rebuild",
    "register_relation",
    "relation_name_errors",
    "timeline",
]
