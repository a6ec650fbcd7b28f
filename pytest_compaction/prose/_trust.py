"""Who tells a source's words: the attribution a summary gives them (a telling verb, a source
noun or label, a person as the speaker), the speakers a summary restates as its own, and the
words of a doubt's report that keep it a doubt.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from pytest_compaction.prose._cue_words import _SOURCE_NOUNS
from pytest_compaction.prose.normalize import kind_of, phrase, stem, tokens
from pytest_compaction.prose.statements import ATTRIBUTION, STOPWORDS, Statement

__all__ = [
    "_TELLING_DOUBT",
    "_claimed_identity",
    "_told_as_claimed",
    "_attributes",
    "_claimed_as_own",
    "_reported",
    "_reported_content",
    "_reports_doubt",
    "_source_label",
    "_headed_by_source",
    "_source_tells",
    "_told_by_person",
]


_TELLING = frozenset(
    stem(w)
    for w in (
        *("say", "says", "said", "claim", "claims", "claimed", "state", "states", "stated", "write"),
        *("writes", "wrote", "report", "reports", "reported", "assert", "asserts", "asserted", "allege"),
        *("alleges", "alleged", "quote", "quotes", "quoted", "show", "shows", "showed", "shown", "find"),
        *("finds", "found", "put", "puts", "record", "records", "recorded", "list", "lists", "listed"),
        *("give", "gives", "gave", "estimate", "estimates", "estimated", "suggest", "suggests"),
        *("suggested", "suggestion", "suggestions", "recommend", "recommends", "recommended"),
        *("recommendation", "text", "texts", "texted", "offer", "offers", "offered", "note", "notes"),
        *("emailed", "messaged", "posted"),
        *("noted", "read", "reads", "indicate", "indicates", "indicated", "display", "displays"),
        *("displayed", "predict", "predicts", "predicted", "propose", "proposes", "proposed"),
        *("advise", "advises", "advised", "warn", "warns", "warned", "tell", "tells", "told", "cite"),
        *("cites", "cited", "flag", "flags", "flagged", "detect", "detects", "detected", "mention"),
        *("mentions", "mentioned", "return", "returns", "returned", "measure", "measures", "measured"),
        *("ask", "asks", "asked", "request", "requests", "requested", "demand", "demands", "demanded"),
        *("instruct", "instructs", "instructed", "urge", "urges", "urged", "citing", "comment"),
        *("comments", "commented", "insist", "insists", "insisted", "insisting", "argue", "argues"),
        *("hear", "hears", "heard", "relay", "relays", "relayed", "hearsay"),
        *("reckon", "reckons", "reckoned", "rumour", "rumours", "rumoured", "rumor", "rumors", "gossip"),
        *("argued", "arguing", "maintain", "maintains", "maintained", "contend", "contends"),
        *("post", "posts", "posted", "announce", "announces", "announced", "publish", "publishes"),
        *("published", "declare", "declares", "declared"),
        # a source's opinion told as its own: "a passenger *reckons* families should board first"
        *("reckon", "reckons", "reckoned", "think", "thinks", "thought", "believe", "believes"),
        *("believed", "feel", "feels", "felt", "complain", "complains", "complained"),
    )
)
"""Verbs (and their nouns) that tell what a source said or showed: "the portal *puts* the
queue at 18 days", "diagnostics *found* 14 reboots", "the store's *suggestions*"."""

_MODALS = frozenset({"may", "can", "must", "should", "will", "would", "could", "might", "shall"})
"""Words before a verb that make it an act (allowed, required, planned), not a telling."""
_BETWEEN_MODAL = frozenset({"now", "also", "only", "still", "just", "not", "never", "be", "get"})
"""Words between a modal and the verb that keep it an act: "may *now* post", "must *be* given"."""


