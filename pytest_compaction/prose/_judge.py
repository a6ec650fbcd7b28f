"""Judging modal force: the force an invariant requires (:class:`Modality`) and whether the
readings of a statement keep it (:func:`judge`), with the reason in the words that decided.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from pytest_compaction.prose._conditions import _AVAILABLE, condition_words, connectives
from pytest_compaction.prose._cue_words import STOPWORDS
from pytest_compaction.prose._cues import CueKind, Reading
from pytest_compaction.prose._text import contains
from pytest_compaction.prose.normalize import kind_of, stem, tokens

__all__ = ["Judgement", "Modality", "complements", "judge"]


class Modality(str, Enum):
    """The modal class of a pinned invariant."""

    PROHIBITION = "prohibition"
    """Something must not happen: "Never call the payments API with dry_run=false"."""
    OBLIGATION = "obligation"
    """Something must happen: "Always run the migration on staging first"."""
    PERMISSION_WITH_CONDITION = "permission_with_condition"
    """Something is allowed only under a condition: "Refunds up to $50 after supervisor review"."""


# Conditions that carve an exception out of a rule. Added to a rule that had none,
# they narrow it ("Never call X *unless the user asks*").
# Carve-outs that narrow even a conditional rule ("..., except on Fridays").
_CARVE_OUTS = frozenset({"except", "other than"})
_NEGATIVE_CONDITIONS = frozenset({"without", "unless", "except", "other than"})
_COMPLEMENTED = _NEGATIVE_CONDITIONS | {"until", "till", "before", "after", "once", "if", "when", "whenever"}
"""Connectives whose rule can be restated through its complement ("never A without B" is
"A only if B"; "never A until B" is "A only after B"), so a new "if" or "once" is no exception."""
_LATER = frozenset({"or later", "or after", "at the earliest", "no earlier than", "no sooner than"})
_EARLIER = frozenset({"or earlier", "or before", "at the latest", "no later than"})
_BOUNDS = _LATER | _EARLIER
"""A bound told from its value's side ("at 10 am *or later*"): which side it keeps is in
its words, whatever the order of the clauses."""
_SIDES = (
    frozenset({"before", "until", "till"}) | _EARLIER,
    frozenset({"after", "once", "following"}) | _LATER,
    frozenset({"while", "whilst", "during", "as long as", "so long as"}),
)
"""The sides of a bound in time: a prohibition on one side ("never after midnight") is kept
by a restriction to the other ("only before midnight"), never to its own."""


_QUANTITY_SIDES = (
    frozenset(
        {"more than", "longer than", "greater than", "higher than", "bigger than", "heavier than"}
        | {"older than", "over", "above", "exceed", "exceeds", "exceeding", "at least"}
    ),
    frozenset(
        {"less than", "fewer than", "shorter than", "lower than", "smaller than", "lighter than"}
        | {"younger than", "below", "within"}
    ),
)
"""The sides of a bound on a quantity: a prohibition of one side ("never a fast *longer
than* 16 hours") is kept by a duty to stay on the other ("must stay *within* 16 hours"),
never on its own ("must be *more than* 16 hours")."""


def _same_quantity_side(own: frozenset[str], restated: frozenset[str]) -> tuple[str, ...]:
    """The connectives of ``restated`` on the same side of a quantity bound as ``own``'s,
    when the bound is all ``own`` holds: in "never a purchase *over* 300 euros *without*
    asking" the bound names which purchases, and "purchases over 300 euros" keeps it."""
    sides = [side for side in _QUANTITY_SIDES if own & side]
    if len(sides) != 1 or not own <= sides[0]:
        return ()
    return tuple(sorted(restated & sides[0]))


def _same_side(own: frozenset[str], restated: frozenset[str]) -> tuple[str, ...]:
    """The connectives of ``restated`` on the same side of a time bound as ``own``'s; none
    when ``own`` bounds on more than one side ("after midnight before her op"): which bound
    a restriction restates is then not told."""
    sides = [side for side in _SIDES if own & side]
    return tuple(sorted(restated & sides[0])) if len(sides) == 1 else ()


def _other_side(own: frozenset[str], restated: frozenset[str]) -> tuple[str, ...]:
    """The bounds told from a value's side (:data:`_BOUNDS`) in ``restated`` that keep the
    other side of a time bound than ``own``'s: "always by Friday noon" told "Friday noon
    *or later*"."""
    sides = [side for side in _SIDES[:2] if own & side]
    if len(sides) != 1:
        return ()
    other = _SIDES[1] if sides[0] is _SIDES[0] else _SIDES[0]
    return tuple(sorted(restated & other & _BOUNDS))


_POSITIVE_CONDITIONS = frozenset({"provided", "as long as", "so long as", "on condition"})
"""Connectives that make a permission depend on their condition alone, as the invariant's
own "only with" or "only after" does ("can, provided Piet agrees in writing"); "if" and
"when" do not say "only"."""
_ADDED_EXCEPTIONS = frozenset({"unless"})
"""Exceptions that only a complement can excuse: beside the invariant's own connective they narrow it."""
_ON_DEMAND = frozenset({"if"})
"""A condition that, beside an obligation's own connective kept, makes the duty wait for it
("when" as often tells the time of a story: "when the customer asked why ...")."""
_DURING = frozenset({"while", "whilst", "during", "as long as", "so long as"})
"""Connectives of one span of time: "never A while B" and "never A during B" are "no A for
as long as B"."""
_EXCEPTIONS = frozenset(
    {"unless", "except", "other than", "without", "if", "when", "whenever", "provided", "as long as"}
    | {"so long as", "outside", "on condition"}
)


@dataclass(frozen=True, slots=True)
class Judgement:
    """Whether a statement keeps the force of an invariant, and why."""

    ok: bool
    observed: str
    """What the statement reads as: prohibition, obligation, restriction, conditional
    permission, permission, hedged, waived or none."""
    reason: str
    """The rule that decided, naming the words: empty when the force is kept."""
    contradicts: bool = False
    """The statement says something weaker or opposite (hedged, waived, negation lost),
    rather than merely mentioning the markers without any force."""


_EMPHATIC = frozenset({"no exceptions", "no exception", "without exception", "without fail"})
"""Obligation cues that only insist ("..., no exceptions"): beside a prohibition's own
restatement they flip nothing."""
_PROHIBITION_WORDS = "never, must not, do not, don't, may not, cannot, is forbidden"
_OBLIGATION_WORDS = "must, always, is required, shall"


def _quote(words: Iterable[str]) -> str:
    return ", ".join(repr(w) for w in words)


_COUNTERPARTS = {
    "outside": re.compile(r"\b(?:in|inside|within)\b"),
    # "always wear the brace for pivoting drills" is "no pivoting drills without the brace"
    "without": re.compile(
        r"\b(?:with|wear|wears|wearing|carry|carries|carrying|use|uses|using|bring|brings|bringing)\b"
    ),
    # "always pay it from the team account" is "never pay it any way other than from it"
    "other than": re.compile(r"\b(?:from|with|by|via|through|using|on|at|to)\b"),
    # "always back by 18:00" is "never back later than 18:00" / "never back after 18:00"
    "later than": re.compile(r"\b(?:by|before|no\s+later\s+than)\b"),
    "after": re.compile(r"\b(?:by|before|no\s+later\s+than)\b"),
}


def complements(invariant: str, clauses: Sequence[str] = (), markers: Sequence[str] = ()) -> frozenset[str]:
    """The negative bounds ("outside", "without") whose positive counterpart ``invariant``
    uses ("in"/"inside"/"within", "with"): an obligation to act inside or with something is
    kept by forbidding the act outside or without it ("Always handle it inside the hood" is
    "never handle it outside the hood").

    "Without" is also the complement of whatever way the invariant names a thing to act by
    when one of its ``markers`` is what a clause does without ("Always mark the essays
    *against the mark scheme*" is "no essay is marked *without the mark scheme*"); without
    anything the invariant names ("never mark them without asking") it is an exception."""
    lower = invariant.lower()
    found = {word for word, pattern in _COUNTERPARTS.items() if pattern.search(lower)}
    if "without" not in lower and any(_done_without(clause, markers, invariant) for clause in clauses):
        found.add("without")
    found |= _restated_restrictions(invariant, clauses)
    return frozenset(found)


def _restated_restrictions(invariant: str, clauses: Sequence[str]) -> set[str]:
    """The "if" or "when" of a clause whose condition is the invariant's own restriction in
    other words: "Always check ID for anyone buying cider *who looks under 25*" told "no
    sale without an ID check *if the buyer looks under 25*" adds no exception."""
    stems = {t.norm for t in tokens(invariant)}
    out: set[str] = set()
    for clause in clauses:
        for phrase, words in condition_words(clause):
            opener = phrase.split(None, 1)[0].lower()
            if opener in _RESTATING and len(words) >= 2 and _restates(words, stems):
                out.add(opener)
    return out


def encountered(invariant: str, clauses: Sequence[str]) -> frozenset[str]:
    """The "if" or "when" of a clause that says no more than that one of the things the rule
    covers every one of is come upon (:func:`_encountered`): "If you see a patient fall, tell
    the nurse" for "Report any fall you witness to the nurse" adds no exception."""
    stems = {t.norm for t in tokens(invariant)}
    every = {t.norm for match in _EVERY.finditer(invariant) for t in tokens(match.group(1))}
    relative = {
        word
        for match in _RELATIVE.finditer(invariant)
        for _, words in condition_words(f"if {match.group(0)}", limit=None)
        for word in words
    }
    if not every and not relative:
        return frozenset()
    return frozenset(
        phrase.split(None, 1)[0].lower()
        for clause in clauses
        for phrase, words in condition_words(clause)
        if phrase.split(None, 1)[0].lower() in _RESTATING
        and (_encountered(phrase, words, every, stems) or _relative_restated(words, relative))
    )


_RELATIVE = re.compile(r"\b[a-z][\w-]*\s+(?:who|whom|whose|that|which)\s+[^,;.]+", re.IGNORECASE)
"""A relative clause and the noun it narrows, what a rule is about ("an *adult who cannot
give the password*"), read as a condition's words are."""
_RELATIVE_SHARED = 2
"""How many of a relative clause's words an "if" clause must hold to restate it."""


def _relative_restated(words: Sequence[str], relative: set[str]) -> bool:
    """Whether a condition's ``words`` restate the rule's own relative clause: at least two of
    its words, and no more than one other ("If a grown-up can't give the collection password"
    for "an adult who cannot give the collection password")."""
    shared = sum(1 for w in words if w in relative)
    return shared >= _RELATIVE_SHARED and len(words) - shared <= _OTHER_WORDS


_EVERY = re.compile(r"\b(?:any|every|each|all)\s+([a-z][\w-]*)", re.IGNORECASE)
"""The thing a rule covers every one of: "report *any fall* you witness"."""
_ENCOUNTER = frozenset(
    stem(w)
    for w in (
        *("see", "sees", "saw", "seen", "witness", "witnesses", "witnessed", "notice", "notices"),
        *("noticed", "spot", "spots", "spotted", "find", "finds", "found", "hear", "hears", "heard"),
        *("happen", "happens", "happened", "occur", "occurs", "occurred"),
    )
)
"""Verbs of coming upon a thing or its happening: "if you *see* a fall" is "any fall you witness"."""
_OTHER_WORDS = 1
"""How many words of neither the rule nor the encounter an "if you see ..." clause may add
("if you see a *patient* fall")."""


_RESTATING = frozenset({"if", "when", "whenever"})
"""The openers of a condition that may restate a rule's own restriction (:func:`_restated_restrictions`)."""


def _encountered(phrase: str, words: Sequence[str], every: set[str], stems: set[str]) -> bool:
    """Whether a condition's ``words`` say no more than that one of the things the rule covers
    every one of (``every``) is come upon: "If you see a patient fall, tell the nurse" for
    "Report any fall you witness to the nurse". A condition about what the thing is like
    ("if a fall looks serious") has no verb of encounter: it narrows the rule."""
    if not every & set(words) or not _ENCOUNTER & {t.norm for t in tokens(phrase)}:
        return False
    return sum(1 for w in words if w not in every and w not in _ENCOUNTER and w not in stems) <= _OTHER_WORDS


def _restates(words: Sequence[str], stems: set[str]) -> bool:
    """Whether a condition's ``words`` are the invariant's (of ``stems``): each number or
    identifier, and at least half of the other words."""
    bounds = [w for w in words if w[:1] in "#@%"]
    rest = [w for w in words if w[:1] not in "#@%"]
    return all(b in stems for b in bounds) and 2 * sum(1 for w in rest if w in stems) >= len(rest)


_WITHOUT = re.compile(r"\bwithout\b((?:\s+[\w'\u2019-]+){1,6})", re.IGNORECASE)
_WITHOUT_ACT = 3
"""How many words after "without" may name the invariant's own act ("without *a re-probe*")."""


def _done_without(clause: str, markers: Sequence[str], invariant: str) -> bool:
    """Whether the words right after a "without" in ``clause`` hold one of ``markers``, or
    name the invariant's own act within a few words: "Always re-probe the soups every 2
    hours" is "never left 2 hours *without a re-probe*"."""
    acts = {t.norm for t in tokens(invariant) if t.norm not in STOPWORDS and kind_of(t.norm) == "word"}
    for m in _WITHOUT.finditer(clause):
        if any(contains(m.group(1), marker) for marker in markers):
            return True
        near = [t.norm for t in tokens(m.group(1))][:_WITHOUT_ACT]
        if any(n in acts for n in near if n not in STOPWORDS):
            return True
    return False


_ALONE = re.compile(
    r"\b(?:alone|solo|unaccompanied|unsupervised|unattended|on\s+(?:her|his|their|your|my|its)\s+own|"
    r"by\s+(?:her|him|them|your|my|it|one)sel(?:f|ves))\b",
    re.IGNORECASE,
)
_COMPANY = re.compile(
    r"\b(?:with\s+(?:a|an|another|one|two|at\s+least|someone|somebody|company|others?|(?:a\s+)?second)\b|"
    r"accompanied|supervised|attended|in\s+pairs|in\s+company|together\s+with|buddy|"
    # "always stay with her": someone is with the one the rule keeps from being alone
    r"(?:stay|stays|staying|remain|remains)\s+(?:right\s+)?(?:with|beside|next\s+to)\s+(?:her|him|them|it|the\s+[a-z]+)|"
    # "someone must be with it at all times"
    r"(?:someone|somebody|an\s+adult|a\s+volunteer)\s+(?:\w+\s+){0,3}with\s+(?:it|them|him|her))\b",
    re.IGNORECASE,
)


_ANYONE_BUT = re.compile(
    r"\b(?:any(?:one|body|thing)?|no\s*one|nobody|nothing)\s+(?:\w+\s+)?(?:but|except|other\s+than|apart\s+from|besides)\b|"
    # "anyone not on the tenancy", "anybody who isn't listed": all but those
    r"\b(?:any(?:one|body)|no\s*one|nobody)\s+(?:(?:who|that)\s+(?:is|are)\s+not|(?:who|that)\s+(?:isn't|aren't)|not)\b",
    re.IGNORECASE,
)
_ONLY = re.compile(r"\bonly\b", re.IGNORECASE)


def only_those(invariant: str, clauses: Sequence[str]) -> bool:
    """Whether a prohibition of everyone but some ("Never let *anyone but* Hugo and Hana
    into the attic room") is told as a permission of those only ("*only* Hugo and Hana are
    allowed in"): the same rule from its other side."""
    return _ANYONE_BUT.search(invariant) is not None and any(_ONLY.search(c) for c in clauses)


def in_company(invariant: str, clauses: Sequence[str]) -> bool:
    """Whether a prohibition of acting alone ("Never launch a dinghy *alone* ...") is told
    as a duty to act in company: a clause that says who goes along ("always launches *with
    a second person* present", "only ever *accompanied*"). The same rule through the
    complement of being alone, as "never outside" is "always inside"."""
    return _ALONE.search(invariant) is not None and any(_COMPANY.search(c) for c in clauses)


def alone_forbidden(invariant: str, clauses: Sequence[str]) -> bool:
    """Whether a duty of company ("Always have *two volunteers present* when handling cash")
    is told as a prohibition of acting alone ("No volunteer handles cash *alone*"): the same
    rule through the complement of company, as :func:`in_company` reads it the other way."""
    company = _COMPANY.search(invariant) or _PRESENT_TOGETHER.search(invariant)
    return company is not None and _ALONE.search(invariant) is None and any(_ALONE.search(c) for c in clauses)


_PRESENT_TOGETHER = re.compile(
    r"\b(?:two|2|both|at\s+least\s+two)\s+(?:[a-z-]+\s+){0,2}(?:present|there|together|on\s+hand)\b",
    re.IGNORECASE,
)
"""A duty of company told by how many are there: "*two volunteers present*", "*both
parents there*"."""


_STATES = (
    (
        re.compile(r"\b(?:open|opened|ajar|unlocked|unlatched|unbolted)\b", re.IGNORECASE),
        re.compile(r"\b(?:shut|closed|locked|latched|bolted)\b", re.IGNORECASE),
        re.compile(r"\b(?:lock|locks|close|closes|shut|shuts|latch|latches|bolt|bolts)\b", re.IGNORECASE),
    ),
    (
        re.compile(
            r"\b(?:leave|leaves|left|leaving|keep|keeps|kept)\b[^,.;:]{1,40}?\bon\b(?!\s+(?:the|a|an|his|her|their)\b)|"
            r"\b(?:leave|leaves|left|leaving)\b[^,.;:]{1,40}?\brunning\b|"
            r"\b(?:switched|turned)\s+on\b",
            re.IGNORECASE,
        ),
        re.compile(
            r"\b(?:switched|turned)\s+off\b|\boff\b(?=\s*(?:when|while|at|after|before|overnight|first|$|[,.;]))|"
            r"\b(?:switching|turning)\s+(?:\w+\s+){0,4}?off\b",
            re.IGNORECASE,
        ),
        re.compile(r"\b(?:switch|switches|turn|turns)\s+(?:\w+\s+){0,4}?off\b", re.IGNORECASE),
    ),
    (
        re.compile(r"\b(?:uncovered|unsealed|unlidded)\b", re.IGNORECASE),
        re.compile(r"\b(?:covered|sealed|lidded)\b", re.IGNORECASE),
        re.compile(r"\b(?:cover|covers|seal|seals)\b", re.IGNORECASE),
    ),
    (
        re.compile(r"\b(?:unplugged|disconnected)\b", re.IGNORECASE),
        re.compile(r"\b(?:plugged\s+in|connected)\b", re.IGNORECASE),
        re.compile(r"\b(?:plug|plugs)\s+in\b|\b(?:connect|connects)\b", re.IGNORECASE),
    ),
    (
        re.compile(r"\b(?:unsecured|unfastened|unbuckled|unstrapped)\b", re.IGNORECASE),
        re.compile(r"\b(?:secured|fastened|buckled|strapped)\b", re.IGNORECASE),
        re.compile(r"\b(?:secure|secures|fasten|fastens|buckle|buckles|strap|straps)\b", re.IGNORECASE),
    ),
)
"""States and their opposites: what a rule forbids leaving a thing in, the state a duty
keeps it in instead ("never leave the gate *open*" / "the gate must be kept *shut*"), and
the verbs of putting it in that state ("always *lock* the door")."""


def opposite_state(invariant: str, clauses: Sequence[str], *, duty: bool = False) -> bool:
    """Whether a prohibition of leaving a thing in one state ("Never leave the back gate
    *open*") is told as a duty to keep it in the opposite one ("the back gate must always be
    kept *shut*"): the same rule through the complement of the state, as "never alone" is
    "always accompanied". With ``duty``, the other way round: a duty to keep or put a thing in
    a state ("Always *lock* the boathouse door") told as a prohibition of the opposite ("is
    never left *unlocked*"). A clause that names both states decides nothing."""
    for forbidden, kept, making in _STATES:
        ruled = (kept, making) if duty else (forbidden,)
        told = forbidden if duty else kept
        if not any(p.search(invariant) for p in ruled) or told.search(invariant):
            continue
        if any(told.search(c) and not any(p.search(c) for p in ruled) for c in clauses):
            return True
    return False


_CONTRAST = (
    r",\s*(?:but\s+)?(?:not|never)\s+(?:(?:in|on|into|at|to|via|through|with|from|by|for)\s+)?"
    r"(?:(?:the|a|an|his|her|their|its|my|your|our|this|that|any)\s+)?"
)


_CONTRAST_PHRASE = re.compile(
    r",\s*(?:but\s+)?(?:never|not)\s+(?=(?:to|onto|into|in|on|at|with|for|from|by|under|the|a|an)\b)[^,;.!?]*"
)


def uncontrasted(text: str, markers: Sequence[str]) -> str:
    """``text`` without a contrast that excludes another thing than the rule's markers name
    ("Return tools to the pegboard before you leave*, never to the bench*"): it says where
    the act does not go, not that the act is forbidden."""
    if "," not in text:
        return text
    return _CONTRAST_PHRASE.sub(
        lambda m: m.group() if any(mk.lower() in m.group().lower() for mk in markers) else "", text
    )


_LEFT_ALONE = re.compile(
    r"\b(?:leave|leaves|left|leaving|keep|keeps|kept)\b(?P<thing>[^.;:!?]{1,80}?)"
    r"\b(?:intact|untouched|alone|undisturbed|undamaged|unharmed|in\s+place|as\s+it\s+is)\b",
    re.IGNORECASE,
)


def left_alone(markers: Sequence[str], clauses: Sequence[str]) -> bool:
    """Whether a duty keeps the rule's thing untouched ("must always leave *the damp-proof
    course* intact"): the same rule as forbidding what would harm it ("never chase through
    the damp-proof course")."""
    return any(
        marker.lower() in match.group("thing").lower()
        for clause in clauses
        for match in _LEFT_ALONE.finditer(clause)
        for marker in markers
    )


def contrasted(markers: Sequence[str], clauses: Sequence[str]) -> bool:
    """Whether a duty names the rule's forbidden thing as the alternative it excludes:
    "always goes in his own toaster*, not the shared toaster*" keeps "never put it in the
    shared toaster", the "not" falling on the marker itself."""
    return any(
        re.search(_CONTRAST + re.escape(marker) + r"\b", clause, re.IGNORECASE)
        for marker in markers
        for clause in clauses
    )


def judge(
    required: Modality,
    statement: Sequence[Reading],
    *,
    invariant: Reading,
    condition_stated: bool = False,
    procedure: str | None = None,
    complemented: frozenset[str] = frozenset(),
    come_upon: frozenset[str] = frozenset(),
) -> Judgement:
    """Whether ``statement`` (the readings of the clauses that carry an invariant's
    markers) keeps the force ``required`` by an invariant whose own text reads as
    ``invariant``.

    The rules, in order:

    1. a waiver lifts the constraint ("not required", "no longer forbidden"): fail;
    2. a hedge ("should", "ideally", "if possible", ...) qualifies it: fail;
    3. an exception ("unless", "except", "if", "without", ...) added to an invariant
       that has no condition narrows it: fail ("even if" widens and does not count); a
       conditional permission widened by "even if", "even while", "regardless": fail;
    4. a prohibition needs a prohibition word; an obligation an obligation word; a
       conditional permission a permission or condition word, or anything stronger.
       When the invariant is itself conditional ("Never deploy *until* review"), the
       opposite polarity also passes if its connective changed with it ("Deploy *only
       after* review", "Never merge *without* tests" for "Always test *before*
       merging"): that is the same rule stated through its complement. A conditional
       permission also passes when ``condition_stated``: the statement holds one of the
       invariant's conditions in its own words, with another connective
       (:func:`states_condition`). An obligation also passes when the statement is
       a ``procedure`` in force: a present passive with a schedule or deadline and no
       modal cue at all (:func:`standing`). An obligation also passes when it is
       forbidden through the complement of its own place or company, ``complemented``
       (:func:`complements`): "never ... outside the hood, nor without the gel".
    """
    cues = Reading(tuple(cue for clause in statement for cue in clause.cues))
    # a waiver the rule's own text says of something else ("Knee pads are optional, but
    # full-face helmets are compulsory"), repeated, lifts nothing
    # (the rule's own text read against itself keeps its waivers: "...; the flag is optional")
    itself = len(statement) == 1 and statement[0] is invariant
    own_waivers = () if itself else invariant.words(CueKind.WAIVER)
    lifted = [w for w in cues.words(CueKind.WAIVER) if w not in own_waivers]
    if lifted:
        return Judgement(False, "waived", f"the constraint is lifted by {_quote(lifted)}", True)
    if cues.has(CueKind.HEDGE):
        words = cues.words(CueKind.HEDGE, CueKind.MANNER)
        return Judgement(
            False,
            "hedged",
            f"hedge words {_quote(words)} weaken the {required.value.replace('_', ' ')}",
            True,
        )
    available = [c.text[: -len(_AVAILABLE)] for c in cues.cues if c.text.endswith(_AVAILABLE)]
    binding = required is not Modality.PERMISSION_WITH_CONDITION
    if available and binding and not any(c.text.endswith(_AVAILABLE) for c in invariant.cues):
        return Judgement(
            False,
            "hedged",
            f"{_quote(available)} makes the {required.value} hold only when someone is available",
            True,
        )
    widening = cues.words(CueKind.EMPHASIS)
    if required is Modality.PERMISSION_WITH_CONDITION and widening and not invariant.has(CueKind.EMPHASIS):
        # "can be unlocked on request, even while the plan is being paid off": granted whatever
        # the condition says, so the condition no longer bounds it.
        return Judgement(
            False, "widened", f"{_quote(widening)} grants it regardless of the invariant's condition", True
        )
    conditional = invariant.conditional
    own = connectives(invariant)
    if own & _DURING:
        own |= _DURING
    conditions = cues.words(CueKind.CONDITION)
    if not any("only" in word.split() for word in invariant.words(CueKind.RESTRICTION)):
        # "only if" restates the invariant's own "only ..." in another connective; to a rule
        # with no "only" its condition is an exception ("never above 50" -> "above 50 only if").
        conditions += tuple(
            w.split(None, 1)[1] for w in cues.words(CueKind.RESTRICTION) if w.startswith("only ")
        )
    through = required is Modality.OBLIGATION and cues.has(CueKind.PROHIBITION)
    complement = frozenset(w for w in conditions if w in complemented) if through else frozenset()
    if not conditional:
        added = [w for w in conditions if w in _EXCEPTIONS and w not in complement]

    elif not own & _COMPLEMENTED:
        # A bound with no complement ("never share outside the team") gains an exception
        # from "if" or "unless"; only "never A without B" has one ("A only if B").
        added = [w for w in conditions if w in _EXCEPTIONS and w not in own]
        if required is Modality.PERMISSION_WITH_CONDITION:
            # "may withdraw only with Piet's written agreement" told "can, provided Piet
            # agrees in writing": a positive condition restates the permission's own (its
            # words are checked as the condition's)
            added = [w for w in added if w not in _POSITIVE_CONDITIONS]
            if _only(invariant) and _only(cues) and not own & connectives(cues):
                # "may skip it only with written permission" told "may only miss it if I've
                # given written permission": the "only" is kept and the "if" states its
                # condition, whose words are checked as the condition's; beside the rule's own
                # connective kept ("only with a supervisor present, if the lab is quiet") an
                # "if" is an exception added
                added = [w for w in added if w not in _ONLY_STATED]
    else:
        added = [w for w in conditions if w in _CARVE_OUTS and w not in own]
        if required is Modality.PERMISSION_WITH_CONDITION and own & _NEGATIVE_CONDITIONS - set(conditions):
            # "may A unless B" restated "may A, except when B": the carve-out takes the place of
            # the invariant's own, and a permission's condition is then checked word for word.
            added = [w for w in added if w not in _NEGATIVE_CONDITIONS]
        if own & set(conditions) & (_COMPLEMENTED - _CARVE_OUTS):
            # The rule kept in its own complemented connective ("never wipe until the owner confirms")
            # is not restated through its complement, so an "unless" beside it is an
            # exception ("..., unless the ticket is urgent"), not "until" turned around. A
            # carve-out kept ("anyone *other than* the parents") is who the rule is about.
            added += [w for w in conditions if w in _ADDED_EXCEPTIONS and w not in own]
            if required is Modality.OBLIGATION and not _only(cues):
                # "give the password at the door *before* entering" kept, with "if the
                # customer asks" beside it in its clause: the duty now waits for a request
                # ("...; if you remember the code, note it" is another clause's condition)
                for clause in statement:
                    if own & connectives(clause):
                        added += [
                            w for w in clause.words(CueKind.CONDITION) if w in _ON_DEMAND and w not in own
                        ]
    # "if you see a fall" for "any fall you witness": no exception, whichever way the rule is told
    added = [w for w in added if w not in come_upon]
    if added:
        return Judgement(
            False, "narrowed", f"an exception the invariant does not have was added: {_quote(added)}", True
        )
    changed = bool(connectives(cues) - own)
    prohibits = cues.has(CueKind.PROHIBITION)
    obliges = cues.has(CueKind.OBLIGATION)
    restricts = cues.has(CueKind.RESTRICTION)
    permits = cues.has(CueKind.PERMISSION)
    manner = cues.words(CueKind.MANNER)

    if required is Modality.PROHIBITION:
        if prohibits:
            for at, clause in enumerate(statement):
                granted = clause.has(CueKind.PERMISSION) and not clause.has(
                    CueKind.PROHIBITION, CueKind.RESTRICTION
                )
                # "Visitors: fine, but not without a gown": the grant is bounded by the
                # conditional prohibition after it
                bounded = any(
                    later.has(CueKind.PROHIBITION) and later.has(CueKind.CONDITION)
                    for later in statement[at + 1 :]
                )
                if granted and not (conditional and (clause.has(CueKind.CONDITION) or bounded)):
                    words = clause.words(CueKind.PERMISSION)
                    return Judgement(
                        False, "permission", f"{_quote(words)} permits what the invariant forbids", True
                    )
            return Judgement(True, "prohibition", "")
        if conditional and restricts:
            same = _same_side(own, connectives(cues))
            if same:
                # "never eat after midnight" told "eat only after midnight": the restriction
                # keeps the side of the bound the rule forbade, so it permits what was forbidden.
                return Judgement(
                    False, "restriction", f"{_quote(same)} keeps the forbidden side of the bound", True
                )
            return Judgement(True, "restriction", "")
        kept = [w for w in _same_side(own, connectives(cues)) if w in _BOUNDS]
        kept += _same_quantity_side(own, connectives(cues))
        if conditional and obliges and kept:
            # "never before 10 am" told "always at 10 am or earlier": the obligation keeps
            # the side of the bound the rule forbade.
            return Judgement(
                False, "obligation", f"{_quote(kept)} keeps the forbidden side of the bound", True
            )
        if conditional and obliges and (changed or connectives(invariant) & _NEGATIVE_CONDITIONS):
            # "Never A without B" is "always B (before A)": the same rule through its complement.
            return Judgement(True, "obligation", "")
        if obliges and set(cues.words(CueKind.OBLIGATION)) <= _EMPHATIC:
            # "Nutmeg stays inside, no exceptions": the emphasis has no polarity of its own.
            return _forceless(manner, f"no prohibition word ({_PROHIBITION_WORDS})")
        if obliges:
            words = cues.words(CueKind.OBLIGATION)
            return Judgement(
                False,
                "obligation",
                f"negation lost: {_quote(words)} without 'not' where a prohibition was",
                True,
            )
        if permits:
            words = cues.words(CueKind.PERMISSION)
            return Judgement(
                False, "permission", f"negation lost: {_quote(words)} permits what was forbidden", True
            )
        return _forceless(manner, f"no prohibition word ({_PROHIBITION_WORDS})")

    if required is Modality.OBLIGATION:
        flipped = _other_side(own, connectives(cues))
        if obliges and flipped:
            return Judgement(
                False, "obligation", f"{_quote(flipped)} moves the bound to its other side", True
            )
        if obliges:
            return Judgement(True, "obligation", "")
        if conditional and restricts:
            return Judgement(True, "restriction", "")
        if conditional and prohibits and changed:
            return Judgement(True, "prohibition", "")
        if complement:
            return Judgement(True, "prohibition", "")  # "never outside the hood": always inside it
        if prohibits:
            words = cues.words(CueKind.PROHIBITION)
            return Judgement(
                False, "prohibition", f"polarity flipped: {_quote(words)} forbids what was required", True
            )
        if permits:
            words = cues.words(CueKind.PERMISSION)
            return Judgement(
                False, "permission", f"the obligation became a permission: {_quote(words)}", True
            )
        if procedure is not None and not cues.cues:
            return Judgement(True, "obligation", "")
        return _forceless(manner, f"no obligation word ({_OBLIGATION_WORDS})")

    if prohibits or obliges or restricts:
        return Judgement(
            True, "restriction" if restricts else ("prohibition" if prohibits else "obligation"), ""
        )
    if cues.has(CueKind.CONDITION) or (permits and condition_stated):
        return Judgement(True, "conditional permission", "")
    if permits:
        words = cues.words(CueKind.PERMISSION)
        return Judgement(
            False,
            "permission",
            f"the condition is lost: {_quote(words)} with no condition word (only, if, after, unless, up to)",
            True,
        )
    return _forceless(manner, "no permission or condition word")


_ONLY_STATED = frozenset({"if", "when", "whenever", "provided", "as long as", "so long as", "on condition"})
"""Connectives that state the condition of an "only" the statement keeps."""


def _only(reading: Reading) -> bool:
    """Whether a reading restricts with "only" ("only with", "may only ... if")."""
    return any("only" in word.split() for word in reading.words(CueKind.RESTRICTION))


def _forceless(manner: tuple[str, ...], missing: str) -> Judgement:
    if manner:
        return Judgement(False, "hedged", f"only manner words {_quote(manner)}; {missing}", True)
    return Judgement(False, "none", missing)
