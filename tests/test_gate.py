"""The compaction gate, the whole-summary check, prose cases as data, and ``compaction prose``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import textwrap
import unittest
from pathlib import Path

import pytest

from pytest_compaction.cli import main
from pytest_compaction.core.errors import CompactionError, PayloadError
from pytest_compaction.core.violations import Verdict, Violation, ViolationCode
from pytest_compaction.prose.bindings import Binding
from pytest_compaction.prose.gate import (
    REGROUNDABLE,
    CompactionGate,
    FidelityViolation,
    ProseCase,
    check_summary,
)
from pytest_compaction.prose.invariants import InvariantRegister
from pytest_compaction.prose.summary import BLOCK_START, PassState, ProsePolicy, pin_block

NEVER_LIVE = "Never call the payments API with dry_run=false."
FAITHFUL = "The user wants refunds handled quickly. The payments API must not be called with dry_run=false."
HEDGED = (
    "The user wants refunds handled quickly. The payments API with dry_run=false should be used carefully."
)


def register() -> InvariantRegister:
    reg = InvariantRegister()
    reg.pin("inv-payments", NEVER_LIVE, markers=["payments API", "dry_run=false"], modality="prohibition")
    return reg


STAGING = Binding(
    id="migration-target",
    canonical_id="db-staging",
    phrase="the staging database",
    ambiguous=("the database",),
    anchors=("migration",),
)
PROD = Binding(canonical_id="db-prod", phrase="the production database", ambiguous=("the database",))


# -- FidelityViolation ------------------------------------------------------------------


def test_fidelity_violation_is_a_failed_check_and_one_of_ours() -> None:
    assert issubclass(FidelityViolation, CompactionError)
    assert issubclass(FidelityViolation, AssertionError)
    assert not issubclass(FidelityViolation, ValueError)


def test_fidelity_violation_message_lists_every_violation() -> None:
    verdict = Verdict(
        violations=(
            Violation(
                code=ViolationCode.MODAL_WEAKENED, fact_id="inv-1", expected="prohibition", observed="hedged"
            ),
            Violation(code=ViolationCode.DEPTH_EXCEEDED, expected=2, observed=3),
        )
    )
    exc = FidelityViolation(verdict, pass_number=4)
    assert str(exc) == (
        "compaction pass 4 broke the prose contract: 2 violations: 1 depth_exceeded, 1 modal_weakened\n"
        "  inv-1:modal_weakened  expected 'prohibition' got 'hedged'\n"
        "  depth_exceeded  expected 2 got 3"
    )
    assert exc.names == ("inv-1:modal_weakened", "depth_exceeded")
    assert exc.found is verdict


def test_unittest_counts_it_as_a_failure_not_an_error() -> None:
    class Case(unittest.TestCase):
        def test_gate(self) -> None:
            CompactionGate(register()).admit(HEDGED)

    result = unittest.TestResult()
    Case("test_gate").run(result)
    assert (len(result.failures), len(result.errors)) == (1, 0)


# -- the gate, raising ------------------------------------------------------------------


def test_gate_returns_a_faithful_summary_and_records_the_pass() -> None:
    gate = CompactionGate(register())
    assert gate.admit(FAITHFUL) == FAITHFUL
    state = gate.state
    assert state is not None
    assert (state.summary_chars, state.depth, state.active_ids) == (len(FAITHFUL), 1, ("inv-payments",))
    # The pass records each entry's content address, so a rewrite on reload is caught.
    assert [ident for ident, _ in state.entries] == ["inv-payments"]
    assert len(state.entries[0][1]) == 16
    (report,) = gate.reports
    assert (report.pass_number, report.depth, report.accepted, report.regrounded) == (1, 1, True, False)
    assert report.found.ok


def test_gate_raises_on_a_drifted_summary_and_keeps_its_state() -> None:
    gate = CompactionGate(register())
    gate.admit(FAITHFUL)
    before = gate.state
    with pytest.raises(FidelityViolation) as info:
        gate.admit("Payments API with dry_run=false: be careful.")
    assert info.value.names == ("constraint_density_collapsed", "inv-payments:modal_weakened")
    assert info.value.pass_number == 2
    assert not info.value.regrounded
    assert gate.state == before
    assert [r.accepted for r in gate.reports] == [True, False]


def test_check_neither_raises_nor_records() -> None:
    gate = CompactionGate(register())
    assert gate.check(HEDGED).names == ("constraint_density_collapsed", "inv-payments:modal_weakened")
    assert gate.reports == ()
    assert gate.state is None


def test_gate_counts_depth_and_refuses_past_the_cap() -> None:
    gate = CompactionGate(register())
    gate.admit(FAITHFUL)
    gate.admit(FAITHFUL)
    with pytest.raises(FidelityViolation) as info:
        gate.admit(FAITHFUL)
    assert info.value.names == ("depth_exceeded",)
    assert gate.admit(FAITHFUL, depth=1) == FAITHFUL  # a fresh summary of raw events


def test_gate_catches_an_invariant_lost_from_a_reloaded_register() -> None:
    reg = register()
    reg.pin("inv-phone", "Do not contact the customer by phone.", markers=["phone"], modality="prohibition")
    gate = CompactionGate(reg, on_violation="reground")
    gate.admit(FAITHFUL + " Do not phone the customer.")
    with pytest.raises(FidelityViolation) as info:
        gate.admit(FAITHFUL, register=register())  # reloaded from storage without inv-phone
    assert info.value.names == ("inv-phone:invariant_retired_without_event",)
    assert info.value.regrounded is False  # nothing re-grounding could repair


def test_gate_accepts_a_retirement_made_by_an_event() -> None:
    reg = register()
    reg.pin("inv-phone", "Do not contact the customer by phone.", markers=["phone"], modality="prohibition")
    gate = CompactionGate(reg)
    gate.admit(FAITHFUL + " Do not phone the customer.")
    reg.retire("inv-phone", event_id="e40", reason="the customer asked to be called")
    assert gate.admit(FAITHFUL) == FAITHFUL


def test_gate_checks_bindings_too() -> None:
    gate = CompactionGate(register(), bindings=[STAGING, PROD])
    with pytest.raises(FidelityViolation) as info:
        gate.admit(f"{NEVER_LIVE} Run the migration on the production database.")
    assert info.value.names == ("migration-target:binding_reassigned",)


def test_gate_refuses_an_unknown_mode_and_a_non_string() -> None:
    with pytest.raises(ValueError, match=r"^on_violation must be 'raise' or 'reground', got 'fix'$"):
        CompactionGate(register(), on_violation="fix")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^summary must be a string, got None \(null\)$"):
        CompactionGate(register()).admit(None)  # type: ignore[arg-type]


# -- the gate, re-grounding -------------------------------------------------------------


def test_gate_regrounds_a_hedged_summary_and_remembers_what_it_found() -> None:
    gate = CompactionGate(register(), on_violation="reground")
    repaired = gate.admit(HEDGED)
    assert repaired.startswith(HEDGED)
    assert repaired.rstrip().endswith(pin_block(gate.register))
    (report,) = gate.reports
    assert report.regrounded
    assert report.accepted
    assert report.found.names == ("constraint_density_collapsed", "inv-payments:modal_weakened")
    assert report.remaining.ok
    assert gate.state is not None
    assert gate.state.depth == 1


def test_regrounding_resets_depth_instead_of_raising() -> None:
    gate = CompactionGate(register(), on_violation="reground")
    gate.admit(FAITHFUL)
    gate.admit(FAITHFUL)
    third = gate.admit(FAITHFUL)
    assert BLOCK_START in third
    assert gate.reports[-1].found.names == ("depth_exceeded",)
    assert gate.state is not None
    assert gate.state.depth == 1


def test_regrounding_cannot_repair_a_reassigned_binding() -> None:
    gate = CompactionGate(register(), bindings=[STAGING, PROD], on_violation="reground")
    with pytest.raises(FidelityViolation) as info:
        gate.admit(
            "Be careful with the payments API and dry_run=false. "
            "Run the migration on the production database."
        )
    assert info.value.regrounded
    assert info.value.names == ("migration-target:binding_reassigned",)
    assert "inv-payments:modal_weakened" in info.value.found.names
    assert str(info.value).splitlines()[0].endswith("(still broken after re-grounding from the register)")


def test_regrounding_does_not_hide_growth_past_the_budget() -> None:
    gate = CompactionGate(register(), policy=ProsePolicy(budget_chars=120), on_violation="reground")
    with pytest.raises(FidelityViolation) as info:
        gate.admit(HEDGED)
    assert info.value.names == ("summary_not_reclaimed",)


def test_regroundable_codes() -> None:
    assert ViolationCode.BINDING_REASSIGNED not in REGROUNDABLE
    assert ViolationCode.SUMMARY_NOT_RECLAIMED not in REGROUNDABLE
    assert ViolationCode.MODAL_WEAKENED in REGROUNDABLE


# -- check_summary and ProseCase --------------------------------------------------------


def test_check_summary_merges_prose_and_bindings() -> None:
    verdict = check_summary(register(), "The migration ran on the database.", bindings=[STAGING, PROD])
    assert verdict.names == (
        "constraint_density_collapsed",
        "inv-payments:invariant_dropped",
        "migration-target:binding_unresolvable",
    )


CASE = {
    "register": {
        "invariants": [
            {
                "id": "inv-payments",
                "text": NEVER_LIVE,
                "markers": ["payments API", "dry_run=false"],
                "modality": "prohibition",
            }
        ]
    },
    "bindings": [
        {
            "id": "migration-target",
            "canonical_id": "db-staging",
            "phrase": "the staging database",
            "ambiguous": ["the database"],
            "anchors": ["migration"],
        }
    ],
    "summary": "Never call the payments API with dry_run=false. Run the migration on the staging database.",
    "previous": {"summary_chars": 200, "depth": 1, "active_ids": ["inv-payments"]},
    "policy": {"max_depth": 2, "budget_chars": 500},
}


def test_prose_case_reads_plain_data() -> None:
    case = ProseCase.from_dict(CASE)
    assert case.previous == PassState(summary_chars=200, depth=1, active_ids=("inv-payments",))
    assert case.policy == ProsePolicy(max_depth=2, budget_chars=500)
    assert case.check().ok
    bare = ProseCase.from_dict({"register": {}, "summary": "anything"})
    assert bare.check().ok


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"summary": None}, "summary: expected a string, got None (null)"),
        ({"depth": 0}, "depth: expected an integer >= 1, got 0"),
        ({"regsiter": {}}, "regsiter: unknown key; did you mean 'register'?"),
        (
            {"previous": {"summary_chars": "12"}},
            "previous.summary_chars: expected an integer, got '12' (str)",
        ),
        ({"policy": {"max_depth": 0}}, "policy.max_depth: expected an integer >= 1, got 0"),
        ({"bindings": [{"phrase": "x"}]}, "bindings[0].canonical_id: required key is missing"),
    ],
)
def test_prose_case_names_the_bad_field(change: dict[str, object], message: str) -> None:
    data = {**CASE, **change}
    with pytest.raises(PayloadError) as info:
        ProseCase.from_dict(data)
    assert str(info.value) == message


def test_prose_case_requires_register_and_summary() -> None:
    with pytest.raises(PayloadError, match=r"^register: required key is missing$"):
        ProseCase.from_dict({"summary": "s"})


# -- compaction prose -------------------------------------------------------------------

YAML_CASE = textwrap.dedent(
    """\
    register:
      invariants:
        - id: inv-payments
          text: "Never call the payments API with dry_run=false."
          markers: [payments API, dry_run=false]
          modality: prohibition
      failures:
        - id: fail-pool
          text: "Tried raising the pool size to 50; it failed with PoolTimeout."
          approach: [pool size, "50"]
          error: [PoolTimeout]
    bindings:
      - id: migration-target
        canonical_id: db-staging
        phrase: the staging database
        ambiguous: [the database]
        anchors: [migration]
    summary: >
      SUMMARY
    """
)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def write_case(tmp_path: Path, summary: str, name: str = "case.yaml") -> Path:
    path = tmp_path / name
    path.write_text(YAML_CASE.replace("SUMMARY", summary), encoding="utf-8")
    return path


def test_cli_prose_exit_0_when_the_contract_holds(tmp_path: Path) -> None:
    path = write_case(
        tmp_path,
        "Never call the payments API with dry_run=false. Pool size 50 was tried and failed with PoolTimeout. "
        "Run the migration on the staging database.",
    )
    assert run("prose", str(path)) == (
        0,
        f"{path}: the summary keeps the prose contract (2 pinned entries, 1 bindings checked)\n",
        "",
    )


def test_cli_prose_exit_1_prints_each_violation(tmp_path: Path) -> None:
    path = write_case(
        tmp_path,
        "The payments API with dry_run=false should be used carefully. We explored a pool size of 50. "
        "The migration ran on the database.",
    )
    code, out, err = run("prose", str(path))
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        "constraint_density_collapsed  expected 'a prohibition or obligation' got 'none'  "
        "(1 active prohibition or obligation invariant (inv-payments) "
        "but the summary's 128 characters hold no prohibition or obligation word)",
        "fail-pool:failure_history_collapsed  expected 'tried and failed' got 'considered'  "
        "(sentence 2: 'explored' makes it read as considered, not tried and failed)",
        "inv-payments:modal_weakened  expected 'prohibition' got 'hedged'  "
        "(sentence 1: hedge words 'should', 'carefully' weaken the prohibition)",
        "migration-target:binding_unresolvable  expected 'db-staging' got 'the database'  "
        "(sentence 3: 'the database' could be db-staging, and none of them is named before it; "
        "say 'the staging database')",
    ]


def test_cli_prose_json(tmp_path: Path) -> None:
    path = write_case(tmp_path, "Never call the payments API with dry_run=true.")
    code, out, _ = run("prose", str(path), "--format", "json")
    assert code == 1
    report = json.loads(out)
    assert report["ok"] is False
    assert [v["name"] for v in report["violations"]] == [
        "fail-pool:failure_history_collapsed",
        "inv-payments:marker_missing",
    ]


def test_cli_prose_exit_2_names_file_line_and_field(tmp_path: Path) -> None:
    path = write_case(tmp_path, "anything")
    path.write_text(path.read_text().replace("modality: prohibition", "modality: prohibit"), encoding="utf-8")
    code, out, err = run("prose", str(path))
    assert (code, out) == (2, "")
    assert err == (
        f"compaction: error: {path}:6: register.invariants[0].modality: expected one of prohibition, "
        "obligation, permission_with_condition; got 'prohibit' (str); did you mean 'prohibition'?\n"
    )


def test_cli_prose_exit_2_for_json_names_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "case.json"
    path.write_text(json.dumps({"register": {"invariants": [{"id": "x"}]}, "summary": "s"}), encoding="utf-8")
    assert run("prose", str(path)) == (
        2,
        "",
        f"compaction: error: {path}: register.invariants[0].text: required key is missing\n",
    )


def test_cli_prose_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    assert run("prose", str(missing)) == (2, "", f"compaction: error: {missing}: no such file\n")


def test_cli_prose_usage_error_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("prose")[0] == 2
    assert "the following arguments are required: CASE" in capsys.readouterr().err


def test_cli_prose_prints_no_traceback(tmp_path: Path) -> None:
    path = write_case(tmp_path, "anything")
    path.write_text("register: [\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest_compaction.cli", "prose", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith(f"compaction: error: {path}")
    assert "Traceback" not in done.stderr


# -- the same contract inside a pytest run ----------------------------------------------


def test_gate_inside_a_test_reads_as_a_failure(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        from pytest_compaction.prose.gate import CompactionGate
        from pytest_compaction.prose.invariants import InvariantRegister

        def test_compressor():
            register = InvariantRegister()
            register.pin(
                "inv-payments",
                "Never call the payments API with dry_run=false.",
                markers=["payments API", "dry_run=false"],
                modality="prohibition",
            )
            CompactionGate(register).admit("The payments API with dry_run=false should be used carefully.")
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*FidelityViolation: compaction pass 1 broke the prose contract: 2 violations*",
            "*inv-payments:modal_weakened  expected 'prohibition' got 'hedged'*",
        ]
    )
