"""The built-in fuzz properties, and shrunk counterexamples saved as YAML scenario specs.

Three properties, each a plain function of a compressor and :class:`FuzzSettings`:

* :func:`contract_holds` — every pass of a generated session keeps the contract;
* :func:`relations_hold` — every metamorphic relation holds on a generated session;
* :func:`repeated_compression_keeps_critical_facts` — compressing the summary again,
  and again, with nothing new keeps every critical fact as it was.

Each returns a :class:`FuzzResult` when Hypothesis finds nothing, and raises
:class:`FuzzFailure` (a :class:`~pytest_compaction.engine.contract.ContractFailure`) with
the shrunk counterexample's named violations when it does. With
``record_failures`` set, that counterexample is first written as a YAML scenario
spec that fails the same way under ``pytest --compaction-contract DIR``: fuzzing
feeds the regression suite.

A compressor *class* (or a ``module:attribute`` reference naming one) is
instantiated afresh for every example, so state kept between calls cannot leak from
one example into the next; an instance is shared.
Imports Hypothesis and PyYAML; the plugin imports this module only when fuzzing.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import inspect
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import hypothesis
from hypothesis import HealthCheck, Phase, Verbosity, given
from hypothesis import strategies as st
from hypothesis.database import DirectoryBasedExampleDatabase, ExampleDatabase, InMemoryExampleDatabase
from hypothesis.errors import Flaky, InvalidArgument

from pytest_compaction.compressors.base import (
    Compressor,
    ReferenceCompressor,
    as_compressor,
    compressor_name,
    resolve_compressor,
)
from pytest_compaction.compressors.guard import DEFAULT_TIMEOUT, GuardedCompressor
from pytest_compaction.config.references import import_reference
from pytest_compaction.core.errors import ConfigError
from pytest_compaction.core.scenario import Scenario, Step
from pytest_compaction.core.violations import Violation, sort_violations, summarize
from pytest_compaction.engine.contract import ContractFailure, render_failure
from pytest_compaction.engine.runner import run_scenario
from pytest_compaction.fuzzing import strategies as cst

__all__ = [
    "PROPERTIES",
    "FuzzFailure",
    "FuzzResult",
    "FuzzSettings",
    "Property",
    "compressor_factory",
    "contract_holds",
    "default_sessions",
    "relations_hold",
    "repeated_compression_keeps_critical_facts",
    "run_property",
    "scenario_to_dict",
    "spec_text",
    "with_recompression",
    "write_spec",
]

MEMORY_DATABASE = ":memory:"
NO_DATABASE = "none"


# -- settings ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FuzzSettings:
    """How to fuzz: plain, picklable data (the plugin builds it from options).

    ``database`` is a directory, ``":memory:"`` or ``"none"``; ``None`` keeps the
    profile's (Hypothesis' default is ``.hypothesis/examples``). ``derandomize``
    draws the same examples on every run; ``seed`` fixes the random stream. Both
    keep no example database: they reproduce a run, a database remembers failures.
    """

    max_examples: int | None = None
    """Examples per property; ``None`` keeps the profile's (Hypothesis' default: 100)."""
    database: str | None = None
    profile: str | None = None
    """A Hypothesis settings profile registered with ``settings.register_profile``."""
    derandomize: bool = False
    seed: int | None = None
    record_failures: str | None = None
    """Directory to write each shrunk counterexample to, as a scenario spec."""
    compressor_ref: str | None = None
    """How the compressor is named on the command line, for the reproduce line."""
    timeout: float | None = DEFAULT_TIMEOUT
    """Seconds one compression pass may take (the guard's timeout); Hypothesis' deadline is off."""
    attempts: int = 1
    """Runs of every compression; more than one catches nondeterminism on a critical fact."""
    depth: int = 3
    """Passes of the repeated-compression property: the first, then ``depth - 1`` more."""

    def __post_init__(self) -> None:
        if self.max_examples is not None and (_not_int(self.max_examples) or self.max_examples < 1):
            raise ConfigError(f"max_examples must be a whole number of at least 1, got {self.max_examples!r}")
        for name, minimum in (("attempts", 1), ("depth", 2)):
            value = getattr(self, name)
            if _not_int(value) or value < minimum:
                raise ConfigError(f"{name} must be a whole number of at least {minimum}, got {value!r}")
        if self.seed is not None and _not_int(self.seed):
            raise ConfigError(f"seed must be a whole number, got {self.seed!r}")
        for name in ("derandomize", "seed"):
            if getattr(self, name) not in (None, False) and self.database not in (None, NO_DATABASE):
                raise ConfigError(
                    f"{name} replays the same examples every run and keeps no example database; "
                    f"drop database={self.database!r} or {name}"
                )

    def hypothesis_settings(self) -> hypothesis.settings:
        """The Hypothesis settings: the profile's, with this object's choices on top."""
        parent = None
        if self.profile is not None:
            try:
                parent = hypothesis.settings.get_profile(self.profile)
            except InvalidArgument:
                known = ", ".join(sorted(hypothesis.settings._profiles)) or "none"
                raise ConfigError(
                    f"no Hypothesis settings profile {self.profile!r} is registered (registered: {known}); "
                    f"register it with hypothesis.settings.register_profile in conftest.py"
                ) from None
        base = parent or hypothesis.settings()
        changes: dict[str, Any] = {
            "deadline": None,
            "report_multiple_bugs": False,
            "phases": tuple(p for p in base.phases if p is not Phase.explain),
            "suppress_health_check": (*base.suppress_health_check, HealthCheck.too_slow),
            "print_blob": False,
        }
        if base.verbosity is Verbosity.normal:
            changes["verbosity"] = Verbosity.quiet
        if self.max_examples is not None:
            changes["max_examples"] = self.max_examples
        if self.derandomize or self.seed is not None:
            changes["derandomize"] = self.derandomize
            changes["database"] = None
        elif self.database is not None:
            changes["database"] = _database(self.database)
        return hypothesis.settings(base, **changes)

    def reproduce(self, path: Path | str, compressor: str = "") -> str:
        """The command that runs the spec at ``path`` against the same compressor."""
        parts = ["pytest", "--compaction-contract", str(path)]
        reference = self.compressor_ref
        if reference is None and compressor != "reference":
            # A compressor's name is module:qualname unless it names itself.
            reference = compressor if ":" in compressor else f"<module:attribute of {compressor}>"
        if reference and reference != "reference":
            parts.append(f"--compaction-compressor={reference}")
        if self.attempts != 1:
            parts.append(f"--compaction-attempts={self.attempts}")
        return " ".join(parts)


def _not_int(value: object) -> bool:
    return isinstance(value, bool) or not isinstance(value, int)


def _database(spec: str) -> ExampleDatabase | None:
    if spec == NO_DATABASE:
        return None
    if spec == MEMORY_DATABASE:
        return InMemoryExampleDatabase()
    return DirectoryBasedExampleDatabase(spec)


# -- results ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FuzzResult:
    """A property that held: how many examples ran, and how fast."""

    property_name: str
    compressor: str
    examples: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.examples / self.seconds if self.seconds > 0 else float("inf")

    def describe(self) -> str:
        return (
            f"property {self.property_name} held for {self.compressor}: {self.examples} examples "
            f"in {self.seconds:.2f}s ({self.per_second:.0f}/s)"
        )


class FuzzFailure(ContractFailure):
    """A property failed: the shrunk counterexample's violations, and where its spec was saved.

    ``found_after`` is the number of examples run up to the first failure (before
    shrinking); ``examples`` counts every example, shrinking included.
    """

    def __init__(
        self,
        violations: Sequence[Violation],
        *,
        property_name: str,
        compressor: str,
        scenario: Scenario,
        spec_path: Path | None,
        found_after: int,
        examples: int,
        flaky: bool = False,
        reproduce: str | None = None,
    ) -> None:
        self.property_name = property_name
        self.compressor = compressor
        self.scenario = scenario
        self.spec_path = spec_path
        self.found_after = found_after
        self.examples = examples
        self.flaky = flaky
        title = (
            f"fuzzing: property {property_name} fails for {compressor} "
            f"(found after {found_after} example{'s' if found_after != 1 else ''}; "
            f"shrunk to {_size(scenario)})"
        )
        super().__init__(violations, title=title, reproduce=reproduce)
        lines = [render_failure(self.violations, title=title)]
        if flaky:
            lines.append(
                "flaky: the same session passed when replayed; the compressor is nondeterministic "
                "(run with more attempts to name the fact it disagrees on)"
            )
        lines.append(
            f"saved spec: {spec_path}"
            if spec_path is not None
            else "not saved: pass --compaction-record-failures=DIR to save it as a scenario spec"
        )
        if reproduce:
            lines.append(f"reproduce: {reproduce}")
        self.args = ("\n".join(lines),)


def _size(scenario: Scenario) -> str:
    events = len(scenario.events)
    passes = sum(1 for step in scenario.effective_steps if step.kind == "compress")
    return f"{events} event{'s' if events != 1 else ''}, {passes} compression{'s' if passes != 1 else ''}"


# -- the properties -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Finding:
    """What one failing example showed, and the spec that reproduces it."""

    scenario: Scenario
    violations: tuple[Violation, ...]


class _Falsified(Exception):
    def __init__(self, finding: _Finding) -> None:
        super().__init__(summarize(finding.violations))
        self.finding = finding


@dataclass
class _Stats:
    calls: int = 0
    first_failure: int | None = None
    last: _Finding | None = None


_Check = Callable[[Any, Compressor, FuzzSettings], "_Finding | None"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Property:
    """A built-in property: its name, what it claims, and how to run it."""

    name: str
    summary: str
    run: Callable[..., FuzzResult]


def default_sessions() -> st.SearchStrategy[Scenario]:
    """The sessions the built-in properties draw: :func:`~pytest_compaction.fuzzing.strategies.sessions`
    with its defaults, half of them under a summary budget."""
    return st.one_of(cst.sessions(), cst.sessions(budget=(120, 1200)))


def contract_holds(
    compressor: object,
    settings: FuzzSettings | None = None,
    *,
    sessions: st.SearchStrategy[Scenario] | None = None,
) -> FuzzResult:
    """Every compression pass of every generated session keeps the contract."""
    return _fuzz("contract", compressor, settings, _or_default(sessions), _contract)


def _contract(session: Scenario, compressor: Compressor, settings: FuzzSettings) -> _Finding | None:
    guard = GuardedCompressor(compressor, timeout=settings.timeout)
    try:
        run = run_scenario(session, guard, attempts=settings.attempts)
    finally:
        guard.close()  # its timeout thread ends with the example
    if run.ok:
        return None
    return _Finding(scenario=_with_attempts(session, settings), violations=run.violations)


def repeated_compression_keeps_critical_facts(
    compressor: object,
    settings: FuzzSettings | None = None,
    *,
    sessions: st.SearchStrategy[Scenario] | None = None,
) -> FuzzResult:
    """Compressing each memory's summary again, ``depth - 1`` times with no new events,
    keeps every critical fact exactly (value, qualifiers, provenance, trust)."""
    return _fuzz("repeated-compression", compressor, settings, _or_default(sessions), _repeated)


def with_recompression(scenario: Scenario, depth: int) -> Scenario:
    """``scenario`` followed by ``depth - 1`` more compressions of every memory it compresses,
    with no new events: a summary of a summary of a summary."""
    from pytest_compaction.relations.timeline import compress_scopes

    scopes = compress_scopes(scenario)
    steps = list(scenario.effective_steps)
    steps += [Step(kind="compress", tenant_id=t, subject_id=s) for _ in range(depth - 1) for t, s in scopes]
    steps = [dataclasses.replace(step, path=f"steps[{index}]") for index, step in enumerate(steps)]
    return dataclasses.replace(scenario, steps=tuple(steps))


def _repeated(session: Scenario, compressor: Compressor, settings: FuzzSettings) -> _Finding | None:
    # The contract property on the same session, each memory compressed ``depth - 1`` more times.
    return _contract(with_recompression(session, settings.depth), compressor, settings)


def relations_hold(
    compressor: object,
    settings: FuzzSettings | None = None,
    *,
    sessions: st.SearchStrategy[Scenario] | None = None,
    relations: Sequence[str] | None = None,
) -> FuzzResult:
    """Every metamorphic relation (all registered ones by default) holds on generated sessions.

    The relation's seed is part of the example, so it shrinks too. A session that
    already breaks the contract is :func:`contract_holds`'s finding; here only what a
    relation adds counts.
    """
    from pytest_compaction.relations.registry import RELATIONS, get_relation

    names = tuple(relations) if relations is not None else tuple(RELATIONS)
    for name in names:
        get_relation(name)  # a misspelt name fails before any example runs
    strategy = st.tuples(_or_default(sessions), st.integers(0, 2**16))
    return _fuzz("relations", compressor, settings, strategy, functools.partial(_relations, names=names))


def _relations(
    example: tuple[Scenario, int], compressor: Compressor, settings: FuzzSettings, names: tuple[str, ...]
) -> _Finding | None:
    from pytest_compaction.relations.metamorphic import run_relation

    session, seed = example
    guard = GuardedCompressor(compressor, timeout=settings.timeout)
    try:
        # The untransformed session is run once and compared with every relation's
        # transformation (as run_relations does), not once per relation.
        original = run_scenario(session, guard, attempts=settings.attempts)
        for name in names:
            result = run_relation(
                session, name, guard, seed=seed, attempts=settings.attempts, original=original
            )
            if result.broken:
                found = {v.name: v for v in result.findings}
                spec = dataclasses.replace(_with_attempts(session, settings), relations=(name,), seed=seed)
                return _Finding(scenario=spec, violations=sort_violations(found.values()))
    finally:
        guard.close()  # its timeout thread ends with the example
    return None


def _or_default(sessions: st.SearchStrategy[Scenario] | None) -> st.SearchStrategy[Scenario]:
    return default_sessions() if sessions is None else sessions


def _with_attempts(scenario: Scenario, settings: FuzzSettings) -> Scenario:
    return scenario if settings.attempts == 1 else dataclasses.replace(scenario, attempts=settings.attempts)


PROPERTIES: Mapping[str, Property] = {
    "contract": Property(
        name="contract",
        summary="every compression pass of a generated session keeps the contract",
        run=contract_holds,
    ),
    "relations": Property(
        name="relations",
        summary="every metamorphic relation holds on a generated session",
        run=relations_hold,
    ),
    "repeated-compression": Property(
        name="repeated-compression",
        summary="compressing the summary again and again keeps every critical fact",
        run=repeated_compression_keeps_critical_facts,
    ),
}
"""The built-in properties, by name, in the order ``--compaction-fuzz`` runs them."""


def run_property(name: str, compressor: object, settings: FuzzSettings | None = None) -> FuzzResult:
    """Run the built-in property called ``name``; an unknown name is a :class:`ConfigError`."""
    try:
        chosen = PROPERTIES[name]
    except KeyError:
        raise ConfigError(
            f"unknown fuzz property {name!r}; the properties are: {', '.join(PROPERTIES)}"
        ) from None
    return chosen.run(compressor, settings)


# -- running Hypothesis -------------------------------------------------------------------


def compressor_factory(compressor: object) -> tuple[Callable[[], Compressor], str]:
    """A maker of the compressor for each example: a class is instantiated afresh.

    A string is a ``module:attribute`` reference (or ``reference``), resolved as
    ``--compaction-compressor`` resolves it; one that names a class is instantiated
    afresh too.
    """
    if isinstance(compressor, str):
        compressor = _named(compressor)
    if inspect.isclass(compressor):
        cls: Any = compressor
        return (lambda: as_compressor(cls)), compressor_name(as_compressor(cls))
    shared = as_compressor(compressor)
    return (lambda: shared), compressor_name(shared)


def _named(reference: str) -> object:
    """What a compressor reference names: its class when it names one (made afresh per example)."""
    shared = resolve_compressor(reference)  # the option's own checks and messages
    if reference in ("", "reference"):
        return ReferenceCompressor
    if ":" not in reference or "(" in reference:  # a built-in name, or a configured call
        return shared
    target = import_reference(
        reference,
        what="compressor",
        shape="package.module:attribute",
        fallback="'reference' for the embedded reference compressor",
        error=ConfigError,
    )
    return target if inspect.isclass(target) else shared


def _fuzz(
    prop: str,
    compressor: object,
    settings: FuzzSettings | None,
    strategy: st.SearchStrategy[Any],
    check: _Check,
) -> FuzzResult:
    __tracebackhide__ = True
    settings = settings or FuzzSettings()
    make, name = compressor_factory(compressor)
    stats = _Stats()

    def examine(example: Any) -> None:
        stats.calls += 1
        finding = check(example, make(), settings)
        if finding is not None:
            stats.last = finding
            if stats.first_failure is None:
                stats.first_failure = stats.calls
            raise _Falsified(finding)

    test = settings.hypothesis_settings()(given(strategy)(examine))
    if settings.seed is not None:
        test = hypothesis.seed(settings.seed)(test)
    # The examples database is keyed by this digest: one entry per property, compressor
    # and strategy, so two compressors never replay each other's failures.
    digest = f"pytest-compaction:{prop}:{name}:{strategy!r}:{settings.depth}:{settings.attempts}"
    test.hypothesis.inner_test._hypothesis_internal_add_digest = digest.encode()  # type: ignore[attr-defined]
    started = time.perf_counter()
    flaky = False
    try:
        test()
    except _Falsified as exc:
        finding = exc.finding
    except Flaky:
        if stats.last is None:
            raise
        finding, flaky = stats.last, True
    else:
        return FuzzResult(
            property_name=prop, compressor=name, examples=stats.calls, seconds=time.perf_counter() - started
        )
    path = None
    if settings.record_failures is not None:
        shown = finding.scenario
        note = f"Fuzzing counterexample (property {prop}): {summarize(finding.violations)}."
        finding = dataclasses.replace(
            finding, scenario=dataclasses.replace(shown, description=f"{note} {shown.description}".strip())
        )
        path = write_spec(
            finding.scenario, settings.record_failures, property_name=prop, compressor=name, settings=settings
        )
    raise FuzzFailure(
        finding.violations,
        property_name=prop,
        compressor=name,
        scenario=finding.scenario,
        spec_path=path,
        found_after=stats.first_failure or stats.calls,
        examples=stats.calls,
        flaky=flaky,
        reproduce=settings.reproduce(path, name) if path is not None else None,
    )


# -- specs --------------------------------------------------------------------------------


def scenario_to_dict(scenario: Scenario) -> dict[str, Any]:
    """The plain-data spec form of ``scenario`` (the one writer: :meth:`Scenario.to_dict`)."""
    return scenario.to_dict()


def spec_text(scenario: Scenario, *, header: Sequence[str] = ()) -> str:
    """``scenario`` as YAML, ``header`` lines on top: the one writer (``Scenario.to_dict``, ``dump_yaml``)."""
    from pytest_compaction.specs.safeyaml import dump_yaml

    return dump_yaml(scenario.to_dict(), header=tuple(header))


def write_spec(
    scenario: Scenario,
    directory: str | Path,
    *,
    property_name: str = "contract",
    compressor: str = "",
    settings: FuzzSettings | None = None,
) -> Path:
    """Write ``scenario`` as ``fuzz-<property>-<digest>.compaction.yaml`` in ``directory``.

    The name comes from the content, so the same counterexample is written once.
    Returns the path.
    """
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    body = spec_text(scenario)
    digest = hashlib.sha256(f"{property_name}\n{compressor}\n{body}".encode()).hexdigest()[:12]
    path = folder / f"fuzz-{property_name}-{digest}.compaction.yaml"
    if not path.exists():
        _write(path, scenario, property_name, compressor, settings or FuzzSettings())
    return path


def _write(
    path: Path, scenario: Scenario, property_name: str, compressor: str, settings: FuzzSettings
) -> None:
    reproduce = settings.reproduce(path, compressor)
    header = [
        f"A counterexample found by pytest-compaction fuzzing (property {property_name}"
        + (f", compressor {compressor})." if compressor else ")."),
        "Every event is synthetic. It fails until the compressor is fixed: keep it as a regression test.",
        f"Reproduce: {reproduce}",
    ]
    # Written whole, then renamed: an xdist worker never reads half a spec.
    partial = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    partial.write_text(spec_text(scenario, header=header), encoding="utf-8")
    os.replace(partial, path)
