"""Typed fact values: the :data:`Value` type, qualifiers in normal form, the check that a
value is JSON-shaped and finite, and the token that compares values with their types.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeAlias

from pytest_compaction.core._fields import join, shown, type_name
from pytest_compaction.core.errors import PayloadError

__all__ = ["Qualifiers", "Value", "_check_value", "normalize_qualifiers", "typed_token"]


Value: TypeAlias = bool | int | float | str | list["Value"] | dict[str, "Value"] | None
"""A fact value: JSON-shaped, compared with its type."""


Qualifiers = tuple[tuple[str, Value], ...]
"""Qualifiers in normal form: ``(key, value)`` pairs sorted by key."""


_SCALARS = (str, bool, int, float, type(None))


def _check_value(value: object, path: str) -> Value:
    if isinstance(value, _SCALARS):
        if value != value:  # NaN: never equal to itself, so no artifact could ever keep it
            raise PayloadError(path, "NaN is not a value a fact can be checked against; use null or a string")
        if isinstance(value, float) and value in (float("inf"), float("-inf")):
            # Reports and evidence are strict JSON, which has no infinity.
            raise PayloadError(
                path,
                f"{value!r} is not a finite number; use a finite one, or a string such as 'unlimited'",
            )
        return value
    if isinstance(value, (list, tuple)):
        return [_check_value(item, join(path, index)) for index, item in enumerate(value)]
    if isinstance(value, Mapping):
        out: dict[str, Value] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise PayloadError(path, f"mapping keys must be strings, got {key!r} ({type_name(key)})")
            out[key] = _check_value(item, join(path, key))
        return out
    raise PayloadError(
        path,
        f"expected a JSON value (string, number, boolean, null, list or mapping), got {shown(value)}",
    )


def typed_token(value: object) -> object:
    """A hashable token equal for two values only when they are equal *with their types*.

    ``typed_token(1) != typed_token(True)``, ``typed_token([1]) != typed_token([1.0])``.
    """
    kind = type(value)
    if kind is list or kind is tuple:
        return (list, tuple(typed_token(item) for item in value))  # type: ignore[attr-defined]
    if kind is dict:
        return (dict, tuple(sorted((k, typed_token(v)) for k, v in value.items())))  # type: ignore[attr-defined]
    return (kind, value)


def normalize_qualifiers(
    qualifiers: Mapping[str, object] | Iterable[tuple[str, object]] | None, path: str = "qualifiers"
) -> Qualifiers:
    """Sort qualifiers by key so that their order never matters."""
    if qualifiers is None:
        return ()
    pairs = qualifiers.items() if isinstance(qualifiers, Mapping) else qualifiers
    out: dict[str, Value] = {}
    for pair in pairs:
        try:
            key, value = pair
        except (TypeError, ValueError):
            raise PayloadError(path, f"expected a mapping of qualifiers, got {pair!r}") from None
        if not isinstance(key, str) or not key:
            raise PayloadError(path, f"qualifier names must be non-empty strings, got {key!r}")
        if key in out:
            raise PayloadError(join(path, key), "qualifier is given twice")
        out[key] = _check_value(value, join(path, key))
    return tuple(sorted(out.items()))
