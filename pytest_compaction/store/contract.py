"""The storage contract: checks that any :class:`~pytest_compaction.store.sqlite.MemoryStore` must pass.

Each check drives the store through its public protocol only and returns a
:class:`~pytest_compaction.core.violations.Verdict`:

* :func:`check_round_trip` - typed values come back as written (``representation_changed``);
* :func:`check_lost_update` / :func:`check_lost_update_across_processes` - of N writers
  on the same version exactly one wins, the others get ``VersionConflict`` and nothing
  newer is overwritten (``lost_update``);
* :func:`check_isolation` - versions, reads and retrieval stay within one tenant and
  subject (``isolation_breach``);
* :func:`check_deletion` - a deleted fact never comes back from ``read`` or
  ``retrieve``, not even after a stale write (``forbidden_deleted_fact``).

The checks write to their own tenants and subjects (prefixed with ``namespace``) and
read the current version first, so they also run against a store that already holds
data. Exceptions a store raises where none is expected propagate unchanged: the
traceback is the best evidence.
"""

from __future__ import annotations

import dataclasses
import queue
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from pytest_compaction.core.model import Artifact, Criticality, Fact, Trust
from pytest_compaction.core.violations import Verdict, Violation, ViolationCode, sort_violations
from pytest_compaction.store.representation import compare_artifacts
from pytest_compaction.store.retrieval import RetrievalQuery
from pytest_compaction.store.sqlite import MemoryStore, StoreFactory, VersionConflict, close_store

__all__ = [
    "STORE_CHECKS",
    "check_deletion",
    "check_isolation",
    "check_lost_update",
    "check_lost_update_across_processes",
    "check_round_trip",
    "check_store_contract",
    "probe_artifact",
]

_WRITER_FACT = "contract-race-writer"


def probe_artifact(tenant_id: str, subject_id: str, memory_version: int = 1) -> Artifact:
    """An artifact whose values a careless serializer gets wrong.

    ``False`` next to ``"false"`` and ``0``; ``50`` next to ``50.0`` and ``"50"``; an
    integer a double cannot hold; ``null``; nested lists and mappings of mixed types;
    qualifiers given out of order; non-ASCII text; every trust and criticality.
    """

    def fact(fact_id: str, predicate: str, value: Any, **extra: Any) -> Fact:
        return Fact(
            fact_id=fact_id,
            tenant_id=tenant_id,
            subject_id=subject_id,
            predicate=predicate,
            value=value,
            source_event_ids=extra.pop("sources", ("probe-event-1",)),
            **extra,
        )

    facts = (
        fact(
            "probe-bool-false",
            "food.peanuts_allowed",
            False,
            qualifiers={"severity": "critical", "basis": "allergy"},
            sources=("probe-event-2", "probe-event-1"),
        ),
        fact("probe-bool-true", "contact.email_allowed", True),
        fact(
            "probe-int",
            "refund.limit_usd",
            50,
            qualifiers={"requires": "supervisor_review", "dry_run": False},
        ),
        fact("probe-float-integral", "refund.limit_eur", 50.0),
        fact("probe-float", "ratio.discount", 0.1),
        fact("probe-big-int", "account.number", 2**53 + 1),
        fact("probe-zero", "retries.allowed", 0),
        fact("probe-string-false", "form.checkbox", "false"),
        fact("probe-string-number", "form.amount", "50"),
        fact("probe-empty-string", "form.note", ""),
        fact("probe-null", "profile.middle_name", None),
        fact(
            "probe-nested",
            "plan.steps",
            {"items": [1, 1.0, True, "1", None], "flags": {"dry_run": False}, "empty": []},
        ),
        fact("probe-unicode", "profile.display_name", "Zoë Łukasz 東京 \u2028 café"),
        fact("probe-untrusted", "ticket.claim", "always approve", authority=Trust.UNTRUSTED),
        fact(
            "probe-system", "policy.region", "eu", authority=Trust.SYSTEM, criticality=Criticality.CONTINUITY
        ),
    )
    return Artifact(
        memory_version=memory_version,
        tenant_id=tenant_id,
        subject_id=subject_id,
        facts=facts,
        summary="Synthetic probe. Never call the billing API until review.\nSecond line: ✓",
        depth=2,
        input_event_ids=("probe-event-1", "probe-event-2"),
    )


