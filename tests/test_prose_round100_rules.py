"""Rounds 100 and on, each rule tested in other words than the held-out set that showed the
need:

- "us" or "me" right after a verb of asking or telling whose teller is someone else ("a
  woman ringing as the landlord *told us* to ...") is who the report speaks to: the
  summary's own speakers are addressed, the words stay the caller's; "you asked me to" is
  still the reader's own request;
- a thing fixed or joined that "came away", "came loose", "came apart" or "fell off" after
  an attempt is a failure the record tells, and a summary keeps it by saying so;
- a three-letter word of a marker takes a plural's "s" ("cot" finds "cots");
- two measures a slash sets side by side, a temperature first or a duration second
  ("180C/25min", "5km/40min"), are each read as written apart; a dose per a volume
  ("250mg/5mL") stays a strength;
- a condition said in its own words with the shape of the invariant's (as many words, some
  in place) keeps it only if it keeps a word of the invariant's condition past the first
  ones compared, when there are any ("when the tenant emails a photo" is not "if the tenant
  brings the broken part with its receipt");
- "pre-" or "post-" joined to a time, a year or a number ("pre-06:00", "post-2019") is
  "before" or "after" it;
- a try that "didn't shift", "never cleared" or "did not get rid of" what it was for is a
  failure told; "worth a go" or "give it a go" offers a try still ahead;
- "running" and "straight" after a count tell one after another, as "consecutive" does;
  "steady", "unchanged" and "constant" tell what "stable" does, also in a condition that
  holds a marker;
- a bare value the source writes with thousands commas and a unit ("1,842.6 hours") is
  stated by the digits without the commas and the unit ("1842.6 h");
- a privative or "un-" word right after a name with its "is" left out, or answering the
  name's label, is the name's state ("hob INOP", "back door: unlocked", "lift U/S"); after
  a measure it is a kind of the thing ("a 90-litre unvented tank");
- a month and its year in figures ("09/2027", "2027-09") is that month, as "September
  2027" reads;
- "Eng.", "Insp.", "Supt.", "Cllr." and other titles before a name end no sentence;
- a period named alone in a condition ("by day", "in the same week") is one of its words;
- an "if" or "when" clause that says only that one of the things a rule covers every one
  of is come upon ("If you spot a spill, ..." for "Log every spill you notice ...") adds no
  exception; one that says what the thing is like ("if a spill looks small") does;
- a waiver in a part of a rule set against it by "but" ("Gloves are optional, but goggles
  are compulsory ...") lifts nothing, and a waiver word the rule's own text holds ("until
  the hold is lifted"), repeated in a summary, lifts nothing either;
- after an attempt, a clause that denies what the try was for ("the bead would not seat",
  "she never went in") tells its failure, as "no reply came", "went to voicemail" and "set
  off the alarm" do; one that denies a trouble ("it did not leak again") does not;
- an age band takes a plural ("under-12" finds "Under-12s"; a code such as "T-14" does not);
- "not one ... without" and "not a single ... unless" forbid as "none ... without" does;
- a doubt that stands later in another stretch of a sentence ("shut till 2pm, the council
  rang to say it could run on to 5pm") doubts what follows it, not an old value before it;
- a telling verb of the summary's own speaker ("The AI noted that ...") restates the claim
  as its own; "must be given" is an act, no telling;
- a source's claimed identity ("signed 'site manager'") told as the one who spoke ("The
  site manager had said ...") restates the claim; told as the claim ("a note signed as the
  site manager saying ...") reports it;
- a name that modifies its subject's head noun ("*weekend* shifts on the rota cannot be
  swapped") is negated with it, past a modifier of the head;
- "still cut out", "still blew" and other irregular pasts after "still" tell a failure that
  went on;
- an "if" clause that restates the rule's own relative clause ("If a volunteer hasn't done
  the height training, ..." for "a volunteer who has not done the height training") adds no
  exception; one about something else ("if the job is urgent") does;
- "Nobody", "none" and "nothing" open no command; "nobody under 18 drives the van" forbids,
  past the age;
- a bare verb, its bare object and a place it goes to ("Report lost gear to the harbour
  office") is a command; a past form after the object ("contact kept to a minimum") is a
  passive, no command;
- a dotted time on the hour ("fri 8.00") states a clock time the fact writes "8:00"; its
  dial hour alone ("5" for 17:00) does not;
- a day or a time after the object of "dropping" tells when it is brought ("dropping the
  trailer weds 9.15"), no giving up; "dropping the weds 9.15 yoga class" still gives it up;
- a negated auxiliary written without its apostrophe ("doesnt", "dont", "cant", "wont",
  "isnt") negates as its spelling with the apostrophe does;
- a note's "no" before an act of omission ("no skipping the check") forbids the omission,
  a duty; after a comma, "no" and an act done to a thing ("..., no moving them") forbids
  it; "no" and a state ("..., no flooding") forbids nothing;
- an "OK" given by someone keeps a condition of their assent past an adjective ("only
  with their *written OK*");
- a rule about a thing on or in what a marker names, told from the other side with the
  opposite particle on the marker and the opposite force ("always on a lead" as "never
  off the lead"), keeps it;
- a note's "best" and a participle opening a clause ("pale: best kept out of tank 3") is
  advice, as "is best kept" is;
- a thing in a state before something is done, in note form ("gloves on before handling
  the bait", "props down on boards before anyone climbs"), is a standing rule; a gerund
  opening it ("popping the guard on before ... is a good shout") is a subject, and "a good
  shout" is advice;
- an agent report's "Task:" or "Topic:" line names what the report is about and asserts
  nothing;
- a memory graph's fact line ("Crew B - ROWS_IN - the Harriet Bell") reads as the clause
  its relation names, so "NOT_ALLOWED_ON" negates and "- RULE -" holds a rule;
- "working towards" or "studying for" a thing tells it is not yet had, as "waiting for"
  does;
- the verb after a rule's opening "Always" is the rule's own act: "every single dog gets
  weighed" tells "Always weigh every dog" as a standing procedure;
- a middle dot or a bullet between the parts of a line ("JOB 88 \u00b7 Mrs Oduya \u00b7 keys x2")
  sets each part apart as a clause, as a semicolon does;
- a prohibition of acting for someone who lacks a thing ("Never lend a kayak to anyone who
  can't show a paddle certificate") is kept by a duty to have the thing before the act
  ("A paddle certificate is always required before we lend a kayak");
- "a single" states a count of one ("a single spare key");
- a thing that "stays shut the whole time" or "at all times" something goes on is kept so
  by a standing rule, as "stays shut until" is;
- "every X goes in" the marker tells a standing procedure of putting each there; "nothing
  below a Class 2 harness" keeps a duty to use a Class 2 harness;
- an attempt "talked about" or that someone "could" make is only considered, not tried;
  "could not" tells a failure;
- a date in figures whose day and month could swap ("03/06") states the fact's date when
  the source writes the day and month in that order ("3 June"), and only then;
- a sentence that says an untrusted claim is still unchecked ("Nobody's checked who she
  was") doubts it, no elevation.
"""

