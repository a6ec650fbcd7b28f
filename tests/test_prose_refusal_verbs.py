"""Refusal verbs negate what they refuse, as "not" would: besides "declined", "refused" and
"rejected", "denied", "vetoed", "withheld", "barred" and "banned", and the phrasal "ruled
out", "turned down" and "called off" (only with their particle: "called the office" and "a
rule of thumb" refuse nothing). A number after one is an amount ("turned down to 18
degrees"), not a refusal."""

from __future__ import annotations

import pytest

from pytest_compaction.prose.statements import read_statements
from tests._prose_facts import fact, names


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("Marta has ruled out a failover to the eu-west-2 replica.", "failover", True),
        ("A failover to eu-west-2 was ruled out.", "failover", True),
        ("Marta signed off on a failover to eu-west-2.", "failover", False),
        ("The trustees withheld approval on 8 October.", "approval", True),
        ("The board vetoed the merger.", "merger", True),
        ("The landlord denied access to the loft.", "access", True),
        ("Visitors were banned after 8 pm.", "visitor", True),
        ("The strike was called off.", "strike", True),
        ("She called the office twice.", "office", False),
        ("As a rule of thumb, the office closes early.", "office", False),
        ("The offer was turned down by the tenant.", "offer", True),
        ("The heating was turned down to 18 degrees.", "heat", False),
    ],
)
def test_refusals(text: str, word: str, negated: bool) -> None:
    statement = read_statements(text)[0]
    at = next(i for i, n in enumerate(statement.norms) if n.startswith(word[:5]))
    assert (statement.negated(at) is not None) is negated


_PENSION = fact(
    "The member's request to commute 25% of her pension into a lump sum was approved by the trustees.",
    "pension.commutation_approved",
    True,
    {"names": ["commute", "lump sum"], "value": ["approved"]},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Commutation of 25% of the pension to a lump sum: trustees' approval given.", ()),
        (
            "Commutation of 25% of the pension to a lump sum: trustees withheld approval.",
            ("f1:value_changed",),
        ),
    ],
)
def test_withheld_approval(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_PENSION, summary) == expected
