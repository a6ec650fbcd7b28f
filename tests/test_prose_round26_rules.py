"""Round 26's rules of English (voice-assistant recaps, graph-memory edges and memory
records), each tested in other words than the held-out set that showed the need:

- "avoid" and "skip" negate what they take ("the school run avoids the high street", "skip
  the oat milk"); "leave X out of Y" keeps X away as "keep X out of Y" does;
- a heading label ("Trip memory:", "Kitchen update:") asserts nothing;
- "while ..." fronts a command as "when ..." does;
- "don't let me forget" forbids an omission, so it keeps a duty;
- "..., and nothing else" / "(no other)" restricts as "only" does.
"""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.invariants import InvariantRegister
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
