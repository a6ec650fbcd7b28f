"""A fact's qualifiers as a summary keeps them: an occurrence that still holds (not dropped,
waived or turned into advice, :func:`_kept`), and the qualifiers its source negates or names
as an exception, which a summary keeps only negated or excepted too
(:func:`_negative_qualifiers`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence

from pytest_compaction.prose.forms import Alias, Resolved
from pytest_compaction.prose.normalize import stem
from pytest_compaction.prose.statements import Statement, read_statements

__all__ = ["_conceded_qualifiers", "_kept", "_negative_qualifiers"]


_DROPPING = frozenset(
    stem(w)
    for w in (
        *("drop", "drops", "dropped", "dropping", "waive", "waives", "waived", "waiving", "lift"),
        *("lifts", "lifted", "lifting", "scrap", "scraps", "scrapped", "scrapping", "remove"),
        *("removes", "removed", "removing", "abolish", "abolished", "relax", "relaxed"),
    )
)
"""Verbs that do away with a condition: "*dropped* the match-funding requirement", "the
deposit rule *was waived*", "they *lifted* the age limit"."""
_SOFTENING = frozenset(
    stem(w)
    for w in (
        *("encourage", "encourages", "encouraged", "recommend", "recommends", "recommended"),
        *("advise", "advised", "suggest", "suggested", "optional"),
    )
)
"""Verbs that turn a condition into advice: "activation of the lone-worker app *is
encouraged*" no longer makes the permission depend on it."""
_DROPPING_REACH = 3
_OBJECT_OPENERS = frozenset({"its", "their", "his", "her", "our", "any", "that", "this", "all"})
_PASSIVE = frozenset({"is", "are", "was", "were", "been", "being", "be", "got", "get"})


_EXCLUSION = re.compile(
    r"\b(?:except(?:ing)?(?:\s+for)?|exclud(?:e|es|ed|ing)|with\s+the\s+exception\s+of|"
    r"(?:apart|aside)\s+from|other\s+than|save\s+for|barring|not\s+including|exempt(?:ing)?|"
    r"leav(?:e|es|ing)\s+out|left\s+out)\b(?:\s+[\w'\u2019-]+){0,7}?\s*$",
    re.IGNORECASE,
)
"""An exclusion that reaches a qualifier a few words on: "leave out any cow due to calve
within three weeks", "with the exception of", "excluding", "apart from"."""


_INCLUSION = re.compile(
    r"\b(?:including|incl\.?|even|as\s+well\s+as|together\s+with|along\s+with)\b(?:\s+[\w'-]+){0,5}?\s*$",
    re.IGNORECASE,
)
"""An inclusion that reaches the words after it: "including any cow due to calve", "even
pupils who never returned the form" (the negation there describes the pupils)."""
_NEGATED_HERE = re.compile(r"\b(?:no|not|without|never)\s+(?:[\w'-]+\s+){0,2}$", re.IGNORECASE)
"""A negator right before the words: an inclusion before it does not shield them, unless
a relative clause holds the negator (:data:`_RELATIVE`)."""
_RELATIVE = re.compile(r"\b(?:who|which|that|whose)\b", re.IGNORECASE)
_EXCEPTED_AFTER = re.compile(
    r"^(?:[\s,]+[\w'-]+){0,6}?\s+(?:are|is|were|was|get|gets|stay|stays)\s+"
    r"(?:left\s+out|excluded|exempt(?:ed)?|not\s+included)\b",
    re.IGNORECASE,
)
"""An exception told after its words: "pupils missing a consent form *are left out*"."""


def _excepted(statement: Statement, at: int, size: int) -> bool | None:
    """True when the words at ``at`` are named as an exception ("except any cow due to
    calve ...", "... are left out"); False when an inclusion reaches them ("including any
    cow ..."), whatever negation describes them; None when neither is said."""
    clause = statement.clause
    first = next(i for i in range(at, -1, -1) if i == 0 or clause[i - 1] != clause[at])
    last = next(
        i for i in range(at + size - 1, len(clause)) if i + 1 == len(clause) or clause[i + 1] != clause[at]
    )
    before = statement.text[statement.tokens[first].start : statement.tokens[at].start]
    inclusion = _INCLUSION.search(before)
    if inclusion is not None and (
        not _NEGATED_HERE.search(before) or _RELATIVE.search(before, inclusion.start()) is not None
    ):
        return False  # "even pupils *who never* ..." includes; "even with *no* handler" denies
    after_start = (
        statement.tokens[at + size - 1].end if at + size - 1 < len(statement.tokens) else len(statement.text)
    )
    after = statement.text[after_start : statement.tokens[last].end]
    if _EXCLUSION.search(before) or _EXCEPTED_AFTER.match(after):
        return True
    return None


_EXCLUDING = re.compile(
    r"\b(?:except|exclud|excepting|apart|aside|other\s+than|save\s+for|barring|exempt|left\s+out|leav)",
    re.IGNORECASE,
)


def _may_deny(statement: Statement) -> bool:
    """Whether anything in the statement could deny a qualifier (a negation cue or a word of
    exclusion): most statements have neither, and their qualifiers are not looked at again."""
    return bool(statement._negation_cues()) or _EXCLUDING.search(statement.text) is not None


def _denied(statement: Statement, at: int, size: int) -> bool:
    """Whether the qualifier words at ``at`` are negated or named as an exception; an
    inclusion that reaches them ("including", "even") denies nothing."""
    excepted = _excepted(statement, at, size)
    return excepted if excepted is not None else bool(statement.negated(at, size))


