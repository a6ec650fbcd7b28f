"""Facts in prose: a summary checked against the fact ledger, sentence by sentence.

The same violation names as the structured checker (:func:`pytest_compaction.core.checker.check`),
read out of prose through each fact's prose form (:mod:`pytest_compaction.prose.forms`) and
the grammar cues of :mod:`pytest_compaction.prose.statements`:

- ``missing``: no sentence names a required fact with its value;
- ``value_changed``: it is stated with the opposite polarity, or another number, amount,
  time or date of the same kind;
- ``qualifiers_changed``: stated without a qualifier's words (in its sentence or the next);
- ``subject_changed``: stated of another person or resource (another fact's subject words,
  without its own);
- ``trust_elevated``: an untrusted fact, or the distinguishing words of an untrusted event,
  stated without attribution;
- ``forbidden_superseded_fact`` / ``forbidden_retired_fact``: an old value stated as current
  (not framed as history: "moved from Lisbon", "used to", "no longer");
- ``forbidden_deleted_fact``: any distinguishing words of a deleted fact, anywhere;
- ``unsupported_fact``: the words only a speculative source clause used ("may move to
  Paris"), stated as settled.

Every violation's detail names the sentence (1-based) and the words that decided it.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Criticality, Fact, Status, Trust
from pytest_compaction.core.violations import Verdict, Violation, ViolationCode, sort_violations
from pytest_compaction.prose.forms import Alias, ProseFormLike, Resolved, resolve
from pytest_compaction.prose.normalize import find_phrase, kind_of, participles, phrase, stem, tokens
from pytest_compaction.prose.statements import (
    ATTRIBUTION,
    NEGATORS,
    REPORTING,
    STOPWORDS,
    Statement,
    holding_any,
    negator,
    only_future,
    read_statements,
)

__all__ = ["check_artifact_summary", "check_facts_in_prose", "read_memory", "resolve_forms", "stated_facts"]

_FORBIDDEN = {
    Status.SUPERSEDED: ViolationCode.FORBIDDEN_SUPERSEDED_FACT,
    Status.RETIRED: ViolationCode.FORBIDDEN_RETIRED_FACT,
}


def resolve_forms(ledger: Ledger, forms: Mapping[str, ProseFormLike] | None = None) -> dict[str, Resolved]:
    """Every ledger fact's checkable prose form (declared, or defaults)."""
    forms = forms if forms is not None else getattr(ledger, "prose_forms", {}) or {}
    return {fact.fact_id: resolve(fact, forms.get(fact.fact_id), ledger) for fact in ledger}


