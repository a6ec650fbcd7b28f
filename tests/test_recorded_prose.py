"""Recorded specs check prose: pins, bindings, prose forms and the prose policy, in a real session."""

from __future__ import annotations

import textwrap

import pytest

CONTRACT = ("--compaction-contract", "-p", "no:cacheprovider", "-q")

RULE = "Never page the on-call engineer between 22:00 and 07:00 unless the payment service is down."

HEAD = """\
kind: recorded
description: a recorded on-call handover summary
expected:
  - fact_id: fact-quiet-1
    tenant_id: t-oncall
    subject_id: team-pay
    predicate: paging.night_pages_allowed
    value: false
    qualifiers: {hours: "22:00-07:00"}
    source_event_ids: [e1]
    authority: system
"""

EVENTS = f"""\
events:
  - {{event_id: e1, tenant_id: t-oncall, subject_id: team-pay, trust: system, text: "{RULE}"}}
  - {{event_id: e2, tenant_id: t-oncall, subject_id: team-pay, text: "The rota moves to the new dashboard."}}
"""

PROSE_FORM = (
    "    prose: {names: [page the on-call engineer], value: [never page, do not page], "
    'qualifiers: {hours: ["22:00"]}}\n'
)

INVARIANTS = f"""\
invariants:
  invariants:
    - id: inv-quiet-1
      text: "{RULE}"
      markers: [page, on-call engineer, "22:00"]
      modality: prohibition
"""


def _artifact(summary: str, depth: int = 1) -> str:
    return textwrap.dedent(f"""\
        artifact:
          memory_version: 2
          tenant_id: t-oncall
          subject_id: team-pay
          depth: {depth}
          summary: "{summary}"
        """)


FAITHFUL = f"{RULE} The rota moves to the new dashboard."
DROPPED = "The rota moves to the new dashboard. Alerts route to the team channel as before."


def _spec(pytester: pytest.Pytester, *parts: str, prose: str = PROSE_FORM) -> None:
    pytester.makefile(".compaction.yaml", incident=HEAD + prose + EVENTS + "".join(parts))


def _run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest(*CONTRACT, *args)


def test_a_summary_that_drops_a_pinned_rule_fails_with_the_prose_violation(pytester: pytest.Pytester) -> None:
    _spec(pytester, _artifact(DROPPED), INVARIANTS)
    result = _run(pytester)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*found: constraint_density_collapsed, fact-quiet-1:missing, inv-quiet-1:invariant_dropped)",
            "*found inv-quiet-1:invariant_dropped, not expected",
        ]
    )


def test_expect_violations_records_the_prose_violations(pytester: pytest.Pytester) -> None:
    expect = (
        "expect:\n  violations: [constraint_density_collapsed, fact-quiet-1:missing, "
        "inv-quiet-1:invariant_dropped]\n"
    )
    _spec(pytester, _artifact(DROPPED), INVARIANTS, expect)
    _run(pytester).assert_outcomes(passed=1)


def test_a_faithful_prose_summary_with_prose_forms_passes(pytester: pytest.Pytester) -> None:
    _spec(pytester, _artifact(FAITHFUL), INVARIANTS)
    _run(pytester).assert_outcomes(passed=1)


def test_a_prose_only_artifact_is_judged_by_its_prose(pytester: pytest.Pytester) -> None:
    # With prose forms the summary is read: a faithful one passes, a flipped value is value_changed.
    _spec(pytester, _artifact(FAITHFUL))
    _run(pytester).assert_outcomes(passed=1)
    _spec(pytester, _artifact("Page the on-call engineer at 22:00 when anything fires."))
    result = _run(pytester)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*(found: fact-quiet-1:value_changed)"])


def test_without_prose_forms_a_prose_only_artifact_says_how_to_opt_in(pytester: pytest.Pytester) -> None:
    _spec(pytester, _artifact(FAITHFUL), prose="")
    result = _run(pytester)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*found fact-quiet-1:missing, not expected"])


def test_bindings_are_checked_against_the_saved_summary(pytester: pytest.Pytester) -> None:
    bindings = textwrap.dedent("""\
        bindings:
          - canonical_id: team-pay-oncall
            phrase: the on-call engineer
            ambiguous: [the engineer]
            anchors: [page]
        """)
    _spec(pytester, _artifact(FAITHFUL), bindings)
    _run(pytester).assert_outcomes(passed=1)
    vague = f"{RULE.replace('the on-call engineer', 'the engineer')} The rota moves to the new dashboard."
    _spec(pytester, _artifact(vague), bindings, prose="")
    result = _run(pytester)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*found team-pay-oncall:binding_unresolvable, not expected"])


def test_the_prose_policy_sets_how_deep_a_saved_summary_may_be(pytester: pytest.Pytester) -> None:
    # Restated in its own words (no pinned block), three summaries deep: past the default cap of 2.
    restated = (
        "Do not page the on-call engineer after 22:00 or before 07:00 unless the payment service is down."
    )
    _spec(pytester, _artifact(restated, depth=3), INVARIANTS)
    result = _run(pytester)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*(found: depth_exceeded)"])
    _spec(pytester, _artifact(restated, depth=3), INVARIANTS, "prose_policy: {max_depth: 3}\n")
    _run(pytester).assert_outcomes(passed=1)


MESSAGES_KEPT = f"""\
artifact:
  - {{role: system, content: "{RULE}"}}
  - {{role: user, content: "The rota moves to the new dashboard."}}
"""

