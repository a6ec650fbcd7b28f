"""The JSON Schema (draft 2020-12) of fixture specs, generated from the spec model.

The schema ships as ``spec.schema.json`` next to this module, so an editor with the
YAML language server validates and completes a spec from a one-line comment::

    # yaml-language-server: $schema=<path or URL of spec.schema.json>

The schema is *structural*: keys, types, enumerations and the shape of steps.
References between ids (an ``add`` step naming an event, a fact superseding
another) and the lifecycle are checked by :func:`pytest_compaction.specs.spec.load_spec`,
which is what ``compaction lint`` and the collector run.

``build_schema()`` renders :mod:`pytest_compaction.core.spec_model` (the scenario keys,
their types, bounds and docs) plus the shapes of recorded specs; the shipped file is its output
(``python -m pytest_compaction.specs.schema --write`` regenerates it, a test keeps them equal).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping, Sequence
from enum import Enum
from pathlib import Path
from typing import Any

from pytest_compaction.core.model import Criticality, Status, Trust
from pytest_compaction.core.spec_model import (
    ADD,
    CLAIM,
    DELETE,
    MAX_DEPTH,
    RECORDED,
    SCENARIO,
    STEPS,
    Key,
    key,
    required,
)
from pytest_compaction.core.violations import ViolationCode
from pytest_compaction.prose.modality import Modality
from pytest_compaction.specs.spec import PROSE_FORM_KEY

__all__ = ["SCHEMA_PATH", "build_schema", "load_schema", "render_schema"]

SCHEMA_PATH = Path(__file__).resolve().parent / "spec.schema.json"
"""The shipped schema file (inside the installed package)."""

_IDENT = "^[A-Za-z_][A-Za-z0-9_]*$"
_PYTHON = "^\\s*(>=|<=|==|!=|>|<)\\s*\\d+(\\.\\d+)?\\s*$"
_CODE_MARKS = ("usefixtures", "filterwarnings", "parametrize")
_REFERENCE = "^([A-Za-z_][A-Za-z0-9_]*|[^:\\s]+:[^:\\s]+)$"


def _text(description: str, **extra: Any) -> dict[str, Any]:
    return {"type": "string", "minLength": 1, "description": description, **extra}


def _values(
    enum: type[Enum] | tuple[str, ...], description: str, default: str | None = None
) -> dict[str, Any]:
    options = list(enum) if isinstance(enum, tuple) else [member.value for member in enum]
    out: dict[str, Any] = {"enum": options, "description": description}
    if default is not None:
        out["default"] = default
    return out


def _closed(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """An object with exactly ``properties`` (``required`` among them)."""
    out: dict[str, Any] = {"type": "object"}
    if required:
        out["required"] = list(required)
    return {**out, "additionalProperties": False, "properties": properties}


_VERBATIM = {
    "type": "boolean",
    "default": False,
    "description": "It must come back character for character (whitespace aside).",
}


def _optional(schema: Mapping[str, Any], description: str) -> dict[str, Any]:
    """``schema`` or null."""
    return {"description": description, "anyOf": [{"type": "null"}, dict(schema)]}


def _key_schema(key: Key) -> dict[str, Any]:
    """The JSON Schema of one key of the spec model."""
    kind = key.kind
    out: dict[str, Any]
    if kind == "str":
        out = {"type": "string", "minLength": 1}
    elif kind == "text":
        out = {"type": "string"}
    elif kind == "int":
        out = {"type": "integer"}
        if key.minimum is not None:
            out["minimum"] = key.minimum
        if key.maximum is not None:
            out["maximum"] = key.maximum
    elif kind == "enum":
        out = {"enum": list(key.choices)}
    elif kind in ("strs", "words"):
        item = {"type": "string", "minLength": 1} if kind == "strs" else {"type": "string", "pattern": "\\S"}
        out = {"type": "array", "items": item}
        if key.min_items:
            out["minItems"] = key.min_items
    elif kind == "value":
        out = {}
    elif kind == "mapping":
        out = {"type": "object"}
    elif kind == "object":
        out = _object_schema(key.fields)
    elif kind == "objects":
        out = {"type": "array", "items": _object_schema(key.fields)}
        if key.min_items:
            out["minItems"] = key.min_items
        if key.max_items is not None:
            out["maxItems"] = key.max_items
    else:
        out = {"$ref": f"#/$defs/{key.ref}"}
    if not key.required and key.nullable and kind not in ("value", "ref"):
        out = {"anyOf": [{"type": "null"}, out]}
    out["description"] = key.doc
    if key.default is not None:
        out["default"] = key.default
    return out


def _object_schema(keys: tuple[Key, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {key.name: _key_schema(key) for key in keys},
    }
    if required(keys):
        out["required"] = list(required(keys))
    return out


def _mark_schema() -> dict[str, Any]:
    """A mark: a marker name, or one `name: argument` pair with declarative conditions only."""
    strings = {
        "anyOf": [
            {"type": "string", "minLength": 1},
            {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}},
        ]
    }
    conditions = {
        "platform": {**strings, "description": "sys.platform starts with this name (or one of these)."},
        "python": {
            "description": "The running Python satisfies each comparison, e.g. '>=3.12'.",
            "anyOf": [
                {"type": "string", "pattern": _PYTHON},
                {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": _PYTHON}},
            ],
        },
        "env": {
            "description": "These variables are set (a name or list), or have these values (a mapping).",
            "anyOf": [strings, {"type": "object", "additionalProperties": {"type": "string"}}],
        },
        "installed": {**strings, "description": "These distributions are installed."},
        "missing": {**strings, "description": "None of these distributions is installed."},
    }
    scalar = {"type": ["string", "number", "boolean"]}
    reason = {"type": ["string", "number", "boolean"], "description": "Why."}
    flag = {"type": "boolean"}

    name = {"type": "string", "pattern": _IDENT, "not": {"enum": list(_CODE_MARKS)}}
    return {
        "anyOf": [
            {**name, "description": "A registered marker name, selectable with -m."},
            _closed(
                {"skip": {"anyOf": [{"type": ["string", "null"]}, _closed({"reason": reason})]}}, ("skip",)
            ),
            _closed(
                {"skipif": {"anyOf": [{"type": "null"}, _closed({"reason": reason, **conditions})]}},
                ("skipif",),
            ),
            _closed(
                {
                    "xfail": {
                        "anyOf": [
                            {"type": ["string", "null"]},
                            _closed({"reason": reason, "strict": flag, "run": flag, **conditions}),
                        ]
                    }
                },
                ("xfail",),
            ),
            {
                "type": "object",
                "minProperties": 1,
                "maxProperties": 1,
                "propertyNames": {**name, "not": {"enum": ["skip", "skipif", "xfail", *_CODE_MARKS]}},
                "additionalProperties": {
                    "description": "Plain keyword arguments (never a condition).",
                    "anyOf": [
                        {"type": "null"},
                        {
                            "type": "object",
                            "not": {"required": ["condition"]},
                            "additionalProperties": scalar,
                        },
                    ],
                },
            },
        ]
    }


def _kind_object(keys: tuple[Key, ...], kind: str) -> dict[str, Any]:
    """The object of one spec kind, its ``kind:`` key first."""
    out = _object_schema(keys)
    out["properties"] = {
        "kind": {"const": kind, "description": "scenario (default) or recorded."},
        **out["properties"],
    }
    return out


def build_schema() -> dict[str, Any]:
    """The JSON Schema of both spec kinds, built from the package's own enumerations."""
    codes = "|".join(re.escape(code.value) for code in ViolationCode)
    mark = _mark_schema()
    any_value = {"description": "A JSON value, compared with its type (false is not 'false', 1 is not 1.0)."}
    qualifiers = _optional(
        {"type": "object"}, "Conditions that bound the fact (basis, severity, scope); order never matters."
    )
    ids = {"type": "array", "items": {"type": "string", "minLength": 1}}
    fact_common: dict[str, Any] = {
        "fact_id": _text("Stable id of the fact."),
        "tenant_id": _text("Whose fact it is (tenant)."),
        "subject_id": _text("Whose fact it is (subject)."),
        "predicate": _text("Stable name of what the fact states, e.g. food.peanuts_allowed."),
        "value": any_value,
        "qualifiers": qualifiers,
        "source_event_ids": {**ids, "description": "Provenance: the events that support the fact."},
        "source_event_id": _text("Provenance: the one event that supports the fact."),
        "authority": _values(Trust, "The trust of the fact's source.", Trust.USER.value),
        "criticality": _values(Criticality, "critical facts must survive every compression.", "critical"),
    }
    lifecycle: dict[str, Any] = {
        "status": _values(Status, "Where the fact is in its lifecycle.", Status.ACTIVE.value),
        "superseded_by": _optional({"type": "string"}, "For a superseded fact: the newer fact's id."),
        "status_event_id": _optional({"type": "string"}, "For a deleted or retired fact: the event."),
        "status_reason": _optional({"type": "string"}, "For a retired fact: why."),
    }
    not_both = {"not": {"required": ["source_event_id", "source_event_ids"]}}
    defs: dict[str, Any] = {
        "mark": mark,
        "scenarioSpec": {
            **_kind_object(SCENARIO, "scenario"),
            "description": "A scenario: events and steps, run through the compressor under test.",
        },
        "ids": {
            "description": "Id(s) of facts.",
            "anyOf": [{"type": "string", "minLength": 1}, ids],
        },
        "event_ids": {"anyOf": [{"const": "all"}, ids]},
        "use_name": {"type": "string", "pattern": _REFERENCE},
        "from_depth": {
            "description": "The first compaction depth the check applies at, or never (default: 2).",
            "anyOf": [
                {"type": "null"},
                {"type": "integer", "minimum": 1, "maximum": MAX_DEPTH},
                {"const": "never"},
            ],
        },
        "use_names": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/use_name"}},
        "violation_names": {"type": "array", "items": {"type": "string", "pattern": f"^(.+:)?({codes})$"}},
        "marks": {"anyOf": [{"type": "null"}, {"type": "array", "items": {"$ref": "#/$defs/mark"}}]},
        "steps": {
            "type": ["array", "null"],
            "items": {"$ref": "#/$defs/step"},
            "contains": {"anyOf": [{"const": "compress"}, {"type": "object", "required": ["compress"]}]},
        },
        "bindings": {"anyOf": [{"type": "null"}, {"type": "array", "items": {"$ref": "#/$defs/binding"}}]},
        "qualifier_words": {
            "anyOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "additionalProperties": {"type": "array", "items": {"type": "string", "pattern": "\\S"}},
                },
            ]
        },
        "step": {
            "anyOf": [
                {"const": "compress", "description": "One compression pass."},
                _object_schema(ADD),
                _object_schema(DELETE),
                *(_closed({step.name: _key_schema(step)}, (step.name,)) for step in STEPS),
            ]
        },
        "register": _optional(
            _closed(
                {
                    "invariants": {"type": "array", "items": {"$ref": "#/$defs/invariant"}},
                    "failures": {"type": "array", "items": {"$ref": "#/$defs/failure"}},
                    "retirements": {"type": "array", "items": {"$ref": "#/$defs/retirement"}},
                }
            ),
            "Pinned invariants and failure records (docs/prose.md).",
        ),
        "invariant": _closed(
            {
                "id": _text("Unique id of the invariant."),
                "text": _text("The invariant, verbatim: it must reappear (or a stronger form)."),
                "markers": {
                    **ids,
                    "minItems": 1,
                    "description": "Words that must survive; each occurs in text.",
                },
                "modality": _values(Modality, "The modal class the summary must keep."),
                "verbatim": _VERBATIM,
            },
            ("id", "text", "markers", "modality"),
        ),
        "failure": _closed(
            {
                "id": _text("Unique id of the failure record."),
                "text": _text("What was tried and how it failed."),
                "approach": {**ids, "minItems": 1, "description": "Words that locate the attempt."},
                "error": {**ids, "description": "The error, which must survive with it."},
                "verbatim": _VERBATIM,
            },
            ("id", "text", "approach"),
        ),
        "retirement": _closed(
            {
                "id": _text("The invariant or failure record retired."),
                "event_id": _text("The explicit event that retires it."),
                "reason": _text("Why."),
            },
            ("id", "event_id", "reason"),
        ),
        "binding": _closed(
            {
                "id": _text("Id of the binding (default: canonical_id)."),
                "canonical_id": _text("The resource the phrase means, e.g. db-staging."),
                "phrase": _text("The precise phrase, e.g. the staging database."),
                "aliases": {**ids, "description": "Other precise phrases."},
                "ambiguous": {**ids, "description": "Phrases that could mean this or something else."},
                "anchors": {**ids, "description": "Words of the statement that uses it."},
            },
            ("canonical_id", "phrase"),
        ),
        "recordedSpec": {
            **_kind_object(RECORDED, "recorded"),
            "description": "A recorded incident: a saved artifact checked without running a compressor.",
            "oneOf": [{"required": ["artifact"]}, {"required": ["artifact_file"]}],
        },
        "expectedFacts": {"type": "array", "items": {"$ref": "#/$defs/expectedFact"}},
        "payloadEvents": {"type": "array", "items": {"$ref": "#/$defs/payloadEvent"}},
        "savedArtifact": {"anyOf": [{"$ref": "#/$defs/artifact"}, {"type": "string"}, {"type": "array"}]},
        "expectedFact": {
            **_closed(
                {**fact_common, **lifecycle, PROSE_FORM_KEY: _key_schema(key(CLAIM, "prose"))},
                ("fact_id", "tenant_id", "subject_id", "predicate", "value"),
            ),
            **not_both,
        },
        "artifactFact": {**_closed(fact_common, ("fact_id", "predicate", "value")), **not_both},
        "payloadEvent": _closed(
            {
                "event_id": _text("Unique event id."),
                "tenant_id": _text("Tenant."),
                "subject_id": _text("Subject."),
                "text": {"type": "string"},
                "trust": _values(Trust, "Who said it.", Trust.USER.value),
                "order": {"type": "integer", "description": "Position in the history."},
            },
            ("event_id", "tenant_id", "subject_id", "text"),
        ),
        "artifact": {
            "type": "object",  # first, as _closed puts it; the description after it
            "description": "What the compressor returned.",
            **_closed(
                {
                    "memory_version": {"type": "integer"},
                    "tenant_id": _text("Tenant."),
                    "subject_id": _text("Subject."),
                    "facts": {"type": "array", "items": {"$ref": "#/$defs/artifactFact"}},
                    "summary": _optional({"type": "string"}, "The prose summary."),
                    "depth": {"type": "integer", "description": "How many compressions deep.", "default": 1},
                    "input_event_ids": {**ids, "description": "The events the compressor was given."},
                },
                ("memory_version", "tenant_id", "subject_id"),
            ),
        },
    }
    recorded_when = {
        "anyOf": [
            {"required": ["artifact"]},
            {"required": ["artifact_file"]},
            {"required": ["kind"], "properties": {"kind": {"const": "recorded"}}},
        ]
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "pytest-compaction fixture spec",
        "description": "A *.compaction.yaml fixture spec: a scenario, or a recorded incident "
        "(kind: recorded, or any spec with artifact/artifact_file). Reference: docs/specs.md.",
        "type": "object",
        "if": recorded_when,
        "then": {"$ref": "#/$defs/recordedSpec"},
        "else": {"$ref": "#/$defs/scenarioSpec"},
        "$defs": defs,
    }


def load_schema() -> dict[str, Any]:
    """The shipped schema, as data."""
    data: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return data


def render_schema() -> str:
    """The schema file's exact text."""
    return json.dumps(build_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pytest_compaction.specs.schema``: print the schema's path; ``--write`` regenerates it."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--write"]:
        SCHEMA_PATH.write_text(render_schema(), encoding="utf-8")
        print(f"wrote {SCHEMA_PATH}")
        return 0
    if args == ["--print"]:
        sys.stdout.write(render_schema())
        return 0
    if not args:
        print(SCHEMA_PATH)
        return 0
    print("usage: python -m pytest_compaction.specs.schema [--print | --write]", file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
