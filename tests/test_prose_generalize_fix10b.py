"""Rule-side readings revealed by the still-open triples of rounds 8 to 10, one group per rule.

Each rule is tested in other words and domains than the triple that revealed it: drifts
it must catch and faithful restatements it must pass. No test reuses that triple's wording.
"""

from __future__ import annotations

from typing import Any

import pytest
from _prose_rules import codes, failure, rule

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.prose import _text
from pytest_compaction.prose.invariants import InvariantRegister, failure_outcome
from pytest_compaction.prose.modality import CueKind, count_constraints, imperative, read, standing

# -- a command whose object is a bare noun then "of", after a fronted clause --------------

LEASES = rule(
    "Take copies of every signed lease before the keys are handed over.", ["signed lease"], "obligation"
)
LAPTOPS = rule("Keep track of every loaned laptop during the exam week.", ["loaned laptop"], "obligation")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (LEASES, "## Lettings\n- Before the keys are handed over, take copies of every signed lease."),
        (LAPTOPS, "During the exam week, keep track of every loaned laptop."),
    ],
)
def test_a_command_with_a_bare_noun_then_of_is_an_obligation(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        # the first words are the subject: an auxiliary follows, so no command
        (LEASES, "Before the keys are handed over, written copies of every signed lease are filed."),
        (LAPTOPS, "During the exam week, proper track of every loaned laptop was kept."),
        (LAPTOPS, "During the exam week, it helps to keep track of every loaned laptop."),
    ],
)
def test_a_noun_phrase_with_of_and_its_verb_is_no_command(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


def test_a_bare_noun_then_of_reads_as_a_command_only_without_an_auxiliary() -> None:
    assert imperative("Obtain proof of address from each new tenant.") == "obtain"
    assert imperative("After each match, take note of any injuries.") == "take"
    assert imperative("Written proof of address was provided by the tenant.") is None
    assert imperative("Full payment of the deposit is due on signing.") is None
    assert count_constraints("After each match, take note of any injuries.") == 1


# -- "each" or "every" in the subject says which things, not when -------------------------

BADGES = rule("Record every visitor's badge number at reception.", ["badge number"], "obligation")
ALLERGIES = rule("Check the allergy list before every ward round.", ["allergy list"], "obligation")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (BADGES, "Every visitor's badge number is printed on a sticker at reception."),
        (ALLERGIES, "Each patient's allergy list is pinned above the bed for the ward round."),
    ],
)
def test_a_subject_quantified_by_each_is_no_standing_procedure(
    register: dict[str, Any], summary: str
) -> None:
    assert "modal_weakened" in codes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (BADGES, "At reception the badge number is recorded for every visitor."),
        (BADGES, "Each morning, the visitors' badge numbers are recorded at reception."),
    ],
)
def test_a_schedule_after_the_verb_or_fronted_is_a_standing_procedure(
    register: dict[str, Any], summary: str
) -> None:
    assert codes(register, summary) == set()


def test_standing_needs_the_schedule_to_time_the_verb() -> None:
    assert standing("The gate is locked every evening.") == "is locked"
    assert standing("Every evening, the gate is locked.") == "is locked"
    assert standing("Every Friday the server room is audited.") == "is audited"
    assert standing("Every tenant's parking bay is marked in yellow.") is None


# -- epistemic hedges ("likely", "presumably") over a rule word ---------------------------

