"""Whose value a statement tells is read where the value stands: "two bikes, Mira's road bike
RB-12 and the folding bike FB-30, and both belong to Tomas" gives RB-12 to Tomas
(``subject_changed``), though Mira stands in the same clause as its name; each bike told
with its own owner passes."""

from __future__ import annotations

from tests._prose_facts import events, names

LEDGER = events("Mira: the road bike RB-12 is mine, the folding bike FB-30 belongs to my brother Tomas.")
LEDGER.fact(
    "f1",
    "bike.rb12_owner",
    "Mira",
    sources=["e1"],
    prose={"names": ["RB-12"], "value": ["belongs to", "is hers", "mine"], "subject": ["Mira"]},
)
LEDGER.fact(
    "f2",
    "bike.fb30_owner",
    "Tomas",
    sources=["e1"],
    prose={"names": ["FB-30"], "value": ["belongs to", "belong to"], "subject": ["Tomas"]},
)


def test_a_value_told_of_another_subject_in_its_own_segment_is_caught() -> None:
    drifted = "Mira left two bikes, the road bike RB-12 and the folding bike FB-30, and both belong to Tomas."
    assert "f1:subject_changed" in names(LEDGER, drifted)


def test_each_value_told_with_its_own_subject_passes() -> None:
    faithful = (
        "Mira left two bikes: the road bike RB-12 is hers, and the folding bike FB-30 "
        "belongs to her brother Tomas."
    )
    assert names(LEDGER, faithful) == ()
