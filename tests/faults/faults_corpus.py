"""The fault corpus as data: hostile CLI payloads and hostile specs, each with its verdict.

Runner tests (``test_faults_cli.py``, ``test_faults_specs.py``) feed every case to every
front end that reads it and assert the verdict; evidence canaries and store faults keep
their own tables next to their runners. A case is a name, how to make the file, and what
must happen; nothing here is specific to one runner.
"""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["PAYLOADS", "SPECS", "Payload", "SpecCase", "spec_params", "valid_payload", "valid_spec"]

SUBJECT, TENANT = "subject-0042", "tenant-demo"


def valid_payload(**changes: object) -> dict[str, object]:
    fact = {
        "fact_id": "fact-allergy-1",
        "tenant_id": TENANT,
        "subject_id": SUBJECT,
        "predicate": "food.peanuts_allowed",
        "value": False,
        "qualifiers": {"basis": "allergy"},
    }
    fact.update(changes.pop("fact", {}))  # type: ignore[call-overload]
    kept = {k: v for k, v in fact.items() if k not in ("tenant_id", "subject_id")}
    kept.update(changes.pop("kept", {}))  # type: ignore[call-overload]
    payload: dict[str, object] = {
        "expected": [fact],
        "artifact": {"memory_version": 3, "tenant_id": TENANT, "subject_id": SUBJECT, "facts": [kept]},
    }
    payload.update(changes)
    return payload


def as_json(data: object) -> bytes:
    return json.dumps(data).encode()


@dataclass(frozen=True)
class Payload:
    """One input file for the command line."""

    name: str
    make: Callable[[Path], Path]
    """Makes the file (or special file) inside the given directory and returns its path."""
    check: tuple[int, ...] = (2,)
    """The exit codes ``compaction check`` may give (2: refused with one line)."""
    says: str = ""
    """Words the error line must hold (besides naming the file)."""


def _file(filename: str, content: bytes) -> Callable[[Path], Path]:
    def make(directory: Path) -> Path:
        path = directory / filename
        path.write_bytes(content)
        return path

    return make


def _fifo(directory: Path) -> Path:
    path = directory / "pipe.json"
    os.mkfifo(path)
    return path


def _socket(directory: Path) -> Path:
    path = directory / "s.json"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.close()  # the socket file stays
    return path


def _symlink(target: str, name: str = "link.json") -> Callable[[Path], Path]:
    def make(directory: Path) -> Path:
        path = directory / name
        path.symlink_to(target)
        return path

    return make


def _symlink_to_fifo(directory: Path) -> Path:
    fifo = _fifo(directory)
    link = directory / "to-pipe.json"
    link.symlink_to(fifo)
    return link


def _sparse(directory: Path) -> Path:
    path = directory / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(17 * 1024 * 1024)
    return path


def _directory(directory: Path) -> Path:
    path = directory / "dir.json"
    path.mkdir()
    return path


def _text(data: object) -> str:
    return json.dumps(data)


FORGED = "\x1b[2J\x1b[H\n::error file=x.py,line=1::forged\r\u202e"
INVISIBLE = "\u200b\u200d\u2060\ufeff\U000e0041"

