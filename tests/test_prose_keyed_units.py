"""A field whose key names the unit: ``luggage_weight_kg: 23`` states 23 kilograms.

Structured memories (a profile dict, JSON, YAML, ``key: value`` notes) put the unit in the
field's name. The number is read with that unit, so a faithful field passes and another
number in it is ``value_changed`` (not ``missing``). Checked in words and domains of their
own, then once through a pytest session with a profile-dict compressor.
"""

from __future__ import annotations

import pytest
from _contract_session import contract_session

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose


def _luggage() -> Ledger:
    ledger = Ledger(tenant_id="t-air", subject_id="kofi")
    ledger.event("e1", "My checked bag weighs 23 kilograms, and I cycle 12 km to the airport.")
    ledger.fact(
        "f-bag",
        "trip.bag_weight",
        23,
        sources=["e1"],
        prose={"names": ["bag", "luggage"], "value": ["23 kg"]},
    )
    ledger.fact(
        "f-ride",
        "trip.cycle_distance",
        12,
        sources=["e1"],
        prose={"names": ["cycle", "ride"], "value": ["12 km"]},
    )
    return ledger


def _names(summary: str) -> set[str]:
    return set(check_facts_in_prose(_luggage(), summary).names)


@pytest.mark.parametrize(
    "summary",
    [
        "luggage_weight_kg: 23\ncycle_distance_km_per_trip: 12",
        '{"bag_weight_kg": 23, "ride_km": 12}',
        "- Bag weight (kg): 23\n- Ride to airport (km): 12",
    ],
)
def test_a_number_takes_the_unit_its_key_names(summary: str) -> None:
    assert _names(summary) == set()


@pytest.mark.parametrize(
    ("summary", "changed"),
    [
        ("luggage_weight_kg: 32\ncycle_distance_km_per_trip: 12", "f-bag:value_changed"),
        ('{"bag_weight_kg": 23, "ride_km": 21}', "f-ride:value_changed"),
    ],
)
def test_another_number_under_a_unit_key_is_a_changed_value(summary: str, changed: str) -> None:
    assert _names(summary) == {changed}


def test_a_rate_key_takes_the_unit_before_per_not_the_period_after_it() -> None:
    ledger = Ledger(tenant_id="t-gym", subject_id="lena")
    ledger.event("e1", "Lena trains 6 hours a week and spends 30 dollars a month on classes.")
    ledger.fact(
        "f-hours",
        "gym.hours",
        6,
        sources=["e1"],
        prose={"names": ["trains", "training"], "value": ["6 hours"]},
    )
    ledger.fact("f-fee", "gym.fee", 30, sources=["e1"], prose={"names": ["classes"], "value": ["30 dollars"]})
    faithful = "training_hours_per_week: 6\nclasses_usd_per_month: 30"
    assert check_facts_in_prose(ledger, faithful).ok
    drifted = "training_hours_per_week: 6\nclasses_usd_per_month: 45"
    assert check_facts_in_prose(ledger, drifted).names == ("f-fee:value_changed",)


@pytest.mark.parametrize(
    "summary",
    [
        "price_per_kg: 23",  # the unit after "per" is the period of a rate, not the number's unit
        "bag weight: 23 lb",  # a number with its own unit keeps it
        "bag_weight_kg: 23 or so, to be checked",  # a number followed by words is no field value
    ],
)
def test_a_key_does_not_give_a_unit_where_the_number_has_another_reading(summary: str) -> None:
    assert "f-bag" in {name.split(":")[0] for name in _names(summary)}


SPEC = """\
tenant: t-air
subject: kofi
events:
  - id: e1
    text: My checked bag weighs 23 kilograms.
    facts:
      - id: fact-bag
        predicate: trip.bag_weight
        value: 23
        prose: {names: [bag], value: [23 kg]}
steps:
  - add: [e1]
  - compress
"""

MEMORY = """\
def faithful(request):
    return {"traveller": "Kofi", "bag_weight_kg": 23}

def heavier(request):
    return {"traveller": "Kofi", "bag_weight_kg": 32}
"""


@pytest.mark.parametrize(("compressor", "outcome"), [("faithful", "passed"), ("heavier", "failed")])
def test_a_profile_dict_with_the_unit_in_its_key_through_pytest(
    pytester: pytest.Pytester, compressor: str, outcome: str
) -> None:
    result = contract_session(pytester, SPEC, "bag_memory", MEMORY, f"bag_memory:{compressor}")
    result.assert_outcomes(**{outcome: 1})
    if outcome == "failed":
        result.stdout.fnmatch_lines(["*fact-bag:value_changed*"])
        assert "missing" not in result.stdout.str()
