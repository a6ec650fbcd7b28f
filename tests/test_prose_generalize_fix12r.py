"""Rules of English from the round 12 held-out rule triples (fix12r), each tested in other
words, other domains and other people than the triples': faithful texts it must pass and
drifts it must catch.
"""

from __future__ import annotations

from typing import Any

import pytest
from _prose_rules import passes as _ok
from _prose_rules import rule as _rule
from _prose_rules import weakened as _weakened

from pytest_compaction.prose.summary import check_prose

# -- a verb of advice that is the act a rule governs -----------------------------------------

_BROKER = _rule(
    "Never recommend a mortgage broker to a first-time buyer.", ["mortgage broker"], "prohibition"
)
_ALLERGY = _rule(
    "Read the label of every snack for sesame before you offer it to Tobias.", ["sesame"], "obligation"
)


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (_BROKER, "Advisers must not recommend a mortgage broker to first-time buyers."),
        (_BROKER, "Do not recommend a mortgage broker to anyone buying a first home."),
        (_ALLERGY, "Reminder: read each snack label for sesame before I recommend it to Tobias."),
        (_ALLERGY, "Always read the snack label for sesame, even when the nanny suggests a brand."),
    ],
)
def test_a_verb_of_advice_governed_by_a_rule_or_in_a_clause_of_time_is_no_hedge(
    register: dict[str, Any], faithful: str
) -> None:
    assert _ok(register, faithful)


@pytest.mark.parametrize(
    ("register", "drifted"),
    [
        (_BROKER, "We suggest not pointing first-time buyers to a mortgage broker."),
        (
            _BROKER,
            "Sending first-time buyers to a mortgage broker early is not recommended.",
        ),
        (_ALLERGY, "We recommend reading snack labels for sesame before offering them to Tobias."),
        (_ALLERGY, "Reading snack labels for sesame before you offer one is recommended."),
    ],
)
def test_the_speakers_own_advice_is_still_a_hedge(register: dict[str, Any], drifted: str) -> None:
    assert _weakened(register, drifted)


# -- a hyphenated compound verb opens a command ----------------------------------------------

_RESEAL = _rule(
    "Re-seal every sample jar with fresh tape after each inspection.", ["sample jar"], "obligation"
)
_CROSS = _rule(
    "Cross-reference each customs form with the shipping manifest.", ["customs form"], "obligation"
)


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (_RESEAL, "Every sample jar must be re-sealed with fresh tape after each inspection."),
        (_RESEAL, "Lab rule: re-seal every sample jar with fresh tape after each inspection."),
        (_CROSS, "Customs forms must always be cross-referenced with the shipping manifest."),
        (_CROSS, "Cross-reference each customs form with the shipping manifest."),
    ],
)
def test_a_rule_that_opens_with_a_hyphenated_verb_is_read_and_kept(
    register: dict[str, Any], faithful: str
) -> None:
    assert _ok(register, faithful)


@pytest.mark.parametrize(
    ("register", "drifted"),
    [
        (_RESEAL, "It can help to re-seal a sample jar with fresh tape after an inspection."),
        (_RESEAL, "Re-sealing the sample jar after inspections is considered good practice."),
        (_CROSS, "Staff may want to cross-reference a customs form with the manifest when time allows."),
    ],
)
def test_a_hyphenated_command_weakened_is_caught(register: dict[str, Any], drifted: str) -> None:
    assert _weakened(register, drifted)


@pytest.mark.parametrize(
    "text",
    [
        "Follow-up calls go out on Mondays.",
        "Check-in desks open at 9.",
        "Sign-up forms are at the door.",
        "Walk-through sessions for new staff on Fridays.",
    ],
)
def test_a_verb_and_its_particle_hyphenated_is_a_noun_not_a_command(text: str) -> None:
    from pytest_compaction.prose.modality import imperative

    assert imperative(text) is None


# -- "Do not" opening a clause commands, whatever verb follows -------------------------------

