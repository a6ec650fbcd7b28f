"""Right stage, right pass: every violation names its stage and pass; pins hold from the pass
whose input states them.

The stage of a loss is decided from what the compressor *declared* it kept or used (the
artifact's ``input_event_ids``, the kept messages), not from what it was handed.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

import pytest

from pytest_compaction.compressors.attribution import STAGES, stage_named
from pytest_compaction.compressors.base import as_compressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.engine.contract import run_contract
from pytest_compaction.engine.evidence import boundary_of
from pytest_compaction.engine.runner import ScenarioRun, run_scenario
from pytest_compaction.mutants.compressors import KeepRecentUnderBudget
from pytest_compaction.prose.invariants import Invariant, stated_by
from pytest_compaction.reporting.details import violation_details

RULE = "Never deploy to production on Fridays."
LOCATED = re.compile(rf"^pass (?P<index>\d+)(?:, depth \d+)?, (?P<stage>{'|'.join(STAGES)})(?:;|$)")


def pins_spec(stated_at: int, passes: int = 3) -> dict[str, Any]:
    """One event per pass; the rule is said by the event of pass ``stated_at``."""
    chatter = [
        "Hi, I am setting up the release pipeline this week.",
        "The build takes about twelve minutes on the shared runners.",
        "Thanks, that is all for today.",
    ]
    events = []
    for n in range(1, passes + 1):
        text = RULE if n == stated_at else chatter[(n - 1) % len(chatter)]
        events.append({"id": f"e{n}", "text": text})
    steps: list[Any] = []
    for n in range(1, passes + 1):
        steps += [{"add": [f"e{n}"]}, "compress"]
    return {
        "tenant": "acme",
        "subject": "ana",
        "events": events,
        "invariants": {
            "invariants": [
                {
                    "id": "inv-fridays",
                    "text": RULE,
                    "markers": ["production", "Fridays"],
                    "modality": "prohibition",
                }
            ]
        },
        "prose_policy": {"max_depth": passes},
        "steps": steps,
    }


# Compressors a user would write: a rolling text summary, a forgetful one, a trimmer.
COMPRESSORS = '''
    def rolling(text, previous_summary):
        """Keeps the previous summary and appends the new turns: faithful."""
        return f"{previous_summary}\\n{text}" if previous_summary else text

    def forgetful(text, previous_summary):
        """Writes a summary of the new turns only: the prior memory is read, then lost."""
        return text

    def last_turn(request):
        """A trimmer: keeps only the newest message, so the prior summary is not kept."""
        return request.openai_messages()[-1:]
'''


def session(pytester: pytest.Pytester, spec: dict[str, Any], compressor: str) -> pytest.RunResult:
    import yaml

    pytester.makefile(".compaction.yaml", release=yaml.safe_dump(spec, sort_keys=False))
    pytester.makepyfile(team_memory=textwrap.dedent(COMPRESSORS))
    pytester.syspathinsert()
    return pytester.runpytest(
        "--compaction-contract", f"--compaction-compressor=team_memory:{compressor}", "-p", "no:cacheprovider"
    )


def run(spec: dict[str, Any], compressor: object) -> ScenarioRun:
    return run_contract(
        Scenario.from_dict(spec, name="release"), GuardedCompressor(as_compressor(compressor))
    )


def rolling(text: str, previous_summary: str | None) -> str:
    return f"{previous_summary}\n{text}" if previous_summary else text


def forgetful(text: str, previous_summary: str | None) -> str:
    return text


# -- pins hold from the pass that states them -------------------------------------------


def test_a_rule_first_stated_in_pass_2_is_not_reported_at_pass_1(pytester: pytest.Pytester) -> None:
    """The rule reaches the compressor only in pass 2; pass 1's summary cannot owe it."""
    result = session(pytester, pins_spec(stated_at=2), "rolling")
    result.assert_outcomes(passed=1)
    result.stdout.no_fnmatch_line("*inv-fridays*")


def test_a_rule_first_stated_in_pass_2_and_lost_in_pass_3_is_reported_at_pass_3(
    pytester: pytest.Pytester,
) -> None:
    result = session(pytester, pins_spec(stated_at=2), "forgetful")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*inv-fridays:invariant_dropped*(pass 3, depth 3, compression; *"
            "stated by e2, in the prior memory the compressor was given)",
        ]
    )
    result.stdout.no_fnmatch_line("*(pass 1*")


@pytest.mark.parametrize(
    ("compressor", "stage", "why"),
    [
        ("forgetful", "compression", "stated by e1, in the prior memory the compressor was given"),
        ("last_turn", "selection", "stated by e1, in the prior memory, which the compressor did not keep"),
    ],
)
def test_a_rule_stated_in_pass_1_and_dropped_in_pass_2_is_reported_at_pass_2(
    pytester: pytest.Pytester, compressor: str, stage: str, why: str
) -> None:
    result = session(pytester, pins_spec(stated_at=1, passes=2), compressor)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([f"*inv-fridays:invariant_dropped*(pass 2, depth 2, {stage}; *{why})"])