def _quote(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def _where(statement: Statement) -> str:
    return f"sentence {statement.index + 1} {_quote(statement.text)}"


@dataclass(slots=True)
class _Finding:
    rank: int
    code: ViolationCode
    detail: str
    expected: object = None
    observed: object = None


def check_facts_in_prose(
    ledger: Ledger,
    summary: str,
    *,
    tenant_id: str | None = None,
    subject_id: str | None = None,
    forms: Mapping[str, ProseFormLike] | None = None,
) -> Verdict:
    """Check ``summary`` against every fact of the ledger for one scope."""
    tenant = tenant_id or ledger.tenant_id
    subject = subject_id or ledger.subject_id
    statements = read_statements(summary)
    resolved = resolve_forms(ledger, forms)
    scoped = [r for r in resolved.values() if (r.fact.tenant_id, r.fact.subject_id) == (tenant, subject)]
    active_words: set[str] = set()
    for r in scoped:
        if r.fact.status is Status.ACTIVE:
            active_words |= r.words()
    entities = _entities(resolved.values())
    by_id: dict[str, object] = {e.event_id: e for e in ledger.events}
    found: list[Violation] = []
    values = list(resolved.values())
    shared: Callable[[], Set[str]] = functools.cache(lambda: _shared_words(values))
    for r in scoped:
        if r.fact.status is Status.ACTIVE:
            found.extend(_check_active(r, statements, entities, by_id, shared=shared))
        elif r.fact.status is Status.DELETED:
            found.extend(_check_deleted(r, statements, active_words, ledger, tenant, subject))
        else:
            found.extend(_check_old(r, statements, _newer_unstated(r, resolved, statements)))
    events = ledger.authorized_events(tenant, subject)
    found.extend(_check_sources(events, statements, active_words, scoped))
    return Verdict(violations=sort_violations(found))


def stated_facts(
    ledger: Ledger,
    summary: str,
    *,
    tenant_id: str | None = None,
    subject_id: str | None = None,
    forms: Mapping[str, ProseFormLike] | None = None,
) -> tuple[Fact, ...]:
    """The ledger's active facts of one scope that ``summary`` states, as the checker reads
    them: named with their value, polarity, subject and qualifiers, nothing against them.

    This is what a prose memory holds for a consumer: a fact stated with another value,
    negated or of another subject is not among them (the checker names what went wrong).
    """
    tenant = tenant_id or ledger.tenant_id
    subject = subject_id or ledger.subject_id
    statements = read_statements(summary)
    resolved = resolve_forms(ledger, forms)
    entities = _entities(resolved.values())
    by_id: dict[str, object] = {e.event_id: e for e in ledger.events}
    return tuple(
        r.fact
        for r in resolved.values()
        if r.fact.status is Status.ACTIVE
        and (r.fact.tenant_id, r.fact.subject_id) == (tenant, subject)
        and r.names
        and not _check_active(r, statements, entities, by_id, must_state=True)
    )


def read_memory(ledger: Ledger, artifact: Artifact) -> Artifact:
    """``artifact`` as a consumer reads it: with a summary, of a ledger that declares prose
    forms, it carries the facts its summary states (:func:`stated_facts`) besides its own
    (a summary message ahead of the turns kept word for word is one memory: a fact stated
    in either is there); any other artifact is returned as it is."""
    if not artifact.summary or not getattr(ledger, "prose_forms", None):
        return artifact
    stated = stated_facts(
        ledger, artifact.summary, tenant_id=artifact.tenant_id, subject_id=artifact.subject_id
    )
    held = {fact.fact_id for fact in artifact.facts}
    extra = tuple(fact for fact in stated if fact.fact_id not in held)
    return dataclasses.replace(artifact, facts=(*artifact.facts, *extra)) if extra else artifact


# -- active facts ---------------------------------------------------------------------


def _entities(resolved: Iterable[Resolved]) -> list[tuple[Alias, ...]]:
    groups: list[tuple[Alias, ...]] = []
    for r in resolved:
        if r.subject and r.subject not in groups:
            groups.append(r.subject)
    return groups


def _near(statements: Sequence[Statement], index: int) -> list[Statement]:
    return list(statements[max(0, index - 1) : index + 2])


_WEEKDAYS = frozenset(
    stem(day) for day in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
)

_DAY_PARTS = frozenset(
    stem(word)
    for part in ("morning", "afternoon", "evening", "night", "midday", "lunchtime")
    for word in (part, part + "s")
)
"""The parts of a day, singular or plural ("mornings" stems apart from "morning"): one told
where another was is another value ("evening runs" for "running in the morning"), as one
weekday for another is."""


def _kind(norm: str) -> str:
    """The token kinds a value can be swapped within: those of :func:`kind_of`, weekdays
    ("Wednesdays" for "Thursday" is another value, not a missing one) and the parts of a
    day (:data:`_DAY_PARTS`)."""
    if norm in _WEEKDAYS:
        return "weekday"
    return "daypart" if norm in _DAY_PARTS else kind_of(norm)


@functools.lru_cache(maxsize=4096)
def _typed(aliases: tuple[Alias, ...]) -> frozenset[tuple[str, str]]:
    """The kinds (and units) of a value's typed tokens: number+unit, time, date, amount, weekday."""
    out: set[tuple[str, str]] = set()
    for alias in aliases:
        for i, norm in enumerate(alias):
            kind = _kind(norm)
            if kind in ("time", "date", "weekday", "daypart"):
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
    out: set[tuple[str, str]] = set()
    for event_id in fact.source_event_ids if bare else ():
        for statement in read_statements(getattr(events.get(event_id), "text", "") or ""):
            for i, norm in enumerate(statement.norms):
                if norm in bare and _unit(statement.norms, i):
                    out.add(("number", _unit(statement.norms, i)))
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


def _competing(
    statement: Statement, kinds: Set[tuple[str, str]], own: Sequence[Alias], *, ordinal: bool = False
) -> str | None:
    """The first typed token of ``statement`` that could be another value of the kinds
    ``kinds`` (as written), or None. An ordinal ("Mon 2nd", "the 14th") tells a place in an
    order, never an amount: it competes with a value only when the value is an ordinal too
    (``ordinal``), so "from Mon 2nd" is no other weight where "3.5 tonnes" was."""
    own_norms = {n for alias in own for n in alias}
    norms = statement.norms
    for i, norm in enumerate(norms):
        kind = _kind(norm)
        if kind not in ("number", "time", "date", "weekday", "daypart") or norm in own_norms:
            continue
        if kind == "number" and not ordinal and _ORDINAL.search(statement.tokens[i].raw):
            continue
        unit = _unit(norms, i)
        spans = unit in _SPANS and any(u in _SPANS for k, u in kinds if k == "number")
        if (kind, unit if kind == "number" else "") in kinds or spans:
            return _as_written(statement, i, with_unit=bool(unit))
    return None


_DIGIT_RUN = re.compile(r"\d+")


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


_DROPPING = frozenset(
    stem(w)
    for w in (
        *("drop", "drops", "dropped", "dropping", "waive", "waives", "waived", "waiving", "lift"),
        *("lifts", "lifted", "lifting", "scrap", "scraps", "scrapped", "scrapping", "remove"),
        *("removes", "removed", "removing", "abolish", "abolished", "relax", "relaxed"),
    )
)
"""Verbs that do away with a condition: "*dropped* the match-funding requirement", "the
deposit rule *was waived*", "they *lifted* the age limit"."""
_DROPPING_REACH = 3
_OBJECT_OPENERS = frozenset({"its", "their", "his", "her", "our", "any", "that", "this", "all"})
_PASSIVE = frozenset({"is", "are", "was", "were", "been", "being", "be", "got", "get"})


def _negative_qualifiers(r: Resolved, events: Mapping[str, object]) -> set[str]:
    """The qualifiers the fact's source states negated: "by e-mail, *never by text
    message*", "page on-call, *not the team channel*". Such a qualifier is kept only where
    the summary negates it too; "by e-mail or by text message" turns the exclusion into an
    option."""
    out: set[str] = set()
    for key, group in r.qualifiers:
        for event_id in r.fact.source_event_ids:
            for statement in read_statements(getattr(events.get(event_id), "text", "") or ""):
                hit = statement.find_any(group)
                if hit is not None and statement.negated(hit[0], len(hit[1])):
                    out.add(key)
    return out


def _kept(statement: Statement, group: Sequence[Alias], *, negated: bool = False) -> bool:
    """Whether ``statement`` states one of a qualifier's aliases as still holding: an
    occurrence that is neither the object of a verb of dropping (:data:`_DROPPING`: "they
    *dropped the match-funding* requirement", "*waived its* deposit rule") nor, within a
    few words, the subject of one in the passive ("the deposit requirement *was waived*").
    A condition told as done away with is lost, not kept. A qualifier the source negates
    (``negated``) is kept only by a negated occurrence."""
    norms, segment = statement.norms, statement.segment
    for alias in group:
        for at in statement.positions(alias):
            if negated and not statement.negated(at, len(alias)):
                continue
            verb = at - 1
            if verb >= 0 and norms[verb] in _OBJECT_OPENERS:
                verb -= 1
            dropped = verb >= 0 and norms[verb] in _DROPPING and segment[verb] == segment[at]
            end = at + len(alias)
            for j in range(end + 1, min(len(norms), end + _DROPPING_REACH + 1)):
                if norms[j] in _DROPPING and norms[j - 1] in _PASSIVE and segment[j] == segment[at]:
                    dropped = True
            if not dropped:
                return True
    return False


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


def _other_value(statement: Statement, r: Resolved, events: Mapping[str, object]) -> str | None:
    """The words that take a word value's place in a sentence that names the fact without
    it, or None: a noun phrase near the name, opened by an article or a preposition, whose
    content words no event of the conversation used and no prose form holds ("paid by
    *card*" where every source said "direct debit").

    A value told in words (not a number, time or date, which have kinds of their own) has
    rivals no word type tells apart: "window" for "aisle" is another seat, not an unrelated
    word. What marks the rival is its place and that nothing the conversation said supplies
    it. A name's rival is a name ("Mireille" for a teacher is not rivalled by "a
    volunteer"). A sentence with a negator is left to the polarity checks."""
    if not r.value or any(kind_of(n) != "word" for alias in r.value for n in alias):
        return None
    if any(negator(token) for token in statement.tokens):
        return None
    named = [p for alias in r.names for p in statement.positions(alias)]
    # After a name, or right before one as its modifier ("a *window* seat"); a phrase that
    # opens the sentence before any name ("The user ...") holds no slot of this fact, nor
    # does a word before the name's own article ("asked to *drop* the add-on": a verb).
    near = {i for p in named for i in _slot_reach(statement, p)}
    near |= {p - 1 for p in named if p > 0 and not _article_between(statement, p - 1, p)}
    content = _content(statement, range(len(statement.norms))) - _event_words(events) - r.words()
    if _participle(r):
        # A state told by a participle ("reserved") has a rival in another participle
        # told of the name in its own clause ("last copy *sold* to ..."): another state.
        clauses = {statement.clause[p] for p in named}
        for i in sorted(i for i in near if i < len(statement.tokens)):
            token = statement.tokens[i]
            if token.past and statement.norms[i] in content and statement.clause[i] in clauses:
                return token.raw
    proper = isinstance(r.fact.value, str) and r.fact.value[:1].isupper()
    run: list[int] = []
    for i, norm in enumerate(statement.norms):
        if run and (norm in content and i == run[-1] + 1):
            run.append(i)
            continue
        if run:
            break
        before = statement.text[: statement.tokens[i].start].split()
        opened = bool(before) and before[-1].lower() in _SLOT_OPENERS
        if norm in content and i in near and opened:
            if proper and not statement.tokens[i].raw[:1].isupper():
                continue
            run = [i]
    return " ".join(statement.tokens[i].raw for i in run) if run else None


_CONTRAST_REACH = 3
"""How far after the value a contrastive "not" stands ("at the Fernbrook branch *not* the
main one")."""


def _excluded(r: Resolved, events: Mapping[str, object]) -> frozenset[str]:
    """The words of the alternative the fact's source excluded by contrast: the content
    words right after a "not" that follows the value ("the Fernbrook branch, *not the main*
    one", "by card not cash"), up to a function word or a number. The speaker names the
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
            for i in range(end, min(len(norms), end + _CONTRAST_REACH)):
                if norms[i] != "not" or negator(statement.tokens[i]) is None:
                    continue
                for j in range(i + 1, min(len(norms), i + 1 + _CONTRAST_REACH)):
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


def _article_between(statement: Statement, left: int, right: int) -> bool:
    """Whether an article stands between tokens ``left`` and ``right`` (articles are not
    tokens of a statement): "drop *the* add-on"."""
    between = statement.text[statement.tokens[left].end : statement.tokens[right].start]
    return any(word.lower() in ("the", "a", "an") for word in between.split())


def _shared_words(resolved: Iterable[Resolved]) -> frozenset[str]:
    """The words that more than one fact of the ledger uses, whatever its status."""
    return _shared_of(tuple(r.words() for r in resolved))


@functools.lru_cache(maxsize=256)
def _shared_of(word_sets: tuple[frozenset[str], ...]) -> frozenset[str]:
    seen: set[str] = set()
    shared: set[str] = set()
    for words in word_sets:
        shared |= seen & words
        seen |= words
    return frozenset(shared)


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


def _check_active(
    r: Resolved,
    statements: Sequence[Statement],
    entities: Sequence[tuple[Alias, ...]],
    ledger_events: Mapping[str, object],
    *,
    must_state: bool | None = None,
    shared: Callable[[], Set[str]] | None = None,
) -> list[Violation]:
    """What is wrong with how ``statements`` state an active fact (nothing: stated).

    ``must_state``: whether an unstated fact is ``missing`` (default: when it is critical).
    ``shared``: the words more than one fact of the ledger uses (asked for only when
    needed); given, a sentence that
    names no name but holds a value distinctive enough to be the fact's own names it
    (:func:`_named_by_value`).
    """
    fact = r.fact
    fid = fact.fact_id
    if must_state is None:
        must_state = fact.criticality is Criticality.CRITICAL
    if not r.names:
        if not must_state:
            return []
        return [
            Violation(
                code=ViolationCode.MISSING,
                fact_id=fid,
                expected=fact.value,
                detail="the fact has no prose form and no words of its predicate or value occur in its "
                "source text, so no sentence can state it; give it a prose form (prose: names: [...])",
            )
        ]
    findings: list[_Finding] = []
    ok = False
    kinds = _typed(r.value) | _source_units(fact, r.value, ledger_events)
    others = [group for group in entities if not set(group) & set(r.subject)]
    for statement in _candidates(statements, r.names):
        hit = statement.find_any(r.names)
        if hit is None:
            continue
        name_at, name = hit
        hit_index = statement.index
        window = _near(statements, statement.index)
        value_hit = r.find_value(statement) if r.value else None
        if r.value and value_hit is None:
            following = statements[statement.index + 1] if statement.index + 1 < len(statements) else None
            later = r.find_value(following) if following is not None else None
            if later is not None and following is not None:
                statement, value_hit = following, later
        if r.value and value_hit is None:
            flipped = _negation_lost(statement, r.value)
            if flipped is not None:
                findings.append(
                    _Finding(
                        3,
                        ViolationCode.VALUE_CHANGED,
                        f"{_where(statement)} states {flipped!r} without the negation of "
                        f"{' / '.join(dict.fromkeys(repr(r.show(a)) for a in r.value if NEGATORS & set(a)))}",
                        expected="negated",
                        observed=flipped,
                    )
                )
                continue
            rival = (
                (
                    _competing(statement, kinds, r.value, ordinal=_ordinal(r))
                    or _unit_swapped(statement, r.value)
                    or _measured_rival(statement, kinds, r.value, ordinal=_ordinal(r))
                )
                if kinds
                else None
            ) or _renumbered(statement, r.value)
            # A number, time or date of the same kind ranks above words no source used.
            rank, how = (2, "") if rival is not None else (1, ", words no source event used,")
            if rival is None:
                rival = _other_value(statement, r, ledger_events)
            if rival is None:
                rival = _excluded_value(statement, r, ledger_events)
                how = ", the alternative its source ruled out," if rival is not None else how
            if rival is not None:
                findings.append(
                    _Finding(
                        rank,
                        ViolationCode.VALUE_CHANGED,
                        f"{_where(statement)} names it ({r.show(name)!r}) with {rival!r}{how} where "
                        f"{r.show(r.value[0])!r} was",
                        expected=r.show(r.value[0]),
                        observed=rival,
                    )
                )
            else:
                findings.append(
                    _Finding(
                        0,
                        ViolationCode.MISSING,
                        f"{_where(statement)} names it ({r.show(name)!r}) but not its value "
                        f"({' / '.join(dict.fromkeys(repr(r.show(a)) for a in r.value))})",
                        expected=r.show(r.value[0]),
                    )
                )
            continue
        if value_hit is not None and statement.index == hit_index:
            # The value occurrence nearest the name states it ("A pays X; B pays Y"), one in
            # the name's own clause first: "A does the X route, while B walks the Y" states
            # the X route of A, however near B's "walks" stands to it.
            positions = (p for p, _ in r.value_positions(statement))
            nearest = min(positions, key=_nearness(statement, name_at, True))
            value_hit = (nearest, value_hit[1])
        at = value_hit[0] if value_hit is not None else name_at
        # Every place the value (or, without value words, a name) occurs: one that reads
        # with the fact's polarity states it.
        # Value words state the value as they stand ("allergic", "do not touch"), so a
        # negator outside them flips it; a form without value words states the fact
        # through its names, with the form's polarity ("do not call": negative).
        # The value words of a true/false fact read as the source reads them ("it has not
        # been signed": negative), and their "un-" form states them negated ("unsigned").
        required = r.value_polarity if value_hit is not None else r.polarity
        group = r.stated(r.value if value_hit is not None else r.names, statement)
        spans: dict[int, int] = {}
        for a in group:  # the longest alias at a place is the words there ("notice to quit")
            for p in statement.positions(a):
                spans[p] = max(spans.get(p, 0), len(a))
        turned = {p for a in group if a in r.inverse for p in statement.positions(a)}
        spots = sorted(spans, key=_nearness(statement, name_at, statement.index == hit_index))
        reading = {p: _reading(statement, p, spans[p], p in turned)[0] for p in spots}
        matching = [p for p in spots if reading[p] == required]
        if matching and (value_hit is None or len(matching) == len(spots)):
            at = matching[0]
        asked = [p for p in spots if _requested(statement, p)]
        told = [p for p in spots if p not in asked]
        if value_hit is not None and asked and told and all(reading[p] != required for p in told):
            at = told[0]  # "asked for it to be redelivered, but was told it will not be"
        polarity, negated = _reading(statement, at, spans.get(at, 1), at in turned)
        if polarity != required:
            shown = r.show(value_hit[1]) if value_hit is not None else r.show(name)
            why = f"negated by {negated!r}" if negated else "without the negation the fact has"
            # Told by its names, a flipped mention is weak evidence ("the ibuprofen is in the
            # cabinet"), unless it restates the whole fact, every qualifier with it: then the
            # summary says the fact and its opposite, and the opposite is no aside.
            restated = bool(r.qualifiers) and all(statement.find_any(group) for _, group in r.qualifiers)
            findings.append(
                _Finding(
                    3 if value_hit is not None or restated else 1,
                    ViolationCode.VALUE_CHANGED,
                    f"{_where(statement)} states {shown!r} {why}",
                    expected=required,
                    observed=polarity,
                )
            )
            continue
        over = _told_as_over(statement, at, r.names)
        if over is not None:
            findings.append(
                _Finding(
                    3,
                    ViolationCode.VALUE_CHANGED,
                    f"{_where(statement)} tells it as over ({over!r}); the fact still holds",
                    expected="current",
                    observed=f"over ({over})",
                )
            )
            continue
        if others:
            named_here = name_at if statement.index == hit_index else at
            rival_subject = _rival_subject(statement, r, others, named_here, at)
            if rival_subject is not None:
                findings.append(
                    _Finding(
                        4,
                        ViolationCode.SUBJECT_CHANGED,
                        f"{_where(statement)} states it of {' '.join(rival_subject[0])!r}"
                        + (f", not {r.show(r.subject[0])!r}" if r.subject else ""),
                        expected=r.show(r.subject[0]) if r.subject else None,
                        observed=" ".join(rival_subject[0]),
                    )
                )
                continue
        negative = _negative_qualifiers(r, ledger_events)
        lost = [
            key
            for key, group in r.qualifiers
            if not any(_kept(s, group, negated=key in negative) for s in window)
        ]
        if lost:
            words = "; ".join(
                f"{key}: {' / '.join(dict.fromkeys(repr(r.show(a)) for a in group))}"
                for key, group in r.qualifiers
                if key in lost
            )
            unnegated = all(
                key in negative and any(s.find_any(dict(r.qualifiers)[key]) for s in window) for key in lost
            )
            how = "without the negation its qualifier has" if unnegated else "without its qualifier words"
            findings.append(
                _Finding(
                    5,
                    ViolationCode.QUALIFIERS_CHANGED,
                    f"{_where(statement)} states it {how} ({words})",
                    expected=tuple(lost),
                    observed="not negated" if unnegated else "absent",
                )
            )
            continue
        elevated = fact.authority is Trust.UNTRUSTED and statement.attributed(at) is None
        if elevated and not all(_is_tool(ledger_events.get(e)) for e in fact.source_event_ids):
            elevated = True
        elif elevated:
            elevated = _directive(statement.text)  # a tool's data restated is no instruction
        if elevated:
            findings.append(
                _Finding(
                    6,
                    ViolationCode.TRUST_ELEVATED,
                    f"{_where(statement)} states an untrusted source's claim as fact, with no "
                    f"attribution ('says', 'quoted', 'according to', the source named)",
                    expected=Trust.UNTRUSTED.value,
                    observed="unattributed",
                )
            )
            continue
        ok = True
    contradiction = [f for f in findings if f.rank == 3]
    if ok and not contradiction:
        return []
    if not findings:
        by_value = _named_by_value(r, statements, shared()) if shared is not None else None
        if by_value is not None:
            return _check_active(by_value, statements, entities, ledger_events, must_state=must_state)
        if not must_state:
            return []
        names = " / ".join(dict.fromkeys(repr(r.show(a)) for a in r.names))
        return [
            Violation(
                code=ViolationCode.MISSING,
                fact_id=fid,
                expected=fact.value,
                detail=f"no sentence names it ({names})",
            )
        ]
    best = max(contradiction or findings, key=lambda f: f.rank)
    if best.code is ViolationCode.MISSING and not must_state:
        return []
    return [
        Violation(
            code=best.code, fact_id=fid, expected=best.expected, observed=best.observed, detail=best.detail
        )
    ]


_REQUESTED = re.compile(
    r"\b(?:ask(?:s|ed|ing)?|request(?:s|ed|ing)?|want(?:s|ed|ing)?|wish(?:es|ed)?|beg(?:s|ged)?)"
    r"(?:\s+for)?(?:\s+[\w'-]+){0,5}?\s+to\s+(?:be\s+|have\s+|get\s+)?(?:[\w'-]+\s+){0,3}$",
    re.IGNORECASE,
)
"""A request's infinitive up to a word: "asked for the parcel *to be* redelivered", "wants
the agent *to* cancel", "wants them *to get the boiler* serviced"."""


def _requested(statement: Statement, position: int) -> bool:
    """Whether token ``position`` is what someone asked for ("asked for the parcel to be
    *redelivered*"), in its own clause: a request tells what was wanted, not what is so."""
    clause = statement.clause[position]
    start = min(t.start for i, t in enumerate(statement.tokens) if statement.clause[i] == clause)
    return _REQUESTED.search(statement.text, start, statement.tokens[position].start) is not None


def _nearness(statement: Statement, name_at: int, same: bool) -> Callable[[int], tuple[bool, int]]:
    """How near a value word at a position stands to the name at ``name_at``: one in the
    name's own clause first, then by distance (``same`` False: the name is in the sentence
    before, so by distance alone)."""
    clause = statement.clause[name_at] if same else None
    return lambda p: (clause is not None and statement.clause[p] != clause, abs(p - name_at))


def _rival_subject(
    statement: Statement, r: Resolved, others: Sequence[tuple[Alias, ...]], name_at: int, at: int
) -> tuple[Alias, ...] | None:
    """Another subject that stands in the clause stating the fact where its own does not.

    The clause is the value's. When the value is the subject itself ("On call: Yara") and
    sits in another clause than the name, it cannot vouch for the subject: the name's
    clause decides ("Zeno is on call; Yara is the release manager").
    """
    anchors = [at]
    if statement.clause[name_at] != statement.clause[at] and set(r.value) & set(r.subject):
        anchors = [name_at]
    # A coordinated clause with a subject of its own ("..., and the road bike belonging to
    # Lorcan needs a chain") states the fact it names of that subject: the name's segment
    # decides before the whole clause does.
    here = next(
        (
            p
            for alias in r.names
            for p in statement.positions(alias)
            if statement.segment[p] == statement.segment[at] and statement.clause[p] == statement.clause[at]
        ),
        name_at,
    )
    own = _in_segment(statement, r.subject, here)
    rival = next((g for g in others if _in_segment(statement, g, here)), None)
    if own or rival is not None:
        return rival if not own else None
    # The name stands apart from its value ("PD-55810 and PD-55823, and both are for
    # Oyelaran"): a subject in the value's own segment is whom the value is told of.
    if here != at and not _in_segment(statement, r.subject, at):
        rival = next((g for g in others if _in_segment(statement, g, at)), None)
        if rival is not None:
            return rival
    for p in anchors:
        own = statement.in_clause(r.subject, p) if r.subject else False
        rival = next((g for g in others if statement.in_clause(g, p)), None)
        if rival is not None and not own:
            return rival
    return None


def _in_segment(statement: Statement, aliases: Sequence[Alias], position: int) -> bool:
    """Whether one of ``aliases`` occurs in the segment of token ``position``, within its
    clause too (the narrower of the two: a comma cuts a segment, "and" + a new verb a
    clause)."""
    segment, clause = statement.segment[position], statement.clause[position]
    return any(
        statement.segment[at] == segment and statement.clause[at] == clause
        for alias in aliases
        for at in statement.positions(alias)
    )


def _is_tool(event: object) -> bool:
    """A tool result (``role: tool``): the agent's observation, data rather than a speaker."""
    return getattr(event, "role", None) == "tool"


def _directive(text: str) -> bool:
    """Whether ``text`` reads as an instruction or a rule (a modal cue or a bare command),
    or as advice to follow ("should drink", "ought to", "is advised to")."""
    from pytest_compaction.prose.modality import CueKind, read

    forceful = (CueKind.PROHIBITION, CueKind.OBLIGATION, CueKind.PERMISSION, CueKind.WAIVER)
    return read(text).has(*forceful) or _ADVICE.search(text) is not None


_ADVICE = re.compile(
    r"\b(?:should|ought\s+to|had\s+better|(?:is|are)\s+(?:advised|recommended)\s+to)\s", re.IGNORECASE
)


# -- facts that are over --------------------------------------------------------------


def _newer_unstated(r: Resolved, resolved: Mapping[str, Resolved], statements: Sequence[Statement]) -> bool:
    """Whether the value that replaced a superseded fact (the active end of its chain) is
    stated nowhere in the summary: then the old value is what the summary leaves a reader
    with, however its verb is tensed ("asked for an aisle seat" when the window seat is
    not told)."""
    seen: set[str] = set()
    current: Resolved | None = r
    while current is not None and current.fact.status is Status.SUPERSEDED:
        newer = current.fact.superseded_by
        if newer is None or newer in seen:
            return False
        seen.add(newer)
        current = resolved.get(newer)
    if current is None or current.fact.status is not Status.ACTIVE or not current.value:
        return False
    return not any(_settled(s, current) for s in _candidates(statements, current.value))


def _settled(statement: Statement, r: Resolved) -> bool:
    """Whether ``statement`` states a value of ``r`` as what stands: not only doubted
    ("with Parquet being considered") or offered as a second choice ("with Unit 3 as the
    fallback")."""
    if r.find_value(statement) is None:
        return False
    # Any place that states it settles it: "corrected it to the 21st, since they will be
    # away, and the agent booked March 21" settles March 21 however the first is read.
    return any(
        statement.speculative(at) is None and statement.second_choice(at) is None
        for at, _ in r.value_positions(statement)
    )


_LONGER = stem("longer")

_OUTGROWN = frozenset({stem("outgrow"), stem("outgrown")})
"""Verbs that end a condition by themselves ("has *outgrown* it")."""
_ENDED_WITH = {
    stem("get"): ("over",),
    stem("grow"): ("out", "of"),
    stem("recover"): ("from",),
    stem("cure"): ("of",),
}
"""Verbs that end a condition with their particle: "got over it", "grew out of it",
"recovered from it", "was cured of it"."""
_ENDING_HEADS = _OUTGROWN | frozenset(_ENDED_WITH)
_BE_USED = frozenset({"is", "are", "am", "be", "'s", "get", "being"})
"""What makes "used to" an adjective ("is used to the cold"), not a past habit."""
_BACK_REFERENCE = frozenset({"it", "them", "that", "this"})


def _told_as_over(statement: Statement, at: int, names: Sequence[Alias]) -> str | None:
    """The words that tell the state at token ``at`` as over though it holds, or None: a
    past habit before it in its clause ("*used to* be allergic"; not "is used to"), or,
    after it in the sentence, a past verb that ends a condition with the condition as its
    object, a pronoun back to it or a name of the fact ("but has *outgrown* it", "*got
    over* her pollen allergy"). The same verbs ahead of the state, or with another object
    ("outgrew her egg allergy"), tell of something else."""
    if "used" not in statement.vocabulary and not _ENDING_HEADS & statement.vocabulary:
        return None  # the cheap test first: most sentences hold none of these words
    norms = statement.norms
    clause = statement.clause[at]
    for i in range(1, at):
        if statement.clause[i] != clause or statement.segment[i] != statement.segment[at]:
            continue
        if norms[i] != "used" or norms[i + 1] != "to":
            continue
        if norms[i - 1] not in _BE_USED and statement.tokens[i - 1].raw.lower() not in ("was", "were", "got"):
            return "used to"
    wanted = {a for a in names if a}
    for i in range(at + 1, len(norms)):
        if not statement.tokens[i].past or statement.speculative(i) is not None:
            continue
        particle: tuple[str, ...] = ()
        if norms[i] not in _OUTGROWN:
            particle = _ENDED_WITH.get(norms[i], ("",))
            if tuple(norms[i + 1 : i + 1 + len(particle)]) != particle:
                continue
        start = i + 1 + len(particle)
        ahead = norms[start : start + 4]
        if (ahead and ahead[0] in _BACK_REFERENCE) or any(find_phrase(ahead, alias) >= 0 for alias in wanted):
            return " ".join(t.raw for t in statement.tokens[i:start])
    return None


_RELATIVE = frozenset({"which", "who", "whose", "whom"})


def _told_as_history(statement: Statement, at: int) -> str | None:
    """The words that tell token ``at`` as history in its own clause, or None: "from X" ("from
    aisle to window"), "instead of X", a history word ("previously", "changed", "used to"),
    "no longer". A past-tense verb alone does not: "asked for an aisle seat" reports the
    request as the one that stands when no change is told."""
    norms = statement.norms
    if at > 0 and norms[at - 1] == "from":
        return f"from {statement.tokens[at].raw}"
    if at > 1 and norms[at - 1] in ("than", "of") and norms[at - 2] in ("instead", "rather"):
        return f"{statement.tokens[at - 2].raw} {statement.tokens[at - 1].raw}"
    clause = statement.clause[at]
    for i in range(len(norms)):
        if statement.clause[i] != clause:
            continue
        if i > at and _RELATIVE & set(norms[at:i]):
            break  # "on Tuesday at the library, which changed its hours": the library's history
        if statement.history_word(i):
            return statement.tokens[i].raw
        if negator(statement.tokens[i]) == "no" and i + 1 < len(norms) and norms[i + 1] == _LONGER:
            return "no longer"
    return None


def _reading(statement: Statement, at: int, span: int, turned: bool) -> tuple[str, str | None]:
    """How ``statement`` states the words at ``at`` ("positive" or "negative") and the
    words that negate them; ``turned``: they are the "un-" form of the fact's value, so
    they state it negated unless something negates them in turn."""
    negated = statement.negated(at, span)
    if turned:
        return ("positive", negated) if negated else ("negative", statement.tokens[at].raw)
    return ("negative" if negated else "positive"), negated


def _check_old(r: Resolved, statements: Sequence[Statement], newer_unstated: bool = False) -> list[Violation]:
    """An old value stated as current. With ``newer_unstated`` (the value that replaced it
    is told nowhere), only words that tell history in the value's own clause excuse it,
    not a past tense (:func:`_told_as_history`)."""
    code = _FORBIDDEN.get(r.fact.status)
    if code is None or not r.names:
        return []
    for statement in statements:
        hit = statement.find_any(r.names)
        if hit is None:
            continue
        at, words, span, turned, required = hit[0], r.show(hit[1]), 1, False, r.polarity
        if r.value:
            value_hit = r.find_value(statement)
            if value_hit is None:
                continue
            at, words, span = value_hit[0], r.show(value_hit[1]), len(value_hit[1])
            turned, required = tuple(value_hit[1]) in r.inverse, r.value_polarity
        if _reading(statement, at, span, turned)[0] != required:
            continue
        past = statement.past(at)
        history = _told_as_history(statement, at) if newer_unstated else past
        doubt = statement.speculative(at)
        if history is not None or (doubt is not None and not only_future(doubt)):
            continue  # a plan told in the future ("will be written as CSV") still stands
        newer = ""
        if past:
            newer = f" ({past!r} tells no change: the value that replaced it is not stated as current)"
        return [
            Violation(
                code=code,
                fact_id=r.fact.fact_id,
                expected=f"not stated as current ({r.fact.status.value})",
                observed=words,
                detail=f"{_where(statement)} states {words!r} as current{newer}; tell it as history "
                f"('moved from ...', 'used to', 'previously') or leave it out",
            )
        ]
    return []


def _check_deleted(
    r: Resolved,
    statements: Sequence[Statement],
    active_words: set[str],
    ledger: Ledger,
    tenant: str,
    subject: str,
) -> list[Violation]:
    allowed = read_statements("\n".join(e.text for e in ledger.authorized_events(tenant, subject)))
    # Every word of the fact distinguishes it, its names too: "parcels go to the neighbour"
    # restates a deleted "neighbour at number 14" without its number. Words an active fact
    # or an authorized event also uses are left out: they are not the deleted fact's own.
    candidates = [*r.value, *(a for _, group in r.qualifiers for a in group), *r.names]
    distinguishing = [
        alias
        for alias in candidates
        if not set(alias) <= active_words | STOPWORDS and not any(s.find(alias) >= 0 for s in allowed)
    ]
    # A fact told by its names alone ("I can't eat shellfish": names and a polarity) has no
    # other words. A kept sentence that only asks for its deletion ("the shellfish thing
    # was my flatmate; please delete it") names it without keeping it, so there its names
    # still distinguish it: a sentence that states it as the source did restates it.
    requested = (
        [
            alias
            for alias in r.names
            if alias not in distinguishing
            and not set(alias) <= active_words | STOPWORDS
            and not any(s.find(alias) >= 0 for s in allowed if not _tells_deletion(s))
        ]
        if not r.value
        else []
    )
    values = {tuple(a) for a in (*r.value, *(a for _, group in r.qualifiers for a in group))}
    raw: dict[tuple[str, ...], str] = {}
    for name, shown in _redacted_names(r, ledger, allowed, active_words | {w for a in candidates for w in a}):
        distinguishing.append((name,))
        values.add((name,))
        raw[(name,)] = shown
    for statement in statements:
        # A sentence that tells the deletion ("asked for their income to be forgotten")
        # names the fact without restating it: there only its value words count.
        told = _tells_deletion(statement)
        for alias in distinguishing:
            if told and tuple(alias) not in values:
                continue
            if statement.find(alias) >= 0:
                return [_deleted_held(r, statement, raw.get(tuple(alias)) or r.show(alias))]
        if told:
            continue
        for alias in requested:
            at = statement.find(alias)
            if at >= 0 and (statement.negated(at, len(alias)) is not None) == (r.polarity == "negative"):
                return [_deleted_held(r, statement, r.show(alias))]
    return []


def _deleted_held(r: Resolved, statement: Statement, shown: str) -> Violation:
    return Violation(
        code=ViolationCode.FORBIDDEN_DELETED_FACT,
        fact_id=r.fact.fact_id,
        expected="absent (deleted)",
        observed=shown,
        detail=f"{_where(statement)} holds {shown!r}, a word of a deleted fact",
    )


def _redacted_names(
    r: Resolved, ledger: Ledger, allowed: Sequence[Statement], known: set[str]
) -> list[tuple[str, str]]:
    """The proper nouns and long numbers (three digits or more) after the deleted fact's
    value (its names, without one) in its clause of a redacted source event, that no
    authorized event and no active fact uses: "Testville" of "ship to 14 Sample Street,
    Testville" once the address is deleted. They are the deleted content as much as its
    value. A name before the value tells whose it is or who said it ("the Achterbergs'
    key", "Jonas mentioned a divorce"), and one in another sentence of the event ("Hi,
    I'm Ana.") is not the fact's."""
    redacted = ledger.redacted_event_ids
    used = {n for s in allowed for n in s.norms}
    out: dict[str, str] = {}
    for event_id in r.fact.source_event_ids:
        if event_id not in redacted:
            continue
        for statement in read_statements(ledger.event_by_id(event_id).text):
            hit = statement.find_any(r.value) if r.value else statement.find_any(r.names)
            if hit is None:
                continue
            for i, (token, norm) in enumerate(zip(statement.tokens, statement.norms, strict=True)):
                if i <= hit[0] or statement.clause[i] != statement.clause[hit[0]]:
                    continue  # before the value: whose it is ("the Achterbergs' key"), not what
                kind = kind_of(norm)
                proper = kind == "word" and i > 0 and token.raw[:1].isupper() and norm not in STOPWORDS
                long_number = kind in ("number", "identifier") and sum(c.isdigit() for c in norm) >= 3
                if (proper or long_number) and len(norm) > 2 and norm not in used | known:
                    out.setdefault(norm, token.raw)
    return list(out.items())


_ERASED = frozenset(
    stem(w)
    for w in (
        *("forget", "forgets", "forgot", "forgotten", "forgetting", "delete", "deletes", "deleted"),
        *("deleting", "remove", "removes", "removed", "removing", "erase", "erases", "erased"),
        *("omit", "omits", "omitted", "redact", "redacts", "redacted", "purge", "purges", "purged"),
        *("wipe", "wipes", "wiped", "exclude", "excludes", "excluded", "withhold", "withholds"),
        *("withheld", "scrub", "scrubs", "scrubbed", "strip", "strips", "stripped"),
    )
)
_TAKING = frozenset(
    stem(w)
    for w in (
        *("leave", "leaves", "left", "leaving", "take", "takes", "took", "taken", "taking", "cut"),
        *("cuts", "cutting", "strike", "strikes", "struck", "striking", "cross", "crosses"),
        *("crossed", "crossing", "blank", "blanked", "black", "blacked"),
    )
)
_AWAY = frozenset({stem("out"), stem("off")})
"""A verb of taking or leaving with "out" or "off" after it is a phrasal verb of removal:
"left out", "taken out of these notes", "struck off the list", "blacked out"."""


def _tells_deletion(statement: Statement) -> bool:
    """Whether the sentence tells that something was deleted: a verb of removal
    ("forgotten", "removed", "deleted", "erased", "omitted", "excluded", "withheld") or a
    phrasal verb of removal ("left out", "taken out", "struck off", :data:`_AWAY`)."""
    norms = statement.norms
    if _ERASED & set(norms):
        return True
    return any(a in _TAKING and b in _AWAY for a, b in itertools.pairwise(norms))


# -- what the sources said, and how ---------------------------------------------------


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


_OPENERS = frozenset(
    {"the", "a", "an", "this", "that", "these", "those", "its", "their", "our", "his", "her", "my", "your"}
)


def _modifiers(statement: Statement, positions: Sequence[int]) -> list[int]:
    """The classifier of a noun phrase of three words or more after its determiner: the
    word right before the head, "Spanish" in "might sit *the DELE B2 Spanish* exam",
    "savings" in "a Lumo savings account". Doubting the exam doubts the sitting, not that
    Spanish is what an exam is in; the head ("exam") and the words that tell which one
    ("DELE", "Lumo") keep the doubt."""
    text, tokens = statement.text, statement.tokens
    out: list[int] = []
    run: list[int] = []

    def close() -> None:
        if len(run) >= 3:
            out.append(run[-2])

    for i in positions:
        before = text[tokens[i - 1].end if i > 0 else 0 : tokens[i].start]
        opened = bool(before.split()) and before.split()[-1].lower() in _OPENERS
        joined = bool(run) and re.fullmatch(r"[\s-]*", before) is not None
        if opened:
            close()
            run = [i]
        elif joined and statement.norms[i] not in STOPWORDS:
            run.append(i)
        else:
            close()
            run = []
    close()
    return out


_FUTURE_WORDS = re.compile(
    r"(?:will|shall|'ll|going\s+to|gonna)(?:,\s*(?:will|shall|'ll|going\s+to|gonna))*", re.I
)


def _told_past(statement: Statement, index: int) -> bool:
    """Whether the clause of token ``index`` holds a verb in the past tense. A plain future
    ("the relief boat *will cover* the run") tells a plan, not a doubt, and English restates
    a plan in the present with a time adverbial (:func:`_time_framed`: "the relief boat
    *covers* the run while she is out", as "the train leaves at six"); only a past
    ("covered") tells it as done; a participle after a bare "be" ("is to be collected",
    "will be collected") is a plan's passive, no past."""
    clause = statement.clause[index]
    tokens = statement.tokens
    return any(
        t.past and not (j and tokens[j - 1].raw.lower() == "be")  # "is to be collected": a plan
        for j, t in enumerate(tokens)
        if statement.clause[j] == clause
    )


_FRAMES_OF_TIME = frozenset({"while", "until", "till", "during", "tomorrow", "tonight", "next", "from"})


def _before_question(statement: Statement, positions: Sequence[int]) -> list[int]:
    """The positions of a clause before its "whether", when "whether" is the clause's only
    doubt (:func:`_before_whether`): they frame the question, they are not asked."""
    if (statement.speculative(positions[0]) or "").lower() != "whether":
        return []
    asked = next((j for j in positions if statement.tokens[j].raw.lower() == "whether"), None)
    return [] if asked is None else [j for j in positions if j < asked]


def _before_whether(statement: Statement, index: int, hedge: str | None) -> str | None:
    """``hedge`` without a "whether" that comes after token ``index``: "whether" opens the
    question it asks ("has arranged a test *to establish whether* an infection lies behind
    it" doubts the infection, not the test before it)."""
    if not hedge or "whether" not in hedge.lower().split(", "):
        return hedge
    asked = [j for j, t in enumerate(statement.tokens) if t.raw.lower() == "whether"]
    if any(j <= index for j in asked):
        return hedge
    rest = [w for w in hedge.split(", ") if w.lower() != "whether"]
    return ", ".join(rest) or None


def _time_framed(statement: Statement) -> bool:
    """Whether the sentence holds a time adverbial: a time, a date, a weekday, or a word
    that frames a period ("while she is out", "until the 9th", "during the refit", "next
    week"). The simple present tells a future arrangement only with one ("covers the run
    while she is out", "leaves at six"); without one it tells a habit or a settled fact
    ("the neighbour trims the hedge" for "will trim" states the forecast as settled)."""
    return any(
        kind_of(norm) in ("time", "date") or norm in _WEEKDAYS or token.raw.lower() in _FRAMES_OF_TIME
        for token, norm in zip(statement.tokens, statement.norms, strict=True)
    )


def _future_only(hedge: str) -> bool:
    """Whether a clause's hedge words are only a future ("will", "'ll", "going to")."""
    return _FUTURE_WORDS.fullmatch(hedge) is not None


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
        *("noted", "read", "reads", "indicate", "indicates", "indicated", "display", "displays"),
        *("displayed", "predict", "predicts", "predicted", "propose", "proposes", "proposed"),
        *("advise", "advises", "advised", "warn", "warns", "warned", "tell", "tells", "told", "cite"),
        *("cites", "cited", "flag", "flags", "flagged", "detect", "detects", "detected", "mention"),
        *("mentions", "mentioned", "return", "returns", "returned", "measure", "measures", "measured"),
        *("ask", "asks", "asked", "request", "requests", "requested", "demand", "demands", "demanded"),
        *("instruct", "instructs", "instructed", "urge", "urges", "urged", "citing"),
    )
)
"""Verbs (and their nouns) that tell what a source said or showed: "the portal *puts* the
queue at 18 days", "diagnostics *found* 14 reboots", "the store's *suggestions*"."""

