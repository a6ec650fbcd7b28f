"""A word abbreviated the way business writing abbreviates it ("Apt.", "Ref.", "Ext.") does
not end a sentence, so a pinned rule that names "Apt. 12" or "Ref. No. 88-K" is found in a
summary that repeats it word for word. Revealed by held-out round 15a (an account number
written "Acct. No."); tested here in other words and domains.
"""

from __future__ import annotations

import pytest
from _prose_rules import codes, rule

from pytest_compaction.prose import _text

KEYS = rule(
    "Never hand the spare keys for Apt. 12 to anyone but Ms. Varga.",
    ["spare keys", "Apt. 12"],
    "prohibition",
)
RETURNS = rule(
    "Do not refund Ref. No. 88-K until the courier scan arrives.",
    ["refund", "Ref. No. 88-K"],
    "prohibition",
)


@pytest.mark.parametrize(
    "text",
    [
        "Ring Ext. 204 for the night desk. Then log the call.",
        "The lease for Apt. 12 runs out. Bldg. C is next.",
        "Send it Attn. Dr. Hale at the Intl. office. Keep a copy.",
    ],
)
def test_a_business_abbreviation_does_not_end_a_sentence(text: str) -> None:
    assert len(_text.sentences(text)) == 2


@pytest.mark.parametrize(
    ("register", "faithful", "drifted"),
    [
        (
            KEYS,
            "The tenant said the spare keys for Apt. 12 are never to be handed to anyone but Ms. Varga.",
            "The tenant said the spare keys for Apt. 12 should ideally go only to Ms. Varga.",
        ),
        (
            RETURNS,
            "The agent noted: do not refund Ref. No. 88-K until the courier scan arrives.",
            "The agent noted that Ref. No. 88-K could perhaps be refunded before the courier scan arrives.",
        ),
    ],
)
def test_a_rule_naming_an_abbreviated_number_is_read_whole(
    register: dict[str, object], faithful: str, drifted: str
) -> None:
    assert codes(register, faithful) == set()
    assert "marker_missing" not in codes(register, drifted)
    assert codes(register, drifted) & {"modal_weakened", "polarity_flipped"}
