"""Round 22's rules of English (clinical scribe notes, non-native English support notes),
each tested in other words than the held-out set that showed the need:

- "AM"/"PM" in capitals are times as "am"/"pm" are; a span of hours takes its half of the
  day from its last end ("6-8 pm", "8 to 10 pm", "11-1 pm") and reads as "18:00-20:00";
- "hrs" after a 24-hour time is no word of its own; "lakh" and "crore" scale a number;
- "Kindly" opens a command as "please" does; "patients with likely X" is an adjective;
- a negation inside a condition ("if they do not know ...") is no prohibition;
- "not received", "did not drop", "has not reflected" tell a failed outcome;
- "min. 10 hrs." ends no sentence before its number;
- "deliver" / "delivery"; "withdrew the detail" tells a deletion;
- a clinical query ("?UTI", "query fracture") doubts only the phrase it opens.
"""

from __future__ import annotations

import pytest
from _prose_rules import codes, failure, passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose import _text
from pytest_compaction.prose.normalize import tokens
from tests._prose_facts import events, fact, names


def _norms(text: str) -> list[str]:
    return [t.norm for t in tokens(text)]


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("7:45 PM", "19:45"),
        ("9 AM", "09:00"),
        ("6-8 pm", "18:00-20:00"),
        ("8 to 10 pm", "20:00 to 22:00"),
        ("11-1 pm", "11:00-13:00"),
        ("9-11am", "9 am to 11 am"),
        ("between 2 and 4 pm", "between 14:00 and 16:00"),
        ("21:30 hrs", "9:30 pm"),
        ("2 lakh", "200,000"),
        ("Rs 3,00,000", "Rs 300000"),
        ("1.5 crore", "15,000,000"),
    ],
)
def test_times_spans_and_indian_amounts(one: str, other: str) -> None:
    assert _norms(one) == _norms(other)


@pytest.mark.parametrize("text", ["6-8 people", "6 to 8 guests", "I AM here", "Lac Leman"])
def test_no_time_or_amount_where_none_is_meant(text: str) -> None:
    assert not any(n[:1] in "@" for n in _norms(text))
    assert "#100000" not in _norms(text)


_SLOT = fact(
    "Please deliver between 4 and 6 pm.",
    "shop.slot",
    "16:00-18:00",
    {"names": ["deliver"], "value": ["4 to 6 pm"]},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Delivery slot: 4-6 PM.", ()),
        ("Delivery slot: 16:00-18:00.", ()),
        ("Delivery slot: 4-6 AM.", ("f1:value_changed",)),
    ],
)
def test_a_delivery_span_however_written(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_SLOT, summary) == expected


def test_kindly_opens_a_command_and_likely_before_a_noun_is_an_adjective() -> None:
    passport = rule(
        "Kindly check the visa expiry against the passport before booking.", ["visa expiry"], "obligation"
    )
    assert passes(passport, "Kindly check the visa expiry against the passport before booking.")
    assert weakened(
        passport, "Visa expiry may be checked against the passport before booking, if time permits."
    )
    flu = rule("Patients with likely flu must be isolated the same day.", ["isolated"], "obligation")
    assert passes(flu, "Likely flu cases must be isolated the same day.")
    assert weakened(flu, "Likely flu cases are preferably isolated the same day.")


def test_a_negation_inside_a_condition_is_no_prohibition() -> None:
    badge = rule("Always check the visitor's badge at the gate.", ["badge"], "obligation")
    assert weakened(badge, "Guards may check a visitor's badge at the gate if they do not know the visitor.")


_TOPUP = failure(
    "Paid the 299 top-up by card twice; both times the money was debited but the top-up did not drop.",
    ["top-up"],
)


@pytest.mark.parametrize(
    ("summary", "collapsed"),
    [
        (
            "Already paid the 299 top-up by card twice, amount debited, top-up not received till date.",
            False,
        ),
        (
            "Customer is planning the 299 top-up by card; advised to check the amount is not debited twice.",
            True,
        ),
    ],
)
def test_an_outcome_that_did_not_come(summary: str, collapsed: bool) -> None:
    assert ("failure_history_collapsed" in codes(_TOPUP, summary)) is collapsed


def test_a_short_form_before_a_number_ends_no_sentence() -> None:
    found = [s.text for s in _text.sentences("Pt. must fast min. 8 hrs. before the test at Dr. Rao's lab.")]
    assert len(found) == 1


