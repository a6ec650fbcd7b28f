"""The fixed lists of function words a statement's cues are read from (negators and the words
that negate in their own ways, hedges and plans, attribution and reporting verbs, past framing,
stopwords), and the few readings made from them alone (:func:`negator`, :func:`un_negative`,
:func:`only_future`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_compaction.prose.normalize import Token, participles, stem, tokens

__all__ = [
    "FINITE_AUXILIARIES",
    "_ABANDONS",
    "CLINICAL_QUERIES",
    "CROSS_MARKS",
    "ATTRIBUTION",
    "NEGATORS",
    "PAST",
    "REPORTING",
    "STOPWORDS",
    "_ADDITIVE",
    "_AFTER_PARTICLE",
    "_AMOUNT_LINKS",
    "_ASKED",
    "_AUXILIARIES",
    "_AWAITED",
    "_AWAITED_LINKS",
    "_AWAITS",
    "_APART",
    "_BEHIND",
    "_KEEP_APART_REACH",
    "_PUT",
    "_KEEP_OFF",
    "_GONE_OFF",
    "_BEHIND_REACH",
    "_CEASE",
    "_CHANGE_VERBS",
    "_CLOSURES",
    "_COMPLEMENT_LINKS",
    "_CONJUNCTIONS",
    "_CUE_WORDS",
    "_DEFINITE",
    "_DEPARTING",
    "_STARTING",
    "_DETERMINERS",
    "_DETERMINER_REACH",
    "_FRAMES",
    "_FUTURE",
    "_HABIT",
    "_HELD_OBJECT",
    "_INSTEAD",
    "_JSON_KEY",
    "_KEPT_OUT",
    "_LABEL_COLON",
    "_LABEL_WORDS",
    "_LEAVING",
    "_LEFT_BEHIND",
    "_LINK_ADVERBS",
    "_LONGER",
    "_MORE",
    "_NEGATIVE_SUBJECTS",
    "_NOT_GIVEN_UP",
    "_NOT_TO_IDIOMS",
    "_NOUN_OPENERS",
    "_OCCASIONS",
    "_OCCASION_REACH",
    "_OFF",
    "_OFF_REACH",
    "_OFF_STATE",
    "_OUT",
    "_OWNED_REACH",
    "_OWNERS",
    "_PASSIVE_BE",
    "_PASSIVE_PREPOSITIONS",
    "_PAST_AUX",
    "_PHRASAL_REFUSALS",
    "_POSSESSIVE",
    "_PRESENT_AUX",
    "_PRIVATIVES",
    "_PROHIBITS",
    "_PRONOUN_SPEAKERS",
    "_QUESTION_WORDS",
    "_QUOTED",
    "_REFUSALS",
    "_REPORTING",
    "_REPORT_COMPLEMENT",
    "_RID",
    "_RID_REACH",
    "_RULE_MODAL",
    "_SECOND_CHOICE",
    "_SELF",
    "_SET_ASIDE_ENDS",
    "_SOURCE_NOUNS",
    "_SOURCE_SURFACE",
    "_SPECULATION",
    "_STATE_ADVERBS",
    "_STILL_DUE",
    "_SUBJECT_OPENERS",
    "_SUBJECT_REACH",
    "_SUBJECT_STARTS",
    "_SUBORDINATORS",
    "_SWITCH",
    "_TAKES_REPORT",
    "_THAN_REACH",
    "_TIMES",
    "_GIVEN_CLAUSE_OPENERS",
    "_TITLE",
    "_TITLE_WORDS",
    "_TOOL_HEAD",
    "_UNTRUSTED_LABELS",
    "_STRIVING",
    "_WAITING",
    "_WITH_ASIDE",
    "_YET",
    "_committed",
    "_coordinated",
    "_modified_subject",
    "_request",
    "_required",
    "negator",
    "only_future",
    "un_negative",
]


def _stems(words: str) -> frozenset[str]:
    return frozenset(stem(w) for w in words.split())


NEGATORS = frozenset(
    {"not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "without", "unless"}
    | {"\u2717", "\u2718", "\u274c", "\U0001f6ab"}
)
"""The negators, as written: a token negates only when its surface word is one of these or a
contraction in "n't" ("doesn't", "can't") or "cannot". Never a folded form: "noted",
"notes" and "nothing" are not "not"."""


def negator(token: Token) -> str | None:
    """The negator ``token`` is, read from its surface word (see :data:`NEGATORS`), or None."""
    lower = token.raw.lower().replace("\u2019", "'")
    if lower in NEGATORS:
        return lower
    if token.norm == "not" and (lower.endswith("n't") or lower == "cannot"):
        return "not"
    return None


CROSS_MARKS = frozenset("\u274c\u2717\u2718\U0001f6ab")
"""Status marks of "no" ("❌", "✗", "🚫"): the words of their line say what they mark."""
_ADDITIVE = _stems(
    "only just merely simply to doubt matter least more less fewer later earlier sooner"
    " exceed exceeds exceeding forget"
)
_LABEL_COLON = re.compile(r":\s")
_LABEL_WORDS = 8
"""The most words a "label: value" line's label holds ("pay freq:", "overtime pay:")."""
_NOT_TO_IDIOMS = _stems("mention say speak")
"""After "not to", the verbs of the additive idioms: "not to mention", "not to say"."""
_LONGER = stem("longer")
_MORE = stem("more")
_THAN_REACH = 4
"""How far after "no more" a "than" makes it a bound ("no more than 3", "no more dogs than
the lead can hold")."""
_CEASE = _stems("stop stopped stops quit quits ceased ceases")
_PROHIBITS = frozenset(
    {"forbid", "forbids", "forbade", "forbidden", "prohibit", "prohibits", "prohibited", "ban", "bans"}
    | {"banned", "disallow", "disallows", "disallowed"}
)
"""A prohibition verb negates what it forbids, as "not" would: "the lender forbids flash
photography" states that flash photography is not allowed; "is not forbidden" cancels."""
_PRIVATIVES = frozenset(
    {"disable", "disables", "disabled", "deactivate", "deactivates", "deactivated", "inactive"}
    | {"lapsed", "expired", "defective", "faulty", "inoperative", "unserviceable", "inop", "u/s"}
    | {"avoid", "avoids", "avoided", "avoiding", "skip", "skips", "skipped", "skipping"}
)
"""Words that state a thing switched out of being, as "not" would: "roaming is *disabled*"
says that roaming is not on, "they *deactivated* the old key" that it is not active, "the
lepto vaccination: *lapsed*" that it no longer holds; "the commute *avoids* the ring
road" and "*skip* the peanut butter" that the thing is not taken; "the main VHF is
*defective*" that it is not in service."""
_UN_WORD = re.compile(r"un(?!der|i[fnoqtv])([a-z]{3,})$")
"""A word made negative by "un-" before a participle or an "-able" word ("unauthorised",
"unpaid", "unconfirmed", "unavailable"), but not "under..." or "uni..." ("united")."""
_SAMENESS = frozenset({"changed", "altered", "affected", "modified", "touched", "limited", "disturbed"})
"""Participles whose "un-" form says a thing stays as it is or has no bound ("the dose is
*unchanged*", "data is *unlimited*"): no negation of it."""


