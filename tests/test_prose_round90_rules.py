"""Rounds 89 and on (a music teacher's cover notes, and the rounds written after them),
each rule tested in other words than the held-out set that showed the need:

- a bullet that is a bare title ("- Nadia O. (trumpet)") with indented bullets under it
  heads them as a line ending in a colon does: it claims nothing itself, and each item
  under it reads with its words; a name in that heading is the topic, the item's own
  words tell.
"""

from __future__ import annotations

from _prose_facts import fact, names

from pytest_compaction.prose._text import sentences

_TRUMPET = fact(
    "Nadia can't borrow the department's trumpet over half-term; the loan form doesn't allow it.",
    "loan.nadia_trumpet_half_term",
    False,
    {"names": ["department's trumpet", "trumpet"], "polarity": "negative"},
)


def test_a_title_bullet_heads_its_indented_items() -> None:
    read = [(s.text, s.heading) for s in sentences("- Nadia O. (trumpet)\n    - lesson moved to Weds\n- Tom")]
    assert read == [
        ("Nadia O. (trumpet)", len("Nadia O. (trumpet)")),
        ("Nadia O. (trumpet): lesson moved to Weds", len("Nadia O. (trumpet): ")),
        ("Tom", 0),
    ]


def test_a_title_bullet_is_not_read_as_a_claim_of_its_own() -> None:
    faithful = "- Nadia O. (trumpet)\n    - the department's trumpet is not to be borrowed over half-term"
    drifted = "- Nadia O. (trumpet)\n    - the department's trumpet can be borrowed over half-term"
    assert names(_TRUMPET, faithful) == ()
    assert names(_TRUMPET, drifted) == ("f1:value_changed",)


def test_a_bullet_with_nothing_indented_under_it_still_claims() -> None:
    assert names(_TRUMPET, "- Nadia O. (trumpet)\n- Tom (drums)") == ("f1:value_changed",)


def test_a_title_bullet_does_not_state_a_fact_its_item_negates() -> None:
    ledger = fact(
        "Nadia can take the department's trumpet home over half-term.",
        "loan.nadia_trumpet_half_term",
        True,
        {"names": ["department's trumpet", "trumpet"]},
    )
    faithful = "- Nadia O. (trumpet)\n    - she can take the department's trumpet home over half-term"
    drifted = "- Nadia O. (trumpet)\n    - she can't take the department's trumpet home over half-term"
    assert names(ledger, faithful) == ()
    assert names(ledger, drifted) == ("f1:value_changed",)
