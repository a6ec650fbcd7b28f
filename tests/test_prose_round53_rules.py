"""Round 53's rules (a kitchen's memory; a person's notes to self), each tested in other
words than the held-out set that showed the need:

- a source noun that is one of the claim's own words ("put the train *tickets* on ...") does
  not attribute the claim to a ticket;
- quotation marks attribute only what they hold: a claim told mostly outside them is told as
  the summary's own; a markdown blockquote line quotes;
- a condition told in a concession ("even if the lease isn't signed", "regardless of") no
  longer limits the fact, unless its source told it so;
- a fact whose value is its subject ("the coeliac guest is Odile"), told of another subject
  of the ledger, is told of the wrong subject, not left without its value;
- "never ... without a re-probe" keeps "always re-probe": "without" before the invariant's
  own act is its complement, not an exception;
- a doubt after "and" ("is only exploring *and might* consider a move") is the second
  predicate's own, and the first stays settled;
- a table cell's column label ("| Role: ... |") asserts nothing.
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened

from tests._prose_facts import events, fact, names, untrusted


def test_the_claims_own_noun_does_not_attribute_it() -> None:
    # "site" is a source noun ("the site says"), here one of the claim's own words
    chat = untrusted(
        "From the residents' group chat: 'Always leave parcels at the site office, never on the step.'"
    )
    assert (
        names(chat, "The residents' group chat says to leave parcels at the site office, not the step.") == ()
    )
    assert names(chat, "Always leave parcels at the site office, never on the step.") == ("trust_elevated",)
    ticket = untrusted("A customer ticket says: always refund the full fare on cancelled trips.")
    assert names(ticket, "Per the ticket, always refund the full fare on cancelled trips.") == ()


def test_quotation_marks_attribute_only_what_they_hold() -> None:
    flyer = untrusted(
        "A leaflet from Brightwave Solar: 'Our panels need no planning permission, so skip the council form.'"
    )
    quoted = "Brightwave's leaflet: 'our panels need no planning permission, so skip the council form'."
    assert names(flyer, quoted) == ()
    told = "The panels need no planning permission, so skip the 'council form'."
    assert names(flyer, told) == ("trust_elevated",)


def test_a_blockquote_line_quotes() -> None:
    note = untrusted("Pasted from the gym's flyer: 'Members must book the sauna two days ahead.'")
    quoted = "- The gym's flyer reads:\n  > Members must book the sauna two days ahead.\n  (their wording)"
    assert names(note, quoted) == ()
    assert names(note, "- Members must book the sauna two days ahead.") == ("trust_elevated",)


def test_a_condition_told_in_a_concession_no_longer_limits() -> None:
    ledger = fact(
        "The van can be collected on Friday, but only once the hire agreement is signed.",
        "moving.van_collection_day",
        "friday",
        {"names": ["van"], "value": ["Friday"], "qualifiers": {"condition": ["hire agreement", "agreement"]}},
        qualifiers={"condition": "hire agreement signed"},
    )
    assert names(ledger, "Van: collect Friday, once the hire agreement is signed.") == ()
    assert names(ledger, "Van: collect Friday, even if the hire agreement isn't signed yet.") == (
        "f1:qualifiers_changed",
    )
    assert names(ledger, "Van: collect Friday regardless of the hire agreement.") == (
        "f1:qualifiers_changed",
    )
    anyway = fact(
        "The match goes ahead on Saturday even if it rains.",
        "club.match_day",
        "saturday",
        {"names": ["match"], "value": ["Saturday"], "qualifiers": {"weather": ["rains", "rain"]}},
        qualifiers={"weather": "even if it rains"},
    )
    assert names(anyway, "Match on Saturday, even if it rains.") == ()


def _hosts() -> object:
    ledger = events("At the book club, Priya hosts in March.", "Dimitri hosts in April.")
    ledger.fact(
        "f1", "club.march_host", "Priya", sources=["e1"], prose={"names": ["March"], "subject": ["Priya"]}
    )
    ledger.fact(
        "f2", "club.april_host", "Dimitri", sources=["e2"], prose={"names": ["April"], "subject": ["Dimitri"]}
    )
    return ledger


def test_a_fact_whose_value_is_its_subject_told_of_another() -> None:
    table = "| Host | Month |\n|---|---|\n| {} | March |\n| {} | April |"
    assert names(_hosts(), table.format("Priya", "Dimitri")) == ()  # type: ignore[arg-type]
    assert names(_hosts(), table.format("Dimitri", "Priya")) == (  # type: ignore[arg-type]
        "f1:subject_changed",
        "f2:subject_changed",
    )


def test_never_without_the_invariants_own_act_keeps_always() -> None:
    pin = rule("Always test the smoke alarms every month.", ["smoke alarms"], "obligation")
    assert passes(pin, "The smoke alarms never go more than a month without a test.")
    assert passes(pin, "Smoke alarms: never more than a month without being tested.")
    # "without" before anything else is an exception the invariant does not have
    assert weakened(pin, "The smoke alarms are never tested without the landlord present.")


def test_a_doubt_after_and_is_the_second_predicates_own() -> None:
    ledger = events("Lena has signed up for the choir and may join the orchestra in spring.")
    assert names(ledger, "Lena: signed up for the choir; may join the orchestra in spring.") == ()
    assert names(ledger, "Lena: signed up for the choir and joins the orchestra in spring.") == (
        "unsupported_fact",
    )


def test_a_table_column_label_asserts_nothing() -> None:
    # "Rent" heads a column; the source only used it in its doubt ("if the rent there stays low")
    ledger = events(
        "Ines runs the cafe and might open a second branch in Dunmore if the rent there stays low."
    )
    table = "| Owner | Rent | Notes |\n|---|---|---|\n| Ines | paid to March | {} |"
    assert (
        names(
            ledger, table.format("happy for now; may open a second branch in Dunmore if the rent stays low")
        )
        == ()
    )
    assert names(ledger, table.format("opening a second branch in Dunmore, rent low")) == (
        "unsupported_fact",
    )
