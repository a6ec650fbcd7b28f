"""Find the line of a spec that a violation is about: the fact, pin or event it names."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

__all__ = ["line_of_id"]

_KEYS = ("id", "fact_id", "event_id", "pin", "name")


@lru_cache(maxsize=256)
def _lines(path: str, mtime: float) -> tuple[str, ...]:
    try:
        return tuple(Path(path).read_text(encoding="utf-8", errors="replace").splitlines())
    except OSError:
        return ()


def line_of_id(path: str | Path, identifier: str | None) -> int | None:
    """The 1-based line where ``identifier`` is declared in the spec at ``path``, or None.

    A declaration is a key such as ``id:`` or ``fact_id:`` with that value (quoted or not);
    failing that, the first line that mentions the identifier as a whole word.
    """
    if not identifier:
        return None
    try:
        mtime = Path(path).stat().st_mtime
    except OSError:
        return None
    lines = _lines(str(path), mtime)
    word = re.escape(identifier)
    keys = "|".join(_KEYS)
    declared = re.compile(
        rf"^\s*(?:-\s+)?(?:\{{\s*)?['\"]?(?:{keys})['\"]?\s*:\s*(?P<q>['\"]?){word}(?P=q)(?![\w.-])"
    )
    for number, line in enumerate(lines, start=1):
        if declared.match(line):
            return number
    mentioned = re.compile(rf"(?<![\w.-]){word}(?![\w.-])")
    for number, line in enumerate(lines, start=1):
        if mentioned.search(line):
            return number
    return None
