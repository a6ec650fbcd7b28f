"""The writer comes from the spec model: write -> load -> equal, for every optional key.

The oracle is the generated :class:`Scenario` itself, never the writer's output: a
scenario is drawn as the loader would build it (every optional key, trust, role, tool
calls, restatements, every step kind), written to YAML, loaded back with
:meth:`Scenario.from_dict`, and the loaded object must equal the drawn one. The written
spec must also satisfy the published JSON Schema. A coverage test checks that the drawn
scenarios use every key of the model, so a key added to the model without the generator
or the writer fails here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from _schema import schema_problems
from hypothesis import Phase, given, seed, settings
from hypothesis import strategies as st

from pytest_compaction.core import spec_model
from pytest_compaction.core.depth_policy import DepthPolicy
from pytest_compaction.core.model import Claim, Criticality, SourceEvent, ToolCall, Trust
from pytest_compaction.core.prose_form import ProseForm, ProsePolicy
from pytest_compaction.core.scenario import Scenario, Step
from pytest_compaction.core.violations import ViolationCode
from pytest_compaction.fuzzing.properties import spec_text
from pytest_compaction.prose.modality import Modality
from pytest_compaction.specs.safeyaml import load_yaml

_ids = st.builds(str.__add__, st.sampled_from("abcxyz"), st.text("abc19-", max_size=5))
_names = st.builds(str.__add__, st.sampled_from("abcxyz"), st.text("abc_", max_size=6))
# Strings a YAML reader would take for something else when written plain.
_tricky = st.sampled_from(
    ["no", "Yes", "on", "012", "1e3", "18:00", "~", "null", "", "- a", "a: b", "#x", "x\ny\n"]
)
_text = st.text(max_size=12) | _tricky
_words = st.lists(
    st.sampled_from(["peanuts", "no nuts", "Ana", "the user", "allergic"]), min_size=1, max_size=3
).map(tuple)
_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**9), 10**9) | _text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_ids, inner, max_size=3),
    max_leaves=6,
)


def _maybe_int(low: int, high: int) -> st.SearchStrategy[int | None]:
    return st.none() | st.integers(low, high)


_budget = st.none() | st.integers(1, spec_model.MAX_BUDGET)
_depth = st.none() | st.integers(1, spec_model.MAX_DEPTH)


def _claim(draw: st.DrawFn, fact_id: str, trust: Trust, earlier: list[str]) -> Claim:
    qualifiers = tuple(sorted(draw(st.dictionaries(_ids, _values, max_size=2)).items()))
    prose = None
    if draw(st.booleans()):
        words = draw(st.lists(st.sampled_from([k for k, _ in qualifiers]), unique=True)) if qualifiers else []
        prose = ProseForm(
            names=draw(_words),
            value=draw(st.just(()) | _words),
            qualifiers=tuple((key, draw(_words)) for key in sorted(words)),
            subject=draw(st.just(()) | _words),
            polarity=draw(st.sampled_from([None, "positive", "negative"])),
        )
    return Claim(
        fact_id=fact_id,
        predicate=draw(_ids),
        value=draw(_values),
        qualifiers=qualifiers,
        authority=draw(st.sampled_from([t for t in Trust if t.rank <= trust.rank])),
        criticality=draw(st.sampled_from(list(Criticality))),
        supersedes=tuple(draw(st.lists(st.sampled_from(earlier), unique=True, max_size=2)))
        if earlier
        else (),
        prose=prose,
    )


def _events(draw: st.DrawFn, tenant: str, subject: str) -> tuple[SourceEvent, ...]:
    events: list[SourceEvent] = []
    stated: dict[str, tuple[Claim, str, str]] = {}
    calls: list[str] = []
    for index in range(draw(st.integers(1, 4))):
        role = draw(st.sampled_from(spec_model.ROLES))
        trust = draw(st.sampled_from(list(Trust)))
        owner = (draw(st.sampled_from([tenant, "t-other"])), draw(st.sampled_from([subject, "s-other"])))
        claims = [_claim(draw, f"f{index}-{n}", trust, list(stated)) for n in range(draw(st.integers(0, 2)))]
        same_owner = [fid for fid, (_, *whose) in stated.items() if tuple(whose) == owner]
        restated = draw(st.lists(st.sampled_from(same_owner), unique=True, max_size=2)) if same_owner else []
        stated.update((claim.fact_id, (claim, *owner)) for claim in claims)
        claims += [dataclasses.replace(stated[fid][0], supersedes=()) for fid in restated]
        tool_calls: tuple[ToolCall, ...] = ()
        if role == "assistant" and draw(st.booleans()):
            arguments = draw(st.dictionaries(_ids, _values, max_size=2))
            tool_calls = (ToolCall(call_id=f"call-{index}", name=draw(_ids), arguments=arguments),)
            calls.append(f"call-{index}")
        events.append(
            SourceEvent(
                event_id=f"e{index}",
                tenant_id=owner[0],
                subject_id=owner[1],
                text=draw(_text),
                trust=trust,
                order=index,
                claims=tuple(claims),
                retires=tuple(draw(st.lists(st.sampled_from(list(stated)), unique=True, max_size=2)))
                if stated
                else (),
                role=role,
                tool_calls=tool_calls,
                tool_call_id=draw(st.none() | st.sampled_from(calls)) if role == "tool" and calls else None,
                name=draw(st.none() | _text),
                reason=draw(st.none() | _text),
            )
        )
    return tuple(events)


def _steps(
    draw: st.DrawFn, events: tuple[SourceEvent, ...], acts: bool, tenant: str, subject: str
) -> list[Step]:
    ids = [e.event_id for e in events]
    facts = [c.fact_id for e in events for c in e.claims]

    def whose() -> dict[str, str]:
        return {
            "tenant_id": draw(st.sampled_from([tenant, "t-step"])),
            "subject_id": draw(st.sampled_from([subject, "s-step"])),
        }

    steps = [
        Step(kind="add", event_ids=tuple(draw(st.lists(st.sampled_from(ids), min_size=1)))),
        Step(
            kind="compress",
            **whose(),
            budget=draw(_budget),
            budget_tokens=draw(_budget),
            budget_chars=draw(_budget),
        ),
    ]
    # Each kind of step at most once, in an order the loader accepts (use after retrieve, act after compress).
    kinds = [kind for kind in ("add", "compress", "delete", "retrieve", "use", "act") if draw(st.booleans())]
    for kind in kinds:
        if kind == "add":
            steps.append(Step(kind="add", event_ids=tuple(draw(st.lists(st.sampled_from(ids))))))
        elif kind == "compress":
            steps.append(
                Step(kind="compress", tenant_id=tenant, subject_id=draw(st.sampled_from([subject, "s-x"])))
            )
        elif kind == "delete":
            steps.append(
                Step(kind="delete", fact_id=draw(_ids), event_id=draw(st.none() | st.sampled_from(ids)))
            )
        elif kind == "retrieve":
            relevant = tuple(draw(st.lists(st.sampled_from(facts), unique=True, max_size=2))) if facts else ()
            steps.append(
                Step(
                    kind="retrieve",
                    query_class=draw(_names),
                    predicates=tuple(draw(st.lists(_ids, max_size=2))),
                    relevant=relevant,
                    limit=draw(_maybe_int(0, 50)),
                    **whose(),
                )
            )
        elif kind == "use" and "retrieve" in kinds:
            rules = tuple(draw(st.lists(_names, min_size=1, max_size=2)))
            steps.append(Step(kind="use", consumer=draw(_names | st.just("pkg.mod:attr")), rules=rules))
        elif kind == "act" and acts:
            steps.append(Step(kind="act", action=draw(_ids), binding=draw(_ids), **whose()))
    return [dataclasses.replace(step, path=f"steps[{i}]") for i, step in enumerate(steps)]


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    """A scenario exactly as :meth:`Scenario.from_dict` builds it, any optional key set or not."""
    tenant = draw(st.sampled_from(["tenant-1", "acme"]))
    subject = draw(st.sampled_from(["subject-1", "ana"]))
    events = _events(draw, tenant, subject)
    bindings = draw(
        st.none() | st.lists(st.builds(lambda c, p: {"canonical_id": c, "phrase": p}, _ids, _ids))
    )
    invariants = draw(
        st.none()
        | st.builds(
            lambda i, t, m: {"invariants": [{"id": i, "text": t, "markers": [t], "modality": m}]},
            _ids,
            _ids,
            st.sampled_from([m.value for m in Modality]),
        )
    )
    steps = draw(st.sampled_from([False, True, True, True]))  # mostly with steps: they hold many keys
    codes = st.sampled_from([code.value for code in ViolationCode])
    violations = st.lists(codes | st.builds(lambda f, c: f"{f}:{c}", _ids, codes), unique=True, max_size=3)
    from_depth = _depth
    return Scenario(
        name="generated",
        description=draw(st.just("") | _text),
        tenant_id=tenant,
        subject_id=subject,
        events=events,
        steps=tuple(_steps(draw, events, bindings is not None, tenant, subject)) if steps else (),
        budget=draw(_budget),
        mode=draw(st.sampled_from(["strict", "permissive"])),
        expect_violations=draw(st.none() | violations.map(lambda names: tuple(sorted(names)))),
        relations=tuple(draw(st.lists(_names, max_size=2))),
        depth=draw(_depth),
        attempts=draw(_maybe_int(1, 100)),
        seed=draw(_maybe_int(-(10**12), 10**12)),
        invariants=invariants,
        bindings=bindings,
        budget_tokens=draw(_budget),
        budget_chars=draw(_budget),
        prose_policy=draw(st.none() | st.integers(1, 5).map(lambda n: ProsePolicy(max_depth=n))),
        version=1,
        depth_policy=draw(
            st.none()
            | st.builds(
                DepthPolicy,
                pins_verbatim=from_depth,
                bindings_resolved=from_depth,
                no_unsupported_facts=from_depth,
            )
        ),
    )


def _loaded(scenario: Scenario) -> Scenario:
    return Scenario.from_dict(load_yaml(spec_text(scenario)), name=scenario.name)


@settings(max_examples=100, deadline=None)
@given(scenarios())
def test_write_load_gives_the_same_scenario(scenario: Scenario) -> None:
    assert _loaded(scenario) == scenario


@settings(max_examples=30, deadline=None)
@given(scenarios())
def test_what_the_writer_writes_the_schema_accepts(scenario: Scenario) -> None:
    assert schema_problems(load_yaml(spec_text(scenario))) == []


# -- the generator reaches every key of the model --------------------------------------------------


def _paths(keys: tuple[spec_model.Key, ...], prefix: str = "") -> set[str]:
    out: set[str] = set()
    for key in keys:
        if key.attr is None and key.name != "restates":
            continue  # not held by the loaded object (marks: read by the collector)
        out.add(prefix + key.name)
        if key.kind in ("object", "objects"):
            out |= _paths(key.fields, f"{prefix}{key.name}.")
    return out


def _model_paths() -> set[str]:
    steps = {
        f"steps.{kind}.{name}"
        for kind, keys in spec_model.STEP_OPTIONS.items()
        for name in spec_model.names(keys)
    }
    steps |= {f"steps.{name}" for name in spec_model.names(spec_model.ADD + spec_model.DELETE)}
    return (_paths(spec_model.SCENARIO) - {"steps"}) | steps


def _written_paths(data: Any, model: set[str], prefix: str = "") -> set[str]:
    """The key paths ``data`` holds, descending only into the model's objects (not into values)."""
    out: set[str] = set()
    for item in data if isinstance(data, list) else [data]:
        if not isinstance(item, dict):
            continue
        for name, value in item.items():
            path = prefix + name
            out.add(path)
            if any(known.startswith(path + ".") for known in model):
                out |= _written_paths(value, model, path + ".")
    return out