def un_negative(raw: str) -> bool:
    """Whether a lower-case word is a participle or "-able" word negated by "un-"."""
    matched = _UN_WORD.match(raw)
    if matched is None:
        return False
    rest = matched.group(1)
    return rest not in _SAMENESS and (rest.endswith(("ed", "able", "ible")) or rest in participles())


_COMPLEMENT_LINKS = frozenset(t.norm for t in tokens("as is are was remain stays become became seem left"))
"""Words before an "un-" word that make it what its segment's subject is ("the charge *is
unpaid*", "reported the QuickMart charge of $212 *as unauthorised*"): it reaches back over
the whole subject, however long."""
_LINK_ADVERBS = frozenset(t.norm for t in tokens("still now yet also again so"))
_OFF = "off"
_OFF_STATE = _stems("be stay stays remain remains keep kept")
"""A linking verb before "off" makes it the state of its subject: "speed-work *is off* this
week", "it *stays off*", "keep roaming *switched off*" (after a switching verb)."""
_SWITCH = _stems("switch switches switched switching turn turns turned turning shut shuts shutting")
"""Verbs that "off" after them turns into a stopping: "roaming *switched off*" and
"*turned off* the heating" state the thing as not on."""
_OFF_REACH = 3
_NOT_GIVEN_UP = frozenset(
    [
        "the",
        "a",
        "an",
        "this",
        "that",
        "these",
        "those",
        "my",
        "your",
        "his",
        "her",
        "our",
        "their",
        "its",
        "to",
        "for",
        "on",
        "at",
        "in",
        "into",
        "from",
        "with",
        "by",
        "and",
        "or",
        "but",
        "duty",
        "work",
        "sick",
    ]
)
"""Words after a linking verb's "off" that make it no giving-up: a place or thing it is off
("off the jar"), a direction ("off to Leeds"), or "off duty", "off work", "off sick"."""
_APART = frozenset({"apart", "separate", "separated", "separately"})
"""Words that, after a verb of keeping, keep the things between them from each other: "keep
Desmond and Rosalind *apart*", "KEEP DESMOND AND ROSALIND IN *SEPARATE* GROUPS"."""
_KEEP_APART_REACH = 12
_BEHIND = "behind"
_KEEP_OFF = _stems("keep keeps kept keeping stay stays stayed staying")
"""Verbs that "off" after them keeps away from what follows: "keep off her left heel", "stay
off the grass"."""
_GONE_OFF = _stems("go goes gone went going")
"""Verbs that "off" and an "-ing" act after them turn against it: "he's *gone off* having it
washed" no longer wants it done."""
_PUT = "put"
"""After a verb of remaining, "put" is a particle as "behind" is: "the cabinet *stays put*"
is not moved."""
_LEFT_BEHIND = _stems("stay stays stayed staying remain remains remained remaining")
_LEAVING = _stems("leave leaves leaving left")
"""A verb of remaining or of leaving with "behind" as its particle (no noun phrase after
it) tells that its subject, or the object of "leave", does not go along, as "not" would:
"the piano *stays behind*" and "we *leave* the dog *behind*" state that the piano and the
dog are not taken. "Behind" with an object ("stays behind the counter") is a place."""
_BEHIND_REACH = 4
_AFTER_PARTICLE = frozenset(
    {"for", "with", "at", "in", "on", "to", "until", "till", "while", "because", "since", "so", "as"}
    | {"when", "and", "but", "or", "during", "this", "today", "tomorrow"}
)
"""Words that can follow a particle "behind" and end its verb phrase: a preposition of
another phrase or a conjunction ("left behind *for* Ingrid", "stays behind *and* ...")."""
_RID = "rid"
_RID_REACH = 5
""""Rid of" takes what follows it away ("getting *rid of* the old boiler": not keeping it),
as "without" does, over a noun phrase of a few words (not past "and"/"or")."""
_SUBORDINATORS = frozenset({"if", "unless", "when", "whenever", "once", "until", "who", "whoever"})
_QUESTION_WORDS = frozenset({"how", "what", "which", "where", "why", "who"})
_OWNERS = frozenset({"my", "our"})
_OWNED_REACH = 3
_POSSESSIVE = ("'s", "\u2019s")
FINITE_AUXILIARIES = frozenset({"has", "have", "had", "is", "are", "was", "were", "does", "did"})
"""Auxiliaries that make a verb after "and" a predicate of its own ("and *has* sent off a T4");
not "will", which may carry on a plan the doubt is about ("may stay on *and will* text")."""
_GIVEN_CLAUSE_OPENERS = frozenset(
    {"before", "after", "until", "till", "once", "when", "while", "whilst", "because"}
)
"""Conjunctions whose clause a doubt before them takes as given: a time ("how much you'll
hold *before I come in*"), a circumstance ("she'll take the bus *while her car is in* for the
clutch") or a cause ("might move *because the rent went up*")."""
_AWAITS = frozenset({"awaiting", "awaits", "await", "pending"})
"""Words that tell what follows them has not happened yet: "awaiting approval", "pending
sign-off" state that it is not approved, not signed off. Like "no", they reach only the
few words after them (:data:`_DETERMINER_REACH`)."""
_REFUSALS = frozenset(
    {"decline", "declines", "declined", "refuse", "refuses", "refused", "reject", "rejects", "rejected"}
    | {"deny", "denies", "denied", "veto", "vetoes", "vetoed", "withhold", "withholds", "withheld"}
    | {"barred", "banned"}
    | {"withdraw", "withdraws", "withdrew", "withdrawn", "rescind", "rescinds", "rescinded"}
    | {"retract", "retracts", "retracted", "revoke", "revokes", "revoked"}
    | {"exclude", "excludes", "excluded", "excluding", "omit", "omits", "omitted", "omitting"}
)
"""Refusal verbs negate what is refused, as "not" would, and so do the verbs that take a
thing back ("has *withdrawn* its cancellation", "the offer was *revoked*") or leave it out
("*exclude* preprints", "VAT *omitted*"): "she *declined*
the extended warranty" (the object after it), "the upgrade *was declined* by the tenant" and "Upgrade:
*declined*" (the passive's subject, a label's answer). A number after it ("declined by 12%",
"declined to 40") makes it a fall in amount, not a refusal, and the active verb after its
subject ("sales declined") tells no refusal of the subject."""
_ABANDONS = frozenset(
    {"dropped", "dropping", "quit", "quits", "quitting", "scrap", "scraps", "scrapped", "ditched"}
    | {"abandon", "abandons", "abandoned", "cancel", "cancels", "cancelled", "canceled", "cancelling"}
    | {"stopped", "discontinue", "discontinues", "discontinued", "suspended", "terminated", "removed"}
)
"""Verbs of giving a thing up negate it as refusals do (:data:`_REFUSALS`), but only the
thing given up: "has *dropped* Further Maths", "*scrapped* the loyalty scheme", "*stopped*
the renal diet", "the booking *was cancelled*", and in a note "overdraft *removed* at his
request". With a preposition after them they take no object ("if a family *cancels
with* under 24 hours' notice", "*cancel within* 14 days"), and "dropped off the parcel" or
"dropped to 40" is no giving up."""
_PHRASAL_REFUSALS = {
    **dict.fromkeys(("rule", "rules", "ruled", "ruling"), "out"),
    **dict.fromkeys(("turn", "turns", "turned", "turning"), "down"),
    **dict.fromkeys(("call", "calls", "called", "calling"), "off"),
    **dict.fromkeys(("give", "gives", "gave", "given", "giving"), "up"),
    **dict.fromkeys(("leave", "leaves", "left", "leaving", "cut", "cuts", "cutting"), "out"),
}
"""Refusals told with a particle: "*ruled out* a failover", "the offer was *turned down*",
"the strike was *called off*", "*gave up* the allotment", "*leave out* the warfarin". The
verb is a refusal only with its particle right after it, and what is refused is reached from
the particle."""
_PASSIVE_BE = frozenset({"be", "is", "are", "was", "were", "been", "being", "get", "got", "stay", "remain"})
_AMOUNT_LINKS = frozenset({"by", "to", "from", "of", "about", "around", "nearly", "almost", "over"})
_CLOSURES = frozenset({"closed", "shut"})
"""An adjective of closure before "to" shuts out what follows it, as "no" does: "the
practice is *closed to* new patients" tells that new patients are not taken on; only the
few words after "to" (:data:`_DETERMINER_REACH`), never the subject ("the practice")."""
_AWAITED = frozenset({"pending", "awaited", "owed", "overdue", "outstanding"})
"""After its noun, as its predicate, an awaiting word tells that the noun has not happened
yet: "sign-off *pending*", "the certificate is *still pending*", "approval *awaited*",
"checks *still owed*", "service *overdue*", "renewal *still outstanding*". Only linking verbs
and adverbs of time (:data:`_AWAITED_LINKS`) stand between."""
_AWAITED_LINKS = _stems("is are was were be still yet now currently remain remains")
_WAITING = frozenset({"wait", "waits", "waited", "waiting"})
_STRIVING = {
    **dict.fromkeys(("working", "works", "worked"), frozenset({"towards", "toward"})),
    **dict.fromkeys(("studying", "studies", "aiming", "aims"), frozenset({"for"})),
}
"""A verb of striving and its particle ("*working towards* the launch driver award",
"*studying for* the food hygiene certificate"): what follows is not yet had, as what
"waiting for" names has not come."""
""""Waiting for X" tells that X has not come, as "awaiting X" does: the few words after
"for" (:data:`_DETERMINER_REACH`); "waited for an hour" is no thing awaited."""
_TIMES = "~time"
_DETERMINERS = frozenset({"no", "none", "nothing", "nobody", "without", "unless"})
_OUT = "out"
_KEPT_OUT = _stems(
    "stay stays stayed staying remain remains remained keep keeps kept keeping leave leaves left leaving"
)
"""Verbs that "out of" after them keeps away: "her milk *stays out of* the bulk tank" tells
that it does not go in, "leave the mushrooms *out of* the risotto" that they are not put in."""
_OUT_STATE = _KEPT_OUT | _stems("be is are was were been being stay remain")
"""Linking verbs after which "out of" and a bare noun is a state the subject is not in: "the
MX records *are out of* scope", "the lift *stays out of* service"."""
_TAKES_REPORT = _stems("ask asks asked want wants wanted need needs needed go going went able")
"""Verbs after which "to" + a reporting word is that report ("asked to report the leak")."""
_YET = "yet"
_STILL_DUE = _stems("has have had needs need")
"""After "still", a duty still open: "H. *still has to* do the cancellation" tells that the
cancellation has not happened, as "*has yet to*" does."""
_INSTEAD = frozenset({"rather", "instead"})
""""rather than X", "instead of X": X is what is not done or not chosen."""
_SET_ASIDE_ENDS = frozenset(
    {"and", "or", "but", "until", "till", "before", "after", "when", "while", "because", "since"}
    | {"unless", "if", "once", "so", "during", "from", "by"}
)
"""Words that end what "rather than" or "instead of" sets aside: a conjunction or a phrase of
time or cause after it bounds the whole, not the thing set aside."""
_STATE_ADVERBS = _stems("now still currently also completely permanently firmly definitely totally entirely")
"""Adverbs that may stand between a linking verb and its "off" ("are now permanently off")."""
_CUE_WORDS = (
    (_PROHIBITS | _PRIVATIVES | _AWAITS | _AWAITED | _REFUSALS | _ABANDONS | _CLOSURES | _WAITING)
    | frozenset(_STRIVING)
    | {_OFF, _RID, _BEHIND, _OUT, _PUT}
    | _APART
    | frozenset(_PHRASAL_REFUSALS)
    | _INSTEAD
    | {_YET, "still"}
)
"""Surface words besides the negators that :meth:`Statement.negated` reads as cues."""
_DETERMINER_REACH = 3
_NEGATIVE_SUBJECTS = frozenset({"no", "none", "nothing", "nobody"})
_SUBJECT_OPENERS = frozenset({"that", "and", "but", "so", "then"})
_SUBJECT_REACH = 6
_OCCASIONS = _stems("following after since upon due because")
"""Words that open a phrase of time or cause ("following an email", "after a call", "due to
a text from ..."): a source noun inside it names when or why, not who claims."""
_OCCASION_REACH = 3
_RULE_MODAL = re.compile(
    r"\b(?:can|cannot|can't|must|mustn't|needs?\s+to|has\s+to|have\s+to)\b", re.IGNORECASE
)
"""The modals of a rule, which a fronted condition bounds without doubting it
(:meth:`Statement.ruled_consequence`)."""
_SUBJECT_STARTS = frozenset(
    {"the", "a", "an", "this", "that", "his", "her", "their", "our", "my", "your"}
    | {"he", "she", "they", "we", "i"}
)
"""Words that open a clause's subject after ", and" ("..., and the agent booked ...")."""
"""How far after a negative subject ("no lifts", "none of the crew") its verb may stand."""
"""After "not"/"no", these make the pair additive, a bound or an idiom: "not only", "no
more than", "no doubt"."""
_DEFINITE = frozenset(
    {"the", "this", "that", "these", "those", "its", "their", "our", "his", "her", "my", "your"}
)
_SPECULATION = re.compile(
    # "would rather keep working": a preference, as settled as "prefers to"
    r"\b(?:may|might|could|would(?!\s+(?:rather|sooner|prefer)\b)|maybe|perhaps|possibly|possible|probably|likely|unlikely|potentially|"
    # clipped in a note: "poss. skier-triggered", "prob. Tuesday"
    r"poss(?=\.\s)|prob(?=\.\s)|"
    r"if|whether|consider|considers|considering|considered|wonder|wonders|wondering|wish|wishes|"
    r"dream|dreams|dreaming|imagine|imagining|suppose|hypothetical|hypothetically|tentative|"
    r"tentatively|unsure|uncertain|undecided|idea|ideas|option|options|someday|eventually|will|shall|"
    r"consideration|possibility|proposed|proposal|contemplat(?:e|es|ed|ing)|floated|mooted|tbd|tbc|tba|"
    r"to\s+be\s+(?:confirmed|decided|determined|agreed|settled|finali[sz]ed|arranged|negotiated|"
    r"worked\s+out|sorted\s+out)|"
    r"gonna|toying|weighing|debating|deciding|mulling|rumou?red?|guess|guessing|yet\s+to\s+decide|"
    # a possibility left open: "isn't ruling out moving", "hasn't ruled it out"
    r"(?:not|never)\s+(?:been\s+)?rul(?:e|es|ed|ing)\s+(?:it\s+|that\s+)?out|"
    r"(?<=n't\s)(?:been\s+)?rul(?:e|es|ed|ing)\s+(?:it\s+|that\s+)?out|"
    # "still waiting to hear back", "awaiting her reply": what is awaited is not yet so
    # ("ship it without waiting for confirmation" awaits nothing)
    r"(?<!\bwithout\s)(?<!\bnot\s)(?<!\bno\s)(?<!\bstop\s)(?:waiting\s+(?:to\s+hear|for|on)|awaiting)|"
    r"(?:plan|plans|planning|planned|hope|hopes|hoping|want|wants|wanting|intend|intends|intending|"
    r"aim|aims|aiming|expect|expects|expecting|offer|offers|offered|offering|propose|proposes|"
    r"proposing)\s+to|"
    r"going\s+to(?!\s+(?:the|a|an|my|your|his|her|our|their|its|this|that|these|those|(?-i:[A-Z])|\d))|"
    r"hoping|thinking\s+(?:about|of)|lean(?:s|ing)?\s+towards?|inclined\s+to|"
    r"theory|theories|hypothes[ie]s|hunch|suspicion|suspect|suspects|suspected|conjecture|"
    r"think(?:s)?\s+(?:about|of)|not\s+sure|(?:'ll|\u2019ll)|"
    r"(?:depend(?:s|ed|ing)?|hing(?:e|es|ed|ing))\s+(?:up)?on|contingent\s+(?:up)?on)\b|'ll\b|"
    # A clinical query: "?UTI", "query fracture of the radius", "to rule out a bleed"; not a
    # customer's "query about billing" (a determiner before it, a preposition after it).
    r"(?<![\w?])\?(?=[A-Za-z])|"
    r"(?<!\bthe\s)(?<!\ba\s)(?<!\ban\s)(?<!\byour\s)(?<!\bmy\s)(?<!\bher\s)(?<!\bhis\s)(?<!\bour\s)"
    r"(?<!\btheir\s)(?<!\bthis\s)(?<!\bthat\s)\bquery\b(?=\s+(?!about|from|regarding|re|on|raised|was|is|has|"
    r"had|and|or|for|to|with)[a-z])|\bto\s+rule\s+out\b",
    re.IGNORECASE,
)
"""Possibility and intent (an offer or a proposal to do a thing included: "the assistant
*offers to* open a file" has not opened it). "going to" before a place is motion ("going to the depot",
"going to Oslo"), and "May" the month is no modal (:func:`_text.month_may`). What a choice
"depends on", "hinges on" or is "contingent on" is open too: "that hinges on the ingress
controller" settles nothing about the controller."""
CLINICAL_QUERIES = frozenset({"?", "query", "to rule out"})
"""The doubt words of a clinical query (:data:`_SPECULATION`): they doubt only the phrase
they open ("query fracture of the radius, X-ray booked")."""
_WITH_ASIDE = re.compile(r",\s*(?:with|w/)\s", re.IGNORECASE)
"""A trailing "with" phrase after a comma ("..., with Parquet being considered"; "w/" in
note style): it tells the state of its own noun."""
_SECOND_CHOICE = re.compile(
    r"\bas\s+(?:(?:a|an|the|our|their|her|his|its|my|your)\s+)?(?:(?:possible|potential|likely)\s+)?"
    r"(?:fallback|fall-back|backup|back-up|alternative|alternate|second\s+choice|plan\s+b|reserve)\b",
    re.IGNORECASE,
)
"""A value offered as the second choice, not the one that stands; note style drops the
article ("w/ Friday *as fallback*")."""


