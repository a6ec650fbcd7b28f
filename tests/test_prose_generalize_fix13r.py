"""Round 13 rules of English the prose checker reads, each tested in words, domains and
people other than the held-out triples that showed it was missing."""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.modality import fluent, imperative, spelled

# -- hesitation sounds, and a fronted "you" clause without its comma ------------------

KILN = rule(
    "um when you unload the kiln er check every shelf for cracked glaze",
    ["kiln", "shelf"],
    "obligation",
)
GATE = rule(
    "uh if you open the paddock gate latch it behind you straight away",
    ["paddock gate"],
    "obligation",
)


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("um, lock the shed", "lock the shed"),
        ("you can uh borrow the van", "you can borrow the van"),
        ("so, like, sign the sheet", "so, sign the sheet"),
        ("The UM campus rota", "The UM campus rota"),
    ],
)
def test_hesitation_sounds_are_no_words_of_the_sentence(text: str, plain: str) -> None:
    assert fluent(text) == plain


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("before you leave the lab switch off the centrifuge", "switch"),
        ("if you find a stray dog call the warden", "call"),
        ("erm once you print the tickets stamp each one", "stamp"),
    ],
)
def test_a_bare_verb_after_an_unpunctuated_you_clause_is_a_command(text: str, verb: str) -> None:
    assert imperative(text) == verb


@pytest.mark.parametrize(
    "text",
    ["when you called the office was closed", "after you finish the report goes to Ana"],
)
def test_a_main_clause_with_its_own_subject_is_no_command(text: str) -> None:
    assert imperative(text) is None


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (KILN, "After unloading the kiln, check every shelf for cracked glaze."),
        (GATE, "Paddock gate: latch it behind you as soon as you open it."),
    ],
)
def test_a_spoken_rule_restated_keeps_its_force(register: dict[str, object], summary: str) -> None:
    assert passes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (KILN, "After unloading the kiln, shelves could be checked for cracked glaze."),
        (GATE, "The paddock gate should ideally be latched behind you."),
    ],
)
def test_a_spoken_rule_hedged_is_weakened(register: dict[str, object], summary: str) -> None:
    assert weakened(register, summary)


# -- a label whose words hold periods that end no sentence ----------------------------

KAYAK = rule(
    "Fit a spray deck on every kayak for paddlers aged 8 to 12 yrs. in water below 12.5 °C.",
    ["kayak", "spray deck"],
    "obligation",
)
VIAL = rule(
    "Log each vaccine vial opened after 6 p.m., e.g. a late clinic, in the cold-chain book.",
    ["vaccine vial", "cold-chain book"],
    "obligation",
)


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("Water below 12.5 °C: fit a spray deck on every kayak.", "fit"),
        ("Vials opened approx. after 6, e.g. late clinics: log them in the book.", "log"),
    ],
)
def test_a_label_with_a_decimal_or_an_abbreviation_still_heads_a_command(text: str, verb: str) -> None:
    assert imperative(text) == verb


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (KAYAK, "Paddlers 8-12 yrs. in water below 12.5 °C: fit a spray deck on every kayak."),
        (VIAL, "Any vaccine vial opened after 6 p.m. (e.g. late clinic): log it in the cold-chain book."),
    ],
)
def test_a_labelled_command_with_abbreviations_keeps_its_force(
    register: dict[str, object], summary: str
) -> None:
    assert passes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (KAYAK, "Paddlers 8-12 yrs. in water below 12.5 °C: a spray deck on the kayak is a good idea."),
        (VIAL, "Vaccine vial opened after 6 p.m. (e.g. late clinic): can be logged in the cold-chain book."),
    ],
)
def test_a_labelled_command_with_abbreviations_weakened_is_caught(
    register: dict[str, object], summary: str
) -> None:
    assert weakened(register, summary)


# -- "w/o" and "w/" in notes ------------------------------------------------------------

FORKLIFT = rule(
    "Always check the forklift's brakes before taking it out of the yard.", ["forklift"], "obligation"
)
CHEMO = rule(
    "Never hang a chemotherapy bag without a second nurse's check.", ["chemotherapy bag"], "prohibition"
)


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("no one leaves w/o a badge", "no one leaves without a badge"),
        ("gloves w/ a gown", "gloves with a gown"),
        ("the I/O board and w/o-mode", "the I/O board and w/o-mode"),
    ],
)
def test_slash_abbreviations_of_with_and_without_are_spelled_out(text: str, plain: str) -> None:
    assert spelled(text) == plain


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (FORKLIFT, "Yard note: no one takes a forklift out w/o a brake check."),
        (CHEMO, "Ward 3: nobody hangs a chemotherapy bag w/o a second nurse checking it."),
    ],
)
def test_a_universal_negative_with_w_o_keeps_the_rule(register: dict[str, object], summary: str) -> None:
    assert passes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (FORKLIFT, "Forklifts can go out w/o a brake check when the yard is quiet."),
        (CHEMO, "A chemotherapy bag can be hung w/o a second nurse's check in an emergency."),
    ],
)
def test_w_o_with_a_permission_is_caught(register: dict[str, object], summary: str) -> None:
    assert weakened(register, summary)


# -- the number of a condition is its bound -------------------------------------------

ATLAS = rule(
    "Members may borrow the reference atlases only when they have held a card for more than six months.",
    ["reference atlases"],
    "permission_with_condition",
)
OVERTIME = rule(
    "Drivers can claim the night allowance if the shift runs past 14 hours.",
    ["night allowance"],
    "permission_with_condition",
)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (ATLAS, "Reference atlases can be borrowed, but only by members holding a card for over six months."),
        (OVERTIME, "Night allowance: drivers may claim it when a shift runs past 14 hours."),
    ],
)
def test_a_condition_with_its_number_is_kept(register: dict[str, object], summary: str) -> None:
    assert passes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (ATLAS, "Members can borrow the reference atlases whenever they hold a card."),
        (OVERTIME, "Night allowance: drivers may claim it when a shift runs past 10 hours."),
        (OVERTIME, "Drivers can claim the night allowance if the shift runs late."),
    ],
)
def test_a_condition_without_its_number_is_another(register: dict[str, object], summary: str) -> None:
    assert weakened(register, summary)


# -- a duty bound to someone happening to be available --------------------------------

BLOOD = rule(
    "A second nurse must check every unit of blood before it is hung.", ["unit of blood"], "obligation"
)
CRANE = rule("Never lift over the school yard without the banksman's signal.", ["school yard"], "prohibition")
PHONE = rule(
    "Students may use the studio phone when the technician is around.",
    ["studio phone"],
    "permission_with_condition",
)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (BLOOD, "Every unit of blood needs a second nurse's check before it is hung."),
        (CRANE, "School yard: no lift over it without the banksman's signal."),
        (PHONE, "The studio phone: students can use it when the technician is around."),
    ],
)
def test_a_rule_without_a_condition_of_availability_keeps_its_force(
    register: dict[str, object], summary: str
) -> None:
    assert passes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (BLOOD, "Each unit of blood: have a second nurse check it before hanging, if one is free."),
        (CRANE, "Over the school yard, wait for the banksman's signal when she's around."),
    ],
)
def test_a_duty_bound_to_someone_being_available_is_weakened(
    register: dict[str, object], summary: str
) -> None:
    assert weakened(register, summary)
