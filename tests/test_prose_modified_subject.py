"""A negator after a subject and its modifier still negates the subject: "the permit for
the east gate *was not* renewed" negates "permit" across "for the east gate", and a name of
several words ("parking permit") is read to its last word, not to its first."""

from __future__ import annotations

import pytest

from pytest_compaction.prose.statements import read_statements
from tests._prose_facts import fact, names

_PERMIT = fact(
    "The council wrote back: the parking permit for the east gate has not been renewed, so "
    "vans must use the west entrance.",
    "site.east_gate_permit_renewed",
    False,
    {"names": ["parking permit", "permit"], "polarity": "negative"},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("The parking permit for the east gate was not renewed; vans use the west entrance.", ()),
        ("The parking permit of 3 March for the east gate is not renewed.", ()),
        (
            "The parking permit for the east gate was renewed; vans use the west entrance.",
            ("f1:value_changed",),
        ),
    ],
)
def test_a_negator_after_the_subjects_modifier(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_PERMIT, summary) == expected


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("The van for the east gate is not insured.", True),
        ("The van of the week was not insured.", True),
        ("The van for the east gate is insured, but not the trailer.", False),
    ],
)
def test_how_far_a_negator_reaches_back(text: str, negated: bool) -> None:
    statement = read_statements(text)[0]
    assert (statement.negated(statement.norms.index("van")) is not None) is negated