def test_the_generated_scenarios_write_every_key_of_the_model() -> None:
    model = _model_paths()
    seen: set[str] = set()

    def collect(scenario: Scenario) -> None:
        written = scenario.to_dict()
        steps = [{"compress": {}} if step == "compress" else step for step in written.pop("steps", ())]
        seen.update(_written_paths(written, model))
        for step in steps:
            kind, options = next(iter(step.items()))
            flat = kind in ("add", "delete")
            seen.update(
                f"steps.{name}" if flat else f"steps.{kind}.{name}" for name in (step if flat else options)
            )

    # A rare key (a tool event answering a call) may need more draws than one seed's 150
    # give on some Hypothesis versions: fixed seeds, one after another, until all are seen.
    for fixed in range(8):
        if not model - seen:
            break
        run = settings(max_examples=150, database=None, deadline=None, phases=[Phase.generate])(
            seed(fixed)(given(scenarios())(collect))
        )
        run()
    assert model - seen == set()


# -- every key names a real attribute; every attribute is a key ------------------------------------

_HOLDERS: dict[type, tuple[tuple[spec_model.Key, ...], ...]] = {
    Scenario: (spec_model.SCENARIO,),
    SourceEvent: (spec_model.EVENT,),
    Claim: (spec_model.CLAIM,),
    ToolCall: (spec_model.TOOL_CALL,),
    ProseForm: (spec_model.PROSE_FORM,),
    ProsePolicy: (spec_model.PROSE_POLICY,),
    DepthPolicy: (spec_model.DEPTH_POLICY,),
    Step: (spec_model.ADD, spec_model.DELETE, *spec_model.STEP_OPTIONS.values()),
}
# Attributes a spec does not write: the scenario's name is its file's, an event's order its position,
# its claims are written as facts and restates, a step's kind is its key and its path where it was read.
_NOT_WRITTEN: dict[type, set[str]] = {
    Scenario: {"name", "_events_by_id"},
    SourceEvent: {"order", "claims"},
    Claim: {"current"},
    ProsePolicy: {"budget_chars"},  # a prose case's key (compaction prose), not a scenario spec's
    Step: {"kind", "path"},
}


