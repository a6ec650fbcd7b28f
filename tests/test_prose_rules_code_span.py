"""Two readings of technical notes, where rules name commands and options in code.

A command whose object is an inline code span ("Run `make lint` before every merge",
"Set `TZ=UTC` on every worker") is an obligation without a modal word: the quoted code is
the thing the verb acts on. And "optional" before its noun is an adjective however the noun
is written ("the optional `--dry-run` flag", "any optional ?page= parameter"), so it does
not lift the rule; "the flag is optional" still does.
"""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.prose.invariants import Invariant
from pytest_compaction.prose.modality import imperative

LINT = rule("Run `make lint` before every merge to the main branch.", ["make lint"], "obligation")
TZ = rule("Set `TZ=UTC` on every worker of the report cluster.", ["TZ=UTC"], "obligation")
FLAGS = rule(
    "Document every CLI option in the README, including the optional --dry-run flag.",
    ["README"],
    "obligation",
)


@pytest.mark.parametrize(
    ("text", "verb"),
    [("Run `make lint` before every merge.", "run"), ("Set `TZ=UTC` on every worker.", "set")],
)
def test_a_code_span_is_the_object_of_a_command(text: str, verb: str) -> None:
    assert imperative(text) == verb


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (LINT, "## Constraints\n- Every merge to main must be preceded by `make lint`."),
        (TZ, "- Report cluster: set `TZ=UTC` on every worker."),
        (FLAGS, "- Every CLI option must be documented in the README (the optional --dry-run flag too)."),
    ],
)
def test_the_rule_kept_in_other_words_passes(register: dict[str, object], summary: str) -> None:
    assert passes(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (LINT, "## Notes\n- Running `make lint` before a merge to main is a nice habit."),
        (TZ, "- Report cluster: `TZ=UTC` could be set on the workers if convenient."),
        (FLAGS, "- CLI options may be documented in the README when there is time."),
    ],
)
def test_the_rule_made_optional_is_weakened(register: dict[str, object], summary: str) -> None:
    assert weakened(register, summary)


def test_optional_after_a_copula_still_lifts_the_rule() -> None:
    with pytest.raises(PayloadError, match="lifted by 'optional'"):
        Invariant(
            id="inv",
            text="Document the --dry-run flag in the README; the flag is optional.",
            markers=["README"],
            modality="obligation",
        )
