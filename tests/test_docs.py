"""Every example in the docs runs, so the docs cannot rot.

Fenced blocks are extracted from ``README.md`` and ``docs/**/*.md`` and handled by
language:

* **python**: the blocks of one page run in order, in one namespace, in a fresh
  interpreter (so a relation a page registers cannot leak into this session), from a
  scratch directory holding a copy of ``docs/examples``. A top-level expression
  followed by a comment that is a Python literal (``verdict.ok  # False``) must
  evaluate to that literal; trailing comment lines after a block that prints
  (``# fact-allergy-1:qualifiers_changed ...``) must be what it printed. A block that
  defines ``test_*`` functions (or starts with ``# conftest.py``), or that uses the
  plugin's fixtures at top level, is written into a pytester directory and must pass.
* **yaml**: a whole spec (it names a file, has ``events`` and more, or ``expected`` and
  an artifact) is loaded with :func:`pytest_compaction.specs.spec.load_spec`; a fragment of a
  spec (``budget: 400``, an ``events:`` list alone) is merged into a minimal scenario or
  recorded spec and validated against the shipped JSON Schema; a prose case
  (``register:``) is read with :meth:`~pytest_compaction.prose.gate.ProseCase.from_dict`; the
  user workflow in ``docs/ci.md`` must equal ``.github/workflows/compaction-example.yml``
  and other workflow snippets must have jobs with steps of one ``uses`` or ``run``.
* **json**: a payload (``expected`` and ``artifact``) must be checkable by
  ``compaction check`` (exit 0 or 1, never 2); anything else must parse.
* **toml / ini**: must parse; every ``compaction_*`` key must be a real ini option.
* **console / text**: a transcript (``$ command`` lines followed by output) runs in a
  pytester directory per page, in page order, with the files the page names
  (a block introduced by a line such as ```incident/artifact.json`:`` or whose first line
  is ``# name.compaction.yaml`` is written there first). ``compaction`` runs in process,
  ``pytest`` through pytester, ``echo $?`` reports the last exit code, anything else
  through ``bash``; ``fixture_library`` and ``docs/examples`` are there as in a checkout;
  the shown output must appear in order (``…`` matches anything;
  for pytest, timings, padding and absolute paths are ignored). A transcript without
  output is not run. Every ``pytest``/``compaction`` command line, run or not, must use
  options that exist, and every ``<fact id>:<code>`` shown must name a real violation code.

A block that cannot run standalone (it needs the user's own module, or it is a fragment
of a larger example) is preceded by ``<!-- docs: skip -->`` (optionally with a reason:
``<!-- docs: skip: needs your compressor -->``). Skipped blocks are still checked
statically (option names, violation codes).
"""

from __future__ import annotations

import ast
import configparser
import contextlib
import fnmatch
import importlib
import io
import json
import re
import shlex
import shutil
import subprocess
import sys
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from pytest_compaction import cli
from pytest_compaction.plugin.settings import OPTIONS
from pytest_compaction.specs.spec import SPEC_INI_KEYS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted([ROOT / "README.md", *DOCS.rglob("*.md")])
SKIP = re.compile(r"^<!--\s*docs:\s*skip\b.*-->$")
LABEL = re.compile(r"^`(?P<path>[\w./-]+\.\w+)`.*:$")
FIXTURES = (
    "fact_ledger",
    "compressor_under_test",
    "compaction_contract",
    "deletion_scenario",
    "memory_store",
)
KNOWN_INI = {option.name for option in OPTIONS} | set(SPEC_INI_KEYS)
KNOWN_FLAGS = {option.flag for option in OPTIONS}


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # line of the first body line, 1-based
    lang: str
    text: str
    skip: bool
    label: str | None  # a file name the page gives the block

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def extract(page: Path) -> list[Block]:
    """The fenced blocks of ``page``, with the skip marker and file label before each."""
    lines = page.read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        match = re.match(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)", lines[index])
        if not match:
            index += 1
            continue
        indent, fence, lang = len(match.group(1)), match.group(2), match.group(3).lower()
        before = [line.strip() for line in lines[:index] if line.strip()]
        previous = before[-1] if before else ""
        start = index + 1
        index += 1
        body: list[str] = []
        while index < len(lines) and not lines[index].strip().startswith(fence):
            body.append(lines[index][indent:])
            index += 1
        index += 1
        text = "\n".join(body) + "\n"
        label = None
        if found := LABEL.match(previous):
            label = found.group("path")
        elif body and (named := re.match(r"^#\s*([\w./-]+\.ya?ml)\s*$", body[0])):
            label = named.group(1)
        blocks.append(Block(page, start + 1, lang, text, bool(SKIP.match(previous)), label))
    return blocks


