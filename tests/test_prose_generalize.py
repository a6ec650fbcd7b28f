"""Normalization a reader takes for granted, one test per rule (session 4).

Each rule was revealed by a probe (``tests/prose_corpus/probes_g.yaml``) or a held-out
triple (``heldout/round3.yaml``) and is tested here in other words: a faithful reading
it must keep and a drift it must catch. No test reuses the wording of the triple that
revealed its rule.
"""

from __future__ import annotations

import pytest
from _prose_rules import rule

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose import _text
from pytest_compaction.prose.facts import check_facts_in_prose
from pytest_compaction.prose.invariants import attempted_failure, failure_outcome
from pytest_compaction.prose.modality import imperative, standing, states_condition
from pytest_compaction.prose.normalize import stem, tokens
from pytest_compaction.prose.statements import negator, read_statements
from pytest_compaction.prose.summary import check_prose


def norms(text: str) -> list[str]:
    return [t.norm for t in tokens(text)]


def one(text: str, value: object, prose: dict[str, object]) -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", text)
    ledger.fact("f1", "x.y", value, sources=["e1"], prose=prose)  # type: ignore[arg-type]
    return ledger


# -- numbers ------------------------------------------------------------------------------


def test_a_tens_word_and_a_unit_word_are_one_number() -> None:
    assert norms("thirty-six chairs")[0] == "#36"
    assert norms("ninety nine problems")[0] == "#99"
    assert norms("five twenty")[:2] == ["#5", "#20"]  # not one number: "twenty" cannot follow "five"
    ledger = one("The hall has 36 chairs.", 36, {"names": ["chairs"], "value": ["36 chairs"]})
    assert check_facts_in_prose(ledger, "Thirty-six chairs in the hall.").ok
    assert check_facts_in_prose(ledger, "Thirty chairs in the hall.").names == ("f1:value_changed",)


def test_dozen_multiplies_like_a_scale() -> None:
    assert norms("three dozen rolls")[0] == "#36"
    assert norms("a dozen rolls")[:2] == ["a", "#12"]
    ledger = one("Bake 36 rolls.", 36, {"names": ["rolls"], "value": ["36 rolls"]})
    assert check_facts_in_prose(ledger, "Three dozen rolls are baked.").ok
    assert check_facts_in_prose(ledger, "Two dozen rolls are baked.").names == ("f1:value_changed",)


def test_ordinal_words_are_numbers_and_first_and_second_only_in_context() -> None:
    assert norms("the seventh row") == norms("the 7th row")
    assert norms("twenty-first birthday")[0] == "#21"
    assert norms("first Tuesday")[0] == "#1"
    assert "first" in norms("first of all, the first-aid box")  # plain words
    assert norms("a second opinion")[1] == "second"
    ledger = one("Seat 12 is in the 7th row.", 7, {"names": ["row"], "value": ["7th row"]})
    assert check_facts_in_prose(ledger, "Seat 12: the seventh row.").ok
    assert check_facts_in_prose(ledger, "Seat 12: the eighth row.").names == ("f1:value_changed",)


def test_an_ordinal_before_a_unit_counts_no_units() -> None:
    assert norms("the 2nd week") != norms("2 weeks")
    assert norms("the second week") == ["the", "#2", "~week"]  # a unit, not 14 days


def test_o_clock_noon_and_number_words_with_am_pm_are_times() -> None:
    assert norms("eleven o'clock") == ["@11:00"] == norms("11 o'clock") == norms("11:00")
    assert norms("at noon")[1] == "@12:00"
    assert norms("seven pm") == ["@19:00"]
    ledger = one("Doors open at 11:00.", "11:00", {"names": ["doors"], "value": ["11:00"]})
    assert check_facts_in_prose(ledger, "Doors open at eleven o'clock.").ok
    assert check_facts_in_prose(ledger, "Doors open at ten o'clock.").names == ("f1:value_changed",)


def test_half_and_durations_read_in_one_unit() -> None:
    assert norms("one and a half hours") == norms("90 minutes")
    assert norms("half an hour") == norms("30 mins")
    assert norms("three weeks") == norms("21 days")
    ledger = one("The tour takes 90 minutes.", 90, {"names": ["tour"], "value": ["90 minutes"]})
    assert check_facts_in_prose(ledger, "The tour lasts one and a half hours.").ok
    assert check_facts_in_prose(ledger, "The tour lasts two hours.").names == ("f1:value_changed",)


def test_per_cent_and_the_day_of_a_month_in_any_order() -> None:
    assert norms("8 per cent") == norms("8%") == norms("eight percent")
    assert norms("the 4th of July")[1:] == norms("July 4") == norms("the fourth of July")[1:]
    ledger = one("The fair opens on 4 July.", "07-04", {"names": ["fair"], "value": ["4 July"]})
    assert check_facts_in_prose(ledger, "The fair opens on the fourth of July.").ok
    assert check_facts_in_prose(ledger, "The fair opens on the fifth of July.").names == ("f1:value_changed",)


# -- verb forms -----------------------------------------------------------------------------


