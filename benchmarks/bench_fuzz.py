"""How fast does the built-in fuzz suite run, and which drift mutants does its default budget find?

Part 1 runs each built-in property (``contract``, ``relations``,
``repeated-compression``) against the reference compressor with the default example
budget and reports examples per second (wall clock and CPU).

Part 2, when :mod:`pytest_compaction.mutants.catalog` is importable, runs every property
against every drift mutant with the same budget and reports, per mutant, whether a
property failed, after how many examples (the count up to the first failure, before
shrinking; shrinking is switched off here, it does not change what is found), and
the violation codes of that failure. A mutant counts as *killed* when a failure
carries one of its own codes (:attr:`Mutant.codes`); *noticed* when only other codes
show. A fresh mutant is built for every example.

    python benchmarks/bench_fuzz.py                     # 100 examples, seed 0
    python benchmarks/bench_fuzz.py --examples 200 --seed 7 --attempts 2
    python benchmarks/bench_fuzz.py --mutants drop_qualifiers,negate_boolean --properties contract
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

import hypothesis
from hypothesis import Phase

from pytest_compaction.compressors.base import ReferenceCompressor
from pytest_compaction.fuzzing import properties as fuzz

PROFILE = "bench-fuzz-no-shrink"
hypothesis.settings.register_profile(PROFILE, phases=[Phase.explicit, Phase.reuse, Phase.generate])


@dataclass(frozen=True)
class Outcome:
    property: str
    found: bool
    examples: int
    codes: tuple[str, ...] = ()
    flaky: bool = False


def settings_for(examples: int, seed: int, attempts: int) -> fuzz.FuzzSettings:
    return fuzz.FuzzSettings(
        max_examples=examples, seed=seed, database="none", profile=PROFILE, attempts=attempts, timeout=None
    )


def throughput(properties: Sequence[str], settings: fuzz.FuzzSettings) -> list[tuple[str, int, float, float]]:
    rows = []
    for name in properties:
        wall, cpu = time.perf_counter(), time.process_time()
        result = fuzz.run_property(name, ReferenceCompressor, settings)
        rows.append((name, result.examples, time.perf_counter() - wall, time.process_time() - cpu))
    return rows


def hunt(compressor: object, properties: Sequence[str], settings: fuzz.FuzzSettings) -> list[Outcome]:
    outcomes = []
    for name in properties:
        try:
            result = fuzz.run_property(name, compressor, settings)
        except fuzz.FuzzFailure as failure:
            codes = tuple(sorted({v.code.value for v in failure.violations}))
            outcomes.append(Outcome(name, True, failure.found_after, codes, failure.flaky))
        else:
            outcomes.append(Outcome(name, False, result.examples))
    return outcomes


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]
    lines = ["  ".join(str(cell).ljust(width) for cell, width in zip(header, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * width for width in widths))
    lines += [
        "  ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--examples", type=int, default=100, help="examples per property (Hypothesis' default: 100)"
    )
    parser.add_argument("--seed", type=int, default=0, help="Hypothesis seed, for a reproducible table")
    parser.add_argument(
        "--attempts", type=int, default=1, help="runs of every compression (2 catches flakiness)"
    )
    parser.add_argument(
        "--properties", default=",".join(fuzz.PROPERTIES), help="comma-separated property names"
    )
    parser.add_argument("--mutants", default="all", help="comma-separated mutant names, or 'all' or 'none'")
    args = parser.parse_args(argv)
    properties = [p for p in args.properties.split(",") if p]
    settings = settings_for(args.examples, args.seed, args.attempts)

    print(f"fuzz suite: {args.examples} examples per property, seed {args.seed}, attempts {args.attempts}")
    print(f"python {sys.version.split()[0]}, hypothesis {hypothesis.__version__}\n")
    rows = throughput(properties, settings)
    print("reference compressor")
    print(
        table(
            ("property", "examples", "wall s", "examples/s", "cpu s", "examples/cpu s"),
            [(n, str(e), f"{w:.2f}", f"{e / w:.0f}", f"{c:.2f}", f"{e / c:.0f}") for n, e, w, c in rows],
        )
    )

    if args.mutants == "none":
        return 0
    try:
        from pytest_compaction.mutants.catalog import MUTANTS
    except ImportError:
        print("\npytest_compaction.mutants.catalog is not available: no mutant table")
        return 0
    chosen = [m for m in MUTANTS if args.mutants == "all" or m.name in args.mutants.split(",")]
    print(f"\ndrift mutants ({len(chosen)}), {args.examples} examples per property")
    mutant_rows = []
    killed = noticed = 0
    started = time.perf_counter()
    for mutant in chosen:
        outcomes = hunt(mutant.compressor, properties, settings)
        codes = {code.value for code in mutant.codes}
        killing = [o for o in outcomes if o.found and codes & set(o.codes)]
        others = [o for o in outcomes if o.found and o not in killing]
        if killing:
            verdict, best = "killed", min(killing, key=lambda o: o.examples)
            killed += 1
        elif others:
            verdict, best = "noticed", min(others, key=lambda o: o.examples)
            noticed += 1
        else:
            verdict, best = "survived", None
        retry = "-"
        if verdict != "killed" and args.attempts == 1:
            # Nondeterminism is only visible across attempts: look again with two.
            again = hunt(mutant.compressor, properties, settings_for(args.examples, args.seed, 2))
            hits = [o for o in again if o.found and codes & set(o.codes)]
            retry = f"killed after {min(o.examples for o in hits)}" if hits else "no"
        cells = [
            f"{o.examples}" + ("*" if o.found and codes & set(o.codes) else "" if o.found else " (none)")
            for o in outcomes
        ]
        mutant_rows.append(
            (
                mutant.name,
                mutant.class_label,
                verdict,
                *cells,
                ", ".join(best.codes) + (" (flaky)" if best.flaky else "") if best else "-",
                retry,
            )
        )
    header = (
        "mutant",
        "failure class",
        "verdict",
        *properties,
        "codes of the earliest finding",
        "attempts=2",
    )
    print(table(header, mutant_rows))
    print(
        f"\n{killed} killed, {noticed} noticed only through other codes, "
        f"{len(chosen) - killed - noticed} survived ({time.perf_counter() - started:.0f}s)"
    )
    print(
        "a cell is the examples run up to the first failure; * marks a failure with the mutant's own codes;"
    )
    print("'(none)' means the property held for the whole budget; 'attempts=2' reruns a mutant not killed")
    print("with every compression run twice, which is how nondeterminism on a critical fact is named")
    return 0


if __name__ == "__main__":
    sys.exit(main())
