"""Scenario variants: repeated compression and metamorphic relations, run and asserted.

The functions live in :mod:`pytest_compaction.engine.contract` (beside the other
assertion helpers they share a failure text with); this name keeps older imports working.
"""

from __future__ import annotations

from pytest_compaction.engine.contract import run_depth_variant, run_relation_variant, run_variant

__all__ = ["run_depth_variant", "run_relation_variant", "run_variant"]
