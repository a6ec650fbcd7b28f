"""A selection that keeps a replaced turn and the turn that replaced it tells the change:
it is history, not a stale value stated as current. Dropping the replacing turn stays drift."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.engine.runner import run_scenario


def _scenario(steps: list[Any]) -> Scenario:
    return Scenario.from_dict(
        {
            "events": [
                {
                    "id": "e1",
                    "text": "Our team works in the Lisbon office.",
                    "facts": [
                        {
                            "id": "fact-office-1",
                            "predicate": "team.office",
                            "value": "lisbon",
                            "prose": {"names": ["office"], "value": ["Lisbon"]},
                        }
                    ],
                },
                {"id": "e2", "text": "The coffee machine there is loud."},
                {
                    "id": "e3",
                    "text": "We have relocated the team to the Porto office.",
                    "facts": [
                        {
                            "id": "fact-office-2",
                            "predicate": "team.office",
                            "value": "porto",
                            "supersedes": "fact-office-1",
                            "prose": {"names": ["office"], "value": ["Porto"]},
                        }
                    ],
                },
            ],
            "steps": steps,
        },
        name="office-move",
    )


def keep_all(request: Any) -> Any:
    return request.openai_messages()


def keep_first_only(request: Any) -> Any:
    return [m for m in request.openai_messages() if m.get("id") != "e3"]


ONE_PASS = [{"add": ["e1", "e2", "e3"]}, "compress"]
TWO_PASSES = [{"add": ["e1", "e2"]}, "compress", {"add": ["e3"]}, "compress"]


@pytest.mark.parametrize("steps", [ONE_PASS, TWO_PASSES], ids=["one-pass", "two-passes"])
def test_a_transcript_that_keeps_the_change_passes(steps: list[Any]) -> None:
    assert run_scenario(_scenario(steps), GuardedCompressor(keep_all)).names == ()


def test_a_selection_that_drops_the_replacing_turn_is_still_drift() -> None:
    names = run_scenario(_scenario(ONE_PASS), GuardedCompressor(keep_first_only)).names
    assert "fact-office-1:forbidden_superseded_fact" in names
