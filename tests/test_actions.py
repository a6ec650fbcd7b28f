"""Act steps: a consequential action re-derives its binding from ground truth at that moment.

The bindings table says which resource the action's phrase means; the memory the last
pass left must still name that resource in the action's statement. A faithful
compressor passes; a memory that dropped the statement, or that now names another
resource there, fails at that pass with the compaction depth in the finding.
"""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _schema import schema_problems

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.compressors.verbatim import VerbatimCompressor
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.model import Artifact, Fact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import ViolationCode
from pytest_compaction.engine.contract import run_contract
from pytest_compaction.engine.runner import ScenarioRun
from pytest_compaction.engine.steps import memory_text
from pytest_compaction.prose.bindings import BindingSet, check_action_binding
from pytest_compaction.relations.metamorphic import run_relation
from pytest_compaction.specs.spec import load_spec

SPEC = (
    Path(__file__).resolve().parent.parent
    / "fixture_library"
    / "14-binding-drift"
    / "act-on-the-database.compaction.yaml"
)
STATEMENT = "Run the data fix against the staging database first."


class Drifting:
    """The reference compressor with its summary rewritten by ``drift``."""

    replays_claims = True

    def __init__(self, drift: Callable[[str, CompressionRequest], str]) -> None:
        self.drift = drift

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        return dataclasses.replace(artifact, summary=self.drift(artifact.summary or "", request))


def scenario(**changes: Any) -> Scenario:
    loaded = load_spec(SPEC).scenario
    assert loaded is not None
    return dataclasses.replace(loaded, **changes)


def run(compressor: object, **changes: Any) -> ScenarioRun:
    return run_contract(scenario(**changes), GuardedCompressor(compressor))


def act_findings(result: ScenarioRun) -> list[tuple[int, str, str]]:
    """(pass, name, detail) of each act finding, the runner's ``pass N, <stage>; `` taken off."""
    found = []
    for p in result.passes:
        for v in p.verdict.violations:
            where, _, detail = v.detail.partition("; ")
            at = where.startswith(f"pass {p.index}") and where.endswith(", compression")
            if at and detail.startswith("act at "):
                found.append((p.index, v.name, detail))
    return found


@pytest.mark.parametrize("compressor", [ReferenceCompressor, VerbatimCompressor])
def test_a_faithful_memory_grounds_every_action(compressor: type) -> None:
    assert run(compressor()).names == ()


def test_a_memory_that_lost_the_statement_cannot_ground_the_action() -> None:
    def drops(summary: str, request: CompressionRequest) -> str:
        return "\n".join(line for line in summary.splitlines() if "data fix" not in line)

    result = run(Drifting(drops))
    assert act_findings(result) == [
        (
            1,
            "datafix-target:binding_unresolvable",
            "act at steps[2] ('run the data fix' on 'the database'), compaction depth 1: the memory no "
            "longer names 'the staging database' (its statement: 'data fix'), so nothing in it says which "
            "resource the action means",
        ),
        (
            2,
            "datafix-target:binding_unresolvable",
            "act at steps[5] ('run the data fix' on 'the database'), compaction depth 2: the memory no "
            "longer names 'the staging database' (its statement: 'data fix'), so nothing in it says which "
            "resource the action means",
        ),
    ]
    # The prose binding check alone reads a binding only where the summary uses it.
    assert "datafix-target:binding_unresolvable" in result.names


def test_a_memory_that_rebound_the_phrase_reassigns_the_action() -> None:
    def rebinds(summary: str, request: CompressionRequest) -> str:
        if request.prior is None:
            return summary
        return "Production is db-prod-eu-1.\nRun the data fix against the database first."

    result = run(Drifting(rebinds))
    assert act_findings(result) == [
        (
            2,
            "datafix-target:binding_reassigned",
            "act at steps[5] ('run the data fix' on 'the database'), compaction depth 2: sentence 2: "
            "'the database' (after 'Production', so db-prod-eu-1) stands where 'the staging database' "
            "(db-staging-eu-1) was",
        )
    ]
    (violation,) = [v for v in result.violations if v.name == "datafix-target:binding_reassigned"]
    assert (violation.expected, violation.observed) == ("db-staging-eu-1", "db-prod-eu-1")


def test_the_action_reads_the_memory_of_its_own_pass() -> None:
    # Only pass 1's memory is bad: the action after pass 1 fails, the one after pass 2 does not.
    def forgets_once(summary: str, request: CompressionRequest) -> str:
        if request.prior is None:
            return summary.replace("the staging database", "the database")
        return f"{summary}\n{STATEMENT}"

    found = act_findings(run(Drifting(forgets_once)))
    assert [(index, name) for index, name, _ in found] == [(1, "datafix-target:binding_unresolvable")]


# -- the ground truth: the bindings table ------------------------------------------------------------


TABLE = BindingSet.from_dict(
    [
        {"id": "datafix-target", "canonical_id": "db-staging-eu-1", "phrase": "the staging database",
         "aliases": ["staging db"], "ambiguous": ["the database"], "anchors": ["data fix"]},
        {"canonical_id": "db-prod-eu-1", "phrase": "production", "ambiguous": ["the database"]},
    ]
)  # fmt: skip