_NOUN_TELLINGS = frozenset(
    {"return", "list", "report", "note", "record", "post", "quote", "claim", "text", "comment"}
    | {"request", "demand", "display", "flag", "estimate", "measure", "notice", "message"}
)
"""Telling words that are also nouns in their bare form ("tax *return*", "price *list*")."""


def _compound(statement: Statement, verb: int) -> bool:
    """Whether token ``verb``, a telling word in its bare form ("return", "list", "report",
    "note"), ends a compound noun with the singular noun right before it ("tax *return*",
    "price *list*"): a thing named, not something told. "The logs *show*" has a plural
    subject; "the blog *says*" an inflected verb."""
    if verb == 0:
        return False
    raw, before = statement.tokens[verb].raw.lower(), statement.tokens[verb - 1].raw.lower()
    between = statement.text[statement.tokens[verb - 1].end : statement.tokens[verb].start]
    return (
        raw in _NOUN_TELLINGS
        and before.isalpha()
        and not before.endswith("s")
        and between.strip() in ("", "-")
        and statement.norms[verb - 1] not in STOPWORDS
    )


_ARTICLES = frozenset({"the", "a", "an"})


def _named_thing(statement: Statement, verb: int) -> bool:
    """Whether token ``verb``, a telling verb in its bare form that is no telling noun
    (:data:`_NOUN_TELLINGS`), follows an article: a thing of another sense ("after *the
    show*", "*a find*", "*the state* of the hives"), not something told."""
    raw = statement.tokens[verb].raw.lower()
    start = statement.tokens[verb - 1].end if verb > 0 else 0
    before = statement.text[start : statement.tokens[verb].start].split()
    return (
        bool(before)
        and before[-1].lower() in _ARTICLES
        and raw == statement.norms[verb]
        and raw not in _NOUN_TELLINGS
    )


def _claimed_money(statement: Statement, verb: int) -> bool:
    """Whether token ``verb`` is "claim" in its sense of asking for money back ("the rent
    *claimed as* an expense", "*claim* it *on* insurance"), not of saying."""
    raw = statement.tokens[verb].raw.lower()
    nxt = statement.tokens[verb + 1].raw.lower() if verb + 1 < len(statement.tokens) else ""
    return raw.startswith("claim") and nxt in ("as", "on", "for", "against", "back")


def _after_modal(statement: Statement, verb: int) -> bool:
    """Whether a modal stands right before token ``verb``, or one adverb before it ("may now
    post")."""
    raw = [t.raw.lower() for t in statement.tokens[max(0, verb - 2) : verb]]
    return bool(raw) and (
        raw[-1] in _MODALS or (len(raw) == 2 and raw[0] in _MODALS and raw[1] in _BETWEEN_MODAL)
    )


_OWN_SPEAKERS = frozenset(stem(w) for w in ("user", "we", "i", "system", "operator", "assistant"))
"""The speakers a summary restates as its own: a claim told with one of them as its subject,
and no telling verb, is theirs ("the user approved the surcharge")."""

_FRAMED = frozenset(
    stem(w) for w in ("according", "per", "untrusted", "unverified", "unconfirmed", "retrieved")
)
"""Words that attribute without a telling verb or a source noun: "according to", "per",
"[untrusted]", "unverified"."""

_LABEL_END = re.compile(r":\s|(?:^|\s)['\"\u2018\u201c]")


_CLAIMED_IDENTITY = re.compile(
    r"\b(?:claiming|purporting|pretending|professing)\s+to\s+be\b|\b(?:posing|passing\s+itself\s+off)\s+as\b|"
    r"\bsaying\s+(?:it|he|she|they)(?:'s|\u2019s|\s+is|\s+are|'re)\b|\bsigned\s+(?:as\s+)?(?=['\"\u2018\u201c]|the\b)",
    re.IGNORECASE,
)
"""Where a source's claimed identity starts in its label ("a DM from an account *claiming
to be* Jaxon's mum"): the identity is the source's own claim, so a summary that names the
claimed person as the one who spoke ("mum gave permission") restates it."""


