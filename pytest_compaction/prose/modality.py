"""Modal force: is a statement a prohibition, an obligation, a conditional permission,
or a hedge?

A fixed, ordered word list, no model and no network: every verdict names the words
that decided it. Cues are read in order and each match consumes its words, so
"must not" is one prohibition and never also the obligation "must", and "do not
have to" is a waiver and never the prohibition "do not".

The order is: waivers (the constraint is lifted: "not required", "no longer
forbidden"), prohibitions, emphasis ("even if", "regardless"), hedge phrases that
contain other cue words ("if needed", "unless necessary"), restrictions ("only",
"at most"), obligations, hedges, manner words ("carefully"), permissions,
conditions.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from pytest_compaction.prose import _text
from pytest_compaction.prose import normalize as _norm
from pytest_compaction.prose._text import normalize

__all__ = [
    "Cue",
    "CueKind",
    "Judgement",
    "Modality",
    "Reading",
    "command_verb",
    "commanded",
    "complements",
    "connectives",
    "count_constraints",
    "condition_words",
    "kept",
    "imperative",
    "judge",
    "own_act",
    "read",
    "reshaped",
    "same_bound",
]


class Modality(str, Enum):
    """The modal class of a pinned invariant."""

    PROHIBITION = "prohibition"
    """Something must not happen: "Never call the payments API with dry_run=false"."""
    OBLIGATION = "obligation"
    """Something must happen: "Always run the migration on staging first"."""
    PERMISSION_WITH_CONDITION = "permission_with_condition"
    """Something is allowed only under a condition: "Refunds up to $50 after supervisor review"."""


class CueKind(str, Enum):
    """What a cue word does to a statement's force."""

    WAIVER = "waiver"
    PROHIBITION = "prohibition"
    RESTRICTION = "restriction"
    OBLIGATION = "obligation"
    HEDGE = "hedge"
    MANNER = "manner"
    PERMISSION = "permission"
    CONDITION = "condition"
    EMPHASIS = "emphasis"
    """Words that widen a rule rather than bound it ("even if", "regardless")."""


@dataclass(frozen=True, slots=True)
class Cue:
    """One cue word or phrase found in a statement."""

    kind: CueKind
    text: str
    """The words as matched, lower-cased and with single spaces."""


_NOT_COGNITIVE = (
    r"(?!\s+(?:know|think|believe|remember|recall|see|understand|expect|seem|appear|matter|"
    r"work|support|exist|mean|affect|apply|change|include|contain|care|worry|bother|hesitate|panic|mind)\b)"
)
_NOT_MIND = (
    r"(?!\s+(?:know|think|believe|remember|recall|see|understand|expect|care|worry|bother|hesitate|"
    r"panic|mind)\b)"
)
"""Not a verb of mind or courtesy: "don't worry" and "do not hesitate to ask" command nothing."""
_CLAUSE_OPENS = (
    r"(?:^\s*|(?<=[;:(.!?]\s)|(?<=:\*\*\s)|(?<=\band\s)|(?<=\bbut\s)|(?<=\bso\s)|(?<=\bthen\s)|"
    r"(?<=\bplease\s))"
)
"""Where a clause opens: the start, after a label's colon or a semicolon, after "and", "but"."""
_DEONTIC = (
    r"(?:required|mandatory|necessary|needed|obligatory|forbidden|prohibited|banned|disallowed|enforced|"
    r"blocked|barred|frozen)"
)
# A directive reported with its addressee ("told the customer to shut the water off",
# "reminded staff never to", "was instructed not to"): the command the speaker gave, so an
# obligation, or with "not"/"never" a prohibition. The reporting verb is the cue; the words
# after it are still read, so a hedge there ("told them ideally to") still hedges. Advice
# ("advised them to") stays a hedge, and so does a request ("asked them to"), which may be
# declined. Forms that are also nouns ("orders") are left out.
_DIRECTING = (
    r"(?:tell|tells|told|instruct|instructs|instructed|remind|reminds|reminded|ordered|directed|warn|"
    r"warns|warned)"
)
_NOT_IN_ADDRESSEE = (
    r"(?!(?:to|not|never|that|about|for|whether|if|how|why|what|when|where|is|are|was|were|be|and|or|but|"
    r"it|this|can|could|may|might|will|would|shall|should|must)\b)"
)
_ADDRESSEE = rf"(?:{_NOT_IN_ADDRESSEE}[a-z][\w'-]*\s+){{1,4}}?"


def _directive(then: str) -> str:
    """A reporting verb of command whose addressee (or, in the passive, nothing) is followed by ``then``."""
    passive = r"(?:is|are|was|were|been|be|being|got|get)\s+"
    return rf"\b(?:{_DIRECTING}(?=\s+{_ADDRESSEE}{then})|{passive}{_DIRECTING}(?=\s+{then}))"


# The mandative subjunctive of minutes and resolutions ("Resolved: that harnesses be clipped
# on", "agreed that the bidder be notified"): a bare "be" after "that" and its subject, or
# after the subject that opens the rule once its frame is read off, is an instruction;
# "that ... not be" forbids. A modal or an auxiliary in between ("that staff can
# be", "so that it will be") is an ordinary clause.
_NOT_IN_SUBJECT = (
    r"(?!(?:can|could|may|might|will|would|shall|should|must|to|not|never|is|are|was|were|has|have|had|"
    r"do|does|did|also|then|and|or|but|if|when|which|who)\b)"
)
_MANDATIVE = re.compile(
    rf"(?:\bthat\s+|^\s*)(?:{_NOT_IN_SUBJECT}[a-z][\w-]*\s+){{1,5}}?(?P<be>(?:not\s+)?be)\s+"
    r"(?=(?:[a-z]+ed|" + "|".join(sorted({w for w in _norm.participles() if len(w) > 2})) + r")\b)"
)
"""Only the "be" is the cue: the subject's words are read as any others ("that the power
generally be switched off" is hedged)."""
_SOFTENER = r"(?:(?:be|strictly|always|really|actually|absolutely|currently|yet|even|any\s+longer)\s+)?"

