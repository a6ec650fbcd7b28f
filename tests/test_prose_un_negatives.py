"""A word negated by "un-" says the thing is not: "the Fenwick invoice is unpaid" states the
invoice not paid, as "is not paid" would, and "reported the charge of 80 dollars as
unconfirmed" states it not confirmed. Only as what its subject is: "unlimited data" and
"the dose is unchanged" negate nothing, nor do "under..." and "uni..." words."""

from __future__ import annotations

from tests._prose_facts import fact, names

UNPAID = fact(
    "Accounts: the Fenwick invoice has not been paid yet.",
    "billing.fenwick_invoice_paid",
    False,
    {"names": ["Fenwick"]},
)
PAID = fact(
    "Accounts: the Fenwick invoice was paid in full on Monday.",
    "billing.fenwick_invoice_paid",
    True,
    {"names": ["Fenwick"]},
)
DOSE = fact(
    "Nurse: keep the metoprolol at 25 mg.",
    "meds.metoprolol_dose",
    "25 mg",
    {"names": ["metoprolol"], "value": ["25 mg"]},
)


def test_an_un_word_after_a_linking_verb_negates_its_subject() -> None:
    assert names(UNPAID, "The Fenwick invoice of 1,200 pounds is still unpaid.") == ()
    assert (
        names(UNPAID, "Accounts reported the Fenwick invoice of 1,200 pounds as unsettled and unpaid.") == ()
    )
    assert names(PAID, "The Fenwick invoice of 1,200 pounds remains unpaid.") == ("f1:value_changed",)
    assert names(UNPAID, "The Fenwick invoice of 1,200 pounds is paid.") == ("f1:value_changed",)


def test_an_un_word_that_says_nothing_changed_or_stands_before_a_noun_negates_nothing() -> None:
    assert names(PAID, "The Fenwick invoice was paid; the unpaid reminders stopped.") == ()
    assert names(PAID, "The Fenwick invoice was paid in full and is understood to be closed.") == ()
    assert names(DOSE, "The metoprolol dose of 25 mg is unchanged.") == ()
