"""Prose forms resolved for checking: the normalized words a fact is found and judged by.

A fact's prose form (``prose:`` in a spec, ``ProseForm`` in Python) lists the words that
name it, carry its value and its qualifiers, and its subject, each with aliases. Where the
form leaves something out, a default comes from the fact itself, kept only when the
fact's own source text says it that way (a default the source never uses could only
raise false alarms):

- ``value``: a string value as written; a number, amount, time or date in any wording
  ("5", "five"; "14:00", "2 pm"); booleans carry no value words (their sense is the
  polarity);
- ``qualifiers``: each string or number qualifier value, as for the value;
- ``names``: the predicate's words ("food.peanuts_allowed" -> "peanuts", "allowed");
  failing those, the value words;
- ``polarity``: how the source states it (a negator in the segment that names it ->
  ``negative``).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Fact, Value
from pytest_compaction.prose._alias_forms import Alias, as_unit, converted, derivations
from pytest_compaction.prose._numbers import _number
from pytest_compaction.prose._spoken import other_half, without_half
from pytest_compaction.prose._units import COUNTED_SPANS
from pytest_compaction.prose._varieties import other_variety
from pytest_compaction.prose.normalize import (
    adverb_family,
    clock_time,
    is_year,
    kind_of,
    phrase,
    stem,
    tokens,
)
from pytest_compaction.prose.statements import STOPWORDS, Statement, read_statements, un_negative

__all__ = ["Alias", "ProseFormLike", "Resolved", "resolve", "without_year"]


class ProseFormLike(Protocol):
    """The shape of ``pytest_compaction.core.prose_form.ProseForm``."""

    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def value(self) -> tuple[str, ...]: ...
    @property
    def qualifiers(self) -> tuple[tuple[str, tuple[str, ...]], ...]: ...
    @property
    def subject(self) -> tuple[str, ...]: ...
    @property
    def polarity(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Resolved:
    """A fact's prose form, every alias normalized, defaults filled in."""

    fact: Fact
    names: tuple[Alias, ...]
    value: tuple[Alias, ...]
    qualifiers: tuple[tuple[str, tuple[Alias, ...]], ...]
    subject: tuple[Alias, ...]
    polarity: str
    shown: Mapping[Alias, str]
    """Each alias as the form wrote it, for messages."""
    declared: bool
    """Whether the fact carries its own prose form (rather than defaults only)."""
    derived: frozenset[Alias] = frozenset()
    """The aliases added in another derivation of one word (:func:`derivations`): one is
    read only where no alias as written occurs in the sentence."""
    halfless: frozenset[Alias] = frozenset()
    """The value aliases that are a time written without its half of the day, for a fact
    whose value does not fix the half ("7:30"): stated by the same clock reading in either
    half ("7:30 pm" as "7:30 am")."""
    inverse: frozenset[Alias] = frozenset()
    """The value aliases that state the value negated: the "un-" form of a one-word value
    of a true/false fact ("unsigned" for "signed"). Like derived aliases, one is read only
    where no value alias as written occurs in the sentence."""
    value_polarity: str = "positive"
    """How the source states the value words of a true/false fact: "negative" when it
    states them negated ("it has *not* been signed"), so a summary must too."""

    def stated(self, group: Sequence[Alias], statement: Statement) -> list[Alias]:
        """The aliases of ``group`` that ``statement`` holds: those as written, or, when it
        holds none of them, the derived ones ("Manager approval: remote work is not
        approved" states "approved", negated; "approval" does not outvote it)."""
        if self.derived.isdisjoint(group):
            return list(group)
        held = [a for a in group if statement.find(a) >= 0]
        written = [a for a in held if a not in self.derived]
        return written or held

    def words(self) -> frozenset[str]:
        """Every token of every alias (names, value, qualifiers)."""
        return _words(self.names, self.value, self.qualifiers)

    def show(self, alias: Sequence[str]) -> str:
        return self.shown.get(tuple(alias), " ".join(alias))

    def value_positions(self, statement: Statement) -> list[tuple[int, Alias]]:
        """Where ``statement`` states a value alias, in alias order, each alias followed by
        its dates without their year (:func:`without_year`): "Friday, September 18" states
        2026-09-18, but not where the statement writes another year right after the date
        ("September 18, 2027" is another date)."""
        out: list[tuple[int, Alias]] = []
        derived = self.derived
        for alias in self.value:
            if alias in derived:
                continue
            out.extend((at, alias) for at in statement.positions(alias))
            yearless = without_year(alias)
            if yearless is None or yearless in self.value:
                continue
            for at in statement.positions(yearless):
                if not _year_after(statement.norms, at, yearless):
                    out.append((at, alias))
        if not out and derived:
            for alias in self.value:
                if alias in derived:
                    out.extend((at, alias) for at in statement.positions(alias))
        if not out:
            out.extend(self._other_half(statement))
        if not out:
            out.extend(self._around_name(statement))
        return out

    def _around_name(self, statement: Statement) -> list[tuple[int, Alias]]:
        """Where ``statement`` states a value alias of several words with one of the fact's
        names inside it: "take *one* atovaquone/proguanil *tablet* a day" for "one tablet"
        of the atovaquone/proguanil fact. The position is the alias's first word."""
        out: list[tuple[int, Alias]] = []
        norms = statement.norms
        for alias in (a for a in self.value if len(a) > 1):
            for name in self.names:
                for at in statement.positions(name):
                    end = at + len(name)
                    for cut in range(1, len(alias)):
                        if (
                            norms[max(0, at - cut) : at] == alias[:cut]
                            and norms[end : end + len(alias) - cut] == alias[cut:]
                        ):
                            out.append((at - cut, alias))
        return out

    def _other_half(self, statement: Statement) -> list[tuple[int, Alias]]:
        """Where ``statement`` states a time value alias by its clock reading in the other
        half of the day, and one of the two was written without its half: "the 7:30 show"
        for a show at 19:30, "7:30 pm" for a value written "7:30". "7:30 am" written for
        19:30 states another time."""
        times = [a for a in self.value if len(a) == 1 and kind_of(a[0]) == "time"]
        out: list[tuple[int, Alias]] = []
        for i, norm in enumerate(statement.norms if times else ()):
            if kind_of(norm) != "time":
                continue
            for alias in times:
                if other_half(alias[0]) == norm and (
                    alias in self.halfless or without_half(statement.tokens[i])
                ):
                    out.append((i, alias))
        return out

    def find_value(self, statement: Statement) -> tuple[int, Alias] | None:
        """The first value alias ``statement`` states and where (as :meth:`value_positions`)."""
        found = self.value_positions(statement)
        return found[0] if found else None


