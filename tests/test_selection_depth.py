"""A memory that keeps source messages unchanged is not a summary of a summary.

A trimming or keep-everything compressor (``trim_messages``, a sliding window) hands its
messages on pass after pass. However many passes keep them, the memory is the raw events
again: the depth cap (``depth_exceeded``) and the depth policy's verbatim pins
(``pin_not_verbatim``) are for paraphrases stacked on paraphrases. A prose compressor
that re-summarizes its own summary is still capped, and a selection that drops the rule's
message still loses it.
"""

from __future__ import annotations

import pytest

from tests._contract_session import contract_session

pytest_plugins = ["pytester"]

SPEC = """
tenant: t-ops
subject: team-dock
events:
  - id: e1
    text: "Dock hold: do not unload any pallets from bay 3 before the crane has been inspected."
    trust: system
  - {id: e2, text: "The night crew starts at 22:00."}
  - {id: e3, text: "Forklift 2 is back from repair."}
  - {id: e4, text: "The supplier van comes on Thursdays."}
steps:
  - add: [e1, e2]
  - compress
  - add: [e3]
  - compress
  - add: [e4]
  - compress
  - compress
invariants:
  invariants:
    - id: inv-bay3
      text: "Do not unload pallets from bay 3 until the crane is inspected."
      markers: [bay 3]
      modality: prohibition
"""

MEMORY = '''
def keep_all(request):
    return request.openai_messages()


def window(request):
    """A sliding window that always keeps the first (rule) message and the last two."""
    messages = request.openai_messages()
    return messages[:1] + messages[1:][-2:] if len(messages) > 3 else messages


def drop_rule(request):
    return [m for m in request.openai_messages() if "bay 3" not in m["content"]]


def resummarize(request):
    """Prose that re-tells its own prior summary every pass, never re-grounding."""
    lines = [request.prior_summary] if request.prior_summary else []
    lines += [event.text for event in request.events]
    return " ".join(lines)
'''


@pytest.mark.parametrize("compressor", ["keep_all", "window"])
def test_message_selection_kept_over_many_passes_passes(pytester: pytest.Pytester, compressor: str) -> None:
    result = contract_session(pytester, SPEC, "dock", MEMORY, f"dock:{compressor}")
    result.assert_outcomes(passed=1)
    assert "depth_exceeded" not in result.stdout.str()
    assert "pin_not_verbatim" not in result.stdout.str()


def test_selection_that_drops_the_rule_message_still_fails(pytester: pytest.Pytester) -> None:
    result = contract_session(pytester, SPEC, "dock", MEMORY, "dock:drop_rule")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*inv-bay3:invariant_dropped*"])


def test_prose_summary_of_a_summary_is_still_capped(pytester: pytest.Pytester) -> None:
    result = contract_session(pytester, SPEC, "dock", MEMORY, "dock:resummarize")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*depth_exceeded*expected 2 got 3*"])
