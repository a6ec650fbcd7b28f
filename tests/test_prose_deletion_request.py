"""A deletion request names what it deletes ("the shellfish thing was my flatmate; please
delete it"). A fact told by its names alone has no other words, so a kept request must not
make them the kept memory's own: a summary that still states the fact as the source did is
``forbidden_deleted_fact``, while one that tells the deletion, or names the topic without
restating the fact, passes."""

from __future__ import annotations

import pytest
from _contract_session import contract_session

from pytest_compaction.core.ledger import Ledger
from tests._prose_facts import events, names

pytest_plugins = ["pytester"]


def _shellfish(request_text: str) -> Ledger:
    ledger = events("I can't eat shellfish.", request_text)
    ledger.fact(
        "f1",
        "food.shellfish_allowed",
        False,
        sources=["e1"],
        prose={"names": ["shellfish"], "polarity": "negative"},
    )
    ledger.delete("f1", event_id="e2")
    return ledger


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("The user said: I can't eat shellfish.", ("f1:forbidden_deleted_fact",)),
        ("Pia does not eat shellfish.", ("f1:forbidden_deleted_fact",)),
        ("Pia asked us to delete the shellfish note; it was her flatmate's.", ()),
        ("The shellfish remark was about her flatmate.", ()),
        ("Pia has no dietary restrictions on file.", ()),
    ],
)
def test_a_fact_named_by_its_deletion_request(summary: str, expected: tuple[str, ...]) -> None:
    ledger = _shellfish("Sorry, the shellfish thing was my flatmate; please delete it.")
    assert names(ledger, summary) == expected


def test_a_kept_event_that_is_no_request_still_shares_its_words() -> None:
    # "shellfish" is the kept event's own word here: it distinguishes nothing.
    ledger = _shellfish("My flatmate cooks shellfish on Fridays.")
    assert names(ledger, "The user said: I can't eat shellfish.") == ()


SPEC = """\
tenant: tenant-meals
subject: diner-pia
events:
  - id: e1
    text: "I can't eat shellfish."
    facts:
      - id: fact-shellfish-1
        predicate: food.shellfish_allowed
        value: false
        prose: {names: [shellfish], polarity: negative}
  - {id: e2, text: "Sorry, the shellfish thing was my flatmate; please delete it."}
steps:
  - add: [e1]
  - compress
  - add: [e2]
  - delete: fact-shellfish-1
    event: e2
  - compress
"""

ROLLING = """\
def rolling(request):
    lines = (request.prior_summary or "").splitlines()
    return "\\n".join(lines + [f"The user said: {e.text}" for e in request.events])
"""


def test_a_rolling_summary_that_never_purges_fails_in_a_session(pytester: pytest.Pytester) -> None:
    result = contract_session(pytester, SPEC, "never_purges", ROLLING, "never_purges:rolling")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*fact-shellfish-1:forbidden_deleted_fact*holds a word of a deleted fact*"])
    line = next(line for line in result.outlines if "fact-shellfish-1:forbidden_deleted_fact" in line)
    assert "shellfish" not in line.split("forbidden_deleted_fact", 1)[1]  # the deleted word is not repeated
    faithful = pytester.runpytest("--compaction-contract", "--compaction-compressor=verbatim")
    faithful.assert_outcomes(passed=1)
