"""How many guarantees a contract enumerates: none makes its result "best-effort, unverified".

A contract that states no critical fact, pins no invariant and declares no binding passes
whatever the compressor does. Every consumer (the terminal, the reports, the evidence)
asks this module, so they cannot disagree about which results verified nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_compaction.core.model import Claim, Fact
    from pytest_compaction.core.scenario import Scenario

__all__ = [
    "UNVERIFIED",
    "UNVERIFIED_WHY",
    "VERIFIED",
    "enumerated_facts",
    "enumerated_in_scenario",
    "guarantee_entry",
]

UNVERIFIED = "best-effort, unverified"
"""The status of a result over an empty domain."""
UNVERIFIED_WHY = "the contract enumerates no critical fact, pinned invariant or binding"
"""Why a result is best-effort, unverified, in the words every consumer prints."""
VERIFIED = "verified"
"""The status of a result that checked at least one enumerated guarantee."""


def enumerated_facts(facts: Iterable[Fact | Claim]) -> int:
    """How many of ``facts`` are critical (must survive every compression)."""
    # By value, not by importing the enum: the pytest plugin imports this module on every run.
    return sum(1 for fact in facts if fact.criticality.value == "critical")


def enumerated_in_scenario(scenario: Scenario) -> int:
    """Critical facts stated by the scenario's events, plus its pinned invariants and bindings."""
    claims = (claim for event in scenario.events for claim in event.claims)
    return enumerated_facts(claims) + _count(scenario.invariants) + _count(scenario.bindings)


def guarantee_entry(enumerated: int) -> dict[str, object]:
    """What a report or an evidence bundle says about a result's guarantee."""
    return {"status": VERIFIED if enumerated else UNVERIFIED, "enumerated": enumerated}


def _count(raw: object) -> int:
    if raw is None:
        return 0
    if isinstance(raw, dict):
        # A register: `invariants: {invariants: [...], policy: {...}}`; count its entries.
        return sum(len(value) for value in raw.values() if isinstance(value, (list, tuple)))
    if isinstance(raw, (list, tuple)):
        return len(raw)
    return 1
