"""Drift mutants: each injects its one failure class, and the bundled library kills it by that name."""

from __future__ import annotations

import dataclasses

import pytest

from pytest_compaction.compressors.base import CompressionRequest, FunctionCompressor, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.errors import ConfigError
from pytest_compaction.core.model import Artifact, Claim, Criticality, SourceEvent, Trust, Value
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.engine.passes import PassContext
from pytest_compaction.engine.runner import run_scenario
from pytest_compaction.mutants.catalog import (
    FAILURE_CLASSES,
    MUTANTS,
    CollapseIdentifiers,
    DecayOnResummarize,
    DropPinnedInvariant,
    FailureAsExplored,
    Finding,
    FlakyCriticalFact,
    HedgeModalWords,
    InferSpeculation,
    KeepRecentUnderBudget,
    LoseConcurrentUpdate,
    MutationTable,
    NegateBoolean,
    ReplayDeletedInput,
    StringifyValues,
    get_mutant,
    library_scenarios,
    load_scenarios,
    render_table,
    run_mutant,
    run_mutants,
    tabulate,
)
from pytest_compaction.specs.library import library_path


@pytest.fixture(scope="module")
def library_table() -> MutationTable:
    return run_mutants(library_scenarios(), MUTANTS, timeout=None)


def _request(
    *events: SourceEvent, prior: Artifact | None = None, budget: int | None = None
) -> CompressionRequest:
    return CompressionRequest(
        tenant_id="tenant-1", subject_id="subject-1", events=events, prior=prior, budget=budget
    )


def _event(event_id: str, text: str, *claims: Claim, trust: Trust = Trust.USER) -> SourceEvent:
    return SourceEvent(
        event_id=event_id, tenant_id="tenant-1", subject_id="subject-1", text=text, trust=trust, claims=claims
    )


ALLERGY = Claim(
    fact_id="fact-allergy-1",
    predicate="food.peanuts_allowed",
    value=False,
    qualifiers=(("basis", "allergy"), ("severity", "critical")),
)


# -- the registry -------------------------------------------------------------------


def test_registry_names_are_unique_and_cover_every_failure_class() -> None:
    names = [m.name for m in MUTANTS]
    assert len(names) == len(set(names))
    assert sorted({m.failure_class for m in MUTANTS}) == list(FAILURE_CLASSES) == list(range(1, 19))


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_every_mutant_is_documented_and_names_its_codes(mutant: object) -> None:
    from pytest_compaction.mutants.catalog import Mutant

    assert isinstance(mutant, Mutant)
    assert mutant.codes
    assert all(isinstance(code, ViolationCode) for code in mutant.codes)
    assert len(mutant.description) > 30
    assert mutant.class_label == f"{mutant.failure_class:02d} {FAILURE_CLASSES[mutant.failure_class]}"
    built = mutant.build()
    assert isinstance(built.inner, ReferenceCompressor)
    assert built.name == f"{mutant.name}(reference)"


def test_get_mutant_suggests_a_close_name() -> None:
    assert get_mutant("negate_boolean").failure_class == 2
    with pytest.raises(ConfigError) as excinfo:
        get_mutant("negate_bool")
    assert str(excinfo.value).startswith(
        "unknown drift mutant 'negate_bool'; did you mean 'negate_boolean'? "
    )


def test_a_mutant_wraps_the_compressor_it_is_given() -> None:
    inner = FunctionCompressor(ReferenceCompressor().compress, name="mine")
    mutant = get_mutant("negate_boolean").build(inner)
    artifact = mutant.compress(_request(_event("e1", "no peanuts", ALLERGY)))
    assert mutant.name == "negate_boolean(mine)"
    assert isinstance(artifact, Artifact)
    assert artifact.index["fact-allergy-1"].value is True


def test_a_mutant_passes_a_malformed_output_through_for_the_guard_to_name() -> None:
    mutant = NegateBoolean(FunctionCompressor(lambda request: None, name="broken"))
    record = GuardedCompressor(mutant, timeout=None).run(_request(_event("e1", "hi")))
    assert [v.code for v in record.violations] == [ViolationCode.ARTIFACT_MALFORMED]


# -- the bundled library kills every mutant by a name of its class --------------------


@pytest.mark.parametrize("name", [m.name for m in MUTANTS])
def test_the_library_kills_every_mutant_with_a_code_of_its_class(
    library_table: MutationTable, name: str
) -> None:
    row = library_table.row(name)
    assert not row.survived, render_table(library_table)
    for finding in row.kills:
        for violation_name in finding.killed_by:
            assert violation_name.rsplit(":", 1)[-1] in {code.value for code in row.mutant.codes}


