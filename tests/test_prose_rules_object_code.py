"""A command whose object is a bare noun and its code ("Close valve V-12 ...", "Lock door B
...", "Reset pump 4 ...") is an obligation without a modal word; the noun and its name are
the object. With a verb of its own later in the clause, the first words are a subject
("Main valve V-12 is open")."""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.modality import imperative

HATCH = rule("Seal hatch H-4 before every dive of the training boat.", ["hatch H-4", "H-4"], "obligation")
BREAKER = rule("Switch off breaker 12 whenever the kiln room is empty.", ["breaker 12"], "obligation")


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("Seal hatch H-4 before every dive.", "seal"),
        ("Lock door B at night.", "lock"),
        ("Reset pump 4 after every trip.", "reset"),
    ],
)
def test_a_bare_noun_and_its_code_is_the_object_of_a_command(text: str, verb: str) -> None:
    assert imperative(text) == verb


@pytest.mark.parametrize("text", ["Main valve V-12 is open.", "Spare hatch H-4 was sealed last week."])
def test_with_its_own_verb_later_the_noun_and_code_are_a_subject(text: str) -> None:
    assert imperative(text) is None


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (HATCH, "Training boat: seal hatch H-4 before every dive."),
        (BREAKER, "Kiln room empty? Breaker 12 must be switched off."),
    ],
)
def test_the_rule_restated_keeps_its_force(register: dict[str, object], summary: str) -> None:
    assert passes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (HATCH, "Training boat: sealing hatch H-4 before a dive may be worth it."),
        (BREAKER, "Breaker 12 could be switched off when the kiln room is empty, if convenient."),
    ],
)
def test_the_rule_hedged_is_weakened(register: dict[str, object], summary: str) -> None:
    assert weakened(register, summary)
