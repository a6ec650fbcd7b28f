"""A stateful test of a memory under compaction: a Hypothesis rule-based state machine.

The machine keeps the fact ledger (the ground truth) beside the memory a compressor
builds, and interleaves the lifecycle of a long-running agent's memory: facts are
stated, superseded, retired and forgotten; chatter arrives; memories are compressed,
compressed again with nothing new, and read back. After every compression the
contract holds: the artifact keeps every active critical fact of its tenant and
subject exactly, nothing superseded, retired, deleted or foreign comes back, and no
deleted content reaches the compressor's input. A read-back returns what was written.

Test your own compressor with::

    from pytest_compaction.fuzzing.statemachine import memory_machine

    TestMyMemory = memory_machine(MyCompressor).TestCase

Hypothesis shrinks a failure to the shortest program of steps that breaks the
contract and prints it, the named violations last.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import hypothesis
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, consumes, invariant, precondition, rule

from pytest_compaction.compressors.base import (
    CompressionRequest,
    Compressor,
    ReferenceCompressor,
    compressor_name,
)
from pytest_compaction.compressors.guard import DEFAULT_TIMEOUT, GuardedCompressor
from pytest_compaction.core.checker import Mode, check
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Criticality, Fact, Qualifiers, SourceEvent, Status, Trust
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.engine.contract import ContractFailure
from pytest_compaction.engine.passes import DEFAULT_CHECKS, depth_tracked
from pytest_compaction.engine.runner import run_pass
from pytest_compaction.fuzzing import strategies as cst
from pytest_compaction.fuzzing.properties import compressor_factory
from pytest_compaction.store.sqlite import MemoryStore, StoreFactory

__all__ = ["MachineConfig", "MemoryMachine", "memory_machine"]

Scope = tuple[str, str]

_TRUSTS = (Trust.USER, Trust.SYSTEM, Trust.UNTRUSTED)


@dataclass(frozen=True, slots=True, kw_only=True)
class MachineConfig:
    """What :func:`memory_machine` was given: plain data on the machine class."""

    make_compressor: Callable[[], Compressor] = ReferenceCompressor
    """Returns the compressor for one run (a fresh one when the factory was given a class)."""
    scopes: tuple[Scope, ...] = (("tenant-1", "subject-1"),)
    timeout: float | None = DEFAULT_TIMEOUT
    mode: Mode = "strict"
    store: StoreFactory | None = None
    check_depth: bool = True


class MemoryMachine(RuleBasedStateMachine):
    """The memory-under-compaction machine: its state, checks and invariants.

    The rules live on the subclass :func:`memory_machine` builds, which sets ``config``.
    """

    config: ClassVar[MachineConfig] = MachineConfig()

    active = Bundle("active")
    """Facts that are active now: stated or superseding, and not yet superseded, retired or forgotten."""

    def __init__(self) -> None:
        super().__init__()
        config = self.config
        tenant, subject = config.scopes[0]
        self.ledger = Ledger(tenant_id=tenant, subject_id=subject)
        self.guard = GuardedCompressor(config.make_compressor(), timeout=config.timeout)
        self.store: MemoryStore | None = config.store() if config.store is not None else None
        self.memory: dict[Scope, Artifact] = {}
        """Each scope's current memory, as its last compression returned it."""
        self.expected: dict[Scope, Ledger] = {}
        """The ledger as it stood when each scope's memory was compressed."""
        self.given: dict[Scope, set[str]] = {}
        """Events already compressed into each scope's memory."""
        self.versions: dict[Scope, int] = {}
        self.depths: dict[Scope, int] = {}
        """How many compressions deep each scope's memory is, counted here (0 after a re-ground)."""
        self.passes = 0
        self._events = 0
        self._facts = 0

    # -- the lifecycle ------------------------------------------------------------

    def _event(self, scope: Scope, text: str, trust: Trust = Trust.USER) -> str:
        self._events += 1
        event_id = f"e{self._events}"
        speaker = {Trust.UNTRUSTED: "Quoted content", Trust.SYSTEM: "System"}.get(trust, "User")
        self.ledger.event(
            event_id,
            f"{speaker} (message {self._events}): {text}",
            trust=trust,
            tenant_id=scope[0],
            subject_id=scope[1],
        )
        return event_id

    def _fact_id(self, predicate: str) -> str:
        self._facts += 1
        return f"fact-{predicate.rpartition('.')[2].replace('_', '-')}-{self._facts}"

    def _state(
        self,
        scope: Scope,
        predicate: str,
        value: Any,
        qualifiers: Qualifiers,
        trust: Trust,
        critical: bool,
    ) -> str:
        event_id = self._event(
            scope, f"please remember {predicate} = {json.dumps(value, sort_keys=True)}", trust
        )
        fact = self.ledger.fact(
            self._fact_id(predicate),
            predicate,
            value,
            sources=[event_id],
            qualifiers=dict(qualifiers),
            criticality=Criticality.CRITICAL if critical else Criticality.CONTINUITY,
            tenant_id=scope[0],
            subject_id=scope[1],
        )
        return fact.fact_id

    def _supersede(self, old_id: str, value: Any, qualifiers: Qualifiers | None) -> str:
        old = self.ledger.get(old_id)
        scope = (old.tenant_id, old.subject_id)
        event_id = self._event(
            scope, f"correction: {old.predicate} is now {json.dumps(value, sort_keys=True)}", old.authority
        )
        newer = dataclasses.replace(
            old,
            fact_id=self._fact_id(old.predicate),
            value=value,
            qualifiers=old.qualifiers if qualifiers is None else qualifiers,
            source_event_ids=(event_id,),
        )
        return self.ledger.supersede(old_id, newer).fact_id

    def _retire(self, fact_id: str) -> None:
        fact = self.ledger.get(fact_id)
        event_id = self._event(
            (fact.tenant_id, fact.subject_id), f"that is resolved now; {fact.predicate} no longer applies"
        )
        self.ledger.retire(fact_id, event_id=event_id, reason=f"resolved by event {event_id}")

    def _forget(self, fact_id: str) -> None:
        fact = self.ledger.get(fact_id)
        scope = (fact.tenant_id, fact.subject_id)
        event_id = self._event(scope, f"please forget what I told you about {fact.predicate}")
        # Forgetting a value forgets the versions it replaced: a re-grounded summary must
        # not bring the older value back.
        chain = [fact_id, *(f.fact_id for f in self._older(fact_id) if f.status is not Status.DELETED)]
        for target in chain:
            self.ledger.delete(target, event_id=event_id)
            if self.store is not None:
                self.store.delete_fact(scope[0], scope[1], target)
        # Every summary built from the deleted content is discarded: the next pass re-grounds.
        self.memory.pop(scope, None)
        self.given.pop(scope, None)
        self.depths.pop(scope, None)

    def _older(self, fact_id: str) -> list[Fact]:
        replaced = {f.superseded_by: f for f in self.ledger if f.superseded_by is not None}
        chain = []
        current = replaced.get(fact_id)
        while current is not None:
            chain.append(current)
            current = replaced.get(current.fact_id)
        return chain

    # -- compression --------------------------------------------------------------

    def _pending(self, scope: Scope) -> tuple[SourceEvent, ...]:
        """The events of ``scope`` not yet compressed into its memory."""
        given = self.given.get(scope, set())
        return tuple(e for e in self.ledger.authorized_events(*scope) if e.event_id not in given)

    def _compress(self, scope: Scope) -> None:
        __tracebackhide__ = True
        events = self._pending(scope)
        prior = self.memory.get(scope)
        request = CompressionRequest(
            tenant_id=scope[0],
            subject_id=scope[1],
            events=events,
            prior=prior,
            memory_version=self.versions.get(scope, 0) + 1,
        )
        self.passes += 1
        depth = 1 if prior is None else self.depths.get(scope, 0) + 1
        checks = (*DEFAULT_CHECKS, depth_tracked) if self.config.check_depth else DEFAULT_CHECKS
        result = run_pass(
            self.ledger,
            request,
            self.guard,
            checks=checks,
            mode=self.config.mode,
            index=self.passes,
            depth=depth,
        )
        self._fail(list(result.verdict.violations), f"pass {self.passes} ({'/'.join(scope)}, depth {depth})")
        artifact = result.record.artifact
        assert artifact is not None
        self.memory[scope] = artifact
        self.depths[scope] = depth
        self.expected[scope] = self.ledger.copy()
        self.given.setdefault(scope, set()).update(e.event_id for e in events)
        self.versions[scope] = request.memory_version
        if self.store is not None:
            self.store.write(
                dataclasses.replace(artifact, memory_version=request.memory_version),
                expected_version=request.memory_version - 1,
            )

    def _read_back(self, scope: Scope) -> None:
        __tracebackhide__ = True
        from pytest_compaction.store.representation import compare_artifacts

        written = self.memory[scope]
        if self.store is not None:
            read: object = self.store.read(*scope)
            if isinstance(read, Artifact):
                written = dataclasses.replace(written, memory_version=read.memory_version)
        else:
            # Without a store, the representation every store starts from: JSON.
            read = Artifact.from_dict(json.loads(json.dumps(written.to_dict())))
        found = list(compare_artifacts(written, read).violations)
        if isinstance(read, Artifact):
            found.extend(check(self.expected[scope], read, mode=self.config.mode).violations)
        self._fail(found, f"read-back of {'/'.join(scope)}")

    def _fail(self, violations: list[Violation], where: str) -> None:
        __tracebackhide__ = True
        if violations:
            name = compressor_name(self.guard.compressor)
            raise ContractFailure(violations, title=f"memory machine: {where} broke the contract ({name})")

    def _compress_all(self) -> None:
        """One compaction job: every memory with new events is compressed, in order."""
        for scope in self.config.scopes:
            if self._pending(scope):
                self._compress(scope)

    def _ready(self) -> list[Scope]:
        """Scopes whose memory can be compressed again: it exists and nothing new is pending."""
        return [scope for scope in self.config.scopes if scope in self.memory and not self._pending(scope)]

    # -- invariants -------------------------------------------------------------

    @invariant()
    def no_memory_holds_a_deleted_fact(self) -> None:
        for scope, artifact in self.memory.items():
            for fact in artifact.facts:
                known = self.ledger.find(fact.fact_id)
                if known is not None and known.status is Status.DELETED:
                    self._fail(
                        [Violation(code=ViolationCode.FORBIDDEN_DELETED_FACT, fact_id=fact.fact_id)],
                        f"memory of {'/'.join(scope)}",
                    )


