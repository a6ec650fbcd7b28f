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
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pytest_compaction.config.references import resolve_use
from pytest_compaction.core._fields import join, type_name
from pytest_compaction.core.errors import ConfigError, PayloadError
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Fact, Status
from pytest_compaction.core.scenario import Step
from pytest_compaction.core.violations import Verdict
from pytest_compaction.prose.facts import read_memory
from pytest_compaction.store.retrieval import ActionRule, RetrievalQuery, check_action, check_retrieval

if TYPE_CHECKING:
    from pytest_compaction.store.sqlite import MemoryStore

__all__ = ["RetrievalResult", "UseStepResult", "resolve_rules", "run_retrieve_step", "run_use_step"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RetrievalResult:
    """One ``retrieve`` step: the query and filter sent, the facts selected, the verdict."""

    step_path: str
    after_pass: int
    """The number of compression passes run before this retrieval."""
    query: RetrievalQuery
    relevant: tuple[str, ...]
    facts: tuple[Fact, ...]
    """What the store (or retriever) returned, in its order."""
    verdict: Verdict

    @property
    def fact_ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(fact.fact_id for fact in self.facts))


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
        facts = tuple(store.retrieve(query))
        for index, fact in enumerate(facts):
            if not isinstance(fact, Fact):
                raise PayloadError(
                    join(step.path, "retrieve"),
                    f"the store's retrieve() returned {type_name(fact)} at position {index}; "
                    f"a store returns Fact objects",
                )
        stored = None if facts else store.read(query.tenant_id, query.subject_id)
        if stored is not None and not stored.facts and stored.summary:
            facts = _reference_retrieve(query, stored, ledger)  # prose memory: what its summary states
    else:
        facts = _reference_retrieve(query, latest, ledger)
    # A relation may remove the event behind a declared fact: that fact then has no
    # claim on retrieval.
    relevant = tuple(fact_id for fact_id in step.relevant if fact_id in ledger)
    verdict = check_retrieval(ledger, query, facts, relevant=relevant)
    return RetrievalResult(
        step_path=step.path,
        after_pass=after_pass,
        query=query,
        relevant=relevant,
        facts=facts,
        verdict=verdict,
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


def _reference_retrieve(query: RetrievalQuery, latest: Artifact | None, ledger: Ledger) -> tuple[Fact, ...]:
    if latest is None:
        return ()
    latest = read_memory(ledger, latest)  # a prose memory holds the facts its summary states
    facts = tuple(
        fact
        for fact in latest.facts
        if query.matches(fact)
        and not ((known := ledger.find(fact.fact_id)) is not None and known.status is Status.DELETED)
    )
    return facts if query.limit is None else facts[: query.limit]
