"""``compaction lint``: validate fixture specs without running them, and flag personal data.

A spec is loaded exactly as the collector loads it (:func:`pytest_compaction.specs.spec.load_spec`),
so lint reports the same ``file:line: field: message`` a test run would. Its text is
then scanned for shapes of real personal data: fixtures use synthetic people.

* e-mail addresses outside the reserved example domains (``example.com``, ``.org``,
  ``.net`` and their subdomains; any ``*.example``, ``*.test``, ``*.invalid`` or
  ``*.localhost`` name);
* phone-number shapes, except the fictional ``555-01xx`` range;
* card-number shapes that pass the Luhn check, except well-known test card numbers.

The match is masked in the report (CI logs must not repeat the data). A line that is
known to be synthetic is exempted with the comment ``# compaction: allow-personal-data``.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pytest_compaction.core._fields import join
from pytest_compaction.core.errors import ConfigError, PayloadError

if TYPE_CHECKING:
    from pytest_compaction.config.project import ProjectConfig
    from pytest_compaction.specs.safeyaml import SourceMap
    from pytest_compaction.specs.spec import Spec

__all__ = [
    "ALLOW_COMMENT",
    "Finding",
    "LintReport",
    "PersonalData",
    "find_specs",
    "lint_file",
    "lint_paths",
    "personal_data",
    "render",
]

ALLOW_COMMENT = "# compaction: allow-personal-data"
"""Put on a line whose values are synthetic but look real (an order number that passes Luhn)."""

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """One problem in one file: a spec error, or text that looks like personal data."""

    source: str
    line: int | None
    path: str
    """The field, as ``events[2].text``; empty for the whole file."""
    message: str
    severity: Severity
    code: Literal[
        "spec-error",
        "unregistered-use",
        "unregistered-relation",
        "personal-data",
        "yaml-1.1-scalar",
        "prose-form-unread",
    ]

    def describe(self) -> str:
        where = self.source if self.line is None else f"{self.source}:{self.line}"
        field = f"{self.path}: " if self.path else ""
        return f"{where}: {self.severity}: {field}{self.message}"

    def to_dict(self) -> dict[str, object]:
        return {
            "source": self.source,
            "line": self.line,
            "path": self.path,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class LintReport:
    """What ``lint_paths`` found in every file it checked."""

    files: tuple[str, ...]
    findings: tuple[Finding, ...]

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "error")

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "warning")

    @property
    def ok(self) -> bool:
        return not self.findings

    def summary(self) -> str:
        """``3 spec files checked: 1 error, 2 warnings`` (or ``...: no problems``)."""
        files = len(self.files)
        head = f"{files} spec file{'s' if files != 1 else ''} checked"
        if self.ok:
            return f"{head}: no problems"
        return f"{head}: {_count(len(self.errors), 'error')}, {_count(len(self.warnings), 'warning')}"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


# -- finding the files -------------------------------------------------------------


def find_specs(paths: Sequence[str | Path], pattern: str = "*.compaction.yaml") -> list[Path]:
    """The spec files under ``paths``: a file is taken as given, a directory is searched for ``pattern``
    (every entry that is not a directory, so a special file or a dangling link is reported).

    A path that does not exist, or no spec at all, is a :class:`ConfigError` (a usage mistake).
    """
    found: dict[Path, None] = {}
    for entry in paths:
        path = Path(entry)
        if path.is_file():
            found[path] = None
        elif path.is_dir():
            for candidate in sorted(path.rglob("*")):
                # A FIFO, a socket or a dangling link named like a spec is kept, so that the
                # reader refuses it by name (pytest never collects it: it would be lost unseen).
                if fnmatch.fnmatch(candidate.name, pattern) and not candidate.is_dir():
                    found[candidate] = None
        else:
            raise ConfigError(f"{entry}: no such file or directory")
    if not found:
        raise ConfigError(
            f"no fixture specs matching {pattern!r} under {', '.join(map(str, paths))}; "
            "pass spec files or the folders that hold them (--pattern changes the file pattern)"
        )
    return list(found)


def lint_paths(paths: Sequence[str | Path], *, pattern: str = "*.compaction.yaml") -> LintReport:
    """Lint every spec under ``paths``, with the project configuration pytest would read for them."""
    from pytest_compaction.config.project import project_config

    files = find_specs(paths, pattern)
    project = project_config(files)
    findings = [finding for path in files for finding in lint_file(path, project=project)]
    return LintReport(files=tuple(map(str, files)), findings=tuple(findings))


def lint_file(path: Path, *, project: ProjectConfig | None = None) -> list[Finding]:
    """The spec error (at most one: loading stops at the first), the ``use:`` names the project
    does not register, and the personal-data warnings of one file.

    ``project`` is the pytest configuration (:func:`~pytest_compaction.config.project.project_config`):
    its ``compaction_spec_roots`` and ``compaction_use`` apply as in a test run.
    """
    from pytest_compaction.config.project import ProjectConfig
    from pytest_compaction.specs.spec import linked_inside, load_spec

    project = project or ProjectConfig()
    findings: list[Finding] = []
    try:
        linked_inside(path, project.spec_roots, project.rootdir)
    except PayloadError as exc:
        return [_error(exc, str(path))]  # a link out of the suite: nothing of it is read
    try:
        spec = load_spec(path, roots=project.spec_roots, suite=project.rootdir)
    except PayloadError as exc:
        findings.append(_error(exc, str(path)))
    else:
        findings.extend(_unregistered_uses(spec, project))
        findings.extend(_unregistered_relations(spec, project))
        findings.extend(
            Finding(
                source=str(path),
                line=line,
                path=where,
                message=message,
                severity="warning",
                code="yaml-1.1-scalar",
            )
            for line, where, message in spec.source_map.notes
        )
        findings.extend(_prose_forms_unread(spec))
    findings.extend(_personal_data_in_file(path))
    return findings


def _unregistered_uses(spec: Spec, project: ProjectConfig) -> Iterator[Finding]:
    """A ``use:`` step's consumer or rule that neither the ini, a conftest.py nor the built-ins register."""
    from pytest_compaction.config.project import conftest_uses
    from pytest_compaction.config.references import BUILT_IN_USES, lookup_use, unregistered

    steps = [step for step in (spec.scenario.steps if spec.scenario else ()) if step.kind == "use"]
    if not steps:
        return
    literal, unread = conftest_uses(spec.path, project.rootdir)
    table: dict[str, object] = {**BUILT_IN_USES, **project.uses, **dict.fromkeys(literal, "conftest.py")}
    for step in steps:
        at = join(step.path, "use")
        named = [("consumer", join(at, "consumer"), step.consumer or "")]
        named += [("rule", join(join(at, "rules"), i), rule) for i, rule in enumerate(step.rules)]
        for what, where, name in named:
            if lookup_use(name, table) is not None:
                continue
            yield _unregistered(spec, where, unregistered(name, what, table), unread, "unregistered-use")


