"""Stages 3 and 4 inside a scenario run: the ``retrieve`` and ``use`` steps.

A ``retrieve`` step asks memory for the facts a later turn needs, with a
:class:`~pytest_compaction.store.retrieval.RetrievalQuery` built from the step, and checks
what came back against the ledger as it stands
(:func:`~pytest_compaction.store.retrieval.check_retrieval`). The memory asked is the
run's store; a run without one answers from the latest stored artifact of the
scope, with the ledger's deletions applied, exactly as the reference store does.

A ``use`` step gives the memory of the last retrieve step to a consumer (a planner,
a responder) and judges its structured output with rules
(:func:`~pytest_compaction.store.retrieval.check_action`). A rule reference names either

* an :class:`~pytest_compaction.store.retrieval.ActionRule`, used as it is, or
* a callable taking the ledger's active facts of the retrieved scope (the truth, not
  what retrieval returned) and returning ActionRules, one per fact it protects.

The truth decides which facts a rule protects, so a retrieval that dropped the
allergy still fails the use step: the planner picked peanuts, and the violation
says the allergy was never given to it.

An ``act`` step states a consequential action on a binding phrase ("run the data fix"
on "the database"). The binding is re-derived at that moment: the scenario's
``bindings:`` table (the ground truth) says which resource the phrase means, and the
memory the last pass of the scope left must still name that same resource in the
action's statement (:func:`~pytest_compaction.prose.bindings.check_action_binding`).
The step is checked as part of that pass (:func:`act_check`), so its finding carries
the pass and its compaction depth: ``binding_reassigned`` when the memory now points
elsewhere, ``binding_unresolvable`` when it no longer says.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pytest_compaction.config.references import resolve_use
from pytest_compaction.core._fields import join, type_name
from pytest_compaction.core.errors import ConfigError, PayloadError
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Fact, Status
from pytest_compaction.core.scenario import Scenario, Step
from pytest_compaction.core.violations import Verdict, Violation
from pytest_compaction.engine.passes import PassCheck, PassContext
from pytest_compaction.prose.bindings import Binding, BindingSet, check_action_binding
from pytest_compaction.prose.facts import read_memory
from pytest_compaction.store.retrieval import (
    ActionRule,
    RetrievalQuery,
    StoredMemory,
    check_action,
    check_retrieval,
)

if TYPE_CHECKING:
    from pytest_compaction.store.sqlite import MemoryStore

__all__ = [
    "RetrievalResult",
    "UseStepResult",
    "act_check",
    "memory_text",
    "resolve_rules",
    "run_retrieve_step",
    "run_use_step",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class RetrievalResult:
    """One ``retrieve`` step: the query and filter sent, the candidates, the facts selected, the verdict.

    ``memory`` is what the store held for the query's scope when it was asked (the
    version read and its fact ids): the candidates. A relevant fact among them that was
    not selected was lost in retrieval ranking; one not among them, in storage.
    """

    step_path: str
    after_pass: int
    """The number of compression passes run before this retrieval."""
    query: RetrievalQuery
    relevant: tuple[str, ...]
    facts: tuple[Fact, ...]
    """What the store (or retriever) returned, in its order."""
    verdict: Verdict
    memory: StoredMemory | None = None
    """The stored memory of the scope the retriever chose from; None when not known."""

    @property
    def fact_ids(self) -> tuple[str, ...]:
        """The selected fact ids, in the retriever's order."""
        return tuple(dict.fromkeys(fact.fact_id for fact in self.facts))

    @property
    def candidates(self) -> tuple[str, ...]:
        """Every fact id the stored memory of the scope held (deletions applied)."""
        return self.memory.fact_ids if self.memory is not None else ()

    @property
    def memory_version(self) -> int | None:
        """The memory version retrieval read (None: nothing stored, or not known)."""
        return self.memory.version if self.memory is not None else None

    @property
    def references(self) -> tuple[str, ...]:
        """What is passed downstream to a ``use`` step: ``fact_id@tenant/subject#vN`` per selected fact."""
        version = "" if self.memory_version is None else f"#v{self.memory_version}"
        return tuple(f"{f.fact_id}@{f.tenant_id}/{f.subject_id}{version}" for f in self.facts)


