"""The domain values: facts, source events and compression artifacts.

Everything here is frozen data built from plain dicts by ``from_dict``, which
names the exact path of a bad field. Values are *typed*: ``False`` is not
``"false"`` and ``1`` is not ``1.0`` or ``True``; equality between facts honours
that, unlike Python's own ``==``.

The value type itself (:data:`Value`, :data:`Qualifiers`), its checks and
:func:`typed_token` live in ``_values``; they are importable from here.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from pytest_compaction.core import spec_model
from pytest_compaction.core._fields import (
    MISSING,
    check_keys,
    join,
    read_int,
    read_mapping,
    read_optional_str,
    read_sequence,
    read_str,
    read_str_list,
    shown,
    type_name,
)
from pytest_compaction.core._values import Qualifiers as Qualifiers
from pytest_compaction.core._values import Value as Value
from pytest_compaction.core._values import _check_value
from pytest_compaction.core._values import normalize_qualifiers as normalize_qualifiers
from pytest_compaction.core._values import typed_token as typed_token
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.prose_form import ProseForm

__all__ = [
    "Artifact",
    "Claim",
    "Criticality",
    "Fact",
    "ROLES",
    "Qualifiers",
    "SourceEvent",
    "Status",
    "ToolCall",
    "Trust",
    "Value",
    "as_built",
    "contract_key",
    "normalize_qualifiers",
    "read_role",
    "read_tool_calls",
    "typed_token",
]


class Status(str, Enum):
    """Where a fact is in its lifecycle. Only ``active`` facts may appear in memory."""

    ACTIVE = "active"
    SUPERSEDED = "superseded"
    DELETED = "deleted"
    RETIRED = "retired"


class Trust(str, Enum):
    """The authority of a source, from least to most trusted."""

    UNTRUSTED = "untrusted"
    """Quoted or retrieved content: a support ticket, a web page, a tool result."""
    USER = "user"
    """An authenticated statement by the subject."""
    SYSTEM = "system"
    """A system or operator policy."""

    @property
    def rank(self) -> int:
        return _TRUST_RANK[self]


_TRUST_RANK = {Trust.UNTRUSTED: 0, Trust.USER: 1, Trust.SYSTEM: 2}


class Criticality(str, Enum):
    """Whether a fact must survive every compression."""

    CRITICAL = "critical"
    """Must survive every compression."""
    CONTINUITY = "continuity"
    """May be dropped under budget; if kept, it must be kept faithfully."""


_CONTAINERS = (list, tuple, dict)


def contract_key(fact: Fact) -> tuple[object, ...]:
    """What the checker compares two facts by, as one flat tuple (``Fact._key`` holds it).

    Tenant, subject, predicate, the value's type and value, the qualifiers (each name,
    type and value, in name order), the sources and the authority. Equal for two facts
    exactly when their :func:`typed_token` values and qualifiers and every other field
    are equal; flat (a container's token nested, a scalar's type and value inline) so
    that comparing two keys walks as few tuples as possible.
    """
    value: object = fact.value
    kind: object = type(value)
    if kind in _CONTAINERS:
        kind, value = typed_token(value)  # type: ignore[misc]
    qualifiers: list[object] = []
    for name, raw in fact.qualifiers:
        qualifiers.append(name)
        qualifiers.extend(typed_token(raw))  # type: ignore[arg-type]
    return (
        fact.tenant_id,
        fact.subject_id,
        fact.predicate,
        kind,
        value,
        tuple(qualifiers),
        fact.source_event_ids,
        fact.authority,
    )


def _enum(kind: type[Any], data: Mapping[str, Any], key: str, path: str, default: Any) -> Any:
    raw = data.get(key, default)
    if isinstance(raw, kind):
        return raw
    try:
        return kind(raw)
    except ValueError:
        allowed = ", ".join(member.value for member in kind)
        raise PayloadError(join(path, key), f"expected one of {allowed}; got {shown(raw)}") from None


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class Fact:
    """One fact that must survive compression, or one that a compressor emitted.

    Facts compare equal only when every field is equal *with its type*.
    """

    fact_id: str
    tenant_id: str
    subject_id: str
    predicate: str
    value: Value
    qualifiers: Qualifiers = ()
    source_event_ids: tuple[str, ...] = ()
    status: Status = Status.ACTIVE
    authority: Trust = Trust.USER
    criticality: Criticality = Criticality.CRITICAL
    superseded_by: str | None = None
    """For a superseded fact: the id of the newer fact."""
    status_event_id: str | None = None
    """For a deleted or retired fact: the event that changed its status."""
    status_reason: str | None = None
    """For a retired fact: why it was retired."""
    _key: tuple[object, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Typed as object: callers may pass a dict or a list, which are normalized here.
        qualifiers: Any = self.qualifiers
        # A tuple is trusted only when it is already in normal form: pairs given in another
        # order would otherwise make two equal facts compare unequal.
        if not isinstance(qualifiers, tuple) or (
            len(qualifiers) > 1
            and any(qualifiers[i][0] >= qualifiers[i + 1][0] for i in range(len(qualifiers) - 1))
        ):
            object.__setattr__(self, "qualifiers", normalize_qualifiers(qualifiers))
        sources: object = self.source_event_ids
        if not isinstance(sources, tuple):
            object.__setattr__(self, "source_event_ids", tuple(self.source_event_ids))
        # Plain strings ("critical") are accepted and made members: the checker compares
        # these by identity, so a string left in place would silently drop a required fact.
        if (
            type(self.status) is not Status
            or type(self.authority) is not Trust
            or type(self.criticality) is not Criticality
        ):
            for name, kind in (("status", Status), ("authority", Trust), ("criticality", Criticality)):
                raw: object = getattr(self, name)
                if type(raw) is not kind:
                    try:
                        object.__setattr__(self, name, kind(raw))
                    except ValueError:
                        allowed = ", ".join(member.value for member in kind)
                        raise PayloadError(name, f"expected one of {allowed}; got {shown(raw)}") from None
        # The contract-relevant identity, computed once: the checker's fast path is a
        # single tuple comparison per fact.
        object.__setattr__(self, "_key", contract_key(self))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Fact):
            return NotImplemented
        return (
            self.fact_id == other.fact_id
            and self._key == other._key
            and self.status is other.status
            and self.criticality is other.criticality
            and self.superseded_by == other.superseded_by
            and self.status_event_id == other.status_event_id
            and self.status_reason == other.status_reason
        )

    def __hash__(self) -> int:
        return hash((self.fact_id, self._key, self.status))

    @property
    def qualifier_dict(self) -> dict[str, Value]:
        return dict(self.qualifiers)

    @classmethod
    def from_dict(
        cls,
        data: object,
        path: str = "fact",
        *,
        tenant_id: str | None = None,
        subject_id: str | None = None,
        lifecycle: bool = True,
    ) -> Fact:
        """Build a fact from a plain dict.

        ``tenant_id``/``subject_id`` are defaults for facts inside an artifact, which
        may omit them. ``lifecycle=False`` refuses lifecycle keys (an artifact's
        facts are always presented as active memory).
        """
        data = read_mapping(data, path)
        keys = ["value", "qualifiers", "source_event_ids", "source_event_id", "authority", "criticality"]
        keys += ["tenant_id", "subject_id"]
        lifecycle_keys = ("status", "superseded_by", "status_event_id", "status_reason")
        if lifecycle:
            keys += lifecycle_keys
        else:
            for key in lifecycle_keys:
                if key in data:
                    raise PayloadError(
                        join(path, key),
                        "not allowed in an artifact: its facts are the memory it presents and are "
                        "always active; lifecycle keys belong to the expected facts",
                    )
        check_keys(data, path, required=("fact_id", "predicate"), optional=keys)
        if "value" not in data:
            raise PayloadError(join(path, "value"), "required key is missing (use null for no value)")
        if "source_event_id" in data and "source_event_ids" in data:
            raise PayloadError(
                join(path, "source_event_id"), "give source_event_id or source_event_ids, not both"
            )
        if "source_event_id" in data:
            sources: tuple[str, ...] = (read_str(data, "source_event_id", path),)
        else:
            sources = read_str_list(data, "source_event_ids", path)
        qualifiers = data.get("qualifiers")
        if qualifiers is None:
            qualifiers = {}
        read_mapping(qualifiers, join(path, "qualifiers"))
        return cls(
            fact_id=read_str(data, "fact_id", path),
            tenant_id=read_str(data, "tenant_id", path, tenant_id or MISSING),
            subject_id=read_str(data, "subject_id", path, subject_id or MISSING),
            predicate=read_str(data, "predicate", path),
            value=_check_value(data["value"], join(path, "value")),
            qualifiers=normalize_qualifiers(qualifiers, join(path, "qualifiers")),
            source_event_ids=sources,
            status=_enum(Status, data, "status", path, Status.ACTIVE),
            authority=_enum(Trust, data, "authority", path, Trust.USER),
            criticality=_enum(Criticality, data, "criticality", path, Criticality.CRITICAL),
            superseded_by=read_optional_str(data, "superseded_by", path),
            status_event_id=read_optional_str(data, "status_event_id", path),
            status_reason=read_optional_str(data, "status_reason", path),
        )

    def to_dict(self) -> dict[str, Any]:
        """The plain-dict form ``from_dict`` reads back; defaults are left out."""
        out: dict[str, Any] = {
            "fact_id": self.fact_id,
            "tenant_id": self.tenant_id,
            "subject_id": self.subject_id,
            "predicate": self.predicate,
            "value": self.value,
        }
        if self.qualifiers:
            out["qualifiers"] = dict(self.qualifiers)
        if self.source_event_ids:
            out["source_event_ids"] = list(self.source_event_ids)
        if self.status is not Status.ACTIVE:
            out["status"] = self.status.value
        if self.authority is not Trust.USER:
            out["authority"] = self.authority.value
        if self.criticality is not Criticality.CRITICAL:
            out["criticality"] = self.criticality.value
        for name in ("superseded_by", "status_event_id", "status_reason"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return out


def as_built(fact: Fact) -> bool:
    """Whether ``fact`` is what its constructor builds from its fields: ``replace(fact) == fact``.

    False when a field was changed after the fact was made (``object.__setattr__`` around
    the frozen dataclass skips the constructor, so the contract key the checker compares
    is stale) or holds what no constructor accepts. A fact whose fields are all of the
    types the constructor leaves as they are, and whose key is the one they give, is
    confirmed without building the copy.
    """
    try:
        qualifiers = fact.qualifiers
        if (
            type(fact.fact_id) is str
            and type(qualifiers) is tuple
            # The constructor's own test of normal form, so that it would leave them as they are.
            and (len(qualifiers) < 2 or not any(a[0] >= b[0] for a, b in itertools.pairwise(qualifiers)))
            and type(fact.source_event_ids) is tuple
            and type(fact.status) is Status
            and type(fact.authority) is Trust
            and type(fact.criticality) is Criticality
            and _optional_str(fact.superseded_by)
            and _optional_str(fact.status_event_id)
            and _optional_str(fact.status_reason)
            and contract_key(fact) == fact._key
        ):
            return True
    except Exception:  # an odd field: the full rebuild below decides
        pass
    try:
        return dataclasses.replace(fact) == fact
    except (PayloadError, TypeError, ValueError):
        return False


def _optional_str(value: object) -> bool:
    return value is None or type(value) is str


_CLAIM_OPTIONAL = spec_model.optional(spec_model.CLAIM)


@dataclass(frozen=True, slots=True, kw_only=True)
class Claim:
    """A fact an event states, in machine-readable form.

    The ledger attaches to each event it hands to a compressor the claims it
    recorded from that event, so a structured compressor (and the reference
    compressor) can replay them; a prose compressor may read only the text.
    """

    fact_id: str
    predicate: str
    value: Value
    qualifiers: Qualifiers = ()
    authority: Trust = Trust.USER
    criticality: Criticality = Criticality.CRITICAL
    supersedes: tuple[str, ...] = ()
    """Ids of older facts this claim replaces."""
    prose: ProseForm | None = None
    """How the fact reads in prose (a scenario's ``prose:`` key); never shown to a compressor."""
    current: bool = True
    """False when the ledger no longer holds this fact as active (superseded or retired),
    even if the event that ended it is no longer visible (e.g. it was deleted)."""

    def as_fact(self, event: SourceEvent, sources: tuple[str, ...] | None = None) -> Fact:
        """The active fact this claim states, attached to ``event``'s tenant and subject.

        ``sources`` defaults to the event alone.
        """
        return Fact(
            fact_id=self.fact_id,
            tenant_id=event.tenant_id,
            subject_id=event.subject_id,
            predicate=self.predicate,
            value=self.value,
            qualifiers=self.qualifiers,
            source_event_ids=sources if sources is not None else (event.event_id,),
            authority=self.authority,
            criticality=self.criticality,
        )

    @classmethod
    def from_fact(cls, fact: Fact, *, supersedes: tuple[str, ...] = (), current: bool = True) -> Claim:
        """The claim that states ``fact`` (the inverse of :meth:`as_fact`)."""
        return cls(
            fact_id=fact.fact_id,
            predicate=fact.predicate,
            value=fact.value,
            qualifiers=fact.qualifiers,
            authority=fact.authority,
            criticality=fact.criticality,
            supersedes=supersedes,
            current=current,
        )

    @classmethod
    def from_dict(
        cls, data: object, path: str = "claim", *, trust: Trust = Trust.USER, id_key: str = "fact_id"
    ) -> Claim:
        """Read a claim; ``trust`` is the default authority (the stating event's trust).

        A spec names the fact ``id`` (``id_key="id"``); a compressor's input, ``fact_id``.
        """
        data = read_mapping(data, path)
        check_keys(data, path, required=(id_key, "predicate", "value"), optional=_CLAIM_OPTIONAL)
        supersedes = data.get("supersedes", ())
        if isinstance(supersedes, str):
            supersedes = [supersedes]
        qualifiers = data.get("qualifiers") or {}
        read_mapping(qualifiers, join(path, "qualifiers"))
        prose = data.get("prose")
        form = None if prose is None else ProseForm.from_dict(prose, join(path, "prose"))
        read_qualifiers = normalize_qualifiers(qualifiers, join(path, "qualifiers"))
        if form is not None:
            form.check_qualifiers((key for key, _ in read_qualifiers), join(path, "prose"))
        return cls(
            fact_id=read_str(data, id_key, path),
            predicate=read_str(data, "predicate", path),
            value=_check_value(data["value"], join(path, "value")),
            qualifiers=read_qualifiers,
            authority=_enum(Trust, data, "authority", path, trust),
            criticality=_enum(Criticality, data, "criticality", path, Criticality.CRITICAL),
            supersedes=read_str_list(
                {"supersedes": [supersedes] if isinstance(supersedes, str) else supersedes},
                "supersedes",
                path,
            ),
            prose=form,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"fact_id": self.fact_id, "predicate": self.predicate, "value": self.value}
        if self.qualifiers:
            out["qualifiers"] = dict(self.qualifiers)
        if self.authority is not Trust.USER:
            out["authority"] = self.authority.value
        if self.criticality is not Criticality.CRITICAL:
            out["criticality"] = self.criticality.value
        if self.supersedes:
            out["supersedes"] = list(self.supersedes)
        if self.prose is not None:
            out["prose"] = self.prose.to_dict()
        return out


ROLES = ("user", "assistant", "system", "tool")
"""Who speaks in an event, as chat transcripts name it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolCall:
    """A tool call an ``assistant`` event makes; a later ``tool`` event answers it by ``call_id``."""

    call_id: str
    name: str
    arguments: Mapping[str, Value] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: object, path: str = "tool_call") -> ToolCall:
        data = read_mapping(data, path)
        check_keys(data, path, required=spec_model.required(spec_model.TOOL_CALL), optional=("arguments",))
        arguments = data.get("arguments")
        if arguments is None:
            arguments = {}
        checked = _check_value(read_mapping(arguments, join(path, "arguments")), join(path, "arguments"))
        assert isinstance(checked, dict)
        return cls(call_id=read_str(data, "id", path), name=read_str(data, "name", path), arguments=checked)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.call_id, "name": self.name}
        if self.arguments:
            out["arguments"] = dict(self.arguments)
        return out


def read_role(data: Mapping[str, Any], path: str) -> str:
    """An event's ``role`` (default ``user``), refused when it is not one of :data:`ROLES`."""
    role = data.get("role", "user")
    if role not in ROLES:
        raise PayloadError(join(path, "role"), f"expected one of {', '.join(ROLES)}; got {shown(role)}")
    assert isinstance(role, str)
    return role


def read_tool_calls(data: Mapping[str, Any], path: str, role: str) -> tuple[ToolCall, ...]:
    """An event's ``tool_calls`` (an ``assistant`` event's) and a check of its ``tool_call_id``."""
    raw = data.get("tool_calls")
    calls: tuple[ToolCall, ...] = ()
    if raw is not None:
        at = join(path, "tool_calls")
        calls = tuple(ToolCall.from_dict(item, join(at, i)) for i, item in enumerate(read_sequence(raw, at)))
        if calls and role != "assistant":
            raise PayloadError(
                at,
                f"only an assistant event makes tool calls, this one has role {role!r}; "
                "set `role: assistant`",
            )
        ids = [call.call_id for call in calls]
        for index, call_id in enumerate(ids):
            if call_id in ids[:index]:
                raise PayloadError(join(join(at, index), "id"), f"tool call id {call_id!r} is used twice")
    if data.get("tool_call_id") is not None and role != "tool":
        raise PayloadError(
            join(path, "tool_call_id"),
            f"only a tool event answers a tool call, this one has role {role!r}; set `role: tool`",
        )
    return calls


@dataclass(frozen=True, slots=True, kw_only=True)
class SourceEvent:
    """One turn or record of the history a compressor summarizes."""

    event_id: str
    tenant_id: str
    subject_id: str
    text: str
    trust: Trust = Trust.USER
    order: int = 0
    """Position in the history; events are given to a compressor in this order."""
    claims: tuple[Claim, ...] = ()
    """The facts the ledger recorded from this event (attached by the ledger)."""
    retires: tuple[str, ...] = ()
    """Ids of facts this event retires (attached by the ledger)."""
    role: str = "user"
    """Who speaks: ``user``, ``assistant``, ``system`` or ``tool`` (a tool's result)."""
    tool_calls: tuple[ToolCall, ...] = ()
    """For an ``assistant`` event: the tool calls it makes."""
    tool_call_id: str | None = None
    """For a ``tool`` event: the id of the tool call it answers."""
    name: str | None = None
    """The speaker's name (a tool's name, a participant's), if any."""
    reason: str | None = None
    """Why this event retires facts (a spec event's ``reason:``), for the reader."""

    @classmethod
    def from_dict(cls, data: object, path: str = "event") -> SourceEvent:
        data = read_mapping(data, path)
        check_keys(
            data,
            path,
            required=("event_id", "tenant_id", "subject_id", "text"),
            optional=("trust", "order", "role", "tool_calls", "tool_call_id", "name", "reason"),
        )
        text = data["text"]
        if not isinstance(text, str):
            raise PayloadError(join(path, "text"), f"expected a string, got {text!r} ({type_name(text)})")
        role = read_role(data, path)
        return cls(
            event_id=read_str(data, "event_id", path),
            tenant_id=read_str(data, "tenant_id", path),
            subject_id=read_str(data, "subject_id", path),
            text=text,
            trust=_enum(Trust, data, "trust", path, Trust.USER),
            order=read_int(data, "order", path, 0),
            role=role,
            tool_calls=read_tool_calls(data, path, role),
            tool_call_id=read_optional_str(data, "tool_call_id", path) or None,
            name=read_optional_str(data, "name", path) or None,
            reason=read_optional_str(data, "reason", path),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "event_id": self.event_id,
            "tenant_id": self.tenant_id,
            "subject_id": self.subject_id,
            "text": self.text,
            "trust": self.trust.value,
            "order": self.order,
        }
        if self.role != "user":
            out["role"] = self.role
        if self.tool_calls:
            out["tool_calls"] = [call.to_dict() for call in self.tool_calls]
        if self.tool_call_id is not None:
            out["tool_call_id"] = self.tool_call_id
        if self.name is not None:
            out["name"] = self.name
        if self.claims:
            out["claims"] = [claim.to_dict() for claim in self.claims]
        if self.retires:
            out["retires"] = list(self.retires)
        if self.reason is not None:
            out["reason"] = self.reason
        return out


MAX_ARTIFACT_ITEMS = 100_000
"""The most facts (or input event ids) an artifact is read with: an endless iterator handed
to the constructor is refused after this many, never read until memory runs out."""


def _frozen(items: object, name: str) -> tuple[Any, ...]:
    """``items`` as a tuple; an iterator (which may never end) is read to at most
    :data:`MAX_ARTIFACT_ITEMS`, and more is a ``ValueError``. A list is finite: read whole."""
    if isinstance(items, list):
        return tuple(items)
    if isinstance(items, Iterable) and not isinstance(items, (str, bytes, Mapping)):
        read = tuple(itertools.islice(items, MAX_ARTIFACT_ITEMS + 1))
    else:
        raise TypeError(f"Artifact {name} must be a list or tuple, not {type(items).__name__}")
    if len(read) > MAX_ARTIFACT_ITEMS:
        raise ValueError(
            f"Artifact {name} is endless or longer than {MAX_ARTIFACT_ITEMS} items "
            f"({type(items).__name__}): pass a finite list or tuple"
        )
    return read


@dataclass(frozen=True, slots=True, kw_only=True)
class Artifact:
    """What a compressor returns: one memory version for one tenant and subject."""

    memory_version: int
    tenant_id: str
    subject_id: str
    facts: tuple[Fact, ...] = ()
    summary: str | None = None
    depth: int = 1
    """How many compressions deep this artifact is (1: compressed from raw events)."""
    input_event_ids: tuple[str, ...] = ()
    """The source events the compressor was given."""
    selection: tuple[SourceEvent, ...] = field(default=(), compare=False, repr=False)
    """When this memory is a message selection (every message a source event unchanged): the
    events it kept, in order and without claims, so the next pass can hand them back as
    messages. Outside the contract: not compared, and a store may drop it."""
    index: Mapping[str, Fact] = field(init=False, repr=False, compare=False)
    """Facts by id (the first one, where an id is emitted twice)."""
    duplicate_ids: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """Fact ids emitted more than once, in first-seen order."""
    _keys: Mapping[str, tuple[object, ...]] = field(init=False, repr=False, compare=False)
    """The contract key of each fact of :attr:`index`, by id: what the checker compares."""

    def __post_init__(self) -> None:
        # Typed as object: callers may pass lists or iterators, which are frozen here.
        for name in ("facts", "input_event_ids"):
            given: object = getattr(self, name)
            if not isinstance(given, tuple):
                object.__setattr__(self, name, _frozen(given, name))
        index: dict[str, Fact] = {}
        keys: dict[str, tuple[object, ...]] = {}
        duplicates: dict[str, None] = {}
        for fact in self.facts:
            if fact.fact_id in index:
                duplicates[fact.fact_id] = None
            else:
                index[fact.fact_id] = fact
                keys[fact.fact_id] = fact._key
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "_keys", keys)
        object.__setattr__(self, "duplicate_ids", tuple(duplicates))

    @classmethod
    def from_dict(cls, data: object, path: str = "artifact") -> Artifact:
        data = read_mapping(data, path)
        check_keys(
            data,
            path,
            required=("memory_version", "tenant_id", "subject_id"),
            optional=("facts", "summary", "depth", "input_event_ids", "selection"),
        )
        tenant_id = read_str(data, "tenant_id", path)
        subject_id = read_str(data, "subject_id", path)
        raw_facts = read_sequence(data.get("facts", ()), join(path, "facts"))
        selection = read_sequence(data.get("selection", ()), join(path, "selection"))
        facts = tuple(
            Fact.from_dict(
                item,
                join(join(path, "facts"), index),
                tenant_id=tenant_id,
                subject_id=subject_id,
                lifecycle=False,
            )
            for index, item in enumerate(raw_facts)
        )
        version, depth = read_int(data, "memory_version", path), read_int(data, "depth", path, 1)
        if version < 0:
            raise PayloadError(
                join(path, "memory_version"), f"expected a version of 0 or more, got {version}"
            )
        if depth < 1:
            raise PayloadError(
                join(path, "depth"), f"expected a depth of 1 or more (1: summarized once), got {depth}"
            )
        return cls(
            memory_version=version,
            tenant_id=tenant_id,
            subject_id=subject_id,
            facts=facts,
            summary=read_optional_str(data, "summary", path),
            depth=depth,
            input_event_ids=read_str_list(data, "input_event_ids", path),
            selection=tuple(
                SourceEvent.from_dict(item, join(join(path, "selection"), index))
                for index, item in enumerate(selection)
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "memory_version": self.memory_version,
            "tenant_id": self.tenant_id,
            "subject_id": self.subject_id,
            "facts": [fact.to_dict() for fact in self.facts],
        }
        if self.summary is not None:
            out["summary"] = self.summary
        out["depth"] = self.depth
        if self.input_event_ids:
            out["input_event_ids"] = list(self.input_event_ids)
        if self.selection:
            out["selection"] = [event.to_dict() for event in self.selection]
        return out
