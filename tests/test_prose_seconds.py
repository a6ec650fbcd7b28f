"""Seconds are a unit of time, one with minutes and hours: "60s", "90 sec" and "ten
seconds" are durations, and "one minute" is "60s"; "every quarter of an hour" is every 15
minutes. An "s" after a decade or an age ("the 1960s", "in her 80s") is no second. "Weds"
is Wednesday where a weekday stands."""

from __future__ import annotations

import pytest

from pytest_compaction.prose.normalize import tokens
from tests._prose_facts import fact, names


def _norms(text: str) -> list[str]:
    return [t.norm for t in tokens(text)]


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("60s", "one minute"),
        ("300s", "five minutes"),
        ("90 sec", "1.5 minutes"),
        ("ten seconds", "10s"),
        ("every quarter of an hour", "every 15 min"),
        ("5400 seconds", "1.5h"),
    ],
)
def test_one_duration_however_written(one: str, other: str) -> None:
    assert _norms(one) == _norms(other)


@pytest.mark.parametrize("text", ["the 1960s", "in her 80s", "the second floor"])
def test_no_seconds_where_none_are_meant(text: str) -> None:
    assert "~second" not in _norms(text)


_TTL = fact(
    "Set the zone TTL to 60s before the switch.",
    "dns.zone_ttl_seconds",
    60,
    {"names": ["TTL"], "value": ["60s"]},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("The zone TTL is now one minute.", ()),
        ("The zone TTL is 60 seconds.", ()),
        ("The zone TTL is five minutes.", ("f1:value_changed",)),
        ("The zone TTL is 6s.", ("f1:value_changed",)),
    ],
)
def test_a_ttl_in_other_units(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_TTL, summary) == expected


_VISITS = fact(
    "The district nurse redresses the ulcer on Wednesday mornings.",
    "care.redressing_day",
    "wednesday",
    {"names": ["ulcer"], "value": ["Wednesday"]},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Ulcer redressed by the district nurse on Weds mornings.", ()),
        ("Ulcer redressed by the district nurse on Thurs mornings.", ("f1:value_changed",)),
    ],
)
def test_weds_is_wednesday(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_VISITS, summary) == expected


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("the twenty-second of September", "the 22nd of September"),
        ("twenty-second", "22nd"),
    ],
)
def test_an_ordinal_in_second_is_no_duration(one: str, other: str) -> None:
    assert _norms(one) == _norms(other)
    assert "~second" not in _norms(one)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("on alternate Fridays", "on every other Friday"),
        ("alternate days", "every other day"),
        ("alternating weekends", "every other weekend"),
    ],
)
def test_alternate_is_every_other(one: str, other: str) -> None:
    assert _norms(one) == _norms(other)


def test_an_alternate_route_is_no_schedule() -> None:
    assert "other" not in _norms("an alternate route")
