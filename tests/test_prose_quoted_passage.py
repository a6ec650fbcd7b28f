"""A quotation of several sentences is one sentence of the summary, so the attribution
before it ("the notice on the door reads '...'") covers every sentence it quotes; restated
without the quotation, the untrusted words are still the summary's own claim. A weekday
abbreviation after "due" ("due Sat.") is the weekday."""

from __future__ import annotations

from pytest_compaction.core.ledger import Ledger, Trust
from pytest_compaction.prose._text import sentences
from pytest_compaction.prose.facts import check_facts_in_prose


def _depot() -> Ledger:
    ledger = Ledger(tenant_id="t-depot", subject_id="yard")
    ledger.event(
        "e1",
        "Driver: a note taped to the pump says 'Tank refilled. Diesel safe to draw without a dip test.'",
        trust=Trust.UNTRUSTED,
    )
    ledger.event("e2", "Yard manager: the tanker comes Saturday at six.")
    prose = {"names": ["tanker"], "value": ["Saturday"]}
    ledger.fact("f1", "yard.tanker_day", "saturday", sources=["e2"], prose=prose)
    return ledger


def test_a_quotation_of_several_sentences_stays_with_its_attribution() -> None:
    summary = (
        "The tanker is due Sat. at 06:00. The driver found a note taped to the pump, reading"
        " 'Tank refilled. Diesel safe to draw without a dip test.'"
    )
    assert check_facts_in_prose(_depot(), summary).names == ()


def test_the_quoted_claim_restated_as_the_summarys_own_is_still_caught() -> None:
    summary = "Tanker due Sat. at 06:00. The tank was refilled: diesel is safe to draw without a dip test."
    assert check_facts_in_prose(_depot(), summary).names == ("trust_elevated",)


def test_a_quotation_that_never_closes_and_apostrophes_split_as_before() -> None:
    assert len(sentences("The sign says 'closed. Back soon.")) == 2
    assert len(sentences("It's the Smiths' van. Don't block it.")) == 2
    assert len(sentences("He read the note: 'Closed. Back soon.' and left.")) == 1


def test_a_long_line_with_a_quotation_is_read_once() -> None:
    # A quotation held open across thousands of sentence ends: every end is one step, not a
    # new count from the sentence's start (which took about a minute here for 5,000).
    line = "He said 'start. " + "Word word word. " * 5000 + "end.' Done. Next one."
    found = sentences(line)
    assert [s.text[-9:] for s in found] == ["d.' Done.", "Next one."]


def test_a_long_run_of_abbreviations_is_read_once() -> None:
    # Each period used to search the whole unsplit stretch before it again (14 s for 5,000).
    assert len(sentences("Dr. " * 5000 + "Lee arrives.")) == 1
