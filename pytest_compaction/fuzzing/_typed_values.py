"""Typed values and qualifiers: the public :func:`values`, :func:`qualifiers` and
:func:`predicates` strategies, and the packed draws a session makes of the same kinds
(:func:`_any_value`, :func:`_typed_value`, :func:`_draw_qualifiers`).
"""

from __future__ import annotations

import functools
import itertools
import math

from hypothesis import strategies as st

from pytest_compaction.core.model import Qualifiers, Value, normalize_qualifiers
from pytest_compaction.fuzzing._arguments import _count, _depth
from pytest_compaction.fuzzing._choices import _choose, _index
from pytest_compaction.fuzzing._vocabulary import (
    _NATURAL_QUALIFIERS,
    _VALUE_KEYS,
    LOOKALIKE_STRINGS,
    PREDICATES,
    QUALIFIER_KEYS,
    SYNTHETIC_STRINGS,
    _Plausible,
)

__all__ = [
    "_VALUE_SLOTS",
    "_any_value",
    "_draw_qualifiers",
    "_typed_value",
    "predicates",
    "qualifiers",
    "values",
]


_CHAR_ALPHABET = st.characters(min_codepoint=32, max_codepoint=126)


def values(*, max_depth: int = 2) -> st.SearchStrategy[Value]:
    """Typed fact values: every kind the checker tells apart.

    Booleans, integers, floats (finite: a NaN never equals itself), strings (including
    ones that look like other types, such as ``"true"`` and ``"1"``), ``None``, and
    lists and string-keyed dicts of these nested up to ``max_depth`` levels. ``1``,
    ``True`` and ``1.0`` are all drawn, and are three different values.
    """
    return _values(_depth(max_depth))


@functools.cache
def _values(depth: int) -> st.SearchStrategy[Value]:
    # Built once per depth: constructing and validating strategies per draw dominated the cost.
    # Nested one_ofs, as its callers' saved and derandomized examples expect; a session
    # draws its values through _any_value, the same kinds in fewer draws.
    strings = (
        st.sampled_from(SYNTHETIC_STRINGS)
        | st.sampled_from(LOOKALIKE_STRINGS)
        | st.text(_CHAR_ALPHABET, max_size=12)
    )
    scalars: st.SearchStrategy[Value] = st.one_of(
        st.booleans(),
        st.integers(min_value=-(2**31), max_value=2**31) | st.sampled_from((0, 1, -1, 50)),
        st.floats(min_value=-1e9, max_value=1e9, allow_nan=False, allow_infinity=False)
        | st.sampled_from((0.0, 1.0, 50.0, 0.5)),
        strings,
        st.none(),
    )
    return _nested(scalars, depth)


def _nested(scalars: st.SearchStrategy[Value], depth: int) -> st.SearchStrategy[Value]:
    if depth == 0:
        return scalars
    children = _nested(scalars, depth - 1)
    return st.one_of(
        scalars,
        st.lists(children, max_size=3),
        st.dictionaries(st.sampled_from(_VALUE_KEYS), children, max_size=3),
    )


_SCALAR_SLOTS: tuple[Value | st.SearchStrategy[Value], ...] = (
    *(False, True) * 2,
    *[st.integers(min_value=-(2**31), max_value=2**31)] * 4,
    *(0, 1, -1, 50),
    *[st.floats(min_value=-1e9, max_value=1e9, allow_nan=False, allow_infinity=False)] * 4,
    *(0.0, 1.0, 50.0, 0.5),
    *[st.sampled_from(SYNTHETIC_STRINGS)] * 4,
    *[st.sampled_from(LOOKALIKE_STRINGS)] * 4,
    *[st.text(_CHAR_ALPHABET, max_size=12)] * 4,
    *[None] * 4,
)
"""A scalar is one choice among these: a boolean, an arbitrary integer, a telling one, an
arbitrary float, a telling one, a synthetic string, a look-alike, any text, or ``None``,
equally often; a strategy among them is drawn on top."""


_CONTAINER_SLOTS = 4
"""Choices of a list (and as many of a dict), as many as of each kind of scalar: one per size 0 to 3."""


_KEY_SETS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(itertools.combinations(_VALUE_KEYS, size)) for size in range(4)
)


def _any_value(draw: st.DrawFn, depth: int) -> Value:
    """A typed value nested up to ``depth`` levels: half of the time a scalar, else a list or
    a dict of up to three values. One draw per scalar listed in :data:`_SCALAR_SLOTS`
    (choice 0 is ``False``), where nested ``one_of``s cost five or more."""
    scalars = len(_SCALAR_SLOTS)
    slot = draw(_index(scalars + (2 * _CONTAINER_SLOTS if depth > 0 else 0)))
    if slot < scalars:
        scalar = _SCALAR_SLOTS[slot]
        return draw(scalar) if isinstance(scalar, st.SearchStrategy) else scalar
    is_dict, sub = divmod(slot - scalars, _CONTAINER_SLOTS)
    size = sub % len(_KEY_SETS)
    if not is_dict:
        return [_any_value(draw, depth - 1) for _ in range(size)]
    keys = _KEY_SETS[size][_choose(draw, len(_KEY_SETS[size]))[0]]
    return {key: _any_value(draw, depth - 1) for key in keys}


