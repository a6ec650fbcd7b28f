"""Rounds 77 and on (a salon's client cards; a taxi firm's dispatch handover), each rule
tested in other words than the held-out set that showed the need:

- a comma before a pronoun with its auxiliary clipped on ("..., *she'll* rebook in the
  spring") starts a new clause, as ", she will" does: the future of that clause does not
  reach the request before the comma;
- "worth a check", "worth a quick look", "worth a go": an act offered as worth doing
  hedges the rule, as "worth checking" does; "worth a fortune" is a price;
- a bare verb, at most one bare noun and a clause of when the act is due ("radio base *as
  soon as* the passenger is on board", "text Mum *the moment* you land") is a command; a
  noun and its state ("kitchen open as soon as ...") is none;
- a value beside the fact's subject in another clause than the fact's name is not its
  value when that clause names another fact's thing ("car 19 has Elm Ward; *car 14* has
  *Birch Ward*" for car 14 on Elm Ward): the swap is told of both facts;
- an old value in the sentence after the one that names the fact, in a clause with a
  personal pronoun ("Ms Varto, table for four. *Her* slot is 1900 as booked"), is stated
  as current, as one the sentence points back to with "it" is; not when the pronoun's
  clause is another ("Mr Hale keeps 1900; her slot is 2000");
- "outstanding" after a noun of an act, as its predicate ("the renewal is *still
  outstanding*"), tells the act is not done, as "pending" does;
- "wants", "would like" and "'d like" tell a thing wished for, as "requested" does: a
  request the source asked as a question ("could I get a window seat?") is not stated as
  settled by them;
- a negating word inside the fact's own qualifier ("the quad kept *off* the main road" for
  the qualifier "off the main road") tells where or how, it does not negate the fact;
- a period after a word that ends a clause and is never shortened ("her", "him", "too",
  "today", "done") ends its sentence before a word in lower case ("no peanuts near *him.*
  brother Jonas is coming too"); after a short form ("approx. two hrs") it does not;
- a doubted verb restated with a pronoun and a time after "next" or "this" ("retiring it
  *this wk*") restates the speculation: the time is no object of its own;
- "rather than" a few words before an old value ("... *rather than* into the grey bin by
  the back door") tells it as what the new one replaced, as "instead of" does;
- a participle after "remains" or "stays" ("*remains fixed* for Tuesday 4th") tells a
  present state, not history; a past verb of saying with a "that" a few words after it
  ("Facilities *rang* to say *that* ...") frames the report, the clause's own verb tells
  its tense;
- a noun of action in "-ance" or "-ence" is a form of its verb ("attendance" of "attend",
  "acceptance" of "accept");
- a decision and its reversal, which English does not make with "un-": a confirmed,
  approved or accepted true/false fact told as "cancelled", "called off", "turned down" or
  "rejected" is negated; a word value ("confirmed" as one answer of several) is not read so,
  its opposite may be another's answer;
- ", as" before a pronoun and its verb (", *as she* might be away") opens a clause of its
  own: its doubt does not reach the request before it;
- an act after a verb of asking or wishing ("has *asked to* donate the piano") is wished,
  not told as done;
- a thing someone "gets no" or "has nothing with", with "at all", "ever" or "whatsoever"
  ("Biscuit gets no chocolate *at all*"), is the standing rule never to give it; "had no
  chocolate today" tells what happened;
- "if you get (a) chance", "when you have a minute", "if you remember" hedge a rule: it holds
  only when it suits; "if you remember the code, note it" is a condition of its own;
- a doubted noun after "could be" or "might be" ("could be her ear infection again") is no
  verb of the doubt: restated alone ("it's her ear infection again") it states the doubt as
  settled; told of a thing the sources settled, in its own stretch ("left wrist fracture
  confirmed by X-ray" for "the right wrist might also be a fracture"), it is about that
  thing;
- "not to keep" tells a deletion as "not kept" does ("asked us *not to keep* where they are
  staying on file"): there a deleted fact's names do not restate it;
- a hedge word inside a compound adjective ("the *physio-recommended* stretches") names
  which thing, it hedges nothing;
- "every walk", "each visit" closing a clause is "always", as "every time" is; after a
  preposition ("before each visit, ... may like to") it only times the act;
- a short title with an aside in brackets on the line before a bullet list ("Advanced Tap
  (Thu 17:30, Studio 2)") is a heading: its words assert nothing; not followed by a list it
  is a sentence like any other;
- an adverb between a command's verb and its object ("order *only* from our supplier", "use
  *just* the blue mop") is read past; a notice's "Staff only from 9am" is no command;
- where each one goes, in the present ("*every* injury *goes in* the accident book", "*each*
  dog *gets a* towel"), is a standing procedure: an obligation;
- a lower-case "may" before a day number and the end of its phrase, a time or a
  preposition ("agm: *may 14*", "may 14th at 19:00") is the month; "may 2 times" is not;
- a cross or ban mark opening a line whose clause has a finite verb of its own ("🚫 Dario
  *is* banned for 3 games") is the line's icon, it negates nothing;
"""