_CONCEDING = re.compile(
    r"\b(?:even\s+(?:if|when|though|before|without)|regardless(?:\s+of)?|irrespective(?:\s+of)?|"
    r"whether\s+or\s+not|no\s+matter)\b(?:\s+[\w'\u2019-]+){0,4}?\s*$",
    re.IGNORECASE,
)
"""A concession that reaches the words a few words on: "*even if* homework isn't done",
"*regardless of* the weather", "*no matter* whether the deposit is in": what follows no
longer limits the fact; it holds either way."""


_NOT_BEFORE = re.compile(
    r"\b(?:not|never)\s+(?:before|until|till)\s+(?:[\w'\u2019-]+\s+){0,4}?$", re.IGNORECASE
)
"""A bound told by denying what comes before it: "*not before* his put-in", "*not until* 30
days have passed" are "only after" their words, whether the source said "only after" or
"not within"."""


def _bound_after(statement: Statement, at: int) -> bool:
    """Whether the words at ``at`` close a "not before" or "not until" bound (:data:`_NOT_BEFORE`):
    a condition kept, told negated or not."""
    start = statement.tokens[at].start
    return _NOT_BEFORE.search(statement.text, max(0, start - _BOUND_CHARS), start) is not None


_BOUND_CHARS = 60
"""How many characters before a qualifier's words its "not before" is looked for in."""


def _conceded(statement: Statement, at: int) -> bool:
    """Whether the words at ``at`` stand in a concession within their segment ("max an hour,
    *even if homework* isn't done"): a condition told as not mattering."""
    segment = statement.segment
    first = next(i for i in range(at, -1, -1) if i == 0 or segment[i - 1] != segment[at])
    before = statement.text[statement.tokens[first].start : statement.tokens[at].start]
    return _CONCEDING.search(before) is not None


def _negative_qualifiers(r: Resolved, events: Mapping[str, object]) -> set[str]:
    """The qualifiers the fact's source states negated or as an exception: "by e-mail,
    *never by text message*", "page on-call, *not the team channel*", "3 March, but *leave
    out any cow due to calve* within three weeks". Such a qualifier is kept only where the
    summary negates or excepts it too; "by e-mail or by text message" turns the exclusion
    into an option, "including any cow due to calve ..." into an inclusion."""
    if not r.qualifiers:
        return set()
    return set(_source_keys(r.qualifiers, _source_texts(r, events), "denied"))


def _conceded_qualifiers(r: Resolved, events: Mapping[str, object]) -> set[str]:
    """The qualifiers the fact's source itself tells in a concession ("goes ahead *even if
    it rains*"): a summary keeps them in one too."""
    if not r.qualifiers:
        return set()
    return set(_source_keys(r.qualifiers, _source_texts(r, events), "conceded"))


def _source_texts(r: Resolved, events: Mapping[str, object]) -> tuple[str, ...]:
    return tuple(getattr(events.get(e), "text", "") or "" for e in r.fact.source_event_ids)


@functools.lru_cache(maxsize=4096)
def _source_keys(
    qualifiers: tuple[tuple[str, tuple[Alias, ...]], ...], texts: tuple[str, ...], how: str
) -> frozenset[str]:
    """The qualifier keys whose words ``texts`` negate or name as an exception (``how``
    "denied"), or tell in a concession ("conceded"). Cached: a fact's source does not change
    between the checks of one run."""
    out: set[str] = set()
    for key, group in qualifiers:
        for text in texts:
            for statement in read_statements(text):
                hit = statement.find_any(group)
                if hit is None:
                    continue
                if (
                    _denied(statement, hit[0], len(hit[1]))
                    if how == "denied"
                    else _conceded(statement, hit[0])
                ):
                    out.add(key)
    return frozenset(out)


def _kept(
    statement: Statement, group: Sequence[Alias], *, negated: bool = False, conceded: bool = False
) -> bool:
    """Whether ``statement`` states one of a qualifier's aliases as still holding: an
    occurrence that is neither the object of a verb of dropping (:data:`_DROPPING`: "they
    *dropped the match-funding* requirement", "*waived its* deposit rule") nor, within a
    few words, the subject of one in the passive ("the deposit requirement *was waived*").
    A condition told as done away with, or turned into advice ("the app *is encouraged*"), is
    lost, not kept. A qualifier the source negates
    (``negated``) is kept only by a negated occurrence, and one it does not only by an
    occurrence that is not negated. One told in a concession ("*even if* homework isn't
    done") holds no longer, unless the source tells it so too (``conceded``)."""
    norms, segment = statement.norms, statement.segment
    for alias in group:
        for at in statement.positions(alias):
            if (
                (negated or _may_deny(statement))
                and _denied(statement, at, len(alias)) != negated
                and not _bound_after(statement, at)
            ):
                continue  # "even with *no* trained handler" keeps no handler requirement
            if not conceded and _conceded(statement, at):
                continue
            verb = at - 1
            if verb >= 0 and norms[verb] in _OBJECT_OPENERS:
                verb -= 1
            dropped = verb >= 0 and norms[verb] in (_DROPPING | _SOFTENING) and segment[verb] == segment[at]
            end = at + len(alias)
            for j in range(end + 1, min(len(norms), end + _DROPPING_REACH + 1)):
                gone = norms[j] in _DROPPING or norms[j] in _SOFTENING
                if gone and norms[j - 1] in _PASSIVE and segment[j] == segment[at]:
                    dropped = True  # "the deposit requirement was waived", "... app is encouraged"
            if not dropped:
                return True
    return False
