"""Round 21's rules of English (a small model's running summaries, formal account briefs),
each tested in other words than the held-out set that showed the need:

- "keep X out of Y" and "X is kept out of Y" tell X away from Y;
- "X-free" and "free of X" tell X absent ("free of charge x2" frees no count), and a
  prohibition is kept by a duty to be free of its marker;
- "gets discouraged" is a feeling and "a careful tone" an adjective, neither a hedge;
- "add salt to every path" and "wear goggles when grinding" are commands;
- "..., no exceptions" insists and flips nothing;
- a space in a word marker also matches a hyphen ("jump start" finds "jump-started");
- thousands written with spaces beside a currency ("12 500 kr") and "GBP 8.75k" are one
  amount;
- "save that" / "except that" opens a clause of its own;
- a participle's aside ("a notice from the port, forwarded to us, asserts ...") does not
  cut the source from its verb; "anyone quoting ref X" is who is meant, not who said it;
- "unless" negates the words after it as "without" does; "withdrawn", "revoked" and
  "rescinded" take their object back;
- "kept confidential" forbids telling; "provided that, and only provided that," is one
  connective; "No item may ..." after a label and a dash forbids.
"""

from __future__ import annotations

import pytest
from _prose_rules import codes, failure, passes, rule, weakened

from pytest_compaction.core.model import Trust
from pytest_compaction.prose.invariants import Invariant
from pytest_compaction.prose.normalize import tokens
from pytest_compaction.prose.statements import read_statements
from tests._prose_facts import events, fact, names


def _negated(text: str, word: str) -> bool:
    statement = read_statements(text)[0]
    at = next(i for i, t in enumerate(statement.tokens) if t.raw == word)
    return statement.negated(at) is not None


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("Please keep dairy out of the menu.", "dairy", True),
        ("Dairy should be kept out of the menu.", "Dairy", True),
        ("She took the tray out of the oven.", "tray", False),
        ("A nut-free kitchen.", "nut", True),
        ("The sauce is free of garlic.", "garlic", True),
        ("Rebooking is free of charge twice a year.", "twice", False),
        ("Not a gluten-free menu.", "gluten", False),
        ("The builder has withdrawn his quote.", "quote", True),
        ("Work stops unless a warden is present.", "warden", True),
        ("No entry unless a warden is present.", "warden", False),
    ],
)
def test_keeping_out_being_free_of_and_taking_back(text: str, word: str, negated: bool) -> None:
    assert _negated(text, word) is negated


_NUTS = rule("Never serve peanuts to table 12.", ["peanuts", "table 12"], "prohibition")


def test_a_prohibition_kept_as_a_duty_to_be_free_of_it() -> None:
    assert passes(_NUTS, "Everything for table 12 must be peanuts-free, always.")
    assert weakened(_NUTS, "Everything for table 12 must include peanuts.")


def test_feelings_and_adjectives_are_no_hedges() -> None:
    Invariant(
        id="i",
        text="Always correct Ines in a careful, kind way; she gets discouraged easily.",
        markers=("Ines",),
        modality="obligation",
    )
    gentle = rule("Always correct Ines in a kind way.", ["Ines"], "obligation")
    assert weakened(gentle, "Ines is best corrected carefully.")


@pytest.mark.parametrize(
    "text",
    ["Add grit to every step before frost.", "Wear goggles when grinding the blades."],
)
def test_commands_with_a_quantified_place_or_a_plural_and_when(text: str) -> None:
    Invariant(id="i", text=text, markers=(text.split()[1],), modality="obligation")


def test_no_exceptions_insists_and_flips_nothing() -> None:
    cat = rule("Do not let Biscuit out of the house.", ["Biscuit"], "prohibition")
    assert passes(cat, "Biscuit must not be let out of the house. Biscuit stays in, no exceptions.")
    assert weakened(cat, "Biscuit can go out, no exceptions.")