def test_more_irregular_verbs_fold_to_their_base() -> None:
    assert stem("swore") == stem("swear") == stem("sworn")
    assert stem("withdrew") == stem("withdraw")
    assert stem("forbidden") == stem("forbid")
    assert stem("rewritten") == stem("rewrite")


def test_an_irregular_plural_or_a_form_like_its_base_is_not_past() -> None:
    (crowd,) = read_statements("Forty people attend the class.")
    assert crowd.past(crowd.norms.index("class")) is None
    (rule_,) = read_statements("Staff read the log each morning.")
    assert rule_.past(rule_.norms.index("log")) is None
    (then,) = read_statements("Staff wrote the log each morning.")
    assert then.past(then.norms.index("log")) is not None


def test_a_marker_matches_irregular_and_doubled_consonant_forms_both_ways() -> None:
    assert _text.contains("She wrote the memo.", "written")
    assert _text.contains("The memo is written by her.", "wrote")
    assert _text.contains("We shred the letters.", "shredded")
    assert _text.contains("The letters are shredded.", "shred")
    assert _text.contains("Transfers are committed nightly.", "commit")
    assert _text.contains("one export per day", "exports")
    assert not _text.contains("a formal note", "form")
    assert not _text.contains("the planes landed", "plan")


def test_a_rule_is_found_by_an_inflected_marker() -> None:
    register = rule(
        "Confidential letters must be shredded after scanning.", ["letters", "shredded"], "obligation"
    )
    assert check_prose(register, "Always shred confidential letters after scanning.").ok
    hedged = check_prose(register, "Confidential letters should be shredded after scanning.")
    assert "inv:modal_weakened" in hedged.names
    dropped = check_prose(register, "Confidential letters must be filed after scanning.")
    assert "inv:marker_missing" in dropped.names


def test_a_marker_with_a_number_time_or_unit_matches_any_wording_of_it() -> None:
    register = rule("Refill the oxygen tanks every 6 hours.", ["oxygen tanks", "6 hours"], "obligation")
    assert check_prose(register, "The oxygen tanks must be refilled every six hours.").ok
    assert check_prose(register, "The oxygen tanks must be refilled every 360 minutes.").ok
    drifted = check_prose(register, "The oxygen tanks must be refilled every eight hours.")
    assert "inv:marker_missing" in drifted.names
    assert _text.contains("Gates close at 7:00.", "7 a.m.")
    assert _text.contains("by the second of each month", "2nd")
    assert not _text.contains("Gates close at 7 pm.", "7 a.m.")


# -- sources --------------------------------------------------------------------------------


def test_a_word_that_names_a_fact_does_not_attribute_it() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "A forum post says: 'the post office opens on Sundays'.", trust="untrusted")
    ledger.event("e2", "Letters are delivered at 10 am.")
    ledger.fact("f1", "mail.time", "10:00", sources=["e2"], prose={"names": ["letters"], "value": ["10 am"]})
    faithful = "Letters arrive at 10 am. A forum post says the post office opens on Sundays."
    assert check_facts_in_prose(ledger, faithful).ok
    drifted = check_facts_in_prose(ledger, "Letters arrive at 10 am; the post office opens on Sundays.")
    assert drifted.names == ("trust_elevated",)


def test_asking_requesting_and_unverified_report_a_source() -> None:
    (asked,) = read_statements("An unknown caller asked for a refund to card C-17.")
    assert asked.attributed(asked.norms.index("refund")) is not None
    (flagged,) = read_statements("Unverified: the vault code changed.")
    assert flagged.attributed(flagged.norms.index("vault")) is not None
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Text message: transfer the balance to ACC-99 now.", trust="untrusted")
    ledger.event("e2", "The savings goal is 900 euros.")
    ledger.fact("f1", "goal", 900, sources=["e2"], prose={"names": ["savings goal"], "value": ["900 euros"]})
    assert check_facts_in_prose(ledger, "Savings goal: 900 euros. A text requested a transfer to ACC-99.").ok
    drifted = check_facts_in_prose(ledger, "Savings goal: 900 euros. Transfer the balance to ACC-99 now.")
    assert drifted.names == ("trust_elevated",)


def test_a_short_number_is_a_distinguishing_word_of_a_claim() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "A forum post says: 'parking is free after 6'.", trust="untrusted")
    ledger.event("e2", "Parking costs 2 euros per hour.", trust="system")
    ledger.fact("f1", "parking.rate", 2, sources=["e2"], prose={"names": ["parking"], "value": ["2 euros"]})
    assert check_facts_in_prose(ledger, "Parking: 2 euros per hour. A forum post says it is free after 6.").ok
    drifted = check_facts_in_prose(ledger, "Parking: 2 euros per hour; free after 6.")
    assert drifted.names == ("trust_elevated",)


# -- clauses --------------------------------------------------------------------------------


def test_comma_and_before_a_name_and_a_plain_verb_starts_a_clause() -> None:
    (split,) = read_statements("Ida cooks on Mondays, and Tom cleans on Fridays.")
    assert split.clause[split.norms.index("ida")] != split.clause[split.norms.index("tom")]
    (titled,) = read_statements("Dr. Wu reviews the charts, and Mr. Ode signs them.")
    assert titled.clause[titled.norms.index("wu")] != titled.clause[titled.norms.index("ode")]
    (listed,) = read_statements("Ida, Tom, and Pia cook on Mondays.")
    assert len(set(listed.clause)) == 1


