"""Which pins and bindings hold at a pass: those whose stating event the pass's input includes.

A register entry (a pinned rule, a failure record) or a binding is *stated* by the first
event of the history whose text states it (:func:`~pytest_compaction.prose.invariants.stated_by`
for an entry; for a binding, the first event that names it by one of its precise
phrases). A summary owes it from the first pass of its scope whose input includes that
event, never before: a rule first said in pass 2 is not "dropped" by pass 1. An entry no
event states was handed over in the register only and holds from the first pass. A
retirement whose event is in the history takes effect from the pass that includes it.

When a summary loses an entry or a binding, the stating event also says which stage lost
it (:func:`~pytest_compaction.compressors.attribution.event_blame`): the compressor was
given the event and declared it did not keep it (selection), or kept it and lost its words
(compression).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pytest_compaction.compressors.attribution import event_blame, with_stage
from pytest_compaction.compressors.guard import CompressionRecord
from pytest_compaction.core.model import SourceEvent
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.prose.bindings import Binding, BindingSet
from pytest_compaction.prose.invariants import InvariantRegister, stated_by

if TYPE_CHECKING:
    from pytest_compaction.engine.runner import PassResult

__all__ = ["BINDING_CODES", "InForce", "Statements", "given_by", "history"]

BINDING_CODES = frozenset(
    {ViolationCode.BINDING_REASSIGNED, ViolationCode.BINDING_UNRESOLVABLE, ViolationCode.IDENTIFIER_COLLAPSED}
)
"""The codes whose id names a binding (every other prose code names a register entry)."""


@dataclass(frozen=True, slots=True)
class InForce:
    """The register entries and bindings a pass's summary owes."""

    register: InvariantRegister
    bindings: BindingSet
    key: tuple[frozenset[str], frozenset[str], frozenset[str]]
    """(entry ids, retirements applied, binding ids): equal keys hold the same contract."""


def history(scenario: Scenario) -> tuple[SourceEvent, ...]:
    """The scenario's events in the order its steps add them (then any never added)."""
    order: list[str] = []
    for step in scenario.effective_steps:
        if step.kind == "add":
            order.extend(e for e in step.event_ids if e not in order)
    order.extend(e.event_id for e in scenario.events if e.event_id not in order)
    by_id = {e.event_id: e for e in scenario.events}
    return tuple(by_id[e] for e in order if e in by_id)


def _binding_source(table: BindingSet, binding: Binding, events: Iterable[SourceEvent]) -> str | None:
    for event in events:
        if any(ref.canonical_id == binding.canonical_id for ref in table.references(event.text)):
            return event.event_id
    return None


class Statements:
    """The stating event of each entry and binding of one scenario, and what holds at a pass."""

    def __init__(self, scenario: Scenario, register: InvariantRegister, bindings: BindingSet) -> None:
        events = history(scenario)
        self.register = register
        self.bindings = bindings
        self.entry_sources: dict[str, str | None] = {e.id: stated_by(e, events) for e in register}
        """Entry id -> the event that states it (None: the register only)."""
        self.binding_sources: dict[str, str | None] = {
            b.id: _binding_source(bindings, b, events) for b in bindings
        }
        """Binding id -> the event that first names it (None: no event does)."""
        self._events = frozenset(e.event_id for e in scenario.events)
        self._cache: dict[tuple[frozenset[str], frozenset[str], frozenset[str]], InForce] = {}

    def at(self, given: Collection[str]) -> InForce:
        """What a pass owes when ``given`` are the events of its scope's passes so far (its own included)."""
        entries = frozenset(i for i, e in self.entry_sources.items() if e is None or e in given)
        retired = frozenset(
            r.id
            for r in self.register.retirements
            if r.id in entries and (r.event_id not in self._events or r.event_id in given)
        )
        named = frozenset(i for i, e in self.binding_sources.items() if e is None or e in given)
        key = (entries, retired, named)
        held = self._cache.get(key)
        if held is None:
            register = InvariantRegister(e for e in self.register if e.id in entries)
            for retirement in self.register.retirements:
                if retirement.id in retired:
                    register.retire(retirement.id, event_id=retirement.event_id, reason=retirement.reason)
            table = (
                self.bindings
                if len(named) == len(self.binding_sources)
                else BindingSet(tuple(b for b in self.bindings if b.id in named))
            )
            held = self._cache[key] = InForce(register, table, key)
        return held

    def staged(self, violation: Violation, record: CompressionRecord, earlier: Collection[str]) -> Violation:
        """``violation`` with the stage that lost its entry or binding named (from its stating event)."""
        if violation.fact_id is None:
            return violation
        sources = self.binding_sources if violation.code in BINDING_CODES else self.entry_sources
        if violation.fact_id not in sources:
            return violation
        return with_stage(violation, event_blame(record, sources[violation.fact_id], earlier=earlier))


def given_by(passes: Sequence[PassResult]) -> set[str]:
    """The event ids the requests of ``passes`` carried."""
    out: set[str] = set()
    for result in passes:
        out.update(result.record.input_event_ids)
    return out
