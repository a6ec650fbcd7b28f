"""The value words of a true/false fact read as its source reads them: a source that says
"the lease has not been renewed" makes "renewed" the words of a fact that is false, so a
summary must state them negated ("not renewed", "unrenewed"), and "has been renewed" is
the opposite value. A question in the source ("Has it been renewed?") states nothing."""

from __future__ import annotations

import pytest

from tests._prose_facts import fact, names

_LEASE = fact(
    "TENANT: Has the garage lease been renewed? AGENT: No. The owner looked it over on Monday, "
    "but it has not been renewed, so the garage stays empty.",
    "property.garage_lease_renewed",
    False,
    {"names": ["garage lease", "lease"], "value": ["renewed"]},
)
_PERMIT = fact(
    "The parking permit for the back yard is still unvalidated.",
    "parking.yard_permit_validated",
    False,
    {"names": ["parking permit", "permit"], "value": ["validated"]},
)
_BADGE = fact(
    "Ines's site badge was authorised this morning.",
    "site.ines_badge_authorised",
    True,
    {"names": ["site badge", "badge"], "value": ["authorised"]},
)
_ALLERGY = fact(
    "Is Tomasz allergic to anything? He is allergic to walnuts.",
    "food.walnuts_allowed",
    False,
    {"names": ["walnuts"], "value": ["allergic"]},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("The garage lease has not been renewed yet; the garage stays empty.", ()),
        ("The garage lease remains unrenewed; the garage stays empty.", ()),
        ("The owner looked over the garage lease and has now renewed it.", ("f1:value_changed",)),
        ("The garage lease has been renewed.", ("f1:value_changed",)),
        ("The garage lease is not unrenewed any more.", ("f1:value_changed",)),
    ],
)
def test_a_false_fact_whose_source_negates_its_value_words(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_LEASE, summary) == expected


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("The parking permit has not been validated.", ()),
        ("The parking permit is unvalidated.", ()),
        ("The parking permit has been validated.", ("f1:value_changed",)),
    ],
)
def test_a_source_that_says_the_un_form(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_PERMIT, summary) == expected


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Ines's site badge is authorised.", ()),
        ("Ines's site badge is unauthorised.", ("f1:value_changed",)),
        ("Ines's site badge was not authorised.", ("f1:value_changed",)),
    ],
)
def test_a_true_fact_told_by_the_un_form_is_the_opposite(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_BADGE, summary) == expected


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Tomasz is allergic to walnuts.", ()),
        ("Tomasz is not allergic to walnuts.", ("f1:value_changed",)),
    ],
)
def test_value_words_the_source_states_as_they_stand(summary: str, expected: tuple[str, ...]) -> None:
    """The value words of a false fact that describe why it is false ("allergic") read as
    the source says them, after the question that asks about them."""
    assert names(_ALLERGY, summary) == expected
