"""Shared helpers of the prose fact tests: small ledgers and the names of their verdicts."""

from __future__ import annotations

from pytest_compaction.core.ledger import Ledger
from pytest_compaction.prose.facts import check_facts_in_prose


def names(ledger: Ledger, summary: str) -> tuple[str, ...]:
    """The violation names the summary gets against the ledger's facts."""
    return check_facts_in_prose(ledger, summary).names


def events(*texts: str) -> Ledger:
    """A ledger of one event per text (``e1``, ``e2``, ...) and no facts yet."""
    ledger = Ledger(tenant_id="t", subject_id="s")
    for n, text in enumerate(texts, 1):
        ledger.event(f"e{n}", text)
    return ledger


def untrusted(text: str) -> Ledger:
    """A ledger of one untrusted event ``e1`` (a forwarded message, a pasted page) and no facts."""
    ledger = Ledger(tenant_id="t", subject_id="s")
    ledger.event("e1", text, trust="untrusted")
    return ledger


def fact(
    text: str,
    predicate: str,
    value: object,
    prose: dict[str, object],
    qualifiers: dict[str, str] | None = None,
) -> Ledger:
    """A ledger of one event and one fact ``f1`` stated by it, with ``qualifiers`` if given."""
    ledger = events(text)
    ledger.fact("f1", predicate, value, sources=["e1"], qualifiers=qualifiers, prose=prose)  # type: ignore[arg-type]
    return ledger


def replaced(
    texts: tuple[str, str],
    predicate: str,
    names_: list[str],
    old: tuple[object, str],
    new: tuple[object, str],
) -> Ledger:
    """A ledger of two events: ``f1`` (value and its words ``old``) told by the first,
    superseded by ``f2`` (``new``) told by the second, both named by ``names_``."""
    ledger = events(*texts)
    for fact_id, event_id, (value, words) in (("f1", "e1", old), ("f2", "e2", new)):
        prose = {"names": names_, "value": [words]}
        ledger.fact(fact_id, predicate, value, sources=[event_id], prose=prose)  # type: ignore[arg-type]
    ledger.supersede("f1", "f2")
    return ledger
