"""Shortened words a summary writes for words its source spells out: acronyms ("TWS" for
"true wind speed", "DNR" for "do not resuscitate") and words clipped with a period ("cust."
for "customer"): read as those words where the source holds them."""

from __future__ import annotations

import re
from collections.abc import Iterable, Set

from pytest_compaction.prose._cue_words import STOPWORDS
from pytest_compaction.prose.normalize import tokens

__all__ = ["clipped", "clipped_aliases", "clipped_stubs", "spelled_out"]


_ACRONYM = re.compile(r"\b[A-Z]{2,6}\b")
"""A word in capitals only, of two to six letters."""
_SHOUTED = frozenset(
    {"always", "never", "ever", "only", "must", "all", "any", "none", "not", "no", "do", "dont"}
)
"""Words written in capitals for emphasis ("NEVER", "ONLY"), not acronyms."""


def spelled_out(texts: Iterable[str], source: str) -> set[str]:
    """The word stems of ``source`` that an acronym in ``texts`` stands for: a run of
    consecutive words of ``source`` whose first letters spell it ("true wind speed" for
    "TWS"). Nothing for an acronym ``source`` writes itself, or spells no run of."""
    found: set[str] = set()
    words = [t for t in tokens(source) if t.raw[:1].isalpha()]
    initials = "".join(t.raw[0].lower() for t in words)
    written = {t.raw for t in words}
    for text in texts:
        for match in _ACRONYM.finditer(text):
            acronym = match.group()
            if acronym in written or acronym.lower() in _SHOUTED or acronym.lower() in STOPWORDS:
                continue
            at = initials.find(acronym.lower())
            if at >= 0:
                found.update(t.norm for t in words[at : at + len(acronym)])
    return found


def clipped(texts: Iterable[str], source: str) -> set[str]:
    """The word stems of ``source`` that a word clipped with a period in ``texts`` begins
    ("cust." for "customer", "approx." for "approximately"): at least three
    letters, a beginning of the source's word and shorter than it."""
    words = {t.raw.lower(): t.norm for t in tokens(source) if t.raw[:1].isalpha()}
    found: set[str] = set()
    for text in texts:
        for match in _CLIPPED.finditer(text):
            stub = match.group(1).lower()
            found.update(norm for raw, norm in words.items() if len(raw) > len(stub) and raw.startswith(stub))
    return found


_CLIPPED = re.compile(r"\b([A-Za-z]{3,})\.(?=[\s,;:)]|$)")
"""A word followed by a period and then a space, a mark or the end: "the *cust.* has OK'd it"."""


def clipped_stubs(text: str) -> frozenset[str]:
    """The words ``text`` clips with a period inside a sentence ("motor *insp.* due" ->
    "insp"), lower case: one before a capital or the end may end its sentence ("skip
    review.")."""
    found: set[str] = set()
    for period in _PERIOD_INSIDE.finditer(text):  # few periods go on in lower case: read those only
        word = _WORD_BEFORE.search(text, max(0, period.start() - _CLIPPED_LONGEST), period.start())
        if word is not None:
            found.add(word.group(1).lower())
    return frozenset(found)


_PERIOD_INSIDE = re.compile(r"\.(?=[ \t]*[a-z0-9(,;:])")
_WORD_BEFORE = re.compile(r"(?<![\w.])([A-Za-z]{3,})$")
_CLIPPED_LONGEST = 30
"""The longest clipped word read before a period."""


def clipped_aliases(
    aliases: Iterable[tuple[tuple[str, ...], str]], stubs: Set[str]
) -> dict[tuple[str, ...], str]:
    """Each alias (its normalized words, and as written) again with one of its words in a
    clipped form of ``stubs`` ("motor insp." for "motor inspection"), as written: a stub of
    three letters or more that begins the word and is shorter than it by two or more."""
    found: dict[tuple[str, ...], str] = {}
    if not stubs:
        return found
    for alias, written in aliases:
        words = tokens(written)
        if tuple(t.norm for t in words) != alias:
            continue  # written otherwise than read ("3:30pm"): no word of it to clip
        for i, word in enumerate(words):
            raw = word.raw.lower()
            for stub in stubs:
                if len(raw) >= len(stub) + _CLIPPED_BY and raw.startswith(stub) and word.raw.isalpha():
                    norm = tokens(stub)[0].norm
                    if norm == word.norm:
                        continue  # "review." for "reviewed": the word itself
                    key = (*alias[:i], norm, *alias[i + 1 :])
                    found[key] = " ".join(stub + "." if j == i else t.raw for j, t in enumerate(words))
    return found


_CLIPPED_BY = 2
"""How many letters a clipped word leaves off, at least: "insp." for "inspection", never
"boiler." (a sentence's end) for "boilers"."""
