"""Fixture spec files (``*.compaction.yaml``): loading, validation and variants.

Pytest-free: the collector in :mod:`pytest_compaction.plugin.collect` turns a loaded
:class:`Spec` into items. Every error names ``file:line``, the field path and the fix.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_compaction.config.references import ENV_VALUES_INI, SPEC_ROOTS_INI, add_spec_ini
from pytest_compaction.core import spec_model
from pytest_compaction.core._fields import join, shown, type_name
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.core.ledger import Ledger
from pytest_compaction.core.model import Artifact
from pytest_compaction.core.prose_form import ProseForm, ProsePolicy
from pytest_compaction.core.scenario import Scenario, _expect, read_mode, read_numbers, read_version
from pytest_compaction.specs.marks import Mark, read_marks
from pytest_compaction.specs.payload import Payload, load_payload, read_data_file
from pytest_compaction.specs.safeyaml import SourceMap, load_yaml_mapped

__all__ = [
    "SPEC_INI_KEYS",
    "SPEC_ROOTS_INI",
    "add_spec_ini",
    "MAX_SPEC_BYTES",
    "Mark",
    "RecordedSpec",
    "Spec",
    "linked_inside",
    "load_spec",
    "recorded_spec",
    "spec_name",
]

MAX_SPEC_BYTES = 2 * 1024 * 1024
"""The largest spec file accepted (a fixture is a small, reviewed file)."""

RECORDED_KEYS = ("kind", *spec_model.names(spec_model.RECORDED))

PROSE_FORM_KEY = "prose"
"""The key of an expected fact's prose form (the scenario fact's ``prose:``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordedSpec:
    """A recorded incident: a saved artifact checked without running a compressor.

    Its prose contract (``invariants``, ``bindings``, ``prose_policy``, ``budget``, and each
    expected fact's ``prose:`` form) is a scenario's, checked against the saved summary.
    """

    payload: Payload
    expect_violations: tuple[str, ...]
    mode: str = "strict"
    description: str = ""
    invariants: object = None
    """The pinned-invariant register, as plain data (as a scenario's ``invariants:``)."""
    bindings: object = None
    """The binding table, as plain data (as a scenario's ``bindings:``)."""
    budget: int | None = None
    """The most characters the saved summary may take."""
    prose_policy: ProsePolicy | None = None
    """Rules for the saved prose summary (``prose_policy: {max_depth: N}``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Spec:
    """One loaded spec file."""

    name: str
    path: Path
    source_map: SourceMap
    scenario: Scenario | None = None
    recorded: RecordedSpec | None = None
    marks: tuple[Mark, ...] = ()
    description: str = ""
    variants: tuple[str, ...] = field(default=())
    """Item names: ``as-written``, each relation, ``depth=N``; ``recorded`` for incidents."""

    @property
    def line(self) -> int:
        return self.source_map.line_of("") or 1

    def line_of(self, path: str) -> int:
        return self.source_map.line_of(path) or 1


def spec_name(path: Path) -> str:
    """``peanut-allergy.compaction.yaml`` -> ``peanut-allergy``."""
    name = path.name
    for suffix in (".compaction.yaml", ".compaction.yml", ".yaml", ".yml"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return path.stem


SPEC_INI_KEYS = ("compaction_use", SPEC_ROOTS_INI, ENV_VALUES_INI)
"""The ini keys of spec loading (documented in docs/specs.md)."""


def load_spec(path: Path, *, roots: tuple[Path, ...] = (), suite: Path | None = None) -> Spec:
    """Load and validate one spec file; a mistake raises :class:`PayloadError` with file and line.

    A file the spec names (``artifact_file``) must resolve inside the spec's directory or
    one of ``roots``. A spec file that is a symbolic link must resolve inside its own
    directory, ``suite`` (the rootdir) or one of ``roots``; otherwise it is refused unread.
    """
    from pytest_compaction.specs.payload import read_text

    linked_inside(path, roots, suite)
    text = read_text(
        path,
        MAX_SPEC_BYTES,
        what="spec",
        too_big="is {size} bytes; a spec may be at most {limit} bytes (split it, or keep the artifact "
        "in a separate file referenced by artifact_file)",
    )
    data, source_map = load_yaml_mapped(text, source=str(path))
    try:
        return _build(path, data, source_map, roots)
    except PayloadError as exc:
        raise source_map.error(exc) from None
    except RecursionError:
        raise PayloadError("", "values nest too deeply to be checked", source=str(path)) from None


def _build(path: Path, data: object, source_map: SourceMap, roots: tuple[Path, ...] = ()) -> Spec:
    if data is None:
        raise PayloadError("", "the spec is empty; start with `events:` (a scenario) or `kind: recorded`")
    if not isinstance(data, Mapping):
        raise PayloadError(
            "", f"a spec is a mapping with `events:` (a scenario) or `kind: recorded`, got {shown(data)}"
        )
    kind = data.get("kind", "recorded" if "artifact" in data or "artifact_file" in data else "scenario")
    marks = read_marks(data.get("marks"), "marks")
    description = data.get("description") or ""
    if not isinstance(description, str):
        raise PayloadError("description", f"expected a string, got {type_name(description)}")
    spec = functools.partial(
        Spec, name=spec_name(path), path=path, source_map=source_map, marks=marks, description=description
    )
    if kind == "recorded":
        return spec(recorded=recorded_spec(path, data, roots), variants=("recorded",))
    if kind != "scenario":
        raise PayloadError("kind", f"expected scenario or recorded, got {kind!r}")
    body = {k: v for k, v in data.items() if k != "kind"}
    scenario = Scenario.from_dict(body, name=spec_name(path))
    if scenario.invariants is not None or scenario.bindings is not None:
        # Validate the prose register and bindings now, so a mistake points at its line.
        from pytest_compaction.prose.checks import prose_checks

        prose_checks(scenario)
    _check_expect(scenario.expect_violations, data.get("expect"))
    _check_lifecycle(scenario)
    variants = ["as-written", *scenario.relations]
    if scenario.depth is not None and scenario.depth > 1:
        variants.append(f"depth={scenario.depth}")
    return spec(scenario=scenario, variants=tuple(variants))


def recorded_spec(path: Path, data: Mapping[str, Any], roots: tuple[Path, ...] = ()) -> RecordedSpec:
    """A recorded incident spec built from its loaded data (the CLI builds its payload here too)."""
    from pytest_compaction.core._fields import check_keys

    optional = tuple(key for key in RECORDED_KEYS if key != "expected")
    check_keys(data, "", required=("expected",), optional=optional)
    if ("artifact" in data) == ("artifact_file" in data):
        raise PayloadError(
            "artifact", "give the incident's artifact inline (artifact:) or by file (artifact_file:)"
        )
    read_version(data)
    expected, forms = _prose_forms(data["expected"])
    payload_data: dict[str, Any] = {"expected": expected}
    if "events" in data:
        payload_data["events"] = data["events"]
    if "artifact" in data:
        payload_data["artifact"] = data["artifact"]
    else:
        reference = data["artifact_file"]
        if not isinstance(reference, str) or not reference:
            raise PayloadError("artifact_file", f"expected a relative file path, got {reference!r}")
        try:
            target = _inside(path, reference, roots)
            found = target.is_file()
        except PayloadError:
            raise  # outside the allowed roots: named by _inside
        except (OSError, ValueError) as exc:  # too long, a NUL byte: no system call can open it
            reason = getattr(exc, "strerror", None) or str(exc)
            raise PayloadError(
                "artifact_file",
                f"{reference!r} is not a path that can be opened ({reason}); name a file "
                "next to the spec with a short, plain name",
            ) from None
        if not found:
            from pytest_compaction.reporting.escape import one_line

            shown_target = one_line(target)
            raise PayloadError("artifact_file", f"no file {reference!r} next to the spec ({shown_target})")
        try:
            payload_data["artifact"] = read_data_file(target)
        except PayloadError as exc:
            raise PayloadError("artifact_file", f"{reference!r}: {exc}") from None
    expect = _expect(data.get("expect"), "expect")
    _check_expect(expect, data.get("expect"))
    saved = payload_data["artifact"]
    if isinstance(saved, (str, list)):
        # A saved output in another shape (a prose string, a message list) is read as the guard
        # reads it, for the ledger's scope; an empty stand-in lets the ledger load first.
        payload_data["artifact"] = {"memory_version": 1, "tenant_id": "-", "subject_id": "-"}
    payload = load_payload(payload_data)
    if isinstance(saved, (str, list)):
        payload = Payload(expected=payload.expected, artifact=_saved_output(saved, payload))
    if forms:
        ledger = payload.expected
        payload = Payload(
            expected=Ledger.from_facts(tuple(ledger), ledger.events, prose=forms), artifact=payload.artifact
        )
    recorded = RecordedSpec(
        payload=payload,
        expect_violations=expect if expect is not None else (),
        mode=read_mode(data),
        description=str(data.get("description") or ""),
        # The prose contract, read with the scenario's own readers.
        **_prose_contract(data),
    )
    if recorded.invariants is not None or recorded.bindings is not None:
        # Validate the prose register and bindings now, so a mistake points at its line.
        from pytest_compaction.prose.checks import validate_contract

        validate_contract(recorded)
    return recorded


def _prose_forms(raw: object) -> tuple[object, dict[str, ProseForm]]:
    """The expected facts without their ``prose:`` forms, and the forms by fact id."""
    from pytest_compaction.core._fields import read_sequence

    items = read_sequence(raw, "expected")
    forms: dict[str, ProseForm] = {}
    plain: list[object] = []
    for index, item in enumerate(items):
        if not isinstance(item, Mapping) or PROSE_FORM_KEY not in item:
            plain.append(item)
            continue
        fact_id = item.get("fact_id")
        if item[PROSE_FORM_KEY] is not None and isinstance(fact_id, str):
            # (Without an id the payload loader names the missing field.)
            where = join(join("expected", index), PROSE_FORM_KEY)
            forms[fact_id] = ProseForm.from_dict(item[PROSE_FORM_KEY], where)
            qualifiers = item.get("qualifiers")
            forms[fact_id].check_qualifiers(qualifiers if isinstance(qualifiers, Mapping) else (), where)
        plain.append({k: v for k, v in item.items() if k != PROSE_FORM_KEY})
    return plain, forms


def _prose_contract(data: Mapping[str, Any]) -> dict[str, Any]:
    """A recorded spec's prose keys, read with the readers of a scenario's (``Scenario.from_dict``)."""

    policy = data.get("prose_policy")
    return {
        "invariants": data.get("invariants"),
        "bindings": data.get("bindings"),
        "budget": read_numbers((spec_model.key(spec_model.SCENARIO, "budget"),), data, "")["budget"],
        "prose_policy": None if policy is None else ProsePolicy.from_dict(policy, "prose_policy"),
    }


def _saved_output(saved: str | list[Any], payload: Payload) -> Artifact:
    """A saved compressor output that is not an artifact mapping, read as the guard reads it.

    A prose string is the summary; a message list keeps its messages (those that are a
    recorded event word for word) and its summary messages, all checked as the summary.
    """
    from pytest_compaction.compressors.request import CompressionRequest
    from pytest_compaction.compressors.shapes import normalize

    ledger = payload.expected
    scopes = {(e.tenant_id, e.subject_id) for e in ledger.events} or {
        (f.tenant_id, f.subject_id) for f in ledger
    }
    if len(scopes) != 1:
        raise PayloadError(
            "artifact",
            "a saved output that is not an artifact mapping (a string or a message list) is read for one "
            f"tenant and subject, but the spec's events and facts have {len(scopes)}; give the artifact as "
            "a mapping (memory_version, tenant_id, subject_id, summary)",
        )
    tenant, subject = next(iter(scopes))
    request = CompressionRequest(
        tenant_id=tenant,
        subject_id=subject,
        events=tuple(e for e in ledger.events if (e.tenant_id, e.subject_id) == (tenant, subject)),
    )
    read = normalize(saved, request)
    if read.artifact is None:
        raise PayloadError("artifact", f"the saved output cannot be read: {read.problem}")
    return read.artifact


def _inside(spec: Path, reference: str, roots: tuple[Path, ...]) -> Path:
    """``reference`` resolved against the spec's directory, refused when it leaves the allowed roots.

    Symbolic links are followed first, so a link cannot lead outside either. The message
    names the path only: nothing of the file is read.
    """
    allowed = (spec.parent.resolve(), *(Path(root).resolve() for root in roots))
    target = (spec.parent / reference).resolve()
    if not any(target == root or target.is_relative_to(root) for root in allowed):
        where = ", ".join(str(root) for root in allowed)
        raise PayloadError(
            "artifact_file",
            f"{reference!r} resolves outside the spec's directory ({where}); keep the artifact next to "
            f"the spec, or allow its directory with the ini option `{SPEC_ROOTS_INI}`",
        )
    return target


def linked_inside(path: Path, roots: tuple[Path, ...], suite: Path | None) -> None:
    """Refuse a spec file that is a symbolic link out of the suite, or that a linked directory
    inside the suite leads out of it, before anything of it is read: a link committed as
    ``x.compaction.yaml`` (or ``home -> /elsewhere``) would otherwise show part of the file it
    points at (credentials, ``/proc/self/environ``) in its error message. A linked directory
    may lead into the suite, a ``compaction_spec_roots`` folder or the bundled fixture
    library."""
    target = path.resolve()
    if not path.is_symlink():
        _through_linked_directory(path, target, roots, suite)
        return
    allowed = [path.absolute().parent.resolve(), *(Path(root).resolve() for root in roots)]
    if suite is not None:
        allowed.append(Path(suite).resolve())
    if not any(target.is_relative_to(root) for root in allowed):
        raise PayloadError(
            "",
            f"is a symbolic link to a file outside the suite ({target}); nothing of it is read. Copy "
            f"the spec into the suite, or allow its directory with the ini option `{SPEC_ROOTS_INI}`",
            source=str(path),
        )


def _through_linked_directory(path: Path, target: Path, roots: tuple[Path, ...], suite: Path | None) -> None:
    """Refuse a file under the suite by its path that lies outside it in fact, through a
    linked directory ("suite/home -> /elsewhere"), unless it lies in a spec root or the
    bundled library. A path given outside the suite is the user's own choice."""
    if suite is None or not path.absolute().is_relative_to(Path(suite).absolute()):
        return
    from pytest_compaction.specs.library import library_path

    allowed = [Path(suite).resolve(), *(Path(root).resolve() for root in roots), library_path().resolve()]
    if any(target.is_relative_to(root) for root in allowed):
        return
    raise PayloadError(
        "",
        f"lies outside the suite through a linked directory ({target}); nothing of it is read. "
        f"Copy the spec into the suite, or allow its directory with the ini option `{SPEC_ROOTS_INI}`",
        source=str(path),
    )


