"""Round 26's rules of English (voice-assistant recaps, graph-memory edges and memory
records), each tested in other words than the held-out set that showed the need:

- "avoid" and "skip" negate what they take ("the school run avoids the high street", "skip
  the oat milk"); "leave X out of Y" keeps X away as "keep X out of Y" does;
- a heading label ("Trip memory:", "Kitchen update:") asserts nothing;
- "while ..." fronts a command as "when ..." does;
- "don't let me forget" forbids an omission, so it keeps a duty;
- "..., and nothing else" / "(no other)" restricts as "only" does;
- a graph-memory edge reads as its sentence ("(Ana) -[DOES_NOT_OWN]-> (car)", "Ana
  --LIVES_IN--> Porto", "may_move_to -> Porto");
- a subject named by a proper name before a doubt is given ("Dario might join ..." doubts
  the joining, not Dario);
- a plural noun in "-ings" stems as its singular ("evenings" / "evening slot");
- a bar ends a record's field, so a condition does not run on into "| category: ...";
- "time permitting" and "if time allows" hedge a rule;
- the value's head noun with another modifier is another value ("aisle seat" for "window
  seat");
- an alternative after ", or" keeps its own doubt ("with Reyes, or Nakashima if ...");
- a record's head ("Entity: X; ...", "Client: X | ...") names whom its fields are about.
"""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose._notes import edges
from pytest_compaction.prose.invariants import InvariantRegister
from pytest_compaction.prose.normalize import stem
from tests._prose_facts import events, names


def _not(text: str, name: str) -> Ledger:
    ledger = events(text)
    ledger.fact("f1", "plan.uses", False, sources=["e1"], prose={"names": [name]})
    return ledger


@pytest.mark.parametrize(
    ("source", "name", "faithful", "drifted"),
    [
        (
            "Don't take the high street on the school run any more, it's all roadworks.",
            "high street",
            "The school run avoids the high street because of roadworks.",
            "The school run takes the high street despite the roadworks.",
        ),
        (
            "Don't buy oat milk this week, there's plenty.",
            "oat milk",
            "Shopping: skip the oat milk this week, there's plenty.",
            "Shopping: get the oat milk this week.",
        ),
        (
            "No coriander in the curry, Jo can't stand it.",
            "coriander",
            "Leave the coriander out of the curry for Jo.",
            "Put the coriander in the curry for Jo.",
        ),
    ],
)
def test_avoid_skip_and_leave_out_negate(source: str, name: str, faithful: str, drifted: str) -> None:
    assert names(_not(source, name), faithful) == ()
    assert names(_not(source, name), drifted) == ("f1:value_changed",)


def test_a_heading_label_asserts_nothing() -> None:
    ledger = events("We booked four nights in Ravello.", "We might hire a boat for a day out, not sure.")
    assert names(ledger, "Holiday memory: four nights in Ravello; a boat day is still undecided.") == ()
    assert names(ledger, "Holiday memory: four nights in Ravello; you're hiring a boat for a day out.") == (
        "unsupported_fact",
    )


_BINS = rule("Put the bins out every Thursday night while we're away.", ["bins"], "obligation")


def test_while_fronts_a_command() -> None:
    assert passes(_BINS, "While you're away, put the bins out every Thursday night.")
    assert weakened(_BINS, "While you're away, maybe put the bins out on Thursday nights.")


_DOSE = rule("give mum her eye drops every evening don't let me forget", ["eye drops"], "obligation")


def test_dont_let_me_forget_keeps_a_duty() -> None:
    InvariantRegister.coerce(_DOSE)  # read as the duty it is, not as a prohibition
    assert passes(_DOSE, "Mum's eye drops have to be given every evening.")
    assert weakened(_DOSE, "Mum's eye drops could be given in the evening if convenient.")


_CHARGER = rule("The laptop must only be charged from the wall socket by the desk.", ["laptop"], "obligation")


@pytest.mark.parametrize(
    "summary",
    [
        "The laptop charges from the wall socket by the desk and nothing else.",
        "The laptop charges from the wall socket by the desk (no other).",
    ],
)
def test_nothing_else_restricts(summary: str) -> None:
    assert passes(_CHARGER, summary)


def test_nothing_else_alone_is_no_rule() -> None:
    assert weakened(_CHARGER, "The laptop charges from the wall socket by the desk, ideally.")


@pytest.mark.parametrize(
    ("edge", "sentence"),
    [
        ("(Ana Ruiz) -[DOES_NOT_OWN]-> (car)", "Ana Ruiz does not own car"),
        ("Ana --LIVES_IN--> Porto (since: 2025)", "Ana lives in Porto (since: 2025)"),
        ("relations: may_move_to -> Porto", "relations: may move to Porto"),
        ("Order 12 -> no refund until Friday", "Order 12 -> no refund until Friday"),
    ],
)
def test_a_graph_edge_reads_as_its_sentence(edge: str, sentence: str) -> None:
    assert edges(edge) == sentence


def test_an_edge_keeps_its_negation() -> None:
    ledger = _not("Ana doesn't own a car; she cycles.", "car")
    assert names(ledger, "(Ana) -[DOES_NOT_OWN]-> (car)") == ()
    assert names(ledger, "(Ana) -[OWNS]-> (car)") == ("f1:value_changed",)


