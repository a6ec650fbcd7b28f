"""A fact's value as a summary states it, and the rivals that contradict it: the kind of a
value (number, amount, time, date), its unit as written, another value of the same kind or
slot, an identifier renumbered, a value excluded; and the content words of a clause.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable, Mapping, Sequence, Set

from pytest_compaction.core.model import Fact
from pytest_compaction.prose._units import COUNTED_SPANS
from pytest_compaction.prose.forms import Alias, Resolved
from pytest_compaction.prose.normalize import kind_of, participles, stem
from pytest_compaction.prose.statements import (
    NEGATORS,
    STOPWORDS,
    Statement,
    holding_any,
    negator,
    read_statements,
)

__all__ = [
    "_WEEKDAYS",
    "_candidates",
    "_competing",
    "_content",
    "_excluded_value",
    "_measured_rival",
    "_named_by_value",
    "_negation_lost",
    "_ordinal",
    "_other_value",
    "_renumbered",
    "_dotted_rival",
    "_source_units",
    "_typed",
    "_unit_swapped",
]


_WEEKDAYS = frozenset(
    stem(day) for day in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
)

_DAY_PARTS = frozenset(
    stem(word)
    for part in ("morning", "afternoon", "evening", "night", "midday", "lunchtime")
    for word in (part, part + "s")
) | {"am", "pm"}
"""The parts of a day, singular or plural ("mornings" stems apart from "morning"), and the
halves a slot is booked in ("AM slot", "PM visit"): one told where another was is another
value ("evening runs" for "running in the morning", "AM slot" for a PM one), as one weekday
for another is."""
_HALVES = {
    "am": frozenset({stem("morning"), stem("mornings")}),
    "pm": frozenset(stem(w) for w in ("afternoon", "afternoons", "evening", "evenings")),
}
_HALVES = {
    **_HALVES,
    **{part: frozenset({half}) for half, parts in _HALVES.items() for part in parts},
}
"""The half of the day a part falls in: "PM" and "afternoon" tell one slot, no rival."""


_FREQUENCIES = frozenset(
    stem(w) for w in ("hourly", "daily", "nightly", "weekly", "fortnightly", "monthly", "quarterly", "yearly")
) | frozenset(stem(w) for w in ("annually", "biweekly"))
"""Adverbs of how often: one told where another was is another value ("rebuilt weekly" for
a nightly rebuild). "Daily" and "nightly" both say once a day, and do not rival each other."""
_ONCE_A_DAY = frozenset({stem("daily"), stem("nightly")})


_MONTHS = {
    **dict.fromkeys(("january", "jan"), 1),
    **dict.fromkeys(("february", "feb"), 2),
    **dict.fromkeys(("march", "mar"), 3),
    **dict.fromkeys(("april", "apr"), 4),
    "may": 5,
    **dict.fromkeys(("jun",), 6),
    **dict.fromkeys(("july", "jul"), 7),
    **dict.fromkeys(("august", "aug"), 8),
    **dict.fromkeys(("september", "sept", "sep"), 9),
    **dict.fromkeys(("october", "oct"), 10),
    **dict.fromkeys(("november", "nov"), 11),
    **dict.fromkeys(("december", "dec"), 12),
}
"""Month names as normalized, and their numbers: a month told where another was ("the end
of July" for "the end of June") is another value."""
_MONTH_ONLY = re.compile(r"%(\d{1,2})")
_VERB_MONTHS = frozenset({"may", "march", "mar"})
"""Month names that are also words of their own ("may", "march"): a month only when
capitalized inside a sentence."""


def _month(norm: str) -> int | None:
    """The month a norm names on its own ("jun", "%7" for "end of July"), or None."""
    found = _MONTH_ONLY.fullmatch(norm)
    return int(found.group(1)) if found else _MONTHS.get(norm)


def _kind(norm: str) -> str:
    """The token kinds a value can be swapped within: those of :func:`kind_of`, weekdays
    ("Wednesdays" for "Thursday" is another value, not a missing one), the parts of a
    day (:data:`_DAY_PARTS`) and adverbs of frequency (:data:`_FREQUENCIES`)."""
    if norm in _WEEKDAYS:
        return "weekday"
    if _month(norm) is not None:
        return "month"
    if norm in _FREQUENCIES:
        return "frequency"
    return "daypart" if norm in _DAY_PARTS else kind_of(norm)


@functools.lru_cache(maxsize=4096)
def _typed(aliases: tuple[Alias, ...]) -> frozenset[tuple[str, str]]:
    """The kinds (and units) of a value's typed tokens: number+unit, time, date, amount, weekday."""
    out: set[tuple[str, str]] = set()
    for alias in aliases:
        for i, norm in enumerate(alias):
            kind = _kind(norm)
            if kind in ("time", "date", "weekday", "daypart", "frequency", "month"):
                out.add((kind, ""))
            elif kind == "number":
                unit = (
                    alias[i + 1]
                    if i + 1 < len(alias) and kind_of(alias[i + 1]) in ("unit", "currency")
                    else ""
                )
                out.add(("number", unit))
    return frozenset(out)


def _source_units(fact: Fact, value: Sequence[Alias], events: Mapping[str, object]) -> set[tuple[str, str]]:
    """The units the fact's source events state a bare number of its value with: "hold
    2,400 litres" gives a value 2400 the unit litres, so "4,200 litres" is another value of
    it while "36 hours" is not (a bare value competes only with bare numbers otherwise)."""
    bare = {
        norm
        for alias in value
        for i, norm in enumerate(alias)
        if kind_of(norm) == "number" and not _unit(alias, i)
    }
    # the same amount in another unit too: "19 hours" is read as seconds where the value's
    # own words convert to them, so the source's "19 hours" gives the bare 19 its span
    numbers = bare | {norm for alias in value for norm in alias if kind_of(norm) == "number"}
    out: set[tuple[str, str]] = set()
    for event_id in fact.source_event_ids if bare else ():
        for statement in read_statements(getattr(events.get(event_id), "text", "") or ""):
            for i, norm in enumerate(statement.norms):
                if norm in numbers and _unit(statement.norms, i):
                    out.add(("number", _unit(statement.norms, i)))
                elif norm in numbers and COUNTED_SPANS & statement.vocabulary:
                    out.add(("number", "~second"))  # "run hours are 1,480": "1,840 hrs" rivals it
    return out


def _negation_lost(statement: Statement, aliases: Sequence[Alias]) -> str | None:
    """The words of a negated value alias found without their negator ("share" for
    "never share"), not negated otherwise, or None."""
    for alias in aliases:
        if not NEGATORS & set(alias):
            continue
        bare = tuple(n for n in alias if n not in NEGATORS and n not in ("do", "be", "must"))
        for p in statement.positions(bare) if bare else ():
            if statement.negated(p, len(bare)) is None:
                return " ".join(t.raw for t in statement.tokens[p : p + len(bare)])
    return None


def _unit(norms: Sequence[str], i: int) -> str:
    """The unit or currency right after the number at ``i``, or ""."""
    if i + 1 < len(norms) and kind_of(norms[i + 1]) in ("unit", "currency"):
        return norms[i + 1]
    return ""


_ORDINAL = re.compile(r"\d(?:st|nd|rd|th)\W*$", re.IGNORECASE)
"""A number written as an ordinal ("2nd", "14th"): a place in an order, a day of a month."""


_LOG_STAMP = re.compile(r"\s*[-\u2013\u2014]\s")
"""What follows a log line's opening time stamp ("18:55 - ..."); a table's time column ("|
08:45 | Reg desks open |") is a value."""


def _competing(
    statement: Statement, kinds: Set[tuple[str, str]], own: Sequence[Alias], *, ordinal: bool = False
) -> str | None:
    """The first typed token of ``statement`` that could be another value of the kinds
    ``kinds`` (as written), or None. An ordinal ("Mon 2nd", "the 14th") tells a place in an
    order, never an amount: it competes with a value only when the value is an ordinal too
    (``ordinal``), so "from Mon 2nd" is no other weight where "3.5 tonnes" was."""
    own_norms = {n for alias in own for n in alias}
    own_months = {_month(n) for n in own_norms} - {None}
    norms = statement.norms
    for i, norm in enumerate(norms):
        kind = _kind(norm)
        if (
            kind not in ("number", "time", "date", "weekday", "daypart", "frequency", "month")
            or norm in own_norms
        ):
            continue
        if kind == "month" and (
            _month(norm) in own_months
            or (norm in _VERB_MONTHS and (i == 0 or not statement.tokens[i].raw[:1].isupper()))
        ):
            continue  # "the end of June" for "June"; "may" the modal
        if kind == "frequency" and norm in _ONCE_A_DAY and own_norms & _ONCE_A_DAY:
            continue
        if kind == "daypart" and _HALVES.get(norm, frozenset()) & own_norms:
            continue  # "PM slot" where the value is "afternoon"
        if kind == "number" and not ordinal and _ORDINAL.search(statement.tokens[i].raw):
            continue
        if i == 0 and kind == "time" and _LOG_STAMP.match(statement.text, statement.tokens[0].end):
            continue  # "18:55 - Otters SC: ...": when the line was written, not a value
        unit = _unit(norms, i)
        if (
            unit == "~time"
            and ("number", unit) not in kinds
            and _COUNT_SHORTHAND.fullmatch(statement.tokens[i].raw)
        ):
            unit = ""  # "BB x12" counts as "12" does where the value is a count of things
        spans = unit in _SPANS and any(u in _SPANS for k, u in kinds if k == "number")
        if (kind, unit if kind == "number" else "") in kinds or spans:
            return _as_written(statement, i, with_unit=bool(unit))
    return None


_DIGIT_RUN = re.compile(r"\d+")
_COUNT_SHORTHAND = re.compile(r"x\d{1,3}|\d{1,3}x", re.IGNORECASE)
"""A count in note form ("x12", "3x"), which may count times or things."""


def _renumbered(statement: Statement, own: Sequence[Alias]) -> str | None:
    """The first identifier of ``statement`` shaped as one of the value's but with other
    digits ("PD-55801" for "PD-55810", "4.21.0" for "4.12.0"), or None: the same kind of
    identifier with another number is another value of it, not a missing one."""
    own_norms = {n for alias in own for n in alias}
    numbered = (n for n in own_norms if kind_of(n) == "identifier" and _DIGIT_RUN.search(n))
    shapes = {_DIGIT_RUN.sub("0", n) for n in numbered}
    if not shapes:
        return None
    for i, norm in enumerate(statement.norms):
        if norm not in own_norms and kind_of(norm) == "identifier" and _DIGIT_RUN.sub("0", norm) in shapes:
            return statement.tokens[i].raw
    return None


_BARE_CLOCK = re.compile(r"#(?:1\d|2[0-3])[0-5]\d")
"""A four-digit number shaped as a 24-hour time without its colon ("1530"), from 10:00 on."""
_DOTTED_CLOCK = re.compile(r"#(?:[01]?\d|2[0-3])\.[0-5]\d?")
"""A number shaped as a dotted clock time ("16.15", "4.45", "06.30", whose norm drops its
trailing zero)."""


def _dotted_rival(statement: Statement, own: Sequence[Alias]) -> str | None:
    """The first number of ``statement`` shaped as a dotted clock time ("16.45") where the
    value is a time that a note may write dotted ("16.15" for 16:15), or as a 24-hour time
    without its colon ("1630" where "1530" would state 15:30), or None: another time of the
    fact, however the number reads."""
    own_norms = {n for alias in own for n in alias}
    shapes = [shape for shape in (_DOTTED_CLOCK, _BARE_CLOCK) if any(shape.fullmatch(n) for n in own_norms)]
    for i, norm in enumerate(statement.norms):
        if norm not in own_norms and any(s.fullmatch(norm) for s in shapes) and not _unit(statement.norms, i):
            return statement.tokens[i].raw
    return None


def _source_negates(r: Resolved, events: Mapping[str, object]) -> bool:
    """Whether the fact's source tells its value (not true/false) inside a negation ("Study
    rule: *no caffeine after 2 pm*" for a cut-off of 14:00): a summary that negates it as the
    source does ("no caffeine after 14:00") states the value as told."""
    from pytest_compaction.prose.forms import _value_polarity

    if isinstance(r.fact.value, bool):
        return False
    source = [
        statement
        for event_id in r.fact.source_event_ids
        for statement in read_statements(getattr(events.get(event_id), "text", "") or "")
    ]
    return _value_polarity(source, r.names, r.value, r.inverse) == "negative"


def _ordinal(r: Resolved) -> bool:
    """Whether the fact's value is written as an ordinal ("the 3rd floor")."""
    return any(_ORDINAL.search(word) for alias in r.value for word in r.show(alias).split())


def _as_written(statement: Statement, i: int, *, with_unit: bool) -> str:
    """The number at token ``i`` as the summary writes it, with its unit when asked: once
    when both come from one written word ("$61,"), in the order written, and without the
    punctuation that follows it."""
    number, unit = statement.tokens[i], statement.tokens[i + 1] if with_unit else None
    if unit is None or unit.start == number.start:
        raw = number.raw
    else:
        first, second = (unit, number) if unit.start < number.start else (number, unit)
        raw = f"{first.raw} {second.raw}"
    raw = raw.rstrip(",;:!?")
    # A full stop ends the sentence unless the words hold other stops ("8.45 a.m.").
    return raw[:-1] if raw.endswith(".") and "." not in raw[:-1] else raw


_DURATIONS = frozenset({"~second", "~minute", "~hour", "~day", "~week", "~month", "~year", "~ms", "~time"})
"""Units of duration and frequency: "5 ml ... for 5 days" states the course, not the dose."""
_SPANS = frozenset({"~second", "~minute", "~hour", "~day", "~week", "~month", "~year"})
"""Units of a span of time: one span stated where another was is another value ("twelve
months" for "12 weeks", read as 84 days), whichever unit each is in."""


def _unit_swapped(statement: Statement, value: Sequence[Alias]) -> str | None:
    """The value's own number with another unit or currency after it ("5 mg" where the
    value is "5 ml", "40 dollars" for "40 euros"), as written, or None: the amount is
    stated, in another unit, so the value changed."""
    norms = statement.norms
    for alias in value:
        for i in range(len(alias) - 1):
            unit = alias[i + 1]
            if kind_of(alias[i]) != "number" or kind_of(unit) not in ("unit", "currency"):
                continue
            for p in statement.positions((alias[i],)):
                other = norms[p + 1] if p + 1 < len(norms) else ""
                if (
                    kind_of(other) == kind_of(unit)
                    and other != unit
                    and (other in _DURATIONS) == (unit in _DURATIONS)
                ):
                    return _as_written(statement, p, with_unit=True)
    return None


def _measured_rival(
    statement: Statement, kinds: Set[tuple[str, str]], value: Sequence[Alias], *, ordinal: bool = False
) -> str | None:
    """Another number with a unit of measure (not of time) where the value is a bare number
    and nothing else, as written, or None. A speaker who gives a reading without its unit
    ("it was a hundred and two point four") leaves the unit to the listener; a summary
    that supplies one ("104.2 °F") states a reading, so another number is another value.
    A reading is measured, so it has a fraction ("102.4"); a whole number may count things
    ("the hall seats 240", not rivalled by "30 metres long"). A unit of time ("for 3 days")
    tells how long, and a value with words ("Dock 2") is a name, not a reading."""
    if ("number", "") not in kinds:
        return None
    if not all(all(kind_of(n) == "number" for n in alias if n not in STOPWORDS) for alias in value):
        return None
    own = {n for alias in value for n in alias}
    if not any("." in n for n in own if kind_of(n) == "number"):
        return None  # a whole number may count things ("seats 240"); a fraction is measured
    norms = statement.norms
    for i, norm in enumerate(norms):
        if kind_of(norm) != "number" or norm in own:
            continue
        if not ordinal and _ORDINAL.search(statement.tokens[i].raw):
            continue
        unit = _unit(norms, i)
        if unit and kind_of(unit) == "unit" and unit not in _DURATIONS:
            return _as_written(statement, i, with_unit=True)
    return None


def _event_words(events: Mapping[str, object]) -> set[str]:
    """The norms of every word the conversation's events hold."""
    out: set[str] = set()
    for event in events.values():
        for statement in read_statements(getattr(event, "text", "") or ""):
            out.update(statement.vocabulary)
    return out


_SLOT_OPENERS = frozenset(
    {"the", "a", "an", "by", "through", "via", "with", "in", "on", "at", "for", "from", "to", "into", "using"}
)
"""Words a noun phrase opens with: a rival value takes the value's slot after one ("by
*card*", "is the *window*", "through the *online checkout*"); a verb in its place ("the
cat is *groomed*") is another relation, a fact left out rather than another value."""

_SLOT_REACH = 8


def _slot_reach(statement: Statement, named: int) -> range:
    """The tokens after a name at ``named`` that can hold its value's slot: the next
    :data:`_SLOT_REACH` words, function words not counted ("the consent form *was being
    sent* home from the office *by* email": auxiliaries and prepositions lengthen no
    distance), within the name's clause."""
    counted, end = 0, named + 1
    while end < len(statement.norms) and counted < _SLOT_REACH:
        if statement.clause[end] != statement.clause[named]:
            break
        if statement.norms[end] not in STOPWORDS:
            counted += 1
        end += 1
    return range(named + 1, max(end, min(named + _SLOT_REACH + 1, len(statement.norms))))


def _modifier_swapped(statement: Statement, r: Resolved, events: Mapping[str, object]) -> str | None:
    """The value's head noun with another modifier before it, as written ("aisle seats" where
    the value is "window seat"), or None. The modifier is a content word no event of the
    conversation used and no prose form holds: the same kind of thing, another one of it."""
    words = r.words()
    used = None
    for alias in r.value:
        if len(alias) < 2 or any(kind_of(n) != "word" for n in alias):
            continue
        for p in statement.positions(alias[-1:]):
            if p == 0:
                continue
            before = statement.norms[p - 1]
            if before in STOPWORDS or kind_of(before) != "word" or before in alias or before in words:
                continue
            if used is None:
                used = _event_words(events)
            if before not in used and statement.segment[p - 1] == statement.segment[p]:
                return f"{statement.tokens[p - 1].raw} {statement.tokens[p].raw}"
    return None


def _other_value(
    statement: Statement, r: Resolved, events: Mapping[str, object], at: Sequence[int] = ()
) -> str | None:
    """The words that take a word value's place in a sentence that names the fact without
    it, or None: a noun phrase near the name, opened by an article or a preposition, whose
    content words no event of the conversation used and no prose form holds ("paid by
    *card*" where every source said "direct debit").

    A value told in words (not a number, time or date, which have kinds of their own) has
    rivals no word type tells apart: "window" for "aisle" is another seat, not an unrelated
    word. What marks the rival is its place and that nothing the conversation said supplies
    it. A name's rival is a name ("Mireille" for a teacher is not rivalled by "a
    volunteer"). A sentence with a negator is left to the polarity checks. ``at``: the
    positions that stand for the name in a sentence that points back to it ("They settled
    *it* by card"), instead of the name's own."""
    if not r.value or any(kind_of(n) != "word" for alias in r.value for n in alias):
        return None
    if any(negator(token) for token in statement.tokens):
        return None
    named = list(at) or [p for alias in r.names for p in statement.positions(alias)]
    # After a name, or right before one as its modifier ("a *window* seat"); a phrase that
    # opens the sentence before any name ("The user ...") holds no slot of this fact, nor
    # does a word before the name's own article ("asked to *drop* the add-on": a verb).
    near = {i for p in named for i in _slot_reach(statement, p)}
    near |= {p - 1 for p in named if p > 0 and not _article_between(statement, p - 1, p)}
    content = _content(statement, range(len(statement.norms))) - _event_words(events) - r.words()
    if _participle(r) or _sourced_as_participle(r, events):
        # A state told by a participle ("reserved") has a rival in another participle
        # told of the name in its own clause ("last copy *sold* to ..."): another state.
        clauses = {statement.clause[p] for p in named}
        for i in sorted(i for i in near if i < len(statement.tokens)):
            token = statement.tokens[i]
            if token.past and statement.norms[i] in content and statement.clause[i] in clauses:
                return token.raw
    if isinstance(r.fact.value, bool):
        return None  # a state ("grounded") has no rival in a thing near it ("replacement *on order*")
    proper = isinstance(r.fact.value, str) and r.fact.value[:1].isupper()
    run: list[int] = []
    for i, norm in enumerate(statement.norms):
        if run and (norm in content and i == run[-1] + 1):
            run.append(i)
            continue
        if run:
            break
        if norm not in content or i not in near:
            continue
        if proper and not statement.tokens[i].raw[:1].isupper():
            continue
        # a name's words run back to its first capital: "to *New South* Wales", where only
        # "Wales" is a word no event used, is opened by "to" all the same
        first = _name_start(statement, i) if proper else i
        if _opened(statement, first):
            run = [*range(first, i + 1)]
    return " ".join(statement.tokens[i].raw for i in run) if run else None


def _name_start(statement: Statement, i: int) -> int:
    """The first of the capitalized words that run up to token ``i`` ("*New* South Wales")."""
    while (
        i > 0
        and statement.tokens[i - 1].raw[:1].isupper()
        and statement.tokens[i].start - statement.tokens[i - 1].end <= 1
        and statement.segment[i - 1] == statement.segment[i]
    ):
        i -= 1
    return i


def _opened(statement: Statement, i: int) -> bool:
    """Whether the word right before token ``i`` opens a slot (:data:`_SLOT_OPENERS`)."""
    start = statement.tokens[i].start
    before = statement.text[max(0, start - _OPENER_REACH) : start].split()
    return bool(before) and before[-1].lower() in _SLOT_OPENERS


_OPENER_REACH = 40
"""How many characters before a word its opener is read in."""


_CONTRAST_REACH = 3
_SET_OFF_REACH = 7
"""How far after the value a contrastive "not" stands ("at the Fernbrook branch *not* the
main one")."""


_RULED_OUT = {"rather": "than", "instead": "of"}


def _contrast_end(statement: Statement, i: int) -> int | None:
    """Where the alternative after a contrast at token ``i`` starts: after "not" ("by card
    not cash"), "rather than" or "instead of" ("replacing the window rather than resealing
    it"); None when token ``i`` opens none."""
    norms = statement.norms
    if norms[i] == "not" and negator(statement.tokens[i]) is not None:
        return i + 1
    if i + 1 < len(norms) and _RULED_OUT.get(norms[i]) == norms[i + 1]:
        return i + 2
    return None


def _excluded(r: Resolved, events: Mapping[str, object]) -> frozenset[str]:
    """The words of the alternative the fact's source excluded by contrast: the content
    words right after a "not", "rather than" or "instead of" that follows the value ("the
    Fernbrook branch, *not the main* one", "by card not cash", "replacing it *rather than
    resealing*"), up to a function word or a number. The speaker names the
    value and the one it is not."""
    out: set[str] = set()
    own = r.words()
    for event_id in r.fact.source_event_ids:
        for statement in read_statements(getattr(events.get(event_id), "text", "") or ""):
            hit = r.find_value(statement) if r.value else None
            if hit is None:
                continue
            end = hit[0] + len(hit[1])
            norms = statement.norms
            for i in range(end, min(len(norms), end + _SET_OFF_REACH)):
                if i >= end + _CONTRAST_REACH and not statement.text[
                    : statement.tokens[i].start
                ].rstrip().endswith(","):
                    continue  # farther off, only a contrast set off by a comma: "French ..., not Spanish"
                after = _contrast_end(statement, i)
                if after is None:
                    continue
                for j in range(after, min(len(norms), after + _CONTRAST_REACH)):
                    if norms[j] in STOPWORDS or kind_of(norms[j]) != "word":
                        break
                    if norms[j] not in own:
                        out.add(norms[j])
                break
    return frozenset(out)


def _excluded_value(statement: Statement, r: Resolved, events: Mapping[str, object]) -> str | None:
    """The words of the alternative the source excluded ("the Fernbrook branch, not the main
    one", :func:`_excluded`) stated in the value's slot near a name, not negated, as written
    with the words after it ("drops it off at the *main library*"), or None: the one value
    the speaker ruled out, told as the value."""
    if not r.value or any(kind_of(n) != "word" for alias in r.value for n in alias):
        return None
    excluded = _excluded(r, events)
    if not excluded:
        return None
    named = [p for alias in r.names for p in statement.positions(alias)]
    near = {i for p in named for i in _slot_reach(statement, p)}
    # Or right before a name as its modifier: "the *German* evening course".
    near |= {p - 1 for p in named if p > 0 and not _article_between(statement, p - 1, p)}
    for i in sorted(near):
        if i >= len(statement.norms) or statement.norms[i] not in excluded or statement.negated(i):
            continue
        run = [i]
        while run[-1] + 1 < len(statement.norms) and statement.norms[run[-1] + 1] not in STOPWORDS:
            if statement.segment[run[-1] + 1] != statement.segment[i]:
                break
            run.append(run[-1] + 1)
        return " ".join(statement.tokens[j].raw for j in run)
    return None


def _participle(r: Resolved) -> bool:
    """Whether the fact's value is a state told by a past participle ("reserved", "sold",
    "cancelled"): its value as the fact holds it, or a value alias of one word, as written."""
    written = [r.fact.value] if isinstance(r.fact.value, str) else []
    written += [r.show(a) for a in r.value if len(a) == 1]
    return any(
        " " not in w.strip() and (w.lower().endswith("ed") or w.lower() in participles()) for w in written
    )


def _sourced_as_participle(r: Resolved, events: Mapping[str, object]) -> bool:
    """Whether the fact's source tells its one-word value as a past form ("all her hay must
    be *soaked*" for the value word "soak"): a state, as a participle value is."""
    single = {a[0] for a in r.value if len(a) == 1}
    for source in r.fact.source_event_ids:
        for statement in read_statements(getattr(events.get(source), "text", "") or ""):
            if any(t.past and n in single for t, n in zip(statement.tokens, statement.norms, strict=True)):
                return True
    return False


def _article_between(statement: Statement, left: int, right: int) -> bool:
    """Whether an article stands between tokens ``left`` and ``right`` (articles are not
    tokens of a statement): "drop *the* add-on"."""
    between = statement.text[statement.tokens[left].end : statement.tokens[right].start]
    return any(word.lower() in ("the", "a", "an") for word in between.split())


def _named_by_value(r: Resolved, statements: Sequence[Statement], shared: Set[str]) -> Resolved | None:
    """``r`` named by its distinctive values where no sentence names it: a value of two
    content words or more ("14 Sample Street", "blue planter"), each a word no other fact
    of the ledger uses, stands for its fact by itself ("deliveries go to *14 Sample
    Street*"). A value with a word another fact shares, or of one word, does not: it could
    be the other fact's."""
    own = tuple(
        alias
        for alias in r.value
        if len([w for w in alias if w not in STOPWORDS]) >= 2
        and not any(w in shared for w in alias if w not in STOPWORDS)
    )
    if not own or not any(s.find_any(own) is not None for s in _candidates(statements, own)):
        return None
    return dataclasses.replace(r, names=own)


def _candidates(statements: Sequence[Statement], aliases: Sequence[Alias]) -> list[Statement]:
    """The statements that hold the first word of one of ``aliases`` (a cheap index test)."""
    return holding_any(statements, {alias[0] for alias in aliases if alias})


def _content(statement: Statement, positions: Iterable[int]) -> set[str]:
    """The content words of a clause: words of three letters or more that are not function
    words, and numbers, times and dates however short ("the first Sunday" holds #1),
    except the cardinals "one" and "two", which are function words too."""
    out: set[str] = set()
    for i in positions:
        norm, kind = statement.norms[i], kind_of(statement.norms[i])
        if kind == "unit" or norm in STOPWORDS:
            continue
        if kind == "word" and len(norm) <= 2:
            continue
        if kind != "word" and statement.tokens[i].raw.lower() in STOPWORDS:
            continue
        out.add(norm)
    return out
