"""A permission of nothing forbids ("can have no ibuprofen", "may take nothing by mouth"),
while a limit stays a limit ("can have no more than two"); and a permission followed by
"but never without X" or "but not before X" keeps X as its condition."""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

NSAIDS = rule(
    "Never give Mum ibuprofen or any other anti-inflammatory while she's on warfarin.",
    ["ibuprofen"],
    "prohibition",
)


@pytest.mark.parametrize(
    ("summary", "kept"),
    [
        ("Margit can have no ibuprofen or other anti-inflammatory at any point while on warfarin.", True),
        ("Margit may take no ibuprofen while on warfarin.", True),
        ("Margit can have ibuprofen while on warfarin.", False),
        ("Margit should mostly avoid ibuprofen or other anti-inflammatories while on warfarin.", False),
    ],
)
def test_a_permission_of_nothing(summary: str, kept: bool) -> None:
    assert passes(NSAIDS, summary) is kept


OUTING = rule(
    "Dad may go out of Larchmont House with family only if the nurse in charge has signed him out first.",
    ["Larchmont House"],
    "permission_with_condition",
)


@pytest.mark.parametrize(
    ("summary", "kept"),
    [
        (
            "Ruben can go out of Larchmont House with family, but never without the nurse in charge "
            "signing him out.",
            True,
        ),
        (
            "Ruben can go out of Larchmont House with family, but not before the nurse in charge "
            "signs him out.",
            True,
        ),
        ("Ruben can go out of Larchmont House with family.", False),
        (
            "Ruben can go out of Larchmont House with family, as long as a relative signs the "
            "visitors' book.",
            False,
        ),
    ],
)
def test_a_condition_in_the_next_clause(summary: str, kept: bool) -> None:
    assert passes(OUTING, summary) is kept
    assert weakened(OUTING, summary) is not kept


FASTING = rule("Do not let Rosalind eat anything after midnight before her op.", ["midnight"], "prohibition")


@pytest.mark.parametrize(
    ("summary", "kept"),
    [
        ("Rosalind: nil by mouth from midnight before her op.", True),
        ("Nil by mouth after midnight before the op.", True),
        ("Rosalind: ideally no food from midnight before her op.", False),
        ("Rosalind may eat after midnight before her op.", False),
    ],
)
def test_nil_by_mouth(summary: str, kept: bool) -> None:
    assert passes(FASTING, summary) is kept