def test_the_faithful_compressor_fails_no_library_scenario(library_table: MutationTable) -> None:
    assert library_table.baseline == ()
    assert library_table.skipped == ()
    assert len(library_table.scenarios) == len(library_scenarios()) >= 40


@pytest.mark.parametrize(
    ("mutant", "scenario", "names"),
    [
        ("negate_boolean", "peanut-allergy", ["fact-allergy-1:value_changed"]),
        ("drop_qualifiers", "refund-limit-supervisor-review", ["fact-refund-1:qualifiers_changed"]),
        ("keep_superseded_value", "timezone-change", ["fact-tz-1:forbidden_superseded_fact"]),
        (
            "resurrect_from_checkpoint",
            "delete-phone-then-unrelated-turns",
            ["fact-phone-1:forbidden_deleted_fact"],
        ),
        ("replay_deleted_input", "delete-phone-then-unrelated-turns", ["deleted_content_in_input"]),
        (
            "move_to_other_subject",
            "two-subjects-similar-histories",
            ["fact-dana-penicillin-1:subject_changed"],
        ),
        ("leak_other_tenant", "same-subject-id-two-tenants", ["fact-north-thinner-1:tenant_changed"]),
        ("elevate_untrusted_claim", "always-approve-quoted-in-ticket", ["fact-quote-1:trust_elevated"]),
        ("infer_speculation", "may-move-to-paris", ["inferred-e2:unsupported_fact"]),
        ("decay_on_resummarize", "three-pass-resummarization", ["fact-refund-1:qualifiers_changed"]),
        ("failure_as_explored", "tried-and-failed-migration", ["fact-attempt-1:predicate_changed"]),
        (
            "collapse_identifiers",
            "two-similar-task-ids",
            ["T-41:identifier_collapsed", "fact-ticket-t41:value_changed"],
        ),
        (
            "keep_recent_under_budget",
            "budget-pressure-start-middle-end",
            ["fact-checkout-1:missing", "fact-shellfish-1:missing"],
        ),
        ("stringify_values", "typed-values-survive", None),
        ("lose_concurrent_update", "stale-writer-overwrites-address-change", None),
        ("flaky_critical_fact", "allergy-across-attempts", ["fact-sesame-1:nondeterministic_critical_fact"]),
        ("hedge_modal", "never-live-payments-without-dry-run", ["inv-live-1:modal_weakened"]),
        ("drop_pinned_invariant", "release-freeze-prohibitions", ["inv-merge:invariant_dropped"]),
        ("grow_summary", "summary-shrinks-on-quiet-pass", ["summary_not_reclaimed"]),
    ],
)
def test_the_spec_written_for_a_class_kills_its_mutant(
    library_table: MutationTable, mutant: str, scenario: str, names: list[str] | None
) -> None:
    finding = next(f for f in library_table.row(mutant).findings if f.scenario == scenario)
    assert finding.killed
    if names is not None:
        assert list(finding.killed_by) == names


def test_typed_values_spec_catches_every_stringified_type(library_table: MutationTable) -> None:
    finding = next(
        f for f in library_table.row("stringify_values").findings if f.scenario == "typed-values-survive"
    )
    assert finding.killed_by == (
        "fact-channels-1:value_changed",
        "fact-manager-1:value_changed",
        "fact-share-1:value_changed",
        "fact-sms-1:value_changed",
        "fact-threshold-1:value_changed",
    )


def test_a_stale_writer_brings_back_the_old_address_and_loses_the_new(library_table: MutationTable) -> None:
    rows = library_table.row("lose_concurrent_update").findings
    finding = next(f for f in rows if f.scenario == "stale-writer-overwrites-address-change")
    assert finding.killed_by == ("fact-addr-1:forbidden_superseded_fact", "fact-addr-2:missing")


# -- what each mutant injects ---------------------------------------------------------


def test_replay_deleted_input_hides_the_deletion_from_the_output_but_not_from_the_input() -> None:
    scenario = next(s for s in library_scenarios() if s.name == "delete-phone-then-unrelated-turns")
    run = run_scenario(scenario, GuardedCompressor(ReplayDeletedInput(), timeout=None))
    last = run.passes[-1].artifact
    assert last is not None
    assert "fact-phone-1" not in last.index
    assert "555-0123" not in (last.summary or "")
    assert "e1" in last.input_event_ids
    assert run.names == ("deleted_content_in_input",)


