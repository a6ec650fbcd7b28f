"""Rounds 67 and 68's rules (a zoo's keeper handovers; a ski patrol's briefings; a
translation agency's status mails; a letting agent's notes), each tested in other words
than the held-out set that showed the need:

- a verb a source only doubted, told with nothing after it but a frame of time ("*renting
  after* the summer"), restates the doubt: "after", "until", "once" open no object of
  its own;
- a bare verb before a preposition of way or place ("*wade* through the ford", "*climb*
  over the stile") opens a command, unless a finite verb later makes it a subject ("Traffic
  through the yard is one-way"); so does a bare verb, a bare noun and a clause opened by an
  act ("*ring* reception before leaving the site"); and a bare verb before a plural object
  joined to another ("*pack* boots and a torch"), unless a finite verb later makes them a
  subject ("Spare boots and a torch are in the hut");
- a thing that no longer does what it does when it works ("the fob *no longer opens* the
  gate", "the plug *didn't fit*") tells an attempt's failure; one that "still fits" or
  "still opens" tells none; an error named as possible ("*possible* QUOTA_EXCEEDED") tells
  no failure;
- a prohibition of giving to "anyone not on" a list is kept by "only to" those on it, with
  or without "no exceptions"; "no X ever" after a comma forbids X ("supervised visits only,
  no unsupervised visits ever"), "no leak ever found" forbids nothing; "every single time"
  before a bracket insists as "always" does;
- a prohibition of changing a thing ("Never resize the logo") is kept by a duty to keep it
  as it is ("must always be kept at its original size", "left unchanged"); a duty that names
  the forbidden verb ("kept resized"), or keeps the thing out or to a minimum, is not;
- "only where" states a condition as "only if" does;
- a thing "off" a holder of items in a note ("peanuts *off his menu*", "Kit *off the
  rota*") is left out of it: the negation a fact of "not" has;
- a small number and a word joined by a slash ("4/very", "3/considerable") are a score and
  its word, not one code; a period after the slash ("2/week") stays a rate;
- the time that opens a doubted log line ("09:40 Ward B -> desk: ... may have ...") says
  when it was said, not what was doubted; "poss." and "prob." hedge as "possibly" and
  "probably" do;
- an old value "as planned" or "as booked" is told as standing, not as history; so is one
  before a comma after which another value comes with its own "if" (a weekday too: "Tue as
  agreed, Thu if ..."; after the word that names it: "bay 4, bay 6 if ...") or a clause of
  its own with a modal of doubt ("stays at 20 mg, the GP may lower it"); a fronted phrase
  or a name set off by commas opens no such clause;
- a noun of leaving and "of" before a name ("following the *retirement of* Ms Ode") tells
  the old holder as gone;
- a value, a bracketed aside and an arrow ("locked 07:00 (storm) -> open") tell the value
  as changed from;
- a negation inside an "if" clause ("if the van is still off the road") does not reach back
  to the value before the "if";
- a spaced slash before a note's next labelled item ("Ada = nut allergy / Bo = vegan")
  parts the items, so each label tells its own line;
- a condition of two clauses joined by "and" ("only when the wind is light and a second
  adult is on board") is two conditions: dropping either loses it; so is one whose second
  part shares the first's subject ("only if they are over 21 and listed on the permit");
- a permission "only with" a thing kept as "may only ... if" the thing is given keeps its
  "only": the "if" states the condition, whose words are then checked; without "only" the
  "if" is an exception added;
- a state told by a word with an opposite ("closed", "closure") is changed by that opposite
  ("reopening", "open"), not only missing, as a true/false fact's is;
- a clock time said as radio and speech say it ("ten forty-two", "oh nine fifteen",
  "thirteen oh five") is that time where it is the fact's value; its numbers make no other
  number in the sentence a rival ("table for 2");
- "wed", a weekday's short form that is also a word, is that day where the fact's value is
  it ("pick-up from the depot *wed*"); "sat" and "sun" are too often the verb and the noun;
- a "can" after ", so" and a subject ("pass it to the crew, so they can plan") is what they
  are able to do, no permission that weakens the rule;
- a noun and its "of" phrase before "still not" in a note ("the survey *of the east wall
  still not* done") is the subject the negation denies, as before "is not";
- a bullet and an emoji opening a note's line ("• 🔋 Log every swap") stand before its command;
- "212/240" is a count of a total (212 of 240) when the first number is 13 or more and no
  more than the second; "3/4" stays a fraction, "12/09" a date, "24/7" a phrase;
- a bare number the source writes with a unit ("logged 62 hours" for a value 62) is stated
  by the number with that unit;
- a shorter name inside a longer one ("extension" of "no-cost extension") is read where the
  longer one starts, so the "no" of "no-cost" negates nothing;
- a cross mark right before a negator ("Refund: ❌ no refund") agrees with it: one negation;
- "no" and a noun as a clause's subject, before its verb ("no bags *go* into hold 4", "no
  visitor *enters* bay 2"), denies the whole predicate, as "nothing goes" does;
- digit words joined by hyphens ("stand one-four", "flight five-oh-nine") spell a number
  digit by digit, as a code is read out on the radio; two before a unit are a range ("a
  two-three day wait"), and a run going on into a time ("oh-nine-fifteen") is the time;
- a period after a whole lower-case word ends a sentence before a note's next labelled item
  in lower case ("mon shift: Ada cooking. wed shift: Bo cooking"); after a short form
  ("Vacc. due: ...") it does not;
- an untrusted source's opinion told with a verb of thinking ("a guest *reckons* ...",
  "the caller *feels* ...") is attributed to it;
"""