_OWN_SPEAKERS = frozenset(stem(w) for w in ("user", "we", "i", "system", "operator", "assistant"))
"""The speakers a summary restates as its own: a claim told with one of them as its subject,
and no telling verb, is theirs ("the user approved the surcharge")."""

_FRAMED = frozenset(
    stem(w) for w in ("according", "per", "untrusted", "unverified", "unconfirmed", "retrieved")
)
"""Words that attribute without a telling verb or a source noun: "according to", "per",
"[untrusted]", "unverified"."""

_LABEL_END = re.compile(r":\s|(?:^|\s)['\"\u2018\u201c]")


def _source_label(text: str) -> frozenset[str]:
    """The words an untrusted event names its source with: its text before the colon or
    quotation mark that opens what the source says ("*Partner portal*: ...", "*Text from
    the skip company*: '...'", "*Email pasted by the user*: ...")."""
    end = _LABEL_END.search(text)
    if end is None:
        return frozenset()
    head = tokens(text[: end.start()])
    if len(head) > 12:
        return frozenset()
    return frozenset(
        t.norm
        for t in head
        if kind_of(t.norm) in ("word", "identifier") and len(t.norm) > 2 and t.norm not in STOPWORDS
    )


def _source_tells(statement: Statement, label: frozenset[str], verbs: Set[str] = _TELLING) -> bool:
    """Whether the sentence names the untrusted event's source as the one telling: a word of
    its label is the nearest speaker before a telling verb or noun in its stretch of the
    sentence ("the HVAC log for room 3.07 *shows*", "the broker's bot *asserted* that", "the
    store's auto-*suggestions*"), not the user or the system ("W4: the system *says* ...")."""
    norms, segment = statement.norms, statement.segment
    for verb, norm in enumerate(norms):
        if norm not in verbs:
            continue
        teller = next(
            (
                norms[j]
                for j in range(verb - 1, -1, -1)
                if segment[j] == segment[verb] and (norms[j] in label or norms[j] in _OWN_SPEAKERS)
            ),
            None,
        )
        if teller is not None and teller not in _OWN_SPEAKERS:
            return True
    return False


