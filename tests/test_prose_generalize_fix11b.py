"""Rules revealed by the round-11 held-out triples (fixer 11b): a rule in a note's short form
(after a time stamp and a speaker, after a list heading and a bullet's own label, after an
arrow, "X to be done", a command whose articles are dropped), a rule told in reported speech
("had to", "was to be", a backshifted "could"), a need of a named person's assent, an
attributive "optional", and a failure record told as "tried X; the problem came again".

Each rule was revealed by a triple of ``tests/prose_open/round11{a,b}.yaml`` and is tested
here in other words and domains: faithful readings it must keep and drifts it must catch.
"""

from __future__ import annotations

import pytest
from _prose_rules import passes as _ok
from _prose_rules import rule as _rule
from _prose_rules import weakened as _weakened

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.prose.invariants import FailureRecord
from pytest_compaction.prose.modality import CueKind, count_constraints, read
from pytest_compaction.prose.summary import check_prose

# -- a command after a time stamp and a speaker's label ------------------------------------

_BACKUP = _rule(
    "Back up the customer database before every schema migration.", ["customer database"], "obligation"
)


@pytest.mark.parametrize(
    "faithful",
    [
        "09:12 ops: back up the customer database before every schema migration",
        "[16:40] lead: back up the customer database before each schema migration",
        "2026-03-02 08:15 dba: back up the customer database before every migration",
    ],
)
def test_a_command_after_a_time_stamp_and_a_speaker_is_a_command(faithful: str) -> None:
    assert _ok(_BACKUP, faithful)


@pytest.mark.parametrize(
    "drifted",
    [
        "09:12 ops: backing up the customer database before a migration would be nice",
        "09:12 ops: maybe back up the customer database before migrations",
        "[16:40] lead: the customer database was backed up before the migration",
    ],
)
def test_a_time_stamp_does_not_make_a_report_or_a_hedge_a_command(drifted: str) -> None:
    assert not _ok(_BACKUP, drifted)


# -- the rule's own verb opens a note whose articles are dropped ---------------------------

_FIRE_DOOR = _rule("Lock the fire door behind you after every delivery.", ["fire door"], "obligation")


@pytest.mark.parametrize(
    "faithful",
    [
        "rules:\n- loading bay: lock fire door after every delivery",
        "dock notes: lock fire door behind you after each delivery",
    ],
)
def test_the_rules_own_command_verb_opening_a_note_is_the_command(faithful: str) -> None:
    assert _ok(_FIRE_DOOR, faithful)


@pytest.mark.parametrize(
    "drifted",
    [
        "rules:\n- loading bay: fire door locked after deliveries mostly",
        "loading bay: lock fire door after deliveries when convenient",
        "loading bay: locking fire door after every delivery is optional",
        "loading bay: fire door open after deliveries",
    ],
)
def test_a_note_that_hedges_waives_or_only_reports_the_door_is_not_the_command(drifted: str) -> None:
    assert not _ok(_FIRE_DOOR, drifted)


# -- "no X until" after an arrow ------------------------------------------------------------

_SHIPMENT = _rule(
    "Do not release the shipment for order 5521 until the customs form is filed.", ["5521"], "prohibition"
)


@pytest.mark.parametrize(
    "faithful",
    [
        "order 5521 -> no release until customs form is filed",
        "re: order 5521 => no shipment release until the customs form is filed",
    ],
)
def test_no_after_an_arrow_opens_a_prohibition(faithful: str) -> None:
    assert _ok(_SHIPMENT, faithful)


@pytest.mark.parametrize(
    "drifted",
    [
        "order 5521 -> ideally no release until customs form is filed",
        "order 5521 -> release allowed before the customs form is filed",
        "order 5521 -> released yesterday, customs form pending",
    ],
)
def test_an_arrow_does_not_make_a_hedge_or_a_permission_a_prohibition(drifted: str) -> None:
    assert not _ok(_SHIPMENT, drifted)


# -- "X to be done": the note form of "X is to be done" -------------------------------------

_TYRES = _rule("Check the tyre pressure before every long trip.", ["tyre pressure"], "obligation")


