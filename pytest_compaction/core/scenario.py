"""Scenarios: source events, the facts they state, and the steps that compress them.

A scenario is plain data, loaded from a dict (a YAML spec, or Python) by
:meth:`Scenario.from_dict`. The runner (:mod:`pytest_compaction.engine.runner`) replays it
into a ledger and through a compressor.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pytest_compaction.core import spec_model
from pytest_compaction.core._fields import (
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
from pytest_compaction.core.depth_policy import DEFAULT_DEPTH_POLICY, DepthPolicy
from pytest_compaction.core.errors import PayloadError, _closest
from pytest_compaction.core.model import (
    Claim,
    SourceEvent,
    Trust,
    _enum,
    read_role,
    read_tool_calls,
)
from pytest_compaction.core.prose_form import ProsePolicy
from pytest_compaction.core.spec_writer import write

__all__ = [
    "SPEC_VERSION",
    "SPEC_VERSIONS",
    "STEP_KINDS",
    "Scenario",
    "Step",
    "StepKind",
    "read_mode",
    "read_numbers",
    "read_version",
]

StepKind = Literal["add", "compress", "delete", "retrieve", "use", "act"]

STEP_KINDS: tuple[StepKind, ...] = ("add", "compress", "delete", "retrieve", "use", "act")

SCENARIO_KEYS = spec_model.names(spec_model.SCENARIO)
"""Every key of a scenario spec, in the order the writer emits them."""

# Key lists of the spec model, computed once (the loader runs per event and per fact).
_ADD_REQUIRED = spec_model.required(spec_model.ADD)
_DELETE_REQUIRED = spec_model.required(spec_model.DELETE)
_DELETE_OPTIONAL = spec_model.optional(spec_model.DELETE)
_EVENT_OPTIONAL = spec_model.optional(spec_model.EVENT)
_EVENT_REQUIRED = spec_model.required(spec_model.EVENT)
_EXPECT_REQUIRED = spec_model.required(spec_model.EXPECT)
_SCENARIO_OPTIONAL = spec_model.optional(spec_model.SCENARIO)
_SCENARIO_REQUIRED = spec_model.required(spec_model.SCENARIO)
_OPTIONS = {
    kind: (spec_model.required(keys), spec_model.optional(keys))
    for kind, keys in spec_model.STEP_OPTIONS.items()
}

SPEC_VERSION = 1
"""The current spec format version (the optional ``version:`` key); the writer emits it."""

SPEC_VERSIONS = (1,)
"""Every format version this release reads."""


MAX_EVENTS = spec_model.MAX_EVENTS
"""The most events one scenario may hold."""
MAX_FACTS = 100_000
"""The most facts the events of one scenario may state."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    """One step of a scenario."""

    kind: StepKind
    event_ids: tuple[str, ...] = ()
    """For ``add``: the events delivered, in order."""
    fact_id: str | None = None
    """For ``delete``: the fact deleted."""
    event_id: str | None = None
    """For ``delete``: the event that requested the deletion, if any."""
    tenant_id: str | None = None
    subject_id: str | None = None
    """For ``compress`` and ``retrieve``: whose memory (default: the scenario's)."""
    query_class: str | None = None
    """For ``retrieve``: the kind of turn asking memory (``meal_recommendation``)."""
    predicates: tuple[str, ...] = ()
    """For ``retrieve``: predicate prefixes the query is narrowed to (empty: all)."""
    relevant: tuple[str, ...] = ()
    """For ``retrieve``: facts the query class needs; each active one must be retrieved."""
    limit: int | None = None
    """For ``retrieve``: the most facts the query asks for."""
    consumer: str | None = None
    """For ``use``: ``module:attribute`` of the planner or responder given the retrieved memory."""
    rules: tuple[str, ...] = ()
    """For ``use``: ``module:attribute`` of each rule over the consumer's output."""
    action: str | None = None
    """For ``act``: the consequential action, in the words of its statement ("run the data fix")."""
    binding: str | None = None
    """For ``act``: the phrase the action acts on; resolved against the bindings and the memory."""
    budget: int | None = None
    budget_tokens: int | None = None
    budget_chars: int | None = None
    """For ``compress``: this pass's budgets (default: the scenario's)."""
    path: str = ""

    def to_dict(self, scope: Mapping[str, Any] | None = None) -> dict[str, Any] | str:
        """The spec form of this step; a tenant or subject equal to the scenario's (``scope``) is left out."""
        if self.kind in ("add", "delete"):
            return write(spec_model.ADD if self.kind == "add" else spec_model.DELETE, self)
        options = write(spec_model.STEP_OPTIONS[self.kind], self, scope)
        return "compress" if self.kind == "compress" and not options else {self.kind: options}


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario:
    """A memory history and how it is compressed, with what must hold afterwards."""

    name: str
    description: str = ""
    tenant_id: str = "tenant-1"
    subject_id: str = "subject-1"
    events: tuple[SourceEvent, ...] = ()
    """Events in history order; each carries the claims (facts) it states."""
    steps: tuple[Step, ...] = ()
    budget: int | None = None
    mode: Literal["strict", "permissive"] = "strict"
    expect_violations: tuple[str, ...] | None = None
    """The exact violation names a recorded incident must produce; None means none."""
    relations: tuple[str, ...] = ()
    depth: int | None = None
    attempts: int | None = None
    seed: int | None = None
    invariants: object = None
    """The pinned-invariant register, as plain data (see the prose docs)."""
    bindings: object = None
    """The binding table, as plain data (see the prose docs)."""
    budget_tokens: int | None = None
    """The most tokens a summary may take (reaches the compressor with every pass)."""
    budget_chars: int | None = None
    """The most characters a summary may take (reaches the compressor with every pass)."""
    prose_policy: ProsePolicy | None = None
    """Rules for prose summaries (``prose_policy: {max_depth: N}``)."""
    version: int | None = None
    """The spec format version the file declares (None: not declared, read as the current one)."""
    depth_policy: DepthPolicy | None = None
    """Which checks tighten from which compaction depth (``depth_policy:``); None: the default."""
    _events_by_id: dict[str, SourceEvent] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, SourceEvent] = {}
        for event in self.events:
            index.setdefault(event.event_id, event)
        object.__setattr__(self, "_events_by_id", index)

    @property
    def effective_depth_policy(self) -> DepthPolicy:
        """The spec's depth policy, or :data:`~pytest_compaction.core.depth_policy.DEFAULT_DEPTH_POLICY`."""
        return self.depth_policy if self.depth_policy is not None else DEFAULT_DEPTH_POLICY

    @property
    def effective_steps(self) -> tuple[Step, ...]:
        """The steps, or by default: deliver every event, then compress once."""
        if self.steps:
            return self.steps
        return (
            Step(kind="add", event_ids=tuple(e.event_id for e in self.events)),
            Step(kind="compress"),
        )

    def to_dict(self) -> dict[str, Any]:
        """The spec form of this scenario: :meth:`from_dict` reads it back to an equal scenario.

        Written from the spec model (:func:`~pytest_compaction.core.spec_writer.write`):
        defaults are left out; ``version`` is always the current format version. A claim an
        earlier event stated is written as ``restates``.
        """
        scope = {"tenant": self.tenant_id, "subject": self.subject_id}
        stated: set[str] = set()
        events = []
        for event in self.events:
            fresh = tuple(claim for claim in event.claims if claim.fact_id not in stated)
            again = tuple(claim.fact_id for claim in event.claims if claim.fact_id in stated)
            stated.update(claim.fact_id for claim in fresh)
            events.append(write(spec_model.EVENT, event, scope, values={"facts": fresh, "restates": again}))
        return write(spec_model.SCENARIO, self, written={"version": SPEC_VERSION, "events": events})

    def event(self, event_id: str) -> SourceEvent:
        """The event with id ``event_id`` (the first, if ids repeat); KeyError when none has it."""
        return self._events_by_id[event_id]

    @classmethod
    def from_dict(cls, data: object, *, name: str, path: str = "") -> Scenario:
        data = read_mapping(data, path)
        check_keys(data, path, required=_SCENARIO_REQUIRED, optional=_SCENARIO_OPTIONAL)
        tenant = read_str(data, "tenant", path, "tenant-1")
        subject = read_str(data, "subject", path, "subject-1")
        events = _events(data["events"], join(path, "events"), tenant, subject)
        ids = [e.event_id for e in events]
        facts = [c.fact_id for e in events for c in e.claims]
        steps = _steps(data.get("steps"), join(path, "steps"), ids, tenant, subject, facts)
        policy = data.get("prose_policy")
        acting = next((step for step in steps if step.kind == "act"), None)
        if acting is not None and data.get("bindings") is None:
            raise PayloadError(
                join(acting.path, "act"),
                "an act step resolves its binding against the scenario's ground truth, its `bindings:` "
                "table, but the spec has none; add `bindings:` with the phrase and its canonical_id",
            )
        return cls(
            name=name,
            description=read_optional_str(data, "description", path) or "",
            tenant_id=tenant,
            subject_id=subject,
            events=events,
            steps=steps,
            **read_numbers(spec_model.SCENARIO, data, path),
            mode=read_mode(data, path),
            expect_violations=_expect(data.get("expect"), join(path, "expect")),
            relations=read_str_list(data, "relations", path),
            invariants=data.get("invariants"),
            bindings=data.get("bindings"),
            prose_policy=None
            if policy is None
            else ProsePolicy.from_dict(policy, join(path, "prose_policy")),
            version=read_version(data, path),
            depth_policy=None
            if data.get("depth_policy") is None
            else DepthPolicy.from_dict(data["depth_policy"], join(path, "depth_policy")),
        )


