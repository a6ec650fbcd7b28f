"""pytest-compaction: contract-test AI-agent memory compression.

The names here are the standard-library core: the fact ledger, compression
artifacts, and the checker that returns named violations. They load on first
use, so that pytest importing the plugin in every session pays nearly nothing;
importing this package never imports pytest, Hypothesis, YAML or deepdiff.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pytest_compaction.core.checker import Mode, check
    from pytest_compaction.core.errors import (
        CompactionError,
        CompressorConfigError,
        ConfigError,
        LedgerError,
        LifecycleError,
        PayloadError,
        UnknownIdError,
    )
    from pytest_compaction.core.ledger import Ledger, Transition
    from pytest_compaction.core.model import Artifact, Claim, Criticality, Fact, SourceEvent, Status, Trust
    from pytest_compaction.core.violations import Verdict, Violation, ViolationCode, summarize
    from pytest_compaction.specs.payload import Payload, load_payload, payload_from_file

__version__ = "0.1.0"

_EXPORTS = {
    "check": "core.checker",
    "Mode": "core.checker",
    "CompactionError": "core.errors",
    "ConfigError": "core.errors",
    "CompressorConfigError": "core.errors",
    "LedgerError": "core.errors",
    "LifecycleError": "core.errors",
    "PayloadError": "core.errors",
    "UnknownIdError": "core.errors",
    "Ledger": "core.ledger",
    "Transition": "core.ledger",
    "Artifact": "core.model",
    "Claim": "core.model",
    "Criticality": "core.model",
    "Fact": "core.model",
    "SourceEvent": "core.model",
    "Status": "core.model",
    "Trust": "core.model",
    "Payload": "specs.payload",
    "load_payload": "specs.payload",
    "payload_from_file": "specs.payload",
    "Verdict": "core.violations",
    "Violation": "core.violations",
    "ViolationCode": "core.violations",
    "summarize": "core.violations",
}

__all__ = [
    "Artifact",
    "Claim",
    "CompactionError",
    "CompressorConfigError",
    "ConfigError",
    "Criticality",
    "Fact",
    "Ledger",
    "LedgerError",
    "LifecycleError",
    "Mode",
    "Payload",
    "PayloadError",
    "SourceEvent",
    "Status",
    "Transition",
    "Trust",
    "UnknownIdError",
    "Verdict",
    "Violation",
    "ViolationCode",
    "__version__",
    "check",
    "load_payload",
    "payload_from_file",
    "summarize",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'pytest_compaction' has no attribute {name!r}")
    # Not cached in globals(): the submodule in sys.modules stays the one source of truth
    # (pytester and reloaders replace modules; a cached class would then be a stranger).
    return getattr(importlib.import_module(f"pytest_compaction.{module}"), name)


def __dir__() -> list[str]:
    return __all__
