"""A pinned rule may carry a reason or a contrast in a clause of its own ("...; she can't
swallow them whole", "..., and never from the joint account"): the clauses with its markers
state it, so the register is accepted as written and checked as usual. A rule whose own
clause reads otherwise is still refused."""

from __future__ import annotations

import pytest
from _prose_rules import passes, rule, weakened

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.prose.invariants import InvariantRegister

CRUSH = rule(
    "Crush all of Auntie Teo's tablets and give them to her in a spoonful of yoghurt; "
    "she can't swallow them whole.",
    ["yoghurt"],
    "obligation",
)
ACCOUNT = rule(
    "Pay all of Mum's household bills from the Dunmore current account, and never from the joint account.",
    ["Dunmore"],
    "obligation",
)


@pytest.mark.parametrize(
    ("register", "summary", "kept"),
    [
        (CRUSH, "Teodora's tablets have to be crushed and given in a spoonful of yoghurt.", True),
        (CRUSH, "Teodora tends to take her tablets crushed in a spoonful of yoghurt.", False),
        (
            ACCOUNT,
            "Winifred's bills must all come out of the Dunmore current a/c, never the joint one.",
            True,
        ),
        (ACCOUNT, "Winifred's bills preferably come out of the Dunmore current a/c.", False),
    ],
)
def test_a_rule_with_its_reason(register: dict[str, object], summary: str, kept: bool) -> None:
    assert passes(register, summary) is kept
    assert weakened(register, summary) is not kept


def test_a_rule_whose_own_clause_reads_otherwise_is_refused() -> None:
    with pytest.raises(PayloadError, match="does not read as an obligation"):
        InvariantRegister.from_dict(
            rule("Never pay from the Dunmore account; the joint account is fine.", ["Dunmore"], "obligation")
        )


HAY = rule(
    "Refill Pip's hay rack with the recommended Timothy hay every evening so that he is never without hay.",
    ["hay rack"],
    "obligation",
)
KITCHEN = rule(
    "Keep Captain out of the kitchen whenever the non-stick pans are in use; PTFE fumes can kill a bird.",
    ["kitchen"],
    "obligation",
)
RECEIPTS = rule(
    "Keep careful records of every repair receipt for the flat for six years.",
    ["repair receipt"],
    "obligation",
)


@pytest.mark.parametrize(
    ("register", "summary", "kept"),
    [
        (HAY, "Every evening, without fail, Pip's hay rack must be refilled with Timothy hay.", True),
        (HAY, "It is preferable for Pip's hay rack to be refilled with Timothy hay every evening.", False),
        (KITCHEN, "Captain must be kept out of the kitchen whenever the non-stick pans are in use.", True),
        (
            KITCHEN,
            "Captain would preferably be kept out of the kitchen whenever the non-stick pans are in use.",
            False,
        ),
        (RECEIPTS, "Keep careful records of every repair receipt for the flat for six years.", True),
        (RECEIPTS, "Records of every flat repair receipt are worth keeping for 6 yrs if you can.", False),
    ],
)
def test_a_purpose_a_keep_away_duty_and_an_adjective(
    register: dict[str, object], summary: str, kept: bool
) -> None:
    assert passes(register, summary) is kept


@pytest.mark.parametrize(
    ("summary", "kept"),
    [
        ("Use the ladder carefully.", False),
        ("Be careful with the ladder.", False),
        ("Always use the ladder.", True),
    ],
)
def test_careful_as_manner_still_weakens(summary: str, kept: bool) -> None:
    assert passes(rule("Always use the ladder.", ["ladder"], "obligation"), summary) is kept