from __future__ import annotations

import pytest
from _prose_facts import events, fact, names, replaced, untrusted
from _prose_rules import codes, failure, passes, rule, weakened

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.prose.normalize import tokens
from pytest_compaction.prose.statements import read_statements


def test_a_doubted_verb_with_only_a_frame_of_time_after_it_restates_the_doubt() -> None:
    ledger = events("The Okafors said they might rent the cottage once the summer lets end.")
    assert "unsupported_fact" in names(ledger, "- Okafors (neighbours) renting after summer lets")
    assert "unsupported_fact" in names(ledger, "- Okafors renting until the summer lets end")
    assert "unsupported_fact" not in names(ledger, "- Okafors (neighbours) may rent after summer lets")
    # a verb with an object of its own is still about something else
    assert "unsupported_fact" not in names(ledger, "- Okafors renting a van for the move after summer")


def test_a_bare_verb_before_a_way_or_a_clause_of_an_act_is_a_command() -> None:
    ford = rule("Wade through the ford only at the marked posts.", ["ford"], "obligation")
    assert passes(ford, "Ford: must wade through it at the marked posts only.")
    assert weakened(ford, "Ford: wading through it at the marked posts is usually fine.")
    gate = rule("Ring reception before leaving the site after dark.", ["reception"], "obligation")
    assert weakened(gate, "Ringing reception before leaving the site after dark is a nice touch.")
    assert passes(gate, "You must ring reception before leaving the site after dark.")


def test_a_noun_before_a_way_with_a_verb_of_its_own_is_no_command() -> None:
    with pytest.raises(PayloadError, match="does not read as an obligation"):
        passes(rule("Traffic through the yard is one-way on market days.", ["yard"], "obligation"), "Yard.")
    with pytest.raises(PayloadError, match="does not read as an obligation"):
        passes(rule("Fire door open after deliveries.", ["fire door"], "obligation"), "Fire door open.")


def test_a_thing_that_no_longer_does_its_work_tells_the_failure() -> None:
    record = failure("We tried the old gate fob at the depot; it no longer opens the barrier.", ["gate fob"])
    assert "failure_history_collapsed" not in codes(
        record, "Tried the old gate fob: no longer opens the barrier."
    )
    assert "failure_history_collapsed" in codes(record, "Old gate fob: maybe try it at the barrier again.")
    plug = failure("Tried the spare charger plug on the till; it didn't fit the socket.", ["charger plug"])
    assert "failure_history_collapsed" not in codes(plug, "The spare charger plug was tried and didn't fit.")
    assert "failure_history_collapsed" in codes(
        plug, "The spare charger plug still fits the till socket, worth a go."
    )


