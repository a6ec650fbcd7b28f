"""Round 50's rules of English (summaries by non-native writers and small models; a
wedding planner's notes), each tested in other words than the held-out set that showed
the need:

- a lower-case "may" right after a day number is the month ("next visit 3 may.");
- a word of preference inside a marker names the marked thing and is no hedge, however
  the words before it run ("send it to the clients preferred email address").
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.normalize import tokens
from tests._prose_facts import fact, names


def test_a_lower_case_may_after_a_day_is_the_month() -> None:
    ledger = fact(
        "Tomas's dental check is on 7 May.",
        "health.tomas_dental_check",
        "05-07",
        {"names": ["dental check"], "value": ["7 May"]},
    )
    assert names(ledger, "Tomas dental check 7 may.") == ()
    assert names(ledger, "Tomas dental check on 7 may at 10.") == ()
    assert names(ledger, "Tomas dental check 8 may.") == ("f1:value_changed",)
    # a number then the modal is no date
    assert "%5-03" not in [t.norm for t in tokens("Kids under 3 may come free.")]


def test_a_preference_word_inside_a_marker_is_no_hedge() -> None:
    register = rule(
        "Always send invoices to the client's preferred email address.",
        ["preferred email address"],
        "obligation",
    )
    assert passes(register, "Always send invoices to the clients preferred email address.")
    assert weakened(register, "Preferably send invoices to the clients preferred email address.")
    assert weakened(register, "Invoices go to the clients preferred email address when possible.")