def test_a_named_subject_before_a_doubt_is_given() -> None:
    ledger = events("Dario Velluti might join the Leeds team after his probation. Nothing is decided.")
    assert names(ledger, "Entity: Dario Velluti; relations: may join -> Leeds team (undecided)") == ()
    assert names(ledger, "Entity: Dario Velluti; relations: joins -> Leeds team") == ("unsupported_fact",)


def test_an_ings_plural_stems_as_its_singular() -> None:
    assert stem("evenings") == stem("evening")
    assert stem("meetings") == stem("meeting")
    assert stem("things") == "thing"
    assert stem("rings") == "ring"


_SWAP = rule(
    "Coaches may move a lesson at less than 48 hours' notice only if the parent agrees in writing.",
    ["move a lesson"],
    "permission_with_condition",
)


def test_a_bar_ends_a_condition() -> None:
    kept = "memory: coaches can move a lesson at under 48 hours' notice only if the parent agrees in writing"
    kept += " | tag: policy"
    assert passes(_SWAP, kept)
    assert weakened(
        _SWAP,
        "memory: coaches can move a lesson at under 48 hours' notice if the parent is told | tag: policy",
    )


_STRETCH = rule("Always stretch for five minutes before any sprint session.", ["stretch"], "obligation")


@pytest.mark.parametrize("hedge", ["time permitting", "if time allows", "weather permitting"])
def test_time_permitting_hedges(hedge: str) -> None:
    assert weakened(_STRETCH, f"Stretch for five minutes before any sprint session, {hedge}.")


def _seat() -> Ledger:
    ledger = events("Noor always books a window seat on night trains.")
    ledger.fact(
        "f1",
        "travel.seat",
        "window",
        sources=["e1"],
        prose={"names": ["night trains"], "value": ["window seat"]},
    )
    return ledger


def test_another_modifier_of_the_head_noun_is_another_value() -> None:
    assert names(_seat(), "Noor: window seats booked on night trains.") == ()
    assert names(_seat(), "Noor: aisle seats booked on night trains.") == ("f1:value_changed",)


def _hygienist() -> Ledger:
    ledger = events("Book the scale and polish with Dr Alves.", "Alves is away, so it moves to Dr Brandt.")
    ledger.fact(
        "f1",
        "dental.with",
        "Alves",
        sources=["e1"],
        prose={"names": ["scale and polish"], "value": ["Alves"]},
    )
    ledger.fact(
        "f2",
        "dental.with",
        "Brandt",
        sources=["e2"],
        prose={"names": ["scale and polish"], "value": ["Brandt"]},
    )
    ledger.supersede("f1", "f2")
    return ledger


def test_an_alternative_after_or_keeps_its_own_doubt() -> None:
    assert names(_hygienist(), "Scale and polish: now with Dr Brandt, not Alves (away).") == ()
    assert names(_hygienist(), "Scale and polish: with Dr Alves, or Dr Brandt if Alves is away.") == (
        "f1:forbidden_superseded_fact",
    )


def _contacts() -> Ledger:
    ledger = events(
        "Client Marlow & Finch want every invoice sent to their buyer, Tove Lind.",
        "Brightwater Inn is a new lead.",
    )
    ledger.fact(
        "f1",
        "crm.invoice_contact",
        "Lind",
        sources=["e1"],
        prose={"names": ["invoice"], "value": ["Tove Lind"], "subject": ["Marlow & Finch", "Marlow"]},
    )
    return ledger


def test_a_record_head_names_whom_its_fields_are_about() -> None:
    faithful = "Client: Marlow & Finch | invoice -> Tove Lind\nClient: Brightwater Inn | status: lead"
    drifted = "Client: Marlow & Finch | status: active\nClient: Brightwater Inn | invoice -> Tove Lind"
    assert names(_contacts(), faithful) == ()
    assert names(_contacts(), drifted) == ("f1:subject_changed",)


def test_a_modifier_of_what_is_left_out_is_not_negated() -> None:
    ledger = _not("The landlord said dogs are not allowed in the flat.", "dogs")
    told = "The landlord confirmed that dogs are allowed. I'll leave dog arrangements out of the move list."
    assert names(ledger, told) == ("f1:value_changed",)
    assert (
        names(ledger, "No dogs allowed in the flat; I'll leave dog arrangements out of the move list.") == ()
    )


def test_the_leaving_verb_itself_is_not_negated() -> None:
    ledger = events("The sensor goes on the left ankle.")
    ledger.fact(
        "f1", "study.sensor_side", "left", sources=["e1"], prose={"names": ["sensor"], "value": ["left"]}
    )
    assert (
        names(ledger, "The sensor is worn on the left ankle; other details are left out of this note.") == ()
    )


def test_without_waiting_for_awaits_nothing() -> None:
    ledger = events("Ship the spare parts today without waiting for the invoice.")
    assert names(ledger, "Spare parts ship today without waiting for the invoice.") == ()


def test_an_untrusted_negative_claim_restated_in_other_negative_words_is_caught() -> None:
    ledger = events("Booked the hall.")
    ledger.event(
        "e2", "Forwarded note: trips under 50 miles no longer need a mileage log.", trust="untrusted"
    )
    assert names(ledger, "Hall booked. A mileage log is not required for trips under 50 miles.") == (
        "trust_elevated",
    )
    assert names(ledger, "Hall booked. Nothing has changed on mileage logs for trips.") == ()
