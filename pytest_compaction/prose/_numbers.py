"""Numbers as written and said: number words and ordinals ("twenty-five", "third"), counts
of times ("twice"), decimals with a comma or said in words ("ninety-eight point six"),
halves and quarters ("half an hour"), age bands ("under-12s"), and the ``#`` token a
number is read as.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_compaction.prose._token import Token, kind_of
from pytest_compaction.prose._units import _DURATIONS, _is_code
from pytest_compaction.prose._word_forms import stem

__all__ = ["fraction", "is_year", "part_of_unit", "slash_fraction", "vulgar_fractions"]


_SCALE_WORDS = {
    "hundred": 100,
    "thousand": 1000,
    "million": 1000000,
    "billion": 1000000000,
    "lakh": 100000,
    "lakhs": 100000,
    "crore": 10000000,
    "crores": 10000000,
    "dozen": 12,
}
"""Words that multiply the number before them; "lakh" (100,000) and "crore" (10,000,000)
as Indian English writes amounts ("3 lakh" is "3,00,000")."""
_NUMBER_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    **_SCALE_WORDS,
}
_TENS = frozenset({20, 30, 40, 50, 60, 70, 80, 90})
_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
    "fortieth": 40,
    "fiftieth": 50,
    "sixtieth": 60,
    "seventieth": 70,
    "eightieth": 80,
    "ninetieth": 90,
    "hundredth": 100,
}
"""Ordinal words read as their number ("the third floor" is "the 3rd floor")."""
_PLAIN_ORDINALS = frozenset({"first", "second"})
"""Ordinals that are also plain words ("first of all", "a second", "second opinion"): they
are numbers only after "every" or "each", in a compound ("twenty-first"), or before a
weekday, a month or a counted unit ("first Monday", "second of May", "the first week",
"second floor"); "the first-aid kit" and "first of all" stay words."""
_ORDINAL_CONTEXT = re.compile(
    r"\s+(?:(?:of\s+(?:(?:the|each|every|this|next|last)\s+)?)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|"
    r"month|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
    r"|(?:day|week|month|year|quarter|floor|dose|round|shift|semester|term)s?)\b(?!-)",
    re.IGNORECASE,
)
_ORDINAL_RAW = re.compile(r"(?:\d(?:st|nd|rd|th)|first|second|third|[a-z]th)$", re.IGNORECASE)


_TIMES_WORDS = {"once": 1, "twice": 2, "thrice": 3}
_ONCE_CLAUSE = re.compile(
    r"\s+(?:the|this|that|these|those|it|its|it's|he|she|they|we|you|i|his|her|their|our|my|your)\b",
    re.IGNORECASE,
)
"""After "once", the subject of a clause: "once the courier scans it" is "when", not "one
time" ("once a day" is)."""


_STRIP_ZERO = re.compile(r"(\.\d*?)0+$")


def is_year(norm: str) -> bool:
    """Whether a number token can be a calendar year (1900 to 2099), as after a date."""
    return len(norm) == 5 and norm[0] == "#" and norm[1:3] in ("19", "20") and norm[1:].isdigit()


_DECIMAL_COMMA = re.compile(r",\d{2}$")


def _decimal_comma(raw: str) -> str:
    """An amount written with a decimal comma ("1.480,50", "1 284,50", "95,00") in the
    point form: a last comma group of two digits is no thousands group (those have three),
    so it is the decimals, and the dots or spaces before it group thousands."""
    return re.sub(r"[.\u00a0\u202f ]", "", raw).replace(",", ".")


_AGE_BAND = re.compile(r"(under|over|Under|Over|UNDER|OVER)-(\d{1,3})s")
"""An age band written with its number: "under-12s", "Over-65s"."""
_BAND_BOUNDS = frozenset({"under", "over"})


def _number(text: str) -> str:
    digits = text.replace(",", "")
    if "." in digits:
        digits = _STRIP_ZERO.sub(r"\1", digits).rstrip(".")
    whole, dot, part = digits.partition(".")
    return "#" + (whole.lstrip("0") or "0") + dot + part  # "06.15" is 6.15, as "015" is 15


