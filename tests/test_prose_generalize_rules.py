"""Rule-side readings revealed by the held-out rounds 6a and 6c, one group per rule.

Each rule is tested in other words and domains than the triple that revealed it: drifts
it must catch and faithful restatements it must pass. No test reuses that triple's wording.
"""

from __future__ import annotations

from typing import Any

import pytest
from _prose_rules import codes, failure, rule

from pytest_compaction.prose import _text
from pytest_compaction.prose.invariants import considered_words, failure_outcome
from pytest_compaction.prose.modality import CueKind, count_constraints, imperative, read, reshaped
from pytest_compaction.prose.summary import check_prose

# -- a Markdown heading is a label: the bullet under it starts its own clause ------------

GUARD = rule("Always lock the guard before clearing a jam.", ["guard", "jam"], "obligation")
SAMPLES = rule("Always label every sample before it leaves the bench.", ["sample", "bench"], "obligation")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (
            GUARD,
            "# Shift notes\n## Press line\n- Lock the guard before clearing any jam.\n"
            "## People\n- Ivo Tan is on.",
        ),
        (
            SAMPLES,
            "### Lab rules\n- Label each sample before it leaves the bench.\n"
            "### Status\n- Freezer 2 is full.",
        ),
    ],
)
def test_a_command_bullet_under_a_heading_is_an_obligation(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        # the heading's word is not a command ("Check The guard ...", "Record Sample ...")
        (GUARD, "### Check\n- The guard was open during the last jam."),
        (SAMPLES, "## Record\n- The sample from Ward 2 left the bench at noon."),
    ],
)
def test_a_heading_word_is_not_read_as_the_command_of_the_bullet(
    register: dict[str, Any], summary: str
) -> None:
    assert "modal_weakened" in codes(register, summary)


def test_a_heading_closed_by_a_colon_keeps_the_same_sentences() -> None:
    text = "## Plan\n- Lock the guard. Then clear the jam.\n\nPlain line."
    plain, labelled = _text.sentences(text), _text.labelled_sentences(text)
    assert [s.text for s in labelled] == ["Plan: Lock the guard.", "Plan: Then clear the jam.", "Plain line."]
    assert len(plain) == len(labelled)
    assert count_constraints("State: The ward is quiet tonight.") == 0


# -- a command to keep away from something is a prohibition ------------------------------

