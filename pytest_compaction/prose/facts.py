"""Facts in prose: a summary checked against the fact ledger, sentence by sentence.

The same violation names as the structured checker (:func:`pytest_compaction.core.checker.check`),
read out of prose through each fact's prose form (:mod:`pytest_compaction.prose.forms`) and
the grammar cues of :mod:`pytest_compaction.prose.statements`:

- ``missing``: no sentence names a required fact with its value;
- ``value_changed``: it is stated with the opposite polarity, or another number, amount,
  time or date of the same kind;
- ``qualifiers_changed``: stated without a qualifier's words (in its sentence or the next);
- ``subject_changed``: stated of another person or resource (another fact's subject words,
  without its own);
- ``trust_elevated``: an untrusted fact, or the distinguishing words of an untrusted event,
  stated without attribution;
- ``forbidden_superseded_fact`` / ``forbidden_retired_fact``: an old value stated as current
  (not framed as history: "moved from Lisbon", "used to", "no longer");
- ``forbidden_deleted_fact``: any distinguishing words of a deleted fact, anywhere;
- ``unsupported_fact``: the words only a speculative source clause used ("may move to
  Paris"), stated as settled.

Every violation's detail names the sentence (1-based) and the words that decided it.

This module checks a summary (:func:`check_facts_in_prose`) and reads what it states
(:func:`stated_facts`, :func:`read_memory`); each check lives in a private module of its
own: active facts (``_active``, with values and their rivals in ``_values``), facts that are
over (``_superseded``), deleted facts (``_deleted``) and the sources (``_sources``, with what
a source only doubted in ``_doubt`` and who tells its words in ``_trust``); ``_findings``
tells where a finding is. Everything the rest of the package uses is imported from here.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping, Set

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Fact, Status
from pytest_compaction.core.violations import Verdict, Violation, ViolationCode, sort_violations

# Private, but kept importable from here.
from pytest_compaction.prose._acronyms import clipped_aliases, clipped_stubs
from pytest_compaction.prose._active import _check_active as _check_active
from pytest_compaction.prose._deleted import _check_deleted as _check_deleted
from pytest_compaction.prose._deleted import _redacted_names as _redacted_names
from pytest_compaction.prose._deleted import _tells_deletion as _tells_deletion
from pytest_compaction.prose._reference import resolve_references
from pytest_compaction.prose._sources import _check_sources as _check_sources
from pytest_compaction.prose._superseded import _check_old as _check_old
from pytest_compaction.prose._superseded import _newer_unstated
from pytest_compaction.prose.forms import Alias, ProseFormLike, Resolved, resolve
from pytest_compaction.prose.statements import Statements, read_statements

__all__ = ["check_artifact_summary", "check_facts_in_prose", "read_memory", "resolve_forms", "stated_facts"]


def resolve_forms(ledger: Ledger, forms: Mapping[str, ProseFormLike] | None = None) -> dict[str, Resolved]:
    """Every ledger fact's checkable prose form (declared, or defaults)."""
    forms = forms if forms is not None else getattr(ledger, "prose_forms", {}) or {}
    return {fact.fact_id: resolve(fact, forms.get(fact.fact_id), ledger) for fact in ledger}


def _with_clipped(resolved: dict[str, Resolved], summary: str) -> dict[str, Resolved]:
    """Each form with its names and value words as the summary clips them with a period
    ("50 h motor *insp.* due" names "motor inspection"): read, as a derived form, only
    where no alias as written occurs."""
    stubs = clipped_stubs(summary)
    if not stubs:
        return resolved
    out: dict[str, Resolved] = {}
    for fact_id, r in resolved.items():
        names = clipped_aliases(((a, r.show(a)) for a in r.names), stubs)
        value = clipped_aliases(((a, r.show(a)) for a in r.value), stubs)
        names = {a: w for a, w in names.items() if a not in r.names}
        value = {a: w for a, w in value.items() if a not in r.value}
        if not names and not value:
            out[fact_id] = r
            continue
        out[fact_id] = dataclasses.replace(
            r,
            names=(*r.names, *names),
            value=(*r.value, *value),
            shown={**r.shown, **names, **value},
            derived=r.derived | frozenset(names) | frozenset(value),
        )
    return out


