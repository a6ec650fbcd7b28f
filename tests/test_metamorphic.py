"""Original vs transformed runs: the faithful compressor holds every relation; a weakness breaks its own."""

from __future__ import annotations

import dataclasses
import re
import zlib

import pytest
from _scenarios import refund_scenario

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.model import Artifact, Fact, Trust
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.relations.metamorphic import (
    MetamorphicResult,
    Outcome,
    default_seed,
    render_result,
    render_results,
    run_relation,
    run_relations,
)
from pytest_compaction.relations.registry import RELATIONS, UnknownRelationError, get_relation


def reference() -> GuardedCompressor:
    return GuardedCompressor(ReferenceCompressor(), timeout=None)


def _replace_facts(artifact: Artifact, facts: list[Fact]) -> Artifact:
    return dataclasses.replace(artifact, facts=tuple(facts))


# -- weak compressors, one per relation ----------------------------------------------


class RecencyWindow:
    """Keeps only what the last ``size`` events state: memory shrinks as the chatter grows."""

    replays_claims = True

    def __init__(self, size: int) -> None:
        self.size = size

    def compress(self, request: CompressionRequest) -> Artifact:
        return ReferenceCompressor().compress(
            dataclasses.replace(request, events=request.events[-self.size :])
        )


class NoiseSensitive:
    """Summarizes a noisy conversation harder: when chatter is most of it, keeps only the latest fact."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        chatter = sum(1 for e in request.events if not e.claims)
        if chatter * 2 <= len(request.events):
            return artifact
        return _replace_facts(artifact, list(artifact.facts[-1:]))


class TrustsRepetition:
    """Takes a claim stated by two events as confirmed by the user."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        return _replace_facts(
            artifact,
            [
                dataclasses.replace(f, authority=Trust.USER) if len(f.source_event_ids) > 1 else f
                for f in artifact.facts
            ],
        )


class ChunkStitcher:
    """Holds the claims of a message that does not end a sentence and extracts them again from the rest."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        extra: list[Fact] = []
        pending: list[Fact] = []
        for event in request.events:
            extra.extend(dataclasses.replace(f, source_event_ids=(event.event_id,)) for f in pending)
            ended = event.text.rstrip().endswith((".", "!", "?"))
            pending = (
                [] if ended else [f for f in artifact.facts if f.fact_id in {c.fact_id for c in event.claims}]
            )
        return _replace_facts(artifact, [*artifact.facts, *extra])


class TurnNumbers:
    """Parses event ids as turn numbers (``e<n>``) and stops reading at the first it cannot parse."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        events = []
        for event in request.events:
            if not re.fullmatch(r"e\d+", event.event_id):
                break
            events.append(event)
        return ReferenceCompressor().compress(dataclasses.replace(request, events=tuple(events)))


class SystemCarryOver:
    """Lets a system notice's authority leak into the claims of the turn right after it."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        elevated: set[str] = set()
        for before, event in zip(request.events[:-1], request.events[1:], strict=True):
            if before.trust is Trust.SYSTEM:
                elevated.update(c.fact_id for c in event.claims)
        return _replace_facts(
            artifact,
            [
                dataclasses.replace(f, authority=Trust.SYSTEM) if f.fact_id in elevated else f
                for f in artifact.facts
            ],
        )


class HighestValue:
    """Resolves a conflict by the larger number instead of by supersession."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        stripped = tuple(
            dataclasses.replace(
                e, claims=tuple(dataclasses.replace(c, supersedes=(), current=True) for c in e.claims)
            )
            for e in request.events
        )
        artifact = ReferenceCompressor().compress(dataclasses.replace(request, events=stripped))
        best: dict[str, Fact] = {}
        for fact in artifact.facts:
            kept = best.get(fact.predicate)
            if kept is None or (
                isinstance(fact.value, int) and isinstance(kept.value, int) and fact.value > kept.value
            ):
                best[fact.predicate] = fact
        return _replace_facts(artifact, list(best.values()))


class StaleCache:
    """Remembers every fact it has ever emitted, across sessions, and emits them again."""

    replays_claims = True

    def __init__(self) -> None:
        self.seen: dict[str, Fact] = {}

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        gone = {s for e in request.events for c in e.claims for s in c.supersedes}
        facts = {f.fact_id: f for f in artifact.facts}
        for fact_id, fact in self.seen.items():
            if fact_id not in gone:
                facts.setdefault(fact_id, fact)
        self.seen.update({f.fact_id: f for f in artifact.facts})
        return _replace_facts(artifact, list(facts.values()))


