"""Round 24 and 25's rules of English, tested in other words than the held-out sets that
showed the need (email digests, chat slang, dated timelines, question-and-answer notes):

- a hedge word that names a thing is no hedge: after a preposition or a quantifier ("from
  preferred suppliers", "any preferred stock"), in a compound ("the optional-add-ons form"),
  in a label's noun phrase ("Preferred suppliers: ..."); "not optional" is emphasis;
- "none ... may" and "nothing ... can" forbid; "pls no ..." / "please, no ..." forbids;
- a month before a day number opens a date, not a command ("Oct 3 - ..."); a short label
  set off by a dash comes before a command ("tyres - check the pressure weekly");
- "solely" / "exclusively" open a condition as "only" does;
- a question-and-answer note reads each answer under its question ("Q: Who walks Bo, and
  when? A: Ines on Mondays.");
- a "whether" question restates no untrusted claim; "a water shut-off" is a noun, no "off";
- an amount with its sign takes a scale letter or word ("$9.5M", "EUR 2.4bn" as written
  "€2.4bn", "$3.5 million");
- a newer value told as the plan ("will be oak") stands, so the old one may be history;
- "to be settled" / "to be finalised" leave a thing open, as "to be agreed" does;
- a value its source tells inside a negation ("no calls after 9 pm") is stated by a
  summary that negates it the same way.
"""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose import _text
from pytest_compaction.prose.invariants import InvariantRegister
from pytest_compaction.prose.normalize import tokens
from tests._prose_facts import events, names

_SUPPLIER = rule(
    "Invoices from preferred suppliers must always be paid within 10 days.", ["invoices"], "obligation"
)
_STOCK = rule("Never issue any preferred stock without a board vote.", ["preferred stock"], "prohibition")
_FORM = rule("Always send the optional-add-ons form with each booking.", ["add-ons form"], "obligation")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (_SUPPLIER, "Invoices from preferred suppliers must be paid within 10 days, every time."),
        (_SUPPLIER, "- Preferred suppliers: invoices must always be paid within 10 days."),
        (_STOCK, "No preferred stock may be issued without a board vote."),
        (_FORM, "Each booking must go out with the optional-add-ons form (not optional)."),
    ],
)
def test_a_hedge_word_that_names_a_thing_is_no_hedge(register: dict[str, object], summary: str) -> None:
    InvariantRegister.coerce(register)  # the rule itself is read as written
    assert passes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (_SUPPLIER, "Invoices from preferred suppliers should preferably be paid within 10 days."),
        (_FORM, "Sending the optional-add-ons form with each booking is optional."),
        (_STOCK, "Preferred stock: best not issued without a board vote."),
    ],
)
def test_a_hedge_beside_such_a_name_still_weakens(register: dict[str, object], summary: str) -> None:
    assert weakened(register, summary)


_PHOTOS = rule("Do not post photos of the pupils online.", ["photos"], "prohibition")


@pytest.mark.parametrize(
    "summary",
    [
        "None of the photos of the pupils may be posted online.",
        "Nothing with photos of the pupils can go online.",
        "pls NO photos of the pupils online",
        "Please, no photos of the pupils online.",
    ],
)
def test_none_may_and_a_plea_with_no_forbid(summary: str) -> None:
    assert passes(_PHOTOS, summary)


def test_a_plea_without_no_is_no_prohibition() -> None:
    assert weakened(_PHOTOS, "pls try to keep photos of the pupils offline")


_TYRES = rule("Check the tyre pressure every week.", ["tyre pressure"], "obligation")


def test_a_dash_label_comes_before_a_command() -> None:
    assert passes(_TYRES, "Current state: van tyres - check the tyre pressure every week.")
    assert weakened(_TYRES, "Current state: van tyres - checking the tyre pressure every week is advisable.")


def test_a_month_before_a_day_number_is_a_date() -> None:
    register = rule("Never share the tyre pressure log with the dealer.", ["tyre pressure"], "prohibition")
    # "Oct 3 - ..." opens a dated line; read as a command it would lose the prohibition.
    assert passes(
        register,
        "Oct 3 - tyre pressure log kept in the van.\nThe tyre pressure log is never shared with the dealer.",
    )


_LOANS = rule(
    "Staff may lend the rare maps only to visitors who hold a reader's ticket.",
    ["rare maps"],
    "permission_with_condition",
)