@functools.lru_cache(maxsize=4096)
def _words(
    names: tuple[Alias, ...], value: tuple[Alias, ...], qualifiers: tuple[tuple[str, tuple[Alias, ...]], ...]
) -> frozenset[str]:
    out: set[str] = set()
    for alias in (*names, *value, *(a for _, group in qualifiers for a in group)):
        out.update(alias)
    return frozenset(out)


def _value_words(value: Value) -> list[str]:
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, (int, float)):
        return [repr(value) if isinstance(value, float) else str(value)]
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, list):
        return [w for item in value for w in _value_words(item)]
    return []


def _time_of(text: str) -> str | None:
    """The time norm ``text`` is when it is one time and nothing else, or None."""
    read = tokens(text)
    return read[0].norm if len(read) == 1 and kind_of(read[0].norm) == "time" else None


def _time_with_half(written: Value) -> str | None:
    """The time a fact's value is when written with its half of the day ("19:30",
    "07:30", "7:30 pm"), or None."""
    if not isinstance(written, str):
        return None
    read = tokens(written)
    if len(read) != 1 or kind_of(read[0].norm) != "time" or without_half(read[0]):
        return None
    return read[0].norm


def _in_source(alias: Alias, source: Sequence[Statement]) -> bool:
    return any(s.find(alias) >= 0 for s in source)


@functools.lru_cache(maxsize=8192)
def without_year(alias: Alias) -> Alias | None:
    """The alias with the year of its dates left out ("2026-09-18" -> "September 18"), or
    None when it holds no day-and-month date with a year after it.

    A summary often writes a date without its year ("Friday, September 18", "Monday 14
    December"): that is the same date as an ISO date whose month and day agree. The same
    month and day with another year written after it is another date (see
    ``facts._value_hit``)."""
    drop = {
        i + 1
        for i, norm in enumerate(alias[:-1])
        if kind_of(norm) == "date" and "-" in norm and is_year(alias[i + 1])
    }
    if not drop:
        return None
    return tuple(norm for i, norm in enumerate(alias) if i not in drop)


_ORDINAL_DAY = re.compile(r"(?:\d(?:st|nd|rd|th)|first|second|third|[a-z]th)$", re.IGNORECASE)
_MONTH_DAY = re.compile(r"(?:\d{4}-)?(\d{1,2})-(\d{1,2})")