BLOCKS = [block for page in PAGES for block in extract(page)]


def blocks_of(*langs: str) -> list[Block]:
    return [block for block in BLOCKS if block.lang in langs]


def page_ids(pages: list[Path]) -> list[str]:
    return [str(page.relative_to(ROOT)) for page in pages]


def test_every_block_has_a_handler() -> None:
    handled = {"python", "yaml", "json", "toml", "ini", "console", "text", ""}
    unknown = [f"{block.where} ({block.lang})" for block in BLOCKS if block.lang not in handled]
    assert not unknown, f"no docs handler for these blocks; add one to tests/test_docs.py: {unknown}"


# -- python ------------------------------------------------------------------------------------


def is_pytest_block(block: Block) -> bool:
    tree = ast.parse(block.text)
    if block.text.lstrip().startswith("# conftest.py"):
        return True
    if any(isinstance(node, ast.FunctionDef) and node.name.startswith("test_") for node in tree.body):
        return True
    return bool(used_fixtures(tree))


def used_fixtures(tree: ast.Module) -> list[str]:
    """Plugin fixtures a block uses at top level, outside any function it defines."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            continue
        names |= {sub.id for sub in ast.walk(node) if isinstance(sub, ast.Name)}
    return [name for name in FIXTURES if name in names]


PYTHON = [block for block in blocks_of("python") if not block.skip]
PLAIN_PAGES = sorted({block.page for block in PYTHON if not is_pytest_block(block)})


def _literal(comment: str) -> tuple[bool, Any]:
    try:
        return True, ast.literal_eval(comment)
    except (ValueError, SyntaxError):
        return False, None


def _comments(source: str) -> dict[int, str]:
    found: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found[token.start[0]] = token.string[1:].strip()
    return found


def _instrument(source: str, filename: str) -> Any:
    """Compile ``source`` with ``expr  # literal`` lines turned into checks."""
    tree = ast.parse(source, filename)
    comments = _comments(source)
    body: list[ast.stmt] = []
    for node in tree.body:
        line = node.end_lineno or node.lineno
        if isinstance(node, ast.Expr) and line in comments:
            ok, _ = _literal(comments[line])
            if ok:
                call = ast.Call(
                    func=ast.Name("__docs_expect__", ast.Load()),
                    args=[node.value, ast.Constant(comments[line]), ast.Constant(line)],
                    keywords=[],
                )
                node = ast.Expr(ast.copy_location(call, node))
        body.append(node)
    tree.body = body
    return compile(ast.fix_missing_locations(tree), filename, "exec")


def _trailing_output(text: str) -> list[str]:
    """The comment lines that end a block, when the block prints: what it printed."""
    lines = text.rstrip().splitlines()
    if "print(" not in text:
        return []
    trailing: list[str] = []
    for line in reversed(lines):
        if not line.startswith("#"):
            break
        trailing.append(line[1:].strip())
    return trailing[::-1]


def run_python_page() -> int:
    """Subprocess entry point: run the blocks on stdin in one namespace; report as JSON."""
    blocks = json.load(sys.stdin)
    namespace: dict[str, Any] = {"__name__": "__docs__"}

    def expect(value: Any, literal: str, line: int) -> None:
        wanted = ast.literal_eval(literal)
        if value != wanted or type(value) is not type(wanted):
            raise AssertionError(f"line {line}: the docs say {literal}, the code gives {value!r}")

    namespace["__docs_expect__"] = expect
    for block in blocks:
        source = "\n" * (block["line"] - 1) + block["text"]
        out = io.StringIO()
        try:
            code = _instrument(source, block["page"])
            with contextlib.redirect_stdout(out):
                exec(code, namespace)
            printed = out.getvalue().splitlines()
            missing = _unmatched(_trailing_output(block["text"]), printed, exact=True)
            if missing:
                raise AssertionError(f"printed {printed!r}; the docs show {missing!r}")
        except BaseException as exc:  # report everything, SystemExit included
            import traceback

            detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)[-6:])
            print(json.dumps({"where": f"{block['page']}:{block['line']}", "error": detail}))
            return 1
    return 0