def test_only_those_on_the_list_keeps_anyone_not_on_it() -> None:
    register = rule("Never hand the van keys to anyone not on the insurance.", ["van keys"], "prohibition")
    assert passes(register, "Van keys go only to drivers named on the insurance, no exceptions.")
    assert passes(register, "Van keys go only to drivers named on the insurance.")
    assert weakened(register, "Van keys usually go only to drivers named on the insurance.")


def test_no_thing_ever_after_a_comma_forbids_it() -> None:
    register = rule("Never allow unsupervised visits with Daisy.", ["unsupervised visits"], "prohibition")
    assert passes(register, "Daisy: supervised visits only, no unsupervised visits ever (JM)")
    assert weakened(register, "Daisy: supervised visits mostly, unsupervised visits kept rare (JM)")
    leak = rule("Never run the boiler with the flue panel off.", ["flue panel"], "prohibition")
    assert weakened(leak, "Boiler checked twice, no leak ever found with the flue panel off.")


def test_every_single_time_before_a_bracket_insists() -> None:
    register = rule("Always sign the drugs book after each dose.", ["drugs book"], "obligation")
    assert passes(register, "Drugs book signed after each dose, every single time (AL)")
    assert weakened(register, "Drugs book signed after each dose, most of the time (AL)")


def test_a_duty_to_keep_a_thing_as_it_is_keeps_a_ban_on_changing_it() -> None:
    register = rule("Never resize the Arlow logo in the brochures.", ["Arlow logo"], "prohibition")
    assert passes(register, "The Arlow logo must always be kept at its original size in the brochures.")
    assert passes(register, "The Arlow logo must always be left unchanged in the brochures.")
    assert weakened(register, "The Arlow logo must always be kept resized in the brochures.")
    assert weakened(register, "The Arlow logo must always be scaled to fit in the brochures.")
    assert weakened(register, "The Arlow logo in the brochures: keep resizing to a minimum.")
    name = rule("Never translate the product name Vesta.", ["Vesta"], "prohibition")
    assert passes(name, "The product name Vesta must always stay in its original form.")
    assert weakened(name, "The product name Vesta must always be translated, keeping the original font.")


def test_only_where_states_the_condition() -> None:
    register = rule(
        "Volunteers may drive the minibus only if they hold a D1 licence.",
        ["minibus"],
        "permission_with_condition",
    )
    assert passes(register, "Volunteers can drive the minibus, but only where they hold a D1 licence.")
    assert weakened(register, "Volunteers can drive the minibus, but only where it is insured.")
    assert weakened(register, "Volunteers can drive the minibus.")


def test_a_thing_off_the_list_that_held_it_is_left_out() -> None:
    ledger = fact(
        "Otto is not to be given peanuts any more.",
        "diet.otto_peanuts",
        False,
        {"names": ["peanuts"]},
    )
    assert "f1:value_changed" not in names(ledger, "- Otto: peanuts off his menu for good")
    assert "f1:value_changed" in names(ledger, "- Otto: peanuts back on his menu")
    rota = fact("Kit is not on the weekend rota.", "rota.kit_weekend", False, {"names": ["Kit"]})
    assert "f1:value_changed" not in names(rota, "Weekend: Kit off the rota.")
    assert "f1:value_changed" in names(rota, "Weekend: dropped Kit off the rota meeting, Kit on Sat.")


def test_a_score_and_its_word_joined_by_a_slash_are_read_apart() -> None:
    ledger = fact(
        "Fire danger rating for the forest today: 4 (very high), 2 in the valley.",
        "fire.danger_forest",
        4,
        {"names": ["fire danger"], "value": ["4", "very high"]},
    )
    assert "f1:value_changed" not in names(ledger, "Fire danger: 4/very high in the forest, 2 in the valley.")
    assert "f1:value_changed" in names(ledger, "Fire danger: 3/high in the forest, 2 in the valley.")


def test_a_log_lines_stamp_is_not_doubted_and_poss_hedges() -> None:
    ledger = events("09:40 Ward B -> desk: the fall may have been caused by the wet floor by bay 3.")
    assert "unsupported_fact" not in names(ledger, "09:40: fall poss. caused by the wet floor by bay 3.")
    assert "unsupported_fact" not in names(ledger, "09:40: fall prob. caused by the wet floor by bay 3.")
    assert "unsupported_fact" in names(ledger, "09:40: fall caused by the wet floor by bay 3.")
    logged = "09:40 - call logged. The fall may have been caused by the wet floor by bay 3."
    assert "unsupported_fact" not in names(ledger, logged)