_SETTINGS = _rule(
    "Do not change the router's firewall settings without the landlord's consent.",
    ["firewall settings"],
    "prohibition",
)
_INVOICE = _rule(
    "Don't include the client's home address on a printed invoice.", ["home address"], "prohibition"
)


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (_SETTINGS, "Firewall settings are never changed unless the landlord agrees."),
        (_SETTINGS, "Router: do not change the firewall settings without the landlord's OK."),
        (_INVOICE, "Printed invoices must never include the client's home address."),
        (_INVOICE, "Billing: the home address is not to be printed on an invoice."),
    ],
)
def test_a_rule_that_opens_with_do_not_reads_as_a_prohibition(
    register: dict[str, Any], faithful: str
) -> None:
    assert _ok(register, faithful)


@pytest.mark.parametrize(
    ("register", "drifted"),
    [
        (_SETTINGS, "Firewall settings should ideally not be changed before asking the landlord."),
        (_SETTINGS, "It is best to avoid touching the firewall settings unless the landlord knows."),
        (_INVOICE, "Try to leave the home address off a printed invoice where possible."),
    ],
)
def test_a_do_not_rule_weakened_is_caught(register: dict[str, Any], drifted: str) -> None:
    assert _weakened(register, drifted)


@pytest.mark.parametrize(
    "text",
    [
        "Don't worry about the parking fine.",
        "Do not hesitate to call the night desk.",
        "The new lease does not change the rent.",
    ],
)
def test_do_not_before_a_verb_of_mind_or_later_in_a_clause_commands_nothing(text: str) -> None:
    from pytest_compaction.prose.modality import CueKind, read

    assert CueKind.PROHIBITION not in {cue.kind for cue in read(text).cues}


# -- "could not" + a verb (not "have") is a past failure -------------------------------------


def _failure(text: str, approach: list[str]) -> dict[str, Any]:
    return {"failures": [{"id": "fail-1", "text": text, "approach": approach}]}


def _collapsed(register: dict[str, Any], summary: str) -> bool:
    return "fail-1:failure_history_collapsed" in check_prose(register, summary).names


_WINCH = _failure(
    "We tried freeing the anchor with the electric windlass; it could not break it out of the mud.",
    ["electric windlass"],
)
_LOGIN = _failure(
    "Resetting Priya's password from the admin console was attempted, but she couldn't sign in afterwards.",
    ["admin console"],
)


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (_WINCH, "Anchor: tried the electric windlass. Couldn't break it out of the mud."),
        (_WINCH, "The electric windlass was tried on the anchor but could not free it from the mud."),
        (_LOGIN, "A reset from the admin console was tried; Priya still could not sign in."),
        (_LOGIN, "Admin console reset done, but Priya was unable to log in after it."),
    ],
)
def test_could_not_with_a_verb_tells_a_failure(register: dict[str, Any], faithful: str) -> None:
    assert check_prose(register, faithful).ok, check_prose(register, faithful).names


@pytest.mark.parametrize(
    ("register", "drifted"),
    [
        (_WINCH, "Next time, the electric windlass could free the anchor from the mud."),
        (_WINCH, "The electric windlass could not have been used on the anchor; try it next."),
        (_LOGIN, "If the admin console reset could not help, Priya may need a new account."),
        (_LOGIN, "Option: reset Priya's password from the admin console so she can sign in."),
    ],
)
def test_could_as_a_hypothetical_or_with_have_tells_no_failure(
    register: dict[str, Any], drifted: str
) -> None:
    assert _collapsed(register, drifted)


def test_a_record_told_with_could_not_is_accepted() -> None:
    from pytest_compaction.prose.invariants import FailureRecord

    FailureRecord(id="f", text="We tried the spare key; the lock could not turn.", approach=("spare key",))


# -- an attempt, then an outcome clause with its own subject and a past verb ------------------

