"""The source checks (:func:`_check_sources`): speculation stated as settled
(``unsupported_fact``) and an untrusted event's words stated without attribution
(``trust_elevated``).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections.abc import Mapping, Sequence, Set

from pytest_compaction.core.model import Trust
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.prose._active import _directive, _is_tool
from pytest_compaction.prose._cue_words import _SPECULATION, CLINICAL_QUERIES, FINITE_AUXILIARIES
from pytest_compaction.prose._doubt import (
    _about_else,
    _before_question,
    _before_whether,
    _believed,
    _classifies,
    _coordinated,
    _future_only,
    _modifiers,
    _note_roles,
    _Plan,
    _plan,
    _planned,
    _plans_told_as_done,
    _time_framed,
    _todo,
    _told_past,
)
from pytest_compaction.prose._findings import _where
from pytest_compaction.prose._trust import (
    _TELLING_DOUBT,
    _attributes,
    _claimed_as_own,
    _claimed_identity,
    _headed_by_source,
    _reported,
    _reported_content,
    _reports_doubt,
    _source_label,
    _source_tells,
    _speaker_label,
    _told_as_claimed,
    _told_by_person,
)
from pytest_compaction.prose._values import _content
from pytest_compaction.prose.forms import Resolved
from pytest_compaction.prose.normalize import kind_of, stem, tokens
from pytest_compaction.prose.statements import REPORTING, Statement, read_statements

__all__ = ["_check_sources"]


_OFFER = re.compile(
    r"(?:offer|offers|offered|offering|propose|proposes|proposed|proposing)\s+to", re.IGNORECASE
)


def _offered_itself(hedge: str, word: str) -> bool:
    """Whether ``hedge`` is only an offer or a proposal to act ("offers to open a file") and
    ``word`` is its own verb: an offer doubts the act offered, not that the offer was made."""
    offers = [w for w in hedge.split(", ") if _OFFER.fullmatch(w)]
    return (
        bool(offers)
        and len(offers) == len(hedge.split(", "))
        and any(w.lower().split()[0] == word.lower() for w in offers)
    )


_EPISTEMIC = frozenset({"may", "might", "maybe", "perhaps", "possibly", "probably", "likely"})
"""Doubt words that leave it open whether the act happens at all, as a condition alone does
not: "may pay if ..." against "would pay if ...", "could stay open if ..."."""
_CONDITION_HEDGES = frozenset({"if", "unless", "provided", "providing", "as long as", "so long as"})


def _condition_only(hedge: str) -> bool:
    """Whether a clause's doubt words are only the connectives of a condition ("if"): a
    commitment bound by a condition, which keeps no "may" or "might" of its own."""
    words = {w.strip().lower() for w in hedge.split(", ") if w.strip()}
    return bool(words) and words <= _CONDITION_HEDGES


_IF_POSSIBLE = re.compile(
    r"\bif\s+(?:poss\b|possible|practical|practicable|feasible|need(?:ed|s\s+be)|necessary|convenient)",
    re.IGNORECASE,
)
"""An "if" that is a hedge of its own ("start on the 1st if poss."), not a condition."""


def _in_condition(statement: Statement, position: int) -> bool:
    """Whether token ``position`` stands in a condition: after an "if", "unless" or
    "provided" of its clause ("... but only if *the budget* allows")."""
    clause = statement.clause[position]
    return any(
        statement.norms[j] in _CONDITION_HEDGES and statement.clause[j] == clause for j in range(position)
    )


def _labelled_open(statement: Statement, position: int) -> bool:
    """Whether the sentence labels what it tells at token ``position`` as still open: a
    label of doubt after it, set off by a semicolon, a bracket or a dash ("descends from
    Joseph*; not yet proven*", "arrives Friday *(TBC)*"), or one that opens the sentence
    ("*Probable:* descends from Joseph")."""
    start = statement.tokens[position].end
    # only the first mark after the word: "moved; start date (TBC)" leaves the move settled
    mark = _OPEN_MARK.search(statement.text, start, start + _OPEN_LABEL_REACH)
    if mark is not None and _OPEN_AFTER.match(statement.text, mark.end()) is not None:
        return True
    if _closing_label(statement.text) > start:
        return True  # "..., *nothing confirmed yet*" closing the sentence
    return _OPEN_BEFORE.match(statement.text) is not None


_OPEN_WORDS = (
    r"(?:not\s+(?:yet\s+)?(?:proven|confirmed|verified|certain|settled|decided|final)|unproven|unconfirmed|"
    r"nothing\s+(?:is\s+|has\s+been\s+)?(?:confirmed|decided|settled|final|booked)(?:\s+yet)?|"
    r"tbc|tbd|to\s+be\s+(?:confirmed|decided|determined|agreed)|probable|possible|tentative|provisional)\b"
)
_OPEN_CLOSING = re.compile(r",\s*" + _OPEN_WORDS + r"\W*$", re.IGNORECASE)
"""A label of doubt after a comma that closes the sentence ("food challenge in spring to
find out, *nothing confirmed yet*"): it doubts what the sentence told."""


@functools.lru_cache(maxsize=1024)
def _closing_label(text: str) -> int:
    """Where a label of doubt closing ``text`` after a comma starts (:data:`_OPEN_CLOSING`),
    or -1: found once per sentence, not once per word asked about."""
    found = _OPEN_CLOSING.search(text)
    return found.start() if found is not None else -1


_OPEN_MARK = re.compile(r"[;(\[\u2013\u2014]|\s-\s")
_OPEN_AFTER = re.compile(r"\s*" + _OPEN_WORDS, re.IGNORECASE)
_OPEN_BEFORE = re.compile(
    r"\W*(?:probable|possible|tentative|provisional|unproven|unconfirmed)\s*:", re.IGNORECASE
)
_OPEN_LABEL_REACH = 200
"""How many characters after a word a label of doubt (:data:`_OPEN_AFTER`) is looked for in."""


def _granted(statement: Statement, positions: Sequence[int]) -> bool:
    """Whether the clause at ``positions`` doubts nothing but by "may" said to "you" before
    a verb of doing: a permission given to the one addressed ("*you may call*
    `read_calendar`"), which settles what it allows. "You may be offered a flat" still
    doubts."""
    doubt = statement.speculative(positions[0]) or ""
    if {w.lower() for w in doubt.split(", ")} != {"may"}:
        return False
    mays = [i for i in positions if statement.norms[i] == "may"]
    return bool(mays) and all(
        0 < i < len(statement.norms) - 1
        and statement.norms[i - 1] == "you"
        and statement.norms[i + 1] not in _NOT_DOING
        for i in mays
    )


_NOT_DOING = frozenset(
    stem(word)
    for word in [
        "be",
        "been",
        "have",
        "find",
        "feel",
        "notice",
        "experience",
        "need",
        "want",
        "get",
        "receive",
        "see",
        "hear",
        "qualify",
        "lose",
        "already",
        "well",
        "still",
        "face",
        "suffer",
    ]
)
"""Words after "you may" that tell what may happen to the one addressed, not what they are
allowed to do ("you may *be* offered", "you may *feel* dizzy")."""


_QUERY_MARK = re.compile(r"\?\w|\bquery\b|\brule\s+out\b", re.IGNORECASE)


def _units(statement: Statement, trusted: bool = True) -> list[list[int]]:
    """The token positions of each clause of a source statement, read for doubt one at a
    time; in a trusted source, a speaker's label apart from what they say
    (:func:`_speaker_cut`); a clause whose only doubt is a clinical query ("query fracture of the radius,
    X-ray booked for tomorrow") is read one comma-set stretch at a time, since the query
    doubts only the phrase it opens."""
    units: list[list[int]] = []
    queried = _QUERY_MARK.search(statement.text) is not None
    for clause in sorted(set(statement.clause)):
        positions = [i for i, c in enumerate(statement.clause) if c == clause]
        label = _speaker_cut(statement, positions) if trusted else 0
        if label:
            # "Msg from Mireille: 'Might do the half in October'": who speaks is settled,
            # what they say is read for its own doubt
            units.append(positions[:label])
            positions = positions[label:]
        cut = _second_predicate(statement, positions)
        if cut:
            # the doubt reaches only the first predicate ("suspects X and has sent off a T4")
            units += [positions[:cut], positions[cut:]]
            continue
        if not queried:
            units.append(positions)  # the cheap test first: most sources hold no clinical query
            continue
        hedges = {
            " ".join(w.lower().split())
            for i in {positions[0], positions[-1]}
            for w in (statement.speculative(i) or "").split(", ")
            if w
        }
        if hedges and hedges <= CLINICAL_QUERIES:
            for segment in sorted({statement.segment[i] for i in positions}):
                units.append([i for i in positions if statement.segment[i] == segment])
        else:
            units.append(positions)
    return units


def _speaker_cut(statement: Statement, positions: Sequence[int]) -> int:
    """Where in ``positions`` (one clause) what a labelled speaker says begins, when its
    doubt reaches none of the label before it ("*Msg from Mireille:* 'Might do the half'"),
    or 0: the first doubted token right after a colon."""
    if not positions or ":" not in statement.text:
        return 0  # the cheap test first: most source sentences have no label
    key = f"speaker cut {positions[0]}"
    if key not in statement._memo:  # a source's sentences are read once and kept
        statement._memo[key] = (_cut_after_label(statement, positions),)
    return statement._memo[key][0]


def _cut_after_label(statement: Statement, positions: Sequence[int]) -> int:
    """:func:`_speaker_cut`, worked out."""
    for k, (before, at) in enumerate(itertools.pairwise(positions), start=1):
        if ":" in statement.text[statement.tokens[before].end : statement.tokens[at].start]:
            if _SPECULATION.search(statement.text, statement.tokens[at].start) is None:
                return 0  # no doubt word in what is said: nothing to read apart
            if statement.speculative(at) is None or statement.speculative(positions[0]) is not None:
                return 0
            return k
    return 0


_INTENDED = re.compile(
    r"(?:wants?|wanted|plans?|planning|intends?|intending|hopes?|hoping|aims?|would like|'d like)(?: to)?"
)
"""A doubt that is an intention ("want to look at", "plan to"): an item after a label of things
still to do ("Next up: ...") restates it; a "might" or a "thinking about" it does not."""


def _second_predicate(statement: Statement, positions: Sequence[int]) -> int:
    """Where in ``positions`` (one clause) a second predicate with a doubt of its own begins,
    or 0: an "and" with a finite auxiliary after it, the words before it in doubt and the
    words after it not ("Dr. Lachance suspects hypothyroidism *and has sent off* a total
    T4"); or an "and" with a modal of doubt after it, the words before it settled ("is only
    exploring for now *and might* consider a move"). The cheap test first: most clauses
    hold no such "and"."""
    for n, i in enumerate(positions[1:-1], 1):
        if statement.norms[i] != "and":
            continue
        after = statement.tokens[i + 1].raw.lower()
        if after in FINITE_AUXILIARIES:
            first, last = statement.speculative(positions[0]), statement.speculative(positions[-1])
            if first is not None and last is None:
                return n
        elif after in _DOUBTING_MODALS and statement.speculative(positions[0]) is None:
            return n
    return 0


_DOUBTING_MODALS = frozenset({"might", "may", "could", "perhaps", "possibly", "maybe"})
"""Words after "and" that open a doubt the clause's first predicate does not share."""


_STATUS_QUO = re.compile(
    r"\b(?:nothing|none\s+of\s+(?:this|it|that))\s+(?:has\s+|have\s+)?(?:changed|changes)\b|"
    r"\bno\s+changes?\s+(?:to|on|in|for)\b|\b(?:is|are|remains?|stays?)\s+unchanged\b|"
    r"\b(?:has|have)\s+not\s+(?:been\s+)?changed\b",
    re.IGNORECASE,
)
"""A denial that anything changed: "nothing has changed on pricing", "no change to the
fee", "the fee is unchanged"."""


_CONFIRMING = frozenset(
    stem(w)
    for w in (
        *("confirm", "confirms", "confirmed", "verify", "verifies", "verified", "prove", "proves"),
        *("proved", "proven", "establish", "establishes", "established", "certify", "certifies", "certified"),
    )
)


def _confirmed(statement: Statement, position: int) -> bool:
    """Whether a verb of confirming stands before token ``position`` in its clause ("GP
    letter *confirms* she has been referred"): the report tells it as settled, whoever
    reports it."""
    clause = statement.clause[position]
    return any(
        statement.norms[j] in _CONFIRMING and statement.clause[j] == clause and not statement.negated(j)
        for j in range(position)
    )


_WISH = re.compile(
    r"\b(?:preferred|preferably|ideally|if\s+possible|where\s+possible|hoped(?:\s+for)?|requested|wanted|"
    r"wants|would\s+like|(?<=['\u2019])d\s+like)\b",
    re.IGNORECASE,
)
"""Words that tell a thing as wished for, not settled ("weekday morning visit *preferred*",
"*ideally* a weekday", "*wants* an oat flat white" for "could I get one?")."""


_WISH_TO = re.compile(
    r"\b(?:ask(?:s|ed)?|wish(?:es|ed)?|want(?:s|ed)?|hop(?:es|ed)|would\s+like|(?<=['\u2019])d\s+like)\s+to\b",
    re.IGNORECASE,
)
"""A verb of asking or wishing before the act it asks for ("has *asked to* give
anonymously"): the act after it is wished, not done; the asking itself is told."""


def _wished(statement: Statement, position: int) -> bool:
    """Whether the segment of token ``position`` tells it as a wish (:data:`_WISH`), or the
    token follows a verb of asking or wishing in its segment (:data:`_WISH_TO`)."""
    if statement.segment[position] in _wished_segments(statement):
        return True
    starts = [t.start for t in statement.tokens]
    # the first token after each verb of asking that ends before the word (at most the word)
    return any(
        statement.segment[bisect.bisect_left(starts, match.end())] == statement.segment[position]
        for match in _WISH_TO.finditer(statement.text, 0, starts[position])
    )


def _wished_segments(statement: Statement) -> tuple[int, ...]:
    """The segments of ``statement`` that hold a word of :data:`_WISH` (read once a sentence,
    kept in the statement's memo)."""
    found = statement._memo.get("wish")
    if found is None:
        starts = [t.start for t in statement.tokens]
        out: set[int] = set()
        for match in _WISH.finditer(statement.text):
            at = bisect.bisect_right(starts, match.start()) - 1
            if at >= 0:
                out.add(statement.segment[at])
        found = tuple(sorted(out))
        statement._memo["wish"] = found
    return found


_BE_PRESENT = frozenset({"is", "are", "am", "'s", "\u2019s", "'re", "\u2019re"})


def _progressive(statement: Statement, position: int) -> bool:
    """Whether token ``position`` is a verb in "-ing" told in the present progressive ("is
    *printing* the place cards") or opening a note's clause ("| Ravi | *Paying* his share in
    two instalments |"): the arranged future a plan ("will print") is told in."""
    raw = statement.tokens[position].raw
    if not raw.lower().endswith("ing"):
        return False
    before = statement.text[: statement.tokens[position].start].split()
    if before and before[-1].lower() in ("also", "still", "now"):
        before = before[:-1]
    return (
        not before
        or before[-1].lower() in _BE_PRESENT
        or before[-1].lower().endswith(_IS_CLIPPED)  # "his daughter's ringing the office"
        or before[-1].endswith((":", "|"))
        or (position > 0 and statement.clause[position - 1] != statement.clause[position])
    )


_IS_CLIPPED = ("'s", "\u2019s")
"""A subject with "is" clipped onto it ("his *daughter's* ringing"), as speech says it."""


def _in_progressive(statement: Statement, position: int) -> bool:
    """Whether token ``position`` is, or follows in its clause, a verb told in the
    progressive (:func:`_progressive`): "is printing *the place cards*"."""
    clause = statement.clause[position]
    j = position
    while j >= 0 and statement.clause[j] == clause and position - j <= _PROGRESSIVE_REACH:
        if _progressive(statement, j):
            return True
        j -= 1
    return False


_PROGRESSIVE_REACH = 12
"""How many words before a word its progressive verb may stand."""


def _possessor(statement: Statement, position: int) -> bool:
    """Whether token ``position`` is (part of) a name in the possessive ("*Oren
    Fairweather's* cardiology follow-up", "*Café Lumen's* opening days"): a possessor is
    taken as known; the doubt was about what is done, not about who."""
    for i in range(position, min(position + 3, len(statement.tokens))):
        raw = statement.tokens[i].raw
        if not raw[:1].isupper():
            return False
        if raw.lower().endswith(("'s", "\u2019s")):
            return True
    return False


_GLOSS = re.compile(r"\(([^()]{1,40})\)")
_GLOSS_WORDS = 3
_CLAIMING = frozenset(
    {"be", "have", "do", "must", "should", "can", "will", "may", "might", "always", "never", "not"}
)
"""Words that make a bracket a claim, not a name ("(always approve)", "(is VIP)")."""


def _glossed(statement: Statement, position: int) -> bool:
    """Whether token ``position`` stands in a short bracketed gloss of the word before it
    ("Dicksonia antarctica *(tree fern)*", "Ilex crenata (Japanese holly)"): at most
    :data:`_GLOSS_WORDS` words and no verb, so it names a thing and claims nothing."""
    start = statement.tokens[position].start
    for gloss in _GLOSS.finditer(statement.text):
        if gloss.start(1) <= start < gloss.end(1):
            inside = [i for i, t in enumerate(statement.tokens) if gloss.start(1) <= t.start < gloss.end(1)]
            return len(inside) <= _GLOSS_WORDS and not any(
                statement.tokens[i].past or statement.norms[i] in _CLAIMING for i in inside
            )
    return False


def _questioned(statement: Statement, position: int) -> bool:
    """Whether token ``position`` is in a question, which claims nothing: one the sentence
    ends with, or an open "whether" before it in its clause ("What we still don't know:
    whether anything changes on late fees")."""
    if statement.asked(position):
        return True
    clause = statement.clause[position]
    whethers = statement._memo.get("whether")
    if whethers is None:
        whethers = tuple(i for i, t in enumerate(statement.tokens) if t.raw.lower() == "whether")
        statement._memo["whether"] = whethers
    return any(i < position and statement.clause[i] == clause for i in whethers)


def _stamp(statement: Statement, positions: Sequence[int]) -> list[int]:
    """The positions of the times and dates that open the sentence, when the clause at
    ``positions`` starts with them: a log line's stamp ("13:25 P5 -> base: ...")."""
    out: list[int] = []
    for i in positions:
        if i != len(out) or kind_of(statement.norms[i]) not in ("time", "date"):
            break
        out.append(i)
    return out


_UNCHECKED = re.compile(
    r"\b(?:nobody|no\s+one|no-one|noone)(?:'s|\s+has|\s+have)?\s+(?:yet\s+)?(?:checked|verified|confirmed)\b|"
    r"\b(?:has|have|had|is|are|was|were)(?:\s+not|n't)\s+(?:yet\s+)?(?:been\s+)?(?:checked|verified|confirmed)\b",
    re.IGNORECASE,
)
"""A sentence that says a claim is still unchecked ("Nobody's checked who he was or if
he's right", "it hasn't been verified"): it doubts the claim, it does not make it its own."""


def _check_sources(
    events: Sequence[object],
    statements: Sequence[Statement],
    active_words: set[str],
    scoped: Sequence[Resolved],
) -> list[Violation]:
    """Speculation stated as settled (``unsupported_fact``) and an untrusted event's words
    stated without attribution (``trust_elevated``); either is excused when the summary
    names the event's source as the one telling it (:func:`_source_tells`).

    Only *distinguishing* words count: those the source used only in a speculative clause
    (or only in untrusted events), never in a settled, trusted statement or an active fact.
    """
    settled: set[str] = set(active_words)
    trusted: set[str] = set()
    speculative: dict[str, str] = {}
    doubted: set[str] = set()
    possible: set[str] = set()
    forms: dict[str, set[str]] = {}
    returns: dict[str, bool] = {}
    untrusted: dict[str, list[set[str]]] = {}
    labels: dict[str, frozenset[str]] = {}
    speakers: dict[str, frozenset[str]] = {}
    identities: dict[str, frozenset[str]] = {}
    told_by: dict[str, set[str]] = {}
    untrusted_fact_words: set[str] = set()
    tools: set[str] = set()
    orders: dict[str, list[bool]] = {}
    roles: dict[str, list[tuple[frozenset[str], str]]] = {}
    for r in scoped:
        if r.fact.authority is Trust.UNTRUSTED:
            untrusted_fact_words |= r.words()
    names = {word for r in scoped for alias in r.names for word in alias}
    stated = {r.fact.fact_id: r for r in scoped}
    plans: list[_Plan] = []
    unplanned: set[str] = set(active_words)
    doubted_things: set[str] = set()
    believed_only: set[str] = set()
    intents: dict[str, str] = {}
    for event in events:
        text = getattr(event, "text", "")
        claims = [stated[c.fact_id] for c in getattr(event, "claims", ()) if c.fact_id in stated]
        trust = getattr(event, "trust", Trust.USER)
        event_id = getattr(event, "event_id", "?")
        labels[event_id] = _source_label(text)
        speakers[event_id] = _speaker_label(text)
        identities[event_id] = _claimed_identity(text) if trust is Trust.UNTRUSTED else frozenset()
        for statement in read_statements(text):
            for positions in _units(statement, trust is not Trust.UNTRUSTED):
                words = _content(statement, positions)
                if not positions:
                    continue
                # A clause that states one of the event's own facts is settled whatever its
                # modal ("agents may refund up to $50"): its words are the fact's.
                # Its qualifiers too: "only if a parent signs the agreement" is the fact's
                # condition, not a doubt.
                # A fact with a value is stated where its value is, not wherever its names
                # are: "the inspection is at 9:30 and the inspector might look at the
                # tachographs" leaves the second clause a doubt.
                own = any(
                    statement.in_clause(
                        (*(r.value or r.names), *(a for _, group in r.qualifiers for a in group)),
                        positions[0],
                    )
                    for r in claims
                )
                if (
                    not own
                    and statement.speculative(positions[0]) is not None
                    and not _granted(statement, positions)
                ):
                    # "If you decide to bring it, sports equipment can be added": the rule holds.
                    settled |= _content(statement, statement.ruled_consequence(positions))
                    given = _content(statement, statement.presupposed(positions))
                    # "He asked whether the plot has a water butt": what stands before the
                    # "whether" that alone doubts the clause is no doubt.
                    given |= _content(statement, _before_question(statement, positions))
                    # "13:25 P5 -> base: could have been ...": the log's stamp says when it was
                    # said, not what was doubted.
                    given |= _content(statement, _stamp(statement, positions))
                    settled |= given
                    modifiers = _content(statement, _modifiers(statement, positions))
                    doubt = statement.speculative(positions[0]) or ""
                    doubted_things |= _reported_content(statement, positions)
                    _note_roles(statement, positions, words - given - modifiers, doubt, roles)
                    believed = _believed(statement, positions)
                    for w in words - given - modifiers:
                        if believed:
                            believed_only.add(w)
                        speculative.setdefault(w, event_id)
                        intents.setdefault(w, doubt.lower())
                        forms.setdefault(w, set()).update(
                            statement.tokens[i].raw.lower() for i in positions if statement.norms[i] == w
                        )
                        back = all(_back_after(statement, i) for i in positions if statement.norms[i] == w)
                        returns[w] = returns.get(w, True) and back
                        if not _future_only(doubt):
                            doubted.add(w)
                            if not statement.asked(positions[0]):
                                possible.add(w)
                else:
                    settled |= words
                    plan = None if own else _plan(statement, positions, words, event_id)
                    if plan is None:
                        unplanned |= words
                    else:
                        plans.append(plan)
                if trust is Trust.UNTRUSTED:
                    untrusted.setdefault(event_id, []).append(words)
                    clause_text = statement.text[
                        statement.tokens[positions[0]].start : statement.tokens[positions[-1]].end
                    ]
                    orders.setdefault(event_id, []).append(_directive(clause_text))
                    told_by.setdefault(event_id, set()).update(statement.norms)
                    if _is_tool(event):
                        tools.add(event_id)
                        told_by[event_id].update(t.norm for t in tokens(getattr(event, "name", None) or ""))
                else:
                    # A trusted denial ("I never asked to cancel anything") does not make
                    # the words it denies its own: they still tell the untrusted claim. A
                    # clause that states a fact of its own ("code SAVE90 is not a valid
                    # code") keeps its words: they are the fact's.
                    denied = {statement.norms[i] for i in positions if not own and statement.negated(i)}
                    trusted |= words - denied
    found: list[Violation] = []
    # A verb of saying tells who doubted, never what ("the landlord *said* he might ..."):
    # "a hamster or budgie, *say*" settles nothing the doubt was about.
    only_speculative = {w: e for w, e in speculative.items() if w not in settled and w not in REPORTING}
    if only_speculative:
        for statement in statements:
            for i, norm in enumerate(statement.norms):
                if norm not in only_speculative:
                    continue
                if statement.asked(i) or statement.title() or statement.titled(i):
                    continue  # a question, a section title or a heading label asserts nothing
                if _planned(statement, i) and _INTENDED.fullmatch(intents.get(norm, "")):
                    continue  # "Next up: car insurance renewal" for "I want to look at" it
                if _possessor(statement, i):
                    continue  # "Oren Fairweather's follow-up": whose it is, not what may happen
                if norm in speakers[only_speculative[norm]]:
                    continue  # "per ops mgr" for "Ops manager: ...": who said it, not what
                hedge = _before_whether(statement, i, statement.speculative(i))
                # "might need" told as "will need", reported or not, is stated as certain.
                if hedge and _offered_itself(hedge, statement.tokens[i].raw):
                    hedge = None  # "had offered to settle" for "might offer to settle": the offer is told
                if (
                    hedge
                    and _condition_only(hedge)
                    and _EPISTEMIC & set(intents.get(norm, "").replace(",", " ").split())
                    and not _in_condition(statement, i)
                    and not _IF_POSSIBLE.search(statement.text)
                ):
                    hedge = None  # "is paying for it if ..." for "may pay for it if ...": the doubt dropped
                forecast = bool(hedge) and _future_only(hedge or "") and norm in doubted
                if (hedge and not forecast) or statement.negated(i):
                    continue
                if norm not in doubted and not _told_past(statement, i) and _time_framed(statement):
                    continue  # "will cover the run" as "covers the run while she's out"
                if _wished(statement, i):
                    continue  # "weekday morning visit *preferred*" for "if he can": still a wish
                if _labelled_open(statement, i):
                    continue  # "descends from Joseph; *not yet proven*", "Probable: ...": still open
                if norm not in doubted and _in_progressive(statement, i):
                    continue  # "will print the place cards" as "is printing the place cards"
                if norm not in possible and _todo(statement, i):
                    continue  # "could you send the spec sheet?" / "will be emailed" as a to-do
                if norm not in doubted and _bystander(statement, i, norm, roles, settled):
                    continue  # "the customer called" for "will email the customer": not the plan
                if returns.get(norm) and not _back_after(statement, i):
                    continue  # "called with the reading" for "call back with a date if ...": another act
                if _classifies(statement, i, settled) and statement.tokens[i].raw.lower() not in forms[norm]:
                    continue  # "the matching panel sits on the 14th" for "might be matched"
                if _about_else(statement, i, roles.get(norm, ()), set(only_speculative), settled):
                    continue  # "spring vegetable recipes" for "moving to Porto next spring"
                # "The skip company texted that they can probably ..." reports the doubt; a
                # report of what the source only believed or thought possible does not
                # (:data:`REPORTING`: "thinks it might be X" told as "says it is X").
                source = labels[only_speculative[norm]]
                reported = (
                    norm not in believed_only
                    and _reports_doubt(_reported(statement, i, names | doubted_things))
                    and not _confirmed(statement, i)
                )
                if not forecast and (reported or _source_tells(statement, source, _TELLING_DOUBT)):
                    continue
                found.append(
                    Violation(
                        code=ViolationCode.UNSUPPORTED_FACT,
                        expected="a possibility, as the source said it",
                        observed="stated as settled",
                        detail=f"{_where(statement)} states {statement.tokens[i].raw!r} as settled; "
                        f"event {only_speculative[norm]} only said it might be "
                        f"(keep 'may', 'might', 'thinking about', 'if')",
                    )
                )
                break
            if found:
                break
    if not found:
        found.extend(_plans_told_as_done(plans, unplanned, statements, names))
    for event_id, groups in untrusted.items():
        for words, order in zip(groups, orders[event_id], strict=True):
            keys = words - trusted - (active_words - untrusted_fact_words)
            if not keys:
                continue
            need = min(2, len(keys))
            for statement in _coordinated(statements):
                # A question claims nothing; a sentence that says nothing changed on the
                # claim's words ("nothing has changed on pricing") denies it.
                kept = _STATUS_QUO.search(statement.text) is not None
                if _UNCHECKED.search(statement.text):
                    continue  # "Nobody's checked who he was or if he's right": doubt, no claim
                hits = [
                    i
                    for i, n in enumerate(statement.norms)
                    if n in keys
                    and not _questioned(statement, i)
                    and not (kept and statement.negated(i))
                    and not _glossed(statement, i)
                ]
                label = labels.get(event_id, frozenset())
                if len({statement.norms[i] for i in hits}) < need or all(
                    statement.norms[i] in label for i in hits
                ):
                    continue  # the words that name the source ("the store dashboard") are not its claim
                source_words = told_by[event_id] | label
                # Not the words that name the source ("following an email from the help centre").
                claim = [i for i in hits if statement.norms[i] not in label and not statement.in_occasion(i)]
                by_person = event_id in tools and _told_by_person(statement, hits[0], source_words)
                if (
                    not _claimed_as_own(statement, hits, label, need)
                    and not by_person
                    and not _told_as_claimed(statement, identities[event_id])
                    and (
                        _attributes(statement, claim, names, told_by[event_id])
                        or _source_tells(statement, label)
                        or _headed_by_source(statement, label)
                    )
                ):
                    continue
                if event_id in tools and not order and not _directive(statement.text):
                    continue  # a tool's data restated as data; its instructions stay its own
                words_shown = ", ".join(dict.fromkeys(statement.tokens[i].raw for i in hits))
                found.append(
                    Violation(
                        code=ViolationCode.TRUST_ELEVATED,
                        expected=Trust.UNTRUSTED.value,
                        observed="unattributed",
                        detail=f"{_where(statement)} restates what untrusted event {event_id} said "
                        f"({words_shown}) as its own, with no attribution "
                        f"('says', 'quoted', the source named)",
                    )
                )
                return found
    return found


def _back_after(statement: Statement, index: int) -> bool:
    """Whether "back" follows the verb at ``index`` as its particle, at most one word between
    ("call *back*", "ring her *back*"): a return of the act, another act than the verb alone."""
    return any(
        statement.norms[j] == "back" and statement.segment[j] == statement.segment[index]
        for j in range(index + 1, min(index + 3, len(statement.norms)))
    )


def _bystander(
    statement: Statement,
    index: int,
    norm: str,
    roles: Mapping[str, Sequence[tuple[frozenset[str], str]]],
    settled: Set[str],
) -> bool:
    """Whether token ``index`` (``norm``), a word only planned clauses used ("the agent
    *will* email the *customer*"), is no verb of any of them, shares just itself with each
    (words settled elsewhere not counted: "the customer called about the *tariff*") and
    stands in a clause without the plan's verb: a person or thing the plan involves, told
    in a sentence about something else. "Bramble *was collected*" for "will collect
    Bramble" tells the plan itself (:func:`_plans_told_as_done` reads it too)."""
    own = roles.get(norm, ())
    if not own or statement.tokens[index].past or statement.tokens[index].raw.lower().endswith("ing"):
        return False  # "she *rebooked*" for "she'll rebook": a verb tells the plan itself
    clause = statement.clause[index]
    here = {n for j, n in enumerate(statement.norms) if statement.clause[j] == clause}
    clauses = {words for words, _ in own}
    verbs = {
        w for w, entries in roles.items() for words, role in entries if role == "verb" and words in clauses
    }
    return not (here & verbs) and all(
        role != "verb" and len((here & words) - settled) == 1 for words, role in own
    )
