"""Round 62's rules (a freight forwarder's digest; a family-history researcher's notes),
each tested in other words than the held-out set that showed the need:

- a claim as a label denied by a pronoun and a negated auxiliary after the colon ("Pia
  boarded the Ellan Vannin (1902): *she did not*") negates it;
"""

from __future__ import annotations

from tests._prose_facts import fact, names


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