def memory_machine(
    compressor: object,
    *,
    tenants: int = 1,
    subjects: int = 2,
    timeout: float | None = DEFAULT_TIMEOUT,
    mode: Mode = "strict",
    store: StoreFactory | None = None,
    check_depth: bool = True,
    settings: hypothesis.settings | None = None,
) -> type[MemoryMachine]:
    """A state machine that checks ``compressor`` after every step of a memory's life.

    ``compressor`` is anything :func:`~pytest_compaction.compressors.base.as_compressor`
    accepts; a class is instantiated afresh for every run, so its state never leaks
    from one run into the next. ``tenants * subjects`` memories are interleaved.
    ``store`` (a factory of a :class:`~pytest_compaction.store.sqlite.MemoryStore`) makes
    read-backs go through your store; without one they round-trip through JSON.
    ``settings`` defaults to the current profile with no deadline (the guard's
    ``timeout`` bounds each pass). Use the ``TestCase`` attribute of the result as a
    test class: ``TestMyMemory = memory_machine(MyCompressor).TestCase``.
    """
    make, _ = compressor_factory(compressor)
    scopes = tuple(
        (f"tenant-{t}", f"subject-{s}") for t in range(1, tenants + 1) for s in range(1, subjects + 1)
    )
    if not scopes:
        raise ValueError(f"memory_machine needs at least one tenant and subject, got {tenants=}, {subjects=}")
    where = st.sampled_from(scopes)
    trusts = st.sampled_from(_TRUSTS)
    active = MemoryMachine.active

    class Machine(MemoryMachine):
        @rule(
            target=active,
            scope=where,
            predicate=cst.predicates(),
            value=cst.values(),
            qualifiers=cst.qualifiers(),
            trust=trusts,
            continuity=st.booleans(),
        )
        def state_fact(
            self,
            scope: Scope,
            predicate: str,
            value: Any,
            qualifiers: Qualifiers,
            trust: Trust,
            continuity: bool,
        ) -> str:
            return self._state(scope, predicate, value, qualifiers, trust, critical=not continuity)

        @rule(
            target=active, old=consumes(active), value=cst.values(), qualifiers=st.none() | cst.qualifiers()
        )
        def supersede(self, old: str, value: Any, qualifiers: Qualifiers | None) -> str:
            return self._supersede(old, value, qualifiers)

        @rule(fact=consumes(active))
        def retire(self, fact: str) -> None:
            self._retire(fact)

        @rule(fact=consumes(active))
        def forget(self, fact: str) -> None:
            self._forget(fact)

        @rule(scope=where, line=st.sampled_from(cst.CHATTER))
        def chatter(self, scope: Scope, line: str) -> None:
            self._event(scope, line)

        @rule()
        def compress(self) -> None:
            self._compress_all()

        @precondition(lambda self: bool(self._ready()))
        @rule(data=st.data())
        def compress_again(self, data: st.DataObject) -> None:
            self._compress(data.draw(st.sampled_from(self._ready()), label="memory"))

        @precondition(lambda self: bool(self.memory))
        @rule(data=st.data())
        def read_back(self, data: st.DataObject) -> None:
            self._read_back(data.draw(st.sampled_from(sorted(self.memory)), label="memory"))

    Machine.config = MachineConfig(
        make_compressor=make, scopes=scopes, timeout=timeout, mode=mode, store=store, check_depth=check_depth
    )
    Machine.__name__ = Machine.__qualname__ = f"MemoryMachine[{compressor_name(make())}]"
    chosen = settings if settings is not None else hypothesis.settings(deadline=None)
    return chosen(Machine)
