"""Per-session state for the pytest layer: settings, the report, and per-test recording."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pytest_compaction.plugin.settings import Settings

if TYPE_CHECKING:
    from pytest_compaction.core.scenario import Scenario
    from pytest_compaction.engine.contract import CompactionOutcome, CompressorUnderTest, Sink
    from pytest_compaction.plugin.report import SessionReport
    from pytest_compaction.store.sqlite import MemoryStore

__all__ = [
    "PLUGIN_MODULE",
    "REPORT_KEY",
    "SETTINGS_KEY",
    "check_store_database",
    "compressor_for",
    "fixture_override",
    "known_overrides",
    "open_store",
    "recorder",
    "settings_of",
    "shown_location",
    "spec_compressor",
]

PLUGIN_MODULE = "pytest_compaction.plugin"
"""Where the plugin's own fixtures live; a fixture defined anywhere else overrides one."""

SETTINGS_KEY = pytest.StashKey[Settings]()
REPORT_KEY: pytest.StashKey[SessionReport] = pytest.StashKey()


def settings_of(config: pytest.Config) -> Settings:
    return config.stash[SETTINGS_KEY]


def recorder(node: pytest.Item) -> Sink:
    """A sink that writes outcomes as the test's report properties (junitxml, xdist, the report)."""

    from pytest_compaction.plugin.report import (
        PROPERTY_COMPRESSOR,
        PROPERTY_DETAILS,
        PROPERTY_EVIDENCE,
        PROPERTY_VIOLATIONS,
    )
    from pytest_compaction.reporting.details import violation_details
    from pytest_compaction.reporting.escape import one_line

    settings = settings_of(node.config)
    seen: list[dict[str, object]] = []

    def record(outcome: CompactionOutcome) -> str | None:
        names = " ".join(one_line(v.name).replace(" ", "\\x20") for v in outcome.violations)
        node.user_properties.append((PROPERTY_COMPRESSOR, one_line(outcome.compressor)))
        node.user_properties.append((PROPERTY_VIOLATIONS, names))
        spec_path = getattr(getattr(node, "spec", None), "path", None)
        seen.extend(violation_details(outcome.violations, spec_path))
        _replace_property(node, PROPERTY_DETAILS, json.dumps(seen))
        if not (settings.evidence_dir and outcome.violations and outcome.evidence is not None):
            return None
        from pytest_compaction.engine.evidence import keyed, write_bundle

        with keyed(settings.evidence_key):
            bundle = outcome.evidence(node.nodeid, settings.evidence_raw)
        path = str(write_bundle(settings.evidence_dir, node.nodeid, bundle))
        node.user_properties.append((PROPERTY_EVIDENCE, path))
        return path

    return record


def _replace_property(node: pytest.Item, key: str, value: str) -> None:
    node.user_properties[:] = [(k, v) for k, v in node.user_properties if k != key]
    node.user_properties.append((key, value))


def compressor_for(node: pytest.Item, *, depth: int = 1) -> CompressorUnderTest:
    """The configured compressor, guarded and recording into ``node``; a bad reference fails the test."""
    __tracebackhide__ = True
    from pytest_compaction.core.errors import ConfigError
    from pytest_compaction.engine.contract import CompressorUnderTest

    settings = settings_of(node.config)
    try:
        compressor = settings.compressor()
        store_factory = settings.store_factory()
    except ConfigError as exc:
        problem = str(exc)
        if "cannot import module" in problem:
            problem += (
                f"; the rootdir ({node.config.rootpath}) is on sys.path for it: for a module elsewhere "
                "add `pythonpath = <its directory>` to your pytest ini"
            )
    else:
        return CompressorUnderTest(
            compressor,
            timeout=settings.timeout,
            depth=depth,
            attempts=settings.attempts,
            sink=recorder(node),
            store_factory=store_factory,
        )
    pytest.fail(f"pytest-compaction: {problem}", pytrace=False)


def fixture_override(item: pytest.Item, name: str = "compressor_under_test") -> str | None:
    """Where ``name`` is overridden for ``item`` (``conftest.py:12``), or None for the plugin's own."""
    manager = item.session._fixturemanager
    try:
        definitions = manager.getfixturedefs(name, item)
    except (TypeError, AttributeError):  # pytest 8.0 takes the node id
        definitions = manager.getfixturedefs(name, item.nodeid)  # type: ignore[arg-type]
    if not definitions:
        return None
    function = definitions[-1].func
    if getattr(function, "__module__", None) == PLUGIN_MODULE:
        return None
    code = getattr(function, "__code__", None)
    if code is None:
        return repr(function)
    return f"{code.co_filename}:{code.co_firstlineno}"


def known_overrides(config: pytest.Config) -> list[str]:
    """Where the conftest files loaded so far override ``compressor_under_test`` (for the header)."""
    manager = config.pluginmanager.getplugin("funcmanage")
    definitions = getattr(manager, "_arg2fixturedefs", {}).get("compressor_under_test", ())
    functions = [definition.func for definition in definitions]
    # Newer pytest parses a conftest's fixtures only at collection: read the loaded
    # conftest modules themselves too (a fixture object wraps the function it defines).
    for plugin in config.pluginmanager.get_plugins():
        if Path(getattr(plugin, "__file__", None) or "").name == "conftest.py":
            defined = getattr(plugin, "compressor_under_test", None)
            if defined is not None:
                functions.append(getattr(defined, "__wrapped__", defined))
    found: list[str] = []
    for function in functions:
        code = getattr(function, "__code__", None)
        if getattr(function, "__module__", None) != PLUGIN_MODULE and code is not None:
            where = shown_location(f"{code.co_filename}:{code.co_firstlineno}", config.rootpath)
            if where not in found:
                found.append(where)
    return found


