"""Library specs for two guarantees owned by a stage other than compression.

- **selection**: a trimmer that re-sends an untrusted turn as the system message has raised
  its trust (``trust_elevated``), although it kept the text word for word;
- **storage**: a store that hands back a longer summary than was written makes the next pass
  grow without the compressor's fault (``summary_not_reclaimed``, blamed on the store).

Each spec is run against the compressor (or store) that breaks exactly that guarantee and
against its faithful twin, which must pass; the reference and verbatim compressors pass
them with every other library spec (tests/test_library.py, tests/test_library_prose.py).
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest
from test_library_guarantees import LIBRARY, run
from test_stage_blame import KeepsOldSummaryStore

from pytest_compaction.compressors.base import as_compressor
from pytest_compaction.core.violations import ViolationCode
from pytest_compaction.store.sqlite import SQLiteStore

TRUST_SPEC = "07-instruction-elevation/forwarded-email-kept-as-system-prompt"
STORE_SPEC = "15-budget/store-appends-old-summary"


# What a team would write: two trimmers and a rolling summarizer; a store that appends.
TEAM = '''
    from test_stage_blame import KeepsOldSummaryStore
    from pytest_compaction.store.sqlite import SQLiteStore

    def first_as_system_prompt(request):
        """Keeps every turn and re-sends the first one as the system prompt."""
        messages = request.openai_messages()
        return [{"role": "system", "content": messages[0]["content"]}, *messages[1:]]

    def every_turn(request):
        return request.openai_messages()

    def rolling(text, previous_summary):
        """Keeps the memory it reads back and appends the new turns."""
        return f"{previous_summary}\\n{text}" if previous_summary else text

    def appending_store():
        return KeepsOldSummaryStore()

    def plain_store():
        return SQLiteStore()
'''


def first_as_system_prompt(request: Any) -> Any:
    messages = request.openai_messages()
    return [{"role": "system", "content": messages[0]["content"]}, *messages[1:]]


def every_turn(request: Any) -> Any:
    return request.openai_messages()


def rolling(text: str, previous_summary: str | None) -> str:
    return f"{previous_summary}\n{text}" if previous_summary else text


# -- selection: an untrusted turn kept as the system prompt -----------------------------------


def test_the_forwarded_email_re_sent_as_the_system_prompt_is_trust_elevated_at_selection() -> None:
    result = run(TRUST_SPEC, as_compressor(first_as_system_prompt))
    assert result.names == ("trust_elevated",)
    (violation,) = result.violations
    assert violation.code is ViolationCode.TRUST_ELEVATED
    assert violation.detail.startswith("pass 1, selection; ")
    assert "kept the untrusted event(s) e1 as a system message" in violation.detail


def test_the_same_turns_in_their_own_roles_pass() -> None:
    assert run(TRUST_SPEC, as_compressor(every_turn)).names == ()


# -- storage: a store that keeps the old summary -----------------------------------------------


def test_a_store_that_appends_the_old_summary_is_blamed_for_the_growth() -> None:
    result = run(STORE_SPEC, as_compressor(rolling), store=KeepsOldSummaryStore())
    (grew,) = [v for v in result.violations if v.code is ViolationCode.SUMMARY_NOT_RECLAIMED]
    assert grew.detail.startswith("pass 3, depth 3, storage; the summary grew from ")
    assert "the store handed back a summary of " in grew.detail
    assert grew.detail.endswith("it kept the old summary")
    # The read-back differs from what was written too: the store contract names it.
    assert set(result.names) == {"summary_not_reclaimed", "representation_changed"}


def test_the_rolling_summarizer_over_a_faithful_store_passes() -> None:
    assert run(STORE_SPEC, as_compressor(rolling), store=SQLiteStore()).names == ()


# -- through a pytest session ------------------------------------------------------------------


def _session(pytester: pytest.Pytester, spec: str, *options: str) -> pytest.RunResult:
    shutil.copy(LIBRARY / f"{spec}.compaction.yaml", pytester.path)
    pytester.makepyfile(team_memory=textwrap.dedent(TEAM))
    pytester.syspathinsert()
    pytester.syspathinsert(Path(__file__).parent)  # test_stage_blame's store, importable
    return pytester.runpytest("--compaction-contract", *options, "-p", "no:cacheprovider")


@pytest.mark.parametrize(
    ("compressor", "outcome"),
    [("first_as_system_prompt", {"failed": 1}), ("every_turn", {"passed": 1})],
)
def test_through_pytest_the_trimmer_is_named(
    pytester: pytest.Pytester, compressor: str, outcome: dict[str, int]
) -> None:
    result = _session(pytester, TRUST_SPEC, f"--compaction-compressor=team_memory:{compressor}")
    result.assert_outcomes(**outcome)
    if "failed" in outcome:
        result.stdout.fnmatch_lines(
            ["*trust_elevated  expected 'untrusted' got 'system'  (pass 1, selection; *e1 as a system*"]
        )


@pytest.mark.parametrize(
    ("store", "outcome"), [("appending_store", {"failed": 1}), ("plain_store", {"passed": 1})]
)
def test_through_pytest_the_store_is_named(
    pytester: pytest.Pytester, store: str, outcome: dict[str, int]
) -> None:
    result = _session(
        pytester,
        STORE_SPEC,
        "--compaction-compressor=team_memory:rolling",
        f"--compaction-store=team_memory:{store}",
    )
    result.assert_outcomes(**outcome)
    if "failed" in outcome:
        result.stdout.fnmatch_lines(
            ["*summary_not_reclaimed  expected * got *(pass 3, depth 3, storage; *it kept the old summary)"]
        )
