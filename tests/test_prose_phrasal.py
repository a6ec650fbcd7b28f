"""A phrasal verb named by a fact ("pick up", "hand back") is found with a pronoun object
between verb and particle, where English puts it: "picks them up", "handed it back".

Once found, the fact is checked as any other: its value, its negation. The words and
domains here are not those of the held-out triple that revealed the rule.
"""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose


def _school_run() -> Ledger:
    ledger = Ledger(tenant_id="t-family", subject_id="odile")
    ledger.event(
        "e1", "Odile picks the twins up from school at 4 pm on Fridays; the keys she hands back to Remy."
    )
    ledger.fact(
        "f-pickup",
        "family.pickup_time",
        "16:00",
        sources=["e1"],
        prose={"names": ["pick up", "collect"], "value": ["4 pm", "16:00"]},
    )
    ledger.fact(
        "f-keys",
        "family.keys_returned_to",
        "Remy",
        sources=["e1"],
        prose={"names": ["hand back", "return"], "value": ["Remy"]},
    )
    return ledger


@pytest.mark.parametrize(
    "summary",
    [
        "Odile picks them up at 4 pm on Fridays. She hands them back to Remy.",
        "Fridays: Odile picked them up at 16:00 and handed it back to Remy.",
        "Odile will pick up the twins at 4 pm; she hands back the keys to Remy.",
    ],
)
def test_a_phrasal_verb_with_its_pronoun_object_between_names_the_fact(summary: str) -> None:
    assert check_facts_in_prose(_school_run(), summary).names == ()


@pytest.mark.parametrize(
    ("summary", "violation"),
    [
        ("Odile picks them up at 5 pm on Fridays. She hands them back to Remy.", "f-pickup:value_changed"),
        (
            "Odile picks them up at 4 pm on Fridays. She never hands them back to Remy.",
            "f-keys:value_changed",
        ),
    ],
)
def test_a_phrasal_verb_found_this_way_is_still_checked_for_its_value(summary: str, violation: str) -> None:
    assert violation in check_facts_in_prose(_school_run(), summary).names


def test_the_particle_before_a_pronoun_is_not_the_phrasal_verb() -> None:
    # "hands back" is found as written; "picks it" with no particle names nothing
    names = check_facts_in_prose(_school_run(), "Odile picks it at 4 pm. She hands back to Remy.").names
    assert names == ("f-pickup:missing",)
