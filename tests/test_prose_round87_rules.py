"""Rounds 86 and on (a youth football club's welfare notes, a small accountancy practice's
month-end checklist, and the rounds written after them), each rule tested in other words
than the held-out set that showed the need:

- "stay off" and "stays out of" keep away from a named thing ("stay off the grass"); with
  no thing after them ("they stay off for the rest of the day") they tell a state;
- a label that ends with a plea ("Parents pls: ...") asks what follows of its readers, even
  in note form with no verb;
- a note's clause that opens with "off" and a bare noun ("- Off ibuprofen since Mon") tells
  its subject takes none;
- a line's label under a list's heading tells whom every clause of the line is about;
- an arrow to a bare verb and "to" ("80kg → go to 85kg") is a step still to take: the value
  before it still holds;
- a true state told as the act of a clause still to come ("once the physio signs off", "as
  soon as it is paid", "once paid") is not stated; told done ("once she signed off") or as
  what a wish names ("if you want to lift it") it is;
- "nothing above X" opening a note's clause forbids going past X;
- "needs 24 hrs' notice", "needs a GP referral" oblige as "needs approval" does;
- an arrow after an attempt leads to what came of it ("tried X -> back flared up");
- a note's "fine" or "OK" after its label permits ("Sauna: fine for any client"), so a
  condition it drops is lost;
- a value word in a list's heading ("PAYMENTS") names a topic: the item's own value word is
  read;
- "keep A and B apart" / "in separate groups" keeps them from each other; what stands before
  the verb is not kept;
- a dotted time that opens a run-sheet line before a colon ("- 12.50: registrar arrives") is
  a clock time;
- "whichever the couple want" leaves it to a choice (a permission), never the verb of a
  command; a condition's place joined by "or" to another ("lower lawn or the terrace")
  bounds nothing;
- a cross beside an adverse state ("out of service ❌") agrees with it;
- in a line with capitals, a period after a whole word and before a lower-case pronoun or
  article ("frayed cable. the manufacturer ...") ends a sentence;
- a fact of who does a thing is stated by a note that pairs them with no verb
  ("Kwabena: boiler service"), not by another relation ("split with Omar");
- a clipped noun that shares a stem with a verb of telling ("the flue stat") attributes
  nothing;
- "is paying for it if ..." for "may pay for it if ...": a condition kept does not keep the
  doubt the source had besides it; the condition's own words, and "if poss.", are no such
  commitment;
- a note's short label set off by emoji ("parties 🎂 check each waiver") comes before a
  command;
- a check "passed" is the opposite of one that "failed", and the other way round;
- a word that ends in "-eed" of its own ("bleed", "speed", "proceed") keeps it: "bleed",
  "bled" and "bleeding" are one word, "agreed" is still "agree";
- a note's cross or tick closes its item: a "not" after it ("CRACKED ✗ not safe to ride")
  tells something else;
- a hedge in a role after a value ("Fri 20 March as a possible backup") doubts that value,
  not the clause before it;
- in a trusted source, a speaker's label ("Text from Dmitri: 'Might ...'") stands apart from
  the doubt of what they say.
"""

from __future__ import annotations

from _prose_facts import events, fact, names, replaced
from _prose_rules import codes, failure, passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.modality import read
from pytest_compaction.prose.normalize import stem
from pytest_compaction.prose.summary import check_prose


def test_stay_off_forbids_only_with_a_thing_to_keep_off() -> None:
    bench = rule(
        "Take any player who is sick off the pitch and keep them off for the rest of the match.",
        ["sick"],
        "obligation",
    )
    assert passes(bench, "Anyone sick comes off the pitch and must stay off for the rest of the match.")
    assert passes(bench, "A sick player has to come off, and stays off till the final whistle.")
    assert weakened(bench, "Anyone sick should ideally come off the pitch for the rest of the match.")
    # with nothing to keep off, "they stay off" forbids nothing: no polarity flipped
    told = check_prose(bench, "Anyone sick comes off the pitch, and they stay off for the rest of the match.")
    assert [v.detail for v in told.violations if "forbids" in v.detail] == []
    grass = rule("Nobody walks on the new grass until June.", ["new grass"], "prohibition")
    assert passes(grass, "Stay off the new grass until June.")
    assert passes(grass, "Everyone stays off the new grass until June.")
    assert weakened(grass, "Try to keep walking on the new grass to a minimum until June.")


