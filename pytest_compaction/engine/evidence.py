"""Evidence bundles: what happened at each boundary of a failing contract test, sanitized.

A bundle records ids, versions, type names and keyed fingerprints of every text and
value: enough to see where a fact vanished (selection, compression, storage,
retrieval, use) without writing a user's conversation into CI artifacts. Raw text
and values are included only when asked for (``--compaction-evidence-raw``); a
deleted fact's value and a redacted event's text are never written, in any mode.

Fingerprints are HMAC-SHA256 under a key that is not written to the bundle: a random
key per run (fingerprints compare within one run only), or a configured one
(``--compaction-evidence-key`` / ``COMPACTION_EVIDENCE_KEY``) for fingerprints that stay
stable across runs. Without the key, guessing a short value (a phone number, a dose)
and hashing it does not reproduce its fingerprint.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import hashlib
import hmac
import json
import math
import os
import re
import secrets
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_compaction.compressors.attribution import stage_named
from pytest_compaction.compressors.guard import CompressionRecord
from pytest_compaction.config.references import EVIDENCE_KEY_ENV
from pytest_compaction.core.errors import ConfigError
from pytest_compaction.core.guarantee import enumerated_facts, enumerated_in_scenario, guarantee_entry
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Fact, SourceEvent, Status, typed_token
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.engine.runner import ScenarioRun
from pytest_compaction.store.retrieval import LOST_IN_RANKING, LOST_IN_STORAGE

if TYPE_CHECKING:
    from pytest_compaction.engine.steps import RetrievalResult, UseStepResult

__all__ = [
    "BOUNDARIES",
    "KEY_ENV",
    "MIN_DISTINCT_KEY_CHARS",
    "MIN_KEY_CHARS",
    "SCHEMA",
    "WITHHELD",
    "EvidenceKey",
    "boundary_of",
    "bundle_from_records",
    "bundle_from_run",
    "default_key",
    "first_boundary",
    "keyed",
    "lost_stage",
    "write_bundle",
]

SCHEMA = "pytest-compaction/evidence/2"

KEY_ENV = EVIDENCE_KEY_ENV
"""The environment variable that holds a configured fingerprint key."""

MIN_KEY_CHARS = 16
MIN_DISTINCT_KEY_CHARS = 8
"""A configured key must use this many different characters: "aaaaaaaaaaaaaaaa" or
"1234123412341234" is long enough and guessable (a random hex key of 32 has about 16)."""
"""A configured key shorter than this could itself be guessed; it is refused."""

WITHHELD = {"withheld": "deleted"}
"""What stands in for a deleted fact's value or a redacted event's text, in every mode."""

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
    """The boundary that owns a violation: the stage its detail names
    (:func:`~pytest_compaction.compressors.attribution.stage_named`), else its code's.

    A relevant fact retrieval did not return is owned by storage when the stored memory
    did not hold it (its detail says :data:`~pytest_compaction.store.retrieval.LOST_IN_STORAGE`),
    by retrieval otherwise.
    """
    if violation.code is ViolationCode.RETRIEVAL_OMITTED and LOST_IN_STORAGE in violation.detail:
        return "storage"
    named = stage_named(violation)  # the runner names every pass violation's stage
    if named is not None:
        return named
    return _STAGE.get(violation.code, "compression")


def lost_stage(violation: Violation) -> str | None:
    """``"retrieval ranking"`` or ``"storage"`` for a ``retrieval_omitted`` that names its stage."""
    if violation.code is not ViolationCode.RETRIEVAL_OMITTED:
        return None
    for words in (LOST_IN_STORAGE, LOST_IN_RANKING):
        if words in violation.detail:
            return words.removeprefix("lost in ")
    return None


def first_boundary(violations: Iterable[Violation]) -> str | None:
    """The earliest boundary, in pipeline order, where expected and observed diverge."""
    stages = {boundary_of(v) for v in violations}
    return next((stage for stage in BOUNDARIES if stage in stages), None)


# -- the fingerprint key --------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class EvidenceKey:
    """The secret that fingerprints are keyed with; only its ``key_id`` reaches a bundle."""

    secret: bytes = dataclasses.field(repr=False)
    source: str = "per-run"
    """``per-run`` (random, never stored) or ``configured``."""

    @classmethod
    def from_text(cls, text: str, *, origin: str) -> EvidenceKey:
        """A configured key; ``origin`` (the option or variable) is named when it is too short."""
        if len(text) < MIN_KEY_CHARS:
            raise ConfigError(
                f"{origin}: the evidence fingerprint key is {len(text)} characters; use at least "
                f'{MIN_KEY_CHARS} random characters (for example: python -c "import secrets; '
                f'print(secrets.token_hex(32))"), kept in a CI secret'
            )
        if len(set(text)) < MIN_DISTINCT_KEY_CHARS:
            raise ConfigError(
                f"{origin}: the evidence fingerprint key repeats a few characters ({len(set(text))} "
                f"distinct); a key that can be guessed lets anyone reverse the fingerprints of short "
                f'values; use random characters (python -c "import secrets; print(secrets.token_hex(32))"), '
                f"kept in a CI secret"
            )
        return cls(text.encode("utf-8", "surrogatepass"), "configured")

    @property
    def key_id(self) -> str:
        """Tells two bundles fingerprinted with the same key apart from others; reveals nothing."""
        return hmac.new(self.secret, b"pytest-compaction/evidence/key-id", hashlib.sha256).hexdigest()[:16]

    def digest(self, data: bytes) -> str:
        return hmac.new(self.secret, data, hashlib.sha256).hexdigest()


_RUN_KEY: list[EvidenceKey] = []
_ACTIVE: contextvars.ContextVar[EvidenceKey | None] = contextvars.ContextVar("compaction_evidence_key")


def default_key() -> EvidenceKey:
    """The key in force: one set by :func:`keyed`, else ``$COMPACTION_EVIDENCE_KEY``, else this
    process's random key (made once, kept in memory only)."""
    active = _ACTIVE.get(None)
    if active is not None:
        return active
    text = os.environ.get(KEY_ENV)
    if text:
        return EvidenceKey.from_text(text, origin=KEY_ENV)
    if not _RUN_KEY:
        _RUN_KEY.append(EvidenceKey(secrets.token_bytes(32), "per-run"))
    return _RUN_KEY[0]


