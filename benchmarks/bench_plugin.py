"""Plugin start-up cost: ``pytest --collect-only`` with the plugin vs ``-p no:compaction``.

Builds a small project (plain tests, no contract tests) in a temporary directory and
times both configurations in one run, alternating them to share machine noise, then
prints the ratio of the medians. Target: <= 1.05x.

    python benchmarks/bench_plugin.py [--files 50] [--tests 20] [--repeat 9]
"""

from __future__ import annotations

import argparse
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


def time_once(root: Path, extra: list[str]) -> float:
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *extra]
    started = time.perf_counter()
    subprocess.run(command, cwd=root, check=True, capture_output=True)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--files", type=int, default=50)
    parser.add_argument("--tests", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        build_project(root, args.files, args.tests)
        with_plugin: list[float] = []
        without: list[float] = []
        time_once(root, [])  # warm the file-system and bytecode caches
        for _ in range(args.repeat):
            with_plugin.append(time_once(root, []))
            without.append(time_once(root, ["-p", "no:compaction"]))
    on, off = statistics.median(with_plugin), statistics.median(without)
    print(f"collect-only, {args.files * args.tests} plain tests, median of {args.repeat}")
    print(f"{'configuration':<28}{'seconds':>10}")
    print(f"{'with pytest-compaction':<28}{on:>10.3f}")
    print(f"{'-p no:compaction':<28}{off:>10.3f}")
    print(f"ratio with/without: {on / off:.3f}x (target <= 1.05x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
