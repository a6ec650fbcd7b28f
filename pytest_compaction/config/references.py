"""Resolve ``package.module:attribute`` references from options and ini files."""

from __future__ import annotations

import importlib

from pytest_compaction.core.errors import ConfigError

__all__ = ["import_reference"]


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
