"""``compaction new-fixture``: turn a recorded memory incident into regression fixtures.

An incident is what was saved when memory went wrong: the artifact the compressor
returned, plus the ground truth, given either as

* a ``compaction check`` payload (``expected`` facts with their lifecycle, optional
  ``events``, and the ``artifact``), or
* the artifact and the source events as JSON lines: one event per line in the form a
  compressor receives it (``event_id``, ``text``, ``trust``, ``claims``, ``retires``;
  ``tenant_id``/``subject_id`` default to the artifact's), and a line
  ``{"delete": "<fact id>", "event_id": "<event>"}`` where a deletion happened.

Two specs are written:

* ``<name>-incident.compaction.yaml`` (``kind: recorded``): the artifact and the expected
  ledger, expecting exactly the violations the checker finds now. It passes while the
  saved artifact shows them and fails if the checker stops seeing them, or if the
  artifact is replaced by a fixed one (then delete the spec or re-record).
* ``<name>.compaction.yaml``: a scenario skeleton with the same events, facts and
  lifecycle, ready to run through the compressor under test. It fails while the
  compressor still loses the fact and passes once it is fixed.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_compaction.core._fields import (
    check_keys,
    join,
    read_mapping,
    read_optional_str,
    read_sequence,
    read_str,
    read_str_list,
    shown,
)
from pytest_compaction.core.errors import ConfigError, PayloadError
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import (
    Artifact,
    Claim,
    SourceEvent,
    Status,
    Trust,
    _enum,
)
from pytest_compaction.core.scenario import SPEC_VERSION, Scenario, Step
from pytest_compaction.specs.safeyaml import Flow, dump_yaml

__all__ = [
    "Incident",
    "Scaffold",
    "incident_from_events",
    "incident_from_payload",
    "scaffold",
    "write_scaffold",
]

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


@dataclass(frozen=True, slots=True, kw_only=True)
class Incident:
    """The ground truth of an incident and the artifact that broke it."""

    expected: Ledger
    artifact: Artifact
    artifact_data: Mapping[str, Any]
    """The artifact exactly as saved, written back unchanged."""
    events: tuple[SourceEvent, ...]
    """Source events in history order (with the claims they state, when known)."""
    deletions: tuple[tuple[int, str, str | None], ...] = ()
    """``(events delivered before it, fact id, event id)`` for every deletion, in order."""
    sources: tuple[str, ...] = ()
    """The input files, for the comment at the top of the specs."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Scaffold:
    """The files ``new-fixture`` writes, as text, and what the checker found."""

    name: str
    recorded: str
    scenario: str
    artifact_json: str | None
    """The artifact file's text when it is kept beside the spec (``artifact_file:``)."""
    violations: tuple[str, ...]
    notes: tuple[str, ...] = field(default=())
    """Where the scenario skeleton could not say exactly what the incident held."""
    skeleton: Scenario | None = None
    """The scenario skeleton as a model; ``scenario`` is its spec text."""

    def files(self, out: Path) -> dict[Path, str]:
        paths = {
            out / f"{self.name}-incident.compaction.yaml": self.recorded,
            out / f"{self.name}.compaction.yaml": self.scenario,
        }
        if self.artifact_json is not None:
            paths[out / f"{self.name}-incident.artifact.json"] = self.artifact_json
        return paths


# -- reading an incident -----------------------------------------------------------


def incident_from_payload(path: str | Path) -> Incident:
    """An incident saved as a ``compaction check`` payload (JSON or YAML)."""
    from pytest_compaction.specs.payload import payload_from_file, read_data_file

    payload = payload_from_file(path)
    data = read_data_file(path)
    return Incident(
        expected=payload.expected,
        artifact=payload.artifact,
        artifact_data=data["artifact"],
        events=payload.expected.events,
        sources=(str(path),),
    )