MESSAGES_SUMMARIZED = """\
artifact:
  - {role: system, content: "Summary: the rota moves to the new dashboard."}
"""


def test_a_saved_message_list_is_checked_through_its_kept_messages(pytester: pytest.Pytester) -> None:
    _spec(pytester, MESSAGES_KEPT, INVARIANTS)
    _run(pytester).assert_outcomes(passed=1)
    _spec(pytester, MESSAGES_SUMMARIZED, INVARIANTS)
    result = _run(pytester)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*found inv-quiet-1:invariant_dropped, not expected"])


def test_a_bad_prose_form_names_its_line_and_field(pytester: pytest.Pytester) -> None:
    _spec(pytester, _artifact(FAITHFUL), prose="    prose: {value: [never page]}\n")
    result = _run(pytester)
    result.assert_outcomes(failed=1)
    path = pytester.path / "incident.compaction.yaml"
    assert (
        f"invalid fixture spec: {path}:12: expected[0].prose.names: required key is missing"
        in result.outlines
    )


def test_a_bad_register_names_its_line(pytester: pytest.Pytester) -> None:
    _spec(pytester, _artifact(FAITHFUL), "invariants:\n  invariants:\n    - {id: inv-1}\n")
    result = _run(pytester)
    result.assert_outcomes(failed=1)
    path = pytester.path / "incident.compaction.yaml"
    assert (
        f"invalid fixture spec: {path}:24: invariants.invariants[0].text: required key is missing"
        in result.outlines
    )


PARAPHRASER = """
def paraphrase(request):
    # Re-summarizes its prior summary with the new events, never carrying the pinned block.
    lines = [request.prior_summary or ""] + [event.text for event in request.events]
    return " ".join(line for line in lines if line)
"""

SCENARIO = f"""\
tenant: t-oncall
subject: team-pay
events:
  - id: e1
    text: "{RULE}"
    trust: system
  - {{id: e2, text: "The rota moves to the new dashboard."}}
  - {{id: e3, text: "The dashboard has a new colour scheme."}}
steps:
  - add: [e1]
  - compress
  - add: [e2]
  - compress
  - add: [e3]
  - compress
{INVARIANTS}"""


def test_a_scenario_prose_policy_reaches_the_prose_checks(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(mine=PARAPHRASER)
    pytester.makefile(".compaction.yaml", three_passes=SCENARIO)
    result = _run(pytester, "--compaction-compressor=mine:paraphrase")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*depth_exceeded*"])
    pytester.makefile(".compaction.yaml", three_passes=SCENARIO + "prose_policy: {max_depth: 3}\n")
    _run(pytester, "--compaction-compressor=mine:paraphrase").assert_outcomes(passed=1)


# -- `compaction check` gives the pytest item's verdict ------------------------------------


def _cli(path: object) -> tuple[int, str]:
    import io

    from pytest_compaction.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(["check", str(path)], out=out, err=err)
    assert err.getvalue() == ""
    return code, out.getvalue()


def test_the_cli_fails_a_drifted_prose_only_artifact_as_the_pytest_item_does(
    pytester: pytest.Pytester,
) -> None:
    _spec(pytester, _artifact(DROPPED), INVARIANTS)
    _run(pytester).assert_outcomes(failed=1)
    code, out = _cli(pytester.path / "incident.compaction.yaml")
    assert code == 1
    assert "inv-quiet-1:invariant_dropped" in out
    assert "fact-quiet-1:missing" in out


def test_the_cli_passes_a_faithful_prose_only_artifact_as_the_pytest_item_does(
    pytester: pytest.Pytester,
) -> None:
    _spec(pytester, _artifact(FAITHFUL), INVARIANTS)
    _run(pytester).assert_outcomes(passed=1)
    code, out = _cli(pytester.path / "incident.compaction.yaml")
    assert (code, out.strip().endswith("its summary read in prose)")) == (0, True), out


def test_the_cli_reads_a_json_payload_with_prose_forms(tmp_path: object) -> None:
    import json
    from pathlib import Path

    import yaml

    data = yaml.safe_load(HEAD + PROSE_FORM + EVENTS + _artifact(DROPPED))
    path = Path(str(tmp_path)) / "incident.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = _cli(path)
    assert code == 1
    assert "fact-quiet-1:missing" in out
    data["artifact"]["summary"] = FAITHFUL
    path.write_text(json.dumps(data), encoding="utf-8")
    assert _cli(path)[0] == 0


# -- a recorded spec's budget ----------------------------------------------------------------


@pytest.mark.parametrize(("budget", "fails"), [(len(FAITHFUL) - 1, True), (len(FAITHFUL), False)])
def test_a_recorded_summary_over_its_budget_is_not_reclaimed(
    pytester: pytest.Pytester, budget: int, fails: bool
) -> None:
    _spec(pytester, _artifact(FAITHFUL), INVARIANTS, f"budget: {budget}\n")
    result = _run(pytester)
    if fails:
        result.assert_outcomes(failed=1)
        result.stdout.fnmatch_lines(
            ["*found: summary_not_reclaimed)", "*found summary_not_reclaimed, not expected"]
        )
        code, out = _cli(pytester.path / "incident.compaction.yaml")
        assert code == 1
        assert f"{len(FAITHFUL)} characters exceed the budget of {budget}" in out
    else:
        result.assert_outcomes(passed=1)
        assert _cli(pytester.path / "incident.compaction.yaml")[0] == 0
