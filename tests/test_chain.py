"""The register is append-only across reloads: rewrites and reorders are caught by content address."""

from __future__ import annotations

import pytest

from pytest_compaction.prose.chain import compare_lineage, digests, entry_digest
from pytest_compaction.prose.gate import CompactionGate
from pytest_compaction.prose.invariants import InvariantRegister
from pytest_compaction.prose.summary import PassState

FRIDAY = ("inv-friday", "Never deploy on Fridays.", ["deploy"])
EMAIL = ("inv-email", "Do not email the customer before review.", ["email"])
SUMMARY = "Never deploy on Fridays. Do not email the customer before review."


def _register(*entries: tuple[str, str, list[str]]) -> InvariantRegister:
    register = InvariantRegister()
    for ident, text, markers in entries:
        register.pin(ident, text, markers=markers, modality="prohibition")
    return register


def _names(gate: CompactionGate, reloaded: InvariantRegister) -> list[str]:
    return [v.name for v in gate.check(SUMMARY, register=reloaded)]


@pytest.fixture
def gate() -> CompactionGate:
    gate = CompactionGate(_register(FRIDAY, EMAIL))
    gate.admit(SUMMARY)
    return gate


def test_a_faithful_reload_is_clean(gate: CompactionGate) -> None:
    assert _names(gate, _register(FRIDAY, EMAIL)) == []


def test_an_appended_entry_is_fine(gate: CompactionGate) -> None:
    extra = ("inv-keys", "Never rotate the API keys.", ["API keys"])
    summary = SUMMARY + " Never rotate the API keys."
    names = [v.name for v in gate.check(summary, register=_register(FRIDAY, EMAIL, extra))]
    assert names == ["summary_not_reclaimed"]  # longer than the last pass; no lineage finding


def test_a_rewrite_with_the_same_count_is_caught(gate: CompactionGate) -> None:
    rewritten = ("inv-friday", "Never deploy on a Friday or a Saturday.", ["deploy"])
    assert "inv-friday:register_entry_rewritten" in _names(gate, _register(rewritten, EMAIL))


def test_a_reorder_with_the_same_entries_is_caught(gate: CompactionGate) -> None:
    assert _names(gate, _register(EMAIL, FRIDAY)) == ["inv-email:register_reordered"]


def test_a_removal_without_retirement_is_still_caught(gate: CompactionGate) -> None:
    assert "inv-friday:invariant_retired_without_event" in _names(gate, _register(EMAIL))


def test_a_retirement_event_lets_an_entry_go(gate: CompactionGate) -> None:
    reloaded = _register(FRIDAY, EMAIL)
    reloaded.retire("inv-friday", event_id="e9", reason="the freeze ended")
    assert _names(gate, reloaded) == []


def test_digests_are_content_addresses() -> None:
    one, two = _register(FRIDAY), _register(("inv-friday", "Never deploy on Fridays!", ["deploy"]))
    assert entry_digest(one.get("inv-friday")) != entry_digest(two.get("inv-friday"))
    assert entry_digest(one.get("inv-friday")) == entry_digest(_register(FRIDAY).get("inv-friday"))


def test_compare_lineage_names_the_first_entry_out_of_place() -> None:
    before = (("a", "1"), ("b", "2"), ("c", "3"))
    assert compare_lineage(before, before) == []
    assert [v.name for v in compare_lineage(before, (("a", "1"), ("c", "3"), ("b", "2")))] == [
        "c:register_reordered"
    ]
    assert [v.name for v in compare_lineage(before, (("a", "1"), ("b", "9"), ("c", "3")))] == [
        "b:register_entry_rewritten"
    ]
    # A removed entry is not a reorder of those that remain.
    assert compare_lineage(before, (("a", "1"), ("c", "3"))) == []


def test_pass_state_keeps_the_digests_across_a_round_trip(gate: CompactionGate) -> None:
    state = gate.state
    assert state is not None
    assert state.entries == digests(_register(FRIDAY, EMAIL))
    again = PassState.from_dict(state.to_dict())
    assert again == state
    stored = CompactionGate(_register(FRIDAY, EMAIL), state=again)
    assert [v.name for v in stored.check(SUMMARY, register=_register(EMAIL, FRIDAY))] == [
        "inv-email:register_reordered"
    ]