def test_an_old_value_as_planned_still_stands() -> None:
    ledger = replaced(
        (
            "The boiler service is on 3 March.",
            "The boiler service moved to 10 March at the engineer's request.",
        ),
        "service.date",
        ["boiler service"],
        ("03-03", "3 March"),
        ("03-10", "10 March"),
    )
    assert "f1:forbidden_superseded_fact" in names(
        ledger, "Boiler service on 3 March as planned; the engineer had asked about 10 March."
    )
    assert "f1:forbidden_superseded_fact" not in names(
        ledger, "Boiler service now 10 March instead of 3 March."
    )


def test_an_old_value_before_another_with_its_own_if_still_stands() -> None:
    ledger = replaced(
        ("The van delivery is on Tuesday.", "The van delivery is moved to Thursday."),
        "delivery.day",
        ["van delivery"],
        ("tuesday", "Tuesday"),
        ("thursday", "Thursday"),
    )
    drifted = names(ledger, "Van delivery: Tue as agreed, Thu if the van is still off the road.")
    assert "f1:forbidden_superseded_fact" in drifted
    assert "f2:value_changed" not in drifted
    assert "f1:forbidden_superseded_fact" not in names(ledger, "Van delivery: Tue -> Thu.")


def test_a_spliced_clause_of_doubt_leaves_the_clause_before_it_settled() -> None:
    ledger = replaced(
        ("Nell takes 20 mg of sertraline in the morning.", "The GP lowered Nell's sertraline to 10 mg."),
        "meds.nell_sertraline",
        ["sertraline"],
        (20, "20 mg"),
        (10, "10 mg"),
    )
    drifted = "Nell: sertraline stays at 20 mg for the morning, the GP may lower it to 10 mg."
    assert "f1:forbidden_superseded_fact" in names(ledger, drifted)
    assert "f1:forbidden_superseded_fact" not in names(
        ledger, "Nell: sertraline cut from 20 mg to 10 mg by the GP."
    )
    doubt = events("According to the pharmacist Ivo Brandt, the new pack might arrive on Friday.")
    assert "unsupported_fact" not in names(
        doubt, "According to Ivo Brandt, the new pack might arrive on Friday."
    )
    home = events("Rufus might go home on Friday once the vet has checked his stitches.")
    assert "unsupported_fact" not in names(
        home, "Once the vet has checked his stitches, Rufus might go home on Friday."
    )
    exam = events(
        "Mrs. Adeyemi-Holt thinks her nephew Tomas could be ready for the grade 3 violin exam in May."
    )
    told = (
        "In the view of his aunt, Mrs. Adeyemi-Holt, Tomas could perhaps be ready for the grade 3 violin exam"
    )
    assert "unsupported_fact" not in names(exam, told + " in May.")


def test_an_aside_between_a_value_and_its_arrow_tells_the_change() -> None:
    ledger = replaced(
        ("06:40 the north gate is locked for the storm.", "09:15 the north gate is open again."),
        "gate.north",
        ["north gate"],
        ("locked", "locked"),
        ("open", "open"),
    )
    assert "f1:forbidden_superseded_fact" not in names(
        ledger, "North gate: locked 06:40 (storm) -> open since 09:15."
    )
    assert "f1:forbidden_superseded_fact" in names(
        ledger, "North gate: locked since 06:40 (storm), clearing under way."
    )


def test_a_slash_parts_labelled_items_of_a_note() -> None:
    ledger = events("Guest Ada Lund has a nut allergy.", "Her friend Bo Stenberg is vegan.")
    ledger.fact(
        "f1",
        "diet.nut_allergy",
        "Lund",
        sources=["e1"],
        prose={"names": ["nut allergy"], "subject": ["Lund", "Ada"]},
    )
    ledger.fact(
        "f2",
        "diet.vegan",
        "Stenberg",
        sources=["e2"],
        prose={"names": ["vegan"], "subject": ["Stenberg", "Bo"]},
    )
    assert "subject_changed" not in {
        n.split(":")[-1] for n in names(ledger, "Room 2: Lund = nut allergy / Stenberg = vegan.")
    }
    swapped = names(ledger, "Room 2: Stenberg = nut allergy / Lund = vegan.")
    assert "f1:subject_changed" in swapped

    # a weekday list before a comma and the next label stays one clause
    assert set(read_statements("Gym: Mon / Wed / Fri, pool: Sat.")[0].clause) == {0}