# -- rules ----------------------------------------------------------------------------------


def test_a_command_after_a_fronted_adverbial_is_an_obligation() -> None:
    assert imperative("After each shift, lock the drug cabinet.") == "lock"
    assert imperative("After each shift, the drug cabinet is usually locked.") is None
    register = rule("Lock the drug cabinet after each shift.", ["drug cabinet"], "obligation")
    assert check_prose(register, "After each shift, lock the drug cabinet.").ok
    assert (
        "inv:modal_weakened"
        in check_prose(register, "After each shift, the drug cabinet could be locked.").names
    )


def test_verbs_ending_in_ly_are_commands_adverbs_are_not() -> None:
    assert imperative("Apply the sealant before sunset.") == "apply"
    assert imperative("Supply two pens to every candidate.") == "supply"
    assert imperative("Usually the sealant dries overnight.") is None
    register = rule("Apply the sealant before sunset.", ["sealant"], "obligation")
    assert check_prose(register, "Apply the sealant before sunset.").ok


def test_a_command_whose_object_is_a_compound_noun_is_an_obligation() -> None:
    assert imperative("Route support calls through the hotline.") == "route"
    register = rule("Route support calls through the hotline.", ["support calls"], "obligation")
    assert check_prose(register, "Support calls must go through the hotline.").ok
    assert "inv:modal_weakened" in check_prose(register, "Support calls may go through the hotline.").names


def test_a_rule_that_reads_as_no_obligation_is_still_refused() -> None:
    with pytest.raises(PayloadError):
        check_prose(rule("The hotline is nice.", ["hotline"], "obligation"), "The hotline is nice.")


def test_a_condition_kept_in_its_own_words_needs_no_condition_word() -> None:
    invariant = "Visitors may use the darkroom only with a member present."
    assert states_condition(invariant, ["With a member present, visitors can use the darkroom."])
    assert not states_condition(invariant, ["Visitors can use the darkroom at weekends."])
    register = rule(invariant, ["darkroom"], "permission_with_condition")
    assert check_prose(register, "With a member present, visitors can use the darkroom.").ok
    assert check_prose(register, "Visitors can use the darkroom at weekends.").names == (
        "inv:modal_weakened",
    )


def test_a_standing_procedure_states_an_obligation() -> None:
    assert standing("The database is backed up every night.") is not None
    assert standing("The database was backed up every night.") is None  # history
    assert standing("The database is not backed up every night.") is None
    assert standing("The database is backed up.") is None  # no schedule or deadline
    register = rule("Back up the database every night.", ["database"], "obligation")
    assert check_prose(register, "The database is backed up every night.").ok
    assert (
        "inv:modal_weakened" in check_prose(register, "The database is usually backed up every night.").names
    )
    assert "inv:modal_weakened" in check_prose(register, "The database was backed up every night.").names


def test_did_not_help_and_made_no_difference_are_failures() -> None:
    assert failure_outcome("Acupuncture was tried and made no difference.") is not None
    assert failure_outcome("The new filter did not help.") is not None
    assert attempted_failure("We tried the new filter; it didn't help.") is not None
    assert failure_outcome("The new filter did not fail.") is None
    register = {
        "failures": [
            {"id": "fail-1", "text": "Switching to the new filter did not help.", "approach": ["filter"]}
        ]
    }
    assert check_prose(register, "Tried the new filter; it made no difference.").ok
    collapsed = check_prose(register, "The new filter was considered.")
    assert collapsed.names == ("fail-1:failure_history_collapsed",)


def test_a_failure_word_in_a_hypothetical_clause_tells_no_outcome() -> None:
    assert failure_outcome("Switching regions could crash the job.") is None
    assert failure_outcome("Keep it as an option in case the job crashes.") is None
    assert failure_outcome("Switching regions was tried and crashed the job.") is not None
    assert (
        failure_outcome("Tried it; if anything, it crashed faster.") is not None
    )  # the clause after the comma
    register = {
        "failures": [{"id": "fail-1", "text": "Switching regions crashed the job.", "approach": ["regions"]}]
    }
    assert check_prose(register, "Switching regions was tried; it crashed the job.").ok
    collapsed = check_prose(register, "Switching regions stays an option in case the job crashes.")
    assert collapsed.names == ("fail-1:failure_history_collapsed",)


def test_under_consideration_and_proposed_are_speculation() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "We might open a second shop in Bergen.")
    ledger.event("e2", "The shop sells tea.")
    ledger.fact("f1", "shop.sells", "tea", sources=["e2"], prose={"names": ["shop"], "value": ["tea"]})
    assert check_facts_in_prose(
        ledger, "The shop sells tea; a second shop in Bergen is under consideration."
    ).ok
    assert check_facts_in_prose(ledger, "The shop sells tea; a second shop in Bergen is proposed.").ok
    drifted = check_facts_in_prose(ledger, "The shop sells tea; a second shop opened in Bergen.")
    assert drifted.names == ("unsupported_fact",)


