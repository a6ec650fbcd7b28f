"""Every prose verdict the checker gives, written out in full: a guard for speed work.

A change that only makes the prose checks faster must leave every verdict as it was, its
violation codes *and* their details. This writes one JSON document holding the full
verdict of:

- every triple of ``tests/prose_corpus/**`` and of the open held-out rounds in
  ``tests/prose_open/`` (the faithful and the drifted summary);
- every library scenario run against the verbatim prose compressor, against each prose
  drift mutant wrapping it and against the faithful-paraphrase control: every pass's
  verdict, every retrieval's and every use step's;
- the 5,000-character workload of ``bench_prose.py``, read cold and warm.

Record it before a change and compare after::

    python benchmarks/prose_verdicts.py --write /tmp/verdicts-before.json
    python benchmarks/prose_verdicts.py --compare /tmp/verdicts-before.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_prose import _clear_text_caches, _workload  # noqa: E402
from test_prose_corpus import CORPUS, load_cases  # noqa: E402

from pytest_compaction.compressors.verbatim import VerbatimCompressor  # noqa: E402
from pytest_compaction.core.errors import CompactionError  # noqa: E402
from pytest_compaction.core.violations import Verdict, Violation  # noqa: E402
from pytest_compaction.mutants import prose_drift  # noqa: E402
from pytest_compaction.mutants.catalog import PROSE_DRIFT_MUTANTS, _run, library_scenarios  # noqa: E402
from pytest_compaction.prose.facts import check_facts_in_prose  # noqa: E402
from pytest_compaction.prose.summary import check_prose  # noqa: E402


def _violation(v: Violation) -> dict[str, Any]:
    return {
        "name": v.name,
        "code": v.code.value,
        "fact_id": v.fact_id,
        "expected": repr(v.expected),
        "observed": repr(v.observed),
        "detail": v.detail,
    }


def _verdict(verdict: Verdict) -> list[dict[str, Any]]:
    return [_violation(v) for v in verdict.violations]


OPEN = ROOT / "tests" / "prose_open"


def corpus(folder: Path = CORPUS) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for case in load_cases(folder):
        try:
            out[case.id] = {
                "faithful": _verdict(case.check(case.faithful)),
                "drifted": _verdict(case.check(case.drifted)),
            }
        except CompactionError as exc:  # an open round's spec the checker refuses
            out[case.id] = {"error": str(exc)}
    return out


def library() -> dict[str, Any]:
    compressors: list[tuple[str, Any]] = [("verbatim", lambda seed: VerbatimCompressor())]
    for mutant in PROSE_DRIFT_MUTANTS:
        compressors.append((mutant.name, lambda seed, m=mutant: m.build(VerbatimCompressor(), seed=seed)))
    compressors.append(
        ("faithful_paraphrase", lambda seed: prose_drift.FaithfulParaphrase(VerbatimCompressor()))
    )
    out: dict[str, Any] = {}
    for scenario in library_scenarios():
        for label, make in compressors:
            key = f"{scenario.name} / {label}"
            options: dict[str, Any] = {
                "attempts": 1,
                "timeout": None,
                "extra_checks": (),
                "checks_for": None,
                "config": None,
                "store_factory": None,
            }
            try:
                run = _run(scenario, make(scenario.seed or 0), **options)
            except CompactionError as exc:
                out[key] = {"error": str(exc)}
                continue
            out[key] = {
                "passes": [_verdict(p.verdict) for p in run.passes],
                "retrievals": [_verdict(r.verdict) for r in run.retrievals],
                "uses": [_verdict(u.verdict) for u in run.uses],
            }
    return out


def _drifts(summary: str) -> dict[str, str]:
    """The workload's summary, faithful and drifted a few generic ways, and reordered."""
    lines = summary.splitlines()
    drifted = (
        summary.replace("severe ingredient3 allergy", "ingredient3 allergy")
        .replace("ingredient5 allergy", "no ingredient5 allergy")
        .replace("Never call svc-7 ", "Try not to call svc-7 ")
        .replace("svc-9 ", "svc-90 ")
        .replace("ingredient11 allergy", "ingredient11 preference")
    )
    return {
        "faithful": summary,
        "drifted": drifted,
        "rotated": "\n".join(lines[20:] + lines[:20]),
        "drifted rotated": "\n".join(drifted.splitlines()[7:] + drifted.splitlines()[:7]),
    }


def workload() -> dict[str, Any]:
    """The bench workload's summaries, each checked cold (every cache cleared) and then
    after the others (its sentences read for another summary): the verdicts must agree."""
    ledger, register, summary = _workload()
    variants = _drifts(summary)

    def verdict(text: str) -> list[dict[str, Any]]:
        return _verdict(check_facts_in_prose(ledger, text)) + _verdict(check_prose(register, text))

    out: dict[str, Any] = {}
    for name, text in variants.items():
        _clear_text_caches()
        out[f"{name} / cold"] = verdict(text)
    for name, text in variants.items():  # one after another: every cache warm from the others
        out[f"{name} / warm"] = verdict(text)
    stale = [name for name in variants if out[f"{name} / cold"] != out[f"{name} / warm"]]
    assert not stale, f"a warm check disagrees with a cold one: {stale}"
    return out


def collect() -> dict[str, Any]:
    return {
        "corpus": corpus(),
        "open rounds": corpus(OPEN),
        "library": library(),
        "workload": workload(),
    }


def _diff(before: Any, after: Any, path: str, out: list[str]) -> None:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(set(before) | set(after)):
            if key not in after or key not in before:
                out.append(f"{path}/{key}: only {'before' if key in before else 'after'}")
            else:
                _diff(before[key], after[key], f"{path}/{key}", out)
    elif before != after:
        out.append(f"{path}:\n  before {before!r}\n  after  {after!r}")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path, help="write every verdict to this JSON file")
    group.add_argument("--compare", type=Path, help="compare every verdict with this JSON file")
    args = parser.parse_args()
    import pytest_compaction

    print(f"package: {Path(pytest_compaction.__file__).parent}")
    now = collect()
    if args.write:
        args.write.write_text(json.dumps(now, indent=1, sort_keys=True), encoding="utf-8")
        count = sum(len(v) for v in now.values())
        print(f"{count} verdict groups written to {args.write}")
        return 0
    before = json.loads(args.compare.read_text(encoding="utf-8"))
    differences: list[str] = []
    _diff(before, json.loads(json.dumps(now)), "", differences)
    for line in differences:
        print(line)
    groups = sum(len(v) for v in now.values())
    print(f"{groups} verdict groups compared: {len(differences)} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
