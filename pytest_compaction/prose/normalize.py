"""Normalized tokens: the words of a summary in the form two wordings share.

"Mondays" and "Monday", "twice" and "two times" and "2x", "9 am" and "09:00",
"2,000 euros" and "EUR 2000", "March 3" and "3 March" read as the same tokens, so a
prose form written one way finds a summary that says it another. Everything here is
hand-written and deterministic: inflection is folded by suffix rules plus a table of
common irregular English verbs and nouns (see ``docs/prose-compressors.md`` for why a
lemmatization library was measured and not chosen).

Numbers, amounts, times and dates become *typed* tokens (``#5``, ``#2000 ¤eur``,
``@09:00``, ``%3-03``), so a value check can tell "50 mg" from "5 mg" and "10:00" from
"9:00" by kind.

This module is the tokenizer: it splits a text and hands each piece to the reader of its
kind, each in a private module of its own: word forms and stems (``_word_forms``),
derived forms (``_derived``), numbers (``_numbers``), units and currencies (``_units``),
dates, clock times and weekdays (``_calendar``), and the folding of number runs into
typed values (``_fold``). Everything the rest of the package uses is imported from here.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence

from pytest_compaction.prose._calendar import (
    _CLOCK_WORDS,
    _MONTHS,
    _WEEKDAY_ABBREVIATIONS,
    _clock,
    _date_context,
    _day_may,
    _may_day,
    _numeric_date,
    _weekday_abbreviation,
    date_ranges,
    span_joints,
    time_ranges,
)
from pytest_compaction.prose._derived import adverb_family, derived
from pytest_compaction.prose._fold import _fold, _per_period
from pytest_compaction.prose._notes import assignments
from pytest_compaction.prose._numbers import (
    _AGE_BAND,
    _DECIMAL_COMMA,
    _NUMBER_AFTER,
    _ONCE_CLAUSE,
    _ORDINAL_RAW,
    _PARTS,
    _TIMES_WORDS,
    _add_number_word,
    _decimal_comma,
    _half,
    _is_word_number,
    _number,
    _number_word,
    _quarter,
    _said_decimals,
    is_year,
    part_of_unit,
    slash_fraction,
    spaced_thousands,
    vulgar_fractions,
)
from pytest_compaction.prose._periods import period_word
from pytest_compaction.prose._spoken import (
    clock_phrases,
    digit_group,
    digit_groups,
    digit_words,
    hour_minutes,
)
from pytest_compaction.prose._token import Token, kind_of
from pytest_compaction.prose._units import (
    _ABBREVIATED,
    _CURRENCY,
    _ISO_CODES,
    _LENGTHS,
    _POWERS,
    _TIME_UNITS,
    _UNITS,
    _after_number,
    _keyed_units,
    _per_cent,
    _powered,
    _qualified_currency,
    _seconds,
)
from pytest_compaction.prose._word_forms import (
    _KEEP,
    _is_past,
    base_form,
    clippings,
    irregular_forms,
    participles,
    stem,
)

__all__ = [
    "OBJECT_PRONOUNS",
    "PARTICLES",
    "Token",
    "adverb_family",
    "apostrophes",
    "ascii_folded",
    "base_form",
    "clean",
    "clippings",
    "clock_time",
    "derived",
    "find_phrase",
    "irregular_forms",
    "is_year",
    "kind_of",
    "participles",
    "phrase",
    "stem",
    "tokens",
]


_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2014": " - "})


def clean(text: str) -> str:
    """NFKC, straight quotes and apostrophes, so "don\u2019t" reads as "don't"; a vulgar
    fraction as its decimal ("1\u00bd teaspoons" is "1.5 teaspoons"); a negation written
    without its apostrophe with it (:func:`apostrophes`)."""
    text = vulgar_fractions(text)
    text = apostrophes(unicodedata.normalize("NFKC", text).translate(_QUOTES))
    return _DOT_SEPARATOR.sub("; ", text) if "\u00b7" in text or "\u2022" in text else text


_DOT_SEPARATOR = re.compile(r"(?<=\S)[ \t]+[\u00b7\u2022][ \t]+(?=\S)")
"""A middle dot or a bullet between the parts of a line ("JOB 4471 \u00b7 14 Larch Walk \u00b7
keys x3 handed over"), as a job board or a status line sets them apart: each part is a
clause of its own, as after a semicolon."""


_BARE_NOT = re.compile(
    r"\b(do|does|did|is|are|was|were|has|have|had|should|would|could|must|need|ca|wo)(nt)\b", re.IGNORECASE
)


@functools.lru_cache(maxsize=256)  # a summary is cleaned once per check, not once per rule
def apostrophes(text: str) -> str:
    """``text`` with the negated auxiliaries a quick note writes without the apostrophe
    ("she *doesnt* want the logs", "*dont* park on the lawn", "*cant* have nuts", "*wont*
    be in") written with it, so they read as "does not", "do not", "can not", "will not"."""
    if "nt" not in text and "NT" not in text:
        return text
    return _BARE_NOT.sub(lambda m: m.group(1) + ("N'T" if m.group(2).isupper() else "n't"), text)


_SLASHED = re.compile(r"[A-Za-z]{3,}(?:/[A-Za-z]{3,})+")
"""Words joined by a slash ("Tuesday/Thursday", "tea/coffee"): each is a word. A part with
a digit or under three letters keeps the whole an identifier ("24/7", "A/B", "km/h")."""
_LETTERS = re.compile(r"[A-Za-z]+")
_COUNT_OF = re.compile(r"(\d{1,6})/(\d{1,6})")
_COUNT_LEAST = 13
"""The least count a slash between two numbers reads as "of": "212/240" is 212 of 240,
while "3/4" is a fraction, "12/09" a date and "24/7" a phrase."""


def _count_of(match: re.Match[str]) -> bool:
    """Whether "N/M" is a count of a total: N at least :data:`_COUNT_LEAST` and no more than M."""
    whole, total = int(match.group(1)), int(match.group(2))
    return _COUNT_LEAST <= whole <= total


_NUMBER_SLASH_WORD = re.compile(r"(\d{1,3})/([A-Za-z]{4,}|day|wk|hr|yr|mth)")
"""A small number and a word joined by a slash ("3/considerable", "4/high"): a score and the
word that names it. Periods after a slash are rates ("2/week", "14/day")."""

_TOKEN = re.compile(
    r"""
    (?P<email>(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+)
  | (?P<url>https?://\S+?(?=[.,;:!?)`'"\]]*(?:\s|$)))
  | (?P<iso>\b\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b(?!-\d))
  | (?P<dotdate>\b(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.(?:19|20)\d\d\b(?![.-]?\d))
  | (?P<comma>(?<![\d.,])\d{1,3}(?:[.\u00a0\u202f ]\d{3})*,\d{2}(?![\d,]|\.\d))
  | (?P<clock>\b\d{1,2}:\d{2}(?:\s*(?:[apAP]\.?[mM]\.?)(?![a-zA-Z]))?
                |\b(?:0?[1-9]|1[0-2])\.[0-5]\d\s*[apAP]\.?[mM]\b\.?
                |\b(?:[01]\d|2[0-3])h[0-5]\d\b)
  | (?P<ampm>\b\d{1,2}\s*(?:[apAP]\.[mM]\.|[apAP][mM]\b))
  | (?P<power>(?:(?<=\d)|(?<=\d\s))(?:mm|cm|km|m)[23](?!\w))
  | (?P<version>\b[vV]\d+(?:\.\d+)+\b(?![.-]\d))
  | (?P<hex>\b0x[0-9a-fA-F]{2,}\b)
  | (?P<crosscount>\u00d7[1-9]\d?\b)
  | (?P<prepost>\b(?:[Pp]re|[Pp]ost)-(?=\d))
  | (?P<ident>\b[A-Za-z]+(?:[-_][A-Za-z0-9]+){0,8}[-_]?\d[\w-]*|\b\d+(?:-\d+)+\b|\b[\w-]{0,64}[=/][\w=/.-]*\w)
  | (?P<dotted>\b\d+(?:\.\d+){2,}\b)
  | (?P<money>[$€£¥]\s?(?:\d{1,3}(?:\.\d{3})*,\d{2}(?![\d,]|\.\d)|\d[\d,]*(?:\.\d+)?)
      (?:\s?[kK]\b|[mM](?:n|ln)?\b|\s(?:mn|mln|bn)\b|[bB]n?\b)?)
  | (?P<num>\d[\d,]*(?:\.\d+)?(?:st|nd|rd|th)?(?![\w])(?![.,]\d))
  | (?P<unitnum>\d+(?:\.\d+)?(?=[a-zA-Z%\u00d7]))
  | (?P<word>[^\W\d_]+(?:'[a-z]+)?)
  | (?P<deg>\u00b0\s?(?:[CF](?![A-Za-z]))?)
  | (?P<sym>[%\u00d7€$£])
  | (?P<amp>(?<=[^\W\d_])\s+[&+]\s+(?=[^\W\d_]))
  | (?P<cross>[\u2717\u2718\u274c\U0001f6ab])
    """,
    re.VERBOSE,
)
_CONTRACTIONS = {"ll": "will", "re": "be", "ve": "have", "d": "would", "m": "be"}
_D_SUBJECTS = frozenset(
    {"i", "you", "he", "she", "it", "we", "they", "who"}
    | {"that", "there", "what", "where", "how", "why", "when", "this"}
)
"""The words whose "'d" is "would" or "had" ("she'd", "who'd", "there'd"). After another
word, a note's "'d" shortens a past participle ("appt *cxl'd*", "parcel *rec'd*",
"sign-off *req'd*")."""


_URL_HOST = re.compile(r"https?://(?P<host>[\w.-]+)")
"""A web address's host, whose words a summary may give without the scheme."""
_PLURAL_CODE = re.compile(r"[A-Za-z]{1,4}\d{1,4}[A-Za-z]?s")
"""A code of letters and digits with a plural "s" ("U18s", "PS5s", "B2Bs")."""


@functools.lru_cache(maxsize=1024)
def _tokens(text: str) -> tuple[Token, ...]:
    out: list[Token] = []

    def add(norm: str, match: re.Match[str], *, past: bool = False) -> None:
        out.append(Token(norm, match.group(), match.start(), match.end(), past))

    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        raw = match.group()
        if kind in ("email", "url"):
            add("!" + raw.lower(), match)
            if kind == "url":
                # the host's words too: "https://staging.larkspur.dev" names "staging.larkspur.dev"
                host = _URL_HOST.match(text, match.start())
                if host is not None:
                    for part in _LETTERS.finditer(text, host.start("host"), host.end("host")):
                        _word(out, part)
        elif kind == "iso":
            year, month, day = raw.split("-")
            add(f"%{int(month)}-{int(day):02d}", match)
            add("#" + year, match)
        elif kind == "dotdate":
            day, month, year = raw.split(".")  # "12.09.2026": day first wherever dates take dots
            add(f"%{int(month)}-{int(day):02d}", match)
            add("#" + year, match)
        elif kind == "comma":
            add(_number(_decimal_comma(raw)), match)
        elif kind == "clock":
            hours, rest = re.split(
                r"[:.h]", raw, maxsplit=1
            )  # "7:45", "7.45 a.m." (dotted: only with a.m./p.m.), "06h30" (two-digit hours)
            meridiem = re.sub(r"[^apm]", "", rest[2:].lower())
            add(_clock(int(hours), int(rest[:2]), meridiem), match)
        elif kind == "ampm":
            hour = int(raw[: len(raw) - len(raw.lstrip("0123456789"))])
            add(_clock(hour, 0, re.sub(r"[^apm]", "", raw.lower())), match)
        elif kind == "power":
            after_number = bool(out) and kind_of(out[-1].norm) == "number"
            add(("~" if after_number else "!") + raw.lower(), match)
        elif kind == "ident" and (shorthand := _TIMES_SHORTHAND.fullmatch(raw)) is not None:
            _times_shorthand(out, match, shorthand)
        elif kind == "ident" and (rate := _RATE.fullmatch(raw)) is not None:
            _rate(out, match, rate)
        elif kind == "ident" and (pair := _measure_pair(match)) is not None:
            out.extend(pair)
        elif kind == "ident" and (per := _PER_COUNT.fullmatch(raw)) is not None and _counted_unit(out, per):
            _per_count(out, match, per)
        elif kind == "ident" and (tally := _COUNT_OF.fullmatch(raw)) is not None and _count_of(tally):
            # "live on 212/240 scooters": 212 of 240, two numbers
            at = match.start()
            whole, total = tally.group(1), tally.group(2)
            out.append(Token(_number(whole), whole, at, at + len(whole)))
            out.append(Token("of", "/", at + len(whole), at + len(whole) + 1))
            out.append(Token(_number(total), total, at + len(whole) + 1, match.end()))
        elif kind == "ident" and (scored := _NUMBER_SLASH_WORD.fullmatch(raw)) is not None:
            # "3/considerable": a number and the word that names it, not one code; "14/day"
            # a count per day
            at = match.start()
            out.append(Token(_number(scored.group(1)), scored.group(1), at, at + len(scored.group(1))))
            if scored.group(2).lower() in _PER_SLASH:
                slash = at + scored.start(2) - 1
                out.append(Token("per", "/", slash, slash + 1))
            for part in _LETTERS.finditer(text, at + scored.start(2), match.end()):
                _word(out, part)
        elif kind == "ident" and _SLASHED.fullmatch(raw):
            counted = bool(out) and kind_of(out[-1].norm) == "number"
            for part in _LETTERS.finditer(text, match.start(), match.end()):
                if counted and part.start() > match.start() and part.group().lower() in _PER_SLASH:
                    out.append(Token("per", "/", part.start() - 1, part.start()))  # "3 walks/day"
                _word(out, part)  # "Tuesday/Thursday" is two words, "24/7" an identifier
        elif kind == "ident" and (slashed := slash_fraction(raw, out, match)) is not None:
            if slashed[1]:
                whole = out.pop()  # "1 1/2 tsp": the whole number and its fraction are one
                out.append(Token(slashed[0], text[whole.start : match.end()], whole.start, match.end()))
            else:
                add(slashed[0], match)
        elif kind == "ident" and (dated := _numeric_date(raw, out, match)) is not None:
            for date_norm in dated:
                add(date_norm, match)
        elif kind == "ident" and (band := _AGE_BAND.fullmatch(raw)) is not None:
            # "under-12s", "over-65s": an age band, the bound and its number ("under 12").
            bound = band.group(1)
            out.append(Token(bound.lower(), bound, match.start(), match.start() + len(bound)))
            at = match.start() + band.start(2)
            out.append(Token(_number(band.group(2)), raw[band.start(2) :], at, match.end()))
        elif kind == "ident":
            if _PLURAL_CODE.fullmatch(raw):
                raw = raw[:-1]  # "the U18s", "two PS5s": the code's plural names the code
            add(digit_group(raw) or "!" + raw.lower(), match)
            out.extend(_file_name(match))
        elif kind == "version":
            # "v4.12.0" is release 4.12.0, "v2.3" release 2.3: the "v" only says "version".
            digits = raw[1:]
            add("!" + digits if digits.count(".") > 1 else _number(digits), match)
        elif kind == "dotted":
            add(digit_group(raw) or "!" + raw, match)  # "07700.900.412", "1.2.3"
        elif kind == "money":
            symbol, amount = raw[0], raw[1:].strip()
            if _DECIMAL_COMMA.search(amount):
                amount = _decimal_comma(amount)
            scale = _MONEY_SCALE.search(amount)
            value = _number(amount[: scale.start()].strip() if scale else amount)
            if scale:
                factor = _MONEY_FACTORS[scale.group().strip().lower()[:1]]
                value = _number(str(round(float(value[1:]) * factor, 6)).removesuffix(".0"))
            add(value, match)
            add("¤" + _CURRENCY[symbol], match)
        elif kind in ("num", "unitnum"):
            if _decimal_before_unit(raw, match):
                add(_number(raw.replace(",", ".")), match)  # "2,5 g", "1,5 kg": a decimal comma
            else:
                add(digit_group(raw) or _number(re.sub(r"(?:st|nd|rd|th)$", "", raw)), match)
        elif kind == "deg":
            _after_number(out, "degree", match)  # "17 °C", "64°F": a measure, not a count
        elif kind == "hex":
            add("!" + raw.lower(), match)  # "0x80070570": an error code, no count of times
        elif kind == "crosscount":
            add("#" + raw[1:], match)  # "tried \u00d72" is "tried x2", twice
            add("~time", match)
        elif kind == "prepost":
            add(stem("before" if raw[:2].lower() == "pr" else "after"), match)  # "pre-06:00", "post-2019"
        elif kind == "cross":
            add("no", match)  # "| Housekeeping | ✗ |": a cross mark answers no
        elif kind == "amp":
            add("and", match)  # "Mon + Thu", "tea & coffee": a list of two, as "and" joins it
        elif kind == "sym":
            norm = _CURRENCY.get(raw) or _UNITS.get(raw)
            if norm:
                _after_number(out, norm, match)
        else:
            _word(out, match)
    numbers = _said_decimals(clock_phrases(digit_groups(digit_words(out, text), text), text), text)
    spans = time_ranges(date_ranges(spaced_thousands(_keyed_units(numbers, text), text), text), text)
    return _per_period(tuple(span_joints(_fold(spans))))


_TIMES_SHORTHAND = re.compile(
    r"(?:x(?P<after>[1-9]\d?)|(?P<before>[1-9]\d?)x)?(?:/(?P<per>[A-Za-z]{1,8}))?(?<=\w)"
)
"""A count of times and its period in note form: "x2" and "2x" (twice), "x2/week" and
"2x/day" (twice a week, twice a day), "/week" alone after a count ("3 sessions/week" is
three a week). A capital "X2" stays a name (a model, a route)."""


_PER_SLASH = frozenset({"day", "week", "wk", "month", "year", "yr", "night", "term", "hour", "hr", "session"})
"""Periods a slash after a count reads as "per": "3 sessions/week", "2 walks/day"."""


_RATE = re.compile(
    r"(?:(?P<amount>\d+(?:\.\d+)?)(?!am\b|pm\b)(?P<unit>[A-Za-z]{1,6})/"
    r"(?P<period>day|d|week|wk|month|mo|year|yr|hour|hr|h|night|(?-i:[a-z]{2,8}|kWh|MWh))"
    r"|(?P<bare>[A-Za-z]{1,4})/(?P<per>day|week|wk|month|year|yr|night))"
)
"""A rate in note form: "12h/month" (12 hours a month), "45p/mile" (45p a mile), "5mg/kg",
"L/day" after "1.5" (litres a day). A unit alone before a slash and an hour ("km/h") stays
the unit it names."""


_PER_COUNT = re.compile(r"(?P<unit>[A-Za-z]{1,6})/(?P<count>\d+(?:\.\d+)?)")
"""A unit per a number of another ("14 mg/24 hr", "250 mg/5 mL"), written with a slash
right after an amount: the amount's unit is a token of its own, so "14 mg" is read."""


_MEASURE_PAIR = re.compile(r"(\d+(?:\.\d+)?[A-Za-z]{1,5})/(\d+(?:\.\d+)?[A-Za-z]{1,5})")


def _measure_pair(match: re.Match[str]) -> tuple[Token, ...] | None:
    """Two measures a slash sets side by side, a temperature first or a duration second
    ("65C/10min": 65 degrees held for ten minutes; "5km/30min"): each is read as written
    apart. A dose per a volume ("250mg/5mL") is a strength, left to :data:`_PER_COUNT`."""
    pair = _MEASURE_PAIR.fullmatch(match.group())
    if pair is None:
        return None
    halves = [_tokens(pair.group(n)) for n in (1, 2)]
    if any(
        len(half) != 2 or kind_of(half[0].norm) != "number" or kind_of(half[1].norm) != "unit"
        for half in halves
    ):
        return None
    if halves[0][1].norm != "~degree" and halves[1][1].norm != "~second":
        return None
    return tuple(
        Token(
            t.norm,
            t.raw,
            t.start + match.start() + pair.start(n),
            t.end + match.start() + pair.start(n),
            t.past,
        )
        for n, half in ((1, halves[0]), (2, halves[1]))
        for t in half
    )


def _counted_unit(out: Sequence[Token], per: re.Match[str]) -> bool:
    """Whether the unit of :data:`_PER_COUNT` follows an amount and is a unit of measure."""
    return (
        bool(out) and kind_of(out[-1].norm) == "number" and kind_of("~" + per.group("unit").lower()) == "unit"
    )


def _per_count(out: list[Token], match: re.Match[str], per: re.Match[str]) -> None:
    """Tokens of a unit per a count (:data:`_PER_COUNT`): the unit and "/" with the count."""
    base = match.start()
    unit = _LETTERS.match(match.string, base + per.start("unit"), base + per.end("unit"))
    if unit is not None:
        _word(out, unit)
    # the count a rate is per ("/5" of "250 mg/5 mL") is no amount of the thing: it stays
    # an identifier, so "5 mL" of a dose is not read in it
    slash, end = base + per.end("unit"), base + per.end("count")
    out.append(Token("!/" + per.group("count"), match.string[slash:end], slash, end))


def _rate(out: list[Token], match: re.Match[str], rate: re.Match[str]) -> None:
    """Tokens of a rate in note form (:data:`_RATE`): its amount, its unit, "per" and its period."""
    base = match.start()
    if rate.group("amount"):
        end = base + rate.end("amount")
        out.append(Token(_number(rate.group("amount")), rate.group("amount"), base, end))
    unit = "unit" if rate.group("amount") else "bare"
    for part in _LETTERS.finditer(match.string, base + rate.start(unit), base + rate.end(unit)):
        _word(out, part)
    period = "period" if rate.group("amount") else "per"
    slash = base + rate.start(period) - 1
    out.append(Token("per", "/", slash, slash + 1))
    for part in _LETTERS.finditer(match.string, slash + 1, match.end()):
        _word(out, part)


def _times_shorthand(out: list[Token], match: re.Match[str], shorthand: re.Match[str]) -> None:
    """Add the tokens of a note-form count of times (:data:`_TIMES_SHORTHAND`): ``#2 ~time``,
    then ``per`` and the period's own token."""
    count = shorthand.group("after") or shorthand.group("before")
    start = match.start()
    if count is not None:
        end = start + (shorthand.end("after") if shorthand.group("after") else shorthand.end("before") + 1)
        out.append(Token(f"#{count}", match.group()[: end - start], start, end))
        out.append(Token("~time", match.group()[: end - start], start, end))
    if shorthand.group("per") is not None:
        slash = start + shorthand.start("per") - 1
        out.append(Token("per", "/", slash, slash + 1))
        for part in _LETTERS.finditer(match.string, slash + 1, match.end()):
            _word(out, part)


_FILE_NAME = re.compile(r"/([\w-]+\.[A-Za-z][A-Za-z0-9]{0,5})/?$")


def _file_name(match: re.Match[str]) -> tuple[Token, ...]:
    """The tokens of a path's file name, after the path's own identifier token: a file is
    named with or without its folder ("data/eval_public.jsonl" holds "eval_public.jsonl",
    read as that name alone is read)."""
    found = _FILE_NAME.search(match.group())
    if found is None:
        return ()
    at = match.start() + found.start(1)
    return tuple(Token(t.norm, t.raw, t.start + at, t.end + at, t.past) for t in _tokens(found.group(1)))


_UNDECOMPOSED = str.maketrans(
    {"ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ð": "d", "þ": "th", "ł": "l", "đ": "d"}
)
"""Letters that carry no separable accent, as they are written without one."""


def ascii_folded(word: str) -> str:
    """``word`` without its accents ("Hallgrímsdóttir" -> "Hallgrimsdottir", "Søren" ->
    "Soren"): a summary that drops them writes the same name. Letters of other scripts
    stay as they are."""
    if word.isascii():
        return word
    parts = unicodedata.normalize("NFKD", word.translate(_UNDECOMPOSED))
    return unicodedata.normalize("NFKC", "".join(c for c in parts if not unicodedata.combining(c)))


_CLOCK_SUFFIX = frozenset({"hrs", "hr", "h", "hours", "hour", "uhr"})
"""What a 24-hour time may be written with after it ("22:15 hrs"): no word of its own."""
_OK_VERB = frozenset({"ok", "oks", "okay", "okays", "okayed", "ok'd", "ok'ed"})
_LETTER_AFTER = re.compile(r"[.'-]?[A-Za-z0-9]")
"""A letter or digit that goes on after a capital ("12C-D", "8C.5"), so the capital is no scale."""

_OK_OBJECT = re.compile(r"\s+(?:it|them|this|that|the|a|an|his|her|their|every|each|any)\b", re.IGNORECASE)
""""OK" with an object after it is the verb "approve" ("all flatmates OK it", "the lead
OK'd the change"); "is OK" is an adjective that permits, no assent."""


def _word(out: list[Token], match: re.Match[str]) -> None:
    raw = match.group()
    lower = ascii_folded(raw.lower())
    start, end = match.start(), match.end()
    previous = out[-1] if out else None
    after_number = (
        previous is not None
        and (kind_of(previous.norm) == "number" or previous.norm == "~thousand")
        and start - previous.end <= 1
        and not _ORDINAL_RAW.search(previous.raw)  # "the 3rd week" counts no weeks
    )
    if (
        lower in _CLOCK_SUFFIX
        and previous is not None
        and kind_of(previous.norm) == "time"
        and start - previous.end <= 1
    ):
        return  # "22:15 hrs", "06:30 hours", "14:00h": the 24-hour clock's own suffix
    if lower in _OK_VERB and _OK_OBJECT.match(match.string, end):
        out.append(Token(stem("approve"), raw, start, end, lower.endswith("d")))  # "all flatmates OK it"
        return
    if "'" in lower and lower.split("'", 1)[1] in _CONTRACTIONS:
        head, tail = lower.split("'", 1)
        if tail == "d" and head not in _D_SUBJECTS:
            out.append(Token(stem(head), raw, start, end, True))  # a note's "cxl'd", "rec'd": done
            return
        out.append(Token(stem(head), raw, start, end))
        out.append(Token(_CONTRACTIONS[tail], raw, start, end))
        return
    if lower.endswith("n't"):
        base = {"won't": "will", "can't": "can", "shan't": "shall", "ain't": "be"}.get(lower, lower[:-3])
        out.append(Token(stem(base), raw, start, end, _is_past(base)))
        out.append(Token("not", raw, start, end))
        return
    if lower in ("cannot",):
        out.extend((Token("can", raw, start, end), Token("not", raw, start, end)))
        return
    if lower in _ISO_CODES and raw.isupper():
        # "3,500 NOK" is an amount in its currency; "NOK 3500" is folded the same way (:func:`_fold`).
        out.append(Token("¤" + lower if after_number else lower, raw, start, end))
        return
    if lower in _CURRENCY and _qualified_currency(out, lower, start):
        # "4,318.20 US dollars": a currency name qualified by its country after a number is
        # the currency, the same as "USD 4318.20" or "$4,318.20".
        country = out[-1]
        out[-1] = Token("¤" + _CURRENCY[lower], match.string[country.start : end], country.start, end)
        return
    if lower in _UNITS and _UNITS[lower] in _LENGTHS and _powered(out):
        # "84 cubic metres" is the unit "84 m3" and "84m³" are, "12 square metres" "12 m2".
        power = out[-1]
        norm = f"~{_UNITS[lower]}{_POWERS[power.raw.lower()]}"
        out[-1] = Token(norm, match.string[power.start : end], power.start, end)
        return
    if after_number and previous is not None and _seconds(out, lower, start):
        out.append(Token("~second", raw, start, end))
        return
    if raw in ("C", "F") and after_number and not _LETTER_AFTER.match(match.string, end):
        out.append(Token("~degree", raw, start, end))  # "<8C", "under 12 C": a temperature
        return
    if after_number and lower in _ABBREVIATED:
        lower = _ABBREVIATED[lower]  # "2400 lb" reads as "2400 pounds" does
    if (after_number and (lower in _CURRENCY or lower in _UNITS)) or lower in _TIME_UNITS:
        # A time unit spelled out is a unit with or without a number before it, so a name
        # "days a week" finds "three days a week".
        unit = _CURRENCY.get(lower)
        out.append(Token("¤" + unit if unit else "~" + _UNITS[lower], raw, start, end))
        return
    if raw == "AM" and not after_number and (previous is None or previous.raw != "I"):
        out.append(Token("am", raw, start, end))  # "AM slot", "AM visit": the morning, not "I am"
        return
    if lower in ("am", "pm") and after_number:
        # "9 am" is read by the clock patterns; "nine am" is a number word and its meridiem.
        said = hour_minutes(out, len(out) - 2) if len(out) >= 2 else None
        if said is not None and said[2] == len(out):  # "seven thirty pm"
            first = out[-2]
            out[-2:] = [
                Token(_clock(said[0], said[1], lower), match.string[first.start : end], first.start, end)
            ]
        elif previous is not None and _is_word_number(previous) and 1 <= float(previous.norm[1:]) <= 12:
            out[-1] = Token(
                _clock(int(previous.norm[1:]), 0, lower),
                match.string[previous.start : end],
                previous.start,
                end,
            )
        return
    if lower == "o'clock" and after_number and previous is not None and 0 <= float(previous.norm[1:]) <= 24:
        hours = float(previous.norm[1:])
        if hours.is_integer():  # "nine o'clock", "9 o'clock": the hour as said
            out[-1] = Token(
                _clock(int(hours), 0, ""), match.string[previous.start : end], previous.start, end
            )
            return
    if lower in _CLOCK_WORDS:
        out.append(Token(_CLOCK_WORDS[lower], raw, start, end))
        return
    if lower in _WEEKDAY_ABBREVIATIONS and _weekday_abbreviation(out, match):
        out.append(Token(stem(_WEEKDAY_ABBREVIATIONS[lower]), raw, start, end))
        return
    if lower in _TIMES_WORDS and not (lower == "once" and _ONCE_CLAUSE.match(match.string, end)):
        out.append(Token(f"#{_TIMES_WORDS[lower]}", raw, start, end))
        out.append(Token("~time", raw, start, end))
        return
    if lower in ("time", "times") and after_number:
        out.append(Token("~time", raw, start, end))
        return
    if period_word(out, match, lower, after_number):
        return  # "(10 in)", "three times weekly", "500 mg BID", "a fortnight"
    if (
        lower in _MONTHS
        and (lower != "may" or raw[0].isupper() or _day_may(out, match) or _may_day(match))
        and _date_context(out, match)
    ):
        out.append(Token(f"%{_MONTHS[lower]}", raw, start, end))
        return
    if _per_cent(out, lower):  # "5 per cent"
        out[-1] = Token("~percent", match.string[out[-1].start : end], out[-1].start, end)
        return
    if lower in ("a", "an", "of") and previous is not None and previous.end >= end:
        return  # absorbed: "half an hour" is read as "0.5 hour", "a quarter of an hour" as "0.25 hour"
    if (lower in _PARTS or lower == "half") and part_of_unit(out, match):
        return
    if lower == "half":
        _half(out, match)
        return
    if lower in _PARTS and _quarter(out, match, _PARTS[lower]):
        return
    if (
        lower == "and"
        and previous is not None
        and _is_word_number(previous)
        and _NUMBER_AFTER.match(match.string, end)
    ):
        return  # "two hundred and fifty": the "and" belongs to the number
    value = _number_word(lower, out, match)
    if value is not None:
        _add_number_word(out, value, match)
        return
    if lower == "left" and _remaining(previous, match):
        out.append(Token(stem("remain"), raw, start, end))  # "seven instalments left": remaining
        return
    out.append(Token(stem(lower), raw, start, end, _is_past(lower)))


_QUANTIFIERS = frozenset({"nothing", "none", "any", "some", "much", "little", "few", "plenty", "enough"})
PARTICLES = frozenset(
    {"up", "down", "in", "out", "on", "off", "over", "back", "away", "through", "about", "along"}
)
"""The particles of phrasal verbs ("drop off", "pick up", "hand back")."""
OBJECT_PRONOUNS = frozenset({"it", "them", "him", "her", "me", "us", "you", "this", "that"})
"""Pronouns that stand as a verb's object: a phrasal verb's particle follows them ("drop it off")."""
_PRONOUNS = frozenset({"i", "you", "he", "she", "it", "we", "they", "us", "them", "this", "that", "who"})
_REMAINING_AFTER = re.compile(r"\s*(?:[.,;:!?)\]]|$|(?:over|to|of|in|on|for|until|till)\b)", re.IGNORECASE)


def _remaining(previous: Token | None, match: re.Match[str]) -> bool:
    """Whether "left" at ``match`` is the adjective "remaining", not the past of "leave":
    right after a count, a quantifier or a plural noun, and ending its phrase ("seven
    instalments *left*;", "two days *left* to pay", "nothing *left* over", "3 *left* in
    stock"). "She left", "Tom left the firm", "left 3 messages" are the verb."""
    if previous is None or not _REMAINING_AFTER.match(match.string, match.end()):
        return False
    if match.start() - previous.end > 1:
        return False  # a comma or a dash between: "..., left at noon"
    word = previous.raw.lower()
    if kind_of(previous.norm) in ("number", "unit") or word in _QUANTIFIERS:
        return True
    return (
        previous.raw[:1].islower()
        and word.endswith("s")
        and not word.endswith(("ss", "'s", "us", "is"))
        and word not in _PRONOUNS
        and word not in _KEEP
    )


_COMMA_DECIMAL = re.compile(r"\d+,\d{1,2}")
_UNIT_AFTER = re.compile(r"\s?(?P<unit>%|\u00b0|[A-Za-z\u00b5]+)")


def _decimal_before_unit(raw: str, match: re.Match[str]) -> bool:
    """Whether ``raw`` is a number with a decimal comma before its unit ("2,5 g", "1,5 kg",
    "0,75 l", "2,5 %"): one or two digits after a single comma, which no thousands group has,
    and a unit of measure right after."""
    if _COMMA_DECIMAL.fullmatch(raw) is None:
        return False
    unit = _UNIT_AFTER.match(match.string, match.end())
    return unit is not None and (
        unit.group("unit") in ("%", "\u00b0") or unit.group("unit").lower() in _UNITS
    )


_MONEY_SCALE = re.compile(r"\s?(?:k|mn|mln|m|bn|b)$", re.IGNORECASE)
_MONEY_FACTORS = {"k": 1_000, "m": 1_000_000, "b": 1_000_000_000}
"""The scale letters after an amount with its currency sign: "$9.5M", "£3m", "€2.4bn",
"£62.5k"."""


def tokens(text: str) -> tuple[Token, ...]:
    """The normalized tokens of ``text`` (NFKC, straight quotes, then as described above)."""
    return _tokens(clean(text))


def clock_time(text: str) -> Token | None:
    """The one time ``text`` is when said as a time ("seven thirty", "half past nine",
    "7:30"), or None: read as after "at", where spoken hours and minutes are a time."""
    read = tokens("at " + text)[1:]
    return read[0] if len(read) == 1 and kind_of(read[0].norm) == "time" else None


_ARTICLES = frozenset({"the", "a", "an"})


@functools.lru_cache(maxsize=8192)
def phrase(text: str) -> tuple[str, ...]:
    """An alias as the token sequence a summary must hold, articles left out; a key=value
    alias read as a summary's line is ("dry_run=false" as "dry run: false")."""
    return tuple(t.norm for t in tokens(assignments(text)) if t.norm not in _ARTICLES)


def find_phrase(norms: Sequence[str], wanted: Sequence[str]) -> int:
    """Where ``wanted`` starts in ``norms`` (articles already dropped from both), or -1."""
    n = len(wanted)
    if not n:
        return -1
    first = wanted[0]
    for i, norm in enumerate(norms):
        if norm == first and tuple(norms[i : i + n]) == tuple(wanted):
            return i
    return -1
