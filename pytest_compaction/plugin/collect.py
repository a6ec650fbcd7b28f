"""Collection of fixture specs: a spec file is a ``pytest.Module``; each variant is a ``pytest.Function``.

A spec item is a test function to pytest: its fixtures (``compressor_under_test`` overridden
in a ``conftest.py``, autouse fixtures) are resolved, set up and torn down by pytest's own
fixture machinery, through public API only.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pytest_compaction.config.references import ENV_VALUES_INI
from pytest_compaction.core.errors import CompactionError, PayloadError
from pytest_compaction.engine.contract import (
    CompactionOutcome,
    ContractFailure,
    check_recorded,
    expected_mismatch,
    run_and_assert,
)
from pytest_compaction.plugin.session import recorder, settings_of, spec_compressor
from pytest_compaction.reporting.escape import one_line
from pytest_compaction.specs.spec import Spec, load_spec

__all__ = ["SpecErrorItem", "SpecFile", "SpecItem"]


class SpecFile(pytest.Module):
    """A ``*.compaction.yaml`` file: one item per variant, or one error item if the spec is bad.

    A ``pytest.Module`` without a Python module, as pytest's own doctest text files are: a
    module-scoped fixture (an override of ``compressor_under_test``, an autouse fixture) is
    set up once per spec file.
    """

    obj = None  # nothing is imported: a spec is data

    def collect(self) -> Iterator[pytest.Item]:
        from pytest_compaction.config.references import USE_INI, set_ini_uses
        from pytest_compaction.specs.spec import SPEC_ROOTS_INI

        try:
            set_ini_uses(self.config.getini(USE_INI))
            roots = tuple(self.config.getini(SPEC_ROOTS_INI))
            spec = load_spec(self.path, roots=roots, suite=self.config.rootpath)
        except CompactionError as exc:
            error = (
                exc if isinstance(exc, PayloadError) else PayloadError("", str(exc), source=str(self.path))
            )
            yield SpecErrorItem.from_parent(self, name="spec-error", error=error)
            return
        except Exception as exc:  # a mistake no check names yet: still one failed item, never an abort
            error = PayloadError(
                "",
                f"cannot be loaded ({type(exc).__name__}); please report this spec to pytest-compaction, "
                "whose loader should have named the mistake",
                source=str(self.path),
            )
            yield SpecErrorItem.from_parent(self, name="spec-error", error=error)
            return
        try:
            marks = [_mark(self.config, spec, index) for index in range(len(spec.marks))]
            _check_relations(spec)
        except PayloadError as exc:
            yield SpecErrorItem.from_parent(self, name="spec-error", error=exc)
            return
        for variant in spec.variants:
            # The node id is ``<file id>::<name>[<variant>]``, as a parametrized test's would be.
            name = f"{one_line(spec.name)}[{variant}]"
            item = SpecItem.from_parent(self, name=name, spec=spec, variant=variant)
            for mark in marks:
                item.add_marker(mark)
            yield item


def _check_relations(spec: Spec) -> None:
    """A ``relations:`` name no built-in or ``conftest.py`` registered is a spec error at
    collection (``conftest.py`` files are loaded by then), before any of its passes runs."""
    if spec.scenario is None or not spec.scenario.relations:
        return
    from pytest_compaction.relations import relation_name_errors

    unknown = relation_name_errors(spec.scenario.relations)
    if unknown:
        raise spec.source_map.error(unknown[0])


_BUILT_IN_MARKS = ("skip", "skipif", "xfail")


def _mark(config: pytest.Config, spec: Spec, index: int) -> pytest.MarkDecorator:
    """The pytest mark of ``marks[index]``; a marker name the project has not registered is a spec error.

    Conditions are the spec's declarative ones, evaluated here: pytest never sees a string
    it would evaluate as Python.
    """
    mark = spec.marks[index]
    known = tuple(line.split(":")[0].split("(")[0].strip() for line in config.getini("markers"))
    if mark.name not in known and mark.name not in _BUILT_IN_MARKS:
        from pytest_compaction.core.errors import _closest

        close = _closest(mark.name, known)
        hint = f"did you mean {close!r}? Or register it" if close else "register it"
        error = PayloadError(
            f"marks[{index}]",
            f"{mark.name!r} is not a registered marker; {hint} (ini `markers = {mark.name}: what it means`)",
        )
        raise spec.source_map.error(error) from None
    allowed = set(config.getini(ENV_VALUES_INI))
    for name in mark.compared_variables():
        if name not in allowed:
            error = PayloadError(
                f"marks[{index}].{mark.name}.env.{name}",
                f"a spec may test that {name} is set (`env: {name}`), not compare its value: a value "
                f"comparison would let a spec guess a CI secret; list {name} under the ini option "
                f"`{ENV_VALUES_INI}` to allow it",
            )
            raise spec.source_map.error(error) from None
    decorator = getattr(pytest.mark, mark.name)
    kwargs = dict(mark.kwargs)
    if isinstance(kwargs.get("reason"), str):
        # pytest prints the reason as it is: control characters, a "::error" after a newline
        # or a fake summary line in it would forge terminal and CI output.
        kwargs["reason"] = one_line(kwargs["reason"])
    if mark.name == "skipif" or (mark.name == "xfail" and mark.conditions):
        reason = kwargs.pop("reason", None) or one_line(mark.describe()) or "skipped by the spec's marks"
        return decorator(mark.holds(), reason=reason, **kwargs)  # type: ignore[no-any-return]
    return decorator(**kwargs)  # type: ignore[no-any-return]


class SpecErrorItem(pytest.Item):
    """Stands for a spec that cannot be loaded: fails with the message, never aborts the session."""

    def __init__(self, *, error: PayloadError, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error = error

    def runtest(self) -> None:
        raise self.error

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        # The file name is input too: a newline in it must not split the one-line error.
        return f"invalid fixture spec: {self.error}".replace(str(self.path), one_line(self.path))

    def reportinfo(self) -> tuple[Any, int | None, str]:
        # The headline of the failure section: pytest prints it as given.
        return self.path, (self.error.line or 1) - 1, f"{one_line(self.path.name)}: invalid spec"


def run_spec(request: pytest.FixtureRequest) -> None:
    """The test function of every spec item; pytest calls it with the item's fixtures set up."""
    __tracebackhide__ = True
    item = request.node
    assert isinstance(item, SpecItem)
    item.run(request)


