"""Run every benchmark in this folder and print one table of ratios.

Each ``bench_*.py`` runs in its own subprocess, with small arguments by default (about
a minute and a half on two CPUs) or its own defaults with ``--full``; this script reads
the numbers from its output. Two measurements have no script of their own and are
made here: pytest-xdist ``-n 2`` against ``-n 0`` on the bundled fixture library (with
and without ``--compaction-mutants``), and, when ``bench_fuzz.py`` is absent, fuzz
examples per second.

    python benchmarks/run.py                 # quick
    python benchmarks/run.py --full          # the scripts' own defaults (several minutes)
    python benchmarks/run.py --only checker,xdist --verbose
    python benchmarks/run.py --row fuzz     # one benchmark on its own (repeatable: --row a --row b)

The table is Markdown, so ``docs/performance.md`` can show it as printed.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

ROWS = (
    "checker vs seed reference validator (plain dict loop), 100k facts",
    "plugin start-up, with vs without",
    "YAML specs vs compaction_contract.run",
    "YAML specs vs ledger + assert_preserved",
    "fixture library, xdist -n 2 vs -n 0",
    "library + mutants, xdist -n 2 vs -n 0",
    "fuzz contract, examples/s",
    "fuzz relations, examples/s",
    "fuzz repeated-compression, examples/s",
    "store conditional vs unconditional writes",
    "guard overhead per call, reference compressor",
    "prose check, 5,000 chars vs 50 facts + 50 pins",
    "session report build, largest size",
)
"""The rows of the table, in order; ``docs/performance.md`` shows each one."""


@dataclass(frozen=True)
class Row:
    name: str
    result: str
    target: str
    detail: str


class BenchmarkError(RuntimeError):
    """A benchmark failed to run, or printed something this script cannot read."""


def run(args: Sequence[str], *, verbose: bool) -> str:
    """Run ``python ARGS`` from the repository root; return its output."""
    command = [sys.executable, *args]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    output = done.stdout + done.stderr
    if verbose:
        print(f"$ {' '.join(args)}\n{output}", file=sys.stderr)
    if done.returncode not in (0, 1):  # 1: a script's own target was missed; still a result
        raise BenchmarkError(f"{' '.join(args)} exited with {done.returncode}:\n{output[-2000:]}")
    return output


def find(pattern: str, output: str, script: str) -> re.Match[str]:
    match = re.search(pattern, output, re.MULTILINE)
    if match is None:
        raise BenchmarkError(f"{script}: no line matches {pattern!r}; its output was:\n{output[-2000:]}")
    return match


# -- one function per benchmark; each returns its rows ------------------------------------------


def checker(full: bool, verbose: bool) -> list[Row]:
    quick = [] if full else ["--sizes", "10k,100k", "--repeat", "3"]
    output = run(["benchmarks/bench_checker.py", *quick], verbose=verbose)
    sizes = re.findall(r"^\s*(\d+[kM]?)\s+[\d.]+ms\s+[\d.]+ms\s+([\d.]+)x", output, re.MULTILINE)
    worst = find(r"worst ratio ([\d.]+)x", output, "bench_checker.py").group(1)
    at_100k = dict(sizes).get("100k", "?")
    detail = ", ".join(f"{size} facts {ratio}x" for size, ratio in sizes)
    # The 0.6x target is stated at 100k facts; the script's own bound (1.5x) at every size.
    return [Row(ROWS[0], f"{at_100k}x", "<= 0.6x", f"{detail}; worst {worst}x (bound 1.5x at every size)")]


def plugin(full: bool, verbose: bool) -> list[Row]:
    args = ["benchmarks/bench_plugin.py"]
    if not full:
        args += ["--files", "20", "--tests", "20", "--repeat", "11"]
    output = run(args, verbose=verbose)
    on = find(r"^with pytest-compaction\s+([\d.]+)", output, "bench_plugin.py").group(1)
    off = find(r"^-p no:compaction\s+([\d.]+)", output, "bench_plugin.py").group(1)
    ratio, quartiles = find(
        r"^ratio with/without: ([\d.]+)x.*per-pair quartiles ([\d.]+x to [\d.]+x)", output, "bench_plugin.py"
    ).groups()
    cpu = find(r"^cpu ratio with/without: ([\d.]+)x", output, "bench_plugin.py").group(1)
    tests = find(r"collect-only, (\d+) plain tests", output, "bench_plugin.py").group(1)
    detail = (
        f"--collect-only of {tests} plain tests: {on} s vs {off} s (median of interleaved pairs; "
        f"per-pair quartiles {quartiles}); CPU time {cpu}x"
    )
    return [Row(ROWS[1], f"{ratio}x", "<= 1.03x", detail)]


def specs(full: bool, verbose: bool) -> list[Row]:
    args = (
        ["benchmarks/bench_specs.py"]
        if full
        else ["benchmarks/bench_specs.py", "--count", "200", "--repeat", "3"]
    )
    output = run(args, verbose=verbose)
    count = find(r"^(\d+) scenarios per side", output, "bench_specs.py").group(1)
    rows = []
    for name, side in ((ROWS[2], "compaction_contract.run"), (ROWS[3], "ledger \\+ compress")):
        match = find(
            rf"^specs / python, {side}.*: ([\d.]+)x \(collection alone ([\d.]+)x\)", output, "bench_specs.py"
        )
        rows.append(
            Row(
                name,
                f"{match.group(1)}x",
                "<= 1.3x" if name == ROWS[3] else "<= 1.5x",
                f"{count} scenarios, collect + run; collection alone {match.group(2)}x",
            )
        )
    return rows


def _median_seconds(args: Sequence[str], repeat: int, verbose: bool) -> tuple[float, str]:
    times: list[float] = []
    summary = ""
    for _ in range(repeat):
        started = time.perf_counter()
        output = run(args, verbose=verbose)
        times.append(time.perf_counter() - started)
        summary = find(r"(\d+ passed[^=\n]*?)(?: in [\d.]+s)", output, "pytest").group(1)
    return statistics.median(times), summary


def xdist(full: bool, verbose: bool) -> list[Row]:
    """Wall time of the library under ``-n 2`` and ``-n 0``, alternating, median of each."""
    repeat = 5 if full else 3
    base = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "--compaction-contract", "fixture_library"]
    rows = []
    for name, extra in ((ROWS[4], []), (ROWS[5], ["--compaction-mutants"])):
        run([*base, *extra, "-n", "0"], verbose=verbose)  # warm the bytecode cache
        serial, summary = _median_seconds([*base, *extra, "-n", "0"], repeat, verbose)
        parallel, _ = _median_seconds([*base, *extra, "-n", "2"], repeat, verbose)
        rows.append(
            Row(
                name,
                f"{parallel / serial:.2f}x",
                "informational",
                f"wall {parallel:.2f} s vs {serial:.2f} s ({summary}), median of {repeat}",
            )
        )
    return rows


FUZZ_INLINE = """
import time
from pytest_compaction.fuzzing import properties as fuzz
from pytest_compaction.compressors.base import ReferenceCompressor
settings = fuzz.FuzzSettings(max_examples={examples}, seed=0, database="none", timeout=None)
for name in fuzz.PROPERTIES:
    started = time.perf_counter()
    result = fuzz.run_property(name, ReferenceCompressor, settings)
    elapsed = time.perf_counter() - started
    print(f"{{name}}  {{result.examples}}  {{elapsed:.2f}}  {{result.examples / elapsed:.0f}}")