def test_a_trimmer_that_drops_the_stating_turn_loses_the_rule_at_selection() -> None:
    spec = pins_spec(stated_at=1, passes=1)
    spec["events"].append({"id": "e9", "text": "Thanks, that is all for today."})
    spec["steps"] = [{"add": ["e1", "e9"]}, "compress"]

    def last_turn(request: Any) -> Any:
        return request.openai_messages()[-1:]

    (violation,) = [v for v in run(spec, last_turn).violations if v.fact_id == "inv-fridays"]
    assert violation.code is ViolationCode.INVARIANT_DROPPED
    assert violation.detail.startswith("pass 1, selection; ")
    assert violation.detail.endswith(
        "stated by e1, which the compressor was given but did not keep "
        "(its output declares it kept or used only: e9)"
    )


def test_the_same_run_before_the_fix_would_blame_pass_1() -> None:
    """Without the stating event, the rule holds from pass 1 (a register-only rule): the
    same summaries then break it at pass 1, which is what a rule said in pass 2 must not do."""
    spec = pins_spec(stated_at=2)
    spec["events"][1]["text"] = "Deploys go out after the review meeting."  # nobody states the rule
    names = {v.name: v.detail for v in run(spec, rolling).violations}
    assert names["inv-fridays:invariant_dropped"].startswith("pass 1, compression")
    assert run(pins_spec(stated_at=2), rolling).ok


def test_a_retirement_takes_effect_from_the_pass_that_includes_its_event() -> None:
    spec = pins_spec(stated_at=1)
    spec["events"][2]["text"] = "We now deploy any day of the week."
    spec["invariants"]["retirements"] = [{"id": "inv-fridays", "event_id": "e3", "reason": "policy changed"}]
    # Pass 2 still owes the rule (its retirement comes with e3, in pass 3).
    result = run(spec, forgetful)
    assert {index for _, index, _ in _located(result.violations)} == {"2"}
    assert result.passes[2].verdict.ok


def test_stated_by_needs_every_marker_of_the_entry() -> None:
    pin = Invariant(id="i", text=RULE, markers=("production", "Fridays"), modality="prohibition")  # type: ignore[arg-type]
    events = Scenario.from_dict(pins_spec(stated_at=2), name="x").events
    assert stated_by(pin, events) == "e2"
    assert stated_by(pin, events[:1]) is None


# -- every violation names its stage and pass -------------------------------------------


def _located(violations: tuple[Violation, ...]) -> list[tuple[str, str, str]]:
    out = []
    for v in violations:
        found = LOCATED.match(v.detail)
        assert found is not None, f"{v.name} names no pass and stage: {v.detail!r}"
        out.append((v.name, found.group("index"), found.group("stage")))
    return out


def test_structured_violations_name_their_stage_and_pass() -> None:
    from pytest_compaction.mutants.compressors import DropQualifiers

    spec = {
        "events": [
            {
                "id": "e1",
                "text": "Refunds up to 50 need a supervisor review.",
                "facts": [
                    {
                        "id": "fact-refund",
                        "predicate": "refund.limit",
                        "value": 50,
                        "qualifiers": {"requires": "supervisor_review"},
                    }
                ],
            }
        ],
        "steps": [{"add": ["e1"]}, "compress"],
    }
    result = run_scenario(Scenario.from_dict(spec, name="refund"), GuardedCompressor(DropQualifiers()))
    assert _located(result.violations) == [("fact-refund:qualifiers_changed", "1", "compression")]
    assert _located(result.passes[0].verdict.violations) == _located(result.violations)


def test_a_selector_under_budget_is_blamed_on_selection() -> None:
    spec = {
        "budget": 40,
        "events": [
            {
                "id": "e1",
                "text": "I am allergic to peanuts.",
                "facts": [{"id": "fact-allergy", "predicate": "food.peanuts_allowed", "value": False}],
            },
            {"id": "e2", "text": "What a lovely sunny day it is today."},
        ],
        "steps": [{"add": ["e1", "e2"]}, "compress"],
    }
    result = run_scenario(Scenario.from_dict(spec, name="budget"), GuardedCompressor(KeepRecentUnderBudget()))
    located = {name: stage for name, _, stage in _located(result.violations)}
    assert located["fact-allergy:missing"] == "selection"


def test_prose_violations_name_their_stage_in_the_reports() -> None:
    found = run(pins_spec(stated_at=1, passes=2), forgetful).violations
    (violation,) = [v for v in found if v.code is ViolationCode.INVARIANT_DROPPED]
    assert stage_named(violation) == "compression"
    assert boundary_of(violation) == "compression"
    (detail,) = violation_details([violation], None)
    assert (detail["stage"], detail["boundary"], detail["pass"]) == (
        "selection+compression",
        "compression",
        2,
    )