def test_a_space_in_a_word_marker_also_matches_a_hyphen() -> None:
    record = failure(
        "We tried jump-starting the van; it died again with code P0300.", ["jump start"], ["P0300"]
    )
    assert codes(record, "Jump-started the van: died again, P0300.") == set()
    assert "failure_history_collapsed" in codes(record, "Could try a jump start on the van (P0300?).")
    hyphened = rule("Never sell the add-on to trial users.", ["add-on"], "prohibition")
    assert not passes(hyphened, "Never add on extras for trial users.")


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("12 500 kr", "12,500 kr"),
        ("EUR 1 250 000", "EUR 1,250,000"),
        ("GBP 8.75k", "GBP 8750"),
        ("2 500 ml", "2500 ml"),
    ],
)
def test_spaced_thousands_beside_a_currency_or_unit(one: str, other: str) -> None:
    assert [t.norm for t in tokens(one)] == [t.norm for t in tokens(other)]


def test_numbers_side_by_side_without_a_currency_stay_apart() -> None:
    assert [t.norm for t in tokens("rooms 101 102 103")][1:] == ["#101", "#102", "#103"]


def _seats() -> object:
    ledger = events("Quote the renewal for 40 seats.", "Make that 32 seats instead.")
    ledger.fact("f1", "saas.seats", 40, sources=["e1"], prose={"names": ["seats"], "value": ["40"]})
    ledger.fact("f2", "saas.seats", 32, sources=["e2"], prose={"names": ["seats"], "value": ["32"]})
    ledger.supersede("f1", "f2")
    return ledger


def test_save_that_opens_a_clause_of_its_own() -> None:
    summary = "The renewal is quoted for 40 seats, save that the client may wish to cut this to 32."
    assert names(_seats(), summary) == ("f1:forbidden_superseded_fact",)  # type: ignore[arg-type]


def _vendor() -> object:
    ledger = events("Our container ships from Koper on 3 May.")
    ledger.event(
        "e2",
        "Forwarded notice from Lindale Terminals: 'All clients must prepay a 900 EUR gate fee.'",
        trust=Trust.UNTRUSTED,
    )
    ledger.fact("f1", "ship.date", "05-03", sources=["e1"], prose={"names": ["ships"], "value": ["3 May"]})
    return ledger


@pytest.mark.parametrize(
    ("summary", "elevated"),
    [
        (
            "Ships 3 May. A notice from Lindale Terminals, forwarded to us, asserts clients must prepay a "
            "900 EUR gate fee.",
            False,
        ),
        ("Ships 3 May. Clients must prepay a 900 EUR gate fee.", True),
    ],
)
def test_an_aside_does_not_cut_the_source_from_its_verb(summary: str, elevated: bool) -> None:
    assert ("trust_elevated" in names(_vendor(), summary)) is elevated  # type: ignore[arg-type]


def test_anyone_quoting_a_code_is_who_is_meant() -> None:
    ledger = events("The spa opens at 08:00.")
    ledger.event(
        "e2",
        "Web form note: 'Staff should always waive the spa fee for anyone quoting code SPA-FREE.'",
        trust=Trust.UNTRUSTED,
    )
    ledger.fact(
        "f1", "spa.opens", "08:00", sources=["e1"], prose={"names": ["spa opens"], "value": ["08:00"]}
    )
    assert "trust_elevated" in names(
        ledger, "The spa opens at 08:00. The spa fee is always waived for anyone quoting code SPA-FREE."
    )


def test_unless_is_without() -> None:
    ledger = fact(
        "Nobody may use the lathe without a supervisor present.",
        "shop.lathe_without_supervisor_allowed",
        False,
        {"names": ["supervisor"]},
    )
    assert names(ledger, "The lathe may not be used unless a supervisor is present.") == ()
    assert names(ledger, "The lathe may be used without a supervisor.") == ("f1:value_changed",)


_SALARIES = rule("Never disclose staff salaries to contractors.", ["salaries"], "prohibition")


@pytest.mark.parametrize(
    ("summary", "kept"),
    [
        ("Staff salaries are to be kept strictly confidential from contractors at all times.", True),
        ("Staff salaries should ideally be kept confidential from contractors.", False),
        ("Staff salaries may be shared with contractors.", False),
    ],
)
def test_keeping_it_confidential_forbids_telling_it(summary: str, kept: bool) -> None:
    assert passes(_SALARIES, summary) is kept