def test_every_key_is_held_by_an_attribute_and_every_attribute_by_a_key() -> None:
    for holder, tables in _HOLDERS.items():
        fields = {f.name for f in dataclasses.fields(holder)}
        attributes = {key.attribute for keys in tables for key in keys if key.attr not in (None, ".")}
        assert attributes - fields == set(), holder
        assert fields - attributes - _NOT_WRITTEN.get(holder, set()) == set(), holder


def test_an_event_is_found_by_id_and_a_missing_one_is_a_key_error() -> None:
    scenario = Scenario.from_dict(
        {"events": [{"id": "e1", "text": "a"}, {"id": "e2", "text": "b"}]}, name="s"
    )
    assert scenario.event("e2") is scenario.events[1]
    assert dataclasses.replace(scenario, events=scenario.events[:1]).event("e1") is scenario.events[0]
    with pytest.raises(KeyError, match="e3"):
        scenario.event("e3")


def test_too_many_events_are_refused_by_the_loader_and_the_schema() -> None:
    from pytest_compaction.core.errors import PayloadError

    events = [{"id": f"e{i}", "text": "x"} for i in range(spec_model.MAX_EVENTS + 1)]
    with pytest.raises(PayloadError, match=f"a scenario holds at most {spec_model.MAX_EVENTS}"):
        Scenario.from_dict({"events": events}, name="s")
    assert schema_problems({"events": events}) != []
    assert schema_problems({"events": events[:-1]}) == []
