"""Hypothesis strategies for memory under compaction: values, facts, events, ledgers, sessions.

Import it as ``from pytest_compaction import strategies as cst``::

    @given(cst.sessions(critical_facts=3, chatter=(0, 50)))
    def test_keeps_critical_facts(session, compaction_contract):
        compaction_contract.run(session)

Everything generated is synthetic: made-up first names, ``example.com`` addresses,
``555-01xx`` numbers. Every strategy validates its arguments when it is called and
raises :class:`hypothesis.errors.InvalidArgument` naming the argument.

A session is drawn as a sequence of lifecycle :data:`Operation` values (deliver an
event, delete a fact, compress one memory) that is valid by construction: a fact is
superseded, retired or deleted only after it is stated and while the transition is
legal. :func:`to_scenario` and :func:`replay` turn the sequence into a scenario or a
ledger; the ledger itself refuses anything illegal.

Each event's text carries a unique ``(message N)`` marker, so no event's text is part
of another's: the runner's "deleted text reached the compressor" check then flags only
real leaks.

This module holds the public strategies for facts, events, operation sequences, sessions
and ledgers; the rest lives in private modules: the synthetic vocabulary
(``_vocabulary``), argument validation (``_arguments``), choices packed into few draws
(``_choices``), typed values and qualifiers (``_typed_values``: :func:`values`,
:func:`qualifiers`, :func:`predicates`), the operations and what they become
(``_operations``: :func:`to_scenario`, :func:`replay`), a timeline's items (``_items``) and
the session plan (``_plan``). Everything is importable from here.
"""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Criticality, Fact, SourceEvent, Trust
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.fuzzing._arguments import MAX_COUNT as MAX_COUNT
from pytest_compaction.fuzzing._arguments import Count as Count
from pytest_compaction.fuzzing._arguments import _count, _enum_or_none, _identifier

# Private, but kept importable from here.
from pytest_compaction.fuzzing._choices import _choose as _choose
from pytest_compaction.fuzzing._choices import _draw_count
from pytest_compaction.fuzzing._items import _event, _fact_choices, _fact_item, _Item, _slug
from pytest_compaction.fuzzing._items import _show as _show
from pytest_compaction.fuzzing._operations import AddEvent as AddEvent
from pytest_compaction.fuzzing._operations import Compress as Compress
from pytest_compaction.fuzzing._operations import DeleteFact as DeleteFact
from pytest_compaction.fuzzing._operations import Operation as Operation
from pytest_compaction.fuzzing._operations import replay as replay
from pytest_compaction.fuzzing._operations import to_scenario as to_scenario
from pytest_compaction.fuzzing._plan import _Config, _config, _describe, _draw_plan, _operations_of, _plan
from pytest_compaction.fuzzing._typed_values import _any_value as _any_value
from pytest_compaction.fuzzing._typed_values import predicates as predicates
from pytest_compaction.fuzzing._typed_values import qualifiers as qualifiers
from pytest_compaction.fuzzing._typed_values import values as values
from pytest_compaction.fuzzing._vocabulary import CHATTER as CHATTER
from pytest_compaction.fuzzing._vocabulary import LOOKALIKE_STRINGS as LOOKALIKE_STRINGS
from pytest_compaction.fuzzing._vocabulary import NAMES as NAMES
from pytest_compaction.fuzzing._vocabulary import PREDICATES as PREDICATES
from pytest_compaction.fuzzing._vocabulary import QUALIFIER_KEYS as QUALIFIER_KEYS
from pytest_compaction.fuzzing._vocabulary import QUOTED as QUOTED
from pytest_compaction.fuzzing._vocabulary import SYNTHETIC_STRINGS as SYNTHETIC_STRINGS
from pytest_compaction.fuzzing._vocabulary import TICKETS as TICKETS

__all__ = [
    "CHATTER",
    "MAX_COUNT",
    "AddEvent",
    "Compress",
    "Count",
    "DeleteFact",
    "Operation",
    "SYNTHETIC_STRINGS",
    "events",
    "facts",
    "ledgers",
    "operations",
    "predicates",
    "qualifiers",
    "replay",
    "sessions",
    "to_scenario",
    "values",
]


# -- facts, events --------------------------------------------------------------


def facts(
    *,
    tenant_id: str = "tenant-1",
    subject_id: str = "subject-1",
    authority: Trust | str | None = None,
    criticality: Criticality | str | None = None,
) -> st.SearchStrategy[Fact]:
    """Active facts with typed values and qualifiers, each citing one source event.

    ``authority`` and ``criticality`` fix those fields; by default they are drawn.
    The fact and event ids are drawn too, so put facts into one ledger with
    :func:`ledgers`, which keeps ids unique.
    """
    tenant = _identifier("tenant_id", tenant_id)
    subject = _identifier("subject_id", subject_id)
    fixed_authority = _enum_or_none("authority", authority, Trust)
    fixed_criticality = _enum_or_none("criticality", criticality, Criticality)
    authorities = st.just(fixed_authority) if fixed_authority else st.sampled_from(list(Trust))
    criticalities = st.just(fixed_criticality) if fixed_criticality else st.sampled_from(list(Criticality))
    return st.builds(
        Fact,
        fact_id=st.integers(1, 9999).map(lambda n: f"fact-{n}"),
        tenant_id=st.just(tenant),
        subject_id=st.just(subject),
        predicate=predicates(),
        value=values(),
        qualifiers=qualifiers(),
        source_event_ids=st.integers(1, 9999).map(lambda n: (f"e{n}",)),
        authority=authorities,
        criticality=criticalities,
    )