def test_flaky_critical_fact_is_deterministic_given_the_seed() -> None:
    request = _request(_event("e1", "no peanuts", ALLERGY))

    def kept(seed: int) -> list[bool]:
        mutant = FlakyCriticalFact(seed=seed)
        outcomes = [mutant.compress(request) for _ in range(4)]
        return ["fact-allergy-1" in a.index for a in outcomes if isinstance(a, Artifact)]

    assert kept(0) == [True, False, True, False] == kept(0)
    assert kept(1) == [False, True, False, True]


def test_lose_concurrent_update_gives_every_attempt_of_a_pass_the_same_stale_view() -> None:
    mutant = LoseConcurrentUpdate()
    first = mutant.compress(_request(_event("e1", "no peanuts", ALLERGY)))
    assert isinstance(first, Artifact)
    second = [mutant.compress(_request(_event("e2", "hello"), prior=first)) for _ in range(3)]
    assert all(isinstance(a, Artifact) and "fact-allergy-1" not in a.index for a in second)


def test_keep_recent_under_budget_is_faithful_without_a_budget() -> None:
    events = (_event("e1", "no peanuts", ALLERGY), _event("e2", "x" * 50))
    faithful = KeepRecentUnderBudget().compress(_request(*events))
    squeezed = KeepRecentUnderBudget().compress(_request(*events, budget=60))
    assert isinstance(faithful, Artifact)
    assert isinstance(squeezed, Artifact)
    assert "fact-allergy-1" in faithful.index
    assert "fact-allergy-1" not in squeezed.index
    assert squeezed.input_event_ids == ("e2",)


def test_decay_on_resummarize_is_faithful_until_depth_three() -> None:
    mutant = DecayOnResummarize()
    artifact = mutant.compress(_request(_event("e1", "no peanuts", ALLERGY)))
    depths = []
    for _ in range(2):
        assert isinstance(artifact, Artifact)
        artifact = mutant.compress(_request(prior=artifact))
        assert isinstance(artifact, Artifact)
        depths.append((artifact.depth, artifact.index["fact-allergy-1"].qualifiers))
    assert depths == [(2, ALLERGY.qualifiers), (3, ())]


def test_infer_speculation_turns_a_maybe_into_a_home_city() -> None:
    artifact = InferSpeculation().compress(_request(_event("e2", "I may move to Paris next year.")))
    assert isinstance(artifact, Artifact)
    assert [(f.fact_id, f.predicate, f.value) for f in artifact.facts] == [
        ("inferred-e2", "home.city", "Paris")
    ]


def test_stringify_values_writes_json_text() -> None:
    values: list[Value] = [False, 80, 0.25, None, ["a"], "kept"]
    claims = [Claim(fact_id=f"f{i}", predicate=f"p{i}", value=value) for i, value in enumerate(values)]
    artifact = StringifyValues().compress(_request(_event("e1", "typed", *claims)))
    assert isinstance(artifact, Artifact)
    assert [f.value for f in artifact.facts] == ["false", "80", "0.25", "null", '["a"]', "kept"]


def test_failure_as_explored_and_collapse_identifiers_rewrite_facts_and_prose() -> None:
    failed = Claim(
        fact_id="fact-attempt-1",
        predicate="approach.failed",
        value="restart",
        qualifiers=(("error", "timeout"), ("table", "orders")),
    )
    artifact = FailureAsExplored().compress(_request(_event("e1", "Tried restart; it failed.", failed)))
    assert isinstance(artifact, Artifact)
    fact = artifact.index["fact-attempt-1"]
    assert (fact.predicate, fact.qualifiers) == ("approach.explored", (("table", "orders"),))
    assert artifact.summary == "[e1] Explored restart; it was explored."

    tickets = [Claim(fact_id=f"t{n}", predicate=f"ticket.{n}", value=f"T-{n}") for n in (14, 41)]
    collapsed = CollapseIdentifiers().compress(_request(_event("e1", "T-14 and T-41", *tickets)))
    assert isinstance(collapsed, Artifact)
    assert [f.value for f in collapsed.facts] == ["T-14", "T-14"]
    assert collapsed.summary == "[e1] T-14 and T-14"


# -- the prose mutants inject their drift; a prose check would kill them ---------------

RULE = _event("e1", "Never call the vendor API until the review is approved.", ALLERGY, trust=Trust.USER)


def test_hedge_modal_words_weakens_the_prose_and_nothing_else() -> None:
    faithful = ReferenceCompressor().compress(_request(RULE))
    hedged = HedgeModalWords().compress(_request(RULE))
    assert isinstance(hedged, Artifact)
    assert hedged.summary == "[e1] Try not to call the vendor API until the review is approved."
    assert hedged.facts == faithful.facts


