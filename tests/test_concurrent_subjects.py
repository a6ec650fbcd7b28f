"""Two subjects in one run: every order, and their passes at the same time (threads).

The four subject relations (``sequential_subjects``, ``reversed_subjects``,
``interleaved_subjects``, ``concurrent_subjects``) run one scenario's subjects A then B,
B then A, A1 B1 A2 B2, and each round of passes at once against one compressor object
and one store. A compressor that keeps a subject's state on itself passes some orders
and leaks under others; the leak is always a named violation.
"""

from __future__ import annotations

import dataclasses
import textwrap
import threading
from typing import Any

import pytest

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.model import Artifact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import ViolationCode
from pytest_compaction.engine.passes import DEFAULT_CHECKS
from pytest_compaction.engine.runner import _rounds, run_scenario
from pytest_compaction.mutants.catalog import MUTANTS, ShareRunningMemory, get_mutant
from pytest_compaction.relations.metamorphic import Outcome, run_relation
from pytest_compaction.relations.subjects import SUBJECT_RELATIONS, lanes, schedule_steps
from pytest_compaction.store.sqlite import SQLiteStore

ADA, BO = ("tenant-home", "child-ada"), ("tenant-home", "child-bo")

SCENARIO: dict[str, Any] = {
    "tenant": "tenant-home",
    "subject": "child-ada",
    "events": [
        {
            "id": "e1",
            "subject": "child-ada",
            "text": "Ada is allergic to sesame.",
            "facts": [
                {
                    "id": "fact-ada-sesame",
                    "predicate": "food.sesame_allowed",
                    "value": False,
                    "qualifiers": {"basis": "allergy"},
                }
            ],
        },
        {
            "id": "e2",
            "subject": "child-bo",
            "text": "Bo must not have peanuts.",
            "facts": [{"id": "fact-bo-peanuts", "predicate": "food.peanuts_allowed", "value": False}],
        },
        {
            "id": "e3",
            "subject": "child-ada",
            "text": "Ada's bedtime is eight.",
            "facts": [{"id": "fact-ada-bedtime", "predicate": "sleep.bedtime", "value": "20:00"}],
        },
        {
            "id": "e4",
            "subject": "child-bo",
            "text": "Bo's bedtime is nine.",
            "facts": [{"id": "fact-bo-bedtime", "predicate": "sleep.bedtime", "value": "21:00"}],
        },
    ],
    "steps": [
        {"add": ["e1", "e2"]},
        {"compress": {"subject": "child-ada"}},
        {"add": ["e3"]},
        {"compress": {"subject": "child-ada"}},
        {"compress": {"subject": "child-bo"}},
        {"add": ["e4"]},
        {"compress": {"subject": "child-bo"}},
        {
            "retrieve": {
                "query": "bedtime_routine",
                "subject": "child-bo",
                "relevant": ["fact-bo-peanuts", "fact-bo-bedtime"],
            }
        },
    ],
}


def scenario() -> Scenario:
    return Scenario.from_dict(SCENARIO, name="two-children")


def scopes_of(steps: tuple[Any, ...]) -> list[tuple[str, ...]]:
    out = []
    for step in steps:
        if step.kind == "add":
            out.append(("add", *step.event_ids))
        else:
            out.append((step.kind, step.subject_id or ""))
    return out


# -- the orders --------------------------------------------------------------------------


def test_steps_split_into_one_lane_per_subject_keeping_each_lanes_order() -> None:
    split = lanes(scenario())
    assert list(split) == [ADA, BO]
    assert scopes_of(tuple(split[ADA])) == [
        ("add", "e1"),
        ("compress", "child-ada"),
        ("add", "e3"),
        ("compress", "child-ada"),
    ]
    assert scopes_of(tuple(split[BO])) == [
        ("add", "e2"),
        ("compress", "child-bo"),
        ("add", "e4"),
        ("compress", "child-bo"),
        ("retrieve", "child-bo"),
    ]
    # A split step keeps the spec's path, so a failure still names the line written.
    assert split[BO][0].path == "steps[0]"


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        ("sequential", ["a", "A", "a", "A", "b", "B", "b", "B", "r"]),
        ("reversed", ["b", "B", "b", "B", "r", "a", "A", "a", "A"]),
        ("interleaved", ["a", "A", "b", "B", "a", "A", "b", "B", "r"]),
        ("concurrent", ["a", "b", "A", "B", "a", "b", "A", "B", "r"]),
    ],
)
def test_each_order(order: str, expected: list[str]) -> None:
    def short(step: Any) -> str:
        if step.kind == "retrieve":
            return "r"
        subject = (
            step.subject_id if step.kind == "compress" else scenario().event(step.event_ids[0]).subject_id
        )
        letter = "a" if subject == "child-ada" else "b"
        return letter.upper() if step.kind == "compress" else letter

    assert [short(s) for s in schedule_steps(scenario(), order)] == expected


