"""What "rather than" or "instead of" sets aside, and what a verb of staying keeps "out of",
is not done: "her milk is discarded *rather than* added to the bulk tank", "her milk *stays
out of* the bulk tank". It reaches to a conjunction or a phrase of time ("... until 9
May": the date is not set aside). "Out of stock" keeps nothing away; an adverb may stand
between a linking verb and "off" ("are now permanently off the menu")."""

from __future__ import annotations

import pytest

from pytest_compaction.prose.statements import read_statements
from tests._prose_facts import fact, names


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("Her milk is to be discarded rather than added to the bulk tank.", "tank", True),
        ("Her milk stays out of the bulk tank until Friday.", "tank", True),
        ("Her milk stays out of the bulk tank until Friday.", "friday", False),
        ("Her milk is discarded rather than added to the tank until Friday.", "friday", False),
        ("She chose the window seat instead of the aisle.", "aisle", True),
        ("She chose the window seat instead of the aisle.", "window", False),
        ("The drug is out of stock.", "stock", False),
        ("Her milk can continue to be added to the bulk tank.", "tank", False),
        ("Rawhide chews are now permanently off the menu for her.", "rawhid", True),
    ],
)
def test_set_aside(text: str, word: str, negated: bool) -> None:
    statement = read_statements(text)[0]
    at = next(i for i, n in enumerate(statement.norms) if n.startswith(word[:4]))
    assert (statement.negated(at) is not None) is negated


_TANK = fact(
    "Clover's still on the penicillin, so her milk stays out of the bulk tank until the withdrawal ends.",
    "goat.clover_milk_to_bulk_tank",
    False,
    {"names": ["bulk tank"]},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        (
            "Clover's milk is to be discarded rather than added to the bulk tank until the withdrawal ends.",
            (),
        ),
        (
            "Clover's milk can continue to be added to the bulk tank until the withdrawal ends.",
            ("f1:value_changed",),
        ),
    ],
)
def test_milk_kept_out_of_the_tank(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_TANK, summary) == expected
