"""A summary read as statements: sentences, their normalized tokens, and the grammar cues
that change what a sentence asserts.

Four cues, each read from a fixed list of function words, never from the words of a
particular fact:

- **negation** ("not", "never", "no longer", "without"), scoped to the *segment* it sits
  in (a stretch of a sentence between commas, semicolons, dashes and clause-joining
  conjunctions). Two negators in one segment cancel: "never deploy without review" says
  "always review". "Not only", "not just" and "not merely" add rather than negate.
- **speculation** ("may", "might", "thinking about", "if", "planning to", "will"): the
  clause is a possibility, a plan or a condition, not a settled fact ("I'll", "we will":
  the speaker's decision, settled).
- **attribution** ("says", "quoted", "according to", "the ticket", "a web page", quotation
  marks): the clause reports what a source said, rather than saying it (not when the
  report's speaker is the user, the human or the assistant).
- **past framing** ("used to", "previously", "no longer", "from X to Y", a past-tense verb):
  the clause tells history, not the current state.
"""

from __future__ import annotations

import bisect
import collections
import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from pytest_compaction.prose import _text
from pytest_compaction.prose.normalize import Token, find_phrase, kind_of, participles, stem, tokens

__all__ = [
    "ATTRIBUTION",
    "NEGATORS",
    "REPORTING",
    "STOPWORDS",
    "Statement",
    "Statements",
    "holding_any",
    "negator",
    "read_statements",
]


def _stems(words: str) -> frozenset[str]:
    return frozenset(stem(w) for w in words.split())