def test_a_frequency_is_a_schedule_for_a_standing_procedure() -> None:
    assert standing("The plants are misted three times a day.") is not None
    assert standing("The plants are misted twice a week.") is not None
    register = rule("Mist the plants three times a day.", ["plants"], "obligation")
    assert check_prose(register, "The plants are misted three times a day.").ok
    assert "inv:modal_weakened" in check_prose(register, "The plants were misted three times a day.").names


# -- held-out round 4: function words read as written ------------------------------------------


FOLD_ONTO_FUNCTION_WORDS = [
    "noted", "notes", "note", "noting", "notably", "notice", "notion", "nod", "nodded", "knot",
    "knots", "nevermore", "nonetheless", "nose", "Nora", "Norway", "nova", "nowhere-near", "known",
]  # fmt: skip


@pytest.mark.parametrize("word", FOLD_ONTO_FUNCTION_WORDS)
def test_a_word_that_folds_near_a_negator_negates_nothing(word: str) -> None:
    statement = read_statements(f"{word} the refill is due on Friday.")[0]
    assert all(negator(t) is None for t in statement.tokens)
    assert statement.negated(statement.norms.index(stem("refill"))) is None
    assert "not" not in {stem(w) for w in (word, word.lower())}


def test_negators_are_read_from_the_surface_word() -> None:
    for text, word in [
        ("not", "not"), ("never", "never"), ("nothing", "nothing"), ("none", "none"),
        ("nobody", "nobody"), ("doesn't", "not"), ("won't", "not"), ("cannot", "not"),
    ]:  # fmt: skip
        assert [negator(t) for t in tokens(text)][-1] == word
    assert stem("noted") == stem("notes") == stem("noting") == stem("note") == "note"
    assert stem("here") != stem("her")
    assert stem("themes") == "theme"
    ledger = one("Iris takes the blood thinner.", True, {"names": ["blood thinner"], "value": ["takes"]})
    assert check_facts_in_prose(ledger, "Noting for the record: Iris takes the blood thinner.").ok
    assert check_facts_in_prose(ledger, "Noting that Iris takes the blood thinner.").ok
    drifted = check_facts_in_prose(ledger, "Noting that Iris no longer takes the blood thinner.")
    assert drifted.names == ("f1:value_changed",)


def test_a_report_frame_does_not_tell_its_clause_as_history() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "My dentist is Dr. Okoro.")
    ledger.fact(
        "f1", "care.dentist", "Okoro", sources=["e1"], prose={"names": ["dentist"], "value": ["Okoro"]}
    )
    ledger.event("e2", "I switched to Dr. Lind as my dentist.")
    ledger.fact("f2", "care.dentist", "Lind", sources=["e2"], prose={"names": ["dentist"], "value": ["Lind"]})
    ledger.supersede("f1", "f2")
    faithful = "Confirmed that the dentist used to be Dr. Okoro and is now Dr. Lind."
    assert check_facts_in_prose(ledger, faithful).ok
    drifted = check_facts_in_prose(ledger, "Confirmed that the dentist is Dr. Okoro; Dr. Lind also sees her.")
    assert "f1:forbidden_superseded_fact" in drifted.names
    assert read_statements("Confirmed that she moved in May.")[0].past(5) == "moved"  # the clause's own verb


def test_a_source_noun_is_read_as_written_not_by_its_stem() -> None:
    sits = read_statements("The spare key sits under the mat.")[0]
    assert sits.attributed(sits.norms.index("key")) is None
    site = read_statements("The booking site says the spare key is under the mat.")[0]
    assert site.attributed(site.norms.index("key")) is not None
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "We could keep the spare key in a Vantor lockbox someday.")
    ledger.event("e2", "The spare key is with Tomas.")
    ledger.fact("f1", "home.key", "Tomas", sources=["e2"], prose={"names": ["spare key"], "value": ["Tomas"]})
    assert check_facts_in_prose(
        ledger, "The spare key is with Tomas; a Vantor lockbox could hold it someday."
    ).ok
    drifted = check_facts_in_prose(ledger, "The spare key is with Tomas and now sits in a Vantor lockbox.")
    assert drifted.names == ("unsupported_fact",)


def test_a_negated_verb_of_success_or_arrival_is_a_failure() -> None:
    for text in [
        "The refund was requested twice and it never came.",
        "Paging the on-call engineer: the page did not go through.",
        "The courier was booked, but the parcel wasn't delivered.",
    ]:
        assert failure_outcome(text) is not None, text
    assert failure_outcome("The refund came through on the second request.") is None
    register = {"failures": [{"id": "r1", "text": "Paging the backup engineer twice: the page never arrived.",
                              "approach": ["backup engineer"]}]}  # fmt: skip
    assert check_prose(register, "The backup engineer was paged twice; the page never arrived.").ok
    drifted = check_prose(register, "Paging the backup engineer is an idea for later.")
    assert drifted.names == ("r1:failure_history_collapsed",)


