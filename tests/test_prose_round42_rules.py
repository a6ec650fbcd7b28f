"""Round 42's rules of English (building-trade job sheets; a lab notebook), each tested in
other words than the held-out set that showed the need:

- "the kit's optional step" names an optional thing, it lifts no rule; "the step is
  optional" does;
- "stop work and call the site manager" is a command with a bare object and a second
  command;
- "must always leave the party wall intact" keeps "never cut into the party wall";
- "the render was cracked", "the batch got contaminated" tell what an attempt spoiled; an
  error to "check it doesn't reach" is not met;
- "taken off the first-aid rota" removes from it.
"""

from __future__ import annotations

from _prose_rules import failure, passes, rule, weakened

from tests._prose_facts import fact, names


def test_an_optional_thing_named_lifts_no_rule() -> None:
    register = rule(
        "Always fit the kit's optional drip tray under the dehumidifier.", ["drip tray"], "obligation"
    )
    assert passes(register, "The kit's optional drip tray must be fitted under the dehumidifier every time.")
    assert weakened(register, "The drip tray under the dehumidifier is optional.")


def test_a_command_with_a_bare_object_and_a_second_command() -> None:
    register = rule(
        "Stop work and call the site manager if the scaffold tag is missing.", ["site manager"], "obligation"
    )
    assert passes(register, "Scaffold tag missing: stop work and call the site manager.")
    assert weakened(register, "Scaffold tag missing: perhaps mention it to the site manager.")


def test_leaving_it_intact_keeps_never_cutting_into_it() -> None:
    register = rule(
        "Never cut into the party wall when fitting the new joists.", ["party wall"], "prohibition"
    )
    assert passes(register, "New joists: the fitting must always leave the party wall intact.")
    assert weakened(register, "New joists: the fitting should ideally leave the party wall intact.")


def test_what_an_attempt_spoiled_is_its_failure() -> None:
    register = failure(
        "Rendering the north gable in January was tried; the render cracked within a week.", ["north gable"]
    )
    assert passes(
        register, "The north gable was rendered in January, but the render was cracked within a week."
    )
    assert not passes(register, "Render the north gable in spring and check it doesn't crack.")


def test_taken_off_a_rota_removes_from_it() -> None:
    ledger = fact(
        "Ines is no longer on the first-aid rota; her certificate expired in April.",
        "staff.first_aid_rota",
        False,
        {"names": ["first-aid rota"], "polarity": "negative"},
    )
    assert (
        names(ledger, "Ines has been taken off the first-aid rota; her certificate expired in April.") == ()
    )
    assert names(ledger, "Ines stays on the first-aid rota until her certificate is renewed.") == (
        "f1:value_changed",
    )
