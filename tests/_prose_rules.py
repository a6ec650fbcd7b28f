"""Shared helpers of the prose rule tests: a one-invariant register and its two verdicts."""

from __future__ import annotations

from typing import Any

from pytest_compaction.prose.summary import check_prose


def rule(text: str, markers: list[str], modality: str) -> dict[str, Any]:
    """A register of one invariant, ``inv``."""
    return {"invariants": [{"id": "inv", "text": text, "markers": markers, "modality": modality}]}


def passes(register: dict[str, Any], summary: str) -> bool:
    return check_prose(register, summary).ok


def weakened(register: dict[str, Any], summary: str) -> bool:
    return "inv:modal_weakened" in check_prose(register, summary).names