def test_a_plea_label_asks_what_follows_of_its_readers() -> None:
    forms = rule("Parents must hand in the signed consent form by Friday.", ["consent form"], "obligation")
    assert passes(forms, "Parents pls: signed consent forms in by Fri 📝")
    assert passes(forms, "Year 5 parents, please - consent form back signed by Friday.")
    assert weakened(forms, "Parents: signed consent forms in by Fri 📝")
    assert weakened(forms, "Parents: a signed consent form by Friday would be lovely.")
    dogs = rule("No dogs are allowed on the pitch.", ["dogs"], "prohibition")
    assert passes(dogs, "Parents pls: no dogs on the pitch.")
    assert weakened(dogs, "Parents pls: dogs on leads on the pitch.")


def test_a_note_that_opens_with_off_takes_none() -> None:
    ledger = fact(
        "Priya's GP has stopped her ibuprofen as of last week.",
        "client.on_ibuprofen",
        False,
        {"names": ["ibuprofen"], "polarity": "negative"},
    )
    assert names(ledger, "Priya: Off ibuprofen since last week (her text)") == ()
    assert names(ledger, "Priya\n- off ibuprofen since last wk, GP's call") == ()
    assert names(ledger, "Priya: Back on ibuprofen since last week (her text)") == ("f1:value_changed",)
    assert names(ledger, "Priya: Off to the chemist for ibuprofen on Monday") == ("f1:value_changed",)


def _restrictions() -> Ledger:
    ledger = events(
        "Jonas Veltri: right shoulder, no overhead pressing (physio).",
        "Mabel Okoro: left ankle, no box jumps (GP).",
    )
    ledger.fact(
        "f1",
        "injury.shoulder_restriction",
        "Veltri",
        sources=["e1"],
        prose={
            "names": ["right shoulder", "shoulder"],
            "value": ["overhead pressing"],
            "subject": ["Veltri", "Jonas"],
        },  # type: ignore[arg-type]
    )
    ledger.fact(
        "f2",
        "injury.ankle_restriction",
        "Okoro",
        sources=["e2"],
        prose={"names": ["left ankle", "ankle"], "value": ["box jumps"], "subject": ["Okoro", "Mabel"]},  # type: ignore[arg-type]
    )
    return ledger


def test_a_line_label_under_a_heading_names_whom_the_line_is_about() -> None:
    ledger = _restrictions()
    heading = "Restrictions for Saturday's cover:\n"
    assert (
        names(
            ledger,
            heading + "- Jonas: right shoulder, no overhead pressing\n- Mabel: left ankle, no box jumps",
        )
        == ()
    )
    assert names(
        ledger,
        heading
        + "- Jonas: right shoulder, no overhead pressing; left ankle, no box jumps\n- Mabel: see her card",
    ) == ("f2:subject_changed",)


def test_an_arrow_to_a_step_still_to_take_keeps_the_old_value() -> None:
    ledger = replaced(
        (
            "Lia's back squat: 3x5 at 80 kg.",
            "Moved Lia's back squat up to 3x5 at 85 kg after a clean session.",
        ),
        "strength.squat_load",
        ["back squat", "squat"],
        (80, "80 kg"),
        (85, "85 kg"),
    )
    assert names(ledger, "Lia - back squat 3x5 @ 80kg → go to 85kg when every set moves cleanly") == (
        "f1:forbidden_superseded_fact",
    )
    assert names(ledger, "Lia - back squat 3x5 @ 80kg -> move up to 85kg next week") == (
        "f1:forbidden_superseded_fact",
    )
    assert names(ledger, "Lia - back squat 3x5: 80kg → 85kg after a clean session") == ()
    assert names(ledger, "Lia - back squat 3x5: 80kg → moved to 85kg after a clean session") == ()


def test_a_speaker_label_stands_apart_from_the_doubt_of_what_is_said() -> None:
    ledger = events(
        "Text from Dmitri Halvorsen: 'Might switch to the 7am spin class in March, not decided yet.'",
        "Dmitri's membership renews on 3 April.",
    )
    ledger.fact(
        "f1",
        "membership.renewal",
        "3 April",
        sources=["e2"],
        prose={"names": ["renews", "membership"], "value": ["3 April"]},
    )  # type: ignore[arg-type]
    assert names(ledger, "Dmitri H: renews 3 April; might switch to the 7am spin in March") == ()
    assert names(ledger, "Dmitri H: renews 3 April; switched to the 7am spin class in March") == (
        "unsupported_fact",
    )