PAYLOADS: list[Payload] = [
    # special files: refused by type, never opened, never blocking
    Payload("fifo", _fifo, says="named pipe"),
    Payload("symlink-to-fifo", _symlink_to_fifo, says="named pipe"),
    Payload("dev-zero", lambda d: Path("/dev/zero"), says="character device"),
    Payload("dev-null", lambda d: Path(os.devnull), says="character device"),
    Payload("dev-urandom", lambda d: Path("/dev/urandom"), says="character device"),
    Payload("socket", _socket, says="socket"),
    Payload("directory", _directory, says="directory"),
    Payload("missing", lambda d: d / "missing.json", says="no such file"),
    Payload("dangling-symlink", _symlink("/nonexistent/target.json"), says="no such file"),
    Payload("symlink-to-dev-zero", _symlink("/dev/zero", "zero.json"), says="character device"),
    Payload("oversized-sparse", _sparse, says="the limit is"),
    # encodings: refused with a byte offset, never replaced
    Payload(
        "latin-1",
        _file("latin1.json", '{"expected": [], "note": "café"}'.encode("latin-1")),
        says="byte offset",
    ),
    Payload("utf-16", _file("utf16.json", _text(valid_payload()).encode("utf-16")), says="byte offset"),
    Payload("overlong-utf8", _file("overlong.json", b'{"a": "\xc0\xaf"}'), says="byte offset 7"),
    Payload("encoded-surrogate", _file("cesu.json", b'{"a": "\xed\xa0\x80"}'), says="byte offset 7"),
    Payload("truncated-multibyte", _file("cut.json", b'{"a": "\xe2\x82'), says="byte offset"),
    Payload("lone-high-surrogate-escape", _file("high.json", b'{"a": "\\ud800"}'), says="lone surrogate"),
    Payload("lone-low-surrogate-escape", _file("low.json", b'{"a": "x\\udc00"}'), says="lone surrogate"),
    Payload("reversed-surrogate-pair", _file("rev.json", b'{"a": "\\ude00\\ud83d"}'), says="lone surrogate"),
    Payload(
        "surrogate-in-a-value",
        _file(
            "val.json",
            _text(valid_payload(fact={"value": "x"}, kept={"value": "x"}))
            .replace('"x"', '"\\ud83d"')
            .encode(),
        ),
        says="lone surrogate",
    ),
    Payload(
        "yaml-8-digit-surrogate",
        _file("sur.yaml", b'expected: []\nartifact: "\\U0000D800"\n'),
        says="lone surrogate",
    ),
    Payload(
        "valid-surrogate-pair",
        _file(
            "pair.json",
            _text(valid_payload(fact={"value": "x"}, kept={"value": "x"}))
            .replace('"x"', '"\\ud83d\\ude00"')
            .encode(),
        ),
        check=(0,),
    ),
    Payload(
        "escaped-backslash-before-u",
        _file(
            "bs.json",
            _text(valid_payload(fact={"value": "x"}, kept={"value": "x"}))
            .replace('"x"', '"\\\\ud800"')
            .encode(),
        ),
        check=(0,),
    ),
    Payload("nul-bytes", _file("nul.json", b'{"expected": [],\x00 "artifact": {}}'), says="invalid JSON"),
    Payload("empty-file", _file("empty.json", b""), says="invalid JSON"),
    Payload("whitespace-only", _file("ws.json", b"   \n\t\n"), says="invalid JSON"),
    Payload("utf8-bom", _file("bom.json", b"\xef\xbb\xbf" + as_json(valid_payload()))),
    # numbers JSON cannot hold
    Payload(
        "infinity-value",
        _file("inf.json", _text(valid_payload()).replace("false", "Infinity").encode()),
        says="not a finite number",
    ),
    Payload(
        "minus-infinity",
        _file("minf.json", _text(valid_payload()).replace("false", "-Infinity").encode()),
        says="not a finite number",
    ),
    Payload(
        "nan-value", _file("nan.json", _text(valid_payload()).replace("false", "NaN").encode()), says="NaN"
    ),
    Payload(
        "overflowing-float",
        _file("big.json", _text(valid_payload()).replace("false", "1e999").encode()),
        says="not a finite number",
    ),
    Payload(
        "infinity-qualifier",
        _file("q.json", _text(valid_payload()).replace('"allergy"', "Infinity").encode()),
        says="not a finite number",
    ),
    Payload(
        "yaml-inf",
        _file(
            "inf.yaml",
            b"expected:\n- {fact_id: f, tenant_id: t, subject_id: s, predicate: p, value: .inf}\n"
            b"artifact: {memory_version: 1, tenant_id: t, subject_id: s}\n",
        ),
        says="not a finite number",
    ),
    Payload(
        "huge-integer",
        _file("digits.json", _text(valid_payload()).replace("false", "9" * 5000).encode()),
        says="invalid JSON",
    ),
    Payload(
        "big-but-valid-integer",
        _file("bigint.json", _text(valid_payload(fact={"value": 10**300}, kept={"value": 10**300})).encode()),
        check=(0,),
    ),
    # structure
    Payload("deep-nesting", _file("deep.json", b"[" * 100_000 + b"]" * 100_000), says="nest"),
    Payload("deep-nesting-objects", _file("deepo.json", b'{"a":' * 5000 + b"1" + b"}" * 5000), says="nest"),
    Payload("top-level-list", _file("list.json", b"[1, 2, 3]"), says="payload is a mapping"),
    Payload("top-level-string", _file("str.json", b'"hello"'), says="payload is a mapping"),
    Payload("top-level-null", _file("null.json", b"null"), says="payload is a mapping"),
    Payload(
        "duplicate-key",
        _file("dup.json", b'{"expected": [], "expected": [], "artifact": {}}'),
        says="given twice",
    ),
    Payload("trailing-garbage", _file("tail.json", as_json(valid_payload()) + b" }"), says="invalid JSON"),
    Payload("unknown-key", _file("unk.json", as_json(valid_payload(artefact={}))), says="unknown key"),
    Payload(
        "wrong-type-version",
        _file(
            "ver.json",
            _text(valid_payload()).replace('"memory_version": 3', '"memory_version": "3"').encode(),
        ),
        says="expected an integer",
    ),
    Payload(
        "yaml-python-tag",
        _file("evil.yaml", b"expected: !!python/object/apply:os.system ['true']\nartifact: {}\n"),
        says="not allowed",
    ),
    Payload(
        "yaml-billion-laughs",
        _file(
            "laughs.yaml",
            b'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
            + b"".join(
                f"{chr(98 + i)}: &{chr(98 + i)} [{','.join([f'*{chr(97 + i)}'] * 9)}]\n".encode()
                for i in range(8)
            ),
        ),
    ),
    Payload("yaml-tabs", _file("tabs.yaml", b"expected:\n\t- x\n"), says="invalid YAML"),
    Payload("yaml-merge-key", _file("merge.yaml", b"base: &b {x: 1}\nexpected:\n  <<: *b\nartifact: {}\n")),
    # output forging: control characters in ids and values are escaped, the check still runs
    Payload(
        "forged-fact-id",
        _file(
            "forge.json",
            as_json(
                valid_payload(
                    fact={"fact_id": f"f{FORGED}"}, kept={"fact_id": f"f{FORGED}", "value": "false"}
                )
            ),
        ),
        check=(1,),
    ),
    Payload(
        "forged-value",
        _file("forgev.json", as_json(valid_payload(kept={"value": FORGED}))),
        check=(1,),
    ),
    Payload("forged-file-name", _file("a\x1b[2J\nb.json", b"{"), says="invalid JSON"),
    Payload(
        "invisible-fact-id",  # zero-width, joiner, BOM and tag characters: two ids that look alike
        _file(
            "invisible.json",
            as_json(
                valid_payload(
                    fact={"fact_id": f"f{INVISIBLE}"}, kept={"fact_id": f"f{INVISIBLE}", "value": "false"}
                )
            ),
        ),
        check=(1,),
    ),
    Payload(
        "long-value", _file("long.json", as_json(valid_payload(kept={"value": "x" * 200_000}))), check=(1,)
    ),
    Payload("valid", _file("ok.json", as_json(valid_payload())), check=(0,)),
    Payload("valid-yaml", _file("ok.yaml", json.dumps(valid_payload()).encode()), check=(0,)),
    Payload(
        "many-facts",
        _file(
            "many.json",
            as_json(
                {
                    "expected": [
                        {
                            "fact_id": f"f{i}",
                            "tenant_id": "t",
                            "subject_id": "s",
                            "predicate": f"p{i}",
                            "value": i,
                        }
                        for i in range(300)
                    ],
                    "artifact": {
                        "memory_version": 1,
                        "tenant_id": "t",
                        "subject_id": "s",
                        "facts": [
                            {"fact_id": f"f{i}", "predicate": f"p{i}", "value": str(i)} for i in range(300)
                        ],
                    },
                }
            ),
        ),
        check=(1,),
    ),
]


