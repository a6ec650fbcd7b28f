"""Bindings: the phrases a session uses for concrete things, and the ids they stand for.

"The staging database" is ``db-staging``; "T-14" is ``task-14``. Narrative may be
inherited from a summary, but a reference to a resource, ticket or constraint must
still resolve to the same canonical id after compaction. A binding's *anchors* are
words of the statement that uses it ("migration"): the check reads the sentences
that hold every anchor and asks what they now refer to.

- ``binding_reassigned``: the statement names another resource ("the production
  database") where the binding's phrase was;
- ``binding_unresolvable``: it names the thing only by an ambiguous phrase ("the
  database"), or no longer names it at all;
- ``identifier_collapsed``: an identifier binding ("T-41") now reads as another
  known identifier (merged into "T-14", or swapped with it) or as an unknown one of
  the same shape (renumbered as "T-15").

An ambiguous phrase means the candidate named most recently before it ("the staging
database ... the database" is staging; after "the production database", "the
database" is production, which is how a drifted binding gets reassigned); with no
candidate named before it, it is unresolvable. Without anchors the whole summary is
the scope and only ambiguous phrases and renumbered identifiers can be told apart
from plain omission.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pytest_compaction.core._fields import (
    check_keys,
    join,
    read_mapping,
    read_sequence,
    read_str,
    read_str_list,
)
from pytest_compaction.core.errors import PayloadError, _closest
from pytest_compaction.core.violations import Verdict, Violation, ViolationCode, sort_violations
from pytest_compaction.prose import _text

__all__ = ["Binding", "BindingSet", "Reference", "check_action_binding", "check_bindings", "unnamed_bindings"]


def _key(phrase: str) -> str:
    """How two phrases are compared: identifiers exactly, word phrases without case or article."""
    text = " ".join(_text.normalize(phrase).split())
    if _text.is_identifier(text) or not _text.is_wordy(text):
        return text
    return re.sub(r"^(?:the|a|an)\s+", "", text.lower()) or text.lower()


@functools.lru_cache(maxsize=1024)
def _shape(phrase: str) -> re.Pattern[str]:
    """``T-14`` -> a pattern for ``T-<digits>``, to spot a renumbered identifier."""
    parts = re.split(r"(\d+)", phrase.strip())
    body = "".join(r"\d+" if part.isdigit() else re.escape(part) for part in parts if part)
    return re.compile(rf"(?<![\w])(?<!\d[.,]){body}(?![\w])(?![.,]\d)")


@dataclass(frozen=True, slots=True, kw_only=True)
class Binding:
    """A phrase the session used and the canonical id it stands for."""

    canonical_id: str
    phrase: str
    """The phrase as the session used it: "the staging database", "T-14"."""
    aliases: tuple[str, ...] = ()
    """Other precise phrases for the same thing ("staging db")."""
    ambiguous: tuple[str, ...] = ()
    """Phrases that could mean this or something else ("the database")."""
    anchors: tuple[str, ...] = ()
    """Words of the statement that uses the binding ("migration"), to find it again."""
    id: str = ""
    """The name violations carry; defaults to ``canonical_id``."""

    def __post_init__(self) -> None:
        for name in ("aliases", "ambiguous", "anchors"):
            value = getattr(self, name)
            if not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))
        for name in ("canonical_id", "phrase"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise PayloadError(join("binding", name), f"expected a non-empty string, got {value!r}")
        if not self.id:
            object.__setattr__(self, "id", self.canonical_id)
        for name in ("aliases", "ambiguous", "anchors"):
            for index, item in enumerate(getattr(self, name)):
                if not isinstance(item, str) or not item.strip():
                    raise PayloadError(
                        join(join("binding", name), index), f"expected a non-empty string, got {item!r}"
                    )
        own = {_key(p) for p in self.phrases}
        for index, item in enumerate(self.ambiguous):
            if _key(item) in own:
                raise PayloadError(
                    join(join("binding", "ambiguous"), index),
                    f"{item!r} is also one of the binding's precise phrases; "
                    f"a phrase is precise or ambiguous, not both",
                )

    @property
    def phrases(self) -> tuple[str, ...]:
        """The precise phrases: the session's phrase, then the aliases."""
        return (self.phrase, *self.aliases)

    @property
    def is_identifier(self) -> bool:
        """A binding whose phrase has a digit in it (``T-14``) is an identifier."""
        return _text.is_identifier(self.phrase)

    @classmethod
    def from_dict(cls, data: object, path: str = "binding") -> Binding:
        data = read_mapping(data, path)
        check_keys(
            data,
            path,
            required=("canonical_id", "phrase"),
            optional=("id", "aliases", "ambiguous", "anchors"),
        )
        fields = {name: read_str_list(data, name, path) for name in ("aliases", "ambiguous", "anchors")}
        ident = read_str(data, "id", path) if "id" in data else ""
        canonical_id = read_str(data, "canonical_id", path)
        phrase = read_str(data, "phrase", path)
        try:
            return cls(canonical_id=canonical_id, phrase=phrase, id=ident, **fields)
        except PayloadError as exc:
            raise _text.rebased(exc, "binding", path) from None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"canonical_id": self.canonical_id, "phrase": self.phrase}
        if self.id != self.canonical_id:
            out["id"] = self.id
        for name in ("aliases", "ambiguous", "anchors"):
            if getattr(self, name):
                out[name] = list(getattr(self, name))
        return out