_WAIVER = (
    r"\b(?:do|does|did|will)\s+not\s+(?:have|need)\s+to\b",
    r"\b(?:don't|doesn't|didn't|won't)\s+(?:have|need)\s+to\b",
    r"\b(?:never|not)\s+(?:need|needs|have\s+to|has\s+to)\b",
    # A need of a thing lifted, contracted ("doesn't need the manager's sign-off").
    r"\b(?:don't|doesn't|didn't|won't)\s+need\b",
    r"\bneed\s+not\b",
    r"\bneedn't\b",
    r"\bno\s+need\s+to\b",
    # The past of "need not" ("never had to sign", "not needed to"): read before "had to".
    r"\b(?:never|not)\s+(?:had|needed)\s+to\b",
    # A need denied of everyone ("nobody has to sign", "none of us had to wait").
    r"\b(?:nobody|no\s+one|no-one|none(?:\s+of\s+(?:us|them|you|the\s+\w+))?)\s+(?:(?:really|actually|ever)\s+)?"
    r"(?:has|have|had|needs?|needed)\s+to\b",
    r"\bnot\s+necessarily\b",
    rf"\b(?:not|never|no\s+longer|isn't|aren't|wasn't|weren't)\s+{_SOFTENER}{_DEONTIC}\b",
    r"\bno\s+longer\s+(?:need|needs|have\s+to|has\s+to|applies|apply|holds|hold|in\s+force|in\s+effect|"
    r"the\s+case|relevant|valid|an\s+issue|a\s+concern)\b",
    r"\bused\s+to\s+be\s+(?:required|mandatory|forbidden|prohibited|banned)\b",
    r"\bup\s+to\s+(?:you|the\s+agent|the\s+user|them|us|me|your\s+discretion)\b",
    r"\bat\s+(?:your|the\s+agent's|their|our)\s+discretion\b",
    r"\bdiscretionary\b",
    r"\bnot\s+always\b",
    r"\boptional(?:ly)?\b",
    r"\bwaived\b",
    r"\blifted\b",
    r"\brelaxed\b",
)
# Keeping away from something, said as a command or after a strong modal ("Keep Mrs. Lin
# off aspirin", "Stay out of the server room", "must steer clear of the east stairs"): a
# prohibition of what is kept away from, not an obligation to keep. "Keep X off" needs
# what X is kept off ("keep the lights off after 10 pm" is an obligation to keep them off).
_AWAY = r"(?:off|away\s+from|out\s+of|clear\s+of)"
_NOT_AN_OBJECT = (
    r"(?!(?:after|before|until|till|when|whenever|while|during|at|in|on|by|for|overnight|tonight|today)\b)"
)
_KEEP_AWAY = (
    rf"keep\s+(?:[^\s,;:!?]+\s+){{0,5}}?{_AWAY}(?=\s+{_NOT_AN_OBJECT}[a-z0-9$\u20ac\u00a3'\"])"
    rf"|keep\s+(?:[^\s,;:!?]+\s+){{1,5}}?from\s+[a-z]+ing\b"
    rf"|stay\s+{_AWAY}\b|steer\s+clear\s+of\b|abstain\s+from\b|withhold\b|hold\s+off\b|avoid\b"
)
_PROHIBITION = (
    r"\b(?:under\s+no\s+circumstances|at\s+no\s+time|in\s+no\s+case|on\s+no\s+account|"
    r"not\s+under\s+any\s+circumstances)(?:\s*,?\s*(?:should|shall|may|can|must|will|is|are|do|does)\b)?",
    r"\b(?:must|shall|may|can|will)\s+(?:not|never|no\s+longer)\b",
    # "can have no ibuprofen", "may take nothing by mouth": a permission of nothing forbids.
    r"\b(?:can|may)\s+(?:have|take|eat|drink|get|receive|use|be\s+given)\s+(?:no|nothing|none)\b"
    r"(?!\s+(?:more|less|fewer|later|earlier|longer)\b)",
    _directive(r"(?:not|never)\s+to\b"),
    # "must wait until Y" is "must not ... until Y": the waiting is the prohibition.
    r"\b(?:must|shall|has\s+to|have\s+to|needs?\s+to)\s+(?:wait|hold\s+off)\s+(?:until|till|for)\b",
    r"\b(?:wait|waits|hold\s+off|holds\s+off)\s+(?:until|till)\b",
    r"\b(?:is|are|stays?|remains?)\s+(?:blocked|barred|frozen)\b",
    r"\bbarred\s+from\b",
    r"\b(?:mustn't|shan't|can't|cannot)\b",
    r"\b(?:not|isn't|aren't)\s+(?:be\s+|currently\s+|ever\s+)?(?:allowed|permitted|authori[sz]ed)\b",
    r"\b(?:is|are)\s+not\s+to\b",
    r"\bnot\s+to\s+be\b",
    # "has never been called" reports the past; it states no rule.
    r"\bnever\b(?!\s+(?:been|was|were|had|did|happened)\b)",
    r"\bnot\s+ever\b",
    # "Do not" opening a clause is a negative command whatever verb it governs ("Do not change
    # the dose", "Don't include the draft"); only a verb of mind or courtesy ("don't worry",
    # "do not hesitate to call") is no rule. Later in a clause "does not change" describes.
    rf"{_CLAUSE_OPENS}(?:do\s+not|don't)\b{_NOT_MIND}",
    rf"\b(?:do|does)\s+not\b{_NOT_COGNITIVE}",
    # "not" opening a clause before a bound of time or condition, in note form: "Delivery to
    # the chapel: not before 2 p.m.", "Visits: not without an escort" forbid what the label names.
    rf"{_CLAUSE_OPENS}not\s+(?=(?:before|after|until|till|without|unless|during|outside|earlier\s+than|"
    r"later\s+than)\b)",
    rf"\b(?:don't|doesn't){_NOT_COGNITIVE}",
    r"\b(?:forbidden|forbid|forbids|prohibited|prohibit|prohibits|banned|disallowed|impermissible)\b",
    r"\boff[-\s]limits\b",
    r"\b(?:must|always|strictly)\s+(?:avoid|refrain\s+from)\b",
    r"\b(?:must|always|strictly|has\s+to|have\s+to|needs?\s+to|(?:make|be)\s+sure\s+to)\s+(?:"
    + _KEEP_AWAY
    + r")",
    r"\brefrain\s+from\b",
    # "A forklift stays out of aisle 9", "visitors remain clear of the line": the rule told as
    # what is done, in the present, like a standing procedure.
    rf"\b(?:stays?|remains?)\s+{_AWAY}\b",
    # "None leaves without a label", "nobody enters unless escorted": a universal negative
    # bounded by a condition is "never ... without".
    r"\b(?:none|nothing|nobody|no\s+one)\b(?=[^.;!?]*\b(?:without|unless|until|except|(?:is|are|was|were)\s+(?:ever\s+)?to)\b)",
    # "No vehicle leaves without ...", and so after a label ("Desk rule: no vehicle leaves ...",
    # "**Pool:** no diving"), where a clause starts as a sentence does.
    r"(?:^\s*|(?<=\bthat\s)|(?<=:\s)|(?<=:\*\*\s)|(?<=:__\s))(?:no|nil)\s+(?!more\b|less\b|later\b|earlier\b|longer\b|need\b|one\b|doubt\b|matter\b|exceptions?\b)",
    # An arrow in a note starts a clause as a colon does ("Order 12 -> no refund until ...").
    r"(?:(?<=->\s)|(?<==>\s)|(?<=\u2192\s))no\s+(?!more\b|less\b|later\b|earlier\b|longer\b|need\b|one\b|doubt\b|matter\b|exceptions?\b)",
)
_EMPHASIS = (
    r"\beven\s+(?:if|when|though|after|before|once|while|whilst|during)\b",
    r"\bregardless(?:\s+of)?\b",
    r"\bin\s+any\s+case\b",
    r"\bno\s+matter\s+(?:what|who|when|how|if)\b",
    r"\bwhatever\s+happens\b",
)
# Hedges spelled with words that are also conditions or obligations ("if needed",
# "unless necessary"): read before those.
_HEDGE_PHRASES = (
    r"\b(?:if|where|when|whenever|wherever|as\s+far\s+as|as\s+much\s+as|unless)\s+"
    r"(?:possible|practical|practicable|feasible|reasonable|convenient|appropriate|needed|necessary|"
    r"required|urgent|in\s+doubt)\b",
    r"\bas\s+(?:needed|appropriate|required)\b",
    r"\bmay\s+want\s+to\b",
    r"\bin\s+(?:general|most\s+cases|principle)\b",
)
_RESTRICTION = (
    # "only if": a restriction through a condition; an exception only where the invariant
    # has no "only" of its own (see judge).
    r"\bonly\s+(?:if|when|whenever|provided|as\s+long\s+as|so\s+long\s+as|on\s+condition)\b",
    r"\b(?:must|may|can|shall)\s+only\b",
    r"\bonly\b",
    r"\bexclusively\b",
    r"\bsolely\b",
    r"\b(?:no|not)\s+more\s+than\b",
    r"\bat\s+(?:the\s+)?most\b",
    r"\bup\s+to\b",
    r"\bmax(?:imum)?\b",
    r"\bcapped\s+at\b",
    r"\blimited\s+to\b",
    r"\b(?:cap|caps|limit|limits)\b",
)
_OBLIGATION = (
    r"\bmust\b",
    r"\bshall\b",
    r"\balways\b",
    r"\brequire[sd]?\b",
    r"\brequirement\b",
    r"\bmandatory\b",
    r"\bobligatory\b",
    r"\bobliged\b",
    r"\b(?:has|have|need|needs)\s+to\b",
    r"\bensure[sd]?\b",
    r"\bmake\s+sure\b",
    r"\bbe\s+sure\s+to\b",
    r"\bat\s+all\s+times\b",
    # "every time" closing its clause is "always"; before a clause ("every time the alarm
    # sounds") it is "whenever".
    r"\b(?:every|each)\s+(?:single\s+)?time\b(?=\s*(?:[,.;:!?)]|$|(?:and|or|but|without)\b))",
    r"\bwithout\s+(?:exception|fail)\b",
    r"\bno\s+exceptions?\b",
    # "The timesheets are to be reconciled": the be-to of an instruction ("is not to be" is
    # read first, as a prohibition).
    r"\b(?:is|are)\s+to\s+be\b",
    # "Any estimate needs the solicitor's sign-off", "approval is needed": a need of a thing
    # (a need to do something is read above).
    r"\bneeds?\s+(?=(?:the|a|an|their|his|her|its|our|your|my|prior|written|explicit)\b|\w+'s\b)",
    r"\b(?:is|are)\s+needed\b",
    # Reported speech moves the rule into the past: "has to" becomes "had to", "is to be"
    # "was to be" ("the form had to be signed", "keys were to be returned").
    r"\b(?:had|needed)\s+to\b",
    r"\b(?:was|were)\s+to\s+be\b",
    _directive(r"to\b"),
    # A need of a thing a named person gives, titled or not ("needs Dr. Osei's sign-off",
    # "needs Anna Ruiz's approval", "needs the parents' consent").
    r"\bneeds?\s+(?=(?:[a-z]{1,5}\.\s+)?(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*(?:'s|s')(?=\s|$))",
)
_RULE_AHEAD = (
    r"(?=[^,;:.!?]*?(?:"
    + "|".join(f"(?:{p})" for p in _OBLIGATION)
    + rf"|\b{_DEONTIC}\b|\bnever\b|\bnot\b|n't\b))"
)
"""A rule word later in the clause: what an epistemic hedge before it hedges."""
_EPISTEMIC = (
    # The rest of the epistemic words "probably" belongs with, when a rule word follows in
    # their clause: they say the rule may not hold ("a likely requirement", "is possibly
    # required", "presumably needs the owner's sign-off"). Over a fact they hedge the fact,
    # not the rule ("the results are likely back by Friday"), and in a compound they name
    # a thing ("the likely-travel-sick list").
    r"(?<![\w-])(?:(?:un)?likely|(?:im)?probable|possibly|presumably|supposedly|conceivably|potentially|"
    r"apparently)"
    r"(?![\w-])" + _RULE_AHEAD,
)
_HEDGE = (
    r"\bshould(?:n't)?\b",
    r"\bought\s+to\b",
    r"\bpreferabl[ey]\b",
    r"\bpreferred\b",
    r"\bprefers?\b",
    r"\bideally\b",
    r"\bconsider(?:s|ing)?\b",
    r"\btry\s+(?:to|not\s+to)\b",
    r"\btries\s+to\b",
    r"\battempt\s+to\b",
    r"\baim\s+to\b",
    r"\bstrive\s+to\b",
    r"\brecommend(?:s|ed|ation)?\b",
    r"\badvis(?:able|ed)\b",
    r"\bsuggest(?:s|ed|ion)?\b",
    r"\bencourag(?:e|ed|es)\b",
    r"\bdiscourag(?:e|ed|es)\b",
    r"\bbest\s+(?:to|practice|avoided|not)\b",
    # "is best left closed", "are best kept cool": advice, not a rule.
    r"\b(?:is|are|be|was|were)\s+best\s+(?:[a-z]+ed|"
    + "|".join(sorted({w for w in _norm.participles() if len(w) > 2}))
    + r")\b",
    r"\bgood\s+(?:idea|practice)\b",
    # "It is worth bringing the TTL down first", "worthwhile to check": advice, not a rule.
    r"\bworth\s+[a-z]+ing\b",
    r"\bworthwhile\b",
    r"\bwould\s+(?:help|be\s+(?:good|nice|helpful|wise|sensible|best|better))\b",
    r"\b(?:helpful|wise|sensible)\s+to\b",
    r"\bgenerally\b",
    r"\b(?:tends?|tended|tending)\s+to\b",
    r"\busually\b",
    r"\btypically\b",
    r"\bnormally\b",
    r"\bmostly\b",
    # Frequency short of always: the rule holds only part of the time.
    r"\b(?:most|much|some|part)\s+of\s+the\s+time\b",
    r"\bmore\s+often\s+than\s+not\b",
    r"\b(?:sometimes|occasionally)\b",
    r"\bmight\b",
    r"\bcould\b",
    r"\bperhaps\b",
    r"\bmaybe\b",
    r"\bprobably\b",
    r"\bavoid(?:s|ed|ing)?\b",
)
_MANNER = (
    r"\bcareful(?:ly)?\b",
    r"\bcautious(?:ly)?\b",
    r"\bwith\s+(?:care|caution)\b",
    r"\bsparingly\b",
    r"\bjudicious(?:ly)?\b",
    r"\bmindful(?:ly)?\b",
    r"\bthoughtfully\b",
    r"\bprudent(?:ly)?\b",
)
_PERMISSION = (
    r"\bmay\b",
    r"\bcan\b",
    r"\ballow(?:s|ed)?\b",
    r"\bpermit(?:s|ted)?\b",
    r"\bpermissible\b",
    r"\bauthori[sz]ed\b",
    r"\bacceptable\b",
    r"\b(?:is|are)\s+(?:fine|ok|okay)\b",
    r"\bfree\s+to\b",
    r"\bfeel\s+free\b",
)
_CONDITION = (
    r"\bunless\b",
    r"\buntil\b",
    r"\btill\b",
    r"\bwithout\b",
    r"\bbefore\b",
    r"\bexcept\b",
    r"\bother\s+than\b",
    r"\boutside\b",
    r"\b(?:more|less|fewer)\s+than\b",
    r"\bat\s+least\b",
    r"\bexceed(?:s|ing)?\b",
    r"\babove\b",
    r"\bbelow\b",
    r"\bwithin\b",
    r"\bif\b",
    r"\bafter\b",
    r"\bonce\b",
    r"\bprovided\b",
    r"\b(?:as|so)\s+long\s+as\b",
    r"\bwhen(?:ever)?\b",
    r"\bwhil(?:e|st)\b",
    r"\bduring\b",
    r"\bsubject\s+to\b",
    r"\bfollowing\b",
    r"\bon\s+condition\b",
    # A noun of occasion with a relative is "when" ("only in cases where the renter ...",
    # "in the event that the line drops"); "in case" alone is a precaution, not a condition.
    r"\bin\s+(?:the\s+|those\s+)?(?:cases?|instances?|situations?|circumstances|events?)\s+(?:where|when|that|in\s+which)\b",
    # A negated relative bounds a rule's object ("an adult who is not on the list"): the
    # rule restated with "only" ("only to adults on the list") keeps it.
    r"\b(?:who|that|which)\s+(?:is|are)\s+not\b",
)

