"""Evidence bundles: what happened at each boundary of a failing contract test, sanitized.

A bundle records ids, typed values, versions and hashes of raw text: enough to see
where a fact vanished (selection, compression, storage, retrieval, use) without
writing a user's conversation into CI artifacts. Raw text is included only when
asked for (``--compaction-evidence-raw``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import uuid
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_compaction.compressors.guard import CompressionRecord
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Fact, SourceEvent
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.engine.runner import ScenarioRun

if TYPE_CHECKING:
    from pytest_compaction.engine.steps import RetrievalResult, UseStepResult

__all__ = [
    "BOUNDARIES",
    "SCHEMA",
    "boundary_of",
    "bundle_from_records",
    "bundle_from_run",
    "first_boundary",
    "write_bundle",
]

SCHEMA = "pytest-compaction/evidence/1"

BOUNDARIES = ("selection", "compression", "storage", "retrieval", "use")
"""The four stages, selection and compression being the two halves of the first."""

_STAGE = {
    ViolationCode.DELETED_CONTENT_IN_INPUT: "selection",
    ViolationCode.REPRESENTATION_CHANGED: "storage",
    ViolationCode.LOST_UPDATE: "storage",
    ViolationCode.MIGRATION_NOT_IDEMPOTENT: "storage",
    ViolationCode.RETRIEVAL_OMITTED: "retrieval",
    ViolationCode.RETRIEVAL_FORBIDDEN: "retrieval",
    ViolationCode.ISOLATION_BREACH: "retrieval",
    ViolationCode.ACTION_VIOLATES_FACT: "use",
}


def boundary_of(violation: Violation) -> str:
    """The boundary that owns a violation; a missing fact names selection when it never arrived."""
    if violation.code is ViolationCode.MISSING and "dropped by selection" in violation.detail:
        return "selection"
    return _STAGE.get(violation.code, "compression")


def first_boundary(violations: Iterable[Violation]) -> str | None:
    """The earliest boundary, in pipeline order, where expected and observed diverge."""
    stages = {boundary_of(v) for v in violations}
    return next((stage for stage in BOUNDARIES if stage in stages), None)


def bundle_from_run(run: ScenarioRun, *, test_id: str, compressor: str, raw: bool = False) -> dict[str, Any]:
    """The evidence of a scenario run: every pass, every attempt, each retrieval and use, the ledger."""
    passes = []
    for result in run.passes:
        for record in result.attempts:
            entry = _record(record, raw)
            entry["pass"] = result.index
            entry["step"] = result.step_path
            entry["validation"] = [v.name for v in result.verdict.violations]
            if result.stored is not None:
                entry["stored_version"] = result.stored.version
                entry["read_back_artifact"] = _artifact(result.stored.read_back, raw)
            passes.append(entry)
    bundle = _bundle(
        test_id=test_id,
        compressor=compressor,
        fixture=run.scenario.name,
        tenant_id=run.scenario.tenant_id,
        subject_id=run.scenario.subject_id,
        violations=run.violations,
        passes=passes,
        ledger=run.ledger,
        raw=raw,
    )
    bundle["retrievals"] = [_retrieval(result, raw) for result in run.retrievals]
    bundle["uses"] = [_use(result, raw) for result in run.uses]
    return bundle


def bundle_from_records(
    ledger: Ledger | None,
    records: Sequence[CompressionRecord],
    violations: Sequence[Violation],
    *,
    test_id: str,
    compressor: str,
    raw: bool = False,
) -> dict[str, Any]:
    """The evidence of a Python contract test: the compressor calls it made and the ledger."""
    first = records[0].request if records else None
    return _bundle(
        test_id=test_id,
        compressor=compressor,
        fixture=None,
        tenant_id=first.tenant_id if first else None,
        subject_id=first.subject_id if first else None,
        violations=violations,
        passes=[{"pass": index, **_record(record, raw)} for index, record in enumerate(records, start=1)],
        ledger=ledger,
        raw=raw,
    )


def write_bundle(directory: str | Path, test_id: str, bundle: Mapping[str, Any]) -> Path:
    """Write ``bundle`` as ``<directory>/<safe test id>-<hash>.json`` and return the path."""
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", test_id).strip("_")[-80:] or "test"
    digest = hashlib.sha256(test_id.encode()).hexdigest()[:10]
    path = target / f"{stem}-{digest}.json"
    path.write_text(json.dumps(bundle, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    return path


def _bundle(
    *,
    test_id: str,
    compressor: str,
    fixture: str | None,
    tenant_id: str | None,
    subject_id: str | None,
    violations: Sequence[Violation],
    passes: list[dict[str, Any]],
    ledger: Ledger | None,
    raw: bool,
) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "run_id": uuid.uuid4().hex,
        "test": test_id,
        "fixture": fixture,
        "compressor": compressor,
        "tenant_id": tenant_id,
        "subject_id": subject_id,
        "raw_text": raw,
        "first_divergence": _divergence(violations),
        "violations": [v.to_dict() | {"boundary": boundary_of(v)} for v in violations],
        "passes": passes,
        "ledger": _ledger(ledger, raw) if ledger is not None else None,
    }


def _divergence(violations: Sequence[Violation]) -> dict[str, Any] | None:
    stage = first_boundary(violations)
    if stage is None:
        return None
    names = [v.name for v in violations if boundary_of(v) == stage]
    return {"boundary": stage, "violations": names}


def _record(record: CompressionRecord, raw: bool) -> dict[str, Any]:
    request = record.request
    return {
        "attempt": record.attempt,
        "compressor": record.compressor,
        "input_memory_version": request.prior.memory_version if request.prior is not None else None,
        "selected_event_ids": [e.event_id for e in request.events],
        "declared_input_event_ids": list(record.artifact.input_event_ids) if record.artifact else None,
        "compressor_config": {
            key: _text_or_value(value, raw) for key, value in sorted(request.config.items())
        },
        "budget": request.budget,
        "seconds": round(record.seconds, 6),
        "compressor_violations": [v.name for v in record.violations],
        "immediate_artifact": _artifact(record.artifact, raw),
    }


def _retrieval(result: RetrievalResult, raw: bool) -> dict[str, Any]:
    query = result.query
    return {
        "step": result.step_path,
        "after_pass": result.after_pass,
        "query_class": query.query_class,
        "query_text": _text_or_value(query.text, raw) if query.text else None,
        "filter": {
            "tenant_id": query.tenant_id,
            "subject_id": query.subject_id,
            "predicates": list(query.predicates),
            "limit": query.limit,
        },
        "relevant_fact_ids": list(result.relevant),
        "selected_fact_ids": list(result.fact_ids),
        "selected_facts": [_fact(fact) for fact in result.facts],
        "validation": [v.name for v in result.verdict.violations],
    }


def _use(result: UseStepResult, raw: bool) -> dict[str, Any]:
    return {
        "step": result.step_path,
        "consumer": result.consumer,
        "rules": list(result.rules),
        "given_fact_ids": list(result.given_fact_ids),
        "action": _structured(result.action, raw),
        "validation": [v.name for v in result.verdict.violations],
    }


def _structured(value: object, raw: bool) -> object:
    """A consumer's action with its shape and types kept, every string hashed unless ``raw``."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(key): _structured(item, raw) for key, item in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value
        return [_structured(item, raw) for item in items]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return _text_or_value(value, raw)
    return _text_or_value(repr(value), raw)


