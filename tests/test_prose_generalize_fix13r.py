"""Round 13 rules of English the prose checker reads, each tested in words, domains and
people other than the held-out triples that showed it was missing."""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.modality import fluent, imperative

# -- hesitation sounds, and a fronted "you" clause without its comma ------------------

KILN = rule(
    "um when you unload the kiln er check every shelf for cracked glaze",
    ["kiln", "shelf"],
    "obligation",
)
GATE = rule(
    "uh if you open the paddock gate latch it behind you straight away",
    ["paddock gate"],
    "obligation",
)


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("um, lock the shed", "lock the shed"),
        ("you can uh borrow the van", "you can borrow the van"),
        ("so, like, sign the sheet", "so, sign the sheet"),
        ("The UM campus rota", "The UM campus rota"),
    ],
)
def test_hesitation_sounds_are_no_words_of_the_sentence(text: str, plain: str) -> None:
    assert fluent(text) == plain


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("before you leave the lab switch off the centrifuge", "switch"),
        ("if you find a stray dog call the warden", "call"),
        ("erm once you print the tickets stamp each one", "stamp"),
    ],
)
def test_a_bare_verb_after_an_unpunctuated_you_clause_is_a_command(text: str, verb: str) -> None:
    assert imperative(text) == verb


@pytest.mark.parametrize(
    "text",
    ["when you called the office was closed", "after you finish the report goes to Ana"],
)
def test_a_main_clause_with_its_own_subject_is_no_command(text: str) -> None:
    assert imperative(text) is None


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (KILN, "After unloading the kiln, check every shelf for cracked glaze."),
        (GATE, "Paddock gate: latch it behind you as soon as you open it."),
    ],
)
def test_a_spoken_rule_restated_keeps_its_force(register: dict[str, object], summary: str) -> None:
    assert passes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (KILN, "After unloading the kiln, shelves could be checked for cracked glaze."),
        (GATE, "The paddock gate should ideally be latched behind you."),
    ],
)
def test_a_spoken_rule_hedged_is_weakened(register: dict[str, object], summary: str) -> None:
    assert weakened(register, summary)