def test_concurrent_rounds_group_consecutive_passes_of_different_subjects() -> None:
    transformed = dataclasses.replace(scenario(), steps=schedule_steps(scenario(), "concurrent"))
    groups = _rounds(transformed, "concurrent")
    assert [len(g) for g in groups] == [1, 1, 2, 1, 1, 2, 1]
    assert [len(g) for g in _rounds(transformed, "sequential")] == [1] * 9
    # Two passes of one subject never share a round: the second needs the first's memory.
    same = dataclasses.replace(scenario(), steps=scenario().steps[:4])
    assert [len(g) for g in _rounds(same, "concurrent")] == [1, 1, 1, 1]


def test_a_single_subject_scenario_is_not_applicable() -> None:
    one = Scenario.from_dict(
        {"events": [{"id": "e1", "text": "hi", "facts": [{"id": "f", "predicate": "p", "value": 1}]}]},
        name="one",
    )
    for name in SUBJECT_RELATIONS:
        result = run_relation(one, name, GuardedCompressor(ReferenceCompressor()))
        assert result.outcome is Outcome.NOT_APPLICABLE
        assert "one tenant and subject" in result.reason


def test_an_order_the_scenario_already_has_is_not_applicable() -> None:
    data = dict(SCENARIO, steps=[{"add": ["e1"]}, {"compress": {"subject": "child-ada"}}])
    data["steps"] += [{"add": ["e2"]}, {"compress": {"subject": "child-bo"}}]
    result = run_relation(
        Scenario.from_dict(data, name="x"), "sequential_subjects", GuardedCompressor(ReferenceCompressor())
    )
    assert result.outcome is Outcome.NOT_APPLICABLE
    assert result.reason == "the scenario already runs its subjects one subject after another"


def test_an_unknown_schedule_is_refused() -> None:
    with pytest.raises(ValueError, match="schedule must be one of sequential, concurrent"):
        run_scenario(scenario(), GuardedCompressor(ReferenceCompressor()), schedule="parallel")  # type: ignore[arg-type]


# -- a faithful compressor holds every order ---------------------------------------------


@pytest.mark.parametrize("store", [None, SQLiteStore], ids=["no-store", "sqlite"])
@pytest.mark.parametrize("name", SUBJECT_RELATIONS)
def test_the_faithful_compressor_holds_every_order(name: str, store: Any) -> None:
    result = run_relation(scenario(), name, GuardedCompressor(ReferenceCompressor()))
    assert result.outcome is Outcome.PASSED, result.violations
    if store is not None:
        with SQLiteStore() as opened:
            run = run_scenario(
                result.transformation.scenario,  # type: ignore[union-attr]
                GuardedCompressor(ReferenceCompressor()),
                store=opened,
                schedule=result.transformation.schedule,  # type: ignore[union-attr]
            )
        assert run.ok, run.violations
        versions = {(p.subject_id, p.stored.version) for p in run.passes if p.stored is not None}
        assert versions == {("child-ada", 1), ("child-ada", 2), ("child-bo", 1), ("child-bo", 2)}


def test_every_artifact_stays_in_its_partition_and_every_retrieval_in_its_filter() -> None:
    guard = GuardedCompressor(ReferenceCompressor())
    with SQLiteStore() as store:
        transformed = dataclasses.replace(scenario(), steps=schedule_steps(scenario(), "concurrent"))
        run = run_scenario(transformed, guard, store=store, schedule="concurrent")
        assert run.ok, run.violations
        for result in run.passes:
            scope = (result.tenant_id, result.subject_id)
            assert result.artifact is not None
            assert result.stored is not None
            assert (result.artifact.tenant_id, result.artifact.subject_id) == scope
            assert result.stored.read_back is not None
            assert (result.stored.read_back.tenant_id, result.stored.read_back.subject_id) == scope
            assert {(f.tenant_id, f.subject_id) for f in result.artifact.facts} == {scope}
        (retrieval,) = run.retrievals
        assert (retrieval.query.tenant_id, retrieval.query.subject_id) == BO
        assert {(f.tenant_id, f.subject_id) for f in retrieval.facts} == {BO}
        assert store.versions(*ADA) == (1, 2)
        assert store.versions(*BO) == (1, 2)
    assert [p.index for p in run.passes] == [1, 2, 3, 4]
    # The run's own guard records every call, the concurrent lanes' included, in pass order.
    assert [r.request.subject_id for r in guard.records] == [p.subject_id for p in run.passes]


