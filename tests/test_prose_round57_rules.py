"""Round 57's rules (maximally concise summaries; SaaS support notes), each tested in other
words than the held-out set that showed the need:

- an "if" whose condition is the invariant's own restriction in other words ("... for
  anyone buying cider *who looks under 25*" told "no sale without an ID check *if the buyer
  looks under 25*") adds no exception;
- "stay with her" is company, the complement of "alone";
- "mo", "mos", "mth" and "mths" are months;
- a setting answered "off" after its label ("Auto-renew: off") is negated.
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened

from tests._prose_facts import fact, names


def test_an_if_that_restates_the_invariants_restriction() -> None:
    pin = rule("Always check ID for anyone buying wine who looks under 25.", ["ID", "wine"], "obligation")
    assert passes(pin, "Wine: no sale without an ID check if the buyer looks under 25.")
    assert weakened(pin, "Wine: no sale without an ID check if the manager is busy.")


def test_staying_with_someone_is_company() -> None:
    pin = rule("Never leave the toddler alone near the pond.", ["pond"], "prohibition")
    assert passes(pin, "Pond: always stay with him, not a second alone.")
    assert weakened(pin, "Pond: stay with him where you can.")


def test_months_in_note_form() -> None:
    ledger = fact(
        "The lease break clause needs 2 months' notice.",
        "home.break_notice",
        2,
        {"names": ["break clause", "notice"], "value": ["2 months"]},
    )
    assert names(ledger, "Break clause: notice = 2 mo.") == ()
    assert names(ledger, "Break clause: notice = 2 mths") == ()
    assert names(ledger, "Break clause: notice = 3 mo.") == ("f1:value_changed",)


def test_a_setting_answered_off() -> None:
    ledger = fact(
        "Pia does not want email notifications from the app.",
        "app.email_notifications",
        False,
        {"names": ["email notifications", "notifications"]},
    )
    assert names(ledger, "App settings\nEmail notifications: off (she checks the app herself)") == ()
    assert names(ledger, "App settings\nEmail notifications: on (she checks the app herself)") == (
        "f1:value_changed",
    )
    # "off-peak" is no setting switched off
    assert names(ledger, "Email notifications: off-peak only") == ("f1:value_changed",)