def test_a_clause_that_opens_with_only_carries_the_condition_before_it() -> None:
    register = rule(
        "Tenants may sublet the flat only with the landlord's written consent.", ["sublet"],
        "permission_with_condition",
    )  # fmt: skip
    assert check_prose(register, "Tenants can sublet, though only with the landlord's written consent.").ok
    assert check_prose(register, "Tenants can sublet; only with the landlord's written consent.").ok
    drifted = check_prose(register, "Tenants can sublet, though they should tell the landlord.")
    assert "inv:modal_weakened" in drifted.names


def test_a_condition_is_kept_by_most_of_its_words_not_one_it_shares() -> None:
    register = rule(
        "Nurses may give the second dose only if the ward doctor signs the chart.", ["second dose"],
        "permission_with_condition",
    )  # fmt: skip
    assert check_prose(register, "The second dose is fine once the ward doctor has signed the chart.").ok
    drifted = check_prose(register, "The second dose is fine when the chart shows a fever.")
    assert drifted.names == ("inv:modal_weakened",)
    same_day = rule(
        "Staff may swap a shift without approval, provided the swap is within the same week.", ["swap"],
        "permission_with_condition",
    )  # fmt: skip
    assert check_prose(same_day, "Staff can swap a shift without approval, within the same week.").ok
    lost = check_prose(same_day, "Staff can swap a shift without approval, and log the swap.")
    assert lost.names == ("inv:modal_weakened",)


def test_a_command_after_a_label_and_a_fronted_adverbial_is_an_obligation() -> None:
    assert imperative("Kitchen rules: before every service, wipe the steel benches.") == "wipe"
    assert imperative("The rota he wanted me to remind him of, every week: water the ferns.") == "water"
    assert imperative("Kitchen rules: before every service, the benches are often wiped.") is None
    register = rule("Wipe the steel benches before every service.", ["steel benches"], "obligation")
    assert check_prose(register, "Kitchen rules: before every service, wipe the steel benches.").ok
    drifted = check_prose(register, "Kitchen rules: the steel benches look better wiped.")
    assert "inv:modal_weakened" in drifted.names


def test_and_before_a_name_and_its_verb_starts_a_clause_with_or_without_a_comma() -> None:
    (bare,) = read_statements("Lena takes the early train and Olu drives in at nine.")
    assert bare.clause[bare.norms.index("lena")] != bare.clause[bare.norms.index("olu")]
    (full,) = read_statements("Mira Holt chairs the panel, and Jon Ek is taking notes.")
    assert full.clause[full.norms.index("mira")] != full.clause[full.norms.index("jon")]
    (contrast,) = read_statements("Lena takes the early train, while the late one suits Olu.")
    assert contrast.clause[contrast.norms.index("lena")] != contrast.clause[contrast.norms.index("olu")]
    (pair,) = read_statements("Lena and Olu take the early train while it is quiet.")
    assert len(set(pair.clause)) == 1
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Lena waters the plants.")
    ledger.fact("f1", "home.plants", True, sources=["e1"],
                prose={"names": ["plants"], "value": ["waters"], "subject": ["Lena"]})  # fmt: skip
    ledger.event("e2", "Olu feeds the cat.")
    ledger.fact("f2", "home.cat", True, sources=["e2"],
                prose={"names": ["cat"], "value": ["feeds"], "subject": ["Olu"]})  # fmt: skip
    assert check_facts_in_prose(ledger, "Lena waters the plants and Olu feeds the cat.").ok
    swapped = check_facts_in_prose(ledger, "Olu waters the plants, while the cat is fed by Lena.")
    assert set(swapped.names) == {"f1:subject_changed", "f2:subject_changed"}


def _moved() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Send the samples to the Leeds lab.")
    ledger.fact("f1", "lab.site", "Leeds", sources=["e1"], prose={"names": ["samples"], "value": ["Leeds"]})
    ledger.event("e2", "The samples go to the York lab now.")
    ledger.fact("f2", "lab.site", "York", sources=["e2"], prose={"names": ["samples"], "value": ["York"]})
    ledger.supersede("f1", "f2")
    return ledger


def test_going_to_a_place_is_motion_not_intent() -> None:
    (motion,) = read_statements("The samples are going to the Leeds lab.")
    assert motion.speculative(motion.norms.index("leed")) is None
    (intent,) = read_statements("The lab is going to close in the spring.")
    assert intent.speculative(0) == "going to"
    assert check_facts_in_prose(_moved(), "The samples now go to York (Leeds came up once).").ok
    drifted = check_facts_in_prose(_moved(), "The samples are going to Leeds; York came up once.")
    assert "f1:forbidden_superseded_fact" in drifted.names


def test_may_the_month_is_no_modal() -> None:
    for text in ["The lab opened in May.", "Since May the lab is open.", "Due May 4.", "The May rota holds."]:
        (statement,) = read_statements(text)
        assert statement.speculative(0) is None, text
    (modal,) = read_statements("The lab may close early.")
    assert modal.speculative(0) == "may"
    drifted = check_facts_in_prose(_moved(), "The samples go to the Leeds lab, as they did in May.")
    assert "f1:forbidden_superseded_fact" in drifted.names


