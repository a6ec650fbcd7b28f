"""Loader limits and YAML 1.2 scalars: one bad spec is one failed item with file:line and the fix.

Each hostile spec runs in a real pytest session beside a good one (the good one still
passes), and ``compaction lint`` reports it without a traceback.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_compaction.core.errors import PayloadError
from pytest_compaction.specs import safeyaml
from pytest_compaction.specs.lint import lint_paths
from pytest_compaction.specs.safeyaml import MAX_DEPTH, load_yaml, load_yaml_mapped
from pytest_compaction.specs.spec import load_spec

GOOD = """\
events:
  - id: e1
    text: I am allergic to peanuts.
    facts:
      - {id: fact-allergy-1, predicate: food.peanuts_allowed, value: false}
"""
CONTRACT = ("--compaction-contract", "-p", "no:hypothesispytest", "-p", "no:cacheprovider")
EVENT = "events:\n  - id: e1\n    text: hi\n    facts:\n      - {id: f1, predicate: p, value: VALUE}\n"


def _fact_value(value: str) -> str:
    return EVENT.replace("VALUE", value)


def _many_events(count: int) -> str:
    return "events:\n" + "".join(f"  - {{id: e{i}, text: t}}\n" for i in range(count))


HOSTILE = {
    "huge-integer": (
        _fact_value("9" * 5000),
        5,
        "events[0].facts[0].value: a number of 5000 characters; numbers in a spec have at most 100 "
        "(quote it to keep it as a string)",
    ),
    "deep-flow": (
        "events: " + "[" * 200 + "]" * 200 + "\n",
        1,
        f"events{'[0]' * (MAX_DEPTH)}: values nest deeper than {MAX_DEPTH} levels",
    ),
    "alias-bytes": (
        "big: &big '" + "x" * 100_000 + "'\nevents:\n  - id: e1\n    text: hi\n    facts:\n"
        "      - id: f1\n        predicate: p\n        value: [" + ", ".join(["*big"] * 60) + "]\n",
        8,
        "events[0].facts[0].value[40]: the document expands to more than 4194304 bytes of values; split it "
        "or remove the aliases",
    ),
    "too-many-events": (
        _many_events(10_001),
        1,
        "events: 10001 events; a scenario holds at most 10000 (split it into several specs)",
    ),
    "depth": (
        GOOD + "depth: 1000\n",
        6,
        "depth: expected a depth of at most 32, got 1000; each level is one more compression pass",
    ),
    "attempts": (
        GOOD + "attempts: 5000\n",
        6,
        "attempts: expected an attempt count of at most 100, got 5000",
    ),
    "negative-budget": (GOOD + "budget: -5\n", 6, "budget: expected a budget of at least 1, got -5"),
    "huge-budget": (
        GOOD + "budget_tokens: 10000000000\n",
        6,
        "budget_tokens: expected a budget of at most 1000000000, got 10000000000",
    ),
    "yes": (
        _fact_value("yes"),
        5,
        "events[0].facts[0].value: 'yes' is true in YAML 1.1 and a string in "
        "YAML 1.2; write true, or quote it ('yes')",
    ),
    "off": (
        _fact_value("off"),
        5,
        "events[0].facts[0].value: 'off' is false in YAML 1.1 and a string in "
        "YAML 1.2; write false, or quote it ('off')",
    ),
    "octal-looking": (
        _fact_value("012"),
        5,
        "events[0].facts[0].value: '012' is a different number in YAML "
        "1.1 and 1.2 (or an id with a leading zero); write 12 for the number, or quote it "
        "('012') for the string",
    ),
    "underscores": (
        _fact_value("1_000"),
        5,
        "events[0].facts[0].value: '1_000' is a different number in "
        "YAML 1.1 and 1.2 (or an id with a leading zero); write 1000 for the number, or quote "
        "it ('1_000') for the string",
    ),
    "nan": (
        _fact_value(".nan"),
        5,
        "events[0].facts[0].value: NaN is not a value a fact can be checked against; use null or a string",
    ),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_each_limit_is_a_named_spec_error(tmp_path: Path, name: str) -> None:
    text, line, message = HOSTILE[name]
    path = tmp_path / f"{name}.compaction.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PayloadError) as caught:
        load_spec(path)
    assert str(caught.value) == f"{path}:{line}: {message}"


def test_hostile_specs_are_one_failed_item_each_and_the_rest_runs(pytester: pytest.Pytester) -> None:
    for name, (text, _, _) in HOSTILE.items():
        (pytester.path / f"{name}.compaction.yaml").write_text(text, encoding="utf-8")
    (pytester.path / "not-utf8.compaction.yaml").write_bytes(b"events:\n  - {id: e1, text: caf\xe9}\n")
    (pytester.path / "good.compaction.yaml").write_text(GOOD, encoding="utf-8")
    result = pytester.runpytest(*CONTRACT)
    result.assert_outcomes(passed=1, failed=len(HOSTILE) + 1)
    for name, (_, line, message) in HOSTILE.items():
        assert f"invalid fixture spec: {pytester.path / name}.compaction.yaml:{line}: {message}" in (
            result.stdout.lines
        )
    result.stdout.fnmatch_lines(
        [
            "invalid fixture spec: *not-utf8.compaction.yaml:2: is not UTF-8: byte 0xe9 at offset 30 cannot "
            "be decoded; save the file as UTF-8"
        ]
    )
    text = result.stdout.str() + result.stderr.str()
    for word in ("Traceback", "INTERNALERROR", "RecursionError", "MemoryError", "ValueError"):
        assert word not in text


def test_lint_reports_every_hostile_spec_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, (text, _, _) in HOSTILE.items():
        (tmp_path / f"{name}.compaction.yaml").write_text(text, encoding="utf-8")
    report = lint_paths([tmp_path])
    errors = {Path(f.source).name.split(".")[0]: f for f in report.findings if f.severity == "error"}
    assert set(errors) == set(HOSTILE)
    for name, (_, line, message) in HOSTILE.items():
        assert errors[name].describe() == f"{tmp_path / name}.compaction.yaml:{line}: error: {message}"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_without_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.compaction.yaml"
    os.mkfifo(fifo)
    with pytest.raises(PayloadError) as caught:
        load_spec(fifo)
    assert str(caught.value) == (f"{fifo}: is not a regular file (a pipe, socket or device); expected a spec")


def test_deep_nesting_without_libyaml_is_a_spec_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import yaml

    monkeypatch.setattr(safeyaml, "_LOADERS", {})
    monkeypatch.setattr(yaml, "_yaml", None, raising=False)
    assert safeyaml._loader(yaml).__mro__[1] is yaml.SafeLoader
    for text in ("a: " + "[" * 5000 + "]" * 5000, "a:\n" + "".join("  " * i + "- \n" for i in range(3000))):
        with pytest.raises(PayloadError) as caught:
            load_yaml(text, source="deep.yaml")
        assert str(caught.value).startswith("deep.yaml")
        assert "nest deeper than 64 levels" in str(caught.value)


def test_the_c_parser_is_kept_with_the_yaml_12_resolver() -> None:
    import yaml

    if getattr(yaml, "_yaml", None) is None:
        pytest.skip("libyaml is not installed")
    assert safeyaml._loader(yaml).__mro__[1] is yaml.CSafeLoader


# -- YAML 1.2 core scalars --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("18:00", "18:00"),
        ("1:30:00", "1:30:00"),
        ("2024-05-01", "2024-05-01"),
        ("'012'", "012"),
        ('"no"', "no"),
        ("true", True),
        ("False", False),
        ("~", None),
        ("null", None),
        ("", None),
        ("12", 12),
        ("-3", -3),
        ("0", 0),
        ("0x1F", 31),
        ("1.5", 1.5),
        ("1e3", 1000.0),
        ("-.inf", float("-inf")),
        ("y", "y"),
        ("n", "n"),
    ],
)
def test_scalars_mean_what_they_look_like(text: str, value: object) -> None:
    loaded = load_yaml(f"a: {text}\n")["a"]
    assert loaded == value
    assert type(loaded) is type(value)


def test_ambiguous_words_are_strings_as_keys() -> None:
    assert load_yaml("yes: 1\non: 2\n012: 3\n") == {"yes": 1, "on": 2, "012": 3}


def test_strings_yaml_11_reads_differently_are_noted_for_lint(tmp_path: Path) -> None:
    path = tmp_path / "times.compaction.yaml"
    path.write_text(
        "events:\n  - id: e1\n    text: dinner at 18:00\n    facts:\n"
        "      - {id: f1, predicate: dinner.time, value: 18:00}\n"
        "      - {id: f2, predicate: dinner.date, value: 2024-05-01}\n"
        "      - {id: f3, predicate: dinner.place, value: '18:00'}\n",
        encoding="utf-8",
    )
    _, source_map = load_yaml_mapped(path.read_text(), source=str(path))
    assert [(line, where) for line, where, _ in source_map.notes] == [
        (5, "events[0].facts[0].value"),
        (6, "events[0].facts[1].value"),
    ]
    warnings = [f.describe() for f in lint_paths([path]).findings]
    assert warnings == [
        f"{path}:5: warning: events[0].facts[0].value: '18:00' is the string '18:00' here, but YAML 1.1 "
        "tools read it as a number; quote it so that every reader agrees",
        f"{path}:6: warning: events[0].facts[1].value: '2024-05-01' is the string '2024-05-01' here, but "
        "YAML 1.1 tools read it as a date; quote it so that every reader agrees",
    ]


def test_an_unforeseen_loader_failure_is_still_one_item(pytester: pytest.Pytester) -> None:
    # A conftest makes the loader fail in a way no check names, for one file only.
    pytester.makeconftest(
        "import pytest_compaction.plugin.collect as collect\n"
        "real = collect.load_spec\n"
        "def flaky(path, **kwargs):\n"
        "    if path.name.startswith('broken'):\n"
        "        raise ValueError('something no check names')\n"
        "    return real(path, **kwargs)\n"
        "collect.load_spec = flaky\n"
    )
    (pytester.path / "broken.compaction.yaml").write_text(GOOD, encoding="utf-8")
    (pytester.path / "good.compaction.yaml").write_text(GOOD, encoding="utf-8")
    result = pytester.runpytest_subprocess(*CONTRACT)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        ["invalid fixture spec: *broken.compaction.yaml: cannot be loaded (ValueError); please report this *"]
    )
    assert "Traceback" not in result.stdout.str()