"""


def fuzzing(full: bool, verbose: bool) -> list[Row]:
    examples = 100 if full else 50
    if (HERE / "bench_fuzz.py").is_file():
        output = run(
            ["benchmarks/bench_fuzz.py", "--examples", str(examples), "--mutants", "none"], verbose=verbose
        )
        source = "bench_fuzz.py"
    else:
        output = run(["-c", FUZZ_INLINE.format(examples=examples)], verbose=verbose)
        source = "fuzz.run_property"
    rows = []
    for name, prop in zip(ROWS[6:9], ("contract", "relations", "repeated-compression"), strict=True):
        match = find(rf"^{prop}\s+(\d+)\s+([\d.]+)\s+(\d+)", output, source)
        count, seconds, rate = match.groups()
        target = ">= 200" if prop == "contract" else "informational"
        rows.append(Row(name, rate, target, f"{count} examples in {seconds} s, reference compressor"))
    return rows


def store(full: bool, verbose: bool) -> list[Row]:
    args = ["benchmarks/bench_store.py"] if full else ["benchmarks/bench_store.py", "--writes", "100"]
    output = run(args, verbose=verbose)
    match = find(
        r"throughput \(threads\): ([\d.]+)x; the unconditional store lost (\d+) updates",
        output,
        "bench_store.py",
    )
    writers = find(r"(\d+) writers x (\d+) attempts", output, "bench_store.py")
    kept = "FAILED" not in output
    threads, writes = writers.groups()
    detail = (
        f"{threads} threads x {writes} writes; unconditional lost {match.group(2)} updates, "
        f"conditional {'none' if kept else 'SOME (see --verbose)'}"
    )
    return [Row(ROWS[9], f"{match.group(1)}x", "0 lost updates", detail)]


def guard(full: bool, verbose: bool) -> list[Row]:
    args = ["benchmarks/bench_guard.py"] if full else ["benchmarks/bench_guard.py", "--rounds", "100"]
    output = run(args, verbose=verbose)
    facts = find(r"per call, (\d+) facts", output, "bench_guard.py").group(1)
    pattern = r"guarded call\s+[\d.]+ ms\s+\(overhead ([-\d.]+) ms\)"
    overhead = find(pattern, output, "bench_guard.py").group(1)
    narrow = find(r"share of a compress \+ check pass: ([-\d.]+%)", output, "bench_guard.py").group(1)
    engine = find(r"share of an engine pass: ([-\d.]+%)", output, "bench_guard.py").group(1)
    detail = f"{facts} facts: {overhead} ms per call; {narrow} of a bare compress + check"
    return [Row(ROWS[10], f"{engine} of an engine pass", "< 5% of a pass", detail)]


def prose(full: bool, verbose: bool) -> list[Row]:
    args = ["benchmarks/bench_prose.py", "--repeat", "20" if full else "5"]
    output = run(args, verbose=verbose)
    together = find(r"^\s*together\s+([\d.]+) ms", output, "bench_prose.py").group(1)
    fresh = find(r"^\s*new summary\s+([\d.]+) ms", output, "bench_prose.py").group(1)
    cold = find(r"^\s*cold\s+([\d.]+) ms", output, "bench_prose.py").group(1)
    detail = f"summary checked again; new summary (one sentence changed) {fresh} ms, cold {cold} ms"
    return [Row(ROWS[11], f"{together} ms", "< 10 ms", detail)]


def report(full: bool, verbose: bool) -> list[Row]:
    args = ["benchmarks/bench_report.py"] + ([] if full else ["--sizes", "2000,4000"])
    output = run(args, verbose=verbose)
    sizes = re.findall(r"^\s*(\d+)\s+([\d.]+)\s+([\d.]+)x\s+([\d.]+)x", output, re.MULTILINE)
    if not sizes:
        raise BenchmarkError(f"bench_report.py: no size rows; its output was:\n{output[-2000:]}")
    size, seconds, ratio, size_ratio = sizes[-1]
    detail = f"{size} facts in {seconds} s; {ratio}x the first size's time for {size_ratio}x the facts"
    return [Row(ROWS[12], f"{seconds} s", "< 5 s at 100k, linear", detail)]


BENCHMARKS: dict[str, Callable[[bool, bool], list[Row]]] = {
    "checker": checker,
    "plugin": plugin,
    "specs": specs,
    "xdist": xdist,
    "fuzz": fuzzing,
    "store": store,
    "guard": guard,
    "prose": prose,
    "report": report,
}


def render(rows: Sequence[Row]) -> str:
    header = ("measurement", "result", "target", "detail")
    cells = [header, *((r.name, r.result, r.target, r.detail) for r in rows)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |" for row in cells]
    lines.insert(1, "| " + " | ".join("-" * w for w in widths) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--full", action="store_true", help="run each script with its own (larger) defaults")
    parser.add_argument("--only", default="", help=f"comma-separated subset of: {', '.join(BENCHMARKS)}")
    parser.add_argument(
        "--row",
        action="append",
        default=[],
        choices=list(BENCHMARKS),
        help="run this benchmark on its own (may be repeated); ratios still come from one run",
    )
    parser.add_argument("--verbose", action="store_true", help="echo each benchmark's own output to stderr")
    args = parser.parse_args(argv)
    chosen = [name for name in args.only.split(",") if name] + args.row or list(BENCHMARKS)
    unknown = [name for name in chosen if name not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(BENCHMARKS)}")
    rows: list[Row] = []
    failures: list[str] = []
    started = time.perf_counter()
    for name in chosen:
        print(f"running {name} ...", file=sys.stderr, flush=True)
        try:
            rows += BENCHMARKS[name](args.full, args.verbose)
        except BenchmarkError as exc:
            failures.append(str(exc))
    cpus = os.cpu_count() or 1
    print(
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, {cpus} CPUs; "
        f"{'full' if args.full else 'quick'} run in {time.perf_counter() - started:.0f} s\n"
    )
    print(render(rows))
    for failure in failures:
        print(f"\nFAILED: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
