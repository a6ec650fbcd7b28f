"""Hostile compressors and hostile suite files through a real pytest session.

Each compressor below misbehaves in a way the guard's first checks do not see: an exception
whose ``str()`` raises or never returns, a value of a ``str`` subclass whose methods raise,
a fact changed after it was made (``object.__setattr__`` around the frozen dataclass). Each
must be one named violation on the test that called it: never a traceback, never a hang,
never a pass. A spec file that is a symbolic link out of the suite is refused without
reading it.
"""

from __future__ import annotations

import io
import json
import os
import textwrap
from pathlib import Path
from xml.etree import ElementTree

import pytest

from pytest_compaction.cli import main

SPEC = """\
events:
  - id: e1
    text: I am allergic to peanuts.
    facts:
      - {id: fact-allergy-1, predicate: food.peanuts_allowed, value: false}
"""

HOSTILE = '''
import dataclasses, time
from pytest_compaction.compressors.base import ReferenceCompressor


def _changed(value):
    """The reference artifact with its fact's value swapped in place, behind the constructor."""
    def compress(request):
        art = ReferenceCompressor().compress(request)
        fact = dataclasses.replace(art.facts[0])
        object.__setattr__(fact, "value", value)
        return dataclasses.replace(art, facts=(fact,))
    compress.replays_claims = True
    return compress


class Unprintable(Exception):
    def __str__(self):
        raise RuntimeError("str of the exception")
    __repr__ = __str__


class Endless(Exception):
    def __str__(self):
        while True:
            time.sleep(0.05)
    __repr__ = __str__


class Sly(str):
    def __repr__(self):
        raise RuntimeError("repr of the value")
    __str__ = __repr__

    def __eq__(self, other):
        raise RuntimeError("eq of the value")
    __hash__ = None


def unprintable(request):
    raise Unprintable()


def endless(request):
    raise Endless()


def rewrites(request):
    """Changes the fact's value the honest way (a new Fact): a plain value_changed."""
    art = ReferenceCompressor().compress(request)
    return dataclasses.replace(art, facts=(dataclasses.replace(art.facts[0], value="fine"),))
rewrites.replays_claims = True


def half_pair(request):
    """A value and a fact id holding a lone surrogate: Python holds it, UTF-8 cannot."""
    art = ReferenceCompressor().compress(request)
    fact = dataclasses.replace(art.facts[0], fact_id="fact-\\udc00", value="x\\ud800")
    return dataclasses.replace(art, facts=(fact,))
half_pair.replays_claims = True


sly = _changed(Sly("false"))
swapped = _changed("peanuts are fine")
'''


def _session(pytester: pytest.Pytester, name: str, *args: str) -> pytest.RunResult:
    pytester.makefile(".compaction.yaml", one=SPEC)
    pytester.makepyfile(hostile=textwrap.dedent(HOSTILE))
    pytester.syspathinsert()
    return pytester.runpytest_subprocess(
        "--compaction-contract",
        f"--compaction-compressor=hostile:{name}",
        "--compaction-timeout=2",
        "-p",
        "no:cacheprovider",
        *args,
        timeout=120,
    )


def _no_traceback(result: pytest.RunResult) -> None:
    text = result.stdout.str() + result.stderr.str()
    assert "Traceback" not in text
    assert "INTERNALERROR" not in text
    result.stdout.no_fnmatch_line("*.py:[0-9]*: in *")
    result.stdout.no_fnmatch_line("E   RuntimeError*")


@pytest.mark.parametrize(
    ("name", "line"),
    [
        (
            "unprintable",
            "*compressor_error*raised Unprintable (its message cannot be shown:*",
        ),
        ("endless", "*compressor_timeout*hostile:endless did not return within 2s*"),
        (
            "sly",
            "*artifact_malformed*facts[[]0[]] (fact-allergy-1) holds a value of type Sly, not a JSON*",
        ),
        ("swapped", "*artifact_malformed*facts[[]0[]] (fact-allergy-1) was changed after it was made*"),
        ("half_pair", "*representation_changed*the store refused the artifact*lone surrogate*"),
    ],
)
def test_a_hostile_compressor_is_one_named_violation(pytester: pytest.Pytester, name: str, line: str) -> None:
    result = _session(pytester, name, "--junitxml=junit.xml", "--compaction-report=report.json")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([line])
    _no_traceback(result)
    # every output was still written, and is well-formed
    ElementTree.parse(pytester.path / "junit.xml")
    json.loads((pytester.path / "report.json").read_text(encoding="utf-8"))


