"""A summary read as statements: sentences, their normalized tokens, and the grammar cues
that change what a sentence asserts.

Four cues, each read from a fixed list of function words, never from the words of a
particular fact:

- **negation** ("not", "never", "no longer", "without"), scoped to the *segment* it sits
  in (a stretch of a sentence between commas, semicolons, dashes and clause-joining
  conjunctions). Two negators in one segment cancel: "never deploy without review" says
  "always review". "Not only", "not just" and "not merely" add rather than negate.
- **speculation** ("may", "might", "thinking about", "if", "planning to", "will"): the
  clause is a possibility, a plan or a condition, not a settled fact ("I'll", "we will":
  the speaker's decision, settled).
- **attribution** ("says", "quoted", "according to", "the ticket", "a web page", quotation
  marks): the clause reports what a source said, rather than saying it (not when the
  report's speaker is the user, the human or the assistant).
- **past framing** ("used to", "previously", "no longer", "from X to Y", a past-tense verb):
  the clause tells history, not the current state.

This module reads a summary into statements (:func:`read_statements`); :class:`Statement`
finds words and inherits each cue's reading from a private module of its own: negation
(``_negation``), speculation (``_speculative``), attribution (``_attributed``) and past
framing (``_past``), all over the fields declared in ``_sentence``. The word lists live in
``_cue_words``, clause cuts in ``_clauses`` and asides in ``_asides``. Everything the rest
of the package uses is imported from here.
"""

from __future__ import annotations

import bisect
import collections
import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from pytest_compaction.prose import _text
from pytest_compaction.prose._attributed import _Attribution
from pytest_compaction.prose._clauses import _ARTICLES, _BOUNDARY, _clause_cuts
from pytest_compaction.prose._cue_words import (
    _ASKED,
    _QUOTED,
    _TIMES,
    _TITLE,
    _TITLE_WORDS,
    ATTRIBUTION,
    NEGATORS,
    REPORTING,
    STOPWORDS,
    negator,
    only_future,
    un_negative,
)
from pytest_compaction.prose._past import _PastFraming
from pytest_compaction.prose._speculative import _Speculation
from pytest_compaction.prose.normalize import Token, find_phrase, tokens

__all__ = [
    "ATTRIBUTION",
    "NEGATORS",
    "REPORTING",
    "STOPWORDS",
    "Statement",
    "Statements",
    "holding_any",
    "negator",
    "only_future",
    "read_statements",
    "rewritten",
    "un_negative",
]