def _unregistered_relations(spec: Spec, project: ProjectConfig) -> Iterator[Finding]:
    """A ``relations:`` name that neither the built-ins nor a conftest.py register."""
    from pytest_compaction.config.project import conftest_uses
    from pytest_compaction.relations import BUILTIN_RELATIONS, relation_name_errors

    names = spec.scenario.relations if spec.scenario else ()
    if not names:
        return
    literal, unread = conftest_uses(spec.path, project.rootdir, register="register_relation")
    for error in relation_name_errors(names, known=BUILTIN_RELATIONS | literal):
        yield _unregistered(spec, error.path, error.message, unread, "unregistered-relation")


def _unregistered(
    spec: Spec,
    where: str,
    message: str,
    unread: Sequence[str],
    code: Literal["unregistered-use", "unregistered-relation"],
) -> Finding:
    """An unknown name at ``where``: an error, or a warning when a conftest.py registers a
    name lint cannot read (``unread``), which may be this one."""
    if unread:
        message += f"; lint cannot read the name registered at {', '.join(unread)}"
    return Finding(
        source=str(spec.path),
        line=spec.source_map.line_of(where),
        path=where,
        message=message,
        severity="warning" if unread else "error",
        code=code,
    )


_PROSE_FORM_CODES = frozenset({"missing", "value_changed", "qualifiers_changed", "subject_changed"})


