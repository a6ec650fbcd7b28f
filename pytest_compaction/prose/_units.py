"""Units and currencies: unit words and symbols ("mg", "kilograms", "%"), currency symbols,
names and ISO codes ("€", "euros", "EUR", "NOK"), durations in their smaller unit, and
the unit a structured field's key gives its bare number ("weight (kg): 5").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_compaction.prose._token import Token, kind_of

__all__: list[str] = []  # helpers of the tokenizer in normalize.py; nothing here is public


_CURRENCY = {
    "$": "usd",
    "usd": "usd",
    "dollar": "usd",
    "dollars": "usd",
    "€": "eur",
    "eur": "eur",
    "euro": "eur",
    "euros": "eur",
    "£": "gbp",
    "gbp": "gbp",
    "pound": "gbp",
    "pounds": "gbp",
    "quid": "gbp",
    "¥": "jpy",
    "jpy": "jpy",
    "yen": "jpy",
    "chf": "chf",
    "francs": "chf",
    "franc": "chf",
}
_UNITS = {
    "mg": "mg",
    "milligram": "mg",
    "milligrams": "mg",
    "mcg": "mcg",
    "\u00b5g": "mcg",
    "\u03bcg": "mcg",
    "ug": "mcg",
    "microgram": "mcg",
    "micrograms": "mcg",
    "g": "g",
    "gram": "g",
    "grams": "g",
    "kg": "kg",
    "kilo": "kg",
    "kilos": "kg",
    "kilogram": "kg",
    "kilograms": "kg",
    "t": "tonne",
    "tonne": "tonne",
    "tonnes": "tonne",
    "ml": "ml",
    "millilitre": "ml",
    "millilitres": "ml",
    "milliliter": "ml",
    "milliliters": "ml",
    "l": "l",
    "litre": "l",
    "liter": "l",
    "litres": "l",
    "liters": "l",
    "km": "km",
    "kilometre": "km",
    "kilometres": "km",
    "kilometer": "km",
    "kilometers": "km",
    "m": "m",
    "metre": "m",
    "metres": "m",
    "meter": "m",
    "meters": "m",
    "cm": "cm",
    "centimetre": "cm",
    "centimetres": "cm",
    "centimeter": "cm",
    "centimeters": "cm",
    "mm": "mm",
    "millimetre": "mm",
    "millimetres": "mm",
    "millimeter": "mm",
    "millimeters": "mm",
    "mile": "mile",
    "miles": "mile",
    "inch": "inch",
    "inches": "inch",
    "tsp": "tsp",
    "teaspoon": "tsp",
    "teaspoons": "tsp",
    "tbsp": "tbsp",
    "tablespoon": "tbsp",
    "tablespoons": "tbsp",
    "oz": "oz",
    "ounce": "oz",
    "ounces": "oz",
    "pint": "pint",
    "pints": "pint",
    "wh": "wh",
    "kwh": "kwh",
    "mwh": "mwh",
    "%": "percent",
    "percent": "percent",
    "per cent": "percent",
    "gb": "gb",
    "mb": "mb",
    "tb": "tb",
    "kb": "kb",
    "ms": "ms",
    "x": "time",
    "\u00d7": "time",
    "h": "hour",
    "hr": "hour",
    "hrs": "hour",
    "hour": "hour",
    "hours": "hour",
    "min": "minute",
    "mins": "minute",
    "minute": "minute",
    "minutes": "minute",
    "day": "day",
    "days": "day",
    "week": "week",
    "weeks": "week",
    "wk": "week",
    "wks": "week",
    "month": "month",
    "months": "month",
    "mo": "month",
    "mos": "month",
    "mth": "month",
    "mths": "month",
    "year": "year",
    "years": "year",
    "yr": "year",
    "yrs": "year",
    "k": "thousand",
    "degree": "degree",
    "degrees": "degree",
    "kt": "knot",
    "kts": "knot",
    "knot": "knot",
    "knots": "knot",
    "mph": "mph",
    "kph": "kph",
}

COUNTED_SPANS = frozenset({"~hour", "~minute"})
"""Spans a word names without a number before it ("engine *hours*"); a number written with
them is read as a length of time in seconds ("2,960 hrs")."""

_ABBREVIATED = {"lb": "pounds", "lbs": "pounds", "mi": "miles", "deg": "degrees", "degs": "degrees"}
"""Unit abbreviations whose word this module reads, after a number: "lb" (Latin *libra*)
is the pound, read as the word "pounds" is (the word does not tell weight from money);
"38 mi" the miles, "8 deg" the degrees (neither abbreviation is a unit on its own)."""


_CODES = frozenset({"usd", "eur", "gbp", "jpy", "chf"})
_ISO_CODES = frozenset(
    {
        "nok",
        "sek",
        "dkk",
        "isk",
        "cad",
        "aud",
        "nzd",
        "inr",
        "cny",
        "hkd",
        "sgd",
        "zar",
        "brl",
        "mxn",
        "pln",
        "czk",
        "huf",
        "ron",
        "bgn",
        "krw",
        "thb",
        "ils",
        "aed",
        "sar",
        "rub",
        "uah",
        "idr",
        "myr",
        "vnd",
        "ngn",
        "kes",
        "egp",
        "ars",
        "clp",
        "cop",
        "twd",
        "qar",
        "kwd",
    }
)
"""ISO 4217 codes of currencies without a symbol here, read as a currency when written in capitals
next to an amount ("3,500 NOK", "SEK 1200"). Codes that are also English words or names
("ALL", "CUP", "TOP", "TRY", "PHP") are left out."""


def _after_number(out: list[Token], norm: str, match: re.Match[str]) -> None:
    if norm in ("usd", "eur", "gbp", "jpy", "chf"):
        out.append(Token("¤" + norm, match.group(), match.start(), match.end()))
    else:
        out.append(Token("~" + norm, match.group(), match.start(), match.end()))


_LENGTHS = frozenset({"mm", "cm", "m", "km"})
_POWERS = {"square": 2, "cubic": 3}
"""A unit of length raised to a power is a unit of its own, however it is written: "84
cubic metres", "84 m3" and "84m³" (NFKC reads "³" as "3") are one volume, "12 square
metres" and "12m²" one area; the digit glued to the unit is its power, never a number."""


