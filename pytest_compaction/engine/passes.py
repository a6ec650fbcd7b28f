"""Pass checks: what the pipeline asks of every compression pass.

The runner (:func:`pytest_compaction.engine.runner.run_pass`) calls the compressor,
writes the artifact through the store, and hands each attempt to every pass check
as a :class:`PassContext`. A pass check is any callable ``check(context) ->
Iterable[Violation]``; it returns what it finds as data and never raises for a
finding. Front ends differ only in the checks they pass: a scenario spec runs
:data:`DEFAULT_CHECKS` plus its prose checks, repeated compression adds
:func:`depth_tracked`, the state machine runs the defaults with its own lifecycle.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from pytest_compaction.compressors.base import CompressionRequest
from pytest_compaction.compressors.guard import CompressionRecord
from pytest_compaction.core.checker import check
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.engine.partition import partition_kept
from pytest_compaction.prose.facts import check_artifact_summary

if TYPE_CHECKING:
    from pytest_compaction.engine.runner import PassResult, Stored

__all__ = [
    "DEFAULT_CHECKS",
    "PassCheck",
    "PassContext",
    "RequestConfig",
    "contract_kept",
    "deleted_content_in_input",
    "depth_tracked",
    "partition_kept",
    "prefixed",
    "request_config",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class PassContext:
    """Everything a pass check may look at for one attempt of one compression pass."""

    ledger: Ledger
    """The ground truth as it stands at this pass (later events have not happened yet).

    The run's own ledger, not a copy: read it during the call, do not keep it.
    """
    record: CompressionRecord
    """This attempt: the request the compressor was given and what it returned."""
    index: int
    """1-based pass number in the run."""
    depth: int
    """How many compressions deep this pass is, counted by the runner (1 after a re-ground)."""
    previous: Sequence[PassResult] = ()
    """The run's earlier passes, every scope, in order."""
    stored: Stored | None = None
    """The storage boundary of this pass (the version written and the read-back), if a store is used."""
    step_path: str = ""
    """The path of the scenario step this pass runs (``steps[3]``), when a scenario runs it."""

    @property
    def request(self) -> CompressionRequest:
        return self.record.request

    @property
    def artifact(self) -> Artifact | None:
        """The artifact the compressor returned (None when the guard refused the call)."""
        return self.record.artifact

    @property
    def read_back(self) -> Artifact | None:
        """The artifact as the store returned it, when the run writes through a store."""
        return self.stored.read_back if self.stored is not None else None

    @property
    def scope(self) -> tuple[str, str]:
        return self.record.request.tenant_id, self.record.request.subject_id

    def scope_passes(self) -> list[PassResult]:
        """The earlier passes of this pass's tenant and subject."""
        return [p for p in self.previous if (p.tenant_id, p.subject_id) == self.scope]


class PassCheck(Protocol):
    """A check run on every attempt of every pass: returns the violations it finds."""

    def __call__(self, context: PassContext, /) -> Iterable[Violation]: ...


class RequestConfig(Protocol):
    """What a check adds to one pass's request ``config``, before the compressor is called.

    A check that hands the compressor something of its own (the prose check's pinned
    block) carries this as its ``configure`` attribute: it is given the request as planned
    and the scope's earlier passes, so what it hands over can depend on what the history
    has stated so far, never on what comes later.
    """

    def __call__(
        self, request: CompressionRequest, previous: Sequence[PassResult], /
    ) -> Mapping[str, object]: ...


def request_config(pass_check: PassCheck) -> RequestConfig | None:
    """``pass_check``'s ``configure`` (see :class:`RequestConfig`), or None when it has none."""
    configure = getattr(pass_check, "configure", None)
    return configure if callable(configure) else None


def contract_kept(context: PassContext) -> list[Violation]:
    """The checker: the artifact against the ledger as it stands at this pass.

    Every finding is returned; in permissive mode the runner lists the reviewable
    ones (an unsupported extra fact) as review items instead of failures.
    """
    if context.artifact is None:
        return []
    # A summary is read in prose against the facts' prose forms (when the spec gives them).
    verdict = check_artifact_summary(
        context.ledger,
        context.artifact,
        check(context.ledger, context.artifact),
        facts_expected=context.record.structured,
    )
    return list(verdict.violations)


def deleted_content_in_input(context: PassContext) -> list[Violation]:
    """No deleted event, and no text of one, may reach the compressor (filter before selection)."""
    ledger = context.ledger
    redacted = ledger.redacted_event_ids
    if not redacted:
        return []
    record = context.record
    given = set(record.input_event_ids)
    if record.artifact is not None:
        given.update(record.artifact.input_event_ids)
    texts = {ledger.event_by_id(e).text for e in redacted if ledger.event_by_id(e).text.strip()}
    leaked = sorted(given & redacted)
    for event in record.request.events:
        if event.event_id not in redacted and any(text in event.text for text in texts):
            leaked.append(f"{event.event_id} (repeats deleted text)")
    if not leaked:
        return []
    return [
        Violation(
            code=ViolationCode.DELETED_CONTENT_IN_INPUT,
            observed=tuple(leaked),
            detail="deleted content reached the compressor; filter deletions before selection, "
            "not after compression",
        )
    ]


def depth_tracked(context: PassContext) -> list[Violation]:
    """``artifact_malformed`` when the artifact's ``depth`` is not the compressions behind it."""
    artifact = context.artifact
    if artifact is None or artifact.depth == context.depth:
        return []
    return [
        Violation(
            code=ViolationCode.ARTIFACT_MALFORMED,
            expected=context.depth,
            observed=artifact.depth,
            detail=f"the artifact says it is {artifact.depth} compressions deep, but it is "
            f"{context.depth}; set Artifact.depth to request.depth so depth can be tracked and capped",
        )
    ]


DEFAULT_CHECKS: tuple[PassCheck, ...] = (deleted_content_in_input, contract_kept, partition_kept)
"""What every scenario pass is checked for; a run's own checks come after these.

``partition_kept`` (:mod:`pytest_compaction.engine.partition`): the artifact and its
read-back carry the request's tenant and subject."""


def prefixed(violation: Violation, prefix: str) -> Violation:
    """``violation`` with ``prefix`` (e.g. ``"attempt 2: "``) in front of its detail."""
    if not prefix:
        return violation
    return dataclasses.replace(violation, detail=f"{prefix}{violation.detail}".rstrip(": "))