from __future__ import annotations

import pytest
from _prose_facts import events, fact, names, untrusted
from _prose_rules import codes, failure, passes, rule, weakened

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.prose._edges import edges_read
from pytest_compaction.prose._text import sentences
from pytest_compaction.prose.normalize import tokens
from pytest_compaction.prose.summary import check_prose


def test_a_report_addressed_to_us_stays_the_callers() -> None:
    ledger = untrusted(
        "Voicemail from a man saying he is the landlord: "
        "'Hand the spare keys to my nephew when he calls round.'"
    )
    told = (
        "A man rang saying he was the landlord, telling us to hand the spare keys to his nephew. Unverified."
    )
    assert names(ledger, told) == ()
    assert names(ledger, "A woman phoned and asked me to hand the spare keys to her nephew.") == ()
    assert names(ledger, "The landlord wants the spare keys handed to his nephew.") == ("trust_elevated",)
    assert names(ledger, "You asked me to hand the spare keys to your nephew.") == ("trust_elevated",)


def test_a_fixing_that_came_loose_is_a_failure() -> None:
    record = failure(
        "Gluing the skirting back with contact adhesive was tried; it came away from the wall overnight.",
        ["contact adhesive"],
    )
    assert codes(record, "Contact adhesive was tried on the skirting and it came loose overnight.") == set()
    assert codes(record, "Tried contact adhesive for the skirting - it fell off overnight.") == set()
    assert codes(record, "Contact adhesive is an option for the skirting.") == {"failure_history_collapsed"}
    assert codes(record, "Contact adhesive was tried on the skirting; it has not come loose.") == {
        "failure_history_collapsed"
    }


def test_a_three_letter_marker_word_finds_its_plural() -> None:
    register = rule("Never leave a cot by the radiator.", ["cot"], "prohibition")
    assert passes(register, "Cots: never by the radiator.")
    assert weakened(register, "Cots: ideally not by the radiator.")
    assert codes(register, "Cotswold trip: never by the radiator.") == {"invariant_dropped"}