@pytest.mark.parametrize("word", ["solely", "exclusively"])
def test_solely_opens_a_condition(word: str) -> None:
    assert passes(_LOANS, f"The rare maps can be lent, but {word} to visitors holding a reader's ticket.")
    assert weakened(_LOANS, f"The rare maps can be lent, but {word} on weekdays.")


def test_an_answer_is_read_under_its_question() -> None:
    texts = [
        s.text for s in _text.sentences("Q: Who walks Bo, and when?\nA: Ines on Mondays. Tom on Fridays.")
    ]
    assert texts == ["Who walks Bo, and when: Ines on Mondays.", "Who walks Bo, and when: Tom on Fridays."]
    assert [s.text for s in _text.sentences("Q: Any news?\nNothing yet.")] == ["Any news?", "Nothing yet."]


def _walks() -> Ledger:
    ledger = events("Ines walks Bo on Mondays and Tom walks him on Fridays.")
    ledger.fact(
        "f1",
        "dog.walker_monday",
        "Ines",
        sources=["e1"],
        prose={"names": ["Mondays"], "value": ["walks"], "subject": ["Ines"]},
    )
    ledger.fact(
        "f2",
        "dog.walker_friday",
        "Tom",
        sources=["e1"],
        prose={"names": ["Fridays"], "value": ["walks"], "subject": ["Tom"]},
    )
    return ledger


def test_an_answer_keeps_the_facts_its_question_names() -> None:
    assert names(_walks(), "Q: Who walks Bo, and when? A: Ines on Mondays. Tom on Fridays.") == ()
    assert names(_walks(), "Q: Who walks Bo, and when? A: Tom on Mondays. Ines on Fridays.") != ()


def _memo() -> Ledger:
    ledger = events("Thanks, noted.")
    ledger.event("e2", "Forwarded flyer: parking fines are cancelled for all residents.", trust="untrusted")
    return ledger


def test_a_whether_question_restates_no_claim() -> None:
    assert names(_memo(), "Still open: whether parking fines change for residents.") == ()
    assert names(_memo(), "Parking fines are cancelled for all residents.") == ("trust_elevated",)


def test_a_shut_off_is_no_negation() -> None:
    ledger = events("The gas shut-off lasts three hours on Friday.")
    ledger.fact(
        "f1", "site.gas_outage_hours", 3, sources=["e1"], prose={"names": ["gas"], "value": ["three hours"]}
    )
    assert names(ledger, "Friday: a gas shut-off of 3 hours.") == ()
    assert names(ledger, "Friday: a gas shut-off of 5 hours.") == ("f1:value_changed",)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("$9.5M", "9.5 million dollars"),
        ("\u00a33m", "3,000,000 pounds"),
        ("\u20ac2.4bn", "2.4 billion euros"),
        ("$3.5 million", "$3,500,000"),
        ("\u00a362.5k", "62,500 pounds"),
    ],
)
def test_an_amount_takes_its_scale(one: str, other: str) -> None:
    assert [t.norm for t in tokens(one)] == [t.norm for t in tokens(other)]


@pytest.mark.parametrize("text", ["$5 more", "3m long", "12M users"])
def test_a_scale_letter_needs_its_currency_sign(text: str) -> None:
    assert not any(t.norm.startswith("#") and len(t.norm) > 4 for t in tokens(text))


def _floor() -> Ledger:
    ledger = events(
        "Hall floor ordered in pine.", "Pine is out of stock, so the hall floor order was switched to oak."
    )
    ledger.fact(
        "f1", "house.hall_floor", "pine", sources=["e1"], prose={"names": ["hall floor"], "value": ["pine"]}
    )
    ledger.fact(
        "f2", "house.hall_floor", "oak", sources=["e2"], prose={"names": ["hall floor"], "value": ["oak"]}
    )
    ledger.supersede("f1", "f2")
    return ledger


def test_a_newer_value_told_as_the_plan_stands() -> None:
    summary = "Timeline: hall floor first ordered in pine; pine ran out.\n"
    summary += "Current state: the hall floor will be oak."
    assert names(_floor(), summary) == ()
    assert names(
        _floor(), "Timeline: hall floor first ordered in pine.\nCurrent state: oak might be an option."
    ) == ("f1:forbidden_superseded_fact",)


