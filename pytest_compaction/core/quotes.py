"""Quoted copies of deleted messages: a reply that quotes a message ("> I was on medical
leave ...") carries its words, so when a deletion redacts the message the quote goes too
(:func:`without_quoted_copies`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["without_quoted_copies"]

_QUOTE_MARKS = re.compile(r"^\s*(?:>\s*)+")
_TRAILING_ELLIPSIS = re.compile(r"\s*(?:\.{3}|\u2026)\s*$")
_SHORTEST = 12
"""The shortest quoted line compared with the deleted messages: shorter ones ("> Thanks")
are greetings, not the deleted content."""


def without_quoted_copies(text: str, deleted: Sequence[str]) -> str:
    """``text`` without its quoted lines (each opening with ">") that copy one of the
    ``deleted`` messages, whole or in part, a trailing "..." aside; ``text`` itself when it
    quotes none of them. ``deleted`` holds the messages' text with its whitespace runs
    made single spaces."""
    if ">" not in text or not deleted:
        return text
    kept = []
    for line in text.splitlines():
        mark = _QUOTE_MARKS.match(line)
        if mark is not None:
            quoted = " ".join(_TRAILING_ELLIPSIS.sub("", line[mark.end() :]).split())
            if len(quoted) >= _SHORTEST and any(quoted in message for message in deleted):
                continue
        kept.append(line)
    return "\n".join(kept) if len(kept) < len(text.splitlines()) else text