@dataclass(frozen=True, slots=True)
class Reference:
    """A phrase found in a summary and what it resolves to."""

    start: int
    end: int
    text: str
    canonical_id: str | None
    """The id it resolves to; ``None`` for an unresolved ambiguous phrase or an unknown identifier."""
    candidates: tuple[str, ...] = ()
    """For an ambiguous phrase: the ids it could mean."""
    antecedent: str | None = None
    """For an ambiguous phrase resolved by the phrase named most recently before it: that phrase."""

    @property
    def ambiguous(self) -> bool:
        return bool(self.candidates)


@dataclass(frozen=True, slots=True)
class BindingSet:
    """The bindings of one session: every precise phrase resolves to exactly one id."""

    bindings: tuple[Binding, ...] = ()
    _lexicon: dict[str, str] = field(init=False, repr=False, compare=False)
    _ambiguous: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _by_id: dict[str, Binding] = field(init=False, repr=False, compare=False)
    _finders: tuple[tuple[re.Pattern[str], str | None, tuple[str, ...]], ...] = field(
        init=False, repr=False, compare=False
    )
    """(pattern, canonical id, ambiguous candidates) per phrase, built once."""
    _shapes: tuple[re.Pattern[str], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "bindings", tuple(self.bindings))
        lexicon: dict[str, str] = {}
        by_id: dict[str, Binding] = {}
        for index, binding in enumerate(self.bindings):
            where = join("bindings", index)
            if binding.id in by_id:
                raise PayloadError(
                    join(where, "id"),
                    f"{binding.id!r} names two bindings; give each its own id (it defaults to canonical_id)",
                )
            by_id[binding.id] = binding
            for phrase in binding.phrases:
                known = lexicon.setdefault(_key(phrase), binding.canonical_id)
                if known != binding.canonical_id:
                    raise PayloadError(
                        join(where, "phrase"),
                        f"{phrase!r} resolves to both {known!r} and {binding.canonical_id!r}; "
                        f"list it under 'ambiguous' instead",
                    )
        ambiguous: dict[str, list[str]] = {}
        for index, binding in enumerate(self.bindings):
            for position, phrase in enumerate(binding.ambiguous):
                key = _key(phrase)
                if key in lexicon:
                    raise PayloadError(
                        join(join(join("bindings", index), "ambiguous"), position),
                        f"{phrase!r} is ambiguous here but resolves precisely to {lexicon[key]!r} "
                        f"in another binding",
                    )
                ids = ambiguous.setdefault(key, [])
                if binding.canonical_id not in ids:
                    ids.append(binding.canonical_id)
        object.__setattr__(self, "_lexicon", lexicon)
        object.__setattr__(self, "_ambiguous", {k: tuple(v) for k, v in ambiguous.items()})
        object.__setattr__(self, "_by_id", by_id)
        finders: dict[str, tuple[re.Pattern[str], str | None, tuple[str, ...]]] = {}
        for binding in self.bindings:
            for phrase in binding.phrases:
                finders.setdefault(
                    phrase, (_text.marker_pattern(phrase, drop_article=True), binding.canonical_id, ())
                )
            for phrase in binding.ambiguous:
                finders.setdefault(
                    phrase,
                    (_text.marker_pattern(phrase, drop_article=True), None, tuple(ambiguous[_key(phrase)])),
                )
        object.__setattr__(self, "_finders", tuple(finders.values()))
        shapes = {_shape(b.phrase).pattern: _shape(b.phrase) for b in self.bindings if b.is_identifier}
        object.__setattr__(self, "_shapes", tuple(shapes.values()))

    def __iter__(self) -> Iterator[Binding]:
        return iter(self.bindings)

    def __len__(self) -> int:
        return len(self.bindings)

    def resolve(self, phrase: str) -> str | None:
        """The canonical id a precise phrase stands for, or ``None``."""
        return self._lexicon.get(_key(phrase))

    def target(self, phrase: str, action: str, path: str = "act") -> Binding:
        """The binding an action on ``phrase`` means, by the table alone (the ground truth).

        A binding's id, phrase or alias names it; an ambiguous phrase ("the database")
        means the one candidate whose anchors all occur in the action's words ("run the
        data fix" and anchors ``[data fix]``). Anything else is a mistake in the spec:
        a :class:`PayloadError` at ``path`` says which phrases the table knows.
        """
        if phrase in self._by_id:
            return self._by_id[phrase]
        canonical = self.resolve(phrase)
        if canonical is not None:
            return next(
                b
                for b in self.bindings
                if b.canonical_id == canonical and _key(phrase) in {_key(p) for p in b.phrases}
            )
        candidates = self._ambiguous.get(_key(phrase))
        if candidates is None:
            known = sorted({*self._by_id, *(p for b in self.bindings for p in b.phrases)})
            close = _closest(phrase, tuple(known))
            hint = (
                f"; did you mean {close!r}?" if close else f"; the table knows {', '.join(map(repr, known))}"
            )
            raise PayloadError(join(path, "binding"), f"no binding has the phrase or id {phrase!r}{hint}")
        meant = [
            b
            for b in self.bindings
            if b.canonical_id in candidates
            and b.anchors
            and all(_text.contains(action, a) for a in b.anchors)
        ]
        if len(meant) != 1:
            could = " or ".join(candidates)
            raise PayloadError(
                join(path, "binding"),
                f"{phrase!r} could be {could}, and the action {action!r} holds the anchors of "
                f"{'none' if not meant else 'more than one'} of them; name the binding precisely "
                f"(its phrase or id) or use the words of one binding's anchors in the action",
            )
        return meant[0]

    def references(self, text: str) -> tuple[Reference, ...]:
        """Every binding phrase, ambiguous phrase and identifier-shaped token in ``text``.

        The longest match wins where phrases overlap, so "the staging database" is one
        reference and its "database" is not also an ambiguous one.
        """
        candidates: list[Reference] = []
        for pattern, canonical_id, ids in self._finders:
            for match in pattern.finditer(text):
                start, end = match.span()
                candidates.append(Reference(start, end, text[start:end], canonical_id, ids))
        for shape in self._shapes:
            for match in shape.finditer(text):
                token = match.group()
                candidates.append(
                    Reference(match.start(), match.end(), token, self._lexicon.get(_key(token)))
                )
        candidates.sort(key=lambda r: (r.start, -(r.end - r.start), r.canonical_id is None))
        chosen: list[Reference] = []
        reach = -1
        for ref in candidates:
            if ref.start >= reach:
                chosen.append(ref)
                reach = ref.end
        return tuple(chosen)

    @classmethod
    def from_dict(cls, data: object, path: str = "bindings") -> BindingSet:
        """A list of binding mappings (see :meth:`Binding.from_dict`)."""
        items = read_sequence(data, path)
        bindings = tuple(Binding.from_dict(item, join(path, index)) for index, item in enumerate(items))
        try:
            return cls(bindings)
        except PayloadError as exc:
            raise _text.rebased(exc, "bindings", path) from None

    def to_dict(self) -> list[dict[str, Any]]:
        return [b.to_dict() for b in self.bindings]

    @classmethod
    def coerce(cls, value: BindingSet | Iterable[Binding] | Sequence[Any]) -> BindingSet:
        if isinstance(value, BindingSet):
            return value
        items = tuple(value)
        if all(isinstance(item, Binding) for item in items):
            return cls(items)
        return cls.from_dict(list(items))


