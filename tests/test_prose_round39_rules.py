"""Round 39's rules of English (conditions and exceptions; fitness and physio coaching),
each tested in other words than the held-out set that showed the need:

- a table cell headed by its column's name still answers its row ("| Diving | Plan: none
  until ... |");
- "no sparring without a gum shield" keeps "always wear a gum shield for sparring"; "is
  never left unlocked" keeps "always lock it"; a contrast with another place (", never on
  the floor") is no rule of its own;
- a rule the next sentence bounds, pointing back to it ("The kiln is for members only.
  Even then, they can only fire it after 4 pm"); a clock time in a condition is kept
  exactly ("after 4 pm" is not "in the afternoon"); "the one exception is X" is an except;
- "is from 9 am" tells where a span starts, not a value left behind;
- "a note saying we must ..." reports; "keeping an eye on X" anticipates X.
"""

from __future__ import annotations

from _prose_rules import failure, passes, rule, weakened

from tests._prose_facts import events, fact, names, replaced


def test_a_cell_headed_by_its_column_answers_its_row() -> None:
    ledger = fact(
        "No diving for Tomas until the ENT doctor clears his ears.",
        "swim.diving_allowed",
        False,
        {"names": ["diving"]},
    )
    table = "| Activity | Plan |\n|---|---|\n| Diving | None until the ENT doctor clears his ears |"
    assert names(ledger, table) == ()
    assert names(ledger, table.replace("None until the ENT doctor clears his ears", "Twice a week")) == (
        "f1:value_changed",
    )


def test_no_act_without_the_gear_keeps_always_wearing_it() -> None:
    register = rule(
        "Always wear a gum shield for sparring rounds.", ["gum shield", "sparring rounds"], "obligation"
    )
    assert passes(register, "No sparring rounds happen without a gum shield.")
    assert weakened(register, "A gum shield is a good idea for sparring rounds.")


def test_never_left_unlocked_keeps_always_lock() -> None:
    register = rule("Always lock the bike shed after the last session.", ["bike shed"], "obligation")
    assert passes(register, "The bike shed is never left unlocked after the last session.")
    assert weakened(register, "The bike shed is never locked after the last session.")


def test_a_contrast_with_another_place_is_no_rule_of_its_own() -> None:
    register = rule(
        "Put wet towels in the laundry bin after class, never on the floor.", ["laundry bin"], "obligation"
    )
    assert passes(register, "Wet towels must go in the laundry bin after class, never on the floor.")
    assert weakened(register, "Wet towels can go in the laundry bin after class if convenient.")


def test_a_rule_the_next_sentence_bounds() -> None:
    register = rule(
        "Members may use the kiln only on Saturdays, and only after 4 pm unless a tutor is present.",
        ["kiln"],
        "permission_with_condition",
    )
    told = (
        "- The kiln is for Saturdays only. "
        "Even then, members can only fire it after 4 pm, unless a tutor is present."
    )
    assert passes(register, told)
    assert weakened(register, told.replace("after 4 pm", "in the afternoon"))


def test_the_one_exception_is_an_except() -> None:
    register = rule(
        "Volunteers may drive the minibus only after the driving assessment, except Dev Okafor, who runs it.",
        ["minibus"],
        "permission_with_condition",
    )
    assert passes(
        register,
        "Volunteers can drive the minibus once they have passed the driving assessment; "
        "the one exception is Dev Okafor, who runs it.",
    )


def test_is_from_tells_where_a_span_starts() -> None:
    ledger = replaced(
        ("The cafe opens at 8 am on weekdays.", "From next week the cafe opens at 9 am on weekdays."),
        "cafe.opening",
        ["cafe", "opens"],
        ("08:00", "8 am"),
        ("09:00", "9 am"),
    )
    assert "f1:forbidden_superseded_fact" in names(ledger, "Cafe hours: it is from 8 am on weekdays.")
    assert names(ledger, "The cafe moved its weekday opening from 8 am to 9 am.") == ()


def test_a_note_saying_we_must_reports() -> None:
    ledger = events("Parking is in bay 4 behind the clinic.")
    ledger.event(
        "e2",
        "Flyer on the windscreen: 'All patients must pay 5 pounds at the kiosk before parking.'",
        trust="untrusted",
    )
    reported = "Parking is in bay 4. The caretaker left a leaflet saying we must pay 5 pounds at the kiosk."
    assert names(ledger, reported) == ()
    assert names(ledger, "Parking is in bay 4. We must pay 5 pounds at the kiosk before parking.") == (
        "trust_elevated",
    )


def test_an_error_kept_an_eye_on_is_not_met() -> None:
    register = failure(
        "We tried box jumps in week 3; they aggravated the left Achilles.", ["box jumps"], ["Achilles"]
    )
    assert passes(register, "Tried and failed: box jumps in week 3 aggravated the left Achilles.")
    assert not passes(register, "Box jumps are back in next week, keeping an eye on the left Achilles.")
