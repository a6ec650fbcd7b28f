"""How a fact reads in prose: the words a summary may use to state it.

A fact of a scenario may carry a *prose form* (the spec's ``prose:`` key): the names
the fact goes by, the words of its value, of each qualifier and of its subject, and
its polarity. Every list holds aliases, any one of which may appear. The prose checks
(:mod:`pytest_compaction.prose`) decide how a summary is read against it; this module
only holds the data and reads it from a plain mapping, naming the path of a bad field.

A scenario may also set a *prose policy* (``prose_policy: {max_depth: N}``): how deep
prose summaries may be compressed again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pytest_compaction.core._fields import check_keys, join, read_int, read_mapping, read_sequence, shown
from pytest_compaction.core.errors import PayloadError

__all__ = ["POLARITIES", "PROSE_FORM_KEYS", "ProseForm", "ProsePolicy"]

POLARITIES = ("positive", "negative")
"""Whether the prose states the fact (``positive``) or its negation (``negative``)."""

PROSE_FORM_KEYS = ("names", "value", "qualifiers", "subject", "polarity")


@dataclass(frozen=True, slots=True, kw_only=True)
class ProseForm:
    """The words a summary may use for one fact; each tuple holds aliases."""

    names: tuple[str, ...]
    """What the fact is called (``peanuts``, ``peanut allergy``); at least one."""
    value: tuple[str, ...] = ()
    """Words for its value (``allergic``, ``must avoid``)."""
    qualifiers: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Words for each qualifier, by qualifier name, sorted by name."""
    subject: tuple[str, ...] = ()
    """Words for whose fact it is (``Ana``, ``the user``)."""
    polarity: str | None = None
    """``positive`` or ``negative``; None when the form does not say."""

    def __post_init__(self) -> None:
        if not self.names:
            raise PayloadError("names", "a prose form needs at least one name")
        keys = [key for key, _ in self.qualifiers]
        if len(set(keys)) != len(keys):
            twice = next(key for key in keys if keys.count(key) > 1)
            raise PayloadError(join("qualifiers", twice), "qualifier is given twice")
        if keys != sorted(keys):
            object.__setattr__(self, "qualifiers", tuple(sorted(self.qualifiers)))
        if self.polarity is not None and self.polarity not in POLARITIES:
            raise PayloadError("polarity", f"expected positive or negative, got {shown(self.polarity)}")

    @classmethod
    def from_dict(cls, data: object, path: str = "prose") -> ProseForm:
        """Read a prose form; a mistake raises :class:`PayloadError` naming ``path``'s field."""
        data = read_mapping(data, path)
        check_keys(data, path, required=("names",), optional=PROSE_FORM_KEYS[1:])
        names = _aliases(data, "names", path)
        if not names:
            raise PayloadError(join(path, "names"), "expected at least one name the fact goes by")
        qualifiers: list[tuple[str, tuple[str, ...]]] = []
        raw = data.get("qualifiers")
        if raw is not None:
            at = join(path, "qualifiers")
            for key in read_mapping(raw, at):
                if not isinstance(key, str) or not key:
                    raise PayloadError(at, f"qualifier names must be non-empty strings, got {shown(key)}")
                qualifiers.append((key, _aliases(read_mapping(raw, at), key, at)))
        polarity = data.get("polarity")
        if polarity is not None and polarity not in POLARITIES:
            raise PayloadError(
                join(path, "polarity"), f"expected positive or negative, got {shown(polarity)}"
            )
        return cls(
            names=names,
            value=_aliases(data, "value", path),
            qualifiers=tuple(sorted(qualifiers)),
            subject=_aliases(data, "subject", path),
            polarity=polarity,
        )

    def to_dict(self) -> dict[str, Any]:
        """The plain form ``from_dict`` reads back; empty parts are left out."""
        out: dict[str, Any] = {"names": list(self.names)}
        if self.value:
            out["value"] = list(self.value)
        if self.qualifiers:
            out["qualifiers"] = {key: list(words) for key, words in self.qualifiers}
        if self.subject:
            out["subject"] = list(self.subject)
        if self.polarity is not None:
            out["polarity"] = self.polarity
        return out

    @classmethod
    def coerce(cls, value: ProseForm | Mapping[str, Any] | None, path: str = "prose") -> ProseForm | None:
        """A prose form from a form, a mapping or None (for Python callers)."""
        if value is None or isinstance(value, ProseForm):
            return value
        return cls.from_dict(value, path)


def _aliases(data: Mapping[str, Any], key: str, path: str) -> tuple[str, ...]:
    raw = data.get(key)
    if raw is None:
        return ()
    at = join(path, key)
    items = read_sequence(raw, at)
    for index, item in enumerate(items):
        if not isinstance(item, str) or not item.strip():
            raise PayloadError(join(at, index), f"expected a non-empty string, got {shown(item)}")
    return tuple(items)


@dataclass(frozen=True, slots=True, kw_only=True)
class ProsePolicy:
    """A scenario's rules for its prose summaries."""

    max_depth: int
    """The deepest a prose summary may be compressed again (1: only from raw events)."""

    @classmethod
    def from_dict(cls, data: object, path: str = "prose_policy") -> ProsePolicy:
        data = read_mapping(data, path)
        check_keys(data, path, required=("max_depth",))
        depth = read_int(data, "max_depth", path)
        if depth < 1:
            raise PayloadError(join(path, "max_depth"), f"expected a depth of at least 1, got {depth}")
        return cls(max_depth=depth)

    def to_dict(self) -> dict[str, Any]:
        return {"max_depth": self.max_depth}