# One alternation per group: at each position the first listed pattern wins, so the
# longer phrase ("must never") is tried before its parts ("never").
_TABLE: tuple[tuple[CueKind, re.Pattern[str]], ...] = tuple(
    (kind, re.compile("|".join(f"(?:{p})" for p in patterns)))
    for kind, patterns in (
        (CueKind.WAIVER, _WAIVER),
        (CueKind.PROHIBITION, _PROHIBITION),
        (CueKind.EMPHASIS, _EMPHASIS),
        (CueKind.HEDGE, _HEDGE_PHRASES + _EPISTEMIC),
        (CueKind.RESTRICTION, _RESTRICTION),
        (CueKind.OBLIGATION, _OBLIGATION),
        (CueKind.HEDGE, _HEDGE),
        (CueKind.MANNER, _MANNER),
        (CueKind.PERMISSION, _PERMISSION),
        (CueKind.CONDITION, _CONDITION),
    )
)
_SPACES = re.compile(r"\s+")
_CONSTRAINT = re.compile(
    "|".join(f"(?:{p})" for p in (*_PROHIBITION, *_RESTRICTION, *_OBLIGATION, _MANDATIVE.pattern))
)
# Conditions that carve an exception out of a rule. Added to a rule that had none,
# they narrow it ("Never call X *unless the user asks*").
# Carve-outs that narrow even a conditional rule ("..., except on Fridays").
_CARVE_OUTS = frozenset({"except", "other than"})
_NEGATIVE_CONDITIONS = frozenset({"without", "unless", "except", "other than"})
_COMPLEMENTED = _NEGATIVE_CONDITIONS | {"until", "till", "before", "after", "once", "if", "when", "whenever"}
"""Connectives whose rule can be restated through its complement ("never A without B" is
"A only if B"; "never A until B" is "A only after B"), so a new "if" or "once" is no exception."""
_SIDES = (
    frozenset({"before", "until", "till"}),
    frozenset({"after", "once", "following"}),
    frozenset({"while", "whilst", "during", "as long as", "so long as"}),
)
"""The sides of a bound in time: a prohibition on one side ("never after midnight") is kept
by a restriction to the other ("only before midnight"), never to its own."""


def _same_side(own: frozenset[str], restated: frozenset[str]) -> tuple[str, ...]:
    """The connectives of ``restated`` on the same side of a time bound as ``own``'s; none
    when ``own`` bounds on more than one side ("after midnight before her op"): which bound
    a restriction restates is then not told."""
    sides = [side for side in _SIDES if own & side]
    return tuple(sorted(restated & sides[0])) if len(sides) == 1 else ()


_ADDED_EXCEPTIONS = frozenset({"unless"})
"""Exceptions that only a complement can excuse: beside the invariant's own connective they narrow it."""
_DURING = frozenset({"while", "whilst", "during", "as long as", "so long as"})
"""Connectives of one span of time: "never A while B" and "never A during B" are "no A for
as long as B"."""
_EXCEPTIONS = frozenset(
    {"unless", "except", "other than", "without", "if", "when", "whenever", "provided", "as long as"}
    | {"so long as", "outside", "on condition"}
)


@dataclass(frozen=True, slots=True)
class Reading:
    """The cues found in one clause (or one whole text), in the order they were read."""

    cues: tuple[Cue, ...] = ()

    def words(self, *kinds: CueKind) -> tuple[str, ...]:
        """The cue words of the given kinds, without repeats, in reading order."""
        seen: dict[str, None] = {}
        for cue in self.cues:
            if cue.kind in kinds:
                seen.setdefault(cue.text, None)
        return tuple(seen)

    def has(self, *kinds: CueKind) -> bool:
        return any(cue.kind in kinds for cue in self.cues)

    @property
    def conditional(self) -> bool:
        """Whether the statement is bounded by a condition or a restriction."""
        return self.has(CueKind.CONDITION, CueKind.RESTRICTION)


