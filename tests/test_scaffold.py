"""``compaction new-fixture``: from a recorded incident to a recorded spec and a scenario skeleton."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import pytest

from pytest_compaction.cli import main
from pytest_compaction.compressors.base import ReferenceCompressor
from pytest_compaction.core.checker import check
from pytest_compaction.core.errors import ConfigError, PayloadError
from pytest_compaction.core.scenario import SPEC_VERSION, Scenario
from pytest_compaction.engine.contract import CompressorUnderTest, run_and_assert
from pytest_compaction.specs.scaffold import (
    incident_from_events,
    incident_from_payload,
    scaffold,
    write_scaffold,
)
from pytest_compaction.specs.spec import Spec, load_spec

EVENTS = [
    {
        "event_id": "e1",
        "text": "I am allergic to peanuts.",
        "claims": [
            {
                "fact_id": "fact-allergy-1",
                "predicate": "food.peanuts_allowed",
                "value": False,
                "qualifiers": {"basis": "allergy"},
            }
        ],
    },
    {"event_id": "e2", "text": "Lovely weather."},
]
ARTIFACT = {
    "memory_version": 7,
    "tenant_id": "tenant-1",
    "subject_id": "subject-1",
    "facts": [{"fact_id": "fact-allergy-1", "predicate": "food.peanuts_allowed", "value": False}],
    "summary": "User prefers healthy food.\nLikes sun.",
}

RECORDED = """\
# Scaffolded by `compaction new-fixture` from {artifact}, {events}.
# The incident as recorded: passes while the saved artifact shows exactly these violations.
# The regression test that runs your compressor is peanut.compaction.yaml.
version: 1
kind: recorded
description: 'incident peanut: fact-allergy-1:provenance_missing, fact-allergy-1:qualifiers_changed'
expect:
  violations:
  - fact-allergy-1:provenance_missing
  - fact-allergy-1:qualifiers_changed
expected:
- fact_id: fact-allergy-1
  tenant_id: tenant-1
  subject_id: subject-1
  predicate: food.peanuts_allowed
  value: false
  qualifiers:
    basis: allergy
  source_event_ids: [e1]
events:
- event_id: e1
  tenant_id: tenant-1
  subject_id: subject-1
  text: I am allergic to peanuts.
  trust: user
  order: 0
- event_id: e2
  tenant_id: tenant-1
  subject_id: subject-1
  text: Lovely weather.
  trust: user
  order: 1
artifact:
  memory_version: 7
  tenant_id: tenant-1
  subject_id: subject-1
  facts:
  - fact_id: fact-allergy-1
    predicate: food.peanuts_allowed
    value: false
  summary: |-
    User prefers healthy food.
    Likes sun.
"""

SCENARIO = """\
# Scaffolded by `compaction new-fixture` from {artifact}, {events}.
# Scenario skeleton of incident peanut: the same history, run through the compressor under
# test. It fails while the compressor reproduces the incident and passes once it is fixed:
#   pytest --compaction-contract peanut.compaction.yaml --compaction-compressor=MODULE:ATTR
# Before committing: make every text synthetic (no real people), trim events the incident
# does not need, and consider `relations: [append_small_talk]` or `depth: 3`.
version: 1
description: 'incident peanut: fact-allergy-1:provenance_missing, fact-allergy-1:qualifiers_changed'
events:
- id: e1
  text: I am allergic to peanuts.
  facts:
  - id: fact-allergy-1
    predicate: food.peanuts_allowed
    value: false
    qualifiers:
      basis: allergy
- id: e2
  text: Lovely weather.
steps:
- add: [e1, e2]
- compress
"""

PAYLOAD = """\
expected:
  - {fact_id: fact-refund-1, tenant_id: acme, subject_id: user-1, predicate: refund.limit_usd, value: 50,
     source_event_id: e1, status: superseded, superseded_by: fact-refund-2}
  - {fact_id: fact-refund-2, tenant_id: acme, subject_id: user-1, predicate: refund.limit_usd, value: 75,
     qualifiers: {requires: supervisor_review}, source_event_id: e2}
  - {fact_id: fact-locker-1, tenant_id: acme, subject_id: user-1, predicate: locker.code, value: "1234",
     source_event_id: e3, status: deleted, status_event_id: e4, criticality: continuity}
  - {fact_id: fact-failure-1, tenant_id: acme, subject_id: user-1, predicate: deploy.approach_a,
     value: failed, source_event_id: e5, status: retired, status_event_id: e6, status_reason: B worked}
  - {fact_id: fact-tone-1, tenant_id: acme, subject_id: user-1, predicate: tone, value: formal}
