"""Round 60's rules (memory with provenance and confidence tags; a pharmacy's records),
each tested in other words than the held-out set that showed the need:

- a verb of advice that is the rule's own act ("Never *recommend* a loan ...") names the act
  in a restatement ("any loan recommended to him must ..."), not a hedge; as an adjective
  in the rule ("the *recommended* dose") it stays a hedge in the summary;
- a prohibition of one side of a quantity bound ("never a shift *longer than* 12 hours")
  is kept by a duty to stay on the other side ("must stay *within* 12 hours"), not on its
  own ("must be *more than* 12 hours");
- a duty of company ("always have *two staff present*") is kept by a prohibition of acting
  alone ("nobody opens the safe alone");
- a value of several words with the fact's name inside it ("*two* ibuprofen *capsules*" for
  "two capsules" of the ibuprofen fact) states that value;
- an amount before a rate's slash ("the *14 mg*/24 hr patch") is read as that amount; the
  count the rate is per ("250 mg/*5 mL*") is no amount of a dose;
- "leave out" and "cut out" negate what they leave out, past a possessor's name ("leave
  out *Mr Obi-Lund's* statins");
- "a good habit" is advice, as "a good idea" is;
- a title before a colon with no object ("Reminder for staff:") is no command: what
  follows it is read for the command.
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.summary import check_prose
from tests._prose_facts import fact, names, replaced


def test_a_verb_of_advice_that_is_the_rule_s_own_act() -> None:
    register = rule("Never recommend a payday loan to Corin Vale.", ["payday loan"], "prohibition")
    assert passes(register, "Corin Vale: a payday loan must never be recommended to him.")
    assert weakened(register, "Corin Vale: payday loans recommended only sparingly.")
    adjective = rule("Give the recommended dose of 5 ml to Pip.", ["5 ml"], "obligation")
    details = [v.detail for v in check_prose(adjective, "Pip: a dose of 5 ml is recommended.").violations]
    assert any("hedge words 'recommended'" in detail for detail in details)


def test_a_quantity_bound_kept_from_the_other_side() -> None:
    register = rule("Never roster a shift longer than 12 hours.", ["shift", "12 hours"], "prohibition")
    assert passes(register, "Every shift must stay within 12 hours.")
    assert weakened(register, "Every shift must be more than 12 hours.")
    assert weakened(register, "Every shift must be longer than 12 hours.")


def test_a_duty_of_company_told_as_a_prohibition_of_acting_alone() -> None:
    register = rule("Always have two staff present when opening the safe.", ["safe"], "obligation")
    assert passes(register, "No one opens the safe alone.")
    assert weakened(register, "Staff should try not to open the safe alone.")


def test_a_value_with_the_fact_s_name_inside_it() -> None:
    prose = {"names": ["ibuprofen"], "value": ["two capsules", "2 capsules"]}
    ledger = fact("Wren takes two capsules of ibuprofen at night.", "meds.ibuprofen", 2, prose)
    assert names(ledger, "Wren: two ibuprofen capsules at night.") == ()
    assert names(ledger, "Wren: three ibuprofen capsules at night.") == ("f1:value_changed",)


def test_an_amount_written_as_a_rate() -> None:
    ledger = replaced(
        ("Ola uses the 25 mg/16 hr patch.", "Ola now steps down to the 15 mg/16 hr patch."),
        "quit.patch_mg",
        ["patch"],
        (25, "25 mg"),
        (15, "15 mg"),
    )
    assert names(ledger, "Ola: now on the 15 mg/16 hr patch, down from the 25 mg one.") == ()
    assert "f1:forbidden_superseded_fact" in names(ledger, "Ola: still on the 25 mg/16 hr patch for now.")
    dose = {"names": ["paracetamol"], "value": ["5 mL"]}
    syrup = fact("Give Ines 5 mL of paracetamol 120 mg/5 mL.", "rx.dose", 5, dose)
    assert names(syrup, "Ines: 5 mL of paracetamol (120 mg/5 mL).") == ()
    assert names(syrup, "Ines: 2.5 mL of paracetamol (120 mg/5 mL).") == ("f1:value_changed",)


def test_what_is_left_out_is_negated() -> None:
    ledger = fact("Mr Obi-Lund's statins have been stopped.", "order.statins", False, {"names": ["statins"]})
    assert names(ledger, "Leave out Mr Obi-Lund's statins this month.") == ()
    assert names(ledger, "Cut out the statins this month.") == ()
    assert names(ledger, "Add Mr Obi-Lund's statins this month.") == ("f1:value_changed",)


def test_a_good_habit_is_advice() -> None:
    register = rule("Lock the bike shed every night.", ["bike shed"], "obligation")
    assert passes(register, "Note for staff: lock the bike shed every night.")
    assert weakened(register, "Reminder for staff: locking the bike shed every night is a good habit.")


def test_a_title_before_a_colon_is_no_command() -> None:
    register = rule("Lock the bike shed every night.", ["bike shed"], "obligation")
    assert passes(register, "Reminder for staff: lock the bike shed every night.")
    assert weakened(register, "Reminder for staff: the bike shed was locked last night.")
    assert passes(register, "Lock the bike shed: every night, no exceptions.")
