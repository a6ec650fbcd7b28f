"""Round 45's rules of English (condensed policy documents; sports league administration),
each tested in other words than the held-out set that showed the need:

- a code in the plural is the code ("the U12s", "two PS4s");
- a name after a verb of believing is not in doubt ("Our agent thinks Harbour Lettings may
  ...");
- "In league games, no team plays until ..." is a rule after a fronted phrase;
- "tripped the breaker" and "blew a fuse" are a try's failure.
"""

from __future__ import annotations

from _prose_rules import failure, passes, rule, weakened

from pytest_compaction.prose.normalize import tokens
from tests._prose_facts import events, names


def test_a_code_in_the_plural_is_the_code() -> None:
    assert [t.norm for t in tokens("the U12s and two PS4s")] == [
        t.norm for t in tokens("the U12 and two PS4")
    ]
    ledger = events("Priya Nair coaches the Ashby U12 team.")
    ledger.fact(
        "f1",
        "club.u12_coach",
        "Nair",
        sources=["e1"],
        prose={"names": ["U12"], "value": ["coaches"], "subject": ["Priya", "Nair"]},
    )  # type: ignore[arg-type]
    assert names(ledger, "Priya Nair coaches the Ashby U12s.") == ()


def test_a_name_after_a_verb_of_believing_is_given() -> None:
    ledger = events("My broker thinks Calder Mutual may add cover for e-bikes at renewal.")
    assert names(ledger, "Overall, the user is reading their Calder Mutual policy.") == ()
    assert names(ledger, "Calder Mutual has added cover for e-bikes.") == ("unsupported_fact",)


def test_no_one_after_a_fronted_phrase_is_a_rule() -> None:
    register = rule(
        "Always check the kit bag for a defibrillator pad before every away match.",
        ["defibrillator pad"],
        "obligation",
    )
    assert passes(
        register,
        "For away matches, no team leaves until the kit bag has been checked for a defibrillator pad.",
    )
    assert weakened(register, "For away matches, the kit bag is ideally checked for a defibrillator pad.")


def test_what_an_electrical_try_sets_off_is_its_failure() -> None:
    register = failure(
        "We ran the new kiln on the garage socket on Sunday; it tripped the RCD after 20 minutes.",
        ["new kiln"],
    )
    assert passes(
        register, "Ran the new kiln on the garage socket on Sunday: it tripped the RCD after 20 minutes."
    )
    assert not passes(register, "Try the new kiln on the garage socket on Sunday.")
