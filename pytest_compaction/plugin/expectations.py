"""``--compaction-update`` and ``--compaction-baseline``: what a failing contract test becomes.

Update (syrupy's ``--snapshot-update`` is the model): a spec whose recorded expectation
(``expect: violations:``) no longer matches what it shows has the list rewritten in
place, and the test passes; the summary lists every change.

Baseline (mypy and ruff users' ratchet): a JSON file maps each test to the violations
accepted today. Accepted violations do not fail; new ones do; an accepted violation that
no longer occurs fails the run until it is removed from the file, so the baseline only
ever shrinks. ``--compaction-write-baseline`` writes the file from the current run.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_compaction.core.errors import ConfigError
from pytest_compaction.plugin.report import PROPERTY_ACCEPTED, PROPERTY_UPDATED

if TYPE_CHECKING:
    import pytest

    from pytest_compaction.engine.contract import ContractFailure
    from pytest_compaction.plugin.report import ContractRecord
    from pytest_compaction.plugin.settings import Settings

__all__ = [
    "BASELINE_VERSION",
    "baseline_notes",
    "write_baseline",
    "Baseline",
    "handle_failure",
    "load_baseline",
]

BASELINE_VERSION = 1

_MISMATCH = re.compile(r"^(?:expected (?P<missing>.+), not found|found (?P<extra>.+), not expected)$")


@dataclass(frozen=True, slots=True)
class Baseline:
    """Accepted violation names per node id."""

    path: str
    accepted: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def for_test(self, nodeid: str) -> tuple[str, ...]:
        return self.accepted.get(nodeid, ())

    def stale(self, records: Iterable[ContractRecord]) -> list[tuple[str, str]]:
        """(node id, name) of accepted violations that tests which ran no longer show."""
        out: list[tuple[str, str]] = []
        for record in records:
            if record.outcome == "skipped":
                continue
            shown = set(record.violations)
            out.extend((record.nodeid, name) for name in self.for_test(record.nodeid) if name not in shown)
        return out

    def written(self, records: Iterable[ContractRecord]) -> dict[str, Any]:
        """The baseline accepting what ``records`` show; tests that did not run keep their entry."""
        accepted = dict(self.accepted)
        for record in records:
            if record.outcome == "skipped":
                continue
            if record.violations:
                accepted[record.nodeid] = tuple(sorted(set(record.violations)))
            else:
                accepted.pop(record.nodeid, None)
        return {
            "version": BASELINE_VERSION,
            "accepted": {nodeid: list(names) for nodeid, names in sorted(accepted.items())},
        }


def load_baseline(path: str, *, must_exist: bool) -> Baseline:
    """Read a baseline file; a missing file is empty when it is about to be written."""
    target = Path(path)
    if not target.exists():
        if must_exist:
            raise ConfigError(
                f"--compaction-baseline: no file {path!r}; create it with --compaction-write-baseline"
            )
        return Baseline(path)
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ConfigError(f"--compaction-baseline: cannot read {path!r} as JSON ({exc})") from None
    accepted = data.get("accepted") if isinstance(data, dict) else None
    if data.get("version") != BASELINE_VERSION if isinstance(data, dict) else True:
        raise ConfigError(
            f"--compaction-baseline: {path!r} is not a version {BASELINE_VERSION} baseline "
            f'(expected {{"version": {BASELINE_VERSION}, "accepted": {{...}}}}); rewrite it with '
            "--compaction-write-baseline"
        )
    if not isinstance(accepted, dict) or not all(
        isinstance(k, str) and isinstance(v, list) and all(isinstance(n, str) for n in v)
        for k, v in accepted.items()
    ):
        raise ConfigError(
            f"--compaction-baseline: {path!r}: 'accepted' must map test ids to lists of violation "
            "names; rewrite it with --compaction-write-baseline"
        )
    return Baseline(path, {k: tuple(v) for k, v in accepted.items()})


def baseline_notes(baseline: Baseline, report: Any, *, write: bool) -> tuple[list[str], bool]:
    """The summary lines about the baseline, and whether stale entries fail the run."""
    from pytest_compaction.reporting.escape import one_line

    records = list(report.records.values())
    if write:
        path, violations, tests = write_baseline(baseline, records)
        counted = f"{violations} accepted violation{'' if violations == 1 else 's'}"
        return [f"baseline written to {path}: {counted} in {tests} test{'' if tests == 1 else 's'}"], False
    stale = baseline.stale(records)
    if not stale:
        return [], False
    lines = [
        f"baseline: {len(stale)} accepted violation{'' if len(stale) == 1 else 's'} no longer "
        f"occur{'s' if len(stale) == 1 else ''}; remove {'it' if len(stale) == 1 else 'them'} from "
        f"{baseline.path} (rerun with --compaction-write-baseline) so they cannot come back unnoticed:"
    ]
    lines.extend(f"  {one_line(nodeid)}: {one_line(name)}" for nodeid, name in stale)
    return lines, True


def write_baseline(baseline: Baseline, records: Iterable[ContractRecord]) -> tuple[Path, int, int]:
    """Write the baseline for ``records``; (path, violations, tests) accepted."""
    data = baseline.written(records)
    target = Path(baseline.path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    accepted = data["accepted"]
    return target, sum(len(v) for v in accepted.values()), len(accepted)


def handle_failure(
    item: pytest.Item, failure: ContractFailure, settings: Settings, baseline: Baseline | None
) -> ContractFailure | None:
    """What the test raises instead of ``failure``: None to pass, or the failure left after
    the update and the baseline."""
    if settings.update:
        names = _updated_names(item, failure)
        if names is not None:
            from pytest_compaction.specs.update import rewrite_expected

            change = rewrite_expected(item.path, names)
            item.user_properties.append(
                (
                    PROPERTY_UPDATED,
                    json.dumps({"path": change.path, "added": change.added, "removed": change.removed}),
                )
            )
            return None
    if baseline is None:
        return failure
    from pytest_compaction.engine.contract import ContractFailure

    accepted = set(baseline.for_test(item.nodeid))
    if settings.write_baseline:
        accepted = {v.name for v in failure.violations}
    new = [v for v in failure.violations if v.name not in accepted]
    taken = sorted({v.name for v in failure.violations if v.name in accepted})
    if taken:
        item.user_properties.append((PROPERTY_ACCEPTED, " ".join(taken)))
    if not new:
        return None
    if not taken:
        return failure
    title = (
        f"{len(new)} new violation{'' if len(new) == 1 else 's'} ({len(taken)} accepted by {baseline.path})"
    )
    if failure.title:
        title = f"{failure.title}\n{title}"
    return ContractFailure(new, title=title, reproduce=failure.reproduce, evidence=failure.evidence)


def _updated_names(item: pytest.Item, failure: ContractFailure) -> tuple[str, ...] | None:
    """The names the spec shows now, when ``failure`` is only a mismatch with what it expects."""
    spec = getattr(item, "spec", None)
    variant = getattr(item, "variant", None)
    if spec is None or variant not in ("as-written", "recorded"):
        return None
    if spec.recorded is not None:
        expected = set(spec.recorded.expect_violations)
    elif spec.scenario is not None and spec.scenario.expect_violations is not None:
        expected = set(spec.scenario.expect_violations)
    else:
        return None
    for violation in failure.violations:
        match = _MISMATCH.match(violation.detail or "")
        if violation.code.value != "unexpected_violations" or match is None:
            return None
        if match.group("missing"):
            expected.discard(match.group("missing"))
        else:
            expected.add(match.group("extra"))
    return tuple(sorted(expected))
