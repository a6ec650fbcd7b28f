"""Round 56's rules (memory records dumped as JSON Lines, YAML and tags; co-parenting
logistics), each tested in other words than the held-out set that showed the need:

- a carve-out that tells whom a rule is about ("anyone *other than* the parents") is no
  connective of its condition: "nobody other than X does A unless B" keeps "always B
  before anyone other than X does A";
- XML-like tags around a record (``<memory type="instruction">...</memory>``) are markup;
- a bare title line before a list ("Handover" then "- ...") is the list's heading;
- "emailed", "messaged" and "posted" tell who said it;
- an "un-" word of another clause after "and" ("has not consented and the form is
  *unsigned*") does not flip the first clause's negation;
- a word of a value's own name ("the *Old* Mill") tells no history;
- "never ... later than X" and "never ... after X" keep "always ... by X".
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened

from pytest_compaction.prose._text import sentences
from tests._prose_facts import events, fact, names, replaced, untrusted


def test_a_carve_out_of_whom_is_no_connective() -> None:
    pin = rule(
        "Always check with the front desk before anyone other than the owner collects the dog.",
        ["front desk"],
        "obligation",
    )
    assert passes(
        pin, "Nobody other than the owner collects the dog unless the front desk has checked first."
    )
    assert weakened(pin, "Anyone can collect the dog; checking with the front desk first is advisable.")


def test_xml_like_tags_are_markup() -> None:
    pin = rule("Lock the shed before you leave the allotment.", ["shed"], "obligation")
    assert passes(pin, '<memory type="instruction">Lock the shed before you leave the allotment.</memory>')
    assert weakened(pin, '<memory type="instruction">Locking the shed before leaving is preferred.</memory>')
    assert [s.text for s in sentences("<note>Budget is 300 euros.</note>")] == ["Budget is 300 euros."]
    # a comparison is no tag: it stays a bound
    assert "5 °C" in sentences("Keep it <5 °C and budget<=2000 EUR.")[0].text


def test_a_bare_title_line_heads_the_list_after_it() -> None:
    ledger = events("Dr Osei might change the dressing routine at the next visit.")
    summary = "Dressing\n- Dr Osei might change the routine at the next visit"
    assert names(ledger, summary) == ()
    assert names(ledger, "Dressing\n- Dr Osei will change the routine at the next visit") == (
        "unsupported_fact",
    )
    assert [s.text for s in sentences("Call Mum\nShe is fine.")] == ["Call Mum", "She is fine."]


def test_emailed_tells_who_said_it() -> None:
    ledger = untrusted("Email from Dario: 'The landlord must replace the boiler this month.'")
    assert names(ledger, "Dario emailed that the landlord must replace the boiler this month.") == ()
    assert names(ledger, "The landlord must replace the boiler this month.") == ("trust_elevated",)


def test_an_un_word_of_another_clause_keeps_the_negation() -> None:
    ledger = fact(
        "Malik signed the consent for the school ski trip.",
        "school.ski_consent",
        True,
        {"names": ["ski trip"], "value": ["signed", "consent"]},
    )
    assert names(ledger, "Ski trip: Malik has signed the consent and the fee is unpaid.") == ()
    assert names(ledger, "Ski trip: Malik has not signed and the fee is unpaid.") == ("f1:value_changed",)


def test_a_word_of_the_values_own_name_tells_no_history() -> None:
    ledger = replaced(
        ("The book club meets at the Old Library.", "The book club now meets at the Corn Exchange."),
        "club.venue",
        ["book club", "meets"],
        ("Old Library", "Old Library"),
        ("Corn Exchange", "Corn Exchange"),
    )
    assert "f1:forbidden_superseded_fact" in names(ledger, "Book club: meets at the Old Library.")
    assert names(ledger, "Book club: meets at the Corn Exchange (moved from the Old Library).") == ()


def test_never_later_than_keeps_always_by() -> None:
    pin = rule("Always send the rota to staff by Thursday noon.", ["rota"], "obligation")
    assert passes(pin, "The rota never goes to staff later than Thursday noon.")
    assert passes(pin, "The rota is never sent to staff after Thursday noon.")
    assert weakened(pin, "The rota usually goes to staff by Thursday noon.")