def only_future(words: str) -> bool:
    """Whether the speculation words ``words`` (as :meth:`Statement.speculative` joins
    them) are all of the plain future: "will be written as CSV" tells a plan that stands,
    not a doubt."""
    return all(_FUTURE.fullmatch(w) for w in words.split(", "))


_FUTURE = re.compile(r"(?:will|shall|'ll|\u2019ll|going\s+to|gonna)", re.IGNORECASE)
_HABIT = re.compile(
    r"\b(?:(?:each|every)\s+(?:single\s+)?(?:time|day|week|month|year|morning|afternoon|evening|night|"
    r"weekend|shift|visit|session|quarter|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|always|whenever|"
    r"usually|normally|routinely|habitually)\b",
    re.IGNORECASE,
)
"""A repeated occasion: a future beside it tells a habit ("she'll ring each time", "it will
always open at nine"), not a forecast."""
_FIRST_PERSON = re.compile(r"\b(?:i|we)(?:\s+(?:am|are)|'m|'re|\u2019m|\u2019re)?\s*$", re.IGNORECASE)


def _committed(text: str, start: int, word: str) -> bool:
    """Whether the future word ``word`` at ``text[start:]`` follows "I" or "we": the
    speaker's own decision ("I'll sort out my own lift", "we will close on Friday", "I'm
    going to cancel"), stated as settled; a hedge beside it ("maybe I'll", "I'll probably",
    "if ..., I will") is read on its own. Another's future ("the price will rise") stays a
    possibility."""
    if not _FUTURE.fullmatch(word):
        return False
    before = text[:start]
    if word.startswith(("'", "\u2019")):
        return bool(re.search(r"\b(?:i|we)$", before, re.IGNORECASE))
    return bool(_FIRST_PERSON.search(before))