def check_bindings(bindings: BindingSet | Iterable[Binding], summary: str) -> Verdict:
    """Check that every binding the summary uses still resolves to its canonical id."""
    table = BindingSet.coerce(bindings)
    return Verdict(violations=sort_violations(_findings(table, _units(summary))[0]))


def unnamed_bindings(
    bindings: BindingSet | Iterable[Binding], summary: str, *, before: str, why: str
) -> list[Violation]:
    """``binding_unresolvable`` for every binding ``before`` named and ``summary`` no longer names.

    ``before`` is the memory this summary was built from (the prior summary).
    :func:`check_bindings` reads a binding only where the summary uses it, so a binding
    that re-summarization silently dropped passes there; this is the stricter rule a
    depth policy applies (``why`` says which). Bindings :func:`check_bindings` already
    reports are left to it.
    """
    table = BindingSet.coerce(bindings)
    found, refs = _findings(table, _units(summary))
    flagged = {v.fact_id for v in found}
    named = {ref.canonical_id for row in refs for ref in row}
    earlier = {ref.canonical_id for row in _resolve(table, _units(before)) for ref in row}
    return [
        Violation(
            code=ViolationCode.BINDING_UNRESOLVABLE,
            fact_id=binding.id,
            expected=binding.canonical_id,
            detail=f"the memory it was built from named {binding.phrase!r} ({binding.canonical_id}) and "
            f"this summary no longer does, but {why}",
        )
        for binding in table
        if binding.id not in flagged and binding.canonical_id in earlier and binding.canonical_id not in named
    ]