_NUMBER_AFTER = re.compile(
    r"\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|thirty|forty|"
    r"fifty|sixty|seventy|eighty|ninety)\b",
    re.IGNORECASE,
)
_GLUE = re.compile(r"^(?:\s+|\s*-\s*|\s+and\s+)$", re.IGNORECASE)
"""What may stand between two words of one number: "twenty five", "twenty-five", "hundred and fifty"."""


def _is_word_number(token: Token) -> bool:
    return kind_of(token.norm) == "number" and token.raw[:1].isalpha()


def _number_word(lower: str, out: list[Token], match: re.Match[str]) -> int | None:
    """The number a word names, or None: cardinals ("twelve"), scales ("hundred"), and
    ordinals ("third"); "first" and "second" only where they cannot be plain words. A
    cardinal's plural after "under" or "over" is an age band's number ("the under-twelves",
    "over-sixties")."""
    if lower in _NUMBER_WORDS:
        return _NUMBER_WORDS[lower]
    if out and out[-1].norm in _BAND_BOUNDS and lower.endswith("s"):
        for single in (lower[:-1], lower[:-2], lower[:-3] + "y"):
            if single in _NUMBER_WORDS and single not in _SCALE_WORDS:
                return _NUMBER_WORDS[single]
    if lower not in _ORDINALS:
        return None
    if lower in _PLAIN_ORDINALS:
        previous = out[-1] if out else None
        after_tens = previous is not None and _is_word_number(previous) and float(previous.norm[1:]) % 10 == 0
        if not (
            (previous is not None and previous.norm in ("every", "each"))
            or after_tens
            or _ORDINAL_CONTEXT.match(match.string, match.end())
        ):
            return None
    return _ORDINALS[lower]


_NUMBER_PHRASE_CHARS = 120
"""The longest run of number words read as one number ("two hundred and fifty thousand
three hundred and twelve" is 60 characters): a longer run is words, so a hostile text of
"one hundred and" repeated neither costs a reading per word over the whole run nor makes
an integer too long to print."""


def _add_number_word(out: list[Token], value: int, match: re.Match[str]) -> None:
    """Append a number word, merged into the number words just before it when together they
    name one number ("twenty-five" is 25, "two hundred and fifty" 250, "two dozen" 24)."""
    text, start, end = match.string, match.start(), match.end()
    previous = out[-1] if out else None
    if (
        previous is not None
        and _is_word_number(previous)
        and end - previous.start <= _NUMBER_PHRASE_CHARS
        and _GLUE.match(text[previous.end : start])
    ):
        words = re.findall(r"[a-z]+", text[previous.start : end].lower())
        total = _count(words)
        if total is not None:
            out[-1] = Token(_number(str(total)), text[previous.start : end], previous.start, end)
            return
    if (  # "$3.5 million": the amount, then its sign, were read from one word
        previous is not None
        and previous.norm.startswith("\u00a4")
        and len(out) > 1
        and out[-2].start == previous.start
        and kind_of(out[-2].norm) == "number"
        and match.group().lower() in _SCALE_WORDS
        and start - previous.end <= 1
    ):
        total_f = float(out[-2].norm[1:]) * _SCALE_WORDS[match.group().lower()]
        shown = str(int(total_f)) if total_f.is_integer() else str(total_f)
        out[-2] = Token(_number(shown), text[previous.start : end], previous.start, end)
        out[-1] = Token(previous.norm, previous.raw, previous.start, end)
        return
    scaled = (
        previous is not None
        and kind_of(previous.norm) == "number"
        and match.group().lower() in _SCALE_WORDS
        and start - previous.end <= 1
        and not previous.raw[:1].isalpha()
    )
    if scaled and previous is not None:  # "2 thousand", "1.5 million"
        total_f = float(previous.norm[1:]) * _SCALE_WORDS[match.group().lower()]
        shown = str(int(total_f)) if total_f.is_integer() else str(total_f)
        out[-1] = Token(_number(shown), text[previous.start : end], previous.start, end)
        return
    out.append(Token(f"#{value}", match.group(), start, end))


