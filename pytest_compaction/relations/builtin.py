"""The built-in relations, registered when :mod:`pytest_compaction.relations` is first imported.

Each works on the scenario's flat timeline (events, compress and delete steps in
order) and knows which events depend on each other: two events that state,
restate, supersede or retire a common fact keep their order, and compress and
delete steps are fixed points. Descriptions name event and fact ids, never the
events' text, so they are safe to print in CI logs.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from pytest_compaction.core.model import Criticality, SourceEvent, Trust
from pytest_compaction.core.scenario import Scenario, Step
from pytest_compaction.relations.registry import (
    NotApplicable,
    OracleChange,
    RelationKind,
    Transformed,
    register_relation,
)
from pytest_compaction.relations.timeline import (
    Entry,
    compress_scopes,
    entry_touches,
    event_touches,
    label,
    last_compress,
    rebuild,
    timeline,
)

__all__: list[str] = []


def _fresh(base: str, taken: set[str]) -> str:
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    taken.add(candidate)
    return candidate


def _ev(entry: Entry) -> SourceEvent:
    assert isinstance(entry, SourceEvent)
    return entry


def _compressed(entries: list[Entry]) -> list[tuple[int, SourceEvent]]:
    """The events before the last compress step (the ones a compressor sees), with their positions."""
    return [
        (i, e) for i, e in enumerate(entries[: max(last_compress(entries), 0)]) if isinstance(e, SourceEvent)
    ]


def _pick(candidates: list[tuple[int, SourceEvent]], rng: random.Random) -> tuple[int, SourceEvent]:
    """One of ``candidates``, chosen among those that state a fact when there are any."""
    stating = [c for c in candidates if c[1].claims]
    return rng.choice(stating or candidates)


def _states_critical(event: SourceEvent) -> bool:
    return any(c.criticality is Criticality.CRITICAL for c in event.claims)


def _requested(entries: list[Entry]) -> set[str]:
    """The events that ask for a deletion."""
    return {e.event_id for e in entries if isinstance(e, Step) and e.kind == "delete" and e.event_id}


_CHATTER = (
    "Thanks, that helps.",
    "Hang on, I am grabbing a coffee.",
    "How is your day going?",
    "Sorry, my connection dropped for a moment.",
    "Haha, fair enough.",
    "Let me look at my notes.",
    "The weather here is lovely today.",
    "One second, someone is at the door.",
    "Good morning!",
    "Okay, continuing.",
    "I will read that again later.",
    "By the way, I like the new interface.",
)


def _append_small_talk(scenario: Scenario, rng: random.Random) -> Transformed | NotApplicable:
    entries = timeline(scenario)
    last = last_compress(entries)
    if last < 0:
        return NotApplicable(reason="the scenario never compresses, so chatter would reach no compressor")
    texts = [e.text for e in scenario.events if e.text.strip()]
    pool = [line for line in _CHATTER if not any(text in line for text in texts)]
    if not pool:
        return NotApplicable(reason="every chatter line contains the text of an existing event")
    delivered = sum(1 for e in entries if isinstance(e, SourceEvent))
    count = rng.randint(max(3, delivered), max(3, 2 * delivered + 2))
    scopes = compress_scopes(scenario)
    # Chatter right before and right after one critical statement, the rest anywhere
    # before the last compress step (chatter after it would reach no compressor).
    critical = [(i, e) for i, e in _compressed(entries) if _states_critical(e)]
    # (position, closeness, scope, place): at one position, the bracketing chatter sits
    # nearest the statement (closeness 0 right after it, 2 right before it).
    slots: list[tuple[int, int, tuple[str, str], str]] = []
    if critical:
        index, anchor = rng.choice(critical)
        scope = (anchor.tenant_id, anchor.subject_id)
        slots += [
            (index, 2, scope, f"before {anchor.event_id}"),
            (index + 1, 0, scope, f"after {anchor.event_id}"),
        ]
    while len(slots) < count:
        position = rng.randint(0, last)
        slots.append((position, 1, rng.choice(scopes), f"before {label(entries[position])}"))
    taken = {e.event_id for e in scenario.events}
    inserted: dict[int, list[tuple[int, SourceEvent]]] = {}
    where = []
    for n, (position, closeness, (tenant, subject), place) in enumerate(slots, start=1):
        event = SourceEvent(
            event_id=_fresh(f"chatter-{n}", taken),
            tenant_id=tenant,
            subject_id=subject,
            text=rng.choice(pool),
        )
        inserted.setdefault(position, []).append((closeness, event))
        where.append(f"{event.event_id} {place}")
    out: list[Entry] = []
    for position in range(len(entries)):
        out.extend(event for _, event in sorted(inserted.get(position, ()), key=lambda pair: pair[0]))
        out.append(entries[position])
    return Transformed(
        scenario=rebuild(scenario, out),
        description=f"inserted {len(slots)} chatter events: {', '.join(where)}",
    )


def _dependencies(events: list[SourceEvent]) -> set[tuple[int, int]]:
    touches = [event_touches(e) for e in events]
    return {(i, j) for i in range(len(events)) for j in range(i + 1, len(events)) if touches[i] & touches[j]}


def _linear_extension(size: int, edges: set[tuple[int, int]], rng: random.Random) -> list[int]:
    indegree = [0] * size
    after: list[list[int]] = [[] for _ in range(size)]
    for i, j in sorted(edges):
        after[i].append(j)
        indegree[j] += 1
    ready = [i for i in range(size) if indegree[i] == 0]
    order = []
    while ready:
        node = ready.pop(rng.randrange(len(ready)))
        order.append(node)
        for j in after[node]:
            indegree[j] -= 1
            if indegree[j] == 0:
                ready.append(j)
    return order


def _reorder_independent(scenario: Scenario, rng: random.Random) -> Transformed | NotApplicable:
    entries = timeline(scenario)
    last = last_compress(entries)
    segments: list[tuple[int, int]] = []
    start = 0
    for index in range(max(last, 0) + 1):
        if index == last or not isinstance(entries[index], SourceEvent):
            if index - start > 1:
                segments.append((start, index))
            start = index + 1
    out = list(entries)
    moved = []
    for begin, end in segments:
        events = [_ev(e) for e in entries[begin:end]]
        edges = _dependencies(events)
        free = [i for i in range(len(events) - 1) if (i, i + 1) not in edges]
        if not free:
            continue
        order = _linear_extension(len(events), edges, rng)
        if order == list(range(len(events))):
            i = rng.choice(free)
            order[i], order[i + 1] = order[i + 1], order[i]
        out[begin:end] = [events[k] for k in order]
        before = " ".join(e.event_id for e in events)
        after = " ".join(events[k].event_id for k in order)
        moved.append(f"{before} -> {after}")
    if not moved:
        return NotApplicable(
            reason="no two neighbouring events are independent: between compress and delete steps "
            "each pair shares a fact (supersession, retirement or restatement), so their order is meaning"
        )
    return Transformed(scenario=rebuild(scenario, out), description=f"reordered {'; '.join(moved)}")


def _split_event(scenario: Scenario, rng: random.Random) -> Transformed | NotApplicable:
    entries = timeline(scenario)
    deleted = {e.fact_id for e in entries if isinstance(e, Step) and e.kind == "delete"}
    # A chunk without claims is not redacted when the fact is deleted: never split deleted content.
    candidates = [
        (i, e) for i, e in _compressed(entries) if len(e.text) >= 2 and not event_touches(e) & deleted
    ]
    if not candidates:
        return NotApplicable(
            reason="no compressed event has text to split (two characters or more) outside deleted content"
        )
    index, event = _pick(candidates, rng)
    text = event.text
    spaces = [k for k in range(1, len(text)) if text[k].isspace()]
    cut = rng.choice(spaces) if spaces else rng.randint(1, len(text) - 1)
    claims_first = rng.random() < 0.5
    taken = {e.event_id for e in scenario.events}
    carrier_text, other_text = (text[:cut], text[cut:]) if claims_first else (text[cut:], text[:cut])
    carrier = dataclasses.replace(event, text=carrier_text)
    other = dataclasses.replace(
        event, event_id=_fresh(f"{event.event_id}~chunk", taken), text=other_text, claims=(), retires=()
    )
    chunks = [carrier, other] if claims_first else [other, carrier]
    out = [*entries[:index], *chunks, *entries[index + 1 :]]
    return Transformed(
        scenario=rebuild(scenario, out),
        description=(
            f"split {event.event_id} into transport chunks {chunks[0].event_id} "
            f"({len(chunks[0].text)} chars) and {chunks[1].event_id} ({len(chunks[1].text)} chars); "
            f"the claims stay on {event.event_id}"
        ),
    )


def _duplicate_untrusted(scenario: Scenario, rng: random.Random) -> Transformed | NotApplicable:
    entries = timeline(scenario)
    last = last_compress(entries)
    candidates = [(i, e) for i, e in _compressed(entries) if e.trust is Trust.UNTRUSTED]
    if not candidates:
        return NotApplicable(
            reason="no untrusted (quoted or retrieved) event is compressed, so there is nothing to repeat"
        )
    index, event = _pick(candidates, rng)
    ids = {claim.fact_id for claim in event.claims}
    # The repeat must land while its claims are still active: before anything else touches them.
    limit = next((k for k in range(index + 1, len(entries)) if entry_touches(entries[k]) & ids), len(entries))
    position = rng.randint(index + 1, min(limit, last))
    repeat = SourceEvent(
        event_id=_fresh(f"{event.event_id}~repeat", {e.event_id for e in scenario.events}),
        tenant_id=event.tenant_id,
        subject_id=event.subject_id,
        text=event.text,
        trust=Trust.UNTRUSTED,
        claims=tuple(dataclasses.replace(claim, supersedes=()) for claim in event.claims),
    )
    out = [*entries[:position], repeat, *entries[position:]]
    stated = f", restating {', '.join(sorted(ids))}" if ids else ""
    return Transformed(
        scenario=rebuild(scenario, out),
        description=(
            f"repeated untrusted {event.event_id} as {repeat.event_id} "
            f"before {label(entries[position])}{stated}"
        ),
    )


def _rename_unrelated(scenario: Scenario, rng: random.Random) -> Transformed | NotApplicable:
    entries = timeline(scenario)
    requested = _requested(entries)
    unrelated = [
        e.event_id
        for e in entries
        if isinstance(e, SourceEvent) and not e.claims and not e.retires and e.event_id not in requested
    ]
    if not unrelated:
        return NotApplicable(
            reason="every event states, retires or requests the deletion of a fact; no id is unrelated"
        )
    taken = {e.event_id for e in scenario.events}
    renamed = {old: _fresh(f"turn-{rng.getrandbits(32):08x}", taken) for old in unrelated}
    out = [
        dataclasses.replace(e, event_id=renamed[e.event_id])
        if isinstance(e, SourceEvent) and e.event_id in renamed
        else e
        for e in entries
    ]
    pairs = ", ".join(f"{old} -> {new}" for old, new in renamed.items())
    return Transformed(
        scenario=rebuild(scenario, out), description=f"renamed events that carry no fact: {pairs}"
    )


def _reorder_update(scenario: Scenario, rng: random.Random) -> Transformed | NotApplicable:
    entries = timeline(scenario)
    first_statement: dict[str, int] = {}
    for index, entry in enumerate(entries):
        if isinstance(entry, SourceEvent):
            for claim in entry.claims:
                first_statement.setdefault(claim.fact_id, index)
    candidates: list[tuple[int, int, str, str]] = []
    for b, update in _compressed(entries):
        for claim in update.claims:
            if first_statement[claim.fact_id] != b:
                continue
            for old_id in claim.supersedes:
                a = first_statement.get(old_id)
                if a is None or a >= b:
                    continue
                if _movable(entries, a, b, old_id, claim.fact_id):
                    candidates.append((a, b, old_id, claim.fact_id))
    if not candidates:
        return NotApplicable(
            reason="no update can move before the value it supersedes without crossing another event "
            "that touches the same facts (or the facts are referenced later)"
        )
    a, b, old_id, new_id = rng.choice(candidates)
    earlier = _resupersede(_ev(entries[a]), old_id, lambda ids: (*ids, new_id))
    update = _resupersede(_ev(entries[b]), new_id, lambda ids: tuple(s for s in ids if s != old_id))
    out = [*entries[:a], update, earlier, *entries[a + 1 : b], *entries[b + 1 :]]
    return Transformed(
        scenario=rebuild(scenario, out),
        description=(
            f"moved {update.event_id} (stating {new_id}, which superseded {old_id}) "
            f"before {earlier.event_id}; {old_id} now supersedes {new_id}, so {old_id} is the current value"
        ),
        change=OracleChange(now_active=(old_id,), no_longer_active=(new_id,)),
    )


def _resupersede(
    event: SourceEvent, fact_id: str, change: Callable[[tuple[str, ...]], tuple[str, ...]]
) -> SourceEvent:
    """``event`` with the ``supersedes`` of its claim on ``fact_id`` changed."""
    claims = tuple(
        dataclasses.replace(c, supersedes=change(c.supersedes)) if c.fact_id == fact_id else c
        for c in event.claims
    )
    return dataclasses.replace(event, claims=claims)


def _movable(entries: list[Entry], a: int, b: int, old_id: str, new_id: str) -> bool:
    earlier, update = _ev(entries[a]), _ev(entries[b])
    moving = event_touches(update)
    if event_touches(earlier) & moving != {old_id}:
        return False
    if set(next(c for c in earlier.claims if c.fact_id == old_id).supersedes) & moving:
        return False
    for entry in entries[a + 1 : b]:
        if entry_touches(entry) & moving:
            return False
        if isinstance(entry, Step) and entry.kind == "delete" and entry.event_id == update.event_id:
            return False
    return not any(entry_touches(entry) & {old_id, new_id} for entry in entries[b + 1 :])


def _remove_source(scenario: Scenario, rng: random.Random) -> Transformed | NotApplicable:
    entries = timeline(scenario)
    requested = _requested(entries)
    candidates = []
    for index, entry in _compressed(entries):
        if not entry.claims or entry.retires or entry.event_id in requested:
            continue
        if any(claim.supersedes for claim in entry.claims):
            continue  # dropping it would revive the older value: that is reorder_update's business
        ids = {claim.fact_id for claim in entry.claims}
        if any(entry_touches(other) & ids for k, other in enumerate(entries) if k != index):
            continue
        candidates.append((index, entry))
    if not candidates:
        return NotApplicable(
            reason="no compressed event is the only source of facts that nothing else restates, "
            "supersedes, retires or deletes"
        )
    critical = [c for c in candidates if _states_critical(c[1])]
    index, dropped = rng.choice(critical or candidates)
    gone = tuple(claim.fact_id for claim in dropped.claims)
    return Transformed(
        scenario=rebuild(scenario, [e for k, e in enumerate(entries) if k != index]),
        description=f"dropped {dropped.event_id}, the only source of {', '.join(gone)}, which must disappear",
        change=OracleChange(no_longer_active=gone),
    )


register_relation(
    "append_small_talk",
    _append_small_talk,
    summary="insert unrelated chatter turns anywhere, including right before and after a critical statement",
    rationale="chatter states, supersedes and retires nothing, so the ledger is unchanged; "
    "a compressor whose memory shrinks as the history grows fails it",
)
register_relation(
    "reorder_independent",
    _reorder_independent,
    summary="permute events that do not depend on each other, between compress and delete steps",
    rationale="events that share no fact (no supersession, retirement or restatement link) commute: "
    "the ledger after both orders is the same; dependent events keep their order",
)
register_relation(
    "split_event",
    _split_event,
    summary="deliver one message as two transport chunks; its claims stay on exactly one chunk",
    rationale="chunking is transport, not meaning: the same facts are stated once, so no fact "
    "may be duplicated, dropped or attributed to the fragment",
)
register_relation(
    "duplicate_untrusted",
    _duplicate_untrusted,
    summary="repeat an untrusted (quoted or retrieved) event as another untrusted event",
    rationale="repetition is not authentication: the claim stays untrusted and no more required "
    "than before; only its provenance grows",
)
register_relation(
    "rename_unrelated",
    _rename_unrelated,
    summary="rename the ids of events that state, retire and delete nothing",
    rationale="an id that carries no fact is a label; memory must not depend on it",
)
register_relation(
    "reorder_update",
    _reorder_update,
    kind=RelationKind.ORACLE_CHANGING,
    summary="move an update before the value it supersedes, inverting the supersession",
    rationale="the older value is now the newer statement: it becomes current and the update is "
    "superseded, so the expected current value changes accordingly",
)
register_relation(
    "remove_source",
    _remove_source,
    kind=RelationKind.ORACLE_CHANGING,
    summary="drop the only event behind a fact",
    rationale="a fact without a source is unsupported: it must disappear from memory, and a "
    "compressor that still emits it fails with unsupported_fact",
)