RASK = rule("Do not give Mr. Rask any ibuprofen until his scan.", ["ibuprofen", "Rask"], "prohibition")
KILN = rule("Never let visitors into the kiln room.", ["visitors", "kiln room"], "prohibition")
ROOF = rule("Nobody goes on the east roof without a harness.", ["east roof"], "prohibition")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (RASK, "Plan: withhold ibuprofen from Mr. Rask until his scan."),
        (RASK, "Keep Mr. Rask off ibuprofen until the scan is done."),
        (KILN, "Keep visitors out of the kiln room."),
        (KILN, "Staff must keep visitors away from the kiln room."),
        (ROOF, "Stay off the east roof unless you wear a harness."),
        (KILN, "Avoid taking visitors into the kiln room."),
    ],
)
def test_a_keep_away_command_keeps_a_prohibition(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (RASK, "Keep Mr. Rask on ibuprofen until his scan."),  # "on", not "off": an obligation
        (KILN, "Visitors avoid the kiln room."),  # a habit, not a command
        (KILN, "Keep visitors out of the kiln room where practical."),
        (KILN, "Ideally, stay out of the kiln room with visitors."),
    ],
)
def test_keeping_on_a_habit_or_a_hedged_keep_away_is_caught(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


def test_keeping_something_off_until_a_time_is_not_a_prohibition() -> None:
    cues = read("Keep the gallery lights off after 10 pm.").cues
    assert cues[0].kind is CueKind.OBLIGATION
    assert read("Keep your hands off the controls.").cues[0].kind is CueKind.PROHIBITION
    assert count_constraints("Avoid calling the billing API twice.") == 1
    assert count_constraints("Avoid calling the billing API twice if possible.") == 0


# -- an "unless" beside the rule's own connective is an added exception ------------------

SHIPMENT = rule(
    "Never release a shipment until customs has cleared it.", ["shipment", "customs"], "prohibition"
)
VAN = rule("Always sign out the van keys before leaving the depot.", ["van keys", "depot"], "obligation")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (SHIPMENT, "Never release a shipment until customs has cleared it, unless the client is a regular."),
        (VAN, "Always sign out the van keys before leaving the depot unless you are back within the hour."),
    ],
)
def test_an_unless_added_beside_the_own_connective_narrows_the_rule(
    register: dict[str, Any], summary: str
) -> None:
    verdict = check_prose(register, summary)
    assert any(v.code.value == "modal_weakened" and "'unless'" in v.detail for v in verdict.violations)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (SHIPMENT, "Don't release a shipment unless customs has cleared it."),  # the complement
        (SHIPMENT, "Release a shipment only after customs has cleared it."),
        (SHIPMENT, "Never release a shipment until customs has cleared it, even if the client is a regular."),
        (VAN, "Never leave the depot without signing out the van keys."),
    ],
)
def test_the_rule_through_its_complement_or_widened_passes(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


# -- a suggestion is no recorded failure; "raised" fails only with an error --------------

POOL = failure(
    "Tried raising the pool size; it failed with PoolTimeout errors.", ["pool size"], ["PoolTimeout"]
)
CARROTS = failure("Tried raised beds for the carrots; it failed, the soil dried out.", ["raised beds"])


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (POOL, "Raising the pool size was suggested to stop the PoolTimeout errors."),
        (POOL, "The DBA recommended a bigger pool size against PoolTimeout errors."),
        (CARROTS, "Raised beds for the carrots are on the list for spring."),
        (CARROTS, "Raised beds for the carrots were put forward by the allotment committee."),
    ],
)
def test_a_suggested_approach_is_not_a_recorded_failure(register: dict[str, Any], summary: str) -> None:
    assert "failure_history_collapsed" in codes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (POOL, "Raising the pool size was suggested and tried; it failed with PoolTimeout errors."),
        (POOL, "A bigger pool size raised PoolTimeout errors again."),
        (CARROTS, "Raised beds for the carrots: tried, failed (the soil dried out)."),
    ],
)
def test_a_failure_told_with_suggestion_or_raised_words_passes(
    register: dict[str, Any], summary: str
) -> None:
    assert codes(register, summary) == set()


def test_raised_and_suggested_words() -> None:
    assert failure_outcome("The call raised a TimeoutError.") is not None
    assert failure_outcome("The plan raised a ticket for the raised floor.") is None
    assert considered_words("The vet suggested a new diet.") == ("suggested",)


# -- a condition said in the same shape with other words is kept -------------------------

KILN_USE = rule(
    "Pupils may use the kiln only when a teacher is watching the door.", ["kiln"], "permission_with_condition"
)
DEPOT = rule(
    "Drivers may leave the depot once the supervisor has signed the manifest.",
    ["depot"],
    "permission_with_condition",
)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (KILN_USE, "Pupils can use the kiln provided an instructor is watching the entrance."),
        (DEPOT, "Drivers can leave the depot after the foreman has signed the docket."),
    ],
)
def test_a_condition_restated_in_its_shape_is_kept(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (KILN_USE, "Pupils can use the kiln when the door is open."),
        (DEPOT, "Drivers can leave the depot once the van has been washed."),
        (DEPOT, "Drivers can leave the depot after the driver has loaded the trailer."),
    ],
)
def test_another_condition_in_its_place_is_caught(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


def test_reshaped_needs_the_same_shape_and_a_word_in_place() -> None:
    assert reshaped(("adult", "stand", "bas"), ("grow", "stand", "foot"))
    assert not reshaped(("adult", "stand", "bas"), ("stand", "grow", "foot"))  # not in place
    assert not reshaped(("incident", "commander", "agre"), ("incident", "open"))  # another shape
    assert not reshaped(("pharmacist", "sign"), ("nurse", "sign"))  # too short to tell


# -- round 7: "only if" restates the invariant's own "only"; to a rule without one it is an exception

PRINTER = rule(
    "Interns may use the lab printer only with a supervisor present.",
    ["lab printer"],
    "permission_with_condition",
)
PLUS_ONE = rule(
    "Guests may bring a plus-one only with the host's approval.", ["plus-one"], "permission_with_condition"
)
PARCELS = rule("Never ship parcels above 20 kg.", ["parcels"], "prohibition")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (PRINTER, "Interns can use the lab printer, but only if a supervisor is present."),
        (PLUS_ONE, "Guests can bring a plus-one only when the host approves."),
    ],
)
def test_only_if_restates_the_invariants_own_only(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (PRINTER, "Interns can use the lab printer only with a supervisor present, if the lab is quiet."),
        (PARCELS, "Ship parcels above 20 kg only if the courier agrees."),
    ],
)
def test_an_if_beside_the_only_or_only_if_for_a_plain_bound_is_an_exception(
    register: dict[str, Any], summary: str
) -> None:
    assert "modal_weakened" in codes(register, summary)