from __future__ import annotations

from _prose_facts import events, fact, names, replaced
from _prose_rules import passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose
from pytest_compaction.prose.modality import imperative
from pytest_compaction.prose.normalize import tokens
from pytest_compaction.prose.statements import read_statements


def test_a_clipped_auxiliary_after_a_comma_starts_a_clause_of_its_own() -> None:
    ledger = events("Voicemail from Ines Varga: please cancel the Tuesday slot, she'll rebook in the spring.")
    assert "unsupported_fact" not in names(ledger, "Tuesday slot cancelled at her request; she will rebook.")
    assert "unsupported_fact" in names(ledger, "Tuesday slot cancelled at her request; she rebooked.")
    doubted = events("Voicemail from Ines Varga: she might cancel the Tuesday slot, she\u2019ll ring again.")
    assert "unsupported_fact" in names(doubted, "Tuesday slot cancelled at her request.")


def test_worth_a_look_hedges_the_rule() -> None:
    register = rule("Inspect the tow bar before every trailer hire.", ["tow bar"], "obligation")
    assert passes(register, "Tow bar: inspect it before every trailer hire.")
    assert weakened(register, "Tow bar: worth a quick look before trailer hires.")
    assert weakened(register, "Tow bar - worth a check before each hire.")
    assert passes(register, "Tow bar (worth a fortune): inspect it before every trailer hire.")


def test_a_bare_verb_and_when_the_act_is_due_is_a_command() -> None:
    assert imperative("Ping dispatch as soon as the load is strapped down.") == "ping"
    assert imperative("text Mum the moment you land") == "text"
    assert imperative("Kitchen open as soon as the chef is in.") is None
    assert imperative("Team lunch once the project ships.") is None
    register = rule("Ping dispatch as soon as the load is strapped down.", ["dispatch", "load"], "obligation")
    assert passes(register, "Loads: ping dispatch the moment the load is strapped down, every trip.")
    assert weakened(register, "Loads: a ping to dispatch once the load is strapped down is appreciated.")


def _night_cover() -> Ledger:
    ledger = events(
        "Night cover: nurse Wiktoria Okafor (bleep 14) takes Elm Ward from 2000.",
        "Night cover: nurse Jonas Brandt (bleep 19) takes Birch Ward from 2000.",
    )
    for fact_id, event_id, ward, nurse, bleep in (
        ("f1", "e1", "Elm Ward", "Okafor", "bleep 14"),
        ("f2", "e2", "Birch Ward", "Brandt", "bleep 19"),
    ):
        prose = {"names": [ward.split()[0]], "value": ["takes", "has", "covers"], "subject": [nurse, bleep]}
        ledger.fact(fact_id, f"cover.{ward.split()[0].lower()}", nurse, sources=[event_id], prose=prose)  # type: ignore[arg-type]
    return ledger


def test_a_clause_naming_another_facts_thing_holds_that_facts_value() -> None:
    ledger = _night_cover()
    assert check_facts_in_prose(
        ledger, "Nights: bleep 14 (Okafor) has Elm Ward; bleep 19 (Brandt) has Birch Ward."
    ).ok
    swapped = check_facts_in_prose(
        ledger, "Nights: bleep 19 (Brandt) has Elm Ward; bleep 14 (Okafor) has Birch Ward."
    )
    assert set(swapped.names) == {"f1:subject_changed", "f2:subject_changed"}