def _source_label(text: str) -> frozenset[str]:
    """The words an untrusted event names its source with: its text before the colon or
    quotation mark that opens what the source says ("*Partner portal*: ...", "*Text from
    the skip company*: '...'", "*Email pasted by the user*: ...")."""
    end = _LABEL_END.search(text)
    if end is None:
        return frozenset()
    # "an account *claiming to be* his mum": who the source says it is names no source
    claimed = _CLAIMED_IDENTITY.search(text, 0, end.start())
    head = tokens(text[: claimed.start() if claimed is not None else end.start()])
    if len(head) > 12:
        return frozenset()
    return frozenset(
        t.norm
        for t in head
        if kind_of(t.norm) in ("word", "identifier") and len(t.norm) > 2 and t.norm not in STOPWORDS
    )


_IDENTITY_END = re.compile(r"[:,;]\s|['\"\u2019\u201d](?=[\s,:;]|$)")


def _claimed_identity(text: str) -> frozenset[str]:
    """The words of who an untrusted source claims to be, in its label ("signed *'lab
    manager'*", "an account claiming to be *Jaxon's mum*"): a summary that has that person
    tell the claim ("the lab manager said ...") restates the claim of who spoke as fact."""
    end = _LABEL_END.search(text)
    colon = text.find(": ")
    claimed = _CLAIMED_IDENTITY.search(text, 0, colon if colon >= 0 else (end.start() if end else len(text)))
    if claimed is None:
        return frozenset()
    rest = text[claimed.end() :].lstrip("'\"\u2018\u201c ")
    stop = _IDENTITY_END.search(rest)
    head = tokens(rest[: stop.start() if stop else len(rest)])
    head = head[:_IDENTITY_WORDS]
    # the person claimed, not whose they are: "Zain's *dad*", "Kit Ashdown's *agent*"
    owners = [i for i, t in enumerate(head) if t.raw.lower().endswith(("'s", "\u2019s"))]
    claimed_words = head[owners[-1] + 1 :] if owners else head
    return frozenset(t.norm for t in claimed_words if kind_of(t.norm) == "word" and t.norm not in STOPWORDS)


_IDENTITY_WORDS = 4
_FRAMING_REACH = 6
"""How many words before a claimed identity its framing is looked for in ("claiming to come
from Nordvik Air")."""
_CLAIM_FRAMING = frozenset(
    stem(w)
    for w in (
        *("signed", "as", "claiming", "claims", "claimed", "purporting", "posing", "supposedly"),
        *("allegedly", "apparently", "unverified", "unconfirmed", "saying", "calling", "signing"),
        *("pretending", "professing"),
    )
)
"""Words before a claimed identity that keep it the source's claim ("signed *as* the lab
manager", "*supposedly* the landlord")."""


def _told_as_claimed(statement: Statement, identity: frozenset[str]) -> bool:
    """Whether the sentence has the claimed identity tell the claim itself: a telling word
    with a word of ``identity`` as its speaker, right before it past an auxiliary or an
    adverb, and no framing of the claim before that speaker ("The lab manager *had said*
    that ..."; not "a message signed as the lab manager saying ...")."""
    if not identity:
        return False
    norms = statement.norms
    for j, norm in enumerate(norms):
        if norm not in _TELLING or statement.tokens[j].raw.lower().endswith("ing"):
            continue  # "a text from a number signing off as 'Zain's dad' *asking* ...": the text asks
        k = j - 1
        while k >= 0 and statement.tokens[k].raw.lower() in _SAID_BETWEEN:
            k -= 1
        if k < 0 or norms[k] not in identity:
            continue
        start = k
        while start > 0 and norms[start - 1] in identity:
            start -= 1
        if not any(n in _CLAIM_FRAMING for n in norms[max(0, start - _FRAMING_REACH) : start]):
            return True
    return False