def _artifact(artifact: Artifact | None, raw: bool) -> dict[str, Any] | None:
    if artifact is None:
        return None
    return {
        "memory_version": artifact.memory_version,
        "tenant_id": artifact.tenant_id,
        "subject_id": artifact.subject_id,
        "depth": artifact.depth,
        "input_event_ids": list(artifact.input_event_ids),
        "facts": [_fact(fact) for fact in artifact.facts],
        "summary": _text_or_value(artifact.summary, raw) if artifact.summary is not None else None,
    }


def _fact(fact: Fact) -> dict[str, Any]:
    # Fact values are kept, with their types: they are the typed oracle, not free text.
    return {
        "fact_id": fact.fact_id,
        "tenant_id": fact.tenant_id,
        "subject_id": fact.subject_id,
        "predicate": fact.predicate,
        "value": fact.value,
        "type": type(fact.value).__name__ if fact.value is not None else "null",
        "qualifiers": [[key, value, type(value).__name__] for key, value in fact.qualifiers],
        "source_event_ids": list(fact.source_event_ids),
        "status": fact.status.value,
        "authority": fact.authority.value,
        "criticality": fact.criticality.value,
    }


def _ledger(ledger: Ledger, raw: bool) -> dict[str, Any]:
    return {
        "facts": [_fact(fact) for fact in ledger],
        "events": [_event(event, raw) for event in ledger.events],
        "redacted_event_ids": sorted(ledger.redacted_event_ids),
        "history": [
            {"kind": t.kind, "fact_id": t.fact_id, "event_id": t.event_id, "other_fact_id": t.other_fact_id}
            for t in ledger.history
        ],
    }


def _event(event: SourceEvent, raw: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "event_id": event.event_id,
        "tenant_id": event.tenant_id,
        "subject_id": event.subject_id,
        "trust": event.trust.value,
        "order": event.order,
        "text": _text_or_value(event.text, raw),
    }
    return out


def _text_or_value(value: object, raw: bool) -> object:
    if isinstance(value, str):
        if raw:
            return value
        return {"sha256": hashlib.sha256(value.encode("utf-8")).hexdigest(), "chars": len(value)}
    if isinstance(value, (int, float, bool)) or value is None:
        return value
    return _text_or_value(json.dumps(value, sort_keys=True, default=repr), raw)
