"""An obligation to act inside or with something is kept by forbidding the act outside or
without it: "Always keep the vaccines inside the fridge" is "never leave them outside the
fridge", "Always weigh the samples with the lid on" is "never weigh them without the lid".
Where the rule names no such place or company, "outside" or "without" is still an
exception the summary added."""

from __future__ import annotations

from typing import Any

import pytest
from _prose_rules import passes, rule, weakened

_FRIDGE = rule("Always keep the vaccines inside the fridge.", ["vaccines"], "obligation")
_SCALE = rule("Always weigh the samples with the lid on.", ["samples"], "obligation")
_SHED = rule("Always lock the garden shed at night.", ["garden shed"], "obligation")


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (_FRIDGE, "The vaccines are never to be left outside the fridge."),
        (_FRIDGE, "Nurses must not store the vaccines outside the fridge."),
        (_SCALE, "Never weigh the samples without the lid on."),
        (_SCALE, "Samples: never weighed without the lid on."),
    ],
)
def test_forbidding_the_complement_keeps_the_obligation(register: dict[str, Any], faithful: str) -> None:
    assert passes(register, faithful)


@pytest.mark.parametrize(
    ("register", "drifted"),
    [
        (_FRIDGE, "The vaccines are not normally left outside the fridge."),
        (_FRIDGE, "Never leave the vaccines in the fridge."),
        (_SHED, "Never lock the garden shed without asking the owner."),
        (_SHED, "The garden shed is never locked outside term time."),
    ],
)
def test_a_hedge_a_flip_or_an_exception_the_rule_lacks_is_still_caught(
    register: dict[str, Any], drifted: str
) -> None:
    assert weakened(register, drifted)
