"""Values said the way people say them, folded onto the typed tokens of
:mod:`pytest_compaction.prose.normalize`.

- **Clock phrases**: "a quarter to six", "half past nine", "ten past eight", "twenty to
  seven in the evening", "six in the evening", "5:45 in the afternoon", "eleven at night",
  "twelve noon", "at seven thirty", "nine forty-five pm" are times (``@17:45``); a part of
  the day ("in the morning", "this afternoon", "in the evening", "at night", "tonight")
  sets the half of the day. "N to H" is a range as often as a time ("from ten to twelve
  guests"), and "H MM" a number as often ("one twenty people"), so each is a time only
  with a part of the day, "o'clock" or "am"/"pm" after it, or "at", "by", "until" or
  "till" before. A time written without its half ("7:30", "half past nine") names its
  clock reading in either half (:func:`without_half`).
- **Digit groups**: an identifier written in groups of digits (a phone or account number)
  is the same however the groups are joined: "07700 900412", "07700 900 412",
  "07700-900-412" and "07700.900.412" are all ``#07700900412``. A run of two or more groups
  is one only when it has seven digits or more and opens with a 0 or holds a group of four
  digits or more ("rooms 101 102 103" stays three numbers); a run that opens with a year
  ("2019 2024", "in 2024 12000 people") is a year and a number. A run after "+" opens with
  its country code: "+44 7700 900412" is the same number as "07700 900412". A date is read
  only with a month and a day that exist ("0470-55-01-23" is a phone number).
- **Twenty-four-hour times said as hundreds**: "at twenty-two hundred", "eighteen hundred
  hours", "oh six hundred", "1800 hours", "0600" are times (``@22:00``, ``@18:00``,
  ``@06:00``), never "1800 hours" of duration. Said so, it is a time with "hours" (or
  "hrs") after it; without it, said in words after "at", "until" or "till" and with no
  noun after it ("at twelve hundred feet" is a height), or written with its leading zero
  ("at 0600"). Each only after a word that places a time ("at", "by", "until", "before",
  "after", "from", "since", "to"): "logged 1200 hours" is a duration, "room 0412" a number,
  "by nineteen hundred" a year.

Both passes work on the token list before :func:`_fold._fold` merges dates.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_compaction.prose._token import Token

__all__ = [
    "clock_phrases",
    "digit_group",
    "digit_groups",
    "digit_words",
    "hour_minutes",
    "other_half",
    "without_half",
]

_DAY_PARTS = {"morning": "morning", "afternoon": "afternoon", "evening": "evening", "night": "night"}
_TIME_BEFORE = frozenset({"at", "by", "until", "till", "til"})
_MINUTE_WORDS = frozenset({"~minute"})


def _hour(token: Token) -> int | None:
    """The hour a plain number token names (1 to 12), or None: not an ordinal ("5th") nor a
    plural ("the under-tens", "over-12s": an age band's number)."""
    if not token.norm.startswith("#") or re.search(r"(?:st|nd|rd|th|s)$", token.raw, re.IGNORECASE):
        return None
    try:
        value = float(token.norm[1:])
    except ValueError:
        return None
    return int(value) if value.is_integer() and 1 <= value <= 12 else None


def _minutes(token: Token) -> int | None:
    if not token.norm.startswith("#") or token.raw[-1:] in ("s", "S"):
        return None  # "the under-tens after six": a band's number, no minutes
    try:
        value = float(token.norm[1:])
    except ValueError:
        return None
    return int(value) if value.is_integer() and 1 <= value <= 59 else None


def _day_part(out: Sequence[Token], i: int) -> tuple[str, int] | None:
    """The part of the day that starts at token ``i`` and the index after it, or None:
    "in the evening", "this morning", "at night", "tonight"."""
    lower = [t.raw.lower() for t in out[i : i + 3]]
    if lower[:1] == ["tonight"]:
        return "night", i + 1
    if len(lower) >= 3 and lower[0] == "in" and lower[1] == "the" and lower[2] in _DAY_PARTS:
        return _DAY_PARTS[lower[2]], i + 3
    if len(lower) >= 2 and lower[0] == "this" and lower[1] in ("morning", "afternoon", "evening"):
        return lower[1], i + 2
    if len(lower) >= 2 and lower[0] == "at" and lower[1] == "night":
        return "night", i + 2
    return None


_NUMBERED = frozenset(
    {
        "room",
        "bed",
        "bay",
        "van",
        "car",
        "gate",
        "stand",
        "pitch",
        "table",
        "seat",
        "platform",
        "ward",
        "desk",
        "cabin",
        "berth",
        "court",
        "studio",
        "door",
        "drop",
        "unit",
        "flat",
        "house",
        "no",
        "number",
        "lane",
        "locker",
        "pen",
        "stall",
        "kennel",
        "hut",
        "block",
        "floor",
        "level",
        "zone",
        "route",
        "bus",
        "line",
    }
)


def _numbered(out: Sequence[Token], i: int) -> bool:
    """Whether the plain number at token ``i`` is the number of the thing named right
    before it ("bed 12 tonight", "room 7 this evening"), not an hour."""
    return i > 0 and out[i - 1].raw.lower().rstrip(".") in _NUMBERED and out[i - 1].end < out[i].start


def _meridiem(hours: int, part: str) -> int:
    """``hours`` (0 to 12, from a twelve-hour clock) in the half of the day ``part`` names."""
    if part == "morning":
        return 0 if hours == 12 else hours
    if part == "night":
        return 0 if hours == 12 else hours + 12 if hours >= 5 else hours
    return hours + 12 if hours < 12 else hours


def _twelve_hour(token: Token) -> tuple[int, int] | None:
    """The hours and minutes of a time token read from a twelve-hour clock ("6:30", not
    "18:30", "6:30 pm" or "06:30"), or None."""
    match = re.fullmatch(r"@(\d\d):(\d\d)", token.norm)
    if match is None or not re.fullmatch(r"[1-9]:\d\d|1[0-2]:\d\d", token.raw.strip()):
        return None
    return int(match.group(1)), int(match.group(2))


_DOTTED = re.compile(r"([01]?\d|2[0-3])\.([0-5]\d)")
_DOTTED_BEFORE = frozenset({*_TIME_BEFORE, "from", "before", "after", "around", "between"})
_PRICED = frozenset({"per", "a", "an", "each", "apiece"})


_STAMP_OPENS = re.compile(r"\s*(?:[-*\u2022]\s+|\d+\.\s+)?")
_STAMP_ENDS = re.compile(r":\s")
_STAMP_REACH = 8


def _stamped(out: Sequence[Token], i: int, text: str) -> bool:
    """Whether token ``i`` opens its line or the item after a label and a colon ends it, as
    a run-sheet's time does ("- 12.50: registrar arrives", "CEREMONY: 12.50: vows"). Only
    the few characters before it are read, so a long line costs no more per number."""
    if not text or _STAMP_ENDS.match(text, out[i].end) is None:
        return False
    start = out[i].start
    near = max(0, start - _STAMP_REACH)
    if text[near:start].endswith(": "):
        return True
    newline = text.rfind("\n", near, start)
    if newline < 0 and near > 0:
        return False  # the line opens further back: the number stands inside it
    return _STAMP_OPENS.fullmatch(text, newline + 1, start) is not None


def _dotted_clock(out: Sequence[Token], i: int, text: str = "") -> tuple[int, int] | None:
    """The hours and minutes of a clock time written with a dot, as British and European
    usage writes it ("starts at 9.30", "from 14.00 to 16.00", "9.30 in the morning"), or
    None. A dotted number is a time only where a time is expected: after "at", "by",
    "until", "from", "before", "after" or "around" (or "to" and "and" after such a time),
    before a part of the day, or opening a line with a colon after it (:func:`_stamped`);
    its minutes in steps of five, as clock times in prose are; never before a currency, a
    unit or a rate ("at 9.30 euros", "at 4.15%", "at 1.50 a litre")."""
    matched = _DOTTED.fullmatch(out[i].raw.strip())
    if matched is None or not out[i].norm.startswith("#"):
        return None
    after = out[i + 1] if i + 1 < len(out) else None
    if after is not None and (after.norm[:1] in ("¤", "~", "%") or after.norm in _PRICED):
        return None  # "at 4.15%", "at 9.30 per hour", "at 1.50 a litre": an amount
    minutes = int(matched.group(2))
    if minutes % 5:
        return None  # "from 5.31 to 5.40": a clock in prose shows five-minute steps, a version need not
    before = out[i - 1].norm if i > 0 else ""
    ranged = before in ("to", "and") and i > 1 and _dotted_clock(out, i - 2) is not None
    if (
        before not in _DOTTED_BEFORE
        and not ranged
        and _day_part(out, i + 1) is None
        and not _stamped(out, i, text)
    ):
        return None
    return int(matched.group(1)), minutes


def _spoken(out: Sequence[Token], i: int) -> tuple[int, int, int] | None:
    """A spoken clock time starting at token ``i``: (hours 0-12, minutes, index after it).
    Not before a month, a unit or a currency: "the quarter to 12 March" is a date, "at ten
    to twelve percent" a range."""
    found = _spoken_at(out, i)
    if found is None or (found[2] < len(out) and out[found[2]].norm[:1] in ("%", "~", "¤")):
        return None
    return found


class _Norms:
    """The norms of ``out``, read one at a time (a list of them all per position would make
    reading a long sentence quadratic)."""

    __slots__ = ("out",)

    def __init__(self, out: Sequence[Token]) -> None:
        self.out = out

    def __getitem__(self, index: int) -> str:
        return self.out[index].norm


def _spoken_at(out: Sequence[Token], i: int) -> tuple[int, int, int] | None:
    norms = _Norms(out)
    j = i + 1 if norms[i] == "a" else i
    if j + 2 < len(out) and norms[j] in ("quarter", "half") and norms[j + 1] in ("past", "to", "after"):
        hour = _hour(out[j + 2])
        if hour is None or (norms[j] == "half" and norms[j + 1] == "to"):
            return None
        return (*_offset(hour, 15 if norms[j] == "quarter" else 30, norms[j + 1] == "to"), j + 3)
    if norms[i] == "half" and i + 1 < len(out):
        return _half_hour(out, i)
    spoken = hour_minutes(out, i)
    if spoken is not None and _said_as_time(out, i, spoken[2]):
        return spoken  # "at seven thirty", "nine forty-five in the evening"
    minutes = _minutes(out[i]) if norms[i] != "a" else None
    if minutes is None:
        return None
    k = i + 2 if i + 1 < len(out) and norms[i + 1] in _MINUTE_WORDS else i + 1
    if k + 1 >= len(out) or norms[k] not in ("past", "to", "after"):
        return None
    hour = _hour(out[k + 1])
    if hour is None:
        return None
    end = k + 2
    if norms[k] != "past" and not _said_as_time(out, i, end):  # "ten to twelve" is a range as often
        return None
    return (*_offset(hour, minutes, norms[k] == "to"), end)


def _said_as_time(out: Sequence[Token], i: int, end: int) -> bool:
    """Whether the words from ``i`` to ``end`` are said as a time: "at", "by", "until" or
    "till" before them, or a part of the day after them."""
    return (i > 0 and out[i - 1].norm in _TIME_BEFORE) or (end < len(out) and _day_part(out, end) is not None)


_SPOKEN_NUMBER = re.compile(r"[a-z]+(?:-[a-z]+)?")
_SPOKEN_ORDINAL = re.compile(r"(?:first|second|third|th)$")


def hour_minutes(out: Sequence[Token], i: int) -> tuple[int, int, int] | None:
    """A clock time said as its hour and minutes in number words, at token ``i``: "seven
    thirty", "nine forty-five", "eleven fifteen", "seven oh five" (hours 1-12, minutes, the
    index after it). Both are words, side by side: "7 30" or "two, thirty" are two numbers,
    and an ordinal ("seven thirty-second spots") is no minute. Said so, it is as often a
    number ("one twenty people", "flight seven thirty"), so in running text it is a time
    only as "N to H" is (see the module docstring) or with "am"/"pm" after it."""
    if i + 1 >= len(out) or _hour(out[i]) is None or not _said(out[i]):
        return None
    after = out[i + 1]
    if after.norm == "oh" and i + 2 < len(out) and _adjacent(out[i], after) and _adjacent(after, out[i + 2]):
        minutes = _minutes(out[i + 2])
        if minutes is not None and minutes <= 9 and _said(out[i + 2]):
            return _hour(out[i]) or 0, minutes, i + 3
        return None
    minutes = _minutes(after)
    if minutes is None or minutes < 10 or not _said(after) or not _adjacent(out[i], after):
        return None
    return _hour(out[i]) or 0, minutes, i + 2


def _said(token: Token) -> bool:
    """Whether a number token is one number said in words ("thirty", "forty-five")."""
    raw = token.raw.lower()
    return _SPOKEN_NUMBER.fullmatch(raw) is not None and _SPOKEN_ORDINAL.search(raw) is None


def _adjacent(left: Token, right: Token) -> bool:
    return right.start - left.end == 1


def _half_hour(out: Sequence[Token], i: int) -> tuple[int, int, int] | None:
    """British "half seven" (half past seven) at token ``i``: (hours, 30, index after it).
    A time only when said as one, as "N to H" is: with "at", "by", "until" or "till" before
    it or a part of the day after it ("at half seven", "half eight in the evening"); "half
    seven" can never be a half of seven."""
    hour = _hour(out[i + 1])
    if hour is None or not _said_as_time(out, i, i + 2):
        return None
    return hour % 12 if hour == 12 else hour, 30, i + 2


_HUNDREDS_SAID = re.compile(r"[a-z]+(?:-[a-z]+)? hundred", re.IGNORECASE)
_HUNDREDS_WRITTEN = re.compile(r"(?:[01]\d|2[0-3])[0-5]\d")
_HOURS = frozenset({"~hour"})
_ZONE = re.compile(r"Z|UTC|GMT|BST|CET|CEST|EST|EDT|PST|PDT|LT")
"""A time zone written after a twenty-four-hour time ("1830Z", "0915 UTC")."""
_HUNDREDS_BEFORE = frozenset({*_TIME_BEFORE, "before", "after", "from", "since", "to"})
_AFTER_TIME = frozenset(
    {"on", "and", "or", "sharp", "tomorrow", "today", "tonight", "latest", "then", "when"}
)
"""Words that may follow a time said as hundreds without "hours" ("at fourteen hundred
sharp", "until eighteen hundred tomorrow"); any other word after it is what the number
counts ("at twelve hundred feet")."""


def _leading_zero(out: Sequence[Token], i: int) -> bool:
    """Whether token ``i`` is the spoken "oh" / "zero" of "oh six hundred"."""
    return i >= 0 and out[i].raw.lower() in ("oh", "zero") and _adjacent(out[i], out[i + 1])


def _hundreds(out: Sequence[Token], i: int) -> tuple[int, int, int, int] | None:
    """A twenty-four-hour time said as hundreds at token ``i`` (see the module docstring):
    (hours, minutes, index of its first token, index after it), or None."""
    token = out[i]
    raw = token.raw.strip()
    said = _HUNDREDS_SAID.fullmatch(raw) is not None
    if not token.norm.startswith("#") or not (said or _HUNDREDS_WRITTEN.fullmatch(raw)):
        return None
    try:
        value = int(token.norm[1:])
    except ValueError:
        return None
    hours, minutes = divmod(value, 100)
    if hours > 23 or minutes > 59:
        return None
    start = i - 1 if said and _leading_zero(out, i - 1) else i
    zone = out[i + 1] if i + 1 < len(out) else None
    if not said and zone is not None and _ZONE.fullmatch(zone.raw) and zone.start - token.end <= 1:
        return hours, minutes, start, i + 1  # "1830Z", "0915 UTC": a clock with its zone
    before = out[start - 1].norm if start > 0 else ""
    if before not in _HUNDREDS_BEFORE:
        return None  # "logged 1200 hours", "room 0412"
    if i + 1 < len(out) and out[i + 1].norm in _HOURS and _adjacent(token, out[i + 1]):
        return hours, minutes, start, i + 2
    if not said and raw.startswith("0"):
        return hours, minutes, start, i + 1
    after = out[i + 1] if i + 1 < len(out) else None
    if said and before in _TIME_BEFORE and before != "by" and (after is None or after.norm in _AFTER_TIME):
        return hours, minutes, start, i + 1
    return None


def _offset(hour: int, minutes: int, before: bool) -> tuple[int, int]:
    if not before:
        return hour % 12 if hour == 12 else hour, minutes
    hours = hour - 1 or 12
    return hours, 60 - minutes


def clock_phrases(out: list[Token], text: str) -> list[Token]:
    """``out`` with its spoken clock times, and the times a part of the day places, as
    time tokens (see the module docstring)."""
    result: list[Token] = []
    i = 0
    while i < len(out):
        token = out[i]
        if (hundreds := _hundreds(out, i)) is not None:
            at_hour, at_minute, start, end = hundreds
            if start < i:
                result.pop()  # the "oh" of "oh six hundred"
            result.append(
                _merged(token, out[start].start, out[end - 1].end, text, f"@{at_hour:02d}:{at_minute:02d}")
            )
            i = end
            continue
        spoken = _spoken(out, i)
        hours: int | None = None
        if spoken is not None:
            hours, minutes, end = spoken
        elif (
            (hour := _hour(token)) is not None and _day_part(out, i + 1) is not None and not _numbered(out, i)
        ):
            hours, minutes, end = (0 if hour == 12 else hour), 0, i + 1
        elif (clock := _twelve_hour(token)) is not None and _day_part(out, i + 1) is not None:
            hours, minutes, end = clock[0] % 12, clock[1], i + 1
        elif (dotted := _dotted_clock(out, i, text)) is not None:
            hours, minutes = dotted
            end = i + 1
            part = _day_part(out, end)
            if part is not None and hours <= 12:
                hours, end = _meridiem(hours % 12, part[0]), part[1]
            result.append(_merged(token, token.start, out[end - 1].end, text, f"@{hours:02d}:{minutes:02d}"))
            i = end
            continue
        elif _hour(token) == 12 and i + 1 < len(out) and out[i + 1].norm in ("@12:00", "@00:00"):
            result.append(_merged(out[i + 1], out[i].start, out[i + 1].end, text, out[i + 1].norm))
            i += 2
            continue
        if hours is None:
            result.append(token)
            i += 1
            continue
        part = _day_part(out, end)
        if part is not None:
            hours, end = _meridiem(hours, part[0]), part[1]
        elif spoken is not None and hours == 0:
            hours = 12  # "a quarter past twelve" said without a part of the day: 12:15
        norm = f"@{hours % 24:02d}:{minutes:02d}"
        result.append(_merged(token, out[i].start, out[end - 1].end, text, norm))
        i = end
    return result


_HALF_SAID = re.compile(
    r"(?<![a-z])(?:[ap]\.?m\b\.?|noon|midnight|morning|afternoon|evening|night|tonight)|\dh\d", re.IGNORECASE
)
_TWELVE_HOUR = re.compile(r"(1[0-2]|[1-9])(?:[:.]\d\d)?")


def without_half(token: Token) -> bool:
    """Whether a time token was written on a twelve-hour clock without its half of the day:
    "7:30", "9.15", "half past nine", "seven thirty" (but not "7:30 pm", "19:30", "07:30",
    "06h30", "nine in the evening" or "noon"). Such a time names its clock reading in
    either half: "the 7:30 show" restates an evening show at 19:30."""
    if not token.norm.startswith("@"):
        return False
    raw = token.raw.strip().rstrip(",;:!?")
    if _HALF_SAID.search(raw):
        return False
    if raw[:1].isdigit():
        return _TWELVE_HOUR.fullmatch(raw.rstrip(".")) is not None
    return raw[:1].isalpha()


def other_half(norm: str) -> str:
    """The same clock reading in the other half of the day: ``@07:30`` <-> ``@19:30``."""
    hours, minutes = norm[1:].split(":")
    return f"@{(int(hours) + 12) % 24:02d}:{minutes}"


def _merged(token: Token, start: int, end: int, text: str, norm: str) -> Token:
    return dataclasses.replace(token, norm=norm, raw=text[start:end], start=start, end=end, past=False)


_YEAR = re.compile(r"19\d\d|20\d\d")


def digit_group(raw: str) -> str | None:
    """The norm of one token that is a digit-group identifier by itself ("07700-900-412",
    "07700.900.412", "07700900412"), or None."""
    raw = raw.removesuffix(",")
    if not re.fullmatch(r"\d+(?:[-.]\d+)*", raw):
        return None
    groups = re.split(r"[-.]", raw)
    return _identifier(groups)


def _identifier(groups: Sequence[str]) -> str | None:
    digits = "".join(groups)
    if len(digits) < 7:
        return None
    if len(groups) == 1:
        return "#" + digits if digits.startswith("0") else None
    if not (groups[0].startswith("0") or any(len(g) >= 4 for g in groups)):
        return None
    if _YEAR.fullmatch(groups[0]) and not groups[1].startswith("0"):
        return None  # "2019 2024" two years, "in 2024 12000 people" a year and a count
    return "#" + digits


_MAX_GROUPS = 8
"""The most digit groups read as one identifier ("+32 470 55 01 23" has five): a longer run
of numbers is numbers, and reading it costs a pass per group, not one per pair."""


def _run_end(out: Sequence[Token], i: int, joined: Callable[[int], bool]) -> int:
    """The last token of the run that starts at token ``i``, each token joined to the next
    as ``joined`` tells; a run holds at most :data:`_MAX_GROUPS` joins (a phone number or a
    reference has a few groups, not thousands)."""
    j = i
    while j + 1 < len(out) and j - i < _MAX_GROUPS and joined(j):
        j += 1
    return j


def digit_groups(out: list[Token], text: str) -> list[Token]:
    """``out`` with each run of digit groups joined by single spaces, dashes or dots read
    as one identifier (see the module docstring)."""
    result: list[Token] = []
    i = 0
    while i < len(out):
        j = _run_end(
            out,
            i,
            lambda k: (
                _plain(out[k])
                and not out[k].raw.endswith(",")
                and _plain(out[k + 1])
                and text[out[k].end : out[k + 1].start] == " "
            ),
        )
        if j > i:
            groups = [g for t in out[i : j + 1] for g in re.findall(r"\d+", t.raw)]
            norm = _international(groups) if out[i].start > 0 and text[out[i].start - 1] == "+" else None
            norm = norm or _identifier(groups)
            if norm is not None:
                result.append(_merged(out[i], out[i].start, out[j].end, text, norm))
                i = j + 1
                continue
        result.append(out[i])
        i += 1
    return result


_DIGIT_WORDS = {
    **{
        w: str(d)
        for d, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight"))
    },
    "nine": "9",
    "oh": "0",
}
"""The words of single digits as a code is read out, "oh" for zero ("five-oh-nine")."""
_DIGIT_PAIR = re.compile(
    r"\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)-(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b",
    re.IGNORECASE,
)


def digit_words(out: list[Token], text: str) -> list[Token]:
    """``out`` with each run of digit words joined by hyphens read as the number they spell,
    digit by digit: "seven-seven-one" is 771 and "stand one-four" stand 14, as a flight or a
    stand is read out on the radio. A run that goes on into another number word by a hyphen
    ("oh-nine-fifteen") is a time said aloud, left as it is."""
    if _DIGIT_PAIR.search(text) is None:
        return out  # the cheap test first: most texts spell no code out
    result: list[Token] = []
    i = 0
    while i < len(out):
        j = _run_end(
            out,
            i,
            lambda k: (
                out[k].raw.lower() in _DIGIT_WORDS
                and out[k + 1].raw.lower() in _DIGIT_WORDS
                and text[out[k].end : out[k + 1].start] == "-"
            ),
        )
        joined = text[out[j].end : out[j].end + 1] == "-" or (
            i and text[out[i].start - 1 : out[i].start] == "-"
        )
        # two digits before a unit are a range ("a two-three day wait"), not a code
        ranged = j == i + 1 and j + 1 < len(out) and out[j + 1].norm[:1] == "~"
        if j > i and not joined and not ranged:
            digits = "".join(_DIGIT_WORDS[t.raw.lower()] for t in out[i : j + 1])
            result.append(_merged(out[i], out[i].start, out[j].end, text, "#" + digits))
            i = j + 1
            continue
        result.append(out[i])
        i += 1
    return result


def _international(groups: Sequence[str]) -> str | None:
    """The national form of a number written with its country code, "+CC" then groups:
    "+44 7700 900412" is 07700 900412 and "+32 470 55 01 23" 0470 55 01 23 (the trunk
    prefix 0 in place of the code); after +1 (North America, no trunk prefix) the rest
    alone, "+1 555 010 0147" 5550100147. None when the rest is under seven digits."""
    code, rest = groups[0], "".join(groups[1:])
    if not 1 <= len(code) <= 3 or len(rest) < 7:
        return None
    return "#" + (rest if code == "1" else "0" + rest.removeprefix("0"))


def _plain(token: Token) -> bool:
    """Groups of digits as written: digits, joined by dashes or dots ("900-412"), perhaps
    a comma after them; no thousands comma, decimal point or ordinal suffix."""
    return bool(re.fullmatch(r"\d+(?:[-.]\d+)*,?", token.raw)) and token.norm[:1] in ("#", "!")
