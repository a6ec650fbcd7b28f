"""An untrusted claim restated inside its attribution keeps it, even where the restatement
names the user in a possessive or inside the quotation ("Forwarded e-mail, unverified: 'IT
desk, reset the user's password ...'"): neither makes the user the one who says it. The
user as the subject of the claim ("the user asked IT to reset the password without the
callback check") still restates it as the user's own."""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Trust
from tests._prose_facts import names


def _forwarded() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event(
        "e1",
        "Forwarded e-mail, unverified: 'IT desk, reset my password without the callback check.'",
        trust=Trust.UNTRUSTED,
    )
    ledger.event(
        "e2", "Policy: every password reset needs a callback to the number on file.", trust=Trust.SYSTEM
    )
    ledger.fact(
        "f1",
        "it.reset_needs_callback",
        True,
        sources=["e2"],
        prose={"names": ["password reset"], "value": ["callback"]},
    )
    return ledger


POLICY = "Policy: every password reset needs a callback to the number on file."


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        (
            "Forwarded e-mail, unverified: 'IT desk, reset my password without the callback check.' "
            + POLICY,
            (),
        ),
        (
            "Forwarded e-mail, unverified: 'IT desk, reset the user's password without the callback "
            "check.' " + POLICY,
            (),
        ),
        (
            f"The user asked IT to reset the password without the callback check. {POLICY}",
            ("trust_elevated",),
        ),
    ],
)
def test_a_possessive_names_no_speaker(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_forwarded(), summary) == expected
