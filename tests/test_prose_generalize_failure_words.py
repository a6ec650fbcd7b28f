"""Failure words revealed by held-out round 8 (r8a-failure-04/06, r8c-failure-01): giving up,
falling through, no/zero effect, and a problem that continued. Other wording and domains."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_compaction.prose.invariants import FailureRecord, failure_outcome
from pytest_compaction.prose.summary import check_prose


def failure(text: str, approach: list[str]) -> dict[str, Any]:
    return {"failures": [{"id": "fail-1", "text": text, "approach": approach}]}


def codes(register: dict[str, Any], summary: str) -> set[str]:
    return {v.code.value for v in check_prose(register, summary).violations}


KESTREL = failure(
    "Ordering the spare parts through Kestrel Supply fell through when they lost the order.",
    ["Kestrel Supply"],
)
WARD = failure(
    "Raising the ward thermostat was tried on Monday; the complaints continued all week.", ["thermostat"]
)
STARTER = failure("We gave up on the rye starter: three feedings had no effect.", ["rye starter"])


@pytest.mark.parametrize(
    "text",
    [
        "Ordering the spare parts through Kestrel Supply fell through when they lost the order.",
        "Raising the ward thermostat was tried on Monday; the complaints continued all week.",
        "We gave up on the rye starter: three feedings had no effect.",
        "The hotel block had fallen through by March.",
    ],
)
def test_a_record_told_by_giving_up_falling_through_or_continuing_is_accepted(text: str) -> None:
    assert FailureRecord(id="f", text=text, approach=(text.split()[1],)).text == text


@pytest.mark.parametrize(
    "text",
    [
        "We continued with the thermostat plan.",
        "The team continued monitoring the ward.",
        "It had an effect.",
    ],
)
def test_continuing_the_work_is_no_failure(text: str) -> None:
    assert failure_outcome(text) is None


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (KESTREL, "The Kestrel Supply order fell through."),
        (WARD, "Thermostat raised Monday; the complaints continued."),
        (STARTER, "- rye starter: abandoned, three feedings, zero effect"),
        (STARTER, "Gave up on the rye starter (no effect after three feedings)."),
    ],
)
def test_a_failure_told_by_these_words_passes(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (KESTREL, "Kestrel Supply was suggested for the spare parts."),
        (WARD, "The thermostat was raised on Monday and we continued monitoring the ward."),
        (STARTER, "- rye starter: feed three times, then check the effect"),
    ],
)
def test_the_same_attempt_without_its_failure_is_collapsed(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == {"failure_history_collapsed"}