# Adjective uses of hedge words ("her preferred name", "the recommended dose") describe a
# thing, they do not soften a rule: blanked before the table is read.
_ADJECTIVE = re.compile(
    r"(?:\b(?:the|a|an|my|your|his|her|their|our|its|whose)|\w's|\ws')\s+"
    r"(?:preferred|recommended|suggested|preferable|usual|typical|normal|possible|ideal|"
    # "the likely cause", "the likely travel-sick list" describe a thing; "a likely requirement"
    # hedges the rule itself, and is read as a hedge.
    r"(?:un)?likely(?!\s+(?:requirements?|rules?|obligations?|prerequisites?)\b))\b"
)
_MANNER_ADJECTIVE = re.compile(
    r"\b(?:careful|cautious|judicious|prudent|mindful)\s+(?=(?!(?:with|when|whenever|to|not|about|if|of|"
    r"that|and|or|in|around|near|while|during|before|after|at|on|for|so|enough|as|but)\b)[a-z][a-z-]*\b)"
)
"""A manner word before the noun it describes ("keep *careful* records", "however *careful*
the cook") describes a thing; it does not soften the rule as "carefully" or "be careful
with" does."""
# A verb of advice that is the act a rule governs, not the speaker's advice on it: after a
# rule word that opens a command or follows a modal ("Never suggest shellfish", "staff must
# not recommend a broker"), or as the verb of a clause of time or condition ("before I
# suggest a dish", "unless the vet recommends it", "if advised by the pharmacist": the
# clause's subject a pronoun or a determiner's noun). The speaker's own advice ("we suggest
# calling", "checking it before booking is recommended") is still a hedge; a past "advised
# that" reports what was said, as "informed that" does.
_ADVICE_VERB = r"(?:suggest(?:s|ed)?|recommend(?:s|ed)?|advis(?:e|es|ed)|encourag(?:e|es|ed))\b"
_ADVICE_WORD = re.compile(r"\b" + _ADVICE_VERB)
_GOVERNED_ADVICE = re.compile(
    r"(?:(?:^|(?<=[:;(]\s)|(?<=[:;(]))\s*(?:please\s+)?(?:never|do\s+not|don't|always)"
    r"|\b(?:must|shall|may|will)\s+(?:not|never)|\b(?:mustn't|shan't|won't))\s+(?=" + _ADVICE_VERB + ")"
    r"|\b(?:before|after|when|whenever|until|till|once|while|if|unless)\s+"
    r"(?:(?:i|you|he|she|we|they|someone|anyone|(?:the|a|an|my|your|his|her|our|their)\s+[a-z][\w'-]*"
    r"(?:\s+[a-z][\w'-]*)?)\s+)?(?=" + _ADVICE_VERB + ")"
    # "The agent advised that the pens go in the cabin": a past report of what was said, as
    # "informed that"; the clause it reports keeps its own force.
    r"|(?=advised\s+" + _ADDRESSEE + r"that\b)|(?=advised\s+that\b)"
)


def _governed_advice(text: str) -> str:
    """``text`` (lower case) with each verb of advice a rule governs blanked (:data:`_GOVERNED_ADVICE`)."""
    for match in _GOVERNED_ADVICE.finditer(text):
        verb = _ADVICE_WORD.match(text, match.end())
        if verb is not None:
            start, end = verb.span()
            text = text[:start] + " " * (end - start) + text[end:]
    return text


# Noun uses of permission words ("before the permit is issued", "a parking permit is
# required"): a document, not a grant. Blanked with the adjectives.
_DETERMINER = r"(?:\b(?:the|a|an|my|your|his|her|their|our|its|each|every|any|no)|\w's|\ws')"
_NOUN = re.compile(
    rf"{_DETERMINER}\s+permits?\b"
    # "the hot-work permit before ...": a word between, and what follows a noun, not an object.
    rf"|{_DETERMINER}\s+[a-z-]+\s+permits?(?=\s*(?:[.,;:!?)]|$)|\s+(?:is|are|was|were|has|have|had|"
    r"will|must|for|from|to|of|on|in|at|before|after|until|and|or|number|holder|application|expires?)\b)"
)
# A frame that reports a rule to the reader ("The assistant should remember that X may ...",
# "We need to keep in mind to run ..."): its modal belongs to the summary, not to the rule.
# The rule is what follows; after "to" its infinitive is the command.
_FRAME = re.compile(
    r"^[^,;:.!?]{0,60}?\b(?:(?:should|must|shall|will|needs?\s+to|has\s+to|have\s+to|ought\s+to|"
    r"(?:make|be)\s+sure\s+to)\s+)?(?:always\s+)?(?:remember|bear\s+in\s+mind|keep\s+in\s+mind|note|"
    r"agreed|decided|promised|committed|undertook|resolved)"
    r"\s+(?:that\s+|to\s+(?=[a-z]))",
    re.IGNORECASE,
)


# Hesitation sounds of speech ("uh", "um", "erm"; "like" set off by commas) are no words of
# the sentence: a rule said aloud ("uh before you quote ..., get ...", "you can um waive the
# fee") is read as if written without them. Capitals of an acronym ("UM") are a word.
_FILLER = re.compile(
    r"(?<![\w'-])(?:[Uu]h+|[Uu]m+|[Uu]hm+|[Ee]rm+|[Ee]r|[Hh]mm+)(?![\w'-])\s*,?\s*"
    r"|(?:(?<=,)|^)\s*[Ll]ike\s*,\s*"
)


def fluent(text: str) -> str:
    """``text`` without the hesitation sounds of speech (:data:`_FILLER`)."""
    if not _FILLER.search(text):
        return text
    return _FILLER.sub(lambda m: " " if m.start() and not text[m.start() - 1].isspace() else "", text)


# The slash abbreviations of "with" and "without" in notes ("w/o the meds", "w/ a gown"):
# the connective they stand for is read.
_SLASHED = re.compile(r"(?<![\w/])[Ww]/(?:(?P<out>[Oo])(?![\w/-])|(?=\s))")


# "Save" as the preposition of exception in formal English (", save in the case of
# emergency", ", save where the tenant consents"): after a comma and before the phrase it
# excepts, it is "except"; "save it in the folder" and a leading "Save for later" are the verb.
_SAVE = re.compile(r"(?<=,)(\s+)save(?=\s+(?:in|for|where|when|that|as|if|on|with|by)\b)", re.IGNORECASE)


def spelled(text: str) -> str:
    """``text`` with "w/o" and "w/" written out as "without" and "with" (:data:`_SLASHED`),
    and a comma's "save" of exception as "except" (:data:`_SAVE`)."""
    if "/" in text:
        text = _SLASHED.sub(lambda m: "without" if m.group("out") else "with", text)
    if "save" in text.lower():
        text = _SAVE.sub(lambda m: m.group(1) + "except", text)
    return text


def unframed(text: str) -> str:
    """``text`` without a frame that reports its rule ("The assistant should remember that"),
    without hesitation sounds (:func:`fluent`) and with "w/o" spelled out (:func:`spelled`)."""
    clean = spelled(fluent(normalize(text)))
    match = _FRAME.match(clean)
    return clean[match.end() :] if match else clean


_IMPERATIVE_SKIP = re.compile(r"^\s*(?:please|just|now|first|then|also|and|so)\b[\s,]*", re.IGNORECASE)
# A label before a colon ("Customer exports: keep each under 10,000 rows", a list heading
# read with its bullet, "The routine she asked me to keep: log ..."): the command starts
# after it, or after a fronted adverbial that follows it ("Checklist: on each trip, carry ...").
# A period that ends no sentence is part of the label: a decimal point or one inside an
# abbreviation ("100.4", "i.e."), or one before anything but a capital, where no sentence
# starts ("Any infant under 3 mos. with a fever:", "after 6 p.m. (e.g. late clinics):").
_LABEL = re.compile(r"^(?:[^:.!?;]|\.(?=\S|\s+[^A-Z\s])){1,80}:(?:\*\*|__|\*|_)?\s+(?=\S)")
_OWN_CLAUSE = (
    r"(?:(?!\b(?:before|after|when|whenever|if|unless|until|till|once|while|because|since|that|which|who|"
    r"whom|whose|where|so|and|or|but)\b)[^.;!?])"
)
"""A character of the same clause: a subordinate or coordinate clause ("before the keys
are handed over") has verbs of its own."""
_IMPERATIVE = re.compile(
    r"^\s*(?P<verb>(?:[a-z]+-)?[a-z]+)\s+(?=(?:the|a|an|all|every|each|any|your|my|our|their|his|her|its|this|that|"
    r"these|those|it|them|him|me|us|to|up|off|out|on|in|at|with|within|for|from|before|after|back|away|"
    r"by|until)\b|"
    r"[A-Z0-9$\u20ac\u00a3'\"`]|(?:[a-z][a-z-]*\s+){0,3}[a-z]+s\s+(?:at|to|under|over|below|above|within|before|after|"
    r"by|in|on|for|from|with|until|every|each|once|through|via|into|across|[0-9$\u20ac\u00a3])\b|"
    # A bare noun then "of" ("get proof of", "keep copies of", "take written note of"): the
    # word before "of" is a noun, so the first word is its verb, when no auxiliary later in
    # the clause makes the first words a subject ("Written proof of it was filed").
    r"(?:[a-z][a-z-]*\s+){0,2}[a-z]+\s+of\b(?!"
    + _OWN_CLAUSE
    + r"*\b(?:is|are|was|were|be|been|being|has|have|had|will|would)\b)|"
    # A bare noun then its code ("close valve V-12", "lock door B", "reset pump 4"): the noun
    # and its name are the object, so the first word is its verb, on the same terms.
    r"(?:[a-z][a-z-]*\s+){0,2}[a-z]+\s+(?:[A-Z]{1,4}-?[0-9]+[A-Za-z]?|[0-9]+[A-Za-z]?|[A-Z])\b(?![-.,:]\w)(?!"
    + _OWN_CLAUSE
    + r"*\b(?:is|are|was|were|be|been|being|has|have|had|will|would)\b))",
)
# A command after a fronted adverbial ("Before any blood draw, check the wristband"; "On
# weekdays, call the desk first"): the command starts after the comma.
_FRONTED = re.compile(
    r"^\s*(?:before|after|when|whenever|once|if|unless|until|on|at|in|during|for|every|each|with|"
    r"without|from|by|between)\b[^,;:.!?]{1,60},\s*(?=\S)",
    re.IGNORECASE,
)
_LY_VERBS = frozenset(
    {"reply", "apply", "supply", "comply", "imply", "multiply", "rely", "fly", "ally", "tally"}
)
"""Verbs that end like adverbs in "-ly"."""
_NOT_VERBS = frozenset(
    [
        "i",
        "you",
        "he",
        "she",
        "it",
        "we",
        "they",
        "this",
        "that",
        "these",
        "those",
        "the",
        "a",
        "an",
        "my",
        "your",
        "his",
        "her",
        "our",
        "their",
        "its",
        "there",
        "here",
        "what",
        "which",
        "who",
        "when",
        "where",
        "why",
        "how",
        "if",
        "unless",
        "until",
        "while",
        "because",
        "since",
        "as",
        "so",
        "and",
        "or",
        "but",
        "no",
        "nil",
        "not",
        "all",
        "each",
        "every",
        "some",
        "any",
        "many",
        "much",
        "more",
        "most",
        "few",
        "other",
        "such",
        "only",
        "also",
        "even",
        "very",
        "too",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "with",
        "by",
        "of",
        "under",
        "over",
        "after",
        "before",
        "between",
        "up",
        "down",
        "out",
        "off",
        "about",
        "per",
        "yes",
        "ok",
        "okay",
        "policy",
        "rule",
        "note",
    ]
)


