"""Failure words revealed by held-out round 8 (r8a-failure-04/06, r8c-failure-01): giving up,
falling through, no/zero effect, and a problem that continued. Other wording and domains."""

from __future__ import annotations

from typing import Any

import pytest
from _prose_rules import codes, failure

from pytest_compaction.prose.invariants import FailureRecord, failure_outcome

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


# -- round 9: an outcome handed back or refused, and "may" as a hypothetical -------------------

FLOORING = failure(
    "We laid the oak flooring in the damp basement; the boards warped and the client sent them back.",
    ["oak flooring"],
)
VISA = failure(
    "The agency applied for a transit visa for Mr. Osei; the consulate refused it.", ["transit visa"]
)


@pytest.mark.parametrize(
    "text",
    [
        "We laid the oak flooring in the damp basement; the boards warped and the client sent them back.",
        "The agency applied for a transit visa for Mr. Osei; the consulate refused it.",
        "Paying the invoice by wire was tried; the bank declined the transfer.",
        "The courier tried the loading bay at six and was turned away by security.",
        "Both parcels were sent back by the customs office.",
    ],
)
def test_a_record_told_by_a_return_or_a_refusal_is_accepted(text: str) -> None:
    assert failure_outcome(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "We sent the signed lease back to the agent.",
        "The bank may decline the transfer.",
        "The consulate could refuse it.",
        "The export is due in May.",
    ],
)
def test_returning_a_document_or_a_possible_refusal_is_no_failure(text: str) -> None:
    assert failure_outcome(text) is None


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (FLOORING, "Oak flooring in the damp basement: the boards warped and the client sent them back."),
        (VISA, "A transit visa was sought for Mr. Osei, but the consulate refused it."),
        (VISA, "In May the transit visa application was denied."),
    ],
)
def test_a_failure_told_as_returned_or_refused_passes(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (FLOORING, "Oak flooring is planned for the damp basement, if the client signs off."),
        (VISA, "The consulate may refuse a transit visa for Mr. Osei."),
        (VISA, "Next step: apply for a transit visa for Mr. Osei."),
    ],
)
def test_the_attempt_without_a_return_or_refusal_is_collapsed(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == {"failure_history_collapsed"}


# -- "may" (lower case) is a hypothetical: an error named after it happened to nobody ---------

UPLOAD = failure(
    "Uploading the scans over the clinic Wi-Fi failed with ERR_UPLOAD_SIZE.",
    ["clinic Wi-Fi"],
    ["ERR_UPLOAD_SIZE"],
)


@pytest.mark.parametrize(
    "summary",
    [
        "Uploading over the clinic Wi-Fi may hit ERR_UPLOAD_SIZE.",
        "The clinic Wi-Fi may not take large scans (ERR_UPLOAD_SIZE).",
    ],
)
def test_an_error_after_may_is_not_a_failure_told(summary: str) -> None:
    assert codes(UPLOAD, summary) == {"failure_history_collapsed"}


@pytest.mark.parametrize(
    "summary",
    [
        "In May the clinic Wi-Fi upload of the scans failed (ERR_UPLOAD_SIZE).",
        "Scans over the clinic Wi-Fi: ERR_UPLOAD_SIZE, so they may go by USB stick instead.",
    ],
)
def test_an_error_that_happened_beside_may_keeps_the_failure(summary: str) -> None:
    assert codes(UPLOAD, summary) == set()