def test_a_condition_of_two_joined_clauses_keeps_both() -> None:
    register = rule(
        "Members may take the dinghy out only when the wind is below 12 knots and a second adult is aboard.",
        ["dinghy"],
        "permission_with_condition",
    )
    kept = "Dinghy: OK only if wind under 12 knots and a second adult aboard."
    assert passes(register, kept)
    assert weakened(register, "Dinghy: OK once the wind is under 12 knots.")
    assert weakened(register, "Dinghy: OK with a second adult aboard.")


def test_a_closed_state_told_as_reopening_is_changed() -> None:
    ledger = fact(
        "The north car park is closed for resurfacing.",
        "site.north_car_park",
        "closed",
        {"names": ["north car park"], "value": ["closed", "closure"]},
    )
    assert "f1:value_changed" in names(ledger, "North car park: reopening after resurfacing.")
    assert "f1:value_changed" in names(ledger, "North car park: open again.")
    assert names(ledger, "North car park: closure for resurfacing.") == ()


def test_a_clock_time_said_aloud_is_the_time() -> None:
    ledger = fact(
        "The coach leaves the hotel at 09:05.",
        "tour.coach_departure",
        "09:05",
        {"names": ["coach"], "value": ["09:05"]},
    )
    assert names(ledger, "Coach away from the hotel oh nine oh five, bags on board first.") == ()
    assert names(ledger, "Coach away from the hotel nine oh five.") == ()
    assert names(ledger, "Coach away from the hotel nine thirty-five.") != ()
    late = fact(
        "Gate 3 boards at 13:35.",
        "gate.boarding",
        "13:35",
        {"names": ["boards", "boarding"], "value": ["13:35"]},
    )
    assert names(late, "Gate three, boarding thirteen thirty-five.") == ()
    # its numbers give the value no rival in another number of the line
    table = fact(
        "Dinner at Casa Lume is at 21:30.",
        "dinner.time",
        "21:30",
        {"names": ["Casa Lume"], "value": ["21:30"]},
    )
    assert "f1:value_changed" not in names(table, "| Dinner | Casa Lume, table for 2 |")


def test_a_sources_opinion_told_with_a_verb_of_thinking_is_attributed() -> None:
    ledger = untrusted(
        "Guest review on the booking site: 'Staff should always let dogs into the dining room.'"
    )
    assert "trust_elevated" not in names(
        ledger, "One guest reckons dogs should always be let into the dining room."
    )
    assert "trust_elevated" not in names(
        ledger, "A guest feels dogs should always be let into the dining room."
    )
    assert "trust_elevated" in names(ledger, "Dogs are always let into the dining room.")


def test_a_short_weekday_that_is_a_word_is_the_days_value() -> None:
    ledger = fact(
        "Jonas will pick up the spare tent from the depot on Wednesday.",
        "kit.tent_pickup",
        "wednesday",
        {"names": ["pick up", "pick-up"], "value": ["Wednesday"]},
    )
    assert names(ledger, "jonas: pick-up of the spare tent from the depot wed") == ()
    assert "f1:value_changed" in names(ledger, "jonas: pick-up of the spare tent from the depot fri")


def test_a_can_after_comma_so_is_a_purpose() -> None:
    register = rule(
        "Send the gate number to the coach driver so he can park at the right door.",
        ["gate number"],
        "obligation",
    )
    assert passes(register, "Send the gate number to the coach driver, so he can park at the right door.")
    assert weakened(register, "The coach driver can get the gate number if he wants it.")


def test_no_and_a_noun_before_a_verb_denies_the_predicate() -> None:
    ledger = fact(
        "The lift to bay 2 is out of order, so no trolleys go up to bay 2.",
        "store.bay2_trolleys_allowed",
        False,
        {"names": ["bay 2"]},
    )
    assert "f1:value_changed" not in names(ledger, "No trolleys go up to bay 2 while the lift is out.")
    assert "f1:value_changed" not in names(ledger, "Nothing goes up to bay 2 while the lift is out.")
    assert "f1:value_changed" in names(ledger, "Trolleys go up to bay 2 as usual.")


