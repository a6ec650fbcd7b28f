"""A condition's phrase runs on through a number or time written with a period, comma or
colon ("at or above 99.5% for 24 hours", "over 1,200 rows", "after 9:30"): it ends only
where a clause does."""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.modality import condition_words


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        (
            "Raise the rollout only if the crash rate stays at or above 99.5% for a week.",
            "above 99.5% for a week",
        ),
        ("Split the export when it holds more than 1,200 rows.", "more than 1,200 rows"),
        ("Open the hatch only after 9:30 each morning.", "after 9:30 each morning"),
        ("Open the hatch only after lunch. Then rest.", "after lunch"),
    ],
)
def test_the_condition_phrase(text: str, condition: str) -> None:
    assert condition in [phrase for phrase, _ in condition_words(text)]


ROLLOUT = rule(
    "Release managers may raise the staged rollout above 20% only if the crash-free rate stays above 99.5%.",
    ["staged rollout"],
    "permission_with_condition",
)


def test_a_decimal_bound_kept_and_changed() -> None:
    assert passes(
        ROLLOUT, "Release managers can take the staged rollout past 20% only once crash-free is above 99.5%."
    )
    assert weakened(
        ROLLOUT, "Release managers can take the staged rollout past 20% only once crash-free is above 95%."
    )
