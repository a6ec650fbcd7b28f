"""Per-session state for the pytest layer: settings, the report, and per-test recording."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pytest_compaction.plugin.settings import Settings

if TYPE_CHECKING:
    from pytest_compaction.core.scenario import Scenario
    from pytest_compaction.engine.contract import CompactionOutcome, CompressorUnderTest, Sink
    from pytest_compaction.plugin.report import SessionReport
    from pytest_compaction.store.sqlite import MemoryStore

__all__ = ["REPORT_KEY", "SETTINGS_KEY", "compressor_for", "open_store", "recorder", "settings_of"]

SETTINGS_KEY = pytest.StashKey[Settings]()
REPORT_KEY: pytest.StashKey[SessionReport] = pytest.StashKey()


def settings_of(config: pytest.Config) -> Settings:
    return config.stash[SETTINGS_KEY]


def recorder(node: pytest.Item) -> Sink:
    """A sink that writes outcomes as the test's report properties (junitxml, xdist, the report)."""

    from pytest_compaction.plugin.report import PROPERTY_COMPRESSOR, PROPERTY_EVIDENCE, PROPERTY_VIOLATIONS

    settings = settings_of(node.config)

    def record(outcome: CompactionOutcome) -> str | None:
        names = " ".join(v.name for v in outcome.violations)
        node.user_properties.append((PROPERTY_COMPRESSOR, outcome.compressor))
        node.user_properties.append((PROPERTY_VIOLATIONS, names))
        if not (settings.evidence_dir and outcome.violations and outcome.evidence is not None):
            return None
        from pytest_compaction.engine.evidence import keyed, write_bundle

        with keyed(settings.evidence_key):
            bundle = outcome.evidence(node.nodeid, settings.evidence_raw)
        path = str(write_bundle(settings.evidence_dir, node.nodeid, bundle))
        node.user_properties.append((PROPERTY_EVIDENCE, path))
        return path

    return record


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


def open_store(config: pytest.Config) -> MemoryStore:
    """A fresh store from the configured factory; a bad reference fails the test with one line."""
    __tracebackhide__ = True
    from pytest_compaction.core.errors import ConfigError

    try:
        return settings_of(config).store_factory()()
    except ConfigError as exc:
        problem = str(exc)
    pytest.fail(f"pytest-compaction: {problem}", pytrace=False)


def record_mutant_findings(item: pytest.Item, scenario: Scenario, *, baseline: tuple[str, ...]) -> None:
    """Run ``scenario`` against every drift mutant; the findings travel as a report property."""
    import json

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
