"""Helpers shared by the prose checks: sentences, clauses, marker matching, error paths.

Deterministic and small on purpose: every rule here is one a person can apply by
hand to explain a verdict.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.prose import normalize as _norm
from pytest_compaction.prose._edges import edges_read
from pytest_compaction.prose._footnotes import with_footnotes
from pytest_compaction.prose._json import rendered
from pytest_compaction.prose._notes import answered, assignments, note_line, unheld
from pytest_compaction.prose._tables import cells, headed, is_rule_row, labelled_row
from pytest_compaction.prose._tags import untagged

__all__ = [
    "Sentence",
    "clauses",
    "contains",
    "find",
    "is_identifier",
    "is_wordy",
    "fold",
    "literal",
    "literals",
    "marker_pattern",
    "markers_per_sentence",
    "normalize",
    "rebased",
    "sentences",
    "typed",
    "windows",
    "labelled_sentences",
    "expansion",
]

_BULLET = re.compile(r"^\s*(?:[-*\u2022+]|\d{1,3}[.)])\s+")
_HEADING = re.compile(r"^\s*#{1,6}\s+")
_STATUS_MARKS = frozenset(
    "\u2705\u2714\u2713\u274c\u2717\u2718\u2716\U0001f6ab\u26a0\u23f3\u231b\u2753\u2754\u2757"
)
"""Symbols that say something about their line (done, no, forbidden, caution, pending,
unknown, important): never read as decoration."""


def _undecorated(line: str) -> str:
    """``line`` without the pictures that open it as a bullet would ("🍽️ Prep digest",
    "🌡️ Walk-in fridge: ..."); a status mark ("❌ Oysters: ...", "✅ Paid") stays."""
    at = 0
    while at < len(line) and (
        line[at] in "\ufe0f\u200d\u20e3"
        or (unicodedata.category(line[at]) == "So" and line[at] not in _STATUS_MARKS)
        or (at > 0 and line[at].isspace() and at < len(line) - 1 and not line[at - 1].isspace())
    ):
        at += 1
    return line[at:].lstrip() if at else line


_EMPHASIS = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
"""Markdown bold ("**not**", "__3 March__"): it stresses words, it adds none."""


def _unemphasized(line: str) -> str:
    """``line`` without bold markup inside it ("You do **not** need to go" reads as "You do
    not need to go"); a line that is bold from end to end is a title ("**Ideas**",
    "**What we already tried**") and keeps its markup, which marks it as one."""
    if "**" not in line and "__" not in line:
        return line
    body = _BULLET.sub("", line, count=1).strip()
    if _BOLD_LINE.fullmatch(body):
        return line
    head = _RUN_IN.match(line)  # "**Flooring.** You're leaning ...": a run-in heading stays one
    at = head.end() if head else 0
    return line[:at] + _EMPHASIS.sub(r"\2", line[at:])


_BOLD_LINE = re.compile(r"(\*\*|__)(?:(?!\*\*|__).)+\1\s*:?\s*")
"""A line bold from end to end, a title ("**Ideas**", "**What we already tried:**")."""
_OPEN_TITLE = re.compile(
    r"\b(?:consider|considered|considering|consideration|under\s+review|exploring|backlog|ideas?|options?|"
    r"maybe|possible|possibly|proposals?|proposed|nice\s+to\s+have|"
    r"tentative|to\s+try|could|might|wish\s*list|someday|undecided|not\s+decided|open\s+questions?|pending)\b",
    re.IGNORECASE,
)
"""Words of a title whose items are not settled ("**Under consideration**", "**Ideas**")."""
_RUN_IN = re.compile(r"^\s*(?:[-*\u2022+]\s+)?(\*\*|__)[^*_\n]{1,60}?(?:[.:]\1|\1:)")
"""A bold run-in heading or label that opens a line ("**Flooring.**", "**Pool:**")."""
_WRAPPED = re.compile(
    r"(?<=[A-Za-z])-\n(?=(?:ment|ments|tion|tions|sion|sions|ing|ings|ness|ance|ence|ity|ities|ly|ed|er|ers|able|ible|ure|ive|ous|al|ant|ent|ism|ist|ists)\b)"
)
"""A word hyphenated across a line end at its suffix, as typesetting and scans split them
("appoint-\nment"): one word. A hyphen before a word of its own ("auto-\ninjector") stays."""


_TAG = re.compile(r"\[[^\[\]\n]{1,120}\]\s")
"""A bracketed tag that opens a line ("[e2 untrusted: fact-city] ", "[from the ticket] "): it
cites the line's source, so it applies to every sentence of the line."""
_CLOSING_WORDS = (
    "her|hers|him|his|them|theirs|it|us|me|you|yours|ours|mine|too|here|there|now|today|tonight|tomorrow|"
    "yesterday|again|yet|already|anyway|please|thanks|ok|okay|done"
)
"""Words that end a clause and are never shortened: a period after one ends its sentence
before a word in lower case ("no latex sponges on *her.* sister Neve is coming too")."""
# A sentence ends at . ! or ? followed by space and something that is not a lower-case
# letter, so "v1.2", "$50.00" and "e.g. the" stay whole; or after a word of
# :data:`_CLOSING_WORDS`, whatever follows.
_SENTENCE_END = re.compile(
    r"(?<=[.!?])\s+(?=[^a-z\s])|(?<=[a-z]{5}\.)\s+(?=[a-z][\w-]*(?:\s+[\w-]+){0,2}:\s)"
    r"|(?P<lower>(?<=[A-Za-z]\.)\s+(?=[a-z]))"
)
_CLOSING_WORD = re.compile(rf"\b(?:{_CLOSING_WORDS})\.$", re.IGNORECASE)
"""A word of :data:`_CLOSING_WORDS` and its period, closing the text before a lower-case word."""
# ... or, after a whole word in lower case, by a note's next labelled item in lower case
# ("tues run: Priya driving. thurs run: Owen driving"); "Vacc. due: ..." is a short form.
# A line typed all in lower case ("return on 6 june is fine. i might bring the bike") has no
# capital to open a sentence: there any sentence end followed by a space ends one.
_LOWER_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
# The short forms of notes typed in lower case end no sentence there: "prob. good to ...",
# "approx. 20 min. walk", "incl. vat".
_NOTE_ABBREVIATION = re.compile(
    r"\b(?:prob|poss|esp|incl|excl|approx|min|mins|hr|hrs|wk|wks|mo|mos|yr|yrs|est|pls|plz|tmrw|ft|lb|lbs|oz|"
    r"pt|pts|qty|no|vs|etc|eg|ie|e\.g|i\.e|(?i:ep|eps|vol|vols|ch|chap|sec|sect|pp|para|paras|pg|rm|art|"
    r"cl|cls|sch|reg|regs))\.$"
)
# ... and neither do the short forms of numbered items before their number, in any case:
# "ep. 43", "Vol. 2", "Ch. 4", "rm. 204", "Art. 5", a lease's "cl. 9.1" and "Sch. 3".
# A period after a title, a Latin abbreviation, an initial, a dotted acronym or a word
# abbreviated in business writing (account, apartment, reference, extension, invoice, order
# and ticket numbers) does not end a sentence: "Dr. Lee", "Eng. Okafor", "Insp. Rao",
# "e.g. Paris", "J. Smith", "the U.S. office", "Acct. No. 4471", "Apt. 3", "Ref. QX-2".
_ABBREVIATION = re.compile(
    r"(?:\b(?:dr|mr|mrs|ms|mx|prof|st|sr|jr|vs|etc|approx|inc|ltd|co|corp|dept|no|nr|fig|mt|gen|col|"
    r"capt|lt|sgt|rev|hon|eng|insp|supt|det|maj|cpl|pte|cdr|cllr|sen|gov|pres|"
    r"e\.g|i\.e|cf|viz|al|acct|acc|apt|ave|blvd|rd|bldg|ste|tel|ext|ref|attn|"
    r"mgr|asst|assoc|govt|intl|natl|qty|amt|pkg|inv|ord|tkt)|(?:\b[A-Za-z]\.)+[A-Za-z]?|\b[A-Z])\.$",
    re.IGNORECASE,
)
_NO_DOT = re.compile(r"\bno\.$", re.IGNORECASE)
_NUMBERED = re.compile(r"[#\d]|[^\s]*\d|[A-Z]{2,5}\b")
"""What follows "No." as the short form of "number": a digit, "#", a word with a digit or a
short capital code ("No. 4471", "No. QX-2", "No. CLM/2026/118", "no. NV 804"); before any
other word "No." is an answer and ends its sentence."""
# An abbreviated month before its day number does not end a sentence: "due Nov. 1".
_MONTH_DOT = re.compile(r"\b(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.$", re.IGNORECASE)
# Clause boundaries: a semicolon, or a contrastive conjunction. Commas and dashes are
# not boundaries: "Never, under any circumstances, call X" is one clause, and so is
# "Forbidden - calling X with dry_run=false".
_CLAUSE_BREAK = re.compile(
    r"\s*;\s*|,\s*(?:but|while|whereas|although|though|however|yet)\b\s*|\s+(?:but|whereas)\s+",
    re.IGNORECASE,
)
_WORDY = re.compile(r"^[A-Za-z][A-Za-z '\-]*$")
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)


