"""Other wordings of an alias that state the same thing: a word in the other form of its
verb ("reservation" for "reserve"), a phrasal verb split by its pronoun ("drops it off"),
a unit word read after a number ("2.4 miles"), and a metric amount in another unit of its
kind ("750 mg" for "0.75 g").
"""

from __future__ import annotations

import decimal
import re

from pytest_compaction.prose._numbers import _number, fraction
from pytest_compaction.prose._units import _METRIC
from pytest_compaction.prose.normalize import OBJECT_PRONOUNS, PARTICLES, derived, kind_of, tokens
from pytest_compaction.prose.statements import STOPWORDS

__all__ = ["Alias", "as_unit", "converted", "derivations"]

Alias = tuple[str, ...]
"""An alias as the token norms a summary must hold, in order."""

_DERIVED_REACH = 3
"""Aliases of up to this many words get their derived wordings (:func:`derivations`)."""


def as_unit(word: str, alias: Alias) -> Alias | None:
    """The one-word alias as the unit it is after a number ("miles" in "2.4 miles" reads
    as the unit mile, a word elsewhere), or None: a fact named by its unit is named in
    "lives 2.4 miles from the school"."""
    if len(alias) != 1 or kind_of(alias[0]) != "word":
        return None
    read = tokens("2 " + word)
    if len(read) != 2 or kind_of(read[1].norm) != "unit" or read[1].norm == alias[0]:
        return None
    return (read[1].norm,)


def converted(alias: Alias) -> list[Alias]:
    """The alias with its metric amount in the other units of its kind ("0.75 g" as "750
    mg" and "0.00075 kg"; "3.65 MWh" as "3650 kWh"): a summary that converts the amount
    states it. Only an amount and its unit make up the alias. A fraction before the thing
    it measures is also its other spelling ("1/2 scoop" and "half a scoop")."""
    spelled = _fraction_spelled(alias)
    if spelled is not None:
        return [spelled]
    if len(alias) != 2 or kind_of(alias[0]) != "number":
        return []
    kind = next((units for units in _METRIC if alias[1] in units), None)
    if kind is None:
        return []
    try:
        amount = decimal.Decimal(alias[0][1:]) * decimal.Decimal(kind[alias[1]])
    except decimal.InvalidOperation:
        return []
    out: list[Alias] = []
    for unit, size in kind.items():
        if unit != alias[1]:
            number = format((amount / decimal.Decimal(size)).normalize(), "f")
            out.append((_number(number), unit))
    return out


_SLASHED_FRACTION = re.compile(r"!(\d)/(\d{1,2})")
_FRACTIONS = {fraction(0, n, d): f"!{n}/{d}" for d in (8, 4, 3, 2) for n in range(1, d)}  # lowest terms win
"""The common fractions as the decimals "half a", "a quarter" and "½" read as ("#0.5"),
each with its slashed spelling ("1/2"), which the tokenizer keeps as written where no unit
follows it (it may be a date)."""


def _fraction_spelled(alias: Alias) -> Alias | None:
    """``alias`` with its opening fraction in the other spelling ("1/2 scoop" as "0.5
    scoop", "0.25 tablet" as "1/4 tablet"), or None: only a fraction before a word."""
    if len(alias) < 2 or kind_of(alias[1]) != "word":
        return None
    slashed = _SLASHED_FRACTION.fullmatch(alias[0])
    if slashed is not None and int(slashed.group(1)) < int(slashed.group(2)):
        return ("#" + fraction(0, int(slashed.group(1)), int(slashed.group(2))), *alias[1:])
    other = _FRACTIONS.get(alias[0][1:]) if alias[0].startswith("#") else None
    return (other, *alias[1:]) if other is not None else None


def derivations(alias: Alias) -> list[Alias]:
    """The alias with one word in the other wording of its verb (:func:`derived`):
    "rehearsals" for "rehearses", "reservation" for "reserve", "cancellation" for "cancel".
    The same words in the same order, so everything else about the alias still holds: only
    how one word of it is derived differs. Function words are never varied, and aliases
    longer than :data:`_DERIVED_REACH` words are left as written."""
    if len(alias) > _DERIVED_REACH:
        return []
    out: list[Alias] = []
    for i, norm in enumerate(alias):
        if norm in STOPWORDS:
            continue
        out.extend((*alias[:i], other, *alias[i + 1 :]) for other in sorted(derived(norm)))
    for i in range(len(alias) - 1):
        if alias[i : i + 2] == _FIFTY_PERCENT:
            out.append((*alias[:i], "half", *alias[i + 2 :]))  # "half up front" for "50 percent"
    return out + _separated(alias)


_FIFTY_PERCENT = ("#50", "~percent")
"""A share of fifty percent, which English says as "half"."""


def _separated(alias: Alias) -> list[Alias]:
    """A phrasal verb ("drop off", "pick up") with a pronoun object between verb and
    particle, where English puts it: "drops it off", "picked them up" (never "drop off it")."""
    if len(alias) != 2 or alias[1] not in PARTICLES or alias[0] in STOPWORDS or kind_of(alias[0]) != "word":
        return []
    return [(alias[0], pronoun, alias[1]) for pronoun in sorted(OBJECT_PRONOUNS)]