def _claimed_as_own(statement: Statement, hits: Sequence[int], label: frozenset[str], need: int) -> bool:
    """Whether a stretch of the sentence tells the untrusted words as a claim of the
    summary's own speakers: the user, "we" or the system its subject before them, no telling
    verb and no "according to" or "per" in it: "the user approved the 15% surcharge (ticket
    RW-4471)" cites the ticket but tells its claim as the user's act."""
    norms, segment = statement.norms, statement.segment
    for c in dict.fromkeys(segment[i] for i in hits):
        positions = [j for j, k in enumerate(segment) if k == c]
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
        if not any(norms[j] in _TELLING or norms[j] in _FRAMED for j in positions):
            return True
    return False


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
    topic = _topic(statement, {statement.norms[i] for i in hits})
    for i in hits:
        words = _reported(statement, i, names)
        if words is None:
            continue
        if words == "quotation marks":
            return True
        for word in words.split(", "):
            if word in topic:
                continue  # "Same-day requests: all must be accepted" is about requests
            norms = {t.norm for t in tokens(word)}
            if norms & (_TELLING | _FRAMED | told_by) or not norms <= ATTRIBUTION:
                return True
    return False


def _check_sources(
    events: Sequence[object],
    statements: Sequence[Statement],
    active_words: set[str],
    scoped: Sequence[Resolved],
) -> list[Violation]:
    """Speculation stated as settled (``unsupported_fact``) and an untrusted event's words
    stated without attribution (``trust_elevated``); either is excused when the summary
    names the event's source as the one telling it (:func:`_source_tells`).

    Only *distinguishing* words count: those the source used only in a speculative clause
    (or only in untrusted events), never in a settled, trusted statement or an active fact.
    """
    settled: set[str] = set(active_words)
    trusted: set[str] = set()
    speculative: dict[str, str] = {}
    doubted: set[str] = set()
    forms: dict[str, set[str]] = {}
    untrusted: dict[str, list[set[str]]] = {}
    labels: dict[str, frozenset[str]] = {}
    told_by: dict[str, set[str]] = {}
    untrusted_fact_words: set[str] = set()
    tools: set[str] = set()
    orders: dict[str, list[bool]] = {}
    roles: dict[str, list[tuple[frozenset[str], str]]] = {}
    for r in scoped:
        if r.fact.authority is Trust.UNTRUSTED:
            untrusted_fact_words |= r.words()
    names = {word for r in scoped for alias in r.names for word in alias}
    stated = {r.fact.fact_id: r for r in scoped}
    plans: list[_Plan] = []
    unplanned: set[str] = set(active_words)
    doubted_things: set[str] = set()
    believed_only: set[str] = set()
    for event in events:
        text = getattr(event, "text", "")
        claims = [stated[c.fact_id] for c in getattr(event, "claims", ()) if c.fact_id in stated]
        trust = getattr(event, "trust", Trust.USER)
        event_id = getattr(event, "event_id", "?")
        labels[event_id] = _source_label(text)
        for statement in read_statements(text):
            for clause in sorted(set(statement.clause)):
                positions = [i for i, c in enumerate(statement.clause) if c == clause]
                words = _content(statement, positions)
                if not positions:
                    continue
                # A clause that states one of the event's own facts is settled whatever its
                # modal ("agents may refund up to $50"): its words are the fact's.
                # Its qualifiers too: "only if a parent signs the agreement" is the fact's
                # condition, not a doubt.
                # A fact with a value is stated where its value is, not wherever its names
                # are: "the inspection is at 9:30 and the inspector might look at the
                # tachographs" leaves the second clause a doubt.
                own = any(
                    statement.in_clause(
                        (*(r.value or r.names), *(a for _, group in r.qualifiers for a in group)),
                        positions[0],
                    )
                    for r in claims
                )
                if not own and statement.speculative(positions[0]) is not None:
                    # "If you decide to bring it, sports equipment can be added": the rule holds.
                    settled |= _content(statement, statement.ruled_consequence(positions))
                    given = _content(statement, statement.presupposed(positions))
                    # "He asked whether the plot has a water butt": what stands before the
                    # "whether" that alone doubts the clause is no doubt.
                    given |= _content(statement, _before_question(statement, positions))
                    settled |= given
                    modifiers = _content(statement, _modifiers(statement, positions))
                    doubt = statement.speculative(positions[0]) or ""
                    doubted_things |= _reported_content(statement, positions)
                    _note_roles(statement, positions, words - given - modifiers, doubt, roles)
                    believed = _believed(statement, positions)
                    for w in words - given - modifiers:
                        if believed:
                            believed_only.add(w)
                        speculative.setdefault(w, event_id)
                        forms.setdefault(w, set()).update(
                            statement.tokens[i].raw.lower() for i in positions if statement.norms[i] == w
                        )
                        if not _future_only(doubt):
                            doubted.add(w)
                else:
                    settled |= words
                    plan = None if own else _plan(statement, positions, words, event_id)
                    if plan is None:
                        unplanned |= words
                    else:
                        plans.append(plan)
                if trust is Trust.UNTRUSTED:
                    untrusted.setdefault(event_id, []).append(words)
                    clause_text = statement.text[
                        statement.tokens[positions[0]].start : statement.tokens[positions[-1]].end
                    ]
                    orders.setdefault(event_id, []).append(_directive(clause_text))
                    told_by.setdefault(event_id, set()).update(statement.norms)
                    if _is_tool(event):
                        tools.add(event_id)
                        told_by[event_id].update(t.norm for t in tokens(getattr(event, "name", None) or ""))
                else:
                    # A trusted denial ("I never asked to cancel anything") does not make
                    # the words it denies its own: they still tell the untrusted claim. A
                    # clause that states a fact of its own ("code SAVE90 is not a valid
                    # code") keeps its words: they are the fact's.
                    denied = {statement.norms[i] for i in positions if not own and statement.negated(i)}
                    trusted |= words - denied
    found: list[Violation] = []
    only_speculative = {w: e for w, e in speculative.items() if w not in settled}
    if only_speculative:
        for statement in statements:
            for i, norm in enumerate(statement.norms):
                if norm not in only_speculative:
                    continue
                if statement.asked(i) or statement.title():
                    continue  # a question or a section title asserts nothing
                hedge = _before_whether(statement, i, statement.speculative(i))
                # "might need" told as "will need", reported or not, is stated as certain.
                forecast = bool(hedge) and _future_only(hedge or "") and norm in doubted
                if (hedge and not forecast) or statement.negated(i):
                    continue
                if norm not in doubted and not _told_past(statement, i) and _time_framed(statement):
                    continue  # "will cover the run" as "covers the run while she's out"
                if _classifies(statement, i, settled) and statement.tokens[i].raw.lower() not in forms[norm]:
                    continue  # "the matching panel sits on the 14th" for "might be matched"
                if _about_else(statement, i, roles.get(norm, ()), set(only_speculative)):
                    continue  # "spring vegetable recipes" for "moving to Porto next spring"
                # "The skip company texted that they can probably ..." reports the doubt; a
                # report of what the source only believed or thought possible does not
                # (:data:`REPORTING`: "thinks it might be X" told as "says it is X").
                source = labels[only_speculative[norm]]
                reported = norm not in believed_only and _reports_doubt(
                    _reported(statement, i, names | doubted_things)
                )
                if not forecast and (reported or _source_tells(statement, source, _TELLING_DOUBT)):
                    continue
                found.append(
                    Violation(
                        code=ViolationCode.UNSUPPORTED_FACT,
                        expected="a possibility, as the source said it",
                        observed="stated as settled",
                        detail=f"{_where(statement)} states {statement.tokens[i].raw!r} as settled; "
                        f"event {only_speculative[norm]} only said it might be "
                        f"(keep 'may', 'might', 'thinking about', 'if')",
                    )
                )
                break
            if found:
                break
    if not found:
        found.extend(_plans_told_as_done(plans, unplanned, statements, names))
    for event_id, groups in untrusted.items():
        for words, order in zip(groups, orders[event_id], strict=True):
            keys = words - trusted - (active_words - untrusted_fact_words)
            if not keys:
                continue
            need = min(2, len(keys))
            for statement in _coordinated(statements):
                hits = [i for i, n in enumerate(statement.norms) if n in keys]
                label = labels.get(event_id, frozenset())
                if len({statement.norms[i] for i in hits}) < need or all(
                    statement.norms[i] in label for i in hits
                ):
                    continue  # the words that name the source ("the store dashboard") are not its claim
                source_words = told_by[event_id] | label
                # Not the words that name the source ("following an email from the help centre").
                claim = [i for i in hits if statement.norms[i] not in label and not statement.in_occasion(i)]
                by_person = event_id in tools and _told_by_person(statement, hits[0], source_words)
                if (
                    not _claimed_as_own(statement, hits, label, need)
                    and not by_person
                    and (
                        _attributes(statement, claim, names, told_by[event_id])
                        or _source_tells(statement, label)
                    )
                ):
                    continue
                if event_id in tools and not order and not _directive(statement.text):
                    continue  # a tool's data restated as data; its instructions stay its own
                words_shown = ", ".join(dict.fromkeys(statement.tokens[i].raw for i in hits))
                found.append(
                    Violation(
                        code=ViolationCode.TRUST_ELEVATED,
                        expected=Trust.UNTRUSTED.value,
                        observed="unattributed",
                        detail=f"{_where(statement)} restates what untrusted event {event_id} said "
                        f"({words_shown}) as its own, with no attribution "
                        f"('says', 'quoted', the source named)",
                    )
                )
                return found
    return found