def _prose_forms_unread(spec: Spec) -> Iterator[Finding]:
    """Facts whose prose form the spec's own events do not state.

    The events are copied word for word (the ``verbatim`` compressor, which loses nothing)
    and the copy is read against the facts' prose forms: a fact it does not state, or
    states with another value, has prose words the source does not use, so every faithful
    summary would fail the same way and the failure would be blamed on the compressor.
    """
    scenario = spec.scenario
    if scenario is None or not any(claim.prose for event in scenario.events for claim in event.claims):
        return
    from pytest_compaction.compressors.guard import GuardedCompressor
    from pytest_compaction.compressors.verbatim import VerbatimCompressor
    from pytest_compaction.engine.runner import run_scenario

    where = {
        claim.fact_id: f"events[{index}].facts[{number}].prose"
        for index, event in enumerate(scenario.events)
        for number, claim in enumerate(event.claims)
    }
    try:
        run = run_scenario(scenario, GuardedCompressor(VerbatimCompressor(), timeout=None))
    except PayloadError:
        return  # a step the loader let through but the run refuses: the test run names it
    seen: set[str] = set()
    for violation in run.violations:
        if violation.fact_id not in where or violation.code.value not in _PROSE_FORM_CODES:
            continue
        if violation.fact_id in seen:
            continue
        seen.add(violation.fact_id)
        path = where[violation.fact_id]
        yield Finding(
            source=str(spec.path),
            line=spec.line_of(path),
            path=path,
            message=f"the events' own text, copied word for word, fails {violation.name} "
            f"({violation.detail}); use the words the source uses for this fact in prose: "
            f"names, value and qualifiers, or every faithful summary fails the same way",
            severity="warning",
            code="prose-form-unread",
        )


def _error(exc: PayloadError, source: str) -> Finding:
    return Finding(
        source=exc.source or source,
        line=exc.line,
        path=exc.path,
        message=exc.message,
        severity="error",
        code="spec-error",
    )


def _personal_data_in_file(path: Path) -> Iterator[Finding]:
    from pytest_compaction.specs.payload import read_text
    from pytest_compaction.specs.safeyaml import load_yaml_mapped
    from pytest_compaction.specs.spec import MAX_SPEC_BYTES

    try:
        text = read_text(path, MAX_SPEC_BYTES, what="spec")
        data, source_map = load_yaml_mapped(text, source=str(path))
    except PayloadError:
        return  # already reported as the spec error
    yield from _personal_data_in(data, str(path), source_map, text.splitlines())
    reference = data.get("artifact_file") if isinstance(data, dict) else None
    if isinstance(reference, str) and reference:
        from pytest_compaction.specs.spec import _inside

        try:
            target = _inside(path, reference, ())
        except (PayloadError, OSError, ValueError):
            return  # outside the suite or no path at all: the spec error names it, nothing is read
        yield from _personal_data_in_artifact(target)


def _personal_data_in_artifact(target: Path) -> Iterator[Finding]:
    from pytest_compaction.specs.payload import read_data_file

    try:
        data = read_data_file(target)
    except PayloadError:
        return  # the spec error names it
    yield from _personal_data_in(data, str(target))


def _personal_data_in(
    data: object, source: str, source_map: SourceMap | None = None, lines: Sequence[str] = ()
) -> Iterator[Finding]:
    """A warning per personal-data match in ``data``'s strings, save lines marked ``ALLOW_COMMENT``."""
    for where, value in _strings(data, ""):
        line = source_map.line_of(where) if source_map is not None else None
        if line is not None and 0 < line <= len(lines) and ALLOW_COMMENT in lines[line - 1]:
            continue
        for match in personal_data(value):
            yield Finding(
                source=source,
                line=line,
                path=where,
                message=match.message(),
                severity="warning",
                code="personal-data",
            )


