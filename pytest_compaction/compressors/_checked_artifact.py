"""An artifact a compressor returned, checked before it is read: its iterables read bounded,
its size within the limits, and every fact one the checker can read (string ids, JSON values).
"""

from __future__ import annotations

import dataclasses
import itertools
import operator
from typing import Any

from pytest_compaction.compressors._normalized import MAX_ITEMS, MAX_TEXT, Normalized, _read_bounded
from pytest_compaction.core.model import Artifact, Fact

__all__ = ["_bounded", "_declared_artifact", "_with_tuples"]


def _with_tuples(artifact: Artifact) -> Artifact:
    """``artifact`` with ``facts`` and ``input_event_ids`` as tuples, as its constructor makes them.

    Set behind the constructor (``object.__setattr__``), either may be any iterable, an
    endless one included: each is read bounded.
    """
    changed = False
    for name in ("facts", "input_event_ids"):
        value: object = getattr(artifact, name)
        if not isinstance(value, tuple):
            object.__setattr__(artifact, name, _read_bounded(value, f"an artifact whose {name}", "artifact"))
            changed = True
    if changed and all(type(fact) is Fact for fact in artifact.facts):
        return dataclasses.replace(artifact)  # its index of facts, rebuilt from what was read
    return artifact  # unchanged, or a fact _bad_fact refuses


def _declared_artifact(artifact: Artifact) -> dict[str, Any]:
    return {"kept": (), "summarized": artifact.input_event_ids}


def _bounded(result: Normalized) -> Normalized:
    artifact = result.artifact
    if artifact is None:
        return result
    if len(artifact.facts) > MAX_ITEMS:
        return dataclasses.replace(
            result,
            artifact=None,
            problem=f"returned {len(artifact.facts)} facts; at most {MAX_ITEMS} are read",
        )
    if artifact.summary is not None and len(artifact.summary) > MAX_TEXT:
        return dataclasses.replace(
            result,
            artifact=None,
            problem=f"returned a summary of {len(artifact.summary)} characters; at most {MAX_TEXT} are read",
        )
    problem = _bad_fact(artifact)
    if problem is not None:
        return dataclasses.replace(result, artifact=None, problem=problem)
    return result


_IDS = operator.attrgetter("fact_id", "tenant_id", "subject_id", "predicate")


_ID_FIELDS = tuple(map(operator.attrgetter, ("fact_id", "tenant_id", "subject_id", "predicate")))


_VALUE = operator.attrgetter("value")


_QUALIFIERS = operator.attrgetter("qualifiers")


_SECOND = operator.itemgetter(1)


_PLAIN = frozenset({str, bool, int, type(None)})


def _bad_fact(artifact: Artifact) -> str | None:
    """A fact the checker could not read: built by hand around the constructor's checks.

    The common case (every fact a ``Fact`` with string ids and plain scalar values) is
    decided from the set of types seen, at C speed; only a doubt walks the facts.
    """
    items: tuple[object, ...] = artifact.facts
    if set(map(type, items)) <= {Fact}:
        facts: tuple[Fact, ...] = artifact.facts
        ids: set[type] = set()
        ids.update(*(map(type, map(field, facts)) for field in _ID_FIELDS))
        values = set(map(type, map(_VALUE, facts)))
        qualifiers = set(map(type, map(_SECOND, itertools.chain.from_iterable(map(_QUALIFIERS, facts)))))
        if ids <= {str} and values <= _PLAIN and qualifiers <= _PLAIN:
            return _bad_summary(artifact)
    for index, fact in enumerate(items):
        where = f"returned an artifact whose facts[{index}]"
        if not isinstance(fact, Fact):
            return f"{where} is a {type(fact).__name__}, not a Fact"
        for name, field_value in zip(
            ("fact_id", "tenant_id", "subject_id", "predicate"), _IDS(fact), strict=True
        ):
            if type(field_value) is not str:
                return f"{where}.{name} is {type(field_value).__name__}, not str"
        try:
            _json_value(fact.value)
            for _, qualifier in fact.qualifiers:
                _json_value(qualifier)
        except (TypeError, ValueError) as exc:
            return f"{where} ({fact.fact_id}) holds {exc}"
    return _bad_summary(artifact)


def _bad_summary(artifact: Artifact) -> str | None:
    summary: object = artifact.summary
    if summary is not None and not isinstance(summary, str):
        return f"returned an artifact whose summary is {type(summary).__name__}, not str"
    return None


_SCALARS = (str, bool, int, float, type(None))


def _json_value(value: object, depth: int = 0) -> None:
    # Exact types: a subclass (of str, say) carries methods that run when the value is
    # compared or shown, and may raise or lie there.
    if type(value) in _SCALARS:
        if isinstance(value, float) and value != value:
            raise ValueError("a NaN value")
        return
    if depth > 100:
        raise ValueError("a value nested more than 100 levels deep")
    if isinstance(value, (list, tuple)):
        for item in value:
            _json_value(item, depth + 1)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if type(key) is not str:
                raise TypeError(f"a mapping key of type {type(key).__name__}")
            _json_value(item, depth + 1)
        return
    raise TypeError(f"a value of type {type(value).__name__}, not a JSON value")