@contextlib.contextmanager
def keyed(key: EvidenceKey | str | None) -> Iterator[EvidenceKey]:
    """Fingerprint with ``key`` (a configured key's text, or None for :func:`default_key`)."""
    if isinstance(key, str):
        key = EvidenceKey.from_text(key, origin="--compaction-evidence-key")
    chosen = key if key is not None else default_key()
    token = _ACTIVE.set(chosen)
    try:
        yield chosen
    finally:
        _ACTIVE.reset(token)


# -- bundles --------------------------------------------------------------------------


def bundle_from_run(
    run: ScenarioRun, *, test_id: str, compressor: str, raw: bool = False, key: EvidenceKey | None = None
) -> dict[str, Any]:
    """The evidence of a scenario run: every pass, every attempt, each retrieval and use, the ledger."""
    out = _Sanitizer(raw, key or default_key(), run.ledger)
    passes = []
    for result in run.passes:
        for record in result.attempts:
            entry = _record(record, out)
            entry["pass"] = result.index
            entry["step"] = result.step_path
            entry["validation"] = [v.name for v in result.verdict.violations]
            if result.stored is not None:
                entry["stored_version"] = result.stored.version
                entry["read_back_artifact"] = _artifact(result.stored.read_back, out)
            passes.append(entry)
    bundle = _bundle(
        out,
        test_id=test_id,
        compressor=compressor,
        fixture=run.scenario.name,
        tenant_id=run.scenario.tenant_id,
        subject_id=run.scenario.subject_id,
        violations=run.violations,
        passes=passes,
        ledger=run.ledger,
    )
    bundle["retrievals"] = [_retrieval(result, out) for result in run.retrievals]
    bundle["uses"] = [_use(result, out) for result in run.uses]
    bundle["guarantee"] = guarantee_entry(enumerated_in_scenario(run.scenario))
    return bundle


def bundle_from_records(
    ledger: Ledger | None,
    records: Sequence[CompressionRecord],
    violations: Sequence[Violation],
    *,
    test_id: str,
    compressor: str,
    raw: bool = False,
    key: EvidenceKey | None = None,
) -> dict[str, Any]:
    """The evidence of a Python contract test: the compressor calls it made and the ledger."""
    out = _Sanitizer(raw, key or default_key(), ledger)
    first = records[0].request if records else None
    bundle = _bundle(
        out,
        test_id=test_id,
        compressor=compressor,
        fixture=None,
        tenant_id=first.tenant_id if first else None,
        subject_id=first.subject_id if first else None,
        violations=violations,
        passes=[{"pass": index, **_record(record, out)} for index, record in enumerate(records, start=1)],
        ledger=ledger,
    )
    bundle["guarantee"] = guarantee_entry(enumerated_facts(ledger) if ledger is not None else 0)
    return bundle


