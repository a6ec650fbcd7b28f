"""Rules told in reported speech keep their force: a directive with its addressee ("the tutor
told the students to switch off the kiln", "volunteers were instructed not to ..."), a
negative subject with "is to" ("no one is ever to hand over the key"), the bare "be" of a
resolution ("Resolved: that the jars be sealed"), a past "advised that" (a report, not
advice) and "every time" (always). Frequency short of always ("most of the time",
"sometimes") hedges, and a hedge inside the report still hedges."""

from __future__ import annotations

from typing import Any

import pytest
from _prose_rules import passes, rule, weakened

_KILN = rule("Switch off the kiln before opening the lid.", ["kiln"], "obligation")
_GATE = rule("Never leave the paddock gate unlatched.", ["paddock gate"], "prohibition")
_VAULT = rule("Never hand the vault key to contractors.", ["vault key"], "prohibition")
_JARS = rule("Seal the sample jars before they leave the lab.", ["sample jars"], "obligation")
_RESULTS = rule("Never release the trial results before the audit.", ["trial results"], "prohibition")
_FRIDGE = rule("Always store the vaccines in the fridge.", ["vaccines"], "obligation")


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (_KILN, "The tutor told the students to switch off the kiln before opening the lid."),
        (_KILN, "The students were reminded to switch off the kiln before opening the lid."),
        (_GATE, "The warden reminded visitors never to leave the paddock gate unlatched."),
        (_GATE, "Volunteers were instructed not to leave the paddock gate unlatched."),
        (_GATE, "The farmer warned the walkers not to leave the paddock gate unlatched."),
        (_VAULT, "The manager stressed that no one is ever to hand the vault key to contractors."),
        (_VAULT, "The manager said nobody, not even the lead, is to hand the vault key to contractors."),
        (_JARS, "Resolved: that the sample jars be sealed before they leave the lab."),
        (_JARS, "The committee agreed that the sample jars be sealed before they leave the lab."),
        (_RESULTS, "The board required that the trial results not be released before the audit."),
        (_FRIDGE, "The pharmacist advised that the vaccines stay in the fridge every time."),
        (_FRIDGE, "The pharmacist advised the parents that the vaccines are stored in the fridge each time."),
    ],
)
def test_a_rule_in_reported_speech_keeps_its_force(register: dict[str, Any], faithful: str) -> None:
    assert passes(register, faithful)


@pytest.mark.parametrize(
    ("register", "drifted"),
    [
        (_KILN, "The tutor suggested the students could switch off the kiln before opening the lid."),
        (_KILN, "The tutor told the students ideally to switch off the kiln before opening the lid."),
        (_KILN, "The students were asked to switch off the kiln before opening the lid."),
        (_GATE, "Volunteers were asked to try not to leave the paddock gate unlatched."),
        (_VAULT, "The manager stressed that ideally no one hands the vault key to contractors."),
        (_JARS, "The committee agreed that the sample jars usually be sealed before they leave the lab."),
        (_JARS, "The committee agreed that the sample jars may be sealed before they leave the lab."),
        (_FRIDGE, "The pharmacist advised that the vaccines stay in the fridge most of the time."),
        (_FRIDGE, "The pharmacist advised that the vaccines sometimes stay in the fridge."),
        (_FRIDGE, "The pharmacist advised the parents to keep the vaccines in the fridge."),
    ],
)
def test_a_softened_report_of_the_rule_is_weakened(register: dict[str, Any], drifted: str) -> None:
    assert weakened(register, drifted)


@pytest.mark.parametrize(
    "summary",
    [
        "The tutor told the students it was fine to open the lid once the kiln cooled.",
        "The tutor told the students about the kiln and the lid.",
        "The students asked the tutor whether to open the lid of the kiln.",
    ],
)
def test_a_reporting_verb_without_a_directive_states_no_rule(summary: str) -> None:
    assert weakened(_KILN, summary)
