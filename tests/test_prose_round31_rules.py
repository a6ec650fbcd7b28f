"""Round 31's rules of English (formal agreements; number-dense material), each tested in
other words than the held-out set that showed the need:

- a metric amount converted to another unit of its kind ("750 mg" for "0.75 g", "3.65
  MWh" for "3,650 kWh") is the same amount; a unit of another kind is another value.
"""

from __future__ import annotations

import pytest
from _prose_rules import failure, passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.modality import imperative
from pytest_compaction.prose.normalize import tokens
from pytest_compaction.prose.summary import check_prose
from tests._prose_facts import events, fact, names, replaced


@pytest.mark.parametrize(
    ("source_value", "restated", "drifted"),
    [
        ("0.75 g", "750 mg", "75 mg"),
        ("3,650 kWh", "3.65 MWh", "36.5 MWh"),
        ("1.5 litres", "1,500 ml", "150 ml"),
        ("3 km", "3,000 metres", "300 metres"),
    ],
)
def test_a_metric_amount_converted_to_another_unit_is_kept(
    source_value: str, restated: str, drifted: str
) -> None:
    ledger = fact(
        f"The amount on the label is {source_value}.",
        "label.amount",
        source_value,
        {"names": ["label"], "value": [source_value]},
    )
    assert names(ledger, f"The label gives {restated}.") == ()
    assert names(ledger, f"The label gives {drifted}.") == ("f1:value_changed",)


def test_a_unit_of_another_kind_is_still_another_value() -> None:
    ledger = fact("Give 5 ml of the syrup.", "syrup.dose", "5 ml", {"names": ["syrup"], "value": ["5 ml"]})
    assert names(ledger, "Give 5 mg of the syrup.") == ("f1:value_changed",)


@pytest.mark.parametrize(
    ("written", "norm"),
    [
        ("2½ cups of stock", "#2.5"),
        ("¾ tsp salt", "#0.75"),
        ("1 1/2 tsp salt", "#1.5"),
        ("3/4 of a cup", "#0.75"),
        ("three-quarters of a cup", "#0.75"),
        ("two thirds of a pint", "#0.667"),
        ("⅔ pint", "#0.667"),
        ("a quarter of a mile", "#0.25"),
    ],
)
def test_a_fraction_reads_as_its_decimal_however_written(written: str, norm: str) -> None:
    assert norm in [t.norm for t in tokens(written)]


@pytest.mark.parametrize("written", ["a quarter past nine", "the third of May", "scored 3/4 on the quiz"])
def test_a_clock_a_date_or_a_score_is_no_fraction(written: str) -> None:
    assert not any(t.norm in ("#0.25", "#0.333", "#0.75") for t in tokens(written))


def test_a_fraction_restated_in_another_form_keeps_the_value() -> None:
    ledger = fact(
        "Add 2½ cups of stock to the risotto.",
        "risotto.stock_cups",
        2.5,
        {"names": ["stock"], "value": ["2½ cups"]},
    )
    assert names(ledger, "Risotto: two and a half cups of stock.") == ()
    assert names(ledger, "Risotto: 2 1/2 cups of stock.") == ()
    assert names(ledger, "Risotto: 3 1/2 cups of stock.") == ("f1:value_changed",)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("three times weekly", "three times a week"),
        ("twice daily", "twice a day"),
        ("250 mg BID", "250 mg twice a day"),
        ("5 ml TDS", "5 ml three times a day"),
        ("20 mg OD", "20 mg once a day"),
        ("a fortnight", "14 days"),
        ("two fortnights", "four weeks"),
    ],
)
def test_a_period_written_two_ways_reads_the_same(one: str, other: str) -> None:
    strip = {"a", "an"}
    assert [t.norm for t in tokens(one) if t.norm not in strip] == [
        t.norm for t in tokens(other) if t.norm not in strip
    ]


@pytest.mark.parametrize(
    "written", ["the OD team", "a bid for the flat", "once a fortnight", "every fortnight"]
)
def test_words_that_only_look_like_dosing_or_a_count_stay_words(written: str) -> None:
    assert "~day" not in [t.norm for t in tokens(written)]


def test_a_count_of_days_kept_as_a_fortnight() -> None:
    ledger = fact(
        "The loan bike is ours for 14 days.",
        "bike.loan_days",
        14,
        {"names": ["loan bike"], "value": ["14 days"]},
    )
    assert names(ledger, "The loan bike is ours for a fortnight.") == ()
    assert names(ledger, "The loan bike is ours for 10 days.") == ("f1:value_changed",)


def test_in_after_a_number_before_a_bracket_is_inches() -> None:
    assert [t.norm for t in tokens("a 30 cm (12 in) pan")][-3:] == ["#12", "~inch", "pan"]
    assert "~inch" not in [t.norm for t in tokens("put 12 in the tin")]
    ledger = fact(
        "The cake tin is a 12-inch square.",
        "bake.tin_inches",
        12,
        {"names": ["tin"], "value": ["12-inch"]},
    )
    assert names(ledger, "Tin: a 30 cm (12 in) square.") == ()


