"""Re-grounding and the state a pass leaves: the register's pinned block (:func:`pin_block`),
whether a summary carries it current (:func:`grounding`), the summary's length without it, and
:class:`PassState`, what one pass hands the next check (depth 1 again after a re-grounded pass).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pytest_compaction.core._fields import (
    check_keys,
    join,
    read_int,
    read_mapping,
    read_sequence,
    read_str,
    read_str_list,
    type_name,
)
from pytest_compaction.core.errors import PayloadError
from pytest_compaction.prose import _text
from pytest_compaction.prose.chain import digests
from pytest_compaction.prose.invariants import FailureRecord, Invariant, InvariantRegister

__all__ = [
    "BLOCK_END",
    "BLOCK_START",
    "Grounding",
    "PassState",
    "_depth",
    "grounding",
    "handed_back",
    "next_state",
    "pin_block",
    "reclaimable_chars",
    "reground",
]


BLOCK_START = "=== PINNED INVARIANTS (verbatim from the register; they override anything above) ==="
BLOCK_END = "=== END PINNED INVARIANTS ==="

_BLOCK = re.compile(
    r"^[ \t]*=== PINNED INVARIANTS\b[^\n]*===[ \t]*\n"
    r"(?P<body>.*?)"
    r"^[ \t]*=== END PINNED INVARIANTS ===[ \t]*$\n?",
    re.MULTILINE | re.DOTALL,
)
_STRAY = re.compile(r"^[ \t]*=== (?:END )?PINNED INVARIANTS\b[^\n]*===[ \t]*$\n?", re.MULTILINE)


@dataclass(frozen=True, slots=True, kw_only=True)
class PassState:
    """What one compaction pass leaves for the next check."""

    summary_chars: int
    """The summary's length in characters, its pinned block and surrounding whitespace left
    out (the block is the register's cost, not the summary's)."""
    depth: int = 1
    """How many summaries deep it is; 1 after a re-grounded pass."""
    active_ids: tuple[str, ...] = ()
    """The register's active entries after the pass."""
    entries: tuple[tuple[str, str], ...] = ()
    """Every register entry's id and content digest, in register order (see :mod:`.chain`)."""
    added_chars: int = 0
    """What the next pass's new input adds: its events' text and source labels. Growth up
    to it is the new input told, not space left unreclaimed."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "active_ids", tuple(self.active_ids))
        object.__setattr__(self, "entries", tuple((str(i), str(d)) for i, d in self.entries))

    @classmethod
    def from_dict(cls, data: object, path: str = "previous") -> PassState:
        """``{summary: str | summary_chars: int, depth: int, active_ids: [str]}``."""
        data = read_mapping(data, path)
        check_keys(
            data, path, required=(), optional=("summary", "summary_chars", "depth", "active_ids", "entries")
        )
        if ("summary" in data) == ("summary_chars" in data):
            raise PayloadError(
                join(path, "summary"),
                "give the previous summary's text (summary) or its length (summary_chars), exactly one",
            )
        if "summary" in data:
            text = data["summary"]
            if not isinstance(text, str):
                raise PayloadError(
                    join(path, "summary"), f"expected a string, got {text!r} ({type_name(text)})"
                )
            chars = reclaimable_chars(text)
        else:
            chars = read_int(data, "summary_chars", path)
            if chars < 0:
                raise PayloadError(join(path, "summary_chars"), f"expected an integer >= 0, got {chars}")
        depth = read_int(data, "depth", path, 1)
        if depth < 1:
            raise PayloadError(join(path, "depth"), f"expected an integer >= 1, got {depth}")
        return cls(
            summary_chars=chars,
            depth=depth,
            active_ids=read_str_list(data, "active_ids", path),
            entries=_entries(data.get("entries"), join(path, "entries")),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "summary_chars": self.summary_chars,
            "depth": self.depth,
            "active_ids": list(self.active_ids),
        }
        if self.entries:
            out["entries"] = [{"id": ident, "digest": digest} for ident, digest in self.entries]
        return out


def _entries(raw: object, path: str) -> tuple[tuple[str, str], ...]:
    if raw is None:
        return ()
    found = []
    for index, item in enumerate(read_sequence(raw, path)):
        where = join(path, index)
        item = read_mapping(item, where)
        check_keys(item, where, required=("id", "digest"), optional=())
        found.append((read_str(item, "id", where), read_str(item, "digest", where)))
    return tuple(found)


# -- re-grounding ---------------------------------------------------------------


def _line(entry: Invariant | FailureRecord) -> str:
    return f"- [{entry.id}] {entry.text.strip()}"


def pin_block(register: InvariantRegister) -> str:
    """The register's active entries, verbatim, between marker lines.

    A summary that carries this block declares (checkably) that its pass re-grounded
    from the register.
    """
    lines = [BLOCK_START, *(_line(entry) for entry in register.active()), BLOCK_END]
    return "\n".join(lines)


def reground(register: InvariantRegister, summary: str) -> str:
    """``summary`` with any old pinned block removed and the current one appended."""
    body = _STRAY.sub("", _BLOCK.sub("", summary)).rstrip()
    return f"{body}\n\n{pin_block(register)}\n" if body else f"{pin_block(register)}\n"


def handed_back(prior: str | None, summary: str | None) -> bool:
    """Whether ``summary`` is ``prior`` handed back as it was (pinned blocks and white space
    aside): a pass that summarized nothing, as a summarization middleware below its trigger
    returns its memory unchanged."""

    def bare(text: str | None) -> str:
        return " ".join(_BLOCK.sub("", text or "").split())

    return bool(bare(prior)) and bare(prior) == bare(summary)


def reclaimable_chars(summary: str) -> int:
    """The summary's length without its pinned blocks and surrounding whitespace."""
    return len(_BLOCK.sub("", summary).strip())


@dataclass(frozen=True, slots=True)
class Grounding:
    """Whether a summary carries a current pinned block."""

    present: bool
    """A pinned block is there at all."""
    missing: tuple[str, ...] = ()
    """Active entries the block does not hold verbatim (a stale or edited block)."""

    @property
    def ok(self) -> bool:
        return self.present and not self.missing


def grounding(register: InvariantRegister, summary: str) -> Grounding:
    """Whether ``summary`` re-grounded from ``register``: a pinned block holding every
    active entry's line exactly as :func:`pin_block` writes it."""
    blocks = [m.group("body") for m in _BLOCK.finditer(_text.normalize(summary))]
    if not blocks:
        return Grounding(False)
    best: tuple[str, ...] | None = None
    for body in blocks:
        lines = {line.strip() for line in body.splitlines()}
        missing = tuple(e.id for e in register.active() if _text.normalize(_line(e)) not in lines)
        if best is None or len(missing) < len(best):
            best = missing
    return Grounding(True, best or ())


# -- the state a pass leaves ---------------------------------------------------


def next_state(
    register: InvariantRegister,
    summary: str,
    *,
    previous: PassState | None = None,
    depth: int | None = None,
) -> PassState:
    """The state a pass leaves: its length, its depth (1 when it re-grounded), the active ids."""
    effective = 1 if grounding(register, summary).ok else _depth(previous, depth)
    return PassState(
        summary_chars=reclaimable_chars(summary),
        depth=effective,
        active_ids=register.active_ids,
        entries=digests(register),
    )


def _depth(previous: PassState | None, depth: int | None) -> int:
    if depth is None:
        return previous.depth + 1 if previous is not None else 1
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be an integer >= 1, got {depth!r}")
    return depth