def _speaker_label(text: str) -> frozenset[str]:
    """The words of :func:`_source_label` where a colon ends them ("*Ops manager*: the
    council might ..."): who speaks, never a quoted title inside what is said ("the
    director might cut the reprise of 'Lantern Song'")."""
    end = _LABEL_END.search(text)
    return _source_label(text) if end is not None and end.group().startswith(":") else frozenset()


def _source_tells(statement: Statement, label: frozenset[str], verbs: Set[str] = _TELLING) -> bool:
    """Whether the sentence names the untrusted event's source as the one telling: a word of
    its label is the nearest speaker before a telling verb or noun in its stretch of the
    sentence ("the HVAC log for room 3.07 *shows*", "the broker's bot *asserted* that", "the
    store's auto-*suggestions*"), not the user or the system ("W4: the system *says* ...")."""
    norms, segment = statement.norms, statement.segment
    aside = set(statement._aside_tokens())
    for verb, norm in enumerate(norms):
        if norm not in verbs or statement.plural_thing(verb):
            continue  # "weekly KPI *reports*": things, not tellings
        if _after_modal(statement, verb) or _claimed_money(statement, verb):
            continue  # "members *may now post* links", "rent *claimed as* an expense": acts
        if _compound(statement, verb) or _named_thing(statement, verb):
            continue  # "her *tax return*", "the *price list*", "after *the show*": no telling
        # The verb's stretch, and the subject's before an aside between them ("a notice
        # from the port, *forwarded to us,* asserts that ...").
        reach = {segment[verb]}
        before = verb - 1
        while before >= 0 and before in aside:
            reach.add(segment[before])
            before -= 1
        if before >= 0 and before + 1 in aside:
            reach.add(segment[before])
        at = next(
            (
                j
                for j in range(verb - 1, -1, -1)
                if segment[j] in reach and (norms[j] in label or norms[j] in _OWN_SPEAKERS)
            ),
            None,
        )
        if at is None or (norms[at] in _OWN_SPEAKERS and not (at > 0 and norms[at - 1] in label)):
            continue  # "the system says"; but "the *booking system* shows" names the source
        if any(norms[j] in _CONDITION_OPENERS for j in range(at + 1, verb)):
            continue  # "fans are let in *if* they ask the SM": the asking is another clause's act
        if (
            verb == at + 1
            and at > 0
            and norms[at - 1] in _DESTINATIONS
            and (at < 2 or norms[at - 2] != "accord")
        ):
            continue  # "add it to the plugins list": a place things go, not a source telling
        return True
    return False


_DESTINATIONS = frozenset({"to", "into", "onto"})
_CONDITION_OPENERS = frozenset({"if", "unless", "when", "whenever", "once", "until"})
"""Words that open a condition: a telling verb after one is an act of the condition's own
subject, whatever word of the source's label came before it."""


_OUTPUT_WORDS = (
    "log logs output readme post posts notice notices alert alerts changelog comment comments screenshot "
    "screenshots snippet bot feed digest banner ticket tickets page site website forum email e-mail mail "
    "message messages document article letter transcript attachment thread source"
)
_OUTPUT_NOUNS = frozenset(_OUTPUT_WORDS.split())
"""Nouns that name where a text came from, as written: a line headed by one of them ("CI
log: ...", "Forwarded post:") cites that source for what follows the colon."""
_SOURCE_HEADING = re.compile(r"^\W*([^:\n]{1,60}):\s")


def _headed_by_source(statement: Statement, label: frozenset[str]) -> bool:
    """Whether the sentence opens with a heading that names the untrusted event's source: a
    source noun (:data:`_OUTPUT_NOUNS`) and, beside it, a word of the event's own name for
    its source, before a colon ("`migrate-check` CI log: lock timeout on `products`, plus a
    hint that ..."). What follows the colon is that source's, as "the CI log says" would
    tell it."""
    match = _SOURCE_HEADING.match(statement.text)
    if match is None:
        return False
    words = re.findall(r"[\w'-]+", match.group(1).lower())
    if not any(w in _OUTPUT_NOUNS for w in words):
        return False
    return any(t.norm in label for w in words for t in tokens(w))


