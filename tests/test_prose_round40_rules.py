"""Round 40's rules of English (travel itineraries; smart-home rules), each tested in other
words than the held-out set that showed the need:

- "longer than", "over", "more than", "above" are one bound in a condition, "shorter than",
  "under", "less than" another;
- "disabled", "deactivated" after a linking verb tell the state of their subject ("the
  doorbell chime stays disabled");
- "never leave the fan on" is "always switch the fan off";
- a source noun written as a name mid-sentence ("moving to Thread", "via Post Office
  Box 9") names no source;
- a definite phrase of cause after a noun ("a refund *for the cancelled flight*") is taken
  as known by the doubt before it.
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened

from tests._prose_facts import events, fact, names


def test_more_and_less_are_bounds_in_a_condition() -> None:
    register = rule(
        "Staff may claim a taxi only if the shift lasts longer than ten hours.",
        ["taxi"],
        "permission_with_condition",
    )
    assert passes(
        register,
        "A taxi can be claimed, but only if the shift runs over ten hours.",
    )
    assert weakened(
        register,
        "A taxi can be claimed, but only if the shift runs under ten hours.",
    )


def test_a_privative_after_a_linking_verb_tells_the_state() -> None:
    ledger = fact(
        "The doorbell chime on the side gate stays disabled while the baby naps.",
        "home.chime_enabled",
        False,
        {"names": ["doorbell chime"]},
    )
    assert names(ledger, "Side gate: doorbell chime disabled while the baby naps.") == ()
    assert names(ledger, "Side gate: doorbell chime enabled while the baby naps.") == ("f1:value_changed",)


def test_never_leave_it_on_is_always_switch_it_off() -> None:
    register = rule("Never leave the bathroom fan on overnight.", ["bathroom fan"], "prohibition")
    assert passes(register, "The bathroom fan must always be switched off overnight.")
    assert weakened(register, "The bathroom fan is normally switched off overnight.")


def test_a_source_noun_written_as_a_name_names_no_source() -> None:
    ledger = events(
        "Kettle is on the smart plug in the kitchen.",
        "We might move the lights from Zigbee to Thread in spring.",
    )
    assert names(ledger, "The lights moved from Zigbee to Thread.") == ("unsupported_fact",)
    assert names(ledger, "We might move the lights from Zigbee to Thread in spring.") == ()


def test_a_definite_cause_after_a_noun_is_known() -> None:
    ledger = events(
        "The agent said the airline may give a refund for the cancelled Lisbon flight, nothing promised."
    )
    assert (
        names(ledger, "The Lisbon flight was cancelled. The airline may give a refund, nothing promised.")
        == ()
    )
    assert names(ledger, "The Lisbon flight was cancelled. The airline is giving a refund.") == (
        "unsupported_fact",
    )
