"""YAML fixture specs vs hand-written parametrized tests: 1,000 scenarios each, same checker.

Builds two projects in a temporary directory:

* ``specs/``: 1,000 generated ``*.compaction.yaml`` scenario specs;
* ``python/``: one test module parametrized over the same 1,000 scenarios, written the
  way a user would: record events and facts on ``fact_ledger``, compress with
  ``compressor_under_test``, check with ``compaction_contract.assert_preserved``.

Both run in a subprocess with ``pytest --compaction-contract`` against the reference
compressor, alternating to share machine noise, after one warm-up run each (bytecode
is cached under a temporary ``PYTHONPYCACHEPREFIX``, so the repository is not written
to). It prints the median wall time of collection alone and of collection plus run,
and the ratio specs/python. Target: <= 1.5x. The spec loader uses libyaml's C parser
when PyYAML has it.

    python benchmarks/bench_specs.py [--count 1000] [--repeat 5] [--keep]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ARGS = ("-q", "-p", "no:cacheprovider", "--compaction-contract")


def scenario(index: int) -> dict[str, Any]:
    """Scenario ``index``: an allergy with qualifiers, chatter, a limit; every 4th one updates the limit."""
    events: list[dict[str, Any]] = [
        {
            "id": "e1",
            "text": f"Subject {index} is allergic to peanuts, not merely avoiding them.",
            "facts": [
                {
                    "id": f"fact-allergy-{index}",
                    "predicate": "food.peanuts_allowed",
                    "value": False,
                    "qualifiers": {"basis": "allergy", "severity": "critical"},
                }
            ],
        },
        {"id": "e2", "text": "Lovely weather today; see you at the station."},
        {
            "id": "e3",
            "text": f"Refunds up to ${index % 90 + 10} after supervisor review.",
            "facts": [
                {
                    "id": f"fact-refund-{index}",
                    "predicate": "refund.limit_usd",
                    "value": index % 90 + 10,
                    "qualifiers": {"requires": "supervisor_review"},
                }
            ],
        },
    ]
    if index % 4 == 0:
        events.append(
            {
                "id": "e4",
                "text": "The refund limit is now $100 after supervisor review.",
                "facts": [
                    {
                        "id": f"fact-refund-{index}-b",
                        "predicate": "refund.limit_usd",
                        "value": 100,
                        "qualifiers": {"requires": "supervisor_review"},
                        "supersedes": f"fact-refund-{index}",
                    }
                ],
            }
        )
    return {"tenant": "tenant-bench", "subject": f"subject-{index}", "events": events}


def spec_text(data: dict[str, Any]) -> str:
    """The spec as a person writes it: block style, one fact per mapping."""
    lines = [f"tenant: {data['tenant']}", f"subject: {data['subject']}", "events:"]
    for event in data["events"]:
        lines += [f"  - id: {event['id']}", f"    text: {event['text']!r}"]
        if event.get("facts"):
            lines.append("    facts:")
        for fact in event.get("facts", ()):
            lines += [
                f"      - id: {fact['id']}",
                f"        predicate: {fact['predicate']}",
                f"        value: {str(fact['value']).lower()}",
                f"        qualifiers: {{{', '.join(f'{k}: {v}' for k, v in fact['qualifiers'].items())}}}",
            ]
            if "supersedes" in fact:
                lines.append(f"        supersedes: {fact['supersedes']}")
    return "\n".join(lines) + "\n"


PYTHON_RUN = '''\
"""The same scenarios as the generated specs, as a parametrized test through the same runner."""

import pytest

from pytest_compaction.core.scenario import Scenario

CASES = {cases!r}


@pytest.mark.parametrize("case", CASES, ids=[case["subject"] for case in CASES])
def test_scenario(case, compressor_under_test, compaction_contract):
    compaction_contract.run(Scenario.from_dict(case, name=case["subject"]))
'''

PYTHON_FIXTURES = '''\
"""The same scenarios, written with the ledger fixtures: compress once, check the artifact."""

import pytest

from pytest_compaction import Ledger

CASES = {cases!r}


@pytest.mark.parametrize("case", CASES, ids=[case["subject"] for case in CASES])
def test_scenario(case, compressor_under_test, compaction_contract):
    ledger = Ledger(tenant_id=case["tenant"], subject_id=case["subject"])
    for event in case["events"]:
        ledger.event(event["id"], event["text"])
        for fact in event.get("facts", ()):
            ledger.fact(
                fact["id"],
                fact["predicate"],
                fact["value"],
                sources=[event["id"]],
                qualifiers=fact["qualifiers"],
            )
            if "supersedes" in fact:
                ledger.supersede(fact["supersedes"], fact["id"])
    artifact = compressor_under_test.compress(ledger)
    compaction_contract.assert_preserved(ledger, artifact)
'''

SIDES = {
    "specs": "YAML specs",
    "python-run": "python, compaction_contract.run(scenario)",
    "python-fixtures": "python, ledger + compress + assert_preserved",
}


def build(root: Path, count: int) -> None:
    cases = [scenario(index) for index in range(count)]
    specs = root / "specs"
    specs.mkdir()
    for index, case in enumerate(cases):
        (specs / f"scenario-{index:04d}.compaction.yaml").write_text(spec_text(case), encoding="utf-8")
    for side, template in (("python-run", PYTHON_RUN), ("python-fixtures", PYTHON_FIXTURES)):
        (root / side).mkdir()
        (root / side / "test_scenarios.py").write_text(template.format(cases=cases), encoding="utf-8")
    for side in SIDES:
        (root / side / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")


def time_once(folder: Path, env: dict[str, str], *extra: str) -> tuple[float, str]:
    command = [sys.executable, "-m", "pytest", *ARGS, *extra]
    started = time.perf_counter()
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(
            f"pytest failed in {folder} ({done.returncode}):\n{done.stdout[-3000:]}{done.stderr}"
        )
    return elapsed, done.stdout.strip().splitlines()[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--count", type=int, default=1000, help="scenarios on each side (default 1000)")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each configuration (default 5)")
    parser.add_argument("--keep", action="store_true", help="keep and print the temporary directory")
    args = parser.parse_args(argv)
    import yaml

    tmp = tempfile.mkdtemp(prefix="bench-specs-")
    root = Path(tmp)
    build(root, args.count)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(root / "pycache")
    results: dict[tuple[str, str], list[float]] = {}
    summaries: dict[str, str] = {}
    for side in SIDES:  # warm-up: bytecode and file-system caches
        time_once(root / side, env)
    for _ in range(args.repeat):
        for side in SIDES:
            for phase, extra in (("collect", ("--collect-only",)), ("collect+run", ())):
                elapsed, summary = time_once(root / side, env, *extra)
                results.setdefault((side, phase), []).append(elapsed)
                if phase == "collect+run":
                    summaries[side] = summary
    libyaml = "yes" if getattr(yaml, "__with_libyaml__", False) else "no"
    print(f"{args.count} scenarios per side, median of {args.repeat} runs (libyaml C parser: {libyaml})")
    print(f"{'side':<48}{'collect':>10}{'collect+run':>14}{'tests':>22}")
    medians = {key: statistics.median(values) for key, values in results.items()}
    for side, label in SIDES.items():
        print(
            f"{label:<48}{medians[(side, 'collect')]:>9.2f}s{medians[(side, 'collect+run')]:>13.2f}s"
            f"{summaries[side]:>22}"
        )
    for other in ("python-run", "python-fixtures"):
        ratio = medians[("specs", "collect+run")] / medians[(other, "collect+run")]
        collect = medians[("specs", "collect")] / medians[(other, "collect")]
        print(f"specs / {SIDES[other]}: {ratio:.2f}x (collection alone {collect:.2f}x)")
    print("target: specs / the equivalent python (same runner) <= 1.5x")
    if args.keep:
        print(f"kept {root}")
    else:
        import shutil

        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
