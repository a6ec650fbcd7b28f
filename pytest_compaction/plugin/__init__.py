"""pytest wiring for pytest-compaction: options, markers, fixtures and hooks, in lifecycle order.

Only wiring lives here; the logic is in importable modules that work without
pytest. Importing this module imports neither Hypothesis, YAML nor deepdiff.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pytest_compaction.core.errors import CompactionError
from pytest_compaction.plugin.markers import MARKERS, marker_depth, marker_relations, validate_markers
from pytest_compaction.plugin.session import (
    REPORT_KEY,
    SETTINGS_KEY,
    compressor_for,
    open_store,
    recorder,
    settings_of,
)
from pytest_compaction.plugin.settings import OPTIONS, Option, Settings

if TYPE_CHECKING:
    from pytest_compaction.core.ledger import Ledger
    from pytest_compaction.engine.contract import CompressorUnderTest, ContractChecker
    from pytest_compaction.engine.deletion import DeletionScenario
    from pytest_compaction.mutants.catalog import MutationTable
    from pytest_compaction.store.sqlite import MemoryStore

MUTATION_KEY: pytest.StashKey[MutationTable] = pytest.StashKey()

GROUP = "compaction"
GROUP_HELP = "contract-testing AI-agent memory compression (pytest-compaction)"


# -- options ---------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup(GROUP, GROUP_HELP)
    for option in OPTIONS:
        if option.kind == "bool":
            group.addoption(
                option.flag, action="store_true", default=None, dest=option.dest, help=option.help
            )
        else:
            group.addoption(
                option.flag,
                dest=option.dest,
                default=None,
                metavar=option.metavar,
                choices=option.choices,
                help=option.help,
            )
        parser.addini(option.name, help=option.help, type=option.kind, default=option.default)  # type: ignore[arg-type]
    from pytest_compaction.specs.spec import add_spec_ini

    add_spec_ini(parser.addini)


def pytest_configure(config: pytest.Config) -> None:
    for line in MARKERS:
        config.addinivalue_line("markers", line)

    def get(option: Option) -> object:
        value = config.getoption(option.dest)
        return value if value is not None else config.getini(option.name)

    try:
        settings = Settings.resolve(get)
    except CompactionError as exc:
        raise pytest.UsageError(f"pytest-compaction: {exc}") from None
    config.stash[SETTINGS_KEY] = settings
    for flag, directory in (
        ("--compaction-evidence", settings.evidence_dir),
        ("--compaction-record-failures", settings.record_failures),
    ):
        problem = _unwritable(directory) if directory else None
        if problem:
            raise pytest.UsageError(
                f"pytest-compaction: {flag}: cannot create directory {directory!r} ({problem})"
            )
    if settings.contract or settings.report:
        from pytest_compaction.plugin.report import SessionReport

        config.stash[REPORT_KEY] = SessionReport()
    if settings.fuzz:
        from pytest_compaction.plugin.fuzzitems import configure_fuzz

        configure_fuzz(config)
    if settings.contract and config.args_source is not pytest.Config.ArgsSource.ARGS:
        config.args.extend(_fixture_paths(settings, config.rootpath))


def _unwritable(directory: str) -> str | None:
    """Why ``directory`` could not be created later, or None. Nothing is created now:
    a passing run must leave no empty evidence directory behind."""
    import os

    path = Path(directory).absolute()
    while not path.exists():
        path = path.parent
    if not path.is_dir():
        return f"{path} is not a directory"
    if not os.access(path, os.W_OK):
        return f"{path} is not writable"
    return None


def _fixture_paths(settings: Settings, root: Path) -> list[str]:
    from pytest_compaction.specs.library import library_path

    paths = []
    for entry in settings.fixtures:
        if entry == "library":
            paths.append(str(library_path()))
            continue
        path = Path(entry)
        path = path if path.is_absolute() else root / path
        if not path.exists():
            raise pytest.UsageError(
                f"pytest-compaction: compaction_fixtures path {entry!r} does not exist ({path})"
            )
        paths.append(str(path))
    return paths


# -- collection ------------------------------------------------------------------


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    settings = parent.config.stash.get(SETTINGS_KEY, None)
    if settings is None or not settings.contract or not fnmatch.fnmatch(file_path.name, settings.pattern):
        return None
    from pytest_compaction.plugin.collect import SpecFile

    return SpecFile.from_parent(parent, path=file_path)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, items: list[pytest.Item]) -> None:
    # tryfirst: the fuzz items exist before -k / -m deselect, so those filter them too.
    if settings_of(session.config).fuzz:
        from pytest_compaction.plugin.fuzzitems import fuzz_items

        items.extend(fuzz_items(session))


# -- fixtures --------------------------------------------------------------------


@pytest.fixture
def fact_ledger() -> Ledger:
    """A fresh, empty fact ledger for this test (tenant ``tenant-1``, subject ``subject-1``).

    Record events with ``fact_ledger.event(...)`` and the facts they state with
    ``fact_ledger.fact(...)``; change lifecycle with ``supersede``, ``delete`` and ``retire``.
    """
    from pytest_compaction.core.ledger import Ledger

    return Ledger()


@pytest.fixture
def compressor_under_test(request: pytest.FixtureRequest) -> CompressorUnderTest:
    """The configured compressor (``--compaction-compressor`` / ``compaction_compressor``), guarded.

    ``compressor_under_test.compress(ledger)`` returns the artifact; a compressor that
    raises, hangs, returns garbage or mutates its input fails the test with a named
    violation. Override this fixture in ``conftest.py`` to test your own compressor.
    """
    node = request.node
    return compressor_for(node, depth=marker_depth(node))


@pytest.fixture
def compaction_contract(request: pytest.FixtureRequest) -> ContractChecker:
    """Assertion helpers: ``assert_preserved(ledger, artifact)``, ``assert_violations``, ``run(scenario)``."""
    from pytest_compaction.engine.contract import ContractChecker

    settings = settings_of(request.config)
    cut = (
        request.getfixturevalue("compressor_under_test")
        if "compressor_under_test" in request.fixturenames
        else None
    )
    relations, seed = marker_relations(request.node)
    return ContractChecker(
        mode=settings.mode or "strict",  # type: ignore[arg-type]
        sink=recorder(request.node),
        compressor=cut,
        reproduce=settings.reproduce(request.node.nodeid),
        relations=relations,
        seed=settings.seed if settings.seed is not None else seed,
        depth=marker_depth(request.node),
    )


@pytest.fixture
def deletion_scenario(
    compressor_under_test: CompressorUnderTest, request: pytest.FixtureRequest
) -> DeletionScenario:
    """Create, compress, delete, add unrelated turns, compress again; fail on any resurrection.

    ``deletion_scenario.run()`` uses a built-in synthetic history; pass your own
    ``Scenario`` and the fact to delete to run it on yours.
    """
    from pytest_compaction.engine.deletion import DeletionScenario

    return DeletionScenario(
        compressor_under_test, reproduce=settings_of(request.config).reproduce(request.node.nodeid)
    )


@pytest.fixture
def memory_store(request: pytest.FixtureRequest) -> Iterator[MemoryStore]:
    """A fresh memory store from ``--compaction-store`` / ``compaction_store`` (default: in-memory SQLite).

    Run the storage contract on it with ``pytest_compaction.store.contract.STORE_CHECKS``;
    it is closed after the test when it has a ``close()``.
    """
    from pytest_compaction.store.sqlite import close_store

    store = open_store(request.config)
    yield store
    close_store(store)


# -- running ---------------------------------------------------------------------


def pytest_runtest_setup(item: pytest.Item) -> None:
    keywords = item.keywords
    if "metamorphic" in keywords or "repeated_compression" in keywords:
        problem = validate_markers(item)
        if problem:
            pytest.fail(f"pytest-compaction: {problem}", pytrace=False)


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    settings = config.stash.get(SETTINGS_KEY, None)
    if settings is None or not settings.contract:
        return None
    return [f"compaction: compressor {settings.compressor_ref}, mode {settings.mode or 'strict'}"]


class _Reporter:
    """Collects contract outcomes on the controller (xdist ships user_properties with each report)."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.config.stash[REPORT_KEY].add(report.nodeid, report.when, report.outcome, report.user_properties)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        settings = settings_of(self.config)
        if not settings.mutants:
            return
        from pytest_compaction.mutants.catalog import mutation_table

        table = mutation_table(
            self.config.stash[REPORT_KEY].mutant_findings, dict(settings.accepted_survivors)
        )
        self.config.stash[MUTATION_KEY] = table
        self.config.stash[REPORT_KEY].mutation = table.to_dict()
        if not table.ok and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        session = self.config.stash[REPORT_KEY]
        settings = settings_of(self.config)
        table = self.config.stash.get(MUTATION_KEY, None)
        if table is not None:
            terminalreporter.write_sep("=", "compaction mutation table")
            terminalreporter.write_line(table.render())
        if settings.report and not hasattr(self.config, "workerinput"):
            written = session.write(settings.report)
            terminalreporter.write_line(f"compaction report written to {written}")
        if session.records:
            terminalreporter.write_sep("=", "compaction contract summary")
            for line in session.summary_lines():
                terminalreporter.write_line(line)


@pytest.hookimpl(trylast=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    config = session.config
    settings = config.stash.get(SETTINGS_KEY, None)
    if settings is not None and REPORT_KEY in config.stash and not hasattr(config, "workerinput"):
        config.pluginmanager.register(_Reporter(config), "compaction-reporter")
