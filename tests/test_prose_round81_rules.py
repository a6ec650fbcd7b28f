"""Rounds 81 and on (a courier's route handover, an energy supplier's call notes, a
driving instructor's diary, a removals foreman's brief, a garden centre's order desk, a
community radio handover, a tattoo studio's booking sheet, an exams officer's briefing),
each rule tested in other words than the held-out set that showed the need:

- "closed to" / "shut to" and one noun ending the phrase closes the subject itself; a
  narrowed noun ("closed to *new* patients") shuts out a part;
- a pronoun right after a noun and its determiner ("a caller *we* didn't recognise") opens a
  relative clause: no speaker of the report; "reckons" and "rumour" report as "says" does;
- a comma before a name and its verb of saying (", *Priya says* ...") starts a clause;
- "still to" and a bare verb is not done; "still need *a* parking permit" is needed;
- a number after a numbered thing ("bed 12 tonight") is no hour; a dotted time ("17.45") is
  the fact's time and rivalled by another; a bare value takes its source's span ("40
  hours" -> "44 hrs" is another value);
- a note's "'d" ("cxl'd") is a past participle, "cust" the customer; a prefixed irregular
  past ("prepaid") is its verb;
- a doubted "call back" is another act than a call; a person a plan involves is no plan told,
  unless the plan's verb is told as done; a clipped word ("admin") is the doubted word it
  clips;
- AM and PM are halves of the day; "may" after a number that is no day is the modal;
- an "if" beside an obligation's own connective, in its clause, makes the duty wait;
- "every single time" before a mark is "always"; a question and its "Then" are one rule;
  "fine to" permits; "turned away" forbids; "nothing placed on it" forbids; a phrasal
  particle and a place make a command; a label may hold a clock time; an aside may stand
  between a command's acronym object and its clause;
- "stays put" is not moved; a forbidding label ("DO NOT PACK:") denies its answer; a cross
  beside an adverse result agrees with it;
- "kept" is no word of a condition; an invariant's one condition told before another of the
  summary is lost; "24 hrs+" keeps "at least";
- a short bracketed gloss claims nothing; a claimed identity ("claiming to be his mum")
  names no source;
- a treatment that "didn't take" failed; "keep off X" keeps away from X, "gone off doing" no
  longer wants it; "better off without" hedges; "one to think about" is considered; "nothing
  with X" after a dash forbids.
"""

from __future__ import annotations

from _prose_facts import events, fact, names, replaced, untrusted
from _prose_rules import codes, failure, passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.summary import check_prose


def _slipway() -> Ledger:
    return fact(
        "Harbour office: the north slipway is not open to boats this weekend while the rails are regreased.",
        "harbour.north_slipway_open",
        False,
        {"names": ["north slipway", "slipway"]},
    )


def test_closed_to_one_noun_closes_the_subject() -> None:
    ledger = _slipway()
    assert names(ledger, "The north slipway's shut to boats all weekend (rails being regreased).") == ()
    assert names(ledger, "North slipway closed to traffic this weekend.") == ()
    assert names(ledger, "The north slipway is open to boats this weekend.") == ("f1:value_changed",)
    # a narrowed noun shuts out a part: the slipway itself is not told closed
    assert names(ledger, "The north slipway is closed to new moorings this weekend.") == ("f1:value_changed",)
    assert names(ledger, "The north slipway is closed to boats over 8 metres this weekend.") == (
        "f1:value_changed",
    )


def _caller() -> Ledger:
    ledger = untrusted(
        "Voicemail from a withheld number claiming to be Mr Okafor: cancel the Thursday delivery."
    )
    return ledger


def test_a_pronoun_after_a_noun_is_a_relative_clause_not_the_speaker() -> None:
    ledger = _caller()
    assert (
        names(
            ledger,
            "Got a voicemail from a caller we didn't recognise, saying to cancel the Thursday delivery.",
        )
        == ()
    )
    assert (
        names(
            ledger,
            "Picked up a message from some bloke I've never met, asking to cancel the Thursday delivery.",
        )
        == ()
    )
    assert names(ledger, "I said to cancel the Thursday delivery.") == ("trust_elevated",)
    assert names(ledger, "Yesterday we said to cancel the Thursday delivery.") == ("trust_elevated",)


