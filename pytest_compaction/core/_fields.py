"""Field readers for ``from_dict`` constructors: each names the exact path of a bad field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from pytest_compaction.core.errors import PayloadError, _closest

__all__ = [
    "MISSING",
    "check_keys",
    "read_bool",
    "read_int",
    "read_mapping",
    "read_optional_str",
    "read_sequence",
    "read_str",
    "read_str_list",
    "shown",
    "type_name",
]

T = TypeVar("T")

MISSING: Any = object()
"""Sentinel default meaning \"this key is required\"."""


def type_name(value: object) -> str:
    """The name users see for a value's type (``None`` reads as ``null``, as in JSON)."""
    if value is None:
        return "null"
    return type(value).__name__


def shown(value: object, limit: int = 60) -> str:
    """``repr`` and type name for a message, cut short: a wrong value may be a whole document."""
    text = repr(value)
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return f"{text} ({type_name(value)})"


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def check_keys(
    data: Mapping[str, Any],
    path: str,
    *,
    required: Sequence[str],
    optional: Sequence[str] = (),
) -> None:
    """Refuse unknown keys (with a did-you-mean) and report the first missing one."""
    allowed = (*required, *optional)
    for key in data:
        if not isinstance(key, str):
            raise PayloadError(path, f"keys must be strings, got {shown(key)}")
        if key not in allowed:
            close = _closest(key, allowed)
            hint = f"did you mean {close!r}?" if close else f"allowed keys: {', '.join(allowed)}"
            raise PayloadError(join(path, key), f"unknown key; {hint}")
    for key in required:
        if key not in data:
            raise PayloadError(join(path, key), "required key is missing")


def read_mapping(value: object, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise PayloadError(path, f"expected a mapping, got {shown(value)}")
    return value


def read_sequence(value: object, path: str) -> Sequence[Any]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise PayloadError(path, f"expected a list, got {shown(value)}")
    return value


def read_str(data: Mapping[str, Any], key: str, path: str, default: object = MISSING) -> str:
    value = data.get(key, default)
    if value is MISSING:
        raise PayloadError(join(path, key), "required key is missing")
    if not isinstance(value, str) or not value:
        raise PayloadError(join(path, key), f"expected a non-empty string, got {shown(value)}")
    return value


def read_optional_str(data: Mapping[str, Any], key: str, path: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise PayloadError(join(path, key), f"expected a string, got {shown(value)}")
    return value


def read_int(data: Mapping[str, Any], key: str, path: str, default: object = MISSING) -> int:
    value = data.get(key, default)
    if value is MISSING:
        raise PayloadError(join(path, key), "required key is missing")
    # A whole float (2.0) is an integer, as JSON Schema's "integer" says.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    # bool is an int subclass; a memory version of True is a mistake, not 1.
    if isinstance(value, bool) or not isinstance(value, int):
        raise PayloadError(join(path, key), f"expected an integer, got {shown(value)}")
    return value


def read_bool(data: Mapping[str, Any], key: str, path: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise PayloadError(join(path, key), f"expected true or false, got {shown(value)}")
    return value


def read_str_list(data: Mapping[str, Any], key: str, path: str) -> tuple[str, ...]:
    value = data.get(key, ())
    items = read_sequence(value, join(path, key))
    for index, item in enumerate(items):
        if not isinstance(item, str) or not item:
            raise PayloadError(
                join(join(path, key), index),
                f"expected a non-empty string, got {shown(item)}",
            )
    return tuple(items)