WAIVER = rule("Every climber must sign a waiver before the climb.", ["waiver"], "obligation")
CRANE = rule("The site manager must approve every crane lift.", ["crane lift"], "obligation")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (WAIVER, "A signed waiver is likely required before the climb."),
        (WAIVER, "For the climb, a waiver is a probable requirement, unlikely to be skipped."),
        (CRANE, "Presumably the site manager needs to approve every crane lift."),
        (CRANE, "The site manager possibly has to approve each crane lift."),
    ],
)
def test_an_epistemic_word_over_the_rule_hedges_it(register: dict[str, Any], summary: str) -> None:
    assert "modal_weakened" in codes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (WAIVER, "Every climber must sign a waiver before the climb, which will likely start at 9 am."),
        (WAIVER, "Climbers on the likely late list must still sign a waiver before the climb."),
        (CRANE, "The site manager must approve every crane lift; the wind is possibly too strong today."),
    ],
)
def test_an_epistemic_word_over_a_fact_or_a_thing_is_no_hedge(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


def test_an_epistemic_word_is_a_hedge_only_before_a_rule_word() -> None:
    assert read("The permit is likely needed before the dig.").has(CueKind.HEDGE)
    assert read("You presumably have to book the hall.").has(CueKind.HEDGE)
    assert not read("The delivery is likely late.").has(CueKind.HEDGE)
    assert not read("The likely winner must sign the form.").has(CueKind.HEDGE)


# -- the subject of a hypothetical modal is part of what might happen ---------------------

RESIZE = failure(
    "Resizing the volume with resize2fs failed with a Bad magic number error.",
    ["resize2fs"],
    ["Bad magic number"],
)
FIRMWARE = failure("Upgrading the firmware to 3.2 failed with error E-417.", ["firmware"], ["E-417"])


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (RESIZE, "Plan: run resize2fs on the volume (Bad magic number could appear on an old superblock)."),
        (FIRMWARE, "Later: upgrade the firmware to 3.2, and E-417 might come up."),
    ],
)
def test_an_error_named_as_the_subject_of_a_modal_tells_no_failure(
    register: dict[str, Any], summary: str
) -> None:
    assert "failure_history_collapsed" in codes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (RESIZE, "Ran resize2fs on the volume: it failed, Bad magic number. A backup superblock might help."),
        (FIRMWARE, "Upgrading the firmware to 3.2 failed with E-417; a retry could work."),
    ],
)
def test_a_failure_told_beside_a_modal_is_kept(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


def test_a_modal_subject_that_tells_a_failure_is_not_blanked() -> None:
    assert failure_outcome("The upload could fail with E-1.") is None
    assert failure_outcome("(E-1 may show up)", ["E-1"]) is None
    assert failure_outcome("Uploads that failed could be retried.") == "failed"


# -- a word of a marker written shortened in capitals -------------------------------------

PROD = rule(
    "Never restart the production database during trading hours.", ["production database"], "prohibition"
)
CABINET = rule("Always lock the equipment cabinet after each session.", ["equipment cabinet"], "obligation")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (PROD, "- The PROD database must never be restarted during trading hours."),
        (CABINET, "Always lock the EQPT cabinet after each session."),
    ],
)
def test_a_shortened_word_of_a_marker_keeps_it(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary", "code"),
    [
        (PROD, "The PROD database may be restarted during trading hours if needed.", "modal_weakened"),
        (CABINET, "The EQPT cabinet can be left open after a session.", "modal_weakened"),
        # another abbreviation is another thing: the rule is not there
        (PROD, "The DEV database must never be restarted during trading hours.", "invariant_dropped"),
        (CABINET, "Always lock the ETA cabinet after each session.", "invariant_dropped"),
    ],
)
def test_a_shortened_marker_word_does_not_hide_drift(
    register: dict[str, Any], summary: str, code: str
) -> None:
    assert code in codes(register, summary)


def test_a_shortening_needs_capitals_two_letters_and_a_marker_of_several_words() -> None:
    assert _text.contains("the DB migration ran", "database migration")
    assert not _text.contains("the db migration ran", "database migration")
    assert not _text.contains("the D migration ran", "database migration")
    assert not _text.contains("the DB2 migration ran", "database migration")
    assert not _text.contains("the DB is down", "database")


# -- a marker in capitals that abbreviates words of its rule's text -----------------------

WAL = failure(
    "Enabling the write-ahead log failed with a disk-full error (ENOSPC).",
    ["write-ahead log", "WAL"],
    ["ENOSPC"],
)
ICU = rule(
    "Never move a patient out of the intensive care unit without a consultant's sign-off.",
    ["ICU"],
    "prohibition",
)


def test_a_capital_marker_that_abbreviates_its_text_loads() -> None:
    InvariantRegister.from_dict(WAL)
    InvariantRegister.from_dict(ICU)
    with pytest.raises(PayloadError, match="does not occur in the text"):
        InvariantRegister.from_dict(
            failure("Enabling the write-ahead log failed (ENOSPC).", ["WAX"], ["ENOSPC"])
        )
    with pytest.raises(PayloadError, match="does not occur in the text"):
        InvariantRegister.from_dict(
            rule("Never call the on-call vet after midnight.", ["NCV"], "prohibition")
        )
    assert _text.expansion("LTO", "with link-time optimisation on") == "link-time optimisation"
    assert _text.expansion("ESTA", "the ESTA approval") is None  # there as written


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (WAL, "Enabling WAL failed: the disk was full (ENOSPC)."),
        (WAL, "Tried the write-ahead log; it failed with ENOSPC."),
        (ICU, "Patients never leave the ICU without a consultant's sign-off."),
        (ICU, "A patient is never moved out of the intensive care unit without a consultant's sign-off."),
    ],
)
def test_a_capital_marker_is_kept_by_itself_or_its_words(register: dict[str, Any], summary: str) -> None:
    assert codes(register, summary) == set()


@pytest.mark.parametrize(
    ("register", "summary", "code"),
    [
        (WAL, "WAL is an option to try; ENOSPC could occur.", "failure_history_collapsed"),
        (
            WAL,
            "Next steps: enable the write-ahead log, though ENOSPC might happen.",
            "failure_history_collapsed",
        ),
        (ICU, "Patients can leave the ICU without a consultant's sign-off.", "modal_weakened"),
        (
            ICU,
            "Patients should not leave the intensive care unit without a consultant's sign-off.",
            "modal_weakened",
        ),
    ],
)
def test_a_capital_marker_does_not_hide_drift(register: dict[str, Any], summary: str, code: str) -> None:
    assert code in codes(register, summary)
