"""Round 55's rules (chats trimmed rather than summarized; time written every way), each
tested in other words than the held-out set that showed the need:

- "finished", "complete" and "done" are one act in a condition ("after the forms are
  finished" is kept by "once they are done");
- an exception reaches a qualifier up to seven words on ("except in weeks when I'm on
  the support rota");
- an old value stated in the sentence after its name, pointing back to it ("... covered
  Yusuf's inhaler. He uses it twice a day"), is stated as current;
- an occasion the doubted act is placed at, after its object ("may raise the fee *at the
  AGM*"), takes place whatever is decided there; right after the verb ("might look at the
  accounts") it is what is doubted;
- a sentence after the one naming an attempt that retells it in the record's words tells
  its outcome.
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.invariants import InvariantRegister
from pytest_compaction.prose.summary import check_prose
from tests._prose_facts import events, fact, names, replaced


def test_finished_and_done_are_one_act_in_a_condition() -> None:
    pin = rule(
        "Volunteers may start the shift only after their induction is finished.",
        ["shift"],
        "permission_with_condition",
    )
    assert passes(pin, "Volunteers can start the shift only once their induction is done.")
    assert passes(pin, "Volunteers can start the shift only when their induction is complete.")
    assert weakened(pin, "Volunteers can start the shift once they have signed in.")


def test_an_exception_reaches_a_qualifier_seven_words_on() -> None:
    ledger = fact(
        "The gym lets Arlo bring a guest on Sundays, as long as it's not a members-only event.",
        "gym.arlo_guest_day",
        "sunday",
        {
            "names": ["guest"],
            "value": ["Sunday", "Sundays"],
            "qualifiers": {"condition": ["members-only event"]},
        },
        qualifiers={"condition": "not a members-only event"},
    )
    kept = "Arlo can bring a guest on Sundays, except on the odd weekend when there's a members-only event."
    assert names(ledger, kept) == ()
    assert names(ledger, "Arlo can bring a guest on Sundays, even to a members-only event.") == (
        "f1:qualifiers_changed",
    )


def _inhaler() -> Ledger:
    return replaced(
        ("Lior uses the inhaler three times a day.", "From Monday Lior uses the inhaler twice a day."),
        "health.inhaler_frequency",
        ["inhaler"],
        (3, "three times a day"),
        (2, "twice a day"),
    )


def test_an_old_value_in_the_sentence_pointing_back_is_current() -> None:
    assert names(_inhaler(), "We went over Lior's inhaler. From Monday he uses it twice a day.") == ()
    stale = "We went over Lior's inhaler. From Monday he uses it three times a day, as before."
    assert "f1:forbidden_superseded_fact" in names(_inhaler(), stale)


def test_an_occasion_after_the_object_is_no_doubt() -> None:
    ledger = events("The treasurer said the club may raise the membership fee at the AGM next month.")
    assert names(ledger, "AGM next month; the treasurer may raise the membership fee then.") == ()
    assert names(ledger, "AGM next month; the treasurer will raise the membership fee then.") == (
        "unsupported_fact",
    )
    looked = events("The auditor might look at the payroll ledger on Friday.")
    assert names(looked, "The auditor will look at the payroll ledger on Friday.") == ("unsupported_fact",)


def _register() -> InvariantRegister:
    return InvariantRegister.coerce(
        {
            "failures": [
                {
                    "id": "fail-upload",
                    "text": "Uploading the passport scan through the visa portal was tried twice; "
                    "it timed out both times.",
                    "approach": ["visa"],
                }
            ]
        }
    )


def test_a_sentence_that_retells_the_attempt_tells_its_outcome() -> None:
    kept = (
        "We talked about the visa. Uploading the passport scan on the portal was tried twice and timed out."
    )
    assert check_prose(_register(), kept).names == ()
    lost = "We talked about the visa. Uploading the passport scan through the portal is the next step."
    assert check_prose(_register(), lost).names == ("fail-upload:failure_history_collapsed",)