def day_dates(value: tuple[Alias, ...], shown: Mapping[Alias, str], written: Value) -> dict[Alias, str]:
    """The dates a value alias said as an ordinal day names ("the 28th", "the
    twenty-eighth"): that day of the fact's own month where its value writes one ("03-28",
    "2026-03-28"), else of any month. A summary that writes the date with its month ("28
    March") states the same day; the ordinal alone never fixed the month."""
    out: dict[Alias, str] = {}
    for alias in value:
        if len(alias) != 1 or kind_of(alias[0]) != "number" or not _ORDINAL_DAY.search(shown.get(alias, "")):
            continue
        day = alias[0][1:]
        if not day.isdigit() or not 1 <= int(day) <= 31:
            continue
        dated = _MONTH_DAY.fullmatch(written.strip()) if isinstance(written, str) else None
        months = (
            [int(dated.group(1))]
            if dated and int(dated.group(2)) == int(day) and 1 <= int(dated.group(1)) <= 12
            else range(1, 13)
        )
        for month in months:
            out.setdefault((f"%{month}-{int(day):02d}",), shown[alias])
    return {alias: said for alias, said in out.items() if alias not in value}


def _year_after(norms: Sequence[str], at: int, alias: Alias) -> bool:
    """Whether a year follows one of the alias's dates where it stands at ``at``."""
    return any(
        kind_of(norm) == "date" and "-" in norm and at + j + 1 < len(norms) and is_year(norms[at + j + 1])
        for j, norm in enumerate(alias)
    )


class _Builder:
    def __init__(self, source: Sequence[Statement]) -> None:
        self.source = source
        self.shown: dict[Alias, str] = {}
        self.derived: set[Alias] = set()

    def aliases(
        self, words: Iterable[str], *, require_source: bool, derive: bool = False
    ) -> tuple[Alias, ...]:
        out: list[Alias] = []
        for word in words:
            alias = phrase(word)
            if not alias or alias in out:
                continue
            if require_source and not _in_source(alias, self.source):
                continue
            self.shown.setdefault(alias, word)
            out.append(alias)
            unit = as_unit(word, alias)
            if unit is not None and unit not in out:
                self.shown.setdefault(unit, word)
                out.append(unit)
            for other in (*converted(alias), *other_variety(alias)):
                if other not in out:
                    self.shown.setdefault(other, word)
                    out.append(other)
        variants: list[Alias] = []
        for alias in out if derive else ():
            for variant in derivations(alias):
                if variant not in out and variant not in variants:
                    self.shown.setdefault(variant, self.shown[alias])
                    self.derived.add(variant)
                    variants.append(variant)
        return (*out, *variants)

    def in_half(self, value: tuple[Alias, ...], written: Value) -> tuple[tuple[Alias, ...], frozenset[Alias]]:
        """The value aliases with each time read as a time ("seven thirty" for a value
        "19:30" is the clock reading, not two numbers) and, where the fact's value is a time
        written with its half of the day, each alias written without its half read in that
        half ("7:30" for "19:30" is 19:30); and the aliases whose half nothing fixes."""
        half = _time_with_half(written)
        out: list[Alias] = []
        halfless: set[Alias] = set()
        for alias in value:
            shown = self.shown.get(alias, " ".join(alias))
            said = clock_time(shown) if isinstance(written, str) and _time_of(written) else None
            token = said or (tokens(shown)[0] if len(alias) == 1 and kind_of(alias[0]) == "time" else None)
            if token is not None and without_half(token):
                read: Alias = (token.norm,)
                if half is not None and other_half(token.norm) == half:
                    read = (half,)
                elif half is None:
                    halfless.add(read)
                self.shown.setdefault(read, shown)
                alias = read
            if alias not in out:
                out.append(alias)
        return tuple(out), frozenset(halfless)

    def inverse(self, value: tuple[Alias, ...], true_false: bool = True) -> tuple[Alias, ...]:
        """The "un-" form of each one-word value alias as written that English negates that
        way ("signed" -> "unsigned", "authorised" -> "unauthorised"; not "allergic"), and the
        state opposite a closure (:data:`_OPPOSITE_STATES`: "closed" -> "open"), each also
        derived (:attr:`Resolved.derived`)."""
        out: list[Alias] = []
        for alias in value:
            word = self.shown.get(alias, "").lower()
            if not true_false and word in _DECISIONS:
                continue
            for opposite in _OPPOSITE_STATES.get(word, ()):
                turned = phrase(opposite)
                if turned and turned not in value and turned not in out:
                    self.shown.setdefault(turned, opposite)
                    self.derived.add(turned)
                    out.append(turned)
            verbal = word[-1:] not in "aeiouycw" and un_negative(f"un{word}ed")  # "marshal": "unmarshalled"
            negatable = un_negative(f"un{word}") or verbal
            if len(alias) != 1 or alias in self.derived or not word.isalpha() or not negatable:
                continue  # "marshal" is negated as "unmarshalled", as "signed" is as "unsigned"
            turned = phrase(f"un{word}")
            if turned and turned not in value and turned not in out:
                self.shown.setdefault(turned, f"un{word}")
                self.derived.add(turned)
                out.append(turned)
        return tuple(out)

    def with_hours(self, group: tuple[Alias, ...]) -> tuple[Alias, ...]:
        """A qualifier's aliases and, for each bare hour after a word that places a time
        ("before 8", "after eight", "by 6"), the same alias with that hour on the clock, in
        either half of the day ("before 8 pm", "before 08:00"): the alias leaves the half
        open, so a summary that fixes it still states the bound."""
        out = list(group)
        for alias in group:
            for i in range(1, len(alias)):
                hour = alias[i]
                if alias[i - 1] not in _HOUR_PLACING or kind_of(hour) != "number" or not hour[1:].isdigit():
                    continue
                if not 1 <= int(hour[1:]) <= 12:
                    continue
                for clock in (int(hour[1:]) % 12, int(hour[1:]) % 12 + 12):
                    variant = (*alias[:i], f"@{clock:02d}:00", *alias[i + 1 :])
                    if variant not in out:
                        self.shown.setdefault(variant, self.shown.get(alias, " ".join(alias)))
                        out.append(variant)
        return tuple(out)

    def with_adverbs(self, group: tuple[Alias, ...]) -> tuple[Alias, ...]:
        """A qualifier's aliases and, for each one-word alias, the other of its adjective /
        "-ly" adverb pair (:func:`adverb_family`): a "severe" allergy is told as "severely
        allergic", a "gentle" wash as "wash gently"; how the word is derived is all that
        differs."""
        out = list(group)
        for alias in group:
            if len(alias) != 1 or alias[0] in STOPWORDS:
                continue
            for other in sorted(adverb_family(alias[0])):
                if (other,) not in out:
                    self.shown.setdefault((other,), self.shown.get(alias, alias[0]))
                    out.append((other,))
        return tuple(out)


