"""A command may open with "Do" ("Do a head count of all pupils before the coach leaves");
"Do not ..." stays a prohibition and "Do you ...?" a question. "incl. when" / "including
when" keeps a rule in force then too, as "even when" does: no exception added."""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.modality import imperative


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("Do a head count of all pupils before the coach leaves.", "do"),
        ("Do not feed the ducks.", None),
        ("Do you have a minute?", None),
    ],
)
def test_do_opens_a_command(text: str, verb: str | None) -> None:
    assert imperative(text) == verb


HEAD_COUNT = rule(
    "Do a head count of all pupils before the coach leaves each stop.", ["head count"], "obligation"
)
MEAL = rule(
    "Hosts must always serve the allergy-safe meal to flagged guests, even when the set menu is chosen.",
    ["allergy-safe meal"],
    "obligation",
)


@pytest.mark.parametrize(
    ("register", "summary", "kept"),
    [
        (HEAD_COUNT, "Head count (all pupils) before the coach pulls away from every stop: required.", True),
        (
            HEAD_COUNT,
            "Head count (all pupils) before the coach pulls away from every stop: good practice.",
            False,
        ),
        (MEAL, "Flagged guests: must get the allergy-safe meal, incl. when they pick the set menu.", True),
        (MEAL, "Flagged guests: allergy-safe meal preferred, incl. when they pick the set menu.", False),
    ],
)
def test_rules_with_do_and_including(register: dict[str, object], summary: str, kept: bool) -> None:
    assert passes(register, summary) is kept
    assert weakened(register, summary) is not kept