def imperative(text: str) -> str | None:
    """The verb of a command without a modal word ("Keep the budget under 2000 euros"), or None.

    A clause that starts with a bare verb followed by its object or a preposition
    ("Cap refunds at $200": a plural object then a preposition or an amount), possibly
    after a label ("Exports: keep each under 10,000 rows"), a fronted adverbial ("Before
    any blood draw, check the wristband") or both ("Trips: on each flight, carry ..."):
    the verb is not a function word and carries no -s, -ed or -ing ending, nor an
    adverb's -ly ("reply" and "apply" are verbs).
    """
    for head in _heads(text):
        verb = _command_verb(head)
        if verb is not None:
            return verb
    return None


def _heads(text: str) -> tuple[str, ...]:
    """Where a command in ``text`` may start: the text itself, after its label, after its
    fronted adverbial, or after both."""
    clean = unframed(text)
    labelled = _LABEL.sub("", clean, count=1)
    heads = (clean, labelled, _FRONTED.sub("", clean, count=1), _FRONTED.sub("", labelled, count=1))
    return tuple(dict.fromkeys((*heads, *_note_heads(clean), *_addressed(clean), *_addressed(labelled))))


# A fronted clause of time or condition whose subject is the reader ("before you quote a
# heater", "if you see smoke"), written without its comma: the main clause after it has no
# subject of its own, so a bare verb after the clause's verb and its object starts the
# command ("before you quote a replacement heater get the customer to ...").
_ADDRESSED = re.compile(
    r"^\s*(?:before|after|when|whenever|once|if|until|till|as\s+soon\s+as)\s+you\s+[a-z][\w'-]*\s+",
    re.IGNORECASE,
)


def _addressed(clean: str) -> tuple[str, ...]:
    """Where the command after an unpunctuated fronted "you" clause (:data:`_ADDRESSED`) may
    start: each word after the clause's verb that follows a content word (the end of the
    clause's object, not a determiner or a preposition) and opens a command."""
    match = _ADDRESSED.match(clean)
    if match is None or "," in clean[: match.end() + 60]:
        return ()  # with its comma the clause is read by _FRONTED
    rest = clean[match.end() :]
    words = list(re.finditer(r"\S+", rest))
    for before, word in itertools.pairwise(words):
        previous = before.group().lower()
        if previous in _NOT_VERBS or (previous.endswith("ly") and previous not in _LY_VERBS):
            continue
        head = rest[word.start() :]
        if _command_verb(head) is not None:
            return (head,)
    return ()


# A note's line opens with a time stamp ("14:05", "[09:30]", "2026-03-01 14:05") and then,
# often, a speaker's label ("14:05 user: ..."); its colons are not a label's.
_STAMP = re.compile(
    r"^\s*\[?(?:\d{4}-\d{2}-\d{2}[ T]?)?\d{1,2}[:.]\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?\]?\s+(?=\S)",
    re.IGNORECASE,
)
# An arrow in a note starts a clause as a colon does ("ticket 44 -> escalate it to tier 2").
_ARROW = re.compile(r"^[^!?;]{1,80}?(?:->|=>|\u2192)\s*(?=\S)")


def _note_heads(clean: str) -> tuple[str, ...]:
    """More places a command in a note may start: after a time stamp, after labels one
    inside another (a list heading, then the bullet's own label: "rules: kitchen: ..."),
    and after an arrow; a fronted adverbial may follow each."""
    out: list[str] = []
    head = _STAMP.sub("", clean, count=1)
    for _ in range(3):
        if head != clean:
            out.append(head)
        head, count = _LABEL.subn("", head, count=1)
        if not count:
            break
    out.append(head)
    arrow = _ARROW.sub("", clean, count=1)
    if arrow != clean:
        out.append(arrow)
    out.extend([_FRONTED.sub("", h, count=1) for h in out])
    return tuple(out)


_KEEP_AWAY_COMMAND = re.compile(rf"(?:{_KEEP_AWAY})", re.IGNORECASE)
_KEEP_AWAY_VERB = re.compile(r"\b(?:keep|stay|steer|abstain|withhold|hold|avoid)\b")


def _keep_away(text: str) -> str | None:
    """The words of a command to keep away from something at the start of a clause of
    ``text`` ("keep Mrs. Lin off aspirin", "avoid", "stay out of"), or None."""
    for head in _heads(text):
        head = _IMPERATIVE_SKIP.sub("", head)
        match = _KEEP_AWAY_COMMAND.match(head)
        if match is not None:
            return match.group()
    return None


_PARTICLES = _norm.PARTICLES
"""The particles of phrasal verbs: hyphened to a verb they make a noun ("a follow-up")."""


def _command_verb(text: str) -> str | None:
    clean = _IMPERATIVE_SKIP.sub("", text)
    match = _IMPERATIVE.match(clean[:1].lower() + clean[1:] if clean else clean)
    if match is None:
        return None
    verb = match.group("verb")
    if "-" in verb:
        # A hyphenated compound ("double-check", "re-seal") is a verb when its last part is
        # one; a verb and its particle hyphenated ("follow-up", "check-in") is a noun.
        last = verb.partition("-")[2]
        if last in _PARTICLES or _command_verb(last + clean[match.end("verb") :]) is None:
            return None
    if verb in _NOT_VERBS or len(verb) < 3:
        return None
    if verb.endswith(("ed", "ing", "ss")) and verb not in _BASE_LOOKALIKES:
        return None
    if verb.endswith("ly") and verb not in _LY_VERBS:
        return None  # an adverb ("usually", "only"), not a command
    if verb.endswith("s") and not verb.endswith(("ss", "us")):
        return None  # "refunds up to $50": a plural noun or a third-person verb, not a command
    return verb


_BASE_LOOKALIKES = frozenset(
    {"bring", "ring", "sing", "sting", "swing", "string", "fling", "cling", "wring", "spring"}
    | {"feed", "need", "heed", "bleed", "breed", "speed", "seed", "weed", "proceed", "exceed", "succeed"}
    | {"shed", "shred", "embed", "wed"}
    | {"press", "pass", "cross", "dress", "kiss", "toss", "miss", "discuss", "assess", "address"}
    | {"process", "express", "dismiss", "guess", "stress", "confess", "bless", "caress", "harness"}
)
"""Base verbs that end like a participle or a noun in "-ss" ("Bring the TTL down", "Feed
the cat twice a day", "Press the reset button"): each is a command's verb."""


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group())


# The note form of "X is to be done": a noun phrase opening the clause, then "to be" and a
# participle, with no verb of its own ("Plan: bloods to be taken daily", "Car to be returned
# by 5"). A verb or adjective that takes the infinitive ("seems to be", "likely to be",
# "yet to be"), a pronoun or an auxiliary makes it a sentence of another kind.
_NOTE_INFINITIVE = re.compile(
    r"^\s*(?P<np>(?:[a-z0-9][\w'-]*\s+){1,6}?)to\s+be\s+(?:[a-z]+ed|[a-z]+en|"
    + "|".join(sorted({w for w in _norm.participles() if len(w) > 2}))
    + r")\b"
)
_NOTE_SUBJECT_STOPS = (
    "i you he she it we they me him us them this that there here who what which how when where why "
    "whether is are was were be been being am has have had do does did will would can could may might "
    "must shall should ought need needs seem seems appear appears want wants tend tends happen happens "
    "hope hopes plan plans deserve deserves wish wishes claim claims prove proves promise promises "
    "refuse refuses fail fails intend intends mean means wait waits continue continues begin begins "
    "start starts get gets like likes love loves hate hates prefer prefers choose chooses decide decides "
    "ask asks expect expects likely unlikely able unable ready due about yet set bound sure certain "
    "glad happy sorry keen eager willing free easy hard difficult nice good best better worth order "
    "not never no only also just still already soon"
)
_NOT_IN_NOTE_SUBJECT = frozenset(_NOTE_SUBJECT_STOPS.split())


