"""An attempt, then the problem told as outlasting it in any tense ("it's still not
draining", "the car still won't start") is a failure record; the triers' own state ("we
still can't say why") and not knowing ("still not sure why") are not."""

from __future__ import annotations

import pytest
from _prose_rules import codes, failure

from pytest_compaction.prose.invariants import failure_outcome


@pytest.mark.parametrize(
    "text",
    [
        "We tried a new fuse and then a second charger, and the scooter still won't start.",
        "Tried the descaler twice; the kettle is still not heating evenly.",
        "She tried the heat pack but the ache still isn't gone.",
    ],
)
def test_the_problem_outlasting_the_attempt_is_a_failure(text: str) -> None:
    assert failure_outcome(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "We tried the new fuse and it worked; still not sure why.",
        "We tried the descaler and we still can't say whether it helped.",
        "Still not decided whether to try the descaler.",
    ],
)
def test_not_knowing_or_the_triers_own_state_is_no_failure(text: str) -> None:
    assert failure_outcome(text) is None


SCOOTER = failure(
    "We tried a new fuse and then a second charger, and the scooter still won't start.",
    ["new fuse", "second charger"],
)


def test_a_summary_that_keeps_the_failure_passes() -> None:
    assert (
        codes(SCOOTER, "A new fuse and a second charger were tried; the scooter still won't start.") == set()
    )


def test_a_summary_that_offers_the_attempts_as_ideas_loses_the_failure_history() -> None:
    found = codes(SCOOTER, "Could try a new fuse, then a second charger, to get the scooter started.")
    assert "failure_history_collapsed" in found
