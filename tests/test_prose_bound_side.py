"""A prohibition bounded in time ("never eat after midnight", "never deploy until the review
is approved") is kept by a restriction to the other side of the bound ("only before
midnight", "only after the review"), never by one to its own side ("only after midnight",
"only until the review"): that permits what was forbidden. With bounds on two sides ("after
midnight before her op"), which one a restriction restates is not told, and it passes."""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule

FASTING = rule("Do not let Rosalind eat anything after midnight.", ["midnight"], "prohibition")
DEPLOY = rule("Never deploy to production until the review is approved.", ["production"], "prohibition")


@pytest.mark.parametrize(
    ("register", "summary", "kept"),
    [
        (FASTING, "Rosalind may eat only before midnight.", True),
        (FASTING, "Rosalind: light meals only after midnight.", False),
        (DEPLOY, "Deploy to production only after the review is approved.", True),
        (DEPLOY, "Deploy to production only once the review is approved.", True),
        (DEPLOY, "Deploy to production only until the review is approved.", False),
    ],
)
def test_the_side_of_the_bound(register: dict[str, object], summary: str, kept: bool) -> None:
    assert passes(register, summary) is kept