@pytest.mark.parametrize(
    ("phrase", "action", "expected"),
    [
        ("datafix-target", "anything", "db-staging-eu-1"),
        ("the staging database", "anything", "db-staging-eu-1"),
        ("Staging DB", "anything", "db-staging-eu-1"),
        ("production", "back it up", "db-prod-eu-1"),
        ("the database", "run the data fix", "db-staging-eu-1"),
    ],
)
def test_the_table_says_what_the_phrase_means(phrase: str, action: str, expected: str) -> None:
    assert TABLE.target(phrase, action).canonical_id == expected


def test_a_phrase_the_table_cannot_resolve_is_a_spec_mistake() -> None:
    with pytest.raises(PayloadError) as caught:
        TABLE.target("the database", "back it up", "steps[2].act")
    assert str(caught.value) == (
        "steps[2].act.binding: 'the database' could be db-staging-eu-1 or db-prod-eu-1, and the action "
        "'back it up' holds the anchors of none of them; name the binding precisely (its phrase or id) or "
        "use the words of one binding's anchors in the action"
    )
    with pytest.raises(PayloadError) as caught:
        TABLE.target("the staging databse", "x", "steps[2].act")
    assert str(caught.value) == (
        "steps[2].act.binding: no binding has the phrase or id 'the staging databse'; did you mean "
        "'the staging database'?"
    )


def _spec_text(steps: str, bindings: bool = True) -> str:
    table = textwrap.dedent(
        """\
        bindings:
          - {canonical_id: db-staging-eu-1, phrase: the staging database, ambiguous: [the database]}
          - {canonical_id: db-prod-eu-1, phrase: production, ambiguous: [the database]}
        """
    )
    return (
        "events:\n  - {id: e1, text: 'Fix the staging database.'}\nsteps:\n"
        + textwrap.indent(textwrap.dedent(steps), "  ")
        + (table if bindings else "")
    )


@pytest.mark.parametrize(
    ("steps", "bindings", "message"),
    [
        (
            "- add: [e1]\n- act: {action: drop tables, binding: the staging database}\n- compress\n",
            True,
            ":5: steps[1].act: an act step resolves its binding against the memory a compression left, "
            "but no compress step comes before it; add `- compress` before it",
        ),
        (
            "- add: [e1]\n- compress\n- act: {action: drop tables, binding: the staging database}\n",
            False,
            ":6: steps[2].act: an act step resolves its binding against the scenario's ground truth, its "
            "`bindings:` table, but the spec has none; add `bindings:` with the phrase and its canonical_id",
        ),
        (
            "- add: [e1]\n- compress\n- act: {action: drop tables, binding: the database}\n",
            True,
            ":6: steps[2].act.binding: 'the database' could be db-staging-eu-1 or db-prod-eu-1, and the "
            "action 'drop tables' holds the anchors of none of them",
        ),
        (
            "- add: [e1]\n- compress\n- act: {action: drop tables, binding: the staging database, why: x}\n",
            True,
            ":6: steps[2].act.why: unknown key; allowed keys: action, binding, tenant, subject",
        ),
        (
            "- add: [e1]\n- compress\n- act: {action: drop tables, binding: production, subject: other}\n",
            True,
            ":6: steps[2].act: no compress step of tenant-1/other comes before this action",
        ),
    ],
)
def test_a_bad_act_step_names_file_line_and_fix(
    tmp_path: Path, steps: str, bindings: bool, message: str
) -> None:
    path = tmp_path / "bad.compaction.yaml"
    path.write_text(_spec_text(steps, bindings), encoding="utf-8")
    with pytest.raises(PayloadError) as caught:
        load_spec(path)
    assert message in str(caught.value)


def test_the_step_is_spec_data_that_round_trips() -> None:
    loaded = scenario()
    act = loaded.steps[2]
    assert (act.kind, act.action, act.binding) == ("act", "run the data fix", "the database")
    again = Scenario.from_dict(loaded.to_dict(), name=loaded.name)
    assert [s for s in again.steps if s.kind == "act"] == [s for s in loaded.steps if s.kind == "act"]
    assert [(s.kind, s.action, s.binding) for s in again.steps] == [
        (s.kind, s.action, s.binding) for s in loaded.steps
    ]
    # The step's tenant and subject are the scenario's: the writer leaves them out.
    assert (loaded.tenant_id, loaded.subject_id) == ("tenant-data", "task-datafix-12")
    assert loaded.to_dict()["steps"][2] == {"act": {"action": "run the data fix", "binding": "the database"}}


def test_the_schema_knows_the_step() -> None:
    base: dict[str, Any] = {
        "events": [{"id": "e1", "text": "x"}],
        "bindings": [{"canonical_id": "db-1", "phrase": "the db"}],
    }
    good = {**base, "steps": [{"add": ["e1"]}, "compress", {"act": {"action": "drop", "binding": "the db"}}]}
    assert schema_problems(good) == []
    bad = {**base, "steps": [{"add": ["e1"]}, "compress", {"act": {"action": "drop"}}]}
    assert schema_problems(bad) != []


