"""A session planned as a timeline of items, valid by construction: the counts asked for
(:class:`_Config`), the drawn plan (:func:`_draw_plan`), its lifecycle replayed to keep
every transition legal, and the operation sequence it becomes (:func:`_operations_of`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

from pytest_compaction.core.model import Claim, Criticality, Trust
from pytest_compaction.fuzzing._arguments import Count, _count, _optional, _scope_count
from pytest_compaction.fuzzing._choices import _choose, _draw_count, _index
from pytest_compaction.fuzzing._items import (
    _event,
    _fact_choices,
    _fact_item,
    _Item,
    _ItemKind,
    _show,
    _show_qualifiers,
    _slug,
)
from pytest_compaction.fuzzing._operations import AddEvent, Compress, DeleteFact, Operation
from pytest_compaction.fuzzing._typed_values import _VALUE_SLOTS, _draw_qualifiers, _typed_value
from pytest_compaction.fuzzing._vocabulary import _NATURAL, CHATTER

__all__ = ["_Config", "_config", "_describe", "_draw_plan", "_operations_of", "_plan"]


@dataclass(frozen=True, slots=True)
class _Config:
    critical: tuple[int, int]
    continuity: tuple[int, int]
    chatter: tuple[int, int]
    untrusted: tuple[int, int]
    updates: tuple[int, int]
    deletions: tuple[int, int]
    retirements: tuple[int, int]
    compressions: tuple[int, int]
    scopes: tuple[tuple[str, str], ...]


def _config(
    critical_facts: Count,
    continuity_facts: Count,
    chatter: Count,
    subjects: int,
    tenants: int,
    untrusted: Count | bool,
    updates: Count | bool,
    deletions: Count | bool,
    retirements: Count | bool,
    compressions: Count,
) -> _Config:
    n_subjects = _scope_count("subjects", subjects)
    n_tenants = _scope_count("tenants", tenants)
    scopes = tuple(
        (f"tenant-{t}", f"subject-{s}") for t in range(1, n_tenants + 1) for s in range(1, n_subjects + 1)
    )
    return _Config(
        critical=_count("critical_facts", critical_facts),
        continuity=_count("continuity_facts", continuity_facts),
        chatter=_count("chatter", chatter),
        untrusted=_optional("untrusted", untrusted, (0, 2)),
        updates=_optional("updates", updates, (0, 3)),
        deletions=_optional("deletions", deletions, (0, 2)),
        retirements=_optional("retirements", retirements, (0, 1)),
        compressions=_count("compressions", compressions),
        scopes=scopes,
    )


_SYSTEM_ONE_IN = 5
"""One user fact in this many is stated by the system instead."""


def _statuses(items: Sequence[_Item]) -> dict[str, str] | None:
    """Replay the plan's lifecycle; None when a transition would be illegal."""
    status: dict[str, str] = {}
    for item in items:
        if item.kind in ("fact", "update"):
            assert item.claim is not None
            if item.target is not None:
                if status.get(item.target) != "active":
                    return None
                status[item.target] = "superseded"
            status[item.claim.fact_id] = "active"
        elif item.kind == "retire":
            if status.get(item.target or "") != "active":
                return None
            status[item.target or ""] = "retired"
        elif item.kind == "forget":
            for fact_id in (item.target or "", *item.also):
                if status.get(fact_id) in (None, "deleted"):
                    return None
                status[fact_id] = "deleted"
    return status


def _older_versions(items: Sequence[_Item], fact_id: str) -> tuple[str, ...]:
    """The facts ``fact_id`` replaced, directly or through a chain of updates."""
    replaced = {item.claim.fact_id: item.target for item in items if item.claim is not None and item.target}
    chain: list[str] = []
    current = replaced.get(fact_id)
    while current is not None:
        chain.append(current)
        current = replaced.get(current)
    return tuple(chain)


