"""Folding number runs into typed values, the last passes of the tokenizer: a number and a
month are a date, a code before an amount its currency, a duration its count in the
smaller unit, and a count of things done in each period a frequency ("two walks daily").
"""

from __future__ import annotations

import decimal
from collections.abc import Sequence

from pytest_compaction.prose._numbers import _ORDINAL_RAW, _number, is_year
from pytest_compaction.prose._token import Token, kind_of
from pytest_compaction.prose._units import _DURATIONS, _is_code
from pytest_compaction.prose._word_forms import stem

__all__: list[str] = []  # helpers of the tokenizer in normalize.py; nothing here is public


_ALTERNATE = frozenset({"alternat", "alternate", "alternating"})
_WEEKDAY_NORMS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})
_ALTERNATED = frozenset(
    {"~day", "~week", "~month", "~year", "weekend", "morning", "morn", "evening", "even", "night"}
)
"""What "alternate" may come before as "every other": a weekday (:data:`_WEEKDAY_NORMS`), a
period or a part of the day."""


def _thousands(number: Token, end: int) -> Token:
    """``number`` times a thousand ("8.75k" is 8750), as a number token ending at ``end``."""
    total = float(number.norm[1:]) * 1000
    return Token(
        _number(str(int(total)) if total.is_integer() else str(total)), number.raw, number.start, end
    )


_CLOCK_PLACING = frozenset(
    {"at", "from", "until", "till", "by", "since", "ab", "um", "bis", "vers", "dès", "à"}
)
"""Words that place an hour on the clock: "ab 16h", "at 9h", "until 18h". Not "after" or
"before", which also take a span ("tickets still open after 24h")."""


def _clock_hour(token: Token, folded: Sequence[Token]) -> bool:
    """Whether ``token`` is the "h" glued to a whole hour that a word placing a time opens
    ("ab 16h", "from 9h"): the hour of the day, not a span of hours ("within 24h")."""
    if token.raw.lower() != "h" or len(folded) < 2:
        return False
    number, placing = folded[-1], folded[-2]
    return (
        number.end == token.start
        and number.norm[1:].isdigit()
        and int(number.norm[1:]) <= 23
        and placing.raw.lower() in _CLOCK_PLACING
    )


