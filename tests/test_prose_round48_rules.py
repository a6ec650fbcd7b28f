"""Round 48's rules of English (tutoring notes), each tested in other words than the
held-out set that showed the need:

- a thing given up ("cancelled the gym membership", "scrapped the loyalty scheme") is no
  longer had, as "not" would say; a giving-up verb with a preposition after it ("cancel
  within 14 days") or a delivery ("dropped off the parcel") negates nothing;
- a conditional permission whose condition words are lost is a widened rule as well as a
  lost word;
- "never ... without X" keeps an obligation to act by X ("against", "on", "under") when X is
  a word the invariant names;
- a command told of every thing it is done to, in the present passive with the command's
  own verb ("every sample tube is labelled with ...") keeps it.
"""

from __future__ import annotations

from _prose_rules import codes, passes, rule, weakened

from tests._prose_facts import fact, names


def test_a_thing_given_up_is_no_longer_had() -> None:
    ledger = fact(
        "Sam cancelled his gym membership last week.",
        "fitness.gym_member",
        False,
        {"names": ["gym membership"]},
    )
    assert names(ledger, "Sam's gym membership was cancelled last week.") == ()
    assert names(ledger, "Sam has cancelled the gym membership.") == ()
    assert names(ledger, "Sam's gym membership is not active any more.") == ()
    assert names(ledger, "Sam kept his gym membership going.") == ("f1:value_changed",)


def test_a_scheme_scrapped_in_the_source_is_negative() -> None:
    ledger = fact(
        "The cafe scrapped its loyalty scheme in March.",
        "cafe.loyalty_scheme",
        False,
        {"names": ["loyalty scheme"]},
    )
    assert names(ledger, "No loyalty scheme at the cafe since March.") == ()
    assert names(ledger, "The cafe runs a loyalty scheme.") == ("f1:value_changed",)


def test_giving_up_verbs_with_no_object_negate_nothing() -> None:
    ledger = fact(
        "The venue refunds the deposit in full for any booking ended within 10 days of booking.",
        "venue.deposit_refund",
        "full",
        {"names": ["deposit"], "value": ["in full", "full"], "qualifiers": {"window": ["10 days"]}},
        qualifiers={"window": "within 10 days of booking"},
    )
    assert names(ledger, "Deposit: refunded in full if you cancel within 10 days of booking.") == ()
    courier = fact(
        "The parcel with the new router arrived at noon.",
        "delivery.router_parcel_arrived",
        True,
        {"names": ["parcel"]},
    )
    assert names(courier, "The courier dropped off the parcel at noon.") == ()
    assert names(courier, "The parcel was dropped off at noon.") == ()
    assert names(courier, "The courier dropped the parcel at the neighbour's at noon.") == ()
    assert names(courier, "The courier cancelled the parcel delivery.") == ("f1:value_changed",)


def test_a_lost_condition_is_a_widened_permission() -> None:
    register = rule(
        "Interns may deploy to staging only after a senior engineer reviews the change.",
        ["deploy to staging", "senior engineer"],
        "permission_with_condition",
    )
    assert passes(
        register, "Interns can deploy to staging, but only once a senior engineer has reviewed the change."
    )
    widened = "Interns can deploy to staging whenever the tests are green."
    assert codes(register, widened) == {"modal_weakened", "marker_missing"}
    assert weakened(register, widened)
    # a marker that is not part of the condition lost: only the lost word is named
    assert codes(register, "Interns can work once a senior engineer has reviewed the change.") == {
        "marker_missing"
    }


def test_never_without_what_the_rule_names_keeps_the_duty() -> None:
    register = rule(
        "Always grade the lab reports against the department rubric.",
        ["lab reports", "department rubric"],
        "obligation",
    )
    assert passes(register, "Lab reports are never graded without the department rubric.")
    assert passes(register, "No lab reports get graded without the department rubric to hand.")
    assert weakened(register, "Lab reports are never graded without the department rubric, unless rushed.")
    # a "without" that holds nothing the rule names is an exception it does not have
    assert weakened(
        register, "Lab reports are never graded against the department rubric without a second marker."
    )


def test_a_command_told_of_every_thing_it_is_done_to() -> None:
    register = rule(
        "Label every sample tube with the collection date.", ["sample tube", "collection date"], "obligation"
    )
    assert passes(register, "Lab: every sample tube is labelled with the collection date.")
    assert passes(register, "All sample tubes are labelled with their collection date.")
    # another act than the rule's own is a record, not the rule
    assert weakened(register, "Every sample tube is photographed with the collection date.")
    assert weakened(register, "Every sample tube is ideally labelled with the collection date.")
    written = rule("Write every cheque in blue ink.", ["cheque", "blue ink"], "obligation")
    assert passes(written, "Each cheque is written in blue ink.")
    assert weakened(written, "Each cheque is not always written in blue ink.")
