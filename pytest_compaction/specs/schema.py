"""The JSON Schema (draft 2020-12) of fixture specs, and a validator for the subset it uses.

The schema ships as ``spec.schema.json`` next to this module, so an editor with the
YAML language server validates and completes a spec from a one-line comment::

    # yaml-language-server: $schema=<path or URL of spec.schema.json>

The schema is *structural*: keys, types, enumerations and the shape of steps.
References between ids (an ``add`` step naming an event, a fact superseding
another) and the lifecycle are checked by :func:`pytest_compaction.specs.spec.load_spec`,
which is what ``compaction lint`` and the collector run.

``build_schema()`` is the source of truth; the shipped file is its output
(``python -m pytest_compaction.specs.schema --write`` regenerates it, a test keeps them equal).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from pytest_compaction.core.model import Criticality, Status, Trust
from pytest_compaction.core.violations import ViolationCode
from pytest_compaction.prose.modality import Modality

__all__ = ["SCHEMA_PATH", "SchemaProblem", "build_schema", "load_schema", "validate"]

SCHEMA_PATH = Path(__file__).resolve().parent / "spec.schema.json"
"""The shipped schema file (inside the installed package)."""

_IDENT = "^[A-Za-z_][A-Za-z0-9_]*$"
_REFERENCE = "^[^:\\s]+:[^:\\s]+$"


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


def _optional(schema: Mapping[str, Any], description: str) -> dict[str, Any]:
    """``schema`` or null."""
    return {"description": description, "anyOf": [{"type": "null"}, dict(schema)]}


def build_schema() -> dict[str, Any]:
    """The JSON Schema of both spec kinds, built from the package's own enumerations."""
    codes = "|".join(re.escape(code.value) for code in ViolationCode)
    expect = _optional(
        {
            "type": "object",
            "required": ["violations"],
            "additionalProperties": False,
            "properties": {
                "violations": {
                    "type": "array",
                    "description": "The exact violation names: `<fact id>:<code>` or `<code>`.",
                    "items": {"type": "string", "pattern": f"^(.+:)?({codes})$"},
                }
            },
        },
        "What must be found: exactly these violations (default: none).",
    )
    mark = {
        "anyOf": [
            {"type": "string", "pattern": _IDENT, "description": "A marker name, selectable with -m."},
            {
                "type": "object",
                "minProperties": 1,
                "maxProperties": 1,
                "propertyNames": {"pattern": _IDENT},
                "additionalProperties": {
                    "type": ["string", "object", "null"],
                    "description": "A reason (`xfail: why`), keyword arguments, or null.",
                },
            },
        ]
    }
    marks = _optional(
        {"type": "array", "items": {"$ref": "#/$defs/mark"}},
        "pytest marks for every item of the spec: `skip`, `xfail: reason`, any marker name.",
    )
    mode = _values(
        ("strict", "permissive"),
        "strict: facts the ledger does not hold fail; permissive: they are review items.",
        "strict",
    )
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
    integer_or_null = {"type": ["integer", "null"]}
    budget = {**integer_or_null, "minimum": 1}
    words = {"type": "array", "items": {"type": "string", "minLength": 1, "pattern": "\\S"}}
    defs: dict[str, Any] = {
        "mark": mark,
        "scenarioSpec": {
            "type": "object",
            "description": "A scenario: events and steps, run through the compressor under test.",
            "required": ["events"],
            "additionalProperties": False,
            "properties": {
                "kind": {"const": "scenario", "description": "scenario (default) or recorded."},
                "description": _optional({"type": "string"}, "One line shown with every failure."),
                "tenant": _text("The scenario's tenant.", default="tenant-1"),
                "subject": _text("The scenario's subject.", default="subject-1"),
                "events": {
                    "type": "array",
                    "minItems": 1,
                    "description": "The source events, in history order.",
                    "items": {"$ref": "#/$defs/event"},
                },
                "steps": {
                    "type": ["array", "null"],
                    "description": "What happens, in order (default: add every event, then compress).",
                    "items": {"$ref": "#/$defs/step"},
                    "contains": {
                        "anyOf": [{"const": "compress"}, {"type": "object", "required": ["compress"]}]
                    },
                },
                "version": {**integer_or_null, "enum": [1, None], "description": "The spec format version."},
                "budget": {**budget, "description": "Most characters the prose summary may take."},
                "budget_tokens": {**budget, "description": "Most tokens a summary may take."},
                "budget_chars": {**budget, "description": "Most characters a summary may take."},
                "prose_policy": _optional(
                    {
                        "type": "object",
                        "required": ["max_depth"],
                        "additionalProperties": False,
                        "properties": {"max_depth": {"type": "integer", "minimum": 1}},
                    },
                    "Rules for prose summaries: how deep they may be compressed again.",
                ),
                "mode": mode,
                "expect": expect,
                "marks": marks,
                "relations": {
                    **ids,
                    "description": "Metamorphic relations: one more item per name, e.g. append_small_talk.",
                },
                "depth": {**integer_or_null, "minimum": 1, "description": "Repeated compression: N passes."},
                "attempts": {
                    **integer_or_null,
                    "minimum": 1,
                    "description": "Compress this many times per pass; disagreement fails.",
                },
                "seed": {**integer_or_null, "description": "Seed of the metamorphic transformations."},
                "invariants": _optional(
                    {"$ref": "#/$defs/register"}, "The pinned-invariant register checked on every summary."
                ),
                "bindings": _optional(
                    {"type": "array", "items": {"$ref": "#/$defs/binding"}},
                    "Phrases that must keep resolving to the same canonical resource.",
                ),
            },
        },
        "event": {
            "type": "object",
            "required": ["id", "text"],
            "additionalProperties": False,
            "properties": {
                "id": _text("Unique event id, referenced by steps."),
                "text": {
                    "type": "string",
                    "description": "What was said or recorded (synthetic people only).",
                },
                "trust": _values(Trust, "Who said it.", Trust.USER.value),
                "tenant": _text("Tenant of this event (default: the scenario's)."),
                "subject": _text("Subject of this event (default: the scenario's)."),
                "facts": {
                    "type": "array",
                    "description": "The facts this event states.",
                    "items": {"$ref": "#/$defs/claim"},
                },
                "restates": {
                    **ids,
                    "description": "Ids of facts an earlier event stated that this event states again "
                    "(more provenance, same value).",
                },
                "retires": {**ids, "description": "Ids of facts this event retires."},
                "reason": {"type": "string", "description": "Why this event retires facts."},
                "role": _values(("user", "assistant", "system", "tool"), "Who speaks.", "user"),
                "tool_calls": {
                    "type": "array",
                    "description": "An assistant event's tool calls.",
                    "items": {
                        "type": "object",
                        "required": ["id", "name"],
                        "additionalProperties": False,
                        "properties": {
                            "id": _text("The call's id, answered by a tool event's tool_call_id."),
                            "name": _text("The tool called."),
                            "arguments": _optional({"type": "object"}, "The call's arguments."),
                        },
                    },
                },
                "tool_call_id": _optional({"type": "string"}, "A tool event: the call it answers."),
                "name": _optional({"type": "string"}, "The speaker's name."),
            },
        },
        "claim": {
            "type": "object",
            "required": ["id", "predicate", "value"],
            "additionalProperties": False,
            "properties": {
                "id": _text("Unique fact id."),
                "predicate": fact_common["predicate"],
                "value": any_value,
                "qualifiers": qualifiers,
                "criticality": fact_common["criticality"],
                "authority": _values(Trust, "Authority of the fact (default: the event's trust)."),
                "supersedes": {
                    "description": "Id(s) of older facts this one replaces.",
                    "anyOf": [{"type": "string", "minLength": 1}, ids],
                },
                "prose": _optional(
                    {
                        "type": "object",
                        "required": ["names"],
                        "additionalProperties": False,
                        "properties": {
                            "names": {**words, "minItems": 1, "description": "What the fact is called."},
                            "value": {**words, "description": "Words for its value."},
                            "qualifiers": {"type": "object", "additionalProperties": words},
                            "subject": {**words, "description": "Words for whose fact it is."},
                            "polarity": {"enum": ["positive", "negative", None]},
                        },
                    },
                    "How the fact reads in prose: aliases, any one of which may appear.",
                ),
            },
        },
        "step": {
            "anyOf": [
                {"const": "compress", "description": "One compression pass."},
                {
                    "type": "object",
                    "required": ["add"],
                    "additionalProperties": False,
                    "properties": {
                        "add": {
                            "description": "Deliver these events (or `all`).",
                            "anyOf": [{"const": "all"}, ids],
                        }
                    },
                },
                {
                    "type": "object",
                    "required": ["delete"],
                    "additionalProperties": False,
                    "properties": {
                        "delete": _text("Delete this fact for good."),
                        "event": _optional({"type": "string"}, "The event that asked for the deletion."),
                    },
                },
                {
                    "type": "object",
                    "required": ["compress"],
                    "additionalProperties": False,
                    "properties": {
                        "compress": _optional(
                            {
                                "type": "object",
                                "additionalProperties": False,
                                "properties": {
                                    "tenant": _text("Whose memory."),
                                    "subject": _text("Whose memory."),
                                    "budget": {**budget, "description": "This pass's character budget."},
                                    "budget_tokens": {**budget, "description": "This pass's token budget."},
                                    "budget_chars": {
                                        **budget,
                                        "description": "This pass's character budget.",
                                    },
                                },
                            },
                            "Compress one tenant's and subject's memory.",
                        )
                    },
                },
                {
                    "type": "object",
                    "required": ["retrieve"],
                    "additionalProperties": False,
                    "properties": {
                        "retrieve": {
                            "type": "object",
                            "description": "Ask stored memory for a later turn's facts; checked "
                            "against the ledger (after a compress step).",
                            "required": ["query"],
                            "additionalProperties": False,
                            "properties": {
                                "query": _text("The query class, e.g. meal_recommendation."),
                                "predicates": {
                                    **ids,
                                    "description": "Predicate prefixes to narrow to (default: all).",
                                },
                                "relevant": {
                                    **ids,
                                    "description": "Facts the query class needs: each active one must be "
                                    "retrieved.",
                                },
                                "tenant": _text("Whose memory (default: the scenario's)."),
                                "subject": _text("Whose memory (default: the scenario's)."),
                                "limit": {
                                    **integer_or_null,
                                    "minimum": 0,
                                    "description": "The most facts the query asks for.",
                                },
                            },
                        }
                    },
                },
                {
                    "type": "object",
                    "required": ["use"],
                    "additionalProperties": False,
                    "properties": {
                        "use": {
                            "type": "object",
                            "description": "Give the last retrieved memory to a consumer and judge its "
                            "output with rules (after a retrieve step).",
                            "required": ["consumer", "rules"],
                            "additionalProperties": False,
                            "properties": {
                                "consumer": _text(
                                    "module:attribute of a callable given the retrieved facts.",
                                    pattern=_REFERENCE,
                                ),
                                "rules": {
                                    "type": "array",
                                    "minItems": 1,
                                    "description": "module:attribute of each rule: an ActionRule, or a "
                                    "callable taking the ledger's active facts and returning ActionRules.",
                                    "items": {"type": "string", "pattern": _REFERENCE},
                                },
                            },
                        }
                    },
                },
            ]
        },
        "register": {
            "type": "object",
            "description": "Pinned invariants and failure records (docs/prose.md).",
            "additionalProperties": False,
            "properties": {
                "invariants": {"type": "array", "items": {"$ref": "#/$defs/invariant"}},
                "failures": {"type": "array", "items": {"$ref": "#/$defs/failure"}},
                "retirements": {"type": "array", "items": {"$ref": "#/$defs/retirement"}},
            },
        },
        "invariant": {
            "type": "object",
            "required": ["id", "text", "markers", "modality"],
            "additionalProperties": False,
            "properties": {
                "id": _text("Unique id of the invariant."),
                "text": _text("The invariant, verbatim: it must reappear (or a stronger form)."),
                "markers": {
                    **ids,
                    "minItems": 1,
                    "description": "Words that must survive; each occurs in text.",
                },
                "modality": _values(Modality, "The modal class the summary must keep."),
            },
        },
        "failure": {
            "type": "object",
            "required": ["id", "text", "approach"],
            "additionalProperties": False,
            "properties": {
                "id": _text("Unique id of the failure record."),
                "text": _text("What was tried and how it failed."),
                "approach": {**ids, "minItems": 1, "description": "Words that locate the attempt."},
                "error": {**ids, "description": "The error, which must survive with it."},
            },
        },
        "retirement": {
            "type": "object",
            "required": ["id", "event_id", "reason"],
            "additionalProperties": False,
            "properties": {
                "id": _text("The invariant or failure record retired."),
                "event_id": _text("The explicit event that retires it."),
                "reason": _text("Why."),
            },
        },
        "binding": {
            "type": "object",
            "required": ["canonical_id", "phrase"],
            "additionalProperties": False,
            "properties": {
                "id": _text("Id of the binding (default: canonical_id)."),
                "canonical_id": _text("The resource the phrase means, e.g. db-staging."),
                "phrase": _text("The precise phrase, e.g. the staging database."),
                "aliases": {**ids, "description": "Other precise phrases."},
                "ambiguous": {**ids, "description": "Phrases that could mean this or something else."},
                "anchors": {**ids, "description": "Words of the statement that uses it."},
            },
        },
        "recordedSpec": {
            "type": "object",
            "description": "A recorded incident: a saved artifact checked without running a compressor.",
            "required": ["expected"],
            "additionalProperties": False,
            "oneOf": [{"required": ["artifact"]}, {"required": ["artifact_file"]}],
            "properties": {
                "kind": {"const": "recorded"},
                "description": _optional({"type": "string"}, "One line shown with every failure."),
                "expected": {
                    "type": "array",
                    "description": "The expected ledger: every fact with its status.",
                    "items": {"$ref": "#/$defs/expectedFact"},
                },
                "events": {"type": "array", "items": {"$ref": "#/$defs/payloadEvent"}},
                "artifact": {"$ref": "#/$defs/artifact"},
                "artifact_file": _text("The artifact in a JSON or YAML file, relative to the spec."),
                "expect": expect,
                "mode": mode,
                "marks": marks,
                "version": {**integer_or_null, "enum": [1, None], "description": "The spec format version."},
            },
        },
        "expectedFact": {
            "type": "object",
            "required": ["fact_id", "tenant_id", "subject_id", "predicate", "value"],
            "additionalProperties": False,
            "properties": {**fact_common, **lifecycle},
            **not_both,
        },
        "artifactFact": {
            "type": "object",
            "required": ["fact_id", "predicate", "value"],
            "additionalProperties": False,
            "properties": fact_common,
            **not_both,
        },
        "payloadEvent": {
            "type": "object",
            "required": ["event_id", "tenant_id", "subject_id", "text"],
            "additionalProperties": False,
            "properties": {
                "event_id": _text("Unique event id."),
                "tenant_id": _text("Tenant."),
                "subject_id": _text("Subject."),
                "text": {"type": "string"},
                "trust": _values(Trust, "Who said it.", Trust.USER.value),
                "order": {"type": "integer", "description": "Position in the history."},
            },
        },
        "artifact": {
            "type": "object",
            "description": "What the compressor returned.",
            "required": ["memory_version", "tenant_id", "subject_id"],
            "additionalProperties": False,
            "properties": {
                "memory_version": {"type": "integer"},
                "tenant_id": _text("Tenant."),
                "subject_id": _text("Subject."),
                "facts": {"type": "array", "items": {"$ref": "#/$defs/artifactFact"}},
                "summary": _optional({"type": "string"}, "The prose summary."),
                "depth": {"type": "integer", "description": "How many compressions deep.", "default": 1},
                "input_event_ids": {**ids, "description": "The events the compressor was given."},
            },
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


@dataclass(frozen=True, slots=True, kw_only=True)
class SchemaProblem:
    """One place where a document does not match the schema."""

    path: str
    """Where, as ``events[0].facts[1].value``."""
    message: str

    def __str__(self) -> str:
        return f"{self.path or '<document>'}: {self.message}"


def validate(instance: object, schema: Mapping[str, Any] | None = None) -> tuple[SchemaProblem, ...]:
    """Validate ``instance`` against the schema (default: the shipped one); no problems means valid.

    Implements the keywords the spec schema uses, no more: ``$ref`` (local),
    ``type``, ``const``, ``enum``, ``minLength``, ``pattern``, ``minimum``,
    ``minItems``, ``items``, ``contains``, ``required``, ``properties``,
    ``additionalProperties``, ``propertyNames``, ``min/maxProperties``, ``anyOf``,
    ``oneOf``, ``not`` and ``if``/``then``/``else``.
    """
    root = load_schema() if schema is None else schema
    return tuple(_Validator(root).check(instance, root, ""))


_TYPES = {
    "object": lambda v: isinstance(v, Mapping),
    "array": lambda v: isinstance(v, Sequence) and not isinstance(v, (str, bytes)),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def _same(a: object, b: object) -> bool:
    """JSON equality: ``true`` is not ``1``."""
    return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class _Validator:
    def __init__(self, root: Mapping[str, Any]) -> None:
        self.root = root

    def resolve(self, ref: str) -> Mapping[str, Any]:
        if not ref.startswith("#/"):
            raise ValueError(f"only local $ref are supported, got {ref!r}")
        node: Any = self.root
        for part in ref[2:].split("/"):
            node = node[part]
        result: Mapping[str, Any] = node
        return result

    def ok(self, value: object, schema: Mapping[str, Any]) -> bool:
        return not self.check(value, schema, "")

    def check(self, value: object, schema: Mapping[str, Any], path: str) -> list[SchemaProblem]:
        if "$ref" in schema:
            found = self.check(value, self.resolve(schema["$ref"]), path)
            if found:
                return found
        kinds = schema.get("type")
        if kinds is not None:
            names = [kinds] if isinstance(kinds, str) else list(kinds)
            if not any(_TYPES[name](value) for name in names):
                return [_problem(path, f"expected {' or '.join(names)}, got {_shown(value)}")]
        if "const" in schema and not _same(value, schema["const"]):
            return [_problem(path, f"expected {schema['const']!r}, got {_shown(value)}")]
        if "enum" in schema and not any(_same(value, option) for option in schema["enum"]):
            return [
                _problem(path, f"expected one of {', '.join(map(str, schema['enum']))}, got {_shown(value)}")
            ]
        if isinstance(value, str):
            if len(value) < schema.get("minLength", 0):
                return [_problem(path, "expected a non-empty string")]
            if "pattern" in schema and not re.search(schema["pattern"], value):
                return [_problem(path, f"{value!r} does not match {schema['pattern']}")]
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if "minimum" in schema and number and value < schema["minimum"]:
            return [_problem(path, f"expected at least {schema['minimum']}, got {value!r}")]
        found = []
        if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
            found.extend(self._array(value, schema, path))
        if isinstance(value, Mapping):
            found.extend(self._object(value, schema, path))
        found.extend(self._combinators(value, schema, path))
        return found

    def _array(self, value: Sequence[Any], schema: Mapping[str, Any], path: str) -> list[SchemaProblem]:
        if len(value) < schema.get("minItems", 0):
            return [_problem(path, f"expected at least {schema['minItems']} item(s)")]
        found = []
        if "items" in schema:
            for index, item in enumerate(value):
                found.extend(self.check(item, schema["items"], _join(path, index)))
        if "contains" in schema and not any(self.ok(item, schema["contains"]) for item in value):
            found.append(_problem(path, "no item matches what the list must contain"))
        return found

    def _object(self, value: Mapping[str, Any], schema: Mapping[str, Any], path: str) -> list[SchemaProblem]:
        for key in schema.get("required", ()):
            if key not in value:
                return [_problem(_join(path, key), "required key is missing")]
        if len(value) < schema.get("minProperties", 0) or len(value) > schema.get(
            "maxProperties", len(value)
        ):
            return [_problem(path, "wrong number of keys")]
        found = []
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            where = _join(path, str(key))
            if "propertyNames" in schema:
                found.extend(self.check(key, schema["propertyNames"], where))
            if key in properties:
                found.extend(self.check(item, properties[key], where))
            elif extra is False:
                found.append(_problem(where, "unknown key"))
            elif isinstance(extra, Mapping):
                found.extend(self.check(item, extra, where))
        return found

    def _combinators(self, value: object, schema: Mapping[str, Any], path: str) -> list[SchemaProblem]:
        if "anyOf" in schema and not any(self.ok(value, option) for option in schema["anyOf"]):
            return [_problem(path, f"matches none of the allowed forms, got {_shown(value)}")]
        if "oneOf" in schema:
            matched = sum(self.ok(value, option) for option in schema["oneOf"])
            if matched != 1:
                return [_problem(path, f"must match exactly one of the allowed forms, matches {matched}")]
        if "not" in schema and self.ok(value, schema["not"]):
            return [_problem(path, "matches a form that is not allowed")]
        if "if" in schema:
            branch = schema.get("then") if self.ok(value, schema["if"]) else schema.get("else")
            if branch is not None:
                return self.check(value, branch, path)
        return []


def _problem(path: str, message: str) -> SchemaProblem:
    return SchemaProblem(path=path, message=message)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


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