def test_concurrent_passes_really_overlap() -> None:
    """Each round's passes are in the compressor at the same time, on different threads."""
    inside: list[int] = []
    peak: list[int] = [0]
    lock = threading.Lock()
    arrived = threading.Barrier(2, timeout=5)

    class Overlapping(ReferenceCompressor):
        def compress(self, request: CompressionRequest) -> Artifact:
            with lock:
                inside.append(1)
                peak[0] = max(peak[0], len(inside))
            arrived.wait()  # both subjects' passes must be here at once, or this raises
            with lock:
                inside.pop()
            return super().compress(request)

    transformed = dataclasses.replace(scenario(), steps=schedule_steps(scenario(), "concurrent"))
    run = run_scenario(transformed, GuardedCompressor(Overlapping()), schedule="concurrent")
    assert run.ok, run.violations
    assert peak[0] == 2


# -- compressors that keep a subject on themselves ---------------------------------------


def test_share_running_memory_passes_one_subject_after_another_and_leaks_otherwise() -> None:
    outcomes = {}
    for name in SUBJECT_RELATIONS:
        result = run_relation(scenario(), name, GuardedCompressor(ShareRunningMemory()))
        assert result.transformed is not None
        outcomes[name] = result.transformed.names
    assert outcomes["sequential_subjects"] == ()
    assert outcomes["reversed_subjects"] == ()
    for name in ("interleaved_subjects", "concurrent_subjects"):
        codes = {n.split(":")[-1] for n in outcomes[name]}
        assert codes & {"subject_changed", "isolation_breach"}, outcomes[name]


class RacyScratchpad(ReferenceCompressor):
    """Keeps the request in progress on the instance while it 'calls the model'.

    One subject at a time this is faithful, in any order. Two subjects at once: the
    second request overwrites the first before it is read back, so one pass returns the
    other subject's memory, labelled as that subject.
    """

    def __init__(self) -> None:
        super().__init__()
        self.pending: CompressionRequest | None = None
        self.both = threading.Barrier(2, timeout=0.3)

    def compress(self, request: CompressionRequest) -> Artifact:
        self.pending = request
        try:
            self.both.wait()  # the model call: long enough for a second subject's call to arrive
        except threading.BrokenBarrierError:
            self.both.reset()  # nobody else came: a sequential run
        assert self.pending is not None
        return super().compress(self.pending)


def test_a_race_on_instance_state_is_caught_only_by_the_concurrent_schedule() -> None:
    names = {}
    for name in SUBJECT_RELATIONS:
        result = run_relation(scenario(), name, GuardedCompressor(RacyScratchpad()))
        assert result.transformed is not None
        names[name] = result.transformed.violations
    for name in ("sequential_subjects", "reversed_subjects", "interleaved_subjects"):
        assert names[name] == (), name
    breaches = [v for v in names["concurrent_subjects"] if v.code is ViolationCode.ISOLATION_BREACH]
    assert breaches, names["concurrent_subjects"]
    assert "the compressor was asked for the memory of tenant-home/child-" in breaches[0].detail
    assert "stored under its partition key" in breaches[0].detail
    assert breaches[0].detail.startswith("pass ")


def test_without_the_partition_check_the_race_goes_unnamed() -> None:
    """The hand mutation: without ``partition_kept`` a mislabelled artifact meets the wrong ledger."""
    transformed = dataclasses.replace(scenario(), steps=schedule_steps(scenario(), "concurrent"))
    guard = GuardedCompressor(RacyScratchpad())
    without = tuple(check for check in DEFAULT_CHECKS if check.__name__ != "partition_kept")
    run = run_scenario(transformed, guard, schedule="concurrent", checks=without)
    assert not any(v.code is ViolationCode.ISOLATION_BREACH for v in run.violations)
    with_check = run_scenario(transformed, GuardedCompressor(RacyScratchpad()), schedule="concurrent")
    assert any(v.code is ViolationCode.ISOLATION_BREACH for v in with_check.violations)