def incident_from_events(artifact_path: str | Path, events_path: str | Path) -> Incident:
    """An incident saved as the artifact (JSON or YAML) and the source events (JSON lines)."""
    from pytest_compaction.engine.runner import build_ledger_step
    from pytest_compaction.specs.payload import read_data_file

    raw = read_data_file(artifact_path)
    try:
        artifact = Artifact.from_dict(raw, "artifact")
    except PayloadError as exc:
        raise exc.located(str(artifact_path)) from None
    events: list[SourceEvent] = []
    numbers: list[int] = []  # the line of each event
    deletions: list[tuple[int, str, str | None, int]] = []
    for number, item in _json_lines(Path(events_path)):
        try:
            if isinstance(item, Mapping) and "delete" in item:
                check_keys(item, "", required=("delete",), optional=("event_id",))
                fact_id = read_str(item, "delete", "")
                by_event = read_optional_str(item, "event_id", "")
                if by_event is not None and all(e.event_id != by_event for e in events):
                    raise PayloadError(
                        "event_id",
                        f"no earlier line has event {by_event!r}; put the deletion after the event "
                        "that asked for it",
                    )
                deletions.append((len(events), fact_id, by_event, number))
            else:
                events.append(_event_line(item, artifact, len(events)))
                numbers.append(number)
        except PayloadError as exc:
            raise exc.located(str(events_path), number) from None
    scenario = Scenario(
        name="incident", tenant_id=artifact.tenant_id, subject_id=artifact.subject_id, events=tuple(events)
    )
    ledger = Ledger(tenant_id=artifact.tenant_id, subject_id=artifact.subject_id)
    pending = list(deletions)
    for position, event in enumerate((*events, None)):
        while pending and pending[0][0] == position:
            _, fact_id, by_event, number = pending.pop(0)
            step = Step(kind="delete", fact_id=fact_id, event_id=by_event, path="delete")
            _replay(build_ledger_step, ledger, scenario, step, events_path, number)
        if event is not None:
            step = Step(kind="add", event_ids=(event.event_id,), path="")
            _replay(build_ledger_step, ledger, scenario, step, events_path, numbers[position])
    return Incident(
        expected=ledger,
        artifact=artifact,
        artifact_data=raw,
        events=tuple(events),
        deletions=tuple((count, fact_id, by_event) for count, fact_id, by_event, _ in deletions),
        sources=(str(artifact_path), str(events_path)),
    )


def _replay(build: Any, ledger: Ledger, scenario: Any, step: Any, source: str | Path, number: int) -> None:
    try:
        build(ledger, scenario, step)
    except PayloadError as exc:
        raise PayloadError(exc.path, exc.message, source=str(source), line=number) from None


def _json_lines(path: Path) -> list[tuple[int, Any]]:
    from pytest_compaction.specs.payload import MAX_FILE_BYTES, read_text

    text = read_text(path, MAX_FILE_BYTES, what="file of events (JSON lines)")
    if text.lstrip().startswith("["):
        # One JSON array (json.dump of messages_to_dict, or an OpenAI messages list).
        try:
            items = json.loads(text)
        except (json.JSONDecodeError, RecursionError, ValueError):
            raise PayloadError("", "invalid JSON: expected an array of messages", source=str(path)) from None
        if isinstance(items, list) and items:
            return [(1, item) for item in items]
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            out.append((number, json.loads(line)))
        except (json.JSONDecodeError, RecursionError, ValueError) as exc:
            reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "cannot be read"
            raise PayloadError(
                "", f"invalid JSON line: {reason}; one event object per line", source=str(path), line=number
            ) from None
    if not out:
        raise PayloadError("", "no events: expected one JSON event object per line", source=str(path))
    return out


def _event_line(item: object, artifact: Artifact, order: int) -> SourceEvent:
    if isinstance(item, Mapping) and "event_id" not in item and ("role" in item or "data" in item):
        # A chat export: LangChain's messages_to_dict entries or OpenAI messages.
        from pytest_compaction.compressors.messages import source_event

        return source_event(item, tenant_id=artifact.tenant_id, subject_id=artifact.subject_id, order=order)
    data = read_mapping(item, "")
    check_keys(
        data,
        "",
        required=("event_id", "text"),
        optional=("tenant_id", "subject_id", "trust", "order", "claims", "retires"),
    )
    text = data["text"]
    if not isinstance(text, str):
        raise PayloadError("text", f"expected a string, got {shown(text)}")
    trust = _enum(Trust, data, "trust", "", Trust.USER)
    claims = tuple(
        Claim.from_dict(claim, join("claims", index), trust=trust)
        for index, claim in enumerate(read_sequence(data.get("claims", ()), "claims"))
    )
    return SourceEvent(
        event_id=read_str(data, "event_id", ""),
        tenant_id=read_str(data, "tenant_id", "", artifact.tenant_id),
        subject_id=read_str(data, "subject_id", "", artifact.subject_id),
        text=text,
        trust=trust,
        order=order,
        claims=claims,
        retires=read_str_list(data, "retires", ""),
    )


# -- building the specs ------------------------------------------------------------