_MONTH_BEFORE = re.compile(
    r"\b(?:in|since|from|until|till|by|of|early|late|mid|last|next|this|every|each|during|before|after)[\s-]*$",
    re.IGNORECASE,
)
_DAY_BEFORE = re.compile(r"(?<![\d.,:/])(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?[\s-]*$", re.IGNORECASE)
"""A day number right before "may" ("3 May", "14th may"): not a longer number ("candidate
2875 may qualify")."""
_AFTER_DAY_MONTH = re.compile(
    r"\s*(?:$|[^\w\s]|\d|(?:at|in|on|to|for|from|until|till|and|or|by|onwards?|is|was|will|next|this)\b|[A-Z])"
)
"""What may follow "3 may" the date: an end, a mark, a year or time, a preposition or a
capital; a lower-case verb makes it a number and its modal ("room 3 may flood")."""


def month_may(text: str, start: int, end: int) -> bool:
    """Whether the word ``text[start:end]`` is the month May, not the modal: after a
    preposition or a day number ("in May", "since May", "3 May"), before a day number ("May
    3"), or capitalized inside a sentence ("opened it in early May", "the May rota");
    ``text`` is the word's whole sentence."""
    word = text[start:end]
    if word.lower() != "may":
        return False
    before = text[:start]
    if _MONTH_BEFORE.search(before) or re.match(r"\s*\d", text[end:]):
        return True
    if _DAY_BEFORE.search(before):
        return word == "May" or _AFTER_DAY_MONTH.match(text, end) is not None
    return word == "May" and bool(before.strip()) and not before.rstrip().endswith((":", "-", "*"))


