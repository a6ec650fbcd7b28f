"""A summary that states a fact and also its opposite has not kept it. A fact told by its
names alone is flipped by a sentence that restates the whole fact, every qualifier with
it, without the negation; a bare mention of its name elsewhere ("the ibuprofen is in the
cabinet") is no such sentence. The order of the two sentences does not matter."""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from tests._prose_facts import events, names

RULE = "Never give more than 2 tablets of ibuprofen 200 mg within 6 hours."
FLIPPED = "Standing policy: give more than 2 tablets of ibuprofen 200 mg within 6 hours."


def _ibuprofen() -> Ledger:
    ledger = events(RULE)
    ledger.fact(
        "f1",
        "medication.ibuprofen_above_limit_allowed",
        False,
        sources=["e1"],
        qualifiers={"max_tablets": 2, "dose": "200 mg", "window": "6 hours"},
        prose={
            "names": ["ibuprofen"],
            "polarity": "negative",
            "qualifiers": {"max_tablets": ["2 tablets"], "dose": ["200 mg"], "window": ["6 hours"]},
        },
    )
    return ledger


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        (RULE, ()),
        (f"{FLIPPED} {RULE}", ("f1:value_changed",)),
        (f"{RULE} {FLIPPED}", ("f1:value_changed",)),
        (f"{RULE} The ibuprofen is in the ward cabinet.", ()),
        (f"The ibuprofen 200 mg box is in the ward cabinet. {RULE}", ()),
    ],
)
def test_a_fact_and_its_opposite(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_ibuprofen(), summary) == expected


def test_a_named_fact_without_qualifiers_keeps_its_weak_reading() -> None:
    ledger = events("Do not call Mr Varga before noon.")
    ledger.fact(
        "f1", "contact.call_varga", False, sources=["e1"], prose={"names": ["call"], "polarity": "negative"}
    )
    assert names(ledger, "Do not call Mr Varga before noon. His daughter will call back.") == ()
