"""pytest-compaction: contract-test AI-agent memory compression.

The names here are the standard-library core: the fact ledger, compression
artifacts, and the checker that returns named violations. Importing this package
does not import pytest, Hypothesis, YAML or deepdiff.
"""

from __future__ import annotations

from pytest_compaction.checker import Mode, check
from pytest_compaction.errors import (
    CompactionError,
    CompressorConfigError,
    LedgerError,
    LifecycleError,
    PayloadError,
    UnknownIdError,
)
from pytest_compaction.ledger import Ledger, Transition
from pytest_compaction.model import Artifact, Criticality, Fact, SourceEvent, Status, Trust
from pytest_compaction.payload import Payload, load_payload, payload_from_file
from pytest_compaction.violations import Verdict, Violation, ViolationCode, summarize

__all__ = [
    "Artifact",
    "CompactionError",
    "CompressorConfigError",
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

__version__ = "0.1.0"