@pytest.mark.parametrize(
    "faithful",
    [
        "Van: tyre pressure to be checked before every long trip.",
        "Checklist: tyre pressure to be checked before each long trip",
        "Tyre pressure to be checked before every long trip.",
    ],
)
def test_a_noun_phrase_then_to_be_and_a_participle_is_an_obligation(faithful: str) -> None:
    assert _ok(_TYRES, faithful)


@pytest.mark.parametrize(
    "drifted",
    [
        "Van: tyre pressure yet to be checked before the long trip.",
        "Van: the tyre pressure seems to be checked before long trips.",
        "Van: tyre pressure ideally to be checked before long trips.",
        "Van: tyre pressure not to be checked before long trips.",
    ],
)
def test_to_be_after_a_verb_of_its_own_or_a_hedge_is_no_obligation(drifted: str) -> None:
    assert not _ok(_TYRES, drifted)


def test_to_be_after_a_pronoun_or_a_raising_verb_reads_as_no_rule() -> None:
    assert not read("The report seems to be finished.").has(CueKind.OBLIGATION)
    assert not read("We want it to be finished by noon.").has(CueKind.OBLIGATION)
    assert read("Parcels to be signed for on delivery.").has(CueKind.OBLIGATION)
    assert count_constraints("Note: wristbands to be worn in the pool area.") == 1


# -- reported speech: "had to", "was to be", and a need lifted from everyone ------------------

_HARD_HAT = _rule("Wear a hard hat on the scaffold.", ["hard hat"], "obligation")


@pytest.mark.parametrize(
    "faithful",
    [
        "The site manager told the AI that a hard hat was to be worn on the scaffold.",
        "The site manager explained that everyone had to wear a hard hat on the scaffold.",
        "The site manager said a hard hat needed to be worn on the scaffold.",
    ],
)
def test_a_rule_reported_in_the_past_keeps_its_obligation(faithful: str) -> None:
    assert _ok(_HARD_HAT, faithful)


@pytest.mark.parametrize(
    "drifted",
    [
        "The site manager explained that nobody had to wear a hard hat on the scaffold.",
        "The site manager said visitors never had to wear a hard hat on the scaffold.",
        "The site manager said that visitors did not have to wear a hard hat on the scaffold.",
        "The site manager said a hard hat was not to be worn on the scaffold.",
    ],
)
def test_a_reported_rule_lifted_or_turned_is_caught(drifted: str) -> None:
    assert _weakened(_HARD_HAT, drifted)


def test_a_need_denied_of_everyone_is_a_waiver_in_any_tense() -> None:
    assert read("No one needs to sign the visitor book.").has(CueKind.WAIVER)
    assert read("None of us had to queue.").has(CueKind.WAIVER)


# -- reported speech: "could" backshifted from "can" ----------------------------------------

_MERGE = _rule("Interns may merge to main only after a senior review.", ["main"], "permission_with_condition")
_ROOMS = _rule("Never give out a guest's room number.", ["room number"], "prohibition")


@pytest.mark.parametrize(
    "faithful",
    [
        "The lead said that interns could merge to main, but only after a senior review.",
        "The lead explained that interns could merge to main once a senior had reviewed it.",
    ],
)
def test_could_in_a_past_report_is_the_permission_it_reports(faithful: str) -> None:
    assert _ok(_MERGE, faithful)


@pytest.mark.parametrize(
    "drifted",
    [
        "The lead said that interns could merge to main.",
        "The lead said interns could merge to main whenever they liked.",
        "Interns could merge to main after a senior review.",  # no report: a hedge
        "The lead said interns could have merged to main after a senior review.",
    ],
)
def test_could_without_the_condition_or_outside_a_report_is_caught(drifted: str) -> None:
    assert not _ok(_MERGE, drifted)


@pytest.mark.parametrize(
    "faithful",
    [
        "The manager told the AI that it could not give out a guest's room number.",
        "The manager explained that staff couldn't give out a guest's room number.",
    ],
)
def test_could_not_in_a_past_report_is_a_prohibition(faithful: str) -> None:
    assert _ok(_ROOMS, faithful)


