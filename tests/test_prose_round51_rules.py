"""Round 51's rules of English (question-and-answer memory cards), each tested in other
words than the held-out set that showed the need:

- a question as a bold line of its own is answered by the next line, as "Q:" / "A:" are;
- a "Q:" line is answered by an "A:" line; a line without "A:" after it is read on its own;
- "No." before a word that is not a number is an answer and ends its sentence ("A: No. The
  landlord ..."), while "Acct. No. 4471" and "Ref. No. CLM/2026/118" stay one sentence;
- a question of permission answered "No" forbids what it asks, and its "can" grants
  nothing to the answer's other sentences; a modal that opens a question is no command's
  verb, and neither is a noun in "-ment", "-ness" or "-ity" ("Recruitment agencies on the
  list are the usual first choice" is no command);
- "later" opens a sequence only after a comma ("3 March, later 17 March"); inside a clause
  it tells when something else happens ("asked about starting later").
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened

from pytest_compaction.prose._text import sentences
from pytest_compaction.prose.modality import imperative
from tests._prose_facts import fact, names, replaced


def test_a_bold_question_line_is_answered_by_the_next() -> None:
    ledger = fact(
        "Rafe must not have aspirin any more because of his stomach.",
        "health.aspirin_allowed",
        False,
        {"names": ["aspirin"], "polarity": "negative"},
    )
    assert names(ledger, "**Can Rafe still have aspirin?**\nNo longer - his stomach rules it out.") == ()
    assert names(ledger, "**Can Rafe still have aspirin?**\nYes, with food.") == ("f1:value_changed",)


def test_a_q_line_without_an_a_after_it_stays_unanswered() -> None:
    assert [s.text for s in sentences("Q: Gate code?\n5512 (back gate)")] == [
        "Gate code?",
        "5512 (back gate)",
    ]
    assert [s.text for s in sentences("Q: Gate code?\nA: 5512 (back gate)")] == [
        "Gate code: 5512 (back gate)"
    ]


def test_no_as_an_answer_ends_its_sentence() -> None:
    ledger = fact(
        "The hotel does not take dogs, so Bruno stays with Gran.",
        "trip.dogs_allowed",
        False,
        {"names": ["dogs", "dog", "Bruno"]},
    )
    assert (
        names(
            ledger,
            "Q: Can Bruno come to the Seaview hotel with us in August? A: No. Dogs are not allowed there.",
        )
        == ()
    )
    assert names(ledger, "Q: Can Bruno come to the hotel with us? A: Yes. Dogs are welcome there.") == (
        "f1:value_changed",
    )
    assert [s.text for s in sentences("Acct. No. 4471 is closed.")] == ["Acct. No. 4471 is closed."]
    assert len(sentences("Ref. No. CLM/2026/118 is open.")) == 1


def test_a_question_of_permission_answered_no_forbids() -> None:
    register = rule("Never leave the shed key under the mat.", ["shed key"], "prohibition")
    assert passes(register, "**Can the shed key go under the mat?**\nNo. It lives on the hook indoors.")
    assert passes(register, "Q: May the shed key stay under the mat? A: Never.")
    assert weakened(register, "**Can the shed key go under the mat?**\nYes, that's fine.")
    assert weakened(register, "**Can the shed key go under the mat?**\nPreferably not.")


def test_a_modal_opens_no_command() -> None:
    assert imperative("Can the shed key go under the mat: It lives on the hook indoors.") is None
    assert imperative("Should the gate be shut at night?") is None
    assert imperative("Do a head count at every stop.") == "do"


def test_a_noun_in_ment_opens_no_command() -> None:
    assert imperative("Recruitment agencies on the approved list are the first choice.") is None
    assert imperative("Shipment dates for June are fixed.") is None
    assert imperative("Document every change in the log.") == "document"


def test_later_inside_a_clause_tells_no_sequence() -> None:
    ledger = replaced(
        ("Ola starts on 3 March.", "Ola negotiated a later start: she now starts on 17 March."),
        "hr.start_date",
        ["start date", "starts", "start"],
        ("03-03", "3 March"),
        ("03-17", "17 March"),
    )
    assert names(ledger, "Start date: 3 March, later moved to 17 March.") == ()
    assert names(ledger, "Start date: 3 March; she asked about starting later (17 March).") == (
        "f1:forbidden_superseded_fact",
    )