@pytest.mark.parametrize("page", PLAIN_PAGES, ids=page_ids(PLAIN_PAGES))
def test_python_examples_run(page: Path, tmp_path: Path) -> None:
    shutil.copytree(DOCS / "examples", tmp_path / "docs" / "examples")
    blocks = [
        {"page": str(block.page.relative_to(ROOT)), "line": block.line, "text": block.text}
        for block in PYTHON
        if block.page == page and not is_pytest_block(block)
    ]
    runner = (
        f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
        "from test_docs import run_python_page; sys.exit(run_python_page())"
    )
    done = subprocess.run(
        [sys.executable, "-c", runner],
        input=json.dumps(blocks),
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    if done.returncode != 0:
        try:
            report = json.loads(done.stdout.strip().splitlines()[-1])
        except (IndexError, ValueError):
            pytest.fail(done.stdout + done.stderr)
        pytest.fail(f"the example at {report['where']} fails:\n{report['error']}", pytrace=False)


PYTEST_BLOCKS = [block for block in PYTHON if is_pytest_block(block)]


_UNTIMED_HYPOTHESIS = """\
from hypothesis import HealthCheck, settings

settings.register_profile("docs-examples", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("docs-examples")
"""


def test_pytest_examples_pass(pytester: pytest.Pytester) -> None:
    """Test functions, conftest files and fixture fragments, each in its own directory."""
    folders: list[str] = []
    for block in PYTEST_BLOCKS:
        folder = pytester.path / f"{block.page.stem}_{block.line}".replace("-", "_")
        folder.mkdir()
        folders.append(folder.name)
        tree = ast.parse(block.text)
        if block.text.lstrip().startswith("# conftest.py"):
            (folder / "conftest.py").write_text(block.text, encoding="utf-8")
            (folder / f"test_{folder.name}.py").write_text("def test_conftest_loads():\n    pass\n")
            continue
        fixtures = used_fixtures(tree)
        if fixtures and not any(isinstance(node, ast.FunctionDef) for node in tree.body):
            body = "\n".join(f"    {line}" for line in block.text.splitlines())
            source = f"def test_fragment({', '.join(fixtures)}):\n{body}\n"
        else:
            source = block.text
        (folder / f"test_{folder.name}.py").write_text(f"import pytest\n{source}", encoding="utf-8")
    # The examples are timed by Hypothesis on a machine that runs the rest of this suite
    # beside them: a loaded CPU must not fail an example's health check or deadline.
    (pytester.path / "conftest.py").write_text(_UNTIMED_HYPOTHESIS, encoding="utf-8")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--import-mode=importlib", "-v")
    output = "\n".join(result.outlines)
    assert result.ret == 0, output
    silent = [name for name in folders if not re.search(rf"^{name}/\S+ PASSED", output, re.MULTILINE)]
    assert not silent, f"these examples ran no passing test: {silent}\n{output}"


# -- yaml ---------------------------------------------------------------------------------------

BASE_SCENARIO: dict[str, Any] = {"events": [{"id": "e1", "text": "Lovely weather today."}]}
BASE_RECORDED: dict[str, Any] = {
    "kind": "recorded",
    "expected": [{"fact_id": "f1", "tenant_id": "t1", "subject_id": "s1", "predicate": "p", "value": True}],
    "artifact": {"memory_version": 1, "tenant_id": "t1", "subject_id": "s1"},
}


def is_complete_spec(block: Block, data: dict[str, Any]) -> bool:
    """A whole spec, as opposed to a fragment showing one or two keys."""
    if block.label:
        return True
    if "expected" in data:
        return "artifact" in data or "artifact_file" in data
    return "events" in data and len(data) > 1


def is_recorded_fragment(data: dict[str, Any]) -> bool:
    events = data.get("events") or []
    return (
        data.get("kind") == "recorded"
        or bool({"expected", "artifact", "artifact_file"} & data.keys())
        or any(isinstance(event, dict) and "event_id" in event for event in events)
    )


@pytest.mark.parametrize("block", [b for b in blocks_of("yaml") if not b.skip], ids=lambda b: b.where)
def test_yaml_examples_load(block: Block, tmp_path: Path) -> None:
    from _schema import schema_problems

    from pytest_compaction.prose.gate import ProseCase
    from pytest_compaction.specs.spec import load_spec

    data = yaml.safe_load(block.text)
    assert isinstance(data, dict), f"{block.where}: a YAML example is a mapping"
    if "jobs" in data and block.page.name == "ci.md":
        workflow = ROOT / ".github" / "workflows" / "compaction-example.yml"
        assert block.text == workflow.read_text(encoding="utf-8"), f"{block.where} differs from {workflow}"
    elif "jobs" in data:
        for name, job in data["jobs"].items():
            assert job["runs-on"], f"{block.where}: jobs.{name} needs runs-on"
            assert job["steps"], f"{block.where}: jobs.{name} needs steps"
            for step in job["steps"]:
                assert ("uses" in step) != ("run" in step), f"{block.where}: jobs.{name}: {step}"
    elif "register" in data:
        ProseCase.from_dict(data)
    elif set(data) == {"predicates"}:
        from pytest_compaction.specs.inventory import Inventory

        Inventory.from_dict(data)
    elif is_complete_spec(block, data):
        path = tmp_path / (Path(block.label).name if block.label else "example.compaction.yaml")
        path.write_text(block.text, encoding="utf-8")
        load_spec(path)
    else:
        base = BASE_RECORDED if is_recorded_fragment(data) else BASE_SCENARIO
        merged = {**base, **data}
        if "artifact_file" in data:
            merged.pop("artifact")
        problems = schema_problems(merged)
        assert not problems, f"{block.where}: " + "; ".join(str(p) for p in problems)


# -- json, toml, ini -----------------------------------------------------------------------------


@pytest.mark.parametrize("block", [b for b in blocks_of("json") if not b.skip], ids=lambda b: b.where)
def test_json_examples_parse_and_check(block: Block, tmp_path: Path) -> None:
    if block.label and block.label.endswith(".jsonl"):
        for line in block.text.splitlines():
            if line.strip():
                json.loads(line)
        return
    data = json.loads(block.text)
    if isinstance(data, dict) and {"expected", "artifact"} <= data.keys():
        path = tmp_path / "payload.json"
        path.write_text(block.text, encoding="utf-8")
        out = io.StringIO()
        status = cli.main(["check", str(path)], out=out, err=out)
        assert status in (0, 1), f"{block.where}: compaction check could not read it:\n{out.getvalue()}"


def _ini_keys(block: Block) -> list[str]:
    if block.lang == "toml":
        tomllib = importlib.import_module("tomllib")  # Python 3.11+; the test is skipped before
        data = tomllib.loads(block.text)
        return list(data.get("tool", {}).get("pytest", {}).get("ini_options", {}))
    parser = configparser.ConfigParser(comment_prefixes=("#", ";"), inline_comment_prefixes=None)
    parser.read_string(block.text)
    return list(parser["pytest"]) if parser.has_section("pytest") else []


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib is Python 3.11+")
@pytest.mark.parametrize("block", blocks_of("toml", "ini"), ids=lambda b: b.where)
def test_ini_examples_use_real_options(block: Block) -> None:
    unknown = [key for key in _ini_keys(block) if key.startswith("compaction") and key not in KNOWN_INI]
    assert not unknown, f"{block.where}: no such ini option {unknown}; known: {sorted(KNOWN_INI)}"


# -- shell commands -----------------------------------------------------------------------------


def commands(block: Block) -> Iterator[str]:
    """Command lines shown in a console/text block: ``$ ...`` lines, or bare ones."""
    for line in block.text.splitlines():
        stripped = line.strip()
        if stripped.startswith("$ "):
            yield stripped[2:]
        elif re.match(r"^(pytest|compaction [\w-]+|python -m pytest|python benchmarks/\S+)(\s|$)", stripped):
            yield stripped


def argv_of(command: str) -> list[str]:
    return shlex.split(command.split(" > ")[0], comments=True)


SHOWN_COMMANDS = [
    (block, command) for block in blocks_of("console", "text", "") for command in commands(block)
]


@pytest.mark.parametrize(
    ("block", "command"), SHOWN_COMMANDS, ids=[f"{b.where}:{c[:40]}" for b, c in SHOWN_COMMANDS]
)
def test_commands_use_real_options(block: Block, command: str, pytester: pytest.Pytester) -> None:
    if " [" in command or "PATH..." in command:
        return  # a usage synopsis, not a command
    argv = argv_of(command)
    if argv[:3] == ["python", "-m", "pytest"]:
        argv = ["pytest", *argv[3:]]
    if argv[0] == "pytest":
        try:
            pytester.parseconfig(*argv[1:])
        except pytest.UsageError as exc:
            pytest.fail(f"{block.where}: `{command}`: {exc}")
    elif argv[0] == "compaction":
        try:
            cli.build_parser().parse_args(argv[1:])
        except SystemExit:
            pytest.fail(f"{block.where}: `{command}` is not a valid compaction command")
    elif argv[0] == "python" and argv[1].startswith("benchmarks/"):
        script = ROOT / argv[1]
        assert script.is_file(), f"{block.where}: no {argv[1]}"
        source = script.read_text(encoding="utf-8")
        for flag in (arg for arg in argv[2:] if arg.startswith("--")):
            assert f'"{flag.split("=")[0]}"' in source, f"{block.where}: {argv[1]} takes no {flag}"


VIOLATION_NAME = re.compile(r"(?:^|\s)(?:[\w.~-]+):([a-z][a-z_]*_[a-z_]*[a-z])  ")
VIOLATION_CODE_ALONE = re.compile(
    r"^\s*(?:E\s+|review: )?([a-z]+(?:_[a-z]+)+)  (?:expected|writer|a write|\()"
)
INLINE_NAME = re.compile(r"`[\w.~-]+:([a-z]+(?:_[a-z]+)+)`")


INTERNAL = re.compile(
    r"\bbrief\b|§|\bissues? #?\d+|\b(?:ux|specs|engine|prose|compressors|safety) helper\b|\bthe lead\b",
    re.IGNORECASE,
)
MUTATION_SCORE = re.compile(r"mutation score (\d+/\d+)")


@pytest.mark.parametrize("page", PAGES, ids=page_ids(PAGES))
def test_user_docs_carry_no_internal_references(page: Path) -> None:
    """A reader has no brief, no issue tracker and no team vocabulary: name the thing itself."""
    text = page.read_text(encoding="utf-8")
    found = [m.group() for m in INTERNAL.finditer(text)]
    assert not found, f"{page.name} refers to internal documents or roles: {found}"


@pytest.mark.parametrize("page", PAGES, ids=page_ids(PAGES))
def test_a_page_states_one_mutation_score(page: Path) -> None:
    """Two different figures for the same measurement on one page: one of them is stale."""
    scores = set(MUTATION_SCORE.findall(page.read_text(encoding="utf-8")))
    assert len(scores) <= 1, f"{page.name} states different mutation scores: {sorted(scores)}"


@pytest.mark.parametrize("page", PAGES, ids=page_ids(PAGES))
def test_violation_names_are_real(page: Path) -> None:
    from pytest_compaction.core.violations import ViolationCode

    codes = {code.value for code in ViolationCode}
    shown: set[str] = set()
    text = page.read_text(encoding="utf-8")
    shown |= set(INLINE_NAME.findall(text))
    for block in extract(page):
        if block.lang in ("console", "text", ""):
            for line in block.text.splitlines():
                shown |= set(VIOLATION_NAME.findall(line))
                shown |= set(VIOLATION_CODE_ALONE.findall(line))
    assert shown <= codes, f"{page.name} shows codes that do not exist: {sorted(shown - codes)}"


# -- transcripts --------------------------------------------------------------------------------


def transcript(block: Block) -> list[tuple[str, list[str]]]:
    """``[(command, shown output lines), ...]`` for a block of ``$`` lines."""
    steps: list[tuple[str, list[str]]] = []
    for line in block.text.rstrip("\n").splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
    return steps


def is_transcript(block: Block) -> bool:
    steps = transcript(block) if block.lang in ("console", "text", "") else []
    return any(output for _, output in steps)


def _pattern(line: str, *, loose: bool) -> str:
    pattern = "".join(f"[{c}]" if c in "[]*?" else c for c in line).replace("…", "*")
    if loose:
        pattern = re.sub(r"\d+\.\d+s\b", "*s", pattern)
        pattern = re.sub(r"(?:^|(?<=\s))/[^\s:]+/", "*", pattern)
        pattern = re.sub(r"={3,}|_{3,}|\s{2,}", "*", pattern)
    return pattern


def _unmatched(expected: list[str], actual: list[str], *, exact: bool) -> list[str]:
    """Expected lines (patterns) not found in ``actual`` in order; empty when all match."""
    position = 0
    for index, line in enumerate(expected):
        pattern = _pattern(line, loose=not exact)
        while position < len(actual) and not fnmatch.fnmatchcase(actual[position].rstrip(), pattern):
            position += 1
        if position == len(actual):
            return expected[index:]
        position += 1
    return []


def _cli_payloads(root: Path) -> None:
    """The files cli.md shows output for and describes in words."""
    payload = json.loads((DOCS / "examples" / "incident-allergy.json").read_text(encoding="utf-8"))
    allergy = payload["artifact"]["facts"][0]
    fixed = json.loads(json.dumps(payload))
    fixed["artifact"]["facts"][0]["qualifiers"] = {"basis": "allergy", "severity": "critical"}
    (root / "fixed.json").write_text(json.dumps(fixed), encoding="utf-8")
    drift = json.loads(json.dumps(fixed))
    drift["artifact"]["facts"][0].update(value="false", source_event_ids=[])
    paris = {"fact_id": "home-1", "predicate": "home.city", "value": "Paris", "source_event_ids": ["evt-017"]}
    drift["artifact"]["facts"].append(paris)
    (root / "drift.json").write_text(json.dumps(drift), encoding="utf-8")
    invented = json.loads(json.dumps(fixed))
    invented["artifact"]["facts"].append(paris)
    (root / "invented.json").write_text(json.dumps(invented), encoding="utf-8")
    assert allergy["qualifiers"] == {}, "incident-allergy.json is the qualifier-loss incident"


def _prose_case(root: Path) -> None:
    """prose.md's failing case: its plain-data example with a misspelt modality on line 6."""
    block = next(b for b in extract(DOCS / "prose.md") if b.lang == "yaml")
    (root / "case.yaml").write_text(block.text.replace("modality: prohibition", "modality: prohibit", 1))


SETUP: dict[str, Callable[[Path], None]] = {"cli.md": _cli_payloads, "prose.md": _prose_case}
TRANSCRIPT_PAGES = sorted({b.page for b in BLOCKS if is_transcript(b) and not b.skip})


def _run(command: str, cwd: Path, pytester: pytest.Pytester, last: int) -> tuple[int, list[str], bool]:
    """Run one shown command; return its exit code, its output lines and whether pytest ran it."""
    if command == "echo $?":
        return last, [str(last)], False
    argv = argv_of(command)
    if argv[0] == "compaction" and " > " not in command:
        out = io.StringIO()
        return cli.main(argv[1:], out=out, err=out), out.getvalue().splitlines(), False
    if argv[0] == "pytest" or argv[:3] == ["python", "-m", "pytest"]:
        args = argv[1:] if argv[0] == "pytest" else argv[3:]
        result = pytester.runpytest("-p", "no:cacheprovider", *args)
        return int(result.ret), result.outlines + result.errlines, True
    bin_dir = str(Path(sys.executable).parent)
    done = subprocess.run(
        ["bash", "-c", f'PATH="{bin_dir}:$PATH"; {command}'],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    return done.returncode, (done.stdout + done.stderr).splitlines(), False


@pytest.mark.parametrize("page", TRANSCRIPT_PAGES, ids=page_ids(TRANSCRIPT_PAGES))
def test_transcripts_show_real_output(page: Path, pytester: pytest.Pytester) -> None:
    """Run the page's ``$`` transcripts in order, with the files it names, and compare."""
    root = pytester.path
    shutil.copytree(DOCS / "examples", root / "docs" / "examples")
    (root / "fixture_library").symlink_to(ROOT / "fixture_library")
    if page.name in SETUP:
        SETUP[page.name](root)
    last = 0
    for block in extract(page):
        if block.label and not block.skip:
            target = root / block.label
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(block.text, encoding="utf-8")
        if block.skip or not is_transcript(block):
            continue
        for command, shown in transcript(block):
            last, actual, by_pytest = _run(command, root, pytester, last)
            if not shown:
                continue
            if command.startswith("compaction") and "--format json" in command:
                assert json.loads("\n".join(actual)) == json.loads("\n".join(shown)), block.where
                continue
            missing = _unmatched(shown, actual, exact=not by_pytest)
            assert not missing, (
                f"{block.where}: `{command}` (exit {last}) printed\n"
                + "\n".join(actual[-40:])
                + "\n\nbut the docs show\n"
                + "\n".join(missing)
            )


# -- the violation reference -----------------------------------------------------------------

EXPECTED_FACT = {
    "fact_id": "fact-1",
    "tenant_id": "t1",
    "subject_id": "s1",
    "predicate": "food.peanuts_allowed",
    "value": False,
    "qualifiers": {"basis": "allergy"},
    "source_event_id": "e1",
}
FAITHFUL = {
    "fact_id": "fact-1",
    "predicate": "food.peanuts_allowed",
    "value": False,
    "qualifiers": {"basis": "allergy"},
    "source_event_ids": ["e1"],
}

# Each entry of the violation reference's fact contract, as the change its example describes.
VIOLATION_EXAMPLES: dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {
    "missing": ([EXPECTED_FACT], []),
    "value_changed": ([EXPECTED_FACT], [{**FAITHFUL, "value": "false"}]),
    "qualifiers_changed": ([EXPECTED_FACT], [{**FAITHFUL, "qualifiers": {}}]),
    "predicate_changed": ([EXPECTED_FACT], [{**FAITHFUL, "predicate": "food.preference"}]),
    "tenant_changed": ([EXPECTED_FACT], [{**FAITHFUL, "tenant_id": "t2"}]),
    "subject_changed": ([EXPECTED_FACT], [{**FAITHFUL, "subject_id": "s2"}]),
    "provenance_missing": (
        [{**EXPECTED_FACT, "source_event_id": None, "source_event_ids": ["e1", "e2"]}],
        [FAITHFUL],
    ),
    "forbidden_superseded_fact": (
        [
            {**EXPECTED_FACT, "status": "superseded", "superseded_by": "fact-2"},
            {**EXPECTED_FACT, "fact_id": "fact-2", "criticality": "continuity"},
        ],
        [FAITHFUL],
    ),
    "forbidden_deleted_fact": ([{**EXPECTED_FACT, "status": "deleted", "status_event_id": "e9"}], [FAITHFUL]),
    "forbidden_retired_fact": (
        [{**EXPECTED_FACT, "status": "retired", "status_event_id": "e9", "status_reason": "test passed"}],
        [FAITHFUL],
    ),
    "unsupported_fact": (
        [EXPECTED_FACT],
        [FAITHFUL, {"fact_id": "fact-9", "predicate": "home.city", "value": "Paris"}],
    ),
    "duplicate_fact_id": ([EXPECTED_FACT], [FAITHFUL, FAITHFUL]),
    "trust_elevated": ([{**EXPECTED_FACT, "authority": "untrusted"}], [FAITHFUL]),
}


@pytest.mark.parametrize("code", sorted(VIOLATION_EXAMPLES))
def test_violation_reference_examples(code: str) -> None:
    """Each fact-contract entry of docs/violations.md shows what its example really prints."""
    from pytest_compaction import check, load_payload

    expected, facts = VIOLATION_EXAMPLES[code]
    expected = [{k: v for k, v in fact.items() if v is not None} for fact in expected]
    payload = load_payload(
        {
            "expected": expected,
            "artifact": {"memory_version": 2, "tenant_id": "t1", "subject_id": "s1", "facts": facts},
        }
    )
    verdict = check(payload.expected, payload.artifact)
    lines = [v.describe() for v in verdict.violations if v.code.value == code]
    assert lines, f"the {code} example produces {verdict.names}"
    reference = (DOCS / "violations.md").read_text(encoding="utf-8")
    section = reference.split(f"### `{code}`", 1)[1].split("\n### ", 1)[0]
    assert lines[0] in section, (
        f"docs/violations.md shows a different line for {code}; the checker says {lines[0]}"
    )


def test_violation_reference_faithful_example_passes() -> None:
    from pytest_compaction import check, load_payload

    blocks = [b for b in extract(DOCS / "violations.md") if b.lang == "json"]
    expected, faithful = (json.loads(b.text) for b in blocks[:2])
    assert expected == EXPECTED_FACT, "the test's expected fact drifted from the page"
    assert faithful == FAITHFUL, "the test's faithful artifact fact drifted from the page"
    payload = load_payload(
        {
            "expected": [expected],
            "artifact": {"memory_version": 2, "tenant_id": "t1", "subject_id": "s1", "facts": [faithful]},
        }
    )
    assert check(payload.expected, payload.artifact).ok


# -- the site ----------------------------------------------------------------------------------


def _nav_pages(entries: Any) -> Iterator[str]:
    for entry in entries:
        if isinstance(entry, str):
            yield entry
        elif isinstance(entry, dict):
            for value in entry.values():
                yield from [value] if isinstance(value, str) else _nav_pages(value)


def test_every_page_is_in_the_nav_and_every_nav_entry_exists() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    nav = list(_nav_pages(config["nav"]))
    pages = sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md"))
    assert sorted(set(nav)) == sorted(nav), "a page is in the nav twice"
    assert [p for p in nav if not (DOCS / p).is_file()] == [], "the nav names missing pages"
    assert [p for p in pages if p not in nav] == [], "pages missing from the nav in mkdocs.yml"


def test_api_reference_names_importable_modules() -> None:
    import importlib

    for page in (DOCS / "api").glob("*.md"):
        for module in re.findall(r"^::: ([\w.]+)$", page.read_text(encoding="utf-8"), re.MULTILINE):
            importlib.import_module(module)


def test_every_option_is_documented() -> None:
    text = (DOCS / "options.md").read_text(encoding="utf-8")
    missing = [option.flag for option in OPTIONS if f"`{option.flag}" not in text]
    assert not missing, f"docs/options.md does not document {missing}"


def test_performance_page_has_every_benchmark_row() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "benchmarks" / "run.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_run"] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules["bench_run"]
    text = (DOCS / "performance.md").read_text(encoding="utf-8")
    missing = [row for row in module.ROWS if row not in text]
    assert not missing, f"docs/performance.md lacks rows of benchmarks/run.py: {missing}"


_SCORE = re.compile(
    r"mutation score (\d+)/(\d+) \((\d+)%\): (\d+) mutants? against (\d+) scenarios?(?: in [\d.]+s)?"
)


def mutation_figures(text: str) -> list[str]:
    """Every mutation-score figure of a page that contradicts itself, the page, or the code."""
    from pytest_compaction.mutants.catalog import MUTANTS

    problems = []
    scenario_counts = set()
    for match in _SCORE.finditer(text):
        killed, total, percent, mutants, scenarios = (int(g) for g in match.groups())
        line = match.group(0)
        if not (killed <= total == mutants and percent == 100 * killed // total):
            problems.append(f"{line!r} does not add up")
        if mutants != len(MUTANTS):
            problems.append(f"{line!r}: the package ships {len(MUTANTS)} mutants")
        scenario_counts.add(scenarios)
    if len(scenario_counts) > 1:
        problems.append(f"the page states different scenario counts: {sorted(scenario_counts)}")
    for match in re.finditer(r"\ball (\d+) mutants\b", text):
        if int(match.group(1)) != len(MUTANTS):
            problems.append(f"{match.group(0)!r}: the package ships {len(MUTANTS)} mutants")
    return problems


def test_mutation_figures_agree_with_the_code() -> None:
    from pytest_compaction.mutants.catalog import MUTANTS, library_scenarios

    text = (DOCS / "mutants.md").read_text(encoding="utf-8")
    assert mutation_figures(text) == []
    table = text.split("### The bundled library's table", 1)[1].split("```")[1]
    assert f"against {len(library_scenarios())} scenarios" in table
    listed = [line.split()[0] for line in table.strip().splitlines()[2:]]
    assert listed == [m.name for m in MUTANTS], "the library table lists other mutants than the package"
    for page in sorted(DOCS.rglob("*.md")):
        assert mutation_figures(page.read_text(encoding="utf-8")) == [], page


def test_mutation_figures_catch_contradictions() -> None:
    from pytest_compaction.mutants.catalog import MUTANTS

    n = len(MUTANTS)
    good = f"mutation score {n}/{n} (100%): {n} mutants against 46 scenarios"
    assert mutation_figures(good) == []
    assert mutation_figures(f"{good}\n{good} in 1.03s") == []
    stale = "mutation score 21/21 (100%): 21 mutants against 43 scenarios in 1.03s"
    assert mutation_figures(f"{good}\n{stale}") == [
        f"{stale!r}: the package ships {n} mutants",
        "the page states different scenario counts: [43, 46]",
    ]
    assert mutation_figures("mutation score 3/4 (50%): 4 mutants against 1 scenario") == [
        "'mutation score 3/4 (50%): 4 mutants against 1 scenario' does not add up",
        f"'mutation score 3/4 (50%): 4 mutants against 1 scenario': the package ships {n} mutants",
    ]
    assert mutation_figures("and still kills all 21 mutants.") == [
        f"'all 21 mutants': the package ships {n} mutants"
    ]
