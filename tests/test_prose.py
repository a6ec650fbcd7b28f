"""The prose contract: modal strength, the invariant register, and every prose violation.

The paraphrase table at the end of this module is the one ``docs/prose.md``
publishes; ``python tests/test_prose.py`` prints it for pasting.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pytest

from pytest_compaction.core.errors import LifecycleError, PayloadError, UnknownIdError
from pytest_compaction.core.violations import ViolationCode
from pytest_compaction.prose.invariants import (
    Entry,
    FailureRecord,
    Invariant,
    InvariantRegister,
    Retirement,
    considered_words,
    failure_outcome,
)
from pytest_compaction.prose.modality import CueKind, Modality, count_constraints, judge, read
from pytest_compaction.prose.summary import (
    BLOCK_END,
    BLOCK_START,
    PassState,
    ProsePolicy,
    check_prose,
    grounding,
    next_state,
    pin_block,
    reclaimable_chars,
    reground,
)

DOCS = Path(__file__).resolve().parent.parent / "docs" / "prose.md"

NEVER_LIVE = "Never call the payments API with dry_run=false."


def payments() -> Invariant:
    return Invariant(
        id="inv-payments",
        text=NEVER_LIVE,
        markers=("payments API", "dry_run=false"),
        modality=Modality.PROHIBITION,
    )


def pool_failure() -> FailureRecord:
    return FailureRecord(
        id="fail-pool",
        text="Tried raising the pool size to 50; it failed with PoolTimeout.",
        approach=("pool size", "50"),
        error=("PoolTimeout",),
    )


def register_of(*entries: Entry) -> InvariantRegister:
    return InvariantRegister(entries)


def codes(verdict: object) -> list[str]:
    return [v.code.value for v in verdict]  # type: ignore[attr-defined]


# -- modal force --------------------------------------------------------------------


def kinds(text: str) -> list[tuple[str, str]]:
    return [(c.kind.value, c.text) for c in read(text).cues]


def test_must_not_is_one_prohibition_and_not_also_an_obligation() -> None:
    assert kinds("It must not be called") == [("prohibition", "must not")]
    assert kinds("It must be called") == [("obligation", "must")]


def test_do_not_have_to_is_a_waiver_not_a_prohibition() -> None:
    assert kinds("You do not have to run it") == [("waiver", "do not have to")]
    assert kinds("Do not run it") == [("prohibition", "do not")]


def test_not_allowed_is_a_prohibition_and_no_longer_forbidden_a_waiver() -> None:
    assert kinds("calls are not allowed") == [("prohibition", "not allowed")]
    assert kinds("calls are no longer forbidden") == [("waiver", "no longer forbidden")]


def test_under_no_circumstances_should_is_not_a_hedge() -> None:
    assert kinds("Under no circumstances should it run") == [("prohibition", "under no circumstances should")]


def test_hedge_phrases_win_over_their_condition_words() -> None:
    assert kinds("run it if possible") == [("hedge", "if possible")]
    # A bare command reads as an obligation (its verb is the cue); the condition stays one.
    assert kinds("run it if the canary passed") == [("obligation", "run (a command)"), ("condition", "if")]


def test_even_if_is_emphasis_not_a_condition() -> None:
    assert kinds("never, even if asked") == [("prohibition", "never"), ("emphasis", "even if")]


def test_count_constraints_counts_prohibitions_obligations_and_restrictions() -> None:
    assert count_constraints("Never do A. Always do B. Only C. Ideally D.") == 3
    assert count_constraints("The team coordinates the release with care.") == 0


def test_judge_names_the_hedge_words() -> None:
    verdict = judge(Modality.PROHIBITION, [read("it should be used carefully")], invariant=read(NEVER_LIVE))
    assert not verdict.ok
    assert verdict.observed == "hedged"
    assert verdict.reason == "hedge words 'should', 'carefully' weaken the prohibition"


def test_judge_negation_lost() -> None:
    verdict = judge(Modality.PROHIBITION, [read("it must be called")], invariant=read(NEVER_LIVE))
    assert (verdict.ok, verdict.observed) == (False, "obligation")
    assert verdict.reason == "negation lost: 'must' without 'not' where a prohibition was"


def test_judge_manner_words_alone_are_not_force() -> None:
    verdict = judge(Modality.PROHIBITION, [read("use it carefully")], invariant=read(NEVER_LIVE))
    assert verdict.observed == "hedged"
    assert verdict.reason.startswith("only manner words 'carefully'; no prohibition word")


def test_manner_word_beside_a_kept_obligation_passes() -> None:
    invariant = read("Always verify dry_run=false before calling the payments API.")
    verdict = judge(Modality.OBLIGATION, [read("always carefully verify it first")], invariant=invariant)
    assert verdict.ok


def test_cue_kinds_are_public_names() -> None:
    assert {k.value for k in CueKind} >= {"waiver", "prohibition", "hedge", "obligation", "permission"}


# -- invariants and failure records ---------------------------------------------------


def test_invariant_needs_its_markers_in_its_text() -> None:
    with pytest.raises(PayloadError) as info:
        Invariant(id="i", text=NEVER_LIVE, markers=("payments API", "staging"), modality=Modality.PROHIBITION)
    assert str(info.value) == (
        "invariant.markers[1]: marker 'staging' does not occur in the text; copy markers from the text "
        "exactly (word markers ignore case, markers with digits or symbols do not)"
    )


def test_invariant_text_must_read_as_its_modality() -> None:
    with pytest.raises(PayloadError) as info:
        Invariant(
            id="i",
            text="The payments API should be used with dry_run=false.",
            markers=("payments API",),
            modality="prohibition",  # type: ignore[arg-type]
        )
    assert str(info.value) == (
        "invariant.text: the text does not read as a prohibition (hedge words 'should' weaken the "
        "prohibition); state it with the words the check recognizes (see docs/prose.md) or fix the modality"
    )


def test_invariant_needs_a_marker() -> None:
    with pytest.raises(PayloadError, match=r"^invariant\.markers: an invariant needs at least one marker"):
        Invariant(id="i", text=NEVER_LIVE, markers=(), modality=Modality.PROHIBITION)


def test_failure_record_text_must_read_as_a_failure() -> None:
    with pytest.raises(PayloadError, match=r"^failure\.text: the text does not read as a failure"):
        FailureRecord(id="f", text="We considered raising the pool size.", approach=("pool size",))


def test_failure_outcome_ignores_negated_failure_words() -> None:
    assert failure_outcome("The deploy did not fail.") is None
    assert failure_outcome("It ran without errors.") is None
    assert failure_outcome("It failed twice.") == "failed"
    assert failure_outcome("Result: PoolTimeout.", ["PoolTimeout"]) == "PoolTimeout"
    assert considered_words("We explored options.") == ("explored", "options")


def register_dict() -> dict[str, object]:
    return {
        "invariants": [
            {
                "id": "inv-payments",
                "text": NEVER_LIVE,
                "markers": ["payments API", "dry_run=false"],
                "modality": "prohibition",
            }
        ],
        "failures": [
            {
                "id": "fail-pool",
                "text": "Tried raising the pool size to 50; it failed with PoolTimeout.",
                "approach": ["pool size", "50"],
                "error": ["PoolTimeout"],
            }
        ],
        "retirements": [],
    }


def test_register_round_trips_through_plain_data() -> None:
    register = InvariantRegister.from_dict(register_dict())
    assert register.active_ids == ("inv-payments", "fail-pool")
    again = InvariantRegister.from_dict(register.to_dict())
    assert again.active_ids == register.active_ids
    assert [e.to_dict() for e in again] == [e.to_dict() for e in register]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: d["invariants"][0].pop("modality"),
            "register.invariants[0].modality: required key is missing",
        ),
        (
            lambda d: d["invariants"][0].update(modality="prohibit"),
            "register.invariants[0].modality: expected one of prohibition, obligation, "
            "permission_with_condition; got 'prohibit' (str); did you mean 'prohibition'?",
        ),
        (
            lambda d: d["invariants"][0].update(modal="prohibition"),
            "register.invariants[0].modal: unknown key; did you mean 'modality'?",
        ),
        (
            lambda d: d["invariants"][0].update(markers=["payments API", 7]),
            "register.invariants[0].markers[1]: expected a non-empty string, got 7 (int)",
        ),
        (
            lambda d: d["invariants"][0].update(markers=["payments API", "$60"]),
            "register.invariants[0].markers[1]: marker '$60' does not occur in the text; copy markers "
            "from the text exactly (word markers ignore case, markers with digits or symbols do not)",
        ),
        (
            lambda d: d["invariants"][0].update(text="The payments API takes dry_run=false."),
            "register.invariants[0].text: the text does not read as a prohibition (no prohibition word "
            "(never, must not, do not, don't, may not, cannot, is forbidden)); state it with the words "
            "the check recognizes (see docs/prose.md) or fix the modality",
        ),
        (
            # A bare command reads as an obligation, the opposite of a prohibition.
            lambda d: d["invariants"][0].update(text="Use the payments API with dry_run=false."),
            "register.invariants[0].text: the text does not read as a prohibition (negation lost: "
            "'use (a command)' without 'not' where a prohibition was); state it with the words "
            "the check recognizes (see docs/prose.md) or fix the modality",
        ),
        (
            lambda d: d["failures"][0].update(error=["Deadlock"]),
            "register.failures[0].error[0]: marker 'Deadlock' does not occur in the text; copy markers "
            "from the text exactly (word markers ignore case, markers with digits or symbols do not)",
        ),
        (
            lambda d: d["failures"].append(dict(d["failures"][0])),
            "register.failures[1].id: 'fail-pool' is already in the register (active); the register is "
            "append-only, so a changed invariant needs a new id (and the old one a retirement event)",
        ),
        (
            lambda d: d["retirements"].append({"id": "inv-paymnets", "event_id": "e9", "reason": "done"}),
            "register.retirements[0].id: no invariant or failure record has the id 'inv-paymnets'; "
            "did you mean 'inv-payments'?",
        ),
        (
            lambda d: d["retirements"].append({"id": "fail-pool", "event_id": "e9"}),
            "register.retirements[0].reason: required key is missing",
        ),
        (
            lambda d: d["retirements"].extend(
                [
                    {"id": "fail-pool", "event_id": "e9", "reason": "pool size 20 worked"},
                    {"id": "fail-pool", "event_id": "e10", "reason": "again"},
                ]
            ),
            "register.retirements[1]: 'fail-pool' is already retired by event 'e9'; an entry is retired once",
        ),
        (
            lambda d: d.update(invariants={"id": "x"}),
            "register.invariants: expected a list, got {'id': 'x'} (dict)",
        ),
    ],
)
def test_register_from_dict_names_the_bad_field(mutate: object, message: str) -> None:
    data = register_dict()
    mutate(data)  # type: ignore[operator]
    with pytest.raises(PayloadError) as info:
        InvariantRegister.from_dict(data)
    assert str(info.value) == message


def test_register_is_append_only() -> None:
    register = register_of(payments())
    with pytest.raises(LifecycleError) as info:
        register.add(payments())
    assert str(info.value) == (
        "inv-payments: is already in the register (active); the register is append-only, so a changed "
        "invariant needs a new id (and the old one a retirement event)"
    )
    assert not hasattr(register, "remove")
    assert not hasattr(register, "discard")


def test_retirement_needs_an_event_and_a_reason() -> None:
    register = register_of(payments())
    with pytest.raises(LifecycleError) as info:
        register.retire("inv-payments", event_id="", reason="obsolete")
    assert str(info.value) == "inv-payments: retirement needs the id of the event that retires it"
    with pytest.raises(LifecycleError) as info:
        register.retire("inv-payments", event_id="e7", reason="  ")
    assert str(info.value) == "inv-payments: retirement needs a reason"
    assert register.is_active("inv-payments")


def test_retiring_twice_or_an_unknown_id_is_refused() -> None:
    register = register_of(payments())
    retirement = register.retire("inv-payments", event_id="e7", reason="payments moved to v2")
    assert retirement == Retirement(id="inv-payments", event_id="e7", reason="payments moved to v2")
    assert register.active() == ()
    assert register.retirement("inv-payments") == retirement
    with pytest.raises(LifecycleError) as info:
        register.retire("inv-payments", event_id="e8", reason="again")
    assert str(info.value) == "inv-payments: is already retired by event 'e7'; an entry is retired once"
    with pytest.raises(UnknownIdError) as unknown:
        register.retire("inv-paymens", event_id="e8", reason="typo")
    assert str(unknown.value) == "unknown invariant id 'inv-paymens'; did you mean 'inv-payments'?"


def test_a_retired_id_cannot_come_back() -> None:
    register = register_of(payments())
    register.retire("inv-payments", event_id="e7", reason="obsolete")
    with pytest.raises(LifecycleError, match=r"is already in the register \(retired\)"):
        register.add(payments())


def test_pin_and_record_failure_build_entries() -> None:
    register = InvariantRegister()
    register.pin("inv-1", NEVER_LIVE, markers=["dry_run=false"], modality="prohibition")
    register.record_failure("f-1", "Pool size 50 crashed the worker.", approach=["pool size"])
    assert [e.kind for e in register] == ["invariant", "failure"]
    assert register.invariants()[0].modality is Modality.PROHIBITION
    assert repr(register) == "<InvariantRegister 2 active, 0 retired>"


# -- invariant_dropped, marker_missing, modal_weakened ----------------------------------


def test_invariant_dropped_when_no_marker_survives() -> None:
    verdict = check_prose(register_of(payments()), "The user likes short answers. Refunds went out.")
    assert verdict.names == ("constraint_density_collapsed", "inv-payments:invariant_dropped")
    dropped = verdict.violations[1]
    assert dropped.expected == NEVER_LIVE
    assert dropped.detail == "none of its markers ('payments API', 'dry_run=false') is in the summary"


def test_faithful_paraphrase_is_not_dropped() -> None:
    summary = "The user likes short answers. Calling the payments API with dry_run=false is forbidden."
    assert check_prose(register_of(payments()), summary).ok


def test_marker_missing_names_the_marker() -> None:
    verdict = check_prose(register_of(payments()), "Never call the payments API with dry_run=true.")
    assert verdict.names == ("inv-payments:marker_missing",)
    assert verdict.violations[0].expected == "dry_run=false"
    assert verdict.violations[0].detail == "'dry_run=false' is nowhere in the summary"


def test_marker_elsewhere_in_the_summary_is_still_missing_from_the_statement() -> None:
    summary = (
        "Never call the payments API in tests. The sandbox is ready. Earlier, dry_run=false was discussed."
    )
    verdict = check_prose(register_of(payments()), summary)
    assert verdict.names == ("inv-payments:marker_missing",)
    assert verdict.violations[0].detail == (
        "'dry_run=false' is not in sentence 1, which states the invariant; it appears elsewhere"
    )


def test_marker_scoped_by_the_next_sentence_is_found() -> None:
    invariant = Invariant(
        id="inv-migrate",
        text="Never run the migration on production during business hours.",
        markers=("migration", "production"),
        modality=Modality.PROHIBITION,
    )
    summary = "Never run the migration during business hours. That rule is for production."
    assert check_prose(register_of(invariant), summary).ok


@pytest.mark.parametrize(
    "marker_text",
    ["the payments API with dry_run=false", "The Payments api with dry_run=false"],
)
def test_word_markers_ignore_case_identifiers_do_not(marker_text: str) -> None:
    assert check_prose(register_of(payments()), f"Never call {marker_text}.").ok
    drifted = check_prose(register_of(payments()), "Never call the payments API with dry_run=False.")
    assert drifted.names == ("inv-payments:marker_missing",)


def test_numbers_do_not_match_inside_longer_numbers() -> None:
    invariant = Invariant(
        id="inv-refund",
        text="Refunds up to $50 may be issued only after supervisor review.",
        markers=("50", "supervisor review"),
        modality=Modality.PERMISSION_WITH_CONDITION,
    )
    for amount in ("$150", "$50.5", "$500"):
        verdict = check_prose(register_of(invariant), f"Refunds up to {amount} only after supervisor review.")
        assert verdict.names == ("inv-refund:marker_missing",), amount
    # "$50.00" is the amount 50 as written another way, not a longer number.
    assert check_prose(register_of(invariant), "Refunds up to $50.00 only after supervisor review.").ok
    assert check_prose(register_of(invariant), "Refunds up to $50, only after supervisor review.").ok


def test_modal_weakened_names_the_hedges() -> None:
    verdict = check_prose(
        register_of(payments()), "The payments API with dry_run=false should be used carefully."
    )
    weakened = [v for v in verdict if v.code is ViolationCode.MODAL_WEAKENED]
    assert [v.describe() for v in weakened] == [
        "inv-payments:modal_weakened  expected 'prohibition' got 'hedged'  "
        "(sentence 1: hedge words 'should', 'carefully' weaken the prohibition)"
    ]


def test_modal_weakened_when_the_negation_is_lost() -> None:
    verdict = check_prose(register_of(payments()), "The payments API must be called with dry_run=false.")
    assert verdict.names == ("inv-payments:modal_weakened",)
    assert verdict.violations[0].observed == "obligation"


def test_a_weaker_restatement_beside_a_faithful_one_still_fails() -> None:
    summary = f"{NEVER_LIVE} If needed, the payments API may take dry_run=false."
    verdict = check_prose(register_of(payments()), summary)
    assert verdict.names == ("inv-payments:modal_weakened",)
    assert verdict.violations[0].detail.startswith("sentence 2: hedge words 'if needed'")


def test_faithful_paraphrase_keeps_its_force() -> None:
    for summary in (
        "The payments API must not be called with dry_run=false.",
        "Do not call the payments API with dry_run=false.",
        "Under no circumstances should the payments API be called with dry_run=false.",
    ):
        assert check_prose(register_of(payments()), summary).ok, summary


# -- constraint_density_collapsed -------------------------------------------------------


def freeze_register() -> InvariantRegister:
    register = InvariantRegister()
    register.pin("inv-merge", "Do not merge to main until Monday.", markers=["main"], modality="prohibition")
    register.pin(
        "inv-alerts", "Never silence alerts until Monday.", markers=["alerts"], modality="prohibition"
    )
    return register


def test_density_collapsed_in_a_fluent_summary_without_a_single_prohibition() -> None:
    summary = (
        "The team is preparing the quarterly release, coordinating changes to main across services "
        "with care, and keeping an eye on alerts."
    )
    verdict = check_prose(freeze_register(), summary)
    assert "constraint_density_collapsed" in verdict.names
    density = next(v for v in verdict if v.code is ViolationCode.CONSTRAINT_DENSITY_COLLAPSED)
    assert density.fact_id is None
    assert density.detail == (
        "2 active prohibition or obligation invariants (inv-merge, inv-alerts) but the summary's "
        f"{len(summary)} characters hold no prohibition or obligation word"
    )


def test_density_holds_when_the_prohibitions_survive() -> None:
    summary = "Release freeze until Monday: do not merge to main and never silence alerts."
    assert check_prose(freeze_register(), summary).ok


def test_density_is_not_required_of_conditional_permissions_alone() -> None:
    register = InvariantRegister()
    register.pin(
        "inv-refund",
        "Refunds up to $50 may be issued after supervisor review.",
        markers=["$50", "supervisor review"],
        modality="permission_with_condition",
    )
    assert check_prose(register, "A refund of $50 may be issued after supervisor review.").ok


# -- invariant_retired_without_event ----------------------------------------------------


def test_an_invariant_gone_from_the_register_without_an_event_is_a_violation() -> None:
    before = freeze_register()
    previous = next_state(before, "Do not merge to main; never silence alerts.")
    reloaded = InvariantRegister([before.get("inv-merge")])  # rebuilt from storage; inv-alerts lost
    verdict = check_prose(reloaded, "Do not merge to main.", previous=previous)
    assert verdict.names == ("inv-alerts:invariant_retired_without_event",)
    assert verdict.violations[0].detail == ("active entries went from 2 to 1 with no retirement event for it")


def test_an_invariant_retired_by_an_event_may_leave_the_summary() -> None:
    register = freeze_register()
    previous = next_state(register, "Do not merge to main; never silence alerts.")
    register.retire("inv-alerts", event_id="e12", reason="freeze lifted for alerting")
    verdict = check_prose(register, "Do not merge to main.", previous=previous)
    assert verdict.ok


# -- depth_exceeded and re-grounding ---------------------------------------------------


def test_depth_past_the_cap_is_a_violation() -> None:
    verdict = check_prose(register_of(payments()), NEVER_LIVE, depth=3)
    assert verdict.names == ("depth_exceeded",)
    assert (verdict.violations[0].expected, verdict.violations[0].observed) == (2, 3)


def test_depth_within_the_cap_passes_and_follows_the_previous_pass() -> None:
    register = register_of(payments())
    assert check_prose(register, NEVER_LIVE, depth=2).ok
    previous = PassState(summary_chars=100, depth=2, active_ids=("inv-payments",))
    assert check_prose(register, NEVER_LIVE, previous=previous).names == ("depth_exceeded",)
    assert check_prose(register, NEVER_LIVE, previous=previous, policy=ProsePolicy(max_depth=3)).ok


def test_a_regrounded_pass_is_depth_one_again() -> None:
    register = register_of(payments(), pool_failure())
    summary = reground(register, "The payments API with dry_run=false should be used carefully.")
    assert summary.endswith(f"{BLOCK_END}\n")
    assert BLOCK_START in summary
    assert grounding(register, summary).ok
    assert check_prose(register, summary, depth=7).ok
    assert next_state(register, summary, depth=7).depth == 1


def test_pin_block_holds_every_active_entry_verbatim() -> None:
    register = register_of(payments(), pool_failure())
    assert pin_block(register) == "\n".join(
        [
            BLOCK_START,
            f"- [inv-payments] {NEVER_LIVE}",
            "- [fail-pool] Tried raising the pool size to 50; it failed with PoolTimeout.",
            BLOCK_END,
        ]
    )


def test_a_stale_pinned_block_does_not_count_as_regrounding() -> None:
    register = register_of(payments())
    old = reground(register, "Never call the payments API with dry_run=false.")
    register.pin(
        "inv-phone", "Do not contact the customer by phone.", markers=["phone"], modality="prohibition"
    )
    verdict = check_prose(register, old, depth=3)
    assert "depth_exceeded" in verdict.names
    depth = next(v for v in verdict if v.code is ViolationCode.DEPTH_EXCEEDED)
    assert depth.detail.endswith("; its pinned block is stale (lacks inv-phone verbatim)")


def test_an_edited_pinned_line_does_not_count() -> None:
    register = register_of(payments())
    edited = reground(register, "").replace("Never call", "Avoid calling")
    assert not grounding(register, edited).ok
    assert grounding(register, edited).missing == ("inv-payments",)


def test_reground_replaces_an_old_block_instead_of_stacking() -> None:
    register = register_of(payments())
    once = reground(register, "Narrative.")
    twice = reground(register, once)
    assert twice == once
    assert twice.count(BLOCK_START) == 1


# -- failure_history_collapsed ----------------------------------------------------------


def test_failure_history_collapsed_when_tried_becomes_explored() -> None:
    verdict = check_prose(
        register_of(pool_failure()), "We explored options such as raising the pool size to 50."
    )
    assert verdict.names == ("fail-pool:failure_history_collapsed",)
    assert verdict.violations[0].observed == "considered"
    assert verdict.violations[0].detail == (
        "sentence 1: 'explored', 'options' makes it read as considered, not tried and failed"
    )


def test_failure_history_collapsed_when_the_attempt_vanishes() -> None:
    verdict = check_prose(register_of(pool_failure()), "Database work continues.")
    assert verdict.names == ("fail-pool:failure_history_collapsed",)
    assert verdict.violations[0].observed == "absent"


def test_failure_kept_with_its_error_passes() -> None:
    summary = "Raising the pool size to 50 was tried and crashed with PoolTimeout."
    assert check_prose(register_of(pool_failure()), summary).ok


def test_failure_kept_without_its_error_is_a_missing_marker() -> None:
    verdict = check_prose(register_of(pool_failure()), "Raising the pool size to 50 failed.")
    assert verdict.names == ("fail-pool:marker_missing",)
    assert verdict.violations[0].expected == "PoolTimeout"


def test_a_success_event_retires_the_failure_record() -> None:
    register = register_of(pool_failure())
    register.retire("fail-pool", event_id="e30", reason="pool size 50 works after the driver upgrade")
    assert check_prose(register, "We considered the pool size of 50; it works now.").ok


def test_a_negated_failure_is_not_a_failure() -> None:
    verdict = check_prose(
        register_of(pool_failure()), "Raising the pool size to 50 did not fail (PoolTimeout gone)."
    )
    assert verdict.names == ("fail-pool:failure_history_collapsed",)


# -- summary_not_reclaimed --------------------------------------------------------------


def test_summary_that_grew_pass_over_pass_is_not_reclaimed() -> None:
    register = register_of(payments())
    previous = next_state(register, NEVER_LIVE)
    longer = NEVER_LIVE + " The user also asked about invoices."
    verdict = check_prose(register, longer, previous=previous)
    assert verdict.names == ("summary_not_reclaimed",)
    assert verdict.violations[0].detail == (
        f"the summary grew from {len(NEVER_LIVE)} to {len(longer)} characters; no budget was reclaimed"
    )


def test_summary_that_shrank_or_kept_its_length_is_reclaimed() -> None:
    register = register_of(payments())
    previous = next_state(register, NEVER_LIVE + " The user asked about invoices.")
    assert check_prose(register, NEVER_LIVE, previous=previous).ok


def test_a_budget_allows_growth_within_it_and_refuses_more() -> None:
    register = register_of(payments())
    previous = next_state(register, NEVER_LIVE)
    longer = NEVER_LIVE + " Invoices are due Friday."
    policy = ProsePolicy(budget_chars=len(longer))
    assert check_prose(register, longer, previous=previous, policy=policy).ok
    tight = ProsePolicy(budget_chars=len(NEVER_LIVE))
    verdict = check_prose(register, longer, previous=previous, policy=tight)
    assert verdict.names == ("summary_not_reclaimed",)
    assert (verdict.violations[0].expected, verdict.violations[0].observed) == (len(NEVER_LIVE), len(longer))


def test_the_pinned_block_is_not_counted_as_growth() -> None:
    register = register_of(payments())
    previous = next_state(register, NEVER_LIVE)
    repaired = reground(register, NEVER_LIVE)
    assert reclaimable_chars(repaired) == len(NEVER_LIVE)
    shorter = reground(register, "Payments rule below.")
    assert check_prose(register, shorter, previous=previous).ok


# -- plain data for passes and policy ---------------------------------------------------


def test_pass_state_from_dict_reads_text_or_length() -> None:
    assert PassState.from_dict({"summary": "abc", "depth": 2, "active_ids": ["x"]}) == PassState(
        summary_chars=3, depth=2, active_ids=("x",)
    )
    state = PassState.from_dict({"summary_chars": 40})
    assert state.to_dict() == {"summary_chars": 40, "depth": 1, "active_ids": []}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {},
            "previous.summary: give the previous summary's text (summary) "
            "or its length (summary_chars), exactly one",
        ),
        ({"summary": 3}, "previous.summary: expected a string, got 3 (int)"),
        ({"summary_chars": -1}, "previous.summary_chars: expected an integer >= 0, got -1"),
        ({"summary_chars": 3, "depth": 0}, "previous.depth: expected an integer >= 1, got 0"),
        (
            {"summary_chars": 3, "active_ids": "inv-1"},
            "previous.active_ids: expected a list, got 'inv-1' (str)",
        ),
    ],
)
def test_pass_state_from_dict_names_the_bad_field(data: dict[str, object], message: str) -> None:
    with pytest.raises(PayloadError) as info:
        PassState.from_dict(data)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"max_depth": 0}, "case.policy.max_depth: expected an integer >= 1, got 0"),
        ({"max_depth": True}, "case.policy.max_depth: expected an integer, got True (bool)"),
        ({"budget_chars": 0}, "case.policy.budget_chars: expected an integer >= 1 or null, got 0"),
        ({"budget": 10}, "case.policy.budget: unknown key; did you mean 'budget_chars'?"),
    ],
)
def test_policy_from_dict_names_the_bad_field(data: dict[str, object], message: str) -> None:
    with pytest.raises(PayloadError) as info:
        ProsePolicy.from_case(data, "case.policy")
    assert str(info.value) == message


def test_check_prose_refuses_a_non_string_summary_and_a_bad_depth() -> None:
    with pytest.raises(TypeError, match=r"^summary must be a string, got None \(null\)$"):
        check_prose(register_of(payments()), None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^depth must be an integer >= 1, got 0$"):
        check_prose(register_of(payments()), NEVER_LIVE, depth=0)


def test_a_realistic_summary_keeps_every_entry() -> None:
    summary = textwrap.dedent(
        """\
        ## Session summary
        The user (Dana) is migrating billing to the new provider and wants weekly status notes.

        **Constraints**
        - Never call the payments API with dry_run=false; use the sandbox for any checks.
        - Refunds: up to $50, and only after a supervisor review.
        - The full test suite must pass before anything is merged to main.
        - Production deploys wait until the canary has passed - no exceptions.
        - Don't phone the customer; email only.

        **History**
        - Raising the pool size to 50 was tried and failed (PoolTimeout). Don't retry it.
        - Next step: review connection reuse, which might help.
        """
    )
    assert check_prose(InvariantRegister(INVARIANTS.values()), summary).ok


def test_check_prose_accepts_the_register_as_plain_data() -> None:
    verdict = check_prose(
        register_dict(), "Explored a pool size of 50. Never call the payments API with dry_run=false."
    )
    assert verdict.names == ("fail-pool:failure_history_collapsed",)


# -- the paraphrase table ------------------------------------------------------------------

INVARIANTS: dict[str, Entry] = {
    "A": Invariant(
        id="inv-payments",
        text="Never call the payments API with dry_run=false.",
        markers=("payments API", "dry_run=false"),
        modality=Modality.PROHIBITION,
    ),
    "B": Invariant(
        id="inv-refunds",
        text="Refunds up to $50 may be issued only after supervisor review.",
        markers=("$50", "supervisor review"),
        modality=Modality.PERMISSION_WITH_CONDITION,
    ),
    "C": Invariant(
        id="inv-tests",
        text="Always run the test suite before merging to main.",
        markers=("test suite", "main"),
        modality=Modality.OBLIGATION,
    ),
    "D": Invariant(
        id="inv-canary",
        text="Never deploy to production until the canary has passed.",
        markers=("production", "canary"),
        modality=Modality.PROHIBITION,
    ),
    "E": Invariant(
        id="inv-phone",
        text="Do not contact the customer by phone.",
        markers=("customer", "phone"),
        modality=Modality.PROHIBITION,
    ),
    "F": FailureRecord(
        id="fail-pool",
        text="Tried raising the pool size to 50; it failed with PoolTimeout.",
        approach=("pool size", "50"),
        error=("PoolTimeout",),
    ),
}


@dataclass(frozen=True)
class Row:
    entry: str
    summary: str
    person: Literal["faithful", "drifted"]
    rule: str
    known: Literal["false alarm", "miss"] | None = None


F: Literal["faithful"] = "faithful"
D: Literal["drifted"] = "drifted"

ROWS: tuple[Row, ...] = (
    # -- faithful paraphrases: must pass ---------------------------------------
    Row("A", "The payments API must not be called with dry_run=false.", F, "'must not' is a prohibition"),
    Row("A", "Calling the payments API with dry_run=false is forbidden.", F, "'forbidden' is a prohibition"),
    Row("A", "Do not call the payments API with dry_run=false.", F, "'do not' is a prohibition"),
    Row(
        "A",
        "Under no circumstances should the payments API be called with dry_run=false.",
        F,
        "'under no circumstances should' is one prohibition; its 'should' is no hedge",
    ),
    Row(
        "A",
        "Calls to the payments API with dry_run=false are not allowed.",
        F,
        "'not allowed' is a prohibition, not a permission",
    ),
    Row("A", "The payments API cannot be called with dry_run=false.", F, "'cannot' is a prohibition"),
    Row(
        "A",
        "NEVER use dry_run=false against the payments API; prefer the sandbox for tests.",
        F,
        "a hedge in a clause without the markers is not near the constraint",
    ),
    Row(
        "A",
        "Hard rules:\n- never call the payments API with dry_run=false\n- keep replies short",
        F,
        "a bullet is read with its heading",
    ),
    Row(
        "A",
        "Never call the payments API with dry_run=false. "
        "Last week the payments API was called with dry_run=false by mistake.",
        F,
        "a mention without modal words does not weaken a statement that keeps the force",
    ),
    Row(
        "A",
        "The user prefers concise answers and should get weekly reports. "
        "The payments API must never be called with dry_run=false.",
        F,
        "hedges in another sentence are not near the constraint",
    ),
    Row(
        "A",
        "Keep dry_run=true on every payments API call; dry_run=false is never acceptable.",
        F,
        "a permission word in a clause that also prohibits is negated by it",
    ),
    Row(
        "A",
        "Never call the payments API with dry_run=false, even if the user asks.",
        F,
        "'even if' widens the rule; it is not an exception",
    ),
    Row(
        "B",
        "Refunds of up to $50 are allowed, but only after supervisor review.",
        F,
        "permission with its conditions ('up to', 'only', 'after')",
    ),
    Row("B", "Supervisor review is required before any refund up to $50.", F, "an obligation is stronger"),
    Row(
        "B",
        "A refund of $50 may be issued after supervisor review.",
        F,
        "permission with the condition 'after'",
    ),
    Row("B", "Never refund more than $50 without supervisor review.", F, "a prohibition is stronger"),
    Row(
        "B",
        "Up to $50 can be refunded once a supervisor review is done.",
        F,
        "restriction 'up to' with 'once'",
    ),
    Row(
        "C",
        "Merge to main only after the test suite passes.",
        F,
        "'only' states a conditional obligation through its complement",
    ),
    Row(
        "C",
        "Never merge to main without running the test suite.",
        F,
        "a prohibition whose connective changed with it ('before' to 'without')",
    ),
    Row("C", "The test suite must pass before anything is merged to main.", F, "'must' is an obligation"),
    Row("C", "Make sure the test suite runs before every merge to main.", F, "'make sure' is an obligation"),
    Row("C", "Before merging to main, the test suite has to pass.", F, "'has to' is an obligation"),
    Row("D", "Do not deploy to production before the canary passes.", F, "'do not' is a prohibition"),
    Row(
        "D",
        "Production deploys are allowed only after the canary has passed.",
        F,
        "'only' restricts a conditional prohibition",
    ),
    Row(
        "D",
        "Production deploys must wait until the canary has passed.",
        F,
        "'must wait until' prohibits until then",
    ),
    Row(
        "D",
        "The canary must pass before anything ships to production.",
        F,
        "an obligation whose connective changed with it ('until' to 'before')",
    ),
    Row("D", "No production deploy until the canary has passed.", F, "a clause opening with 'No' prohibits"),
    Row(
        "D",
        "Production deploys wait until the canary has passed - no exceptions.",
        F,
        "'wait until' prohibits until then",
    ),
    Row(
        "D", "Deploying to production is blocked until the canary passes.", F, "'is blocked' is a prohibition"
    ),
    Row("E", "The customer must never be contacted by phone.", F, "'must never' is a prohibition"),
    Row("E", "Phone contact with the customer is prohibited.", F, "'prohibited' is a prohibition"),
    Row(
        "E",
        "Customer prefers email. Phone is off-limits for contacting the customer.",
        F,
        "'off-limits' prohibits; 'prefers' is in another sentence",
    ),
    Row(
        "F",
        "We tried raising the pool size to 50, but it failed with PoolTimeout.",
        F,
        "a failure word and the error marker",
    ),
    Row(
        "F",
        "Tried raising the pool size to 50. It timed out with PoolTimeout.",
        F,
        "the outcome is in the next sentence, which begins with 'It'",
    ),
    Row("F", "Failed attempts:\n- pool size 50 (PoolTimeout)", F, "a bullet is read with its heading"),
    Row(
        "C",
        "Run the test suite before merging to main.",
        F,
        "a command without a modal word is an obligation (its verb is the cue)",
    ),
    Row(
        "A",
        "The payments API is sandbox-only: dry_run=false is out of the question.",
        F,
        "an idiom the word list does not know",
        known="false alarm",
    ),
    # -- drifted restatements: must fail -----------------------------------------
    Row(
        "A",
        "The payments API with dry_run=false should be used carefully.",
        D,
        "hedge 'should' and manner word 'carefully'",
    ),
    Row("A", "Ideally, avoid calling the payments API with dry_run=false.", D, "hedges 'ideally', 'avoid'"),
    Row("A", "The payments API must be called with dry_run=false.", D, "negation lost: 'must' without 'not'"),
    Row("A", "The payments API may be called with dry_run=false.", D, "negation lost: 'may' permits"),
    Row(
        "A",
        "The payments API with dry_run=false is no longer forbidden.",
        D,
        "waiver 'no longer forbidden' (not the prohibition 'forbidden')",
    ),
    Row(
        "A",
        "Calling the payments API with dry_run=false is forbidden, "
        "but it may be done with dry_run=false if needed.",
        D,
        "hedge 'if needed' in a clause with a marker",
    ),
    Row("A", "Try not to call the payments API with dry_run=false.", D, "hedge 'try not to'"),
    Row("A", "The payments API is forbidden with dry_run=true.", D, "marker 'dry_run=false' changed"),
    Row("A", "We integrated the payments API.", D, "marker 'dry_run=false' vanished"),
    Row("A", "The payments API with dry_run=false: use where practical.", D, "hedge 'where practical'"),
    Row(
        "A",
        "Never call the payments API with dry_run=false unless the user asks.",
        D,
        "an exception ('unless') added to an invariant that has none",
    ),
    Row(
        "A",
        "It is forbidden to call the payments API with dry_run=true; dry_run=false is fine.",
        D,
        "a clause with a marker permits ('is fine') and does not prohibit",
    ),
    Row(
        "A",
        "The payments API is called with dry_run=false only in emergencies.",
        D,
        "no prohibition word; 'only' stands in for one only when the invariant has a condition",
    ),
    Row("B", "Refunds up to $50 may be issued.", D, "marker 'supervisor review' vanished"),
    Row("B", "Refunds up to $100 may be issued only after supervisor review.", D, "marker '$50' changed"),
    Row("B", "Refunds up to $50 may be issued, ideally after supervisor review.", D, "hedge 'ideally'"),
    Row("B", "Refunds up to $50 are fine; supervisor review is optional.", D, "waiver 'optional'"),
    Row(
        "C",
        "You do not have to run the test suite before merging to main.",
        D,
        "waiver 'do not have to' (not the prohibition 'do not')",
    ),
    Row("C", "Consider running the test suite before merging to main.", D, "hedge 'consider'"),
    Row("C", "Running the test suite before merging to main is recommended.", D, "hedge 'recommended'"),
    Row(
        "C",
        "Never run the test suite before merging to main.",
        D,
        "polarity flipped: a prohibition with the same connective ('before')",
    ),
    Row("D", "Deploy to production after the canary, if possible.", D, "hedge 'if possible'"),
    Row("D", "Production deploys should generally wait for the canary.", D, "hedges 'should', 'generally'"),
    Row(
        "D",
        "Production deploys are no longer blocked until the canary passes.",
        D,
        "waiver 'no longer blocked' (not the prohibition 'is blocked')",
    ),
    Row("E", "Contacting the customer by phone is fine.", D, "negation lost: 'is fine' permits"),
    Row("E", "Prefer email; the customer may be contacted by phone if needed.", D, "hedge 'if needed'"),
    Row(
        "E",
        "Phone calls to the customer should never happen.",
        D,
        "'should' hedges 'never': SHOULD NOT is not MUST NOT",
    ),
    Row("F", "Explored approaches such as raising the pool size to 50.", D, "'explored' reads as considered"),
    Row("F", "Options considered:\n- pool size 50", D, "the bullet's heading says 'considered'"),
    Row("F", "Raising the pool size to 50 failed.", D, "the error marker 'PoolTimeout' vanished"),
    Row(
        "A",
        "The payments API has never been called with dry_run=false.",
        D,
        "a descriptive 'never been' reports the past and states no rule",
    ),
    Row(
        "A",
        "Do not worry about calling the payments API with dry_run=false.",
        D,
        "'do not worry' is an idiom, not a prohibition: no force is left",
    ),
    Row(
        "C",
        "Always run the test suite before merging to main, except on Fridays.",
        D,
        "an added carve-out ('except') narrows even a conditional invariant",
    ),
)


def outcome(row: Row) -> tuple[str, ...]:
    """The violation codes the check reports for a row (empty: it passes)."""
    register = InvariantRegister([INVARIANTS[row.entry]])
    return tuple(v.code.value for v in check_prose(register, row.summary))


def counts() -> dict[str, int]:
    faithful = [r for r in ROWS if r.person == "faithful"]
    drifted = [r for r in ROWS if r.person == "drifted"]
    return {
        "faithful": len(faithful),
        "drifted": len(drifted),
        "false_alarms": sum(1 for r in faithful if outcome(r)),
        "misses": sum(1 for r in drifted if not outcome(r)),
    }


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ↵ ")


def render() -> str:
    """The table as published in docs/prose.md."""
    lines = [
        "| # | entry | summary | a reader says | the check says | deciding rule |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for number, row in enumerate(ROWS, 1):
        codes = outcome(row)
        said = "fail: " + ", ".join(codes) if codes else "pass"
        if row.known:
            said += f" (**{row.known}**)"
        lines.append(
            f"| {number} | {row.entry} | {_cell(row.summary)} | {row.person} | {said} | {_cell(row.rule)} |"
        )
    c = counts()
    lines += [
        "",
        f"Faithful paraphrases: {c['faithful']}, false alarms: {c['false_alarms']}. "
        f"Drifted restatements: {c['drifted']}, misses: {c['misses']}.",
    ]
    return "\n".join(lines)


@pytest.mark.parametrize("row", ROWS, ids=[f"{n}-{r.entry}-{r.person}" for n, r in enumerate(ROWS, 1)])
def test_paraphrase_row(row: Row) -> None:
    flagged = bool(outcome(row))
    expected = row.person == "drifted"
    if row.known is not None:  # a counted false alarm or miss: the check disagrees with the reader
        expected = not expected
    assert flagged is expected, f"{row.summary!r}: {outcome(row) or 'pass'}"


def test_paraphrase_table_has_at_least_twenty_rows_each_way() -> None:
    c = counts()
    assert c["faithful"] >= 20
    assert c["drifted"] >= 20


def test_false_alarms_and_misses_are_the_published_ones() -> None:
    c = counts()
    assert (c["false_alarms"], c["misses"]) == (1, 0)
    assert (c["faithful"], c["drifted"]) == (37, 33)


def test_docs_publish_the_current_table() -> None:
    text = DOCS.read_text(encoding="utf-8")
    match = re.search(
        r"<!-- paraphrase-table:start -->\n(.*?)\n<!-- paraphrase-table:end -->", text, re.DOTALL
    )
    assert match, "docs/prose.md lost its paraphrase-table markers"
    assert match.group(1) == render(), "regenerate the table with: python tests/test_prose.py"


if __name__ == "__main__":
    print(render())


# -- rules the paired prose corpus taught (session 3) ----------------------------------


def rule(text: str, markers: tuple[str, ...], modality: str) -> InvariantRegister:
    return register_of(Invariant(id="inv", text=text, markers=markers, modality=Modality(modality)))


def test_word_markers_match_their_regular_inflections_identifiers_do_not() -> None:
    reg = rule("Legal must approve every vendor contract.", ("vendor contract",), "obligation")
    assert codes(check_prose(reg, "Vendor contracts must be approved by legal.")) == []
    merged = rule("Never merge a branch on Fridays.", ("merge",), "prohibition")
    assert codes(check_prose(merged, "Merging on Fridays is never allowed.")) == []
    ident = rule("Never restart T-14.", ("T-14",), "prohibition")
    assert codes(check_prose(ident, "Never restart T-14s.")) == ["invariant_dropped"]


def test_a_command_after_a_label_or_with_a_plural_object_is_an_obligation() -> None:
    assert modality_imperative("Printer rules: switch it off at night.") == "switch"
    assert modality_imperative("Archive invoices after 30 days.") == "archive"
    assert modality_imperative("Student discounts apply on Mondays.") is None
    assert modality_imperative("Weekday stand-up at 09:30.") is None


def test_a_passive_cap_keeps_the_force_of_a_command_to_cap() -> None:
    reg = rule("Cap discounts at 15%.", ("discounts", "15%"), "obligation")
    assert codes(check_prose(reg, "Discounts are capped at 15%.")) == []
    assert "modal_weakened" in codes(check_prose(reg, "Discounts near 15% are ideally kept."))


def test_a_hedge_word_after_a_possessive_is_an_adjective() -> None:
    reg = rule("Always ship to the buyer's preferred address.", ("preferred address",), "obligation")
    assert codes(check_prose(reg, "Orders must go to the buyer's preferred address.")) == []
    assert "modal_weakened" in codes(check_prose(reg, "Orders should go to the buyers' preferred address."))


def test_a_clause_that_refers_back_to_the_invariant_states_it() -> None:
    reg = rule("Never lend the master key to visitors.", ("master key",), "prohibition")
    assert codes(check_prose(reg, "The master key stays at the desk; never lend it to visitors.")) == []
    hedged = "The master key stays at the desk; try not to lend it to visitors."
    assert "modal_weakened" in codes(check_prose(reg, hedged))


def test_an_added_if_narrows_a_bound_without_a_complement_but_not_never_without() -> None:
    bound = rule("Never print badges above 50 per day.", ("badges",), "prohibition")
    assert codes(check_prose(bound, "Never print badges above 50 per day.")) == []
    assert "modal_weakened" in codes(
        check_prose(bound, "Print badges above 50 per day only if a lead agrees.")
    )
    complement = rule("Never merge to main without review.", ("main",), "prohibition")
    assert codes(check_prose(complement, "Merges to main happen only if reviewed.")) == []


def modality_imperative(text: str) -> str | None:
    from pytest_compaction.prose.modality import imperative

    return imperative(text)