def _powered(out: Sequence[Token]) -> bool:
    """Whether the last token is "square"/"cubic" right after a number (a unit's power)."""
    return (
        len(out) >= 2
        and out[-1].raw.lower() in _POWERS
        and kind_of(out[-2].norm) == "number"
        and out[-1].start - out[-2].end <= 1
    )


_COUNTRY_CURRENCY = {"us": "usd", "american": "usd", "swiss": "chf", "japanese": "jpy", "british": "gbp"}
"""A country word that can stand between an amount and its currency name ("US dollars")."""


def _qualified_currency(out: list[Token], currency: str, start: int) -> bool:
    if len(out) < 2 or kind_of(out[-2].norm) != "number":
        return False
    country = out[-1].raw.lower().replace(".", "")
    return _COUNTRY_CURRENCY.get(country) == _CURRENCY[currency] and start - out[-1].end <= 1


def _per_cent(out: Sequence[Token], lower: str) -> bool:
    """Whether ``lower`` is the "cent" of a number's "per cent"."""
    if lower != "cent" or len(out) < 2 or out[-1].norm != "per":
        return False
    return kind_of(out[-2].norm) == "number" and out[-1].start - out[-2].end <= 1


_TIME_UNITS = frozenset({"hour", "hours", "minute", "minutes", "day", "days", "week", "weeks"})
_DURATIONS = {
    "~hour": ("~second", "3600"),
    "~minute": ("~second", "60"),
    "~week": ("~day", "7"),
    "~year": ("~month", "12"),
}
"""Durations in the smaller unit, so "half an hour" is "1800 seconds" as "30 minutes" and
"30 min" are, "60s" is "one minute", "two weeks" "14 days" and "two years" "24 months" (a
month is no fixed count of days: it stays a month; a day is a date's unit as much as a
duration's: it stays a day)."""

_METRIC = (
    {"~mcg": "0.000001", "~mg": "0.001", "~g": "1", "~kg": "1000", "~tonne": "1000000"},
    {"~ml": "1", "~l": "1000"},
    {"~mm": "0.001", "~cm": "0.01", "~m": "1", "~km": "1000"},
    {"~wh": "0.001", "~kwh": "1", "~mwh": "1000"},
)
"""The metric units of each kind with their size in one of them: an amount in one unit
is the same amount in another of its kind ("750 mg" is "0.75 g", "3.65 MWh" is "3,650
kWh"). The factors are exact decimals, so no conversion rounds."""

