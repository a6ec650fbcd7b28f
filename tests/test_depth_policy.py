"""The depth policy and verbatim register entries: verification that grows stricter with depth.

A faithful compressor (the reference, the verbatim prose compressor) passes the library
specs; a compressor that keeps a pinned rule's force in other words passes at depth 1
and fails at depth 2 (``pin_not_verbatim``), a pin marked ``verbatim`` fails at any
depth, a binding the prior summary named and the deeper one dropped is
``binding_unresolvable``, and an unsupported fact kept for review at depth 1 fails at
depth 2 even in permissive mode.
"""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.compressors.verbatim import VerbatimCompressor
from pytest_compaction.core.depth_policy import DEFAULT_DEPTH_POLICY, DepthPolicy
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.model import Artifact, Fact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import ViolationCode
from pytest_compaction.engine.contract import run_contract
from pytest_compaction.engine.runner import ScenarioRun
from pytest_compaction.prose.chain import compare_lineage, digests
from pytest_compaction.prose.gate import CompactionGate, check_summary
from pytest_compaction.prose.invariants import Invariant, InvariantRegister, appears_verbatim
from pytest_compaction.specs.spec import load_spec

LIBRARY = Path(__file__).resolve().parent.parent / "fixture_library"
FAILOVER = LIBRARY / "10-repetition-drift" / "failover-rule-verbatim-from-depth-two.compaction.yaml"
DOSAGE = LIBRARY / "11-modal-weakening" / "dosage-rule-kept-verbatim.compaction.yaml"
RULE = "Do not fail over the primary database unless two on-call engineers approve it."


class Drifting:
    """The reference compressor with its summary rewritten by ``drift`` (and no pinned block)."""

    replays_claims = True

    def __init__(self, drift: Callable[[str, CompressionRequest], str], inner: object = None) -> None:
        self.drift = drift
        self.inner: Any = inner or ReferenceCompressor()

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact: Artifact = self.inner.compress(request)
        summary = (artifact.summary or "").split("\n\n===")[0]
        return dataclasses.replace(artifact, summary=self.drift(summary, request))


def contracted(summary: str, request: CompressionRequest) -> str:
    """The same force in other words: "Do not" written "Don't"."""
    return summary.replace("Do not", "Don't")


def scenario_of(path: Path, **changes: Any) -> Scenario:
    scenario = load_spec(path).scenario
    assert scenario is not None
    return dataclasses.replace(scenario, **changes)


def run(scenario: Scenario, compressor: object) -> ScenarioRun:
    return run_contract(scenario, GuardedCompressor(compressor))


# -- the policy as data ---------------------------------------------------------------


def test_the_default_tightens_everything_from_depth_two() -> None:
    policy = DEFAULT_DEPTH_POLICY
    for tightening in ("pins_verbatim", "bindings_resolved", "no_unsupported_facts"):
        assert not policy.applies(tightening, 1)
        assert policy.applies(tightening, 2)
        assert policy.applies(tightening, 9)
    assert policy.mode_at("permissive", 1) == "permissive"
    assert policy.mode_at("permissive", 2) == "strict"
    assert policy.mode_at("strict", 1) == "strict"
    assert policy.to_dict() == {"pins_verbatim": 2, "bindings_resolved": 2, "no_unsupported_facts": 2}


def test_a_spec_sets_each_depth_or_never() -> None:
    policy = DepthPolicy.from_dict({"pins_verbatim": 1, "no_unsupported_facts": "never"})
    assert policy == DepthPolicy(pins_verbatim=1, bindings_resolved=2, no_unsupported_facts=None)
    assert policy.applies("pins_verbatim", 1)
    assert not policy.applies("no_unsupported_facts", 32)
    assert policy.describe("no_unsupported_facts") == "never"
    assert DepthPolicy.from_dict(policy.to_dict()) == policy


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"pins_verbatim": 0},
            "depth_policy.pins_verbatim: expected the first depth it applies at (1 to 32) or 'never', "
            "got 0 (int); e.g. `pins_verbatim: 2`",
        ),
        (
            {"bindings_resolved": "sometimes"},
            "depth_policy.bindings_resolved: expected the first depth it applies at (1 to 32) or "
            "'never', got 'sometimes' (str); e.g. `bindings_resolved: 2`",
        ),
        (
            {"no_unsupported_facts": True},
            "depth_policy.no_unsupported_facts: expected the first depth it applies at (1 to 32) or "
            "'never', got True (bool); e.g. `no_unsupported_facts: 2`",
        ),
        ({"pins_verbatim": 33}, "depth_policy.pins_verbatim: expected the first depth it applies at"),
        ({"pin_verbatim": 2}, "depth_policy.pin_verbatim: unknown key"),
    ],
)
def test_a_bad_policy_names_the_field(data: dict[str, Any], message: str) -> None:
    with pytest.raises(PayloadError) as caught:
        Scenario.from_dict({"events": [{"id": "e1", "text": "hi"}], "depth_policy": data}, name="s")
    assert str(caught.value).startswith(message)