_NEW_CLAUSE = re.compile(
    r",\s+and\s+(?=(?:every|each|all|the|a|an|this|these|those|its|their|his|her|our|your|my|no|"
    r"it|they|he|she|we|you|i)\b[^,;:]*?\b(?:is|are|was|were|has|have|had|will|must|should|can|may)\b)",
    re.IGNORECASE,
)
"""", and" before a new subject and its verb: a clause of its own ("An automated message
from the lab gave the count, *and every cow is* to be treated ..."): what the first clause
attributes does not reach it."""


def _coordinated(statements: Sequence[Statement]) -> list[Statement]:
    """The statements, each coordinated clause of its own (:data:`_NEW_CLAUSE`) read apart,
    as a source restated in one clause and the summary's own claim in the next are apart."""
    out: list[Statement] = []
    for statement in statements:
        parts = [part.strip() for part in _NEW_CLAUSE.split(statement.text)]
        if len(parts) == 1:
            out.append(statement)
            continue
        for part in filter(None, parts):
            out.extend(dataclasses.replace(s, index=statement.index) for s in read_statements(part))
    return out


_BELIEVING = frozenset(
    stem(w)
    for w in (
        *("think", "thinks", "thought", "believe", "believes", "believed", "reckon", "reckons"),
        *("reckoned", "suspect", "suspects", "suspected", "guess", "guesses", "guessed", "feel"),
        *("feels", "felt", "suppose", "supposes", "supposed", "figure", "figures", "figured"),
    )
)
"""Verbs of believing: "my neighbour *thinks* it might be a leak" tells a belief, not a
saying."""