# -- specs -------------------------------------------------------------------------------


def valid_spec(**top: str) -> str:
    lines = {
        "tenant": "tenant: tenant-faults",
        "subject": "subject: subject-faults",
        "events": (
            "events:\n"
            "  - id: e1\n"
            "    text: I am allergic to peanuts.\n"
            "    facts:\n"
            "      - {id: fact-allergy-1, predicate: food.peanuts_allowed, value: false}"
        ),
    }
    lines.update(top)
    return "\n".join(line for line in lines.values() if line) + "\n"


@dataclass(frozen=True)
class SpecCase:
    """One spec file; ``verdict`` is ``error`` (one failed item, the rest run), ``ok``, or
    ``any`` (loading may accept or refuse it; the runners check only how it is shown)."""

    name: str
    content: bytes
    verdict: str = "error"
    category: str = "specs"
    """specs, or isolation (a probe: nothing may execute, import or echo outside the suite)."""
    owner: str = "specs helper"
    pending: bool = False
    """True while the verdict fails on this branch because the owner's fix is not here yet:
    the runners mark the case xfail (non-strict) with the owner in the reason."""
    hangs: bool = False
    """Runs (nearly) forever while pending: kept out of the shared session until its owner's fix
    lands (lint still sees it)."""
    files: dict[str, bytes] = field(default_factory=dict)
    """Extra files, relative to the session root (a module a probe tries to import, a secret)."""
    forbidden: tuple[str, ...] = ()
    """Text that must appear nowhere in the output, and files that must not be created."""