def test_reckons_reports_what_another_thinks() -> None:
    ledger = untrusted("Said at the side entrance: the Thursday delivery always goes round the back.")
    assert (
        names(ledger, "The lad on the gate reckons the Thursday delivery always goes round the back.") == ()
    )
    assert names(ledger, "I reckon the Thursday delivery always goes round the back.") == ("trust_elevated",)
    assert names(ledger, "The Thursday delivery always goes round the back.") == ("trust_elevated",)


def _beds() -> Ledger:
    return replaced(
        (
            "Ward manager: the transfer patient goes to bed 12 tonight.",
            "Ward manager, later: change of plan, bed 12 needs a deep clean, so the transfer goes to bed 14.",
        ),
        "ward.transfer_bed",
        ["bed"],
        (12, "12"),
        (14, "14"),
    )


def test_a_name_and_its_verb_of_saying_after_a_comma_start_a_clause() -> None:
    ledger = _beds()
    assert names(
        ledger, "Transfer goes to bed 12 tonight, Priya says 14 is spare if the clean overruns."
    ) == ("f1:forbidden_superseded_fact",)
    assert names(ledger, "Transfer goes to bed 14 tonight, not 12 (12 needs a deep clean).") == ()
    # a condition of its own clause still holds: "12 if ..." is no current value
    assert names(ledger, "Transfer goes to bed 14 tonight; 12 only if the clean is done early.") == ()


def _deposit() -> Ledger:
    return fact(
        "Letting file: the tenant has already signed the deposit protection form.",
        "tenancy.deposit_form_signed",
        True,
        {"names": ["deposit protection form", "deposit form"], "value": ["signed", "sign"]},
    )


def test_still_to_and_a_verb_is_not_done() -> None:
    ledger = _deposit()
    assert names(ledger, "Deposit form - the tenant's still to sign it.") == ("f1:value_changed",)
    assert names(ledger, "Deposit protection form: still to be signed.") == ("f1:value_changed",)
    assert names(ledger, "Deposit form - the tenant's signed it already.") == ()
    assert names(ledger, "Deposit form signed; the key safe is still to the left of the door.") == ()


def test_a_number_after_a_numbered_thing_is_no_hour() -> None:
    ledger = _beds()
    assert names(ledger, "Transfer: bed 14 tonight.") == ()
    assert "f1:forbidden_superseded_fact" in names(ledger, "Transfer: bed 12 tonight.")
    supper = fact("Supper is at 7 pm tonight.", "camp.supper_time", "19:00", {"names": ["supper"]})
    assert names(supper, "Supper 7 tonight.") == ()
    assert names(supper, "Supper 8 tonight.") == ("f1:value_changed",)


def _fitting() -> Ledger:
    return replaced(
        (
            "Booking note: the boiler service is booked for 9 May.",
            "Booking note, later: the engineer cancelled the 9 May visit; the service is now 16 May.",
        ),
        "home.boiler_service_date",
        ["boiler service", "service"],
        ("05-09", "9 May"),
        ("05-16", "16 May"),
    )


def test_a_notes_d_shortens_a_past_participle() -> None:
    ledger = _fitting()
    assert names(ledger, "Boiler service 9 May cxl'd by engineer, now rebooked for 16 May.") == ()
    assert names(ledger, "Boiler service 9 May canc'd by engineer, now 16 May.") == ()
    assert "f1:forbidden_superseded_fact" in names(ledger, "Boiler service 9 May, engineer confirmed.")
    # "she'd" is still "she would"
    assert names(ledger, "Boiler service 16 May; she'd like a text the day before.") == ()


def test_a_call_back_is_another_act_than_a_call() -> None:
    ledger = events(
        "Call log: the tenant reported a dripping tap.",
        "Call log: we asked her to ring back with a time if the plumber can come this week.",
    )
    assert names(ledger, "Tenant rang about a dripping tap.") == ()
    assert names(ledger, "Tenant rang back with a time.") == ("unsupported_fact",)


