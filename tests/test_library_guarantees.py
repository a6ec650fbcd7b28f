"""Library specs that prove a guarantee: each spec, run against a compressor (or store) that
breaks exactly that guarantee, reports the guarantee's violation by name; the reference
compressor passes the same spec (tests/test_library.py). docs/guarantees.md cites these."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.model import Artifact, Fact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.engine.contract import run_contract
from pytest_compaction.engine.runner import ScenarioRun
from pytest_compaction.mutants.catalog import get_mutant, run_mutant
from pytest_compaction.specs.library import library_path
from pytest_compaction.specs.spec import load_spec
from pytest_compaction.store.retrieval import RetrievalQuery
from pytest_compaction.store.sqlite import SQLiteStore

LIBRARY = library_path()


def scenario(name: str) -> Scenario:
    loaded = load_spec(LIBRARY / f"{name}.compaction.yaml").scenario
    assert loaded is not None
    return loaded


def run(name: str, compressor: object, store: object = None) -> ScenarioRun:
    guarded = GuardedCompressor(compressor, timeout=30)  # type: ignore[arg-type]
    return run_contract(scenario(name), guarded, store_factory=(lambda: store) if store is not None else None)  # type: ignore[arg-type,return-value]


def codes(result: ScenarioRun) -> set[str]:
    return {name.rsplit(":", 1)[-1] for name in result.names}


# -- drift mutants the class tests do not pin to one spec -------------------------------------


@pytest.mark.parametrize(
    ("mutant", "spec", "names"),
    [
        ("drop_critical_fact", "01-omission/escalation-contact-under-chatter", ["fact-page-1:missing"]),
        (
            "drop_provenance",
            "09-provenance-loss/credit-limit-policy-source",
            ["fact-limit-1:provenance_missing"],
        ),
        (
            "drop_pinned_invariant",
            "10-repetition-drift/never-call-until-approved-five-passes",
            ["constraint_density_collapsed", "inv-vendor-1:invariant_dropped"],
        ),
        (
            "stringify_on_storage",
            "16-representation-loss/typed-values-survive",
            [
                "fact-share-1:representation_changed",
                "fact-sms-1:representation_changed",
                "fact-threshold-1:representation_changed",
            ],
        ),
        ("last_writer_wins", "17-lost-update/stale-writer-overwrites-address-change", ["lost_update"]),
        (
            "keep_superseded_value",
            "04-temporal-collapse/shipping-address-moved-twice",
            ["fact-address-1:forbidden_superseded_fact", "fact-address-2:forbidden_superseded_fact"],
        ),
        (
            "failure_as_explored",
            "13-failure-history/failed-approach-survives-without-success",
            ["fact-restart-failed-1:predicate_changed", "fail-restart-1:failure_history_collapsed"],
        ),
        (
            "resurrect_from_checkpoint",
            "05-deletion-resurrection/deleted-allergy-not-retrieved",
            ["fact-shellfish-1:forbidden_deleted_fact"],
        ),
        ("negate_boolean", "02-negation/peanut-allergy-meal-plan", ["fact-peanut-allergy-1:value_changed"]),
    ],
)
def test_the_spec_kills_the_mutant_by_name(mutant: str, spec: str, names: list[str]) -> None:
    finding = run_mutant(get_mutant(mutant), scenario(spec), timeout=None)
    assert finding.killed
    assert list(finding.killed_by) == names


# -- lifecycle: a retired failure record stays retired ----------------------------------------


class StaleCheckpoint:
    """Rebuilds each memory from every fact it ever emitted: a retirement never takes effect."""

    replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims

    def __init__(self) -> None:
        self.seen: dict[str, Fact] = {}

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        for fact in artifact.facts:
            self.seen[fact.fact_id] = fact
        kept = {f.fact_id for f in artifact.facts}
        stale = tuple(f for fact_id, f in self.seen.items() if fact_id not in kept)
        return dataclasses.replace(artifact, facts=(*artifact.facts, *stale))


def test_a_failure_record_retired_by_a_success_event_must_not_come_back() -> None:
    result = run("13-failure-history/tried-and-failed-migration", StaleCheckpoint())
    assert result.names == ("fact-attempt-1:forbidden_retired_fact",)
    assert run("13-failure-history/tried-and-failed-migration", ReferenceCompressor()).names == ()


# -- temporal collapse: the old value does not win ---------------------------------------------


class FirstValueWins:
    """Keeps the first value it ever saw for a predicate, under whatever id the newest fact has."""

    replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims

    def __init__(self) -> None:
        self.first: dict[str, object] = {}

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        for fact in artifact.facts:
            self.first.setdefault(fact.predicate, fact.value)
        return dataclasses.replace(
            artifact,
            facts=tuple(dataclasses.replace(f, value=self.first[f.predicate]) for f in artifact.facts),
        )


def test_the_old_value_under_the_new_fact_is_value_changed() -> None:
    result = run("04-temporal-collapse/timezone-change", FirstValueWins())
    assert result.names == ("fact-tz-2:value_changed",)


# -- isolation: a leak may show only as an extra fact ------------------------------------------


class SharedCache:
    """Keeps one cache for every subject and re-files what it remembers under the current one."""

    replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims

    def __init__(self) -> None:
        self.cache: list[Fact] = []

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        leaked = tuple(
            dataclasses.replace(f, fact_id=f"cached-{f.fact_id}", subject_id=request.subject_id)
            for f in self.cache
            if f.subject_id != request.subject_id
        )
        self.cache.extend(artifact.facts)
        return dataclasses.replace(artifact, facts=(*artifact.facts, *leaked))


def test_another_subjects_fact_refiled_under_a_new_id_is_an_unsupported_fact() -> None:
    result = run("06-entity-merge/two-subjects-similar-histories", SharedCache())
    assert result.names
    assert codes(result) == {"unsupported_fact"}
    assert all(name.startswith("cached-fact-dana-") for name in result.names)


# -- retrieval and use -----------------------------------------------------------------------


class Remembering(SQLiteStore):
    """Keeps every artifact written, so a defective retrieve can answer from it."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[Artifact] = []

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        version = super().write(artifact, expected_version=expected_version)
        self.written.append(artifact)
        return version


