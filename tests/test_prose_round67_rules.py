"""Rounds 67 and 68's rules (a zoo's keeper handovers; a ski patrol's briefings; a
translation agency's status mails; a letting agent's notes), each tested in other words
than the held-out set that showed the need:

- a verb a source only doubted, told with nothing after it but a frame of time ("*renting
  after* the summer"), restates the doubt: "after", "until", "once" open no object of
  its own;
"""

from __future__ import annotations

from _prose_facts import events, names


def test_a_doubted_verb_with_only_a_frame_of_time_after_it_restates_the_doubt() -> None:
    ledger = events("The Okafors said they might rent the cottage once the summer lets end.")
    assert "unsupported_fact" in names(ledger, "- Okafors (neighbours) renting after summer lets")
    assert "unsupported_fact" in names(ledger, "- Okafors renting until the summer lets end")
    assert "unsupported_fact" not in names(ledger, "- Okafors (neighbours) may rent after summer lets")
    # a verb with an object of its own is still about something else
    assert "unsupported_fact" not in names(ledger, "- Okafors renting a van for the move after summer")
