"""The paired prose corpus: every faithful summary passes, every drifted one is caught.

``tests/prose_corpus/*.yaml`` holds source / faithful / drifted triples by class. Each
source (events, facts with their prose forms, supersessions and deletions; or a
``register`` of pinned rules and failure records) was written before its summaries; the
checker is the oracle's opposite number, never its author. A fact triple is checked with
``check_facts_in_prose``, a rule triple (``register:``) with ``check_prose``.
``benchmarks/bench_prose.py`` prints the same numbers per class.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.violations import Verdict
from pytest_compaction.prose.facts import check_facts_in_prose
from pytest_compaction.prose.summary import check_prose
from pytest_compaction.specs.safeyaml import load_yaml

CORPUS = Path(__file__).parent / "prose_corpus"


@dataclass(frozen=True)
class Case:
    id: str
    klass: str
    data: Mapping[str, Any]
    faithful: str
    drifted: str
    expect: str
    refused: PayloadError | None = None
    """Why the spec loader refuses this triple as written (e.g. a bare YAML 1.1 boolean)."""

    def ledger(self) -> Ledger:
        if self.refused is not None:
            raise self.refused
        ledger = Ledger(tenant_id="t-corpus", subject_id="s-corpus")
        events = self.data.get("events") or [{"id": "e1", "text": self.data["source"]}]
        for event in events:
            ledger.event(
                event["id"],
                event["text"],
                trust=event.get("trust", "user"),
                role=event.get("role", "user"),
            )
        facts = self.data.get("facts")
        if facts is None:
            facts = [{"id": "f1", "event": events[0]["id"], **self.data["fact"]}]
        for fact in facts:
            ledger.fact(
                fact["id"],
                fact["predicate"],
                fact["value"],
                sources=[fact["event"]],
                qualifiers=fact.get("qualifiers"),
                criticality=fact.get("criticality", "critical"),
                prose=fact.get("prose"),
            )
            if "supersedes" in fact:
                ledger.supersede(fact["supersedes"], fact["id"])
        for fact_id in self.data.get("delete", ()):
            ledger.delete(fact_id)
        return ledger

    def check(self, summary: str) -> Verdict:
        if "register" in self.data:
            return check_prose(self.data["register"], summary)
        return check_facts_in_prose(self.ledger(), summary)


def _case(item: Mapping[str, Any], refused: PayloadError | None = None) -> Case:
    return Case(
        id=item["id"],
        klass=item["class"],
        data=item,
        faithful=item["faithful"],
        drifted=item["drifted"],
        expect=item["expect"],
        refused=refused,
    )


def load_file(path: Path) -> list[Case]:
    """The triples of one corpus file, read as spec files are (dates stay text). A triple
    the spec loader refuses is still a case: its checks raise the loader's error."""
    text = path.read_text(encoding="utf-8")
    try:
        return [_case(item) for item in load_yaml(text, source=str(path))]
    except PayloadError:
        pass
    cases = []
    for node in yaml.compose(text).value:  # each triple on its own, at its own lines
        start, end = node.start_mark, node.end_mark
        lines = "\n" * start.line + " " * start.column + text[start.index : end.index]
        try:
            cases.append(_case(load_yaml(lines, source=str(path))))
        except PayloadError as exc:
            cases.append(_case(yaml.safe_load(lines), exc))
    return cases


def load_cases(folder: Path = CORPUS) -> list[Case]:
    return [case for path in sorted(folder.rglob("*.yaml")) for case in load_file(path)]


CASES = load_cases()


def _ids() -> Iterator[str]:
    return (case.id for case in CASES)


def test_the_corpus_is_large_and_ids_are_unique() -> None:
    assert len({case.id for case in CASES}) == len(CASES)
    assert len(CASES) >= 120


CLASSES = {
    # facts, checked with check_facts_in_prose
    "missing", "negation", "number", "qualifier", "subject", "superseded", "deleted", "trust",
    "speculation", "inflection",
    # rules, checked with check_prose against a register
    "imperative", "polarity", "adjective", "condition", "failure", "abbreviation",
}  # fmt: skip


def test_every_class_has_triples_and_rule_classes_carry_a_register() -> None:
    by_class: dict[str, list[Case]] = {}
    for case in CASES:
        by_class.setdefault(case.klass, []).append(case)
    assert set(by_class) == CLASSES
    assert all(len(cases) >= 3 for cases in by_class.values())
    rules = {"imperative", "polarity", "adjective", "condition", "failure", "abbreviation"}
    assert all(("register" in case.data) == (case.klass in rules) for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=list(_ids()))
def test_faithful_summary_passes(case: Case) -> None:
    verdict = case.check(case.faithful)
    assert not verdict.violations, [f"{v.name}: {v.detail}" for v in verdict.violations]


@pytest.mark.parametrize("case", CASES, ids=list(_ids()))
def test_drifted_summary_is_caught_by_name(case: Case) -> None:
    verdict = case.check(case.drifted)
    codes = {v.code.value for v in verdict.violations}
    assert case.expect in codes, [f"{v.name}: {v.detail}" for v in verdict.violations]
