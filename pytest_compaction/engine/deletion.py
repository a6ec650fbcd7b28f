"""The deletion scenario: create, compress, delete, talk about something else, compress again."""

from __future__ import annotations

import dataclasses

from pytest_compaction.core.model import SourceEvent
from pytest_compaction.core.scenario import Scenario, Step
from pytest_compaction.engine.contract import CompressorUnderTest, run_and_assert
from pytest_compaction.engine.runner import ScenarioRun

__all__ = ["DEFAULT_DELETION", "DeletionScenario", "with_deletion"]

DEFAULT_DELETION = Scenario.from_dict(
    {
        "description": "A user shares a phone number, later asks for it to be deleted, then chats on.",
        "tenant": "tenant-1",
        "subject": "subject-1",
        "events": [
            {
                "id": "e1",
                "text": "You can reach me at 555-0100 if the delivery is late.",
                "facts": [{"id": "fact-phone-1", "predicate": "contact.phone", "value": "555-0100"}],
            },
            {
                "id": "e2",
                "text": "Please send receipts by email, never by text message.",
                "facts": [
                    {
                        "id": "fact-channel-1",
                        "predicate": "contact.receipt_channel",
                        "value": "email",
                        "qualifiers": {"forbidden_channel": "sms"},
                    }
                ],
            },
            {"id": "e3", "text": "Please delete my phone number from your records."},
            {"id": "e4", "text": "By the way, the weather has been lovely this week."},
            {"id": "e5", "text": "Can you recommend a good book about gardening?"},
        ],
        "steps": [
            {"add": ["e1", "e2"]},
            "compress",
            {"add": ["e3"]},
            {"delete": "fact-phone-1", "event": "e3"},
            {"add": ["e4", "e5"]},
            "compress",
        ],
    },
    name="deletion-scenario",
)

_CHATTER = (
    "Unrelated: I watched a documentary about lighthouses last night.",
    "Unrelated: what is a good way to keep basil fresh?",
)


def with_deletion(scenario: Scenario, fact_id: str) -> Scenario:
    """``scenario``'s events, compressed; then ``fact_id`` deleted, unrelated turns, compressed again."""
    chatter = tuple(
        SourceEvent(
            event_id=f"deletion-chatter-{index}",
            tenant_id=scenario.tenant_id,
            subject_id=scenario.subject_id,
            text=text,
            order=len(scenario.events) + index,
        )
        for index, text in enumerate(_CHATTER, start=1)
    )
    steps = (
        Step(kind="add", event_ids=tuple(e.event_id for e in scenario.events), path="steps[0]"),
        Step(kind="compress", path="steps[1]"),
        Step(kind="delete", fact_id=fact_id, path="steps[2]"),
        Step(kind="add", event_ids=tuple(e.event_id for e in chatter), path="steps[3]"),
        Step(kind="compress", path="steps[4]"),
    )
    return dataclasses.replace(
        scenario, events=(*scenario.events, *chatter), steps=steps, expect_violations=None
    )


class DeletionScenario:
    """Drives a deletion through the compressor under test and fails on any resurrection.

    Fails with ``forbidden_deleted_fact`` when the deleted fact is in the output, and
    with ``deleted_content_in_input`` when the deleted event or its text reached the
    compressor at the second pass.
    """

    def __init__(self, compressor: CompressorUnderTest, *, reproduce: str | None = None) -> None:
        self.compressor = compressor
        self.reproduce = reproduce

    def run(self, scenario: Scenario | None = None, *, fact_id: str | None = None) -> ScenarioRun:
        __tracebackhide__ = True
        if scenario is None:
            chosen = DEFAULT_DELETION
        else:
            if fact_id is None:
                raise TypeError(
                    "deletion_scenario.run(scenario, fact_id=...) needs the id of the fact to delete"
                )
            chosen = with_deletion(scenario, fact_id)
        return run_and_assert(chosen, self.compressor, reproduce=self.reproduce)