def check_facts_in_prose(
    ledger: Ledger,
    summary: str,
    *,
    tenant_id: str | None = None,
    subject_id: str | None = None,
    forms: Mapping[str, ProseFormLike] | None = None,
) -> Verdict:
    """Check ``summary`` against every fact of the ledger for one scope."""
    tenant = tenant_id or ledger.tenant_id
    subject = subject_id or ledger.subject_id
    resolved = _with_clipped(resolve_forms(ledger, forms), summary)
    statements = _read(summary, resolved.values())
    scoped = [r for r in resolved.values() if (r.fact.tenant_id, r.fact.subject_id) == (tenant, subject)]
    active_words: set[str] = set()
    for r in scoped:
        if r.fact.status is Status.ACTIVE:
            active_words |= r.words()
    entities = _entities(resolved.values())
    things = [r.names for r in resolved.values()]
    by_id: dict[str, object] = {e.event_id: e for e in ledger.events}
    found: list[Violation] = []
    values = list(resolved.values())
    shared: Callable[[], Set[str]] = functools.cache(lambda: _shared_words(values))
    for r in scoped:
        if r.fact.status is Status.ACTIVE:
            found.extend(_check_active(r, statements, entities, by_id, shared=shared, things=things))
        elif r.fact.status is Status.DELETED:
            found.extend(_check_deleted(r, statements, active_words, ledger, tenant, subject))
        else:
            others = [group for group in entities if not set(group) & set(r.subject)]
            found.extend(_check_old(r, statements, _newer_unstated(r, resolved, statements), others))
    events = ledger.authorized_events(tenant, subject)
    found.extend(_check_sources(events, statements, active_words, scoped))
    return Verdict(violations=sort_violations(found))


def stated_facts(
    ledger: Ledger,
    summary: str,
    *,
    tenant_id: str | None = None,
    subject_id: str | None = None,
    forms: Mapping[str, ProseFormLike] | None = None,
) -> tuple[Fact, ...]:
    """The ledger's active facts of one scope that ``summary`` states, as the checker reads
    them: named with their value, polarity, subject and qualifiers, nothing against them.

    This is what a prose memory holds for a consumer: a fact stated with another value,
    negated or of another subject is not among them (the checker names what went wrong).
    """
    tenant = tenant_id or ledger.tenant_id
    subject = subject_id or ledger.subject_id
    resolved = _with_clipped(resolve_forms(ledger, forms), summary)
    statements = _read(summary, resolved.values())
    entities = _entities(resolved.values())
    things = [r.names for r in resolved.values()]
    by_id: dict[str, object] = {e.event_id: e for e in ledger.events}
    return tuple(
        r.fact
        for r in resolved.values()
        if r.fact.status is Status.ACTIVE
        and (r.fact.tenant_id, r.fact.subject_id) == (tenant, subject)
        and r.names
        and not _check_active(r, statements, entities, by_id, must_state=True, things=things)
    )


def read_memory(ledger: Ledger, artifact: Artifact) -> Artifact:
    """``artifact`` as a consumer reads it: with a summary, of a ledger that declares prose
    forms, it carries the facts its summary states (:func:`stated_facts`) besides its own
    (a summary message ahead of the turns kept word for word is one memory: a fact stated
    in either is there); any other artifact is returned as it is."""
    if not artifact.summary or not getattr(ledger, "prose_forms", None):
        return artifact
    stated = stated_facts(
        ledger, artifact.summary, tenant_id=artifact.tenant_id, subject_id=artifact.subject_id
    )
    held = {fact.fact_id for fact in artifact.facts}
    extra = tuple(fact for fact in stated if fact.fact_id not in held)
    return dataclasses.replace(artifact, facts=(*artifact.facts, *extra)) if extra else artifact