def write_bundle(directory: str | Path, test_id: str, bundle: Mapping[str, Any]) -> Path:
    """Write ``bundle`` as ``<directory>/<safe test id>-<hash>.json`` and return the path.

    The file is strict JSON (no ``NaN``/``Infinity``) and pure ASCII: any text that
    reaches it raw is escaped, so no byte of it can drive a terminal that prints the file.
    """
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", test_id).strip("_")[-80:] or "test"
    digest = hashlib.sha256(test_id.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    path = target / f"{stem}-{digest}.json"
    text = json.dumps(_finite(bundle), indent=2, sort_keys=False, ensure_ascii=True, allow_nan=False)
    path.write_text(text + "\n", encoding="ascii")
    return path


class _Sanitizer:
    """Turns every text and value into what a bundle may hold, in one place.

    Sanitized (the default): texts and values become ``{"hmac", "type", "chars"}``.
    Raw: they are kept. In both modes a deleted fact's value (wherever it appears, under
    any id) and a redacted event's text are :data:`WITHHELD`, and raw texts have the
    deleted values cut out.
    """

    def __init__(self, raw: bool, key: EvidenceKey, ledger: Ledger | None) -> None:
        self.raw = raw
        self.key = key
        deleted = [fact for fact in ledger or () if fact.status is Status.DELETED]
        self.deleted_ids = frozenset(fact.fact_id for fact in deleted)
        self.deleted_values = {_token(fact.value) for fact in deleted if fact.value is not None}
        self.redacted_events = ledger.redacted_event_ids if ledger is not None else frozenset()
        texts = {_text_form(fact.value) for fact in deleted}
        texts |= {_text_form(value) for fact in deleted for _, value in fact.qualifiers}
        if ledger is not None:
            # A redacted event's words are cut out of free text too (a summary may quote them).
            texts |= {ledger.event_by_id(e).text.strip() for e in self.redacted_events}
        self.deleted_texts = sorted((t for t in texts if t), key=len, reverse=True)

    def text(self, text: str) -> object:
        """Free text: a fingerprint, or (raw) the text with deleted values cut out."""
        if self.raw:
            for cut in self.deleted_texts:
                text = text.replace(cut, "[deleted]")
            return text
        return self.fingerprint(text)

    def value(self, value: object) -> object:
        """A typed value: a fingerprint keeping its type, or (raw) the value itself."""
        if value is None:
            return None
        if _token(value) in self.deleted_values:
            return dict(WITHHELD)
        if self.raw:
            if isinstance(value, str):
                return self.text(value)
            return value
        return self.fingerprint(value)

    def fingerprint(self, value: object) -> dict[str, Any]:
        kind = type(value).__name__
        encoded = json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr, separators=(",", ":"))
        out: dict[str, Any] = {
            "hmac": self.key.digest(f"{kind}:{encoded}".encode("utf-8", "surrogatepass")),
            "type": kind,
        }
        if isinstance(value, str):
            out["chars"] = len(value)
        return out

    def fact(self, fact: Fact) -> dict[str, Any]:
        deleted = fact.fact_id in self.deleted_ids
        return {
            "fact_id": fact.fact_id,
            "tenant_id": fact.tenant_id,
            "subject_id": fact.subject_id,
            "predicate": fact.predicate,
            "value": dict(WITHHELD) if deleted else self.value(fact.value),
            "type": None if deleted else _type_of(fact.value),
            "qualifiers": [
                [name, dict(WITHHELD) if deleted else self.value(value), None if deleted else _type_of(value)]
                for name, value in fact.qualifiers
            ],
            "source_event_ids": list(fact.source_event_ids),
            "status": fact.status.value,
            "authority": fact.authority.value,
            "criticality": fact.criticality.value,
        }

    def violation(self, violation: Violation) -> dict[str, Any]:
        deleted = violation.fact_id in self.deleted_ids
        out = violation.to_dict()
        for side in ("expected", "observed"):
            out[side] = dict(WITHHELD) if deleted and out[side] is not None else self.value(out[side])
        out["detail"] = self.text(violation.detail) if violation.detail else ""
        out["boundary"] = boundary_of(violation)
        return out

    def structured(self, value: object) -> object:
        """A consumer's action: its shape kept, every scalar a typed fingerprint unless raw."""
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            value = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
        if isinstance(value, Mapping):
            return {str(key): self.structured(item) for key, item in value.items()}
        if isinstance(value, (list, tuple, set, frozenset)):
            items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value
            return [self.structured(item) for item in items]
        if isinstance(value, (str, int, float, bool)) or value is None:
            return self.value(value)
        return self.text(repr(value))

    def setting(self, value: object) -> object:
        """A compressor configuration entry: numbers and flags kept, anything else as text."""
        if isinstance(value, (int, float, bool)) or value is None:
            return value
        if isinstance(value, str):
            return self.text(value)
        return self.text(json.dumps(value, sort_keys=True, default=repr))


def _token(value: object) -> object:
    try:
        token = typed_token(value)
        hash(token)
    except TypeError:
        return ("unhashable", repr(value))
    return token


def _text_form(value: object) -> str:
    if value is None or isinstance(value, bool):
        return ""  # a flag is one bit, and cutting "True" out of prose would only confuse
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)