def _fold(out: list[Token]) -> tuple[Token, ...]:
    """Merge number runs into typed values: "#3 %5" -> "%5-03"; "#2 ~time" stays; "#2 x" -> "#2 ~time"."""
    folded: list[Token] = []
    i = 0
    while i < len(out):
        token = out[i]
        nxt = out[i + 1] if i + 1 < len(out) else None
        if (
            token.norm in _ALTERNATE
            and nxt is not None
            and (nxt.norm in _WEEKDAY_NORMS or nxt.norm in _ALTERNATED)
        ):
            # "on alternate Fridays" is "every other Friday"
            folded.extend(
                (Token("every", token.raw, token.start, token.end), Token("other", "", token.end, token.end))
            )
            i += 1
            continue
        if (
            token.norm.startswith("%")
            and "-" not in token.norm
            and nxt is not None
            and nxt.norm.startswith("#")
        ):
            day = nxt.norm[1:]
            if day.isdigit() and 1 <= int(day) <= 31:
                start, raw = (token.start, token.raw) if token.raw else (nxt.start, nxt.raw)
                folded.append(Token(f"{token.norm}-{int(day):02d}", raw, start, nxt.end))
                i += 2
                continue
        if (
            token.norm.startswith("#")
            and nxt is not None
            and nxt.norm.startswith("%")
            and "-" not in nxt.norm
        ):
            day = token.norm[1:]
            if day.isdigit() and 1 <= int(day) <= 31:
                folded.append(Token(f"{nxt.norm}-{int(day):02d}", token.raw, token.start, nxt.end))
                i += 2
                continue
        if _is_code(token) and nxt is not None and kind_of(nxt.norm) == "number":
            folded.extend((nxt, Token("¤" + token.norm, token.raw, token.start, token.end)))
            i += 2
            continue
        if token.norm == "~thousand" and folded and folded[-1].norm.startswith("#"):
            prev = folded.pop()
            folded.append(_thousands(prev, token.end))
            i += 1
            continue
        if (  # "GBP 8.75k": the code was set after its amount, the "k" still multiplies it
            token.norm == "~thousand"
            and len(folded) > 1
            and folded[-1].norm.startswith("¤")
            and folded[-2].norm.startswith("#")
        ):
            code = folded.pop()
            folded[-1] = _thousands(folded[-1], folded[-1].end)
            folded.append(code)
            i += 1
            continue
        if _clock_hour(token, folded):  # "check-in ab 16h", "from 9h": an hour on the clock
            prev = folded.pop()
            folded.append(Token(f"@{int(prev.norm[1:]):02d}:00", prev.raw + token.raw, prev.start, token.end))
            i += 1
            continue
        if (
            token.norm in _DURATIONS
            and folded
            and kind_of(folded[-1].norm) == "number"
            and token.start - folded[-1].end <= 1
            and not _ORDINAL_RAW.search(folded[-1].raw)
        ):
            unit, factor = _DURATIONS[token.norm]
            prev = folded.pop()
            total = decimal.Decimal(prev.norm[1:]) * decimal.Decimal(factor)
            written = format(total.normalize(), "f")
            folded.append(Token(_number(written), prev.raw, prev.start, prev.end))
            folded.append(Token(unit, token.raw, token.start, token.end))
            i += 1
            continue
        if (  # "four or more hours": the bound stands between the count and its unit
            token.norm in _DURATIONS
            and len(folded) >= 3
            and folded[-2].norm == "or"
            and folded[-1].norm in _OPEN_BOUNDS
            and kind_of(folded[-3].norm) == "number"
            and not _ORDINAL_RAW.search(folded[-3].raw)
        ):
            unit, factor = _DURATIONS[token.norm]
            count = folded[-3]
            total = decimal.Decimal(count.norm[1:]) * decimal.Decimal(factor)
            folded[-3] = Token(_number(format(total.normalize(), "f")), count.raw, count.start, count.end)
            folded.append(Token(unit, token.raw, token.start, token.end))
            i += 1
            continue
        if (  # "the 3rd of March", "the third of March"
            token.norm.startswith("#")
            and nxt is not None
            and nxt.norm == "of"
            and i + 2 < len(out)
            and out[i + 2].norm.startswith("%")
            and "-" not in out[i + 2].norm
            and token.norm[1:].isdigit()
            and 1 <= int(token.norm[1:]) <= 31
        ):
            month = out[i + 2]
            folded.append(Token(f"{month.norm}-{int(token.norm[1:]):02d}", token.raw, token.start, month.end))
            i += 3
            continue
        folded.append(token)
        i += 1
    return tuple(folded)


_OPEN_BOUNDS = frozenset(stem(w) for w in ("more", "less", "fewer", "longer", "so"))
"""The second word of "or more", "or less", "or so" between a count and its unit."""
_EVERY = frozenset({"daily", "weekly", "nightly", "monthly", "hourly", "yearly", "fortnightly"})
_PER = frozenset({"a", "an", "per", "each", "every"})
_PERIODS = frozenset({"~day", "~week", "~hour", "month", "~month", "year", "~year", "night", "morn", "even"})
_NOT_COUNTED = frozenset(
    {"and", "or", "of", "at", "in", "on", "to", "for", "by", "with", "from", "is", "are"}
)


def _period_at(out: Sequence[Token], i: int) -> bool:
    """Whether a period of repetition starts at ``i``: "daily", "a day", "per week", "each morning"."""
    if i < len(out) and out[i].norm in _EVERY:
        return True
    return i + 1 < len(out) and out[i].norm in _PER and out[i + 1].norm in _PERIODS


def _per_period(out: tuple[Token, ...]) -> tuple[Token, ...]:
    """A count of things done in each period is how many times: "two walks daily", "three
    meals a day", "1 dose per day" read as "twice a day" does (``#2 ~time``), so "one walk
    daily" is another frequency where "twice" was. The "~time" token stands on the words counted."""
    added: list[Token] = []
    for i, token in enumerate(out):
        added.append(token)
        if kind_of(token.norm) != "number" or _ORDINAL_RAW.search(token.raw) or is_year(token.norm):
            continue
        for width in (1, 2):
            words = out[i + 1 : i + 1 + width]
            if len(words) < width or not all(
                kind_of(w.norm) == "word" and w.norm not in _NOT_COUNTED and w.norm not in _PER for w in words
            ):
                break
            if _period_at(out, i + 1 + width):
                first = words[0]
                added.append(Token("~time", first.raw, first.start, first.end))
                break
    return tuple(added)
