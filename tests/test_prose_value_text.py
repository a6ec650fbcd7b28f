"""A changed value is shown as the summary wrote it: once, in its own order, without the
punctuation that follows it."""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose


def _observed(summary: str) -> str:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "The locksmith charges 80 pounds for a call-out, at 7:45 in the morning.")
    ledger.fact(
        "f1",
        "locksmith.callout_fee",
        80,
        sources=["e1"],
        prose={"names": ["call-out", "locksmith"], "value": ["80 pounds", "£80", "GBP 80"]},
    )
    (violation,) = check_facts_in_prose(ledger, summary).violations
    assert violation.code == "value_changed"
    return str(violation.observed)


@pytest.mark.parametrize(
    ("summary", "shown"),
    [
        ("Locksmith call-out: £95, booked for Friday.", "£95"),
        ("The locksmith call-out costs 95 pounds.", "95 pounds"),
        ("Locksmith call-out fee is GBP 95; cash only.", "GBP 95"),
        ("The call-out from the locksmith is £95!", "£95"),
    ],
)
def test_a_changed_amount_is_shown_as_written(summary: str, shown: str) -> None:
    assert _observed(summary) == shown
