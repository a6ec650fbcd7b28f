"""Round 24 and 25's rules of English (email digests, chat slang, timelines, question and
answer memories), each tested in other words than the held-out set that showed the need:

- a condition that must come first ("only after ...", "not until ...") told as coming
  after the act ("..., and sign the log afterwards") is lost, though its words are kept;
- a qualifier the source names as an exception ("leave out any ...", "apart from ...") is
  kept only as an exception: "including any ..." turns it into an inclusion;
- a to-do restates what the source asked for or said will happen, not a possibility told
  as settled: a command after its owner's label ("Mill team: send the allergen sheet") or
  a note-form plan ("certificate to be emailed within 48 h"). A possibility ("might
  repaint") made a to-do is still settled.
"""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.core.ledger import Ledger
from tests._prose_facts import events, names

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


def _excursion() -> Ledger:
    ledger = events(
        "Coach leaves at 08:15 on Friday; bring everyone apart from pupils who have not handed in"
        " a consent form."
    )
    ledger.fact(
        "f1",
        "trip.departure",
        "08:15",
        sources=["e1"],
        qualifiers={"exception": "pupils without a consent form"},
        prose={"names": ["coach"], "value": ["08:15"], "qualifiers": {"exception": ["consent form"]}},
    )
    return ledger


@pytest.mark.parametrize(
    "summary",
    [
        "The coach goes at 8:15 am on Friday, with the exception of pupils missing a consent form.",
        "Coach: Friday 08:15, everyone except pupils who never returned the consent form.",
        "Coach at 08:15 Friday; pupils without a consent form are left out.",
        "Coach at 08:15 Friday; pupils who are missing a consent form are left out.",
    ],
)
def test_an_exception_kept_as_an_exception(summary: str) -> None:
    assert names(_excursion(), summary) == ()


@pytest.mark.parametrize(
    "summary",
    [
        "The coach goes at 8:15 am on Friday, including pupils missing a consent form.",
        "Coach: Friday 08:15, everyone goes, even pupils who never returned the consent form.",
        "Coach: Friday 08:15, together with the pupils who have no consent form.",
    ],
)
def test_an_exception_told_as_an_inclusion_is_a_changed_qualifier(summary: str) -> None:
    assert names(_excursion(), summary) == ("f1:qualifiers_changed",)


_ASKED = "Thanks. Could your team also send the updated allergen sheet for the rye?"
_WILL = "The safety certificate will be emailed to you within 48 hours of the visit."
_MIGHT = "We might repaint the garden fence next spring."


@pytest.mark.parametrize(
    ("source", "summary"),
    [
        (_ASKED, "Action items\n- Mill team: send the updated allergen sheet for the rye."),
        (_ASKED, "- [ ] Mill team: send the updated allergen sheet for the rye"),
        (_WILL, "Safety certificate to be emailed to the tenant within 48 h of the visit."),
        (_WILL, "FYI: the safety certificate is to be emailed within 48 hours of the visit."),
    ],
)
def test_a_to_do_restates_a_request_or_a_plan(source: str, summary: str) -> None:
    assert names(events(source), summary) == ()


@pytest.mark.parametrize(
    ("source", "summary"),
    [
        (_ASKED, "The mill team sent the updated allergen sheet for the rye."),
        (_WILL, "Safety certificate emailed to the tenant within 48 h of the visit."),
        (_WILL, "The safety certificate used to be emailed to the tenant within 48 h of the visit."),
        (_MIGHT, "Action items\n- Ana: repaint the garden fence next spring."),
        ("The certificate might be emailed after the visit.", "Certificate to be emailed after the visit."),
    ],
)
def test_a_possibility_or_a_request_told_as_done_is_settled(source: str, summary: str) -> None:
    assert names(events(source), summary) == ("unsupported_fact",)


_LATE = rule(
    "Guests may stay over on Fridays only if they are gone by 10 am.",
    ["stay over"],
    "permission_with_condition",
)
_TILL = rule("Bikes may be parked in the hall only after 6 pm.", ["parked"], "permission_with_condition")


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (_LATE, "Guests can stay over on Fridays if they keep quiet after 10 am."),
        (_TILL, "Bikes can be parked in the hall, but only before 6 pm."),
    ],
)
def test_a_bound_kept_on_the_other_side_is_lost(register: dict[str, object], summary: str) -> None:
    assert weakened(register, summary)


@pytest.mark.parametrize(
    ("register", "summary"),
    [
        (_LATE, "Guests can stay over on Fridays as long as they leave by 10 am."),
        (_LATE, "Guests can stay over on Fridays if they are out by 10 am; quiet after 10 pm."),
        (_TILL, "Bikes can be parked in the hall, but only after 6 pm."),
    ],
)
def test_a_bound_kept_on_its_side_stays(register: dict[str, object], summary: str) -> None:
    assert passes(register, summary)
