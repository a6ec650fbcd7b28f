"""The ``marks:`` of a spec: marker names and declarative skip/xfail conditions, never code.

pytest evaluates a string condition of ``skipif``/``xfail`` as Python. A spec is data
that anyone may send in a pull request, so a spec's conditions are declarative instead:

* ``platform``: ``sys.platform`` starts with this (or one of these) names;
* ``python``: the running Python satisfies each comparison (``">=3.12"``, ``"<3.11"``);
* ``env``: these environment variables are set and non-empty, or (a mapping) have these values;
* ``installed`` / ``missing``: these distributions are (not) installed, looked up in the
  installed packages' metadata without importing anything.

Every condition given must hold (they are combined with *and*). Pytest-free: the
collector turns a :class:`Mark` into a pytest mark.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pytest_compaction.core._fields import join, read_sequence, shown
from pytest_compaction.core.errors import PayloadError, _closest

__all__ = ["CONDITION_KEYS", "CONDITIONAL", "Mark", "read_marks"]

CONDITION_KEYS = ("platform", "python", "env", "installed", "missing")
CONDITIONAL = ("skipif", "xfail")
"""The marks that take declarative conditions."""

_KEYS = {
    "skip": ("reason",),
    "skipif": ("reason", *CONDITION_KEYS),
    "xfail": ("reason", "strict", "run", *CONDITION_KEYS),
}
_RUNS_CODE = ("usefixtures", "filterwarnings", "parametrize")
"""Marks whose arguments name or import project code: a spec cannot use them."""
_PYTHON = re.compile(r"^(>=|<=|==|!=|>|<)\s*(\d+)(?:\.(\d+))?$")
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_CODE_HINT = (
    "a spec is data, so conditions are never Python: use platform, python, env, installed "
    "or missing, e.g. `skipif: {platform: win32, reason: no fork on Windows}`"
)


@dataclass(frozen=True, slots=True)
class Mark:
    """A pytest mark declared in YAML: a marker name with plain keyword arguments.

    For ``skipif`` and ``xfail``, ``conditions`` holds the declarative conditions;
    :meth:`holds` evaluates them (all must hold; none means always).
    """

    name: str
    kwargs: tuple[tuple[str, Any], ...] = ()
    conditions: tuple[tuple[str, Any], ...] = ()

    def holds(self) -> bool:
        return all(_holds(key, value) for key, value in self.conditions)

    def compared_variables(self) -> tuple[str, ...]:
        """The environment variables whose value the conditions compare (``env: {NAME: value}``)."""
        return tuple(
            name
            for key, value in self.conditions
            if key == "env" and value and isinstance(value[0], tuple)
            for name, _ in value
        )

    def describe(self) -> str:
        """The conditions in words, the default reason of a conditional mark."""
        return " and ".join(f"{key} {_shown_condition(value)}" for key, value in self.conditions)


def read_marks(raw: object, path: str = "marks") -> tuple[Mark, ...]:
    """Read a spec's ``marks:`` list; anything that is not plain, declarative data is refused."""
    if raw is None:
        return ()
    return tuple(_mark(item, join(path, index)) for index, item in enumerate(read_sequence(raw, path)))