def test_a_stage_named_by_a_check_is_kept() -> None:
    from pytest_compaction.compressors.attribution import Blame, located, with_stage

    v = Violation(code=ViolationCode.TOOL_RESULT_ORPHANED, detail="selection: kept the result of call c1")
    assert located(v, stage="selection", index=3).detail == "pass 3, selection; kept the result of call c1"
    staged = with_stage(Violation(code=ViolationCode.SUMMARY_EMPTY), Blame("compression"))
    assert located(staged, stage="compression", index=1, depth=2, attempt="attempt 2: ").detail == (
        "pass 1, depth 2, compression; attempt 2"
    )


# -- the whole-summary codes: density, depth, growth -------------------------------------


def last_turn(request: Any) -> Any:
    return request.openai_messages()[-1:]


def _stages(result: ScenarioRun, code: ViolationCode) -> list[tuple[str, str]]:
    return [(index, stage) for name, index, stage in _located(result.violations) if name == code.value]


def test_density_collapse_is_selections_when_every_rule_was_dropped_before_the_compressor(
    pytester: pytest.Pytester,
) -> None:
    spec = pins_spec(stated_at=1, passes=2)
    result = session(pytester, spec, "last_turn")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*constraint_density_collapsed*(pass 2, depth 2, selection; *every prohibition or obligation in "
            "force was dropped before compression: inv-fridays stated by e1, in the prior memory, which the "
            "compressor did not keep)"
        ]
    )


def test_density_collapse_is_compressions_when_the_compressor_had_the_rule() -> None:
    result = run(pins_spec(stated_at=1, passes=2), forgetful)
    assert _stages(result, ViolationCode.CONSTRAINT_DENSITY_COLLAPSED) == [("2", "compression")]
    (violation,) = [v for v in result.violations if v.code is ViolationCode.CONSTRAINT_DENSITY_COLLAPSED]
    assert violation.detail.endswith(
        "the compressor had inv-fridays (stated by e1, in the prior memory the compressor was given)"
    )
    assert (
        _stages(run(pins_spec(stated_at=1, passes=2), rolling), ViolationCode.CONSTRAINT_DENSITY_COLLAPSED)
        == []
    )


def test_depth_counts_only_passes_that_built_on_the_prior_memory() -> None:
    """A trimmer that declares it dropped the prior memory starts afresh: its summary is one
    deep (the lost rule is selection's, not a depth the trimmer never built)."""
    spec = pins_spec(stated_at=1)
    spec["prose_policy"] = {"max_depth": 1}
    assert _stages(run(spec, last_turn), ViolationCode.DEPTH_EXCEEDED) == []
    result = run(spec, rolling)
    assert _stages(result, ViolationCode.DEPTH_EXCEEDED) == [("2", "compression")]
    (violation,) = [v for v in result.violations if v.code is ViolationCode.DEPTH_EXCEEDED]
    assert violation.detail.endswith(
        "the compressor summarized its prior memory (a summary 1 deep) again instead of re-grounding "
        "from the register"
    )


def test_a_compressor_that_re_grounds_every_pass_is_never_too_deep() -> None:
    from pytest_compaction.compressors.base import ReferenceCompressor

    spec = pins_spec(stated_at=1)
    spec["prose_policy"] = {"max_depth": 1}
    assert run(spec, ReferenceCompressor()).ok


class KeepsOldSummaryStore:
    """A store whose write appends the new summary to the one it holds (it never replaces it)."""

    def __new__(cls) -> Any:
        from dataclasses import replace

        from pytest_compaction.store.sqlite import SQLiteStore

        class Appending(SQLiteStore):
            def write(self, artifact: Any, *, expected_version: int) -> int:
                old = self.read(artifact.tenant_id, artifact.subject_id)
                if old is not None and old.summary and artifact.summary:
                    artifact = replace(artifact, summary=f"{old.summary}\n{artifact.summary}")
                return super().write(artifact, expected_version=expected_version)

        return Appending()


def _stored_run(store: Any) -> ScenarioRun:
    from pytest_compaction.engine.contract import scenario_extras

    scenario = Scenario.from_dict(pins_spec(stated_at=1), name="release")
    checks, config = scenario_extras(scenario, {})
    return run_scenario(
        scenario, GuardedCompressor(as_compressor(rolling)), extra_checks=checks, config=config, store=store
    )


