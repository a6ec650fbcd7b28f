"""Round 27's rules of English (code-switching notes with European formats; an agent's
notes to itself), each tested in other words than the held-out set that showed the need:

- a bracketed aside between a subject and its negated verb keeps the subject under the
  negation ("the sauna (Sauna) isn't open");
- a decimal comma before a unit ("2,5 g", "0,75 l", "1,5 %") is a decimal, not thousands;
- a whole hour with a glued "h" after a word that places a time is a time of day ("ab
  16h", "from 9h"), and so is such an alias of a fact whose value is that hour;
- a source noun after "by", "via", "over" names a channel, not a teller ("by email");
- an alternative its source rules out after a comma, farther off ("French ..., not
  Spanish"), is another value;
- a hedge in brackets the value is not in does not reach it;
- the heading a bullet sits under asserts nothing;
- a condition given as an example ("e.g. if ...") or widened from one case to any ("that
  specific delivery" as "deliveries") is lost;
- "be cautious doing ..." hedges; a short bracket ("(e.g. iron, vit. D)") ends no sentence.
"""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose import _text
from pytest_compaction.prose.normalize import tokens
from tests._prose_facts import events, names


def _norms(text: str) -> list[str]:
    return [t.norm for t in tokens(text)]


def test_a_bracketed_aside_before_a_negated_verb() -> None:
    ledger = events("The hotel sauna is not open in July.")
    ledger.fact("f1", "hotel.sauna_open", False, sources=["e1"], prose={"names": ["sauna"]})
    assert names(ledger, "July: the sauna (Sauna) isn't open.") == ()
    assert names(ledger, "July: the sauna (Sauna) is open.") == ("f1:value_changed",)


@pytest.mark.parametrize(
    ("one", "other"),
    [("2,5 g", "2.5 g"), ("0,75 l", "0.75 l"), ("1,5 %", "1.5%"), ("3,25 kg", "3.25 kg")],
)
def test_a_decimal_comma_before_a_unit(one: str, other: str) -> None:
    assert _norms(one) == _norms(other)


@pytest.mark.parametrize("text", ["1,250 kg", "items 1,2 and 3"])
def test_a_thousands_comma_or_a_list_stays(text: str) -> None:
    assert not any(n.startswith("#") and "." in n for n in _norms(text))


@pytest.mark.parametrize(("text", "clock"), [("check-in ab 16h", "@16:00"), ("open from 9h", "@09:00")])
def test_an_hour_placed_on_the_clock(text: str, clock: str) -> None:
    assert clock in _norms(text)


@pytest.mark.parametrize("text", ["reply within 24h", "a 16h flight", "still open after 24h"])
def test_a_span_of_hours_stays_a_span(text: str) -> None:
    assert not any(n.startswith("@") for n in _norms(text))


def test_an_hour_alias_of_a_clock_value() -> None:
    ledger = events("Gäste arrive Sa, check-in ab 15h.")
    ledger.fact(
        "f1", "rental.checkin", "15:00", sources=["e1"], prose={"names": ["check-in"], "value": ["15h"]}
    )
    assert names(ledger, "Guests arrive Saturday; check-in from 15:00.") == ()
    assert names(ledger, "Guests arrive Saturday; check-in from 17:00.") == ("f1:value_changed",)


def test_a_channel_is_no_teller() -> None:
    ledger = events("The exam is on Friday.")
    ledger.event(
        "e2",
        "Pasted from the parents' chat: 'Tutors must answer questions by text until 10 pm.'",
        trust="untrusted",
    )
    assert names(ledger, "Tutors must answer questions by text until 10 pm.") == ("trust_elevated",)
    assert names(ledger, "The parents' chat claims tutors must answer questions by text until 10 pm.") == ()


def _course() -> Ledger:
    ledger = events(
        "I'm signing Mia up for the Italian evening course this term, not German, she did that already."
    )
    ledger.fact(
        "f1",
        "school.course",
        "Italian",
        sources=["e1"],
        prose={"names": ["evening course"], "value": ["Italian"]},
    )
    return ledger


def test_an_alternative_ruled_out_after_a_comma() -> None:
    assert names(_course(), "Mia: Italian evening course this term.") == ()
    assert names(_course(), "Mia: German evening course this term.") == ("f1:value_changed",)


def _room() -> Ledger:
    ledger = events(
        "Put Ravi in a quiet room on the 3rd floor.", "Actually, make it a room on the 5th floor."
    )
    ledger.fact("f1", "hotel.floor", "3rd", sources=["e1"], prose={"names": ["room"], "value": ["3rd floor"]})
    ledger.fact("f2", "hotel.floor", "5th", sources=["e2"], prose={"names": ["room"], "value": ["5th floor"]})
    ledger.supersede("f1", "f2")
    return ledger


def test_a_bracketed_hedge_does_not_reach_the_value() -> None:
    assert names(_room(), "Ravi: room on the 3rd floor (5th floor if he asks).") == (
        "f1:forbidden_superseded_fact",
    )
    assert names(_room(), "Ravi: room on the 5th floor (moved from the 3rd).") == ()


def test_the_heading_of_a_list_asserts_nothing() -> None:
    ledger = events("Sam flies to Oslo on 3 May.", "He may add a cruise afterwards.")
    assert names(ledger, "## Cruise plans\n- Oslo flight 3 May; cruise afterwards: maybe.") == ()
    assert names(ledger, "## Cruise plans\n- Oslo flight 3 May; cruise afterwards: booked.") == (
        "unsupported_fact",
    )


_REFUND = rule(
    "Agents may refund the delivery fee only when the parcel arrived late.",
    ["delivery fee"],
    "permission_with_condition",
)
_GATE = rule(
    "The agent may open the gate for a visitor only after Ines approves that specific visitor in the app.",
    ["gate"],
    "permission_with_condition",
)


def test_a_condition_as_an_example_is_lost() -> None:
    assert passes(_REFUND, "Delivery fee: you can refund it only if the parcel arrived late.")
    assert weakened(_REFUND, "Delivery fee: you can refund it, e.g. if the parcel arrived late.")
    assert weakened(_REFUND, "Delivery fee: you can refund it, for example when the parcel arrived late.")


def test_a_condition_widened_from_one_case_to_any_is_lost() -> None:
    assert passes(
        _GATE,
        "Gate: you may open it for a visitor, but only once Ines has approved that particular visitor"
        " in the app.",
    )
    assert weakened(_GATE, "Gate: you may open it for a visitor once Ines has approved visitors in the app.")


_NUTS = rule("Never offer nuts to the Brennan twins.", ["nuts"], "prohibition")


def test_be_cautious_doing_hedges() -> None:
    assert weakened(_NUTS, "Be cautious offering nuts to the Brennan twins.")
    assert passes(_NUTS, "Never offer nuts to the Brennan twins; keep careful records of snacks.")


def test_a_short_bracket_ends_no_sentence() -> None:
    assert [s.text for s in _text.sentences("Avoid sweets (e.g. toffee, choc. bars) at night.")] == [
        "Avoid sweets (e.g. toffee, choc. bars) at night."
    ]
    assert len(_text.sentences("It rained (a lot. Then it stopped.")) == 2