def _claimed_as_own(statement: Statement, hits: Sequence[int], label: frozenset[str], need: int) -> bool:
    """Whether a stretch of the sentence tells the untrusted words as a claim of the
    summary's own speakers: the user, "we" or the system its subject before them, no telling
    verb and no "according to" or "per" in it: "the user approved the 15% surcharge (ticket
    RW-4471)" cites the ticket but tells its claim as the user's act."""
    norms, segment = statement.norms, statement.segment
    by_segment: dict[int, list[int]] = {}
    for j, k in enumerate(segment):
        by_segment.setdefault(k, []).append(j)
    for c in dict.fromkeys(segment[i] for i in hits):
        positions = by_segment[c]
        claimed = [i for i in hits if segment[i] == c and norms[i] not in label]
        if not claimed or len({norms[i] for i in claimed}) < need:
            continue
        # A possessive ("reset the user's password") or a word inside a quotation names no
        # speaker of the summary's own.
        quoted = statement.quoted_spans()
        speaker = next(
            (
                j
                for j in positions
                if norms[j] in _OWN_SPEAKERS
                and not statement.tokens[j].raw.lower().endswith(("'s", "\u2019s"))
                and not any(a < statement.tokens[j].start < b for a, b in quoted)
            ),
            None,
        )
        if (
            speaker is None
            or speaker > claimed[0]
            or any(norms[j] in label for j in positions if j < speaker)
        ):
            continue  # "a supplier email the user pasted in pushes for ...": the source speaks
        if any(norms[j] in label for j in positions if speaker < j < claimed[0]):
            continue  # "the user forwarded a passage *from a breeder's website* insisting ...": passed on
        if speaker > 0 and norms[speaker - 1] == "that" and any(norms[j] in _TELLING for j in range(speaker)):
            continue  # "the message says he is Platinum *and that we* must upgrade him": reported
        if not any(norms[j] in _TELLING or norms[j] in _FRAMED for j in positions):
            return True
    return False


_SAID_BETWEEN = frozenset({"also", "then", "had", "has", "have", "later", "again", "just", "already"})
"""Words between a speaker and its telling verb ("the site manager *had* said")."""


_HEADING = re.compile(r"[\s*_#>-]*[^\s:.!?][^:.!?]{0,50}?:[*_]*\s")
_HEADING_WORDS = 5


def _topic(statement: Statement, claim: set[str]) -> set[str]:
    """The words of the sentence's heading (a label of a few words before a colon that opens
    it: "**Refund requests:** ...") that are words of the claim itself: a reporting word there
    names what the line is about ("requests", "claims", "reports"), not a source telling it."""
    heading = _HEADING.match(statement.text)
    if heading is None:
        return set()
    inside = [i for i, t in enumerate(statement.tokens) if t.end <= heading.end()]
    if len(inside) > _HEADING_WORDS:
        return set()
    return {statement.tokens[i].raw for i in inside if statement.norms[i] in claim}


