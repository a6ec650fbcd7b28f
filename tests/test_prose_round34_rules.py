"""Round 34's rules of English (status boards and emoji digests; friendly handover notes),
each tested in other words than the held-out set that showed the need:

- a picture that opens a line is decoration ("🧺 Laundry: ..."), a status mark is not;
- two bare verbs sharing one object are one command ("check and log", "check + log");
- a label may hold a bracketed aside ("Side gate (bikes): ❌");
- a status mark that opens a line and the words after it say one "no", not two;
- "Optional X:" opening a label describes X;
- "someone must be with it at all times" keeps "never leave it unattended";
- a verb's "un-...ed" form negates it ("unmarshalled" for "marshal"), a ❌ beside it agrees.
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened

from pytest_compaction.prose import _text
from pytest_compaction.prose.modality import imperative
from tests._prose_facts import fact, names, replaced


def test_a_picture_opening_a_line_is_decoration_and_a_status_mark_is_not() -> None:
    lines = [s.text for s in _text.sentences("🧺 Laundry: wash the kit on Sunday\n❌ Minibus: not booked")]
    assert lines == ["Laundry: wash the kit on Sunday", "❌ Minibus: not booked"]


def test_two_bare_verbs_sharing_an_object_are_one_command() -> None:
    assert imperative("Sweep and mop the bar floor before closing.") == "sweep"
    assert imperative("Bar floor: sweep + mop it before closing") == "sweep"
    assert imperative("Fish and chips are served on Fridays.") is None


def test_a_label_with_a_bracketed_aside_is_answered_by_its_mark() -> None:
    ledger = fact(
        "The side gate will not be open to cyclists on Sunday.",
        "event.side_gate_open",
        False,
        {"names": ["side gate"], "polarity": "negative"},
    )
    assert names(ledger, "Sunday\nSide gate (cyclists): ❌ → main entrance") == ()
    assert names(ledger, "Sunday\nSide gate (cyclists): ✅ → main entrance") == ("f1:value_changed",)


def test_a_line_mark_and_its_words_say_one_no() -> None:
    ledger = fact("No mussels on the menu tonight.", "menu.mussels", False, {"names": ["mussels"]})
    assert names(ledger, "Menu\n❌ Mussels: not serving tonight") == ()
    assert names(ledger, "Menu\n✅ Mussels: serving tonight") == ("f1:value_changed",)


def test_optional_opening_a_label_describes_its_noun() -> None:
    register = rule(
        "Riders on the optional gravel stage must carry a spare tube.", ["gravel stage"], "obligation"
    )
    assert passes(register, "Optional gravel stage: spare tube required ✅")
    assert weakened(register, "Optional gravel stage: spare tube optional")


def test_someone_with_it_keeps_never_unattended() -> None:
    register = rule("Never leave the raffle table unattended.", ["raffle table"], "prohibition")
    assert passes(register, "Raffle table: someone must be with it at all times")
    assert weakened(register, "Raffle table: someone should ideally be with it")


def test_the_un_ed_form_of_a_verb_negates_it() -> None:
    ledger = fact(
        "Scouts will steward the car park during the fete.",
        "fete.car_park_stewarded",
        True,
        {"names": ["car park"], "value": ["steward"]},
    )
    assert names(ledger, "Fete\nCar park: stewarded ✅ (scouts)") == ()
    assert names(ledger, "Fete\nCar park: unstewarded ❌ (scouts)") == ("f1:value_changed",)


def test_nil_by_mouth_is_a_prohibition() -> None:
    register = rule(
        "Never give Mrs. Okoro in bed 2 anything by mouth before her scan.", ["bed 2"], "prohibition"
    )
    assert passes(register, "Bed 2: Mrs. Okoro has to stay nil by mouth before her scan.")
    assert passes(register, "Bed 2 (Mrs. Okoro): NBM before the scan.")
    assert weakened(register, "Bed 2: Mrs. Okoro is best kept nil by mouth before her scan.")


def test_a_bare_instead_marks_the_value_before_it_as_the_new_one() -> None:
    texts = ("The choir rehearses on Tuesday.", "Change: rehearsals move to Thursday.")
    ledger = replaced(texts, "choir.day", ["rehearse"], ("tuesday", "Tuesday"), ("thursday", "Thursday"))
    assert names(ledger, "The choir now rehearses on Thursday instead of Tuesday.") == ()
    assert names(ledger, "The choir rehearses on Tuesday, and someone asked about Thursday instead.") == (
        "f1:forbidden_superseded_fact",
    )
