"""A rule restated through its complement, which the cues alone read as another force: a
duty to keep away told as a prohibition, a prohibition told as a duty to act without the
forbidden thing or only in its absence, a duty told as forbidding its occasion without or
until its act, and a carve-out of whom told with another word.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_compaction.prose import _text
from pytest_compaction.prose._markers import _locators
from pytest_compaction.prose._omission import forbids_omission, states_omission
from pytest_compaction.prose.invariants import Invariant, keeps_away
from pytest_compaction.prose.modality import CueKind, Judgement, Modality, read, rule_verb
from pytest_compaction.prose.normalize import tokens
from pytest_compaction.prose.statements import STOPWORDS

__all__ = [
    "_act_required_first",
    "_duty_through_without",
    "_keeps_away_duty",
    "_kept_as_it_is",
    "_omission_restated",
    "_only_without_marker",
    "_opposite_place",
    "_required_before",
    "_short_of_marker_forbidden",
    "_same_carve_out",
    "_without_as_except",
]


def _keeps_away_duty(invariant: Invariant) -> bool:
    """Whether the invariant's clauses that carry its markers command keeping something away
    ("Keep Captain out of the kitchen ...; PTFE fumes can kill a bird"): a duty that forbids."""
    marked = [
        c for c in _text.clauses(invariant.text) if any(_text.contains(c, m) for m in invariant.markers)
    ]
    return bool(marked) and all(keeps_away(read(c)) for c in marked)


def _free_of_marker(clause: str, invariant: Invariant) -> bool:
    """Whether ``clause`` requires being free of one of the rule's markers: "<marker>-free"
    or "free of / from <marker>" ("everything for Tobiah has to be *sesame-free*")."""
    lowered = clause.lower()
    for marker in _locators(invariant.text, invariant.markers):
        word = re.escape(marker.lower())
        if re.search(rf"\b{word}-free\b|\bfree\s+(?:of|from)\s+(?:any\s+|all\s+)?{word}\b", lowered):
            return True
    return False


def _omission_restated(invariant: Invariant, stating: Sequence[str], verdict: Judgement) -> Judgement:
    """``verdict``, or a kept force when the rule is told through leaving the thing out: a
    prohibition of an omission ("Never skip the evening dose") kept as a duty ("always
    taken"), or a duty ("Always log the reading") kept by forbidding its omission ("never
    forget to log it"). A duty that keeps the verb of omission ("always skipped") flips it."""
    if any(states_omission(clause) for clause in stating):
        return verdict
    forbidden = forbids_omission(invariant.text)
    if invariant.modality is Modality.PROHIBITION and verdict.observed == "obligation" and forbidden:
        return Judgement(True, "obligation", "")
    if (
        invariant.modality is Modality.PROHIBITION
        and verdict.observed == "obligation"
        and any(_free_of_marker(clause, invariant) for clause in stating)
    ):
        return Judgement(True, "obligation", "")  # "has to be sesame-free, always": never any sesame
    if (
        invariant.modality is Modality.OBLIGATION
        and verdict.observed == "prohibition"
        and not forbidden
        and (any(forbids_omission(c) for c in stating) or _forbids_undone(invariant, stating))
    ):
        return Judgement(True, "prohibition", "")
    return verdict


_NEGATIVE_QUANTIFIER = re.compile(r"\b(?:no|never|nothing|nobody|none)\b", re.IGNORECASE)


def _forbids_undone(invariant: Invariant, stating: Sequence[str]) -> bool:
    """Whether a clause forbids the thing left without the duty's act, told by the act's
    "un-" form: "*No* release reaches production *untagged*" for "Tag every release"."""
    verb = rule_verb(invariant.text)
    if verb is None:
        return False
    undone = re.compile(rf"\bun{re.escape(verb)}\w*\b", re.IGNORECASE)
    for clause in stating:
        no = _NEGATIVE_QUANTIFIER.search(clause)
        if no is not None and undone.search(clause, no.end()) is not None:
            return True
    return False


_WITHOUT = re.compile(r"\b(?:without|w/o)\s+(?P<rest>(?:[^;.!?]|\.(?=\S))*)", re.IGNORECASE)


def _duty_through_without(
    invariant: Invariant, stating: Sequence[str], verdict: Judgement, *, forbidden: bool = False
) -> Judgement:
    """``verdict``, or the duty kept when it is told as forbidding the occasion without the
    thing required, that thing named by the rule's markers after "without": "no benchmark
    run is launched *without* `seed=1337`" keeps "Always set seed=1337 for benchmark runs".
    "Never deploy without approval" for "Always deploy on Fridays" has no marker after
    "without": an exception added to the duty. With ``forbidden``, the other way round: a
    prohibition told as a duty to act without the forbidden thing ("callers must always be
    put through *without* being told the room number" for "Never give out a room number")."""
    markers = _locators(invariant.text, invariant.markers)
    force = CueKind.OBLIGATION if forbidden else CueKind.PROHIBITION
    for clause in stating:
        match = _WITHOUT.search(clause)
        if match is None or not read(clause).has(force):
            continue
        before = clause[: match.start()]
        if any(_text.contains(match.group("rest"), m) for m in markers) and not any(
            _text.contains(before, m) for m in markers
        ):
            return Judgement(True, "obligation" if forbidden else "prohibition", "")
    return verdict


def _act_required_first(invariant: Invariant, stating: Sequence[str]) -> bool:
    """Whether a duty is told as forbidding its occasion until the required act is done,
    the act in the rule's own words after "until", "unless" or "without" ("No payment-change
    email gets actioned *until we've called the client back* on the number in the matter file"
    for "Always verify a payment-change email by calling the client back on the number in
    the matter file"): at least :data:`_ACT_WORDS` of the rule's words that are not its
    markers, and at least half of them."""
    marked = {t.norm for m in invariant.markers for t in tokens(m)}
    act = {t.norm for t in tokens(invariant.text)} - STOPWORDS - marked
    need = max(_ACT_WORDS, (len(act) + 1) // 2)
    for clause in stating:
        match = _FIRST.search(clause)
        if match is None:
            continue
        told = {t.norm for t in tokens(clause[match.end() :])}
        if len(act & told) >= need:
            return True
    return False


_FIRST = re.compile(r"\b(?:until|till|unless|without)\b", re.IGNORECASE)
_ACT_WORDS = 3
"""How many of a duty's own words (not its markers) an "until" phrase must hold to be its act."""


def _only_without_marker(invariant: Invariant, stating: Sequence[str]) -> bool:
    """Whether a prohibition of acting in a state ("Never open a hive *in rain*") is told as
    a restriction to its absence: "only" and then a condition whose words deny one of the
    rule's markers ("only ever opened *when there's no rain*")."""
    for clause in stating:
        match = _ONLY_WHEN.search(clause)
        if match is None:
            continue
        rest = match.group("rest")
        for marker in invariant.markers:
            denied = re.search(
                r"\b(?:no|not|without)\s+(?:[\w'-]+\s+){0,2}?" + re.escape(marker) + r"\b",
                rest,
                re.IGNORECASE,
            )
            if denied is not None and not _text.contains(clause[: match.start()], marker):
                return True
    return False


_ONLY_WHEN = re.compile(
    r"\bonly\b[^.;]{0,40}?\b(?:when|if|while|whilst|once)\b(?P<rest>[^.;]{0,80})", re.IGNORECASE
)


def _same_carve_out(invariant: Invariant, stating: Sequence[str]) -> bool:
    """Whether the rule's carve-out of whom ("to anyone *but the site warden*") is what
    the statement's "except" or "other than" carves out, its first word the same: the same
    rule, no exception added ("must not go to anyone *except the site warden*"); "except on
    open days" carves out another thing."""
    own = _CARVED.search(invariant.text)
    if own is None:
        return False
    first = own.group("who").lower()
    return any(m.group("who").lower() == first for clause in stating for m in _CARVED.finditer(clause))


def _without_as_except(invariant: Invariant, stating: Sequence[str]) -> bool:
    """Whether a prohibition "without" a thing ("Do not open the case *without the keyholder*
    present") is told as one "except" with it ("must not be opened *except in the presence
    of the keyholder*"): the same condition turned around, one of its first words after
    "except" within a few words, no exception added."""
    own = _WITHOUT_THING.search(invariant.text)
    if own is None:
        return False
    words = {w.lower() for w in own.group("what").split() if len(w) > _SHORT_WORD}  # not "it", "any"
    return any(
        words & {w.lower() for w in re.findall(r"[\w'-]+", m.group("after"))[:_EXCEPT_REACH]}
        for clause in stating
        for m in _EXCEPT.finditer(clause)
    )


_WITHOUT_THING = re.compile(
    r"\bwithout\s+(?:(?:the|a|an|his|her|their|our|my|your|its|any)\s+)?(?P<what>[\w'-]+(?:\s+[\w'-]+){0,2})",
    re.IGNORECASE,
)
"""A "without" and up to three words of what it is without ("without *a signed hire form*")."""
_EXCEPT = re.compile(r"\bexcept(?:\s+for)?\b(?P<after>[^.;:!?]{0,80})", re.IGNORECASE)
_SHORT_WORD = 3
_EXCEPT_REACH = 6
"""How many words after "except" may come before the condition's first word ("except *in
the presence of the* keyholder")."""


_CARVED = re.compile(
    r"\b(?:(?:anyone|anybody|no\s+one|nobody|everyone|everybody)\s+but|except(?:\s+for)?|other\s+than)\s+"
    r"(?:(?:the|a|an|his|her|their|our|my|your)\s+)?(?P<who>[\w.'-]+)",
    re.IGNORECASE,
)


_FORBIDDEN_VERB = re.compile(
    r"\b(?:never|not|n't|no\s+longer)\s+(?:ever\s+)?(?:(?:to\s+)?be\s+)?(?P<verb>[a-z]{3,})", re.IGNORECASE
)
_KEEPING = re.compile(
    r"\b(?:keep|keeps|kept|keeping|leave|leaves|left|leaving|stay|stays|stayed|remain|remains|remained|"
    r"retain|retains|retained|preserve|preserves|preserved)\b"
    r"(?=[^,;.!?]{0,40}?\b(?:as\s+(?:is|it\s+is|they\s+are|written|supplied)|unchanged|intact|untouched|"
    r"original|the\s+same|in\s+place)\b|\s+(?:(?:it|them)\s+)?un[a-z]{3,}ed\b)",
    re.IGNORECASE,
)
"""A verb of keeping a thing as it is ("kept in its *original* form", "left *untranslated*",
"stays *as is*"); not keeping it out, away or to a minimum."""


def _kept_as_it_is(invariant: Invariant, stating: Sequence[str]) -> bool:
    """Whether a prohibition of changing a thing ("Never *translate* the brand name") is
    told as a duty to keep it as it is ("must always be *kept* in its original form"): a
    verb of keeping in a clause that holds no form of the forbidden verb. With the
    forbidden verb ("must always be kept translated") the negation is lost."""
    forbidden = _FORBIDDEN_VERB.search(invariant.text)
    if forbidden is None:
        return False
    verb = forbidden.group("verb").lower()
    root = verb[:-1] if verb.endswith("e") and len(verb) > _SHORT_WORD + 1 else verb
    done = re.compile(rf"\b{re.escape(root)}", re.IGNORECASE)
    return any(_KEEPING.search(clause) and not done.search(clause) for clause in stating)


_ON = r"(?:on|onto|in|into|inside)"
_OFF = r"(?:off|out\s+of|outside)"
_PLACE_DETERMINER = r"\s+(?:(?:the|a|an|its|their|his|her|your|our|this|that)\s+)?(?:[\w-]+\s+){0,2}?"


def _opposite_place(invariant: Invariant, stating: Sequence[str]) -> bool:
    """Whether a rule about a thing being on or in what a marker names, or off or out of it,
    is told from the other side, with the opposite particle on the same marker and the
    opposite force: "Always keep dogs *on a lead*" as "dogs are never let *off the lead*",
    "Never leave a windlass *on a lock spindle*" as "always take the windlass *off the
    spindle*". A clause that names both sides decides nothing."""
    for marker in _locators(invariant.text, invariant.markers):
        word = re.escape(marker.lower())
        on = re.compile(rf"\b{_ON}{_PLACE_DETERMINER}{word}\b", re.IGNORECASE)
        off = re.compile(rf"\b{_OFF}{_PLACE_DETERMINER}{word}\b", re.IGNORECASE)
        for ruled, told in ((on, off), (off, on)):
            if ruled.search(invariant.text) is None or told.search(invariant.text) is not None:
                continue
            if any(told.search(c) and not ruled.search(c) for c in stating):
                return True
    return False


_LACKING = (
    r"\b(?:without|unless|(?:who|that|which)\s+(?:can't|cannot|can\s+not|doesn't|does\s+not|don't|do\s+not|"
    r"hasn't|has\s+not|haven't|have\s+not|isn't|is\s+not|aren't|are\s+not))\b[^.;!?]{0,60}?"
)
_BEFORE = re.compile(r"\bbefore\b", re.IGNORECASE)


def _required_before(invariant: Invariant, stating: Sequence[str]) -> bool:
    """Whether a prohibition of acting for someone who lacks a thing ("Never open a door for
    anyone who can't show *proof of residence*", "never ... without ...") is told as a duty
    to have the thing first: a clause with an obligation that names the marker and, after
    "before", the rule's own act ("*Proof of residence* is always required *before* we open
    any door")."""
    for marker in _locators(invariant.text, invariant.markers):
        lacking = re.search(_LACKING + r"\b" + re.escape(marker), invariant.text, re.IGNORECASE)
        if lacking is None:
            continue
        marked = {t.norm for t in tokens(marker)}
        act = {t.norm for t in tokens(invariant.text[: lacking.start()])} - STOPWORDS - marked
        for clause in stating:
            before = _BEFORE.search(clause)
            if before is None or not _text.contains(clause[: before.start()], marker):
                continue
            if act & {t.norm for t in tokens(clause[before.end() :])} and read(clause).has(
                CueKind.OBLIGATION
            ):
                return True
    return False


_SHORT_OF = (
    r"\b(?:anything|nothing|any(?:one|body)?|none|no\s+one|nobody)\s+"
    r"(?:below|under|less\s+than|lower\s+than|short\s+of|worse\s+than|other\s+than)\s+"
)


def _short_of_marker_forbidden(invariant: Invariant, stating: Sequence[str]) -> bool:
    """Whether a duty to use what a marker names ("Always fit *BS3621* locks on insurance
    jobs") is told as forbidding anything short of it: "No insurance job gets anything
    *below a BS3621* lock", "nothing less than BS3621"."""
    for marker in _locators(invariant.text, invariant.markers):
        short = re.compile(_SHORT_OF + r"(?:(?:a|an|the)\s+)?" + re.escape(marker) + r"\b", re.IGNORECASE)
        for clause in stating:
            match = short.search(clause)
            # "anything below" forbids only under a prohibition; "nothing below" forbids itself
            if match is not None and (
                match.group().lower().startswith(("nothing", "none", "no ", "nobody"))
                or read(clause).has(CueKind.PROHIBITION)
            ):
                return True
    return False