@pytest.mark.parametrize(
    ("written", "norms"),
    [
        ("a third-pint glass", ["#0.333", "~pint"]),
        ("a half-pint", ["#0.5", "~pint"]),
        ("served in thirds of a pint", ["#0.333", "~pint"]),
        ("six or more hours", ["#21600", "or"]),
    ],
)
def test_parts_of_a_unit_and_open_bounds_keep_their_amount(written: str, norms: list[str]) -> None:
    read = [t.norm for t in tokens(written)]
    assert all(n in read for n in norms)


def test_the_third_floor_keeps_its_ordinal() -> None:
    assert "#3" in [t.norm for t in tokens("the third-floor flat")]


def test_a_wait_of_at_least_n_hours_kept_as_n_or_more_hours() -> None:
    register = rule(
        "Staff may reopen the pool only if at least 6 hours have passed since the chlorine shock.",
        ["pool"],
        "permission_with_condition",
    )
    assert passes(
        register,
        "Staff can reopen the pool, but only once six or more hours have passed since the chlorine shock.",
    )
    assert weakened(
        register,
        "Staff can reopen the pool, but only once two or more hours have passed since the chlorine shock.",
    )


def test_insists_on_tells_the_source() -> None:
    ledger = events("We are hosting 12 guests on Saturday.")
    ledger.event(
        "e2",
        "Pasted from a party-planning site: 'Always serve at least three canapés per guest.'",
        trust="untrusted",
    )
    assert (
        names(
            ledger,
            "12 guests Saturday. A party-planning site the user pasted insists on three canapés per guest.",
        )
        == ()
    )
    assert names(ledger, "12 guests on Saturday. Always serve at least three canapés per guest.") == (
        "trust_elevated",
    )


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("Store freshly baked loaves in the bread bin.", "store"),
        ("Water newly planted hedging twice a week.", "water"),
        ("Freshly baked loaves are kept in the bread bin.", None),
        ("Newly planted hedging needs water twice a week.", None),
    ],
)
def test_an_adverb_on_a_participle_opens_a_command_object(text: str, verb: str | None) -> None:
    assert imperative(text) == verb


def test_a_level_never_reached_records_a_failure() -> None:
    register = failure(
        "Turning the boiler up to 70 °C was tried for a week; the hot tap never got hotter than 38 °C.",
        ["boiler"],
    )
    kept = "The boiler at 70 °C was already tried for a week, and the hot tap never got hotter than 38 °C."
    assert check_prose(register, kept).ok
    assert not check_prose(
        register, "One option is turning the boiler up to 70 °C for a week to see if the tap gets hotter."
    ).ok


def _rent() -> Ledger:
    texts = ("The asking rent for the flat is 1,250 euros.", "We settled on 1,180 euros a month.")
    return replaced(texts, "flat.rent", ["rent"], (1250, "1,250 euros"), (1180, "1,180 euros"))


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("The agreed rent shall be 1,180 euros, in lieu of the asking figure of 1,250 euros.", ()),
        ("The rent is 1,180 euros in place of the advertised 1,250 euros.", ()),
        (
            "The agreed rent shall be 1,250 euros; a figure of 1,180 euros was discussed.",
            ("f1:forbidden_superseded_fact",),
        ),
        ("The signed rent is 1,250 euros.", ("f1:forbidden_superseded_fact", "f2:value_changed")),
    ],
)
def test_in_lieu_of_replaces_and_an_attributive_participle_tells_no_history(
    summary: str, expected: tuple[str, ...]
) -> None:
    assert names(_rent(), summary) == expected


def test_optional_before_a_plural_noun_describes_it() -> None:
    register = rule("List optional add-ons separately on every invoice.", ["add-ons"], "obligation")
    assert passes(register, "Optional add-ons must always be listed separately on every invoice.")
    assert weakened(register, "Optional add-ons may be listed separately on invoices where convenient.")
    assert weakened(rule("Attach photos to every claim.", ["photos"], "obligation"), "Photos are optional.")


def test_no_questions_asked_reports_nobody() -> None:
    ledger = events("The stall sells 40 jars of honey a week.")
    ledger.event(
        "e2",
        "Market bot: 'Traders must refund any jar within 7 days, no questions asked.'",
        trust="untrusted",
    )
    assert names(
        ledger, "40 jars a week. The stall must refund any jar within 7 days, no questions asked."
    ) == ("trust_elevated",)
    assert names(ledger, "40 jars a week. The market bot says traders must refund jars within 7 days.") == ()


def test_a_subject_line_asserts_nothing() -> None:
    ledger = events("Harbour Kayaks might add a sunset tour in June, pending insurance.")
    assert (
        names(
            ledger, "Re: Harbour Kayaks summer tours. A sunset tour may be added in June, pending insurance."
        )
        == ()
    )
    assert names(ledger, "Harbour Kayaks has added a sunset tour in June.") == ("unsupported_fact",)