def events(
    *,
    tenant_id: str = "tenant-1",
    subject_id: str = "subject-1",
    trust: Trust | str | None = None,
    claims: bool = True,
) -> st.SearchStrategy[SourceEvent]:
    """Single source events as a compressor receives them: synthetic text and, with
    ``claims`` (the default), sometimes the one fact the event states."""
    tenant = _identifier("tenant_id", tenant_id)
    subject = _identifier("subject_id", subject_id)
    fixed_trust = _enum_or_none("trust", trust, Trust)
    if not isinstance(claims, bool):
        raise InvalidArgument(f"Expected bool but got claims={claims!r} (type={type(claims).__name__})")
    return _single_event(tenant, subject, fixed_trust, claims)


@st.composite
def _single_event(
    draw: st.DrawFn, tenant: str, subject: str, fixed_trust: Trust | None, with_claims: bool
) -> SourceEvent:
    number = draw(st.integers(1, 9999))
    trust = fixed_trust or draw(st.sampled_from(list(Trust)))
    if with_claims and draw(st.booleans()):
        choices = _choose(draw, *_fact_choices(trust))

        def named(predicate: str) -> str:
            return f"fact-{_slug(predicate)}-{number}"

        item = _fact_item(draw, trust, (tenant, subject), Criticality.CRITICAL, choices, named)
    else:
        item = _Item(
            kind="chatter", scope=(tenant, subject), trust=trust, body=draw(st.sampled_from(CHATTER))
        )
    return _event(item, f"e{number}", number - 1, {(tenant, subject): 0})


# -- sessions as operation sequences ------------------------------------------------


def operations(
    *,
    critical_facts: Count = (1, 5),
    continuity_facts: Count = (0, 2),
    chatter: Count = (0, 10),
    subjects: int = 2,
    tenants: int = 2,
    untrusted: Count | bool = True,
    updates: Count | bool = True,
    deletions: Count | bool = True,
    retirements: Count | bool = True,
    compressions: Count = (1, 3),
) -> st.SearchStrategy[tuple[Operation, ...]]:
    """Lifecycle operation sequences: events stating facts among chatter, then updates,
    retirements and deletions of those facts, with compressions in between.

    Each count is an exact number or an inclusive ``(min, max)`` range; ``untrusted``,
    ``updates``, ``deletions`` and ``retirements`` also take ``True`` (a small default
    range) or ``False`` (none). Updates, retirements and deletions are upper bounds: one
    whose target is already gone where it lands is left out. Half the deletions follow a
    compression of their memory (so the deleted fact was already summarized); those
    compressions come on top of ``compressions``. ``subjects`` and
    ``tenants`` give ``tenants * subjects`` memories (``tenant-1``/``subject-1`` first);
    the sequence ends by compressing every memory that has events.
    """
    config = _config(
        critical_facts, continuity_facts, chatter, subjects, tenants,
        untrusted, updates, deletions, retirements, compressions,
    )  # fmt: skip
    return _plan(config).map(_operations_of)


def sessions(
    *,
    critical_facts: Count = (1, 5),
    continuity_facts: Count = (0, 2),
    chatter: Count = (0, 10),
    subjects: int = 2,
    tenants: int = 2,
    untrusted: Count | bool = True,
    updates: Count | bool = True,
    deletions: Count | bool = True,
    retirements: Count | bool = True,
    compressions: Count = (1, 3),
    budget: Count | None = None,
    name: str = "generated-session",
) -> st.SearchStrategy[Scenario]:
    """Scenarios: critical facts placed anywhere among chatter, across several subjects
    and tenants, from trusted and untrusted sources, with updates, retirements and
    deletions, compressed one or more times.

    The arguments are those of :func:`operations`; ``compressions`` must allow at least
    one. ``budget`` (characters, an exact number or a range) gives the scenario a
    summary budget; ``None`` gives none. A session always has at least one event.
    """
    config = _config(
        critical_facts, continuity_facts, chatter, subjects, tenants,
        untrusted, updates, deletions, retirements, compressions,
    )  # fmt: skip
    if config.compressions[1] < 1:
        raise InvalidArgument(f"compressions={compressions!r} must allow at least 1: a session compresses")
    budgets = None if budget is None else _count("budget", budget, minimum=1, maximum=10**9)
    return _session(config, budgets, _identifier("name", name))


@st.composite
def _session(draw: st.DrawFn, config: _Config, budgets: tuple[int, int] | None, name: str) -> Scenario:
    plan = _draw_plan(draw, config)
    budget = None if budgets is None else _draw_count(draw, budgets)
    return to_scenario(_operations_of(plan), name=name, budget=budget, description=_describe(plan))


def ledgers(
    *,
    critical_facts: Count = (1, 5),
    continuity_facts: Count = (0, 2),
    chatter: Count = (0, 3),
    subjects: int = 1,
    tenants: int = 1,
    untrusted: Count | bool = True,
    updates: Count | bool = True,
    deletions: Count | bool = True,
    retirements: Count | bool = True,
) -> st.SearchStrategy[Ledger]:
    """Ledgers with lifecycle histories: facts stated by events, some superseded,
    retired or deleted, every transition made (and checked) by the ledger itself.

    The arguments are those of :func:`operations`; the ledger's default tenant and
    subject are ``tenant-1`` and ``subject-1``.
    """
    config = _config(
        critical_facts, continuity_facts, chatter, subjects, tenants,
        untrusted, updates, deletions, retirements, 0,
    )  # fmt: skip
    return _plan(config).map(lambda plan: replay(_operations_of(plan)))
