"""Footnotes read where they are marked: a summary that puts a caveat in a footnote ("£45*"
and below it "* weekdays only"; "deposit¹" and "¹ not paid until ..."; "[1] not decided
yet") is read as if the note stood in brackets after the word that carries its mark, and
the note's own line is dropped. A caveat a footnote moves to another row then qualifies
that row, as the reader of the table would take it.
"""

from __future__ import annotations

import re

__all__ = ["with_footnotes"]


_SUPERSCRIPTS = "\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"
_NOTE_LINE = re.compile(
    r"^[ \t]*(?P<mark>\*{1,3}(?=[ \t])|\u2020|\u2021|\u00a7|["
    + _SUPERSCRIPTS
    + r"]|\[\d{1,2}\]|\(\d{1,2}\))[ \t]*"
    r"(?P<note>\S.*?)[ \t]*$",
    re.MULTILINE,
)
"""A footnote's line: its mark, then its text ("* weekdays only", "¹ Not paid until ...",
"[1] The owner is considering ...")."""


def with_footnotes(text: str) -> str:
    """``text`` with each footnote read into the place its mark stands, and each symbol a
    legend defines read with its meaning; text with neither is returned as it was."""
    return _with_legend(_with_notes(text))


def _with_notes(text: str) -> str:
    """``text`` with each footnote read into the place its mark stands."""
    if not any(c in text for c in "*\u2020\u2021\u00a7[(" + _SUPERSCRIPTS):
        return text  # the cheap test first: most summaries hold no footnote
    lines = list(_NOTE_LINE.finditer(text))
    marks = [m.group("mark") for m in lines]
    # A mark that opens two lines is a list's bullet ("* eggs", "* milk"), no footnote.
    notes = {m.group("mark"): m for m in lines if marks.count(m.group("mark")) == 1}
    if not notes:
        return text
    out = text
    for mark, line in notes.items():
        refs = [r for r in _references(out, mark, line) if r[0] < line.start()]
        if not refs:
            continue  # a note is read into what comes before it
        note = line.group("note").rstrip(".")
        for start, end in reversed(refs):
            if start > 0 and out[start - 1] in ".!?":
                start -= 1  # "first.*": the note goes inside the sentence, before its stop
                out = out[:start] + f" ({note})" + out[start] + out[end:]
            else:
                out = out[:start] + f" ({note})" + out[end:]
        out = out.replace(line.group(), "", 1)
    return out


_SYMBOL_EQUALS = re.compile(r"(?:^|(?<=[\s,;]))(?P<symbol>[^\w\s=,;()\[\]|*]{1,2})\s*=\s*")
_LEGEND_START = re.compile(
    r"^[ \t]*(?:legend:?[ \t]*)?[^\w\s=,;()\[\]|*]{1,2}[ \t]*=", re.MULTILINE | re.IGNORECASE
)
"""A legend for symbols ("✓ = confirmed, ~ = tentative, ✗ = cancelled"): a line that opens
with a symbol and "="."""


_NO_SYMBOLS = frozenset("-.:/'\"&#@%$\u00a3\u20ac<>!")
"""Punctuation no legend gives a meaning to: it stands in words and numbers everywhere."""


def _legend(line: str) -> dict[str, str]:
    """The symbols a legend line defines, each with its meaning: the words up to the next
    symbol's "=" ("✗ = tried, didn't fix it" means "tried, didn't fix it")."""
    found = [m for m in _SYMBOL_EQUALS.finditer(line) if not set(m.group("symbol")) & _NO_SYMBOLS]
    pairs: dict[str, str] = {}
    for k, m in enumerate(found):
        end = found[k + 1].start() if k + 1 < len(found) else len(line)
        meaning = line[m.end() : end].strip().strip(",;").strip()
        if meaning:
            pairs[m.group("symbol")] = meaning
    return pairs


def _with_legend(text: str) -> str:
    """``text`` with each symbol a legend line defines read with its meaning beside it
    ("✗ still 14 °C" under "✗ = tried, didn't fix it" reads "✗ (tried, didn't fix it)
    still 14 °C"), and the legend line dropped."""
    if "=" not in text:
        return text
    for start in _LEGEND_START.finditer(text):
        end = text.find("\n", start.start())
        end = len(text) if end < 0 else end
        pairs = _legend(text[start.start() : end])
        if not pairs:
            continue
        body = text[: start.start()] + text[end:]
        for symbol, meaning in pairs.items():
            body = re.sub(rf"(?<![\w-]){re.escape(symbol)}(?![\w-])", f"{symbol} ({meaning})", body)
        return body
    return text


def _references(text: str, mark: str, line: re.Match[str]) -> list[tuple[int, int]]:
    """Where ``mark`` stands right after a word or a figure outside its own note line
    ("£45*", "deposit¹", "first.*", "each [1]"), never inside bold markup ("**")."""
    escaped = re.escape(mark)
    if mark.startswith("["):
        pattern = re.compile(r"(?<=\S)[ \t]?" + escaped)
    else:
        pattern = re.compile(r"(?<=[\w%.)\u00a3$\u20ac])" + escaped + r"(?![\w*])")
    return [
        (m.start(), m.end()) for m in pattern.finditer(text) if not line.start() <= m.start() < line.end()
    ]