def test_a_past_verb_joined_after_the_value_tells_another_action() -> None:
    (statement,) = read_statements("The samples go to Leeds and reached York once.")
    assert statement.past(statement.norms.index("leed")) is None
    (history,) = read_statements("The samples went to Leeds.")
    assert history.past(history.norms.index("leed")) == "went"
    assert check_facts_in_prose(_moved(), "The samples went to Leeds before; now they go to York.").ok
    drifted = check_facts_in_prose(_moved(), "The samples go to Leeds and York asked about them.")
    assert "f1:forbidden_superseded_fact" in drifted.names


def test_words_joined_by_a_slash_are_words() -> None:
    assert norms("tea/coffee") == norms("tea coffee")
    assert norms("24/7") == ["!24/7"]
    assert norms("A/B") == ["!a/b"]
    ledger = one(
        "I swim on Mondays and Fridays.", "mon-fri", {"names": ["swim"], "value": ["Mondays", "Fridays"]}
    )
    assert check_facts_in_prose(ledger, "Swims Monday/Friday.").ok
    assert check_facts_in_prose(ledger, "Swims 24/7.").names == ("f1:missing",)


def test_a_deleted_fact_restated_by_its_name_alone_is_caught() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "My locker is number 31 in the basement.")
    ledger.fact("f1", "gym.locker", 31, sources=["e1"], prose={"names": ["locker"], "value": ["31"]})
    ledger.event("e2", "I train on Tuesdays.")
    ledger.fact(
        "f2", "gym.days", "Tuesday", sources=["e2"], prose={"names": ["train"], "value": ["Tuesdays"]}
    )
    ledger.delete("f1")
    assert check_facts_in_prose(ledger, "Trains on Tuesdays.").ok
    drifted = check_facts_in_prose(ledger, "Trains on Tuesdays and keeps a locker in the basement.")
    assert drifted.names == ("f1:forbidden_deleted_fact",)


# -- a prose form's qualifiers must be the fact's own ------------------------------------------


BAD_QUALIFIER_SPEC = """\
description: Prose words for a qualifier the fact does not have.
tenant: t-spec
subject: u-spec
events:
  - id: e1
    text: "Give the cat her pill after breakfast."
    facts:
      - id: f-pill
        predicate: pet.pill
        value: after breakfast
        prose:
          names: [pill]
          qualifiers:
            timing: [after breakfast]
steps:
  - add: [e1]
  - compress
"""


def test_prose_words_for_a_qualifier_the_fact_lacks_are_a_clear_error(pytester: pytest.Pytester) -> None:
    (pytester.path / "pill.compaction.yaml").write_text(BAD_QUALIFIER_SPEC)
    result = pytester.runpytest("--compaction-contract", "-p", "no:xdist")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*pill.compaction.yaml:14*events[[]0].facts[[]0].prose.qualifiers.timing: prose words for "
            "qualifier 'timing', which the fact does not have (it has no qualifiers); add `timing: ...` "
            "to the fact's qualifiers, or remove 'timing' from prose.qualifiers*"
        ]
    )
    assert "Traceback" not in result.stdout.str()
    fixed = BAD_QUALIFIER_SPEC.replace(
        "value: after breakfast\n", "value: true\n        qualifiers: {timing: after breakfast}\n"
    )
    (pytester.path / "pill.compaction.yaml").write_text(fixed)
    pytester.runpytest("--compaction-contract", "-p", "no:xdist").assert_outcomes(passed=1)


def test_prose_words_for_a_missing_qualifier_are_refused_in_python_too() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Walk the dog at dawn.")
    with pytest.raises(PayloadError, match=r"prose\.qualifiers\.when: .*its qualifiers are where"):
        ledger.fact("f1", "dog.walk", True, sources=["e1"], qualifiers={"where": "park"},
                    prose={"names": ["dog"], "qualifiers": {"when": ["dawn"]}})  # fmt: skip
    ledger.fact("f1", "dog.walk", True, sources=["e1"], qualifiers={"when": "dawn"},
                prose={"names": ["dog"], "qualifiers": {"when": ["dawn"]}})  # fmt: skip


# -- round 5 rules (held-out heldout/round5.yaml), tested in other words ----------------------


def test_a_frame_that_reports_the_rule_is_not_a_hedge() -> None:
    register = rule("Sign out the van keys before every delivery run.", ["van keys"], "obligation")
    assert check_prose(
        register, "You need to remember to sign out the van keys before every delivery run."
    ).ok
    assert check_prose(register, "The driver should remember that the van keys must be signed out first.").ok
    weakened = check_prose(
        register, "The driver should remember that the van keys could be signed out first."
    )
    assert "inv:modal_weakened" in weakened.names
    # Without the frame, "should" still hedges the rule itself.
    assert "inv:modal_weakened" in check_prose(register, "The van keys should be signed out first.").names
    permission = rule(
        "Interns may open the archive only after the curator signs the log.",
        ["archive"],
        "permission_with_condition",
    )
    assert check_prose(
        permission,
        "Keep in mind that interns may open the archive, but only after the curator signs the log.",
    ).ok
    assert (
        "inv:modal_weakened"
        in check_prose(
            permission, "Keep in mind that interns may open the archive and tell the curator later."
        ).names
    )


