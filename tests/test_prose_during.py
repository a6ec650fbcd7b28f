"""A prohibition bounded by a span of time ("never ... during the incident") is kept in
another word of one span ("for as long as the incident is open", "while it lasts"); an
exception added to it ("unless ...", "except ...") still weakens it."""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

LEDGER = rule(
    "Never edit rows in the payments ledger table by hand during the incident.", ["ledger"], "prohibition"
)


@pytest.mark.parametrize(
    "summary",
    [
        "No manual edits to rows in the payments ledger table for as long as the incident is open.",
        "Never edit payments ledger rows by hand while the incident lasts.",
        "Never edit rows in the payments ledger table by hand during the incident.",
    ],
)
def test_the_span_restated(summary: str) -> None:
    assert passes(LEDGER, summary)


@pytest.mark.parametrize(
    "summary",
    [
        "Keep manual edits to rows in the payments ledger table to a minimum during the incident.",
        "Never edit payments ledger rows by hand during the incident unless the lead asks.",
        "Never edit payments ledger rows by hand during the incident, except for typos.",
    ],
)
def test_a_weakened_span(summary: str) -> None:
    assert weakened(LEDGER, summary)
