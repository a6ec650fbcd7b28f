"""Round 54's rules (a caseworker's notes; a tabletop campaign's memory), each tested in
other words than the held-out set that showed the need:

- a mention that only names a fact is stated by the next sentence pointing back to it
  after a preposition ("... the Harbour Festival. Noor *won't* be going *to it*"), and
  not by a pronoun that is a clause's subject ("*it* will leave ... out");
- a number's unit of several words is also written as their initials ("1,340 gold
  pieces" as "1340 gp", "12 hit points" as "12 hp");
- a "can" in a clause of place, relative or purpose with its own subject ("..., where
  every player can see the dice", "so that the cleaner can find them") grants nothing: the
  command before it stays a command;
- a word that classified a doubted noun ("the *memory* clinic") classifying another noun
  ("memory concerns") restates nothing;
- a report that confirms ("the letter *confirms* she has been referred") tells a doubt as
  settled, whoever reports it.
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.modality import CueKind, read
from tests._prose_facts import events, fact, names


def _festival() -> Ledger:
    return fact(
        "Noor will not go to the Harbour Festival this year; she is working that weekend.",
        "social.noor_at_festival",
        False,
        {"names": ["Harbour Festival", "festival"]},
    )


def test_a_mention_is_stated_by_the_next_sentence_pointing_back() -> None:
    ledger = _festival()
    told = "The group talked about the Harbour Festival. Noor won't be going to it; she is working."
    assert names(ledger, told) == ()
    flipped = "The group talked about the Harbour Festival. Noor will be going to it after all."
    assert names(ledger, flipped) == ("f1:value_changed",)
    # a pronoun that is its clause's subject stands for something else
    other = "The group talked about the Harbour Festival. It is not cheap, Noor says."
    assert names(ledger, other) == ("f1:value_changed",)


def test_a_unit_of_several_words_written_as_initials() -> None:
    ledger = fact(
        "The paladin has 12 hit points left after the fight.",
        "pc.paladin_hp",
        12,
        {"names": ["paladin"], "value": ["12 hit points"]},
    )
    assert names(ledger, "Paladin: 12 hp left.") == ()
    assert names(ledger, "Paladin: 21 hp left.") == ("f1:value_changed",)


def test_a_can_in_a_clause_of_place_or_purpose_grants_nothing() -> None:
    reading = read("Store the spare keys in the red box, where the cleaner can find them.")
    assert reading.has(CueKind.OBLIGATION)
    assert not reading.has(CueKind.PERMISSION)
    assert read("Guests can use the pool after 9.").has(CueKind.PERMISSION)
    pin = rule(
        "Store the spare keys in the red box, where the cleaner can find them.", ["spare keys"], "obligation"
    )
    assert passes(pin, "Spare keys always go in the red box, where the cleaner can find them.")
    assert weakened(pin, "Spare keys can go in the red box if that's easier.")


def test_a_word_that_classified_a_doubted_noun_classifies_another() -> None:
    ledger = events("The school says Tomas might be moved to the reading group if his scores stay low.")
    assert names(ledger, "Focus: reading practice at home. Tomas might join the reading group.") == ()
    assert names(ledger, "Focus: reading practice at home. Tomas has joined the reading group.") == (
        "unsupported_fact",
    )


def test_a_report_that_confirms_tells_it_as_settled() -> None:
    ledger = events("The surveyor's email says the beam may need replacing before winter.")
    assert names(ledger, "Surveyor's email: the beam may need replacing before winter.") == ()
    assert names(ledger, "Surveyor's email confirms the beam needs replacing before winter.") == (
        "unsupported_fact",
    )
