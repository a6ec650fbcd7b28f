"""Numbers and dates written the continental European way.

A decimal comma ("EUR 1.480,50", "CHF 95,00") is read as the decimal point it is: a last
comma group of one or two digits cannot be an English thousands group (those have three),
so the dots before it group thousands. A dotted date with a four-digit year
("12.09.2026") is day first, the convention of every country that writes dates with dots.
So a faithful note that writes "€1,480.50" or "2026-09-12" passes, and another amount or
day is ``value_changed``. English grouping ("1,250", "1,480.50") and version numbers
("4.12.0") read as before.
"""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose


def _deposit() -> Ledger:
    ledger = Ledger(tenant_id="t-lettings", subject_id="unit-7")
    ledger.event(
        "e1",
        "The security deposit of EUR 1.480,50 is to be returned to the tenant no later than 12.09.2026.",
    )
    ledger.fact(
        "f-deposit",
        "tenancy.deposit",
        1480.5,
        sources=["e1"],
        prose={"names": ["deposit"], "value": ["EUR 1.480,50"]},
    )
    ledger.fact(
        "f-return",
        "tenancy.deposit_return_by",
        "2026-09-12",
        sources=["e1"],
        prose={"names": ["returned", "return"], "value": ["12.09.2026"]},
    )
    return ledger


def _fee() -> Ledger:
    ledger = Ledger(tenant_id="t-customs", subject_id="consignment-44")
    ledger.event("e1", "A handling fee of CHF 95,00 applies per consignment.")
    ledger.fact(
        "f-fee",
        "customs.handling_fee",
        95,
        sources=["e1"],
        prose={"names": ["handling fee"], "value": ["CHF 95,00"]},
    )
    return ledger


@pytest.mark.parametrize(
    "summary",
    [
        "Deposit €1,480.50 to be returned to the tenant by 2026-09-12.",
        "Tenant's deposit (1480.50 euros) must be returned by 12 September 2026.",
        "Deposit of EUR 1.480,50 is to be returned by 12.09.2026.",
    ],
)
def test_a_decimal_comma_and_a_dotted_date_read_as_written(summary: str) -> None:
    assert check_facts_in_prose(_deposit(), summary).names == ()


@pytest.mark.parametrize(
    ("summary", "changed"),
    [
        ("Deposit €1,408.50 to be returned to the tenant by 2026-09-12.", "f-deposit:value_changed"),
        ("Deposit €148,050 to be returned to the tenant by 2026-09-12.", "f-deposit:value_changed"),
        ("Deposit €1,480.50 to be returned to the tenant by 2026-12-09.", "f-return:value_changed"),
        ("Deposit €1,480.50 to be returned to the tenant by 09.12.2026.", "f-return:value_changed"),
    ],
)
def test_another_amount_or_day_is_a_changed_value(summary: str, changed: str) -> None:
    assert changed in check_facts_in_prose(_deposit(), summary).names


def test_two_decimal_places_are_not_a_thousands_group() -> None:
    assert check_facts_in_prose(_fee(), "Handling fee: CHF 95 per consignment.").names == ()
    assert (
        "f-fee:value_changed"
        in check_facts_in_prose(_fee(), "Handling fee: CHF 9,500 per consignment.").names
    )


def test_english_grouping_and_version_numbers_read_as_before() -> None:
    ledger = Ledger(tenant_id="t-shop", subject_id="order-9")
    ledger.event("e1", "The refund is $1,250 and the app must be on version 4.12.0.")
    ledger.fact(
        "f-refund", "order.refund", 1250, sources=["e1"], prose={"names": ["refund"], "value": ["$1,250"]}
    )
    ledger.fact(
        "f-app",
        "order.app_version",
        "4.12.0",
        sources=["e1"],
        prose={"names": ["version"], "value": ["4.12.0"]},
    )
    assert check_facts_in_prose(ledger, "Refund of 1250 dollars; app version 4.12.0.").names == ()
    names = check_facts_in_prose(ledger, "Refund of $1.25; app version 4.21.0.").names
    assert "f-refund:value_changed" in names
    assert "f-app:value_changed" in names or "f-app:missing" in names
