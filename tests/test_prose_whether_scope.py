""" "whether" doubts the question it opens, not the words before it: "has arranged a
psittacosis test to establish whether an infection lies behind it" states the test as
settled (``unsupported_fact`` where the source only said it could be considered), while
"is weighing whether to order a psittacosis test" keeps it open."""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from tests._prose_facts import names


def _parrot() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event(
        "e1",
        "Dr Ferreira-Lowe: mist him with water every morning. If it doesn't settle we could consider a "
        "psittacosis test.",
    )
    ledger.fact(
        "f1",
        "parrot.misting",
        "every morning",
        sources=["e1"],
        prose={"names": ["mist"], "value": ["every morning"]},
    )
    return ledger


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        (
            "He is misted every morning; the vet could consider a psittacosis test if it does not settle.",
            (),
        ),
        ("He is to be misted every morning; the vet is weighing whether to order a psittacosis test.", ()),
        (
            "He is misted every morning; the vet has arranged a psittacosis test to establish whether an "
            "infection lies behind it.",
            ("unsupported_fact",),
        ),
    ],
)
def test_whether_opens_its_question(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_parrot(), summary) == expected
