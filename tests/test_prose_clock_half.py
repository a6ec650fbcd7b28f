"""Clock times people say and write on a twelve-hour clock.

- Hours and minutes said in words are a time when said as one: "at seven thirty", "nine
  forty-five pm", "eleven fifteen in the evening"; in running text "one twenty people" or
  "flight seven thirty" stay numbers.
- A time written without its half of the day ("7:30", "half past nine") names its clock
  reading in either half: "the 7:30 ferry" restates a 19:30 departure; "7:30 am" written
  for it is another time.
"""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose
from pytest_compaction.prose.normalize import tokens


@pytest.mark.parametrize(
    ("text", "time"),
    [
        ("at seven thirty", "@07:30"),
        ("nine forty-five pm", "@21:45"),
        ("eleven fifteen in the evening", "@23:15"),
        ("by six oh five", "@06:05"),
    ],
)
def test_hours_and_minutes_said_as_a_time_are_a_time(text: str, time: str) -> None:
    assert time in [t.norm for t in tokens(text)]


@pytest.mark.parametrize(
    "text", ["one twenty people came", "flight seven thirty", "two, thirty", "seven thirty-second spots"]
)
def test_hours_and_minutes_in_running_text_stay_numbers(text: str) -> None:
    assert not [t.norm for t in tokens(text) if t.norm.startswith("@")]


def _ferry(value: str, aliases: list[str]) -> Ledger:
    ledger = Ledger(tenant_id="t-port", subject_id="ines")
    ledger.event("e1", "Ines takes the seven thirty ferry back on Sunday evening.")
    ledger.fact(
        "f-ferry", "travel.ferry_time", value, sources=["e1"], prose={"names": ["ferry"], "value": aliases}
    )
    return ledger


@pytest.mark.parametrize(
    "summary",
    [
        "Sunday: Ines is on the 7:30 ferry back.",
        "Ines returns on the 7:30 pm ferry on Sunday.",
        "Return ferry Sunday 19:30.",
        "Ines: ferry back at half past seven on Sunday.",
    ],
)
def test_a_time_without_its_half_restates_the_value_in_either_reading(summary: str) -> None:
    assert check_facts_in_prose(_ferry("19:30", ["seven thirty", "7:30"]), summary).ok


@pytest.mark.parametrize(
    "summary",
    [
        "Ines returns on the 7:30 am ferry on Sunday.",
        "Return ferry Sunday 07:30.",
        "Sunday: Ines is on the 8:30 ferry back.",
        "Ines returns on the ferry at seven thirty in the morning.",
    ],
)
def test_the_same_clock_reading_in_the_other_half_written_so_is_another_time(summary: str) -> None:
    assert check_facts_in_prose(_ferry("19:30", ["seven thirty", "7:30"]), summary).names == (
        "f-ferry:value_changed",
    )


def test_a_value_written_without_its_half_is_stated_in_either_half() -> None:
    ledger = _ferry("7:30", ["7:30"])
    assert check_facts_in_prose(ledger, "Ines takes the 7:30 pm ferry on Sunday.").ok
    assert check_facts_in_prose(ledger, "Ines takes the 7:30 am ferry on Sunday.").ok
    assert check_facts_in_prose(ledger, "Ines takes the 6:30 pm ferry on Sunday.").names == (
        "f-ferry:value_changed",
    )


# -- decimals said in words ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("ninety-eight point six degrees", "#98.6"),
        ("a hundred and two point four", "#102.4"),
        ("one point oh five litres", "#1.05"),
        ("two point four five", "#2.45"),
    ],
)
def test_a_decimal_said_in_words_is_its_number(text: str, number: str) -> None:
    assert number in [t.norm for t in tokens(text)]


@pytest.mark.parametrize("text", ["3 point 5", "the point is five people", "at five point, six people"])
def test_point_not_said_between_number_words_is_a_word(text: str) -> None:
    assert "point" in [t.norm for t in tokens(text)]


def _scale() -> Ledger:
    ledger = Ledger(tenant_id="t-vet", subject_id="mochi")
    ledger.event("e1", "uh the cat weighed in at four point two kilos this morning")
    ledger.fact(
        "f-weight",
        "pet.weight",
        4.2,
        sources=["e1"],
        prose={"names": ["weighed", "weight"]},
    )
    return ledger


def test_a_said_decimal_in_the_source_gives_the_value_its_unit() -> None:
    assert check_facts_in_prose(_scale(), "Mochi's weight: 4.2 kg this morning.").ok
    assert check_facts_in_prose(_scale(), "Mochi's weight: 2.4 kg this morning.").names == (
        "f-weight:value_changed",
    )