def _believed(statement: Statement, positions: Sequence[int]) -> bool:
    """Whether a source's doubted clause is told as someone's belief: a verb of believing
    (:data:`_BELIEVING`) in the sentence up to the clause's end, and no verb of saying
    (:data:`REPORTING`) in it. A summary's verb of saying ("she *says* it is a leak")
    reports a saying the source never told: it states the belief as settled."""
    last = max(positions)
    norms = statement.norms
    return any(n in _BELIEVING for n in norms[: last + 1]) and not any(n in REPORTING for n in norms)


_TIME_DETERMINERS = frozenset({"next", "last", "this", "coming", "every"})
"""What makes the word after it a time in a hedged clause: "*next* spring", "*this* summer"."""


def _note_roles(
    statement: Statement,
    positions: Sequence[int],
    doubted: set[str],
    hedge: str,
    roles: dict[str, list[tuple[frozenset[str], str]]],
) -> None:
    """Record, for each doubted word of a hedged clause, the clause's doubted words and the
    word's role in it: ``time`` after a time determiner ("next *spring*"), ``verb`` for the
    first doubted word after the hedge ("thinking of *moving*"), else ``""``."""
    hedge_words = {w.lower() for w in re.findall(r"[\w']+", hedge)}
    after = max((i for i in positions if statement.tokens[i].raw.lower() in hedge_words), default=None)
    verb = (
        next((i for i in positions if i > after and statement.norms[i] in doubted), None)
        if after is not None
        else None
    )
    hedging = {statement.norms[i] for i in positions if statement.tokens[i].raw.lower() in hedge_words}
    clause = frozenset(doubted - hedging)  # "probably" is the doubt, not what is doubted
    for i in positions:
        norm = statement.norms[i]
        if norm not in clause:
            continue
        role = ""
        if i > 0 and statement.norms[i - 1] in _TIME_DETERMINERS:
            role = "time"
        elif i == verb:
            role = "verb"
        roles.setdefault(norm, []).append((clause, role))


