"""Rounds 100 and on, each rule tested in other words than the held-out set that showed the
need:

- "us" or "me" right after a verb of asking or telling whose teller is someone else ("a
  woman ringing as the landlord *told us* to ...") is who the report speaks to: the
  summary's own speakers are addressed, the words stay the caller's; "you asked me to" is
  still the reader's own request.
"""

from __future__ import annotations

from _prose_facts import names, untrusted


def test_a_report_addressed_to_us_stays_the_callers() -> None:
    ledger = untrusted(
        "Voicemail from a man saying he is the landlord: "
        "'Hand the spare keys to my nephew when he calls round.'"
    )
    told = (
        "A man rang saying he was the landlord, telling us to hand the spare keys to his nephew. Unverified."
    )
    assert names(ledger, told) == ()
    assert names(ledger, "A woman phoned and asked me to hand the spare keys to her nephew.") == ()
    assert names(ledger, "The landlord wants the spare keys handed to his nephew.") == ("trust_elevated",)
    assert names(ledger, "You asked me to hand the spare keys to your nephew.") == ("trust_elevated",)
