"""Argument validation for the strategies: counts and ranges, identifiers, enum members and
nesting depth, each refused with :class:`hypothesis.errors.InvalidArgument` naming the argument.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeAlias, TypeVar

from hypothesis.errors import InvalidArgument

from pytest_compaction.fuzzing._vocabulary import NAMES

__all__ = [
    "MAX_COUNT",
    "Count",
    "_count",
    "_depth",
    "_enum_or_none",
    "_identifier",
    "_optional",
    "_scope_count",
]


Count: TypeAlias = "int | tuple[int, int]"
"""How many: an exact number, or an inclusive ``(min, max)`` range."""


MAX_COUNT = 500
"""The most of any one kind of event a session may ask for: Hypothesis draws each
example from a bounded choice sequence, and a larger session would overrun it."""


_E = TypeVar("_E", bound=Enum)


def _count(name: str, value: object, *, minimum: int = 0, maximum: int = MAX_COUNT) -> tuple[int, int]:
    """``value`` as an inclusive range, or InvalidArgument in Hypothesis' words."""
    if isinstance(value, tuple) and len(value) == 2 and all(_is_int(v) for v in value):
        low, high = value
        if low < minimum:
            raise InvalidArgument(f"{name}={value!r}: the minimum {low} must be at least {minimum}")
        if high < low:
            raise InvalidArgument(
                f"Cannot have {name}={value!r}: the maximum {high} is less than the minimum {low}"
            )
        if high > maximum:
            raise InvalidArgument(f"{name}={value!r}: the maximum {high} must be at most {maximum}")
        return low, high
    if not _is_int(value):
        raise InvalidArgument(
            "Expected an int or a (min, max) pair of ints but got "
            f"{name}={value!r} (type={type(value).__name__})"
        )
    assert isinstance(value, int)
    if value < minimum:
        raise InvalidArgument(f"{name}={value!r} must be at least {minimum}")
    if value > maximum:
        raise InvalidArgument(f"{name}={value!r} must be at most {maximum}")
    return value, value


def _optional(name: str, value: object, default: tuple[int, int]) -> tuple[int, int]:
    """A count that also takes ``True`` (the default range) and ``False`` (none)."""
    if value is True:
        return default
    if value is False:
        return 0, 0
    return _count(name, value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _scope_count(name: str, value: object) -> int:
    if not _is_int(value):
        raise InvalidArgument(f"Expected int but got {name}={value!r} (type={type(value).__name__})")
    return _count(name, value, minimum=1, maximum=len(NAMES) * 4)[0]


def _identifier(name: str, value: object) -> str:
    if not isinstance(value, str) or not value:
        raise InvalidArgument(
            f"Expected a non-empty str but got {name}={value!r} (type={type(value).__name__})"
        )
    return value


def _enum_or_none(name: str, value: object, kind: type[_E]) -> _E | None:
    if value is None:
        return None
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(repr(member.value) for member in kind)
        raise InvalidArgument(f"{name}={value!r} must be None or one of {allowed}") from None


def _depth(value: object) -> int:
    if not _is_int(value):
        raise InvalidArgument(f"Expected int but got max_depth={value!r} (type={type(value).__name__})")
    assert isinstance(value, int)
    if not 0 <= value <= 4:
        raise InvalidArgument(f"max_depth={value!r} must be between 0 and 4")
    return value
