"""Lifecycle operations (deliver an event, delete a fact, compress a memory) and what they
become: the scenario that performs them (:func:`to_scenario`) and the ledger after them
(:func:`replay`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import SourceEvent
from pytest_compaction.core.scenario import Scenario, Step
from pytest_compaction.engine.runner import build_ledger_step

__all__ = ["AddEvent", "Compress", "DeleteFact", "Operation", "replay", "to_scenario"]


@dataclass(frozen=True, slots=True, kw_only=True)
class AddEvent:
    """Deliver one event. Its claims are the facts it states (a claim's ``supersedes``
    names the older facts it replaces); its ``retires`` the facts it retires."""

    event: SourceEvent


@dataclass(frozen=True, slots=True, kw_only=True)
class DeleteFact:
    """Delete a fact for good; ``event_id`` is the event that asked for it, if any."""

    fact_id: str
    event_id: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Compress:
    """Compress the memory of one tenant and subject."""

    tenant_id: str
    subject_id: str


Operation: TypeAlias = "AddEvent | DeleteFact | Compress"
"""One step of a memory's lifecycle."""


def to_scenario(
    ops: Sequence[Operation],
    *,
    name: str = "generated-session",
    tenant_id: str = "tenant-1",
    subject_id: str = "subject-1",
    budget: int | None = None,
    description: str = "",
) -> Scenario:
    """The scenario that performs ``ops``: consecutive events become one ``add`` step.

    Steps carry the paths ``Scenario.from_dict`` would give them (``steps[3]``).
    """
    events: list[SourceEvent] = []
    steps: list[Step] = []
    pending: list[str] = []

    def flush() -> None:
        if pending:
            steps.append(Step(kind="add", event_ids=tuple(pending), path=f"steps[{len(steps)}]"))
            pending.clear()

    for op in ops:
        if isinstance(op, AddEvent):
            event = op.event
            if event.order != len(events):
                event = dataclasses.replace(event, order=len(events))
            events.append(event)
            pending.append(event.event_id)
            continue
        flush()
        where = f"steps[{len(steps)}]"
        if isinstance(op, DeleteFact):
            steps.append(Step(kind="delete", fact_id=op.fact_id, event_id=op.event_id, path=where))
        else:
            steps.append(Step(kind="compress", tenant_id=op.tenant_id, subject_id=op.subject_id, path=where))
    flush()
    return Scenario(
        name=name,
        description=description,
        tenant_id=tenant_id,
        subject_id=subject_id,
        events=tuple(events),
        steps=tuple(steps),
        budget=budget,
    )


def replay(ops: Sequence[Operation], *, tenant_id: str = "tenant-1", subject_id: str = "subject-1") -> Ledger:
    """The ledger after ``ops``: every event, fact and transition recorded through the
    ledger's own API, which refuses an illegal one (compressions are skipped)."""
    scenario = to_scenario(ops, tenant_id=tenant_id, subject_id=subject_id)
    ledger = Ledger(tenant_id=tenant_id, subject_id=subject_id)
    for step in scenario.steps:
        if step.kind != "compress":
            build_ledger_step(ledger, scenario, step)
    return ledger