# -- an "unless" narrows only beside the rule's own complemented connective ------------

PAYROLL = rule(
    "Never send payroll files outside the company without encryption.", ["payroll files"], "prohibition"
)
SAMPLES_OUT = rule("Never take samples outside the lab before logging them.", ["samples"], "prohibition")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (PAYROLL, "Payroll files are never sent outside the company unless they are encrypted."),
        (SAMPLES_OUT, "Samples must never be taken outside the lab unless they have been logged."),
    ],
)
def test_unless_for_the_own_connective_beside_a_kept_bound_passes(
    register: dict[str, Any], summary: str
) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (PAYROLL, "Never send payroll files outside the company without encryption, unless the CFO asks."),
        (SAMPLES_OUT, "Never take samples outside the lab before logging them, unless it is an emergency."),
    ],
)
def test_unless_beside_the_kept_own_connective_still_narrows(register: dict[str, Any], summary: str) -> None:
    verdict = check_prose(register, summary)
    assert any(v.code.value == "modal_weakened" and "'unless'" in v.detail for v in verdict.violations)


# -- "that no X ... without Y" keeps an obligation through its complement ----------------

HARD_HAT = rule("Always wear a hard hat when entering the yard.", ["hard hat", "yard"], "obligation")
INVOICE = rule(
    "Always attach the invoice when filing an expense claim.", ["invoice", "expense claim"], "obligation"
)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (HARD_HAT, "The site rule is that no visitors enter the yard without a hard hat."),
        (INVOICE, "Finance said that no expense claims are filed without the invoice."),
    ],
)
def test_that_no_without_keeps_an_obligation(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (HARD_HAT, "The site rule is that a hard hat is advised when entering the yard."),
        (INVOICE, "Finance noted that expense claims filed without the invoice get queried."),
    ],
)
def test_without_and_no_force_is_still_caught(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


# -- "is best left", "are best kept": advice, a hedge ------------------------------------

PATIENT = rule("Do not move the patient before the X-ray is read.", ["patient", "X-ray"], "prohibition")
VAULT = rule("Do not open Vault B before the timer has run out.", ["Vault B"], "prohibition")
DOOR = rule("Always keep the server room door shut overnight.", ["server room door"], "obligation")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (PATIENT, "The patient is best left in bed until the X-ray is read."),
        (DOOR, "The server room door is best kept shut overnight."),
        (VAULT, "Vault B is best kept shut until the timer has run out."),
    ],
)
def test_best_with_a_participle_is_a_hedge(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (PATIENT, "The patient must not be moved until the X-ray is read."),
        (DOOR, "The server room door must be kept shut overnight; it is the best kept rule we have."),
    ],
)
def test_must_keeps_force_and_the_best_kept_adjective_is_no_hedge(
    register: dict[str, Any], summary: str
) -> None:
    assert codes(register, summary) == set()


# -- a command whose object has several modifiers; noun-initial statements are not commands

