"""Round 31's rules of English (formal agreements; number-dense material), each tested in
other words than the held-out set that showed the need:

- a metric amount converted to another unit of its kind ("750 mg" for "0.75 g", "3.65
  MWh" for "3,650 kWh") is the same amount; a unit of another kind is another value.
"""

from __future__ import annotations

import pytest

from tests._prose_facts import fact, names


@pytest.mark.parametrize(
    ("source_value", "restated", "drifted"),
    [
        ("0.75 g", "750 mg", "75 mg"),
        ("3,650 kWh", "3.65 MWh", "36.5 MWh"),
        ("1.5 litres", "1,500 ml", "150 ml"),
        ("3 km", "3,000 metres", "300 metres"),
    ],
)
def test_a_metric_amount_converted_to_another_unit_is_kept(
    source_value: str, restated: str, drifted: str
) -> None:
    ledger = fact(
        f"The amount on the label is {source_value}.",
        "label.amount",
        source_value,
        {"names": ["label"], "value": [source_value]},
    )
    assert names(ledger, f"The label gives {restated}.") == ()
    assert names(ledger, f"The label gives {drifted}.") == ("f1:value_changed",)


def test_a_unit_of_another_kind_is_still_another_value() -> None:
    ledger = fact("Give 5 ml of the syrup.", "syrup.dose", "5 ml", {"names": ["syrup"], "value": ["5 ml"]})
    assert names(ledger, "Give 5 mg of the syrup.") == ("f1:value_changed",)
