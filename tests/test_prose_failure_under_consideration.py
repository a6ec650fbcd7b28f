"""An attempt told as "under consideration" or "under review" is only considered: the
failure it had is lost (``failure_history_collapsed``), even when the summary names what
it failed with as something still to be ruled out."""

from __future__ import annotations

from _prose_rules import codes, failure

KILN = failure(
    "The second-hand kiln was fired on Thursday; its thermocouple failed at 900 degrees.",
    ["second-hand kiln"],
    ["thermocouple"],
)


def test_a_failed_attempt_told_as_under_consideration_loses_its_failure() -> None:
    found = codes(
        KILN,
        "Studio: the second-hand kiln is under consideration, once the thermocouple is checked.",
    )
    assert "failure_history_collapsed" in found
    found = codes(KILN, "Studio: the second-hand kiln remains under review; thermocouple to be tested.")
    assert "failure_history_collapsed" in found


def test_the_failure_told_as_it_happened_passes() -> None:
    assert (
        codes(
            KILN,
            "Studio: the second-hand kiln was fired Thursday, but its thermocouple failed at 900 degrees.",
        )
        == set()
    )