TICKETS = rule("Archive expired customer-support tickets after 90 days.", ["tickets"], "obligation")
CYLINDERS = rule(
    "Refill empty spare propane cylinders before each trip.", ["propane cylinders"], "obligation"
)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (TICKETS, "Expired customer-support tickets must be archived after 90 days."),
        (CYLINDERS, "- Refill empty spare propane cylinders before each trip."),
    ],
)
def test_a_command_with_a_long_object_is_an_obligation(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (TICKETS, "Expired customer-support tickets can be archived after 90 days if the queue is quiet."),
        (CYLINDERS, "Empty spare propane cylinders are ideally refilled before each trip."),
    ],
)
def test_a_long_object_command_weakened_is_caught(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


def test_noun_initial_statements_are_not_commands() -> None:
    assert imperative("Archive expired customer-support tickets after 90 days.") == "archive"
    assert imperative("Holds are released at 6 pm on show days.") is None
    assert imperative("Release notes are published on Fridays.") is None
    assert imperative("Return flights are cheaper in March.") is None


# -- an agreement frame reports the rule: its infinitive is the command ------------------

BACKUP = rule("Back up the shared drive every Friday.", ["shared drive"], "obligation")
DRAWER = rule("Lock the cash drawer at closing.", ["cash drawer"], "obligation")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (BACKUP, "We agreed to back up the shared drive every Friday."),
        (DRAWER, "The team decided to lock the cash drawer at closing."),
    ],
)
def test_an_agreed_infinitive_is_the_command(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (BACKUP, "We agreed it might help to back up the shared drive every Friday."),
        (DRAWER, "The team decided it is nice to lock the cash drawer at closing."),
    ],
)
def test_an_agreement_that_something_helps_is_no_command(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


# -- a problem that outlived the attempt is its failure ----------------------------------

RADIATOR = failure("Flushing the radiator was tried; the engine still overheated on the hill.", ["radiator"])
DRIVER = failure(
    "Reinstalling the printer driver was tried; the paper jams came back after a day.", ["printer driver"]
)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (RADIATOR, "Flushed the radiator, but the engine still overheats on the hill."),
        (DRIVER, "Reinstalled the printer driver; the paper jams came back a day later."),
    ],
)
def test_a_problem_that_persisted_is_a_recorded_failure(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (RADIATOR, "Flushing the radiator could stop the engine overheating on the hill."),
        (DRIVER, "Reinstalling the printer driver is an option for the paper jams."),
    ],
)
def test_a_fix_still_to_try_is_no_failure(register: dict[str, Any], summary: str) -> None:
    assert "failure_history_collapsed" in codes(register, summary)


def test_persisted_words() -> None:
    assert failure_outcome("the leak persisted") is not None
    assert failure_outcome("the tap still drips") is not None
    assert failure_outcome("the warning light came back on") is not None
    assert failure_outcome("the pump still needs a new seal") is None
    assert failure_outcome("we still plan to replace the seal") is None
    assert failure_outcome("the old driver still works") is None
    assert failure_outcome("the blood test came back clean") is None
    assert failure_outcome("the new part is still weeks away") is None


# -- an outcome told without its subject; an error to watch out for is no outcome -------

UPLOAD = failure(
    "We tried the vendor's bulk upload; it failed with error CSV-417.", ["bulk upload"], ["CSV-417"]
)
KIOSK = failure("Rebooting the kiosk was tried; it crashed again with KX-9.", ["kiosk"], ["KX-9"])


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (UPLOAD, "- Tried: the vendor's bulk upload. Failed (CSV-417)."),
        (KIOSK, "Rebooted the kiosk. Crashed again, KX-9."),
    ],
)
def test_an_outcome_sentence_without_a_subject_belongs_to_the_attempt(
    register: dict[str, Any], summary: str
) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (UPLOAD, "Ran the vendor's bulk upload; watch out for CSV-417."),
        (UPLOAD, "- Next step: the vendor's bulk upload to clear CSV-417."),
        (KIOSK, "Plan: reboot the kiosk, but beware of KX-9."),
    ],
)
def test_an_error_to_watch_out_for_is_no_recorded_failure(register: dict[str, Any], summary: str) -> None:
    assert "failure_history_collapsed" in codes(register, summary)