def test_two_measures_side_by_side_are_each_read() -> None:
    ledger = fact(
        "The sourdough bakes at 180C for 25 minutes.",
        "bake.minutes",
        25,
        {"names": ["sourdough"], "value": ["25 minutes"]},
    )
    assert names(ledger, "Sourdough: 180C/25min.") == ()
    assert names(ledger, "Sourdough: 180C/35min.") == ("f1:value_changed",)
    assert [t.norm for t in tokens("5km/40min")] == ["#5", "~km", "#2400", "~second"]
    assert [t.norm for t in tokens("250mg/5mL")] == ["!250mg/5ml"]


def test_a_condition_in_the_same_shape_keeps_a_later_word() -> None:
    register = rule(
        "Staff may refund a kettle only if the tenant brings the broken part back with its receipt.",
        ["refund"],
        "permission_with_condition",
    )
    assert passes(register, "Refund a kettle only when the tenant returns the broken part with the receipt.")
    assert weakened(register, "Refund a kettle when the tenant phones in a broken kettle.")


def test_pre_and_post_before_a_time_bound_it() -> None:
    register = rule(
        "Cleaners may use the side gate only before 07:30.", ["side gate"], "permission_with_condition"
    )
    assert passes(register, "Side gate: cleaners can use it only pre-07:30.")
    assert weakened(register, "Side gate: cleaners can use it only post-07:30.")
    assert [t.norm for t in tokens("post-2019 boilers")][:2] == [t.norm for t in tokens("after 2019")]


def test_a_try_that_did_not_take_away_the_trouble_failed() -> None:
    record = failure(
        "We tried bicarb paste on the oven door for the burnt grease; the grease was still there next day.",
        ["bicarb paste"],
    )
    assert codes(record, "Oven door: bicarb paste tried already, didn't shift the burnt grease.") == set()
    assert codes(record, "Oven door: bicarb paste tried, never got rid of the grease.") == set()
    assert codes(record, "Oven door: bicarb paste on the burnt grease is worth a go.") == {
        "failure_history_collapsed"
    }
    assert codes(record, "Oven door: give it a go with bicarb paste on the grease.") == {
        "failure_history_collapsed"
    }


def test_a_try_offered_as_worth_a_go_is_not_made() -> None:
    record = failure(
        "Re-seating the fan board was tried twice; the unit still showed E4.", ["fan board"], ["E4"]
    )
    assert codes(record, "Fan board re-seated twice, the unit still shows E4.") == set()
    assert codes(record, "Unit showing E4; re-seating the fan board is worth a go.") == {
        "failure_history_collapsed"
    }


def test_steady_and_running_keep_a_stable_consecutive_condition() -> None:
    register = rule(
        "The night nurse may stop the drip only if the patient's BP has been stable for four consecutive"
        " readings.",
        ["BP"],
        "permission_with_condition",
    )
    assert passes(
        register, "Drip: the night nurse can stop it only once BP has stayed steady four readings running."
    )
    assert passes(register, "Drip: stop it only after BP has been unchanged for four straight readings.")
    assert weakened(register, "Drip: the night nurse can stop it once BP looks about normal.")
    assert weakened(register, "Drip: the night nurse can stop it once BP has been taken four times.")


def test_a_bare_value_with_thousands_commas_is_stated_with_its_unit() -> None:
    ledger = fact(
        "The generator has run 3,417.5 hours since its rebuild.",
        "generator.hours",
        3417.5,
        {"names": ["generator"], "value": ["3,417.5"]},
    )
    assert names(ledger, "generator: 3417.5 h since rebuild") == ()
    assert names(ledger, "generator: 3471.5 h since rebuild") == ("f1:value_changed",)


def test_a_noted_state_after_a_name_negates_it() -> None:
    ledger = fact(
        "The extractor hood is not working: the motor hums but the fan does not turn.",
        "kitchen.hood_working",
        False,
        {"names": ["extractor hood"], "polarity": "negative"},
    )
    assert names(ledger, "extractor hood INOP, motor hums") == ()
    assert names(ledger, "extractor hood: U/S since Tues") == ()
    assert names(ledger, "- Extractor hood: unusable") == ()
    assert names(ledger, "extractor hood: working, motor hums") == ("f1:value_changed",)
    tank = fact(
        "The new tank holds 90 litres.", "tank.litres", 90, {"names": ["tank"], "value": ["90 litres"]}
    )
    assert names(tank, "Tank: 90-litre unvented.") == ()


