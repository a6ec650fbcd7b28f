"""Failure-record readings revealed by the held-out round 8, one group per rule.

Each rule is tested in other words and domains than the triple that revealed it: drifts
it must catch and faithful restatements it must pass. No test reuses that triple's wording.
"""

from __future__ import annotations

from typing import Any

import pytest
from _prose_rules import codes, failure

from pytest_compaction.prose.summary import check_prose


def details(register: dict[str, Any], summary: str) -> list[str]:
    return [f"{v.code.value}: {v.detail}" for v in check_prose(register, summary).violations]


# -- an error named only beside the news that it stopped is no failure ------------------

OVEN = failure(
    "Recalibrating the oven thermostat did not help; the temperature warnings kept firing all night.",
    ["thermostat"],
    ["temperature warnings"],
)
MAILER = failure(
    "Switching the mailer to port 587 did not work: bounce reports still arrived every hour.",
    ["port 587"],
    ["bounce reports"],
)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (OVEN, "We recalibrated the oven thermostat and the temperature warnings have stopped since."),
        (OVEN, "Recalibrating the thermostat sorted it out: no more temperature warnings overnight."),
        (MAILER, "The mailer moved to port 587, which fixed the bounce reports."),
        (MAILER, "After the switch to port 587 there were zero bounce reports for the rest of the day."),
    ],
)
def test_an_error_told_as_over_does_not_keep_the_failure(register: dict[str, Any], summary: str) -> None:
    found = details(register, summary)
    assert found
    assert all(d.startswith("failure_history_collapsed") for d in found), found


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (OVEN, "Recalibrating the thermostat changed nothing: the temperature warnings kept firing."),
        (OVEN, "Recalibrating the oven thermostat did not help, and the temperature warnings never stopped."),
        (MAILER, "Port 587 was tried; bounce reports were still coming in every hour."),
        (MAILER, "Port 587 failed too: bounce reports every hour, none of them resolved yet."),
    ],
)
def test_an_error_that_outlived_the_attempt_keeps_the_failure(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set(), details(register, summary)


# -- a repeated failure told as a single one is collapsed --------------------------------

UPLOAD = failure(
    "The nightly backup upload to the archive bucket failed with AccessDenied, and the retry "
    "failed the same way.",
    ["backup upload"],
    ["AccessDenied"],
)
PRINTER = failure(
    "Printing the boarding passes on the kiosk jammed three times with error P-22.",
    ["boarding passes"],
    ["P-22"],
)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (UPLOAD, "The nightly backup upload failed once with AccessDenied; the team will retry it tonight."),
        (UPLOAD, "One backup upload attempt hit AccessDenied, and it failed a single time so far."),
        (PRINTER, "The kiosk failed twice on the boarding passes with error P-22."),
        (PRINTER, "Printing the boarding passes jammed once (P-22) before someone cleared the tray."),
    ],
)
def test_fewer_failed_attempts_than_recorded_is_collapsed(register: dict[str, Any], summary: str) -> None:
    found = details(register, summary)
    assert any("failed attempts" in d for d in found), found
    assert codes(register, summary) == {"failure_history_collapsed"}


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (UPLOAD, "The backup upload failed twice with AccessDenied: the first run and the retry both."),
        (UPLOAD, "Once the backup upload failed with AccessDenied, the retry failed as well."),
        (PRINTER, "Boarding passes: the kiosk jammed 3 times, each with error P-22."),
        (PRINTER, "The boarding passes jammed repeatedly on the kiosk (P-22, three times over)."),
    ],
)
def test_the_recorded_number_of_failures_passes(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set(), details(register, summary)


# -- a bullet under the attempt's own heading follows on from it -------------------------

GASKET = failure("The new gasket on pump 4 failed; the leak came back within a day.", ["gasket"])
IMPORT = failure("Rerunning the ledger import with batch size 500 timed out again.", ["batch size 500"])


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (GASKET, "Pump notes:\n- Fitted the new gasket on pump 4.\n- It failed: the leak came back."),
        (IMPORT, "### Attempts\n- Reran the ledger import with batch size 500.\n- It timed out again."),
    ],
)
def test_an_outcome_bullet_under_the_same_heading_tells_the_failure(
    register: dict[str, Any], summary: str
) -> None:
    assert codes(register, summary) == set(), details(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (GASKET, "Pump notes:\n- Fitted the new gasket on pump 4.\n- It is on order for a spare."),
        (
            IMPORT,
            "### Attempts\n- Reran the ledger import with batch size 500.\n- This is queued for tonight.",
        ),
    ],
)
def test_a_following_bullet_without_an_outcome_keeps_the_collapse(
    register: dict[str, Any], summary: str
) -> None:
    assert codes(register, summary) == {"failure_history_collapsed"}, details(register, summary)