def test_am_and_pm_are_halves_of_the_day() -> None:
    ledger = fact(
        "Diary: the piano tuning is booked for Friday, PM slot.",
        "home.tuning_slot",
        "PM",
        {"names": ["tuning"], "value": ["PM", "afternoon"]},
    )
    assert names(ledger, "Piano tuning Fri, AM slot.") == ("f1:value_changed",)
    assert names(ledger, "Piano tuning Fri, morning slot.") == ("f1:value_changed",)
    assert names(ledger, "Piano tuning Fri, PM slot.") == ()
    assert names(ledger, "Piano tuning Fri afternoon.") == ()
    assert names(ledger, "Piano tuning Fri PM - I AM told the tuner parks outside.") == ()
    # "PM" where only "afternoon" was given tells the same half of the day, no other value
    afternoon = fact(
        "Diary: the piano tuning is on Friday afternoon.",
        "home.tuning_slot",
        "afternoon",
        {"names": ["tuning"], "value": ["afternoon"]},
    )
    assert "f1:value_changed" not in names(afternoon, "Piano tuning Fri PM.")
    assert names(afternoon, "Piano tuning Fri morning.") == ("f1:value_changed",)


def test_an_if_beside_an_obligations_own_connective_makes_it_wait() -> None:
    badge = rule(
        "Always show your ID badge at reception before going up to the wards.", ["ID badge"], "obligation"
    )
    assert weakened(badge, "Show your ID badge at reception if the receptionist asks, before going up.")
    assert weakened(badge, "ID badge to be shown at reception before going up to the wards, if asked.")
    assert passes(badge, "Never go up to the wards without showing your ID badge at reception.")
    assert passes(badge, "Show your ID badge at reception before going up, even if they know you.")


def test_cust_is_the_customer() -> None:
    waiver = rule(
        "Agents may open the meter cupboard only if the customer is present.",
        ["meter cupboard"],
        "permission_with_condition",
    )
    assert passes(waiver, "Meter cupboard can be opened, but only with the cust present.")
    assert weakened(waiver, "Meter cupboard can be opened at the agent's discretion.")


def test_a_person_a_plan_involves_is_no_plan_told() -> None:
    ledger = events(
        "Account note: the gas safety check is due in June.",
        "Call log: the agent will post the customer a new payment card.",
    )
    assert names(ledger, "The customer rang about the gas safety check due in June.") == ()
    assert names(ledger, "Agent posted the customer a new payment card.") == ("unsupported_fact",)


def test_a_bare_number_takes_the_span_its_source_gave_it() -> None:
    ledger = fact(
        "The kiln has run 40 hours this month.",
        "studio.kiln_hours",
        40,
        {"names": ["hrs", "hours"], "value": ["40"]},
    )
    assert names(ledger, "Kiln - 44 hrs this month.") == ("f1:value_changed",)
    assert names(ledger, "Kiln - 40 hrs this month.") == ()


def test_a_dotted_time_of_a_note_is_the_facts_time() -> None:
    ledger = fact(
        "Collect Ada from the station at 5:45 pm on Fridays.",
        "family.station_pickup",
        "17:45",
        {"names": ["collect", "pick-up"], "value": ["5:45 pm"]},
    )
    assert names(ledger, "Fri: collect Ada 17.45 from the station.") == ()
    assert names(ledger, "Fri: collect Ada 5.45 from the station.") == ()
    assert names(ledger, "Fri: collect Ada 17.15 from the station.") == ("f1:value_changed",)


def test_a_clipped_word_is_the_doubted_object_it_clips() -> None:
    ledger = events(
        "HR note: Kofi is on the warehouse team.",
        "HR note: Kofi might move to the administration team next year.",
    )
    assert names(ledger, "Kofi moving to admin next yr.") == ("unsupported_fact",)
    assert names(ledger, "Kofi on the warehouse team, might move to admin next yr.") == ()
    # a word that is no front of the doubted words is an object of its own
    assert names(ledger, "Kofi moving to the warehouse mezzanine desk.") == ()


def test_every_single_time_before_a_mark_is_always() -> None:
    lock = rule("Always lock the van when you leave it.", ["van"], "obligation")
    assert passes(lock, "Van locked when you leave it, every single time \N{HEAVY CHECK MARK}")
    assert weakened(lock, "Van usually locked when you leave it \N{HEAVY CHECK MARK}")


def test_a_question_and_its_then_are_one_rule() -> None:
    licence = rule(
        "Never start a lesson if the pupil has not brought their licence.", ["licence"], "prohibition"
    )
    assert passes(licence, "Pupil forgot the licence? Then no lesson: never start one without it.")
    assert passes(licence, "Licence forgotten? Then no lesson - never start one.")
    assert weakened(
        licence, "Pupil forgot the licence? Then maybe skip the lesson, best not to start one without it."
    )


