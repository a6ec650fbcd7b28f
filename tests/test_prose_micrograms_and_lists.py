"""Micrograms are one unit however written ("75mcg", "75 µg", "75 micrograms"), and a list
of two joined by "&" or "+" between words ("Mon + Thu", "tea & coffee") reads as one joined
by "and"; a "+" after a number ("30+ min") or in a phone number stays what it was."""

from __future__ import annotations

import pytest

from pytest_compaction.prose.normalize import tokens
from tests._prose_facts import fact, names


def _norms(text: str) -> list[str]:
    return [t.norm for t in tokens(text)]


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("75mcg", "75 micrograms"),
        ("75 \u00b5g", "75 mcg"),
        ("Mon + Thu", "Mondays and Thursdays"),
        ("tea & coffee", "tea and coffee"),
    ],
)
def test_one_reading(one: str, other: str) -> None:
    assert _norms(one) == _norms(other)


@pytest.mark.parametrize("text", ["+32 470 55 01 23", "30+ min", "AT&T"])
def test_no_list_where_none_is_written(text: str) -> None:
    assert "and" not in _norms(text)


_DOSE = fact(
    "Nan's levothyroxine is 75 micrograms, one tablet, first thing in the morning.",
    "meds.levothyroxine_dose",
    75,
    {"names": ["levothyroxine"], "value": ["75 micrograms"]},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Ilse takes levothyroxine 75mcg once daily on waking, 30+ min before breakfast.", ()),
        (
            "Ilse takes levothyroxine 175mcg once daily on waking, 30+ min before breakfast.",
            ("f1:value_changed",),
        ),
    ],
)
def test_a_dose_in_micrograms(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_DOSE, summary) == expected


_DAYS = fact(
    "His day centre days at Ty Celyn are Mondays and Thursdays.",
    "care.day_centre_days",
    "monday and thursday",
    {"names": ["day centre"], "value": ["Mondays and Thursdays"]},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Emrys attends Ty Celyn day centre Mon + Thu.", ()),
        ("Emrys attends Ty Celyn day centre Mon & Thu.", ()),
        ("Emrys attends Ty Celyn day centre Mon + Fri.", ("f1:value_changed",)),
    ],
)
def test_days_joined_by_a_sign(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_DAYS, summary) == expected


@pytest.mark.parametrize(
    ("one", "other"),
    [("half of a five-milligram tablet", "half a 5 mg tablet"), ("half of an hour", "30 minutes")],
)
def test_half_of_a(one: str, other: str) -> None:
    assert _norms(one) == _norms(other)


def test_half_of_the_whole_is_a_word() -> None:
    assert _norms("half of the budget")[0] != "#0.5"