def read_version(data: Mapping[str, Any], path: str = "") -> int | None:
    """A spec's ``version:`` (None when absent); a version this release cannot read is refused."""
    if data.get("version") is None:
        return None
    version = read_int(data, "version", path)
    if version not in SPEC_VERSIONS:
        newer = version > SPEC_VERSION
        fix = (
            "it was written for a newer pytest-compaction: upgrade the plugin"
            if newer
            else f"write `version: {SPEC_VERSION}`"
        )
        raise PayloadError(
            join(path, "version"),
            f"unknown spec format version {version}; this release reads version "
            f"{', '.join(map(str, SPEC_VERSIONS))} ({fix})",
        )
    return version


def read_mode(data: Mapping[str, Any], path: str = "") -> Literal["strict", "permissive"]:
    """A spec's ``mode:`` (default ``strict``)."""
    mode = data.get("mode", "strict")
    if mode not in ("strict", "permissive"):
        raise PayloadError(join(path, "mode"), f"expected strict or permissive, got {shown(mode)}")
    return "strict" if mode == "strict" else "permissive"


def read_numbers(keys: tuple[spec_model.Key, ...], data: Mapping[str, Any], path: str) -> dict[str, Any]:
    """Every integer key of ``keys`` by attribute (None when absent), within the model's bounds."""
    out: dict[str, Any] = {}
    for key in (key for key in keys if key.kind == "int"):
        out[key.attribute] = None if data.get(key.name) is None else read_int(data, key.name, path)
        problem = None if out[key.attribute] is None else key.out_of_bounds(out[key.attribute])
        if problem is not None:
            raise PayloadError(join(path, key.name), problem)
    return out