def _type_of(value: object) -> str:
    return type(value).__name__ if value is not None else "null"


def _finite(value: object) -> object:
    """``value`` with non-finite floats spelled out, so the bundle stays strict JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return {"float": repr(value)}
    if isinstance(value, Mapping):
        return {str(key): _finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item) for item in value]
    return value


def _bundle(
    out: _Sanitizer,
    *,
    test_id: str,
    compressor: str,
    fixture: str | None,
    tenant_id: str | None,
    subject_id: str | None,
    violations: Sequence[Violation],
    passes: list[dict[str, Any]],
    ledger: Ledger | None,
) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "run_id": uuid.uuid4().hex,
        "test": test_id,
        "fixture": fixture,
        "compressor": compressor,
        "tenant_id": tenant_id,
        "subject_id": subject_id,
        "raw_text": out.raw,
        "fingerprints": {"algorithm": "hmac-sha256", "key": out.key.source, "key_id": out.key.key_id},
        "first_divergence": _divergence(violations),
        "violations": [out.violation(v) for v in violations],
        "passes": passes,
        "ledger": _ledger(ledger, out) if ledger is not None else None,
    }


def _divergence(violations: Sequence[Violation]) -> dict[str, Any] | None:
    stage = first_boundary(violations)
    if stage is None:
        return None
    names = [v.name for v in violations if boundary_of(v) == stage]
    return {"boundary": stage, "violations": names}


def _record(record: CompressionRecord, out: _Sanitizer) -> dict[str, Any]:
    request = record.request
    return {
        "attempt": record.attempt,
        "compressor": record.compressor,
        "input_memory_version": request.prior.memory_version if request.prior is not None else None,
        "selected_event_ids": [e.event_id for e in request.events],
        "declared_input_event_ids": list(record.artifact.input_event_ids) if record.artifact else None,
        "compressor_config": {key: out.setting(value) for key, value in sorted(request.config.items())},
        "budget": request.budget,
        "seconds": round(record.seconds, 6),
        "compressor_violations": [v.name for v in record.violations],
        "immediate_artifact": _artifact(record.artifact, out),
    }


def _retrieval(result: RetrievalResult, out: _Sanitizer) -> dict[str, Any]:
    query = result.query
    return {
        "step": result.step_path,
        "after_pass": result.after_pass,
        "query_class": query.query_class,
        "query_text": out.text(query.text) if query.text else None,
        "filter": {
            "tenant_id": query.tenant_id,
            "subject_id": query.subject_id,
            "predicates": list(query.predicates),
            "limit": query.limit,
        },
        "relevant_fact_ids": list(result.relevant),
        "memory_version_read": result.memory_version,
        "candidate_fact_ids": list(result.candidates),
        "selected_fact_ids": list(result.fact_ids),
        "selected_facts": [out.fact(fact) for fact in result.facts],
        "references_passed_downstream": list(result.references),
        "lost": [
            {"fact_id": v.fact_id, "stage": stage}
            for v in result.verdict.violations
            if (stage := lost_stage(v)) is not None
        ],
        "validation": [v.name for v in result.verdict.violations],
    }


def _use(result: UseStepResult, out: _Sanitizer) -> dict[str, Any]:
    return {
        "step": result.step_path,
        "consumer": result.consumer,
        "rules": list(result.rules),
        "given_fact_ids": list(result.given_fact_ids),
        "action": out.structured(result.action),
        "validation": [v.name for v in result.verdict.violations],
    }


def _artifact(artifact: Artifact | None, out: _Sanitizer) -> dict[str, Any] | None:
    if artifact is None:
        return None
    return {
        "memory_version": artifact.memory_version,
        "tenant_id": artifact.tenant_id,
        "subject_id": artifact.subject_id,
        "depth": artifact.depth,
        "input_event_ids": list(artifact.input_event_ids),
        "facts": [out.fact(fact) for fact in artifact.facts],
        "summary": out.text(artifact.summary) if artifact.summary is not None else None,
    }


def _ledger(ledger: Ledger, out: _Sanitizer) -> dict[str, Any]:
    return {
        "facts": [out.fact(fact) for fact in ledger],
        "events": [_event(event, out) for event in ledger.events],
        "redacted_event_ids": sorted(ledger.redacted_event_ids),
        "history": [
            {"kind": t.kind, "fact_id": t.fact_id, "event_id": t.event_id, "other_fact_id": t.other_fact_id}
            for t in ledger.history
        ],
    }


def _event(event: SourceEvent, out: _Sanitizer) -> dict[str, Any]:
    redacted = event.event_id in out.redacted_events
    return {
        "event_id": event.event_id,
        "tenant_id": event.tenant_id,
        "subject_id": event.subject_id,
        "trust": event.trust.value,
        "order": event.order,
        "text": dict(WITHHELD) if redacted else out.text(event.text),
    }
