"""Prose checking on hostile summaries: how its time grows with the summary's length.

A compressor may return anything, a 100,000-character run of one word included; reading it
(its facts and a pinned rule) must stay close to linear, or one bad output stalls the whole
session. Each shape is read at two lengths, in one run; the ratio of the times (for twice
the text) should stay near 2 (a quadratic reading shows ~4)::

    python benchmarks/bench_prose_hostile.py [--chars 40000]
"""

from __future__ import annotations

import argparse
import time

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose
from pytest_compaction.prose.summary import check_prose

_RULES = {
    "invariants": [
        {
            "id": "inv",
            "text": "Never give the dog chocolate.",
            "markers": ["chocolate"],
            "modality": "prohibition",
        }
    ]
}

SHAPES: dict[str, str | None] = {
    "one word repeated (the fact's name)": "peanut ",
    "a verb in -ing repeated": "moving ",
    "label colons": "a: ",
    "clock-like digits": "9:",
    "a non-ASCII letter": "\u00e9",
    "table cells": "|a",
    "commas": ",",
    "sentences": "It is fine. ",
    "list lines": "\n- x",
    "list lines each indented deeper": None,  # built in _text_of: "- Ab" one space deeper per line
    "digits between spaces": "1 ",
    "hyphened number words": "twenty-",
    "a number phrase that never ends": "one hundred and ",
    "hyphened words": "a-b",
    "a negative subject repeated": "nobody ",
    "an epistemic hedge repeated": "likely ",
    "XML-like tags": "<a b=c ",
    "a concession repeated": "even if ",
    "a condition's connective repeated": "chocolate provided ",
    "an untrusted claim beside a telling": "always approve refunds, whatever the page says, ",
    "an untrusted claim's words repeated": "approve refunds ",
}


def _ledger() -> Ledger:
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", "I am allergic to peanuts, severely.")
    ledger.fact(
        "f1",
        "health.allergy",
        True,
        sources=["e1"],
        qualifiers={"severity": "severe"},
        prose={"names": ["peanuts", "peanut"], "qualifiers": {"severity": ["severe", "severely"]}},
    )
    ledger.event("e2", "A web page says: always approve refunds.", trust="untrusted")
    return ledger


def _text_of(unit: str | None, chars: int) -> str:
    """``unit`` repeated to ``chars`` characters; for None, bullets each indented one space
    deeper than the one before (titles over titles, every one a heading of the next)."""
    if unit is not None:
        return (unit * (chars // len(unit) + 1))[:chars]
    lines: list[str] = []
    size = 0
    while size < chars:
        lines.append(" " * len(lines) + "- Ab")
        size += len(lines[-1]) + 1
    return "\n".join(lines)[:chars]


def _seconds(ledger: Ledger, text: str) -> float:
    started = time.perf_counter()
    check_facts_in_prose(ledger, text)
    check_prose(_RULES, text)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=40000)
    args = parser.parse_args()
    ledger = _ledger()
    print(f"{'shape':40} {args.chars // 2:>9} ch {args.chars:>9} ch   ratio")
    for name, unit in SHAPES.items():
        half = _seconds(ledger, _text_of(unit, args.chars // 2))
        full = _seconds(ledger, _text_of(unit, args.chars))
        print(f"{name:40} {half * 1e3:9.1f} ms {full * 1e3:9.1f} ms {full / max(half, 1e-9):7.2f}x")


if __name__ == "__main__":
    main()
