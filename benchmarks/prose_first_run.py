"""The first run of a held-out set of prose triples: one line per triple, a table per class.

A held-out set (source / faithful / drifted triples, in the format of
``tests/prose_corpus/``) measures how the prose checker reads text written by someone who
has not seen its rules. Its honest figure is the first run, on the committed file, before
anyone fixes anything. This prints it: for each triple whether the faithful summary passed
and the drifted one was caught by the expected name (else missed, or caught under another
name), then per class how many were cleanly separated::

    python benchmarks/prose_first_run.py tests/prose_open/round6a.yaml
    python benchmarks/prose_first_run.py --markdown tests/prose_open/round6a.yaml  # for a record
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_prose_corpus import Case, load_file

from pytest_compaction.core.errors import CompactionError
from pytest_compaction.core.violations import Violation


def _described(violations: Sequence[Violation]) -> str:
    return "; ".join(f"{v.name}: {v.detail}" for v in violations)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def judge(case: Case, counts: dict[str, Counter[str]]) -> tuple[str, str] | None:
    """Count the triple in ``counts``; return how its two summaries read (faithful,
    drifted), or None when it is cleanly separated."""
    try:
        faithful = case.check(case.faithful).violations
        drifted = case.check(case.drifted).violations
    except CompactionError as exc:  # the source itself is refused: a false alarm and a miss
        for klass in (case.klass, "total"):
            counts[klass].update(("triples", "false alarms", "misses"))
        return f"refused as written: {exc} (a false alarm)", "refused (a miss)"
    caught = case.expect in {v.code.value for v in drifted}
    for klass in (case.klass, "total"):
        counts[klass]["triples"] += 1
        counts[klass]["false alarms"] += bool(faithful)
        counts[klass]["misses"] += not drifted
        counts[klass]["wrong code"] += bool(drifted) and not caught
        counts[klass]["separated"] += not faithful and caught
    if not faithful and caught:
        return None
    shown_faithful = "ok" if not faithful else f"false alarm: {_described(faithful)}"
    missed = f"wrong code: {_described(drifted)}" if drifted else "missed (no violation)"
    return shown_faithful, "caught" if caught else missed


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--markdown", action="store_true", help="print markdown tables for a record")
    args = parser.parse_args()
    counts: dict[str, Counter[str]] = {}
    unseparated: list[tuple[Case, str, str]] = []
    for path in args.files:
        for case in load_file(path):
            for klass in (case.klass, "total"):
                counts.setdefault(klass, Counter())
            read = judge(case, counts)
            if read is not None:
                unseparated.append((case, *read))
            if not args.markdown:
                faithful, drifted = read or ("ok", "caught")
                print(f"{case.id} [{case.klass}] faithful: {faithful} | drifted: {drifted}")
    columns = ("triples", "separated", "false alarms", "misses", "wrong code")
    order = sorted(counts, key=lambda k: (k == "total", k))
    if not args.markdown:
        print(f"\n{'class':<13}" + "".join(f"{c:>14}" for c in columns))
        for klass in order:
            print(f"{klass:<13}" + "".join(f"{counts[klass][c]:>14}" for c in columns))
        return
    print("| class | " + " | ".join(columns) + " |")
    print("| --- " * (len(columns) + 1) + "|")
    for klass in order:
        cells = [str(counts[klass][c]) for c in columns]
        if klass == "total":
            cells = [f"**{c}**" for c in ("total", *cells)]
            print("| " + " | ".join(cells) + " |")
        else:
            print(f"| {klass} | " + " | ".join(cells) + " |")
    print("\n## Triples that were not cleanly separated\n")
    print("| id | class | faithful | drifted |\n| --- | --- | --- | --- |")
    for case, faithful, drifted in unseparated:
        print(f"| {case.id} | {case.klass} | {_cell(faithful)} | {_cell(drifted)} |")
    print("\nAll other triples: faithful ok, drifted caught by the expected name.")


if __name__ == "__main__":
    main()
