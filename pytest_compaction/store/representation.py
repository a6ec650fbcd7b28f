"""Representation loss: the same artifact, before and after a storage or migration boundary.

A compressor can emit the right fact and a serializer, storage adapter or migration
can still change it (``False`` becomes ``"false"``, a qualifier vanishes). This module
compares the artifact *as written* with the artifact *as read back* and names the
first divergent field with its type names, one ``representation_changed`` per fact.

What is not a difference: the order of facts (they are matched by id), the order of
qualifiers and of source event ids, and a tuple where a list was written (the typed
contract treats them alike, see :func:`pytest_compaction.core.model.typed_token`).

deepdiff is imported inside :func:`compare_artifacts`, never at import time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pytest_compaction.core._fields import join, type_name
from pytest_compaction.core.model import Artifact, Fact, typed_token
from pytest_compaction.core.violations import (
    Verdict,
    Violation,
    ViolationCode,
    describe_value,
    sort_violations,
)

__all__ = ["ABSENT", "compare_artifacts", "describe_changes", "differences", "render_path"]


def compare_artifacts(written: Artifact, read_back: object, *, where: str = "read-back") -> Verdict:
    """Compare an artifact with what came back through a boundary.

    ``where`` names the boundary in the details (``read-back``, ``migration``). The
    verdict holds one ``representation_changed`` per fact that differs (its
    ``fact_id`` set) and one for the artifact's own fields, each naming the first
    divergent field in document order, ``expected`` and ``observed`` being the
    values found there.
    """
    if not isinstance(read_back, Artifact):
        gone = read_back is None
        detail = (
            f"artifact: nothing came back at {where}; memory version {written.memory_version} of "
            f"{written.tenant_id}/{written.subject_id} is gone"
            if gone
            else f"artifact: expected an Artifact at {where}, got {type_name(read_back)}"
        )
        expected = written.memory_version if gone else None
        return Verdict(
            violations=(
                Violation(code=ViolationCode.REPRESENTATION_CHANGED, expected=expected, detail=detail),
            )
        )
    if read_back == written and type(read_back.memory_version) is int and type(read_back.depth) is int:
        # Facts compare with their types (Fact.__eq__), so equal means faithful: skip the diff.
        return Verdict()
    by_owner: dict[str | None, list[tuple[list[Any], Any, Any]]] = {}
    for path, before, after in differences(_plain(written), _plain(read_back)):
        owner = path[1] if len(path) > 1 and path[0] == "facts" else None
        by_owner.setdefault(owner, []).append((path, before, after))
    found: list[Violation] = []
    for owner, changes in by_owner.items():
        path, before, after = changes[0]
        detail = f"{render_path(path)}: {_how(path, before, after)} at {where}"
        if len(changes) > 1:
            more = len(changes) - 1
            detail += f"; {more} more field{'s' if more > 1 else ''} differ{'' if more > 1 else 's'}"
        whole_fact = owner is not None and len(path) == 2
        found.append(
            Violation(
                code=ViolationCode.REPRESENTATION_CHANGED,
                fact_id=owner,
                expected=None if whole_fact or before is _ABSENT else before,
                observed=None if whole_fact or after is _ABSENT else after,
                detail=detail,
            )
        )
    return Verdict(violations=sort_violations(found))


def differences(expected: Any, observed: Any) -> list[tuple[list[Any], Any, Any]]:
    """Every leaf where two plain values differ *with their types*, in document order.

    Each item is ``(path, expected_value, observed_value)``; a side that lacks the
    field holds :data:`ABSENT`. deepdiff finds the differences; a change of a whole
    mapping or list is split into the keys or items that differ.
    """
    from deepdiff import DeepDiff  # deferred: the plugin must stay light to import

    # zip_ordered_iterables: compare lists index by index. Without it deepdiff matches
    # list items by equality, and 1 == 1.0 == True would hide a type change.
    diff = DeepDiff(expected, observed, view="tree", verbose_level=2, zip_ordered_iterables=True)
    order = _document_order(expected, observed)
    found = [
        leaf
        for levels in diff.values()
        for level in levels
        for leaf in _leaves(level.path(output_format="list"), _present(level.t1), _present(level.t2))
    ]
    found.sort(key=lambda leaf: order.get(tuple(leaf[0]), len(order)))
    return found


def describe_changes(expected: Any, observed: Any, *, root: str = "value") -> list[str]:
    """One line per leaf where two values differ: ``value['limit']['amount']: 50 (int) became '50' (str)``.

    What a failure report adds under a changed mapping or list, so a person need not
    diff two long reprs by eye.
    """
    out = []
    for path, before, after in differences(_plain_value(expected), _plain_value(observed)):
        where = root + "".join(f"[{key!r}]" for key in path)
        if before is _ABSENT or after is _ABSENT:
            out.append(f"{where}: {_how([], before, after)}")
        else:
            out.append(f"{where}: {describe_value(before)} became {describe_value(after)}")
    return out


def render_path(path: list[Any]) -> str:
    """``['facts', 'allergy-1', 'value']`` as ``artifact.facts['allergy-1'].value``."""
    out = "artifact"
    for index, key in enumerate(path):
        if index == 1 and path[0] == "facts":
            out += f"[{key!r}]"
        else:
            out = join(out, key)
    return out


class _Absent:
    """A field on one side only (deepdiff's ``not present``)."""

    def __repr__(self) -> str:
        return "<absent>"


_ABSENT = _Absent()
ABSENT: Any = _ABSENT
"""Stands for the missing side of a field that only one value has."""


def _present(value: Any) -> Any:
    return _ABSENT if type(value).__name__ == "NotPresent" else value


def _leaves(path: list[Any], before: Any, after: Any) -> Iterator[tuple[list[Any], Any, Any]]:
    """Split a change of a whole mapping or list (deepdiff reports ``{...}`` to ``{}`` so) by key."""
    if isinstance(before, dict) and isinstance(after, dict):
        for key in (*before, *(k for k in after if k not in before)):
            left, right = before.get(key, _ABSENT), after.get(key, _ABSENT)
            if typed_token(left) != typed_token(right):
                yield from _leaves([*path, key], left, right)
    elif isinstance(before, list) and isinstance(after, list):
        for index in range(max(len(before), len(after))):
            left = before[index] if index < len(before) else _ABSENT
            right = after[index] if index < len(after) else _ABSENT
            if typed_token(left) != typed_token(right):
                yield from _leaves([*path, index], left, right)
    else:
        yield path, before, after


def _how(path: list[Any], before: Any, after: Any) -> str:
    what = "the fact" if len(path) == 2 and path[0] == "facts" else "the field"
    if after is _ABSENT:
        return f"{what} was dropped"
    if before is _ABSENT:
        return f"{what} was added"
    if type(before) is not type(after):
        return f"{type_name(before)} became {type_name(after)}"
    return f"{before!r} became {after!r} ({type_name(before)})"


def _plain(artifact: Artifact) -> dict[str, Any]:
    """The contract-relevant fields, in document order, in a form deepdiff compares by type."""
    facts: dict[str, Any] = {}
    for position, fact in enumerate(artifact.facts):
        key = fact.fact_id if fact.fact_id not in facts else f"{fact.fact_id}#{position}"
        facts[key] = _plain_fact(fact)
    return {
        "memory_version": artifact.memory_version,
        "tenant_id": artifact.tenant_id,
        "subject_id": artifact.subject_id,
        "facts": facts,
        "summary": artifact.summary,
        "depth": artifact.depth,
        "input_event_ids": list(artifact.input_event_ids),
    }


def _plain_fact(fact: Fact) -> dict[str, Any]:
    return {
        "tenant_id": fact.tenant_id,
        "subject_id": fact.subject_id,
        "predicate": fact.predicate,
        "value": _plain_value(fact.value),
        "qualifiers": {key: _plain_value(value) for key, value in fact.qualifiers},
        "source_event_ids": sorted(fact.source_event_ids),
        "status": _enum_value(fact.status),
        "authority": _enum_value(fact.authority),
        "criticality": _enum_value(fact.criticality),
    }


def _enum_value(value: object) -> object:
    # A store that hands back the plain string instead of the enum member has not
    # changed the fact; one that hands back another string has.
    return getattr(value, "value", value)


def _plain_value(value: object) -> object:
    if type(value) is tuple or type(value) is list:
        return [_plain_value(item) for item in value]
    if type(value) is dict:
        return {key: _plain_value(item) for key, item in value.items()}
    return value


def _document_order(*roots: Any) -> dict[tuple[Any, ...], int]:
    """Every path in the written artifact, then those only the read-back has, numbered in order."""
    order: dict[tuple[Any, ...], int] = {}

    def walk(node: Any, path: tuple[Any, ...]) -> None:
        order.setdefault(path, len(order))
        if isinstance(node, dict):
            for key, item in node.items():
                walk(item, (*path, key))
        elif isinstance(node, list):
            for index, item in enumerate(node):
                walk(item, (*path, index))

    for root in roots:
        walk(root, ())
    return order