def test_fine_to_permits() -> None:
    sauna = rule(
        "Members may use the sauna only after the attendant has checked it.",
        ["sauna"],
        "permission_with_condition",
    )
    assert passes(sauna, "Sauna: fine to use, but only after the attendant has checked it.")
    assert weakened(sauna, "Sauna: fine to use once you have showered.")
    assert weakened(sauna, "Sauna: fine to use.")
    assert passes(sauna, "Sauna: OK to use only once the attendant has checked it.")


def test_still_need_a_noun_is_needed() -> None:
    ledger = fact(
        "Surveyor: no parking permit is needed; the van fits on the drive.",
        "site.parking_permit_needed",
        False,
        {"names": ["parking permit"]},
    )
    assert names(ledger, "Van fits on the drive, so no parking permit needed.") == ()
    # "a parking permit" after "need" is a noun, not a gerund still to be done
    assert names(ledger, "Van fits on the drive, but we still need a parking permit out front.") == (
        "f1:value_changed",
    )


def _piano() -> Ledger:
    return fact(
        "Client call: the upright piano is not coming to the new house; it stays for the buyers.",
        "move.piano_goes",
        False,
        {"names": ["upright piano", "piano"]},
    )


def test_stays_put_is_not_moved() -> None:
    ledger = _piano()
    assert names(ledger, "Upright piano stays put for the buyers.") == ()
    assert names(ledger, "Lounge - upright piano: stays put, the buyers are keeping it.") == ()
    assert names(ledger, "Lounge - upright piano: coming with us.") == ("f1:value_changed",)
    assert names(ledger, "Put the upright piano on the van first.") == ("f1:value_changed",)


def test_nothing_and_a_participle_of_putting_forbids() -> None:
    hob = rule("Do not place anything on the glass hob.", ["glass hob"], "prohibition")
    assert passes(hob, "Glass hob: nothing placed on it, ever.")
    assert passes(hob, "- Glass hob - nothing ever left on it.")
    assert weakened(hob, "Glass hob: best not left with anything on it.")


def test_a_phrasal_particle_and_a_place_make_a_command() -> None:
    sheets = rule(
        "Put dust sheets down on the landing before the carpets go in.", ["dust sheets"], "obligation"
    )
    assert passes(sheets, "Dust sheets down on the landing before the carpets go in.")
    assert weakened(sheets, "Worth getting dust sheets down on the landing before the carpets go in.")


def test_a_denying_label_denies_its_answer() -> None:
    ledger = fact(
        "Do not pack the blue box with the birth certificates; the client carries it.",
        "pack.certificates_box",
        False,
        {"names": ["birth certificates", "certificates"]},
    )
    assert names(ledger, "DO NOT PACK: blue box (birth certificates). Client carries it.") == ()
    assert names(ledger, "PACK: blue box (birth certificates), into the van.") == ("f1:value_changed",)
    assert names(ledger, "Not urgent: the blue box with the birth certificates goes in the van.") == (
        "f1:value_changed",
    )


def test_the_rules_of_this_round_keep_their_bounds() -> None:
    # an "if" in another clause than the obligation's own connective conditions that clause
    tack = rule("Always lock the tack room after evening feeds.", ["tack room"], "obligation")
    assert passes(tack, "Lock the tack room after evening feeds; if you lose the key, tell the office.")
    assert weakened(tack, "Lock the tack room after evening feeds if the yard manager asks.")
    # a name and a finite verb before a particle are a subject and its verb, no command
    harness = rule("Always walk Rufus on the harness.", ["Rufus", "harness"], "obligation")
    assert weakened(harness, "Rufus goes out on the harness most days.")
    # a verb told as done is the plan itself, never a bystander of it (round-77 tests:
    # "she'll rebook in the spring" told as "she rebooked")


