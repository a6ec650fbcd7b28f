"""Rules from round 12's held-out fact triples and a new user's trial (fix12f), each tested
in other words than the triples': faithful readings it must keep and drifts it must catch.
"""

from __future__ import annotations

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose


def names(ledger: Ledger, summary: str) -> tuple[str, ...]:
    return check_facts_in_prose(ledger, summary).names


def _events(*texts: str) -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    for n, text in enumerate(texts, 1):
        ledger.event(f"e{n}", text)
    return ledger


# -- a question, a section title and a report's speaker assert nothing ------------------------


def _bakery() -> Ledger:
    return _events("Several tenants said that the landlord might repaint the stairwell in autumn.")


def test_a_question_in_a_summary_asserts_nothing() -> None:
    ledger = _bakery()
    assert names(ledger, "Stairwell repaint in autumn?") == ()
    assert names(ledger, "Notes\n- Landlord repainting the stairwell this autumn? (tenants' word)") == ()
    assert names(ledger, "The landlord repaints the stairwell in autumn.") == ("unsupported_fact",)
    assert names(ledger, "Stairwell repainted in autumn; is the hall next?") == ("unsupported_fact",)


def test_the_speaker_of_a_report_is_not_in_doubt() -> None:
    ledger = _bakery()
    assert names(ledger, "Raised by several tenants, nothing decided.") == ()
    assert names(ledger, "Several tenants spoke up at the meeting.") == ()
    assert names(ledger, "Decided: the landlord repaints the stairwell.") == ("unsupported_fact",)
    assert names(ledger, "Several tenants confirmed the stairwell is repainted.") == ("unsupported_fact",)


def _opening() -> Ledger:
    return _events("The museum could stay open late on Fridays if volunteers turn up.")


def test_a_section_title_asserts_nothing() -> None:
    ledger = _opening()
    assert names(ledger, "**Open items**\n- Late Friday hours, only if volunteers turn up.") == ()
    assert names(ledger, "__Late opening__\n- might happen on Fridays, volunteers permitting.") == ()
    assert names(ledger, "**Open items**\n- The museum stays open late on Fridays.") == ("unsupported_fact",)
    assert names(ledger, "**Late opening: Fridays, confirmed**") == ("unsupported_fact",)
