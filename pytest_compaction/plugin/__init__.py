"""pytest wiring for pytest-compaction: options, markers, fixtures and hooks, in lifecycle order.

Only wiring lives here; the logic is in importable modules that work without
pytest. Importing this module imports neither Hypothesis, YAML nor deepdiff.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pytest_compaction.core.errors import CompactionError
from pytest_compaction.plugin import hints
from pytest_compaction.plugin.markers import MARKERS, marker_depth, marker_relations, validate_markers
from pytest_compaction.plugin.session import (
    OWN_COMPRESSOR_KEY,
    REPORT_KEY,
    SETTINGS_KEY,
    OverrideSites,
    check_store_database,
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
    from pytest_compaction.plugin.expectations import Baseline
    from pytest_compaction.plugin.report import SessionReport
    from pytest_compaction.store.sqlite import MemoryStore

MUTATION_KEY: pytest.StashKey[MutationTable] = pytest.StashKey()
BASELINE_KEY: pytest.StashKey[Baseline | None] = pytest.StashKey()
PATH_ENTRY_KEY: pytest.StashKey[str | None] = pytest.StashKey()
HEADER_OVERRIDES_KEY: pytest.StashKey[list[str]] = pytest.StashKey()
INVOCATION_INPUT = "compaction_invocation"
CONTRACT_FIXTURES = ("compressor_under_test", "compaction_contract", "deletion_scenario")

GROUP = "compaction"
GROUP_HELP = "contract-testing AI-agent memory compression (pytest-compaction)"


# -- options ---------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup(GROUP, GROUP_HELP)
    for option in OPTIONS:
        shape = (
            {"action": "store_true"}
            if option.kind == "bool"
            else {"metavar": option.metavar, "choices": option.choices}
        )
        group.addoption(option.flag, dest=option.dest, default=None, help=option.help, **shape)
        parser.addini(option.name, help=option.help, type=option.kind, default=option.default)  # type: ignore[arg-type]
    from pytest_compaction.config.references import add_spec_ini

    add_spec_ini(parser.addini)


def pytest_configure(config: pytest.Config) -> None:
    for line in (*MARKERS, hints.COMPACTION_MARKER):
        config.addinivalue_line("markers", line)

    def get(option: Option) -> object:
        value = config.getoption(option.dest)
        return value if value is not None else config.getini(option.name)

    try:
        settings = Settings.resolve(get)
    except CompactionError as exc:
        raise pytest.UsageError(f"pytest-compaction: {exc}") from None
    config.stash[SETTINGS_KEY] = settings
    _locate_invocation(config, settings)
    if not settings.contract and config.args_source is pytest.Config.ArgsSource.ARGS:
        problem = hints.spec_without_contract(config.args, settings.pattern)
        if problem:
            raise pytest.UsageError(problem)
    for flag, directory in (
        ("--compaction-evidence", settings.evidence_dir),
        ("--compaction-record-failures", settings.record_failures),
    ):
        problem = _unwritable(directory) if directory else None
        if problem:
            raise pytest.UsageError(
                f"pytest-compaction: {flag}: cannot create directory {directory!r} ({problem})"
            )
    for flag, file in (
        ("--compaction-report", settings.report),
        ("--compaction-html", settings.html),
        ("--compaction-baseline", settings.baseline if settings.write_baseline else None),
    ):
        problem = _unwritable_file(file) if file else None
        if problem:
            raise pytest.UsageError(f"pytest-compaction: {flag}: cannot write {file!r} ({problem})")
    config.stash[BASELINE_KEY] = None
    if settings.write_baseline and not settings.baseline:
        raise pytest.UsageError(
            "pytest-compaction: --compaction-write-baseline needs --compaction-baseline=PATH "
            "(the file to write)"
        )
    if settings.baseline:
        from pytest_compaction.plugin.expectations import load_baseline

        try:
            config.stash[BASELINE_KEY] = load_baseline(
                settings.baseline, must_exist=not settings.write_baseline
            )
        except CompactionError as exc:
            raise pytest.UsageError(f"pytest-compaction: {exc}") from None
    if settings.contract or settings.report or settings.html or settings.baseline:
        from pytest_compaction.plugin.report import SessionReport

        config.stash[REPORT_KEY] = SessionReport()
    from pytest_compaction.plugin.guarantee import Guarantees

    config.pluginmanager.register(Guarantees(required=settings.require_guarantees), "compaction-guarantees")
    if settings.contract:
        config.pluginmanager.register(OverrideSites(), "compaction-override-sites")
    if settings.shadow:
        from pytest_compaction.plugin.shadow import ShadowMode

        config.pluginmanager.register(ShadowMode(config), "compaction-shadow")
    if config.pluginmanager.hasplugin("html") or config.pluginmanager.hasplugin("pytest_jsonreport"):
        from pytest_compaction.plugin.integrations import register_integrations

        register_integrations(config)
    if settings.fuzz:
        from pytest_compaction.plugin.fuzzitems import configure_fuzz

        configure_fuzz(config)
    if settings.contract and config.args_source is not pytest.Config.ArgsSource.ARGS:
        config.args.extend(_fixture_paths(settings, config.rootpath))


def _locate_invocation(config: pytest.Config, settings: Settings) -> None:
    """Where reproduce lines are pasted, and the rootdir importable for module references."""
    from pytest_compaction.plugin.invocation import Invocation, invocation_of, rootdir_on_path

    references = [
        ref.partition(":")[0]
        for ref, builtin in ((settings.compressor_ref, "reference"), (settings.store_ref, "sqlite"))
        if ref not in ("", builtin) and ":" in ref
    ]
    # As pytest's own `pythonpath = .` would: a compressor module beside the tests imports
    # under plain `pytest`, not only under `python -m pytest`.
    config.stash[PATH_ENTRY_KEY] = rootdir_on_path(config.rootpath) if references else None
    given = getattr(config, "workerinput", {}).get(INVOCATION_INPUT)
    if given is not None:
        settings.invocation = Invocation(**given)
    else:
        settings.invocation = invocation_of(
            config.rootpath, config.invocation_params.dir, references[0] if references else None
        )


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: object) -> None:
    """pytest-xdist: workers print the controller's reproduce commands."""
    import dataclasses

    settings = node.config.stash.get(SETTINGS_KEY, None)  # type: ignore[attr-defined]
    if settings is not None and settings.invocation is not None:
        node.workerinput[INVOCATION_INPUT] = dataclasses.asdict(settings.invocation)  # type: ignore[attr-defined]