def shown_location(where: str, root: Path) -> str:
    """``/abs/conftest.py:12`` relative to the rootdir when it lies inside it."""
    path, _, line = where.rpartition(":")
    try:
        return f"{Path(path).relative_to(root).as_posix()}:{line}"
    except ValueError:
        return where


def spec_compressor(item: pytest.Item) -> CompressorUnderTest:
    """The compressor a spec item runs: the ``compressor_under_test`` fixture when the suite
    overrides it (a conftest.py), else the configured one. Never silently the reference
    compressor when the suite said otherwise."""
    __tracebackhide__ = True
    where = fixture_override(item)
    if where is None:
        return compressor_for(item)
    try:
        from _pytest.fixtures import TopRequest
    except ImportError:  # pragma: no cover - a pytest without the doctest-style fixture request
        pytest.fail(
            f"pytest-compaction: compressor_under_test is overridden at {where}, and this pytest cannot "
            "hand fixtures to spec items; set --compaction-compressor (or compaction_compressor) instead",
            pytrace=False,
        )
    # The fixture machinery pytest's own doctest items use: a request on a non-Python item.
    manager = item.session._fixturemanager
    info = manager.getfixtureinfo(node=item, func=None, cls=None)
    item._fixtureinfo = info  # type: ignore[attr-defined]
    item.fixturenames = info.names_closure  # type: ignore[attr-defined]
    item.funcargs = {}  # type: ignore[attr-defined]
    request = TopRequest(item, _ispytest=True)  # type: ignore[arg-type]
    value = request.getfixturevalue("compressor_under_test")
    return adopt_compressor(item, value, where)


def adopt_compressor(item: pytest.Item, value: object, where: str) -> CompressorUnderTest:
    """A fixture's value as a :class:`CompressorUnderTest` recording into ``item``."""
    __tracebackhide__ = True
    import dataclasses

    from pytest_compaction.compressors.base import as_compressor
    from pytest_compaction.core.errors import ConfigError
    from pytest_compaction.engine.contract import CompressorUnderTest

    settings = settings_of(item.config)
    if isinstance(value, CompressorUnderTest):
        return dataclasses.replace(value, sink=_chain(recorder(item), value.sink))
    try:
        compressor = as_compressor(value)
        store_factory = settings.store_factory()
    except ConfigError as exc:
        pytest.fail(f"pytest-compaction: the compressor_under_test fixture at {where}: {exc}", pytrace=False)
    return CompressorUnderTest(
        compressor,
        timeout=settings.timeout,
        attempts=settings.attempts,
        sink=recorder(item),
        store_factory=store_factory,
    )


def _chain(first: Sink, second: Sink) -> Sink:
    def both(outcome: CompactionOutcome) -> str | None:
        written = first(outcome)
        other = second(outcome)
        return written if written is not None else other

    return both


def open_store(config: pytest.Config) -> MemoryStore:
    """A fresh store from the configured factory; a bad reference fails the test with one line."""
    __tracebackhide__ = True
    from pytest_compaction.core.errors import ConfigError

    try:
        return settings_of(config).store_factory()()
    except ConfigError as exc:
        problem = str(exc)
    pytest.fail(f"pytest-compaction: {problem}", pytrace=False)


def check_store_database(config: pytest.Config) -> None:
    """Open the configured store once at start-up: a database it cannot use is one usage error.

    Only a database problem (a corrupt, unreadable or non-SQLite file) stops the run here; a
    reference that does not resolve, or a factory that fails otherwise, is reported by each
    test that uses the store, as before.
    """
    settings = settings_of(config)
    if settings.store_ref in ("", "sqlite") or hasattr(config, "workerinput"):
        return  # the embedded in-memory store has no file; an xdist controller checked it already
    from pytest_compaction.store.errors import StoreDatabaseError
    from pytest_compaction.store.sqlite import close_store

    try:
        close_store(settings.store_factory()())
    except StoreDatabaseError as exc:
        raise pytest.UsageError(
            f"pytest-compaction: --compaction-store={settings.store_ref}: {exc} (database file: {exc.path})"
        ) from None
    except Exception:  # every test that uses the store reports it
        return


def record_mutant_findings(item: pytest.Item, scenario: Scenario, *, baseline: tuple[str, ...]) -> None:
    """Run ``scenario`` against every drift mutant; the findings travel as a report property."""
    from pytest_compaction.compressors.base import resolve_compressor
    from pytest_compaction.mutants.catalog import MUTANTS, run_mutant
    from pytest_compaction.plugin.report import PROPERTY_MUTANTS

    settings = settings_of(item.config)
    store_factory = settings.store_factory()
    findings = [
        run_mutant(
            mutant,
            scenario,
            inner=lambda: resolve_compressor(settings.compressor_ref),
            baseline=baseline,
            attempts=settings.attempts,
            timeout=settings.timeout,
            store_factory=store_factory,
            label=item.name,
        ).to_dict()
        for mutant in MUTANTS
    ]
    item.user_properties.append((PROPERTY_MUTANTS, json.dumps(findings)))
