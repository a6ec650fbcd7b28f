"""The spec format, declared once: every key of a scenario spec, its type, bounds and meaning.

The loader (:meth:`pytest_compaction.core.scenario.Scenario.from_dict`) takes its key
lists, required keys and numeric bounds from here; the published JSON Schema
(:func:`pytest_compaction.specs.schema.build_schema`) is generated from it; the writer
(:meth:`~pytest_compaction.core.scenario.Scenario.to_dict`) writes keys in this order.
A key added here is known to all three, so they cannot disagree about it.

Each object is a tuple of :class:`Key`. A key's ``kind`` is one of:

``str`` (non-empty), ``text`` (any string), ``int``, ``enum`` (``choices``), ``strs``
(a list of non-empty strings), ``words`` (a list of strings that are not blank),
``value`` (any JSON value), ``mapping`` (any mapping),
``object`` (the nested keys ``fields``), ``objects`` (a list of them), ``ref`` (a
schema definition named by ``ref``, with its own reader: steps, the prose register).

A key's ``attr`` names the attribute of the loaded object that holds its value (the
writer, :mod:`pytest_compaction.core.spec_writer`, reads it there); ``inherit`` names
the enclosing object's key whose value is its default (an event's tenant is its
scenario's); ``noun`` and ``hint`` word the loader's message for a number out of bounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = [
    "ACT",
    "CLAIM",
    "COMPRESS",
    "DEPTH_POLICY",
    "ADD",
    "DELETE",
    "EVENT",
    "EXPECT",
    "Key",
    "PROSE_FORM",
    "PROSE_POLICY",
    "RECORDED",
    "RECORDED_PROSE_KEYS",
    "RETRIEVE",
    "SCENARIO",
    "STEPS",
    "STEP_OPTIONS",
    "TOOL_CALL",
    "USE",
    "names",
    "optional",
    "required",
]


@dataclass(frozen=True, slots=True)
class Key:
    """One key of a spec object."""

    name: str
    kind: str
    doc: str
    required: bool = False
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] = ()
    fields: tuple[Key, ...] = ()
    ref: str = ""
    nullable: bool = True
    """An optional key may be written as null (meaning: not given); False where the loader refuses null."""
    min_items: int = 0
    max_items: int | None = None
    attr: str | None = ""
    """The loaded object's attribute ('' : the key's name; '.': the value itself; None: not held)."""
    inherit: str = ""
    noun: str = ""
    hint: str = ""

    @property
    def attribute(self) -> str:
        return self.attr or self.name

    def out_of_bounds(self, value: int) -> str | None:
        """The loader's message when ``value`` breaks this key's bounds (None: within them)."""
        if self.minimum is not None and value < self.minimum:
            bound = f"at least {self.minimum}"
        elif self.maximum is not None and value > self.maximum:
            bound = f"at most {self.maximum}"
        else:
            return None
        return f"expected {self.noun or 'a number'} of {bound}, got {value}{self.hint}"


def names(keys: tuple[Key, ...]) -> tuple[str, ...]:
    return tuple(key.name for key in keys)


def required(keys: tuple[Key, ...]) -> tuple[str, ...]:
    return tuple(key.name for key in keys if key.required)


def optional(keys: tuple[Key, ...]) -> tuple[str, ...]:
    return tuple(key.name for key in keys if not key.required)


def key(keys: tuple[Key, ...], name: str) -> Key:
    return next(k for k in keys if k.name == name)


MAX_BUDGET = 1_000_000_000
MAX_DEPTH = 32
MAX_EVENTS = 10_000
"""The most events one scenario may hold."""
"""The deepest repeated compression a scenario may ask for, and the largest depth a policy names."""
ROLES = ("user", "assistant", "system", "tool")


def _whose(doc: str) -> tuple[Key, ...]:
    """An object's tenant and subject: the enclosing scenario's unless given."""
    return tuple(
        Key(n, "str", doc.format(n).capitalize(), nullable=False, attr=f"{n}_id", inherit=n)
        for n in ("tenant", "subject")
    )


TRUSTS = ("untrusted", "user", "system")
CRITICALITIES = ("critical", "continuity")

PROSE_FORM: tuple[Key, ...] = (
    Key(
        "names", "words", "What the fact is called (aliases: any one may appear).", required=True, min_items=1
    ),
    Key("value", "words", "Words for its value."),
    Key("qualifiers", "ref", "Words for each qualifier, by qualifier name.", ref="qualifier_words"),
    Key("subject", "words", "Words for whose fact it is."),
    Key(
        "polarity",
        "enum",
        "positive: the summary states the fact; negative: its refusal or absence.",
        choices=("positive", "negative"),
    ),
)

TOOL_CALL: tuple[Key, ...] = (
    Key("id", "str", "The call's id; a tool event's tool_call_id answers it.", required=True, attr="call_id"),
    Key("name", "str", "The tool called.", required=True),
    Key("arguments", "mapping", "The call's arguments."),
)

CLAIM: tuple[Key, ...] = (
    Key("id", "str", "Unique fact id; what violations name.", required=True, attr="fact_id"),
    Key("predicate", "str", "Stable name of what the fact states, e.g. food.peanuts_allowed.", required=True),
    Key(
        "value",
        "value",
        "A JSON value, compared with its type (false is not 'false', 1 is not 1.0).",
        required=True,
    ),
    Key(
        "qualifiers",
        "mapping",
        "Conditions that bound the fact (basis, severity, scope); order never matters.",
    ),
    Key(
        "criticality",
        "enum",
        "critical facts must survive every compression.",
        default="critical",
        choices=CRITICALITIES,
        nullable=False,
    ),
    Key(
        "authority",
        "enum",
        "Authority of the fact (default: the event's trust; never higher).",
        choices=TRUSTS,
        nullable=False,
        inherit="trust",
    ),
    Key("supersedes", "ref", "Id(s) of older facts this one replaces.", ref="ids", nullable=False),
    Key(
        "prose",
        "object",
        "How the fact reads in prose: aliases, any one of which may appear.",
        fields=PROSE_FORM,
    ),
)

EVENT: tuple[Key, ...] = (
    Key("id", "str", "Unique event id, referenced by steps.", required=True, attr="event_id"),
    Key("text", "text", "What was said or recorded (synthetic people only).", required=True, nullable=False),
    Key(
        "trust",
        "enum",
        "Who said it: untrusted (quoted or retrieved content), user, system.",
        default="user",
        choices=TRUSTS,
        nullable=False,
    ),
    Key(
        "role",
        "enum",
        "Who speaks: user, assistant, system or tool (a tool's result).",
        default="user",
        choices=ROLES,
        nullable=False,
    ),
    Key("name", "text", "The speaker's name: a participant, or the tool that answered."),
    Key("tool_calls", "objects", "An assistant event's tool calls.", fields=TOOL_CALL),
    Key("tool_call_id", "text", "A tool event: the id of the call it answers."),
    *_whose("{} of this event (default: the scenario's)."),
    Key("facts", "objects", "The facts this event states.", fields=CLAIM, nullable=False, attr="claims"),
    Key(
        "restates",
        "strs",
        "Ids of facts an earlier event stated that this event states again.",
        nullable=False,
        attr=None,
    ),
    Key("retires", "strs", "Ids of facts this event retires.", nullable=False),
    Key("reason", "text", "Why this event retires facts."),
)

_BUDGETS: tuple[Key, ...] = tuple(
    Key(name, "int", doc, minimum=1, maximum=MAX_BUDGET, noun="a budget")
    for name, doc in (
        ("budget", "Most characters the prose summary may take."),
        ("budget_tokens", "Most tokens a summary may take."),
        ("budget_chars", "Most characters a summary may take."),
    )
)

_WHOSE = _whose("Whose memory: the {} (default: the scenario's).")

COMPRESS: tuple[Key, ...] = (
    *_WHOSE,
    *_BUDGETS,
)

RETRIEVE: tuple[Key, ...] = (
    Key("query", "str", "The query class, e.g. meal_recommendation.", required=True, attr="query_class"),
    Key("predicates", "strs", "Predicate prefixes to narrow to (default: all).", nullable=False),
    Key(
        "relevant", "strs", "Facts the query class needs: each active one must be retrieved.", nullable=False
    ),
    *_WHOSE,
    Key("limit", "int", "The most facts the query asks for.", minimum=0, noun="a count"),
)

USE: tuple[Key, ...] = (
    Key(
        "consumer",
        "ref",
        "A registered consumer name: a callable given the retrieved facts.",
        required=True,
        ref="use_name",
    ),
    Key(
        "rules",
        "ref",
        "Registered rule names: ActionRules, or callables returning them.",
        required=True,
        ref="use_names",
    ),
)

PROSE_POLICY: tuple[Key, ...] = (
    Key(
        "max_depth",
        "int",
        "The deepest a prose summary may be compressed again.",
        required=True,
        minimum=1,
        nullable=False,
        noun="a depth",
    ),
)

ACT: tuple[Key, ...] = (
    Key(
        "action",
        "str",
        "The consequential action, in the words of its statement: run the data fix.",
        required=True,
    ),
    Key(
        "binding",
        "str",
        "The phrase the action acts on (a binding's phrase, alias, ambiguous phrase or id).",
        required=True,
    ),
    *_WHOSE,
)
"""An ``act`` step: the binding is resolved against the bindings table and the latest memory."""

DEPTH_POLICY: tuple[Key, ...] = (
    Key(
        "pins_verbatim",
        "ref",
        "From this compaction depth on, every pinned invariant and failure record appears verbatim.",
        ref="from_depth",
    ),
    Key(
        "bindings_resolved",
        "ref",
        "From this compaction depth on, every binding the prior memory named stays named (resolving to it).",
        ref="from_depth",
    ),
    Key(
        "no_unsupported_facts",
        "ref",
        "From this compaction depth on, unsupported facts fail even in permissive mode.",
        ref="from_depth",
    ),
)
"""The checks that tighten with depth (default: each from depth 2)."""

EXPECT: tuple[Key, ...] = (
    Key(
        "violations",
        "ref",
        "The exact violation names: `<fact id>:<code>` or `<code>`.",
        required=True,
        ref="violation_names",
        attr=".",
    ),
)

SCENARIO: tuple[Key, ...] = (
    Key("version", "enum", "The spec format version.", choices=(1,)),
    Key("description", "text", "One line shown with every failure."),
    Key("tenant", "str", "The scenario's tenant.", default="tenant-1", nullable=False, attr="tenant_id"),
    Key("subject", "str", "The scenario's subject.", default="subject-1", nullable=False, attr="subject_id"),
    *_BUDGETS,
    Key(
        "mode",
        "enum",
        "strict: facts the ledger does not hold fail; permissive: they are review items.",
        default="strict",
        choices=("strict", "permissive"),
        nullable=False,
    ),
    Key(
        "depth",
        "int",
        "Repeated compression: N passes, a summary of a summary.",
        minimum=1,
        maximum=MAX_DEPTH,
        noun="a depth",
        hint="; each level is one more compression pass",
    ),
    Key(
        "attempts",
        "int",
        "Compress this many times per pass; disagreement fails.",
        minimum=1,
        maximum=100,
        noun="an attempt count",
    ),
    Key("seed", "int", "Seed of the metamorphic transformations."),
    Key("prose_policy", "object", "Rules for prose summaries.", fields=PROSE_POLICY),
    Key(
        "depth_policy",
        "object",
        "Which checks tighten from which compaction depth (default: all from depth 2).",
        fields=DEPTH_POLICY,
    ),
    Key(
        "relations",
        "strs",
        "Metamorphic relations: one more item per name, e.g. append_small_talk.",
        nullable=False,
    ),
    Key("marks", "ref", "pytest marks for every item of the spec.", ref="marks", attr=None),
    Key(
        "events",
        "objects",
        "The source events, in history order.",
        required=True,
        fields=EVENT,
        nullable=False,
        min_items=1,
        max_items=MAX_EVENTS,
    ),
    Key("steps", "ref", "What happens, in order (default: add every event, then compress).", ref="steps"),
    Key(
        "expect",
        "object",
        "Exactly the violations that must be found.",
        fields=EXPECT,
        attr="expect_violations",
    ),
    Key("invariants", "ref", "The pinned-invariant register checked on every summary.", ref="register"),
    Key(
        "bindings", "ref", "Phrases that must keep resolving to the same canonical resource.", ref="bindings"
    ),
)
"""A scenario spec's keys (``kind: scenario`` aside), in the order the writer emits them."""