_HOUR_PLACING = frozenset(phrase("before after by until till from at since"))
"""Words before which a bare number of 1 to 12 is an hour ("before 8", "until eleven")."""


def _predicate_words(predicate: str) -> list[str]:
    parts = [w for seg in predicate.replace("-", "_").split(".") for w in seg.split("_")]
    return [w for w in parts if len(w) > 2 and phrase(w) and phrase(w)[0] not in STOPWORDS]


def resolve(fact: Fact, form: ProseFormLike | None, ledger: Ledger) -> Resolved:
    """The checkable form of ``fact``: ``form`` where given, defaults elsewhere."""
    texts = []
    for event_id in fact.source_event_ids:
        try:
            texts.append(ledger.event_by_id(event_id).text)
        except Exception:  # an unknown or redacted event: no source text to read defaults from
            continue
    try:
        hash((fact, form))
    except TypeError:  # a form-like object that cannot key a cache: resolved every time
        return _resolve.__wrapped__(fact, form, "\n".join(texts))
    key: Any = form  # hashable, as tested above
    resolved = _resolve(fact, key, "\n".join(texts))
    # An equal fact may have keyed the cache: the answer carries this very fact.
    return resolved if resolved.fact is fact else dataclasses.replace(resolved, fact=fact)


_CLOCK_VALUE = re.compile(r"(?P<hour>[01]?\d|2[0-3]):00")


def _hours_on_the_clock(
    value: tuple[Alias, ...], fact_value: object, shown: dict[Alias, str]
) -> tuple[Alias, ...]:
    """``value`` and, for an alias written as a bare count of hours ("16h") of a fact whose
    value is that hour on the clock ("16:00"), the clock time itself: "check-in ab 16h" tells
    a time of day, however "16h" alone reads as a span of sixteen hours."""
    clock = _CLOCK_VALUE.fullmatch(fact_value) if isinstance(fact_value, str) else None
    if clock is None:
        return value
    hour = int(clock.group("hour"))
    extra: list[Alias] = []
    for alias in value:
        if alias == (f"#{hour * 3600}", "~second"):
            variant = (f"@{hour:02d}:00",)
            shown.setdefault(variant, shown.get(alias, " ".join(alias)))
            extra.append(variant)
    return (*value, *extra) if extra else value


