"""A reported clause opened by "and that" is a clause of its own: "the clinic said the
X-ray did not show a break and that the cast comes off on Monday" leaves Monday
unnegated; a negator in the same clause still flips it."""

from __future__ import annotations

from tests._prose_facts import fact, names

LEDGER = fact(
    "Clinic: the X-ray shows no break. Your cast comes off on Monday.",
    "clinic.cast_removal_day",
    "monday",
    {"names": ["cast"], "value": ["Monday"]},
)


def test_a_negator_before_and_that_does_not_reach_the_next_reported_clause() -> None:
    faithful = "The clinic said the X-ray did not show a break and that the cast comes off on Monday."
    assert names(LEDGER, faithful) == ()


def test_a_negator_in_the_same_clause_still_flips_the_value() -> None:
    drifted = "The clinic said the X-ray showed a break and that the cast does not come off on Monday."
    assert names(LEDGER, drifted) == ("f1:value_changed",)