def rebased(exc: PayloadError, old: str, new: str) -> PayloadError:
    """A constructor's error (path ``invariant.markers[1]``) moved to where the value came
    from (``register.invariants[0].markers[1]``). Errors with other paths pass unchanged."""
    path = exc.path
    if path == old or path.startswith((f"{old}.", f"{old}[")):
        return PayloadError(new + path[len(old) :], exc.message)
    return exc


def normalize(text: str) -> str:
    """NFKC, straight quotes and apostrophes, so "don\u2019t" and "dont" read as "don't"."""
    if text.isascii():
        return _norm.apostrophes(text)  # NFKC and the quote table change only characters outside ASCII
    return _norm.clean(text)


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
    heading: int = 0
    """How many characters at its start are the heading it sits under (0: none)."""


@functools.lru_cache(maxsize=256)
def sentences(text: str) -> tuple[Sentence, ...]:
    """Split a summary into sentences: one per line, then at sentence ends within a line.

    A bullet line inherits the nearest preceding line that ends with a colon or is a
    Markdown heading, until a blank or non-bullet line ends the list. Every sentence of a
    line that opens with a bracketed tag carries the tag (:data:`_TAG`). Cached: every check
    of one summary (facts, pins, bindings) splits it once.
    """
    out: list[Sentence] = []
    header = ""
    columns: list[str] = []
    previous = ""
    question = ""
    titled_by: str | None = None  # a bare title line ("Handover") that may head a list
    asided_by: str | None = None  # ... or one with an aside in brackets ("Grade 2 (Sat 09:30)")
    before_previous = 0  # how many sentences there were before the previous line's
    nested: list[tuple[int, str]] = []  # the titles of the bullets this one is indented under
    titled_item: tuple[int, Sentence] | None = None  # the last bullet, if a bare title, and its indent
    text = edges_read(rendered(normalize(with_footnotes(untagged(text)))))  # before NFKC folds "¹" into "1"
    if "-\n" in text:
        text = _WRAPPED.sub("", text).replace("-\n", "-")
    for raw in text.splitlines():
        line = _unemphasized(raw.strip())
        if not line:
            header, columns, nested, titled_item = "", [], [], None
            continue
        indent = len(raw) - len(raw.lstrip())
        if is_rule_row(line) and previous.startswith("|"):
            columns = cells(previous) if headed(cells(previous)) else []
            if columns:
                # The header row names the columns each data row now carries ("| Flu jab
                # this season | ..." heads "Flu jab this season: no"): it asserts nothing.
                del out[before_previous:]
            previous = line
            continue
        previous = line
        before_previous = len(out)
        if not line.startswith("|"):
            columns = []
        elif columns:
            line = labelled_row(line, columns)
        line = note_line(line)
        question, line, unanswered = answered(question, line, _BULLET.sub("", line, count=1))
        if unanswered:
            out.append(Sentence(len(out), f"{unanswered}?", starts_line=True))
        if question and not line:
            continue  # held for its answer on the next line
        if question:
            for position, part in enumerate(_split(line)):
                if part.strip():
                    out.append(Sentence(len(out), f"{question}: {part.strip()}", starts_line=position == 0))
            question = ""
            continue
        line = _undecorated(line)
        bullet = _BULLET.match(line)
        if bullet:
            line = line[bullet.end() :]
            if not header and titled_by is not None and out and out[-1].text == titled_by:
                # "Handover" alone on the line before a list: the list's heading, no claim
                header = out.pop().text + ":"  # read as a list's label line ("Handover:")
            elif not header and asided_by is not None and out and out[-1].text == asided_by:
                # "Grade 2 Ballet (Sat 09:30, Studio 1)" before a list: a title, kept as its
                # own line for the details its aside gives, all of it a heading's words
                out[-1] = dataclasses.replace(out[-1], heading=len(out[-1].text))
            while nested and nested[-1][0] >= indent:
                nested.pop()
            if titled_item is not None and indent > titled_item[0] and out and out[-1] is titled_item[1]:
                # "- Caspar I-R (cello)" over indented bullets: the title heads them, as a
                # line ending in a colon would, and claims nothing itself
                title = out[-1].text[out[-1].heading :].rstrip(":")
                out[-1] = dataclasses.replace(out[-1], heading=len(out[-1].text))
                nested.append((titled_item[0], f"{title}:"))
            # the nearest titles only: deep nesting must not make every line longer
            prefix = " ".join([header, *(label for _, label in nested[-_NESTED_TITLES:])]).strip()
            prefix = f"{prefix} " if prefix else ""
        else:
            prefix, nested = "", []
            heading = _HEADING.match(line)
            if heading:
                header = line[heading.end() :].strip()
                continue
            # a line ending in a colon heads the list after it; so does a bold title that
            # holds its items open ("**Under consideration**", "**Options to consider**")
            header = (
                line
                if line.endswith(":") or (_BOLD_LINE.fullmatch(line) and _OPEN_TITLE.search(line))
                else ""
            )
        titled_by = line if not bullet and _BARE_TITLE.fullmatch(line) else None
        asided_by = line if not bullet and _ASIDE_TITLE.fullmatch(line) else None
        tag = _TAG.match(line)
        for position, part in enumerate(_split(line)):
            part = part.strip()
            if part:
                cited = tag.group() if tag is not None and position > 0 else ""
                out.append(
                    Sentence(len(out), prefix + cited + part, starts_line=position == 0, heading=len(prefix))
                )
        titled_item = None
        if bullet and (_ITEM_TITLE.fullmatch(line) or line.endswith(":")):
            titled_item = (indent, out[-1]) if out else None
    if question:
        out.append(Sentence(len(out), f"{unheld(question)}?", starts_line=True))
    return tuple(out)


