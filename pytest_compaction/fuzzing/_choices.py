"""Choices in few draws: several choices packed into one uniform Hypothesis draw, and a
count in a draw of its own.
"""

from __future__ import annotations

import functools

from hypothesis import strategies as st

__all__ = ["_choose", "_draw_count", "_index"]

# Strategies draw from strategies built once (a strategy built inside a draw is validated
# inside that draw), and in as few draws as it can: every Hypothesis draw has a fixed cost
# whatever it draws, and that cost, not the choosing, dominated a fuzz run's time.


_UNIFORM = 256
"""Hypothesis draws an integer from a range of up to this many values uniformly (a wider
range leans towards its low end), so choices share one draw only up to this many values."""


@functools.cache
def _index(size: int) -> st.SearchStrategy[int]:
    # sampled_from, not integers: integers() over a range of more than 128 favours its end points.
    return st.sampled_from(range(size)) if size <= _UNIFORM else st.integers(0, size - 1)


def _choose(draw: st.DrawFn, *sizes: int) -> list[int]:
    """One choice per size, the ``i``-th in ``range(sizes[i])``, in as few draws as keep each uniform.

    Neighbouring choices share one integer while the product of their sizes stays within
    :data:`_UNIFORM`; it is decoded by ``divmod``, the first choice the most significant.
    The integer shrinks towards 0, the first option of every choice, leading choice first;
    the last choice steps down one at a time, a leading one only by the product of the
    sizes after it, so what the shrinker must lower step by step (a count) goes last or
    in a draw of its own (:func:`_draw_count`).
    """
    out: list[int] = []
    group: list[int] = []
    product = 1

    def decode() -> None:
        number = draw(_index(product)) if product > 1 else 0
        digits = []
        for radix in reversed(group):
            number, digit = divmod(number, radix)
            digits.append(digit)
        out.extend(reversed(digits))

    for size in sizes:
        if group and product * size > _UNIFORM:
            decode()
            group, product = [], 1
        group.append(size)
        product *= size
    if group:
        decode()
    return out


def _draw_count(draw: st.DrawFn, bounds: tuple[int, int]) -> int:
    """How many, in ``bounds``: a draw of its own (none for an exact count), so that the
    shrinker can lower it and delete what it counted in one step (a count packed with
    other choices lowers only by the product of theirs)."""
    low, high = bounds
    return low + _choose(draw, high - low + 1)[0]
