"""A conditional permission granted "even if", "even while" or "regardless" no longer
depends on its condition: ``modal_weakened``. The same words beside a prohibition make it
stronger, and a permission whose own rule says "even if" keeps it."""

from __future__ import annotations

from typing import Any

import pytest
from _prose_rules import passes, rule, weakened

_KEYS = rule(
    "Tenants may collect the spare keys only once the deposit has cleared.",
    ["spare keys"],
    "permission_with_condition",
)
_GATE = rule("Never open the sluice gate while the river is in flood.", ["sluice gate"], "prohibition")
_EVEN = rule(
    "Members may use the sauna only after showering, even if they swam first.",
    ["sauna"],
    "permission_with_condition",
)


@pytest.mark.parametrize(
    "drifted",
    [
        "Tenants can collect the spare keys on request, even while the deposit is still clearing.",
        "Tenants may collect the spare keys once the deposit has cleared, or even if it has not.",
        "Tenants may collect the spare keys regardless of the deposit.",
    ],
)
def test_a_widened_permission_is_weakened(drifted: str) -> None:
    assert weakened(_KEYS, drifted)


@pytest.mark.parametrize(
    ("register", "faithful"),
    [
        (_KEYS, "Tenants may collect the spare keys once the deposit has cleared."),
        (_GATE, "The sluice gate is never opened while the river is in flood, even if the farm asks."),
        (_EVEN, "Members may use the sauna only after showering, even if they swam first."),
    ],
)
def test_emphasis_beside_a_prohibition_or_in_the_rule_itself_passes(
    register: dict[str, Any], faithful: str
) -> None:
    assert passes(register, faithful)