def test_a_spec_linked_from_outside_the_suite_is_refused_unread(
    pytester: pytest.Pytester, tmp_path_factory: pytest.TempPathFactory
) -> None:
    outside = tmp_path_factory.mktemp("outside") / "credentials"
    outside.write_text("aws_secret_access_key: SECRET-OUTSIDE-9f3 # real.person@gmail.com\n")
    specs = pytester.mkdir("specs")
    (specs / "creds.compaction.yaml").symlink_to(outside)
    (specs / "inside.compaction.yaml").symlink_to(pytester.makefile(".yaml", real=SPEC))
    pytester.makefile(".compaction.yaml", one=SPEC)
    result = pytester.runpytest("--compaction-contract", "-p", "no:cacheprovider", "-rA")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["*creds.compaction.yaml*is a symbolic link to a file outside the suite*"])
    assert "SECRET-OUTSIDE" not in result.stdout.str() + result.stderr.str()
    # compaction lint refuses it the same way, and its personal-data scan does not read it either
    out, err = io.StringIO(), io.StringIO()
    assert main(["lint", str(specs)], out=out, err=err) == 1
    assert "is a symbolic link to a file outside the suite" in out.getvalue()
    assert "SECRET-OUTSIDE" not in out.getvalue() + err.getvalue()
    assert "gmail" not in out.getvalue() + err.getvalue()


INVISIBLE = "\u200b\u200d\u2060\ufeff\U000e0041\u061c"


def test_invisible_characters_in_ids_and_values_are_shown_as_escapes(pytester: pytest.Pytester) -> None:
    """Zero-width characters, the byte-order mark and tag characters make two ids look alike
    (or hide text): the failure text shows each as an escape."""
    pytester.makefile(".compaction.yaml", one=SPEC.replace("fact-allergy-1", "fact-allergy-1" + INVISIBLE))
    pytester.makepyfile(hostile=textwrap.dedent(HOSTILE))
    pytester.syspathinsert()
    result = pytester.runpytest("--compaction-contract", "--compaction-compressor=hostile:rewrites")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([r"*fact-allergy-1\u200b\u200d\u2060\ufeff\U000e0041\u061c:value_changed*"])
    shown = result.stdout.str()
    assert not [char for char in INVISIBLE if char in shown]


def test_lint_names_a_spec_that_is_a_pipe_or_a_dangling_link(tmp_path: Path) -> None:
    """pytest never collects them, so only lint can say the spec is there and unreadable."""
    (tmp_path / "ok.compaction.yaml").write_text(SPEC)
    os.mkfifo(tmp_path / "pipe.compaction.yaml")
    (tmp_path / "gone.compaction.yaml").symlink_to(tmp_path / "missing.yaml")
    out, err = io.StringIO(), io.StringIO()
    assert main(["lint", str(tmp_path)], out=out, err=err) == 1
    lines = out.getvalue().splitlines()
    assert any("pipe.compaction.yaml: error: is a named pipe" in line for line in lines), lines
    assert any("gone.compaction.yaml: error: no such file" in line for line in lines), lines
    assert not any(line.startswith(f"{tmp_path / 'ok.compaction.yaml'}") for line in lines), lines
    assert "3 spec files checked" in lines[-1]


FORGING_NAME = "a\x1b[2J\n::error file=x.py,line=1::forged\u202e"


def test_a_spec_file_name_cannot_forge_the_failure_report(pytester: pytest.Pytester) -> None:
    """The file name is input too: in the failure headline and the message it is escaped."""
    (pytester.path / f"{FORGING_NAME}-bad.compaction.yaml").write_text("tenant: [unclosed\n")
    (pytester.path / f"{FORGING_NAME}-good.compaction.yaml").write_text(SPEC)
    pytester.makepyfile(hostile=textwrap.dedent(HOSTILE))
    pytester.syspathinsert()
    result = pytester.runpytest(
        "--compaction-contract", "--compaction-compressor=hostile:rewrites", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(failed=2)
    lines = result.stdout.lines
    assert not [line for line in lines if "\x1b" in line or "\u202e" in line]
    assert not [line for line in lines if line.lstrip().startswith("::")]
    shown = r"a\x1b[[]2J\n::error file=x.py,line=1::forged\u202e"
    result.stdout.fnmatch_lines([f"*{shown}-bad.compaction.yaml:2: *"])
