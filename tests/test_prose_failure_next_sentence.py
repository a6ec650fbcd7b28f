"""A failure record told over two sentences: the attempt in one, and in the next its
outcome with the record's own error ("Already attempted: ... pg_restore ... Three and a half
hours in, the restore crashed with 'out of shared memory'."). The next sentence joins only
when it names that error; a guess about it ("could hit") is still no recorded failure."""

from __future__ import annotations

import pytest
from _prose_rules import codes, failure

RESTORE = failure(
    "We tried pg_restore of orders_db into the pg15 cluster with -j 8; the restore died after 3.5h with "
    "'out of shared memory' on the line_items indexes.",
    ["pg_restore"],
    ["out of shared memory"],
)


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        (
            "Already attempted: orders_db loaded into the Postgres 15 cluster with pg_restore using 8 jobs. "
            "Roughly three and a half hours in, the restore crashed with 'out of shared memory'.",
            set(),
        ),
        (
            "One option: orders_db loaded into the Postgres 15 cluster with pg_restore using 8 jobs. "
            "Roughly three and a half hours in, the restore could hit 'out of shared memory'.",
            {"failure_history_collapsed"},
        ),
        (
            "Already attempted: orders_db loaded into the Postgres 15 cluster with pg_restore using 8 jobs. "
            "The weekly report is due on Friday.",
            {"failure_history_collapsed"},
        ),
    ],
)
def test_an_outcome_in_the_next_sentence(summary: str, expected: set[str]) -> None:
    assert codes(RESTORE, summary) == expected
