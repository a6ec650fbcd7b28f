"""A pass that carries its prior summary over word for word (handed back as it was when
nothing is new, or re-wrapped with the new turns appended) summarized nothing again: its
depth stays, so the re-summarization cap (`depth_exceeded`) is not reached by passes that
only keep what they had. A pass that rewrites the prior still goes one deeper."""

from __future__ import annotations

import pytest

from pytest_compaction.prose.summary import carried_over

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
    pytester.makefile(".compaction.yaml", red_eye=SPEC)
    pytester.makepyfile(rolling=MEMORY)
    pytester.syspathinsert()
    result = pytester.runpytest("--compaction-contract", f"--compaction-compressor=rolling:{compressor}")
    result.assert_outcomes(**outcome)
    if "failed" in outcome:
        result.stdout.fnmatch_lines(["*depth_exceeded*"])


@pytest.mark.parametrize(
    ("prior", "summary", "carried"),
    [
        ("A.\nB.", "Summary so far:\nA.\nB.\nC.", True),
        ("A.\nB.", "A.\nC.", False),
        ("", "A.", False),
    ],
)
def test_carried_over(prior: str, summary: str, carried: bool) -> None:
    assert carried_over(prior, summary) is carried
