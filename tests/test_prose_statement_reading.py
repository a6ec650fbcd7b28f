"""A statement reads negation, speculation, attribution and time through separate mixins:
a method one of them defines must not shadow another's of the same name (it once did, and
a rule read the wrong method silently)."""

from __future__ import annotations

import collections

from pytest_compaction.prose.statements import Statement


def test_no_reading_method_shadows_another() -> None:
    owners: dict[str, list[str]] = collections.defaultdict(list)
    for cls in Statement.__mro__[:-1]:
        for name, value in vars(cls).items():
            if not name.startswith("__") and (callable(value) or isinstance(value, property)):
                owners[name].append(cls.__name__)
    assert {name: where for name, where in owners.items() if len(where) > 1} == {}