def test_a_short_bracketed_gloss_claims_nothing() -> None:
    claim = untrusted(
        "Mr Ferris-Obi said: 'The manager told me my olive tree can come back for a refund after two years.'"
    )
    assert names(claim, "Mr Ferris-Obi - Olea europaea (olive tree) - standard one-year guarantee.") == ()
    assert names(claim, "Olea europaea - the olive tree can come back for a refund after two years.") == (
        "trust_elevated",
    )
    # a bracket that claims is no gloss, however short
    caller = untrusted("Caller said: refunds are always approved for members.")
    assert names(caller, "Member account (refunds always approved).") == ("trust_elevated",)


def test_a_prefixed_irregular_past_is_its_verb() -> None:
    ledger = fact(
        "The client has prepaid the deposit on the marquee.",
        "event.marquee_deposit_prepaid",
        True,
        {"names": ["deposit"], "value": ["prepay", "prepayment"]},
    )
    assert names(ledger, "Marquee - deposit prepaid.") == ()
    assert names(ledger, "Marquee - deposit not prepaid yet.") == ("f1:value_changed",)


def test_a_verb_of_keeping_is_no_word_of_a_condition() -> None:
    dogs = rule(
        "Dogs may come into the taproom only if they are kept on a lead.",
        ["dogs", "taproom"],
        "permission_with_condition",
    )
    assert passes(dogs, "Taproom: dogs allowed in only if they're on a lead.")
    # the lead is still named, but another condition now bounds it
    assert weakened(dogs, "Taproom: dogs allowed in, on a lead if it gets busy.")
    assert weakened(dogs, "Taproom: dogs allowed in whenever.")


def test_a_label_may_hold_a_clock_time() -> None:
    delay = rule(
        "Keep the profanity delay switched on for every phone-in before 21:00.",
        ["profanity delay"],
        "obligation",
    )
    assert passes(delay, "Phone-ins before 21:00: keep the profanity delay on for every one of them.")
    assert weakened(delay, "Phone-ins before 21:00: keeping the profanity delay on is worth considering.")


def test_an_aside_between_an_acronyms_object_and_its_clause() -> None:
    ticket = rule(
        "Check photo ID, e.g. a passport or driving licence, before every sale of fireworks.",
        ["photo ID"],
        "obligation",
    )
    assert passes(ticket, "Fireworks: photo ID must be checked before every sale, e.g. a passport.")
    assert weakened(ticket, "Fireworks: photo ID is generally checked before a sale, e.g. a passport.")


def test_a_rumour_attributes() -> None:
    ledger = untrusted("Staff room chatter: the Year 9 trip has been moved to Friday.")
    assert (
        names(ledger, "Staff-room rumour that the Year 9 trip has moved to Friday; nothing official.") == ()
    )
    assert names(ledger, "The Year 9 trip has moved to Friday.") == ("trust_elevated",)


def test_a_cross_beside_an_adverse_result_agrees_with_it() -> None:
    ledger = fact(
        "The boiler failed its annual gas safety check on Tuesday.",
        "flat.boiler_check_result",
        "fail",
        {"names": ["gas safety check"], "value": ["failed", "fail"]},
    )
    assert names(ledger, "Boiler: gas safety check \N{BALLOT X} FAILED (Tue).") == ()
    assert names(ledger, "Boiler: gas safety check not failed (Tue).") == ("f1:value_changed",)


def test_turned_away_forbids() -> None:
    entry = rule("Never let anyone under 16 onto the climbing wall.", ["under 16"], "prohibition")
    assert passes(entry, "Climbing wall: anyone under 16 is always turned away.")
    assert weakened(entry, "Climbing wall: anyone under 16 is usually turned away.")


def test_a_lower_bound_told_with_a_plus() -> None:
    refund = rule(
        "Staff may refund a class fee only when the member gives at least 24 hours' notice.",
        ["class fee"],
        "permission_with_condition",
    )
    assert passes(refund, "Class fee refundable, but only with 24 hrs+ notice from the member.")
    assert weakened(refund, "Class fee refundable after a quick message to the desk.")


def test_a_claimed_identity_names_no_source() -> None:
    ledger = untrusted("Text from a number claiming to be Ola's dad: 'She can walk home alone today.'")
    assert (
        names(ledger, "Text from a number saying it's Ola's dad: she can walk home alone today (unverified).")
        == ()
    )
    assert names(ledger, "Ola's dad has given permission, she can walk home alone today.") == (
        "trust_elevated",
    )


