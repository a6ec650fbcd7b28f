"""Commands without a modal word: a clause that opens with a bare verb ("Keep the budget
under 2000 euros"), after a label, a fronted adverbial, a time stamp or an arrow; a
command to keep away from something ("stay out of"); and an instruction in note form
("Plan: bloods to be taken daily", "All stewards to wear hi-vis").
"""

from __future__ import annotations

import itertools
import re

from pytest_compaction.prose import normalize as _norm
from pytest_compaction.prose._calendar import _MONTHS
from pytest_compaction.prose._cues import _KEEP_AWAY
from pytest_compaction.prose._unframed import unframed
from pytest_compaction.prose._word_forms import participles

__all__ = ["imperative"]


_IMPERATIVE_SKIP = re.compile(
    r"^\s*(?:(?:just\s+)?(?:a\s+)?(?:quick\s+|friendly\s+|gentle\s+|little\s+)?"
    r"(?:reminder|heads[- ]up|fyi)\s*,|"
    r"(?:please|pls|plz|kindly|just|now|first|then|also|and|so)\b)[\s,]*",
    re.IGNORECASE,
)
"""Words a command may open with before its verb: "Please ...", "Kindly re-verify ...", "just
a reminder, sign the chart"."""
_MARKS = re.compile(r"^\s*(?:[^\w\s\"'`(\[*_#|~\u201c\u2018-]+\s+){1,3}(?=\w)")
"""Emoji or symbols that open a note's line before its command ("🔋 Log every swap")."""
_EMOJI_LABEL = re.compile(
    r"^\s*[\w'&/-]+(?:\s+[\w'&/-]+){0,2}\s+[^\w\s\"'`(\[*_#|~\u201c\u2018.,;:!?<>=$\u00a3\u20ac%&+-]+\s+(?=[a-z])"
)
"""A note's short label set off by emoji or symbols instead of a colon ("parties 🎂 check each
kid's waiver"): the command starts after them."""
_FLAG = re.compile(r"^\s*\[[ xX!\u2713\u2714]?\]\s*")
"""A task list's box or a flag of importance that opens a line ("[ ] book a hot meal for ...",
"[!] Fri: back up ..."): a command may follow it, its label first."""
_OPENING_QUOTE = re.compile(r"^\s*[\"'\u201c\u2018]+(?=[A-Za-z])")
"""A quotation mark that opens a quoted command ('Rule: "Get two approvals first."')."""
# A label before a colon ("Customer exports: keep each under 10,000 rows", a list heading
# read with its bullet, "The routine she asked me to keep: log ..."): the command starts
# after it, or after a fronted adverbial that follows it ("Checklist: on each trip, carry ...").
# A period that ends no sentence is part of the label: a decimal point or one inside an
# abbreviation ("100.4", "i.e."), or one before anything but a capital, where no sentence
# starts ("Any infant under 3 mos. with a fever:", "after 6 p.m. (e.g. late clinics):").
_LABEL = re.compile(r"^(?:[^:.!?;]|\.(?=\S|\s+[^A-Z\s])|(?<=\d):(?=\d\d)){1,80}:(?:\*\*|__|\*|_)?\s+(?=\S)")
_DASH_LABEL = re.compile(
    r"^(?:[^-\u2013\u2014:.!?;,]|(?<=\d)\.(?=\d)|(?<=[A-Za-z])\.(?=\s+\d)){1,40}?\s[-\u2013\u2014]\s+(?=[a-z])"
)
"""A short label set off by a dash, as in a note ("wheel nuts - torque to 120 Nm"): the
command starts after it, in lower case."""
_TABLE_LABEL = re.compile(r"^\s*\|[^|\n]{1,60}\|\s*(?=\S)")
"""A table row's label cell ("| Rules | Check the ID before ... |"): the command starts in
the next cell, as after a label's colon."""
_OWN_CLAUSE = (
    r"(?:(?!\b(?:before|after|when|whenever|if|unless|until|till|once|while|because|since|that|which|who|"
    r"whom|whose|where|so|and|or|but)\b)[^.;!?(])"
)
"""A character of the same clause: a subordinate or coordinate clause ("before the keys
are handed over") has verbs of its own."""
_IMPERATIVE = re.compile(
    r"^\s*(?P<verb>(?:[a-z]+-)?[a-z]+)\s+(?=(?:the|a|an|all|both|every|each|any|your|my|our|their|his|her|its|this|that|"
    r"these|those|it|them|him|me|us|to|up|off|out|on|in|at|with|within|for|from|before|after|back|away|"
    r"by|until|into|onto|aside|apart|down|together)\b|"
    # A plural object and another joined to it ("wear gloves and a hairnet", "bring boots
    # and torches"), when no finite verb later in the clause makes the words a subject.
    r"[a-z][a-z-]*s\s+(?:and|&|\+)\s+(?:a|an|the|[a-z][a-z-]*s)\b(?!"
    + _OWN_CLAUSE
    + r"*\b(?:is|are|was|were|be|been|being|has|have|had|will|would)\b)|"
    # A preposition of way or place ("step through the footbath", "walk across the yard"),
    # when no finite verb later in the clause makes the first word a subject ("Traffic
    # through the yard is one-way").
    r"(?:through|across|over|around|past|along|behind|beneath|under|beside|via)\b(?!"
    + _OWN_CLAUSE
    + r"*\b(?:is|are|was|were|be|been|being|has|have|had|will|would)\b)|"
    r"[A-Z0-9$\u20ac\u00a3'\"`]|(?:[a-z][a-z-]*(?:'s?|\u2019s?)?\s+){0,3}[a-z](?:[a-z-]*[a-z])?s\s+(?:(?!(?:apply|reply|supply|comply|imply|multiply|rely|fly|ally|tally)\b)[a-z]+ly\s+|"
    # how the things are kept ("store spare bottles *upright* in the cage")
    r"(?:upright|flat|sideways|separately|dry|cool|cold|frozen|sealed|covered)\s+)?"
    r"(?:at|to|under|over|below|above|"
    r"within|before|after|"
    r"by|in|on|for|from|with|until|every|each|once|through|via|into|across|when|whenever|while|unless|"
    r"between|during|throughout|around|inside|outside|without|[0-9$\u20ac\u00a3])\b|"
    # Bare words and a frequency ("record chlorine and pH every two hours", "check the
    # seals each shift"): what is done at each time is a standing command, when no finite
    # verb later in the clause makes the first words a subject.
    r"(?:[a-z][\w-]*\s+){1,4}(?:every|each)\s+(?:\d+|one|two|three|four|five|six|eight|twelve|other|"
    r"day|hour|morning|evening|night|week|shift|visit|session|time)\b(?!"
    + _OWN_CLAUSE
    + r"*\b(?:is|are|was|were|be|been|being|will|would)\b)|"
    # A bare noun, a preposition and a quantifier ("add thickener to every drink", "put salt
    # on all paths"): the quantified phrase is where the object goes, so the first word is
    # its verb, when no finite verb later in the clause makes the first words a subject.
    r"(?:[a-z][a-z-]*\s+){0,1}[a-z]+\s+(?:to|into|onto|on|in|at|with|for)\s+(?:every|each|all|any)\b(?!"
    + _OWN_CLAUSE
    + r"*\b(?:is|are|was|were|be|been|being|will|would)\b)|"
    # A bare noun then "of" ("get proof of", "keep copies of", "take written note of"): the
    # word before "of" is a noun, so the first word is its verb, when no auxiliary later in
    # the clause makes the first words a subject ("Written proof of it was filed").
    r"(?:[a-z][a-z-]*\s+){0,2}[a-z]+\s+of\b(?!"
    + _OWN_CLAUSE
    + r"*\b(?:is|are|was|were|be|been|being|has|have|had|will|would)\b)|"
    # Bare words sent somewhere ("report lost gear to the harbour office", "return borrowed
    # tools to the store"): the words are the object going to the place, so the first word is
    # its verb, when no finite verb later in the clause makes the first words a subject
    # ("Staff access to the loft is by ladder").
    r"(?P<sent>(?:(?![a-z]*(?:ed|ing|able|ible|ent|ant)\b)[a-z][a-z-]*\s+){1,2})(?:to|into|onto)\s+"
    r"(?:the|a|an|your|our|their|its|his|her)\b(?!"
    + _OWN_CLAUSE
    + r"*\b(?:is|are|was|were|be|been|being|has|have|had|will|would|can|must|should|may)\b)|"
    # A program and its flag ("run cargo fmt --check", "call deploy.sh -n"): a command line
    # is the object, so the first word is its verb.
    r"(?:[a-z][\w.-]*\s+){1,3}--?[a-zA-Z]|"
    # A bare noun then its code ("close valve V-12", "lock door B", "reset pump 4"): the noun
    # and its name are the object, so the first word is its verb, on the same terms.
    r"(?:[a-z][a-z-]*\s+){0,2}[a-z]+\s+(?:[A-Z]{1,4}-?[0-9]+[A-Za-z]?|[0-9]+[A-Za-z]?|[A-Z])\b(?![-.,:]\w)(?!"
    + _OWN_CLAUSE
    + r"*\b(?:is|are|was|were|be|been|being|has|have|had|will|would)\b)|"
    # Bare words, the particle of a phrasal verb and a place ("put floor protection *down
    # in* the hallway", "lay dust sheets out on the landing"): the particle belongs to the
    # first word, a verb, when no finite verb later makes the words a subject.
    r"(?:(?!(?:goes|go|comes|come|gets|get|stays|stay|sits|stands|lies|is|are|was|were|went|came|got)\b)[a-z][a-z-]*\s+){1,2}"
    r"(?:down|up|away|out|back|aside)\s+(?:in|on|at|into|onto|under|over|across|along|inside|"
    r"outside|by|before|after)\b(?!"
    + _OWN_CLAUSE
    + r"*\b(?:is|are|was|were|be|been|being|has|have|had|will|would)\b)|"
    # An adverb on a participle opening the object ("water newly planted hedging", "store
    # freshly baked loaves"): the first word is its verb, on the same terms.
    r"[a-z]+ly\s+[a-z]+(?:ed|en)\s+[a-z]+\b(?!"
    + _OWN_CLAUSE
    + r"*\b(?:is|are|was|were|be|been|being|has|have|had|will|would|needs?|gets?)\b))",
)
# A command after a fronted adverbial ("Before any blood draw, check the wristband"; "On
# weekdays, call the desk first"; "At 10:30, give ..."): the command starts after the comma.
_FRONTED = re.compile(
    r"^\s*(?:before|after|when|whenever|once|if|unless|until|while|whilst|on|at|in|during|for|every|each|"
    r"with|without|from|by|between)\b(?:[^,;:.!?]|(?<=\d)[:.](?=\d)){1,60},\s*(?=\S)",
    re.IGNORECASE,
)
_LY_VERBS = frozenset(
    {"reply", "apply", "supply", "comply", "imply", "multiply", "rely", "fly", "ally", "tally"}
)
"""Verbs that end like adverbs in "-ly"."""
_NOT_VERBS = frozenset(
    [
        # a negative subject ("Nobody under 16 collects a child") opens no command
        "nobody",
        "noone",
        "none",
        "nothing",
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
        "whichever",
        "whatever",
        "wherever",
        "whenever",
        "however",
        "whoever",
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
        # a modal or an auxiliary opens a question ("Can the float stay in the till?"), not a
        # command; "do" and "have" open commands ("Do a head count", "Have ID ready")
        *("can", "may", "could", "should", "would", "will", "shall", "must", "might"),
        *("is", "are", "was", "were", "does", "did", "has", "had"),
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
    clean = _MARKS.sub("", _FLAG.sub("", unframed(text), count=1), count=1)
    label = _LABEL.match(clean)
    labelled = _LABEL.sub("", _TABLE_LABEL.sub("", clean, count=1), count=1)
    dashed = _DASH_LABEL.sub("", labelled, count=1)
    heads: tuple[str, ...] = (
        clean,
        labelled,
        dashed,
        _EMOJI_LABEL.sub("", clean, count=1),
        _FRONTED.sub("", clean, count=1),
        _FRONTED.sub("", labelled, count=1),
    )
    title = label or _DASH_LABEL.match(clean)
    if title is not None and _DETERMINED.search(title.group()) is None:
        # "Reminder for staff: ...", "Order for Tom - ...": a title with no object is no command
        after = clean[title.end() :]
        heads = (after, _DASH_LABEL.sub("", after, count=1), _FRONTED.sub("", after, count=1))
    return tuple(dict.fromkeys((*heads, *_note_heads(clean), *_addressed(clean), *_addressed(labelled))))


_DETERMINED = re.compile(
    r"\b(?:the|a|an|this|that|these|those|all|every|each|any|your|my|our|their|his|her|its|it|them)\b|\d",
    re.IGNORECASE,
)
"""Words of an object in a label ("Bring *the* following:"): a label without any is a title."""


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


_SHORT_VERBS = frozenset({"do", "go"})
"""Two-letter verbs a command may open with: "*Do* a head count of all pupils", "*Go*
through the checklist" ("Do not ..." is read as a prohibition before this)."""


# A bare verb, its object ending in an acronym ("photo ID", "patient DOB"), then a clause of
# time or condition ("Check photo ID before handing over ..."), an aside between them or
# not ("Check photo ID, e.g. a passport, before every sale"): the acronym ends the object
# where the clause starts, so the first word is its verb. Lower-case words alone before the
# clause ("fire door open after deliveries") may be a noun phrase and its state.
_BEFORE_CLAUSE = re.compile(
    r"^\s*(?P<verb>[a-z]+)\s+(?:[a-z][a-z-]*\s+){0,2}[A-Z]{2,5}(?:,[^,;:!?]{1,60},)?\s+"
    r"(?:before|after|when|whenever|until|unless|once|while)\b"
)
_BEFORE_ACT = re.compile(
    r"^\s*(?P<verb>[a-z]+)\s+(?:[a-z][a-z-]*\s+){1,2}(?:\([^()]{1,30}\)\s+)?(?:before|after|when|whenever|while|until)\s+"
    r"[a-z]+ing\b"
)
"""A bare verb, a bare noun (a bracketed aside after it or not: "snapshot orders-db (EBS)
before running ...") and a clause of time opened by an act ("call base before entering any
closed run", "ring the desk after locking up"): a noun phrase and its state
("fire door open after deliveries") is followed by no "-ing" act."""
_AS_SOON_AS = re.compile(
    r"^\s*(?P<verb>[a-z]+)\s+(?:[a-z][a-z-]*\s+)?(?<!\bopen\s)(?<!\bshut\s)(?<!\bfree\s)(?<!\bready\s)"
    r"(?<!\bdue\s)(?<!\blive\s)(?<!\bclear\s)(?<!\bfull\s)(?<!\bempty\s)(?<!\bbusy\s)(?<!\bsafe\s)"
    r"(?<!\bup\s)(?<!\bdown\s)(?<!\bon\s)(?<!\boff\s)(?<!\bout\s)(?<!\bok\s)(?<!\bdone\s)"
    r"(?:as\s+soon\s+as|the\s+(?:moment|minute|second|instant))\s+"
    r"(?:the|your|their|his|her|our|my|you|he|she|they|we|it|[A-Z][a-z]+)\b"
)
"""A bare verb, at most one bare noun, and a clause of the time the act is due ("radio base
*as soon as* the passenger is on board", "text Mum *the moment* you land"): a noun phrase and
its state ("kitchen open as soon as the chef is in") is left out, and "once" with it, which
follows a noun as often ("team lunch once the project ships")."""
_SUBORDINATOR = re.compile(r"\s+(?:before|after|when|whenever|until|unless|once|while)\b")
_NOUN_ENDINGS = ("ment", "tion", "sion", "ness", "ity", "ance", "ence")
"""Endings of nouns, not of verbs: a word in one, right before "before" or "after", is a
subject ("Payment before delivery is required"), where "Wash before use" is a command."""


_NOUN_ONLY_ENDINGS = ("ment", "ness", "ity")
"""Endings of nouns that English hardly ever uses as verbs: a word in one opens no command
("Recruitment agencies on the list ...", "Fitness classes on Mondays ...")."""
_MENT_VERBS = frozenset(
    {"comment", "document", "implement", "experiment", "supplement", "complement", "compliment"}
    | {"augment", "ferment", "torment", "lament", "cement", "segment", "fragment", "foment", "orient"}
)
"""Verbs that end in "-ment" all the same: "Document every change", "Comment on the draft"."""


_NUMBERED = re.compile(r"\s+(?:no|nr)\.?\s*\d", re.IGNORECASE)
"""A number's abbreviation after a word ("Surgery No. 3", "Kart no 7"): the word names what
is numbered."""
_ACRONYM_VERB = re.compile(r"\s*([A-Z]{2,5})-[a-z]{3,}\b")
"""An acronym hyphenated to a verb ("CAT-scan", "PAT-test"): a compound verb, read as one
in lower case."""


def _command_verb(text: str) -> str | None:
    clean = _IMPERATIVE_SKIP.sub("", _OPENING_QUOTE.sub("", text))
    acronym = _ACRONYM_VERB.match(clean)
    if acronym is not None:
        clean = acronym.group(1).lower() + clean[acronym.end(1) :]  # "CAT-scan the trench": a verb
    lowered = clean[:1].lower() + clean[1:] if clean else clean
    compound = _COMPOUND_VERB.match(lowered)
    if compound is not None:
        # "Factory reset every phone", "Spot check the harness": a compound verb, read as
        # its hyphenated spelling ("factory-reset"), a verb when its last part is one
        verb = _command_verb(f"{compound.group(1)}-{lowered[compound.end(1) :].lstrip()}")
        if verb is not None:
            return verb
    match = _IMPERATIVE.match(lowered) or _IMPERATIVE.match(_ADVERB_AFTER.sub(r"\1", lowered, count=1))
    if (
        match is not None
        and _SUBORDINATOR.match(lowered, match.end("verb"))
        and match.group("verb").endswith(_NOUN_ENDINGS)
    ):
        return None  # "Payment before delivery is ...": a noun, the subject
    if match is None:
        match = _BEFORE_CLAUSE.match(lowered) or _paired(lowered) or _DONE_TO.match(lowered)
        if match is None:
            match = _BEFORE_ACT.match(lowered) or _AS_SOON_AS.match(lowered) or _SUFFIXED_VERB.match(lowered)
            if match is None or match.group("verb").endswith(_NOUN_ENDINGS):
                return None
    verb = match.group("verb")
    if (
        "sent" in match.groupdict()
        and match.group("sent")
        and match.group("sent").split()[-1] in participles()
    ):
        return None  # "free contact kept to a minimum": a past form after the words, a passive
    if _NUMBERED.match(lowered, match.end("verb")):
        return None  # "Surgery No. 3 is waiting ...": a numbered thing, no command
    if "-" in verb:
        # A hyphenated compound ("double-check", "re-seal") is a verb when its last part is
        # one; a verb and its particle hyphenated ("follow-up", "check-in") is a noun.
        last = verb.partition("-")[2]
        if last in _PARTICLES or _command_verb(last + clean[match.end("verb") :]) is None:
            return None
    if verb == "note" and re.match(r"\s+(?:any|all|every|each|down)\b", lowered[match.end("verb") :]):
        return verb  # "Note any damp on the inventory": a command; "Note that ..." tells
    if verb in _NOT_VERBS or (len(verb) < 3 and verb not in _SHORT_VERBS):
        return None
    if verb in _MONTHS and re.match(r"\s+\d", lowered[match.end("verb") :]):
        return None  # "Jul 15 - speakers asked to ...", "Mar 3: term sheet in": a date
    if verb.endswith(("ed", "ing", "ss")) and verb not in _BASE_LOOKALIKES:
        return None
    if verb.endswith("ly") and verb not in _LY_VERBS:
        return None  # an adverb ("usually", "only"), not a command
    if verb.endswith(_NOUN_ONLY_ENDINGS) and verb not in _MENT_VERBS:
        return None  # "Recruitment agencies on the list are ...": a noun, the subject
    if verb.endswith("s") and not verb.endswith(("ss", "us")):
        return None  # "refunds up to $50": a plural noun or a third-person verb, not a command
    return verb


_ADVERB_AFTER = re.compile(
    r"^(\s*[a-z]+\s+)(?:only|just|always|first)\s+"
    r"(?=(?:from\s+|with\s+|to\s+|in\s+)?(?:the|a|an|our|your|their|this|that|these|those|it|them)\b)"
)
"""An adverb between a command's verb and its object ("order *only* from our supplier", "use
*just* the blue mop"): read past it. A notice's "Staff only from 9am", "Cash only at the
bar" has no object after it."""


_SUFFIXED_VERB = re.compile(
    r"^\s*(?P<verb>(?!(?:exercise|merchandise|franchise|premise|enterprise|expertise|compromise|surprise|"
    r"promise|praise|cruise|noise|poise|concise|precise|otherwise|likewise|clockwise|anticlockwise|"
    r"treatise|paradise|reprise|size|prize)\b)[a-z]{3,}(?:ise|ize|ify))\s+(?=[a-z])"
)
"""A word in "-ise", "-ize" or "-ify" opening a clause, before another word ("*diarise* the
break deadline as soon as ...", "*notify* building control"): English makes verbs with these
endings, so it is a command's verb; the nouns and adjectives that share them are left out."""


_COMPOUND_VERB = re.compile(
    r"^\s*(factory|spot|deep|double|cross|fact|spell|steam|pressure|power|hard|soft|stress|load|smoke|"
    r"sanity|safety|health|test|dry)\s+(?=[a-z]{3,}\s)"
)
"""The first part of a compound verb written open ("*factory* reset", "*spot* check", "*deep*
clean", "*test* drive"): a noun or an adjective that only says how the act is done."""


_PAIRED = re.compile(
    r"^\s*(?P<verb>[a-z]+)\s+(?:(?P<object>[a-z][\w'-]*)\s+)?(?:and|or|&|\+|then)\s+(?P<rest>[a-z].*)$",
    re.DOTALL,
)


_DONE_TO = re.compile(
    r"^\s*(?P<verb>put|give|send|hand|apply|show|pass|bring|take|read|email|text|pay|lend|offer|serve|feed|"
    r"get|obtain|request|collect|fetch)"
    r"\s+[a-z][a-z-]*\s+(?:on|to|for|with|from|by)\s+[A-Z][a-z]+\.?\b"
)
"""A verb of giving, putting or getting, a bare noun and the name of who it is done to or
got from ("put sunscreen on Mateo", "give medicine to Ines", "get sign-off from Mr.
Adeyemi"): a command."""


def _paired(lowered: str) -> re.Match[str] | None:
    """Two bare verbs sharing one object ("check and log the temperature", "check + log
    the temp"), or two commands, the first with a bare object ("stop work and call the
    supervisor"): the first is a command's verb when what follows the "and" is a command."""
    match = _PAIRED.match(lowered)
    if match is None or _IMPERATIVE.match(match.group("rest")) is None:
        return None
    if match.group("object") and (
        match.group("verb").endswith("s") or match.group("rest").split()[0].endswith("s")
    ):
        return None  # "dogs and cats ...": nouns, no command with its bare object
    return match


_BASE_LOOKALIKES = frozenset(
    {"bring", "ring", "sing", "sting", "swing", "string", "fling", "cling", "wring", "spring", "ping", "wing"}
    | {"feed", "need", "heed", "bleed", "breed", "speed", "seed", "weed", "proceed", "exceed", "succeed"}
    | {"shed", "shred", "embed", "wed"}
    | {"press", "pass", "cross", "dress", "kiss", "toss", "miss", "discuss", "assess", "address"}
    | {"process", "express", "dismiss", "guess", "stress", "confess", "bless", "caress", "harness"}
)
"""Base verbs that end like a participle or a noun in "-ss" ("Bring the TTL down", "Feed
the cat twice a day", "Press the reset button"): each is a command's verb."""


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


# A label that ends with a plea and addresses the readers ("Managers pls: incident form to
# me within 24hrs", "Parents, please - subs by Friday"): what follows it is asked of them,
# even in note form with no verb.
_PLEA_LABEL = re.compile(
    r"^\s*(?:[^:.!?;\n]{1,40}?[\s,])?(?P<plea>please|pls|plz|kindly)\s*(?::|\s[-\u2013\u2014])\s+(?=\S)",
    re.IGNORECASE,
)


_STANDING_NOTE = re.compile(
    r"^\s*(?P<np>(?:[a-z][\w'-]*\s+){0,2}?[a-z][\w'-]*)\s+"
    r"(?P<rule>on|off|down|up|shut|closed|locked|covered|gets?\s+[a-z]+(?:ed|en))\s+"
    r"(?:(?:[\w'-]+\s+){0,2}?(?:every|each|whenever|always|at\s+all\s+times)|"
    r"(?:[\w'-]+\s+){0,3}?before)\b"
)
"""A standing rule in note form: a thing in a state, or done, at every time of something
("visors down every time a kart's moving", "fuel store gets locked after every refuel"),
or before something is done ("outriggers down on spreader pads before anyone goes up",
"gloves on before handling the bait")."""
_KEPT_UNTIL = re.compile(
    r"^\s*(?P<np>[^:;,.!?]{1,60}?(?:\.\s*\d+[^:;,!?]{0,30}?)?)\s+(?P<rule>stays|remains|(?:is|are)\s+kept)\s+"
    r"(?:shut|closed|locked|empty|covered|unused|out\s+of\s+use|off)\s+(?:until|till|unless|before|"
    r"whenever|while|whilst|(?:the\s+)?whole\s+time|all\s+the\s+time|at\s+all\s+times)\b"
)
"""A thing kept in a state until something happens, or for as long as something goes on,
in note form ("Gate No. 3 stays shut until control signs off", "the resurfacer gate stays
shut the whole time there are skaters on"): the standing rule of keeping it so."""


def _note_obligation(text: str) -> str | None:
    """The words "to be" of a rule in note form ("Plan: bloods to be taken daily"), "to" +
    the verb of a quantified instruction ("All rangers to report ..."), or the plea of a
    label that asks what follows of its readers ("Managers pls: ..."), or None."""
    plea = _PLEA_LABEL.match(unframed(text))
    if plea is not None:
        return plea.group("plea").lower()
    for head in _heads(text):
        lowered = head.lower()
        kept = _KEPT_UNTIL.match(lowered)
        if kept is not None and not re.search(r"\b(?:not|never|no longer)\b", kept.group("np")):
            return f"{kept.group('rule')} (until)"
        standing = _STANDING_NOTE.match(lowered)
        if standing is not None and not any(
            w in _NOT_IN_NOTE_SUBJECT or w.endswith("ing") for w in standing.group("np").split()
        ):  # "popping her muzzle on before ... is a good shout": a gerund, the subject of a verb
            return f"{standing.group('np')} {standing.group('rule')}"
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
