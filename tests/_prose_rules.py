"""Shared helpers of the prose rule tests: one-invariant and one-failure registers and their verdicts."""

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


def failure(text: str, approach: list[str], error: list[str] | None = None) -> dict[str, Any]:
    """A register of one failure record, ``fail-1``."""
    record: dict[str, Any] = {"id": "fail-1", "text": text, "approach": approach}
    if error:
        record["error"] = error
    return {"failures": [record]}


def codes(register: dict[str, Any], summary: str) -> set[str]:
    """The violation codes the summary gets against the register."""
    return {v.code.value for v in check_prose(register, summary).violations}
