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
from typing import Any

from pytest_compaction.compressors.request import CompressionRequest, Compressor
from pytest_compaction.config.references import import_reference
from pytest_compaction.core.errors import CompressorConfigError
from pytest_compaction.core.model import Artifact, Criticality, Fact

__all__ = [
    "CompressionRequest",
    "Compressor",
    "FunctionCompressor",
    "ReferenceCompressor",
    "as_compressor",
    "compressor_name",
    "rebuilds_after_deletion",
    "replays_claims",
    "resolve_compressor",
]


class FunctionCompressor:
    """Adapts a plain callable ``f(request)`` to the :class:`Compressor` interface."""

    def __init__(self, function: Callable[[CompressionRequest], Any], name: str | None = None) -> None:
        self.function = function
        self.name = name or _qualified(function)
        self.replays_claims = replays_claims(function) or replays_claims(getattr(function, "__self__", None))

    def compress(self, request: CompressionRequest) -> Any:
        return self.function(request)

    def __repr__(self) -> str:
        return f"<FunctionCompressor {self.name}>"


class ReferenceCompressor:
    """The embedded, deterministic, faithful compressor.

    It replays the claims carried by the authorized events on top of the prior
    artifact: newer claims replace the facts they supersede, retirements remove
    facts, restatements add provenance. Its prose summary is extractive: the
    text of the events behind the facts it keeps, in history order, and the
    text of the facts they replaced, tagged as history (``[e4 previously]``), so
    an update told by reference ("make that 150 a week") still names what it
    updates. Under a budget it drops history first, then continuity facts'
    text, and never a critical fact.
    """

    name = "reference"
    replays_claims = True
    """A structured replayer: the guard hands it the ledger's claims (see :func:`replays_claims`)."""

    def compress(self, request: CompressionRequest) -> Artifact:
        facts: dict[str, Fact] = {}
        lines: dict[str, str] = {}
        replaced: list[str] = []
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
                    replaced.append(event.event_id)
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
                    gone_fact = facts.pop(older, None)
                    if gone_fact is not None:
                        replaced.extend(gone_fact.source_event_ids)
            for retired in event.retires:
                facts.pop(retired, None)
        kept = tuple(facts.values())
        summary = self._summary(request, kept, lines, replaced)
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

    def _summary(
        self, request: CompressionRequest, kept: tuple[Fact, ...], lines: dict[str, str], replaced: list[str]
    ) -> str:
        prior_lines = _prior_lines(request.prior)
        position = {source: index for index, source in enumerate((*prior_lines, *lines))}
        sentences: dict[str, tuple[Criticality, str]] = {}
        history: dict[str, str] = {}
        for source in replaced:
            text = lines.get(source) or prior_lines.get(source)
            if text is not None and source in position:
                history[source] = text
        for fact in kept:
            for source in fact.source_event_ids:
                text = lines.get(source) or prior_lines.get(source)
                if text is not None:
                    best = sentences.get(source)
                    crit = (
                        fact.criticality if best is None or best[0] is not Criticality.CRITICAL else best[0]
                    )
                    sentences[source] = (crit, text)
        history = {source: text for source, text in history.items() if source not in sentences}
        ordered = sorted(sentences.items(), key=lambda item: position[item[0]])
        if request.budget is not None:
            total = sum(len(f"[{source}] {text}") + 1 for source, (_, text) in ordered) - 1
            total += sum(len(_HISTORY.format(source=s, text=text)) + 1 for s, text in history.items())
            for source, text in list(reversed(history.items())):
                if total <= request.budget:
                    break
                history.pop(source)
                total -= len(_HISTORY.format(source=source, text=text)) + 1
            for source, (crit, text) in list(reversed(ordered)):
                if total <= request.budget:
                    break
                if crit is Criticality.CONTINUITY:
                    ordered.remove((source, (crit, text)))
                    total -= len(f"[{source}] {text}") + 1
        out = {source: f"[{source}] {text}" for source, (_, text) in ordered}
        out |= {source: _HISTORY.format(source=source, text=text) for source, text in history.items()}
        return "\n".join(out[source] for source in sorted(out, key=lambda s: position[s]))

    def __repr__(self) -> str:
        return "<ReferenceCompressor>"


_HISTORY = "[{source} previously] {text}"
"""A line of the text of a fact the memory no longer holds as current."""


def _prior_lines(prior: Artifact | None) -> dict[str, str]:
    # The reference summary writes one "[event-id] text" line per kept event, so a
    # later pass can keep the text of events it no longer receives.
    out: dict[str, str] = {}
    if prior is None or not prior.summary:
        return out
    for line in prior.summary.splitlines():
        if line.startswith("[") and "] " in line:
            source, text = line[1:].split("] ", 1)
            out[source.removesuffix(" previously")] = text
    return out