@dataclass(frozen=True, slots=True)
class Statement(_Attribution, _Speculation, _PastFraming):
    """One sentence of a summary, normalized and read for cues."""

    index: int
    text: str
    tokens: tuple[Token, ...]
    norms: tuple[str, ...]
    """Token norms with articles left out (what aliases are matched against)."""
    segment: tuple[int, ...]
    """For each token: which negation segment it belongs to."""
    clause: tuple[int, ...]
    """For each token: which clause it belongs to (clauses split at ";" and "but")."""
    vocabulary: frozenset[str]
    _memo: dict[str, tuple[int, ...]] = field(default_factory=dict, repr=False, compare=False)
    """Readings worked out on first use (the tokens that may negate, :meth:`_negation_cues`)."""
    heading: int = 0
    """How many characters at its start are the heading of the list it sits in ("Trip " of
    "## Trip / - Dalia flies to Porto"): its words name a topic, they assert nothing."""

    def find(self, alias: Sequence[str]) -> int:
        """Where the alias starts among the tokens, or -1 (a cheap set test first)."""
        if not alias or alias[0] not in self.vocabulary:
            return -1
        at = find_phrase(self.norms, alias)
        if at < 0 and _TIMES not in alias and self._counted():
            found = self.positions(alias)
            at = found[0] if found else -1
        return at

    def _counted(self) -> tuple[int, ...]:
        """The tokens that are not a per-period count's "~time" (:func:`normalize.tokens`
        reads "1.5 cups a day" as "#1.5 ~time cup ~day", the "~time" standing on "cups"), or
        () when the sentence has none: an amount counted per period still holds its amount
        as written, so "1.5 cups" is found in "1.5 cups a day"."""
        kept = self._memo.get("counted")
        if kept is None:
            tokens_ = self.tokens
            added = {
                i
                for i in range(len(tokens_) - 1)
                if self.norms[i] == _TIMES and tokens_[i + 1].start == tokens_[i].start
            }
            kept = tuple(i for i in range(len(tokens_)) if i not in added) if added else ()
            self._memo["counted"] = kept
        return kept

    def find_any(self, aliases: Sequence[Sequence[str]]) -> tuple[int, Sequence[str]] | None:
        for alias in aliases:
            at = self.find(alias)
            if at >= 0:
                return at, alias
        return None

    def in_clause(self, aliases: Sequence[Sequence[str]], position: int) -> bool:
        """Whether one of ``aliases`` occurs in the clause of token ``position``."""
        clause = self.clause[position]
        for alias in aliases:
            at = self.find(alias)
            while at >= 0:
                if self.clause[at] == clause:
                    return True
                nxt = find_phrase(self.norms[at + 1 :], alias)
                at = at + 1 + nxt if nxt >= 0 else -1
        return False

    def positions(self, alias: Sequence[str]) -> list[int]:
        """Every token position where ``alias`` starts (past a per-period count's "~time",
        :meth:`_counted`, when the alias has none)."""
        out: list[int] = []
        if not alias or alias[0] not in self.vocabulary:
            return out
        n = len(alias)
        for i, norm in enumerate(self.norms):
            if norm == alias[0] and tuple(self.norms[i : i + n]) == tuple(alias):
                out.append(i)
        kept = self._counted() if _TIMES not in alias else ()
        if kept:
            bare = [self.norms[i] for i in kept]
            for j, norm in enumerate(bare):
                if norm == alias[0] and tuple(bare[j : j + n]) == tuple(alias) and kept[j] not in out:
                    out.append(kept[j])
            out.sort()
        return out

    def quoted_spans(self) -> tuple[tuple[int, int], ...]:
        """Where the sentence quotes someone (:data:`_QUOTED`), as character spans."""
        found = self._memo.get("quoted")
        if found is None:
            found = tuple(x for q in _QUOTED.finditer(self.text) for x in q.span())
            self._memo["quoted"] = found
        return tuple(zip(found[::2], found[1::2], strict=True))

    def title(self) -> bool:
        """Whether the sentence is a section title: a markdown ``#`` heading, a line of a
        few words wholly in bold with no colon in it, or a first line naming a subject and
        its topic across a dash. A title names the topic of the lines under it ("**Open
        questions**", "## Next steps", "Pipwell Bakery - pricing"); it asserts nothing."""
        if len(self.text.split()) > _TITLE_WORDS:
            return False
        if _TITLE.fullmatch(self.text) is not None:
            return True
        # the summary's first line as a heading: "Pipwell Bakery - pricing", "Flat 6 — repairs"
        return self.index == 0 and _DASH_TITLE.fullmatch(self.text) is not None

    def titled(self, position: int) -> bool:
        """Whether token ``position`` is in a heading label that opens the sentence, one
        that ends in a word naming a kind of record ("Trip memory: ...", "Kitchen update:
        ...", "Memory note: ..."), a change log's label ("+ added: ..."), a subject line
        ("Re: the Quillon licence") or a table cell's column label ("| Role: ... |"): it
        names the topic of what follows, it asserts nothing."""
        if self.tokens[position].end <= self.heading:
            return True  # under a list's heading: "Trip" of "## Trip / - Dalia flies ..."
        end = self.tokens[position].end
        labels = (pattern.match(self.text) for pattern in _LABELS)
        if any(label is not None and end <= label.end() for label in labels):
            return True
        # a table cell's column label ("| Role: Head of Finance |"): what the column is about
        start = self.tokens[position].start
        return "|" in self.text and any(
            cell.start(1) <= start and end <= cell.end(1) for cell in _CELL_LABEL.finditer(self.text)
        )

    def asked(self, position: int) -> bool:
        """Whether token ``position`` is in the question a sentence ends with (a question
        mark, past closing markup, brackets or quotes, closes its last clause): a question
        asserts nothing ("Four-day week from next year?" asks whether, it does not settle
        it), but a clause before it does ("repainted in May; is the hall next?")."""
        return _ASKED.search(self.text) is not None and self.clause[position] == self.clause[-1]


