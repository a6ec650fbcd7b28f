"""Helpers shared by the prose checks: sentences, clauses, marker matching, error paths.

Deterministic and small on purpose: every rule here is one a person can apply by
hand to explain a verdict.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pytest_compaction.core.errors import PayloadError

__all__ = [
    "Sentence",
    "clauses",
    "contains",
    "find",
    "is_identifier",
    "is_wordy",
    "literal",
    "marker_pattern",
    "normalize",
    "rebased",
    "sentences",
    "windows",
]

_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2014": " - "})

_BULLET = re.compile(r"^\s*(?:[-*\u2022+]|\d{1,3}[.)])\s+")
_HEADING = re.compile(r"^\s*#{1,6}\s+")
# A sentence ends at . ! or ? followed by space and something that is not a lower-case
# letter, so "v1.2", "$50.00" and "e.g. the" stay whole.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[^a-z\s])")
# A period after a title, a Latin abbreviation, an initial or a dotted acronym does not end
# a sentence: "Dr. Lee", "e.g. Paris", "J. Smith", "the U.S. office".
_ABBREVIATION = re.compile(
    r"(?:\b(?:dr|mr|mrs|ms|mx|prof|st|sr|jr|vs|etc|approx|inc|ltd|co|corp|dept|no|nr|fig|mt|gen|col|"
    r"capt|lt|sgt|rev|hon|e\.g|i\.e|cf|viz|al)|(?:\b[A-Za-z]\.)+[A-Za-z]?|\b[A-Z])\.$",
    re.IGNORECASE,
)
# Clause boundaries: a semicolon, or a contrastive conjunction. Commas and dashes are
# not boundaries: "Never, under any circumstances, call X" is one clause, and so is
# "Forbidden - calling X with dry_run=false".
_CLAUSE_BREAK = re.compile(
    r"\s*;\s*|,\s*(?:but|while|whereas|although|though|however|yet)\b\s*|\s+(?:but|whereas)\s+",
    re.IGNORECASE,
)
_WORDY = re.compile(r"^[A-Za-z][A-Za-z '\-]*$")
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)


def rebased(exc: PayloadError, old: str, new: str) -> PayloadError:
    """A constructor's error (path ``invariant.markers[1]``) moved to where the value came
    from (``register.invariants[0].markers[1]``). Errors with other paths pass unchanged."""
    path = exc.path
    if path == old or path.startswith((f"{old}.", f"{old}[")):
        return PayloadError(new + path[len(old) :], exc.message)
    return exc


def normalize(text: str) -> str:
    """NFKC, straight quotes and apostrophes, so "don\u2019t" reads as "don't"."""
    return unicodedata.normalize("NFKC", text).translate(_QUOTES)


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a summary, with the list heading it sits under prefixed."""

    index: int
    """0-based position among the summary's sentences."""
    text: str
    """The sentence; a bullet under a heading ("Never:" / "Failed attempts:") starts with
    that heading, so the heading's words apply to it."""
    starts_line: bool
    """Whether the sentence begins a line (so it may continue the previous one or not)."""


def sentences(text: str) -> tuple[Sentence, ...]:
    """Split a summary into sentences: one per line, then at sentence ends within a line.

    A bullet line inherits the nearest preceding line that ends with a colon or is a
    Markdown heading, until a blank or non-bullet line ends the list.
    """
    out: list[Sentence] = []
    header = ""
    for raw in normalize(text).splitlines():
        line = raw.strip()
        if not line:
            header = ""
            continue
        bullet = _BULLET.match(line)
        if bullet:
            line = line[bullet.end() :]
            prefix = f"{header} " if header else ""
        else:
            prefix = ""
            heading = _HEADING.match(line)
            if heading:
                header = line[heading.end() :].strip()
                continue
            header = line if line.endswith(":") else ""
        for position, part in enumerate(_split(line)):
            part = part.strip()
            if part:
                out.append(Sentence(index=len(out), text=prefix + part, starts_line=position == 0))
    return tuple(out)


def _split(line: str) -> list[str]:
    parts: list[str] = []
    start = 0
    for end in _SENTENCE_END.finditer(line):
        head = line[start : end.start()]
        if _ABBREVIATION.search(head):
            continue
        parts.append(head)
        start = end.end()
    parts.append(line[start:])
    return parts


