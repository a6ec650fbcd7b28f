"""Rules of English revealed by held-out round 11 (fix11a), each tested in other words.

No test reuses the wording, domain or values of the triple that revealed its rule: each
rule has drifted summaries it must catch and faithful ones it must pass.
"""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose
from pytest_compaction.prose.normalize import stem, tokens
from pytest_compaction.prose.statements import read_statements


def norms(text: str) -> list[str]:
    return [t.norm for t in tokens(text)]


def one(text: str, value: object, prose: dict[str, object]) -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", text)
    ledger.fact("f1", "x.y", value, sources=["e1"], prose=prose)  # type: ignore[arg-type]
    return ledger


def said(*texts: str) -> Ledger:
    """A conversation of user turns and no facts."""
    ledger = Ledger(tenant_id="t", subject_id="s")
    for i, text in enumerate(texts, start=1):
        ledger.event(f"e{i}", text)
    return ledger


# -- "not to" + a verb negates it; "not to mention" adds -----------------------------------


def _ducks() -> Ledger:
    return one("Visitors are not to feed the ducks by the pond.", False, {"names": ["feed", "ducks"]})


def _contracts() -> Ledger:
    return one(
        "The intern was told not to sign any supplier contracts.", False, {"names": ["sign", "contracts"]}
    )


@pytest.mark.parametrize(
    ("ledger", "drifted"),
    [
        (_ducks, "Visitors may feed the ducks by the pond."),
        (_ducks, "Feeding the ducks by the pond is fine."),
        (_contracts, "The intern signs the supplier contracts."),
    ],
)
def test_not_to_before_a_verb_is_the_facts_negation_so_a_positive_restatement_is_caught(
    ledger: object, drifted: str
) -> None:
    assert "f1:value_changed" in check_facts_in_prose(ledger(), drifted).names  # type: ignore[operator]


@pytest.mark.parametrize(
    ("ledger", "faithful"),
    [
        (_ducks, "Visitors must not feed the ducks by the pond."),
        (_ducks, "No feeding the ducks by the pond."),
        (_contracts, "The intern may not sign supplier contracts."),
    ],
)
def test_not_to_before_a_verb_read_as_a_negation_passes_a_negated_restatement(
    ledger: object, faithful: str
) -> None:
    assert check_facts_in_prose(ledger(), faithful).ok  # type: ignore[operator]


def test_not_to_mention_still_adds() -> None:
    (s,) = read_statements("The cottage is warm, not to mention quiet.")
    assert s.negated(s.norms.index("quiet")) is None
    (t,) = read_statements("Guests are asked not to smoke indoors.")
    assert t.negated(t.norms.index("smok")) is not None


# -- British "half seven" is half past seven, when said as a time ---------------------------


def _quiz() -> Ledger:
    return one("The pub quiz starts at 20:30 on Thursdays.", "20:30", {"names": ["quiz"], "value": ["20:30"]})


@pytest.mark.parametrize(
    "faithful", ["The pub quiz starts at half eight in the evening.", "The quiz kicks off at half 8 tonight."]
)
def test_half_and_an_hour_said_as_a_time_is_half_past(faithful: str) -> None:
    assert check_facts_in_prose(_quiz(), faithful).ok


@pytest.mark.parametrize(
    "drifted",
    ["The pub quiz starts at half nine in the evening.", "The quiz kicks off at half seven tonight."],
)
def test_another_half_hour_is_another_time(drifted: str) -> None:
    assert "f1:value_changed" in check_facts_in_prose(_quiz(), drifted).names


def test_half_and_a_number_not_said_as_a_time_stays_words() -> None:
    assert "@07:30" not in norms("Cut the dough in half, seven pieces each.")
    assert "@07:30" not in norms("half seven apples")
    assert norms("meet at half ten") == ["meet", "at", "@10:30"]


# -- numeric dates that only one way of reading allows ------------------------------------


def _audit() -> Ledger:
    return one("The fire-safety audit is on the 21st of September.", "09-21",
               {"names": ["audit"], "value": ["21st of September"]})  # fmt: skip


@pytest.mark.parametrize(
    "faithful",
    [
        "The fire-safety audit is on 21/9.",
        "Audit: Tue 21/09, fire safety.",
        "The audit is booked for 21/9/2026.",
        "The audit falls on 9/21.",  # month first: 21 can only be the day
    ],
)
def test_a_numeric_date_read_the_only_way_it_can_be_states_the_date(faithful: str) -> None:
    assert check_facts_in_prose(_audit(), faithful).ok


@pytest.mark.parametrize(
    "drifted",
    ["The fire-safety audit is on 22/9.", "Audit: Tue 21/10, fire safety.", "The audit falls on 9/10."],
)
def test_a_numeric_date_with_another_day_or_month_is_never_the_date(drifted: str) -> None:
    assert not check_facts_in_prose(_audit(), drifted).ok