def _events(raw: object, path: str, tenant: str, subject: str) -> tuple[SourceEvent, ...]:
    events: list[SourceEvent] = []
    seen: set[str] = set()
    stated: dict[str, tuple[Claim, str, str]] = {}  # fact id -> (claim, tenant, subject)
    calls_made: set[str] = set()
    items = read_sequence(raw, path)
    if len(items) > MAX_EVENTS:
        raise PayloadError(
            path, f"{len(items)} events; a scenario holds at most {MAX_EVENTS} (split it into several specs)"
        )
    for index, item in enumerate(items):
        where = join(path, index)
        item = read_mapping(item, where)
        check_keys(
            item,
            where,
            required=_EVENT_REQUIRED,
            optional=_EVENT_OPTIONAL,
        )
        event_id = read_str(item, "id", where)
        if event_id in seen:
            raise PayloadError(
                join(where, "id"), f"event id {event_id!r} is used twice; event ids must be unique"
            )
        seen.add(event_id)
        text = item["text"]
        if not isinstance(text, str):
            raise PayloadError(join(where, "text"), f"expected a string, got {text!r} ({type_name(text)})")
        trust = _enum(Trust, item, "trust", where, Trust.USER)
        role = read_role(item, where)
        tool_calls = read_tool_calls(item, where, role)
        tool_call_id = read_optional_str(item, "tool_call_id", where)
        if tool_call_id is not None and tool_call_id not in calls_made:
            close = _closest(tool_call_id, tuple(calls_made))
            hint = f"did you mean {close!r}?" if close else "answer a call an earlier assistant event makes"
            raise PayloadError(
                join(where, "tool_call_id"),
                f"no earlier event makes a tool call with id {tool_call_id!r}; {hint}",
            )
        calls_made.update(call.call_id for call in tool_calls)
        tenant_id = read_str(item, "tenant", where, tenant)
        subject_id = read_str(item, "subject", where, subject)
        claims = []
        for c_index, claim in enumerate(read_sequence(item.get("facts", ()), join(where, "facts"))):
            parsed = Claim.from_dict(claim, join(join(where, "facts"), c_index), trust=trust, id_key="id")
            if parsed.fact_id in stated:
                raise PayloadError(
                    join(join(join(where, "facts"), c_index), "id"),
                    f"fact id {parsed.fact_id!r} is stated twice; a new value is a new fact with "
                    f"`supersedes: {parsed.fact_id}`, the same value said again is "
                    f"`restates: [{parsed.fact_id}]`",
                )
            stated[parsed.fact_id] = (parsed, tenant_id, subject_id)
            if len(stated) > MAX_FACTS:
                raise PayloadError(
                    join(join(where, "facts"), c_index),
                    f"more than {MAX_FACTS} facts; a scenario states at most {MAX_FACTS} (split it into "
                    "several specs)",
                )
            claims.append(parsed)
        for r_index, fact_id in enumerate(read_str_list(item, "restates", where)):
            spot = join(join(where, "restates"), r_index)
            if fact_id not in stated:
                close = _closest(fact_id, tuple(stated))
                hint = f"; did you mean {close!r}?" if close else ""
                raise PayloadError(spot, f"no earlier event states fact {fact_id!r}{hint}")
            original, owner_tenant, owner_subject = stated[fact_id]
            if (owner_tenant, owner_subject) != (tenant_id, subject_id):
                raise PayloadError(
                    spot, f"fact {fact_id!r} belongs to {owner_tenant}/{owner_subject}, not to this event's"
                )
            # The same claim again: the runner records it as more provenance for the fact.
            claims.append(dataclasses.replace(original, supersedes=()))
        events.append(
            SourceEvent(
                event_id=event_id,
                tenant_id=tenant_id,
                subject_id=subject_id,
                text=text,
                trust=trust,
                order=index,
                claims=tuple(claims),
                retires=read_str_list(item, "retires", where),
                role=role,
                tool_calls=tool_calls,
                tool_call_id=tool_call_id,
                name=read_optional_str(item, "name", where),
                reason=read_optional_str(item, "reason", where),
            )
        )
    if not events:
        raise PayloadError(path, "a scenario needs at least one event")
    return tuple(events)