def test_a_store_that_reads_another_partition_is_an_isolation_breach() -> None:
    class SubjectBlindStore(SQLiteStore):
        """Reads the latest memory of the tenant, whichever subject wrote it."""

        def read(self, tenant_id: str, subject_id: str) -> Artifact | None:
            latest = None
            for subject in ("child-ada", "child-bo"):
                found = super().read(tenant_id, subject)
                if found is not None and (latest is None or found.memory_version >= latest.memory_version):
                    latest = found
            return latest

    with SubjectBlindStore() as store:
        run = run_scenario(scenario(), GuardedCompressor(ReferenceCompressor()), store=store)
    details = [v.detail for v in run.violations if v.code is ViolationCode.ISOLATION_BREACH]
    assert any(
        "the store's read of partition tenant-home/child-bo returned the memory of" in d for d in details
    )


def test_the_mutant_is_in_the_catalog_and_killed_by_a_library_spec() -> None:
    from pytest_compaction.mutants.catalog import library_scenarios, run_mutants

    mutant = get_mutant("share_running_memory")
    assert mutant in MUTANTS
    assert mutant.failure_class == 6
    shared = [s for s in library_scenarios() if s.name == "household-shared-account"]
    table = run_mutants(shared, [mutant])
    assert table.ok, table.render()
    assert table.rows[0].killing_names == (
        "fact-teen-gambling-1:subject_changed",
        "fact-teen-limit-1:subject_changed",
    )


# -- through pytest ----------------------------------------------------------------------

COMPRESSORS = textwrap.dedent(
    """
    from pytest_compaction.mutants.catalog import ShareRunningMemory

    class Shared(ShareRunningMemory):
        pass
    """
)


def write_spec(pytester: pytest.Pytester) -> None:
    import yaml

    data = dict(SCENARIO, relations=list(SUBJECT_RELATIONS))
    (pytester.path / "children.compaction.yaml").write_text(yaml.safe_dump(data, sort_keys=False))


def test_a_spec_runs_every_order_through_the_plugin(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(subject_compressors=COMPRESSORS)
    pytester.syspathinsert()
    write_spec(pytester)
    result = pytester.runpytest(
        "--compaction-contract", "--compaction-store=sqlite", "-p", "no:cacheprovider", "-v"
    )
    result.assert_outcomes(passed=5)
    result.stdout.fnmatch_lines(["*children[[]concurrent_subjects[]] PASSED*"])


def test_a_spec_catches_the_shared_memory_under_interleaving_and_threads(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(subject_compressors=COMPRESSORS)
    pytester.syspathinsert()
    write_spec(pytester)
    result = pytester.runpytest(
        "--compaction-contract",
        "--compaction-compressor=subject_compressors:Shared",
        "-p",
        "no:cacheprovider",
        "-v",
    )
    # As written, A1 A2 B1 B2: one subject after the other, so the shared memory never shows.
    result.assert_outcomes(passed=3, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*children[[]as-written[]] PASSED*",
            "*children[[]sequential_subjects[]] PASSED*",
            "*children[[]reversed_subjects[]] PASSED*",
            "*children[[]interleaved_subjects[]] FAILED*",
            "*children[[]concurrent_subjects[]] FAILED*",
        ]
    )
    result.stdout.fnmatch_lines(["*relation concurrent_subjects broke scenario*subject_changed*"])


def _compaction_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name.startswith("compaction:")}


def _settled(before: set[threading.Thread], count: int) -> int:
    """How many compaction threads started since ``before`` are still alive, once at most
    ``count`` are (threads of earlier tests may end meanwhile; they are not counted)."""
    import gc
    import time

    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        gc.collect()
        if len(_compaction_threads() - before) <= count:
            break
        time.sleep(0.01)
    return len(_compaction_threads() - before)


def test_concurrent_lanes_leave_no_timeout_threads_behind() -> None:
    transformed = dataclasses.replace(scenario(), steps=schedule_steps(scenario(), "concurrent"))
    guard = GuardedCompressor(ReferenceCompressor())
    before = _compaction_threads()
    for _ in range(5):
        assert run_scenario(transformed, guard, schedule="concurrent").ok
    # At most the run's own guard keeps its one worker; every lane's has ended.
    assert _settled(before, 1) <= 1
    guard.close()
    assert _settled(before, 0) == 0


def test_a_dropped_guard_lets_its_timeout_thread_end() -> None:
    before = _compaction_threads()
    for _ in range(5):
        assert run_scenario(scenario(), GuardedCompressor(ReferenceCompressor())).ok
    assert _settled(before, 0) == 0


def test_a_closed_guard_starts_a_new_thread_when_called_again() -> None:
    guard = GuardedCompressor(ReferenceCompressor())
    assert run_scenario(scenario(), guard).ok
    guard.close()
    assert run_scenario(scenario(), guard).ok
    guard.close()