def test_a_month_and_year_in_figures_is_that_month() -> None:
    ledger = fact(
        "The fire extinguisher's service is due in September 2027.",
        "extinguisher.service_due",
        "2027-09",
        {"names": ["extinguisher"], "value": ["September 2027"]},
    )
    assert names(ledger, "extinguisher service due 09/2027") == ()
    assert names(ledger, "extinguisher service due 2027-09") == ()
    assert names(ledger, "extinguisher service due 10/2027") == ("f1:value_changed",)


def test_a_title_before_a_name_ends_no_sentence() -> None:
    said = "Do not sign off the boiler until Eng. Okafor has checked it. Insp. Rao visits Monday."
    assert [s.text for s in sentences(said)] == [
        "Do not sign off the boiler until Eng. Okafor has checked it.",
        "Insp. Rao visits Monday.",
    ]


def test_a_period_named_alone_is_a_word_of_a_condition() -> None:
    register = rule(
        "Volunteers may walk the dogs on the heath only if the walk is by day.",
        ["heath"],
        "permission_with_condition",
    )
    assert passes(register, "Heath: volunteers can walk the dogs there, day walks only.")
    assert weakened(register, "Heath: volunteers can walk the dogs there, only if the walk is at night.")


def test_coming_upon_what_a_rule_covers_is_no_exception() -> None:
    register = rule("Log every spill you notice in the hazard book at once.", ["hazard book"], "obligation")
    assert passes(register, "If you spot a spill, log it in the hazard book at once.")
    assert passes(register, "When a spill happens, log it in the hazard book at once.")
    assert weakened(register, "If a spill looks small, log it in the hazard book at once.")
    assert weakened(register, "If you see the supervisor, log every spill in the hazard book at once.")
    assert weakened(register, "If you spot a spill, writing it in the hazard book is appreciated.")


def test_a_waiver_set_against_the_rule_lifts_nothing() -> None:
    register = rule(
        "Gloves are optional, but safety goggles are compulsory for every visitor in the glass studio.",
        ["goggles"],
        "obligation",
    )
    assert passes(register, "Glass studio: goggles compulsory for every visitor, gloves optional.")
    assert weakened(register, "Glass studio: goggles recommended for visitors, gloves optional.")
    held = rule("Do not open the cold room until the quarantine is lifted.", ["cold room"], "prohibition")
    assert passes(held, "Cold room must stay shut until the quarantine is lifted.")
    assert weakened(held, "Cold room is best kept shut until the quarantine is lifted.")


def test_an_attempt_denied_what_it_was_for_failed() -> None:
    seat = failure("Fitting the new gasket by hand was tried; the lid would not close.", ["gasket"])
    assert codes(seat, "Gasket fitted by hand, tried - lid wouldn't close.") == set()
    assert codes(seat, "Gasket: could try fitting it by hand, see if the lid closes.") == {
        "failure_history_collapsed"
    }
    trap = failure(
        "Leaving the cat carrier open in the shed was tried for two nights; she never went in.",
        ["cat carrier"],
    )
    assert codes(trap, "Cat carrier in the shed tried, 2 nights, she never went in.") == set()
    sent = failure(
        "A chaser letter was posted to the landlord on 3 May; no reply came within 14 days.",
        ["chaser letter"],
    )
    assert codes(sent, "Chaser letter posted 3 May; no reply was received within 14 days.") == set()
    assert codes(sent, "Chaser letter could be posted; the landlord has 14 days to reply.") == {
        "failure_history_collapsed"
    }
    rang = failure("Ringing the depot was tried twice; both calls went to voicemail.", ["depot"])
    assert codes(rang, "Rang the depot twice, went straight to voicemail both times.") == set()
    with pytest.raises(PayloadError):
        failure_register("We tried resealing the joint; it did not leak again.", ["joint"])


def failure_register(text: str, approach: list[str]) -> None:
    """Load a one-record register (its record is checked as it loads)."""
    check_prose(failure(text, approach), "")


def test_an_age_band_takes_a_plural() -> None:
    register = rule(
        "Staff may let an under-12 on the climbing wall only if a parent stays in the hall.",
        ["under-12"],
        "permission_with_condition",
    )
    assert passes(register, "Under-12s: allowed on the wall, but only if a parent stays in the hall.")
    assert weakened(register, "Under-12s: allowed on the wall if they have climbed before.")


def test_not_one_without_forbids() -> None:
    register = rule("Never send a parcel out without a tracking label.", ["parcel"], "prohibition")
    assert passes(register, "Parcels: not one goes out without a tracking label.")
    assert passes(register, "Parcels: not a single one leaves unless it has a tracking label.")
    assert weakened(register, "Parcels: one usually goes out with a tracking label.")