_DASH_TITLE = re.compile(r"\s*[A-Z][^.!?:;,\n]{0,50}?\s[-\u2013\u2014]\s[^.!?:;,\n]{1,30}")
"""A title that names a subject and its topic across a dash ("Pipwell Bakery - pricing")."""
_HEADING_LABEL = re.compile(
    r"^\W*(?:[\w'-]+\s+){0,3}(?:memory|memories|note|notes|summary|update|updates|recap|log|reminders?|"
    r"status|info|details|facts|profile|record)(?=\s*:)",
    re.IGNORECASE,
)
"""A heading label: a few words ending in a word that names a kind of record."""
_CHANGE_LABEL = re.compile(
    r"^\W*(?:added|removed|changed|updated|edited|deleted|dropped|noted|unchanged|new|still\s+true)"
    r"(?:\s*\([^()\n]{1,20}\))?(?=\s*:)",
    re.IGNORECASE,
)
"""A change log's label for an entry ("+ added: ...", "~ changed (Tue): ..."): the kind of
change the line records, not an act of its own."""
_TOPIC_LINE = re.compile(r"^\W*(?:re|fwd?|subject|subj|topic|task|title)\s*:[^.;:!?\n]*", re.IGNORECASE)
"""A subject line ("Re: Quillon Systems licence for St Brannock's School", an agent's
report's "Task: Vaccination status, pen 1"): it names what the message is about, up to its
first stop, and asserts nothing."""
_LABELS = (_HEADING_LABEL, _CHANGE_LABEL, _TOPIC_LINE)
_CELL_LABEL = re.compile(r"\|[ \t]*([^|:\n]{1,40}?)[ \t]*:")
"""A table cell's column label, as a table row is read ("| Role: Head of Finance |")."""


_Reading = tuple[tuple[Token, ...], tuple[str, ...], tuple[int, ...], tuple[int, ...], frozenset[str]]
"""A sentence's reading, the part of :class:`Statement` that depends on its text alone."""

READING_CACHE_SIZE = 4096
"""How many sentence readings :func:`reading` keeps (least recently used dropped first):
about 3 KB each for a 100-character sentence, so some 13 MB at most."""


@functools.lru_cache(maxsize=READING_CACHE_SIZE)
def reading(text: str) -> _Reading:
    """The tokens, norms, negation segments, clauses and vocabulary of one sentence.

    Cached by the sentence's text (already normalized by :func:`_text.sentences`): the
    next pass of a rolling summary repeats most sentences of the last one, so a new
    summary reads only its new sentences. Bounded, so memory stays bounded.
    """
    raw = tuple(t for t in tokens(text) if t.norm not in _ARTICLES)
    cuts = [m.start() for m in _BOUNDARY.finditer(text)]
    clause_cuts = _clause_cuts(text)
    # The cuts come in text order: how many lie before a token is where it would sort.
    segment = tuple(bisect.bisect_left(cuts, t.start) for t in raw)
    clause = tuple(bisect.bisect_left(clause_cuts, t.start) for t in raw)
    norms = tuple(t.norm for t in raw)
    return raw, norms, segment, clause, frozenset(norms)


def _read(index: int, text: str, heading: int = 0) -> Statement:
    return Statement(index, text, *reading(text), heading=heading)


def rewritten(statement: Statement, text: str) -> Statement:
    """``statement`` read again from ``text``, in its place and under its heading (a pointer
    replaced by the words it stands for, :mod:`pytest_compaction.prose._reference`)."""
    return _read(statement.index, text, min(statement.heading, len(text)))


class Statements(tuple[Statement, ...]):
    """A summary's statements, in order, with an index from each norm to the statements
    whose vocabulary holds it (built on first use): a fact looks only at the statements
    that share its words, not at every sentence."""

    _index: dict[str, list[int]] | None = None

    def holding_any(self, words: Iterable[str]) -> list[Statement]:
        """The statements whose vocabulary holds one of ``words``, in order."""
        index = self._index
        if index is None:
            # Built whole before it is shared: threads may check one summary at once.
            index = collections.defaultdict(list)
            for position, statement in enumerate(self):
                for norm in statement.vocabulary:
                    index[norm].append(position)
            self._index = index
        hits = [index[w] for w in set(words) if w in index]
        if not hits:
            return []
        positions = hits[0] if len(hits) == 1 else sorted(set().union(*hits))
        return [self[i] for i in positions]


def holding_any(statements: Sequence[Statement], words: Iterable[str]) -> list[Statement]:
    """The statements whose vocabulary holds one of ``words``, in order (through the
    index when ``statements`` came from :func:`read_statements`)."""
    if isinstance(statements, Statements):
        return statements.holding_any(words)
    wanted = set(words)
    return [s for s in statements if not wanted.isdisjoint(s.vocabulary)]


@functools.lru_cache(maxsize=2048)
def read_statements(summary: str) -> Statements:
    """The summary's sentences (see :func:`pytest_compaction.prose._text.sentences`), read.

    Cached: a session reads the same source events and prior summaries on every pass;
    each sentence's reading is cached on its own (:func:`reading`).
    """
    return Statements(_read(s.index, s.text, s.heading) for s in _text.sentences(summary))
