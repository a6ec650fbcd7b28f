"""A list of chat messages as a memory: the messages that are source events unchanged are
the selection (their events' claims replayed into the facts), the others the summary; kept
turns are labelled with their source and told as history once replaced.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping

from pytest_compaction.compressors._checked_artifact import _bounded
from pytest_compaction.compressors._normalized import (
    Message,
    Normalized,
    _artifact,
    _event_ids,
    _in_order,
    event_role,
)
from pytest_compaction.compressors.messages import PRIOR_SUMMARY_ID
from pytest_compaction.compressors.request import CompressionRequest
from pytest_compaction.core.model import Artifact, Fact, SourceEvent, Trust

__all__ = ["_from_messages"]


def _from_messages(messages: tuple[Message, ...], request: CompressionRequest) -> Normalized:
    # A selection prior was handed back as its kept events: they are source events like the
    # new ones, and a message that repeats one word for word is kept from the prior.
    selection = request.prior_selection
    view = dataclasses.replace(request, events=(*selection, *request.events)) if selection else request
    by_id = {event.event_id: event for event in view.events}
    by_text: dict[tuple[str, str], SourceEvent] = {}
    any_role: dict[str, SourceEvent] = {}
    for event in view.events:
        by_text.setdefault((event_role(event), event.text), event)
        any_role.setdefault(event.text, event)
    prior_text = request.prior_summary
    kept: list[str] = []
    kept_prior = False
    summaries: list[str | None] = []
    lines: list[str | SourceEvent | _PriorText] = []
    for message in messages:
        content = message.content or ""
        is_prior = message.message_id == PRIOR_SUMMARY_ID or (prior_text and content == prior_text)
        if is_prior and content == (prior_text or ""):
            kept_prior = True
            lines.append(_PriorText(content))
            continue
        source = by_id.get(message.message_id) if message.message_id else None
        if source is None and not message.summary:
            # An event repeated word for word is kept, whatever role the message gives it (a
            # recorded event's role defaults to user; a trimmer may re-send it as a system
            # prompt): it is the selection's, not a summary the compressor wrote.
            source = by_text.get((message.role, content)) or any_role.get(content)
        if source is not None and content == source.text and not message.summary:
            kept.append(source.event_id)
            lines.append(source)  # labelled below, once every kept turn is known
            continue
        # Not a source event as given: a summary the compressor wrote (or an event it rewrote).
        summaries.append(content)
        lines.append(content)
    kept_ids = _in_order(view, tuple(dict.fromkeys(kept)))
    summarized = tuple(e for e in _event_ids(view) if e not in kept_ids) if summaries else ()
    from_prior = {event.event_id for event in selection}
    prior = request.prior if kept_prior else _selected_prior(request, from_prior.intersection(kept_ids))
    facts = _kept_facts(request, kept_ids, prior)
    replaced = _replaced_by(request, set(kept_ids))
    history = _prior_history(replaced, request, _prior_labels(request) if from_prior else {})
    artifact = _artifact(
        request,
        summary="\n".join(_memory_line(line, replaced, history, from_prior) for line in lines),
        facts=facts,
        used=_in_order(view, (*kept_ids, *summarized)),
    )
    carried = _carried_selection(request) if kept_prior else ()
    if not summaries and (carried or not kept_prior) and (carried or kept_ids):
        # Every message a source event unchanged (the prior kept whole being one of a selection
        # too): after a deletion the next pass gets these events back as messages.
        chosen = tuple(by_id[e] for e in kept_ids)
        bare = tuple(
            dataclasses.replace(e, claims=(), retires=()) if e.claims or e.retires else e for e in chosen
        )
        artifact = dataclasses.replace(artifact, selection=(*carried, *bare))
    return _bounded(
        Normalized(
            shape="messages",
            artifact=artifact,
            kept=kept_ids,
            summarized=summarized,
            kept_prior=kept_prior or bool(summaries) or not from_prior.isdisjoint(kept_ids),
            messages=messages,
            summaries=tuple(summaries),
        )
    )


def _replaced_by(request: CompressionRequest, kept: set[str]) -> set[str]:
    """The facts that a kept turn supersedes or retires: the memory holds their change."""
    return {
        fact_id
        for event in request.events
        if event.event_id in kept
        for fact_id in (*event.retires, *(older for claim in event.claims for older in claim.supersedes))
    }


class _PriorText(str):
    """The prior memory's text, kept as it was handed back."""