_CLOCK_NORM = re.compile(r"@(?P<hour>\d\d):(?P<minute>\d\d)")


def _derive(
    variant: Alias,
    said: str,
    value: tuple[Alias, ...],
    extra: list[Alias],
    shown: dict[Alias, str],
    derived: set[Alias],
) -> None:
    """Add ``variant`` to ``extra`` as a derived alias (:attr:`Resolved.derived`) shown as
    ``said``, unless the value has it already."""
    if variant not in value and variant not in extra:
        shown.setdefault(variant, said)
        derived.add(variant)
        extra.append(variant)


_HOUR_WORDS = ("at", "till", "until", "til", "by", "around")
"""Words of time before a dial hour said alone ("at one", "till eleven", "by six"); not "from",
"after" or "before", which as often bound another thing's time ("elevator only from 10")."""


def _spoken_clock(
    value: tuple[Alias, ...], shown: dict[Alias, str], derived: set[Alias]
) -> tuple[Alias, ...]:
    """``value`` and, for a clock time with its minutes ("10:42", "09:15", "13:05"), the time
    as radio and speech say it: the hour and the minutes as two numbers ("ten forty-two",
    "thirteen oh five"), a morning hour with its "oh" ("oh nine fifteen"), a half hour as
    British speech says it ("half twelve" for 12:30); for a time on the hour, its dial hour
    after a word of time (:data:`_HOUR_WORDS`: "at one" for 13:00, "till eleven" for 23:00).
    Said alone these are numbers as often as a time ("one
    twenty people", "at one point"); as the words of a time the fact names they are that
    time. They are derived (:attr:`Resolved.derived`): their
    numbers give the value no kind of its own."""
    extra: list[Alias] = []
    for alias in value:
        clock = _CLOCK_NORM.fullmatch(alias[0]) if len(alias) == 1 else None
        if clock is None:
            continue
        hour, minute = int(clock.group("hour")), int(clock.group("minute"))
        dial = hour % 12 or 12  # the hour on a twelve-hour dial: "half *twelve*", "at *one*"
        if minute == 0:
            # "lunch call's at one" for 13:00, "fire pits fine till eleven" for 23:00
            variants: list[Alias] = [(word, f"#{dial}") for word in _HOUR_WORDS]
            # a note's dotted time on the hour ("hedge fri 8.00", "gates 16.00"): the number
            # it reads as is still this time of the fact
            # (its hour as written only: "5" for 17:00 is as often a count or "the fifth")
            variants.append((_number(f"{hour}.00"),))
        else:
            said = (f"#{minute}",) if minute >= 10 else ("oh", f"#{minute}")  # "ten oh five"
            variants = [(f"#{hour}", *said)]
            if hour < 10:  # a morning hour said with its leading "oh"
                variants.append(("oh", f"#{hour}", *said))
            if minute == 30:
                variants.append(("half", f"#{dial}"))  # British "half twelve": half past twelve
            # a note's dotted time where nothing marks it as one ("PU 16.15 at the gates",
            # "pick-up 4.15"): read as a number, it is still this time of the fact
            variants.extend(
                dict.fromkeys([(_number(f"{hour}.{minute:02d}"),), (_number(f"{dial}.{minute:02d}"),)])
            )
            if hour >= 10:
                # a 24-hour time without its colon, as logs write it ("raffle draw 1530")
                variants.append((f"#{hour}{minute:02d}",))
        for variant in variants:
            _derive(variant, shown.get(alias, alias[0][1:]), value, extra, shown, derived)
    return (*value, *extra) if extra else value


def _single(value: tuple[Alias, ...], shown: dict[Alias, str], derived: set[Alias]) -> tuple[Alias, ...]:
    """``value`` and, for a count of one ("one", "1"), "a single" ("a single twisted
    ankle", "a single key"). Derived (:attr:`Resolved.derived`): alone, "single" is as
    often a kind ("a single room") as a count."""
    extra: list[Alias] = []
    for alias in value:
        if alias == ("#1",):
            _derive((stem("single"),), shown.get(alias, "1"), value, extra, shown, derived)
    return (*value, *extra) if extra else value