# An instruction in note form with a quantified subject and a to-infinitive, no finite
# verb: "All stewards to wear hi-vis", "Each guest to sign the book". A finite verb later
# in the clause makes "to" a preposition of the subject ("All trains to Leeds are late").
_NOTE_INSTRUCTION = re.compile(
    r"^\s*(?:all|every|each|both)\s+(?P<np>(?:[a-z0-9][\w'-]*\s+){1,4}?)to\s+(?P<verb>[a-z][a-z-]*)\s+"
    r"(?!" + _OWN_CLAUSE + r"*\b(?:is|are|was|were|be|been|has|have|had|will|would|can|could|does|do|did)\b)"
)
_NOT_AN_INFINITIVE = frozenset(
    (_NOTE_SUBJECT_STOPS + " the a an my your our their his her its each every all any some").split()
)


def _note_obligation(text: str) -> str | None:
    """The words "to be" of a rule in note form ("Plan: bloods to be taken daily"), or
    "to" + the verb of a quantified instruction ("All rangers to report ..."), or None."""
    for head in _heads(text):
        lowered = head.lower()
        match = _NOTE_INFINITIVE.match(lowered)
        if match is None:
            instruction = _NOTE_INSTRUCTION.match(lowered)
            if instruction is None or instruction.group("verb") in _NOT_AN_INFINITIVE:
                continue
            if any(w in _NOT_IN_NOTE_SUBJECT for w in instruction.group("np").split()):
                continue
            return f"to {instruction.group('verb')}"
        words = match.group("np").split()
        if any(w in _NOT_IN_NOTE_SUBJECT or w.endswith(("ing", "ed", "ly")) for w in words):
            continue
        return "to be"
    return None


# A report in the past ("The human explained that ...", "she told us a volunteer ...") moves
# its modals back a tense: "could" there is "can", a permission, not a hedge; "could not"
# is "cannot". "Could have" is still a supposition.
_REPORTED_PAST = re.compile(
    r"\b(?:said|told|explained|reminded|confirmed|stated|noted|mentioned|stressed|insisted|clarified|"
    r"specified|emphasi[sz]ed|pointed\s+out|made\s+(?:it\s+)?clear|added|replied|answered|wrote|"
    r"announced|informed|agreed|decided|ruled|instructed|warned)\b"
)
_BACKSHIFTED_COULD = re.compile(
    r"\bcouldn't\b(?!\s+have\b)|\bcould\b(?!(?:\s+(?:not|never))?\s+have\b)(?:\s+(?P<neg>not|never)\b)?"
)


def _backshifted(work: str) -> list[tuple[int, int, Cue]]:
    """The "could" of a past report in ``work`` (lower case) as the cue it reports."""
    frame = _REPORTED_PAST.search(work)
    if frame is None:
        return []
    out = []
    for match in _BACKSHIFTED_COULD.finditer(work, frame.end()):
        negated = match.group("neg") is not None or match.group().endswith("n't")
        kind = CueKind.PROHIBITION if negated else CueKind.PERMISSION
        words = _SPACES.sub(" ", match.group())
        out.append((match.start(), match.end(), Cue(kind, f"{words} (reported)")))
    return out


# "Optional" before its noun names a kind of thing ("quote the optional excursions", "an
# optional extra"): an adjective, not a lifted constraint. After a copula ("is an optional
# step") or on its own ("the step is optional") it still lifts the rule.
_OPTIONAL_NOUN = re.compile(
    r"(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!\bwere\s)(?<!\bbe\s)(?<!\bbeen\s)(?<!\bas\s)"
    r"(?<!\bremains\s)(?<!\bstays\s)(?<!\bbecomes\s)"
    r"\b(?:the|an?|any|all|each|every|these|those|this|that|its|their|our|your|his|her|my)\s+"
    r"(?:[a-z0-9-]+\s+)?(?P<word>optional)\s+(?!(?:and|or|but|if|for|to|unless|when|where)\b)(?=[a-z0-9`?/.#-])"
)


def _attributive(text: str) -> str:
    """``text`` (lower case) with each attributive "optional" blanked."""
    for match in _OPTIONAL_NOUN.finditer(text):
        start, end = match.span("word")
        text = text[:start] + " " * (end - start) + text[end:]
    return text


# A condition on someone happening to be available ("if he's around", "when a nurse is
# free", "if the supervisor is available"): a duty bound by it holds only when convenient,
# so beside a prohibition or an obligation that has no such condition it is a hedge (see
# judge). "Only if ..." restricts, and "if nobody is around" carves a real exception.
_AVAILABILITY = re.compile(
    r"(?<!\bonly\s)\b(?:if|when|whenever|where)\s+(?!(?:no|nobody|none|nothing|neither|no\s+one)\b)"
    r"(?:[a-z][\w.-]*\s+){0,2}[a-z][\w-]*(?:'s|'re|\s+(?:is|are|happens\s+to\s+be|happen\s+to\s+be))\s+"
    r"(?:around|about|available|free|nearby|reachable|handy|on\s+hand)\b"
)
_AVAILABLE = " (availability)"


@functools.lru_cache(maxsize=8192)
def read(text: str) -> Reading:
    """Every cue in ``text``; each match consumes its words so no word counts twice.

    A command with no modal word ("Keep the budget under 2000 euros") reads as an
    obligation, its verb the cue (:func:`imperative`).
    """
    original = unframed(text)
    work = _NOUN.sub(_blank, _MANNER_ADJECTIVE.sub(_blank, _ADJECTIVE.sub(_blank, original.lower())))
    if "optional" in work:
        work = _attributive(work)
    if _ADVICE_WORD.search(work):
        work = _governed_advice(work)
    if len(work) != len(original):
        original = work  # a case change that changed the length: read without capitals
    found: list[tuple[int, Cue]] = []
    away = _keep_away(text) if _KEEP_AWAY_VERB.search(work) else None
    if away is not None:
        start = work.find(away.lower())
        if start != -1:
            # "keep Mrs. Lin off aspirin" forbids aspirin; its words are not read again.
            words = _SPACES.sub(" ", away.strip().lower())
            found.append((start, Cue(CueKind.PROHIBITION, f"{words} (a command)")))
            work = work[:start] + " " * len(away) + work[start + len(away) :]
    for match in _AVAILABILITY.finditer(work):
        start, end = match.span()
        found.append((start, Cue(CueKind.CONDITION, _SPACES.sub(" ", match.group()) + _AVAILABLE)))
        work = work[:start] + " " * (end - start) + work[end:]
    if " be " in work:
        for match in _MANDATIVE.finditer(work):
            start, end = match.span("be")
            words = _SPACES.sub(" ", match.group("be"))
            kind = CueKind.PROHIBITION if words.startswith("not") else CueKind.OBLIGATION
            found.append((start, Cue(kind, words)))
            work = work[:start] + " " * (end - start) + work[end:]
    if "could" in work:
        for start, end, cue in _backshifted(work):
            found.append((start, cue))
            work = work[:start] + " " * (end - start) + work[end:]
    for kind, pattern in _TABLE:
        for match in pattern.finditer(work):
            start, end = match.span()
            if start == end or (kind is CueKind.PERMISSION and _text.month_may(original, start, end)):
                continue  # "moves in on 1 May", "the May rota": the month, no permission
            words = _SPACES.sub(" ", match.group().strip(" ,"))
            found.append((start, Cue(kind, words)))
            work = work[:start] + " " * (end - start) + work[end:]
    found.sort(key=lambda item: item[0])
    forceful = (
        CueKind.PROHIBITION,
        CueKind.OBLIGATION,
        CueKind.WAIVER,
        CueKind.HEDGE,
        CueKind.PERMISSION,
        CueKind.MANNER,
    )
    if not any(cue.kind in forceful for _, cue in found):
        verb = imperative(text)
        if verb is not None:
            found.insert(0, (0, Cue(CueKind.OBLIGATION, f"{verb} (a command)")))
        elif (note := _note_obligation(text)) is not None:
            found.insert(0, (0, Cue(CueKind.OBLIGATION, f"{note} (a note)")))
    return Reading(tuple(cue for _, cue in found))


_FORCEFUL = frozenset(
    {CueKind.PROHIBITION, CueKind.OBLIGATION, CueKind.WAIVER, CueKind.HEDGE, CueKind.PERMISSION}
    | {CueKind.MANNER}
)


_RELEASING = frozenset({"waived", "lifted", "relaxed"})


def own_act(reading: Reading, invariant: str) -> Reading:
    """``reading`` without the releasing verbs ("waived", "lifted", "relaxed") that are the
    invariant's own verb: in a rule about waiving ("Agents may waive the fee only ...") "the
    fee can be waived" names the act the rule governs, not a lift of the rule."""
    from pytest_compaction.prose.normalize import stem, tokens

    if not any(cue.kind is CueKind.WAIVER and cue.text in _RELEASING for cue in reading.cues):
        return reading
    own = {t.norm for t in tokens(invariant)}
    return Reading(
        tuple(
            cue
            for cue in reading.cues
            if not (cue.kind is CueKind.WAIVER and cue.text in _RELEASING and stem(cue.text) in own)
        )
    )


