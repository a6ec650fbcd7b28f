"""Advice told as worth or benefit ("It is worth bringing the TTL down first", "it would be
wise to", "helpful to") weakens a rule as "should" does; "worth" before an amount ("worth
£50") is no advice."""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.modality import imperative

TTL = rule(
    "Lower the TTL to 60s at least 24h before changing any NS record.", ["TTL", "NS record"], "obligation"
)


@pytest.mark.parametrize(
    "summary",
    [
        "It is worth bringing the TTL down to one minute a full day before you change any NS record.",
        "It would be wise to lower the TTL to 60s at least 24h before changing any NS record.",
        "Lowering the TTL 24h before changing any NS record would help.",
        "It is helpful to lower the TTL to 60s at least 24h before changing any NS record.",
    ],
)
def test_advice_weakens_the_rule(summary: str) -> None:
    assert weakened(TTL, summary)


def test_the_rule_itself_passes() -> None:
    assert passes(TTL, "Bring the TTL down to 60s at least 24h before you change any NS record.")


def test_worth_before_an_amount_is_no_advice() -> None:
    register = rule("Always insure parcels worth more than 500 euros.", ["insure", "parcels"], "obligation")
    assert passes(register, "Always insure parcels worth more than 500 euros.")


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("Bring the TTL down to 60s.", "bring"),
        ("Feed the cat twice a day.", "feed"),
        ("Press the reset button before noon.", "press"),
        ("Speed limits apply in town.", None),
        ("Missed calls are logged.", None),
    ],
)
def test_base_verbs_that_end_like_participles(text: str, verb: str | None) -> None:
    assert imperative(text) == verb
