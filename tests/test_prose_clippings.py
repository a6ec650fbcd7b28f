"""A word and its everyday clipping name one thing ("telephoned" / "phoned", "laboratory" /
"lab", "refrigerator" / "fridge"): a condition, a marker or a value said with either is
kept; another word in its place is not."""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.normalize import stem
from tests._prose_facts import fact, names

_LAB = rule(
    "Visitors may enter the laboratory only if a technician has telephoned the front desk first.",
    ["laboratory"],
    "permission_with_condition",
)
_INSULIN = fact(
    "Store the spare insulin in the refrigerator.",
    "meds.insulin_storage",
    "refrigerator",
    {"names": ["insulin"], "value": ["refrigerator"]},
)


def test_a_clipping_shares_the_stem_of_its_long_word() -> None:
    assert stem("telephoned") == stem("phoned") == stem("phone")
    assert stem("laboratories") == stem("lab")
    assert stem("photographs") == stem("photo")
    assert stem("telegraph") != stem("phone")


def test_a_condition_said_with_the_clipped_words_is_kept() -> None:
    assert passes(_LAB, "Visitors may enter the lab only once a technician has phoned the front desk.")


def test_another_condition_in_the_clipped_words_is_lost() -> None:
    assert weakened(_LAB, "Visitors may enter the lab only once they have signed the visitor book.")


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("The spare insulin goes in the fridge.", ()),
        ("The spare insulin goes in the freezer.", ("f1:value_changed",)),
    ],
)
def test_a_value_said_with_its_clipping_is_stated(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_INSULIN, summary) == expected