_NEEDS_EARLIER: dict[str, tuple[StepKind, str]] = {
    "retrieve": (
        "compress",
        "a retrieve step reads the memory a compression stored, but no compress step comes before it; "
        "add `- compress` before it",
    ),
    "use": (
        "retrieve",
        "a use step consumes the memory of the last retrieve step, but no retrieve step comes before it; "
        "add `- retrieve: {query: <query class>}` before it",
    ),
    "act": (
        "compress",
        "an act step resolves its binding against the memory a compression left, but no compress step "
        "comes before it; add `- compress` before it",
    ),
}
"""The steps that read what an earlier kind of step left: that kind, and the error without it."""


def _steps(
    raw: object, path: str, event_ids: list[str], tenant: str, subject: str, fact_ids: list[str]
) -> tuple[Step, ...]:
    if raw is None:
        return ()
    steps: list[Step] = []
    for index, item in enumerate(read_sequence(raw, path)):
        where = join(path, index)
        if item == "compress":
            item = {"compress": None}
        if isinstance(item, str):
            hint = " (did you mean 'compress'?)" if _closest(item, ("compress",)) else ""
            raise PayloadError(
                where,
                f"expected `compress` or a mapping with one of add, compress, delete, retrieve, use or act, "
                f"got {item!r}{hint}",
            )
        item = read_mapping(item, where)
        kinds = [k for k in STEP_KINDS if k in item]
        if len(kinds) != 1:
            raise PayloadError(
                where,
                "each step has exactly one of add, compress, delete, retrieve, use or act "
                "(e.g. `- add: [e1, e2]`)",
            )
        kind = kinds[0]
        if kind in _NEEDS_EARLIER:
            earlier, why = _NEEDS_EARLIER[kind]
            if not any(step.kind == earlier for step in steps):
                raise PayloadError(join(where, kind), why)
        if kind in spec_model.STEP_OPTIONS:  # `- kind: {options}`
            check_keys(item, where, required=(kind,))
            at = join(where, kind)
            options = read_mapping((item[kind] or {}) if kind == "compress" else item[kind], at)
            check_keys(options, at, required=_OPTIONS[kind][0], optional=_OPTIONS[kind][1])
            whose: dict[str, Any] = {"tenant_id": read_str(options, "tenant", at, tenant)}
            whose["subject_id"] = read_str(options, "subject", at, subject)
        if kind == "retrieve":
            steps.append(_retrieve(options, at, where, whose, fact_ids))
        elif kind == "use":
            steps.append(_use(options, at, where))
        elif kind == "act":
            action, binding = read_str(options, "action", at), read_str(options, "binding", at)
            steps.append(Step(kind="act", action=action, binding=binding, **whose, path=where))
        elif kind == "add":
            check_keys(item, where, required=_ADD_REQUIRED)
            value = item["add"]
            ids = event_ids if value == "all" else list(read_str_list(item, "add", where))
            for position, event_id in enumerate(ids):
                if event_id not in event_ids:
                    raise PayloadError(
                        join(join(where, "add"), position),
                        f"no event has id {event_id!r}; known events: {', '.join(event_ids)}",
                    )
            steps.append(Step(kind="add", event_ids=tuple(ids), path=where))
        elif kind == "delete":
            check_keys(item, where, required=_DELETE_REQUIRED, optional=_DELETE_OPTIONAL)
            by_event = read_optional_str(item, "event", where)
            if by_event is not None and by_event not in event_ids:
                raise PayloadError(
                    join(where, "event"),
                    f"no event has id {by_event!r}; known events: {', '.join(event_ids)}",
                )
            steps.append(
                Step(kind="delete", fact_id=read_str(item, "delete", where), event_id=by_event, path=where)
            )
        else:
            steps.append(
                Step(kind="compress", **whose, **read_numbers(spec_model.COMPRESS, options, at), path=where)
            )
    if not any(step.kind == "compress" for step in steps):
        raise PayloadError(path, "the steps never compress; add a `- compress` step")
    return tuple(steps)