def pytest_unconfigure(config: pytest.Config) -> None:
    import sys

    entry = config.stash.get(PATH_ENTRY_KEY, None)
    if entry is not None and entry in sys.path:
        sys.path.remove(entry)


def _unwritable(directory: str) -> str | None:
    """Why ``directory`` could not be created later, or None. Nothing is created now:
    a passing run must leave no empty evidence directory behind."""
    path = Path(directory).absolute()
    while not path.exists():
        path = path.parent
    if not path.is_dir():
        return f"{path} is not a directory"
    if not os.access(path, os.W_OK):
        return f"{path} is not writable"
    return None


def _unwritable_file(file: str) -> str | None:
    """Why the report file ``file`` could not be written at the end of the session, or None."""
    path = Path(file).absolute()
    try:
        path.stat()
    except (FileNotFoundError, NotADirectoryError):
        pass  # told apart below
    except OSError as error:  # a name too long, a loop of links: it cannot be written either
        return error.strerror or type(error).__name__
    if path.is_dir():
        return f"{path} is a directory; give a file name"
    if path.exists():
        return None if os.access(path, os.W_OK) else f"{path} is not writable"
    return _unwritable(str(path.parent))


def _not_written(flag: str, path: str, error: OSError) -> str:
    """The one line naming an output that could not be written at the end of the run."""
    reason = error.strerror or type(error).__name__
    return f"pytest-compaction: {flag}: could not write {path!r} ({reason})"


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
    from pytest_compaction.reporting.escape import one_line

    try:
        relative = file_path.relative_to(parent.config.rootpath).as_posix()
    except ValueError:
        relative = None
    if relative is not None and one_line(relative) != relative:
        # A file name is input too: a newline or ESC in it must not reach the terminal raw.
        return SpecFile.from_parent(parent, path=file_path, nodeid=one_line(relative))
    return SpecFile.from_parent(parent, path=file_path)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, items: list[pytest.Item]) -> None:
    # tryfirst: the fuzz items and the `compaction` marker exist before -k / -m deselect.
    settings = settings_of(session.config)
    if settings.fuzz:
        from pytest_compaction.plugin.fuzzitems import fuzz_items

        items.extend(fuzz_items(session))
    kinds = [_kind(item) for item in items]
    for item, kind in zip(items, kinds, strict=True):
        if kind in ("spec", "fuzz"):
            item.add_marker(pytest.mark.compaction)
    session.config.stash[hints.COLLECTED_KEY] = hints.Collected(
        specs=kinds.count("spec"), contract_tests=len(kinds) - kinds.count(None)
    )


