"""Plugin start-up cost: ``pytest --collect-only`` with the plugin vs ``-p no:compaction``.

Builds a small project (plain tests, no contract tests) in a temporary directory and
times both configurations in one run, interleaved (with, without, without, with, ...: the
order flips every pair, so neither side always runs first), then prints the median of
each side, their ratio, and the spread of the per-pair ratios (quartiles), which says
whether the ratio is signal or load. Target: <= 1.03x.

    python benchmarks/bench_plugin.py [--files 50] [--tests 20] [--repeat 21]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def build_project(root: Path, files: int, tests: int) -> None:
    for index in range(files):
        body = "\n".join(f"def test_{index}_{n}():\n    assert {n} == {n}\n" for n in range(tests))
        (root / f"test_plain_{index}.py").write_text(body)
    (root / "pytest.ini").write_text("[pytest]\n")


def time_once(root: Path, extra: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one ``pytest --collect-only``."""
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *extra]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=root, check=True, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def spread(ons: list[float], offs: list[float]) -> str:
    """The quartiles and range of the per-pair ratios."""
    pairs = sorted(a / b for a, b in zip(ons, offs, strict=True))
    low, _, high = statistics.quantiles(pairs, n=4) if len(pairs) > 1 else (pairs[0],) * 3
    return f"quartiles {low:.3f}x to {high:.3f}x, range {pairs[0]:.3f}x to {pairs[-1]:.3f}x"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--files", type=int, default=50)
    parser.add_argument("--tests", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=21, help="start-ups of each side")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        build_project(root, args.files, args.tests)
        with_plugin: list[tuple[float, float]] = []
        without: list[tuple[float, float]] = []
        time_once(root, [])  # warm the file-system and bytecode caches
        time_once(root, ["-p", "no:compaction"])
        for index in range(args.repeat):
            if index % 2:
                without.append(time_once(root, ["-p", "no:compaction"]))
                with_plugin.append(time_once(root, []))
            else:
                with_plugin.append(time_once(root, []))
                without.append(time_once(root, ["-p", "no:compaction"]))
    on_wall, off_wall = [w for w, _ in with_plugin], [w for w, _ in without]
    on_cpu, off_cpu = [c for _, c in with_plugin], [c for _, c in without]
    on, off = statistics.median(on_wall), statistics.median(off_wall)
    cpu_on, cpu_off = statistics.median(on_cpu), statistics.median(off_cpu)
    print(f"collect-only, {args.files * args.tests} plain tests, median of {args.repeat} interleaved pairs")
    print(f"{'configuration':<28}{'seconds':>10}{'cpu seconds':>14}")
    print(f"{'with pytest-compaction':<28}{on:>10.3f}{cpu_on:>14.3f}")
    print(f"{'-p no:compaction':<28}{off:>10.3f}{cpu_off:>14.3f}")
    print(f"ratio with/without: {on / off:.3f}x (target <= 1.03x); per-pair {spread(on_wall, off_wall)}")
    print(f"cpu ratio with/without: {cpu_on / cpu_off:.3f}x; per-pair {spread(on_cpu, off_cpu)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
