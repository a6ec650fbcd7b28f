"""The conditions of a rule: the content words each condition states
(:func:`condition_words`), whether a summary keeps them (:func:`kept`, :func:`reshaped`,
:func:`same_bound`, :func:`states_condition`), a reading's connectives, and a condition
on someone being available ("if he's around").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from pytest_compaction.prose._cues import (
    _CONDITION,
    _EMPHASIS,
    _HEDGE_PHRASES,
    _SPACES,
    _WAIVER,
    CueKind,
    Reading,
)
from pytest_compaction.prose._text import normalize
from pytest_compaction.prose._unframed import fluent, spelled

__all__ = [
    "still_awaited",
    "assent_given",
    "condition_words",
    "connectives",
    "kept",
    "reshaped",
    "same_bound",
    "states_condition",
    "exemplified",
    "told_after",
    "turned_bound",
    "unspecific",
]


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


_ONLY_BEFORE = (
    r"\b(?:only|solely|exclusively)(?=\s+(?:with|by|for|from|through|via|under|upon|on|in|to(?!\s+be\b))\b)"
)
_UPON = frozenset({"upon"})
"""A preposition of condition after "only" ("only *upon* the lender's agreement"), no word of
what the condition asks, as "with" and "on" are none."""
_CONDITION_ONLY = re.compile("|".join(f"(?:{p})" for p in (*_CONDITION, _ONLY_BEFORE)))
"""Condition words, and "only" ("solely") before a phrase that states a condition ("only with the
manager's written approval", "only by staff")."""
_SHIELDS = re.compile("|".join(f"(?:{p})" for p in (*_EMPHASIS, *_HEDGE_PHRASES, *_WAIVER)))
_CLAUSE_END = re.compile(r"[;!?()|]|[,:.](?!\d)|\s(?:and|or|but)\s")
"""Where a condition's phrase ends (a bar ends a record's field: "... | category: ..."); a
period, comma or colon inside a number or time ("99.5%", "1,200", "9:30") ends nothing."""


def _stem_set(words: str) -> frozenset[str]:
    from pytest_compaction.prose.normalize import stem

    return frozenset(stem(w) for w in words.split())


_CONDITION_CONTENT = _stem_set(
    "same new day days week weeks month months year years next time times today tonight"
)
"""Words the stop list leaves out that state what a condition asks ("on the same day")."""
_HELD_IN_STATE = _stem_set("keep keeps kept keeping stay stays stayed staying remain remains remained")
"""Verbs that only hold their subject in the state the condition names: "only if they are
*kept* on a lead" asks for the lead, as "only if they're on a lead" does."""
_PRESENCE = _stem_set("present there around available attendance onsite on-site")
"""Words that only say who or what is there: "without a vet present" is "without a vet"."""


_COMPLEX_PREPOSITION = re.compile(r"\bin\s+(?:the\s+)?(?:case|event)\s+of\b")


_BOUNDS = "!#@%"
"""The first characters of the norms a condition holds exactly: an identifier ("!"), a
number ("#"), a clock time ("@") and a date ("%"): "after 6 pm" is not "in the evening"."""


_FINISH = next(iter(_stem_set("finish")))
_PHRASE_REACH = 240
"""How many characters after its connective a condition's phrase is read in (its first four
content words are what is compared); a sentence of many connectives is read once each."""


_CONJOINED_CLAUSE = re.compile(
    r"\s(?:and|&)\s+(?=(?:the|a|an|his|her|their|its|our|your|my)\s+[a-z][\w-]*\s+(?:[a-z][\w-]*\s+)?"
    r"(?:is|are|has|have|was|were|holds|gets|stays)\b|(?:also\s+)?[a-z]{3,}(?:ed|en)\s+(?:on|in|by|to|with|for|as)\b)"
)
"""An "and" before a second clause of the same condition, with its own subject and verb
("only when the road is marked groomed *and the driver is* in radio contact") or with the
first one's ("only if they are over 25 *and named on* the insurance")."""


_COMPARED = 4
"""How many of a condition's first content words are compared (:func:`condition_words`)."""


def _phrases(rest: str) -> list[str]:
    """The phrase a condition word opens in ``rest`` (up to :data:`_CLAUSE_END`), and a second
    clause of the same condition joined to it by "and" (:data:`_CONJOINED_CLAUSE`)."""
    end = _CLAUSE_END.search(rest)
    if end is None:
        return [rest]
    phrase = rest[: end.start()]
    joined = _CONJOINED_CLAUSE.match(rest, end.start())
    if joined is None:
        return [phrase]
    tail = rest[joined.end() :]
    second = _CLAUSE_END.search(tail)
    return [phrase, tail[: second.start()] if second else tail]


def condition_words(text: str, *, limit: int | None = _COMPARED) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each condition of ``text`` with the content words that state it, as stems:
    "refund up to $50 after supervisor review" ->
    ``(("after supervisor review", ("supervisor", "review")),)``.

    The words are the ones after the condition word up to the end of its phrase,
    function words left out (words of time and sameness stay: "on the same day"); a
    summary keeps the condition when it keeps most of them (:func:`kept`).
    """
    from pytest_compaction.prose.normalize import tokens
    from pytest_compaction.prose.statements import STOPWORDS

    function_words = (STOPWORDS - _CONDITION_CONTENT) | _UPON | _HELD_IN_STATE

    work = _SHIELDS.sub(lambda m: " " * len(m.group()), spelled(fluent(normalize(text))).lower())
    out: list[tuple[str, tuple[str, ...]]] = []
    phrases = [
        (match.group(), phrase)
        for match in _CONDITION_ONLY.finditer(work)
        for phrase in _phrases(work[match.end() : match.end() + _PHRASE_REACH])  # its first words are enough
    ]
    for connective, phrase in phrases:
        # A complex preposition's noun says nothing of the condition: "in the case of
        # emergency", "in the event of a leak" ask for the emergency, the leak.
        phrase = _COMPLEX_PREPOSITION.sub(" ", phrase)
        # "without a vet present" asks for no vet: the word of presence adds nothing. An
        # identifier states a condition ("if the incident is Sev-1"), and so does a number,
        # a clock time or a date, the bound it sets ("more than two years", "after 6 pm");
        # other values (units, amounts' currencies) are read as values, and a condition that
        # holds a marker as that marker.
        absent = _PRESENCE if connective == "without" else frozenset()
        # "done" reads as "do", a function word; in a condition it is the act of finishing
        # ("only after their homework is done"), which "started" does not keep.
        norms = (_FINISH if t.raw.lower() == "done" else t.norm for t in tokens(phrase))
        words = tuple(
            dict.fromkeys(
                n
                for n in norms
                if n not in function_words
                and n not in absent
                and (len(n) > 2 or n[:1] == "#")
                # "by day", "the same week": a period named alone reads as a unit ("~day")
                and (n[:1].isalpha() or n[:1] in _BOUNDS or (n[:1] == "~" and n[1:] in _CONDITION_CONTENT))
            )
        )[:limit]
        if words:
            out.append((_SPACES.sub(" ", f"{connective} {phrase.strip()}").strip(), words))
    return tuple(out)


_ASSENT = _stem_set(
    "review reviews reviewed approve approves approved approval sign signs signed sign-off signoff "
    "signature signatures permission "
    "okay okays okayed authorize authorizes authorized authorization authorise authorises authorised "
    "authorisation consent consents consented agree agrees agreed agreement"
)
"""Words of one act, a person's assent, which a condition may name by any of them: "after
supervisor review" is kept by "after a supervisor signs off" or "once a supervisor
approves". Only the act is folded; who assents is a word of its own, so "once a customer
approves" still drops the supervisor."""


_APPROVAL = next(iter(_stem_set("approval")))
_LEAST = next(iter(_stem_set("least")))
_OK_GIVEN = re.compile(
    r"(?:['\u2019]s|\b(?:the|an|their|his|her|your|our|its|my))\s+"
    r"(?:(?:written|verbal|signed|formal|explicit|express|prior|final|own)\s+)?ok\b|\bok\s+from\b",
    re.IGNORECASE,
)
"""An "OK" given by someone, a noun ("the session chair's *OK*", "their *written OK*",
"*OK from* the head brewer"): an assent; "is OK" and "OK to park" are a permission."""


def assent_given(texts: Iterable[str]) -> set[str]:
    """The stem of "approval" when one of ``texts`` names an OK given (:data:`_OK_GIVEN`),
    so that a condition of someone's assent is kept by it; else nothing."""
    return {_APPROVAL} if any(_OK_GIVEN.search(text) for text in texts) else set()


_AT_LEAST = re.compile(
    r"\d[\w.]*\+|\d\s*[a-z]+\+(?!\w)|\bor\s+(?:more|longer|over)\b|\bminimum\b|\bmin\.?\s+\d", re.IGNORECASE
)
"""A lower bound told without "at least": "48 hrs+", "5+ years", "three or more", "minimum
two weeks"."""


def bound_given(texts: Iterable[str]) -> set[str]:
    """The stem of "least" when one of ``texts`` tells a lower bound in another way
    (:data:`_AT_LEAST`), so that "at least 48 hours' notice" is kept by "48 hrs+ notice"."""
    return {_LEAST} if any(_AT_LEAST.search(text) for text in texts) else set()


_ARRIVAL = _stem_set("reach reaches reached arrive arrives arrived arrival")
"""Words of getting somewhere: "until we reach the museum" is "up to the point we arrive"."""
_COMPLETION = _stem_set("finish finishes finished complete completes completed done")
"""Words of a thing being over: "after their homework is finished" is "once it is done"
("done" reads as "do": "once they do their homework" keeps it too)."""
_SUCCESSION = _stem_set("consecutive successive row running straight")
"""Words of one thing after another: "on two consecutive readings" is "twice in a row",
"three days running", "three straight days"."""
_STEADY = _stem_set("stable steady steadily unchanged constant")
"""Words of a measure that holds without change: "has been stable" is "has held steady"."""
_NOTICE = _stem_set(
    "notice notices notify notifies notified tell tells told inform informs informed warn warned"
)
"""Words of letting someone know ahead: "give the bank 30 days' notice" is "tell the bank 30
days before"."""
_MORE = _stem_set("more longer over above exceed exceeds exceeding beyond greater larger bigger higher")
_LESS = _stem_set("less shorter under below fewer smaller lower")
"""Words of more and of less: "longer than three hours" is "over three hours"."""
_SECOND = frozenset({"second", "#2"})
"""The ordinal "second", which stays a word (a second is also a unit of time), and "2nd":
"when a *second* lifeguard is stationed" is kept by "once a *2nd* LG is stationed"."""
_FOLDS = (
    ("#2", _SECOND),
    ("<more>", _MORE),
    ("<less>", _LESS),
    ("<assent>", _ASSENT),
    ("<arrival>", _ARRIVAL),
    ("<succession>", _SUCCESSION),
    ("<steady>", _STEADY),
    ("<completion>", _COMPLETION),
    ("<notice>", _NOTICE),
)


_ADVERB_LEAST = 6
"""The length an "-ally" adverb must pass to be read as its adjective ("verbally")."""


_ACTS = ("<assent>", "<notice>")
"""The folded acts a condition is kept only with: someone agreeing, someone being told."""


def _assent(stems: Iterable[str]) -> set[str]:
    """``stems`` with the words of one act or degree (more, less, assent, arrival,
    succession, completion, notice) folded into one."""
    return {next((name for name, group in _FOLDS if s in group), s) for s in stems}


def shared(words: Iterable[str], stems: Iterable[str]) -> int:
    """How many of a condition's ``words`` a text of ``stems`` holds, a word of one act or
    degree matched by any other of it (:data:`_FOLDS`: "stable" by "steady")."""
    return len(_assent(words) & _assent(stems))


def kept(words: Sequence[str], stems: Iterable[str]) -> bool:
    """Whether a condition stated by ``words`` survives in a text of ``stems``: more than
    half of its words are there, a word of one act matched by any other of it
    (:data:`_FOLDS`), and each identifier exactly. One word a new condition happens to share
    ("when an incident is open" for "if the incident commander agrees") does not keep it."""
    wanted, have = _assent(words), _assent(stems)
    # an adverb for its adjective: "verbally" keeps "verbal"
    have |= {s[:-2] for s in have if s.endswith("ally") and len(s) > _ADVERB_LEAST}
    if any(w[:1] in _BOUNDS and w not in have for w in wanted):
        # An identifier ("Sev-1") is kept exactly, as a marker is; so is a number, the bound
        # the condition sets ("more than two years"): without it the condition is another.
        return False
    wanted = {w for w in wanted if w[:1] not in "#@%"}  # a bound kept says nothing of the other words
    if any(act in wanted and act not in have for act in _ACTS):
        # "only with Piet's written agreement" is not kept by "provided Piet is told in
        # writing": the act a condition asks for (assent, notice) is what it is about
        return False
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
    if any(w[:1] in _BOUNDS and w not in restated for w in words):
        return False  # an identifier or a number has no paraphrase
    if any(act in _assent(words) and act not in _assent(restated) for act in _ACTS):
        return False  # "Piet's written agreement" -> "Piet is told in writing": another act
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
    own = {t.norm for t in tokens(invariant)}
    return any(
        _assent(words) <= stems and not _alternative_added(words, texts, own)
        for _, words in condition_words(invariant)
    )


_ALTERNATIVE = frozenset({"or", "plus"})
_NOT_ALTERNATIVE = frozenset({"not", "no", "never", "nowhere", "nothing", "else", "only", "just"})


def _alternative_added(words: Sequence[str], texts: Sequence[str], own: set[str]) -> bool:
    """Whether a text joins another place or thing to the condition's last word with "or"
    ("on the gravel forecourt *or down the chapel aisle*", "lower lawn *or the terrace*"):
    the condition then bounds nothing. A word of the invariant's own ("before 9 or after
    6" for a rule that names both) or a denial ("or anywhere else? no") is no alternative."""
    from pytest_compaction.prose.normalize import tokens

    if not words:
        return False
    last = words[-1]
    for text in texts:
        norms = [t.norm for t in tokens(text)]
        for i, norm in enumerate(norms[:-2]):
            if norm != last or norms[i + 1] not in _ALTERNATIVE:
                continue
            after = [
                n for n in norms[i + 2 : i + 5] if n not in ("the", "a", "an", "down", "up", "in", "on", "at")
            ]
            if after and after[0][:1].isalpha() and after[0] not in own and after[0] not in _NOT_ALTERNATIVE:
                return True
    return False


_AWAITED = _stem_set("awaiting awaits await pending")
"""Words that tell a condition's act as not done yet ("while the letter is *awaiting* the
client's signature")."""


def still_awaited(invariant: str, texts: Sequence[str]) -> tuple[str, str] | None:
    """The condition of ``invariant`` ("only once the client has signed the letter") and the
    condition of ``texts`` that keeps its words but tells its act as still awaited ("while
    the letter is awaiting the client's signature"), or None: the rule then holds before the
    act, the other way round."""
    from pytest_compaction.prose.normalize import tokens

    told = [
        (phrase, {t.norm for t in tokens(phrase)}) for text in texts for phrase, _ in condition_words(text)
    ]
    for condition, words in condition_words(invariant):
        if _AWAITED & set(words):
            continue
        for phrase, restated in told:
            if _AWAITED & restated and kept(words, restated):
                return condition, phrase
    return None


_PREREQUISITE = re.compile(r"(?:after|once|following|(?P<bound>until|till|before))\b")
_POSTERIOR = re.compile(
    r"\b(?:afterwards?|later(?!\s+than)|after\s+the\s+fact|retroactively|retrospectively|subsequently|"
    r"in\s+arrears)\b"
)
"""Words that put an act after another: "..., and log it afterwards"."""
_PARTS = re.compile(r"[;,:]|\s(?:and|then|but)\s")


def told_after(invariant: str, texts: Sequence[str]) -> str | None:
    """The condition of ``invariant`` that must come first ("only after opening a change
    ticket", "not until the spend is logged") when ``texts`` keep its words but tell it as
    coming after the act ("cordon the node and open a change ticket afterwards"), else None.

    The words must be kept within one part of a clause that holds the word of lateness, so
    a later act of another kind ("update the ticket later") reverses nothing."""
    from pytest_compaction.prose.normalize import tokens

    lowered = normalize(invariant).lower()
    for condition, words in condition_words(invariant):
        first = _PREREQUISITE.match(condition)
        if first is None:
            continue
        if first.group("bound") and not re.search(rf"(?:\bnot|\bnever|n't)\s+{first.group()}\b", lowered):
            continue  # "may use it until the review" allows the act before, not after
        for text in texts:
            for part in _PARTS.split(normalize(text)):
                if _POSTERIOR.search(part.lower()) and kept(words, (t.norm for t in tokens(part))):
                    return condition
    return None


_UP_TO = frozenset({"by", "before", "until", "till", "prior", "pre-"})
_FROM = frozenset({"after", "past", "since", "beyond", "post-"})


def _sides(text: str) -> list[tuple[str, str]]:
    """Each number or time of ``text`` with the side of it a preposition right before it
    names: ``"<"`` for "by 11", "before 9 pm", "until", "prior to"; ``">"`` for "after 11",
    "past", "since", "beyond"."""
    from pytest_compaction.prose.normalize import kind_of, tokens

    read = tokens(text)
    out = []
    for i, token in enumerate(read):
        norm = token.norm
        if kind_of(norm) not in ("number", "time") or i == 0:
            continue
        before = read[i - 1].raw.lower()
        if before == "to" and i > 1 and read[i - 2].raw.lower() == "prior":
            before = "prior"
        if before in _UP_TO:
            out.append((norm, "<"))
        elif before in _FROM:
            out.append((norm, ">"))
    return out


def turned_bound(invariant: str, texts: Sequence[str]) -> str | None:
    """The condition of ``invariant`` (or its number) that a summary keeps on the other side
    of its number ("only if they're gone *by 11*" told as "if things stay quiet *after 11*",
    "only after 6 pm" as "only before 6 pm"), else None: the number kept is no longer the
    same bound."""
    told = {pair for text in texts for pair in _sides(text)}
    for number, side in _sides(invariant):
        other = ">" if side == "<" else "<"
        if (number, other) in told and (number, side) not in told:
            return next(
                (c for c, _ in condition_words(invariant) if number in _numbers(c)), number.lstrip("#@")
            )
    return None


def _numbers(text: str) -> set[str]:
    from pytest_compaction.prose.normalize import tokens

    return {t.norm for t in tokens(text)}


_EXAMPLE_CONDITION = re.compile(
    r"\b(?:e\.\s?g\.|eg|for\s+(?:example|instance)|such\s+as|say)\s*,?\s*(?:if|when|whenever|where|once)\b",
    re.IGNORECASE,
)


def exemplified(texts: Sequence[str]) -> str | None:
    """The words that tell a condition as one example among others ("you can waive it,
    *e.g. if* the item arrived damaged"), else None: an example restricts nothing."""
    for text in texts:
        found = _EXAMPLE_CONDITION.search(text)
        if found is not None:
            return found.group()
    return None


_SPECIFIC = re.compile(r"\b(?:that|this|the|each)\s+(?:specific|particular|same|individual)\b", re.IGNORECASE)
_SPECIFIC_KEPT = re.compile(r"\b(?:specific|particular|same|individual|each|per)\b", re.IGNORECASE)


def unspecific(invariant: str, texts: Sequence[str]) -> str | None:
    """The words of ``invariant``'s condition that tie it to one case ("only after Mirela
    approves *that specific* delivery", "consent for *that particular* client") when
    ``texts`` keep no word of the kind, else None: "once Mirela has approved deliveries"
    widens the condition to any."""
    for condition, _ in condition_words(invariant):
        tied = _SPECIFIC.search(condition)
        if tied is not None and not any(_SPECIFIC_KEPT.search(text) for text in texts):
            return tied.group()
    return None


def connectives(reading: Reading) -> frozenset[str]:
    """The condition and restriction words of a reading ("until", "only", "at most"); "only
    if" is both "only" and "if"."""
    words = reading.words(CueKind.CONDITION, CueKind.RESTRICTION)
    return frozenset(part for word in words for part in _ONLY_THROUGH.split(word) if part)


_ONLY_THROUGH = re.compile(r"(?<=^only) ")