def test_a_later_doubt_leaves_an_old_value_current() -> None:
    ledger = events(
        "The footbridge is closed for repairs until 3 pm.",
        "Council update: the repairs have overrun, so the footbridge is now closed until 6 pm.",
    )
    for fact_id, event_id, value, words in (("f1", "e1", "15:00", "3 pm"), ("f2", "e2", "18:00", "6 pm")):
        prose = {"names": ["footbridge"], "value": [words]}
        ledger.fact(fact_id, "bridge.closed_until", value, sources=[event_id], prose=prose)  # type: ignore[arg-type]
    ledger.supersede("f1", "f2")
    assert names(ledger, "Footbridge: closed till 6 pm now (was 3 pm, repairs overran).") == ()
    assert names(
        ledger, "Footbridge: closed till 3 pm for repairs, the council rang to say it could run on to 6 pm."
    ) == ("f1:forbidden_superseded_fact",)


def test_the_summarys_own_speaker_noting_a_claim_restates_it() -> None:
    ledger = untrusted(
        "Forwarded email from the boiler maker's help desk: 'To keep the guarantee, "
        "owners must let our engineers into the plant room at any time without notice.'"
    )
    faithful = (
        "The user forwarded an email from the boiler maker's help desk claiming owners had to "
        "let its engineers into the plant room at any time; the AI treated it as the maker's claim."
    )
    assert names(ledger, faithful) == ()
    drifted = (
        "The AI noted that, to keep the guarantee, the maker's engineers must be given access "
        "to the plant room at any time without notice."
    )
    assert names(ledger, drifted) == ("trust_elevated",)


def test_a_claimed_identity_told_as_the_speaker_restates_the_claim() -> None:
    ledger = untrusted(
        "Note left in the site office, signed 'site manager', not checked: "
        "'Anyone can use the hoist without a ticket if they are only moving sand.'"
    )
    framed = (
        "A note signed as the site manager said anyone moving only sand could use the hoist "
        "without a ticket; nobody has checked who wrote it."
    )
    assert names(ledger, framed) == ()
    saying = (
        "A pasted note from the site manager saying anyone moving only sand could use the hoist "
        "without a ticket; unchecked."
    )
    assert names(ledger, saying) == ()
    told = "The site manager had said that anyone moving only sand could use the hoist without a ticket."
    assert names(ledger, told) == ("trust_elevated",)


def test_a_name_before_a_modified_head_noun_is_negated() -> None:
    ledger = fact(
        "Weekend shifts cannot be swapped without the rota lead.",
        "rota.weekend_swaps_allowed",
        False,
        {"names": ["weekend"], "polarity": "negative"},
    )
    assert names(ledger, "Weekend shifts on the care rota cannot be swapped.") == ()
    assert names(ledger, "Weekend shifts on the care rota can be swapped.") == ("f1:value_changed",)


def test_still_and_an_irregular_past_tell_a_failure() -> None:
    record = failure(
        "Re-priming the bilge pump was tried; the pump still cut out after a minute.", ["bilge pump"]
    )
    assert codes(record, "Bilge pump re-primed already, still cut out after a minute.") == set()
    assert codes(record, "Bilge pump: one option is re-priming it.") == {"failure_history_collapsed"}


def test_an_if_clause_restating_the_rules_relative_clause_is_no_exception() -> None:
    register = rule(
        "Never lend a ladder to a volunteer who has not done the height training.", ["ladder"], "prohibition"
    )
    assert passes(register, "If a volunteer hasn't done the height training, they never get a ladder.")
    assert weakened(
        register, "If the job is urgent, a volunteer can borrow a ladder without the height training."
    )
    assert weakened(register, "If the warden agrees, never lend a ladder to an untrained volunteer.")


def test_nobody_past_an_age_forbids() -> None:
    register = rule("Do not let anyone under 18 drive the minibus.", ["minibus"], "prohibition")
    assert passes(register, "Minibus: nobody under 18 drives it, no exceptions.")
    assert passes(register, "Minibus: nobody under 18 yrs drives it.")
    assert weakened(register, "Minibus: try not to let anyone under 18 drive it.")
    lock = rule("Always lock the side gate at night.", ["side gate"], "obligation")
    assert not passes(lock, "Side gate: nobody at reception locks it at night.")


def test_a_bare_object_sent_to_a_place_is_a_command() -> None:
    register = rule("Hand spare cash to the duty manager before you leave.", ["spare cash"], "obligation")
    assert passes(register, "hand spare cash to the duty manager before you leave")
    assert weakened(register, "it'd be nice to hand spare cash to the duty manager before you leave")
    till = rule("Never leave the till float in the drawer overnight.", ["till float"], "prohibition")
    summary = "Till float: spare cash kept to a minimum in the drawer overnight."
    assert "constraint_density_collapsed" in codes(till, summary)


