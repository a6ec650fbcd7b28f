"""Words of a period or a measure the tokenizer reads in their context: "in" as inches
after a number ("25 cm (10 in)"), a period adverb after a count of times ("three times
weekly"), dosing shorthand ("500 mg BID" is twice a day) and a fortnight as 14 days.
"""

from __future__ import annotations

import decimal
import re

from pytest_compaction.prose._numbers import _number
from pytest_compaction.prose._token import Token, kind_of
from pytest_compaction.prose._word_forms import stem

__all__ = ["period_word"]


_INCH_END = re.compile(r"\s*(?:[)\],;/]|$)")
"""What follows "in" read as inches after a number: a closing bracket or a list's comma,
never the object a preposition would take ("10 in the box")."""
_EACH_PERIOD = {
    "hourly": "~hour",
    "daily": "~day",
    "weekly": "~week",
    "monthly": "~month",
    "yearly": "~year",
    "annually": "~year",
}
"""Adverbs of a period after a count of times: "three times weekly" is "three times a week"."""
_DOSING = {"od": 1, "bd": 2, "bid": 2, "tds": 3, "tid": 3, "qds": 4, "qid": 4}
"""Dosing shorthand, written in capitals or after a dose: "BID" is twice a day, "TDS" three
times, "10 mg OD" once."""
_DOSING_WORDS = frozenset({"od", "bd"})
"""Dosing shorthand that is other things in capitals ("the OD team", "BD sales"): read only
after a dose."""


def _fortnight(out: list[Token], match: re.Match[str], after_number: bool) -> None:
    """ "a fortnight" is 14 days and "two fortnights" 28, as "14 days" and "two weeks" read;
    "once a fortnight" and "every fortnight" keep it a period of its own."""
    raw, start, end = match.group(), match.start(), match.end()
    previous = out[-1] if out else None
    counted = len(out) >= 2 and out[-2].norm == "~time"
    if after_number and previous is not None:
        days = decimal.Decimal(previous.norm[1:]) * 14
        out[-1] = Token(_number(format(days.normalize(), "f")), previous.raw, previous.start, previous.end)
        out.append(Token("~day", raw, start, end))
    elif previous is not None and previous.norm in ("a", "an", "one") and not counted:
        out[-1] = Token("#14", previous.raw, previous.start, previous.end)
        out.append(Token("~day", raw, start, end))
    else:
        out.append(Token(stem("fortnight"), raw, start, end))


def period_word(out: list[Token], match: re.Match[str], lower: str, after_number: bool) -> bool:
    """Read the word at ``match`` (``lower``: its lower case) as a period or a measure where
    its context makes it one, appending its tokens to ``out``; False when it is none here."""
    raw, start, end = match.group(), match.start(), match.end()
    previous = out[-1] if out else None
    if lower == "in" and after_number and _INCH_END.match(match.string, end):
        out.append(Token("~inch", raw, start, end))  # "25 cm (10 in)": inches, not a preposition
        return True
    if lower in _EACH_PERIOD and previous is not None and previous.norm == "~time":
        out.append(Token(_EACH_PERIOD[lower], raw, start, end))  # "three times weekly": a week
        return True
    dosed = previous is not None and kind_of(previous.norm) == "unit"
    if lower in _DOSING and (dosed or (raw.isupper() and lower not in _DOSING_WORDS)):
        count = _DOSING[lower]  # "500 mg BID" is "500 mg twice a day"
        # Each token on its own letter, as "twice a day" has each on its own word: a "~time"
        # sharing its start with the next token is a per-period count's, read past.
        out.append(Token(f"#{count}", raw, start, end))
        out.append(Token("~time", raw, start, start + 1))
        out.append(Token("~day", raw, start + 1, end))
        return True
    if lower in ("fortnight", "fortnights"):
        _fortnight(out, match, after_number)
        return True
    return False