# -- the faithful compressor --------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_the_reference_compressor_holds_every_relation(seed: int) -> None:
    from pytest_compaction.relations.subjects import SUBJECT_RELATIONS

    # One subject: the subject schedules do not apply (tests/test_concurrent_subjects.py runs them).
    single = [name for name in RELATIONS if name not in SUBJECT_RELATIONS]
    results = run_relations(refund_scenario(), single, reference(), seed=seed)
    assert [r.outcome for r in results] == [Outcome.PASSED] * len(single), render_results(results)


@pytest.mark.parametrize("seed", range(8))
def test_the_reference_compressor_holds_every_relation_across_passes_and_deletions(seed: int) -> None:
    scenario = refund_scenario(
        steps=[
            {"add": ["e1", "e2", "e3"]},
            "compress",
            {"add": ["e4", "e5", "e6"]},
            {"delete": "fact-approve-1", "event": "e6"},
            "compress",
        ]
    )
    for result in run_relations(scenario, list(RELATIONS), reference(), seed=seed):
        assert result.outcome is not Outcome.FAILED, render_result(result)


# -- each weakness breaks its relation ------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_a_compressor_that_drops_facts_as_chatter_grows_fails_append_small_talk(seed: int) -> None:
    guard = GuardedCompressor(NoiseSensitive(), timeout=None)
    result = run_relation(refund_scenario(), "append_small_talk", guard, seed=seed)
    assert result.original.ok
    assert result.failed
    assert result.broken
    assert {v.code.value for v in result.new_violations} == {"missing"}
    assert render_result(result).startswith(
        f"relation append_small_talk broke scenario 'refund' (seed {seed}): "
    )


def test_a_compressor_that_trusts_repetition_fails_duplicate_untrusted() -> None:
    guard = GuardedCompressor(TrustsRepetition(), timeout=None)
    result = run_relation(refund_scenario(), "duplicate_untrusted", guard, seed=1)
    assert result.original.ok
    assert [v.name for v in result.new_violations] == ["fact-approve-1:trust_elevated"]
    assert [v.name for v in result.differences] == ["fact-approve-1:trust_elevated"]
    (difference,) = result.differences
    assert (difference.expected, difference.observed) == ("untrusted", "user")
    assert difference.detail == "duplicate_untrusted, seed 1: original run vs transformed run"


def _claims_on_first_chunk(scenario: Scenario) -> list[int]:
    seeds = []
    for seed in range(40):
        outcome = get_relation("split_event").apply(scenario, seed)
        assert not isinstance(outcome, type(None))
        description = getattr(outcome, "description", "")
        first = description.split("transport chunks ")[1].split(" ")[0]
        if "~" not in first:
            seeds.append(seed)
    return seeds


def test_a_compressor_that_extracts_a_chunked_claim_twice_fails_split_event() -> None:
    scenario = refund_scenario()
    seeds = _claims_on_first_chunk(scenario)
    assert seeds
    guard = GuardedCompressor(ChunkStitcher(), timeout=None)
    for seed in seeds[:3]:
        result = run_relation(scenario, "split_event", guard, seed=seed)
        assert result.original.ok
        assert result.failed
        assert "duplicate_fact_id" in {v.code.value for v in result.new_violations}
        assert result.differences  # the same fact twice is not the same fact set


def test_a_compressor_that_reads_meaning_into_ids_fails_rename_unrelated() -> None:
    guard = GuardedCompressor(TurnNumbers(), timeout=None)
    result = run_relation(refund_scenario(), "rename_unrelated", guard, seed=5)
    assert result.original.ok
    assert sorted(v.name for v in result.new_violations) == [
        "fact-allergy-1:missing",
        "fact-approve-1:missing",
        "fact-refund-2:missing",
    ]
    text = render_result(result)
    assert re.search(r"\n  \+ +fact-allergy-1:missing \(pass 1, selection\)\n", text)
    assert "    original (6 events, 1 pass): no violations" in text