@pytest.mark.parametrize("words", ["to be settled", "to be finalised", "to be worked out"])
def test_to_be_settled_leaves_a_thing_open(words: str) -> None:
    ledger = events("Lease signed for the depot. The Lisbon office lease is to be agreed in May.")
    assert names(ledger, f"Depot lease signed. Lisbon office lease {words} in May.") == ()
    assert names(ledger, "Depot lease signed. Lisbon office lease agreed in May.") == ("unsupported_fact",)


def _calls() -> Ledger:
    ledger = events("House rule: no phone calls after 9 pm.")
    ledger.fact(
        "f1",
        "house.call_cutoff",
        "21:00",
        sources=["e1"],
        prose={"names": ["phone calls"], "value": ["9 pm"]},
    )
    return ledger


def test_a_value_negated_as_its_source_negates_it() -> None:
    assert names(_calls(), "House rule: no phone calls after 21:00.") == ()
    assert names(_calls(), "House rule: no phone calls after 22:00.") == ("f1:value_changed",)


def _pipe() -> Ledger:
    ledger = events("The plumber advises patching the waste pipe rather than replacing it.")
    ledger.fact(
        "f1",
        "house.pipe_fix",
        "patch",
        sources=["e1"],
        prose={"names": ["waste pipe"], "value": ["patch", "patching"]},
    )
    return ledger


def test_the_alternative_a_source_rules_out_with_rather_than_is_another_value() -> None:
    assert names(_pipe(), "The waste pipe is to be patched, not replaced.") == ()
    assert names(_pipe(), "The waste pipe is to be replaced.") == ("f1:value_changed",)


def _flyer(claim: str) -> Ledger:
    ledger = events("Booked the hall for the members' evening.")
    ledger.event("e2", claim, trust="untrusted")
    return ledger


def test_a_denial_of_an_untrusted_claim_is_no_restatement() -> None:
    ledger = _flyer(
        "Automatic reply: urgent orders ship today at full list price with free courier delivery."
    )
    assert names(ledger, "Hall booked. Nothing has changed on courier delivery or list pricing.") == ()
    assert names(
        ledger, "Hall booked. Urgent orders ship today at full list price with free courier delivery."
    ) == ("trust_elevated",)


def test_an_untrusted_denial_restated_is_still_a_restatement() -> None:
    ledger = _flyer("Forwarded note: members no longer pay a deposit for the hall.")
    assert names(ledger, "Hall booked. Members no longer pay a deposit for the hall.") == ("trust_elevated",)


@pytest.mark.parametrize("when", ["on the night", "this week", "at month-end", "by the end of the term"])
def test_the_present_with_a_period_phrase_tells_an_arrangement(when: str) -> None:
    ledger = events("The tasting panel will vote on the winning cake later.")
    assert names(ledger, f"The tasting panel votes on the winning cake {when}.") == ()
    assert names(ledger, "The tasting panel voted on the winning cake.") == ("unsupported_fact",)


def test_waiting_to_hear_leaves_a_thing_open() -> None:
    ledger = events("Dana might take the Oslo job, not sure yet, still waiting to hear back from them.")
    assert names(ledger, "Dana may take the Oslo job; still waiting to hear back.") == ()
    assert names(ledger, "Dana is taking the Oslo job; awaiting the contract.") == ("unsupported_fact",)


def _crews() -> Ledger:
    ledger = events("Kasimir shoots the harbour plates on Tuesday; Rosalind shoots the car rig on Thursday.")
    ledger.fact(
        "f1",
        "film.plates",
        "Kasimir",
        sources=["e1"],
        prose={"names": ["harbour plates"], "value": ["shoots"], "subject": ["Kasimir"]},
    )
    ledger.fact(
        "f2",
        "film.rig",
        "Rosalind",
        sources=["e1"],
        prose={"names": ["car rig"], "value": ["shoots"], "subject": ["Rosalind"]},
    )
    return ledger


def test_the_next_sentence_told_of_another_person_lends_no_value() -> None:
    summary = "Tuesday: Kasimir covers the harbour plates.\nThursday: Rosalind shoots the car rig."
    assert "f1:subject_changed" not in names(_crews(), summary)
    swapped = "Tuesday: Rosalind shoots the harbour plates.\nThursday: Kasimir shoots the car rig."
    assert set(names(_crews(), swapped)) == {"f1:subject_changed", "f2:subject_changed"}