# -- memory without a summary, and other front ends ---------------------------------------------------------


def test_structured_memory_is_read_through_its_facts() -> None:
    binding = TABLE.target("the database", "run the data fix")
    fact = Fact(
        fact_id="fact-target-1",
        tenant_id="t",
        subject_id="s",
        predicate="task.data_fix_target",
        value="db-staging-eu-1",
        qualifiers=(("phrase", "the staging database"),),
        source_event_ids=("e1",),
    )
    artifact = Artifact(memory_version=1, tenant_id="t", subject_id="s", facts=(fact,), summary=None)
    text = memory_text(artifact)
    assert text == "task data fix target: db-staging-eu-1 phrase the staging database."
    assert check_action_binding(TABLE, binding, text) is None
    moved = dataclasses.replace(fact, qualifiers=(("phrase", "production"),))
    found = check_action_binding(TABLE, binding, memory_text(dataclasses.replace(artifact, facts=(moved,))))
    assert found is not None
    assert found.code is ViolationCode.BINDING_REASSIGNED
    assert memory_text(None) == ""


def test_a_relation_keeps_checking_the_actions() -> None:
    def drops(summary: str, request: CompressionRequest) -> str:
        return "\n".join(line for line in summary.splitlines() if "data fix" not in line)

    from pytest_compaction.engine.contract import scenario_extras

    checks, config = scenario_extras(scenario(), {})
    outcome = run_relation(
        scenario(), "append_small_talk", GuardedCompressor(Drifting(drops)),
        extra_checks=checks, config=config,
    )  # fmt: skip
    assert outcome.transformed is not None
    assert any(d.startswith("act at steps[2]") for _, _, d in act_findings(outcome.transformed))


# -- through pytest ------------------------------------------------------------------------------

DRIFTING = """
import dataclasses
from pytest_compaction.compressors.base import ReferenceCompressor

class drops_the_statement:
    replays_claims = True

    def compress(self, request):
        artifact = ReferenceCompressor().compress(request)
        lines = [line for line in (artifact.summary or "").splitlines() if "data fix" not in line]
        return dataclasses.replace(artifact, summary="\\n".join(lines))
"""


def test_a_pytest_run_reports_the_action_its_pass_and_depth(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(drifting=textwrap.dedent(DRIFTING))
    pytester.syspathinsert()
    (pytester.path / SPEC.name).write_text(SPEC.read_text(encoding="utf-8"), encoding="utf-8")
    pytester.runpytest("--compaction-contract", "-p", "no:xdist").assert_outcomes(passed=1)
    result = pytester.runpytest(
        "--compaction-contract", "-p", "no:xdist", "--compaction-compressor=drifting:drops_the_statement"
    )
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*datafix-target:binding_unresolvable  expected 'db-staging-eu-1' got None  "
            "(pass 1, compression; act at steps[[]2] ('run the data fix' on 'the database'), "
            "compaction depth 1: the memory no longer names 'the staging database'*",
        ]
    )


# -- the rebuilt paths of repeated compression (depth=N) ------------------------------------------


def _depth_run(compressor: object, depth: int = 3) -> Any:
    from pytest_compaction.engine.contract import scenario_extras
    from pytest_compaction.relations.depth import run_depth

    checks, config = scenario_extras(scenario(), {})
    return run_depth(scenario(), GuardedCompressor(compressor), depth, extra_checks=checks, config=config)


def test_the_actions_run_on_both_paths_of_repeated_compression() -> None:
    def drops(summary: str, request: CompressionRequest) -> str:
        return "\n".join(line for line in summary.splitlines() if "data fix" not in line)

    result = _depth_run(Drifting(drops))
    for path in (result.direct, result.staged):
        acts = [d for _, name, d in act_findings(path) if name == "datafix-target:binding_unresolvable"]
        # Each act step once per path: the first after its events, the second at the end.
        assert [d.split(" (")[0] for d in acts] == ["act at steps[2]", "act at steps[5]"], acts


@pytest.mark.parametrize("compressor", [ReferenceCompressor, VerbatimCompressor])
def test_a_faithful_memory_grounds_every_action_at_depth(compressor: type) -> None:
    assert _depth_run(compressor()).ok


def test_a_pytest_run_checks_the_actions_at_depth(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(drifting=textwrap.dedent(DRIFTING))
    pytester.syspathinsert()
    text = SPEC.read_text(encoding="utf-8") + "depth: 3\n"
    (pytester.path / SPEC.name).write_text(text, encoding="utf-8")
    pytester.runpytest("--compaction-contract", "-p", "no:xdist").assert_outcomes(passed=2)
    result = pytester.runpytest(
        "--compaction-contract", "-p", "no:xdist", "--compaction-compressor=drifting:drops_the_statement",
        "-k", "depth",
    )  # fmt: skip
    result.assert_outcomes(failed=1)
    # The multi-stage path's pass 2 is the first to have compressed e1 and e2: the first act's moment.
    result.stdout.fnmatch_lines(
        ["*depth 2: datafix-target:binding_unresolvable*act at steps[[]2]*compaction depth 2: the memory no*"]
    )
