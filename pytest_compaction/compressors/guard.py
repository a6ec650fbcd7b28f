"""Run a compressor so that misbehaviour becomes a named violation, not an internal error.

The guard calls the compressor with a timeout, checks what it returned, checks
that it did not change its input, and records exactly what it was given.
"""

from __future__ import annotations

import copy
import threading
import time
import traceback
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pytest_compaction.compressors.base import CompressionRequest, Compressor, compressor_name
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.model import Artifact
from pytest_compaction.core.violations import Violation, ViolationCode

__all__ = ["DEFAULT_TIMEOUT", "CompressionRecord", "GuardedCompressor"]

DEFAULT_TIMEOUT = 5.0
"""Seconds a compressor may take for one pass before ``compressor_timeout``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CompressionRecord:
    """One call of the compressor: what it was given, what it returned, what went wrong."""

    compressor: str
    request: CompressionRequest
    artifact: Artifact | None
    violations: tuple[Violation, ...] = ()
    seconds: float = 0.0
    attempt: int = 1

    @property
    def input_event_ids(self) -> tuple[str, ...]:
        return tuple(event.event_id for event in self.request.events)

    @property
    def ok(self) -> bool:
        return self.artifact is not None and not self.violations


@dataclass
class GuardedCompressor:
    """A compressor wrapped so that raising, hanging, garbage and input mutation are violations.

    ``records`` keeps every call in order, for the evidence.
    """

    compressor: Compressor
    timeout: float | None = DEFAULT_TIMEOUT
    records: list[CompressionRecord] = field(default_factory=list)

    @property
    def name(self) -> str:
        return compressor_name(self.compressor)

    def run(self, request: CompressionRequest, *, attempt: int = 1) -> CompressionRecord:
        """Call the compressor once and return the record (also appended to ``records``)."""
        before = _snapshot(request)
        started = time.perf_counter()
        outcome, error, timed_out = self._call(request)
        seconds = time.perf_counter() - started
        violations: list[Violation] = []
        artifact: Artifact | None = None
        if timed_out:
            violations.append(
                Violation(
                    code=ViolationCode.COMPRESSOR_TIMEOUT,
                    detail=f"{self.name} did not return within {self.timeout:g}s "
                    f"(raise --compaction-timeout if it is legitimately slow)",
                )
            )
        elif error is not None:
            violations.append(
                Violation(
                    code=ViolationCode.COMPRESSOR_ERROR,
                    detail=f"{self.name} raised {_one_line(error)}{_where(error)}",
                )
            )
        else:
            artifact, problem = _as_artifact(outcome)
            if problem is not None:
                violations.append(
                    Violation(code=ViolationCode.ARTIFACT_MALFORMED, detail=f"{self.name} {problem}")
                )
        if not timed_out and _snapshot(request) != before:
            violations.append(
                Violation(
                    code=ViolationCode.INPUT_MUTATED,
                    detail=f"{self.name} changed the request it was given (events, prior artifact or "
                    f"config); a compressor must treat its input as read-only",
                )
            )
        record = CompressionRecord(
            compressor=self.name,
            request=request,
            artifact=artifact,
            violations=tuple(violations),
            seconds=seconds,
            attempt=attempt,
        )
        self.records.append(record)
        return record

    def compress(self, request: CompressionRequest) -> Artifact | None:
        """Compressor-compatible call: the artifact, or None when the call was a violation."""
        return self.run(request).artifact

    def _call(self, request: CompressionRequest) -> tuple[Any, BaseException | None, bool]:
        if not self.timeout:
            try:
                return self.compressor.compress(request), None, False
            except Exception as exc:
                return None, exc, False
        box: dict[str, Any] = {}

        def target() -> None:
            try:
                box["value"] = self.compressor.compress(request)
            except BaseException as exc:
                box["error"] = exc

        # A thread cannot be killed: a hung compressor is abandoned (daemon) and reported.
        worker = threading.Thread(target=target, name=f"compaction:{self.name}", daemon=True)
        worker.start()
        worker.join(self.timeout)
        if worker.is_alive():
            return None, None, True
        error = box.get("error")
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise error
        return box.get("value"), error, False


def _snapshot(request: CompressionRequest) -> Any:
    # Frozen events cannot change, but config dicts, lists inside values and the prior's
    # index can; a deep copy of the plain form catches all of them.
    return copy.deepcopy(request.to_dict())


def _as_artifact(outcome: object) -> tuple[Artifact | None, str | None]:
    if isinstance(outcome, Artifact):
        return outcome, None
    if outcome is None:
        return None, "returned None; a compressor must return an Artifact (or the equivalent dict)"
    if isinstance(outcome, Mapping):
        try:
            return Artifact.from_dict(outcome), None
        except PayloadError as exc:
            return None, f"returned a dict that is not an artifact: {exc}"
    return (
        None,
        f"returned {type(outcome).__name__}; a compressor must return an Artifact (or the equivalent dict)",
    )


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


def _where(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" at {last.filename}:{last.lineno} in {last.name}"