def _kind(item: pytest.Item) -> str | None:
    """``spec``, ``fuzz``, ``python`` (a test using the contract fixtures), or None."""
    module = type(item).__module__
    if module == "pytest_compaction.plugin.collect":
        return "spec"
    if module == "pytest_compaction.plugin.fuzzitems":
        return "fuzz"
    names = getattr(item, "fixturenames", ())
    return "python" if any(name in names for name in CONTRACT_FIXTURES) else None


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
    # A spec's passes come from its own `depth:`, never from a marker.
    cut = compressor_for(node, depth=1 if _kind(node) == "spec" else marker_depth(node))
    node.stash[OWN_COMPRESSOR_KEY] = cut  # a spec item tells the plugin's own value from an override
    return cut


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
        reproduce=settings.reproduce(request.node.nodeid, request.node.path),
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
        compressor_under_test,
        reproduce=settings_of(request.config).reproduce(request.node.nodeid, request.node.path),
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
    kind = _kind(item)
    if kind is not None and SETTINGS_KEY in item.config.stash:
        _record_item(item, kind)
    keywords = item.keywords
    if "metamorphic" in keywords or "repeated_compression" in keywords:
        problem = validate_markers(item)
        if problem:
            pytest.fail(f"pytest-compaction: {problem}", pytrace=False)


def _record_item(item: pytest.Item, kind: str) -> None:
    """Every contract item is in the report, even one that fails before it records an outcome."""
    import json

    from pytest_compaction.plugin.report import PROPERTY_ITEM

    path, line, _ = item.reportinfo()
    data = {
        "kind": kind,
        "path": str(path),
        "line": None if line is None else int(line) + 1,
        "reproduce": settings_of(item.config).reproduce(item.nodeid, item.path),
    }
    item.user_properties.append((PROPERTY_ITEM, json.dumps(data)))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    __tracebackhide__ = True
    settings = item.config.stash.get(SETTINGS_KEY, None)
    baseline = item.config.stash.get(BASELINE_KEY, None)
    if settings is None or not (settings.update or baseline is not None):
        return (yield)
    from pytest_compaction.engine.contract import ContractFailure
    from pytest_compaction.plugin.expectations import handle_failure

    try:
        return (yield)
    except ContractFailure as failure:
        left = handle_failure(item, failure, settings, baseline)
        if left is None:
            return None
        if left is failure:
            raise
        raise left from None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    kind = _kind(item)
    if isinstance(report.longrepr, str) and kind in ("spec", "fuzz"):
        from pytest_compaction.reporting.escape import neutralize_lines

        # Spec items render ids and values from the spec: none may forge a terminal or CI line.
        report.longrepr = neutralize_lines(report.longrepr)
    if report.failed and kind is not None and report.when != "teardown":
        from pytest_compaction.plugin.report import PROPERTY_FAILURE, failure_line

        report.user_properties.append((PROPERTY_FAILURE, failure_line(report.longreprtext)))
    return report


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    settings = config.stash.get(SETTINGS_KEY, None)
    if settings is None or not settings.contract:
        return None
    from pytest_compaction.plugin.report import compressor_header
    from pytest_compaction.plugin.session import known_overrides

    overrides = known_overrides(config)
    config.stash[HEADER_OVERRIDES_KEY] = overrides
    return [compressor_header(settings.compressor_ref, settings.mode or "strict", overrides)]


def pytest_report_collectionfinish(config: pytest.Config, items: list[pytest.Item]) -> list[str] | None:
    """A conftest.py below the rootdir may override the compressor: say so once items are known."""
    settings = config.stash.get(SETTINGS_KEY, None)
    if settings is None or not settings.contract or HEADER_OVERRIDES_KEY not in config.stash:
        return None
    from pytest_compaction.plugin.report import override_line
    from pytest_compaction.plugin.session import fixture_override, shown_location

    in_header: list[str] = config.stash[HEADER_OVERRIDES_KEY]
    shown = set(in_header)
    runs = [item for item in items if _runs_compressor(item)]
    found: dict[str, int] = {}
    for item in runs:
        where = fixture_override(item)
        key = shown_location(where, config.rootpath) if where is not None else None
        if key is not None and key not in shown:
            found[key] = found.get(key, 0) + 1
    line = override_line(found, len(runs), settings.compressor_ref)
    return [line] if line else None


def _runs_compressor(item: pytest.Item) -> bool:
    kind = _kind(item)
    if kind == "spec":
        return getattr(getattr(item, "spec", None), "scenario", None) is not None
    return kind == "python" and "compressor_under_test" in getattr(item, "fixturenames", ())