_GROUT = _failure(
    "We already resealed the shower tray with silicone; the grout cracked again within a month.",
    ["silicone"],
)
_SOURDOUGH = _failure(
    "Mateus tried proving the sourdough overnight in the fridge, but the loaf collapsed in the oven.",
    ["in the fridge"],
)
_KITTEN = _failure(
    "A pheromone diffuser was tried in the hallway for a week; the kitten still hid under the bed.",
    ["pheromone diffuser"],
)


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (_GROUT, "Shower: silicone on the tray was already tried and the grout cracked within a month."),
        (_SOURDOUGH, "Mateus tried an overnight proof in the fridge; the loaf collapsed when baked."),
        (
            _KITTEN,
            "Tried a pheromone diffuser in the hallway for a week: the kitten still hid under the bed.",
        ),
        (_KITTEN, "The pheromone diffuser was tried for a week, yet the kitten shrank away under the bed."),
    ],
)
def test_an_attempt_then_its_outcome_clause_is_a_failure(register: dict[str, Any], faithful: str) -> None:
    assert check_prose(register, faithful).ok, check_prose(register, faithful).names


@pytest.mark.parametrize(
    ("register", "drifted"),
    [
        (_GROUT, "Idea: reseal the shower tray with silicone and see whether the grout holds."),
        (_SOURDOUGH, "Mateus tried proving the dough in the fridge overnight and then baked it."),
        (_SOURDOUGH, "Mateus tried an overnight proof in the fridge and the loaf rose beautifully."),
        (_KITTEN, "A pheromone diffuser was tried in the hallway and the hiding stopped within a week."),
    ],
)
def test_no_outcome_clause_or_a_good_one_is_no_failure(register: dict[str, Any], drifted: str) -> None:
    assert _collapsed(register, drifted)


@pytest.mark.parametrize(
    "text",
    [
        "We tried the new antenna; it worked first time.",
        "Tried the cream for a week and the rash cleared.",
        "We tried the back road, and we arrived early.",
        "We tried the self-checkout and we queued at the till instead.",
        "We tried the blackout blind and the baby slept until seven.",
        "Tried the new glow plugs; the engine ran smoothly after that.",
        "I already booked the ferry; it seemed fine.",
    ],
)
def test_a_success_a_second_step_or_a_state_is_no_outcome(text: str) -> None:
    from pytest_compaction.prose.invariants import failure_outcome

    assert failure_outcome(text) is None


# -- a plain present statement after a label that names a norm is the norm in force ----------

_HELMET = _rule("Every rider must wear a helmet on the pump track.", ["helmet"], "obligation")
_RECEIPTS = _rule(
    "Always attach the original receipt to an expense claim.", ["original receipt"], "obligation"
)


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (_HELMET, "Track rule: every rider is in a helmet on the pump track."),
        (_HELMET, "**Policy:** riders on the pump track have a helmet on, whatever their age."),
        (_RECEIPTS, "Finance policy: each expense claim has the original receipt attached."),
        (_RECEIPTS, "Requirements: the original receipt is attached to every expense claim."),
    ],
)
def test_a_present_statement_after_a_norm_label_is_an_obligation(
    register: dict[str, Any], faithful: str
) -> None:
    assert _ok(register, faithful)


@pytest.mark.parametrize(
    ("register", "drifted"),
    [
        (_HELMET, "Observation: most riders on the pump track have a helmet."),
        (_HELMET, "Track rule: riders were in a helmet on the pump track last season."),
        (_RECEIPTS, "Finance policy: an expense claim usually has the original receipt attached."),
        (_RECEIPTS, "Finance policy: the original receipt is not attached to small expense claims."),
    ],
)
def test_a_plain_statement_without_a_norm_label_or_in_the_past_is_no_obligation(
    register: dict[str, Any], drifted: str
) -> None:
    assert _weakened(register, drifted)


# -- a quantified subject with a to-infinitive is an instruction in note form ----------------

_HIVIS = _rule("Stewards must wear a hi-vis vest in the car park.", ["hi-vis vest"], "obligation")
_VISITORS = _rule(
    "Every visitor has to sign the fire register at reception.", ["fire register"], "obligation"
)


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (_HIVIS, "Match day notes: all stewards to wear a hi-vis vest in the car park."),
        (_HIVIS, "Each steward to put on a hi-vis vest before the car park opens."),
        (_VISITORS, "Reception: every visitor to sign the fire register on arrival."),
        (_VISITORS, "All visitors to sign the fire register at the front desk."),
    ],
)
def test_a_quantified_subject_with_a_to_infinitive_is_an_obligation(
    register: dict[str, Any], faithful: str
) -> None:
    assert _ok(register, faithful)


