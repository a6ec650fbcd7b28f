""" "Has yet to", "is yet to" and "still has to" tell that what follows has not happened:
"H. still has to do the cancellation" is no cancellation done. "She still has the form"
and a "still need to" in another clause negate nothing."""

from __future__ import annotations

import pytest

from pytest_compaction.prose.statements import read_statements
from tests._prose_facts import fact, names


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("H. still has to do the cancellation.", "cancel", True),
        ("H. has yet to sign the form.", "form", True),
        ("The form is yet to be signed.", "sign", True),
        ("She still has the form.", "form", False),
        ("We still need to buy milk and the form was signed.", "sign", False),
    ],
)
def test_still_open(text: str, word: str, negated: bool) -> None:
    statement = read_statements(text)[0]
    at = [i for i, n in enumerate(statement.norms) if n.startswith(word[:4])][-1]
    assert (statement.negated(at) is not None) is negated


_TV = fact(
    "Harold Quarrington cancelled the TV licence direct debit in March.",
    "retired.tv_licence_dd_cancelled",
    True,
    {"names": ["TV licence"], "value": ["cancel", "cancelled", "cancellation"]},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("3. TV licence DD: H. sorted the cancellation back in March.", ()),
        (
            "3. TV licence DD: H. still has to do the cancellation; it was meant to happen in March.",
            ("f1:value_changed",),
        ),
    ],
)
def test_a_cancellation_still_to_do(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_TV, summary) == expected
