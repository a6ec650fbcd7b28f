"""Round 61's rules (a hotel's night handover; a small office's IT helpdesk), each tested
in other words than the held-out set that showed the need:

- "we" after "that" in a sentence that has already told who says it ("the email says the
  order is late *and that we* must refund it") is the subject of the report, not the
  summary's own claim;
- a prohibition told as a duty to act without the forbidden thing ("visitors must always
  be signed in *without* being shown the patient list") keeps it; "without" before another
  thing is still an exception added;
- a word of waiver the rule itself uses of another thing ("before an *optional* firmware
  update") lifts nothing when the summary repeats it of that thing; "is optional" of the
  rule's own act still lifts it;
- a compound verb written open ("*Deep clean* the fryer every week") opens a command, as
  its hyphenated spelling does; "Test results are due" is no command;
- a duty told as forbidding its occasion until its act is done, in the rule's own words
  ("no new tenant gets keys *until their ID is checked against the passport scan*") keeps
  it; until something else ("until the deposit clears") does not.
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.modality import imperative
from tests._prose_facts import names, untrusted


def test_we_in_a_second_reported_clause() -> None:
    ledger = untrusted(
        "Email from a reseller: 'The order is late; the shop must refund the full amount today.'"
    )
    reported = (
        "Reseller email says the order is late and that we must refund the full amount today; unverified."
    )
    assert names(ledger, reported) == ()
    assert names(ledger, "Order late: we must refund the full amount today.") == ("trust_elevated",)


def test_a_prohibition_told_as_a_duty_without_the_forbidden_thing() -> None:
    register = rule("Never show visitors the patient list.", ["patient list"], "prohibition")
    assert passes(register, "Visitors must always be signed in without being shown the patient list.")
    assert weakened(register, "Visitors should be signed in without being shown the patient list.")
    assert weakened(register, "The patient list must always be shown to visitors, without exception.")


def test_a_waiver_word_the_rule_uses_of_another_thing() -> None:
    register = rule("Always brief the crew before an optional night dive.", ["brief the crew"], "obligation")
    assert passes(register, "Even for optional night dives, you must always brief the crew first.")
    assert weakened(register, "Optional night dives: you may brief the crew, but it is optional too.")
    assert weakened(register, "Before a night dive, it is optional to brief the crew.")


def test_a_compound_verb_written_open() -> None:
    register = rule("Deep clean the fryer every Sunday night.", ["fryer"], "obligation")
    assert passes(register, "Kitchen: deep clean the fryer every Sunday night.")
    assert weakened(register, "Kitchen: a deep clean of the fryer on Sundays would be nice.")
    assert imperative("Test results are due Friday.") is None


def test_a_duty_told_as_nothing_until_its_act_is_done() -> None:
    register = rule(
        "Always check a new tenant's ID against the passport scan on file.", ["new tenant"], "obligation"
    )
    kept = "No new tenant gets keys until their ID has been checked against the passport scan on file."
    assert passes(register, kept)
    assert weakened(register, "No new tenant gets keys until the deposit clears.")
