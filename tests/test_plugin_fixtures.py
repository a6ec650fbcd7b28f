"""Spec items are ``pytest.Function`` items: pytest's own fixture machinery serves them.

Each session test runs a real pytest session (``pytester``): a ``conftest.py`` override of
``compressor_under_test`` applies to the specs below it and only there, autouse fixtures run
around spec items like around any test, and the package reaches no private pytest API.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import pytest_compaction

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

RECORDED = """\
kind: recorded
expect:
  violations: []
expected:
  - fact_id: fact-allergy-1
    tenant_id: tenant-1
    subject_id: subject-1
    predicate: food.peanuts_allowed
    value: false
artifact:
  memory_version: 1
  tenant_id: tenant-1
  subject_id: subject-1
  facts:
    - {fact_id: fact-allergy-1, predicate: food.peanuts_allowed, value: false}
"""

DROPS = """
import dataclasses
from pytest_compaction.compressors.base import ReferenceCompressor

def drops_qualifiers(request):
    art = ReferenceCompressor().compress(request)
    return dataclasses.replace(art, facts=tuple(dataclasses.replace(f, qualifiers=()) for f in art.facts))

drops_qualifiers.replays_claims = True  # built on the reference replayer, so it is handed the ledger's claims
"""

CONTRACT = ("--compaction-contract", "-p", "no:cacheprovider", "-p", "no:hypothesispytest")


def write(pytester: pytest.Pytester, relative: str, text: str) -> Path:
    path = pytester.path / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# -- what pytest resolves for a spec item ---------------------------------------------


def test_spec_items_are_pytest_functions(pytester: pytest.Pytester) -> None:
    write(pytester, "peanut.compaction.yaml", PEANUT)
    items, _ = pytester.inline_genitems(*CONTRACT)
    assert [item.nodeid for item in items] == ["peanut.compaction.yaml::peanut[as-written]"]
    assert isinstance(items[0], pytest.Function)
    assert items[0].location == ("peanut.compaction.yaml", 0, "peanut[as-written]")


def test_the_nearest_conftest_override_wins_and_only_below_it(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(mine=DROPS)
    pytester.syspathinsert()
    write(
        pytester,
        "lossy/conftest.py",
        "import pytest\nfrom mine import drops_qualifiers\n\n"
        "@pytest.fixture\ndef compressor_under_test():\n    return drops_qualifiers\n",
    )
    # Deeper still, a faithful override.
    write(
        pytester,
        "lossy/fixed/conftest.py",
        "import pytest\nfrom pytest_compaction.compressors.base import ReferenceCompressor\n\n"
        "@pytest.fixture\ndef compressor_under_test():\n    return ReferenceCompressor()\n",
    )
    for where in ("top", "lossy/a", "lossy/fixed/b"):
        write(pytester, f"{where}.compaction.yaml", PEANUT)
    result = pytester.runpytest(*CONTRACT, "-rA")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["PASSED top.compaction.yaml::top*", "FAILED lossy/a.compaction.yaml::a*"])
    result.stdout.fnmatch_lines(["PASSED lossy/fixed/b.compaction.yaml::b*"])


def test_an_override_may_wrap_the_plugins_own_fixture(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(
        """
        import pytest

        @pytest.fixture
        def compressor_under_test(compressor_under_test):
            return compressor_under_test
        """
    )
    write(pytester, "peanut.compaction.yaml", PEANUT)
    result = pytester.runpytest(*CONTRACT, "--junitxml=out.xml")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["1 contract test checked against reference; 0 with violations"])
    # The plugin's own value is not wrapped a second time: one outcome, recorded once.
    xml = (pytester.path / "out.xml").read_text()
    assert xml.count('name="compaction_compressor"') == 1, xml


@pytest.mark.parametrize("scope", ["module", "package", "session"])
def test_a_scoped_override_is_made_once_per_scope(pytester: pytest.Pytester, scope: str) -> None:
    pytester.makeconftest(
        f"""
        import pytest
        from pytest_compaction.compressors.base import ReferenceCompressor

        made = []

        @pytest.fixture(scope="{scope}")
        def compressor_under_test():
            made.append(1)
            return ReferenceCompressor()

        @pytest.fixture(scope="module", autouse=True)
        def per_file():
            yield

        def pytest_sessionfinish(session):
            print(f"\\noverride made {{len(made)}} time(s)")
        """
    )
    write(pytester, "a.compaction.yaml", PEANUT + "relations: [append_small_talk]\n")
    write(pytester, "b.compaction.yaml", PEANUT)
    result = pytester.runpytest(*CONTRACT, "-s")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines([f"override made {2 if scope == 'module' else 1} time(s)"])


def test_an_override_that_is_no_compressor_names_its_definition(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(
        """
        import pytest

        @pytest.fixture(scope="module")
        def compressor_under_test():
            return 42
        """
    )
    write(pytester, "peanut.compaction.yaml", PEANUT)
    write(pytester, "second.compaction.yaml", PEANUT)
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(failed=2)
    # Both items name it, the second one from the module-scoped cache; one line each, nothing chained.
    message = "pytest-compaction: the compressor_under_test fixture at conftest.py:3: 42: not a compressor: "
    assert sum(line.startswith(message) for line in result.stdout.lines) == 2, result.stdout.str()
    assert "During handling" not in result.stdout.str()
    assert "Traceback" not in result.stdout.str()
    assert "_pytest" not in result.stdout.str()


def test_a_failing_override_is_a_setup_style_error_of_the_spec(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(
        """
        import pytest

        @pytest.fixture
        def compressor_under_test():
            raise RuntimeError("the model server is not running")
        """
    )
    write(pytester, "peanut.compaction.yaml", PEANUT)
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*RuntimeError: the model server is not running"])


# -- autouse fixtures -------------------------------------------------------------------

AUTOUSE = """
import pytest