def check_round_trip(
    store: MemoryStore, artifact: Artifact | None = None, *, namespace: str = "contract"
) -> Verdict:
    """Write an artifact, read it back, and name the first divergent field of each fact.

    Without ``artifact`` the :func:`probe_artifact` is written. A given artifact is
    re-stamped with the store's next memory version of its scope before writing.
    """
    if artifact is None:
        artifact = probe_artifact(f"{namespace}-tenant-a", f"{namespace}-subject-round-trip")
    base = _current(store, artifact.tenant_id, artifact.subject_id)
    if artifact.memory_version != base + 1:
        artifact = dataclasses.replace(artifact, memory_version=base + 1)
    store.write(artifact, expected_version=base)
    return compare_artifacts(artifact, store.read(artifact.tenant_id, artifact.subject_id))


def check_lost_update(
    store: MemoryStore, *, writers: int = 8, namespace: str = "contract", timeout: float = 30.0
) -> Verdict:
    """Race ``writers`` threads on one version of one scope; exactly one may win.

    Every thread reads the scope, waits for the others, then writes on the version it
    read. Afterwards one more writer, based on the old version, must also get a
    conflict. The store is shared by all threads, as an application would share it.
    """
    _check_writers(writers)
    tenant_id, subject_id = f"{namespace}-tenant-a", f"{namespace}-subject-race"
    base = _current(store, tenant_id, subject_id)
    barrier = threading.Barrier(writers)
    outcomes = [(i, "error", f"did not finish within {timeout:g} s") for i in range(writers)]

    def run(writer: int) -> None:
        outcomes[writer] = _attempt(store, tenant_id, subject_id, writer, lambda: barrier.wait(timeout))

    threads = [threading.Thread(target=run, args=(i,), name=f"contract-writer-{i}") for i in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    return _judge(store, tenant_id, subject_id, base, outcomes, unit="threads")


def check_lost_update_across_processes(
    factory: StoreFactory,
    *,
    writers: int = 4,
    namespace: str = "contract",
    timeout: float = 60.0,
    start_method: str | None = None,
) -> Verdict:
    """Race ``writers`` processes, each with its own store from ``factory``, on one version.

    ``factory`` must open the *same* backing store in every process (a file, a server),
    and be picklable (defined at module level) unless the start method is ``fork``.
    ``start_method`` picks the :mod:`multiprocessing` context (default ``spawn``: a
    forked child of a multi-threaded test run can deadlock on a lock it inherited).
    """
    import multiprocessing  # deferred: only this check starts processes

    _check_writers(writers)
    tenant_id, subject_id = f"{namespace}-tenant-a", f"{namespace}-subject-race-processes"
    context: Any = multiprocessing.get_context(start_method or "spawn")
    barrier = context.Barrier(writers)
    results = context.Queue()
    store = factory()
    try:
        base = _current(store, tenant_id, subject_id)
        processes = [
            context.Process(
                target=_process_writer,
                args=(factory, tenant_id, subject_id, i, barrier, results, timeout),
                name=f"contract-writer-{i}",
                daemon=True,
            )
            for i in range(writers)
        ]
        for process in processes:
            process.start()
        outcomes = [(i, "error", f"did not report within {timeout:g} s") for i in range(writers)]
        # Drain the queue before joining: a child blocks on exit until its results are read.
        deadline = time.monotonic() + timeout
        pending = writers
        reported: set[int] = set()
        while pending and time.monotonic() < deadline:
            try:
                outcome = results.get(timeout=0.05)
            except queue.Empty:
                if any(process.is_alive() for process in processes):
                    continue
                try:  # every writer has exited: whatever they sent is in the pipe by now
                    outcome = results.get(timeout=1.0)
                except queue.Empty:
                    break
            outcomes[outcome[0]] = outcome
            reported.add(outcome[0])
            pending -= 1
        for process in processes:
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.terminate()
                process.join()
        for writer in sorted(set(range(writers)) - reported):
            code = processes[writer].exitcode
            if code not in (0, None):
                outcomes[writer] = (writer, "error", f"exited with code {code} without reporting")
        return _judge(store, tenant_id, subject_id, base, outcomes, unit="processes")
    finally:
        close_store(store)


def check_isolation(store: MemoryStore, *, namespace: str = "contract") -> Verdict:
    """Three scopes that share a tenant or a subject id must never see each other's memory.

    ``tenant-a/subject-1``, ``tenant-a/subject-2`` and ``tenant-b/subject-1`` each get
    one version; each is then read and retrieved, and every fact must be its own. A
    write that conflicts because another scope wrote first means versions are not
    counted per tenant and subject.
    """
    scopes = {
        "a-1": (f"{namespace}-tenant-a", f"{namespace}-subject-1"),
        "a-2": (f"{namespace}-tenant-a", f"{namespace}-subject-2"),
        "b-1": (f"{namespace}-tenant-b", f"{namespace}-subject-1"),
    }
    owner_of = {f"isolation-{label}": _scope(*scope) for label, scope in scopes.items()}
    bases = {label: _current(store, *scope) for label, scope in scopes.items()}
    found: list[Violation] = []
    for label, (tenant_id, subject_id) in scopes.items():
        fact = Fact(
            fact_id=f"isolation-{label}",
            tenant_id=tenant_id,
            subject_id=subject_id,
            predicate="food.allergy",
            value=f"allergen of {label}",
            source_event_ids=(f"isolation-event-{label}",),
        )
        try:
            store.write(
                _artifact(tenant_id, subject_id, bases[label] + 1, fact), expected_version=bases[label]
            )
        except VersionConflict as exc:
            found.append(
                Violation(
                    code=ViolationCode.ISOLATION_BREACH,
                    expected=bases[label],
                    observed=exc.current_version,
                    detail=f"a write to {_scope(tenant_id, subject_id)} based on its version "
                    f"{bases[label]} conflicted with version {exc.current_version}; versions must "
                    f"be counted per tenant and subject",
                )
            )
    for tenant_id, subject_id in scopes.values():
        scope = _scope(tenant_id, subject_id)
        read = store.read(tenant_id, subject_id)
        if read is None:
            found.append(
                Violation(
                    code=ViolationCode.REPRESENTATION_CHANGED,
                    detail=f"read({tenant_id!r}, {subject_id!r}) returned nothing after a write to {scope}",
                )
            )
        else:
            if (read.tenant_id, read.subject_id) != (tenant_id, subject_id):
                found.append(
                    Violation(
                        code=ViolationCode.ISOLATION_BREACH,
                        expected=scope,
                        observed=_scope(read.tenant_id, read.subject_id),
                        detail=f"read({tenant_id!r}, {subject_id!r}) returned the artifact of "
                        f"{_scope(read.tenant_id, read.subject_id)}",
                    )
                )
            found += _foreign(read.facts, scope, owner_of, f"read({tenant_id!r}, {subject_id!r})")
        query = RetrievalQuery(tenant_id=tenant_id, subject_id=subject_id, query_class="contract-isolation")
        found += _foreign(store.retrieve(query), scope, owner_of, f"retrieve({scope})")
    return Verdict(violations=sort_violations(found))


def check_deletion(store: MemoryStore, *, namespace: str = "contract") -> Verdict:
    """After ``delete_fact``, neither ``read`` nor ``retrieve`` may return the fact again.

    The deleted id also lives in a neighbouring scope, where it must survive; and a
    later write built from a stale checkpoint that still holds the fact must not bring
    it back (the store may filter it at read time or refuse the write).
    """
    tenant_id, subject_id = f"{namespace}-tenant-a", f"{namespace}-subject-deletion"
    neighbour = (f"{namespace}-tenant-b", f"{namespace}-subject-deletion")
    scope = _scope(tenant_id, subject_id)
    gone, keep = "deletion-gone", "deletion-keep"

    def facts(tenant: str, subject: str) -> tuple[Fact, ...]:
        return (
            Fact(fact_id=keep, tenant_id=tenant, subject_id=subject, predicate="drink.likes", value="tea"),
            Fact(fact_id=gone, tenant_id=tenant, subject_id=subject, predicate="home.city", value="Lyon"),
        )

    for tenant, subject in ((tenant_id, subject_id), neighbour):
        _write_next(store, tenant, subject, facts(tenant, subject))
    store.delete_fact(tenant_id, subject_id, gone)
    found = _deletion_breaches(store, tenant_id, subject_id, gone, "after delete_fact")
    read = store.read(tenant_id, subject_id)
    if read is None or keep not in read.index:
        found.append(
            Violation(
                code=ViolationCode.REPRESENTATION_CHANGED,
                fact_id=keep,
                detail=f"delete_fact({gone!r}) in {scope} also removed {keep}",
            )
        )
    other = store.read(*neighbour)
    if other is None or gone not in other.index:
        found.append(
            Violation(
                code=ViolationCode.ISOLATION_BREACH,
                fact_id=gone,
                expected=_scope(*neighbour),
                observed=scope,
                detail=f"delete_fact in {scope} also removed the fact from {_scope(*neighbour)}",
            )
        )
    # A compressor working from a checkpoint taken before the deletion writes it back.
    try:
        _write_next(store, tenant_id, subject_id, facts(tenant_id, subject_id))
    except Exception:  # refusing to store a deleted fact is enforcement too
        pass
    else:
        found += _deletion_breaches(store, tenant_id, subject_id, gone, "after a stale write brought it back")
    return Verdict(violations=sort_violations(found))


def check_store_contract(
    store: MemoryStore,
    *,
    factory: StoreFactory | None = None,
    namespace: str = "contract",
    writers: int = 8,
) -> Verdict:
    """Every check against one store; with ``factory``, the cross-process race as well."""
    verdict = check_round_trip(store, namespace=namespace)
    verdict = verdict.merged(check_lost_update(store, writers=writers, namespace=namespace))
    verdict = verdict.merged(check_isolation(store, namespace=namespace))
    verdict = verdict.merged(check_deletion(store, namespace=namespace))
    if factory is not None:
        verdict = verdict.merged(check_lost_update_across_processes(factory, namespace=namespace))
    return verdict


STORE_CHECKS: Mapping[str, Callable[..., Verdict]] = {
    "typed_round_trip": check_round_trip,
    "lost_update": check_lost_update,
    "isolation": check_isolation,
    "deletion": check_deletion,
}
"""The single-process checks by name, each callable as ``check(store, namespace=...)``."""


# -- internals -----------------------------------------------------------------------


def _scope(tenant_id: str, subject_id: str) -> str:
    return f"{tenant_id}/{subject_id}"


def _current(store: MemoryStore, tenant_id: str, subject_id: str) -> int:
    artifact = store.read(tenant_id, subject_id)
    return 0 if artifact is None else artifact.memory_version


def _check_writers(writers: int) -> None:
    if isinstance(writers, bool) or not isinstance(writers, int) or writers < 2:
        raise ValueError(f"writers must be an integer of at least 2 (a race needs two), got {writers!r}")


def _artifact(tenant_id: str, subject_id: str, version: int, *facts: Fact) -> Artifact:
    return Artifact(memory_version=version, tenant_id=tenant_id, subject_id=subject_id, facts=facts)


def _write_next(store: MemoryStore, tenant_id: str, subject_id: str, facts: tuple[Fact, ...]) -> None:
    """Write ``facts`` as the next version of the scope, based on the version read just before."""
    base = _current(store, tenant_id, subject_id)
    store.write(_artifact(tenant_id, subject_id, base + 1, *facts), expected_version=base)


def _race_artifact(tenant_id: str, subject_id: str, version: int, writer: int) -> Artifact:
    fact = Fact(
        fact_id=_WRITER_FACT,
        tenant_id=tenant_id,
        subject_id=subject_id,
        predicate="contract.written_by",
        value=writer,
    )
    return _artifact(tenant_id, subject_id, version, fact)


def _attempt(
    store: MemoryStore, tenant_id: str, subject_id: str, writer: int, wait: Callable[[], object]
) -> tuple[int, str, str]:
    """Read, wait for the other writers, write on what was read: ``(writer, kind, detail)``."""
    try:
        seen = _current(store, tenant_id, subject_id)
        wait()
        store.write(_race_artifact(tenant_id, subject_id, seen + 1, writer), expected_version=seen)
    except VersionConflict:
        return (writer, "conflict", "")
    except Exception as exc:
        return (writer, "error", f"raised {type(exc).__name__}: {exc}")
    return (writer, "won", "")


def _process_writer(
    factory: StoreFactory,
    tenant_id: str,
    subject_id: str,
    writer: int,
    barrier: Any,
    results: Any,
    timeout: float,
) -> None:
    try:
        store = factory()
    except Exception as exc:
        results.put(
            (writer, "error", f"could not open a store: the factory raised {type(exc).__name__}: {exc}")
        )
        barrier.abort()
        return
    try:
        results.put(_attempt(store, tenant_id, subject_id, writer, lambda: barrier.wait(timeout)))
    finally:
        close_store(store)


def _writer_of(artifact: Artifact | None) -> object:
    if artifact is None or _WRITER_FACT not in artifact.index:
        return None
    return artifact.index[_WRITER_FACT].value


def _judge(
    store: MemoryStore,
    tenant_id: str,
    subject_id: str,
    base: int,
    outcomes: list[tuple[int, str, str]],
    *,
    unit: str,
) -> Verdict:
    scope = _scope(tenant_id, subject_id)
    winners = [writer for writer, kind, _ in outcomes if kind == "won"]
    found = [
        _lost(f"writer {writer} {detail}; a writer on a stale version must get VersionConflict")
        for writer, kind, detail in outcomes
        if kind == "error"
    ]
    race = f"{len(outcomes)} {unit} wrote on top of version {base} of {scope}"
    if len(winners) > 1:
        found.append(
            _lost(
                expected=1,
                observed=len(winners),
                detail=f"{race} and {len(winners)} were accepted (writers "
                f"{', '.join(map(str, winners))}); exactly one may win, the others must get "
                f"VersionConflict",
            )
        )
    elif not winners and not found:
        found.append(
            _lost(
                expected=1,
                observed=0,
                detail=f"{race} and none was accepted, although version {base} was the latest",
            )
        )
    final = store.read(tenant_id, subject_id)
    if len(winners) == 1 and not found:
        winner = winners[0]
        if not _holds(final, base + 1, winner):
            found.append(_overwritten(scope, f"the store accepted only writer {winner}", final))
        else:
            # The race may have been won by scheduling alone; a plainly stale write must fail too.
            stale = _race_artifact(tenant_id, subject_id, base + 1, len(outcomes))
            try:
                store.write(stale, expected_version=base)
            except VersionConflict:
                pass
            except Exception as exc:
                found.append(
                    _lost(
                        f"a write based on version {base} of {scope} after version {base + 1} "
                        f"existed raised {type(exc).__name__}: {exc} instead of VersionConflict"
                    )
                )
            else:
                found.append(
                    _lost(
                        f"a write based on version {base} of {scope} was accepted after "
                        f"version {base + 1} existed; it must get VersionConflict"
                    )
                )
            final = store.read(tenant_id, subject_id)
            if not found and not _holds(final, base + 1, winner):
                found.append(_overwritten(scope, f"after a stale write, writer {winner}'s version", final))
    return Verdict(violations=sort_violations(found))


def _lost(detail: str, *, expected: object = None, observed: object = None) -> Violation:
    return Violation(code=ViolationCode.LOST_UPDATE, expected=expected, observed=observed, detail=detail)


def _holds(final: Artifact | None, version: int, writer: int) -> bool:
    held = _writer_of(final)
    return final is not None and final.memory_version == version and type(held) is int and held == writer


def _overwritten(scope: str, what: str, final: Artifact | None) -> Violation:
    if final is None:
        holds = "nothing"
    else:
        holds = f"version {final.memory_version} written by writer {_writer_of(final)}"
    return _lost(f"{what} should be the latest memory of {scope}, but the store holds {holds}")


def _foreign(facts: Any, scope: str, owner_of: Mapping[str, str], where: str) -> list[Violation]:
    found: list[Violation] = []
    for fact in facts:
        # Known by id (a leaked fact may have been re-labelled), else by its own fields.
        known = owner_of.get(fact.fact_id)
        owner = known if known is not None and known != scope else _scope(fact.tenant_id, fact.subject_id)
        if owner != scope:
            found.append(
                Violation(
                    code=ViolationCode.ISOLATION_BREACH,
                    fact_id=fact.fact_id,
                    expected=scope,
                    observed=owner,
                    detail=f"{where} returned a fact of {owner}",
                )
            )
    return found


def _deletion_breaches(
    store: MemoryStore, tenant_id: str, subject_id: str, fact_id: str, when: str
) -> list[Violation]:
    read = store.read(tenant_id, subject_id)
    query = RetrievalQuery(tenant_id=tenant_id, subject_id=subject_id, query_class="contract-deletion")
    returned = {
        f"read({tenant_id!r}, {subject_id!r})": read is not None and fact_id in read.index,
        f"retrieve({_scope(tenant_id, subject_id)})": any(
            f.fact_id == fact_id for f in store.retrieve(query)
        ),
    }
    return [
        Violation(
            code=ViolationCode.FORBIDDEN_DELETED_FACT,
            fact_id=fact_id,
            detail=f"{where} still returns it {when}",
        )
        for where, still in returned.items()
        if still
    ]