def check_action_binding(
    bindings: BindingSet | Iterable[Binding], binding: Binding, memory: str
) -> Violation | None:
    """How the memory resolves ``binding`` at the moment an action uses it, or ``None`` when it does.

    The binding's statement in ``memory`` must name it (``binding_reassigned`` when another
    resource stands there, ``binding_unresolvable`` for an ambiguous phrase with nothing
    named before it, ``identifier_collapsed`` for a merged or renumbered identifier), and a
    memory that no longer names it at all cannot ground the action either
    (``binding_unresolvable``): omission, harmless in a summary, is a refusal here.
    """
    table = BindingSet.coerce(bindings)
    units = _units(memory)
    refs = _resolve(table, units)
    found = _check(binding, table, units, refs, set())
    if found:
        return found[0]
    if any(ref.canonical_id == binding.canonical_id for row in refs for ref in row):
        return None
    statement = f" (its statement: {', '.join(map(repr, binding.anchors))})" if binding.anchors else ""
    return Violation(
        code=ViolationCode.BINDING_UNRESOLVABLE,
        fact_id=binding.id,
        expected=binding.canonical_id,
        observed=None,
        detail=f"the memory no longer names {binding.phrase!r}{statement}, so nothing in it "
        f"says which resource the action means",
    )


def _findings(table: BindingSet, units: Sequence[_Unit]) -> tuple[list[Violation], list[list[Reference]]]:
    refs = _resolve(table, units)
    found: list[Violation] = []
    # An unresolved phrase inside an anchored binding's statement is that binding's
    # finding; unanchored bindings do not report it a second time.
    claimed: set[tuple[int, int]] = set()
    for binding in sorted(table, key=lambda b: not b.anchors):
        found.extend(_check(binding, table, units, refs, claimed))
    return found, refs


@dataclass(frozen=True, slots=True)
class _Unit:
    sentence: int
    text: str


def _units(summary: str) -> list[_Unit]:
    """The summary's clauses, in order, each with its sentence number."""
    return [_Unit(s.index, clause) for s in _text.sentences(summary) for clause in _text.clauses(s.text)]


def _resolve(table: BindingSet, units: Sequence[_Unit]) -> list[list[Reference]]:
    """References per clause, ambiguous ones resolved to the candidate named most
    recently before them ("the staging database ... the database" means staging)."""
    last: dict[str, tuple[int, str]] = {}
    out: list[list[Reference]] = []
    order = 0
    for unit in units:
        row: list[Reference] = []
        for ref in table.references(unit.text):
            order += 1
            if ref.ambiguous:
                named = [(last[c], c) for c in ref.candidates if c in last]
                if named:
                    (_, antecedent), canonical = max(named)
                    ref = Reference(ref.start, ref.end, ref.text, canonical, ref.candidates, antecedent)
            elif ref.canonical_id is not None:
                last[ref.canonical_id] = (order, ref.text)
            row.append(ref)
        out.append(row)
    return out


def _scope(binding: Binding, units: Sequence[_Unit]) -> list[int]:
    """The clauses that hold every anchor; failing that, all clauses of the sentences that do."""
    if not binding.anchors:
        return list(range(len(units)))
    clauses = [i for i, u in enumerate(units) if all(_text.contains(u.text, a) for a in binding.anchors)]
    if clauses:
        return clauses
    by_sentence: dict[int, list[int]] = {}
    for i, unit in enumerate(units):
        by_sentence.setdefault(unit.sentence, []).append(i)
    return [
        i
        for indexes in by_sentence.values()
        if all(any(_text.contains(units[i].text, a) for i in indexes) for a in binding.anchors)
        for i in indexes
    ]