def clauses(sentence: str) -> tuple[str, ...]:
    """The clauses of one sentence (split at ``;`` and at contrastive conjunctions)."""
    return tuple(part for part in _CLAUSE_BREAK.split(sentence) if part and part.strip())


def is_wordy(marker: str) -> bool:
    """A marker made of letters, spaces, hyphens and apostrophes only (a scope word)."""
    return bool(_WORDY.match(marker.strip()))


def is_identifier(phrase: str) -> bool:
    """A phrase with a digit in it (``T-14``, ``db-2``) is an identifier."""
    return any(ch.isdigit() for ch in phrase)


@functools.lru_cache(maxsize=4096)
def marker_pattern(marker: str, *, drop_article: bool = False) -> re.Pattern[str]:
    """The regular expression that finds ``marker`` as a whole token.

    Word markers (letters, spaces, hyphens) match case-insensitively and in their regular
    inflections (``discharge form`` finds "discharge forms"); markers with digits or
    symbols are identifiers and match exactly. Whitespace inside a marker
    matches any run of whitespace. A marker never matches inside a longer token:
    ``50`` is not found in ``150``, ``$50.5`` or ``50_000``, nor ``T-14`` in ``T-141``.
    """
    text = normalize(marker).strip()
    if drop_article:
        text = _ARTICLE.sub("", text) or text
    wordy = is_wordy(text)
    body = r"\s+".join(_inflected(word) if wordy else re.escape(word) for word in text.split())
    if drop_article and is_wordy(text):
        body = rf"(?:(?:the|a|an)\s+)?{body}"
    flags = re.IGNORECASE if wordy else 0
    return re.compile(rf"(?<![\w])(?<!\d[.,]){body}(?![\w])(?![.,]\d)", flags)


def _inflected(word: str) -> str:
    """A word of a word marker with its regular inflections: "form" also finds "forms",
    "export" "exported", "merge" "merging", "policy" "policies" (so "discharge form"
    is found in "discharge forms"). Short words (three letters or fewer) match as written."""
    if len(word) <= 3 or not word.isalpha():
        return re.escape(word)
    lower = word.lower()
    if lower.endswith("e"):
        return re.escape(word[:-1]) + r"(?:e|es|ed|ing|e's)"
    if lower.endswith("y") and lower[-2] not in "aeiou":
        return re.escape(word[:-1]) + r"(?:y|ies|ied|ying|y's)"
    if lower.endswith(("s", "x", "z", "ch", "sh")):
        return re.escape(word) + r"(?:es|ed|ing|'s)?"
    return re.escape(word) + r"(?:s|ed|ing|'s|s')?"


def literal(marker: str) -> str:
    """Lower-cased text every match of ``marker`` holds (a cheap substring pre-test):
    the marker itself, or for a word marker its first word without an inflectable end."""
    text = " ".join(normalize(marker).lower().split())
    if not is_wordy(text):
        return text
    first = text.split()[0]
    return first[:-1] if len(first) > 3 and first.isalpha() and first[-1] in "ey" else first


def contains(text: str, marker: str) -> bool:
    return marker_pattern(marker).search(text) is not None


def find(text: str, marker: str, *, drop_article: bool = False) -> list[tuple[int, int]]:
    """Every ``(start, end)`` span of ``marker`` in ``text``."""
    return [m.span() for m in marker_pattern(marker, drop_article=drop_article).finditer(text)]


def windows(found: Sequence[Sequence[str]], markers: Iterable[str]) -> tuple[tuple[int, ...], ...]:
    """Where a statement with all ``markers`` sits, given the markers found per sentence.

    Single sentences holding every marker come first. Only when there is none, two
    adjacent sentences that hold every marker between them (each at least one) count:
    a constraint and the sentence that scopes it ("...dry_run=false. This applies to
    staging.").
    """
    wanted = set(markers)
    singles = tuple((i,) for i, got in enumerate(found) if wanted <= set(got))
    if singles:
        return singles
    pairs = []
    for i in range(len(found) - 1):
        first, second = set(found[i]), set(found[i + 1])
        if first and second and wanted <= first | second:
            pairs.append((i, i + 1))
    return tuple(pairs)
