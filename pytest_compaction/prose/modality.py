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

This module reads a text into cues (:func:`read`); the parts it reads with live in
private modules of their own: the cue kinds and tables (``_cues``), the text as read
(``_unframed``), commands without a modal word (``_commands``), conditions
(``_conditions``) and the judgement of force (``_judge``). Everything the rest of the
package uses is imported from here.
"""

from __future__ import annotations

import functools
import re

from pytest_compaction.prose import _text
from pytest_compaction.prose import normalize as _norm

# Private, but tests import the command pattern and verb reader from here.
from pytest_compaction.prose._commands import _IMPERATIVE as _IMPERATIVE
from pytest_compaction.prose._commands import (
    _IMPERATIVE_SKIP,
    _KEEP_AWAY_VERB,
    _heads,
    _keep_away,
    _note_obligation,
    imperative,
)
from pytest_compaction.prose._commands import _command_verb as _command_verb
from pytest_compaction.prose._conditions import (
    _AVAILABILITY,
    _AVAILABLE,
    condition_words,
    connectives,
    exemplified,
    kept,
    reshaped,
    same_bound,
    states_condition,
    told_after,
    turned_bound,
    unspecific,
)
from pytest_compaction.prose._cues import (
    _ADDRESSEE,
    _CONSTRAINT,
    _MANDATIVE,
    _SPACES,
    _TABLE,
    Cue,
    CueKind,
    Reading,
)
from pytest_compaction.prose._judge import (
    Judgement,
    Modality,
    alone_forbidden,
    complements,
    contrasted,
    encountered,
    in_company,
    judge,
    left_alone,
    only_those,
    opposite_state,
    uncontrasted,
)
from pytest_compaction.prose._omission import names_omission_at
from pytest_compaction.prose._text import normalize
from pytest_compaction.prose._unframed import fluent, spelled, unframed

__all__ = [
    "Cue",
    "CueKind",
    "Judgement",
    "Modality",
    "Reading",
    "command_verb",
    "rule_verb",
    "commanded",
    "complements",
    "encountered",
    "contrasted",
    "alone_forbidden",
    "in_company",
    "only_those",
    "opposite_state",
    "uncontrasted",
    "connectives",
    "count_constraints",
    "condition_words",
    "fluent",
    "kept",
    "imperative",
    "judge",
    "left_alone",
    "own_act",
    "read",
    "reshaped",
    "same_bound",
    "exemplified",
    "told_after",
    "turned_bound",
    "universal_act",
    "unspecific",
    "spelled",
    "states_condition",
]


# Adjective uses of hedge words ("her preferred name", "the recommended dose", "patients
# with likely dengue") describe a thing, they do not soften a rule: blanked before the
# table is read.
_ADJECTIVE = re.compile(
    r"(?:(?:\b(?:the|a|an|my|your|his|her|their|our|its|whose|with|for|of|from|to|on|in|at|by|about|"
    r"any|all|some|each|every|no|these|those|other)|\w\.?'s|\ws')\s+"  # "the assoc.'s preferred"
    # "the carrier's optional-extras sheet": a hedge word in a compound noun names a thing
    r"|\b(?=(?:preferred|recommended|suggested|preferable|optional|usual|ideal)-[a-z])"
    # "Likely dengue cases - ...": at the start of a line, before its noun
    r"|^[^\w]*(?=(?:un)?likely\s+(?!(?:to|that|be|is|are|will|would|not)\b)[a-z])"
    # "Preferred accounts: every order must ...": a label's noun phrase names a thing
    r"|^[^\w]*(?=(?:preferred|recommended|suggested|optional|usual|ideal)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}\s*:))"
    r"(?P<word>preferred|recommended|suggested|preferable|usual|typical|normal|possible|ideal|optional(?=-)|"
    # "the likely cause", "the likely travel-sick list" describe a thing; "a likely requirement"
    # hedges the rule itself, and is read as a hedge.
    r"(?:un)?likely(?!\s+(?:requirements?|rules?|obligations?|prerequisites?)\b))\b"
)
_CONDITION_NEGATION = re.compile(
    r"(\b(?:if|unless|when|whenever|whether|once|in\s+case)\s+(?:[\w']+\s+){1,3}?)"
    r"(do\s+not|does\s+not|did\s+not|don't|doesn't|didn't)\b"
)
"""A negation inside a clause of condition or time ("if they *do not* already know the
employee") tells the condition, not a rule: blanked before the table is read."""
_ASKED_PERMISSION = re.compile(
    r"^\s*(?P<modal>can|may|could|is\s+it\s+(?:ok|okay|fine|allowed)\s+to|are\s+\w+\s+allowed\s+to)\b"
    r"[^:?]{1,200}\??:\s*(?:(?P<no>no|nope|never|not\s+(?:anymore|any\s+more|ever|allowed))\b"
    r"|(?P<yes>yes|yep|sure|ok|okay)\b)?"
)
"""A question of permission before its answer, as a question card reads ("Can the cash float
stay in the till overnight: No."): answered no, it forbids what was asked; answered yes, it
permits it; before any other answer its "can" asks, and grants nothing."""
_PURPOSE_NEGATION = re.compile(
    r"(\b(?:(?<!,\s)so|so\s+that)\s+(?!(?:do|does|don't|doesn't|not|never|you|we|that)\b)(?:[\w'-]+\s+){1,6}?)"
    r"(do\s+not|does\s+not|don't|doesn't|won't|will\s+not|isn't|aren't|is\s+not|are\s+not)\b"
)
"""A negation inside a clause of purpose with its own subject ("... by the 30th *so the
mortgage DD doesn't* bounce", "so that the bikes don't get wet") tells what the rule is
for, not the rule; "so don't store boxes there" is a command, "so you don't" may be one, and
after a comma "so" tells a consequence ("it is slippery, so the kids do not run")."""
_CAPACITY_CLAUSE = re.compile(
    r"((?:,\s*(?:where|which|who|whom)|\bso\s+that|\bin\s+order\s+that|\bso)\s+"
    r"(?!(?:you|we|staff|nobody|no\s+one|none)\b)(?:[\w'-]+\s+){1,4}?)(can|could)\b(?!\s+not\b|n't)"
)
"""A "can" in a clause of place, relative or purpose with its own subject ("roll it in the
open*, where every player can* see the dice", "*so that the nurses can* check it", "pass it
to the crew*, so they can* work out the holdover") tells what someone is able to do there,
not a permission of the rule."""
_AFTER_RULE_IF = re.compile(r"(?:\s[-\u2013\u2014]\s|;\s)(?P<if>if|when)\s+[^,;.()\n]{1,60},\s*")
"""An "if" clause after a dash or a semicolon, up to its comma: a case the words after it
may tell what to do in."""
_PLEA = re.compile(r"(?:pls|please|plz)\b")
_EXAMPLE_IF = re.compile(r"(\((?:e\.\s?g\.?|eg|for\s+example|for\s+instance|say|such\s+as),?\s+)(if|when)\b")
"""An "if" that opens an example in brackets ("must be told of any change (e.g. *if* the
crem gives us a later slot)"): a case the rule covers, no exception to it."""
_FALLBACK_IF = re.compile(
    r"(\([^()]*?,\s*"
    r"(?:(?!(?:or|not|no|only|except|even|unless|you|we|they|he|she|it|i|never|always|must|may|can|"
    r"should|will|is|are|was|were)\b)[\w.'/-]+\s+){1,4}?)(if|when)\b"
)
"""An "if" that conditions a second choice after a comma inside brackets, the rule's detail
("report it by the quickest means (phone first*, VHF ch 80 if* no answer)"): which way,
not an exception to the rule. A clause after the comma with its own subject, negator or
modal is not such a choice, nor is one offered with "or" or outside brackets ("book
through the agent, or direct if cheaper" adds a way out of the rule)."""
_BARE_NOT_TO = re.compile(
    r"(?<![\w'])(?!(?i:try|tries|trying|best|better|rather|prefer|preferably|ideally|aim|aims|hope|hopes|tend|"
    r"tends|seem|seems|decided|decide|chose|choose|promised|asked|told|agreed|agree|managed|careful|sure|just|"
    r"please|how|why|whether|so|as|and|or|but|note|wish|want|wants|plan|plans|need|needs)\b)"
    r"[A-Z][\w'-]*\s+(?P<not>not\s+to)\s+(?!(?:mention|worry|say)\b)(?=[a-z]{3,}\b)"
)
"""A note's "is not to" with its "is" left out, after a capitalized subject ("*T not to*
apply for planning permission", "Tenant not to assign", "Staff not to use the lift"): a
prohibition. Not after a word of trying, preferring or deciding ("Try not to", "Best not
to", "Decided not to"), which hedges or reports."""
_MANNER_ADJECTIVE = re.compile(
    r"(?<!\bbe\s)(?<!\bstay\s)\b(?:careful|cautious|judicious|prudent|mindful)\s+(?=(?!(?:with|when|whenever|to|not|about|if|of|"
    r"that|and|or|in|around|near|while|during|before|after|at|on|for|so|enough|as|but)\b)[a-z][a-z-]*\b)"
)
"""A manner word before the noun it describes ("keep *careful* records", "however *careful*
the cook") describes a thing; it does not soften the rule as "carefully", "be careful
with" or "be cautious suggesting ..." does."""
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
    r"|\b(?:must|shall|may|will)\s+(?:not|never)|\b(?:mustn't|shan't|won't)"
    # "Advisers may recommend a product only where ...", "staff must recommend the sandbox":
    # the act the rule allows or requires, after its subject
    r"|\b(?:must|shall|may|can)(?:\s+only)?)\s+(?=" + _ADVICE_VERB + ")"
    r"|\b(?:before|after|when|whenever|until|till|once|while|if|unless)\s+"
    r"(?:(?:i|you|he|she|we|they|someone|anyone|(?:the|a|an|my|your|his|her|our|their)\s+[a-z][\w'-]*"
    r"(?:\s+[a-z][\w'-]*)?)\s+)?(?=" + _ADVICE_VERB + ")"
    # "The agent advised that the pens go in the cabin": a past report of what was said, as
    # "informed that"; the clause it reports keeps its own force.
    r"|(?=advised\s+" + _ADDRESSEE + r"that\b)|(?=advised\s+that\b)"
)


