"""The prose contract inside scenarios: invariants and bindings checked on every pass."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.model import Artifact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.engine.contract import scenario_extras
from pytest_compaction.engine.runner import run_scenario

SPEC = {
    "events": [
        {
            "id": "e1",
            "text": "Never call the vendor API until the security review is approved.",
            "facts": [
                {
                    "id": "fact-vendor-1",
                    "predicate": "vendor_api.calls_allowed",
                    "value": False,
                    "qualifiers": {"until": "security_review_approved"},
                }
            ],
        },
        {"id": "e2", "text": "The standup moved to 10am."},
    ],
    "steps": [{"add": ["e1"]}, "compress", {"add": ["e2"]}, "compress", "compress"],
    "invariants": {
        "invariants": [
            {
                "id": "inv-vendor",
                "text": "Never call the vendor API until the security review is approved.",
                "markers": ["vendor API", "security review"],
                "modality": "prohibition",
            }
        ]
    },
}


class Hedging:
    """Summarizes the rule as advice, and does not carry the pinned block."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        unpinned = replace(request, config={})
        art = ReferenceCompressor().compress(unpinned)
        summary = (art.summary or "").replace("Never call", "Be careful when you call")
        return replace(art, summary=summary)


def run(compressor: object) -> tuple[str, ...]:
    scenario = Scenario.from_dict(SPEC, name="vendor")
    checks, config = scenario_extras(scenario, {})
    guard = GuardedCompressor(compressor)  # type: ignore[arg-type]
    return run_scenario(scenario, guard, extra_checks=checks, config=config).names


def test_reference_carries_the_pinned_block_and_passes() -> None:
    assert run(ReferenceCompressor()) == ()


def test_a_hedged_unpinned_summary_is_modal_weakened() -> None:
    assert "inv-vendor:modal_weakened" in run(Hedging())


def test_the_pinned_block_reaches_the_compressor() -> None:
    scenario = Scenario.from_dict(SPEC, name="vendor")
    checks, config = scenario_extras(scenario, {"model": "small"})
    guard = GuardedCompressor(ReferenceCompressor())
    run_scenario(scenario, guard, extra_checks=checks, config=config)
    for record in guard.records:
        assert record.request.config["model"] == "small"
        assert "Never call the vendor API until the security review is approved." in str(
            record.request.config["pinned"]
        )


def test_through_a_pytest_session(pytester: pytest.Pytester) -> None:
    import yaml

    pytester.makefile(".compaction.yaml", vendor=yaml.safe_dump(SPEC))
    pytester.makepyfile(
        hedging="""
        from dataclasses import replace
        from pytest_compaction.compressors.base import ReferenceCompressor

        def compress(request):
            art = ReferenceCompressor().compress(replace(request, config={}))
            return replace(art, summary=art.summary.replace("Never call", "Be careful when you call"))

        compress.replays_claims = True  # built on the reference: it replays the ledger's claims
        """
    )
    pytester.syspathinsert()
    pytester.runpytest("--compaction-contract").assert_outcomes(passed=1)
    result = pytester.runpytest("--compaction-contract", "--compaction-compressor=hedging:compress")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*inv-vendor:modal_weakened*"])


class Unpinned:
    """Keeps the rule's words but never carries the pinned block: it never re-grounds."""

    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        return ReferenceCompressor().compress(replace(request, config={}))


@pytest.mark.parametrize(("max_depth", "exceeded"), [(None, True), (2, True), (3, False)])
def test_the_scenarios_prose_policy_sets_the_depth_cap(max_depth: int | None, exceeded: bool) -> None:
    # Each pass builds on its prior with something new (a pass that hands its memory back
    # unchanged summarizes nothing and is no deeper: tests/test_depth_carried_over.py).
    deeper = {
        **SPEC,
        "events": [*SPEC["events"], {"id": "e3", "text": "Lunch is at noon."}],
        "steps": [{"add": ["e1"]}, "compress", {"add": ["e2"]}, "compress", {"add": ["e3"]}, "compress"],
    }
    spec = deeper if max_depth is None else {**deeper, "prose_policy": {"max_depth": max_depth}}
    scenario = Scenario.from_dict(spec, name="vendor")
    checks, config = scenario_extras(scenario, {})
    names = run_scenario(
        scenario, GuardedCompressor(RollingUnpinned()), extra_checks=checks, config=config
    ).names
    assert ("depth_exceeded" in names) is exceeded, names


class RollingUnpinned(Unpinned):
    """Unpinned, and it rolls each new turn into the summary it was given: every pass grows
    on its prior memory."""

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = super().compress(request)
        lines = [request.prior_summary or artifact.summary or "", *(e.text for e in request.events)]
        return replace(artifact, summary="\n".join(line for line in lines if line))
