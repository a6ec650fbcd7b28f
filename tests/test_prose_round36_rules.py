"""Round 36's rules of English, each tested in other words than the held-out set that
showed the need:

- a verb in "-er" makes its noun with "-rral" ("refer" / "referral", "defer" / "deferral");
- a settled fact told as still open ("is still deciding on", "might", "thinking about") is
  told with another value: the summary makes a done thing undone. A source that doubts it
  in any words leaves the summary free to, and a doubt after the fact's words is about
  what follows.
"""

from __future__ import annotations

import pytest

from pytest_compaction.prose._derived import derived
from tests._prose_facts import events, fact, names


@pytest.mark.parametrize(("verb", "noun"), [("refer", "referral"), ("defer", "deferral")])
def test_a_verb_in_er_makes_its_noun_with_rral(verb: str, noun: str) -> None:
    assert noun in derived(verb)
    assert verb in derived(noun)


def test_a_deferral_states_a_deferred_start() -> None:
    ledger = fact(
        "The university has deferred Ines's place on the nursing course to next September.",
        "study.place_deferred",
        True,
        {"names": ["nursing course"], "value": ["deferred"]},
    )
    assert names(ledger, "Ines got a deferral on her nursing course until next September.") == ()


SETTLED = (
    "The council approved the loft conversion at 14 Mill Row last week.",
    "home.loft_conversion_approved",
    True,
    {"names": ["loft conversion"], "value": ["approved"]},
)


@pytest.mark.parametrize(
    "summary",
    [
        "The council is still deciding whether the loft conversion at 14 Mill Row gets approved.",
        "The loft conversion at 14 Mill Row might be approved by the council.",
        "The council is thinking about approving the loft conversion at 14 Mill Row.",
        "Loft conversion at 14 Mill Row: approval TBC.",
    ],
)
def test_a_settled_fact_told_as_open_is_a_changed_value(summary: str) -> None:
    assert names(fact(*SETTLED), summary) == ("f1:value_changed",)


@pytest.mark.parametrize(
    "summary",
    [
        "The council approved the loft conversion at 14 Mill Row last week.",
        # a doubt after the fact's words is about what follows
        "The loft conversion at 14 Mill Row was approved, so they might start in May.",
    ],
)
def test_a_settled_fact_told_as_settled_passes(summary: str) -> None:
    assert names(fact(*SETTLED), summary) == ()


def test_a_source_that_doubts_the_fact_leaves_the_summary_free_to() -> None:
    ledger = events("We're hoping to hold the christening in the chapel garden, weather permitting.")
    ledger.fact(
        "f1",
        "family.christening_place",
        "chapel garden",
        sources=["e1"],
        prose={"names": ["christening"], "value": ["chapel garden"]},  # type: ignore[arg-type]
    )
    assert names(ledger, "The christening is tentatively set for the chapel garden.") == ()


def test_a_time_labelled_to_be_confirmed_is_told_as_open() -> None:
    ledger = fact(
        "The piano tuner comes on Friday at 10:15.",
        "home.piano_tuner_time",
        "10:15",
        {"names": ["piano tuner"], "value": ["10:15"]},
    )
    assert names(ledger, "Piano tuner: Friday 10:15 (TBD).") == ("f1:value_changed",)
    assert names(ledger, "Piano tuner: Friday 10:15.") == ()