_LEADING_MARKS = re.compile(r"^[^\w\s]+")
"""A bullet or an emoji a cue matched at the start of a line ("🚪 No guest ..."): no word of it."""


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


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group())


def _blank_word(match: re.Match[str]) -> str:
    """The match with only its ``word`` group blanked: the words before it ("no", "any") keep
    their own reading."""
    start, end = match.span("word")
    whole = match.group()
    offset = match.start()
    return whole[: start - offset] + " " * (end - start) + whole[end - offset :]


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
    r"(?:(?:\b(?:the|an?|any|all|each|every|these|those|this|that|its|their|our|your|his|her|my)\s+|\()"
    r"(?:[a-z0-9-]+\s+)?(?P<word>optional)\s+(?!(?:and|or|but|if|for|to|unless|when|where)\b)(?=[a-z0-9`?/.#-])"
    # with no determiner, before a plural noun: "itemise *optional* extras", "optional add-ons"
    r"|\b(?P<bare>optional)\s+(?=[a-z][a-z-]*[a-z]s\b)(?!(?:unless|always|plus|as|is|was|has)\b)"
    # opening a line's label: "*Optional* hill loop: timing chip required"
    r"|^\W*(?P<lead>optional)\s+(?=[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s*:))"
)


def _attributive(text: str) -> str:
    """``text`` (lower case) with each attributive "optional" blanked."""
    for match in _OPTIONAL_NOUN.finditer(text):
        group = next(g for g in ("word", "bare", "lead") if match.group(g))
        start, end = match.span(group)
        text = text[:start] + " " * (end - start) + text[end:]
    return text