class IgnoresDeletion(Remembering):
    """Serves the last artifact as written: deletions are not enforced where memory is read."""

    def retrieve(self, query: RetrievalQuery) -> tuple[Fact, ...]:
        last = [a for a in self.written if (a.tenant_id, a.subject_id) == (query.tenant_id, query.subject_id)]
        return tuple(f for f in last[-1].facts if query.matches(f)) if last else ()


class FiltersByTenantOnly(Remembering):
    """Retrieves every subject's facts of the tenant."""

    def retrieve(self, query: RetrievalQuery) -> tuple[Fact, ...]:
        own = super().retrieve(query)
        others = [f for a in self.written if a.subject_id != query.subject_id for f in a.facts]
        return (*own, *others)


class RanksAllergiesLow(SQLiteStore):
    """A retriever whose ranking cuts the peanut allergy."""

    def retrieve(self, query: RetrievalQuery) -> tuple[Fact, ...]:
        return tuple(f for f in super().retrieve(query) if "peanut" not in f.predicate)


def test_a_deleted_fact_served_at_retrieval_is_named_there() -> None:
    result = run(
        "05-deletion-resurrection/deleted-allergy-not-retrieved", ReferenceCompressor(), IgnoresDeletion()
    )
    assert codes(result) == {"retrieval_forbidden"}


def test_a_retriever_that_crosses_subjects_is_an_isolation_breach() -> None:
    result = run("06-entity-merge/household-meal-retrieval", ReferenceCompressor(), FiltersByTenantOnly())
    assert codes(result) == {"isolation_breach"}


def test_a_fact_lost_in_ranking_is_named_at_retrieval_and_at_use() -> None:
    result = run("02-negation/peanut-allergy-meal-plan", ReferenceCompressor(), RanksAllergiesLow())
    assert codes(result) == {"retrieval_omitted", "action_violates_fact"}


