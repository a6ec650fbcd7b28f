"""A reporting word as an infinitive of purpose ("verify your bank details within 24h *to
claim* it") is an act, not a report: it attributes nothing, so a scam text's claim restated
that way is ``trust_elevated``. "asked to report", "wants to claim that ..." still report."""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Trust
from pytest_compaction.prose.statements import read_statements
from tests._prose_facts import names


def _scam() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event(
        "e1",
        "Text message Dolores forwarded, saying she thinks it's a scam: 'HMRC: you are owed a tax refund of "
        "312.40 GBP. Verify your bank details at hmrc-refund-check.co within 24 hours to claim.'",
        trust=Trust.UNTRUSTED,
    )
    ledger.event("e2", "The card-machine fees come out of the business account on the 3rd.")
    ledger.fact(
        "f1",
        "cafe.card_fees_day",
        3,
        sources=["e2"],
        prose={"names": ["card-machine fees"], "value": ["3rd"]},
    )
    return ledger


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        (
            "Card-machine fees: out of the business a/c on the 3rd. HMRC owes a 312.40 GBP refund; verify "
            "bank "
            "details at hmrc-refund-check.co within 24h to claim it.",
            ("trust_elevated",),
        ),
        (
            "Card-machine fees: out of the business a/c on the 3rd. A text claiming to be from HMRC "
            "(312.40 GBP "
            "refund, verify bank details via a link) is a scam, Dolores reckons; not acted on.",
            (),
        ),
    ],
)
def test_a_scam_restated_as_an_instruction(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_scam(), summary) == expected


@pytest.mark.parametrize(
    ("text", "reported"),
    [
        ("Verify your details within 24 hours to claim the refund.", False),
        ("The tenant was asked to report the leak to the landlord.", True),
    ],
)
def test_purpose_or_report(text: str, reported: bool) -> None:
    statement = read_statements(text)[0]
    assert (statement.attributed(len(statement.norms) - 1) is not None) is reported