@functools.lru_cache(maxsize=8192)
def read(text: str) -> Reading:
    """Every cue in ``text``; each match consumes its words so no word counts twice.

    A command with no modal word ("Keep the budget under 2000 euros") reads as an
    obligation, its verb the cue (:func:`imperative`).
    """
    original = unframed(text)
    work = _NOUN.sub(_blank, _MANNER_ADJECTIVE.sub(_blank, _ADJECTIVE.sub(_blank_word, original.lower())))
    if " not " in work or "n't" in work:
        work = _CONDITION_NEGATION.sub(lambda m: m.group(1) + " " * len(m.group(2)), work)
        work = _PURPOSE_NEGATION.sub(lambda m: m.group(1) + " " * len(m.group(2)), work)
    if "if" in work or "when" in work:
        work = _FALLBACK_IF.sub(lambda m: m.group(1) + " " * len(m.group(2)), work)
        work = _EXAMPLE_IF.sub(lambda m: m.group(1) + " " * len(m.group(2)), work)
        for match in _AFTER_RULE_IF.finditer(work):
            if _PLEA.match(work, match.end()) or imperative(text[match.end() :]) is not None:
                # "No instructions from Raymond - if he rings, pls refer him to Odile": what
                # to do when it happens, a command of its own after the rule
                start, end = match.span("if")
                work = work[:start] + " " * (end - start) + work[end:]
    if "can" in work or "could" in work:
        work = _CAPACITY_CLAUSE.sub(lambda m: m.group(1) + " " * len(m.group(2)), work)
    if "optional" in work:
        work = _attributive(work)
    if _ADVICE_WORD.search(work):
        work = _governed_advice(work)
    if len(work) != len(original):
        original = work  # a case change that changed the length: read without capitals
    found: list[tuple[int, Cue]] = []
    asked = _ASKED_PERMISSION.match(work)
    if asked is not None and not asked.group("yes"):
        # "Can the float stay in the till overnight: No." forbids what was asked; another
        # sentence of the answer under the question ("...: It comes out every night") is
        # read by its own words, not the question's "can"
        if asked.group("no"):
            words = f"{asked.group('modal')} ...: {asked.group('no')}"
            found.append((asked.start(), Cue(CueKind.PROHIBITION, words)))
        for group in ("modal", "no"):
            if asked.group(group):
                start, end = asked.span(group)
                work = work[:start] + " " * (end - start) + work[end:]
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
    if " not to " in work:
        for match in _BARE_NOT_TO.finditer(original):
            start, end = match.span("not")
            found.append((start, Cue(CueKind.PROHIBITION, "not to")))
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
            words = _SPACES.sub(" ", _LEADING_MARKS.sub("", match.group()).strip(" ,"))
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
    elif (
        first := _commanded_first(text, [(at, cue) for at, cue in found if cue.kind in forceful])
    ) is not None:
        found.insert(0, (0, Cue(CueKind.OBLIGATION, f"{first} (a command)")))
    return Reading(tuple(cue for _, cue in found))