def _spoken_hundreds(
    value: tuple[Alias, ...], shown: dict[Alias, str], derived: set[Alias]
) -> tuple[Alias, ...]:
    """``value`` and, for an amount from 110 to 999 with its unit ("150 ml", "225 g"), the
    amount as speech says it before the unit: its hundreds and the rest as two numbers ("one
    fifty ml", "two twenty-five grams"). Derived (:attr:`Resolved.derived`): without the
    unit "one fifty" is as often two numbers."""
    extra: list[Alias] = []
    for alias in value:
        if len(alias) < 2 or kind_of(alias[1]) != "unit" or not re.fullmatch(r"#[1-9]\d\d", alias[0]):
            continue
        hundreds, rest = divmod(int(alias[0][1:]), 100)
        if rest < 10:
            continue  # "one oh five ml" is rare; "one hundred and five" reads as 105 already
        variant = (f"#{hundreds}", f"#{rest}", *alias[1:])
        _derive(variant, shown.get(alias, alias[0][1:]), value, extra, shown, derived)
    return (*value, *extra) if extra else value


def _slashed_dates(
    value: tuple[Alias, ...], source: Sequence[Statement], shown: dict[Alias, str], derived: set[Alias]
) -> tuple[Alias, ...]:
    """``value`` and, for a date whose day and month could swap ("3 June": 3/6 or 6/3), the
    date in figures in the order the source writes it: "03/06" and "3/6" when the source puts
    the day first ("3 June"), "06/03" and "6/3" when it puts the month first ("June 3").
    Alone, "3/6" is either date, so it reads as neither (:mod:`._calendar`); the source's own
    order tells which its writer means."""
    extra: list[Alias] = []
    for alias in value:
        date = re.fullmatch(r"%(\d{1,2})-(\d{2})", alias[0]) if len(alias) == 1 else None
        if date is None:
            continue
        month, day = int(date.group(1)), int(date.group(2))
        if month == day or day > 12:
            continue  # "5/5" and "14/7" read one way already
        written = [t.raw for statement in source for t in statement.tokens if t.norm == alias[0]]
        day_first = any(raw[:1].isdigit() for raw in written)
        month_first = any(raw[:1].isalpha() for raw in written)
        if day_first == month_first:
            continue  # no order, or both: the source tells nothing
        first, second = (day, month) if day_first else (month, day)
        for form in (f"{first:02d}/{second:02d}", f"{first}/{second}"):
            _derive((f"!{form}",), form, value, extra, shown, derived)
    return (*value, *extra) if extra else value


def _with_source_units(
    value: tuple[Alias, ...], source: Sequence[Statement], shown: dict[Alias, str], derived: set[Alias]
) -> tuple[Alias, ...]:
    """``value`` and, for a bare number the source writes with a unit ("records *62 hours*"
    for a value 62), the number with that unit as the source reads it: a summary that keeps
    the unit ("62 hours") states the value, which a bare "62" would not match once the hours
    are read as a span."""
    extra: list[Alias] = []
    for alias in value:
        if len(alias) != 1 or kind_of(alias[0]) != "number":
            continue
        for statement in source:
            for i, token in enumerate(statement.tokens[:-1]):
                nxt = statement.norms[i + 1]
                # "1,842.6 hours" for a value 1842.6: the digits, thousands commas aside
                if (
                    token.raw.replace(",", "") != alias[0][1:]
                    or kind_of(nxt) != "unit"
                    or statement.norms[i] == alias[0]
                ):
                    continue
                said = f"{token.raw} {statement.tokens[i + 1].raw}"
                _derive((statement.norms[i], nxt), said, value, extra, shown, derived)
            counted = next((t.raw for t in statement.tokens if t.norm in COUNTED_SPANS), None)
            number = next((t.raw for t in statement.tokens if t.norm == alias[0]), None)
            if counted is not None and number is not None:
                # "engine hours are 2,960": the number counts the hours the source names
                # before it, so "2,960 hrs" states it
                said = f"{number} {counted}"
                _derive(tuple(t.norm for t in tokens(said)), said, value, extra, shown, derived)
    return (*value, *extra) if extra else value


_AMBIGUOUS_DAYS = {"wednesday": "wed"}
"""A weekday whose short form is also a word ("wed"): read as the weekday only beside
another weekday or a date, or where the fact's value is that day. "Sat" and "sun" are too
often the verb and the noun ("the owner sat at the back") to be read so."""


