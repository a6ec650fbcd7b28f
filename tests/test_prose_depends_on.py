"""What a choice "depends on", "hinges on" or is "contingent on" is open, as "might" or
"whether" leave it: a summary that says so settles nothing, and one that states the open
choice as decided is ``unsupported_fact``."""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from tests._prose_facts import names


def _upgrade() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "The control plane is on 1.29 now, node pools still 1.28.")
    ledger.fact(
        "f1",
        "k8s.control_plane_version",
        "1.29",
        sources=["e1"],
        prose={"names": ["control plane"], "value": ["1.29"]},
    )
    ledger.event(
        "e2", "We might skip 1.30 and go straight to 1.31 next quarter, depends on the ingress controller."
    )
    return ledger


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        (
            "The control plane runs 1.29. Lena is weighing a jump straight to 1.31 next quarter; "
            "that hinges on the ingress controller.",
            (),
        ),
        ("The control plane runs 1.29. Going to 1.31 next quarter depends on the ingress controller.", ()),
        (
            "The control plane runs 1.29. Lena has decided to skip 1.30; the ingress controller "
            "was upgraded.",
            ("unsupported_fact",),
        ),
    ],
)
def test_an_open_choice_told_as_depending(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_upgrade(), summary) == expected