NEGATORS = frozenset({"not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "without"})
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


_ADDITIVE = _stems("only just merely simply to doubt matter least more less fewer later earlier sooner")
_LABEL_COLON = re.compile(r":\s")
_LABEL_WORDS = 4
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
)
"""Words that state a thing switched out of being, as "not" would: "roaming is *disabled*"
says that roaming is not on, "they *deactivated* the old key" that it is not active."""
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
_BEHIND = "behind"
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
_TIME_CONJUNCTIONS = frozenset({"before", "after", "until", "till", "once", "when"})
_AWAITS = frozenset({"awaiting", "awaits", "await", "pending"})
"""Words that tell what follows them has not happened yet: "awaiting approval", "pending
sign-off" state that it is not approved, not signed off. Like "no", they reach only the
few words after them (:data:`_DETERMINER_REACH`)."""
_REFUSALS = frozenset(
    {"decline", "declines", "declined", "refuse", "refuses", "refused", "reject", "rejects", "rejected"}
    | {"deny", "denies", "denied", "veto", "vetoes", "vetoed", "withhold", "withholds", "withheld"}
    | {"barred", "banned"}
)
"""Refusal verbs negate what is refused, as "not" would: "she *declined* the extended
warranty" (the object after it), "the upgrade *was declined* by the tenant" and "Upgrade:
*declined*" (the passive's subject, a label's answer). A number after it ("declined by 12%",
"declined to 40") makes it a fall in amount, not a refusal, and the active verb after its
subject ("sales declined") tells no refusal of the subject."""
_PHRASAL_REFUSALS = {
    **dict.fromkeys(("rule", "rules", "ruled", "ruling"), "out"),
    **dict.fromkeys(("turn", "turns", "turned", "turning"), "down"),
    **dict.fromkeys(("call", "calls", "called", "calling"), "off"),
}
"""Refusals told with a particle: "*ruled out* a failover", "the offer was *turned down*",
"the strike was *called off*". The verb is a refusal only with its particle right after it,
and what is refused is reached from the particle."""
_PASSIVE_BE = frozenset({"be", "is", "are", "was", "were", "been", "being", "get", "got", "stay", "remain"})
_AMOUNT_LINKS = frozenset({"by", "to", "from", "of", "about", "around", "nearly", "almost", "over"})
_CLOSURES = frozenset({"closed", "shut"})
"""An adjective of closure before "to" shuts out what follows it, as "no" does: "the
practice is *closed to* new patients" tells that new patients are not taken on; only the
few words after "to" (:data:`_DETERMINER_REACH`), never the subject ("the practice")."""
_AWAITED = frozenset({"pending", "awaited"})
"""After its noun, as its predicate, an awaiting word tells that the noun has not happened
yet: "sign-off *pending*", "the certificate is *still pending*", "approval *awaited*". Only
linking verbs and adverbs of time (:data:`_AWAITED_LINKS`) stand between."""
_AWAITED_LINKS = _stems("is are was were be still yet now currently remain remains")
_WAITING = frozenset({"wait", "waits", "waited", "waiting"})
""""Waiting for X" tells that X has not come, as "awaiting X" does: the few words after
"for" (:data:`_DETERMINER_REACH`); "waited for an hour" is no thing awaited."""
_TIMES = "~time"
_DETERMINERS = frozenset({"no", "none", "nothing", "nobody", "without"})
_OUT = "out"
_KEPT_OUT = _stems("stay stays stayed staying remain remains remained keep keeps kept keeping")
"""Verbs that "out of" after them keeps away: "her milk *stays out of* the bulk tank" tells
that it does not go in."""
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
    (_PROHIBITS | _PRIVATIVES | _AWAITS | _REFUSALS | _CLOSURES | _WAITING | {_OFF, _RID, _BEHIND, _OUT})
    | frozenset(_PHRASAL_REFUSALS)
    | _INSTEAD
    | {_YET, "still"}
)
"""Surface words besides the negators that :meth:`Statement.negated` reads as cues."""
_DETERMINER_REACH = 3
_NEGATIVE_SUBJECTS = frozenset({"no", "none", "nothing", "nobody"})
_SUBJECT_OPENERS = frozenset({"that", "and", "but", "so", "then"})
_SUBJECT_REACH = 4
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
    r"\b(?:may|might|could|would|maybe|perhaps|possibly|possible|probably|likely|unlikely|potentially|"
    r"if|whether|consider|considers|considering|considered|wonder|wonders|wondering|wish|wishes|"
    r"dream|dreams|dreaming|imagine|imagining|suppose|hypothetical|hypothetically|tentative|"
    r"tentatively|unsure|uncertain|undecided|idea|option|options|someday|eventually|will|shall|"
    r"consideration|possibility|proposed|proposal|contemplat(?:e|es|ed|ing)|"
    r"gonna|toying|weighing|debating|mulling|rumou?red?|guess|guessing|"
    r"(?:plan|plans|planning|planned|hope|hopes|hoping|want|wants|wanting|intend|intends|intending|"
    r"aim|aims|aiming|expect|expects|expecting)\s+to|"
    r"going\s+to(?!\s+(?:the|a|an|my|your|his|her|our|their|its|this|that|these|those|(?-i:[A-Z])|\d))|"
    r"hoping|thinking\s+(?:about|of)|lean(?:s|ing)?\s+towards?|inclined\s+to|"
    r"theory|theories|hypothes[ie]s|hunch|suspicion|suspect|suspects|suspected|conjecture|"
    r"think(?:s)?\s+(?:about|of)|not\s+sure|(?:'ll|\u2019ll)|"
    r"(?:depend(?:s|ed|ing)?|hing(?:e|es|ed|ing))\s+(?:up)?on|contingent\s+(?:up)?on)\b|'ll\b",
    re.IGNORECASE,
)
"""Possibility and intent. "going to" before a place is motion ("going to the depot",
"going to Oslo"), and "May" the month is no modal (:func:`_text.month_may`). What a choice
"depends on", "hinges on" or is "contingent on" is open too: "that hinges on the ingress
controller" settles nothing about the controller."""
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
    "instruct instructs instructed urge urges urged unverified unconfirmed"
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
_PRONOUN_SPEAKERS = frozenset({"i", "me", "my", "we", "our", "us"})
_UNTRUSTED_LABELS = _stems("untrusted unverified unconfirmed")
"""Words that label content as not vouched for: a sentence that says so ("untrusted user
content said: ...") attributes the content, whoever else it names."""
_TOOL_HEAD = _stems("system")
"""A self word that, after a noun modifier, names a tool: "the *booking* system says"."""
_FRAMES = _stems("according per")
"""Reporting words whose speaker follows them ("according to the ticket", "per the user")."""
PAST = _stems(
    "previously formerly earlier before former old prior originally used until instead replaced "
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
_BOUNDARY = re.compile(
    r"[;()\[\]]|(?<!\d)[,:]|[,:](?!\d)|\s[-\u2013\u2014]\s|\s(?:but|although|though|while|whereas|because|since|so|"
    r"which|who)\s|(?<!\bnot)(?<!n't)(?<!n\u2019t)\syet\s|\s(?:and|or)\s(?=(?:i|he|she|they|we|you|it|that|is|are|was|were|has|have|had|also|"
    r"[A-Z]\w*)\b)",
)
_PRESENT_AUX = frozenset({"is", "are", "am", "get", "gets", "being", "be", "'s"})
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


@dataclass(frozen=True, slots=True)
class Statement:
    """One sentence of a summary, normalized and read for cues."""

    index: int
    text: str
    tokens: tuple[Token, ...]
    norms: tuple[str, ...]
    """Token norms with articles left out (what aliases are matched against)."""
    segment: tuple[int, ...]
    """For each token: which negation segment it belongs to."""
    clause: tuple[int, ...]
    """For each token: which clause it belongs to (clauses split at ";" and "but")."""
    vocabulary: frozenset[str]
    _memo: dict[str, tuple[int, ...]] = field(default_factory=dict, repr=False, compare=False)
    """Readings worked out on first use (the tokens that may negate, :meth:`_negation_cues`)."""

    def find(self, alias: Sequence[str]) -> int:
        """Where the alias starts among the tokens, or -1 (a cheap set test first)."""
        if not alias or alias[0] not in self.vocabulary:
            return -1
        at = find_phrase(self.norms, alias)
        if at < 0 and _TIMES not in alias and self._counted():
            found = self.positions(alias)
            at = found[0] if found else -1
        return at

    def _counted(self) -> tuple[int, ...]:
        """The tokens that are not a per-period count's "~time" (:func:`normalize.tokens`
        reads "1.5 cups a day" as "#1.5 ~time cup ~day", the "~time" standing on "cups"), or
        () when the sentence has none: an amount counted per period still holds its amount
        as written, so "1.5 cups" is found in "1.5 cups a day"."""
        kept = self._memo.get("counted")
        if kept is None:
            tokens_ = self.tokens
            added = {
                i
                for i in range(len(tokens_) - 1)
                if self.norms[i] == _TIMES and tokens_[i + 1].start == tokens_[i].start
            }
            kept = tuple(i for i in range(len(tokens_)) if i not in added) if added else ()
            self._memo["counted"] = kept
        return kept

    def find_any(self, aliases: Sequence[Sequence[str]]) -> tuple[int, Sequence[str]] | None:
        for alias in aliases:
            at = self.find(alias)
            if at >= 0:
                return at, alias
        return None

    def negated(self, position: int, span: int = 1) -> str | None:
        """The negators that flip token ``position`` (an odd count of them), or None.

        "not", "never" and "no longer" reach to the end of their segment; "no", "none",
        "nothing", "nobody" and "without" negate only the few words after them ("at no
        extra cost" does not negate the rest of the sentence).
        """
        seg = self.segment[position]
        found: list[str] = []
        answer = self._label_answer(position)
        for i in self._negation_cues():
            norm = self.norms[i]
            if (self.segment[i] != seg and i != answer and not self._across_aside(position, i)) or (
                position <= i < position + span
            ):
                continue  # a negator inside the matched words belongs to them ("do not touch")
            if norm in _CEASE and i < position and self._gerund(i + 1):
                found.append(self.tokens[i].raw)  # "stopped eating gluten" = not eating it
                continue
            state = self._negative_state(position, i)
            if state is None:
                state = self._negating_word(position, i, answer)
            if state is not None:
                if state:
                    found.append(state)
                continue
            raw = self.tokens[i].raw.lower()
            if un_negative(raw):
                # Only as what its subject is: "the charge *is unpaid*", never "unlimited data".
                if i > position and self._complement(i):
                    found.append(self.tokens[i].raw)
                continue
            norm = negator(self.tokens[i]) or ("not" if raw in _PROHIBITS or raw in _PRIVATIVES else "")
            norm = norm or ("no" if raw in _AWAITS else "")
            if not norm:
                continue
            after = self.norms[i + 1] if i + 1 < len(self.norms) else ""
            if (
                norm in ("not", "no")
                and after in _ADDITIVE
                and not self._cessation(i)
                and not self._not_to(i)
            ):
                continue
            if i > position and (self._answers(position, i) or i == answer):
                found.append(self.tokens[i].raw)  # "| Open bar | No |": the cell answers its label
                continue
            if norm == "no" and after == _LONGER:
                if i < position:
                    found.append("no longer")
                continue
            near = i < position <= i + _DETERMINER_REACH
            if norm in _DETERMINERS and not near and not self._subject(i, position):
                continue
            if norm not in _DETERMINERS and i > position and not self._before_verb(position + span - 1, i):
                continue
            found.append(self.tokens[i].raw)
        return ", ".join(found) if len(found) % 2 else None

    def _negation_cues(self) -> tuple[int, ...]:
        """The tokens that can flip another (a negator, a ceasing, prohibiting, privative or
        awaiting word, "off", "rid"), in order: :meth:`negated` reads only these, so a long
        sentence costs one pass over its words, not one per word it is asked about."""
        cues = self._memo.get("negation")
        if cues is None:
            cues = tuple(
                i
                for i, token in enumerate(self.tokens)
                if self.norms[i] in _CEASE
                or token.raw.lower() in _CUE_WORDS
                or negator(token) is not None
                or un_negative(token.raw.lower())
            )
            self._memo["negation"] = cues
        return cues

    def _negative_state(self, position: int, index: int) -> str | None:
        """Whether token ``index`` is the "off" or "rid of" of a negative state that flips
        token ``position`` (its words, or "" when it flips nothing here), or None when the
        token is neither. "Off" is a state after a linking or switching verb ("is off",
        "stays off", "switched off"), of the subject before it or, after a switching verb,
        of the object right after it ("turned off the heating"); "dropped off the parcel"
        and "30% off" are no state. "Rid of" flips the few words after it."""
        raw = self.tokens[index].raw.lower()
        if raw == _RID:
            if index + 1 >= len(self.norms) or self.norms[index + 1] != "of":
                return None
            reach = range(index + 2, min(index + 2 + _RID_REACH, len(self.norms)))
            for j in reach:
                if self.segment[j] != self.segment[index] or self.norms[j] in ("and", "or"):
                    break
                if j == position:
                    return "rid of"
            return ""
        if raw == _BEHIND:
            return self._left_behind(position, index)
        if raw in _INSTEAD or raw == _OUT:
            return self._set_aside(position, index, raw)
        if raw in (_YET, "still"):
            return self._still_open(position, index, raw)
        if raw != _OFF or index == 0:
            return None
        if self.text[self.tokens[index].end : self.tokens[index].end + 1] == "-":
            return ""  # "off-peak", "off-site": a modifier, no state
        before = index - 1
        while before > 0 and self.norms[before] in _STATE_ADVERBS:
            before -= 1  # "are now permanently off the menu"
        verb = self.norms[before]
        if verb not in _OFF_STATE and verb not in _SWITCH:
            return ""
        if index > position:
            return "off" if self._before_verb(position, before) or position == before else ""
        if verb in _SWITCH and position - index <= _OFF_REACH:
            return "off"
        if verb in _OFF_STATE and position - index <= _OFF_REACH and self._abstains(index):
            return "off"  # "Ruben is off grapefruit", "stays off alcohol": he takes none
        return ""

    def _set_aside(self, position: int, index: int, raw: str) -> str:
        """Whether "rather than" / "instead of" or a "stay out of" at token ``index`` flips
        token ``position`` after it: what follows "than" or "of" in its segment is what is
        not done or not let in ("discarded *rather than* added to the bulk tank", "her milk
        *stays out of* the bulk tank"); "" when it flips nothing here, None when it is none."""
        nxt = index + 1
        if nxt >= len(self.norms):
            return ""
        joined = {"rather": "than", "instead": "of", _OUT: "of"}[raw]
        if self.norms[nxt] != joined:
            return ""
        if raw == _OUT and (index == 0 or self.norms[index - 1] not in _KEPT_OUT):
            return ""  # "out of stock", "ran out of time": no keeping away
        seg = self.segment[index]
        if position <= nxt or self.segment[position] != seg:
            return ""
        if any(self.norms[j] in _SET_ASIDE_ENDS for j in range(nxt + 1, position)):
            return ""  # "... rather than added to the tank *until* 9 May": the date is not set aside
        return f"{raw} {joined}"

    def _still_open(self, position: int, index: int, raw: str) -> str:
        """Whether "yet to" or "still has to" at token ``index`` tells that what follows in
        its segment has not happened ("has *yet to* sign the form", "*still has to* do the
        cancellation"); "" when it flips nothing here."""
        norms = self.norms
        if raw == _YET:
            found = index + 1 < len(norms) and norms[index + 1] == "to"
            words = "yet to"
        else:
            found = index + 2 < len(norms) and norms[index + 1] in _STILL_DUE and norms[index + 2] == "to"
            words = f"still {self.tokens[index + 1].raw} to" if found else ""
        if not found or position <= index or self.segment[position] != self.segment[index]:
            return ""
        if any(norms[j] in _SET_ASIDE_ENDS for j in range(index + 1, position)):
            return ""
        return words

    def _abstains(self, index: int) -> bool:
        """Whether the "off" at token ``index`` after a linking verb takes a bare noun as
        what is given up ("is off grapefruit", "is off sugar"): no article, preposition or
        number after it ("off the jar", "off to Leeds", "off 20%"), all in its segment."""
        nxt = index + 1
        if nxt >= len(self.norms) or self.segment[nxt] != self.segment[index]:
            return False
        if self.text[self.tokens[index].end : self.tokens[nxt].start].strip():
            return False  # an article stood between ("off the jar"): articles are not tokens
        after = self.tokens[nxt].raw.lower()
        return kind_of(self.norms[nxt]) == "word" and after not in _NOT_GIVEN_UP

    def _left_behind(self, position: int, index: int) -> str:
        """The "behind" at token ``index`` as the particle of a verb of remaining or
        leaving (:data:`_LEFT_BEHIND`, :data:`_LEAVING`) that flips token ``position``, or
        "" when it flips nothing here: a "behind" with a noun phrase after it in its segment
        is a preposition of place. It flips the verb's subject ("the piano *stays behind*",
        "the bikes *were left behind*") or the object between "leave" and it ("*left* the
        bikes *behind*")."""
        nxt = index + 1
        if nxt < len(self.norms) and self.segment[nxt] == self.segment[index]:
            between = self.text[self.tokens[index].end : self.tokens[nxt].start]
            if not re.search(r"[^\w\s'-]", between) and self.tokens[nxt].raw.lower() not in _AFTER_PARTICLE:
                return ""  # "stays behind the counter": a place
        verb = index - 1
        if verb >= 0 and (self.norms[verb] in _LEFT_BEHIND or self.norms[verb] in _LEAVING):
            subject = position == verb or (position < verb and self._before_verb(position, verb))
            return "behind" if subject else ""
        for v in range(index - 2, max(-1, index - 2 - _BEHIND_REACH), -1):
            if self.norms[v] in _LEAVING and v < position < index and self.segment[v] == self.segment[index]:
                return "behind"
        return ""

    def _negating_word(self, position: int, index: int, answer: int | None) -> str | None:
        """Whether token ``index`` is a refusal (:data:`_REFUSALS`), a closure
        (:data:`_CLOSURES`), an awaiting word after its noun (:data:`_AWAITED`) or a
        "waiting for" (:data:`_WAITING`) that flips token ``position`` (its word, or ""
        when it flips nothing here), or None when the token is none of these."""
        raw = self.tokens[index].raw.lower()
        after = range(index + 1, min(index + 1 + _DETERMINER_REACH, len(self.norms)))
        if raw in _AWAITED and index > position:
            between = self.norms[position + 1 : index]
            linked = len(between) <= 2 and all(n in _AWAITED_LINKS for n in between)
            return raw if linked and self.segment[position] == self.segment[index] else None
        if raw in _WAITING:
            if index + 1 >= len(self.norms) or self.norms[index + 1] != "for":
                return ""
            reach = range(index + 2, min(index + 2 + _DETERMINER_REACH, len(self.norms)))
            waited = position in reach and self.segment[position] == self.segment[index]
            return f"{raw} for" if waited and kind_of(self.norms[index + 2]) == "word" else ""
        if raw in _CLOSURES:
            if index + 1 >= len(self.norms) or self.norms[index + 1] != "to":
                return ""
            reach = range(index + 2, min(index + 2 + _DETERMINER_REACH, len(self.norms)))
            return f"{raw} to" if position in reach and self.segment[position] == self.segment[index] else ""
        particle = _PHRASAL_REFUSALS.get(raw)
        if particle is not None:
            if index + 1 >= len(self.norms) or self.tokens[index + 1].raw.lower() != particle:
                return ""  # "rule of thumb", "called him": no refusal
            after = range(index + 2, min(index + 2 + _DETERMINER_REACH, len(self.norms)))
        elif raw not in _REFUSALS:
            return None
        if any(
            kind_of(self.norms[j]) == "number"
            for j in after
            if j == index + 1 or self.norms[j - 1] in _AMOUNT_LINKS
        ):
            return ""  # "declined by 12%": a fall in amount
        if index == answer:
            return raw
        if index < position:
            return raw if position in after and self.segment[position] == self.segment[index] else ""
        passive = index > 0 and self.norms[index - 1] in _PASSIVE_BE
        return raw if passive and self._before_verb(position, index) else ""

    def _cessation(self, index: int) -> bool:
        """Whether "no more" / "not any more" at token ``index`` tells that something has
        stopped ("no more late check-outs", "there is no more free parking"), as "no longer"
        does: "more" with no "than" after it in its segment. "No more than 3" is a bound."""
        if self.norms[index + 1] != _MORE:
            return False
        seg = self.segment[index]
        after = range(index + 2, min(index + 2 + _THAN_REACH, len(self.norms)))
        return not any(self.segment[j] == seg and self.norms[j] == "than" for j in after)

    def _label_answer(self, position: int) -> int | None:
        """The token that opens the answer to a label holding token ``position``, when it
        is a negator: in "overtime: not eligible" or "- Peanuts: none" the words after the
        colon answer the label before it, as a table cell answers its row's label
        (:meth:`_answers`). A label opens its line and is a few words with no punctuation.
        """
        # Only the statement's first colon can close a label: a later one has it in its label.
        found = self._memo.get("label")
        if found is None:
            found = (-1, -1)
            colon = _LABEL_COLON.search(self.text)
            label = self.text[: colon.start()].lstrip(" \t-*\u2022") if colon is not None else ""
            if colon is not None and len(label.split()) <= _LABEL_WORDS and not re.search(r"[,;:()|]", label):
                after = next((j for j, t in enumerate(self.tokens) if t.start >= colon.end()), None)
                first = self.tokens[after] if after is not None else None
                opens = first is not None and (negator(first) is not None or first.raw.lower() in _REFUSALS)
                if after is not None and opens:
                    found = (colon.start(), after)
            self._memo["label"] = found
        colon_at, answer = found
        return answer if answer >= 0 and self.tokens[position].end <= colon_at else None

    def _not_to(self, index: int) -> bool:
        """Whether "not to" at token ``index`` negates the infinitive after it ("isn't to do
        any running", "told not to lift anything"), as "not" does; only the idioms "not to
        mention", "not to say" and "not to speak of" add rather than negate."""
        if self.norms[index + 1] != "to" or index + 2 >= len(self.norms):
            return False
        return self.norms[index + 2] not in _NOT_TO_IDIOMS

    def _answers(self, position: int, index: int) -> bool:
        """Whether token ``index`` opens the markdown table cell right after the cell of
        token ``position``: "| Open bar | No; ... |" answers "No" for its label."""
        start, end = self.tokens[position].end, self.tokens[index].start
        between = self.text[start:end]
        return (
            self.text.lstrip().startswith("|") and between.count("|") == 1 and between.rstrip().endswith("|")
        )

    def _gerund(self, index: int) -> bool:
        return index < len(self.tokens) and self.tokens[index].raw.lower().endswith("ing")

    def in_clause(self, aliases: Sequence[Sequence[str]], position: int) -> bool:
        """Whether one of ``aliases`` occurs in the clause of token ``position``."""
        clause = self.clause[position]
        for alias in aliases:
            at = self.find(alias)
            while at >= 0:
                if self.clause[at] == clause:
                    return True
                nxt = find_phrase(self.norms[at + 1 :], alias)
                at = at + 1 + nxt if nxt >= 0 else -1
        return False

    def positions(self, alias: Sequence[str]) -> list[int]:
        """Every token position where ``alias`` starts (past a per-period count's "~time",
        :meth:`_counted`, when the alias has none)."""
        out: list[int] = []
        if not alias or alias[0] not in self.vocabulary:
            return out
        n = len(alias)
        for i, norm in enumerate(self.norms):
            if norm == alias[0] and tuple(self.norms[i : i + n]) == tuple(alias):
                out.append(i)
        kept = self._counted() if _TIMES not in alias else ()
        if kept:
            bare = [self.norms[i] for i in kept]
            for j, norm in enumerate(bare):
                if norm == alias[0] and tuple(bare[j : j + n]) == tuple(alias) and kept[j] not in out:
                    out.append(kept[j])
            out.sort()
        return out

    def _subject(self, index: int, position: int) -> bool:
        """Whether the negator at ``index`` opens the subject of its clause, before ``position``:
        "no lifts are to be made over the school side", "nothing goes over the school side".
        A negative subject denies the predicate, as "not" after the verb would, so it reaches
        to the end of its segment; in a phrase ("at no extra cost") it negates only its noun."""
        if self.norms[index] not in _NEGATIVE_SUBJECTS or position < index:
            return False
        if index > 0 and self.segment[index - 1] == self.segment[index]:
            before = self.text[self.tokens[index - 1].end : self.tokens[index].start]
            if self.norms[index - 1] not in _SUBJECT_OPENERS and ":" not in before:
                return False
        for j in range(index + 1, min(index + 1 + _SUBJECT_REACH, position)):
            if self.norms[j] in _AUXILIARIES:
                return True
            if self.norms[j] in _CONJUNCTIONS and j != index + 2:
                return False  # "no fee applies and boats may ...": a clause of its own; not "no A or B"
        if self.norms[index] == "no" or index + 1 >= position or self.norms[index + 1] in _SUBORDINATORS:
            return False
        follow = self.tokens[index + 1].raw
        return follow.endswith("s") and follow.islower() and len(follow) > 3 and follow != "unless"

    def _complement(self, index: int) -> bool:
        """Whether token ``index`` is what its subject is: a linking word before it, past
        an adverb or two ("is *still* unpaid", "remains *currently* unconfirmed")."""
        back = index - 1
        while (
            back >= 0
            and index - back <= 2
            and (self.norms[back] in _LINK_ADVERBS or self.tokens[back].raw.endswith("ly"))
        ):
            back -= 1
        return back >= 0 and self.norms[back] in _COMPLEMENT_LINKS

    def _before_verb(self, position: int, negator: int) -> bool:
        """Whether a negator after ``position`` still governs it: "peanuts are *not*
        allowed" (the negated verb's subject), but not "peanuts, and *not* merely ..."."""
        aside = self._aside_tokens()
        between = [
            n for k, n in enumerate(self.norms[position + 1 : negator], position + 1) if k not in aside
        ]
        if _coordinated(between):
            return False
        return len(between) <= 3 or _modified_subject(between)

    def _across_aside(self, position: int, index: int) -> bool:
        """Whether token ``index`` (after ``position``) stands in the segment that resumes
        ``position``'s clause after an aside between them (:func:`_asides`): every token
        between the two segments is the aside's."""
        if index <= position:
            return False
        aside = set(self._aside_tokens())
        if not aside:
            return False
        seg, other = self.segment[position], self.segment[index]
        between = [j for j in range(position + 1, index) if self.segment[j] not in (seg, other)]
        return bool(between) and all(j in aside for j in between)

    def _aside_tokens(self) -> tuple[int, ...]:
        """The tokens inside an aside between a subject and its verb (:func:`_asides`)."""
        found = self._memo.get("asides")
        if found is None:
            spans = _asides(self.text)
            found = tuple(i for i, t in enumerate(self.tokens) if any(a <= t.start < b for a, b in spans))
            self._memo["asides"] = found
        return found

    def quoted_spans(self) -> tuple[tuple[int, int], ...]:
        """Where the sentence quotes someone (:data:`_QUOTED`), as character spans."""
        found = self._memo.get("quoted")
        if found is None:
            found = tuple(x for q in _QUOTED.finditer(self.text) for x in q.span())
            self._memo["quoted"] = found
        return tuple(zip(found[::2], found[1::2], strict=True))

    def title(self) -> bool:
        """Whether the sentence is a section title: a markdown ``#`` heading or a line of a
        few words wholly in bold, with no colon in it. A title names the topic of the lines
        under it ("**Open questions**", "## Next steps"); it asserts nothing."""
        return _TITLE.fullmatch(self.text) is not None and len(self.text.split()) <= _TITLE_WORDS

    def asked(self, position: int) -> bool:
        """Whether token ``position`` is in the question a sentence ends with (a question
        mark, past closing markup, brackets or quotes, closes its last clause): a question
        asserts nothing ("Four-day week from next year?" asks whether, it does not settle
        it), but a clause before it does ("repainted in May; is the hall next?")."""
        return _ASKED.search(self.text) is not None and self.clause[position] == self.clause[-1]

    def speculative(self, position: int) -> str | None:
        """The speculation words of the clause of token ``position``, or None."""
        clause = self.clause[position]
        start = min(t.start for i, t in enumerate(self.tokens) if self.clause[i] == clause)
        end = max(t.end for i, t in enumerate(self.tokens) if self.clause[i] == clause)
        # A second predicate joined after the token by "and" doubts only itself: "has the
        # Basic plan *and asked whether* Pro would suit" leaves the Basic plan settled.
        joined = [
            t.start
            for i, t in enumerate(self.tokens)
            if i > position and self.clause[i] == clause and self.norms[i] == "and"
        ]
        if joined:
            end = min(end, joined[0])
        # Nor does a consequence after ", so" reach back: "the panel has cut the line, *so*
        # the purchase *would* be postponed" states the cut as settled.
        result = _RESULT.search(self.text, self.tokens[position].end, end)
        if result is not None:
            end = result.start()
        start = max(start, self._reported_after(position, clause, start))
        # A trailing ", with ..." phrase tells its own noun's state: "CSV files, *with
        # Parquet being considered*" doubts Parquet, not the CSV files before it.
        aside = _WITH_ASIDE.search(self.text, start, end)
        if aside is not None and self.tokens[position].start < aside.start():
            end = aside.start()
        end = min(end, self._conditioned_alternative(position, clause, end))
        found = _SPECULATION.finditer(self.text[start:end])
        # A hedge inside a quotation doubts the quotation only: "Text from the shop: 'we
        # can probably do Friday'" settles that the shop texted.
        here = self.tokens[position].start
        quotes = [q.span() for q in _QUOTED.finditer(self.text) if not q.start() <= here < q.end()]
        words = [
            m.group()
            for m in found
            if not any(a <= start + m.start() < b for a, b in quotes)
            and not _text.month_may(self.text, start + m.start(), start + m.end())
            and not _committed(self.text, start + m.start(), m.group())
            and not _required(self.text, start + m.end(), m.group())
            and not _request(self.text, start + m.end(), m.group())
        ]
        if words and all(_FUTURE.fullmatch(w) for w in words) and _HABIT.search(self.text[start:end]):
            return None  # "she'll ring each time": a habit, as settled as "she rings each time"
        return ", ".join(words) if words else None

    def _conditioned_alternative(self, position: int, clause: int, end: int) -> int:
        """Where a trailing alternative value with its own condition begins after token
        ``position`` (", *4:30pm only if the flight is late*"), or ``end``: after a comma, a
        number, time, date or amount, then "if" or "only if". The condition is that
        value's; the value before the comma stands ("Fri 3pm, 4:30pm only if ...")."""
        for i in range(position + 1, len(self.tokens) - 1):
            if self.clause[i] != clause or self.tokens[i].start >= end:
                break
            if "," not in self.text[self.tokens[i - 1].end : self.tokens[i].start]:
                continue
            if kind_of(self.norms[i]) not in ("number", "time", "date", "currency"):
                continue
            after = [t.raw.lower() for t in self.tokens[i + 1 : i + 3]]
            if after[:1] == ["if"] or after == ["only", "if"]:
                return self.tokens[i - 1].end
        return end

    def _reported_after(self, position: int, clause: int, start: int) -> int:
        """Where a predicate that reports a clause of its own begins before token
        ``position`` ("..., *and mentioned that* the head had cancelled the fair"), or
        ``start``: "and", a past verb, "that". A hedge before it belongs to the predicate it
        joins ("confirmed that the assembly *would* be held at 9:15"), not to the reported
        clause; "might be delayed and cancelled" joins no "that" and stays one doubt."""
        begin = start
        for i in range(position - 2):
            if self.clause[i] != clause or self.norms[i] != "and":
                continue
            reports = self.tokens[i + 1].past and self.tokens[i + 2].raw.lower() == "that"
            if reports or self._new_subject(i, position):
                begin = max(begin, self.tokens[i].start)
        return begin

    def _new_subject(self, conjunction: int, position: int) -> bool:
        """Whether ", and" at ``conjunction`` opens a clause with a subject and a past verb of
        its own before token ``position`` ("since they will be away, *and the agent booked*
        March 21"): a hedge before it is not the new clause's."""
        if "," not in self.text[self.tokens[conjunction - 1].end : self.tokens[conjunction].start]:
            return False
        opener = self.text[self.tokens[conjunction].end :].split(None, 1)[:1]
        if not opener or opener[0].lower() not in _SUBJECT_STARTS:
            return False  # articles are no tokens: the word after "and" is read from the text
        reach = range(conjunction + 2, min(conjunction + 2 + _SUBJECT_REACH, position))
        return any(self.tokens[j].past and self.norms[j] not in _AUXILIARIES for j in reach)

    def second_choice(self, position: int) -> str | None:
        """The words that offer token ``position`` as a second choice, or None: "with Unit 3
        *as the fallback*", "Parquet *as a possible alternative*", "ring her landline *as a
        backup*". A value offered so is not the one that stands."""
        clause = self.clause[position]
        end = max(t.end for i, t in enumerate(self.tokens) if self.clause[i] == clause)
        here = self.tokens[position].start
        aside = _WITH_ASIDE.search(self.text, 0, end)
        if aside is not None and aside.start() < here:
            # The value sits in a ", with ..." phrase: the phrase's own role word names it.
            found = _SECOND_CHOICE.search(self.text, here, end)
        else:
            # The value itself, then its role within a few words ("Unit 3 as the fallback").
            found = _SECOND_CHOICE.search(self.text, here, min(end, self.tokens[position].end + 40))
            stop = aside.start() if aside is not None and aside.start() > here else end
            if found is not None and found.start() > stop:
                found = None
        return found.group().strip() if found is not None else None

    def ruled_consequence(self, positions: Sequence[int]) -> list[int]:
        """The positions of a rule that a fronted condition bounds, or nothing: "If you decide
        to bring it, *sports equipment can be added* for 35 euros" doubts the deciding, but
        the rule after the condition's comma (a "can", "must" or "need to", and no doubt of
        its own) holds as the service's rule."""
        if not positions or self.norms[positions[0]] != "if":
            return []
        for k, i in enumerate(positions[1:], 1):
            if "," in self.text[self.tokens[positions[k - 1]].end : self.tokens[i].start]:
                main = list(positions[k:])
                text = self.text[self.tokens[main[0]].start : self.tokens[main[-1]].end]
                if _RULE_MODAL.search(text) and not _SPECULATION.search(text):
                    return main
                return []
        return []

    def presupposed(self, positions: Sequence[int]) -> list[int]:
        """The positions of a definite subject that a speculative clause takes as given:
        "*The spike in egress charges* might be caused by ..." doubts the cause, not the
        spike. Only a subject opened by a determiner of something known ("the", "this",
        "its", ...) and wholly before the first speculation word counts."""
        if not positions:
            return []
        start = self.tokens[positions[0]].start
        end = max(self.tokens[i].end for i in positions)
        first = _SPECULATION.search(self.text[start:end])
        if first is None:
            return []
        given = self._owned(positions) | self._time_clause(positions, start + first.end(), end)
        given |= self._asking(positions, start + first.start())
        given |= self._reporter(positions, start + first.start())
        given |= self._possessed(positions, start + first.start())
        before = self.tokens[positions[0] - 1].end if positions[0] > 0 else 0
        opener = self.text[before:start].split()
        if opener and opener[-1].lower().strip(",;:") in _DEFINITE:
            given |= {i for i in positions if self.tokens[i].end <= start + first.start()}
        return sorted(given)

    def _possessed(self, positions: Sequence[int], first: int) -> set[int]:
        """The words of a possessed subject just before the first speculation word: "she
        thinks *Juniper's limp* could be a ligament problem" doubts the cause, not the limp.
        A possessive ("Juniper's", "the site's") then up to :data:`_OWNED_REACH` content
        words, ending where the doubt starts."""
        before = [i for i in positions if self.tokens[i].end <= first]
        if not before:
            return set()
        out: set[int] = set()
        for i in reversed(before[-_OWNED_REACH - 1 :]):
            raw = self.tokens[i].raw.lower()
            if self.norms[i] in STOPWORDS and not raw.endswith(_POSSESSIVE):
                return set()
            out.add(i)
            if raw.endswith(_POSSESSIVE):
                return out if len(out) > 1 else set()
        return set()

    def _reporter(self, positions: Sequence[int], first: int) -> set[int]:
        """The words of a report's speaker and its verb before a "that" that opens the
        doubted part ("*Some members suggested* that the school could move"): what they
        said is in doubt, not that they said it. The verb before "that" is past, as a
        report's is; a "that" after the first speculation word opens nothing."""
        for k in positions:
            if self.tokens[k].start >= first:
                break
            if k > positions[0] and self.tokens[k].raw.lower() == "that" and self.tokens[k - 1].past:
                return {i for i in positions if i < k}
        return set()

    def _owned(self, positions: Sequence[int]) -> set[int]:
        """The words of a noun phrase the speaker owns, "*my* card", "*our* spare room": a
        speculative clause doubts what is done with it ("might sell my car"), not that the
        speaker has it. Up to :data:`_OWNED_REACH` words after "my" or "our", to the first
        function word."""
        out: set[int] = set()
        wanted = set(positions)
        for i in positions:
            if self.tokens[i].raw.lower() not in _OWNERS:
                continue
            for j in range(i + 1, min(i + 1 + _OWNED_REACH, len(self.norms))):
                if j not in wanted or self.norms[j] in STOPWORDS or self._opened(j):
                    break
                out.add(j)
        return out

    def _asking(self, positions: Sequence[int], first: int) -> set[int]:
        """The words before a question word that opens the doubted part ("*Can you confirm*
        how much you'll hold"): the asking is not in doubt, only what the embedded question
        asks ("how much", "what", "which", "where", "why", "who"), whose future it holds; and
        a definite subject of the embedded question ("what *the courier* will charge")."""
        for k, i in enumerate(positions):
            token = self.tokens[i]
            if token.start >= first:
                return set()
            if k and token.raw.lower() in _QUESTION_WORDS:
                given = set(positions[:k])
                rest = [j for j in positions[k + 1 :] if self.tokens[j].end <= first]
                if rest:
                    # The embedded question's definite subject, as a clause's own
                    # ("what *the courier* will charge"): taken as given.
                    opener = self.text[token.end : self.tokens[rest[0]].start].split()
                    if opener and opener[-1].lower() in _DEFINITE:
                        given |= set(rest)
                return given
        return set()

    def _opened(self, index: int) -> bool:
        """Whether punctuation or an article stands right before token ``index``."""
        between = self.text[self.tokens[index - 1].end : self.tokens[index].start]
        return between.strip() != ""

    def _time_clause(self, positions: Sequence[int], after: int, end: int) -> set[int]:
        """The words of a time clause after the speculation word ("how much you'll hold
        *before I come in on Friday*"): "before", "after", "until", "once" and "when"
        presuppose what they tell, so the doubt of the clause they hang on does not reach
        them; one with a doubt of its own ("before I might ...") keeps it."""
        for i in positions:
            token = self.tokens[i]
            if token.start < after or token.raw.lower() not in _TIME_CONJUNCTIONS:
                continue
            if _SPECULATION.search(self.text, token.end, end) is not None:
                return set()
            return {j for j in positions if j > i}
        return set()

    def attributed(self, position: int) -> str | None:
        """The words that report a source for token ``position``'s sentence, or None.

        Quotation marks around the token count; a saying verb counts unless its only
        speaker is the user, the system or a policy (that restates, not reports).
        """
        token = self.tokens[position]
        for quoted in _QUOTED.finditer(self.text):
            inside = quoted.start() <= token.start < quoted.end()
            if inside and not _JSON_KEY.search(self.text, 0, quoted.start()):
                return "quotation marks"
        reports = [
            i for i in range(len(self.tokens)) if self._reports(i) and not self._subordinate(position, i)
        ]
        # A report whose speaker is the user, the operator or the assistant restates what
        # they asked ("The human asks the AI to forward ..."); a source noun inside such a
        # report is its object ("asks the AI to look at ticket X"), unless it speaks itself.
        # A label of distrust ("an *unverified* claim") speaks for no one: it attributes.
        speakers = {
            i: "source" if self.norms[i] in _UNTRUSTED_LABELS else self._speaker(i)
            for i in reports
            if not self._source_noun(i)
        }
        own = [i for i, who in speakers.items() if who == "self"]
        kept = [
            i
            for i in reports
            if speakers.get(i, "source") != "self"
            and not (i not in speakers and any(o < i and self.clause[o] == self.clause[i] for o in own))
            and not self._occasion(i, position)
        ]
        if not kept:
            return None
        asides = {self._aside(i) for i in kept} - {None}
        labelled = any(self.norms[i] in _UNTRUSTED_LABELS for i in kept)
        if (
            not labelled
            and all(speakers.get(i) == "unknown" for i in kept)
            and any(
                self._self_word(i) and not self.negated(i)  # "the courier's claim, not our policy"
                for i in range(len(self.norms))
                if self.segment[i] not in asides
            )
        ):
            return None
        return ", ".join(dict.fromkeys(self.tokens[i].raw for i in kept))

    def _subordinate(self, position: int, index: int) -> bool:
        """Whether the reporting word at ``index``, at or after token ``position``, sits in a
        condition, time or relative clause ("the charge is waived *if the customer asks*",
        "refunds go to anyone *who asks*"): it tells when the claim holds, not who made it,
        and the words between its opener and it are its own subject, the speaker."""
        return position <= index and any(
            self.tokens[j].raw.lower() in _SUBORDINATORS and self.segment[j] == self.segment[index]
            for j in range(index)
        )

    def _self_word(self, index: int) -> bool:
        """Whether token ``index`` names a restating speaker (:data:`_SELF`): not a tool's
        "system" after a noun modifier ("booking system", "the CRM system")."""
        if self.norms[index] not in _SELF:
            return False
        if self.norms[index] in _TOOL_HEAD and index > 0 and self.segment[index - 1] == self.segment[index]:
            between = self.text[self.tokens[index - 1].end : self.tokens[index].start]
            return bool(between.strip())  # an article or a mark between: "the system"
        return not self._modifies_noun(index)

    def _modifies_noun(self, index: int) -> bool:
        """Whether the speaker noun at ``index`` modifies the noun after it, which is then
        the source: "*user* content said", "a *user*-submitted review", "the *user* forum
        post". A hyphen joins them, or the next word of its segment is no verb form (not a
        past, not in "-s", not an auxiliary or a function word): "the user said", "the user
        asks", "the user then wrote" keep the user speaking. Pronouns never modify."""
        token = self.tokens[index]
        if token.raw.lower() in _PRONOUN_SPEAKERS or index + 1 >= len(self.tokens):
            return False
        after = self.tokens[index + 1]
        if self.segment[index + 1] != self.segment[index]:
            return False
        between = self.text[token.end : after.start]
        if between == "-":
            return True
        word = after.raw.lower()
        return (
            between.isspace()
            and kind_of(after.norm) == "word"
            and word.isalpha()
            and not after.past
            and not word.endswith(("s", "ly"))
            and after.norm not in STOPWORDS
            and after.norm not in _AUXILIARIES
            and after.norm not in ATTRIBUTION
        )

    def _speaker(self, index: int) -> str:
        """Who speaks the reporting word at ``index``: ``self`` (:meth:`_self_word`),
        ``source`` (a source noun or a named tool) or ``unknown``. The nearest such word
        before it in its clause, or after it for "according to", "per" and "by"; never a
        word inside quotation marks."""
        after = self.norms[index] in _FRAMES or (
            index + 1 < len(self.norms) and self.norms[index + 1] == "by"
        )
        clause = self.clause[index]
        order = range(index + 1, len(self.norms)) if after else range(index - 1, -1, -1)
        quoted = [(q.start(), q.end()) for q in _QUOTED.finditer(self.text)]
        aside = self._aside(index) if not after else None
        for i in order:
            if self.clause[i] != clause:
                break
            if self.segment[i] == aside:
                continue  # "the FAQ, pasted by the user, claims": the aside is not the speaker
            if any(a <= self.tokens[i].start < b for a, b in quoted):
                continue  # a quoted word is mentioned, not speaking: a "note to agent" asking ...
            if self._self_word(i):
                return "self"
            if self._source_noun(i) or self.norms[i] in _TOOL_HEAD:
                return "source"
        return "unknown"

    def _aside(self, index: int) -> int | None:
        """The segment of an aside set off by commas right before token ``index`` (", pasted
        by the user, claims"), or None: a subject is never wrapped in commas of its own."""
        if index < 2 or "," not in self.text[self.tokens[index - 1].end : self.tokens[index].start]:
            return None
        seg = self.segment[index - 1]
        first = next(i for i in range(index) if self.segment[i] == seg)
        if first == 0 or self.clause[first - 1] != self.clause[index]:
            return None
        return seg if "," in self.text[self.tokens[first - 1].end : self.tokens[first].start] else None

    def _reports(self, index: int) -> bool:
        """Whether token ``index`` is a reporting word. "per" reports only a source ("per
        the ticket", "as per"), not a rate ("10 hours per month")."""
        norm = self.norms[index]
        if norm not in ATTRIBUTION:
            return False
        if norm == "per":
            after = range(index + 1, min(index + 3, len(self.norms)))  # "per the e-mail" reads "per e mail"
            return any(self._source_noun(i) for i in after) or (index > 0 and self.norms[index - 1] == "as")
        if norm in _UNTRUSTED_LABELS:
            return True  # a label of distrust, whatever it modifies ("an unverified claim")
        if norm in _REPORTING and self._thing_noun(index):
            return False
        if norm in _REPORTING and self._purpose(index):
            return False  # "verify your details within 24h *to claim* it": an act, not a report
        return norm not in _SOURCE_NOUNS or norm in _REPORTING or self._source_noun(index)

    def _purpose(self, index: int) -> bool:
        """Whether the reporting word at ``index`` is a bare infinitive of purpose ("... to
        claim it", "in order to report a fault"): "to" right before it, and no verb that
        takes a report before that ("asked to report", "wants to claim that ...")."""
        if index == 0 or self.tokens[index - 1].raw.lower() != "to":
            return False
        nxt = self.norms[index + 1] if index + 1 < len(self.norms) else ""
        return nxt != "that" and (index < 2 or self.norms[index - 2] not in _TAKES_REPORT)

    def _thing_noun(self, index: int) -> bool:
        """Whether the reporting word at ``index`` names a thing, not a report: a noun
        after a determiner or in the possessive ("the claim's deductible", "every claim",
        "a quote for the repair", "this state"), with no speaker or content after it ("the
        claim *that* ...", "a request *from* the ticket", "the report *by* ..." report)."""
        token = self.tokens[index]
        raw = token.raw.lower().replace("\u2019", "'")
        if raw.endswith("'s"):
            return True
        before = self.text[: token.start].split()
        if not before:
            return False
        opener = before[-1].lower().replace("\u2019", "'")
        nxt = self.tokens[index + 1].raw.lower() if index + 1 < len(self.tokens) else ""
        between = self.text[token.end : self.tokens[index + 1].start] if nxt else ""
        if opener not in _NOUN_OPENERS:
            # After a possessive, a noun with its own predicate next ("Fenwick's quote still
            # isn't in"); "the courier's claim, not ours" names whose claim it is.
            return (
                opener.endswith("'s") and bool(nxt) and nxt not in _REPORT_COMPLEMENT and not between.strip()
            )
        return nxt not in _REPORT_COMPLEMENT or any(c in between for c in ",;:")

    def _occasion_noun(self, index: int) -> bool:
        """Whether token ``index`` is a source noun a few words after a word of time or cause
        ("*following* an *email*", "*after* a *text*")."""
        if not self._source_noun(index):
            return False
        return any(self.norms[j] in _OCCASIONS for j in range(max(0, index - _OCCASION_REACH), index))

    def in_occasion(self, position: int) -> bool:
        """Whether token ``position`` is in a phrase of occasion that names a source ("Following
        an email *from the help centre*, ..."): its words describe the source, no claim."""
        for k in range(max(0, position - _OCCASION_REACH - 4), position + 1):
            if not self._occasion_noun(k):
                continue
            inside = self.text[self.tokens[k].end : self.tokens[position].start] if position > k else ""
            if "," not in inside and "," in self.text[self.tokens[position].end :]:
                return True
        return False

    def _occasion(self, index: int, position: int) -> bool:
        """Whether the source noun at ``index`` only names the occasion of a claim made after
        it: in a phrase of time or cause set off by a comma before token ``position``
        ("*Following an email from the billing team*, the customer has to ..."). The claim
        after the comma is the sentence's own; "according to the email" still attributes."""
        if index >= position or not self._occasion_noun(index):
            return False
        between = self.text[self.tokens[index].end : self.tokens[position].start]
        return "," in between and not any(self._reports(j) for j in range(index + 1, position))

    def _source_noun(self, index: int) -> bool:
        """Whether token ``index`` is a source noun as written ("site", "tickets", "e-mail")."""
        if self.norms[index] not in _SOURCE_NOUNS:
            return False
        lower = self.tokens[index].raw.lower().removesuffix("'s")
        return lower in _SOURCE_SURFACE

    def _present_passive(self, index: int) -> bool:
        """Whether the past participle at ``index`` is a present passive ("is sent", "are
        now reviewed"): it tells the current state, not history."""
        seg = self.segment[index]
        for i in range(index - 1, -1, -1):
            if self.segment[i] != seg:
                break
            word = self.tokens[i].raw.lower()
            if word in _PRESENT_AUX:
                return True  # also a participle joined to it: "is written by A and edited by B"
            if word in _PAST_AUX:
                return False
        return False

    def _held(self, index: int) -> bool:
        """Whether the past participle at ``index`` tells a state someone holds: "has a
        table booked", "have the forms signed" (have + object + participle), against the
        present perfect "has booked a table", where the participle follows "has"."""
        seg = self.segment[index]
        for i in range(index - 2, -1, -1):
            if self.segment[i] != seg:
                return False
            if self.tokens[i].raw.lower() in ("has", "have", "having"):
                after = self.text[self.tokens[i].end : self.tokens[i + 1].end].lower().split()
                return bool(after) and after[0] in _HELD_OBJECT
        return False

    def _elliptic_passive(self, index: int) -> bool:
        """Whether the past participle at ``index`` opens the text after a label and takes a
        preposition ("Alerts: sent to ops@", "- **Forms:** filed in the red tray"): the
        label's subject with its "are" left out, a present passive like "are sent to"."""
        token = self.tokens[index]
        before = self.text[self.tokens[index - 1].end if index > 0 else 0 : token.start]
        if not before.replace("*", "").strip().endswith(":"):
            return False
        return index + 1 < len(self.norms) and self.norms[index + 1] in _PASSIVE_PREPOSITIONS

    def _frames(self, index: int) -> bool:
        """Whether the past verb at ``index`` frames a report of what holds: "Noted that",
        "User mentioned that", "confirmed that" before a clause, whose own verb tells its
        tense ("Noted that the GP is Dr. Mensah" states the current GP)."""
        return index + 1 < len(self.norms) and self.norms[index + 1] == "that" and index < 3

    def _another_action(self, position: int, index: int) -> bool:
        """Whether the past verb at ``index`` is a second predicate joined after ``position``
        by "and"/"or" ("is on the Basic plan *and asked* about Pro"): it tells another
        action, not the tense of the value before it."""
        return index > position and any(n in ("and", "or") for n in self.norms[position + 1 : index])

    def history_word(self, index: int) -> bool:
        """Whether token ``index`` is a word of history (:data:`PAST`): not "once", "then"
        and "before", and not the "-s" form of a verb of change, a plural noun or a present
        ("oil *changes*", "this *replaces* ...", where "changed" would tell history), nor
        "until" before a time of day ("run until 07:00" ends a span of the day)."""
        norm = self.norms[index]
        if norm not in PAST or norm in ("once", "then", "before"):
            return False
        if norm == "until" and index + 1 < len(self.norms) and self.norms[index + 1][:1] == "@":
            return False
        return not (norm in _CHANGE_VERBS and self.tokens[index].raw.lower().endswith("s"))

    def past(self, position: int) -> str | None:
        """The words that put token ``position`` in the past, or None."""
        origin = (
            position > 1 and self.norms[position - 1] == "from" and self.norms[position - 2] in _DEPARTING
        )
        if (
            position > 0
            and self.norms[position - 1] in ("from", "than", "of")
            and position > 1
            and not origin
        ):
            before = self.norms[position - 2]
            if self.norms[position - 1] == "from" or before in ("instead", "rather"):
                return f"{self.tokens[position - 1].raw} {self.tokens[position].raw}"
        if position > 0 and self.norms[position - 1] == "from" and not origin:
            return f"from {self.tokens[position].raw}"
        seg = self.segment[position]
        words: list[str] = []
        for i, token in enumerate(self.tokens):
            if self.history_word(i):
                words.append(token.raw)
            elif negator(token) == "no" and i + 1 < len(self.norms) and self.norms[i + 1] == _LONGER:
                words.append("no longer")
            elif (
                token.past
                and self.segment[i] == seg
                and not self._present_passive(i)
                and not self._held(i)
                and not self._elliptic_passive(i)
                and not self._frames(i)
                and not self._another_action(position, i)
            ):
                words.append(token.raw)
        return ", ".join(dict.fromkeys(words)) if words else None


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
    verb's, right before the negator) ends them, and no other verb stands between."""
    return (
        len(between) <= _MODIFIER_REACH
        and between[0] in _MODIFYING
        and between[-1] in _AUXILIARIES
        and not any(n in _AUXILIARIES for n in between[:-1])
    )


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


_ARTICLES = frozenset({"the", "a", "an"})
# Clauses: at ";", a contrastive conjunction (", while" with its comma: "while" alone may
# tell time), a comma before a modal (a predicate with its subject left out: "We usually
# collect Saturdays, can probably do Friday"; not ", should the lease be renewed", a
# condition), or "and" / "or" (with or without a comma)
# before a new subject and its verb ("Rosa is the fire warden, and Quinn is the
# first-aider"; "..., and Bruno draws the diagrams"; "Ida Berg is in 3A and Tom sits in
# 3C": a name of up to three words, then a present or past verb, "-s" or "-ed").
_CLAUSE_CUT = re.compile(
    r";|\s(?:but|although|though|whereas|however)\s|,\s*while\s|"
    r",\s*(?=(?:can|could|may|might|will|would|must)\s)|"
    r",?\s+(?:and|or)\s+(?=(?:(?:Mr|Mrs|Ms|Mx|Dr|Prof)\.?\s+)?"
    r"(?:[A-Z]\w*(?:\s+[A-Z]\w*){0,2}|he|she|it)\s+"
    r"(?:(?:also|now|still)\s+)?(?:is|was|has|does|will|can|may|must|should|would|[a-z]{2,}(?:s|ed))\b)"
)
_FINITE = (
    r"(?:is|are|am|was|were|will|would|shall|has|have|had|can|could|must|should|may|might|does|do|did|"
    r"gets|get|got)"
)
_NOUN_CLAUSE = re.compile(
    r"(?:,\s*|\s+)(?:and|or)\s+(?=(?:the|a|an|this|that|these|those|its|their|our|his|her|my|your|"
    r"[A-Z][\w-]*(?:'s|\u2019s))\s+(?:[\w'\u2019-]+\s+){0,3}(?:(?:also|now|still)\s+)?" + _FINITE + r"\b)"
)
_RESULT = re.compile(
    r",\s*(?:and\s+)?so\s+(?=(?:(?:the|a|an|this|that|these|those|its|their|our|his|her|my|your|"
    r"[A-Z][\w-]*(?:'s|\u2019s))\s+(?:[\w'\u2019-]+\s+){0,3}|(?:we|they|he|she|it|I|you)\s+)"
    r"(?:(?:also|now|still)\s+)?" + _FINITE + r"\b)"
)
"""A consequence joined by ", so": a subject (a noun phrase or a pronoun) then a finite
verb, so "so far" and "so that" are none."""
_VERB_BEFORE = re.compile(r"\b" + _FINITE + r"\b|\b[a-z]{2,}ed\b|\b(?:[A-Z]\w*|he|she|it)\s+[a-z]{2,}s\b")
"""A clause joined by "and" (with a comma or without: "is at 9:30 *and the inspector might*
look") whose subject is a noun phrase, not a name ("Luis will do the
spay, *and the dental* is done by Amara"; "..., *and Rolo's dental* is being done by ..."):
a determiner or a possessive, up to three more words, then a finite verb. Only after a
clause that has its own verb, so a list of subjects ("Pepper, Rolo, and the kitten are
booked") stays one clause."""


_SPLICE = re.compile(
    r",\s*(?=(?:[Ii]|[Ww]e|[Yy]ou|[Hh]e|[Ss]he|[Tt]hey)\s+(?:(?:also|now|still|just)\s+)?"
    r"(?:can|could|will|would|shall|should|may|might|must|am|are|is|was|were|have|has|had|do|does|did)\b)"
)
"""A comma before a pronoun subject and its auxiliary: a new clause joined by the comma
alone ("calling about my booking, name Ada Roy, I can send the reference if needed"), whose
"if" conditions it, not the words before the comma. Not after an opening subordinate clause
("If it rains, we will cancel"; "When the van comes, she can sign"), which the clause after
the comma completes (:data:`_SUBORDINATE`)."""
_SUBORDINATE = re.compile(
    r"\W*(?:(?:and|but|or|so|yet)\s+)?(?:if|when|whenever|unless|once|whether|although|though|because|since|as|after|before|until|"
    r"while|provided|assuming|in\s+case)\b",
    re.IGNORECASE,
)


def _clause_cuts(text: str) -> list[int]:
    """Where the clauses of ``text`` begin after the first (see :data:`_CLAUSE_CUT`,
    :data:`_NOUN_CLAUSE`, :data:`_SPLICE`), in text order."""
    cuts = [m.start() for m in _CLAUSE_CUT.finditer(text)]
    for m in _SPLICE.finditer(text):
        since = max((c for c in cuts if c < m.start()), default=0)
        if not _SUBORDINATE.match(text, since):
            cuts.append(m.start())
    for m in _NOUN_CLAUSE.finditer(text):
        since = max((c for c in cuts if c < m.start()), default=0)
        if _VERB_BEFORE.search(text, since, m.start()):
            cuts.append(m.start())
    return sorted(set(cuts))


_Reading = tuple[tuple[Token, ...], tuple[str, ...], tuple[int, ...], tuple[int, ...], frozenset[str]]
"""A sentence's reading, the part of :class:`Statement` that depends on its text alone."""

READING_CACHE_SIZE = 4096
"""How many sentence readings :func:`reading` keeps (least recently used dropped first):
about 3 KB each for a 100-character sentence, so some 13 MB at most."""


@functools.lru_cache(maxsize=READING_CACHE_SIZE)
def reading(text: str) -> _Reading:
    """The tokens, norms, negation segments, clauses and vocabulary of one sentence.

    Cached by the sentence's text (already normalized by :func:`_text.sentences`): the
    next pass of a rolling summary repeats most sentences of the last one, so a new
    summary reads only its new sentences. Bounded, so memory stays bounded.
    """
    raw = tuple(t for t in tokens(text) if t.norm not in _ARTICLES)
    cuts = [m.start() for m in _BOUNDARY.finditer(text)]
    clause_cuts = _clause_cuts(text)
    # The cuts come in text order: how many lie before a token is where it would sort.
    segment = tuple(bisect.bisect_left(cuts, t.start) for t in raw)
    clause = tuple(bisect.bisect_left(clause_cuts, t.start) for t in raw)
    norms = tuple(t.norm for t in raw)
    return raw, norms, segment, clause, frozenset(norms)


_ASIDE = re.compile(r"\((?P<paren>[^()]{1,60})\)|,\s(?P<comma>(?:[^,;:()]|(?<=\d):(?=\d)){1,120}),")
_ASIDE_WORDS = 6
_RELATIVES = frozenset({"which", "who", "whose"})
_RELATIVE_WORDS = 16
"""A relative clause set off by commas may be longer: "the microchipping, *which had been
planned for while she was under*, did not go ahead"."""
_ASIDE_STOPS = NEGATORS | {
    "and",
    "or",
    "but",
    "nor",
    "so",
    "which",
    "who",
    "that",
    "because",
    "since",
    "although",
}
_VERB_OPENERS = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "will",
        "would",
        "can",
        "could",
        "must",
        "may",
        "might",
        "shall",
        "should",
        "does",
        "did",
    ]
)
"""The words a subject's verb opens with, right after an aside."""


