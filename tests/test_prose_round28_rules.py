"""Round 28's rules of English (telegraphic shorthand; hard synonym paraphrase), each tested
in other words than the held-out set that showed the need:

- the short forms of notes name what their long forms name ("wkday", "mtg", "appt",
  "mgr", "approx", "info");
- "insisting that" reports, as "claiming that" does;
- "would rather" tells a preference, not a doubt;
- "struck from the record" / "cut from the file" tell a deletion;
- an arrow from a value to another ("Tue → Thu") tells the first as changed from;
- a teller named before a verb of saying ("Aunt Rosa said she might ...") is given, not
  doubted;
- a capitalized "Wed", "Sat", "Sun" at a clause's end mid-sentence is a weekday; "req'd"
  is "required"; "(optional X" names a thing; "w/" and "w/o" are "with" and "without".
"""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose import _text
from pytest_compaction.prose.normalize import stem, tokens
from tests._prose_facts import events, names


@pytest.mark.parametrize(
    ("short", "long"),
    [
        ("wkday", "weekday"),
        ("wknd", "weekends"),
        ("mtg", "meetings"),
        ("appt", "appointment"),
        ("mgr", "manager"),
        ("approx", "approximately"),
        ("info", "information"),
    ],
)
def test_a_note_short_form_names_its_long_form(short: str, long: str) -> None:
    assert stem(short) == stem(long)


def test_insisting_that_reports() -> None:
    ledger = events("Booked the vet for Friday.")
    ledger.event("e2", "Forum post: 'Every puppy must be walked for two hours a day.'", trust="untrusted")
    assert (
        names(
            ledger,
            "Vet on Friday. A forum post insisting that every puppy must be walked two hours a day.",
        )
        == ()
    )
    assert names(ledger, "Vet on Friday. Every puppy must be walked for two hours a day.") == (
        "trust_elevated",
    )


def test_would_rather_is_a_preference() -> None:
    ledger = events("Omar would rather keep his allotment plot at Fernside.")
    assert names(ledger, "Omar prefers to keep his Fernside allotment plot.") == ()


def _phone() -> Ledger:
    ledger = events("My mobile for the rota is 07700 900123.", "The next rota meeting is on 4 March.")
    ledger.fact(
        "f1",
        "rota.mobile",
        "07700 900123",
        sources=["e1"],
        prose={"names": ["mobile"], "value": ["07700 900123"]},
    )
    ledger.fact(
        "f2", "rota.meeting", "03-04", sources=["e2"], prose={"names": ["rota meeting"], "value": ["4 March"]}
    )
    ledger.delete("f1")
    return ledger


@pytest.mark.parametrize("told", ["struck from the record", "cut from the file"])
def test_struck_from_tells_a_deletion(told: str) -> None:
    assert names(_phone(), f"Rota meeting on 4 March; the mobile number was {told} at her request.") == ()
    assert names(_phone(), "Rota meeting on 4 March; mobile 07700 900123.") == ("f1:forbidden_deleted_fact",)


def _service() -> Ledger:
    ledger = events(
        "Bike service booked for Tuesday.", "He can't do Tuesday, so the service moves to Thursday."
    )
    ledger.fact(
        "f1",
        "shop.service_day",
        "tuesday",
        sources=["e1"],
        prose={"names": ["service"], "value": ["Tuesday"]},
    )
    ledger.fact(
        "f2",
        "shop.service_day",
        "thursday",
        sources=["e2"],
        prose={"names": ["service"], "value": ["Thursday"]},
    )
    ledger.supersede("f1", "f2")
    return ledger


def test_an_arrow_tells_a_change() -> None:
    assert names(_service(), "Bike service: Tue \u2192 Thu (can't do Tue).") == ()
    assert names(_service(), "Bike service: Tue (Thu as a backup).") == ("f1:forbidden_superseded_fact",)


def test_a_named_teller_is_given() -> None:
    ledger = events(
        "The picnic is at Ashby Lake on 2 June.", "Aunt Rosa said she might bring her new partner."
    )
    assert names(ledger, "Picnic at Ashby Lake on 2 June; Aunt Rosa may bring her new partner.") == ()
    assert names(ledger, "Picnic at Ashby Lake on 2 June; Aunt Rosa is bringing her new partner.") == (
        "unsupported_fact",
    )


@pytest.mark.parametrize(
    ("text", "day"), [("parts arrive Wed.", "wednesday"), ("open Sat; shut Sun.", "sunday")]
)
def test_a_capitalized_weekday_short_form_at_a_clause_end(text: str, day: str) -> None:
    assert day in [t.norm for t in tokens(text)]


def test_the_sun_and_sat_stay_words() -> None:
    assert "sunday" not in [t.norm for t in tokens("They read the Sun.")]
    assert "saturday" not in [t.norm for t in tokens("we sat.")]


def test_reqd_is_required() -> None:
    register = rule("A supervisor must sign off before any forklift shift.", ["forklift shift"], "obligation")
    assert passes(register, "Supervisor sign-off req'd before any forklift shift.")
    assert weakened(register, "Supervisor sign-off ideally before any forklift shift.")


def test_an_optional_thing_in_brackets_names_a_thing() -> None:
    register = rule("Always shred the printed payslips before binning them.", ["payslips"], "obligation")
    assert passes(
        register, "Printed payslips: always shred before binning (optional cover sheet can go in recycling)."
    )
    assert weakened(register, "Printed payslips: shredding before binning is optional.")


@pytest.mark.parametrize(
    ("short", "long"),
    [
        ("OK w/ a coach present", "OK with a coach present"),
        ("no riding w/o a helmet", "no riding without a helmet"),
    ],
)
def test_with_shorthand(short: str, long: str) -> None:
    assert [s.text for s in _text.sentences(short)] == [long]