def test_an_old_value_after_a_personal_pronoun_in_the_next_sentence_is_current() -> None:
    ledger = replaced(
        ("Booking: Ms Ilse Varto, table for four at 1900.", "Ms Varto rang: make it 2000 instead."),
        "booking.varto_time",
        ["Varto"],
        ("19:00", "1900"),
        ("20:00", "2000"),
    )
    assert names(ledger, "Ms Varto, table for four. Her slot moved 1900 -> 2000.") == ()
    kept = "Ms Varto, table for four. Her slot is 1900 as booked; 2000 only if her train runs late."
    assert names(ledger, kept) == ("f1:forbidden_superseded_fact",)
    assert names(ledger, "Ms Varto, table for four. Mr Hale keeps 1900; her slot is 2000.") == ()


def test_outstanding_after_an_act_tells_it_is_not_done() -> None:
    prose = {"names": ["tenancy agreement"], "value": ["sign", "signed", "signature"]}
    ledger = fact("Ewa Lindqvist has signed the tenancy agreement.", "lease.signed", True, prose)
    assert names(ledger, "Lindqvist: tenancy agreement signature done.") == ()
    assert names(ledger, "Lindqvist: tenancy agreement signature still outstanding.") == ("f1:value_changed",)
    assert names(ledger, "Lindqvist: the tenancy agreement signature is outstanding.") == (
        "f1:value_changed",
    )


def test_wants_tells_a_wish_not_a_settled_thing() -> None:
    ledger = events("Dmitri Havel: could I get a window seat on the return leg?")
    assert names(ledger, "Dmitri Havel wants a window seat on the return leg.") == ()
    assert names(ledger, "Dmitri Havel\u2019d like a window seat on the return leg.") == ()
    assert names(ledger, "Dmitri Havel has a window seat on the return leg.") == ("unsupported_fact",)
    doubted = events("Dmitri Havel might switch to a window seat on the return leg.")
    assert names(doubted, "Dmitri Havel switched to a window seat on the return leg.") == (
        "unsupported_fact",
    )


def test_a_negating_word_of_the_facts_own_qualifier_negates_nothing() -> None:
    prose = {"names": ["quad bike", "quad"], "qualifiers": {"where": ["off the main road", "off-road"]}}
    text = "Noor may ride the quad bike as long as it stays off the main road."
    ledger = fact(text, "farm.noor_quad", True, prose, {"where": "off the main road"})
    assert names(ledger, "Noor: quad bike ok, kept off the main road.") == ()
    assert names(ledger, "Noor: quad kept OFF the main road.") == ()
    assert names(ledger, "Noor: quad bike ok.") == ("f1:qualifiers_changed",)
    assert names(ledger, "Noor: no quad bike, off the main road or not.") == ("f1:value_changed",)


def _swim_class() -> Ledger:
    ledger = events(
        "Booking: Emil Sandoval (age 6), swimming class Tuesday.",
        "Emil's mum: his brother Jonas is coming too. Jonas has a nut allergy, so no peanuts near him.",
    )
    ledger.fact(
        "f1",
        "class.emil_day",
        "Tuesday",
        sources=["e1"],
        prose={"names": ["swimming class"], "value": ["Tue"], "subject": ["Emil"]},
    )  # type: ignore[arg-type]
    ledger.fact(
        "f2",
        "client.jonas_nut_allergy",
        True,
        sources=["e2"],
        prose={"names": ["nut"], "value": ["allergy"], "subject": ["Jonas"]},
    )  # type: ignore[arg-type]
    return ledger


def test_a_period_after_a_word_that_ends_a_clause_ends_the_sentence() -> None:
    assert [s.text for s in read_statements("no peanuts near him. brother Jonas coming too.")] == [
        "no peanuts near him.",
        "brother Jonas coming too.",
    ]
    assert len(read_statements("Fasting approx. two hrs. before the scan.")) == 1
    ledger = _swim_class()
    faithful = (
        "Emil (age 6): swimming class Tue. Brother Jonas coming too - nut ALLERGY, no peanuts near him."
    )
    assert check_facts_in_prose(ledger, faithful).ok
    moved = "Emil (age 6): swimming class Tue, nut ALLERGY - no peanuts near him. brother Jonas coming too."
    assert check_facts_in_prose(ledger, moved).names == ("f2:subject_changed",)


