"""The first-run experience: no false green, a readable summary, hints, reproduce lines that run.

Each test runs a real pytest session (``pytester``) and asserts outcomes and exact lines.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from pytest_compaction.plugin.invocation import Invocation, invocation_of

PEANUT = """\
events:
  - id: e1
    text: I am allergic to peanuts, not merely avoiding them.
    facts:
      - id: fact-allergy-1
        predicate: food.peanuts_allowed
        value: false
        qualifiers: {basis: allergy, severity: critical}
"""

DROPS = """
from pytest_compaction import Artifact
from pytest_compaction.compressors.base import ReferenceCompressor

def drops_qualifiers(request):
    art = ReferenceCompressor().compress(request)
    facts = [f.__class__(**{**{k: getattr(f, k) for k in ("fact_id", "tenant_id", "subject_id",
             "predicate", "value", "source_event_ids", "authority", "criticality")}, "qualifiers": ()})
             for f in art.facts]
    return Artifact(memory_version=art.memory_version, tenant_id=art.tenant_id,
                    subject_id=art.subject_id, facts=facts)

drops_qualifiers.replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims
"""

CONTRACT = ("--compaction-contract", "-p", "no:hypothesispytest", "-p", "no:cacheprovider")


def spec(pytester: pytest.Pytester, name: str = "peanut", text: str = PEANUT, folder: str = "") -> Path:
    path = pytester.path / folder / f"{name}.compaction.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# -- no false green ----------------------------------------------------------------


@pytest.mark.parametrize("shape", ["CompressorUnderTest(drops_qualifiers)", "drops_qualifiers"])
def test_a_conftest_override_of_the_compressor_applies_to_yaml_specs(
    pytester: pytest.Pytester, shape: str
) -> None:
    pytester.makepyfile(mine=DROPS)
    pytester.makeconftest(
        f"""
        import pytest
        from pytest_compaction.engine.contract import CompressorUnderTest
        from mine import drops_qualifiers

        @pytest.fixture
        def compressor_under_test():
            return {shape}
        """
    )
    pytester.syspathinsert()
    spec(pytester)
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*fact-allergy-1:qualifiers_changed*",
            "1 contract test checked against mine:drops_qualifiers; 1 with violations",
            "  qualifiers_changed: 1 test: peanut.compaction.yaml::peanut[[]as-written]",
        ]
    )


def test_without_an_override_specs_use_the_configured_compressor(pytester: pytest.Pytester) -> None:
    spec(pytester)
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(passed=1)


def test_a_plain_function_is_a_compressor_under_test(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_plain="""
        from pytest_compaction.compressors.base import ReferenceCompressor
        from pytest_compaction.engine.contract import CompressorUnderTest

        def compress(request):
            return ReferenceCompressor().compress(request)

        compress.replays_claims = True  # replays the ledger's claims, like the reference

        def test_plain(fact_ledger, compaction_contract):
            fact_ledger.event("e1", "I am allergic to peanuts.")
            fact_ledger.fact("fact-allergy-1", "food.peanuts_allowed", False, sources=["e1"])
            artifact = CompressorUnderTest(compress).compress(fact_ledger)
            compaction_contract.assert_preserved(fact_ledger, artifact)
        """
    )
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_a_compressor_module_in_the_rootdir_imports_under_plain_pytest(pytester: pytest.Pytester) -> None:
    # No syspathinsert: only the plugin's rootdir entry can make `mine` importable.
    pytester.makepyfile(mine=DROPS)
    pytester.makeini("[pytest]\n")
    spec(pytester)
    result = pytester.runpytest(*CONTRACT, "--compaction-compressor=mine:drops_qualifiers")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-allergy-1:qualifiers_changed*"])
    assert str(pytester.path) not in sys.path  # removed again at the end of the session


def test_the_summary_counts_an_item_that_failed_without_recording(pytester: pytest.Pytester) -> None:
    spec(pytester)
    result = pytester.runpytest(*CONTRACT, "--compaction-compressor=nowhere:compress")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*cannot import module 'nowhere'*; the rootdir (*) is on sys.path for it: for a module "
            "elsewhere add `pythonpath = <its directory>` to your pytest ini",
            "1 contract test checked against no compressor; 1 with violations",
            "  failed without a named violation: 1 test: peanut.compaction.yaml::peanut[[]as-written]",
        ]
    )


# -- the summary -----------------------------------------------------------------


def test_the_summary_counts_tests_and_lists_a_few_ids_per_code(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(mine=DROPS)
    for n in range(5):
        spec(pytester, f"s{n}")
    result = pytester.runpytest(*CONTRACT, "--compaction-compressor=mine:drops_qualifiers")
    result.assert_outcomes(failed=5)
    result.stdout.fnmatch_lines(
        [
            "5 contract tests checked against mine:drops_qualifiers; 5 with violations",
            "  qualifiers_changed: 5 tests: s0.compaction.yaml::s0[[]as-written], "
            "s1.compaction.yaml::s1[[]as-written], s2.compaction.yaml::s2[[]as-written] +2 more",
        ]
    )
    assert "next:" not in result.stdout.str()


def test_an_all_green_reference_run_says_what_to_do_next(pytester: pytest.Pytester) -> None:
    spec(pytester)
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(
        [
            "1 contract test checked against reference; 0 with violations",
            "next: every contract test passed against the embedded reference compressor; test yours "
            "with --compaction-compressor=package.module:attribute (or compaction_compressor in your ini)",
        ]
    )


def test_spec_items_carry_the_compaction_marker(pytester: pytest.Pytester) -> None:
    spec(pytester)
    pytester.makepyfile(test_plain="def test_plain():\n    pass\n")
    result = pytester.runpytest(*CONTRACT, "-m", "not compaction")
    result.assert_outcomes(passed=1, deselected=1)
    result = pytester.runpytest(*CONTRACT, "-m", "compaction", "--strict-markers")
    result.assert_outcomes(passed=1, deselected=1)


# -- hints -------------------------------------------------------------------------


def test_a_spec_path_without_the_contract_option_names_the_fix(pytester: pytest.Pytester) -> None:
    spec(pytester)
    result = pytester.runpytest("-p", "no:cacheprovider", "peanut.compaction.yaml")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "ERROR: pytest-compaction: peanut.compaction.yaml is a fixture spec; add --compaction-contract "
            "to run it (or set compaction_contract = true in your ini)"
        ]
    )


def test_contract_options_without_the_contract_option_say_so(pytester: pytest.Pytester) -> None:
    spec(pytester)
    pytester.makepyfile(test_plain="def test_plain():\n    pass\n")
    result = pytester.runpytest("-p", "no:cacheprovider", "--compaction-compressor=x:y")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(
        [
            "pytest-compaction: --compaction-compressor did nothing: no contract tests ran, and it acts "
            "on fixture specs, which are collected with --compaction-contract; add --compaction-contract"
        ]
    )


def test_no_specs_found_names_the_fix(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest(*CONTRACT)
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    result.stdout.fnmatch_lines(
        [
            "pytest-compaction: no fixture specs (*.compaction.yaml) under *; write one (see the specs "
            "docs), give the directory that holds them, or set compaction_fixtures = library to run the "
            "bundled library"
        ]
    )


# -- reproduce lines ---------------------------------------------------------------


def test_the_reproduce_line_is_relative_to_where_pytest_was_invoked(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makeini("[pytest]\n")
    spec(pytester, text=PEANUT + "expect:\n  violations: [fact-allergy-1:missing]\n", folder="specs")
    (pytester.path / "sub").mkdir()
    monkeypatch.chdir(pytester.path / "sub")
    result = pytester.runpytest(*CONTRACT, "../specs")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ['reproduce: pytest "../specs/peanut.compaction.yaml::peanut[[]as-written]" --compaction-contract']
    )


def test_the_reproduce_line_names_a_spec_outside_the_rootdir_by_its_path(pytester: pytest.Pytester) -> None:
    # The bundled library run from a project of one's own: the spec lies outside the rootdir,
    # and its node id is no path under it.
    spec(
        pytester, text=PEANUT + "expect:\n  violations: [fact-allergy-1:missing]\n", folder="elsewhere/specs"
    )
    (pytester.path / "project").mkdir()
    (pytester.path / "project" / "pytest.ini").write_text("[pytest]\n")
    result = pytester.runpytest(*CONTRACT, "--rootdir=project", "elsewhere/specs")
    result.assert_outcomes(failed=1)
    line = next(line for line in result.outlines if line.startswith("reproduce: "))
    assert '"elsewhere/specs/peanut.compaction.yaml::peanut[as-written]"' in line, line
    rerun = pytester.runpytest(
        *CONTRACT, "--rootdir=project", "elsewhere/specs/peanut.compaction.yaml::peanut[as-written]"
    )
    rerun.assert_outcomes(failed=1)


def test_the_reproduce_command_keeps_what_made_the_compressor_importable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here, root, elsewhere = tmp_path / "here", tmp_path / "root", tmp_path / "elsewhere"
    for folder, module in ((here, "only_here"), (elsewhere, "only_elsewhere"), (root, "in_root")):
        folder.mkdir()
        (folder / f"{module}.py").write_text("x = 1\n")
    monkeypatch.setattr(sys, "path", [str(here), str(elsewhere), *sys.path])
    monkeypatch.setenv("PYTHONPATH", str(elsewhere))
    assert invocation_of(root, here, "in_root").launcher == "pytest"
    assert invocation_of(root, here, "only_here").launcher == "python -m pytest"
    assert invocation_of(root, here, "only_elsewhere").launcher == f"PYTHONPATH={elsewhere} pytest"
    assert invocation_of(root, here, None).launcher == "pytest"


def test_node_arguments_are_quoted_for_a_shell() -> None:
    invocation = Invocation(rootdir="/p", invocation_dir="/p")
    assert invocation.command('a.yaml::x"$y[as-written]', ["--compaction-contract"]) == (
        'pytest "a.yaml::x\\"\\$y[as-written]" --compaction-contract'
    )


@pytest.mark.parametrize(
    "nodeid", ["a.yaml::x!y[as-written]", "a.yaml::it's!$HOME[as-written]", 'b.yaml::p"q']
)
def test_a_quoted_node_argument_is_the_same_word_to_a_shell(nodeid: str) -> None:
    import subprocess

    command = Invocation(rootdir="/p", invocation_dir="/p").command(nodeid, [])
    argument = command.removeprefix("pytest ")
    shown = subprocess.run(
        ["bash", "-c", f"printf %s {argument}"], capture_output=True, text=True, check=True
    )
    assert shown.stdout == nodeid


def test_the_json_report_lists_kind_line_and_reproduce(pytester: pytest.Pytester) -> None:
    spec(pytester, text=PEANUT + "expect:\n  violations: [fact-allergy-1:missing]\n")
    pytester.runpytest(*CONTRACT, "--compaction-report=r.json").assert_outcomes(failed=1)
    (test,) = json.loads((pytester.path / "r.json").read_text())["tests"]
    assert test["kind"] == "spec"
    assert test["line"] == 1
    assert test["reproduce"] == 'pytest "peanut.compaction.yaml::peanut[as-written]" --compaction-contract'
    assert [d["code"] for d in test["details"]] == ["unexpected_violations"]


@pytest.mark.parametrize("flag", ["--compaction-report", "--compaction-html"])
def test_a_report_path_that_cannot_be_written_is_a_usage_error(pytester: pytest.Pytester, flag: str) -> None:
    (pytester.path / "taken").mkdir()
    (pytester.path / "afile").write_text("")
    result = pytester.runpytest(*CONTRACT, f"{flag}=taken")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [f"ERROR: pytest-compaction: {flag}: cannot write 'taken' (*taken is a directory; give a file name)"]
    )
    result = pytester.runpytest(*CONTRACT, f"{flag}=afile/report")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [f"ERROR: pytest-compaction: {flag}: cannot write 'afile/report' (*afile is not a directory)"]
    )


def test_rules_given_as_a_bare_list_say_where_they_go(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".compaction.yaml",
        rules="""\
        events:
          - {id: e1, text: "Never call the vendor before approval."}
        invariants:
          - {id: inv-1, text: "Never call the vendor before approval.", markers: [vendor]}
        steps: [{add: [e1]}, compress]
        """.replace("        ", ""),
    )
    result = pytester.runpytest("--compaction-contract", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ["*rules.compaction.yaml:3: invariants: expected a mapping, got a list of 1*"]
    )
    result.stdout.fnmatch_lines(["*an indented 'invariants:' with this list*"])
    assert "Traceback" not in result.stdout.str()


def test_a_compressor_with_the_wrong_signature_is_located_in_the_users_file(
    pytester: pytest.Pytester,
) -> None:
    pytester.makefile(".compaction.yaml", allergy=PEANUT + "steps: [{add: [e1]}, compress]\n")
    pytester.makepyfile(
        memory="""\
        def compress(request, model):
            return model(request.text)


        def helper(data):
            return data["summary"]


        def crashes(request):
            return helper({})
        """.replace("        ", "")
    )
    pytester.syspathinsert()
    result = pytester.runpytest(
        "--compaction-contract", "--compaction-compressor=memory:compress", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(failed=1)
    text = result.stdout.str()
    assert "compressors/base.py" not in text
    result.stdout.fnmatch_lines(
        [
            "*compressor_error*TypeError*'model'*compress is defined at *memory.py:1; "
            "a compressor is called with one argument*"
        ]
    )
    result = pytester.runpytest(
        "--compaction-contract", "--compaction-compressor=memory:crashes", "-p", "no:cacheprovider"
    )
    result.stdout.fnmatch_lines(["*compressor_error*KeyError: 'summary' at *memory.py:6 in helper*"])


# The output paths become directories while the tests run: the check before the run passed,
# and only the write at the end fails (as a full disk or a quota would).
MADE_DURING_THE_RUN = """\
import pathlib

