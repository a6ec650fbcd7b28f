"""Round 24 and 25's rules of English (email digests, chat slang, timelines, question and
answer memories), each tested in other words than the held-out set that showed the need:

- a condition that must come first ("only after ...", "not until ...") told as coming
  after the act ("..., and sign the log afterwards") is lost, though its words are kept.
"""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

_ENTRY = rule(
    "Contractors may enter the server room only after signing the visitor log.",
    ["server room"],
    "permission_with_condition",
)
_MERGE = rule(
    "Interns may merge to main, but not until a reviewer has approved the pull request.",
    ["merge"],
    "permission_with_condition",
)
_BADGE = rule(
    "Staff may use the old badge until the new one arrives.", ["old badge"], "permission_with_condition"
)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (_ENTRY, "Contractors may enter the server room and sign the visitor log later."),
        (_ENTRY, "Contractors can go into the server room; the visitor log gets signed afterwards."),
        (_MERGE, "Interns may merge to main, with the pull request approved by a reviewer retroactively."),
    ],
)
def test_a_condition_told_as_coming_after_the_act_is_lost(register: dict[str, object], summary: str) -> None:
    assert weakened(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (_ENTRY, "Contractors may enter the server room once they have signed the visitor log."),
        (
            _ENTRY,
            "Contractors may enter the server room only after signing the visitor log; reception files"
            " the log later.",
        ),
        (_MERGE, "Interns can merge to main only once a reviewer has approved the pull request."),
        (
            _BADGE,
            "Staff may keep using the old badge until the new one arrives, which is expected later"
            " this month.",
        ),
    ],
)
def test_a_later_act_of_another_kind_reverses_nothing(register: dict[str, object], summary: str) -> None:
    assert passes(register, summary)