@pytest.fixture(autouse=True)
def around(request, tmp_path_factory):
    log = tmp_path_factory.getbasetemp() / "log.txt"
    with log.open("a") as out:
        out.write(f"setup {request.node.nodeid}\\n")
    yield
    with log.open("a") as out:
        out.write(f"teardown {request.node.nodeid}\\n")
"""


def test_autouse_fixtures_run_around_spec_items_of_their_folder(pytester: pytest.Pytester) -> None:
    write(pytester, "suite/conftest.py", AUTOUSE)
    write(pytester, "suite/peanut.compaction.yaml", PEANUT)
    write(pytester, "suite/incident.compaction.yaml", RECORDED)
    write(pytester, "elsewhere.compaction.yaml", PEANUT)  # no conftest above it: no fixture
    result = pytester.runpytest(*CONTRACT, f"--basetemp={pytester.path / 'base'}")
    result.assert_outcomes(passed=3)
    log = (pytester.path / "base" / "log.txt").read_text().splitlines()
    assert log == [
        "setup suite/incident.compaction.yaml::incident[recorded]",
        "teardown suite/incident.compaction.yaml::incident[recorded]",
        "setup suite/peanut.compaction.yaml::peanut[as-written]",
        "teardown suite/peanut.compaction.yaml::peanut[as-written]",
    ]


def test_a_failing_autouse_fixture_errors_the_spec_item_in_setup(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(
        """
        import pytest

        @pytest.fixture(autouse=True)
        def database():
            raise RuntimeError("no test database")
        """
    )
    write(pytester, "peanut.compaction.yaml", PEANUT)
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*ERROR at setup of peanut[[]as-written]*", "*no test database"])


def test_a_spec_skip_mark_skips_before_the_fixtures_run(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(
        """
        import pytest

        @pytest.fixture(autouse=True)
        def database():
            raise RuntimeError("no test database")
        """
    )
    write(pytester, "peanut.compaction.yaml", PEANUT + "marks: [{skip: not today}]\n")
    pytester.runpytest(*CONTRACT).assert_outcomes(skipped=1)


# -- no private pytest API --------------------------------------------------------------

PACKAGE = Path(pytest_compaction.__file__).parent
PRIVATE_ATTRIBUTES = re.compile(
    r"\.(_fixturemanager|_fixtureinfo|_arg2fixturedefs|_request|_pyfuncitem|_initrequest|_fillfixtures)\b"
    r"|_ispytest|TopRequest|SubRequest"
)
JUSTIFIED = {
    # pytest has no public "which definition of this fixture will a node get" before it runs;
    # only the header's collection line asks its fixture registry, and drops the line if that changes.
    ("plugin/session.py", 'getplugin("funcmanage")'),
}


def _private_uses(root: Path) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            found.extend((relative, f"import {n}") for n in names if n.split(".")[0] == "_pytest")
        # importlib.import_module("_pytest.fixtures") and the like
        found.extend((relative, match) for match in re.findall(r"""["']_pytest\b[\w.]*""", text))
        found.extend((relative, match.group(0)) for match in PRIVATE_ATTRIBUTES.finditer(text))
        found.extend((relative, match) for match in re.findall(r'getplugin\("funcmanage"\)', text))
    return found


def test_the_package_uses_no_private_pytest_api() -> None:
    assert set(_private_uses(PACKAGE)) <= JUSTIFIED, sorted(set(_private_uses(PACKAGE)) - JUSTIFIED)


def test_the_private_api_check_sees_an_import_and_an_attribute(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("from _pytest.fixtures import TopRequest\n")
    (tmp_path / "b.py").write_text("import _pytest.python\nm = item.session._fixturemanager\n")
    (tmp_path / "c.py").write_text("import importlib\nimportlib.import_module('_pytest.fixtures')\n")
    (tmp_path / "d.py").write_text("import pytest\nitem.funcargs  # public\n")
    assert sorted(_private_uses(tmp_path)) == [
        ("a.py", "TopRequest"),
        ("a.py", "import _pytest.fixtures"),
        ("b.py", "._fixturemanager"),
        ("b.py", "import _pytest.python"),
        ("c.py", "'_pytest.fixtures"),
    ]