def test_deliver_and_delivery_and_a_withdrawn_detail() -> None:
    ledger = fact(
        "Please deliver the sofa on Saturday.",
        "shop.delivery_day",
        "saturday",
        {"names": ["deliver"], "value": ["Saturday"]},
    )
    assert names(ledger, "Sofa delivery: Saturday.") == ()
    assert names(ledger, "Sofa delivery: Sunday.") == ("f1:value_changed",)
    income = events("My salary is 6.5 lakh a year, for the loan form.", "Loan amount asked is 12 lakh.")
    income.fact(
        "f1", "loan.salary", 650000, sources=["e1"], prose={"names": ["salary"], "value": ["6.5 lakh"]}
    )
    income.fact(
        "f2", "loan.amount", 1200000, sources=["e2"], prose={"names": ["loan amount"], "value": ["12 lakh"]}
    )
    income.delete("f1")
    assert (
        names(income, "Loan amount Rs 12 lakh. Customer withdrew the salary detail, so it is not recorded.")
        == ()
    )
    assert names(income, "Loan amount Rs 12 lakh. Salary Rs 6.5 lakh a year.") == (
        "f1:forbidden_deleted_fact",
    )


def _clinic() -> Ledger:
    return events("Nurse note: Mr Obi is breathless; ?chest infection, sputum sample sent to the lab.")


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("A: ?chest infection. P: sputum sample sent to the lab.", ()),
        ("A: query chest infection. P: sputum sample sent to the lab.", ()),
        (
            "A: chest infection, the cause of the breathlessness. P: sputum sent to the lab.",
            ("unsupported_fact",),
        ),
    ],
)
def test_a_clinical_query_doubts_only_its_phrase(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_clinic(), summary) == expected


def test_a_customers_query_is_no_doubt() -> None:
    ledger = fact("The refund is 40 euros.", "shop.refund", 40, {"names": ["refund"], "value": ["40 euros"]})
    assert names(ledger, "Billing query: the refund is 40 euros.") == ()


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("| Field | Value |\n|---|---|\n| Valet parking | \N{BALLOT X} - declined for the stay |", ()),
        ("| Field | Value |\n|---|---|\n| Valet parking | \N{CROSS MARK} |", ()),
        ("valet parking: N (guest has no car)", ()),
        ("| Field | Value |\n|---|---|\n| Valet parking | \N{CHECK MARK} every day |", ("f1:value_changed",)),
        ("valet parking: Y", ("f1:value_changed",)),
    ],
)
def test_a_cross_mark_or_a_bare_n_answers_no(summary: str, expected: tuple[str, ...]) -> None:
    ledger = fact(
        "Sanne does not want valet parking at all.", "hotel.valet", False, {"names": ["valet parking"]}
    )
    assert names(ledger, summary) == expected


def test_a_false_fact_is_stated_where_its_source_negates_it() -> None:
    ledger = fact(
        "Mr Ode is allergic to wool, so no wool blankets in his room please.",
        "hotel.wool_allowed",
        False,
        {"names": ["wool"]},
    )
    assert names(ledger, "Room: no wool blankets (allergy).") == ()
    assert names(ledger, "Room: wool blankets as usual.") == ("f1:value_changed",)


def _jobs() -> Ledger:
    ledger = events("Ines: my cousin Ravi is giving the speech.", "Ola: my aunt Greta is doing the flowers.")
    ledger.fact(
        "f1",
        "w.speech",
        "Ravi",
        sources=["e1"],
        prose={"names": ["speech"], "value": ["giving", "give"], "subject": ["Ravi"]},
    )
    ledger.fact(
        "f2",
        "w.flowers",
        "Greta",
        sources=["e2"],
        prose={"names": ["flowers"], "value": ["doing", "do"], "subject": ["Greta"]},
    )
    return ledger


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Ravi, Ines's cousin, will give the speech, and Greta, Ola's aunt, is doing the flowers.", ()),
        (
            "Greta, Ola's aunt, will give the speech, and Ravi, Ines's cousin, is doing the flowers.",
            ("f1:subject_changed", "f2:subject_changed"),
        ),
    ],
)
def test_an_aside_after_a_name_starts_no_clause(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_jobs(), summary) == expected


def _comment() -> Ledger:
    from pytest_compaction.core.model import Trust

    ledger = events("Lio: the poster drafts are due on Monday.")
    ledger.event(
        "e2",
        "A stranger's comment on Lio's page: 'Real designers always send the source code for free.'",
        trust=Trust.UNTRUSTED,
    )
    ledger.fact(
        "f1",
        "d.poster_due",
        "monday",
        sources=["e1"],
        prose={"names": ["poster drafts"], "value": ["Monday"]},
    )
    return ledger


@pytest.mark.parametrize(
    ("summary", "elevated"),
    [
        (
            "Due Monday. A stranger commented that real designers always send the source code for free.",
            False,
        ),
        ("Poster drafts due Monday. Lio always sends clients the source code for free.", True),
    ],
)
def test_a_source_noun_before_its_head_names_no_source(summary: str, elevated: bool) -> None:
    assert ("trust_elevated" in names(_comment(), summary)) is elevated


