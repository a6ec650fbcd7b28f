"""The compressor interface, its adapters, and the embedded reference compressor.

A compressor is given a :class:`CompressionRequest` (the authorized source events,
the prior artifact for repeated compression, a budget and a configuration) and
returns an :class:`~pytest_compaction.core.model.Artifact` (or the equivalent dict).
Any object with a ``compress(request)`` method qualifies; a plain callable
``f(request)`` is adapted.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from pytest_compaction.config.references import import_reference
from pytest_compaction.core.errors import CompressorConfigError
from pytest_compaction.core.model import Artifact, Criticality, Fact, SourceEvent

__all__ = [
    "CompressionRequest",
    "Compressor",
    "FunctionCompressor",
    "ReferenceCompressor",
    "as_compressor",
    "compressor_name",
    "resolve_compressor",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class CompressionRequest:
    """Everything a compressor is given for one compression pass."""

    tenant_id: str
    subject_id: str
    events: tuple[SourceEvent, ...]
    """The authorized source events for this pass, deleted content already removed, in order."""
    prior: Artifact | None = None
    """The current memory (for repeated compression), deleted facts already removed."""
    memory_version: int = 1
    """The version the returned artifact should carry."""
    budget: int | None = None
    """The most characters the prose summary may take, if the scenario declares a budget."""
    config: Mapping[str, Any] = field(default_factory=dict)

    @property
    def depth(self) -> int:
        """How deep the artifact of this pass is: 1 + the prior's depth."""
        return 1 if self.prior is None else self.prior.depth + 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "tenant_id": self.tenant_id,
            "subject_id": self.subject_id,
            "events": [event.to_dict() for event in self.events],
            "prior": None if self.prior is None else self.prior.to_dict(),
            "memory_version": self.memory_version,
            "budget": self.budget,
            "config": dict(self.config),
        }


@runtime_checkable
class Compressor(Protocol):
    """What pytest-compaction calls: ``compress(request) -> Artifact`` (or a dict)."""

    def compress(self, request: CompressionRequest) -> Artifact | Mapping[str, Any]: ...


class FunctionCompressor:
    """Adapts a plain callable ``f(request)`` to the :class:`Compressor` interface."""

    def __init__(self, function: Callable[[CompressionRequest], Any], name: str | None = None) -> None:
        self.function = function
        self.name = name or _qualified(function)

    def compress(self, request: CompressionRequest) -> Any:
        return self.function(request)

    def __repr__(self) -> str:
        return f"<FunctionCompressor {self.name}>"


class ReferenceCompressor:
    """The embedded, deterministic, faithful compressor.

    It replays the claims carried by the authorized events on top of the prior
    artifact: newer claims replace the facts they supersede, retirements remove
    facts, restatements add provenance. Its prose summary is extractive: the
    text of the events behind the facts it keeps, in history order. Under a
    budget it drops continuity facts' text first and never a critical fact.
    """

    name = "reference"

    def compress(self, request: CompressionRequest) -> Artifact:
        facts: dict[str, Fact] = {}
        lines: dict[str, str] = {}
        if request.prior is not None:
            for fact in request.prior.facts:
                facts[fact.fact_id] = fact
        for event in request.events:
            lines[event.event_id] = event.text
            for claim in event.claims:
                if not claim.current:
                    # Superseded or retired (perhaps by an event since deleted, which this pass
                    # cannot see): the ledger says it is over, so it must not come back; what
                    # it superseded in turn is over too.
                    for gone in (claim.fact_id, *claim.supersedes):
                        facts.pop(gone, None)
                    continue
                if claim.fact_id in facts:
                    old = facts[claim.fact_id]
                    sources = old.source_event_ids
                    if event.event_id not in sources:
                        sources = (*sources, event.event_id)
                else:
                    sources = (event.event_id,)
                facts[claim.fact_id] = claim.as_fact(event, sources)
                for older in claim.supersedes:
                    facts.pop(older, None)
            for retired in event.retires:
                facts.pop(retired, None)
        kept = tuple(facts.values())
        summary = self._summary(request, kept, lines)
        pinned = request.config.get("pinned")
        if isinstance(pinned, str) and pinned:
            # Pinned invariants are carried verbatim, never summarized.
            summary = f"{summary}\n\n{pinned}" if summary else pinned
        return Artifact(
            memory_version=request.memory_version,
            tenant_id=request.tenant_id,
            subject_id=request.subject_id,
            facts=kept,
            summary=summary,
            depth=request.depth,
            input_event_ids=tuple(event.event_id for event in request.events),
        )

    def _summary(self, request: CompressionRequest, kept: tuple[Fact, ...], lines: dict[str, str]) -> str:
        prior_lines = _prior_lines(request.prior)
        position = {source: index for index, source in enumerate((*prior_lines, *lines))}
        sentences: dict[str, tuple[Criticality, str]] = {}
        for fact in kept:
            for source in fact.source_event_ids:
                text = lines.get(source) or prior_lines.get(source)
                if text is not None:
                    best = sentences.get(source)
                    crit = (
                        fact.criticality if best is None or best[0] is not Criticality.CRITICAL else best[0]
                    )
                    sentences[source] = (crit, text)
        ordered = sorted(sentences.items(), key=lambda item: position[item[0]])
        if request.budget is not None:
            total = sum(len(text) + 1 for _, (_, text) in ordered)
            for source, (crit, text) in list(reversed(ordered)):
                if total <= request.budget:
                    break
                if crit is Criticality.CONTINUITY:
                    ordered.remove((source, (crit, text)))
                    total -= len(text) + 1
        return "\n".join(f"[{source}] {text}" for source, (_, text) in ordered)

    def __repr__(self) -> str:
        return "<ReferenceCompressor>"


