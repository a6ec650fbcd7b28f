"""``--compaction-fuzz``: the built-in property suite as pytest items (``compaction-fuzz::contract``, ...)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from pytest_compaction.core.errors import CompactionError, ConfigError
from pytest_compaction.engine.contract import CompactionOutcome
from pytest_compaction.plugin.session import recorder, settings_of

if TYPE_CHECKING:
    from pytest_compaction.fuzzing.properties import FuzzSettings

__all__ = ["FUZZ_SETTINGS_KEY", "FuzzItem", "FuzzSuite", "configure_fuzz", "fuzz_items"]

FUZZ_SETTINGS_KEY: pytest.StashKey[FuzzSettings] = pytest.StashKey()


def configure_fuzz(config: pytest.Config) -> None:
    """Build the fuzz settings once; a bad value stops the session with a usage error."""
    from pytest_compaction.fuzzing.properties import FuzzSettings

    settings = settings_of(config)
    try:
        config.stash[FUZZ_SETTINGS_KEY] = FuzzSettings(
            max_examples=settings.fuzz_examples,
            database=settings.fuzz_database,
            record_failures=settings.record_failures,
            compressor_ref=settings.compressor_ref,
            timeout=settings.timeout,
            attempts=settings.attempts,
        )
    except ConfigError as exc:
        raise pytest.UsageError(f"pytest-compaction: fuzzing: {exc}") from None


def fuzz_items(session: pytest.Session) -> list[pytest.Item]:
    """One item per built-in property, under a ``compaction-fuzz`` collector."""
    from pytest_compaction.fuzzing.properties import PROPERTIES

    suite = FuzzSuite.from_parent(session, name="compaction-fuzz", nodeid="compaction-fuzz")
    return [FuzzItem.from_parent(suite, name=name) for name in PROPERTIES]


class FuzzSuite(pytest.Collector):
    """The built-in fuzz properties (items are made by :func:`fuzz_items`)."""

    def collect(self) -> list[pytest.Item]:
        return []


class FuzzItem(pytest.Item):
    """One built-in property, run with Hypothesis against the configured compressor."""

    def runtest(self) -> None:
        from pytest_compaction.fuzzing.properties import FuzzFailure, run_property

        settings = settings_of(self.config)
        try:
            run_property(self.name, settings.compressor_ref, self.config.stash[FUZZ_SETTINGS_KEY])
        except FuzzFailure as failure:
            recorder(self)(CompactionOutcome(settings.compressor_ref, failure.violations))
            raise

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, CompactionError):
            from pytest_compaction.fuzzing.properties import FuzzFailure

            if isinstance(excinfo.value, FuzzFailure):
                return str(excinfo.value)
            return f"pytest-compaction: {excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Any, int | None, str]:
        return self.path, None, f"compaction-fuzz::{self.name}"