@dataclass(frozen=True, slots=True, kw_only=True)
class UseStepResult:
    """One ``use`` step: the consumer, the memory it had, its action and the rules' verdict."""

    step_path: str
    consumer: str
    rules: tuple[str, ...]
    given_fact_ids: tuple[str, ...]
    action: object
    verdict: Verdict


def run_retrieve_step(
    step: Step,
    ledger: Ledger,
    *,
    store: MemoryStore | None,
    latest: Artifact | None,
    after_pass: int,
) -> RetrievalResult:
    """Ask memory for ``step``'s query and check the facts against ``ledger``.

    Without a store, ``latest`` (the scope's last stored artifact) answers, with every
    fact the ledger has deleted since removed and the reference filter applied. A prose
    memory (a summary, no facts) holds the facts its summary states
    (:func:`~pytest_compaction.prose.facts.read_memory`).
    """
    assert step.tenant_id is not None
    assert step.subject_id is not None
    assert step.query_class is not None
    query = RetrievalQuery(
        tenant_id=step.tenant_id,
        subject_id=step.subject_id,
        query_class=step.query_class,
        predicates=step.predicates,
        limit=step.limit,
    )
    if store is not None:
        held = store.read(query.tenant_id, query.subject_id)
        memory = (
            StoredMemory.of(query, held.memory_version, read_memory(ledger, held).facts)
            if isinstance(held, Artifact)
            else StoredMemory(version=None)
        )
        facts = tuple(store.retrieve(query))
        for index, fact in enumerate(facts):
            if not isinstance(fact, Fact):
                raise PayloadError(
                    join(step.path, "retrieve"),
                    f"the store's retrieve() returned {type_name(fact)} at position {index}; "
                    f"a store returns Fact objects",
                )
        if isinstance(held, Artifact) and held.summary and _unselective(facts, held, query):
            # A summary is read whole into the prompt: what it states is retrieved with what
            # a store that returns all it holds for the query gives from the kept messages
            # or records (a summary message ahead of the kept turns is one memory). A
            # retriever that selects among what it holds is judged on its selection.
            selected = len(facts)
            have = {fact.fact_id for fact in facts}
            facts = (*facts, *(f for f in _reference_retrieve(query, held, ledger) if f.fact_id not in have))
            if query.limit is not None:  # the limit caps what is added, not what the store chose
                facts = facts[: max(query.limit, selected)]
    else:
        memory = _reference_memory(query, latest, ledger)
        facts = _reference_retrieve(query, latest, ledger)
    # A relation may remove the event behind a declared fact: that fact then has no
    # claim on retrieval.
    relevant = tuple(fact_id for fact_id in step.relevant if fact_id in ledger)
    verdict = check_retrieval(ledger, query, facts, relevant=relevant, memory=memory)
    return RetrievalResult(
        step_path=step.path,
        after_pass=after_pass,
        query=query,
        relevant=relevant,
        facts=facts,
        verdict=verdict,
        memory=memory,
    )


def run_use_step(step: Step, ledger: Ledger, retrieval: RetrievalResult) -> UseStepResult:
    """Give the retrieved memory to the step's consumer and judge its action with the rules."""
    assert step.consumer is not None
    consumer = _resolve(step.consumer, join(join(step.path, "use"), "consumer"), "consumer")
    if not callable(consumer):
        raise PayloadError(
            join(join(step.path, "use"), "consumer"),
            f"{step.consumer!r} is {type_name(consumer)}; expected a callable taking the retrieved "
            f"facts (a tuple of Fact) and returning the action as structured data",
        )
    scope = ledger.active(retrieval.query.tenant_id, retrieval.query.subject_id)
    rules = resolve_rules(step, scope)
    action = consumer(retrieval.facts)
    verdict = check_action(action, rules, given=retrieval.facts)
    return UseStepResult(
        step_path=step.path,
        consumer=step.consumer,
        rules=step.rules,
        given_fact_ids=retrieval.fact_ids,
        action=action,
        verdict=verdict,
    )