def test_a_compressor_whose_trust_depends_on_position_fails_reorder_independent() -> None:
    scenario = Scenario.from_dict(
        {
            "events": [
                {"id": "notice", "text": "Policy notice: be polite.", "trust": "system"},
                {"id": "chat", "text": "Hello there."},
                {
                    "id": "a",
                    "text": "I am vegan.",
                    "facts": [{"id": "f-diet", "predicate": "diet", "value": "vegan"}],
                },
                {
                    "id": "b",
                    "text": "I live in Lyon.",
                    "facts": [{"id": "f-city", "predicate": "city", "value": "Lyon"}],
                },
            ]
        },
        name="positions",
    )
    guard = GuardedCompressor(SystemCarryOver(), timeout=None)
    outcomes = [run_relation(scenario, "reorder_independent", guard, seed=seed) for seed in range(12)]
    assert all(r.original.ok for r in outcomes)
    broken = [r for r in outcomes if r.failed]
    assert broken, "some permutation puts a statement right after the system notice"
    for result in broken:
        assert {v.code.value for v in result.new_violations} == {"trust_elevated"}
    assert any(r.passed for r in outcomes), "permutations that keep the chatter after the notice still pass"


def test_a_compressor_that_keeps_the_highest_value_fails_reorder_update() -> None:
    guard = GuardedCompressor(HighestValue(), timeout=None)
    result = run_relation(refund_scenario(), "reorder_update", guard, seed=0)
    assert result.original.ok
    assert sorted(v.name for v in result.new_violations) == [
        "fact-refund-1:missing",
        "fact-refund-2:forbidden_superseded_fact",
    ]
    (difference,) = result.differences
    assert difference.name == "fact-refund-1:value_changed"
    assert (difference.expected, difference.observed) == (50, 60)
    assert "  declared change: now active: fact-refund-1; no longer active: fact-refund-2" in render_result(
        result
    )


def test_a_compressor_with_a_stale_cache_fails_remove_source() -> None:
    guard = GuardedCompressor(StaleCache(), timeout=None)
    result = run_relation(refund_scenario(), "remove_source", guard, seed=0)
    assert result.original.ok
    assert result.transformation is not None
    (gone,) = result.transformation.change.no_longer_active
    assert [v.name for v in result.new_violations] == [f"{gone}:unsupported_fact"]
    (difference,) = result.differences
    assert difference.name == f"{gone}:unsupported_fact"
    assert difference.detail.startswith("remove_source, seed 0: only the transformed run holds ")


def test_the_reference_compressor_meets_the_new_expectation_of_oracle_changing_relations() -> None:
    for name in ("reorder_update", "remove_source"):
        result = run_relation(refund_scenario(), name, reference(), seed=2)
        assert result.passed, render_result(result)
        assert result.transformed is not None
        assert result.transformation is not None
        final = result.transformed.passes[-1].artifact
        assert final is not None
        emitted = {f.fact_id for f in final.facts}
        assert not emitted & set(result.transformation.change.no_longer_active)
        assert set(result.transformation.change.now_active) <= emitted


# -- results, seeds and reports ------------------------------------------------------


def test_the_seed_is_the_scenarios_own_or_fixed_per_name() -> None:
    assert default_seed(refund_scenario()) == zlib.crc32(b"refund")
    assert default_seed(refund_scenario(seed=99)) == 99
    result = run_relation(refund_scenario(), "split_event", reference())
    assert result.seed == zlib.crc32(b"refund")
    again = run_relation(refund_scenario(), "split_event", reference())
    assert result.transformation == again.transformation


def test_violations_name_the_relation_and_the_seed() -> None:
    guard = GuardedCompressor(NoiseSensitive(), timeout=None)
    result = run_relation(refund_scenario(), "append_small_talk", guard, seed=3)
    assert result.violations
    assert all(v.detail.startswith("append_small_talk, seed 3: ") for v in result.violations)


def test_a_relation_that_does_not_apply_says_so() -> None:
    scenario = Scenario.from_dict({"events": [{"id": "a", "text": "Hello there."}]}, name="plain")
    result = run_relation(scenario, "duplicate_untrusted", reference(), seed=0)
    assert result.outcome is Outcome.NOT_APPLICABLE
    assert not result.passed
    assert not result.failed
    assert result.violations == ()
    assert render_result(result) == (
        "relation duplicate_untrusted does not apply to scenario 'plain': no untrusted (quoted or retrieved) "
        "event is compressed, so there is nothing to repeat"
    )


