"""Round 30's rules of English (attributed case-file notes; memory change logs), each tested
in other words than the held-out set that showed the need:

- a negated verb of keeping a record ("is not recorded in these notes", "no longer kept",
  "won't be stored") tells a deletion, as "removed" does.
"""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose import _text
from tests._prose_facts import events, fact, names, replaced


def _passport() -> Ledger:
    ledger = events("My passport number is KT 5501 8832.", "The trip to Oporto is on 9 October.")
    ledger.fact(
        "f1",
        "travel.passport_number",
        "KT55018832",
        sources=["e1"],
        prose={"names": ["passport number", "passport"], "value": ["KT 5501 8832"]},
    )
    ledger.delete("f1")
    return ledger


@pytest.mark.parametrize(
    "told",
    [
        "Trip to Oporto on 9 October. As he asked, his passport number is not recorded here.",
        "Trip to Oporto on 9 October. His passport number is no longer kept in memory.",
        "Trip to Oporto on 9 October. His passport number will not be stored.",
    ],
)
def test_a_negated_verb_of_keeping_tells_the_deletion(told: str) -> None:
    assert names(_passport(), told) == ()


def test_the_deleted_value_itself_is_still_caught() -> None:
    assert names(
        _passport(), "Trip to Oporto on 9 October. Passport number KT 5501 8832 is not recorded elsewhere."
    ) == ("f1:forbidden_deleted_fact",)
    assert names(_passport(), "Trip to Oporto on 9 October. His passport number is on file.") == (
        "f1:forbidden_deleted_fact",
    )


def test_a_reporting_word_inside_a_hyphenated_noun_reports_nothing() -> None:
    ledger = events("We might lodge a noise-complaints form with the council next month.")
    assert names(ledger, "They may lodge a noise-complaints form with the council next month.") == ()
    assert names(ledger, "They have lodged a noise-complaints form with the council.") == (
        "unsupported_fact",
    )
    doubted = events("I might file a small-claims case if he hasn't paid.")
    assert names(doubted, "She has filed a small-claims case.") == ("unsupported_fact",)


def test_a_fact_named_by_its_unit_is_named_after_a_number() -> None:
    ledger = fact(
        "The commute is 7.5 miles each way.",
        "commute.distance_miles",
        7.5,
        {"names": ["miles"], "value": ["7.5"]},
    )
    assert names(ledger, "Her commute runs to 7.5 miles each way.") == ()
    assert names(ledger, "Her commute runs to 9.5 miles each way.") == ("f1:value_changed",)
    assert names(ledger, "Her commute is by train.") == ("f1:missing",)


def _pickup() -> Ledger:
    texts = ("Choir pick-up from the church hall is 5 pm.", "Change of plan: pick-up is 6:15 now.")
    return replaced(texts, "choir.pickup", ["pick-up"], ("17:00", "5 pm"), ("18:15", "6:15"))


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("~ changed: choir pick-up ~~5 pm~~ 6:15 pm", ()),
        ("~ changed: choir pick-up ~~6:15 pm~~ 5 pm", ("f1:forbidden_superseded_fact",)),
        ("Edited: choir pick-up 5 pm -> 6:15 pm", ()),
        ("Edited: choir pick-up 6:15 pm -> 5 pm", ("f1:forbidden_superseded_fact",)),
        ("The choir pick-up was changed from 5 pm to 6:15 pm.", ()),
        ("The choir pick-up was changed from 6:15 pm to 5 pm.", ("f1:forbidden_superseded_fact",)),
        ("Choir pick-up: 6:15 pm (prev. 5 pm).", ()),
        ("Choir pick-up: 5 pm.", ("f1:forbidden_superseded_fact", "f2:value_changed")),
    ],
)
def test_the_value_a_change_arrives_at_is_current(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_pickup(), summary) == expected


def test_a_change_log_label_records_the_kind_of_change_not_an_act() -> None:
    ledger = events(
        "We collect the keys from the agent at 9.", "We might add a pantry shelf if the budget allows."
    )
    assert names(ledger, "Memory v2 → v3\n+ added: key collection from the agent at 9") == ()
    assert names(ledger, "Memory v2 → v3\n- added (Tue): keys from the agent at 9") == ()
    assert names(ledger, "Memory v2 → v3\n+ added: keys at 9\n+ added: pantry shelf being fitted") == (
        "unsupported_fact",
    )
    assert names(ledger, "Keys at 9. We added a pantry shelf.") == ("unsupported_fact",)


@pytest.mark.parametrize(
    "line",
    [
        "New: ep. 12 airs Friday.",
        "Vol. 3 goes to print in May.",
        "Ch. 7 needs a rewrite.",
        "Meet in rm. 204 at noon.",
    ],
)
def test_a_numbered_item_short_form_ends_no_sentence(line: str) -> None:
    assert [s.text for s in _text.sentences(line)] == [line]


def test_a_sentence_that_ends_in_a_word_before_a_number_still_ends() -> None:
    assert len(_text.sentences("They met at the church. 40 people came.")) == 2


def test_never_alone_is_kept_as_always_in_company() -> None:
    register = rule("Never take the rescue boat out alone after dark.", ["rescue boat"], "prohibition")
    assert passes(register, "After dark the rescue boat always goes out with a second crew member aboard.")
    assert passes(register, "After dark the rescue boat must always go out accompanied.")
    assert weakened(register, "After dark the rescue boat usually goes out with a second crew member aboard.")
    assert weakened(register, "After dark the rescue boat always goes out alone.")


def test_a_duty_with_company_keeps_no_prohibition_of_another_thing() -> None:
    register = rule("Never leave the kiln running overnight.", ["kiln"], "prohibition")
    assert weakened(register, "The kiln always runs overnight with a fire blanket nearby.")


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("~ changed: choir pick-up → 6:15 pm, 5 pm kept as a backup", ()),
        ("~ changed: choir pick-up → 5 pm, 6:15 pm kept as a backup", ("f1:forbidden_superseded_fact",)),
    ],
)
def test_a_backup_role_belongs_to_the_value_it_follows(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_pickup(), summary) == expected
