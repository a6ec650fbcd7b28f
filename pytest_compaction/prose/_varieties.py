"""The words British and American English use for one thing ("car park" and "parking lot",
"lorry" and "truck", "paracetamol" and "acetaminophen"): a fact named in one variety is
named in the other, so a summary written in the other variety still states it.

Only words that name the same thing in both varieties are paired; a word whose other
meaning is common in the variety that uses it ("first floor", "chips", "pants") is left
out.
"""

from __future__ import annotations

import functools

from pytest_compaction.prose._alias_forms import Alias
from pytest_compaction.prose.normalize import phrase

__all__ = ["other_variety"]

_PAIRS = (
    ("car park", "parking lot"),
    ("car park", "parking garage"),
    ("mobile phone", "cell phone"),
    ("mobile", "cell phone"),
    ("lorry", "truck"),
    ("holiday", "vacation"),
    ("bank holiday", "public holiday"),
    ("paracetamol", "acetaminophen"),
    ("nappy", "diaper"),
    ("postcode", "zip code"),
    ("boot", "trunk"),
    ("bonnet", "hood"),
    ("windscreen", "windshield"),
    ("petrol", "gasoline"),
    ("petrol", "gas"),
    ("motorway", "highway"),
    ("motorway", "freeway"),
    ("pavement", "sidewalk"),
    ("flat", "apartment"),
    ("lift", "elevator"),
    ("queue", "line"),
    ("rubbish", "trash"),
    ("rubbish", "garbage"),
    ("bin", "trash can"),
    ("chemist", "pharmacy"),
    ("chemist", "drugstore"),
    ("GP", "family doctor"),
    ("GP", "primary care doctor"),
    ("A&E", "emergency room"),
    ("A&E", "ER"),
    ("term", "semester"),
    ("pupil", "student"),
    ("headteacher", "principal"),
    ("head teacher", "principal"),
    ("maths", "math"),
    ("timetable", "schedule"),
    ("cheque", "check"),
    ("autumn", "fall"),
    ("jumper", "sweater"),
    ("trainers", "sneakers"),
    ("biscuit", "cookie"),
    ("sweets", "candy"),
    ("aubergine", "eggplant"),
    ("courgette", "zucchini"),
    ("coriander", "cilantro"),
    ("torch", "flashlight"),
    ("tap", "faucet"),
    ("post", "mail"),
    ("postbox", "mailbox"),
    ("estate agent", "realtor"),
    ("estate agent", "real estate agent"),
    ("solicitor", "attorney"),
    ("reception", "front desk"),
    ("reception", "front office"),
    ("collect", "pick up"),
    ("CV", "resume"),
    ("mum", "mom"),
    ("nought", "zero"),
    ("field trip", "school trip"),
)
"""Pairs of a British and an American name for one thing (either may be the fact's)."""


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, tuple[tuple[Alias, tuple[Alias, ...]], ...]]:
    """Each name's other-variety words, indexed by the name's first word."""
    pairs: dict[Alias, list[Alias]] = {}
    for british, american in _PAIRS:
        one, other = phrase(british), phrase(american)
        pairs.setdefault(one, []).append(other)
        pairs.setdefault(other, []).append(one)
    table: dict[str, list[tuple[Alias, tuple[Alias, ...]]]] = {}
    for words, others in pairs.items():
        table.setdefault(words[0], []).append((words, tuple(dict.fromkeys(others))))
    return {first: tuple(entries) for first, entries in table.items()}


def other_variety(alias: Alias) -> list[Alias]:
    """The alias with one of its names in the other variety of English ("parking lot" for
    "car park", "staff car park" as "staff parking lot")."""
    table = _table()
    out: list[Alias] = []
    for i, norm in enumerate(alias):
        for words, others in table.get(norm, ()):
            if alias[i : i + len(words)] == words:
                out.extend((*alias[:i], *other, *alias[i + len(words) :]) for other in others)
    return [variant for variant in dict.fromkeys(out) if variant != alias]