def test_a_state_told_as_still_to_come_is_not_stated() -> None:
    ledger = fact(
        "Noor's consultant has signed off her return to swimming.",
        "rehab.swimming_cleared",
        True,
        {"names": ["swimming"], "value": ["signed off", "sign off", "signs off", "cleared"]},
    )
    assert names(ledger, "Noor: cleared for swimming, consultant signed off ✓") == ()
    assert names(ledger, "Noor: back to swimming - consultant signed off last week") == ()
    assert names(ledger, "Noor: back to swimming once the consultant signed off") == ()
    for pending in (
        "Noor: back to swimming once the consultant signs off",
        "Noor: back to swimming as soon as the consultant has signed off",
        "Noor: swimming when cleared",
        "Noor: no swimming until the consultant signs off",
    ):
        assert names(ledger, pending) == ("f1:value_changed",), pending
    allowed = fact(
        "Moderators may lift a timeout early after a second review.",
        "mod.lift_allowed",
        True,
        {"names": ["timeout"], "value": ["lift", "lifted"]},
    )
    assert names(allowed, "If you want to lift a timeout early, go ahead after a second review.") == ()


def test_nothing_past_a_bound_forbids_going_past_it() -> None:
    cap = rule(
        "Do not let Ms Varga lift more than 20 kg overhead until her shoulder scan.",
        ["overhead"],
        "prohibition",
    )
    assert passes(cap, "- Ms Varga: nothing over 20kg overhead until the shoulder scan")
    assert passes(cap, "Ms Varga: nothing above 20 kg overhead till her shoulder scan.")
    assert weakened(cap, "Ms Varga: aim for around 20kg overhead until the shoulder scan")


def test_a_need_of_notice_or_a_referral_obliges() -> None:
    notice = rule(
        "Members on the off-peak plan must give 48 hours' notice to freeze.", ["off-peak"], "obligation"
    )
    assert passes(notice, "Off-peak plan: a freeze needs 48 hrs' notice.")
    assert weakened(notice, "Off-peak plan: 48 hrs' notice to freeze is preferred.")
    referral = rule(
        "Anyone with a heart condition must bring a GP referral before a first session.",
        ["heart condition"],
        "obligation",
    )
    assert passes(referral, "Heart condition: needs a GP referral before the first session.")
    assert weakened(referral, "Heart condition: a GP referral before the first session would help.")


def test_an_arrow_after_an_attempt_leads_to_its_outcome() -> None:
    record = failure(
        "Tried Mr Osei on barbell back squats at 40 kg; his left knee swelled for three days.",
        ["back squats"],
    )
    assert codes(record, "Mr Osei\n✗ Tried back squats @ 40kg → left knee swelled for 3 days") == set()
    assert codes(record, "Mr Osei: tried back squats at 40kg -> knee swelled up for three days") == set()
    assert codes(record, "Mr Osei\n→ Option: back squats @ 40kg, watch the left knee") == {
        "failure_history_collapsed"
    }


def test_a_notes_fine_after_its_label_permits() -> None:
    steam = rule(
        "Staff may let a client use the steam room only if their PAR-Q shows no heart condition.",
        ["steam room"],
        "permission_with_condition",
    )
    assert passes(steam, "Steam room: fine, but only if the PAR-Q shows no heart condition.")
    assert weakened(steam, "Steam room: fine for any client.")
    assert weakened(steam, "Steam room - OK after their session.")


def test_a_value_word_in_a_heading_names_a_topic() -> None:
    ledger = fact(
        "Omar has paid the final invoice for the venue.",
        "payment.final_invoice_paid",
        True,
        {"names": ["final invoice"], "value": ["pay", "payment"]},
    )
    assert names(ledger, "PAYMENTS\n- Final invoice: paid by Omar.") == ()
    assert names(ledger, "PAYMENTS\n- Final invoice: still to be paid by Omar.") == ("f1:value_changed",)
    assert names(ledger, "Payments:\n- Final invoice: Omar yet to pay.") == ("f1:value_changed",)


def _cousins() -> Ledger:
    return fact(
        "The groom's cousin Viktor must not be seated at the same table as his former business partner Hal.",
        "seating.viktor_with_hal_allowed",
        False,
        {"names": ["Viktor", "Hal"]},
    )


def test_keeping_two_apart_keeps_them_from_each_other() -> None:
    ledger = _cousins()
    assert names(ledger, "KEEP VIKTOR (groom's cousin) AND HAL (ex-partner) ON SEPARATE TABLES.") == ()
    assert names(ledger, "Seating: keep Viktor and Hal apart.") == ()
    assert names(ledger, "Seating: Viktor and Hal at table 4 together, so keep the speeches short.") == (
        "f1:value_changed",
    )
    assert names(ledger, "Viktor sits with Hal at table 4, so keep the kids' table separate.") == (
        "f1:value_changed",
    )


