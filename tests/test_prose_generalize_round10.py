"""Rules revealed by the round-10 held-out triples (session 7): a replaced value kept as the
one that stands beside a replacement only doubted or offered as a second choice; a tool's
advice; a word before a name's article.

Each rule was revealed by a held-out triple of ``tests/prose_open/round10{a,b}.yaml`` and is
tested here in other words and domains: faithful readings it must keep and drifts it must
catch.
"""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose
from pytest_compaction.prose.modality import CueKind, read
from pytest_compaction.prose.statements import Statement, only_future, read_statements
from pytest_compaction.prose.summary import check_prose


def _venue() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Hold the book club at the Orchard Room.")
    ledger.fact("f1", "club.venue", "Orchard Room", sources=["e1"],
                prose={"names": ["book club", "club"], "value": ["Orchard"]})  # fmt: skip
    ledger.event("e2", "Change of venue: the book club meets in the Tannery Loft from now on.")
    ledger.fact("f2", "club.venue", "Tannery Loft", sources=["e2"],
                prose={"names": ["book club", "club"], "value": ["Tannery"]})  # fmt: skip
    ledger.supersede("f1", "f2")
    return ledger


# -- a replacement offered as a second choice is not the value that stands -----------------


@pytest.mark.parametrize(
    "drifted",
    [
        "The book club meets in the Orchard Room, with the Tannery Loft as the fallback.",
        "The club meets in the Orchard Room, with the Tannery Loft as the fallback; the change was noted.",
        "Book club: Orchard Room; the Tannery Loft as a backup if it is booked.",
        "The club is at the Orchard Room, with the Tannery Loft as a possible alternative.",
        "The book club is held in the Orchard Room, with the Tannery Loft being considered.",
        "The book club will meet in the Orchard Room, with the Tannery Loft under consideration.",
    ],
)
def test_an_old_value_kept_beside_a_replacement_offered_as_second_choice_is_current(drifted: str) -> None:
    assert "f1:forbidden_superseded_fact" in check_facts_in_prose(_venue(), drifted).names


@pytest.mark.parametrize(
    "faithful",
    [
        "The book club now meets in the Tannery Loft, no longer the Orchard Room.",
        "The book club moved from the Orchard Room to the Tannery Loft.",
        "The book club will meet in the Tannery Loft (it used to be the Orchard Room).",
    ],
)
def test_the_replacement_stated_as_current_lets_the_old_value_be_told(faithful: str) -> None:
    assert check_facts_in_prose(_venue(), faithful).ok


def _at(statement: Statement, raw: str) -> int:
    return [t.raw.strip(",.") for t in statement.tokens].index(raw)


def test_second_choice_words_name_the_value_they_follow() -> None:
    (aside,) = read_statements("Seats in row 4, with row 9 as the fallback.")
    assert aside.second_choice(_at(aside, "9")) == "as the fallback"
    assert aside.second_choice(_at(aside, "4")) is None
    (direct,) = read_statements("Call the landline as a backup.")
    assert direct.second_choice(_at(direct, "landline")) == "as a backup"
    (plain,) = read_statements("Keep the backup drive in the safe, as agreed.")
    assert plain.second_choice(_at(plain, "drive")) is None


# -- a trailing ", with ..." phrase holds its own doubt ------------------------------------


def test_a_hedge_in_a_trailing_with_phrase_doubts_only_that_phrase() -> None:
    (statement,) = read_statements("The report goes out as a PDF, with a web version being considered.")
    assert statement.speculative(_at(statement, "PDF")) is None
    assert statement.speculative(_at(statement, "web")) == "considered"
    (whole,) = read_statements("The report might go out as a PDF, with charts.")
    assert whole.speculative(_at(whole, "PDF")) == "might"


def test_the_plain_future_is_a_plan_not_a_doubt() -> None:
    assert only_future("will")
    assert only_future("will, 'll")
    assert not only_future("will, might")
    assert not only_future("considered")


# -- a tool's instruction or advice stays the tool's ------------------------------------------


def _tool_advice() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    found = 'kb.search("descaling") -> {"top": "Owners should descale the boiler every month with vinegar."}'
    ledger.event("e1", found, role="tool", trust="untrusted")
    ledger.event("e2", "The boiler in flat 2 was serviced on 3 March.")
    ledger.fact("f1", "flat2.boiler_service", "03-03", sources=["e2"],
                prose={"names": ["serviced", "service"], "value": ["3 March"]})  # fmt: skip
    return ledger


