"""Structured output read as the notes it stands for: a summary (or a fenced block of one)
that is a JSON object or array is rendered as labelled lines and bullet lists before it is
split into sentences, so ``{"can_collect_in_person": false, "do_not": ["No NSAIDs"]}``
reads as "Can collect in person: no" and a "Do not:" list holding "No NSAIDs".

What the keys say is kept as a person reads it: a key is its words ("amount_usd",
"holderName" -> "amount usd", "holder name"), a nested object's keys read under their
parent's ("care_plan": {"daily": ...} -> "Care plan daily"), ``true`` / ``false`` /
``null`` are yes, no and none, and each object of a list stays one line, its fields side by
side, so a name and what is said of it stay in one sentence.
"""

from __future__ import annotations

import json
import re

__all__ = ["rendered"]


_FENCE = re.compile(r"^```[ \t]*(?:json|JSON)?[ \t]*\n(?P<body>.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
"""A fenced block of a Markdown summary, which may hold the JSON ("```json ... ```")."""
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_SEPARATORS = re.compile(r"[_\-.]+")


def rendered(text: str) -> str:
    """``text`` with its JSON rendered as notes: the whole text when it is one JSON object
    or array, else each fenced block that is; any other text as it was."""
    if "{" not in text and "[" not in text:
        return text  # the cheap test first: most summaries hold no JSON
    whole = _parsed(text)
    if whole is not None:
        return "\n".join(_lines(whole))
    if "```" not in text:
        return text

    def block(match: re.Match[str]) -> str:
        value = _parsed(match.group("body"))
        return match.group() if value is None else "\n".join(_lines(value))

    return _FENCE.sub(block, text)


def _parsed(text: str) -> dict[str, object] | list[object] | None:
    stripped = text.strip()
    if not stripped or stripped[0] not in "{[" or stripped[-1] not in "}]":
        return None
    try:
        value = json.loads(stripped)
    except (ValueError, RecursionError):
        return None  # not JSON, or nested past what the parser takes: read as written
    if not isinstance(value, (dict, list)) or not value or _depth(value) > _MAX_DEPTH:
        return None
    return value


_MAX_DEPTH = 12
"""The deepest nesting rendered as notes; deeper JSON is read as written (no summary
nests its notes further, and rendering recurses once per level)."""


def _depth(value: object) -> int:
    """How deeply ``value`` nests lists and objects, counted without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            if level > _MAX_DEPTH:
                break
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return deepest


def _label(key: str) -> str:
    words = _SEPARATORS.sub(" ", _CAMEL.sub(" ", key)).split()
    return " ".join(w if w.isupper() and len(w) > 1 else w.lower() for w in words)


def _scalar(value: object) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    if isinstance(value, (dict, list)):
        return _inline(value)
    return str(value)


def _inline(value: dict[str, object] | list[object]) -> str:
    """A value written on one line: an object's fields side by side ("holder name: Ines
    Carvalho, plan type: yearly plan"), a list's items joined by commas."""
    if isinstance(value, dict):
        return ", ".join(f"{_label(k)}: {_scalar(v)}" for k, v in value.items() if not _empty(v))
    return ", ".join(_scalar(v) for v in value if not _empty(v))


def _empty(value: object) -> bool:
    return value == [] or value == {} or value == ""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lines(value: dict[str, object] | list[object], path: str = "") -> list[str]:
    """The notes of a JSON value: one "Label: value" line per scalar field, a "Label:"
    line and one bullet per item for a list, a nested object's fields under its label."""
    out: list[str] = []
    if isinstance(value, list):
        if path:
            out.append(f"{_capital(path)}:")
        out.extend(f"- {_scalar(item)}" for item in value if not _empty(item))
        out.append("")  # a blank line ends the list: the next field is under no heading
        return out
    for key, item in value.items():
        label = f"{path} {_label(key)}".strip()
        if isinstance(item, (dict, list)) and item:
            out.extend(_lines(item, label))
        elif _empty(item):
            out.append(f"{_capital(label)}: none")
        else:
            out.append(f"{_capital(label)}: {_scalar(item)}")
    return out
