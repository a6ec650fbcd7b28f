"""Round 19's rules of English, each tested in other words than the held-out set that
showed the need:

- a span of days in one month gives each end the month ("4-8 Aug", "Aug 4-8", "from 4 to
  8 August"), while "4 to 8 people" stays two numbers;
- a newer value left unconfirmed ("was floated but has not been approved") does not stand,
  so the old value stated as current is ``forbidden_superseded_fact``;
- "later today", "soon" and "shortly" frame a plan told in the present;
- "wks", "yrs", "x2", "2x/day", "x3/week" and "3 walks/day" are the units and counts of
  times they abbreviate;
- a name found in its source with modifiers between its words ("the old green Hallam
  logo" for "green logo") tells the fact's polarity;
- an offer ("offers to book it") does not settle the act offered, but "had offered" tells
  the offer itself;
- forbidding an omission ("never skip", "don't forget to") is a duty, and a duty told
  that way keeps it;
- a bare verb, its object and a clause of time ("Scan the badge before opening the gate")
  is a command;
- a condition that holds the rule's own subject ("lend a spare bike only if the plan
  includes the spare bike cover") is checked by its other words;
- what was made thrown away ("we binned two batches", "went back to the old glue") is an
  attempt's failure.
"""

from __future__ import annotations

import pytest
from _prose_rules import codes, failure, passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.modality import imperative
from pytest_compaction.prose.normalize import tokens
from tests._prose_facts import events, fact, names


def _norms(text: str) -> list[str]:
    return [t.norm for t in tokens(text)]


@pytest.mark.parametrize(
    ("span", "first", "last"),
    [
        ("11-15 Mar", "%3-11", "%3-15"),
        ("11\u201315 March", "%3-11", "%3-15"),
        ("Mar 11-15", "%3-11", "%3-15"),
        ("from 11 to 15 March", "%3-11", "%3-15"),
        ("March 11 until 15", "%3-11", "%3-15"),
        ("11th\u201315th March", "%3-11", "%3-15"),
    ],
)
def test_each_end_of_a_span_of_days_takes_the_month(span: str, first: str, last: str) -> None:
    dates = [n for n in _norms(span) if n.startswith("%")]
    assert dates == [first, last]


@pytest.mark.parametrize("text", ["11 to 15 people", "Mar 11 to 15 guests", "on 15-11 March", "ages 4-8"])
def test_numbers_that_are_no_span_of_days_stay_numbers(text: str) -> None:
    assert len([n for n in _norms(text) if n.startswith("%") and "-" in n]) <= 1


def _moved() -> Ledger:
    ledger = events(
        "The boiler service is booked for 3 March.", "We have moved the boiler service to 19 March."
    )
    ledger.fact(
        "f1",
        "home.boiler_service",
        "03-03",
        sources=["e1"],
        prose={"names": ["boiler service"], "value": ["3 March"]},
    )
    ledger.fact(
        "f2",
        "home.boiler_service",
        "03-19",
        sources=["e2"],
        prose={"names": ["boiler service"], "value": ["19 March"]},
    )
    ledger.supersede("f1", "f2")
    return ledger


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("The boiler service, initially set for 2-3 Mar, now takes place on 19 March.", ()),
        ("Boiler service: moved from 3 Mar to 19-20 Mar.", ()),
        (
            "The boiler service is on 3 March; 19 March was floated but has not been approved.",
            ("f1:forbidden_superseded_fact",),
        ),
        (
            "The boiler service is on 3 March; a move to 19 March is unconfirmed.",
            ("f1:forbidden_superseded_fact",),
        ),
    ],
)
def test_a_newer_value_left_unconfirmed_does_not_stand(summary: str, expected: tuple[str, ...]) -> None:
    found = names(_moved(), summary)
    assert found == expected if not expected else set(expected) <= set(found)


def test_a_plan_told_in_the_present_with_later_today_is_no_settled_fact() -> None:
    ledger = events("The courier will collect the parcel later today.")
    assert names(ledger, "Parcel: to be collected by the courier later today.") == ()
    assert names(ledger, "Parcel: the courier collected it.") == ("unsupported_fact",)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("3 wks", "21 days"),
        ("2 yrs", "24 months"),
        ("x2", "twice"),
        ("2x", "twice"),
        ("x3/week", "three times per week"),
        ("2x/day", "twice per day"),
        ("3 walks/day", "3 walks per day"),
    ],
)
def test_note_form_units_and_counts_of_times(one: str, other: str) -> None:
    assert _norms(one) == _norms(other)


@pytest.mark.parametrize("text", ["the X2 model", "and/or", "tea/coffee", "Tuesday/Thursday"])
def test_shorthand_that_is_no_count_of_times(text: str) -> None:
    assert "~time" not in _norms(text)
    assert "per" not in _norms(text)


_INHALER = fact(
    "She uses her inhaler twice a day.",
    "health.inhaler_per_day",
    2,
    {"names": ["inhaler"], "value": ["twice"]},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("inhaler x2/day", ()),
        ("Inhaler: 2x daily.", ()),
        ("inhaler x3/day", ("f1:value_changed",)),
        ("inhaler once daily", ("f1:value_changed",)),
    ],
)
def test_a_count_of_times_in_note_form_states_the_value(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_INHALER, summary) == expected


_LOGO = fact(
    "Do not print the old green Hallam Books logo on anything new.",
    "brand.hallam_old_logo_allowed",
    False,
    {"names": ["green logo"]},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Hallam Books: never use the green logo on new work.", ()),
        ("Hallam Books: the green logo is fine for new work.", ("f1:value_changed",)),
    ],
)
def test_a_name_with_modifiers_between_its_words_in_the_source_tells_the_polarity(
    summary: str, expected: tuple[str, ...]
) -> None:
    assert names(_LOGO, summary) == expected