def test_drop_pinned_invariant_removes_the_prohibition_line() -> None:
    chatter = _event(
        "e2",
        "Nice weather.",
        Claim(fact_id="c", predicate="chat", value=1, criticality=Criticality.CONTINUITY),
    )
    artifact = DropPinnedInvariant().compress(_request(RULE, chatter))
    assert isinstance(artifact, Artifact)
    assert artifact.summary == "[e2] Nice weather."


def _summary_grew(context: PassContext) -> list[Violation]:
    """A stand-in for the summary-size check of issue 6: a quiet pass must not grow the summary."""
    request, artifact = context.request, context.artifact
    if request.events or request.prior is None or artifact is None:
        return []
    before, after = len(request.prior.summary or ""), len(artifact.summary or "")
    if after <= before:
        return []
    return [Violation(code=ViolationCode.SUMMARY_NOT_RECLAIMED, expected=before, observed=after)]


QUIET = Scenario.from_dict(
    {
        "events": [
            {"id": "e1", "text": "No peanuts.", "facts": [{"id": "f1", "predicate": "p", "value": False}]}
        ],
        "steps": [{"add": ["e1"]}, "compress", "compress", "compress"],
    },
    name="quiet-passes",
)


def test_extra_checks_and_checks_for_count_like_the_suite_s_own() -> None:
    grow = [get_mutant("grow_summary")]
    assert run_mutants([QUIET], grow, timeout=None).row("grow_summary").survived
    every = run_mutants([QUIET], grow, timeout=None, extra_checks=(_summary_grew,))
    assert every.row("grow_summary").killing_names == ("summary_not_reclaimed",)
    per_scenario = run_mutants([QUIET], grow, timeout=None, checks_for=lambda scenario: (_summary_grew,))
    assert per_scenario.row("grow_summary").killing_names == ("summary_not_reclaimed",)


def test_the_mutation_run_writes_through_the_same_store_as_the_contract_run() -> None:
    from pytest_compaction.store.sqlite import SQLiteStore

    events: list[str] = []

    class CountingStore(SQLiteStore):
        def __init__(self) -> None:
            super().__init__()
            events.append("open")

        def close(self) -> None:
            events.append("close")
            super().close()

    names = {"delete-phone-then-unrelated-turns", "typed-values-survive"}
    scenarios = [s for s in library_scenarios() if s.name in names]
    mutants = [get_mutant("resurrect_from_checkpoint"), get_mutant("stringify_values")]
    table = run_mutants(scenarios, mutants, timeout=None, store_factory=CountingStore)
    assert table.baseline == ()
    assert table.survivors == ()
    runs = len(scenarios) * (1 + len(mutants))
    assert events.count("open") == runs
    assert events.count("close") >= runs


# -- running, baselines and the table ------------------------------------------------

TWO_PASS = Scenario.from_dict(
    {
        "events": [
            {"id": "e1", "text": "No peanuts.", "facts": [{"id": "f1", "predicate": "p", "value": False}]},
            {"id": "e2", "text": "Hello."},
        ],
        "steps": [{"add": ["e1"]}, "compress", {"add": ["e2"]}, "compress"],
    },
    name="two-pass",
)


def test_violations_the_faithful_compressor_already_shows_do_not_count() -> None:
    negating = get_mutant("negate_boolean")
    table = run_mutants([TWO_PASS], [negating], inner=NegateBoolean, timeout=None)
    assert table.baseline == (("two-pass", ("f1:value_changed",)),)
    assert table.row("negate_boolean").survived  # negating twice restores the value
    assert table.row("negate_boolean").findings[0].other == ()


def test_a_scenario_that_cannot_run_is_skipped_with_its_reason() -> None:
    broken = dataclasses.replace(
        TWO_PASS,
        name="deletes-twice",
        steps=Scenario.from_dict(
            {
                "events": [{"id": "e1", "text": "x", "facts": [{"id": "f1", "predicate": "p", "value": 1}]}],
                "steps": [{"add": ["e1"]}, {"delete": "f1"}, {"delete": "f1"}, "compress"],
            },
            name="x",
        ).steps,
    )
    table = run_mutants([broken, TWO_PASS], [get_mutant("drop_critical_fact")], timeout=None)
    assert table.scenarios == ("two-pass",)
    assert table.skipped == (("deletes-twice", "steps[2]: f1: is already deleted; a fact is deleted once"),)


def test_run_mutant_labels_the_finding_and_separates_unrelated_names() -> None:
    finding = run_mutant(
        get_mutant("flaky_critical_fact"), TWO_PASS, label="tests/test_x.py::test_y", timeout=None
    )
    assert finding == Finding(
        mutant="flaky_critical_fact", scenario="tests/test_x.py::test_y", killed_by=(), other=("f1:missing",)
    )


