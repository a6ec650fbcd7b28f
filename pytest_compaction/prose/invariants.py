"""Pinned invariants and failure records: the register a prose summary is checked against.

The register is extracted *before* compaction and never summarized. It is
append-only: an entry is never edited or removed; it leaves the active set only
through :meth:`InvariantRegister.retire`, which needs the id of the event that
retires it and a reason. A failure record ("tried X, failed with E") is retired
the same way, by the success event that ends it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from pytest_compaction.core._fields import (
    check_keys,
    join,
    read_bool,
    read_mapping,
    read_sequence,
    read_str,
    read_str_list,
    type_name,
)
from pytest_compaction.core.errors import LifecycleError, PayloadError, UnknownIdError, _closest
from pytest_compaction.core.violations import Violation, ViolationCode
from pytest_compaction.prose import _text
from pytest_compaction.prose._omission import forbids_omission
from pytest_compaction.prose.failure_words import (
    attempted_failure,
    considered_words,
    failure_outcome,
    recurred,
)
from pytest_compaction.prose.modality import CueKind, Modality, Reading, judge, read, uncontrasted

__all__ = [
    "Entry",
    "FailureRecord",
    "Invariant",
    "InvariantRegister",
    "Retirement",
    "appears_verbatim",
    "attempted_failure",
    "check_verbatim",
    "considered_words",
    "expansions",
    "failure_outcome",
    "stated_by",
    "keeps_away",
]


def _check_markers(text: str, markers: tuple[str, ...], base: str, key: str) -> None:
    for index, marker in enumerate(markers):
        if not isinstance(marker, str) or not marker.strip():
            raise PayloadError(join(join(base, key), index), f"expected a non-empty string, got {marker!r}")
        if not _text.contains(text, marker) and _text.expansion(marker, text) is None:
            raise PayloadError(
                join(join(base, key), index),
                f"marker {marker!r} does not occur in the text; copy markers from the text exactly "
                f"(word markers ignore case, markers with digits or symbols do not)",
            )


_AND_CLAUSE = re.compile(r",\s+and\s+|,?\s+so\s+that\s+|,\s+(?:because|since|as)\s+", re.IGNORECASE)
"""A clause of its own after the rule: a contrast ("pay from the Dunmore account, and never
from the joint one"), a purpose ("... every evening so that he is never without hay") or a
reason ("..., because it is never insured"); it may hold a negator the rule's own clause
does not."""


def keeps_away(reading: Reading) -> bool:
    """Whether the text's only force is a command to keep something away."""
    return all(c.kind is CueKind.CONDITION or c.text.endswith("(a command)") for c in reading.cues) and any(
        c.kind is CueKind.PROHIBITION for c in reading.cues
    )


def _conditions_own(reading: Reading, text: str) -> Reading:
    """``reading`` without a word of waiver that stands in one of the rule's conditions ("do
    not load it *until the hold is lifted*"): what ends the rule's hold, not a lift of the
    rule itself."""
    return Reading(
        tuple(
            cue
            for cue in reading.cues
            if not (
                cue.kind is CueKind.WAIVER
                and re.search(rf"{_CONDITION_OPENER}[^,;.]*\b{re.escape(cue.text)}\b", text, re.IGNORECASE)
            )
        )
    )


_CONDITION_OPENER = r"\b(?:until|till|unless|once|after|when|before|if)\b"


_CONTRAST = re.compile(r"\b(?:but|whereas|while)\b", re.IGNORECASE)


def _set_against(text: str, part: str, marked: Sequence[str]) -> bool:
    """Whether ``part`` of a rule's ``text`` is set against its marked parts by "but",
    "whereas" or "while" between them: "Knee pads are optional, *but* full-face helmets are
    compulsory" lifts nothing of the helmet rule; "...; the flag is optional" does."""
    at = text.find(part)
    for other in marked:
        there = text.find(other)
        if at < 0 or there < 0:
            continue
        first, second = sorted(((at, len(part)), (there, len(other))))
        if _CONTRAST.search(text, first[0] + first[1], second[0] + 1) is not None:
            return True
    return False


@dataclass(frozen=True, slots=True, kw_only=True)
class Invariant:
    """A constraint that must reappear in every summary verbatim or stronger.

    ``markers`` are the identifiers, numbers and scope words that must survive exactly
    (``dry_run=false``, ``$50``, ``staging``); they also locate the invariant in a
    summary: its statement is the sentence that holds all of them. Every marker must
    occur in ``text``, and ``text`` itself must read as ``modality`` (the classifier
    is checked against the invariant's own words before it judges anyone else's).
    """

    id: str
    text: str
    markers: tuple[str, ...]
    modality: Modality
    verbatim: bool = False
    """Must appear character for character (whitespace runs aside), not only with its force."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "markers", tuple(self.markers))
        object.__setattr__(self, "modality", _modality(self.modality, "invariant.modality"))
        base = "invariant"
        if not isinstance(self.id, str) or not self.id:
            raise PayloadError(join(base, "id"), f"expected a non-empty string, got {self.id!r}")
        if not isinstance(self.text, str) or not self.text.strip():
            raise PayloadError(join(base, "text"), f"expected a non-empty string, got {self.text!r}")
        if not self.markers:
            raise PayloadError(
                join(base, "markers"),
                "an invariant needs at least one marker (an identifier, number or scope word from "
                "its text) to be found in a summary",
            )
        _check_markers(self.text, self.markers, base, "markers")
        own = _conditions_own(read(uncontrasted(self.text, self.markers)), self.text)
        verdict = judge(self.modality, (own,), invariant=own)
        if not verdict.ok:
            # A rule with a reason or a contrast in a clause of its own ("...; she can't
            # swallow them whole", "..., and never from the joint account"): the clauses
            # that carry its markers state it, as in a summary.
            parts = [p for clause in _text.clauses(self.text) for p in _AND_CLAUSE.split(clause)]
            marked = [p for p in parts if any(_text.contains(p, m) for m in self.markers)] or [self.text]
            readings = tuple(read(p) for p in marked)
            weakening = any(
                read(p).has(CueKind.WAIVER, CueKind.HEDGE) and not _set_against(self.text, p, marked)
                for p in parts
                if p not in marked
            )
            if len(marked) < len(parts) and not weakening:
                # ("...; the flag is optional" lifts the rule wherever it stands: no such luck.)
                verdict = judge(self.modality, readings, invariant=own)
            if not verdict.ok and self.modality is Modality.OBLIGATION and all(map(keeps_away, readings)):
                # "Keep Captain out of the kitchen": a command to keep something away is a
                # duty as much as it forbids; either modality states it.
                verdict = judge(Modality.PROHIBITION, readings, invariant=own)
        if not verdict.ok and self.modality is Modality.OBLIGATION and forbids_omission(self.text):
            # "Never forget to log the reading": forbidding the omission is the duty.
            verdict = judge(Modality.PROHIBITION, (own,), invariant=own)
        if not verdict.ok:
            kind = _article(self.modality.value.replace("_", " "))
            raise PayloadError(
                join(base, "text"),
                f"the text does not read as {kind} ({verdict.reason}); "
                f"state it with the words the check recognizes (see docs/prose.md) or fix the modality",
            )

    @property
    def kind(self) -> str:
        return "invariant"

    @classmethod
    def from_dict(cls, data: object, path: str = "invariant") -> Invariant:
        data = read_mapping(data, path)
        check_keys(data, path, required=("id", "text", "markers", "modality"), optional=("verbatim",))
        markers = read_str_list(data, "markers", path)
        modality = _modality(data["modality"], join(path, "modality"))
        ident, text = read_str(data, "id", path), read_str(data, "text", path)
        verbatim = read_bool(data, "verbatim", path, False)
        try:
            return cls(id=ident, text=text, markers=markers, modality=modality, verbatim=verbatim)
        except PayloadError as exc:
            raise _text.rebased(exc, "invariant", path) from None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "text": self.text,
            "markers": list(self.markers),
            "modality": self.modality.value,
        }
        if self.verbatim:
            out["verbatim"] = True
        return out


def _modality(raw: object, path: str) -> Modality:
    try:
        return Modality(raw)
    except ValueError:
        allowed = [m.value for m in Modality]
        close = _closest(raw, tuple(allowed)) if isinstance(raw, str) else None
        hint = f"; did you mean {close!r}?" if close else ""
        raise PayloadError(
            path, f"expected one of {', '.join(allowed)}; got {raw!r} ({type_name(raw)}){hint}"
        ) from None


@dataclass(frozen=True, slots=True, kw_only=True)
class FailureRecord:
    """An approach that was tried and failed: it must stay distinguishable from one
    that was merely considered, until an explicit success event retires it.

    ``approach`` markers locate the record in a summary ("pool size", "50");
    ``error`` markers name the failure and must survive with it ("PoolTimeout").
    ``text`` must hold all of them and read as a failure.
    """

    id: str
    text: str
    approach: tuple[str, ...]
    error: tuple[str, ...] = ()
    verbatim: bool = False
    """Must appear character for character (whitespace runs aside), not only as a failure."""

    def __post_init__(self) -> None:
        for name in ("approach", "error"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        base = "failure"
        if not isinstance(self.id, str) or not self.id:
            raise PayloadError(join(base, "id"), f"expected a non-empty string, got {self.id!r}")
        if not isinstance(self.text, str) or not self.text.strip():
            raise PayloadError(join(base, "text"), f"expected a non-empty string, got {self.text!r}")
        if not self.approach:
            raise PayloadError(
                join(base, "approach"), "a failure record needs at least one approach marker from its text"
            )
        _check_markers(self.text, self.approach, base, "approach")
        _check_markers(self.text, self.error, base, "error")
        if failure_outcome(self.text, self.error, told=self.text) is None and recurred(self.text) is None:
            raise PayloadError(
                join(base, "text"),
                'the text does not read as a failure: say what failed ("failed with E", "timed out", '
                '"crashed") or list the error among the error markers',
            )

    @property
    def kind(self) -> str:
        return "failure"

    @classmethod
    def from_dict(cls, data: object, path: str = "failure") -> FailureRecord:
        data = read_mapping(data, path)
        check_keys(data, path, required=("id", "text", "approach"), optional=("error", "verbatim"))
        approach = read_str_list(data, "approach", path)
        error = read_str_list(data, "error", path)
        ident, text = read_str(data, "id", path), read_str(data, "text", path)
        verbatim = read_bool(data, "verbatim", path, False)
        try:
            return cls(id=ident, text=text, approach=approach, error=error, verbatim=verbatim)
        except PayloadError as exc:
            raise _text.rebased(exc, "failure", path) from None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "text": self.text, "approach": list(self.approach)}
        if self.error:
            out["error"] = list(self.error)
        if self.verbatim:
            out["verbatim"] = True
        return out


Entry: TypeAlias = Invariant | FailureRecord
"""What a register holds: pinned invariants and failure records, one id space."""


def _flat(text: str) -> str:
    return " ".join(_text.normalize(text).split())


def appears_verbatim(text: str, summary: str) -> bool:
    """Whether ``text`` is in ``summary`` character for character, whitespace runs (and
    curly quotes) aside: case, words, numbers and punctuation exactly as written."""
    return _flat(text) in _flat(summary)


def check_verbatim(entries: Iterable[Entry], summary: str, *, why: str) -> list[Violation]:
    """``pin_not_verbatim`` for each of ``entries`` whose text ``summary`` does not hold verbatim.

    ``why`` says which rule asks for it (``"it is marked verbatim"``, ``"the depth policy
    asks for verbatim pins from depth 2"``); the detail also says whether the entry's
    markers survived, i.e. whether it was paraphrased or dropped.
    """
    out = []
    for entry in entries:
        if appears_verbatim(entry.text, summary):
            continue
        markers = entry.markers if isinstance(entry, Invariant) else entry.approach
        kept = [m for m in markers if _text.contains(summary, m)]
        how = "it is only paraphrased" if kept else "it is not in the summary at all"
        out.append(
            Violation(
                code=ViolationCode.PIN_NOT_VERBATIM,
                fact_id=entry.id,
                expected=entry.text.strip(),
                detail=f"{how}, but {why}; re-inject it unsummarized (pin_block(register) does)",
            )
        )
    return out


@functools.lru_cache(maxsize=4096)
def expansions(text: str, markers: tuple[str, ...]) -> dict[str, str]:
    """The markers in capitals that abbreviate words of ``text`` rather than occur in it
    ("LTO" for "link-time optimisation"), each with those words: a summary that writes the
    words out keeps the marker (:func:`_text.expansion`); and a marker of those words the
    other way round ("link-time optimisation" is kept by "LTO"). A marker that holds another
    of the list ("Bluetooth slide clicker" beside "clicker") is kept by that shorter one: the
    list asks for both, so the longer can only be meant as the shorter's full form. Not to be
    changed by callers."""
    found = {m: words for m in markers if (words := _text.expansion(m, text)) is not None}
    for short, words in list(found.items()):
        for marker in markers:
            if marker not in found and _text.contains(words, marker):
                found[marker] = short
    for marker in markers:
        inner = [m for m in markers if m != marker and _text.contains(marker, m)]
        if marker not in found and inner:
            found[marker] = inner[0]
    return found


def stated_by(entry: Entry, events: Iterable[Any]) -> str | None:
    """The id of the first of ``events`` (source events, in history order) that states ``entry``.

    An event states an entry when its text holds every marker that locates the entry in a
    summary (an invariant's markers; a failure record's approach and error markers). None
    when no event does: the entry was handed over in the register only, and holds from the
    first pass.
    """
    markers = entry.markers if isinstance(entry, Invariant) else (*entry.approach, *entry.error)
    also = expansions(entry.text, tuple(markers))
    for event in events:
        if all(
            _text.contains(event.text, marker)
            or (marker in also and _text.contains(event.text, also[marker]))
            for marker in markers
        ):
            return str(event.event_id)
    return None


@dataclass(frozen=True, slots=True, kw_only=True)
class Retirement:
    """The explicit event that took an entry out of the active set."""

    id: str
    """The retired invariant or failure record."""
    event_id: str
    reason: str

    @classmethod
    def from_dict(cls, data: object, path: str = "retirement") -> Retirement:
        data = read_mapping(data, path)
        check_keys(data, path, required=("id", "event_id", "reason"))
        return cls(
            id=read_str(data, "id", path),
            event_id=read_str(data, "event_id", path),
            reason=read_str(data, "reason", path),
        )

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "event_id": self.event_id, "reason": self.reason}


class InvariantRegister:
    """Pinned invariants and failure records, append-only, with explicit retirement."""

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self._entries: dict[str, Entry] = {}
        self._retired: dict[str, Retirement] = {}
        for entry in entries:
            self.add(entry)

    # -- building -------------------------------------------------------------

    def add(self, entry: Entry) -> Entry:
        """Append an invariant or a failure record; an id is used once, ever."""
        if not isinstance(entry, (Invariant, FailureRecord)):
            raise TypeError(f"expected an Invariant or a FailureRecord, got {entry!r} ({type_name(entry)})")
        if entry.id in self._entries:
            state = "retired" if entry.id in self._retired else "active"
            raise LifecycleError(
                entry.id,
                f"is already in the register ({state}); the register is append-only, so a changed "
                f"invariant needs a new id (and the old one a retirement event)",
            )
        self._entries[entry.id] = entry
        return entry

    def pin(
        self,
        id: str,
        text: str,
        *,
        markers: Iterable[str],
        modality: Modality | str,
        verbatim: bool = False,
    ) -> Invariant:
        """Append a pinned invariant built from its fields (``verbatim``: it must come back word for word)."""
        invariant = Invariant(
            id=id,
            text=text,
            markers=tuple(markers),
            modality=_modality(modality, "modality"),
            verbatim=verbatim,
        )
        self.add(invariant)
        return invariant

    def record_failure(
        self,
        id: str,
        text: str,
        *,
        approach: Iterable[str],
        error: Iterable[str] = (),
        verbatim: bool = False,
    ) -> FailureRecord:
        """Append a failure record ("tried X, failed with E")."""
        record = FailureRecord(
            id=id, text=text, approach=tuple(approach), error=tuple(error), verbatim=verbatim
        )
        self.add(record)
        return record

    def retire(self, id: str, *, event_id: str, reason: str) -> Retirement:
        """Take an entry out of the active set through an explicit event, with a reason."""
        entry = self.get(id)
        previous = self._retired.get(id)
        if previous is not None:
            raise LifecycleError(
                id, f"is already retired by event {previous.event_id!r}; an entry is retired once"
            )
        if not isinstance(event_id, str) or not event_id.strip():
            raise LifecycleError(id, "retirement needs the id of the event that retires it")
        if not isinstance(reason, str) or not reason.strip():
            raise LifecycleError(id, "retirement needs a reason")
        retirement = Retirement(id=entry.id, event_id=event_id, reason=reason)
        self._retired[id] = retirement
        return retirement

    # -- reading --------------------------------------------------------------

    def get(self, id: str) -> Entry:
        try:
            return self._entries[id]
        except KeyError:
            raise UnknownIdError("invariant", id, tuple(self._entries)) from None

    def __contains__(self, id: object) -> bool:
        return id in self._entries

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def is_active(self, id: str) -> bool:
        return id in self._entries and id not in self._retired

    def retirement(self, id: str) -> Retirement | None:
        """The event that retired ``id``, or ``None`` while it is active."""
        self.get(id)
        return self._retired.get(id)

    @property
    def retirements(self) -> tuple[Retirement, ...]:
        return tuple(self._retired.values())

    def active(self) -> tuple[Entry, ...]:
        """Active entries in the order they were added."""
        return tuple(e for e in self._entries.values() if e.id not in self._retired)

    @property
    def active_ids(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.active())

    def invariants(self) -> tuple[Invariant, ...]:
        """Active pinned invariants."""
        return tuple(e for e in self.active() if isinstance(e, Invariant))

    def failures(self) -> tuple[FailureRecord, ...]:
        """Active failure records."""
        return tuple(e for e in self.active() if isinstance(e, FailureRecord))

    def copy(self) -> InvariantRegister:
        clone = InvariantRegister()
        clone._entries = dict(self._entries)
        clone._retired = dict(self._retired)
        return clone

    def __repr__(self) -> str:
        return f"<InvariantRegister {len(self.active())} active, {len(self._retired)} retired>"

    # -- plain data -----------------------------------------------------------

    @classmethod
    def from_dict(cls, data: object, path: str = "register") -> InvariantRegister:
        """Build a register from ``{invariants: [...], failures: [...], retirements: [...]}``.

        Entries are appended in order, then the retirements are replayed: a retirement of
        an unknown id, or a second retirement of one id, is refused with its path.
        """
        if isinstance(data, list):
            # The register's own lists go under their keys: a bare list is the commonest slip.
            raise PayloadError(
                path,
                f"expected a mapping, got a list of {len(data)}; the rules go one level down, "
                "under their own key: 'invariants:' then an indented 'invariants:' with this list "
                "(beside it, optional 'failures:' and 'retirements:' lists)",
            )
        data = read_mapping(data, path)
        check_keys(data, path, required=(), optional=("invariants", "failures", "retirements"))
        register = cls()
        for key, build in (("invariants", Invariant.from_dict), ("failures", FailureRecord.from_dict)):
            items = read_sequence(data.get(key, ()), join(path, key))
            for index, item in enumerate(items):
                where = join(join(path, key), index)
                entry: Entry = build(item, where)
                try:
                    register.add(entry)
                except LifecycleError as exc:
                    raise PayloadError(join(where, "id"), f"{entry.id!r} {exc.message}") from None
        items = read_sequence(data.get("retirements", ()), join(path, "retirements"))
        for index, item in enumerate(items):
            where = join(join(path, "retirements"), index)
            retirement = Retirement.from_dict(item, where)
            if retirement.id not in register:
                close = _closest(retirement.id, tuple(register._entries))
                hint = f"; did you mean {close!r}?" if close else ""
                raise PayloadError(
                    join(where, "id"), f"no invariant or failure record has the id {retirement.id!r}{hint}"
                )
            try:
                register.retire(retirement.id, event_id=retirement.event_id, reason=retirement.reason)
            except LifecycleError as exc:
                raise PayloadError(where, f"{retirement.id!r} {exc.message}") from None
        return register

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "invariants": [e.to_dict() for e in self._entries.values() if isinstance(e, Invariant)],
            "failures": [e.to_dict() for e in self._entries.values() if isinstance(e, FailureRecord)],
        }
        if self._retired:
            out["retirements"] = [r.to_dict() for r in self._retired.values()]
        return out

    @classmethod
    def coerce(cls, value: InvariantRegister | Mapping[str, Any] | Iterable[Entry]) -> InvariantRegister:
        """A register from a register, its plain-dict form, or a list of entries."""
        if isinstance(value, InvariantRegister):
            return value
        if isinstance(value, Mapping):
            return cls.from_dict(value)
        return cls(value)


def _article(noun: str) -> str:
    """``noun`` after its indefinite article ("an obligation", "a prohibition")."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"