def test_an_original_that_already_fails_is_not_blamed_on_the_relation() -> None:
    guard = GuardedCompressor(RecencyWindow(size=2), timeout=None)
    result = run_relation(refund_scenario(), "rename_unrelated", guard, seed=0)
    assert result.failed
    assert not result.broken
    assert render_result(result).startswith(
        "scenario 'refund' fails before any transformation; "
        "relation rename_unrelated (seed 0) shows nothing new"
    )


def test_render_shows_both_runs_side_by_side_and_how_to_reproduce() -> None:
    guard = GuardedCompressor(HighestValue(), timeout=None)
    result = run_relation(refund_scenario(), "reorder_update", guard, seed=0)
    lines = render_result(result, reproduce="pytest --compaction-seed=0").splitlines()
    assert lines[0] == (
        "relation reorder_update broke scenario 'refund' (seed 0): "
        "3 violations: 1 forbidden_superseded_fact, 1 missing, 1 value_changed"
    )
    assert lines[1].startswith("  relation: reorder_update (oracle_changing): ")
    table = lines[lines.index("") + 1 : lines.index("") + 5]
    assert table[0].startswith("    original (6 events, 1 pass): no violations")
    assert table[0].endswith(
        "transformed (6 events, 1 pass): 2 violations: 1 forbidden_superseded_fact, 1 missing"
    )
    assert set(table[1].replace(" ", "")) == {"-"}
    assert re.fullmatch(r"  \+ +fact-refund-1:missing \(pass 1, compression\)", table[2])
    assert re.fullmatch(r"  \+ +fact-refund-2:forbidden_superseded_fact \(pass 1, compression\)", table[3])
    assert lines[-1] == "seed: 0; reproduce: pytest --compaction-seed=0"


def test_render_results_puts_failures_first() -> None:
    guard = GuardedCompressor(TurnNumbers(), timeout=None)
    results = run_relations(refund_scenario(), ["reorder_update", "rename_unrelated"], guard, seed=0)
    text = render_results(results)
    assert text.startswith("relation rename_unrelated broke scenario 'refund'")
    assert "\n\nrelation reorder_update holds for scenario 'refund' (seed 0)" in text


def test_run_relations_runs_the_original_once_and_resolves_names_first() -> None:
    guard = reference()
    with pytest.raises(UnknownRelationError):
        run_relations(refund_scenario(), ["split_event", "split_events"], guard)
    assert guard.records == []
    results = run_relations(refund_scenario(), ["split_event", "rename_unrelated"], guard, seed=0)
    assert results[0].original is results[1].original
    assert len(guard.records) == 3


def test_results_are_plain_frozen_data() -> None:
    result = run_relation(refund_scenario(), "split_event", reference(), seed=0)
    assert isinstance(result, MetamorphicResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.seed = 1  # type: ignore[misc]


def test_structured_values_and_qualifiers_compare_with_their_types() -> None:
    scenario = Scenario.from_dict(
        {
            "events": [
                {
                    "id": "e1",
                    "text": "Call only on weekdays, at most twice.",
                    "facts": [
                        {
                            "id": "fact-contact-1",
                            "predicate": "contact.window",
                            "value": {"days": ["mon", "tue"], "max_calls": 2},
                            "qualifiers": {"channels": ["phone"], "basis": "consent"},
                        }
                    ],
                },
                {"id": "e2", "text": "See you."},
            ]
        },
        name="structured",
    )
    results = run_relations(scenario, list(RELATIONS), reference(), seed=0)
    assert not any(r.failed for r in results), render_results(results)

    class FloatCalls:
        replays_claims = True

        def compress(self, request: CompressionRequest) -> Artifact:
            artifact = ReferenceCompressor().compress(request)
            if not any(e.event_id.startswith("chatter-") for e in request.events):
                return artifact
            return _replace_facts(
                artifact,
                [
                    dataclasses.replace(f, value={"days": ["mon", "tue"], "max_calls": 2.0})
                    for f in artifact.facts
                ],
            )

    result = run_relation(
        scenario, "append_small_talk", GuardedCompressor(FloatCalls(), timeout=None), seed=0
    )
    assert [v.name for v in result.differences] == ["fact-contact-1:value_changed"]
