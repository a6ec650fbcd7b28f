"""Round 62's rules (a freight forwarder's digest; a family-history researcher's notes),
each tested in other words than the held-out set that showed the need:

- a claim as a label denied by a pronoun and a negated auxiliary after the colon ("Pia
  boarded the Ellan Vannin (1902): *she did not*") negates it;
- a label of doubt right after what a summary tells ("; *not yet proven*", "(TBC)") or
  opening it ("*Probable:* ...") keeps a doubt; one after a later mark labels something
  else ("; start date (TBC)");
- a three-letter verb in "-e" keeps its stem through "-ed" and "-ing" ("re-ice" is named by
  "re-iced" and "re-icing"; "aged" is "age").
"""

from __future__ import annotations

from tests._prose_facts import events, fact, names


def test_a_label_denied_after_its_colon() -> None:
    ledger = fact(
        "Pia Quayle did not board the Ellan Vannin in 1902.",
        "pia.boarded",
        False,
        {"names": ["Ellan Vannin"]},
    )
    assert names(ledger, "- Pia Quayle boarded the Ellan Vannin (1902): she did not.") == ()
    assert names(ledger, "- Pia Quayle boarded the Ellan Vannin (1902): she didn't; not on the list.") == ()
    assert names(ledger, "- Pia Quayle boarded the Ellan Vannin (1902): she did.") == ("f1:value_changed",)


def test_a_label_of_doubt_keeps_a_doubt() -> None:
    ledger = events("Marek might take over the Leeds depot in spring, though nothing is confirmed.")
    assert names(ledger, "Marek takes over the Leeds depot in spring; not yet confirmed.") == ()
    assert names(ledger, "Marek takes over the Leeds depot in spring (TBC).") == ()
    assert names(ledger, "Tentative: Marek takes over the Leeds depot in spring.") == ()
    assert names(ledger, "Marek takes over the Leeds depot in spring; start date (TBC).") == (
        "unsupported_fact",
    )
    assert names(ledger, "Marek takes over the Leeds depot in spring.") == ("unsupported_fact",)


def test_a_short_verb_in_e_through_its_endings() -> None:
    prose = {"names": ["re-ice"], "value": ["48 hours"]}
    ledger = fact("The depot will re-ice the vaccine boxes every 48 hours.", "cold.reice", 48, prose)
    assert names(ledger, "Vaccine boxes get re-iced every 48 hours.") == ()
    assert names(ledger, "Vaccine boxes: re-icing every 72 hours.") == ("f1:value_changed",)


def test_a_rival_name_that_shares_a_word_with_the_value() -> None:
    prose = {"names": ["moved"], "value": ["North Carolina"]}
    ledger = fact("Ines Marr moved to North Carolina in 1911.", "marr.moved_to", "North Carolina", prose)
    assert names(ledger, "Ines Marr: moved to North Carolina, 1911.") == ()
    assert names(ledger, "Ines Marr: moved to North Dakota, 1911.") == ("f1:value_changed",)