ADD: tuple[Key, ...] = (
    Key("add", "ref", "Deliver these events (or `all`).", required=True, ref="event_ids", attr="event_ids"),
)

DELETE: tuple[Key, ...] = (
    Key("delete", "str", "Delete this fact for good.", required=True, attr="fact_id"),
    Key("event", "text", "The event that asked for the deletion.", attr="event_id"),
)

STEPS: tuple[Key, ...] = (
    Key("compress", "object", "Compress one tenant's and subject's memory.", fields=COMPRESS),
    Key(
        "retrieve",
        "object",
        "Ask stored memory for a later turn's facts; checked against the ledger (after a compress step).",
        fields=RETRIEVE,
        nullable=False,
    ),
    Key(
        "use",
        "object",
        "Give the last retrieved memory to a consumer; rules judge its output (after a retrieve step).",
        fields=USE,
        nullable=False,
    ),
    Key(
        "act",
        "object",
        "A consequential action on a binding phrase: the memory of the last pass must resolve it to the "
        "resource the bindings table says (after a compress step).",
        fields=ACT,
        nullable=False,
    ),
)
"""The steps written ``- <kind>: {options}`` (add and delete are flat: :data:`ADD`, :data:`DELETE`)."""
STEP_OPTIONS = {step.name: step.fields for step in STEPS}

RECORDED_PROSE_KEYS = ("budget", "prose_policy", "invariants", "bindings")
"""The prose contract keys a recorded spec shares with scenario specs (read the same way)."""

RECORDED: tuple[Key, ...] = (
    key(SCENARIO, "description"),
    Key(
        "expected",
        "ref",
        "The expected ledger: every fact with its status.",
        required=True,
        ref="expectedFacts",
    ),
    Key("events", "ref", "The source events, as a compressor receives them.", ref="payloadEvents"),
    Key(
        "artifact",
        "ref",
        "The saved artifact; or the compressor's saved output: a prose string, or a message list "
        "(read as the guard reads it).",
        ref="savedArtifact",
    ),
    Key("artifact_file", "str", "The artifact in a JSON or YAML file, relative to the spec.", nullable=False),
    *(key(SCENARIO, name) for name in ("expect", "mode", "marks", "version", *RECORDED_PROSE_KEYS)),
)
"""A recorded spec's keys (``kind: recorded`` aside): a saved artifact and the expected ledger."""