def resolve_rules(step: Step, truth: tuple[Fact, ...]) -> list[ActionRule]:
    """The ActionRules a use step's references stand for, given the ledger's active facts."""
    out: list[ActionRule] = []
    for index, reference in enumerate(step.rules):
        where = join(join(join(step.path, "use"), "rules"), index)
        target = _resolve(reference, where, "rule")
        if isinstance(target, ActionRule):
            out.append(target)
            continue
        if not callable(target):
            raise PayloadError(where, f"{reference!r} is {type_name(target)}; {_RULE_SHAPE}")
        made = target(truth)
        items = made if isinstance(made, Iterable) and not isinstance(made, (str, bytes)) else [made]
        for item in items:
            if not isinstance(item, ActionRule):
                raise PayloadError(
                    where, f"{reference!r} returned {type_name(item)} among its rules; {_RULE_SHAPE}"
                )
            out.append(item)
    return out


_RULE_SHAPE = (
    "expected an ActionRule, or a callable taking the ledger's active facts and returning "
    "ActionRules (see pytest_compaction.engine.meal_planner:no_forbidden_ingredient)"
)


class _ReferenceError(ConfigError):
    pass


def _resolve(reference: str, where: str, what: str) -> object:
    try:
        return resolve_use(reference, what=what, error=_ReferenceError)
    except _ReferenceError as exc:
        raise PayloadError(where, str(exc)) from None


def _reference_memory(query: RetrievalQuery, latest: Artifact | None, ledger: Ledger) -> StoredMemory:
    if latest is None:
        return StoredMemory(version=None)
    return StoredMemory.of(query, latest.memory_version, _undeleted(latest, ledger))


def _undeleted(latest: Artifact, ledger: Ledger) -> tuple[Fact, ...]:
    """The memory's facts the ledger has not deleted; a prose memory holds what its summary states."""
    return tuple(
        fact
        for fact in read_memory(ledger, latest).facts
        if not ((known := ledger.find(fact.fact_id)) is not None and known.status is Status.DELETED)
    )


def _unselective(facts: Sequence[Fact], held: Artifact, query: RetrievalQuery) -> bool:
    """Whether a store's retrieval returned, in order, every fact its memory holds for the
    query (up to the limit): it selected nothing, its memory did."""
    matching = [fact.fact_id for fact in held.facts if query.matches(fact)]
    if query.limit is not None:
        matching = matching[: query.limit]
    return [fact.fact_id for fact in facts] == matching


def _reference_retrieve(query: RetrievalQuery, latest: Artifact | None, ledger: Ledger) -> tuple[Fact, ...]:
    if latest is None:
        return ()
    facts = tuple(fact for fact in _undeleted(latest, ledger) if query.matches(fact))
    return facts if query.limit is None else facts[: query.limit]


# -- act: a consequential action on a binding -------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Act:
    step: Step
    binding: Binding
    """The binding the action means, by the bindings table (the ground truth)."""
    after: str
    """The path of the compress step whose memory the action reads."""
    scope: tuple[str, str]
    before: frozenset[str]
    """The scope's events added before that compress step: on a rebuilt path (``depth=N``)
    the action reads the memory of the first pass whose input has covered them."""