def _asides(text: str) -> list[tuple[int, int]]:
    """Where an aside stands between a subject and its verb (from its opening bracket or
    comma to its closing one): "Gareth Prosser *(from the chapel)* is barred", "the permit*,
    issued in March,* was not renewed". A short insert with no negator or conjunction of its
    own; it cuts no negation segment, so the verb's negator still reaches the subject."""
    out = []
    for match in _ASIDE.finditer(text):
        inner = match.group("paren") or match.group("comma") or ""
        words = inner.lower().split()
        after = text[match.end() :].split(None, 1)
        before = text[: match.start()].rstrip()
        relative = bool(words) and words[0] in _RELATIVES  # ", which had been planned for ...,"
        if (
            words
            and len(words) <= (_RELATIVE_WORDS if relative else _ASIDE_WORDS)
            and not (NEGATORS if relative else _ASIDE_STOPS) & set(words)
            and "n't" not in inner
            and before[-1:].isalnum()
            and after
            and after[0].lower() in _VERB_OPENERS
        ):
            out.append((match.start(), match.end()))
    return out


def _read(index: int, text: str) -> Statement:
    return Statement(index, text, *reading(text))


class Statements(tuple[Statement, ...]):
    """A summary's statements, in order, with an index from each norm to the statements
    whose vocabulary holds it (built on first use): a fact looks only at the statements
    that share its words, not at every sentence."""

    _index: dict[str, list[int]] | None = None

    def holding_any(self, words: Iterable[str]) -> list[Statement]:
        """The statements whose vocabulary holds one of ``words``, in order."""
        index = self._index
        if index is None:
            # Built whole before it is shared: threads may check one summary at once.
            index = collections.defaultdict(list)
            for position, statement in enumerate(self):
                for norm in statement.vocabulary:
                    index[norm].append(position)
            self._index = index
        hits = [index[w] for w in set(words) if w in index]
        if not hits:
            return []
        positions = hits[0] if len(hits) == 1 else sorted(set().union(*hits))
        return [self[i] for i in positions]


def holding_any(statements: Sequence[Statement], words: Iterable[str]) -> list[Statement]:
    """The statements whose vocabulary holds one of ``words``, in order (through the
    index when ``statements`` came from :func:`read_statements`)."""
    if isinstance(statements, Statements):
        return statements.holding_any(words)
    wanted = set(words)
    return [s for s in statements if not wanted.isdisjoint(s.vocabulary)]


@functools.lru_cache(maxsize=2048)
def read_statements(summary: str) -> Statements:
    """The summary's sentences (see :func:`pytest_compaction.prose._text.sentences`), read.

    Cached: a session reads the same source events and prior summaries on every pass;
    each sentence's reading is cached on its own (:func:`reading`).
    """
    return Statements(_read(s.index, s.text) for s in _text.sentences(summary))