def _about_else(
    statement: Statement, index: int, roles: Sequence[tuple[frozenset[str], str]], doubted: set[str]
) -> bool:
    """Whether token ``index``, a word only hedged clauses used, shares just itself with each
    of them, and is there no more than their time ("next spring" -> "spring vegetable
    recipes") or their verb with an object of its own ("thinking of moving to Porto" ->
    "moving her grocery day to Friday"): a clause about something else, not the speculation
    restated. The verb with nothing after it ("she is moving") or any two of the clause's
    words still restate it."""
    if not roles:
        return False
    clause = statement.clause[index]
    here = {n for j, n in enumerate(statement.norms) if statement.clause[j] == clause}
    for words, role in roles:
        if len(here & words & doubted) != 1 or role == "" or len(words) < 2:
            return False  # a clause of one doubted word ("probably harmless") is restated by it
        if role == "verb":
            rest = [
                n
                for j, n in enumerate(statement.norms)
                if j > index
                and statement.clause[j] == clause
                and statement.segment[j] == statement.segment[index]
                and n not in STOPWORDS
            ]
            if not rest or set(rest) & words:
                return False
    return True


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


def _classifies(statement: Statement, index: int, settled: set[str]) -> bool:
    """Whether token ``index`` is an "-ing" word right before a noun the sources settled: a
    classifier that names a kind of that thing ("the *matching* panel", "the *booking* fee",
    "a *cleaning* crew"), not the act itself, which the sources may only have doubted
    ("might be matched"). The doubted word in the same "-ing" form ("the pipe might be
    leaking", then "the leaking pipe") still states the doubt."""
    token = statement.tokens[index]
    if not token.raw.lower().endswith("ing") or index + 1 >= len(statement.tokens):
        return False
    between = statement.text[token.end : statement.tokens[index + 1].start]
    return not between.strip() and statement.norms[index + 1] in settled