def _strings(value: object, path: str) -> Iterator[tuple[str, str]]:
    """Every string value with its path (keys are names, not fixture text)."""
    stack: list[tuple[str, object]] = [(path, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            yield where, item
        elif isinstance(item, dict):
            stack.extend((join(where, str(k)), v) for k, v in reversed(list(item.items())))
        elif isinstance(item, list):
            stack.extend((join(where, i), v) for i, v in reversed(list(enumerate(item))))


# -- personal data -----------------------------------------------------------------

_EMAIL = re.compile(r"(?<![\w.%+-])[\w.%+-]+@((?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,})\b")
_RESERVED_DOMAINS = ("example.com", "example.org", "example.net")
_RESERVED_TLDS = ("example", "test", "invalid", "localhost")

# Phone shapes: international (+CC ...), North American ((415) 555-2671, 415-555-2671,
# 415.555.2671), national with a trunk 0 (020 7946 0958) and local (555-2671).
_PHONE = re.compile(
    r"(?<![\w+.-])(?:"
    r"\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,5}"
    r"|\(\d{3}\)[ .-]?\d{3}[ .-]\d{4}"
    r"|\d{3}([ .-])\d{3}\1\d{4}"
    r"|0\d{2,4}[ -]\d{3,4}[ -]?\d{3,4}"
    r"|\d{3}-\d{4}"
    r")(?![\w-]|\.\d)"
)
_CARD = re.compile(r"(?<![\w.-])\d(?:[ -]?\d){12,18}(?![\w-]|\.\d)")

# Published test numbers of the card networks and payment providers: not anyone's card.
_TEST_CARDS = frozenset(
    {
        "4111111111111111",
        "4242424242424242",
        "4012888888881881",
        "4222222222222",
        "4000056655665556",
        "5555555555554444",
        "5105105105105100",
        "5200828282828210",
        "2223003122003222",
        "378282246310005",
        "371449635398431",
        "6011111111111117",
        "6011000990139424",
        "3530111333300000",
        "30569309025904",
        "38520000023237",
    }
)


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonalData:
    """A piece of text that looks like real personal data."""

    kind: Literal["e-mail address", "phone number", "card number"]
    masked: str
    """The match with most of it hidden, safe to print in a CI log."""
    fix: str

    def message(self) -> str:
        allow = f"or end the line with {ALLOW_COMMENT!r}"
        return f"looks like a real {self.kind} ({self.masked}); {self.fix}, {allow}"


def personal_data(text: str) -> list[PersonalData]:
    """Every e-mail, phone or card shape in ``text`` that is not a reserved or published example."""
    found: list[PersonalData] = []
    taken: list[tuple[int, int]] = []
    for match in _EMAIL.finditer(text):
        taken.append(match.span())
        domain = match.group(1).lower()
        if domain in _RESERVED_DOMAINS or domain.endswith(tuple("." + d for d in _RESERVED_DOMAINS)):
            continue
        if domain.rsplit(".", 1)[-1] in _RESERVED_TLDS:
            continue
        local = match.group(0).split("@", 1)[0]
        found.append(
            PersonalData(
                kind="e-mail address",
                masked=f"{local[0]}***@{match.group(1)}",
                fix="use a reserved example domain, e.g. user@example.com",
            )
        )
    for match in _CARD.finditer(text):
        digits = re.sub(r"\D", "", match.group(0))
        if _overlaps(match.span(), taken) or not _luhn(digits):
            continue
        taken.append(match.span())
        if digits in _TEST_CARDS or len(set(digits)) == 1:
            continue
        found.append(
            PersonalData(
                kind="card number",
                masked=f"{'*' * (len(digits) - 4)}{digits[-4:]}",
                fix="use a published test card number such as 4111 1111 1111 1111",
            )
        )
    for match in _PHONE.finditer(text):
        if _overlaps(match.span(), taken):
            continue
        digits = re.sub(r"\D", "", match.group(0))
        if not 7 <= len(digits) <= 15 or re.fullmatch(r".*55501\d\d", digits):
            continue
        found.append(
            PersonalData(
                kind="phone number",
                masked=f"{'*' * (len(digits) - 2)}{digits[-2:]}",
                fix="use a fictional number in the 555-0100 to 555-0199 range, e.g. +1 415 555 0123",
            )
        )
    return found


def _overlaps(span: tuple[int, int], taken: Iterable[tuple[int, int]]) -> bool:
    return any(span[0] < end and start < span[1] for start, end in taken)


def _luhn(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2:
            value *= 2
            if value > 9:
                value -= 9
        total += value
    return total % 10 == 0


def render(report: LintReport, *, fmt: Literal["text", "json"] = "text") -> str:
    """The report as ``compaction lint`` prints it."""
    if fmt == "json":
        import json

        payload: dict[str, Any] = {
            "ok": report.ok,
            "files": list(report.files),
            "findings": [finding.to_dict() for finding in report.findings],
        }
        return json.dumps(payload, indent=2) + "\n"
    lines = [finding.describe() for finding in report.findings]
    lines.append(report.summary())
    return "\n".join(lines) + "\n"
