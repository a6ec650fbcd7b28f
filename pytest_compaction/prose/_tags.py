"""XML-like tags around memory a store renders as text (``<memory type="instruction">Turn off
the valve ...</memory>``, ``<human>``/``<persona>`` blocks): markup that frames a record,
read as a line break, not as words of the record."""

from __future__ import annotations

import re

__all__ = ["untagged"]


_TAG = re.compile(
    r"</?[A-Za-z][\w:.-]{0,40}(?:\s+[\w:.-]{1,40}\s*=\s*(?:\"[^\"<>\n]{0,200}\"|'[^'<>\n]{0,200}'|[\w.-]{1,40}))*\s*/?>"
)
"""An opening, closing or empty tag, with quoted or bare attributes; never a comparison
("<5 °C", "budget<=2000"), which has no letter right after its "<" or no ">" to close it."""


def untagged(text: str) -> str:
    """``text`` with every tag (:data:`_TAG`) read as a line break."""
    if "<" not in text or ">" not in text:
        return text
    return _TAG.sub("\n", text)