def test_an_offer_settles_nothing_but_a_told_offer_is_told() -> None:
    ledger = events("Assistant: Would you like me to book the follow-up scan?")
    assert names(ledger, "The assistant offers to book the follow-up scan.") == ()
    doubted = events("The seller might offer to lower the asking price.")
    assert names(doubted, "The seller has offered to lower the asking price.") == ("unsupported_fact",)


_DOSE = rule("Never skip the morning thyroxine tablet.", ["thyroxine"], "prohibition")


@pytest.mark.parametrize(
    "summary",
    [
        "Morning thyroxine: always taken.",
        "The thyroxine tablet must be taken every morning.",
        "Never miss thyroxine.",
    ],
)
def test_forbidding_an_omission_is_kept_as_a_duty(summary: str) -> None:
    assert passes(_DOSE, summary)


@pytest.mark.parametrize(
    "summary",
    ["Morning thyroxine: always skipped on fasting days.", "Thyroxine can be skipped in the morning."],
)
def test_a_duty_to_leave_it_out_flips_it(summary: str) -> None:
    assert weakened(_DOSE, summary)


def test_a_duty_is_kept_by_forbidding_its_omission() -> None:
    register = rule("Always log the glucose reading after meals.", ["glucose"], "obligation")
    assert passes(register, "Never forget to log the glucose reading after meals.")
    assert weakened(register, "Never log the glucose reading after meals.")
    told_as_omission = rule("Never forget to lock the glucose fridge.", ["glucose"], "obligation")
    assert passes(told_as_omission, "The glucose fridge must always be locked.")


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("Scan the badge before opening the gate.", "scan"),
        ("Log the resident's BP after each dose.", "log"),
        ("Wash before use.", "wash"),
        ("loading bay: fire door open after deliveries", None),
        ("Confirm patient DOB before every dose.", "confirm"),
        ("Payment before delivery is required.", None),
    ],
)
def test_a_verb_its_object_and_a_clause_of_time_is_a_command(text: str, verb: str | None) -> None:
    assert imperative(text) == verb


_LIFT = rule(
    "You may raise the deadlift weight only when 4 sets of 10 reps are done without pain.",
    ["deadlift"],
    "permission_with_condition",
)


def test_a_condition_kept_in_its_own_words() -> None:
    assert passes(_LIFT, "Deadlift weight can go up only once 4 sets of 10 reps are done without pain.")
    assert weakened(_LIFT, "Deadlift weight can go up every week.")
    assert weakened(_LIFT, "Deadlift weight can go up only once 3 sets of 10 reps are done without pain.")


_CAR = rule(
    "Staff may lend a spare bike only if the member's plan includes the spare bike cover.",
    ["spare bike"],
    "permission_with_condition",
)


@pytest.mark.parametrize(
    ("summary", "kept"),
    [
        ("Staff can lend a spare bike only when the member's plan has the spare bike cover.", True),
        ("Staff can lend a spare bike whenever the member's own bike is in for repair.", False),
        ("Staff can lend a spare bike to any member.", False),
    ],
)
def test_a_condition_that_holds_the_rules_subject_is_checked_by_its_other_words(
    summary: str, kept: bool
) -> None:
    assert passes(_CAR, summary) is kept


_RESIN = failure(
    "We tried the cheaper Harlow resin for the benches in June; the joints cracked and we scrapped it.",
    ["Harlow resin"],
)


@pytest.mark.parametrize(
    ("summary", "collapsed"),
    [
        ("Tried Harlow resin for the benches (June): batch scrapped.", False),
        ("Tried Harlow resin for the benches in June and went back to the old glue.", False),
        ("Harlow resin was considered for the benches; the idea was scrapped.", True),
        ("Harlow resin: possible option for the benches.", True),
    ],
)
def test_what_was_made_thrown_away_is_an_attempts_failure(summary: str, collapsed: bool) -> None:
    assert ("failure_history_collapsed" in codes(_RESIN, summary)) is collapsed


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("suspended", "suspension"),
        ("extended", "extension"),
        ("permitted", "permission"),
        ("decided", "decision"),
    ],
)
def test_a_sion_noun_is_its_verbs(one: str, other: str) -> None:
    from pytest_compaction.prose.normalize import derived, stem

    assert stem(other) in derived(stem(one))
    assert stem(one) in derived(stem(other))


def test_tend_is_no_tension() -> None:
    from pytest_compaction.prose.normalize import derived, stem

    assert "tension" not in derived(stem("tend"))


_DEPOSIT = fact(
    "We take a 50 percent deposit up front.",
    "shop.deposit_percent",
    50,
    {"names": ["deposit"], "value": ["50 percent"]},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Deposit: half up front.", ()),
        ("Deposit: 50% up front.", ()),
        ("Deposit: 25% up front.", ("f1:value_changed",)),
    ],
)
def test_half_states_fifty_percent(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_DEPOSIT, summary) == expected


_LIFT_SCOPE = fact(
    "The goods lift is not part of this maintenance window.",
    "site.goods_lift_in_scope",
    False,
    {"names": ["goods lift"], "polarity": "negative"},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("The goods lift is out of scope for this maintenance window.", ()),
        ("The goods lift is part of this maintenance window.", ("f1:value_changed",)),
    ],
)
def test_out_of_and_a_bare_noun_negates_the_subject(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_LIFT_SCOPE, summary) == expected