_NESTED_TITLES = 3
"""How many title bullets above an indented bullet it reads as its heading."""
_BARE_TITLE = re.compile(r"[A-Z][\w'&/-]*(?:[ \t]+[\w'&/-]+){0,3}")
_ASIDE_TITLE = re.compile(_BARE_TITLE.pattern + r"[ \t]*\([^()\n]{1,40}\)")
"""A bare title and a short aside in brackets ("Grade 2 Ballet (Sat 09:30, Studio 1)")."""
_ITEM_TITLE = re.compile(r"[A-Z0-9][\w'&/.-]*(?:[ \t]+[\w'&/.-]+){0,4}(?:[ \t]*\([^()\n]{1,40}\))?")
"""A bullet that may title the bullets indented under it: a few words, initials allowed,
and a short aside in brackets ("Nadia O. (trumpet)", "Box 7 (Biscuit)")."""
"""A line of one to four words with no punctuation that ends a sentence or opens a list
("Handover", "Medical", "Week 3 plan"): followed by a bullet list, it is that list's heading."""


# A quotation opens at a quote mark after a space or an opening bracket and before a
# non-space, and closes at one after a non-space and before a space, punctuation or the end
# ("reading 'Gas main isolated. Safe to dig.'"); an apostrophe ("don't", "the Smiths' car")
# stands inside a word or only closes.
_QUOTE_OPENS = re.compile(r"(?:^|(?<=[\s(\[]))['\"](?=\S)")
_QUOTE_CLOSES = re.compile(r"(?<=\S)['\"](?=[\s.,;:!?)\]]|$)")


def _tail(head: str) -> str:
    """The last words of ``head``, enough for the patterns that end a sentence's check (an
    abbreviation, a month): a long unsplit stretch is not searched again at every period."""
    if len(head) <= _TAIL:
        return head
    cut = head.rfind(" ", 0, len(head) - _TAIL)
    return head[cut + 1 :] if cut >= 0 else head


_TAIL = 64


_BRACKET_REACH = 80


def _in_brackets(line: str, start: int, at: int) -> bool:
    """Whether the stop at ``at`` stands inside a short bracket opened since ``start`` that
    closes within :data:`_BRACKET_REACH` characters: a list of short forms in brackets
    ("(e.g. iron, vit. D)") ends no sentence."""
    opened = line.rfind("(", start, at)
    if opened < 0 or line.find(")", opened, at) >= 0:
        return False
    closes = line.find(")", at, at + _BRACKET_REACH)
    return closes >= 0 and "(" not in line[at:closes]


_THEN = re.compile(r"(?:Then|If\s+so|If\s+yes|If\s+not)\b")
"""What opens the answer to a question that states a condition ("Running late? *Then* text
the office"): the question and its answer are one sentence, an "if" and its rule."""


_CHAT_OPENERS = re.compile(
    r"(?:the|i|we|he|she|they|it|its|this|that|there|his|her|our|their|my|your|you)\s", re.IGNORECASE
)
_WHOLE_WORD_END = re.compile(r"(?<![\w.'-])[a-z]{4,}\.$")


def _chat_sentence(line: str, tail: str, after: int) -> bool:
    """Whether the period that ends ``tail`` ends a sentence typed in lower case before the
    next ("AB1 out of service, frayed *cable. the* manufacturer might ..."): a whole word of
    four letters or more, no short form of a note, and a pronoun or article after it, as
    a sentence opens."""
    return (
        _WHOLE_WORD_END.search(tail) is not None
        and _NOTE_ABBREVIATION.search(tail) is None
        and _ABBREVIATION.search(tail) is None
        and _CHAT_OPENERS.match(line, after) is not None
    )