@dataclass(frozen=True, slots=True)
class _Plan:
    """A speaker's own decision ("I'll move to Berlin"): settled as a plan, not as done."""

    verb: str
    words: frozenset[str]
    event_id: str


_PLAN = re.compile(
    r"\b(?:i|we)\s*(?:'ll|\u2019ll|\s+will|\s+shall|(?:'m|\u2019m|'re|\u2019re|\s+am|\s+are)\s+going\s+to)"
    r"\s+(?:(?:definitely|certainly|really|just|also|then|soon)\s+)?([a-z]+)",
    re.IGNORECASE,
)


def _plan(statement: Statement, positions: Sequence[int], words: set[str], event_id: str) -> _Plan | None:
    """The plan a first-person future clause states, with the verb it will do, or None."""
    start = min(statement.tokens[i].start for i in positions)
    end = max(statement.tokens[i].end for i in positions)
    match = _PLAN.search(statement.text[start:end])
    if match is None:
        return None
    verb = next((t.norm for t in tokens(match.group(1))), None)
    if verb is None or verb in STOPWORDS:
        return None
    return _Plan(verb, frozenset(words - {verb}), event_id)


_STILL_AHEAD = frozenset({"be", "being", "get", "getting"})


def _plans_told_as_done(
    plans: Sequence[_Plan], unplanned: set[str], statements: Sequence[Statement], names: set[str]
) -> list[Violation]:
    """A plan's verb in the past tense, in a clause holding a word only the plan used:
    "moved to Berlin" for "I'll move to Berlin" (``unsupported_fact``). "Plans to move",
    "is moving" and "will move" keep it a plan."""
    for plan in plans:
        distinct = plan.words - unplanned
        if not distinct:
            continue
        for statement in statements:
            for i, token in enumerate(statement.tokens):
                if not token.past or statement.norms[i] != plan.verb:
                    continue
                if i and statement.tokens[i - 1].raw.lower() in _STILL_AHEAD:
                    continue  # "to be repainted", "being sold": a participle of what is ahead
                if statement.asked(i) or statement.speculative(i) or statement.negated(i):
                    continue
                if _reported(statement, i, names):
                    continue
                clause = statement.clause[i]
                if not any(
                    statement.norms[j] in distinct for j, c in enumerate(statement.clause) if c == clause
                ):
                    continue
                return [
                    Violation(
                        code=ViolationCode.UNSUPPORTED_FACT,
                        expected="a plan, as the source said it",
                        observed="stated as done",
                        detail=f"{_where(statement)} states {token.raw!r} as done; event {plan.event_id} "
                        f"only said it was planned (keep 'plans to', 'will', 'is going to')",
                    )
                ]
    return []


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
        *("asserted",),
    )
)
"""Plain verbs of saying: "she *said* the panel has cut the line" tells what was said as it
was said, so a hedge the source used and the report left out is a change, not a report."""


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
    unconfirmed report"); not a plain verb of saying alone (:data:`_SAYING`)."""
    if not words:
        return False
    return any(not set(phrase(w)) <= _SAYING for w in words.split(", "))


def _reported(statement: Statement, position: int, names: set[str]) -> str | None:
    """The words that attribute token ``position`` to a source, leaving out a word that
    names one of the ledger's facts: "museum tickets cost 14 euros" reports no ticket."""
    words = statement.attributed(position)
    if words is None or words == "quotation marks":
        return words
    kept = [w for w in words.split(", ") if not set(phrase(w)) <= names]
    return ", ".join(kept) if kept else None


def check_artifact_summary(
    ledger: Ledger, artifact: Artifact, structured: Verdict, *, facts_expected: bool = False
) -> Verdict:
    """The fact verdict for an artifact that carries a summary.

    Prose checking is opted into by the ledger: when any fact declares a prose form
    (``prose:`` in a spec), a prose-only artifact (a summary, no structured facts) is
    checked in prose instead of structurally (where every fact would be ``missing``), and
    an artifact with both is checked both ways. Without declared forms the structured
    verdict stands; a prose-only artifact's ``missing`` then says how to opt in. With
    ``facts_expected`` (the compressor emits structured facts), an artifact without facts
    is an omission, checked both ways, never read as prose only.
    """
    summary = artifact.summary
    if not summary:
        return structured
    declared = bool(getattr(ledger, "prose_forms", None))
    if not declared:
        if artifact.facts or facts_expected:
            return structured
        hint = (
            "; the artifact is prose only (a summary, no facts): give the facts prose forms "
            "(prose: names: [...]) to check the summary in prose"
        )
        return Verdict(
            violations=tuple(
                dataclasses.replace(v, detail=v.detail + hint) if v.code is ViolationCode.MISSING else v
                for v in structured.violations
            ),
            review=structured.review,
        )
    tenant, subject = artifact.tenant_id, artifact.subject_id
    prose = check_facts_in_prose(ledger, summary, tenant_id=tenant, subject_id=subject)
    if not artifact.facts and not facts_expected:
        return prose
    if facts_expected:
        return structured.merged(prose)
    return _either_part(
        structured, prose, lambda: stated_facts(ledger, summary, tenant_id=tenant, subject_id=subject)
    )


def _either_part(structured: Verdict, prose: Verdict, stated: Callable[[], Iterable[Fact]]) -> Verdict:
    """An artifact that is a summary plus some structured facts (a summary and the last
    few messages kept as they were): a fact is stated when either part states it, and
    what either part gets wrong about it counts. A fact both parts leave out is
    ``missing`` once, with the prose reading's detail (which sentence named what)."""

    in_facts = {v.fact_id for v in structured.violations if v.code is ViolationCode.MISSING}
    if in_facts:
        # Stated in prose, rightly (``stated``) or wrongly (a prose violation names it).
        in_summary = {f.fact_id for f in stated()} | {v.fact_id for v in prose.violations}
        kept = [
            v
            for v in structured.violations
            if v.code is not ViolationCode.MISSING or v.fact_id not in in_summary
        ]
    else:
        kept = list(structured.violations)
    kept += [v for v in prose.violations if v.code is not ViolationCode.MISSING or v.fact_id in in_facts]
    return Verdict(
        violations=sort_violations(kept), review=sort_violations((*structured.review, *prose.review))
    )
