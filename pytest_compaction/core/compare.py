"""How two facts compare, field by field: the one definition the checker, fact sets and read-back use.

A fact's contract fields are compared *with their types* (``False`` is not
``"false"``, ``50`` is not ``50.0``): :data:`FIELDS` names each one, the token it is
compared by and the violation code a difference is reported under. Authority is
compared by rank, not equality: less trust is conservative, more is
``trust_elevated``. Provenance and lifecycle are not compared here; the checker
reads them from the ledger.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pytest_compaction.core.model import Fact, typed_token
from pytest_compaction.core.violations import ViolationCode, describe_value

__all__ = [
    "FIELDS",
    "FactField",
    "FieldChange",
    "changed_fields",
    "qualifier_token",
    "signature",
    "statement",
    "value_token",
]


def value_token(fact: Fact) -> object:
    """The fact's value as a typed token (see :func:`~pytest_compaction.core.model.typed_token`)."""
    return typed_token(fact.value)


def qualifier_token(fact: Fact) -> tuple[tuple[str, object], ...]:
    """The fact's qualifiers, sorted by key, each value a typed token."""
    return tuple((key, typed_token(value)) for key, value in fact.qualifiers)


@dataclass(frozen=True, slots=True)
class FactField:
    """One contract field of a fact: its name, what is compared, and the code of a difference."""

    name: str
    code: ViolationCode
    token: Callable[[Fact], object]

    def value(self, fact: Fact) -> object:
        """The field as a person reads it (the raw value, not its token)."""
        return getattr(fact, self.name)


FIELDS: tuple[FactField, ...] = (
    FactField("tenant_id", ViolationCode.TENANT_CHANGED, lambda fact: fact.tenant_id),
    FactField("subject_id", ViolationCode.SUBJECT_CHANGED, lambda fact: fact.subject_id),
    FactField("predicate", ViolationCode.PREDICATE_CHANGED, lambda fact: fact.predicate),
    FactField("value", ViolationCode.VALUE_CHANGED, value_token),
    FactField("qualifiers", ViolationCode.QUALIFIERS_CHANGED, qualifier_token),
)
"""The fields compared by equality of their tokens, in the order differences are reported."""


@dataclass(frozen=True, slots=True)
class FieldChange:
    """One field that differs between an expected and an observed fact."""

    field: str
    code: ViolationCode
    expected: object
    observed: object


def changed_fields(expected: Fact, observed: Fact) -> list[FieldChange]:
    """Every contract field where ``observed`` differs from ``expected``, authority rising included."""
    out = [
        FieldChange(item.name, item.code, item.value(expected), item.value(observed))
        for item in FIELDS
        if item.token(observed) != item.token(expected)
    ]
    if observed.authority.rank > expected.authority.rank:
        out.append(
            FieldChange(
                "authority", ViolationCode.TRUST_ELEVATED, expected.authority.value, observed.authority.value
            )
        )
    return out


def signature(fact: Fact) -> tuple[object, ...]:
    """What two outcomes must agree on: every field of :data:`FIELDS`, and the authority.

    Fact ids and provenance are left out: a relation may rename or split the events
    behind a fact, and a summary of a summary cites events differently.
    """
    return (*(item.token(fact) for item in FIELDS), fact.authority)


def statement(fact: Fact) -> str:
    """``food.peanuts_allowed = False (bool)``: the fact as one line of a report."""
    return f"{fact.predicate} = {describe_value(fact.value)}"
