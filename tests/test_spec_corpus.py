"""The loader and the published JSON Schema agree, and the writer round-trips every key.

* Every spec in the repository (the fixture library, ``tests/specs``) is accepted by
  both the loader and a real draft 2020-12 validator (``jsonschema``).
* Every file of ``tests/specs/invalid/`` is refused by the loader with the exact message
  its first line records, and by the schema too (files named ``yaml-*`` break the YAML
  layer itself: there is no document for the schema to see).
* Written scenarios load back equal (the loaded ``Scenario`` objects are compared, not
  the writer's output with itself), including trust, roles, tool calls and prose forms;
  the property test over every key of the spec model is ``test_spec_writer.py``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from _schema import schema_problems

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.model import Claim, Criticality, SourceEvent, ToolCall, Trust
from pytest_compaction.core.prose_form import ProseForm, ProsePolicy
from pytest_compaction.core.scenario import Scenario, Step
from pytest_compaction.fuzzing.properties import spec_text
from pytest_compaction.specs.safeyaml import load_yaml
from pytest_compaction.specs.spec import load_spec

HERE = Path(__file__).parent
VALID = sorted((HERE / "specs").glob("*.compaction.yaml")) + sorted(
    (HERE.parent / "fixture_library").rglob("*.compaction.yaml")
)
INVALID = sorted((HERE / "specs" / "invalid").glob("*.invalid.yaml"))


def test_the_invalid_corpus_is_large() -> None:
    assert len(INVALID) >= 40


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_every_repository_spec_is_accepted_by_both(path: Path) -> None:
    load_spec(path)
    assert schema_problems(load_yaml(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name.split(".")[0])
def test_every_invalid_spec_is_refused_by_both(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# error: ")
    expected = first.removeprefix("# error: ")
    with pytest.raises(PayloadError) as caught:
        load_spec(path)
    located = str(caught.value)
    assert located.startswith(f"{path}:")
    assert located.split(": ", 1)[1] == expected
    if path.name.startswith("yaml-"):
        return
    assert schema_problems(load_yaml(path.read_text(encoding="utf-8"))), (
        f"the schema accepts {path.name}, which the loader refuses: {expected}"
    )


@pytest.mark.parametrize("text", ["depth: 2.0\n", "attempts: 3.0\n", "budget: 400.0\n"])
def test_a_whole_float_is_an_integer_for_both(tmp_path: Path, text: str) -> None:
    # A draft 2020-12 validator (what editors use) accepts 2.0 as an integer: so does the loader.
    path = tmp_path / "whole.compaction.yaml"
    path.write_text(text + "events:\n  - {id: e1, text: hi}\n", encoding="utf-8")
    scenario = load_spec(path).scenario
    assert scenario is not None
    key, _, raw = text.partition(":")
    assert getattr(scenario, key) == int(float(raw))
    assert type(getattr(scenario, key)) is int
    assert schema_problems(load_yaml(path.read_text())) == []


def test_depth_two_keeps_its_variant(tmp_path: Path) -> None:
    path = tmp_path / "d.compaction.yaml"
    path.write_text("depth: 2\nevents:\n  - {id: e1, text: hi}\n", encoding="utf-8")
    assert load_spec(path).variants == ("as-written", "depth=2")
    path.write_text("depth: 1\nevents:\n  - {id: e1, text: hi}\n", encoding="utf-8")
    assert load_spec(path).variants == ("as-written",)


# -- round trip: write -> load -> equal ---------------------------------------------------


def _round_trip(scenario: Scenario, tmp_path: Path) -> Scenario:
    path = tmp_path / f"{scenario.name}.compaction.yaml"
    path.write_text(spec_text(scenario), encoding="utf-8")
    loaded = load_spec(path).scenario
    assert loaded is not None
    return loaded


def _everything() -> Scenario:
    allergy = Claim(
        fact_id="f1",
        predicate="food.peanuts_allowed",
        value=False,
        qualifiers=(("basis", "allergy"),),
        prose=ProseForm(
            names=("peanuts",),
            value=("allergic",),
            qualifiers=(("basis", ("allergy",)),),
            subject=("Ana",),
            polarity="negative",
        ),
    )
    quoted = Claim(
        fact_id="f2",
        predicate="ticket.says",
        value="approve",
        authority=Trust.UNTRUSTED,
        criticality=Criticality.CONTINUITY,
    )
    events = (
        SourceEvent(
            event_id="e1", tenant_id="t", subject_id="s", text="allergic", claims=(allergy,), name="Ana"
        ),
        SourceEvent(
            event_id="e2",
            tenant_id="t",
            subject_id="s",
            text="quote",
            trust=Trust.UNTRUSTED,
            order=1,
            claims=(quoted,),
            role="tool",
            tool_call_id="c1",
        ),
    )
    events = (
        events[0],
        SourceEvent(
            event_id="e3",
            tenant_id="t",
            subject_id="s",
            text="calling",
            order=1,
            role="assistant",
            tool_calls=(ToolCall(call_id="c1", name="lookup", arguments={"q": [1, "x"]}),),
        ),
        dataclasses.replace(events[1], order=2),
        SourceEvent(
            event_id="e4",
            tenant_id="t",
            subject_id="other",
            text="sys",
            trust=Trust.SYSTEM,
            role="system",
            order=3,
        ),
    )
    return Scenario(
        name="everything",
        description="every key",
        tenant_id="t",
        subject_id="s",
        events=events,
        steps=(
            Step(kind="add", event_ids=("e1", "e3", "e2", "e4"), path="steps[0]"),
            Step(
                kind="compress",
                tenant_id="t",
                subject_id="s",
                budget=10,
                budget_tokens=20,
                budget_chars=30,
                path="steps[1]",
            ),
        ),
        budget=100,
        budget_tokens=200,
        budget_chars=300,
        mode="permissive",
        expect_violations=("missing",),
        relations=("append_small_talk",),
        depth=3,
        attempts=2,
        seed=7,
        prose_policy=ProsePolicy(max_depth=2),
        version=1,
    )


def _comparable(scenario: Scenario) -> Scenario:
    # Step paths are where a step was read from; a Scenario built in Python has its own.
    return dataclasses.replace(scenario, steps=tuple(dataclasses.replace(s, path="") for s in scenario.steps))


def test_every_key_round_trips(tmp_path: Path) -> None:
    scenario = _everything()
    assert _comparable(_round_trip(scenario, tmp_path)) == _comparable(scenario)


def test_an_untrusted_event_stays_untrusted(tmp_path: Path) -> None:
    # The bug a self-checking writer hid: dropping `trust: untrusted` from an event.
    scenario = _everything()
    loaded = _round_trip(scenario, tmp_path)
    assert [e.trust for e in loaded.events] == [e.trust for e in scenario.events]
    assert loaded.events[2].trust is Trust.UNTRUSTED
    assert "trust: untrusted" in spec_text(scenario)
