"""A doubt stays in its own clause. ", and" before a new subject and a past verb opens a
clause of its own ("since she will be abroad then, and the clerk booked the 9th"), so the
value it states is settled; any settled mention of a newer value is enough to tell the
change. The rule after a fronted condition ("If you bring a dog, a cleaning fee must be
paid") holds; only the condition is a doubt."""

from __future__ import annotations

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose
from pytest_compaction.prose.statements import read_statements
from tests._prose_facts import fact, names


def _viewing() -> Ledger:
    ledger = Ledger(tenant_id="t-lettings", subject_id="flat-4")
    ledger.event("e1", "can we view the flat on the 2nd")
    ledger.event("e2", "sorry make that the 9th, im abroad on the 2nd")
    prose = {"names": ["viewing", "view"], "value": ["2nd"]}
    ledger.fact("f1", "flat.viewing_day", 2, sources=["e1"], prose=prose)
    newer = {"names": ["viewing", "view"], "value": ["9th"]}
    ledger.fact("f2", "flat.viewing_day", 9, sources=["e2"], prose=newer)
    ledger.supersede("f1", "f2")
    return ledger


def test_a_past_clause_after_comma_and_is_not_doubted_by_the_clause_before() -> None:
    statement = read_statements("She might call later, and the clerk booked the 9th.")[0]
    ninth = next(i for i, t in enumerate(statement.tokens) if t.raw == "9th")
    assert statement.speculative(ninth) is None
    joined = read_statements("She might call later and book the 9th.")[0]
    ninth = next(i for i, t in enumerate(joined.tokens) if t.raw == "9th")
    assert joined.speculative(ninth) == "might"


def test_the_newer_value_booked_after_a_doubting_clause_tells_the_change() -> None:
    summary = (
        "The tenant first asked to view the flat on the 2nd but moved it to the 9th, since they will be"
        " abroad on the 2nd, and the clerk booked the viewing for the 9th."
    )
    assert check_facts_in_prose(_viewing(), summary).names == ()


def test_the_old_value_with_the_newer_only_doubted_is_still_caught() -> None:
    summary = "The tenant asked to view the flat on the 2nd, and the clerk booked it, the 9th as a fallback."
    assert check_facts_in_prose(_viewing(), summary).names == ("f1:forbidden_superseded_fact",)


_KENNEL = fact(
    "The stay is booked for three nights. If you bring a second dog, a sharing fee must be paid at check-in.",
    "kennel.nights",
    3,
    {"names": ["stay"], "value": ["three nights"]},
)


def test_the_rule_after_a_fronted_condition_is_settled() -> None:
    summary = "The stay is three nights; a sharing fee must be paid at check-in if a second dog comes."
    assert names(_KENNEL, summary) == ()


def test_the_condition_itself_stated_as_done_is_unsupported() -> None:
    summary = "The stay is three nights and they are bringing a second dog."
    assert names(_KENNEL, summary) == ("unsupported_fact",)
