"""Per-session state for the pytest layer: settings, the report, and per-test recording."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, cast

import pytest

from pytest_compaction.plugin.settings import Settings

if TYPE_CHECKING:
    from collections.abc import Generator

    from pytest_compaction.core.scenario import Scenario
    from pytest_compaction.engine.contract import CompactionOutcome, CompressorUnderTest, Sink
    from pytest_compaction.plugin.report import SessionReport
    from pytest_compaction.store.sqlite import MemoryStore

__all__ = [
    "OWN_COMPRESSOR_KEY",
    "PLUGIN_MODULE",
    "REPORT_KEY",
    "OverrideSites",
    "SETTINGS_KEY",
    "check_store_database",
    "compressor_for",
    "definition_site",
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
    """Where ``name`` is overridden for ``item`` (``conftest.py:12``), or None for the plugin's own.

    Only the collection line of the header uses this, before any test ran; pytest has no public
    API for "which definition of this fixture will a node get", so it asks pytest's fixture
    registry (the ``funcmanage`` plugin) and leaves the line out if that ever changes shape.
    What a spec item runs never depends on it: pytest itself resolves the fixture then.
    """
    manager = item.config.pluginmanager.getplugin("funcmanage")
    definitions = None
    for where in (item, item.nodeid):  # pytest 8.0 takes the node id, later ones the node
        try:
            definitions = manager.getfixturedefs(name, where)
            break
        except (TypeError, AttributeError):
            continue
    if not definitions:
        return None
    return definition_site(definitions[-1].func)


def definition_site(function: object) -> str | None:
    """``file:line`` of a fixture function, or None when it is the plugin's own."""
    function = getattr(function, "__wrapped__", function)
    if getattr(function, "__module__", None) == PLUGIN_MODULE:
        return None
    code = getattr(function, "__code__", None)
    if code is None:
        return repr(function)
    return f"{code.co_filename}:{code.co_firstlineno}"


def known_overrides(config: pytest.Config) -> list[str]:
    """Where the plugins loaded so far (``conftest.py`` files included) override ``compressor_under_test``.

    For the header, before collection: a registered plugin that defines the fixture under its
    own name. An override defined under another name, or in a ``conftest.py`` collection
    loads later, is named by the collection line instead.
    """
    found: list[str] = []
    for plugin in config.pluginmanager.get_plugins():
        defined = getattr(plugin, "compressor_under_test", None)
        site = definition_site(defined) if callable(defined) else None
        if site is not None and not site.startswith("<"):
            where = shown_location(site, config.rootpath)
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


OWN_COMPRESSOR_KEY: pytest.StashKey[object] = pytest.StashKey()
"""The value the plugin's own ``compressor_under_test`` fixture made for an item."""
_DEFINED_KEY: pytest.StashKey[list[tuple[object, str]]] = pytest.StashKey()


class OverrideSites:
    """Remembers where each overriding ``compressor_under_test`` was defined, as pytest sets it up.

    Registered in contract runs only; the site names the fixture in a spec item's error
    when its value is not a compressor.
    """

    @pytest.hookimpl(wrapper=True)
    def pytest_fixture_setup(
        self, fixturedef: pytest.FixtureDef[object], request: pytest.FixtureRequest
    ) -> Generator[None, object, object]:
        __tracebackhide__ = True  # a fixture's own error shows as if this hook were not there
        value = yield
        if fixturedef.argname == "compressor_under_test":
            site = definition_site(fixturedef.func)
            if site is not None:
                # The node of the fixture's scope: the item itself, or the module/session it is cached on.
                request.node.stash.setdefault(_DEFINED_KEY, []).append((value, site))
        return value


def _site_of(item: pytest.Item, value: object) -> str:
    for node in reversed(item.listchain()):
        sites = node.stash.get(_DEFINED_KEY, [])
        for index, (defined, site) in enumerate(sites):
            if defined is value:
                if node is item:
                    del sites[index]  # a function-scoped value goes with its test
                return shown_location(site, item.config.rootpath)
    return "a conftest.py or plugin"


def spec_compressor(request: pytest.FixtureRequest) -> CompressorUnderTest:
    """The compressor a spec item runs: its ``compressor_under_test`` fixture, resolved by pytest
    like any test's, so a ``conftest.py`` override applies to the specs below it. Never silently
    the reference compressor when the suite said otherwise."""
    __tracebackhide__ = True
    item = request.node
    value = request.getfixturevalue("compressor_under_test")
    if item.stash.get(OWN_COMPRESSOR_KEY, None) is value:
        return cast("CompressorUnderTest", value)
    return adopt_compressor(item, value, _site_of(item, value))


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
        problem = str(exc)
    else:
        return CompressorUnderTest(
            compressor,
            timeout=settings.timeout,
            attempts=settings.attempts,
            sink=recorder(item),
            store_factory=store_factory,
        )
    # Outside the except block: the message alone, not chained to the error it replaces.
    pytest.fail(f"pytest-compaction: the compressor_under_test fixture at {where}: {problem}", pytrace=False)


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
