"""How fast is ``pytest_compaction.check`` next to the simplest loop that could do its job?

The baseline is the seed's reference validator: this script came with the first commits
(3b73988, "check() against a plain dict-compare loop") and its baseline has not changed
since, so it is the seed-style reference validator the targets name. It is a plain loop
that looks every emitted fact up by id in a dict of expected facts and compares the two
dicts with ``==``: no types, no lifecycle, no reporting. Both sides get the same facts,
built independently (equal values, not the same objects), and both are timed on a
*passing* artifact, which is what CI sees almost every time.

Neither side's preparation is timed: the baseline's dict of expected facts is built
beforehand, and so are the checker's indexes, which are not caches: the ledger keeps the
contract key of each active fact as facts are added and change, and an artifact indexes
its facts' keys when it is made (``docs/performance.md`` gives what that adds to building
them). Each repeat of the checker gets a fresh copy of the ledger, so no result of an
earlier ``check()`` (the required-facts tuple) is reused.

    python benchmarks/bench_checker.py                  # 10k, 100k and 1M facts
    python benchmarks/bench_checker.py --sizes 1k,20k --repeat 3
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from pytest_compaction import Artifact, Fact, Ledger, check

TENANT = "tenant-bench"
SUBJECT = "subject-bench"
DEFAULT_SIZES = "10k,100k,1M"


def parse_size(text: str) -> int:
    text = text.strip().lower().replace("_", "")
    scale = {"k": 1_000, "m": 1_000_000}.get(text[-1:], 1)
    digits = text[:-1] if scale != 1 else text
    if not digits.isdigit() or int(digits) <= 0:
        raise argparse.ArgumentTypeError(f"a size is a positive count such as 5000, 10k or 1M, got {text!r}")
    return int(digits) * scale


def parse_sizes(text: str) -> list[int]:
    return [parse_size(part) for part in text.split(",") if part.strip()]


def fact_dict(index: int) -> dict[str, Any]:
    """One fact as plain data. Called twice per index so the two sides share no objects."""
    kind = index % 5
    value: Any
    if kind == 0:
        value = index % 2 == 0
    elif kind == 1:
        value = index * 7
    elif kind == 2:
        value = f"value {index}"
    elif kind == 3:
        value = index / 4 + 0.5
    else:
        value = [f"item-{index}", index]
    out: dict[str, Any] = {
        "fact_id": f"fact-{index}",
        "tenant_id": TENANT,
        "subject_id": SUBJECT,
        "predicate": f"predicate.{index % 97}",
        "value": value,
        "qualifiers": {"basis": "statement", "scope": f"scope-{index % 13}"} if index % 3 == 0 else {},
        "source_event_ids": [f"event-{index}"] + ([f"event-{index + 1}"] if index % 4 == 0 else []),
    }
    return out


def build(size: int) -> tuple[Ledger, Artifact, dict[str, dict[str, Any]], list[dict[str, Any]]]:
    ledger = Ledger.from_facts(Fact.from_dict(fact_dict(i)) for i in range(size))
    artifact = Artifact.from_dict(
        {
            "memory_version": 1,
            "tenant_id": TENANT,
            "subject_id": SUBJECT,
            "facts": [fact_dict(i) for i in range(size)],
        }
    )
    baseline_expected = {d["fact_id"]: d for d in (fact_dict(i) for i in range(size))}
    baseline_artifact = [fact_dict(i) for i in range(size)]
    return ledger, artifact, baseline_expected, baseline_artifact


def baseline(expected: dict[str, dict[str, Any]], emitted: list[dict[str, Any]]) -> int:
    """The minimal job: every emitted fact known and equal, every expected fact emitted."""
    bad = 0
    kept = 0
    for fact in emitted:
        want = expected.get(fact["fact_id"])
        if want is None or want != fact:
            bad += 1
        else:
            kept += 1
    return bad + len(expected) - kept


def timed(run: Callable[[Any], object], arg: Any) -> float:
    """CPU seconds of one run: on a shared machine, time spent descheduled is not the code's."""
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        run(arg)
        return time.process_time() - start
    finally:
        gc.enable()


def best_of_interleaved(
    repeat: int,
    checker: tuple[Callable[[], Any], Callable[[Any], object]],
    base: tuple[Callable[[], Any], Callable[[Any], object]],
) -> tuple[float, float]:
    """Best time of each side, the two runs alternating so both see the same machine load."""
    best_checker = best_base = float("inf")
    for _ in range(repeat):
        best_checker = min(best_checker, timed(checker[1], checker[0]()))
        best_base = min(best_base, timed(base[1], base[0]()))
    return best_checker, best_base


def human(size: int) -> str:
    if size >= 1_000_000 and size % 1_000_000 == 0:
        return f"{size // 1_000_000}M"
    if size >= 1_000 and size % 1_000 == 0:
        return f"{size // 1_000}k"
    return str(size)


def measure(size: int, repeat: int) -> tuple[float, float]:
    ledger, artifact, expected, emitted = build(size)
    # Sanity: both sides must agree that this artifact passes, or the timing means nothing.
    verdict = check(ledger, artifact)
    if not verdict.ok:
        raise SystemExit(f"benchmark bug: the generated artifact fails: {verdict.names[:5]}")
    if baseline(expected, emitted):
        raise SystemExit("benchmark bug: the baseline rejects the generated artifact")
    # Small sizes run in microseconds, where one scheduler hiccup is a large share: repeat more.
    repeat = max(repeat, min(50, 500_000 // size))
    return best_of_interleaved(
        repeat,
        (ledger.copy, lambda fresh: check(fresh, artifact)),
        (lambda: None, lambda _: baseline(expected, emitted)),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--sizes",
        type=parse_sizes,
        default=parse_sizes(DEFAULT_SIZES),
        help=f"comma-separated fact counts (default {DEFAULT_SIZES})",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=5,
        help="timed runs per size, at least (small sizes run more); the best is kept",
    )
    parser.add_argument("--target", type=float, default=1.5, help="the ratio the checker must stay under")
    args = parser.parse_args(argv)

    print(
        f"Python {sys.version.split()[0]}, best CPU time of at least {args.repeat} interleaved runs, "
        "passing artifact"
    )
    columns = [
        ("facts", 7),
        ("check()", 10),
        ("baseline", 10),
        ("ratio", 6),
        ("check/fact", 11),
        ("base/fact", 10),
    ]
    header = "  ".join(f"{name:>{width}}" for name, width in columns)
    print(header)
    print("-" * len(header))
    worst = 0.0
    for size in args.sizes:
        checker_s, baseline_s = measure(size, args.repeat)
        ratio = checker_s / baseline_s
        worst = max(worst, ratio)
        print(
            f"{human(size):>7}  {checker_s * 1e3:>8.1f}ms  {baseline_s * 1e3:>8.1f}ms  {ratio:>5.2f}x"
            f"  {checker_s / size * 1e9:>9.0f}ns  {baseline_s / size * 1e9:>8.0f}ns",
            flush=True,
        )
    verdict = "within" if worst <= args.target else "ABOVE"
    print(f"worst ratio {worst:.2f}x: {verdict} the {args.target}x target")
    return 0 if worst <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
