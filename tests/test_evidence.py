"""Evidence bundles: the boundary that failed, sanitized by default."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.model import Artifact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.engine.evidence import boundary_of, bundle_from_run, first_boundary, write_bundle
from pytest_compaction.engine.runner import run_scenario
from pytest_compaction.store.sqlite import SQLiteStore

CANARY = "CANARY-7f3a9 peanut"

SPEC = {
    "tenant": "acme",
    "subject": "user-ana",
    "events": [
        {
            "id": "e1",
            "text": f"I am allergic to peanuts ({CANARY}).",
            "facts": [
                {
                    "id": "fact-allergy-1",
                    "predicate": "food.peanuts_allowed",
                    "value": False,
                    "qualifiers": {"basis": "allergy"},
                }
            ],
        }
    ],
}


class DropsQualifiers:
    replays_claims = True

    def compress(self, request: CompressionRequest) -> Artifact:
        art = ReferenceCompressor().compress(request)
        return replace(art, facts=tuple(replace(f, qualifiers=()) for f in art.facts))


def failing_run() -> object:
    scenario = Scenario.from_dict(SPEC, name="allergy")
    return run_scenario(scenario, GuardedCompressor(DropsQualifiers()), store=SQLiteStore())


def test_bundle_has_no_raw_text_unless_asked() -> None:
    run = failing_run()
    bundle = bundle_from_run(run, test_id="t::allergy", compressor="drops")  # type: ignore[arg-type]
    text = json.dumps(bundle)
    assert CANARY not in text
    assert "CANARY" not in text
    raw = json.dumps(bundle_from_run(run, test_id="t::allergy", compressor="drops", raw=True))  # type: ignore[arg-type]
    assert CANARY in raw


def test_bundle_records_every_boundary_with_typed_values() -> None:
    bundle = bundle_from_run(failing_run(), test_id="t::allergy", compressor="drops")  # type: ignore[arg-type]
    (first,) = bundle["passes"]
    assert first["selected_event_ids"] == ["e1"]
    assert first["input_memory_version"] is None
    assert first["stored_version"] == 1
    fact = first["immediate_artifact"]["facts"][0]
    # Values are keyed fingerprints that keep their type: equal values, equal fingerprints.
    assert fact["type"] == "bool"
    assert set(fact["value"]) == {"hmac", "type"}
    assert fact["value"] == bundle["ledger"]["facts"][0]["value"]
    assert first["read_back_artifact"]["facts"][0]["type"] == "bool"
    assert first["read_back_artifact"]["facts"][0]["value"] == fact["value"]
    raw = bundle_from_run(failing_run(), test_id="t::allergy", compressor="drops", raw=True)  # type: ignore[arg-type]
    assert raw["passes"][0]["immediate_artifact"]["facts"][0]["value"] is False
    assert first["validation"] == ["fact-allergy-1:qualifiers_changed"]
    assert bundle["first_divergence"] == {
        "boundary": "compression",
        "violations": ["fact-allergy-1:qualifiers_changed"],
    }
    assert bundle["ledger"]["events"][0]["text"]["chars"] == len(SPEC["events"][0]["text"])  # type: ignore[index]


@pytest.mark.parametrize(
    ("violation", "boundary"),
    [
        (
            Violation(code=ViolationCode.MISSING, fact_id="f", detail="x; dropped by selection: e1"),
            "selection",
        ),
        (
            Violation(code=ViolationCode.MISSING, fact_id="f", detail="x; dropped by compression: e1"),
            "compression",
        ),
        (Violation(code=ViolationCode.DELETED_CONTENT_IN_INPUT), "selection"),
        (Violation(code=ViolationCode.REPRESENTATION_CHANGED, fact_id="f"), "storage"),
        (Violation(code=ViolationCode.RETRIEVAL_FORBIDDEN, fact_id="f"), "retrieval"),
        (Violation(code=ViolationCode.ACTION_VIOLATES_FACT, fact_id="f"), "use"),
    ],
)
def test_boundary_of_each_kind(violation: Violation, boundary: str) -> None:
    assert boundary_of(violation) == boundary


def test_first_boundary_is_the_earliest_in_the_pipeline() -> None:
    storage = Violation(code=ViolationCode.REPRESENTATION_CHANGED, fact_id="f")
    compression = Violation(code=ViolationCode.VALUE_CHANGED, fact_id="f")
    assert first_boundary([storage, compression]) == "compression"
    assert first_boundary([storage]) == "storage"
    assert first_boundary([]) is None


def test_write_bundle_names_the_file_after_the_test(tmp_path: object) -> None:
    path = write_bundle(str(tmp_path), "tests/test_x.py::test_a[b c]", {"schema": "x"})
    assert path.name.startswith("tests_test_x.py_test_a_b_c-")
    assert json.loads(path.read_text()) == {"schema": "x"}


def test_plugin_writes_evidence_for_failing_tests_only(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_memory=f"""
        from dataclasses import replace
        from pytest_compaction import Artifact

        def test_good(fact_ledger, compressor_under_test, compaction_contract):
            fact_ledger.event("e1", "I am allergic to peanuts ({CANARY}).")
            fact_ledger.fact("fact-allergy-1", "food.peanuts_allowed", False, sources=["e1"])
            compaction_contract.assert_preserved(fact_ledger, compressor_under_test.compress(fact_ledger))

        def test_bad(fact_ledger, compressor_under_test, compaction_contract):
            fact_ledger.event("e1", "I am allergic to peanuts ({CANARY}).")
            fact_ledger.fact("fact-allergy-1", "food.peanuts_allowed", False, sources=["e1"])
            artifact = compressor_under_test.compress(fact_ledger)
            artifact = replace(artifact, facts=tuple(replace(f, value="false") for f in artifact.facts))
            compaction_contract.assert_preserved(fact_ledger, artifact)
        """
    )
    result = pytester.runpytest("--compaction-evidence=evidence", "--compaction-report=report.json")
    result.assert_outcomes(passed=1, failed=1)
    bundles = sorted((pytester.path / "evidence").glob("*.json"))
    assert [b.name.split("-")[0] for b in bundles] == ["test_memory.py_test_bad"]
    result.stdout.fnmatch_lines([f"*evidence: {bundles[0].relative_to(pytester.path)}*"])
    content = bundles[0].read_text()
    assert "CANARY" not in content
    bundle = json.loads(content)
    assert bundle["violations"][0]["name"] == "fact-allergy-1:value_changed"
    assert bundle["passes"][0]["selected_event_ids"] == ["e1"]
    report = json.loads((pytester.path / "report.json").read_text())
    by_id = {t["nodeid"]: t for t in report["tests"]}
    assert by_id["test_memory.py::test_bad"]["evidence"] == [str(bundles[0].relative_to(pytester.path))]
    assert by_id["test_memory.py::test_good"]["evidence"] == []

    raw = pytester.runpytest("--compaction-evidence=raw", "--compaction-evidence-raw")
    raw.assert_outcomes(passed=1, failed=1)
    (raw_bundle,) = (pytester.path / "raw").glob("*.json")
    assert CANARY in raw_bundle.read_text()


def test_an_evidence_directory_that_cannot_be_created_is_a_usage_error(pytester: pytest.Pytester) -> None:
    (pytester.path / "taken").write_text("a file, not a directory")
    result = pytester.runpytest("--compaction-evidence=taken/bundles")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*pytest-compaction: --compaction-evidence: cannot create directory 'taken/bundles' (*)*"]
    )