def as_compressor(obj: object, *, origin: str | None = None) -> Compressor:
    """Return ``obj`` as a :class:`Compressor`: as it is, adapted, or instantiated.

    Accepted: an object with ``compress(request)``; a class whose instances have
    one (instantiated without arguments); a framework object an adapter knows
    (:mod:`pytest_compaction.compressors.adapters`: LangChain ``trim_messages`` and
    ``SummarizationMiddleware``, LangMem, LlamaIndex chat memory, mem0); a plain
    summarizer ``f(text, previous_summary)``; a callable taking the request.
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
        raise CompressorConfigError(
            f"{where}: the class {obj.__name__} has no compress(request) method; point at a "
            f"configured instance of it (in your module: memory = {obj.__name__}(...)), not at the class"
        )
    if callable(getattr(obj, "compress", None)):
        return obj  # type: ignore[return-value]
    adapted = _adapted(obj, None, where)
    if adapted is not None:
        return adapted
    if callable(obj):
        from pytest_compaction.compressors.adapters.text import TextSummarizer, is_text_summarizer

        if is_text_summarizer(obj):
            return TextSummarizer(obj, name=origin)
        return FunctionCompressor(obj, name=origin)
    raise CompressorConfigError(
        f"{where}: not a compressor: expected an object with a compress(request) method "
        f"or a callable taking a CompressionRequest, got {type(obj).__name__}"
    )


def _adapted(obj: object, options: Mapping[str, Any] | None, where: str) -> Compressor | None:
    from pytest_compaction.compressors.adapters import adapt

    try:
        adapted = adapt(obj, options)
    except (TypeError, ValueError, ImportError) as exc:
        raise CompressorConfigError(f"{where}: {exc}") from None
    return adapted  # type: ignore[return-value]


def resolve_compressor(reference: str) -> Compressor:
    """Resolve ``"module:attribute"`` (or ``"reference"``, ``"verbatim"``) to a compressor.

    ``"module:attribute(key=value, ...)"`` calls the attribute with those keyword
    arguments (Python literals only), or hands them to its adapter:
    ``"langchain_core.messages:trim_messages(max_tokens=150, strategy='last')"``.
    """
    if reference in ("", "reference"):
        return ReferenceCompressor()
    if reference == "verbatim":
        from pytest_compaction.compressors.verbatim import VerbatimCompressor

        return VerbatimCompressor()
    target_ref, options = _split_call(reference)
    target = import_reference(
        target_ref,
        what="compressor",
        shape="package.module:attribute",
        fallback="'reference' for the embedded reference compressor",
        error=CompressorConfigError,
    )
    if options is None:
        return as_compressor(target, origin=reference)
    where = f"compressor {reference!r}"
    adapted = _adapted(target, options, where)
    if adapted is not None:
        return adapted
    if not callable(target):
        raise CompressorConfigError(
            f"{where}: {target_ref} is a {type(target).__name__}, which cannot be called"
        )
    try:
        made = target(**options)
    except Exception as exc:
        raise CompressorConfigError(
            f"{where}: calling {target_ref} failed: {type(exc).__name__}: {exc}"
        ) from None
    return as_compressor(made, origin=reference)


def _split_call(reference: str) -> tuple[str, dict[str, Any] | None]:
    """``"m:f(a=1)"`` -> ``("m:f", {"a": 1})``; a reference without a call -> ``(reference, None)``."""
    import ast

    if not reference.rstrip().endswith(")") or "(" not in reference:
        return reference, None
    head, _, rest = reference.partition("(")
    where = f"compressor {reference!r}"
    try:
        call = ast.parse(f"f({rest}", mode="eval").body
    except SyntaxError:
        raise CompressorConfigError(
            f"{where}: the arguments are not valid Python; expected module:attribute(key=value, ...)"
        ) from None
    if not isinstance(call, ast.Call) or call.args:
        raise CompressorConfigError(f"{where}: give the arguments by name: module:attribute(key=value, ...)")
    options: dict[str, Any] = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            raise CompressorConfigError(f"{where}: ** is not allowed; give each argument as key=value")
        try:
            options[keyword.arg] = ast.literal_eval(keyword.value)
        except ValueError:
            raise CompressorConfigError(
                f"{where}: {keyword.arg}= must be a Python literal (a number, string, list...), "
                f"got {ast.unparse(keyword.value)}"
            ) from None
    return head.strip(), options


def replays_claims(compressor: object) -> bool:
    """Whether ``compressor`` declared itself a structured replayer (``replays_claims = True``).

    Only such a compressor is handed the facts the ledger recorded from each event
    (``SourceEvent.claims`` and ``retires``): that is the answer key, and a real compressor
    works from the events' text. Anything else sees the events with empty claims.
    """
    return getattr(compressor, "replays_claims", False) is True


def rebuilds_after_deletion(compressor: object) -> bool:
    """Whether ``compressor`` declared ``rebuilds_after_deletion = True``.

    By default a deletion is the compressor's to honour: the next pass is handed the prior
    memory as the system keeps it (its structured facts purged, as a store deletes by id;
    its summary unchanged) with the deleted ids in ``request.deleted_fact_ids`` and
    ``deleted_event_ids``, and the summary it writes must no longer state the deleted fact.
    A system that rebuilds its memory from the remaining transcript after a deletion
    declares this flag: its next pass gets no prior and every authorized event again.
    Wrappers (a plain function's adapter, a mutant's ``inner``) are looked through.
    """
    seen: set[int] = set()
    while compressor is not None and id(compressor) not in seen:
        seen.add(id(compressor))
        if getattr(compressor, "rebuilds_after_deletion", False) is True:
            return True
        compressor = (
            getattr(compressor, "inner", None)
            or getattr(compressor, "function", None)
            or getattr(compressor, "__self__", None)
        )
    return False


def compressor_name(compressor: object) -> str:
    name = getattr(compressor, "name", None)
    if isinstance(name, str) and name:
        return name
    return _qualified(type(compressor))


def _qualified(obj: object) -> str:
    module = getattr(obj, "__module__", None) or "?"
    qualname = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None) or repr(obj)
    return f"{module}:{qualname}"