# -- message structure: what a trimmer or summarizer hands back ---------------------------------

TOOL_PAIRS = "15-budget/trimmed-history-keeps-tool-pairs"


def _without(message_id: str) -> Any:
    return lambda request: [m for m in request.openai_messages() if m["id"] != message_id]


@pytest.mark.parametrize(
    ("output", "code"),
    [
        (_without("a1"), "tool_result_orphaned"),
        (_without("r1"), "tool_call_unanswered"),
        (_without("sys"), "system_message_dropped"),
        (lambda request: "  ", "summary_empty"),
        (lambda request: "RateLimitError: 429 Too Many Requests", "summary_is_error"),
        (lambda request: {"type": "compaction", "content": None}, "compaction_failed"),
    ],
    ids=["call-dropped", "result-dropped", "system-dropped", "empty", "error-text", "empty-block"],
)
def test_a_broken_message_history_is_named(output: Any, code: str) -> None:
    assert code in codes(run(TOOL_PAIRS, output))


def test_the_whole_message_history_is_a_faithful_selection() -> None:
    assert run(TOOL_PAIRS, lambda request: request.openai_messages()).names == ()


def test_the_spec_paths_cited_here_exist() -> None:
    for name in ("01-omission/escalation-contact-under-chatter", TOOL_PAIRS):
        assert Path(LIBRARY / f"{name}.compaction.yaml").is_file()


# -- the register is append-only across reloads ------------------------------------------------

FREEZE = "12-constraint-density/release-freeze-prohibitions"


def _reloaded(change: Any) -> list[str]:
    """The library spec's register admitted once, then reloaded from storage with ``change``."""
    from pytest_compaction.prose.gate import CompactionGate
    from pytest_compaction.prose.invariants import InvariantRegister

    pinned = dict(scenario(FREEZE).invariants)  # type: ignore[call-overload]
    entries = list(pinned["invariants"])
    summary = " ".join(entry["text"] for entry in entries)
    gate = CompactionGate(InvariantRegister.from_dict(pinned))
    gate.admit(summary)
    reloaded = InvariantRegister.from_dict({**pinned, "invariants": change(entries)})
    return [v.name for v in gate.check(summary, register=reloaded)]


@pytest.mark.parametrize(
    ("change", "name"),
    [
        (
            lambda entries: [{**entries[0], "text": "Do not merge to main on Mondays."}, *entries[1:]],
            "inv-merge:register_entry_rewritten",
        ),
        (lambda entries: [entries[1], entries[0], *entries[2:]], "inv-migrate:register_reordered"),
        (lambda entries: entries[1:], "inv-merge:invariant_retired_without_event"),
    ],
    ids=["rewritten", "reordered", "removed"],
)
def test_a_reloaded_register_that_changed_without_an_event_is_named(change: Any, name: str) -> None:
    assert name in _reloaded(change)


def test_a_faithfully_reloaded_register_is_clean() -> None:
    assert _reloaded(lambda entries: entries) == []


def test_a_failure_record_dropped_from_a_reloaded_register_is_named() -> None:
    from pytest_compaction.prose.gate import CompactionGate
    from pytest_compaction.prose.invariants import InvariantRegister

    pinned = dict(scenario("13-failure-history/failed-approach-survives-without-success").invariants)  # type: ignore[call-overload]
    summary = " ".join(entry["text"] for entry in pinned["failures"])
    gate = CompactionGate(InvariantRegister.from_dict(pinned))
    gate.admit(summary)
    reloaded = InvariantRegister.from_dict({**pinned, "failures": []})
    names = [v.name for v in gate.check(summary, register=reloaded)]
    assert "fail-restart-1:invariant_retired_without_event" in names


# -- prose summaries: bindings, markers, depth ---------------------------------------------------