def qualifiers(*, max_size: int = 3) -> st.SearchStrategy[Qualifiers]:
    """Qualifiers in normal form (sorted ``(key, value)`` pairs): the conditions that bound a fact."""
    return _qualifiers(_count("max_size", max_size, maximum=len(QUALIFIER_KEYS))[1])


@functools.cache
def _qualifiers(size: int) -> st.SearchStrategy[Qualifiers]:
    pairs = st.sampled_from(QUALIFIER_KEYS).flatmap(
        lambda key: st.tuples(st.just(key), _qualifier_values(key))
    )
    return st.lists(pairs, max_size=size, unique_by=lambda pair: pair[0]).map(normalize_qualifiers)


@functools.cache
def _qualifier_values(key: str) -> st.SearchStrategy[Value]:
    plausible = _NATURAL_QUALIFIERS[key]
    # booleans(), not sampled_from: qualifiers() draws what it drew before sessions packed choices.
    natural = st.booleans() if all(type(v) is bool for v in plausible) else st.sampled_from(plausible)
    return natural | values(max_depth=1)


def predicates() -> st.SearchStrategy[str]:
    """Predicate names (``food.peanuts_allowed``, ``refund.limit_usd``, ...)."""
    return st.sampled_from(PREDICATES)


def _list(*items: Value) -> Value:
    return list(items)


def _dict(**items: Value) -> Value:
    return dict(items)


_VALUE_POOL: tuple[Value, ...] = (
    True,
    False,
    0,
    1,
    -1,
    50,
    2**31,
    0.0,
    1.0,
    50.0,
    0.5,
    -2.5,
    None,
    *SYNTHETIC_STRINGS,
    *LOOKALIKE_STRINGS,
    [],
    _list(1, True, 1.0, "1"),
    _list("peanuts", _list("T-14", None)),
    {},
    _dict(amount=50, unit="usd"),
    _dict(items=_list(False, 0, "false"), note=_dict(id="T-41")),
)
"""Typed values of every kind (and the look-alikes of other types), each one choice."""


_PLAUSIBLE_SLOTS = 60
"""Of a value's choices, the plausible ones (every listed set of them fits 60 evenly or nearly)."""


_ANY_SLOTS = 16


_VALUE_SLOTS = _PLAUSIBLE_SLOTS + len(_VALUE_POOL) + _ANY_SLOTS
"""A typed value is one choice among these: 48% plausible, 40% one of the pool, 13% any
typed value (:func:`values`: nested, arbitrary numbers and text, drawn on top)."""


def _typed_value(draw: st.DrawFn, plausible: _Plausible, depth: int, slot: int | None = None) -> Value:
    """The value of choice ``slot`` (drawn here when None), plausible ones first (choice 0 the simplest)."""
    if slot is None:
        slot = draw(_index(_VALUE_SLOTS))
    if slot < _PLAUSIBLE_SLOTS:
        if isinstance(plausible, tuple):
            return plausible[slot % len(plausible)]
        return draw(plausible)
    slot -= _PLAUSIBLE_SLOTS
    if slot < len(_VALUE_POOL):
        return _VALUE_POOL[slot]
    return _any_value(draw, depth)


_QUALIFIER_SETS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(itertools.combinations(QUALIFIER_KEYS, size)) for size in range(4)
)


_SETS_PER_SIZE = math.lcm(*(len(sets) for sets in _QUALIFIER_SETS))


_QUALIFIER_CHOICES = len(_QUALIFIER_SETS) * _SETS_PER_SIZE
"""Which qualifier keys, as one choice: 0 to 3 of them (equally often), any set of that size."""


def _draw_qualifiers(draw: st.DrawFn) -> Qualifiers:
    """Up to three qualifiers with distinct keys, as :func:`qualifiers` draws them, in fewer
    draws: the keys in one, then one per value. The number of keys is the choice's last
    digit, so the shrinker drops a qualifier (and its value's draw) in one step."""
    which, size = divmod(draw(_index(_QUALIFIER_CHOICES)), len(_QUALIFIER_SETS))
    keys = _QUALIFIER_SETS[size][which % len(_QUALIFIER_SETS[size])]
    return normalize_qualifiers({key: _typed_value(draw, _NATURAL_QUALIFIERS[key], 1) for key in keys})