def _attributes(statement: Statement, hits: Sequence[int], names: set[str], told_by: set[str]) -> bool:
    """Whether the sentence attributes the untrusted words to a source. An attribution by a
    source noun alone ("page", "ticket"), with no telling verb, names this event's source
    only if the event uses that noun: "disable IPv6 *from the admin page*" names a page of
    the claim, not the forum post that made it."""
    claim = {statement.norms[i] for i in hits}
    topic = _topic(statement, claim)
    quoted: set[int] = set()
    read: set[str] = set()  # a word's reading does not depend on the hit it attributes
    for i in hits[:_HITS_READ]:
        words = _reported(statement, i, names)
        if words is None:
            continue
        if words == "quotation marks":
            quoted.add(i)
            continue
        for word in words.split(", "):
            if word in read:
                continue
            read.add(word)
            if word in topic:
                continue  # "Same-day requests: all must be accepted" is about requests
            norms = {t.norm for t in tokens(word)}
            if _commanded_telling(statement, word):
                continue  # "Cite Velasquez-Orme 2021 as ...": a command to tell, not a report
            if _conceded_telling(statement, word):
                continue  # "..., whatever the handbook says": set aside, not the claim's source
            if norms & (_TELLING | _FRAMED):
                return True
            if norms <= claim and not word.lower().endswith(("ed", "ing")):
                # "put the train *tickets* on ...": the claim's own noun, not a ticket telling
                # it; "*emailed* that ..." is a telling, whatever the claim's words
                continue
            if norms & told_by or not norms <= ATTRIBUTION:
                return True
    # Quotation marks attribute the words inside them; a claim told mostly outside them
    # ("it's certified nut-free, so drop the 'may contain nuts' warning") is told as the
    # summary's own.
    return bool(quoted) and len({statement.norms[i] for i in hits if i not in quoted}) < _QUOTED_OUTSIDE


def _commanded_telling(statement: Statement, word: str) -> bool:
    """Whether every ``word`` of telling in the sentence opens its clause as a bare verb, a
    command ("*Cite* the 2021 study as definitive", "Rules: *Quote* the full price"), not a label
    ("Quote: ...") nor "per" or "according to": an order to tell attributes nothing."""
    at = [i for i, t in enumerate(statement.tokens) if t.raw == word]
    return bool(at) and all(
        (
            i == 0
            or statement.clause[i - 1] != statement.clause[i]
            or ":" in statement.text[statement.tokens[i - 1].end : statement.tokens[i].start]
        )
        and statement.norms[i] not in _FRAMED
        and not word.lower().endswith(("s", "ed", "ing"))
        and not statement.text[statement.tokens[i].end :].lstrip().startswith(":")
        for i in at
    )


def _conceded_telling(statement: Statement, word: str) -> bool:
    """Whether every ``word`` of telling in the sentence stands in a concession
    (:data:`_CONCEDING_TELLING`): "always run 0W-8, *whatever the handbook says*" sets a
    telling aside and attributes nothing to the claim's source."""
    at = [t.start for t in statement.tokens if t.raw == word]
    return bool(at) and all(
        _CONCEDING_TELLING.search(statement.text, max(0, start - _CONCESSION_REACH), start) is not None
        for start in at
    )


_CONCEDING_TELLING = re.compile(
    r"\b(?:whatever|no\s+matter\s+what|regardless\s+of\s+what|despite\s+what|in\s+spite\s+of\s+what|"
    r"contrary\s+to\s+what)\s+(?:[\w'\u2019-]+\s+){0,4}$",
    re.IGNORECASE,
)
"""A concession's opening up to a telling verb: "*whatever the handbook* says", "*no matter
what the landlord* claims"."""
_CONCESSION_REACH = 80
"""How many characters before a telling verb its concession is looked for in."""


_HITS_READ = 16
"""How many of a claim's words in a sentence are read for an attribution: the words of one
claim share their teller, and reading each is quadratic in the sentence's length."""
_QUOTED_OUTSIDE = 2
"""How many of a claim's words outside quotation marks make it told as the summary's own."""


_PERSONS = frozenset({"he", "she"})


def _told_by_person(statement: Statement, position: int, source: set[str]) -> bool:
    """Whether every word that attributes token ``position`` has a person as its speaker:
    "he" or "she" ("as *she* requested", "*he* asked that ..."), or a name the tool's own
    words (``source``) do not hold ("as *Mira* asked"). Never the tool whose words these
    are: a tool's banner told as someone's request is elevated, not reported; "as the
    *banner* asked", or a name the tool itself gives ("*Dana* from billing says"), reports."""
    words = statement.attributed(position)
    if words is None or words == "quotation marks":
        return False
    reports = set(words.split(", "))
    at = [i for i, t in enumerate(statement.tokens) if t.raw in reports]
    return bool(at) and all(i > 0 and _person(statement, i - 1, source) for i in at)


