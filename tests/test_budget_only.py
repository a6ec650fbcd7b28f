"""A spec's ``budget:`` is checked on its own, without pinned rules: a summary over it is
``summary_not_reclaimed``, and the reference compressor (labels counted) stays within it."""

from __future__ import annotations

import pytest
from _contract_session import contract_session

SPEC = """\
tenant: t-tutor
subject: rue
budget: 150
events:
  - id: e1
    text: I need 50% extra time on timed exercises.
    facts:
      - id: fact-time
        predicate: accommodation.extra_time_percent
        value: 50
        prose: {names: [extra time], value: [50%]}
  - id: e2
    text: My favourite colour is green, and I like geometry much more than algebra.
    facts:
      - {id: fact-colour, predicate: chat.colour, value: green, criticality: continuity}
  - id: e3
    text: My maths exam is on 12 June, in the main hall.
    facts:
      - id: fact-exam
        predicate: exam.date
        value: 12 June
        prose: {names: [exam], value: [12 June]}
steps:
  - add: [e1, e2, e3]
  - compress
"""

MEMORY = """\
def everything_twice(request):
    return (request.text + "\\n") * 2

def short(request):
    return "Rue: 50% extra time on timed exercises. Maths exam on 12 June."
"""


@pytest.mark.parametrize("compressor", ["reference", "verbatim", "tutor:short"])
def test_a_summary_within_the_budget_passes(pytester: pytest.Pytester, compressor: str) -> None:
    contract_session(pytester, SPEC, "tutor", MEMORY, compressor).assert_outcomes(passed=1)


def test_a_summary_over_the_budget_is_summary_not_reclaimed(pytester: pytest.Pytester) -> None:
    result = contract_session(pytester, SPEC, "tutor", MEMORY, "tutor:everything_twice")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*summary_not_reclaimed  expected 150 got *exceed the budget of 150*"])
