"""Round 58's rules (minimal pairs; group planning with a crowd), each tested in other words
than the held-out set that showed the need:

- a plan ("Ben will book the ferry") told in the progressive ("Ben is booking the ferry",
  "| Ben | Booking the ferry |") is the arranged future it was, not settled; "might"
  told that way still is;
- a name that opens a coordinated clause of its own after the value ("9 confirmed, *and
  Agnieszka* is bringing the kit") is not whom the value is told of;
- an old value in a sentence that names another of the ledger's subjects and not the
  fact's own ("Piet arrives Thursday") is that subject's, not the fact's old value;
- a wish ("Saturday visit *preferred*") keeps a doubt;
- "someone always stays with the toddler" is company, the complement of "alone";
- "provided" restates a permission's "only with" condition; a condition of assent is not
  kept by one of notice ("Ade's written agreement" / "Ade is told in writing");
- a condition on all ("both trustees sign") is lost when told of one ("either trustee");
- a refusal in note form after what it refuses ("renewal declined") negates it;
- "done" in a condition is the act of finishing, which "started" does not keep.
"""

from __future__ import annotations

from _prose_rules import passes, rule, weakened

from tests._prose_facts import events, fact, names


def test_a_plan_told_in_the_progressive() -> None:
    ledger = events("Ben will book the ferry for the whole group.")
    assert names(ledger, "Ben is booking the ferry for the whole group.") == ()
    assert names(ledger, "| Who | What |\n|---|---|\n| Ben | Booking the ferry for the group |") == ()
    assert names(ledger, "Ben booked the ferry for the whole group.") == ("unsupported_fact",)
    doubted = events("Ben might book the ferry for the whole group.")
    assert names(doubted, "Ben is booking the ferry for the whole group.") == ("unsupported_fact",)


def test_a_name_opening_a_clause_of_its_own() -> None:
    ledger = events("Twelve of us have paid the deposit.", "Marisol Quint is bringing the gazebo.")
    ledger.fact(
        "f1", "party.deposits_paid", 12, sources=["e1"], prose={"names": ["deposit"], "value": ["12"]}
    )
    ledger.fact(
        "f2",
        "party.gazebo",
        "Quint",
        sources=["e2"],
        prose={"names": ["gazebo"], "value": ["bringing", "brings"], "subject": ["Marisol", "Quint"]},
    )
    assert names(ledger, "Garden party: deposit paid by 12, and Marisol Quint is bringing the gazebo.") == ()
    assert "f1:subject_changed" in names(ledger, "Garden party: Marisol Quint's deposit is 12.")


def test_an_old_value_told_of_another_subject() -> None:
    ledger = events(
        "Hana arrives at the cabin on Friday.",
        "Hana now arrives on Saturday instead.",
        "Oskar arrives on Friday with the kayaks.",
    )
    hana = {"names": ["arrives", "arriving"], "subject": ["Hana"]}
    ledger.fact("f1", "cabin.hana_arrival", "friday", sources=["e1"], prose={**hana, "value": ["Friday"]})
    ledger.fact("f2", "cabin.hana_arrival", "saturday", sources=["e2"], prose={**hana, "value": ["Saturday"]})
    oskar = {"names": ["arrives", "arriving"], "subject": ["Oskar"], "value": ["Friday"]}
    ledger.fact("f3", "cabin.oskar_arrival", "friday", sources=["e3"], prose=oskar)
    ledger.supersede("f1", "f2")
    told = "Hana - arriving Saturday.\nOskar - arrives Friday with the kayaks."
    assert names(ledger, told) == ()
    stale = "Hana - arriving Friday.\nOskar - arrives Friday with the kayaks."
    assert "f1:forbidden_superseded_fact" in names(ledger, stale)


def test_a_wish_keeps_a_doubt() -> None:
    ledger = events("I'll ask the electrician to come on a Saturday if he can.")
    assert names(ledger, "Rewire the shed: Saturday visit from the electrician preferred.") == ()
    assert names(ledger, "Rewire the shed: the electrician comes on Saturday.") == ("unsupported_fact",)


def test_staying_with_the_one_kept_from_being_alone() -> None:
    pin = rule("Never leave the puppy alone in the garden.", ["garden"], "prohibition")
    assert passes(pin, "Someone always stays with the puppy while it is in the garden.")
    assert weakened(pin, "Someone stays with the puppy in the garden when possible.")


def test_provided_restates_a_permissions_only_condition() -> None:
    pin = rule(
        "Tom may borrow the van only with Ade's written agreement.",
        ["van"],
        "permission_with_condition",
    )
    assert passes(pin, "The van: Tom can borrow it, provided Ade agrees in writing.")
    assert weakened(pin, "The van: Tom can borrow it, provided Ade is told in writing.")


def test_a_condition_on_all_told_of_one() -> None:
    pin = rule(
        "The club may release the funds only if both trustees sign the request.",
        ["funds"],
        "permission_with_condition",
    )
    assert passes(pin, "Funds can be released only once both trustees have signed the request.")
    assert weakened(pin, "Funds can be released once either trustee has signed the request.")


def test_a_refusal_in_note_form() -> None:
    ledger = fact(
        "Jonas renewed the gym membership for another year.",
        "home.gym_renewed",
        True,
        {"names": ["gym membership"], "value": ["renewed", "renewal"]},
    )
    assert names(ledger, "Gym membership (Jonas): renewal confirmed.") == ()
    assert names(ledger, "Gym membership (Jonas): renewal declined.") == ("f1:value_changed",)


def test_done_is_finishing_in_a_condition() -> None:
    pin = rule(
        "The kids may watch TV only after the washing-up is done.",
        ["TV"],
        "permission_with_condition",
    )
    assert passes(pin, "TV is allowed only once the washing-up is finished.")
    assert weakened(pin, "TV is allowed only once the washing-up is started.")