def test_a_doubted_verb_with_a_pronoun_and_a_time_restates_the_doubt() -> None:
    ledger = events("Ops said they might retire the old van this week.")
    assert names(ledger, "Ops are retiring it this wk.") == ("unsupported_fact",)
    assert names(ledger, "Ops might retire it this wk.") == ()
    assert names(ledger, "Ops are retiring their pagers next month.") == ()


def test_rather_than_a_few_words_before_an_old_value_tells_it_as_replaced() -> None:
    ledger = replaced(
        ("Returns go in the grey bin by the back door.", "From Monday, returns go to the loading bay."),
        "returns.drop_point",
        ["returns"],
        ("back door", "back door"),
        ("loading bay", "loading bay"),
    )
    faithful = "From Monday returns go to the loading bay rather than into the grey bin by the back door."
    assert names(ledger, faithful) == ()
    kept = "Returns still go in the grey bin by the back door; the loading bay takes any overflow."
    assert names(ledger, kept) == ("f1:forbidden_superseded_fact",)


def _fire_drill() -> Ledger:
    return replaced(
        (
            "The fire drill is on Tuesday 4th at 10 am.",
            "Facilities: the fire drill is moved to Wednesday 5th.",
        ),
        "drill.day",
        ["fire drill"],
        ("Tuesday 4th", "Tuesday 4th"),
        ("Wednesday 5th", "Wednesday 5th"),
    )


def test_remains_fixed_and_a_framing_verb_of_saying_tell_no_history() -> None:
    ledger = _fire_drill()
    moved = "Facilities rang to say that the fire drill, first planned for Tuesday 4th, is now Wednesday 5th."
    assert names(ledger, moved) == ()
    assert names(ledger, "The fire drill was booked for Tuesday 4th; it is now Wednesday 5th.") == ()
    kept = "The fire drill remains booked for Tuesday 4th, though Wednesday 5th has been mentioned."
    assert names(ledger, kept) == ("f1:forbidden_superseded_fact",)
    framed = (
        "Facilities emailed to say that the fire drill is on Tuesday 4th, though Wednesday 5th was mentioned."
    )
    assert names(ledger, framed) == ("f1:forbidden_superseded_fact",)


def test_a_noun_in_ance_is_a_form_of_its_verb() -> None:
    prose = {"names": ["induction"], "value": ["attend", "attended"]}
    ledger = fact("Priya Castellano has attended the fire-safety induction.", "staff.induction", True, prose)
    assert names(ledger, "Priya: induction attendance logged.") == ()
    assert names(ledger, "Priya: induction attendance still outstanding.") == ("f1:value_changed",)


def test_a_decision_told_as_reversed_is_negated() -> None:
    prose = {"names": ["quiz night"], "value": ["confirm", "confirmed"]}
    ledger = fact("The Anchor confirmed our booking for the quiz night.", "venue.quiz_booked", True, prose)
    assert names(ledger, "Quiz night: the Anchor's confirmation is in.") == ()
    assert names(ledger, "Quiz night: the Anchor's cancellation came through.") == ("f1:value_changed",)
    assert names(ledger, "Quiz night: booking called off by the Anchor.") == ("f1:value_changed",)
    rsvp = events("Aunt Hedda has confirmed for the reunion.", "Cousin Bram might come; not confirmed.")
    for fact_id, event_id, person, answer in (
        ("f1", "e1", "Hedda", "confirmed"),
        ("f2", "e2", "Bram", "unconfirmed"),
    ):
        form = {"names": ["reunion", "RSVP"], "value": [answer], "subject": [person]}
        rsvp.fact(fact_id, f"reunion.{person.lower()}", answer, sources=[event_id], prose=form)  # type: ignore[arg-type]
    assert names(rsvp, "Reunion RSVPs: Hedda has confirmed. Bram's RSVP is unconfirmed; he might come.") == ()


def test_as_and_a_pronoun_open_a_clause_of_their_own() -> None:
    memo = (
        "Memo from Mrs Okoro: she asks that the side gate be padlocked at night, as she might be away in May."
    )
    ledger = events(memo)
    assert names(ledger, "Side gate padlocked at night.") == ()
    assert names(ledger, "Side gate padlocked at night; Mrs Okoro is away in May.") == ("unsupported_fact",)


