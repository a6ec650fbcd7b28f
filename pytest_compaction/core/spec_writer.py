"""The spec writer: a loaded object back to the plain data its loader reads, by walking the spec model.

:func:`write` emits the keys of a :mod:`~pytest_compaction.core.spec_model` table in the
table's order, each read from the attribute the key names, converted by its kind, and
left out when it holds the object's own default (what the loader gives for an absent
key) or, for a key that inherits, the enclosing object's value. A key added to the model
is written as soon as the object holds it; a test checks every key names a real attribute.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from pytest_compaction.core.depth_policy import NEVER
from pytest_compaction.core.spec_model import Key

__all__ = ["write"]

_LISTS = ("strs", "words", "objects")


_DEFAULTS: dict[type, dict[str, Any]] = {}


def _defaults(cls: type) -> dict[str, Any]:
    """Each dataclass field's default (the loader's value for an absent key)."""
    if cls not in _DEFAULTS:
        _DEFAULTS[cls] = {}
        for field in dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ():
            if field.default is not dataclasses.MISSING:
                _DEFAULTS[cls][field.name] = field.default
            elif field.default_factory is not dataclasses.MISSING:
                _DEFAULTS[cls][field.name] = field.default_factory()
    return _DEFAULTS[cls]


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    return value


_REFS: dict[str, Callable[[Any, Mapping[str, Any]], Any]] = {
    "qualifier_words": lambda value, scope: {name: list(words) for name, words in value},
    "from_depth": lambda value, scope: NEVER if value is None else value,
    "steps": lambda value, scope: [step.to_dict(scope) for step in value],
}
"""The definitions whose written form is not the value's plain data."""


def _written(key: Key, value: Any, scope: Mapping[str, Any]) -> Any:
    if key.kind == "object":
        return write(key.fields, value, scope)
    if key.kind == "objects":
        return [write(key.fields, item, scope) for item in value]
    if key.kind == "mapping":
        return _plain(dict(value))
    if key.kind == "ref" and key.ref in _REFS:
        return _REFS[key.ref](value, scope)
    return _plain(value)


def write(
    keys: tuple[Key, ...],
    obj: Any,
    scope: Mapping[str, Any] | None = None,
    *,
    values: Mapping[str, Any] | None = None,
    written: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """``obj`` in the spec form of ``keys``: model order, defaults left out.

    ``scope`` holds the enclosing object's values by key name (what ``inherit`` refers
    to); ``values`` replaces the attribute of a key the object does not hold as such (an
    event's restated facts), ``written`` gives a key's written form outright.
    """
    defaults = _defaults(type(obj))
    parent = scope or {}
    values = values or {}
    written = written or {}
    own: dict[str, Any] = {}
    out: dict[str, Any] = {}
    for key in keys:
        if key.name in written:
            out[key.name] = written[key.name]
            continue
        if key.name in values:
            value = values[key.name]
        elif key.attr is None:
            continue
        else:
            value = obj if key.attr == "." else getattr(obj, key.attribute)
        own[key.name] = value
        if not key.required:
            inherits = key.inherit in parent
            default = parent[key.inherit] if inherits else defaults.get(key.attribute)
            if value == default or (inherits and value is None) or (key.kind in _LISTS and not value):
                continue
        out[key.name] = _written(key, value, {**parent, **own})
    return out