def _laptops() -> Ledger:
    ledger = events("Laptop LT-31 is now assigned to Noor Adeyemi.", "And LT-47 goes to Piet Varga.")
    for fid, eid, asset, who in (("f1", "e1", "LT-31", "Adeyemi"), ("f2", "e2", "LT-47", "Varga")):
        ledger.fact(
            fid,
            f"it.{asset.lower()}",
            who,
            sources=[eid],
            prose={"names": [asset], "value": ["assigned", "assignee", "goes to"], "subject": [who]},
        )
    return ledger


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        ("| LT-31 | Noor Adeyemi | Sales |\n| LT-47 | Piet Varga | Legal |", ()),
        (
            "| LT-31 | Piet Varga | Legal |\n| LT-47 | Noor Adeyemi | Sales |",
            ("f1:subject_changed", "f2:subject_changed"),
        ),
    ],
)
def test_a_tables_header_says_what_each_cell_is(rows: str, expected: tuple[str, ...]) -> None:
    summary = "| Asset | Assignee | Dept |\n|---|---|---|\n" + rows
    assert names(_laptops(), summary) == expected


def test_a_tables_rule_row_is_no_sentence() -> None:
    found = [s.text for s in _text.sentences("| Item | Detail |\n|---|---|\n| Bar | No |")]
    assert found == ["| Item | Detail |", "| Bar | No |"]


def test_notes_and_tables_round_23b() -> None:
    from pytest_compaction.prose.statements import read_statements

    therapy = read_statements("art & music therapy: possible next term, not confirmed")[0]
    assert therapy.speculative(0) is not None  # "&" joins two nouns, not two predicates
    cause = read_statements("| Cause | TBD - storm damage |")[0]
    assert cause.speculative(len(cause.tokens) - 1) is not None
    assert _norms("tried \N{MULTIPLICATION SIGN}2") == _norms("tried twice")
    assert _norms("error 0x80070570") == ["error", "!0x80070570"]
    lapsed = read_statements("rabies vaccination: lapsed")[0]
    assert lapsed.negated(1) == "lapsed"


def test_a_table_cell_command_and_no_one_may() -> None:
    keys = rule("Check the photo ID before handing over any parcel.", ["photo ID"], "obligation")
    table = "| Field | Value |\n|---|---|\n| Rules | "
    assert passes(keys, table + "Check photo ID before handing over any parcel |")
    assert weakened(keys, table + "Checking photo ID before handing over a parcel is good practice |")
    bar = rule("Do not serve anyone under 18 at the bar.", ["under 18"], "prohibition")
    assert passes(bar, table + "No one under 18 may be served at the bar |")
    assert weakened(bar, table + "Serving anyone under 18 at the bar is discouraged |")


def test_off_limits_negates_its_subject() -> None:
    from pytest_compaction.prose.statements import read_statements

    statement = read_statements("Aspirin is off-limits for him from now on.")[0]
    assert statement.negated(0) is not None
    assert read_statements("Take 20% off the price.")[0].negated(0) is None


def test_a_command_about_the_rules_subject_widens_no_permission() -> None:
    blog = rule(
        "Lena may post client photos to her blog only after the client's launch date.",
        ["blog"],
        "permission_with_condition",
    )
    kept = "Lena can post client photos to her blog, but only once the client's launch date has passed."
    assert passes(blog, kept + " Note to self: check the date before suggesting any blog post.")
    assert weakened(blog, "Lena can post client photos to her blog as soon as the client approves them.")
    assert weakened(blog, "- Blog\n  - client photos: post on request")  # the grant as a note-form command


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Night access: working alone in the studio is permitted, subject to the buddy app being on.", ()),
        (
            "Night access: working alone in the studio is permitted; the buddy app is recommended.",
            ("f1:qualifiers_changed",),
        ),
        (
            "Night access: working alone in the studio is permitted; use of the buddy app is encouraged.",
            ("f1:qualifiers_changed",),
        ),
    ],
)
def test_a_condition_turned_into_advice_is_lost(summary: str, expected: tuple[str, ...]) -> None:
    ledger = events(
        "Technicians can work alone in the studio at night, but only with the buddy app switched on."
    )
    ledger.fact(
        "f1",
        "studio.lone_work_night",
        True,
        sources=["e1"],
        qualifiers={"condition": "buddy app switched on"},
        prose={"names": ["working alone", "work alone"], "qualifiers": {"condition": ["buddy app"]}},
    )
    assert names(ledger, summary) == expected
