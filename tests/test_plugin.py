"""The pytest plugin, exercised through real pytest sessions (pytester)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

COMPRESSORS = """
import time
from pytest_compaction import Artifact
from pytest_compaction.compressors.base import ReferenceCompressor

def faithful(request):
    return ReferenceCompressor().compress(request)
faithful.replays_claims = True  # built on the reference: replays claims

def drops_qualifiers(request):
    art = ReferenceCompressor().compress(request)
    facts = [f.__class__(**{**{k: getattr(f, k) for k in ("fact_id", "tenant_id", "subject_id",
             "predicate", "value", "source_event_ids", "authority", "criticality")}, "qualifiers": ()})
             for f in art.facts]
    return Artifact(memory_version=art.memory_version, tenant_id=art.tenant_id,
                    subject_id=art.subject_id, facts=facts)
drops_qualifiers.replays_claims = True  # built on the reference: replays claims

def raises(request):
    raise RuntimeError("model endpoint unavailable")

def returns_none(request):
    return None

def returns_text(request):
    return "User prefers healthy food"

def returns_int(request):
    return 42

def returns_bad_dict(request):
    return {"memory_version": "2", "tenant_id": "t", "subject_id": "s"}

def hangs(request):
    time.sleep(3)

def mutates(request):
    request.config["touched"] = True
    return ReferenceCompressor().compress(request)

class ClassCompressor:
    replays_claims = True
    def compress(self, request):
        return ReferenceCompressor().compress(request)

not_a_compressor = 42

class Memory:  # a memory framework's class, meant to be configured and instantiated
    def get(self):
        return []
"""

ALLERGY_TEST = """
def test_allergy_survives(fact_ledger, compressor_under_test, compaction_contract):
    fact_ledger.event("e1", "I am allergic to peanuts, not merely avoiding them.")
    fact_ledger.fact("fact-allergy-1", "food.peanuts_allowed", False, sources=["e1"],
                     qualifiers={"basis": "allergy", "severity": "critical"})
    artifact = compressor_under_test.compress(fact_ledger)
    compaction_contract.assert_preserved(fact_ledger, artifact)