_CLAUSE_BREAK = re.compile(r"\s[-\u2013\u2014]\s|;\s|,\s")


def _commanded_first(text: str, forceful: list[tuple[int, Cue]]) -> str | None:
    """The verb of a command that opens ``text`` in a clause of its own, when every forceful
    cue is a prohibition in the clauses after it ("Log each visit the same day - *no*
    backlog"), or None: those words restate the command, they do not replace it. A hedge or
    a permission after it ("..., where we can") weakens it, and is read as it is."""
    cut = _CLAUSE_BREAK.search(text)
    if cut is None or any(at < cut.start() or cue.kind is not CueKind.PROHIBITION for at, cue in forceful):
        return None
    if not all(
        names_omission_at(f" {cue.text}", 0) or names_omission_at(text, at + len(cue.text))
        for at, cue in forceful
    ):
        return None  # "check her feet - no bute": what is forbidden is another thing
    return imperative(text[: cut.start()])


_FORCEFUL = frozenset(
    {CueKind.PROHIBITION, CueKind.OBLIGATION, CueKind.WAIVER, CueKind.HEDGE, CueKind.PERMISSION}
    | {CueKind.MANNER}
)


_RELEASING = frozenset({"waived", "lifted", "relaxed"})


_ADVISING = frozenset(
    {"suggest", "suggests", "suggested", "recommend", "recommends", "recommended", "advise", "advises"}
    | {"advised", "propose", "proposes", "proposed"}
)
"""Hedges that are verbs of advice: the act a rule governs when it is the rule's own verb
("Never *suggest* a fast longer than 16 hours")."""
_WORD = re.compile(r"[A-Za-z']+")
_FORCE = frozenset(
    {"^", "never", "not", "must", "always", "shall", "may", "can", "only", "to", "don't", "cannot", "can't"}
)
"""The words of force before the verb a rule governs, and the rule's opening ("^"): "Never
*suggest* ...", "Staff must *recommend* ...", "*Advise* every caller ..."."""


