"""With no budget, a pass may add its new input's own text (and a source label) to the
previous summary; a summary that keeps every earlier line and wraps each new turn in extra
words holds more than that, and the finding gives both lengths and the allowance."""

from __future__ import annotations

import pytest
from _contract_session import contract_session

SPEC = """\
events:
  - id: e1
    text: "Never call the vendor API until the security review is approved."
    trust: system
  - {id: e2, text: "Mapped the field names."}
steps:
  - add: [e1]
  - compress
  - add: [e2]
  - compress
invariants:
  invariants:
    - id: inv-vendor-1
      text: "Never call the vendor API until the security review is approved."
      markers: [vendor API, security review]
      modality: prohibition
"""

MEMORY = """\
def _rolling(request, frame):
    prior = (request.prior_summary or "").splitlines()
    lines = [l for l in prior if l and "PINNED" not in l and not l.startswith("- [inv")]
    lines += [frame + e.text for e in request.events]
    return "\\n".join(lines + [request.config.get("pinned", "")])

def wrapped(request):
    return _rolling(request, "The user told us: ")

def plain(request):
    return _rolling(request, "")
"""


def test_new_turns_told_in_their_own_words_are_no_growth(pytester: pytest.Pytester) -> None:
    contract_session(pytester, SPEC, "rolling", MEMORY, "rolling:plain").assert_outcomes(passed=1)


def test_new_turns_wrapped_in_extra_words_are_summary_not_reclaimed(pytester: pytest.Pytester) -> None:
    result = contract_session(pytester, SPEC, "rolling", MEMORY, "rolling:wrapped")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*summary_not_reclaimed  expected 111 got 124  (pass 2, depth 2, compression; the summary grew "
            "from 82 to 124 characters, more than the 29 its new input adds (111 at most: a longer summary "
            "keeps more than the previous summary and the new events' own text); no budget was reclaimed)*"
        ]
    )