"""


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(mycompressors=COMPRESSORS, test_allergy=ALLERGY_TEST)
    pytester.syspathinsert()
    return pytester


def test_faithful_compressor_passes(project: pytest.Pytester) -> None:
    result = project.runpytest("--compaction-compressor=mycompressors:faithful")
    result.assert_outcomes(passed=1)


def test_reference_compressor_is_the_default(project: pytest.Pytester) -> None:
    result = project.runpytest()
    result.assert_outcomes(passed=1)


def test_class_reference_is_instantiated(project: pytest.Pytester) -> None:
    result = project.runpytest("--compaction-compressor=mycompressors:ClassCompressor")
    result.assert_outcomes(passed=1)


def test_drifting_compressor_fails_with_the_named_violation(project: pytest.Pytester) -> None:
    result = project.runpytest("--compaction-compressor=mycompressors:drops_qualifiers")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*1 violation: 1 qualifiers_changed",
            "*qualifiers_changed",
            "*fact-allergy-1:qualifiers_changed  expected (('basis', 'allergy'), ('severity', 'critical'))"
            " got ()",
            '*reproduce: pytest "test_allergy.py::test_allergy_survives" '
            "--compaction-compressor=mycompressors:drops_qualifiers",
        ]
    )
    # No plugin-internal frames in the failure.
    result.stdout.no_fnmatch_line("*pytest_compaction/engine/contract.py*")


@pytest.mark.parametrize(
    ("compressor", "code", "detail"),
    [
        ("raises", "compressor_error", "*raised RuntimeError: model endpoint unavailable*"),
        ("returns_none", "artifact_malformed", "*returned None; a compressor must return an Artifact*"),
        ("returns_int", "artifact_malformed", "*returned int; a compressor must return an Artifact*"),
        ("returns_bad_dict", "artifact_malformed", "*memory_version: expected an integer, got '2' (str)*"),
        ("hangs", "compressor_timeout", "*did not return within 0.3s*"),
        ("mutates", "input_mutated", "*changed the request it was given*"),
    ],
)
def test_misbehaving_compressor_is_a_named_violation(
    project: pytest.Pytester, compressor: str, code: str, detail: str
) -> None:
    result = project.runpytest(
        f"--compaction-compressor=mycompressors:{compressor}", "--compaction-timeout=0.3"
    )
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([f"*compressor mycompressors:{compressor} misbehaved*", f"*{code}*", detail])
    result.stdout.no_fnmatch_line("*INTERNALERROR*")


def test_a_text_summary_is_read_as_the_compression_not_refused(project: pytest.Pytester) -> None:
    # A str was artifact_malformed before output shapes: now it is the summary, and the
    # structured allergy fact is not in it; without prose forms the failure says how to add them.
    result = project.runpytest("--compaction-compressor=mycompressors:returns_text")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*fact-allergy-1:missing  food.peanuts_allowed = False (bool) is not in the artifact; "
            "the artifact is prose only*give the facts prose forms*"
        ]
    )
    result.stdout.no_fnmatch_line("*artifact_malformed*")


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        ("nosuchmodule:compress", ": cannot import module 'nosuchmodule'*"),
        ("mycompressors:nothing", ": module 'mycompressors' has no attribute 'nothing'*"),
        (
            "mycompressors:not_a_compressor",
            ": not a compressor: expected an object with a compress(request) method*",
        ),
        ("mycompressors", ": a reference must look like 'package.module:attribute'*"),
        (
            "mycompressors:Memory",
            ": the class Memory has no compress(request) method; point at a configured instance*",
        ),
    ],
)
def test_bad_compressor_reference_fails_clearly(
    project: pytest.Pytester, reference: str, message: str
) -> None:
    result = project.runpytest(f"--compaction-compressor={reference}")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([f"pytest-compaction: compressor {reference!r}{message}"])
    result.stdout.no_fnmatch_line("*Traceback*")
    result.stdout.no_fnmatch_line("*During handling*")


def test_ini_sets_the_compressor_and_the_command_line_beats_it(project: pytest.Pytester) -> None:
    project.makeini("[pytest]\ncompaction_compressor = mycompressors:drops_qualifiers\n")
    project.runpytest().assert_outcomes(failed=1)
    project.runpytest("--compaction-compressor=mycompressors:faithful").assert_outcomes(passed=1)


def test_ini_timeout_is_used_and_the_command_line_beats_it(project: pytest.Pytester) -> None:
    project.makeini("[pytest]\ncompaction_compressor = mycompressors:hangs\ncompaction_timeout = 0.2\n")
    result = project.runpytest()
    result.stdout.fnmatch_lines(["*did not return within 0.2s*"])
    result = project.runpytest("--compaction-timeout=0.4")
    result.stdout.fnmatch_lines(["*did not return within 0.4s*"])


def test_bad_option_value_is_a_usage_error(project: pytest.Pytester) -> None:
    result = project.runpytest("--compaction-timeout=soon")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*pytest-compaction: --compaction-timeout expects a number, got 'soon'*"])


@pytest.mark.parametrize("value", ["nan", "inf", "1e400", "-inf"])
def test_a_timeout_that_is_not_finite_is_a_usage_error(project: pytest.Pytester, value: str) -> None:
    result = project.runpytest(f"--compaction-timeout={value}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    expected = f"*pytest-compaction: --compaction-timeout expects a finite number, got '{value}'*"
    result.stderr.fnmatch_lines([expected])
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


def test_options_share_one_help_group(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--help")
    result.stdout.fnmatch_lines(
        [
            "contract-testing AI-agent memory compression (pytest-compaction):",
            "*--compaction-contract*",
            "*--compaction-compressor=MODULE:ATTR*",
            "*--compaction-timeout=SECONDS*",
        ]
    )
    for ini in ("compaction_compressor", "compaction_timeout", "compaction_fixtures", "compaction_report"):
        result.stdout.fnmatch_lines([f"*{ini}*"])


def test_markers_and_fixtures_are_documented(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--markers")
    result.stdout.fnmatch_lines(
        ["@pytest.mark.metamorphic(*relations, seed=None):*", "@pytest.mark.repeated_compression(depth=N):*"]
    )
    pytester.makepyfile("def test_x(): pass")
    result = pytester.runpytest("--fixtures")
    for name in (
        "fact_ledger",
        "compressor_under_test",
        "compaction_contract",
        "deletion_scenario",
        "memory_store",
    ):
        result.stdout.fnmatch_lines([f"{name} -- *"])


def test_plugin_can_be_disabled(project: pytest.Pytester) -> None:
    result = project.runpytest("-p", "no:compaction")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*fixture 'fact_ledger' not found*"])
    assert "--compaction-contract" not in "\n".join(
        project.runpytest("-p", "no:compaction", "--help").outlines
    )


HEAVY_LIBRARIES = ("hypothesis", "yaml", "deepdiff", "jsonschema", "sqlite3", "_sqlite3")
ENGINES = tuple(
    f"pytest_compaction.{name}"
    for name in ("engine", "specs", "compressors", "prose", "store", "fuzzing", "mutants", "relations")
)
HEAVY_REPORTING = ("pytest_compaction.reporting.html", "pytest_compaction.reporting.details")


def _loaded(names: list[str], prefixes: tuple[str, ...]) -> list[str]:
    return sorted(m for m in names if any(m == p or m.startswith(p + ".") for p in prefixes))


def test_importing_the_plugin_stays_light() -> None:
    code = textwrap.dedent(
        """
        import sys
        import pytest_compaction.plugin
        print("\\n".join(sys.modules))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    names = out.stdout.split()
    assert "pytest_compaction.plugin" in names  # the probe itself works
    assert _loaded(names, (*HEAVY_LIBRARIES, *ENGINES, *HEAVY_REPORTING)) == []