@pytest.mark.parametrize(
    ("register", "drifted"),
    [
        (_HIVIS, "All stewards to the car park are given a hi-vis vest if stock allows."),
        (_HIVIS, "Stewards may like to wear a hi-vis vest in the car park."),
        (_VISITORS, "All visitors to reception were asked to sign the fire register."),
        (_VISITORS, "Visitors could sign the fire register at reception."),
    ],
)
def test_to_as_a_preposition_of_the_subject_or_a_hedge_is_no_instruction(
    register: dict[str, Any], drifted: str
) -> None:
    assert _weakened(register, drifted)


# -- "less than" is "under", "more than" is "over": the same bound of a quantity -------------

_FEVER = _rule(
    "The nurse may give Omar paracetamol only if his temperature is over 38 degrees.",
    ["paracetamol"],
    "permission_with_condition",
)
_TAXI = _rule(
    "Contractors may expense a taxi only if the fare is under 30 dollars.",
    ["taxi"],
    "permission_with_condition",
)


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (_FEVER, "Omar can be given paracetamol by the nurse, but only once it is more than 38 degrees."),
        (_FEVER, "Paracetamol for Omar is allowed from the nurse when it reads above 38 degrees."),
        (_TAXI, "A taxi can be expensed by contractors, but only when it comes to less than 30 dollars."),
        (_TAXI, "Contractors can claim a taxi if the fare stays below 30 dollars."),
    ],
)
def test_a_bound_said_with_its_other_comparative_keeps_the_condition(
    register: dict[str, Any], faithful: str
) -> None:
    assert _ok(register, faithful)


@pytest.mark.parametrize(
    ("register", "drifted"),
    [
        (_FEVER, "Omar can be given paracetamol by the nurse, but only once it is more than 37 degrees."),
        (_FEVER, "Omar can be given paracetamol by the nurse once it is less than 38 degrees."),
        (_TAXI, "A taxi can be expensed by contractors when the tip is under 30 dollars."),
        (_TAXI, "Contractors can claim a taxi when the ride takes no more than 30 minutes."),
    ],
)
def test_another_number_direction_or_subject_loses_the_condition(
    register: dict[str, Any], drifted: str
) -> None:
    assert _weakened(register, drifted)


# -- a releasing verb that is the rule's own act is no lift; "in cases where" is "when" -------

_PHONE_BAN = _rule(
    "The coach may lift the phone ban only when the team is travelling abroad.",
    ["phone ban"],
    "permission_with_condition",
)
_LATE_FEES = _rule(
    "Librarians may waive late fees only if the student holds a bursary.",
    ["late fees"],
    "permission_with_condition",
)
_ALCOHOL = _rule("Never serve alcohol to guests under 18.", ["alcohol"], "prohibition")


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (_PHONE_BAN, "The phone ban can be lifted by the coach, but only when the team travels abroad."),
        (_PHONE_BAN, "The phone ban may be lifted, in cases where the team is travelling abroad."),
        (_LATE_FEES, "Late fees can be waived by librarians, but only if the student holds a bursary."),
        (
            _LATE_FEES,
            "Late fees may be waived; this is only allowed in cases where the student holds a bursary.",
        ),
    ],
)
def test_the_rules_own_releasing_verb_is_its_act_not_a_lift(register: dict[str, Any], faithful: str) -> None:
    assert _ok(register, faithful)


@pytest.mark.parametrize(
    ("register", "drifted"),
    [
        (_PHONE_BAN, "The phone ban can be lifted by the coach whenever the players ask."),
        (_LATE_FEES, "Late fees can be waived by librarians in cases where a parent complains."),
        (_ALCOHOL, "The alcohol rule for guests under 18 has been relaxed for the wedding."),
        (_ALCOHOL, "Serving alcohol to guests under 18 is waived at private events."),
    ],
)
def test_a_lift_of_another_rule_or_a_new_condition_is_still_caught(
    register: dict[str, Any], drifted: str
) -> None:
    assert _weakened(register, drifted)