def _read(summary: str, resolved: Iterable[Resolved]) -> Statements:
    """The summary's statements, each pointer the ledger's facts resolve read as the words
    it stands for ("the former", a "she" for the one person named before it)."""
    facts = list(resolved)
    values = tuple(r.value for r in facts if r.value)
    return _resolved_read(summary, tuple(_entities(facts)), values)


@functools.lru_cache(maxsize=256)
def _resolved_read(
    summary: str, subjects: tuple[tuple[Alias, ...], ...], values: tuple[tuple[Alias, ...], ...]
) -> Statements:
    """:func:`_read`, cached: the next check of one summary against one ledger reads it once."""
    return resolve_references(read_statements(summary), subjects, values)


def _entities(resolved: Iterable[Resolved]) -> list[tuple[Alias, ...]]:
    groups: list[tuple[Alias, ...]] = []
    for r in resolved:
        if r.subject and r.subject not in groups:
            groups.append(r.subject)
    return groups


def _shared_words(resolved: Iterable[Resolved]) -> frozenset[str]:
    """The words that more than one fact of the ledger uses, whatever its status."""
    return _shared_of(tuple(r.words() for r in resolved))


@functools.lru_cache(maxsize=256)
def _shared_of(word_sets: tuple[frozenset[str], ...]) -> frozenset[str]:
    seen: set[str] = set()
    shared: set[str] = set()
    for words in word_sets:
        shared |= seen & words
        seen |= words
    return frozenset(shared)


def check_artifact_summary(
    ledger: Ledger, artifact: Artifact, structured: Verdict, *, facts_expected: bool = False
) -> Verdict:
    """The fact verdict for an artifact that carries a summary.

    Prose checking is opted into by the ledger: when any fact declares a prose form
    (``prose:`` in a spec), a prose-only artifact (a summary, no structured facts) is
    checked in prose instead of structurally (where every fact would be ``missing``), and
    an artifact with both is checked both ways. Without declared forms the structured
    verdict stands; a prose-only artifact's ``missing`` then says how to opt in. With
    ``facts_expected`` (the compressor emits structured facts), an artifact without facts
    is an omission, checked both ways, never read as prose only.
    """
    summary = artifact.summary
    if not summary:
        return structured
    declared = bool(getattr(ledger, "prose_forms", None))
    if not declared:
        if artifact.facts or facts_expected:
            return structured
        hint = (
            "; the artifact is prose only (a summary, no facts): give the facts prose forms "
            "(prose: names: [...]) to check the summary in prose"
        )
        return Verdict(
            violations=tuple(
                dataclasses.replace(v, detail=v.detail + hint) if v.code is ViolationCode.MISSING else v
                for v in structured.violations
            ),
            review=structured.review,
        )
    tenant, subject = artifact.tenant_id, artifact.subject_id
    prose = check_facts_in_prose(ledger, summary, tenant_id=tenant, subject_id=subject)
    if not artifact.facts and not facts_expected:
        return prose
    if facts_expected:
        return structured.merged(prose)
    return _either_part(
        structured, prose, lambda: stated_facts(ledger, summary, tenant_id=tenant, subject_id=subject)
    )


def _either_part(structured: Verdict, prose: Verdict, stated: Callable[[], Iterable[Fact]]) -> Verdict:
    """An artifact that is a summary plus some structured facts (a summary and the last
    few messages kept as they were): a fact is stated when either part states it, and
    what either part gets wrong about it counts. A fact both parts leave out is
    ``missing`` once, with the prose reading's detail (which sentence named what)."""

    in_facts = {v.fact_id for v in structured.violations if v.code is ViolationCode.MISSING}
    if in_facts:
        # Stated in prose, rightly (``stated``) or wrongly (a prose violation names it).
        in_summary = {f.fact_id for f in stated()} | {v.fact_id for v in prose.violations}
        kept = [
            v
            for v in structured.violations
            if v.code is not ViolationCode.MISSING or v.fact_id not in in_summary
        ]
    else:
        kept = list(structured.violations)
    kept += [v for v in prose.violations if v.code is not ViolationCode.MISSING or v.fact_id in in_facts]
    return Verdict(
        violations=sort_violations(kept), review=sort_violations((*structured.review, *prose.review))
    )
