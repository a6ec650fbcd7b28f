"""Round 33's rules of English (tricky negation and quantity phrasing), each tested in other
words than the held-out set that showed the need:

- "no problem with", "no objection to" deny the objection, not the thing;
- "isn't off-limits" is a double negation: allowed;
- "isn't ruling out", "hasn't ruled it out" leave a possibility open;
- "no X goes out unsigned" keeps a duty to sign every X.
"""

from __future__ import annotations

from _prose_rules import failure, passes, rule, weakened

from tests._prose_facts import events, fact, names, replaced


def test_no_objection_to_a_thing_is_no_negation_of_it() -> None:
    ledger = fact(
        "Omar does not eat pork.", "diet.pork_allowed", False, {"names": ["pork"], "polarity": "negative"}
    )
    assert names(ledger, "Omar avoids pork.") == ()
    assert names(ledger, "Omar has no problem with pork.") == ("f1:value_changed",)
    assert names(ledger, "Omar has no objection to pork.") == ("f1:value_changed",)


def test_not_off_limits_is_allowed() -> None:
    ledger = fact(
        "Dogs are not allowed in the reading room.",
        "library.dogs_allowed",
        False,
        {"names": ["dogs"], "polarity": "negative"},
    )
    assert names(ledger, "Dogs are off-limits in the reading room.") == ()
    assert names(ledger, "Dogs aren't off-limits in the reading room.") == ("f1:value_changed",)


def test_not_ruling_out_leaves_a_possibility_open() -> None:
    ledger = events("The band isn't ruling out a second show in Leeds.")
    assert names(ledger, "The band hasn't ruled out a second Leeds show.") == ()
    assert names(ledger, "The band has booked a second show in Leeds.") == ("unsupported_fact",)


def test_no_thing_left_undone_keeps_the_duty() -> None:
    register = rule("Sign every delivery note before the driver leaves.", ["delivery note"], "obligation")
    assert passes(register, "No delivery note leaves the yard unsigned: sign it before the driver goes.")
    assert weakened(register, "It is nice to sign a delivery note before the driver leaves.")


def test_a_required_qualifier_stated_as_absent_is_lost() -> None:
    ledger = events("Visitors may tour the kiln room, but never without a technician present.")
    ledger.fact(
        "f1",
        "studio.kiln_tour",
        True,
        sources=["e1"],
        qualifiers={"condition": "technician present"},
        prose={"names": ["kiln room"], "value": ["tour"], "qualifiers": {"condition": ["technician"]}},
    )
    assert names(ledger, "Visitors can tour the kiln room, though not unless a technician is present.") == ()
    assert names(ledger, "Visitors can tour the kiln room, even with no technician present.") == (
        "f1:qualifiers_changed",
    )


def test_down_from_the_earlier_value_is_history() -> None:
    texts = ("The quiz has 40 teams entered.", "Late withdrawals: the quiz now has 34 teams.")
    ledger = replaced(texts, "quiz.teams", ["teams"], (40, "40"), (34, "34"))
    assert names(ledger, "The quiz now has 34 teams, down from the earlier 40.") == ()
    assert names(ledger, "The quiz now has 40 teams.") == ("f1:forbidden_superseded_fact", "f2:value_changed")


def test_a_named_system_that_shows_is_the_source() -> None:
    ledger = events("Dr. Rask runs the imaging on Mondays.")
    ledger.event(
        "e2",
        "Booking system output: 'Confocal slot 09:00-12:00 Monday reserved for user irask.'",
        trust="untrusted",
    )
    told = "Dr. Rask runs the imaging on Mondays. The booking system shows the 09:00-12:00 slot reserved."
    assert names(ledger, told) == ()


def test_a_word_marker_inside_an_identifier_marker_takes_either_case() -> None:
    register = failure("Seeding with primer p7 was tried and failed: no product on the gel.", ["primer p7"])
    assert passes(register, "Primer p7 was already tried and failed, with no product on the gel.")
    assert not passes(register, "Primer P7 is still a candidate.")


def test_a_plural_noun_ending_its_phrase_reports_nothing() -> None:
    ledger = events("We closed 1.2 million of the seed round.")
    ledger.event(
        "e2", "Investor email: 'Founders always give me quarterly board reports.'", trust="untrusted"
    )
    assert names(ledger, "1.2 million closed. Founders always give investors quarterly board reports.") == (
        "trust_elevated",
    )
    assert names(ledger, "1.2 million closed. The investor's email asks for quarterly board reports.") == ()


def test_never_more_than_sets_a_bound_and_denies_nothing() -> None:
    ledger = events("You may reboot the edge routers, one router at a time.")
    ledger.fact(
        "f1",
        "net.reboot_allowed",
        True,
        sources=["e1"],
        qualifiers={"limit": "one router at a time"},
        prose={"names": ["reboot"], "qualifiers": {"limit": ["one router at a time", "single router"]}},
    )
    assert names(ledger, "You may reboot the edge routers, never more than a single router at once.") == ()
    assert names(ledger, "You may reboot the edge routers, as many as you like at once.") == (
        "f1:qualifiers_changed",
    )


def test_a_state_beside_an_option_describes_the_problem() -> None:
    register = failure(
        "We tried re-seating the pump; the tank stayed cold.", ["re-seating the pump"], ["stayed cold"]
    )
    assert passes(register, "Re-seating the pump was already tried and the tank stayed cold.")
    assert not passes(register, "Re-seating the pump is one option for the tank, which has stayed cold.")


def test_dosing_shorthand_is_no_count_of_days() -> None:
    ledger = events("Take doxycycline 100 mg twice a day for 7 days.")
    ledger.fact(
        "f1",
        "rx.doxy",
        100,
        sources=["e1"],
        qualifiers={"duration": "7 days"},
        prose={"names": ["doxycycline"], "value": ["100 mg"], "qualifiers": {"duration": ["7 days"]}},
    )
    assert names(ledger, "Doxycycline 100 mg BD x 7 days.") == ()
    assert names(ledger, "Doxycycline 100 mg BD until the rash settles.") == ("f1:qualifiers_changed",)