def _check_expect(names: tuple[str, ...] | None, raw: object) -> None:
    """Refuse an expected violation name whose code does not exist: it could never be found."""
    if not names:
        return
    from pytest_compaction.core.errors import _closest
    from pytest_compaction.core.violations import ViolationCode

    codes = tuple(code.value for code in ViolationCode)
    written = list(raw.get("violations") or ()) if isinstance(raw, Mapping) else []
    for name in names or ():
        code = name.rpartition(":")[2]
        if code in codes:
            continue
        close = _closest(code, codes)
        prefix = name[: len(name) - len(code)]
        hint = f"did you mean {prefix + close!r}?" if close else f"known codes: {', '.join(codes)}"
        raise PayloadError(
            join(join("expect", "violations"), written.index(name) if name in written else 0),
            f"{name!r} names no violation code; {hint} (a name is `<fact id>:<code>` or `<code>`)",
        )


def _check_lifecycle(scenario: Scenario) -> None:
    """Replay the scenario's ledger steps before anything runs: an illegal step is a spec error.

    Deleting a fact twice, superseding or retiring a fact no event states, or adding an
    event before the fact it supersedes would otherwise fail every variant at run time.
    """
    from pytest_compaction.core.errors import _closest
    from pytest_compaction.core.ledger import Ledger
    from pytest_compaction.core.scenario import Step
    from pytest_compaction.engine.runner import build_ledger_step

    stated = tuple(claim.fact_id for event in scenario.events for claim in event.claims)
    for index, event in enumerate(scenario.events):
        where = join("events", index)
        for c_index, claim in enumerate(event.claims):
            for older in claim.supersedes:
                if older not in stated:
                    raise PayloadError(
                        join(join(join(where, "facts"), c_index), "supersedes"),
                        f"no event states a fact {older!r}{_hint(older, stated, _closest)}; "
                        "a fact supersedes an older fact that an earlier event states",
                    )
        for r_index, fact_id in enumerate(event.retires):
            if fact_id not in stated:
                raise PayloadError(
                    join(join(where, "retires"), r_index),
                    f"no event states a fact {fact_id!r}{_hint(fact_id, stated, _closest)}; "
                    "an event retires a fact that an earlier event states",
                )
    position = {event.event_id: index for index, event in enumerate(scenario.events)}
    ledger = Ledger(tenant_id=scenario.tenant_id, subject_id=scenario.subject_id)
    deleted_at: dict[str, str] = {}
    for step in scenario.effective_steps:
        if step.kind == "delete":
            assert step.fact_id is not None
            where = join(step.path, "delete")
            if step.fact_id in deleted_at:
                raise PayloadError(
                    where,
                    f"fact {step.fact_id!r} is already deleted by {deleted_at[step.fact_id]}; "
                    "a fact is deleted once: remove this step",
                )
            known = tuple(ledger.facts)
            if step.fact_id not in ledger:
                later = " (no event added so far states it)" if step.fact_id in stated else ""
                raise PayloadError(
                    where,
                    f"no fact {step.fact_id!r} to delete{later}{_hint(step.fact_id, known, _closest)}; "
                    "delete a fact that an event added by an earlier step states",
                )
            try:
                build_ledger_step(ledger, scenario, step)
            except PayloadError as exc:
                raise PayloadError(where, exc.message) from None
            deleted_at[step.fact_id] = step.path
        elif step.kind == "retrieve":
            _check_relevant(ledger, scenario, step)
        elif step.kind == "add":
            for p_index, event_id in enumerate(step.event_ids):
                where = join(join(step.path, "add"), p_index)
                if not step.path:  # the default steps: the events in the order written
                    where = join("events", position[event_id])
                _check_order(ledger, scenario, event_id, where)
                try:
                    build_ledger_step(ledger, scenario, Step(kind="add", event_ids=(event_id,)))
                except PayloadError as exc:
                    raise PayloadError(where, f"adding event {event_id!r}: {exc.message}") from None