def test_digit_words_joined_by_hyphens_spell_a_number() -> None:
    ledger = fact(
        "The Lisbon flight leaves from gate 14.", "flight.gate", 14, {"names": ["gate"], "value": ["14"]}
    )
    assert names(ledger, "Lisbon flight: gate one-four.") == ()
    assert "f1:value_changed" in names(ledger, "Lisbon flight: gate one-five.")
    flight = fact(
        "Tonight's flight is TQ 509.", "flight.number", "TQ 509", {"names": ["flight"], "value": ["509"]}
    )
    assert names(flight, "Flight Tango Quebec five-oh-nine tonight.") == ()
    assert [t.norm for t in tokens("a two-three day wait")][1:3] == ["#2", "#3"]  # a range, no code 23
    assert [t.norm for t in tokens("oh-nine-fifteen")] == ["oh", "#9", "#15"]  # a time said aloud


def test_a_lower_case_labelled_item_after_a_period_opens_a_sentence() -> None:
    ledger = events("Ada Moreno cooks on the Monday shift.", "Bo Lindqvist cooks on the Wednesday shift.")
    ledger.fact(
        "f1",
        "rota.monday_cook",
        "Moreno",
        sources=["e1"],
        prose={"names": ["mon"], "value": ["cooking"], "subject": ["Moreno", "Ada"]},
    )
    ledger.fact(
        "f2",
        "rota.wednesday_cook",
        "Lindqvist",
        sources=["e2"],
        prose={"names": ["wed"], "value": ["cooking"], "subject": ["Lindqvist", "Bo"]},
    )
    assert names(ledger, "kitchen rota: mon shift: Ada cooking. wed shift: Bo cooking") == ()
    assert "f1:subject_changed" in names(
        ledger, "kitchen rota: mon shift: Bo cooking. wed shift: Ada cooking"
    )
    assert len(read_statements("Dog Pip. Vacc. due: rabies booster 24 Aug")) == 2


def test_a_bare_verb_before_two_joined_objects_is_a_command() -> None:
    register = rule("Pack boots and a head torch for the night walk.", ["head torch"], "obligation")
    assert passes(register, "Night walk: you must pack boots and a head torch.")
    assert weakened(register, "Night walk: boots and a head torch would be handy.")
    with pytest.raises(PayloadError, match="does not read as an obligation"):
        passes(rule("Spare boots and a head torch are in the hut.", ["head torch"], "obligation"), "Hut.")


def test_may_only_if_restates_only_with() -> None:
    register = rule(
        "Staff may take the pool car home only with written approval from the site manager.",
        ["pool car"],
        "permission_with_condition",
    )
    assert passes(
        register, "Pool car: staff may only take it home if the site manager gives written approval."
    )
    assert weakened(register, "Pool car: staff may take it home if they ask the site manager.")


def test_a_condition_whose_second_part_shares_the_subject_keeps_both() -> None:
    register = rule(
        "Helpers may drive the minibus only if they are over 21 and listed on the hire permit.",
        ["minibus"],
        "permission_with_condition",
    )
    assert passes(register, "Minibus: helpers can drive only if over 21 and listed on the hire permit.")
    assert weakened(register, "Minibus: helpers can drive if over 21.")


def test_an_error_named_as_possible_tells_no_failure() -> None:
    record = failure(
        "We applied to the harbour office for a mooring licence; it was refused with BERTH_FULL.",
        ["mooring licence"],
        ["BERTH_FULL"],
    )
    assert "failure_history_collapsed" not in codes(
        record, "Mooring licence: harbour office refused it, BERTH_FULL."
    )
    assert "failure_history_collapsed" in codes(
        record, "Mooring licence: could apply to the harbour office; possible BERTH_FULL in summer."
    )


