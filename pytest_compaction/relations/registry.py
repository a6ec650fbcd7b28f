"""Metamorphic relations: transformations of a scenario whose effect on the oracle is known.

A handful of golden transcripts cannot cover a compressor; a transformation whose
effect on meaning is known can. Each relation here is named, says what it does
and *why* it preserves meaning (an invariant relation) or exactly how it changes
it (an oracle-changing relation, which declares the facts that become or stop
being active). Random edits whose effect is unknown are not metamorphic tests.

A relation is applied with a seed and is deterministic given it. When a scenario
gives a relation nothing to work on (no untrusted event to repeat, no update to
move) it returns :class:`NotApplicable` with the reason, rather than passing
silently. Every transformed scenario is replayed into a ledger and compared with
the original's before any compressor runs, so a relation that breaks its own
declaration raises :class:`RelationError` instead of blaming the compressor.

Users add relations with :func:`register_relation`; see ``docs/relations.md``.
"""

from __future__ import annotations

import dataclasses
import difflib
import random
import re
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import overload

from pytest_compaction.core.compare import signature
from pytest_compaction.core.errors import CompactionError, ConfigError, PayloadError
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Fact, Status
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.engine.runner import Schedule
from pytest_compaction.relations.timeline import (
    Entry,
    rebuild,
    replay_ledger,
    timeline,
)

__all__ = [
    "RELATIONS",
    "Entry",
    "NotApplicable",
    "OracleChange",
    "Relation",
    "RelationError",
    "RelationKind",
    "Transform",
    "Transformation",
    "Transformed",
    "UnknownRelationError",
    "get_relation",
    "rebuild",
    "register_relation",
    "relation_rng",
    "relation_name_errors",
    "replay_ledger",
    "timeline",
]


class RelationError(CompactionError, ValueError):
    """A relation that cannot be registered, or whose transformation breaks its own declaration."""


class UnknownRelationError(ConfigError, LookupError):
    """A relation name that is not registered. ``name`` and ``known`` say which and what exists."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        self.name = name
        self.known = known
        super().__init__(
            f"unknown relation {name!r}{_did_you_mean(name, known)} (known relations: "
            f"{', '.join(known) or 'none'}; "
            f"register others with pytest_compaction.relations.register_relation)"
        )


def _did_you_mean(name: str, known: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(name, known, n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


class RelationKind(str, Enum):
    """What a relation does to the oracle."""

    INVARIANT = "invariant"
    """Meaning is preserved: the transformed run must end with the same critical facts."""
    ORACLE_CHANGING = "oracle_changing"
    """Meaning changes as declared: named facts become, or stop being, active."""


@dataclass(frozen=True, slots=True, kw_only=True)
class OracleChange:
    """The declared effect of an oracle-changing relation, by fact id."""

    now_active: tuple[str, ...] = ()
    """Facts active after the transformation that were not before (e.g. the other value is now current)."""
    no_longer_active: tuple[str, ...] = ()
    """Facts active before the transformation that must not appear after it."""

    @property
    def empty(self) -> bool:
        return not self.now_active and not self.no_longer_active

    def describe(self) -> str:
        sides = (("now active", self.now_active), ("no longer active", self.no_longer_active))
        return (
            "; ".join(f"{side}: {', '.join(ids)}" for side, ids in sides if ids) or "the oracle is unchanged"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Transformed:
    """What a relation's transform returns when it applies."""

    scenario: Scenario
    description: str
    """What exactly changed, by event and fact id (never the events' text)."""
    change: OracleChange = field(default_factory=OracleChange)
    schedule: Schedule = "sequential"
    """How the transformed run orders its passes (``concurrent``: subjects' passes at once)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NotApplicable:
    """What a relation's transform returns when the scenario gives it nothing to work on."""

    reason: str
    relation: str = ""
    """Filled in by :meth:`Relation.apply`."""


Transform = Callable[[Scenario, random.Random], Transformed | NotApplicable]
"""A relation's transformation: ``(scenario, rng) -> Transformed | NotApplicable``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Transformation:
    """A relation applied to one scenario with one seed: both scenarios and the declared change."""

    relation: str
    kind: RelationKind
    seed: int
    original: Scenario
    scenario: Scenario
    """The transformed scenario."""
    description: str
    change: OracleChange
    schedule: Schedule = "sequential"
    """How the transformed scenario is run (see :func:`~pytest_compaction.engine.runner.run_scenario`)."""

    def expected_ledger(self) -> Ledger:
        """The transformed scenario's final ledger: the new expectation."""
        return replay_ledger(self.scenario)


