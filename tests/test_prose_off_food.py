""" "Off" after a linking verb and before a bare noun gives that thing up: "Ruben is off
grapefruit", "stays off alcohol" state that he takes none. "Off the jar", "off to Leeds" and
"off work" give nothing up."""

from __future__ import annotations

import pytest

from pytest_compaction.prose.statements import read_statements
from tests._prose_facts import fact, names


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("Ruben is off grapefruit completely.", "grapefruit", True),
        ("Ruben stays off alcohol until the scan.", "alcohol", True),
        ("The lid is off the jar.", "jar", False),
        ("She is off to Leeds on Monday.", "leed", False),
        ("He is off work today.", "work", False),
        ("Ruben eats grapefruit.", "grapefruit", False),
    ],
)
def test_off_a_thing(text: str, word: str, negated: bool) -> None:
    statement = read_statements(text)[0]
    at = next(i for i, n in enumerate(statement.norms) if n.startswith(word[:4]))
    assert (statement.negated(at) is not None) is negated


_GRAPEFRUIT = fact(
    "Dad must not have any grapefruit or grapefruit juice, it interacts with his simvastatin.",
    "diet.grapefruit_allowed",
    False,
    {"names": ["grapefruit"], "polarity": "negative"},
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Ruben is off grapefruit completely, juice included (interacts w/ his simvastatin).", ()),
        ("Ruben can have grapefruit, juice included.", ("f1:value_changed",)),
    ],
)
def test_off_grapefruit(summary: str, expected: tuple[str, ...]) -> None:
    assert names(_GRAPEFRUIT, summary) == expected
