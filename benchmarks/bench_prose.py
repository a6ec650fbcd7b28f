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
   (every cache of the prose modules cleared, as on the first check of a session; the
   caches of the pins' own words and compiled patterns stay warm). Each is printed as a
   multiple of the floor measured in the same rounds, which a busy machine slows alike.

With ``--against`` a checkout of another version (the baseline) is timed too, each in a
fresh interpreter, alternating, and every figure is printed as this / baseline::

    python benchmarks/bench_prose.py
    python benchmarks/bench_prose.py --repeat 50
    git worktree add /tmp/prose-base main
    python benchmarks/bench_prose.py --against /tmp/prose-base --rounds 5 --repeat 15
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
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
    return (time.perf_counter() - start) * 1000


FIGURES = {
    "facts": "facts in prose",
    "rules": "pinned rules",
    "warm": "together",
    "new": "new summary",
    "cold": "cold",
    "floor": "substring floor",
}
NOTES = {
    "warm": "the same summary checked again (goal: < 10 ms)",
    "new": "the next pass of a rolling summary: one sentence changed (goal: < 10 ms)",
    "cold": "every prose cache cleared but the pins' own words",
    "floor": "a plain substring search for the 50 fact words",
}


def timing(repeat: int) -> dict[str, float]:
    """The median, in milliseconds, of each figure over ``repeat`` rounds.

    Each round measures every figure once, one after another, so a busy machine slows
    them all alike.
    """
    ledger, register, summary = _workload()
    words = [f"ingredient{i}" for i in range(50)]
    check_facts_in_prose(ledger, summary)  # warm the caches a long-running session has warm
    check_prose(register, summary)
    samples: dict[str, list[float]] = {key: [] for key in FIGURES}
    for n in range(repeat):
        # the next pass of a rolling summary: one sentence new, the rest read before
        changed = summary[:-40] + f" The team meets again in week {n}."
        samples["new"].append(
            _timed(check_facts_in_prose, ledger, changed) + _timed(check_prose, register, changed)
        )
        facts = _timed(check_facts_in_prose, ledger, summary)
        rules = _timed(check_prose, register, summary)
        samples["facts"].append(facts)
        samples["rules"].append(rules)
        samples["warm"].append(facts + rules)
        start = time.perf_counter()
        lowered = summary.lower()
        _ = [word in lowered for word in words]
        samples["floor"].append((time.perf_counter() - start) * 1000)
        _clear_text_caches()
        samples["cold"].append(
            _timed(check_facts_in_prose, ledger, summary) + _timed(check_prose, register, summary)
        )
    verdict = check_facts_in_prose(ledger, summary)
    assert not verdict.violations, verdict.names
    figures = {key: statistics.median(values) for key, values in samples.items()}
    # The fastest round too: on a shared machine a round the scheduler preempted is slower
    # by a whole time slice, whatever the code does.
    figures.update({f"{key} min": min(values) for key, values in samples.items()})
    return figures


def print_timing(figures: dict[str, float], repeat: int) -> None:
    print(f"\n5000-character summary, 50 facts + 50 pinned rules (median of {repeat}, and fastest):")
    floor = max(figures["floor"], 1e-9)
    for key, label in FIGURES.items():
        ratio = "" if key == "floor" else f"{figures[key] / floor:6.0f}x floor"
        fastest = f"({figures[key + ' min']:.3f})"
        print(f"  {label:<16} {figures[key]:8.3f} ms {fastest:>9} {ratio:>13}   {NOTES.get(key, '')}")


def _timing_in(tree: Path, repeat: int) -> dict[str, float]:
    """:func:`timing` run in a fresh interpreter on the package of ``tree`` (a checkout)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, __file__, "--timing-json", "--repeat", str(repeat)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    figures: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return figures


def compare(against: Path, rounds: int, repeat: int) -> None:
    """This tree's figures against another checkout's (the same-run baseline), run in
    alternation ``rounds`` times: medians over the rounds, and this / baseline per round."""
    here, there, ratios = [], [], []
    for _ in range(rounds):
        base = _timing_in(against, repeat)
        now = _timing_in(ROOT, repeat)
        there.append(base)
        here.append(now)
        ratios.append({key: now[key] / max(base[key], 1e-9) for key in FIGURES})
    print(f"\n5000-character summary, 50 facts + 50 pinned rules: {rounds} alternating rounds of {repeat}")
    print(f"  baseline: {against}\n  this:     {ROOT}")
    print("  medians over the rounds of each round's median (and of its fastest run), in ms")
    print(f"  {'figure':<16} {'baseline':>16} {'this':>16} {'this/baseline':>14}")
    for key, label in FIGURES.items():
        b, h = (statistics.median(r[key] for r in runs) for runs in (there, here))
        bmin, hmin = (statistics.median(r[f"{key} min"] for r in runs) for runs in (there, here))
        q = statistics.median(r[key] for r in ratios)
        print(f"  {label:<16} {b:7.2f} ({bmin:6.2f}) {h:7.2f} ({hmin:6.2f}) {q:14.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument(
        "--against",
        type=Path,
        help="a checkout of another version (e.g. `git worktree add /tmp/base main`): time both, alternating",
    )
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds with --against")
    parser.add_argument("--timing-json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.timing_json:
        print(json.dumps(timing(args.repeat)))
        return
    if args.against is not None:
        compare(args.against.resolve(), args.rounds, args.repeat)
        return
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
    print_timing(timing(args.repeat), args.repeat)


if __name__ == "__main__":
    main()