def own_act(reading: Reading, invariant: str, text: str = "") -> Reading:
    """``reading`` without the releasing verbs ("waived", "lifted", "relaxed") and the verbs
    of advice ("suggested", "recommended") that are the invariant's own verb: in a rule about
    waiving ("Agents may waive the fee only ...") "the fee can be waived" names the act the
    rule governs, not a lift of the rule; in one about suggesting ("Never suggest a fast
    longer than 16 hours") "any fast suggested to her must stay within 16 hours" names the
    act, not a hedge. So does a word of waiver the rule itself uses of another thing ("before
    applying an *optional* firmware update") when ``text``, the summary's clause, uses it of
    that thing only."""
    from pytest_compaction.prose.normalize import stem, tokens

    def acted(cue: Cue) -> bool:
        return (cue.kind is CueKind.WAIVER and " " not in cue.text) or (
            cue.kind is CueKind.HEDGE and cue.text in _ADVISING
        )

    if not any(acted(cue) for cue in reading.cues):
        return reading
    own = {t.norm for t in tokens(invariant)}
    words = _WORD.findall(invariant)
    verbs = {stem(w) for before, w in zip(["^", *words], words, strict=False) if before.lower() in _FORCE}

    def its_own(cue: Cue) -> bool:
        if cue.kind is CueKind.HEDGE:
            return stem(cue.text) in verbs  # "Use the *recommended* torque": an adjective, no act
        if cue.text in _RELEASING:
            return stem(cue.text) in own
        # "before an *optional* firmware update": a word the rule itself uses of another
        # thing, without lifting itself, lifts nothing when the summary ``text`` repeats it
        # of that thing ("even for *optional firmware* updates")
        told = _modified(text, cue.text)
        return (
            not read(invariant).has(CueKind.WAIVER) and bool(told) and told <= _modified(invariant, cue.text)
        )

    return Reading(tuple(cue for cue in reading.cues if not (acted(cue) and its_own(cue))))


def _modified(text: str, word: str) -> set[str]:
    """The stems of the words right after each ``word`` in ``text``: what it modifies when
    it stands before a noun ("*optional* firmware")."""
    from pytest_compaction.prose.normalize import stem

    pattern = re.compile(r"\b" + re.escape(word) + r"\s+([A-Za-z][\w-]*)", re.IGNORECASE)
    return {stem(m.group(1).lower()) for m in pattern.finditer(text)}


def command_verb(reading: Reading) -> str | None:
    """The verb of the command a reading was read as ("turn" of "Turn off the breaker ..."), or None."""
    for cue in reading.cues:
        if cue.kind is CueKind.OBLIGATION and cue.text.endswith(" (a command)"):
            return cue.text[: -len(" (a command)")]
    return None


_ALWAYS_FIRST = re.compile(r"^\s*always\s+", re.IGNORECASE)


def rule_verb(text: str) -> str | None:
    """The verb a rule's text commands: its command's verb (:func:`command_verb`), or the
    verb right after an opening "always" ("Always *sign* every child out ..."), which reads
    as an obligation word rather than as a command."""
    verb = command_verb(read(text))
    if verb is not None:
        return verb
    always = _ALWAYS_FIRST.match(text)
    return None if always is None else _command_verb(text[always.end() :])