def pytest_sessionstart(session):
    pass

def pytest_runtestloop(session):
    for name in ("r.json", "b.json"):
        pathlib.Path(name).mkdir()
"""


def test_an_output_that_fails_at_the_end_is_named_and_the_others_are_still_written(
    pytester: pytest.Pytester,
) -> None:
    spec(pytester)
    pytester.makeconftest(MADE_DURING_THE_RUN)
    result = pytester.runpytest(*CONTRACT, "--compaction-report=r.json", "--compaction-html=r.html")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["pytest-compaction: --compaction-report: could not write 'r.json' (*)"])
    result.stdout.fnmatch_lines(["compaction HTML report written to *r.html"])
    assert (pytester.path / "r.html").is_file()
    assert "Traceback" not in result.stdout.str() + result.stderr.str()
    result.assert_outcomes(passed=1)


def test_a_baseline_that_cannot_be_written_is_named_and_fails_the_run(pytester: pytest.Pytester) -> None:
    spec(pytester)
    pytester.makeconftest(MADE_DURING_THE_RUN)
    result = pytester.runpytest(
        *CONTRACT, "--compaction-baseline=b.json", "--compaction-write-baseline", "--compaction-html=r.html"
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*pytest-compaction: --compaction-baseline: could not write 'b.json' (*)"])
    assert (pytester.path / "r.html").is_file()
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


def test_a_report_name_the_file_system_cannot_hold_is_a_usage_error(pytester: pytest.Pytester) -> None:
    too_long = "r" * 300 + ".json"
    result = pytester.runpytest(*CONTRACT, f"--compaction-report={too_long}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    expected = f"ERROR: pytest-compaction: --compaction-report: cannot write '{too_long}' (*)"
    result.stderr.fnmatch_lines([expected])
    assert "Traceback" not in result.stdout.str() + result.stderr.str()
