"""A phone number is one value in every way people write it: groups joined by spaces,
dots or dashes, or with the country code in front. A deleted number that comes back in
any of these forms is a resurrection; a kept one in another form is the same value."""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose
from pytest_compaction.prose.normalize import tokens


def _forgotten() -> Ledger:
    ledger = Ledger(tenant_id="t-deli", subject_id="aino")
    ledger.event("e1", "You can reach me on 0612 34 56 78 if the courier is late.")
    ledger.fact(
        "f-phone",
        "contact.phone",
        "0612 34 56 78",
        sources=["e1"],
        prose={"names": ["reach", "phone", "mobile"], "value": ["0612 34 56 78"]},
    )
    ledger.event("e2", "Please forget my number.")
    ledger.delete("f-phone", event_id="e2")
    return ledger


@pytest.mark.parametrize(
    "summary",
    [
        "Courier late? Try 0612-34-56-78.",
        "Backup contact: +31 612 34 56 78.",
        "Backup contact: +31 6 12 34 56 78.",
        "Backup contact: 0612.34.56.78.",
    ],
)
def test_a_deleted_number_in_another_form_is_a_resurrection(summary: str) -> None:
    assert "f-phone:forbidden_deleted_fact" in check_facts_in_prose(_forgotten(), summary).names


def test_a_summary_without_the_number_passes() -> None:
    assert check_facts_in_prose(_forgotten(), "Aino asked us to forget her number; do not call her.").ok


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("+44 7700 900412", "07700 900412"),
        ("+1 555 010 0147", "555-010-0147"),
        ("0470-55-01-23", "0470 55 01 23"),
    ],
)
def test_the_country_code_and_the_separators_do_not_change_the_number(text: str, same_as: str) -> None:
    assert [t.norm for t in tokens(text)] == [t.norm for t in tokens(same_as)]


@pytest.mark.parametrize("text", ["due 2026-09-18", "on 2025-12-31"])
def test_an_iso_date_with_a_real_month_and_day_is_still_a_date(text: str) -> None:
    assert any(t.norm.startswith("%") for t in tokens(text))
