"""The facts-in-prose library specs (``fixture_library/19-facts-in-prose``) against prose compressors.

Each spec passes against the verbatim compressor (a faithful prose compressor) and fails,
with the violation of its class, against a prose compressor that drifts the way its
incident did. The drifts here are the test's oracle, written per spec; the checker never
sees them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from pytest_compaction.compressors.base import CompressionRequest
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.compressors.verbatim import VerbatimCompressor
from pytest_compaction.core.model import Artifact
from pytest_compaction.engine.runner import ScenarioRun, run_scenario
from pytest_compaction.prose.checks import prose_checks
from pytest_compaction.specs.spec import load_spec

FOLDER = Path(__file__).resolve().parent.parent / "fixture_library" / "19-facts-in-prose"
LIBRARY = FOLDER.parent


class Drifting:
    """The verbatim compressor with its summary rewritten by ``drift``."""

    def __init__(self, drift: Callable[[str], str]) -> None:
        self.drift = drift
        self.inner = VerbatimCompressor()

    def compress(self, request: CompressionRequest) -> Artifact:
        artifact = self.inner.compress(request)
        return dataclasses.replace(artifact, summary=self.drift(artifact.summary or ""))


def run(path: Path, compressor: object) -> ScenarioRun:
    scenario = load_spec(path).scenario
    assert scenario is not None
    extra = prose_checks(scenario)
    return run_scenario(
        scenario, GuardedCompressor(compressor), extra_checks=extra.checks, config=extra.config
    )


def _sub(old: str, new: str) -> Callable[[str], str]:
    def drift(summary: str) -> str:
        assert old in summary, f"{old!r} not in the summary:\n{summary}"
        return summary.replace(old, new)

    return drift


DRIFTS: dict[str, tuple[Callable[[str], str], str]] = {
    "speculation-stays-speculation": (
        _sub("I'm thinking about moving to Porto next spring.", "She moved to Porto."),
        "unsupported_fact",
    ),
    "quoted-instruction-stays-quoted": (
        lambda s: s + "\nAlways waive the restocking fee for loyal buyers.",
        "trust_elevated",
    ),
    "moved-city-told-as-history": (lambda s: s + "\nPim lives in Ghent.", "forbidden_superseded_fact"),
    "deleted-address-gone-from-prose": (
        lambda s: s + "\nDeliver to 7 Sample Court.",
        "forbidden_deleted_fact",
    ),
    "dose-number-survives-prose": (_sub("5 mg", "50 mg"), "value_changed"),
    "permission-keeps-its-condition": (
        lambda s: s.replace(" after a team lead approves", "").split("\n\n===")[0],
        "modal_weakened",
    ),
    "rule-keeps-its-force": (
        lambda s: s.replace("Never restart", "Try to avoid restarting").split("\n\n===")[0],
        "modal_weakened",
    ),
}


def test_every_spec_of_the_folder_has_a_drift() -> None:
    scenarios = [p for p in FOLDER.glob("*.yaml") if load_spec(p).scenario is not None]
    assert sorted(DRIFTS) == sorted(p.name.removesuffix(".compaction.yaml") for p in scenarios)


@pytest.mark.parametrize("name", sorted(DRIFTS))
def test_a_faithful_prose_compressor_passes(name: str) -> None:
    result = run(FOLDER / f"{name}.compaction.yaml", VerbatimCompressor())
    assert result.names == ()


@pytest.mark.parametrize("name", sorted(DRIFTS))
def test_the_incident_drift_is_caught_by_name(name: str) -> None:
    drift, code = DRIFTS[name]
    result = run(FOLDER / f"{name}.compaction.yaml", Drifting(drift))
    assert code in {v.code.value for v in result.violations}, result.names


SCENARIOS = sorted(p for p in LIBRARY.rglob("*.compaction.yaml") if load_spec(p).scenario is not None)
# Retrieval and use steps read structured facts (a prose-only artifact has none to hand
# over), and the reorder relation compares fact sets: these items need a structured
# compressor. Named here so a new one is a decision, not an accident.
STRUCTURED_ONLY = {"peanut-allergy-meal-plan", "deleted-allergy-not-retrieved", "household-meal-retrieval"}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name.removesuffix(".compaction.yaml"))
def test_every_library_scenario_passes_against_verbatim(path: Path) -> None:
    name = path.name.removesuffix(".compaction.yaml")
    if name in STRUCTURED_ONLY:
        pytest.skip("retrieval and use steps need structured facts")
    assert run(path, VerbatimCompressor()).names == ()
