"""The pinned block a pass is handed holds only what the history has stated by then.

``config["pinned"]`` is the register's verbatim block. Handed the *whole* register, a
compressor that echoes it would "know" a rule before the user said it (and its memory
would then carry the rule through a pass that never read the turn stating it), and it
would miss a failure record whose retirement has not happened yet.
"""

from __future__ import annotations

import textwrap
from typing import Any

import pytest
from test_stage_blame import RULE, pins_spec, run

from pytest_compaction.compressors.base import ReferenceCompressor, as_compressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.compressors.verbatim import VerbatimCompressor
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.engine.contract import run_contract


def pinned_per_pass(spec: dict[str, Any], compressor: object) -> list[str]:
    guard = GuardedCompressor(as_compressor(compressor))
    run_contract(Scenario.from_dict(spec, name="release"), guard)
    return [str(record.request.config.get("pinned", "")) for record in guard.records]


def test_a_rule_said_in_pass_2_is_not_pinned_in_pass_1() -> None:
    pinned = pinned_per_pass(pins_spec(stated_at=2), ReferenceCompressor())
    assert RULE not in pinned[0]
    assert RULE in pinned[1]
    assert RULE in pinned[2]


def test_a_retired_rule_is_pinned_until_its_retirement_event() -> None:
    spec = pins_spec(stated_at=1)
    spec["events"][2]["text"] = "We now deploy any day of the week."
    spec["invariants"]["retirements"] = [{"id": "inv-fridays", "event_id": "e3", "reason": "policy changed"}]
    pinned = pinned_per_pass(spec, ReferenceCompressor())
    assert [RULE in block for block in pinned] == [True, True, False]


# A compressor that writes its own short note and relies on the pinned block for the rules.
def notes_and_pins(request: Any) -> str:
    note = f"{len(request.events)} new turn(s) about the release."
    pinned = request.config.get("pinned", "")
    return f"{note}\n\n{pinned}" if pinned else note


FAILURE = "Raising the pool size to 50 failed with PoolTimeout."


def failure_spec() -> dict[str, Any]:
    """A failure record said in pass 1, retired by the success event of pass 2."""
    return {
        "tenant": "acme",
        "subject": "ana",
        "events": [
            {"id": "e1", "text": FAILURE},
            {"id": "e2", "text": "Pool size 40 with a shorter idle timeout worked."},
        ],
        "invariants": {
            "failures": [
                {
                    "id": "fail-pool",
                    "text": FAILURE,
                    "approach": ["pool size", "50"],
                    "error": ["PoolTimeout"],
                }
            ],
            "retirements": [{"id": "fail-pool", "event_id": "e2", "reason": "the fix worked"}],
        },
        "steps": [{"add": ["e1"]}, "compress", {"add": ["e2"]}, "compress"],
    }


def test_a_failure_record_retired_later_is_pinned_before_its_retirement() -> None:
    """The whole register's block leaves the record out (it is retired at the end), so a
    faithful echo would be reported for dropping it at pass 1: a false alarm."""
    pinned = pinned_per_pass(failure_spec(), notes_and_pins)
    assert FAILURE in pinned[0]
    assert FAILURE not in pinned[1]
    assert run(failure_spec(), notes_and_pins).ok


# -- through a pytest session ---------------------------------------------------------------

COMPRESSORS = '''
    def pins_once_then_new_turns(request):
        """Pins once, then rolls: the prior summary and the new turns. Faithful."""
        if request.prior_summary:
            return request.prior_summary + "\\n" + request.text
        return request.text + "\\n\\n" + request.config.get("pinned", "")

    def pins_once_then_frozen(request):
        """Pins once, then keeps the prior summary and drops every new turn."""
        if request.prior_summary:
            return request.prior_summary
        return request.text + "\\n\\n" + request.config.get("pinned", "")
'''


def session(pytester: pytest.Pytester, compressor: str) -> pytest.RunResult:
    import yaml

    pytester.makefile(".compaction.yaml", release=yaml.safe_dump(pins_spec(stated_at=2), sort_keys=False))
    pytester.makepyfile(team_memory=textwrap.dedent(COMPRESSORS))
    pytester.syspathinsert()
    return pytester.runpytest(
        "--compaction-contract", f"--compaction-compressor=team_memory:{compressor}", "-p", "no:cacheprovider"
    )


def test_a_summary_frozen_after_pass_1_cannot_carry_a_rule_said_in_pass_2(pytester: pytest.Pytester) -> None:
    """Handed the whole register at pass 1, this memory held the rule before anyone said it,
    and the pass that dropped the turn stating it passed."""
    result = session(pytester, "pins_once_then_frozen")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ["*inv-fridays:invariant_dropped*(pass 2, depth 2, compression; *stated by e2, which the compressor*"]
    )


def test_a_rolling_summary_that_pins_once_passes(pytester: pytest.Pytester) -> None:
    session(pytester, "pins_once_then_new_turns").assert_outcomes(passed=1)


@pytest.mark.parametrize(
    "compressor", [ReferenceCompressor(), VerbatimCompressor()], ids=["reference", "verbatim"]
)
@pytest.mark.parametrize("stated_at", [1, 2, 3])
def test_the_faithful_compressors_pass_wherever_the_rule_is_said(compressor: object, stated_at: int) -> None:
    assert run(pins_spec(stated_at=stated_at), compressor).ok
