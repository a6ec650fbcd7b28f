"""Round 35's rules of English (transatlantic variation; summaries that quote), each tested
in other words than the held-out set that showed the need:

- British and American spellings of a word are one word ("colour" and "color",
  "organise" and "organize", "centre" and "center", "paediatric" and "pediatric");
- a fact named in one variety's words is named in the other's ("lorry" and "truck",
  "car park" and "parking lot", "GP" and "family doctor").
"""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.normalize import stem
from pytest_compaction.prose.statements import read_statements
from tests._prose_facts import fact, names


@pytest.mark.parametrize(
    ("british", "american"),
    [
        ("honour", "honor"),
        ("neighbours", "neighbors"),
        ("apologised", "apologized"),
        ("realisation", "realization"),
        ("theatre", "theater"),
        ("dialogue", "dialog"),
        ("defence", "defense"),
        ("haemoglobin", "hemoglobin"),
        ("programme", "program"),
        ("tyres", "tires"),
    ],
)
def test_british_and_american_spellings_are_one_word(british: str, american: str) -> None:
    assert stem(british) == stem(american)


@pytest.mark.parametrize("word", ["Boris", "Paris", "Piotr", "hour", "four", "your", "tour"])
def test_words_that_only_look_british_keep_their_spelling(word: str) -> None:
    assert stem(word) == word.lower()


def test_a_fact_named_in_one_variety_is_named_in_the_other() -> None:
    ledger = fact(
        "The removal lorry arrives at 8:00 on Saturday.",
        "move.lorry_time",
        "08:00",
        {"names": ["lorry"], "value": ["8:00"]},
    )
    assert names(ledger, "The moving truck arrives at 8:00 Saturday.") == ()
    assert names(ledger, "The moving truck arrives at 10:00 Saturday.") == ("f1:value_changed",)
    staff = fact(
        "Staff park in the staff car park behind the gym.",
        "school.staff_parking",
        "behind the gym",
        {"names": ["staff car park"], "value": ["behind the gym"]},
    )
    assert names(staff, "Teachers use the staff parking lot behind the gym.") == ()


def test_a_quoted_command_is_a_command() -> None:
    register = rule("Run the full test suite before tagging a release.", ["test suite"], "obligation")
    assert passes(
        register, 'Release rule, in the user\'s words: "Run the full test suite before tagging a release."'
    )
    assert weakened(
        register, 'Release rule, in the user\'s words: "[Ideally,] run the full test suite before tagging."'
    )


def test_square_brackets_in_a_quote_are_the_writer_s_words() -> None:
    statement = read_statements('The post reads "tenants [must] keep receipts" for every repair.')[0]
    must = statement.norms.index("must")
    keep = statement.norms.index("keep")
    assert statement.attributed(keep) == "quotation marks"
    assert statement.attributed(must) != "quotation marks"