def test_a_numeric_date_either_way_round_is_no_date_and_counts_stay_counts() -> None:
    assert norms("on 4/9") == ["on", "!4/9"]  # the 4th of September or April 9: neither
    assert norms("on 6/6") == ["on", "%6-06"]
    assert norms("6/6 replicas healthy")[0] == "!6/6"  # a count, not the 6th of June
    assert norms("open 24/7")[-1] == "!24/7"
    assert norms("signed 19/11")[-1] == "%11-19"


# -- unit abbreviations read as their word --------------------------------------------------


def _crate() -> Ledger:
    return one(
        "The spare engine crate weighs 150 pounds.", 150, {"names": ["crate"], "value": ["150 pounds"]}
    )


@pytest.mark.parametrize("faithful", ["engine crate: 150 lb", "The crate (150lbs) is in bay 2."])
def test_lb_is_the_pound(faithful: str) -> None:
    assert check_facts_in_prose(_crate(), faithful).ok


@pytest.mark.parametrize("drifted", ["engine crate: 510 lb", "The crate (15 lbs) is in bay 2."])
def test_another_number_of_lb_is_another_weight(drifted: str) -> None:
    assert "f1:value_changed" in check_facts_in_prose(_crate(), drifted).names


# -- a negator opening a "label:" line's answer negates the label ---------------------------


def _smoking() -> Ledger:
    return one("Smoking isn't allowed on the balcony.", False, {"names": ["smoking"], "polarity": "negative"})


@pytest.mark.parametrize(
    "faithful", ["unit: 4B\nsmoking: not allowed (balcony)\nkeys: 2", "- Smoking: no\n- Pets: ask first"]
)
def test_a_negated_answer_to_a_label_negates_the_label(faithful: str) -> None:
    assert check_facts_in_prose(_smoking(), faithful).ok


@pytest.mark.parametrize(
    "drifted", ["unit: 4B\nsmoking: allowed (balcony)\nkeys: 2", "- Smoking: yes\n- Pets: no"]
)
def test_a_label_answered_without_the_negation_is_caught(drifted: str) -> None:
    assert "f1:value_changed" in check_facts_in_prose(_smoking(), drifted).names


def test_only_a_short_label_at_the_line_start_is_answered() -> None:
    (s,) = read_statements("The spare key, with the fob: none left")
    assert s.negated(s.norms.index("key")) is None


# -- "Could you ...?" asks; it does not doubt ------------------------------------------------


def _plumber() -> Ledger:
    return said(
        "Could you book a plumber for the Fenwick Road flat?",
        "Could it be the thermostat that tripped?",
        "Would you check whether the boiler is leaking?",
    )


@pytest.mark.parametrize(
    "faithful",
    [
        "The user asked for a plumber to be booked for the Fenwick Road flat.",
        "A plumber is to be booked for Fenwick Road; the user wondered whether the thermostat tripped.",
    ],
)
def test_a_request_tells_what_is_asked_for_not_a_doubt(faithful: str) -> None:
    assert check_facts_in_prose(_plumber(), faithful).ok


@pytest.mark.parametrize(
    "drifted",
    ["The thermostat tripped at the Fenwick Road flat.", "The boiler is leaking at the Fenwick Road flat."],
)
def test_a_question_that_doubts_still_doubts(drifted: str) -> None:
    assert "unsupported_fact" in check_facts_in_prose(_plumber(), drifted).names


# -- a hedge before ", and <past verb> that" does not reach the reported clause -------------


def _gym() -> Ledger:
    ledger = said("The manager might close the sauna for the whole of August.")
    ledger.event("e2", "The gym opens at 6:00 on weekdays.")
    ledger.fact("f1", "gym.opening", "06:00", sources=["e2"], prose={"names": ["gym"], "value": ["6:00"]})
    return ledger


@pytest.mark.parametrize(
    "drifted",
    [
        "The user said the gym would open at 6:00, and added that the manager had closed the sauna.",
        "The user said the gym would open at 6:00 and noted that the manager closed the sauna in August.",
    ],
)
def test_a_doubt_told_as_done_after_and_reported_that_is_caught(drifted: str) -> None:
    assert "unsupported_fact" in check_facts_in_prose(_gym(), drifted).names


@pytest.mark.parametrize(
    "faithful",
    [
        "The user said the gym would open at 6:00, and added that the manager might close the sauna.",
        "The gym opens at 6:00, and the user mentioned that the sauna could be closed for August.",
    ],
)
def test_a_doubt_kept_after_and_reported_that_passes(faithful: str) -> None:
    assert check_facts_in_prose(_gym(), faithful).ok


