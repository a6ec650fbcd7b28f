"""Formal English excepts with "save": ", save in the case of emergency", ", save where the
member consents". After a comma and before the phrase it excepts, "save" is "except", so a
summary that writes "except in an emergency" keeps the rule's exception; the noun of a
complex preposition ("in the case of", "in the event of") is no word of the condition. The
verb stays a verb ("Save the draft in the shared folder").
"""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.modality import condition_words

KILN = rule(
    "Members may fire the large kiln only after the safety induction, "
    "save in the event of a supervised class.",
    ["large kiln"],
    "permission_with_condition",
)
RECORDS = rule(
    "Staff may share a member's records with a third party only with the member's written consent, "
    "save where a court orders it.",
    ["records"],
    "permission_with_condition",
)


def test_save_after_a_comma_is_except_and_the_preposition_noun_is_no_condition_word() -> None:
    found = dict(condition_words("Tenants may sublet only with consent, save in the case of a lodger."))
    assert ("lodger",) in found.values()
    assert any(name.startswith("except") for name in found)


def test_save_as_a_verb_is_no_exception() -> None:
    assert not any(
        name.startswith("except") for name, _ in condition_words("Save the draft in the shared folder.")
    )


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (
            KILN,
            "Large kiln: members may fire it only after the safety induction, "
            "except during a supervised class.",
        ),
        (
            RECORDS,
            "Records go to a third party only with the member's written consent, "
            "except when a court orders it.",
        ),
    ],
)
def test_the_exception_restated_with_except_passes(register: dict[str, object], summary: str) -> None:
    assert passes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (KILN, "Members may fire the large kiln at any time."),
        (RECORDS, "Staff may share a member's records with a third party."),
    ],
)
def test_the_condition_dropped_is_weakened(register: dict[str, object], summary: str) -> None:
    assert weakened(register, summary)