_REQUEST = re.compile(r"\s+you\b", re.IGNORECASE)


def _request(text: str, end: int, word: str) -> bool:
    """Whether the modal ``word`` ending at ``end`` asks the listener to act: "Could you
    draft a letter for the new tenants?", "Would you send it over?" is a request, not a
    possibility (its words are what is asked for). Only a question with "you" right after
    the modal: "Could it be the router?" and "could you be wrong" (no question) still doubt."""
    if word.lower() not in ("could", "would", "will") or not text.rstrip().endswith("?"):
        return False
    return _REQUEST.match(text, end) is not None


_REQUIREMENT = re.compile(
    r"\s+(?:(?:also|still|first|then|just)\s+)?(?:need|have|be\s+required)\s+to\b", re.I
)


def _required(text: str, end: int, word: str) -> bool:
    """Whether the future word ``word``, ending at ``text[end]``, tells a requirement: "will
    need to", "'ll have to", "will be required to" ("she'll need to show her licence at the
    desk") state what is required now, as "must" does, not a forecast."""
    return bool(_FUTURE.fullmatch(word)) and _REQUIREMENT.match(text, end) is not None


ATTRIBUTION = _stems(
    "say says said claim claims claimed quote quotes quoted state states stated write writes wrote "
    "report reports reported mention mentions mentioned allege alleges alleged assert asserts asserted "
    "according per ticket tickets page pages site website forum email e-mail message messages "
    "document article tool letter transcript attachment thread source sources retrieved untrusted "
    "citing cited cites mail ask asks asked request requests requested demand demands demanded "
    "instruct instructs instructed urge urges urged unverified unconfirmed comment comments commented "
    "commenting insist insists insisted insisting hear hears heard relay relays relayed hearsay "
    "reckon reckons reckoned rumour rumours rumoured rumor rumors rumored gossip"
)
_REPORTING = ATTRIBUTION - _stems(
    "ticket tickets page pages site website forum email e-mail message messages document article "
    "tool letter transcript attachment thread source sources mail"
)
"""The reporting words that are not only a source noun: their stem is enough ("said")."""
REPORTING = _REPORTING
_SELF = _stems("user i me my we our us system policy operator admin human assistant ai")
"""The speakers whose words a summary restates rather than reports: the user (also "the
human"), the operator and its system or policy, the assistant itself ("the AI"). Not "the
customer" or "an agent": in a support transcript they are often the untrusted speaker."""
_DEPARTING = _stems(
    "depart departs departed departing leave leaves leaving fly flies flying sail sails sailing "
    "board boards boarding"
)
"""Verbs of departure: "from" after one names where the journey starts ("the flight
*departs from* terminal 1"), not a value left behind as "moved from terminal 1" does."""
_STARTING = _stems("is are be open opens available valid starts runs served")
"""Words before "from" that tell where a span starts, not a value left behind ("check-in *is
from* 4 pm", "*open from* 9")."""
_PRONOUN_SPEAKERS = frozenset({"i", "me", "my", "we", "our", "us"})
_UNTRUSTED_LABELS = _stems("untrusted unverified unconfirmed")
"""Words that label content as not vouched for: a sentence that says so ("untrusted user
content said: ...") attributes the content, whoever else it names."""
_TOOL_HEAD = _stems("system")
"""A self word that, after a noun modifier, names a tool: "the *booking* system says"."""
_FRAMES = _stems("according per")
"""Reporting words whose speaker follows them ("according to the ticket", "per the user")."""
PAST = _stems(
    "previously formerly earlier before former old prior originally initially used until instead replaced "
    "replacing changed switched moved no-longer past once then ex"
)
_CHANGE_VERBS = _stems("changed switched moved replaced")
STOPWORDS = _stems(
    "a an the and or but nor so yet for of to in on at by with from into onto over under up down out off "
    "as than then that this these those there here it its it's is are was were be been being am do does "
    "did have has had having i me my mine we us our you your he him his she her they them their who whom "
    "whose which what when where why how all any both each every some such no not only own same too very "
    "can will just should now also about after again against because before between during further "
    "more most other once through until while would could might may must shall get got go goes going "
    "make makes made take takes took become became start starts started try tries tried see next year "
    "years week weeks month months day days soon later today tomorrow tonight yesterday time times "
    "please thing things lot bit really still even well back way like new let one two"
)
_SOURCE_WORDS = (
    "ticket page site website forum email e-mail mail message document article tool letter transcript "
    "attachment thread source"
)
_SOURCE_NOUNS = _stems(_SOURCE_WORDS)
_SOURCE_SURFACE = frozenset(w for n in _SOURCE_WORDS.split() for w in (n, n + "s"))
"""A source noun is read as written, singular or plural, never by its stem: "sits" folds
like "site" but names no web site."""
_PRESENT_AUX = frozenset(
    {"is", "are", "am", "get", "gets", "being", "be", "'s", "remains", "remain", "stays", "stay"}
)
"""Words before a past participle that tell a present state: "is sent", "*remains* fixed for
Thursday", "*stays* booked"."""
_PAST_AUX = frozenset({"was", "were", "had", "has", "have", "did", "been", "got"})
_HELD_OBJECT = _DEFINITE | {"a", "an"}
"""What opens the object of "have + object + participle" ("has *a* car booked")."""
_PASSIVE_PREPOSITIONS = frozenset({"to", "by", "in", "into", "on", "at", "via", "through", "with", "for"})
_NOUN_OPENERS = (_DEFINITE - {"that"}) | {"a", "an", "every", "each", "any", "another"}
"""What opens a noun phrase; not "that", a relative pronoun before a verb ("a post that claims")."""
_REPORT_COMPLEMENT = frozenset({"that", "from", "by", "of", "to", "in"})
"""What follows a reporting noun that still reports: "the claim *that*", "a request *from*"."""
_JSON_KEY = re.compile(r"[\"'][^\"'\n]{1,80}[\"']\s*:\s*\Z")
"""A quoted key and its colon right before a quotation (``"hobby": "..."``): the quotation is a
JSON or dict value, the memory's own data, not someone's words it reports."""
_ASKED = re.compile(r"\?[\s*_)\]\"'\u2019\u201d]*$")
"""A sentence that ends in a question mark (past closing markup, brackets or quotes)."""
_TITLE = re.compile(r"\s*(?:#{1,6}\s+[^:\n]+|(\*\*|__)[^*_:\n]+\1:?)\s*")
"""A section title: a markdown ``#`` heading, or a line wholly in bold ("**Open questions**")."""
_TITLE_WORDS = 6
_QUOTED = re.compile(r"(?<!\w)'[^\n]{3,}?'(?!\w)|\"[^\"]{3,}\"")
"""A quotation: in single quotes, those that open and close words, not the apostrophes of
"you've" and "Fenwick's" (which may sit inside it: 'we can't do Friday')."""


