"""The planned entries of a session's timeline (:class:`_Item`), a fact stated in one, and
the text and event each entry becomes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from hypothesis import strategies as st

from pytest_compaction.core.model import (
    Claim,
    Criticality,
    Qualifiers,
    SourceEvent,
    Trust,
    Value,
    normalize_qualifiers,
)
from pytest_compaction.fuzzing._typed_values import _draw_qualifiers, _typed_value
from pytest_compaction.fuzzing._vocabulary import _NATURAL, NAMES, PREDICATES, QUOTED, TICKETS

__all__ = [
    "_Item",
    "_ItemKind",
    "_event",
    "_fact_choices",
    "_fact_item",
    "_show",
    "_show_qualifiers",
    "_slug",
]


_ItemKind = Literal["fact", "chatter", "update", "retire", "forget", "compress"]


@dataclass(slots=True, kw_only=True)
class _Item:
    """One planned entry of the timeline, before event ids are assigned."""

    kind: _ItemKind
    scope: tuple[str, str]
    trust: Trust = Trust.USER
    body: str = ""
    claim: Claim | None = None
    target: str | None = None
    """For update, retire and forget: the fact acted on."""
    request: bool = True
    """For forget: whether an event asks for the deletion (else the step stands alone)."""
    also: tuple[str, ...] = field(default=())
    """For forget: older versions of the target deleted with it."""


_TICKET_CHOICES = 2 * len(TICKETS)
"""Half of the facts are tied to a ticket (choice ``len(TICKETS) + i`` names ``TICKETS[i]``)."""


def _fact_choices(trust: Trust) -> tuple[int, int, int]:
    """The sizes of a fact's :func:`_fact_item` choices: quoted text, ticket, predicate."""
    return len(QUOTED) if trust is Trust.UNTRUSTED else 1, _TICKET_CHOICES, len(PREDICATES)


def _fact_item(
    draw: st.DrawFn,
    trust: Trust,
    scope: tuple[str, str],
    criticality: Criticality,
    choices: Sequence[int],
    fact_id: Callable[[str], str],
) -> _Item:
    """A fact stated in ``scope``. ``choices`` (drawn by the caller with its own, in as few
    draws as fit) name the quoted text of an untrusted fact, the ticket and the predicate:
    see :func:`_fact_choices`. ``fact_id`` names the fact after its predicate (the caller
    knows which ids are taken)."""
    quote, ticket, predicate_choice = choices
    predicate = PREDICATES[predicate_choice]
    value = _typed_value(draw, _NATURAL[predicate], 2)
    pairs = _draw_qualifiers(draw)
    if ticket >= len(TICKETS) and "ticket" not in dict(pairs):
        # Half the facts are tied to a ticket, so one memory often names two tickets.
        pairs = normalize_qualifiers({**dict(pairs), "ticket": TICKETS[ticket - len(TICKETS)]})
    claim = Claim(
        fact_id=fact_id(predicate),
        predicate=predicate,
        value=value,
        qualifiers=pairs,
        authority=trust,
        criticality=criticality,
    )
    if trust is Trust.UNTRUSTED:
        body = f'quoted from a support ticket: "{QUOTED[quote]}" ({predicate} = {_show(value)})'
    elif trust is Trust.SYSTEM:
        body = f"policy: {predicate} = {_show(value)}{_show_qualifiers(claim.qualifiers)}"
    else:
        body = f"please remember {predicate} = {_show(value)}{_show_qualifiers(claim.qualifiers)}"
    return _Item(kind="fact", scope=scope, trust=trust, body=body, claim=claim)


_JSON = json.JSONEncoder(sort_keys=True)
"""``json.dumps(value, sort_keys=True)`` without building an encoder for every value."""


def _show(value: Value) -> str:
    return _JSON.encode(value)


def _show_qualifiers(pairs: Qualifiers) -> str:
    if not pairs:
        return ""
    return " (" + ", ".join(f"{key}: {_show(value)}" for key, value in pairs) + ")"


def _slug(predicate: str) -> str:
    return predicate.rpartition(".")[2].replace("_", "-")


def _event(item: _Item, event_id: str, order: int, speakers: dict[tuple[str, str], int]) -> SourceEvent:
    speaker = "Quoted content" if item.trust is Trust.UNTRUSTED else _speaker(speakers, item.scope)
    if item.trust is Trust.SYSTEM:
        speaker = "System"
    text = f"{speaker} (message {order + 1}): {item.body}"
    return SourceEvent(
        event_id=event_id,
        tenant_id=item.scope[0],
        subject_id=item.scope[1],
        text=text,
        trust=item.trust,
        order=order,
        claims=(item.claim,) if item.claim is not None else (),
        retires=(item.target,) if item.kind == "retire" and item.target else (),
    )


def _speaker(speakers: dict[tuple[str, str], int], scope: tuple[str, str]) -> str:
    index = speakers.setdefault(scope, len(speakers))
    name = NAMES[index % len(NAMES)]
    return name if index < len(NAMES) else f"{name} {index // len(NAMES) + 1}"
