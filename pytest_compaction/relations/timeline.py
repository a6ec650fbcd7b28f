"""A scenario as one flat timeline of events and steps, for transformations to edit.

A scenario's ``add`` steps deliver events; its ``compress`` and ``delete`` steps
happen between them. Flattened, the history is a single list: each delivered
event once, in delivery order, with the compress and delete steps in place.
Relations edit that list; :func:`rebuild` turns it back into a scenario whose
events and steps agree (consecutive events become one ``add`` step, ``order`` is
renumbered), so a relation never has to rewrite step references by hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import SourceEvent
from pytest_compaction.core.scenario import Scenario, Step
from pytest_compaction.engine.runner import build_ledger_step

__all__ = [
    "Entry",
    "compress_scopes",
    "entry_touches",
    "event_touches",
    "label",
    "last_compress",
    "rebuild",
    "replay_ledger",
    "timeline",
]

Entry = SourceEvent | Step
"""One timeline entry: a delivered event, or a ``compress``/``delete`` step."""


def timeline(scenario: Scenario) -> list[Entry]:
    """The scenario's history: every delivered event and every compress/delete step, in order."""
    entries: list[Entry] = []
    for step in scenario.effective_steps:
        if step.kind == "add":
            entries.extend(scenario.event(event_id) for event_id in step.event_ids)
        else:
            entries.append(step)
    return entries


def rebuild(scenario: Scenario, entries: Iterable[Entry]) -> Scenario:
    """A copy of ``scenario`` whose events and steps follow ``entries``.

    Events the original never delivered stay in the scenario (still undelivered);
    a delivered event left out of ``entries`` is gone.
    """
    delivered = {e.event_id for e in timeline(scenario) if isinstance(e, SourceEvent)}
    events: list[SourceEvent] = []
    steps: list[Step] = []
    pending: list[str] = []
    for entry in entries:
        if isinstance(entry, SourceEvent):
            events.append(entry)
            pending.append(entry.event_id)
            continue
        if pending:
            steps.append(Step(kind="add", event_ids=tuple(pending)))
            pending = []
        steps.append(entry)
    if pending:
        steps.append(Step(kind="add", event_ids=tuple(pending)))
    kept = {e.event_id for e in events}
    events.extend(e for e in scenario.events if e.event_id not in delivered and e.event_id not in kept)
    return dataclasses.replace(
        scenario,
        events=tuple(dataclasses.replace(e, order=index) for index, e in enumerate(events)),
        steps=tuple(steps),
    )


def event_touches(event: SourceEvent) -> frozenset[str]:
    """Fact ids an event states, restates, supersedes or retires: what orders it."""
    ids = {claim.fact_id for claim in event.claims}
    for claim in event.claims:
        ids.update(claim.supersedes)
    ids.update(event.retires)
    return frozenset(ids)


def entry_touches(entry: Entry) -> frozenset[str]:
    if isinstance(entry, SourceEvent):
        return event_touches(entry)
    if entry.kind == "delete" and entry.fact_id is not None:
        return frozenset((entry.fact_id,))
    return frozenset()


def compress_scopes(scenario: Scenario) -> tuple[tuple[str, str], ...]:
    """The (tenant, subject) pairs the scenario compresses, in first-compressed order."""
    scopes: dict[tuple[str, str], None] = {}
    for step in scenario.effective_steps:
        if step.kind == "compress":
            scopes[(step.tenant_id or scenario.tenant_id, step.subject_id or scenario.subject_id)] = None
    return tuple(scopes)


def label(entry: Entry) -> str:
    """How a description names an entry: the event id, ``compress`` or ``delete <fact>``."""
    if isinstance(entry, SourceEvent):
        return entry.event_id
    if entry.kind == "delete":
        return f"delete {entry.fact_id}"
    return "compress"


def last_compress(entries: Sequence[Entry]) -> int:
    """Index of the last compress step (-1 when there is none)."""
    for index in range(len(entries) - 1, -1, -1):
        entry = entries[index]
        if isinstance(entry, Step) and entry.kind == "compress":
            return index
    return -1


def replay_ledger(scenario: Scenario) -> Ledger:
    """The ledger after every ``add`` and ``delete`` step: the final oracle, no compressor involved."""
    ledger = Ledger(tenant_id=scenario.tenant_id, subject_id=scenario.subject_id)
    for step in scenario.effective_steps:
        if step.kind != "compress":
            build_ledger_step(ledger, scenario, step)
    return ledger
