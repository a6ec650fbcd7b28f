"""Round 29's rules of English, each tested in other words than the held-out set that
showed the need:

- an "un-" word after the object of "leave" or "keep" tells what the object is left as
  ("kept the side door unlocked" states the door as not locked), while an "un-" word
  before a noun describes that noun ("kept to the unfenced path").
"""

from __future__ import annotations

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