def test_the_scenario_writes_and_reads_its_policy() -> None:
    scenario = scenario_of(FAILOVER)
    assert scenario.depth_policy == DepthPolicy()
    again = Scenario.from_dict(scenario.to_dict(), name=scenario.name)
    assert again.depth_policy == scenario.depth_policy
    bare = Scenario.from_dict({"events": [{"id": "e1", "text": "hi"}]}, name="s")
    assert bare.depth_policy is None
    assert bare.effective_depth_policy == DEFAULT_DEPTH_POLICY
    assert "depth_policy" not in bare.to_dict()


# -- pins verbatim from depth 2 -----------------------------------------------------------


@pytest.mark.parametrize("compressor", [ReferenceCompressor, VerbatimCompressor])
def test_a_faithful_compressor_passes_the_library_specs(compressor: type) -> None:
    for path in (FAILOVER, DOSAGE):
        assert run(scenario_of(path), compressor()).names == ()


def test_equivalent_force_passes_depth_one_and_fails_depth_two() -> None:
    result = run(scenario_of(FAILOVER), Drifting(contracted))
    first, second = result.passes
    assert first.verdict.ok  # depth 1: a paraphrase with the same force is a summary
    assert result.names == ("inv-failover-1:pin_not_verbatim",)
    (violation,) = result.violations
    assert violation.expected == RULE
    assert violation.detail == (
        "pass 2, depth 2, compression; it is only paraphrased, but at compaction depth 2 the depth "
        "policy asks for verbatim pins from depth 2; re-inject it unsummarized (pin_block(register) does); "
        "stated by e1, in the prior memory the compressor was given"
    )
    assert second.depth == 2


def test_the_policy_sets_the_depth() -> None:
    never = run(scenario_of(FAILOVER, depth_policy=DepthPolicy(pins_verbatim=None)), Drifting(contracted))
    assert never.names == ()
    early = run(scenario_of(FAILOVER, depth_policy=DepthPolicy(pins_verbatim=1)), Drifting(contracted))
    assert not early.passes[0].verdict.ok
    assert early.names == ("inv-failover-1:pin_not_verbatim",)


def test_a_dropped_pin_says_it_is_gone_not_paraphrased() -> None:
    result = run(scenario_of(FAILOVER), Drifting(lambda s, r: s.replace(RULE, "") if r.prior else s))
    assert "inv-failover-1:pin_not_verbatim" in result.names
    (violation,) = [v for v in result.violations if v.code is ViolationCode.PIN_NOT_VERBATIM]
    assert "it is not in the summary at all" in violation.detail


def test_re_grounding_satisfies_the_policy() -> None:
    # The paraphrase stays, but the register's pinned block is carried: verbatim by construction.
    class Regrounds(Drifting):
        def compress(self, request: CompressionRequest) -> Artifact:
            artifact = ReferenceCompressor().compress(request)
            body, block = (artifact.summary or "").split("\n\n===", 1)
            return dataclasses.replace(artifact, summary=f"{contracted(body, request)}\n\n==={block}")

    assert run(scenario_of(FAILOVER), Regrounds(contracted)).names == ()


def test_whitespace_and_quotes_do_not_count_but_case_does() -> None:
    assert appears_verbatim("Do not  touch\nprod.", "x Do not touch prod. y")
    assert appears_verbatim("Don't touch prod.", "Don\u2019t touch prod.")
    assert not appears_verbatim("Do not touch prod.", "do not touch prod.")
    assert not appears_verbatim("Do not touch prod.", "Do not touch prod")