def _split(line: str) -> list[str]:
    """``line`` cut at its sentence ends. A quotation opened in a sentence and closed later in
    the line holds its sentences in that one: the attribution before it ("the sign reads
    '...'") covers all of it. Quote marks are counted as the line is read, once."""
    parts: list[str] = []
    start = 0
    ends = _SENTENCE_END if any(ch.isupper() for ch in line) else _LOWER_SENTENCE_END
    last_close = max((m.start() for m in _QUOTE_CLOSES.finditer(line)), default=-1)
    depth, scanned = 0, 0
    for end in ends.finditer(line):
        at = end.start()
        depth += len(_QUOTE_OPENS.findall(line, scanned, at)) - len(_QUOTE_CLOSES.findall(line, scanned, at))
        scanned = at
        tail = _tail(line[start:at])
        if (
            end.lastgroup == "lower"
            and not _CLOSING_WORD.search(tail)
            and not _chat_sentence(line, tail, end.end())
        ):
            continue  # "approx. two", "e.g. the": a lower-case word after any other period
        answer_no = _NO_DOT.search(tail) is not None and not _NUMBERED.match(line, end.end())
        if (_ABBREVIATION.search(tail) and not answer_no) or (depth > 0 and last_close > at):
            continue  # "Acct. No. 4471" holds a number's short form; "A: No. The landlord ..." ends
        if _in_brackets(line, start, at):
            continue  # "(e.g. iron, vit. D)": a short bracket closes before the sentence ends
        if tail.endswith("?") and _THEN.match(line, end.end()):
            continue  # "Forgotten her glasses? Then no lesson": the question is the condition
        if ends is _LOWER_SENTENCE_END and _NOTE_ABBREVIATION.search(tail):
            continue
        if _NOTE_ABBREVIATION.search(tail) and line[end.end() : end.end() + 1].isdigit():
            continue  # "fasting min. 10 hrs.", "approx. 20 min.": a number follows the short form
        if _MONTH_DOT.search(tail) and line[end.end() : end.end() + 1].isdigit():
            continue
        parts.append(line[start:at])
        start = scanned = end.end()
        depth = 0
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
    inflections (``discharge form`` finds "discharge forms"), a space between their words
    also a hyphen (``jump start`` finds "jump-starting"; ``add-on`` does not find the verb
    "add on"); markers with digits or symbols are identifiers and match exactly (their
    words of letters alone in either case). Whitespace inside a marker matches any run of
    whitespace. A marker never matches inside a longer token:
    ``50`` is not found in ``150``, ``$50.5`` or ``50_000``, nor ``T-14`` in ``T-141``.
    """
    text = normalize(marker).strip()
    said = assignments(text)
    if said == text:
        body, flags = _marker_body(text, drop_article)
        return re.compile(rf"(?<![\w])(?<!\d[.,]){body}(?![\w])(?![.,]\d)", flags)
    # "dry_run=false" as written (a rule's own text) or as a summary's line reads it, each
    # exactly: an identifier keeps its case
    bodies = [_marker_body(text, drop_article)[0], r"\s+".join(re.escape(w) for w in said.split())]
    return re.compile(rf"(?<![\w])(?<!\d[.,])(?:{bodies[0]}|{bodies[1]})(?![\w])(?![.,]\d)")


def _marker_body(text: str, drop_article: bool) -> tuple[str, int]:
    """The pattern of a marker's words (:func:`marker_pattern`) and its flags."""
    if drop_article:
        text = _ARTICLE.sub("", text) or text
    wordy = is_wordy(text)
    # In a word marker a space also matches a hyphen: "jump start" finds "jump-starting" (a
    # hyphen stays a hyphen: "add-on" is no "add on").
    body = (r"[\s-]+" if wordy else r"\s+").join(
        _inflected(word) if wordy else _as_written(word) for word in text.split()
    )
    if not wordy and _CODE_END.fullmatch(text):
        body += r"(?:'?s)?"  # an age band takes a plural: "under-16s", "U18s"
    if wordy:
        body = _with_a_shortened_word(text.split(), body)
    if drop_article and is_wordy(text):
        body = rf"(?:(?:the|a|an)\s+)?{body}"
    return body, re.IGNORECASE if wordy else 0


def _as_written(word: str) -> str:
    """One word of an identifier marker as a pattern: exactly as written, but a word of
    letters alone, or of letters and digits with hyphens, in either case ("guide RNA g2"
    finds "Guide RNA G2" at a sentence's start; "US-05" finds "us-05" in a note written in
    lower case); "dry_run=false" and "v1.2" keep their case."""
    return f"(?i:{re.escape(word)})" if _CASELESS.fullmatch(word) else re.escape(word)


_CODE_END = re.compile(r"(?:under|over|u|o)-?\d{1,2}", re.IGNORECASE)
"""An age band ("under-16", "over-65", "U18"), which takes a plural "s" ("the under-16s");
another code does not ("T-14" is not "T-14s")."""
_CASELESS = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")
"""A word of an identifier that reads the same in either case: letters and digits, joined
by hyphens ("g2", "T-14", "EC-1118")."""