def test_an_act_after_a_verb_of_asking_is_wished_not_done() -> None:
    ledger = events(
        "Letter from Mr Castell-Brown: he asks that his name be struck from all club records, as he "
        "wishes to give anonymously."
    )
    assert (
        names(ledger, "One donor has asked to give anonymously; his details are struck from our records.")
        == ()
    )
    assert names(ledger, "One donor gives anonymously; his details are struck from our records.") == (
        "unsupported_fact",
    )


def test_gets_none_at_all_is_a_prohibition() -> None:
    register = rule("Never give Biscuit any chocolate.", ["Biscuit", "chocolate"], "prohibition")
    assert passes(register, "Biscuit gets no chocolate at all, not even a crumb.")
    assert passes(register, "Biscuit has nothing with chocolate in it, ever.")
    assert weakened(register, "Biscuit had no chocolate today.")
    assert weakened(register, "Biscuit gets no chocolate where possible.")


def test_if_you_get_a_chance_hedges_the_rule() -> None:
    register = rule("Always lock the tack room after evening feeds.", ["tack room"], "obligation")
    assert passes(register, "Lock the tack room after evening feeds, every time.")
    assert weakened(register, "Lock the tack room after evening feeds if you get chance.")
    assert weakened(register, "Lock the tack room after evening feeds when you have a minute.")
    assert weakened(register, "Lock the tack room after evening feeds if you remember.")
    assert passes(register, "Lock the tack room after evening feeds; if you remember the code, note it.")


def test_a_doubted_complement_of_be_restated_alone_is_settled() -> None:
    walk = events(
        "Walker note: Pepper was limping. Could be a thorn, could be her knee again, couldn't see anything."
    )
    assert names(walk, "Pepper limping; maybe a thorn, maybe the knee again.") == ()
    assert names(walk, "Pepper limping. It's her knee playing up again, I had a look.") == (
        "unsupported_fact",
    )
    scan = events(
        "The X-ray confirmed damage to the left wrist.", "Dr Ames thinks the right wrist might be a fracture."
    )
    assert (
        names(scan, "Left wrist fracture damage confirmed by X-ray. Right wrist may be fractured too.") == ()
    )
    assert names(scan, "Left wrist damage confirmed by X-ray. The right wrist is a fracture too.") == (
        "unsupported_fact",
    )


def test_not_to_keep_tells_the_deletion() -> None:
    ledger = events(
        "Ms Arlott: while we are away we are staying at the Hotel Brisa in Lagos.",
        "Ms Arlott: please do not keep our hotel details on file.",
    )
    prose = {"names": ["hotel", "staying"], "value": ["Hotel Brisa", "Lagos"]}
    ledger.fact("f1", "owner.hotel", "Hotel Brisa", sources=["e1"], prose=prose)  # type: ignore[arg-type]
    ledger.delete("f1")
    assert names(ledger, "Ms Arlott asked us not to keep where they are staying on file.") == ()
    assert names(ledger, "Ms Arlott asked us to keep where they are staying on file.") == (
        "f1:forbidden_deleted_fact",
    )
    assert names(ledger, "Ms Arlott is staying at the Hotel Brisa.") == ("f1:forbidden_deleted_fact",)


def test_a_hedge_word_inside_a_compound_adjective_hedges_nothing() -> None:
    register = rule("Always do the physio-recommended stretches before a run.", ["stretches"], "obligation")
    assert passes(register, "Runs: always do the physio-recommended stretches first.")
    assert weakened(register, "Runs: the physio-recommended stretches are recommended first.")


def test_every_walk_closing_a_clause_is_always() -> None:
    register = rule(
        "Always walk Clementine on the harness, never a collar.", ["Clementine", "harness"], "obligation"
    )
    assert passes(register, "Clementine goes out on the harness every walk, never a collar.")
    assert weakened(register, "Clementine goes out on the harness most walks, never a collar.")
    # after a preposition it only times the act
    assert weakened(register, "Before each walk, Clementine may go on the harness, never a collar.")


