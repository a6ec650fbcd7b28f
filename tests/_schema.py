"""The published JSON Schema, checked with a real draft 2020-12 validator (``jsonschema``)."""

from __future__ import annotations

import functools
from typing import Any

from jsonschema import Draft202012Validator

from pytest_compaction.specs.schema import load_schema

__all__ = ["schema_problems"]


@functools.cache
def _validator() -> Draft202012Validator:
    schema = load_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def schema_problems(data: Any) -> list[str]:
    """Every way ``data`` breaks the shipped schema, as ``path: message`` lines (empty: valid)."""
    return [
        f"{'.'.join(str(part) for part in error.absolute_path) or '<document>'}: {error.message}"
        for error in _validator().iter_errors(data)
    ]
