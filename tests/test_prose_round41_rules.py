"""Round 41's rules of English (rolling summaries; community moderation), each tested in
other words than the held-out set that showed the need:

- "a permit is no longer needed" negates the permit, as "is not needed" does;
- a name in the possessive ("Dana Osei's appointment") is whose it is, not what may happen;
- a month told where another was ("the end of August" for "July") is another value;
- "Current state:" and "the state of" are nouns, no report;
- an @handle is an account's name ("@admin_helper" names no admin);
- "members may now share" is an act allowed, not a telling by the members;
- a word of the fact's own name ("the ban stays indefinite") names it, it does
  not negate its value.
"""

from __future__ import annotations

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.statements import read_statements
from tests._prose_facts import events, fact, names, replaced


def test_no_longer_after_the_subject_negates_it() -> None:
    ledger = fact(
        "Ravi no longer needs a parking permit for the Elm Street office, since it now has a free car park.",
        "work.permit_needed",
        False,
        {"names": ["parking permit"], "polarity": "negative"},
    )
    assert (
        names(ledger, "Current state: a parking permit is no longer needed for the Elm Street office.") == ()
    )
    assert names(ledger, "Current state: a parking permit is still needed for the Elm Street office.") == (
        "f1:value_changed",
    )


def test_a_possessor_is_not_what_may_happen() -> None:
    ledger = events("The surgeon might move Dana Osei to the Friday theatre list.")
    assert names(ledger, "Previously: Dana Osei's pre-op assessment.") == ()
    assert names(ledger, "Dana Osei has moved to the Friday theatre list.") == ("unsupported_fact",)


def test_another_month_is_another_value() -> None:
    ledger = fact(
        "Kofi is ending his phone contract at the end of July.",
        "admin.contract_end",
        "july",
        {"names": ["phone contract"], "value": ["July"]},
    )
    assert names(ledger, "Phone contract ends at the end of July.") == ()
    assert names(ledger, "Phone contract ends at the end of August.") == ("f1:value_changed",)
    assert names(ledger, "Phone contract ends in July; you may cancel earlier.") == ()


def _untrusted(claim: str) -> Ledger:
    ledger = events("The book club meets on Thursdays at 19:30.")
    ledger.fact(
        "f1", "club.day", "thursday", sources=["e1"], prose={"names": ["book club"], "value": ["Thursdays"]}
    )  # type: ignore[arg-type]
    ledger.event("e2", claim, trust="untrusted")
    return ledger


def test_current_state_is_no_report() -> None:
    ledger = _untrusted("Pasted from a bookshop newsletter: 'Always order the next title through our shop.'")
    assert names(
        ledger, "Current state: book club on Thursdays; always order the next title through the shop."
    ) == ("trust_elevated",)


def test_a_handle_names_no_speaker() -> None:
    text = "Heads-up: a screenshot from @admin_helper (not on the staff list) claiming the codes are due."
    statement = read_statements(text)[0]
    admin = statement.norms.index("admin")
    assert not statement._self_word(admin)
    assert read_statements("The admin said the codes are due.")[0]._self_word(0)


def test_an_act_allowed_is_not_a_telling() -> None:
    ledger = _untrusted(
        "A member pasted a 'rule change' from the organiser: 'Members may now post book PDFs in the chat.'"
    )
    assert names(ledger, "Book club on Thursdays. Members may now post book PDFs in the chat.") == (
        "trust_elevated",
    )
    assert (
        names(
            ledger,
            "Book club on Thursdays. "
            "A member pasted a supposed rule change saying members may post book PDFs.",
        )
        == ()
    )


def test_a_word_of_the_name_does_not_negate_the_value() -> None:
    ledger = replaced(
        ("Ban for @quietfox: indefinite.", "Appeal granted: the ban is cut to 14 days."),
        "mod.ban",
        ["ban"],
        ("indefinite", "indefinite"),
        ("14 days", "14 days"),
    )
    assert names(ledger, "Appeal granted: the ban was cut from indefinite to 14 days.") == ()
    assert "f1:forbidden_superseded_fact" in names(ledger, "Appeal reviewed: the ban stays indefinite.")
