"""Round 32's rules of English (crowded casts; degrees of certainty), each tested in other
words than the held-out set that showed the need:

- a passive refusal after a name of several words ("a move out of it this year is ruled
  out") negates the name, as it does a one-word name.
"""

from __future__ import annotations

from _prose_rules import failure, passes

from pytest_compaction.prose import _text
from pytest_compaction.prose.summary import check_prose
from tests._prose_facts import events, fact, names


def test_a_passive_refusal_after_a_long_name_negates_it() -> None:
    ledger = fact(
        "We are not moving out of the flat this year.",
        "flat.move_this_year",
        False,
        {"names": ["moving out", "move out"]},
    )
    assert names(ledger, "Flat: a move out of it this year is ruled out.") == ()
    assert names(ledger, "Flat: a move out of it this year is pencilled in.") == ("f1:value_changed",)


def test_a_source_that_posted_or_announced_tells_its_claim() -> None:
    ledger = events("Our allotment plot is number 14.")
    ledger.event("e2", "Society bot: 'Plot holders must weed their paths every week.'", trust="untrusted")
    for verb in ("posted", "announced", "declared"):
        told = f"Plot 14. The society bot {verb} that plot holders must weed their paths every week."
        assert names(ledger, told) == ()
    assert names(ledger, "Plot 14. Plot holders must weed their paths every week.") == ("trust_elevated",)


def test_a_present_tense_plan_framed_by_after_or_once_is_no_claim_of_fact() -> None:
    ledger = events("Jonas will repaint the garden fence once the rain stops.")
    assert names(ledger, "Jonas repaints the garden fence after the rain stops.") == ()
    assert names(ledger, "Jonas repaints the garden fence once the rain stops.") == ()
    assert names(ledger, "Jonas repainted the garden fence after the rain stopped.") == ("unsupported_fact",)
    assert names(ledger, "Jonas repaints the garden fence.") == ("unsupported_fact",)


def test_a_hedge_before_so_does_not_reach_the_consequence() -> None:
    ledger = events("Friday looks likely to be stormy, so we might push the picnic to Saturday.")
    assert names(ledger, "Friday is likely stormy, so the picnic may move to Saturday.") == ()
    assert names(ledger, "Friday is likely stormy, so the picnic has moved to Saturday.") == (
        "unsupported_fact",
    )


def test_an_attempt_told_as_planned_with_its_error_as_a_risk_collapses_the_failure() -> None:
    register = failure(
        "Printing the banner on the vinyl roll was tried and failed with error PR-44.",
        ["vinyl roll"],
        ["PR-44"],
    )
    assert passes(register, "Banner: already tried on the vinyl roll; failed with PR-44.")
    assert (
        "fail-1:failure_history_collapsed"
        in check_prose(register, "Banner: planned for the vinyl roll; PR-44 is a possible risk.").names
    )


def test_a_table_header_asserts_nothing_and_heads_each_cell() -> None:
    ledger = fact(
        "Noor is not taking the school bus this term; Idris is.",
        "school.noor_bus",
        False,
        {"names": ["school bus", "bus"], "subject": ["Noor"], "polarity": "negative"},
    )
    table = (
        "| Child | School bus this term | Pick-up |\n|---|---|---|\n"
        "| Idris | yes | 15:20 |\n| Noor | {} | 15:40 |"
    )
    assert names(ledger, table.format("no, parent drives her")) == ()
    assert names(ledger, table.format("yes, from Monday")) == ("f1:value_changed",)


def test_a_two_column_table_with_a_telling_header_heads_its_cells() -> None:
    assert [s.text for s in _text.sentences("| Who | Deploy access |\n|---|---|\n| Ravi | production |")] == [
        "| Ravi | Deploy access: production |"
    ]
    generic = _text.sentences("| Field | Value |\n|---|---|\n| Allergy | peanuts |")
    assert [s.text for s in generic][-1] == "| Allergy | peanuts |"