def commanded(text: str, verb: str) -> Reading:
    """``read(text)``, and when it has no modal cue and a clause of ``text`` opens with the bare
    ``verb`` a rule commands, that command: a note drops the articles and keeps the verb
    ("kitchen: turn breaker off before ..." for "Turn off the breaker before ..."), so the
    rule's own verb, known to be a verb from the rule, starts the command whatever follows."""
    reading = read(text)
    if any(cue.kind in _FORCEFUL for cue in reading.cues):
        return reading
    pattern = re.compile(rf"{re.escape(verb)}\s+(?=[a-z0-9$\u20ac\u00a3'\"])")
    fronted = re.compile(
        rf"{_FRONTED_PHRASE}\s+{re.escape(verb)}\s+(?=[a-z0-9$\u20ac\u00a3'\"])", re.IGNORECASE
    )
    for head in _heads(text):
        head = _IMPERATIVE_SKIP.sub("", head)
        lowered = head[:1].lower() + head[1:]
        if pattern.match(lowered) or fronted.match(lowered):
            return Reading((Cue(CueKind.OBLIGATION, f"{verb} (a command)"), *reading.cues))
    return reading


_FRONTED_PHRASE = (
    r"^\s*(?:between|before|after|during|at|on|in|for|from|every|each|once|whenever)"
    r"\s+(?:[\w'-]+\s+){0,3}?[\w'-]+"
)
"""A short phrase of time or place fronted without its comma ("Between each patient change
the gloves"): after it, the rule's own verb still starts the command."""


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


_EVERY_ONE = re.compile(r"\b(?:every|each|all)\b")
_PLACED = re.compile(r"\b(?:goes|go|gets\s+put|get\s+put|is\s+put|are\s+put)\s+(?:in|into|on|onto)\b")
"""Where every one of a rule's things is put, in the present ("every key cut *goes in* the
key register"): a standing procedure of putting each there."""
_BE_DONE = re.compile(r"\b(?:is|are|gets|get)\s+(?:(?:always|now|still|also|all)\s+)?([a-z]+)\b")


def universal_act(text: str, verb: str | None) -> str | None:
    """The words of a rule's own command told of every thing it is done to, in the present
    passive ("every past paper is done under timed conditions" for "Do every past paper
    under timed conditions"), or None. The participle must be the command's own verb: "each
    student's preferred name is noted on their profile" tells a record, not "always address
    students by their preferred name". With no ``verb``, any participle: what a summary's
    count of rules takes for one. A clause with any modal cue or a negation is read by its
    cues instead."""
    from pytest_compaction.prose.normalize import tokens

    work = normalize(text).lower()
    every = _EVERY_ONE.search(work)
    if every is None or re.search(r"\b(?:not|never|no)\b|n't\b", work):
        return None
    own = {t.norm for t in tokens(verb)} if verb else set()
    placed = _PLACED.search(work, every.end())
    if placed is not None and "," not in work[every.end() : placed.start()] and not read(text).cues:
        return f"{every.group()} ... {placed.group()}"  # "every key cut goes in the key register"
    for passive in _BE_DONE.finditer(work, every.end()):
        if "," in work[every.end() : passive.start()]:
            return None
        done = passive.group(1)
        if own:
            act = {t.norm for t in tokens(done)} == own
        else:
            act = done == "done" or _PRESENT_PASSIVE.fullmatch(passive.group()) is not None
        if act and not read(text).cues:
            return f"{every.group()} ... {passive.group()}"
    return None


def count_constraints(text: str) -> int:
    """How many prohibition, obligation and restriction cues ``text`` holds."""
    asked = _ASKED_PERMISSION.match(unframed(text).lower())
    if asked is not None and asked.group("no"):
        return 1  # "Can the float stay in the till overnight: No."
    if not _CONSTRAINT.search(unframed(text).lower()) and not _BARE_NOT_TO.search(unframed(text)):
        # The quick answer for most narrative sentences; a bare command is one constraint,
        # and so is a standing procedure ("invoices are sent by the fifth").
        if standing(text) is not None or universal_act(text, None) is not None:
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
