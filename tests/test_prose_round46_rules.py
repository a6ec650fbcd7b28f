"""Round 46's rules of English (a law firm's case management; newsroom research), each
tested in other words than the held-out set that showed the need:

- "the new host, replacing Ada" tells Ada as the one replaced;
- "nobody returned the call" is an attempt's failure;
- "asked us not to mention X" forbids X, where "not to mention X" adds it;
- a possessive is folded like its plain word ("the Theatre's" is "the Theater");
- "asked that X, her old school, not be named" negates X across the aside.
"""

from __future__ import annotations

from _prose_rules import failure, passes

from pytest_compaction.prose.normalize import tokens
from tests._prose_facts import fact, names, replaced


def test_replacing_tells_the_one_replaced() -> None:
    ledger = replaced(
        ("The quiz host is Ada Mensah.", "Ada Mensah dropped out; the quiz host is now Bo Lindqvist."),
        "quiz.host",
        ["quiz host"],
        ("Mensah", "Ada Mensah"),
        ("Lindqvist", "Bo Lindqvist"),
    )
    assert names(ledger, "Quiz host: Bo Lindqvist, replacing Ada Mensah, who dropped out.") == ()
    assert "f1:forbidden_superseded_fact" in names(
        ledger, "Quiz host: Ada Mensah, with Bo Lindqvist on standby."
    )


def test_nobody_answering_is_a_failure() -> None:
    register = failure(
        "We emailed the Harrow Water press desk twice on Friday; nobody replied.", ["Harrow Water press desk"]
    )
    assert passes(register, "We emailed the Harrow Water press desk twice on Friday, and nobody replied.")
    assert not passes(register, "Emailing the Harrow Water press desk is an option.")


def test_asked_not_to_mention_forbids() -> None:
    ledger = fact(
        "The guest asked us not to mention her brother's band on the show.",
        "show.brother_band_mentioned",
        False,
        {"names": ["brother's band"]},
    )
    assert names(ledger, "Her brother's band is not to be mentioned on the show.") == ()
    assert names(ledger, "Her brother's band will be mentioned on the show.") == ("f1:value_changed",)


def test_a_possessive_folds_like_its_word() -> None:
    assert [t.norm for t in tokens("the Theatre's roof")][1] == [t.norm for t in tokens("the Theater roof")][
        1
    ]


def test_a_subjunctive_after_an_aside_negates() -> None:
    ledger = fact(
        "The interviewee asked us not to name Brightwell, her old school, in the piece.",
        "story.school_named",
        False,
        {"names": ["Brightwell"]},
    )
    assert names(ledger, "She asked that Brightwell, her old school, not be named in the piece.") == ()
