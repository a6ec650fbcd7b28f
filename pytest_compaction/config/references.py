"""Resolve ``package.module:attribute`` references from options and ini files."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from pytest_compaction.core.errors import ConfigError

__all__ = [
    "BUILT_IN_USES",
    "EVIDENCE_KEY_ENV",
    "ENV_VALUES_INI",
    "SPEC_ROOTS_INI",
    "USE_INI",
    "add_spec_ini",
    "import_reference",
    "lookup_use",
    "parse_ini_uses",
    "register_use",
    "registered_uses",
    "resolve_use",
    "set_ini_uses",
    "unregistered",
]


def import_reference(
    reference: str, *, what: str, shape: str, fallback: str, error: type[ConfigError]
) -> object:
    """Import the object ``reference`` names; every failure is one ``error`` naming the reference.

    ``what`` is the noun in messages ("compressor"), ``shape`` the expected form
    ("package.module:attribute") and ``fallback`` the built-in alternative.
    """
    module_name, sep, attribute = reference.partition(":")
    if not sep or not module_name or not attribute:
        raise error(f"{what} {reference!r}: a reference must look like {shape!r} (or {fallback})")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise error(
            f"{what} {reference!r}: cannot import module {module_name!r} ({exc}); "
            f"check the name and that it is importable from the test session (rootdir, pythonpath)"
        ) from None
    target: object = module
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            available = sorted(n for n in dir(module) if not n.startswith("_"))
            listing = f"; it has: {', '.join(available[:12])}" if available else ""
            raise error(
                f"{what} {reference!r}: module {module_name!r} has no attribute {attribute!r}{listing}"
            ) from None
    return target


# -- what a spec's `use:` step may name -------------------------------------------------------

BUILT_IN_USES: dict[str, str] = {
    "plan_meal": "pytest_compaction.engine.meal_planner:plan_meal",
    "no_forbidden_ingredient": "pytest_compaction.engine.meal_planner:no_forbidden_ingredient",
}
"""The consumers and rules every project may use by name."""

USE_INI = "compaction_use"
"""The ini key registering consumers and rules: one ``name = package.module:attribute`` a line."""

_ini_uses: dict[str, str] = {}
_registered: dict[str, object] = {}


def register_use(name: str, target: object) -> None:
    """Let specs name ``target`` (a consumer, a rule, or a ``module:attribute`` string) as ``name``.

    Call it from ``conftest.py``; a spec's ``use:`` step resolves only registered names,
    so a spec file alone can never make the run import a module.
    """
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"a registered name is an identifier, got {name!r}")
    _registered[name] = target


SPEC_ROOTS_INI = "compaction_spec_roots"
"""The ini key naming more directories a spec's files (``artifact_file``) may be read from."""

ENV_VALUES_INI = "compaction_env_values"
"""The ini key naming the environment variables whose value a spec's ``skipif``/``xfail``
condition may compare (``env: {NAME: value}``); any variable may be tested for being set."""

EVIDENCE_KEY_ENV = "COMPACTION_EVIDENCE_KEY"
"""The environment variable that holds a configured evidence fingerprint key."""


def add_spec_ini(addini: Any) -> None:
    """Register the ini keys of spec loading (``parser.addini``).

    Here, not beside the loader, so that registering them imports nothing heavy: the plugin
    calls it in every pytest session, with or without contract tests.
    """
    addini(
        USE_INI,
        type="linelist",
        default=[],
        help="consumers and rules a spec's use: step may name, one `name = package.module:attribute` a line",
    )
    addini(
        SPEC_ROOTS_INI,
        type="paths",
        default=[],
        help="more directories a spec's artifact_file may point into (default: the spec's own directory)",
    )
    addini(
        ENV_VALUES_INI,
        type="linelist",
        default=[],
        help="environment variables whose value a spec's skipif/xfail `env: {NAME: value}` may compare",
    )


def set_ini_uses(lines: list[str]) -> None:
    """The project's ``compaction_use`` ini lines (``name = package.module:attribute``)."""
    found = parse_ini_uses(lines)
    _ini_uses.clear()
    _ini_uses.update(found)


def parse_ini_uses(lines: list[str]) -> dict[str, str]:
    """``compaction_use`` lines as name -> reference; a malformed line is a :class:`ConfigError`."""
    found: dict[str, str] = {}
    for line in lines:
        name, sep, reference = (part.strip() for part in line.partition("="))
        if not sep or not name.isidentifier() or ":" not in reference:
            raise ConfigError(
                f"{USE_INI}: {line!r} is not `name = package.module:attribute`; e.g. "
                f"`my_planner = myproject.planning:plan`"
            )
        found[name] = reference
    return found


def registered_uses() -> dict[str, object]:
    """Every name a spec may use, with what it stands for (built-in, ini, then conftest)."""
    return {**BUILT_IN_USES, **_ini_uses, **_registered}


def lookup_use(name: str, table: Mapping[str, object]) -> object | None:
    """What ``name`` stands for in ``table``: a registered name, or the reference one stands for."""
    target = table.get(name)
    if target is None and any(value == name for value in table.values() if isinstance(value, str)):
        return name
    return target


def unregistered(name: str, what: str, table: Mapping[str, object]) -> str:
    """The message for a ``use:`` name the project does not register, with the fix."""
    from pytest_compaction.core.errors import _closest

    close = _closest(name, tuple(table))
    hint = f"did you mean {close!r}? " if close else ""
    label = name if name.isidentifier() else "my_name"
    return (
        f"{what} {name!r} is not registered; {hint}a spec names only the consumers and rules "
        f"the project registers: add the ini line `{USE_INI} = {label} = package.module:attribute` "
        f"or call register_use({label!r}, ...) in conftest.py (built in: {', '.join(BUILT_IN_USES)})"
    )


def resolve_use(name: str, *, what: str, error: type[ConfigError]) -> object:
    """The object a spec's consumer or rule name stands for; unregistered names are refused.

    A name is a registered name, or the ``module:attribute`` string a registered name
    stands for (so specs written with the full built-in reference keep working).
    """
    table = registered_uses()
    target = lookup_use(name, table)
    if target is None:
        raise error(unregistered(name, what, table))
    if isinstance(target, str):
        return import_reference(target, what=what, shape="package.module:attribute", fallback="", error=error)
    return target
