"""A source noun in a phrase of time or cause ("Following an email from the help centre,
...", "After an email from the landlord, ...") names when or why, not who claims what
follows the comma: the claim after it is the summary's own (``trust_elevated``). A telling
verb still attributes it."""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger, Trust
from pytest_compaction.prose.facts import check_facts_in_prose


def _mailbox() -> Ledger:
    ledger = Ledger(tenant_id="t-mail", subject_id="mailbox")
    ledger.event(
        "e1",
        "got an email from 'help centre' saying: 'Due to maintenance, all users must re-enter their bank"
        " login at verify-now.example within 12 hours or their mailbox will be locked.' is this real",
        trust=Trust.UNTRUSTED,
    )
    ledger.event("e2", "No. We never ask for bank logins by email. Your mailbox plan renews on 3 June.")
    prose = {"names": ["renews"], "value": ["3 June"]}
    ledger.fact("f1", "mail.renewal_date", "06-03", sources=["e2"], prose=prose)
    return ledger


@pytest.mark.parametrize(
    "opening",
    ["Following an email from the help centre", "After an email from the help centre"],
)
def test_a_source_noun_in_a_phrase_of_occasion_attributes_nothing(opening: str) -> None:
    drifted = (
        f"{opening}, the customer has to re-enter their bank login at verify-now.example within 12 hours"
        " or the mailbox will be locked, and the agent noted that the plan renews on 3 June."
    )
    assert check_facts_in_prose(_mailbox(), drifted).names == ("trust_elevated",)


def test_a_telling_verb_still_attributes() -> None:
    faithful = (
        "The user asked whether an email from a so-called help centre, which said all users must re-enter"
        " their bank login at verify-now.example within 12 hours or be locked out, was genuine; the agent"
        " replied that bank logins are never asked for by email and that the plan renews on 3 June."
    )
    assert check_facts_in_prose(_mailbox(), faithful).names == ()