class Drifting:
    """The faithful prose compressor (verbatim) with its summary rewritten by ``drift``."""

    def __init__(self, drift: Any) -> None:
        from pytest_compaction.compressors.verbatim import VerbatimCompressor

        self.drift = drift
        self.inner = VerbatimCompressor()

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = self.inner.compress(request)
        return dataclasses.replace(artifact, summary=self.drift(artifact.summary or ""))


def _unpinned(summary: str) -> str:
    """The summary without the pinned block the verbatim compressor re-grounds from."""
    return summary.split("\n\n===")[0]


@pytest.mark.parametrize(
    ("spec", "drift", "name"),
    [
        (
            "14-binding-drift/staging-database-binding",
            lambda s: s.replace("staging database", "production database"),
            "datafix-target:binding_reassigned",
        ),
        (
            "14-binding-drift/staging-database-binding",
            lambda s: s.replace("the staging database", "the database"),
            "datafix-target:binding_unresolvable",
        ),
        (
            "11-modal-weakening/never-live-payments-without-dry-run",
            lambda s: _unpinned(s.replace("dry_run=false", "")),
            "inv-live-1:marker_missing",
        ),
        ("10-repetition-drift/never-call-until-approved-five-passes", _unpinned, "depth_exceeded"),
    ],
    ids=["binding-reassigned", "binding-unresolvable", "marker-missing", "depth-exceeded"],
)
def test_a_drifted_prose_summary_is_named(spec: str, drift: Any, name: str) -> None:
    assert run(spec, Drifting(lambda s: s)).names == ()
    assert name in run(spec, Drifting(drift)).names


# -- metamorphic relations, on the library specs that declare them -------------------------------


def _facts(artifact: Artifact, facts: Any) -> Artifact:
    return dataclasses.replace(artifact, facts=tuple(facts))


class KeepsTheLast:
    """Keeps only what the last ``size`` events state: memory shrinks as chatter is appended."""

    replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims

    def __init__(self, size: int) -> None:
        self.size = size

    def compress(self, request: CompressionRequest) -> Artifact:
        return ReferenceCompressor().compress(
            dataclasses.replace(request, events=request.events[-self.size :])
        )


class QuotedOnlyAfterPolicy:
    """Reads an untrusted event as quoted only when a system event comes right before it."""

    replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims

    def compress(self, request: CompressionRequest) -> Artifact:
        from pytest_compaction.core.model import Trust

        artifact = ReferenceCompressor().compress(request)
        elevated = {
            claim.fact_id
            for index, event in enumerate(request.events)
            if event.trust is Trust.UNTRUSTED
            and (index == 0 or request.events[index - 1].trust is not Trust.SYSTEM)
            for claim in event.claims
        }
        return _facts(
            artifact,
            (
                dataclasses.replace(f, authority=Trust.USER) if f.fact_id in elevated else f
                for f in artifact.facts
            ),
        )


class LaterIdWins:
    """Resolves two values of one predicate by the higher event number, not by supersession."""

    replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims

    def compress(self, request: CompressionRequest) -> Artifact:
        plain = tuple(
            dataclasses.replace(
                e, claims=tuple(dataclasses.replace(c, supersedes=(), current=True) for c in e.claims)
            )
            for e in request.events
        )
        artifact = ReferenceCompressor().compress(dataclasses.replace(request, events=plain))
        best: dict[str, Fact] = {}
        for fact in artifact.facts:
            kept = best.get(fact.predicate)
            if kept is None or _number(fact) > _number(kept):
                best[fact.predicate] = fact
        # A structured memory: the reference's summary would state the supersession it ignored.
        return dataclasses.replace(_facts(artifact, best.values()), summary=None)


def _number(fact: Fact) -> int:
    return max(int("".join(ch for ch in source if ch.isdigit()) or 0) for source in fact.source_event_ids)


class ExtractsChunksTwice:
    """Extracts the claims of a message that does not end a sentence again from the next one."""

    replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        extra: list[Fact] = []
        pending: list[Fact] = []
        for event in request.events:
            extra.extend(dataclasses.replace(f, source_event_ids=(event.event_id,)) for f in pending)
            claimed = {c.fact_id for c in event.claims}
            ended = event.text.rstrip().endswith((".", "!", "?"))
            pending = [] if ended else [f for f in artifact.facts if f.fact_id in claimed]
        return _facts(artifact, [*artifact.facts, *extra])


