"""A short aside between a subject and its verb ("Gareth Prosser *(from the chapel)* is
barred", "the permit*, issued in March,* was not renewed") does not cut the verb's negator
off from the subject. An aside with a negator or a conjunction of its own ("the van (not
the trailer) is insured") is its own segment, as before."""

from __future__ import annotations

import pytest

from pytest_compaction.prose.statements import read_statements
from tests._prose_facts import fact, names


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("Gareth Prosser (from the chapel) is barred from visiting Emrys.", "prosser", True),
        ("The permit, issued in March, was not renewed.", "permit", True),
        ("The permit (issued in March) was not renewed.", "permit", True),
        ("The permit (issued in March) was renewed.", "permit", False),
        ("The van (not the trailer) is insured.", "van", False),
        ("The van, the blue one, is insured, but not the trailer.", "van", False),
        ("The van, and the trailer too, is not insured.", "van", False),
    ],
)
def test_a_negator_across_an_aside(text: str, word: str, negated: bool) -> None:
    statement = read_statements(text)[0]
    assert (statement.negated(statement.norms.index(word)) is not None) is negated


_PROSSER = fact(
    "Grandad is not to have visits from Gareth Prosser, the man from the chapel.",
    "visitors.prosser_allowed",
    False,
    {"names": ["Prosser"], "polarity": "negative"},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Gareth Prosser (from the chapel) is barred from visiting Emrys.", ()),
        ("Gareth Prosser (from the chapel) is welcome to visit Emrys.", ("f1:value_changed",)),
    ],
)
def test_a_visitor_barred(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_PROSSER, summary) == expected


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        (
            "The restart of the booking-api pods on prod-3, pencilled in for 11:10 pm, has not happened.",
            True,
        ),
        (
            "The restart of the booking-api pods on prod-3, pencilled in for 11:10 pm, has happened.",
            False,
        ),
    ],
)
def test_an_aside_with_a_time_and_a_long_modifier(text: str, negated: bool) -> None:
    statement = read_statements(text)[0]
    assert (statement.negated(statement.norms.index("restart")) is not None) is negated


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        (
            "The microchipping of Bramble, which had been planned for her dental, did not go ahead.",
            "microchip",
            True,
        ),
        (
            "The microchipping of Bramble, which had been planned for her dental, went ahead.",
            "microchip",
            False,
        ),
        ("The permit, which was not renewed, is still displayed.", "permit", False),
    ],
)
def test_a_relative_clause_between_subject_and_verb(text: str, word: str, negated: bool) -> None:
    statement = read_statements(text)[0]
    at = next(i for i, n in enumerate(statement.norms) if n.startswith(word[:5]))
    assert (statement.negated(at) is not None) is negated


def test_an_aside_lends_its_own_words_to_no_one() -> None:
    # "used to" inside the relative clause tells the milk's history, not the lactose's.
    statement = read_statements("Priya, who used to drink milk daily, is now intolerant to lactose.")[0]
    assert statement.negated(statement.norms.index("priya")) is None


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("Rules: Leaving the front desk unattended between 01:00 and 05:00 is not permitted.", True),
        ("Leaving the front desk unattended is fine.", False),
        ("Checking the front desk, the manager was not happy.", False),
    ],
)
def test_a_gerund_subject_is_negated_with_its_verb(text: str, negated: bool) -> None:
    statement = read_statements(text)[0]
    at = next(i for i, n in enumerate(statement.norms) if n == "front")
    assert (statement.negated(at) is not None) is negated
