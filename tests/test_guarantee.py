"""A contract over an empty domain is reported as "best-effort, unverified", never as a plain pass."""

from __future__ import annotations

import json

import pytest

CHATTER_SPEC = """\
events:
  - id: e1
    text: Blue is my favourite colour.
    facts:
      - {id: fact-colour-1, predicate: chat.colour, value: blue, criticality: continuity}
"""

ALLERGY_SPEC = """\
events:
  - id: e1
    text: I am allergic to peanuts.
    facts:
      - {id: fact-allergy-1, predicate: food.peanuts_allowed, value: false}
"""

PINNED_SPEC = """\
events:
  - {id: e1, text: "Never call the payments API without dry_run=true."}
invariants:
  invariants:
    - id: inv-dry-run
      text: "Never call the payments API without dry_run=true."
      markers: [dry_run=true]
      modality: prohibition
"""

PYTHON_TESTS = """
def test_only_continuity(fact_ledger, compressor_under_test, compaction_contract):
    fact_ledger.event("e1", "Let's talk about the weather.")
    fact_ledger.fact("fact-topic-1", "chat.topic", "weather", sources=["e1"], criticality="continuity")
    compaction_contract.assert_preserved(fact_ledger, compressor_under_test.compress(fact_ledger))

def test_critical(fact_ledger, compressor_under_test, compaction_contract):
    fact_ledger.event("e1", "Never contact me by phone.")
    fact_ledger.fact("fact-phone-1", "contact.phone_allowed", False, sources=["e1"])
    compaction_contract.assert_preserved(fact_ledger, compressor_under_test.compress(fact_ledger))

def test_not_a_contract_test():
    assert sorted([2, 1]) == [1, 2]
"""


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makefile(".compaction.yaml", chatter=CHATTER_SPEC, allergy=ALLERGY_SPEC, pinned=PINNED_SPEC)
    pytester.makepyfile(test_ledgers=PYTHON_TESTS)
    return pytester


def test_empty_domains_get_their_own_outcome(project: pytest.Pytester) -> None:
    result = project.runpytest("--compaction-contract", "-v")
    assert result.ret == pytest.ExitCode.OK
    outcomes = result.parseoutcomes()
    assert outcomes == {"passed": 4, "unverified": 2}
    result.stdout.fnmatch_lines_random(
        [
            "chatter.compaction.yaml::chatter* UNVERIFIED*",
            "test_ledgers.py::test_only_continuity UNVERIFIED*",
            "allergy.compaction.yaml::allergy* PASSED*",
            "pinned.compaction.yaml::pinned* PASSED*",
            "test_ledgers.py::test_critical PASSED*",
            "test_ledgers.py::test_not_a_contract_test PASSED*",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            "*= compaction: best-effort, unverified =*",
            "2 contract tests passed over an empty domain (the contract enumerates no critical fact, "
            "pinned invariant or binding); nothing was verified. State at least one critical fact (or an "
            "`invariants:`/`bindings:` entry), or run with --compaction-require-guarantees to fail them:",
        ]
    )


def test_require_guarantees_fails_them(project: pytest.Pytester) -> None:
    result = project.runpytest("--compaction-contract", "--compaction-require-guarantees")
    result.assert_outcomes(passed=4, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*best-effort, unverified: the contract enumerates no critical fact, pinned invariant or "
            "binding; with --compaction-require-guarantees this fails. Fix: state at least one critical "
            "fact*",
        ]
    )


def test_the_downgrade_reaches_junitxml(project: pytest.Pytester) -> None:
    project.runpytest("--compaction-contract", "--junitxml=out.xml")
    xml = (project.path / "out.xml").read_text(encoding="utf-8")
    assert xml.count('name="compaction_unverified"') == 2


def test_the_downgrade_survives_xdist(project: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    result = project.runpytest("--compaction-contract", "-n", "2")
    assert result.parseoutcomes() == {"passed": 4, "unverified": 2}


# -- every consumer: the JSON reports and the evidence -------------------------------------

RECOLOUR = """
import dataclasses
from pytest_compaction.compressors.base import ReferenceCompressor

def recolour(request):
    art = ReferenceCompressor().compress(request)
    facts = [dataclasses.replace(f, value="red") if f.predicate == "chat.colour" else f for f in art.facts]
    return dataclasses.replace(art, facts=tuple(facts))

recolour.replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims
"""


def test_the_downgrade_reaches_the_json_report(project: pytest.Pytester) -> None:
    project.runpytest("--compaction-contract", "--compaction-report=report.json")
    data = json.loads((project.path / "report.json").read_text(encoding="utf-8"))
    flagged = {t["nodeid"] for t in data["tests"] if t["unverified"]}
    assert flagged == {
        "chatter.compaction.yaml::chatter[as-written]",
        "test_ledgers.py::test_only_continuity",
    }
    assert sorted(data["unverified"]) == sorted(flagged)
    assert {t["outcome"] for t in data["tests"] if t["unverified"]} == {"passed"}


def test_the_downgrade_reaches_pytest_json_report(project: pytest.Pytester) -> None:
    pytest.importorskip("pytest_jsonreport")
    project.runpytest("--compaction-contract", "--json-report", "--json-report-file=j.json")
    data = json.loads((project.path / "j.json").read_text(encoding="utf-8"))
    assert data["summary"]["unverified"] == 2
    by_id = {t["nodeid"]: t for t in data["tests"]}
    chatter = by_id["chatter.compaction.yaml::chatter[as-written]"]
    assert chatter["outcome"] == "unverified"
    assert chatter["metadata"]["compaction"]["unverified"] is True
    assert (
        by_id["allergy.compaction.yaml::allergy[as-written]"]["metadata"]["compaction"]["unverified"] is False
    )
    assert sorted(data["compaction"]["unverified"]) == [
        "chatter.compaction.yaml::chatter[as-written]",
        "test_ledgers.py::test_only_continuity",
    ]


def test_the_evidence_says_whether_the_guarantee_was_verified(pytester: pytest.Pytester) -> None:
    # A continuity fact changed: a real finding, but over a domain that enumerates nothing critical.
    pytester.makepyfile(mine=RECOLOUR)
    both = CHATTER_SPEC + ALLERGY_SPEC[8:].replace("id: e1", "id: e2")
    pytester.makefile(".compaction.yaml", chatter=CHATTER_SPEC, both=both)
    result = pytester.runpytest(
        "--compaction-contract", "--compaction-compressor=mine:recolour", "--compaction-evidence=ev"
    )
    result.assert_outcomes(failed=2)
    bundles = {
        json.loads(path.read_text(encoding="ascii"))["fixture"]: json.loads(path.read_text(encoding="ascii"))
        for path in (pytester.path / "ev").glob("*.json")
    }
    assert bundles["chatter"]["guarantee"] == {"status": "best-effort, unverified", "enumerated": 0}
    assert bundles["both"]["guarantee"] == {"status": "verified", "enumerated": 1}
