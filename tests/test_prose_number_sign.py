""" "No." before a number is "number" ("locker no. 147", "No. 3 Court"), no negator; and a
verb of change used before a noun ("the north *changing* room", "*moving* day") tells no
change. Both made a faithful locker summary fail, and hid its drift."""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.statements import read_statements
from tests._prose_facts import names


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("Locker no. 147 in the north changing room is reassigned.", "#147", False),
        ("No. 3 Court is booked today.", "court", False),
        ("There is no locker for Dana.", "locker", True),
        ("No locker is free.", "locker", True),
    ],
)
def test_no_before_a_number(text: str, word: str, negated: bool) -> None:
    statement = read_statements(text)[0]
    at = next(i for i, n in enumerate(statement.norms) if n.startswith(word[:5]))
    assert (statement.negated(at) is not None) is negated


def _lockers() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Your locker at the warehouse is number 112 in the north changing room.")
    ledger.event(
        "e2",
        "Correction: locker 112 was double-allocated, so you have been given locker 147 instead.",
    )
    ledger.fact("f1", "warehouse.locker", 112, sources=["e1"], prose={"names": ["locker"], "value": ["112"]})
    ledger.fact("f2", "warehouse.locker", 147, sources=["e2"], prose={"names": ["locker"], "value": ["147"]})
    ledger.supersede("f1", "f2")
    return ledger


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Lockers: locker no. 147 in the north changing room has been assigned in place of no. 112.", ()),
        (
            "Lockers: locker no. 112 in the north changing room is assigned to the employee; locker no. 147 "
            "was also mentioned by facilities.",
            ("f1:forbidden_superseded_fact",),
        ),
    ],
)
def test_a_locker_number(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_lockers(), summary) == expected