def _check_relevant(ledger: Any, scenario: Scenario, step: Any) -> None:
    """A relevant fact must be stated before the retrieve step, in the scope it queries."""
    tenant = step.tenant_id or scenario.tenant_id
    subject = step.subject_id or scenario.subject_id
    for index, fact_id in enumerate(step.relevant):
        where = join(join(join(step.path, "retrieve"), "relevant"), index)
        fact = ledger.find(fact_id)
        if fact is None:
            raise PayloadError(
                where,
                f"fact {fact_id!r} is not stated by any event added before this step; "
                "add the event that states it before the retrieve step",
            )
        if (fact.tenant_id, fact.subject_id) != (tenant, subject):
            raise PayloadError(
                where,
                f"fact {fact_id!r} belongs to {fact.tenant_id}/{fact.subject_id}, not to the "
                f"queried {tenant}/{subject}; declare only facts of the scope being queried",
            )


def _check_order(ledger: Any, scenario: Scenario, event_id: str, where: str) -> None:
    """Name the event to add first when ``event_id`` supersedes or retires a fact not stated yet."""
    event = scenario.event(event_id)
    known = set(ledger.facts)
    needed: list[tuple[str, str, str]] = []
    for claim in event.claims:
        needed.extend((claim.fact_id, old, "supersedes") for old in claim.supersedes if old not in known)
        known.add(claim.fact_id)
    needed.extend((event_id, fact_id, "retires") for fact_id in event.retires if fact_id not in known)
    for who, fact_id, verb in needed:
        source = next(e.event_id for e in scenario.events for c in e.claims if c.fact_id == fact_id)
        fix = (
            f"state {fact_id!r} before {who!r} in the event's facts"
            if source == event_id
            else f"add {source!r} before {event_id!r}"
        )
        raise PayloadError(
            where, f"{who!r} {verb} {fact_id!r}, which event {source!r} states, but not yet; {fix}"
        )


def _hint(word: str, known: tuple[str, ...], closest: Any) -> str:
    close = closest(word, known)
    return f" (did you mean {close!r}?)" if close else ""
