"""An output's iterables are read bounded: an endless one is the compressor's malformed output.

A ``facts`` (or ``input_event_ids``) set behind the ``Artifact`` constructor, a summarization
result's ``messages`` or a message's ``blocks`` may be any iterable. Read whole, an endless
one hangs the run (a C-level iterator such as ``itertools.repeat`` never yields the
interpreter, so no timeout fires) or, sized, was refused with an internal ``TypeError`` blamed
on ``compressor_error`` inside this package. It is ``artifact_malformed``: what the output held,
and to return a finite list or tuple.
"""

from __future__ import annotations

import dataclasses
import itertools
import textwrap
import types
from typing import Any

import pytest

from pytest_compaction.compressors.base import ReferenceCompressor, as_compressor
from pytest_compaction.compressors.guard import GuardedCompressor
from pytest_compaction.compressors.shapes import MAX_ITEMS
from pytest_compaction.core.model import Artifact
from pytest_compaction.core.scenario import Scenario
from pytest_compaction.core.violations import ViolationCode
from pytest_compaction.engine.contract import run_contract

SPEC: dict[str, Any] = {
    "tenant": "acme",
    "subject": "ana",
    "events": [
        {
            "id": "e1",
            "text": "I am allergic to peanuts.",
            "facts": [{"id": "fact-allergy", "predicate": "food.peanuts_allowed", "value": False}],
        }
    ],
    "steps": [{"add": ["e1"]}, "compress"],
}


def _swapped(field: str, make: Any) -> Any:
    """The reference artifact with ``field`` swapped behind the constructor for ``make(value)``."""

    def compress(request: Any) -> Artifact:
        artifact = ReferenceCompressor().compress(request)
        object.__setattr__(artifact, field, make(getattr(artifact, field)))
        return artifact

    compress.replays_claims = True  # type: ignore[attr-defined]
    return compress


def _run(compressor: Any) -> list[tuple[ViolationCode, str]]:
    guard = GuardedCompressor(as_compressor(compressor), timeout=30)
    result = run_contract(Scenario.from_dict(SPEC, name="allergy"), guard)
    return [(v.code, v.detail) for v in result.violations]


NAME = f"{__name__}:_swapped.<locals>.compress"
ENDLESS = f"(more than {MAX_ITEMS} items; at most {MAX_ITEMS} are read): return a finite list or tuple"


@pytest.mark.parametrize(
    ("field", "make", "what"),
    [
        ("facts", lambda facts: itertools.repeat(facts[0]), "facts is an endless or over-long repeat"),
        ("facts", lambda facts: itertools.cycle(facts), "facts is an endless or over-long cycle"),
        (
            "input_event_ids",
            lambda ids: itertools.repeat(ids[0]),
            "input_event_ids is an endless or over-long repeat",
        ),
        ("facts", lambda facts: list(facts) * (MAX_ITEMS + 1), "facts is an over-long list"),
    ],
    ids=["repeat", "cycle", "event-ids", "long-list"],
)
def test_an_endless_or_over_long_iterable_is_a_malformed_artifact(field: str, make: Any, what: str) -> None:
    ((code, detail),) = _run(_swapped(field, make))
    assert code is ViolationCode.ARTIFACT_MALFORMED
    assert detail == f"pass 1, compression; {NAME} returned an artifact whose {what} {ENDLESS}"
    assert "shapes.py" not in detail


def test_a_finite_iterator_is_read_and_checked_like_a_tuple() -> None:
    assert _run(_swapped("facts", iter)) == []
    ((code, detail),) = _run(_swapped("facts", lambda facts: iter(())))
    assert code is ViolationCode.MISSING
    assert detail.startswith("pass 1, compression; ")


def test_a_value_that_is_not_an_iterable_of_facts_is_named() -> None:
    ((code, detail),) = _run(_swapped("facts", lambda facts: 7))
    assert code is ViolationCode.ARTIFACT_MALFORMED
    assert detail.endswith("returned an artifact whose facts is a int, not a list or tuple")
    ((code, detail),) = _run(_swapped("facts", lambda facts: ["not a fact"]))
    assert detail.endswith("returned an artifact whose facts[0] is a str, not a Fact")


def test_a_summarization_result_with_endless_messages_is_malformed_not_a_hang() -> None:
    def endless(request: Any) -> Any:
        return types.SimpleNamespace(running_summary=None, messages=itertools.repeat({"role": "user"}))

    ((code, detail),) = _run(endless)
    assert code is ViolationCode.ARTIFACT_MALFORMED
    assert detail.endswith(
        f"returned a summarization result whose messages is an endless or over-long repeat {ENDLESS}"
    )


def test_through_pytest_it_is_one_named_violation(pytester: pytest.Pytester) -> None:
    import yaml

    pytester.makefile(".compaction.yaml", allergy=yaml.safe_dump(SPEC, sort_keys=False))
    pytester.makepyfile(
        team=textwrap.dedent(
            """
            import itertools
            from pytest_compaction.compressors.base import ReferenceCompressor

            def compress(request):
                artifact = ReferenceCompressor().compress(request)
                object.__setattr__(artifact, "facts", itertools.repeat(artifact.facts[0]))
                return artifact
            compress.replays_claims = True
            """
        )
    )
    pytester.syspathinsert()
    result = pytester.runpytest(
        "--compaction-contract", "--compaction-compressor=team:compress", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ["*artifact_malformed*team:compress returned an artifact whose facts is an endless*"]
    )
    result.stdout.no_fnmatch_line("*compressor_error*")
    result.stdout.no_fnmatch_line("*Traceback*")


@pytest.mark.parametrize("field", ["facts", "input_event_ids"])
def test_an_endless_iterator_given_to_the_constructor_is_refused_not_read_forever(field: str) -> None:
    """Through the constructor (not behind it), an endless iterator used to be read until
    memory ran out, in a guard thread the timeout could only abandon."""

    def compress(request: Any) -> Artifact:
        built = ReferenceCompressor().compress(request)
        kept = getattr(built, field)
        fields = {"facts": built.facts, "input_event_ids": built.input_event_ids}
        fields[field] = itertools.repeat(kept[0])  # type: ignore[assignment]
        return dataclasses.replace(built, **fields)

    compress.replays_claims = True  # type: ignore[attr-defined]
    ((code, detail),) = _run(compress)
    assert code is ViolationCode.COMPRESSOR_ERROR
    assert f"Artifact {field} is endless or longer than {MAX_ITEMS} items (repeat)" in detail


def test_a_finite_iterator_given_to_the_constructor_is_a_tuple() -> None:
    artifact = Artifact(
        memory_version=1, tenant_id="t", subject_id="s", facts=iter(()), input_event_ids=(x for x in ("e1",))
    )
    assert (artifact.facts, artifact.input_event_ids) == ((), ("e1",))
