from __future__ import annotations

import dataclasses
import subprocess
import sys

from pytest_compaction.core.model import Artifact, Fact, Trust
from pytest_compaction.store.contract import probe_artifact
from pytest_compaction.store.representation import compare_artifacts, render_path


def replace_fact(artifact: Artifact, fact_id: str, **changes: object) -> Artifact:
    facts = tuple(
        dataclasses.replace(f, **changes) if f.fact_id == fact_id else f  # type: ignore[arg-type]
        for f in artifact.facts
    )
    return dataclasses.replace(artifact, facts=facts)


def descriptions(written: Artifact, read_back: object) -> list[str]:
    return [v.describe() for v in compare_artifacts(written, read_back)]


def test_identical_artifacts_have_no_difference() -> None:
    probe = probe_artifact("t", "s")
    assert compare_artifacts(probe, probe_artifact("t", "s")).ok


def test_fact_order_qualifier_order_and_tuples_are_not_differences() -> None:
    probe = probe_artifact("t", "s")
    shuffled = dataclasses.replace(probe, facts=tuple(reversed(probe.facts)))
    shuffled = replace_fact(shuffled, "probe-nested", value=({"items": (1, 1.0, True, "1", None)},))
    expected = replace_fact(probe, "probe-nested", value=[{"items": [1, 1.0, True, "1", None]}])
    assert compare_artifacts(expected, shuffled).ok
    sources = replace_fact(probe, "probe-bool-false", source_event_ids=("probe-event-1", "probe-event-2"))
    assert compare_artifacts(probe, sources).ok


def test_a_bool_that_became_a_string_names_the_field_and_both_types() -> None:
    probe = probe_artifact("t", "s")
    assert descriptions(probe, replace_fact(probe, "probe-bool-false", value="false")) == [
        "probe-bool-false:representation_changed  expected False (bool) got 'false' (str)  "
        "(artifact.facts['probe-bool-false'].value: bool became str at read-back)"
    ]


def test_int_float_and_bool_int_are_different_types() -> None:
    probe = probe_artifact("t", "s")
    changed = replace_fact(replace_fact(probe, "probe-int", value=50.0), "probe-bool-true", value=1)
    assert descriptions(probe, changed) == [
        "probe-bool-true:representation_changed  expected True (bool) got 1 (int)  "
        "(artifact.facts['probe-bool-true'].value: bool became int at read-back)",
        "probe-int:representation_changed  expected 50 (int) got 50.0 (float)  "
        "(artifact.facts['probe-int'].value: int became float at read-back)",
    ]


def test_only_the_first_divergent_field_of_a_fact_is_named_with_a_count_of_the_rest() -> None:
    probe = probe_artifact("t", "s")
    changed = replace_fact(
        probe, "probe-bool-false", value="false", qualifiers=(("basis", "allergy"),), authority=Trust.SYSTEM
    )
    assert descriptions(probe, changed) == [
        "probe-bool-false:representation_changed  expected False (bool) got 'false' (str)  "
        "(artifact.facts['probe-bool-false'].value: bool became str at read-back; 2 more fields differ)"
    ]


def test_a_dropped_qualifier_is_named() -> None:
    probe = probe_artifact("t", "s")
    changed = replace_fact(probe, "probe-bool-false", qualifiers=(("basis", "allergy"),))
    assert descriptions(probe, changed) == [
        "probe-bool-false:representation_changed  expected 'critical' got None  "
        "(artifact.facts['probe-bool-false'].qualifiers.severity: the field was dropped at read-back)"
    ]


def test_dropped_and_added_facts_and_artifact_fields() -> None:
    probe = probe_artifact("t", "s")
    extra = Fact(fact_id="leak", tenant_id="t", subject_id="s", predicate="p", value=1)
    changed = dataclasses.replace(
        probe, facts=(*probe.facts[1:], extra), summary="Synthetic probe.", memory_version=2
    )
    assert descriptions(probe, changed) == [
        "representation_changed  expected 1 got 2  "
        "(artifact.memory_version: 1 became 2 (int) at read-back; 1 more field differs)",
        "leak:representation_changed  artifact.facts['leak']: the fact was added at read-back",
        "probe-bool-false:representation_changed  "
        "artifact.facts['probe-bool-false']: the fact was dropped at read-back",
    ]


def test_nothing_or_something_else_came_back() -> None:
    probe = probe_artifact("t", "s", 4)
    assert descriptions(probe, None) == [
        "representation_changed  expected 4 got None  "
        "(artifact: nothing came back at read-back; memory version 4 of t/s is gone)"
    ]
    assert [v.describe() for v in compare_artifacts(probe, {"facts": []}, where="migration")] == [
        "representation_changed  artifact: expected an Artifact at migration, got dict"
    ]


def test_render_path() -> None:
    assert render_path(["facts", "f-1", "value", 2, "k"]) == "artifact.facts['f-1'].value[2].k"
    assert render_path(["depth"]) == "artifact.depth"


def test_importing_the_storage_modules_stays_light() -> None:
    modules = ("store.representation", "store.contract", "store.migration", "store.sqlite", "store.retrieval")
    code = "import sys\n" + "".join(f"import pytest_compaction.{name}\n" for name in modules)
    code += "print(sorted({'deepdiff', 'multiprocessing', 'pytest'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