def test_a_hedge_over_coordinated_participles_still_doubts_both() -> None:
    (s,) = read_statements("The ferry might be delayed and cancelled.")
    assert s.speculative(s.norms.index(stem("cancelled"))) == "might"


# -- "awaiting" / "pending" tell that what follows has not happened --------------------------


def _invoice() -> Ledger:
    return one(
        "The March invoice was paid on Friday.", True, {"names": ["invoice"], "value": ["paid", "payment"]}
    )


@pytest.mark.parametrize(
    "drifted", ["- March invoice: awaiting payment", "The March invoice is pending payment."]
)
def test_awaiting_or_pending_the_value_is_not_the_value(drifted: str) -> None:
    assert "f1:value_changed" in check_facts_in_prose(_invoice(), drifted).names


@pytest.mark.parametrize(
    "faithful", ["- March invoice: paid Fri", "The March invoice was paid; the refund is still pending."]
)
def test_awaiting_or_pending_something_else_leaves_the_value(faithful: str) -> None:
    assert check_facts_in_prose(_invoice(), faithful).ok


# -- ", <value> only if ..." conditions that value alone -------------------------------------


def _dentist() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "The dentist appointment is at 10:00 on Tuesday.")
    ledger.fact(
        "f1", "dentist.time", "10:00", sources=["e1"], prose={"names": ["dentist"], "value": ["10:00"]}
    )
    ledger.event("e2", "The surgery called: the dentist appointment is now at 11:15.")
    ledger.fact(
        "f2", "dentist.time", "11:15", sources=["e2"], prose={"names": ["dentist"], "value": ["11:15"]}
    )
    ledger.supersede("f1", "f2")
    return ledger


@pytest.mark.parametrize(
    "drifted",
    [
        "dentist Tue 10:00, 11:15 only if the surgery runs late",
        "The dentist appointment is at 10:00 on Tuesday, 11:15 if the surgeon is delayed.",
    ],
)
def test_an_old_value_beside_a_conditioned_new_one_is_stated_as_current(drifted: str) -> None:
    assert "f1:forbidden_superseded_fact" in check_facts_in_prose(_dentist(), drifted).names


@pytest.mark.parametrize(
    "faithful", ["dentist moved 10:00 -> 11:15 Tue", "The dentist appointment is now at 11:15 on Tuesday."]
)
def test_the_new_value_stated_as_current_passes(faithful: str) -> None:
    assert check_facts_in_prose(_dentist(), faithful).ok


def test_a_condition_on_the_main_clause_still_doubts_its_value() -> None:
    (t,) = read_statements("The van comes at 9:00 if the road is open.")
    at = next(i for i, n in enumerate(t.norms) if n == "@09:00")
    assert t.speculative(at) == "if"


# -- a word value's slot is counted in content words, not auxiliaries and prepositions -------


def _samples() -> Ledger:
    return one(
        "The lab ships the blood samples to the hospital by courier.",
        "courier",
        {"names": ["blood samples"], "value": ["courier"]},
    )


@pytest.mark.parametrize(
    "drifted",
    [
        "The blood samples were being shipped from the lab to the hospital by drone.",
        "The blood samples were being taken from the lab over to the hospital in a taxi.",
    ],
)
def test_another_value_in_a_long_passive_slot_is_a_changed_value(drifted: str) -> None:
    assert "f1:value_changed" in check_facts_in_prose(_samples(), drifted).names


@pytest.mark.parametrize(
    "faithful",
    [
        "The blood samples were being shipped from the lab to the hospital by courier.",
        "The blood samples go to the hospital by courier; the porters were thanked with cake.",
    ],
)
def test_the_value_in_a_long_passive_slot_passes(faithful: str) -> None:
    assert check_facts_in_prose(_samples(), faithful).ok


# -- a reporting noun the doubt itself talks about reports nothing ----------------------------


def _wiring() -> Ledger:
    return said(
        "The inspector said the wiring in the Delgado ticket might be faulty; she'll confirm on Monday."
    )


@pytest.mark.parametrize(
    "drifted",
    [
        "09:10 inspector re: Delgado ticket: wiring faulty -> confirm Mon",
        "Inspector on the Delgado ticket: the wiring is faulty.",
    ],
)
def test_a_doubt_told_as_settled_under_the_name_of_the_thing_it_is_about_is_caught(drifted: str) -> None:
    assert "unsupported_fact" in check_facts_in_prose(_wiring(), drifted).names


@pytest.mark.parametrize(
    "faithful",
    [
        "09:10 inspector re: Delgado ticket: wiring possibly faulty -> confirm Mon",
        "The inspector said the wiring in the Delgado ticket might be faulty.",
    ],
)
def test_the_doubt_kept_under_that_name_passes(faithful: str) -> None:
    assert check_facts_in_prose(_wiring(), faithful).ok