def test_a_summary_the_store_kept_is_not_reclaimed_at_storage() -> None:
    from pytest_compaction.store.sqlite import SQLiteStore

    result = _stored_run(KeepsOldSummaryStore())
    assert _stages(result, ViolationCode.SUMMARY_NOT_RECLAIMED) == [("3", "storage")]
    (violation,) = [v for v in result.violations if v.code is ViolationCode.SUMMARY_NOT_RECLAIMED]
    assert "it kept the old summary" in violation.detail
    assert _stages(_stored_run(SQLiteStore()), ViolationCode.SUMMARY_NOT_RECLAIMED) == []


def _budget_spec() -> dict[str, Any]:
    spec = pins_spec(stated_at=1, passes=1)
    spec["events"] += [
        {"id": "e8", "text": "The build takes about twelve minutes on the shared runners."},
        {"id": "e9", "text": "Thanks, that is all for today."},
    ]
    spec["steps"] = [{"add": ["e1", "e8", "e9"]}, "compress"]
    spec["budget"] = 80
    return spec


@pytest.mark.parametrize(
    ("compressor", "stages"),
    [
        (lambda request: request.openai_messages(), [("1", "selection")]),
        (lambda request: request.text + "\n" + request.text, [("1", "compression")]),
        (lambda request: [m for m in request.openai_messages() if "Fridays" in m["content"]], []),
    ],
    ids=["keeps-every-message", "writes-too-much", "keeps-the-rule"],
)
def test_over_budget_is_selections_when_the_kept_messages_alone_exceed_it(
    compressor: Any, stages: list[tuple[str, str]]
) -> None:
    result = run(_budget_spec(), compressor)
    assert _stages(result, ViolationCode.SUMMARY_NOT_RECLAIMED) == stages


# -- a binding first stated in pass 2 -------------------------------------------------------


def binding_spec() -> dict[str, Any]:
    """The staging database is first named by e2, in pass 2 of 3."""
    return {
        "tenant": "acme",
        "subject": "ana",
        "events": [
            {"id": "e1", "text": "Hi, I am setting up the release pipeline this week."},
            {"id": "e2", "text": "Run the migration on the staging database first."},
            {"id": "e3", "text": "Production is the other database; thanks, that is all."},
        ],
        "bindings": [
            {
                "id": "db-staging",
                "canonical_id": "db-staging-eu-1",
                "phrase": "the staging database",
                "ambiguous": ["the database"],
                "anchors": ["migration"],
            },
            {"canonical_id": "db-prod-eu-1", "phrase": "production", "ambiguous": ["the database"]},
        ],
        "steps": [{"add": ["e1"]}, "compress", {"add": ["e2"]}, "compress", {"add": ["e3"]}, "compress"],
    }


BINDING_COMPRESSORS = '''
    def rolling(text, previous_summary):
        return f"{previous_summary}\\n{text}" if previous_summary else text

    def vague_from_pass_3(request):
        """Rolls, and on pass 3 shortens "the staging database" to "the database"."""
        prior = request.prior_summary
        text = f"{prior}\\n{request.text}" if prior else request.text
        deep = request.prior is not None and request.prior.depth >= 2
        return text.replace("the staging database", "the database") if deep else text

    def vague_from_pass_1(request):
        """Says "the database" on pass 1, before anyone named one, then rolls faithfully."""
        prior = request.prior_summary
        first = request.text + " The migration waits for the database."
        return f"{prior}\\n{request.text}" if prior else first

    def last_turn(request):
        return request.openai_messages()[-1:]
'''


def binding_session(pytester: pytest.Pytester, compressor: str) -> pytest.RunResult:
    import yaml

    pytester.makefile(".compaction.yaml", release=yaml.safe_dump(binding_spec(), sort_keys=False))
    pytester.makepyfile(team_memory=textwrap.dedent(BINDING_COMPRESSORS))
    pytester.syspathinsert()
    return pytester.runpytest(
        "--compaction-contract", f"--compaction-compressor=team_memory:{compressor}", "-p", "no:cacheprovider"
    )


@pytest.mark.parametrize(
    ("compressor", "stage", "why"),
    [
        ("vague_from_pass_3", "compression", "stated by e2, in the prior memory the compressor was given"),
        ("last_turn", "selection", "stated by e2, in the prior memory, which the compressor did not keep"),
    ],
)
def test_a_binding_stated_in_pass_2_and_dropped_in_pass_3_is_reported_at_pass_3(
    pytester: pytest.Pytester, compressor: str, stage: str, why: str
) -> None:
    result = binding_session(pytester, compressor)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([f"*db-staging:binding_unresolvable*(pass 3, depth 3, {stage}; *{why})"])
    result.stdout.no_fnmatch_line("*(pass 1*")
    result.stdout.no_fnmatch_line("*(pass 2*")


@pytest.mark.parametrize("compressor", ["rolling", "vague_from_pass_1"])
def test_a_binding_stated_in_pass_2_is_not_owed_at_pass_1(pytester: pytest.Pytester, compressor: str) -> None:
    binding_session(pytester, compressor).assert_outcomes(passed=1)
