"""Dates, clock times and weekdays as written: month names, numeric dates ("14/7"), a
clock reading's ``@HH:MM`` token, clock words ("noon"), and weekday abbreviations
("Mon", "Thurs"; "Sat" and "Sun" only where they are weekdays).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_compaction.prose._token import Token, kind_of

__all__: list[str] = []  # helpers of the tokenizer in normalize.py; nothing here is public


_CLOCK_WORDS = {"noon": "@12:00", "midday": "@12:00", "midnight": "@00:00"}


_MONTHS = {
    name: index
    for index, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}


def _clock(hours: int, minutes: int, meridiem: str) -> str:
    if meridiem.startswith("p") and hours < 12:
        hours += 12
    if meridiem.startswith("a") and hours == 12:
        hours = 0
    return f"@{hours:02d}:{minutes:02d}"


_NUMERIC_DATE = re.compile(r"(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?")
_DATE_BEFORE = frozenset(
    {"on", "by", "from", "until", "till", "til", "since", "before", "after", "due", "for", "to", "dated"}
)
_WEEKDAYS = re.compile(
    r"(?:mon|tue|tues|weds?|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday)?\.?$", re.IGNORECASE
)


_MONTH_YEAR = re.compile(
    r"(?P<month>0?[1-9]|1[0-2])/(?P<year>(?:19|20)\d\d)|(?P<iso_year>(?:19|20)\d\d)-(?P<iso_month>0[1-9]|1[0-2])"
)
"""A month and its year in figures: "03/2026", "3/2026", and the ISO "2026-03"."""


def _numeric_date(raw: str, out: Sequence[Token], match: re.Match[str]) -> tuple[str, ...] | None:
    """The date tokens of a numeric date ("14/7", "5/5", "31/01/2026"), or None.

    Only a reading no one can take the other way: the day first when the first number is
    over 12 ("14/7" is the 14th of July), the month first when the second is ("7/14"),
    either when both are the same ("5/5"). "3/6" is the 3rd of June to a British reader
    and March 6 to an American one: it stays an identifier, so it never passes for
    either date. A count reads the same way ("5/5 passed", "7/14 done"), so the slash
    is a date only with a year after it, a date word before it ("on", "by", "until",
    "due", a weekday) or alone as a value's words, or when its first number is over 12
    (no count has more done than asked); "24/7" is "always".
    """
    month_year = _MONTH_YEAR.fullmatch(raw)
    if month_year is not None:
        # "03/2026", "2026-03": a month of a year, as "March 2026" reads
        month, year = month_year.group("month") or month_year.group("iso_month"), month_year.group("year")
        return (f"%{int(month)}", "#" + (year or month_year.group("iso_year")))
    found = _NUMERIC_DATE.fullmatch(raw)
    if found is None or raw == "24/7":
        return None
    first, second = int(found.group(1)), int(found.group(2))
    if not (1 <= first <= 31 and 1 <= second <= 31):
        return None
    if first > 12 and second <= 12:
        month, day = second, first
    elif second > 12 and first <= 12:
        month, day = first, second
    elif first == second:
        month = day = first
    else:
        return None
    previous = out[-1].raw if out else ""
    alone = not match.string[: match.start()].strip() and not match.string[match.end() :].strip()
    said = previous.lower() in _DATE_BEFORE or bool(_WEEKDAYS.match(previous)) or alone
    year = found.group(3)
    if not (year or said or (first > 12 and second <= 12)):
        return None
    if year:
        return (f"%{month}-{day:02d}", "#" + (year if len(year) == 4 else "20" + year))
    return (f"%{month}-{day:02d}",)


_WEEKDAY_ABBREVIATIONS = {
    "mon": "monday",
    "tue": "tuesday",
    "tues": "tuesday",
    "wed": "wednesday",
    "weds": "wednesday",
    "thu": "thursday",
    "thur": "thursday",
    "thurs": "thursday",
    "fri": "friday",
    "sat": "saturday",
    "sun": "sunday",
}
_WORD_ABBREVIATIONS = frozenset({"wed", "weds", "sat", "sun"})
"""Weekday abbreviations that are also English words ("sat down", "the sun"): a weekday only
before a day number or date ("Sun 25/05", "Sat 3 May") or next to another weekday
("Sat/Sun", "Mon-Sat")."""
_DAY_NUMBER_AFTER = re.compile(r"\.?,?\s*\d")
_DAY_PART_AFTER = re.compile(
    r"\s+(?:am|pm|a\.m\.|p\.m\.|morning|afternoon|evening|eve|night)\b", re.IGNORECASE
)
"""A part of the day after a weekday's abbreviation: "neutering done *Wed am*"."""
_CLAUSE_CLOSE = re.compile(r"\s*(?:[.;,)]|$)")
_TIME_PREPOSITIONS = frozenset(
    {"on", "by", "until", "till", "from", "before", "after", "since", "next", "this", "every", "each", "last"}
    | {"due"}
)
"""Words a weekday follows as a time adverbial: "by Wed", "until Sun", "every Sat", "due Wed."."""
_ARTICLES = frozenset({"the", "a", "an"})
_WEEKDAY_NORMS = frozenset(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"))


def _weekday_abbreviation(out: Sequence[Token], match: re.Match[str]) -> bool:
    """Whether the word at ``match`` is a weekday's abbreviation ("Mon", "fri", "Thurs"); for
    the ones that are also words (:data:`_WORD_ABBREVIATIONS`) told by a day number or
    another weekday beside it, or, written with a capital, by their place."""
    raw = match.group()
    if raw.lower() not in _WORD_ABBREVIATIONS:
        return True  # "fri", "Thurs": no other word is written so, in either case
    if _DAY_NUMBER_AFTER.match(match.string, match.end()) or _DAY_PART_AFTER.match(match.string, match.end()):
        return True  # "Sun 25/05", "Wed am"
    previous = out[-1] if out else None
    if previous is not None and previous.norm in _WEEKDAY_NORMS and match.start() - previous.end <= 2:
        return True
    if previous is not None and _time_slot(out, match):
        return True
    if not raw[:1].isupper():
        return False  # "sat down", "the sun": in lower case a weekday only by a date or a weekday
    if (
        previous is not None
        and previous.raw.lower() not in _ARTICLES
        and _CLAUSE_CLOSE.match(match.string, match.end())
    ):
        return (
            True  # "monitor ships Wed.", "open Sat; closed Sun": capitalized mid-sentence, at a clause's end
        )
    if raw in ("Sat", "Wed", "Weds") and _opens_item(out, match):
        # "Dorota: Sat meerkat enrichment", "- Wed drop-in": a note item opened by the day
        # it is on; the verb goes on with a particle or a place ("Sat down", "Sat with her")
        noun = _NOUN_AFTER.match(match.string, match.end())
        if noun is not None and noun.group(1).lower() not in _SITTING_WORDS:
            return True
    after = re.match(r"\s*[-/\u2013,]\s*([A-Za-z]+)", match.string[match.end() :])
    return after is not None and after.group(1).lower() in (_WEEKDAY_ABBREVIATIONS.keys() | _WEEKDAY_NORMS)


_NOUN_AFTER = re.compile(r" ([a-z][a-z-]+)\b")
_SITTING_WORDS = frozenset(
    {"down", "up", "in", "on", "at", "with", "by", "through", "out", "outside", "inside", "beside", "next"}
    | {"there", "here", "quietly", "for", "around", "back", "alone", "still", "together"}
    | {"the", "a", "an", "his", "her", "their", "my", "our", "your"}
)
"""What follows "Sat" the verb ("Sat down", "Sat with the family", "Sat the exam")."""


def _opens_item(out: Sequence[Token], match: re.Match[str]) -> bool:
    """Whether the word at ``match`` opens a note's item: the text's or a line's first word,
    or the first after a label's colon or a dash."""
    previous = out[-1] if out else None
    between = match.string[previous.end : match.start()] if previous is not None else ""
    return previous is None or "\n" in between or any(mark in between for mark in ":-\u2013\u2014(")


def _time_slot(out: Sequence[Token], match: re.Match[str]) -> bool:
    """Whether a capitalized "Wed", "Sat" or "Sun" in mid-sentence stands where a time
    adverbial does: right after a time preposition ("by Wed", "until Sun") or after a verb
    in "-ing" or "-ed" with no article before it ("arriving Wed", "closed Sat"; not "the
    rising Sun"). A noun after an article ("the Sun") or a verb ("they wed") is no weekday."""
    previous = out[-1]
    between = match.string[previous.end : match.start()]
    if between.strip() or "\n" in between:
        return False
    word = previous.raw.lower()
    if word in _TIME_PREPOSITIONS:
        return True
    before = match.string[: previous.start].split()
    article = bool(before) and before[-1].lower() in _ARTICLES
    return word.endswith(("ing", "ed")) and len(word) > 4 and not article


def _date_context(out: Sequence[Token], match: re.Match[str]) -> bool:
    """A month name is a date next to a day number: "March 3", "Nov. 1", "3 March", "the 3rd of March"."""
    text = match.string
    after = text[match.end() : match.end() + 6]
    previous = out[-1] if out else None
    if previous is not None and previous.norm == "of" and len(out) > 1:
        previous = out[-2]
    return bool(re.match(r"\.?\s+\d", after)) or (previous is not None and previous.norm.startswith("#"))


_AFTER_DAY_MAY = re.compile(
    r"\s*(?:$|[.,;:)!?\u2013\u2014-]|\d|(?:at|in|to|and|or|for|from|until|till)\b)", re.IGNORECASE
)


def _day_may(out: Sequence[Token], match: re.Match[str]) -> bool:
    """Whether a lower-case "may" is the month, as notes write it ("next check-up 3 may."):
    right after a day number, and followed by the end of its phrase, a number or a
    preposition; "3 may come" is a number and a modal."""
    previous = out[-1] if out else None
    if previous is None or _day(previous) is None or match.string[previous.end : match.start()].strip():
        return False
    return _AFTER_DAY_MAY.match(match.string, match.end()) is not None


_MAY_DAY = re.compile(
    r"\s+(\d{1,2})(?:st|nd|rd|th)?(?=\s*(?:$|[.,;:)!?\u2013\u2014-]|\d{1,2}[:.]\d{2}|"
    r"(?:at|in|to|and|or|for|from|until|till)\b))",
    re.IGNORECASE,
)


def _may_day(match: re.Match[str]) -> bool:
    """Whether a lower-case "may" is the month before its day, as notes write it ("match: may
    22", "may 3rd at 19:00"): a day number, then the end of its phrase, a time or a
    preposition; "may 2 times" is a modal and a count."""
    found = _MAY_DAY.match(match.string, match.end())
    return found is not None and 1 <= int(found.group(1)) <= 31


_RANGE_WORDS = frozenset({"to", "until", "till", "til", "through", "thru"})
_RANGE_DASH = re.compile(r"\s*[-\u2010-\u2015]\s*")
_DAY_SPAN = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?[-\u2010-\u2015](\d{1,2})(?:st|nd|rd|th)?")


def _day(token: Token) -> int | None:
    """The day of month a bare number token names (1 to 31), or None."""
    digits = token.norm[1:]
    if not token.norm.startswith("#") or not digits.isdigit() or not 1 <= int(digits) <= 31:
        return None
    return int(digits)


def _month_of(token: Token) -> str | None:
    """The month token ("%8") a month name stands for, dated by context or not, or None."""
    if re.fullmatch(r"%\d{1,2}", token.norm):
        return token.norm
    lower = token.raw.lower().rstrip(".")
    if lower in _MONTHS and lower != "may":
        return f"%{_MONTHS[lower]}"
    return None


def _joined(text: str, first: Token, second: Token, between: Sequence[Token]) -> bool:
    """Whether two day numbers are a span's two ends: a dash between them ("4-8", "4 \u2013 8"),
    or one range word ("4 to 8", "4 until 8")."""
    if not between:
        return _RANGE_DASH.fullmatch(text[first.end : second.start]) is not None
    return len(between) == 1 and between[0].norm in _RANGE_WORDS


_SPAN_END_WORDS = frozenset(
    {"and", "or", "in", "at", "for", "inclusive", "incl", "while", "when", "with", "from", "on", "the"}
)


def _ends_span(text: str, tokens: Sequence[Token], j: int) -> bool:
    """Whether the day number at ``j`` ends what is said of it: punctuation, the end, or a
    function word after it ("August 4 to 8, inclusive"). A noun right after it ("Aug 4 to 8
    guests") makes it a count of its own."""
    if j + 1 >= len(tokens):
        return True
    nxt = tokens[j + 1]
    if text[tokens[j].end : nxt.start].strip():
        return True
    return kind_of(nxt.norm) != "word" or nxt.raw.lower() in _SPAN_END_WORDS


def date_ranges(out: Sequence[Token], text: str) -> list[Token]:
    """A span of days in one month, each end a date: "4-8 Aug", "4 to 8 August", "14th-18th
    July", "Aug 4-8", "August 4 to 8". The month is written once, after the second day or
    before the first; each day takes it (a month token is set beside the other day, for
    :func:`_fold._fold` to make the date). Days that do not rise ("8-4 Aug") are no span,
    and "4 to 8" without a month beside it stays two numbers."""
    tokens = list(out)
    result: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        span = _DAY_SPAN.fullmatch(token.raw) if token.norm.startswith("!") else None
        if span is not None:
            first, second = int(span.group(1)), int(span.group(2))
            after = tokens[i + 1] if i + 1 < len(tokens) else None
            before = result[-1] if result else None
            month = _month_of(after) if after is not None else None
            if month is None and before is not None and _ends_span(text, tokens, i):
                month = _month_of(before)
            if month is not None and 1 <= first < second <= 31:
                cut = token.start + span.end(1)
                if before is not None and _month_of(before) == month and before.norm != month:
                    result[-1] = Token(month, before.raw, before.start, before.end)
                result.extend(
                    (
                        Token(f"#{first}", token.raw[: cut - token.start], token.start, cut),
                        Token(month, "", cut, cut),
                        Token(
                            f"#{second}", token.raw[span.start(2) :], token.start + span.start(2), token.end
                        ),
                    )
                )
                if after is not None and _month_of(after) == month and after.norm != month:
                    tokens[i + 1] = Token(month, after.raw, after.start, after.end)
                i += 1
                continue
        month = _month_of(token) if re.fullmatch(r"%\d{1,2}", token.norm) else None
        start = _day(tokens[i + 1]) if month is not None and i + 1 < len(tokens) else None
        if month is not None and start is not None:  # "August 4 to 8": the month before the first day
            result.extend((token, tokens[i + 1]))
            i += 2
            for gap in (0, 1):
                j = i + gap
                if j >= len(tokens) or not _joined(text, tokens[i - 1], tokens[j], tokens[i:j]):
                    continue
                end = _day(tokens[j])
                if end is not None and end > start and _ends_span(text, tokens, j):
                    result.extend((*tokens[i:j], Token(month, "", tokens[j].start, tokens[j].start)))
                    i = j
                    break
            continue
        start = _day(token)
        if start is not None:
            for gap in (0, 1):
                j = i + 1 + gap
                if j + 1 >= len(tokens) or not _joined(text, token, tokens[j], tokens[i + 1 : j]):
                    continue
                end = _day(tokens[j])
                month = _month_of(tokens[j + 1])
                if end is not None and end > start and month is not None:
                    result.extend((token, Token(month, "", token.end, token.end)))
                    break
            else:
                result.append(token)
            i += 1
            continue
        result.append(token)
        i += 1
    return result


_MERIDIEM = re.compile(r"([ap])\.?\s*m\.?$", re.IGNORECASE)
_HOUR_SPAN = re.compile(r"(\d{1,2})[-\u2010-\u2015](\d{1,2})")


def _hour(text: str) -> int | None:
    """An hour of a 12-hour clock (1 to 12) as written, or None."""
    return int(text) if text.isdigit() and 1 <= int(text) <= 12 else None


def _first_end(first: int, last: int, meridiem: str, minutes: int = 0) -> str:
    """The clock token of a span's first hour (and ``minutes``), whose half of the day only
    its last end names: the same half when the first comes before the last on the 12-hour
    dial ("8-10 pm" is 20:00 to 22:00, "7.30-9pm" 19:30 to 21:00, "12-2 pm" noon to 14:00),
    the other half when it does not ("11-1 pm" is 11:00 to 13:00)."""
    same = first % 12 < last % 12
    half = meridiem if same else ("a" if meridiem == "p" else "p")
    return _clock(first, minutes, half + "m")


_DIAL_TIME = re.compile(r"(\d{1,2})[:.]([0-5]\d)")
"""A first end written with its minutes on a twelve-hour dial ("7.30", "7:30")."""


def _dial_start(token: Token) -> tuple[int, int] | None:
    """The hour (1 to 12) and minutes of ``token`` written as a time on the dial with no
    half of the day ("7.30", "7:30"), or None; a dotted one only in steps of five minutes,
    as clock times in prose are ("5.31" may be a version or an amount)."""
    match = _DIAL_TIME.fullmatch(token.raw)
    if match is None or _hour(match.group(1)) is None:
        return None
    minutes = int(match.group(2))
    if token.raw[len(match.group(1))] == "." and minutes % 5:
        return None
    return int(match.group(1)), minutes


def time_ranges(out: Sequence[Token], text: str) -> list[Token]:
    """A span of hours whose half of the day is written once, after its last end: "6-8 pm",
    "8 to 10 pm", "9-11am", "between 2 and 4 pm". Each end becomes a time, so "6 to 8 pm"
    and "18:00-20:00" read the same; "6-8 people" or "6 to 8" with no "am"/"pm" stay numbers."""
    tokens = list(out)
    result: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        span = _HOUR_SPAN.fullmatch(token.raw) if token.norm.startswith("!") else None
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        if span is not None and after is not None and after.raw.lower().replace(".", "") in ("am", "pm"):
            first, last = _hour(span.group(1)), _hour(span.group(2))
            if first is not None and last is not None:
                meridiem = after.raw.lower()[0]
                cut = token.start + span.end(1)
                result.append(
                    Token(_first_end(first, last, meridiem), token.raw[: cut - token.start], token.start, cut)
                )
                at = token.start + span.start(2)
                result.append(Token(_clock(last, 0, meridiem + "m"), text[at : after.end], at, after.end))
                i += 2
                continue
        first = _hour(token.raw) if token.norm.startswith("#") else None
        dial = _dial_start(token) if first is None else None
        minutes = 0
        if dial is not None:
            first, minutes = dial  # "7.30-9pm": the first end with its minutes
        if first is not None:
            for gap in (0, 1):
                j = i + 1 + gap
                if j >= len(tokens):
                    break
                between = tokens[i + 1 : j]
                joined = _joined(text, token, tokens[j], between) or (
                    len(between) == 1
                    and between[0].norm == "and"
                    and bool(result)
                    and result[-1].norm == "between"
                )
                end = tokens[j]
                half = _MERIDIEM.search(end.raw)
                last = _hour(re.sub(r"\D.*$", "", end.raw))
                if joined and end.norm.startswith("@") and half is not None and last is not None:
                    token = Token(
                        _first_end(first, last, half.group(1).lower(), minutes),
                        token.raw,
                        token.start,
                        token.end,
                    )
                    break
        result.append(token)
        i += 1
    return result


def span_joints(out: Sequence[Token]) -> list[Token]:
    """A span's two ends side by side, the word that joined them left out: "8 to 10 pm",
    "8-10 pm" and "20:00-22:00" read alike, as do "4 to 8 August" and "4-8 Aug" (a "between
    ... and" span too)."""
    result: list[Token] = []
    for i, token in enumerate(out):
        if 0 < i < len(out) - 1 and result:
            kind = kind_of(result[-1].norm)
            joint = token.norm in _RANGE_WORDS or (
                token.norm == "and" and len(result) > 1 and result[-2].norm == "between"
            )
            if joint and kind in ("time", "date") and kind_of(out[i + 1].norm) == kind:
                continue
        result.append(token)
    return result
