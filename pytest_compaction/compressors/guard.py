"""Run a compressor so that misbehaviour becomes a named violation, not an internal error.

The guard calls the compressor with a timeout (awaiting it when it is ``async``), reads
what it returned in any accepted shape (:mod:`pytest_compaction.compressors.shapes`),
checks the message structure of a message list
(:mod:`pytest_compaction.compressors.structure`), checks that it did not change its input,
and records exactly what it was given and what it declared it kept.

A compressor is handed the events' text; the ledger's claims (the answer key) reach it
only when it declares ``replays_claims = True``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import itertools
import operator
import threading
import time
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pytest_compaction.compressors.base import (
    CompressionRequest,
    Compressor,
    as_compressor,
    compressor_name,
    replays_claims,
)
from pytest_compaction.compressors.raised import described
from pytest_compaction.compressors.shapes import Normalized, normalize
from pytest_compaction.core.model import Artifact, as_built
from pytest_compaction.core.violations import Violation, ViolationCode

__all__ = [
    "AUTO_TIMEOUT",
    "DEFAULT_TIMEOUT",
    "MODEL_TIMEOUT",
    "CompressionRecord",
    "GuardedCompressor",
    "default_timeout",
]

DEFAULT_TIMEOUT = 5.0
"""Seconds a structured replayer (the reference compressor, the mutants) may take for one pass."""

MODEL_TIMEOUT = 120.0
"""Seconds any other compressor may take for one pass by default: long enough for a model call."""

AUTO_TIMEOUT = "auto"
"""The timeout that picks :data:`DEFAULT_TIMEOUT` or :data:`MODEL_TIMEOUT` by compressor."""


def default_timeout(compressor: object) -> float:
    """The default seconds for ``compressor``: short for an in-process replayer, long for a model."""
    return DEFAULT_TIMEOUT if replays_claims(compressor) else MODEL_TIMEOUT


@dataclass(frozen=True, slots=True, kw_only=True)
class CompressionRecord:
    """One call of the compressor: what it was given, what it returned, what went wrong.

    ``request`` is the harness's request (claims included); the compressor saw
    ``request.without_claims()`` unless it replays claims.
    """

    compressor: str
    request: CompressionRequest
    artifact: Artifact | None
    violations: tuple[Violation, ...] = ()
    seconds: float = 0.0
    attempt: int = 1
    shape: str = "artifact"
    """The output shape read (see :mod:`pytest_compaction.compressors.shapes`)."""
    kept: tuple[str, ...] = ()
    """Event ids the output kept verbatim (a selection)."""
    kept_prior: bool = True
    """False when the output declared it dropped the prior memory."""
    structured: bool = False
    """True when the compressor replays the ledger's claims into structured facts and does
    not declare ``prose_output``: its artifact is checked fact by fact even when it
    emitted none (an empty fact list is then an omission, not a prose summary)."""

    @property
    def input_event_ids(self) -> tuple[str, ...]:
        return tuple(event.event_id for event in self.request.events)

    @property
    def used_event_ids(self) -> tuple[str, ...]:
        """The events the compressor declared it kept or used; all it was given when it declared none."""
        declared = self.artifact.input_event_ids if self.artifact is not None else ()
        return declared or self.input_event_ids

    @property
    def ok(self) -> bool:
        return self.artifact is not None and not self.violations


@dataclass
class GuardedCompressor:
    """A compressor wrapped so that raising, hanging, garbage and input mutation are violations.

    ``timeout`` is seconds, ``None``/``0`` for none, or ``"auto"``
    (:func:`default_timeout`). ``records`` keeps every call in order, for the evidence.
    """

    compressor: Compressor
    timeout: float | str | None = DEFAULT_TIMEOUT
    records: list[CompressionRecord] = field(default_factory=list)

    def __post_init__(self) -> None:
        # A plain function (or a class) is adapted here, so it works wherever a compressor does.
        self.compressor = as_compressor(self.compressor)
        if self.timeout == AUTO_TIMEOUT:
            self.timeout = default_timeout(self.compressor)
        self._replays = replays_claims(self.compressor)
        self._structured = self._replays and not getattr(self.compressor, "prose_output", False)
        self._worker: _Worker | None = None

    @property
    def name(self) -> str:
        return compressor_name(self.compressor)

    @property
    def seconds(self) -> float | None:
        """The timeout in seconds, or None when calls are not bounded."""
        return float(self.timeout) if isinstance(self.timeout, (int, float)) and self.timeout else None

    def run(self, request: CompressionRequest, *, attempt: int = 1) -> CompressionRecord:
        """Call the compressor once and return the record (also appended to ``records``)."""
        given = request if self._replays else request.without_claims()
        before = _snapshot(given)
        started = time.perf_counter()
        normalized, raised, timed_out = self._call(given, request)
        seconds = time.perf_counter() - started
        violations: list[Violation] = []
        if timed_out:
            violations.append(Violation(code=ViolationCode.COMPRESSOR_TIMEOUT, detail=self._timeout_detail()))
        elif raised is not None:
            violations.append(
                Violation(code=ViolationCode.COMPRESSOR_ERROR, detail=self._error_detail(raised))
            )
        elif normalized is not None and normalized.problem is not None:
            violations.append(
                Violation(code=ViolationCode.ARTIFACT_MALFORMED, detail=f"{self.name} {normalized.problem}")
            )
        elif normalized is not None:
            from pytest_compaction.compressors.structure import check_structure

            violations.extend(check_structure(normalized, request, self.name))
        if not timed_out and _snapshot(given) != before:
            violations.append(
                Violation(
                    code=ViolationCode.INPUT_MUTATED,
                    detail=f"{self.name} changed the request it was given (events, prior artifact, its "
                    f"index or config); a compressor must treat its input as read-only",
                )
            )
        artifact = (
            normalized.artifact if normalized is not None and not timed_out and raised is None else None
        )
        record = CompressionRecord(
            compressor=self.name,
            request=request,
            artifact=artifact,
            violations=tuple(violations),
            seconds=seconds,
            attempt=attempt,
            shape=normalized.shape if normalized is not None else "none",
            kept=normalized.kept if normalized is not None else (),
            kept_prior=normalized.kept_prior if normalized is not None else True,
            structured=self._structured and record_shape_is_artifact(normalized),
        )
        self.records.append(record)
        return record

    def compress(self, request: CompressionRequest) -> Artifact | None:
        """Compressor-compatible call: the artifact, or None when the call was a violation."""
        return self.run(request).artifact

    def close(self) -> None:
        """End the timeout thread (the next call starts a new one); the records stay."""
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.stop()

    def _error_detail(self, raised: _Raised) -> str:
        if type(raised.error).__name__ == "IsolatedError":
            return f"{self.name} raised {raised.text} (in its child process)"
        return f"{self.name} raised {raised.text}"

    def _timeout_detail(self) -> str:
        detail = f"{self.name} did not return within {self.seconds or 0:g}s"
        if getattr(self.compressor, "isolated", False):
            return (
                f"{detail}; its child process was killed "
                f"(raise --compaction-timeout if it is legitimately slow)"
            )
        return (
            f"{detail}; it may still be running on a background thread, which Python cannot stop "
            f"(raise --compaction-timeout if it is legitimately slow, or run it with "
            f"--compaction-isolate=process so that it is killed at the timeout)"
        )

    def _call(
        self, given: CompressionRequest, request: CompressionRequest
    ) -> tuple[Normalized | None, _Raised | None, bool]:
        call = getattr(self.compressor, "call_isolated", None)
        if callable(call):
            # A child-process compressor enforces the timeout itself, by killing the child.
            try:
                outcome, timed_out = call(given, self.seconds)
            except Exception as exc:
                return None, _Raised(exc, str(exc)), False
            if timed_out:
                return None, None, True
            return normalize(outcome, request), None, False
        if self.seconds is None:
            done = _invoke_described(self.compressor, given, request)
            return (None, done, False) if isinstance(done, _Raised) else (done, None, False)
        worker = self._worker
        if worker is None or not worker.is_alive():
            worker = self._worker = _Worker(f"compaction:{self.name}")
            # A guard dropped without close() lets its idle thread end too.
            weakref.finalize(self, worker.stop)
        # The exception is described on the worker too: a message whose str() hangs is a timeout.
        ok, value = worker.call(lambda: _invoke_described(self.compressor, given, request), self.seconds)
        if ok is None:
            # A thread cannot be killed: the hung worker is abandoned (daemon) and reported;
            # it ends when the hung call returns, if ever.
            worker.stop()
            self._worker = None
            return None, None, True
        if not ok:
            if isinstance(value, KeyboardInterrupt):
                raise value  # the user pressed Ctrl-C inside the compressor: stop the run
            return None, _Raised(value, type(value).__name__), False
        if isinstance(value, _Raised):
            return None, value, False
        return value, None, False


class _Worker(threading.Thread):
    """One daemon thread that runs the guard's calls, reused while it keeps answering.

    The hand-over is two plain locks used as binary semaphores (cheaper than a pair of
    queues): the caller releases ``_go``, the worker releases ``_done``.
    """

    def __init__(self, name: str) -> None:
        super().__init__(name=name, daemon=True)
        self._go = threading.Lock()
        self._go.acquire()
        self._done = threading.Lock()
        self._done.acquire()
        self._job: Any = None
        self._result: tuple[bool, Any] = (False, None)
        self._stopped = False
        self.start()

    def stop(self) -> None:
        """End the thread: an idle worker at once, a busy (abandoned) one when its call returns."""
        if self._stopped:
            return
        self._stopped = True
        self._go.release()

    def run(self) -> None:
        while True:
            self._go.acquire()
            if self._stopped:
                return
            try:
                self._result = (True, self._job())
            except BaseException as exc:
                self._result = (False, exc)
            self._job = None
            self._done.release()

    def call(self, job: Any, seconds: float | None) -> tuple[bool | None, Any]:
        """``(True, value)``, ``(False, exception)``, or ``(None, None)`` at the timeout."""
        self._job = job
        self._go.release()
        if not self._done.acquire(timeout=-1 if seconds is None else seconds):
            return None, None  # the worker is abandoned by the caller; it never answers again
        result, self._result = self._result, (False, None)
        return result


def _invoke(compressor: Compressor, given: CompressionRequest, request: CompressionRequest) -> Normalized:
    outcome: Any = compressor.compress(given)
    if inspect.isawaitable(outcome):
        outcome = asyncio.run(_awaited(outcome))
    # Reading the output happens here, under the same timeout: an output whose iteration or
    # attributes hang is a hung compressor.
    return _unaltered(normalize(outcome, request))


def _unaltered(normalized: Normalized) -> Normalized:
    """``normalized``, or artifact_malformed when a fact the compressor built was changed after
    it was made: ``object.__setattr__`` around the frozen ``Fact`` leaves the identity the checker
    compares (computed once, in the constructor) stale, so the change would pass unseen."""
    artifact = normalized.artifact
    if artifact is None or normalized.shape != "artifact":
        return normalized
    for index, fact in enumerate(artifact.facts):
        if as_built(fact):
            continue
        return dataclasses.replace(
            normalized,
            artifact=None,
            problem=f"returned an artifact whose facts[{index}] ({fact.fact_id}) was changed after it "
            f"was made (object.__setattr__ on a frozen Fact skips its checks); build a new Fact, "
            f"e.g. with dataclasses.replace",
        )
    return normalized


@dataclass(frozen=True, slots=True)
class _Raised:
    """What a compressor raised, described where it was raised (under the call's timeout)."""

    error: BaseException
    text: str


def _invoke_described(
    compressor: Compressor, given: CompressionRequest, request: CompressionRequest
) -> Normalized | _Raised:
    try:
        return _invoke(compressor, given, request)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # SystemExit included: a compressor's exit is its error
        return _Raised(exc, described(exc, compressor))


async def _awaited(awaitable: Any) -> Any:
    return await awaitable


_EVENT = operator.attrgetter(
    "event_id",
    "tenant_id",
    "subject_id",
    "text",
    "trust",
    "order",
    "claims",
    "retires",
    "role",
    "tool_calls",
    "tool_call_id",
    "name",
)
_CLAIM = operator.attrgetter(
    "fact_id",
    "predicate",
    "value",
    "qualifiers",
    "authority",
    "criticality",
    "supersedes",
    "current",
    "prose",
)
_FACT = operator.attrgetter(
    "fact_id",
    "tenant_id",
    "subject_id",
    "predicate",
    "value",
    "qualifiers",
    "source_event_ids",
    "status",
    "authority",
    "criticality",
    "superseded_by",
    "status_event_id",
    "status_reason",
)
_CALL = operator.attrgetter("call_id", "name", "arguments")


def _snapshot(request: CompressionRequest) -> Any:
    """A token of everything in the request a compressor could change in place.

    Frozen values are captured by reference (their fields read at C speed, compared by
    identity first), so a hostile ``object.__setattr__`` shows; the mutable leaves (config,
    list and dict values, tool-call arguments) are copied deep; the prior's index by the
    identity of its entries. Whether any value or qualifier needs a deep copy is decided
    from the set of types seen, at C speed, so the common case (plain scalars) walks
    nothing in Python. This keeps the guard a small share of a pass.
    """
    events = request.events
    event_fields = tuple(map(_EVENT, events))
    claims = tuple(_chain(map(_CLAIMS_OF, event_fields)))
    calls = tuple(_chain(map(_CALLS_OF, event_fields)))
    claim_fields = tuple(map(_CLAIM, claims))
    call_fields = tuple(map(_CALL, calls))
    leaves: list[object] = [_frozen(request.config)]
    leaves.extend(_leaves(claim_fields, 2, 3))
    leaves.extend(_frozen(f[2]) for f in call_fields)
    prior = request.prior
    prior_state: object = None
    if prior is not None:
        fact_fields = tuple(map(_FACT, prior.facts))
        leaves.extend(_leaves(fact_fields, 4, 5))
        index = prior.index
        prior_state = (
            prior.memory_version,
            prior.tenant_id,
            prior.subject_id,
            prior.facts,
            fact_fields,
            prior.summary,
            prior.depth,
            prior.input_event_ids,
            tuple(index),
            tuple(map(id, index.values())),
        )
    scalars = (
        request.tenant_id,
        request.subject_id,
        request.memory_version,
        request.budget,
        request.budget_tokens,
        request.budget_chars,
    )
    return (scalars, events, event_fields, claims, claim_fields, calls, call_fields, prior_state, leaves)


_chain = itertools.chain.from_iterable
_CLAIMS_OF = operator.itemgetter(6)
_CALLS_OF = operator.itemgetter(9)
_SECOND = operator.itemgetter(1)
_SCALAR_TYPES = frozenset({str, int, float, bool, type(None)})


def _leaves(fields: tuple[tuple[Any, ...], ...], value: int, qualifiers: int) -> list[object]:
    """Deep copies of the values and qualifier values in ``fields`` that are not plain scalars."""
    values = tuple(map(operator.itemgetter(value), fields))
    pairs = tuple(_chain(map(operator.itemgetter(qualifiers), fields)))
    qualifier_values = tuple(map(_SECOND, pairs))
    # The types too: a value is typed (``50`` is not ``50.0``, ``False`` is not ``0``).
    types = (tuple(map(type, values)), tuple(map(type, qualifier_values)))
    if set(types[0]) <= _SCALAR_TYPES and set(types[1]) <= _SCALAR_TYPES:
        return [types]
    return [types, *(_frozen(v) for v in (*values, *qualifier_values) if type(v) not in _SCALAR_TYPES)]


def _frozen(value: object) -> object:
    """A deep, hashable-free copy of a plain value (dicts and lists become tagged tuples)."""
    kind = type(value)
    if kind is str or value is None:
        return value
    if kind is int or kind is float or kind is bool:
        return (kind, value)
    if kind is tuple or kind is list:
        return (kind, tuple(_frozen(item) for item in value))  # type: ignore[attr-defined]
    if isinstance(value, Mapping):
        return (dict, tuple((k, _frozen(v)) for k, v in value.items()))
    return (kind, value)  # an enum member or an opaque object: compared by equality


def record_shape_is_artifact(normalized: object) -> bool:
    """Whether the compressor returned an Artifact (or its dict) rather than prose or messages."""
    return getattr(normalized, "shape", None) == "artifact"