def _retrieve(options: Mapping[str, Any], at: str, where: str, whose: Any, fact_ids: list[str]) -> Step:
    relevant = read_str_list(options, "relevant", at)
    for index, fact_id in enumerate(relevant):
        if fact_id not in fact_ids:
            close = _closest(fact_id, tuple(fact_ids))
            hint = f" (did you mean {close!r}?)" if close else ""
            raise PayloadError(
                join(join(at, "relevant"), index),
                f"no event states a fact {fact_id!r}{hint}; declare as relevant the facts the "
                f"scenario's events state",
            )
    return Step(
        kind="retrieve",
        query_class=read_str(options, "query", at),
        predicates=read_str_list(options, "predicates", at),
        relevant=relevant,
        **whose,
        **read_numbers(spec_model.RETRIEVE, options, at),
        path=where,
    )


def _use(options: Mapping[str, Any], at: str, where: str) -> Step:
    consumer = _reference(read_str(options, "consumer", at), join(at, "consumer"))
    rules = read_str_list(options, "rules", at)
    if not rules:
        raise PayloadError(
            join(at, "rules"),
            "expected at least one rule; a use step judges the consumer's output with domain rules "
            "(e.g. no_forbidden_ingredient)",
        )
    for index, rule in enumerate(rules):
        _reference(rule, join(join(at, "rules"), index))
    return Step(kind="use", consumer=consumer, rules=rules, path=where)


def _reference(value: str, path: str) -> str:
    """A consumer or rule name: registered by the project (``plan_meal``) or its ``module:attribute``.

    Only the form is checked here; the run resolves the name against the project's
    registrations (:func:`pytest_compaction.config.references.resolve_use`).
    """
    if value.isidentifier():
        return value
    module, _, attribute = value.partition(":")
    if not module or not attribute or ":" in attribute or any(c.isspace() for c in value):
        raise PayloadError(
            path,
            f"expected a registered name such as plan_meal (or the 'package.module:attribute' a "
            f"registered name stands for), got {value!r} (str)",
        )
    return value


def _expect(raw: object, path: str) -> tuple[str, ...] | None:
    if raw is None:
        return None
    data = read_mapping(raw, path)
    check_keys(data, path, required=_EXPECT_REQUIRED)
    names = read_str_list(data, "violations", path)
    return tuple(sorted(set(names)))