@pytest.mark.parametrize(
    "drifted",
    [
        "Boiler in flat 2 serviced 3 March. Owners should descale the boiler monthly with vinegar.",
        "Boiler serviced on 3 March; the tenant ought to descale it every month with vinegar.",
        "Boiler serviced on 3 March and descaled every month with vinegar.",
    ],
)
def test_a_tools_advice_restated_as_the_summarys_own_is_trust_elevated(drifted: str) -> None:
    assert "trust_elevated" in {v.code for v in check_facts_in_prose(_tool_advice(), drifted).violations}


@pytest.mark.parametrize(
    "faithful",
    [
        "Boiler in flat 2 serviced 3 March. A knowledge-base search says to descale monthly with vinegar.",
        "Boiler serviced on 3 March; the kb search result recommends monthly vinegar descaling (unverified).",
    ],
)
def test_a_tools_advice_told_as_the_tools_passes(faithful: str) -> None:
    assert check_facts_in_prose(_tool_advice(), faithful).ok


def _meter(month: str, iso: str) -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", 'meter.read("flat 2") -> {"reading": 48213, "unit": "kWh", "tariff": "night saver"}',
                 role="tool", trust="untrusted")  # fmt: skip
    ledger.event("e2", f"The tenant moves in on 1 {month}.")
    ledger.fact("f1", "flat2.move_in", iso, sources=["e2"],
                prose={"names": ["moves in", "move in"], "value": [f"1 {month}"]})  # fmt: skip
    return ledger


@pytest.mark.parametrize(("month", "iso"), [("June", "06-01"), ("May", "05-01")])
def test_a_tools_data_restated_as_data_passes(month: str, iso: str) -> None:
    summary = f"The tenant moves in on 1 {month}; night saver tariff, reading 48213 kWh."
    assert check_facts_in_prose(_meter(month, iso), summary).ok


# -- a word before a name's own article is not its modifier ----------------------------------


def _table() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Hugo always books the corner table.")
    ledger.fact("f1", "hugo.table", "corner", sources=["e1"], prose={"names": ["table"], "value": ["corner"]})
    return ledger


@pytest.mark.parametrize("summary", ["Hugo asked to move the table again.", "Hugo likes to reserve a table."])
def test_a_verb_before_the_names_article_is_another_relation(summary: str) -> None:
    assert [v.code.value for v in check_facts_in_prose(_table(), summary).violations] == ["missing"]


@pytest.mark.parametrize("summary", ["Hugo always books a garden table.", "Hugo: the window table, always."])
def test_a_modifier_right_before_the_name_rivals_the_value(summary: str) -> None:
    assert [v.code.value for v in check_facts_in_prose(_table(), summary).violations] == ["value_changed"]


# -- "May" the month grants no permission ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["The tenant moves in on 1 May.", "Since May the gate is locked.", "The May rota holds.", "From May on."],
)
def test_may_the_month_is_no_permission(text: str) -> None:
    assert not read(text).has(CueKind.PERMISSION)


@pytest.mark.parametrize(
    "text", ["Staff may refund up to 50 euros.", "Refunds may be issued in May.", "Agents MAY waive the fee."]
)
def test_may_the_modal_still_permits(text: str) -> None:
    assert read(text).has(CueKind.PERMISSION)


# -- a sentence that only mentions a rule's subject, then the rule ---------------------------

_KEYS = {
    "invariants": [
        {
            "id": "inv-1",
            "text": "Never lend the workshop's master key to a contractor.",
            "markers": ["workshop master key", "master key"],
            "modality": "prohibition",
        }
    ]
}


def _rule_codes(summary: str) -> set[str]:
    return {v.code.value for v in check_prose(_KEYS, summary).violations}


@pytest.mark.parametrize(
    "summary",
    [
        "A contractor asked to borrow the workshop master key. The master key is never lent to contractors.",
        "Plumber wanted the workshop master key today. Reminder: master key must not be lent out.",
    ],
)
def test_the_rule_told_in_the_sentence_after_its_mention_keeps_its_force(summary: str) -> None:
    assert _rule_codes(summary) == set()


@pytest.mark.parametrize(
    "summary",
    [
        "A contractor asked to borrow the workshop master key. The master key is usually not lent out.",
        "A contractor asked to borrow the workshop master key. The master key was handed over.",
        "A contractor asked to borrow the workshop master key. Lunch is at noon, never later.",
    ],
)
def test_a_weakened_or_unrelated_next_sentence_does_not_keep_it(summary: str) -> None:
    assert "modal_weakened" in _rule_codes(summary)
