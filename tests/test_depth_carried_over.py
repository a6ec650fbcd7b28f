"""A pass that hands its prior summary back as it was (nothing new, as a summarization
middleware below its trigger does) summarized nothing again: its depth stays, so the
re-summarization cap (`depth_exceeded`) is not reached by passes that only keep what they
had. A pass that rewrites the prior, or grows on it, still goes one deeper."""

from __future__ import annotations

import pytest
from _contract_session import contract_session

from pytest_compaction.prose.summary import handed_back

pytest_plugins = ["pytester"]

SPEC = """\
tenant: tenant-travel
subject: traveller-noor
invariants:
  invariants:
    - id: inv-no-overnight
      text: "Never book Noor on overnight flights."
      markers: [overnight]
      modality: prohibition
events:
  - id: e1
    text: "Never book Noor on overnight flights."
  - {id: e2, text: "I like the lounge at Schiphol."}
  - {id: e3, text: "Thanks for the help today."}
steps:
  - add: [e1, e2]
  - compress
  - add: [e3]
  - compress
  - compress
"""

MEMORY = """\
def keeps(request):
    prior = request.prior_summary or ""
    lines = [line for line in prior.splitlines() if line]
    return "\\n".join(lines + [e.text for e in request.events])

def rewrites(request):
    prior = request.prior_summary or ""
    lines = ["Recap: " + line for line in prior.splitlines() if line]
    return "\\n".join(lines + [e.text for e in request.events])
"""


@pytest.mark.parametrize(
    ("compressor", "outcome"),
    [("keeps", {"passed": 1}), ("rewrites", {"failed": 1})],
)
def test_depth_of_a_carried_over_summary(
    pytester: pytest.Pytester, compressor: str, outcome: dict[str, int]
) -> None:
    result = contract_session(pytester, SPEC, "rolling", MEMORY, f"rolling:{compressor}")
    result.assert_outcomes(**outcome)
    if "failed" in outcome:
        result.stdout.fnmatch_lines(["*depth_exceeded*"])


@pytest.mark.parametrize(
    ("prior", "summary", "unchanged"),
    [
        ("A.\nB.", "A.\nB.", True),
        ("A.\nB.", "  A.  B.\n", True),
        ("A.\nB.", "A.\nB.\nC.", False),
        ("A.\nB.", "A.\nC.", False),
        ("", "", False),
    ],
)
def test_handed_back(prior: str, summary: str, unchanged: bool) -> None:
    assert handed_back(prior, summary) is unchanged