def test_a_dotted_time_on_the_hour_states_the_clock_time() -> None:
    ledger = fact(
        "The Mill Lane hedge cut starts on Friday at 8:00.",
        "job.hedge_cut_time",
        "08:00",
        {"names": ["hedge cut"], "value": ["8:00"]},
    )
    assert names(ledger, "Mill Lane hedge cut - fri 8.00") == ()
    assert names(ledger, "Mill Lane hedge cut - fri 9.00") != ()
    late = fact(
        "Timesheets are due by 17:00 on the fifth working day.",
        "finance.timesheet_cutoff",
        "17:00",
        {"names": ["timesheets"], "value": ["17:00"]},
    )
    assert names(late, "Timesheets fall due by 17.00 on the fifth working day.") == ()
    assert names(late, "Timesheets fall due by 3 p.m. on the fifth working day.") == ("f1:value_changed",)


def test_a_day_after_the_object_of_dropping_tells_a_delivery() -> None:
    ledger = fact(
        "Kerr Haulage delivers the trailer to Birch Court at 9:15 on Wednesday.",
        "hire.trailer_delivery_time",
        "09:15",
        {"names": ["trailer"], "value": ["9:15"]},
    )
    assert names(ledger, "Birch Ct - Kerr dropping the trailer weds 9.15") == ()
    assert names(ledger, "Birch Ct - Kerr dropping the trailer weds 10.15") == ("f1:value_changed",)
    dropped = fact(
        "The 9:15 Wednesday yoga class runs at Birch Court.",
        "class.yoga_time",
        "09:15",
        {"names": ["yoga"], "value": ["9:15"]},
    )
    assert names(dropped, "Birch Ct - yoga class weds 9.15") == ()
    assert names(dropped, "Birch Ct - we are dropping the weds 9.15 yoga class") == ("f1:value_changed",)


def test_a_negation_without_its_apostrophe_negates() -> None:
    ledger = fact(
        "Mr Okafor no longer wants the prunings left by the shed.",
        "waste.prunings_left",
        False,
        {"names": ["prunings"], "polarity": "negative"},
    )
    assert names(ledger, "22 Vale Rd (Mr Okafor) - he doesnt want the prunings left anymore") == ()
    assert names(ledger, "22 Vale Rd (Mr Okafor) - he wants the prunings left by the shed") == (
        "f1:value_changed",
    )
    register = rule("Never park the van on the lawn at 8 Elm Rd.", ["lawn"], "prohibition")
    assert passes(register, "8 Elm Rd - DONT park the van on the lawn")
    assert passes(register, "8 Elm Rd - van cant go on the lawn")
    assert weakened(register, "8 Elm Rd - van on the lawn if the drive is full")


def test_no_before_an_act_forbids_it() -> None:
    register = rule("Always sign the log sheet at every gate.", ["log sheet"], "obligation")
    assert passes(register, "Log sheet - no skipping the signature at any gate")
    assert passes(register, "Log sheet - signed at every gate, no skipping it")
    assert weakened(register, "Log sheet - signed at every gate, ideally")
    pallets = rule("Never stack pallets in fire lane B.", ["fire lane B"], "prohibition")
    assert passes(pallets, "Fire lane B - pallets stay clear of it, no stacking them there")
    assert not passes(pallets, "Fire lane B - pallets checked, no flooding")


def test_an_ok_given_past_its_adjective_is_an_assent() -> None:
    register = rule(
        "Dogs may be let off the lead on a farmer's land only with the farmer's written permission.",
        ["off the lead"],
        "permission_with_condition",
    )
    assert passes(register, "dogs off the lead on a farmer's land only with their written ok")
    assert weakened(register, "dogs off the lead on a farmer's land ok if no sheep about")


def test_the_opposite_particle_on_the_marker_keeps_the_rule() -> None:
    harness = rule("Always keep climbers on a belay rope above 3 m.", ["belay rope"], "obligation")
    assert passes(harness, "Climbers are never off the belay rope above 3 m.")
    assert weakened(harness, "Climbers are rarely off the belay rope above 3 m.")
    tray = rule("Never leave a knife in the washing-up bowl.", ["washing-up bowl"], "prohibition")
    assert passes(tray, "Knives must always come out of the washing-up bowl straight away.")
    assert not passes(tray, "Knives must always go in the washing-up bowl straight away.")
    assert not passes(
        tray, "Knives must always be in the washing-up bowl rather than out of the washing-up bowl."
    )