events:
  - {event_id: e1, tenant_id: acme, subject_id: user-1, text: Refunds up to $50., trust: system}
  - {event_id: e2, tenant_id: acme, subject_id: user-1, text: Refunds up to $75 after review., trust: system}
  - {event_id: e3, tenant_id: acme, subject_id: user-1, text: Locker code 1234.}
  - {event_id: e4, tenant_id: acme, subject_id: user-1, text: Forget my locker code.}
  - {event_id: e5, tenant_id: acme, subject_id: user-1, text: Approach A failed.}
  - {event_id: e6, tenant_id: acme, subject_id: user-1, text: Approach B worked.}
artifact:
  memory_version: 9
  tenant_id: acme
  subject_id: user-1
  facts:
    - {fact_id: fact-refund-1, predicate: refund.limit_usd, value: 50, source_event_ids: [e1],
       authority: system}
    - {fact_id: fact-refund-2, predicate: refund.limit_usd, value: 75, source_event_ids: [e2],
       authority: system}
    - {fact_id: fact-locker-1, predicate: locker.code, value: "1234", source_event_ids: [e3],
       criticality: continuity}
"""


def save_incident(folder: Path, events: list[dict[str, object]] | None = None) -> tuple[Path, Path]:
    artifact = folder / "artifact.json"
    artifact.write_text(json.dumps(ARTIFACT), encoding="utf-8")
    lines = folder / "events.jsonl"
    lines.write_text("".join(json.dumps(e) + "\n" for e in (events or EVENTS)), encoding="utf-8")
    return artifact, lines


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def recorded_names(spec: Spec) -> tuple[str, ...]:
    assert spec.recorded is not None
    payload = spec.recorded.payload
    return tuple(sorted(check(payload.expected, payload.artifact).names))


def passes_on_reference(spec: Spec) -> None:
    assert spec.scenario is not None
    run_and_assert(spec.scenario, CompressorUnderTest(ReferenceCompressor()))


# -- from an artifact and JSON-lines events ---------------------------------------------


def test_exact_files(tmp_path: Path) -> None:
    artifact, events = save_incident(tmp_path)
    made = scaffold(incident_from_events(artifact, events), "peanut")
    assert made.violations == ("fact-allergy-1:provenance_missing", "fact-allergy-1:qualifiers_changed")
    assert made.recorded == RECORDED.format(artifact=artifact, events=events)
    assert made.scenario == SCENARIO.format(artifact=artifact, events=events)
    assert made.artifact_json is None
    assert made.notes == ()


def test_written_specs_load_and_hold(tmp_path: Path) -> None:
    artifact, events = save_incident(tmp_path)
    made = scaffold(
        incident_from_events(artifact, events), "peanut", artifact_file=True, schema="spec.schema.json"
    )
    written = write_scaffold(made, tmp_path / "out")
    assert written == [
        tmp_path / "out" / "peanut-incident.compaction.yaml",
        tmp_path / "out" / "peanut.compaction.yaml",
        tmp_path / "out" / "peanut-incident.artifact.json",
    ]
    assert (
        written[0]
        .read_text(encoding="utf-8")
        .startswith("# yaml-language-server: $schema=spec.schema.json\n")
    )
    assert json.loads(written[2].read_text(encoding="utf-8")) == ARTIFACT
    recorded = load_spec(written[0])
    assert recorded.recorded is not None
    assert recorded.recorded.expect_violations == made.violations == recorded_names(recorded)
    passes_on_reference(load_spec(written[1]))


def test_refuses_to_overwrite(tmp_path: Path) -> None:
    artifact, events = save_incident(tmp_path)
    made = scaffold(incident_from_events(artifact, events), "peanut")
    write_scaffold(made, tmp_path)
    with pytest.raises(ConfigError) as info:
        write_scaffold(made, tmp_path)
    assert str(info.value) == (
        f"{tmp_path / 'peanut-incident.compaction.yaml'}, {tmp_path / 'peanut.compaction.yaml'} already "
        "exist(s); choose another name or pass --force"
    )
    write_scaffold(made, tmp_path, force=True)


def test_deletion_lines_become_steps(tmp_path: Path) -> None:
    events = [
        *EVENTS,
        {
            "event_id": "e3",
            "text": "Locker code 1234.",
            "claims": [
                {
                    "fact_id": "fact-locker-1",
                    "predicate": "locker.code",
                    "value": "1234",
                    "criticality": "continuity",
                }
            ],
        },
        {"event_id": "e4", "text": "Forget my locker code."},
        {"delete": "fact-locker-1", "event_id": "e4"},
        {"event_id": "e5", "text": "More chatter."},
    ]
    artifact, lines = save_incident(tmp_path, events)
    incident = incident_from_events(artifact, lines)
    assert incident.expected.get("fact-locker-1").status.value == "deleted"
    made = scaffold(incident, "locker")
    assert made.scenario.endswith(
        "steps:\n- add: [e1, e2, e3, e4]\n- compress\n- delete: fact-locker-1\n  event: e4\n- add: [e5]\n"
        "- compress\n"
    )
    path = tmp_path / "locker.compaction.yaml"
    path.write_text(made.scenario, encoding="utf-8")
    passes_on_reference(load_spec(path))


def test_restated_fact_keeps_its_provenance_in_the_recorded_spec(tmp_path: Path) -> None:
    claim = EVENTS[0]["claims"][0]  # type: ignore[index]
    events = [*EVENTS, {"event_id": "e3", "text": "Again: no peanuts.", "claims": [claim]}]
    artifact, lines = save_incident(tmp_path, events)
    incident = incident_from_events(artifact, lines)
    assert incident.expected.get("fact-allergy-1").source_event_ids == ("e1", "e3")
    made = scaffold(incident, "peanut")
    assert "  source_event_ids: [e1, e3]\n" in made.recorded
    assert made.notes == (
        "fact-allergy-1 is also supported by e3; a scenario states a fact once, so the skeleton cites only "
        "its first event",
    )
    assert "# note: fact-allergy-1 is also supported by e3;" in made.scenario


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (
            '{"event_id": "e1", "text": "hi"}\nnot json\n',
            "{events}:2: invalid JSON line: Expecting value; one event object per line",
        ),
        ('{"event_id": "e1", "txt": "hi"}\n', "{events}:1: txt: unknown key; did you mean 'text'?"),
        (
            '{"event_id": "e1", "text": "hi", "trust": "admin"}\n',
            "{events}:1: trust: expected one of untrusted, user, system; got 'admin' (str)",
        ),
        (
            '{"event_id": "e1", "text": "hi", "claims": [{"fact_id": "f", "predicate": "p"}]}\n',
            "{events}:1: claims[0].value: required key is missing",
        ),
        (
            '{"delete": "f1", "event_id": "e9"}\n{"event_id": "e9", "text": "forget"}\n',
            "{events}:1: event_id: no earlier line has event 'e9'; put the deletion after the event "
            "that asked for it",
        ),
        (
            '{"event_id": "e1", "text": "hi"}\n{"delete": "f1"}\n',
            "{events}:2: delete: unknown fact id 'f1'",
        ),
        (
            '{"event_id": "e1", "text": "hi"}\n{"event_id": "e1", "text": "again"}\n',
            "{events}:2: event id 'e1' is recorded twice; event ids must be unique",
        ),
        ("\n\n", "{events}: no events: expected one JSON event object per line"),
    ],
)
def test_bad_events_file(tmp_path: Path, lines: str, message: str) -> None:
    artifact, events = save_incident(tmp_path)
    events.write_text(lines, encoding="utf-8")
    with pytest.raises(PayloadError) as info:
        incident_from_events(artifact, events)
    assert str(info.value) == message.format(events=events)


def test_bad_artifact_file(tmp_path: Path) -> None:
    artifact, events = save_incident(tmp_path)
    artifact.write_text('{"memory_version": 1, "tenant_id": "t"}', encoding="utf-8")
    with pytest.raises(PayloadError) as info:
        incident_from_events(artifact, events)
    assert str(info.value) == f"{artifact}: artifact.subject_id: required key is missing"


def test_bad_name(tmp_path: Path) -> None:
    artifact, events = save_incident(tmp_path)
    with pytest.raises(ConfigError) as info:
        scaffold(incident_from_events(artifact, events), "peanut allergy/1")
    assert str(info.value) == (
        "fixture name 'peanut allergy/1': use letters, digits, '.', '_' and '-' (it names the files and the "
        "test ids), e.g. peanut-allergy"
    )


# -- from a `compaction check` payload --------------------------------------------------


def test_payload_lifecycle_becomes_the_skeleton(tmp_path: Path) -> None:
    payload = tmp_path / "incident.yaml"
    payload.write_text(PAYLOAD, encoding="utf-8")
    made = scaffold(incident_from_payload(payload), "refunds")
    assert made.violations == (
        "fact-locker-1:forbidden_deleted_fact",
        "fact-refund-1:forbidden_superseded_fact",
        "fact-refund-2:qualifiers_changed",
        "fact-tone-1:missing",
    )
    assert made.notes == ("placeholder text for events the incident did not save: fact-tone-1-source",)
    for line in (
        "- id: fact-tone-1-source\n  text: 'TODO: the words that stated this fact (synthetic)'\n",
        "    supersedes: fact-refund-1\n",
        "- id: e6\n  text: Approach B worked.\n  retires: [fact-failure-1]\n  reason: B worked\n",
        "steps:\n- add: [fact-tone-1-source, e1, e2, e3, e4, e5, e6]\n- compress\n- delete: fact-locker-1\n"
        "  event: e4\n- compress\n",
    ):
        assert line in made.scenario
    for text, name in ((made.recorded, "refunds-incident"), (made.scenario, "refunds")):
        (tmp_path / f"{name}.compaction.yaml").write_text(text, encoding="utf-8")
    recorded = load_spec(tmp_path / "refunds-incident.compaction.yaml")
    assert recorded_names(recorded) == made.violations
    passes_on_reference(load_spec(tmp_path / "refunds.compaction.yaml"))


# -- the command ------------------------------------------------------------------------


def test_command_output(tmp_path: Path) -> None:
    artifact, events = save_incident(tmp_path)
    out = tmp_path / "fixtures"
    status, printed, err = run(
        "new-fixture", "peanut", "--artifact", str(artifact), "--events", str(events), "--out", str(out)
    )
    assert (status, err) == (0, "")
    assert printed.splitlines() == [
        f"wrote {out}/peanut-incident.compaction.yaml (recorded: 2 violations: "
        "fact-allergy-1:provenance_missing, fact-allergy-1:qualifiers_changed)",
        f"wrote {out}/peanut.compaction.yaml (scenario skeleton: 2 events, 1 facts)",
        f"next: compaction lint {out} && pytest --compaction-contract {out} -k peanut",
    ]
    assert run("lint", str(out))[0] == 0


def test_command_warns_about_personal_data(tmp_path: Path) -> None:
    events = [{**EVENTS[0], "text": "I am allergic to peanuts. Mail jane.doe@gmail.com."}, EVENTS[1]]
    artifact, lines = save_incident(tmp_path, events)
    status, printed, _ = run(
        "new-fixture", "peanut", "--artifact", str(artifact), "--events", str(lines), "--out", str(tmp_path)
    )
    assert status == 0
    warnings = [line for line in printed.splitlines() if ": warning: " in line]
    assert [line.split(": warning: ")[1].split(";")[0] for line in warnings] == [
        "events[0].text: looks like a real e-mail address (j***@gmail.com)",
        "events[0].text: looks like a real e-mail address (j***@gmail.com)",
    ]


def test_command_no_violation_warns(tmp_path: Path) -> None:
    artifact, events = save_incident(tmp_path)
    fixed = {
        **ARTIFACT,
        "facts": [
            {
                **ARTIFACT["facts"][0],
                "qualifiers": {"basis": "allergy"},  # type: ignore[index]
                "source_event_ids": ["e1"],
            }
        ],
    }
    artifact.write_text(json.dumps(fixed), encoding="utf-8")
    status, printed, err = run(
        "new-fixture", "fine", "--artifact", str(artifact), "--events", str(events), "--out", str(tmp_path)
    )
    assert status == 0
    assert "(recorded: 0 violations: none)" in printed
    assert err == "warning: the checker finds no violation in this artifact; is it the incident's?\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--payload", "p.json", "--artifact", "a.json"],
            "give --payload, or --artifact with --events, not both",
        ),
        ([], "say where the incident is: --payload FILE, or --artifact FILE --events FILE.jsonl"),
        (
            ["--artifact", "a.json"],
            "say where the incident is: --payload FILE, or --artifact FILE --events FILE.jsonl",
        ),
    ],
)
def test_command_usage(argv: list[str], message: str) -> None:
    assert run("new-fixture", "x", *argv) == (2, "", f"compaction: error: {message}\n")


def test_command_missing_payload(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    assert run("new-fixture", "x", "--payload", str(missing)) == (
        2,
        "",
        f"compaction: error: {missing}: no such file\n",
    )


# -- one writer ------------------------------------------------------------------------


def _unplaced(scenario: Scenario) -> Scenario:
    """``scenario`` without the spec paths the loader records on its steps."""
    return dataclasses.replace(scenario, steps=tuple(dataclasses.replace(s, path="") for s in scenario.steps))


@pytest.mark.parametrize("source", ["events", "payload", "deletions"])
def test_the_skeleton_reads_back_as_the_scenario_it_was_written_from(tmp_path: Path, source: str) -> None:
    if source == "payload":
        (tmp_path / "incident.yaml").write_text(PAYLOAD, encoding="utf-8")
        incident = incident_from_payload(tmp_path / "incident.yaml")
    else:
        extra = [
            {"event_id": "e9", "text": "Forget my allergy."},
            {"delete": "fact-allergy-1", "event_id": "e9"},
        ]
        artifact, events = save_incident(tmp_path, EVENTS + extra if source == "deletions" else None)
        incident = incident_from_events(artifact, events)
    made = scaffold(incident, "round-trip")
    path = tmp_path / "round-trip.compaction.yaml"
    path.write_text(made.scenario, encoding="utf-8")
    loaded = load_spec(path).scenario
    assert made.skeleton is not None
    assert loaded is not None
    expected = dataclasses.replace(made.skeleton, name=loaded.name, version=SPEC_VERSION)
    assert _unplaced(loaded) == _unplaced(expected)