def _count(words: Sequence[str]) -> int | None:
    """The number a run of number words names, or None when they do not name one number
    ("twenty five" is 25; "five twenty" and "two three" are two numbers)."""
    total, current, last = 0, 0, ""
    for word in words:
        if word == "and":
            if last not in ("hundred", "big"):
                return None
            last = "and"
            continue
        n = _NUMBER_WORDS.get(word, _ORDINALS.get(word))
        if n is None:
            return None
        if word in ("hundred", "dozen"):
            if last not in ("", "unit", "teen", "tens"):
                return None
            current, last = (current or 1) * n, "hundred"
        elif n >= 1000:
            if last in ("and", "big"):
                return None
            total, current, last = total + (current or 1) * n, 0, "big"
        elif n in _TENS:
            if last not in ("", "hundred", "big", "and"):
                return None
            current, last = current + n, "tens"
        elif n < 10:
            if last not in ("", "tens", "hundred", "big", "and"):
                return None
            current, last = current + n, "unit"
        else:
            if last not in ("", "hundred", "big", "and"):
                return None
            current, last = current + n, "teen"
    return None if last == "and" else total + current


_HALF_ARTICLE = re.compile(r"\s+(?:of\s+)?an?\b", re.IGNORECASE)
"""After "half": "a" or "an", with an "of" before it or not ("half a tablet", "half of a
five-milligram tablet")."""


def _half(out: list[Token], match: re.Match[str]) -> None:
    """ "half an hour" is 0.5 hour; "two and a half" is 2.5. Otherwise "half" is a word."""
    text, start, end = match.string, match.start(), match.end()
    if len(out) >= 3 and [t.norm for t in out[-2:]] == ["and", "a"] and kind_of(out[-3].norm) == "number":
        number = out[-3]
        out[-3:] = [
            Token(_number(str(float(number.norm[1:]) + 0.5)), text[number.start : end], number.start, end)
        ]
        return
    if len(out) >= 4 and [t.norm for t in out[-2:]] == ["and", "a"] and out[-3].norm in _DURATIONS:
        # "an hour and a half" is 1.5 hour, "two weeks and a half" 2.5 weeks
        count, unit = out[-4], out[-3]
        if count.norm in ("a", "an") or _is_word_number(count) or kind_of(count.norm) == "number":
            whole = 1.0 if count.norm in ("a", "an") else float(count.norm[1:])
            out[-4:] = [
                Token(_number(str(whole + 0.5)), text[count.start : end], count.start, unit.start),
                Token(unit.norm, text[unit.start : end], unit.start, end),
            ]
            return
    article = _HALF_ARTICLE.match(text, end)
    if article:
        out.append(Token("#0.5", text[start : article.end()], start, article.end()))
        return
    out.append(Token(stem("half"), match.group(), start, end))


_QUARTER_OF = re.compile(r"\s+of\s+an?\s+(?=[A-Za-z])", re.IGNORECASE)
_PARTS = {"quarter": 4, "quarters": 4, "third": 3, "thirds": 3}
"""Words of a part of a whole, with how many parts make it: "a quarter", "two thirds"."""


def fraction(whole: int, numerator: int, denominator: int) -> str:
    """A mixed number as the decimal it is, to three places: "1\u00bd" is "1.5", "\u2153" is
    "0.333", so every way of writing one fraction reads as the same number."""
    value = round(whole + numerator / denominator, 3)
    return f"{value:.3f}".rstrip("0").rstrip(".")


