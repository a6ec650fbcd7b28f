"""A plan told with "will" ("Hugo will collect Bramble on Tuesday") is kept by its passive
with a bare "be" ("Bramble is to be collected by Hugo on Tuesday", "will be collected"):
a participle after "be" is no past tense. Told as done ("Bramble was collected on
Tuesday"), the plan is stated as settled: ``unsupported_fact``."""

from __future__ import annotations

import pytest

from pytest_compaction.core.ledger import Ledger
from tests._prose_facts import names


def _plan() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Imogen: My partner, Hugo Lambe, will collect Bramble after her dental on Tuesday.")
    ledger.fact(
        "f1", "dog.collector", "Hugo Lambe", sources=["e1"], prose={"names": ["collect"], "value": ["Hugo"]}
    )
    return ledger


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Following her dental on Tuesday, Bramble is to be collected by Hugo Lambe.", ()),
        ("After her dental on Tuesday, Bramble will be collected by Hugo Lambe.", ()),
        ("Bramble was collected by Hugo Lambe after her dental on Tuesday.", ("unsupported_fact",)),
    ],
)
def test_a_plan_in_the_passive(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_plan(), summary) == expected
