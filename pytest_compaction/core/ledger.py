"""The fact ledger: the ground truth a compression is checked against.

The ledger lives outside the compressor. It owns every lifecycle transition and
refuses the illegal ones: a fact changes status only through an explicit call
(``supersede``, ``delete``, ``retire``), never because a summary stopped
mentioning it.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from pytest_compaction.core.errors import LedgerError, LifecycleError, UnknownIdError
from pytest_compaction.core.model import Claim, Criticality, Fact, SourceEvent, Status, ToolCall, Trust, Value
from pytest_compaction.core.prose_form import ProseForm
from pytest_compaction.core.quotes import without_quoted_copies

__all__ = ["Ledger", "Transition"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Transition:
    """One lifecycle change, kept in order for the evidence."""

    kind: str
    fact_id: str
    event_id: str | None = None
    other_fact_id: str | None = None
    reason: str | None = None


class Ledger:
    """Facts that must survive compression, the events behind them, and their lifecycle.

    ``tenant_id`` and ``subject_id`` are defaults for :meth:`event` and :meth:`fact`,
    so a single-subject test does not repeat them.
    """

    def __init__(self, *, tenant_id: str = "tenant-1", subject_id: str = "subject-1") -> None:
        self.tenant_id = tenant_id
        self.subject_id = subject_id
        self._facts: dict[str, Fact] = {}
        self._events: dict[str, SourceEvent] = {}
        self._redacted: dict[str, str] = {}  # event id -> the deleted fact that redacted it
        self._history: list[Transition] = []
        # Per tenant and subject, kept as facts are added and change (never rebuilt):
        # each active fact's contract key, and each active critical fact.
        self._keys: dict[tuple[str, str], dict[str, tuple[object, ...]]] = {}
        self._critical: dict[tuple[str, str], dict[str, Fact]] = {}
        self._required: dict[tuple[str, str], tuple[Fact, ...]] = {}
        self._authorized: dict[tuple[str | None, str | None], tuple[SourceEvent, ...]] = {}
        self._ordered: tuple[SourceEvent, ...] | None = None  # events in history order, until one is added
        self._prose: dict[str, ProseForm] = {}

    # -- building -------------------------------------------------------------

    def event(
        self,
        event_id: str,
        text: str,
        *,
        trust: Trust | str = Trust.USER,
        tenant_id: str | None = None,
        subject_id: str | None = None,
        role: str = "user",
        tool_calls: Iterable[ToolCall | Mapping[str, object]] = (),
        tool_call_id: str | None = None,
        name: str | None = None,
    ) -> SourceEvent:
        """Record a source event at the end of the history and return it.

        ``role`` is ``user``, ``assistant``, ``system`` or ``tool``; an assistant event may
        make ``tool_calls`` (``ToolCall`` or ``{id, name, arguments}`` mappings) and a tool
        event names the call it answers with ``tool_call_id``.
        """
        from pytest_compaction.core.model import read_role, read_tool_calls

        raw = {
            "role": role,
            "tool_calls": [c.to_dict() if isinstance(c, ToolCall) else c for c in tool_calls],
        }
        if tool_call_id is not None:
            raw["tool_call_id"] = tool_call_id
        checked_role = read_role(raw, "event")
        return self.add_event(
            SourceEvent(
                event_id=event_id,
                tenant_id=tenant_id or self.tenant_id,
                subject_id=subject_id or self.subject_id,
                text=text,
                trust=Trust(trust),
                order=len(self._events),
                role=checked_role,
                tool_calls=read_tool_calls(raw, "event", checked_role),
                tool_call_id=tool_call_id,
                name=name,
            )
        )

    def add_event(self, event: SourceEvent) -> SourceEvent:
        if event.event_id in self._events:
            raise LedgerError(f"event id {event.event_id!r} is recorded twice; event ids must be unique")
        self._events[event.event_id] = event
        self._ordered = None
        self._changed()
        return event

    def fact(
        self,
        fact_id: str,
        predicate: str,
        value: Value,
        *,
        sources: Iterable[str] = (),
        qualifiers: Mapping[str, Value] | None = None,
        authority: Trust | str | None = None,
        criticality: Criticality | str = Criticality.CRITICAL,
        tenant_id: str | None = None,
        subject_id: str | None = None,
        prose: ProseForm | Mapping[str, object] | None = None,
    ) -> Fact:
        """Record an active fact and return it.

        ``authority`` defaults to the highest trust among its source events, so a
        fact drawn from untrusted content is recorded as untrusted. ``prose`` is how the
        fact reads in a summary (a :class:`~pytest_compaction.core.prose_form.ProseForm`
        or its mapping form), kept in :attr:`prose_forms`.
        """
        form = ProseForm.coerce(prose)
        if form is not None:
            form.check_qualifiers(qualifiers or {})
        source_ids = tuple(sources)
        if authority is None:
            trusts = [self._events[s].trust for s in source_ids if s in self._events]
            authority = max(trusts, key=lambda t: t.rank) if trusts else Trust.USER
        return self.add_fact(
            Fact(
                fact_id=fact_id,
                tenant_id=tenant_id or self.tenant_id,
                subject_id=subject_id or self.subject_id,
                predicate=predicate,
                value=value,
                qualifiers=tuple(sorted((qualifiers or {}).items())),
                source_event_ids=source_ids,
                authority=Trust(authority),
                criticality=Criticality(criticality),
            ),
            prose=form,
        )

    def add_fact(self, fact: Fact, *, prose: ProseForm | None = None) -> Fact:
        """Add a fact as it is (any status: a ledger snapshot may hold history)."""
        if fact.fact_id in self._facts:
            raise LedgerError(
                f"fact id {fact.fact_id!r} is recorded twice; a newer value is a new fact "
                f"that supersedes the old one"
            )
        if self._events:
            for source in fact.source_event_ids:
                if source not in self._events:
                    raise UnknownIdError("event", source, tuple(self._events))
            trusts = [self._events[s].trust.rank for s in fact.source_event_ids]
            if trusts and fact.authority.rank > max(trusts):
                raise LedgerError(
                    f"fact {fact.fact_id!r} has authority {fact.authority.value!r} but its "
                    f"sources are at most {_RANKED[max(trusts)]!r}; record it with "
                    f"authority={_RANKED[max(trusts)]!r}"
                )
        self._facts[fact.fact_id] = fact
        self._index(fact)
        if prose is not None:
            self._prose[fact.fact_id] = prose
        self._changed()
        return fact

    @classmethod
    def from_facts(
        cls,
        facts: Iterable[Fact],
        events: Iterable[SourceEvent] = (),
        *,
        prose: Mapping[str, ProseForm] | None = None,
        **defaults: str,
    ) -> Ledger:
        """A ledger holding the given events and facts, statuses as they are.

        ``prose`` gives facts their prose forms, by fact id (kept in :attr:`prose_forms`).
        """
        ledger = cls(**defaults)
        forms = prose or {}
        for event in events:
            ledger.add_event(event)
        for fact in facts:
            ledger.add_fact(fact, prose=forms.get(fact.fact_id))
        for fact in ledger._facts.values():
            if fact.superseded_by is not None and fact.superseded_by not in ledger._facts:
                raise UnknownIdError("fact", fact.superseded_by, tuple(ledger._facts))
        return ledger

    # -- lifecycle ------------------------------------------------------------

    def supersede(self, old_id: str, new: Fact | str) -> Fact:
        """Mark ``old_id`` superseded by a newer fact (a Fact to add, or an existing id)."""
        old = self._active(old_id, "supersede")
        newer = new if isinstance(new, Fact) else self.get(new)
        if newer.fact_id == old_id:
            raise LifecycleError(old_id, "a fact cannot supersede itself; give the newer fact its own id")
        if newer.status is not Status.ACTIVE:
            raise LifecycleError(
                old_id, f"cannot be superseded by {newer.fact_id!r}, which is {newer.status.value}"
            )
        if (newer.tenant_id, newer.subject_id) != (old.tenant_id, old.subject_id):
            raise LifecycleError(
                old_id,
                f"cannot be superseded by {newer.fact_id!r} of another tenant or subject "
                f"({newer.tenant_id}/{newer.subject_id})",
            )
        if isinstance(new, Fact):
            # Added only once every check has passed: a refused transition leaves no trace.
            newer = self.add_fact(new)
        self._set(old, status=Status.SUPERSEDED, superseded_by=newer.fact_id)
        self._history.append(Transition(kind="supersede", fact_id=old_id, other_fact_id=newer.fact_id))
        return newer

    def delete(self, fact_id: str, *, event_id: str | None = None) -> None:
        """Delete a fact for good and redact its source events from the authorized view.

        Refused when a redacted event also backs a fact that stays active: that fact
        would lose its only evidence, so cite it from its own event or delete it too.
        """
        fact = self.get(fact_id)
        if fact.status is Status.DELETED:
            raise LifecycleError(fact_id, "is already deleted; a fact is deleted once")
        self._check_event(event_id)
        for other in self._facts.values():
            if other.fact_id != fact_id and other.status is Status.ACTIVE:
                shared = set(other.source_event_ids) & set(fact.source_event_ids)
                unredacted = set(other.source_event_ids) - shared - set(self._redacted)
                if shared and not unredacted:
                    raise LifecycleError(
                        fact_id,
                        f"deleting it redacts event(s) {sorted(shared)} that are the only sources "
                        f"of active fact {other.fact_id!r}; record that fact from its own event, or "
                        f"delete it as well",
                    )
        for source in fact.source_event_ids:
            self._redacted.setdefault(source, fact_id)
        self._set(fact, status=Status.DELETED, status_event_id=event_id)
        self._history.append(Transition(kind="delete", fact_id=fact_id, event_id=event_id))

    def retire(self, fact_id: str, *, event_id: str, reason: str) -> None:
        """Retire an active fact through an explicit event (e.g. a success that ends a failure record)."""
        fact = self._active(fact_id, "retire")
        if not event_id:
            raise LifecycleError(fact_id, "retirement needs the id of the event that retires it")
        if not reason or not reason.strip():
            raise LifecycleError(fact_id, "retirement needs a reason")
        self._check_event(event_id)
        self._set(fact, status=Status.RETIRED, status_event_id=event_id, status_reason=reason)
        self._history.append(Transition(kind="retire", fact_id=fact_id, event_id=event_id, reason=reason))

    # -- reading --------------------------------------------------------------

    def get(self, fact_id: str) -> Fact:
        try:
            return self._facts[fact_id]
        except KeyError:
            raise UnknownIdError("fact", fact_id, tuple(self._facts)) from None

    def find(self, fact_id: str) -> Fact | None:
        return self._facts.get(fact_id)

    def find_event(self, event_id: str) -> SourceEvent | None:
        return self._events.get(event_id)

    def event_by_id(self, event_id: str) -> SourceEvent:
        try:
            return self._events[event_id]
        except KeyError:
            raise UnknownIdError("event", event_id, tuple(self._events)) from None

    def __contains__(self, fact_id: object) -> bool:
        return fact_id in self._facts

    def __iter__(self) -> Iterator[Fact]:
        return iter(self._facts.values())

    def __len__(self) -> int:
        return len(self._facts)

    @property
    def facts(self) -> Mapping[str, Fact]:
        return self._facts

    @property
    def events(self) -> tuple[SourceEvent, ...]:
        ordered = self._ordered
        if ordered is None:
            ordered = self._ordered = tuple(sorted(self._events.values(), key=_ORDER))
        return ordered

    @property
    def event_count(self) -> int:
        """How many events are recorded (``len(ledger.events)``, without ordering them)."""
        return len(self._events)

    @property
    def prose_forms(self) -> Mapping[str, ProseForm]:
        """The prose form of each fact that has one, by fact id."""
        return self._prose

    @property
    def history(self) -> tuple[Transition, ...]:
        return tuple(self._history)

    @property
    def redacted_event_ids(self) -> frozenset[str]:
        return frozenset(self._redacted)

    def active(self, tenant_id: str | None = None, subject_id: str | None = None) -> tuple[Fact, ...]:
        return tuple(
            f
            for f in self._facts.values()
            if f.status is Status.ACTIVE
            and (tenant_id is None or f.tenant_id == tenant_id)
            and (subject_id is None or f.subject_id == subject_id)
        )

    def required(self, tenant_id: str, subject_id: str) -> tuple[Fact, ...]:
        """Active critical facts of one tenant and subject: what every artifact must keep."""
        key = (tenant_id, subject_id)
        cached = self._required.get(key)
        if cached is None:
            cached = self._required[key] = tuple(self._critical.get(key, {}).values())
        return cached

    def contract_keys(self, tenant_id: str, subject_id: str) -> Mapping[str, tuple[object, ...]]:
        """The contract key (:func:`~pytest_compaction.core.model.contract_key`) of every
        active fact of one tenant and subject, by fact id.

        Kept as the ledger changes, so reading it costs nothing: the checker confirms an
        artifact whose facts all match with one comparison against it. A read-only view of
        the ledger's own index, current at every moment.
        """
        return MappingProxyType(self._keys.get((tenant_id, subject_id), _NO_KEYS))

    def authorized_events(
        self, tenant_id: str | None = None, subject_id: str | None = None
    ) -> tuple[SourceEvent, ...]:
        """The events a compressor may see: in history order, deleted content removed.

        Each event carries the claims recorded from it and the facts it retires. Kept until
        the ledger changes: every check of a pass asks for the same events.
        """
        key = (tenant_id, subject_id)
        cached = self._authorized.get(key)
        if cached is None:
            cached = self._authorized[key] = self._authorize(tenant_id, subject_id)
        return cached

    def _authorize(self, tenant_id: str | None, subject_id: str | None) -> tuple[SourceEvent, ...]:
        shown = [
            e
            for e in self.events
            if e.event_id not in self._redacted
            and (tenant_id is None or e.tenant_id == tenant_id)
            and (subject_id is None or e.subject_id == subject_id)
        ]
        ids = {e.event_id for e in shown}
        newer_of: dict[str, list[str]] = {}
        for fact in self._facts.values():
            if fact.superseded_by is not None:
                newer_of.setdefault(fact.superseded_by, []).append(fact.fact_id)
        claims: dict[str, list[Claim]] = {}
        retires: dict[str, list[str]] = {}
        for fact in self._facts.values():
            if fact.status is Status.RETIRED and fact.status_event_id is not None:
                retires.setdefault(fact.status_event_id, []).append(fact.fact_id)
            sources = [source for source in fact.source_event_ids if source in ids]
            if not sources:
                continue  # stated only by events of other scopes (or redacted ones): not shown here
            claim = Claim.from_fact(
                fact, supersedes=tuple(newer_of.get(fact.fact_id, ())), current=fact.status is Status.ACTIVE
            )
            for source in sources:
                claims.setdefault(source, []).append(claim)
        # A reply that quotes a redacted message keeps the quote's words: they go with it.
        deleted = [" ".join(self.event_by_id(e).text.split()) for e in self._redacted]
        return tuple(
            _attached(
                _unquoted(e, deleted), tuple(claims.get(e.event_id, ())), tuple(retires.get(e.event_id, ()))
            )
            for e in shown
        )

    def restate(self, fact_id: str, event_id: str) -> Fact:
        """Record that ``event_id`` states an existing active fact again (adds provenance)."""
        fact = self._active(fact_id, "restate")
        self._check_event(event_id)
        if event_id not in fact.source_event_ids:
            self._set(fact, source_event_ids=(*fact.source_event_ids, event_id))
        return self._facts[fact_id]

    def copy(self) -> Ledger:
        clone = Ledger(tenant_id=self.tenant_id, subject_id=self.subject_id)
        clone._facts = dict(self._facts)
        clone._events = dict(self._events)
        clone._redacted = dict(self._redacted)
        clone._history = list(self._history)
        clone._prose = dict(self._prose)
        clone._keys = {owner: dict(keys) for owner, keys in self._keys.items()}
        clone._critical = {owner: dict(facts) for owner, facts in self._critical.items()}
        return clone

    def __repr__(self) -> str:
        counts = {s.value: 0 for s in Status}
        for f in self._facts.values():
            counts[f.status.value] += 1
        summary = ", ".join(f"{n} {k}" for k, n in counts.items() if n)
        return f"<Ledger {len(self._events)} events, {summary or 'no facts'}>"

    # -- internals ------------------------------------------------------------

    def _active(self, fact_id: str, verb: str) -> Fact:
        fact = self.get(fact_id)
        if fact.status is not Status.ACTIVE:
            hint = ""
            if fact.status is Status.DELETED:
                hint = "; a deleted fact never comes back: record a new fact instead"
            elif fact.status is Status.SUPERSEDED and fact.superseded_by is not None:
                hint = f"; the current fact is {fact.superseded_by!r}"
            raise LifecycleError(fact_id, f"cannot {verb} a fact that is {fact.status.value}{hint}")
        return fact

    def _check_event(self, event_id: str | None) -> None:
        if event_id is not None and self._events and event_id not in self._events:
            raise UnknownIdError("event", event_id, tuple(self._events))

    def _set(self, fact: Fact, **changes: object) -> None:
        changed = dataclasses.replace(fact, **changes)  # type: ignore[arg-type]
        self._facts[fact.fact_id] = changed
        self._index(changed)
        self._changed()

    def _index(self, fact: Fact) -> None:
        """Record ``fact`` (new, or a changed copy of one of the same owner) in the owner's index.

        A fact already there keeps its place, so :meth:`required` stays in ledger order.
        """
        owner = (fact.tenant_id, fact.subject_id)
        keys = self._keys.get(owner)
        if keys is None:
            keys = self._keys[owner] = {}
            self._critical[owner] = {}
        critical = self._critical[owner]
        if fact.status is Status.ACTIVE:
            keys[fact.fact_id] = fact._key
            if fact.criticality is Criticality.CRITICAL:
                critical[fact.fact_id] = fact
                return
        else:
            keys.pop(fact.fact_id, None)
        critical.pop(fact.fact_id, None)

    def _changed(self) -> None:
        self._required.clear()
        self._authorized.clear()


def _unquoted(event: SourceEvent, deleted: Sequence[str]) -> SourceEvent:
    """``event`` without its quoted copies of deleted messages (:func:`without_quoted_copies`)."""
    text = without_quoted_copies(event.text, deleted)
    return event if text is event.text else dataclasses.replace(event, text=text)


def _attached(event: SourceEvent, claims: tuple[Claim, ...], retires: tuple[str, ...]) -> SourceEvent:
    """``event`` carrying ``claims`` and ``retires``; the event itself when it carries none
    and gets none (an event behind no fact is not copied on every pass)."""
    if not (claims or retires or event.claims or event.retires):
        return event
    return dataclasses.replace(event, claims=claims, retires=retires)


_RANKED = {t.rank: t.value for t in Trust}
_ORDER = operator.attrgetter("order")
_NO_KEYS: dict[str, tuple[object, ...]] = {}
