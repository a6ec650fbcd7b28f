"""Two or more subjects in one run: the orders and the concurrency their passes may run in.

A scenario that compresses several tenants or subjects holds one history per scope.
The scopes share nothing, so the order in which their passes run, and whether they run
at the same time, cannot change any subject's memory. Four invariant relations check
that against one compressor object and one store:

* ``sequential_subjects`` - every step of the first subject, then the second's (A then B);
* ``reversed_subjects`` - the same, the last subject first (B then A);
* ``interleaved_subjects`` - round robin, one pass of each subject in turn (A1 B1 A2 B2);
* ``concurrent_subjects`` - the same rounds, each round's passes started together, one
  thread each (:func:`~pytest_compaction.engine.runner.run_scenario` with
  ``schedule="concurrent"``).

A compressor that keeps per-subject state on itself (the last summary, a cache keyed
without the subject, the request in progress) passes one order and leaks under another;
the leak is a named violation of the transformed run (``subject_changed``,
``tenant_changed``, ``isolation_breach``, ``unsupported_fact``, ``missing``).

Steps are split into one *lane* per scope: an ``add`` step's events go to the lanes of
their own tenant and subject, a ``delete`` to the lane of the deleted fact, a ``use``
to the lane of the ``retrieve`` before it. Each lane keeps its order; a lane's
*segments* end at each of its ``compress`` steps. Step paths are kept, so a failure
still names the spec's step.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from pytest_compaction.core.scenario import Scenario, Step
from pytest_compaction.relations.registry import NotApplicable, Transformed, register_relation

__all__ = ["SUBJECT_RELATIONS", "lanes", "schedule_steps"]

Scope = tuple[str, str]
Lane = list[Step]

_WHY = (
    "subjects share no event, fact or memory: each subject's ledger, and so its required "
    "facts, is the same whatever runs before, after or beside it"
)

_SCHEDULES = (
    (
        "sequential",
        "one subject after another",
        "run every step of the first subject, then every step of the next (A then B)",
        _WHY,
    ),
    (
        "reversed",
        "one subject after another, the last first",
        "run every step of the last subject first, then the others (B then A)",
        _WHY,
    ),
    (
        "interleaved",
        "one pass of each subject in turn",
        "alternate the subjects' passes round robin (A1 B1 A2 B2)",
        _WHY,
    ),
    (
        "concurrent",
        "each round of passes at the same time, one thread per subject",
        "start one pass of every subject at the same time, round after round, against one "
        "compressor and one store",
        _WHY + "; state a compressor keeps on itself must not carry one subject into another",
    ),
)
"""Each schedule relation: its order, how its description says it, its summary and rationale."""

SUBJECT_RELATIONS = tuple(f"{order}_subjects" for order, *_ in _SCHEDULES)
"""The schedule relations, in the order the docs present them."""


def lanes(scenario: Scenario) -> dict[Scope, Lane]:
    """The scenario's steps split per tenant and subject, each lane in step order."""
    owner_of_event = {e.event_id: (e.tenant_id, e.subject_id) for e in scenario.events}
    owner_of_fact = {c.fact_id: (e.tenant_id, e.subject_id) for e in scenario.events for c in e.claims}
    default = (scenario.tenant_id, scenario.subject_id)
    out: dict[Scope, Lane] = {}
    last_retrieval = default
    for step in scenario.effective_steps:
        if step.kind == "add":
            parts: dict[Scope, list[str]] = {}
            for event_id in step.event_ids:
                parts.setdefault(owner_of_event.get(event_id, default), []).append(event_id)
            for scope, ids in parts.items():
                out.setdefault(scope, []).append(dataclasses.replace(step, event_ids=tuple(ids)))
            continue
        if step.kind == "delete":
            scope = owner_of_fact.get(step.fact_id or "", default)
        elif step.kind == "use":
            scope = last_retrieval
        else:
            scope = (step.tenant_id or scenario.tenant_id, step.subject_id or scenario.subject_id)
            if step.kind == "retrieve":
                last_retrieval = scope
        out.setdefault(scope, []).append(step)
    return out


def _segments(lane: Lane) -> list[Lane]:
    segments: list[Lane] = [[]]
    for step in lane:
        segments[-1].append(step)
        if step.kind == "compress":
            segments.append([])
    return [segment for segment in segments if segment]


def schedule_steps(scenario: Scenario, order: str) -> tuple[Step, ...]:
    """The steps in ``order``: ``sequential``, ``reversed``, ``interleaved`` or ``concurrent``.

    ``concurrent`` is the interleaved rounds with each round's non-compress steps first,
    so that the round's ``compress`` steps are consecutive and the runner can start them
    together.
    """
    split = list(lanes(scenario).values())
    if order == "sequential":
        return tuple(step for lane in split for step in lane)
    if order == "reversed":
        return tuple(step for lane in reversed(split) for step in lane)
    parts = [_segments(lane) for lane in split]
    rounds = max((len(p) for p in parts), default=0)
    steps: list[Step] = []
    for index in range(rounds):
        segments = [p[index] for p in parts if index < len(p)]
        if order == "interleaved":
            steps.extend(step for segment in segments for step in segment)
        elif order == "concurrent":
            steps.extend(step for segment in segments for step in segment if step.kind != "compress")
            steps.extend(step for segment in segments for step in segment if step.kind == "compress")
        else:
            raise ValueError(f"unknown order {order!r}")
    return tuple(steps)


def _compressed_scopes(scenario: Scenario) -> list[Scope]:
    return [scope for scope, lane in lanes(scenario).items() if any(step.kind == "compress" for step in lane)]


def _shown(scope: Scope) -> str:
    return f"{scope[0]}/{scope[1]}"


def _relation(order: str, words: str) -> Callable[[Scenario, random.Random], Transformed | NotApplicable]:
    def transform(scenario: Scenario, rng: random.Random) -> Transformed | NotApplicable:
        scopes = _compressed_scopes(scenario)
        if len(scopes) < 2:
            return NotApplicable(
                reason="the scenario compresses one tenant and subject, so there is no other subject "
                "to order its passes against"
            )
        steps = schedule_steps(scenario, order)
        shown = scopes[::-1] if order == "reversed" else scopes
        concurrent = order == "concurrent"
        if not concurrent and [_plain(s) for s in steps] == [_plain(s) for s in scenario.effective_steps]:
            return NotApplicable(reason=f"the scenario already runs its subjects {words}")
        return Transformed(
            scenario=dataclasses.replace(scenario, steps=steps),
            description=f"{words}: {', '.join(map(_shown, shown))}",
            schedule="concurrent" if concurrent else "sequential",
        )

    return transform


def _plain(step: Step) -> Step:
    return dataclasses.replace(step, path="")


for _order, _words, _summary, _rationale in _SCHEDULES:
    register_relation(f"{_order}_subjects", _relation(_order, _words), summary=_summary, rationale=_rationale)
