"""A qualifier told as an age band or a bare hour is kept however the summary writes it:
"under-10s", "the under-tens" and "under 10" are one band, "over-70s" is "over 70"; a bare
hour after a word that places a time ("after 6") is kept by that hour on the clock in
either half ("after 6 pm", "after 18:00"), but not by another hour or an unbounded time."""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose


def _pool() -> Ledger:
    ledger = Ledger(tenant_id="t-leisure", subject_id="pool")
    ledger.event("e1", "Lane swims cost four pounds, but only for under tens, and only after six.")
    ledger.fact(
        "f-swim",
        "pool.lane_swim_price",
        4,
        sources=["e1"],
        qualifiers={"age": "under ten", "time": "after six"},
        prose={
            "names": ["lane swims", "lane swim"],
            "value": ["four pounds"],
            "qualifiers": {"age": ["under ten", "under 10"], "time": ["after six", "after 6"]},
        },
    )
    return ledger


@pytest.mark.parametrize(
    "faithful",
    [
        "Lane swims are four pounds for under-10s after 6 pm.",
        "Lane swims: four pounds, the under-tens only, after 18:00.",
        "Lane swims cost four pounds for Under-10s, after 6.",
        "Lane swims cost four pounds for the under tens after six in the evening.",
    ],
)
def test_an_age_band_or_an_hour_on_the_clock_keeps_the_qualifier(faithful: str) -> None:
    assert check_facts_in_prose(_pool(), faithful).names == ()


@pytest.mark.parametrize(
    ("drifted", "lost"),
    [
        ("Lane swims are four pounds for under-10s after 7 pm.", "time"),
        ("Lane swims are four pounds for under-12s after 6 pm.", "age"),
        ("Lane swims are four pounds for over-10s after 6 pm.", "age"),
        ("Lane swims are four pounds for under-10s at any time.", "time"),
    ],
)
def test_another_band_or_hour_drops_the_qualifier(drifted: str, lost: str) -> None:
    verdict = check_facts_in_prose(_pool(), drifted)
    assert verdict.names == ("f-swim:qualifiers_changed",)
    assert f"{lost}:" in verdict.violations[0].detail
