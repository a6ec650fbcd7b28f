"""The chat, budget, prose-form and version keys: loaded, carried to the ledger and the compressor."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from pytest_compaction.compressors.base import CompressionRequest
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, SourceEvent, ToolCall
from pytest_compaction.core.prose_form import ProseForm, ProsePolicy
from pytest_compaction.core.scenario import SPEC_VERSION, Scenario
from pytest_compaction.engine.runner import run_scenario
from pytest_compaction.specs.spec import load_spec

HERE = Path(__file__).parent
CHAT = HERE / "specs" / "chat-transcript.compaction.yaml"


def _scenario(**extra: Any) -> Scenario:
    data: dict[str, Any] = {"events": [{"id": "e1", "text": "hi"}], **extra}
    return Scenario.from_dict(data, name="s")


def _error(data: dict[str, Any]) -> str:
    with pytest.raises(PayloadError) as caught:
        Scenario.from_dict(data, name="s")
    return str(caught.value)


def test_chat_spec_loads_every_new_key() -> None:
    scenario = load_spec(CHAT).scenario
    assert scenario is not None
    system, user, assistant, tool = scenario.events
    assert (system.role, user.role, assistant.role, tool.role) == ("system", "user", "assistant", "tool")
    assert user.name == "Ana"
    assert assistant.tool_calls == (
        ToolCall(call_id="call-1", name="pantry_lookup", arguments={"user": "Ana", "fields": ["staples"]}),
    )
    assert (tool.tool_call_id, tool.name, tool.trust.value) == ("call-1", "pantry_lookup", "untrusted")
    assert scenario.budget_tokens == 400
    assert scenario.budget_chars == 1600
    assert scenario.prose_policy == ProsePolicy(max_depth=2)
    assert scenario.version == 1
    assert scenario.steps[1].budget_tokens == 300
    assert scenario.steps[1].budget_chars == 1200
    allergy = user.claims[0].prose
    assert allergy == ProseForm(
        names=("peanuts", "peanut allergy"),
        value=("allergic", "must avoid", "no peanuts"),
        qualifiers=(("basis", ("allergy", "allergic")),),
        subject=("Ana", "the user"),
        polarity="negative",
    )
    assert tool.claims[0].prose == ProseForm(names=("pantry", "staples"))


class _Spy:
    """Records every request and returns the facts it was handed (claims replayed)."""

    replays_claims = True

    def __init__(self) -> None:
        self.requests: list[CompressionRequest] = []

    def compress(self, request: CompressionRequest) -> Artifact:
        self.requests.append(request)
        from pytest_compaction.compressors.base import ReferenceCompressor

        return ReferenceCompressor().compress(request)


def test_prose_forms_and_budgets_reach_the_run() -> None:
    scenario = load_spec(CHAT).scenario
    assert scenario is not None
    spy = _Spy()
    run = run_scenario(scenario, GuardedCompressor(spy))
    assert run.ok, run.violations
    assert set(run.ledger.prose_forms) == {"fact-allergy-1", "fact-pantry-1"}
    assert run.ledger.prose_forms["fact-allergy-1"].polarity == "negative"
    (request,) = spy.requests
    # The step's budgets override the scenario's.
    assert request.config["budget_tokens"] == 300
    assert request.config["budget_chars"] == 1200
    roles = [event.role for event in request.events]
    assert roles == ["system", "user", "assistant", "tool"]
    assert request.events[3].tool_call_id == "call-1"
    # The prose form is the answer key: never shown to the compressor.
    assert all(claim.prose is None for event in request.events for claim in event.claims)


def test_scenario_budgets_apply_when_a_step_sets_none() -> None:
    scenario = _scenario(budget_tokens=50, budget_chars=200)
    spy = _Spy()
    run_scenario(scenario, GuardedCompressor(spy))
    assert (spy.requests[0].config["budget_tokens"], spy.requests[0].config["budget_chars"]) == (50, 200)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"budget": -5}, "budget: expected a budget of at least 1, got -5"),
        ({"budget_tokens": 0}, "budget_tokens: expected a budget of at least 1, got 0"),
        ({"budget_chars": "many"}, "budget_chars: expected an integer, got 'many' (str)"),
        ({"prose_policy": {"max_depth": 0}}, "prose_policy.max_depth: expected a depth of at least 1, got 0"),
        ({"prose_policy": {"depth": 2}}, "prose_policy.depth: unknown key; did you mean 'max_depth'?"),
        (
            {"version": 2},
            "version: unknown spec format version 2; this release reads version 1 (it was "
            "written for a newer pytest-compaction: upgrade the plugin)",
        ),
        (
            {"version": 0},
            "version: unknown spec format version 0; this release reads version 1 (write `version: 1`)",
        ),
        ({"version": "1"}, "version: expected an integer, got '1' (str)"),
        (
            {"steps": [{"add": "all"}, {"compress": {"budget_tokens": -1}}]},
            "steps[1].compress.budget_tokens: expected a budget of at least 1, got -1",
        ),
    ],
)
def test_scenario_key_errors(extra: dict[str, Any], message: str) -> None:
    assert _error({"events": [{"id": "e1", "text": "hi"}], **extra}) == message


def _fact(**prose: Any) -> dict[str, Any]:
    return {"id": "f2", "predicate": "p", "value": 1, "prose": prose}


@pytest.mark.parametrize(
    ("prose", "message"),
    [
        ({}, "events[0].facts[1].prose.names: required key is missing"),
        ({"names": []}, "events[0].facts[1].prose.names: expected at least one name the fact goes by"),
        ({"names": "peanuts"}, "events[0].facts[1].prose.names: expected a list, got 'peanuts' (str)"),
        (
            {"names": ["ok", " "]},
            "events[0].facts[1].prose.names[1]: expected a non-empty string, got ' ' (str)",
        ),
        (
            {"names": ["x"], "polarity": "maybe"},
            "events[0].facts[1].prose.polarity: expected positive or negative, got 'maybe' (str)",
        ),
        (
            {"names": ["x"], "qualifiers": {"basis": "allergy"}},
            "events[0].facts[1].prose.qualifiers.basis: expected a list, got 'allergy' (str)",
        ),
        (
            {"names": ["x"], "alias": ["y"]},
            "events[0].facts[1].prose.alias: unknown key; allowed keys: names, "
            "value, qualifiers, subject, polarity",
        ),
    ],
)
def test_prose_form_errors_name_their_path(prose: dict[str, Any], message: str) -> None:
    facts = [{"id": "f1", "predicate": "p", "value": 0}, _fact(**prose)]
    assert _error({"events": [{"id": "e1", "text": "hi", "facts": facts}]}) == message


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"role": "bot"}, "events[0].role: expected one of user, assistant, system, tool; got 'bot' (str)"),
        (
            {"tool_calls": [{"id": "c1", "name": "t"}]},
            "events[0].tool_calls: only an assistant event makes tool calls, this one has role 'user'; "
            "set `role: assistant`",
        ),
        (
            {"role": "assistant", "tool_calls": [{"id": "c1"}]},
            "events[0].tool_calls[0].name: required key is missing",
        ),
        (
            {"role": "assistant", "tool_calls": [{"id": "c1", "name": "t", "arguments": [1]}]},
            "events[0].tool_calls[0].arguments: expected a mapping, got [1] (list)",
        ),
        (
            {"role": "assistant", "tool_calls": [{"id": "c1", "name": "t"}, {"id": "c1", "name": "u"}]},
            "events[0].tool_calls[1].id: tool call id 'c1' is used twice",
        ),
        (
            {"tool_call_id": "c1"},
            "events[0].tool_call_id: only a tool event answers a tool call, this one has role 'user'; "
            "set `role: tool`",
        ),
        (
            {"role": "tool", "tool_call_id": "c9"},
            "events[0].tool_call_id: no earlier event makes a tool call with id 'c9'; answer a call an "
            "earlier assistant event makes",
        ),
        ({"name": 3}, "events[0].name: expected a string, got 3 (int)"),
    ],
)
def test_event_key_errors(event: dict[str, Any], message: str) -> None:
    assert _error({"events": [{"id": "e1", "text": "hi", **event}]}) == message


def test_a_tool_result_answers_an_earlier_call_with_a_hint() -> None:
    events = [
        {"id": "e1", "text": "looking", "role": "assistant", "tool_calls": [{"id": "call-1", "name": "t"}]},
        {"id": "e2", "text": "result", "role": "tool", "tool_call_id": "call-2"},
    ]
    assert _error({"events": events}) == (
        "events[1].tool_call_id: no earlier event makes a tool call with id 'call-2'; did you mean 'call-1'?"
    )


def test_ledger_event_and_fact_take_the_new_keywords() -> None:
    ledger = Ledger()
    ledger.event("e1", "looking", role="assistant", tool_calls=[{"id": "c1", "name": "lookup"}])
    tool = ledger.event("e2", "rice", role="tool", tool_call_id="c1", name="lookup", trust="untrusted")
    assert tool.role == "tool"
    assert ledger.event_by_id("e1").tool_calls == (ToolCall(call_id="c1", name="lookup"),)
    ledger.fact("f1", "pantry.staples", "rice", sources=["e2"], prose={"names": ["pantry"]})
    ledger.fact("f2", "pantry.count", 1, sources=["e2"])
    assert ledger.prose_forms == {"f1": ProseForm(names=("pantry",))}
    assert ledger.copy().prose_forms == ledger.prose_forms
    with pytest.raises(PayloadError, match="expected one of user, assistant, system, tool"):
        ledger.event("e3", "x", role="robot")


def test_source_event_dict_round_trip_keeps_chat_keys() -> None:
    event = SourceEvent(
        event_id="e1",
        tenant_id="t",
        subject_id="s",
        text="calling",
        role="assistant",
        tool_calls=(ToolCall(call_id="c1", name="lookup", arguments={"q": [1, 2]}),),
        name="helper",
    )
    assert SourceEvent.from_dict(event.to_dict()) == event
    answer = SourceEvent(
        event_id="e2", tenant_id="t", subject_id="s", text="r", role="tool", tool_call_id="c1"
    )
    assert SourceEvent.from_dict(answer.to_dict()) == answer


def test_the_writer_emits_the_current_version_and_every_key() -> None:
    scenario = load_spec(CHAT).scenario
    assert scenario is not None
    written = scenario.to_dict()
    assert written["version"] == SPEC_VERSION
    assert Scenario.from_dict(written, name=scenario.name) == scenario


# -- refusals a hand mutation once removed without any test failing ---------------------------


def test_a_nan_value_is_refused_everywhere() -> None:
    from pytest_compaction.core.model import Fact

    message = "NaN is not a value a fact can be checked against; use null or a string"
    with pytest.raises(PayloadError, match=message):
        Fact.from_dict(
            {"fact_id": "f", "tenant_id": "t", "subject_id": "s", "predicate": "p", "value": [float("nan")]}
        )
    facts = [{"id": "f1", "predicate": "p", "value": float("nan")}]
    assert (
        _error({"events": [{"id": "e1", "text": "hi", "facts": facts}]})
        == f"events[0].facts[0].value: {message}"
    )


@pytest.mark.parametrize(
    "pairs", [(("a", 1), ("a", 2)), (("a", 1), ("a", 1)), (("b", 1), ("a", 2), ("a", 3))]
)
def test_a_qualifier_tuple_with_a_duplicate_key_is_refused(pairs: tuple[tuple[str, int], ...]) -> None:
    from pytest_compaction.core.model import Fact

    with pytest.raises(PayloadError, match=r"qualifiers\.a: qualifier is given twice"):
        Fact(fact_id="f", tenant_id="t", subject_id="s", predicate="p", value=1, qualifiers=pairs)


def test_a_prose_form_with_a_duplicate_qualifier_is_refused() -> None:
    with pytest.raises(PayloadError, match=r"qualifiers\.basis: qualifier is given twice"):
        ProseForm(names=("x",), qualifiers=(("basis", ("a",)), ("basis", ("b",))))


def test_a_recorded_spec_refuses_an_unknown_mode(tmp_path: Path) -> None:
    path = tmp_path / "r.compaction.yaml"
    path.write_text(
        "kind: recorded\nmode: loose\nexpected: []\n"
        "artifact: {memory_version: 1, tenant_id: t, subject_id: s}\n"
    )
    with pytest.raises(PayloadError) as caught:
        load_spec(path)
    assert str(caught.value) == f"{path}:2: mode: expected strict or permissive, got 'loose' (str)"


def test_an_events_reason_is_kept_on_load_and_written_back() -> None:
    from pytest_compaction.specs.safeyaml import dump_yaml, load_yaml

    spec = {
        "events": [
            {"id": "e1", "text": "Tried approach A.", "facts": [{"id": "f1", "predicate": "p", "value": 1}]},
            {"id": "e2", "text": "Approach B works.", "retires": ["f1"], "reason": "approach B replaced A"},
        ]
    }
    scenario = Scenario.from_dict(spec, name="reason")
    assert scenario.events[1].reason == "approach B replaced A"
    assert scenario.events[0].reason is None
    written = scenario.to_dict()
    assert written["events"][1]["reason"] == "approach B replaced A"
    assert "reason" not in written["events"][0]
    loaded = Scenario.from_dict(load_yaml(dump_yaml(written)), name="reason")
    assert loaded == dataclasses.replace(scenario, version=SPEC_VERSION)
    plain = dataclasses.replace(scenario.events[1], retires=())  # SourceEvent.from_dict reads no lifecycle
    assert SourceEvent.from_dict(plain.to_dict()) == plain