_PRIOR_LABEL = re.compile(r"^\[(?P<event>[^\]\s:]+)(?P<rest>[^\]:]*)\] ", re.MULTILINE)


def _memory_line(
    line: str | SourceEvent | _PriorText,
    replaced: set[str],
    history: Callable[[str], str],
    from_prior: set[str],
) -> str:
    if isinstance(line, _PriorText):
        return history(str(line))
    if isinstance(line, str):
        return line
    if line.event_id in from_prior:
        # A turn kept from the prior selection: labelled as the prior memory told it, and as
        # history once a turn this memory keeps replaced every fact it stated.
        return history(_kept_line(line, set()))
    return _kept_line(line, replaced)


def _prior_history(
    replaced: set[str], request: CompressionRequest, told: Mapping[str, str]
) -> Callable[[str], str]:
    """What tells the prior memory's turns (``[e1] ...`` lines) as history: once every fact
    their event stated was replaced by a turn this memory keeps (the prior's facts say
    which), or when the prior memory told it so (``told``: its label of each turn)."""
    prior = request.prior
    if prior is None or not (replaced or told):
        return str
    by_event: dict[str, set[str]] = {}
    for fact in prior.facts:
        for event_id in fact.source_event_ids:
            by_event.setdefault(event_id, set()).add(fact.fact_id)

    def relabel(match: re.Match[str]) -> str:
        event, rest = match.group("event"), match.group("rest")
        facts = by_event.get(event)
        if "previously" in rest or not ("previously" in told.get(event, "") or (facts and facts <= replaced)):
            return match.group()
        return f"[{event}{rest} previously] "

    return functools.partial(_PRIOR_LABEL.sub, relabel)


def _kept_line(event: SourceEvent, replaced: set[str]) -> str:
    """A turn kept word for word, labelled with its source: still its source's when untrusted,
    and history ("previously") when every fact it states was replaced by a later turn the
    memory also keeps: a transcript that keeps "I'm on the Pro plan" and, after it, "move
    us to Basic" tells the change. A turn whose replacement was dropped stays current."""
    words = [event.event_id]
    if event.trust is Trust.UNTRUSTED:
        words.append("untrusted")
    if event.claims and all(not c.current and c.fact_id in replaced for c in event.claims):
        words.append("previously")
    return f"[{' '.join(words)}] {event.text}"


def _prior_labels(request: CompressionRequest) -> dict[str, str]:
    """How the prior memory labelled each turn it kept (``[e1 previously] ...``: `` previously``)."""
    summary = request.prior.summary if request.prior is not None else None
    return {m.group("event"): m.group("rest") for m in _PRIOR_LABEL.finditer(summary or "")}


def _carried_selection(request: CompressionRequest) -> tuple[SourceEvent, ...]:
    """The prior selection's events (minus deleted ones), when its summary message was kept whole."""
    prior = request.prior
    if prior is None or not prior.selection:
        return ()
    deleted = set(request.deleted_event_ids)
    return tuple(event for event in prior.selection if event.event_id not in deleted)


def _selected_prior(request: CompressionRequest, kept: set[str]) -> Artifact | None:
    """The prior selection's facts that the turns kept from it state (None when none was kept)."""
    prior = request.prior
    if prior is None or not kept:
        return None
    facts = tuple(fact for fact in prior.facts if not kept.isdisjoint(fact.source_event_ids))
    return dataclasses.replace(prior, facts=facts, selection=())


def _kept_facts(
    request: CompressionRequest, kept: tuple[str, ...], prior: Artifact | None
) -> tuple[Fact, ...]:
    """The facts a verbatim selection carries: the claims of the kept events, replayed.

    A message kept word for word states exactly what its event stated, so the harness
    (not the compressor, which never sees the claims) replays those events' claims, on
    top of ``prior``: the prior memory's facts when its summary was kept, or those of the
    turns kept from a prior selection.
    """
    from pytest_compaction.compressors.base import ReferenceCompressor

    chosen = set(kept)
    replay = dataclasses.replace(
        request,
        events=tuple(e for e in request.events if e.event_id in chosen),
        prior=prior,
        config={},
        budget=None,
    )
    if not replay.events and replay.prior is None:
        return ()
    return ReferenceCompressor().compress(replay).facts