def test_tabulate_merges_findings_and_accepts_survivors_with_a_reason() -> None:
    findings = [
        Finding(mutant="drop_qualifiers", scenario="a", killed_by=("f1:qualifiers_changed",)),
        Finding(mutant="negate_boolean", scenario="a"),
        Finding(mutant="drop_qualifiers", scenario="b"),
    ]
    table = tabulate(
        findings, [get_mutant("negate_boolean")], accepted={"negate_boolean": "no booleans here"}
    )
    assert [row.mutant.name for row in table.rows] == ["negate_boolean", "drop_qualifiers"]
    assert table.survivors == (table.row("negate_boolean"),)
    assert table.failing == ()
    assert table.ok
    assert table.score == 0.5
    assert table.to_dict()["mutants"][1]["findings"] == [findings[0].to_dict()]


def test_render_table() -> None:
    findings = [
        Finding(
            mutant="drop_critical_fact", scenario="peanut-allergy", killed_by=("fact-allergy-1:missing",)
        ),
        Finding(mutant="drop_critical_fact", scenario="timezone-change", killed_by=("fact-tz-2:missing",)),
        Finding(mutant="drop_critical_fact", scenario="do-not-call", killed_by=("fact-call-1:missing",)),
        Finding(mutant="negate_boolean", scenario="timezone-change"),
        Finding(mutant="flaky_critical_fact", scenario="peanut-allergy", other=("fact-allergy-1:missing",)),
        Finding(mutant="grow_summary", scenario="peanut-allergy"),
    ]
    mutants = [
        get_mutant(n) for n in ("drop_critical_fact", "negate_boolean", "flaky_critical_fact", "grow_summary")
    ]
    table = dataclasses.replace(
        tabulate(
            findings,
            mutants,
            scenarios=("peanut-allergy", "timezone-change", "do-not-call"),
            accepted={"grow_summary": "prose checks not wired yet"},
        ),
        seconds=0.25,
        skipped=(("bad-spec", "steps[2]: f1: is already deleted"),),
    )
    assert render_table(table, limit=2).splitlines() == [
        "mutation score 1/4 (25%): 4 mutants against 3 scenarios in 0.25s",
        "mutant               class               killed by",
        "drop_critical_fact   01 omission         3 scenarios: peanut-allergy (fact-allergy-1:missing), "
        "timezone-change (fact-tz-2:missing), +1 more",
        "negate_boolean       02 negation loss    SURVIVED: no scenario reported value_changed",
        "flaky_critical_fact  18 nondeterminism   SURVIVED: no scenario reported "
        "nondeterministic_critical_fact",
        "grow_summary         15 budget failures  survived (accepted: prose checks not wired yet)",
        "note: flaky_critical_fact changed results only under names that do not count: "
        "peanut-allergy (fact-allergy-1:missing)",
        "skipped: bad-spec: steps[2]: f1: is already deleted",
        "survived: negate_boolean, flaky_critical_fact",
    ]


def test_the_library_table_renders_every_mutant(library_table: MutationTable) -> None:
    text = library_table.render()
    total = len(MUTANTS)
    assert text.splitlines()[0].startswith(f"mutation score {total}/{total} (100%): {total} mutants against ")
    for mutant in MUTANTS:
        assert f"\n{mutant.name} " in text
    assert "SURVIVED" not in text
    assert library_table.ok


def test_load_scenarios_leaves_recorded_incidents_out() -> None:
    folder = library_path() / "16-representation-loss"
    assert [s.name for s in load_scenarios([folder])] == ["typed-values-survive"]


# -- using a mutant in your own tests -------------------------------------------------


def test_a_user_can_point_compressor_under_test_at_a_mutant(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(
        """
        import pytest
        from pytest_compaction.engine.contract import CompressorUnderTest
        from pytest_compaction.mutants.catalog import get_mutant

        @pytest.fixture
        def compressor_under_test():
            return CompressorUnderTest(get_mutant("negate_boolean").build())
        """
    )
    pytester.makepyfile(
        """
        def test_allergy_survives(fact_ledger, compressor_under_test, compaction_contract):
            fact_ledger.event("e1", "I am allergic to peanuts.")
            fact_ledger.fact("fact-allergy-1", "food.peanuts_allowed", False, sources=["e1"])
            artifact = compressor_under_test.compress(fact_ledger)
            compaction_contract.assert_preserved(fact_ledger, artifact)
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-allergy-1:value_changed  expected False got True*"])