# -- a sentence that says it restates the one before is judged with it -----------------------

_GATE = _rule("Never leave the paddock gate open while the foals are out.", ["paddock gate"], "prohibition")
_SCALPEL = _rule("Never reuse a scalpel blade between two patients.", ["scalpel blade"], "prohibition")


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (
            _GATE,
            "The paddock gate must never be left open while the foals are out. In other words, "
            "someone has to shut the paddock gate behind them every time.",
        ),
        (
            _GATE,
            "Do not leave the paddock gate open with the foals out. That is, the paddock gate "
            "stays shut at all times while they graze.",
        ),
        (
            _SCALPEL,
            "A scalpel blade is never reused between patients. I.e. each patient must get "
            "a fresh scalpel blade.",
        ),
        (
            _SCALPEL,
            "Scalpel blades cannot be reused from one patient to the next. Put another way, "
            "a new scalpel blade is always required per patient.",
        ),
    ],
)
def test_a_restatement_is_judged_with_the_sentence_it_restates(
    register: dict[str, Any], faithful: str
) -> None:
    assert _ok(register, faithful)


@pytest.mark.parametrize(
    ("register", "drifted"),
    [
        (
            _GATE,
            "The paddock gate must never be left open while the foals are out. In other words, "
            "try to shut the paddock gate behind you when you can.",
        ),
        (
            _GATE,
            "The paddock gate is usually kept shut. In other words, someone has to shut the "
            "paddock gate behind them.",
        ),
        (
            _SCALPEL,
            "A scalpel blade is never reused between patients. In theatre, though, the scalpel "
            "blade has to be reused for the next patient.",
        ),
        (
            _SCALPEL,
            "A scalpel blade is never reused. That is, a fresh scalpel blade should ideally be "
            "used for each patient.",
        ),
    ],
)
def test_a_weakened_restatement_or_a_sentence_that_restates_nothing_is_caught(
    register: dict[str, Any], drifted: str
) -> None:
    assert _weakened(register, drifted)


# -- "Label: not before / without ..." forbids what the label names --------------------------

_CRANE = _rule(
    "Do not operate the tower crane before 7 a.m. on weekdays; the neighbours complained.",
    ["tower crane"],
    "prohibition",
)
_WARD = _rule("Never let visitors onto the isolation ward without a gown.", ["isolation ward"], "prohibition")


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (_CRANE, "Site rules:\n\n- Tower crane on weekdays: not before 7 a.m. (neighbour complaints)."),
        (_CRANE, "Tower crane: weekdays OK, but not before 7 a.m."),
        (_WARD, "Isolation ward visitors: not without a gown."),
        (_WARD, "Visitors to the isolation ward: fine, but not without a gown."),
    ],
)
def test_not_opening_a_clause_before_a_bound_is_a_prohibition(
    register: dict[str, Any], faithful: str
) -> None:
    assert _ok(register, faithful)


@pytest.mark.parametrize(
    ("register", "drifted"),
    [
        (_CRANE, "Tower crane on weekdays: ideally after 7 a.m."),
        (_CRANE, "The tower crane did not start before 7 a.m. on weekdays last month."),
        (_WARD, "Isolation ward visitors: preferably not without a gown."),
        (_WARD, "Isolation ward: visitors usually wear a gown."),
    ],
)
def test_a_hedged_bound_or_a_not_inside_a_report_is_no_prohibition(
    register: dict[str, Any], drifted: str
) -> None:
    assert _weakened(register, drifted)


def test_not_before_a_bound_inside_a_clause_forbids_nothing() -> None:
    from pytest_compaction.prose.modality import CueKind, read

    reading = read("The roofers finished not before noon but well after it.")
    assert CueKind.PROHIBITION not in {cue.kind for cue in reading.cues}
