"""Facts that are over (superseded or retired) against a summary (:func:`_check_old`): an old
value stated as current, not framed as history; and the words that tell a fact as over.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pytest_compaction.core.model import Status
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.prose._cue_words import _STARTING, CROSS_MARKS
from pytest_compaction.prose._findings import _where
from pytest_compaction.prose._values import _candidates
from pytest_compaction.prose.forms import Alias, Resolved
from pytest_compaction.prose.normalize import find_phrase, stem
from pytest_compaction.prose.statements import Statement, negator, only_future

__all__ = ["_check_old", "_newer_unstated", "_reading", "_told_as_over"]


_FORBIDDEN = {
    Status.SUPERSEDED: ViolationCode.FORBIDDEN_SUPERSEDED_FACT,
    Status.RETIRED: ViolationCode.FORBIDDEN_RETIRED_FACT,
}


def _newer_unstated(r: Resolved, resolved: Mapping[str, Resolved], statements: Sequence[Statement]) -> bool:
    """Whether the value that replaced a superseded fact (the active end of its chain) is
    stated nowhere in the summary: then the old value is what the summary leaves a reader
    with, however its verb is tensed ("asked for an aisle seat" when the window seat is
    not told). Where sentences holding the newer value name the fact, only those can
    state it."""
    seen: set[str] = set()
    current: Resolved | None = r
    while current is not None and current.fact.status is Status.SUPERSEDED:
        newer = current.fact.superseded_by
        if newer is None or newer in seen:
            return False
        seen.add(newer)
        current = resolved.get(newer)
    if current is None or current.fact.status is not Status.ACTIVE or not current.value:
        return False
    holding = _candidates(statements, current.value)
    # Where some sentence holding the value names the fact, those sentences tell it: "the
    # library" in a line about parking does not state the rehearsal's venue when the line
    # about the rehearsal offers the library only as a backup.
    named = [s for s in holding if s.find_any(current.names) is not None]
    return not any(_settled(s, current) for s in named or holding)


def _settled(statement: Statement, r: Resolved) -> bool:
    """Whether ``statement`` states a value of ``r`` as what stands, now or as the plan ("will
    be oiled iroko"): not only doubted ("with Parquet being considered") or offered as a
    second choice ("with Unit 3 as the fallback")."""
    if r.find_value(statement) is None:
        return False
    # Any place that states it settles it: "corrected it to the 21st, since they will be
    # away, and the agent booked March 21" settles March 21 however the first is read.
    return any(
        _decided(statement.speculative(at))
        and statement.second_choice(at) is None
        and _unconfirmed(statement, at) is None
        for at, _ in r.value_positions(statement)
    )


def _decided(doubt: str | None) -> bool:
    """Whether a value with these speculation words stands: none, or only the plain future
    ("Current state: the worktop will be oiled iroko")."""
    return doubt is None or only_future(doubt)


_CONFIRMING = frozenset(
    stem(w)
    for w in ("confirm", "confirmed", "approve", "approved", "agree", "agreed", "finalise", "finalize")
)
_SHARED_SUBJECT = frozenset({"but", "and", "yet"})
_AUXILIARIES = frozenset({"has", "have", "had", "is", "are", "was", "were", "been", "not", "never"})


def _unconfirmed(statement: Statement, at: int) -> str | None:
    """The words that leave the value at token ``at`` unconfirmed, or None: a confirming verb
    after it that is negated, in its own clause or in the next one that goes on with the
    same subject ("a move to 4 August *was mentioned but has not been confirmed*", "the new
    date is *not yet approved*"), or its "un-" form ("unconfirmed")."""
    norms, tokens = statement.norms, statement.tokens
    clause = statement.clause[at]
    for i in range(at + 1, len(norms)):
        if statement.clause[i] != clause:
            first = next(j for j in range(len(norms)) if statement.clause[j] == statement.clause[i])
            if (
                norms[first] not in _SHARED_SUBJECT
                or first + 1 >= len(norms)
                or tokens[first + 1].raw.lower() not in _AUXILIARIES
            ):
                return None
            clause = statement.clause[i]
        raw = tokens[i].raw.lower()
        if norms[i] in _CONFIRMING and statement.negated(i):
            return raw
        if raw.startswith("un") and stem(raw[2:]) in _CONFIRMING:
            return raw
    return None


_LONGER = stem("longer")

_OUTGROWN = frozenset({stem("outgrow"), stem("outgrown")})
"""Verbs that end a condition by themselves ("has *outgrown* it")."""
_ENDED_WITH = {
    stem("get"): ("over",),
    stem("grow"): ("out", "of"),
    stem("recover"): ("from",),
    stem("cure"): ("of",),
}
"""Verbs that end a condition with their particle: "got over it", "grew out of it",
"recovered from it", "was cured of it"."""
_ENDING_HEADS = _OUTGROWN | frozenset(_ENDED_WITH)
_BE_USED = frozenset({"is", "are", "am", "be", "'s", "get", "being"})
"""What makes "used to" an adjective ("is used to the cold"), not a past habit."""
_BACK_REFERENCE = frozenset({"it", "them", "that", "this"})


def _told_as_over(statement: Statement, at: int, names: Sequence[Alias]) -> str | None:
    """The words that tell the state at token ``at`` as over though it holds, or None: a
    past habit before it in its clause ("*used to* be allergic"; not "is used to"), or,
    after it in the sentence, a past verb that ends a condition with the condition as its
    object, a pronoun back to it or a name of the fact ("but has *outgrown* it", "*got
    over* her pollen allergy"). The same verbs ahead of the state, or with another object
    ("outgrew her egg allergy"), tell of something else."""
    if "used" not in statement.vocabulary and not _ENDING_HEADS & statement.vocabulary:
        return None  # the cheap test first: most sentences hold none of these words
    norms = statement.norms
    clause = statement.clause[at]
    for i in range(1, at):
        if statement.clause[i] != clause or statement.segment[i] != statement.segment[at]:
            continue
        if norms[i] != "used" or norms[i + 1] != "to":
            continue
        if norms[i - 1] not in _BE_USED and statement.tokens[i - 1].raw.lower() not in ("was", "were", "got"):
            return "used to"
    wanted = {a for a in names if a}
    for i in range(at + 1, len(norms)):
        if not statement.tokens[i].past or statement.speculative(i) is not None:
            continue
        particle: tuple[str, ...] = ()
        if norms[i] not in _OUTGROWN:
            particle = _ENDED_WITH.get(norms[i], ("",))
            if tuple(norms[i + 1 : i + 1 + len(particle)]) != particle:
                continue
        start = i + 1 + len(particle)
        ahead = norms[start : start + 4]
        if (ahead and ahead[0] in _BACK_REFERENCE) or any(find_phrase(ahead, alias) >= 0 for alias in wanted):
            return " ".join(t.raw for t in statement.tokens[i:start])
    return None


_RELATIVE = frozenset({"which", "who", "whose", "whom"})


def _told_as_history(statement: Statement, at: int) -> str | None:
    """The words that tell token ``at`` as history in its own clause, or None: "from X" ("from
    aisle to window"), "instead of X", a history word ("previously", "changed", "used to"),
    "no longer". A past-tense verb alone does not: "asked for an aisle seat" reports the
    request as the one that stands when no change is told."""
    norms = statement.norms
    if statement.changed_to(at):
        return None  # "~ changed: ... → Mon 3rd": the value the change arrives at
    if at > 0 and norms[at - 1] == "from" and not (at > 1 and norms[at - 2] in _STARTING):
        return f"from {statement.tokens[at].raw}"  # not "check-in is from 4 pm": a start
    if at > 1 and norms[at - 1] in ("than", "of") and norms[at - 2] in ("instead", "rather"):
        return f"{statement.tokens[at - 2].raw} {statement.tokens[at - 1].raw}"
    clause = statement.clause[at]
    for i in range(len(norms)):
        if statement.clause[i] != clause:
            continue
        if i > at and _RELATIVE & set(norms[at:i]):
            break  # "on Tuesday at the library, which changed its hours": the library's history
        if statement.history_word(i):
            return statement.tokens[i].raw
        if negator(statement.tokens[i]) == "no" and i + 1 < len(norms) and norms[i + 1] == _LONGER:
            return "no longer"
    return None


_THEN = re.compile(
    r"[,;]\s*(?:and\s+|but\s+)?(?:later|afterwards|subsequently)\b"
    r"|[,;]?\s*\b(?:then|followed\s+by|and\s+now|but\s+now)\b",
    re.IGNORECASE,
)
"""A word of sequence after a value: what comes after it came later ("two palettes: navy
and coral, *then* forest green and cream", "..., later 30 June"). "Later", "afterwards" and
"subsequently" open a phrase of their own after a comma; inside a clause they tell when
something else happens ("she asked about starting later")."""


_STILL = re.compile(r"\b(?:until|till|stays?|remains?|still|for\s+now)\b", re.IGNORECASE)
"""Words that keep the first of a series current up to a later point."""


def _sequenced(statement: Statement, at: int) -> str | None:
    """The word of sequence (:data:`_THEN`) after token ``at`` in its sentence, when the value
    that replaced it is told elsewhere in the summary: the value was the first of a series."""
    found = _THEN.search(statement.text, statement.tokens[at].end)
    if found is None:
        return None
    if _STILL.search(statement.text, 0, found.start()):
        return None  # "stays 7 days until the new terms are printed, then 10": still current
    return " ".join(found.group().strip(",; ").split())


_ADVERSE = re.compile(
    r"(?i:fail(?:s|ed|ure)?|reject(?:ed)?|refused|denied|declined|invalid|cancell?ed|blocked|negative|"
    r"no|not\s+ok|unsafe|expired|overdue|broken|faulty|closed|shut|offline|unavailable|disabled|suspended|"
    r"cracked|damaged|worn|leaking|seized|snapped|torn|corroded|punctured|bent|loose|buckled|"
    r"out\s+of\s+(?:service|order|action|use|stock)|oos)$"
)
"""Words that tell an adverse result or state themselves: a cross mark beside one agrees with
it ("✗ FAILED", "❌ rejected", "AB1 out of service ❌"), it does not negate it."""


def _reading(
    statement: Statement, at: int, span: int, turned: bool, names: Sequence[Alias] = ()
) -> tuple[str, str | None]:
    """How ``statement`` states the words at ``at`` ("positive" or "negative") and the
    words that negate them; ``turned``: they are the "un-" form of the fact's value, so
    they state it negated unless something negates them in turn. A negating word that is
    one of the fact's own ``names`` ("the *ban* stays permanent" for a ban's length) names
    the fact, it does not negate its value."""
    negated = statement.negated(at, span)
    if negated and names and at not in _name_positions(statement, names):
        own = {statement.tokens[i].raw.lower() for i in _name_positions(statement, names)}
        if set(negated.lower().split(", ")) <= own:
            negated = None
    words = statement.text[
        statement.tokens[at].start : statement.tokens[min(at + span, len(statement.tokens)) - 1].end
    ]
    if negated and set(negated.split(", ")) <= CROSS_MARKS and _ADVERSE.match(" ".join(words.split())):
        return "positive", None  # "spore test ✗ FAILED": the cross agrees with the failure
    if turned:
        if negated and set(negated.split(", ")) <= CROSS_MARKS:
            return "negative", statement.tokens[at].raw  # "unmarshalled ❌": the mark agrees
        return ("positive", negated) if negated else ("negative", statement.tokens[at].raw)
    return ("negative" if negated else "positive"), negated


def _name_positions(statement: Statement, names: Sequence[Alias]) -> set[int]:
    return {p + k for alias in names for p in statement.positions(alias) for k in range(len(alias))}


_POINTERS = frozenset({"it", "its", "they", "them", "their", "this", "that"})
_PERSONAL = frozenset({"he", "his", "him", "she", "her", "hers"})


def _pointing_back(
    statements: Sequence[Statement], index: int, r: Resolved, others: Sequence[Sequence[Alias]] = ()
) -> Statement | None:
    """The sentence after ``index`` when it does not name the fact itself but holds a word
    that points back to it ("he takes *it* every eight hours") or to the person it names in
    the value's own clause ("Mr Rigby, 2 pax. P/U 0615, if *his* flight ...") where it names
    no other subject; or None."""
    if index + 1 >= len(statements):
        return None
    following = statements[index + 1]
    if following.find_any(r.names) is not None:
        return None
    norms = set(following.norms)
    if _POINTERS & norms:
        return following
    if not _PERSONAL & norms or any(following.find_any(g) for g in others):
        return None
    value_hit = r.find_value(following) if r.value else None
    if value_hit is None:
        return None
    clause = following.clause[value_hit[0]]
    if any(n in _PERSONAL and following.clause[i] == clause for i, n in enumerate(following.norms)):
        return following  # the person's pronoun in the value's own clause
    return None


def _own_doubt(statement: Statement, at: int, span: int) -> str | None:
    """The speculation words that doubt the value at ``at``, or None: not a doubt that only
    stands later in another stretch of the sentence, about what came after it ("shut till 2pm
    for the felling, forestry rang to say it *could* run on to 5pm" doubts the 5pm)."""
    doubt = statement.speculative(at)
    if doubt is None:
        return None
    first = doubt.split()[0].lower()
    where = [j for j, t in enumerate(statement.tokens) if t.raw.lower() == first]
    if where and all(j >= at + span and statement.segment[j] != statement.segment[at] for j in where):
        return None
    return doubt


def _check_old(
    r: Resolved,
    statements: Sequence[Statement],
    newer_unstated: bool = False,
    others: Sequence[Sequence[Alias]] = (),
) -> list[Violation]:
    """An old value stated as current. With ``newer_unstated`` (the value that replaced it
    is told nowhere), only words that tell history in the value's own clause excuse it,
    not a past tense (:func:`_told_as_history`). A sentence that names another of the
    ledger's subjects (``others``) and not the fact's own tells that one's value ("Piet
    arrives Thursday" for Hadley's old Thursday)."""
    code = _FORBIDDEN.get(r.fact.status)
    if code is None or not r.names:
        return []
    for statement in statements:
        hit = statement.find_any(r.names)
        if hit is None:
            continue
        if r.subject and statement.find_any(r.subject) is None and any(statement.find_any(g) for g in others):
            continue
        at, words, span, turned, required = hit[0], r.show(hit[1]), 1, False, r.polarity
        if r.value:
            value_hit = r.find_value(statement)
            if value_hit is None:
                # "... covered Yusuf's amoxicillin. He takes *it* every eight hours": the next
                # sentence points back to it and states its value
                following = _pointing_back(statements, statement.index, r, others)
                value_hit = r.find_value(following) if following is not None else None
                if following is None or value_hit is None:
                    continue
                statement = following
            at, words, span = value_hit[0], r.show(value_hit[1]), len(value_hit[1])
            turned, required = tuple(value_hit[1]) in r.inverse, r.value_polarity
        if _reading(statement, at, span, turned, r.names if r.value else ())[0] != required:
            continue
        own = {t.raw.lower() for t in statement.tokens[at : at + span]}
        past = statement.past(at)
        if past is not None and past.lower() in own:
            past = None  # "the *Old* Mill": a word of the value's own name tells no history
        history = _told_as_history(statement, at) if newer_unstated else past or _sequenced(statement, at)
        if history is not None and history.lower() in own:
            history = None
        doubt = _own_doubt(statement, at, span)
        if history is not None or (doubt is not None and not only_future(doubt)):
            continue  # a plan told in the future ("will be written as CSV") still stands
        newer = ""
        if past:
            newer = f" ({past!r} tells no change: the value that replaced it is not stated as current)"
        return [
            Violation(
                code=code,
                fact_id=r.fact.fact_id,
                expected=f"not stated as current ({r.fact.status.value})",
                observed=words,
                detail=f"{_where(statement)} states {words!r} as current{newer}; tell it as history "
                f"('moved from ...', 'used to', 'previously') or leave it out",
            )
        ]
    return []
