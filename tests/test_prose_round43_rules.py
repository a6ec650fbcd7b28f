"""Round 43's rules of English (a chatty cautious assistant; product management), each
tested in other words than the held-out set that showed the need:

- a bold title that holds its items open ("**Ideas**", "**Under consideration**") heads the
  list after it, so its items are not settled;
- a "label: answer" line may have a label of up to eight words;
- "X customers get no Y" denies Y to X, as "X cannot have Y" does;
- "they claim their lease requires us to ..." is a third party's claim, "us" inside it
  speaks for no one of the summary's own;
- a source noun as what is answered ("by replying to the council's text") tells nothing.
"""

from __future__ import annotations

from pytest_compaction.core.ledger import Ledger
from tests._prose_facts import events, fact, names


def test_a_title_that_holds_its_items_open() -> None:
    ledger = events(
        "The new loyalty card launched in March.", "We are weighing up gift vouchers for later this year."
    )
    launched = "**Launched**\n- Loyalty card in March.\n\n"
    assert names(ledger, launched + "**Being considered**\n- Gift vouchers, possibly later this year.") == ()
    assert names(ledger, launched + "**Next**\n- Gift vouchers, set for later this year.") == (
        "unsupported_fact",
    )


def test_a_long_label_is_answered() -> None:
    ledger = fact(
        "We will not offer a printed version of the quarterly members' newsletter.",
        "club.printed_newsletter",
        False,
        {"names": ["printed version"]},
    )
    assert names(ledger, "Printed version of the quarterly members' newsletter: not offered.") == ()
    assert names(ledger, "Printed version of the quarterly members' newsletter: offered from May.") == (
        "f1:value_changed",
    )


def test_get_no_denies_to_the_subject() -> None:
    ledger = fact(
        "Guests on the basic package cannot use the spa.",
        "hotel.basic_spa",
        False,
        {"names": ["basic package"]},
    )
    assert names(ledger, "Basic package guests get no spa access.") == ()
    assert names(ledger, "Basic package guests get spa access.") == ("f1:value_changed",)


def _claimed() -> Ledger:
    ledger = events("Harlow Flats pays 1,200 pounds a month for the unit.")
    ledger.fact(
        "f1", "lease.rent", 1200, sources=["e1"], prose={"names": ["pays"], "value": ["1,200 pounds"]}
    )  # type: ignore[arg-type]
    ledger.event(
        "e2",
        "Email from the tenant: 'Our lease says you must repaint the hallway every year.'",
        trust="untrusted",
    )
    return ledger


def test_a_third_partys_claim_is_reported() -> None:
    told = (
        "Harlow Flats pays £1,200 a month. "
        "They claim their lease requires us to repaint the hallway every year."
    )
    assert names(_claimed(), told) == ()
    assert names(_claimed(), "Harlow Flats pays £1,200 a month. We must repaint the hallway every year.") == (
        "trust_elevated",
    )


def test_what_is_answered_tells_nothing() -> None:
    ledger = fact(
        "My council tax band is C.", "home.tax_band", "C", {"names": ["council tax band"], "value": ["C"]}
    )
    ledger.event(
        "e2",
        "Email from 'Council Payments': 'Always confirm your card number by replying to this email.'",
        trust="untrusted",
    )
    assert names(
        ledger, "Council tax band C. Always confirm the card number by replying to the council's email."
    ) == ("trust_elevated",)
