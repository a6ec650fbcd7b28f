"""Round 29's rules of English, each tested in other words than the held-out set that
showed the need:

- an "un-" word after the object of "leave" or "keep" tells what the object is left as
  ("kept the side door unlocked" states the door as not locked), while an "un-" word
  before a noun describes that noun ("kept to the unfenced path").
"""

from __future__ import annotations

from tests._prose_facts import fact, names


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