class _Reporter:
    """Collects contract outcomes on the controller (xdist ships user_properties with each report)."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.session: pytest.Session | None = None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.config.stash[REPORT_KEY].add(report.nodeid, report.when, report.outcome, report.user_properties)

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if not report.failed or not report.nodeid:
            return
        from pytest_compaction.plugin.report import failure_line

        name = report.nodeid.split("::")[0].rsplit("/", 1)[-1]
        spec = fnmatch.fnmatch(name, settings_of(self.config).pattern)
        message = failure_line(str(report.longrepr))
        self.config.stash[REPORT_KEY].add_collect_error(report.nodeid, message, spec=spec)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self.session = session
        settings = settings_of(self.config)
        report = self.config.stash[REPORT_KEY]
        baseline = self.config.stash.get(BASELINE_KEY, None)
        if baseline is not None:
            from pytest_compaction.plugin.expectations import baseline_notes

            try:
                notes, stale = baseline_notes(baseline, report, write=settings.write_baseline)
            except OSError as error:
                notes, stale = [_not_written("--compaction-baseline", baseline.path, error)], True
            report.notes.extend(notes)
            if stale and session.exitstatus == pytest.ExitCode.OK:
                session.exitstatus = pytest.ExitCode.TESTS_FAILED
        report.notes.extend(_update_notes(report, self.config.invocation_params.dir))
        if not settings.mutants:
            return
        from pytest_compaction.mutants.catalog import mutation_table

        table = mutation_table(report.mutant_findings, dict(settings.accepted_survivors))
        self.config.stash[MUTATION_KEY] = table
        report.mutation = table.to_dict()
        if not table.ok and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        session = self.config.stash[REPORT_KEY]
        settings = settings_of(self.config)
        table = self.config.stash.get(MUTATION_KEY, None)
        if table is not None:
            terminalreporter.write_sep("=", "compaction mutation table")
            terminalreporter.write_line(table.render())
        outputs: list[tuple[str, str, str, Callable[[], Path]]] = []
        if settings.report and not hasattr(self.config, "workerinput"):
            report_path = settings.report
            outputs.append(
                ("--compaction-report", report_path, "compaction report", lambda: session.write(report_path))
            )
        if settings.html:
            from pytest_compaction.reporting.html import write_html

            html_path = settings.html
            outputs.append(
                (
                    "--compaction-html",
                    html_path,
                    "compaction HTML report",
                    lambda: write_html(session.to_json(), html_path),
                )
            )
        for flag, path, what, write in outputs:
            # Each output on its own: one that cannot be written is named, the others still are.
            try:
                terminalreporter.write_line(f"{what} written to {write()}")
            except OSError as error:
                terminalreporter.write_line(_not_written(flag, path, error), red=True)
                if self.session is not None and self.session.exitstatus == pytest.ExitCode.OK:
                    self.session.exitstatus = pytest.ExitCode.TESTS_FAILED
        if os.environ.get("GITHUB_ACTIONS") == "true":
            from pytest_compaction.reporting.annotations import from_records, render_github

            # Workflow commands: each violation shows on the line of the spec it is about.
            terminalreporter.write(render_github(from_records(session.records.values())))
        if session.records or session.uncollected:
            terminalreporter.write_sep("=", "compaction contract summary")
            for line in session.summary_lines():
                terminalreporter.write_line(line)
            if session.all_green and set(session.compressors) - {"recorded artifact", "artifact"} == {
                "reference"
            }:
                terminalreporter.write_line(hints.NEXT_STEP)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    if hasattr(config, "workerinput") or SETTINGS_KEY not in config.stash:
        return
    report = config.stash.get(REPORT_KEY, None)
    records = list(report.records.values()) if report is not None else []
    for line in hints.session_hints(config, settings_of(config), records):
        terminalreporter.write_line(line, yellow=True)


def _update_notes(report: SessionReport, invocation_dir: Path) -> list[str]:
    changes = [change for record in report.records.values() for change in record.updated]
    if not changes:
        return []
    from pytest_compaction.reporting.annotations import relative_path
    from pytest_compaction.reporting.escape import one_line

    lines = [f"updated the expected violations of {len(changes)} spec{'' if len(changes) == 1 else 's'}:"]
    for change in changes:
        parts = [f"+{n}" for n in change["added"]] + [f"-{n}" for n in change["removed"]]
        where = relative_path(change["path"], invocation_dir)
        lines.append(f"  {one_line(where)}: {one_line(' '.join(parts))}")
    return lines


@pytest.hookimpl(trylast=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    config = session.config
    settings = config.stash.get(SETTINGS_KEY, None)
    if settings is not None:
        check_store_database(config)
    if settings is not None and REPORT_KEY in config.stash and not hasattr(config, "workerinput"):
        config.pluginmanager.register(_Reporter(config), "compaction-reporter")