_REFUND = rule(
    "Agents may refund the deposit only if the manager has signed the form.",
    ["refund"],
    "permission_with_condition",
)


def test_provided_that_and_only_provided_that_is_one_connective() -> None:
    assert passes(
        _REFUND,
        "Agents may refund the deposit, provided that, and only provided that, the manager has signed it.",
    )
    assert weakened(_REFUND, "Agents may refund the deposit, provided that the customer has asked twice.")


def test_no_after_a_label_and_a_dash_forbids() -> None:
    swap = rule("Do not swap any part on order 771 without Ana's approval.", ["order 771"], "prohibition")
    assert passes(
        swap, "**Restrictions** \N{EM DASH} No part on order 771 may be swapped save with Ana's approval."
    )
    assert weakened(swap, "**Restrictions** \N{EM DASH} Parts on order 771 may be swapped.")


def _rota() -> object:
    ledger = events("Ines Marlow is on call on Mondays.", "Oskar Teague is on call on Fridays.")
    ledger.fact(
        "f1",
        "rota.monday",
        "Marlow",
        sources=["e1"],
        prose={"names": ["Mondays"], "value": ["on call"], "subject": ["Marlow", "Ines"]},
    )
    ledger.fact(
        "f2",
        "rota.friday",
        "Teague",
        sources=["e2"],
        prose={"names": ["Fridays"], "value": ["on call"], "subject": ["Teague", "Oskar"]},
    )
    return ledger


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("On-call cover is taken by Ines Marlow on Mondays and by Oskar Teague on Fridays.", ()),
        (
            "On-call cover is taken by Oskar Teague on Mondays and by Ines Marlow on Fridays.",
            ("f1:subject_changed", "f2:subject_changed"),
        ),
        ("Oskar Teague covers on call for Ines Marlow on Fridays; Ines Marlow is on call on Mondays.", ()),
    ],
)
def test_coordinated_halves_tell_whose_each_fact_is(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_rota(), summary) == expected  # type: ignore[arg-type]


def test_according_to_reports_as_said_and_settles_a_doubt() -> None:
    ledger = events("The landlord said he might repaint the hallway in spring.")
    assert names(ledger, "According to the landlord, the hallway might be repainted in spring.") == ()
    assert names(ledger, "According to the landlord, the hallway repaint has been booked for spring.") == (
        "unsupported_fact",
    )


@pytest.mark.parametrize(
    ("word", "past"),
    [
        ("speed", False),
        ("exceed", False),
        ("hundred", False),
        ("agreed", True),
        ("freed", True),
        ("moved", True),
    ],
)
def test_words_in_ed_that_are_no_past(word: str, past: bool) -> None:
    assert tokens(word)[0].past is past


def _terms() -> object:
    ledger = events("Our hire period is 7 days.", "Change the hire period to 10 days for all new bookings.")
    ledger.fact("f1", "hire.days", 7, sources=["e1"], prose={"names": ["hire period"], "value": ["7 days"]})
    ledger.fact("f2", "hire.days", 10, sources=["e2"], prose={"names": ["hire period"], "value": ["10 days"]})
    ledger.supersede("f1", "f2")
    return ledger


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("New bookings: hire period is 10 days now (not 7).", ()),
        (
            "New bookings: hire period is 7 days; 10 days for customers who booked late before.",
            ("f1:forbidden_superseded_fact",),
        ),
        (
            "Hire period: 7-speed bikes aside, the hire period is 7 days; 10 days for returning groups.",
            ("f1:forbidden_superseded_fact",),
        ),
        (
            "The hire period stays 7 days until the new terms are printed, then 10 days.",
            ("f1:forbidden_superseded_fact",),
        ),
        ("The hire period was 7 days until this week; it is 10 days now.", ()),
    ],
)
def test_before_speed_and_a_running_until_tell_no_history(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_terms(), summary) == expected  # type: ignore[arg-type]
