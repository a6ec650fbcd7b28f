"""Whose a fact is, read from the sentence that states it: another subject of the ledger in
the clause or coordinated half that holds the value, a record's head naming someone else, the
subject named as an exception, and a sibling of the fact's thing standing beside the value.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_compaction.core.violations import ViolationCode
from pytest_compaction.prose._findings import _Finding, _where
from pytest_compaction.prose._qualifiers import _excepted
from pytest_compaction.prose.forms import Alias, Resolved
from pytest_compaction.prose.normalize import kind_of, tokens
from pytest_compaction.prose.statements import STOPWORDS, Statement

__all__ = [
    "_row_of_another",
    "_heading_of_another",
    "_item_of_another",
    "_own_subject_at",
    "_record_of_another",
    "_rival_subject",
    "_subject_excepted",
    "_subject_finding",
    "_told_of_another",
]


def _subject_finding(
    statement: Statement, r: Resolved, rival: tuple[Alias, ...], shown: str | None = None
) -> _Finding:
    """The fact told of ``rival``, another subject of the ledger, not its own (shown as the
    sentence writes it, or as ``shown``, the title above it)."""
    hit = statement.find_any(rival)
    who = (
        statement.text[statement.tokens[hit[0]].start : statement.tokens[hit[0] + len(hit[1]) - 1].end]
        if hit is not None
        else shown or " ".join(rival[0])
    )
    return _Finding(
        4,
        ViolationCode.SUBJECT_CHANGED,
        f"{_where(statement)} states it of {who!r}"
        + (f", not {r.show(r.subject[0])!r}" if r.subject else ""),
        expected=r.show(r.subject[0]) if r.subject else None,
        observed=who,
    )


_RECORD_HEAD = re.compile(
    r"^\W*(?:entity|name|client|customer|patient|person|employee|contact|account|member|student|user|"
    r"guest|tenant|pupil|owner)\s*:\s*(?P<name>[A-Z][\w'&.-]*(?:\s+(?:&\s+)?[A-Z][\w'&.-]*){0,4})",
    re.IGNORECASE,
)
"""A record's head naming whom the record is about: "Entity: Oakfield Bakery; ...",
"Client: Hollis & Crane | ..."."""


def _record_of_another(statement: Statement, r: Resolved) -> tuple[Alias, ...] | None:
    """The name a record's head gives ("Entity: Oakfield Bakery; relations: invoice contact ->
    ..."), when the record states the fact and names someone else than its subject: every
    field of a record is told of the one its head names."""
    head = _RECORD_HEAD.match(statement.text)
    if head is None or not head.group("name")[:1].isupper() or statement.find_any(r.subject) is not None:
        return None
    name = tuple(t.norm for t in tokens(head.group("name")) if t.norm not in STOPWORDS)
    return (name,) if name else None


_ITEM_LABEL = re.compile(r"^\W{0,4}(?P<label>[^:\n]{1,40}?)(?:\*\*)?:\s")
"""A line's label: "AC-03: ...", "**Bay 4**: ...": every clause of the line is told of what
it names."""
_FIRST_PERSON = frozenset({"i", "me", "my", "we", "our", "us"})


def _item_of_another(
    statement: Statement, r: Resolved, others: Sequence[tuple[Alias, ...]]
) -> tuple[Alias, ...] | None:
    """The other subject a line's label names, when the line names nothing else ("AC-03: insp.
    due; new props fitted" tells the props of AC-03), not the fact's own subject, and speaks
    in no first person (a speaker's turn: "Dana: my dog ...")."""
    # the line's own label, after the heading of the list it sits in ("Injury flags: /
    # - Odette: ...")
    label = _ITEM_LABEL.match(statement.text[statement.heading :])
    if label is None or statement.find_any(r.subject) is not None:
        return None
    if _FIRST_PERSON & set(statement.norms):
        return None
    words = tuple(t.norm for t in tokens(label.group("label")) if t.norm not in STOPWORDS)
    named = [g for g in others if any(alias == words for alias in g)]
    if len(named) != 1:
        return None
    end = statement.heading + label.end()
    if any(
        statement.tokens[i].start >= end for g in others for alias in g for i in statement.positions(alias)
    ):
        return None  # "- AC-03: checked; AC-05 had new props": the item names its own
    return named[0]


_HEADING = re.compile(r"[^\w\n]{0,4}[A-Z][\w'.-]*(?:[ \t]+[\w'.-]+){0,3}?[^\w\n.!?]{0,4}(?<![.!?])")
"""A line that is a short title alone ("Ayo", "**Bea**", "Mr Okafor", "Home time:"): no
sentence ends in it."""


_TITLE_REACH = 12
"""How many sentences above a sentence its title is looked for in: a paragraph under a name
is short, and a long text is not read back to its start for every sentence."""


def _heading_of_another(
    statements: Sequence[Statement], statement: Statement, r: Resolved, others: Sequence[tuple[Alias, ...]]
) -> tuple[tuple[Alias, ...], str] | None:
    """The other subject the nearest title above names, and the title's words, when the
    sentence names no subject itself: a paragraph under a person's name is told of that
    person ("**Ayo** / On Tuesdays it's Mrs Petrie who collects *him*"). A title that names
    the fact's own subject, or something else ("Home time"), clears it."""
    if not r.subject or statement.find_any(r.subject) is not None:
        return None
    for before in reversed(statements[max(0, statement.index - _TITLE_REACH) : statement.index]):
        if _HEADING.fullmatch(before.text.strip()) is None:
            continue
        words = tuple(n for n in before.norms if n not in STOPWORDS)
        named = [g for g in others if any(alias == words for alias in g)]
        return (named[0], " ".join(t.raw for t in before.tokens)) if len(named) == 1 else None
    return None


_ROW_HEAD = re.compile(r"^\s*\|(?P<cell>[^|\n]{1,80})\|")
"""A table row's first cell, which names whom the row is about ("| Dr. T. Lindqvist-Abara |
still water, room temp |")."""


def _row_of_another(
    statement: Statement, r: Resolved, others: Sequence[tuple[Alias, ...]]
) -> tuple[Alias, ...] | None:
    """The other subject a table row's first cell names, when the row names the fact's own
    subject nowhere: every cell of the row is told of the one its first cell names ("| P.
    Hallorann-Mbeki | step-free route via rear ramp |" tells the ramp of Hallorann-Mbeki)."""
    head = _ROW_HEAD.match(statement.text)
    if head is None or statement.find_any(r.subject) is not None:
        return None
    end = head.end("cell")
    named = [
        g
        for g in others
        if any(statement.tokens[i].start < end for alias in g for i in statement.positions(alias))
    ]
    return named[0] if len(named) == 1 else None


def _told_of_another(statement: Statement, r: Resolved, others: Sequence[tuple[Alias, ...]]) -> bool:
    """Whether ``statement`` names another person or thing and not the fact's own subject:
    the value it holds is theirs ("Kasimir flies the drone plates. Rosalind shoots the car
    rig": "shoots" is Rosalind's), so it does not finish the sentence before it."""
    if r.subject and statement.find_any(r.subject) is not None:
        return False
    return any(statement.find_any(group) is not None for group in others)


def _subject_excepted(statement: Statement, r: Resolved, at: int) -> str | None:
    """The subject words, when the clause of token ``at`` names the fact's subject as the
    exception to what it says ("everyone is in *apart from Omar*", "all the dogs except
    Pip"), so it says the opposite of the subject; or None."""
    if not r.subject:
        return None
    for alias in r.subject:
        for i in statement.positions(alias):
            if statement.clause[i] == statement.clause[at] and _excepted(statement, i, len(alias)):
                return " ".join(t.raw for t in statement.tokens[i : i + len(alias)])
    return None


def _own_subject_at(
    statement: Statement,
    r: Resolved,
    positions: Sequence[int],
    name_at: int,
    things: Sequence[tuple[Alias, ...]] = (),
) -> int | None:
    """The value position whose clause names the fact's subject, when exactly one does
    and the subject is named nowhere else in the sentence; or None.

    Not when that clause, away from the name's own, names a sibling of the fact's thing
    ("first watch, led by Dovey; middle watch, Penhallow leading") or another fact's thing
    of ``things`` ("car 19 has Fernleigh; car 14 has Oakfield"): it is that thing's value
    that stands beside the subject there."""
    if not r.subject:
        return None
    named = [i for alias in r.subject for i in statement.positions(alias)]
    clauses = {statement.clause[i] for i in named}
    if len(clauses) != 1:
        return None
    own = [p for p in positions if statement.clause[p] in clauses]
    if len(own) != 1:
        return None
    if statement.clause[own[0]] != statement.clause[name_at] and (
        _sibling_named(statement, r, own[0]) or _other_thing_named(statement, r, own[0], things)
    ):
        return None
    return own[0]


def _other_thing_named(
    statement: Statement, r: Resolved, at: int, things: Sequence[tuple[Alias, ...]]
) -> bool:
    """Whether the clause of token ``at`` names a thing of another fact (a name of
    ``things`` that is none of the fact's own)."""
    own = set(r.names)
    return any(alias not in own and statement.in_clause((alias,), at) for group in things for alias in group)


def _sibling_named(statement: Statement, r: Resolved, at: int) -> bool:
    """Whether the clause of token ``at`` holds the last word of one of the fact's
    several-word names after another word than the name's own ("middle watch" for "first
    watch", "back door" for "front door"): another thing of the same kind."""
    clause = statement.clause[at]
    for alias in r.names:
        if len(alias) < 2:
            continue
        for p in statement.positions(alias[-1:]):
            if p == 0 or statement.clause[p] != clause:
                continue
            before = statement.norms[p - 1]
            if before != alias[-2] and kind_of(before) == "word" and before not in STOPWORDS:
                return True
    return False


def _rival_subject(
    statement: Statement, r: Resolved, others: Sequence[tuple[Alias, ...]], name_at: int, at: int
) -> tuple[Alias, ...] | None:
    """Another subject that stands in the clause stating the fact where its own does not.

    The clause is the value's. When the value is the subject itself ("On call: Yara") and
    sits in another clause than the name, it cannot vouch for the subject: the name's
    clause decides ("Zeno is on call; Yara is the release manager").
    """
    anchors = [at]
    if statement.clause[name_at] != statement.clause[at] and set(r.value) & set(r.subject):
        anchors = [name_at]
    # A coordinated clause with a subject of its own ("..., and the road bike belonging to
    # Lorcan needs a chain") states the fact it names of that subject: the name's segment
    # decides before the whole clause does.
    here = next(
        (
            p
            for alias in r.names
            for p in statement.positions(alias)
            if statement.segment[p] == statement.segment[at] and statement.clause[p] == statement.clause[at]
        ),
        name_at,
    )
    own = _in_segment(statement, r.subject, here)
    rival = next((g for g in others if _in_segment(statement, g, here)), None)
    if own and rival is not None:
        # Both in one clause, in two coordinated halves ("by Priya on Tuesday nights and by
        # Callum on Thursday nights"): the half that names the fact tells whose it is.
        return _conjunct_rival(statement, r.subject, others, here)
    if own or rival is not None:
        return rival if not own else None
    # The name stands apart from its value ("PD-55810 and PD-55823, and both are for
    # Oyelaran"): a subject in the value's own segment is whom the value is told of.
    if here != at and not _in_segment(statement, r.subject, at):
        rival = next((g for g in others if _in_segment(statement, g, at)), None)
        if rival is not None:
            return rival
    for p in anchors:
        own = statement.in_clause(r.subject, p) if r.subject else False
        rival = next(
            (g for g in others if statement.in_clause(g, p) and not _conjoined_after(statement, g, p)), None
        )
        if rival is not None and not own:
            return rival
        if rival is not None and own:
            return _conjunct_rival(statement, r.subject, others, here)
    return None


def _conjoined_after(statement: Statement, aliases: Sequence[Alias], position: int) -> bool:
    """Whether every occurrence of ``aliases`` stands after token ``position`` in a later
    stretch that opens with "and", "but" or "while" ("9 confirmed*, and Agnieszka* is
    bringing the kit"): the subject of a coordinated clause of its own."""
    places = [at for alias in aliases for at in statement.positions(alias)]
    return bool(places) and all(
        statement.segment[at] > statement.segment[position] and _opens_conjunct(statement, at)
        for at in places
    )


def _opens_conjunct(statement: Statement, at: int) -> bool:
    """Whether the stretch of token ``at`` opens with a coordinating word."""
    first = at
    while first > 0 and statement.segment[first - 1] == statement.segment[at]:
        first -= 1
    return statement.norms[first] in ("and", "but", "while", "whilst", "whereas")


def _conjunct_rival(
    statement: Statement, own: Sequence[Alias], others: Sequence[tuple[Alias, ...]], here: int
) -> tuple[Alias, ...] | None:
    """The other subject that stands in the coordinated half of the clause naming the fact
    at ``here`` (halves cut at "and" / "or") where the fact's own subject does not; None when
    the clause has no such halves or its own subject is in that half."""
    clause = statement.clause[here]
    cuts = [i for i, n in enumerate(statement.norms) if n in ("and", "or") and statement.clause[i] == clause]
    if not cuts:
        return None
    start = max((c for c in cuts if c < here), default=-1)
    end = min((c for c in cuts if c > here), default=len(statement.norms))

    def inside(aliases: Sequence[Alias]) -> bool:
        return any(start < p < end for alias in aliases for p in statement.positions(alias))

    if inside(own):
        return None
    return next((g for g in others if inside(g)), None)


def _in_segment(statement: Statement, aliases: Sequence[Alias], position: int) -> bool:
    """Whether one of ``aliases`` occurs in the segment of token ``position``, within its
    clause too (the narrower of the two: a comma cuts a segment, "and" + a new verb a
    clause)."""
    segment, clause = statement.segment[position], statement.clause[position]
    return any(
        statement.segment[at] == segment and statement.clause[at] == clause
        for alias in aliases
        for at in statement.positions(alias)
    )
