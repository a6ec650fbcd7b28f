"""Helpers shared by the prose checks: sentences, clauses, marker matching, error paths.

Deterministic and small on purpose: every rule here is one a person can apply by
hand to explain a verdict.
"""

from __future__ import annotations

import bisect
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
    "fold",
    "literal",
    "marker_pattern",
    "markers_per_sentence",
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
    if text.isascii():
        return text  # NFKC and the quote table change only characters outside ASCII
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


@functools.lru_cache(maxsize=256)
def sentences(text: str) -> tuple[Sentence, ...]:
    """Split a summary into sentences: one per line, then at sentence ends within a line.

    A bullet line inherits the nearest preceding line that ends with a colon or is a
    Markdown heading, until a blank or non-bullet line ends the list. Cached: every check
    of one summary (facts, pins, bindings) splits it once.
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


@functools.lru_cache(maxsize=8192)
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


@functools.lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """``text`` normalized, lower-cased, whitespace runs as single spaces: for substring tests."""
    return " ".join(normalize(text).lower().split())


class _Index:
    """A summary's folded sentences joined by newlines, to find a marker's candidates at once,
    and the sentences each marker was found in (pins of one summary share markers)."""

    __slots__ = ("found", "joined", "sentences", "starts")

    def __init__(self, sentences: tuple[Sentence, ...]) -> None:
        folded = [fold(s.text) for s in sentences]
        starts, at = [], 0
        for text in folded:
            starts.append(at)
            at += len(text) + 1
        self.sentences = sentences
        self.joined = "\n".join(folded)
        self.starts = tuple(starts)
        """Where each sentence's folded text starts in ``joined``."""
        self.found: dict[str, tuple[int, ...]] = {}

    def holding(self, key: str) -> list[int]:
        """The sentences whose folded text holds ``key`` (a folded marker), in order."""
        if not key:
            return list(range(len(self.sentences)))
        out: list[int] = []
        joined, starts = self.joined, self.starts
        at = joined.find(key)
        while at != -1:
            # A folded key holds no newline, so an occurrence lies inside one sentence.
            index = bisect.bisect_right(starts, at) - 1
            out.append(index)
            at = joined.find(key, starts[index + 1] if index + 1 < len(starts) else len(joined))
        return out

    def containing(self, marker: str) -> tuple[int, ...]:
        """The sentences that contain ``marker`` as a whole token (:func:`contains`), in order."""
        hit = self.found.get(marker)
        if hit is None:
            texts = self.sentences
            hit = self.found[marker] = tuple(
                i for i in self.holding(literal(marker)) if contains(texts[i].text, marker)
            )
        return hit


_last_index: list[_Index] = []


def _index(found: tuple[Sentence, ...]) -> _Index:
    # The pins of one summary are checked one after another: keep the last summary's index.
    last = _last_index[0] if _last_index else None
    if last is not None and last.sentences is found:
        return last
    index = _Index(found)
    _last_index[:] = [index]
    return index


def markers_per_sentence(found: Sequence[Sentence], markers: Sequence[str]) -> dict[int, list[str]]:
    """The sentences that contain one of ``markers`` as a whole token, in sentence order,
    each with the markers it contains, in ``markers`` order. Sentences with none are left
    out (most sentences of a summary hold no marker of a given pin).

    A plain substring test first (case-folded, whitespace runs as single spaces) over an
    index of the whole summary: the regular expression runs only on sentences where the
    marker's letters are there at all.
    """
    if not found:
        return {}
    index = _index(found if isinstance(found, tuple) else tuple(found))
    per: dict[int, list[str]] = {}
    for marker in markers:
        for position in index.containing(marker):
            per.setdefault(position, []).append(marker)
    return per if len(per) < 2 else {i: per[i] for i in sorted(per)}


def find(text: str, marker: str, *, drop_article: bool = False) -> list[tuple[int, int]]:
    """Every ``(start, end)`` span of ``marker`` in ``text``."""
    return [m.span() for m in marker_pattern(marker, drop_article=drop_article).finditer(text)]


def windows(found: Sequence[Sentence], markers: Iterable[str]) -> tuple[tuple[int, ...], ...]:
    """Where a statement with all ``markers`` sits among the sentences ``found``.

    Single sentences holding every marker come first. Only when there is none, two
    adjacent sentences that hold every marker between them (each at least one) count:
    a constraint and the sentence that scopes it ("...dry_run=false. This applies to
    staging.").
    """
    wanted = list(dict.fromkeys(markers))
    if not wanted:
        return tuple((i,) for i in range(len(found)))
    if not found:
        return ()
    index = _index(found if isinstance(found, tuple) else tuple(found))
    # Per marker, the sentences that hold it: a pin's markers are looked up once, not
    # per sentence (a marker shared by many pins, such as "dry_run=false", is in many).
    holding = [set(index.containing(marker)) for marker in wanted]
    singles = set.intersection(*holding)
    if singles:
        return tuple((i,) for i in sorted(singles))
    some = set.union(*holding)
    return tuple(
        (i, i + 1)
        for i in sorted(some)
        if i + 1 in some and all(i in held or i + 1 in held for held in holding)
    )