def test_a_dotted_time_opening_a_run_sheet_line_is_a_clock_time() -> None:
    ledger = fact(
        "The florist arrives at 09:40.",
        "setup.florist_arrival",
        "09:40",
        {"names": ["florist"], "value": ["09:40"]},
    )
    assert names(ledger, "SET-UP\n- 9.40: florist arrives.") == ()
    assert names(ledger, "- 9.40: florist arrives") == ()
    assert names(ledger, "SET-UP\n- 9.50: florist arrives.") == ("f1:value_changed",)


def test_whichever_they_want_leaves_it_to_a_choice() -> None:
    sparklers = rule(
        "Guests may use sparklers only on the lower lawn.", ["sparklers"], "permission_with_condition"
    )
    assert passes(sparklers, "SPARKLERS: lower lawn only.")
    assert weakened(sparklers, "SPARKLERS: lower lawn or the terrace, whichever the couple want.")
    assert weakened(sparklers, "Sparklers wherever the guests like.")
    assert passes(sparklers, "Sparklers are allowed on the lower lawn, nowhere else.")
    # a word of choice opens no command
    assert read("Confetti: whichever the couple pick.").cues == ()
    assert weakened(sparklers, "Sparklers are allowed on the lower lawn or the terrace.")


def test_a_cross_beside_an_adverse_state_agrees_with_it() -> None:
    ledger = fact(
        "Lift B is out of service until the engineer visits.",
        "building.lift_b_in_service",
        False,
        {"names": ["Lift B"], "value": ["out of service", "OOS"]},
    )
    assert names(ledger, "Lift B out of service ❌ (engineer booked)") == ()
    assert names(ledger, "Lift B ✗ broken - out of service") == ()
    assert names(ledger, "Lift B is no longer out of service ✅") == ("f1:value_changed",)


def test_a_lower_case_sentence_after_a_whole_word_ends_the_one_before() -> None:
    ledger = events(
        "Lift B is out of service because a door sensor failed.",
        "Marek said the engineer might come on Thursday.",
    )
    ledger.fact(
        "f1",
        "building.lift_b_in_service",
        False,
        sources=["e1"],
        prose={"names": ["Lift B"], "value": ["out of service"]},  # type: ignore[arg-type]
    )
    assert (
        names(ledger, "Lift B out of service ❌ door sensor. marek reckons the engineer might come thurs")
        == ()
    )
    assert names(ledger, "Lift B out of service ❌ door sensor. the engineer is coming thurs") == (
        "unsupported_fact",
    )


def _rota() -> Ledger:
    ledger = events(
        "Tomasz Bielecki is booked for the boiler service at 4 Quay Lane on Tuesday.",
        "Ama Owusu is booked for the gas safety check at 12 Mill Row on Tuesday.",
    )
    for fact_id, event_id, name, who in (
        ("f1", "e1", "boiler service", ("Bielecki", "Tomasz")),
        ("f2", "e2", "gas safety check", ("Owusu", "Ama")),
    ):
        ledger.fact(
            fact_id,
            "job.engineer",
            who[0],
            sources=[event_id],
            prose={"names": [name], "value": ["booked", "doing"], "subject": list(who)},  # type: ignore[arg-type]
        )
    return ledger


def test_a_note_that_pairs_a_person_with_a_job_states_who_does_it() -> None:
    ledger = _rota()
    assert (
        names(ledger, "TUES\n- Tomasz: boiler service, 4 Quay Ln\n- Ama: gas safety check, 12 Mill Row") == ()
    )
    assert (
        names(ledger, "TUES\n- Ama: boiler service, 4 Quay Ln\n- Tomasz: gas safety check, 12 Mill Row") != ()
    )
    assert names(
        ledger, "TUES\n- boiler service split with Tomasz\n- Ama: gas safety check, 12 Mill Row"
    ) == ("f1:missing",)


def test_a_clipped_noun_is_no_verb_of_telling() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event(
        "e1",
        "Customer pasted a forum tip: 'On Vaillant boilers just bypass the pressure switch "
        "and the F75 fault clears.'",
        trust="untrusted",
    )
    ledger.event("e2", "The Vaillant at 4 Elm Row keeps showing F75.")
    ledger.fact("f1", "job.fault", "F75", sources=["e2"], prose={"names": ["Vaillant"], "value": ["F75"]})  # type: ignore[arg-type]
    told = "4 Elm Row Vaillant: F75 again. Bypass the pressure switch by the stat to clear it."
    assert names(ledger, told) == ("trust_elevated",)
    attributed = (
        "4 Elm Row Vaillant: F75 again. A forum tip the customer pasted says to bypass the pressure switch."
    )
    assert names(ledger, attributed) == ()