# -- a register entry marked verbatim ----------------------------------------------------------


def every_six_hours(summary: str, request: CompressionRequest) -> str:
    return summary.replace("within 6 hours", "every 6 hours")


def test_a_verbatim_pin_fails_a_paraphrase_at_depth_one() -> None:
    result = run(scenario_of(DOSAGE), Drifting(every_six_hours))
    assert result.names == ("inv-ibuprofen-1:pin_not_verbatim",)
    (violation,) = result.violations
    assert violation.detail == (
        "pass 1, compression; it is only paraphrased, but it is marked verbatim; re-inject it "
        "unsummarized (pin_block(register) does); stated by e1, which the compressor was given and used"
    )


def test_without_the_flag_the_same_paraphrase_passes_depth_one() -> None:
    scenario = scenario_of(DOSAGE)
    assert isinstance(scenario.invariants, dict)
    (entry,) = scenario.invariants["invariants"]
    plain = {**entry}
    plain.pop("verbatim")
    unflagged = dataclasses.replace(scenario, invariants={"invariants": [plain]})
    assert run(unflagged, Drifting(every_six_hours)).names == ()


def test_the_flag_is_register_data() -> None:
    register = InvariantRegister()
    pin = register.pin("inv-1", RULE, markers=["primary database"], modality="prohibition", verbatim=True)
    record = register.record_failure(
        "fail-1",
        "Raising the pool size to 50 failed with PoolTimeout.",
        approach=["pool size"],
        verbatim=True,
    )
    assert pin.to_dict()["verbatim"] is True
    assert record.to_dict()["verbatim"] is True
    again = InvariantRegister.from_dict(register.to_dict())
    assert [e.verbatim for e in again] == [True, True]
    # An unflagged entry is written exactly as before, so its content digest is unchanged.
    plain = Invariant(id="inv-2", text=RULE, markers=("primary database",), modality=pin.modality)
    assert "verbatim" not in plain.to_dict()
    # Flipping the flag is a rewrite of the entry: the stored register's lineage sees it.
    flipped = InvariantRegister([dataclasses.replace(pin, verbatim=False)])
    found = compare_lineage(digests(InvariantRegister([pin])), digests(flipped))
    assert [v.code for v in found] == [ViolationCode.REGISTER_ENTRY_REWRITTEN]


def test_a_bad_flag_names_its_path() -> None:
    data = {
        "invariants": [
            {
                "id": "i",
                "text": RULE,
                "markers": ["primary database"],
                "modality": "prohibition",
                "verbatim": "yes",
            }
        ]
    }
    with pytest.raises(PayloadError) as caught:
        InvariantRegister.from_dict(data)
    assert str(caught.value) == "register.invariants[0].verbatim: expected true or false, got 'yes' (str)"


def test_the_gate_holds_a_verbatim_pin_and_re_grounding_repairs_it() -> None:
    register = InvariantRegister()
    register.pin("inv-1", RULE, markers=["primary database"], modality="prohibition", verbatim=True)
    paraphrase = RULE.replace("Do not", "Don't")
    assert check_summary(register, paraphrase).names == ("inv-1:pin_not_verbatim",)
    assert check_summary(register, f"Notes. {RULE}").ok
    gate = CompactionGate(register, on_violation="reground")
    kept = gate.admit(paraphrase)
    assert RULE in kept
    assert gate.reports[0].found.names == ("inv-1:pin_not_verbatim",)


# -- bindings resolved from depth 2 ---------------------------------------------------------------


def _tickets(**extra: Any) -> Scenario:
    data: dict[str, Any] = {
        "events": [
            {"id": "e1", "text": "Ship the fix for T-14 and the follow-up T-41."},
            {"id": "e2", "text": "Standup moved to 10:15."},
        ],
        "steps": [{"add": ["e1"]}, "compress", {"add": ["e2"]}, "compress"],
        "bindings": [{"canonical_id": "T-14", "phrase": "T-14"}, {"canonical_id": "T-41", "phrase": "T-41"}],
        **extra,
    }
    return Scenario.from_dict(data, name="tickets")


def drops_t41_when_deep(summary: str, request: CompressionRequest) -> str:
    return summary.replace(" and the follow-up T-41", "") if request.prior is not None else summary


