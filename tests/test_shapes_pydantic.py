"""A typed profile memory: a Pydantic model, or its ``model_dump()``, with lists of records.

A ``UserProfile(BaseModel)`` is the most common typed memory (structured output, a store's
values); it is read as its dict is, and a list of flat records in it (``allergies: [...]``)
as one line per record, its fields together.
"""

from __future__ import annotations

import pytest
from _contract_session import contract_session

pytest.importorskip("pydantic")

SPEC = """\
tenant: t-home
subject: lena
events:
  - id: e1
    text: My daughter Ines has a severe sesame allergy.
    facts:
      - id: fact-sesame
        predicate: food.sesame_allowed
        value: false
        qualifiers: {severity: severe}
        prose: {names: [sesame], value: [allergy, allergic], qualifiers: {severity: [severe]}}
  - id: e2
    text: We spend about 90 euros a week on groceries.
    facts:
      - id: fact-budget
        predicate: home.grocery_budget_eur
        value: 90
        prose: {names: [grocery, groceries, budget], value: [90 euros]}
steps:
  - add: [e1, e2]
  - compress
"""

MEMORY = """\
from pydantic import BaseModel


class Allergy(BaseModel):
    person: str
    food: str
    kind: str
    severity: str


class Profile(BaseModel):
    name: str
    allergies: list[Allergy]
    grocery_budget_eur_per_week: int


def _profile(severity="severe", budget=90):
    return Profile(
        name="Lena",
        allergies=[Allergy(person="Ines (daughter)", food="sesame", kind="allergy", severity=severity)],
        grocery_budget_eur_per_week=budget,
    )


def model(request):
    return _profile()


def dumped(request):
    return _profile().model_dump()


def milder(request):
    return _profile(severity="mild")


def cheaper(request):
    return _profile(budget=70).model_dump()
"""


@pytest.mark.parametrize("compressor", ["model", "dumped"])
def test_a_faithful_pydantic_profile_passes(pytester: pytest.Pytester, compressor: str) -> None:
    result = contract_session(pytester, SPEC, "profiles", MEMORY, f"profiles:{compressor}")
    result.assert_outcomes(passed=1)


@pytest.mark.parametrize(
    ("compressor", "violation"),
    [("milder", "fact-sesame:qualifiers_changed"), ("cheaper", "fact-budget:value_changed")],
)
def test_a_drifted_pydantic_profile_fails_by_name(
    pytester: pytest.Pytester, compressor: str, violation: str
) -> None:
    result = contract_session(pytester, SPEC, "profiles", MEMORY, f"profiles:{compressor}")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([f"*{violation}*"])
    assert "artifact_malformed" not in result.stdout.str()
