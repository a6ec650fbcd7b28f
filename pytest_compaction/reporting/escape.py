"""Escaping for every place the project writes text that came from a spec or a compressor.

Spec ids, fact ids, values and compressor messages are user input. Written raw, a
newline followed by ``::error ...`` forges a GitHub annotation, and an ESC sequence
rewrites the terminal. Each output format has one function here; nothing else in the
project decides how to escape.
"""

from __future__ import annotations

import re

__all__ = ["UNSAFE_CHARACTERS", "github_data", "github_property", "neutralize_lines", "one_line", "visible"]

# C0 controls, DEL, C1 controls, the Unicode line/paragraph separators and bidi
# overrides (they reorder or break lines in terminals and browsers alike), and the
# invisible format characters: zero-width spaces, joiners and marks, word joiners, the
# byte-order mark, interlinear annotations and the tag characters (U+E0000 block), which
# make two different ids look the same or hide text in plain sight; and lone surrogates,
# which no output encoding can write.
UNSAFE_CHARACTERS = (
    "\x00-\x1f\x7f-\x9f\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e"
    "\u2060-\u2064\u2066-\u2069\ud800-\udfff\ufeff\ufff9-\ufffb\U000e0000-\U000e007f"
)
"""The characters every output escapes, as the body of a regular-expression class."""
_CONTROL = re.compile(f"[{UNSAFE_CHARACTERS}]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\x1b": "\\x1b"}


def _escape_char(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def one_line(text: object) -> str:
    """``text`` on one printable line: every control character shown as an escape.

    A backslash is kept as it is: the escapes are for a person reading, and doubling
    every backslash in a Windows path would make it harder to read, not safer.
    """
    return _CONTROL.sub(_escape_char, str(text))


def visible(text: str) -> str:
    """``text`` with every character ``str.isprintable`` refuses shown as ``\\xNN`` (summary tables)."""
    return "".join(ch if ch.isprintable() else f"\\x{ord(ch):02x}" for ch in text)


def neutralize_lines(text: str) -> str:
    """Multi-line ``text`` (a failure report) with control characters other than the
    newlines escaped and no line that a CI runner reads as a workflow command.

    Our own report lines never start with ``::``; a line that does came from input
    (a newline smuggled into an id or a value), so it is shown with a leading ``\\``.
    """
    lines = []
    for line in text.split("\n"):
        line = one_line(line.rstrip("\r"))
        if line.lstrip().startswith("::"):
            line = "\\" + line.lstrip()
        lines.append(line)
    return "\n".join(lines)


def github_data(text: object) -> str:
    """The message part of a GitHub workflow command (after the final ``::``).

    GitHub's own escaping: ``%`` -> ``%25``, CR -> ``%0D``, LF -> ``%0A``; other control
    characters are shown as escapes so the annotation stays readable.
    """
    value = str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return one_line(value)


def github_property(text: object) -> str:
    """A property value of a GitHub workflow command (``file=``, ``title=``).

    As :func:`github_data`, plus ``:`` -> ``%3A`` and ``,`` -> ``%2C``, which would
    otherwise end the property.
    """
    return github_data(text).replace(":", "%3A").replace(",", "%2C")