SECRET = "SECRET-OUTSIDE-7q2"
PWNED = "PWNED-marker"


def _spec(text: str) -> bytes:
    return text.encode()


def _steps(*steps: str) -> str:
    return "steps:\n" + "".join(f"  - {step}\n" for step in steps)


SPECS: list[SpecCase] = [
    SpecCase("control-valid", _spec(valid_spec()), verdict="ok"),
    SpecCase("control-valid-steps", _spec(valid_spec() + _steps("add: [e1]", "compress")), verdict="ok"),
    SpecCase("empty-file", b""),
    SpecCase("comments-only", b"# nothing here\n"),
    SpecCase("top-level-list", b"- a\n- b\n"),
    SpecCase("top-level-scalar", b"hello\n"),
    SpecCase("invalid-yaml", b"tenant: [unclosed\n"),
    SpecCase("tabs", _spec(valid_spec().replace("  - id: e1", "\t- id: e1"))),
    SpecCase("non-utf8", content=valid_spec(tenant="tenant: caf\xe9").encode("latin-1")),
    SpecCase("utf16", valid_spec().encode("utf-16")),
    SpecCase("nul-byte", _spec(valid_spec().replace("peanuts.", "pea\x00nuts."))),
    SpecCase("lone-surrogate-escape", _spec(valid_spec().replace("I am allergic to peanuts.", '"\\ud800"'))),
    SpecCase("python-tag", _spec(valid_spec(tenant="tenant: !!python/object/apply:os.system ['true']"))),
    SpecCase("unknown-tag", _spec(valid_spec(tenant="tenant: !custom x"))),
    SpecCase("duplicate-key", _spec(valid_spec() + "tenant: again\n")),
    SpecCase("merge-key", _spec("base: &b {tenant: t}\n<<: *b\n" + valid_spec())),
    SpecCase(
        "billion-laughs",
        _spec(
            valid_spec()
            + 'x0: &x0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
            + "".join(f"x{i + 1}: &x{i + 1} [{','.join([f'*x{i}'] * 10)}]\n" for i in range(7))
        ),
    ),
    SpecCase(
        "alias-bytes-bomb",
        _spec(
            "big: &big " + "Q" * 100_000 + "\n" + "many: [" + ", ".join(["*big"] * 40) + "]\n" + valid_spec()
        ),
    ),
    SpecCase(
        "deep-nesting", _spec(valid_spec().replace("value: false", "value: " + "[" * 5000 + "]" * 5000))
    ),
    SpecCase("huge-integer", _spec(valid_spec().replace("value: false", "value: " + "9" * 5000))),
    SpecCase("inf-value", content=_spec(valid_spec().replace("value: false", "value: .inf"))),
    SpecCase("nan-value", _spec(valid_spec().replace("value: false", "value: .nan"))),
    SpecCase("oversized-file", _spec(valid_spec() + "# " + "x" * (17 * 1024 * 1024) + "\n")),
    SpecCase("missing-tenant", _spec(valid_spec(tenant="")), verdict="ok"),
    SpecCase("events-not-a-list", _spec(valid_spec(events="events: {e1: x}"))),
    SpecCase(
        "event-text-a-number", _spec(valid_spec().replace("text: I am allergic to peanuts.", "text: 42"))
    ),
    SpecCase("fact-without-predicate", _spec(valid_spec().replace("predicate: food.peanuts_allowed, ", ""))),
    SpecCase("unknown-top-key", _spec(valid_spec() + "evnets: []\n")),
    SpecCase("misspelt-step", _spec(valid_spec() + _steps("add: [e1]", "compres"))),
    SpecCase("step-unknown-event", _spec(valid_spec() + _steps("add: [e9]", "compress"))),
    SpecCase("never-compresses", _spec(valid_spec() + _steps("add: [e1]"))),
    SpecCase(
        "delete-unknown-fact",
        _spec(valid_spec() + _steps("add: [e1]", "compress", "delete: nope", "compress")),
    ),
    SpecCase("negative-budget", content=_spec(valid_spec() + "budget: -5\n")),
    SpecCase("zero-budget", content=_spec(valid_spec() + "budget: 0\n")),
    SpecCase("huge-depth", content=_spec(valid_spec() + "depth: 1000000000\n")),
    SpecCase("negative-depth", _spec(valid_spec() + "depth: -1\n")),
    SpecCase("huge-attempts", content=_spec(valid_spec() + "attempts: 1000000000\n")),
    SpecCase("budget-a-string", _spec(valid_spec() + "budget: lots\n")),
    SpecCase(
        "forged-id",
        _spec(valid_spec().replace("id: fact-allergy-1", 'id: "f\\e[2J\\n::error file=x::forged"')),
        verdict="any",
    ),
    SpecCase(
        "forged-description",
        _spec(valid_spec() + 'description: "ok\\n::error file=x.py,line=1::forged\\e[2J"\n'),
        verdict="ok",
    ),
    SpecCase("misspelt-violation", _spec(valid_spec() + "expect:\n  violations: [fact-allergy-1:mising]\n")),
    SpecCase("marks-not-a-list", _spec(valid_spec() + "marks: slow\n")),
    SpecCase("mark-bad-name", _spec(valid_spec() + 'marks: ["not a name"]\n')),
    # isolation probes: a spec must not execute, import or read anything outside the suite
    SpecCase(
        "marks-skipif-python-string",
        _spec(
            valid_spec()
            # The file name is assembled at run time, so an error that echoes the condition
            # (escaped) does not count as the code having run; only the file would.
            + f"marks:\n  - skipif: \"__import__('pathlib').Path('{PWNED}-' + 'skipif').touch() or False\"\n"
        ),
        category="isolation",
        forbidden=(f"{PWNED}-skipif",),
    ),
    SpecCase(
        "marks-xfail-condition-string",
        _spec(
            valid_spec()
            + "marks:\n  - xfail: {condition: "
            + f"\"__import__('pathlib').Path('{PWNED}-xfail').touch() or False\", reason: x}}\n"
        ),
        category="isolation",
        forbidden=(f"{PWNED}-xfail",),
    ),
    SpecCase(
        "use-imports-a-module",
        _spec(
            valid_spec()
            + _steps(
                "add: [e1]",
                "compress",
                "retrieve: {query: any}",
                "use: {consumer: 'evil_use:run', rules: ['evil_use:rules']}",
            )
        ),
        category="isolation",
        files={
            "evil_use.py": (
                f"import pathlib\npathlib.Path('{PWNED}-use').touch()\nrun = rules = None\n"
            ).encode()
        },
        forbidden=(f"{PWNED}-use",),
    ),
    SpecCase(
        "use-os-system",
        _spec(
            valid_spec()
            + _steps(
                "add: [e1]",
                "compress",
                "retrieve: {query: any}",
                "use: {consumer: 'os:system', rules: ['os:getcwd']}",
            )
        ),
        category="isolation",
    ),
    SpecCase(
        "artifact-file-parent-traversal",
        _spec("kind: recorded\nexpected: []\nartifact_file: ../secret.json\n"),
        category="isolation",
        files={
            "secret.json": json.dumps(
                {"memory_version": 1, "tenant_id": SECRET, "subject_id": SECRET}
            ).encode()
        },
        forbidden=(SECRET,),
    ),
    SpecCase(
        "artifact-file-absolute",
        _spec("kind: recorded\nexpected: []\nartifact_file: /etc/hostname\n"),
        category="isolation",
    ),
    SpecCase(
        "artifact-file-dev-zero",
        _spec("kind: recorded\nexpected: []\nartifact_file: /dev/zero\n"),
        category="isolation",
    ),
    # paths no system call can open: a named spec error, not the loader's fallback
    SpecCase("artifact-file-nul-byte", _spec('kind: recorded\nexpected: []\nartifact_file: "x\\0.json"\n')),
    SpecCase(
        "artifact-file-name-too-long",
        _spec(f"kind: recorded\nexpected: []\nartifact_file: {'a' * 300}.json\n"),
    ),
    SpecCase(
        "artifact-file-path-too-long",
        _spec(f"kind: recorded\nexpected: []\nartifact_file: {'a/' * 3000}x.json\n"),
    ),
]


def spec_params(cases: list[SpecCase] | None = None) -> list[object]:
    """The spec cases as pytest params; a pending case is xfail (non-strict) naming its owner."""
    import pytest

    return [
        pytest.param(
            case,
            id=case.name,
            marks=pytest.mark.xfail(strict=False, reason=f"owned by the {case.owner}: not fixed here"),
        )
        if case.pending
        else pytest.param(case, id=case.name)
        for case in (SPECS if cases is None else cases)
    ]