def _mark(item: object, where: str) -> Mark:
    if isinstance(item, str):
        _check_name(item, where)
        return Mark(item)
    if not isinstance(item, Mapping) or len(item) != 1:
        raise PayloadError(
            where,
            f"expected a marker name (e.g. `slow`) or one `name: argument` pair "
            f"(`skip: reason`, `xfail: reason`, `skipif: {{platform: win32}}`), got {shown(item)}",
        )
    ((name, argument),) = item.items()
    _check_name(name, where)
    at = join(where, name)
    if name == "skipif" and isinstance(argument, str):
        raise PayloadError(
            at, f"skipif takes conditions, not a Python expression ({argument!r}); {_CODE_HINT}"
        )
    if argument is None:
        return Mark(name)
    if isinstance(argument, str):
        if name not in ("skip", "xfail"):
            raise PayloadError(
                at, f"only skip and xfail take a reason string; write `{name}: {{key: value}}`"
            )
        return Mark(name, (("reason", argument),))
    if not isinstance(argument, Mapping):
        raise PayloadError(at, f"expected a reason or a mapping of arguments, got {shown(argument)}")
    if "condition" in argument:
        raise PayloadError(join(at, "condition"), f"`condition` is refused: {_CODE_HINT}")
    allowed = _KEYS.get(name)
    kwargs: list[tuple[str, Any]] = []
    conditions: list[tuple[str, Any]] = []
    for key, value in argument.items():
        spot = join(at, str(key))
        if allowed is not None and key not in allowed:
            close = _closest(str(key), allowed)
            hint = f"did you mean {close!r}?" if close else f"allowed: {', '.join(allowed)}"
            raise PayloadError(spot, f"unknown key for {name}; {hint}")
        if key in CONDITION_KEYS:
            conditions.append((key, _condition(key, value, spot)))
            continue
        if not isinstance(value, (str, bool, int, float)) or (
            key in ("strict", "run") and not isinstance(value, bool)
        ):
            expected = "true or false" if key in ("strict", "run") else "a string, number or boolean"
            raise PayloadError(spot, f"expected {expected}, got {shown(value)}")
        kwargs.append((str(key), value))
    return Mark(name, tuple(sorted(kwargs)), tuple(conditions))


def _check_name(name: object, where: str) -> None:
    if not isinstance(name, str) or not _NAME.match(name):
        raise PayloadError(where, f"mark names are identifiers, got {shown(name)}")
    if name in _RUNS_CODE:
        raise PayloadError(
            where,
            f"the {name} mark names project code, which a spec may not do; apply it in "
            f"conftest.py (pytest_collection_modifyitems) instead",
        )


def _condition(key: str, value: object, where: str) -> Any:
    if key == "env" and isinstance(value, Mapping):
        pairs = []
        for name, wanted in value.items():
            if not isinstance(name, str) or not name or not isinstance(wanted, str):
                raise PayloadError(
                    join(where, str(name)), f"expected `VARIABLE: value` strings, got {shown(wanted)}"
                )
            pairs.append((name, wanted))
        return tuple(pairs)
    items = [value] if isinstance(value, str) else value
    if isinstance(items, (str, bytes)) or not isinstance(items, Sequence) or not items:
        raise PayloadError(where, f"expected a string or a list of strings, got {shown(value)}")
    for index, item in enumerate(items):
        spot = join(where, index) if not isinstance(value, str) else where
        if not isinstance(item, str) or not item.strip():
            raise PayloadError(spot, f"expected a non-empty string, got {shown(item)}")
        if key == "python" and not _PYTHON.match(item.strip()):
            raise PayloadError(spot, f"expected a comparison such as '>=3.12' or '<3.11', got {item!r}")
    return tuple(item.strip() for item in items)


def _holds(key: str, value: Any) -> bool:
    if key == "platform":
        return any(sys.platform.startswith(name) for name in value)
    if key == "python":
        return all(_python(item) for item in value)
    if key == "env":
        if value and isinstance(value[0], tuple):
            return all(os.environ.get(name) == wanted for name, wanted in value)
        return all(bool(os.environ.get(name)) for name in value)
    installed = all(_installed(name) for name in value)
    if key == "installed":
        return installed
    return not any(_installed(name) for name in value)


def _python(comparison: str) -> bool:
    match = _PYTHON.match(comparison)
    assert match is not None
    op, major, minor = match.group(1), int(match.group(2)), match.group(3)
    wanted = (major, int(minor)) if minor is not None else (major,)
    running = sys.version_info[: len(wanted)]
    return {
        ">=": running >= wanted,
        "<=": running <= wanted,
        "==": running == wanted,
        "!=": running != wanted,
        ">": running > wanted,
        "<": running < wanted,
    }[op]


def _installed(distribution: str) -> bool:
    from importlib import metadata

    try:
        metadata.distribution(distribution)
    except metadata.PackageNotFoundError:
        return False
    return True


def _shown_condition(value: Any) -> str:
    if value and isinstance(value[0], tuple):
        return ", ".join(f"{name}={wanted}" for name, wanted in value)
    return ", ".join(value)