_SHORTENED_MAX = 4
"""The most words a marker may have for one of them to be written shortened."""


def _with_a_shortened_word(words: Sequence[str], body: str) -> str:
    """``body`` (the pattern of a word marker of ``words``) or the marker with one of its
    words written as a capital-letter abbreviation (:func:`_shortened`): "DB migration" is
    "database migration", "ER visit" "emergency visit". Only in a marker of two to four
    words, whose other words are written out, so the abbreviation stands where its word
    stands; a marker of one word is never found by a shortening alone."""
    if not 2 <= len(words) <= _SHORTENED_MAX:
        return body
    parts = [_inflected(word) for word in words]
    alternatives = [body]
    for i, word in enumerate(words):
        short = _shortened(word)
        if short is not None:
            alternatives.append(r"\s+".join([*parts[:i], short, *parts[i + 1 :]]))
    return body if len(alternatives) == 1 else "(?:" + "|".join(alternatives) + ")"


def _shortened(word: str) -> str | None:
    """The pattern of ``word`` abbreviated in capitals the way English shortens a word: its
    first letter, then some of its other letters in order, the whole token in capitals and
    two letters or more ("DB" or "DTB" for "database", "MGR" for "manager", "QTY" for
    "quantity"). A word of three letters or fewer, or a compound with a hyphen, has none."""
    if len(word) < 4 or not word.isalpha() or not word.isascii():
        return None
    upper = word.upper()
    rest = "".join(f"{re.escape(c)}?" for c in upper[1:])
    return rf"(?-i:(?=[A-Z]{{2,}}(?![\w-])){re.escape(upper[0])}{rest})"


_CAPITALS = re.compile(r"^[A-Z]{2,8}$")
_CAPITAL_WORD = re.compile(r"(?<![\w-])[A-Z]{2,}(?![\w-])")
_WORD_PARTS = re.compile(r"[A-Za-z]+")


def expansion(marker: str, text: str) -> str | None:
    """The words of ``text`` that the capital-letter marker abbreviates, or None: a run of
    consecutive words (the parts of a hyphenated compound count as words) whose first
    letters spell it ("LTO" in "link-time optimisation", "ICU" in "intensive care unit"),
    else one word it shortens (:func:`_shortened`: "DB" in "database"). A marker that is
    not all capitals, or that ``text`` holds as written, has none."""
    short = normalize(marker).strip()
    if not _CAPITALS.match(short):
        return None
    clean = normalize(text)
    if marker_pattern(short).search(clean):
        return None
    words = list(_WORD_PARTS.finditer(clean))
    n = len(short)
    for i in range(len(words) - n + 1):
        run = words[i : i + n]
        gaps = (clean[a.end() : b.start()] for a, b in itertools.pairwise(run))
        spelled = all(
            len(w.group()) > 1 and w.group()[0].upper() == c for w, c in zip(run, short, strict=True)
        )
        if spelled and all(gap.strip() in ("", "-") for gap in gaps):
            return clean[run[0].start() : run[-1].end()]
    for word in words:
        pattern = _shortened(word.group())
        if pattern is not None and len(short) < len(word.group()) and re.fullmatch(pattern, short):
            return word.group()
    return None


def _inflected(word: str) -> str:
    """A word of a word marker with its inflections: "form" also finds "forms", "export"
    "exported", "merge" "merging", "policy" "policies", "stop" "stopped", "send" "sent".
    A marker word that is itself inflected finds its base too ("stopped" finds "stop",
    "uploads" "upload", "paid" "pay"). Short words (three letters or fewer) match as
    written or in their irregular forms ("ran" finds "run")."""
    return "(?:" + "|".join(pattern for _, pattern in _alternatives(word)) + ")"


@functools.lru_cache(maxsize=4096)
def _alternatives(word: str) -> tuple[tuple[str, str], ...]:
    """The fixed start and the pattern of each way ``word`` may be written."""
    lower = word.lower()
    irregular = sorted(_norm.irregular_forms(lower))
    head, hyphen, last = lower.rpartition("-")
    if hyphen and last.isalpha() and head.replace("-", "").isalpha():
        # a hyphenated compound inflects at its end: "X-ray" finds "X-rays", "add-on" "add-ons"
        ends = _alternatives(last) if len(last) > 3 else ((last, re.escape(last) + r"(?:s|'s)?"),)
        return tuple((f"{head}-{start}", re.escape(f"{head}-") + pattern) for start, pattern in ends)
    if not lower.isalpha():
        return ((lower, re.escape(lower)),)
    # a short word takes a plural's or a possessive's "s" alone ("red bag" finds "red bags")
    short = [(lower, re.escape(lower) + (r"(?:s|'s)?" if len(lower) == 3 and lower[-1] != "s" else ""))]
    out = short if len(lower) <= 3 else [_regular(base) for base in _bases(lower)]
    out.extend((form, re.escape(form)) for form in irregular if form != lower)
    if irregular:  # a verb's base takes the regular endings too: pay, pays, paying, paid
        out.append(_regular(_norm.base_form(lower)))
    # a word and its everyday clipping are one word: "laboratory" finds "lab", "fridge" "refrigerator"
    out.extend(_regular(partner) for partner in _norm.clippings(lower))
    return tuple(dict.fromkeys(out))