class TrustsRepetition:
    """Takes a claim stated by two events as confirmed by the user."""

    replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims

    def compress(self, request: CompressionRequest) -> Artifact:
        from pytest_compaction.core.model import Trust

        artifact = ReferenceCompressor().compress(request)
        return _facts(
            artifact,
            (
                dataclasses.replace(f, authority=Trust.USER) if len(f.source_event_ids) > 1 else f
                for f in artifact.facts
            ),
        )


class RemembersEverything:
    """Emits again every fact it has ever emitted, across runs: a removed source leaves its fact behind."""

    replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims

    def __init__(self) -> None:
        self.seen: dict[str, Fact] = {}

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        facts = {f.fact_id: f for f in artifact.facts}
        for fact_id, fact in self.seen.items():
            facts.setdefault(fact_id, fact)
        self.seen.update({f.fact_id: f for f in artifact.facts})
        return _facts(artifact, facts.values())


@pytest.mark.parametrize(
    ("spec", "relation", "compressor", "code"),
    [
        ("02-negation/peanut-allergy", "append_small_talk", lambda: KeepsTheLast(6), "missing"),
        (
            "07-instruction-elevation/always-approve-quoted-in-ticket",
            "reorder_independent",
            QuotedOnlyAfterPolicy,
            "trust_elevated",
        ),
        ("02-negation/peanut-allergy", "split_event", ExtractsChunksTwice, "duplicate_fact_id"),
        (
            "07-instruction-elevation/always-approve-quoted-in-ticket",
            "duplicate_untrusted",
            TrustsRepetition,
            "trust_elevated",
        ),
        ("04-temporal-collapse/timezone-change", "reorder_update", LaterIdWins, "forbidden_superseded_fact"),
        (
            "09-provenance-loss/credit-limit-policy-source",
            "remove_source",
            RemembersEverything,
            "unsupported_fact",
        ),
    ],
    ids=[
        "append_small_talk",
        "reorder_independent",
        "split_event",
        "duplicate_untrusted",
        "reorder_update",
        "remove_source",
    ],
)
def test_the_spec_s_relation_catches_a_compressor_that_breaks_it(
    spec: str, relation: str, compressor: Any, code: str
) -> None:
    from pytest_compaction.relations.metamorphic import run_relation

    assert relation in load_spec(LIBRARY / f"{spec}.compaction.yaml").variants
    results = [
        run_relation(scenario(spec), relation, GuardedCompressor(compressor()), seed=seed)
        for seed in range(6)
    ]
    assert all(result.original.ok for result in results), "the compressor passes the spec as written"
    found = {v.code.value for result in results for v in result.new_violations}
    assert code in found


# -- depth and budget ---------------------------------------------------------------------------


def test_direct_and_multi_stage_paths_must_keep_the_same_critical_facts() -> None:
    from pytest_compaction.relations.depth import run_depth

    spec = "02-negation/peanut-allergy"
    assert "depth=3" in load_spec(LIBRARY / f"{spec}.compaction.yaml").variants
    assert run_depth(scenario(spec), GuardedCompressor(ReferenceCompressor()), depth=3).ok
    decaying = get_mutant("decay_on_resummarize").build(ReferenceCompressor())
    result = run_depth(scenario(spec), GuardedCompressor(decaying), depth=3)
    assert "depth 3 vs direct: fact-allergy-1:qualifiers_changed" in result.names


def test_a_trimmer_that_cuts_critical_turns_is_blamed_on_selection() -> None:
    trimmer = get_mutant("keep_recent_under_budget").build(ReferenceCompressor())
    result = run("15-budget/budget-pressure-start-middle-end", trimmer)
    assert result.names == ("fact-checkout-1:missing", "fact-shellfish-1:missing")
    assert all("dropped by selection" in v.detail for v in result.violations)