def test_a_command_after_a_bold_markdown_label_is_an_obligation() -> None:
    assert imperative("- **Boiler:** drain the radiators every autumn.") == "drain"
    assert imperative("**Boiler:** the radiators are nice in autumn.") is None
    register = rule("Drain the radiators every autumn.", ["radiators"], "obligation")
    assert check_prose(register, "- **Boiler:** drain the radiators every autumn.").ok
    drifted = check_prose(register, "- **Boiler:** draining the radiators in autumn is a good idea.")
    assert "inv:modal_weakened" in drifted.names


def test_only_restates_a_prohibition_bounded_by_a_negated_relative() -> None:
    register = rule("Never lend a key to a tenant who is not on the lease.", ["lease"], "prohibition")
    assert check_prose(register, "Keys are lent only to tenants on the lease.").ok
    assert (
        "inv:modal_weakened"
        in check_prose(register, "Keys are usually lent only to tenants on the lease.").names
    )
    assert "inv:modal_weakened" in check_prose(register, "Keys can be lent to tenants on the lease.").names


def test_a_universal_negative_bounded_by_without_keeps_an_obligation() -> None:
    register = rule("Always stamp parcels before they leave the depot.", ["parcels", "depot"], "obligation")
    assert check_prose(register, "No parcel ever leaves the depot without a stamp.").ok
    assert check_prose(register, "Parcels: nothing leaves the depot without a stamp.").ok
    assert (
        "inv:modal_weakened"
        in check_prose(register, "Parcels can leave the depot unstamped on Sundays.").names
    )
    # A universal negative with no condition is no restatement of "always".
    assert "inv:modal_weakened" in check_prose(register, "None of the parcels left the depot today.").names


def test_an_attempt_that_met_a_refusal_or_nothing_available_is_a_failure() -> None:
    assert failure_outcome("Booking the hall for Friday was tried; no room was available.") is not None
    assert failure_outcome("Asked the bank to waive the fee; they said no.") is not None
    assert attempted_failure("Asked the council for a permit; the request was declined.") is not None
    assert failure_outcome("Booking the hall for Friday is the plan; a room is available.") is None
    assert attempted_failure("We discussed asking the council for a permit.") is None


def test_a_definite_subject_of_a_speculation_is_given_only_its_predicate_is_doubted() -> None:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "The leak under the sink could come from a cracked washer.")
    assert check_facts_in_prose(ledger, "There is a leak under the sink; a washer may be cracked.").ok
    settled = check_facts_in_prose(ledger, "The leak under the sink comes from a cracked washer.")
    assert "unsupported_fact" in settled.names
    # Without a definite subject the whole clause stays a possibility.
    doubted = Ledger(tenant_id="t", subject_id="s")
    doubted.event("e1", "A leak under the sink could come from a cracked washer.")
    assert "unsupported_fact" in check_facts_in_prose(doubted, "There is a leak under the sink.").names


def test_a_currency_name_qualified_by_its_country_is_the_currency_code() -> None:
    assert norms("1,250.50 US dollars") == norms("USD 1250.50") == ["#1250.5", "¤usd"]
    assert norms("90 Swiss francs") == norms("CHF 90")
    assert norms("the US dollars") == ["the", "us", "dollar"]  # no amount: words
    ledger = one("The deposit for the hall is 1,250.50 US dollars.", 1250.5,
                 {"names": ["deposit"], "value": ["1,250.50 US dollars"]})  # fmt: skip
    assert check_facts_in_prose(ledger, "Hall deposit: USD 1250.50.").ok
    assert "f1:value_changed" in check_facts_in_prose(ledger, "Hall deposit: USD 1520.50.").names


# -- session 5: the round 5 open triples -------------------------------------------------


def test_the_same_amount_in_another_unit_is_a_changed_value() -> None:
    assert norms("two millilitres")[:2] == ["#2", "~ml"]
    assert norms("3 kilometres")[:2] == ["#3", "~km"]
    ledger = one("Sprinkle 20 g of salt on the dough.", 20, {"names": ["salt"], "value": ["20 g"]})
    assert check_facts_in_prose(ledger, "Salt: twenty grams on the dough.").ok
    assert check_facts_in_prose(ledger, "Salt: 20 kg on the dough.").names == ("f1:value_changed",)
    fee = one("The locker fee is 40 euros a month.", 40, {"names": ["locker fee"], "value": ["40 euros"]})
    assert check_facts_in_prose(fee, "Locker fee: EUR 40 monthly.").ok
    assert check_facts_in_prose(fee, "Locker fee: $40 monthly.").names == ("f1:value_changed",)
    # A duration beside the amount is another quantity (the course), not its unit.
    run = one("Run 3 km each morning.", 3, {"names": ["run"], "value": ["3 km"]})
    assert check_facts_in_prose(run, "Run: three kilometres each morning for 3 weeks.").ok
    assert check_facts_in_prose(run, "Run each morning for 3 days.").names == ("f1:missing",)