# -- round 8: the be-to of an instruction is an obligation --------------------------------

LEDGER = rule("Back up the ledger before you close the month.", ["ledger"], "obligation")
STOCKROOM = rule("Sweep the stockroom floor at the end of each shift.", ["stockroom"], "obligation")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (LEDGER, "Agreed with Noor: the ledger is to be backed up before the month is closed."),
        (STOCKROOM, "The stockroom floor is to be swept at the end of each shift."),
    ],
)
def test_is_to_be_done_is_an_obligation(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (LEDGER, "The ledger is not to be backed up before the month is closed."),
        (STOCKROOM, "Sweeping the stockroom floor at the end of each shift is a nice touch."),
    ],
)
def test_is_to_be_drifts_are_caught(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


# -- round 8: "X needs Y" is "never X without Y" turned around ----------------------------

PRESS = rule("Never publish a press release without legal's approval.", ["press release"], "prohibition")
REFUND = rule("Do not issue a refund over $100 without a manager's sign-off.", ["refund"], "prohibition")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (PRESS, "Every press release needs legal's approval first."),
        (REFUND, "Any refund over $100 needs a manager's sign-off."),
    ],
)
def test_a_need_of_a_thing_keeps_never_without(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (PRESS, "A press release usually needs legal's approval."),
        (REFUND, "A refund over $100 doesn't need a manager's sign-off any more."),
    ],
)
def test_a_need_hedged_or_lifted_is_caught(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


# -- round 8: "X stays out of Y" is a prohibition -----------------------------------------

CLEAN_ROOM = rule("Do not bring food into the clean room.", ["clean room"], "prohibition")
FIRE_LANE = rule("Never park delivery vans in the fire lane.", ["fire lane"], "prohibition")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (CLEAN_ROOM, "Lab notes: food stays out of the clean room."),
        (FIRE_LANE, "Delivery vans stay clear of the fire lane."),
    ],
)
def test_staying_away_is_a_prohibition(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (CLEAN_ROOM, "Food should stay out of the clean room where practical."),
        (FIRE_LANE, "Delivery vans can use the fire lane."),
    ],
)
def test_staying_away_drifts_are_caught(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


# -- round 8: "while" bounds a rule, and "as long as" is the same span ---------------------

KILN = rule("Never open the kiln door while the firing light is on.", ["kiln door"], "prohibition")
HOOD = rule("Do not open the hood whilst the engine is running.", ["hood"], "prohibition")
PERMIT = "permission_with_condition"
CALLS = rule("Staff may take personal calls while the queue is empty.", ["personal calls"], PERMIT)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (KILN, "The kiln door must not be opened for as long as the firing light is on."),
        (HOOD, "The hood must never be opened so long as the engine is running."),
        (CALLS, "Staff can take personal calls as long as the queue is empty."),
    ],
)
def test_while_restated_as_long_as_is_kept(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (KILN, "The kiln door must not be opened, unless the firing light is on."),
        (HOOD, "The hood must never be opened if the engine is cold."),
        (CALLS, "Staff can take personal calls while on a break."),
    ],
)
def test_while_replaced_by_an_exception_is_caught(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


# -- round 8: a permission's "unless" restated "except when" ------------------------------

PARCELS = rule(
    "Couriers may leave parcels at the door unless the customer asked for a signature.",
    ["parcels"],
    "permission_with_condition",
)
VAN = rule("Interns may use the van unless it is booked for a delivery.", ["van"], PERMIT)
ROUTER = rule("Never reboot the router unless the provider asks.", ["router"], "prohibition")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (PARCELS, "Couriers can leave parcels at the door, except when the customer asked for a signature."),
        (VAN, "Interns may use the van except when it is booked for a delivery."),
    ],
)
def test_except_in_place_of_unless_keeps_a_permission(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (PARCELS, "Couriers can leave parcels at the door, except on weekends."),
        (VAN, "Interns may use the van except on Mondays."),
        (ROUTER, "Never reboot the router, except on Sundays."),
    ],
)
def test_except_with_another_condition_is_caught(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


# -- round 8: "the permit" is a document, not a grant -------------------------------------


def test_a_permit_noun_is_no_permission() -> None:
    hot_work = rule("Check the hot-work permit before lighting a torch.", ["hot-work permit"], "obligation")
    digging = rule("Do not start digging until the excavation permit is signed.", ["digging"], "prohibition")
    assert codes(hot_work, "The hot-work permit must be checked before a torch is lit.") == set()
    assert "modal_weakened" in codes(hot_work, "The hot-work permit can be checked before a torch is lit.")
    assert codes(digging, "No digging starts until the excavation permit is signed.") == set()
    assert "modal_weakened" in codes(digging, "Digging is permitted once the excavation permit is signed.")
    verbs = ("Policy permits refunds.", "The rules permit early boarding.", "A rule that permits refunds.")
    for verb in verbs:
        assert read(verb).has(CueKind.PERMISSION), verb


# -- round 8: a condition's words: identifiers, presence, one act in other words -----------

FEE = rule("Support may waive the fee if the account is on plan P-3.", ["waive"], PERMIT)
LATHE = rule("Trainees may run the lathe without a supervisor present.", ["lathe"], PERMIT)
FERRY = rule(
    "Passengers may stay on the car deck until the ferry arrives.", ["car deck"], "permission_with_condition"
)
CLUB = rule(
    "The club may suspend a member after three successive absences.", ["suspend"], "permission_with_condition"
)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (FEE, "Support can waive the fee, but only for accounts on plan P-3."),
        (LATHE, "Trainees can run the lathe with no supervisor in the room."),
        (FERRY, "Passengers can stay on the car deck until the ferry reaches port."),
        (CLUB, "The club can suspend a member after three absences in a row."),
    ],
)
def test_a_condition_in_other_words_is_kept(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (FEE, "Support can waive the fee if the account is on any paid plan."),
        (LATHE, "Trainees can run the lathe once they finish the safety video."),
        (FERRY, "Passengers can stay on the car deck until the ferry departs."),
        (CLUB, "The club can suspend a member after three absences in a season."),
    ],
)
def test_a_condition_replaced_is_caught(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


# -- "..., but not until X" is the rule's condition, like "..., but only after X" -------------

KAYAKS = rule("Members may take the kayaks out only after the safety briefing.", ["kayaks"], PERMIT)


@pytest.mark.parametrize(
    "summary",
    [
        "Members can take the kayaks out, but not until they have had the safety briefing.",
        "Kayaks: members may take them out, but not before the safety briefing.",
    ],
)
def test_a_condition_opened_by_not_until_keeps_the_rule(summary: str) -> None:
    assert codes(KAYAKS, summary) == set()


@pytest.mark.parametrize(
    "summary",
    [
        "Members can take the kayaks out, but not until the weather clears.",
        "Kayaks: members may take them out, but not before noon.",
    ],
)
def test_a_condition_opened_by_not_until_must_still_be_the_rules_own(summary: str) -> None:
    assert codes(KAYAKS, summary) == {"modal_weakened"}


# -- a coordinated clause that states something else keeps no condition ----------------------

HALL = rule("The choir may use the main hall only if the caretaker has unlocked it.", ["main hall"], PERMIT)


@pytest.mark.parametrize(
    "summary",
    [
        "The choir may use the main hall, and the caretaker has unlocked the side door for them.",
        "The choir can use the main hall on Thursdays, and the caretaker unlocked the piano too.",
    ],
)
def test_condition_words_in_another_coordinated_clause_do_not_keep_it(summary: str) -> None:
    assert codes(HALL, summary) == {"modal_weakened"}


@pytest.mark.parametrize(
    "summary",
    [
        "The choir may use the main hall, but only once the caretaker has unlocked it.",
        "The choir can use the main hall on Thursdays, and only if the caretaker has unlocked it.",
    ],
)
def test_a_coordinated_clause_holding_the_condition_keeps_it(summary: str) -> None:
    assert codes(HALL, summary) == set()


# -- round 9: a hyphenated compound marker inflects at its end ("sign-off" finds "sign-offs") ---

SIGN_OFF = rule("Every sign-off must be logged by the shift lead.", ["sign-off", "shift lead"], "obligation")
ADD_ON = rule("Never sell the roaming add-on to prepaid customers.", ["add-on", "prepaid"], "prohibition")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (SIGN_OFF, "Sign-offs: the shift lead must log every one."),
        (ADD_ON, "Roaming add-ons must never be sold to prepaid customers."),
        (ADD_ON, "The roaming add-on's price is fixed; never sell it to prepaid customers."),
    ],
)
def test_a_hyphenated_marker_in_the_plural_or_possessive_is_found(
    register: dict[str, Any], summary: str
) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary", "code"),
    [
        (SIGN_OFF, "Sign-offs: the shift lead should log them when there is time.", "modal_weakened"),
        (ADD_ON, "Roaming add-ons may be sold to prepaid customers.", "modal_weakened"),
        (ADD_ON, "Never add on roaming for prepaid customers.", "marker_missing"),
        (SIGN_OFF, "Signoffs are logged by the shift lead.", "marker_missing"),
    ],
)
def test_a_hyphenated_marker_is_still_read_for_its_force_and_spelling(
    register: dict[str, Any], summary: str, code: str
) -> None:
    assert code in codes(register, summary)


