"""The built-in fuzz properties: the reference holds, planted defects are found, saved specs reproduce."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import hypothesis
import pytest
from hypothesis import Phase
from hypothesis.database import DirectoryBasedExampleDatabase, InMemoryExampleDatabase

from pytest_compaction.compressors.base import CompressionRequest, ReferenceCompressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.errors import ConfigError
from pytest_compaction.core.model import Artifact
from pytest_compaction.engine.runner import run_scenario
from pytest_compaction.fuzzing import properties as fuzz
from pytest_compaction.fuzzing import strategies as cst
from pytest_compaction.relations.metamorphic import run_relation
from pytest_compaction.specs.spec import load_spec

PLANTED = '''
import dataclasses
from pytest_compaction.compressors.base import ReferenceCompressor


class DropsQualifiers:
    """Faithful, except that every qualifier is dropped."""
    replays_claims = True

    def compress(self, request):
        art = ReferenceCompressor().compress(request)
        return dataclasses.replace(art, facts=tuple(dataclasses.replace(f, qualifiers=()) for f in art.facts))


class KeepsSuperseded:
    """Keeps the older value next to the newer one."""
    replays_claims = True

    def compress(self, request):
        art = ReferenceCompressor().compress(request)
        old = {}
        for event in request.events:
            for claim in event.claims:
                old[claim.fact_id] = claim.as_fact(event)
        kept = [old[o] for e in request.events for c in e.claims for o in c.supersedes if o in old]
        return dataclasses.replace(art, facts=(*art.facts, *kept))


class FirstThreeEvents:
    """Reads only the first three events of every pass."""
    replays_claims = True

    def compress(self, request):
        return ReferenceCompressor().compress(dataclasses.replace(request, events=request.events[:3]))
'''


@pytest.fixture(scope="module")
def planted() -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "planted"}
    exec(compile(PLANTED, "planted.py", "exec"), namespace)  # the same source the pytester tests import
    return namespace


UNSHRUNK = "compaction-tests-unshrunk"
hypothesis.settings.register_profile(UNSHRUNK, phases=[Phase.explicit, Phase.reuse, Phase.generate])
"""For tests that do not look at how small the counterexample is: shrinking is the slow part."""


def quick(tmp_path: Path | None = None, **changes: object) -> fuzz.FuzzSettings:
    base = fuzz.FuzzSettings(
        max_examples=25,
        derandomize=True,
        record_failures=None if tmp_path is None else str(tmp_path / "failures"),
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


# -- the reference holds ----------------------------------------------------------


@pytest.mark.parametrize("name", list(fuzz.PROPERTIES))
def test_the_reference_compressor_holds_every_property(name: str) -> None:
    result = fuzz.run_property(name, ReferenceCompressor, quick())
    assert result.property_name == name
    assert result.compressor == "reference"
    assert result.examples >= 25
    assert re.fullmatch(
        rf"property {name} held for reference: \d+ examples in [\d.]+s \(\d+/s\)", result.describe()
    )


def test_an_unknown_property_is_named() -> None:
    with pytest.raises(ConfigError) as excinfo:
        fuzz.run_property("contracts", ReferenceCompressor)
    assert str(excinfo.value) == (
        "unknown fuzz property 'contracts'; the properties are: contract, relations, repeated-compression"
    )


def test_a_reference_string_names_the_compressor() -> None:
    result = fuzz.contract_holds(
        "pytest_compaction.compressors.base:ReferenceCompressor", quick(max_examples=5)
    )
    assert result.compressor == "reference"
    with pytest.raises(ConfigError, match=r"^compressor 'nowhere:Thing': cannot import module 'nowhere'"):
        fuzz.contract_holds("nowhere:Thing", quick(max_examples=5))


def test_a_class_given_by_reference_is_built_for_every_example(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        counting="""
        from pytest_compaction.compressors.base import ReferenceCompressor

        BUILT = []

        class Counting(ReferenceCompressor):
            def __init__(self):
                BUILT.append(self)
        """
    )
    pytester.syspathinsert()
    import counting  # type: ignore[import-not-found]

    fuzz.contract_holds("counting:Counting", quick(max_examples=5))
    assert len(counting.BUILT) > 5


def test_a_custom_strategy_is_used() -> None:
    strategy = cst.sessions(critical_facts=1, chatter=0, subjects=1, tenants=1, untrusted=0)
    result = fuzz.contract_holds(ReferenceCompressor(), quick(max_examples=5), sessions=strategy)
    assert result.examples >= 5


# -- failures: the report and the saved spec --------------------------------------------


def test_a_failure_leads_with_the_violations_and_the_saved_spec(
    planted: dict[str, Any], tmp_path: Path
) -> None:
    with pytest.raises(fuzz.FuzzFailure) as excinfo:
        fuzz.contract_holds(
            planted["DropsQualifiers"], quick(tmp_path, compressor_ref="planted:DropsQualifiers")
        )
    failure = excinfo.value
    lines = str(failure).splitlines()
    assert re.fullmatch(
        r"fuzzing: property contract fails for planted:DropsQualifiers \(found after \d+ examples?; "
        r"shrunk to \d+ events?, \d+ compressions?\)",
        lines[0],
    )
    assert re.fullmatch(r"\d+ violations?: \d+ qualifiers_changed", lines[1])
    assert lines[2] == "  qualifiers_changed"
    assert failure.spec_path is not None
    assert lines[-2] == f"saved spec: {failure.spec_path}"
    assert lines[-1] == (
        f"reproduce: pytest --compaction-contract {failure.spec_path} "
        "--compaction-compressor=planted:DropsQualifiers"
    )
    assert failure.names == tuple(v.name for v in failure.violations)
    assert "Falsifying example" not in str(failure)


def test_a_saved_spec_reproduces_through_load_spec(planted: dict[str, Any], tmp_path: Path) -> None:
    with pytest.raises(fuzz.FuzzFailure) as excinfo:
        fuzz.contract_holds(planted["KeepsSuperseded"], quick(tmp_path))
    failure = excinfo.value
    assert failure.spec_path is not None
    spec = load_spec(failure.spec_path)
    assert spec.scenario is not None
    run = run_scenario(spec.scenario, GuardedCompressor(planted["KeepsSuperseded"]()))
    assert run.names == tuple(sorted(failure.names))
    assert all(name.endswith(":forbidden_superseded_fact") for name in run.names)
    text = failure.spec_path.read_text()
    assert text.startswith("# A counterexample found by pytest-compaction fuzzing (property contract")
    assert (
        "description: 'Fuzzing counterexample (property contract): 1 violation: 1 forbidden_superseded_fact."
        in text
    )


def test_a_relation_failure_is_saved_with_its_relation_and_seed(
    planted: dict[str, Any], tmp_path: Path
) -> None:
    with pytest.raises(fuzz.FuzzFailure) as excinfo:
        fuzz.relations_hold(planted["FirstThreeEvents"], quick(tmp_path, max_examples=50))
    failure = excinfo.value
    assert failure.spec_path is not None
    spec = load_spec(failure.spec_path)
    assert spec.scenario is not None
    (relation,) = spec.scenario.relations
    assert spec.variants == ("as-written", relation)
    assert spec.scenario.seed is not None
    # The session alone keeps the contract; the relation is what breaks it.
    assert run_scenario(spec.scenario, GuardedCompressor(planted["FirstThreeEvents"]())).ok
    result = run_relation(
        spec.scenario, relation, GuardedCompressor(planted["FirstThreeEvents"]()), seed=spec.scenario.seed
    )
    assert sorted({v.name for v in (*result.new_violations, *result.differences)}) == sorted(failure.names)


def test_repeated_compression_saves_the_extra_passes(tmp_path: Path) -> None:
    class ForgetsOnThirdPass:
        replays_claims = True

        def compress(self, request: CompressionRequest) -> Artifact:
            art = ReferenceCompressor().compress(request)
            return dataclasses.replace(art, facts=()) if request.depth >= 3 else art

    with pytest.raises(fuzz.FuzzFailure) as excinfo:
        fuzz.repeated_compression_keeps_critical_facts(ForgetsOnThirdPass, quick(tmp_path))
    failure = excinfo.value
    assert all(name.endswith(":missing") for name in failure.names)
    assert failure.spec_path is not None
    spec = load_spec(failure.spec_path)
    assert spec.scenario is not None
    assert sum(1 for step in spec.scenario.steps if step.kind == "compress") >= 3
    assert run_scenario(spec.scenario, GuardedCompressor(ForgetsOnThirdPass())).names == tuple(
        sorted(failure.names)
    )


def test_without_a_directory_nothing_is_written_and_the_report_says_how(planted: dict[str, Any]) -> None:
    with pytest.raises(fuzz.FuzzFailure) as excinfo:
        fuzz.contract_holds(planted["DropsQualifiers"], quick(profile=UNSHRUNK))
    assert excinfo.value.spec_path is None
    assert str(excinfo.value).splitlines()[-1] == (
        "not saved: pass --compaction-record-failures=DIR to save it as a scenario spec"
    )


def test_derandomized_runs_find_the_same_counterexample(planted: dict[str, Any], tmp_path: Path) -> None:
    paths = []
    for _ in range(2):
        with pytest.raises(fuzz.FuzzFailure) as excinfo:
            fuzz.contract_holds(planted["DropsQualifiers"], quick(tmp_path, profile=UNSHRUNK))
        paths.append(excinfo.value.spec_path)
    assert paths[0] == paths[1]
    assert len(list((tmp_path / "failures").iterdir())) == 1


def test_the_example_database_replays_a_failure_first(planted: dict[str, Any], tmp_path: Path) -> None:
    settings = fuzz.FuzzSettings(max_examples=25, database=str(tmp_path / "db"), profile=UNSHRUNK)
    with pytest.raises(fuzz.FuzzFailure) as first:
        fuzz.contract_holds(planted["KeepsSuperseded"], settings)
    with pytest.raises(fuzz.FuzzFailure) as again:
        fuzz.contract_holds(planted["KeepsSuperseded"], settings)
    assert again.value.found_after == 1
    assert again.value.names == first.value.names


def test_a_nondeterministic_compressor_is_reported_as_flaky() -> None:
    class FailsOnce:
        replays_claims = True

        def __init__(self) -> None:
            self.failed = False

        def compress(self, request: CompressionRequest) -> Artifact:
            art = ReferenceCompressor().compress(request)
            if not self.failed and art.facts:
                self.failed = True
                return dataclasses.replace(art, facts=art.facts[1:])
            return art

    with pytest.raises(fuzz.FuzzFailure) as excinfo:
        fuzz.contract_holds(FailsOnce(), quick())
    assert excinfo.value.flaky
    assert "flaky: the same session passed when replayed" in str(excinfo.value)


# -- settings ---------------------------------------------------------------------


def test_database_choices() -> None:
    assert isinstance(
        fuzz.FuzzSettings(database=":memory:").hypothesis_settings().database, InMemoryExampleDatabase
    )
    assert fuzz.FuzzSettings(database="none").hypothesis_settings().database is None
    on_disk = fuzz.FuzzSettings(database=".compaction/examples").hypothesis_settings().database
    assert isinstance(on_disk, DirectoryBasedExampleDatabase)
    assert fuzz.FuzzSettings(derandomize=True).hypothesis_settings().database is None


def test_settings_tame_hypothesis() -> None:
    chosen = fuzz.FuzzSettings(max_examples=7).hypothesis_settings()
    assert chosen.max_examples == 7
    assert chosen.deadline is None
    assert chosen.report_multiple_bugs is False
    assert chosen.print_blob is False


def test_a_profile_is_the_base(monkeypatch: pytest.MonkeyPatch) -> None:
    import hypothesis

    hypothesis.settings.register_profile("compaction-test-ci", max_examples=3)
    assert fuzz.FuzzSettings(profile="compaction-test-ci").hypothesis_settings().max_examples == 3
    assert (
        fuzz.FuzzSettings(profile="compaction-test-ci", max_examples=9).hypothesis_settings().max_examples
        == 9
    )


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"max_examples": 0}, "max_examples must be a whole number of at least 1, got 0"),
        ({"attempts": 0}, "attempts must be a whole number of at least 1, got 0"),
        ({"depth": 1}, "depth must be a whole number of at least 2, got 1"),
        ({"seed": "7"}, "seed must be a whole number, got '7'"),
        (
            {"derandomize": True, "database": ":memory:"},
            "derandomize replays the same examples every run and keeps no example database; "
            "drop database=':memory:' or derandomize",
        ),
        (
            {"seed": 3, "database": "ci-examples"},
            "seed replays the same examples every run and keeps no example database; "
            "drop database='ci-examples' or seed",
        ),
    ],
)
def test_bad_settings_are_named(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError) as excinfo:
        fuzz.FuzzSettings(**changes)  # type: ignore[arg-type]
    assert str(excinfo.value) == message


def test_an_unknown_profile_is_named() -> None:
    with pytest.raises(ConfigError) as excinfo:
        fuzz.FuzzSettings(profile="nightly-typo").hypothesis_settings()
    assert str(excinfo.value).startswith(
        "no Hypothesis settings profile 'nightly-typo' is registered (registered: "
    )


# -- the round trip through a real pytest session ------------------------------------------


def test_a_saved_spec_fails_the_same_way_under_pytest(
    pytester: pytest.Pytester, planted: dict[str, Any]
) -> None:
    pytester.makepyfile(planted=PLANTED)
    pytester.syspathinsert()
    specs = pytester.path / "regressions"
    for name in ("DropsQualifiers", "FirstThreeEvents"):
        relation = name == "FirstThreeEvents"
        prop = fuzz.relations_hold if relation else fuzz.contract_holds
        # Shrunk, the relation's session keeps the contract on its own: only the variant fails.
        chosen = quick(
            record_failures=str(specs),
            compressor_ref=f"planted:{name}",
            profile=None if relation else UNSHRUNK,
        )
        with pytest.raises(fuzz.FuzzFailure) as excinfo:
            prop(planted[name], chosen)
        failure = excinfo.value
        assert failure.spec_path is not None
        result = pytester.runpytest(
            "--compaction-contract", str(failure.spec_path), f"--compaction-compressor=planted:{name}"
        )
        result.assert_outcomes(passed=1 if relation else 0, failed=1)
        output = result.stdout.str()
        for violation in failure.names:
            assert violation in output
    with_reference = pytester.runpytest("--compaction-contract", str(specs))
    with_reference.assert_outcomes(passed=3)


def test_compressor_factory_resolves_every_reference_form_the_option_takes() -> None:
    for reference, name, fresh in (
        ("reference", "reference", True),
        ("verbatim", "verbatim", False),  # a built-in name, not a module
        ("pytest_compaction.compressors.base:ReferenceCompressor", "reference", True),  # a class: per example
    ):
        make, made_name = fuzz.compressor_factory(reference)
        assert made_name == name
        assert (make() is not make()) is fresh, reference
