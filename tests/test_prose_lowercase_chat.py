"""A line typed all in lower case has no capital to open a sentence: "the table for six is
fine. i might bring a highchair" is two sentences, so the doubt of the second is not
settled by the fact of the first. The short forms of notes ("prob.", "approx.", "incl.")
still end no sentence there, and a line with capitals splits as before."""

from __future__ import annotations

import pytest

from pytest_compaction.prose._text import sentences
from tests._prose_facts import fact, names


@pytest.mark.parametrize(
    ("line", "count"),
    [
        ("the table for six is fine. i might bring a highchair", 2),
        ("booked for 7pm. pls confirm by text", 2),
        ("prob. good to ring ahead first", 1),
        ("approx. 20 mins. walk from the station", 1),
        # a whole word's period before a lower-case pronoun ends a sentence, capitals or not
        ("The table is fine. i might bring a highchair", 2),
        ("Ring the Sales dept. the number is on the card", 1),
    ],
)
def test_a_lower_case_line_splits_at_each_sentence_end(line: str, count: int) -> None:
    assert len(sentences(line)) == count


_TABLE = fact(
    "the table for six at 7pm is fine. i might bring a highchair for the baby",
    "restaurant.party_size",
    6,
    {"names": ["table"], "value": ["six"]},
)


def test_the_doubt_of_a_second_lower_case_sentence_stays_a_doubt() -> None:
    assert names(_TABLE, "The table is for six at 7pm, and they may bring a highchair.") == ()
    assert names(_TABLE, "The table is for six at 7pm, and they are bringing a highchair.") == (
        "unsupported_fact",
    )