_UNDOUBLED = "aeiouls"
"""Consonants a suffix never doubles in a way that should be undone ("calling", "missed")."""


def _bases(lower: str) -> list[str]:
    """The word itself and, when it looks inflected, the base it was made from."""
    out = [lower]
    for suffix, repl in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", "")):
        if lower.endswith(suffix) and len(lower) - len(suffix) >= 3:
            base = lower[: -len(suffix)] + repl
            if repl == "" and base[-1] == base[-2] and base[-1] not in _UNDOUBLED:
                out.append(base[:-1])  # stopped -> stop, planned -> plan, referred -> refer
            elif repl == "":
                out.extend((base, base + "e"))  # exported -> export, merged -> merge
            else:
                out.append(base)
            return out
    if lower.endswith(("ches", "shes")) or (lower.endswith("es") and lower[-3:-2] in ("s", "x", "z")):
        out.append(lower[:-2])
    elif lower.endswith("s") and not lower.endswith(("ss", "us", "is")):
        out.append(lower[:-1])  # uploads -> upload
    return out


_CVC = re.compile(r"[^aeiou][aeiou][b-df-hj-np-tvz]$")
"""A word that doubles its last consonant before -ed and -ing: stop, plan, refer, commit."""


def _regular(base: str) -> tuple[str, str]:
    """``base`` with its regular inflections, and the fixed start every one of them has."""
    if base.endswith("e"):
        return base[:-1], re.escape(base[:-1]) + r"(?:e|es|ed|ing|e's)"
    if base.endswith("y") and base[-2:-1] not in ("a", "e", "i", "o", "u"):
        return base[:-1], re.escape(base[:-1]) + r"(?:y|ies|ied|ying|y's)"
    if base.endswith(("s", "x", "z", "ch", "sh")):
        return base, re.escape(base) + r"(?:es|ed|ing|'s)?"
    doubled = rf"|{re.escape(base[-1])}(?:ed|ing)" if _CVC.search(base) else ""
    return base, re.escape(base) + rf"(?:s|ed|ing|'s|s'{doubled})?"


def literal(marker: str) -> str:
    """Lower-cased text every match of ``marker`` holds (a cheap substring pre-test):
    the marker itself, or for a word marker the start its first word's forms share."""
    text = " ".join(normalize(marker).lower().split())
    if not is_wordy(text):
        return text
    starts = [start for start, _ in _alternatives(text.split()[0])]
    return _common_start(starts)


def literals(marker: str) -> tuple[str, ...]:
    """Lower-cased texts one of which every match of ``marker`` holds: :func:`literal`, and
    for a word marker whose first word may be written shortened (:func:`marker_pattern`),
    the start its second word's forms share."""
    first = literal(marker)
    text = " ".join(normalize(marker).lower().split())
    words = text.split()
    if not is_wordy(text) or not 2 <= len(words) <= _SHORTENED_MAX or _shortened(words[0]) is None:
        return (first,)
    return (first, _common_start([start for start, _ in _alternatives(words[1])]))


def _common_start(words: Sequence[str]) -> str:
    first = min(words)
    last = max(words)
    size = 0
    while size < len(first) and first[size] == last[size]:
        size += 1
    return first[:size]


def contains(text: str, marker: str) -> bool:
    """Whether ``text`` holds ``marker``: as written or inflected, or, for a marker with a
    number, time, date, amount or unit in it, in any wording of those (:func:`typed`)."""
    if marker_pattern(marker).search(text) is not None:
        return True
    wanted = typed(marker)
    return wanted is not None and bool(_token_spans(text, wanted))


_TYPED_KINDS = frozenset({"number", "time", "date", "currency", "unit"})
_ARTICLES = frozenset({"the", "a", "an"})


@functools.lru_cache(maxsize=4096)
def typed(marker: str) -> tuple[str, ...] | None:
    """A marker that holds a number, time, date, amount or unit, as the normalized tokens
    any wording of it shares ("24 hours" and "twenty-four hours", "5th" and "fifth",
    "8 a.m." and "8 am", "$200" and "200 dollars"); None for other markers."""
    wanted = _norm.phrase(marker)
    return wanted if any(_norm.kind_of(norm) in _TYPED_KINDS for norm in wanted) else None


def _token_spans(text: str, wanted: tuple[str, ...]) -> list[tuple[int, int]]:
    found = [t for t in _norm.tokens(text) if t.norm not in _ARTICLES]
    n = len(wanted)
    return [
        (found[i].start, found[i + n - 1].end)
        for i in range(len(found) - n + 1)
        if found[i].norm == wanted[0] and tuple(t.norm for t in found[i : i + n]) == wanted
    ]


