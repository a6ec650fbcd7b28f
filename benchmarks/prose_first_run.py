"""The first run of a held-out set of prose triples: one line per triple, a table per class.

A held-out set (source / faithful / drifted triples, in the format of
``tests/prose_corpus/``) measures how the prose checker reads text written by someone who
has not seen its rules. Its honest figure is the first run, on the committed file, before
anyone fixes anything. This prints it: for each triple whether the faithful summary passed
and the drifted one was caught by the expected name (else missed, or caught under another
name), then per class how many were cleanly separated::

    python benchmarks/prose_first_run.py tests/prose_open/round6a.yaml
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_prose_corpus import Case

from pytest_compaction.core.errors import CompactionError
from pytest_compaction.core.violations import Violation


def _described(violations: Sequence[Violation]) -> str:
    return "; ".join(f"{v.name}: {v.detail}" for v in violations)


def judge(case: Case, counts: dict[str, Counter[str]]) -> str:
    try:
        faithful = case.check(case.faithful).violations
        drifted = case.check(case.drifted).violations
    except CompactionError as exc:  # the source itself is refused: a false alarm and a miss
        for klass in (case.klass, "total"):
            counts[klass].update(("triples", "false alarms", "misses"))
        return f"{case.id} [{case.klass}] REFUSED AS WRITTEN: {exc}"
    caught = case.expect in {v.code.value for v in drifted}
    for klass in (case.klass, "total"):
        counts[klass]["triples"] += 1
        counts[klass]["false alarms"] += bool(faithful)
        counts[klass]["misses"] += not drifted
        counts[klass]["wrong code"] += bool(drifted) and not caught
        counts[klass]["separated"] += not faithful and caught
    shown_faithful = "ok" if not faithful else f"FALSE ALARM {_described(faithful)}"
    missed = f"WRONG CODE {_described(drifted)}" if drifted else "MISSED"
    shown_drifted = "caught" if caught else missed
    return f"{case.id} [{case.klass}] faithful: {shown_faithful} | drifted: {shown_drifted}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    counts: dict[str, Counter[str]] = {}
    for path in args.files:
        for item in yaml.safe_load(path.read_text(encoding="utf-8")):
            case = Case(
                id=item["id"],
                klass=item["class"],
                data=item,
                faithful=item["faithful"],
                drifted=item["drifted"],
                expect=item["expect"],
            )
            for klass in (case.klass, "total"):
                counts.setdefault(klass, Counter())
            print(judge(case, counts))
    columns = ("triples", "separated", "false alarms", "misses", "wrong code")
    print(f"\n{'class':<13}" + "".join(f"{c:>14}" for c in columns))
    for klass in sorted(counts, key=lambda k: (k == "total", k)):
        print(f"{klass:<13}" + "".join(f"{counts[klass][c]:>14}" for c in columns))


if __name__ == "__main__":
    main()