def command_verb(reading: Reading) -> str | None:
    """The verb of the command a reading was read as ("turn" of "Turn off the breaker ..."), or None."""
    for cue in reading.cues:
        if cue.kind is CueKind.OBLIGATION and cue.text.endswith(" (a command)"):
            return cue.text[: -len(" (a command)")]
    return None


def commanded(text: str, verb: str) -> Reading:
    """``read(text)``, and when it has no modal cue and a clause of ``text`` opens with the bare
    ``verb`` a rule commands, that command: a note drops the articles and keeps the verb
    ("kitchen: turn breaker off before ..." for "Turn off the breaker before ..."), so the
    rule's own verb, known to be a verb from the rule, starts the command whatever follows."""
    reading = read(text)
    if any(cue.kind in _FORCEFUL for cue in reading.cues):
        return reading
    pattern = re.compile(rf"{re.escape(verb)}\s+(?=[a-z0-9$\u20ac\u00a3'\"])")
    for head in _heads(text):
        head = _IMPERATIVE_SKIP.sub("", head)
        if pattern.match(head[:1].lower() + head[1:]):
            return Reading((Cue(CueKind.OBLIGATION, f"{verb} (a command)"), *reading.cues))
    return reading


_CONDITION_ONLY = re.compile(
    "|".join(
        f"(?:{p})" for p in (*_CONDITION, r"\bonly(?=\s+(?:with|by|for|from|through|via|under|on|in)\b)")
    )
)
"""Condition words, and "only" before a phrase that states a condition ("only with the
manager's written approval", "only by staff")."""
_SHIELDS = re.compile("|".join(f"(?:{p})" for p in (*_EMPHASIS, *_HEDGE_PHRASES, *_WAIVER)))
_CLAUSE_END = re.compile(r"[;!?()]|[,:.](?!\d)|\s(?:and|or|but)\s")
"""Where a condition's phrase ends; a period, comma or colon inside a number or time
("99.5%", "1,200", "9:30") ends nothing."""


def _stem_set(words: str) -> frozenset[str]:
    from pytest_compaction.prose.normalize import stem

    return frozenset(stem(w) for w in words.split())


_CONDITION_CONTENT = _stem_set(
    "same new day days week weeks month months year years next time times today tonight"
)
"""Words the stop list leaves out that state what a condition asks ("on the same day")."""
_PRESENCE = _stem_set("present there around available attendance onsite on-site")
"""Words that only say who or what is there: "without a vet present" is "without a vet"."""


_COMPLEX_PREPOSITION = re.compile(r"\bin\s+(?:the\s+)?(?:case|event)\s+of\b")


