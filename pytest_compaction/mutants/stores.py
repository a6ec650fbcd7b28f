"""Drift mutants on the storage side: a faithful compressor, a store that breaks the contract.

Representation loss (class 16) and lost updates (class 17) belong to the store, not the
compressor: these mutants wrap the embedded SQLite store, so a scenario's storage
boundary (write, stale-writer probe, read back) must catch them under their own names.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from pytest_compaction.compressors.base import Compressor, compressor_name
from pytest_compaction.core.model import Artifact
from pytest_compaction.mutants.compressors import MutantCompressor
from pytest_compaction.store.sqlite import SQLiteStore

__all__ = ["LastWriterWinsStore", "PassThrough", "StringifyingStore"]


class PassThrough(MutantCompressor):
    """The faithful compressor itself: for mutants whose defect is in the store."""

    mutant_name = "pass_through"

    def __init__(
        self, inner: Compressor | None = None, *, seed: int = 0, label: str = "pass_through"
    ) -> None:
        super().__init__(inner, seed=seed)
        self.label = label
        """The storage mutant this compressor runs for, so reports name it."""

    @property
    def name(self) -> str:
        return f"{self.label}({compressor_name(self.inner)})"


class StringifyingStore(SQLiteStore):
    """Stores every scalar fact value as a string, as a careless JSON adapter does
    (representation loss: ``representation_changed``)."""

    mutant_name: ClassVar[str] = "stringify_on_storage"

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        facts = tuple(
            dataclasses.replace(f, value=str(f.value)) if isinstance(f.value, (bool, int, float)) else f
            for f in artifact.facts
        )
        return super().write(dataclasses.replace(artifact, facts=facts), expected_version=expected_version)


class LastWriterWinsStore(SQLiteStore):
    """Ignores the version a write was based on: a concurrent compressor that read an
    older version overwrites newer memory (lost update: ``lost_update``)."""

    mutant_name: ClassVar[str] = "last_writer_wins"

    def write(self, artifact: Artifact, *, expected_version: int) -> int:
        current = self.version(artifact.tenant_id, artifact.subject_id)
        return super().write(
            dataclasses.replace(artifact, memory_version=current + 1), expected_version=current
        )
