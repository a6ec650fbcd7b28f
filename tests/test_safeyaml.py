"""Safe, source-mapped YAML: plain values only, bounded expansion, a line for every path."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from pytest_compaction import PayloadError
from pytest_compaction.specs.safeyaml import MAX_DEPTH, MAX_NODES, SourceMap, load_yaml, load_yaml_mapped

pytest.importorskip("yaml")

PLAIN_VALUES = "(strings, numbers, booleans, null, lists and mappings)"


def refused(text: str) -> PayloadError:
    with pytest.raises(PayloadError) as info:
        load_yaml(text, source="spec.yaml")
    return info.value


def test_plain_values_load() -> None:
    text = (
        "fact_id: fact-1\n"
        "value: false\n"
        "limit: 50\n"
        "ratio: 0.5\n"
        "nothing: null\n"
        "quoted: 'false'\n"
        "list: [1, two, 3.0]\n"
        "nested: {a: {b: [true]}}\n"
    )
    assert load_yaml(text) == {
        "fact_id": "fact-1",
        "value": False,
        "limit": 50,
        "ratio": 0.5,
        "nothing": None,
        "quoted": "false",
        "list": [1, "two", 3.0],
        "nested": {"a": {"b": [True]}},
    }


def test_an_empty_document_is_none() -> None:
    assert load_yaml("") is None
    assert load_yaml("# only a comment\n") is None


def test_timestamps_and_binary_stay_text() -> None:
    assert load_yaml("when: 2024-01-02\nblob: !!binary aGk=\n") == {"when": "2024-01-02", "blob": "aGk="}


def test_small_aliases_expand() -> None:
    assert load_yaml("a: &x [1, 2]\nb: *x\n") == {"a": [1, 2], "b": [1, 2]}


# -- the source map ------------------------------------------------------------------------

SPEC = """\
expected:
  - fact_id: f1
    value: 1
  - fact_id: f2
artifact:
  facts: []
"""


def test_every_path_has_its_line() -> None:
    data, where = load_yaml_mapped(SPEC, source="spec.yaml")
    assert data["expected"][1] == {"fact_id": "f2"}
    assert where.source == "spec.yaml"
    assert where.lines["expected[0].value"] == 3
    assert where.lines["expected[1].fact_id"] == 4
    assert where.lines["artifact.facts"] == 6


def test_a_missing_path_takes_the_line_of_its_nearest_parent() -> None:
    _, where = load_yaml_mapped(SPEC, source="spec.yaml")
    assert where.line_of("expected[1].value") == 4
    assert where.line_of("artifact.facts[0].fact_id") == 6
    assert SourceMap("empty").line_of("anything") is None


def test_an_error_is_located_at_its_line() -> None:
    _, where = load_yaml_mapped(SPEC, source="spec.yaml")
    located = where.error(PayloadError("expected[1].value", "required key is missing"))
    assert str(located) == "spec.yaml:4: expected[1].value: required key is missing"
    assert (located.source, located.line, located.path) == ("spec.yaml", 4, "expected[1].value")


# -- what is refused ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("a: !!python/object:os.system {}\n", "!!python/object:os.system"),
        ("a: !!python/object/apply:os.system ['true']\n", "!!python/object/apply:os.system"),
        ("a: !!python/name:os.system\n", "!!python/name:os.system"),
        ("a: !!python/tuple [1, 2]\n", "!!python/tuple"),
        ("a: !!set {x: null}\n", "!!set"),
        ("a: !!omap [x: 1]\n", "!!omap"),
        ("a: !custom 1\n", "!custom"),
    ],
)
def test_tags_other_than_plain_values_are_refused(text: str, shown: str) -> None:
    error = refused(text)
    assert (
        str(error) == f"spec.yaml:1: a: the tag {shown} is not allowed; use plain values only {PLAIN_VALUES}"
    )
    assert error.path == "a"


def test_nothing_is_executed_on_a_refused_tag(tmp_path: Path) -> None:
    marker = tmp_path / "executed"
    refused(f"a: !!python/object/apply:os.system ['touch {marker}']\n")
    assert not marker.exists()


def billion_laughs(levels: int = 9) -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    previous = "a"
    for name in "bcdefghijk"[: levels - 1]:
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
        previous = name
    return "\n".join(lines) + "\n"


def test_billion_laughs_is_refused_fast() -> None:
    start = time.perf_counter()
    error = refused(billion_laughs())
    elapsed = time.perf_counter() - start
    assert str(error) == (
        f"spec.yaml:1: the document expands to more than {MAX_NODES} values through its aliases "
        '(a "billion laughs" file?); write the values out or remove the aliases'
    )
    assert elapsed < 1.0


def test_a_recursive_alias_is_refused() -> None:
    error = refused("a: &x [1, *x]\n")
    assert "(a recursive alias)" in str(error)
    assert str(error).startswith("spec.yaml:1: ")


def test_nesting_deeper_than_the_limit_is_refused() -> None:
    depth = MAX_DEPTH + 5
    error = refused("x: " + "[" * depth + "]" * depth + "\n")
    assert error.message == f"values nest deeper than {MAX_DEPTH} levels"
    assert error.line == 1
    assert load_yaml("x: " + "[" * 10 + "]" * 10 + "\n") == {"x": [[[[[[[[[[]]]]]]]]]]}


def test_merge_keys_are_refused() -> None:
    error = refused("base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n")
    assert str(error) == "spec.yaml:3: other: merge keys (<<) are not supported; write the keys out"


def test_a_key_given_twice_is_refused() -> None:
    assert str(refused("a: 1\nb: 2\na: 3\n")) == "spec.yaml:3: a: key is given twice"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a:\n  1: x\n", "spec.yaml:2: a: keys must be strings, got 1 (int); quote the key"),
        ("true: 1\n", "spec.yaml:1: keys must be strings, got True (bool); quote the key"),
        ("~: 1\n", "spec.yaml:1: keys must be strings, got None (NoneType); quote the key"),
    ],
)
def test_keys_must_be_strings(text: str, message: str) -> None:
    assert str(refused(text)) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "a: [1, 2\nb: 3\n",
            "spec.yaml:2: invalid YAML: did not find expected ',' or ']' "
            "(while parsing a flow sequence that starts on line 1)",
        ),
        (
            "a: 'abc\nb: 2\n",
            "spec.yaml:3: invalid YAML: found unexpected end of stream "
            "(while scanning a quoted scalar that starts on line 1)",
        ),
        (
            "description: My memory: allergy and budget\nevents: []\n",
            "spec.yaml:1: invalid YAML: mapping values are not allowed in this context; a value that "
            "holds ': ' must be quoted: description: \"My memory: allergy and budget\"",
        ),
        (
            'events:\n  - text: Ana said: it\'s "severe"\n',
            "spec.yaml:2: invalid YAML: mapping values are not allowed in this context; a value that "
            'holds \': \' must be quoted: text: "Ana said: it\'s \\"severe\\""',
        ),
        (
            "a: 1\n---\nb: 2\n",
            "spec.yaml:2: invalid YAML: but found another document "
            "(expected a single document in the stream that starts on line 1)",
        ),
    ],
)
def test_invalid_yaml_names_the_line(text: str, message: str) -> None:
    assert str(refused(text)) == message


def test_importing_the_loader_does_not_import_yaml() -> None:
    code = (
        "import sys, pytest_compaction.specs.safeyaml, pytest_compaction.specs.payload; "
        "print('yaml' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
