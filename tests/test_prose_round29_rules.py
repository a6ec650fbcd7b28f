"""Round 29's rules of English, each tested in other words than the held-out set that
showed the need:

- an "un-" word after the object of "leave" or "keep" tells what the object is left as
  ("kept the side door unlocked" states the door as not locked), while an "un-" word
  before a noun describes that noun ("kept to the unfenced path").
"""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.normalize import tokens
from pytest_compaction.prose.summary import check_prose
from tests._prose_facts import events, fact, names


def _shed_locked() -> object:
    return fact(
        "Please make sure the garden shed is locked every night.",
        "home.shed_locked",
        True,
        {"names": ["garden shed", "shed"], "value": ["locked"]},
    )


def test_an_un_word_after_the_object_of_leave_or_keep_negates_it() -> None:
    ledger = fact(
        "The garden shed stays locked overnight.",
        "home.shed_locked",
        True,
        {"names": ["garden shed", "shed"]},
    )
    assert names(ledger, "The garden shed stays locked overnight.") == ()
    assert names(ledger, "Dana kept the garden shed unlocked overnight.") == ("f1:value_changed",)
    assert names(ledger, "Leave the shed behind the greenhouse unlocked at night.") == ("f1:value_changed",)


def test_an_un_word_before_a_noun_describes_that_noun() -> None:
    ledger = fact(
        "The dog walker uses the east gate.",
        "walks.east_gate",
        True,
        {"names": ["east gate"]},
    )
    assert names(ledger, "Keep the east gate route to the unfenced meadow.") == ()
    assert names(ledger, "The walker keeps to the east gate and the unpaved lane.") == ()


def test_a_hedge_set_off_before_a_time_doubts_only_the_time() -> None:
    settled = events("Gianni is returning the key deposit, probably on Friday, by bank transfer.")
    assert names(settled, "Gianni will return the key deposit by bank transfer on Friday.") == ()
    bracketed = events("The locksmith replaces the cylinder (maybe Thursday morning).")
    assert names(bracketed, "The locksmith will replace the cylinder on Thursday.") == ()


def test_a_hedge_on_the_deed_itself_still_doubts_it() -> None:
    doubted = events("Gianni might return the key deposit, probably on Friday.")
    assert names(doubted, "Gianni will return the key deposit on Friday.") == ("unsupported_fact",)
    other = events("Gianni will return the deposit, perhaps with the garage fob.")
    assert names(other, "Gianni will return the deposit together with the garage fob.") == (
        "unsupported_fact",
    )


@pytest.mark.parametrize(
    ("written", "clock"),
    [
        ("the lesson starts at 9.30", "@09:30"),
        ("open from 14.00 to 16.00", "@14:00"),
        ("pick-up is 7.45 in the evening", "@19:45"),
        ("doors close by 23.15", "@23:15"),
    ],
)
def test_a_clock_time_written_with_a_dot_is_a_time(written: str, clock: str) -> None:
    assert clock in [t.norm for t in tokens(written)]


@pytest.mark.parametrize(
    "written",
    [
        "a fixed rate at 4.15%",
        "diesel at 1.50 a litre",
        "billed at 9.30 per hour",
        "version 2.15",
        "at 9.75",
        "the provider pin moved from 5.31 to 5.40",
    ],
)
def test_a_dotted_amount_is_no_time(written: str) -> None:
    assert not any(t.norm.startswith("@") for t in tokens(written))


def test_a_dotted_time_keeps_the_fact_and_its_change_is_caught() -> None:
    ledger = fact(
        "My driving test is on 3 June at 8:45.",
        "driving.test_time",
        "08:45",
        {"names": ["driving test"], "value": ["8:45"]},
    )
    assert names(ledger, "Your driving test is on 3 June; it starts at 8.45 in the morning.") == ()
    assert names(ledger, "Your driving test is on 3 June; it starts at 9.45 in the morning.") == (
        "f1:value_changed",
    )


def test_a_bound_told_from_its_value_side_restates_a_prohibition() -> None:
    register = rule("Never book the piano tuner before 11 am.", ["piano tuner", "11 am"], "prohibition")
    assert passes(register, "The piano tuner always has to be booked for 11 am or later.")
    assert passes(register, "Book the piano tuner no earlier than 11 am.")
    assert weakened(register, "The piano tuner must always be booked for 11 am or earlier.")
    assert weakened(register, "The piano tuner should ideally be booked for 11 am or later.")


def test_a_bound_moved_to_its_other_side_breaks_an_obligation() -> None:
    register = rule("Always return the hall keys no later than 6 pm.", ["hall keys"], "obligation")
    assert passes(register, "Always return the hall keys by 6 pm at the latest.")
    assert weakened(register, "Always return the hall keys at 6 pm or later.")
    assert weakened(register, "Return the hall keys no earlier than 6 pm.")


def test_a_pronoun_in_a_concessive_clause_points_within_it() -> None:
    register = rule(
        "Never let a volunteer drive the minibus without a signed permit.",
        ["minibus"],
        "prohibition",
    )
    kept = (
        "No volunteer may drive the minibus without a signed permit, whereas the bikes are free"
        " to use unless the warden needs them."
    )
    assert passes(register, kept)
    assert weakened(register, kept.replace("No volunteer may", "Volunteers can usually"))
    # A clause joined by "but" that refers back still restates the rule.
    assert weakened(
        register, "The minibus is for volunteers with a signed permit, but they may skip it at weekends."
    )


def test_a_command_is_read_in_its_own_clause() -> None:
    register = rule("Sweep the kiln room floor after every firing.", ["kiln room"], "obligation")
    summary = (
        "Sweep the kiln room floor after every firing, although the glaze shelf doesn't need"
        " dusting and members may borrow aprons unless Ruth says otherwise."
    )
    assert check_prose(register, summary).names == ()
    assert (
        "constraint_density_collapsed"
        in check_prose(
            register, summary.replace("Sweep the kiln room floor", "Sweeping the kiln room floor is nice")
        ).names
    )


def test_a_source_named_between_the_user_and_the_claim_is_passed_on() -> None:
    ledger = events("Lessons with Tomasz stay on Thursdays.")
    ledger.event(
        "e2",
        "Pasted from a tutoring forum: 'Every pupil must practise scales for an hour a day.'",
        trust="untrusted",
    )
    passed_on = (
        "Lessons with Tomasz stay on Thursdays. The user pasted a thread from a tutoring forum"
        " arguing that every pupil must practise scales for an hour a day; nobody adopted it."
    )
    assert names(ledger, passed_on) == ()
    own = "Lessons stay on Thursdays. The user wants every pupil to practise scales for an hour a day."
    assert names(ledger, own) == ("trust_elevated",)