def test_an_identifier_with_a_hyphen_is_still_matched_exactly() -> None:
    assert _text.contains("Gate T-14 only", "T-14")
    assert not _text.contains("Gates T-14s only", "T-14")


# -- "no X ..." after a label is a prohibition, as at the start of a sentence --------------------

GOGGLES = rule("Never let a student handle the acid without goggles.", ["acid", "goggles"], "prohibition")
LIFEGUARD = rule("Children must not swim without a lifeguard on duty.", ["lifeguard"], "prohibition")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (GOGGLES, "Lab rule: no student handles the acid without goggles. Bench 4 is free."),
        (LIFEGUARD, "- **Pool:** no child swims without a lifeguard on duty."),
    ],
)
def test_no_after_a_label_is_a_prohibition(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (GOGGLES, "Lab rule: students should wear goggles when handling the acid."),
        (GOGGLES, "Lab rule: students may handle the acid without goggles for short tasks."),
        (LIFEGUARD, "- **Pool:** children usually swim with a lifeguard on duty."),
    ],
)
def test_a_label_before_a_weaker_rule_does_not_make_it_a_prohibition(
    register: dict[str, Any], summary: str
) -> None:
    assert "modal_weakened" in codes(register, summary)


def test_no_after_a_label_counts_as_a_constraint() -> None:
    assert count_constraints("Desk note: no visitor enters the vault without a badge.") == 1
    assert count_constraints("Desk note: visitors enter the vault with a badge.") == 0


# -- "if, and only if," is the connective "only if" -----------------------------------------------

SUBLET = rule("Tenants may sublet the flat only if the landlord agrees in writing.", ["sublet"], PERMIT)


@pytest.mark.parametrize(
    "summary",
    [
        "Tenants may sublet the flat if, and only if, the landlord agrees in writing.",
        "Tenants can sublet the flat when, and only when, the landlord agrees in writing; lease ends June.",
    ],
)
def test_if_and_only_if_keeps_the_condition(summary: str) -> None:
    assert codes(SUBLET, summary) == set()


@pytest.mark.parametrize(
    "summary",
    [
        "Tenants may sublet the flat if, and only if, they pay a deposit.",
        "Tenants may sublet the flat when, and only when, the landlord is told.",
        "Tenants may sublet the flat whenever they like.",
    ],
)
def test_if_and_only_if_with_another_condition_loses_it(summary: str) -> None:
    assert codes(SUBLET, summary) == {"modal_weakened"}