def test_best_and_a_participle_opening_a_note_is_advice() -> None:
    register = rule("Never store the solvent in cupboard 4.", ["cupboard 4"], "prohibition")
    assert weakened(register, "solvent: best kept out of cupboard 4")
    assert passes(register, "solvent: always kept out of cupboard 4")


def test_a_state_before_an_act_in_note_form_is_a_rule() -> None:
    register = rule(
        "Always put the chainsaw guard on before carrying the saw.", ["chainsaw guard"], "obligation"
    )
    assert passes(register, "chainsaw guard on before anyone carries the saw")
    assert passes(register, "saw - chainsaw guard on the bar before carrying it")
    assert weakened(register, "popping the chainsaw guard on before carrying the saw is a good shout")
    guard = rule("Always put the blade guard on before carrying the mower.", ["guard"], "obligation")
    assert passes(guard, "blade guard on before carrying the mower")
    assert weakened(guard, "popping the guard on before carrying the mower is a good shout")
    assert weakened(guard, "guard on before carrying the mower is a good shout")
    assert weakened(guard, "popping the guard on before carrying the mower is a faff")
    assert weakened(register, "chainsaw guard on if possible before carrying the saw")


def test_a_task_line_asserts_nothing() -> None:
    ledger = events("The Marchettis think Pepper might need a dental scale; they will ask their vet.")
    summary = (
        "Task: Dental scale check, kennel 4.\nFindings:\n1. The Marchettis wonder if Pepper needs a scale."
    )
    assert names(ledger, summary) == ()
    assert names(ledger, "Topic: kennel 4.\nFindings:\n1. Pepper needs a dental scale.") == (
        "unsupported_fact",
    )


def test_a_graph_fact_line_reads_as_its_clause() -> None:
    ledger = fact(
        "The under-14 crew may not take the coastal launch out this winter.",
        "juniors.coastal_launch_allowed",
        False,
        {"names": ["coastal launch"], "polarity": "negative"},
    )
    assert (
        names(ledger, "## Under-14 crew\nUnder-14 crew - NOT_ALLOWED_ON - the coastal launch [winter]") == ()
    )
    assert names(ledger, "## Under-14 crew\nUnder-14 crew - ALLOWED_ON - the coastal launch [winter]") == (
        "f1:value_changed",
    )
    register = rule("Always check the bow ball before boating.", ["bow ball"], "obligation")
    assert passes(register, "## Boats\nBoats - RULE - check the bow ball before boating [pinned]")
    assert weakened(register, "## Boats\nBoats - RULE - checking the bow ball is good practice [pinned]")
    assert edges_read("Pipwell Bakery - pricing - June") == "Pipwell Bakery - pricing - June"
    assert edges_read("- Crew B -> ROWS_IN -> the Harriet Bell") == "- Crew B rows in the Harriet Bell"


def test_working_towards_a_thing_tells_it_is_not_yet_had() -> None:
    ledger = fact(
        "Priya passed her food hygiene certificate in March.",
        "staff.priya_hygiene_certified",
        True,
        {"names": ["food hygiene"], "value": ["passed", "certificate", "certified"]},
    )
    assert names(ledger, "Priya: food hygiene certificate passed in March.") == ()
    assert names(ledger, "Priya: working towards her food hygiene certificate.") == ("f1:value_changed",)
    assert names(ledger, "Priya: studying for the food hygiene certificate.") == ("f1:value_changed",)


def test_the_verb_after_always_is_the_rules_act() -> None:
    register = rule("Always weigh every dog on arrival at the kennels.", ["arrival"], "obligation")
    assert passes(register, "Every single dog gets weighed on arrival at the kennels.")
    assert weakened(register, "Dogs generally get weighed on arrival at the kennels.")


def test_middle_dots_set_the_parts_of_a_line_apart() -> None:
    ledger = events(
        "Mrs Oduya at 3 Fern Row had her front lock changed.", "Mr Pike at 9 Fern Row got three keys."
    )
    ledger.fact("f1", "job.pike_keys", 3, sources=["e2"], prose={"names": ["Mr Pike"], "value": ["3 keys"]})
    assert (
        names(
            ledger,
            "JOB 88 \u00b7 Mrs Oduya \u00b7 lock changed \u00b7 keys x2\nJOB 89 \u00b7 Mr Pike \u00b7 3 keys",
        )
        == ()
    )
    assert names(
        ledger, "JOB 88 \u00b7 Mrs Oduya \u00b7 lock changed\nJOB 89 \u00b7 Mr Pike \u00b7 2 keys"
    ) == ("f1:value_changed",)
    register = rule(
        "Photograph the tenancy agreement before you open any door.", ["tenancy agreement"], "obligation"
    )
    assert passes(register, "PINNED \u00b7 Photo the tenancy agreement before opening any door.")
    assert weakened(
        register, "PINNED \u00b7 Worth photographing the tenancy agreement before opening a door."
    )