_SECOND_WORDS = frozenset({"sec", "secs", "second", "seconds"})
_TENS_WORDS = frozenset({"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"})
_DECADE_BEFORE = frozenset({"the", "her", "his", "their", "my", "your", "our", "early", "late", "mid", "in"})


def _seconds(out: Sequence[Token], lower: str, start: int) -> bool:
    """Whether the word after a number is seconds: "90 sec", "10 seconds", and an "s" glued
    to a number below 1000 ("60s", "a 5s delay"); not a decade or an age ("the 1960s", "in
    her 80s")."""
    number = out[-1]
    if lower in _SECOND_WORDS:
        # "twenty-second" is an ordinal, the 22nd; "a two-second delay" is a duration.
        return not (lower == "second" and number.raw.lower() in _TENS_WORDS)
    if lower != "s" or start != number.end or not number.norm[1:].replace(".", "", 1).isdigit():
        return False
    before = out[-2].norm if len(out) >= 2 else ""
    return float(number.norm[1:]) < 1000 and before not in _DECADE_BEFORE


def _is_code(token: Token) -> bool:
    """A currency code that gives the number after it its currency ("EUR 40", "usd 5")."""
    return token.norm in _CODES or (token.norm in _ISO_CODES and token.raw.isupper())


_FIELD_END = re.compile(r"""[ \t"'`)\]]*(?:[,;|}\n]|$)""")
"""What may follow a field's value before the next field: closing quotes or brackets, then a
separator or the end of the text."""
_KEY_STOPS = (",", ";", "|", "{", "}", "\n", ": ")
"""What ends the key of a field before it: a separator, or the colon of the field before."""


def _keyed_units(out: Sequence[Token], text: str) -> list[Token]:
    """A field whose key names a unit gives its bare number that unit: in
    ``food_budget_eur_per_week: 40``, ``weight (kg): 5`` or ``"hours_per_week": 10`` the
    number is ``40 eur``, ``5 kg``, ``10 hours``, as structured memories and profiles write
    it. The unit is the first unit or currency word of the key before a "per" (what comes
    after "per" is the period of a rate); one-letter words are not read as units there.
    A number followed by other words, or with its own unit, is left as it is; so is one
    right after a currency code, which :func:`_fold` reads as the amount's currency."""
    added: list[Token] = []
    for i, token in enumerate(out):
        added.append(token)
        nxt = out[i + 1] if i + 1 < len(out) else None
        if (
            kind_of(token.norm) != "number"
            or (nxt is not None and kind_of(nxt.norm) in ("unit", "currency"))
            or (i > 0 and _is_code(out[i - 1]))
        ):
            continue
        colon = text.rfind(":", 0, token.start)
        if colon < 0 or text[colon + 1 : token.start].strip(" \t\"'`(["):
            continue
        if token.raw[-1] not in ",;|" and not _FIELD_END.match(text, token.end):
            continue
        unit = _key_unit(out[:i], text, colon)
        if unit is not None:
            added.append(unit)
    return added


def _key_unit(before: Sequence[Token], text: str, colon: int) -> Token | None:
    """The unit token a field's key (the tokens right before ``colon``) names, or None."""
    key_start = max(
        (p + len(stop) for stop in _KEY_STOPS if (p := text.rfind(stop, 0, colon)) >= 0), default=0
    )
    key = [t for t in before if t.start >= key_start and t.end <= colon]
    for word in key:
        lower = word.raw.lower()
        if lower == "per":
            return None
        if len(lower) < 2 or kind_of(word.norm) not in ("word", "unit", "currency"):
            continue
        if kind_of(word.norm) in ("unit", "currency"):
            return Token(word.norm, word.raw, word.start, word.end)
        if lower in _CURRENCY:
            return Token("¤" + _CURRENCY[lower], word.raw, word.start, word.end)
        if lower in _ISO_CODES or lower in _CODES:
            return Token("¤" + lower, word.raw, word.start, word.end)
        if lower in _UNITS:
            return Token("~" + _UNITS[lower], word.raw, word.start, word.end)
    return None