def test_a_session_without_contract_tests_loads_no_engine(tmp_path: Path) -> None:
    """What the plugin costs a suite that does not use it: its hooks run in every session
    (options, ini keys, settings, collection), and none of them may pull in an engine."""
    (tmp_path / "test_plain.py").write_text("def test_one():\n    assert 1 + 1 == 2\n")
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    code = textwrap.dedent(
        """
        import sys, pytest
        code = pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider"])
        print("exit", int(code))
        print("\\n".join(sys.modules))
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    names = out.stdout.split()
    assert "exit" in names, out.stdout
    assert names[names.index("exit") + 1] == "0", out.stdout
    assert "pytest_compaction.plugin.settings" in names  # the plugin did run its hooks
    # Hypothesis is left out: its own pytest plugin imports it in every session.
    assert _loaded(names, (*HEAVY_LIBRARIES[1:], *ENGINES, *HEAVY_REPORTING)) == []


def test_repeated_compression_checks_every_pass(project: pytest.Pytester) -> None:
    project.makepyfile(
        mycompressors2="""
        from dataclasses import replace
        from pytest_compaction.compressors.base import ReferenceCompressor

        def erodes_on_pass_2(request):
            art = ReferenceCompressor().compress(request)
            if art.depth == 2:
                art = replace(art, facts=tuple(replace(f, qualifiers=()) for f in art.facts))
            return art
        erodes_on_pass_2.replays_claims = True  # built on the reference: replays claims
        """,
        test_repeated="""
        import pytest

        @pytest.mark.repeated_compression(depth=3)
        def test_three_passes(fact_ledger, compressor_under_test, compaction_contract):
            fact_ledger.event("e1", "Refund up to $50 after supervisor review.")
            fact_ledger.fact("fact-refund-1", "refund.max_usd", 50, sources=["e1"],
                             qualifiers={"requires": "supervisor_review"})
            artifact = compressor_under_test.compress(fact_ledger)
            assert artifact.depth == 3
            assert len(compressor_under_test.records) == 3
            compaction_contract.assert_preserved(fact_ledger, artifact)
        """,
    )
    project.runpytest("test_repeated.py").assert_outcomes(passed=1)
    result = project.runpytest("test_repeated.py", "--compaction-compressor=mycompressors2:erodes_on_pass_2")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-refund-1:qualifiers_changed*(depth 2)*"])


@pytest.mark.parametrize(
    ("marker", "message"),
    [
        ("repeated_compression()", "*repeated_compression needs depth=N*"),
        ("repeated_compression(depth=0)", "*depth must be a whole number of at least 1, got 0*"),
        ("repeated_compression(depth='3')", "*depth must be a whole number of at least 1, got '3'*"),
        ("metamorphic()", "*metamorphic needs at least one relation name*"),
        ("metamorphic(3)", "*metamorphic takes relation names as strings, got 3*"),
        ("metamorphic('append_small_talk', seed='x')", "*seed must be an integer, got 'x'*"),
    ],
)
def test_marker_arguments_are_validated(pytester: pytest.Pytester, marker: str, message: str) -> None:
    pytester.makepyfile(f"import pytest\n@pytest.mark.{marker}\ndef test_x():\n    pass\n")
    result = pytester.runpytest()
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([message])
    result.stdout.no_fnmatch_line("*Traceback*")


def test_deletion_scenario_passes_on_a_faithful_compressor(project: pytest.Pytester) -> None:
    project.makepyfile(test_del="def test_deletion(deletion_scenario):\n    deletion_scenario.run()\n")
    project.runpytest("test_del.py").assert_outcomes(passed=1)


def test_deletion_scenario_catches_a_stale_checkpoint(project: pytest.Pytester) -> None:
    project.makepyfile(
        stale='''
        from dataclasses import replace
        from pytest_compaction.compressors.base import ReferenceCompressor

        class StaleCheckpoint:
            """Merges in everything it ever emitted: a checkpoint restored after a deletion."""
            replays_claims = True
            def __init__(self):
                self.seen = {}
            def compress(self, request):
                art = ReferenceCompressor().compress(request)
                for fact in art.facts:
                    self.seen.setdefault(fact.fact_id, fact)
                merged = {**self.seen, **{f.fact_id: f for f in art.facts}}
                return replace(art, facts=tuple(merged.values()))

        class ReadsRawHistory:
            """Claims it was given every event it ever saw, deleted ones included."""
            replays_claims = True
            def __init__(self):
                self.ids = []
            def compress(self, request):
                art = ReferenceCompressor().compress(request)
                self.ids += [e.event_id for e in request.events if e.event_id not in self.ids]
                return replace(art, input_event_ids=tuple(self.ids))
        ''',
        test_del="def test_deletion(deletion_scenario):\n    deletion_scenario.run()\n",
    )
    result = project.runpytest("test_del.py", "--compaction-compressor=stale:StaleCheckpoint")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-phone-1:forbidden_deleted_fact*"])
    result = project.runpytest("test_del.py", "--compaction-compressor=stale:ReadsRawHistory")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*deleted_content_in_input*e1*"])


def test_terminal_summary_and_json_report(project: pytest.Pytester) -> None:
    project.makepyfile(
        test_more="""
        def test_bad(fact_ledger, compaction_contract):
            from pytest_compaction import Artifact
            fact_ledger.event("e1", "Never call the billing API until the audit closes.")
            fact_ledger.fact("fact-billing-1", "billing_api.allowed", False, sources=["e1"])
            compaction_contract.assert_preserved(
                fact_ledger, Artifact(memory_version=1, tenant_id="tenant-1", subject_id="subject-1"))

        def test_not_a_contract_test():
            pass
        """
    )
    result = project.runpytest("--compaction-contract", "--compaction-report=out/report.json")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*compaction contract summary*",
            "2 contract tests checked against *; 1 with violations",
            "  missing: 1 test: test_more.py::test_bad",
        ]
    )
    report = json.loads((project.path / "out" / "report.json").read_text())
    by_id = {t["nodeid"]: t for t in report["tests"]}
    assert set(by_id) == {"test_allergy.py::test_allergy_survives", "test_more.py::test_bad"}
    assert by_id["test_more.py::test_bad"]["violations"] == ["fact-billing-1:missing"]
    assert by_id["test_more.py::test_bad"]["outcome"] == "failed"
    assert by_id["test_allergy.py::test_allergy_survives"]["compressor"] == "reference"
    assert report["violations_by_code"] == {"missing": 1}


def test_junitxml_records_violation_codes(project: pytest.Pytester) -> None:
    result = project.runpytest(
        "--compaction-compressor=mycompressors:drops_qualifiers", "--junitxml=junit.xml"
    )
    result.assert_outcomes(failed=1)
    xml = (project.path / "junit.xml").read_text()
    assert '<property name="compaction_violations" value="fact-allergy-1:qualifiers_changed"' in xml
    assert '<property name="compaction_compressor" value="mycompressors:drops_qualifiers"' in xml


def test_xdist_gives_the_same_results_and_merges_the_report(project: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    project.makepyfile(
        test_many="\n".join(
            f"""
def test_{n}(fact_ledger, compaction_contract):
    from pytest_compaction import Artifact
    fact_ledger.event("e1", "fact {n}")
    fact_ledger.fact("fact-{n}", "thing.{n}", {n}, sources=["e1"])
    compaction_contract.assert_preserved(
        fact_ledger, Artifact(memory_version=1, tenant_id="tenant-1", subject_id="subject-1"))
"""
            for n in range(4)
        )
    )
    serial = project.runpytest("--compaction-contract", "--compaction-report=serial.json")
    parallel = project.runpytest("-n", "2", "--compaction-contract", "--compaction-report=parallel.json")
    serial.assert_outcomes(passed=1, failed=4)
    parallel.assert_outcomes(passed=1, failed=4)
    parallel.stdout.fnmatch_lines(
        [
            "5 contract tests checked against *; 4 with violations",
            "  missing: 4 tests: test_many.py::test_0, test_many.py::test_1, test_many.py::test_2 +1 more",
        ]
    )

    def load(name: str) -> dict[str, list[str]]:
        data = json.loads((project.path / name).read_text())
        return {t["nodeid"]: t["violations"] for t in data["tests"]}

    assert load("serial.json") == load("parallel.json")


def test_memory_store_fixture_runs_the_storage_contract(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        my_stores='''
        from pytest_compaction.store.sqlite import SQLiteStore

        class StringifyingStore(SQLiteStore):
            """Writes every value as a string, as a careless JSON adapter would."""
            def write(self, artifact, *, expected_version):
                from dataclasses import replace
                facts = tuple(replace(f, value=str(f.value)) for f in artifact.facts)
                return super().write(replace(artifact, facts=facts), expected_version=expected_version)

        not_a_store = 42
        ''',
        test_storage="""
        from pytest_compaction.store.contract import check_round_trip

        def test_round_trip(memory_store):
            verdict = check_round_trip(memory_store)
            assert verdict.ok, "\\n".join(v.describe() for v in verdict)
        """,
    )
    pytester.syspathinsert()
    pytester.runpytest().assert_outcomes(passed=1)
    result = pytester.runpytest("--compaction-store=my_stores:StringifyingStore")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*representation_changed*"])
    result = pytester.runpytest("--compaction-store=my_stores:nothing")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        ["pytest-compaction: store 'my_stores:nothing': module 'my_stores' has no attribute*"]
    )


def test_attempts_expose_a_flaky_compressor(project: pytest.Pytester) -> None:
    project.makepyfile(
        flaky="""
        from dataclasses import replace
        from pytest_compaction.compressors.base import ReferenceCompressor

        calls = []

        def compress(request):
            calls.append(1)
            art = ReferenceCompressor().compress(request)
            if len(calls) % 2 == 0:
                art = replace(art, facts=())
            return art
        compress.replays_claims = True  # built on the reference: replays claims
        """
    )
    project.runpytest("--compaction-compressor=flaky:compress").assert_outcomes(passed=1)
    result = project.runpytest("--compaction-compressor=flaky:compress", "--compaction-attempts=3")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*3 attempts of flaky:compress disagree*",
            "*fact-allergy-1:nondeterministic_critical_fact*kept by attempt(s) [[]*], lost by [[]*]*",
        ]
    )


METAMORPHIC_TEST = """
import pytest
from pytest_compaction.core.scenario import Scenario

ALLERGY = Scenario.from_dict(
    {
        "events": [
            {"id": "e1", "text": "I am allergic to peanuts.",
             "facts": [{"id": "fact-allergy-1", "predicate": "food.peanuts_allowed", "value": False,
                        "qualifiers": {"basis": "allergy"}}]},
            {"id": "e2", "text": "Lovely weather today."},
        ]
    },
    name="allergy",
)

@pytest.mark.metamorphic("append_small_talk", "duplicate_untrusted")
def test_allergy_is_stable(compressor_under_test, compaction_contract):
    compaction_contract.run(ALLERGY)
"""


def test_metamorphic_marker_runs_each_relation(project: pytest.Pytester) -> None:
    project.makepyfile(
        chatty="""
        from dataclasses import replace
        from pytest_compaction.compressors.base import ReferenceCompressor

        def compress(request):
            art = ReferenceCompressor().compress(request)
            if len(request.events) > 3:  # more chatter than it can handle: forgets qualifiers
                art = replace(art, facts=tuple(replace(f, qualifiers=()) for f in art.facts))
            return art
        compress.replays_claims = True  # built on the reference: replays claims
        """,
        test_meta=METAMORPHIC_TEST,
    )
    result = project.runpytest("test_meta.py", "-W", "always")
    result.assert_outcomes(passed=1)
    # The allergy scenario has no untrusted claim: that relation does not apply, and says so.
    result.stdout.fnmatch_lines(["*CompactionWarning*duplicate_untrusted*"])
    result = project.runpytest("test_meta.py", "--compaction-compressor=chatty:compress")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*append_small_talk*", "*fact-allergy-1:qualifiers_changed*"])


def test_unknown_relation_in_marker_is_a_clear_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        "import pytest\n"
        "@pytest.mark.metamorphic('append_smalltalk')\n"
        "def test_x(compaction_contract):\n"
        "    pass\n"
    )
    result = pytester.runpytest()
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*unknown relation 'append_smalltalk'; did you mean 'append_small_talk'?*"])
