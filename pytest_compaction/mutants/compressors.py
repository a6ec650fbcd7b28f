"""The drift mutants themselves: faithful compressors with one kind of drift injected.

This module holds the base class, the mutants that change facts, inputs or memory
views, and the shared helpers; the ones that rewrite the prose summary are in
:mod:`pytest_compaction.mutants.prose`. Each class wraps a compressor (the reference
compressor by default) and changes either what it is given
(:meth:`MutantCompressor.prepare`) or what it returns (:meth:`MutantCompressor.mutate`),
so that exactly one failure class of the brief is injected. They are public through
:mod:`pytest_compaction.mutants.catalog`, which also says which violation codes count as
killing each one.

A mutant is stateful on purpose where its failure needs memory (a stale
checkpoint, a cache keyed without the tenant, a call counter): build a fresh one
for every scenario.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from pytest_compaction.compressors.base import (
    CompressionRequest,
    Compressor,
    ReferenceCompressor,
    compressor_name,
    replays_claims,
)
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.model import Artifact, Criticality, Fact, SourceEvent, Trust

__all__ = [
    "DecayOnResummarize",
    "DropCriticalFact",
    "DropProvenance",
    "DropQualifiers",
    "ElevateUntrustedClaim",
    "FlakyCriticalFact",
    "InferSpeculation",
    "KeepRecentUnderBudget",
    "KeepSupersededValue",
    "LeakOtherTenant",
    "LoseConcurrentUpdate",
    "MoveToOtherSubject",
    "MutantCompressor",
    "NegateBoolean",
    "ReplayDeletedInput",
    "ResurrectFromCheckpoint",
    "ShareRunningMemory",
    "StringifyValues",
]

Scope = tuple[str, str]


class MutantCompressor:
    """A faithful compressor (``inner``) with exactly one kind of drift injected.

    ``seed`` makes any variation deterministic. ``calls`` counts calls, attempts included.
    Subclasses override :meth:`prepare` (what the inner compressor is given) and/or
    :meth:`mutate` (what it returned); the request the caller passed is never changed.
    """

    mutant_name: ClassVar[str] = "mutant"

    def __init__(self, inner: Compressor | None = None, *, seed: int = 0) -> None:
        self.inner: Compressor = inner if inner is not None else ReferenceCompressor()
        self.seed = seed
        self.calls = 0

    @property
    def name(self) -> str:
        return f"{self.mutant_name}({compressor_name(self.inner)})"

    @property
    def replays_claims(self) -> bool:
        """A mutant sees the claims exactly when the compressor it wraps replays them."""
        return replays_claims(self.inner)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

    def compress(self, request: CompressionRequest) -> Artifact | Mapping[str, Any]:
        self.calls += 1
        outcome = self.inner.compress(self.prepare(request))
        artifact = _as_artifact(outcome)
        if artifact is None:
            return outcome  # the guard names a malformed output; a mutant does not hide it
        return self.mutate(request, artifact)

    def prepare(self, request: CompressionRequest) -> CompressionRequest:
        """The request the inner compressor is given (by default the one received)."""
        return request

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        """The artifact returned (by default the inner compressor's)."""
        return artifact


# -- 1 omission -----------------------------------------------------------------------


class DropCriticalFact(MutantCompressor):
    """Drops the first critical fact of every artifact (omission: ``missing``)."""

    mutant_name = "drop_critical_fact"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        return _without_first_critical(artifact)


# -- 2 negation -----------------------------------------------------------------------


class NegateBoolean(MutantCompressor):
    """Flips every boolean value: "do not contact" becomes "contact" (``value_changed``)."""

    mutant_name = "negate_boolean"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        return _map_facts(artifact, lambda f: _with(f, value=not f.value) if isinstance(f.value, bool) else f)


# -- 3 qualifier loss -----------------------------------------------------------------


class DropQualifiers(MutantCompressor):
    """Drops every qualifier: "refund up to $50 after supervisor review" becomes "may refund"."""

    mutant_name = "drop_qualifiers"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        return _map_facts(artifact, lambda f: _with(f, qualifiers=()) if f.qualifiers else f)


# -- 4 temporal collapse --------------------------------------------------------------


class KeepSupersededValue(MutantCompressor):
    """Keeps the old value next to the new one when a claim supersedes it.

    Every fact a claim of this pass supersedes is put back (from the prior memory or
    from the event that stated it): ``forbidden_superseded_fact``.
    """

    mutant_name = "keep_superseded_value"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        present = set(artifact.index)
        restored: list[Fact] = []
        for event in request.events:
            for claim in event.claims:
                for old_id in claim.supersedes:
                    if old_id in present:
                        continue
                    old = _known_fact(request, old_id)
                    if old is not None:
                        restored.append(old)
                        present.add(old_id)
        if not restored:
            return artifact
        return dataclasses.replace(artifact, facts=(*restored, *artifact.facts))


# -- 5 deletion resurrection ----------------------------------------------------------


class ResurrectFromCheckpoint(MutantCompressor):
    """Resumes from its own last checkpoint after a deletion.

    After a deletion the run hands over the prior memory with the deleted facts purged
    (or, for a system that rebuilds, no prior at all); this mutant ignores that and builds
    the pass on the artifact it emitted last for the same tenant and subject, so a deleted
    fact comes back: ``forbidden_deleted_fact``.
    """

    mutant_name = "resurrect_from_checkpoint"

    def __init__(self, inner: Compressor | None = None, *, seed: int = 0) -> None:
        super().__init__(inner, seed=seed)
        self.checkpoints: dict[Scope, Artifact] = {}

    def prepare(self, request: CompressionRequest) -> CompressionRequest:
        stale = self.checkpoints.get(_scope(request))
        if stale is not None and (request.prior is None or request.deleted_fact_ids):
            return dataclasses.replace(request, prior=stale)
        return request

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        self.checkpoints[_scope(request)] = artifact
        return artifact


class ReplayDeletedInput(MutantCompressor):
    """Replays its own copy of the raw history, deleted turns included, and filters the output.

    Every pass is given all the events this mutant has ever seen for the tenant and
    subject; facts whose only sources the runner no longer sends are filtered out of
    the result (and their lines out of the summary), so the output looks clean. The
    artifact's ``input_event_ids`` tell the truth: ``deleted_content_in_input``.
    """

    mutant_name = "replay_deleted_input"

    def __init__(self, inner: Compressor | None = None, *, seed: int = 0) -> None:
        super().__init__(inner, seed=seed)
        self.history: dict[Scope, dict[str, SourceEvent]] = {}
        self._replayed: tuple[SourceEvent, ...] = ()

    def prepare(self, request: CompressionRequest) -> CompressionRequest:
        seen = self.history.setdefault(_scope(request), {})
        current = {event.event_id for event in request.events}
        self._replayed = tuple(event for event_id, event in seen.items() if event_id not in current)
        for event in request.events:
            seen.setdefault(event.event_id, event)
        if not self._replayed:
            return request
        return dataclasses.replace(request, events=(*self._replayed, *request.events))

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        allowed = {event.event_id for event in request.events}
        if request.prior is not None:
            allowed.update(s for fact in request.prior.facts for s in fact.source_event_ids)
        kept = tuple(
            f
            for f in artifact.facts
            if not f.source_event_ids or any(s in allowed for s in f.source_event_ids)
        )
        if len(kept) == len(artifact.facts):
            return artifact
        cited = {s for fact in kept for s in fact.source_event_ids}
        hidden = [e.text for e in self._replayed if e.event_id not in cited and e.text.strip()]
        summary = artifact.summary
        if summary is not None:
            summary = "\n".join(line for line in summary.splitlines() if not any(t in line for t in hidden))
        return dataclasses.replace(artifact, facts=kept, summary=summary)


# -- 6 entity merge / isolation breach ------------------------------------------------


class MoveToOtherSubject(MutantCompressor):
    """Attaches a critical fact of the subject compressed before to this subject's memory.

    Models a per-tenant cache that forgot the subject: Dana's penicillin allergy ends
    up in Dina's record (``subject_changed``).
    """

    mutant_name = "move_to_other_subject"

    def __init__(self, inner: Compressor | None = None, *, seed: int = 0) -> None:
        super().__init__(inner, seed=seed)
        self.last: dict[str, tuple[str, Artifact]] = {}

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        previous = self.last.get(request.tenant_id)
        self.last[request.tenant_id] = (request.subject_id, artifact)
        if previous is None or previous[0] == request.subject_id:
            return artifact
        for fact in previous[1].facts:
            if fact.criticality is Criticality.CRITICAL and fact.fact_id not in artifact.index:
                moved = _with(fact, subject_id=request.subject_id)
                return dataclasses.replace(artifact, facts=(*artifact.facts, moved))
        return artifact


class LeakOtherTenant(MutantCompressor):
    """Merges in the facts another tenant's memory holds for the same subject id.

    Models a summary cache keyed by subject id only: two clinics' "patient-0042"
    share memory (``tenant_changed``).
    """

    mutant_name = "leak_other_tenant"

    def __init__(self, inner: Compressor | None = None, *, seed: int = 0) -> None:
        super().__init__(inner, seed=seed)
        self.cache: dict[str, dict[str, Artifact]] = {}

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        by_tenant = self.cache.setdefault(request.subject_id, {})
        present = set(artifact.index)
        leaked: list[Fact] = []
        for tenant, cached in by_tenant.items():
            if tenant == request.tenant_id:
                continue
            for fact in cached.facts:
                if fact.fact_id not in present:
                    leaked.append(fact)
                    present.add(fact.fact_id)
        by_tenant[request.tenant_id] = artifact
        if not leaked:
            return artifact
        return dataclasses.replace(artifact, facts=(*artifact.facts, *leaked))


class ShareRunningMemory(MutantCompressor):
    """Keeps one running memory on the instance for every subject it serves.

    A rolling summarizer that holds its last artifact in ``self.running`` builds each
    continuing pass on that instead of the prior it was given, whoever the running memory
    belongs to. One subject after another it is faithful; when two subjects' passes
    interleave or run at the same time, one subject's facts land in the other's memory
    (``subject_changed``) and its own earlier facts are gone.
    """

    mutant_name = "share_running_memory"

    def __init__(self, inner: Compressor | None = None, *, seed: int = 0) -> None:
        super().__init__(inner, seed=seed)
        self.running: Artifact | None = None
        # The prior received last and the memory used in its place: attempts of one pass
        # get the same prior object, and so the same substitute (this mutant is not flaky).
        self._view: tuple[Artifact | None, Artifact | None] = (None, None)

    def prepare(self, request: CompressionRequest) -> CompressionRequest:
        if request.prior is None:
            return request
        received, used = self._view
        if request.prior is not received:
            used = self.running if self.running is not None else request.prior
            self._view = (request.prior, used)
        return request if used is request.prior else dataclasses.replace(request, prior=used)

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        self.running = artifact
        return artifact


# -- 7 instruction elevation ----------------------------------------------------------


class ElevateUntrustedClaim(MutantCompressor):
    """Presents untrusted (quoted, retrieved) claims as the user's own (``trust_elevated``)."""

    mutant_name = "elevate_untrusted_claim"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        return _map_facts(
            artifact, lambda f: _with(f, authority=Trust.USER) if f.authority is Trust.UNTRUSTED else f
        )


# -- 8 unsupported inference ----------------------------------------------------------

_SPECULATIVE = re.compile(
    r"\b(may|might|maybe|perhaps|possibly|thinking about|considering|what if)\b", re.IGNORECASE
)
_MOVE_TO = re.compile(r"\bmove to ([A-Z][\w'-]*)")


class InferSpeculation(MutantCompressor):
    """Turns a speculative turn that states no fact into a fact.

    "I may move to Paris" becomes ``home.city = "Paris"``; other hedged turns become an
    ``inferred.intent``. The ledger holds no such fact: ``unsupported_fact``.
    """

    mutant_name = "infer_speculation"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        invented: list[Fact] = []
        for event in request.events:
            if event.claims or event.retires:
                continue
            hedge = _SPECULATIVE.search(event.text)
            if hedge is None:
                continue
            move = _MOVE_TO.search(event.text)
            predicate, value = (
                ("home.city", move.group(1))
                if move
                else ("inferred.intent", event.text[hedge.end() :].strip(" ,.?!") or event.text)
            )
            invented.append(
                Fact(
                    fact_id=f"inferred-{event.event_id}",
                    tenant_id=event.tenant_id,
                    subject_id=event.subject_id,
                    predicate=predicate,
                    value=value,
                    source_event_ids=(event.event_id,),
                    authority=event.trust,
                )
            )
        if not invented:
            return artifact
        return dataclasses.replace(artifact, facts=(*artifact.facts, *invented))


# -- 9 provenance loss ----------------------------------------------------------------


class DropProvenance(MutantCompressor):
    """Keeps every fact but drops its source event ids (``provenance_missing``)."""

    mutant_name = "drop_provenance"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        return _map_facts(artifact, lambda f: _with(f, source_event_ids=()) if f.source_event_ids else f)


# -- 10 repetition drift --------------------------------------------------------------


class DecayOnResummarize(MutantCompressor):
    """Faithful on the first passes; from depth ``from_depth`` on, carried-over facts lose qualifiers.

    A summary of a summary hedges a little more each time: a fact that survives pass 1
    intact has lost its conditions by pass 3 (``qualifiers_changed`` at depth 3).
    Facts restated by this pass's own events are kept intact.
    """

    mutant_name = "decay_on_resummarize"
    from_depth: ClassVar[int] = 3

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        prior = request.prior
        if prior is None or prior.depth + 1 < self.from_depth:
            return artifact
        restated = {claim.fact_id for event in request.events for claim in event.claims}
        return _map_facts(
            artifact,
            lambda f: (
                _with(f, qualifiers=())
                if f.qualifiers and f.fact_id in prior.index and f.fact_id not in restated
                else f
            ),
        )


# -- 15 budget failures ---------------------------------------------------------------


class KeepRecentUnderBudget(MutantCompressor):
    """Under a budget, a naive selector keeps only the most recent events that fit.

    Critical facts stated early in the session never reach the compressor (``missing``);
    the artifact's ``input_event_ids`` show that the selector, not the compressor,
    dropped them. Without a budget it is faithful.
    """

    mutant_name = "keep_recent_under_budget"

    def prepare(self, request: CompressionRequest) -> CompressionRequest:
        if request.budget is None:
            return request
        kept: list[SourceEvent] = []
        used = 0
        for event in reversed(request.events):
            used += len(event.text) + 1
            if used > request.budget:
                break
            kept.append(event)
        return dataclasses.replace(request, events=tuple(reversed(kept)))


# -- 16 representation loss -----------------------------------------------------------


class StringifyValues(MutantCompressor):
    """Writes every non-string value as its JSON text, as a naive storage adapter would.

    ``False`` comes back as ``"false"``, ``80`` as ``"80"``: against the ledger,
    ``value_changed`` with both types shown (``representation_changed`` once the
    immediate and read-back artifacts are compared).
    """

    mutant_name = "stringify_values"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        return _map_facts(
            artifact, lambda f: f if isinstance(f.value, str) else _with(f, value=json.dumps(f.value))
        )


# -- 17 lost update -------------------------------------------------------------------


class LoseConcurrentUpdate(MutantCompressor):
    """Builds each pass on the memory version it read one pass earlier.

    Two writers read version N; one writes N+1; this one writes N+2 from its view of
    N. In a scenario run that shows as the newer writer's facts gone (``missing``) and
    the values it superseded back (``forbidden_superseded_fact``); a compare-and-set
    store would have refused the write (``lost_update``).
    """

    mutant_name = "lose_concurrent_update"

    def __init__(self, inner: Compressor | None = None, *, seed: int = 0) -> None:
        super().__init__(inner, seed=seed)
        # Per scope: the prior received last, and the stale view used in its place.
        self.views: dict[Scope, tuple[Artifact | None, Artifact | None]] = {}

    def prepare(self, request: CompressionRequest) -> CompressionRequest:
        scope = _scope(request)
        received, stale = self.views.get(scope, (request.prior, request.prior))
        if request.prior is not received:
            # A new pass: the view lags one version behind. Attempts of one pass get the
            # same prior object, and so the same stale view: this mutant is not flaky.
            received, stale = request.prior, received
        self.views[scope] = (received, stale)
        return request if stale is request.prior else dataclasses.replace(request, prior=stale)


# -- 18 nondeterminism ----------------------------------------------------------------


class FlakyCriticalFact(MutantCompressor):
    """Drops the first critical fact on every other call; which calls depends on ``seed``.

    Attempts at the same compression disagree (``nondeterministic_critical_fact``); a
    single attempt may pass or fail depending on the call count, as in production.
    """

    mutant_name = "flaky_critical_fact"

    def mutate(self, request: CompressionRequest, artifact: Artifact) -> Artifact:
        if (self.calls + self.seed) % 2 == 0:
            return _without_first_critical(artifact)
        return artifact


# -- helpers --------------------------------------------------------------------------


def _as_artifact(outcome: object) -> Artifact | None:
    if isinstance(outcome, Artifact):
        return outcome
    if isinstance(outcome, Mapping):
        try:
            return Artifact.from_dict(outcome)
        except PayloadError:
            return None
    return None


def _scope(request: CompressionRequest) -> Scope:
    return (request.tenant_id, request.subject_id)


def _with(fact: Fact, **changes: Any) -> Fact:
    return dataclasses.replace(fact, **changes)


def _map_facts(artifact: Artifact, change: Callable[[Fact], Fact]) -> Artifact:
    return dataclasses.replace(artifact, facts=tuple(change(fact) for fact in artifact.facts))


def _without_first_critical(artifact: Artifact) -> Artifact:
    for index, fact in enumerate(artifact.facts):
        if fact.criticality is Criticality.CRITICAL:
            return dataclasses.replace(artifact, facts=artifact.facts[:index] + artifact.facts[index + 1 :])
    return artifact


def _known_fact(request: CompressionRequest, fact_id: str) -> Fact | None:
    """A fact as the prior memory held it, or as the event that stated it claims it."""
    if request.prior is not None and fact_id in request.prior.index:
        return request.prior.index[fact_id]
    for event in request.events:
        for claim in event.claims:
            if claim.fact_id == fact_id:
                return claim.as_fact(event)
    return None
