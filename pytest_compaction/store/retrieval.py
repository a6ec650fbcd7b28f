"""Stages 3 and 4: which facts were retrieved for a later turn, and what the action did with them.

Retrieval is checked against the ledger, not against an expected list: an active
fact the scenario declares relevant must be selected (``retrieval_omitted``), a
deleted, superseded or retired one must not be (``retrieval_forbidden``), and
nothing of another tenant or subject may come back (``isolation_breach``).
Retrieval need not put every fact into every prompt: only declared-relevant facts
are required.

When the caller also says what the store held for the scope (``memory``: the facts
of the version the retriever read, and that version), an omitted fact names the stage
that lost it: **retrieval ranking** when the stored memory holds it and the retriever
did not select it (or its filter excluded it), **storage** when the stored memory does
not hold it at all. :data:`LOST_IN_RANKING` and :data:`LOST_IN_STORAGE` are the words
that say so, in the violation's detail.

Use is checked with a domain rule over the consumer's structured output ("no
ingredient contains peanuts"), never with an exact expected answer. A broken rule
is ``action_violates_fact``, reported with the fact ids the action was given, so a
reader can tell a retrieval that dropped the fact from an action that ignored it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pytest_compaction.core._fields import type_name
from pytest_compaction.core.errors import CompactionError, PayloadError
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Fact, Status
from pytest_compaction.core.violations import (
    Verdict,
    Violation,
    ViolationCode,
    describe_value,
    sort_violations,
)

__all__ = [
    "LOST_IN_RANKING",
    "LOST_IN_STORAGE",
    "ActionRule",
    "StoredMemory",
    "RetrievalQuery",
    "Retriever",
    "RuleError",
    "UseResult",
    "check_action",
    "check_retrieval",
    "run_use",
]

T = TypeVar("T")

LOST_IN_RANKING = "lost in retrieval ranking"
"""Starts the reason of a ``retrieval_omitted`` whose fact the stored memory holds."""
LOST_IN_STORAGE = "lost in storage"
"""Starts the reason of a ``retrieval_omitted`` whose fact the stored memory does not hold."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RetrievalQuery:
    """What a later turn asks memory for, under a tenant and subject filter.

    ``query_class`` names the kind of turn (``meal_recommendation``) so a scenario can
    declare which facts are relevant to it; ``text`` is the turn's wording for a
    semantic retriever; ``predicates`` narrows retrieval to predicates that start
    with one of the given prefixes (empty: all); ``limit`` caps the count.
    """

    tenant_id: str
    subject_id: str
    query_class: str = "any"
    text: str = ""
    predicates: tuple[str, ...] = ()
    limit: int | None = None

    def __post_init__(self) -> None:
        for name in ("tenant_id", "subject_id", "query_class"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value:
                raise PayloadError(
                    f"query.{name}", f"expected a non-empty string, got {value!r} ({type_name(value)})"
                )
        object.__setattr__(self, "predicates", tuple(self.predicates))
        for index, prefix in enumerate(self.predicates):
            if not isinstance(prefix, str) or not prefix:
                raise PayloadError(
                    f"query.predicates[{index}]",
                    f"expected a non-empty predicate prefix, got {prefix!r} ({type_name(prefix)})",
                )
        if self.limit is not None and (
            isinstance(self.limit, bool) or not isinstance(self.limit, int) or self.limit < 0
        ):
            raise PayloadError(
                "query.limit", f"expected a count of 0 or more, got {self.limit!r} ({type_name(self.limit)})"
            )

    @property
    def scope(self) -> str:
        return f"{self.tenant_id}/{self.subject_id}"

    def matches(self, fact: Fact) -> bool:
        """Whether a fact is in this query's scope and predicate filter (the reference behaviour)."""
        return (
            fact.tenant_id == self.tenant_id
            and fact.subject_id == self.subject_id
            and (not self.predicates or fact.predicate.startswith(self.predicates))
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredMemory:
    """What the store held for a query's scope when it was asked: the candidates of retrieval."""

    version: int | None
    """The memory version read (None: nothing stored for the scope yet)."""
    fact_ids: tuple[str, ...] = ()
    """Every fact id of that version, deletions applied, in the stored order."""
    filtered: tuple[str, ...] = ()
    """Those the query's own filter (tenant, subject, predicate prefixes) admits."""

    @classmethod
    def of(cls, query: RetrievalQuery, version: int | None, facts: Iterable[Fact]) -> StoredMemory:
        facts = tuple(facts)
        return cls(
            version=version,
            fact_ids=tuple(dict.fromkeys(f.fact_id for f in facts)),
            filtered=tuple(dict.fromkeys(f.fact_id for f in facts if query.matches(f))),
        )

    def lost(self, fact_id: str, query: RetrievalQuery, selected: int) -> str:
        """Why a relevant fact did not come back: the stage, then what the store held."""
        held = f"the store's memory of {query.scope}"
        if self.version is None:
            return f"{LOST_IN_STORAGE}: nothing is stored for {query.scope}"
        held += f" (version {self.version})"
        if fact_id not in self.fact_ids:
            return f"{LOST_IN_STORAGE}: {held} does not hold it"
        if fact_id not in self.filtered:
            return f"{LOST_IN_RANKING}: {held} holds it, but the query's filter excludes it"
        cap = "" if query.limit is None else f" (limit {query.limit})"
        pool = len(self.filtered)
        pool_words = f"{pool} candidate{'s' if pool != 1 else ''}"
        picked = "none" if not selected else f"{selected} other fact{'s' if selected != 1 else ''}"
        return (
            f"{LOST_IN_RANKING}: {held} holds it among {pool_words}, but the retriever selected {picked}{cap}"
        )


Retriever = Callable[[RetrievalQuery], Iterable[Fact]]
"""Anything that answers a query with facts; ``MemoryStore.retrieve`` is one."""


class RuleError(CompactionError, TypeError):
    """An :class:`ActionRule` that did not answer ``True`` or ``False``."""

    def __init__(self, fact_id: str, description: str, returned: object) -> None:
        self.fact_id = fact_id
        self.description = description
        self.returned = returned
        super().__init__(
            f"the rule for fact {fact_id!r} ({description!r}) returned {returned!r} "
            f"({type_name(returned)}); a rule must return True when the action respects the "
            f"fact and False when it breaks it"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionRule:
    """A domain predicate over an action's structured output, protecting one fact.

    ``holds(action)`` returns ``True`` when the action respects the fact. It judges a
    property of the output (no ingredient contains peanuts), never its exact value.
    """

    fact_id: str
    description: str
    holds: Callable[[Any], bool]


@dataclass(frozen=True, slots=True, kw_only=True)
class UseResult(Generic[T]):
    """What a consumer produced from retrieved memory, and whether it kept the rules."""

    action: T
    given_fact_ids: tuple[str, ...]
    verdict: Verdict


def check_retrieval(
    ledger: Ledger,
    query: RetrievalQuery,
    retrieved: Iterable[Fact | str],
    *,
    relevant: Iterable[str] = (),
    memory: StoredMemory | None = None,
) -> Verdict:
    """Check the facts (or fact ids) a retriever selected for ``query`` against the ledger.

    ``relevant`` names the facts the scenario declares relevant to the query class. A
    declared fact that has since been superseded stands for its newest version: the
    current value is what must be retrieved. Ids the ledger does not know are review
    items (``unsupported_fact``), not failures. With ``memory`` (what the store held for
    the scope), each ``retrieval_omitted`` names retrieval ranking or storage as the
    stage that lost the fact.
    """
    selected: dict[str, Fact | None] = {}
    for item in retrieved:
        if isinstance(item, Fact):
            selected.setdefault(item.fact_id, item)
        elif isinstance(item, str):
            selected.setdefault(item, None)
        else:
            raise PayloadError("retrieved", f"expected facts or fact ids, got {item!r} ({type_name(item)})")
    found: list[Violation] = []
    review: list[Violation] = []
    for fact_id, got in selected.items():
        want = ledger.find(fact_id)
        owner = _owner(want, got)
        if owner is not None and owner != query.scope:
            found.append(
                Violation(
                    code=ViolationCode.ISOLATION_BREACH,
                    fact_id=fact_id,
                    expected=query.scope,
                    observed=owner,
                    detail=f"retrieved for {query.scope} ({query.query_class}) but it belongs to {owner}",
                )
            )
        elif want is None:
            review.append(
                Violation(
                    code=ViolationCode.UNSUPPORTED_FACT,
                    fact_id=fact_id,
                    detail=f"retrieved for {query.scope} ({query.query_class}) but not in the ledger",
                )
            )
        elif want.status is not Status.ACTIVE:
            found.append(
                Violation(
                    code=ViolationCode.RETRIEVAL_FORBIDDEN,
                    fact_id=fact_id,
                    detail=f"{_why_inactive(want)}, yet it was retrieved for {query.scope} "
                    f"({query.query_class})",
                )
            )
    for declared, current in _relevant(ledger, query, relevant):
        if current.fact_id not in selected:
            via = "" if declared == current.fact_id else f" (the current version of {declared})"
            stage = "" if memory is None else f"; {memory.lost(current.fact_id, query, len(selected))}"
            found.append(
                Violation(
                    code=ViolationCode.RETRIEVAL_OMITTED,
                    fact_id=current.fact_id,
                    detail=f"{current.predicate} = {describe_value(current.value)}{via} is relevant to "
                    f"{query.query_class!r} for {query.scope} but was not retrieved{stage}",
                )
            )
    return Verdict(violations=sort_violations(found), review=sort_violations(review))


def check_action(action: object, rules: Iterable[ActionRule], *, given: Iterable[Fact | str]) -> Verdict:
    """Check a consumer's structured output against domain rules.

    ``given`` is the memory the consumer had (facts or ids); it is named in every
    ``action_violates_fact`` so the failing boundary is visible: a rule protecting a
    fact the action was never given points at retrieval, not at the consumer.
    """
    given_ids = tuple(dict.fromkeys(item.fact_id if isinstance(item, Fact) else item for item in given))
    found: list[Violation] = []
    for rule in rules:
        verdict = rule.holds(action)
        if not isinstance(verdict, bool):
            raise RuleError(rule.fact_id, rule.description, verdict)
        if verdict:
            continue
        had = ", ".join(given_ids) if given_ids else "none"
        detail = f"the action breaks {rule.description!r}; it was given fact ids: {had}"
        if rule.fact_id not in given_ids:
            detail += f"; {rule.fact_id} was not among them, so retrieval dropped it before use"
        found.append(
            Violation(
                code=ViolationCode.ACTION_VIOLATES_FACT,
                fact_id=rule.fact_id,
                detail=detail,
            )
        )
    return Verdict(violations=sort_violations(found))


def run_use(
    consumer: Callable[[tuple[Fact, ...]], T], memory: Iterable[Fact], rules: Sequence[ActionRule]
) -> UseResult[T]:
    """Give ``memory`` to ``consumer`` (a planner, a responder) and check its output against ``rules``."""
    facts = tuple(memory)
    action = consumer(facts)
    verdict = check_action(action, rules, given=facts)
    return UseResult(action=action, given_fact_ids=tuple(f.fact_id for f in facts), verdict=verdict)


def _owner(want: Fact | None, got: Fact | None) -> str | None:
    """Whose fact this is: the retrieved copy's own scope wins when it disagrees with the ledger."""
    source = got if got is not None else want
    return None if source is None else f"{source.tenant_id}/{source.subject_id}"


def _why_inactive(fact: Fact) -> str:
    if fact.status is Status.SUPERSEDED:
        return f"superseded by {fact.superseded_by}"
    if fact.status_event_id:
        return f"{fact.status.value} by event {fact.status_event_id}"
    return str(fact.status.value)


def _relevant(ledger: Ledger, query: RetrievalQuery, relevant: Iterable[str]) -> list[tuple[str, Fact]]:
    out: list[tuple[str, Fact]] = []
    for index, declared in enumerate(relevant):
        fact = ledger.get(declared)
        if (fact.tenant_id, fact.subject_id) != (query.tenant_id, query.subject_id):
            raise PayloadError(
                f"relevant[{index}]",
                f"fact {declared!r} belongs to {fact.tenant_id}/{fact.subject_id}, not to the "
                f"query's {query.scope}; declare only facts of the scope being queried",
            )
        seen = {fact.fact_id}
        while fact.status is Status.SUPERSEDED and fact.superseded_by is not None:
            fact = ledger.get(fact.superseded_by)
            if fact.fact_id in seen:  # pragma: no cover - the ledger refuses cycles
                break
            seen.add(fact.fact_id)
        if fact.status is Status.ACTIVE:
            out.append((declared, fact))
    return out
