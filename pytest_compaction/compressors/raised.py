"""How a compressor's error is told: its first line, and where in the user's code it was raised."""

from __future__ import annotations

import inspect
import os
import traceback

__all__ = ["described", "one_line", "where"]


def described(error: BaseException, compressor: object) -> str:
    """``"KeyError: 'x' at /their/file.py:12 in helper"``: what was raised, and where."""
    told = one_line(error)
    return f"{told}{where(error, compressor)}{_request_hint(error, told)}"


def _request_hint(error: BaseException, told: str) -> str:
    """How to read the request, when the compressor treated it as something else (a list of
    messages, a dict, a string): ``'CompressionRequest' object is not subscriptable``."""
    if isinstance(error, (TypeError, AttributeError)) and "'CompressionRequest'" in told:
        return (
            "; a compressor is called with a CompressionRequest: its messages are "
            "request.openai_messages() or request.langchain_messages(), its text request.text"
        )
    return ""


def one_line(error: BaseException) -> str:
    """The error's type and the first line of its message (a hostile ``__str__`` is told, not raised)."""
    if isinstance(error, SystemExit):
        return f"SystemExit({error.code!r}) (a compressor must return, not exit the process)"
    try:
        text = str(error)[:_MESSAGE_CHARS].strip().splitlines()
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # a hostile __str__ is the compressor's error, not ours
        return f"{type(error).__name__} (its message cannot be shown: str() raised {type(exc).__name__})"
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


_MESSAGE_CHARS = 2000
"""The part of an exception's message read: its first line is what is shown."""


_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _ours(filename: str) -> bool:
    return os.path.abspath(filename).startswith(_PACKAGE + os.sep)


def where(error: BaseException, compressor: object) -> str:
    """Where the error was raised: the innermost frame of the user's code, not of this package.

    When no frame of the user's code ran (``compress(request, extra)`` called with the one
    argument every compressor gets raises in the calling frame), the place named is the user's
    callable's definition, with what it should accept.
    """
    frames = traceback.extract_tb(error.__traceback__)
    theirs = [frame for frame in frames if not _ours(frame.filename)]
    if theirs:
        last = theirs[-1]
        return f" at {last.filename}:{last.lineno} in {last.name}"
    defined = _definition(compressor)
    if defined is not None:
        hint = "; a compressor is called with one argument, the request"
        hint = hint if isinstance(error, TypeError) else ""
        return f" (called from pytest-compaction; {defined}{hint})"
    if not frames:
        return ""
    last = frames[-1]
    return f" at {last.filename}:{last.lineno} in {last.name}"


def _definition(compressor: object) -> str | None:
    """``"defined at file:line"`` for the user's callable behind ``compressor``, if it is theirs."""
    target = getattr(compressor, "function", None) or getattr(compressor, "compress", None)
    code = getattr(inspect.unwrap(target), "__code__", None) if callable(target) else None
    if code is None or _ours(code.co_filename):
        return None
    name = getattr(target, "__qualname__", "compress")
    return f"{name} is defined at {code.co_filename}:{code.co_firstlineno}"
