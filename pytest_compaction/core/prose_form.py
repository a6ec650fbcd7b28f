"""How a fact reads in prose: the words a summary may use to state it.

A fact of a scenario may carry a *prose form* (the spec's ``prose:`` key): the names
the fact goes by, the words of its value, of each qualifier and of its subject, and
its polarity. Every list holds aliases, any one of which may appear. The prose checks
(:mod:`pytest_compaction.prose`) decide how a summary is read against it; this module
only holds the data and reads it from a plain mapping, naming the path of a bad field.

A scenario may also set a *prose policy* (``prose_policy: {max_depth: N}``): how deep
prose summaries may be compressed again. The same :class:`ProsePolicy` holds the limits
the prose checks (:mod:`pytest_compaction.prose.summary`) apply, with a character budget.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pytest_compaction.core import spec_model
from pytest_compaction.core._fields import check_keys, join, read_int, read_mapping, read_sequence, shown
from pytest_compaction.core.errors import PayloadError

__all__ = ["DEFAULT_MAX_DEPTH", "POLARITIES", "PROSE_FORM_KEYS", "ProseForm", "ProsePolicy"]

POLARITIES = ("positive", "negative")
"""Whether the prose states the fact (``positive``) or its negation (``negative``)."""

PROSE_FORM_KEYS = spec_model.names(spec_model.PROSE_FORM)


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
        check_keys(
            data,
            path,
            required=spec_model.required(spec_model.PROSE_FORM),
            optional=spec_model.optional(spec_model.PROSE_FORM),
        )
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

    def check_qualifiers(self, keys: Iterable[str], path: str = "prose") -> None:
        """Refuse words for a qualifier the fact does not have (``keys`` are the fact's
        qualifier names): they could never be checked, and the summary would pass silently."""
        have = sorted(keys)
        for key, _ in self.qualifiers:
            if key not in have:
                has = f"its qualifiers are {', '.join(have)}" if have else "it has no qualifiers"
                raise PayloadError(
                    join(join(path, "qualifiers"), key),
                    f"prose words for qualifier {key!r}, which the fact does not have ({has}); "
                    f"add `{key}: ...` to the fact's qualifiers, or remove {key!r} from prose.qualifiers",
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


DEFAULT_MAX_DEPTH = 2
"""How many summaries deep a summary may be before it must re-ground from the register."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ProsePolicy:
    """The limits of the prose contract: how deep summaries may go, and their budget."""

    max_depth: int = DEFAULT_MAX_DEPTH
    """Deepest summary-of-a-summary allowed without re-grounding (1: only summaries of raw events)."""
    budget_chars: int | None = None
    """When set, the summary may grow pass over pass but never past this many characters.
    When unset, it must not grow from one pass to the next."""

    def __post_init__(self) -> None:
        if isinstance(self.max_depth, bool) or not isinstance(self.max_depth, int) or self.max_depth < 1:
            raise PayloadError("policy.max_depth", f"expected an integer >= 1, got {self.max_depth!r}")
        budget = self.budget_chars
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 1):
            raise PayloadError("policy.budget_chars", f"expected an integer >= 1 or null, got {budget!r}")

    @classmethod
    def from_dict(cls, data: object, path: str = "prose_policy") -> ProsePolicy:
        """A scenario spec's ``prose_policy:`` (its keys are the spec model's: ``max_depth``)."""
        data = read_mapping(data, path)
        check_keys(data, path, required=spec_model.required(spec_model.PROSE_POLICY))
        depth = read_int(data, "max_depth", path)
        if depth < 1:
            raise PayloadError(join(path, "max_depth"), f"expected a depth of at least 1, got {depth}")
        return cls(max_depth=depth)

    @classmethod
    def from_case(cls, data: object, path: str = "policy") -> ProsePolicy:
        """A prose case's ``policy:`` (``compaction prose``): optional ``max_depth`` and ``budget_chars``."""
        data = read_mapping(data, path)
        check_keys(data, path, required=(), optional=("max_depth", "budget_chars"))
        max_depth = read_int(data, "max_depth", path, DEFAULT_MAX_DEPTH)
        budget = None if data.get("budget_chars") is None else read_int(data, "budget_chars", path)
        try:
            return cls(max_depth=max_depth, budget_chars=budget)
        except PayloadError as exc:
            raise PayloadError(join(path, exc.path.partition(".")[2]), exc.message) from None