def test_a_binding_the_prior_summary_named_must_stay_named_when_deep() -> None:
    verbatim = VerbatimCompressor()
    assert run(_tickets(), verbatim).names == ()
    result = run(_tickets(), Drifting(drops_t41_when_deep, verbatim))
    assert result.passes[0].verdict.ok
    assert result.names == ("T-41:binding_unresolvable",)
    (violation,) = result.violations
    assert violation.detail == (
        "pass 2, depth 2, compression; the memory it was built from named 'T-41' (T-41) and this summary "
        "no longer does, but at compaction depth 2 the depth policy asks for every binding to resolve from "
        "depth 2; stated by e1, in the prior memory the compressor was given"
    )
    relaxed = _tickets(depth_policy={"bindings_resolved": "never"})
    assert run(relaxed, Drifting(drops_t41_when_deep, verbatim)).names == ()


def test_a_binding_the_memory_never_held_is_not_the_policys_finding() -> None:
    # Dropped on pass 1 (depth 1): nothing was lost by re-summarizing.
    result = run(
        _tickets(), Drifting(lambda s, r: s.replace(" and the follow-up T-41", ""), VerbatimCompressor())
    )
    assert result.names == ()


# -- unsupported facts from depth 2 -----------------------------------------------------------------


class Invents:
    """The reference compressor plus one fact no event states, on every pass."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        guess = Fact(
            fact_id="fact-guess-1",
            tenant_id=request.tenant_id,
            subject_id=request.subject_id,
            predicate="food.diet",
            value="healthy",
            source_event_ids=("e1",),
        )
        if any(fact.fact_id == guess.fact_id for fact in artifact.facts):
            return artifact  # carried over from the prior memory
        return dataclasses.replace(artifact, facts=(*artifact.facts, guess))


def _permissive(**extra: Any) -> Scenario:
    data: dict[str, Any] = {
        "mode": "permissive",
        "events": [
            {
                "id": "e1",
                "text": "I eat anything.",
                "facts": [{"id": "f1", "predicate": "food.any", "value": True}],
            },
            {"id": "e2", "text": "Hello again."},
        ],
        "steps": [{"add": ["e1"]}, "compress", {"add": ["e2"]}, "compress"],
        **extra,
    }
    return Scenario.from_dict(data, name="permissive")


def test_an_unsupported_fact_is_reviewed_at_depth_one_and_fails_at_depth_two() -> None:
    result = run(_permissive(), Invents())
    first, second = result.passes
    assert first.verdict.ok
    assert [v.name for v in first.verdict.review] == ["fact-guess-1:unsupported_fact"]
    assert second.verdict.names == ("fact-guess-1:unsupported_fact",)
    assert result.names == ("fact-guess-1:unsupported_fact",)
    relaxed = run(_permissive(depth_policy={"no_unsupported_facts": "never"}), Invents())
    assert relaxed.ok
    assert [v.name for p in relaxed.passes for v in p.verdict.review] == ["fact-guess-1:unsupported_fact"] * 2


# -- through pytest --------------------------------------------------------------------------------------

DRIFTING = """
import dataclasses
from pytest_compaction.compressors.base import ReferenceCompressor

class contracted:
    replays_claims = True

    def compress(self, request):
        artifact = ReferenceCompressor().compress(request)
        summary = (artifact.summary or "").split("\\n\\n===")[0].replace("Do not", "Don't")
        return dataclasses.replace(artifact, summary=summary)
"""


def test_a_pytest_run_names_the_pin_and_the_pass(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(drifting=textwrap.dedent(DRIFTING))
    pytester.syspathinsert()
    (pytester.path / FAILOVER.name).write_text(FAILOVER.read_text(encoding="utf-8"), encoding="utf-8")
    faithful = pytester.runpytest("--compaction-contract", "-p", "no:xdist")
    faithful.assert_outcomes(passed=1)
    result = pytester.runpytest(
        "--compaction-contract", "-p", "no:xdist", "--compaction-compressor=drifting:contracted"
    )
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*1 violation: 1 pin_not_verbatim",
            "*inv-failover-1:pin_not_verbatim  expected 'Do not fail over the primary database unless two "
            "on-call engineers approve it.' got None  (pass 2, depth 2, compression; it is only paraphrased, "
            "but at compaction depth 2 the depth policy asks for verbatim pins from depth 2*",
        ]
    )