def _quarter(out: list[Token], match: re.Match[str], parts: int = 4) -> bool:
    """ "a quarter of an hour" is 0.25 hour, "three-quarters of a cup" 0.75 cup, "two
    thirds of a pint" 0.667 pint, "every quarter of an hour" every 0.25 hour; only before
    "of a(n)" and a word, so "a quarter past nine" stays a clock time and "the third of
    May" a date."""
    text, start, end = match.string, match.start(), match.end()
    of = _QUARTER_OF.match(text, end)
    previous = out[-1] if out else None
    if of is None or previous is None:
        return False
    if previous.norm in ("every", "each", "per"):
        # "every quarter of an hour" is every 15 minutes: the quarter is its own count.
        out.append(Token(_number(fraction(0, 1, parts)), text[start : of.end()], start, of.end()))
        return True
    if previous.norm in ("a", "an", "one") and start - previous.end <= 1:
        count = 1
    elif _is_word_number(previous) and re.fullmatch(r"\s*-?\s*", text[previous.end : start]):
        count = int(float(previous.norm[1:]))
    elif match.group().lower().endswith("s"):
        # "served in thirds of a pint": measures of a third each, no count before it.
        out.append(Token(_number(fraction(0, 1, parts)), text[start : of.end()], start, of.end()))
        return True
    else:
        return False
    value = _number(fraction(0, count, parts))
    out[-1] = Token(value, text[previous.start : of.end()], previous.start, of.end())
    return True


_PART_BEFORE_UNIT = re.compile(r"-(?=(?:pint|pound|litre|liter|cup|mile|inch|hour|kilo|kg)\b)", re.IGNORECASE)


def part_of_unit(out: list[Token], match: re.Match[str]) -> bool:
    """ "a third-pint measure", "a half-pint", "a quarter-pound burger": a part of the unit
    its hyphen joins it to, as "a third of a pint" is; "the third-floor flat" keeps its
    ordinal."""
    parts = _PARTS.get(match.group().lower()) or (2 if match.group().lower() == "half" else 0)
    if not parts or _PART_BEFORE_UNIT.match(match.string, match.end()) is None:
        return False
    end = match.end() + 1  # the hyphen joins the part to its unit
    out.append(Token(_number(fraction(0, 1, parts)), match.string[match.start() : end], match.start(), end))
    return True


def _said_decimals(out: list[Token], text: str) -> list[Token]:
    """A decimal said in words is its number: "ninety-eight point six" is 98.6, "a hundred
    and two point four" 102.4, "one point oh five" 1.05. The whole part and every digit
    after "point" are number words ("oh" for zero); "3 point 5" and "the point is five"
    are left as written."""
    result: list[Token] = []
    i = 0
    while i < len(out):
        token = out[i]
        j = i + 2
        digits = ""
        while (
            j < len(out)
            and (out[j].norm == "oh" or _said_digit(out[j]))
            and out[j].start - out[j - 1].end == 1
            and out[j - 1].raw.isalpha()
        ):
            digits += "0" if out[j].norm == "oh" else out[j].norm[1:]
            j += 1
        if (
            digits
            and _is_word_number(token)
            and token.norm[1:].isdigit()
            and out[i + 1].raw == "point"
            and out[i + 1].start - token.end == 1
        ):
            last = out[j - 1]
            result.append(
                Token(
                    _number(f"{token.norm[1:]}.{digits}"), text[token.start : last.end], token.start, last.end
                )
            )
            i = j
            continue
        result.append(token)
        i += 1
    return result


def _said_digit(token: Token) -> bool:
    return (
        _is_word_number(token) and token.norm[1:].isdigit() and len(token.norm) == 2 and "-" not in token.raw
    )


_SPACED_GROUP = re.compile(r"\d{3}")
_SPACE = re.compile(r"[ \u00a0\u202f]")
_AMOUNT_AFTER = frozenset({"kr", "zl", "zł", "ft", "kc", "kč", "lei", "lv", "rub", "rbl"})
"""Currency abbreviations written after an amount with no code or symbol token of their own."""


