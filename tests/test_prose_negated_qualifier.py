"""A qualifier the source negates ("by post, *never by courier*") is an exclusion: a
summary keeps it only by negating it too. Stated without its negation ("by post or by
courier") the exclusion became an option, ``qualifiers_changed``."""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose


def _documents() -> Ledger:
    ledger = Ledger(tenant_id="t-notary", subject_id="ravi")
    ledger.event("e1", "Return the signed deed by registered post, never by courier.")
    ledger.fact(
        "f-deed",
        "deed.return_channel",
        "registered post",
        sources=["e1"],
        qualifiers={"excluded": "courier"},
        prose={"names": ["deed"], "value": ["registered post"], "qualifiers": {"excluded": ["courier"]}},
    )
    ledger.event("e2", "Invoices go to the finance inbox, not to Ravi personally.")
    ledger.fact(
        "f-invoice",
        "billing.invoice_recipient",
        "finance inbox",
        sources=["e2"],
        qualifiers={"not": "Ravi"},
        prose={"names": ["invoices", "invoice"], "value": ["finance inbox"], "qualifiers": {"not": ["Ravi"]}},
    )
    return ledger


@pytest.mark.parametrize(
    "summary",
    [
        "The signed deed comes back by registered post, not by courier. Invoices: finance inbox, never Ravi.",
        "Deed: registered post only, no courier. Invoices go to the finance inbox, not to Ravi.",
    ],
)
def test_an_exclusion_kept_negated_passes(summary: str) -> None:
    assert check_facts_in_prose(_documents(), summary).names == ()


@pytest.mark.parametrize(
    ("summary", "changed"),
    [
        (
            "The signed deed comes back by registered post or by courier. "
            "Invoices: finance inbox, never Ravi.",
            "f-deed:qualifiers_changed",
        ),
        (
            "The signed deed comes back by registered post, not by courier. Invoices go to the finance inbox "
            "and to Ravi.",
            "f-invoice:qualifiers_changed",
        ),
    ],
)
def test_an_exclusion_told_as_an_option_is_a_changed_qualifier(summary: str, changed: str) -> None:
    verdict = check_facts_in_prose(_documents(), summary)
    assert verdict.names == (changed,)
    assert "negation" in verdict.violations[0].detail