def scaffold(
    incident: Incident,
    name: str,
    *,
    mode: str = "strict",
    description: str | None = None,
    artifact_file: bool = False,
    schema: str | None = None,
) -> Scaffold:
    """The recorded spec and the scenario skeleton for ``incident``."""
    from pytest_compaction.core.checker import check

    if not _NAME.match(name):
        raise ConfigError(
            f"fixture name {name!r}: use letters, digits, '.', '_' and '-' (it names the files and "
            "the test ids), e.g. peanut-allergy"
        )
    if mode not in ("strict", "permissive"):
        raise ConfigError(f"mode must be strict or permissive, got {mode!r}")
    verdict = check(incident.expected, incident.artifact, mode=mode)  # type: ignore[arg-type]
    names = tuple(sorted(set(verdict.names)))
    about = description or _describe(name, names)
    header = _header(schema, incident.sources)
    recorded: dict[str, Any] = {"version": SPEC_VERSION, "kind": "recorded", "description": about}
    if mode != "strict":
        recorded["mode"] = mode
    recorded["expect"] = {"violations": list(names)}
    recorded["expected"] = [_flow_ids(fact.to_dict()) for fact in incident.expected]
    if incident.expected.events:
        recorded["events"] = [_payload_event(e) for e in incident.expected.events]
    artifact_json = None
    if artifact_file:
        recorded["artifact_file"] = f"{name}-incident.artifact.json"
        artifact_json = json.dumps(incident.artifact_data, indent=2, ensure_ascii=False) + "\n"
    else:
        recorded["artifact"] = dict(incident.artifact_data)
    recorded_text = (
        header
        + "# The incident as recorded: passes while the saved artifact shows exactly these violations.\n"
        + f"# The regression test that runs your compressor is {name}.compaction.yaml.\n"
        + _dump(recorded)
    )
    skeleton, notes = _scenario(incident, about)
    scenario_text = (
        header
        + f"# Scenario skeleton of incident {name}: the same history, run through the compressor under\n"
        + "# test. It fails while the compressor reproduces the incident and passes once it is fixed:\n"
        + f"#   pytest --compaction-contract {name}.compaction.yaml --compaction-compressor=MODULE:ATTR\n"
        + "# Before committing: make every text synthetic (no real people), trim events the incident\n"
        + "# does not need, and consider `relations: [append_small_talk]` or `depth: 3`.\n"
        + "".join(f"# note: {note}\n" for note in notes)
        + _dump(_styled(skeleton.to_dict()))
    )
    return Scaffold(
        name=name,
        recorded=recorded_text,
        scenario=scenario_text,
        artifact_json=artifact_json,
        violations=names,
        notes=tuple(notes),
        skeleton=skeleton,
    )


def _describe(name: str, names: Sequence[str]) -> str:
    if not names:
        return f"incident {name}: no violations found"
    shown_names = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return f"incident {name}: {shown_names}"


def _header(schema: str | None, sources: Sequence[str]) -> str:
    text = ""
    if schema:
        text += f"# yaml-language-server: $schema={schema}\n"
    return text + f"# Scaffolded by `compaction new-fixture` from {', '.join(sources)}.\n"


def _payload_event(event: SourceEvent) -> dict[str, Any]:
    out = event.to_dict()
    out.pop("claims", None)
    out.pop("retires", None)
    return out


def _scenario(incident: Incident, description: str) -> tuple[Scenario, list[str]]:
    """The skeleton: a :class:`Scenario` stating the ledger's facts from its events, with its
    lifecycle as steps, written by the one writer (:meth:`Scenario.to_dict`)."""
    ledger, artifact = incident.expected, incident.artifact
    notes: list[str] = []
    events = list(incident.events)
    known = {event.event_id for event in events}
    # Facts whose source event was not saved get a placeholder event, first in history.
    missing: dict[str, None] = {}
    for fact in ledger:
        source = fact.source_event_ids[0] if fact.source_event_ids else f"{fact.fact_id}-source"
        if source not in known:
            missing[source] = None

    def placeholder(event_id: str, text: str) -> SourceEvent:
        return SourceEvent(
            event_id=event_id, tenant_id=artifact.tenant_id, subject_id=artifact.subject_id, text=text
        )

    placeholders = [placeholder(s, "TODO: the words that stated this fact (synthetic)") for s in missing]
    if placeholders:
        notes.append(f"placeholder text for events the incident did not save: {', '.join(missing)}")
    events = placeholders + events
    retires: dict[str, list[str]] = {}
    for fact in ledger:
        if fact.status is Status.RETIRED:
            if not fact.status_event_id:
                notes.append(f"{fact.fact_id} is retired without a retiring event; add one with `retires:`")
                continue
            retires.setdefault(fact.status_event_id, []).append(fact.fact_id)
        elif fact.status is Status.SUPERSEDED and fact.superseded_by is None:
            notes.append(
                f"{fact.fact_id} is superseded by no named fact; state the newer fact with `supersedes:`"
            )
    for event_id in retires:
        if event_id not in known and event_id not in missing:
            events.append(placeholder(event_id, "TODO: the event that retired these facts (synthetic)"))
            notes.append(f"placeholder text for the retiring event {event_id}")
    newer_of: dict[str, list[str]] = {}
    for fact in ledger:
        if fact.superseded_by is not None:
            newer_of.setdefault(fact.superseded_by, []).append(fact.fact_id)
    stated: dict[str, list[Claim]] = {}
    for fact in ledger:
        source = fact.source_event_ids[0] if fact.source_event_ids else f"{fact.fact_id}-source"
        # The writer states authority only where it differs from its event's trust.
        stated.setdefault(source, []).append(
            Claim.from_fact(fact, supersedes=tuple(newer_of.get(fact.fact_id, ())))
        )
        if len(fact.source_event_ids) > 1:
            notes.append(
                f"{fact.fact_id} is also supported by {', '.join(fact.source_event_ids[1:])}; a scenario "
                "states a fact once, so the skeleton cites only its first event"
            )
    scenario = Scenario(
        name="scaffold",
        description=description,
        tenant_id=artifact.tenant_id,
        subject_id=artifact.subject_id,
        events=tuple(_scenario_event(e, i, ledger, stated, retires) for i, e in enumerate(events)),
        steps=_steps(incident, [e.event_id for e in events], len(placeholders), notes),
    )
    return scenario, notes