@pytest.mark.parametrize(
    "drifted",
    [
        "The manager told the AI that it could give out a guest's room number.",
        "The manager said staff could perhaps give out a guest's room number.",
    ],
)
def test_could_in_a_past_report_still_permits_what_was_forbidden(drifted: str) -> None:
    assert _weakened(_ROOMS, drifted)


# -- "needs" a named person's assent, titled or not -----------------------------------------

_REFUND = _rule("Ms. Adeyemi must approve every refund over $500.", ["refund"], "obligation")


@pytest.mark.parametrize(
    "faithful",
    [
        "Refunds: any refund over $500 needs Ms. Adeyemi's approval.",
        "Any refund over $500 needs Prof. Lena Adeyemi's sign-off.",
        "Any refund over $500 needs Adeyemi's approval first.",
    ],
)
def test_a_need_of_a_named_persons_assent_is_an_obligation(faithful: str) -> None:
    assert _ok(_REFUND, faithful)


@pytest.mark.parametrize(
    "drifted",
    [
        "Any refund over $500 ideally gets Ms. Adeyemi's approval.",
        "Any refund over $500 no longer needs Ms. Adeyemi's approval.",
        "Any refund over $500 gets Ms. Adeyemi's approval.",
    ],
)
def test_a_named_persons_assent_hedged_lifted_or_only_described_is_caught(drifted: str) -> None:
    assert not _ok(_REFUND, drifted)


# -- "optional" before its noun is an adjective ---------------------------------------------

_INSURANCE = _rule(
    "Always offer the optional travel insurance to every customer.", ["travel insurance"], "obligation"
)


@pytest.mark.parametrize(
    "faithful",
    [
        "The optional travel insurance is always offered to every customer.",
        "Every customer must be offered the optional travel insurance.",
    ],
)
def test_an_attributive_optional_names_a_kind_of_thing(faithful: str) -> None:
    assert _ok(_INSURANCE, faithful)


@pytest.mark.parametrize(
    "drifted",
    [
        "Offering the travel insurance to customers is optional.",
        "The travel insurance is an optional extra to mention to customers.",
        "Mentioning the optional travel insurance is optional.",
    ],
)
def test_optional_said_of_the_rule_still_lifts_it(drifted: str) -> None:
    assert _weakened(_INSURANCE, drifted)


def test_optional_before_a_noun_reads_as_no_waiver() -> None:
    assert not read("Skip the optional steps.").has(CueKind.WAIVER)
    assert not read("Bring an optional second pair of gloves.").has(CueKind.WAIVER)
    assert read("The second pair of gloves is optional.").has(CueKind.WAIVER)
    assert read("The review is an optional step.").has(CueKind.WAIVER)


# -- a failure record: "tried X; the problem came again" -----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "We tried a new seal on the pump; oil leaked out again within a week.",
        "We tried a lower dose, but the rash spread again.",
        "Tried resetting the router, and the connection dropped again overnight.",
    ],
)
def test_a_problem_that_came_again_after_an_attempt_reads_as_a_failure(text: str) -> None:
    FailureRecord(id="f", text=text, approach=[text.split()[2]])


@pytest.mark.parametrize(
    "text",
    [
        "We tried a new seal on the pump; we fitted it again the next day.",
        "We tried a new seal on the pump; the pump worked again.",
        "We tried a new seal on the pump; the tests passed again.",
        "We tried a new seal on the pump.",
    ],
)
def test_a_retry_or_a_success_again_is_still_refused_as_a_failure(text: str) -> None:
    with pytest.raises(PayloadError, match="does not read as a failure"):
        FailureRecord(id="f", text=text, approach=["new seal"])


def test_a_recurrence_record_is_checked_against_summaries_as_a_failure() -> None:
    register = {
        "failures": [
            {"id": "fail", "text": "We tried a new seal on the pump; oil leaked out again within a week.",
             "approach": ["new seal"]}
        ]
    }  # fmt: skip
    assert check_prose(register, "tried & failed:\n- [x] new seal on the pump -> oil leaked out again").ok
    assert not check_prose(register, "ideas:\n- [ ] new seal on the pump -> check for leaks after a week").ok
