"""Round 49's rules of English (a vet clinic's notes; household budgeting), each tested in
other words than the held-out set that showed the need:

- "stopped", "discontinued", "suspended", "removed" give a thing up, as "cancelled" does;
- a note's passive with its "was" left out ("Booking cancelled.", "overdraft removed at
  her request") negates what it follows, while an active verb with an object after it
  ("the courier cancelled the order") says nothing of its subject;
- a measure on the line before a sentence that names the fact with no value of its own (a
  patient card, then "O: wt down") is the fact's value;
- a doubt does not reach a second predicate after "and" with an auxiliary of its own
  ("suspects damp *and has booked* a surveyor");
- a failure is kept when the summary tells the record's own outcome in the record's words
  ("she hid under the bed for an hour");
- an intention ("I want to sort out X") listed after a label of things to do ("Next up:",
  "To do:") is still a plan; a "might" listed there is decided;
- a negation in a clause of purpose ("... by the 30th so the mortgage DD doesn't bounce")
  tells what the rule is for, not the rule.
"""

from __future__ import annotations

from _prose_rules import failure, passes, rule, weakened

from tests._prose_facts import events, fact, names


def test_a_treatment_stopped_or_discontinued_is_not_taken() -> None:
    ledger = fact(
        "Bramble is off the joint supplement now; the vet discontinued it in June.",
        "meds.bramble_joint_supplement",
        False,
        {"names": ["joint supplement"], "polarity": "negative"},
    )
    assert names(ledger, "Dr. Osei has stopped the joint supplement for Bramble.") == ()
    assert names(ledger, "Bramble: joint supplement discontinued in June.") == ()
    assert names(ledger, "Bramble stays on the joint supplement.") == ("f1:value_changed",)


def test_a_note_passive_without_was_negates_what_it_follows() -> None:
    ledger = fact(
        "Ines does not have a standing order to her brother any more; she asked the bank to end it.",
        "banking.standing_order_brother",
        False,
        {"names": ["standing order"], "polarity": "negative"},
    )
    assert names(ledger, "- Standing order to her brother removed at her request.") == ()
    assert names(ledger, "- Standing order to her brother: suspended.") == ()
    assert names(ledger, "- Standing order to her brother still runs monthly.") == ("f1:value_changed",)


def test_an_active_verb_with_an_object_says_nothing_of_its_subject() -> None:
    ledger = fact(
        "Our courier, Swiftline, is still on contract for the spring orders.",
        "shop.courier_contract",
        True,
        {"names": ["Swiftline"]},
    )
    assert names(ledger, "Swiftline cancelled two orders last week but stays our courier.") == ()
    assert names(ledger, "Swiftline removed the weekend surcharge.") == ()


def test_a_measure_on_the_line_before_is_the_named_facts() -> None:
    ledger = fact(
        "Moss, the 4-year-old collie, weighed 21.4 kg at today's check, up from last visit.",
        "exam.moss_weight_kg",
        21.4,
        {"names": ["weight", "weighed", "wt"], "value": ["21.4 kg"]},
    )
    assert names(ledger, "Moss - 4y MN collie - 21.4 kg\nO: wt up since last visit.") == ()
    assert names(ledger, "Moss - 4y MN collie - 24.1 kg\nO: wt up since last visit.") == ("f1:value_changed",)
    # a measure of its own in the naming sentence is the one read
    assert names(ledger, "Moss - 4y MN collie - 21.4 kg\nO: wt 24.1 kg, up since last visit.") == (
        "f1:value_changed",
    )


def test_a_measure_of_another_named_animal_is_not_the_facts() -> None:
    ledger = events("Moss weighed 21.4 kg today. Fern weighed 12.2 kg.")
    for fact_id, who, kg in (("f1", "Moss", 21.4), ("f2", "Fern", 12.2)):
        prose = {"names": ["weight", "weighed", "wt"], "value": [f"{kg} kg"], "subject": [who]}
        ledger.fact(fact_id, f"exam.{who.lower()}_weight_kg", kg, sources=["e1"], prose=prose)  # type: ignore[arg-type]
    assert "f1:value_changed" not in names(ledger, "Fern - 12.2 kg\nMoss: wt steady.")


def test_a_doubt_does_not_reach_a_second_predicate_after_and() -> None:
    ledger = events("The landlord suspects damp in the bedroom and has booked a surveyor for Monday.")
    told = "The landlord has booked a surveyor for Monday; he suspects damp in the bedroom."
    assert names(ledger, told) == ()
    assert names(ledger, "A surveyor is booked for Monday about the damp in the bedroom.") == (
        "unsupported_fact",
    )
    # "and will" may carry on the plan the doubt is about: still in doubt
    plan = events("We might repaint the hall in May and will ask Dara to help.")
    assert names(plan, "They will ask Dara to help repaint the hall in May.") == ("unsupported_fact",)


def test_a_failure_told_in_the_records_own_words() -> None:
    register = failure(
        "We tried coaxing Bella into the carrier with treats; she hid under the bed for an hour.",
        ["treats"],
    )
    assert passes(
        register, "Treats to coax Bella into the carrier were tried: she hid under the bed for an hour."
    )
    assert passes(register, "Coaxing Bella into the carrier with treats - she hid under the bed for an hour.")
    assert not passes(register, "Next time, coax Bella into the carrier with treats.")
    assert not passes(
        register, "Treats might coax Bella into the carrier, unless she hides under the bed for an hour."
    )
    # the outcome's words must all be there: "hid" left out tells no outcome
    assert not passes(
        register, "Treats to coax Bella into the carrier, then an hour under the bed to settle."
    )


def test_an_intention_listed_as_a_to_do() -> None:
    wish = events("Next I want to sort out the home insurance renewal.")
    assert names(wish, "To do: home insurance renewal.") == ()
    assert names(wish, "Next up: the home insurance renewal.") == ()
    assert names(wish, "Home insurance renewal sorted.") == ("unsupported_fact",)
    # a doubt is not an intention: listing it as the next thing to do decides it
    doubt = events("We might switch the energy to Voltwell next month.")
    assert names(doubt, "Next up: switch the energy to Voltwell.") == ("unsupported_fact",)


def test_a_negation_in_a_clause_of_purpose_is_not_the_rule() -> None:
    register = rule(
        "Top up the prepaid meter before Friday so the heating doesn't cut out.",
        ["prepaid meter"],
        "obligation",
    )
    assert passes(register, "- Top up the prepaid meter before Friday, so that the heating won't cut out.")
    assert weakened(
        register, "- Maybe top up the prepaid meter before Friday so the heating doesn't cut out."
    )
    # after a comma, "so" tells a consequence, and a command after it is still one
    forbid = rule("The cellar floods, so don't store boxes there.", ["cellar"], "prohibition")
    assert passes(forbid, "Cellar floods: don't store boxes there.")