_CONJUNCTIONS = frozenset({"and", "or", "but", "yet"})
_AUXILIARIES = _stems(
    "is are was were be been do does did have has had can could will would shall should must may might"
)


_MODIFYING = _stems("of for from at in on with by under dated")
"""Prepositions that open a modifier of the noun before them ("the notice *of 14 January*",
"the booking *for the 3rd*")."""
_MODIFIER_REACH = 8
"""The most words from such a preposition to the verb of the noun it modifies."""


def _modified_subject(between: Sequence[str]) -> bool:
    """Whether the words between a subject and its negator are a modifier of the subject and
    its auxiliary: "the notice to quit *of 2026-01-14 was* not served", "the booking *for
    the third floor is* not confirmed". One preposition opens them, one auxiliary (the
    verb's, right before the negator) ends them, or in a note a "still" ("recording *of the
    mill wheel still* not done"), and no other verb stands between."""
    return (
        len(between) <= _MODIFIER_REACH
        and between[0] in _MODIFYING
        and (between[-1] in _AUXILIARIES or between[-1] == _STILL)
        and not any(n in _AUXILIARIES for n in between[:-1])
    )


_STILL = "stil"  # the stem of "still"


def _coordinated(between: Sequence[str]) -> bool:
    """Whether a negator after a word opens a coordinated predicate of its own: the words
    between end in "and"/"or"/"but", perhaps with an auxiliary after it ("due on the 18th
    *and can't* be renewed", "paid in full *but is not* refunded"), so the negator belongs
    to that predicate; "peanuts and nuts are not allowed" (a noun after the "and") is the
    negated verb's subject."""
    for i in range(len(between) - 1, max(-1, len(between) - 3), -1):
        if between[i] in _CONJUNCTIONS:
            return all(n in _AUXILIARIES for n in between[i + 1 :])
    return False
