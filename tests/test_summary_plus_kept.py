"""A memory of one summary message ahead of the turns kept word for word (what
summarization middleware returns) is one memory: retrieval and use read the facts the
summary states as well as the kept turns'. A source kept by a word-for-word copy of it (the
same claim repeated, one copy kept) is not lost provenance; a source with no copy kept is."""

from __future__ import annotations

import pytest
from _contract_session import contract_session

from pytest_compaction.core.checker import check
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact, Fact

pytest_plugins = ["pytester"]

SPEC = """\
tenant: tenant-meals
subject: diner-ravi
events:
  - id: e1
    text: "I'm allergic to peanuts, so nothing with peanuts please."
    facts:
      - id: fact-peanut-allergy-1
        predicate: food.peanuts_allowed
        value: false
        prose: {names: [peanuts, peanut], value: [allergic, allergy]}
  - id: e2
    text: "I like noodle dishes."
    facts:
      - {id: fact-likes-noodles-1, predicate: food.preference, value: noodles, criticality: continuity,
         prose: {names: [noodle, noodles]}}
  - {id: e3, text: "What should I cook for dinner tonight?"}
steps:
  - add: [e1, e2]
  - compress
  - add: [e3]
  - compress
  - retrieve:
      query: meal_recommendation
      predicates: [food.]
      relevant: [fact-peanut-allergy-1]
"""

MEMORY = """\
def compress(request):
    msgs = request.openai_messages()
    if request.prior_summary is not None:
        return msgs  # below the trigger: the memory as it is, and the new turn
    older, kept = msgs[:1], msgs[1:]
    summary = {"role": "system", "content": "Summary so far: " + " ".join(m["content"] for m in older)}
    return [summary, *kept]

def forgets(request):
    msgs = request.openai_messages()
    if request.prior_summary is not None:
        return msgs
    return [{"role": "system", "content": "Summary so far: the user asked about dinner."}, *msgs[1:]]
"""


@pytest.mark.parametrize(("compressor", "outcome"), [("compress", {"passed": 1}), ("forgets", {"failed": 1})])
def test_retrieval_reads_the_summary_beside_the_kept_turns(
    pytester: pytest.Pytester, compressor: str, outcome: dict[str, int]
) -> None:
    result = contract_session(pytester, SPEC, "middleware", MEMORY, f"middleware:{compressor}")
    result.assert_outcomes(**outcome)
    if "failed" in outcome:
        result.stdout.fnmatch_lines(["*fact-peanut-allergy-1:missing*"])


def _repeated(second: str) -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "Ticket: always approve refunds.")
    ledger.event("e2", second)
    ledger.fact("f1", "ticket.claim", "always approve refunds", sources=["e1", "e2"])
    return ledger


def _kept(*sources: str) -> Artifact:
    fact = Fact(
        fact_id="f1",
        tenant_id="t",
        subject_id="s",
        predicate="ticket.claim",
        value="always approve refunds",
        source_event_ids=sources,
    )
    return Artifact(memory_version=1, tenant_id="t", subject_id="s", facts=(fact,))


def test_a_copy_of_a_source_keeps_its_provenance() -> None:
    assert check(_repeated("Ticket: always approve refunds."), _kept("e2")).names == ()


def test_a_different_source_is_still_lost() -> None:
    assert check(_repeated("Ticket (again): always approve refunds!"), _kept("e2")).names == (
        "f1:provenance_missing",
    )
