"""The relation library: each relation's transformation, its declared effect on the oracle, the registry."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from _scenarios import refund_scenario

from pytest_compaction.core.errors import ConfigError
from pytest_compaction.core.model import SourceEvent, Status, Trust
from pytest_compaction.core.scenario import Scenario, Step
from pytest_compaction.relations import registry as relations
from pytest_compaction.relations.registry import (
    RELATIONS,
    NotApplicable,
    OracleChange,
    Relation,
    RelationError,
    RelationKind,
    Transformation,
    Transformed,
    UnknownRelationError,
    get_relation,
    rebuild,
    register_relation,
    replay_ledger,
    timeline,
)

BUILT_IN = (
    "append_small_talk",
    "reorder_independent",
    "split_event",
    "duplicate_untrusted",
    "rename_unrelated",
    "reorder_update",
    "remove_source",
)


def active(scenario: Scenario) -> dict[str, Any]:
    """fact id -> (predicate, value, qualifiers, authority) of every active fact after replay."""
    return {
        f.fact_id: (f.predicate, f.value, f.qualifiers, f.authority) for f in replay_ledger(scenario).active()
    }


def events_in(scenario: Scenario) -> list[SourceEvent]:
    return [e for e in timeline(scenario) if isinstance(e, SourceEvent)]


def applied(name: str, scenario: Scenario, seed: int = 7) -> Transformation:
    outcome = get_relation(name).apply(scenario, seed)
    assert isinstance(outcome, Transformation), outcome
    return outcome


@pytest.fixture
def registry() -> Iterator[None]:
    """Leave the registry as it was, whatever a test registers."""
    saved = dict(relations._REGISTRY)
    yield
    relations._REGISTRY.clear()
    relations._REGISTRY.update(saved)


# -- the library ------------------------------------------------------------------


def test_relations_lists_the_built_ins_with_their_kind() -> None:
    from pytest_compaction.relations.subjects import SUBJECT_RELATIONS

    assert tuple(RELATIONS) == (*BUILT_IN, *SUBJECT_RELATIONS)
    kinds = {name: RELATIONS[name].kind for name in BUILT_IN}
    assert {n for n, k in kinds.items() if k is RelationKind.ORACLE_CHANGING} == {
        "reorder_update",
        "remove_source",
    }
    for relation in RELATIONS.values():
        assert relation.summary.strip()
        assert relation.rationale.strip()


def test_relations_is_read_only() -> None:
    with pytest.raises(TypeError):
        RELATIONS["mine"] = RELATIONS["split_event"]  # type: ignore[index]


@pytest.mark.parametrize("name", BUILT_IN)
@pytest.mark.parametrize("seed", range(25))
def test_every_relation_is_deterministic_and_keeps_its_declaration(name: str, seed: int) -> None:
    scenario = refund_scenario()
    first, second = get_relation(name).apply(scenario, seed), get_relation(name).apply(scenario, seed)
    assert first == second
    assert isinstance(first, Transformation)
    assert first.seed == seed
    assert first.scenario.name == f"refund[{name}]"
    expected = active(scenario)
    for fact_id in first.change.no_longer_active:
        del expected[fact_id]
    after = active(first.scenario)
    for fact_id in first.change.now_active:
        expected[fact_id] = after[fact_id]
    assert after == expected


def test_different_seeds_give_different_transformations() -> None:
    scenario = refund_scenario()
    shapes = {applied("append_small_talk", scenario, seed).scenario.steps for seed in range(10)}
    assert len(shapes) > 1


def test_a_relation_draws_the_same_whatever_else_is_applied() -> None:
    scenario = refund_scenario()
    alone = applied("split_event", scenario, 3)
    applied("append_small_talk", scenario, 3)
    assert applied("split_event", scenario, 3) == alone


def test_transformed_steps_deliver_every_event_exactly_once() -> None:
    scenario = refund_scenario(
        steps=[{"add": ["e1", "e2", "e3"]}, "compress", {"add": ["e4", "e5", "e6"]}, "compress"]
    )
    for name in BUILT_IN:
        for seed in range(10):
            outcome = get_relation(name).apply(scenario, seed)
            assert isinstance(outcome, Transformation)
            delivered = [i for step in outcome.scenario.steps if step.kind == "add" for i in step.event_ids]
            assert sorted(delivered) == sorted(e.event_id for e in outcome.scenario.events)
            assert [e.order for e in outcome.scenario.events] == list(range(len(outcome.scenario.events)))
            assert sum(step.kind == "compress" for step in outcome.scenario.steps) == 2


# -- invariant relations ------------------------------------------------------------


def test_append_small_talk_brackets_a_critical_statement_with_chatter() -> None:
    scenario = refund_scenario()
    outcome = applied("append_small_talk", scenario)
    chatter = [e for e in events_in(outcome.scenario) if e.event_id.startswith("chatter-")]
    assert len(chatter) >= len(scenario.events)
    assert all(not e.claims and not e.retires and e.trust is Trust.USER for e in chatter)
    ids = [e.event_id for e in events_in(outcome.scenario)]
    anchor = outcome.description.split("chatter-1 before ")[1].split(",")[0]
    position = ids.index(anchor)
    assert ids[position - 1] == "chatter-1"
    assert ids[position + 1] == "chatter-2"
    assert outcome.description.startswith(
        f"inserted {len(chatter)} chatter events: chatter-1 before {anchor}, "
    )
    assert f"chatter-2 after {anchor}" in outcome.description


def test_append_small_talk_puts_nothing_after_the_last_compression() -> None:
    scenario = refund_scenario(steps=[{"add": "all"}, "compress"])
    for seed in range(20):
        entries = timeline(applied("append_small_talk", scenario, seed).scenario)
        assert isinstance(entries[-1], Step)
        assert entries[-1].kind == "compress"


def test_append_small_talk_never_repeats_an_existing_text() -> None:
    scenario = refund_scenario()
    texts = [e.text for e in scenario.events]
    for seed in range(20):
        for event in events_in(applied("append_small_talk", scenario, seed).scenario):
            if event.event_id.startswith("chatter-"):
                assert not any(text in event.text for text in texts)


def _shares_a_fact(a: SourceEvent, b: SourceEvent) -> bool:
    ids = {c.fact_id for c in a.claims} | {s for c in a.claims for s in c.supersedes} | set(a.retires)
    other = {c.fact_id for c in b.claims} | {s for c in b.claims for s in c.supersedes} | set(b.retires)
    return bool(ids & other)


@pytest.mark.parametrize("seed", range(30))
def test_reorder_independent_keeps_every_dependency_in_order(seed: int) -> None:
    scenario = Scenario.from_dict(
        {
            "events": [
                {"id": "a", "text": "Limit 50.", "facts": [{"id": "f1", "predicate": "limit", "value": 50}]},
                {"id": "b", "text": "Hi."},
                {
                    "id": "c",
                    "text": "Limit 60.",
                    "facts": [{"id": "f2", "predicate": "limit", "value": 60, "supersedes": "f1"}],
                },
                {
                    "id": "d",
                    "text": "Tried A, failed.",
                    "facts": [{"id": "f3", "predicate": "tried.a", "value": "failed"}],
                },
                {"id": "e", "text": "Chatter."},
                {"id": "f", "text": "A works now.", "retires": ["f3"]},
                {"id": "g", "text": "Vegan.", "facts": [{"id": "f4", "predicate": "diet", "value": "vegan"}]},
            ]
        },
        name="dependencies",
    )
    before = events_in(scenario)
    outcome = applied("reorder_independent", scenario, seed)
    after = [e.event_id for e in events_in(outcome.scenario)]
    assert after != [e.event_id for e in before]
    assert sorted(after) == sorted(e.event_id for e in before)
    for i, a in enumerate(before):
        for b in before[i + 1 :]:
            if _shares_a_fact(a, b):
                assert after.index(a.event_id) < after.index(b.event_id), (a.event_id, b.event_id)


def test_reorder_independent_never_crosses_a_compress_or_delete_step() -> None:
    scenario = refund_scenario(
        steps=[
            {"add": ["e1", "e2", "e3"]},
            "compress",
            {"add": ["e4", "e5", "e6"]},
            {"delete": "fact-allergy-1"},
            "compress",
        ]
    )
    for seed in range(20):
        steps = applied("reorder_independent", scenario, seed).scenario.steps
        assert [s.kind for s in steps] == ["add", "compress", "add", "delete", "compress"]
        assert set(steps[0].event_ids) == {"e1", "e2", "e3"}
        assert set(steps[2].event_ids) == {"e4", "e5", "e6"}


def test_reorder_independent_does_not_apply_to_a_chain() -> None:
    scenario = Scenario.from_dict(
        {
            "events": [
                {"id": "a", "text": "Limit 50.", "facts": [{"id": "f1", "predicate": "limit", "value": 50}]},
                {
                    "id": "b",
                    "text": "Limit 60.",
                    "facts": [{"id": "f2", "predicate": "limit", "value": 60, "supersedes": "f1"}],
                },
                {
                    "id": "c",
                    "text": "Limit 70.",
                    "facts": [{"id": "f3", "predicate": "limit", "value": 70, "supersedes": "f2"}],
                },
            ]
        },
        name="chain",
    )
    outcome = get_relation("reorder_independent").apply(scenario, 1)
    assert outcome == NotApplicable(
        relation="reorder_independent",
        reason="no two neighbouring events are independent: between compress and delete steps each pair "
        "shares a fact (supersession, retirement or restatement), so their order is meaning",
    )


@pytest.mark.parametrize("seed", range(20))
def test_split_event_keeps_the_claims_on_exactly_one_chunk(seed: int) -> None:
    scenario = refund_scenario()
    outcome = applied("split_event", scenario, seed)
    events = {e.event_id: e for e in events_in(outcome.scenario)}
    (chunk_id,) = [i for i in events if "~chunk" in i]
    original_id = chunk_id.split("~")[0]
    original = scenario.event(original_id)
    carrier, other = events[original_id], events[chunk_id]
    assert carrier.claims == original.claims
    assert other.claims == ()
    assert other.retires == ()
    ids = [e.event_id for e in events_in(outcome.scenario)]
    first, second = sorted((carrier, other), key=lambda e: ids.index(e.event_id))
    assert abs(ids.index(carrier.event_id) - ids.index(other.event_id)) == 1
    assert first.text + second.text == original.text
    assert original.claims, "a statement is split when there is one"


def test_split_event_never_splits_deleted_content() -> None:
    scenario = refund_scenario(steps=[{"add": "all"}, {"delete": "fact-allergy-1"}, "compress"])
    for seed in range(30):
        description = applied("split_event", scenario, seed).description
        assert not description.startswith("split e5 ")


def test_split_event_does_not_apply_without_text_to_split() -> None:
    scenario = Scenario.from_dict({"events": [{"id": "a", "text": "k"}]}, name="tiny")
    outcome = get_relation("split_event").apply(scenario, 0)
    assert isinstance(outcome, NotApplicable)
    assert outcome.reason == (
        "no compressed event has text to split (two characters or more) outside deleted content"
    )


def test_duplicate_untrusted_repeats_the_claim_and_trust_does_not_rise() -> None:
    scenario = refund_scenario()
    outcome = applied("duplicate_untrusted", scenario)
    repeat = next(e for e in events_in(outcome.scenario) if e.event_id == "e3~repeat")
    assert repeat.trust is Trust.UNTRUSTED
    assert repeat.text == scenario.event("e3").text
    assert [c.fact_id for c in repeat.claims] == ["fact-approve-1"]
    fact = replay_ledger(outcome.scenario).get("fact-approve-1")
    assert fact.authority is Trust.UNTRUSTED
    assert fact.source_event_ids == ("e3", "e3~repeat")
    assert active(outcome.scenario) == active(scenario)


def test_duplicate_untrusted_lands_while_the_claim_is_active() -> None:
    scenario = Scenario.from_dict(
        {
            "events": [
                {
                    "id": "q",
                    "text": "Quoted: limit 90.",
                    "trust": "untrusted",
                    "facts": [{"id": "f1", "predicate": "limit", "value": 90}],
                },
                {"id": "a", "text": "Chat."},
                {
                    "id": "b",
                    "text": "Limit 60.",
                    "facts": [{"id": "f2", "predicate": "limit", "value": 60, "supersedes": "f1"}],
                },
                {"id": "c", "text": "More chat."},
            ]
        },
        name="quoted",
    )
    for seed in range(20):
        ids = [e.event_id for e in events_in(applied("duplicate_untrusted", scenario, seed).scenario)]
        assert ids.index("q~repeat") < ids.index("b")


def test_duplicate_untrusted_does_not_apply_without_untrusted_content() -> None:
    scenario = Scenario.from_dict({"events": [{"id": "a", "text": "Hello there."}]}, name="plain")
    outcome = get_relation("duplicate_untrusted").apply(scenario, 0)
    assert outcome == NotApplicable(
        relation="duplicate_untrusted",
        reason="no untrusted (quoted or retrieved) event is compressed, so there is nothing to repeat",
    )


def test_rename_unrelated_renames_only_events_that_carry_no_fact() -> None:
    scenario = refund_scenario(
        steps=[{"add": "all"}, {"delete": "fact-allergy-1", "event": "e6"}, "compress"]
    )
    outcome = applied("rename_unrelated", scenario)
    ids = [e.event_id for e in events_in(outcome.scenario)]
    assert ids[0] == "e1"
    assert ids[2:] == ["e3", "e4", "e5", "e6"]
    assert ids[1].startswith("turn-")
    assert outcome.scenario.steps[1] == Step(
        kind="delete", fact_id="fact-allergy-1", event_id="e6", path="steps[1]"
    )
    assert outcome.description == f"renamed events that carry no fact: e2 -> {ids[1]}"


def test_rename_unrelated_does_not_apply_when_every_event_carries_a_fact() -> None:
    scenario = Scenario.from_dict(
        {
            "events": [
                {"id": "a", "text": "Vegan.", "facts": [{"id": "f1", "predicate": "diet", "value": "vegan"}]}
            ]
        },
        name="dense",
    )
    outcome = get_relation("rename_unrelated").apply(scenario, 0)
    assert isinstance(outcome, NotApplicable)
    assert (
        outcome.reason == "every event states, retires or requests the deletion of a fact; no id is unrelated"
    )


# -- oracle-changing relations -------------------------------------------------------


def test_reorder_update_makes_the_older_value_current() -> None:
    scenario = refund_scenario()
    outcome = applied("reorder_update", scenario)
    assert outcome.change == OracleChange(now_active=("fact-refund-1",), no_longer_active=("fact-refund-2",))
    ids = [e.event_id for e in events_in(outcome.scenario)]
    assert ids.index("e4") == ids.index("e1") - 1
    ledger = outcome.expected_ledger()
    assert ledger.get("fact-refund-1").status is Status.ACTIVE
    assert ledger.get("fact-refund-2").status is Status.SUPERSEDED
    assert ledger.get("fact-refund-2").superseded_by == "fact-refund-1"
    current = [f.value for f in ledger.active() if f.predicate == "refund.max_usd"]
    assert current == [50]
    assert outcome.description == (
        "moved e4 (stating fact-refund-2, which superseded fact-refund-1) before e1; "
        "fact-refund-1 now supersedes fact-refund-2, so fact-refund-1 is the current value"
    )


def test_reorder_update_keeps_the_rest_of_a_chain_valid() -> None:
    scenario = Scenario.from_dict(
        {
            "events": [
                {"id": "a", "text": "Limit 40.", "facts": [{"id": "f0", "predicate": "limit", "value": 40}]},
                {
                    "id": "b",
                    "text": "Limit 50.",
                    "facts": [{"id": "f1", "predicate": "limit", "value": 50, "supersedes": "f0"}],
                },
                {"id": "c", "text": "Chat."},
                {
                    "id": "d",
                    "text": "Limit 60.",
                    "facts": [{"id": "f2", "predicate": "limit", "value": 60, "supersedes": "f1"}],
                },
            ]
        },
        name="chain",
    )
    outcome = applied("reorder_update", scenario)
    # f0 -> f1 cannot move (f1 is superseded later); f1 -> f2 can.
    assert outcome.change == OracleChange(now_active=("f1",), no_longer_active=("f2",))
    ledger = outcome.expected_ledger()
    assert {f.fact_id for f in ledger.active()} == {"f1"}
    assert ledger.get("f0").superseded_by == "f1"


def test_reorder_update_does_not_apply_when_the_update_is_referenced_later() -> None:
    scenario = Scenario.from_dict(
        {
            "events": [
                {"id": "a", "text": "Limit 50.", "facts": [{"id": "f1", "predicate": "limit", "value": 50}]},
                {
                    "id": "b",
                    "text": "Limit 60.",
                    "facts": [{"id": "f2", "predicate": "limit", "value": 60, "supersedes": "f1"}],
                },
            ],
            "steps": [{"add": "all"}, "compress", {"delete": "f2"}, "compress"],
        },
        name="referenced",
    )
    outcome = get_relation("reorder_update").apply(scenario, 0)
    assert isinstance(outcome, NotApplicable)
    assert outcome.reason.startswith("no update can move before the value it supersedes")


def test_remove_source_drops_the_event_and_the_fact_disappears() -> None:
    scenario = refund_scenario()
    outcome = applied("remove_source", scenario, 0)
    (gone,) = outcome.change.no_longer_active
    ledger = outcome.expected_ledger()
    assert gone not in ledger
    assert gone in replay_ledger(scenario)
    dropped = outcome.description.split()[1].rstrip(",")
    assert dropped not in [e.event_id for e in outcome.scenario.events]
    assert set(active(outcome.scenario)) == set(active(scenario)) - {gone}


def test_remove_source_never_drops_an_event_something_else_depends_on() -> None:
    scenario = refund_scenario()
    for seed in range(30):
        gone = applied("remove_source", scenario, seed).change.no_longer_active
        # e1/e4 are linked by supersession; only e3 and e5 stand alone.
        assert gone in (("fact-approve-1",), ("fact-allergy-1",))


def test_remove_source_does_not_apply_without_a_lone_source() -> None:
    scenario = Scenario.from_dict({"events": [{"id": "a", "text": "Hi."}]}, name="empty")
    outcome = get_relation("remove_source").apply(scenario, 0)
    assert isinstance(outcome, NotApplicable)
    assert outcome.reason == (
        "no compressed event is the only source of facts that nothing else restates, "
        "supersedes, retires or deletes"
    )


# -- the registry -------------------------------------------------------------------


def test_unknown_relation_suggests_the_closest_name() -> None:
    with pytest.raises(UnknownRelationError) as info:
        get_relation("append_smalltalk")
    assert str(info.value) == (
        "unknown relation 'append_smalltalk'; did you mean 'append_small_talk'? (known relations: "
        "append_small_talk, concurrent_subjects, duplicate_untrusted, interleaved_subjects, remove_source, "
        "rename_unrelated, reorder_independent, reorder_update, reversed_subjects, sequential_subjects, "
        "split_event; register others with "
        "pytest_compaction.relations.register_relation)"
    )
    assert isinstance(info.value, LookupError)
    assert isinstance(info.value, ConfigError)
    assert info.value.name == "append_smalltalk"


def test_unknown_relation_without_a_close_name() -> None:
    with pytest.raises(
        UnknownRelationError, match=r"^unknown relation 'zzz' \(known relations: append_small_talk, "
    ):
        get_relation("zzz")


def _signature_relation(scenario: Scenario, rng: random.Random) -> Transformed | NotApplicable:
    entries = timeline(scenario)
    event = SourceEvent(
        event_id="signature",
        tenant_id=scenario.tenant_id,
        subject_id=scenario.subject_id,
        text="Sent from my phone",
    )
    position = rng.randint(0, len(entries) - 1)
    entries.insert(position, event)
    return Transformed(scenario=rebuild(scenario, entries), description=f"inserted 'signature' at {position}")


@pytest.mark.usefixtures("registry")
def test_register_relation_adds_a_user_relation() -> None:
    relation = register_relation(
        "append_signature",
        _signature_relation,
        summary="append an email signature",
        rationale="a signature states no fact",
    )
    assert get_relation("append_signature") is relation
    assert relation.kind is RelationKind.INVARIANT
    outcome = relation.apply(refund_scenario(), 1)
    assert isinstance(outcome, Transformation)
    assert "signature" in [e.event_id for e in outcome.scenario.events]


@pytest.mark.usefixtures("registry")
def test_register_relation_as_a_decorator() -> None:
    @register_relation("as_decorator", summary="s", rationale="r")
    def transform(scenario: Scenario, rng: random.Random) -> Transformed | NotApplicable:
        return NotApplicable(reason="never applies")

    assert get_relation("as_decorator").transform is transform
    assert get_relation("as_decorator").apply(refund_scenario(), 0) == NotApplicable(
        relation="as_decorator", reason="never applies"
    )


@pytest.mark.usefixtures("registry")
def test_register_relation_refuses_a_taken_name_unless_replacing() -> None:
    with pytest.raises(RelationError) as info:
        register_relation("split_event", _signature_relation, summary="s", rationale="r")
    assert str(info.value) == (
        "a relation named 'split_event' is already registered (deliver one message as two transport chunks; "
        "its claims stay on exactly one chunk); pass replace=True to replace it, or choose another name"
    )
    register_relation("split_event", _signature_relation, summary="s", rationale="r", replace=True)
    assert get_relation("split_event").summary == "s"


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("name", "kwargs", "message"),
    [
        (
            "Bad-Name",
            {},
            "relation name 'Bad-Name' must be lowercase letters, digits and underscores, starting with a "
            "letter (it is written in markers and YAML), e.g. 'append_signature'",
        ),
        (
            "no_why",
            {"rationale": " "},
            "relation 'no_why' needs a rationale: say what it does and why it preserves meaning "
            "(or how it changes the oracle)",
        ),
        (
            "odd_kind",
            {"kind": "sometimes"},
            "relation 'odd_kind': kind must be 'invariant' or 'oracle_changing', got 'sometimes'",
        ),
    ],
)
def test_register_relation_validates(name: str, kwargs: dict[str, Any], message: str) -> None:
    options: dict[str, Any] = {"summary": "s", "rationale": "r", **kwargs}
    with pytest.raises(RelationError) as info:
        register_relation(name, _signature_relation, **options)
    assert str(info.value) == message


def test_a_relation_that_breaks_its_declaration_is_an_error_not_a_compressor_failure() -> None:
    def drops_a_fact(scenario: Scenario, rng: random.Random) -> Transformed:
        entries = [e for e in timeline(scenario) if not (isinstance(e, SourceEvent) and e.event_id == "e5")]
        return Transformed(scenario=rebuild(scenario, entries), description="dropped e5")

    liar = Relation(
        name="liar", kind=RelationKind.INVARIANT, summary="s", rationale="r", transform=drops_a_fact
    )
    with pytest.raises(RelationError) as info:
        liar.apply(refund_scenario(), 4)
    assert str(info.value) == (
        "relation 'liar' (seed 4) declares the oracle is unchanged, but the transformed ledger differs: "
        "fact-allergy-1 (food.peanuts_allowed) missing, nothing unexpected"
    )


def test_a_relation_that_returns_the_wrong_type_is_an_error() -> None:
    def wrong(scenario: Scenario, rng: random.Random) -> Any:
        return scenario

    relation = Relation(
        name="wrong", kind=RelationKind.INVARIANT, summary="s", rationale="r", transform=wrong
    )
    with pytest.raises(RelationError, match=r"^relation 'wrong' returned Scenario; a transform returns "):
        relation.apply(refund_scenario(), 0)


def test_a_relation_that_produces_an_impossible_history_is_an_error() -> None:
    def reversed_history(scenario: Scenario, rng: random.Random) -> Transformed:
        entries = timeline(scenario)
        events = [e for e in entries if isinstance(e, SourceEvent)][::-1]
        return Transformed(
            scenario=rebuild(scenario, [*events, Step(kind="compress")]), description="reversed"
        )

    relation = Relation(
        name="rev", kind=RelationKind.INVARIANT, summary="s", rationale="r", transform=reversed_history
    )
    with pytest.raises(
        RelationError, match=r"^relation 'rev' \(seed 0\) produced a scenario that cannot be replayed: "
    ):
        relation.apply(refund_scenario(), 0)


def test_an_oracle_changing_relation_must_declare_its_change() -> None:
    relation = Relation(
        name="silent",
        kind=RelationKind.ORACLE_CHANGING,
        summary="s",
        rationale="r",
        transform=lambda scenario, rng: Transformed(scenario=scenario, description="nothing"),
    )
    with pytest.raises(RelationError) as info:
        relation.apply(refund_scenario(), 0)
    assert (
        str(info.value)
        == "relation 'silent' (seed 0) changes the oracle but declares no change; fill in OracleChange"
    )