def spaced_thousands(out: list[Token], text: str) -> list[Token]:
    """Numbers written with a space between thousands ("12 500 kr", "1 250 000 EUR", "EUR
    12 500"): merged into one number when a currency or a unit stands right before or after
    the run, each group after the first of three digits and one space apart. Without one,
    numbers side by side stay apart ("rooms 101 102 103", "14 500 people" may be two counts)."""
    result: list[Token] = []
    i = 0
    while i < len(out):
        token = out[i]
        run = [token]
        if kind_of(token.norm) == "number" and token.raw.isdigit() and len(token.raw) <= 3:
            j = i + 1
            while (
                j < len(out)
                and _SPACED_GROUP.fullmatch(out[j].raw)
                and _SPACE.fullmatch(text[run[-1].end : out[j].start])
            ):
                run.append(out[j])
                j += 1
        if len(run) > 1 and (_priced(out, i - 1) or _priced(out, i + len(run))):
            digits = "".join(t.raw for t in run)
            result.append(Token(_number(digits), text[token.start : run[-1].end], token.start, run[-1].end))
            i += len(run)
            continue
        result.append(token)
        i += 1
    return result


def _priced(out: Sequence[Token], index: int) -> bool:
    """Whether the token at ``index`` is a currency or a unit (an amount's company)."""
    if not 0 <= index < len(out):
        return False
    token = out[index]
    lowered = token.raw.lower().rstrip(".")
    return kind_of(token.norm) in ("currency", "unit") or _is_code(token) or lowered in _AMOUNT_AFTER


_VULGAR = {
    "\u00bd": (1, 2),
    "\u2153": (1, 3),
    "\u2154": (2, 3),
    "\u00bc": (1, 4),
    "\u00be": (3, 4),
    "\u2155": (1, 5),
    "\u2156": (2, 5),
    "\u2157": (3, 5),
    "\u2158": (4, 5),
    "\u2159": (1, 6),
    "\u215a": (5, 6),
    "\u215b": (1, 8),
    "\u215c": (3, 8),
    "\u215d": (5, 8),
    "\u215e": (7, 8),
}
_VULGAR_AFTER = re.compile(r"(?:(\d+)[ \u00a0]?)?([" + "".join(_VULGAR) + "])")


def _vulgar(match: re.Match[str]) -> str:
    numerator, denominator = _VULGAR[match.group(2)]
    glued = match.group(1) is None and match.start() > 0 and match.string[match.start() - 1].isalpha()
    return (" " if glued else "") + fraction(int(match.group(1) or 0), numerator, denominator)


def vulgar_fractions(text: str) -> str:
    """``text`` with each vulgar fraction written as its decimal ("1\u00bd teaspoons" is
    "1.5 teaspoons", "\u2154 pint" "0.667 pint")."""
    if not any(c in _VULGAR for c in text):
        return text
    return _VULGAR_AFTER.sub(_vulgar, text)


_SLASH_FRACTION = re.compile(r"([1-7])/([2348])")
_MEASURED = re.compile(
    r"\s*-?\s*(?:tsp|tbsp|teaspoons?|tablespoons?|cups?|inch(?:es)?|in\b|pints?|miles?|lbs?|oz|ounces?"
    r"|kg|g\b|hours?|hrs?|mins?|minutes?|lit(?:re|er)s?|l\b|ml|cm|mm|km|m\b|of\s+an?\b)",
    re.IGNORECASE,
)


def slash_fraction(raw: str, out: Sequence[Token], match: re.Match[str]) -> tuple[str, bool] | None:
    """A fraction written with a slash ("1/2", "3/4") as its decimal's norm, and whether it
    joins the whole number before it ("1 1/2" is 1.5), or None. A slashed pair is a
    fraction only as a mixed number or before a measure ("1/2 tsp", "3/4 of a cup");
    elsewhere it stays a date or a score ("1/2", "3/4 passed")."""
    parts = _SLASH_FRACTION.fullmatch(raw)
    if parts is None or int(parts.group(1)) >= int(parts.group(2)):
        return None
    numerator, denominator = int(parts.group(1)), int(parts.group(2))
    previous = out[-1] if out else None
    mixed = (
        previous is not None
        and re.fullmatch(r"#\d+", previous.norm) is not None
        and match.string[previous.end : match.start()] == " "
    )
    if not mixed and _MEASURED.match(match.string, match.end()) is None:
        return None
    whole = int(previous.norm[1:]) if mixed and previous is not None else 0
    return "#" + fraction(whole, numerator, denominator), mixed