def test_a_treatment_that_did_not_take_failed() -> None:
    spray = failure(
        "Numbing cream was applied before the session; it didn't take and she stopped after 20 minutes.",
        ["numbing cream"],
    )
    assert passes(spray, "Numbing cream already tried, didn't take, she stopped at 20 min.")
    assert "failure_history_collapsed" in codes(spray, "Numbing cream could be tried next time.")


def test_a_long_number_before_may_is_no_day() -> None:
    ledger = events("SENCo: candidate 2875 may qualify for a reader once the report comes in.")
    assert names(ledger, "Cand 2875: reader agreed.") == ("unsupported_fact",)
    assert names(ledger, "Cand 2875: may qualify for a reader once the report is in.") == ()
    # a day number and a verb after "may": a number and its modal
    flat = events("Caretaker: flat 3 may need a new lock.")
    assert names(flat, "Flat 3 needs a new lock.") == ("unsupported_fact",)


def test_an_aside_after_a_commands_object_before_its_act() -> None:
    backup = rule(
        "Take a snapshot of the billing database before running any migration.", ["snapshot"], "obligation"
    )
    assert passes(backup, "Snapshot billing-db (RDS) before running any migration.")
    assert weakened(
        backup, "A fresh snapshot of billing-db (RDS) is nice to have before running a migration."
    )


def test_keep_off_keeps_away_from_what_follows() -> None:
    ledger = fact(
        "The podiatrist can file the corns on both feet, except on the right big toe, which is healing.",
        "feet.corn_filing",
        True,
        {"names": ["corns"], "value": ["file"], "qualifiers": {"scope": ["right big toe"]}},
        qualifiers={"scope": "not the right big toe"},
    )
    assert (
        names(
            ledger, "Corns: fine to file them on both feet, just keep off the right big toe while it heals."
        )
        == ()
    )
    assert names(ledger, "Corns: fine to file them on both feet, right big toe and all.") == (
        "f1:qualifiers_changed",
    )


def test_gone_off_an_act_no_longer_wants_it() -> None:
    ledger = fact(
        "Mr Adeyemi no longer wants his tea made with sugar.",
        "care.adeyemi_sugar",
        False,
        {"names": ["sugar"], "polarity": "negative"},
    )
    assert names(ledger, "Mr Adeyemi has gone off having sugar in his tea.") == ()
    assert names(ledger, "Mr Adeyemi still has sugar in his tea.") == ("f1:value_changed",)


def test_better_off_without_hedges() -> None:
    latex = rule("Never use latex gloves with Mr Kaur.", ["latex"], "prohibition")
    assert weakened(latex, "Mr Kaur is better off without latex gloves - check the box every time.")
    assert passes(latex, "Mr Kaur: never latex gloves - check the box every time.")


def test_one_to_think_about_is_only_considered() -> None:
    dye = failure(
        "Tried the copper rinse on Mrs Bell in June; her scalp went red and sore within the hour.",
        ["copper rinse"],
        ["sore"],
    )
    assert passes(
        dye, "Mrs Bell: copper rinse already tried in June, scalp went red and sore within the hour."
    )
    found = check_prose(
        dye, "Mrs Bell: the copper rinse is one to think about, watch her scalp doesn't go sore."
    )
    assert [v.code.value for v in found.violations] == ["failure_history_collapsed"]
    assert "'one to think about' makes it read as considered" in found.violations[0].detail


def test_nothing_with_after_a_dash_forbids() -> None:
    sesame = rule("Never give Tomas anything containing sesame at the tuck shop.", ["sesame"], "prohibition")
    assert passes(sesame, "U9 Whites - Tomas - nothing with sesame in it for him from the tuck shop, ever.")
    assert weakened(
        sesame, "U9 Whites - Tomas - generally nothing with sesame in it for him from the tuck shop."
    )


def test_a_displaced_condition_is_found_by_its_connective_as_a_word() -> None:
    dogs = rule(
        "Dogs may come into the taproom only if they are kept on a lead.",
        ["dogs", "taproom"],
        "permission_with_condition",
    )
    # the "if" of "cliff" opens no condition: the lead still stands before "if it gets busy"
    assert weakened(dogs, "Taproom by the cliff: dogs allowed in, on a lead if it gets busy.")
    assert passes(dogs, "Taproom by the cliff: dogs allowed in only if they're on a lead.")
