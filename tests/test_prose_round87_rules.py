"""Rounds 86 and on (a youth football club's welfare notes, a small accountancy practice's
month-end checklist, and the rounds written after them), each rule tested in other words
than the held-out set that showed the need:

- "stay off" and "stays out of" keep away from a named thing ("stay off the grass"); with
  no thing after them ("they stay off for the rest of the day") they tell a state;
- a label that ends with a plea ("Parents pls: ...") asks what follows of its readers, even
  in note form with no verb.
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened

from pytest_compaction.prose.summary import check_prose


def test_stay_off_forbids_only_with_a_thing_to_keep_off() -> None:
    bench = rule(
        "Take any player who is sick off the pitch and keep them off for the rest of the match.",
        ["sick"],
        "obligation",
    )
    assert passes(bench, "Anyone sick comes off the pitch and must stay off for the rest of the match.")
    assert passes(bench, "A sick player has to come off, and stays off till the final whistle.")
    assert weakened(bench, "Anyone sick should ideally come off the pitch for the rest of the match.")
    # with nothing to keep off, "they stay off" forbids nothing: no polarity flipped
    told = check_prose(bench, "Anyone sick comes off the pitch, and they stay off for the rest of the match.")
    assert [v.detail for v in told.violations if "forbids" in v.detail] == []
    grass = rule("Nobody walks on the new grass until June.", ["new grass"], "prohibition")
    assert passes(grass, "Stay off the new grass until June.")
    assert passes(grass, "Everyone stays off the new grass until June.")
    assert weakened(grass, "Try to keep walking on the new grass to a minimum until June.")


def test_a_plea_label_asks_what_follows_of_its_readers() -> None:
    forms = rule("Parents must hand in the signed consent form by Friday.", ["consent form"], "obligation")
    assert passes(forms, "Parents pls: signed consent forms in by Fri 📝")
    assert passes(forms, "Year 5 parents, please - consent form back signed by Friday.")
    assert weakened(forms, "Parents: signed consent forms in by Fri 📝")
    assert weakened(forms, "Parents: a signed consent form by Friday would be lovely.")
    dogs = rule("No dogs are allowed on the pitch.", ["dogs"], "prohibition")
    assert passes(dogs, "Parents pls: no dogs on the pitch.")
    assert weakened(dogs, "Parents pls: dogs on leads on the pitch.")
