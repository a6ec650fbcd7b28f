"""Times, weights and days said the way a shift, a radio call or a meeting says them.

- A twenty-four-hour time said as hundreds ("at twenty-two hundred", "eighteen hundred
  hours", "oh six hundred", "1800 hours", "at 0600") or written "06h30" is that clock
  time, so a note that writes "10 pm" or "06:30" restates it and another hour is
  ``value_changed``. Read so only after a word that places a time: "logged 1200 hours" is a
  duration, "at twelve hundred feet" a height, "by nineteen hundred" a year.
- "t" after a number is the tonne: "7.5 t" restates "seven and a half tonnes".
- A value said as an ordinal day ("the twenty-eighth") is stated by a date with that day
  ("28 March"); another day is ``value_changed``.
"""

from __future__ import annotations

import pytest

from pytest_compaction.prose.normalize import tokens
from tests._prose_facts import fact, names


def _norms(text: str) -> list[str]:
    return [t.norm for t in tokens(text)]


@pytest.mark.parametrize(
    ("text", "time"),
    [
        ("Night round at twenty-two hundred.", "@22:00"),
        ("Muster at eighteen hundred hours", "@18:00"),
        ("Stand-to at oh six hundred", "@06:00"),
        ("Stand-to at zero six hundred hours", "@06:00"),
        ("Gates close at 1800 hours", "@18:00"),
        ("The convoy leaves at 0600", "@06:00"),
        ("Briefing until 2200 hrs", "@22:00"),
        ("Doors open at 06h30", "@06:30"),
        ("Last orders at 22h00", "@22:00"),
        ("Quiet hours from 2300 hours", "@23:00"),
    ],
)
def test_twenty_four_hour_times_said_as_hundreds(text: str, time: str) -> None:
    assert time in _norms(text)


@pytest.mark.parametrize(
    "text",
    [
        "The pilot logged 1200 hours of flight time.",
        "The drone climbed to twelve hundred feet.",
        "By nineteen hundred the town had a railway.",
        "Room 0412 is on the fourth floor.",
        "Two hundred people came.",
    ],
)
def test_hundreds_that_are_no_time(text: str) -> None:
    assert not any(norm.startswith("@") for norm in _norms(text))


def test_hundreds_after_a_time_word_keep_the_noun_they_count() -> None:
    assert "@12:00" not in _norms("The survey flight holds at twelve hundred metres.")


def _dose():
    return fact(
        "Nurse: the next dose of the antibiotic is due at twenty-two hundred.",
        "ward.bed3_antibiotic_due",
        "22:00",
        {"names": ["antibiotic"], "value": ["twenty-two hundred"]},
    )


def test_a_time_said_as_hundreds_is_restated_on_the_twelve_hour_clock() -> None:
    assert names(_dose(), "Bed 3: next antibiotic due at 10 pm.") == ()
    assert names(_dose(), "Bed 3: next antibiotic due at 22:00.") == ()


def test_another_hour_of_a_time_said_as_hundreds_is_a_changed_value() -> None:
    assert names(_dose(), "Bed 3: next antibiotic due at 8 pm.") == ("f1:value_changed",)


def _limit():
    return fact(
        "Councillor: the footbridge limit stays at seven and a half tonnes.",
        "council.footbridge_weight_limit",
        7.5,
        {"names": ["weight limit", "limit"], "value": ["seven and a half tonnes"]},
    )


def test_tonnes_abbreviated_t_restate_the_weight() -> None:
    assert names(_limit(), "Footbridge: the 7.5 t weight limit remains.") == ()


def test_another_weight_in_tonnes_is_a_changed_value() -> None:
    assert names(_limit(), "Footbridge: the 3.5 t weight limit remains.") == ("f1:value_changed",)


def _hearing():
    return fact(
        "Clerk: the appeal hearing is now listed for the nineteenth.",
        "court.appeal_hearing_date",
        "2027-05-19",
        {"names": ["hearing"], "value": ["nineteenth"]},
    )


def test_an_ordinal_day_is_stated_by_a_date_with_that_day() -> None:
    assert names(_hearing(), "The appeal hearing is listed for 19 May.") == ()
    assert names(_hearing(), "The appeal hearing is listed for the 19th.") == ()


def test_another_day_for_an_ordinal_day_is_a_changed_value() -> None:
    assert names(_hearing(), "The appeal hearing is listed for 21 May.") == ("f1:value_changed",)


def test_the_day_of_another_month_than_the_facts_own_is_a_changed_value() -> None:
    assert names(_hearing(), "The appeal hearing is listed for 19 June.") == ("f1:value_changed",)