def test_a_title_with_an_aside_before_a_list_asserts_nothing() -> None:
    ledger = events("Ms Rahman says Zara might move up to Advanced Tap next term.")
    listed = "Advanced Tap (Thu 17:30, Studio 2)\n- Zara R.: may join next term, per Ms Rahman."
    assert names(ledger, listed) == ()
    assert names(ledger, "Advanced Tap (Thu 17:30, Studio 2)\nZara R. may join next term.") == (
        "unsupported_fact",
    )
    assert names(ledger, "Zara R.: moving up to Advanced Tap (Thu 17:30) next term.") == ("unsupported_fact",)


def test_an_adverb_between_a_verb_and_its_object_is_read_past() -> None:
    assert imperative("Kit: order only from our usual supplier, Hallam Sports.") == "order"
    assert imperative("Use just the blue mop on the ward floor.") == "use"
    assert imperative("Staff only from 9am.") is None
    assert imperative("Cash only at the bar.") is None


def test_what_is_done_to_each_one_is_a_standing_procedure() -> None:
    register = rule(
        "Log every fall in the incident book before the shift ends.", ["incident book"], "obligation"
    )
    assert passes(register, "Every fall goes in the incident book before the shift ends.")
    assert weakened(register, "Each fall is photographed in the incident book before the shift ends.")
    assert weakened(register, "Falls are worth noting in the incident book before the shift ends.")
    assert weakened(register, "Some falls go in the incident book before the shift ends.")


def test_lower_case_may_before_its_day_is_the_month() -> None:
    ledger = fact("The club AGM is on 14 May.", "club.agm", "05-14", {"names": ["AGM"], "value": ["14 May"]})
    assert names(ledger, "agm: may 14") == ()
    assert names(ledger, "agm on may 14th at 19:00") == ()
    assert names(ledger, "agm: may 15") == ("f1:value_changed",)
    assert [t.norm for t in tokens("you may 2 times")][:2] == ["you", "may"]


def test_a_mark_opening_a_line_with_a_verb_of_its_own_is_an_icon() -> None:
    prose = {"names": ["suspended", "suspension"], "value": ["3", "three"]}
    ledger = fact("League ruling: Dario Pecci is suspended for three league games.", "league.ban", 3, prose)
    assert names(ledger, "\U0001f6ab Dario is suspended for 3 league games.") == ()
    assert names(ledger, "\U0001f6ab Dario is suspended for 4 league games.") == ("f1:value_changed",)


def test_a_dial_hour_after_till_is_the_time() -> None:
    ledger = fact(
        "The bar stops serving at 23:00.", "bar.last_orders", "23:00", {"names": ["bar"], "value": ["23:00"]}
    )
    assert names(ledger, "Bar serves till eleven.") == ()
    assert names(ledger, "Bar: open until eleven, then shut.") == ()
    assert names(ledger, "Bar serves till 10 pm.") == ("f1:value_changed",)
    assert names(ledger, "Bar open, lifts from eleven.") == ("f1:missing",)


def test_four_digits_with_a_zone_are_a_clock_time() -> None:
    ledger = fact(
        "Ops: the slot is confirmed for 21:45Z.",
        "ops.slot",
        "21:45",
        {"names": ["slot"], "value": ["21:45Z"]},
    )
    assert names(ledger, "Slot confirmed 2145Z.") == ()
    assert names(ledger, "Slot confirmed 2115Z.") == ("f1:value_changed",)
    assert tokens("1830 people")[0].norm == "#1830"


def test_where_a_thing_goes_is_a_standing_rule() -> None:
    register = rule("Put used scalpel blades in the yellow sharps bin.", ["sharps bin"], "obligation")
    assert passes(register, "Used scalpel blades go in the yellow sharps bin.")
    assert weakened(register, "Used blades usually go in the sharps bin.")
    assert weakened(register, "The kids go in the pool at three; the sharps bin is in the office.")


def test_a_plural_object_and_how_it_is_kept_is_a_command() -> None:
    assert imperative("Store spare paint tins upright in the locked store.") == "store"
    assert imperative("Gas bottles upright in the cage.") is None


def test_to_follow_closing_a_clause_tells_a_plan() -> None:
    ledger = events("Next, the chef will brief the pastry team for the evening service.")
    assert names(ledger, "Pastry team brief for evening service to follow.") == ()
    assert names(ledger, "Pastry team briefed for the evening service.") == ("unsupported_fact",)
    assert names(ledger, "Pastry team brief done; more to follow.") == ("unsupported_fact",)