@functools.lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """``text`` normalized, lower-cased, whitespace runs as single spaces: for substring tests."""
    return " ".join(normalize(text).lower().split())


class _Index:
    """A summary's folded sentences joined by newlines, to find a marker's candidates at once,
    and the sentences each marker was found in (pins of one summary share markers)."""

    __slots__ = ("found", "joined", "norms", "sentences", "starts")

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
        self.norms: list[frozenset[str]] | None = None
        """Each sentence's normalized tokens, computed when a typed marker first asks."""

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
            pattern = marker_pattern(marker)
            first, *shortened = literals(marker)
            candidates = set(self.holding(first))
            said = assignments(normalize(marker))
            if said != normalize(marker):
                candidates.update(self.holding(literal(said)))  # "dry_run=false" as a line reads it
            for key in shortened:
                # the marker with its first word shortened: only where a word is in capitals
                candidates.update(i for i in self.holding(key) if _CAPITAL_WORD.search(texts[i].text))
            found = {i for i in candidates if pattern.search(texts[i].text)}
            wanted = typed(marker)
            if wanted is not None:
                if self.norms is None:
                    self.norms = [frozenset(t.norm for t in _norm.tokens(s.text)) for s in texts]
                need = set(wanted)
                found.update(
                    i
                    for i, norms in enumerate(self.norms)
                    if need <= norms and _token_spans(texts[i].text, wanted)
                )
            hit = self.found[marker] = tuple(sorted(found))
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


def markers_per_sentence(
    found: Sequence[Sentence], markers: Sequence[str], *, also: Mapping[str, str] | None = None
) -> dict[int, list[str]]:
    """The sentences that contain one of ``markers`` as a whole token, in sentence order,
    each with the markers it contains, in ``markers`` order. Sentences with none are left
    out (most sentences of a summary hold no marker of a given pin).

    A plain substring test first (case-folded, whitespace runs as single spaces) over an
    index of the whole summary: the regular expression runs only on sentences where the
    marker's letters are there at all. ``also`` gives a marker other words that count as it
    (a capital-letter marker's :func:`expansion` in its rule's text).
    """
    if not found:
        return {}
    index = _index(found if isinstance(found, tuple) else tuple(found))
    per: dict[int, list[str]] = {}
    for marker in markers:
        for position in _holding(index, marker, also) if also else index.containing(marker):
            per.setdefault(position, []).append(marker)
    return per if len(per) < 2 else {i: per[i] for i in sorted(per)}


def find(text: str, marker: str, *, drop_article: bool = False) -> list[tuple[int, int]]:
    """Every ``(start, end)`` span of ``marker`` in ``text`` (a typed marker's other wordings
    when it is not there as written)."""
    spans = [m.span() for m in marker_pattern(marker, drop_article=drop_article).finditer(text)]
    wanted = typed(marker)
    if spans or wanted is None:
        return spans
    return _token_spans(normalize(text), wanted)


def _holding(index: _Index, marker: str, also: Mapping[str, str] | None) -> tuple[int, ...]:
    """The sentences that hold ``marker``, or the words ``also`` gives it, in order."""
    hit = index.containing(marker)
    other = also.get(marker) if also else None
    if other is None:
        return hit
    return tuple(sorted({*hit, *index.containing(other)}))


def windows(
    found: Sequence[Sentence], markers: Iterable[str], *, also: Mapping[str, str] | None = None
) -> tuple[tuple[int, ...], ...]:
    """Where a statement with all ``markers`` sits among the sentences ``found``.

    Single sentences holding every marker come first. Only when there is none, two
    adjacent sentences that hold every marker between them (each at least one) count:
    a constraint and the sentence that scopes it ("...dry_run=false. This applies to
    staging."). ``also`` gives a marker other words that count as it
    (:func:`markers_per_sentence`).
    """
    wanted = list(dict.fromkeys(markers))
    if not wanted:
        return tuple((i,) for i in range(len(found)))
    if not found:
        return ()
    index = _index(found if isinstance(found, tuple) else tuple(found))
    # Per marker, the sentences that hold it: a pin's markers are looked up once, not
    # per sentence (a marker shared by many pins, such as "dry_run=false", is in many).
    if also:
        holding = [set(_holding(index, marker, also)) for marker in wanted]
    else:
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


_OPEN_HEADING = re.compile(r"^([ \t]*#{1,6}[ \t]+[^\n]*?[^\s:.!?])[ \t]*$", re.MULTILINE)


@functools.lru_cache(maxsize=256)
def labelled_sentences(text: str) -> tuple[Sentence, ...]:
    """:func:`sentences`, with the Markdown heading a bullet inherits closed by a colon,
    as a label is: "### Clinic rules" then "- Weigh the patient first" reads "Clinic
    rules: Weigh the patient first", so a command at the start of the bullet is still
    at the start of its clause (and "### State" then "- Pepper is booked" does not read
    as the command "state"). The same sentences, in the same order, as :func:`sentences`.
    """
    return sentences(_OPEN_HEADING.sub(r"\1:", text))