def _prior_lines(prior: Artifact | None) -> dict[str, str]:
    # The reference summary writes one "[event-id] text" line per kept event, so a
    # later pass can keep the text of events it no longer receives.
    out: dict[str, str] = {}
    if prior is None or not prior.summary:
        return out
    for line in prior.summary.splitlines():
        if line.startswith("[") and "] " in line:
            source, text = line[1:].split("] ", 1)
            out[source] = text
    return out


def as_compressor(obj: object, *, origin: str | None = None) -> Compressor:
    """Return ``obj`` as a :class:`Compressor`: as it is, adapted, or instantiated.

    Accepted: an object with ``compress(request)``; a class whose instances have
    one (instantiated without arguments); a callable taking the request.
    """
    where = f"compressor {origin!r}" if origin else repr(obj)
    if inspect.isclass(obj):
        if callable(getattr(obj, "compress", None)):
            try:
                return as_compressor(obj(), origin=origin)
            except TypeError as exc:
                raise CompressorConfigError(
                    f"{where}: cannot instantiate the compressor class without arguments ({exc}); "
                    f"point at a factory function or an instance instead"
                ) from None
        raise CompressorConfigError(f"{where}: the class {obj.__name__} has no compress(request) method")
    if callable(getattr(obj, "compress", None)):
        return obj  # type: ignore[return-value]
    if callable(obj):
        return FunctionCompressor(obj, name=origin)
    raise CompressorConfigError(
        f"{where}: not a compressor: expected an object with a compress(request) method "
        f"or a callable taking a CompressionRequest, got {type(obj).__name__}"
    )


def resolve_compressor(reference: str) -> Compressor:
    """Resolve ``"module:attribute"`` (or ``"reference"``, ``"verbatim"``) to a compressor."""
    if reference in ("", "reference"):
        return ReferenceCompressor()
    if reference == "verbatim":
        from pytest_compaction.compressors.verbatim import VerbatimCompressor

        return VerbatimCompressor()
    target = import_reference(
        reference,
        what="compressor",
        shape="package.module:attribute",
        fallback="'reference' for the embedded reference compressor",
        error=CompressorConfigError,
    )
    return as_compressor(target, origin=reference)


def compressor_name(compressor: object) -> str:
    name = getattr(compressor, "name", None)
    if isinstance(name, str) and name:
        return name
    return _qualified(type(compressor))


def _qualified(obj: object) -> str:
    module = getattr(obj, "__module__", None) or "?"
    qualname = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None) or repr(obj)
    return f"{module}:{qualname}"