def _person(statement: Statement, index: int, source: set[str]) -> bool:
    """Whether token ``index`` names a person other than the source: "he", "she", or a
    capitalized name (not a reporting or source word) that ``source`` does not use."""
    raw, norm = statement.tokens[index].raw, statement.norms[index]
    if raw.lower() in _PERSONS:
        return True
    return (
        raw[:1].isupper()
        and raw.replace("'", "").replace("\u2019", "").isalpha()
        and norm not in source
        and norm not in ATTRIBUTION
        and norm not in STOPWORDS
    )


def _reported_content(statement: Statement, positions: Sequence[int]) -> set[str]:
    """The reporting words a doubted source clause holds inside what it reports, as things
    it talks about: "The adjuster said the crack on *the Oyelaran claim* could be ..."
    (after the clause's own reporting word "said"). A summary that names that claim
    ("adjuster re: Oyelaran claim: crack is pre-existing") reports nothing by it."""
    reporting = [i for i in positions if statement.norms[i] in ATTRIBUTION]
    if not reporting:
        return set()
    return {statement.norms[i] for i in reporting if i > reporting[0]}


_SAYING = frozenset(
    stem(w)
    for w in (
        *("say", "says", "said", "state", "states", "stated", "report", "reports", "reported"),
        *("mention", "mentions", "mentioned", "write", "writes", "wrote", "assert", "asserts"),
        *("asserted", "according", "per"),
    )
)
"""Plain verbs of saying, and "according to" or "per": "she *said* the panel has cut the
line", "*according to* her, the panel has cut the line" tell what was said as it was said, so a
hedge the source used and the report left out is a change, not a report."""


_TELLING_DOUBT = frozenset(
    stem(w)
    for w in (
        *("claim", "claims", "claimed", "allege", "alleges", "alleged", "suggest", "suggests"),
        *("suggested", "suggestion", "suggestions", "estimate", "estimates", "estimated"),
        *("predict", "predicts", "predicted", "propose", "proposes", "proposed", "recommend"),
        *("recommends", "recommended", "recommendation", "offer", "offers", "offered"),
    )
)
"""The verbs of telling that keep a claim's doubt ("Dana *suggested* moving the stand-up"):
a source named with one of them reports a possibility; named with a plain verb of saying
(:data:`_SAYING`: "Dana *said* the stand-up moves") it states it as settled."""


def _reports_doubt(words: str | None) -> bool:
    """Whether attribution ``words`` (:func:`_reported`) keep a doubt's standing: quotation
    marks, a question or request ("asked about dropping out"), a label of doubt ("an
    unconfirmed report"); not a plain verb of saying alone (:data:`_SAYING`), nor the noun
    that names the source ("per the site, ..."): who told it keeps no doubt."""
    if not words:
        return False
    said = [set(phrase(w)) for w in words.split(", ")]
    return not any(w <= _SAYING for w in said) or any(not w <= _SAYING | _SOURCE_NOUNS for w in said)


def _reported(statement: Statement, position: int, names: set[str]) -> str | None:
    """The words that attribute token ``position`` to a source, leaving out a word that
    names one of the ledger's facts: "museum tickets cost 14 euros" reports no ticket."""
    words = statement.attributed(position)
    if words is None or words == "quotation marks":
        return words
    # a verb of saying is never a fact's name: "the email *says*" for a source that said
    kept = [w for w in words.split(", ") if not set(phrase(w)) <= names or set(phrase(w)) <= _SAYING]
    return ", ".join(kept) if kept else None