def _named(ref: Reference) -> str:
    if ref.antecedent is not None:
        return f"{ref.text!r} (after {ref.antecedent!r}, so {ref.canonical_id})"
    return f"{ref.text!r} ({ref.canonical_id})"


def _check(
    binding: Binding,
    table: BindingSet,
    units: Sequence[_Unit],
    refs: Sequence[Sequence[Reference]],
    claimed: set[tuple[int, int]],
) -> list[Violation]:
    scope = _scope(binding, units)
    if not scope:
        return []
    seen = [ref for i in scope for ref in refs[i]]
    anchored = bool(binding.anchors)
    unresolved = [
        (i, r)
        for i in scope
        for r in refs[i]
        if r.canonical_id is None
        and binding.canonical_id in r.candidates
        and (anchored or (i, r.start) not in claimed)
    ]
    if anchored:
        claimed.update((i, r.start) for i, r in unresolved)
    if any(ref.canonical_id == binding.canonical_id for ref in seen):
        return []
    where = f"sentence {units[scope[0]].sentence + 1}" if anchored else "the summary"

    def violation(code: ViolationCode, observed: object, detail: str) -> Violation:
        return Violation(
            code=code, fact_id=binding.id, expected=binding.canonical_id, observed=observed, detail=detail
        )

    if binding.is_identifier:
        shape = _shape(binding.phrase)
        unknown = [r for r in seen if r.canonical_id is None and not r.ambiguous and shape.fullmatch(r.text)]
        if unknown:
            names = ", ".join(repr(r.text) for r in unknown)
            return [
                violation(
                    ViolationCode.IDENTIFIER_COLLAPSED,
                    unknown[0].text,
                    f"{where}: {binding.phrase!r} was renumbered as {names}, which no binding knows",
                )
            ]
        others = [r for r in seen if r.canonical_id is not None and _is_identifier_id(table, r.canonical_id)]
        if anchored and others:
            other = others[0]
            how = "swapped with" if _swapped(binding, other, table, units, refs) else "merged into"
            return [
                violation(
                    ViolationCode.IDENTIFIER_COLLAPSED,
                    other.canonical_id,
                    f"{where}: {binding.phrase!r} was {how} {other.text!r}",
                )
            ]
    elif anchored:
        others = [
            r
            for r in seen
            if r.canonical_id not in (None, binding.canonical_id)
            and not _is_identifier_id(table, r.canonical_id)
        ]
        others = [r for r in others if _shares_ambiguity(table, binding, r.canonical_id)] or others
        if others:
            ids = tuple(dict.fromkeys(r.canonical_id for r in others))
            named = ", ".join(_named(r) for r in others)
            return [
                violation(
                    ViolationCode.BINDING_REASSIGNED,
                    ids[0] if len(ids) == 1 else ids,
                    f"{where}: {named} stands where {binding.phrase!r} ({binding.canonical_id}) was",
                )
            ]
    if unresolved:
        ref = unresolved[0][1]
        could = " or ".join(ref.candidates)
        return [
            violation(
                ViolationCode.BINDING_UNRESOLVABLE,
                ref.text,
                f"{where}: {ref.text!r} could be {could}, and none of them is named before it; "
                f"say {binding.phrase!r}",
            )
        ]
    if anchored:
        return [
            violation(
                ViolationCode.BINDING_UNRESOLVABLE,
                None,
                f"{where} still makes the statement ({', '.join(map(repr, binding.anchors))}) "
                f"but no longer names {binding.phrase!r}",
            )
        ]
    return []


def _is_identifier_id(table: BindingSet, canonical_id: str | None) -> bool:
    return any(b.canonical_id == canonical_id and b.is_identifier for b in table)


def _shares_ambiguity(table: BindingSet, binding: Binding, canonical_id: str | None) -> bool:
    return any(binding.canonical_id in ids and canonical_id in ids for ids in table._ambiguous.values())


def _swapped(
    binding: Binding,
    other: Reference,
    table: BindingSet,
    units: Sequence[_Unit],
    refs: Sequence[Sequence[Reference]],
) -> bool:
    """Whether the other identifier's own statement now names this binding's id."""
    for candidate in table:
        if (
            candidate.canonical_id == other.canonical_id
            and candidate.anchors
            and any(r.canonical_id == binding.canonical_id for i in _scope(candidate, units) for r in refs[i])
        ):
            return True
    return False