def condition_words(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each condition of ``text`` with the content words that state it, as stems:
    "refund up to $50 after supervisor review" ->
    ``(("after supervisor review", ("supervisor", "review")),)``.

    The words are the ones after the condition word up to the end of its phrase,
    function words left out (words of time and sameness stay: "on the same day"); a
    summary keeps the condition when it keeps most of them (:func:`kept`).
    """
    from pytest_compaction.prose.normalize import tokens
    from pytest_compaction.prose.statements import STOPWORDS

    function_words = STOPWORDS - _CONDITION_CONTENT

    work = _SHIELDS.sub(lambda m: " " * len(m.group()), spelled(fluent(normalize(text))).lower())
    out: list[tuple[str, tuple[str, ...]]] = []
    for match in _CONDITION_ONLY.finditer(work):
        rest = work[match.end() :]
        end = _CLAUSE_END.search(rest)
        phrase = rest[: end.start()] if end else rest
        # A complex preposition's noun says nothing of the condition: "in the case of
        # emergency", "in the event of a leak" ask for the emergency, the leak.
        phrase = _COMPLEX_PREPOSITION.sub(" ", phrase)
        # "without a vet present" asks for no vet: the word of presence adds nothing. An
        # identifier states a condition ("if the incident is Sev-1"), and so does a number,
        # the bound it sets ("more than two years"); other values (units, dates, amounts'
        # currencies) are read as values, and a condition that holds a marker as that marker.
        absent = _PRESENCE if match.group() == "without" else frozenset()
        words = tuple(
            dict.fromkeys(
                t.norm
                for t in tokens(phrase)
                if t.norm not in function_words
                and t.norm not in absent
                and (len(t.norm) > 2 or t.norm[:1] == "#")
                and (t.norm[:1].isalpha() or t.norm[:1] in "!#")
            )
        )[:4]
        if words:
            out.append((_SPACES.sub(" ", f"{match.group()} {phrase.strip()}").strip(), words))
    return tuple(out)


_ASSENT = _stem_set(
    "review reviews reviewed approve approves approved approval sign signs signed sign-off signoff "
    "okay okays okayed authorize authorizes authorized authorization authorise authorises authorised "
    "authorisation consent consents consented"
)
"""Words of one act, a person's assent, which a condition may name by any of them: "after
supervisor review" is kept by "after a supervisor signs off" or "once a supervisor
approves". Only the act is folded; who assents is a word of its own, so "once a customer
approves" still drops the supervisor."""


_ARRIVAL = _stem_set("reach reaches reached arrive arrives arrived arrival")
"""Words of getting somewhere: "until we reach the museum" is "up to the point we arrive"."""
_SUCCESSION = _stem_set("consecutive successive row")
"""Words of one thing after another: "on two consecutive readings" is "twice in a row"."""
_FOLDS = (("<assent>", _ASSENT), ("<arrival>", _ARRIVAL), ("<succession>", _SUCCESSION))


def _assent(stems: Iterable[str]) -> set[str]:
    """``stems`` with the words of one act (assent, arrival, succession) folded into one."""
    return {next((name for name, group in _FOLDS if s in group), s) for s in stems}


def kept(words: Sequence[str], stems: Iterable[str]) -> bool:
    """Whether a condition stated by ``words`` survives in a text of ``stems``: more than
    half of its words are there, a word of one act matched by any other of it
    (:data:`_FOLDS`), and each identifier exactly. One word a new condition happens to
    share ("when an incident is open" for "if the incident commander agrees") does not
    keep it."""
    wanted, have = _assent(words), _assent(stems)
    if any(w[:1] in "!#" and w not in have for w in wanted):
        # An identifier ("Sev-1") is kept exactly, as a marker is; so is a number, the bound
        # the condition sets ("more than two years"): without it the condition is another.
        return False
    wanted = {w for w in wanted if w[:1] != "#"}  # a number kept says nothing of the other words
    return not wanted or len(wanted & have) > len(wanted) // 2


def reshaped(words: Sequence[str], restated: Sequence[str]) -> bool:
    """Whether ``restated`` (the content words of a condition a statement gives in its own
    words) is the condition of ``words`` said in the same shape: as many words, at least
    three, and at least a third of them the same words in the same places, the others
    replaced one for one ("provided a grown-up stands at its foot" for "when an adult is
    standing at the base": ``grow stand foot`` for ``adult stand bas``). A condition
    put in place of another ("when an incident is open" for "if the incident commander
    agrees") has another shape or none of its words in place. The checker cannot tell a
    synonym from another word in the same place, so one replaced word in three is read
    as a paraphrase either way."""
    if any(w[:1] in "!#" and w not in restated for w in words):
        return False  # an identifier or a number has no paraphrase
    words = [w for w in words if w[:1] != "#"]  # the shape is that of the words about the number
    restated = [w for w in restated if w[:1] != "#"]
    if len(words) < 3 or len(restated) != len(words):
        return False
    same = sum(1 for mine, theirs in zip(words, restated, strict=True) if mine == theirs)
    return same >= 1 and 3 * same >= len(words)


_BELOW = _stem_set("under below beneath")
_ABOVE = _stem_set("over above")
_COMPARATIVE = {
    **dict.fromkeys(_stem_set("less fewer lower"), "<"),
    **dict.fromkeys(_stem_set("more greater higher"), ">"),
}
_BACK_REFERENCE = _stem_set("it its that this which they these those")


def _bounds(text: str) -> list[tuple[str, str, str, frozenset[str]]]:
    """Each bound of a quantity in ``text``: its direction ("<" for "under", "below",
    "less than"; ">" for "over", "above", "more than"), its number and unit, and the
    words of the four tokens before it, where its subject is ("the price is under 40 euros")."""
    from pytest_compaction.prose.normalize import tokens

    found = tokens(text)
    out = []
    for i, token in enumerate(found):
        after = i + 1
        if token.norm in _BELOW or token.norm in _ABOVE:
            direction = "<" if token.norm in _BELOW else ">"
        elif token.norm in _COMPARATIVE and after < len(found) and found[after].norm == "than":
            direction, after = _COMPARATIVE[token.norm], after + 1
        else:
            continue
        if i and found[i - 1].norm in {"no", "not", "at"}:
            continue  # "no more than", "at most": a cap, read as a restriction
        if after >= len(found) or not found[after].norm.startswith("#"):
            continue
        unit = found[after + 1].norm if after + 1 < len(found) else ""
        out.append((direction, found[after].norm, unit, frozenset(t.norm for t in found[max(0, i - 4) : i])))
    return out


def same_bound(condition: str, texts: Sequence[str]) -> bool:
    """Whether ``texts`` hold the bound of a quantity that ``condition`` states, in other
    words: "less than" is "under", "more than" is "over", with the same number and unit,
    said of the condition's own subject or of a word that refers back to it ("only if the
    fee is under 40 euros" kept by "only when it's less than 40 euros")."""
    from pytest_compaction.prose.statements import STOPWORDS

    wanted = _bounds(condition)
    if not wanted:
        return False
    found = [bound for text in texts for bound in _bounds(text)]
    for direction, number, unit, subject in wanted:
        content = subject - STOPWORDS
        for theirs in found:
            if theirs[:3] == (direction, number, unit) and (theirs[3] & (content | _BACK_REFERENCE)):
                return True
    return False


def states_condition(invariant: str, texts: Sequence[str]) -> bool:
    """Whether ``texts`` state one of the ``invariant`` text's conditions in its own words:
    every content word of it is there, whatever connective carries it ("With written
    approval from their manager, staff can work remotely" for "only with their manager's
    written approval")."""
    from pytest_compaction.prose.normalize import tokens

    stems = _assent(t.norm for text in texts for t in tokens(text))
    return any(_assent(words) <= stems for _, words in condition_words(invariant))


def connectives(reading: Reading) -> frozenset[str]:
    """The condition and restriction words of a reading ("until", "only", "at most"); "only
    if" is both "only" and "if"."""
    words = reading.words(CueKind.CONDITION, CueKind.RESTRICTION)
    return frozenset(part for word in words for part in _ONLY_THROUGH.split(word) if part)


_ONLY_THROUGH = re.compile(r"(?<=^only) ")


_PRESENT_PASSIVE = re.compile(
    r"\b(?:is|are|gets|get)\s+(?:(?:always|now|still|also|all)\s+)?(?:[a-z]+ed|"
    + "|".join(sorted({w for w in _norm.participles() if len(w) > 2}))
    + r")\b"
)
_SCHEDULE = re.compile(
    r"\b(?:every|each|daily|weekly|monthly|yearly|annually|nightly|hourly|within|by\s+the|"
    r"before|no\s+later\s+than|at\s+all\s+times|per|(?:once|twice|times)\s+an?\s+\w+)\b"
)


def _times_the_verb(work: str, schedule: re.Match[str], verb: re.Match[str]) -> bool:
    """Whether ``schedule`` tells when the passive ``verb`` is done: it comes after the verb
    ("the room is locked every evening") or is fronted before a comma ("Each evening, the
    room is locked"). Before the verb with no comma, "every" or "each" belongs to the
    subject and says which things, not when ("Each student's name is noted on file"),
    unless a unit of time follows it ("Every Friday the backup is run")."""
    if schedule.start() >= verb.end():
        return True
    return "," in work[schedule.end() : verb.start()] or bool(_EVERY_TIME.match(work, schedule.start()))


_EVERY_TIME = re.compile(
    r"(?:every|each)\s+(?:other\s+|single\s+)?(?:day|week|fortnight|month|quarter|year|hour|night|morning|"
    r"afternoon|evening|weekday|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b"
)
"""A time after "every" or "each" ("every Friday", "each morning"): before the verb it still
tells when ("Every Friday the backup is run"), as a unit of time is no subject's thing."""


# A label that names a norm ("Rule:", "House policy:", "Requirements:"): what follows it in
# the plain present is the norm in force ("Rule: every reply is in Spanish"), as a
# procedure in the present is. A past ("was", "had") reports what happened instead.
_NORM_LABEL = re.compile(
    r"^\s*(?:\*\*|__)?(?:[a-z][\w'-]*\s+){0,2}(?:rules?|polic(?:y|ies)|requirements?|standards?|protocols?|"
    r"regulations?|standing\s+orders?)(?:\*\*|__)?\s*:(?:\*\*|__)?\s+(?=\S)"
)
_PRESENT_BE = re.compile(r"\b(?:is|are|has|have)\b")
_PAST_OR_NEGATED = re.compile(r"\b(?:was|were|had|did|used\s+to|not|never)\b|n't\b|(?<!\bwith\s)\bno\b")
"""A past, or a negation of the clause ("with no English" only bounds its object)."""


def _labelled_norm(work: str) -> str | None:
    label = _NORM_LABEL.match(work)
    if label is None:
        return None
    rest = work[label.end() :]
    verb = _PRESENT_BE.search(rest)
    if verb is None or _PAST_OR_NEGATED.search(rest):
        return None
    return verb.group()


@functools.lru_cache(maxsize=4096)
def standing(text: str) -> str | None:
    """The words of a procedure stated in the present passive with a schedule or a
    deadline, the way a summary restates a standing rule ("Invoices are sent out by the
    fifth of every month", "the room is locked every evening"), or of a plain present
    statement after a label that names a norm ("Rule: every answer is in Spanish"), or
    None. A clause with any modal cue (a hedge, a permission, a negation, ...) is read by
    its cues instead."""
    work = normalize(text).lower()
    norm = _labelled_norm(work)
    if norm is not None:
        return None if read(text).cues else norm
    verb = _PRESENT_PASSIVE.search(work)
    if verb is None or not any(_times_the_verb(work, m, verb) for m in _SCHEDULE.finditer(work)):
        return None
    if read(text).cues:
        return None
    if re.search(r"\b(?:not|never|no)\b|n't\b", work):
        return None
    return verb.group()


def count_constraints(text: str) -> int:
    """How many prohibition, obligation and restriction cues ``text`` holds."""
    if not _CONSTRAINT.search(unframed(text).lower()):
        # The quick answer for most narrative sentences; a bare command is one constraint,
        # and so is a standing procedure ("invoices are sent by the fifth").
        if standing(text) is not None:
            return 1
        command = imperative(text) is not None or _keep_away(text) is not None
        command = command or _note_obligation(text) is not None
        if not command and "could" in text.lower() and read(text).has(CueKind.PROHIBITION):
            return 1  # "... explained that staff could not ...": a reported "cannot"
        return 1 if command and not read(text).has(CueKind.HEDGE) else 0
    reading = read(text)
    return sum(
        1
        for cue in reading.cues
        if cue.kind in (CueKind.PROHIBITION, CueKind.OBLIGATION, CueKind.RESTRICTION)
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


_PROHIBITION_WORDS = "never, must not, do not, don't, may not, cannot, is forbidden"
_OBLIGATION_WORDS = "must, always, is required, shall"


def _quote(words: Iterable[str]) -> str:
    return ", ".join(repr(w) for w in words)


_COUNTERPARTS = {"outside": re.compile(r"\b(?:in|inside|within)\b"), "without": re.compile(r"\bwith\b")}


def complements(invariant: str) -> frozenset[str]:
    """The negative bounds ("outside", "without") whose positive counterpart ``invariant``
    uses ("in"/"inside"/"within", "with"): an obligation to act inside or with something is
    kept by forbidding the act outside or without it ("Always handle it inside the hood" is
    "never handle it outside the hood")."""
    lower = invariant.lower()
    return frozenset(word for word, pattern in _COUNTERPARTS.items() if pattern.search(lower))


def judge(
    required: Modality,
    statement: Sequence[Reading],
    *,
    invariant: Reading,
    condition_stated: bool = False,
    procedure: str | None = None,
    complemented: frozenset[str] = frozenset(),
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
    if cues.has(CueKind.WAIVER):
        words = cues.words(CueKind.WAIVER)
        return Judgement(False, "waived", f"the constraint is lifted by {_quote(words)}", True)
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
    else:
        added = [w for w in conditions if w in _CARVE_OUTS and w not in own]
        if required is Modality.PERMISSION_WITH_CONDITION and own & _NEGATIVE_CONDITIONS - set(conditions):
            # "may A unless B" restated "may A, except when B": the carve-out takes the place of
            # the invariant's own, and a permission's condition is then checked word for word.
            added = [w for w in added if w not in _NEGATIVE_CONDITIONS]
        if own & set(conditions) & _COMPLEMENTED:
            # The rule kept in its own complemented connective ("never wipe until the owner confirms")
            # is not restated through its complement, so an "unless" beside it is an
            # exception ("..., unless the ticket is urgent"), not "until" turned around.
            added += [w for w in conditions if w in _ADDED_EXCEPTIONS and w not in own]
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
            for clause in statement:
                granted = clause.has(CueKind.PERMISSION) and not clause.has(
                    CueKind.PROHIBITION, CueKind.RESTRICTION
                )
                if granted and not (conditional and clause.has(CueKind.CONDITION)):
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
        if conditional and obliges and (changed or connectives(invariant) & _NEGATIVE_CONDITIONS):
            # "Never A without B" is "always B (before A)": the same rule through its complement.
            return Judgement(True, "obligation", "")
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


def _forceless(manner: tuple[str, ...], missing: str) -> Judgement:
    if manner:
        return Judgement(False, "hedged", f"only manner words {_quote(manner)}; {missing}", True)
    return Judgement(False, "none", missing)
