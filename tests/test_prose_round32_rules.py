"""Round 32's rules of English (crowded casts; degrees of certainty), each tested in other
words than the held-out set that showed the need:

- a passive refusal after a name of several words ("a move out of it this year is ruled
  out") negates the name, as it does a one-word name.
"""

from __future__ import annotations

import pytest
from _prose_rules import failure, passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose import _text
from pytest_compaction.prose.summary import check_prose
from tests._prose_facts import events, fact, names, replaced


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


def _buses() -> Ledger:
    ledger = events(
        "Both minibuses leave the depot at 8:15.",
        "Update: Ms Farah's minibus now leaves at 7:45; Mr Farrow's still leaves at 8:15.",
    )
    prose_a = {"names": ["minibus", "leaves"], "subject": ["Farah"]}
    prose_b = {"names": ["minibus", "leaves"], "subject": ["Farrow"]}
    ledger.fact("f1", "trip.farah_bus", "08:15", sources=["e1"], prose={**prose_a, "value": ["8:15"]})
    ledger.fact("f2", "trip.farah_bus", "07:45", sources=["e2"], prose={**prose_a, "value": ["7:45"]})
    ledger.fact("f3", "trip.farrow_bus", "08:15", sources=["e1"], prose={**prose_b, "value": ["8:15"]})
    ledger.supersede("f1", "f2")
    return ledger


_MOVED = "Farah's minibus now leaves at 7:45 (moved from 8:15) for its earlier slot; Farrow's leaves at 8:15."
_KEPT_OLD = (
    "Farah's minibus leaves at 8:15, with a possible move to 7:45 for its earlier slot;"
    " Farrow's still leaves at 8:15."
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        (_MOVED, ()),
        (_KEPT_OLD, ("f1:forbidden_superseded_fact",)),
        ("Minibuses: Farah 8:15 -> 7:45; Farrow 8:15.", ()),
    ],
)
def test_a_value_is_read_beside_its_own_subject(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_buses(), summary) == expected


def test_a_bare_move_or_change_tells_no_history() -> None:
    texts = ("The yoga class is at 6 pm.", "Change: the yoga class is at 7 pm now.")
    ledger = replaced(texts, "yoga.time", ["yoga"], ("18:00", "6 pm"), ("19:00", "7 pm"))
    assert names(ledger, "Yoga is at 6 pm; a move to 7 pm is possible.") == ("f1:forbidden_superseded_fact",)
    assert names(ledger, "Yoga moved from 6 pm to 7 pm.") == ()


def test_a_subject_named_as_the_exception_gets_the_opposite() -> None:
    ledger = fact(
        "All the flatmates are coming to the barbecue except Jonas, who is working.",
        "house.jonas_barbecue",
        False,
        {"names": ["barbecue"], "subject": ["Jonas"], "polarity": "negative"},
    )
    assert names(ledger, "Barbecue: the whole flat is coming apart from Jonas (working).") == ()
    assert names(ledger, "Barbecue: apart from Jonas, who is working, everyone comes.") == ()
    assert names(ledger, "Barbecue: the whole flat is coming, Jonas included.") == ("f1:value_changed",)


def test_a_negator_reaches_its_verb_past_a_bracketed_list() -> None:
    ledger = fact(
        "Neither trainee, Ana or Leo, may sign off invoices.",
        "office.trainees_sign_off",
        False,
        {"names": ["sign off"], "subject": ["trainee", "Ana", "Leo"], "polarity": "negative"},
    )
    assert names(ledger, "Neither trainee (Ana, Leo) signs off invoices.") == ()
    assert names(ledger, "Each trainee (Ana, Leo) signs off invoices.") == ("f1:value_changed",)


def test_a_role_before_if_is_held_and_only_its_use_is_conditioned() -> None:
    ledger = events("Kofi is on the rota this week; his colleague Mara is backup if he is ill.")
    assert names(ledger, "This week: Kofi on the rota, his colleague Mara as backup.") == ()
    doubted = events("Kofi might be on the rota this week if Mara is ill.")
    assert names(doubted, "This week: Kofi on the rota.") == ("unsupported_fact",)


def test_never_anyone_but_is_kept_as_only_those() -> None:
    register = rule(
        "Never let anyone but Priya and Tom into the server cupboard.", ["server cupboard"], "prohibition"
    )
    assert passes(register, "Server cupboard: only Priya and Tom are ever allowed in.")
    assert weakened(register, "Server cupboard: usually only Priya and Tom are allowed in.")
    assert weakened(register, "Server cupboard: Priya, Tom and the cleaners are allowed in.")


def test_always_from_is_kept_as_never_other_than_from() -> None:
    register = rule("Always pay the venue deposit from the club account.", ["venue deposit"], "obligation")
    assert passes(register, "Venue deposit: never paid any way other than from the club account.")
    assert weakened(register, "Venue deposit: rarely paid any way other than from the club account.")


def test_a_state_that_held_on_tells_a_failed_attempt() -> None:
    register = failure(
        "Dad already tried resetting the router before calling the provider; it stayed offline.", ["router"]
    )
    assert passes(
        register, "Internet: Dad already reset the router and it stayed offline; the provider was called."
    )
    assert not passes(
        register, "Internet: one option is for Dad to reset the router; the provider was called."
    )
