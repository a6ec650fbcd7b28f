"""The cue words of modal force: the kinds of cue, a cue found, the reading of a clause's
cues, and the ordered pattern tables :func:`~pytest_compaction.prose.modality.read` applies.

The tables are read in this order, each match consuming its words: waivers,
prohibitions, emphasis, hedge phrases that contain other cue words, restrictions,
obligations, hedges, manner words, permissions, conditions (:data:`_TABLE`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from pytest_compaction.prose import normalize as _norm

__all__ = ["Cue", "CueKind", "Reading"]


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
    # "not optional", "non-optional": emphasis that the rule holds, no lifting; nor does
    # an optional thing its owner offers ("the kit's *optional* DNase step").
    r"(?<!\bnot\s)(?<!n't\s)(?<!\bnon-)(?<!'s\s)(?<!\u2019s\s)(?<!\bits\s)(?<!\btheir\s)"
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
_AWAY_FROM = rf"{_AWAY}(?=\s+{_NOT_AN_OBJECT}[a-z0-9$\u20ac\u00a3'\"])"
"""Away from a named thing: "stay off *the grass*", not "they stay off *for the rest of the
day*", which tells a player's state, as "keep the lights off after 10 pm" does."""
_KEEP_AWAY = (
    rf"keep\s+(?:[^\s,;:!?]+\s+){{0,5}}?{_AWAY_FROM}"
    rf"|keep\s+(?:[^\s,;:!?]+\s+){{1,5}}?from\s+[a-z]+ing\b"
    rf"|stay\s+{_AWAY_FROM}|steer\s+clear\s+of\b|abstain\s+from\b|withhold\b|hold\s+off\b|avoid\b"
)
_PROHIBITION = (
    r"\b(?:under\s+no\s+circumstances|at\s+no\s+time|in\s+no\s+case|on\s+no\s+account|"
    r"not\s+under\s+any\s+circumstances)(?:\s*,?\s*(?:should|shall|may|can|must|will|is|are|do|does)\b)?",
    r"\b(?:must|shall|may|can|will)\s+(?:not|never|no\s+longer)\b",
    # "a hot water bottle is always a no with her", "nuts are a no-go", "a hard no": a
    # thing named as a refusal is forbidden
    r"\b(?:is|are|'s|stays?|remains?)\s+(?:always\s+|still\s+|definitely\s+|absolutely\s+)?"
    r"(?:a\s+(?:hard\s+|firm\s+|big\s+)?no(?:-no|-go|\s+go)?|a\s+no-no|a\s+no-go)\b(?![-'])",
    # "anyone under 18 is always turned away", "walk-ins get refused": a person or request
    # always sent away is forbidden what they came for
    r"\b(?:is|are|gets?|will\s+be)\s+(?:always\s+|automatically\s+|politely\s+|firmly\s+)?"
    r"(?:turned\s+away|refused|declined|sent\s+away)\b",
    # "can have no ibuprofen", "may take nothing by mouth": a permission of nothing forbids.
    r"\b(?:can|may)\s+(?:have|take|eat|drink|get|receive|use|be\s+given)\s+(?:no|nothing|none)\b"
    r"(?!\s+(?:more|less|fewer|later|earlier|longer)\b)",
    # "Rufus gets no human food at all", "she has nothing with nuts, ever": a thing had or
    # given none of, with "at all" or "ever", is the standing rule never to give it
    r"\b(?:gets?|has|have|eats?|takes?|drinks?|receives?|(?:is|are)\s+given)\s+(?:no|nothing)\s+"
    r"(?:[\w'-]+,?\s+){0,4}?(?:at\s+all|ever|whatsoever)\b",
    _directive(r"(?:not|never)\s+to\b"),
    # "must wait until Y" is "must not ... until Y": the waiting is the prohibition.
    r"\b(?:must|shall|has\s+to|have\s+to|needs?\s+to)\s+(?:wait|hold\s+off)\s+(?:until|till|for)\b",
    r"\b(?:wait|waits|hold\s+off|holds\s+off)\s+(?:until|till)\b",
    r"\b(?:is|are|stays?|remains?)\s+(?:blocked|barred|frozen)\b",
    r"\bbarred\s+from\b",
    # "We take no instructions from Raymond", "we give no refunds after 14 days": a house
    # policy told in the first person
    r"\bwe\s+(?:take|accept|give|allow|permit|offer|issue|sell|serve|lend|hire\s+out)\s+(?:no|nothing)\b",
    # "Kart No. 7: not for anyone over 1.90 m", "Room 5: not for guests with dogs": a note's
    # item told what it is not for
    r"(?:^\W*|:\s*)not\s+for\s+(?!now\b|long\b|sure\b|certain\b|me\b|us\b)",
    # "Enclosure No. 3: NOT back in use till ...": a note's item kept out of use
    r"(?:^\W*|:\s*)not\s+(?:back\s+)?in(?:to)?\s+(?:use|service)\b",
    r"\b(?:mustn't|shan't|can't|cannot)\b",
    r"\b(?:not|isn't|aren't)\s+(?:be\s+|currently\s+|ever\s+)?(?:allowed|permitted|authori[sz]ed)\b",
    r"\b(?:is|are)\s+not\s+to\b",
    r"\bnot\s+to\s+be\b",
    # "has never been called" reports the past; it states no rule.
    r"\bnever\b(?!\s+(?:been|was|were|had|did|happened)\b)"
    r"(?!(?:(?<=,\snever)|(?<=\band\snever))\s+(?:more|less|fewer|later|earlier|longer|over|above|beyond)\b)",
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
    # "has to stay nil by mouth", "kept NBM": nothing by mouth, the clinical prohibition
    r"\b(?:nil|nothing)\s+by\s+mouth\b|\bnbm\b",
    r"\b(?:must|always|strictly)\s+(?:avoid|refrain\s+from)\b",
    r"\b(?:must|always|strictly|has\s+to|have\s+to|needs?\s+to|(?:make|be)\s+sure\s+to)\s+(?:"
    + _KEEP_AWAY
    + r")",
    r"\brefrain\s+from\b",
    # kept away in the passive: "Bramble must be kept away from grapes", "is kept out of the loft"
    r"\b(?:must|always|has\s+to|have\s+to|needs?\s+to|is\s+to|are\s+to)\s+be\s+kept\s+(?:well\s+)?(?:away\s+from|out\s+of|clear\s+of)\b",
    # Keeping a thing confidential forbids telling it: "pricing is to be kept confidential",
    # "keep the code secret" are "never disclose it".
    r"\b(?:keep|keeps|kept|keeping)\s+(?:[^\s,;:!?]+\s+){0,4}?(?:strictly\s+)?(?:confidential|secret)\b",
    r"\b(?:is|are|stays?|remains?)\s+(?:strictly\s+)?(?:confidential|secret)\b",
    # "A forklift stays out of aisle 9", "visitors remain clear of the line": the rule told as
    # what is done, in the present, like a standing procedure.
    rf"\b(?:stays?|remains?)\s+{_AWAY_FROM}",
    # "None leaves without a label", "nobody enters unless escorted": a universal negative
    # bounded by a condition is "never ... without".
    # "Not one goes out without ...", "not a single bike leaves unless ...": the same.
    r"\b(?:none|nothing|nobody|no\s+one|not\s+(?:one|a\s+single))\b"
    r"(?=[^.;!?]{0,200}?\b(?:without|unless|until|except|(?:is|are|was|were)\s+(?:ever\s+)?to)\b)",
    # "None are left at an unattended address", "nothing is sent without a label": a
    # negative subject and a passive in the present, a standing procedure of never doing it.
    r"\b(?:none|nothing|nobody|no\s+one)\s+(?:is|are|gets?|goes|go)\s+(?:ever\s+)?(?:[a-z]+ed|left|sent|kept|put|"
    r"given|taken|shown|told|let|driven|thrown|brought|shared)\b",
    # "Nobody takes it out solo", "no one enters the cold room in shorts": a negative
    # person and an act in the present, a standing rule of never doing it (not a state of
    # mind or of having: "nobody knows", "no one has the key").
    # ... also past an age: "nobody under 16 yrs collects a child"
    r"\b(?:nobody|no\s+one|no-one|noone)\s+(?:(?:under|over|below|above|aged)\s+\d+(?:\s*(?:yrs?|years?))?\s+)?"
    r"(?:ever\s+)?(?!(?:is|was|has|does|says|knows|thinks|seems|"
    r"likes|loves|wants|needs|minds|cares|remembers|recalls|believes|expects|agrees|understands|owns|"
    r"lives|works|uses|feels|means|gets|looks|sees|hears|wins|pays|answers|reads|notices|objects)\b)"
    r"[a-z]{2,}s\b(?!\s+(?:to|that)\b)",
    # "At 3.15 no Y3 child leaves the room until ...", "no dog enters the ward without ...":
    # "no", a noun and an act in the present bounded by a condition, wherever the clause
    # starts, is "never ... without" as "nobody enters unless" is; "no seats left until
    # Friday" tells no act.
    r"\bno\s+(?:[\w-]+\s+){1,2}?[a-z]{2,}s\b(?=\s+(?:the|a|an|any|this|that|their|his|her|its|our|your|"
    r"home|out|in|into|on|off|through|past|up|down|with)\b)(?=[^.;!?]{0,200}?\b(?:without|unless|until|except)\b)",
    # "No one under 18 may be admitted", "nobody can take the van out": a negative subject
    # and a modal of permission or duty in its clause.
    r"\b(?:no\s+one|nobody|noone|none|nothing)\b(?=[^.;!?|]{0,80}?\b(?:may|can|shall|must|is\s+to|are\s+to)\b)",
    # "No vehicle leaves without ...", and so after a label ("Desk rule: no vehicle leaves ...",
    # "**Pool:** no diving", "**Restrictions** - No item may be ...") or a bullet or an
    # emoji ("- no diving", "🚪 No guest goes up ..."), where a clause starts as a sentence
    # does.
    # "pls NO spoilers in the chat", "Please, no phones at the table": a plea opens it.
    r"(?:^[^\w]*(?:please|pls|plz|kindly)[,!]?\s+|^[^\w]*|(?<=\bthat\s)|(?<=:\s)|(?<=:\*\*\s)|(?<=:__\s)|(?<=\s-\s)|(?<=\s-\s\s)|"
    # after a fronted phrase: "In cup matches, no game kicks off until ..."
    r"(?<=,\s)(?=no\s+[a-z]+\s+(?:[a-z]+\s+)?(?:is|are|can|may|goes|go|kicks|starts|leaves|gets|happens)\b)|"
    # "protected contact only, no free contact ever": "no" and "ever" close the clause
    r"(?<=,\s)(?=no\s+(?:[a-z][a-z-]*\s+){1,3}ever\b(?=\s*(?:[,.;:!?()]|$|\s-\s)))|"
    # "careful check before every climb, no skipping it": "no" and an act done to a thing,
    # closing the clause (not a state: "basement checked, no flooding")
    r"(?<=,\s)(?=no\s+[a-z]{3,}ing\s+(?:it|them|this|that|these|those)\b(?=\s*(?:[,.;:!?()]|$|\s-\s))))(?:no|nil)\s+(?!more\b|less\b|later\b|earlier\b|longer\b|need\b|one\b|doubt\b|matter\b|exceptions?\b)",
    # An arrow in a note starts a clause as a colon does ("Order 12 -> no refund until ...").
    r"(?:(?<=->\s)|(?<==>\s)|(?<=\u2192\s))no\s+(?!more\b|less\b|later\b|earlier\b|longer\b|need\b|one\b|doubt\b|matter\b|exceptions?\b)",
    # "ilse -> nothing w egg in it, ever": "nothing" with a thing after the arrow forbids it,
    # not "nothing new", "nothing to report", "nothing else"
    r"(?:(?<=->\s)|(?<==>\s)|(?<=\u2192\s)|(?<=:\s)|(?<=\s-\s)|(?<=\s\u2013\s)|^)nothing\s+"
    r"(?:with|w/?|containing|made\s+with|that\s+contains?)\b",
    # "table: nothing stacked on it, ever", "- nothing ever left in the van": a note's
    # "nothing" and a participle of putting, opening its clause, forbids putting anything there
    r"(?:^[^\w]*|(?<=:\s)|(?<=\s-\s))nothing\s+(?:ever\s+)?(?:[a-z]+ed|left|put|kept|set|laid|stood|hung)\s+(?:on|onto|in|into|near|under|over|against|"
    r"inside|behind|beside|next\s+to|on\s+top\s+of)\b",
    # "Mr. Halloran-Pike: nothing above RPE 7", "- nothing over 20kg overhead": "nothing" past a
    # bound, opening its clause, forbids going past it
    # ... or short of a floor: "Roof jobs: nothing less than Class 2", "- nothing below BS3621"
    r"(?:^[^\w]*|(?<=:\s)|(?<=\s-\s))nothing\s+(?:above|over|beyond|past|heavier\s+than|higher\s+than|"
    r"more\s+than|faster\s+than|below|less\s+than|lower\s+than|short\s+of)\s+(?=[\w\u00a3$\u20ac])",
)
_EMPHASIS = (
    r"\beven\s+(?:if|when|though|after|before|once|while|whilst|during)\b",
    # "incl. when they pick the set menu": the rule holds then too, as "even when" says
    r"\b(?:including|incl\.?)\s+(?:if|when|while|whilst|during|after|before|once)\b",
    r"\bregardless(?:\s+of)?\b",
    r"\bin\s+any\s+case\b",
    r"\bno\s+matter\s+(?:what|who|when|how|if)\b",
    r"\bwhatever\s+happens\b",
)
# Hedges spelled with words that are also conditions or obligations ("if needed",
# "unless necessary"): read before those.
_HEDGE_PHRASES = (
    r"\b(?:if|where|when|whenever|wherever|as\s+far\s+as|as\s+much\s+as|unless)\s+"
    r"(?:possible|poss\b\.?|practical|practicable|feasible|reasonable|convenient|appropriate|needed|necessary|"
    # "as far as possible *from* the gluten-free area" is a distance, not "to the extent possible"
    r"required|urgent|in\s+doubt)\b(?!\s+(?:from|away)\b)",
    r"\bas\s+(?:needed|appropriate|required)\b",
    # "if you get (a) chance", "when you have a minute", "if you remember": only when it suits
    r"\b(?:if|when|whenever)\s+(?:you|they|he|she|we|staff)\s+(?:get|have|find)\s+(?:a\s+|the\s+)?"
    r"(?:chance|time|minute|moment|sec|second)\b",
    r"\b(?:if|when|whenever)\s+(?:you|they|he|she|we|staff)\s+(?:remember|think\s+of\s+it|"
    r"get\s+(?:round|around)\s+to\s+it)\b(?=\s*(?:[,.;:!?)]|$|\s-\s|\s+(?:and|or|but)\b))",
    r"\bmay\s+want\s+to\b",
    r"\bin\s+(?:general|most\s+cases|principle)\b",
    # "..., time permitting", "if time allows": the rule holds only when convenient
    r"\b(?:time|schedule|weather|budget|circumstances)\s+permitting\b",
    r"\b(?:if|when|where)\s+(?:time|the\s+schedule|the\s+budget)\s+(?:allows|permits)\b",
)
_RESTRICTION = (
    # "only if": a restriction through a condition; an exception only where the invariant
    # has no "only" of its own (see judge).
    r"\bonly\s+(?:if|when|whenever|where|wherever|provided|as\s+long\s+as|so\s+long\s+as|on\s+condition)\b",
    r"\b(?:must|may|can|shall)\s+only\b",
    r"\bonly\b",
    r"\bexclusively\b",
    r"\bsolely\b",
    # "goes into the grey one and nothing else", "that socket and no other": only that one
    r"(?:,\s*|\(|\b(?:and|or)\s+)(?:nothing|nowhere|nobody|no\s*one)\s+else\b",
    r"(?:,\s*|\(|\b(?:and|or)\s+)no\s+other(?=\s*[).,;!?]|\s*$)",
    r"\b(?:no|not)\s+more\s+than\b",
    # "give one tablet, never more", "report it today and never later than 17:00": a bound
    # on what a command asks, no prohibition of the act
    r"(?:(?<=,\s)|(?<=\band\s))never\s+(?:more|less|fewer|later|earlier|longer|over|above|beyond)\b"
    r"(?:\s+than\b)?",
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
    r"\breq'?d\b",  # "sign-off req'd before ...": the short form of "required"
    r"\brequirement\b",
    r"\bmandatory\b",
    r"\bcompulsory\b",
    r"\bobligatory\b",
    r"\bobliged\b",
    r"\b(?:has|have|need|needs)\s+to\b",
    r"\bensure[sd]?\b",
    r"\bmake\s+sure\b",
    r"\bbe\s+sure\s+to\b",
    r"\bat\s+all\s+times\b",
    # "every time" closing its clause (a mark or a tick after it) is "always", and so before
    # "before" or "after" ("every time before a pupil drives"); before a clause ("every time
    # the alarm sounds") it is "whenever".
    # ... and so does "every walk", "each visit": every time the act is done
    # (not after a preposition: "before each visit, the keeper may like to ..." only times it)
    r"(?<!\bbefore\s)(?<!\bafter\s)(?<!\bduring\s)(?<!\bfor\s)(?<!\bat\s)(?<!\bon\s)(?<!\bfrom\s)"
    r"\b(?:every|each)\s+(?:single\s+)?(?:time|walk|visit|shift|trip|run|journey|ride|session|feed|job|"
    r"booking|delivery|pick-?up|drop-?off|handover|service)\b(?=\s*(?:[^\w\s-]|$|(?:and|or|but|without|before|after)\b))",
    # "Every injury goes in the accident book", "each dog gets a towel": where each one
    # goes, in the present, a standing procedure ("every form is signed" is read with the
    # rule's own verb, :func:`universal_act`)
    r"\b(?:every|each)\s+(?:[\w-]+\s+){1,2}?(?:goes|gets)\s+(?:in|into|on|onto|to|through|back|a|an|the)\b",
    # "used needles go in the sharps bin", "spare gas bottles go in the locked cage": where a
    # kind of thing goes is where it is put, a standing rule of storage or disposal
    r"(?<!\bnot\s)\b(?:go|goes)\s+(?:in|into|inside)\s+(?:the|a|an|our|their|its)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:bin|bins|cage|box|drawer|cupboard|fridge|freezer|safe|locker|tray|container|bag|store)\b",
    r"\bwithout\s+(?:exception|fail)\b",
    r"\bno\s+exceptions?\b",
    # "The timesheets are to be reconciled": the be-to of an instruction ("is not to be" is
    # read first, as a prohibition).
    r"\b(?:is|are)\s+to\s+be\b",
    # ... and of a person told to act ("the adviser *is to issue* the ESIS", "staff are to
    # sign the log"); not an aim ("the plan is to ..."), "is to blame" or "what is to come"
    r"(?<!\bplan\s)(?<!\bplans\s)(?<!\baim\s)(?<!\bidea\s)(?<!\bgoal\s)(?<!\bhope\s)(?<!\bintention\s)"
    r"(?<!\bobjective\s)(?<!\bpurpose\s)(?<!\bpoint\s)(?<!\bthing\s)(?<!\bwhat\s)(?<!\bwhich\s)"
    r"(?<!\bthat\s)(?<!\bthis\s)(?<!\bit\s)(?<!\bwish\s)(?<!\bdream\s)(?<!\boption\s)(?<!\bstep\s)"
    r"(?<!\banswer\s)(?<!\bsolution\s)(?<!\bway\s)(?<!\bchoice\s)(?<!\balternative\s)(?<!\bfix\s)"
    r"\b(?:is|are)\s+to\s+(?!(?:blame|come|follow|be)\b)(?=[a-z]{2,}\s)",
    # "Any estimate needs the solicitor's sign-off", "approval is needed": a need of a thing
    # (a need to do something is read above).
    r"\bneeds?\s+(?=(?:the|a|an|their|his|her|its|our|your|my|prior|written|explicit)\b|\w+'s\b|"
    # "needs partner sign-off first", "needs approval": a need of an assent, bare; "needs 24
    # hrs' notice", "needs a GP referral": of a notice or a referral
    r"(?:[\w'\u2019-]+\s+){0,2}?(?:sign-?off|approval|consent|signature|authori[sz]ation|permission|notice|"
    r"referral|clearance)\b)",
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
    r"(?=[^,;:.!?]{0,120}?(?:"
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
    # "is better off without dyes with PPD": what would be better, not what must be
    r"\b(?:better|best)\s+off\s+(?:without|not|avoiding|skipping|staying)\b",
    r"\bshould(?:n't)?\b",
    r"\bought\s+to\b",
    r"\bpreferabl[ey]\b",
    r"(?<!-)\bpreferred\b",
    r"\bprefers?\b",
    # clipped in a note, after what it hedges: "lapel mic *pref.*", "gluten-free pref"; not
    # before a noun ("pref. name")
    r"\bpref\b\.?(?=\s*(?:[,;:)(|]|$|\s-\s))",
    r"\bideally\b",
    r"\bconsider(?:s|ing)?\b",
    r"\btry\s+(?:to|and|not\s+to)\b",  # "try and sign it": speech's "try to"
    r"\btries\s+to\b",
    r"\battempt\s+to\b",
    r"\baim\s+to\b",
    r"\bstrive\s+to\b",
    # not inside a compound adjective: "the *vet-recommended* harness" names which harness
    r"(?<!-)\brecommend(?:s|ed)?\b",
    # "our recommendation is ...", not "every recommendation where the term ...": a thing
    r"(?<!\bevery\s)(?<!\beach\s)(?<!\bany\s)(?<!\ba\s)\brecommendation\b",
    r"(?<!-)\badvis(?:able|ed)\b",
    r"(?<!-)\bsuggest(?:s|ed|ion)?\b",
    r"\bencourag(?:e|ed|es)\b",
    # "is discouraged" advises against; "gets discouraged" is a feeling.
    r"(?<!\bget\s)(?<!\bgets\s)(?<!\bgot\s)(?<!\bfeel\s)(?<!\bfeels\s)(?<!\bfelt\s)(?<!\bbecome\s)"
    r"(?<!\bbecomes\s)(?<!\beasily\s)(?<!\bquickly\s)\bdiscourag(?:e|ed|es)\b",
    r"\bbest\s+(?:to|practice|avoided|not)\b",
    r"\b(?:is|it's|it\u2019s|be|was)\s+better\s+(?:to|not\s+to)\b",
    # "is best left closed", "are best kept cool": advice, not a rule; so in a note with the
    # verb left out, opening its clause ("pale: best kept out of FV3", "- best left shut");
    # "best" first, what stands before it looked back at, so the patterns keep their quick
    # first-character scan
    r"\bbest(?:(?<=\bis best)|(?<=\bare best)|(?<=\bbe best)|(?<=\bwas best)|(?<=\bwere best)|(?<=^best)|"
    r"(?<=[:;,(\u2013\u2014-] best)|(?<=[:;,(\u2013\u2014-]best))\s+(?:[a-z]+ed|"
    + "|".join(sorted({w for w in _norm.participles() if len(w) > 2}))
    + r")\b",
    r"\bgood\s+(?:idea|practice|habit|shout)\b",  # "is a good shout": British for a good idea
    # "It is worth bringing the TTL down first", "worthwhile to check": advice, not a rule.
    r"\bworth\s+[a-z]+ing\b",
    # "worth a check", "worth a quick look", "worth a second go": an act offered as worth
    # doing; "worth a fortune" is a price
    r"\bworth\s+an?\s+(?:[a-z]+\s+)?(?:check|double-check|look|try|go|shot|punt|test|read|call|ask|glance|"
    r"peek|look-see|mention|thought|visit|review|listen)\b",
    r"\bworthwhile\b",
    r"\bwould\s+(?:help|be\s+(?:good|nice|helpful|wise|sensible|best|better))\b",
    r"\b(?:helpful|wise|sensible)\s+to\b",
    # "good to log it the same day", "nice to have": advice; "good to go", "good to know" are not
    r"\b(?:good|nice)\s+to(?=\s+(?!(?:go|know|see|hear)\b)[a-z])",
    r"\bgenerally\b",
    r"\b(?:tends?|tended|tending)\s+to\b",
    r"\busually\b",
    r"\btypically\b",
    r"\bnormally\b",
    r"\bmostly\b",
    # Frequency short of always: the rule holds only part of the time.
    r"\b(?:most|much|some|part)\s+of\s+(?:the\s+)?times?\b",
    r"\b(?:most|many|some|at)\s+times\b",
    r"\b(?:from\s+time\s+to\s+time|now\s+and\s+(?:then|again)|every\s+so\s+often)\b",
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
    # "be careful", "carefully"; "a careful, gentle tone" is an adjective of its noun.
    r"(?<!\ba\s)(?<!\ban\s)(?<!\bthe\s)\bcareful(?:ly)?\b",
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
    # "fine to take pupils on it", "OK to leave it with a neighbour"; not "a fine to the council"
    r"(?<!\ba\s)(?<!\bthe\s)\b(?:fine|ok|okay|alright)\s+to(?=\s+(?!(?:the|a|an|him|her|them|me|us|you)\b)[a-z])",
    r"\bfree\s+to\b",
    r"\bfeel\s+free\b",
    # "on the forecourt or down the aisle, whichever the couple want": left to their choice
    r"\b(?:whichever|wherever|whenever|whatever|however)\s+(?:[\w'\u2019]+\s+){0,3}?"
    r"(?:wants?|likes?|prefers?|chooses?|wish(?:es)?|fancies|fancy)\b",
    # a note's answer after its label: "Sauna for recovery: fine for any client", "guests
    # - OK if signed in"; not "a fine", nor the verb "fine the driver £50"
    r"(?:(?<=:\s)|(?<=\s-\s)|(?<=\s\u2013\s)|(?<=->\s)|(?<=\u2192\s))(?:fine|ok|okay)\b"
    r"(?!\s+(?:the|a|an|him|her|them|me|us|you|[\u00a3$\u20ac\d]))",
)
_CONDITION = (
    r"\bunless\b",
    r"\buntil\b",
    r"\btill\b",
    r"\bwithout\b",
    r"\bbefore\b",
    r"\bexcept\b",
    # "the one exception is Ingrid", "with the exception of the treasurer": an except
    r"\bexceptions?\s+(?:is|are|being)\b|\bwith\s+the\s+exception\s+of\b",
    r"\bother\s+than\b",
    r"\boutside\b",
    r"\b(?:more|less|fewer)\s+than\b",
    # a bound on a quantity in other comparatives ("a fast *longer than* 16 hours")
    r"\b(?:longer|shorter|greater|higher|lower|bigger|smaller|heavier|lighter|older|younger)\s+than\b",
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
    # "only where the output is post-edited": "where" after "only" is "if"
    r"(?<=\bonly\s)wher(?:e|ever)\b",
    r"\bwhil(?:e|st)\b",
    r"\bduring\b",
    r"\bsubject\s+to\b",
    r"\bfollowing\b",
    r"\bon\s+condition\b",
    # A bound on a time told from its value's side: "at 10 am *or later*", "*no earlier
    # than* 10", "10 am *at the earliest*" bound as "after" does; "or earlier" as "before".
    r"\bor\s+(?:later|after|earlier|before)\b",
    r"\bat\s+the\s+(?:earliest|latest)\b",
    r"\bno\s+(?:earlier|later|sooner)\s+than\b",
    # "never back *later than* 18:00": a bound on a time, as "after" is
    r"\b(?:later|earlier)\s+than\b",
    # A noun of occasion with a relative is "when" ("only in cases where the renter ...",
    # "in the event that the line drops"); "in case" alone is a precaution, not a condition.
    r"\bin\s+(?:the\s+|those\s+)?(?:cases?|instances?|situations?|circumstances|events?)\s+(?:where|when|that|in\s+which)\b",
    # A negated relative bounds a rule's object ("an adult who is not on the list"): the
    # rule restated with "only" ("only to adults on the list") keeps it.
    r"\b(?:who|that|which)\s+(?:is|are)\s+not\b",
)

# One alternation per group: at each position the first listed pattern wins, so the
# longer phrase ("must never") is tried before its parts ("never").
_NOT_OPTIONAL = (
    r"\b(?:not|never|isn't|aren't|is\s+not|are\s+not)\s+(?:an?\s+)?optional\b",
    r"\bnon-?negotiable\b",
)
"""A duty told by denying its waiver: "the warm-up is *not optional*", "*non-negotiable*"; read
before "optional" alone, which waives."""
_TABLE: tuple[tuple[CueKind, re.Pattern[str]], ...] = tuple(
    (kind, re.compile("|".join(f"(?:{p})" for p in patterns)))
    for kind, patterns in (
        (CueKind.OBLIGATION, _NOT_OPTIONAL),
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
    "|".join(
        f"(?:{p})" for p in (*_PROHIBITION, *_RESTRICTION, *_OBLIGATION, *_NOT_OPTIONAL, _MANDATIVE.pattern)
    )
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
