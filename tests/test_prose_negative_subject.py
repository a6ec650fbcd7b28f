"""A negative subject denies its clause's predicate: "no boats are to be launched from the
north slipway" states that the north slipway is not used, however many words stand between
"no" and the slipway, as "boats are not to be launched from ..." would. In a phrase ("at no
extra cost") "no" negates only its own noun."""

from __future__ import annotations

import pytest

from tests._prose_facts import fact, names

SLIPWAY = fact(
    "Harbourmaster: nothing launches from the north slipway until the dredger has been.",
    "harbour.north_slipway_launches_allowed",
    False,
    {"names": ["north slipway"], "polarity": "negative"},
)


@pytest.mark.parametrize(
    "faithful",
    [
        "The harbourmaster confirmed that no boats are to be launched from the north slipway this week.",
        "Launches: no dinghies or kayaks will go out from the north slipway before the dredger.",
        "The harbourmaster said nothing launches from the north slipway until the dredger has been.",
        "Slipways: none of the club boats can use the north slipway until the dredger has been.",
    ],
)
def test_a_negative_subject_negates_the_rest_of_its_clause(faithful: str) -> None:
    assert names(SLIPWAY, faithful) == ()


@pytest.mark.parametrize(
    "drifted",
    [
        "The harbourmaster confirmed that boats may be launched from the north slipway this week.",
        "The harbourmaster confirmed at no extra cost that boats go out from the north slipway this week.",
        "No fee applies and boats may be launched from the north slipway this week.",
    ],
)
def test_no_in_a_phrase_or_another_clause_leaves_the_value_unnegated(drifted: str) -> None:
    assert names(SLIPWAY, drifted) == ("f1:value_changed",)