def relation_rng(name: str, seed: int) -> random.Random:
    """The generator a relation is given: one stream per (relation, seed).

    Keyed by name too, so adding a relation to a list never changes what another draws.
    """
    return random.Random(f"{name}:{seed}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Relation:
    """A named transformation of a scenario and its declared effect on the oracle."""

    name: str
    kind: RelationKind
    summary: str
    """What it does, in one line."""
    rationale: str
    """Why it preserves meaning, or how it changes it."""
    transform: Transform

    def apply(self, scenario: Scenario, seed: int) -> Transformation | NotApplicable:
        """Transform ``scenario`` deterministically for ``seed`` and check the declared effect."""
        original_ledger = replay_ledger(scenario)
        outcome = self.transform(scenario, relation_rng(self.name, seed))
        if isinstance(outcome, NotApplicable):
            return dataclasses.replace(outcome, relation=self.name)
        if not isinstance(outcome, Transformed):
            raise RelationError(
                f"relation {self.name!r} returned {type(outcome).__name__}; a transform returns "
                f"Transformed(scenario=..., description=...) or NotApplicable(reason=...)"
            )
        transformed = dataclasses.replace(
            outcome.scenario, name=f"{scenario.name}[{self.name}]", relations=(), depth=None
        )
        self._verify(original_ledger, transformed, outcome.change, seed)
        return Transformation(
            relation=self.name,
            kind=self.kind,
            seed=seed,
            original=scenario,
            scenario=transformed,
            description=outcome.description,
            change=outcome.change,
            schedule=outcome.schedule,
        )

    def _verify(self, before: Ledger, scenario: Scenario, change: OracleChange, seed: int) -> None:
        where = f"relation {self.name!r} (seed {seed})"
        if self.kind is RelationKind.INVARIANT and not change.empty:
            raise RelationError(f"{where} is invariant but declares a change ({change.describe()})")
        if self.kind is RelationKind.ORACLE_CHANGING and change.empty:
            raise RelationError(f"{where} changes the oracle but declares no change; fill in OracleChange")
        try:
            after = replay_ledger(scenario)
        except CompactionError as exc:
            raise RelationError(f"{where} produced a scenario that cannot be replayed: {exc}") from None
        expected = _active(before)
        declared = (
            (change.no_longer_active, before, -1, "no longer active, but it was not active before"),
            (change.now_active, after, +1, "now active, but the transformed ledger disagrees"),
        )
        for ids, ledger, step, wrong in declared:
            for fact_id in ids:
                fact = ledger.find(fact_id)
                if fact is None or fact.status is not Status.ACTIVE:
                    raise RelationError(f"{where} declares {fact_id!r} {wrong}")
                expected[_oracle_key(fact)] += step
        actual = _active(after)
        lost, gained = +(expected - actual), +(actual - expected)
        if lost or gained:
            raise RelationError(
                f"{where} declares {change.describe()}, but the transformed ledger differs: "
                f"{_keys(lost, before, after)} missing, {_keys(gained, after)} unexpected"
            )


def _oracle_key(fact: Fact) -> tuple[object, ...]:
    return (*signature(fact), fact.criticality)


def _active(ledger: Ledger) -> Counter[tuple[object, ...]]:
    return Counter(_oracle_key(f) for f in ledger.active())


def _keys(counter: Counter[tuple[object, ...]], *ledgers: Ledger) -> str:
    named = {_oracle_key(f): f for ledger in ledgers for f in ledger.active()}
    shown = [f"{named[key].fact_id} ({named[key].predicate})" for key in counter if key in named]
    return ", ".join(sorted(shown)) or "nothing"


# -- the registry ---------------------------------------------------------------

_REGISTRY: dict[str, Relation] = {}
RELATIONS: Mapping[str, Relation] = MappingProxyType(_REGISTRY)
"""Every registered relation by name (a read-only, live view)."""

_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")


@overload
def register_relation(
    name: str,
    transform: Transform,
    *,
    summary: str,
    rationale: str,
    kind: RelationKind | str = ...,
    replace: bool = ...,
) -> Relation: ...


@overload
def register_relation(
    name: str,
    transform: None = ...,
    *,
    summary: str,
    rationale: str,
    kind: RelationKind | str = ...,
    replace: bool = ...,
) -> Callable[[Transform], Transform]: ...


def register_relation(
    name: str,
    transform: Transform | None = None,
    *,
    summary: str,
    rationale: str,
    kind: RelationKind | str = RelationKind.INVARIANT,
    replace: bool = False,
) -> Relation | Callable[[Transform], Transform]:
    """Register a relation under ``name`` so markers and YAML specs can use it.

    Call it with the transform, or use it as a decorator::

        @register_relation(
            "append_signature",
            summary="append an email signature event after the last user turn",
            rationale="a signature states no fact; structured memory must not change",
        )
        def append_signature(scenario, rng):
            entries = timeline(scenario)
            signature = SourceEvent(event_id="signature", tenant_id=scenario.tenant_id,
                                    subject_id=scenario.subject_id, text="Sent from my phone")
            position = rng.randint(0, len(entries) - 1)  # before the final compress step
            entries.insert(position, signature)
            return Transformed(scenario=rebuild(scenario, entries),
                               description=f"inserted 'signature' before {position}")

    ``kind="oracle_changing"`` relations must return the :class:`OracleChange` they cause.
    """
    try:
        kind = RelationKind(kind)
    except ValueError:
        raise RelationError(
            f"relation {name!r}: kind must be 'invariant' or 'oracle_changing', got {kind!r}"
        ) from None
    if not isinstance(name, str) or not _NAME.match(name):
        raise RelationError(
            f"relation name {name!r} must be lowercase letters, digits and underscores, starting "
            f"with a letter (it is written in markers and YAML), e.g. 'append_signature'"
        )
    for what, text in (("summary", summary), ("rationale", rationale)):
        if not isinstance(text, str) or not text.strip():
            raise RelationError(
                f"relation {name!r} needs a {what}: say what it does and why it preserves meaning "
                f"(or how it changes the oracle)"
            )

    def register(function: Transform) -> Relation:
        if not callable(function):
            raise RelationError(
                f"relation {name!r}: transform must be a callable (scenario, rng) -> Transformed | "
                f"NotApplicable, got {type(function).__name__}"
            )
        existing = _REGISTRY.get(name)
        if existing is not None and not replace and existing.transform is not function:
            raise RelationError(
                f"a relation named {name!r} is already registered ({existing.summary}); pass "
                f"replace=True to replace it, or choose another name"
            )
        relation = Relation(name=name, kind=kind, summary=summary, rationale=rationale, transform=function)
        _REGISTRY[name] = relation
        return relation

    if transform is not None:
        return register(transform)

    def decorator(function: Transform) -> Transform:
        register(function)
        return function

    return decorator


def get_relation(name: str) -> Relation:
    """The registered relation called ``name``; an unknown name suggests the closest one."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        raise UnknownRelationError(str(name), tuple(sorted(_REGISTRY))) from None


def relation_name_errors(
    names: Sequence[object], *, field: str = "relations", known: Collection[str] | None = None
) -> tuple[PayloadError, ...]:
    """One error per entry of ``names`` that names no relation in ``known``, at ``field[i]``.

    ``known`` defaults to the relations registered now: at collection, after the suite's
    ``conftest.py`` files have registered theirs, so a spec naming an unregistered relation
    fails before any of its passes runs. A tool that runs no ``conftest.py`` (``compaction
    lint``) passes the built-in names and reports the rest as names it cannot vouch for.
    Each error's path (``relations[1]``) is what a spec's source map turns into a line.
    """
    pool = tuple(sorted(_REGISTRY if known is None else known))
    errors: list[PayloadError] = []
    for index, name in enumerate(names):
        if isinstance(name, str) and name in pool:
            continue
        if known is None:
            message = str(UnknownRelationError(str(name), pool))
        else:
            message = (
                f"{str(name)!r} is not a built-in relation{_did_you_mean(str(name), pool)} (built-in: "
                f"{', '.join(pool)}); a relation the suite's conftest.py registers with "
                f"pytest_compaction.relations.register_relation is checked when pytest collects the spec"
            )
        errors.append(PayloadError(f"{field}[{index}]", message))
    return tuple(errors)