def _short_days(value: tuple[Alias, ...], shown: dict[Alias, str], derived: set[Alias]) -> tuple[Alias, ...]:
    """``value`` and, for a weekday whose short form is also a rare word, that form
    (:data:`_AMBIGUOUS_DAYS`): "collecting from the mosque *wed*" tells a Wednesday value."""
    extra: list[Alias] = []
    for alias in value:
        short = _AMBIGUOUS_DAYS.get(alias[0]) if len(alias) == 1 else None
        if short is not None and (short,) not in value and (short,) not in extra:
            shown.setdefault((short,), short)
            derived.add((short,))
            extra.append((short,))
    return (*value, *extra) if extra else value


def _unit_initials(value: tuple[Alias, ...], shown: dict[Alias, str]) -> tuple[Alias, ...]:
    """``value`` and, for an alias that is a number and a unit of two or three words ("1,340
    gold pieces", "12 hit points"), the number with the unit's initials ("1340 gp", "12
    hp"): a note writes the unit as its initials."""
    extra: list[Alias] = []
    for alias in value:
        if len(alias) in (3, 4) and alias[0][:1] == "#" and all(kind_of(w) == "word" for w in alias[1:]):
            variant = (alias[0], "".join(w[0] for w in alias[1:]))
            if variant not in value and variant not in extra:
                shown.setdefault(variant, shown.get(alias, " ".join(alias)))
                extra.append(variant)
    return (*value, *extra) if extra else value


@functools.lru_cache(maxsize=4096)
def _resolve(fact: Fact, form: ProseFormLike | None, source_text: str) -> Resolved:
    """:func:`resolve` for the fact's source text. Cached: every check of a session
    resolves the same facts (a fact is immutable; a changed one is a new object)."""
    source = read_statements(source_text)
    build = _Builder(source)
    value_words = _value_words(fact.value)
    if form is not None and form.value:
        value = build.aliases(form.value, require_source=False, derive=True)
    else:
        value = build.aliases(value_words, require_source=True, derive=True)
    value, halfless = build.in_half(value, fact.value)
    value = _hours_on_the_clock(value, fact.value, build.shown)
    value = _unit_initials(value, build.shown)
    value = _spoken_clock(value, build.shown, build.derived)
    value = _spoken_hundreds(value, build.shown, build.derived)
    value = _single(value, build.shown, build.derived)
    value = _short_days(value, build.shown, build.derived)
    value = _with_source_units(value, source, build.shown, build.derived)
    value = _slashed_dates(value, source, build.shown, build.derived)
    dates = day_dates(value, build.shown, fact.value)
    for alias, said in dates.items():
        build.shown.setdefault(alias, said)
    value = (*value, *dates)
    inverse: tuple[Alias, ...] = ()
    if isinstance(fact.value, bool) or (
        isinstance(fact.value, str) and fact.value.lower() in _OPPOSITE_STATES
    ):
        # a true/false fact, or a state told by a word with an opposite ("closed": "reopened"):
        # a decision ("confirmed") of a word value is one answer of several, whose opposite
        # may well be another's ("Teodor is unconfirmed"), so only a true/false fact reads it
        inverse = build.inverse(value, isinstance(fact.value, bool))
        value = (*value, *inverse)
    qualifiers: list[tuple[str, tuple[Alias, ...]]] = []
    given = dict(form.qualifiers) if form is not None else {}
    for key, qvalue in fact.qualifiers:
        if key in given:
            group = build.aliases(given[key], require_source=False)
        else:
            group = build.aliases(_value_words(qvalue), require_source=True)
        if group:
            qualifiers.append((key, build.with_hours(build.with_adverbs(group))))
    if form is not None and form.names:
        names = build.aliases(form.names, require_source=False, derive=True)
    else:
        names = build.aliases(_predicate_words(fact.predicate), require_source=True, derive=True) or value
    subject = build.aliases(form.subject, require_source=False) if form is not None else ()
    polarity = (
        form.polarity
        if form is not None and form.polarity
        else _source_polarity(source, names, value, negative_fact=fact.value is False)
    )
    return Resolved(
        fact=fact,
        names=names,
        value=value,
        qualifiers=tuple(qualifiers),
        subject=subject,
        polarity=polarity,
        shown=build.shown,
        declared=form is not None,
        derived=frozenset(build.derived),
        halfless=halfless,
        inverse=frozenset(inverse),
        value_polarity=_value_polarity(source, names, value, frozenset(inverse))
        if isinstance(fact.value, bool)
        else "positive",
    )