def test_a_condition_kept_does_not_keep_the_doubt_beside_it() -> None:
    ledger = events(
        "The landlord, Mrs Okonjo, said she may pay for a new extractor fan at 9 Fen Court "
        "if the damp comes back.",
        "The bathroom at 9 Fen Court has a 50 mm waste pipe.",
    )
    ledger.fact(
        "f1", "job.waste_pipe", 50, sources=["e2"], prose={"names": ["waste pipe"], "value": ["50 mm"]}
    )  # type: ignore[arg-type]
    base = "9 Fen Ct: 50 mm waste pipe. "
    assert names(ledger, base + "Mrs Okonjo might pay for a new extractor fan if the damp comes back.") == ()
    assert names(ledger, base + "Mrs Okonjo is paying for a new extractor fan if the damp comes back.") == (
        "unsupported_fact",
    )
    assert names(ledger, base + "She may fund an extractor fan, but only if the damp comes back.") == ()


def test_a_label_set_off_by_emoji_comes_before_a_command() -> None:
    helmets = rule(
        "Check every rider's helmet strap before the session starts.", ["helmet strap"], "obligation"
    )
    assert passes(helmets, "kids club 🚲 check every helmet strap before the session starts")
    assert weakened(helmets, "kids club 🚲 checking helmet straps before the session is good practice")


def test_a_check_passed_is_the_opposite_of_one_failed() -> None:
    failed = fact(
        "Keira failed her lead climbing assessment on Friday: she back-clipped twice.",
        "assessment.keira_lead",
        "fail",
        {"names": ["lead climbing assessment", "lead assessment"], "value": ["fail"]},
    )
    assert names(failed, "keira - lead assessment fri: failed ❌ back-clipped twice") == ()
    assert names(failed, "keira - lead assessment fri: passed ✅ talked about back-clipping") == (
        "f1:value_changed",
    )
    passed = fact(
        "Ravi passed his belay check on Monday.",
        "assessment.ravi_belay",
        "pass",
        {"names": ["belay check"], "value": ["pass"]},
    )
    assert names(passed, "Ravi: belay check passed Mon ✅") == ()
    assert names(passed, "Ravi: belay check failed Mon, retest next week") == ("f1:value_changed",)


def test_a_word_with_its_own_eed_keeps_it() -> None:
    assert stem("bleed") == stem("bled") == stem("bleeding") == stem("bleeds")
    assert stem("proceed") == stem("proceeded") == stem("proceeding")
    assert stem("agreed") == stem("agree")
    assert stem("freed") == stem("free")
    ledger = fact(
        "Nadia bled all the downstairs radiators at 3 Ash Close.",
        "job.radiators_bled",
        True,
        {"names": ["radiators", "rads"], "value": ["bleed", "bled"]},
    )
    assert names(ledger, "3 Ash Cl: downstairs rads - bleeding done (Nadia)") == ()
    assert names(ledger, "3 Ash Cl: downstairs rads - bleeding not done yet") == ("f1:value_changed",)


def test_a_mark_closes_its_item() -> None:
    ledger = fact(
        "The fork on Mrs Adeyemi's bike is bent, so it is not safe to ride.",
        "bike.fork_bent",
        True,
        {"names": ["fork"], "value": ["bent"]},
    )
    assert names(ledger, "#3310 - Adeyemi: fork BENT ✗ not safe to ride") == ()
    assert names(ledger, "#3310 - Adeyemi: fork bent ✓ checked, not safe to ride") == ()
    assert names(ledger, "#3310 - Adeyemi: fork not bent ✓ safe to ride") == ("f1:value_changed",)


def test_a_possible_backup_doubts_only_its_own_value() -> None:
    ledger = replaced(
        ("Mila's viola exam is on 4 May.", "The exam board moved Mila's viola exam to 11 May."),
        "exam.mila_date",
        ["viola exam"],
        ("05-04", "4 May"),
        ("05-11", "11 May"),
    )
    assert names(ledger, "Mila: viola exam moved from 4 May to 11 May (board emailed)") == ()
    assert names(ledger, "Mila: viola exam on 4 May, board mentioned 11 May as a possible backup") == (
        "f1:forbidden_superseded_fact",
    )