def _scenario_event(
    event: SourceEvent,
    order: int,
    ledger: Ledger,
    stated: Mapping[str, list[Claim]],
    retires: Mapping[str, list[str]],
) -> SourceEvent:
    """``event`` as the skeleton states it: the facts first stated by it, the facts it retires."""
    retired = retires.get(event.event_id, [])
    reasons = {ledger.get(f).status_reason for f in retired} - {None}
    return dataclasses.replace(
        event,
        order=order,
        claims=tuple(stated.get(event.event_id, ())),
        retires=tuple(retired),
        reason=reasons.pop() if len(reasons) == 1 else None,
    )


def _styled(body: dict[str, Any]) -> dict[str, Any]:
    """The writer's output laid out for people: id lists on one line."""
    for event in body["events"]:
        if "retires" in event:
            event["retires"] = Flow(event["retires"])
        for fact in event.get("facts", ()):
            if len(fact.get("supersedes", ())) == 1:
                fact["supersedes"] = fact["supersedes"][0]
    body["steps"] = [
        {"add": Flow(step["add"])} if isinstance(step, dict) and "add" in step else step
        for step in body.get("steps", ())
    ]
    return body


def _steps(incident: Incident, event_ids: Sequence[str], offset: int, notes: list[str]) -> tuple[Step, ...]:
    """Deliver the events, compressing before each deletion the way the incident's history did."""
    deleted = [fact for fact in incident.expected if fact.status is Status.DELETED]
    deletions = list(incident.deletions) or [
        (len(event_ids) - offset, fact.fact_id, fact.status_event_id) for fact in deleted
    ]
    steps: list[Step] = []
    delivered = 0
    artifact = incident.artifact
    compress = Step(kind="compress", tenant_id=artifact.tenant_id, subject_id=artifact.subject_id)
    for count, fact_id, by_event in deletions:
        upto = count + offset
        if upto > delivered:
            steps.append(Step(kind="add", event_ids=tuple(event_ids[delivered:upto])))
            delivered = upto
            steps.append(compress)
        if by_event and by_event not in event_ids:
            notes.append(f"the deletion of {fact_id} names event {by_event}, which the incident did not save")
        known = by_event if by_event and by_event in event_ids else None
        steps.append(Step(kind="delete", fact_id=fact_id, event_id=known))
    if delivered < len(event_ids):
        steps.append(Step(kind="add", event_ids=tuple(event_ids[delivered:])))
    steps.append(compress)
    return tuple(steps)


def _flow_ids(fact: dict[str, Any]) -> dict[str, Any]:
    if "source_event_ids" in fact:
        fact["source_event_ids"] = Flow(fact["source_event_ids"])
    return fact


def _dump(data: Mapping[str, Any]) -> str:
    return dump_yaml(dict(data))


def write_scaffold(made: Scaffold, out: Path, *, force: bool = False) -> list[Path]:
    """Write the files; refuses to overwrite an existing one unless ``force``."""
    files = made.files(out)
    if not force:
        existing = [str(path) for path in files if path.exists()]
        if existing:
            raise ConfigError(f"{', '.join(existing)} already exist(s); choose another name or pass --force")
    out.mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    return list(files)