class SpecItem(pytest.Function):
    """One run of a spec: the scenario as written (``as-written``), a relation, a depth, or an incident.

    A ``pytest.Function`` whose function is :func:`run_spec`: autouse fixtures of the
    ``conftest.py`` files above the spec run around it, and ``compressor_under_test`` resolves
    to the nearest override, exactly as for a Python test in the same folder.
    """

    def __init__(self, *, spec: Spec, variant: str, **kwargs: Any) -> None:
        super().__init__(callobj=run_spec, **kwargs)
        self.spec = spec
        self.variant = variant

    @property
    def id(self) -> Any:
        """The structured node id (pytest 9.2 and later), read back from :attr:`nodeid`.

        pytest builds a ``Function``'s structured id from its parametrization, which a spec
        item does not have, so ``peanut[as-written]`` would be one name with no parameters,
        unlike the same id read back from the cache: ``--lf`` and ``--ff`` would then never
        select a failed spec item. Parsing the node id, as the cache does, keeps them equal.
        """
        inherited = getattr(pytest.Function, "id", None)  # only pytest 9.2 and later have it
        if inherited is None:
            raise AttributeError("id")
        structured = inherited.__get__(self, type(self))
        parse = getattr(type(structured), "parse", None)
        return structured if parse is None else parse(str(structured))

    def run(self, request: pytest.FixtureRequest) -> None:
        settings = settings_of(self.config)
        reproduce = settings.reproduce(self.nodeid, self.path)
        if self.spec.recorded is not None:
            recorded = self.spec.recorded
            verdict = check_recorded(
                recorded.payload.expected,
                recorded.payload.artifact,
                mode=recorded.mode,  # type: ignore[arg-type]
                prose=recorded,
            )
            mismatch = expected_mismatch(verdict.violations, recorded.expect_violations)
            recorder(self)(CompactionOutcome("recorded artifact", tuple(mismatch)))
            if mismatch:
                raise ContractFailure(
                    mismatch,
                    title=f"recorded incident {self.spec.name} no longer shows exactly the violations it "
                    f"records (found: {', '.join(verdict.names) or 'none'})",
                    reproduce=reproduce,
                )
            return
        assert self.spec.scenario is not None
        cut = spec_compressor(request)
        scenario = self.spec.scenario
        if self.variant == "as-written":
            run = run_and_assert(
                scenario,
                cut,
                mode=settings.mode,  # type: ignore[arg-type]
                attempts=settings.attempts,
                reproduce=reproduce,
            )
            if settings.mutants:
                from pytest_compaction.plugin.session import record_mutant_findings

                record_mutant_findings(self, scenario, baseline=run.names)
            return
        from pytest_compaction.engine.contract import run_variant

        not_applicable = run_variant(scenario, cut, self.variant, seed=settings.seed, reproduce=reproduce)
        if not_applicable:
            pytest.skip(not_applicable)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        error = excinfo.value
        where = f"{one_line(self.path)}:{self.spec.line}"
        if isinstance(error, ContractFailure):
            header = f"{where}: {self.name}"
            if self.spec.description:
                header += f"\n  {self.spec.description.strip().splitlines()[0]}"
            return f"{header}\n{error}"
        if isinstance(error, PayloadError):
            return f"invalid fixture spec: {self.spec.source_map.error(error)}"
        if isinstance(error, CompactionError):
            return f"{where}: {self.name}\n{error}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Any, int | None, str]:
        return self.path, self.spec.line - 1, self.name
