"""A spec's ``relations:`` names are checked against the registry, each at its own line.

:func:`~pytest_compaction.relations.registry.relation_name_errors` gives one error per name
that no relation answers to, with the did-you-mean and the known names, at ``relations[i]``
(a spec's source map turns that path into the line). Under pytest the registry is read after
the suite's ``conftest.py`` registrations; ``compaction lint`` runs no ``conftest.py`` and
checks against :data:`~pytest_compaction.relations.BUILTIN_RELATIONS`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_compaction.relations import (
    BUILTIN_RELATIONS,
    RELATIONS,
    NotApplicable,
    register_relation,
    relation_name_errors,
)
from pytest_compaction.relations import registry as relations
from pytest_compaction.specs.spec import load_spec

KNOWN = ", ".join(sorted(BUILTIN_RELATIONS))


@pytest.fixture
def registry() -> Iterator[None]:
    saved = dict(relations._REGISTRY)
    yield
    relations._REGISTRY.clear()
    relations._REGISTRY.update(saved)


def test_a_misspelt_name_is_named_with_the_closest_and_every_known_one() -> None:
    (error,) = relation_name_errors(["split_event", "append_small_tlak"])
    assert error.path == "relations[1]"
    assert error.message == (
        "unknown relation 'append_small_tlak'; did you mean 'append_small_talk'? "
        f"(known relations: {KNOWN}; register others with pytest_compaction.relations.register_relation)"
    )


def test_every_built_in_name_is_known() -> None:
    assert relation_name_errors(sorted(BUILTIN_RELATIONS)) == ()
    assert set(RELATIONS) >= BUILTIN_RELATIONS


@pytest.mark.usefixtures("registry")
def test_a_relation_registered_by_the_suite_is_known_once_registered() -> None:
    assert [e.path for e in relation_name_errors(["append_signature"])] == ["relations[0]"]

    @register_relation("append_signature", summary="append a signature", rationale="states no fact")
    def append_signature(scenario: object, rng: object) -> NotApplicable:
        return NotApplicable(reason="a test relation")

    assert relation_name_errors(["append_signature"]) == ()
    assert "append_signature" not in BUILTIN_RELATIONS


@pytest.mark.usefixtures("registry")
def test_against_the_built_ins_a_suites_own_name_is_one_it_cannot_vouch_for() -> None:
    register_relation(
        "mask_emails",
        lambda scenario, rng: NotApplicable(reason="a test relation"),
        summary="append a signature",
        rationale="states no fact",
    )
    custom, misspelt = relation_name_errors(["mask_emails", "split_evnt"], known=BUILTIN_RELATIONS)
    assert custom.message == (
        f"'mask_emails' is not a built-in relation (built-in: {KNOWN}); a relation the suite's "
        "conftest.py registers with pytest_compaction.relations.register_relation is checked when "
        "pytest collects the spec"
    )
    assert misspelt.path == "relations[1]"
    assert misspelt.message.startswith("'split_evnt' is not a built-in relation; did you mean 'split_event'?")


TYPO_SPEC = (
    "events:\n"
    "  - id: e1\n"
    "    text: I am allergic to peanuts.\n"
    "    facts:\n"
    "      - {id: f1, predicate: food.peanuts_allowed, value: false}\n"
    "steps:\n"
    "  - add: [e1]\n"
    "  - compress\n"
    "relations:\n"
    "  - {name}\n"
)


def test_each_error_points_at_the_line_of_its_name(tmp_path: Path) -> None:
    spec_file = tmp_path / "typo.compaction.yaml"
    spec_file.write_text(TYPO_SPEC.replace("{name}", "split_event\n  - append_small_tlak"), encoding="utf-8")
    spec = load_spec(spec_file)
    assert spec.scenario is not None
    (error,) = relation_name_errors(spec.scenario.relations)
    located = spec.source_map.error(error)
    assert (located.line, located.path) == (11, "relations[1]")
    assert str(located).startswith(f"{spec_file}:11: relations[1]: unknown relation 'append_small_tlak'; ")


CONFTEST_RELATION = """
from pytest_compaction.relations import NotApplicable, register_relation

register_relation(
    "append_signature",
    lambda scenario, rng: NotApplicable(reason="a test relation"),
    summary="append a signature",
    rationale="states no fact",
)
"""


def test_pytest_fails_a_misspelt_relation_at_collection_naming_file_line_and_field(
    pytester: pytest.Pytester,
) -> None:
    pytester.makefile(".compaction.yaml", typo=TYPO_SPEC.replace("{name}", "append_small_tlak"))
    pytester.makefile(".compaction.yaml", fine=TYPO_SPEC.replace("{name}", "append_small_talk"))
    result = pytester.runpytest("--compaction-contract", "-p", "no:hypothesispytest", "-rf")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        ["*typo.compaction.yaml:10: relations?0?: unknown relation 'append_small_tlak'; did you mean*"]
    )
    assert "Traceback" not in result.stdout.str()
    # Nothing of the misspelt spec ran: its only item is the spec error.
    result.stdout.fnmatch_lines(["*typo.compaction.yaml::spec-error*"])


@pytest.mark.usefixtures("registry")  # the in-process session's conftest.py registers into this process
def test_pytest_accepts_a_relation_the_suites_conftest_registers(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST_RELATION)
    pytester.makefile(".compaction.yaml", own=TYPO_SPEC.replace("{name}", "append_signature"))
    result = pytester.runpytest("--compaction-contract", "-p", "no:hypothesispytest", "-rs")
    # The as-written item passes; the relation's own variant reports it does not apply.
    result.assert_outcomes(passed=1, skipped=1)
    assert "unknown relation" not in result.stdout.str()


def test_lint_reports_an_unknown_relation_at_its_line_and_trusts_a_literal_conftest_name(
    tmp_path: Path,
) -> None:
    from pytest_compaction.specs.lint import lint_paths

    (tmp_path / "typo.compaction.yaml").write_text(
        TYPO_SPEC.replace("{name}", "append_small_tlak"), encoding="utf-8"
    )
    (tmp_path / "own.compaction.yaml").write_text(
        TYPO_SPEC.replace("{name}", "append_signature"), encoding="utf-8"
    )
    report = lint_paths([tmp_path])
    found = [
        (Path(f.source).name, f.line, f.path, f.severity)
        for f in report.findings
        if f.code == "unregistered-relation"
    ]
    assert sorted(found) == [
        ("own.compaction.yaml", 10, "relations[0]", "error"),
        ("typo.compaction.yaml", 10, "relations[0]", "error"),
    ]
    (tmp_path / "conftest.py").write_text(CONFTEST_RELATION, encoding="utf-8")
    report = lint_paths([tmp_path])
    found = [(Path(f.source).name, f.severity) for f in report.findings if f.code == "unregistered-relation"]
    assert found == [("typo.compaction.yaml", "error")]
