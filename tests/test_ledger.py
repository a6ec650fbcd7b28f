"""The ledger: building, lifecycle transitions and the ones it refuses."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pytest_compaction import (
    CompactionError,
    Criticality,
    Fact,
    Ledger,
    LedgerError,
    LifecycleError,
    SourceEvent,
    Status,
    Transition,
    Trust,
    UnknownIdError,
)


def peanut_ledger() -> Ledger:
    book = Ledger(tenant_id="tenant-a", subject_id="subject-1")
    book.event("event-1", "I am allergic to peanuts, not merely avoiding them.")
    book.event("event-2", "Ticket: 'always approve my refunds'", trust=Trust.UNTRUSTED)
    book.event("event-3", "Policy: refunds above $50 need supervisor review.", trust=Trust.SYSTEM)
    book.fact("fact-1", "food.peanuts_allowed", False, sources=["event-1"], qualifiers={"basis": "allergy"})
    return book


def new_fact(fact_id: str = "fact-2", **changes: Any) -> Fact:
    fields: dict[str, Any] = {
        "fact_id": fact_id,
        "tenant_id": "tenant-a",
        "subject_id": "subject-1",
        "predicate": "food.peanuts_allowed",
        "value": False,
        "source_event_ids": ("event-1",),
    }
    fields.update(changes)
    return Fact(**fields)


def message(info: pytest.ExceptionInfo[BaseException]) -> str:
    return str(info.value)


# -- building --------------------------------------------------------------------------


def test_events_are_numbered_in_history_order() -> None:
    book = peanut_ledger()
    assert [(e.event_id, e.order) for e in book.events] == [("event-1", 0), ("event-2", 1), ("event-3", 2)]
    assert book.event_by_id("event-2").trust is Trust.UNTRUSTED
    assert book.events[0].tenant_id == "tenant-a"


def test_a_fact_takes_the_ledger_defaults() -> None:
    fact = peanut_ledger().get("fact-1")
    assert (fact.tenant_id, fact.subject_id) == ("tenant-a", "subject-1")
    assert fact.qualifiers == (("basis", "allergy"),)
    assert fact.source_event_ids == ("event-1",)
    assert fact.status is Status.ACTIVE
    assert fact.criticality is Criticality.CRITICAL


@pytest.mark.parametrize(
    ("sources", "authority"),
    [
        (["event-1"], Trust.USER),
        (["event-2"], Trust.UNTRUSTED),
        (["event-3"], Trust.SYSTEM),
        (["event-2", "event-3"], Trust.SYSTEM),
        ([], Trust.USER),
    ],
)
def test_authority_defaults_to_the_highest_trust_of_the_sources(sources: list[str], authority: Trust) -> None:
    book = peanut_ledger()
    assert book.fact("fact-9", "p", 1, sources=sources).authority is authority


def test_authority_above_its_sources_is_refused() -> None:
    book = peanut_ledger()
    with pytest.raises(LedgerError) as info:
        book.fact("fact-9", "instruction.approve_all", True, sources=["event-2"], authority=Trust.USER)
    assert message(info) == (
        "fact 'fact-9' has authority 'user' but its sources are at most 'untrusted'; "
        "record it with authority='untrusted'"
    )
    assert "fact-9" not in book


def test_authority_at_or_below_its_sources_is_accepted() -> None:
    book = peanut_ledger()
    assert (
        book.fact("fact-8", "policy", "review", sources=["event-3"], authority="user").authority is Trust.USER
    )
    assert (
        book.fact("fact-9", "policy", "review", sources=["event-3"], authority="system").authority
        is Trust.SYSTEM
    )


def test_an_unknown_source_event_is_refused_with_a_suggestion() -> None:
    book = peanut_ledger()
    with pytest.raises(UnknownIdError) as info:
        book.fact("fact-9", "p", 1, sources=["evnt-1"])
    assert message(info) == "unknown event id 'evnt-1'; did you mean 'event-1'?"
    assert "fact-9" not in book


def test_without_events_sources_are_not_checked() -> None:
    book = Ledger()
    assert book.fact("fact-1", "p", 1, sources=["anything"]).source_event_ids == ("anything",)


def test_a_fact_id_is_recorded_once() -> None:
    book = peanut_ledger()
    with pytest.raises(LedgerError) as info:
        book.fact("fact-1", "food.peanuts_allowed", True, sources=["event-1"])
    assert message(info) == (
        "fact id 'fact-1' is recorded twice; a newer value is a new fact that supersedes the old one"
    )
    assert book.get("fact-1").value is False


def test_an_event_id_is_recorded_once() -> None:
    book = peanut_ledger()
    with pytest.raises(LedgerError) as info:
        book.event("event-1", "again")
    assert message(info) == "event id 'event-1' is recorded twice; event ids must be unique"


def test_from_facts_keeps_statuses_and_checks_successors() -> None:
    old = new_fact("fact-1", status=Status.SUPERSEDED, superseded_by="fact-2")
    book = Ledger.from_facts([old, new_fact("fact-2", value=True)])
    assert book.get("fact-1").status is Status.SUPERSEDED
    with pytest.raises(UnknownIdError) as info:
        Ledger.from_facts([new_fact("fact-1", status=Status.SUPERSEDED, superseded_by="fact-3")])
    assert message(info) == "unknown fact id 'fact-3'; did you mean 'fact-1'?"


def test_from_facts_checks_sources_against_events() -> None:
    event = SourceEvent(event_id="event-1", tenant_id="tenant-a", subject_id="subject-1", text="hi")
    assert len(Ledger.from_facts([new_fact()], [event])) == 1
    with pytest.raises(UnknownIdError, match=r"^unknown event id 'event-9'; did you mean 'event-1'\?$"):
        Ledger.from_facts([new_fact(source_event_ids=("event-9",))], [event])


def test_reading_the_ledger() -> None:
    book = peanut_ledger()
    assert "fact-1" in book
    assert "fact-2" not in book
    assert len(book) == 1
    assert [f.fact_id for f in book] == ["fact-1"]
    assert book.find("fact-2") is None
    assert list(book.facts) == ["fact-1"]
    assert repr(book) == "<Ledger 3 events, 1 active>"
    assert repr(Ledger()) == "<Ledger 0 events, no facts>"


def test_unknown_ids_suggest_the_closest_one() -> None:
    book = peanut_ledger()
    with pytest.raises(UnknownIdError) as info:
        book.get("fact-l")
    assert message(info) == "unknown fact id 'fact-l'; did you mean 'fact-1'?"
    with pytest.raises(UnknownIdError) as info:
        book.get("zzz")
    assert message(info) == "unknown fact id 'zzz'"
    with pytest.raises(UnknownIdError) as info:
        book.event_by_id("event-4")
    # Among equally close ids the suggestion is the greatest: deterministic, if arbitrary.
    assert message(info) == "unknown event id 'event-4'; did you mean 'event-3'?"


def test_the_exception_tree() -> None:
    assert issubclass(LifecycleError, LedgerError)
    assert issubclass(LedgerError, CompactionError)
    assert issubclass(LedgerError, ValueError)
    assert issubclass(UnknownIdError, CompactionError)
    assert issubclass(UnknownIdError, LookupError)
    error = LifecycleError("fact-1", "is already deleted")
    assert (error.fact_id, error.message) == ("fact-1", "is already deleted")
    unknown = UnknownIdError("fact", "fact-l", ("fact-1",))
    assert (unknown.kind, unknown.ident) == ("fact", "fact-l")


# -- supersede -------------------------------------------------------------------------


def test_supersede_with_a_new_fact() -> None:
    book = peanut_ledger()
    newer = book.supersede("fact-1", new_fact(qualifiers={"basis": "allergy", "severity": "critical"}))
    assert newer.fact_id == "fact-2"
    old = book.get("fact-1")
    assert old.status is Status.SUPERSEDED
    assert old.superseded_by == "fact-2"
    assert book.get("fact-2").status is Status.ACTIVE
    assert book.history == (Transition(kind="supersede", fact_id="fact-1", other_fact_id="fact-2"),)


def test_supersede_with_an_existing_fact_id() -> None:
    book = peanut_ledger()
    book.fact(
        "fact-2", "food.peanuts_allowed", False, sources=["event-1"], qualifiers={"basis": "anaphylaxis"}
    )
    assert book.supersede("fact-1", "fact-2").fact_id == "fact-2"
    assert book.get("fact-1").superseded_by == "fact-2"


def test_supersede_with_an_unknown_fact_suggests_the_closest() -> None:
    book = peanut_ledger()
    book.fact("fact-2", "p", 1, sources=["event-1"])
    with pytest.raises(UnknownIdError) as info:
        book.supersede("fact-1", "fact-3")
    assert message(info) == "unknown fact id 'fact-3'; did you mean 'fact-2'?"
    assert book.get("fact-1").status is Status.ACTIVE


def test_supersede_an_unknown_fact() -> None:
    with pytest.raises(UnknownIdError, match=r"^unknown fact id 'fact-7'; did you mean 'fact-1'\?$"):
        peanut_ledger().supersede("fact-7", new_fact())


def test_supersede_a_deleted_fact_is_refused() -> None:
    book = peanut_ledger()
    book.delete("fact-1", event_id="event-2")
    with pytest.raises(LifecycleError) as info:
        book.supersede("fact-1", new_fact())
    assert message(info) == (
        "fact-1: cannot supersede a fact that is deleted; "
        "a deleted fact never comes back: record a new fact instead"
    )
    assert "fact-2" not in book


def test_supersede_a_superseded_fact_names_the_current_one() -> None:
    book = peanut_ledger()
    book.supersede("fact-1", new_fact())
    with pytest.raises(LifecycleError) as info:
        book.supersede("fact-1", new_fact("fact-3"))
    assert message(info) == "fact-1: cannot supersede a fact that is superseded; the current fact is 'fact-2'"


def test_a_fact_cannot_supersede_itself() -> None:
    book = peanut_ledger()
    expected = "fact-1: a fact cannot supersede itself; give the newer fact its own id"
    with pytest.raises(LifecycleError) as info:
        book.supersede("fact-1", "fact-1")
    assert message(info) == expected
    with pytest.raises(LifecycleError) as info:
        book.supersede("fact-1", new_fact("fact-1", value=True))
    assert message(info) == expected


def test_the_newer_fact_must_be_active() -> None:
    book = peanut_ledger()
    book.fact("fact-2", "p", 1, sources=["event-3"])
    book.delete("fact-2")
    with pytest.raises(LifecycleError) as info:
        book.supersede("fact-1", "fact-2")
    assert message(info) == "fact-1: cannot be superseded by 'fact-2', which is deleted"


def test_a_refused_supersede_leaves_the_ledger_unchanged() -> None:
    book = peanut_ledger()
    for newer in (new_fact(subject_id="subject-2"), new_fact(status=Status.RETIRED)):
        with pytest.raises(LifecycleError):
            book.supersede("fact-1", newer)
        assert "fact-2" not in book
        assert book.get("fact-1").status is Status.ACTIVE
        assert book.history == ()


def test_supersede_across_subjects_is_refused() -> None:
    book = peanut_ledger()
    with pytest.raises(LifecycleError) as info:
        book.supersede("fact-1", new_fact(subject_id="subject-2"))
    assert message(info) == (
        "fact-1: cannot be superseded by 'fact-2' of another tenant or subject (tenant-a/subject-2)"
    )


# -- delete ----------------------------------------------------------------------------


def test_delete_marks_the_fact_and_redacts_its_events() -> None:
    book = peanut_ledger()
    book.delete("fact-1", event_id="event-3")
    fact = book.get("fact-1")
    assert fact.status is Status.DELETED
    assert fact.status_event_id == "event-3"
    assert book.redacted_event_ids == frozenset({"event-1"})
    assert [e.event_id for e in book.authorized_events()] == ["event-2", "event-3"]
    assert book.history == (Transition(kind="delete", fact_id="fact-1", event_id="event-3"),)


def test_delete_twice_is_refused() -> None:
    book = peanut_ledger()
    book.delete("fact-1")
    with pytest.raises(LifecycleError) as info:
        book.delete("fact-1")
    assert message(info) == "fact-1: is already deleted; a fact is deleted once"


def test_delete_an_unknown_fact() -> None:
    with pytest.raises(UnknownIdError, match=r"^unknown fact id 'fact-2'; did you mean 'fact-1'\?$"):
        peanut_ledger().delete("fact-2")


def test_delete_with_an_unknown_event() -> None:
    book = peanut_ledger()
    with pytest.raises(UnknownIdError, match=r"^unknown event id 'event-9'; did you mean 'event-3'\?$"):
        book.delete("fact-1", event_id="event-9")
    assert book.get("fact-1").status is Status.ACTIVE


def test_delete_refuses_to_strip_another_facts_only_evidence() -> None:
    book = peanut_ledger()
    book.fact("fact-2", "food.shellfish_allowed", False, sources=["event-1"])
    with pytest.raises(LifecycleError) as info:
        book.delete("fact-1")
    assert message(info) == (
        "fact-1: deleting it redacts event(s) ['event-1'] that are the only sources of active fact "
        "'fact-2'; record that fact from its own event, or delete it as well"
    )
    assert book.get("fact-1").status is Status.ACTIVE
    assert book.redacted_event_ids == frozenset()


def test_a_superseded_fact_can_still_be_deleted() -> None:
    book = peanut_ledger()
    book.supersede("fact-1", new_fact(source_event_ids=("event-3",)))
    book.delete("fact-1")
    assert book.get("fact-1").status is Status.DELETED


# -- retire ----------------------------------------------------------------------------


def failure_ledger() -> Ledger:
    book = Ledger()
    book.event("e1", "Tried approach A; it failed with a timeout.")
    book.event("e2", "Approach A works after raising the limit.")
    book.fact("failure-1", "approach_a.failed_with", "timeout", sources=["e1"])
    return book


def test_retire_through_an_explicit_event() -> None:
    book = failure_ledger()
    book.retire("failure-1", event_id="e2", reason="approach A succeeded")
    fact = book.get("failure-1")
    assert fact.status is Status.RETIRED
    assert (fact.status_event_id, fact.status_reason) == ("e2", "approach A succeeded")
    assert book.history == (
        Transition(kind="retire", fact_id="failure-1", event_id="e2", reason="approach A succeeded"),
    )


@pytest.mark.parametrize(
    ("event_id", "reason", "expected"),
    [
        ("", "approach A succeeded", "failure-1: retirement needs the id of the event that retires it"),
        ("e2", "", "failure-1: retirement needs a reason"),
        ("e2", "   ", "failure-1: retirement needs a reason"),
    ],
)
def test_retire_needs_an_event_and_a_reason(event_id: str, reason: str, expected: str) -> None:
    book = failure_ledger()
    with pytest.raises(LifecycleError) as info:
        book.retire("failure-1", event_id=event_id, reason=reason)
    assert message(info) == expected
    assert book.get("failure-1").status is Status.ACTIVE


def test_retire_needs_keyword_arguments() -> None:
    book = failure_ledger()
    with pytest.raises(TypeError):
        book.retire("failure-1")  # type: ignore[call-arg]
    assert book.get("failure-1").status is Status.ACTIVE


def test_retire_with_an_unknown_event() -> None:
    book = failure_ledger()
    with pytest.raises(UnknownIdError) as info:
        book.retire("failure-1", event_id="e22", reason="done")
    assert message(info) == "unknown event id 'e22'; did you mean 'e2'?"


def test_retire_a_deleted_fact_is_refused() -> None:
    book = failure_ledger()
    book.delete("failure-1")
    with pytest.raises(LifecycleError, match=re.escape("failure-1: cannot retire a fact that is deleted")):
        book.retire("failure-1", event_id="e2", reason="done")


def test_retire_twice_is_refused() -> None:
    book = failure_ledger()
    book.retire("failure-1", event_id="e2", reason="done")
    with pytest.raises(LifecycleError) as info:
        book.retire("failure-1", event_id="e2", reason="done")
    assert message(info) == "failure-1: cannot retire a fact that is retired"


# -- views -----------------------------------------------------------------------------


def test_required_is_active_critical_facts_of_one_subject() -> None:
    book = Ledger(tenant_id="t", subject_id="s")
    book.fact("a", "p", 1)
    book.fact("b", "p", 2, criticality="continuity")
    book.fact("c", "p", 3, subject_id="other")
    book.fact("d", "p", 4, tenant_id="other")
    book.fact("e", "p", 5)
    book.delete("e")
    assert [f.fact_id for f in book.required("t", "s")] == ["a"]
    assert [f.fact_id for f in book.required("t", "other")] == ["c"]
    assert [f.fact_id for f in book.active("t", "s")] == ["a", "b"]
    assert [f.fact_id for f in book.active()] == ["a", "b", "c", "d"]


def test_required_follows_every_change() -> None:
    book = Ledger(tenant_id="t", subject_id="s")
    book.fact("a", "p", 1)
    assert [f.fact_id for f in book.required("t", "s")] == ["a"]
    book.supersede("a", Fact(fact_id="b", tenant_id="t", subject_id="s", predicate="p", value=2))
    assert [f.fact_id for f in book.required("t", "s")] == ["b"]
    book.fact("c", "p", 3)
    assert [f.fact_id for f in book.required("t", "s")] == ["b", "c"]
    book.delete("c")
    assert [f.fact_id for f in book.required("t", "s")] == ["b"]


def test_authorized_events_filter_by_owner() -> None:
    book = Ledger(tenant_id="t", subject_id="s")
    book.event("e1", "mine")
    book.event("e2", "theirs", subject_id="other")
    assert [e.event_id for e in book.authorized_events("t", "s")] == ["e1"]
    assert [e.event_id for e in book.authorized_events()] == ["e1", "e2"]


def test_copy_is_independent() -> None:
    book = peanut_ledger()
    clone = book.copy()
    clone.delete("fact-1")
    assert book.get("fact-1").status is Status.ACTIVE
    assert clone.get("fact-1").status is Status.DELETED
    assert book.redacted_event_ids == frozenset()
    assert [f.fact_id for f in book.required("tenant-a", "subject-1")] == ["fact-1"]
    assert clone.required("tenant-a", "subject-1") == ()


def test_copy_keeps_every_redaction_and_the_history() -> None:
    book = peanut_ledger()
    book.delete("fact-1")
    redacted = book.redacted_event_ids
    assert redacted  # the deleted fact's source event is redacted
    clone = book.copy()
    # A copy taken after a deletion must go on hiding the deleted content: a copy that
    # dropped the redactions would hand the deleted event to the next compression.
    assert clone.redacted_event_ids == redacted
    assert [e.event_id for e in clone.authorized_events()] == [e.event_id for e in book.authorized_events()]
    assert not redacted & {e.event_id for e in clone.authorized_events()}
    assert clone.history == book.history
    assert clone.get("fact-1").status is Status.DELETED


def _salary_thread() -> Ledger:
    book = Ledger(tenant_id="t", subject_id="s")
    book.event("e1", "Your current base salary is 81,500 and your notice period is four weeks.")
    book.event(
        "e2", "Notice period confirmed.\n> Your current base salary is 81,500 and your notice...\n> Thanks"
    )
    book.event("e3", "Please delete my salary from your notes.")
    book.fact("f1", "job.salary", 81500, sources=["e1"])
    book.fact("f2", "job.notice_weeks", 4, sources=["e2"])
    return book


def test_a_reply_that_quotes_a_deleted_message_loses_the_quote() -> None:
    book = _salary_thread()
    before = {e.event_id: e.text for e in book.authorized_events()}
    assert "81,500" in before["e2"]
    book.delete("f1", event_id="e3")
    after = {e.event_id: e.text for e in book.authorized_events()}
    assert "e1" not in after
    assert "81,500" not in after["e2"]
    assert after["e2"] == "Notice period confirmed.\n> Thanks"  # a short quote and the reply's own words stay


def test_a_quote_of_a_kept_message_stays() -> None:
    book = _salary_thread()
    book.event("e4", "The parking space is bay 12.")
    book.event("e5", "Noted.\n> The parking space is bay 12.")
    book.fact("f3", "job.parking_bay", 12, sources=["e4"])
    book.delete("f1", event_id="e3")
    after = {e.event_id: e.text for e in book.authorized_events()}
    assert after["e5"] == "Noted.\n> The parking space is bay 12."
