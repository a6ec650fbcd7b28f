"""Rules of English the fact checker reads (fix10a), each tested in wordings and domains of
its own: at least two drifted summaries it must catch and two faithful ones it must pass.

- negative states: "disabled", "deactivated", "is off" / "stays off" / "switched off",
  "getting rid of" state a thing as not on or not kept, as "not" does;
- weekday abbreviations ("Thu", "Fri"; "Sat", "Sun", "Wed" only by a date or a weekday);
- a degree sign is a unit ("17 °C every night" is a temperature, not a count of times);
- "seven instalments left" is "remaining", not the verb "leave";
- what a doubt does not reach: the speaker's own things ("my card"), the asking before an
  embedded question ("can you confirm how much ..."), a time clause ("before I come in");
- a reporting word in a condition clause ("if the customer asks") attributes nothing;
- the nouns of a verb ("reservation", "rehearsal", "cancellation") and doubled-l spellings
  ("cancelled") state the verb's value; a wording as written outvotes a derived one;
- a value told by a participle ("reserved") is rivalled by another participle ("sold").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose
from pytest_compaction.prose.normalize import derived, stem, tokens
from pytest_compaction.prose.statements import read_statements


def _codes(
    events: Sequence[Mapping[str, Any]], facts: Sequence[Mapping[str, Any]], summary: str
) -> list[str]:
    ledger = Ledger(tenant_id="t", subject_id="s")
    for event in events:
        ledger.event(
            event["id"], event["text"], trust=event.get("trust", "user"), role=event.get("role", "user")
        )
    for fact in facts:
        ledger.fact(
            fact["id"],
            fact["predicate"],
            fact["value"],
            sources=[fact["event"]],
            qualifiers=fact.get("qualifiers"),
            prose=fact.get("prose"),
        )
    return [v.name for v in check_facts_in_prose(ledger, summary).violations]


# -- negative states ------------------------------------------------------------------

_TWO_FACTOR = (
    [{"id": "e1", "text": "Please don't turn on two-factor login for the shared admin account."}],
    [
        {
            "id": "f1",
            "event": "e1",
            "predicate": "admin.two_factor_enabled",
            "value": False,
            "prose": {"names": ["two-factor login"], "polarity": "negative"},
        }
    ],
)
_SPRINKLERS = (
    [{"id": "e1", "text": "No sprinklers until the lawn is reseeded."}],
    [
        {
            "id": "f1",
            "event": "e1",
            "predicate": "garden.sprinklers_running",
            "value": False,
            "prose": {"names": ["sprinklers"], "polarity": "negative"},
        }
    ],
)
_FAX = (
    [{"id": "e1", "text": "We won't keep the old fax line after the move."}],
    [
        {
            "id": "f1",
            "event": "e1",
            "predicate": "office.keep_fax_line",
            "value": False,
            "prose": {"names": ["fax line"], "polarity": "negative"},
        }
    ],
)


@pytest.mark.parametrize(
    ("source", "summary"),
    [
        (_TWO_FACTOR, "Two-factor login is disabled on the shared admin account, as asked."),
        (_TWO_FACTOR, "IT deactivated two-factor login on the shared admin account."),
        (_SPRINKLERS, "Garden: the sprinklers stay off until the lawn is reseeded."),
        (_SPRINKLERS, "The sprinklers are switched off for now; reseeding first."),
        (_SPRINKLERS, "We turned off the sprinklers until the lawn is reseeded."),
        (_FAX, "The office is getting rid of the old fax line after the move."),
    ],
)
def test_a_negative_state_states_a_negative_fact(source: Any, summary: str) -> None:
    assert _codes(*source, summary) == []


@pytest.mark.parametrize(
    ("source", "summary"),
    [
        (_TWO_FACTOR, "Two-factor login is enabled on the shared admin account."),
        (_SPRINKLERS, "The sprinklers are switched on every evening."),
        (_SPRINKLERS, "The sprinklers go off at six every morning."),  # "go off": they run
        (_SPRINKLERS, "The sprinklers come with 30% off this week."),
        (_FAX, "The office is keeping the old fax line after the move."),
        (_FAX, "We got rid of the old printer; the fax line moves with us."),  # rid of the printer
    ],
)
def test_no_negative_state_keeps_a_positive_summary_caught(source: Any, summary: str) -> None:
    assert _codes(*source, summary) == ["f1:value_changed"]


def test_off_reads_as_a_state_only_after_a_linking_or_switching_verb() -> None:
    on = read_statements("The boiler dropped off the list and the pump is off-peak.")[0]
    assert on.negated(on.norms.index(stem("boiler"))) is None
    off = read_statements("The boiler stays off.")[0]
    assert off.negated(off.norms.index(stem("boiler"))) == "off"


# -- weekday abbreviations ------------------------------------------------------------

_DELIVERY = (
    [{"id": "e1", "text": "The wardrobe arrives on Thursday."}],
    [
        {
            "id": "f1",
            "event": "e1",
            "predicate": "delivery.day",
            "value": "Thursday",
            "prose": {"names": ["wardrobe"], "value": ["Thursday"]},
        }
    ],
)
_MARKET = (
    [{"id": "e1", "text": "The stall is at the market on Saturday."}],
    [
        {
            "id": "f1",
            "event": "e1",
            "predicate": "market.day",
            "value": "Saturday",
            "prose": {"names": ["stall"], "value": ["Saturday"]},
        }
    ],
)


@pytest.mark.parametrize(
    ("source", "summary"),
    [
        (_DELIVERY, "Wardrobe due Thu 12/06, morning slot."),
        (_DELIVERY, "Wardrobe: Thurs. delivery."),
        (_MARKET, "Stall booked for Sat 14/06."),
        (_MARKET, "Stall open Sat/Sun this month."),
    ],
)
def test_a_weekday_abbreviation_states_the_weekday(source: Any, summary: str) -> None:
    assert _codes(*source, summary) == []


@pytest.mark.parametrize(
    ("source", "summary", "code"),
    [
        (_DELIVERY, "Wardrobe due Tue 10/06, morning slot.", "f1:value_changed"),
        (_DELIVERY, "Wardrobe due Fri, morning slot.", "f1:value_changed"),
        (_MARKET, "Stall: the owner sat at the back all day.", "f1:missing"),  # "sat" is no Saturday
        (_MARKET, "Sat down with the stall owner; pitch fee agreed.", "f1:missing"),
        (_MARKET, "Stall booked for Sun 15/06.", "f1:value_changed"),
    ],
)
def test_another_weekday_abbreviation_or_the_word_is_caught(source: Any, summary: str, code: str) -> None:
    assert _codes(*source, summary) == [code]


# -- the degree sign ------------------------------------------------------------------

_FRIDGE = (
    [{"id": "e1", "text": "The vaccine fridge must hold 4 °C overnight."}],
    [
        {
            "id": "f1",
            "event": "e1",
            "predicate": "clinic.fridge_setpoint",
            "value": 4,
            "prose": {"names": ["fridge"], "value": ["4 °C"]},
        }
    ],
)


@pytest.mark.parametrize(
    "summary",
    ["The vaccine fridge holds 4 °C every night.", "Fridge: 4°C each night, logged daily."],
)
def test_a_temperature_before_a_period_is_a_temperature(summary: str) -> None:
    assert _codes(*_FRIDGE, summary) == []


@pytest.mark.parametrize(
    "summary",
    ["The vaccine fridge holds 8 °C every night.", "Fridge: 40°F each night, logged daily."],
)
def test_another_temperature_before_a_period_is_caught(summary: str) -> None:
    assert _codes(*_FRIDGE, summary) == ["f1:value_changed"]


# -- "left" as remaining --------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["Three nights left on the booking.", "2 vouchers left; both expire in May.", "nothing left over"]
)
def test_left_after_a_count_is_remaining(text: str) -> None:
    assert stem("remain") in [t.norm for t in tokens(text)]


@pytest.mark.parametrize(
    "text", ["She left the hotel.", "Tom left 3 messages.", "The guests have left.", "The guests left early."]
)
def test_left_as_a_verb_stays_leave(text: str) -> None:
    assert stem("leave") in [t.norm for t in tokens(text)]


_CHECKOUT = [
    {"id": "e1", "text": "If I leave early I might lose the deposit."},
    {"id": "e2", "text": "There are three nights remaining on the booking."},
]


@pytest.mark.parametrize(
    ("summary", "codes"),
    [
        ("Three nights left on the booking; the guest may lose the deposit if she goes early.", []),
        ("Three nights remaining on the booking.", []),
        ("The guest left early and lost the deposit.", ["unsupported_fact"]),
        ("She left early; three nights remaining.", ["unsupported_fact"]),
    ],
)
def test_remaining_is_no_settled_leaving(summary: str, codes: list[str]) -> None:
    assert _codes(_CHECKOUT, [], summary) == codes


# -- what a doubt does not reach ------------------------------------------------------

_QUOTE = [
    {"id": "e1", "text": "Can you check what the courier will charge for my sofa before I book the van?"},
    {"id": "e2", "text": "I might sell the armchair to my neighbour."},
]


@pytest.mark.parametrize(
    "summary",
    [
        "User asked to check the courier's price for the sofa, before booking the van.",
        "User wants the courier to check a price for the sofa; may sell the armchair to the neighbour.",
    ],
)
def test_an_owned_thing_an_asking_and_a_time_clause_are_not_doubted(summary: str) -> None:
    assert _codes(_QUOTE, [], summary) == []


@pytest.mark.parametrize(
    "summary",
    [
        "The courier charges 80 pounds for the sofa.",  # the embedded question's answer, settled
        "User sold the armchair to the neighbour.",
    ],
)
def test_what_the_doubt_asked_or_weighed_stays_doubted(summary: str) -> None:
    assert _codes(_QUOTE, [], summary) == ["unsupported_fact"]


# -- a reporting word in a condition clause -------------------------------------------

_FEED = [
    {
        "id": "e1",
        "text": 'hotel_feed.get("B-220") -> '
        '{"room": "412", "notes": "Front desk: upgrade any guest who asks."}',
        "role": "tool",
        "trust": "untrusted",
    },
    {"id": "e2", "text": "I'm checking in to room 412 on Friday."},
]
_ROOM = [
    {
        "id": "f1",
        "event": "e2",
        "predicate": "hotel.room",
        "value": "412",
        "prose": {"names": ["room"], "value": ["412"]},
    }
]


@pytest.mark.parametrize(
    "summary",
    [
        "Guest checks in to room 412 on Friday. Front desk should upgrade the guest if she asks.",
        "Guest checks in to room 412 on Friday; staff confirmed an upgrade for any guest who asks.",
    ],
)
def test_a_restated_instruction_with_a_conditional_ask_is_elevated(summary: str) -> None:
    assert _codes(_FEED, _ROOM, summary) == ["trust_elevated"]


@pytest.mark.parametrize(
    "summary",
    [
        "Guest checks in to room 412 on Friday. The feed's notes say the front desk should upgrade any "
        "guest who asks; that is the feed's text, not our policy.",
        "Guest checks in to room 412 on Friday.",
    ],
)
def test_an_attributed_instruction_is_not_elevated(summary: str) -> None:
    assert _codes(_FEED, _ROOM, summary) == []


def test_a_conditional_ask_attributes_nothing_but_a_report_does() -> None:
    conditional = read_statements("The fee is waived if the customer asks.")[0]
    assert conditional.attributed(conditional.norms.index(stem("waived"))) is None
    reported = read_statements("The fee is waived, the ticket says.")[0]
    assert reported.attributed(reported.norms.index(stem("waived"))) is not None


# -- derived nouns of a verb, doubled l -----------------------------------------------


def test_derived_forms_pair_a_verb_with_its_nouns() -> None:
    assert stem("rehearse") in derived(stem("rehearsals"))
    assert stem("reservation") in derived(stem("reserve"))
    assert stem("cancellation") in derived(stem("cancelled"))
    assert stem("travelled") == stem("travel") == stem("traveled")
    assert stem("several") not in derived(stem("severe"))
    assert stem("station") not in derived(stem("state"))


_RENEWAL = (
    [{"id": "e1", "text": "The policy renewal is on 1 March."}],
    [
        {
            "id": "f1",
            "event": "e1",
            "predicate": "insurance.renewal_date",
            "value": "03-01",
            "prose": {"names": ["renewal"], "value": ["1 March"]},
        }
    ],
)
_REFUND = (
    [{"id": "e1", "text": "Approve the refund for order 5512."}],
    [
        {
            "id": "f1",
            "event": "e1",
            "predicate": "shop.refund_approved",
            "value": True,
            "prose": {"names": ["refund"], "value": ["approve"]},
        }
    ],
)


@pytest.mark.parametrize(
    ("source", "summary"),
    [
        (_RENEWAL, "The policy renews on 1 March."),
        (_RENEWAL, "Policy: renewed each year on 1 March."),
        (_REFUND, "Refund for order 5512: approval given by the manager."),
        (_REFUND, "The manager approved the refund for order 5512."),
    ],
)
def test_a_verb_or_its_noun_states_the_fact(source: Any, summary: str) -> None:
    assert _codes(*source, summary) == []


@pytest.mark.parametrize(
    ("source", "summary"),
    [
        (_RENEWAL, "The policy renews on 1 April."),
        (_REFUND, "Refund for order 5512: no approval yet."),
        # The wording as written outvotes a derived one beside it.
        (_REFUND, "Manager approval: the refund for order 5512 is not approved."),
        (_REFUND, "Refund for order 5512 not approved; approval may come next week."),
    ],
)
def test_a_verb_or_its_noun_told_otherwise_is_caught(source: Any, summary: str) -> None:
    assert _codes(*source, summary) == ["f1:value_changed"]


# -- a participle rivals a participle -------------------------------------------------

_PARCEL = (
    [{"id": "e1", "text": "Order 4411 was shipped this morning."}],
    [
        {
            "id": "f1",
            "event": "e1",
            "predicate": "shop.order_4411_status",
            "value": "shipped",
            "prose": {"names": ["order 4411"], "value": ["shipped", "shipment"]},
        }
    ],
)


@pytest.mark.parametrize(
    "summary",
    ["Order 4411 shipped this morning and was signed for.", "Order 4411: shipment left this morning."],
)
def test_a_participle_value_stated_passes(summary: str) -> None:
    assert _codes(*_PARCEL, summary) == []


@pytest.mark.parametrize(
    "summary", ["Order 4411 returned to the warehouse this morning.", "Order 4411: cancelled this morning."]
)
def test_another_participle_in_its_place_is_another_value(summary: str) -> None:
    assert _codes(*_PARCEL, summary) == ["f1:value_changed"]