def _draw_plan(draw: st.DrawFn, config: _Config) -> list[_Item]:
    scopes = config.scopes
    counter = 0

    def fresh(predicate: str) -> str:
        nonlocal counter
        counter += 1
        return f"fact-{_slug(predicate)}-{counter}"

    # A chatter turn (its memory and text) is one choice.
    turns = _index(len(scopes) * len(CHATTER))
    plan: list[_Item] = []
    for _ in range(_draw_count(draw, config.chatter)):
        scope, body = divmod(draw(turns), len(CHATTER))
        plan.append(_Item(kind="chatter", scope=scopes[scope], body=CHATTER[body]))
    # Facts go anywhere among the chatter: start, middle or end.
    stated: list[tuple[Trust, Criticality]] = []
    stated += [(Trust.USER, Criticality.CRITICAL)] * _draw_count(draw, config.critical)
    stated += [(Trust.USER, Criticality.CONTINUITY)] * _draw_count(draw, config.continuity)
    stated += [(Trust.UNTRUSTED, Criticality.CONTINUITY)] * _draw_count(draw, config.untrusted)
    for trust, criticality in stated:
        # Where it goes, who states it (one user fact in five is the system's) and what it
        # is: a fact's choices in two draws, mostly.
        system = _SYSTEM_ONE_IN if trust is Trust.USER else 1
        system_choice, scope, *choices, position = _choose(
            draw, system, len(scopes), *_fact_choices(trust), len(plan) + 1
        )
        if system_choice == _SYSTEM_ONE_IN - 1:
            trust = Trust.SYSTEM
        plan.insert(position, _fact_item(draw, trust, scopes[scope], criticality, choices, fresh))

    # Lifecycle changes go after the fact they change; one that would be illegal where it
    # landed (the fact is already gone by then) is left out rather than rejected.
    changes: list[_ItemKind] = []
    changes += ["update"] * _draw_count(draw, config.updates)
    changes += ["retire"] * _draw_count(draw, config.retirements)
    changes += ["forget"] * _draw_count(draw, config.deletions)
    summarized = config.compressions[1] > 0
    for kind in changes:
        known = [item for item in plan if item.claim is not None]
        if not known:
            break
        # A deletion's flags: whether an event asks for it, whether a compression precedes it.
        flags = (4 if summarized else 2) if kind == "forget" else 1
        pick, flag = _choose(draw, len(known), flags)
        target = known[pick]
        assert target.claim is not None
        after = plan.index(target) + 1
        change = _Item(kind=kind, scope=target.scope, target=target.claim.fact_id)
        old = target.claim
        if kind == "update":
            slot, requalified = _choose(draw, _VALUE_SLOTS, 2)
            new_value = _typed_value(draw, _NATURAL[old.predicate], 2, slot)
            claim = Claim(
                fact_id=fresh(old.predicate),
                predicate=old.predicate,
                value=new_value,
                qualifiers=_draw_qualifiers(draw) if requalified else old.qualifiers,
                authority=target.trust,
                criticality=old.criticality,
                supersedes=(old.fact_id,),
            )
            change.claim, change.trust = claim, target.trust
            change.body = (
                f"correction: {old.predicate} is now {_show(new_value)}{_show_qualifiers(claim.qualifiers)}"
            )
        elif kind == "retire":
            change.body = f"that is resolved now; {old.predicate} no longer applies"
        else:
            change.body = f"please forget what I told you about {old.predicate}"
            change.request = bool(flag & 1)
        position = after + draw(_index(len(plan) - after + 1))
        candidate = [*plan]
        candidate.insert(position, change)
        if kind == "forget":
            # Forgetting a value forgets its older versions too; otherwise a re-grounded
            # summary would bring back the version the deleted one had replaced.
            before = _statuses(candidate[:position]) or {}
            change.also = tuple(
                f for f in _older_versions(candidate, old.fact_id) if before.get(f) != "deleted"
            )
        if _statuses(candidate) is None:
            continue
        plan = candidate
        if kind == "forget" and flag & 2:
            # Half the deletions hit a fact already summarized: the case where a stale
            # checkpoint or a replayed history can bring it back.
            plan.insert(position, _Item(kind="compress", scope=target.scope))

    if not plan:
        plan.append(_Item(kind="chatter", scope=scopes[0], body=CHATTER[0]))
    # Intermediate compressions anywhere; then every memory with events is compressed.
    for _ in range(max(0, _draw_count(draw, config.compressions) - 1)):
        position, scope = _choose(draw, len(plan), len(scopes))
        plan.insert(1 + position, _Item(kind="compress", scope=scopes[scope]))
    if summarized:
        used = {item.scope for item in plan if item.kind != "compress"}
        plan += [_Item(kind="compress", scope=scope) for scope in scopes if scope in used]
    return plan


_plan = st.composite(_draw_plan)


def _operations_of(plan: Sequence[_Item]) -> tuple[Operation, ...]:
    ops: list[Operation] = []
    speakers: dict[tuple[str, str], int] = {}
    order = 0
    for item in _numbered(plan):
        if item.kind == "compress":
            ops.append(Compress(tenant_id=item.scope[0], subject_id=item.scope[1]))
            continue
        if item.kind == "forget" and not item.request:
            request_id = None
        else:
            event = _event(item, f"e{order + 1}", order, speakers)
            ops.append(AddEvent(event=event))
            request_id = event.event_id
            order += 1
        if item.kind == "forget":
            assert item.target is not None
            for fact_id in (item.target, *item.also):
                ops.append(DeleteFact(fact_id=fact_id, event_id=request_id))
    return tuple(ops)


def _numbered(plan: Sequence[_Item]) -> list[_Item]:
    """The plan with fact ids numbered in the order the facts are stated (fact-phone-1 first)."""
    names: dict[str, str] = {}
    for item in plan:
        if item.claim is not None:
            names[item.claim.fact_id] = f"fact-{_slug(item.claim.predicate)}-{len(names) + 1}"
    out = []
    for item in plan:
        claim = item.claim
        if claim is None and item.target is None and not item.also:
            out.append(item)  # chatter and compressions name no fact: nothing to renumber
            continue
        if claim is not None:
            claim = dataclasses.replace(
                claim, fact_id=names[claim.fact_id], supersedes=tuple(names[f] for f in claim.supersedes)
            )
        out.append(
            dataclasses.replace(
                item,
                claim=claim,
                target=None if item.target is None else names[item.target],
                also=tuple(names[f] for f in item.also),
            )
        )
    return out


def _describe(plan: Sequence[_Item]) -> str:
    def count(kind: str) -> int:
        return sum(1 for item in plan if item.kind == kind)

    critical = sum(
        1
        for item in plan
        if item.kind == "fact" and item.claim and item.claim.criticality is Criticality.CRITICAL
    )
    return (
        f"A generated session: {critical} critical fact(s) among {count('chatter')} chatter turn(s), "
        f"{count('update')} update(s), {count('retire')} retirement(s), {count('forget')} deletion(s), "
        f"{count('compress')} compression(s)."
    )
