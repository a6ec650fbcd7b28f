"""Loading fixture specs: every bad-spec message, the safety limits, and the JSON Schema's agreement."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from _schema import schema_problems

from pytest_compaction.core import spec_model
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.scenario import SCENARIO_KEYS
from pytest_compaction.specs.safeyaml import MAX_DEPTH, MAX_NODES, SourceMap, load_yaml
from pytest_compaction.specs.schema import SCHEMA_PATH, build_schema, load_schema, render_schema
from pytest_compaction.specs.spec import MAX_SPEC_BYTES, RECORDED_KEYS, Mark, _build, load_spec, spec_name

HERE = Path(__file__).parent
EXAMPLES = sorted((HERE / "specs").glob("*.compaction.yaml"))
LIBRARY = sorted((HERE.parent / "fixture_library").rglob("*.compaction.yaml"))

E1 = "events:\n  - {id: e1, text: hi}\n"
F1 = "events:\n  - id: e1\n    text: hi\n    facts:\n      - {id: f1, predicate: p, value: 1}\n"
ARTIFACT = "artifact: {memory_version: 1, tenant_id: t, subject_id: s}\n"

# Valid specs beyond the example files: each form a key can take.
VALID = {
    "minimal": E1,
    # A whole float is an integer to JSON Schema (what editors check), so the loader reads it as one.
    "whole-float-depths": "depth: 2.0\ndepth_policy: {pins_verbatim: 3.0}\n"
    "prose_policy: {max_depth: 2.0}\n" + E1,
    "compress-word": E1 + "steps: [{add: all}, compress]\n",
    "compress-null": E1 + "steps:\n  - add: [e1]\n  - compress:\n",
    "compress-scope": E1 + "steps:\n  - add: all\n  - compress: {tenant: tenant-1, subject: subject-1}\n",
    "steps-null": E1 + "steps: null\n",
    "supersedes-list": F1 + "  - id: e2\n    text: new\n    facts:\n"
    "      - {id: f2, predicate: p, value: 2, supersedes: [f1]}\n",
    "delete-with-event": F1 + "  - {id: e2, text: forget it}\nsteps:\n  - add: all\n  - compress\n"
    "  - delete: f1\n    event: e2\n  - compress\n",
    "retires": F1 + "  - {id: e2, text: done, retires: [f1], reason: fixed}\n",
    "expect-code-only": "expect:\n  violations: [missing, f1:value_changed]\n" + E1,
    "expect-null": "expect: null\n" + E1,
    "marks-all-forms": "marks: [slow, {skip: why}, {xfail: {reason: why, strict: true}}, {flaky: null}]\n"
    + E1,
    "relations-and-depth": "relations: [append_small_talk]\ndepth: 3\nattempts: 2\nseed: 11\n" + E1,
    "null-optionals": "description: null\nbudget: null\ndepth: null\nattempts: null\nseed: null\n" + E1,
    "value-types": "events:\n  - id: e1\n    text: hi\n    facts:\n"
    "      - {id: f1, predicate: p, value: [1, 2.5, 'x', null, {k: true}], qualifiers: {scope: staging}}\n",
    "trust-and-authority": "events:\n  - id: e1\n    text: hi\n    trust: system\n    facts:\n"
    "      - {id: f1, predicate: p, value: 1, authority: user, criticality: continuity}\n",
    "prose-keys": "invariants:\n  invariants:\n"
    "    - {id: inv-1, text: Never call X., markers: [X], modality: prohibition}\n"
    "  failures:\n"
    "    - {id: fail-1, text: Tried pool size 50 and it failed with PoolTimeout., approach: [pool size],\n"
    "       error: [PoolTimeout]}\n"
    "  retirements: [{id: fail-1, event_id: e1, reason: fixed}]\n"
    "bindings:\n"
    "  - {canonical_id: db-staging, phrase: the staging database, id: b1, aliases: [staging db],\n"
    "     ambiguous: [the database], anchors: [migration]}\n" + E1,
    "kind-scenario": "kind: scenario\n" + E1,
    "recorded-inferred": "expected: []\n" + ARTIFACT,
    "recorded-full": "kind: recorded\ndescription: d\nmode: permissive\nmarks: [slow]\n"
    "expect: {violations: [f1:missing]}\nexpected:\n"
    "  - {fact_id: f1, tenant_id: t, subject_id: s, predicate: p, value: 1, source_event_id: e1}\n"
    "  - {fact_id: f0, tenant_id: t, subject_id: s, predicate: p, value: 0, source_event_ids: [e1],\n"
    "     status: superseded, superseded_by: f1, authority: user, criticality: critical}\n"
    "events:\n  - {event_id: e1, tenant_id: t, subject_id: s, text: hi, trust: user, order: 0}\n"
    "artifact:\n  memory_version: 2\n  tenant_id: t\n  subject_id: s\n  depth: 2\n  summary: null\n"
    "  input_event_ids: [e1]\n  facts: []\n",
}

# Mistakes the schema refuses too: (text, line, message).
STRUCTURAL = {
    "not-a-mapping": (
        "- id: e1\n",
        1,
        "a spec is a mapping with `events:` (a scenario) or `kind: recorded`, got [{'id': 'e1'}] (list)",
    ),
    "wrong-type-text": (
        "events:\n  - id: e1\n    text: 42\n",
        3,
        "events[0].text: expected a string, got 42 (int)",
    ),
    "wrong-type-qualifiers": (
        "events:\n  - id: e1\n    text: hi\n    facts:\n"
        "      - {id: f1, predicate: p, value: 1, qualifiers: [a]}\n",
        5,
        "events[0].facts[0].qualifiers: expected a mapping, got ['a'] (list)",
    ),
    "wrong-type-events": ("events: e1\n", 1, "events: expected a list, got 'e1' (str)"),
    "wrong-type-depth": ("depth: three\n" + E1, 1, "depth: expected an integer, got 'three' (str)"),
    "depth-zero": (
        "depth: 0\n" + E1,
        1,
        "depth: expected a depth of at least 1, got 0; each level is one more compression pass",
    ),
    "wrong-trust": (
        "events:\n  - {id: e1, text: hi, trust: admin}\n",
        2,
        "events[0].trust: expected one of untrusted, user, system; got 'admin' (str)",
    ),
    "wrong-criticality": (
        "events:\n  - id: e1\n    text: hi\n    facts:\n"
        "      - {id: f1, predicate: p, value: 1, criticality: vital}\n",
        5,
        "events[0].facts[0].criticality: expected one of critical, continuity; got 'vital' (str)",
    ),
    "wrong-mode": ("mode: lenient\n" + E1, 1, "mode: expected strict or permissive, got 'lenient' (str)"),
    "null-mode": ("mode: null\n" + E1, 1, "mode: expected strict or permissive, got None (null)"),
    "null-mode-recorded": (
        "mode: null\nexpected: []\n" + ARTIFACT,
        1,
        "mode: expected strict or permissive, got None (null)",
    ),
    "unknown-top-key": ("evnts:\n  - {id: e1, text: hi}\n", 1, "evnts: unknown key; did you mean 'events'?"),
    "unknown-event-key": (
        "events:\n  - id: e1\n    txt: hi\n",
        3,
        "events[0].txt: unknown key; did you mean 'text'?",
    ),
    "unknown-fact-key": (
        "events:\n  - id: e1\n    text: hi\n    facts:\n"
        "      - {id: f1, predicate: p, value: 1, qualifier: {a: 1}}\n",
        5,
        "events[0].facts[0].qualifier: unknown key; did you mean 'qualifiers'?",
    ),
    "unknown-kind": ("kind: recordd\n" + E1, 1, "kind: expected scenario or recorded, got 'recordd'"),
    "missing-events": ("description: nothing\n", 1, "events: required key is missing"),
    "missing-event-id": ("events:\n  - text: hi\n", 2, "events[0].id: required key is missing"),
    "missing-fact-value": (
        "events:\n  - id: e1\n    text: hi\n    facts:\n      - {id: f1, predicate: p}\n",
        5,
        "events[0].facts[0].value: required key is missing",
    ),
    "no-events": ("events: []\n", 1, "events: a scenario needs at least one event"),
    "never-compress": (
        E1 + "steps:\n  - add: all\n",
        3,
        "steps: the steps never compress; add a `- compress` step",
    ),
    "step-two-kinds": (
        E1 + "steps:\n  - {add: all, compress: null}\n  - compress\n",
        4,
        "steps[0]: each step has exactly one of add, compress, delete, retrieve, use or act "
        "(e.g. `- add: [e1, e2]`)",
    ),
    "step-misspelt": (
        E1 + "steps:\n  - compres\n",
        4,
        "steps[0]: expected `compress` or a mapping with one of add, compress, delete, retrieve, use "
        "or act, got 'compres' (did you mean 'compress'?)",
    ),
    "expect-typo": (
        "expect:\n  violations: [f1:mising]\n" + E1,
        2,
        "expect.violations[0]: 'f1:mising' names no violation code; did you mean 'f1:missing'? "
        "(a name is `<fact id>:<code>` or `<code>`)",
    ),
    "mark-bad": (
        "marks: [{xfail: 3}]\n" + E1,
        1,
        "marks[0].xfail: expected a reason or a mapping of arguments, got 3 (int)",
    ),
    "recorded-no-artifact": (
        "kind: recorded\nexpected: []\n",
        1,
        "artifact: give the incident's artifact inline (artifact:) or by file (artifact_file:)",
    ),
    "recorded-both": (
        "kind: recorded\nexpected: []\n" + ARTIFACT + "artifact_file: a.json\n",
        3,
        "artifact: give the incident's artifact inline (artifact:) or by file (artifact_file:)",
    ),
    "recorded-fact-tenant": (
        "kind: recorded\nexpected:\n  - {fact_id: f1, predicate: p, value: 1}\n" + ARTIFACT,
        3,
        "expected[0].tenant_id: required key is missing",
    ),
    "recorded-artifact-status": (
        "kind: recorded\nexpected: []\nartifact:\n  memory_version: 1\n  tenant_id: t\n  subject_id: s\n"
        "  facts:\n    - {fact_id: f1, predicate: p, value: 1, status: deleted}\n",
        8,
        "artifact.facts[0].status: not allowed in an artifact: its facts are the memory it presents and are "
        "always active; lifecycle keys belong to the expected facts",
    ),
    "recorded-unknown-key": (
        "kind: recorded\nexpected: []\n" + ARTIFACT + "steps: []\n",
        4,
        "steps: unknown key; allowed keys: expected, kind, description, events, artifact, artifact_file, "
        "expect, mode, marks, version, budget, prose_policy, invariants, bindings",
    ),
    "scenario-with-artifact": (
        "kind: scenario\n" + ARTIFACT + E1,
        2,
        "artifact: unknown key; allowed keys: events, version, description, tenant, subject, budget, "
        "budget_tokens, budget_chars, mode, depth, attempts, seed, prose_policy, depth_policy, relations, "
        "marks, steps, expect, invariants, bindings",
    ),
}

# Mistakes only the loader sees (references and lifecycle): the schema is structural and accepts them.
SEMANTIC = {
    "duplicate-event": (
        "events:\n  - {id: e1, text: hi}\n  - {id: e1, text: again}\n",
        3,
        "events[1].id: event id 'e1' is used twice; event ids must be unique",
    ),
    "duplicate-fact": (
        F1 + "  - id: e2\n    text: again\n    facts:\n      - {id: f1, predicate: p, value: 2}\n",
        9,
        "events[1].facts[0].id: fact id 'f1' is stated twice; a new value is a new fact with "
        "`supersedes: f1`, the same value said again is `restates: [f1]`",
    ),
    "undefined-event-add": (
        E1 + "steps:\n  - add: [e1, e2]\n  - compress\n",
        4,
        "steps[0].add[1]: no event has id 'e2'; known events: e1",
    ),
    "undefined-event-delete": (
        F1 + "steps:\n  - add: all\n  - delete: f1\n    event: e9\n  - compress\n",
        9,
        "steps[1].event: no event has id 'e9'; known events: e1",
    ),
    "delete-twice": (
        F1
        + "steps:\n  - add: all\n  - compress\n  - delete: f1\n  - compress\n  - delete: f1\n  - compress\n",
        11,
        "steps[4].delete: fact 'f1' is already deleted by steps[2]; a fact is deleted once: remove this step",
    ),
    "delete-unknown": (
        "events:\n  - id: e1\n    text: hi\n    facts:\n"
        "      - {id: fact-allergy-1, predicate: p, value: 1}\n"
        "steps:\n  - add: all\n  - delete: fact-alergy-1\n  - compress\n",
        8,
        "steps[1].delete: no fact 'fact-alergy-1' to delete (did you mean 'fact-allergy-1'?); delete a fact "
        "that an event added by an earlier step states",
    ),
    "delete-before-add": (
        F1 + "steps:\n  - delete: f1\n  - add: all\n  - compress\n",
        7,
        "steps[0].delete: no fact 'f1' to delete (no event added so far states it); delete a fact that an "
        "event added by an earlier step states",
    ),
    "supersede-unknown": (
        "events:\n  - id: e1\n    text: hi\n    facts:\n      - {id: fact-refund-1, predicate: p, value: 1}\n"
        "  - id: e2\n    text: new\n    facts:\n"
        "      - {id: fact-refund-2, predicate: p, value: 2, supersedes: fact-refnd-1}\n",
        9,
        "events[1].facts[0].supersedes: no event states a fact 'fact-refnd-1' (did you mean "
        "'fact-refund-1'?); "
        "a fact supersedes an older fact that an earlier event states",
    ),
    "supersede-before-stated": (
        "events:\n  - id: e1\n    text: new\n    facts:\n"
        "      - {id: f2, predicate: p, value: 2, supersedes: f1}\n"
        "  - id: e2\n    text: old\n    facts:\n      - {id: f1, predicate: p, value: 1}\n",
        2,
        "events[0]: 'f2' supersedes 'f1', which event 'e2' states, but not yet; add 'e2' before 'e1'",
    ),
    "supersede-twice": (
        F1
        + "  - id: e2\n    text: new\n    facts:\n      - {id: f2, predicate: p, value: 2, supersedes: f1}\n"
        "  - id: e3\n    text: newer\n    facts:\n      - {id: f3, predicate: p, value: 3, supersedes: f1}\n",
        10,
        "events[2]: adding event 'e3': f1: cannot supersede a fact that is superseded; the current "
        "fact is 'f2'",
    ),
    "retire-unknown": (
        "events:\n  - id: e1\n    text: hi\n    retires: [f9]\n",
        4,
        "events[0].retires[0]: no event states a fact 'f9'; an event retires a fact that an earlier "
        "event states",
    ),
    "recorded-superseded-unknown": (
        "kind: recorded\nexpected:\n  - {fact_id: f1, tenant_id: t, subject_id: s, predicate: p, value: 1, "
        "status: superseded, superseded_by: f2}\n" + ARTIFACT,
        3,
        "expected[0].superseded_by: unknown fact id 'f2'",
    ),
}

# Refused while reading YAML, before any schema could apply.
UNREADABLE = {
    "invalid-yaml": (
        'events:\n  - id: e1\n    text: "unterminated\n  - id: e2\n',
        5,
        "invalid YAML: found unexpected end of stream (while scanning a quoted scalar that starts on line 3)",
    ),
    "tab-indent": (
        "events:\n\t- id: e1\n",
        2,
        "invalid YAML: found character '\\t' that cannot start any token",
    ),
    "duplicate-key": (E1 + "events: []\n", 3, "events: key is given twice"),
    "python-tag": (
        'events: !!python/object/apply:os.system ["echo hi"]\n',
        1,
        "events: the tag !!python/object/apply:os.system is not allowed; use plain values only "
        "(strings, numbers, booleans, null, lists and mappings)",
    ),
    "merge-key": (
        "base: &b {text: hi}\nevents:\n  - <<: *b\n    id: e1\n",
        3,
        "events[0]: merge keys (<<) are not supported; write the keys out",
    ),
    "recursive-alias": (
        "a: &a [1, *a]\n",
        1,
        "an alias refers to a value that contains it (a recursive alias); a spec holds plain, finite data",
    ),
}

BILLION_LAUGHS = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{name}: &{name} [{', '.join([f'*{prev}'] * 9)}]\n"
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True)
)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.compaction.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    with pytest.raises(PayloadError) as info:
        load_spec(path)
    return str(info.value)


# -- loading -----------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_specs_load(path: Path) -> None:
    spec = load_spec(path)
    assert spec.name == spec_name(path)
    assert spec.variants in (("as-written",), ("recorded",))


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_forms_load(tmp_path: Path, name: str) -> None:
    load_spec(write(tmp_path, name, VALID[name]))


@pytest.mark.parametrize("name", sorted({**STRUCTURAL, **SEMANTIC, **UNREADABLE}))
def test_bad_spec_message(tmp_path: Path, name: str) -> None:
    text, line, message = {**STRUCTURAL, **SEMANTIC, **UNREADABLE}[name]
    path = write(tmp_path, name, text)
    assert refusal(path) == f"{path}:{line}: {message}"


def test_empty_spec(tmp_path: Path) -> None:
    path = write(tmp_path, "empty", "# nothing yet\n")
    assert (
        refusal(path) == f"{path}: the spec is empty; start with `events:` (a scenario) or `kind: recorded`"
    )


def test_missing_artifact_file(tmp_path: Path) -> None:
    path = write(tmp_path, "incident", "kind: recorded\nexpected: []\nartifact_file: saved.json\n")
    assert refusal(path) == (
        f"{path}:3: artifact_file: no file 'saved.json' next to the spec ({tmp_path / 'saved.json'})"
    )


def test_variants_name_the_items(tmp_path: Path) -> None:
    text = "relations: [append_small_talk, reorder_independent]\ndepth: 3\n" + E1
    spec = load_spec(write(tmp_path, "peanut-allergy", text))
    assert spec.name == "peanut-allergy"
    assert spec.variants == ("as-written", "append_small_talk", "reorder_independent", "depth=3")
    assert load_spec(write(tmp_path, "one-pass", "depth: 1\n" + E1)).variants == ("as-written",)


def test_marks_are_plain_data(tmp_path: Path) -> None:
    text = "marks: [slow, {skip: not yet}, {xfail: {reason: known, strict: true}}, {flaky: null}]\n" + E1
    spec = load_spec(write(tmp_path, "marked", text))
    assert spec.marks == (
        Mark("slow"),
        Mark("skip", (("reason", "not yet"),)),
        Mark("xfail", (("reason", "known"), ("strict", True))),
        Mark("flaky"),
    )


def test_spec_name() -> None:
    assert spec_name(Path("a/peanut-allergy.compaction.yaml")) == "peanut-allergy"
    assert spec_name(Path("refund.compaction.yml")) == "refund"
    assert spec_name(Path("other.yaml")) == "other"


def test_line_of_the_scenario(tmp_path: Path) -> None:
    spec = load_spec(write(tmp_path, "commented", "# a comment\n\n" + E1))
    assert spec.line == 3
    assert spec.line_of("events[0].text") == 4


# -- safety --------------------------------------------------------------------------


def test_billion_laughs_refused_fast(tmp_path: Path) -> None:
    path = write(tmp_path, "laughs", BILLION_LAUGHS)
    started = time.perf_counter()
    message = refusal(path)
    elapsed = time.perf_counter() - started
    assert message == (
        f"{path}:1: the document expands to more than {MAX_NODES} values through its aliases "
        '(a "billion laughs" file?); write the values out or remove the aliases'
    )
    assert elapsed < 0.25


def test_aliases_within_the_limit_are_fine(tmp_path: Path) -> None:
    text = (
        "events:\n  - id: e1\n    text: hi\n    facts:\n"
        "      - {id: f1, predicate: p, value: 1, qualifiers: &q {basis: allergy}}\n"
        "      - {id: f2, predicate: r, value: 2, qualifiers: *q}\n"
    )
    spec = load_spec(write(tmp_path, "alias", text))
    assert spec.scenario is not None
    assert [c.qualifiers for c in spec.scenario.events[0].claims] == [(("basis", "allergy"),)] * 2


def test_deep_nesting_refused(tmp_path: Path) -> None:
    depth = MAX_DEPTH + 5
    path = write(tmp_path, "deep", "events: " + "[" * depth + "]" * depth + "\n")
    assert refusal(path).endswith(f"]: values nest deeper than {MAX_DEPTH} levels")


def test_oversized_spec_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "big.compaction.yaml"
    path.write_bytes(b"events:\n  - {id: e1, text: '" + b"x" * MAX_SPEC_BYTES + b"'}\n")
    size = path.stat().st_size
    assert refusal(path) == (
        f"{path}: is {size} bytes; a spec may be at most {MAX_SPEC_BYTES} bytes (split it, or keep the "
        "artifact in a separate file referenced by artifact_file)"
    )


# -- the JSON Schema -------------------------------------------------------------------


def test_shipped_schema_is_current() -> None:
    assert SCHEMA_PATH.parent.name == "specs"
    assert SCHEMA_PATH.read_text(encoding="utf-8") == render_schema()
    assert load_schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_schema_lists_every_key_the_loader_accepts() -> None:
    defs = build_schema()["$defs"]
    assert set(defs["scenarioSpec"]["properties"]) == {*SCENARIO_KEYS, "kind"}
    assert set(defs["recordedSpec"]["properties"]) == set(RECORDED_KEYS)


@pytest.mark.parametrize("path", EXAMPLES + LIBRARY, ids=lambda p: p.name)
def test_schema_accepts_every_spec_file(path: Path) -> None:
    load_spec(path)
    assert schema_problems(load_yaml(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("name", sorted(VALID))
def test_schema_accepts_what_the_loader_accepts(name: str) -> None:
    assert schema_problems(load_yaml(VALID[name])) == []


@pytest.mark.parametrize("name", sorted(STRUCTURAL))
def test_schema_refuses_what_the_loader_refuses(name: str) -> None:
    problems = schema_problems(load_yaml(STRUCTURAL[name][0]))
    assert problems, f"the schema accepts {name}, which load_spec refuses"


@pytest.mark.parametrize("name", sorted(SEMANTIC))
def test_schema_is_structural(name: str) -> None:
    # References and lifecycle need the loader (and `compaction lint`); the schema cannot see them.
    assert schema_problems(load_yaml(SEMANTIC[name][0])) == []


def test_unknown_key_refused_at_every_level() -> None:
    cases = {
        "": "zzz: 1\n" + E1,
        "events[0]": "events:\n  - {id: e1, text: hi, zzz: 1}\n",
        "events[0].facts[0]": "events:\n  - id: e1\n    text: hi\n"
        "    facts: [{id: f, predicate: p, value: 1, zzz: 1}]\n",
        "steps[0]": E1 + "steps: [{delete: f, zzz: 1}, compress]\n",
        "steps[1].compress": E1 + "steps: [{add: all}, {compress: {zzz: 1}}]\n",
        "expect": "expect: {violations: [], zzz: 1}\n" + E1,
        "invariants.invariants[0]": "invariants:\n  invariants:\n"
        "    - {id: i, text: Never call X., markers: [X], modality: prohibition, zzz: 1}\n" + E1,
        "bindings[0]": "bindings: [{canonical_id: db, phrase: the staging database, zzz: 1}]\n" + E1,
        "expected[0]": "expected: [{fact_id: f, tenant_id: t, subject_id: s, predicate: p, value: 1, "
        "zzz: 1}]\n" + ARTIFACT,
        "artifact": "expected: []\nartifact: {memory_version: 1, tenant_id: t, subject_id: s, zzz: 1}\n",
        "artifact.facts[0]": "expected: []\nartifact:\n  memory_version: 1\n  tenant_id: t\n  subject_id: s\n"
        "  facts: [{fact_id: f, predicate: p, value: 1, zzz: 1}]\n",
        "events[0] (recorded)": "expected: []\n"
        "events: [{event_id: e, tenant_id: t, subject_id: s, text: x, zzz: 1}]\n" + ARTIFACT,
    }
    for where, text in cases.items():
        assert schema_problems(load_yaml(text)), where
        with pytest.raises(PayloadError, match="zzz: unknown key"):
            _build(Path("x.compaction.yaml"), load_yaml(text), SourceMap("x.compaction.yaml"))


def test_schema_is_json() -> None:
    assert json.loads(SCHEMA_PATH.read_text(encoding="utf-8")) == build_schema()


_OBJECTS = {
    "scenario": spec_model.SCENARIO,
    "event": spec_model.EVENT,
    "claim": spec_model.CLAIM,
    "compress": spec_model.COMPRESS,
    "retrieve": spec_model.RETRIEVE,
    "act": spec_model.ACT,
}


@pytest.mark.parametrize(
    ("where", "key"),
    [(where, key) for where, keys in _OBJECTS.items() for key in spec_model.optional(keys)],
    ids=lambda part: part,
)
def test_null_means_not_given_to_loader_and_schema_alike(where: str, key: str) -> None:
    # An optional key written as null is "not given" unless the spec model says it is not
    # nullable; the loader and the published schema agree on every key.
    spec: dict[str, Any] = {
        "events": [{"id": "e1", "text": "hi", "facts": [{"id": "f1", "predicate": "p", "value": 1}]}],
        "steps": [{"add": "all"}, {"compress": {}}, {"retrieve": {"query": "q"}}],
    }
    if where == "act":
        spec["steps"].append({"act": {"action": "run the fix", "binding": "the db"}})
        spec["bindings"] = [{"canonical_id": "db", "phrase": "the db"}]
    targets = {"scenario": spec, "event": spec["events"][0], "claim": spec["events"][0]["facts"][0]}
    targets |= {"compress": spec["steps"][1]["compress"], "retrieve": spec["steps"][2]["retrieve"]}
    targets["act"] = spec["steps"][-1].get("act", {})
    targets[where][key] = None
    nullable = spec_model.key(_OBJECTS[where], key).nullable
    assert (schema_problems(spec) == []) is nullable
    if nullable:
        _build(Path("x.compaction.yaml"), spec, SourceMap("x.compaction.yaml"))
    else:
        with pytest.raises(PayloadError, match=key):
            _build(Path("x.compaction.yaml"), spec, SourceMap("x.compaction.yaml"))