_OPEN = ("open", "reopen")
_CLOSED = ("closed", "shut")
_CANCELLED = ("cancel", "cancels", "cancelled", "canceled", "cancellation", "called off")
_REFUSED = ("reject", "rejected", "rejection", "refused", "refusal", "declined", "turned down")
_CONFIRMING = ("confirm", "confirms", "confirmed", "confirmation")
_APPROVING = ("approve", "approves", "approved", "approval", "accept", "accepts", "accepted")
_DECISIONS = frozenset((*_CONFIRMING, *_APPROVING))
_OPPOSITE_STATES: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("close", "closes", "closed", "closing", "closure", "shut", "shuts"), _OPEN),
    **dict.fromkeys(("open", "opens", "opened"), _CLOSED),
    **dict.fromkeys(_CONFIRMING, _CANCELLED),
    **dict.fromkeys(_APPROVING, _REFUSED),
    **dict.fromkeys(("pass", "passes", "passed"), ("failed", "fail", "fails")),
    **dict.fromkeys(("fail", "fails", "failed"), ("passed", "pass", "passes")),
}
"""A closure and its opposite, and a decision and its reversal, which English does not make
with "un-": "the hide *stays open*" (or "*reopening* of the hide") tells a "closed" hide is
not closed, as "closed" tells "open" is not; "the family's *cancellation*" tells a confirmed
booking is not confirmed, "*turned down*" an approval not given; a check "passed" was not
failed, and the other way round."""


def _value_polarity(
    source: Sequence[Statement], names: Sequence[Alias], value: Sequence[Alias], inverse: frozenset[Alias]
) -> str:
    """How the source states the value words of a true/false fact: as read where it states
    them (a question asks, it states nothing), in a sentence that names the fact first, at
    the mention nearest its name; "positive" when the source never states them."""
    told: list[tuple[Statement, int, Alias]] = []
    for statement in source:
        for alias in value:
            spots = statement.positions(alias)
            told.extend((statement, at, alias) for at in spots if not statement.asked(at))
    if not told:
        return "positive"
    named = [t for t in told if t[0].find_any(names) is not None]
    if named:
        statement = named[0][0]
        name_at = statement.find_any(names)
        assert name_at is not None
        mentions = [t for t in named if t[0] is statement]
        statement, at, alias = min(mentions, key=lambda t: abs(t[1] - name_at[0]))
    else:
        statement, at, alias = told[0]
    negated = statement.negated(at, len(alias)) is not None
    return "negative" if negated != (alias in inverse) else "positive"


def _source_polarity(
    source: Sequence[Statement],
    names: Sequence[Alias],
    value: Sequence[Alias],
    *,
    negative_fact: bool = False,
) -> str:
    """How the source states the fact: negated or not where it first says its value words
    or its name, the name's words found in order with a few words between when it is never
    written whole ("the old teal Bramwell logo" for "teal logo"); "positive" when the source
    says neither. A fact whose value is false is stated where the source negates its name,
    wherever that mention stands ("allergic to feathers, so *no feather* pillows")."""
    if negative_fact and not value:
        for statement in source:
            for alias in names:
                if any(statement.negated(at, len(alias)) for at in statement.positions(alias)):
                    return "negative"
    for statement in source:
        for group in (value, names):
            hit = statement.find_any(group)
            if hit is not None:
                return "negative" if statement.negated(hit[0], len(hit[1])) else "positive"
    for statement in source:
        for alias in names:
            at = _spread(statement, alias)
            if at is not None:
                return "negative" if statement.negated(at) else "positive"
    return "positive"


_SPREAD = 3
"""How many words may stand between the words of a name in its source: modifiers ("the old
teal *Bramwell Cider* logo")."""


def _spread(statement: Statement, alias: Alias) -> int | None:
    """Where the words of ``alias`` (two or more) start in ``statement`` in their order, in
    one clause, with at most :data:`_SPREAD` words between each two; or None."""
    if len(alias) < 2 or not set(alias) <= statement.vocabulary:
        return None
    norms = statement.norms
    for start in (i for i, n in enumerate(norms) if n == alias[0]):
        at = start
        for word in alias[1:]:
            nxt = next(
                (j for j in range(at + 1, min(len(norms), at + 2 + _SPREAD)) if norms[j] == word),
                None,
            )
            if nxt is None or statement.clause[nxt] != statement.clause[start]:
                break
            at = nxt
        else:
            return start
    return None
