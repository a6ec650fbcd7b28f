"""What a source only doubted, and what a summary settles: the scope of a hedge in a source
clause (before a question or 'whether', a time frame, a new clause, a belief), the words that
classify rather than name the doubted act, and plans told as done.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence, Set
from dataclasses import dataclass

from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.prose._findings import _where
from pytest_compaction.prose._trust import _reported
from pytest_compaction.prose._values import _WEEKDAYS
from pytest_compaction.prose.normalize import kind_of, stem, tokens
from pytest_compaction.prose.statements import REPORTING, STOPWORDS, Statement, read_statements

__all__ = [
    "_Plan",
    "_about_else",
    "_before_question",
    "_before_whether",
    "_believed",
    "_classifies",
    "_coordinated",
    "_future_only",
    "_modifiers",
    "_note_roles",
    "_plan",
    "_plans_told_as_done",
    "_time_framed",
    "_todo",
    "_told_past",
]


_OPENERS = frozenset(
    {"the", "a", "an", "this", "that", "these", "those", "its", "their", "our", "his", "her", "my", "your"}
)


def _modifiers(statement: Statement, positions: Sequence[int]) -> list[int]:
    """The classifier of a noun phrase of three words or more after its determiner: the
    word right before the head, "Spanish" in "might sit *the DELE B2 Spanish* exam",
    "savings" in "a Lumo savings account". Doubting the exam doubts the sitting, not that
    Spanish is what an exam is in; the head ("exam") and the words that tell which one
    ("DELE", "Lumo") keep the doubt."""
    text, tokens = statement.text, statement.tokens
    out: list[int] = []
    run: list[int] = []

    def close() -> None:
        if len(run) >= 3:
            out.append(run[-2])

    for i in positions:
        before = text[tokens[i - 1].end if i > 0 else 0 : tokens[i].start]
        opened = bool(before.split()) and before.split()[-1].lower() in _OPENERS
        joined = bool(run) and re.fullmatch(r"[\s-]*", before) is not None
        if opened:
            close()
            run = [i]
        elif joined and statement.norms[i] not in STOPWORDS:
            run.append(i)
        else:
            close()
            run = []
    close()
    return out


_FUTURE_WORDS = re.compile(
    r"(?:will|shall|'ll|going\s+to|gonna)(?:,\s*(?:will|shall|'ll|going\s+to|gonna))*", re.I
)


def _told_past(statement: Statement, index: int) -> bool:
    """Whether the clause of token ``index`` holds a verb in the past tense. A plain future
    ("the relief boat *will cover* the run") tells a plan, not a doubt, and English restates
    a plan in the present with a time adverbial (:func:`_time_framed`: "the relief boat
    *covers* the run while she is out", as "the train leaves at six"); only a past
    ("covered") tells it as done; a participle after a bare "be" ("is to be collected",
    "will be collected") is a plan's passive, no past."""
    clause = statement.clause[index]
    tokens = statement.tokens
    return any(
        t.past and not (j and tokens[j - 1].raw.lower() == "be")  # "is to be collected": a plan
        for j, t in enumerate(tokens)
        if statement.clause[j] == clause
    )


_FRAMES_OF_TIME = frozenset(
    {
        "while",
        "until",
        "till",
        "during",
        "tomorrow",
        "tonight",
        "today",
        "next",
        "from",
        "later",
        "soon",
        "shortly",
        "after",
        "before",
        "once",
    }
)


_PERIOD_PHRASE = re.compile(
    r"\b(?:(?:on|at|by)\s+the\s+(?:night|day|morning|afternoon|evening|weekend)|"
    r"this\s+(?:week|weekend|month|morning|afternoon|evening|quarter|year)|"
    r"(?:month|year|quarter|week)-end|end\s+of\s+(?:the\s+)?(?:week|month|quarter|year|term))\b",
    re.IGNORECASE,
)
"""A phrase that frames a period ("decides on the night", "this week", "at month-end")."""


def _before_question(statement: Statement, positions: Sequence[int]) -> list[int]:
    """The positions of a clause before its "whether", when "whether" is the clause's only
    doubt (:func:`_before_whether`): they frame the question, they are not asked."""
    if (statement.speculative(positions[0]) or "").lower() != "whether":
        return []
    asked = next((j for j in positions if statement.tokens[j].raw.lower() == "whether"), None)
    return [] if asked is None else [j for j in positions if j < asked]


def _before_whether(statement: Statement, index: int, hedge: str | None) -> str | None:
    """``hedge`` without a "whether" that comes after token ``index``: "whether" opens the
    question it asks ("has arranged a test *to establish whether* an infection lies behind
    it" doubts the infection, not the test before it)."""
    if not hedge or "whether" not in hedge.lower().split(", "):
        return hedge
    asked = [j for j, t in enumerate(statement.tokens) if t.raw.lower() == "whether"]
    if any(j <= index for j in asked):
        return hedge
    rest = [w for w in hedge.split(", ") if w.lower() != "whether"]
    return ", ".join(rest) or None


def _time_framed(statement: Statement) -> bool:
    """Whether the sentence holds a time adverbial: a time, a date, a weekday, or a word
    that frames a period ("while she is out", "until the 9th", "during the refit", "next
    week", "later today", "shortly", "after QA sign-off", "once the deposit clears"). The
    simple present tells a future arrangement only with one ("covers the run while she is
    out", "leaves at six"); without one it tells a habit or a settled fact ("the neighbour
    trims the hedge" for "will trim" states the forecast as settled)."""
    return any(
        kind_of(norm) in ("time", "date") or norm in _WEEKDAYS or token.raw.lower() in _FRAMES_OF_TIME
        for token, norm in zip(statement.tokens, statement.norms, strict=True)
    ) or bool(_PERIOD_PHRASE.search(statement.text))


def _future_only(hedge: str) -> bool:
    """Whether a clause's hedge words are only a future ("will", "'ll", "going to")."""
    return _FUTURE_WORDS.fullmatch(hedge) is not None


_NEW_CLAUSE = re.compile(
    r",\s+and\s+(?=(?:every|each|all|the|a|an|this|these|those|its|their|his|her|our|your|my|no|"
    r"it|they|he|she|we|you|i)\b[^,;:]*?\b(?:is|are|was|were|has|have|had|will|must|should|can|may)\b)",
    re.IGNORECASE,
)
"""", and" before a new subject and its verb: a clause of its own ("An automated message
from the lab gave the count, *and every cow is* to be treated ..."): what the first clause
attributes does not reach it."""


def _coordinated(statements: Sequence[Statement]) -> list[Statement]:
    """The statements, each coordinated clause of its own (:data:`_NEW_CLAUSE`) read apart,
    as a source restated in one clause and the summary's own claim in the next are apart."""
    out: list[Statement] = []
    for statement in statements:
        parts = [part.strip() for part in _NEW_CLAUSE.split(statement.text)]
        if len(parts) == 1:
            out.append(statement)
            continue
        for part in filter(None, parts):
            out.extend(dataclasses.replace(s, index=statement.index) for s in read_statements(part))
    return out


_BELIEVING = frozenset(
    stem(w)
    for w in (
        *("think", "thinks", "thought", "believe", "believes", "believed", "reckon", "reckons"),
        *("reckoned", "suspect", "suspects", "suspected", "guess", "guesses", "guessed", "feel"),
        *("feels", "felt", "suppose", "supposes", "supposed", "figure", "figures", "figured"),
    )
)
"""Verbs of believing: "my neighbour *thinks* it might be a leak" tells a belief, not a
saying."""


def _believed(statement: Statement, positions: Sequence[int]) -> bool:
    """Whether a source's doubted clause is told as someone's belief: a verb of believing
    (:data:`_BELIEVING`) in the sentence up to the clause's end, and no verb of saying
    (:data:`REPORTING`) in it. A summary's verb of saying ("she *says* it is a leak")
    reports a saying the source never told: it states the belief as settled."""
    last = max(positions)
    norms = statement.norms
    return any(n in _BELIEVING for n in norms[: last + 1]) and not any(n in REPORTING for n in norms)


_TIME_DETERMINERS = frozenset({"next", "last", "this", "coming", "every"})
"""What makes the word after it a time in a hedged clause: "*next* spring", "*this* summer"."""


def _note_roles(
    statement: Statement,
    positions: Sequence[int],
    doubted: set[str],
    hedge: str,
    roles: dict[str, list[tuple[frozenset[str], str]]],
) -> None:
    """Record, for each doubted word of a hedged clause, the clause's doubted words and the
    word's role in it: ``time`` after a time determiner ("next *spring*"), ``verb`` for the
    first doubted word after the hedge ("thinking of *moving*"), ``complement`` for that word
    after a "be" ("could be her *hip*"), ``modifier:<noun>`` for a
    word that classifies the doubted noun after it ("the *memory* clinic"), else ``""``."""
    hedge_words = {w.lower() for w in re.findall(r"[\w']+", hedge)}
    after = max((i for i in positions if statement.tokens[i].raw.lower() in hedge_words), default=None)
    verb = (
        next((i for i in positions if i > after and statement.norms[i] in doubted), None)
        if after is not None
        else None
    )
    # "could *be* her hip": a complement of "be", no verb of the doubt
    complement = verb is not None and after is not None and "be" in statement.norms[after + 1 : verb]
    hedging = {statement.norms[i] for i in positions if statement.tokens[i].raw.lower() in hedge_words}
    clause = frozenset(doubted - hedging)  # "probably" is the doubt, not what is doubted
    for i in positions:
        norm = statement.norms[i]
        if norm not in clause:
            continue
        role = ""
        if i > 0 and statement.norms[i - 1] in _TIME_DETERMINERS:
            role = "time"
        elif i == verb:
            role = "complement" if complement else "verb"
        elif (head := _head_after(statement, i)) is not None:
            role = f"modifier:{head}"
        roles.setdefault(norm, []).append((clause, role))


_ARTICLES = frozenset({"the", "a", "an", "her", "his", "their", "its", "my", "our", "your"})


def _head_after(statement: Statement, i: int) -> str | None:
    """The noun that token ``i`` classifies right after an article ("the *memory* clinic":
    "clinic"); or None."""
    j = i + 1
    before = statement.text[max(0, statement.tokens[i].start - 8) : statement.tokens[i].start].split()
    if j >= len(statement.norms) or not before or before[-1].lower() not in _ARTICLES:
        return None
    between = statement.text[statement.tokens[i].end : statement.tokens[j].start]
    if between.strip() or statement.norms[j] in STOPWORDS or kind_of(statement.norms[j]) != "word":
        return None
    return statement.norms[j]


_TIME_ADJUNCTS = frozenset({"after", "before", "until", "till", "once", "during", "while", "when"})
"""Words that open a frame of time after a verb ("adopting *after* the foster period"):
what follows tells when, not what the verb is done to."""


def _about_else(
    statement: Statement,
    index: int,
    roles: Sequence[tuple[frozenset[str], str]],
    doubted: set[str],
    settled: Set[str] = frozenset(),
) -> bool:
    """Whether token ``index``, a word only hedged clauses used, shares just itself with each
    of them, and is there no more than their time ("next spring" -> "spring vegetable
    recipes") or their verb with an object of its own ("thinking of moving to Porto" ->
    "moving her grocery day to Friday", its frame of time left out: "adopting after the
    foster period" has no object): a clause about something else, not the speculation
    restated; so is a word that classified a noun ("the *memory* clinic") classifying
    another ("memory concerns"). The verb with nothing after it ("she is moving") or any
    two of the clause's words still restate it."""
    if not roles:
        return False
    clause = statement.clause[index]
    here = {n for j, n in enumerate(statement.norms) if statement.clause[j] == clause}
    for words, role in roles:
        if len(here & words & doubted) != 1 or role == "" or len(words) < 2:
            return False  # a clause of one doubted word ("probably harmless") is restated by it
        if role == "complement":
            # "might be a knockout" -> "clone C7 knockout confirmed": told of a thing the
            # sources settled, in the word's own stretch; "it's her hip" tells the doubt
            segment = statement.segment[index]
            if not any(
                statement.segment[j] == segment and n in settled and n not in words and n not in STOPWORDS
                for j, n in enumerate(statement.norms)
            ):
                return False
        elif role == "verb":
            after = [
                j
                for j in range(index + 1, len(statement.norms))
                if statement.clause[j] == clause and statement.segment[j] == statement.segment[index]
            ]
            # "adopting *after* the foster period": a frame of time is no object of the verb
            framed = next((j for j in after if statement.tokens[j].raw.lower() in _TIME_ADJUNCTS), None)
            # ... and neither is a time after a time determiner ("discontinuing it *next yr*")
            rest = [
                statement.norms[j]
                for j in after
                if (framed is None or j < framed)
                and statement.norms[j] not in STOPWORDS
                and statement.norms[j - 1] not in _TIME_DETERMINERS
            ]
            if not rest or set(rest) & words or any(_clipped_from(w, words) for w in rest):
                return False  # "switching to *auto*" for "switching to automatic lessons": its own object
        elif role.startswith("modifier:"):
            # "the memory clinic" -> "memory concerns": the word classifies another noun
            j = index + 1
            if j >= len(statement.norms) or statement.norms[j] in STOPWORDS or statement.norms[j] == role[9:]:
                return False
    return True


_CLIPPED_LENGTH = 4


def _clipped_from(word: str, words: Set[str]) -> bool:
    """Whether ``word`` is the front of one of ``words`` cut short, as notes clip a word
    ("auto" of "automatic", "admin" of "administration"): at least
    :data:`_CLIPPED_LENGTH` letters."""
    return (
        len(word) >= _CLIPPED_LENGTH
        and word.isalpha()
        and any(w != word and w.startswith(word) for w in words)
    )


def _classifies(statement: Statement, index: int, settled: set[str]) -> bool:
    """Whether token ``index`` is an "-ing" word right before a noun the sources settled: a
    classifier that names a kind of that thing ("the *matching* panel", "the *booking* fee",
    "a *cleaning* crew"), not the act itself, which the sources may only have doubted
    ("might be matched"). The doubted word in the same "-ing" form ("the pipe might be
    leaking", then "the leaking pipe") still states the doubt."""
    token = statement.tokens[index]
    if not token.raw.lower().endswith("ing") or index + 1 >= len(statement.tokens):
        return False
    between = statement.text[token.end : statement.tokens[index + 1].start]
    return not between.strip() and statement.norms[index + 1] in settled


@dataclass(frozen=True, slots=True)
class _Plan:
    """A speaker's own decision ("I'll move to Berlin"): settled as a plan, not as done."""

    verb: str
    words: frozenset[str]
    event_id: str


_PLAN = re.compile(
    r"\b(?:i|we)\s*(?:'ll|\u2019ll|\s+will|\s+shall|(?:'m|\u2019m|'re|\u2019re|\s+am|\s+are)\s+going\s+to)"
    r"\s+(?:(?:definitely|certainly|really|just|also|then|soon)\s+)?([a-z]+)",
    re.IGNORECASE,
)


def _plan(statement: Statement, positions: Sequence[int], words: set[str], event_id: str) -> _Plan | None:
    """The plan a first-person future clause states, with the verb it will do, or None."""
    start = min(statement.tokens[i].start for i in positions)
    end = max(statement.tokens[i].end for i in positions)
    match = _PLAN.search(statement.text[start:end])
    if match is None:
        return None
    verb = next((t.norm for t in tokens(match.group(1))), None)
    if verb is None or verb in STOPWORDS:
        return None
    return _Plan(verb, frozenset(words - {verb}), event_id)


_STILL_AHEAD = frozenset({"be", "being", "get", "getting"})


def _plans_told_as_done(
    plans: Sequence[_Plan], unplanned: set[str], statements: Sequence[Statement], names: set[str]
) -> list[Violation]:
    """A plan's verb in the past tense, in a clause holding a word only the plan used:
    "moved to Berlin" for "I'll move to Berlin" (``unsupported_fact``). "Plans to move",
    "is moving" and "will move" keep it a plan."""
    for plan in plans:
        distinct = plan.words - unplanned
        if not distinct:
            continue
        for statement in statements:
            for i, token in enumerate(statement.tokens):
                if not token.past or statement.norms[i] != plan.verb:
                    continue
                if i and statement.tokens[i - 1].raw.lower() in _STILL_AHEAD:
                    continue  # "to be repainted", "being sold": a participle of what is ahead
                if statement.asked(i) or statement.speculative(i) or statement.negated(i):
                    continue
                if _reported(statement, i, names):
                    continue
                clause = statement.clause[i]
                if not any(
                    statement.norms[j] in distinct for j, c in enumerate(statement.clause) if c == clause
                ):
                    continue
                return [
                    Violation(
                        code=ViolationCode.UNSUPPORTED_FACT,
                        expected="a plan, as the source said it",
                        observed="stated as done",
                        detail=f"{_where(statement)} states {token.raw!r} as done; event {plan.event_id} "
                        f"only said it was planned (keep 'plans to', 'will', 'is going to')",
                    )
                ]
    return []


_OWNER_LABEL = re.compile(r"^\s*(?:[-*\u2022]\s*)?(?:\[[ xX]?\]\s*)?[^:;.!?\n]{1,60}?:\s+(?=[a-z])")
"""An owner's label before a to-do written in lower case: "Harrow Mill: send ...",
"Anneliese Corrigan (treasurer): get ..."."""
_PLAN_LABEL = re.compile(
    r"^\s*(?:[-*\u2022]\s*)?(?:\*\*|__)?(?:next(?:\s+up|\s+steps?|\s+time)?|up\s+next|coming\s+up|"
    r"to[\s-]?dos?|still\s+to\s+do|on\s+the\s+list|agenda|plan(?:ned)?|later)\s*(?:\*\*|__)?\s*:|"
    r"^\s*(?:[-*\u2022]\s*)?\[\s?\]",
    re.IGNORECASE,
)
"""A label whose items are still to be done: "Next up: car insurance renewal", "To do: ...",
and a task list's open box ("[ ] look at the car insurance renewal")."""
_TO_BE_DONE = re.compile(
    r"\b(?P<before>[\w'-]+)\s+to\s+(?:be\s+[a-z]+(?:ed|en|t)\b|(?:follow|come)\b(?=\s*(?:[.,;:!?)]|$)))",
    re.IGNORECASE,
)
"""A note-form plan or duty: "certificate *to be emailed* within 48 h", "is to be signed",
"galley brief for sector 2 *to follow*"."""


def _planned(statement: Statement, position: int) -> bool:
    """Whether token ``position`` stands in an item after a label of things still to be
    done ("Next up: car insurance renewal", "To do: ..."): a plan, whatever the source's
    wish or doubt was."""
    planned = _PLAN_LABEL.match(statement.text)
    return planned is not None and statement.tokens[position].start >= planned.end()


def _todo(statement: Statement, position: int) -> bool:
    """Whether token ``position`` is in a to-do rather than a report: a command after its
    owner's label ("Harrow Mill: send the updated spec sheet"), an item after a label of
    things still to do ("Next up: ...", "To do: ...") or a note-form plan ("Gas
    safety certificate to be emailed within 48 h"). Either restates what the source asked
    for or said will happen; neither tells it as done. ("Used to be emailed" is a habit.)"""
    from pytest_compaction.prose._commands import imperative

    text, tokens_ = statement.text, statement.tokens
    clause = statement.clause[position]
    if _planned(statement, position):
        return True
    label = _OWNER_LABEL.match(text[statement.heading :])  # the item's label, after a list's heading
    end = statement.heading + label.end() if label is not None else 0
    if label is not None and imperative(text[end:]) is not None:
        # The owner named in the label is asked too.
        first = next((i for i, t in enumerate(tokens_) if t.start >= end), position)
        if tokens_[position].start < end or statement.clause[first] == clause:
            return True
    for match in _TO_BE_DONE.finditer(text):
        if match.group("before").lower() in ("used", "ought"):
            continue
        at = next((i for i, t in enumerate(tokens_) if t.start >= match.start("before")), -1)
        if at >= 0 and statement.clause[at] == clause:
            return True
    return False