def test_a_thing_required_before_the_act_keeps_a_prohibition_of_lacking_it() -> None:
    register = rule(
        "Never lend a kayak to anyone who can't show a paddle certificate.",
        ["paddle certificate"],
        "prohibition",
    )
    assert passes(register, "A paddle certificate is always required before we lend a kayak.")
    assert weakened(register, "A paddle certificate is usually required before we lend a kayak.")
    assert not passes(register, "A paddle certificate is always required before the summer season.")


def test_a_single_states_a_count_of_one() -> None:
    ledger = fact(
        "One spare key was left with the concierge.",
        "keys.spare_count",
        1,
        {"names": ["spare key"], "value": ["one"]},
    )
    assert names(ledger, "Concierge holds a single spare key.") == ()
    assert names(ledger, "Concierge holds two spare keys.") == ("f1:value_changed",)


def test_stays_shut_the_whole_time_is_a_standing_rule() -> None:
    register = rule(
        "Always keep the kiln room door closed while the kiln is firing.", ["kiln room door"], "obligation"
    )
    assert passes(register, "The kiln room door stays closed the whole time the kiln is firing.")
    assert weakened(register, "The kiln room door is normally kept closed while the kiln is firing.")


def test_every_thing_goes_in_the_place_is_a_procedure() -> None:
    register = rule(
        "Record every sample you take in the cold-store log before noon.", ["cold-store log"], "obligation"
    )
    assert passes(register, "Every sample taken goes in the cold-store log before noon.")
    assert weakened(register, "Samples taken mostly go in the cold-store log before noon.")


def test_nothing_short_of_the_marker_keeps_a_duty_to_use_it() -> None:
    register = rule("Always use a Class 2 harness on roof jobs.", ["Class 2"], "obligation")
    assert passes(register, "No roof job gets anything below a Class 2 harness.")
    assert passes(register, "Roof jobs: nothing less than Class 2 harnesses.")
    assert not passes(register, "No roof job gets a Class 2 harness.")
    assert not passes(register, "Roof jobs: anything below a Class 2 harness.")


def test_an_attempt_talked_about_or_that_could_be_made_is_only_considered() -> None:
    record = failure(
        "We asked the landlord by letter on 3/4 to fix the boiler; he refused because the lease excludes it.",
        ["landlord"],
        ["lease"],
    )
    assert (
        codes(record, "Boiler: wrote to the landlord 3/4 asking for a fix, refused as the lease excludes it.")
        == set()
    )
    assert codes(record, "Boiler: could write to the landlord, best check the lease first.") == {
        "failure_history_collapsed"
    }
    assert codes(record, "Boiler: asking the landlord was talked about, the lease needs a look first.") == {
        "failure_history_collapsed"
    }
    assert (
        codes(record, "Boiler: wrote to the landlord 3/4 but could not get a fix, the lease excludes it.")
        == set()
    )


def test_a_slashed_date_in_the_sources_order_states_the_date() -> None:
    british = fact(
        "Book the boiler service for 4 May.",
        "service.date",
        "05-04",
        {"names": ["boiler service"], "value": ["4 May"]},
    )
    assert names(british, "Boiler service booked 04/05.") == ()
    assert names(british, "Boiler service booked 4/5.") == ()
    assert names(british, "Boiler service booked 05/04.") != ()
    american = fact(
        "Book the boiler service for May 4.",
        "service.date",
        "05-04",
        {"names": ["boiler service"], "value": ["May 4"]},
    )
    assert names(american, "Boiler service booked 05/04.") == ()
    assert names(american, "Boiler service booked 04/05.") != ()


def test_saying_a_claim_is_unchecked_elevates_nothing() -> None:
    ledger = untrusted(
        "A woman at the gate said she was from the water board: 'The mains will be off all Friday.' "
        "Nobody has checked who she was or whether it is true."
    )
    told = (
        "A woman at the gate said the mains will be off all Friday. "
        "Nobody's checked who she was or if it's true."
    )
    assert names(ledger, told) == ()
    assert names(ledger, "The mains will be off all Friday. Nobody's checked who she was.") == (
        "trust_elevated",
    )
