"""What the command line reads and writes: regular files only, bounded, UTF-8, escaped output.

Every input file is checked before it is parsed: a special file (``/dev/zero``, a FIFO,
a socket) is refused by its type before anything opens it, so nothing can block or
stream forever; a file is read with a byte cap; bytes that are not UTF-8, and JSON or
YAML escapes that spell a lone surrogate, are refused with the byte offset instead of
being replaced. Every line printed is escaped so that no input can move the cursor,
clear the terminal or start a new line (a forged CI annotation).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Iterator, Mapping
from typing import Any, TextIO

from pytest_compaction.core.errors import ConfigError, PayloadError
from pytest_compaction.reporting.escape import UNSAFE_CHARACTERS

__all__ = [
    "MAX_INPUT_BYTES",
    "check_regular_file",
    "dump_json",
    "non_finite",
    "printable",
    "read_input",
    "refuse_non_finite",
]

MAX_INPUT_BYTES = 16 * 1024 * 1024
"""The largest file the command line reads (the payload loader's own limit)."""

_KINDS = (
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
)


def read_input(path: str, *, limit: int = MAX_INPUT_BYTES) -> str:
    """The text of the regular file ``path``; anything else is a :class:`PayloadError` naming it."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise PayloadError("", "no such file", source=path) from None
    except OSError as exc:
        raise PayloadError("", f"cannot read: {exc.strerror or exc}", source=path) from None
    _check_kind(info, path)
    if info.st_size > limit:
        raise PayloadError("", f"is {info.st_size} bytes; the limit is {limit} bytes", source=path)
    try:
        # O_NONBLOCK: should the file have been swapped for a FIFO since the stat, opening
        # it must not wait for a writer; the type is checked again on the open descriptor.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise PayloadError("", f"cannot read: {exc.strerror or exc}", source=path) from None
    with os.fdopen(fd, "rb") as handle:
        _check_kind(os.fstat(handle.fileno()), path)
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise PayloadError("", f"is larger than {limit} bytes; the limit is {limit} bytes", source=path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PayloadError(
            "",
            f"is not UTF-8: byte offset {exc.start} is 0x{data[exc.start]:02x} ({exc.reason}); "
            f"save the file as UTF-8",
            source=path,
        ) from None
    offset = _lone_surrogate_escape(text)
    if offset is not None:
        raise PayloadError(
            "",
            f"byte offset {offset}: an escape spells a lone surrogate (half of a UTF-16 pair), "
            f"which is not text; write the character itself, or both halves of the pair",
            source=path,
        )
    depth = _flow_depth(text)
    if depth > MAX_FLOW_DEPTH:
        raise PayloadError(
            "",
            f"brackets nest {depth} levels deep; the limit is {MAX_FLOW_DEPTH} (values may nest at most "
            f"64 levels): flatten the data",
            source=path,
        )
    return text


MAX_FLOW_DEPTH = 200
"""Brackets nested deeper than this are refused before any parser sees them: some parsers
recurse in C and crash the process on deep input instead of raising."""


def _flow_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` outside quoted strings (JSON and YAML flow style)."""
    depth = deepest = 0
    quote = ""
    escaped = False
    for char in text:
        if quote:
            if escaped:
                escaped = False
            elif char == "\\" and quote == '"':
                escaped = True
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth = max(0, depth - 1)
    return deepest


def check_regular_file(path: str) -> None:
    """Refuse, by its type and without opening it, anything but a regular file."""
    try:
        info = os.stat(path)
    except OSError:
        return  # the reader names a missing or unreadable file itself
    _check_kind(info, path)


def _check_kind(info: os.stat_result, path: str) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise PayloadError("", "is a directory, expected a JSON or YAML file", source=path)
    for test, kind in _KINDS:
        if test(info.st_mode):
            raise PayloadError(
                "", f"is {kind}, not a regular file; save the input to a file and give its path", source=path
            )
    if not stat.S_ISREG(info.st_mode):
        raise PayloadError("", "is not a regular file; give a JSON or YAML file", source=path)


# \uD800-\uDBFF (high) must be followed by \uDC00-\uDFFF (low); a low one alone is lone too.
# YAML's 8-digit form \U0000D800 can never pair.
_SURROGATE = re.compile(
    r"\\u(?P<high>[dD][89abAB][0-9a-fA-F]{2})(?P<low>\\u[dD][c-fC-F][0-9a-fA-F]{2})?"
    r"|\\u[dD][c-fC-F][0-9a-fA-F]{2}"
    r"|\\U0000[dD][89a-fA-F][0-9a-fA-F]{2}"
)


def _lone_surrogate_escape(text: str) -> int | None:
    if "\\" not in text:
        return None
    for match in _SURROGATE.finditer(text):
        start = match.start()
        backslashes = len(text[:start]) - len(text[:start].rstrip("\\"))
        if backslashes % 2:
            continue  # "\\ud800": an escaped backslash followed by text, not an escape
        if match.group("high") and match.group("low"):
            continue  # a proper pair
        return len(text[:start].encode("utf-8"))
    return None


def non_finite(data: object, path: str = "") -> Iterator[tuple[str, float]]:
    """Every infinity or NaN in plain data, with the path of its field."""
    stack: list[tuple[str, object]] = [(path, data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            yield where, value
        elif isinstance(value, Mapping):
            stack.extend((f"{where}.{key}" if where else str(key), item) for key, item in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((f"{where}[{index}]", item) for index, item in enumerate(value))


def refuse_non_finite(data: object, source: str) -> None:
    """Refuse an ``Infinity``/``NaN`` number: JSON has none, and a check could not report it."""
    for where, value in non_finite(data):
        raise PayloadError(
            where,
            f"{value!r} is not a finite number (JSON has no Infinity or NaN); write a finite "
            f"number, or the value as a string",
            source=source,
        )


# The characters every output escapes (pytest_compaction.reporting.escape).
_UNPRINTABLE = re.compile(f"[{UNSAFE_CHARACTERS}]")


def printable(text: str) -> str:
    """``text`` as one safe line: control, bidi and line-separator characters escaped."""
    return _UNPRINTABLE.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def dump_json(document: Any, out: TextIO) -> None:
    """Write strict JSON: a non-finite number is an error, never ``Infinity``."""
    try:
        text = json.dumps(document, indent=2, allow_nan=False)
    except ValueError as exc:
        raise ConfigError(f"the result cannot be written as JSON ({exc}); please report this") from None
    out.write(text + "\n")
