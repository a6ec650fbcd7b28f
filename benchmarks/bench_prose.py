"""Facts in prose: what the checker catches on the paired corpus, and how fast it reads.

Two numbers a user of a prose compressor cares about:

1. per class of drift, on ``tests/prose_corpus/`` (source / faithful / drifted triples):
   drifted summaries caught by the expected violation name, faithful summaries
   falsely alarmed; the held-out part (``heldout/``, written after the rules) is
   reported on its own line;
2. the time to check a 5,000-character summary against 50 facts and 50 pinned rules
   (``check_facts_in_prose`` plus ``check_prose``), next to a plain substring search
   for the same fact words as the floor: *warm* (the summary checked again, as the
   mutation run, attempts and variants do), *new summary* (one sentence changed: the
   next pass of a rolling summary, whose other sentences were read before) and *cold*
   (every cache keyed by text cleared, as on the first check of a session; the caches of
   the pins' own words and compiled patterns stay warm).

    python benchmarks/bench_prose.py
    python benchmarks/bench_prose.py --repeat 50
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_prose_corpus import CORPUS, Case, load_cases  # noqa: E402

from pytest_compaction.core.ledger import Ledger  # noqa: E402
from pytest_compaction.prose.facts import check_facts_in_prose  # noqa: E402
from pytest_compaction.prose.invariants import InvariantRegister  # noqa: E402
from pytest_compaction.prose.summary import check_prose  # noqa: E402


def corpus_table(cases: list[Case], title: str) -> None:
    total, caught, alarms = Counter(), Counter(), Counter()
    for case in cases:
        total[case.klass] += 1
        if case.check(case.faithful).violations:
            alarms[case.klass] += 1
        if case.expect in {v.code.value for v in case.check(case.drifted).violations}:
            caught[case.klass] += 1
    print(f"\n{title}")
    print(f"{'class':<13} {'triples':>7} {'caught':>8} {'false alarms':>13}")
    for klass in sorted(total):
        print(f"{klass:<13} {total[klass]:>7} {caught[klass]:>8} {alarms[klass]:>13}")
    n = sum(total.values())
    print(f"{'all':<13} {n:>7} {sum(caught.values()):>8} {sum(alarms.values()):>13}")


def _workload() -> tuple[Ledger, InvariantRegister, str]:
    ledger = Ledger(tenant_id="t", subject_id="s")
    register = InvariantRegister()
    lines = []
    for i in range(50):
        text = f"Client {i}: severe ingredient{i} allergy."
        ledger.event(f"e{i}", text)
        ledger.fact(
            f"f{i}",
            f"food.ingredient{i}_allowed",
            False,
            sources=[f"e{i}"],
            qualifiers={"severity": "severe"},
            prose={"names": [f"ingredient{i}"], "value": ["allergy"], "qualifiers": {"severity": ["severe"]}},
        )
        rule = f"Never call svc-{i} with dry_run=false."
        register.pin(f"inv-{i}", rule, markers=[f"svc-{i}", "dry_run=false"], modality="prohibition")
        lines.append(text)
        lines.append(rule)
    summary = "\n".join(lines)
    while len(summary) < 5000:
        summary += "\nThe team met on Tuesday and talked about the roadmap for the next quarter."
    return ledger, register, summary[:5000]


_WARM_CACHES = frozenset({"marker_pattern", "_shape", "stem", "phrase"})
"""Caches keyed by a pin's or fact's own words: warm after the first check of a session."""


def _clear_text_caches() -> None:
    """Clear every cache of every module of ``pytest_compaction.prose`` but ``_WARM_CACHES``:
    sentence readings, resolved fact forms, modal readings, the summary's sentence index."""
    import importlib
    import pkgutil

    import pytest_compaction.prose as prose

    for info in pkgutil.iter_modules(prose.__path__):
        module = importlib.import_module(f"{prose.__name__}.{info.name}")
        for name, value in vars(module).items():
            if callable(getattr(value, "cache_clear", None)) and name not in _WARM_CACHES:
                value.cache_clear()
    from pytest_compaction.prose import _text

    vars(_text).get("_last_index", []).clear()  # the summary's sentence index


def _timed(fn: object, *args: object) -> float:
    start = time.perf_counter()
    fn(*args)  # type: ignore[operator]
    return time.perf_counter() - start


def timing(repeat: int) -> None:
    ledger, register, summary = _workload()
    facts = [f"ingredient{i}" for i in range(50)]
    check_facts_in_prose(ledger, summary)  # warm the caches a long-running session has warm
    check_prose(register, summary)
    fresh: list[float] = []
    cold: list[float] = []
    for n in range(repeat):
        # the next pass of a rolling summary: one sentence new, the rest read before
        changed = summary[:-40] + f" The team meets again in week {n}."
        fresh.append(_timed(check_facts_in_prose, ledger, changed) + _timed(check_prose, register, changed))
        _clear_text_caches()
        cold.append(_timed(check_facts_in_prose, ledger, summary) + _timed(check_prose, register, summary))
    runs, floor, rules = [], [], []
    for _ in range(repeat):
        start = time.perf_counter()
        verdict = check_facts_in_prose(ledger, summary)
        runs.append(time.perf_counter() - start)
        start = time.perf_counter()
        check_prose(register, summary)
        rules.append(time.perf_counter() - start)
        start = time.perf_counter()
        lowered = summary.lower()
        _ = [word in lowered for word in facts]
        floor.append(time.perf_counter() - start)
    assert not verdict.violations, verdict.names
    facts_ms = statistics.median(runs) * 1000
    rules_ms = statistics.median(rules) * 1000
    floor_ms = statistics.median(floor) * 1000
    print(f"\n{len(summary)}-character summary, 50 facts + 50 pinned rules (median of {repeat}):")
    print(f"  facts in prose     {facts_ms:8.2f} ms")
    print(f"  pinned rules       {rules_ms:8.2f} ms")
    print(f"  together           {facts_ms + rules_ms:8.2f} ms   (goal: < 10 ms)")
    print(f"  new summary        {statistics.median(fresh) * 1000:8.2f} ms   (one sentence changed)")
    print(f"  cold               {statistics.median(cold) * 1000:8.2f} ms   (text caches cleared)")
    print(f"  substring floor    {floor_ms:8.3f} ms   (ratio {facts_ms / max(floor_ms, 1e-9):.0f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    every = load_cases(CORPUS)
    heldout = [c for c in every if c.id.startswith("h-")]
    round2 = [c for c in every if c.id.startswith("h2-")]
    development = [c for c in every if not c.id.startswith(("h-", "h2-"))]
    corpus_table(development, "development corpus (rules tuned on it)")
    corpus_table(heldout, "held-out corpus (written after the rules; first run: 26 clean, 1 false alarm)")
    corpus_table(
        round2,
        "held-out round 2 (frozen before session 3's fixes; first run: 14 of 19 clean, 2 false alarms)",
    )
    timing(args.repeat)


if __name__ == "__main__":
    main()