def act_check(scenario: Scenario, bindings: BindingSet) -> PassCheck | None:
    """The pass check of ``scenario``'s ``act`` steps (None when it has none).

    Each act step belongs to the last compress step of its scope before it: on that
    pass the check resolves the step's binding in the artifact's memory. The step's
    phrase is resolved against ``bindings`` here, so a phrase the table cannot resolve
    is a :class:`PayloadError` naming the step when the spec loads.
    """
    steps = scenario.effective_steps
    compress_paths = tuple(step.path for step in steps if step.kind == "compress")
    acts: list[_Act] = []
    for position, step in enumerate(steps):
        if step.kind != "act":
            continue
        assert step.binding is not None
        assert step.action is not None
        target = bindings.target(step.binding, step.action, join(step.path, "act"))
        scope = (step.tenant_id or scenario.tenant_id, step.subject_id or scenario.subject_id)
        after = next(
            (
                earlier.path
                for earlier in reversed(steps[:position])
                if earlier.kind == "compress"
                and (earlier.tenant_id or scenario.tenant_id, earlier.subject_id or scenario.subject_id)
                == scope
            ),
            None,
        )
        if after is None:
            raise PayloadError(
                join(step.path, "act"),
                f"no compress step of {scope[0]}/{scope[1]} comes before this action, so there is no "
                f"memory to act from; compress that scope first",
            )
        acts.append(
            _Act(
                step=step,
                binding=target,
                after=after,
                scope=scope,
                before=_added_before(scenario, after, scope),
            )
        )
    if not acts:
        return None

    def check(context: PassContext) -> list[Violation]:
        current = _current_step(context, compress_paths)
        if current is not None:
            due = [act for act in acts if act.after == current]
        else:
            due = [act for act in acts if _reached(act, context)]
        if not due:
            return []
        memory = memory_text(context.read_back or context.artifact)
        out = []
        for act in due:
            found = check_action_binding(bindings, act.binding, memory)
            if found is None:
                continue
            assert act.step.action is not None
            where = (
                f"act at {act.step.path} ({act.step.action!r} on {act.step.binding!r}), "
                f"compaction depth {context.depth}"
            )
            out.append(dataclasses.replace(found, detail=f"{where}: {found.detail}"))
        return out

    return check


def _current_step(context: PassContext, compress_paths: tuple[str, ...]) -> str | None:
    """The compress step this pass runs, when the run's passes are the scenario's compress steps.

    A run whose passes are not (a rebuilt direct or multi-stage path, ``depth=N``): ``None``.
    """
    done = tuple(result.step_path for result in context.previous)
    if len(done) >= len(compress_paths) or done != compress_paths[: len(done)]:
        return None
    current = compress_paths[len(done)]
    return current if context.step_path in ("", current) else None


def _added_before(scenario: Scenario, compress_path: str, scope: tuple[str, str]) -> frozenset[str]:
    """The events of ``scope`` the scenario adds before its compress step at ``compress_path``."""
    added: set[str] = set()
    for step in scenario.effective_steps:
        if step.path == compress_path:
            break
        if step.kind == "add":
            for event_id in step.event_ids:
                event = scenario.event(event_id)
                if (event.tenant_id or scenario.tenant_id, event.subject_id or scenario.subject_id) == scope:
                    added.add(event_id)
    return frozenset(added)


def _reached(act: _Act, context: PassContext) -> bool:
    """On a rebuilt path: this is the first pass of the act's scope whose input (with the scope's
    earlier passes) covers every event added before the act's compress step (deleted ones aside)."""
    if context.scope != act.scope:
        return False
    earlier: set[str] = set()
    for result in context.scope_passes():
        earlier.update(result.record.input_event_ids)
    needed = act.before - context.ledger.redacted_event_ids
    if not needed:
        return not context.scope_passes()
    return needed <= earlier | set(context.record.input_event_ids) and not needed <= earlier


def memory_text(artifact: Artifact | None) -> str:
    """What the memory says, as text: its summary, or (without one) a line per fact."""
    if artifact is None:
        return ""
    if artifact.summary and artifact.summary.strip():
        return artifact.summary
    lines = []
    for fact in artifact.facts:
        qualifiers = " ".join(f"{key} {value}" for key, value in fact.qualifiers)
        lines.append(
            f"{fact.predicate.replace('.', ' ').replace('_', ' ')}: {fact.value} {qualifiers}".strip() + "."
        )
    return "\n".join(lines)