def test_an_old_value_before_a_named_alternative_with_its_own_if_stands() -> None:
    ledger = replaced(
        ("The delivery van parks in bay 4.", "The delivery van moves to bay 6 while bay 4 is resurfaced."),
        "yard.van_bay",
        ["bay"],
        (4, "4"),
        (6, "6"),
    )
    assert "f1:forbidden_superseded_fact" in names(
        ledger, "Delivery van: in bay 4, bay 6 if the resurfacing starts."
    )
    assert "f1:forbidden_superseded_fact" not in names(ledger, "Delivery van: moved from bay 4 to bay 6.")


def test_a_subject_with_its_of_phrase_before_still_not_is_denied() -> None:
    ledger = fact(
        "The builders surveyed the east wall on Monday.",
        "site.east_wall_surveyed",
        True,
        {"names": ["east wall"], "value": ["survey", "surveyed"]},
    )
    assert names(ledger, "Site: survey of the east wall done Monday.") == ()
    assert "f1:value_changed" in names(
        ledger, "Site: survey of the east wall still not done; it was due Monday."
    )


def test_only_with_kept_beside_an_if_is_an_exception_added() -> None:
    register = rule(
        "Staff may take the pool car out only with a second driver aboard.",
        ["pool car"],
        "permission_with_condition",
    )
    assert passes(register, "Staff may take the pool car out only with a second driver aboard.")
    kept_with_if = "Staff may take the pool car out only with a second driver aboard, if the yard is quiet."
    assert weakened(register, kept_with_if)


def test_a_cross_mark_before_a_negator_agrees_with_it() -> None:
    ledger = fact(
        "Dana Ruiz gets no refund for the late return.", "refund.ruiz", False, {"names": ["refund"]}
    )
    assert "f1:value_changed" not in names(ledger, "Dana Ruiz (late return): ❌ no refund, desk told her.")
    assert "f1:value_changed" in names(ledger, "Dana Ruiz (late return): ✅ refund issued, desk told her.")


def test_a_command_after_an_emoji_is_a_command() -> None:
    register = rule(
        "Record every tyre change in the fleet log with the van number.", ["fleet log"], "obligation"
    )
    assert passes(register, "• 🛞 Record every tyre change in the fleet log w/ van number.")
    assert weakened(register, "🛞 Recording tyre changes in the fleet log w/ van number where you can.")


def test_a_count_of_a_total_is_two_numbers() -> None:
    ledger = fact(
        "The new labels are on 164 of the 200 crates.",
        "stock.crates_labelled",
        164,
        {"names": ["labels"], "value": ["164"]},
    )
    assert names(ledger, "new labels on 164/200 crates, rest tmrw") == ()
    assert "f1:value_changed" in names(ledger, "new labels on 146/200 crates, rest tmrw")
    assert tokens("24/7 cover")[0].norm == "!24/7"


def test_a_bare_number_the_source_writes_with_a_unit_is_stated_with_it() -> None:
    ledger = fact(
        "The volunteer log for May records 48 hours for Tomas Reyes.",
        "volunteers.reyes_may_hours",
        48,
        {"names": ["volunteer log"], "value": ["48"]},
    )
    assert names(ledger, "Tomas Reyes: volunteer log for May shows 48 hours.") == ()
    assert names(ledger, "Tomas Reyes: volunteer log for May shows 84 hours.") != ()


def test_a_noun_of_leaving_tells_the_old_holder_as_gone() -> None:
    ledger = replaced(
        ("The safeguarding lead is Ms Ode.", "Ms Ode has retired; Mr Varga is now the safeguarding lead."),
        "school.safeguarding_lead",
        ["safeguarding lead"],
        ("Ode", "Ode"),
        ("Varga", "Varga"),
    )
    told = "Following the retirement of Ms Ode, Mr Varga has been named safeguarding lead."
    assert "f1:forbidden_superseded_fact" not in names(ledger, told)
    assert "f1:forbidden_superseded_fact" in names(
        ledger, "Ms Ode and Mr Varga are both safeguarding lead now."
    )


def test_a_name_inside_a_longer_name_is_read_with_it() -> None:
    ledger = fact(
        "Grant RG-14 is not eligible for a no-cost extension.",
        "grant.rg14_nce",
        False,
        {"names": ["no-cost extension", "extension"], "polarity": "negative"},
    )
    assert "f1:value_changed" in names(ledger, "Grant RG-14: a no-cost extension can be obtained.")
    assert names(ledger, "Grant RG-14: no no-cost extension can be obtained.") == ()