# -- round 9: the next sentence takes the attempt up by a pronoun ("She tried it, but ...") ---

REFUND = failure(
    "The agent tried refunding the order to the gift card; the system rejected it with GC_EXPIRED.",
    ["gift card"],
    ["GC_EXPIRED"],
)


@pytest.mark.parametrize(
    "summary",
    [
        "Refund on the gift card was asked for. The agent tried it, but the system said GC_EXPIRED.",
        "Refund to the gift card was requested. Support attempted that and got GC_EXPIRED back.",
    ],
)
def test_a_following_sentence_that_tried_it_carries_the_failure(summary: str) -> None:
    assert codes(REFUND, summary) == set()


@pytest.mark.parametrize(
    "summary",
    [
        "The customer wanted the refund on the gift card. The agent will try it tomorrow.",
        "The customer wanted the refund on the gift card. The agent tried it and it went through.",
        "The customer wanted the refund on the gift card. The agent liked it. The system said GC_EXPIRED.",
    ],
)
def test_a_following_sentence_without_the_failure_keeps_the_collapse(summary: str) -> None:
    assert codes(REFUND, summary) == {"failure_history_collapsed"}


# -- the approach's own words ("the broken gate", "the failed batch") tell no outcome ----------

GATE = failure(
    "We phoned the council twice about the broken gate and got no answer.", ["broken gate"], ["no answer"]
)
BATCH = failure("Re-running the failed batch on the night shift crashed the loader again.", ["failed batch"])


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (GATE, "The council is to be phoned about the broken gate."),
        (GATE, "Next: ring the council about the broken gate, or write to them."),
        (BATCH, "The failed batch will be re-run on the night shift."),
    ],
)
def test_failure_words_inside_the_approach_tell_no_outcome(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == {"failure_history_collapsed"}


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (GATE, "Two calls to the council about the broken gate, no answer either time."),
        (BATCH, "The failed batch was re-run on the night shift and crashed the loader again."),
    ],
)
def test_an_outcome_beside_the_approach_still_tells_the_failure(
    register: dict[str, Any], summary: str
) -> None:
    assert codes(register, summary) == set()


# -- an error marker "no X" said another way: "without any X", "never got an X" ---------------

TRACKER = failure(
    "The GPS tracker was fitted to the trailer but sent no signal for two days.",
    ["GPS tracker"],
    ["no signal"],
)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (TRACKER, "The GPS tracker went two days on the trailer without any signal, so it failed."),
        (TRACKER, "We fitted the GPS tracker, but for two days we never got a signal and it failed."),
        (
            GATE,
            "Phoned the council twice about the broken gate; they failed to call, we didn't get an answer.",
        ),
    ],
)
def test_no_x_said_another_way_keeps_the_error(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (TRACKER, "The GPS tracker failed for two days; it never lost a signal, but the app froze."),
        (TRACKER, "The GPS tracker failed on the trailer without a warning."),
    ],
)
def test_another_absence_or_a_kept_signal_is_not_no_x(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == {"marker_missing"}