def _rebooked() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Reserve the Oak room for the offsite.")
    ledger.fact("f1", "venue.room", "Oak", sources=["e1"], prose={"names": ["room"], "value": ["Oak"]})
    ledger.event("e2", "Make that the Birch room, please; Oak is too small.")
    ledger.fact("f2", "venue.room", "Birch", sources=["e2"], prose={"names": ["room"], "value": ["Birch"]})
    ledger.supersede("f1", "f2")
    return ledger


def test_have_an_object_and_a_participle_holds_the_value_now() -> None:
    (held,) = read_statements("The team has the Oak room reserved.")
    assert held.past(held.norms.index("oak")) is None
    (perfect,) = read_statements("The team has reserved the Oak room.")
    assert perfect.past(perfect.norms.index("oak")) == "reserved"
    assert check_facts_in_prose(_rebooked(), "The team switched the room from Oak to Birch.").ok
    assert check_facts_in_prose(_rebooked(), "The team has the Birch room reserved now.").ok
    drifted = check_facts_in_prose(_rebooked(), "The team has an Oak room reserved and Birch came up too.")
    assert "f1:forbidden_superseded_fact" in drifted.names


def test_speculation_in_a_predicate_joined_after_the_value_doubts_only_itself() -> None:
    (joined,) = read_statements("Mira works the night shift and wondered whether days might suit her.")
    assert joined.speculative(joined.norms.index("night")) is None
    assert joined.speculative(joined.norms.index("suit")) is not None
    (doubted,) = read_statements("Mira might work the night shift and rest by day.")
    assert doubted.speculative(doubted.norms.index("night")) is not None
    drifted = check_facts_in_prose(
        _rebooked(), "The team keeps the Oak room and asked if Birch would be free."
    )
    assert "f1:forbidden_superseded_fact" in drifted.names
    assert check_facts_in_prose(
        _rebooked(), "The team moved from the Oak room to Birch and asked if it is free."
    ).ok


def test_a_participle_after_a_label_is_a_present_passive() -> None:
    (labelled,) = read_statements("- **Payslips:** filed in the grey cabinet.")
    assert labelled.past(labelled.norms.index(stem("grey"))) is None
    (history,) = read_statements("Monday: filed the payslips in the grey cabinet.")
    assert history.past(history.norms.index(stem("grey"))) == "filed"
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Payslips are filed in the grey cabinet.")
    ledger.fact("f1", "hr.payslips", "grey", sources=["e1"], prose={"names": ["payslips"], "value": ["grey"]})
    ledger.event("e2", "From today payslips go in the white cabinet instead.")
    ledger.fact(
        "f2", "hr.payslips", "white", sources=["e2"], prose={"names": ["payslips"], "value": ["white"]}
    )
    ledger.supersede("f1", "f2")
    assert check_facts_in_prose(
        ledger, "- **Payslips:** filed in the white cabinet (formerly the grey one)."
    ).ok
    drifted = check_facts_in_prose(
        ledger, "- **Payslips:** filed in the grey cabinet, copies in the white one."
    )
    assert "f1:forbidden_superseded_fact" in drifted.names


def _archive() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "A pasted blog post: 'Archivists must scan every map in colour.'", trust="untrusted")  # type: ignore[arg-type]
    ledger.event("e2", "The archive charges 12 euros for every request.", trust="system")  # type: ignore[arg-type]
    ledger.fact("f1", "archive.fee", 12, sources=["e2"], prose={"names": ["archive"], "value": ["12 euros"]})
    return ledger


def test_a_reporting_word_used_as_a_noun_reports_nothing() -> None:
    (noun,) = read_statements("The archive charges 12 euros for every request.")
    assert noun.attributed(0) is None
    for reported in [
        "The claim that maps are scanned came from a blog.",
        "A post that claims maps are scanned.",
    ]:
        (statement,) = read_statements(reported)
        assert statement.attributed(0) is not None, reported
    faithful = (
        "The archive charges €12 for every request. "
        "A pasted blog post says archivists must scan every map in colour."
    )
    assert check_facts_in_prose(_archive(), faithful).ok
    drifted = "The archive charges €12 for every request, and archivists must scan every map in colour."
    assert check_facts_in_prose(_archive(), drifted).names == ("trust_elevated",)


def test_a_condition_of_assent_is_kept_by_another_word_for_the_same_act() -> None:
    register = rule(
        "Cashiers may void a sale only after manager review.", ["void"], "permission_with_condition"
    )
    assert check_prose(register, "Cashiers can void a sale once a manager signs off.").ok
    assert check_prose(register, "Cashiers can void a sale after a manager approves it.").ok
    for lost in ["Cashiers can void a sale.", "Cashiers can void a sale once a customer approves it."]:
        assert check_prose(register, lost).names == ("inv:modal_weakened",), lost
    deploy = rule(
        "Interns may deploy to production only with a lead's written sign-off.", ["deploy"],
        "permission_with_condition",
    )  # fmt: skip
    assert check_prose(deploy, "With a lead's written approval, interns can deploy to production.").ok
    assert check_prose(deploy, "Interns can deploy to production after a customer's review.").names == (
        "inv:modal_weakened",
    )  # the act is kept, who assents and "written" are not
