"""A memory written as JSON: its quoted values are its own data, not quotations it reports,
so drift inside them is named as in prose; a real quotation in prose still reports."""

from __future__ import annotations

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose


def _ledger() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "We might adopt a second cat next year.")
    ledger.event(
        "e2", "Pet forum post: 'Owners should always buy the Platinum litter plan.'", trust="untrusted"
    )
    return ledger


def names(summary: str) -> tuple[str, ...]:
    return check_facts_in_prose(_ledger(), summary).names


def test_drift_inside_a_json_value_is_named() -> None:
    assert names('{"household": "adopted a second cat"}') == ("unsupported_fact",)
    assert names('{"rule": "always buy the Platinum litter plan"}') == ("trust_elevated",)
    assert names("{'rule': 'always buy the Platinum litter plan'}") == ("trust_elevated",)


def test_faithful_json_and_real_quotations_pass() -> None:
    assert names('{"household": "might adopt a second cat next year"}') == ()
    assert names('{"forum_post_claim": "owners should always buy the Platinum litter plan"}') == ()
    assert names('A forum post said "owners should always buy the Platinum litter plan".') == ()
