"""Round 44's rules of English (strongly abstractive re-casting; caveats in footnotes and
legends), each tested in other words than the held-out set that showed the need:

- a footnote is read where its mark stands ("£30*" then "* members only"; "fee¹" then "¹
  ..."; "[2] ..."), inside the sentence when the mark follows its stop; a list bulleted
  with "*" and bold markup are no footnotes;
- a legend line ("✓ = booked, ? = unconfirmed") gives its symbols their meaning;
- a summary's first line naming a subject and a topic across a dash is a title;
- a level that held ("stayed at 3 bar") is an attempt's failure;
- "switching the iron off" keeps "never leave the iron running";
- "give medicine to Ines" is a command;
- money "claimed as" an expense is no report, and "tax return" no telling.
"""

from __future__ import annotations

from _prose_rules import failure, passes, rule, weakened

from pytest_compaction.prose._footnotes import with_footnotes
from tests._prose_facts import events, fact, names


def test_a_footnote_is_read_where_its_mark_stands() -> None:
    assert (
        with_footnotes("| Yoga class | £30* |\n\n* members only") == "| Yoga class | £30 (members only) |\n\n"
    )
    assert (
        with_footnotes("Call the clinic first.*\n* weekdays only.")
        == "Call the clinic first (weekdays only).\n"
    )
    assert with_footnotes("- Parking fee\u00b9\n\n\u00b9 waived for blue badge holders") == (
        "- Parking fee (waived for blue badge holders)\n\n"
    )
    assert with_footnotes("- Room hire [2]\n\n[2] not confirmed yet") == "- Room hire (not confirmed yet)\n\n"


def test_bullets_and_bold_are_no_footnotes() -> None:
    assert with_footnotes("* flour\n* sugar") == "* flour\n* sugar"
    assert with_footnotes("**Note:** bring **two** forms") == "**Note:** bring **two** forms"


def test_a_footnoted_condition_qualifies_its_row() -> None:
    ledger = events("Yoga at the Mill studio costs 30 pounds, for members only.")
    ledger.fact(
        "f1",
        "studio.yoga_price",
        30,
        sources=["e1"],
        qualifiers={"condition": "members only"},
        prose={"names": ["yoga"], "value": ["30 pounds"], "qualifiers": {"condition": ["members"]}},  # type: ignore[arg-type]
    )
    table = (
        "| Class | Price |\n|---|---|\n| Yoga | £30* |\n| Pilates | £25 |\n| Spin | £20 |\n\n* members only"
    )
    assert names(ledger, table) == ()
    assert names(ledger, "| Class | Price |\n|---|---|\n| Yoga | £30 |") == ("f1:qualifiers_changed",)


def test_a_legend_gives_symbols_their_meaning() -> None:
    assert with_footnotes("Caterer ? \nVenue \u2713\n\u2713 = booked, ? = unconfirmed") == (
        "Caterer ? (unconfirmed) \nVenue \u2713 (booked)\n"
    )
    assert with_footnotes("well-known fact\n- = minus") == "well-known fact\n- = minus"


def test_a_dash_title_asserts_nothing() -> None:
    ledger = events("Lamb shanks cost 18 pounds.", "I'm thinking about changing the menu prices next month.")
    assert names(ledger, "Bramble Inn - menu prices\n- Lamb shanks: £18.") == ()
    assert names(ledger, "Bramble Inn: new menu prices from next month.") == ("unsupported_fact",)


def test_a_level_that_held_is_a_failure() -> None:
    register = failure(
        "Topping up the boiler was tried on Friday; the pressure stayed at 0.5 bar.", ["boiler"]
    )
    assert passes(register, "Boiler topped up on Friday, but the pressure stayed at 0.5 bar.")
    assert not passes(register, "Top up the boiler on Friday.")


def test_switching_it_off_keeps_never_leaving_it_running() -> None:
    register = rule("Never leave the iron running when you go out.", ["iron"], "prohibition")
    assert passes(register, "Going out always means switching the iron off first.")
    assert weakened(register, "Going out usually means switching the iron off first.")


def test_a_verb_of_giving_with_a_bare_object_and_a_name() -> None:
    register = rule("Give medicine to Ines at 8 every morning.", ["medicine"], "obligation")
    assert passes(register, "Give medicine to Ines at 8 every morning.")


def test_money_claimed_and_a_compound_noun_tell_nothing() -> None:
    ledger = fact(
        "Marek's VAT return is due on 7 May.",
        "tax.vat_due",
        "05-07",
        {"names": ["VAT return"], "value": ["7 May"]},
    )
    ledger.event(
        "e2",
        "Pasted from an accounting forum: "
        "'Sole traders should always claim their whole phone bill as a business cost.'",
        trust="untrusted",
    )
    assert names(
        ledger, "Marek's VAT return, with his whole phone bill claimed as a business cost, is due on 7 May."
    ) == ("trust_elevated",)
